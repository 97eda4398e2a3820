/*
 * plan.h - what spgbench times on each ROM: the scenarios of the ROM's own
 * game (all, and the long ones), that game's fuzz cases, and whether the
 * special stage goes with it.  Apart from spgbench.c so that a test can
 * check it for one ROM of every registered game without any ROM
 * (harness/tests/test_bench.c).
 */
#ifndef SPGSIM_BENCH_PLAN_H
#define SPGSIM_BENCH_PLAN_H

#include <stddef.h>

#include "capture/capture.h"
#include "scenario/scenario.h"

/* The fuzz cases of every registered game: fuzz_cases of game_at(g) at
 * cases[g * fuzz_cases ...], frames[g] frames in all. */
typedef struct bench_fuzz_cases {
    scenario **cases;
    const long long *frames;
    int per_game;
} bench_fuzz_cases;

typedef struct bench_rom_plan {
    size_t game_index;          /* the ROM's game in the registry */
    scenario **suite;           /* its game's normal-stage scenarios */
    size_t nsuite;
    long long suite_frames;
    scenario **longs;           /* those of more than long_frames frames */
    size_t nlong;
    long long long_frames;
    scenario **fuzz;            /* its game's fuzz cases (into the
                                   bench_fuzz_cases array) */
    size_t nfuzz;
    long long fuzz_frames;
    int special_stage;          /* its game has the special stage */
} bench_rom_plan;

/*
 * The plan for `rom` over scenarios sc[0..nsc) and the fuzz cases fz.
 * Returns 0, or -1 when out of memory or the ROM's game is not registered
 * (then *out is empty).  bench_plan_free releases it.
 */
int bench_plan_rom(const capture_rom *rom, scenario *sc, size_t nsc,
                   const bench_fuzz_cases *fz, int long_frames,
                   bench_rom_plan *out);
void bench_plan_free(bench_rom_plan *p);

#endif /* SPGSIM_BENCH_PLAN_H */
