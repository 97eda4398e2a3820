/*
 * trace.h - the one trace format (docs/trace-format.md): writing rows from
 * spg_player, reading traces back for diffs.
 */
#ifndef SPGSIM_TRACE_H
#define SPGSIM_TRACE_H

#include <stdint.h>
#include <stdio.h>

#include "spg/spg.h"

/* Number of columns, including `frame`. */
#define TRACE_COLUMNS 30

/* Column names in order; trace_columns[0] is "frame". */
extern const char *const trace_columns[TRACE_COLUMNS];

/* Index of a column by name, or -1. */
int trace_column_index(const char *name);

/* The values of one row, in column order. */
void trace_row_values(int frame, const spg_player *p, int32_t out[TRACE_COLUMNS]);

/* Header lines; NULL fields are left out. */
typedef struct trace_meta {
    const char *source;          /* "core" or "capture" */
    const char *core_version;
    const char *rom_md5;
    const char *capture_version;
    const char *scenario_hash;   /* 16 hex digits */
} trace_meta;

/* Write the header comment lines and the column row. */
void trace_write_header(FILE *f, const trace_meta *meta);

/* Write one row. */
void trace_write_row(FILE *f, int frame, const spg_player *p);

/* A trace read back from a file. */
typedef struct trace {
    int rows;
    int32_t (*values)[TRACE_COLUMNS];
    char scenario_hash[17]; /* "" when the header has none */
    char rom_md5[33];       /* "" when the header has none */
} trace;

/* Read a trace; on error prints "file:line: message" to err, returns -1. */
int trace_read(const char *path, trace *out, FILE *err);
void trace_free(trace *t);

/* A trace of `n` player states (row i = frame i), e.g. a core run, for
 * comparing with one read from a file.  Header fields are left empty.
 * Returns 0, or -1 when out of memory. */
int trace_from_players(trace *out, const spg_player *rows, int n);

#endif /* SPGSIM_TRACE_H */
