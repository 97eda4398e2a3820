/*
 * spgbench - player frames per second: the core against the original
 * player code under emulation, over the same scenarios, in one run.
 *
 *   spgbench [--rom ROM] [--seconds S] PATH...
 *
 * PATH is a scenario file or a directory searched for *.yaml.  The core
 * side runs every scenario through spg_step (no I/O) until at least S
 * seconds have passed (default 1); with --rom the capture side does the
 * same through capture_bench.  Prints frames per second for both, their
 * ratio, the size of the state the core steps, and the process's peak
 * resident memory after each side.  A benchmark, not a test: nothing here
 * passes or fails.
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
#include "capture/special_stage.h"
#include "scenario_special.h"
#include "scenario.h"
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

static long peak_rss_kib(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

/* Runs the core over every scenario, repeatedly, for at least `seconds`. */
static double bench_core(scenario *s, size_t n, spg_player *rows, double seconds,
                         unsigned long long *frames_out)
{
    unsigned long long frames = 0;
    double start = now(), elapsed;
    do {
        for (size_t i = 0; i < n; i++) {
            if (s[i].mode != SCENARIO_NORMAL)
                continue;
            scenario_run_core(&s[i], rows);
            frames += (unsigned long long)s[i].frames;
        }
        elapsed = now() - start;
    } while (elapsed < seconds);
    *frames_out = frames;
    return (double)frames / elapsed;
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

int main(int argc, char **argv)
{
    const char *rom_path = NULL;
    double seconds = 1.0;
    list l = {0};
    scenario *sc;
    spg_player *rows;
    int max_frames = 0, status = 0;
    unsigned long long core_frames;
    double core_fps, cap_fps = -1.0;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--rom") == 0 && i + 1 < argc)
            rom_path = argv[++i];
        else if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc)
            seconds = atof(argv[++i]);
        else if (argv[i][0] == '-') {
            fprintf(stderr, "usage: spgbench [--rom ROM] [--seconds S] PATH...\n");
            return 2;
        } else if (collect(&l, argv[i]) != 0)
            return 2;
    }
    if (l.count == 0) {
        fprintf(stderr, "usage: spgbench [--rom ROM] [--seconds S] PATH...\n");
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
    if (!(rows = malloc(((size_t)max_frames + 1) * sizeof *rows)))
        return 2;

    core_fps = bench_core(sc, l.count, rows, seconds, &core_frames);
    printf("scenarios: %zu\n", l.count);
    printf("core:    %12.0f player frames/s  (%llu frames)\n", core_fps, core_frames);
    printf("core state: spg_player %zu bytes, spg_profile %zu bytes; spg_step allocates nothing\n",
           sizeof(spg_player), sizeof(spg_profile));
    unsigned long long ss_frames;
    double ss_fps = bench_special(sc, l.count, seconds, &ss_frames);
    if (ss_frames > 0) {
        printf("core special stage: %12.0f frames/s  (%llu frames; spg_ss_state %zu bytes)\n",
               ss_fps, ss_frames, sizeof(spg_ss_state));
    }
    printf("peak RSS after core side: %ld KiB\n", peak_rss_kib());

    if (rom_path) {
        capture_rom rom;
        if (capture_rom_load(rom_path, &rom, stderr) != 0) {
            status = 2;
        } else {
            unsigned long long frames = 0, ss_cap_frames = 0;
            double spent = 0.0, ss_spent = 0.0;
            do {
                for (size_t i = 0; i < l.count; i++) {
                    capture_error err;
                    double t0 = now();
                    if (sc[i].mode == SCENARIO_SPECIAL_STAGE) {
                        if (capture_special_bench(&rom, &sc[i], 1, &err) < 0) {
                            fprintf(stderr, "spgbench: capture failed on %s\n", l.paths[i]);
                            status = 1;
                            break;
                        }
                        ss_spent += now() - t0;
                        ss_cap_frames += (unsigned long long)sc[i].frames;
                        continue;
                    }
                    double fps = capture_bench(&rom, &sc[i], 1, &err);
                    if (fps < 0) {
                        fprintf(stderr, "spgbench: capture failed on %s\n", l.paths[i]);
                        status = 1;
                        break;
                    }
                    spent += now() - t0;
                    frames += (unsigned long long)sc[i].frames;
                }
            } while (status == 0 && spent < seconds);
            if (status == 0) {
                cap_fps = (double)frames / spent;
                printf("capture: %12.0f player frames/s  (%llu frames, original code under Unicorn)\n",
                       cap_fps, frames);
                printf("ratio core/capture: %.1f\n", core_fps / cap_fps);
                if (ss_cap_frames > 0 && ss_spent > 0)
                    printf("capture special stage: %12.0f frames/s  (%llu frames; core/capture %.1f)\n",
                           (double)ss_cap_frames / ss_spent, ss_cap_frames,
                           ss_fps / ((double)ss_cap_frames / ss_spent));
                printf("peak RSS after capture side: %ld KiB\n", peak_rss_kib());
            }
            capture_rom_free(&rom);
        }
    } else {
        printf("capture: skipped (no ROM; make bench ROM=path/to/sonic1.bin)\n");
    }

    for (size_t i = 0; i < l.count; i++) {
        scenario_free(&sc[i]);
        free(l.paths[i]);
    }
    free(sc);
    free(l.paths);
    free(rows);
    return status;
}
