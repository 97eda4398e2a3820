/*
 * map.c - the scenario's `tiles:` (16x16 masks) and `map:`
 * (origin, legend, rows) sections (docs/scenario-format.md).
 */
#include <stdlib.h>
#include <string.h>

#include "scenario/loader.h"

static const char *const solidity_names[] = {"all", "top", "sides", "none",
                                             NULL};
static const uint16_t solidity_bits[] = {
    SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID, SPG_CELL_TOP_SOLID,
    SPG_CELL_SIDE_SOLID, 0};

uint16_t sc_solidity_to_2(uint16_t bits)
{
    return (uint16_t)(((bits & SPG_CELL_TOP_SOLID) ? SPG_CELL_TOP_SOLID_2 : 0) |
                      ((bits & SPG_CELL_SIDE_SOLID) ? SPG_CELL_SIDE_SOLID_2
                                                    : 0));
}

uint16_t sc_solidity_from_2(uint16_t bits)
{
    return (uint16_t)(((bits & SPG_CELL_TOP_SOLID_2) ? SPG_CELL_TOP_SOLID : 0) |
                      ((bits & SPG_CELL_SIDE_SOLID_2) ? SPG_CELL_SIDE_SOLID
                                                      : 0));
}

/* A key of the secondary path in a game that has one path. */
static int paths_only(sc_loader *L, const yaml_node_t *n, const char *key)
{
    return sc_fail_feature(L, n, key, GAME_PATHS,
                           "a secondary collision path");
}

static int get_solidity(sc_loader *L, const yaml_node_t *n, const char *what,
                        uint16_t *out)
{
    int i;
    if (sc_get_enum(L, n, what, solidity_names, &i))
        return -1;
    *out = solidity_bits[i];
    return 0;
}

/*
 * 16 signed bytes: the original's collision arrays (CollArray1 for
 * heights, CollArray2 for widths) hold one byte per column or row, which
 * FindFloor / FindWall read with move.b and ext.w, so any value -128..127
 * is something the original can hold.  *first_wide gets the node of the
 * first value outside -16..16 (NULL if none).
 */
static int get_bytes16(sc_loader *L, const yaml_node_t *n, const char *what,
                       int8_t out[16], const yaml_node_t **first_wide)
{
    if (sc_want_type(L, n, YAML_SEQUENCE_NODE, what))
        return -1;
    yaml_node_item_t *b = n->data.sequence.items.start;
    yaml_node_item_t *e = n->data.sequence.items.top;
    if (e - b != 16)
        return sc_fail(L, n, "%s: expected 16 integers, found %ld", what,
                       (long)(e - b));
    *first_wide = NULL;
    for (int i = 0; i < 16; i++) {
        int64_t v;
        const yaml_node_t *vn = sc_node_at(L, b[i]);
        if (sc_get_int(L, vn, what, -128, 127, &v))
            return -1;
        if ((v < -16 || v > 16) && *first_wide == NULL)
            *first_wide = vn;
        out[i] = (int8_t)v;
    }
    return 0;
}

int sc_load_tiles(sc_loader *L, const yaml_node_t *tiles)
{
    static const char *const keys[] = {"heights", "widths", "angle",
                                       "solidity", "solidity2", NULL};
    static const char *const req[] = {"heights", "angle", NULL};
    if (sc_want_type(L, tiles, YAML_MAPPING_NODE, "tiles"))
        return -1;
    yaml_node_pair_t *b = tiles->data.mapping.pairs.start;
    yaml_node_pair_t *e = tiles->data.mapping.pairs.top;
    for (yaml_node_pair_t *p = b; p < e; p++) {
        const yaml_node_t *k = sc_node_at(L, p->key);
        const yaml_node_t *v = sc_node_at(L, p->value);
        if (k->type != YAML_SCALAR_NODE || sc_slen(k) == 0 ||
            memchr(sc_sval(k), '\0', sc_slen(k)))
            return sc_fail(L, k,
                           "tiles: a tile name must be a non-empty string");
        for (yaml_node_pair_t *q = b; q < p; q++) {
            const yaml_node_t *k2 = sc_node_at(L, q->key);
            if (k2->type == YAML_SCALAR_NODE && sc_slen(k2) == sc_slen(k) &&
                memcmp(sc_sval(k2), sc_sval(k), sc_slen(k)) == 0)
                return sc_fail(L, k,
                               "tiles: duplicate key '%s' (first at line "
                               "%lu)",
                               sc_sval(k),
                               (unsigned long)k2->start_mark.line + 1);
        }
        if (L->ntiles == SC_MAX_TILES)
            return sc_fail(L, k, "tiles: too many tiles (at most %d)",
                           SC_MAX_TILES);
        if (sc_check_keys(L, v, "tile", keys, req))
            return -1;
        spg_mask *m = &L->s->masks[L->ntiles + 1];
        memset(m, 0, sizeof *m);
        const yaml_node_t *h = sc_get(L, v, "heights");
        const yaml_node_t *wide = NULL, *wide_w = NULL;
        if (sc_is_scalar(h, "full")) {
            for (int i = 0; i < 16; i++)
                m->heights[i] = 16;
        } else if (sc_is_scalar(h, "empty")) {
            /* all zero */
        } else if (h->type == YAML_SCALAR_NODE) {
            return sc_fail(L, h,
                           "heights: expected full, empty or a list of 16 "
                           "integers, found '%s'",
                           sc_sval(h));
        } else if (get_bytes16(L, h, "heights", m->heights, &wide)) {
            return -1;
        }
        const yaml_node_t *w = sc_get(L, v, "widths");
        if (w) {
            if (get_bytes16(L, w, "widths", m->widths, &wide_w))
                return -1;
        } else if (wide) {
            /* Deriving widths rebuilds the 16x16 bitmap the heights
             * describe; a column taller than the tile has none. */
            return sc_fail(L, wide,
                           "heights: %s is outside -16..16, so the widths "
                           "cannot be derived from the heights: give "
                           "widths (16 integers -128..127)",
                           sc_sval(wide));
        } else {
            spg_mask_derive_widths(m);
        }
        int64_t a;
        if (sc_get_int(L, sc_get(L, v, "angle"), "angle", 0, 255, &a))
            return -1;
        m->angle = (uint8_t)a;
        sc_tiledef *t = &L->tiles[L->ntiles];
        t->key = k;
        t->solidity = SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID;
        const yaml_node_t *so = sc_get(L, v, "solidity");
        if (so && get_solidity(L, so, "solidity", &t->solidity))
            return -1;
        /* the secondary path: as the primary unless given */
        t->solidity2 = sc_solidity_to_2(t->solidity);
        const yaml_node_t *so2 = sc_get(L, v, "solidity2");
        if (so2) {
            uint16_t bits2;
            if (!scenario_has(L->s, GAME_PATHS))
                return paths_only(L, so2, "solidity2");
            if (get_solidity(L, so2, "solidity2", &bits2))
                return -1;
            t->solidity2 = sc_solidity_to_2(bits2);
        }
        L->ntiles++;
    }
    return 0;
}

/* Index (0-based) of the tile named by scalar n, or -1 after an error. */
static int find_tile(sc_loader *L, const yaml_node_t *n)
{
    if (sc_want_type(L, n, YAML_SCALAR_NODE, "tile"))
        return -1;
    for (int i = 0; i < L->ntiles; i++) {
        const yaml_node_t *k = L->tiles[i].key;
        if (sc_slen(k) == sc_slen(n) &&
            memcmp(sc_sval(k), sc_sval(n), sc_slen(n)) == 0)
            return i;
    }
    sc_fail(L, n, "unknown tile name '%s' (not in tiles)", sc_sval(n));
    return -1;
}

/* ---- symbols -------------------------------------------------------- */

/* A cell's or symbol's bytes packed into a word, the first in the low
 * byte.  Symbol bytes are never 0, so equal widths give distinct keys. */
static uint32_t pack(const unsigned char *b, int width)
{
    uint32_t k = 0;
    for (int i = width - 1; i >= 0; i--)
        k = k << 8 | b[i];
    return k;
}

static size_t slot_of(const sc_loader *L, uint32_t key)
{
    size_t i = (size_t)((key * 2654435761u) >> 7) & (L->symbol_cap - 1);
    while (L->symbols[i].key != 0 && L->symbols[i].key != key)
        i = (i + 1) & (L->symbol_cap - 1);
    return i;
}

/* The cell word of a symbol, or -1 when it is not in the legend. */
static int32_t lookup(const sc_loader *L, uint32_t key)
{
    if (L->symbol_cap == 0)
        return -1;
    const sc_symbol *e = &L->symbols[slot_of(L, key)];
    return e->key == key ? (int32_t)e->word : -1;
}

/* The secondary path's mask index of a symbol in the legend. */
static uint8_t lookup_mask2(const sc_loader *L, uint32_t key)
{
    return L->symbols[slot_of(L, key)].mask2;
}

/* Printable ASCII other than space, for messages and symbols. */
static int graphic(unsigned char c)
{
    return c >= 0x21 && c <= 0x7E;
}

/* A cell of only '.' and ' ' is empty. */
static int empty_cell(const unsigned char *b, int width)
{
    for (int i = 0; i < width; i++)
        if (b[i] != '.' && b[i] != ' ')
            return 0;
    return 1;
}

/* Check a legend key; 0 and *key, or -1 after an error. */
static int legend_key(sc_loader *L, const yaml_node_t *k, uint32_t *key)
{
    int w = L->cell_width;
    if (k->type != YAML_SCALAR_NODE || sc_slen(k) != (size_t)w) {
        if (w == 1)
            return sc_fail(L, k,
                           "legend: a symbol must be a single character");
        return sc_fail(L, k,
                       "legend: a symbol must be %d characters "
                       "(cell_width %d), found %s%s%s",
                       w, w, k->type == YAML_SCALAR_NODE ? "'" : "",
                       k->type == YAML_SCALAR_NODE ? sc_sval(k)
                                                   : sc_type_name(k),
                       k->type == YAML_SCALAR_NODE ? "'" : "");
    }
    const unsigned char *b = (const unsigned char *)sc_sval(k);
    if (empty_cell(b, w)) {
        if (w == 1)
            return sc_fail(L, k, "legend: '%c' is always an empty cell", b[0]);
        return sc_fail(L, k,
                       "legend: '%s' is always an empty cell (a cell of "
                       "only '.' and ' ')",
                       sc_sval(k));
    }
    for (int i = 0; i < w; i++)
        if (!graphic(b[i])) {
            if (w == 1)
                return sc_fail(L, k,
                               "legend: a symbol must be a printable ASCII "
                               "character");
            return sc_fail(L, k,
                           "legend: a symbol must be printable ASCII "
                           "characters other than space");
        }
    *key = pack(b, w);
    if (lookup(L, *key) >= 0)
        return sc_fail(L, k, "legend: duplicate key '%s'", sc_sval(k));
    return 0;
}

static int load_legend(sc_loader *L, const yaml_node_t *legend)
{
    static const char *const keys[] = {"tile", "flip", "solidity",
                                       "solidity2", "tile2", NULL};
    static const char *const req[] = {"tile", NULL};
    if (sc_want_type(L, legend, YAML_MAPPING_NODE, "legend"))
        return -1;
    size_t n = (size_t)(legend->data.mapping.pairs.top -
                        legend->data.mapping.pairs.start);
    if (n > SC_MAX_SYMBOLS)
        return sc_fail(L, legend, "legend: more than %d symbols",
                       SC_MAX_SYMBOLS);
    size_t cap = 16;
    while (cap < 2 * n)
        cap *= 2;
    L->symbols = calloc(cap, sizeof *L->symbols);
    if (L->symbols == NULL)
        return sc_fail(L, legend, "out of memory");
    L->symbol_cap = cap;
    for (yaml_node_pair_t *p = legend->data.mapping.pairs.start;
         p < legend->data.mapping.pairs.top; p++) {
        const yaml_node_t *k = sc_node_at(L, p->key);
        const yaml_node_t *v = sc_node_at(L, p->value);
        uint32_t key = 0;
        if (legend_key(L, k, &key))
            return -1;
        int ti, ti2;
        uint16_t word = 0, solidity, solidity2;
        if (v->type == YAML_SCALAR_NODE) {
            if ((ti = find_tile(L, v)) < 0)
                return -1;
            ti2 = ti;
            solidity = L->tiles[ti].solidity;
            solidity2 = L->tiles[ti].solidity2;
        } else {
            if (sc_check_keys(L, v, "legend entry", keys, req))
                return -1;
            if ((ti = find_tile(L, sc_get(L, v, "tile"))) < 0)
                return -1;
            ti2 = ti;
            solidity = L->tiles[ti].solidity;
            solidity2 = L->tiles[ti].solidity2;
            const yaml_node_t *so = sc_get(L, v, "solidity");
            if (so) {
                if (get_solidity(L, so, "solidity", &solidity))
                    return -1;
                /* an entry's solidity counts for both paths unless it
                 * gives solidity2 as well */
                solidity2 = sc_solidity_to_2(solidity);
            }
            const yaml_node_t *so2 = sc_get(L, v, "solidity2");
            if (so2) {
                if (!scenario_has(L->s, GAME_PATHS))
                    return paths_only(L, so2, "solidity2");
                if (get_solidity(L, so2, "solidity2", &solidity2))
                    return -1;
                solidity2 = sc_solidity_to_2(solidity2);
            }
            const yaml_node_t *t2 = sc_get(L, v, "tile2");
            if (t2) {
                if (!scenario_has(L->s, GAME_PATHS))
                    return paths_only(L, t2, "tile2");
                if ((ti2 = find_tile(L, t2)) < 0)
                    return -1;
            }
            const yaml_node_t *fl = sc_get(L, v, "flip");
            if (fl) {
                if (sc_want_type(L, fl, YAML_SEQUENCE_NODE, "flip"))
                    return -1;
                for (yaml_node_item_t *it = fl->data.sequence.items.start;
                     it < fl->data.sequence.items.top; it++) {
                    static const char *const axes[] = {"x", "y", NULL};
                    const yaml_node_t *a = sc_node_at(L, *it);
                    int ax;
                    if (sc_get_enum(L, a, "flip", axes, &ax))
                        return -1;
                    uint16_t bit = ax == 0 ? SPG_CELL_XFLIP : SPG_CELL_YFLIP;
                    if (word & bit)
                        return sc_fail(L, a, "flip: '%s' given twice",
                                       sc_sval(a));
                    word |= bit;
                }
            }
        }
        word |= (uint16_t)(ti + 1) | solidity;
        if (scenario_has(L->s, GAME_PATHS))
            word |= solidity2;
        sc_symbol *e = &L->symbols[slot_of(L, key)];
        e->key = key;
        e->word = word;
        e->mask2 = (uint8_t)(ti2 + 1);
    }
    return 0;
}

/* An unknown symbol in a row: say which, readably. */
static int unknown_symbol(sc_loader *L, const yaml_node_t *r,
                          const unsigned char *b, size_t cell)
{
    int w = L->cell_width, printable = 1;
    for (int i = 0; i < w; i++)
        printable &= graphic(b[i]) || b[i] == ' ';
    if (printable)
        return sc_fail(L, r,
                       "row: unknown tile symbol '%.*s' at cell %zu (not in "
                       "legend)",
                       w, (const char *)b, cell);
    char bytes[5 * SC_MAX_CELL_WIDTH + 1];
    size_t at = 0;
    for (int i = 0; i < w; i++)
        at += (size_t)snprintf(bytes + at, sizeof bytes - at, "%s0x%02X",
                               i ? " " : "", b[i]);
    return sc_fail(L, r, "row: unknown tile symbol (byte%s %s) at cell %zu",
                   w > 1 ? "s" : "", bytes, cell);
}

/*
 * The cells of `rows` (a sequence of strings, `what` in messages): *width x
 * *height cell words (malloc'd) and each cell's secondary-path mask
 * (malloc'd; *differs when any differs from the cell's own mask).  With
 * want_w, want_h nonzero the rows must have that size.
 */
static int parse_rows(sc_loader *L, const yaml_node_t *rows, const char *what,
                      size_t want_w, size_t want_h, size_t *width_out,
                      size_t *height_out, uint16_t **cells_out,
                      uint8_t **cells2_out, int *differs_out)
{
    size_t cwid = (size_t)L->cell_width;
    if (sc_want_type(L, rows, YAML_SEQUENCE_NODE, what))
        return -1;
    yaml_node_item_t *b = rows->data.sequence.items.start;
    yaml_node_item_t *e = rows->data.sequence.items.top;
    if (b == e)
        return sc_fail(L, rows, "%s: the map needs at least one row", what);
    size_t width = 0;
    size_t height = (size_t)(e - b);
    if (want_h && height != want_h)
        return sc_fail(L, rows, "%s: %zu rows where rows has %zu", what,
                       height, want_h);
    for (yaml_node_item_t *it = b; it < e; it++) {
        const yaml_node_t *r = sc_node_at(L, *it);
        if (sc_want_type(L, r, YAML_SCALAR_NODE, "row"))
            return -1;
        if (sc_slen(r) % cwid)
            return sc_fail(L, r,
                           "row: %zu characters is not a whole number of "
                           "cells (cell_width %zu)",
                           sc_slen(r), cwid);
        if (it == b) {
            width = sc_slen(r) / cwid;
            if (width == 0)
                return sc_fail(L, r, "row: must not be empty");
            if (want_w && width != want_w)
                return sc_fail(L, r, "%s: %zu cells a row where rows has "
                               "%zu", what, width, want_w);
        } else if (sc_slen(r) / cwid != width) {
            return sc_fail(L, r,
                           "row: %zu cells where the first row has %zu "
                           "(rows must have equal length)",
                           sc_slen(r) / cwid, width);
        }
    }
    uint16_t *cells = malloc(width * height * sizeof *cells);
    uint8_t *cells2 = calloc(width * height, 1);
    if (cells == NULL || cells2 == NULL) {
        free(cells);
        free(cells2);
        return sc_fail(L, rows, "out of memory");
    }
    int differs = 0;
    for (size_t y = 0; y < height; y++) {
        const yaml_node_t *r = sc_node_at(L, b[y]);
        const unsigned char *row = (const unsigned char *)sc_sval(r);
        for (size_t x = 0; x < width; x++) {
            const unsigned char *c = row + x * cwid;
            uint16_t w = 0;
            if (!empty_cell(c, L->cell_width)) {
                int32_t word = -1;
                int ok = 1;
                for (size_t i = 0; i < cwid; i++)
                    ok &= graphic(c[i]);
                if (ok)
                    word = lookup(L, pack(c, L->cell_width));
                if (word < 0) {
                    free(cells);
                    free(cells2);
                    return unknown_symbol(L, r, c, x + 1);
                }
                w = (uint16_t)word;
                uint8_t m2 = lookup_mask2(L, pack(c, L->cell_width));
                cells2[y * width + x] = m2;
                differs |= m2 != (w & SPG_CELL_MASK);
            }
            cells[y * width + x] = w;
        }
    }
    *width_out = width;
    *height_out = height;
    *cells_out = cells;
    *cells2_out = cells2;
    *differs_out = differs;
    return 0;
}

int sc_load_map(sc_loader *L, const yaml_node_t *map)
{
    static const char *const keys[] = {"origin", "cell_width", "legend",
                                       "rows", "low_rows", "chunks", NULL};
    static const char *const req[] = {"origin", "rows", NULL};
    scenario *s = L->s;
    if (sc_check_keys(L, map, "map", keys, req))
        return -1;
    const yaml_node_t *o = sc_get(L, map, "origin");
    if (sc_want_type(L, o, YAML_SEQUENCE_NODE, "origin"))
        return -1;
    if (o->data.sequence.items.top - o->data.sequence.items.start != 2)
        return sc_fail(L, o, "origin: expected [x, y]");
    int64_t ox, oy;
    /* the game's level layout, in pixels (its profile's) */
    const int max_x = s->profile.layout_tiles_x * 16;
    const int max_y = s->profile.layout_tiles_y * 16;
    const yaml_node_t *nx = sc_node_at(L, o->data.sequence.items.start[0]);
    const yaml_node_t *ny = sc_node_at(L, o->data.sequence.items.start[1]);
    if (sc_get_int(L, nx, "origin x", 0, max_x - 16, &ox) ||
        sc_get_int(L, ny, "origin y", 0, max_y - 16, &oy))
        return -1;
    if (ox % 16)
        return sc_fail(L, nx, "origin x: %lld is not a multiple of 16",
                       (long long)ox);
    if (oy % 16)
        return sc_fail(L, ny, "origin y: %lld is not a multiple of 16",
                       (long long)oy);
    L->cell_width = 1;
    const yaml_node_t *cw = sc_get(L, map, "cell_width");
    if (cw) {
        int64_t v;
        if (sc_get_int(L, cw, "cell_width", 1, SC_MAX_CELL_WIDTH, &v))
            return -1;
        L->cell_width = (int)v;
    }
    const yaml_node_t *lg = sc_get(L, map, "legend");
    if (lg && load_legend(L, lg))
        return -1;
    const yaml_node_t *rows = sc_get(L, map, "rows");
    size_t width, height;
    uint8_t *cells2;
    int differs;
    if (parse_rows(L, rows, "rows", 0, 0, &width, &height, &s->cells,
                   &cells2, &differs))
        return -1;
    if ((uint64_t)ox + (uint64_t)width * 16 > (uint64_t)max_x) {
        free(cells2);
        return sc_fail(L, rows,
                       "map: x %lld + width %zu px exceeds the level "
                       "layout (%d px)",
                       (long long)ox, width * 16, max_x);
    }
    if ((uint64_t)oy + (uint64_t)height * 16 > (uint64_t)max_y) {
        free(cells2);
        return sc_fail(L, rows,
                       "map: y %lld + height %zu px exceeds the level "
                       "layout (%d px)",
                       (long long)oy, height * 16, max_y);
    }
    if (differs) {
        s->cells2 = cells2;
        s->map.secondary_masks = cells2;
    } else {
        free(cells2);
    }
    s->map.cells = s->cells;
    s->map.x0 = (uint16_t)(ox / 16);
    s->map.y0 = (uint16_t)(oy / 16);
    s->map.width = (uint16_t)width;
    s->map.height = (uint16_t)height;

    /* Sonic 1's loops: the low plane and the special chunks (loops.c). */
    const yaml_node_t *low = sc_get(L, map, "low_rows");
    const yaml_node_t *chunks = sc_get(L, map, "chunks");
    if (low) {
        size_t lw, lh;
        uint8_t *low2;
        int ldiff;
        if (!scenario_zone_game(s))
            return sc_fail(L, low, "low_rows: only a game: sonic1 scenario "
                           "has a loop's low plane");
        if (parse_rows(L, low, "low_rows", width, height, &lw, &lh,
                       &s->low_cells, &low2, &ldiff))
            return -1;
        free(low2);
    }
    if (chunks && sc_load_chunks(L, chunks))
        return -1;
    if ((low || chunks) && sc_finish_loops(L, low ? low : chunks))
        return -1;
    return 0;
}
