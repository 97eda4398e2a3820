/*
 * bigmap.c - the big-map workload of spgbench: a Sonic 1 map the size of
 * a whole act (Green Hill 1 is about 600 x 80 cells), made here (no level
 * data of any game): rolling hills of 16x16 slopes over 640 x 80 cells in
 * Green Hill Zone, with platforms, and a long run over it.  It times what
 * `spgsim run` and `check` do with such a file (parse the YAML, run the
 * core, write the trace) and, given a Sonic 1 image, its capture.
 */
#include "bench/bigmap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "scenario/scenario.h"
#include "trace/trace.h"

#define BIG_W 640
#define BIG_H 80
#define BIG_FRAMES 20000

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The ground's top row (in cells, from the map's top) under column x: a
 * triangle wave of period 96 cells rising and falling 6 cells, a quarter
 * cell per cell. */
static int ground_quarters(int x)
{
    int t = x % 96;
    int q = t < 48 ? t : 96 - t;          /* 0..48 quarter cells */
    return 60 * 4 - q / 2;                /* 24 quarters up at most */
}

int bench_bigmap_build(scenario *s)
{
    if (scenario_init(s, "bench-big-map", bench_bigmap_game()->id,
                      SPG_CHAR_SONIC, SPG_VARIANT_NORMAL) != 0)
        return -1;
    const spg_profile *pr = &s->profile;
    (void)pr;
    scenario_set_zone(s, NULL);
    if (scenario_set_map(s, 0, 0, BIG_W, BIG_H) != 0)
        return -1;
    /* masks: 1 full; 2..5 the four quarter-rise ramps (rising to the
     * right; an x flip makes them fall) */
    spg_mask *m = &s->masks[1];
    memset(m, 0, sizeof *m);
    for (int i = 0; i < 16; i++)
        m->heights[i] = 16;
    m->angle = 0xFF;
    spg_mask_derive_widths(m);
    for (int k = 0; k < 4; k++) {
        m = &s->masks[2 + k];
        memset(m, 0, sizeof *m);
        for (int i = 0; i < 16; i++)
            m->heights[i] = (int8_t)(k * 4 + 1 + i / 4);
        m->angle = 0xF6;
        spg_mask_derive_widths(m);
    }
    s->map.mask_count = 6;
    const uint16_t solid = SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID;
    for (int x = 0; x < BIG_W; x++) {
        int q0 = ground_quarters(x), q1 = ground_quarters(x + 1);
        int top = q0 < q1 ? q0 : q1;       /* the higher edge */
        int rising = q1 < q0;              /* going up to the right */
        int row = (top + 3) / 4;           /* first full row below */
        for (int y = row; y < BIG_H; y++)
            s->cells[(size_t)y * BIG_W + (size_t)x] = (uint16_t)(1 | solid);
        if (q0 != q1 && row > 0) {
            int k = 3 - (top % 4);         /* which quarter ramp */
            uint16_t c = (uint16_t)((2 + k) | solid);
            if (!rising)
                c |= SPG_CELL_XFLIP;
            s->cells[(size_t)(row - 1) * BIG_W + (size_t)x] = c;
        }
        if (x % 50 >= 20 && x % 50 < 26) /* a platform */
            s->cells[(size_t)48 * BIG_W + (size_t)x] =
                (uint16_t)(1 | SPG_CELL_TOP_SOLID);
    }
    s->map.limit_left = 0;
    s->map.limit_right = BIG_W * 16 - 320;
    s->map.limit_bottom = BIG_H * 16 - 224;
    s->start.x = 1500 << 16;
    s->start.y = (int32_t)((60 * 16 - 20) << 16);
    if (scenario_set_frames(s, BIG_FRAMES) != 0)
        return -1;
    for (int i = 0; i < BIG_FRAMES; i++) {
        uint8_t h = (i / 1200) % 2 ? SPG_BTN_LEFT : SPG_BTN_RIGHT;
        if (i % 90 < 20)
            h |= SPG_BTN_C;
        s->inputs[i].held = h;
    }
    scenario_derive_pressed(s);
    scenario_update_hash(s);
    return 0;
}

const game_desc *bench_bigmap_game(void)
{
    return game_of(SPG_GAME_SONIC1);
}

int bench_bigmap(const capture_rom *rom, double seconds, FILE *out)
{
    scenario s;
    char *text = NULL;
    size_t len = 0;
    spg_player *rows = NULL;
    int rc = -1;
    if (bench_bigmap_build(&s) != 0) {
        fprintf(stderr, "spgbench: out of memory\n");
        return -1;
    }
    FILE *mf = open_memstream(&text, &len);
    if (mf == NULL || scenario_write_yaml(mf, &s) != 0) {
        if (mf)
            fclose(mf);
        fprintf(stderr, "spgbench: cannot write the big map\n");
        goto done;
    }
    fclose(mf);
    rows = malloc((size_t)(s.frames + 1) * sizeof *rows);
    if (rows == NULL)
        goto done;

    /* parse, run, write: as often as fits in `seconds` */
    int reps = 0;
    double t_load = 0, t_run = 0, t_write = 0, t0 = now_s();
    FILE *devnull = fopen("/dev/null", "w");
    do {
        scenario l;
        double a = now_s();
        if (scenario_load_buffer("big-map.yaml", text, len, &l, stderr) != 0) {
            fclose(devnull);
            goto done;
        }
        double b = now_s();
        scenario_run_core(&l, rows);
        double c = now_s();
        for (int i = 0; i <= l.frames && devnull; i++)
            trace_write_row(devnull, i, &rows[i]);
        double d = now_s();
        t_load += b - a;
        t_run += c - b;
        t_write += d - c;
        scenario_free(&l);
        reps++;
    } while (now_s() - t0 < seconds);
    if (devnull)
        fclose(devnull);
    fprintf(out,
            "big map (%d x %d cells, %zu bytes of YAML, %d frames): load "
            "%.1f ms, core run %.1f ms (%.0f frames/s), trace write %.1f ms; "
            "load + run + write %.1f ms (%d runs)\n",
            BIG_W, BIG_H, len, s.frames, 1e3 * t_load / reps,
            1e3 * t_run / reps, (double)s.frames * reps / t_run,
            1e3 * t_write / reps, 1e3 * (t_load + t_run + t_write) / reps,
            reps);
    rc = 0;
    if (rom != NULL && rom->game != NULL && rom->game == scenario_game(&s)) {
        capture_error err;
        double a = now_s();
        capture_session *cs = capture_session_open(rom, NULL, 0u, &err);
        if (cs == NULL || capture_session_run(cs, &s, rows, NULL, &err) != 0) {
            fprintf(stderr, "spgbench: big map capture failed: %s\n", err.msg);
            capture_session_close(cs);
            rc = -1;
            goto done;
        }
        double b = now_s();
        capture_session_close(cs);
        fprintf(out,
                "big map capture: %.0f frames/s (%.2f s with the level "
                "build); core/capture %.1f\n",
                (double)s.frames / (b - a), b - a,
                ((double)s.frames * reps / t_run) / ((double)s.frames / (b - a)));
    }
done:
    free(rows);
    free(text);
    scenario_free(&s);
    return rc;
}
