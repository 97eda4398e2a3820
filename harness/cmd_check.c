/*
 * cmd_check.c - `spgsim check [--json FILE] [--junit FILE] [PATH...]`:
 * run every scenario through the core and compare with its golden.
 *
 * A PATH is a .yaml file or a directory searched recursively (sorted);
 * the default is scenarios/.  The golden of scenarios/<rel>.yaml is
 * golden/<rel>.csv, next to the last `scenarios` directory in the path.
 */
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "diff.h"
#include "outfile.h"
#include "scenario.h"
#include "trace.h"

enum status { ST_PASS, ST_FAIL, ST_NO_GOLDEN, ST_STALE, ST_ERROR, ST_COUNT };

static const char *const status_names[ST_COUNT] = {
    "pass", "FAIL", "no golden", "stale golden", "error"};

typedef struct vresult {
    const scenario_verify *v; /* owned by the result's scenario */
    int has_golden, has_core;
    int32_t golden, core;
} vresult;

typedef struct result {
    char *path;
    char *golden_path; /* NULL when the path is not under scenarios/ */
    char *topic;
    char *message;     /* one line: error / divergence / stale detail */
    char *context;     /* FAIL: the context table, may be NULL */
    enum status status;
    int loaded;
    scenario s;
    trace_divergence d;
    char rom_md5[33];
    char hash[17], golden_hash[17];
    vresult *vr;
} result;

/* ---- small helpers ------------------------------------------------------ */

static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d == NULL) {
        fputs("spgsim check: out of memory\n", stderr);
        exit(2);
    }
    memcpy(d, s, n);
    return d;
}

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (q == NULL) {
        fputs("spgsim check: out of memory\n", stderr);
        exit(2);
    }
    return q;
}

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

/* ---- collecting scenarios ------------------------------------------------ */

typedef struct pathlist {
    char **v;
    size_t n, cap;
} pathlist;

static void pl_add(pathlist *pl, const char *p)
{
    if (pl->n == pl->cap) {
        pl->cap = pl->cap ? pl->cap * 2 : 64;
        pl->v = xrealloc(pl->v, pl->cap * sizeof *pl->v);
    }
    pl->v[pl->n++] = xstrdup(p);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

static char *join(const char *dir, const char *name)
{
    size_t a = strlen(dir), b = strlen(name);
    int slash = a > 0 && dir[a - 1] != '/';
    char *p = xrealloc(NULL, a + (size_t)slash + b + 1);
    memcpy(p, dir, a);
    if (slash)
        p[a] = '/';
    memcpy(p + a + (size_t)slash, name, b + 1);
    return p;
}

static int walk(const char *dir, pathlist *pl)
{
    DIR *d = opendir(dir);
    if (d == NULL) {
        fprintf(stderr, "spgsim check: %s: %s\n", dir, strerror(errno));
        return -1;
    }
    struct dirent *e;
    int rc = 0;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue; /* ., .., hidden files and editor temp files */
        char *p = join(dir, e->d_name);
        struct stat st;
        if (stat(p, &st) != 0) {
            fprintf(stderr, "spgsim check: %s: %s\n", p, strerror(errno));
            rc = -1;
        } else if (S_ISDIR(st.st_mode)) {
            if (walk(p, pl) != 0)
                rc = -1;
        } else if (S_ISREG(st.st_mode) && ends_with(p, ".yaml")) {
            pl_add(pl, p);
        }
        free(p);
    }
    closedir(d);
    return rc;
}

/* ---- golden path, topic --------------------------------------------------- */

/*
 * For ".../scenarios/<rel>.yaml" (the last "scenarios" directory in the
 * path): golden ".../golden/<rel>.csv" and topic = the first directory of
 * <rel> ("" when the scenario sits directly in scenarios/).
 */
static void golden_for(const char *path, char **golden, char **topic)
{
    *golden = NULL;
    *topic = xstrdup("");
    const char *best = NULL;
    for (const char *p = path; (p = strstr(p, "scenarios/")) != NULL; p++)
        if (p == path || p[-1] == '/')
            best = p;
    if (best == NULL)
        return;
    const char *rel = best + strlen("scenarios/");
    const char *slash = strchr(rel, '/');
    if (slash) {
        free(*topic);
        *topic = xrealloc(NULL, (size_t)(slash - rel) + 1);
        memcpy(*topic, rel, (size_t)(slash - rel));
        (*topic)[slash - rel] = '\0';
    }
    size_t pre = (size_t)(best - path);
    size_t rl = strlen(rel);
    if (ends_with(rel, ".yaml"))
        rl -= 5;
    else if (ends_with(rel, ".yml"))
        rl -= 4;
    char *g = xrealloc(NULL, pre + 7 + rl + 5);
    memcpy(g, path, pre);
    memcpy(g + pre, "golden/", 7);
    memcpy(g + pre + 7, rel, rl);
    memcpy(g + pre + 7 + rl, ".csv", 5);
    *golden = g;
}

/* ---- one scenario ---------------------------------------------------------- */

static void check_one(result *r, result *all, size_t index)
{
    sbuf err;
    golden_for(r->path, &r->golden_path, &r->topic);

    if (scenario_load(r->path, &r->s, sbuf_open(&err)) != 0) {
        r->message = sbuf_close(&err);
        r->status = ST_ERROR;
        return;
    }
    free(sbuf_close(&err));
    r->loaded = 1;
    scenario_hash_hex(&r->s, r->hash);

    /* verifies ids are unique in the suite */
    for (int i = 0; i < r->s.verify_count; i++) {
        const scenario_verify *v = &r->s.verifies[i];
        for (size_t j = 0; j < index; j++) {
            const result *o = &all[j];
            if (!o->loaded)
                continue;
            for (int k = 0; k < o->s.verify_count; k++) {
                if (strcmp(o->s.verifies[k].id, v->id) == 0) {
                    FILE *f = sbuf_open(&err);
                    fprintf(f, "%s:%d:%d: verifies id '%s' is already used "
                               "by %s:%d:%d", r->path, v->line, v->col,
                            v->id, o->path, o->s.verifies[k].line,
                            o->s.verifies[k].col);
                    r->message = sbuf_close(&err);
                    r->status = ST_ERROR;
                    return;
                }
            }
        }
    }

    /* the core run, for the comparison and the verifies' core values */
    trace core;
    if (scenario_trace_core(&r->s, &core) != 0) {
        fputs("spgsim check: out of memory\n", stderr);
        exit(2);
    }
    r->vr = xrealloc(NULL, (size_t)r->s.verify_count * sizeof *r->vr);
    for (int i = 0; i < r->s.verify_count; i++) {
        vresult *vr = &r->vr[i];
        memset(vr, 0, sizeof *vr);
        vr->v = &r->s.verifies[i];
        int col = trace_layout_column(core.layout, vr->v->field);
        if (vr->v->frame < core.rows && col >= 0) {
            vr->has_core = 1;
            vr->core = core.values[vr->v->frame][col];
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
        FILE *f = sbuf_open(&err);
        fprintf(f, "%s: %s", r->golden_path, strerror(errno));
        r->message = sbuf_close(&err);
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
        FILE *f = sbuf_open(&err);
        if (golden.scenario_hash[0] == '\0')
            fprintf(f, "%s has no scenario_hash (recapture it)",
                    r->golden_path);
        else
            fprintf(f, "scenario hash %s, %s was captured from %s "
                       "(recapture it)", r->hash, r->golden_path,
                    golden.scenario_hash);
        r->message = sbuf_close(&err);
        trace_free(&golden);
        goto done;
    }
    for (int i = 0; i < r->s.verify_count; i++) {
        vresult *vr = &r->vr[i];
        int col = trace_layout_column(golden.layout, vr->v->field);
        if (vr->v->frame < golden.rows && col >= 0) {
            vr->has_golden = 1;
            vr->golden = golden.values[vr->v->frame][col];
        }
    }
    if (trace_compare(&golden, &core, &r->d)) {
        r->status = ST_FAIL;
        FILE *f = sbuf_open(&err);
        trace_divergence_summary(f, &r->d);
        r->message = sbuf_close(&err);
        f = sbuf_open(&err);
        trace_divergence_context(f, &r->d, &golden, &core, "      ");
        r->context = sbuf_close(&err);
    } else {
        r->status = ST_PASS;
    }
    trace_free(&golden);
done:
    trace_free(&core);
}

static void print_result(FILE *f, const result *r)
{
    switch (r->status) {
    case ST_PASS:
        fprintf(f, "pass          %s\n", r->path);
        break;
    case ST_FAIL:
        fprintf(f, "FAIL          %s: %s\n", r->path, r->message);
        if (r->context && r->context[0])
            fprintf(f, "%s\n", r->context);
        break;
    case ST_NO_GOLDEN:
        fprintf(f, "no golden     %s (%s)\n", r->path, r->message);
        break;
    case ST_STALE:
        fprintf(f, "stale golden  %s: %s\n", r->path, r->message);
        break;
    default:
        /* the message starts with the file:line:col of the problem */
        fprintf(f, "error         %s\n", r->message);
        break;
    }
}

/* ---- JSON ------------------------------------------------------------------- */

static void json_str(FILE *f, const char *s)
{
    if (s == NULL) {
        fputs("null", f);
        return;
    }
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"':
            fputs("\\\"", f);
            break;
        case '\\':
            fputs("\\\\", f);
            break;
        case '\n':
            fputs("\\n", f);
            break;
        case '\r':
            fputs("\\r", f);
            break;
        case '\t':
            fputs("\\t", f);
            break;
        default:
            if (*p < 0x20)
                fprintf(f, "\\u%04x", *p);
            else
                fputc(*p, f);
        }
    }
    fputc('"', f);
}

static void json_int_or_null(FILE *f, int has, int32_t v)
{
    if (has)
        fprintf(f, "%" PRId32, v);
    else
        fputs("null", f);
}

static void json_bool_or_null(FILE *f, int has, int v)
{
    fputs(!has ? "null" : v ? "true" : "false", f);
}

static const char *game_name(spg_game g)
{
    return g == SPG_GAME_SONIC1 ? "sonic1" : NULL;
}

static void write_json(FILE *f, const result *rs, size_t n,
                       const int counts[ST_COUNT])
{
    fputs("{\n  \"spgsim_check\": 1,\n", f);
    fprintf(f, "  \"core_version\": \"%s\",\n", SPG_VERSION);
    fprintf(f, "  \"summary\": {\"total\": %zu, \"pass\": %d, \"fail\": %d, "
               "\"no_golden\": %d, \"stale\": %d, \"error\": %d, "
               "\"passed\": %d, \"failed\": %d},\n",
            n, counts[ST_PASS], counts[ST_FAIL], counts[ST_NO_GOLDEN],
            counts[ST_STALE], counts[ST_ERROR], counts[ST_PASS],
            (int)n - counts[ST_PASS]);
    fputs("  \"scenarios\": [", f);
    for (size_t i = 0; i < n; i++) {
        const result *r = &rs[i];
        fputs(i ? ",\n    {" : "\n    {", f);
        fputs("\"path\": ", f);
        json_str(f, r->path);
        fputs(", \"golden\": ", f);
        json_str(f, r->golden_path);
        fputs(", \"name\": ", f);
        json_str(f, r->loaded ? r->s.name : NULL);
        fputs(", \"topic\": ", f);
        json_str(f, r->topic);
        fputs(", \"game\": ", f);
        json_str(f, r->loaded ? game_name(r->s.game) : NULL);
        fputs(", \"status\": ", f);
        json_str(f, status_names[r->status]);
        fputs(", \"message\": ", f);
        json_str(f, r->message);
        fputs(",\n     \"divergence\": ", f);
        if (r->status == ST_FAIL) {
            fprintf(f, "{\"frame\": %d, \"field\": ", r->d.frame);
            json_str(f, r->d.column >= 0 ? r->d.layout->columns[r->d.column]
                                         : "rows");
            fprintf(f, ", \"expected\": %" PRId32 ", \"actual\": %" PRId32
                       "}", r->d.expected, r->d.actual);
        } else {
            fputs("null", f);
        }
        fputs(", \"rom_md5\": ", f);
        json_str(f, r->rom_md5[0] ? r->rom_md5 : NULL);
        fputs(", \"scenario_hash\": ", f);
        json_str(f, r->loaded ? r->hash : NULL);
        fputs(", \"golden_hash\": ", f);
        json_str(f, r->golden_hash[0] ? r->golden_hash : NULL);
        fputs(",\n     \"verifies\": [", f);
        int nv = r->loaded && r->vr ? r->s.verify_count : 0;
        for (int k = 0; k < nv; k++) {
            const vresult *vr = &r->vr[k];
            const scenario_verify *v = vr->v;
            fputs(k ? ",\n       {" : "\n       {", f);
            fputs("\"id\": ", f);
            json_str(f, v->id);
            fputs(", \"source\": ", f);
            json_str(f, v->source);
            fputs(", \"quote\": ", f);
            json_str(f, v->quote);
            fputs(", \"note\": ", f);
            json_str(f, v->note);
            fprintf(f, ", \"frame\": %d, \"field\": ", v->frame);
            json_str(f, v->field);
            fprintf(f, ", \"value\": %" PRId32 ", \"original\": ", v->value);
            json_int_or_null(f, v->has_original, v->original);
            fputs(", \"golden\": ", f);
            json_int_or_null(f, vr->has_golden, vr->golden);
            fputs(", \"core\": ", f);
            json_int_or_null(f, vr->has_core, vr->core);
            fputs(", \"guide_matches_original\": ", f);
            json_bool_or_null(f, vr->has_golden, vr->golden == v->value);
            fputs(", \"core_matches_original\": ", f);
            json_bool_or_null(f, vr->has_golden && vr->has_core,
                              vr->core == vr->golden);
            fputs(", \"stated_original_matches_golden\": ", f);
            json_bool_or_null(f, vr->has_golden && v->has_original,
                              v->original == vr->golden);
            fputc('}', f);
        }
        fputs(nv ? "\n     ]}" : "]}", f);
    }
    fputs(n ? "\n  ]\n}\n" : "]\n}\n", f);
}

/* ---- JUnit ------------------------------------------------------------------ */

static void xml_str(FILE *f, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; p && *p; p++) {
        switch (*p) {
        case '&':
            fputs("&amp;", f);
            break;
        case '<':
            fputs("&lt;", f);
            break;
        case '>':
            fputs("&gt;", f);
            break;
        case '"':
            fputs("&quot;", f);
            break;
        case '\'':
            fputs("&apos;", f);
            break;
        default:
            if (*p < 0x20 && *p != '\n' && *p != '\t' && *p != '\r')
                fputc('?', f); /* not allowed in XML 1.0 */
            else
                fputc(*p, f);
        }
    }
}

static void write_junit(FILE *f, const result *rs, size_t n,
                        const int counts[ST_COUNT])
{
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
    fprintf(f, "<testsuites name=\"spgsim check\" tests=\"%zu\" "
               "failures=\"%d\" errors=\"%d\">\n",
            n, counts[ST_FAIL] + counts[ST_NO_GOLDEN] + counts[ST_STALE],
            counts[ST_ERROR]);
    for (size_t i = 0; i < n; i++) {
        /* one testsuite per topic, in order of first appearance */
        int seen = 0;
        for (size_t j = 0; j < i; j++)
            if (strcmp(rs[j].topic, rs[i].topic) == 0)
                seen = 1;
        if (seen)
            continue;
        const char *topic = rs[i].topic[0] ? rs[i].topic : "(top)";
        int tests = 0, failures = 0, errors = 0;
        for (size_t j = i; j < n; j++) {
            if (strcmp(rs[j].topic, rs[i].topic) != 0)
                continue;
            tests++;
            if (rs[j].status == ST_ERROR)
                errors++;
            else if (rs[j].status != ST_PASS)
                failures++;
        }
        fputs("  <testsuite name=\"", f);
        xml_str(f, topic);
        fprintf(f, "\" tests=\"%d\" failures=\"%d\" errors=\"%d\" "
                   "skipped=\"0\">\n", tests, failures, errors);
        for (size_t j = i; j < n; j++) {
            const result *r = &rs[j];
            if (strcmp(r->topic, rs[i].topic) != 0)
                continue;
            fputs("    <testcase classname=\"", f);
            xml_str(f, topic);
            fputs("\" name=\"", f);
            xml_str(f, r->loaded ? r->s.name : r->path);
            fputs("\" file=\"", f);
            xml_str(f, r->path);
            if (r->status == ST_PASS) {
                fputs("\"/>\n", f);
                continue;
            }
            fputs("\">\n      <", f);
            const char *elem = r->status == ST_ERROR ? "error" : "failure";
            fputs(elem, f);
            fputs(" type=\"", f);
            xml_str(f, status_names[r->status]);
            fputs("\" message=\"", f);
            xml_str(f, r->message);
            fputs("\">", f);
            xml_str(f, r->message);
            if (r->context) {
                fputc('\n', f);
                xml_str(f, r->context);
            }
            fprintf(f, "</%s>\n    </testcase>\n", elem);
        }
        fputs("  </testsuite>\n", f);
    }
    fputs("</testsuites>\n", f);
}

/* ---- the command -------------------------------------------------------------- */

static void usage(FILE *f)
{
    fputs("usage: spgsim check [--json FILE] [--junit FILE] [PATH...]\n"
          "Run scenarios through the core and compare each with its golden\n"
          "(scenarios/<rel>.yaml -> golden/<rel>.csv).  A PATH is a .yaml\n"
          "file or a directory searched recursively; default scenarios/.\n"
          "Exit 0 when every scenario passes, 1 otherwise, 2 on bad usage.\n",
          f);
}

int cmd_check(int argc, char **argv)
{
    const char *json = NULL, *junit = NULL;
    pathlist args = {0}, pl = {0};
    int rc = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            goto out_args;
        }
        if (strcmp(argv[i], "--json") == 0 || strcmp(argv[i], "--junit") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "spgsim check: %s needs a file name\n",
                        argv[i]);
                rc = 2;
                goto out_args;
            }
            if (strcmp(argv[i], "--json") == 0)
                json = argv[++i];
            else
                junit = argv[++i];
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            fprintf(stderr, "spgsim check: unknown option '%s'\n", argv[i]);
            usage(stderr);
            rc = 2;
            goto out_args;
        } else {
            pl_add(&args, argv[i]);
        }
    }
    if (args.n == 0)
        pl_add(&args, "scenarios");

    for (size_t i = 0; i < args.n; i++) {
        struct stat st;
        if (stat(args.v[i], &st) != 0) {
            fprintf(stderr, "spgsim check: %s: %s\n", args.v[i],
                    strerror(errno));
            rc = 2;
        } else if (S_ISDIR(st.st_mode)) {
            size_t first = pl.n;
            if (walk(args.v[i], &pl) != 0)
                rc = 2;
            qsort(pl.v + first, pl.n - first, sizeof *pl.v, cmp_str);
        } else {
            pl_add(&pl, args.v[i]);
        }
    }
    if (rc != 0)
        goto out;

    result *rs = xrealloc(NULL, pl.n * sizeof *rs);
    memset(rs, 0, pl.n * sizeof *rs);
    int counts[ST_COUNT] = {0};
    int progress = isatty(2);
    for (size_t i = 0; i < pl.n; i++) {
        result *r = &rs[i];
        r->path = pl.v[i];
        if (progress)
            fprintf(stderr, "\r[%zu/%zu] %s\033[K", i + 1, pl.n, r->path);
        check_one(r, rs, i);
        if (progress)
            fputs("\r\033[K", stderr);
        counts[r->status]++;
        print_result(stdout, r);
        fflush(stdout);
    }
    if (pl.n == 0)
        fprintf(stderr, "spgsim check: no scenarios found\n");
    printf("%d pass, %d FAIL, %d no golden, %d stale, %d error\n",
           counts[ST_PASS], counts[ST_FAIL], counts[ST_NO_GOLDEN],
           counts[ST_STALE], counts[ST_ERROR]);
    printf("%d passed, %d failed\n", counts[ST_PASS],
           (int)pl.n - counts[ST_PASS]);
    rc = counts[ST_PASS] == (int)pl.n ? 0 : 1;

    outfile o;
    if (json) {
        if (outfile_open(&o, json, stderr) != 0) {
            rc = 2;
        } else {
            write_json(o.f, rs, pl.n, counts);
            if (outfile_commit(&o, stderr) != 0)
                rc = 2;
        }
    }
    if (junit) {
        if (outfile_open(&o, junit, stderr) != 0) {
            rc = 2;
        } else {
            write_junit(o.f, rs, pl.n, counts);
            if (outfile_commit(&o, stderr) != 0)
                rc = 2;
        }
    }
    if (fflush(stdout) != 0)
        rc = 2;

    for (size_t i = 0; i < pl.n; i++) {
        result *r = &rs[i];
        free(r->golden_path);
        free(r->topic);
        free(r->message);
        free(r->context);
        free(r->vr);
        if (r->loaded)
            scenario_free(&r->s);
    }
    free(rs);
out:
    for (size_t i = 0; i < pl.n; i++)
        free(pl.v[i]);
    free(pl.v);
out_args:
    for (size_t i = 0; i < args.n; i++)
        free(args.v[i]);
    free(args.v);
    return rc;
}
