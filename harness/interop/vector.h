/*
 * vector.h - a scenario as something other tools read without our YAML
 * loader: a language-neutral JSON test vector (docs/test-vectors.md,
 * schema/vector.schema.json) and a BizHawk .bk2 movie of its inputs
 * (docs/movies.md).  Both are written from the loaded `scenario`.
 */
#ifndef SPGSIM_EXPORT_H
#define SPGSIM_EXPORT_H

#include <stdio.h>

#include "scenario/scenario.h"
#include "trace/trace.h"

/* Format version of the test vectors: the "spgsim_vector" key. */
#define EXPORT_VECTOR_VERSION 1

/* What the vector says about the golden. */
typedef enum export_golden {
    EXPORT_GOLDEN_FRESH,   /* captured from this version of the scenario */
    EXPORT_GOLDEN_MISSING, /* no golden file (or not under scenarios/) */
    EXPORT_GOLDEN_STALE    /* captured from another version: left out */
} export_golden;

/*
 * Write the test vector of `s` (loaded from `path`; `rel` is its path under
 * scenarios/ without .yaml).  `golden` is the golden trace when `state` is
 * EXPORT_GOLDEN_FRESH, else NULL.
 */
void export_vector_json(FILE *f, const scenario *s, const char *path,
                        const char *rel, const trace *golden,
                        export_golden state);

/*
 * Write a BizHawk movie (a zip archive of stored entries) whose input log
 * holds `lead` empty frames and then the scenario's frames, one per line:
 * scenario frame k is movie frame lead + k - 1 (counting from 0).
 */
void export_bk2(FILE *f, const scenario *s, const char *rel, int lead);

#endif /* SPGSIM_EXPORT_H */
