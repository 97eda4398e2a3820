/*
 * test_export.c - `spgsim export`: the JSON test vector (checked field by
 * field against the loaded scenario and its golden, and against
 * schema/vector.schema.json), the BizHawk movie (read back by our own
 * importer, and by Python's zipfile), the output choices and the errors.
 * The goldens here are fixtures made from core runs.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/commands.h"
#include "interop/movie.h"
#include "util/outfile.h"
#include "scenario/scenario.h"
#include "trace/trace.h"
#include "test.h"
#include "test_files.h"

static char tmpdir[64];

static char *tp(const char *rel)
{
    static char buf[8][256];
    static int k;
    k = (k + 1) % 8;
    snprintf(buf[k], sizeof buf[k], "%s/%s", tmpdir, rel);
    return buf[k];
}

/* A small scenario with two masks, a flipped cell, a top-solid cell, a
 * few inputs and a verifies entry. */
static const char *scenario_yaml =
    "name: vec\n"
    "description: \"a \\\"vector\\\"\"\n"
    "game: sonic1\n"
    "variant: speed_shoes\n"
    "tiles:\n"
    "  block: {heights: full, angle: 0xFF}\n"
    "  ramp: {heights: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, "
    "16], angle: 0xE0}\n"
    "map:\n"
    "  origin: [512, 640]\n"
    "  legend: {\"#\": block, \"/\": ramp, \"\\\\\": {tile: ramp, flip: [x]},"
    " \"T\": {tile: block, solidity: top}}\n"
    "  rows: [\"......./\\\\..\", \"##########T\"]\n"
    "start: {x: \"$230\", x_sub: 5, y: 636, ground_speed: -3}\n"
    "input:\n"
    "  - {frames: 2, hold: [right]}\n"
    "  - {frames: 1, hold: [right, a]}\n"
    "  - {frames: 2}\n"
    "verifies:\n"
    "  - {id: v/x, source: s, quote: q, frame: 0, field: x, value: 560}\n";

static int make_golden(const char *spath, const char *gpath, int stale)
{
    scenario *s = malloc(sizeof *s);
    if (s == NULL || scenario_load(spath, s, stdout) != 0) {
        free(s);
        return -1;
    }
    spg_player rows[16];
    scenario_run_core(s, rows);
    char hash[17];
    scenario_hash_hex(s, hash);
    if (stale)
        hash[0] = hash[0] == '0' ? '1' : '0';
    outfile o;
    int rc = -1;
    if (outfile_mkdirs(gpath, stdout) == 0 &&
        outfile_open(&o, gpath, stdout) == 0) {
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

/* Run cmd_export with stdout to a file and stderr captured. */
static int run(int argc, char **argv, char **err)
{
    fflush(stdout);
    fflush(stderr);
    int so = dup(1), se = dup(2);
    int fo = open(tp("stdout"), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int fe = open(tp("stderr"), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (so < 0 || se < 0 || fo < 0 || fe < 0)
        return -100;
    dup2(fo, 1);
    dup2(fe, 2);
    close(fo);
    close(fe);
    int rc = cmd_export(argc, argv);
    fflush(stdout);
    fflush(stderr);
    dup2(so, 1);
    dup2(se, 2);
    close(so);
    close(se);
    if (err)
        *err = read_text(tp("stderr"));
    return rc;
}

static int py(const char *script, const char *a, const char *b)
{
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "/usr/bin/python3 -c '%s' '%s' '%s'", script,
             a, b);
    return system(cmd);
}

static void test_json(void)
{
    char *sp = tp("scenarios/t/vec.yaml");
    char spath[256];
    snprintf(spath, sizeof spath, "%s", sp);
    CHECK_EQ(outfile_mkdirs(spath, stdout), 0);
    CHECK_EQ(write_text(spath, scenario_yaml), 0);
    CHECK_EQ(make_golden(spath, tp("golden/t/vec.csv"), 0), 0);

    char *argv[] = {"export", "-o", tp("vec.json"), spath, NULL};
    CHECK_EQ(run(4, argv, NULL), 0);
    char *j = read_text(tp("vec.json"));
    CHECK(j && strstr(j, "\"spgsim_vector\": 1,"));
    CHECK(j && strstr(j, "\"id\": \"t/vec\""));
    CHECK(j && strstr(j, "\"description\": \"a \\\"vector\\\"\""));
    CHECK(j && strstr(j, "\"variant\": \"speed_shoes\""));
    CHECK(j && strstr(j, "\"top_speed\": 3072, \"acceleration\": 24"));
    CHECK(j && strstr(j, "\"golden_status\": \"fresh\""));
    free(j);

    /* field by field, in Python: the vector against the scenario as loaded
     * here (x flip bit, top-solid bit, mask widths, raw start, inputs) and
     * the golden file; and against the schema */
    const char *script =
        "import json, sys, jsonschema\n"
        "v = json.load(open(sys.argv[1]))\n"
        "jsonschema.validate(v, json.load(open(\"schema/vector.schema.json\")))\n"
        "m = v[\"map\"]\n"
        "assert (m[\"x0\"], m[\"y0\"], m[\"width\"], m[\"height\"]) == (32, 40, 11, 2), m\n"
        "c = m[\"cells\"]\n"
        "assert c[0][7] == 2 | 0x6000 and c[0][8] == 2 | 0x0800 | 0x6000, c[0]\n"
        "assert c[1][0] == 1 | 0x6000 and c[1][10] == 1 | 0x2000, c[1]\n"
        "assert c[0][0] == 0\n"
        "k = v[\"masks\"]\n"
        "assert [x[\"index\"] for x in k] == [0, 1, 2]\n"
        "assert k[2][\"heights\"] == list(range(1, 17)) and k[2][\"angle\"] == 0xE0\n"
        "assert k[2][\"widths\"] == list(range(1, 17)), k[2][\"widths\"]\n"
        "s = v[\"start\"]\n"
        "assert s[\"x\"] == 0x230 * 65536 + 5 and s[\"y\"] == 636 * 65536\n"
        "assert s[\"ground_speed\"] == -3 and s[\"height_radius\"] == 19 and s[\"routine\"] == 2\n"
        "assert v[\"frames\"] == 5\n"
        "assert v[\"input\"][\"held\"] == [8, 8, 0x48, 0, 0], v[\"input\"]\n"
        "assert v[\"input\"][\"pressed\"] == [8, 0, 0x40, 0, 0], v[\"input\"]\n"
        "assert v[\"verifies\"][0][\"value\"] == 560 and v[\"verifies\"][0][\"original\"] is None\n"
        "g = v[\"golden\"]\n"
        "rows = [l.strip() for l in open(sys.argv[2]) if not l.startswith(\"#\")]\n"
        "assert g[\"columns\"] == rows[0].split(\",\")\n"
        "assert g[\"rows\"] == [[int(x) for x in r.split(\",\")] for r in rows[1:]]\n"
        "assert g[\"rom_md5\"] == \"09dadb5071eb35050067a32462e39c5f\"\n";
    CHECK_EQ(py(script, tp("vec.json"), tp("golden/t/vec.csv")), 0);

    /* no golden: the vector says so */
    unlink(tp("golden/t/vec.csv"));
    char *argv2[] = {"export", "-o", tp("vec2.json"), spath, NULL};
    CHECK_EQ(run(4, argv2, NULL), 0);
    j = read_text(tp("vec2.json"));
    CHECK(j && strstr(j, "\"golden_status\": \"missing\",\n  \"golden\": null"));
    free(j);

    /* a stale golden: left out, exit 1, said on stderr */
    CHECK_EQ(make_golden(spath, tp("golden/t/vec.csv"), 1), 0);
    char *err = NULL;
    CHECK_EQ(run(4, argv2, &err), 1);
    CHECK(err && strstr(err, "vec.csv: stale"));
    free(err);
    j = read_text(tp("vec2.json"));
    CHECK(j && strstr(j, "\"golden_status\": \"stale\",\n  \"golden\": null"));
    free(j);
    CHECK_EQ(make_golden(spath, tp("golden/t/vec.csv"), 0), 0);

    /* one scenario, no -o: stdout */
    char *argv3[] = {"export", spath, NULL};
    CHECK_EQ(run(2, argv3, NULL), 0);
    j = read_text(tp("stdout"));
    CHECK(j && strncmp(j, "{\n  \"spgsim_vector\": 1,", 23) == 0);
    free(j);
}

static void test_out_dir(void)
{
    char spath[256];
    snprintf(spath, sizeof spath, "%s", tp("scenarios/u/second.yaml"));
    CHECK_EQ(outfile_mkdirs(spath, stdout), 0);
    CHECK_EQ(write_text(spath, scenario_yaml), 0);
    char *argv[] = {"export", "--out-dir", tp("vectors"), tp("scenarios"),
                    NULL};
    CHECK_EQ(run(4, argv, NULL), 0);
    CHECK(exists(tp("vectors/t/vec.json")));
    CHECK(exists(tp("vectors/u/second.json")));
    char *argv2[] = {"export", "--format", "bk2", "--out-dir", tp("movies"),
                     tp("scenarios"), NULL};
    CHECK_EQ(run(6, argv2, NULL), 0);
    CHECK(exists(tp("movies/t/vec.bk2")));
    CHECK(exists(tp("movies/u/second.bk2")));
}

static void test_bk2(void)
{
    char spath[256];
    snprintf(spath, sizeof spath, "%s", tp("scenarios/t/vec.yaml"));
    char *argv[] = {"export", "--format", "bk2", "--start", "4", "-o",
                    tp("vec.bk2"), spath, NULL};
    CHECK_EQ(run(8, argv, NULL), 0);
    scenario *s = malloc(sizeof *s);
    if (s == NULL || scenario_load(spath, s, stdout) != 0) {
        CHECK(0);
        free(s);
        return;
    }
    import_movie m;
    CHECK_EQ(import_movie_load(tp("vec.bk2"), 1, &m, stdout), 0);
    CHECK_EQ(m.frames, 4 + s->frames);
    for (int i = 0; i < m.frames && i < 4 + s->frames; i++)
        CHECK_EQ(m.held[i], i < 4 ? 0 : s->inputs[i - 4].held);
    import_movie_free(&m);
    /* player 2 holds nothing */
    CHECK_EQ(import_movie_load(tp("vec.bk2"), 2, &m, stdout), 0);
    int any = 0;
    for (int i = 0; i < m.frames; i++)
        any |= m.held[i];
    CHECK_EQ(any, 0);
    import_movie_free(&m);
    scenario_free(s);
    free(s);

    /* the same bytes every time; a zip any tool reads, with the entries
     * BizHawk expects */
    char *argv2[] = {"export", "--format", "bk2", "--start", "4", "-o",
                     tp("vec2.bk2"), spath, NULL};
    CHECK_EQ(run(8, argv2, NULL), 0);
    size_t la = 0, lb = 0;
    char *a = read_file(tp("vec.bk2"), &la), *b = read_file(tp("vec2.bk2"), &lb);
    CHECK(a && b && la == lb && memcmp(a, b, la) == 0);
    free(a);
    free(b);
    const char *script =
        "import sys, zipfile\n"
        "z = zipfile.ZipFile(sys.argv[1])\n"
        "assert z.testzip() is None\n"
        "assert set(z.namelist()) == {\"Header.txt\", \"Input Log.txt\", "
        "\"Comments.txt\", \"Subtitles.txt\", \"SyncSettings.json\"}\n"
        "h = z.read(\"Header.txt\").decode()\n"
        "assert \"Platform GEN\" in h and \"MovieVersion BizHawk v2\" in h\n"
        "log = z.read(\"Input Log.txt\").decode().splitlines()\n"
        "assert log[0] == \"[Input]\" and log[-1] == \"[/Input]\"\n"
        "assert log[1].startswith(\"LogKey:#Reset|Power|#P1 Up|P1 Down|P1 Left|P1 Right|P1 A|P1 B|P1 C|P1 Start|#P2 Up\")\n"
        "assert log[2:-1] == [\"|..|........|........|\"] * 4 + [\"|..|...R....|........|\"] * 2 + [\"|..|...RA...|........|\"] + [\"|..|........|........|\"] * 2, log\n"
        "assert \"scenario frame 1 is movie frame 4\" in z.read(\"Comments.txt\").decode()\n";
    CHECK_EQ(py(script, tp("vec.bk2"), ""), 0);
}

static void test_errors(void)
{
    char *err = NULL;
    char *two[] = {"export", tp("scenarios"), NULL};
    CHECK_EQ(run(2, two, &err), 2);
    CHECK(err && strstr(err, "2 scenarios: give --out-dir DIR"));
    free(err);
    char *fmt[] = {"export", "--format", "yaml", tp("scenarios/t/vec.yaml"),
                   NULL};
    CHECK_EQ(run(4, fmt, &err), 2);
    CHECK(err && strstr(err, "--format is json or bk2, not 'yaml'"));
    free(err);
    char *start[] = {"export", "--start", "3", tp("scenarios/t/vec.yaml"),
                     NULL};
    CHECK_EQ(run(4, start, &err), 2);
    free(err);
    CHECK_EQ(write_text(tp("bad.yaml"), "name: x\n"), 0);
    char *bad[] = {"export", "-o", tp("bad.json"), tp("bad.yaml"), NULL};
    CHECK_EQ(run(4, bad, &err), 2);
    CHECK(err && strstr(err, "bad.yaml:1:1: "));
    CHECK(!exists(tp("bad.json")));
    free(err);
    char *none[] = {"export", NULL};
    CHECK_EQ(run(1, none, NULL), 2);
}

/* Special-stage scenarios: an error when named, skipped with a note when
 * found in a directory. */
static void test_special_stage(void)
{
    static const char ss_yaml[] =
        "name: ss\nmode: special_stage\nspecial_stage:\n  maze: |\n"
        "    #####\n    #@ o#\n    #####\nframes: 5\n";
    char spath[256];
    snprintf(spath, sizeof spath, "%s", tp("ss/scenarios/s/maze.yaml"));
    CHECK_EQ(outfile_mkdirs(spath, stdout), 0);
    CHECK_EQ(write_text(spath, ss_yaml), 0);
    char *err = NULL;
    char *one[] = {"export", "-o", tp("ss.json"), spath, NULL};
    CHECK_EQ(run(4, one, &err), 2);
    CHECK(err && strstr(err, "maze.yaml: export supports normal-stage "
                             "scenarios only"));
    CHECK(!exists(tp("ss.json")));
    free(err);
    char *bk2[] = {"export", "--format", "bk2", "-o", tp("ss.bk2"), spath,
                   NULL};
    CHECK_EQ(run(6, bk2, &err), 2);
    CHECK(!exists(tp("ss.bk2")));
    free(err);
    /* a directory with a normal-stage one beside it */
    char npath[256];
    snprintf(npath, sizeof npath, "%s", tp("ss/scenarios/n/vec.yaml"));
    CHECK_EQ(outfile_mkdirs(npath, stdout), 0);
    CHECK_EQ(write_text(npath, scenario_yaml), 0);
    char *dir[] = {"export", "--out-dir", tp("ssv"), tp("ss/scenarios"), NULL};
    CHECK_EQ(run(4, dir, &err), 0);
    CHECK(exists(tp("ssv/n/vec.json")));
    CHECK(!exists(tp("ssv/s/maze.json")));
    CHECK(err && strstr(err, "1 special-stage scenario skipped (export "
                             "supports normal-stage scenarios only)"));
    free(err);
}


/* Sonic 2 scenarios: JSON vectors with Sonic 2's fields (the character,
 * the start's path bits and spindash counter, the secondary path's masks);
 * movies only for Sonic 1 (an error when named, a note when found in a
 * directory). */
static void test_sonic2(void)
{
    static const char s2_yaml[] =
        "name: s2\ngame: sonic2\ncharacter: tails\n"
        "tiles:\n  block: {heights: full, angle: 0}\n"
        "  low: {heights: [8,8,8,8,8,8,8,8,8,8,8,8,8,8,8,8], angle: 0}\n"
        "map:\n  origin: [0, 48]\n  legend:\n"
        "    \"#\": block\n    \"L\": {tile: block, tile2: low}\n"
        "  rows: [\"#L#\"]\n"
        "start: {x: 24, y: 20, path: secondary, spindash_counter: 0x123}\n"
        "frames: 2\n";
    char spath[256];
    snprintf(spath, sizeof spath, "%s", tp("s2/scenarios/t/two.yaml"));
    CHECK_EQ(outfile_mkdirs(spath, stdout), 0);
    CHECK_EQ(write_text(spath, s2_yaml), 0);
    char *err = NULL;
    char *one[] = {"export", "-o", tp("s2.json"), spath, NULL};
    CHECK_EQ(run(4, one, &err), 0); /* no golden: golden_status "missing" */
    free(err);
    char *j = read_text(tp("s2.json"));
    CHECK(j && strstr(j, "\"game\": \"sonic2\", \"character\": \"tails\""));
    CHECK(j && strstr(j, "\"spindash_counter\": 291, \"top_solid_bit\": 14, "
                         "\"lrb_solid_bit\": 15}"));
    CHECK(j && strstr(j, "\"secondary_masks\": ["));
    CHECK(j && strstr(j, "\"air_clamp_above_top_speed\""));
    free(j);
    char *mv[] = {"export", "--format", "bk2", "-o", tp("s2.bk2"), spath, NULL};
    CHECK_EQ(run(6, mv, &err), 2);
    CHECK(err && strstr(err, "two.yaml: BizHawk movies are made for game "
                             "sonic1 scenarios only (this is a Sonic 2 one"));
    CHECK(!exists(tp("s2.bk2")));
    free(err);
    char npath[256];
    snprintf(npath, sizeof npath, "%s", tp("s2/scenarios/n/vec.yaml"));
    CHECK_EQ(outfile_mkdirs(npath, stdout), 0);
    CHECK_EQ(write_text(npath, scenario_yaml), 0);
    char *dir[] = {"export", "--format", "bk2", "--out-dir", tp("s2m"),
                   tp("s2/scenarios"), NULL};
    CHECK_EQ(run(6, dir, &err), 0);
    CHECK(exists(tp("s2m/n/vec.bk2")));
    CHECK(!exists(tp("s2m/t/two.bk2")));
    CHECK(err && strstr(err, "1 scenario of other games skipped (BizHawk "
                             "movies are made for game sonic1 only)"));
    free(err);
}

/* A Sonic CD vector carries its start fields and its profile's; no
 * BizHawk movie. */
static void test_soniccd(void)
{
    static const char scd_yaml[] =
        "name: scd\ngame: soniccd\n"
        "tiles:\n  block: {heights: full, angle: 0xFF}\n"
        "map:\n  origin: [2304, 48]\n  legend: {\"#\": block}\n"
        "  rows: [\"###\"]\n"
        "start: {x: 2320, y: 28, charge: 7, time_zone: 0, look_mode: 0x81,\n"
        "        bored_timer: 300}\n"
        "frames: 2\n";
    char spath[256];
    snprintf(spath, sizeof spath, "%s", tp("scd/scenarios/t/one.yaml"));
    CHECK_EQ(outfile_mkdirs(spath, stdout), 0);
    CHECK_EQ(write_text(spath, scd_yaml), 0);
    char *err = NULL;
    char *one[] = {"export", "-o", tp("scd.json"), spath, NULL};
    CHECK_EQ(run(4, one, &err), 0);
    free(err);
    char *j = read_text(tp("scd.json"));
    CHECK(j && strstr(j, "\"game\": \"soniccd\", \"character\": \"sonic\""));
    CHECK(j && strstr(j, "\"charge\": 7, \"player_ctrl\": 0, "
                         "\"look_mode\": 129, \"time_zone\": 0, "
                         "\"cam_x_center\": 160, \"cam_y_center\": 96, "
                         "\"bored_timer\": 300}"));
    CHECK(j && strstr(j, "\"peelout_speed\": 100, \"spindash_speed\": 75, "
                         "\"charge_speed_cap\": 3072"));
    CHECK(j && strstr(j, "\"fall_speed_cap\": 4096}"));
    CHECK(j && !strstr(j, "\"spindash_counter\""));
    free(j);
    char *mv[] = {"export", "--format", "bk2", "-o", tp("scd.bk2"), spath, NULL};
    CHECK_EQ(run(6, mv, &err), 2);
    CHECK(!exists(tp("scd.bk2")));
    free(err);
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/spgsim-test-export-XXXXXX");
    if (mkdtemp(tmpdir) == NULL) {
        perror("mkdtemp");
        return 1;
    }
    RUN(test_json);
    RUN(test_out_dir);
    RUN(test_bk2);
    RUN(test_errors);
    RUN(test_special_stage);
    RUN(test_sonic2);
    RUN(test_soniccd);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        printf("  could not remove %s\n", tmpdir);
    TEST_MAIN_END();
}
