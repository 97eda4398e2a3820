/*
 * view.c - `spgsim view`: the trace viewer (docs/viewer.md).
 *
 *   spgsim view SCENARIO.yaml [--golden G.csv] [--actual A.csv] [-o FILE]
 *       one self-contained HTML page: the viewer with the scenario's map
 *       (or special-stage maze) and traces embedded as JSON (golden,
 *       core, actual)
 *   spgsim view --data-js SCENARIO.yaml [...]
 *       only the data, as `window.SPG_VIEW_DATA = {...};`, for a page
 *       opened as viewer.html?data=path/to/file.js
 *   spgsim view --page [-o FILE]
 *       the viewer page alone (loads its data with ?data=)
 *
 * Output to stdout by default (-o FILE, written atomically).  The page is
 * harness/interop/viewer.html, turned into a C array by the Makefile
 * (build/gen/viewer_page.c), so the program needs no file beside it.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check/suite.h"
#include "cli/commands.h"
#include "interop/view.h"
#include "scenario/scenario.h"
#include "trace/trace.h"
#include "util/outfile.h"

/* The page (build/gen/viewer_page.c, made by the Makefile). */
extern const unsigned char viewer_page[];
extern const size_t viewer_page_len;

/* Where the page takes its data: this comment in viewer.html. */
#define DATA_MARKER "/*SPG_VIEW_DATA*/"

static void usage(FILE *f)
{
    fputs("usage: spgsim view SCENARIO.yaml [--golden GOLDEN.csv] "
          "[--actual TRACE.csv] [-o FILE]\n"
          "       spgsim view --data-js SCENARIO.yaml [...] [-o FILE.js]\n"
          "       spgsim view --page [-o FILE.html]\n"
          "Write the trace viewer (one HTML page, stdout by default) with "
          "the\n"
          "scenario's map and its traces embedded: the golden (the suite's,\n"
          "golden/<topic>/<name>.csv, or --golden), the core's run, and\n"
          "--actual, another engine's trace, each compared with the first\n"
          "by column name.  --data-js writes only the data, as\n"
          "'window.SPG_VIEW_DATA = {...};', for viewer.html?data=FILE.js;\n"
          "--page writes the page without data.  A special-stage\n"
          "scenario shows its maze (24x24 blocks) and the stage angle.\n"
          "Keys: left/right a frame, shift+left/right ten, space plays\n"
          "(docs/viewer.md).\n",
          f);
}

/* Everything one view owns. */
typedef struct view_inputs {
    scenario *s;
    trace golden, core, actual;
    int has_golden, has_core, has_actual;
    char *golden_path, *rel, *topic;
    char note[512];
} view_inputs;

static void inputs_free(view_inputs *v)
{
    if (v->has_golden)
        trace_free(&v->golden);
    if (v->has_core)
        trace_free(&v->core);
    if (v->has_actual)
        trace_free(&v->actual);
    if (v->s) {
        scenario_free(v->s);
        free(v->s);
    }
    free(v->golden_path);
    free(v->rel);
    free(v->topic);
}

/* Load the scenario and its traces; 0, or 2 after a message. */
static int load_inputs(view_inputs *v, const char *path,
                       const char *golden_arg, const char *actual_arg)
{
    suite_locate(path, &v->golden_path, &v->rel, &v->topic);
    v->s = malloc(sizeof *v->s);
    if (v->s == NULL) {
        fputs("spgsim view: out of memory\n", stderr);
        return 2;
    }
    if (scenario_load(path, v->s, stderr) != 0) {
        free(v->s);
        v->s = NULL;
        return 2;
    }
    char hash[17];
    scenario_hash_hex(v->s, hash);
    const char *gp = golden_arg ? golden_arg : v->golden_path;
    struct stat st;
    if (golden_arg == NULL && (gp == NULL || stat(gp, &st) != 0)) {
        snprintf(v->note, sizeof v->note, "no golden (%s)",
                 gp ? gp : "the scenario is not under scenarios/");
    } else {
        if (trace_read(gp, &v->golden, stderr) != 0)
            return 2;
        v->has_golden = 1;
        if (v->golden.scenario_hash[0] != '\0' &&
            strcmp(v->golden.scenario_hash, hash) != 0) {
            if (golden_arg == NULL) {
                /* like check and export: a stale golden is not compared */
                fprintf(stderr, "%s: stale (captured from another version "
                                "of the scenario): left out\n", gp);
                snprintf(v->note, sizeof v->note,
                         "golden left out: %s is stale (captured from "
                         "another version of the scenario)", gp);
                trace_free(&v->golden);
                v->has_golden = 0;
            } else {
                snprintf(v->note, sizeof v->note,
                         "%s was captured from another version of the "
                         "scenario", gp);
            }
        }
    }
    if (scenario_trace_core(v->s, &v->core) != 0) {
        fputs("spgsim view: out of memory\n", stderr);
        return 2;
    }
    v->has_core = 1;
    if (actual_arg) {
        if (trace_read(actual_arg, &v->actual, stderr) != 0)
            return 2;
        v->has_actual = 1;
    }
    return 0;
}

int cmd_view(int argc, char **argv)
{
    const char *in = NULL, *out = NULL, *golden = NULL, *actual = NULL;
    int data_js = 0, page = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0 ||
            strcmp(a, "--golden") == 0 || strcmp(a, "--actual") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "spgsim view: %s needs a file name\n", a);
                return 2;
            }
            const char *v = argv[++i];
            if (strcmp(a, "--golden") == 0)
                golden = v;
            else if (strcmp(a, "--actual") == 0)
                actual = v;
            else
                out = v;
        } else if (strcmp(a, "--data-js") == 0) {
            data_js = 1;
        } else if (strcmp(a, "--page") == 0) {
            page = 1;
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "spgsim view: unknown option '%s'\n", a);
            usage(stderr);
            return 2;
        } else if (in == NULL) {
            in = a;
        } else {
            fputs("spgsim view: one scenario at a time\n", stderr);
            usage(stderr);
            return 2;
        }
    }
    if (page && (in || golden || actual || data_js)) {
        fputs("spgsim view: --page writes the page alone: no scenario, "
              "--golden, --actual or --data-js\n", stderr);
        return 2;
    }
    if (!page && in == NULL) {
        usage(stderr);
        return 2;
    }
    const char *marker = strstr((const char *)viewer_page, DATA_MARKER);
    if (marker == NULL) {
        fputs("spgsim view: the embedded page has no data marker\n", stderr);
        return 2;
    }

    if (page) {
        outfile o;
        if (outfile_open(&o, out, stderr) != 0)
            return 2;
        fwrite(viewer_page, 1, viewer_page_len, o.f);
        return outfile_commit(&o, stderr) == 0 ? 0 : 2;
    }

    view_inputs v;
    memset(&v, 0, sizeof v);
    int rc = load_inputs(&v, in, golden, actual);
    view_trace vt[VIEW_MAX_TRACES];
    int n = 0;
    if (rc == 0) {
        if (v.has_golden)
            vt[n++] = (view_trace){"golden", golden ? golden : v.golden_path,
                                   &v.golden};
        vt[n++] = (view_trace){"core", "spgsim run", &v.core};
        if (v.has_actual)
            vt[n++] = (view_trace){"actual", actual, &v.actual};
        if (view_check_traces(vt, n, stderr) != 0)
            rc = 2;
    }
    if (rc == 0) {
        outfile o;
        if (outfile_open(&o, out, stderr) != 0) {
            rc = 2;
        } else {
            size_t head = (size_t)(marker - (const char *)viewer_page);
            if (!data_js)
                fwrite(viewer_page, 1, head, o.f);
            fputs("window.SPG_VIEW_DATA = ", o.f);
            view_write_json(o.f, v.s, v.rel, v.note[0] ? v.note : NULL, vt,
                            n);
            fputs(";\n", o.f);
            if (!data_js)
                fwrite(viewer_page + head + strlen(DATA_MARKER), 1,
                       viewer_page_len - head - strlen(DATA_MARKER), o.f);
            if (outfile_commit(&o, stderr) != 0)
                rc = 2;
        }
    }
    inputs_free(&v);
    return rc;
}
