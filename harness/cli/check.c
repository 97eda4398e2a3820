/*
 * check.c - `spgsim check [options] [PATH...]`: run every scenario
 * through the core (or take the trace another engine wrote, --actual-dir)
 * and compare it with the scenario's golden, column by name.
 *
 * A PATH is a .yaml file or a directory searched recursively (sorted);
 * the default is scenarios/.  The golden of scenarios/<rel>.yaml is
 * golden/<rel>.csv, next to the last `scenarios` directory in the path
 * (suite.h).  A scenario also fails when a `verifies:` entry disagrees
 * with its golden: an `original:` that is not the golden's value, or a
 * guide `value:` that is not the golden's value with no `original:`
 * saying so.  The result writers are in results.c.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/commands.h"
#include "trace/diff.h"
#include "util/outfile.h"
#include "check/results.h"
#include "scenario/scenario.h"
#include "check/suite.h"
#include "trace/trace.h"
#include "util/xalloc.h"

typedef struct check_opts {
    const char *json, *junit;
    const char *fields;
    const char *actual_dir;
    int all, before, after;
    int quiet, list, stop_first;
    suite_list patterns;
} check_opts;

/* A string built with stdio. */
typedef struct sbuf {
    FILE *f;
    char *buf;
    size_t len;
} sbuf;

static FILE *sbuf_open(sbuf *b)
{
    b->buf = NULL;
    b->len = 0;
    b->f = open_memstream(&b->buf, &b->len);
    if (b->f == NULL) {
        fputs("spgsim check: out of memory\n", stderr);
        exit(2);
    }
    return b->f;
}

/* Close and return the text without trailing newlines (caller frees). */
static char *sbuf_close(sbuf *b)
{
    if (fclose(b->f) != 0 || b->buf == NULL) {
        fputs("spgsim check: out of memory\n", stderr);
        exit(2);
    }
    while (b->len > 0 && b->buf[b->len - 1] == '\n')
        b->buf[--b->len] = '\0';
    return b->buf;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- one scenario ---------------------------------------------------------- */

/* verifies ids are unique in the suite: 0, or -1 with r set to an error */
static int check_ids(check_result *r, const check_result *all, size_t index)
{
    for (int i = 0; i < r->s.verify_count; i++) {
        const scenario_verify *v = &r->s.verifies[i];
        for (size_t j = 0; j < index; j++) {
            const check_result *o = &all[j];
            if (!o->loaded)
                continue;
            for (int k = 0; k < o->s.verify_count; k++) {
                if (strcmp(o->s.verifies[k].id, v->id) == 0) {
                    r->message = xasprintf(
                        "%s:%d:%d: verifies id '%s' is already used by "
                        "%s:%d:%d", r->path, v->line, v->col, v->id, o->path,
                        o->s.verifies[k].line, o->s.verifies[k].col);
                    r->status = ST_ERROR;
                    return -1;
                }
            }
        }
    }
    return 0;
}

/* The trace under test: the core's run, or the engine's file. */
static int actual_trace(check_result *r, const check_opts *o, trace *t)
{
    if (o->actual_dir == NULL) {
        if (scenario_trace_core(&r->s, t) != 0) {
            fputs("spgsim check: out of memory\n", stderr);
            exit(2);
        }
        return 0;
    }
    r->actual_path = suite_mirror_path(o->actual_dir, r->rel, "csv");
    sbuf err;
    struct stat st;
    if (stat(r->actual_path, &st) != 0) {
        r->message = xasprintf("%s: %s (the engine wrote no trace for %s)",
                               r->actual_path, strerror(errno), r->path);
        r->status = ST_ERROR;
        return -1;
    }
    if (trace_read(r->actual_path, t, sbuf_open(&err)) != 0) {
        r->message = sbuf_close(&err);
        r->status = ST_ERROR;
        return -1;
    }
    free(sbuf_close(&err));
    return 0;
}

/* A verifies entry against the golden: NULL or why it fails. */
static char *verify_problem(const vresult *vr, const char *golden_path)
{
    const scenario_verify *v = vr->v;
    if (!vr->has_golden)
        return xasprintf("verifies '%s': %s has no %s at frame %d", v->id,
                         golden_path, v->field, v->frame);
    if (v->has_original && v->original != vr->golden)
        return xasprintf("verifies '%s' (frame %d, %s): states original: "
                         "%" PRId32 ", but the golden has %" PRId32,
                         v->id, v->frame, v->field, v->original, vr->golden);
    if (!v->has_original && v->value != vr->golden)
        return xasprintf("verifies '%s' (frame %d, %s): the guide's value: "
                         "%" PRId32 " is not the golden's %" PRId32
                         " and no original: says so (add original: %" PRId32
                         " and a note)", v->id, v->frame, v->field, v->value,
                         vr->golden, vr->golden);
    return NULL;
}

static void keep_divergence(check_result *r, const trace_divergence *d,
                            const trace_fields *fs)
{
    r->diverged = 1;
    r->d.frame = d->frame;
    r->d.field = xstrdup(d->field >= 0 ? fs->name[d->field] : "rows");
    r->d.expected = d->expected;
    r->d.actual = d->actual;
    r->d.frames = d->frames;
    if (d->nfields > 1) {
        r->d.also = xrealloc(NULL, (size_t)(d->nfields - 1) * sizeof(char *));
        for (int i = 1; i < d->nfields; i++)
            r->d.also[r->d.nalso++] = xstrdup(fs->name[d->fields[i]]);
    }
}

static void check_one(check_result *r, check_result *all, size_t index,
                      const check_opts *o)
{
    sbuf err;
    suite_locate(r->path, &r->golden_path, &r->rel, &r->topic);

    if (scenario_load(r->path, &r->s, sbuf_open(&err)) != 0) {
        r->message = sbuf_close(&err);
        r->status = ST_ERROR;
        return;
    }
    free(sbuf_close(&err));
    r->loaded = 1;
    scenario_hash_hex(&r->s, r->hash);
    if (check_ids(r, all, index) != 0)
        return;

    trace act;
    if (actual_trace(r, o, &act) != 0)
        return;
    r->vr = xrealloc(NULL, (size_t)r->s.verify_count * sizeof *r->vr);
    for (int i = 0; i < r->s.verify_count; i++) {
        vresult *vr = &r->vr[i];
        memset(vr, 0, sizeof *vr);
        vr->v = &r->s.verifies[i];
        int col = trace_find_column(&act, vr->v->field);
        if (vr->v->frame < act.rows && col >= 0) {
            vr->has_actual = 1;
            vr->actual = act.values[vr->v->frame][col];
        }
    }

    trace golden;
    struct stat st;
    if (r->golden_path == NULL) {
        r->status = ST_NO_GOLDEN;
        r->message = xstrdup("not under a scenarios/ directory");
        goto done;
    }
    if (stat(r->golden_path, &st) != 0) {
        r->status = ST_NO_GOLDEN;
        r->message = xasprintf("%s: %s", r->golden_path, strerror(errno));
        goto done;
    }
    if (trace_read(r->golden_path, &golden, sbuf_open(&err)) != 0) {
        r->message = sbuf_close(&err);
        r->status = ST_ERROR;
        goto done;
    }
    free(sbuf_close(&err));
    memcpy(r->rom_md5, golden.rom_md5, sizeof r->rom_md5);
    memcpy(r->golden_hash, golden.scenario_hash, sizeof r->golden_hash);
    if (strcmp(golden.scenario_hash, r->hash) != 0) {
        r->status = ST_STALE;
        if (golden.scenario_hash[0] == '\0')
            r->message = xasprintf("%s has no scenario_hash (recapture it)",
                                   r->golden_path);
        else
            r->message = xasprintf("scenario hash %s, %s was captured from "
                                   "%s (recapture it)", r->hash,
                                   r->golden_path, golden.scenario_hash);
        trace_free(&golden);
        goto done;
    }

    trace_fields fs;
    if (trace_fields_match(&fs, &golden, r->golden_path, &act,
                           r->actual_path ? r->actual_path : "the core",
                           o->fields, sbuf_open(&err)) != 0) {
        r->message = sbuf_close(&err);
        r->status = ST_ERROR;
        trace_free(&golden);
        goto done;
    }
    free(sbuf_close(&err));
    if (fs.nskipped || (!o->fields && !r->actual_path)) {
        r->not_compared =
            xrealloc(NULL, (size_t)(fs.nskipped + fs.n) * sizeof(char *));
        for (int i = 0; i < fs.nskipped; i++)
            r->not_compared[r->nnot_compared++] =
                xstrdup(golden.names[fs.skipped[i]]);
    }

    for (int i = 0; i < r->s.verify_count; i++) {
        vresult *vr = &r->vr[i];
        int col = trace_find_column(&golden, vr->v->field);
        if (vr->v->frame < golden.rows && col >= 0) {
            vr->has_golden = 1;
            vr->golden = golden.values[vr->v->frame][col];
        }
        vr->problem = verify_problem(vr, r->golden_path);
        r->nproblems += vr->problem != NULL;
    }

    trace_divergence d;
    if (trace_compare(&golden, &act, &fs, &d)) {
        keep_divergence(r, &d, &fs);
        FILE *f = sbuf_open(&err);
        trace_divergence_summary(f, &d, &fs);
        if (d.frames > 1)
            fprintf(f, "; %d divergent frames", d.frames);
        r->message = sbuf_close(&err);
        f = sbuf_open(&err);
        if (o->all)
            trace_divergence_all(f, &golden, &act, &fs, "      ");
        else
            trace_divergence_context(f, &d, &golden, &act, &fs, o->before,
                                     o->after, "      ");
        r->context = sbuf_close(&err);
    }
    if (r->diverged || r->nproblems) {
        r->status = ST_FAIL;
        if (!r->diverged) {
            for (int i = 0; i < r->s.verify_count && !r->message; i++)
                if (r->vr[i].problem && r->nproblems == 1)
                    r->message = xstrdup(r->vr[i].problem);
            if (!r->message)
                r->message = xasprintf("%d verifies entries disagree with "
                                       "the golden", r->nproblems);
        }
    } else {
        r->status = ST_PASS;
    }
    trace_free(&golden);
done:
    trace_free(&act);
}

/* ---- the command -------------------------------------------------------------- */

static void usage(FILE *f)
{
    fputs("usage: spgsim check [options] [PATH...]\n"
          "Run scenarios through the core (or take another engine's traces,\n"
          "--actual-dir) and compare each with its golden, column by name\n"
          "(scenarios/<rel>.yaml -> golden/<rel>.csv).  A PATH is a .yaml\n"
          "file or a directory searched recursively; default scenarios/.\n"
          "A verifies: entry that disagrees with the golden fails too.\n"
          "  --actual-dir DIR  compare DIR/<rel>.csv (another engine's traces)\n"
          "  --fields LIST     compare only these columns (comma-separated)\n"
          "  --json FILE       results as JSON (- : stdout; text to stderr)\n"
          "  --junit FILE      results as JUnit XML (- : stdout)\n"
          "  -k PATTERN        only scenarios whose path contains PATTERN\n"
          "                    (or matches it, with * ? [); repeatable\n"
          "  -x                stop at the first scenario that does not pass\n"
          "  -q                print only what does not pass, and the summary\n"
          "  --list            list the selected scenarios, run nothing\n"
          "  --all             list every divergent frame of a failure\n"
          "  --context N       frames of context each side of a divergence\n"
          "Exit 0 when every scenario passes, 1 otherwise, 2 on bad usage.\n",
          f);
}

static int parse_args(int argc, char **argv, check_opts *o, suite_list *args)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return 1;
        }
        if (strcmp(a, "-x") == 0) {
            o->stop_first = 1;
        } else if (strcmp(a, "-q") == 0) {
            o->quiet = 1;
        } else if (strcmp(a, "--list") == 0) {
            o->list = 1;
        } else if (strcmp(a, "--all") == 0) {
            o->all = 1;
        } else if (strcmp(a, "--json") == 0 || strcmp(a, "--junit") == 0 ||
                   strcmp(a, "--fields") == 0 || strcmp(a, "-k") == 0 ||
                   strcmp(a, "--actual-dir") == 0 ||
                   strcmp(a, "--context") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "spgsim check: %s needs a value\n", a);
                return 2;
            }
            const char *v = argv[++i];
            if (strcmp(a, "--json") == 0)
                o->json = v;
            else if (strcmp(a, "--junit") == 0)
                o->junit = v;
            else if (strcmp(a, "--fields") == 0)
                o->fields = v;
            else if (strcmp(a, "-k") == 0)
                suite_list_add(&o->patterns, v);
            else if (strcmp(a, "--actual-dir") == 0)
                o->actual_dir = v;
            else if ((o->before = o->after = diff_parse_count(v)) < 0) {
                fprintf(stderr, "spgsim check: --context needs a number of "
                                "frames (0..100000), not '%s'\n", v);
                return 2;
            }
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "spgsim check: unknown option '%s'\n", a);
            usage(stderr);
            return 2;
        } else {
            suite_list_add(args, a);
        }
    }
    int to_stdout = (o->json && strcmp(o->json, "-") == 0) +
                    (o->junit && strcmp(o->junit, "-") == 0);
    if (to_stdout > 1) {
        fputs("spgsim check: only one of --json and --junit can write to "
              "stdout\n", stderr);
        return 2;
    }
    if (o->actual_dir) {
        struct stat st;
        if (stat(o->actual_dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
            fprintf(stderr, "spgsim check: --actual-dir %s: %s\n",
                    o->actual_dir,
                    errno && stat(o->actual_dir, &st) != 0 ? strerror(errno)
                                                           : "not a directory");
            return 2;
        }
    }
    return 0;
}

static int write_output(const char *path, const check_result *rs,
                        const check_run *run, int junit)
{
    outfile o;
    if (outfile_open(&o, strcmp(path, "-") == 0 ? NULL : path, stderr) != 0)
        return 2;
    if (junit)
        results_write_junit(o.f, rs, run);
    else
        results_write_json(o.f, rs, run);
    return outfile_commit(&o, stderr) != 0 ? 2 : 0;
}

int cmd_check(int argc, char **argv)
{
    check_opts o;
    memset(&o, 0, sizeof o);
    o.before = DIFF_CONTEXT_BEFORE;
    o.after = DIFF_CONTEXT_AFTER;
    suite_list args = {0}, pl = {0};
    int rc = parse_args(argc, argv, &o, &args);
    if (rc != 0) {
        rc = rc == 1 ? 0 : rc;
        goto out;
    }
    if (suite_collect("check", &args, &pl, stderr) != 0) {
        rc = 2;
        goto out;
    }
    /* the human-readable lines go to stderr when stdout carries JSON/XML */
    FILE *text = (o.json && strcmp(o.json, "-") == 0) ||
                         (o.junit && strcmp(o.junit, "-") == 0)
                     ? stderr
                     : stdout;

    check_result *rs = xrealloc(NULL, pl.n * sizeof *rs);
    memset(rs, 0, pl.n * sizeof *rs);
    check_run run;
    memset(&run, 0, sizeof run);
    run.actual_dir = o.actual_dir;
    run.fields = o.fields;
    time_t t0 = time(NULL);
    struct tm tm;
    gmtime_r(&t0, &tm);
    strftime(run.timestamp, sizeof run.timestamp, "%Y-%m-%dT%H:%M:%SZ", &tm);
    double start = now_seconds();
    int progress = !o.list && isatty(2) && text == stdout;
    for (size_t i = 0; i < pl.n; i++) {
        char *golden, *rel, *topic;
        suite_locate(pl.v[i], &golden, &rel, &topic);
        int sel = suite_selected(pl.v[i], rel, &o.patterns);
        free(golden);
        free(rel);
        free(topic);
        if (!sel)
            continue;
        if (o.list) {
            fprintf(text, "%s\n", pl.v[i]);
            run.n++;
            continue;
        }
        check_result *r = &rs[run.n++];
        r->path = xstrdup(pl.v[i]);
        if (progress)
            fprintf(stderr, "\r[%zu/%zu] %s\033[K", i + 1, pl.n, r->path);
        double t = now_seconds();
        check_one(r, rs, run.n - 1, &o);
        r->seconds = now_seconds() - t;
        if (progress)
            fputs("\r\033[K", stderr);
        run.counts[r->status]++;
        results_print(text, r, o.quiet);
        fflush(text);
        if (o.stop_first && r->status != ST_PASS) {
            fprintf(text, "stopped at the first scenario that did not pass "
                          "(-x)\n");
            break;
        }
    }
    run.seconds = now_seconds() - start;
    if (o.list) {
        fprintf(text, "%zu scenarios\n", run.n);
        rc = fflush(text) != 0 ? 2 : 0;
        free(rs);
        goto out;
    }
    if (run.n == 0)
        fprintf(stderr, "spgsim check: no scenarios %s\n",
                o.patterns.n ? "match -k" : "found");
    results_print_summary(text, &run);
    rc = run.n > 0 && run.counts[ST_PASS] == (int)run.n ? 0 : 1;

    if (o.json && write_output(o.json, rs, &run, 0) != 0)
        rc = 2;
    if (o.junit && write_output(o.junit, rs, &run, 1) != 0)
        rc = 2;
    if (fflush(stdout) != 0)
        rc = 2;
    for (size_t i = 0; i < run.n; i++)
        check_result_free(&rs[i]);
    free(rs);
out:
    suite_list_free(&pl);
    suite_list_free(&args);
    suite_list_free(&o.patterns);
    return rc;
}
