/*
 * fuzz.h - differential fuzzing of the core against the original code.
 *
 * Each case comes from a seed (gen.h).  It runs through the core
 * (scenario_run_core) and through an oracle, the original player code
 * under emulation (the capture); every column of every trace row is
 * compared, and the case stops at its first divergence.  A divergent case
 * is minimised (delta debugging over the input frames, the map cells and
 * the start-state fields) and written as a scenario plus the oracle's
 * golden, the same files `spgsim capture` writes, so `spgsim check` runs it
 * from then on.
 *
 * The oracle is an interface so that the tests can plant a divergence of
 * their own and check that it is found and minimised.
 */
#ifndef SPGSIM_FUZZ_FUZZ_H
#define SPGSIM_FUZZ_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "capture/capture.h"
#include "fuzz/compare.h"
#include "fuzz/gen.h"
#include "scenario/scenario.h"

/* The original code, as the fuzzer sees it.  `open` makes the state one
 * worker thread uses (NULL on failure, with a message in msg); `run` fills
 * rows[0..s->frames] or returns -1 with err filled; `write_golden` writes
 * the golden of s from rows (0 or -1 after printing to err_out). */
typedef struct fuzz_oracle {
    void *(*open)(void *arg, char *msg, size_t msglen);
    int (*run)(void *worker, const scenario *s, spg_player *rows,
               capture_error *err);
    int (*write_golden)(void *worker, const char *path, const scenario *s,
                        const spg_player *rows, FILE *err_out);
    void (*close)(void *worker);
    void *arg;
    const char *name;   /* for messages: the ROM's name */
    const char *md5;    /* the ROM's MD5, or NULL */
} fuzz_oracle;

/* The capture as an oracle: arg is a loaded capture_rom. */
fuzz_oracle fuzz_capture_oracle(const capture_rom *rom);

typedef struct fuzz_options {
    uint64_t first_seed;
    uint64_t cases;        /* cases to run (0: until time_limit) */
    double time_limit;     /* seconds (0: until `cases`) */
    int jobs;              /* worker threads, >= 1 */
    int shard, shards;     /* run case k when k % shards == shard */
    const char *out_root;  /* writes OUT/scenarios/regressions/NAME.yaml and
                              OUT/golden/regressions/NAME.csv */
    int minimise;          /* 1: minimise divergent cases */
    int write;             /* 1: write divergent cases */
    int progress;          /* 1: a live progress line on stderr */
    FILE *log;             /* per-divergence lines and the summary */
    const char *rom_arg;   /* for the "reproduce with" line */
    fuzz_gen_config gen;   /* the game (the ROM's) and the character; all
                              zero: Sonic 1 */
    uint64_t columns;      /* the trace columns compared (bit c: column c
                              of the game's column set, fuzz_game_layout);
                              0: every column */
} fuzz_options;

/* One divergent (or failed) case. */
typedef struct fuzz_finding {
    uint64_t seed;
    int failed;             /* 1: the oracle failed (no divergence info) */
    char message[480];      /* the oracle's error, when failed */
    fuzz_divergence div;    /* in the minimised case */
    int frames_before, frames_after;   /* case length before/after */
    int cells_before, cells_after;     /* non-empty cells before/after */
    char scenario_path[512];/* written files ("" when not written) */
    char golden_path[512];
} fuzz_finding;

typedef struct fuzz_summary {
    uint64_t cases;
    uint64_t frames;        /* frames compared */
    uint64_t divergences;
    uint64_t oracle_errors;
    double wall_time;
    fuzz_finding *findings; /* sorted by seed */
    size_t finding_count;
} fuzz_summary;

/*
 * Run the cases `opt` names against `oracle`.  Returns 0 when it ran (the
 * summary says what it found), -1 on a setup error (message on opt->log).
 */
int fuzz_run(const fuzz_options *opt, const fuzz_oracle *oracle,
             fuzz_summary *out);
void fuzz_summary_free(fuzz_summary *s);

/* The column set of the cases of gen's game (its descriptor's; the first
 * registered game's when gen is NULL or names game 0): what a finding's
 * column and fuzz_options.columns index. */
const trace_layout *fuzz_game_layout(const fuzz_gen_config *gen);

/* Write the summary as JSON. */
void fuzz_summary_json(FILE *f, const fuzz_options *opt,
                       const fuzz_oracle *oracle, const fuzz_summary *s);

#endif /* SPGSIM_FUZZ_FUZZ_H */
