/*
 * special.c - the `special_stage:` section of a scenario.
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
 * message" with the position of the offending node or maze symbol,
 * through the loader's node helpers (loader.h).
 */
#include "scenario/special.h"

#include <stdlib.h>
#include <string.h>

#include "scenario/loader.h"
#include "trace/special.h"

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

int scenario_special_default_symbol(uint8_t id)
{
    for (size_t i = 0; i < sizeof default_legend / sizeof default_legend[0];
         i++)
        if (default_legend[i].id == id)
            return (unsigned char)default_legend[i].sym;
    return 0;
}

const char *scenario_special_block_name(uint8_t id)
{
    for (size_t i = 0; i < sizeof block_names / sizeof block_names[0]; i++)
        if (block_names[i].id == id)
            return block_names[i].name;
    return NULL;
}

int scenario_special_start_inside(const scenario_special *ss, int *c0,
                                  int *r0)
{
    int32_t px = (int32_t)((uint32_t)ss->start.x >> 16);
    int32_t py = (int32_t)((uint32_t)ss->start.y >> 16);
    *c0 = (px + 0x14) / SPG_SS_BLOCK - SPG_SS_STAGE_ORIGIN;
    *r0 = (py + 0x44) / SPG_SS_BLOCK - SPG_SS_STAGE_ORIGIN;
    return *c0 >= 0 && *r0 >= 0 && *c0 + 1 < ss->width &&
           *r0 + 1 < ss->height;
}

typedef struct legend {
    uint8_t id[256];
    unsigned char set[256];
} legend;

static int load_legend(sc_loader *L, const yaml_node_t *n, legend *lg)
{
    const yaml_node_t *given[256] = {NULL}; /* the legend's own keys */
    for (size_t i = 0; i < sizeof default_legend / sizeof default_legend[0]; i++) {
        lg->id[(unsigned char)default_legend[i].sym] = default_legend[i].id;
        lg->set[(unsigned char)default_legend[i].sym] = 1;
    }
    if (!n)
        return 0;
    if (sc_want_type(L, n, YAML_MAPPING_NODE, "legend"))
        return -1;
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start;
         p < n->data.mapping.pairs.top; p++) {
        const yaml_node_t *k = sc_node_at(L, p->key);
        const yaml_node_t *v = sc_node_at(L, p->value);
        if (k->type != YAML_SCALAR_NODE || sc_slen(k) != 1)
            return sc_fail(L, k, "legend: a symbol is one character");
        unsigned char sym = (unsigned char)sc_sval(k)[0];
        if (sym == START_SYMBOL)
            return sc_fail(L, k, "legend: '@' marks the start and cannot be "
                                 "redefined");
        if (given[sym])
            return sc_fail(L, k, "legend: symbol '%c' given twice (first at "
                                 "line %lu)", sym,
                           (unsigned long)given[sym]->start_mark.line + 1);
        given[sym] = k;
        if (sc_want_type(L, v, YAML_SCALAR_NODE, "legend"))
            return -1;
        int found = 0;
        for (size_t i = 0; i < sizeof block_names / sizeof block_names[0]; i++)
            if (sc_is_scalar(v, block_names[i].name)) {
                lg->id[sym] = block_names[i].id;
                found = 1;
            }
        if (!found) {
            const char *s = sc_sval(v);
            if (!((s[0] >= '0' && s[0] <= '9') || s[0] == '$')) {
                fprintf(L->err, "%s:%lu:%lu: legend: unknown block '%s' (a "
                                "number 0..255 or one of",
                        L->path, (unsigned long)v->start_mark.line + 1,
                        (unsigned long)v->start_mark.column + 1, s);
                for (size_t i = 0; i < sizeof block_names / sizeof block_names[0]; i++)
                    fprintf(L->err, "%s %s", i ? "," : "", block_names[i].name);
                fputs(")\n", L->err);
                return -1;
            }
            int64_t id;
            if (sc_get_int(L, v, "legend", 0, 255, &id))
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
static int maze_rows(sc_loader *L, const yaml_node_t *n,
                     maze_row *rows, int *count)
{
    int k = 0;
    if (n->type == YAML_SEQUENCE_NODE) {
        for (yaml_node_item_t *it = n->data.sequence.items.start;
             it < n->data.sequence.items.top; it++) {
            const yaml_node_t *r = sc_node_at(L, *it);
            if (r->type != YAML_SCALAR_NODE)
                return sc_fail(L, r, "maze: each row is a string");
            if (k == SCENARIO_SS_MAX)
                return sc_fail(L, r, "maze: more than %d rows", SCENARIO_SS_MAX);
            int quoted = r->data.scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
                         r->data.scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE;
            rows[k].text = sc_sval(r);
            rows[k].len = sc_slen(r);
            rows[k].line = (unsigned long)r->start_mark.line + 1;
            rows[k].col = (unsigned long)r->start_mark.column + 1 + (quoted ? 1 : 0);
            k++;
        }
    } else if (n->type == YAML_SCALAR_NODE &&
               n->data.scalar.style == YAML_LITERAL_SCALAR_STYLE) {
        /* rows follow the '|' line one for one; find each line's indent
         * in the file for the column */
        const char *s = sc_sval(n);
        size_t len = sc_slen(n), pos = 0;
        unsigned long line0 = (unsigned long)n->start_mark.line + 1;
        while (pos < len) {
            const char *nl = memchr(s + pos, '\n', len - pos);
            size_t end = nl ? (size_t)(nl - s) : len;
            if (k == SCENARIO_SS_MAX)
                return sc_fail_at(L, line0 + 1 + (unsigned long)k, 1,
                               "maze: more than %d rows", SCENARIO_SS_MAX);
            rows[k].text = s + pos;
            rows[k].len = end - pos;
            rows[k].line = line0 + 1 + (unsigned long)k;
            /* the indentation of that line of the file */
            unsigned long ln = 1, indent = 0;
            size_t i = 0;
            while (i < L->text_len && ln < rows[k].line)
                if (L->text[i++] == '\n')
                    ln++;
            while (i < L->text_len && L->text[i] == ' ') {
                indent++;
                i++;
            }
            rows[k].col = indent + 1;
            k++;
            pos = end + 1;
        }
    } else {
        return sc_fail(L, n, "maze: expected a list of row strings or a "
                          "literal block (maze: |)");
    }
    if (k == 0)
        return sc_fail(L, n, "maze: no rows");
    *count = k;
    return 0;
}

static int is_border(int r, int col, int h, int w)
{
    return r == 0 || col == 0 || r == h - 1 || col == w - 1;
}

static int load_maze(sc_loader *L, const yaml_node_t *n,
                     const legend *lg, scenario_special *ss, int *start_r,
                     int *start_c)
{
    maze_row rows[SCENARIO_SS_MAX];
    int h = 0;
    if (maze_rows(L, n, rows, &h))
        return -1;
    size_t w = rows[0].len;
    if (w == 0)
        return sc_fail_at(L, rows[0].line, rows[0].col, "maze: empty row");
    if (w > SCENARIO_SS_MAX)
        return sc_fail_at(L, rows[0].line, rows[0].col + SCENARIO_SS_MAX,
                       "maze: rows longer than %d blocks", SCENARIO_SS_MAX);
    if (h < 3 || w < 3)
        return sc_fail(L, n, "maze: at least 3 x 3 blocks (a border around "
                          "the inside)");
    *start_r = *start_c = -1;
    for (int r = 0; r < h; r++) {
        if (rows[r].len != w)
            return sc_fail_at(L, rows[r].line, rows[r].col,
                           "maze: row %d has %zu symbols, row 1 has %zu "
                           "(rows must be equally long)",
                           r + 1, rows[r].len, w);
        for (size_t col = 0; col < w; col++) {
            unsigned char sym = (unsigned char)rows[r].text[col];
            unsigned long ln = rows[r].line, cn = rows[r].col + col;
            uint8_t id;
            if (sym == START_SYMBOL) {
                if (*start_r >= 0)
                    return sc_fail_at(L, ln, cn, "maze: a second '@' (the start "
                                              "is at row %d, column %d)",
                                   *start_r + 1, *start_c + 1);
                *start_r = r;
                *start_c = (int)col;
                id = 0;
            } else if (lg->set[sym]) {
                id = lg->id[sym];
            } else {
                return sc_fail_at(L, ln, cn, "maze: symbol '%c' is not in the "
                                          "legend", sym >= 0x20 && sym < 0x7F ? sym : '?');
            }
            if (is_border(r, (int)col, h, (int)w) &&
                (!spg_ss_is_solid(id) ||
                 (id >= SPG_SS_GLASS_FIRST && id <= SPG_SS_GLASS_LAST)))
                return sc_fail_at(L, ln, cn, "maze: the border must be solid "
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

/* ---- the item slots --------------------------------------------------------- */

static const scenario_ss_anim anims[] = {
    {"ring", 5, 4, {0x42, 0x43, 0x44, 0x45}, SPG_SS_EMPTY},
    {"bumper", 7, 4, {0x32, 0x33, 0x32, 0x33}, SPG_SS_BUMPER},
    {"1up", 5, 4, {0x46, 0x47, 0x48, 0x49}, SPG_SS_EMPTY},
    {"r", 7, 4, {0x2B, 0x31, 0x2B, 0x31}, SPG_SS_R},
    {"emerald", 5, 4, {0x46, 0x47, 0x48, 0x49}, SPG_SS_EMPTY},
    {"glass", 1, 8, {0x4B, 0x4C, 0x4D, 0x4E, 0x4B, 0x4C, 0x4D, 0x4E}, -1},
};

#define ANIM_COUNT ((int)(sizeof anims / sizeof anims[0]))

const scenario_ss_anim *scenario_special_anim(uint8_t type)
{
    return type >= 1 && type <= ANIM_COUNT ? &anims[type - 1] : NULL;
}

/* What a glass slot may keep in its top address byte: the block the glass
 * becomes, 0 (broken) or the next glass $2E-$30. */
static int glass_leaves(uint32_t id)
{
    return id == 0 || (id > SPG_SS_GLASS_FIRST && id <= SPG_SS_GLASS_LAST);
}

int scenario_special_item_problem(const scenario_special *ss, int slot,
                                  char *msg, size_t len)
{
    const spg_ss_item *it = &ss->start.items[slot];
    if (it->type == SPG_SS_ANI_NONE) {
        if (it->timer || it->frame || it->addr) {
            snprintf(msg, len, "slot %d is free but its timer, step or "
                     "address is not 0 (SS_AniItems clears a slot it ends)",
                     slot);
            return -1;
        }
        return 0;
    }
    const scenario_ss_anim *a = scenario_special_anim(it->type);
    if (!a) {
        snprintf(msg, len, "slot %d: type %u is not an animation (1..%d)",
                 slot, (unsigned)it->type, ANIM_COUNT);
        return -1;
    }
    uint32_t low = it->addr & 0x00FFFFFFu, top = it->addr >> 24;
    int r = -1, c = -1;
    if (low >= SPG_SS_LAYOUT_ADDR &&
        low - SPG_SS_LAYOUT_ADDR < SPG_SS_LAYOUT_BYTES) {
        r = (int)((low - SPG_SS_LAYOUT_ADDR) / SPG_SS_ROW) - SPG_SS_STAGE_ORIGIN;
        c = (int)((low - SPG_SS_LAYOUT_ADDR) % SPG_SS_ROW) - SPG_SS_STAGE_ORIGIN;
    }
    if (r < 0 || c < 0 || r >= ss->height || c >= ss->width) {
        snprintf(msg, len, "slot %d: address $%06X is not a block of the "
                 "%d x %d maze", slot, (unsigned)low, ss->width, ss->height);
        return -1;
    }
    if (a->end < 0 ? !glass_leaves(top) : top != 0) {
        snprintf(msg, len, "slot %d: the address's top byte is $%02X (only "
                 "glass keeps a block id there: 0 or $2E-$30)", slot,
                 (unsigned)top);
        return -1;
    }
    if (it->frame < 1 || it->frame > a->steps) {
        snprintf(msg, len, "slot %d: step %u is not 1..%u (the %s "
                 "animation's next step)", slot, (unsigned)it->frame,
                 (unsigned)a->steps, a->name);
        return -1;
    }
    if (it->timer > a->period) {
        snprintf(msg, len, "slot %d: timer %u is not 0..%u (SS_AniItems "
                 "reloads it with %u)", slot, (unsigned)it->timer,
                 (unsigned)a->period, (unsigned)a->period);
        return -1;
    }
    int border = r == 0 || c == 0 || r == ss->height - 1 || c == ss->width - 1;
    if (border && a->end <= 0) {
        snprintf(msg, len, "slot %d: block [%d, %d] is on the border, which "
                 "the %s animation leaves %s", slot, c, r, a->name,
                 a->end < 0 ? "glass or empty" : "empty");
        return -1;
    }
    uint8_t id = ss->start.layout[low - SPG_SS_LAYOUT_ADDR];
    for (int k = 0; k < a->steps; k++)
        if (a->frames[k] == id)
            return 0;
    int n = snprintf(msg, len, "slot %d: block [%d, %d] is $%02X, not one of "
                     "the %s animation's frames (", slot, c, r, (unsigned)id,
                     a->name);
    for (int k = 0; k < 4 && n > 0 && (size_t)n < len; k++)
        n += snprintf(msg + n, len - (size_t)n, "%s$%02X", k ? " " : "",
                      (unsigned)a->frames[k]);
    if (n > 0 && (size_t)n < len)
        snprintf(msg + n, len - (size_t)n, ")");
    return -1;
}

/* A type name, "none" -> 0, or -1. */
static int item_type(const yaml_node_t *n)
{
    if (sc_is_scalar(n, "none"))
        return SPG_SS_ANI_NONE;
    for (int k = 0; k < ANIM_COUNT; k++)
        if (sc_is_scalar(n, anims[k].name))
            return k + 1;
    return -1;
}

static int load_item(sc_loader *L, const yaml_node_t *e, scenario_special *ss,
                     int slot)
{
    static const char *const keys[] = {"type", "block", "timer", "step",
                                       "next", NULL};
    static const char *const req[] = {"type", NULL};
    static const char *const busy_keys[] = {"block", "timer", "step", NULL};
    if (sc_want_type(L, e, YAML_MAPPING_NODE, "items") ||
        sc_check_keys(L, e, "items", keys, req))
        return -1;
    const yaml_node_t *t = sc_get(L, e, "type");
    if (sc_want_type(L, t, YAML_SCALAR_NODE, "items: type"))
        return -1;
    int type = item_type(t);
    if (type < 0)
        return sc_fail(L, t, "items: unknown type '%s' (none, ring, bumper, "
                             "1up, r, emerald or glass)", sc_sval(t));
    spg_ss_item *it = &ss->start.items[slot];
    if (type == SPG_SS_ANI_NONE) {
        for (const char *const *k = keys + 1; *k; k++)
            if (sc_get(L, e, *k))
                return sc_fail(L, sc_get(L, e, *k), "items: a free slot "
                               "(type none) has no %s", *k);
        return 0;
    }
    const scenario_ss_anim *a = &anims[type - 1];
    for (const char *const *k = busy_keys; *k; k++)
        if (!sc_get(L, e, *k))
            return sc_fail(L, e, "items: a %s slot needs '%s'", a->name, *k);
    const yaml_node_t *b = sc_get(L, e, "block");
    if (b->type != YAML_SEQUENCE_NODE ||
        b->data.sequence.items.top - b->data.sequence.items.start != 2)
        return sc_fail(L, b, "items: block is [column, row] of the maze");
    int64_t col, row, step, timer, next = 0;
    if (sc_get_int(L, sc_node_at(L, b->data.sequence.items.start[0]),
                   "items: block column", 0, ss->width - 1, &col) ||
        sc_get_int(L, sc_node_at(L, b->data.sequence.items.start[1]),
                   "items: block row", 0, ss->height - 1, &row) ||
        sc_get_int(L, sc_get(L, e, "step"), "items: step", 1, a->steps, &step) ||
        sc_get_int(L, sc_get(L, e, "timer"), "items: timer", 0, a->period,
                   &timer))
        return -1;
    const yaml_node_t *nx = sc_get(L, e, "next");
    if (a->end >= 0 && nx)
        return sc_fail(L, nx, "items: only a glass slot has 'next' (the %s "
                              "animation ends as block $%02X)", a->name,
                       (unsigned)a->end);
    if (a->end < 0) {
        if (!nx)
            return sc_fail(L, e, "items: a glass slot needs 'next' (the "
                                 "block the glass becomes: glass2, glass3, "
                                 "glass4 or empty)");
        if (sc_want_type(L, nx, YAML_SCALAR_NODE, "items: next"))
            return -1;
        int named = 0;
        for (size_t i = 0; i < sizeof block_names / sizeof block_names[0]; i++)
            if (sc_is_scalar(nx, block_names[i].name)) {
                next = block_names[i].id;
                named = 1;
            }
        if (!named && sc_get_int(L, nx, "items: next", 0, 255, &next))
            return -1;
        if (!glass_leaves((uint32_t)next))
            return sc_fail(L, nx, "items: next: glass becomes empty (0) or "
                                  "glass2..glass4 ($2E-$30), not $%02X",
                           (unsigned)next);
    }
    it->type = (uint8_t)type;
    it->timer = (uint8_t)timer;
    it->frame = (uint8_t)step;
    it->addr = (uint32_t)next << 24 |
               (SPG_SS_LAYOUT_ADDR +
                (uint32_t)(SPG_SS_STAGE_ORIGIN + row) * SPG_SS_ROW +
                (uint32_t)(SPG_SS_STAGE_ORIGIN + col));
    char msg[200];
    if (scenario_special_item_problem(ss, slot, msg, sizeof msg))
        return sc_fail(L, b, "items: %s", msg);
    return 0;
}

/* The `items:` list: slots 0, 1, ... of v_ssitembuffer; the rest free. */
static int load_items(sc_loader *L, const yaml_node_t *n, scenario_special *ss)
{
    if (sc_want_type(L, n, YAML_SEQUENCE_NODE, "items"))
        return -1;
    int slot = 0;
    for (yaml_node_item_t *i = n->data.sequence.items.start;
         i < n->data.sequence.items.top; i++, slot++) {
        const yaml_node_t *e = sc_node_at(L, *i);
        if (slot == SPG_SS_ITEM_SLOTS)
            return sc_fail(L, e, "items: more than %d slots (v_ssitembuffer "
                                 "holds %d)", SPG_SS_ITEM_SLOTS,
                           SPG_SS_ITEM_SLOTS);
        if (load_item(L, e, ss, slot))
            return -1;
    }
    return 0;
}

/* ---- the section ------------------------------------------------------------ */

static int load_start(sc_loader *L, const yaml_node_t *n, spg_ss_state *st)
{
    static const char *const keys[] = {"x", "y", "x_sub", "y_sub", "x_speed",
                                       "y_speed", "ground_speed", NULL};
    static const char *const req[] = {"x", "y", NULL};
    if (sc_check_keys(L, n, "start", keys, req))
        return -1;
    const yaml_node_t *v;
    int64_t x;
    uint16_t px, py, sx = 0, sy = 0;
    if (sc_get_int(L, sc_get(L, n, "x"), "x", 0, 0x7FFF, &x))
        return -1;
    px = (uint16_t)x;
    if (sc_get_int(L, sc_get(L, n, "y"), "y", 0, 0x7FFF, &x))
        return -1;
    py = (uint16_t)x;
    if ((v = sc_get(L, n, "x_sub"))) {
        if (sc_get_int(L, v, "x_sub", 0, 0xFFFF, &x))
            return -1;
        sx = (uint16_t)x;
    }
    if ((v = sc_get(L, n, "y_sub"))) {
        if (sc_get_int(L, v, "y_sub", 0, 0xFFFF, &x))
            return -1;
        sy = (uint16_t)x;
    }
    st->x = (int32_t)(((uint32_t)px << 16) | sx);
    st->y = (int32_t)(((uint32_t)py << 16) | sy);
    static const char *const speeds[] = {"x_speed", "y_speed", "ground_speed"};
    int16_t *dst[] = {&st->x_speed, &st->y_speed, &st->ground_speed};
    for (int i = 0; i < 3; i++)
        if ((v = sc_get(L, n, speeds[i]))) {
            if (sc_get_int(L, v, speeds[i], -0x8000, 0x7FFF, &x))
                return -1;
            *dst[i] = (int16_t)x;
        }
    return 0;
}

int sc_load_special(sc_loader *L, const yaml_node_t *node)
{
    static const char *const keys[] = {"legend", "maze", "start", "angle",
                                       "rotation", "rings", "lives", "items",
                                       NULL};
    static const char *const req[] = {"maze", NULL};
    if (sc_check_keys(L, node, "special_stage", keys, req))
        return -1;
    const yaml_node_t *maze = sc_get(L, node, "maze");
    scenario_special *ss = calloc(1, sizeof *ss);
    if (!ss)
        return sc_fail(L, node, "out of memory");
    L->s->special = ss; /* freed with the scenario */
    spg_ss_reset(&ss->start);
    legend lg;
    memset(&lg, 0, sizeof lg);
    if (load_legend(L, sc_get(L, node, "legend"), &lg))
        return -1;
    int sr = -1, sc = -1;
    if (load_maze(L, maze, &lg, ss, &sr, &sc))
        return -1;
    const yaml_node_t *st = sc_get(L, node, "start");
    if (sr >= 0 && st)
        return sc_fail(L, st, "start: the maze already has an '@' (give one "
                           "or the other)");
    if (sr < 0 && !st)
        return sc_fail(L, maze, "maze: no '@' and no start: where does the "
                             "player start?");
    if (sr >= 0) {
        /* the same place relative to its block as the game's own starts */
        uint32_t px = (uint32_t)(SPG_SS_BLOCK * sc + SCENARIO_SS_MARKER_X);
        uint32_t py = (uint32_t)(SPG_SS_BLOCK * sr + SCENARIO_SS_MARKER_Y);
        ss->start.x = (int32_t)(px << 16);
        ss->start.y = (int32_t)(py << 16);
    } else if (load_start(L, st, &ss->start)) {
        return -1;
    }
    /* the start must lie inside the maze: its 2x2 check blocks and item
     * block all inside the border */
    int c0, r0;
    if (!scenario_special_start_inside(ss, &c0, &r0))
        return sc_fail(L, st ? st : maze,
                       "start: (%d, %d) is not inside the maze (its blocks "
                       "are column %d-%d, row %d-%d; the maze has %d x %d)",
                       (int)((uint32_t)ss->start.x >> 16),
                       (int)((uint32_t)ss->start.y >> 16), c0, c0 + 1, r0,
                       r0 + 1, ss->width, ss->height);
    const yaml_node_t *v;
    int64_t x;
    if ((v = sc_get(L, node, "angle"))) {
        if (sc_get_int(L, v, "angle", 0, 0xFFFF, &x))
            return -1;
        ss->start.stage_angle = (uint16_t)x;
    }
    if ((v = sc_get(L, node, "rotation"))) {
        if (sc_get_int(L, v, "rotation", -0x8000, 0x7FFF, &x))
            return -1;
        ss->start.rotation = (int16_t)x;
    }
    if ((v = sc_get(L, node, "rings"))) {
        if (sc_get_int(L, v, "rings", 0, 999, &x))
            return -1;
        ss->start.rings = (uint16_t)x;
    }
    if ((v = sc_get(L, node, "lives"))) {
        if (sc_get_int(L, v, "lives", 0, 99, &x))
            return -1;
        ss->start.lives = (uint8_t)x;
    }
    if ((v = sc_get(L, node, "items")) && load_items(L, v, ss))
        return -1;
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
    /* the item slots only when one is busy, so that the hashes of the
     * scenarios from before `items:` stay what their goldens record */
    int busy = 0;
    for (int i = 0; i < SPG_SS_ITEM_SLOTS; i++)
        busy |= st->items[i].type || st->items[i].timer ||
                st->items[i].frame || st->items[i].addr;
    if (busy) {
        static const char items_tag[] = "items";
        for (size_t i = 0; i < sizeof items_tag; i++)
            h8(&h, (unsigned char)items_tag[i]);
        for (int i = 0; i < SPG_SS_ITEM_SLOTS; i++) {
            h8(&h, st->items[i].type);
            h8(&h, st->items[i].timer);
            h8(&h, st->items[i].frame);
            h32(&h, st->items[i].addr);
        }
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
