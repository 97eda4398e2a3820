/*
 * test_trace.c - trace writer/reader round trip, reader errors, atomic
 * output files, and first-divergence reporting (diff).
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/commands.h"
#include "trace/diff.h"
#include "util/outfile.h"
#include "trace/trace.h"
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
        p[i].word_38 = (uint16_t)(i == 3 ? 0xFF00 : i * 7);
        p[i].mapping_frame = (uint8_t)(0x08 + i);
        p[i].anim_frame = (uint8_t)(i % 7);
        p[i].anim_timer = (uint8_t)(i == 3 ? 0xFF : i);
        p[i].prev_anim = (uint8_t)(i == 1 ? 1 : i);
        p[i].render_flags = (uint8_t)(4 | (i & 3));
    }
}

static void test_columns(void)
{
    CHECK_EQ(TRACE_COLUMNS, 30);
    CHECK(strcmp(trace_columns[0], "frame") == 0);
    CHECK_EQ(trace_column_index("frame"), 0);
    CHECK_EQ(trace_column_index("x"), 1);
    CHECK_EQ(trace_column_index("x_sub"), 2);
    CHECK_EQ(trace_column_index("mapping_frame"), 22);
    CHECK_EQ(trace_column_index("render_flags"), 26);
    CHECK_EQ(trace_column_index("angle_buffer_2"), 28);
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
    CHECK_EQ(v[trace_column_index("mapping_frame")], 0x0B);
    CHECK_EQ(v[trace_column_index("anim_frame")], 3);
    CHECK_EQ(v[trace_column_index("anim_timer")], 255);
    CHECK_EQ(v[trace_column_index("prev_anim")], 3);
    CHECK_EQ(v[trace_column_index("render_flags")], 7);
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
        CHECK(memcmp(t.values[i], ref.values[i],
                     TRACE_COLUMNS * sizeof ref.values[i][0]) == 0);
    CHECK_EQ(t.ncols, TRACE_COLUMNS);
    for (int c = 0; c < t.ncols && c < TRACE_COLUMNS; c++)
        CHECK(strcmp(t.names[c], trace_columns[c]) == 0);
    trace_fields fs;
    CHECK_EQ(trace_fields_match(&fs, &ref, "ref", &t, "t", NULL, stdout), 0);
    CHECK_EQ(fs.n, TRACE_COLUMNS - 1); /* every column but frame */
    CHECK_EQ(fs.nskipped, 0);
    trace_divergence d;
    CHECK_EQ(trace_compare(&ref, &t, &fs, &d), 0);
    trace_free(&t);
    trace_free(&ref);
}

static const char *columns_line =
    "frame,x,x_sub,y,y_sub,x_speed,y_speed,ground_speed,angle,facing_left,"
    "in_air,rolling,on_object,roll_jump,pushing,underwater,width_radius,"
    "height_radius,control_lock,anim,routine,jumping,mapping_frame,"
    "anim_frame,anim_timer,prev_anim,render_flags,angle_buffer_1,"
    "angle_buffer_2,word_38\n";

static const char *row0 = "0,1,2,3,4,5,6,7,8,0,0,0,0,0,0,0,9,19,0,0,2,0,88,6,255,5,7,3,3,0\n";

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
    expect_read_error("# x\n", "frame,x y\n", row0,
                      ":2: column 2 of the column row: 'x y' is not a column "
                      "name");
    expect_read_error("# x\n", "", row0,
                      ":2: column 1 of the column row: '0' is not a column "
                      "name");
    expect_read_error("", "frame,x,,y\n", "0,1,2,3\n",
                      ":1: column 3 of the column row has no name");
    expect_read_error("", "frame,x,y,x\n", "0,1,2,3\n",
                      ":1: column 'x' appears twice (columns 2 and 4)");
    expect_read_error("", "frame,x\n", "0,1\n1,1.5\n",
                      ":3: column 2 (x): bad value '1.5'");
    expect_read_error("", "frame,x\n", "0,1\n\n",
                      ":3: empty line");
    expect_read_error("", columns_line,
                      "0,1,2,3,4,5,6,7,8,0,0,0,0,0,0,0,9,19,0,0,2,0,88,6,255,5,7,3,3,0\n"
                      "1,1,2,3,4,5,6,7,8,0,0,0,0,0,0,0,9,19,0,0,2,0,88,6,255,5,7,3,3\n",
                      ":3: expected 30 columns, found 29");
    expect_read_error("", columns_line,
                      "0,1,2,3,4,5,6,7,8,0,0,0,0,0,0,0,9,19,0,0,2,0,88,6,255,5,7,3,3,0,5\n",
                      ":2: more than 30 columns");
    expect_read_error("# a\n# b\n", columns_line,
                      "0,1,2,3,4,5,six,7,8,0,0,0,0,0,0,0,9,19,0,0,2,0,88,6,255,5,7,3,3,0\n",
                      ":4: column 7 (y_speed): expected an integer");
    expect_read_error("", columns_line,
                      "0,1,2,3,4,5,6,7,8,0,0,0,0,0,0,0,9,19,0,0,2,0,88,6,255,5,7,3,3,0\n"
                      "2,1,2,3,4,5,6,7,8,0,0,0,0,0,0,0,9,19,0,0,2,0,88,6,255,5,7,3,3,0\n",
                      ":3: frame 2 where 1 was expected");
    expect_read_error("", columns_line, "", "no rows");
    expect_read_error("", "", "", ":1: no column row"); /* empty file */
    expect_read_error("# scenario_hash: 12345\n", columns_line, row0,
                      ":1: malformed header value");
    expect_read_error("", columns_line,
                      "0,1,2,3,4,5,6,7,8,0,0,0,0,0,0,0,9,19,0,0,2,0,88,6,255,5,7,3,99999999999,0\n",
                      ":2: column 29 (angle_buffer_2): bad value");

    trace t;
    char *buf = NULL;
    size_t len = 0;
    FILE *err = open_memstream(&buf, &len);
    CHECK_EQ(trace_read(tmp_path("missing.csv"), &t, err), -1);
    fclose(err);
    CHECK(buf && strstr(buf, "missing.csv: ") != NULL);
    free(buf);
}

/* Another engine's trace: its own columns, in its own order, spaces
 * around the commas, no frame column. */
static void test_reader_by_name(void)
{
    const char *path = tmp_path("mine.csv");
    CHECK_EQ(write_text(path, "# my engine\n"
                              "ground_speed , x,x_sub\r\n"
                              "0, 600 ,0\n"
                              "12,600,3072\n"
                              "-24,599,0\n"), 0);
    trace t;
    CHECK_EQ(trace_read(path, &t, stdout), 0);
    CHECK_EQ(t.rows, 3);
    CHECK_EQ(t.ncols, 3);
    CHECK_EQ(trace_find_column(&t, "frame"), -1);
    CHECK_EQ(trace_find_column(&t, "ground_speed"), 0);
    CHECK_EQ(trace_find_column(&t, "x"), 1);
    CHECK_EQ(trace_find_column(&t, "x_sub"), 2);
    if (t.rows == 3) {
        CHECK_EQ(t.values[1][2], 3072);
        CHECK_EQ(t.values[2][0], -24);
        CHECK_EQ(t.values[2][1], 599);
    }
    trace_free(&t);
    CHECK(t.values == NULL && t.names == NULL && t.rows == 0);
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
    trace_fields fs;

    make_traces(&a, &b, 10, 10);
    CHECK_EQ(trace_fields_match(&fs, &a, "a", &b, "b", NULL, stdout), 0);
    CHECK_EQ(trace_compare(&a, &b, &fs, &d), 0);
    CHECK_EQ(d.differs, 0);

    /* frame 5: x and y_speed differ; frame 7: anim (later, counted) */
    b.values[5][trace_column_index("x")] += 1;
    b.values[5][trace_column_index("y_speed")] = -5;
    b.values[7][trace_column_index("anim")] = 99;
    CHECK_EQ(trace_compare(&a, &b, &fs, &d), 1);
    CHECK_EQ(d.frame, 5);
    CHECK(strcmp(fs.name[d.field], "x") == 0);
    CHECK_EQ(fs.exp[d.field], trace_column_index("x"));
    CHECK_EQ(d.expected, a.values[5][1]);
    CHECK_EQ(d.actual, a.values[5][1] + 1);
    CHECK_EQ(d.nfields, 2);
    CHECK(strcmp(fs.name[d.fields[1]], "y_speed") == 0);
    CHECK_EQ(d.frames, 2);

    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    trace_divergence_summary(f, &d, &fs);
    fputc('\n', f);
    trace_divergence_context(f, &d, &a, &b, &fs, DIFF_CONTEXT_BEFORE,
                             DIFF_CONTEXT_AFTER, "");
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

    /* a context width of 1: frames 4..6 */
    buf = NULL;
    f = open_memstream(&buf, &len);
    trace_divergence_context(f, &d, &a, &b, &fs, 1, 1, "");
    fclose(f);
    CHECK(buf && strstr(buf, "\n       4 ") && strstr(buf, "\n       6 ") &&
          !strstr(buf, "\n       3 ") && !strstr(buf, "\n       7 "));
    free(buf);

    /* every divergent frame */
    buf = NULL;
    f = open_memstream(&buf, &len);
    trace_divergence_all(f, &a, &b, &fs, "  ");
    fclose(f);
    snprintf(want, sizeof want, "  frame 5: x expected %d, actual %d; "
             "y_speed expected %d, actual -5\n  frame 7: anim expected %d, "
             "actual 99\n", (int)a.values[5][1], (int)a.values[5][1] + 1,
             (int)a.values[5][trace_column_index("y_speed")],
             (int)a.values[7][trace_column_index("anim")]);
    CHECK(buf && strcmp(buf, want) == 0);
    if (buf && strcmp(buf, want) != 0)
        printf("  got:\n%s  want:\n%s", buf, want);
    free(buf);
    trace_free(&a);
    trace_free(&b);

    /* first frame differs: context starts at 0 */
    make_traces(&a, &b, 4, 4);
    CHECK_EQ(trace_fields_match(&fs, &a, "a", &b, "b", NULL, stdout), 0);
    b.values[0][trace_column_index("angle_buffer_2")] = 1;
    CHECK_EQ(trace_compare(&a, &b, &fs, &d), 1);
    CHECK_EQ(d.frame, 0);
    CHECK(strcmp(fs.name[d.field], "angle_buffer_2") == 0);
    CHECK_EQ(d.nfields, 1);
    trace_free(&a);
    trace_free(&b);

    /* only the length differs */
    make_traces(&a, &b, 10, 8);
    CHECK_EQ(trace_fields_match(&fs, &a, "a", &b, "b", NULL, stdout), 0);
    CHECK_EQ(trace_compare(&a, &b, &fs, &d), 1);
    CHECK_EQ(d.frame, 8);
    CHECK_EQ(d.field, -1);
    CHECK_EQ(d.expected, 10);
    CHECK_EQ(d.actual, 8);
    buf = NULL;
    f = open_memstream(&buf, &len);
    trace_divergence_summary(f, &d, &fs);
    fclose(f);
    CHECK(buf && strstr(buf, "expected 10 rows, actual 8 rows") != NULL);
    free(buf);
    trace_free(&a);
    trace_free(&b);
}

/* Matching columns by name: a trace with a few columns in another order
 * against a full one; --fields; the errors. */
static void test_fields(void)
{
    spg_player p[8];
    sample_players(p, 8);
    trace full;
    CHECK_EQ(trace_from_players(&full, p, 8), 0);
    const char *path = tmp_path("few.csv");
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (f == NULL)
        return;
    fputs("y_speed,x,frame,extra\n", f);
    for (int i = 0; i < 8; i++)
        fprintf(f, "%d,%d,%d,7\n", (int)p[i].y_speed + (i == 6),
                (int)full.values[i][1], i);
    fclose(f);
    trace few;
    CHECK_EQ(trace_read(path, &few, stdout), 0);

    trace_fields fs;
    CHECK_EQ(trace_fields_match(&fs, &full, "golden", &few, "few", NULL,
                                stdout), 0);
    CHECK_EQ(fs.n, 2); /* x and y_speed, in the golden's order */
    CHECK(fs.n == 2 && strcmp(fs.name[0], "x") == 0 &&
          strcmp(fs.name[1], "y_speed") == 0);
    CHECK(fs.n == 2 && fs.act[0] == 1 && fs.act[1] == 0);
    CHECK_EQ(fs.nskipped, TRACE_COLUMNS - 3);
    trace_divergence d;
    CHECK_EQ(trace_compare(&full, &few, &fs, &d), 1);
    CHECK_EQ(d.frame, 6);
    CHECK(strcmp(fs.name[d.field], "y_speed") == 0);
    CHECK_EQ(d.actual, d.expected + 1);

    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    trace_fields_note(m, &fs, &full, "few");
    fclose(m);
    CHECK(buf && strncmp(buf, "not compared (few has no such column): x_sub, "
                              "y, y_sub, x_speed, ground_speed,", 64) == 0);
    free(buf);

    /* --fields: only x agrees everywhere */
    CHECK_EQ(trace_fields_match(&fs, &full, "golden", &few, "few", " x ,frame",
                                stdout), 0);
    CHECK_EQ(fs.n, 1);
    CHECK_EQ(trace_compare(&full, &few, &fs, &d), 0);

    /* a column one side lacks, an empty name: one clear error each */
    buf = NULL;
    m = open_memstream(&buf, &len);
    CHECK_EQ(trace_fields_match(&fs, &full, "golden", &few, "few",
                                "x,y_sub", m), -1);
    CHECK_EQ(trace_fields_match(&fs, &full, "golden", &few, "few", "x,,y",
                                m), -1);
    CHECK_EQ(trace_fields_match(&fs, &full, "golden", &few, "few", "extra",
                                m), -1);
    fclose(m);
    CHECK(buf && strstr(buf, "few has no column 'y_sub' (--fields asks for "
                             "it); its columns: y_speed, x, frame, extra\n"));
    CHECK(buf && strstr(buf, "--fields: an empty name in 'x,,y'\n"));
    CHECK(buf && strstr(buf, "golden has no column 'extra'"));
    free(buf);
    trace_free(&few);

    /* nothing in common */
    CHECK_EQ(write_text(path, "frame,speed\n0,1\n"), 0);
    CHECK_EQ(trace_read(path, &few, stdout), 0);
    buf = NULL;
    m = open_memstream(&buf, &len);
    CHECK_EQ(trace_fields_match(&fs, &full, "golden", &few, "few", NULL, m),
             -1);
    fclose(m);
    CHECK(buf && strstr(buf, "golden and few have no column in common "
                             "besides frame (few: frame, speed)"));
    free(buf);
    trace_free(&few);
    trace_free(&full);
}

/* cmd_diff's exit status: 0 same, 1 different, 2 error. */
static void test_cmd_diff(void)
{
    spg_player p[6];
    sample_players(p, 6);
    char pa[192], pb[192];
    snprintf(pa, sizeof pa, "%s", tmp_path("a.csv"));
    snprintf(pb, sizeof pb, "%s", tmp_path("b.csv"));
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
    /* another engine's trace: four of the columns, in its own order, with
     * ground speed off at frame 4 */
    char pf[192], po[192];
    snprintf(pf, sizeof pf, "%s", tmp_path("fewcols.csv"));
    snprintf(po, sizeof po, "%s", tmp_path("diff-out.txt"));
    trace full;
    if (trace_from_players(&full, p, 6) != 0)
        return;
    FILE *f = fopen(pf, "w");
    if (f == NULL)
        return;
    fputs("ground_speed,y,frame,x\n", f);
    for (int i = 0; i < 6; i++)
        fprintf(f, "%d,%d,%d,%d\n", (int)p[i].ground_speed,
                (int)full.values[i][trace_column_index("y")], i,
                (int)full.values[i][trace_column_index("x")]);
    fclose(f);
    trace_free(&full);

    /* the command's output goes to a file */
    fflush(stdout);
    int saved = dup(1);
    int out = open(po, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (saved < 0 || out < 0 || dup2(out, 1) < 0) {
        CHECK(0);
        return;
    }
    close(out);
    char *same[] = {"diff", pa, pa, NULL};
    char *differ[] = {"diff", pa, pb, NULL};
    char *missing[] = {"diff", pa, tmp_path("zz.csv"), NULL};
    char *usage[] = {"diff", pa, NULL};
    char *few[] = {"diff", pa, pf, NULL};
    char *few_x[] = {"diff", "--fields", "x,y", pa, pf, NULL};
    char *few_bad[] = {"diff", "--fields", "x,y_sub", pa, pf, NULL};
    char *few_all[] = {"diff", "--all", "--context", "1", pa, pf, NULL};
    char *bad_ctx[] = {"diff", "--context", "wide", pa, pf, NULL};
    int r_same = cmd_diff(3, same);
    int r_diff = cmd_diff(3, differ);
    int r_missing = cmd_diff(3, missing);
    int r_usage = cmd_diff(2, usage);
    int r_few = cmd_diff(3, few);
    int r_few_x = cmd_diff(5, few_x);
    int r_few_bad = cmd_diff(5, few_bad);
    int r_few_all = cmd_diff(6, few_all);
    int r_bad_ctx = cmd_diff(5, bad_ctx);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    CHECK_EQ(r_same, 0);
    CHECK_EQ(r_diff, 1);
    CHECK_EQ(r_missing, 2);
    CHECK_EQ(r_usage, 2);
    CHECK_EQ(r_few, 1);
    CHECK_EQ(r_few_x, 0);
    CHECK_EQ(r_few_bad, 2);
    CHECK_EQ(r_few_all, 1);
    CHECK_EQ(r_bad_ctx, 2);
    char *text = read_text(po);
    char want[640];
    snprintf(want, sizeof want, "%s vs %s: frame 4, ground_speed: expected "
             "-4, actual 1234\n", pa, pf);
    CHECK(text && strstr(text, want));
    CHECK(text && strstr(text, "not compared (") &&
          strstr(text, "has no such column): x_sub, y_sub, x_speed"));
    snprintf(want, sizeof want, "%s and %s agree on 2 fields over 6 rows\n",
             pa, pf);
    CHECK(text && strstr(text, want));
    CHECK(text && strstr(text, "\n  frame 4: ground_speed expected -4, "
                               "actual 1234\n"));
    free(text);
}


/* The Sonic 2 column set: its header line, the three extra columns after
 * the normal ones, and the reader knowing it again. */
static void test_sonic2_layout(void)
{
    CHECK_EQ(trace_layout_sonic2.count, TRACE_COLUMNS + 3);
    for (int c = 0; c < TRACE_COLUMNS; c++)
        CHECK(strcmp(trace_layout_sonic2.columns[c], trace_columns[c]) == 0);
    CHECK_EQ(trace_layout_column(&trace_layout_sonic2, "spindash_counter"),
             TRACE_COLUMNS);
    CHECK_EQ(trace_layout_column(&trace_layout_sonic2, "lrb_solid_bit"),
             TRACE_COLUMNS + 2);
    CHECK_EQ(trace_layout_column(&trace_layout_normal, "top_solid_bit"), -1);
    spg_player p[3];
    sample_players(p, 3);
    p[1].spindash_counter = 0x3F0;
    p[1].top_solid_bit = 0x0E;
    p[1].lrb_solid_bit = 0x0F;
    trace t;
    CHECK_EQ(trace_from_players_layout(&t, &trace_layout_sonic2, p, 3), 0);
    CHECK_EQ(t.values[1][TRACE_COLUMNS], 0x3F0);
    CHECK_EQ(t.values[1][TRACE_COLUMNS + 1], 0x0E);
    CHECK_EQ(t.values[1][TRACE_COLUMNS + 2], 0x0F);
    const char *path = tmp_path("s2.csv");
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (f == NULL) {
        trace_free(&t);
        return;
    }
    trace_meta meta = {"core", NULL, NULL, NULL, NULL};
    trace_write(f, &meta, &t);
    fclose(f);
    char *text = read_text(path);
    CHECK(text && strncmp(text, "# spgsim trace\n# columns: sonic2\n", 33) == 0);
    CHECK(text && strstr(text, ",word_38,spindash_counter,top_solid_bit,"
                               "lrb_solid_bit\n") != NULL);
    free(text);
    trace back;
    CHECK_EQ(trace_read(path, &back, stdout), 0);
    CHECK(back.layout == &trace_layout_sonic2);
    CHECK_EQ(back.ncols, TRACE_COLUMNS + 3);
    for (int r = 0; r < 3 && r < back.rows; r++)
        CHECK(memcmp(back.values[r], t.values[r],
                     (size_t)back.ncols * sizeof back.values[r][0]) == 0);
    trace_free(&back);
    trace_free(&t);
}

/* The Sonic CD column set: the normal columns, then the seven of Sonic
 * CD's player bytes and level state, written and read back by name. */
static void test_soniccd_layout(void)
{
    static const char *const extra[7] = {"charge", "player_ctrl",
                                         "look_mode", "time_zone",
                                         "cam_x_center", "cam_y_center",
                                         "bored_timer"};
    CHECK_EQ(trace_layout_soniccd.count, TRACE_COLUMNS + 7);
    for (int c = 0; c < TRACE_COLUMNS; c++)
        CHECK(strcmp(trace_layout_soniccd.columns[c], trace_columns[c]) == 0);
    for (int c = 0; c < 7; c++)
        CHECK_EQ(trace_layout_column(&trace_layout_soniccd, extra[c]),
                 TRACE_COLUMNS + c);
    CHECK_EQ(trace_layout_column(&trace_layout_soniccd, "spindash_counter"), -1);
    spg_player p[2];
    sample_players(p, 2);
    p[1].charge = 30;
    p[1].player_ctrl = 0x82;
    p[1].look_mode = 0x83;
    p[1].time_zone = 2;
    p[1].cam_x_center = 224;
    p[1].cam_y_center = 0xC8;
    p[1].bored_timer = 10799;
    trace t;
    CHECK_EQ(trace_from_players_layout(&t, &trace_layout_soniccd, p, 2), 0);
    static const int32_t want[7] = {30, 0x82, 0x83, 2, 224, 0xC8, 10799};
    for (int c = 0; c < 7; c++)
        CHECK_EQ(t.values[1][TRACE_COLUMNS + c], want[c]);
    const char *path = tmp_path("scd.csv");
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (f == NULL) {
        trace_free(&t);
        return;
    }
    trace_meta meta = {"core", NULL, NULL, NULL, NULL};
    trace_write(f, &meta, &t);
    fclose(f);
    char *text = read_text(path);
    CHECK(text && strncmp(text, "# spgsim trace\n# columns: soniccd\n", 34) == 0);
    CHECK(text && strstr(text, ",word_38,charge,player_ctrl,look_mode,"
                               "time_zone,cam_x_center,cam_y_center,"
                               "bored_timer\n") != NULL);
    free(text);
    trace back;
    CHECK_EQ(trace_read(path, &back, stdout), 0);
    CHECK(back.layout == &trace_layout_soniccd);
    CHECK_EQ(back.ncols, TRACE_COLUMNS + 7);
    for (int r = 0; r < 2 && r < back.rows; r++)
        CHECK(memcmp(back.values[r], t.values[r],
                     (size_t)back.ncols * sizeof back.values[r][0]) == 0);
    trace_free(&back);
    trace_free(&t);
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
    RUN(test_sonic2_layout);
    RUN(test_soniccd_layout);
    RUN(test_reader_errors);
    RUN(test_reader_by_name);
    RUN(test_fields);
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
