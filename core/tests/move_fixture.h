/*
 * move_fixture.h - what the movement tests share: the Sonic 1 profiles, a
 * flat floor whose top is at y = 736 (a standing player's centre is then
 * at y = 716, 19 px above it plus the row the feet stand in), an empty
 * map, and a way to run one frame with given buttons.
 */
#ifndef SPG_MOVE_FIXTURE_H
#define SPG_MOVE_FIXTURE_H

#include "spg/spg.h"
#include "internal.h"

#define FLOOR_TOP 736
#define FLOOR_Y 716
#define FLOOR_TILES_X 64  /* x = 0 .. 1023 */

/* A map and the arrays it points into. */
typedef struct fixture_map {
    spg_mask masks[2];
    uint16_t cells[FLOOR_TILES_X * 2];
    spg_map map;
} fixture_map;

static inline spg_profile fixture_profile(spg_variant v)
{
    spg_profile pr;
    spg_profile_get(SPG_GAME_SONIC1, SPG_CHAR_SONIC, v, &pr);
    return pr;
}

/* Mask 1: a full 16x16 block, flat (angle 0). */
static inline void fixture_full_mask(spg_mask *m)
{
    int i;
    for (i = 0; i < 16; i++) {
        m->heights[i] = 16;
        m->widths[i] = 16;
    }
    m->angle = 0;
}

/* Two rows of full solid blocks from x = 0 to 1023, top at FLOOR_TOP.
 * fm->map points into *fm. */
static inline void fixture_floor(fixture_map *fm)
{
    spg_map m = spg_map_default();
    int i;

    fm->masks[0] = m.masks[0];
    fixture_full_mask(&fm->masks[1]);
    for (i = 0; i < FLOOR_TILES_X * 2; i++)
        fm->cells[i] = 1 | SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID;
    m.masks = fm->masks;
    m.mask_count = 2;
    m.cells = fm->cells;
    m.x0 = 0;
    m.y0 = FLOOR_TOP / 16;
    m.width = FLOOR_TILES_X;
    m.height = 2;
    fm->map = m;
}

/* The fixture floor kept only from tile column tx0 to tx1 (a ledge). */
static inline void fixture_cut_floor(fixture_map *fm, int tx0, int tx1)
{
    int i;
    fixture_floor(fm);
    for (i = 0; i < FLOOR_TILES_X; i++)
        if (i < tx0 || i > tx1) {
            fm->cells[i] = 0;
            fm->cells[FLOOR_TILES_X + i] = 0;
        }
}

/* A player standing on the fixture floor at pixel x. */
static inline spg_player fixture_standing(const spg_profile *pr, int x)
{
    spg_player p = spg_player_default(pr);
    p.x = m68k_mkl((int16_t)x, 0);
    p.y = m68k_mkl(FLOOR_Y, 0);
    return p;
}

/* A frame context for calling one routine directly. */
static inline spg_frame fixture_frame(const spg_profile *pr, const spg_map *m,
                               uint8_t held, uint8_t pressed)
{
    spg_frame f;
    f.profile = pr;
    f.map = m;
    f.input.held = held;
    f.input.pressed = pressed;
    f.anglebuffer[0] = 0;
    f.anglebuffer[1] = 0;
    return f;
}

static inline void fixture_step(const spg_profile *pr, const spg_map *m,
                         spg_player *p, uint8_t held, uint8_t pressed)
{
    spg_input in;
    in.held = held;
    in.pressed = pressed;
    spg_step(pr, m, in, p);
}

#endif /* SPG_MOVE_FIXTURE_H */
