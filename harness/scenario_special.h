/*
 * scenario_special.h - the special-stage part of a scenario
 * (`mode: special_stage`, docs/scenario-format.md "Special-stage
 * scenarios"): the maze through a legend, the start, the stage angle and
 * rotation; and running it through the core.
 */
#ifndef SPGSIM_SCENARIO_SPECIAL_H
#define SPGSIM_SCENARIO_SPECIAL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <yaml.h>

#include "spg/special.h"
#include "scenario.h"
#include "trace.h"

/* Largest maze: the game's stage area (64 x 64 blocks at row/column $20). */
#define SCENARIO_SS_MAX SPG_SS_STAGE_SIZE

typedef struct scenario_special {
    spg_ss_state start;   /* row 0: the state before the first frame; its
                             layout holds the maze */
    int width, height;    /* maze size in blocks */
} scenario_special;

/* What the root loader hands over: the document and where to report. */
typedef struct scenario_special_ctx {
    const char *path;
    FILE *err;
    yaml_document_t *doc;
    const char *text;     /* the file, for positions inside block scalars */
    size_t text_len;
} scenario_special_ctx;

/*
 * Load the `special_stage:` mapping into a new scenario_special (*out,
 * owned by the scenario, freed by scenario_free).  Returns 0, or -1 after
 * printing "file:line:col: message".
 */
int scenario_special_load(const scenario_special_ctx *ctx,
                          const yaml_node_t *node, scenario_special **out);

/* The hash of the physics input of a special-stage scenario. */
uint64_t scenario_special_hash(const scenario *s);

/* Run a special-stage scenario through the core into a trace (row i =
 * the state after frame i).  Returns 0, or -1 when out of memory. */
int scenario_special_trace_core(const scenario *s, trace *out);

#endif /* SPGSIM_SCENARIO_SPECIAL_H */
