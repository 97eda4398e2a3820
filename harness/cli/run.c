/*
 * run.c - `spgsim run SCENARIO.yaml [-o trace.csv]`: run a scenario
 * through the core and write its trace (stdout by default).
 */
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "util/outfile.h"
#include "scenario/scenario.h"
#include "trace/trace.h"

static void usage(FILE *f)
{
    fputs("usage: spgsim run SCENARIO.yaml [-o TRACE.csv]\n"
          "Run a scenario through the core and write its trace (stdout by\n"
          "default; '-o -' is stdout too).\n",
          f);
}

int cmd_run(int argc, char **argv)
{
    const char *in = NULL, *out = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(argv[i], "-o") == 0 || strcmp(argv[i], "--output") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "spgsim run: %s needs a file name\n", argv[i]);
                return 2;
            }
            out = argv[++i];
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            fprintf(stderr, "spgsim run: unknown option '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        } else if (in == NULL) {
            in = argv[i];
        } else {
            fprintf(stderr, "spgsim run: one scenario at a time\n");
            usage(stderr);
            return 2;
        }
    }
    if (in == NULL) {
        usage(stderr);
        return 2;
    }

    scenario *s = malloc(sizeof *s);
    if (s == NULL) {
        fprintf(stderr, "spgsim run: out of memory\n");
        return 2;
    }
    if (scenario_load(in, s, stderr) != 0) {
        free(s);
        return 2;
    }
    trace t;
    if (scenario_trace_core(s, &t) != 0) {
        fprintf(stderr, "spgsim run: out of memory\n");
        scenario_free(s);
        free(s);
        return 2;
    }

    int rc = 2;
    outfile o;
    if (outfile_open(&o, out, stderr) == 0) {
        char hash[17];
        scenario_hash_hex(s, hash);
        trace_meta meta = {"core", SPG_VERSION, NULL, NULL, hash};
        trace_write(o.f, &meta, &t);
        if (outfile_commit(&o, stderr) == 0)
            rc = 0;
    }
    trace_free(&t);
    scenario_free(s);
    free(s);
    return rc;
}
