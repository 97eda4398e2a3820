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

#include "commands.h"
#include "outfile.h"
#include "scenario.h"
#include "trace.h"
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
    static char buf[2048];
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
             "%s",
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

/* Run cmd_check with stdout captured into *out (caller frees). */
static int run_check(int argc, char **argv, char **out)
{
    const char *cap = path_of("stdout.txt");
    fflush(stdout);
    int saved = dup(1);
    int fd = open(cap, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (saved < 0 || fd < 0 || dup2(fd, 1) < 0) {
        *out = NULL;
        return -100;
    }
    close(fd);
    int rc = cmd_check(argc, argv);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    *out = read_text(cap);
    return rc;
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
             "\"x\", \"expected\": %d, \"actual\": %d}", (int)gx, (int)gx - 1);
    CHECK(contains(json, line));
    CHECK(contains(json, "\"quote\": \"a \\\"quoted\\\" <b>\""));
    CHECK(contains(json, "\"id\": \"t/start-x\""));
    CHECK(contains(json, "\"frame\": 0, \"field\": \"x\", \"value\": 40, "
                         "\"original\": null, \"golden\": 40, \"core\": 40, "
                         "\"guide_matches_original\": true, "
                         "\"core_matches_original\": true"));
    CHECK(contains(json, "\"field\": \"y\", \"value\": 1, \"original\": 636, "
                         "\"golden\": 636, \"core\": 636, "
                         "\"guide_matches_original\": false, "
                         "\"core_matches_original\": true, "
                         "\"stated_original_matches_golden\": true"));
    snprintf(line, sizeof line, "\"field\": \"x\", \"value\": 0, \"original\":"
             " null, \"golden\": %d, \"core\": %d, \"guide_matches_original\":"
             " false, \"core_matches_original\": false", (int)gx, (int)gx - 1);
    CHECK(contains(json, line));
    free(json);

    char *xml = read_text(path_of("r.xml"));
    CHECK(xml != NULL);
    CHECK(contains(xml, "<testsuite name=\"t\" tests=\"5\" failures=\"3\" "
                        "errors=\"1\""));
    CHECK(contains(xml, "<testcase classname=\"t\" name=\"gen-40\""));
    CHECK(contains(xml, "<failure type=\"FAIL\" message=\"frame 3, x:"));
    CHECK(contains(xml, "<failure type=\"no golden\""));
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
                    "frame: 1, field: x, value: 1}\n";
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

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/spgsim-test-check-XXXXXX");
    if (mkdtemp(tmpdir) == NULL) {
        perror("mkdtemp");
        return 1;
    }
    RUN(test_statuses);
    RUN(test_duplicate_ids);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        printf("  could not remove %s\n", tmpdir);
    TEST_MAIN_END();
}
