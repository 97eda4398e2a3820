/*
 * minimise.h - shrinking a divergent case while it still diverges.
 */
#ifndef SPGSIM_FUZZ_MINIMISE_H
#define SPGSIM_FUZZ_MINIMISE_H

#include "fuzz/fuzz.h"

/* Runs a candidate through the core and the oracle. */
typedef struct fuzz_probe {
    const fuzz_oracle *oracle;
    void *worker;
    spg_player *core_rows, *orig_rows; /* room for `room` rows each */
    int room;
    int evaluations;                   /* candidates run so far */
    int budget;                        /* at most this many */
    uint64_t columns;                  /* compared (fuzz_compare_columns);
                                          0: every column */
} fuzz_probe;

/*
 * Run s (s->frames + 1 <= p->room) and compare: 1 with *d filled when the
 * runs differ, 0 when they agree, -1 when the oracle failed (err filled).
 */
int fuzz_probe_run(fuzz_probe *p, const scenario *s, fuzz_divergence *d,
                   capture_error *err);

/*
 * Shrink s, which diverges first at *d, keeping the first divergence in the
 * same trace column: cut the frames after it, then by delta debugging blank
 * input frames, clear map cells, make a Sonic 2 cell's secondary path the
 * same as its primary path (mask and solidity) and reset start-state
 * fields to their defaults, then crop the map to what is left.  On return s is the
 * smallest case found (its hash updated) and *d its first divergence.
 */
void fuzz_minimise(fuzz_probe *p, scenario *s, fuzz_divergence *d);

/* Non-empty cells of a scenario's map. */
int fuzz_cell_count(const scenario *s);

#endif /* SPGSIM_FUZZ_MINIMISE_H */
