/*
 * nodes.c - the scenario loader's node helpers: errors as
 * "file:line:col: message", key checks, integers, booleans, enums and
 * strings (docs/scenario-format.md).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "scenario/loader.h"

/* ---- errors ------------------------------------------------------------ */

int sc_fail_at(sc_loader *L, unsigned long line, unsigned long col,
               const char *fmt, ...)
{
    va_list ap;
    fprintf(L->err, "%s:%lu:%lu: ", L->path, line, col);
    va_start(ap, fmt);
    vfprintf(L->err, fmt, ap);
    va_end(ap);
    fputc('\n', L->err);
    return -1;
}

int sc_fail(sc_loader *L, const yaml_node_t *n, const char *fmt, ...)
{
    va_list ap;
    fprintf(L->err, "%s:%lu:%lu: ", L->path,
            (unsigned long)n->start_mark.line + 1,
            (unsigned long)n->start_mark.column + 1);
    va_start(ap, fmt);
    vfprintf(L->err, fmt, ap);
    va_end(ap);
    fputc('\n', L->err);
    return -1;
}

/* ---- node access --------------------------------------------------------- */

const yaml_node_t *sc_node_at(sc_loader *L, int index)
{
    return yaml_document_get_node(&L->doc, index);
}

const char *sc_sval(const yaml_node_t *n)
{
    return (const char *)n->data.scalar.value;
}

size_t sc_slen(const yaml_node_t *n)
{
    return n->data.scalar.length;
}

int sc_is_scalar(const yaml_node_t *n, const char *s)
{
    return n->type == YAML_SCALAR_NODE && sc_slen(n) == strlen(s) &&
           memcmp(sc_sval(n), s, sc_slen(n)) == 0;
}

const char *sc_type_name(const yaml_node_t *n)
{
    switch (n->type) {
    case YAML_SCALAR_NODE:
        return "a scalar";
    case YAML_SEQUENCE_NODE:
        return "a list";
    case YAML_MAPPING_NODE:
        return "a mapping";
    default:
        return "nothing";
    }
}

int sc_want_type(sc_loader *L, const yaml_node_t *n, yaml_node_type_t t,
                 const char *what)
{
    if (n->type == t)
        return 0;
    const char *want = t == YAML_SCALAR_NODE     ? "a scalar"
                       : t == YAML_SEQUENCE_NODE ? "a list"
                                                 : "a mapping";
    return sc_fail(L, n, "%s: expected %s, found %s", what, want,
                   sc_type_name(n));
}

/*
 * Check a mapping: every key a plain string, listed in `allowed` (NULL
 * terminated), none twice; `required` (NULL terminated, may be NULL) must
 * all be present.
 */
int sc_check_keys(sc_loader *L, const yaml_node_t *map, const char *what,
                  const char *const *allowed, const char *const *required)
{
    if (sc_want_type(L, map, YAML_MAPPING_NODE, what))
        return -1;
    yaml_node_pair_t *b = map->data.mapping.pairs.start;
    yaml_node_pair_t *e = map->data.mapping.pairs.top;
    for (yaml_node_pair_t *p = b; p < e; p++) {
        const yaml_node_t *k = sc_node_at(L, p->key);
        if (k->type != YAML_SCALAR_NODE)
            return sc_fail(L, k, "%s: keys must be strings, found %s", what,
                           sc_type_name(k));
        int known = 0;
        for (const char *const *a = allowed; *a; a++)
            if (sc_is_scalar(k, *a))
                known = 1;
        if (!known) {
            fprintf(L->err,
                    "%s:%lu:%lu: %s: unknown key '%s' (allowed:", L->path,
                    (unsigned long)k->start_mark.line + 1,
                    (unsigned long)k->start_mark.column + 1, what, sc_sval(k));
            for (const char *const *a = allowed; *a; a++)
                fprintf(L->err, "%s %s", a == allowed ? "" : ",", *a);
            fputs(")\n", L->err);
            return -1;
        }
        for (yaml_node_pair_t *q = b; q < p; q++) {
            const yaml_node_t *k2 = sc_node_at(L, q->key);
            if (sc_slen(k2) == sc_slen(k) &&
                memcmp(sc_sval(k2), sc_sval(k), sc_slen(k)) == 0)
                return sc_fail(
                    L, k, "%s: duplicate key '%s' (first at line %lu)", what,
                    sc_sval(k), (unsigned long)k2->start_mark.line + 1);
        }
    }
    if (required) {
        for (const char *const *r = required; *r; r++) {
            int found = 0;
            for (yaml_node_pair_t *p = b; p < e; p++)
                if (sc_is_scalar(sc_node_at(L, p->key), *r))
                    found = 1;
            if (!found)
                return sc_fail(L, map, "%s: missing required key '%s'", what,
                               *r);
        }
    }
    return 0;
}

/* The value of `key` in a checked mapping, or NULL. */
const yaml_node_t *sc_get(sc_loader *L, const yaml_node_t *map,
                          const char *key)
{
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start;
         p < map->data.mapping.pairs.top; p++)
        if (sc_is_scalar(sc_node_at(L, p->key), key))
            return sc_node_at(L, p->value);
    return NULL;
}

/* ---- scalars --------------------------------------------------------------- */

/*
 * Parse an integer: decimal, 0x-hex or $-hex, optional leading '-'.
 * Returns 0 and *out, -1 when it is not an integer, -2 when it is far out
 * of any range (|v| >= 2^48).
 */
int sc_parse_int(const char *s, size_t len, int64_t *out)
{
    size_t i = 0;
    int neg = 0, big = 0, base = 10;
    if (i < len && s[i] == '-') {
        neg = 1;
        i++;
    }
    if (i + 1 < len && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X')) {
        base = 16;
        i += 2;
    } else if (i < len && s[i] == '$') {
        base = 16;
        i++;
    }
    if (i == len)
        return -1;
    uint64_t v = 0;
    for (; i < len; i++) {
        char c = s[i];
        int d;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (base == 16 && c >= 'a' && c <= 'f')
            d = c - 'a' + 10;
        else if (base == 16 && c >= 'A' && c <= 'F')
            d = c - 'A' + 10;
        else
            return -1;
        if (v >= ((uint64_t)1 << 48))
            big = 1;
        else
            v = v * (uint64_t)base + (uint64_t)d;
    }
    if (big || v >= ((uint64_t)1 << 48))
        return -2;
    *out = neg ? -(int64_t)v : (int64_t)v;
    return 0;
}

int sc_get_int(sc_loader *L, const yaml_node_t *n, const char *what,
               int64_t min, int64_t max, int64_t *out)
{
    if (sc_want_type(L, n, YAML_SCALAR_NODE, what))
        return -1;
    int64_t v = 0;
    int r = sc_parse_int(sc_sval(n), sc_slen(n), &v);
    if (r == -1)
        return sc_fail(L, n,
                       "%s: '%s' is not an integer (decimal, 0x-hex or "
                       "$-hex)",
                       what, sc_sval(n));
    if (r == -2 || v < min || v > max)
        return sc_fail(L, n, "%s: %s is out of range %lld..%lld", what,
                       sc_sval(n), (long long)min, (long long)max);
    *out = v;
    return 0;
}

int sc_get_bool(sc_loader *L, const yaml_node_t *n, const char *what, int *out)
{
    if (sc_want_type(L, n, YAML_SCALAR_NODE, what))
        return -1;
    if (sc_is_scalar(n, "true")) {
        *out = 1;
        return 0;
    }
    if (sc_is_scalar(n, "false")) {
        *out = 0;
        return 0;
    }
    return sc_fail(L, n, "%s: expected true or false, found '%s'", what,
                   sc_sval(n));
}

/* One of `names` (NULL terminated); *out = its index. */
int sc_get_enum(sc_loader *L, const yaml_node_t *n, const char *what,
                const char *const *names, int *out)
{
    if (sc_want_type(L, n, YAML_SCALAR_NODE, what))
        return -1;
    for (int i = 0; names[i]; i++) {
        if (sc_is_scalar(n, names[i])) {
            *out = i;
            return 0;
        }
    }
    fprintf(L->err, "%s:%lu:%lu: %s: unknown value '%s' (expected", L->path,
            (unsigned long)n->start_mark.line + 1,
            (unsigned long)n->start_mark.column + 1, what, sc_sval(n));
    for (int i = 0; names[i]; i++)
        fprintf(L->err, "%s %s", i ? "," : "", names[i]);
    fputs(")\n", L->err);
    return -1;
}

/* A string scalar, copied. */
int sc_get_str(sc_loader *L, const yaml_node_t *n, const char *what,
               int nonempty, char **out)
{
    if (sc_want_type(L, n, YAML_SCALAR_NODE, what))
        return -1;
    if (memchr(sc_sval(n), '\0', sc_slen(n)))
        return sc_fail(L, n, "%s: contains a NUL character", what);
    if (nonempty && sc_slen(n) == 0)
        return sc_fail(L, n, "%s: must not be empty", what);
    char *d = malloc(sc_slen(n) + 1);
    if (d == NULL)
        return sc_fail(L, n, "out of memory");
    memcpy(d, sc_sval(n), sc_slen(n) + 1);
    *out = d;
    return 0;
}

int sc_fail_feature(sc_loader *L, const yaml_node_t *n, const char *key,
                    unsigned feature, const char *what)
{
    char names[200];
    game_names_with(feature, names, sizeof names);
    return sc_fail(L, n, "%s: only a game: %s scenario has %s", key, names,
                   what);
}
