/*
 * diff.c - first divergence between two traces, with context.
 */
#include "diff.h"

#include <inttypes.h>
#include <string.h>

#define CONTEXT_BEFORE 3
#define CONTEXT_AFTER 2
#define CONTEXT_MAX_COLS 6

int trace_compare(const trace *a, const trace *b, trace_divergence *d)
{
    memset(d, 0, sizeof *d);
    d->layout = a->layout ? a->layout : &trace_layout_normal;
    const trace_layout *lb = b->layout ? b->layout : &trace_layout_normal;
    if (d->layout != lb) {
        d->differs = 1;
        d->column = -2;
        return 1;
    }
    int common = a->rows < b->rows ? a->rows : b->rows;
    for (int r = 0; r < common; r++) {
        for (int c = 0; c < d->layout->count; c++) {
            if (a->values[r][c] != b->values[r][c]) {
                if (!d->differs) {
                    d->differs = 1;
                    d->frame = r;
                    d->column = c;
                    d->expected = a->values[r][c];
                    d->actual = b->values[r][c];
                }
                d->cols[d->ncols++] = c;
            }
        }
        if (d->differs)
            return 1;
    }
    if (a->rows != b->rows) {
        d->differs = 1;
        d->frame = common;
        d->column = -1;
        d->expected = a->rows;
        d->actual = b->rows;
    }
    return d->differs;
}

void trace_divergence_summary(FILE *f, const trace_divergence *d)
{
    if (!d->differs) {
        fputs("traces are identical", f);
        return;
    }
    if (d->column == -2) {
        fputs("the traces have different column sets (normal stage vs. "
              "special stage)", f);
        return;
    }
    if (d->column < 0) {
        fprintf(f, "frame %d: traces differ in length: expected %" PRId32
                   " rows, actual %" PRId32 " rows (rows 0..%d agree)",
                d->frame, d->expected, d->actual, d->frame - 1);
        return;
    }
    fprintf(f, "frame %d, %s: expected %" PRId32 ", actual %" PRId32,
            d->frame, d->layout->columns[d->column], d->expected, d->actual);
    if (d->ncols > 1) {
        fputs(" (also", f);
        for (int i = 1; i < d->ncols; i++)
            fprintf(f, "%s %s", i > 1 ? "," : "", d->layout->columns[d->cols[i]]);
        fputs(")", f);
    }
}

static void cell(FILE *f, const trace *t, int row, int col, int width)
{
    if (row < t->rows)
        fprintf(f, " %*" PRId32, width, t->values[row][col]);
    else
        fprintf(f, " %*s", width, "-");
}

void trace_divergence_context(FILE *f, const trace_divergence *d,
                              const trace *a, const trace *b,
                              const char *indent)
{
    if (!d->differs || d->column < 0)
        return;
    int ncols = d->ncols < CONTEXT_MAX_COLS ? d->ncols : CONTEXT_MAX_COLS;
    int width[CONTEXT_MAX_COLS];
    fprintf(f, "%s  %6s", indent, "frame");
    for (int i = 0; i < ncols; i++) {
        const char *name = d->layout->columns[d->cols[i]];
        width[i] = (int)strlen(name) + 4;
        if (width[i] < 7)
            width[i] = 7;
        fprintf(f, " %*s(exp) %*s(act)", width[i] - 5, name, width[i] - 5,
                name);
    }
    fputc('\n', f);
    int first = d->frame - CONTEXT_BEFORE;
    if (first < 0)
        first = 0;
    int last = d->frame + CONTEXT_AFTER;
    int maxrows = a->rows > b->rows ? a->rows : b->rows;
    if (last > maxrows - 1)
        last = maxrows - 1;
    for (int r = first; r <= last; r++) {
        fprintf(f, "%s%c %6d", indent, r == d->frame ? '>' : ' ', r);
        for (int i = 0; i < ncols; i++) {
            cell(f, a, r, d->cols[i], width[i]);
            cell(f, b, r, d->cols[i], width[i]);
        }
        fputc('\n', f);
    }
}
