/*
 * plan.c - what spgbench times on each ROM (plan.h).
 */
#include "bench/plan.h"

#include <stdlib.h>
#include <string.h>

#include "games/game.h"

int bench_plan_rom(const capture_rom *rom, scenario *sc, size_t nsc,
                   const bench_fuzz_cases *fz, int long_frames,
                   bench_rom_plan *out)
{
    memset(out, 0, sizeof *out);
    size_t gi = 0;
    while (gi < game_count() && game_at(gi) != rom->game)
        gi++;
    if (gi == game_count())
        return -1;
    out->game_index = gi;
    out->suite = calloc(nsc ? nsc : 1, sizeof *out->suite);
    out->longs = calloc(nsc ? nsc : 1, sizeof *out->longs);
    if (!out->suite || !out->longs) {
        bench_plan_free(out);
        return -1;
    }
    for (size_t i = 0; i < nsc; i++) {
        /* special-stage scenarios are timed on their own */
        if (sc[i].mode != SCENARIO_NORMAL || scenario_game(&sc[i]) != rom->game)
            continue;
        out->suite[out->nsuite++] = &sc[i];
        out->suite_frames += sc[i].frames;
        if (sc[i].frames > long_frames) {
            out->longs[out->nlong++] = &sc[i];
            out->long_frames += sc[i].frames;
        }
    }
    out->fuzz = fz->cases + gi * (size_t)fz->per_game;
    out->nfuzz = (size_t)fz->per_game;
    out->fuzz_frames = fz->frames[gi];
    out->special_stage = game_has(rom->game, GAME_SPECIAL_STAGE);
    return 0;
}

void bench_plan_free(bench_rom_plan *p)
{
    free(p->suite);
    free(p->longs);
    memset(p, 0, sizeof *p);
}
