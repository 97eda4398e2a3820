/*
 * test_special_scenario.c - special-stage scenarios in the harness: the
 * loader (maze, legend, start, every error as file:line:col), the trace
 * (columns, write and read back, column sets, diff by name), the writer
 * (random mazes round trip; what it refuses), and `spgsim new
 * --special-stage`.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/commands.h"
#include "trace/diff.h"
#include "scenario/scenario.h"
#include "scenario/special.h"
#include "test.h"
#include "test_files.h"
#include "trace/trace.h"
#include "trace/special.h"

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
                 "  - {id: a, source: s, quote: q, frame: 1, field: control_lock, value: 0}\n",
                 "10:51", "'control_lock' is not a trace column");
    expect_error("name: t\nmode: bonus\n", "2:7", "mode");
    expect_error("name: t\nmode: special_stage\nspecial_stage:\n  legend: {x: r, x: w}\n"
                 "  maze: |\n    #####\n    #@ x#\n    #####\nframes: 1\n",
                 "4:18", "symbol 'x' given twice");
    expect_error("name: t\nmode: special_stage\nspecial_stage:\n  maze: |\n"
                 "    #####\n    #@  #\n    #####\n  start: {x: 800}\nframes: 1\n",
                 "8:10", "the maze already has an '@'");
    expect_error("name: t\nmode: special_stage\nspecial_stage:\n  maze: |\n"
                 "    #####\n    #   #\n    #####\n  start: {x: 800}\nframes: 1\n",
                 "8:10", "missing required key 'y'");
    expect_error("name: t\nmode: special_stage\nspecial_stage:\n  maze: |\n"
                 "    #####\n    #   #\n    #####\n  start: {x: 10, y: 10}\nframes: 1\n",
                 "8:10", "is not inside the maze");
    expect_error("name: t\nmode: special_stage\nspecial_stage: {rings: 5}\nframes: 1\n",
                 "3:16", "missing required key 'maze'");
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
    CHECK_EQ(trace_layout_column(&trace_layout_special, "layout_hash"), 36);
    CHECK_EQ(trace_layout_column(&trace_layout_special, "anim"), 20);
    CHECK_EQ(trace_layout_column(&trace_layout_special, "render_flags"), 25);
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
    CHECK_EQ(back.ncols, TRACE_SS_COLUMNS);
    trace_fields fs;
    trace_divergence d;
    CHECK_EQ(trace_fields_match(&fs, &t, "core", &back, "back", NULL, stderr),
             0);
    CHECK_EQ(fs.n, TRACE_SS_COLUMNS - 1);
    CHECK_EQ(fs.nskipped, 0);
    CHECK_EQ(trace_compare(&t, &back, &fs, &d), 0);
    back.values[9][trace_find_column(&back, "stage_angle")] += 1;
    CHECK_EQ(trace_compare(&t, &back, &fs, &d), 1);
    CHECK_EQ(d.frame, 9);
    CHECK(d.field >= 0 && strcmp(fs.name[d.field], "stage_angle") == 0);
    /* a normal-stage trace does not compare with a special-stage one,
     * though they share x, y, the speeds ... */
    spg_player pl[2];
    memset(pl, 0, sizeof pl);
    trace normal;
    CHECK_EQ(trace_from_players(&normal, pl, 2), 0);
    char *msg = NULL;
    size_t msglen = 0;
    FILE *mf = open_memstream(&msg, &msglen);
    CHECK_EQ(trace_fields_match(&fs, &normal, "n.csv", &t, "s.csv", NULL, mf),
             -1);
    fclose(mf);
    CHECK(msg && strstr(msg, "n.csv is a normal-stage trace, s.csv a "
                             "special-stage one"));
    free(msg);
    trace_free(&normal);
    trace_free(&back);
    trace_free(&t);
    unlink(out);
    scenario_free(&s);
}

/* What the reader makes of a trace's column set: declared, recognised as
 * the normal writer's, or unknown (another engine's); an unknown
 * "# columns:" line is an error. */
static void test_trace_column_sets(void)
{
    trace t;
    const char *p = write_tmp("s.csv", "# columns: special_stage\n"
                                       "frame,x\n0,5\n1,6\n");
    CHECK_EQ(trace_read(p, &t, stderr), 0);
    CHECK(t.layout == &trace_layout_special);
    trace_free(&t);
    p = write_tmp("f.csv", "frame,x,y\n0,5,1\n");
    CHECK_EQ(trace_read(p, &t, stderr), 0);
    CHECK(t.layout == NULL);
    trace f = t;
    /* a foreign trace compares by name with either set */
    trace_fields fs;
    CHECK_EQ(trace_read(write_tmp("s.csv", "# columns: special_stage\n"
                                           "frame,x\n0,5\n"),
                        &t, stderr), 0);
    CHECK_EQ(trace_fields_match(&fs, &t, "s", &f, "f", NULL, stderr), 0);
    CHECK_EQ(fs.n, 1);
    trace_free(&t);
    trace_free(&f);

    FILE *w = fopen(write_tmp("n.csv", ""), "w");
    trace_meta meta = {"core", "x", NULL, NULL, NULL};
    spg_player pl[3];
    memset(pl, 0, sizeof pl);
    trace_write_header(w, &meta);
    for (int i = 0; i < 3; i++)
        trace_write_row(w, i, &pl[i]);
    fclose(w);
    char np[512];
    snprintf(np, sizeof np, "%s/n.csv", dir);
    CHECK_EQ(trace_read(np, &t, stderr), 0);
    CHECK(t.layout == &trace_layout_normal);
    trace_free(&t);

    p = write_tmp("u.csv", "# columns: bonus_stage\nframe,x\n0,5\n");
    char *buf = NULL;
    size_t len = 0;
    FILE *err = open_memstream(&buf, &len);
    CHECK_EQ(trace_read(p, &t, err), -1);
    fclose(err);
    CHECK(buf && strstr(buf, "u.csv:1: unknown column set"));
    free(buf);
    unlink(p);
    unlink(np);
    unlink(write_tmp("s.csv", ""));
    unlink(write_tmp("f.csv", ""));
}

/* ---- the writer ---------------------------------------------------------- */

static char *written(const scenario *s, int *rc)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    *rc = scenario_write_yaml(f, s);
    fclose(f);
    return buf;
}

static uint32_t rng = 12345;
static uint32_t below(uint32_t n)
{
    rng = rng * 1103515245u + 12345u;
    return (rng >> 8) % n;
}

/* Written and loaded back: the same hash and core trace, the same text
 * when written again. */
static int special_round_trip(const scenario *s, const char *label)
{
    int rc;
    char *text = written(s, &rc);
    scenario back;
    int ok = rc == 0 && text &&
             scenario_load_buffer(label, text, strlen(text), &back, stdout) == 0;
    if (!ok) {
        printf("  %s: not written or not loaded back (rc %d)\n%s", label, rc,
               text ? text : "");
        free(text);
        return 0;
    }
    trace ta, tb;
    ok = back.mode == SCENARIO_SPECIAL_STAGE && back.hash == s->hash;
    if (ok && scenario_trace_core(s, &ta) == 0) {
        if (scenario_trace_core(&back, &tb) == 0) {
            for (int r = 0; r < ta.rows && ok; r++)
                ok = memcmp(ta.values[r], tb.values[r],
                            (size_t)ta.ncols * sizeof ta.values[r][0]) == 0;
            trace_free(&tb);
        } else {
            ok = 0;
        }
        trace_free(&ta);
    } else {
        ok = 0;
    }
    int rc2;
    char *again = written(&back, &rc2);
    ok = ok && rc2 == 0 && again && strcmp(again, text) == 0;
    if (!ok)
        printf("  %s: the round trip differs:\n%s", label, text);
    free(again);
    free(text);
    scenario_free(&back);
    return ok;
}

/* Random mazes: every block id somewhere (in batches the symbols can
 * hold), starts off the '@' grid with speeds, angle, rotation, rings and
 * lives. */
static void test_write_random(void)
{
    int failed = 0;
    for (int k = 0; k < 40; k++) {
        scenario s;
        const char *p = write_tmp("good.yaml", good);
        if (scenario_load(p, &s, stderr) != 0) {
            test_current_failed = 1;
            return;
        }
        scenario_special *ss = s.special;
        spg_ss_state *st = &ss->start;
        memset(st->layout, 0, sizeof st->layout);
        ss->width = 3 + (int)below(SCENARIO_SS_MAX - 2);
        ss->height = 3 + (int)below(SCENARIO_SS_MAX - 2);
        int base = (int)below(256);
        for (int r = 0; r < ss->height; r++)
            for (int c = 0; c < ss->width; c++) {
                int border = r == 0 || c == 0 || r == ss->height - 1 ||
                             c == ss->width - 1;
                uint8_t id = border ? (uint8_t)(1 + below(8))
                                    : (uint8_t)((base + below(80)) & 0xFF);
                if (!border && below(3) == 0)
                    id = 0;
                st->layout[(SPG_SS_STAGE_ORIGIN + r) * SPG_SS_ROW +
                           SPG_SS_STAGE_ORIGIN + c] = id;
            }
        int r0 = 1 + (int)below((uint32_t)ss->height - 2);
        int c0 = 1 + (int)below((uint32_t)ss->width - 2);
        uint32_t px = (uint32_t)(SPG_SS_BLOCK * (SPG_SS_STAGE_ORIGIN + c0) -
                                 0x14 + (int)below(SPG_SS_BLOCK));
        uint32_t py = (uint32_t)(SPG_SS_BLOCK * (SPG_SS_STAGE_ORIGIN + r0) -
                                 0x44 + (int)below(SPG_SS_BLOCK));
        if (k % 4 == 0) { /* exactly where an '@' would put the player */
            st->layout[(SPG_SS_STAGE_ORIGIN + r0) * SPG_SS_ROW +
                       SPG_SS_STAGE_ORIGIN + c0] = 0;
            px = (uint32_t)(SPG_SS_BLOCK * c0 + SCENARIO_SS_MARKER_X);
            py = (uint32_t)(SPG_SS_BLOCK * r0 + SCENARIO_SS_MARKER_Y);
        }
        /* keep the start inside: its check blocks must be inside too */
        int cc, rr;
        st->x = (int32_t)(px << 16 | (k % 4 ? below(0x10000) : 0));
        st->y = (int32_t)(py << 16 | (k % 4 ? below(0x10000) : 0));
        if (!scenario_special_start_inside(ss, &cc, &rr)) {
            st->x = (int32_t)((uint32_t)(SPG_SS_BLOCK + SCENARIO_SS_MARKER_X)
                              << 16);
            st->y = (int32_t)((uint32_t)(SPG_SS_BLOCK + SCENARIO_SS_MARKER_Y)
                              << 16);
            if (!scenario_special_start_inside(ss, &cc, &rr))
                continue; /* too small a maze for any start */
        }
        if (k % 4) {
            st->x_speed = (int16_t)(below(0x10000) - 0x8000);
            st->ground_speed = (int16_t)(below(0x800) - 0x400);
        }
        st->stage_angle = (uint16_t)below(0x10000);
        st->rotation = (int16_t)(below(0x10000) - 0x8000);
        st->rings = (uint16_t)below(1000);
        st->lives = (uint8_t)below(100);
        for (int i = 0; i < s.frames; i++)
            s.inputs[i].held = (uint8_t)below(256);
        scenario_derive_pressed(&s);
        scenario_update_hash(&s);
        char label[32];
        snprintf(label, sizeof label, "random-special-%d", k);
        if (scenario_check(&s, stdout) != 0 || !special_round_trip(&s, label))
            failed++;
        scenario_free(&s);
    }
    CHECK_EQ(failed, 0);
}

/* scenario_check says what the format cannot hold. */
static void expect_refused(void (*spoil)(scenario *), const char *what)
{
    scenario s;
    if (scenario_load(write_tmp("good.yaml", good), &s, stderr) != 0) {
        test_current_failed = 1;
        return;
    }
    spoil(&s);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    int rc = scenario_check(&s, f);
    fclose(f);
    if (rc != -1 || !buf || !strstr(buf, what)) {
        printf("  refused? rc %d, '%s', want '%s'\n", rc, buf ? buf : "",
               what);
        test_current_failed = 1;
    }
    int wrc;
    char *text = written(&s, &wrc);
    CHECK_EQ(wrc, -1);
    CHECK(text == NULL || text[0] == '\0'); /* nothing written */
    free(text);
    free(buf);
    scenario_free(&s);
}

static void spoil_border(scenario *s)
{
    s->special->start.layout[SPG_SS_STAGE_ORIGIN * SPG_SS_ROW +
                             SPG_SS_STAGE_ORIGIN + 2] = SPG_SS_RING;
}
static void spoil_outside(scenario *s)
{
    s->special->start.layout[5] = 1;
}
static void spoil_items(scenario *s)
{
    s->special->start.items[3].timer = 1;
}
static void spoil_emeralds(scenario *s)
{
    s->special->start.emerald_list[5] = 2;
}
/* The animation and render flags start as the clear object slot has
 * them; the format has no keys for them. */
static void spoil_anim(scenario *s)
{
    s->special->start.anim = SPG_SS_ANIM_ROLL;
}

static void spoil_render(scenario *s)
{
    s->special->start.render_flags = SPG_SS_RENDER_LEVEL;
}

static void spoil_start(scenario *s)
{
    s->special->start.x = (int32_t)(10u << 16);
}
static void spoil_lives(scenario *s)
{
    s->special->start.lives = 100;
}
static void spoil_kinds(scenario *s)
{
    scenario_special *ss = s->special;
    ss->width = ss->height = 30;
    for (int r = 0; r < 30; r++)
        for (int c = 0; c < 30; c++)
            ss->start.layout[(SPG_SS_STAGE_ORIGIN + r) * SPG_SS_ROW +
                             SPG_SS_STAGE_ORIGIN + c] =
                (r == 0 || c == 0 || r == 29 || c == 29)
                    ? 1
                    : (uint8_t)(0x60 + (r * 30 + c) % 120);
}
static void spoil_field(scenario *s)
{
    free(s->verifies); /* a normal-stage column */
    s->verifies = calloc(1, sizeof *s->verifies);
    s->verify_count = 1;
    s->verifies[0].id = strdup("a");
    s->verifies[0].source = strdup("s");
    s->verifies[0].quote = strdup("q");
    s->verifies[0].field = strdup("control_lock");
}

/* ---- the item slots --------------------------------------------------------- */

/* A maze with blocks that show animation frames: a bumper flashing on the
 * border ($33), an R flash ($31), glass cracking ($4D), a ring sparkle
 * ($44), 1-up/emerald sparkles ($46). */
#define ITEMS_HEAD                                                          \
    "name: t\n"                                                             \
    "mode: special_stage\n"                                                 \
    "special_stage:\n"                                                      \
    "  rotation: 0\n"                                                       \
    "  legend: {b: 0x33, f: 0x31, k: 0x4D, m: 0x44, p: 0x46}\n"             \
    "  maze: |\n"                                                           \
    "    ##b####\n"                                                         \
    "    #  m  f\n"                                                         \
    "    # @ k #\n"                                                         \
    "    #  p  #\n"                                                         \
    "    #######\n"

static const char items_good[] =
    ITEMS_HEAD
    "  items:\n"
    "    - {type: bumper, block: [2, 0], timer: 7, step: 2}\n"
    "    - {type: none}\n"
    "    - {type: glass, block: [4, 2], timer: 0, step: 3, next: glass4}\n"
    "    - {type: ring, block: [3, 1], timer: 5, step: 3}\n"
    "    - {type: r, block: [6, 1], timer: 2, step: 4}\n"
    "    - {type: glass, block: [4, 2], timer: 1, step: 7, next: empty}\n"
    "    - {type: 1up, block: [3, 3], timer: 0, step: 1}\n"
    "    - {type: emerald, block: [3, 3], timer: 4, step: 4}\n"
    "frames: 30\n";

static uint32_t block_addr(int c, int r)
{
    return SPG_SS_LAYOUT_ADDR +
           (uint32_t)(SPG_SS_STAGE_ORIGIN + r) * SPG_SS_ROW +
           (uint32_t)(SPG_SS_STAGE_ORIGIN + c);
}

static void test_items_load(void)
{
    scenario s, plain;
    if (scenario_load(write_tmp("items.yaml", items_good), &s, stderr) != 0) {
        test_current_failed = 1;
        return;
    }
    const spg_ss_item *it = s.special->start.items;
    CHECK_EQ(it[0].type, SPG_SS_ANI_BUMPER);
    CHECK_EQ(it[0].timer, 7);
    CHECK_EQ(it[0].frame, 2);
    CHECK_EQ(it[0].addr, block_addr(2, 0));
    CHECK_EQ(it[1].type, SPG_SS_ANI_NONE);
    CHECK_EQ(it[1].addr, 0);
    CHECK_EQ(it[2].type, SPG_SS_ANI_GLASS);
    CHECK_EQ(it[2].addr, 0x30000000u | block_addr(4, 2)); /* glass4 */
    CHECK_EQ(it[5].addr, block_addr(4, 2));              /* empty: 0 */
    CHECK_EQ(it[3].type, SPG_SS_ANI_RING);
    CHECK_EQ(it[4].type, SPG_SS_ANI_R);
    CHECK_EQ(it[6].type, SPG_SS_ANI_1UP);
    CHECK_EQ(it[7].type, SPG_SS_ANI_EMERALD);
    CHECK_EQ(it[7].frame, 4);
    for (int i = 8; i < SPG_SS_ITEM_SLOTS; i++)
        CHECK_EQ(it[i].type, SPG_SS_ANI_NONE);
    /* the slots are part of the hash: without them it differs */
    if (scenario_load(write_tmp("plain.yaml", ITEMS_HEAD "frames: 30\n"), &plain, stderr) == 0) {
        CHECK(plain.hash != s.hash);
        scenario_free(&plain);
    } else {
        test_current_failed = 1;
    }
    /* and the core runs them: the ring sparkle ends, leaving the block
     * empty, within 3 steps of 6 frames */
    trace t;
    if (scenario_trace_core(&s, &t) == 0) {
        int active = trace_layout_column(t.layout, "items_active");
        CHECK_EQ(t.values[0][active], 7);
        CHECK(t.values[t.rows - 1][active] < 7);
        trace_free(&t);
    }
    CHECK(special_round_trip(&s, "items"));
    scenario_free(&s);
    unlink(write_tmp("items.yaml", ""));
    unlink(write_tmp("plain.yaml", ""));
}

/* One bad `items:` list after ITEMS_HEAD's maze (its entries from line
 * 13 on). */
static void expect_items_error(const char *items, const char *where,
                               const char *what)
{
    char text[4096];
    snprintf(text, sizeof text, "%s  items:\n%sframes: 30\n", ITEMS_HEAD, items);
    expect_error(text, where, what);
}

static void test_items_errors(void)
{
    expect_items_error("    bumper\n", "13:5", "items: expected a list, found a scalar");
    expect_items_error("    - ring\n", "13:7", "items: expected a mapping");
    expect_items_error("    - {type: spring, block: [3, 1], timer: 0, step: 1}\n",
                       "13:14", "unknown type 'spring'");
    expect_items_error("    - {block: [3, 1], timer: 0, step: 1}\n",
                       "13:7", "missing required key 'type'");
    expect_items_error("    - {type: ring, block: [3, 1], timer: 0, step: 1, "
                       "frame: 2}\n", "13:54", "unknown key 'frame'");
    expect_items_error("    - {type: none, timer: 3}\n", "13:27",
                       "a free slot (type none) has no timer");
    expect_items_error("    - {type: ring, timer: 0, step: 1}\n", "13:7",
                       "a ring slot needs 'block'");
    expect_items_error("    - {type: ring, block: 3, timer: 0, step: 1}\n",
                       "13:27", "block is [column, row]");
    expect_items_error("    - {type: ring, block: [7, 1], timer: 0, step: 1}\n",
                       "13:28", "block column: 7 is out of range 0..6");
    expect_items_error("    - {type: ring, block: [3, 5], timer: 0, step: 1}\n",
                       "13:31", "block row: 5 is out of range 0..4");
    expect_items_error("    - {type: ring, block: [3, 1], timer: 0, step: 5}\n",
                       "13:51", "step: 5 is out of range 1..4");
    expect_items_error("    - {type: ring, block: [3, 1], timer: 0, step: 0}\n",
                       "13:51", "step: 0 is out of range 1..4");
    expect_items_error("    - {type: ring, block: [3, 1], timer: 6, step: 1}\n",
                       "13:42", "timer: 6 is out of range 0..5");
    expect_items_error("    - {type: glass, block: [4, 2], timer: 2, step: 1,"
                       " next: glass2}\n", "13:43", "timer: 2 is out of range 0..1");
    expect_items_error("    - {type: glass, block: [4, 2], timer: 0, step: 9,"
                       " next: glass2}\n", "13:52", "step: 9 is out of range 1..8");
    expect_items_error("    - {type: ring, block: [4, 2], timer: 0, step: 1}\n",
                       "13:27", "slot 0: block [4, 2] is $4D, not one of the "
                       "ring animation's frames ($42 $43 $44 $45)");
    expect_items_error("    - {type: r, block: [1, 1], timer: 0, step: 1}\n",
                       "13:24", "block [1, 1] is $00, not one of the r "
                       "animation's frames");
    expect_items_error("    - {type: none}\n"
                       "    - {type: ring, block: [2, 0], timer: 0, step: 1}\n",
                       "14:27", "slot 1: block [2, 0] is on the border, which "
                       "the ring animation leaves empty");
    expect_items_error("    - {type: glass, block: [6, 1], timer: 0, step: 1,"
                       " next: glass2}\n", "13:28", "block [6, 1] is on the "
                       "border, which the glass animation leaves glass or "
                       "empty");
    expect_items_error("    - {type: glass, block: [4, 2], timer: 0, step: 3}\n",
                       "13:7", "a glass slot needs 'next'");
    expect_items_error("    - {type: glass, block: [4, 2], timer: 0, step: 3,"
                       " next: glass1}\n", "13:61", "next: glass becomes empty (0)"
                       " or glass2..glass4 ($2E-$30), not $2D");
    expect_items_error("    - {type: glass, block: [4, 2], timer: 0, step: 3,"
                       " next: 0x31}\n", "13:61", "not $31");
    expect_items_error("    - {type: glass, block: [4, 2], timer: 0, step: 3,"
                       " next: lava}\n", "13:61", "next: 'lava' is not an integer");
    expect_items_error("    - {type: bumper, block: [2, 0], timer: 0, step: 3,"
                       " next: empty}\n", "13:62", "only a glass slot has 'next'");
    /* 33 slots */
    char many[4096] = "";
    for (int i = 0; i < 33; i++)
        strcat(many, "    - {type: bumper, block: [2, 0], timer: 0, step: 1}\n");
    expect_items_error(many, "45:7", "items: more than 32 slots");
}

static void spoil_item_step(scenario *s)
{
    spg_ss_item *it = &s->special->start.items[4];
    it->type = SPG_SS_ANI_BUMPER;
    it->timer = 0;
    it->frame = 5; /* past the animation's last step */
    it->addr = block_addr(0, 0);
}
static void spoil_item_type(scenario *s)
{
    s->special->start.items[0].type = 7;
    s->special->start.items[0].frame = 1;
    s->special->start.items[0].addr = block_addr(0, 0);
}
static void spoil_item_addr(scenario *s)
{
    spg_ss_item *it = &s->special->start.items[31];
    it->type = SPG_SS_ANI_BUMPER;
    it->frame = 1;
    it->addr = block_addr(7, 0); /* right of the 7 x 5 maze */
}
static void spoil_item_top(scenario *s)
{
    spg_ss_item *it = &s->special->start.items[2];
    it->type = SPG_SS_ANI_BUMPER;
    it->frame = 1;
    it->addr = 0x2E000000u | block_addr(0, 0); /* only glass keeps one */
}

static void test_write_refused(void)
{
    expect_refused(spoil_border, "on the border");
    expect_refused(spoil_outside, "outside the 7 x 5 maze");
    expect_refused(spoil_items, "item slot 3 is free but its timer");
    expect_refused(spoil_item_step, "item slot 4: step 5 is not 1..4");
    expect_refused(spoil_item_type, "item slot 0: type 7 is not an animation");
    expect_refused(spoil_item_addr, "item slot 31: address $FF1027 is not a "
                                    "block of the 7 x 5 maze");
    expect_refused(spoil_item_top, "item slot 2: the address's top byte is $2E");
    expect_refused(spoil_emeralds, "no key for");
    expect_refused(spoil_anim, "no key for");
    expect_refused(spoil_render, "no key for");
    expect_refused(spoil_start, "not inside the maze");
    expect_refused(spoil_lives, "lives 100");
    expect_refused(spoil_kinds, "more kinds of block than");
    expect_refused(spoil_field, "verifies field 'control_lock'");
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
    RUN(test_trace_column_sets);
    RUN(test_write_random);
    RUN(test_items_load);
    RUN(test_items_errors);
    RUN(test_write_refused);
    RUN(test_new_template);
    unlink(write_tmp("good.yaml", ""));
    unlink(write_tmp("bad.yaml", ""));
    rmdir(dir);
    TEST_MAIN_END();
}
