/*
 * test_bench.c - what spgbench does with one ROM of every registered game,
 * without any ROM: each game's first supported description is loaded over
 * a blank image (capture_rom_from_desc), all at once, and the bench's plan
 * for each (bench/plan.c) must time that game's scenarios and fuzz cases
 * only; and spgbench itself takes a --rom per game and more without
 * overrunning anything (it once aborted with three).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "bench/plan.h"
#include "fake_rom.h"
#include "games/game.h"
#include "test.h"

/* A blank image a description loads over: zeros, with the memory asr.w
 * words its fix table expects. */
static uint8_t *blank_image(const capture_rom_desc *d, uint32_t *size)
{
    *size = d->size;
    uint8_t *img = calloc(1, d->size);
    if (!img)
        return NULL;
    fake_rom_fill(img, d);
    return img;
}

static void test_plan_every_game(void)
{
    size_t ng = game_count();
    CHECK(ng >= 3);
    capture_rom *roms = calloc(ng, sizeof *roms);
    /* two scenarios per game and character: one short, one long */
    scenario *sc = calloc(ng * 8, sizeof *sc);
    size_t nsc = 0;
    CHECK(roms && sc);
    if (!roms || !sc)
        return;
    for (size_t g = 0; g < ng; g++) {
        const game_desc *gd = game_at(g);
        if (gd->rom_count == 0)
            continue; /* no supported image yet: nothing to time */
        uint32_t size;
        uint8_t *img = blank_image(gd->roms[0], &size);
        CHECK(img != NULL);
        CHECK_EQ(capture_rom_from_desc(img, size, gd->roms[0], &roms[g], stdout), 0);
        free(img);
        CHECK(roms[g].game == gd);
        for (int c = 0; c < gd->character_count && c < 4; c++)
            for (int len = 0; len < 2; len++) {
                scenario *s = &sc[nsc++];
                CHECK_EQ(scenario_init(s, "bench", gd->id, gd->characters[c].id,
                                       SPG_VARIANT_NORMAL), 0);
                CHECK_EQ(scenario_set_frames(s, len ? 600 : 20), 0);
            }
    }
    /* the fuzz cases: two a game, told apart by their place */
    scenario fuzz[64];
    scenario *fzp[64];
    long long frames[16];
    CHECK(ng * 2 <= 64 && ng <= 16);
    for (size_t i = 0; i < ng * 2 && i < 64; i++)
        fzp[i] = &fuzz[i];
    for (size_t g = 0; g < ng && g < 16; g++)
        frames[g] = 1000 + (long long)g;
    bench_fuzz_cases fz = {fzp, frames, 2};

    for (size_t g = 0; g < ng; g++) {
        bench_rom_plan p;
        const game_desc *gd = game_at(g);
        if (gd->rom_count == 0)
            continue;
        CHECK_EQ(bench_plan_rom(&roms[g], sc, nsc, &fz, 500, &p), 0);
        CHECK_EQ(p.game_index, g);
        CHECK_EQ(p.nsuite, 2 * (size_t)gd->character_count);
        CHECK_EQ(p.nlong, (size_t)gd->character_count);
        CHECK_EQ(p.suite_frames, 620LL * gd->character_count);
        for (size_t i = 0; i < p.nsuite; i++)
            CHECK(scenario_game(p.suite[i]) == gd);
        for (size_t i = 0; i < p.nlong; i++)
            CHECK(scenario_game(p.longs[i]) == gd && p.longs[i]->frames > 500);
        CHECK(p.fuzz == fzp + 2 * g);
        CHECK_EQ(p.nfuzz, 2);
        CHECK_EQ(p.fuzz_frames, 1000 + (long long)g);
        CHECK_EQ(p.special_stage, game_has(gd, GAME_SPECIAL_STAGE));
        bench_plan_free(&p);
    }
    for (size_t i = 0; i < nsc; i++)
        scenario_free(&sc[i]);
    for (size_t g = 0; g < ng; g++)
        capture_rom_free(&roms[g]);
    free(sc);
    free(roms);
}

/* spgbench with a --rom for more games than there are: every path is kept
 * and the first unreadable one stops it with status 2, nothing worse. */
static void test_many_roms(void)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd,
             "%s --seconds 0.01 --fuzz-cases 1 --rom /nonexistent/a.bin "
             "--rom /nonexistent/b.bin --rom /nonexistent/c.bin --rom "
             "/nonexistent/d.bin --rom /nonexistent/e.bin "
             "scenarios/running/top-speed-frame-128.yaml "
             ">build-test-bench.out 2>&1",
             SPGBENCH);
    int st = system(cmd);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 2);
    FILE *f = fopen("build-test-bench.out", "r");
    char buf[8192] = "";
    if (f) {
        size_t n = fread(buf, 1, sizeof buf - 1, f);
        buf[n] = '\0';
        fclose(f);
    }
    remove("build-test-bench.out");
    CHECK(strstr(buf, "/nonexistent/a.bin: cannot open ROM") != NULL);
    CHECK(strstr(buf, "core:") != NULL); /* the core side ran first */
    CHECK(strstr(buf, "Sanitizer") == NULL && strstr(buf, "invalid pointer") == NULL);
}

int main(void)
{
    RUN(test_plan_every_game);
    RUN(test_many_roms);
    TEST_MAIN_END();
}
