/*
 * trace.h - the one trace format (docs/trace-format.md): writing rows from
 * spg_player (or, with the special stage's column set, trace/special.h),
 * reading traces back for diffs.
 *
 * The writer produces a column set's columns in order: for the normal
 * stage the TRACE_COLUMNS columns below.
 * The reader takes any set of named integer columns in any order (another
 * engine's trace has the columns it has) and keeps the names, so traces
 * are compared column by name (diff.h), never by position.
 */
#ifndef SPGSIM_TRACE_H
#define SPGSIM_TRACE_H

#include <stdint.h>
#include <stdio.h>

#include "spg/spg.h"

/* Number of columns the writer produces for the normal stage, including
 * `frame`. */
#define TRACE_COLUMNS 30

/* Most columns a trace read from a file may have. */
#define TRACE_MAX_COLUMNS 128

/* Longest column name the reader accepts. */
#define TRACE_MAX_NAME 63

/* Column names in order; trace_columns[0] is "frame". */
extern const char *const trace_columns[TRACE_COLUMNS];

/*
 * A column set: which state the rows of a trace we write describe.
 * Normal-stage traces (spg_player) use trace_layout_normal and write no
 * header line for it; special-stage traces (trace/special.c) use
 * trace_layout_special and say so in a "# columns: special_stage" header
 * line.
 */
typedef struct trace_layout {
    const char *name;             /* "normal" or "special_stage" */
    int count;                    /* columns, including `frame` */
    const char *const *columns;   /* names; columns[0] is "frame" */
} trace_layout;

extern const trace_layout trace_layout_normal;
extern const trace_layout trace_layout_special; /* trace/special.c */
/* Sonic 2: the normal columns, then spindash_counter, top_solid_bit and
 * lrb_solid_bit ("# columns: sonic2"). */
#define TRACE_COLUMNS_SONIC2 (TRACE_COLUMNS + 3)
extern const trace_layout trace_layout_sonic2;
/* Sonic 3: the sonic2 columns, then double_jump_flag ($2F),
 * double_jump_property ($25), scroll_delay_counter ($39) and
 * level_frame_counter (Level_frame_counter, $FFFFFE04) ("# columns:
 * sonic3"). */
#define TRACE_COLUMNS_SONIC3 (TRACE_COLUMNS_SONIC2 + 4)
extern const trace_layout trace_layout_sonic3;
/* Sonic & Knuckles: the sonic3 columns, then glide_flags
 * (Gliding_collision_flags, $FFFFF74E) ("# columns: sonic3k"). */
#define TRACE_COLUMNS_SONIC3K (TRACE_COLUMNS_SONIC3 + 1)
extern const trace_layout trace_layout_sonic3k;
/* Sonic CD: the normal columns, then charge (oPlayerCharge $2A),
 * player_ctrl (oPlayerCtrl $2C), look_mode (lookMode $FFFFF788),
 * time_zone ($00FF152E), cam_x_center ($FFFFF7A0), cam_y_center
 * ($FFFFF73E) and bored_timer ($FFFFF780) ("# columns: soniccd"). */
#define TRACE_COLUMNS_SONICCD (TRACE_COLUMNS + 7)
extern const trace_layout trace_layout_soniccd;

/* Index of a column of layout l by name, or -1. */
int trace_layout_column(const trace_layout *l, const char *name);

/* Index of a column by name, or -1. */
int trace_column_index(const char *name);

/* The values of one row, in column order. */
void trace_row_values(int frame, const spg_player *p, int32_t out[TRACE_COLUMNS]);

/* The same for a player column set l (normal, sonic2, sonic3, sonic3k or
 * soniccd): l->count values. */
void trace_row_values_layout(const trace_layout *l, int frame,
                             const spg_player *p, int32_t *out);

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
    /* The column set when known: the one a trace built here was made with;
     * for a trace read from a file, trace_layout_special when the header
     * says "# columns: special_stage", trace_layout_normal when it says
     * nothing and the columns are exactly the normal writer's, else NULL
     * (another engine's columns, compared by name alone). */
    const trace_layout *layout;
    char scenario_hash[17]; /* "" when the header has none */
    char rom_md5[33];       /* "" when the header has none */
} trace;

/*
 * Read a trace.  Lines starting with '#' are header lines; the first other
 * line names the columns (a letter or '_' then letters, digits and '_';
 * unique; spaces around a name ignored); every following line holds one
 * integer per column.  A `frame` column is optional; when present it must
 * count rows from 0.  A "# columns: NAME" header line before the column
 * row names the column set (special_stage or sonic2).  On
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

/* The same in column set l (trace_layout_normal or trace_layout_sonic2). */
int trace_from_players_layout(trace *out, const trace_layout *l,
                              const spg_player *rows, int n);

/* An empty trace of `n` rows with column set l (names from l, values
 * zeroed), for a run to fill.  Returns 0, or -1 when out of memory. */
int trace_alloc(trace *out, const trace_layout *l, int n);

/* Write header and rows of t (a whole trace whose layout is set) to f. */
void trace_write(FILE *f, const trace_meta *meta, const trace *t);

#endif /* SPGSIM_TRACE_H */
