/*
 * special.h - the special-stage part of a scenario
 * (`mode: special_stage`, docs/scenario-format.md "Special-stage
 * scenarios"): the maze through a legend, the start, the stage angle and
 * rotation; and running it through the core.  The section's loader,
 * sc_load_special, is the scenario loader's (loader.h).
 */
#ifndef SPGSIM_SCENARIO_SPECIAL_H
#define SPGSIM_SCENARIO_SPECIAL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "spg/special.h"
#include "scenario/scenario.h"
#include "trace/trace.h"

/* Largest maze: the game's stage area (64 x 64 blocks at row/column $20). */
#define SCENARIO_SS_MAX SPG_SS_STAGE_SIZE

typedef struct scenario_special {
    int width, height;    /* maze size in blocks */
    /* row 0: the state before the first frame; its layout holds the maze.
     * Last in the struct (which is allocated on its own), so a write past
     * its end leaves the allocation, where ASan sees it. */
    spg_ss_state start;
} scenario_special;

/* Where an '@' in the maze at row r, column c (from 0) puts the player:
 * x = 24 c + 736, y = 24 r + 688 (pixels), the same place relative to its
 * block as the game's own starts. */
#define SCENARIO_SS_MARKER_X 736
#define SCENARIO_SS_MARKER_Y 688

/* The maze symbol that stands for block `id` without a legend (' ' for
 * empty), or 0 when there is none. */
int scenario_special_default_symbol(uint8_t id);

/* The legend's name of block `id` ("bumper", "glass2" ...), or NULL. */
const char *scenario_special_block_name(uint8_t id);

/* Whether the start lies inside the maze (the blocks the player code
 * checks around it inside the border): *c0, *r0 get its top-left check
 * block (maze column and row). */
int scenario_special_start_inside(const scenario_special *ss, int *c0,
                                  int *r0);

/* The item animations SS_AniItems runs (SS_AniIndex order, type 1..6):
 * the scenario's name for the type, the timer SS_Ani* reloads after each
 * step, the layout bytes of the steps (SS_Ani*Data; the next byte, 0,
 * ends the animation) and what the block becomes at the end (-1: the
 * slot's top address byte, glass). */
typedef struct scenario_ss_anim {
    const char *name;
    uint8_t period;
    uint8_t steps;
    uint8_t frames[8];
    int end;
} scenario_ss_anim;

/* The animation of slot type `type` (1..6), or NULL. */
const scenario_ss_anim *scenario_special_anim(uint8_t type);

/* Whether item slot `slot` of the start state is one the original can
 * hold between two frames: 0, or -1 with the problem in msg.  A free slot
 * is all zero; a busy one animates a block of the maze that shows one of
 * its frames, with timer 0..period and step (the next step) 1..steps, and
 * a top address byte that is 0 (glass: the block it leaves, 0 or
 * $2E-$30); a ring, 1-up, emerald or glass block, which ends empty or
 * glass, lies inside the border. */
int scenario_special_item_problem(const scenario_special *ss, int slot,
                                  char *msg, size_t len);

/* Whether the scenario file format can hold a special-stage scenario (see
 * scenario_check): 0, or -1 with the problem in msg. */
int scenario_special_problem(const scenario *s, char *msg, size_t len);

/* Write its `special_stage:` section (scenario_write_yaml, after
 * scenario_special_problem said 0). */
void scenario_special_write(FILE *f, const scenario *s);

/* The hash of the physics input of a special-stage scenario. */
uint64_t scenario_special_hash(const scenario *s);

/* Run a special-stage scenario through the core into a trace (row i =
 * the state after frame i).  Returns 0, or -1 when out of memory. */
int scenario_special_trace_core(const scenario *s, trace *out);

#endif /* SPGSIM_SCENARIO_SPECIAL_H */
