/*
 * diff.h - comparing two traces: the first divergent frame and field, and
 * a few frames of context of the columns that diverge.
 */
#ifndef SPGSIM_DIFF_H
#define SPGSIM_DIFF_H

#include <stdint.h>
#include <stdio.h>

#include "trace.h"

typedef struct trace_divergence {
    int differs;        /* 0: the traces are equal */
    int frame;          /* first row where they differ */
    int column;         /* first differing column there; -1 when the only
                           difference is the number of rows, -2 when
                           the traces have different column sets */
    int32_t expected;   /* A's value (row count of A when column == -1) */
    int32_t actual;     /* B's value (row count of B when column == -1) */
    int ncols;          /* columns differing at `frame` */
    int cols[TRACE_MAX_COLUMNS];
    const trace_layout *layout; /* column names (expected's set) */
} trace_divergence;

/* Compare `expected` (A) with `actual` (B).  Returns d->differs. */
int trace_compare(const trace *expected, const trace *actual,
                  trace_divergence *d);

/* "frame 42, x: expected 693, actual 694" (or the row count message). */
void trace_divergence_summary(FILE *f, const trace_divergence *d);

/* The context table: frames around the divergence, the differing columns
 * of both traces side by side, each line starting with `indent`. */
void trace_divergence_context(FILE *f, const trace_divergence *d,
                              const trace *expected, const trace *actual,
                              const char *indent);

#endif /* SPGSIM_DIFF_H */
