/*
 * view.h - what the trace viewer (`spgsim view`, docs/viewer.md) shows of
 * a scenario, as JSON: the map (cells, secondary masks, the masks' heights
 * and widths) or a special stage's maze (its blocks), the start, and two or three traces side by side, each but
 * the first with its first divergence from the first (compared column by
 * name, like `spgsim diff`).  The page itself (harness/interop/viewer.html)
 * is embedded in the program by the Makefile; the CLI splices this data
 * into it.
 */
#ifndef SPGSIM_VIEW_H
#define SPGSIM_VIEW_H

#include <stdio.h>

#include "scenario/scenario.h"
#include "trace/trace.h"

/* Format version of the data: the "spgsim_view" key. */
#define VIEW_DATA_VERSION 1

/* Most traces one view shows. */
#define VIEW_MAX_TRACES 3

/* One trace of a view: its label in the page ("golden", "core",
 * "actual"), where it came from (a path, or "spgsim run"), the trace. */
typedef struct view_trace {
    const char *label;
    const char *source;
    const trace *t;
} view_trace;

/*
 * Check that every trace after the first compares with the first (shares
 * columns with it, by name; trace/diff.h).  Returns 0, or -1 after
 * printing "spgsim view: ..." to err.
 */
int view_check_traces(const view_trace *traces, int n, FILE *err);

/*
 * Write the view data of scenario `s` (its path under scenarios/ without
 * .yaml is `rel`) as one JSON object: "mode" "normal" with the map and
 * masks, or "special_stage" with the maze as loaded ("special").  `note` (may be
 * NULL) is shown in the page (e.g. why there is no golden).  Every '<' in
 * a string is written as \u003c, so the object may sit inside a <script>
 * element.  The traces must have passed view_check_traces.
 */
void view_write_json(FILE *f, const scenario *s, const char *rel,
                     const char *note, const view_trace *traces, int n);

#endif /* SPGSIM_VIEW_H */
