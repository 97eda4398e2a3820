/*
 * diff.c - comparing traces column by name: the fields, the first
 * divergence with context, every divergent frame.
 */
#include "trace/diff.h"

#include <inttypes.h>
#include <string.h>

#define CONTEXT_MAX_COLS 6

static void list_columns(FILE *err, const trace *t)
{
    for (int c = 0; c < t->ncols; c++)
        fprintf(err, "%s%s", c ? ", " : "", t->names[c]);
}

static const char *layout_title(const trace_layout *l)
{
    return l == &trace_layout_special ? "special-stage" : "normal-stage";
}

int trace_fields_match(trace_fields *fs, const trace *e, const char *en,
                       const trace *a, const char *an, const char *list,
                       FILE *err)
{
    memset(fs, 0, sizeof *fs);
    if (e->layout && a->layout && e->layout != a->layout) {
        fprintf(err, "%s is a %s trace, %s a %s one: different column "
                     "sets do not compare\n", en, layout_title(e->layout),
                an, layout_title(a->layout));
        return -1;
    }
    if (list == NULL || list[0] == '\0') {
        for (int c = 0; c < e->ncols; c++) {
            if (strcmp(e->names[c], "frame") == 0)
                continue;
            int k = trace_find_column(a, e->names[c]);
            if (k < 0) {
                fs->skipped[fs->nskipped++] = c;
                continue;
            }
            fs->name[fs->n] = e->names[c];
            fs->exp[fs->n] = c;
            fs->act[fs->n++] = k;
        }
        if (fs->n == 0) {
            fprintf(err, "%s and %s have no column in common besides frame "
                         "(%s: ", en, an, an);
            list_columns(err, a);
            fputs(")\n", err);
            return -1;
        }
        return 0;
    }
    const char *p = list;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        while (len > 0 && *p == ' ') {
            p++;
            len--;
        }
        while (len > 0 && p[len - 1] == ' ')
            len--;
        char name[TRACE_MAX_NAME + 1];
        if (len == 0 || len > TRACE_MAX_NAME) {
            fprintf(err, "--fields: %s in '%s'\n",
                    len ? "a name is too long" : "an empty name", list);
            return -1;
        }
        memcpy(name, p, len);
        name[len] = '\0';
        if (strcmp(name, "frame") != 0) {
            int ce = trace_find_column(e, name);
            int ca = trace_find_column(a, name);
            if (ce < 0 || ca < 0) {
                const trace *t = ce < 0 ? e : a;
                fprintf(err, "%s has no column '%s' (--fields asks for it); "
                             "its columns: ", ce < 0 ? en : an, name);
                list_columns(err, t);
                fputc('\n', err);
                return -1;
            }
            int dup = 0;
            for (int i = 0; i < fs->n; i++)
                dup |= fs->exp[i] == ce;
            if (!dup) {
                fs->name[fs->n] = e->names[ce];
                fs->exp[fs->n] = ce;
                fs->act[fs->n++] = ca;
            }
        }
        if (comma == NULL)
            break;
        p = comma + 1;
    }
    if (fs->n == 0) {
        fprintf(err, "--fields: no field to compare in '%s'\n", list);
        return -1;
    }
    return 0;
}

void trace_fields_note(FILE *f, const trace_fields *fs, const trace *e,
                       const char *an)
{
    if (fs->nskipped == 0)
        return;
    fprintf(f, "not compared (%s has no such column): ", an);
    for (int i = 0; i < fs->nskipped; i++)
        fprintf(f, "%s%s", i ? ", " : "", e->names[fs->skipped[i]]);
}

int trace_compare(const trace *e, const trace *a, const trace_fields *fs,
                  trace_divergence *d)
{
    memset(d, 0, sizeof *d);
    int common = e->rows < a->rows ? e->rows : a->rows;
    for (int r = 0; r < common; r++) {
        const int32_t *ev = e->values[r], *av = a->values[r];
        int row_differs = 0;
        for (int k = 0; k < fs->n; k++) {
            if (ev[fs->exp[k]] == av[fs->act[k]])
                continue;
            row_differs = 1;
            if (d->differs)
                break; /* only counting frames now */
            if (d->nfields == 0) {
                d->frame = r;
                d->field = k;
                d->expected = ev[fs->exp[k]];
                d->actual = av[fs->act[k]];
            }
            d->fields[d->nfields++] = k;
        }
        if (row_differs) {
            d->differs = 1;
            d->frames++;
        }
    }
    if (e->rows != a->rows && !d->differs) {
        d->differs = 1;
        d->frame = common;
        d->field = -1;
        d->expected = e->rows;
        d->actual = a->rows;
    }
    return d->differs;
}

void trace_divergence_summary(FILE *f, const trace_divergence *d,
                              const trace_fields *fs)
{
    if (!d->differs) {
        fputs("traces are identical", f);
        return;
    }
    if (d->field < 0) {
        fprintf(f, "frame %d: traces differ in length: expected %" PRId32
                   " rows, actual %" PRId32 " rows (rows 0..%d agree)",
                d->frame, d->expected, d->actual, d->frame - 1);
        return;
    }
    fprintf(f, "frame %d, %s: expected %" PRId32 ", actual %" PRId32,
            d->frame, fs->name[d->field], d->expected, d->actual);
    if (d->nfields > 1) {
        fputs(" (also", f);
        for (int i = 1; i < d->nfields; i++)
            fprintf(f, "%s %s", i > 1 ? "," : "", fs->name[d->fields[i]]);
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
                              const trace *e, const trace *a,
                              const trace_fields *fs, int before, int after,
                              const char *indent)
{
    if (!d->differs || d->field < 0)
        return;
    int ncols = d->nfields < CONTEXT_MAX_COLS ? d->nfields : CONTEXT_MAX_COLS;
    int width[CONTEXT_MAX_COLS];
    fprintf(f, "%s  %6s", indent, "frame");
    for (int i = 0; i < ncols; i++) {
        const char *name = fs->name[d->fields[i]];
        width[i] = (int)strlen(name) + 5;
        if (width[i] < 7)
            width[i] = 7;
        fprintf(f, " %*s(exp) %*s(act)", width[i] - 5, name, width[i] - 5,
                name);
    }
    fputc('\n', f);
    int first = d->frame - (before < 0 ? 0 : before);
    if (first < 0)
        first = 0;
    int last = d->frame + (after < 0 ? 0 : after);
    int maxrows = e->rows > a->rows ? e->rows : a->rows;
    if (last > maxrows - 1)
        last = maxrows - 1;
    for (int r = first; r <= last; r++) {
        fprintf(f, "%s%c %6d", indent, r == d->frame ? '>' : ' ', r);
        for (int i = 0; i < ncols; i++) {
            int k = d->fields[i];
            cell(f, e, r, fs->exp[k], width[i]);
            cell(f, a, r, fs->act[k], width[i]);
        }
        fputc('\n', f);
    }
    if (d->nfields > ncols)
        fprintf(f, "%s  (%d more differing fields not shown)\n", indent,
                d->nfields - ncols);
}

void trace_divergence_all(FILE *f, const trace *e, const trace *a,
                          const trace_fields *fs, const char *indent)
{
    int common = e->rows < a->rows ? e->rows : a->rows;
    for (int r = 0; r < common; r++) {
        const int32_t *ev = e->values[r], *av = a->values[r];
        int n = 0;
        for (int k = 0; k < fs->n; k++) {
            int32_t x = ev[fs->exp[k]], y = av[fs->act[k]];
            if (x == y)
                continue;
            if (n++ == 0)
                fprintf(f, "%sframe %d:", indent, r);
            fprintf(f, "%s %s expected %" PRId32 ", actual %" PRId32,
                    n > 1 ? ";" : "", fs->name[k], x, y);
        }
        if (n)
            fputc('\n', f);
    }
    if (e->rows != a->rows)
        fprintf(f, "%sframe %d: traces differ in length: expected %d rows, "
                   "actual %d rows\n", indent, common, e->rows, a->rows);
}
