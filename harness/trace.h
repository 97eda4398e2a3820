/*
 * trace.h - the one trace format (docs/trace-format.md): writing rows from
 * spg_player, reading traces back for diffs.
 */
#ifndef SPGSIM_TRACE_H
#define SPGSIM_TRACE_H

#include <stdint.h>
#include <stdio.h>

#include "spg/spg.h"

/* Number of columns of a normal-stage trace, including `frame`. */
#define TRACE_COLUMNS 25

/* Room for the widest column set (the special stage's). */
#define TRACE_MAX_COLUMNS 32

/*
 * A column set: which state a trace's rows describe.  Normal-stage traces
 * (spg_player) use trace_layout_normal and write no header line for it;
 * special-stage traces (trace_special.c) use trace_layout_special and say
 * so in a "# columns: special_stage" header line.
 */
typedef struct trace_layout {
    const char *name;             /* "normal" or "special_stage" */
    int count;                    /* columns, including `frame` */
    const char *const *columns;   /* names; columns[0] is "frame" */
} trace_layout;

extern const trace_layout trace_layout_normal;
extern const trace_layout trace_layout_special;

/* Index of a column of layout l by name, or -1. */
int trace_layout_column(const trace_layout *l, const char *name);

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

/* The same for any column set (the "# columns:" line for non-normal ones). */
void trace_write_header_layout(FILE *f, const trace_meta *meta,
                               const trace_layout *l);

/* Write one row of l->count values. */
void trace_write_values(FILE *f, const trace_layout *l, const int32_t *v);

/* Write one row. */
void trace_write_row(FILE *f, int frame, const spg_player *p);

/* A trace read back from a file. */
typedef struct trace {
    int rows;
    const trace_layout *layout;  /* the column set of the rows */
    int32_t (*values)[TRACE_MAX_COLUMNS]; /* layout->count used per row */
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

/* An empty trace of `n` rows with column set l (values zeroed), for a run
 * to fill.  Returns 0, or -1 when out of memory. */
int trace_alloc(trace *out, const trace_layout *l, int n);

/* Write header and rows of t (a whole trace) to f. */
void trace_write(FILE *f, const trace_meta *meta, const trace *t);

#endif /* SPGSIM_TRACE_H */
