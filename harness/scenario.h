/*
 * scenario.h - a loaded scenario: what both the core run and the capture
 * need, built from the YAML file (docs/scenario-format.md).
 */
#ifndef SPGSIM_SCENARIO_H
#define SPGSIM_SCENARIO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "spg/spg.h"

#define SCENARIO_MAX_MASKS 256
#define SCENARIO_MAX_FRAMES 100000

/* One `verifies:` entry. Strings are owned by the scenario. */
typedef struct scenario_verify {
    char *id;
    char *source;
    char *quote;
    char *field;      /* a trace column name */
    char *note;       /* may be NULL */
    int frame;
    int32_t value;    /* the guide's value */
    int has_original;
    int32_t original; /* the original's value, when the entry states it */
    int line, col;    /* position of the entry in the file */
} scenario_verify;

typedef struct scenario {
    char *path;        /* as given */
    char *name;
    char *description; /* may be NULL */
    spg_game game;
    spg_character character;
    spg_variant variant;
    spg_profile profile;

    /* The tile map handed to the core; map.masks points at masks[],
     * map.cells at cells. masks[0] is the empty mask. */
    spg_map map;
    spg_mask masks[SCENARIO_MAX_MASKS];
    uint16_t *cells;

    spg_player start;  /* row 0 */
    int frames;        /* rows 1..frames */
    spg_input *inputs; /* frames entries; inputs[i] drives row i+1 */

    scenario_verify *verifies;
    int verify_count;

    /* Hash of the physics input (game, character, variant, tiles, map,
     * start, bounds, input, frames): what a golden's scenario_hash holds. */
    uint64_t hash;
} scenario;

/*
 * Note: map.masks points into the struct itself (masks[]), so a scenario
 * must not be copied by value; pass pointers.
 *
 * Load and check a scenario file.  On success returns 0 and fills *out.
 * On any problem prints "file:line:col: message" to `err` and returns -1
 * (nothing to free then).
 */
int scenario_load(const char *path, scenario *out, FILE *err);

/* Release what scenario_load allocated. */
void scenario_free(scenario *s);

/* Recompute s->hash after building or changing a scenario in memory. */
void scenario_update_hash(scenario *s);
int scenario_write_yaml(FILE *f, const scenario *s);

/* The scenario hash as 16 lowercase hex digits (buf of 17 bytes). */
void scenario_hash_hex(const scenario *s, char buf[17]);

/*
 * Run the scenario through the core: rows[0] = the start state, rows[i] =
 * the state after frame i (spg_step with inputs[i-1]).  rows must hold
 * frames + 1 entries.
 */
void scenario_run_core(const scenario *s, spg_player *rows);

#endif /* SPGSIM_SCENARIO_H */
