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

#include "games/game.h"
#include "scenario/scenario.h"

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
    FUZZ_F_WIDE_RANGE = 1u << 15, /* mask columns beyond -16..16 */

    /* Sonic 2 only (drawn from the case's second stream, see
     * fuzz_generate_game; a Sonic 1 case never has them). */
    FUZZ_F2_PATH_SOLIDITY = 1u << 16, /* other solidity on the secondary
                                         path in some cells */
    FUZZ_F2_PATH_TILES = 1u << 17,    /* another mask on the secondary path
                                         in some cells (tile2) */
    FUZZ_F2_PATH_LAYER = 1u << 18,    /* terrain only one path sees */
    FUZZ_F2_SECONDARY = 1u << 19,     /* start on the secondary path */
    FUZZ_F2_SPINDASH = 1u << 20,      /* spindash input spliced in: down
                                         held, A/B/C presses, release */
    FUZZ_F2_IDLE = 1u << 21,          /* standing still with no input for
                                         180..1100 frames first (idle skip) */
    FUZZ_F2_SPINDASH_STATE = 1u << 22, /* start with a spindash charge, the
                                         spindash flag or ducking */
    FUZZ_F2_WRAP = 1u << 23           /* the vertical wrap (bounds top
                                         -$100), the map at the top or the
                                         bottom of the level; only in a
                                         game with GAME_TOP_LIMIT */
};
/* The Sonic 1 swarm: bits 0..FUZZ_FEATURE_COUNT-1 (every game). */
#define FUZZ_FEATURE_COUNT 16
/* Sonic 2's own features: the next FUZZ_S2_FEATURE_COUNT bits. */
#define FUZZ_S2_FEATURE_COUNT 8
#define FUZZ_ALL_FEATURE_COUNT (FUZZ_FEATURE_COUNT + FUZZ_S2_FEATURE_COUNT)

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

/* Which cases to make: the game (from the ROM) and the character. */
#define FUZZ_CHAR_ANY (-1) /* Sonic 2: Sonic or Tails, by seed */
typedef struct fuzz_gen_config {
    spg_game game;  /* a registered game (games/game.h); 0: the first
                       registered one (Sonic 1) */
    int character;  /* FUZZ_CHAR_ANY, SPG_CHAR_SONIC or SPG_CHAR_TAILS
                       (Sonic 1: Sonic whatever it says) */
    /* NULL: generated maps; else the cases run on this scenario's map
     * (`--level FILE`, fuzz_generate_on_level), whose game is `game`. */
    const struct scenario *level;
} fuzz_gen_config;

typedef struct fuzz_case_info {
    uint64_t seed;
    spg_game game;
    spg_character character;
    uint32_t features;      /* FUZZ_F_*, FUZZ_F2_* */
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

/*
 * The same for the game and character `cfg` names (NULL: Sonic 1, which
 * is fuzz_generate).  A Sonic 2 case is built from the same main random
 * stream as the Sonic 1 case of that seed (terrain, start, input), with
 * a second stream of the seed deciding everything Sonic 2 adds: the
 * character when cfg says any, the FUZZ_F2_* features, the secondary
 * collision path's masks and solidity, the start path, the spindash
 * fields and input, the idle stretch.  So a Sonic 1 case stays what it
 * was, byte for byte, and a Sonic 2 case is the Sonic 1 case's terrain
 * seen by the Sonic 2 player plus what only Sonic 2 has.
 */
int fuzz_generate_game(const fuzz_gen_config *cfg, uint64_t seed, scenario *s,
                       fuzz_case_info *info);

/*
 * A case on a given map (level.c): the map, zone, loops, bounds, game,
 * character and variant of `level`, and from the seed a start on a
 * surface of it or in the air over it and 100..6000 frames of input.
 * Returns 0, or -1 when out of memory.
 */
int fuzz_generate_on_level(const struct scenario *level, uint64_t seed,
                           struct scenario *s, fuzz_case_info *info);

/* "sonic", "tails", "any" <-> FUZZ_CHAR_ANY / SPG_CHAR_*; -2 when unknown. */
int fuzz_character_parse(const char *name);
const char *fuzz_character_name(int character);

#endif /* SPGSIM_FUZZ_GEN_H */
