/*
 * test_fuzz.c - spgsim fuzz without the game's ROM.
 *
 * Three oracles stand in for the original code:
 *   - the core itself: nothing may diverge;
 *   - the core with a planted divergence (y one pixel lower on every frame
 *     after the first one where the player rolls faster than $500): the
 *     fuzzer must find it, minimise it and write a scenario that loads
 *     back as the same case and still diverges the same way;
 *   - the capture on the self-test image (selftest/player.S, a stand-in
 *     for the player routine): the real capture path, seeded, as CI's
 *     smoke run.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test.h"
#include "test_files.h"
#include "selftest_rom.h"
#include "fuzz/fuzz.h"
#include "fuzz/gen.h"
#include "util/outfile.h"
#include "trace/trace.h"

/* ---- oracles -------------------------------------------------------------- */

static void *same_open(void *arg, char *msg, size_t len)
{
    (void)msg;
    (void)len;
    return arg ? arg : (void *)1;
}

static void same_close(void *w) { (void)w; }

static int same_run(void *w, const scenario *s, spg_player *rows,
                    capture_error *err)
{
    (void)w;
    (void)err;
    scenario_run_core(s, rows);
    return 0;
}

/* The planted bug: from the first row where the player rolls on the
 * ground faster than $500 to the right, y is one pixel lower. */
static int planted_run(void *w, const scenario *s, spg_player *rows,
                       capture_error *err)
{
    (void)w;
    (void)err;
    scenario_run_core(s, rows);
    int on = 0;
    for (int i = 1; i <= s->frames; i++) {
        const spg_player *p = &rows[i];
        if ((p->status & (SPG_STATUS_ROLLING | SPG_STATUS_IN_AIR)) ==
                SPG_STATUS_ROLLING && p->ground_speed > 0x500)
            on = 1;
        if (on)
            rows[i].y += 0x10000;
    }
    return 0;
}

static int test_golden(void *w, const char *path, const scenario *s,
                       const spg_player *rows, FILE *err)
{
    (void)w;
    (void)err;
    if (outfile_mkdirs(path, err) != 0)
        return -1;
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    trace_meta m;
    memset(&m, 0, sizeof m);
    m.source = "test oracle";
    trace_write_header(f, &m);
    for (int i = 0; i <= s->frames; i++)
        trace_write_row(f, i, &rows[i]);
    return fclose(f);
}

static fuzz_oracle oracle_with(int (*run)(void *, const scenario *,
                                          spg_player *, capture_error *))
{
    fuzz_oracle o;
    memset(&o, 0, sizeof o);
    o.open = same_open;
    o.run = run;
    o.write_golden = test_golden;
    o.close = same_close;
    o.name = "test oracle";
    return o;
}

static char tmpdir[64];

static fuzz_options options(uint64_t first, uint64_t cases, int jobs)
{
    fuzz_options o;
    memset(&o, 0, sizeof o);
    o.first_seed = first;
    o.cases = cases;
    o.jobs = jobs;
    o.shards = 1;
    o.out_root = tmpdir;
    o.minimise = 1;
    o.write = 0;
    o.log = NULL;
    return o;
}

/* ---- the generator ---------------------------------------------------------- */

/* The same seed gives the same case; different seeds differ; every case
 * is one the loader would accept (sizes, limits, inputs). */
static void test_generator_deterministic(void)
{
    uint64_t combined = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        scenario a, b;
        fuzz_case_info ia, ib;
        CHECK_EQ(fuzz_generate(seed, &a, &ia), 0);
        CHECK_EQ(fuzz_generate(seed, &b, &ib), 0);
        CHECK(a.hash == b.hash);
        CHECK_EQ(ia.features, ib.features);
        CHECK(a.frames >= 30 && a.frames <= 3000);
        CHECK(a.map.mask_count >= 2 && a.map.mask_count <= 255);
        CHECK(a.map.x0 + a.map.width <= 1024);
        CHECK(a.map.y0 + a.map.height <= 128);
        CHECK(strstr(a.description, "seed") != NULL);
        CHECK_EQ(scenario_check(&a, stdout), 0);
        combined = combined * 31 + a.hash;
        scenario_free(&a);
        scenario_free(&b);
    }
    scenario c;
    fuzz_case_info ic;
    CHECK_EQ(fuzz_generate(41, &c, &ic), 0);
    CHECK(combined != c.hash);
    scenario_free(&c);
    /* Sonic 1 cases are the ones the generator made before Sonic 2 came,
     * with the zones and loops of their own stream (issue 22; before it
     * the seeds hashed to 0x0C5AB5ADF3708896) and the water of its own
     * (Labyrinth Zone cases, from the zone stream or its own, get a
     * surface: seeds 7 and 22; before, 0xCE764F5C7F72CD84): seeds 1..40
     * hash to this (from
     * `spgsim fuzz --list --cases 40`), and the game-aware entry point
     * with a Sonic 1 configuration is the same generator. */
    CHECK(combined == 0x5946AEA7AF8AB94Aull);
    fuzz_gen_config s1 = {SPG_GAME_SONIC1, FUZZ_CHAR_ANY, NULL};
    for (uint64_t seed = 1; seed <= 10; seed++) {
        scenario a, b;
        fuzz_case_info ia, ib;
        CHECK_EQ(fuzz_generate(seed, &a, &ia), 0);
        CHECK_EQ(fuzz_generate_game(&s1, seed, &b, &ib), 0);
        CHECK(a.hash == b.hash);
        CHECK(a.game == SPG_GAME_SONIC1 && b.game == SPG_GAME_SONIC1);
        CHECK(a.cells2 == NULL && b.cells2 == NULL);
        CHECK(strcmp(a.description, b.description) == 0);
        CHECK_EQ(ia.features, ib.features);
        CHECK_EQ(ia.features >> FUZZ_FEATURE_COUNT, 0);
        scenario_free(&a);
        scenario_free(&b);
    }
}

/* The text scenario_write_yaml gives for s, loaded back. */
static int write_and_load(const scenario *s, scenario *back)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return -1;
    int rc = scenario_write_yaml(f, s);
    if (fclose(f) != 0)
        rc = -1;
    if (rc == 0)
        rc = scenario_load_buffer("fuzz-s2.yaml", buf, len, back, stdout);
    free(buf);
    return rc;
}

/* Sonic 2 cases: the same seed gives the same case; each is one the
 * loader accepts and survives scenario_write_yaml (same hash, same core
 * trace, game sonic2, its character); across seeds both characters, both
 * paths and every Sonic 2 feature are seen on and off; --character picks
 * the character and leaves the map (and, but for an "any" start, the
 * length) alone. */
static void test_generator_sonic2(void)
{
    fuzz_gen_config any = {SPG_GAME_SONIC2, FUZZ_CHAR_ANY, NULL};
    fuzz_gen_config tails = {SPG_GAME_SONIC2, SPG_CHAR_TAILS, NULL};
    fuzz_gen_config sonic = {SPG_GAME_SONIC2, SPG_CHAR_SONIC, NULL};
    uint32_t on = 0, off = 0;
    int chars[2] = {0, 0}, paths[2] = {0, 0}, path2_differs = 0;
    for (uint64_t seed = 1; seed <= 60; seed++) {
        scenario a, b, back;
        fuzz_case_info ia, ib;
        CHECK_EQ(fuzz_generate_game(&any, seed, &a, &ia), 0);
        CHECK_EQ(fuzz_generate_game(&any, seed, &b, &ib), 0);
        CHECK(a.hash == b.hash);
        CHECK_EQ(ia.features, ib.features);
        CHECK_EQ(a.game, SPG_GAME_SONIC2);
        CHECK_EQ(ia.game, SPG_GAME_SONIC2);
        CHECK_EQ((int)a.character, (int)ia.character);
        CHECK(a.cells2 != NULL);
        CHECK(strstr(a.description, "Sonic 2") != NULL);
        CHECK(a.frames >= 30 && a.frames <= 3000 + 1100 + 400);
        CHECK(a.start.spindash_counter <= 0x8FF);
        CHECK_EQ(scenario_check(&a, stdout), 0);
        on |= ia.features;
        off |= ~ia.features;
        chars[ia.character == SPG_CHAR_TAILS]++;
        paths[a.start.top_solid_bit == 0x0E]++;
        size_t n = (size_t)a.map.width * a.map.height;
        for (size_t i = 0; i < n; i++)
            if (a.cells2[i] != (a.cells[i] & SPG_CELL_MASK) ||
                !(a.cells[i] & SPG_CELL_TOP_SOLID) !=
                    !(a.cells[i] & SPG_CELL_TOP_SOLID_2)) {
                path2_differs++;
                break;
            }
        if (write_and_load(&a, &back) == 0) {
            CHECK(back.hash == a.hash);
            CHECK_EQ(back.game, SPG_GAME_SONIC2);
            CHECK_EQ((int)back.character, (int)a.character);
            spg_player *ra = malloc(((size_t)a.frames + 1) * sizeof *ra);
            spg_player *rb = malloc(((size_t)a.frames + 1) * sizeof *rb);
            fuzz_divergence d;
            scenario_run_core(&a, ra);
            scenario_run_core(&back, rb);
            CHECK_EQ(fuzz_compare(scenario_layout(&a), ra, rb, a.frames + 1, &d), 0);
            free(ra);
            free(rb);
            scenario_free(&back);
        } else {
            CHECK(0);
        }
        /* A chosen character: the same map and input, that character. */
        scenario c;
        fuzz_case_info ic;
        const fuzz_gen_config *pick =
            ia.character == SPG_CHAR_TAILS ? &sonic : &tails;
        CHECK_EQ(fuzz_generate_game(pick, seed, &c, &ic), 0);
        CHECK_EQ((int)c.character, pick->character);
        /* (An "any" start draws animation states until one the
         * character has, so only the map is sure to be the same then.) */
        if (ia.start != FUZZ_START_ANY)
            CHECK_EQ(c.frames, a.frames);
        CHECK_EQ(c.map.width, a.map.width);
        CHECK_EQ(c.map.x0, a.map.x0);
        CHECK_EQ(scenario_check(&c, stdout), 0);
        scenario_free(&c);
        scenario_free(&a);
        scenario_free(&b);
    }
    uint32_t s2 = ((1u << FUZZ_S2_FEATURE_COUNT) - 1) << FUZZ_FEATURE_COUNT;
    CHECK_EQ(on & s2, s2);
    CHECK_EQ(off & s2, s2);
    CHECK(chars[0] > 0 && chars[1] > 0);
    CHECK(paths[0] > 0 && paths[1] > 0);
    CHECK(path2_differs > 0);
}

/* The spindash input and start fields reach the Sonic 2 routines: across
 * 200 seeds the core charges a spindash (anim $09, counter growing by
 * $200 a press) and releases one (anim Roll from the spindash). */
static void test_generator_sonic2_spindash(void)
{
    fuzz_gen_config any = {SPG_GAME_SONIC2, FUZZ_CHAR_ANY, NULL};
    int charged = 0, released = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        scenario s;
        fuzz_case_info info;
        if (fuzz_generate_game(&any, seed, &s, &info) != 0) {
            CHECK(0);
            continue;
        }
        spg_player *r = malloc(((size_t)s.frames + 1) * sizeof *r);
        scenario_run_core(&s, r);
        int c = 0, l = 0;
        for (int i = 1; i <= s.frames; i++) {
            c |= r[i].anim == 0x09 &&
                 r[i].spindash_counter == r[i - 1].spindash_counter + 0x200;
            l |= r[i - 1].anim == 0x09 && r[i].anim == 0x02;
        }
        charged += c;
        released += l;
        free(r);
        scenario_free(&s);
    }
    CHECK(charged >= 10);
    CHECK(released >= 10);
}

/* Wrap cases (the games with a top limit: Sonic 2, 3, S&K): about a
 * quarter of the cases, bounds top -$100 in most of them (now and then
 * another word), maps at the top and at the bottom of the level, and
 * across 200 seeds of each game the core's y really wraps in some (a step
 * of more than $400 px between frames, in routine 2); a Sonic CD case
 * never has a top limit. */
static void test_generator_wrap(void)
{
    static const spg_game games[3] = {SPG_GAME_SONIC2, SPG_GAME_SONIC3,
                                      SPG_GAME_SONIC3K};
    fuzz_gen_config scd = {SPG_GAME_SONICCD, FUZZ_CHAR_ANY, NULL};
    for (int g = 0; g < 3; g++) {
    fuzz_gen_config s2 = {games[g], FUZZ_CHAR_ANY, NULL};
    int cases = 0, top = 0, bottom = 0, other = 0, wrapped = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        scenario s;
        fuzz_case_info info;
        if (g == 0) {
            if (fuzz_generate_game(&scd, seed, &s, &info) != 0) {
                CHECK(0);
                continue;
            }
            CHECK_EQ(s.map.limit_top, 0);
            CHECK(!(info.features & FUZZ_F2_WRAP));
            scenario_free(&s);
        }
        if (fuzz_generate_game(&s2, seed, &s, &info) != 0) {
            CHECK(0);
            continue;
        }
        if (!(info.features & FUZZ_F2_WRAP)) {
            CHECK_EQ(s.map.limit_top, 0);
            scenario_free(&s);
            continue;
        }
        cases++;
        CHECK(s.map.limit_top != 0);
        other += s.map.limit_top != -0x100;
        top += s.map.y0 == 0;
        bottom += s.map.y0 + s.map.height == s.profile.layout_tiles_y;
        CHECK(strstr(s.description, "wrap") != NULL);
        CHECK_EQ(scenario_check(&s, stdout), 0);
        spg_player *r = malloc(((size_t)s.frames + 1) * sizeof *r);
        scenario_run_core(&s, r);
        for (int i = 1; i <= s.frames; i++) {
            int dy = (int16_t)(uint16_t)((uint32_t)r[i].y >> 16) -
                     (int16_t)(uint16_t)((uint32_t)r[i - 1].y >> 16);
            if (r[i].routine == SPG_ROUTINE_CONTROL &&
                (dy > 0x400 || dy < -0x400)) {
                wrapped++;
                break;
            }
        }
        free(r);
        scenario_free(&s);
    }
    CHECK(cases >= 30 && cases <= 70);
    CHECK(top > 0 && bottom > 0 && other > 0 && other < cases / 2);
    CHECK(wrapped >= 3);
    if (wrapped < 3)
        printf("  wrap, game %d: %d cases, %d wrapped\n", (int)games[g],
               cases, wrapped);
    }
}

/* Sonic CD cases: the Sonic 1 case of the seed (its terrain, placed in
 * Sonic CD's larger layout) as a
 * soniccd scenario, its start fields drawn on their own stream (each seen
 * set somewhere, the time zone in all three values, the boredom timer
 * below the give-up), each accepted by scenario_check and written and
 * loaded back to the same hash; across the seeds the core charges a
 * Super Peel Out and a spindash (the charge counts up to 30 and 45). */
static void test_generator_soniccd(void)
{
    fuzz_gen_config cd = {SPG_GAME_SONICCD, FUZZ_CHAR_ANY, NULL};
    int zones[3] = {0, 0, 0}, charged = 0, peel = 0, spin = 0, look = 0;
    int cam = 0, bored = 0, ctrl = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        scenario a, b, one, back;
        fuzz_case_info ia, ib, i1;
        CHECK_EQ(fuzz_generate_game(&cd, seed, &a, &ia), 0);
        CHECK_EQ(fuzz_generate_game(&cd, seed, &b, &ib), 0);
        CHECK_EQ(fuzz_generate(seed, &one, &i1), 0);
        CHECK(a.hash == b.hash);
        CHECK_EQ(a.game, SPG_GAME_SONICCD);
        CHECK_EQ((int)a.character, SPG_CHAR_SONIC);
        CHECK(a.cells2 == NULL);
        CHECK_EQ(a.map.width, one.map.width); /* (placed in its layout) */
        CHECK_EQ(a.map.height, one.map.height);
        CHECK(strstr(a.description, "Sonic CD") != NULL);
        CHECK_EQ(scenario_check(&a, stdout), 0);
        CHECK(a.start.time_zone <= 2 && a.start.charge <= 45);
        CHECK(a.start.bored_timer < SCENARIO_BORED_GIVE_UP);
        zones[a.start.time_zone]++;
        charged += a.start.charge != 0;
        look += a.start.look_mode != 0;
        cam += a.start.cam_x_center != 160 || a.start.cam_y_center != 0x60;
        bored += a.start.bored_timer != 0;
        ctrl += a.start.player_ctrl != 0;
        if (write_and_load(&a, &back) == 0) {
            CHECK(back.hash == a.hash);
            CHECK_EQ(back.start.time_zone, a.start.time_zone);
            scenario_free(&back);
        } else {
            CHECK(0);
        }
        spg_player *r = malloc(((size_t)a.frames + 1) * sizeof *r);
        if (r) {
            scenario_run_core(&a, r);
            int p = 0, sd = 0;
            for (int i = 1; i <= a.frames; i++) {
                p |= r[i].charge == 30 && !(r[i].status & SPG_STATUS_ROLLING);
                sd |= r[i].charge == 45 && (r[i].status & SPG_STATUS_ROLLING);
            }
            peel += p;
            spin += sd;
            free(r);
        }
        scenario_free(&a);
        scenario_free(&b);
        scenario_free(&one);
    }
    CHECK(zones[0] > 0 && zones[1] > 0 && zones[2] > 0);
    CHECK(charged > 0 && look > 0 && cam > 0 && bored > 0 && ctrl > 0);
    CHECK(peel >= 5);
    CHECK(spin >= 5);
}

/* Across 400 seeds every swarm feature, start style and input style is
 * both on and off somewhere. */
static void test_generator_swarm(void)
{
    uint32_t on = 0, off = 0;
    int starts[FUZZ_START_STYLES] = {0}, inputs[FUZZ_INPUT_STYLES] = {0};
    for (uint64_t seed = 1; seed <= 400; seed++) {
        scenario s;
        fuzz_case_info info;
        CHECK_EQ(fuzz_generate(seed, &s, &info), 0);
        on |= info.features;
        off |= ~info.features;
        starts[info.start]++;
        inputs[info.input]++;
        scenario_free(&s);
    }
    uint32_t all = (1u << FUZZ_FEATURE_COUNT) - 1;
    CHECK_EQ(on & all, all);
    CHECK_EQ(off & all, all);
    for (int i = 0; i < FUZZ_START_STYLES; i++)
        CHECK(starts[i] > 0);
    for (int i = 0; i < FUZZ_INPUT_STYLES; i++)
        CHECK(inputs[i] > 0);
}

/* ---- runs -------------------------------------------------------------------- */

static void test_no_divergence_with_itself(void)
{
    fuzz_oracle o = oracle_with(same_run);
    fuzz_options opt = options(1, 30, 2);
    fuzz_summary sum;
    uint64_t frames = 0;
    CHECK_EQ(fuzz_run(&opt, &o, &sum), 0);
    CHECK_EQ(sum.cases, 30);
    CHECK_EQ(sum.divergences, 0);
    CHECK_EQ(sum.finding_count, 0);
    for (uint64_t seed = 1; seed <= 30; seed++) {
        scenario s;
        fuzz_case_info info;
        fuzz_generate(seed, &s, &info);
        frames += (uint64_t)s.frames;
        scenario_free(&s);
    }
    CHECK_EQ(sum.frames, frames);
    fuzz_summary_free(&sum);
}

static int same_findings(const fuzz_summary *a, const fuzz_summary *b)
{
    if (a->finding_count != b->finding_count)
        return 0;
    for (size_t i = 0; i < a->finding_count; i++) {
        const fuzz_finding *x = &a->findings[i], *y = &b->findings[i];
        if (x->seed != y->seed || x->div.frame != y->div.frame ||
            x->div.column != y->div.column || x->frames_after != y->frames_after ||
            x->cells_after != y->cells_after)
            return 0;
    }
    return 1;
}

/* The planted divergence is found and minimised, the same way with one
 * worker or two, and two shards find together what one run finds. */
static void test_planted_found_minimised(void)
{
    fuzz_oracle o = oracle_with(planted_run);
    fuzz_options opt = options(1, 120, 1);
    fuzz_summary one, two, s0, s1;
    CHECK_EQ(fuzz_run(&opt, &o, &one), 0);
    CHECK(one.divergences >= 2);
    CHECK_EQ(one.finding_count, one.divergences);
    for (size_t i = 0; i < one.finding_count; i++) {
        const fuzz_finding *f = &one.findings[i];
        CHECK_EQ(f->div.column, trace_column_index("y"));
        CHECK_EQ(f->div.expected, f->div.actual + 1);
        CHECK(f->frames_after <= f->frames_before);
        CHECK(f->frames_after == f->div.frame);
        CHECK(f->cells_after <= f->cells_before);
    }
    opt.jobs = 2;
    CHECK_EQ(fuzz_run(&opt, &o, &two), 0);
    CHECK(same_findings(&one, &two));
    opt.shards = 2;
    opt.shard = 0;
    CHECK_EQ(fuzz_run(&opt, &o, &s0), 0);
    opt.shard = 1;
    CHECK_EQ(fuzz_run(&opt, &o, &s1), 0);
    CHECK_EQ(s0.cases + s1.cases, one.cases);
    CHECK_EQ(s0.divergences + s1.divergences, one.divergences);
    for (size_t i = 0; i < s0.finding_count; i++)
        CHECK_EQ(s0.findings[i].seed % 2, 1); /* case k = seed - 1, even k */
    for (size_t i = 0; i < s1.finding_count; i++)
        CHECK_EQ(s1.findings[i].seed % 2, 0);
    fuzz_summary_free(&one);
    fuzz_summary_free(&two);
    fuzz_summary_free(&s0);
    fuzz_summary_free(&s1);
}

/* A written case loads back as itself, still diverges at the same frame
 * and field, and says where it came from. */
static void test_planted_written(void)
{
    fuzz_oracle o = oracle_with(planted_run);
    fuzz_options opt = options(1, 60, 2);
    fuzz_summary sum;
    opt.write = 1;
    CHECK_EQ(fuzz_run(&opt, &o, &sum), 0);
    CHECK(sum.finding_count >= 1);
    for (size_t i = 0; i < sum.finding_count; i++) {
        const fuzz_finding *f = &sum.findings[i];
        char want[128];
        CHECK(f->scenario_path[0] != '\0');
        CHECK(access(f->golden_path, R_OK) == 0);
        snprintf(want, sizeof want, "/scenarios/regressions/fuzz-%llu-y.yaml",
                 (unsigned long long)f->seed);
        CHECK(strstr(f->scenario_path, want) != NULL);
        scenario s;
        if (scenario_load(f->scenario_path, &s, stdout) != 0) {
            CHECK(0);
            continue;
        }
        snprintf(want, sizeof want, "seed %llu", (unsigned long long)f->seed);
        CHECK(strstr(s.description, want) != NULL);
        CHECK(strstr(s.description, "frame") != NULL);
        CHECK_EQ(s.frames, f->frames_after);
        spg_player *a = malloc(((size_t)s.frames + 1) * sizeof *a);
        spg_player *b = malloc(((size_t)s.frames + 1) * sizeof *b);
        fuzz_divergence d;
        scenario_run_core(&s, a);
        planted_run(NULL, &s, b, NULL);
        CHECK_EQ(fuzz_compare(scenario_layout(&s), a, b, s.frames + 1, &d), 1);
        CHECK_EQ(d.frame, f->div.frame);
        CHECK_EQ(d.column, f->div.column);
        free(a);
        free(b);
        scenario_free(&s);
    }
    /* The JSON summary names every finding. */
    char path[128];
    snprintf(path, sizeof path, "%s/summary.json", tmpdir);
    FILE *jf = fopen(path, "w");
    fuzz_summary_json(jf, &opt, &o, &sum);
    fclose(jf);
    char *text = read_text(path);
    CHECK(text && strstr(text, "\"divergences_per_million_frames\""));
    CHECK(text && strstr(text, "\"frames_compared\""));
    CHECK(text && strstr(text, "\"wall_time_s\""));
    char want[64];
    snprintf(want, sizeof want, "\"seed\": %llu,",
             (unsigned long long)sum.findings[0].seed);
    CHECK(text && strstr(text, want));
    free(text);
    fuzz_summary_free(&sum);
}

/* Sonic 2's own columns count: a difference only in spindash_counter or
 * the path's solid bits is a divergence in the sonic2 column set (named
 * as its column), and none in the normal one. */
static void test_compare_sonic2_columns(void)
{
    spg_profile prof;
    CHECK_EQ(spg_profile_get(SPG_GAME_SONIC2, SPG_CHAR_SONIC,
                             SPG_VARIANT_NORMAL, &prof), 0);
    spg_player a[3], b[3];
    fuzz_divergence d;
    for (int i = 0; i < 3; i++)
        a[i] = b[i] = spg_player_default(&prof);
    b[2].spindash_counter = 0x200;
    CHECK_EQ(fuzz_compare(&trace_layout_sonic2, a, b, 3, &d), 1);
    CHECK_EQ(d.frame, 2);
    CHECK(strcmp(fuzz_column_name(&trace_layout_sonic2, d.column), "spindash_counter") == 0);
    CHECK_EQ(d.expected, 0x200);
    CHECK_EQ(d.actual, 0);
    CHECK_EQ(fuzz_compare(NULL, a, b, 3, &d), 0);
    b[2] = a[2];
    b[1].lrb_solid_bit = 0x0F;
    CHECK_EQ(fuzz_compare(&trace_layout_sonic2, a, b, 3, &d), 1);
    CHECK_EQ(d.frame, 1);
    CHECK(strcmp(fuzz_column_name(&trace_layout_sonic2, d.column), "lrb_solid_bit") == 0);
    CHECK(strcmp(fuzz_column_name(NULL, trace_column_index("y")), "y") == 0);
    /* Sonic CD's set adds other columns after the normal ones: a column
     * is named in the set it was found in */
    CHECK_EQ(spg_profile_get(SPG_GAME_SONICCD, SPG_CHAR_SONIC,
                             SPG_VARIANT_NORMAL, &prof), 0);
    for (int i = 0; i < 3; i++)
        a[i] = b[i] = spg_player_default(&prof);
    b[1].charge = 30;
    CHECK_EQ(fuzz_compare(&trace_layout_soniccd, a, b, 3, &d), 1);
    CHECK(strcmp(fuzz_column_name(&trace_layout_soniccd, d.column), "charge") == 0);
    const fuzz_gen_config cd = {SPG_GAME_SONICCD, FUZZ_CHAR_ANY, NULL};
    CHECK(fuzz_game_layout(&cd) == &trace_layout_soniccd);
    CHECK(fuzz_game_layout(NULL) == &trace_layout_normal);
}

/* Sonic 2: a planted divergence is found, minimised (the secondary path
 * made the primary one's where it does not matter) and written as a
 * sonic2 scenario that loads back as itself and still diverges. */
static void test_planted_written_sonic2(void)
{
    fuzz_oracle o = oracle_with(planted_run);
    fuzz_options opt = options(1, 80, 2);
    fuzz_summary sum;
    opt.write = 1;
    opt.gen.game = SPG_GAME_SONIC2;
    opt.gen.character = FUZZ_CHAR_ANY;
    CHECK_EQ(fuzz_run(&opt, &o, &sum), 0);
    CHECK(sum.finding_count >= 1);
    for (size_t i = 0; i < sum.finding_count; i++) {
        const fuzz_finding *f = &sum.findings[i];
        CHECK(!f->failed);
        CHECK(f->scenario_path[0] != '\0');
        scenario s;
        if (scenario_load(f->scenario_path, &s, stdout) != 0) {
            CHECK(0);
            continue;
        }
        CHECK_EQ(s.game, SPG_GAME_SONIC2);
        CHECK_EQ(s.frames, f->frames_after);
        CHECK(f->cells_after <= f->cells_before);
        spg_player *a = malloc(((size_t)s.frames + 1) * sizeof *a);
        spg_player *b = malloc(((size_t)s.frames + 1) * sizeof *b);
        fuzz_divergence d;
        scenario_run_core(&s, a);
        planted_run(NULL, &s, b, NULL);
        CHECK_EQ(fuzz_compare(scenario_layout(&s), a, b, s.frames + 1, &d), 1);
        CHECK_EQ(d.frame, f->div.frame);
        CHECK_EQ(d.column, f->div.column);
        /* The planted bug ignores the paths: none is left different. */
        if (s.cells2) {
            size_t n = (size_t)s.map.width * s.map.height;
            for (size_t k = 0; k < n; k++)
                CHECK_EQ(s.cells2[k], s.cells[k] & SPG_CELL_MASK);
        }
        free(a);
        free(b);
        scenario_free(&s);
    }
    fuzz_summary_free(&sum);
}

/* The time limit ends a run with no case count. */
static void test_time_limit(void)
{
    fuzz_oracle o = oracle_with(same_run);
    fuzz_options opt = options(1000, 0, 1);
    fuzz_summary sum;
    opt.time_limit = 0.3;
    CHECK_EQ(fuzz_run(&opt, &o, &sum), 0);
    CHECK(sum.cases >= 1);
    CHECK(sum.wall_time >= 0.3 && sum.wall_time < 30);
    fuzz_summary_free(&sum);
}

/* The real capture, on the self-test image: a seeded smoke run.  The
 * stand-in is not the game, so cases diverge; they must be found,
 * minimised and written with the image's golden. */
static void test_selftest_image_smoke(void)
{
    selftest_rom t;
    capture_rom rom;
    if (selftest_rom_load(&t, P_PLAYER) != 0 ||
        capture_rom_from_desc(t.image, t.size, &t.desc, &rom, stdout) != 0) {
        CHECK(0);
        return;
    }
    fuzz_oracle o = fuzz_capture_oracle(&rom);
    fuzz_options opt = options(7, 4, 2);
    fuzz_summary sum;
    opt.write = 1;
    /* What the run says goes to a file, shown only when the run fails. */
    FILE *log = tmpfile();
    opt.log = log;
    int rc = fuzz_run(&opt, &o, &sum);
    CHECK_EQ(rc, 0);
    if (rc != 0 && log) {
        char line[512];
        rewind(log);
        while (fgets(line, sizeof line, log))
            printf("    log: %s", line);
    }
    if (log)
        fclose(log);
    CHECK_EQ(sum.cases, 4);
    CHECK_EQ(sum.oracle_errors, 0);
    CHECK(sum.divergences >= 1);
    for (size_t i = 0; i < sum.finding_count; i++) {
        const fuzz_finding *f = &sum.findings[i];
        CHECK(f->frames_after >= 1 && f->frames_after <= f->frames_before);
        char *g = read_text(f->golden_path);
        CHECK(g && strstr(g, "# source: capture") && strstr(g, rom.md5));
        free(g);
    }
    fuzz_summary_free(&sum);
    capture_rom_free(&rom);
    selftest_rom_free(&t);
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/spgsim-test-fuzz-XXXXXX");
    if (!mkdtemp(tmpdir)) {
        printf("cannot make a temporary directory\n");
        return 1;
    }
    RUN(test_generator_deterministic);
    RUN(test_generator_swarm);
    RUN(test_generator_sonic2);
    RUN(test_generator_sonic2_spindash);
    RUN(test_generator_wrap);
    RUN(test_generator_soniccd);
    RUN(test_no_divergence_with_itself);
    RUN(test_planted_found_minimised);
    RUN(test_planted_written);
    RUN(test_compare_sonic2_columns);
    RUN(test_planted_written_sonic2);
    RUN(test_time_limit);
    RUN(test_selftest_image_smoke);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        printf("could not remove %s\n", tmpdir);
    TEST_MAIN_END();
}
