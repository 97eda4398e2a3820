/*
 * special/maze.h - the special stage's maze as the code reads it, inline:
 * the layout byte at a 68000 address and which block ids are solid.
 *
 * The lowest part of the folder (it calls nothing): object 09's tile
 * checks (stage.c) and the items (items.c) both read the layout through
 * it, once or more a frame, so it is inline rather than a call into
 * another file (as a call, spg_ss_step ran a quarter slower).  maze.c has
 * the library's accessors (spg_ss_block, spg_ss_is_solid of
 * spg/special.h).
 */
#ifndef SPG_SPECIAL_MAZE_H
#define SPG_SPECIAL_MAZE_H

#include <stdint.h>

#include "spg/special.h"

/* The layout byte at a 68000 address (24-bit bus: the top byte is
 * ignored), or NULL when it lies outside v_ssbuffer1. */
static inline uint8_t *spg_ss_byte_at(spg_ss_state *s, uint32_t addr)
{
    uint32_t a = addr & 0x00FFFFFFu;
    if (a < SPG_SS_LAYOUT_ADDR || a - SPG_SS_LAYOUT_ADDR >= SPG_SS_LAYOUT_BYTES)
        return 0;
    return &s->layout[a - SPG_SS_LAYOUT_ADDR];
}

/* sub_1BD30: whether block id `id` stops the player (spg_ss_is_solid). */
static inline int spg_ss_solid_id(uint8_t id)
{
    if (id == SPG_SS_EMPTY || id == SPG_SS_1UP)
        return 0;
    return id < SPG_SS_RING || id >= SPG_SS_GLASS_ANIM_FIRST;
}

#endif /* SPG_SPECIAL_MAZE_H */
