/*
 * test_check.c - `spgsim check` on a temporary suite: every status (pass,
 * FAIL, no golden, stale golden, error), the summary lines, the exit
 * status, --json and --junit.  The goldens here are test fixtures made from
 * core runs (one altered on purpose), never files in golden/.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/commands.h"
#include "util/outfile.h"
#include "scenario/scenario.h"
#include "trace/trace.h"
#include "test.h"
#include "test_files.h"

static char tmpdir[64];

static char *path_of(const char *rel)
{
    static char buf[8][256];
    static int k;
    k = (k + 1) % 8;
    snprintf(buf[k], sizeof buf[k], "%s/%s", tmpdir, rel);
    return buf[k];
}

/* write_text, creating the directories on the way. */
static int write_in_tree(const char *path, const char *text)
{
    if (outfile_mkdirs(path, stdout) != 0)
        return -1;
    return write_text(path, text);
}

static char *scenario_text(int x, const char *extra)
{
    static char buf[4096];
    snprintf(buf, sizeof buf,
             "name: gen-%d\n"
             "game: sonic1\n"
             "tiles:\n"
             "  block: {heights: full, angle: 0xFF}\n"
             "map:\n"
             "  origin: [0, 640]\n"
             "  legend: {\"#\": block}\n"
             "  rows: [\"........\", \"########\"]\n"
             "start: {x: %d, y: 636}\n"
             "input:\n"
             "  - {frames: 6, hold: [right]}\n"
             "%.2000s",
             x, x, extra);
    return buf;
}

/* Write a golden for `scenario_path` from the core; when alter_frame >= 0
 * the x pixel of that row is one more than the core's. */
static int make_golden(const char *scenario_path, const char *golden_path,
                       int alter_frame)
{
    scenario *s = malloc(sizeof *s);
    if (s == NULL || scenario_load(scenario_path, s, stdout) != 0) {
        free(s);
        return -1;
    }
    spg_player rows[64];
    if (s->frames >= 64) {
        scenario_free(s);
        free(s);
        return -1;
    }
    scenario_run_core(s, rows);
    if (alter_frame >= 0)
        rows[alter_frame].x = (int32_t)((uint32_t)rows[alter_frame].x + 0x10000u);
    char hash[17];
    scenario_hash_hex(s, hash);
    outfile o;
    int rc = -1;
    if (outfile_mkdirs(golden_path, stdout) == 0 &&
        outfile_open(&o, golden_path, stdout) == 0) {
        trace_meta m = {"capture", NULL, "09dadb5071eb35050067a32462e39c5f",
                        "test", hash};
        trace_write_header(o.f, &m);
        for (int i = 0; i <= s->frames; i++)
            trace_write_row(o.f, i, &rows[i]);
        rc = outfile_commit(&o, stdout);
    }
    scenario_free(s);
    free(s);
    return rc;
}

/* Run cmd_check with stdout captured into *out and stderr into *errout
 * (when not NULL; caller frees both). */
static int run_check2(int argc, char **argv, char **out, char **errout)
{
    const char *cap = path_of("stdout.txt"), *ecap = path_of("stderr.txt");
    fflush(stdout);
    fflush(stderr);
    int saved = dup(1), esaved = dup(2);
    int fd = open(cap, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int efd = open(ecap, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (saved < 0 || esaved < 0 || fd < 0 || efd < 0 || dup2(fd, 1) < 0 ||
        dup2(efd, 2) < 0) {
        *out = NULL;
        return -100;
    }
    close(fd);
    close(efd);
    int rc = cmd_check(argc, argv);
    fflush(stdout);
    fflush(stderr);
    dup2(saved, 1);
    dup2(esaved, 2);
    close(saved);
    close(esaved);
    *out = read_text(cap);
    char *e = read_text(ecap);
    if (errout)
        *errout = e;
    else
        free(e);
    return rc;
}

static int run_check(int argc, char **argv, char **out)
{
    return run_check2(argc, argv, out, NULL);
}

static int contains(const char *hay, const char *needle)
{
    int ok = hay && strstr(hay, needle) != NULL;
    if (!ok)
        printf("  missing: \"%s\"\n", needle);
    return ok;
}

static int golden_x(const char *golden, int frame, int32_t *x)
{
    trace t;
    if (trace_read(golden, &t, stdout) != 0)
        return -1;
    *x = t.values[frame][1];
    trace_free(&t);
    return 0;
}

static void test_statuses(void)
{
    /* pass: golden from the same scenario */
    CHECK_EQ(write_in_tree(path_of("scenarios/t/pass.yaml"),
                        scenario_text(40,
                                      "verifies:\n"
                                      "  - {id: t/start-x, source: s, quote: "
                                      "\"a \\\"quoted\\\" <b>\", frame: 0, "
                                      "field: x, value: 40}\n"
                                      "  - {id: t/start-y, source: s, quote: "
                                      "q, frame: 0, field: y, value: 1, "
                                      "original: 636}\n")),
             0);
    CHECK_EQ(make_golden(path_of("scenarios/t/pass.yaml"),
                         path_of("golden/t/pass.csv"), -1), 0);
    /* FAIL: golden altered at frame 3 */
    CHECK_EQ(write_in_tree(path_of("scenarios/t/fail.yaml"),
                        scenario_text(48,
                                      "verifies:\n"
                                      "  - {id: t/fail-x, source: s, quote: "
                                      "q, frame: 3, field: x, value: 0}\n")),
             0);
    CHECK_EQ(make_golden(path_of("scenarios/t/fail.yaml"),
                         path_of("golden/t/fail.csv"), 3), 0);
    /* stale: golden from x 56, scenario now says 57 */
    CHECK_EQ(write_in_tree(path_of("scenarios/t/stale.yaml"),
                        scenario_text(56, "")), 0);
    CHECK_EQ(make_golden(path_of("scenarios/t/stale.yaml"),
                         path_of("golden/t/stale.csv"), -1), 0);
    CHECK_EQ(write_in_tree(path_of("scenarios/t/stale.yaml"),
                        scenario_text(57, "")), 0);
    /* no golden */
    CHECK_EQ(write_in_tree(path_of("scenarios/t/nogold.yaml"),
                        scenario_text(64, "")), 0);
    /* error: bad scenario (unknown key on line 12) */
    CHECK_EQ(write_in_tree(path_of("scenarios/t/bad.yaml"),
                        scenario_text(72, "colour: blue\n")), 0);
    /* not a scenario: ignored */
    CHECK_EQ(write_in_tree(path_of("scenarios/t/readme.txt"), "hello\n"), 0);

    char *out = NULL;
    char *argv[] = {"check", "--json", path_of("r.json"), "--junit",
                    path_of("r.xml"), path_of("scenarios"), NULL};
    int rc = run_check(6, argv, &out);
    CHECK_EQ(rc, 1);
    CHECK(out != NULL);
    if (out == NULL)
        return;

    char line[512];
    snprintf(line, sizeof line, "pass          %s\n",
             path_of("scenarios/t/pass.yaml"));
    CHECK(contains(out, line));
    int32_t gx = 0;
    CHECK_EQ(golden_x(path_of("golden/t/fail.csv"), 3, &gx), 0);
    snprintf(line, sizeof line,
             "FAIL          %s: frame 3, x: expected %d, actual %d\n",
             path_of("scenarios/t/fail.yaml"), (int)gx, (int)gx - 1);
    CHECK(contains(out, line));
    CHECK(contains(out, "x(exp)"));
    snprintf(line, sizeof line, "no golden     %s (%s: ",
             path_of("scenarios/t/nogold.yaml"),
             path_of("golden/t/nogold.csv"));
    CHECK(contains(out, line));
    snprintf(line, sizeof line, "stale golden  %s: scenario hash ",
             path_of("scenarios/t/stale.yaml"));
    CHECK(contains(out, line));
    snprintf(line, sizeof line, "error         %s:12:1: scenario: unknown "
             "key 'colour'", path_of("scenarios/t/bad.yaml"));
    CHECK(contains(out, line));
    CHECK(contains(out, "\n1 pass, 1 FAIL, 1 no golden, 1 stale, 1 error\n"
                        "1 passed, 4 failed\n"));
    CHECK(!strstr(out, "readme"));
    /* sorted: bad, fail, nogold, pass, stale */
    const char *b = strstr(out, "t/bad.yaml"), *f = strstr(out, "t/fail.yaml");
    const char *n = strstr(out, "t/nogold.yaml"), *p = strstr(out, "t/pass.yaml");
    const char *s = strstr(out, "t/stale.yaml");
    CHECK(b && f && n && p && s && b < f && f < n && n < p && p < s);
    free(out);

    char *json = read_text(path_of("r.json"));
    CHECK(json != NULL);
    CHECK(contains(json, "\"summary\": {\"total\": 5, \"pass\": 1, \"fail\": 1, "
                         "\"no_golden\": 1, \"stale\": 1, \"error\": 1, "
                         "\"passed\": 1, \"failed\": 4}"));
    CHECK(contains(json, "\"status\": \"pass\""));
    CHECK(contains(json, "\"status\": \"FAIL\""));
    CHECK(contains(json, "\"status\": \"no golden\""));
    CHECK(contains(json, "\"status\": \"stale golden\""));
    CHECK(contains(json, "\"status\": \"error\""));
    CHECK(contains(json, "\"topic\": \"t\""));
    CHECK(contains(json, "\"game\": \"sonic1\""));
    CHECK(contains(json, "\"name\": \"gen-40\""));
    CHECK(contains(json, "\"rom_md5\": \"09dadb5071eb35050067a32462e39c5f\""));
    snprintf(line, sizeof line, "\"divergence\": {\"frame\": 3, \"field\": "
             "\"x\", \"expected\": %d, \"actual\": %d, \"also\": [], "
             "\"frames\": 1}", (int)gx, (int)gx - 1);
    CHECK(contains(json, line));
    CHECK(contains(json, "\"quote\": \"a \\\"quoted\\\" <b>\""));
    CHECK(contains(json, "\"id\": \"t/start-x\""));
    CHECK(contains(json, "\"frame\": 0, \"field\": \"x\", \"value\": 40, "
                         "\"original\": null, \"golden\": 40, \"actual\": 40, "
                         "\"guide_matches_original\": true, "
                         "\"actual_matches_original\": true"));
    CHECK(contains(json, "\"field\": \"y\", \"value\": 1, \"original\": 636, "
                         "\"golden\": 636, \"actual\": 636, "
                         "\"guide_matches_original\": false, "
                         "\"actual_matches_original\": true, "
                         "\"stated_original_matches_golden\": true, "
                         "\"problem\": null"));
    snprintf(line, sizeof line, "\"field\": \"x\", \"value\": 0, \"original\":"
             " null, \"golden\": %d, \"actual\": %d, \"guide_matches_original\":"
             " false, \"actual_matches_original\": false", (int)gx, (int)gx - 1);
    CHECK(contains(json, line));
    CHECK(contains(json, "\"spgsim_check\": 2,"));
    CHECK(contains(json, "\"compared\": \"core\", \"actual_dir\": null"));
    free(json);

    char *xml = read_text(path_of("r.xml"));
    CHECK(xml != NULL);
    CHECK(contains(xml, "<testsuite id=\"0\" name=\"t\" tests=\"5\" "
                        "failures=\"2\" errors=\"1\" skipped=\"1\" time=\""));
    snprintf(line, sizeof line, "<testcase classname=\"t\" name=\"%s\" "
             "file=\"%s\" time=\"", path_of("scenarios/t/pass.yaml"),
             path_of("scenarios/t/pass.yaml"));
    CHECK(contains(xml, line));
    CHECK(contains(xml, "<failure type=\"FAIL\" message=\"frame 3, x:"));
    CHECK(contains(xml, "<skipped message=\""));
    CHECK(contains(xml, "<failure type=\"stale golden\""));
    CHECK(contains(xml, "<error type=\"error\""));
    CHECK(contains(xml, "unknown key &apos;colour&apos;"));
    free(xml);

    /* both files must parse (python3 is the tooling's interpreter) */
    if (access("/usr/bin/python3", X_OK) == 0) {
        char cmd[1024];
        snprintf(cmd, sizeof cmd,
                 "/usr/bin/python3 -c 'import json, sys, xml.etree."
                 "ElementTree as E; j = json.load(open(sys.argv[1])); "
                 "assert len(j[\"scenarios\"]) == 5; E.parse(sys.argv[2])' "
                 "'%s' '%s'", path_of("r.json"), path_of("r.xml"));
        CHECK_EQ(system(cmd), 0);
    }

    /* one passing file: exit 0 */
    char *argv2[] = {"check", path_of("scenarios/t/pass.yaml"), NULL};
    rc = run_check(2, argv2, &out);
    CHECK_EQ(rc, 0);
    CHECK(contains(out, "1 pass, 0 FAIL, 0 no golden, 0 stale, 0 error\n"
                        "1 passed, 0 failed\n"));
    free(out);

    /* a path that does not exist: usage error */
    char *argv3[] = {"check", path_of("scenarios/nope"), NULL};
    rc = run_check(2, argv3, &out);
    CHECK_EQ(rc, 2);
    free(out);
}

/* A verifies id used twice in the suite: the second scenario is an error. */
static void test_duplicate_ids(void)
{
    const char *v = "verifies:\n  - {id: u/same, source: s, quote: q, "
                    "frame: 1, field: in_air, value: 0}\n";
    CHECK_EQ(write_in_tree(path_of("dup/scenarios/u/a.yaml"),
                        scenario_text(40, v)), 0);
    CHECK_EQ(write_in_tree(path_of("dup/scenarios/u/b.yaml"),
                        scenario_text(40, v)), 0);
    CHECK_EQ(make_golden(path_of("dup/scenarios/u/a.yaml"),
                         path_of("dup/golden/u/a.csv"), -1), 0);
    CHECK_EQ(make_golden(path_of("dup/scenarios/u/b.yaml"),
                         path_of("dup/golden/u/b.csv"), -1), 0);
    char *out = NULL;
    char *argv[] = {"check", path_of("dup/scenarios"), NULL};
    int rc = run_check(2, argv, &out);
    CHECK_EQ(rc, 1);
    char line[512];
    snprintf(line, sizeof line, "error         %s:13:5: verifies id 'u/same' "
             "is already used by %s:13:5", path_of("dup/scenarios/u/b.yaml"),
             path_of("dup/scenarios/u/a.yaml"));
    CHECK(contains(out, line));
    CHECK(contains(out, "1 passed, 1 failed"));
    free(out);
}


/* The x pixel the core has at `frame` of a scenario. */
static int core_x(const char *scenario_path, int frame)
{
    scenario *s = malloc(sizeof *s);
    if (s == NULL || scenario_load(scenario_path, s, stdout) != 0) {
        free(s);
        return -99999;
    }
    spg_player rows[64];
    scenario_run_core(s, rows);
    int x = (int)((uint32_t)rows[frame].x >> 16);
    scenario_free(s);
    free(s);
    return x;
}

/* A verifies entry whose original: is not the golden's value, or whose
 * value: is not and no original: says so, fails the scenario. */
static void test_errata(void)
{
    const char *dir = "errata/scenarios/e/";
    char p[4][256], g[4][256], v[4][512];
    const char *names[4] = {"ok", "stated", "unstated", "both"};
    for (int i = 0; i < 4; i++) {
        snprintf(p[i], sizeof p[i], "%s", path_of(dir));
        strcat(p[i], names[i]);
        strcat(p[i], ".yaml");
        snprintf(g[i], sizeof g[i], "%s/errata/golden/e/%s.csv", tmpdir,
                 names[i]);
    }
    /* x after 6 frames of walking right from 40, as the core (and so these
     * goldens) have it */
    CHECK_EQ(write_in_tree(p[0], scenario_text(40, "")), 0);
    int x6 = core_x(p[0], 6);
    snprintf(v[0], sizeof v[0], "verifies:\n  - {id: e/ok, source: s, quote: "
             "q, frame: 6, field: x, value: %d}\n  - {id: e/ok2, source: s, "
             "quote: q, frame: 6, field: x, value: %d, original: %d, note: "
             "n}\n", x6, x6 + 2, x6);
    snprintf(v[1], sizeof v[1], "verifies:\n  - {id: e/stated, source: s, "
             "quote: q, frame: 6, field: x, value: %d, original: %d, note: "
             "n}\n", x6 + 2, x6 + 1);
    snprintf(v[2], sizeof v[2], "verifies:\n  - {id: e/unstated, source: s, "
             "quote: q, frame: 6, field: x, value: %d}\n", x6 + 2);
    snprintf(v[3], sizeof v[3], "verifies:\n  - {id: e/b1, source: s, quote: "
             "q, frame: 6, field: x, value: %d}\n  - {id: e/b2, source: s, "
             "quote: q, frame: 0, field: x, value: 0, original: 41}\n",
             x6 + 3);
    for (int i = 0; i < 4; i++) {
        CHECK_EQ(write_in_tree(p[i], scenario_text(40, v[i])), 0);
        CHECK_EQ(make_golden(p[i], g[i], -1), 0);
    }
    char *out = NULL;
    char *argv[] = {"check", "--json", path_of("errata.json"),
                    path_of("errata/scenarios"), NULL};
    int rc = run_check(4, argv, &out);
    CHECK_EQ(rc, 1);
    char line[1024];
    snprintf(line, sizeof line, "pass          %s\n", p[0]);
    CHECK(contains(out, line));
    snprintf(line, sizeof line, "FAIL          %s: verifies 'e/stated' "
             "(frame 6, x): states original: %d, but the golden has %d\n",
             p[1], x6 + 1, x6);
    CHECK(contains(out, line));
    snprintf(line, sizeof line, "FAIL          %s: verifies 'e/unstated' "
             "(frame 6, x): the guide's value: %d is not the golden's %d and "
             "no original: says so (add original: %d and a note)\n", p[2],
             x6 + 2, x6, x6);
    CHECK(contains(out, line));
    snprintf(line, sizeof line, "FAIL          %s: 2 verifies entries "
             "disagree with the golden\n      verifies 'e/b1'", p[3]);
    CHECK(contains(out, line));
    CHECK(contains(out, "\n      verifies 'e/b2' (frame 0, x): states "
                        "original: 41, but the golden has 40\n"));
    CHECK(contains(out, "1 pass, 3 FAIL, 0 no golden, 0 stale, 0 error\n"));
    free(out);
    char *json = read_text(path_of("errata.json"));
    CHECK(contains(json, "\"verify_failures\": 2,"));
    CHECK(contains(json, "\"stated_original_matches_golden\": false, "
                         "\"problem\": \"verifies 'e/stated'"));
    CHECK(contains(json, "\"divergence\": null, \"verify_failures\": 1"));
    free(json);
}

/* Traces another engine wrote: its own columns, in its own order. */
static void test_actual_dir(void)
{
    const char *names[3] = {"same", "planted", "absent"};
    char p[3][256];
    for (int i = 0; i < 3; i++) {
        char rel[64];
        snprintf(rel, sizeof rel, "eng/scenarios/w/%s.yaml", names[i]);
        snprintf(p[i], sizeof p[i], "%s", path_of(rel));
        CHECK_EQ(write_in_tree(p[i], scenario_text(40 + 8 * i, "")), 0);
        snprintf(rel, sizeof rel, "eng/golden/w/%s.csv", names[i]);
        CHECK_EQ(make_golden(p[i], path_of(rel), -1), 0);
    }
    /* the engine's traces: ground_speed, x, frame; planted: x one more
     * from frame 4 on */
    for (int i = 0; i < 2; i++) {
        char rel[64];
        snprintf(rel, sizeof rel, "eng/out/w/%s.csv", names[i]);
        char text[4096] = "# my engine\nground_speed,x,frame\n";
        trace g;
        char grel[64];
        snprintf(grel, sizeof grel, "eng/golden/w/%s.csv", names[i]);
        if (trace_read(path_of(grel), &g, stdout) != 0) {
            CHECK(0);
            return;
        }
        for (int r = 0; r < g.rows; r++) {
            char row[64];
            snprintf(row, sizeof row, "%d,%d,%d\n",
                     (int)g.values[r][trace_column_index("ground_speed")],
                     (int)g.values[r][1] + (i == 1 && r >= 4), r);
            strcat(text, row);
        }
        trace_free(&g);
        CHECK_EQ(write_in_tree(path_of(rel), text), 0);
    }
    char *out = NULL, *err = NULL;
    char *argv[] = {"check", "--actual-dir", path_of("eng/out"), "--json", "-",
                    path_of("eng/scenarios"), NULL};
    int rc = run_check2(6, argv, &out, &err);
    CHECK_EQ(rc, 1);
    /* stdout: only JSON; the text on stderr */
    CHECK(out && out[0] == '{' && !strstr(out, "pass  "));
    char line[1024];
    snprintf(line, sizeof line, "pass          %s\n", p[0]);
    CHECK(contains(err, line));
    snprintf(line, sizeof line, "FAIL          %s: frame 4, x: expected ",
             p[1]);
    CHECK(contains(err, line));
    CHECK(contains(err, "; 3 divergent frames\n"));
    snprintf(line, sizeof line, "error         %s/w/absent.csv: No such file "
             "or directory (the engine wrote no trace for %s)",
             path_of("eng/out"), p[2]);
    CHECK(contains(err, line));
    CHECK(contains(err, "1 pass, 1 FAIL, 0 no golden, 0 stale, 1 error\n"));
    CHECK(contains(out, "\"compared\": \"actual-dir\""));
    CHECK(contains(out, "\"not_compared\": [\"x_sub\", \"y\", \"y_sub\", "
                        "\"x_speed\", \"y_speed\", \"angle\""));
    snprintf(line, sizeof line, "\"actual\": \"%s/w/planted.csv\"",
             path_of("eng/out"));
    CHECK(contains(out, line));
    free(out);
    free(err);

    /* --all: every divergent frame; --context 0: only the divergent row */
    char *argv5[] = {"check", "--all", "--actual-dir", path_of("eng/out"),
                     "-k", "planted", path_of("eng/scenarios"), NULL};
    rc = run_check2(7, argv5, &out, &err);
    CHECK_EQ(rc, 1);
    CHECK(contains(out, "\n      frame 4: x expected ") &&
          contains(out, "\n      frame 5: x expected ") &&
          contains(out, "\n      frame 6: x expected "));
    free(out);
    free(err);
    char *argv6[] = {"check", "--context", "0", "--actual-dir",
                     path_of("eng/out"), "-k", "planted",
                     path_of("eng/scenarios"), NULL};
    rc = run_check2(8, argv6, &out, &err);
    CHECK(contains(out, "\n      >      4 ") && out &&
          !strstr(out, "\n             3 ") && !strstr(out, "\n             5 "));
    free(out);
    free(err);

    /* --fields ground_speed: the planted x is not compared */
    char *argv2[] = {"check", "-q", "--actual-dir", path_of("eng/out"),
                     "--fields", "ground_speed", "-k", "w/p", "-k", "*same*",
                     path_of("eng/scenarios"), NULL};
    rc = run_check2(11, argv2, &out, &err);
    CHECK_EQ(rc, 0);
    CHECK(contains(out, "2 passed, 0 failed\n"));
    CHECK(out && !strstr(out, "pass          "));
    free(out);
    free(err);

    /* --fields naming a column the engine does not write: one clear error */
    char *argv3[] = {"check", "--actual-dir", path_of("eng/out"), "--fields",
                     "x,y_speed", "-k", "same", path_of("eng/scenarios"),
                     NULL};
    rc = run_check2(8, argv3, &out, &err);
    CHECK_EQ(rc, 1);
    snprintf(line, sizeof line, "error         %s/w/same.csv has no column "
             "'y_speed' (--fields asks for it); its columns: ground_speed, x, "
             "frame\n", path_of("eng/out"));
    CHECK(contains(out, line));
    free(out);
    free(err);

    /* --actual-dir that is not a directory: usage error */
    char *argv4[] = {"check", "--actual-dir", path_of("eng/nope"),
                     path_of("eng/scenarios"), NULL};
    rc = run_check2(4, argv4, &out, &err);
    CHECK_EQ(rc, 2);
    CHECK(contains(err, "--actual-dir"));
    free(out);
    free(err);
}

/* -k, -x, --list, -q, and paths relative to where check runs. */
static void test_selection(void)
{
    const char *names[4] = {"alpha", "beta", "gamma", "delta"};
    for (int i = 0; i < 4; i++) {
        char rel[64], grel[64];
        snprintf(rel, sizeof rel, "sel/scenarios/k/%s.yaml", names[i]);
        snprintf(grel, sizeof grel, "sel/golden/k/%s.csv", names[i]);
        CHECK_EQ(write_in_tree(path_of(rel), scenario_text(40 + 8 * i, "")),
                 0);
        /* beta and gamma fail */
        CHECK_EQ(make_golden(path_of(rel), path_of(grel),
                             i == 1 || i == 2 ? 2 : -1), 0);
    }
    char *out = NULL;
    /* (no pattern may match the random part of tmpdir: "a/" once did,
     * when it ended in "a") */
    char *argv[] = {"check", "--list", "-k", "k/zz", "-k", "*ta", path_of("sel"),
                    NULL};
    CHECK_EQ(run_check(7, argv, &out), 0);
    CHECK(out && strstr(out, path_of("sel/scenarios/k/beta.yaml")) &&
          strstr(out, path_of("sel/scenarios/k/delta.yaml")) &&
          !strstr(out, "alpha") && !strstr(out, "gamma") &&
          strstr(out, "\n2 scenarios\n") && !strstr(out, "pass"));
    free(out);

    /* a file named twice (also through another path) is checked once */
    char again[512];
    snprintf(again, sizeof again, "%s/sel/scenarios/../scenarios/k/alpha.yaml",
             tmpdir);
    char *argv1[] = {"check", "--list", path_of("sel/scenarios"), again,
                     path_of("sel/scenarios/k/alpha.yaml"), NULL};
    CHECK_EQ(run_check(5, argv1, &out), 0);
    CHECK(contains(out, "\n4 scenarios\n"));
    free(out);

    /* -x: sorted alpha, beta, delta, gamma; stops at beta */
    char *argv2[] = {"check", "-x", path_of("sel/scenarios"), NULL};
    CHECK_EQ(run_check(3, argv2, &out), 1);
    CHECK(contains(out, "stopped at the first scenario that did not pass "
                        "(-x)\n1 pass, 1 FAIL, 0 no golden, 0 stale, 0 error\n"
                        "1 passed, 1 failed\n"));
    CHECK(out && !strstr(out, "delta"));
    free(out);

    /* -q: no pass lines */
    char *argv3[] = {"check", "-q", path_of("sel/scenarios"), NULL};
    CHECK_EQ(run_check(3, argv3, &out), 1);
    CHECK(out && !strstr(out, "pass          ") && strstr(out, "FAIL  ") &&
          strstr(out, "2 passed, 2 failed\n"));
    free(out);

    /* no -k match: exit 1, said on stderr */
    char *err = NULL;
    char *argv4[] = {"check", "-k", "zeta", path_of("sel/scenarios"), NULL};
    CHECK_EQ(run_check2(4, argv4, &out, &err), 1);
    CHECK(contains(err, "no scenarios match -k"));
    free(out);
    free(err);

    /* run from inside scenarios/k: a bare file name and no PATH at all */
    char cwd[1024];
    CHECK(getcwd(cwd, sizeof cwd) != NULL);
    CHECK_EQ(chdir(path_of("sel/scenarios/k")), 0);
    char *argv5[] = {"check", "alpha.yaml", NULL};
    CHECK_EQ(run_check(2, argv5, &out), 0);
    CHECK(contains(out, "pass          alpha.yaml\n1 pass, 0 FAIL"));
    free(out);
    char *argv6[] = {"check", "-q", NULL};
    CHECK_EQ(run_check(2, argv6, &out), 1);
    CHECK(contains(out, "2 pass, 2 FAIL, 0 no golden"));
    CHECK(contains(out, "FAIL          beta.yaml: frame 2, x: "));
    free(out);
    CHECK_EQ(chdir(cwd), 0);
}

/* JUnit: every scenario a testcase named by its path, each with a time,
 * unique; JSON matches schema/check.schema.json. */
static void test_junit_and_schema(void)
{
    if (access("/usr/bin/python3", X_OK) != 0)
        return;
    char cmd[2048];
    snprintf(cmd, sizeof cmd,
             "/usr/bin/python3 -c '\n"
             "import json, sys, xml.etree.ElementTree as E\n"
             "t = E.parse(sys.argv[1]).getroot()\n"
             "cases = t.findall(\"testsuite/testcase\")\n"
             "names = [(c.get(\"classname\"), c.get(\"name\")) for c in cases]\n"
             "assert len(names) == 5 and len(set(names)) == 5, names\n"
             "assert all(c.get(\"time\") for c in cases)\n"
             "assert all(s.get(\"time\") for s in t.findall(\"testsuite\"))\n"
             "ids = [s.get(\"id\") for s in t.findall(\"testsuite\")]\n"
             "assert len(set(ids)) == len(ids)\n"
             "sk = [c for c in cases if c.find(\"skipped\") is not None]\n"
             "assert len(sk) == 1 and sk[0].get(\"name\").endswith(\"nogold.yaml\")\n"
             "assert t.get(\"skipped\") == \"1\"\n"
             "import jsonschema\n"
             "schema = json.load(open(sys.argv[3]))\n"
             "jsonschema.validate(json.load(open(sys.argv[2])), schema)\n"
             "jsonschema.validate(json.load(open(sys.argv[4])), schema)\n"
             "' '%s' '%s' schema/check.schema.json '%s'",
             path_of("r.xml"), path_of("r.json"), path_of("errata.json"));
    CHECK_EQ(system(cmd), 0);
}

/* A golden in the scenario's own column set from the core, with the
 * mapping_frame of row `alter_frame` changed (every column is compared). */
static int make_golden_layout(const char *scenario_path, const char *golden_path,
                              int alter_frame)
{
    scenario *s = malloc(sizeof *s);
    if (s == NULL || scenario_load(scenario_path, s, stdout) != 0) {
        free(s);
        return -1;
    }
    spg_player rows[64];
    int rc = -1;
    if (s->frames < 64) {
        scenario_run_core(s, rows);
        rows[alter_frame].mapping_frame ^= 0x10u;
        trace t;
        char hash[17];
        scenario_hash_hex(s, hash);
        outfile o;
        if (trace_from_players_layout(&t, scenario_layout(s), rows,
                                      s->frames + 1) == 0) {
            trace_meta m = {"capture", NULL, "d724ea4dd417fe330c9dcfd955c596b2",
                            "test", hash};
            if (outfile_mkdirs(golden_path, stdout) == 0 &&
                outfile_open(&o, golden_path, stdout) == 0) {
                trace_write(o.f, &m, &t);
                rc = outfile_commit(&o, stdout);
            }
            trace_free(&t);
        }
    }
    scenario_free(s);
    free(s);
    return rc;
}

/* Every column of a Sonic 3 golden is compared, the animation bytes too
 * (the core has Animate_Sonic / Animate_Tails), as for Sonic 2: a golden
 * whose mapping_frame is changed on frame 4 fails there, with or without
 * --fields. */
static void test_animation_columns_compared(void)
{
    static const char *const games[2] = {"sonic3", "sonic2"};
    for (int g = 0; g < 2; g++) {
        char text[600], rel[64], grel[64];
        snprintf(text, sizeof text,
                 "name: animcols\ngame: %s\ntiles:\n"
                 "  block: {heights: full, angle: 0xFF}\n"
                 "map:\n  origin: [0, 640]\n  legend: {\"#\": block}\n"
                 "  rows: [\"........\", \"########\"]\n"
                 "start: {x: 40, y: 620}\n"
                 "input:\n  - {frames: 6, hold: [right]}\n", games[g]);
        snprintf(rel, sizeof rel, "scenarios/p%d/animcols.yaml", g);
        snprintf(grel, sizeof grel, "golden/p%d/animcols.csv", g);
        CHECK_EQ(write_in_tree(path_of(rel), text), 0);
        CHECK_EQ(make_golden_layout(path_of(rel), path_of(grel), 4), 0);
        char *out = NULL;
        char *argv[] = {(char *)(uintptr_t)"check", path_of(rel), NULL};
        int rc = run_check(2, argv, &out);
        CHECK_EQ(rc, 1);
        CHECK(contains(out, "frame 4, mapping_frame"));
        free(out);
        char *argv2[] = {(char *)(uintptr_t)"check", (char *)(uintptr_t)"--fields",
                         (char *)(uintptr_t)"x,mapping_frame", path_of(rel), NULL};
        CHECK_EQ(run_check(4, argv2, &out), 1);
        CHECK(contains(out, "frame 4, mapping_frame"));
        free(out);
    }
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/spgsim-test-check-XXXXXX");
    if (mkdtemp(tmpdir) == NULL) {
        perror("mkdtemp");
        return 1;
    }
    RUN(test_statuses);
    RUN(test_duplicate_ids);
    RUN(test_errata);
    RUN(test_actual_dir);
    RUN(test_selection);
    RUN(test_animation_columns_compared);
    RUN(test_junit_and_schema);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        printf("  could not remove %s\n", tmpdir);
    TEST_MAIN_END();
}
