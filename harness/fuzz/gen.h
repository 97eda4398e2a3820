/*
 * gen.h - the fuzzer's case generator: one seed -> one scenario.
 *
 * Swarm testing: each seed first switches on its own random subset of
 * features (terrain pieces, mask shapes, flips, solidity, start state,
 * input style, level limits), then builds a case from those alone, so that
 * across seeds every feature is seen both on its own and mixed with others,
 * and no single feature's noise drowns the rest.
 */
#ifndef SPGSIM_FUZZ_GEN_H
#define SPGSIM_FUZZ_GEN_H

#include <stddef.h>
#include <stdint.h>

#include "scenario.h"

/* The swarm's features; a case's `features` has one bit per feature on. */
enum {
    FUZZ_F_GROUND = 1u << 0,     /* a floor height field */
    FUZZ_F_SHALLOW = 1u << 1,    /* gentle slopes in it (<= 4 px a tile) */
    FUZZ_F_STEEP = 1u << 2,      /* steep slopes (5..16 px a tile) */
    FUZZ_F_CLIFFS = 1u << 3,     /* steps steeper than a tile (17..40 px) */
    FUZZ_F_PITS = 1u << 4,       /* gaps in the floor */
    FUZZ_F_CEILING = 1u << 5,    /* a ceiling height field above the floor */
    FUZZ_F_WALLS = 1u << 6,      /* vertical walls */
    FUZZ_F_PLATFORMS = 1u << 7,  /* floating top-solid (jump-through) ledges */
    FUZZ_F_CURVES = 1u << 8,     /* loop-like rings and round rooms */
    FUZZ_F_RANDOM_MASKS = 1u << 9, /* masks with random columns: negative,
                                      zero, full, any angle byte */
    FUZZ_F_FLIPS = 1u << 10,     /* random x/y flips on cells */
    FUZZ_F_SOLIDITY = 1u << 11,  /* random solidity per cell */
    FUZZ_F_TIGHT_BOTTOM = 1u << 12, /* the bottom limit's death line inside
                                       the map */
    FUZZ_F_TIGHT_SIDES = 1u << 13,  /* side limits inside the map */
    FUZZ_F_FLAT_FF = 1u << 14,   /* full blocks flat ($FF) instead of 0 */
    FUZZ_F_WIDE_RANGE = 1u << 15 /* mask columns beyond -16..16 */
};
#define FUZZ_FEATURE_COUNT 16

/* How the case starts. */
typedef enum fuzz_start_style {
    FUZZ_START_GROUND = 0,  /* on the floor, walking speed */
    FUZZ_START_ROLLING,     /* on the floor, curled */
    FUZZ_START_AIR,         /* anywhere, airborne, any speed */
    FUZZ_START_FAST,        /* on the floor, far above top speed */
    FUZZ_START_WALL,        /* on the ground with a wall or ceiling angle */
    FUZZ_START_ANY,         /* every field random */
    FUZZ_START_STYLES
} fuzz_start_style;

/* How the joypad is driven. */
typedef enum fuzz_input_style {
    FUZZ_INPUT_RANDOM = 0,  /* a fresh random byte each frame */
    FUZZ_INPUT_RUNS,        /* buttons held for runs of 1..60 frames */
    FUZZ_INPUT_JUMPY,       /* a direction held, jump pressed now and then */
    FUZZ_INPUT_STYLES
} fuzz_input_style;

typedef struct fuzz_case_info {
    uint64_t seed;
    uint32_t features;      /* FUZZ_F_* */
    fuzz_start_style start;
    fuzz_input_style input;
} fuzz_case_info;

/* Names for messages and descriptions. */
const char *fuzz_feature_name(uint32_t bit);
const char *fuzz_start_name(fuzz_start_style s);
const char *fuzz_input_name(fuzz_input_style s);

/* "ground+pits+curves" etc. into buf. */
void fuzz_features_string(uint32_t features, char *buf, size_t len);

/*
 * Build the case of `seed` into *s (which must be zeroed or freed), as a
 * Sonic 1 scenario the original level format can hold.  The scenario owns
 * its cells, inputs, name and description (scenario_free releases them);
 * its hash is set.  Returns 0, or -1 when out of memory.
 */
int fuzz_generate(uint64_t seed, scenario *s, fuzz_case_info *info);

#endif /* SPGSIM_FUZZ_GEN_H */
