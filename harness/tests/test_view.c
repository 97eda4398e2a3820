/*
 * test_view.c - `spgsim view`, the trace viewer's page and data, through
 * the program itself (<build>/tests/test_view -> <build>/spgsim), run from
 * a directory of its own (the page is in the program, not beside it): the
 * page is the template with the data spliced in; --page is the template
 * byte for byte; --data-js is one assignment; the data (read back with
 * Python's json) holds the map, masks, golden, core and an --actual trace
 * with its planted divergence; a stale or missing golden is a note; bad
 * input exits 2 and leaves no output file (and an existing one untouched);
 * a special-stage scenario gives its maze as loaded (mode special_stage),
 * its golden and core, and an --actual trace's planted divergence, in all
 * three modes.
 * Run from the top of the tree (scenarios/, golden/, harness/interop/).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "scenario/scenario.h"
#include "trace/trace.h"
#include "test.h"
#include "test_files.h"

#define SCEN "scenarios/running/top-speed-frame-128.yaml"
#define GOLDEN "golden/running/top-speed-frame-128.csv"
#define S2 "scenarios/sonic2/paths/two-paths-secondary.yaml"
#define SPECIAL "scenarios/special_stage/bumper.yaml"
#define SPECIAL_GOLDEN "golden/special_stage/bumper.csv"

static char tmpdir[64];
static char spgsim[PATH_MAX];
static char root[PATH_MAX];

static char *tp(const char *name)
{
    static char buf[8][PATH_MAX + 64];
    static int k;
    k = (k + 1) % 8;
    snprintf(buf[k], sizeof buf[k], "%s/%s", tmpdir, name);
    return buf[k];
}

/* A path under the tree's top (absolute). */
static char *rp(const char *name)
{
    static char buf[8][PATH_MAX + 64];
    static int k;
    k = (k + 1) % 8;
    snprintf(buf[k], sizeof buf[k], "%s/%s", root, name);
    return buf[k];
}

/* Run "cd TMP && spgsim view ARGS 2>TMP/err"; the exit status. */
static int view(const char *args)
{
    char cmd[4 * PATH_MAX];
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' view %s 2>'%s/err'", tmpdir,
             spgsim, args, tmpdir);
    int st = system(cmd);
    if (st == -1 || !WIFEXITED(st))
        return -1;
    return WEXITSTATUS(st);
}

static char *err_text(void)
{
    return read_text(tp("err"));
}

/* Python over the data of FILE (a page or a --data-js file): the script
 * gets `d`, the data; exit status 0 when its asserts hold. */
static int py(const char *file, const char *script)
{
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s", tp("check.py"));
    FILE *f = fopen(path, "w");
    if (f == NULL)
        return -1;
    fprintf(f,
            "import json, sys\n"
            "t = open(sys.argv[1]).read()\n"
            "p = 'window.SPG_VIEW_DATA = '\n"
            "i = t.index(p) + len(p)\n"
            "j = t.index(';\\n', i)\n"
            "d = json.loads(t[i:j])\n"
            "%s\n",
            script);
    fclose(f);
    char cmd[3 * PATH_MAX];
    snprintf(cmd, sizeof cmd, "/usr/bin/python3 '%s' '%s'", path, file);
    return system(cmd);
}

static void test_page(void)
{
    char a[2 * PATH_MAX];
    snprintf(a, sizeof a, "'%s' -o v.html", rp(SCEN));
    CHECK_EQ(view(a), 0);
    char *page = read_text(tp("v.html"));
    char *tmpl = read_text(rp("harness/interop/viewer.html"));
    CHECK(page && tmpl);
    if (page && tmpl) {
        CHECK(strncmp(page, "<!DOCTYPE html>", 15) == 0);
        /* the template up to the marker, the data, the rest */
        const char *m = strstr(tmpl, "/*SPG_VIEW_DATA*/");
        CHECK(m != NULL);
        if (m) {
            size_t head = (size_t)(m - tmpl), tail = strlen(m + 17);
            CHECK(strncmp(page, tmpl, head) == 0);
            CHECK(strncmp(page + head, "window.SPG_VIEW_DATA = {", 24) == 0);
            CHECK(strlen(page) > head + tail &&
                  strcmp(page + strlen(page) - tail, m + 17) == 0);
        }
        CHECK(strstr(page, "/*SPG_VIEW_DATA*/") == NULL);
    }
    free(page);
    free(tmpl);
    CHECK_EQ(py(tp("v.html"),
                "assert d['spgsim_view'] == 1 and d['id'] == "
                "'running/top-speed-frame-128', d['id']\n"
                "assert d['game'] == 'sonic1' and d['paths'] is False\n"
                "m = d['map']\n"
                "assert (m['x0'], m['y0'], m['width'], m['height']) == "
                "(28, 46, 35, 2), m\n"
                "assert len(m['cells']) == 70 and m['secondary_masks'] is None\n"
                "assert all(c & 0xff == 1 and c & 0x6000 == 0x6000 "
                "for c in m['cells'])\n"
                "assert d['masks'][1]['heights'] == [16] * 16\n"
                "assert d['masks'][1]['widths'] == [16] * 16\n"
                "g, c = d['traces']\n"
                "assert (g['label'], c['label']) == ('golden', 'core')\n"
                "assert g['source'].endswith('" GOLDEN "')\n"
                "assert len(g['rows']) == 151 and len(c['rows']) == 151\n"
                "assert g['rows'] == c['rows'] and c['divergence'] is None\n"
                "x = g['columns'].index('x')\n"
                "assert g['rows'][0][x] == 460 and d['note'] is None\n"),
             0);
}

static void test_page_alone_and_data_js(void)
{
    CHECK_EQ(view("--page -o viewer.html"), 0);
    size_t n1 = 0, n2 = 0;
    char *page = read_file(tp("viewer.html"), &n1);
    char *tmpl = read_file(rp("harness/interop/viewer.html"), &n2);
    CHECK(page && tmpl && n1 == n2 && memcmp(page, tmpl, n1) == 0);
    free(page);
    free(tmpl);

    char a[2 * PATH_MAX];
    snprintf(a, sizeof a, "--data-js '%s' -o d.js", rp(SCEN));
    CHECK_EQ(view(a), 0);
    char *js = read_text(tp("d.js"));
    CHECK(js && strncmp(js, "window.SPG_VIEW_DATA = {\"spgsim_view\": 1,",
                        41) == 0);
    CHECK(js && strlen(js) > 3 && strcmp(js + strlen(js) - 3, "};\n") == 0);
    CHECK(js && strstr(js, "<html") == NULL);
    free(js);
    CHECK_EQ(py(tp("d.js"), "assert len(d['traces']) == 2"), 0);

    /* stdout by default */
    snprintf(a, sizeof a, "--data-js '%s' > out.js", rp(SCEN));
    CHECK_EQ(view(a), 0);
    char *o = read_text(tp("out.js"));
    js = read_text(tp("d.js"));
    CHECK(o && js && strcmp(o, js) == 0);
    free(o);
    free(js);
}

/* Another engine's trace: a few columns in its own order, one value off. */
static void test_actual(void)
{
    trace g;
    CHECK_EQ(trace_read(rp(GOLDEN), &g, stdout), 0);
    FILE *f = fopen(tp("mine.csv"), "w");
    CHECK(f != NULL);
    if (f == NULL)
        return;
    int gs = trace_find_column(&g, "ground_speed");
    int x = trace_find_column(&g, "x");
    fputs("# my engine\nground_speed,x,frame\n", f);
    for (int r = 0; r < g.rows; r++)
        fprintf(f, "%d,%d,%d\n",
                (int)g.values[r][gs] + (r == 42 ? 1 : 0), (int)g.values[r][x],
                r);
    fclose(f);
    trace_free(&g);
    char a[2 * PATH_MAX];
    snprintf(a, sizeof a, "'%s' --actual mine.csv -o a.html", rp(SCEN));
    CHECK_EQ(view(a), 0);
    CHECK_EQ(py(tp("a.html"),
                "g, c, a = d['traces']\n"
                "assert a['label'] == 'actual' and a['source'] == 'mine.csv'\n"
                "assert a['columns'] == ['ground_speed', 'x', 'frame']\n"
                "v = a['divergence']\n"
                "assert v['frame'] == 42 and v['field'] == 'ground_speed', v\n"
                "assert v['actual'] == v['expected'] + 1, v\n"
                "assert v['fields'] == ['ground_speed'] and v['frames'] == 1\n"
                "assert v['compared'] == ['x', 'ground_speed'], v\n"
                "assert c['divergence'] is None\n"),
             0);

    /* --golden: another file, compared as the first trace */
    snprintf(a, sizeof a, "'%s' --golden mine.csv -o b.html", rp(SCEN));
    CHECK_EQ(view(a), 0);
    CHECK_EQ(py(tp("b.html"),
                "g, c = d['traces']\n"
                "assert g['label'] == 'golden' and g['source'] == 'mine.csv'\n"
                "v = c['divergence']\n"
                "assert v['frame'] == 42 and v['field'] == 'ground_speed', v\n"),
             0);
}

/* A Sonic 2 map with a secondary mask. */
static void test_sonic2(void)
{
    char a[2 * PATH_MAX];
    snprintf(a, sizeof a, "'%s' -o s2.html", rp(S2));
    CHECK_EQ(view(a), 0);
    CHECK_EQ(py(tp("s2.html"),
                "m = d['map']\n"
                "assert d['game'] == 'sonic2' and d['paths'] is True\n"
                "s = m['secondary_masks']\n"
                "assert s is not None and len(s) == len(m['cells'])\n"
                "assert any(s[i] != m['cells'][i] & 0xff "
                "for i in range(len(s)))\n"
                "assert any(bool(c & 0x4000) != bool(c & 0x0400) "
                "for c in m['cells'])\n"
                "g, c = d['traces']\n"
                "assert 'top_solid_bit' in g['columns']\n"),
             0);
}

/* A special-stage scenario: the maze, the golden and core, a planted
 * divergence; the page and --data-js. */
static void test_special(void)
{
    char a[2 * PATH_MAX];
    snprintf(a, sizeof a, "'%s' -o ss.html", rp(SPECIAL));
    CHECK_EQ(view(a), 0);
    char *page = read_text(tp("ss.html"));
    CHECK(page && strncmp(page, "<!DOCTYPE html>", 15) == 0 &&
          strstr(page, "window.SPG_VIEW_DATA = {") != NULL &&
          strstr(page, "/*SPG_VIEW_DATA*/") == NULL);
    free(page);
    /* the maze of bumper.yaml: 9 x 8, walls round it, the bumper ($25)
     * at row 6, column 4 */
    const char *maze =
        "assert d['spgsim_view'] == 1 and d['mode'] == 'special_stage'\n"
        "assert d['id'] == 'special_stage/bumper', d['id']\n"
        "assert d['game'] == 'sonic1' and d['paths'] is False\n"
        "assert d['map'] is None and d['masks'] == []\n"
        "assert d['start'] == {'x': 844, 'y': 736}, d['start']\n"
        "m = d['special']\n"
        "assert (m['x0'], m['y0'], m['block']) == (736, 688, 24), m\n"
        "assert (m['layout_row'], m['layout_column']) == (32, 32), m\n"
        "assert (m['width'], m['height']) == (9, 8), m\n"
        "assert (m['angle'], m['rotation']) == (0, 0), m\n"
        "b = m['blocks']\n"
        "assert len(b) == 72\n"
        "assert b[:9] == [1] * 9 and b[63:] == [1] * 9\n"
        "assert all(b[r * 9] == 1 and b[r * 9 + 8] == 1 for r in range(8))\n"
        "assert b[6 * 9 + 4] == 0x25\n"
        "assert sum(1 for v in b if v not in (0, 1)) == 1\n"
        "g, c = d['traces'][:2]\n"
        "assert (g['label'], c['label']) == ('golden', 'core')\n"
        "assert g['source'].endswith('" SPECIAL_GOLDEN "')\n"
        "assert 'stage_angle' in g['columns'] and len(g['rows']) == 61\n"
        "assert g['rows'] == c['rows'] and c['divergence'] is None\n"
        "x, y = g['columns'].index('x'), g['columns'].index('y')\n"
        "assert (g['rows'][0][x], g['rows'][0][y]) == (844, 736)\n"
        "assert d['note'] is None\n";
    CHECK_EQ(py(tp("ss.html"), maze), 0);
    snprintf(a, sizeof a, "--data-js '%s' -o ss.js", rp(SPECIAL));
    CHECK_EQ(view(a), 0);
    char *js = read_text(tp("ss.js"));
    CHECK(js && strncmp(js, "window.SPG_VIEW_DATA = {\"spgsim_view\": 1,",
                        41) == 0 && strstr(js, "<html") == NULL);
    free(js);
    CHECK_EQ(py(tp("ss.js"), maze), 0);
    /* a normal scenario says its mode too */
    snprintf(a, sizeof a, "--data-js '%s' -o n.js", rp(SCEN));
    CHECK_EQ(view(a), 0);
    CHECK_EQ(py(tp("n.js"),
                "assert d['mode'] == 'normal' and d['special'] is None\n"),
             0);

    /* an --actual trace: the golden with y_speed off by one at frame 20 */
    trace g;
    CHECK_EQ(trace_read(rp(SPECIAL_GOLDEN), &g, stdout), 0);
    FILE *f = fopen(tp("ss-mine.csv"), "w");
    CHECK(f != NULL);
    if (f == NULL) {
        trace_free(&g);
        return;
    }
    int ys = trace_find_column(&g, "y_speed");
    int x = trace_find_column(&g, "x"), y = trace_find_column(&g, "y");
    fputs("frame,x,y,y_speed\n", f);
    for (int r = 0; r < g.rows; r++)
        fprintf(f, "%d,%d,%d,%d\n", r, (int)g.values[r][x],
                (int)g.values[r][y],
                (int)g.values[r][ys] + (r == 20 ? 1 : 0));
    fclose(f);
    trace_free(&g);
    snprintf(a, sizeof a, "'%s' --actual ss-mine.csv -o ssa.html",
             rp(SPECIAL));
    CHECK_EQ(view(a), 0);
    CHECK_EQ(py(tp("ssa.html"),
                "g, c, a = d['traces']\n"
                "assert a['label'] == 'actual' and c['divergence'] is None\n"
                "v = a['divergence']\n"
                "assert v['frame'] == 20 and v['field'] == 'y_speed', v\n"
                "assert v['actual'] == v['expected'] + 1, v\n"
                "assert v['fields'] == ['y_speed'] and v['frames'] == 1, v\n"
                "assert v['compared'] == ['x', 'y', 'y_speed'], v\n"),
             0);
    /* a normal-stage trace does not compare with a special-stage one */
    snprintf(a, sizeof a, "'%s' --actual '%s' -o ssb.html", rp(SPECIAL),
             rp(GOLDEN));
    CHECK_EQ(view(a), 2);
    CHECK(!exists(tp("ssb.html")));
    char *e = err_text();
    CHECK(e && strstr(e, "do not compare"));
    free(e);
}

/* No golden, a stale golden: a note, the core alone. */
static void test_golden_notes(void)
{
    const char *yaml =
        "name: x\ngame: sonic1\ntiles:\n  block: {heights: full, "
        "angle: 0xFF}\nmap:\n  origin: [0, 64]\n  legend: {\"#\": block}\n"
        "  rows: [\"####\"]\nstart: {x: 20, y: 44}\nframes: 3\n";
    char cmd[PATH_MAX + 64];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s/scenarios/t' '%s/golden/t'",
             tmpdir, tmpdir);
    CHECK_EQ(system(cmd), 0);
    CHECK_EQ(write_text(tp("scenarios/t/x.yaml"), yaml), 0);
    CHECK_EQ(view("scenarios/t/x.yaml -o n.html"), 0);
    CHECK_EQ(py(tp("n.html"),
                "assert [t['label'] for t in d['traces']] == ['core']\n"
                "assert d['note'].startswith('no golden'), d['note']\n"
                "assert d['id'] == 't/x'\n"),
             0);
    /* a golden of another version of the scenario */
    CHECK_EQ(write_text(tp("golden/t/x.csv"),
                        "# spgsim trace\n# scenario_hash: 0000000000000000\n"
                        "frame,x\n0,20\n1,20\n2,20\n3,20\n"),
             0);
    CHECK_EQ(view("scenarios/t/x.yaml -o s.html"), 0);
    char *e = err_text();
    CHECK(e && strstr(e, "golden/t/x.csv: stale"));
    free(e);
    CHECK_EQ(py(tp("s.html"),
                "assert [t['label'] for t in d['traces']] == ['core']\n"
                "assert 'stale' in d['note'], d['note']\n"),
             0);
    /* the same file named with --golden is shown, with a note */
    CHECK_EQ(view("scenarios/t/x.yaml --golden golden/t/x.csv -o s.html"), 0);
    CHECK_EQ(py(tp("s.html"),
                "assert [t['label'] for t in d['traces']] == "
                "['golden', 'core']\n"
                "assert 'another version' in d['note'], d['note']\n"),
             0);
}

/* Each bad input: exit 2, a message, no output file. */
static void bad(const char *args, const char *msg)
{
    char a[4 * PATH_MAX];
    snprintf(a, sizeof a, "%s -o bad.html", args);
    int rc = view(a);
    char *e = err_text();
    if (rc != 2 || exists(tp("bad.html")) || e == NULL ||
        strstr(e, msg) == NULL)
        printf("  view %s: exit %d, stderr: %s", args, rc, e ? e : "-");
    CHECK_EQ(rc, 2);
    CHECK(!exists(tp("bad.html")));
    CHECK(e && strstr(e, msg));
    free(e);
}

static void test_errors(void)
{
    CHECK_EQ(write_text(tp("junk.csv"), "frame,x\n0,abc\n"), 0);
    CHECK_EQ(write_text(tp("other.csv"), "foo,bar\n1,2\n"), 0);
    CHECK_EQ(write_text(tp("bad.yaml"), "name: b\ngame: sonic1\nframes: [\n"),
             0);
    char a[2 * PATH_MAX];
    bad("missing.yaml", "missing.yaml");
    bad("bad.yaml", "bad.yaml:");
    snprintf(a, sizeof a, "'%s' --actual junk.csv", rp(SCEN));
    bad(a, "junk.csv:2:");
    snprintf(a, sizeof a, "'%s' --actual other.csv", rp(SCEN));
    bad(a, "no column in common");
    snprintf(a, sizeof a, "'%s' --actual nothere.csv", rp(SCEN));
    bad(a, "nothere.csv");
    snprintf(a, sizeof a, "'%s' --golden junk.csv", rp(SCEN));
    bad(a, "junk.csv:2:");
    snprintf(a, sizeof a, "'%s' --frobnicate", rp(SCEN));
    bad(a, "unknown option '--frobnicate'");
    snprintf(a, sizeof a, "'%s' '%s'", rp(SCEN), rp(SCEN));
    bad(a, "one scenario at a time");
    snprintf(a, sizeof a, "--page '%s'", rp(SCEN));
    bad(a, "--page writes the page alone");
    bad("", "usage: spgsim view");
    CHECK_EQ(view("--actual"), 2);

    /* an existing output file is left as it was */
    CHECK_EQ(write_text(tp("keep.html"), "old\n"), 0);
    snprintf(a, sizeof a, "'%s' --actual junk.csv -o keep.html", rp(SCEN));
    CHECK_EQ(view(a), 2);
    char *k = read_text(tp("keep.html"));
    CHECK(k && strcmp(k, "old\n") == 0);
    free(k);

    CHECK_EQ(view("--help > help.txt"), 0);
    char *h = read_text(tp("help.txt"));
    CHECK(h && strstr(h, "--data-js") && strstr(h, "--actual"));
    free(h);
}

int main(int argc, char **argv)
{
    (void)argc;
    /* <build>/tests/test_view -> <build>/spgsim, made absolute: the
     * commands run in the temporary directory */
    char rel[PATH_MAX];
    const char *slash = strrchr(argv[0], '/');
    int dl = slash ? (int)(slash - argv[0]) : 1;
    snprintf(rel, sizeof rel, "%.*s/../spgsim", dl, slash ? argv[0] : ".");
    if (getenv("SPGSIM"))
        snprintf(rel, sizeof rel, "%s", getenv("SPGSIM"));
    if (getcwd(root, sizeof root) == NULL) {
        perror("getcwd");
        return 1;
    }
    if (rel[0] == '/')
        snprintf(spgsim, sizeof spgsim, "%s", rel);
    else
        snprintf(spgsim, sizeof spgsim, "%.2000s/%.2000s", root, rel);
    if (access(spgsim, X_OK) != 0)
        printf("  %s: no spgsim program there (build it first)\n", spgsim);
    snprintf(tmpdir, sizeof tmpdir, "/tmp/spgsim-test-view-XXXXXX");
    if (mkdtemp(tmpdir) == NULL) {
        perror("mkdtemp");
        return 1;
    }
    RUN(test_page);
    RUN(test_page_alone_and_data_js);
    RUN(test_actual);
    RUN(test_sonic2);
    RUN(test_special);
    RUN(test_golden_notes);
    RUN(test_errors);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        printf("  could not remove %s\n", tmpdir);
    TEST_MAIN_END();
}
