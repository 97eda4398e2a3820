/*
 * level.c - the scenario's map as the game's level loader leaves it: the
 * pieces the builders share, then Sonic 1's, Sonic 2's and Sonic 3's
 * builders (Sonic CD's is soniccd_level.c).
 */
#include "capture/level.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK_CELLS 16
#define CHUNK_WORDS (CHUNK_CELLS * CHUNK_CELLS)
#define CHUNK_BYTES 0x200u
#define LAYOUT_ROW_BYTES 0x80u

/* ---- shared ------------------------------------------------------------- */

int level_check_extent(const spg_map *map, uint32_t tiles_x,
                       uint32_t tiles_y, char *msg, size_t msglen,
                       const char *fmt, ...)
{
    if (map->width == 0 || map->height == 0 ||
        ((uint32_t)map->x0 + map->width <= tiles_x &&
         (uint32_t)map->y0 + map->height <= tiles_y))
        return 0;
    int n = snprintf(msg, msglen, "map tiles x %u..%u, y %u..%u lie beyond ",
                     (unsigned)map->x0, (unsigned)(map->x0 + map->width - 1),
                     (unsigned)map->y0, (unsigned)(map->y0 + map->height - 1));
    if (n >= 0 && (size_t)n < msglen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg + n, msglen - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* Give mask m, which cell i names, the mask id *next (then one more)
 * unless it has one; -1 with a message as level_mask_ids says. */
static int give_mask_id(const spg_map *map, unsigned m, size_t i,
                        uint32_t blocks, uint8_t mask_id[256], int *next,
                        char *msg, size_t msglen)
{
    if (m == 0 || mask_id[m])
        return 0;
    if (m >= map->mask_count) {
        snprintf(msg, msglen, "cell %zu names mask %u, but the map has %u masks",
                 i, m, (unsigned)map->mask_count);
        return -1;
    }
    if (m >= blocks) {
        snprintf(msg, msglen,
                 "block id %u lies beyond the collision index ($%X entries)",
                 m, (unsigned)blocks);
        return -1;
    }
    if (*next > LEVEL_MAX_MASK_IDS) {
        snprintf(msg, msglen,
                 "the map uses more distinct masks than the original has "
                 "collision mask ids (%d)", LEVEL_MAX_MASK_IDS);
        return -1;
    }
    mask_id[m] = (uint8_t)(*next)++;
    return 0;
}

int level_mask_ids(const spg_map *map, uint32_t blocks, uint8_t mask_id[256],
                   char *msg, size_t msglen)
{
    memset(mask_id, 0, 256);
    int next = 1;
    for (size_t i = 0; i < (size_t)map->width * map->height; i++)
        if (give_mask_id(map, map->cells[i] & SPG_CELL_MASK, i, blocks,
                         mask_id, &next, msg, msglen) != 0)
            return -1;
    /* Sonic 1's low plane: its masks after the high plane's */
    for (size_t i = 0; map->low_cells && i < (size_t)map->width * map->height;
         i++)
        if (give_mask_id(map, map->low_cells[i] & SPG_CELL_MASK, i, blocks,
                         mask_id, &next, msg, msglen) != 0)
            return -1;
    return next - 1;
}

/* The chunks of `cells` cells across and down that the map overlaps:
 * span = {cx0, cx1, cy0, cy1}, none for an empty map.  Only these can hold
 * a block (the others are empty and keep layout byte 0). */
static void chunk_span(const spg_map *map, int cells, int span[4])
{
    span[0] = span[2] = 0;
    span[1] = span[3] = -1;
    if (map->width > 0 && map->height > 0) {
        span[0] = map->x0 / cells;
        span[1] = (map->x0 + map->width - 1) / cells;
        span[2] = map->y0 / cells;
        span[3] = (map->y0 + map->height - 1) / cells;
    }
}

/* The Sonic 1 cell word for the scenario's cell (tx, ty) of a plane. */
static uint16_t plane_word(const spg_map *map, const uint16_t *plane,
                           int32_t tx, int32_t ty)
{
    if (tx < (int32_t)map->x0 || ty < (int32_t)map->y0 ||
        tx >= (int32_t)map->x0 + map->width || ty >= (int32_t)map->y0 + map->height)
        return 0;
    uint16_t c = plane[(size_t)(ty - map->y0) * map->width + (size_t)(tx - map->x0)];
    uint16_t m = c & SPG_CELL_MASK;
    if (m == 0)
        return 0; /* no block: the flags of an empty cell are never read */
    /* block id = mask index; flip and solidity bits are where the game
     * keeps them */
    return (uint16_t)(m | (c & (SPG_CELL_XFLIP | SPG_CELL_YFLIP |
                                 SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID)));
}

static uint16_t cell_word(const spg_map *map, int32_t tx, int32_t ty)
{
    return plane_word(map, map->cells, tx, ty);
}

/* Whether chunk id `id` (at `base`) already holds `chunk`. */
static int chunk_same(const emu *e, const level_chunks256 *c, uint32_t base,
                      const uint16_t chunk[CHUNK_WORDS])
{
    for (uint32_t w = 0; w < CHUNK_WORDS; w++) {
        uint32_t at = base + w * 2;
        if ((c->in_rom ? emu_rom_r16(e, at) : emu_r16(e, at)) != chunk[w])
            return 0;
    }
    return 1;
}

static void chunk_write(emu *e, const level_chunks256 *c, uint32_t base,
                        const uint16_t chunk[CHUNK_WORDS])
{
    if (!c->in_rom) {
        for (uint32_t w = 0; w < CHUNK_WORDS; w++)
            emu_w16(e, base + w * 2, chunk[w]);
        return;
    }
    uint8_t bytes[CHUNK_BYTES];
    for (int w = 0; w < CHUNK_WORDS; w++) {
        bytes[2 * w] = (uint8_t)(chunk[w] >> 8);
        bytes[2 * w + 1] = (uint8_t)chunk[w];
    }
    emu_rom_write(e, base, bytes, sizeof bytes);
}

int level_put_chunks256(emu *e, const level_chunks256 *c, const spg_map *map)
{
    static const uint16_t empty[CHUNK_WORDS];
    uint16_t chunk[CHUNK_WORDS];
    int count = 0, span[4];
    chunk_span(map, CHUNK_CELLS, span);
    for (int cy = span[2]; cy <= span[3]; cy++) {
        for (int cx = span[0]; cx <= span[1]; cx++) {
            for (int by = 0; by < CHUNK_CELLS; by++)
                for (int bx = 0; bx < CHUNK_CELLS; bx++)
                    chunk[by * CHUNK_CELLS + bx] = cell_word(
                        map, cx * CHUNK_CELLS + bx, cy * CHUNK_CELLS + by);
            if (memcmp(chunk, empty, sizeof chunk) == 0)
                continue;
            int k = 0; /* the k-th distinct chunk, ids[k] */
            while (k < count &&
                   !chunk_same(e, c, c->chunks + (uint32_t)(c->ids[k] - 1) *
                                                     CHUNK_BYTES, chunk))
                k++;
            if (k == count) {
                if (count == c->id_count)
                    return -1;
                count++;
                chunk_write(e, c, c->chunks + (uint32_t)(c->ids[k] - 1) *
                                                  CHUNK_BYTES, chunk);
            }
            emu_w8(e, c->layout + (uint32_t)cy * c->row_bytes + (uint32_t)cx,
                   c->ids[k]);
        }
    }
    return count;
}

void level_write_index(emu *e, uint32_t index_rom, uint32_t blocks,
                       uint32_t index_ptr, const uint8_t mask_id[256])
{
    for (uint32_t b = 0; b < blocks; b++)
        emu_rom_w8(e, index_rom + b, b < 256 ? mask_id[b] : 0);
    emu_w32(e, index_ptr, index_rom);
}

void level_write_masks(emu *e, uint32_t angle_map, uint32_t heights,
                       uint32_t widths, const spg_map *map,
                       const uint8_t mask_id[256])
{
    for (unsigned m = 1; m < 256; m++) {
        if (!mask_id[m])
            continue;
        const spg_mask *mk = &map->masks[m];
        uint32_t id = mask_id[m];
        for (uint32_t i = 0; i < 16; i++) {
            emu_rom_w8(e, heights + id * 16 + i, (uint8_t)mk->heights[i]);
            emu_rom_w8(e, widths + id * 16 + i, (uint8_t)mk->widths[i]);
        }
        emu_rom_w8(e, angle_map + id, mk->angle);
    }
}

/* ---- Sonic 1 ------------------------------------------------------------ */

/*
 * Sonic 1's chunks with its loops (FindNearestTile, Sonic_Loops): a
 * layout byte n (1..$7F) reads chunk slot n (at v_256x256 + (n-1)*$200);
 * a byte $80|n is a loop chunk, slot n on the high plane and slot n+1 on
 * the low one ($51 when n+1 is $29).  The zone's four ids
 * (spg_map.loop_chunks, $7F: none) are what Sonic_Loops compares the
 * layout byte with, so a chunk the map marks with one of them gets that
 * very byte and its slots, and no other chunk may get a byte equal to one
 * of them.  Other chunks get slots from 1 up in the order they are met
 * scanning the layout row by row, identical ones shared; a loop chunk two
 * free slots in a row, never $28 (whose low plane would be $50).
 */
typedef struct s1_chunks {
    int capacity;                      /* slots 1..capacity */
    uint8_t used[0x80];                /* slot n taken */
    uint16_t (*content)[CHUNK_WORDS];  /* slot n's cells: content[n] */
} s1_chunks;

/* The slot of the low plane of loop byte $80|n. */
static int low_slot(int n)
{
    return n + 1 == 0x29 ? 0x51 : n + 1;
}

/* Whether byte b is one of the zone's four ids ($7F is none, and 0, the
 * empty chunk, never is one: a map with no zone has them all 0). */
static int zone_id(const spg_map *map, unsigned b)
{
    for (int r = 0; r < 4; r++)
        if (map->loop_chunks[r] != 0x7F && map->loop_chunks[r] != 0 &&
            map->loop_chunks[r] == b)
            return 1;
    return 0;
}

static void s1_chunk_cells(const spg_map *map, const uint16_t *plane, int cx,
                           int cy, uint16_t out[CHUNK_WORDS])
{
    for (int by = 0; by < CHUNK_CELLS; by++)
        for (int bx = 0; bx < CHUNK_CELLS; bx++)
            out[by * CHUNK_CELLS + bx] = plane_word(
                map, plane, cx * CHUNK_CELLS + bx, cy * CHUNK_CELLS + by);
}

/* Put `cells` in slot n (taken or free); -1 when n is past the RAM. */
static int s1_take(s1_chunks *c, int n, const uint16_t cells[CHUNK_WORDS])
{
    if (n < 1 || n > c->capacity)
        return -1;
    c->used[n] = 1;
    memcpy(c->content[n], cells, sizeof c->content[n]);
    return 0;
}

/* The byte of the layout for the chunk at (cx, cy); 0 for an empty plain
 * chunk, -1 when the chunk RAM is full (msg says so). */
static int s1_place(s1_chunks *c, const spg_map *map, int cx, int cy,
                    char *msg, size_t msglen)
{
    static const uint16_t empty[CHUNK_WORDS];
    uint16_t hi[CHUNK_WORDS], lo[CHUNK_WORDS];
    unsigned b = map->layout ? map->layout[cy * LAYOUT_ROW_BYTES + cx] : 0;
    s1_chunk_cells(map, map->cells, cx, cy, hi);
    s1_chunk_cells(map, map->low_cells ? map->low_cells : map->cells, cx, cy,
                   lo);
    if (zone_id(map, b)) { /* the zone's own byte and slots */
        int n = (int)(b & 0x7F);
        if (s1_take(c, n, hi) != 0 ||
            ((b & 0x80) && s1_take(c, low_slot(n), lo) != 0)) {
            snprintf(msg, msglen,
                     "the zone's chunk $%02X needs chunk slots beyond the "
                     "%d that fit in the original's chunk RAM",
                     b, c->capacity);
            return -1;
        }
        return (int)b;
    }
    if (b & 0x80) { /* a loop chunk that is none of the zone's */
        for (int n = 1; n + 1 <= c->capacity; n++)
            if (c->used[n] && c->used[n + 1] && n != 0x28 &&
                !zone_id(map, 0x80u | (unsigned)n) &&
                memcmp(c->content[n], hi, sizeof hi) == 0 &&
                memcmp(c->content[n + 1], lo, sizeof lo) == 0)
                return 0x80 | n;
        for (int n = 1; n + 1 <= c->capacity; n++)
            if (!c->used[n] && !c->used[n + 1] && n != 0x28 &&
                !zone_id(map, 0x80u | (unsigned)n)) {
                s1_take(c, n, hi);
                s1_take(c, n + 1, lo);
                return 0x80 | n;
            }
    } else {
        if (memcmp(hi, empty, sizeof hi) == 0)
            return 0;
        for (int n = 1; n <= c->capacity; n++)
            if (c->used[n] && !zone_id(map, (unsigned)n) &&
                memcmp(c->content[n], hi, sizeof hi) == 0)
                return n;
        for (int n = 1; n <= c->capacity; n++)
            if (!c->used[n] && !zone_id(map, (unsigned)n)) {
                s1_take(c, n, hi);
                return n;
            }
    }
    snprintf(msg, msglen,
             "the map needs more than %d distinct 256x256 chunks (all that "
             "fit in the original's chunk RAM)",
             c->capacity);
    return -1;
}

/* Sonic 1's chunks and layout; the number of chunk slots used, or -1. */
static int s1_put_chunks(emu *e, const level_addrs *a, const spg_map *map,
                         int capacity, char *msg, size_t msglen)
{
    s1_chunks c;
    memset(&c, 0, sizeof c);
    c.capacity = capacity;
    c.content = calloc(0x80, sizeof *c.content);
    if (c.content == NULL) {
        snprintf(msg, msglen, "out of memory");
        return -1;
    }
    int span[4];
    chunk_span(map, CHUNK_CELLS, span);
    /* the zone's own chunks first: their slots are fixed */
    for (int pass = 0; pass < 2; pass++)
        for (int cy = 0; cy < LEVEL_LAYOUT_CHUNKS_Y; cy++)
            for (int cx = 0; cx < LEVEL_LAYOUT_CHUNKS_X; cx++) {
                unsigned b = map->layout ? map->layout[cy * LAYOUT_ROW_BYTES + cx]
                                         : 0;
                int inside = cx >= span[0] && cx <= span[1] &&
                             cy >= span[2] && cy <= span[3];
                if ((pass == 0) != (zone_id(map, b) != 0) ||
                    (!inside && b == 0))
                    continue;
                int byte = s1_place(&c, map, cx, cy, msg, msglen);
                if (byte < 0) {
                    free(c.content);
                    return -1;
                }
                emu_w8(e, a->layout + (uint32_t)cy * LAYOUT_ROW_BYTES +
                              (uint32_t)cx,
                       (uint8_t)byte);
            }
    int count = 0;
    for (int n = 1; n <= capacity; n++) {
        if (!c.used[n])
            continue;
        count++;
        for (uint32_t w = 0; w < CHUNK_WORDS; w++)
            emu_w16(e, a->chunks + (uint32_t)(n - 1) * CHUNK_BYTES + w * 2,
                    c.content[n][w]);
    }
    free(c.content);
    return count;
}

int level_build(emu *e, const level_addrs *a, const spg_map *map,
                level_info *info, char *msg, size_t msglen)
{
    memset(info, 0, sizeof *info);
    if (a->layout <= a->chunks) {
        snprintf(msg, msglen, "bad ROM description: layout below the chunks");
        return -1;
    }
    /* ids 1..capacity: as many chunks as fit below the layout; chunk ids
     * with bit 7 set are loop chunks */
    int capacity = (int)((a->layout - a->chunks) / CHUNK_BYTES);
    if (capacity > 0x7F)
        capacity = 0x7F;

    /* The map must lie inside the foreground layout (the second $40 bytes
     * of a row are the background). */
    uint32_t tiles_x = LEVEL_LAYOUT_CHUNKS_X * CHUNK_CELLS;
    uint32_t tiles_y = LEVEL_LAYOUT_CHUNKS_Y * CHUNK_CELLS;
    if (level_check_extent(map, tiles_x, tiles_y, msg, msglen,
                           "the original level layout (%u x %u tiles: x < %u "
                           "px, y < %u px)",
                           (unsigned)tiles_x, (unsigned)tiles_y,
                           (unsigned)tiles_x * 16, (unsigned)tiles_y * 16) != 0)
        return -1;

    /* Mask ids; block ids are 10 bits and must lie inside the zone's
     * collision index. */
    uint8_t mask_id[256];
    uint32_t blocks = a->collindex_size < 0x400 ? a->collindex_size : 0x400;
    int masks = level_mask_ids(map, blocks, mask_id, msg, msglen);
    if (masks < 0)
        return -1;
    info->mask_count = masks;

    /* Chunks in RAM and layout. */
    emu_fill(e, a->layout, 0, (uint32_t)LEVEL_LAYOUT_CHUNKS_Y * LAYOUT_ROW_BYTES);
    int chunks = s1_put_chunks(e, a, map, capacity, msg, msglen);
    if (chunks < 0)
        return -1;
    info->chunk_count = chunks;

    /* Collision index over the ROM copy's, the pointer to it, masks. */
    level_write_index(e, a->collindex_rom, a->collindex_size,
                      a->collindex_ptr, mask_id);
    level_write_masks(e, a->angle_map, a->coll_array1, a->coll_array2, map,
                      mask_id);
    return 0;
}

/* ---- Sonic 2 ------------------------------------------------------------ */

uint16_t level_s2_cell_bits(uint16_t c)
{
    uint16_t w = 0;
    if (c & SPG_CELL_XFLIP)
        w |= 1u << 10;
    if (c & SPG_CELL_YFLIP)
        w |= 1u << 11;
    if (c & SPG_CELL_TOP_SOLID)
        w |= 1u << 12;
    if (c & SPG_CELL_SIDE_SOLID)
        w |= 1u << 13;
    if (c & SPG_CELL_TOP_SOLID_2)
        w |= 1u << 14;
    if (c & SPG_CELL_SIDE_SOLID_2)
        w |= 1u << 15;
    return w;
}

/* The secondary path's mask of cell i. */
static unsigned mask2_of(const spg_map *map, size_t i)
{
    return map->secondary_masks ? map->secondary_masks[i]
                                : (unsigned)(map->cells[i] & SPG_CELL_MASK);
}

static int level_s2_fill(emu *e, const level_addrs_s2 *a, const spg_map *map,
                         level_info *info, uint16_t *block_of_pair, char *msg,
                         size_t msglen);

int level_build_s2(emu *e, const level_addrs_s2 *a, const spg_map *map,
                   level_info *info, char *msg, size_t msglen)
{
    memset(info, 0, sizeof *info);
    const uint32_t tiles_x = LEVEL_S2_LAYOUT_CHUNKS_X * LEVEL_S2_CHUNK_CELLS;
    const uint32_t tiles_y = LEVEL_S2_LAYOUT_CHUNKS_Y * LEVEL_S2_CHUNK_CELLS;
    if (level_check_extent(map, tiles_x, tiles_y, msg, msglen,
                           "the original level layout (%u x %u tiles)",
                           (unsigned)tiles_x, (unsigned)tiles_y) != 0)
        return -1;

    /* Mask ids and block ids in order of first use. */
    uint16_t *block_of_pair = calloc(256 * 256, sizeof *block_of_pair);
    if (block_of_pair == NULL) {
        snprintf(msg, msglen, "out of memory");
        return -1;
    }
    int rc = level_s2_fill(e, a, map, info, block_of_pair, msg, msglen);
    free(block_of_pair);
    return rc;
}

/* level_build_s2 with its scratch table (pair of masks -> block id). */
static int level_s2_fill(emu *e, const level_addrs_s2 *a, const spg_map *map,
                         level_info *info, uint16_t *block_of_pair, char *msg,
                         size_t msglen)
{
    uint8_t mask_id[256];
    memset(mask_id, 0, sizeof mask_id);
    uint8_t pair_mask[LEVEL_S2_BLOCK_IDS][2];
    int next_mask = 1, next_block = 1;
    size_t ncells = (size_t)map->width * map->height;
    for (size_t i = 0; i < ncells; i++) {
        unsigned m[2] = {map->cells[i] & SPG_CELL_MASK, mask2_of(map, i)};
        if (m[0] == 0)
            continue;
        /* (the block ids are the pairs' own, so every mask index fits) */
        for (int k = 0; k < 2; k++)
            if (give_mask_id(map, m[k], i, 256, mask_id, &next_mask, msg,
                             msglen) != 0)
                return -1;
        unsigned pair = m[0] << 8 | m[1];
        if (block_of_pair[pair] == 0) {
            if (next_block >= LEVEL_S2_BLOCK_IDS) {
                snprintf(msg, msglen,
                         "the map needs more than %d block ids (distinct "
                         "pairs of primary and secondary masks)",
                         LEVEL_S2_BLOCK_IDS - 1);
                return -1;
            }
            pair_mask[next_block][0] = (uint8_t)m[0];
            pair_mask[next_block][1] = (uint8_t)m[1];
            block_of_pair[pair] = (uint16_t)next_block++;
        }
    }
    info->mask_count = next_mask - 1;

    /* Chunks and layout. */
    uint16_t chunk[LEVEL_S2_CHUNK_CELLS * LEVEL_S2_CHUNK_CELLS];
    int chunk_count = 0;
    const uint32_t row_bytes =
        a->layout_row_bytes ? a->layout_row_bytes : LEVEL_S2_LAYOUT_ROW_BYTES;
    emu_fill(e, a->layout, 0, LEVEL_S2_LAYOUT_CHUNKS_Y * row_bytes);
    emu_fill(e, a->chunks, 0, LEVEL_S2_CHUNK_BYTES); /* chunk 0: empty */
    int span[4];
    chunk_span(map, LEVEL_S2_CHUNK_CELLS, span);
    for (int cy = span[2]; cy <= span[3]; cy++) {
        for (int cx = span[0]; cx <= span[1]; cx++) {
            int any = 0;
            for (int by = 0; by < LEVEL_S2_CHUNK_CELLS; by++)
                for (int bx = 0; bx < LEVEL_S2_CHUNK_CELLS; bx++) {
                    int32_t tx = cx * LEVEL_S2_CHUNK_CELLS + bx;
                    int32_t ty = cy * LEVEL_S2_CHUNK_CELLS + by;
                    uint16_t w = 0;
                    if (tx >= (int32_t)map->x0 && ty >= (int32_t)map->y0 &&
                        tx < (int32_t)map->x0 + map->width &&
                        ty < (int32_t)map->y0 + map->height) {
                        size_t i = (size_t)(ty - map->y0) * map->width +
                                   (size_t)(tx - map->x0);
                        uint16_t c = map->cells[i];
                        unsigned m = c & SPG_CELL_MASK;
                        if (m != 0)
                            w = (uint16_t)(block_of_pair[m << 8 |
                                                         mask2_of(map, i)] |
                                           level_s2_cell_bits(c));
                    }
                    chunk[by * LEVEL_S2_CHUNK_CELLS + bx] = w;
                    any |= w != 0;
                }
            if (!any)
                continue;
            int id = 0;
            for (int k = 1; k <= chunk_count && !id; k++) {
                uint32_t base = a->chunks + (uint32_t)k * LEVEL_S2_CHUNK_BYTES;
                int same = 1;
                for (int c = 0; c < LEVEL_S2_CHUNK_CELLS * LEVEL_S2_CHUNK_CELLS &&
                                same;
                     c++)
                    same = emu_r16(e, base + (uint32_t)c * 2) == chunk[c];
                if (same)
                    id = k;
            }
            if (!id) {
                if (chunk_count == LEVEL_S2_CHUNK_IDS - 1) {
                    snprintf(msg, msglen,
                             "the map needs more than %d distinct 128x128 "
                             "chunks (all the original's chunk table holds)",
                             LEVEL_S2_CHUNK_IDS - 1);
                    return -1;
                }
                id = ++chunk_count;
                uint32_t base = a->chunks + (uint32_t)id * LEVEL_S2_CHUNK_BYTES;
                for (int c = 0; c < LEVEL_S2_CHUNK_CELLS * LEVEL_S2_CHUNK_CELLS; c++)
                    emu_w16(e, base + (uint32_t)c * 2, chunk[c]);
            }
            emu_w8(e, a->layout + (uint32_t)cy * row_bytes + (uint32_t)cx,
                   (uint8_t)id);
        }
    }
    info->chunk_count = chunk_count;

    /* The two block -> mask tables (bytes; Sonic 3: words). */
    for (uint32_t b = 0; b < LEVEL_S2_BLOCK_IDS; b++) {
        int used = b > 0 && b < (uint32_t)next_block;
        uint8_t m1 = used ? mask_id[pair_mask[b][0]] : 0;
        uint8_t m2 = used ? mask_id[pair_mask[b][1]] : 0;
        if (a->table_entry_bytes == 2 && a->table_entry_high_byte) {
            emu_w16(e, a->primary + 2 * b, (uint16_t)(m1 << 8));
            emu_w16(e, a->secondary + 2 * b, (uint16_t)(m2 << 8));
        } else if (a->table_entry_bytes == 2) {
            emu_w16(e, a->primary + 2 * b, m1);
            emu_w16(e, a->secondary + 2 * b, m2);
        } else {
            emu_w8(e, a->primary + b, m1);
            emu_w8(e, a->secondary + b, m2);
        }
    }

    level_write_masks(e, a->angle_map, a->coll_array1, a->coll_array2, map,
                      mask_id);
    return 0;
}

/* ---- Sonic 3 ------------------------------------------------------------ */

int level_build_s3(emu *e, const level_addrs_s3 *a, const spg_map *map,
                   level_info *info, char *msg, size_t msglen)
{
    /* The row pointers are words the code sign-extends: the rows must lie
     * in $FFFF8000-$FFFFFFFF, and a column up to 511 must stay in RAM. */
    if ((a->rows & 0xFFFF0000u) != 0xFFFF0000u || (a->rows & 0xFFFFu) < 0x8000u ||
        (a->rows & 0xFFFFu) + LEVEL_S3_ROWS_SPAN > 0x10000u) {
        snprintf(msg, msglen, "bad ROM description: layout rows at $%08X",
                 (unsigned)a->rows);
        return -1;
    }
    level_addrs_s2 b;
    memset(&b, 0, sizeof b);
    b.chunks = a->chunks;
    b.layout = a->rows;
    b.primary = a->tables;
    b.secondary = a->tables + 2u * LEVEL_S2_BLOCK_IDS;
    b.angle_map = a->angle_map;
    b.coll_array1 = a->heights;
    b.coll_array2 = a->widths;
    b.layout_row_bytes = LEVEL_S3_ROW_BYTES;
    b.table_entry_bytes = 2;
    b.table_entry_high_byte = a->mask_id_byte;
    /* the packed rows and the empty bytes after them */
    emu_fill(e, a->rows, 0, LEVEL_S3_ROWS_SPAN);
    if (level_build_s2(e, &b, map, info, msg, msglen) != 0)
        return -1;
    /* header: row r's foreground and background pointers */
    for (uint32_t r = 0; r < LEVEL_S3_ROWS; r++) {
        uint16_t at = (uint16_t)((a->rows + r * LEVEL_S3_ROW_BYTES) & 0xFFFFu);
        emu_w16(e, a->header + 8 + 4 * r, at);
        emu_w16(e, a->header + 10 + 4 * r, at);
    }
    emu_w16(e, a->row_mask, LEVEL_S3_ROW_MASK);
    emu_w32(e, a->primary_ptr, b.primary);
    emu_w32(e, a->secondary_ptr, b.secondary);
    return 0;
}
