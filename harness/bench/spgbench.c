/*
 * spgbench - player frames per second: the core against the original
 * player code under emulation, over the same scenarios, in one run.
 *
 *   spgbench [--rom ROM] [--seconds S] [--long-frames N] [--short-frames N]
 *            PATH...
 *
 * PATH is a scenario file or a directory searched for *.yaml.  The core
 * side runs every scenario through spg_step (no I/O) until at least S
 * seconds have passed (default 1).  With --rom the capture side runs three
 * workloads the same way, each the old way (CAPTURE_PER_FRAME: a new
 * emulator per scenario, entered once per frame) and the new way (one
 * capture session for all, the frame driver): the whole suite; the long
 * scenarios (more than --long-frames frames, default 500: those under
 * mixed/ and random/ in the bundled suite); and short cases
 * like a fuzzer's, the long scenarios cut to their first --short-frames
 * frames (default 250).  Setting emulators and levels up is included.
 * Prints frames per second of wall time and of process CPU time (the
 * machine may be shared), the speed-ups, the core/capture ratio, the size
 * of the state the core steps, and the process's peak resident memory
 * after each side.  Special-stage scenarios are timed on their own: the
 * core's spg_ss_step, and with --rom their capture (an emulator per
 * scenario, object 09 and SS_AniItems entered once each per frame); the
 * workloads above are the normal-stage scenarios.  The big-map workload
 * (bigmap.c) times a whole act's worth of map: parsing, the core run and
 * the trace, and with a Sonic 1 ROM its capture.  A benchmark, not a
 * test: nothing here passes or fails.
 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>

#include "capture/capture.h"
#include "bench/bigmap.h"
#include "bench/plan.h"
#include "capture/special_stage.h"
#include "fuzz/gen.h"
#include "scenario/special.h"
#include "scenario/scenario.h"
#include "spg/spg.h"

typedef struct list {
    char **paths;
    size_t count, cap;
} list;

static int list_add(list *l, const char *path)
{
    if (l->count == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 64;
        char **p = realloc(l->paths, cap * sizeof *p);
        if (!p)
            return -1;
        l->paths = p;
        l->cap = cap;
    }
    l->paths[l->count] = strdup(path);
    return l->paths[l->count++] ? 0 : -1;
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static int collect(list *l, const char *path)
{
    struct stat st;
    DIR *d;
    struct dirent *e;

    if (stat(path, &st) != 0) {
        fprintf(stderr, "spgbench: %s: not found\n", path);
        return -1;
    }
    if (!S_ISDIR(st.st_mode))
        return list_add(l, path);
    if (!(d = opendir(path)))
        return -1;
    while ((e = readdir(d))) {
        char *sub;
        size_t n;
        int rc = 0;
        if (e->d_name[0] == '.')
            continue;
        n = strlen(path) + strlen(e->d_name) + 2;
        if (!(sub = malloc(n))) {
            closedir(d);
            return -1;
        }
        snprintf(sub, n, "%s/%s", path, e->d_name);
        if (stat(sub, &st) == 0 && (S_ISDIR(st.st_mode) || ends_with(sub, ".yaml")))
            rc = collect(l, sub);
        free(sub);
        if (rc)
            break;
    }
    closedir(d);
    return 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double cpu_now(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
           (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
}

static long peak_rss_kib(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

/* Runs the core over the scenarios set[0..n), repeatedly, for at least
 * `seconds`; frames per second of wall time, and of CPU time into
 * *cpu_fps. */
static double bench_core_set(scenario *const *set, size_t n, spg_player *rows,
                             double seconds, unsigned long long *frames_out,
                             double *cpu_fps)
{
    unsigned long long frames = 0;
    double start = now(), cpu0 = cpu_now(), elapsed;
    do {
        for (size_t i = 0; i < n; i++) {
            if (set[i]->mode != SCENARIO_NORMAL)
                continue;
            scenario_run_core(set[i], rows);
            frames += (unsigned long long)set[i]->frames;
        }
        elapsed = now() - start;
    } while (elapsed < seconds);
    double cpu = cpu_now() - cpu0;
    *frames_out = frames;
    *cpu_fps = (double)frames / (cpu > 0 ? cpu : 1e-9);
    return (double)frames / elapsed;
}

/* bench_core_set over every scenario of the array s[0..n); 0 frames/s
 * (and *frames_out 0) when out of memory. */
static double bench_core(scenario *s, size_t n, spg_player *rows, double seconds,
                         unsigned long long *frames_out, double *cpu_fps)
{
    scenario **set = malloc((n ? n : 1) * sizeof *set);
    *frames_out = 0;
    *cpu_fps = 0;
    if (set == NULL)
        return 0;
    for (size_t i = 0; i < n; i++)
        set[i] = &s[i];
    double fps = bench_core_set(set, n, rows, seconds, frames_out, cpu_fps);
    free(set);
    return fps;
}

/* The special stage: spg_ss_step over every special-stage scenario (the
 * state copied from the start, no trace rows built). */
static double bench_special(scenario *s, size_t n, double seconds,
                            unsigned long long *frames_out)
{
    static spg_ss_state st;
    unsigned long long frames = 0;
    uint32_t sink = 0;
    int any = 0;
    double start = now(), elapsed;
    do {
        for (size_t i = 0; i < n; i++) {
            if (s[i].mode != SCENARIO_SPECIAL_STAGE)
                continue;
            any = 1;
            st = s[i].special->start;
            for (int f = 0; f < s[i].frames; f++)
                spg_ss_step(&st, s[i].inputs[f]);
            sink += (uint32_t)st.x;
            frames += (unsigned long long)s[i].frames;
        }
        elapsed = now() - start;
    } while (any && elapsed < seconds);
    *frames_out = frames + (sink & 0u);
    return elapsed > 0 ? (double)frames / elapsed : 0.0;
}

/* The special stage's capture over every special-stage scenario until
 * `seconds` have passed: frames per second of wall time, 0 when there
 * are none, -1 after printing a failure. */
static double bench_special_capture(const capture_rom *rom, scenario *s,
                                    size_t n, double seconds,
                                    unsigned long long *frames_out)
{
    unsigned long long frames = 0;
    double start = now(), elapsed;
    int any = 0;
    do {
        for (size_t i = 0; i < n; i++) {
            if (s[i].mode != SCENARIO_SPECIAL_STAGE)
                continue;
            any = 1;
            capture_error err;
            trace t;
            if (capture_special_scenario(rom, &s[i], NULL, &t, NULL, &err) != 0) {
                fprintf(stderr, "spgbench: capture failed: %s\n", err.msg);
                return -1.0;
            }
            trace_free(&t);
            frames += (unsigned long long)s[i].frames;
        }
        elapsed = now() - start;
    } while (any && elapsed < seconds);
    *frames_out = frames;
    return any && elapsed > 0 ? (double)frames / elapsed : 0.0;
}

/* Frames per second of one capture workload, wall and CPU time. */
typedef struct rate {
    double wall, cpu;
    unsigned long long frames;
} rate;

/*
 * Captures every scenario of `sc` (each cut to `cut` frames when cut > 0)
 * over and over until `seconds` have passed: with per_frame, each on a new
 * emulator entered once per frame (the capture before sessions); else all
 * on one session (opened once, inside the timing).  Returns 0, or -1 after
 * printing the failure.
 */
static int bench_capture(const capture_rom *rom, scenario *const *sc, size_t n,
                         int cut, int per_frame, double seconds, spg_player *rows,
                         rate *out)
{
    unsigned long long frames = 0;
    double w0 = now(), c0 = cpu_now(), elapsed;
    capture_session *cs = NULL;
    capture_error err;
    int rc = 0;
    do {
        for (size_t i = 0; i < n && rc == 0; i++) {
            scenario s = *sc[i];
            if (cut > 0 && s.frames > cut)
                s.frames = cut;
            if (!cs)
                cs = capture_session_open(rom, NULL, per_frame ? CAPTURE_PER_FRAME : 0u, &err);
            if (!cs || capture_session_run(cs, &s, rows, NULL, &err) != 0) {
                fprintf(stderr, "spgbench: capture failed: %s\n", err.msg);
                rc = -1;
            }
            if (per_frame) {
                capture_session_close(cs);
                cs = NULL;
            }
            frames += (unsigned long long)s.frames;
        }
        elapsed = now() - w0;
    } while (rc == 0 && elapsed < seconds);
    capture_session_close(cs);
    out->frames = frames;
    out->wall = (double)frames / elapsed;
    out->cpu = (double)frames / (cpu_now() - c0 > 0 ? cpu_now() - c0 : 1e-9);
    return rc;
}

int main(int argc, char **argv)
{
    /* one --rom per game at most; argc bounds them */
    const char **rom_paths = calloc((size_t)argc, sizeof *rom_paths);
    int nrom = 0;
    double seconds = 1.0;
    int long_frames = 500, short_frames = 250, fuzz_cases = 100;
    list l = {0};
    scenario *sc;
    spg_player *rows;
    int max_frames = 0, status = 0;
    unsigned long long core_frames;
    double core_fps, core_cpu_fps;
    static const char usage[] =
        "usage: spgbench [--rom ROM]... [--seconds S] [--long-frames N] "
        "[--short-frames N] [--fuzz-cases N] PATH...\n"
        "       spgbench --write-big-map FILE\n";

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--write-big-map") == 0 && i + 1 < argc) {
            /* the big-map workload as a scenario file, to look at */
            scenario big;
            FILE *f = fopen(argv[++i], "w");
            int bad = f == NULL || bench_bigmap_build(&big) != 0;
            bad = bad || scenario_write_yaml(f, &big) != 0;
            if (!bad)
                scenario_free(&big);
            if (f)
                bad |= fclose(f) != 0;
            if (bad)
                fprintf(stderr, "spgbench: cannot write %s\n", argv[i]);
            return bad ? 2 : 0;
        }
        if (strcmp(argv[i], "--rom") == 0 && i + 1 < argc)
            rom_paths[nrom++] = argv[++i];
        else if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc)
            seconds = atof(argv[++i]);
        else if (strcmp(argv[i], "--long-frames") == 0 && i + 1 < argc)
            long_frames = atoi(argv[++i]);
        else if (strcmp(argv[i], "--short-frames") == 0 && i + 1 < argc)
            short_frames = atoi(argv[++i]);
        else if (strcmp(argv[i], "--fuzz-cases") == 0 && i + 1 < argc)
            fuzz_cases = atoi(argv[++i]);
        else if (argv[i][0] == '-') {
            fputs(usage, stderr);
            return 2;
        } else if (collect(&l, argv[i]) != 0)
            return 2;
    }
    if (l.count == 0) {
        fputs(usage, stderr);
        return 2;
    }
    qsort(l.paths, l.count, sizeof *l.paths, cmp_str);
    if (!(sc = calloc(l.count, sizeof *sc)))
        return 2;
    for (size_t i = 0; i < l.count; i++) {
        if (scenario_load(l.paths[i], &sc[i], stderr) != 0)
            return 2;
        if (sc[i].frames > max_frames)
            max_frames = sc[i].frames;
    }
    /* The fuzz workload: the cases `spgsim fuzz` makes from seeds 1..N. */
    if (fuzz_cases < 1)
        fuzz_cases = 1;
    /* fz: the cases of each registered game in turn (games/registry.c),
     * fuzz_cases each, for the same seeds (either character, by seed),
     * as `spgsim fuzz` makes them; the first game's are Sonic 1's */
    size_t ngames = game_count();
    scenario *fz = calloc(ngames * (size_t)fuzz_cases, sizeof *fz);
    scenario **fzp = calloc(ngames * (size_t)fuzz_cases, sizeof *fzp);
    long long *fuzz_frames_g = calloc(ngames, sizeof *fuzz_frames_g);
    if (!fz || !fzp || !fuzz_frames_g || !rom_paths)
        return 2;
    for (size_t g = 0; g < ngames; g++) {
        fuzz_gen_config cfg = {game_at(g)->id, FUZZ_CHAR_ANY, NULL};
        for (int i = 0; i < fuzz_cases; i++) {
            fuzz_case_info info;
            scenario *c = &fz[g * fuzz_cases + i];
            if (fuzz_generate_game(&cfg, (uint64_t)i + 1, c, &info) != 0)
                return 2;
            fzp[g * fuzz_cases + i] = c;
            fuzz_frames_g[g] += c->frames;
            if (c->frames > max_frames)
                max_frames = c->frames;
        }
    }
    if (!(rows = malloc(((size_t)max_frames + 1) * sizeof *rows)))
        return 2;

    core_fps = bench_core(sc, l.count, rows, seconds, &core_frames, &core_cpu_fps);
    printf("scenarios: %zu\n", l.count);
    printf("core:    %12.0f player frames/s  [CPU time: %.0f]  (%llu frames)\n", core_fps,
           core_cpu_fps, core_frames);
    printf("core state: spg_player %zu bytes, spg_profile %zu bytes; spg_step allocates nothing\n",
           sizeof(spg_player), sizeof(spg_profile));
    unsigned long long ss_frames;
    double ss_fps = bench_special(sc, l.count, seconds, &ss_frames);
    if (ss_frames > 0)
        printf("core special stage: %12.0f frames/s  (%llu frames; spg_ss_state %zu bytes)\n",
               ss_fps, ss_frames, sizeof(spg_ss_state));
    {
        unsigned long long ff;
        double fcpu, ffps = bench_core(fz, (size_t)fuzz_cases, rows, seconds, &ff, &fcpu);
        printf("core, %s fuzz cases (seeds 1..%d, %lld frames): %.0f cases/s, %.0f frames/s\n",
               game_at(0)->title, fuzz_cases, fuzz_frames_g[0],
               ffps * (double)fuzz_cases / (double)fuzz_frames_g[0],
               ffps);
    }
    if (bench_bigmap(NULL, seconds, stdout) != 0)
        status = 1;
    printf("peak RSS after core side: %ld KiB\n", peak_rss_kib());

    bench_fuzz_cases fzc = {fzp, fuzz_frames_g, fuzz_cases};
    for (int r = 0; r < nrom && status == 0; r++) {
        capture_rom rom;
        bench_rom_plan plan;
        if (capture_rom_load(rom_paths[r], &rom, stderr) != 0) {
            status = 2;
            break;
        }
        /* Each ROM times the scenarios and fuzz cases of its own game
         * (bench/plan.c); the special stage goes with the game that has
         * one. */
        if (bench_plan_rom(&rom, sc, l.count, &fzc, long_frames, &plan) != 0) {
            fprintf(stderr, "spgbench: out of memory\n");
            capture_rom_free(&rom);
            status = 2;
            break;
        }
        printf("ROM %s: %s\n", rom.md5, rom.desc ? rom.desc->name : "?");
        {
            struct {
                char what[96];
                scenario **set;
                size_t n;
                int cut;
                rate old, new_;
            } w[4];
            snprintf(w[0].what, sizeof w[0].what, "normal-stage suite: %zu scenarios, %lld frames",
                     plan.nsuite, plan.suite_frames);
            w[0].set = plan.suite;
            w[0].n = plan.nsuite;
            w[0].cut = 0;
            snprintf(w[1].what, sizeof w[1].what, "long: %zu scenarios of > %d frames, %lld frames",
                     plan.nlong, long_frames, plan.long_frames);
            w[1].set = plan.longs;
            w[1].n = plan.nlong;
            w[1].cut = 0;
            snprintf(w[2].what, sizeof w[2].what, "short cases: the long ones cut to %d frames",
                     short_frames);
            w[2].set = plan.longs;
            w[2].n = plan.nlong;
            w[2].cut = short_frames;
            snprintf(w[3].what, sizeof w[3].what, "fuzz cases: seeds 1..%d, %lld frames",
                     fuzz_cases, plan.fuzz_frames);
            w[3].set = plan.fuzz;
            w[3].n = plan.nfuzz;
            w[3].cut = 0;
            printf("capture (original code under Unicorn), player frames/s, wall time [CPU time]:\n");
            printf("  %-48s %21s %21s %9s\n", "workload", "old: per frame", "new: session+driver",
                   "speed-up");
            for (int k = 0; k < 4 && status == 0; k++) {
                if (w[k].n == 0) {
                    printf("  %-48s (none)\n", w[k].what);
                    continue;
                }
                if (bench_capture(&rom, w[k].set, w[k].n, w[k].cut, 1, seconds, rows, &w[k].old) != 0 ||
                    bench_capture(&rom, w[k].set, w[k].n, w[k].cut, 0, seconds, rows, &w[k].new_) != 0) {
                    status = 1;
                    break;
                }
                char o[32], n[32];
                snprintf(o, sizeof o, "%.0f [%.0f]", w[k].old.wall, w[k].old.cpu);
                snprintf(n, sizeof n, "%.0f [%.0f]", w[k].new_.wall, w[k].new_.cpu);
                printf("  %-48s %21s %21s %4.1fx [%.1fx]\n", w[k].what, o, n,
                       w[k].new_.wall / w[k].old.wall, w[k].new_.cpu / w[k].old.cpu);
            }
            if (status == 0 && w[0].n > 0) {
                printf("capture: %12.0f player frames/s  [CPU time: %.0f]  (whole suite, one "
                       "session; %llu frames)\n", w[0].new_.wall, w[0].new_.cpu, w[0].new_.frames);
                /* the core over this game's suite alone, measured now,
                 * against the capture of the same scenarios */
                unsigned long long gf;
                double gcpu, gfps = bench_core_set(plan.suite, plan.nsuite, rows,
                                                   seconds, &gf, &gcpu);
                printf("core, this game's suite: %12.0f player frames/s  [CPU time: %.0f]\n",
                       gfps, gcpu);
                printf("ratio core/capture: %.1f  [CPU time: %.1f]\n", gfps / w[0].new_.wall,
                       gcpu / w[0].new_.cpu);
            }
            long long ffr = plan.fuzz_frames;
            if (status == 0 && w[3].n > 0)
                printf("capture, fuzz cases: %.1f cases/s [CPU time: %.1f] (old way: %.1f)\n",
                       w[3].new_.wall * (double)fuzz_cases / (double)ffr,
                       w[3].new_.cpu * (double)fuzz_cases / (double)ffr,
                       w[3].old.wall * (double)fuzz_cases / (double)ffr);
            if (status == 0 && ss_frames > 0 && plan.special_stage) {
                unsigned long long ssc_frames;
                double ssc = bench_special_capture(&rom, sc, l.count, seconds, &ssc_frames);
                if (ssc < 0)
                    status = 1;
                else
                    printf("capture special stage: %12.0f frames/s  (%llu frames; core/capture %.1f)\n",
                           ssc, ssc_frames, ss_fps / ssc);
            }
            if (status == 0 && bench_bigmap_game() == rom.game &&
                bench_bigmap(&rom, seconds, stdout) != 0)
                status = 1;
            if (status == 0)
                printf("peak RSS after capture side: %ld KiB\n", peak_rss_kib());
            capture_rom_free(&rom);
        }
        bench_plan_free(&plan);
    }
    if (nrom == 0)
        printf("capture: skipped (no ROM; make bench S1_ROM=path/to/sonic1.bin "
               "S2_ROM=path/to/sonic2.bin S3_ROM=path/to/sonic3.bin "
               "SK_ROM=path/to/sk.bin SCD_MMD=path/to/R11A__.MMD)\n");

    for (size_t i = 0; i < l.count; i++) {
        scenario_free(&sc[i]);
        free(l.paths[i]);
    }
    for (size_t i = 0; i < ngames * (size_t)fuzz_cases; i++)
        scenario_free(&fz[i]);
    free(fz);
    free(fzp);
    free(fuzz_frames_g);
    free(rom_paths);
    free(sc);
    free(l.paths);
    free(rows);
    return status;
}
