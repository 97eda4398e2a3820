/*
 * soniccd_level.c - a scenario's map as Sonic CD's level program reads it
 * (level.h, "Sonic CD"): the layout in RAM, the chunks, the block -> mask
 * bytes and the masks in the program copy.
 */
#include "capture/level.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CELLS 16 /* a chunk's cells across and down */
#define CHUNK_WORDS (CELLS * CELLS)

int level_scd_chunk_id_ok(int id)
{
    /* 1: its first cell's address is FindLevelFloor's "no block";
     * 6, 7, 8, $49, $4C: Palmtree Panic 1 Present's 3D ramps
     * (ObjSonic_Handle3DRamp); $2F: its waterfall
     * (ObjSonic_MakeWaterfallSplash); bit 7: a loop chunk */
    return id >= 2 && id <= 0x7F && id != 6 && id != 7 && id != 8 &&
           id != 0x2F && id != 0x49 && id != 0x4C;
}

/* The program's cell word for the scenario's cell (tx, ty): the block id
 * is the mask index, flips and solidity where Sonic 1 keeps them too. */
static uint16_t cell_word(const spg_map *map, int32_t tx, int32_t ty)
{
    if (tx < (int32_t)map->x0 || ty < (int32_t)map->y0 ||
        tx >= (int32_t)map->x0 + map->width ||
        ty >= (int32_t)map->y0 + map->height)
        return 0;
    uint16_t c = map->cells[(size_t)(ty - map->y0) * map->width +
                            (size_t)(tx - map->x0)];
    uint16_t m = c & SPG_CELL_MASK;
    if (m == 0)
        return 0; /* no block: an empty cell's flags are never read */
    return (uint16_t)(m | (c & (SPG_CELL_XFLIP | SPG_CELL_YFLIP |
                                SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID)));
}

int level_build_scd(emu *e, const level_addrs_scd *a, const spg_map *map,
                    level_info *info, char *msg, size_t msglen)
{
    memset(info, 0, sizeof *info);
    if (a->chunks_end <= a->chunks) {
        snprintf(msg, msglen, "bad ROM description: no room for chunks");
        return -1;
    }
    /* ids 1..last fit in the chunk area */
    int last = (int)((a->chunks_end - a->chunks) / LEVEL_SCD_CHUNK_BYTES);
    int ids = 0;
    for (int id = 1; id <= last; id++)
        ids += level_scd_chunk_id_ok(id);

    uint32_t tiles_x = LEVEL_SCD_LAYOUT_CHUNKS_X * CELLS;
    uint32_t tiles_y = LEVEL_SCD_LAYOUT_CHUNKS_Y * CELLS;
    if (map->width > 0 && map->height > 0 &&
        ((uint32_t)map->x0 + map->width > tiles_x ||
         (uint32_t)map->y0 + map->height > tiles_y)) {
        snprintf(msg, msglen,
                 "map tiles x %u..%u, y %u..%u lie beyond the level "
                 "program's layout (%d x %d chunks of 256 px: x < %u px, "
                 "y < %u px)",
                 (unsigned)map->x0, (unsigned)(map->x0 + map->width - 1),
                 (unsigned)map->y0, (unsigned)(map->y0 + map->height - 1),
                 LEVEL_SCD_LAYOUT_CHUNKS_X, LEVEL_SCD_LAYOUT_CHUNKS_Y,
                 (unsigned)tiles_x * 16, (unsigned)tiles_y * 16);
        return -1;
    }

    /* Mask ids in order of first use; every cell's mask exists. */
    uint8_t mask_id[256];
    memset(mask_id, 0, sizeof mask_id);
    int next_mask = 1;
    for (uint32_t i = 0; i < (uint32_t)map->width * map->height; i++) {
        unsigned m = map->cells[i] & SPG_CELL_MASK;
        if (m == 0 || mask_id[m])
            continue;
        if (m >= map->mask_count) {
            snprintf(msg, msglen,
                     "cell %u names mask %u, but the map has %u masks",
                     (unsigned)i, m, (unsigned)map->mask_count);
            return -1;
        }
        if (next_mask > LEVEL_MAX_MASK_IDS) {
            snprintf(msg, msglen,
                     "the map uses more distinct masks than the original "
                     "has collision mask ids (%d)",
                     LEVEL_MAX_MASK_IDS);
            return -1;
        }
        mask_id[m] = (uint8_t)next_mask++;
    }
    info->mask_count = next_mask - 1;

    /* Chunks (kept here too, to find the same one again) and layout. */
    uint16_t *made = malloc((size_t)ids * CHUNK_WORDS * sizeof *made);
    if (!made) {
        snprintf(msg, msglen, "out of memory");
        return -1;
    }
    uint16_t chunk[CHUNK_WORDS];
    static const uint16_t empty[CHUNK_WORDS];
    int count = 0, next_id = 1;
    emu_fill(e, a->layout, 0,
             (uint32_t)LEVEL_SCD_LAYOUT_CHUNKS_Y * LEVEL_SCD_ROW_BYTES);
    int cx0 = 0, cx1 = -1, cy0 = 0, cy1 = -1;
    if (map->width > 0 && map->height > 0) {
        cx0 = map->x0 / CELLS;
        cx1 = (map->x0 + map->width - 1) / CELLS;
        cy0 = map->y0 / CELLS;
        cy1 = (map->y0 + map->height - 1) / CELLS;
    }
    uint8_t id_of[128]; /* the id given to made[k] */
    for (int cy = cy0; cy <= cy1; cy++) {
        for (int cx = cx0; cx <= cx1; cx++) {
            for (int by = 0; by < CELLS; by++)
                for (int bx = 0; bx < CELLS; bx++)
                    chunk[by * CELLS + bx] = cell_word(
                        map, cx * CELLS + bx, cy * CELLS + by);
            if (memcmp(chunk, empty, sizeof chunk) == 0)
                continue;
            int k = 0;
            while (k < count &&
                   memcmp(made + (size_t)k * CHUNK_WORDS, chunk, sizeof chunk))
                k++;
            if (k == count) {
                do
                    next_id++;
                while (next_id <= last && !level_scd_chunk_id_ok(next_id));
                if (next_id > last) {
                    snprintf(msg, msglen,
                             "the map needs more than %d distinct 256x256 "
                             "chunks (ids 2..%d of the level program's chunk "
                             "area, which ends at $%06X, less 6, 7, 8, $2F, "
                             "$49 and $4C, which Palmtree Panic 1 treats "
                             "specially)",
                             ids, last, (unsigned)a->chunks_end);
                    free(made);
                    return -1;
                }
                memcpy(made + (size_t)k * CHUNK_WORDS, chunk, sizeof chunk);
                id_of[k] = (uint8_t)next_id;
                count++;
                uint8_t bytes[LEVEL_SCD_CHUNK_BYTES];
                for (int c = 0; c < CHUNK_WORDS; c++) {
                    bytes[2 * c] = (uint8_t)(chunk[c] >> 8);
                    bytes[2 * c + 1] = (uint8_t)chunk[c];
                }
                emu_rom_write(e, a->chunks + (uint32_t)(next_id - 1) *
                                                 LEVEL_SCD_CHUNK_BYTES,
                              bytes, sizeof bytes);
            }
            emu_w8(e, a->layout + (uint32_t)cy * LEVEL_SCD_ROW_BYTES +
                          (uint32_t)cx,
                   id_of[k]);
        }
    }
    free(made);
    info->chunk_count = count;

    /* The block -> mask bytes over the program copy's, and the pointer. */
    for (uint32_t b = 0; b < LEVEL_SCD_BLOCK_IDS; b++)
        emu_rom_w8(e, a->collision + b, mask_id[b]);
    emu_w32(e, a->collision_ptr, a->collision);

    /* The masks over the program copy's arrays, at their mask ids. */
    for (unsigned m = 1; m < 256; m++) {
        if (!mask_id[m])
            continue;
        const spg_mask *mk = &map->masks[m];
        uint32_t id = mask_id[m];
        for (uint32_t i = 0; i < 16; i++) {
            emu_rom_w8(e, a->heights + id * 16 + i, (uint8_t)mk->heights[i]);
            emu_rom_w8(e, a->widths + id * 16 + i, (uint8_t)mk->widths[i]);
        }
        emu_rom_w8(e, a->angle_map + id, mk->angle);
    }
    return 0;
}
