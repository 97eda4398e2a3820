/*
 * test_new.c - `spgsim new TOPIC/NAME`: the file it writes, that it loads
 * and runs as it is (and with its commented verifies example switched on),
 * that it never overwrites, and its errors.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/commands.h"
#include "scenario/scenario.h"
#include "spg/spg.h"
#include "test.h"
#include "test_files.h"

static char root[256];

static int run_new(const char *spec)
{
    char *argv[4];
    argv[0] = (char *)(uintptr_t)"new";
    argv[1] = (char *)(uintptr_t)spec;
    argv[2] = (char *)(uintptr_t)"--dir";
    argv[3] = root;
    return cmd_new(4, argv);
}

static void rm_tree_file(const char *topic, const char *name)
{
    char p[512];
    snprintf(p, sizeof p, "%s/%s/%s", root, topic, name);
    unlink(p);
    snprintf(p, sizeof p, "%s/%s", root, topic);
    rmdir(p);
}

static void test_writes_template(void)
{
    char path[512];
    char *text;
    struct stat st;
    CHECK_EQ(run_new("running/walk-a-bit"), 0);
    snprintf(path, sizeof path, "%s/running/walk-a-bit.yaml", root);
    CHECK_EQ(stat(path, &st), 0);
    text = read_file(path, NULL);
    CHECK(text != NULL);
    if (text) {
        CHECK(strstr(text, "\nname: walk-a-bit\n") != NULL);
        CHECK(strstr(text, "\ngame: sonic1 ") != NULL);
        CHECK(strstr(text, "\n# verifies:") != NULL);
        CHECK(strstr(text, "#   - id: running/walk-a-bit\n") != NULL);
    }
    free(text);
    /* No temporary file left next to it: the topic directory holds just
     * the scenario. */
    {
        char tdir[512];
        DIR *d;
        struct dirent *e;
        int entries = 0;
        snprintf(tdir, sizeof tdir, "%s/running", root);
        CHECK(st.st_size > 0);
        d = opendir(tdir);
        CHECK(d != NULL);
        while (d && (e = readdir(d)) != NULL)
            if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
                entries++;
        if (d)
            closedir(d);
        CHECK_EQ(entries, 1);
    }
    rm_tree_file("running", "walk-a-bit.yaml");
}

static void test_refuses_overwrite(void)
{
    char path[512];
    FILE *f;
    char *text;
    snprintf(path, sizeof path, "%s/air/mine.yaml", root);
    CHECK_EQ(run_new("air/mine"), 0);
    f = fopen(path, "w");
    CHECK(f != NULL);
    if (f) {
        fputs("hand edited\n", f);
        fclose(f);
    }
    CHECK_EQ(run_new("air/mine"), 2);
    CHECK_EQ(run_new("air/mine.yaml"), 2);
    text = read_file(path, NULL);
    CHECK(text != NULL && strcmp(text, "hand edited\n") == 0);
    free(text);
    rm_tree_file("air", "mine.yaml");
}

static void test_bad_names(void)
{
    static const char *const bad[] = {
        "noslash", "a/b/c", "../x", "topic/", "/name", "Topic/name",
        "t/na me", "t/.hidden", "t/-dash", "t/..", "t/x.yml/", "",
    };
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int rc = run_new(bad[i]);
        if (rc != 2)
            printf("  '%s' gave %d\n", bad[i], rc);
        CHECK_EQ(rc, 2);
    }
    /* Nothing was created for them. */
    {
        char p[512];
        snprintf(p, sizeof p, "%s/t", root);
        CHECK(access(p, F_OK) != 0);
    }
}

static void test_missing_dir_and_usage(void)
{
    char *argv[4];
    argv[0] = (char *)(uintptr_t)"new";
    argv[1] = (char *)(uintptr_t)"x/y";
    argv[2] = (char *)(uintptr_t)"--dir";
    argv[3] = (char *)(uintptr_t)"/nonexistent/spgsim-scenarios";
    CHECK_EQ(cmd_new(4, argv), 2);
    CHECK_EQ(cmd_new(1, argv), 2);            /* no TOPIC/NAME */
    argv[1] = (char *)(uintptr_t)"--bogus";
    CHECK_EQ(cmd_new(2, argv), 2);
}

/* Load the template, run it through the core: Sonic walks right along the
 * floor and comes to rest on it. */
static void test_loads_and_runs(void)
{
    char path[512];
    scenario s;
    int i, moved = 0, airborne = 0;
    spg_player p;
    CHECK_EQ(run_new("mixed/template-run"), 0);
    snprintf(path, sizeof path, "%s/mixed/template-run.yaml", root);
    if (scenario_load(path, &s, stdout) != 0) {
        CHECK(!"the template does not load");
        rm_tree_file("mixed", "template-run.yaml");
        return;
    }
    CHECK_EQ(s.frames, 60);
    CHECK_EQ(s.verify_count, 0);
    CHECK_EQ(s.start.x >> 16, 96);
    CHECK_EQ(s.start.y >> 16, 668);
    p = s.start;
    for (i = 0; i < s.frames; i++) {
        spg_step(&s.profile, &s.map, s.inputs[i], &p);
        if (p.status & SPG_STATUS_IN_AIR)
            airborne = 1;
        if (i == 29)
            CHECK_EQ(p.ground_speed, 30 * 0x0C);
    }
    moved = (p.x >> 16) - 96;
    CHECK(moved > 20);
    CHECK_EQ(airborne, 0);
    CHECK_EQ(p.y >> 16, 668);
    CHECK_EQ(p.ground_speed, 0);
    scenario_free(&s);
    rm_tree_file("mixed", "template-run.yaml");
}

/* Switching the commented verifies example on gives a valid entry too. */

/* --sonic2: a Sonic 2 template that loads with both paths in it. */
static void test_sonic2_template(void)
{
    char path[512];
    char *argv[5];
    argv[0] = (char *)(uintptr_t)"new";
    argv[1] = (char *)(uintptr_t)"paths/s2-template";
    argv[2] = (char *)(uintptr_t)"--sonic2";
    argv[3] = (char *)(uintptr_t)"--dir";
    argv[4] = root;
    CHECK_EQ(cmd_new(5, argv), 0);
    snprintf(path, sizeof path, "%s/paths/s2-template.yaml", root);
    scenario s;
    if (scenario_load(path, &s, stdout) != 0) {
        CHECK(!"the Sonic 2 template does not load");
    } else {
        CHECK_EQ(s.game, SPG_GAME_SONIC2);
        CHECK(s.cells2 != NULL);
        CHECK_EQ(s.start.top_solid_bit, 0x0C);
        CHECK_EQ(s.frames, 60);
        scenario_free(&s);
    }
    rm_tree_file("paths", "s2-template.yaml");
    /* not with --special-stage */
    char *argv2[6];
    memcpy(argv2, argv, sizeof argv);
    argv2[5] = (char *)(uintptr_t)"--special-stage";
    CHECK_EQ(cmd_new(6, argv2), 2);
}

/* --sonic3: a Sonic 3 template that loads and runs into the air (the
 * insta-shield press); not with --sonic2. */
static void test_sonic3_template(void)
{
    char path[512];
    char *argv[6];
    argv[0] = (char *)(uintptr_t)"new";
    argv[1] = (char *)(uintptr_t)"jumping/s3-template";
    argv[2] = (char *)(uintptr_t)"--sonic3";
    argv[3] = (char *)(uintptr_t)"--dir";
    argv[4] = root;
    CHECK_EQ(cmd_new(5, argv), 0);
    snprintf(path, sizeof path, "%s/jumping/s3-template.yaml", root);
    scenario s;
    if (scenario_load(path, &s, stdout) != 0) {
        CHECK(!"the Sonic 3 template does not load");
    } else {
        CHECK_EQ(s.game, SPG_GAME_SONIC3);
        CHECK_EQ(s.frames, 76);
        spg_player *rows = malloc(((size_t)s.frames + 1) * sizeof *rows);
        CHECK(rows != NULL);
        if (rows) {
            scenario_run_core(&s, rows);
            CHECK(rows[10].status & SPG_STATUS_IN_AIR);
            CHECK_EQ(rows[16].double_jump_flag, 1); /* the insta-shield */
            CHECK_EQ(rows[s.frames].frame_counter, s.frames);
            free(rows);
        }
        scenario_free(&s);
    }
    rm_tree_file("jumping", "s3-template.yaml");
    argv[5] = (char *)(uintptr_t)"--sonic2";
    CHECK_EQ(cmd_new(6, argv), 2);
}

/* --sonic3k: a Sonic & Knuckles template in which Knuckles jumps and
 * glides (double_jump_flag 1 while A is held, the glide speed building up
 * from $400), lets go (state 2) and lands; the same file as the suite's
 * scenarios/sonic3k/knuckles/readme-glide.yaml, which the README shows. */
static void test_sonic3k_template(void)
{
    char path[512];
    char *argv[6];
    argv[0] = (char *)(uintptr_t)"new";
    argv[1] = (char *)(uintptr_t)"knuckles/readme-glide";
    argv[2] = (char *)(uintptr_t)"--sonic3k";
    argv[3] = (char *)(uintptr_t)"--dir";
    argv[4] = root;
    CHECK_EQ(cmd_new(5, argv), 0);
    snprintf(path, sizeof path, "%s/knuckles/readme-glide.yaml", root);
    char *made = read_file(path, NULL);
    char *suite = read_file("scenarios/sonic3k/knuckles/readme-glide.yaml", NULL);
    CHECK(made != NULL && suite != NULL);
    if (made && suite)
        CHECK(strcmp(made, suite) == 0);
    free(made);
    free(suite);
    scenario s;
    if (scenario_load(path, &s, stdout) != 0) {
        CHECK(!"the Sonic & Knuckles template does not load");
    } else {
        CHECK_EQ(s.game, SPG_GAME_SONIC3K);
        CHECK_EQ(s.character, SPG_CHAR_KNUCKLES);
        spg_player *rows = malloc(((size_t)s.frames + 1) * sizeof *rows);
        CHECK(rows != NULL);
        if (rows) {
            scenario_run_core(&s, rows);
            int glided = 0, fell = 0;
            int16_t top = 0;
            for (int i = 1; i <= s.frames; i++) {
                glided += rows[i].double_jump_flag == 1;
                fell |= rows[i].double_jump_flag == 2;
                if (rows[i].double_jump_flag == 1 && rows[i].ground_speed > top)
                    top = rows[i].ground_speed;
            }
            CHECK(glided >= 30);
            CHECK(fell);
            CHECK(top > 0x400);
            CHECK(!(rows[s.frames].status & SPG_STATUS_IN_AIR));
            free(rows);
        }
        scenario_free(&s);
    }
    rm_tree_file("knuckles", "readme-glide.yaml");
    argv[5] = (char *)(uintptr_t)"--sonic3";
    CHECK_EQ(cmd_new(6, argv), 2);
}

/* --soniccd: a Sonic CD template in which Sonic charges a Super Peel
 * Out (the charge counts to 30, the ground speed builds to $C00 while he
 * stands) and runs off when up is let go; the same file as the suite's
 * scenarios/soniccd/readme/peelout.yaml, which the README shows; not with
 * --sonic3k. */
static void test_soniccd_template(void)
{
    char path[512];
    char *argv[6];
    argv[0] = (char *)(uintptr_t)"new";
    argv[1] = (char *)(uintptr_t)"readme/peelout";
    argv[2] = (char *)(uintptr_t)"--soniccd";
    argv[3] = (char *)(uintptr_t)"--dir";
    argv[4] = root;
    CHECK_EQ(cmd_new(5, argv), 0);
    snprintf(path, sizeof path, "%s/readme/peelout.yaml", root);
    char *made = read_file(path, NULL);
    char *suite = read_file("scenarios/soniccd/readme/peelout.yaml", NULL);
    CHECK(made != NULL && suite != NULL);
    if (made && suite)
        CHECK(strcmp(made, suite) == 0);
    free(made);
    free(suite);
    scenario s;
    if (scenario_load(path, &s, stdout) != 0) {
        CHECK(!"the Sonic CD template does not load");
    } else {
        CHECK_EQ(s.game, SPG_GAME_SONICCD);
        CHECK_EQ(s.frames, 73);
        CHECK_EQ(s.start.time_zone, 1);
        spg_player *rows = malloc(((size_t)s.frames + 1) * sizeof *rows);
        CHECK(rows != NULL);
        if (rows) {
            scenario_run_core(&s, rows);
            CHECK_EQ(rows[2].charge, 1);   /* A tapped */
            CHECK_EQ(rows[31].charge, 30); /* the cap */
            CHECK_EQ(rows[33].ground_speed, 0xC00);
            CHECK_EQ(rows[33].x, rows[0].x); /* charging in place */
            CHECK_EQ(rows[34].charge, 0);  /* released */
            CHECK(rows[s.frames].x - rows[33].x > (300 << 16));
            CHECK(!(rows[s.frames].status & SPG_STATUS_IN_AIR));
            free(rows);
        }
        scenario_free(&s);
    }
    rm_tree_file("readme", "peelout.yaml");
    argv[5] = (char *)(uintptr_t)"--sonic3k";
    CHECK_EQ(cmd_new(6, argv), 2);
}

static void test_verifies_example_is_valid(void)
{
    char path[512], path2[512];
    char *text, *out, *src, *dst;
    FILE *f;
    scenario s;
    int in_block = 0;
    CHECK_EQ(run_new("mixed/template-verifies"), 0);
    snprintf(path, sizeof path, "%s/mixed/template-verifies.yaml", root);
    snprintf(path2, sizeof path2, "%s/mixed/uncommented.yaml", root);
    text = read_file(path, NULL);
    CHECK(text != NULL);
    if (!text) {
        rm_tree_file("mixed", "template-verifies.yaml");
        return;
    }
    out = malloc(strlen(text) + 1);
    CHECK(out != NULL);
    if (!out) {
        free(text);
        return;
    }
    /* Drop the leading "# " of the lines from "# verifies:" on. */
    src = text;
    dst = out;
    while (*src) {
        char *nl = strchr(src, '\n');
        size_t len = nl ? (size_t)(nl - src + 1) : strlen(src);
        if (strncmp(src, "# verifies:", 11) == 0)
            in_block = 1;
        if (in_block && strncmp(src, "# ", 2) == 0) {
            src += 2;
            len -= 2;
        }
        memcpy(dst, src, len);
        dst += len;
        src += len;
    }
    *dst = 0;
    f = fopen(path2, "w");
    CHECK(f != NULL);
    if (f) {
        fputs(out, f);
        fclose(f);
        if (scenario_load(path2, &s, stdout) == 0) {
            CHECK_EQ(s.verify_count, 1);
            if (s.verify_count == 1) {
                CHECK(strcmp(s.verifies[0].id, "mixed/template-verifies") == 0);
                CHECK(strcmp(s.verifies[0].field, "ground_speed") == 0);
                CHECK_EQ(s.verifies[0].frame, 30);
                CHECK_EQ(s.verifies[0].value, 360);
                CHECK_EQ(s.verifies[0].has_original, 0);
            }
            scenario_free(&s);
        } else {
            CHECK(!"the template with its verifies example does not load");
        }
    }
    free(text);
    free(out);
    unlink(path2);
    rm_tree_file("mixed", "template-verifies.yaml");
}

int main(void)
{
    snprintf(root, sizeof root, "/tmp/spg_test_new.XXXXXX");
    if (!mkdtemp(root)) {
        perror("mkdtemp");
        return 1;
    }
    RUN(test_writes_template);
    RUN(test_refuses_overwrite);
    RUN(test_bad_names);
    RUN(test_missing_dir_and_usage);
    RUN(test_loads_and_runs);
    RUN(test_sonic2_template);
    RUN(test_sonic3_template);
    RUN(test_sonic3k_template);
    RUN(test_soniccd_template);
    RUN(test_verifies_example_is_valid);
    rmdir(root);
    TEST_MAIN_END();
}
