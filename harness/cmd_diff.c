/*
 * cmd_diff.c - `spgsim diff A.csv B.csv`: the first divergence between two
 * traces.  Exit 0 same, 1 different, 2 error.
 */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "diff.h"
#include "trace.h"

static void usage(FILE *f)
{
    fputs("usage: spgsim diff EXPECTED.csv ACTUAL.csv\n"
          "Compare two traces; print the first divergent frame and field\n"
          "with a few frames of context.  Exit 0 same, 1 different, 2 error.\n",
          f);
}

int cmd_diff(int argc, char **argv)
{
    const char *files[2];
    int nfiles = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return 0;
        }
        if (argv[i][0] == '-' && argv[i][1] != '\0') {
            fprintf(stderr, "spgsim diff: unknown option '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        }
        if (nfiles == 2) {
            usage(stderr);
            return 2;
        }
        files[nfiles++] = argv[i];
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
    trace_divergence d;
    int rc = 0;
    if (trace_compare(&a, &b, &d)) {
        printf("%s vs %s: ", files[0], files[1]);
        trace_divergence_summary(stdout, &d);
        putchar('\n');
        trace_divergence_context(stdout, &d, &a, &b, "  ");
        rc = 1;
    } else {
        printf("%s and %s are identical (%d rows)\n", files[0], files[1],
               a.rows);
    }
    trace_free(&a);
    trace_free(&b);
    if (fflush(stdout) != 0)
        return 2;
    return rc;
}
