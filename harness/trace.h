/*
 * trace.h - the one trace format (docs/trace-format.md): writing rows from
 * spg_player, reading traces back for diffs.
 *
 * The writer always produces the TRACE_COLUMNS columns below, in order.
 * The reader takes any set of named integer columns in any order (another
 * engine's trace has the columns it has) and keeps the names, so traces
 * are compared column by name (diff.h), never by position.
 */
#ifndef SPGSIM_TRACE_H
#define SPGSIM_TRACE_H

#include <stdint.h>
#include <stdio.h>

#include "spg/spg.h"

/* Number of columns the writer produces, including `frame`. */
#define TRACE_COLUMNS 30

/* Most columns a trace read from a file may have. */
#define TRACE_MAX_COLUMNS 128

/* Longest column name the reader accepts. */
#define TRACE_MAX_NAME 63

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

/*
 * A trace in memory: `rows` rows of `ncols` named integer columns.
 * values[r][c] is row r (frame r) of column names[c].  A `frame` column,
 * when there is one, holds 0, 1, 2, ... (the reader checks it).
 */
typedef struct trace {
    int rows;
    int ncols;
    char **names;           /* ncols column names */
    int32_t **values;       /* rows pointers to ncols values each */
    char scenario_hash[17]; /* "" when the header has none */
    char rom_md5[33];       /* "" when the header has none */
} trace;

/*
 * Read a trace.  Lines starting with '#' are header lines; the first other
 * line names the columns (a letter or '_' then letters, digits and '_';
 * unique; spaces around a name ignored); every following line holds one
 * integer per column.  A `frame` column is optional; when present it must count rows from 0.  On
 * error prints "file:line: message" to err and returns -1 (nothing to
 * free).
 */
int trace_read(const char *path, trace *out, FILE *err);
void trace_free(trace *t);

/* Column index of `name` in t, or -1. */
int trace_find_column(const trace *t, const char *name);

/* A trace of `n` player states (row i = frame i), e.g. a core run, for
 * comparing with one read from a file.  Header fields are left empty.
 * Returns 0, or -1 when out of memory. */
int trace_from_players(trace *out, const spg_player *rows, int n);

#endif /* SPGSIM_TRACE_H */
