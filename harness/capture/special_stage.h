/*
 * special_stage.h - special-stage scenarios through the original code:
 * object 09 (SonicSpecial) and SS_AniItems, once each per frame, as the
 * game's special-stage loop runs them.
 */
#ifndef SPGSIM_CAPTURE_SPECIAL_STAGE_H
#define SPGSIM_CAPTURE_SPECIAL_STAGE_H

#include "capture/capture.h"
#include "trace/trace.h"

/* Instruction words one special-stage frame may run (object 09, the item
 * animations, Sonic_Animate and friends run a few hundred). */
#define CAPTURE_SS_FRAME_BUDGET 200000u

/*
 * Run special-stage scenario s: build the maze in the layout buffer, place
 * the player object (routine 0, as GM_Special leaves it), then s->frames
 * frames.  out receives the trace (s->frames + 1 rows, special-stage
 * columns).  With forms non-NULL every instruction form run is added.
 * Returns 0, or -1 with err filled (no trace then).
 */
int capture_special_scenario(const capture_rom *rom, const scenario *s,
                             capture_forms *forms, trace *out,
                             capture_stats *stats, capture_error *err);

/* Frames per second of capture_special_scenario over `repeat` runs, or a
 * negative value on failure (err filled). */
double capture_special_bench(const capture_rom *rom, const scenario *s,
                             int repeat, capture_error *err);

#endif /* SPGSIM_CAPTURE_SPECIAL_STAGE_H */
