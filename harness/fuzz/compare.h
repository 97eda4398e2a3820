/*
 * compare.h - comparing a core run with the original's, and copying a
 * scenario: the helpers fuzz.c and minimise.c share (below both).
 */
#ifndef SPGSIM_FUZZ_COMPARE_H
#define SPGSIM_FUZZ_COMPARE_H

#include <stdint.h>

#include "scenario/scenario.h"
#include "trace/trace.h"

/* Where two runs first differ. */
typedef struct fuzz_divergence {
    int frame;          /* trace row */
    int column;         /* column index in the case's column set
                           (fuzz_column_name) */
    int32_t expected;   /* the original's value */
    int32_t actual;     /* the core's value */
} fuzz_divergence;

/*
 * Compare a core run with an oracle run of the same scenario in the
 * scenario's column set l (scenario_layout: Sonic 2's adds
 * spindash_counter, top_solid_bit, lrb_solid_bit; NULL: the normal one):
 * returns 1 and fills *d at the first divergent row and column, 0 when
 * all `rows` rows agree in every column of l.
 */
int fuzz_compare(const trace_layout *l, const spg_player *core,
                 const spg_player *orig, int rows, fuzz_divergence *d);

/* The same over the columns whose bit is set in `columns` (bit c: column
 * c of l; FUZZ_ALL_COLUMNS: every one). */
#define FUZZ_ALL_COLUMNS (~(uint64_t)0)
int fuzz_compare_columns(const trace_layout *l, uint64_t columns,
                         const spg_player *core, const spg_player *orig,
                         int rows, fuzz_divergence *d);

/* The name of column `column` of column set l (a case's: its game's,
 * scenario_layout; NULL: the normal one), "?" beyond it.  The sets share
 * the normal columns and differ after them (Sonic 2 and 3 add the path
 * and their own fields, Sonic CD its own), so a column is named in the
 * set it was found in. */
const char *fuzz_column_name(const trace_layout *l, int column);

/* Deep copy of a scenario (cells, secondary-path masks, inputs, strings;
 * no verifies).  Returns
 * 0 or -1 when out of memory. */
int fuzz_scenario_copy(scenario *dst, const scenario *src);

#endif /* SPGSIM_FUZZ_COMPARE_H */
