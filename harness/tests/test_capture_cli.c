/*
 * test_capture_cli.c - `spgsim capture` argument handling and refusals,
 * without the game's ROM: anything that is not a supported image is
 * refused with exit status 2, naming the supported MD5s, and no golden
 * appears.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "test.h"
#include "cli/commands.h"

#ifndef CAPTURE_SELFTEST_DIR
#error "CAPTURE_SELFTEST_DIR must name the directory of the assembled programs"
#endif

static char dir[64];
static char scen[128], golden[128];

static const char scenario_text[] =
    "name: flat\n"
    "game: sonic1\n"
    "tiles:\n"
    "  block: {heights: full, angle: 0xFF, solidity: all}\n"
    "map:\n"
    "  origin: [512, 736]\n"
    "  legend: {\"#\": block}\n"
    "  rows: [\"########\"]\n"
    "start: {x: 600, y: 716}\n"
    "input:\n"
    "  - {frames: 5, hold: [right]}\n";

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/test_capture_cliXXXXXX");
    if (!mkdtemp(dir)) {
        printf("mkdtemp failed\n");
        exit(1);
    }
    char sub[128];
    snprintf(sub, sizeof sub, "%s/scenarios", dir);
    mkdir(sub, 0700);
    snprintf(scen, sizeof scen, "%s/scenarios/flat.yaml", dir);
    snprintf(golden, sizeof golden, "%s/golden/flat.csv", dir);
    FILE *f = fopen(scen, "w");
    if (!f) {
        printf("cannot write %s\n", scen);
        exit(1);
    }
    fputs(scenario_text, f);
    fclose(f);
}

static void teardown(void)
{
    char p[160];
    unlink(scen);
    snprintf(p, sizeof p, "%s/scenarios", dir);
    rmdir(p);
    rmdir(dir);
}

/* Run cmd_capture with stderr captured into buf. */
static int run(char **argv, int argc, char *buf, size_t n)
{
    fflush(stderr);
    fflush(stdout);
    FILE *tmp = tmpfile();
    int saved = dup(2);
    dup2(fileno(tmp), 2);
    int rc = cmd_capture(argc, argv);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(tmp);
    size_t got = fread(buf, 1, n - 1, tmp);
    buf[got] = '\0';
    fclose(tmp);
    return rc;
}

static int exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

static void test_unsupported_rom(void)
{
    char rom[] = CAPTURE_SELFTEST_DIR "/player.bin";
    char *argv[] = { "capture", "--rom", rom, scen };
    char buf[4096];
    CHECK_EQ(run(argv, 4, buf, sizeof buf), 2);
    CHECK(strstr(buf, "unsupported ROM") != NULL);
    CHECK(strstr(buf, "09dadb5071eb35050067a32462e39c5f") != NULL);
    CHECK(strstr(buf, "1bc674be034e43c96b86487ac69d9293") != NULL);
    CHECK(!exists(golden));
}

static void test_missing_rom(void)
{
    char *argv[] = { "capture", "--rom", "/nonexistent/sonic.bin", scen };
    char buf[4096];
    CHECK_EQ(run(argv, 4, buf, sizeof buf), 2);
    CHECK(strstr(buf, "cannot open ROM") != NULL);
    CHECK(!exists(golden));
}

static void test_usage(void)
{
    char buf[4096];
    char *no_rom[] = { "capture", scen };
    CHECK_EQ(run(no_rom, 2, buf, sizeof buf), 2);
    CHECK(strstr(buf, "usage") != NULL);
    char *no_scen[] = { "capture", "--rom", "x.bin" };
    CHECK_EQ(run(no_scen, 3, buf, sizeof buf), 2);
    char *bad_opt[] = { "capture", "--frobnicate", "--rom", "x.bin", scen };
    CHECK_EQ(run(bad_opt, 5, buf, sizeof buf), 2);
    CHECK(strstr(buf, "--frobnicate") != NULL);
    char *two_o[] = { "capture", "--rom", "x.bin", "-o", "out.csv", scen, scen };
    CHECK_EQ(run(two_o, 7, buf, sizeof buf), 2);
    CHECK(strstr(buf, "-o takes exactly one scenario") != NULL);
    CHECK(!exists("out.csv"));
    /* one --rom per game, as many as there are games (no fixed count):
     * five are read in turn, and the first that cannot be stops it */
    char *five[] = { "capture", "--rom", "/nonexistent/a", "--rom", "b",
                     "--rom", "c", "--rom", "d", "--rom", "e", scen };
    CHECK_EQ(run(five, 12, buf, sizeof buf), 2);
    CHECK(strstr(buf, "/nonexistent/a: cannot open ROM") != NULL);
    CHECK(strstr(buf, "at most") == NULL);
    /* with two ROMs, one that cannot be read stops everything */
    char *two[] = { "capture", "--rom", "/nonexistent/a.bin", "--rom",
                    "/nonexistent/b.bin", scen };
    CHECK_EQ(run(two, 6, buf, sizeof buf), 2);
    CHECK(strstr(buf, "a.bin") != NULL);
    CHECK(!exists(golden));
}

/* Without --rom, $SPGSIM_ROM names the ROM. */
static void test_rom_from_environment(void)
{
    char buf[4096];
    char *argv[] = { "capture", scen };
    setenv("SPGSIM_ROM", "/nonexistent/from-env.bin", 1);
    CHECK_EQ(run(argv, 2, buf, sizeof buf), 2);
    CHECK(strstr(buf, "cannot open ROM") != NULL);
    CHECK(strstr(buf, "from-env.bin") != NULL);
    /* --rom wins over the environment */
    char *argv2[] = { "capture", "--rom", "/nonexistent/given.bin", scen };
    CHECK_EQ(run(argv2, 4, buf, sizeof buf), 2);
    CHECK(strstr(buf, "given.bin") != NULL && !strstr(buf, "from-env"));
    setenv("SPGSIM_ROM", "", 1);
    CHECK_EQ(run(argv, 2, buf, sizeof buf), 2);
    CHECK(strstr(buf, "usage") != NULL);
    unsetenv("SPGSIM_ROM");
    CHECK(!exists(golden));
}

int main(void)
{
    unsetenv("SPGSIM_ROM"); /* a developer's own setting must not count */
    setup();
    RUN(test_unsupported_rom);
    RUN(test_missing_rom);
    RUN(test_usage);
    RUN(test_rom_from_environment);
    teardown();
    TEST_MAIN_END();
}
