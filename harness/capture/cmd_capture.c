/*
 * cmd_capture.c - spgsim capture: goldens from the original game's code.
 *
 *   spgsim capture --rom ROM [-o FILE] [--log-forms FILE] [--bench]
 *                  [--per-frame] SCENARIO.yaml...
 *
 * Each scenario scenarios/<path>.yaml is captured to golden/<path>.csv
 * (the golden/ directory beside scenarios/, created as needed), or to FILE
 * with -o (one scenario only).  A golden is written only when its whole
 * capture succeeded, atomically.  All scenarios run on one capture session
 * (one emulator); --per-frame instead gives each scenario an emulator of
 * its own and enters it once per frame, as the capture did before sessions
 * (slower; the goldens are the same).  --log-forms writes every distinct
 * instruction form the player code executed, with counts.  --bench
 * captures each scenario (without writing) and prints frames per second.
 *
 * Exit status: 0 all captured; 1 the emulated code failed in a scenario;
 * 2 bad usage, unreadable or unsupported ROM, a scenario that does not load
 * or that the original game cannot express.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "commands.h"
#include "scenario.h"
#include "capture/capture.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: spgsim capture --rom ROM [-o FILE] [--log-forms FILE] "
            "[--bench] [--per-frame] SCENARIO.yaml...\n"
            "  writes golden/<path under scenarios/>.csv for each scenario\n"
            "  (-o FILE: one scenario, written to FILE)\n");
}

/* golden/<rest>.csv for .../scenarios/<rest>.yaml; NULL if the path has no
 * scenarios/ component. */
static char *golden_path(const char *path)
{
    const char *hit = NULL;
    for (const char *p = path; (p = strstr(p, "scenarios/")) != NULL; p++)
        if (p == path || p[-1] == '/')
            hit = p;
    if (!hit)
        return NULL;
    const char *rest = hit + strlen("scenarios/");
    size_t rest_len = strlen(rest);
    if (rest_len > 5 && strcmp(rest + rest_len - 5, ".yaml") == 0)
        rest_len -= 5;
    else if (rest_len > 4 && strcmp(rest + rest_len - 4, ".yml") == 0)
        rest_len -= 4;
    size_t prefix = (size_t)(hit - path);
    char *out = malloc(prefix + strlen("golden/") + rest_len + 5);
    if (!out)
        return NULL;
    memcpy(out, path, prefix);
    memcpy(out + prefix, "golden/", 7);
    memcpy(out + prefix + 7, rest, rest_len);
    memcpy(out + prefix + 7 + rest_len, ".csv", 5);
    return out;
}

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int cmd_capture(int argc, char **argv)
{
    const char *rom_path = NULL, *out_path = NULL, *forms_path = NULL;
    int bench = 0, per_frame = 0;
    int first = argc;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--rom") == 0 && i + 1 < argc) {
            rom_path = argv[++i];
        } else if (strcmp(a, "-o") == 0 && i + 1 < argc) {
            out_path = argv[++i];
        } else if (strcmp(a, "--log-forms") == 0 && i + 1 < argc) {
            forms_path = argv[++i];
        } else if (strcmp(a, "--bench") == 0) {
            bench = 1;
        } else if (strcmp(a, "--per-frame") == 0) {
            per_frame = 1;
        } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--") == 0) {
            first = i + 1;
            break;
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "spgsim capture: unknown option %s\n", a);
            usage(stderr);
            return 2;
        } else {
            first = i;
            break;
        }
    }
    int nscen = argc - first;
    if (!rom_path || nscen < 1) {
        usage(stderr);
        return 2;
    }
    for (int i = first; i < argc; i++)
        if (argv[i][0] == '-' && argv[i][1] != '\0') {
            fprintf(stderr, "spgsim capture: options go before the scenarios (%s)\n",
                    argv[i]);
            return 2;
        }
    if (out_path && nscen != 1) {
        fprintf(stderr, "spgsim capture: -o takes exactly one scenario\n");
        return 2;
    }

    capture_rom rom;
    if (capture_rom_load(rom_path, &rom, stderr) != 0)
        return 2;

    capture_forms forms;
    memset(&forms, 0, sizeof forms);
    capture_forms *log = forms_path && !bench ? &forms : NULL;
    capture_session *cs = NULL;
    int status = 0;
    long long total_frames = 0;
    double total_seconds = 0;
    for (int i = first; i < argc; i++) {
        const char *path = argv[i];
        scenario s;
        if (scenario_load(path, &s, stderr) != 0) {
            status = 2;
            continue;
        }
        char *dest = NULL;
        if (!bench && !out_path && !(dest = golden_path(path))) {
            fprintf(stderr,
                    "%s: not under a scenarios/ directory; use -o FILE\n", path);
            scenario_free(&s);
            status = 2;
            continue;
        }
        spg_player *rows = malloc(((size_t)s.frames + 1) * sizeof *rows);
        if (!rows) {
            fprintf(stderr, "out of memory\n");
            free(dest);
            scenario_free(&s);
            status = 2;
            continue;
        }
        capture_error err;
        capture_stats stats;
        double t0 = seconds_now();
        int rc = -1;
        if (!cs)
            cs = capture_session_open(&rom, log, per_frame ? CAPTURE_PER_FRAME : 0u, &err);
        if (!cs) {
            fprintf(stderr, "%s: %s\n", path, err.msg);
            status = 2;
        } else {
            rc = capture_session_run(cs, &s, rows, &stats, &err);
            if (rc != 0) {
                fprintf(stderr, "%s\n", err.msg);
                if (err.status == CAPTURE_ERR_EMU) {
                    if (status == 0)
                        status = 1;
                } else {
                    status = 2;
                }
            }
        }
        if (per_frame) {
            /* the old way: an emulator per scenario */
            capture_session_close(cs);
            cs = NULL;
        }
        double spent = seconds_now() - t0;
        if (rc != 0) {
            if (!bench)
                fprintf(stderr, "%s: no golden written\n", path);
        } else if (bench) {
            printf("%s: %d frames, %.0f frames/s\n", path, s.frames,
                   (double)s.frames / (spent > 0 ? spent : 1e-9));
            total_frames += s.frames;
            total_seconds += spent;
        } else {
            const char *to = out_path ? out_path : dest;
            if (capture_write_golden(to, &rom, &s, rows, stderr) != 0)
                status = 2;
            else
                printf("%s -> %s (%d frames, %d chunks, %d masks, %lu "
                       "instructions corrected)\n",
                       path, to, s.frames, stats.level.chunk_count,
                       stats.level.mask_count, stats.fix_corrected);
        }
        free(rows);
        free(dest);
        scenario_free(&s);
    }
    capture_session_close(cs);
    if (forms_path && !bench && capture_forms_write(&forms, forms_path, stderr) != 0)
        status = 2;
    if (bench && total_frames > 0)
        printf("total: %lld frames, %.0f frames/s (setting the emulator up "
               "included)\n", total_frames,
               (double)total_frames / (total_seconds > 0 ? total_seconds : 1e-9));
    capture_forms_free(&forms);
    capture_rom_free(&rom);
    return status;
}
