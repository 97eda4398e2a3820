/*
 * test_import.c - `spgsim import-inputs`: the zip reader, the BizHawk input
 * log and Gens movie decoders, the run-length script writer and the command.
 *
 * The .bk2 fixtures in harness/tests/data/ come from make_movies.py there
 * (Python's zipfile); the .gmv files are built here byte by byte.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/commands.h"
#include "interop/movie.h"
#include "scenario/scenario.h"
#include "spg/spg.h"
#include "test.h"
#include "test_files.h"

static char data_dir[1024];
static char tmp_dir[256];

/* The frames main.bk2 (and its stored/descriptor twins) hold, player 1 and
 * player 2, in SPG_BTN_* bits. */
static const uint8_t main_p1[12] = {
    SPG_BTN_RIGHT, SPG_BTN_RIGHT, SPG_BTN_RIGHT,
    SPG_BTN_RIGHT | SPG_BTN_A, SPG_BTN_RIGHT | SPG_BTN_A,
    0,
    SPG_BTN_LEFT | SPG_BTN_DOWN, SPG_BTN_LEFT | SPG_BTN_DOWN,
    SPG_BTN_START,
    SPG_BTN_A | SPG_BTN_B | SPG_BTN_C,
    SPG_BTN_UP, SPG_BTN_UP,
};

static const char main_p1_script[] =
    "input:\n"
    "  - {frames: 3, hold: [right]}\n"
    "  - {frames: 2, hold: [right, a]}\n"
    "  - {frames: 1}\n"
    "  - {frames: 2, hold: [down, left]}\n"
    "  - {frames: 1, hold: [start]}\n"
    "  - {frames: 1, hold: [a, b, c]}\n"
    "  - {frames: 2, hold: [up]}\n";

static void path_of(char *buf, size_t n, const char *file)
{
    snprintf(buf, n, "%s/%s", data_dir, file);
}

/* Load a fixture; returns the error text (static) in *msg. */
static int load_fixture(const char *file, int player, import_movie *m,
                        char *msg, size_t msglen)
{
    char path[1200];
    FILE *err = tmpfile();
    int rc;
    size_t got;
    path_of(path, sizeof path, file);
    rc = import_movie_load(path, player, m, err);
    rewind(err);
    got = fread(msg, 1, msglen - 1, err);
    msg[got] = 0;
    fclose(err);
    return rc;
}

static void expect_frames(const import_movie *m, const uint8_t *want, int n)
{
    int i;
    CHECK_EQ(m->frames, n);
    if (m->frames != n)
        return;
    for (i = 0; i < n; i++)
        CHECK_EQ(m->held[i], want[i]);
}

static void test_bk2_deflated(void)
{
    import_movie m;
    char msg[512];
    CHECK_EQ(load_fixture("main.bk2", 1, &m, msg, sizeof msg), 0);
    CHECK_EQ(m.format, IMPORT_FORMAT_BK2);
    expect_frames(&m, main_p1, 12);
    import_movie_free(&m);
}

static void test_bk2_player2(void)
{
    import_movie m;
    char msg[512];
    uint8_t want[12];
    memset(want, SPG_BTN_UP, sizeof want);
    want[11] = 0;
    CHECK_EQ(load_fixture("main.bk2", 2, &m, msg, sizeof msg), 0);
    expect_frames(&m, want, 12);
    import_movie_free(&m);
}

static void test_bk2_stored_crlf_bom(void)
{
    import_movie m;
    char msg[512];
    CHECK_EQ(load_fixture("stored_crlf.bk2", 1, &m, msg, sizeof msg), 0);
    expect_frames(&m, main_p1, 12);
    import_movie_free(&m);
}

static void test_bk2_data_descriptor(void)
{
    import_movie m;
    char msg[512];
    CHECK_EQ(load_fixture("descriptor.bk2", 1, &m, msg, sizeof msg), 0);
    expect_frames(&m, main_p1, 12);
    import_movie_free(&m);
}

static void test_bk2_columns_by_name(void)
{
    import_movie m;
    char msg[512];
    static const uint8_t want[3] = {0xFF, SPG_BTN_START | SPG_BTN_RIGHT,
                                    SPG_BTN_LEFT};
    CHECK_EQ(load_fixture("sixbutton.bk2", 1, &m, msg, sizeof msg), 0);
    expect_frames(&m, want, 3);
    import_movie_free(&m);
    /* That log has no player 2 buttons at all. */
    CHECK_EQ(load_fixture("sixbutton.bk2", 2, &m, msg, sizeof msg), -1);
    CHECK(strstr(msg, "no buttons of player 2") != NULL);
}

static void test_bk2_errors(void)
{
    import_movie m;
    char msg[512];
    CHECK_EQ(load_fixture("badcrc.bk2", 1, &m, msg, sizeof msg), -1);
    CHECK(strstr(msg, "badcrc.bk2: corrupt zip archive (CRC mismatch") != NULL);
    CHECK_EQ(load_fixture("nolog.bk2", 1, &m, msg, sizeof msg), -1);
    CHECK(strstr(msg, "nolog.bk2: the archive has no \"Input Log.txt\" entry")
          != NULL);
    CHECK_EQ(load_fixture("badcolumns.bk2", 1, &m, msg, sizeof msg), -1);
    CHECK(strstr(msg, "badcolumns.bk2:Input Log.txt:4: frame line has 17 "
                      "button columns, the LogKey names 18") != NULL);
    CHECK_EQ(load_fixture("nokey.bk2", 1, &m, msg, sizeof msg), -1);
    CHECK(strstr(msg, "nokey.bk2:Input Log.txt:2: frame line before the "
                      "LogKey line") != NULL);
    CHECK_EQ(load_fixture("no-such-file.bk2", 1, &m, msg, sizeof msg), -1);
    CHECK(strstr(msg, "no-such-file.bk2: No such file") != NULL);
    CHECK_EQ(load_fixture("make_movies.py", 1, &m, msg, sizeof msg), -1);
    CHECK(strstr(msg, "not a BizHawk .bk2 or Gens .gmv movie") != NULL);
}

/* Every truncation of a good archive is refused cleanly (and ASan sees no
 * out-of-bounds read); only the whole file loads. */
static void test_bk2_truncations(void)
{
    char path[1200];
    size_t len = 0, cut;
    char *data;
    int ok_count = 0;
    FILE *err = tmpfile();
    path_of(path, sizeof path, "main.bk2");
    data = read_file(path, &len);
    CHECK(data != NULL);
    if (!data || !err) {
        if (err)
            fclose(err);
        free(data);
        return;
    }
    for (cut = 0; cut <= len; cut++) {
        import_movie m;
        uint8_t *copy = malloc(cut ? cut : 1); /* exact size for ASan */
        if (!copy)
            break;
        memcpy(copy, data, cut);
        if (import_movie_parse("cut.bk2", copy, cut, 1, &m, err) == 0) {
            ok_count++;
            CHECK_EQ(cut, len);
            import_movie_free(&m);
        }
        free(copy);
    }
    CHECK_EQ(ok_count, 1);
    fclose(err);
    free(data);
}

/* A Gens movie: header, then frames of (p1, p2, xyz) active-low bytes. */
static size_t make_gmv(uint8_t *buf, const uint8_t (*frames)[3], int n,
                       uint8_t flags)
{
    int i;
    memset(buf, 0, 64);
    memcpy(buf, "Gens Movie TESTA", 16);
    buf[0x14] = '3';
    buf[0x15] = '3';
    buf[0x16] = flags;
    memcpy(buf + 0x18, "test movie", 10);
    for (i = 0; i < n; i++)
        memcpy(buf + 64 + 3 * i, frames[i], 3);
    return 64 + 3 * (size_t)n;
}

static void test_gmv(void)
{
    /* Gens bits: 01 up 02 down 04 left 08 right 10 A 20 B 40 C 80 start,
     * 0 = pressed.  Note A/B/C sit in other bits than SPG_BTN_*. */
    static const uint8_t frames[5][3] = {
        {0xFF, 0xFF, 0xFF},                  /* nothing */
        {(uint8_t)~0x08, 0xFF, 0xFF},        /* p1 right */
        {(uint8_t)~0x18, (uint8_t)~0x01, 0xFF}, /* p1 right+A, p2 up */
        {(uint8_t)~0x60, (uint8_t)~0x80, 0x00}, /* p1 B+C, p2 start */
        {0x00, 0xFF, 0xFF},                  /* p1 everything */
    };
    static const uint8_t want1[5] = {
        0, SPG_BTN_RIGHT, SPG_BTN_RIGHT | SPG_BTN_A, SPG_BTN_B | SPG_BTN_C,
        0xFF};
    static const uint8_t want2[5] = {0, 0, SPG_BTN_UP, SPG_BTN_START, 0};
    uint8_t buf[64 + 3 * 5];
    size_t len = make_gmv(buf, frames, 5, 0);
    import_movie m;
    FILE *err = tmpfile();
    CHECK_EQ(import_movie_parse("t.gmv", buf, len, 1, &m, err), 0);
    CHECK_EQ(m.format, IMPORT_FORMAT_GMV);
    expect_frames(&m, want1, 5);
    import_movie_free(&m);
    CHECK_EQ(import_movie_parse("t.gmv", buf, len, 2, &m, err), 0);
    expect_frames(&m, want2, 5);
    import_movie_free(&m);
    /* Frame data that is not a multiple of 3, a short header, player 3. */
    CHECK_EQ(import_movie_parse("t.gmv", buf, len - 1, 1, &m, err), -1);
    CHECK_EQ(import_movie_parse("t.gmv", buf, 40, 1, &m, err), -1);
    CHECK_EQ(import_movie_parse("t.gmv", buf, len, 3, &m, err), -1);
    /* No frames at all is a valid, empty movie. */
    CHECK_EQ(import_movie_parse("t.gmv", buf, 64, 1, &m, err), 0);
    CHECK_EQ(m.frames, 0);
    import_movie_free(&m);
    fclose(err);
}

static void test_gmv_messages(void)
{
    static const uint8_t frames[1][3] = {{0xFF, 0xFF, 0xFF}};
    uint8_t buf[64 + 3];
    char msg[512];
    size_t len = make_gmv(buf, frames, 1, 0x40), got;
    import_movie m;
    FILE *err = tmpfile();
    CHECK_EQ(import_movie_parse("s.gmv", buf, len, 1, &m, err), 0);
    import_movie_free(&m);
    CHECK_EQ(import_movie_parse("s.gmv", buf, len - 2, 1, &m, err), -1);
    rewind(err);
    got = fread(msg, 1, sizeof msg - 1, err);
    msg[got] = 0;
    CHECK(strstr(msg, "s.gmv: warning: the movie starts from a savestate")
          != NULL);
    CHECK(strstr(msg, "s.gmv: truncated Gens movie (1 bytes of frame data")
          != NULL);
    fclose(err);
}

static void test_script_rle(void)
{
    char *text;
    size_t len;
    FILE *f = tmpfile();
    import_write_script(f, main_p1, 12);
    len = (size_t)ftell(f);
    rewind(f);
    text = malloc(len + 1);
    CHECK(text != NULL && fread(text, 1, len, f) == len);
    if (text) {
        text[len] = 0;
        CHECK(strcmp(text, main_p1_script) == 0);
        if (strcmp(text, main_p1_script) != 0)
            printf("  got:\n%s", text);
    }
    free(text);
    fclose(f);
    /* An empty movie gives an empty list. */
    f = tmpfile();
    import_write_script(f, NULL, 0);
    rewind(f);
    {
        char line[64] = "";
        CHECK(fgets(line, sizeof line, f) != NULL);
        CHECK(strcmp(line, "input: []\n") == 0);
    }
    fclose(f);
}

static int run_cmd(int argc, const char *const *args)
{
    char *argv[16];
    int i;
    for (i = 0; i < argc && i < 16; i++)
        argv[i] = (char *)(uintptr_t)args[i];
    return cmd_import_inputs(argc, argv);
}

static void test_command(void)
{
    char movie[1200], out[512], *text;
    const char *args_ok[] = {"import-inputs", movie, "-o", out,
                             "--start", "3", "--frames", "4"};
    path_of(movie, sizeof movie, "main.bk2");
    snprintf(out, sizeof out, "%s/out.yaml", tmp_dir);
    unlink(out);
    CHECK_EQ(run_cmd(8, args_ok), 0);
    text = read_file(out, NULL);
    CHECK(text != NULL);
    if (text)
        CHECK(strcmp(text, "# spgsim import-inputs: main.bk2 (bk2, player 1, "
                           "movie frames 3..6)\n"
                           "input:\n"
                           "  - {frames: 2, hold: [right, a]}\n"
                           "  - {frames: 1}\n"
                           "  - {frames: 1, hold: [down, left]}\n") == 0);
    free(text);
    unlink(out);

    /* Bad usage and bad input: exit 2, no output file. */
    {
        const char *a1[] = {"import-inputs", movie, "-o", out, "--player", "3"};
        const char *a2[] = {"import-inputs", movie, "-o", out, "--frames", "0"};
        const char *a3[] = {"import-inputs", movie, "-o", out, "--start", "12"};
        const char *a4[] = {"import-inputs", movie, "-o", out, "--frames", "13"};
        const char *a5[] = {"import-inputs", movie, "-o", out, "--bogus"};
        const char *a6[] = {"import-inputs", "-o", out};
        const char *a7[] = {"import-inputs", movie, "-o", out, "--start", "-1"};
        char bad[1200];
        const char *a8[] = {"import-inputs", bad, "-o", out};
        path_of(bad, sizeof bad, "badcrc.bk2");
        CHECK_EQ(run_cmd(6, a1), 2);
        CHECK_EQ(run_cmd(6, a2), 2);
        CHECK_EQ(run_cmd(6, a3), 2);
        CHECK_EQ(run_cmd(6, a4), 2);
        CHECK_EQ(run_cmd(5, a5), 2);
        CHECK_EQ(run_cmd(3, a6), 2);
        CHECK_EQ(run_cmd(6, a7), 2);
        CHECK_EQ(run_cmd(4, a8), 2);
        CHECK(access(out, F_OK) != 0);
    }
}

/* What the command writes is a valid `input:` for the scenario loader, and
 * the loader reads back the same held buttons. */
static void test_script_loads(void)
{
    char path[512];
    FILE *f;
    scenario s;
    int i;
    snprintf(path, sizeof path, "%s/imported.yaml", tmp_dir);
    f = fopen(path, "w");
    CHECK(f != NULL);
    if (!f)
        return;
    fputs("name: imported\ngame: sonic1\n"
          "tiles:\n  block: {heights: full, angle: 0xFF, solidity: all}\n"
          "map:\n  origin: [0, 256]\n  legend: {\"#\": block}\n"
          "  rows:\n    - \"..........\"\n    - \"##########\"\n"
          "start: {x: 80, y: 252}\n", f);
    import_write_script(f, main_p1, 12);
    fclose(f);
    if (scenario_load(path, &s, stdout) != 0) {
        CHECK(!"scenario_load failed on an imported input script");
        unlink(path);
        return;
    }
    if (s.frames == 12 && s.inputs) {
        uint8_t prev = 0;
        for (i = 0; i < 12; i++) {
            CHECK_EQ(s.inputs[i].held, main_p1[i]);
            CHECK_EQ(s.inputs[i].pressed, main_p1[i] & (uint8_t)~prev);
            prev = main_p1[i];
        }
    } else {
        CHECK_EQ(s.frames, 12);
    }
    scenario_free(&s);
    unlink(path);
}

int main(void)
{
    char probe[1200];
    const char *here = __FILE__;
    const char *slash = strrchr(here, '/');
    if (slash)
        snprintf(data_dir, sizeof data_dir, "%.*s/data",
                 (int)(slash - here), here);
    else
        snprintf(data_dir, sizeof data_dir, "data");
    path_of(probe, sizeof probe, "main.bk2");
    if (access(probe, R_OK) != 0) {
        printf("  no fixtures at %s: run from the repository root\n",
               data_dir);
        printf("0 passed, 1 failed\n");
        return 1;
    }
    snprintf(tmp_dir, sizeof tmp_dir, "/tmp/spg_test_import.XXXXXX");
    if (!mkdtemp(tmp_dir)) {
        perror("mkdtemp");
        return 1;
    }

    RUN(test_bk2_deflated);
    RUN(test_bk2_player2);
    RUN(test_bk2_stored_crlf_bom);
    RUN(test_bk2_data_descriptor);
    RUN(test_bk2_columns_by_name);
    RUN(test_bk2_errors);
    RUN(test_bk2_truncations);
    RUN(test_gmv);
    RUN(test_gmv_messages);
    RUN(test_script_rle);
    RUN(test_command);
    RUN(test_script_loads);

    rmdir(tmp_dir);
    TEST_MAIN_END();
}
