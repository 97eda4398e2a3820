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

#include "diff.h"
#include "fuzz.h"
#include "trace.h"

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
    FUZZ_CHECK(t->rows >= 1 && t->values != NULL);
    for (int i = 0; i < t->rows; i++)
        FUZZ_CHECK(t->values[i][0] == i);
    return 0;
}

/* Print what `spgsim diff` prints for a divergence, into a memory stream. */
static void report(const trace_divergence *d, const trace *a, const trace *b)
{
    fuzz_msgs out;
    fuzz_msgs_begin(&out);
    trace_divergence_summary(out.f, d);
    trace_divergence_context(out.f, d, a, b, "  ");
    fuzz_msgs_end(&out);
    FUZZ_CHECK(out.len > 0);
    fuzz_msgs_free(&out);
}

static void compare(const trace *a, const trace *b)
{
    trace_divergence ab, ba, aa;
    int common = a->rows < b->rows ? a->rows : b->rows;

    FUZZ_CHECK(trace_compare(a, a, &aa) == 0);
    int dab = trace_compare(a, b, &ab);
    int dba = trace_compare(b, a, &ba);
    FUZZ_CHECK(dab == dba);
    if (!dab) {
        FUZZ_CHECK(a->rows == b->rows);
        FUZZ_CHECK(memcmp(a->values, b->values,
                          (size_t)a->rows * sizeof *a->values) == 0);
        report(&ab, a, b);
        return;
    }
    FUZZ_CHECK(ab.frame == ba.frame && ab.column == ba.column &&
               ab.expected == ba.actual && ab.actual == ba.expected);
    if (ab.column < 0) {
        FUZZ_CHECK(a->rows != b->rows && ab.frame == common);
    } else {
        FUZZ_CHECK(ab.frame >= 0 && ab.frame < common);
        FUZZ_CHECK(ab.column < TRACE_COLUMNS);
        FUZZ_CHECK(ab.ncols >= 1 && ab.ncols <= TRACE_COLUMNS &&
                   ab.cols[0] == ab.column);
        FUZZ_CHECK(a->values[ab.frame][ab.column] == ab.expected &&
                   b->values[ab.frame][ab.column] == ab.actual &&
                   ab.expected != ab.actual);
        for (int r = 0; r < ab.frame; r++)
            FUZZ_CHECK(memcmp(a->values[r], b->values[r],
                              sizeof a->values[r]) == 0);
    }
    report(&ab, a, b);
    report(&ba, b, a);
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
