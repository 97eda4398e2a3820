/*
 * scenario_special.c - the `special_stage:` section of a scenario.
 *
 *   special_stage:
 *     legend: {'x': glass2}     # optional: symbols beyond the defaults
 *     maze: |                   # rows of symbols, at most 64 x 64
 *       #######
 *       #o @ B#
 *       #######
 *     start: {x: 976, y: 736}   # unless the maze has an '@'
 *     angle: 0                  # v_ssangle (8.8), default 0
 *     rotation: 0x40            # v_ssrotate, default $40
 *
 * The maze's top-left block is layout row/column $20, where the game puts
 * its 64x64 stage.  Every block on the maze's border must be solid and
 * not glass, so that the player can never leave the maze (outside it the
 * original would read unrelated RAM).  Errors are "file:line:col:
 * message" with the position of the offending node or maze symbol.
 */
#include "scenario_special.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "trace_special.h"

#if defined(__GNUC__) || defined(__clang__)
#define SS_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define SS_PRINTF(a, b)
#endif

/* ---- YAML helpers (this section's own; see scenario.c for the root) ----- */

static int fail_at(const scenario_special_ctx *c, unsigned long line,
                   unsigned long col, const char *fmt, ...) SS_PRINTF(4, 5);
static int fail_at(const scenario_special_ctx *c, unsigned long line,
                   unsigned long col, const char *fmt, ...)
{
    va_list ap;
    fprintf(c->err, "%s:%lu:%lu: ", c->path, line, col);
    va_start(ap, fmt);
    vfprintf(c->err, fmt, ap);
    va_end(ap);
    fputc('\n', c->err);
    return -1;
}

#define FAIL(c, n, ...)                                                     \
    fail_at((c), (unsigned long)(n)->start_mark.line + 1,                   \
            (unsigned long)(n)->start_mark.column + 1, __VA_ARGS__)

static const yaml_node_t *node_at(const scenario_special_ctx *c, int i)
{
    return yaml_document_get_node(c->doc, i);
}

static int is_key(const yaml_node_t *n, const char *s)
{
    return n->type == YAML_SCALAR_NODE && n->data.scalar.length == strlen(s) &&
           memcmp(n->data.scalar.value, s, n->data.scalar.length) == 0;
}

static const char *sval(const yaml_node_t *n)
{
    return (const char *)n->data.scalar.value;
}

static const yaml_node_t *get(const scenario_special_ctx *c,
                              const yaml_node_t *map, const char *key)
{
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start;
         p < map->data.mapping.pairs.top; p++)
        if (is_key(node_at(c, p->key), key))
            return node_at(c, p->value);
    return NULL;
}

static int check_keys(const scenario_special_ctx *c, const yaml_node_t *map,
                      const char *what, const char *const *allowed)
{
    if (map->type != YAML_MAPPING_NODE)
        return FAIL(c, map, "%s: expected a mapping", what);
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start;
         p < map->data.mapping.pairs.top; p++) {
        const yaml_node_t *k = node_at(c, p->key);
        if (k->type != YAML_SCALAR_NODE)
            return FAIL(c, k, "%s: keys must be strings", what);
        int known = 0;
        for (const char *const *a = allowed; *a; a++)
            known |= is_key(k, *a);
        if (!known) {
            fprintf(c->err, "%s:%lu:%lu: %s: unknown key '%s' (allowed:",
                    c->path, (unsigned long)k->start_mark.line + 1,
                    (unsigned long)k->start_mark.column + 1, what, sval(k));
            for (const char *const *a = allowed; *a; a++)
                fprintf(c->err, "%s %s", a == allowed ? "" : ",", *a);
            fputs(")\n", c->err);
            return -1;
        }
        for (yaml_node_pair_t *q = map->data.mapping.pairs.start; q < p; q++)
            if (is_key(node_at(c, q->key), sval(k)))
                return FAIL(c, k, "%s: duplicate key '%s'", what, sval(k));
    }
    return 0;
}

/* Decimal, 0x-hex or $-hex, optional '-'. */
static int get_int(const scenario_special_ctx *c, const yaml_node_t *n,
                   const char *what, int64_t lo, int64_t hi, int64_t *out)
{
    if (n->type != YAML_SCALAR_NODE)
        return FAIL(c, n, "%s: expected an integer", what);
    const char *s = sval(n);
    size_t len = n->data.scalar.length, i = 0;
    int neg = 0, base = 10;
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
        return FAIL(c, n, "%s: '%s' is not an integer", what, s);
    int64_t v = 0;
    for (; i < len; i++) {
        int d;
        char ch = s[i];
        if (ch >= '0' && ch <= '9')
            d = ch - '0';
        else if (base == 16 && ch >= 'a' && ch <= 'f')
            d = ch - 'a' + 10;
        else if (base == 16 && ch >= 'A' && ch <= 'F')
            d = ch - 'A' + 10;
        else
            return FAIL(c, n, "%s: '%s' is not an integer", what, s);
        v = v * base + d;
        if (v > ((int64_t)1 << 40))
            return FAIL(c, n, "%s: %s is out of range (%lld..%lld)", what, s,
                        (long long)lo, (long long)hi);
    }
    if (neg)
        v = -v;
    if (v < lo || v > hi)
        return FAIL(c, n, "%s: %s is out of range (%lld..%lld)", what, s,
                    (long long)lo, (long long)hi);
    *out = v;
    return 0;
}

/* ---- blocks and the legend ------------------------------------------------- */

typedef struct block_name {
    const char *name;
    uint8_t id;
} block_name;

static const block_name block_names[] = {
    {"empty", 0x00},     {"wall", 0x01},      {"bumper", 0x25},
    {"w", 0x26},         {"goal", 0x27},      {"1up", 0x28},
    {"up", 0x29},        {"down", 0x2A},      {"r", 0x2B},
    {"red_white", 0x2C}, {"glass", 0x2D},     {"glass1", 0x2D},
    {"glass2", 0x2E},    {"glass3", 0x2F},    {"glass4", 0x30},
    {"ring", 0x3A},      {"emerald", 0x3B},   {"emerald1", 0x3B},
    {"emerald2", 0x3C},  {"emerald3", 0x3D},  {"emerald4", 0x3E},
    {"emerald5", 0x3F},  {"emerald6", 0x40},  {"ghost", 0x41},
    {"switch", 0x4A},
};

/* The symbols every maze may use without a legend. */
static const struct {
    char sym;
    uint8_t id;
} default_legend[] = {
    {' ', 0x00}, {'.', 0x00}, {'#', 0x01}, {'B', 0x25}, {'W', 0x26},
    {'G', 0x27}, {'1', 0x28}, {'U', 0x29}, {'D', 0x2A}, {'R', 0x2B},
    {'X', 0x2C}, {'g', 0x2D}, {'o', 0x3A}, {'E', 0x3B}, {'h', 0x41},
    {'s', 0x4A},
};

#define START_SYMBOL '@'

typedef struct legend {
    uint8_t id[256];
    unsigned char set[256];
} legend;

static int load_legend(const scenario_special_ctx *c, const yaml_node_t *n,
                       legend *lg)
{
    for (size_t i = 0; i < sizeof default_legend / sizeof default_legend[0]; i++) {
        lg->id[(unsigned char)default_legend[i].sym] = default_legend[i].id;
        lg->set[(unsigned char)default_legend[i].sym] = 1;
    }
    if (!n)
        return 0;
    if (n->type != YAML_MAPPING_NODE)
        return FAIL(c, n, "legend: expected a mapping of symbol: block");
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start;
         p < n->data.mapping.pairs.top; p++) {
        const yaml_node_t *k = node_at(c, p->key), *v = node_at(c, p->value);
        if (k->type != YAML_SCALAR_NODE || k->data.scalar.length != 1)
            return FAIL(c, k, "legend: a symbol is one character");
        unsigned char sym = (unsigned char)sval(k)[0];
        if (sym == START_SYMBOL)
            return FAIL(c, k, "legend: '@' marks the start and cannot be "
                              "redefined");
        if (v->type != YAML_SCALAR_NODE)
            return FAIL(c, v, "legend: expected a block name or id");
        int found = 0;
        for (size_t i = 0; i < sizeof block_names / sizeof block_names[0]; i++)
            if (is_key(v, block_names[i].name)) {
                lg->id[sym] = block_names[i].id;
                found = 1;
            }
        if (!found) {
            const char *s = sval(v);
            if (!((s[0] >= '0' && s[0] <= '9') || s[0] == '$')) {
                fprintf(c->err, "%s:%lu:%lu: legend: unknown block '%s' (a "
                                "number 0..255 or one of",
                        c->path, (unsigned long)v->start_mark.line + 1,
                        (unsigned long)v->start_mark.column + 1, s);
                for (size_t i = 0; i < sizeof block_names / sizeof block_names[0]; i++)
                    fprintf(c->err, "%s %s", i ? "," : "", block_names[i].name);
                fputs(")\n", c->err);
                return -1;
            }
            int64_t id;
            if (get_int(c, v, "legend", 0, 255, &id))
                return -1;
            lg->id[sym] = (uint8_t)id;
        }
        lg->set[sym] = 1;
    }
    return 0;
}

/* ---- the maze -------------------------------------------------------------- */

typedef struct maze_row {
    const char *text;
    size_t len;
    unsigned long line, col; /* 1-based position of the row's first symbol */
} maze_row;

/* Split the maze node into rows with their positions. */
static int maze_rows(const scenario_special_ctx *c, const yaml_node_t *n,
                     maze_row *rows, int *count)
{
    int k = 0;
    if (n->type == YAML_SEQUENCE_NODE) {
        for (yaml_node_item_t *it = n->data.sequence.items.start;
             it < n->data.sequence.items.top; it++) {
            const yaml_node_t *r = node_at(c, *it);
            if (r->type != YAML_SCALAR_NODE)
                return FAIL(c, r, "maze: each row is a string");
            if (k == SCENARIO_SS_MAX)
                return FAIL(c, r, "maze: more than %d rows", SCENARIO_SS_MAX);
            int quoted = r->data.scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
                         r->data.scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE;
            rows[k].text = sval(r);
            rows[k].len = r->data.scalar.length;
            rows[k].line = (unsigned long)r->start_mark.line + 1;
            rows[k].col = (unsigned long)r->start_mark.column + 1 + (quoted ? 1 : 0);
            k++;
        }
    } else if (n->type == YAML_SCALAR_NODE &&
               n->data.scalar.style == YAML_LITERAL_SCALAR_STYLE) {
        /* rows follow the '|' line one for one; find each line's indent
         * in the file for the column */
        const char *s = sval(n);
        size_t len = n->data.scalar.length, pos = 0;
        unsigned long line0 = (unsigned long)n->start_mark.line + 1;
        while (pos < len) {
            const char *nl = memchr(s + pos, '\n', len - pos);
            size_t end = nl ? (size_t)(nl - s) : len;
            if (k == SCENARIO_SS_MAX)
                return fail_at(c, line0 + 1 + (unsigned long)k, 1,
                               "maze: more than %d rows", SCENARIO_SS_MAX);
            rows[k].text = s + pos;
            rows[k].len = end - pos;
            rows[k].line = line0 + 1 + (unsigned long)k;
            /* the indentation of that line of the file */
            unsigned long ln = 1, indent = 0;
            size_t i = 0;
            while (i < c->text_len && ln < rows[k].line)
                if (c->text[i++] == '\n')
                    ln++;
            while (i < c->text_len && c->text[i] == ' ') {
                indent++;
                i++;
            }
            rows[k].col = indent + 1;
            k++;
            pos = end + 1;
        }
    } else {
        return FAIL(c, n, "maze: expected a list of row strings or a "
                          "literal block (maze: |)");
    }
    if (k == 0)
        return FAIL(c, n, "maze: no rows");
    *count = k;
    return 0;
}

static int is_border(int r, int col, int h, int w)
{
    return r == 0 || col == 0 || r == h - 1 || col == w - 1;
}

static int load_maze(const scenario_special_ctx *c, const yaml_node_t *n,
                     const legend *lg, scenario_special *ss, int *start_r,
                     int *start_c)
{
    maze_row rows[SCENARIO_SS_MAX];
    int h = 0;
    if (maze_rows(c, n, rows, &h))
        return -1;
    size_t w = rows[0].len;
    if (w == 0)
        return fail_at(c, rows[0].line, rows[0].col, "maze: empty row");
    if (w > SCENARIO_SS_MAX)
        return fail_at(c, rows[0].line, rows[0].col + SCENARIO_SS_MAX,
                       "maze: rows longer than %d blocks", SCENARIO_SS_MAX);
    if (h < 3 || w < 3)
        return FAIL(c, n, "maze: at least 3 x 3 blocks (a border around "
                          "the inside)");
    *start_r = *start_c = -1;
    for (int r = 0; r < h; r++) {
        if (rows[r].len != w)
            return fail_at(c, rows[r].line, rows[r].col,
                           "maze: row %d has %zu symbols, row 1 has %zu "
                           "(rows must be equally long)",
                           r + 1, rows[r].len, w);
        for (size_t col = 0; col < w; col++) {
            unsigned char sym = (unsigned char)rows[r].text[col];
            unsigned long ln = rows[r].line, cn = rows[r].col + col;
            uint8_t id;
            if (sym == START_SYMBOL) {
                if (*start_r >= 0)
                    return fail_at(c, ln, cn, "maze: a second '@' (the start "
                                              "is at row %d, column %d)",
                                   *start_r + 1, *start_c + 1);
                *start_r = r;
                *start_c = (int)col;
                id = 0;
            } else if (lg->set[sym]) {
                id = lg->id[sym];
            } else {
                return fail_at(c, ln, cn, "maze: symbol '%c' is not in the "
                                          "legend", sym >= 0x20 && sym < 0x7F ? sym : '?');
            }
            if (is_border(r, (int)col, h, (int)w) &&
                (!spg_ss_is_solid(id) ||
                 (id >= SPG_SS_GLASS_FIRST && id <= SPG_SS_GLASS_LAST)))
                return fail_at(c, ln, cn, "maze: the border must be solid "
                                          "blocks that cannot break ('%c' is "
                                          "block $%02X)", sym, id);
            ss->start.layout[(SPG_SS_STAGE_ORIGIN + r) * SPG_SS_ROW +
                             SPG_SS_STAGE_ORIGIN + (int)col] = id;
        }
    }
    ss->width = (int)w;
    ss->height = h;
    return 0;
}

/* ---- the section ------------------------------------------------------------ */

static int load_start(const scenario_special_ctx *c, const yaml_node_t *n,
                      spg_ss_state *st, int have_marker)
{
    static const char *const keys[] = {"x", "y", "x_sub", "y_sub", "x_speed",
                                       "y_speed", "ground_speed", NULL};
    if (check_keys(c, n, "start", keys))
        return -1;
    const yaml_node_t *v;
    int64_t x;
    uint16_t px, py, sx = 0, sy = 0;
    (void)have_marker;
    if (!(v = get(c, n, "x")))
        return FAIL(c, n, "start: missing required key 'x'");
    if (get_int(c, v, "x", 0, 0x7FFF, &x))
        return -1;
    px = (uint16_t)x;
    if (!(v = get(c, n, "y")))
        return FAIL(c, n, "start: missing required key 'y'");
    if (get_int(c, v, "y", 0, 0x7FFF, &x))
        return -1;
    py = (uint16_t)x;
    if ((v = get(c, n, "x_sub"))) {
        if (get_int(c, v, "x_sub", 0, 0xFFFF, &x))
            return -1;
        sx = (uint16_t)x;
    }
    if ((v = get(c, n, "y_sub"))) {
        if (get_int(c, v, "y_sub", 0, 0xFFFF, &x))
            return -1;
        sy = (uint16_t)x;
    }
    st->x = (int32_t)(((uint32_t)px << 16) | sx);
    st->y = (int32_t)(((uint32_t)py << 16) | sy);
    static const char *const speeds[] = {"x_speed", "y_speed", "ground_speed"};
    int16_t *dst[] = {&st->x_speed, &st->y_speed, &st->ground_speed};
    for (int i = 0; i < 3; i++)
        if ((v = get(c, n, speeds[i]))) {
            if (get_int(c, v, speeds[i], -0x8000, 0x7FFF, &x))
                return -1;
            *dst[i] = (int16_t)x;
        }
    return 0;
}

int scenario_special_load(const scenario_special_ctx *c,
                          const yaml_node_t *node, scenario_special **out)
{
    static const char *const keys[] = {"legend", "maze", "start", "angle",
                                       "rotation", "rings", "lives", NULL};
    *out = NULL;
    if (check_keys(c, node, "special_stage", keys))
        return -1;
    const yaml_node_t *maze = get(c, node, "maze");
    if (!maze)
        return FAIL(c, node, "special_stage: missing required key 'maze'");
    scenario_special *ss = calloc(1, sizeof *ss);
    if (!ss)
        return FAIL(c, node, "out of memory");
    *out = ss;
    spg_ss_reset(&ss->start);
    legend lg;
    memset(&lg, 0, sizeof lg);
    if (load_legend(c, get(c, node, "legend"), &lg))
        return -1;
    int sr = -1, sc = -1;
    if (load_maze(c, maze, &lg, ss, &sr, &sc))
        return -1;
    const yaml_node_t *st = get(c, node, "start");
    if (sr >= 0 && st)
        return FAIL(c, st, "start: the maze already has an '@' (give one "
                           "or the other)");
    if (sr < 0 && !st)
        return FAIL(c, maze, "maze: no '@' and no start: where does the "
                             "player start?");
    if (sr >= 0) {
        /* the same place relative to its block as the game's own starts */
        uint32_t px = (uint32_t)(SPG_SS_BLOCK * sc + 736);
        uint32_t py = (uint32_t)(SPG_SS_BLOCK * sr + 688);
        ss->start.x = (int32_t)(px << 16);
        ss->start.y = (int32_t)(py << 16);
    } else if (load_start(c, st, &ss->start, 0)) {
        return -1;
    }
    /* the start must lie inside the maze: its 2x2 check blocks and item
     * block all inside the border */
    {
        int32_t px = (int32_t)((uint32_t)ss->start.x >> 16);
        int32_t py = (int32_t)((uint32_t)ss->start.y >> 16);
        int c0 = (px + 0x14) / SPG_SS_BLOCK - SPG_SS_STAGE_ORIGIN;
        int r0 = (py + 0x44) / SPG_SS_BLOCK - SPG_SS_STAGE_ORIGIN;
        if (c0 < 0 || r0 < 0 || c0 + 1 >= ss->width || r0 + 1 >= ss->height)
            return FAIL(c, st ? st : maze,
                        "start: (%d, %d) is not inside the maze (its blocks "
                        "are column %d-%d, row %d-%d; the maze has %d x %d)",
                        (int)px, (int)py, c0, c0 + 1, r0, r0 + 1, ss->width,
                        ss->height);
    }
    const yaml_node_t *v;
    int64_t x;
    if ((v = get(c, node, "angle"))) {
        if (get_int(c, v, "angle", 0, 0xFFFF, &x))
            return -1;
        ss->start.stage_angle = (uint16_t)x;
    }
    if ((v = get(c, node, "rotation"))) {
        if (get_int(c, v, "rotation", -0x8000, 0x7FFF, &x))
            return -1;
        ss->start.rotation = (int16_t)x;
    }
    if ((v = get(c, node, "rings"))) {
        if (get_int(c, v, "rings", 0, 999, &x))
            return -1;
        ss->start.rings = (uint16_t)x;
    }
    if ((v = get(c, node, "lives"))) {
        if (get_int(c, v, "lives", 0, 99, &x))
            return -1;
        ss->start.lives = (uint8_t)x;
    }
    return 0;
}

/* ---- hash and core run ------------------------------------------------------- */

static void h8(uint64_t *h, uint32_t v)
{
    *h ^= v & 0xFFu;
    *h *= 0x100000001b3ull;
}

static void h16(uint64_t *h, uint32_t v)
{
    h8(h, v);
    h8(h, v >> 8);
}

static void h32(uint64_t *h, uint32_t v)
{
    h16(h, v);
    h16(h, v >> 16);
}

uint64_t scenario_special_hash(const scenario *s)
{
    uint64_t h = 0xcbf29ce484222325ull;
    static const char tag[] = "spgsim special stage v1";
    for (size_t i = 0; i < sizeof tag; i++)
        h8(&h, (unsigned char)tag[i]);
    const scenario_special *ss = s->special;
    const spg_ss_state *st = &ss->start;
    h16(&h, (uint32_t)ss->width);
    h16(&h, (uint32_t)ss->height);
    for (int i = 0; i < SPG_SS_LAYOUT_BYTES; i++)
        h8(&h, st->layout[i]);
    h32(&h, (uint32_t)st->x);
    h32(&h, (uint32_t)st->y);
    h16(&h, (uint16_t)st->x_speed);
    h16(&h, (uint16_t)st->y_speed);
    h16(&h, (uint16_t)st->ground_speed);
    h16(&h, st->stage_angle);
    h16(&h, (uint16_t)st->rotation);
    h16(&h, st->rings);
    h8(&h, st->lives);
    h32(&h, (uint32_t)s->frames);
    for (int i = 0; i < s->frames; i++) {
        h8(&h, s->inputs[i].held);
        h8(&h, s->inputs[i].pressed);
    }
    return h;
}

int scenario_special_trace_core(const scenario *s, trace *out)
{
    if (trace_alloc(out, &trace_layout_special, s->frames + 1) != 0)
        return -1;
    spg_ss_state *st = malloc(sizeof *st);
    if (!st) {
        trace_free(out);
        return -1;
    }
    const uint8_t *start_layout = s->special->start.layout;
    *st = s->special->start;
    trace_ss_row_values(0, st, start_layout, out->values[0]);
    for (int i = 0; i < s->frames; i++) {
        spg_ss_step(st, s->inputs[i]);
        trace_ss_row_values(i + 1, st, start_layout, out->values[i + 1]);
    }
    free(st);
    return 0;
}
