/*
 * scenario.c - load and check a scenario file (docs/scenario-format.md)
 * with libyaml's document API, and compute the scenario hash.
 *
 * Every problem is reported once, as "file:line:col: message" with the
 * 1-based position of the offending YAML node, and the load fails as a
 * whole: the caller never sees a half-filled scenario.
 */
#include "scenario.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "trace.h"

#define MAX_TILES (SCENARIO_MAX_MASKS - 1)
#define LAYOUT_MAX_X 16384 /* px: 1024 tiles of 16 */
#define LAYOUT_MAX_Y 2048  /* px: 128 tiles of 16 */
#define MAX_VERIFIES 10000

typedef struct tiledef {
    const yaml_node_t *key; /* name node */
    uint16_t solidity;      /* SPG_CELL_TOP_SOLID / SIDE_SOLID */
} tiledef;

typedef struct loader {
    const char *path;
    FILE *err;
    const char *text; /* the file, for positions of reader errors */
    size_t text_len;
    yaml_document_t doc;
    scenario *s;
    int ntiles;
    tiledef tiles[MAX_TILES];
    uint16_t legend[256];
    unsigned char legend_set[256];
} loader;

/* ---- errors ------------------------------------------------------------ */

#if defined(__GNUC__) || defined(__clang__)
#define PRINTF_LIKE(a, b) __attribute__((format(printf, a, b)))
#else
#define PRINTF_LIKE(a, b)
#endif

static int fail_at(loader *L, unsigned long line, unsigned long col,
                   const char *fmt, ...) PRINTF_LIKE(4, 5);
static int fail_at(loader *L, unsigned long line, unsigned long col,
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

static int fail(loader *L, const yaml_node_t *n, const char *fmt, ...)
    PRINTF_LIKE(3, 4);
static int fail(loader *L, const yaml_node_t *n, const char *fmt, ...)
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

static const yaml_node_t *node_at(loader *L, int index)
{
    return yaml_document_get_node(&L->doc, index);
}

static const char *sval(const yaml_node_t *n)
{
    return (const char *)n->data.scalar.value;
}

static size_t slen(const yaml_node_t *n)
{
    return n->data.scalar.length;
}

static int is_scalar(const yaml_node_t *n, const char *s)
{
    return n->type == YAML_SCALAR_NODE && slen(n) == strlen(s) &&
           memcmp(sval(n), s, slen(n)) == 0;
}

static const char *type_name(const yaml_node_t *n)
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

static int want_type(loader *L, const yaml_node_t *n, yaml_node_type_t t,
                     const char *what)
{
    if (n->type == t)
        return 0;
    const char *want = t == YAML_SCALAR_NODE     ? "a scalar"
                       : t == YAML_SEQUENCE_NODE ? "a list"
                                                 : "a mapping";
    return fail(L, n, "%s: expected %s, found %s", what, want, type_name(n));
}

/*
 * Check a mapping: every key a plain string, listed in `allowed` (NULL
 * terminated), none twice; `required` (NULL terminated, may be NULL) must
 * all be present.
 */
static int check_keys(loader *L, const yaml_node_t *map, const char *what,
                      const char *const *allowed, const char *const *required)
{
    if (want_type(L, map, YAML_MAPPING_NODE, what))
        return -1;
    yaml_node_pair_t *b = map->data.mapping.pairs.start;
    yaml_node_pair_t *e = map->data.mapping.pairs.top;
    for (yaml_node_pair_t *p = b; p < e; p++) {
        const yaml_node_t *k = node_at(L, p->key);
        if (k->type != YAML_SCALAR_NODE)
            return fail(L, k, "%s: keys must be strings, found %s", what,
                        type_name(k));
        int known = 0;
        for (const char *const *a = allowed; *a; a++)
            if (is_scalar(k, *a))
                known = 1;
        if (!known) {
            fprintf(L->err, "%s:%lu:%lu: %s: unknown key '%s' (allowed:",
                    L->path, (unsigned long)k->start_mark.line + 1,
                    (unsigned long)k->start_mark.column + 1, what, sval(k));
            for (const char *const *a = allowed; *a; a++)
                fprintf(L->err, "%s %s", a == allowed ? "" : ",", *a);
            fputs(")\n", L->err);
            return -1;
        }
        for (yaml_node_pair_t *q = b; q < p; q++) {
            const yaml_node_t *k2 = node_at(L, q->key);
            if (slen(k2) == slen(k) && memcmp(sval(k2), sval(k), slen(k)) == 0)
                return fail(L, k, "%s: duplicate key '%s' (first at line %lu)",
                            what, sval(k),
                            (unsigned long)k2->start_mark.line + 1);
        }
    }
    if (required) {
        for (const char *const *r = required; *r; r++) {
            int found = 0;
            for (yaml_node_pair_t *p = b; p < e; p++)
                if (is_scalar(node_at(L, p->key), *r))
                    found = 1;
            if (!found)
                return fail(L, map, "%s: missing required key '%s'", what, *r);
        }
    }
    return 0;
}

/* The value of `key` in a checked mapping, or NULL. */
static const yaml_node_t *get(loader *L, const yaml_node_t *map,
                              const char *key)
{
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start;
         p < map->data.mapping.pairs.top; p++)
        if (is_scalar(node_at(L, p->key), key))
            return node_at(L, p->value);
    return NULL;
}

/* ---- scalars --------------------------------------------------------------- */

/*
 * Parse an integer: decimal, 0x-hex or $-hex, optional leading '-'.
 * Returns 0 and *out, -1 when it is not an integer, -2 when it is far out
 * of any range (|v| >= 2^48).
 */
static int parse_int(const char *s, size_t len, int64_t *out)
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

static int get_int(loader *L, const yaml_node_t *n, const char *what,
                   int64_t min, int64_t max, int64_t *out)
{
    if (want_type(L, n, YAML_SCALAR_NODE, what))
        return -1;
    int64_t v = 0;
    int r = parse_int(sval(n), slen(n), &v);
    if (r == -1)
        return fail(L, n, "%s: '%s' is not an integer (decimal, 0x-hex or "
                          "$-hex)", what, sval(n));
    if (r == -2 || v < min || v > max)
        return fail(L, n, "%s: %s is out of range %lld..%lld", what, sval(n),
                    (long long)min, (long long)max);
    *out = v;
    return 0;
}

static int get_bool(loader *L, const yaml_node_t *n, const char *what,
                    int *out)
{
    if (want_type(L, n, YAML_SCALAR_NODE, what))
        return -1;
    if (is_scalar(n, "true")) {
        *out = 1;
        return 0;
    }
    if (is_scalar(n, "false")) {
        *out = 0;
        return 0;
    }
    return fail(L, n, "%s: expected true or false, found '%s'", what, sval(n));
}

/* One of `names` (NULL terminated); *out = its index. */
static int get_enum(loader *L, const yaml_node_t *n, const char *what,
                    const char *const *names, int *out)
{
    if (want_type(L, n, YAML_SCALAR_NODE, what))
        return -1;
    for (int i = 0; names[i]; i++) {
        if (is_scalar(n, names[i])) {
            *out = i;
            return 0;
        }
    }
    fprintf(L->err, "%s:%lu:%lu: %s: unknown value '%s' (expected", L->path,
            (unsigned long)n->start_mark.line + 1,
            (unsigned long)n->start_mark.column + 1, what, sval(n));
    for (int i = 0; names[i]; i++)
        fprintf(L->err, "%s %s", i ? "," : "", names[i]);
    fputs(")\n", L->err);
    return -1;
}

/* A string scalar, copied. */
static int get_str(loader *L, const yaml_node_t *n, const char *what,
                   int nonempty, char **out)
{
    if (want_type(L, n, YAML_SCALAR_NODE, what))
        return -1;
    if (memchr(sval(n), '\0', slen(n)))
        return fail(L, n, "%s: contains a NUL character", what);
    if (nonempty && slen(n) == 0)
        return fail(L, n, "%s: must not be empty", what);
    char *d = malloc(slen(n) + 1);
    if (d == NULL)
        return fail(L, n, "out of memory");
    memcpy(d, sval(n), slen(n) + 1);
    *out = d;
    return 0;
}

/* ---- sections --------------------------------------------------------------- */

static const char *const solidity_names[] = {"all", "top", "sides", "none",
                                             NULL};
static const uint16_t solidity_bits[] = {
    SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID, SPG_CELL_TOP_SOLID,
    SPG_CELL_SIDE_SOLID, 0};

static int get_solidity(loader *L, const yaml_node_t *n, const char *what,
                        uint16_t *out)
{
    int i;
    if (get_enum(L, n, what, solidity_names, &i))
        return -1;
    *out = solidity_bits[i];
    return 0;
}

static int get_heights16(loader *L, const yaml_node_t *n, const char *what,
                         int8_t out[16])
{
    if (want_type(L, n, YAML_SEQUENCE_NODE, what))
        return -1;
    yaml_node_item_t *b = n->data.sequence.items.start;
    yaml_node_item_t *e = n->data.sequence.items.top;
    if (e - b != 16)
        return fail(L, n, "%s: expected 16 integers, found %ld", what,
                    (long)(e - b));
    for (int i = 0; i < 16; i++) {
        int64_t v;
        if (get_int(L, node_at(L, b[i]), what, -16, 16, &v))
            return -1;
        out[i] = (int8_t)v;
    }
    return 0;
}

static int load_tiles(loader *L, const yaml_node_t *tiles)
{
    static const char *const keys[] = {"heights", "widths", "angle",
                                       "solidity", NULL};
    static const char *const req[] = {"heights", "angle", NULL};
    if (want_type(L, tiles, YAML_MAPPING_NODE, "tiles"))
        return -1;
    yaml_node_pair_t *b = tiles->data.mapping.pairs.start;
    yaml_node_pair_t *e = tiles->data.mapping.pairs.top;
    for (yaml_node_pair_t *p = b; p < e; p++) {
        const yaml_node_t *k = node_at(L, p->key);
        const yaml_node_t *v = node_at(L, p->value);
        if (k->type != YAML_SCALAR_NODE || slen(k) == 0 ||
            memchr(sval(k), '\0', slen(k)))
            return fail(L, k, "tiles: a tile name must be a non-empty string");
        for (yaml_node_pair_t *q = b; q < p; q++) {
            const yaml_node_t *k2 = node_at(L, q->key);
            if (k2->type == YAML_SCALAR_NODE && slen(k2) == slen(k) &&
                memcmp(sval(k2), sval(k), slen(k)) == 0)
                return fail(L, k, "tiles: duplicate key '%s' (first at line "
                                  "%lu)", sval(k),
                            (unsigned long)k2->start_mark.line + 1);
        }
        if (L->ntiles == MAX_TILES)
            return fail(L, k, "tiles: too many tiles (at most %d)", MAX_TILES);
        if (check_keys(L, v, "tile", keys, req))
            return -1;
        spg_mask *m = &L->s->masks[L->ntiles + 1];
        memset(m, 0, sizeof *m);
        const yaml_node_t *h = get(L, v, "heights");
        if (is_scalar(h, "full")) {
            for (int i = 0; i < 16; i++)
                m->heights[i] = 16;
        } else if (is_scalar(h, "empty")) {
            /* all zero */
        } else if (h->type == YAML_SCALAR_NODE) {
            return fail(L, h, "heights: expected full, empty or a list of 16 "
                              "integers, found '%s'", sval(h));
        } else if (get_heights16(L, h, "heights", m->heights)) {
            return -1;
        }
        const yaml_node_t *w = get(L, v, "widths");
        if (w) {
            if (get_heights16(L, w, "widths", m->widths))
                return -1;
        } else {
            spg_mask_derive_widths(m);
        }
        int64_t a;
        if (get_int(L, get(L, v, "angle"), "angle", 0, 255, &a))
            return -1;
        m->angle = (uint8_t)a;
        tiledef *t = &L->tiles[L->ntiles];
        t->key = k;
        t->solidity = SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID;
        const yaml_node_t *so = get(L, v, "solidity");
        if (so && get_solidity(L, so, "solidity", &t->solidity))
            return -1;
        L->ntiles++;
    }
    return 0;
}

/* Index (0-based) of the tile named by scalar n, or -1 after an error. */
static int find_tile(loader *L, const yaml_node_t *n)
{
    if (want_type(L, n, YAML_SCALAR_NODE, "tile"))
        return -1;
    for (int i = 0; i < L->ntiles; i++) {
        const yaml_node_t *k = L->tiles[i].key;
        if (slen(k) == slen(n) && memcmp(sval(k), sval(n), slen(n)) == 0)
            return i;
    }
    fail(L, n, "unknown tile name '%s' (not in tiles)", sval(n));
    return -1;
}

static int load_legend(loader *L, const yaml_node_t *legend)
{
    static const char *const keys[] = {"tile", "flip", "solidity", NULL};
    static const char *const req[] = {"tile", NULL};
    if (want_type(L, legend, YAML_MAPPING_NODE, "legend"))
        return -1;
    for (yaml_node_pair_t *p = legend->data.mapping.pairs.start;
         p < legend->data.mapping.pairs.top; p++) {
        const yaml_node_t *k = node_at(L, p->key);
        const yaml_node_t *v = node_at(L, p->value);
        if (k->type != YAML_SCALAR_NODE || slen(k) != 1)
            return fail(L, k, "legend: a symbol must be a single character");
        unsigned char c = (unsigned char)sval(k)[0];
        if (c == '.' || c == ' ')
            return fail(L, k, "legend: '%c' is always an empty cell", c);
        if (c < 0x21 || c > 0x7E)
            return fail(L, k, "legend: a symbol must be a printable ASCII "
                              "character");
        if (L->legend_set[c])
            return fail(L, k, "legend: duplicate key '%c'", c);
        int ti;
        uint16_t word = 0, solidity;
        if (v->type == YAML_SCALAR_NODE) {
            if ((ti = find_tile(L, v)) < 0)
                return -1;
            solidity = L->tiles[ti].solidity;
        } else {
            if (check_keys(L, v, "legend entry", keys, req))
                return -1;
            if ((ti = find_tile(L, get(L, v, "tile"))) < 0)
                return -1;
            solidity = L->tiles[ti].solidity;
            const yaml_node_t *so = get(L, v, "solidity");
            if (so && get_solidity(L, so, "solidity", &solidity))
                return -1;
            const yaml_node_t *fl = get(L, v, "flip");
            if (fl) {
                if (want_type(L, fl, YAML_SEQUENCE_NODE, "flip"))
                    return -1;
                for (yaml_node_item_t *it = fl->data.sequence.items.start;
                     it < fl->data.sequence.items.top; it++) {
                    static const char *const axes[] = {"x", "y", NULL};
                    const yaml_node_t *a = node_at(L, *it);
                    int ax;
                    if (get_enum(L, a, "flip", axes, &ax))
                        return -1;
                    uint16_t bit = ax == 0 ? SPG_CELL_XFLIP : SPG_CELL_YFLIP;
                    if (word & bit)
                        return fail(L, a, "flip: '%s' given twice", sval(a));
                    word |= bit;
                }
            }
        }
        word |= (uint16_t)(ti + 1) | solidity;
        L->legend[c] = word;
        L->legend_set[c] = 1;
    }
    return 0;
}

static int load_map(loader *L, const yaml_node_t *map)
{
    static const char *const keys[] = {"origin", "legend", "rows", NULL};
    static const char *const req[] = {"origin", "rows", NULL};
    scenario *s = L->s;
    if (check_keys(L, map, "map", keys, req))
        return -1;
    const yaml_node_t *o = get(L, map, "origin");
    if (want_type(L, o, YAML_SEQUENCE_NODE, "origin"))
        return -1;
    if (o->data.sequence.items.top - o->data.sequence.items.start != 2)
        return fail(L, o, "origin: expected [x, y]");
    int64_t ox, oy;
    const yaml_node_t *nx = node_at(L, o->data.sequence.items.start[0]);
    const yaml_node_t *ny = node_at(L, o->data.sequence.items.start[1]);
    if (get_int(L, nx, "origin x", 0, LAYOUT_MAX_X - 16, &ox) ||
        get_int(L, ny, "origin y", 0, LAYOUT_MAX_Y - 16, &oy))
        return -1;
    if (ox % 16)
        return fail(L, nx, "origin x: %lld is not a multiple of 16",
                    (long long)ox);
    if (oy % 16)
        return fail(L, ny, "origin y: %lld is not a multiple of 16",
                    (long long)oy);
    const yaml_node_t *lg = get(L, map, "legend");
    if (lg && load_legend(L, lg))
        return -1;
    const yaml_node_t *rows = get(L, map, "rows");
    if (want_type(L, rows, YAML_SEQUENCE_NODE, "rows"))
        return -1;
    yaml_node_item_t *b = rows->data.sequence.items.start;
    yaml_node_item_t *e = rows->data.sequence.items.top;
    if (b == e)
        return fail(L, rows, "rows: the map needs at least one row");
    size_t width = 0;
    size_t height = (size_t)(e - b);
    for (yaml_node_item_t *it = b; it < e; it++) {
        const yaml_node_t *r = node_at(L, *it);
        if (want_type(L, r, YAML_SCALAR_NODE, "row"))
            return -1;
        if (it == b) {
            width = slen(r);
            if (width == 0)
                return fail(L, r, "row: must not be empty");
        } else if (slen(r) != width) {
            return fail(L, r, "row: %zu cells where the first row has %zu "
                              "(rows must have equal length)", slen(r), width);
        }
    }
    if ((uint64_t)ox + (uint64_t)width * 16 > LAYOUT_MAX_X)
        return fail(L, rows, "map: x %lld + width %zu px exceeds the level "
                             "layout (%d px)", (long long)ox, width * 16,
                    LAYOUT_MAX_X);
    if ((uint64_t)oy + (uint64_t)height * 16 > LAYOUT_MAX_Y)
        return fail(L, rows, "map: y %lld + height %zu px exceeds the level "
                             "layout (%d px)", (long long)oy, height * 16,
                    LAYOUT_MAX_Y);
    s->cells = malloc(width * height * sizeof *s->cells);
    if (s->cells == NULL)
        return fail(L, rows, "out of memory");
    for (size_t y = 0; y < height; y++) {
        const yaml_node_t *r = node_at(L, b[y]);
        const unsigned char *row = (const unsigned char *)sval(r);
        for (size_t x = 0; x < width; x++) {
            unsigned char c = row[x];
            uint16_t w = 0;
            if (c != '.' && c != ' ') {
                if (!L->legend_set[c]) {
                    if (c >= 0x21 && c <= 0x7E)
                        return fail(L, r, "row: unknown tile symbol '%c' at "
                                          "cell %zu (not in legend)", c, x + 1);
                    return fail(L, r, "row: unknown tile symbol (byte 0x%02X) "
                                      "at cell %zu", c, x + 1);
                }
                w = L->legend[c];
            }
            s->cells[y * width + x] = w;
        }
    }
    s->map.cells = s->cells;
    s->map.x0 = (uint16_t)(ox / 16);
    s->map.y0 = (uint16_t)(oy / 16);
    s->map.width = (uint16_t)width;
    s->map.height = (uint16_t)height;
    return 0;
}

/*
 * The animation bytes of the start state (Sonic_Animate's; defaults as
 * Sonic_Main leaves them: spg_player_default).  `anim` overrides the roll
 * animation `rolling` sets.  Only states the original's tables define: an
 * animation with a script, a script position up to its end marker, a
 * sprite of the character's mappings.
 */
static int load_start_anim(loader *L, const yaml_node_t *st)
{
    spg_player *p = &L->s->start;
    const yaml_node_t *n;
    int64_t v;
    if ((n = get(L, st, "anim"))) {
        if (get_int(L, n, "anim", 0, 255, &v))
            return -1;
        if (spg_anim_last_position(&L->s->profile, (uint8_t)v) < 0)
            return fail(L, n, "anim: %s is not an animation of this "
                              "character", sval(n));
        p->anim = (uint8_t)v;
    }
    if ((n = get(L, st, "prev_anim"))) {
        if (get_int(L, n, "prev_anim", 0, 255, &v))
            return -1;
        p->prev_anim = (uint8_t)v;
    }
    if ((n = get(L, st, "anim_frame"))) {
        int last = spg_anim_last_position(&L->s->profile, p->anim);
        if (get_int(L, n, "anim_frame", 0, last, &v))
            return -1;
        p->anim_frame = (uint8_t)v;
    }
    if ((n = get(L, st, "anim_timer"))) {
        if (get_int(L, n, "anim_timer", 0, 255, &v))
            return -1;
        p->anim_timer = (uint8_t)v;
    }
    if ((n = get(L, st, "mapping_frame"))) {
        if (get_int(L, n, "mapping_frame", 0,
                    spg_anim_mapping_frames(&L->s->profile) - 1, &v))
            return -1;
        p->mapping_frame = (uint8_t)v;
    }
    if ((n = get(L, st, "render_flags"))) {
        if (get_int(L, n, "render_flags", 0, 255, &v))
            return -1;
        p->render_flags = (uint8_t)v;
    }
    return 0;
}

static int load_start(loader *L, const yaml_node_t *st)
{
    static const char *const keys[] = {
        "x", "x_sub", "y", "y_sub", "x_speed", "y_speed", "ground_speed",
        "angle", "facing", "in_air", "rolling", "control_lock", "jumping",
        "anim", "prev_anim", "anim_frame", "anim_timer", "mapping_frame",
        "render_flags", NULL};
    scenario *s = L->s;
    spg_player *p = &s->start;
    if (check_keys(L, st, "start", keys, NULL))
        return -1;
    int64_t x = 0, xs = 0, y = 0, ys = 0, v;
    const yaml_node_t *n;
    if ((n = get(L, st, "x")) && get_int(L, n, "x", -32768, 32767, &x))
        return -1;
    if ((n = get(L, st, "x_sub")) && get_int(L, n, "x_sub", 0, 65535, &xs))
        return -1;
    if ((n = get(L, st, "y")) && get_int(L, n, "y", -32768, 32767, &y))
        return -1;
    if ((n = get(L, st, "y_sub")) && get_int(L, n, "y_sub", 0, 65535, &ys))
        return -1;
    uint32_t ux = ((uint32_t)x & 0xFFFFu) << 16 | (uint32_t)xs;
    uint32_t uy = ((uint32_t)y & 0xFFFFu) << 16 | (uint32_t)ys;
    memcpy(&p->x, &ux, sizeof ux); /* two's complement bit pattern */
    memcpy(&p->y, &uy, sizeof uy);
    if ((n = get(L, st, "x_speed"))) {
        if (get_int(L, n, "x_speed", -32768, 32767, &v))
            return -1;
        p->x_speed = (int16_t)v;
    }
    if ((n = get(L, st, "y_speed"))) {
        if (get_int(L, n, "y_speed", -32768, 32767, &v))
            return -1;
        p->y_speed = (int16_t)v;
    }
    if ((n = get(L, st, "ground_speed"))) {
        if (get_int(L, n, "ground_speed", -32768, 32767, &v))
            return -1;
        p->ground_speed = (int16_t)v;
    }
    if ((n = get(L, st, "angle"))) {
        if (get_int(L, n, "angle", 0, 255, &v))
            return -1;
        p->angle = (uint8_t)v;
    }
    if ((n = get(L, st, "control_lock"))) {
        if (get_int(L, n, "control_lock", 0, 65535, &v))
            return -1;
        p->control_lock = (uint16_t)v;
    }
    if ((n = get(L, st, "facing"))) {
        static const char *const dirs[] = {"right", "left", NULL};
        int d;
        if (get_enum(L, n, "facing", dirs, &d))
            return -1;
        if (d)
            p->status |= SPG_STATUS_FACING_LEFT;
    }
    int b;
    if ((n = get(L, st, "in_air"))) {
        if (get_bool(L, n, "in_air", &b))
            return -1;
        if (b)
            p->status |= SPG_STATUS_IN_AIR;
    }
    if ((n = get(L, st, "rolling"))) {
        if (get_bool(L, n, "rolling", &b))
            return -1;
        if (b) {
            /* Curled, as Sonic_Roll / Sonic_Jump leave the object: roll
             * bit, curled radii, rolling animation.  The y shift the game
             * applies when curling is not applied: y is used as given. */
            p->status |= SPG_STATUS_ROLLING;
            p->height_radius = s->profile.roll_height_radius;
            p->width_radius = s->profile.roll_width_radius;
            p->anim = 2; /* roll */
        }
    }
    if ((n = get(L, st, "jumping"))) {
        if (get_bool(L, n, "jumping", &b))
            return -1;
        p->jumping = (uint8_t)b;
    }
    return load_start_anim(L, st);
}

static int load_bounds(loader *L, const yaml_node_t *bd)
{
    static const char *const keys[] = {"left", "right", "bottom", NULL};
    if (check_keys(L, bd, "bounds", keys, NULL))
        return -1;
    const yaml_node_t *n;
    int64_t v;
    if ((n = get(L, bd, "left"))) {
        if (get_int(L, n, "left", -32768, 32767, &v))
            return -1;
        L->s->map.limit_left = (int16_t)v;
    }
    if ((n = get(L, bd, "right"))) {
        if (get_int(L, n, "right", -32768, 32767, &v))
            return -1;
        L->s->map.limit_right = (int16_t)v;
    }
    if ((n = get(L, bd, "bottom"))) {
        if (get_int(L, n, "bottom", -32768, 32767, &v))
            return -1;
        L->s->map.limit_bottom = (int16_t)v;
    }
    return 0;
}

static const char *const button_names[] = {"up", "down", "left", "right",
                                           "b",  "c",    "a",    "start",
                                           NULL};
static const uint8_t button_bits[] = {SPG_BTN_UP, SPG_BTN_DOWN, SPG_BTN_LEFT,
                                      SPG_BTN_RIGHT, SPG_BTN_B, SPG_BTN_C,
                                      SPG_BTN_A, SPG_BTN_START};

/* Pass 1 (inputs == NULL): check the steps and sum their frames.
 * Pass 2: fill inputs[0..sum). */
static int load_input(loader *L, const yaml_node_t *in, int64_t *sum,
                      spg_input *inputs)
{
    static const char *const keys[] = {"frames", "hold", NULL};
    static const char *const req[] = {"frames", NULL};
    if (want_type(L, in, YAML_SEQUENCE_NODE, "input"))
        return -1;
    int64_t total = 0;
    uint8_t prev = 0;
    for (yaml_node_item_t *it = in->data.sequence.items.start;
         it < in->data.sequence.items.top; it++) {
        const yaml_node_t *step = node_at(L, *it);
        if (check_keys(L, step, "input step", keys, req))
            return -1;
        int64_t nf;
        const yaml_node_t *fn = get(L, step, "frames");
        if (get_int(L, fn, "frames", 1, SCENARIO_MAX_FRAMES, &nf))
            return -1;
        if (total + nf > SCENARIO_MAX_FRAMES)
            return fail(L, fn, "input: the steps add up to more than %d "
                               "frames", SCENARIO_MAX_FRAMES);
        uint8_t held = 0;
        const yaml_node_t *h = get(L, step, "hold");
        if (h) {
            if (want_type(L, h, YAML_SEQUENCE_NODE, "hold"))
                return -1;
            for (yaml_node_item_t *bi = h->data.sequence.items.start;
                 bi < h->data.sequence.items.top; bi++) {
                const yaml_node_t *bn = node_at(L, *bi);
                int k;
                if (get_enum(L, bn, "button", button_names, &k))
                    return -1;
                if (held & button_bits[k])
                    return fail(L, bn, "hold: '%s' given twice", sval(bn));
                held |= button_bits[k];
            }
        }
        if (inputs) {
            for (int64_t f = 0; f < nf; f++) {
                inputs[total + f].held = held;
                inputs[total + f].pressed = (uint8_t)(held & ~prev);
                prev = held;
            }
        }
        total += nf;
    }
    *sum = total;
    return 0;
}

static int load_verifies(loader *L, const yaml_node_t *vs)
{
    static const char *const keys[] = {"id", "source", "quote", "frame",
                                       "field", "value", "original", "note",
                                       NULL};
    static const char *const req[] = {"id", "source", "quote", "frame",
                                      "field", "value", NULL};
    scenario *s = L->s;
    if (want_type(L, vs, YAML_SEQUENCE_NODE, "verifies"))
        return -1;
    size_t n = (size_t)(vs->data.sequence.items.top -
                        vs->data.sequence.items.start);
    if (n == 0)
        return 0;
    if (n > MAX_VERIFIES)
        return fail(L, vs, "verifies: more than %d entries", MAX_VERIFIES);
    s->verifies = calloc(n, sizeof *s->verifies);
    if (s->verifies == NULL)
        return fail(L, vs, "out of memory");
    for (size_t i = 0; i < n; i++) {
        const yaml_node_t *e = node_at(L, vs->data.sequence.items.start[i]);
        if (check_keys(L, e, "verifies entry", keys, req))
            return -1;
        scenario_verify *v = &s->verifies[i];
        s->verify_count = (int)i + 1; /* so scenario_free sees the strings */
        v->line = (int)e->start_mark.line + 1;
        v->col = (int)e->start_mark.column + 1;
        const yaml_node_t *idn = get(L, e, "id");
        if (get_str(L, idn, "id", 1, &v->id) ||
            get_str(L, get(L, e, "source"), "source", 1, &v->source) ||
            get_str(L, get(L, e, "quote"), "quote", 1, &v->quote))
            return -1;
        for (size_t j = 0; j < i; j++)
            if (strcmp(s->verifies[j].id, v->id) == 0)
                return fail(L, idn, "id: '%s' is used twice (first at line "
                                    "%d)", v->id, s->verifies[j].line);
        int64_t x;
        const yaml_node_t *fr = get(L, e, "frame");
        if (get_int(L, fr, "frame", 0, SCENARIO_MAX_FRAMES, &x))
            return -1;
        if (x > s->frames)
            return fail(L, fr, "frame: %lld is past the last trace row (%d)",
                        (long long)x, s->frames);
        v->frame = (int)x;
        const yaml_node_t *fd = get(L, e, "field");
        if (get_str(L, fd, "field", 1, &v->field))
            return -1;
        if (trace_column_index(v->field) < 0) {
            fprintf(L->err, "%s:%lu:%lu: field: '%s' is not a trace column "
                            "(one of", L->path,
                    (unsigned long)fd->start_mark.line + 1,
                    (unsigned long)fd->start_mark.column + 1, v->field);
            for (int c = 0; c < TRACE_COLUMNS; c++)
                fprintf(L->err, "%s %s", c ? "," : "", trace_columns[c]);
            fputs(")\n", L->err);
            return -1;
        }
        if (get_int(L, get(L, e, "value"), "value", INT32_MIN, INT32_MAX, &x))
            return -1;
        v->value = (int32_t)x;
        const yaml_node_t *on = get(L, e, "original");
        if (on) {
            if (get_int(L, on, "original", INT32_MIN, INT32_MAX, &x))
                return -1;
            v->has_original = 1;
            v->original = (int32_t)x;
        }
        const yaml_node_t *nn = get(L, e, "note");
        if (nn && get_str(L, nn, "note", 0, &v->note))
            return -1;
    }
    return 0;
}

/* ---- hash ---------------------------------------------------------------------- */

typedef struct fnv {
    uint64_t h;
} fnv;

static void h_bytes(fnv *f, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        f->h ^= b[i];
        f->h *= 0x100000001b3ull;
    }
}

static void h_u8(fnv *f, uint32_t v)
{
    unsigned char b = (unsigned char)(v & 0xFF);
    h_bytes(f, &b, 1);
}

static void h_u16(fnv *f, uint32_t v)
{
    h_u8(f, v);
    h_u8(f, v >> 8);
}

static void h_u32(fnv *f, uint32_t v)
{
    h_u16(f, v);
    h_u16(f, v >> 16);
}

static void h_mask(fnv *f, const spg_mask *m)
{
    for (int i = 0; i < 16; i++)
        h_u8(f, (uint8_t)m->heights[i]);
    for (int i = 0; i < 16; i++)
        h_u8(f, (uint8_t)m->widths[i]);
    h_u8(f, m->angle);
}

/*
 * FNV-1a 64 over a canonical serialisation of what changes the physics.
 * Masks are numbered in order of first use in the map (row-major), so
 * renaming or reordering tiles, or defining unused ones, keeps the hash.
 */
static uint64_t compute_hash(const scenario *s)
{
    fnv f = {0xcbf29ce484222325ull};
    static const char tag[] = "spgsim scenario v1";
    h_bytes(&f, tag, sizeof tag);
    h_u32(&f, (uint32_t)s->game);
    h_u32(&f, (uint32_t)s->character);
    h_u32(&f, (uint32_t)s->variant);

    size_t ncells = (size_t)s->map.width * s->map.height;
    uint16_t canon[SCENARIO_MAX_MASKS];
    int order[SCENARIO_MAX_MASKS];
    int used = 0;
    memset(canon, 0, sizeof canon);
    for (size_t i = 0; i < ncells; i++) {
        unsigned m = s->cells[i] & SPG_CELL_MASK;
        if (m != 0 && canon[m] == 0) {
            order[used++] = (int)m;
            canon[m] = (uint16_t)used;
        }
    }
    h_u32(&f, (uint32_t)used);
    for (int i = 0; i < used; i++)
        h_mask(&f, &s->masks[order[i]]);
    h_u16(&f, s->map.x0);
    h_u16(&f, s->map.y0);
    h_u16(&f, s->map.width);
    h_u16(&f, s->map.height);
    for (size_t i = 0; i < ncells; i++) {
        uint16_t c = s->cells[i];
        h_u16(&f, (uint32_t)(c & ~SPG_CELL_MASK) | canon[c & SPG_CELL_MASK]);
    }
    h_u16(&f, (uint16_t)s->map.limit_left);
    h_u16(&f, (uint16_t)s->map.limit_right);
    h_u16(&f, (uint16_t)s->map.limit_bottom);

    const spg_player *p = &s->start;
    h_u32(&f, (uint32_t)p->x);
    h_u32(&f, (uint32_t)p->y);
    h_u16(&f, (uint16_t)p->x_speed);
    h_u16(&f, (uint16_t)p->y_speed);
    h_u16(&f, (uint16_t)p->ground_speed);
    h_u8(&f, p->height_radius);
    h_u8(&f, p->width_radius);
    h_u8(&f, p->anim);
    h_u8(&f, p->status);
    h_u8(&f, p->routine);
    h_u8(&f, p->angle);
    h_u8(&f, p->angle_buffer_1);
    h_u8(&f, p->angle_buffer_2);
    h_u8(&f, p->jumping);
    h_u16(&f, p->control_lock);
    h_u8(&f, p->mapping_frame);
    h_u8(&f, p->anim_frame);
    h_u8(&f, p->prev_anim);
    h_u8(&f, p->anim_timer);
    h_u8(&f, p->render_flags);

    h_u32(&f, (uint32_t)s->frames);
    for (int i = 0; i < s->frames; i++) {
        h_u8(&f, s->inputs[i].held);
        h_u8(&f, s->inputs[i].pressed);
    }
    return f.h;
}

void scenario_hash_hex(const scenario *s, char buf[17])
{
    static const char hex[] = "0123456789abcdef";
    for (int i = 0; i < 16; i++)
        buf[i] = hex[(s->hash >> (60 - 4 * i)) & 0xF];
    buf[16] = '\0';
}

/* ---- the document ------------------------------------------------------------- */

static int load_root(loader *L, const yaml_node_t *root)
{
    static const char *const keys[] = {
        "name", "description", "game", "character", "variant", "tiles",
        "map", "start", "bounds", "input", "frames", "verifies", NULL};
    static const char *const req[] = {"name", "game", "tiles", "map",
                                      "start", NULL};
    static const char *const games[] = {"sonic1", NULL};
    static const spg_game game_ids[] = {SPG_GAME_SONIC1};
    static const char *const chars[] = {"sonic", NULL};
    static const spg_character char_ids[] = {SPG_CHAR_SONIC};
    static const char *const variants[] = {"normal", "speed_shoes",
                                           "underwater", NULL};
    static const spg_variant variant_ids[] = {SPG_VARIANT_NORMAL,
                                              SPG_VARIANT_SPEED_SHOES,
                                              SPG_VARIANT_UNDERWATER};
    scenario *s = L->s;
    const yaml_node_t *n;
    int i;

    if (check_keys(L, root, "scenario", keys, req))
        return -1;
    if (get_str(L, get(L, root, "name"), "name", 1, &s->name))
        return -1;
    if ((n = get(L, root, "description")) &&
        get_str(L, n, "description", 0, &s->description))
        return -1;

    const yaml_node_t *where = get(L, root, "game");
    if (get_enum(L, where, "game", games, &i))
        return -1;
    s->game = game_ids[i];
    s->character = SPG_CHAR_SONIC;
    if ((n = get(L, root, "character"))) {
        if (get_enum(L, n, "character", chars, &i))
            return -1;
        s->character = char_ids[i];
        where = n;
    }
    s->variant = SPG_VARIANT_NORMAL;
    if ((n = get(L, root, "variant"))) {
        if (get_enum(L, n, "variant", variants, &i))
            return -1;
        s->variant = variant_ids[i];
        where = n;
    }
    if (spg_profile_get(s->game, s->character, s->variant, &s->profile) != 0)
        return fail(L, where, "this game, character and variant are not "
                              "supported by the core");

    memset(&s->masks[0], 0, sizeof s->masks[0]);
    if (load_tiles(L, get(L, root, "tiles")))
        return -1;
    s->map = spg_map_default();
    s->map.masks = s->masks;
    s->map.mask_count = (uint16_t)(L->ntiles + 1);
    if (load_map(L, get(L, root, "map")))
        return -1;
    if ((n = get(L, root, "bounds")) && load_bounds(L, n))
        return -1;

    s->start = spg_player_default(&s->profile);
    if (load_start(L, get(L, root, "start")))
        return -1;

    int64_t steps = 0;
    const yaml_node_t *in = get(L, root, "input");
    if (in && load_input(L, in, &steps, NULL))
        return -1;
    int64_t frames = steps;
    if ((n = get(L, root, "frames"))) {
        if (get_int(L, n, "frames", 1, SCENARIO_MAX_FRAMES, &frames))
            return -1;
        if (frames < steps)
            return fail(L, n, "frames: %lld is less than the input steps "
                              "(%lld frames)", (long long)frames,
                        (long long)steps);
    } else if (frames == 0) {
        return fail(L, root, "scenario: nothing to run (give frames or "
                             "input steps)");
    }
    s->frames = (int)frames;
    s->inputs = calloc((size_t)frames, sizeof *s->inputs);
    if (s->inputs == NULL)
        return fail(L, root, "out of memory");
    if (in && load_input(L, in, &steps, s->inputs))
        return -1;

    if ((n = get(L, root, "verifies")) && load_verifies(L, n))
        return -1;

    s->hash = compute_hash(s);
    return 0;
}

/* 1-based line and column of a byte offset, for reader errors. */
static void offset_pos(const loader *L, size_t off, unsigned long *line,
                       unsigned long *col)
{
    *line = 1;
    *col = 1;
    for (size_t i = 0; i < off && i < L->text_len; i++) {
        if (L->text[i] == '\n') {
            (*line)++;
            *col = 1;
        } else {
            (*col)++;
        }
    }
}

static int parse_error(loader *L, yaml_parser_t *parser)
{
    unsigned long line = (unsigned long)parser->problem_mark.line + 1;
    unsigned long col = (unsigned long)parser->problem_mark.column + 1;
    if (parser->error == YAML_READER_ERROR)
        offset_pos(L, parser->problem_offset, &line, &col);
    const char *problem = parser->problem ? parser->problem : "invalid YAML";
    if (parser->error == YAML_MEMORY_ERROR)
        problem = "out of memory";
    if (parser->context)
        return fail_at(L, line, col, "YAML syntax error: %s %s (line %lu)",
                       problem, parser->context,
                       (unsigned long)parser->context_mark.line + 1);
    return fail_at(L, line, col, "YAML syntax error: %s", problem);
}

static char *read_file(const char *path, size_t *len, FILE *err)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(err, "%s: %s\n", path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    errno = 0;
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap)
            break;
        if (cap > ((size_t)64 << 20)) {
            fprintf(err, "%s: file too large\n", path);
            free(buf);
            fclose(f);
            return NULL;
        }
        char *nb = realloc(buf, cap * 2);
        if (nb == NULL) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = nb;
        cap *= 2;
    }
    if (buf == NULL) {
        fprintf(err, "%s: out of memory\n", path);
        fclose(f);
        return NULL;
    }
    if (ferror(f)) {
        fprintf(err, "%s: %s\n", path, errno ? strerror(errno) : "read error");
        free(buf);
        fclose(f);
        return NULL;
    }
    fclose(f);
    *len = n;
    return buf;
}

static char *dup_cstr(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

int scenario_load(const char *path, scenario *out, FILE *err)
{
    memset(out, 0, sizeof *out);
    loader *L = calloc(1, sizeof *L);
    if (L == NULL) {
        fprintf(err, "%s: out of memory\n", path);
        return -1;
    }
    L->path = path;
    L->err = err;
    L->s = out;
    int rc = -1;
    size_t len = 0;
    char *text = read_file(path, &len, err);
    if (text == NULL) {
        free(L);
        return -1;
    }
    L->text = text;
    L->text_len = len;
    out->path = dup_cstr(path);
    if (out->path == NULL) {
        fprintf(err, "%s: out of memory\n", path);
        goto done_text;
    }

    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser)) {
        fprintf(err, "%s: out of memory\n", path);
        goto done_text;
    }
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
    if (!yaml_parser_load(&parser, &L->doc)) {
        parse_error(L, &parser);
        yaml_parser_delete(&parser);
        goto done_text;
    }
    const yaml_node_t *root = yaml_document_get_root_node(&L->doc);
    if (root == NULL) {
        fail_at(L, 1, 1, "empty file: expected a scenario mapping");
        goto done_doc;
    }
    /* exactly one document */
    yaml_document_t extra;
    if (!yaml_parser_load(&parser, &extra)) {
        parse_error(L, &parser);
        goto done_doc;
    }
    const yaml_node_t *r2 = yaml_document_get_root_node(&extra);
    if (r2) {
        fail(L, r2, "a scenario file holds one YAML document; found another");
        yaml_document_delete(&extra);
        goto done_doc;
    }
    yaml_document_delete(&extra);
    rc = load_root(L, root);

done_doc:
    yaml_document_delete(&L->doc);
    yaml_parser_delete(&parser);
done_text:
    free(text);
    free(L);
    if (rc != 0) {
        scenario_free(out);
        memset(out, 0, sizeof *out);
    }
    return rc;
}

void scenario_free(scenario *s)
{
    free(s->path);
    free(s->name);
    free(s->description);
    free(s->cells);
    free(s->inputs);
    for (int i = 0; i < s->verify_count; i++) {
        free(s->verifies[i].id);
        free(s->verifies[i].source);
        free(s->verifies[i].quote);
        free(s->verifies[i].field);
        free(s->verifies[i].note);
    }
    free(s->verifies);
    memset(s, 0, sizeof *s);
}

void scenario_run_core(const scenario *s, spg_player *rows)
{
    spg_player p = s->start;
    rows[0] = p;
    for (int i = 0; i < s->frames; i++) {
        spg_step(&s->profile, &s->map, s->inputs[i], &p);
        rows[i + 1] = p;
    }
}
