/*
 * capture.c - spgsim capture: goldens from the original game's code.
 *
 *   spgsim capture --rom ROM [--rom ROM2] [-o FILE] [--log-forms FILE]
 *                  [--bench] [--per-frame] SCENARIO.yaml...
 *
 * One --rom per game (any number of games): each scenario runs on the ROM of
 * its game; a scenario whose game has no ROM given is reported (exit 2),
 * never silently skipped.
 *
 * Each scenario scenarios/<path>.yaml is captured to golden/<path>.csv
 * (the golden/ directory beside scenarios/, created as needed), or to FILE
 * with -o (one scenario only).  A golden is written only when its whole
 * capture succeeded, atomically, and each line says whether it is new,
 * unchanged or changed (and where).  Without --rom the ROM is
 * $SPGSIM_ROM.  All scenarios run on one capture session (one emulator);
 * --per-frame instead gives each scenario an emulator of its own and
 * enters it once per frame, as the capture did before sessions (slower;
 * the goldens are the same).  --log-forms writes every distinct
 * instruction form the player code executed, with counts.  --bench
 * captures each scenario (without writing) and prints frames per second.
 * Special-stage scenarios (`mode: special_stage`) go through
 * capture/special_stage.c, each on an emulator of its own.
 *
 * Exit status: 0 all captured; 1 the emulated code failed in a scenario;
 * 2 bad usage, unreadable or unsupported ROM, a scenario that does not load
 * or that the original game cannot express.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/commands.h"
#include "check/golden_change.h"
#include "scenario/scenario.h"
#include "check/suite.h"
#include "capture/capture.h"
#include "capture/special_stage.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: spgsim capture --rom ROM [--rom ROM...] [-o FILE] "
            "[--log-forms FILE] [--bench] [--per-frame] SCENARIO.yaml...\n"
            "  writes golden/<path under scenarios/>.csv for each scenario\n"
            "  (-o FILE: one scenario, written to FILE) and says whether it\n"
            "  is new, unchanged or changed; one --rom per game (each\n"
            "  scenario runs on its game's ROM); --rom defaults to "
            "$SPGSIM_ROM\n");
}

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A special-stage scenario: capture it (to `to`, or only timed with
 * bench), print its line and count the change.  Returns the exit status
 * it calls for (0, 1 the emulated code failed, 2). */
static int capture_special(const capture_rom *rom, const scenario *s,
                           const char *path, const char *to, int bench,
                           capture_forms *log, int changes[3],
                           long long *total_frames, double *total_seconds)
{
    capture_error err;
    capture_stats stats;
    trace t;
    double t0 = seconds_now();
    if (capture_special_scenario(rom, s, log, &t, &stats, &err) != 0) {
        fprintf(stderr, "%s\n", err.msg);
        if (!bench)
            fprintf(stderr, "%s: no golden written\n", path);
        return err.status == CAPTURE_ERR_EMU ? 1 : 2;
    }
    double spent = seconds_now() - t0;
    int rc = 0;
    if (bench) {
        printf("%s: %d frames, %.0f frames/s\n", path, s->frames,
               (double)s->frames / (spent > 0 ? spent : 1e-9));
        *total_frames += s->frames;
        *total_seconds += spent;
    } else {
        char detail[256];
        golden_before before;
        golden_before_read(&before, to);
        if (capture_write_golden_trace(to, rom, s, &t, stderr) != 0) {
            golden_after(&before, to, detail, sizeof detail);
            rc = 2;
        } else {
            golden_change c = golden_after(&before, to, detail, sizeof detail);
            changes[c]++;
            printf("%s -> %s: %s%s%s (%d frames, special stage, %lu "
                   "instructions corrected)\n",
                   path, to, golden_change_name(c), detail[0] ? ": " : "",
                   detail, s->frames, stats.fix_corrected);
        }
    }
    trace_free(&t);
    return rc;
}

/* golden/<rest>.csv for .../scenarios/<rest>.yaml; NULL if the path has no
 * scenarios/ component (suite_locate). */
static char *golden_path(const char *path)
{
    char *golden, *rel, *topic;
    suite_locate(path, &golden, &rel, &topic);
    free(rel);
    free(topic);
    return golden;
}

/* The loaded ROM for a game, or -1. */
static int rom_for_game(const capture_rom *roms, int nroms, const game_desc *g)
{
    for (int r = 0; r < nroms; r++)
        if (g == roms[r].game)
            return r;
    return -1;
}

/* What cmd_capture allocates: one entry per --rom at most (argc bounds
 * them), so any number of games fits. */
typedef struct rom_set {
    const char **paths;
    capture_rom *roms;
    capture_session **sessions;
} rom_set;

static void rom_set_free(rom_set *rs)
{
    free(rs->paths);
    free(rs->roms);
    free(rs->sessions);
}

static int capture_main(int argc, char **argv, const rom_set *rs)
{
    const char **rom_paths = rs->paths;
    int nrom_paths = 0;
    const char *out_path = NULL, *forms_path = NULL;
    int bench = 0, per_frame = 0;
    int first = argc;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--rom") == 0 && i + 1 < argc) {
            rom_paths[nrom_paths++] = argv[++i];
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
    if (nrom_paths == 0 && getenv("SPGSIM_ROM") && getenv("SPGSIM_ROM")[0])
        rom_paths[nrom_paths++] = getenv("SPGSIM_ROM");
    if (nrom_paths == 0 || nscen < 1) {
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

    capture_rom *roms = rs->roms;
    int nroms = 0;
    for (int r = 0; r < nrom_paths; r++) {
        if (capture_rom_load(rom_paths[r], &roms[nroms], stderr) != 0) {
            for (int k = 0; k < nroms; k++)
                capture_rom_free(&roms[k]);
            return 2;
        }
        if (rom_for_game(roms, nroms, roms[nroms].game) >= 0) {
            fprintf(stderr,
                    "spgsim capture: %s: a second ROM for %s (one "
                    "--rom per game)\n",
                    rom_paths[r], roms[nroms].game->name);
            capture_rom_free(&roms[nroms]);
            for (int k = 0; k < nroms; k++)
                capture_rom_free(&roms[k]);
            return 2;
        }
        nroms++;
    }

    capture_forms forms;
    memset(&forms, 0, sizeof forms);
    capture_forms *log = forms_path && !bench ? &forms : NULL;
    capture_session **sessions = rs->sessions;
    int status = 0;
    int changes[3] = {0, 0, 0};
    long long total_frames = 0;
    double total_seconds = 0;
    for (int i = first; i < argc; i++) {
        const char *path = argv[i];
        scenario s;
        if (scenario_load(path, &s, stderr) != 0) {
            status = 2;
            continue;
        }
        int ri = rom_for_game(roms, nroms, scenario_game(&s));
        if (ri < 0) {
            fprintf(stderr,
                    "%s: no ROM for game %s was given (--rom); no "
                    "golden written\n",
                    path, scenario_game(&s)->name);
            scenario_free(&s);
            status = 2;
            continue;
        }
        const capture_rom *romp = &roms[ri];
        capture_session **csp = &sessions[ri];
        char *dest = NULL;
        if (!bench && !out_path && !(dest = golden_path(path))) {
            fprintf(stderr,
                    "%s: not under a scenarios/ directory; use -o FILE\n", path);
            scenario_free(&s);
            status = 2;
            continue;
        }
        if (s.mode == SCENARIO_SPECIAL_STAGE) {
            int r = capture_special(romp, &s, path, out_path ? out_path : dest,
                                    bench, log, changes, &total_frames,
                                    &total_seconds);
            if (r == 2 || (r == 1 && status == 0))
                status = r;
            free(dest);
            scenario_free(&s);
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
        char detail[256];
        double t0 = seconds_now();
        int rc = -1;
        if (!*csp)
            *csp = capture_session_open(romp, log,
                                        per_frame ? CAPTURE_PER_FRAME : 0u,
                                        &err);
        capture_session *cs = *csp;
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
            *csp = NULL;
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
            golden_before before;
            golden_before_read(&before, to);
            if (capture_write_golden(to, romp, &s, rows, stderr) != 0) {
                golden_after(&before, to, detail, sizeof detail);
                status = 2;
            } else {
                golden_change c = golden_after(&before, to, detail,
                                               sizeof detail);
                changes[c]++;
                printf("%s -> %s: %s%s%s (%d frames, %d chunks, %d masks, "
                       "%lu instructions corrected)\n",
                       path, to, golden_change_name(c), detail[0] ? ": " : "",
                       detail, s.frames, stats.level.chunk_count,
                       stats.level.mask_count, stats.fix_corrected);
            }
        }
        free(rows);
        free(dest);
        scenario_free(&s);
    }
    for (int r = 0; r < nroms; r++)
        capture_session_close(sessions[r]);
    if (forms_path && !bench && capture_forms_write(&forms, forms_path, stderr) != 0)
        status = 2;
    if (!bench && changes[0] + changes[1] + changes[2] > 0)
        printf("%d new, %d changed, %d unchanged\n", changes[GOLDEN_NEW],
               changes[GOLDEN_CHANGED], changes[GOLDEN_UNCHANGED]);
    if (bench && total_frames > 0)
        printf("total: %lld frames, %.0f frames/s (setting the emulator up "
               "included)\n", total_frames,
               (double)total_frames / (total_seconds > 0 ? total_seconds : 1e-9));
    capture_forms_free(&forms);
    for (int r = 0; r < nroms; r++)
        capture_rom_free(&roms[r]);
    return status;
}

int cmd_capture(int argc, char **argv)
{
    rom_set rs = {calloc((size_t)argc + 1, sizeof *rs.paths),
                  calloc((size_t)argc + 1, sizeof *rs.roms),
                  calloc((size_t)argc + 1, sizeof *rs.sessions)};
    int rc = 2;
    if (rs.paths && rs.roms && rs.sessions)
        rc = capture_main(argc, argv, &rs);
    else
        fprintf(stderr, "spgsim capture: out of memory\n");
    rom_set_free(&rs);
    return rc;
}
