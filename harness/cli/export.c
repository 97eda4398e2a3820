/*
 * export.c - `spgsim export [--format json|bk2] [-o FILE | --out-dir
 * DIR] [--start N] SCENARIO|DIR...`: scenarios as test vectors other
 * engines read (docs/test-vectors.md) or as BizHawk movies of their inputs
 * (docs/movies.md).
 *
 * One scenario goes to stdout or -o FILE; several need --out-dir DIR,
 * which gets DIR/<rel>.json (or .bk2) for scenarios/<rel>.yaml.  Every
 * file is written atomically.  Exit 0; 1 when a golden is stale (its rows
 * are left out of the vector); 2 on bad usage or a scenario that does not
 * load.  Both formats are for normal-stage scenarios: a special-stage one
 * named on the command line is an error (2), one found in a directory is
 * skipped with a note.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/commands.h"
#include "trace/diff.h"
#include "interop/vector.h"
#include "util/outfile.h"
#include "check/suite.h"
#include "trace/trace.h"

static void usage(FILE *f)
{
    fputs("usage: spgsim export [--format json|bk2] [-o FILE | --out-dir DIR]"
          " [--start N] SCENARIO|DIR...\n"
          "  --format json  a test vector: masks, cells, start state, inputs\n"
          "                 per frame and the golden's rows as plain numbers\n"
          "                 (docs/test-vectors.md; the default)\n"
          "  --format bk2   a BizHawk movie of the scenario's inputs\n"
          "                 (docs/movies.md)\n"
          "  --start N      bk2: N empty movie frames before scenario frame 1\n"
          "  -o FILE        one scenario: write to FILE (default stdout)\n"
          "  --out-dir DIR  DIR/<path under scenarios/>.json or .bk2\n",
          f);
}

/* The golden of a loaded scenario, when there is a fresh one. */
static export_golden load_golden(const scenario *s, const char *golden_path,
                                 trace *t, int *rc)
{
    struct stat st;
    if (golden_path == NULL || stat(golden_path, &st) != 0)
        return EXPORT_GOLDEN_MISSING;
    if (trace_read(golden_path, t, stderr) != 0) {
        *rc = 2;
        return EXPORT_GOLDEN_MISSING;
    }
    char hash[17];
    scenario_hash_hex(s, hash);
    if (strcmp(hash, t->scenario_hash) != 0) {
        fprintf(stderr, "%s: stale (captured from another version of the "
                        "scenario): its rows are left out; recapture it\n",
                golden_path);
        trace_free(t);
        if (*rc == 0)
            *rc = 1;
        return EXPORT_GOLDEN_STALE;
    }
    return EXPORT_GOLDEN_FRESH;
}

/* Export one scenario: 0, 1 (stale golden), 2 (error), or -1 when it is
 * a special-stage scenario found in a directory (skipped), -2 when it is
 * a Sonic 2 one and a movie was asked for (skipped: the movies replay
 * Sonic 1 REV01; JSON vectors hold both games). */
static int export_one(const char *path, const char *dest, int bk2, int lead,
                      int named)
{
    char *golden_path, *rel, *topic;
    suite_locate(path, &golden_path, &rel, &topic);
    scenario *s = malloc(sizeof *s);
    int rc = 0;
    if (s == NULL || scenario_load(path, s, stderr) != 0) {
        free(s);
        free(golden_path);
        free(rel);
        free(topic);
        return 2;
    }
    if (s->mode != SCENARIO_NORMAL) {
        if (named)
            fprintf(stderr, "%s: export supports normal-stage scenarios "
                            "only (this is a special-stage one)\n", path);
        scenario_free(s);
        free(s);
        free(golden_path);
        free(rel);
        free(topic);
        return named ? 2 : -1;
    }
    if (bk2 && !scenario_has(s, GAME_BK2)) {
        if (named) {
            char names[200];
            game_names_with(GAME_BK2, names, sizeof names);
            fprintf(stderr, "%s: BizHawk movies are made for game %s "
                            "scenarios only (this is a %s one; "
                            "--format json exports it)\n", path, names,
                    scenario_game(s)->title);
        }
        scenario_free(s);
        free(s);
        free(golden_path);
        free(rel);
        free(topic);
        return named ? 2 : -2;
    }
    trace golden;
    export_golden state = EXPORT_GOLDEN_MISSING;
    if (!bk2)
        state = load_golden(s, golden_path, &golden, &rc);
    outfile o;
    if ((dest && outfile_mkdirs(dest, stderr) != 0) ||
        outfile_open(&o, dest, stderr) != 0) {
        rc = 2;
    } else {
        if (bk2)
            export_bk2(o.f, s, rel, lead);
        else
            export_vector_json(o.f, s, path, rel,
                               state == EXPORT_GOLDEN_FRESH ? &golden : NULL,
                               state);
        if (outfile_commit(&o, stderr) != 0)
            rc = 2;
    }
    if (state == EXPORT_GOLDEN_FRESH)
        trace_free(&golden);
    scenario_free(s);
    free(s);
    free(golden_path);
    free(rel);
    free(topic);
    return rc;
}

int cmd_export(int argc, char **argv)
{
    const char *format = "json", *out = NULL, *out_dir = NULL;
    int lead = 0, have_start = 0;
    suite_list args = {0}, pl = {0};
    int rc = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            goto out;
        }
        if (strcmp(a, "--format") == 0 || strcmp(a, "-o") == 0 ||
            strcmp(a, "--out-dir") == 0 || strcmp(a, "--start") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "spgsim export: %s needs a value\n", a);
                rc = 2;
                goto out;
            }
            const char *v = argv[++i];
            if (strcmp(a, "--format") == 0) {
                format = v;
            } else if (strcmp(a, "-o") == 0) {
                out = v;
            } else if (strcmp(a, "--out-dir") == 0) {
                out_dir = v;
            } else if ((lead = diff_parse_count(v)) < 0) {
                fprintf(stderr, "spgsim export: --start needs a number of "
                                "frames (0..100000), not '%s'\n", v);
                rc = 2;
                goto out;
            } else {
                have_start = 1;
            }
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "spgsim export: unknown option '%s'\n", a);
            usage(stderr);
            rc = 2;
            goto out;
        } else {
            suite_list_add(&args, a);
        }
    }
    int bk2 = strcmp(format, "bk2") == 0;
    if (!bk2 && strcmp(format, "json") != 0) {
        fprintf(stderr, "spgsim export: --format is json or bk2, not '%s'\n",
                format);
        rc = 2;
        goto out;
    }
    if (have_start && !bk2) {
        fputs("spgsim export: --start is for --format bk2\n", stderr);
        rc = 2;
        goto out;
    }
    if (out && out_dir) {
        fputs("spgsim export: give -o or --out-dir, not both\n", stderr);
        rc = 2;
        goto out;
    }
    if (args.n == 0) {
        usage(stderr);
        rc = 2;
        goto out;
    }
    if (suite_collect("export", &args, &pl, stderr) != 0) {
        rc = 2;
        goto out;
    }
    if (pl.n != 1 && !out_dir) {
        fprintf(stderr, "spgsim export: %zu scenarios: give --out-dir DIR\n",
                pl.n);
        rc = 2;
        goto out;
    }
    if (bk2 && !out && !out_dir && isatty(1)) {
        fputs("spgsim export: a .bk2 movie is binary: give -o FILE\n", stderr);
        rc = 2;
        goto out;
    }
    size_t skipped = 0, skipped_s2 = 0;
    for (size_t i = 0; i < pl.n; i++) {
        int named = 0;
        for (size_t k = 0; k < args.n; k++)
            named |= strcmp(args.v[k], pl.v[i]) == 0;
        char *dest = NULL;
        if (out_dir) {
            char *golden, *rel, *topic;
            suite_locate(pl.v[i], &golden, &rel, &topic);
            dest = suite_mirror_path(out_dir, rel, bk2 ? "bk2" : "json");
            free(golden);
            free(rel);
            free(topic);
        }
        int r = export_one(pl.v[i], dest ? dest : out, bk2, lead, named);
        if (r == -1)
            skipped++;
        else if (r == -2)
            skipped_s2++;
        else if (r > rc)
            rc = r;
        free(dest);
    }
    if (out_dir && pl.n > 1)
        fprintf(stderr, "spgsim export: %zu scenarios -> %s/\n",
                pl.n - skipped - skipped_s2, out_dir);
    if (skipped)
        fprintf(stderr, "spgsim export: %zu special-stage scenario%s "
                        "skipped (export supports normal-stage scenarios "
                        "only)\n", skipped, skipped == 1 ? "" : "s");
    if (skipped_s2)
    {
        char names[200];
        game_names_with(GAME_BK2, names, sizeof names);
        fprintf(stderr, "spgsim export: %zu scenario%s of other games "
                        "skipped (BizHawk movies are made for game %s "
                        "only)\n",
                skipped_s2, skipped_s2 == 1 ? "" : "s", names);
    }
out:
    suite_list_free(&pl);
    suite_list_free(&args);
    return rc;
}
