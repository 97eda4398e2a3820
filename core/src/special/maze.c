/*
 * special/maze.c - the library's accessors of the special stage's maze
 * (spg/special.h): a block by row and column, and which block ids are
 * solid.  What the stage's own code reads the maze with is maze.h
 * (inline); this file calls nothing of the others.
 */
#include "internal.h"

int spg_ss_is_solid(uint8_t id)
{
    return spg_ss_solid_id(id);
}

uint8_t spg_ss_block(const spg_ss_state *s, int row, int col)
{
    if (row < 0 || col < 0 || col >= SPG_SS_ROW ||
        row >= SPG_SS_LAYOUT_BYTES / SPG_SS_ROW)
        return 0;
    return s->layout[row * SPG_SS_ROW + col];
}
