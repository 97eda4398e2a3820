/*
 * test_special_scenario.c - special-stage scenarios in the harness: the
 * loader (maze, legend, start, every error as file:line:col), the trace
 * (columns, write and read back, diff), and `spgsim new --special-stage`.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "diff.h"
#include "scenario.h"
#include "scenario_special.h"
#include "test.h"
#include "test_files.h"
#include "trace.h"
#include "trace_special.h"

static char dir[] = "/tmp/spgsim-test-special-XXXXXX";

static const char *write_tmp(const char *name, const char *text)
{
    static char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
    return path;
}

static const char good[] =
    "name: t\n"
    "mode: special_stage\n"
    "special_stage:\n"
    "  rotation: 0\n"
    "  legend: {x: glass3, '9': 0x2C}\n"
    "  maze: |\n"
    "    #######\n"
    "    #  o  #\n"
    "    # @ x #\n"
    "    #  9  #\n"
    "    #######\n"
    "frames: 30\n";

static void test_load_maze(void)
{
    scenario s;
    const char *p = write_tmp("good.yaml", good);
    CHECK_EQ(scenario_load(p, &s, stderr), 0);
    if (s.mode != SCENARIO_SPECIAL_STAGE)
        return;
    CHECK_EQ(s.special->width, 7);
    CHECK_EQ(s.special->height, 5);
    const spg_ss_state *st = &s.special->start;
    /* maze cell (c, r) is layout row $20 + r, column $20 + c */
    CHECK_EQ(spg_ss_block(st, 0x20, 0x20), 0x01);
    CHECK_EQ(spg_ss_block(st, 0x21, 0x23), SPG_SS_RING);
    CHECK_EQ(spg_ss_block(st, 0x22, 0x24), 0x2F);
    CHECK_EQ(spg_ss_block(st, 0x23, 0x23), 0x2C);
    CHECK_EQ(spg_ss_block(st, 0x22, 0x22), 0); /* '@' is empty */
    /* '@' at column 2, row 2: 24 * 2 + 736, 24 * 2 + 688 */
    CHECK_EQ((uint32_t)st->x >> 16, 784);
    CHECK_EQ((uint32_t)st->y >> 16, 736);
    CHECK_EQ(st->rotation, 0);
    CHECK_EQ(st->routine, 0);
    CHECK_EQ(s.frames, 30);
    scenario_free(&s);
}

/* Each bad scenario gives exactly this "file:line:col: message" start. */
static void expect_error(const char *text, const char *where, const char *what)
{
    const char *p = write_tmp("bad.yaml", text);
    char *buf = NULL;
    size_t len = 0;
    FILE *err = open_memstream(&buf, &len);
    scenario s;
    CHECK_EQ(scenario_load(p, &s, err), -1);
    fclose(err);
    char want[600];
    snprintf(want, sizeof want, "%s:%s: ", p, where);
    if (!buf || strncmp(buf, want, strlen(want)) != 0 || !strstr(buf, what)) {
        printf("  got: %s  want: %s...%s\n", buf ? buf : "(nothing)", want, what);
        test_current_failed = 1;
    }
    free(buf);
}

static void test_errors(void)
{
    expect_error("name: t\nmode: special_stage\nspecial_stage:\n  maze: |\n"
                 "    #####\n    #@ ?#\n    #####\nframes: 1\n",
                 "6:8", "symbol '?' is not in the legend");
    expect_error("name: t\nmode: special_stage\nspecial_stage:\n  maze: |\n"
                 "    #####\n    #@  #\n    #### \nframes: 1\n",
                 "7:9", "border must be solid");
    expect_error("name: t\nmode: special_stage\nspecial_stage:\n  maze: |\n"
                 "    #####\n    #@  #\n    ####\nframes: 1\n",
                 "7:5", "rows must be equally long");
    expect_error("name: t\nmode: special_stage\nspecial_stage:\n  maze:\n"
                 "    - \"#####\"\n    - \"#@ @#\"\n    - \"#####\"\nframes: 1\n",
                 "6:11", "a second '@'");
    expect_error("name: t\nmode: special_stage\nspecial_stage:\n  maze: |\n"
                 "    #####\n    #   #\n    #####\nframes: 1\n",
                 "4:9", "no '@' and no start");
    expect_error("name: t\nmode: special_stage\nspecial_stage:\n  maze: |\n"
                 "    #####\n    #@  #\n    #####\n  rotation: 0x9000\nframes: 1\n",
                 "8:13", "rotation: 0x9000 is out of range");
    expect_error("name: t\nmode: special_stage\nspecial_stage:\n  legend: {x: lava}\n"
                 "  maze: |\n    #####\n    #@  #\n    #####\nframes: 1\n",
                 "4:15", "unknown block 'lava'");
    expect_error("name: t\nmode: special_stage\nspecial_stage:\n  maze: |\n"
                 "    #####\n    #@  #\n    #####\nframes: 1\ntiles: {}\n",
                 "9:1", "unknown key 'tiles'");
    expect_error("name: t\nmode: special_stage\nspecial_stage:\n  maze: |\n"
                 "    #####\n    #@  #\n    #####\nframes: 1\nverifies:\n"
                 "  - {id: a, source: s, quote: q, frame: 1, field: anim, value: 0}\n",
                 "10:51", "'anim' is not a trace column");
    expect_error("name: t\nmode: bonus\n", "2:7", "mode");
}

/* The core trace: its columns, written and read back equal, a changed
 * value found by diff under its special-stage column name. */
static void test_trace_round_trip(void)
{
    scenario s;
    const char *p = write_tmp("good.yaml", good);
    if (scenario_load(p, &s, stderr) != 0) {
        test_current_failed = 1;
        return;
    }
    trace t, back;
    CHECK_EQ(scenario_trace_core(&s, &t), 0);
    CHECK(t.layout == &trace_layout_special);
    CHECK_EQ(t.rows, 31);
    CHECK_EQ(trace_layout_column(&trace_layout_special, "rotation"), 13);
    CHECK_EQ(trace_layout_column(&trace_layout_special, "layout_hash"), 30);
    char out[512];
    snprintf(out, sizeof out, "%s/t.csv", dir);
    FILE *f = fopen(out, "w");
    trace_meta meta = {"core", "x", NULL, NULL, NULL};
    trace_write(f, &meta, &t);
    fclose(f);
    char *text = read_text(out);
    CHECK(text && strstr(text, "# columns: special_stage\n"));
    free(text);
    CHECK_EQ(trace_read(out, &back, stderr), 0);
    CHECK(back.layout == &trace_layout_special);
    trace_divergence d;
    CHECK_EQ(trace_compare(&t, &back, &d), 0);
    back.values[9][trace_layout_column(back.layout, "stage_angle")] += 1;
    CHECK_EQ(trace_compare(&t, &back, &d), 1);
    CHECK_EQ(d.frame, 9);
    CHECK(strcmp(d.layout->columns[d.column], "stage_angle") == 0);
    /* a normal-stage trace never equals a special-stage one */
    spg_player pl[2];
    memset(pl, 0, sizeof pl);
    trace normal;
    CHECK_EQ(trace_from_players(&normal, pl, 2), 0);
    CHECK_EQ(trace_compare(&normal, &t, &d), 1);
    CHECK_EQ(d.column, -2);
    trace_free(&normal);
    trace_free(&back);
    trace_free(&t);
    unlink(out);
    scenario_free(&s);
}

static void test_new_template(void)
{
    char *argv[5];
    argv[0] = (char *)(uintptr_t)"new";
    argv[1] = (char *)(uintptr_t)"ss/tmpl";
    argv[2] = (char *)(uintptr_t)"--special-stage";
    argv[3] = (char *)(uintptr_t)"--dir";
    argv[4] = dir;
    CHECK_EQ(cmd_new(5, argv), 0);
    char p[512];
    snprintf(p, sizeof p, "%s/ss/tmpl.yaml", dir);
    scenario s;
    CHECK_EQ(scenario_load(p, &s, stderr), 0);
    CHECK_EQ(s.mode, SCENARIO_SPECIAL_STAGE);
    trace t;
    if (s.mode == SCENARIO_SPECIAL_STAGE && scenario_trace_core(&s, &t) == 0) {
        /* as the template says: it collects rings */
        int rings = trace_layout_column(t.layout, "rings");
        CHECK(t.values[t.rows - 1][rings] > 0);
        trace_free(&t);
    }
    scenario_free(&s);
    unlink(p);
    snprintf(p, sizeof p, "%s/ss", dir);
    rmdir(p);
}

int main(void)
{
    if (!mkdtemp(dir))
        return 1;
    RUN(test_load_maze);
    RUN(test_errors);
    RUN(test_trace_round_trip);
    RUN(test_new_template);
    unlink(write_tmp("good.yaml", ""));
    unlink(write_tmp("bad.yaml", ""));
    rmdir(dir);
    TEST_MAIN_END();
}
