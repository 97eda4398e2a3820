/*
 * golden_change.c - new / unchanged / changed for a rewritten golden.
 */
#include "check/golden_change.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace/diff.h"

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    char *buf = NULL;
    size_t cap = 0, n = 0, got;
    do {
        if (n == cap) {
            cap = cap ? cap * 2 : 65536;
            char *nb = realloc(buf, cap);
            if (nb == NULL) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = nb;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
    } while (got > 0);
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

void golden_before_read(golden_before *b, const char *path)
{
    memset(b, 0, sizeof *b);
    b->bytes = slurp(path, &b->len);
    b->existed = b->bytes != NULL;
    if (b->existed) {
        FILE *devnull = fopen("/dev/null", "w");
        if (devnull != NULL) {
            b->readable = trace_read(path, &b->t, devnull) == 0;
            fclose(devnull);
        }
    }
}

golden_change golden_after(golden_before *b, const char *path, char *detail,
                           size_t n)
{
    golden_change c;
    detail[0] = '\0';
    size_t len = 0;
    char *now = slurp(path, &len);
    if (!b->existed) {
        c = GOLDEN_NEW;
    } else if (now != NULL && len == b->len &&
               memcmp(now, b->bytes, len) == 0) {
        c = GOLDEN_UNCHANGED;
    } else {
        c = GOLDEN_CHANGED;
        trace t;
        FILE *devnull = fopen("/dev/null", "w");
        int ok = b->readable && devnull != NULL &&
                 trace_read(path, &t, devnull) == 0;
        if (devnull != NULL)
            fclose(devnull);
        trace_fields fs;
        trace_divergence d;
        if (!ok) {
            snprintf(detail, n, "not readable before");
        } else if (trace_fields_match(&fs, &t, "new", &b->t, "old", NULL,
                                      stderr) != 0) {
            snprintf(detail, n, "no column in common with before");
            trace_free(&t);
        } else {
            if (!trace_compare(&t, &b->t, &fs, &d)) {
                snprintf(detail, n, fs.nskipped || t.ncols != b->t.ncols
                                        ? "new columns"
                                        : "the header only");
            } else if (d.field < 0) {
                snprintf(detail, n, "%d rows, were %d", t.rows, b->t.rows);
            } else {
                snprintf(detail, n, "frame %d, %s: was %" PRId32 ", now %"
                         PRId32 " (%d divergent frame%s)", d.frame,
                         fs.name[d.field], d.actual, d.expected, d.frames,
                         d.frames == 1 ? "" : "s");
            }
            trace_free(&t);
        }
    }
    free(now);
    free(b->bytes);
    if (b->readable)
        trace_free(&b->t);
    memset(b, 0, sizeof *b);
    return c;
}

const char *golden_change_name(golden_change c)
{
    return c == GOLDEN_NEW ? "new" : c == GOLDEN_UNCHANGED ? "unchanged"
                                                           : "changed";
}
