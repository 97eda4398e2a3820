/*
 * special/maze.c - the special stage's maze as the code reads it: the
 * layout byte at a 68000 address, a block by row and column, and which
 * block ids are solid.
 *
 * The lowest file of the folder: it calls nothing of the others.  Object
 * 09's tile checks (stage.c) and the items (items.c) both read the layout
 * through spg_ss_byte_at; spg_ss_block and spg_ss_is_solid are the
 * library's accessors (spg/special.h), the second also the tile checks'
 * test.
 */
#include "internal.h"

uint8_t *spg_ss_byte_at(spg_ss_state *s, uint32_t addr)
{
    uint32_t a = addr & 0x00FFFFFFu;
    if (a < SPG_SS_LAYOUT_ADDR || a - SPG_SS_LAYOUT_ADDR >= SPG_SS_LAYOUT_BYTES)
        return 0;
    return &s->layout[a - SPG_SS_LAYOUT_ADDR];
}

int spg_ss_is_solid(uint8_t id)
{
    /* sub_1BD30 */
    if (id == SPG_SS_EMPTY || id == SPG_SS_1UP)
        return 0;
    return id < SPG_SS_RING || id >= SPG_SS_GLASS_ANIM_FIRST;
}

uint8_t spg_ss_block(const spg_ss_state *s, int row, int col)
{
    if (row < 0 || col < 0 || col >= SPG_SS_ROW ||
        row >= SPG_SS_LAYOUT_BYTES / SPG_SS_ROW)
        return 0;
    return s->layout[row * SPG_SS_ROW + col];
}
