/*
 * tile_fixture.h - what the collision tests share: a map of MAP_W x MAP_H
 * tiles at level tile (0,0) with up to 8 masks, a profile with Sonic 1's
 * layout wrap, and a frame pointing at both.  Define MAP_W and MAP_H before
 * including; set the masks after tile_fixture_reset().
 */
#ifndef SPG_TILE_FIXTURE_H
#define SPG_TILE_FIXTURE_H

#include <string.h>

#include "internal.h"

static uint16_t cells[MAP_W * MAP_H];
static spg_mask masks[8];
static spg_map map;
static spg_profile profile;
static spg_frame frame;

enum { ALL = SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID };

/* Empty cells and masks; map, profile and frame wired together. */
static inline void tile_fixture_reset(void)
{
    memset(cells, 0, sizeof cells);
    memset(masks, 0, sizeof masks);
    memset(&map, 0, sizeof map);
    map.masks = masks;
    map.mask_count = 8;
    map.cells = cells;
    map.width = MAP_W;
    map.height = MAP_H;
    memset(&profile, 0, sizeof profile);
    profile.layout_tiles_x = 1024;
    profile.layout_tiles_y = 128;
    memset(&frame, 0, sizeof frame);
    frame.profile = &profile;
    frame.map = &map;
}

/* Set the cells of tiles tx0..tx1 x ty0..ty1 (inclusive). */
static inline void fill(int tx0, int tx1, int ty0, int ty1, uint16_t cell)
{
    for (int ty = ty0; ty <= ty1; ty++)
        for (int tx = tx0; tx <= tx1; tx++)
            cells[ty * MAP_W + tx] = cell;
}

#endif /* SPG_TILE_FIXTURE_H */
