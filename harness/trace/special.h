/*
 * special.h - the special-stage trace columns (docs/trace-format.md,
 * "Special-stage traces"): one row from an spg_ss_state, the same for the
 * core run and the capture.
 */
#ifndef SPGSIM_TRACE_SPECIAL_H
#define SPGSIM_TRACE_SPECIAL_H

#include <stdint.h>

#include "spg/special.h"
#include "trace/trace.h"

/* Number of special-stage columns, including `frame`. */
#define TRACE_SS_COLUMNS 37

/*
 * The values of one row.  `start_layout` is the layout as the scenario
 * wrote it (SPG_SS_LAYOUT_BYTES), for the layout_changes column.
 */
void trace_ss_row_values(int frame, const spg_ss_state *s,
                         const uint8_t *start_layout, int32_t *out);

/* FNV-1a (32-bit) of the item buffer as the original's RAM holds it
 * (32 slots of 8 bytes: type, 0, timer, step, address long). */
uint32_t trace_ss_items_hash(const spg_ss_state *s);

#endif /* SPGSIM_TRACE_SPECIAL_H */
