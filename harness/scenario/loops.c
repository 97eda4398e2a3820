/*
 * loops.c - Sonic 1's zones, loops and roll tunnels in a scenario: the
 * top-level `zone:`, the map's `chunks:` (and `low_rows:`, read by map.c),
 * and the layout bytes the core's Sonic_Loops and FindNearestTile read
 * (docs/scenario-format.md, "Loops and roll tunnels").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario/loader.h"

const char *const scenario_chunk_kind_names[] = {
    "plain", "special", "loop1", "loop2", "roll1", "roll2", NULL};

/* The SPG_LOOP1.. index of a kind of the zone's four. */
static int role_of(int kind)
{
    return kind - SCENARIO_CHUNK_LOOP1;
}

int scenario_zone_game(const scenario *s)
{
    const game_desc *g = scenario_game(s);
    return g != NULL && g->zone_count > 0;
}

void scenario_set_zone(scenario *s, const game_zone *z)
{
    const game_desc *g = scenario_game(s);
    if (z == NULL && g != NULL && g->zone_count > 0)
        z = &g->zones[g->default_zone];
    if (z == NULL) {
        s->map.zone = SPG_ZONE_NONE;
        memset(s->map.loop_chunks, 0, sizeof s->map.loop_chunks);
        return;
    }
    s->map.zone = z->id;
    memcpy(s->map.loop_chunks, z->loop_chunks, sizeof s->map.loop_chunks);
}

const game_zone *scenario_zone(const scenario *s)
{
    const game_desc *g = scenario_game(s);
    return g != NULL ? game_zone_by_id(g, s->map.zone) : NULL;
}

/* The scenario cell word at level tile (tx, ty) of a plane, 0 outside the
 * map. */
static uint16_t plane_cell(const scenario *s, const uint16_t *plane, int tx,
                           int ty)
{
    const spg_map *m = &s->map;
    if (tx < m->x0 || ty < m->y0 || tx >= m->x0 + m->width ||
        ty >= m->y0 + m->height)
        return 0;
    return plane[(size_t)(ty - m->y0) * m->width + (size_t)(tx - m->x0)];
}

/* Whether chunks a and b (indices into chunk_kinds) hold the same cells
 * in both planes. */
static int same_chunk(const scenario *s, int a, int b)
{
    int ax = a % SCENARIO_LAYOUT_CHUNKS_X * 16, ay = a / SCENARIO_LAYOUT_CHUNKS_X * 16;
    int bx = b % SCENARIO_LAYOUT_CHUNKS_X * 16, by = b / SCENARIO_LAYOUT_CHUNKS_X * 16;
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++) {
            if (plane_cell(s, s->cells, ax + x, ay + y) !=
                plane_cell(s, s->cells, bx + x, by + y))
                return 0;
            if (s->low_cells &&
                plane_cell(s, s->low_cells, ax + x, ay + y) !=
                    plane_cell(s, s->low_cells, bx + x, by + y))
                return 0;
        }
    return 1;
}

/* The layout byte of a SCENARIO_CHUNK_SPECIAL chunk: bit 7 set, and equal
 * to none of the zone's four ids (so Sonic_Loops passes over it). */
static uint8_t special_byte(const spg_map *m)
{
    for (unsigned b = 0xFF; b >= 0x81; b--) {
        int clash = 0;
        for (int r = 0; r < 4; r++)
            clash |= m->loop_chunks[r] == b;
        if (!clash)
            return (uint8_t)b;
    }
    return 0x80;
}

int scenario_make_layout(scenario *s, char *msg, size_t msglen)
{
    spg_map *m = &s->map;
    free(s->layout);
    s->layout = NULL;
    m->layout = NULL;
    m->low_cells = NULL;
    if (s->chunk_kinds == NULL && s->low_cells == NULL)
        return 0;
    const game_zone *z = scenario_zone(s);
    if (z == NULL) {
        snprintf(msg, msglen, "only a game with zones (sonic1) has loop "
                              "chunks and a low plane");
        return -1;
    }
    uint8_t *layout = calloc(SPG_LAYOUT_ROWS * SPG_LAYOUT_ROW_BYTES, 1);
    if (layout == NULL) {
        snprintf(msg, msglen, "out of memory");
        return -1;
    }
    int first[4] = {-1, -1, -1, -1};
    for (int i = 0; s->chunk_kinds && i < SCENARIO_LAYOUT_CHUNKS; i++) {
        int kind = s->chunk_kinds[i];
        int cx = i % SCENARIO_LAYOUT_CHUNKS_X, cy = i / SCENARIO_LAYOUT_CHUNKS_X;
        uint8_t b = 0;
        if (kind == SCENARIO_CHUNK_SPECIAL) {
            b = special_byte(m);
        } else if (kind >= SCENARIO_CHUNK_LOOP1 && kind <= SCENARIO_CHUNK_ROLL2) {
            int r = role_of(kind);
            b = m->loop_chunks[r];
            if (b == GAME_NO_CHUNK) {
                snprintf(msg, msglen,
                         "chunk at [%d, %d]: %s has no %s chunk (its "
                         "LoopTileNums entry is $7F, which no layout "
                         "holds)",
                         cx * 256, cy * 256, z->title,
                         scenario_chunk_kind_names[kind]);
                free(layout);
                return -1;
            }
            if (first[r] < 0) {
                first[r] = i;
            } else if (!same_chunk(s, first[r], i)) {
                snprintf(msg, msglen,
                         "chunks at [%d, %d] and [%d, %d] are both %s but "
                         "hold different cells: the original keeps one "
                         "chunk for the id $%02X",
                         first[r] % SCENARIO_LAYOUT_CHUNKS_X * 256,
                         first[r] / SCENARIO_LAYOUT_CHUNKS_X * 256, cx * 256,
                         cy * 256, scenario_chunk_kind_names[kind],
                         (unsigned)b);
                free(layout);
                return -1;
            }
        }
        layout[cy * SPG_LAYOUT_ROW_BYTES + cx] = b;
    }
    /* a low-plane cell outside a loop chunk is never read */
    for (int y = 0; s->low_cells && y < m->height; y++)
        for (int x = 0; x < m->width; x++) {
            uint16_t c = s->low_cells[(size_t)y * m->width + (size_t)x];
            int tx = m->x0 + x, ty = m->y0 + y;
            uint8_t b = layout[(ty / 16) * SPG_LAYOUT_ROW_BYTES + tx / 16];
            if ((c & SPG_CELL_MASK) != 0 && !(b & 0x80)) {
                snprintf(msg, msglen,
                         "low_rows: the cell at row %d, column %d (level "
                         "x %d, y %d) lies in the chunk at [%d, %d], which "
                         "is not a loop chunk (chunks: special, or a loop "
                         "id with bit 7); the original reads a low plane "
                         "only there",
                         y + 1, x + 1, tx * 16, ty * 16, tx / 16 * 256,
                         ty / 16 * 256);
                free(layout);
                return -1;
            }
        }
    s->layout = layout;
    m->layout = layout;
    m->low_cells = s->low_cells;
    return 0;
}

/* ---- the loader's part ------------------------------------------------ */

int sc_load_zone(sc_loader *L, const yaml_node_t *n)
{
    const game_desc *g = scenario_game(L->s);
    if (!scenario_zone_game(L->s))
        return sc_fail(L, n, "zone: a %s scenario has no zone (only "
                       "game: sonic1)", g ? g->title : "this");
    if (sc_want_type(L, n, YAML_SCALAR_NODE, "zone"))
        return -1;
    const game_zone *z = game_zone_by_name(g, sc_sval(n));
    if (z == NULL) {
        char names[200];
        size_t at = 0;
        names[0] = '\0';
        for (int i = 0; i < g->zone_count && at < sizeof names; i++)
            at += (size_t)snprintf(names + at, sizeof names - at, "%s%s",
                                   i ? ", " : "", g->zones[i].name);
        return sc_fail(L, n, "zone: unknown zone '%s' (expected one of %s)",
                       sc_sval(n), names);
    }
    scenario_set_zone(L->s, z);
    return 0;
}

int sc_load_chunks(sc_loader *L, const yaml_node_t *chunks)
{
    static const char *const keys[] = {"at", "kind", NULL};
    scenario *s = L->s;
    if (!scenario_zone_game(s))
        return sc_fail(L, chunks, "chunks: only a game: sonic1 scenario "
                       "has loop and roll-tunnel chunks");
    if (sc_want_type(L, chunks, YAML_SEQUENCE_NODE, "chunks"))
        return -1;
    s->chunk_kinds = calloc(SCENARIO_LAYOUT_CHUNKS, 1);
    if (s->chunk_kinds == NULL)
        return sc_fail(L, chunks, "out of memory");
    for (yaml_node_item_t *it = chunks->data.sequence.items.start;
         it < chunks->data.sequence.items.top; it++) {
        const yaml_node_t *e = sc_node_at(L, *it);
        if (sc_check_keys(L, e, "chunk", keys, keys))
            return -1;
        const yaml_node_t *at = sc_get(L, e, "at");
        if (sc_want_type(L, at, YAML_SEQUENCE_NODE, "at"))
            return -1;
        if (at->data.sequence.items.top - at->data.sequence.items.start != 2)
            return sc_fail(L, at, "at: expected [x, y]");
        const yaml_node_t *nx = sc_node_at(L, at->data.sequence.items.start[0]);
        const yaml_node_t *ny = sc_node_at(L, at->data.sequence.items.start[1]);
        int64_t x, y;
        if (sc_get_int(L, nx, "at x", 0, SCENARIO_LAYOUT_CHUNKS_X * 256 - 256,
                       &x) ||
            sc_get_int(L, ny, "at y", 0, SCENARIO_LAYOUT_CHUNKS_Y * 256 - 256,
                       &y))
            return -1;
        if (x % 256)
            return sc_fail(L, nx, "at x: %lld is not a multiple of 256 (a "
                           "chunk's left edge)", (long long)x);
        if (y % 256)
            return sc_fail(L, ny, "at y: %lld is not a multiple of 256 (a "
                           "chunk's top edge)", (long long)y);
        int kind;
        if (sc_get_enum(L, sc_get(L, e, "kind"), "kind",
                        scenario_chunk_kind_names + 1, &kind))
            return -1;
        kind += 1;
        size_t i = (size_t)(y / 256) * SCENARIO_LAYOUT_CHUNKS_X + (size_t)(x / 256);
        if (s->chunk_kinds[i] != SCENARIO_CHUNK_PLAIN)
            return sc_fail(L, at, "at: the chunk at [%lld, %lld] is given "
                           "twice", (long long)x, (long long)y);
        s->chunk_kinds[i] = (uint8_t)kind;
    }
    return 0;
}

int sc_finish_loops(sc_loader *L, const yaml_node_t *node)
{
    char msg[320];
    if (scenario_make_layout(L->s, msg, sizeof msg) != 0)
        return sc_fail(L, node, "%s", msg);
    return 0;
}
