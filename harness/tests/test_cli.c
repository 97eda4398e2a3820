/*
 * test_cli.c - the spgsim program itself: dispatch, exit statuses, and that
 * a failing `run` leaves no output file behind (and an existing one
 * untouched).  The binary is found next to the tests directory:
 * <build>/tests/test_cli -> <build>/spgsim.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "games/game.h"
#include "scenario/scenario.h"
#include "trace/trace.h"
#include "test.h"
#include "test_files.h"

static char tmpdir[64];
static char spgsim[512];

static char *tpath(const char *name)
{
    static char buf[4][256];
    static int k;
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "%s/%s", tmpdir, name);
    return buf[k];
}

/* Run "spgsim ARGS" through the shell; return its exit status. */
static int sh(const char *args)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "'%s' %s", spgsim, args);
    int st = system(cmd);
    if (st == -1 || !WIFEXITED(st))
        return -1;
    return WEXITSTATUS(st);
}

static int dir_entries(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    struct dirent *e;
    if (d == NULL)
        return -1;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            n++;
    closedir(d);
    return n;
}

static void test_dispatch(void)
{
    char a[512];
    snprintf(a, sizeof a, "--version > '%s'", tpath("v.txt"));
    CHECK_EQ(sh(a), 0);
    char *v = read_text(tpath("v.txt"));
    CHECK(v && strncmp(v, "spgsim ", 7) == 0);
    free(v);
    snprintf(a, sizeof a, "--help > '%s'", tpath("h.txt"));
    CHECK_EQ(sh(a), 0);
    v = read_text(tpath("h.txt"));
    CHECK(v && strstr(v, "run") && strstr(v, "check") && strstr(v, "diff") &&
          strstr(v, "capture") && strstr(v, "import-inputs") &&
          strstr(v, "new"));
    free(v);
    snprintf(a, sizeof a, "frobnicate > '%s' 2> '%s'", tpath("o.txt"),
             tpath("e.txt"));
    CHECK_EQ(sh(a), 2);
    v = read_text(tpath("e.txt"));
    CHECK(v && strstr(v, "unknown command 'frobnicate'") && strstr(v, "usage"));
    free(v);
    v = read_text(tpath("o.txt"));
    CHECK(v && v[0] == '\0');
    free(v);
    CHECK_EQ(sh("2>/dev/null"), 2);
    CHECK_EQ(sh("run 2>/dev/null"), 2);
    CHECK_EQ(sh("run a.yaml b.yaml 2>/dev/null"), 2);
    CHECK_EQ(sh("run --bogus harness/tests/good/wall-push.yaml 2>/dev/null"), 2);
    CHECK_EQ(sh("run --help >/dev/null"), 0);
    CHECK_EQ(sh("diff 2>/dev/null"), 2);
    CHECK_EQ(sh("check --bogus 2>/dev/null"), 2);
}

static void test_run_bad_leaves_nothing(void)
{
    char a[512];
    /* no output file at all */
    snprintf(a, sizeof a, "run harness/tests/bad/ragged.yaml -o '%s' 2> '%s'",
             tpath("out/new.csv"), tpath("err.txt"));
    mkdir(tpath("out"), 0777);
    CHECK_EQ(sh(a), 2);
    CHECK(!exists(tpath("out/new.csv")));
    CHECK_EQ(dir_entries(tpath("out")), 0); /* no temp file either */
    char *e = read_text(tpath("err.txt"));
    CHECK(e && strncmp(e, "harness/tests/bad/ragged.yaml:11:7: ", 36) == 0);
    free(e);

    /* an existing file is left as it was */
    FILE *f = fopen(tpath("out/old.csv"), "w");
    CHECK(f != NULL);
    if (f == NULL)
        return;
    fputs("precious\n", f);
    fclose(f);
    snprintf(a, sizeof a, "run harness/tests/bad/unknown-symbol.yaml -o '%s' "
             "2>/dev/null", tpath("out/old.csv"));
    CHECK_EQ(sh(a), 2);
    e = read_text(tpath("out/old.csv"));
    CHECK(e && strcmp(e, "precious\n") == 0);
    free(e);
    CHECK_EQ(dir_entries(tpath("out")), 1);

    /* a bad output directory: exit 2, nothing written */
    snprintf(a, sizeof a, "run harness/tests/good/wall-push.yaml -o '%s' "
             "2>/dev/null", tpath("nodir/x.csv"));
    CHECK_EQ(sh(a), 2);
    CHECK(!exists(tpath("nodir")));
}

static void test_run_good(void)
{
    char a[512];
    snprintf(a, sizeof a, "run harness/tests/good/wall-push.yaml -o '%s'",
             tpath("good.csv"));
    CHECK_EQ(sh(a), 0);
    snprintf(a, sizeof a, "run harness/tests/good/wall-push.yaml > '%s'",
             tpath("stdout.csv"));
    CHECK_EQ(sh(a), 0);
    char *x = read_text(tpath("good.csv")), *y = read_text(tpath("stdout.csv"));
    CHECK(x && y && strcmp(x, y) == 0);
    CHECK(x && strncmp(x, "# spgsim trace\n# source: core\n# core_version: ",
                       46) == 0);
    free(x);
    free(y);

    scenario s;
    CHECK_EQ(scenario_load("harness/tests/good/wall-push.yaml", &s, stdout), 0);
    trace t;
    CHECK_EQ(trace_read(tpath("good.csv"), &t, stdout), 0);
    char hash[17];
    scenario_hash_hex(&s, hash);
    CHECK(strcmp(t.scenario_hash, hash) == 0);
    CHECK_EQ(t.rows, s.frames + 1);
    /* rows are the core run */
    spg_player *rows = malloc(((size_t)s.frames + 1) * sizeof *rows);
    trace ref;
    if (rows) {
        scenario_run_core(&s, rows);
        CHECK_EQ(trace_from_players(&ref, rows, s.frames + 1), 0);
        for (int i = 0; i < t.rows && i < ref.rows; i++)
            CHECK(memcmp(t.values[i], ref.values[i],
                         TRACE_COLUMNS * sizeof ref.values[i][0]) == 0);
        trace_free(&ref);
    }
    free(rows);
    trace_free(&t);
    scenario_free(&s);

    /* diff of a run with itself, and with an altered copy */
    snprintf(a, sizeof a, "diff '%s' '%s' > /dev/null", tpath("good.csv"),
             tpath("stdout.csv"));
    CHECK_EQ(sh(a), 0);
    snprintf(a, sizeof a, "sed 's/^7,/7,1/' '%s' > '%s'", tpath("good.csv"),
             tpath("alt.csv"));
    CHECK_EQ(system(a), 0);
    snprintf(a, sizeof a, "diff '%s' '%s' > '%s'", tpath("good.csv"),
             tpath("alt.csv"), tpath("d.txt"));
    CHECK_EQ(sh(a), 1);
    char *d = read_text(tpath("d.txt"));
    CHECK(d && strstr(d, ": frame 7, x: expected ") != NULL);
    free(d);
}

/* `spgsim games`: every registered game and image, and the README's table
 * of supported ROMs names exactly the images the registry has. */
static void test_games(void)
{
    char a[512];
    snprintf(a, sizeof a, "games > '%s'", tpath("games.txt"));
    CHECK_EQ(sh(a), 0);
    char *text = read_text(tpath("games.txt"));
    CHECK(text != NULL);
    for (size_t i = 0; text && i < game_count(); i++) {
        char want[64];
        snprintf(want, sizeof want, "%s: ", game_at(i)->name);
        CHECK(strstr(text, want) != NULL);
    }
    free(text);
    snprintf(a, sizeof a, "games --frobnicate 2> '%s'", tpath("games.err"));
    CHECK_EQ(sh(a), 2);
    snprintf(a, sizeof a, "games --md5 > '%s'", tpath("md5.txt"));
    CHECK_EQ(sh(a), 0);
    char *md5s = read_text(tpath("md5.txt"));
    char *readme = read_text("README.md");
    CHECK(md5s != NULL && readme != NULL);
    if (!md5s || !readme) {
        free(md5s);
        free(readme);
        return;
    }
    /* every listed image is in the README's table ... */
    int listed = 0;
    for (char *p = md5s; (p = strchr(p, ' ')) != NULL;) {
        while (*p == ' ')
            p++;
        char md5[33];
        if (sscanf(p, "%32[0-9a-f]", md5) != 1 || strlen(md5) != 32)
            break;
        char row[40];
        snprintf(row, sizeof row, "`%s`", md5);
        CHECK(strstr(readme, row) != NULL);
        listed++;
        p = strchr(p, '\n');
        if (!p)
            break;
    }
    size_t images = 0;
    for (size_t i = 0; i < game_count(); i++)
        images += game_at(i)->rom_count;
    CHECK_EQ(listed, (int)images);
    /* ... and every MD5 in the README's table is one of them */
    const char *t = strstr(readme, "## Supported ROMs");
    const char *end = t ? strstr(t + 1, "\n## ") : NULL;
    CHECK(t != NULL);
    int rows = 0;
    for (const char *p = t; p && (!end || p < end) && (p = strstr(p, "| `")); p += 3) {
        char md5[33];
        if (sscanf(p + 3, "%32[0-9a-f]", md5) == 1 && strlen(md5) == 32) {
            CHECK(strstr(md5s, md5) != NULL);
            rows++;
        }
    }
    CHECK_EQ(rows, (int)images);
    free(md5s);
    free(readme);
}

int main(int argc, char **argv)
{
    (void)argc;
    /* <build>/tests/test_cli -> <build>/spgsim */
    const char *slash = strrchr(argv[0], '/');
    int dl = slash ? (int)(slash - argv[0]) : 1;
    snprintf(spgsim, sizeof spgsim, "%.*s/../spgsim", dl,
             slash ? argv[0] : ".");
    if (getenv("SPGSIM"))
        snprintf(spgsim, sizeof spgsim, "%s", getenv("SPGSIM"));
    snprintf(tmpdir, sizeof tmpdir, "/tmp/spgsim-test-cli-XXXXXX");
    if (mkdtemp(tmpdir) == NULL) {
        perror("mkdtemp");
        return 1;
    }
    if (access(spgsim, X_OK) != 0)
        printf("  %s: no spgsim program there (build it first)\n", spgsim);
    RUN(test_dispatch);
    RUN(test_run_bad_leaves_nothing);
    RUN(test_run_good);
    RUN(test_games);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        printf("  could not remove %s\n", tmpdir);
    TEST_MAIN_END();
}
