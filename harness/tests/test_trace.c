/*
 * test_trace.c - trace writer/reader round trip, reader errors, atomic
 * output files, and first-divergence reporting (diff).
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "diff.h"
#include "outfile.h"
#include "trace.h"
#include "test.h"
#include "test_files.h"

static char tmpdir[64];

static char *tmp_path(const char *name)
{
    static char buf[4][192];
    static int k;
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "%s/%s", tmpdir, name);
    return buf[k];
}

/* A varied set of player states, including every extreme. */
static void sample_players(spg_player *p, int n)
{
    for (int i = 0; i < n; i++) {
        memset(&p[i], 0, sizeof p[i]);
        uint32_t x = 0x02580000u + (uint32_t)i * 0x0C00u;
        uint32_t y = i == 3 ? 0xFFFF0001u : 0x02CC0000u + (uint32_t)i;
        memcpy(&p[i].x, &x, 4);
        memcpy(&p[i].y, &y, 4);
        p[i].x_speed = (int16_t)(i * 12);
        p[i].y_speed = i == 2 ? -32768 : 32767;
        p[i].ground_speed = (int16_t)(-i);
        p[i].height_radius = 19;
        p[i].width_radius = 9;
        p[i].anim = (uint8_t)i;
        p[i].status = (uint8_t)(1u << (i % 7));
        p[i].routine = 2;
        p[i].angle = (uint8_t)(0xF0 + i);
        p[i].angle_buffer_1 = 3;
        p[i].angle_buffer_2 = (uint8_t)(i * 40);
        p[i].jumping = (uint8_t)(i & 1);
        p[i].control_lock = (uint16_t)(i == 4 ? 65535 : i);
    }
}

static void test_columns(void)
{
    CHECK_EQ(TRACE_COLUMNS, 24);
    CHECK(strcmp(trace_columns[0], "frame") == 0);
    CHECK_EQ(trace_column_index("frame"), 0);
    CHECK_EQ(trace_column_index("x"), 1);
    CHECK_EQ(trace_column_index("x_sub"), 2);
    CHECK_EQ(trace_column_index("angle_buffer_2"), 23);
    CHECK_EQ(trace_column_index("nope"), -1);
    for (int i = 0; i < TRACE_COLUMNS; i++)
        CHECK_EQ(trace_column_index(trace_columns[i]), i);

    spg_player p[5];
    sample_players(p, 5);
    int32_t v[TRACE_COLUMNS];
    trace_row_values(3, &p[3], v);
    CHECK_EQ(v[0], 3);
    CHECK_EQ(v[trace_column_index("x")], 0x0258);
    CHECK_EQ(v[trace_column_index("x_sub")], 3 * 0x0C00);
    CHECK_EQ(v[trace_column_index("y")], -1);
    CHECK_EQ(v[trace_column_index("y_sub")], 1);
    CHECK_EQ(v[trace_column_index("x_speed")], 36);
    CHECK_EQ(v[trace_column_index("ground_speed")], -3);
    CHECK_EQ(v[trace_column_index("angle")], 0xF3);
    CHECK_EQ(v[trace_column_index("on_object")], 1); /* status bit 3 */
    CHECK_EQ(v[trace_column_index("in_air")], 0);
    trace_row_values(2, &p[2], v);
    CHECK_EQ(v[trace_column_index("y_speed")], -32768);
    CHECK_EQ(v[trace_column_index("rolling")], 1);
    trace_row_values(4, &p[4], v);
    CHECK_EQ(v[trace_column_index("control_lock")], 65535);
    CHECK_EQ(v[trace_column_index("roll_jump")], 1);
    CHECK_EQ(v[trace_column_index("angle_buffer_2")], 160);
}

static void test_round_trip(void)
{
    spg_player p[7];
    sample_players(p, 7);
    const char *path = tmp_path("rt.csv");
    outfile o;
    CHECK_EQ(outfile_open(&o, path, stdout), 0);
    if (o.f == NULL)
        return;
    trace_meta meta = {"capture", NULL, "09dadb5071eb35050067a32462e39c5f",
                       "0.1.0", "0123456789abcdef"};
    trace_write_header(o.f, &meta);
    for (int i = 0; i < 7; i++)
        trace_write_row(o.f, i, &p[i]);
    CHECK_EQ(outfile_commit(&o, stdout), 0);

    char *text = read_text(path);
    CHECK(text && strncmp(text, "# spgsim trace\n# source: capture\n", 33) == 0);
    CHECK(text && strstr(text, "\nframe,x,x_sub,y,y_sub,x_speed,") != NULL);
    CHECK(text && strstr(text, "# core_version") == NULL);
    free(text);

    trace t;
    CHECK_EQ(trace_read(path, &t, stdout), 0);
    CHECK_EQ(t.rows, 7);
    CHECK(strcmp(t.scenario_hash, "0123456789abcdef") == 0);
    CHECK(strcmp(t.rom_md5, "09dadb5071eb35050067a32462e39c5f") == 0);
    trace ref;
    CHECK_EQ(trace_from_players(&ref, p, 7), 0);
    for (int i = 0; i < 7 && i < t.rows; i++)
        CHECK(memcmp(t.values[i], ref.values[i], sizeof ref.values[i]) == 0);
    trace_divergence d;
    CHECK_EQ(trace_compare(&ref, &t, &d), 0);
    trace_free(&t);
    trace_free(&ref);
}

static const char *columns_line =
    "frame,x,x_sub,y,y_sub,x_speed,y_speed,ground_speed,angle,facing_left,"
    "in_air,rolling,on_object,roll_jump,pushing,underwater,width_radius,"
    "height_radius,control_lock,anim,routine,jumping,angle_buffer_1,"
    "angle_buffer_2\n";

static const char *row0 = "0,1,2,3,4,5,6,7,8,0,0,0,0,0,0,0,9,19,0,0,2,0,3,3\n";

/* Read a trace built from parts; return the error text (caller frees). */
static char *read_err(const char *header, const char *cols, const char *rows,
                      int *rc)
{
    const char *path = tmp_path("bad.csv");
    FILE *f = fopen(path, "w");
    if (f == NULL)
        return NULL;
    fputs(header, f);
    fputs(cols, f);
    fputs(rows, f);
    fclose(f);
    char *buf = NULL;
    size_t len = 0;
    FILE *err = open_memstream(&buf, &len);
    trace t;
    *rc = trace_read(path, &t, err);
    fclose(err);
    if (*rc == 0)
        trace_free(&t);
    return buf;
}

static void expect_read_error(const char *header, const char *cols,
                              const char *rows, const char *want)
{
    int rc = 0;
    char *msg = read_err(header, cols, rows, &rc);
    char prefix[256];
    snprintf(prefix, sizeof prefix, "%s:", tmp_path("bad.csv"));
    int ok = rc == -1 && msg && strncmp(msg, prefix, strlen(prefix)) == 0 &&
             strstr(msg, want) != NULL;
    if (!ok)
        printf("  got rc %d \"%s\", want \"%s\"\n", rc, msg ? msg : "",
               want);
    CHECK(ok);
    free(msg);
}

static void test_reader_errors(void)
{
    int rc = 0;
    char *msg = read_err("# spgsim trace\n", columns_line, row0, &rc);
    CHECK_EQ(rc, 0); /* the good one */
    free(msg);
    expect_read_error("# x\n", "frame,x\n", row0, ":2: expected the column row");
    expect_read_error("", columns_line,
                      "0,1,2,3,4,5,6,7,8,0,0,0,0,0,0,0,9,19,0,0,2,0,3,3\n"
                      "1,1,2,3,4,5,6,7,8,0,0,0,0,0,0,0,9,19,0,0,2,0,3\n",
                      ":3: expected 24 columns, found 23");
    expect_read_error("", columns_line,
                      "0,1,2,3,4,5,6,7,8,0,0,0,0,0,0,0,9,19,0,0,2,0,3,3,5\n",
                      ":2: more than 24 columns");
    expect_read_error("# a\n# b\n", columns_line,
                      "0,1,2,3,4,5,six,7,8,0,0,0,0,0,0,0,9,19,0,0,2,0,3,3\n",
                      ":4: column 7 (y_speed): expected an integer");
    expect_read_error("", columns_line,
                      "0,1,2,3,4,5,6,7,8,0,0,0,0,0,0,0,9,19,0,0,2,0,3,3\n"
                      "2,1,2,3,4,5,6,7,8,0,0,0,0,0,0,0,9,19,0,0,2,0,3,3\n",
                      ":3: frame 2 where 1 was expected");
    expect_read_error("", columns_line, "", "no rows");
    expect_read_error("", "", "", ":1: no column row"); /* empty file */
    expect_read_error("# scenario_hash: 12345\n", columns_line, row0,
                      ":1: malformed header value");
    expect_read_error("", columns_line,
                      "0,1,2,3,4,5,6,7,8,0,0,0,0,0,0,0,9,19,0,0,2,0,3,99999999999\n",
                      ":2: column 24 (angle_buffer_2): bad value");

    trace t;
    char *buf = NULL;
    size_t len = 0;
    FILE *err = open_memstream(&buf, &len);
    CHECK_EQ(trace_read(tmp_path("missing.csv"), &t, err), -1);
    fclose(err);
    CHECK(buf && strstr(buf, "missing.csv: ") != NULL);
    free(buf);
}

static void test_outfile(void)
{
    const char *path = tmp_path("out.txt");
    CHECK_EQ(write_text(path, "old contents\n"), 0);

    /* abort: the destination keeps its old contents, no temp file left */
    outfile o;
    CHECK_EQ(outfile_open(&o, path, stdout), 0);
    fputs("half a file", o.f);
    char *tmp = malloc(strlen(o.tmp) + 1);
    if (tmp)
        strcpy(tmp, o.tmp);
    CHECK(tmp && exists(tmp));
    outfile_abort(&o);
    CHECK(tmp && !exists(tmp));
    char *text = read_text(path);
    CHECK(text && strcmp(text, "old contents\n") == 0);
    free(text);

    /* until the commit the destination is untouched */
    CHECK_EQ(outfile_open(&o, path, stdout), 0);
    fputs("new contents\n", o.f);
    fflush(o.f);
    text = read_text(path);
    CHECK(text && strcmp(text, "old contents\n") == 0);
    free(text);
    CHECK_EQ(outfile_commit(&o, stdout), 0);
    text = read_text(path);
    CHECK(text && strcmp(text, "new contents\n") == 0);
    free(text);
    CHECK(tmp && !exists(tmp));
    free(tmp);

    /* usual permissions, not mkstemp's 0600 */
    struct stat st;
    CHECK_EQ(stat(path, &st), 0);
    mode_t mask = umask(0);
    umask(mask);
    CHECK_EQ(st.st_mode & 0777, 0666 & ~mask);

    /* a directory that does not exist: error, nothing created */
    char *buf = NULL;
    size_t len = 0;
    FILE *err = open_memstream(&buf, &len);
    CHECK_EQ(outfile_open(&o, tmp_path("no/such/dir/x.csv"), err), -1);
    fclose(err);
    CHECK(buf && strstr(buf, "no/such/dir/x.csv: cannot create") != NULL);
    free(buf);

    /* outfile_mkdirs makes them */
    CHECK_EQ(outfile_mkdirs(tmp_path("a/b/c/x.csv"), stdout), 0);
    CHECK(exists(tmp_path("a/b/c")));
    CHECK(!exists(tmp_path("a/b/c/x.csv")));
    CHECK_EQ(outfile_mkdirs(tmp_path("a/b/c/x.csv"), stdout), 0);
}

/* A destination that is not a regular file (here a FIFO; /dev/null in
 * real use) is written to, never renamed over. */
static void test_outfile_special(void)
{
    const char *path = tmp_path("fifo");
    CHECK_EQ(mkfifo(path, 0600), 0);
    /* A reader first, so opening for writing does not block. */
    int rd = open(path, O_RDONLY | O_NONBLOCK);
    CHECK(rd >= 0);
    outfile o;
    CHECK_EQ(outfile_open(&o, path, stdout), 0);
    if (o.f != NULL) {
        fputs("through the pipe\n", o.f);
        CHECK_EQ(outfile_commit(&o, stdout), 0);
    }
    struct stat st;
    CHECK_EQ(stat(path, &st), 0);
    CHECK(S_ISFIFO(st.st_mode));
    char buf[64] = {0};
    CHECK_EQ(read(rd, buf, sizeof buf - 1), 17);
    CHECK(strcmp(buf, "through the pipe\n") == 0);
    close(rd);
    unlink(path);
}

static void make_traces(trace *a, trace *b, int ra, int rb)
{
    spg_player p[12];
    sample_players(p, 12);
    trace_from_players(a, p, ra);
    trace_from_players(b, p, rb);
}

static void test_diff(void)
{
    trace a, b;
    trace_divergence d;

    make_traces(&a, &b, 10, 10);
    CHECK_EQ(trace_compare(&a, &b, &d), 0);
    CHECK_EQ(d.differs, 0);

    /* frame 5: x and y_speed differ; frame 7: anim (later, not reported) */
    b.values[5][trace_column_index("x")] += 1;
    b.values[5][trace_column_index("y_speed")] = -5;
    b.values[7][trace_column_index("anim")] = 99;
    CHECK_EQ(trace_compare(&a, &b, &d), 1);
    CHECK_EQ(d.frame, 5);
    CHECK_EQ(d.column, trace_column_index("x"));
    CHECK_EQ(d.expected, a.values[5][1]);
    CHECK_EQ(d.actual, a.values[5][1] + 1);
    CHECK_EQ(d.ncols, 2);
    CHECK_EQ(d.cols[1], trace_column_index("y_speed"));

    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    trace_divergence_summary(f, &d);
    fputc('\n', f);
    trace_divergence_context(f, &d, &a, &b, "");
    fclose(f);
    char want[128];
    snprintf(want, sizeof want, "frame 5, x: expected %d, actual %d (also "
             "y_speed)\n", (int)a.values[5][1], (int)a.values[5][1] + 1);
    CHECK(buf && strncmp(buf, want, strlen(want)) == 0);
    /* context: frames 2..7, the diverging frame marked */
    CHECK(buf && strstr(buf, "x(exp)") && strstr(buf, "y_speed(act)"));
    CHECK(buf && strstr(buf, "\n       2 ") && strstr(buf, "\n>      5 ") &&
          strstr(buf, "\n       7 ") && !strstr(buf, "\n       1 ") &&
          !strstr(buf, "\n       8 "));
    if (buf && !strstr(buf, "\n>      5 "))
        printf("%s", buf);
    free(buf);
    trace_free(&a);
    trace_free(&b);

    /* first frame differs: context starts at 0 */
    make_traces(&a, &b, 4, 4);
    b.values[0][trace_column_index("angle_buffer_2")] = 1;
    CHECK_EQ(trace_compare(&a, &b, &d), 1);
    CHECK_EQ(d.frame, 0);
    CHECK_EQ(d.column, 23);
    CHECK_EQ(d.ncols, 1);
    trace_free(&a);
    trace_free(&b);

    /* only the length differs */
    make_traces(&a, &b, 10, 8);
    CHECK_EQ(trace_compare(&a, &b, &d), 1);
    CHECK_EQ(d.frame, 8);
    CHECK_EQ(d.column, -1);
    CHECK_EQ(d.expected, 10);
    CHECK_EQ(d.actual, 8);
    buf = NULL;
    f = open_memstream(&buf, &len);
    trace_divergence_summary(f, &d);
    fclose(f);
    CHECK(buf && strstr(buf, "expected 10 rows, actual 8 rows") != NULL);
    free(buf);
    trace_free(&a);
    trace_free(&b);
}

/* cmd_diff's exit status: 0 same, 1 different, 2 error. */
static void test_cmd_diff(void)
{
    spg_player p[6];
    sample_players(p, 6);
    char *pa = tmp_path("a.csv"), *pb = tmp_path("b.csv");
    for (int k = 0; k < 2; k++) {
        FILE *f = fopen(k ? pb : pa, "w");
        if (f == NULL)
            return;
        trace_meta m = {"core", "x", NULL, NULL, NULL};
        trace_write_header(f, &m);
        if (k)
            p[4].ground_speed = 1234;
        for (int i = 0; i < 6; i++)
            trace_write_row(f, i, &p[i]);
        fclose(f);
    }
    /* keep the command's output out of the test log */
    fflush(stdout);
    int saved = dup(1);
    int devnull = open("/dev/null", O_WRONLY);
    if (saved < 0 || devnull < 0 || dup2(devnull, 1) < 0) {
        CHECK(0);
        return;
    }
    close(devnull);
    char *same[] = {"diff", pa, pa, NULL};
    char *differ[] = {"diff", pa, pb, NULL};
    char *missing[] = {"diff", pa, tmp_path("zz.csv"), NULL};
    char *usage[] = {"diff", pa, NULL};
    int r_same = cmd_diff(3, same);
    int r_diff = cmd_diff(3, differ);
    int r_missing = cmd_diff(3, missing);
    int r_usage = cmd_diff(2, usage);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    CHECK_EQ(r_same, 0);
    CHECK_EQ(r_diff, 1);
    CHECK_EQ(r_missing, 2);
    CHECK_EQ(r_usage, 2);
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/spgsim-test-trace-XXXXXX");
    if (mkdtemp(tmpdir) == NULL) {
        perror("mkdtemp");
        return 1;
    }
    RUN(test_columns);
    RUN(test_round_trip);
    RUN(test_reader_errors);
    RUN(test_outfile);
    RUN(test_outfile_special);
    RUN(test_diff);
    RUN(test_cmd_diff);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        printf("  could not remove %s\n", tmpdir);
    TEST_MAIN_END();
}
