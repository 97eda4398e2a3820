/*
 * bigmap.h - spgbench's big-map workload (bigmap.c): a Sonic 1 map the
 * size of a whole act, made in code, and a long run over it.
 */
#ifndef SPGSIM_BENCH_BIGMAP_H
#define SPGSIM_BENCH_BIGMAP_H

#include <stdio.h>

#include "capture/capture.h"
#include "scenario/scenario.h"

/* The game of the big map (Sonic 1: its layout of 256x256 chunks). */
const game_desc *bench_bigmap_game(void);

/* Build the big map's scenario (640 x 80 cells of Green Hill Zone, 20000
 * frames); 0, or -1 when out of memory (then nothing to free). */
int bench_bigmap_build(scenario *s);

/* Time parsing its YAML, running the core and writing the trace for at
 * least `seconds`, and with a `rom` of its game (Sonic 1; may be NULL, or
 * another game's: then no capture) one capture of the whole run; print
 * the figures to `out`.  0, or -1 on a failure
 * (message on stderr). */
int bench_bigmap(const capture_rom *rom, double seconds, FILE *out);

#endif /* SPGSIM_BENCH_BIGMAP_H */
