/*
 * special/internal.h - what the special stage's modules share (private).
 * core/src/special/ is Sonic 1's special stage: object 09 in the rotating
 * maze (spg_ss_*, spg/special.h).
 *
 * stage.c     object 09: the frame, the jump, Obj09_Move, Obj09_Fall, the
 *             tile checks, SpeedToPos, the exit routines
 * items.c     Obj09_ChkItems (rings, 1-up, emeralds, ghost blocks),
 *             Obj09_ChkItems2 (bumper, GOAL, UP/DOWN, R, glass) and
 *             SS_AniItems with its slots
 * animate.c   Sonic_Animate as object 09 runs it (the roll)
 * maze.h      the layout as the code reads it, inline: the byte at an
 *             address, solidity
 * maze.c      the library's accessors: a block, solidity
 *
 * Calls go one way only, down this list: stage.c calls items.c and
 * animate.c; stage.c and items.c read the maze through maze.h; animate.c
 * and maze.c call nothing of the folder.
 */
#ifndef SPG_SPECIAL_INTERNAL_H
#define SPG_SPECIAL_INTERNAL_H

#include "../internal.h"
#include "spg/special.h"

/* Constants of object 09 (the guide's names where it has them). */
enum {
    SS_ACCELERATION = 0x0C,   /* acceleration_speed; friction the same */
    SS_DECELERATION = 0x40,   /* deceleration_speed */
    SS_TOP_SPEED = 0x800,     /* top_speed */
    SS_GRAVITY = 0x2A,        /* gravity_force (42) */
    SS_JUMP_SPEED = 0x680,
    SS_BUMPER_SPEED = 0x700,  /* "repulsion force of 7" */
    SS_COOLDOWN = 0x1E,       /* UP/DOWN and R block timers (30 frames) */
    SS_CHECK_X = 0x14,        /* tile check: column of X + $14 ... */
    SS_CHECK_Y = 0x44,        /* ... row of Y + $44 */
    SS_ITEM_X = 0x20,         /* item check: X + $20 */
    SS_ITEM_Y = 0x50          /* ... Y + $50 */
};

/* ---- stage.c ------------------------------------------------------------ */

/* sub_1BCE8: the 2x2 block check at position (x, y); records the last
 * solid block in last_block / last_block_addr.  Returns 1 when any of the
 * four blocks is solid. */
int spg_ss_check_blocks(spg_ss_state *s, int32_t y, int32_t x);

/* ---- items.c ------------------------------------------------------------ */

/* Obj09_ChkItems and Obj09_ChkItems2. */
void spg_ss_check_items(spg_ss_state *s);
void spg_ss_react_block(spg_ss_state *s);

/* SS_RemoveCollectedItem: the first free slot, or NULL when all are in
 * use. */
spg_ss_item *spg_ss_free_slot(spg_ss_state *s);

/* SS_AniItems: one step of every item animation. */
void spg_ss_animate_items(spg_ss_state *s);

/* ---- animate.c ---------------------------------------------------------- */

/* Sonic_Animate for object 09: one step of the player's animation (the
 * roll, the only one the special stage plays). */
void spg_ss_animate(spg_ss_state *s);

/* ---- maze.h (inline) and maze.c (spg_ss_block, spg_ss_is_solid) ------- */

#include "maze.h"

#endif /* SPG_SPECIAL_INTERNAL_H */
