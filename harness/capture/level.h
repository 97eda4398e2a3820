/*
 * level.h - building a scenario's tile map into the emulated game the way
 * the game's level loader leaves it.
 *
 *   - 256x256 chunks at v_256x256 ($200 bytes each, chunk n at
 *     v_256x256 + (n-1)*$200, cell (bx,by) word at by*$20 + bx*2), identical
 *     chunks shared, at most as many as fit below v_lvllayout (82 in Sonic 1);
 *   - the level layout at v_lvllayout: 8 rows of $80 bytes, foreground chunk
 *     ids in the first $40 of each row, 0 = empty;
 *   - cell words: block id (bits 0-9), x flip (bit 11), y flip (bit 12),
 *     top solid (bit 13), side/bottom solid (bit 14);
 *   - the collision index: v_collindex points at a byte per block id giving
 *     the collision mask id; the capture writes it over the ROM copy's
 *     collision index of the zone it runs in;
 *   - the masks: 16 column heights (CollArray1), 16 row widths (CollArray2)
 *     and an angle (AngleMap) per mask id, written over the ROM copy.
 *
 * Ids are assigned deterministically: block id = the scenario's mask index;
 * mask ids are given out from 1 in the order the masks are first used
 * scanning the map row by row; chunk ids from 1 in the order chunks are
 * first met scanning the layout row by row.
 */
#ifndef SPGSIM_CAPTURE_LEVEL_H
#define SPGSIM_CAPTURE_LEVEL_H

#include <stddef.h>
#include <stdint.h>

#include "spg/spg.h"
#include "capture/emu.h"

/* Where the level goes (from the ROM description). */
typedef struct level_addrs {
    uint32_t chunks;          /* v_256x256 */
    uint32_t layout;          /* v_lvllayout */
    uint32_t collindex_ptr;   /* v_collindex (RAM long) */
    uint32_t collindex_rom;   /* where the index is written in the ROM copy */
    uint32_t collindex_size;  /* its size in bytes: block ids must be below */
    uint32_t angle_map, coll_array1, coll_array2;
} level_addrs;

/* What was built (for tests and messages). */
typedef struct level_info {
    int chunk_count;   /* distinct non-empty chunks */
    int mask_count;    /* mask ids given out */
} level_info;

/* Layout geometry of the original: 64 chunks of 256 px across (the second
 * $40 bytes of a row are the background), 8 rows down. */
#define LEVEL_LAYOUT_CHUNKS_X 64
#define LEVEL_LAYOUT_CHUNKS_Y 8
#define LEVEL_MAX_MASK_IDS 255

/*
 * Build `map` into the emulator's RAM and ROM copy.  Returns 0, or -1 with
 * a message naming what the original cannot express (map beyond the layout,
 * too many distinct chunks, more masks than ids, a block id beyond the
 * collision index, a cell naming a mask that does not exist).
 */
int level_build(emu *e, const level_addrs *a, const spg_map *map,
                level_info *info, char *msg, size_t msglen);

#endif /* SPGSIM_CAPTURE_LEVEL_H */
