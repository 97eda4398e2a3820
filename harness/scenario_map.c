/*
 * scenario_map.c - the scenario's `tiles:` (16x16 masks) and `map:`
 * (origin, legend, rows) sections (docs/scenario-format.md).
 */
#include <stdlib.h>
#include <string.h>

#include "scenario_internal.h"

static const char *const solidity_names[] = {"all", "top", "sides", "none",
                                             NULL};
static const uint16_t solidity_bits[] = {
    SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID, SPG_CELL_TOP_SOLID,
    SPG_CELL_SIDE_SOLID, 0};

static int get_solidity(sc_loader *L, const yaml_node_t *n, const char *what,
                        uint16_t *out)
{
    int i;
    if (sc_get_enum(L, n, what, solidity_names, &i))
        return -1;
    *out = solidity_bits[i];
    return 0;
}

static int get_heights16(sc_loader *L, const yaml_node_t *n, const char *what,
                         int8_t out[16])
{
    if (sc_want_type(L, n, YAML_SEQUENCE_NODE, what))
        return -1;
    yaml_node_item_t *b = n->data.sequence.items.start;
    yaml_node_item_t *e = n->data.sequence.items.top;
    if (e - b != 16)
        return sc_fail(L, n, "%s: expected 16 integers, found %ld", what,
                       (long)(e - b));
    for (int i = 0; i < 16; i++) {
        int64_t v;
        if (sc_get_int(L, sc_node_at(L, b[i]), what, -16, 16, &v))
            return -1;
        out[i] = (int8_t)v;
    }
    return 0;
}

int sc_load_tiles(sc_loader *L, const yaml_node_t *tiles)
{
    static const char *const keys[] = {"heights", "widths", "angle",
                                       "solidity", NULL};
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
        } else if (get_heights16(L, h, "heights", m->heights)) {
            return -1;
        }
        const yaml_node_t *w = sc_get(L, v, "widths");
        if (w) {
            if (get_heights16(L, w, "widths", m->widths))
                return -1;
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

static int load_legend(sc_loader *L, const yaml_node_t *legend)
{
    static const char *const keys[] = {"tile", "flip", "solidity", NULL};
    static const char *const req[] = {"tile", NULL};
    if (sc_want_type(L, legend, YAML_MAPPING_NODE, "legend"))
        return -1;
    for (yaml_node_pair_t *p = legend->data.mapping.pairs.start;
         p < legend->data.mapping.pairs.top; p++) {
        const yaml_node_t *k = sc_node_at(L, p->key);
        const yaml_node_t *v = sc_node_at(L, p->value);
        if (k->type != YAML_SCALAR_NODE || sc_slen(k) != 1)
            return sc_fail(L, k,
                           "legend: a symbol must be a single character");
        unsigned char c = (unsigned char)sc_sval(k)[0];
        if (c == '.' || c == ' ')
            return sc_fail(L, k, "legend: '%c' is always an empty cell", c);
        if (c < 0x21 || c > 0x7E)
            return sc_fail(L, k,
                           "legend: a symbol must be a printable ASCII "
                           "character");
        if (L->legend_set[c])
            return sc_fail(L, k, "legend: duplicate key '%c'", c);
        int ti;
        uint16_t word = 0, solidity;
        if (v->type == YAML_SCALAR_NODE) {
            if ((ti = find_tile(L, v)) < 0)
                return -1;
            solidity = L->tiles[ti].solidity;
        } else {
            if (sc_check_keys(L, v, "legend entry", keys, req))
                return -1;
            if ((ti = find_tile(L, sc_get(L, v, "tile"))) < 0)
                return -1;
            solidity = L->tiles[ti].solidity;
            const yaml_node_t *so = sc_get(L, v, "solidity");
            if (so && get_solidity(L, so, "solidity", &solidity))
                return -1;
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
        L->legend[c] = word;
        L->legend_set[c] = 1;
    }
    return 0;
}

int sc_load_map(sc_loader *L, const yaml_node_t *map)
{
    static const char *const keys[] = {"origin", "legend", "rows", NULL};
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
    const yaml_node_t *nx = sc_node_at(L, o->data.sequence.items.start[0]);
    const yaml_node_t *ny = sc_node_at(L, o->data.sequence.items.start[1]);
    if (sc_get_int(L, nx, "origin x", 0, SC_LAYOUT_MAX_X - 16, &ox) ||
        sc_get_int(L, ny, "origin y", 0, SC_LAYOUT_MAX_Y - 16, &oy))
        return -1;
    if (ox % 16)
        return sc_fail(L, nx, "origin x: %lld is not a multiple of 16",
                       (long long)ox);
    if (oy % 16)
        return sc_fail(L, ny, "origin y: %lld is not a multiple of 16",
                       (long long)oy);
    const yaml_node_t *lg = sc_get(L, map, "legend");
    if (lg && load_legend(L, lg))
        return -1;
    const yaml_node_t *rows = sc_get(L, map, "rows");
    if (sc_want_type(L, rows, YAML_SEQUENCE_NODE, "rows"))
        return -1;
    yaml_node_item_t *b = rows->data.sequence.items.start;
    yaml_node_item_t *e = rows->data.sequence.items.top;
    if (b == e)
        return sc_fail(L, rows, "rows: the map needs at least one row");
    size_t width = 0;
    size_t height = (size_t)(e - b);
    for (yaml_node_item_t *it = b; it < e; it++) {
        const yaml_node_t *r = sc_node_at(L, *it);
        if (sc_want_type(L, r, YAML_SCALAR_NODE, "row"))
            return -1;
        if (it == b) {
            width = sc_slen(r);
            if (width == 0)
                return sc_fail(L, r, "row: must not be empty");
        } else if (sc_slen(r) != width) {
            return sc_fail(L, r,
                           "row: %zu cells where the first row has %zu "
                           "(rows must have equal length)",
                           sc_slen(r), width);
        }
    }
    if ((uint64_t)ox + (uint64_t)width * 16 > SC_LAYOUT_MAX_X)
        return sc_fail(L, rows,
                       "map: x %lld + width %zu px exceeds the level "
                       "layout (%d px)",
                       (long long)ox, width * 16, SC_LAYOUT_MAX_X);
    if ((uint64_t)oy + (uint64_t)height * 16 > SC_LAYOUT_MAX_Y)
        return sc_fail(L, rows,
                       "map: y %lld + height %zu px exceeds the level "
                       "layout (%d px)",
                       (long long)oy, height * 16, SC_LAYOUT_MAX_Y);
    s->cells = malloc(width * height * sizeof *s->cells);
    if (s->cells == NULL)
        return sc_fail(L, rows, "out of memory");
    for (size_t y = 0; y < height; y++) {
        const yaml_node_t *r = sc_node_at(L, b[y]);
        const unsigned char *row = (const unsigned char *)sc_sval(r);
        for (size_t x = 0; x < width; x++) {
            unsigned char c = row[x];
            uint16_t w = 0;
            if (c != '.' && c != ' ') {
                if (!L->legend_set[c]) {
                    if (c >= 0x21 && c <= 0x7E)
                        return sc_fail(L, r,
                                       "row: unknown tile symbol '%c' at "
                                       "cell %zu (not in legend)",
                                       c, x + 1);
                    return sc_fail(L, r,
                                   "row: unknown tile symbol (byte 0x%02X) "
                                   "at cell %zu",
                                   c, x + 1);
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
