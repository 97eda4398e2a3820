/*
 * scenario.h - a loaded scenario: what both the core run and the capture
 * need, built from the YAML file (docs/scenario-format.md), or built in
 * memory and written out as YAML (the fuzzer).
 */
#ifndef SPGSIM_SCENARIO_H
#define SPGSIM_SCENARIO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "spg/spg.h"
#include "games/game.h"

#define SCENARIO_MAX_MASKS 256
#define SCENARIO_MAX_FRAMES 100000
/* Entries in Sonic's animation script table (Ani_Sonic): ids 0..$1E. */

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
    int line, col;    /* position of the entry in the file (0 if built) */
} scenario_verify;

/* What a scenario simulates. */
typedef enum scenario_mode {
    SCENARIO_NORMAL = 0,        /* the normal stage: object 01 over tiles */
    SCENARIO_SPECIAL_STAGE = 1  /* the Sonic 1 special stage (object 09) */
} scenario_mode;

struct scenario_special; /* special.h */

/*
 * `imported:` (docs/scenario-format.md, "Imported levels"): where a
 * scenario's level came from, written by `spgsim import-level` (a real act
 * read from the user's own ROM).  Such a file holds the user's level data
 * and is never committed: scenario_load refuses one inside a spgsim
 * repository's scenarios/ directory (scenario_suite_dir).  Strings are
 * owned by the struct.
 */
typedef struct scenario_imported {
    char *rom_md5;   /* the image's MD5: 32 lowercase hex digits */
    char *game;      /* the game's name in the format (the scenario's) */
    char *zone;      /* the act's zone as import-level names it ("ghz") */
    int act;         /* with `zone`, one of the game's levels */
    char *tool;      /* "spgsim import-level 0.1.0" */
    int line, col;   /* position of the `imported:` key (0 if built) */
} scenario_imported;

/*
 * A scenario.  Every pointer is owned by the struct and released by
 * scenario_free.
 *
 * Building one in memory (what the loader produces, and what
 * scenario_check and scenario_write_yaml expect):
 *   - scenario_init: name, path, game, character, variant, profile, an
 *     empty masks[0], map = spg_map_default() with map.masks = masks and
 *     map.mask_count = 1, start = spg_player_default, no cells, no frames.
 *   - masks[1..mask_count-1]: the masks (heights and widths -128..127,
 *     angle), with map.mask_count set to match; masks[0] stays all zero.
 *   - cells: malloc'd, map.width * map.height cell words, row-major
 *     (scenario_set_map allocates them zeroed); each is 0 (empty) or a mask
 *     index 1..mask_count-1 with any of SPG_CELL_XFLIP, SPG_CELL_YFLIP,
 *     SPG_CELL_TOP_SOLID, SPG_CELL_SIDE_SOLID and (Sonic 2 only)
 *     SPG_CELL_TOP_SOLID_2, SPG_CELL_SIDE_SOLID_2, and no other bit.
 *   - cells2 (Sonic 2 only, may be NULL): see the field.
 *     map.cells == cells; map.x0, map.y0 (tiles), map.width, map.height
 *     (>= 1 each) inside the game's tile layout (profile.layout_tiles_x/y).
 *   - map.limit_left/right/bottom: the bounds (default: wide open).
 *   - start: the player (see scenario_check for what each field may hold).
 *   - frames (1..SCENARIO_MAX_FRAMES) and inputs: malloc'd, frames entries
 *     (scenario_set_frames allocates them zeroed); set held, then
 *     scenario_derive_pressed (pressed = held and not held the frame before).
 *   - description (may be NULL), verifies (malloc'd array of verify_count,
 *     strings malloc'd): optional.
 *   - hash: call scenario_update_hash after the last change.
 * Note: map.masks points into the struct itself (masks[]), so a scenario
 * must not be copied by value; pass pointers.
 *
 * A special-stage scenario (mode SCENARIO_SPECIAL_STAGE) comes from the
 * loader: its maze and start are in `special`, and the normal-stage
 * fields (profile, masks, map, cells, start) are unused.  The builders
 * below are for normal-stage scenarios; scenario_check and
 * scenario_write_yaml take either.
 */
typedef struct scenario {
    char *path;        /* as given (the name for a built scenario) */
    scenario_mode mode;
    /* SCENARIO_SPECIAL_STAGE: the maze and start (owned), else NULL. */
    struct scenario_special *special;
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
    /* Sonic 2: the mask index (0..mask_count-1) a player on the secondary
     * collision path sees in each cell (width * height, like cells), or
     * NULL when every cell shows the same mask on both paths.  When set,
     * map.secondary_masks == cells2.  Sonic 1: always NULL. */
    uint8_t *cells2;

    /* Sonic 1's loops and roll tunnels (docs/scenario-format.md, "Loops
     * and roll tunnels"); all NULL in a scenario without them:
     *   - chunk_kinds: SCENARIO_CHUNK_* of each 256 px chunk of the
     *     layout's foreground, SCENARIO_LAYOUT_CHUNKS_Y rows of
     *     SCENARIO_LAYOUT_CHUNKS_X (`map: chunks:`);
     *   - low_cells: the low plane, width * height cell words like cells
     *     (`map: low_rows:`); NULL: a loop chunk's low plane is its high
     *     plane;
     *   - layout: the v_lvllayout bytes the core reads (spg_map.layout),
     *     made from chunk_kinds and the zone by scenario_make_layout.
     * map.zone and map.loop_chunks are the `zone:`'s (scenario_set_zone;
     * the game's default zone without the key). */
    uint8_t *chunk_kinds;
    uint16_t *low_cells;
    uint8_t *layout;

    spg_player start;  /* row 0 */
    int frames;        /* rows 1..frames */
    spg_input *inputs; /* frames entries; inputs[i] drives row i+1 */

    scenario_verify *verifies;
    int verify_count;

    /* `imported:` (may be NULL): not hashed, not physics. */
    scenario_imported *imported;

    /* Hash of the physics input (game, character, variant, tiles, map,
     * start, bounds, input, frames): what a golden's scenario_hash holds. */
    uint64_t hash;
} scenario;

/* Sonic 1's layout of 256 px chunks: 64 across (the foreground half of a
 * row), 8 down. */
#define SCENARIO_LAYOUT_CHUNKS_X 64
#define SCENARIO_LAYOUT_CHUNKS_Y 8
#define SCENARIO_LAYOUT_CHUNKS (SCENARIO_LAYOUT_CHUNKS_X * SCENARIO_LAYOUT_CHUNKS_Y)

/* What a 256 px chunk is to the level (scenario.chunk_kinds). */
enum {
    SCENARIO_CHUNK_PLAIN = 0,
    SCENARIO_CHUNK_SPECIAL = 1, /* a loop chunk (two planes) that is none
                                   of the zone's four */
    SCENARIO_CHUNK_LOOP1 = 2,   /* the zone's v_256loop1 chunk; then loop2,
                                   roll1, roll2 (SPG_LOOP1 + kind - 2) */
    SCENARIO_CHUNK_LOOP2 = 3,
    SCENARIO_CHUNK_ROLL1 = 4,
    SCENARIO_CHUNK_ROLL2 = 5
};

/* The format's names of the chunk kinds ("plain", "special", "loop1",
 * ...), indexed by SCENARIO_CHUNK_*. */
extern const char *const scenario_chunk_kind_names[];

/* Whether the scenario's game has zones (its descriptor's `zone:` key). */
int scenario_zone_game(const scenario *s);

/* Put the scenario in zone z of its game (map.zone, map.loop_chunks);
 * z NULL: the game's default zone, or SPG_ZONE_NONE in a game without
 * zones. */
void scenario_set_zone(scenario *s, const game_zone *z);

/* The zone entry of the scenario's map.zone, NULL in a game without
 * zones. */
const game_zone *scenario_zone(const scenario *s);

/* The level's water (docs/scenario-format.md, "Water"; water.c):
 *   - scenario_water_allowed: whether the scenario's level may have water
 *     (Sonic 2, 3, S&K: Water_flag, GAME_WATER_FLAG; Sonic 1: its zone
 *     is Labyrinth Zone, game_zone.water);
 *   - scenario_water_required: whether it must (Sonic 1's Labyrinth
 *     Zone: Sonic_Water always acts there);
 *   - scenario_set_water: map.water_flag 1 and map.water_level = level
 *     (a level y in pixels), or -1 (nothing changed) where not allowed;
 *   - scenario_clear_water: back to spg_map_default's (no water);
 *   - scenario_water_problem: 0, or -1 with the reason in msg when the
 *     map's water is not one the format can hold (set where not allowed,
 *     missing where required, a level without the flag). */
int scenario_water_allowed(const scenario *s);
int scenario_water_required(const scenario *s);
int scenario_set_water(scenario *s, int16_t level);
void scenario_clear_water(scenario *s);
int scenario_water_problem(const scenario *s, char *msg, size_t len);

/*
 * Make s->layout (and map.layout, map.low_cells) from chunk_kinds,
 * low_cells and the zone, after checking that the original can hold them:
 * a loop1..roll2 chunk needs the zone to have that chunk (an id other
 * than $7F); a low-plane cell lies in a loop chunk (layout byte with bit
 * 7); the chunks of one kind of the zone's four hold the same cells (the
 * original has one chunk per id).  Returns 0, or -1 with a message in
 * msg.  A scenario with neither chunk_kinds nor low_cells gets no layout.
 */
int scenario_make_layout(scenario *s, char *msg, size_t msglen);

/*
 * Load and check a scenario file.  On success returns 0 and fills *out.
 * On any problem prints "file:line:col: message" to `err` and returns -1
 * (nothing to free then).
 */
int scenario_load(const char *path, scenario *out, FILE *err);

/* The same from a YAML text in memory; `name` stands for the file name in
 * messages and becomes out->path. */
int scenario_load_buffer(const char *name, const char *text, size_t len,
                         scenario *out, FILE *err);

/*
 * Whether `path` lies inside a spgsim repository's scenarios/ directory:
 * some directory on the way from the file up to the root is named
 * `scenarios` and its parent holds core/include/spg/spg.h.  Both the path
 * as given (made absolute, `.` and `..` taken lexically) and its real path
 * (symlinks resolved; when it exists) are tried.  Returns 1 with the
 * scenarios directory in `where` (may be NULL), else 0.  scenario_load
 * refuses an imported scenario there.
 */
int scenario_suite_dir(const char *path, char *where, size_t wlen);

/* Whether an `imported:` header is well formed for scenario s (its game
 * set): 0, or -1 with the reason in msg. */
int scenario_imported_check(const scenario *s, const scenario_imported *im,
                            char *msg, size_t msglen);

/*
 * Replace s's frames and inputs with those of an input script file: a YAML
 * mapping with `input:` (steps, as in a scenario) and optionally
 * `frames:`, such as `spgsim import-inputs` writes.  Returns 0, or -1
 * after "file:line:col: message" on err (s unchanged).  Call
 * scenario_update_hash afterwards.
 */
int scenario_load_input(const char *path, scenario *s, FILE *err);

/* Release what the scenario owns (also after scenario_init). */
void scenario_free(scenario *s);

/* The scenario hash as 16 lowercase hex digits (buf of 17 bytes). */
void scenario_hash_hex(const scenario *s, char buf[17]);

/* Recompute s->hash from the struct, after building or changing it. */
void scenario_update_hash(scenario *s);

/*
 * Start building a scenario in memory: everything zero, then the defaults
 * listed above.  Returns 0, or -1 when the game, character and variant are
 * not supported or memory runs out (the struct is then left empty).
 */
int scenario_init(scenario *s, const char *name, spg_game game,
                  spg_character character, spg_variant variant);

/* Give the map its place and size (tiles) with all cells empty (replacing
 * any cells it had).  Returns 0, or -1 when out of memory or the size is
 * not inside the game's layout (profile.layout_tiles_x/y). */
int scenario_set_map(scenario *s, int x0, int y0, int width, int height);

/* Give the scenario `frames` frames of no input (replacing any it had).
 * Returns 0, or -1 when out of memory or frames is not
 * 1..SCENARIO_MAX_FRAMES. */
int scenario_set_frames(scenario *s, int frames);

/* Set each frame's pressed from held: held now and not held the frame
 * before (nothing held before the first frame). */
void scenario_derive_pressed(scenario *s);

/*
 * Shrink the map to the rectangle of its non-empty cells (one empty cell
 * when there are none), keeping every cell where it is in the level, and
 * update the hash.  The physics does not change (every tile outside the
 * map is empty), but the hash does when the map shrinks: it covers the
 * map's place and size.  Returns 0, or -1 when out of memory.
 */
int scenario_trim_map(scenario *s);

/*
 * Whether the scenario file format can hold this scenario exactly, i.e.
 * whether scenario_write_yaml will write it: the rules of the struct
 * contract above and the loader's limits (start fields, anim ids,
 * routines, radii, pressed derived from held, strings without NUL ...).
 * Returns 0, or -1 after printing the first problem found to `err` (which
 * may be NULL).
 */
int scenario_check(const scenario *s, FILE *err);

/*
 * Write the scenario as a complete, human-readable scenario file:
 * scenario_load_buffer of the text gives a scenario with the same hash,
 * the same core trace and the same name, description and verifies.
 * Tiles are named t1..tN in order of first use (only masks the map uses);
 * the legend uses one-character symbols for up to 93 kinds of cell and
 * two-character ones (cell_width: 2) beyond; the map keeps its place and
 * size (the hash covers them; see scenario_trim_map); start holds only the
 * fields that differ from their defaults.  A special-stage scenario gets
 * its maze as a literal block (special_write.c).  Returns 0, or
 * -1 when
 * scenario_check refuses the scenario (then nothing is written) or a write
 * fails.
 */
int scenario_write_yaml(FILE *f, const scenario *s);

/* Whether a start state's animation id, script position and sprite are
 * ones the character's animation tables define (what the loader accepts). */
int scenario_anim_ok(const spg_profile *profile, const spg_player *p);

/* Whether a routine may start a scenario: 2, 6 or 8. */
int scenario_routine_ok(unsigned routine);

/* Sonic CD: the boredTimer value at which ObjSonic_ChkBoredom gives up
 * (3 x 60 x 60 frames), which the core does not model: a start's
 * bored_timer must stay below it. */
#define SCENARIO_BORED_GIVE_UP 10800

/*
 * Run a normal-stage scenario through the core: rows[0] = the start state, rows[i] =
 * the state after frame i (spg_step with inputs[i-1]).  rows must hold
 * frames + 1 entries.
 */
void scenario_run_core(const scenario *s, spg_player *rows);

/* The descriptor of the scenario's game (games/game.h); never NULL for
 * a loaded or initialised scenario. */
const game_desc *scenario_game(const scenario *s);

/* Whether the scenario's game has every feature of `features` (GAME_*). */
int scenario_has(const scenario *s, unsigned features);

struct trace_layout;
/* The column set of a scenario's traces: the special stage's, or its
 * game's (game_desc.layout). */
const struct trace_layout *scenario_layout(const scenario *s);

struct trace;
/*
 * Run any scenario through the core into a trace of s->frames + 1 rows in
 * its mode's column set (trace.h).  Returns 0, or -1 when out of memory.
 */
int scenario_trace_core(const scenario *s, struct trace *out);

#endif /* SPGSIM_SCENARIO_H */
