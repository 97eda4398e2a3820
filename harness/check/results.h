/*
 * results.h - what `spgsim check` found for each scenario, and the three
 * ways it is written out: the text lines, JSON (docs/check-json.md,
 * schema/check.schema.json) and JUnit XML.
 */
#ifndef SPGSIM_RESULTS_H
#define SPGSIM_RESULTS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "scenario/scenario.h"

enum check_status {
    ST_PASS,
    ST_FAIL,
    ST_NO_GOLDEN,
    ST_STALE,
    ST_ERROR,
    ST_COUNT
};

/* "pass", "FAIL", "no golden", "stale golden", "error" */
extern const char *const check_status_names[ST_COUNT];

/* One `verifies:` entry against the golden and the compared trace. */
typedef struct vresult {
    const scenario_verify *v; /* owned by the result's scenario */
    int has_golden, has_actual;
    int32_t golden, actual;
    char *problem; /* why this entry fails the scenario, or NULL */
} vresult;

/* The first divergence, kept by name (the traces are gone by then). */
typedef struct check_divergence {
    int frame;
    char *field;      /* "rows" when only the row counts differ */
    int32_t expected, actual;
    char **also;      /* the other fields differing at that frame */
    int nalso;
    int frames;       /* divergent frames in all */
} check_divergence;

typedef struct check_result {
    char *path;         /* the scenario file */
    char *rel;          /* its path under scenarios/, without .yaml */
    char *golden_path;  /* NULL when the path is not under scenarios/ */
    char *actual_path;  /* --actual-dir: the engine's trace; NULL: core */
    char *topic;
    char *message;      /* one line: error / divergence / stale detail */
    char *context;      /* FAIL: the context table or every divergent frame */
    char **not_compared; /* golden columns the actual trace lacks */
    int nnot_compared;
    enum check_status status;
    int loaded;
    scenario s;
    int diverged;       /* the traces differ (d is set) */
    check_divergence d;
    int nproblems;      /* verifies entries that fail the scenario */
    char rom_md5[33];
    char hash[17], golden_hash[17];
    vresult *vr;
    double seconds;     /* time to check it */
} check_result;

/* What the whole run was, for the JSON and JUnit headers. */
typedef struct check_run {
    const char *actual_dir; /* NULL: the core was compared */
    const char *fields;     /* --fields, or NULL */
    size_t n;
    int counts[ST_COUNT];
    double seconds;
    char timestamp[32];     /* ISO 8601, UTC */
} check_run;

void check_result_free(check_result *r);

/* The text line(s) of one result; quiet leaves out passing scenarios. */
void results_print(FILE *f, const check_result *r, int quiet);

/* The closing lines: "N pass, N FAIL, ..." and "N passed, N failed". */
void results_print_summary(FILE *f, const check_run *run);

void results_write_json(FILE *f, const check_result *rs,
                        const check_run *run);
void results_write_junit(FILE *f, const check_result *rs,
                         const check_run *run);

#endif /* SPGSIM_RESULTS_H */
