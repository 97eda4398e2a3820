/*
 * diff.c - `spgsim diff [--fields LIST] [--all] [--context N]
 * EXPECTED.csv ACTUAL.csv`: where two traces diverge, column by name.
 * Exit 0 same, 1 different, 2 error.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "trace/diff.h"
#include "trace/trace.h"

static void usage(FILE *f)
{
    fputs("usage: spgsim diff [--fields LIST] [--all] [--context N] "
          "EXPECTED.csv ACTUAL.csv\n"
          "Compare two traces column by name, in any column order: every\n"
          "column of EXPECTED (but frame) that ACTUAL has too, or the\n"
          "comma-separated --fields (both must have them).  Prints the\n"
          "first divergent frame and field with N frames of context on each\n"
          "side (default 3 before, 2 after); --all lists every divergent\n"
          "frame.  Exit 0 same, 1 different, 2 error.\n",
          f);
}

/* A non-negative decimal int, or -1. */
int diff_parse_count(const char *s)
{
    char *end;
    if (s == NULL || *s < '0' || *s > '9')
        return -1;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno != 0 || *end != '\0' || v > 100000)
        return -1;
    return (int)v;
}

int cmd_diff(int argc, char **argv)
{
    const char *files[2];
    const char *fields = NULL;
    int nfiles = 0, all = 0, before = DIFF_CONTEXT_BEFORE,
        after = DIFF_CONTEXT_AFTER;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(a, "--all") == 0) {
            all = 1;
            continue;
        }
        if (strcmp(a, "--fields") == 0 || strcmp(a, "--context") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "spgsim diff: %s needs a value\n", a);
                return 2;
            }
            const char *v = argv[++i];
            if (strcmp(a, "--fields") == 0) {
                fields = v;
            } else if ((before = after = diff_parse_count(v)) < 0) {
                fprintf(stderr, "spgsim diff: --context needs a number of "
                                "frames (0..100000), not '%s'\n", v);
                return 2;
            }
            continue;
        }
        if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "spgsim diff: unknown option '%s'\n", a);
            usage(stderr);
            return 2;
        }
        if (nfiles == 2) {
            usage(stderr);
            return 2;
        }
        files[nfiles++] = a;
    }
    if (nfiles != 2) {
        usage(stderr);
        return 2;
    }
    trace a, b;
    if (trace_read(files[0], &a, stderr) != 0)
        return 2;
    if (trace_read(files[1], &b, stderr) != 0) {
        trace_free(&a);
        return 2;
    }
    trace_fields fs;
    if (trace_fields_match(&fs, &a, files[0], &b, files[1], fields,
                           stderr) != 0) {
        trace_free(&a);
        trace_free(&b);
        return 2;
    }
    trace_divergence d;
    int rc = 0;
    if (trace_compare(&a, &b, &fs, &d)) {
        printf("%s vs %s: ", files[0], files[1]);
        trace_divergence_summary(stdout, &d, &fs);
        putchar('\n');
        if (all)
            trace_divergence_all(stdout, &a, &b, &fs, "  ");
        else
            trace_divergence_context(stdout, &d, &a, &b, &fs, before, after,
                                     "  ");
        if (d.frames > 1 && !all)
            printf("  %d divergent frames in all (--all lists them)\n",
                   d.frames);
        rc = 1;
    } else {
        printf("%s and %s agree on %d field%s over %d rows\n", files[0],
               files[1], fs.n, fs.n == 1 ? "" : "s", a.rows);
    }
    if (fs.nskipped) {
        fputs("  ", stdout);
        trace_fields_note(stdout, &fs, &a, files[1]);
        putchar('\n');
    }
    trace_free(&a);
    trace_free(&b);
    if (fflush(stdout) != 0)
        return 2;
    return rc;
}
