/*
 * soniccd_level.c - a scenario's map as Sonic CD's level program reads it
 * (level.h, "Sonic CD"): the layout in RAM, the chunks, the block -> mask
 * bytes and the masks in the program copy.
 */
#include "capture/level.h"

#include <stdio.h>
#include <string.h>

#define CELLS 16 /* a chunk's cells across and down */

int level_scd_chunk_id_ok(int id)
{
    /* 1: its first cell's address is FindLevelFloor's "no block";
     * 6, 7, 8, $49, $4C: Palmtree Panic 1 Present's 3D ramps
     * (ObjSonic_Handle3DRamp); $2F: its waterfall
     * (ObjSonic_MakeWaterfallSplash); bit 7: a loop chunk */
    return id >= 2 && id <= 0x7F && id != 6 && id != 7 && id != 8 &&
           id != 0x2F && id != 0x49 && id != 0x4C;
}

int level_build_scd(emu *e, const level_addrs_scd *a, const spg_map *map,
                    level_info *info, char *msg, size_t msglen)
{
    memset(info, 0, sizeof *info);
    if (a->chunks_end <= a->chunks) {
        snprintf(msg, msglen, "bad ROM description: no room for chunks");
        return -1;
    }
    /* ids 1..last fit in the chunk area; given out: those the program
     * does not treat specially */
    int last = (int)((a->chunks_end - a->chunks) / LEVEL_SCD_CHUNK_BYTES);
    uint8_t ids[0x7F];
    int nids = 0;
    for (int id = 1; id <= last; id++)
        if (level_scd_chunk_id_ok(id))
            ids[nids++] = (uint8_t)id;

    uint32_t tiles_x = LEVEL_SCD_LAYOUT_CHUNKS_X * CELLS;
    uint32_t tiles_y = LEVEL_SCD_LAYOUT_CHUNKS_Y * CELLS;
    if (level_check_extent(map, tiles_x, tiles_y, msg, msglen,
                           "the level program's layout (%d x %d chunks of "
                           "256 px: x < %u px, y < %u px)",
                           LEVEL_SCD_LAYOUT_CHUNKS_X, LEVEL_SCD_LAYOUT_CHUNKS_Y,
                           (unsigned)tiles_x * 16, (unsigned)tiles_y * 16) != 0)
        return -1;

    /* Mask ids; block id = mask index, which LevelCollision's 256 bytes
     * always cover (the cell word's 11 bits would allow more). */
    uint8_t mask_id[256];
    int masks = level_mask_ids(map, LEVEL_SCD_BLOCK_IDS, mask_id, msg, msglen);
    if (masks < 0)
        return -1;
    info->mask_count = masks;

    /* Chunks in the program copy, layout in RAM. */
    emu_fill(e, a->layout, 0,
             (uint32_t)LEVEL_SCD_LAYOUT_CHUNKS_Y * LEVEL_SCD_ROW_BYTES);
    const level_chunks256 c = {a->chunks, 1, ids, nids, a->layout,
                               LEVEL_SCD_ROW_BYTES};
    int chunks = level_put_chunks256(e, &c, map);
    if (chunks < 0) {
        snprintf(msg, msglen,
                 "the map needs more than %d distinct 256x256 chunks (ids "
                 "2..%d of the level program's chunk area, which ends at "
                 "$%06X, less 6, 7, 8, $2F, $49 and $4C, which Palmtree "
                 "Panic 1 treats specially)",
                 nids, last, (unsigned)a->chunks_end);
        return -1;
    }
    info->chunk_count = chunks;

    /* The block -> mask bytes over the program copy's LevelCollision, the
     * pointer collisionPtr, the masks over its arrays. */
    level_write_index(e, a->collision, LEVEL_SCD_BLOCK_IDS, a->collision_ptr,
                      mask_id);
    level_write_masks(e, a->angle_map, a->heights, a->widths, map, mask_id);
    return 0;
}
