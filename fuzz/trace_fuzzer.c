/*
 * trace_fuzzer.c - traces (docs/trace-format.md) as `spgsim diff` and
 * `spgsim check` read them: trace_read, then the comparison and its report
 * on two traces.
 *
 * The input holds trace A, then optionally the separator line "%%" and
 * trace B ("A\n%%\nB"); without a separator B is A again.  Each is written
 * to its own file and read with trace_read.  Checked besides the
 * sanitizers:
 *  - a rejected file gets a "file:line: message" line and nothing to free;
 *  - a trace read has rows numbered 0, 1, 2...;
 *  - A equals itself; A against B and B against A find the same first
 *    divergence (frame and column, expected and actual swapped), within
 *    the rows both have, and equal traces have equal rows.
 * The summary and context printers run on every divergence found.
 */
#include <stdlib.h>
#include <string.h>

#include "trace/diff.h"
#include "fuzz.h"
#include "trace/trace.h"

static const char separator[] = "\n%%\n";

/* Read one trace from `path`; 0 and *t on success. */
static int read_one(const char *path, trace *t)
{
    fuzz_msgs msgs;
    fuzz_msgs_begin(&msgs);
    int rc = trace_read(path, t, msgs.f);
    fuzz_msgs_end(&msgs);
    if (rc != 0) {
        if (!fuzz_message_ok(msgs.text, path, 1))
            fuzz_fail("a rejected trace without a file:line message: "
                      "\"%s\"", msgs.text);
        FUZZ_CHECK(t->values == NULL && t->rows == 0);
        fuzz_msgs_free(&msgs);
        return -1;
    }
    if (msgs.len != 0)
        fuzz_fail("an accepted trace printed \"%s\"", msgs.text);
    fuzz_msgs_free(&msgs);
    FUZZ_CHECK(t->rows >= 1 && t->values != NULL && t->ncols >= 1);
    int frame_col = trace_find_column(t, "frame");
    for (int i = 0; frame_col >= 0 && i < t->rows; i++)
        FUZZ_CHECK(t->values[i][frame_col] == i);
    return 0;
}

/* Print what `spgsim diff` prints for a divergence, into a memory stream. */
static void report(const trace_divergence *d, const trace *a, const trace *b,
                   const trace_fields *fs)
{
    fuzz_msgs out;
    fuzz_msgs_begin(&out);
    trace_divergence_summary(out.f, d, fs);
    trace_divergence_context(out.f, d, a, b, fs, DIFF_CONTEXT_BEFORE,
                             DIFF_CONTEXT_AFTER, "  ");
    trace_divergence_all(out.f, a, b, fs, "  ");
    trace_fields_note(out.f, fs, a, "b");
    fuzz_msgs_end(&out);
    FUZZ_CHECK(out.len > 0 || !d->differs);
    fuzz_msgs_free(&out);
}

/* a against b over the columns they share, as `spgsim diff a b` does. */
static void compare_one(const trace *a, const trace *b)
{
    trace_fields fs;
    trace_divergence d;
    fuzz_msgs msgs;
    fuzz_msgs_begin(&msgs);
    int rc = trace_fields_match(&fs, a, "a", b, "b", NULL, msgs.f);
    fuzz_msgs_end(&msgs);
    if (rc != 0) {
        /* one line naming the problem */
        FUZZ_CHECK(msgs.len > 0 && msgs.text[msgs.len - 1] == '\n');
        fuzz_msgs_free(&msgs);
        return;
    }
    fuzz_msgs_free(&msgs);
    int common = a->rows < b->rows ? a->rows : b->rows;
    int differs = trace_compare(a, b, &fs, &d);
    FUZZ_CHECK(differs == d.differs);
    if (!differs) {
        FUZZ_CHECK(a->rows == b->rows);
        for (int r = 0; r < common; r++)
            for (int k = 0; k < fs.n; k++)
                FUZZ_CHECK(a->values[r][fs.exp[k]] == b->values[r][fs.act[k]]);
    } else if (d.field < 0) {
        FUZZ_CHECK(a->rows != b->rows && d.frame == common);
    } else {
        FUZZ_CHECK(d.frame >= 0 && d.frame < common);
        FUZZ_CHECK(d.field < fs.n);
        FUZZ_CHECK(d.nfields >= 1 && d.nfields <= fs.n && d.fields[0] == d.field);
        FUZZ_CHECK(a->values[d.frame][fs.exp[d.field]] == d.expected &&
                   b->values[d.frame][fs.act[d.field]] == d.actual &&
                   d.expected != d.actual);
        for (int r = 0; r < d.frame; r++)
            for (int k = 0; k < fs.n; k++)
                FUZZ_CHECK(a->values[r][fs.exp[k]] == b->values[r][fs.act[k]]);
    }
    report(&d, a, b, &fs);
}

static void compare(const trace *a, const trace *b)
{
    trace_fields fs;
    trace_divergence aa;
    if (trace_fields_match(&fs, a, "a", a, "a", NULL, stderr) == 0)
        FUZZ_CHECK(trace_compare(a, a, &fs, &aa) == 0);
    compare_one(a, b);
    compare_one(b, a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t a_len = size, b_off = 0;
    size_t sl = sizeof separator - 1;
    for (size_t i = 0; i + sl <= size; i++) {
        if (memcmp(data + i, separator, sl) == 0) {
            a_len = i + 1; /* A keeps its last newline */
            b_off = i + sl;
            break;
        }
    }
    const char *pa = fuzz_temp_path("a.csv");
    const char *pb = fuzz_temp_path("b.csv");
    fuzz_write_file(pa, data, a_len);
    if (b_off)
        fuzz_write_file(pb, data + b_off, size - b_off);
    else
        pb = pa;

    trace a, b;
    if (read_one(pa, &a) != 0)
        return 0;
    if (read_one(pb, &b) != 0) {
        trace_free(&a);
        return 0;
    }
    compare(&a, &b);
    trace_free(&a);
    trace_free(&b);
    return 0;
}
