/*
 * diff.h - comparing two traces column by name: which columns are
 * compared, the first divergent frame and field, every divergent frame,
 * and a few frames of context of the columns that diverge.
 *
 * The expected trace (a golden) defines what exists: by default every one
 * of its columns but `frame` that the actual trace also has is compared,
 * whatever the order of the columns in either file; an explicit list
 * (--fields) must name columns both traces have.
 */
#ifndef SPGSIM_DIFF_H
#define SPGSIM_DIFF_H

#include <stdint.h>
#include <stdio.h>

#include "trace/trace.h"

/* The compared fields: pairs of columns with the same name. */
typedef struct trace_fields {
    int n;
    const char *name[TRACE_MAX_COLUMNS]; /* points into expected's names */
    int exp[TRACE_MAX_COLUMNS];          /* column in the expected trace */
    int act[TRACE_MAX_COLUMNS];          /* column in the actual trace */
    int nskipped;  /* expected's columns (not frame) the actual lacks */
    int skipped[TRACE_MAX_COLUMNS];      /* columns of the expected trace */
} trace_fields;

/*
 * Choose the compared fields.  `list` NULL (or "") takes every column of
 * `expected` except `frame` that `actual` has too, in expected's order; a
 * comma-separated list takes those names, each of which both traces must
 * have (`frame` is the row number and is skipped).  Two traces whose
 * column sets are both known (trace.h) and differ (a normal-stage and a
 * special-stage trace) do not compare.  The names are used in
 * messages.  On error prints one line naming the problem to err and
 * returns -1.
 */
int trace_fields_match(trace_fields *fs, const trace *expected,
                       const char *expected_name, const trace *actual,
                       const char *actual_name, const char *list, FILE *err);

/* "not compared (B.csv has no such column): word_38, anim" or nothing. */
void trace_fields_note(FILE *f, const trace_fields *fs,
                       const trace *expected, const char *actual_name);

typedef struct trace_divergence {
    int differs;        /* 0: the traces agree on every compared field */
    int frame;          /* first row where they differ */
    int field;          /* first differing field there (index into the
                           trace_fields); -1 when the only difference is
                           the number of rows */
    int32_t expected;   /* expected value (row count when field == -1) */
    int32_t actual;     /* actual value (row count when field == -1) */
    int nfields;        /* fields differing at `frame` */
    int fields[TRACE_MAX_COLUMNS];
    int frames;         /* rows present in both where some field differs */
} trace_divergence;

/* Compare `expected` with `actual` over fs.  Returns d->differs. */
int trace_compare(const trace *expected, const trace *actual,
                  const trace_fields *fs, trace_divergence *d);

/* "frame 42, x: expected 693, actual 694 (also y)" (or the row count
 * message). */
void trace_divergence_summary(FILE *f, const trace_divergence *d,
                              const trace_fields *fs);

/* The context table: `before` frames before the divergence and `after`
 * after it, the differing fields of both traces side by side, each line
 * starting with `indent`. */
void trace_divergence_context(FILE *f, const trace_divergence *d,
                              const trace *expected, const trace *actual,
                              const trace_fields *fs, int before, int after,
                              const char *indent);

/* Every divergent frame, one line each ("frame 12: x 700 -> 701, ..."),
 * then the row count when it differs. */
void trace_divergence_all(FILE *f, const trace *expected,
                          const trace *actual, const trace_fields *fs,
                          const char *indent);

/* A --context value: a decimal 0..100000, or -1. */
int diff_parse_count(const char *s);

/* Default context: frames before and after the first divergence. */
#define DIFF_CONTEXT_BEFORE 3
#define DIFF_CONTEXT_AFTER 2

#endif /* SPGSIM_DIFF_H */
