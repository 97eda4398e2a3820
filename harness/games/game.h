/*
 * game.h - a game is a descriptor: everything the harness must know about
 * one game, in one place (harness/games/<game>.c), registered once
 * (registry.c).
 *
 * The loader, the writer, the hash, the trace, capture, fuzz, export and
 * `spgsim new` ask the descriptor what a game has; none of them compares
 * game ids.  The core keeps its own single place that picks a game's
 * functions (core/src/routines.c and the profiles).
 *
 * Layer: above util/ and trace/, below scenario/ and everything else.
 * Everything here is data (the capture's code for a game is
 * capture/<game>.c, found through capture/drivers.c).
 */
#ifndef SPGSIM_GAMES_GAME_H
#define SPGSIM_GAMES_GAME_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "spg/spg.h"
#include "trace/trace.h"

/* ---- ROM descriptions (what capture needs from an image) ------------------ */

typedef struct capture_sym {
    const char *name;
    uint32_t addr;
} capture_sym;

/* What a routine of the image starts with: the first four bytes at a
 * symbol's address (big-endian).  A description that derives code
 * addresses from a listing says what each routine starts with; loading an
 * image whose bytes differ is refused (capture_rom_from_desc). */
typedef struct capture_first {
    const char *name; /* a symbol of the description */
    uint32_t first;
} capture_first;

struct game_desc;

/*
 * One ROM image the capture can run: its MD5 and size, and a table of
 * (symbol name, address) pairs for the routines, ROM tables and RAM
 * variables the capture needs, read from the assembler's symbol table of
 * the public disassembly.  The capture only ever looks addresses up by
 * name, so a test can hand it a description of its own (a small 68000
 * program standing in for the game).
 */
typedef struct capture_rom_desc {
    const char *name;         /* e.g. "Sonic the Hedgehog (REV01)" */
    const char *md5;          /* 32 lowercase hex digits; NULL: test image */
    uint32_t size;            /* image size in bytes (0: any, tests only) */
    const capture_sym *syms;  /* the address table of this image */
    size_t sym_count;
    const capture_sym *common; /* symbols shared with other images (may be
                                  NULL); looked up after syms */
    size_t common_count;
    /* ROM addresses of instructions the player code runs that Unicorn
     * 2.0.1 executes wrongly (memory-form asr.w).  Checked against the
     * image at load time; the correction itself covers every address. */
    const uint32_t *fix_addrs;
    size_t fix_count;
    /* The game whose player code the image holds (its capture driver,
     * capture/drivers.c, writes the RAM).  NULL in a test's stand-in
     * image: Sonic 1's layout. */
    const struct game_desc *game;
    /* Nonzero: the player code plays sounds through the Z80 (Sonic 3's
     * Play_SFX), so the emulator answers the Z80 and I/O windows
     * (EMU_SOUND_WINDOWS in capture/emu.h) instead of stopping there. */
    int sound_windows;
    /* the routines' first instructions, checked at load (may be NULL) */
    const capture_first *firsts;
    size_t first_count;
    /* Where the image is mapped: 0 for a cartridge; Sonic CD's level
     * program runs from Word RAM at $200000.  Every address of the
     * description (code, tables, fix_addrs) is the 68000's, so image byte
     * i is at load_base + i. */
    uint32_t load_base;
    /* Nonzero: the player code talks to the Sub CPU through the Mega-CD
     * gate array (Sonic CD's SubCPUCmd), so the emulator answers its
     * communication registers (EMU_GATE_ARRAY in capture/emu.h). */
    int gate_array;
} capture_rom_desc;

/* ---- the descriptor ---------------------------------------------------------- */

/*
 * What a game's scenarios hold beyond Sonic 1's, feature by feature.
 * Each is a group of start fields, map keys and hashed state that comes
 * and goes together (docs/scenario-format.md).
 */
enum {
    /* The two collision paths and the object fields that go with them
     * (Sonic 2 and later): `solidity2:` and `tile2:` in tiles and the
     * legend, `path:` (top_solid_bit / lrb_solid_bit) and
     * `spindash_counter:` in the start; a cell word has both paths'
     * solidity bits.  Hashed after the rest as the "sonic2" group. */
    GAME_PATHS = 1u << 0,
    /* Sonic 3's object fields and level state: `double_jump_flag:`,
     * `double_jump_property:`, `scroll_delay_counter:`, `frame_counter:`
     * (Level_frame_counter) in the start; refused: spin_dash_flag bit 7
     * (the forced roll), which the core does not reproduce.  Hashed as the
     * "sonic3" group, with the top limit (GAME_TOP_LIMIT, which such a
     * game has too); test vectors carry these fields and the profile's
     * right_limit_offset. */
    GAME_S3_STATE = 1u << 1,
    /* Sonic 1's special stage (`mode: special_stage`). */
    GAME_SPECIAL_STAGE = 1u << 2,
    /* BizHawk movies (`export --format bk2`) are made for this game's
     * scenarios. */
    GAME_BK2 = 1u << 3,
    /* Sonic & Knuckles' state beyond Sonic 3's: `glide_flags` in the
     * start (Gliding_collision_flags, $FFFFF74E), the profile's S&K
     * fields in test vectors.  Hashed as the "sonic3k" group. */
    GAME_S3K_STATE = 1u << 4,
    /* Sonic CD's player bytes and level state: `charge` (oPlayerCharge
     * $2A), `player_ctrl` (oPlayerCtrl $2C), `look_mode` (lookMode),
     * `time_zone` (timeZone, 0..2), `cam_x_center` and `cam_y_center`
     * (camXCenter, camYCenter) and `bored_timer` (boredTimer, below the
     * 10800 of the boredom give-up, which the core does not model) in the
     * start; the profile's Sonic CD fields in test vectors.  Hashed as
     * the "soniccd" group. */
    GAME_SCD_STATE = 1u << 5,
    /* The level's water as Water_flag and Water_Level_1 / Water_level
     * (Sonic 2, 3, S&K): `water_level:` sets Water_flag and the surface,
     * which Sonic_Water / Tails_Water / Knuckles_Water test.  Sonic 1's
     * Sonic_Water tests the zone instead (game_zone.water); a game with
     * neither refuses the key.  Hashed as the "water" group when set. */
    GAME_WATER_FLAG = 1u << 6,
    /* `top:` in the bounds: the top camera limit (Camera_Min_Y_pos), which
     * the game's player code reads: -$100 turns on the vertical wrap (the
     * y mask after the mode routine, Sonic 2 on); Sonic 3 on also Tails'
     * flight ceiling and Knuckles' top-limit rules.  Hashed in the
     * "sonic3" group for a game with GAME_S3_STATE, else as a "top" group
     * when it is not 0 (so scenarios without it keep their hash); test
     * vectors carry `limit_top`. */
    GAME_TOP_LIMIT = 1u << 7
};

/* One zone a scenario may name (`zone:`): what the level code leaves in
 * the RAM the player routine reads per zone.  Sonic 1: v_zone, and the
 * zone's LoopTileNums entry (v_256loop1, v_256loop2, v_256roll1,
 * v_256roll2; $7F, which no layout holds, where the zone has none). */
typedef struct game_zone {
    const char *name;        /* "ghz": the disassembly's abbreviation */
    const char *title;       /* "Green Hill Zone" */
    uint8_t id;              /* v_zone */
    uint8_t loop_chunks[4];  /* spg_map.loop_chunks */
    /* 1: the level has water, and Sonic_Water acts (Sonic 1's Labyrinth
     * Zone: the profile's water_zones); a scenario in it must give
     * `water_level:`, and only such a scenario may */
    uint8_t water;
} game_zone;

/* A loop_chunks value meaning "this zone has no such chunk". */
#define GAME_NO_CHUNK 0x7F

/* How a game keeps a level in its ROM, for `spgsim import-level`
 * (harness/import/): which reader turns an act into a scenario. */
typedef enum game_level_format {
    GAME_LEVEL_NONE = 0, /* import-level does not read this game */
    /* Sonic 1: layouts of 256x256 chunk bytes (Level_Index), Kosinski
     * 256x256 chunks (LevelHeaders), a collision index per zone
     * (ColPointers), StartLocArray, LevelSizeArray, LoopTileNums */
    GAME_LEVEL_S1,
    /* Sonic 2: Kosinski layouts (Off_Level) and 128x128 chunks
     * (LevelArtPointers), Kosinski primary and secondary collision
     * indexes (Off_ColP, Off_ColS), StartLocations, LevelSize */
    GAME_LEVEL_S2,
    /* Sonic 3: layouts with row pointers (LevelPtrs), Kosinski 128x128
     * chunks, primary then secondary (LevelLoadBlock), word collision
     * indexes (SolidIndexes), Start_Locations, LevelSizes */
    GAME_LEVEL_S3
} game_level_format;

/* One act `spgsim import-level` can read from the game's images: its
 * name as players and the disassemblies give it, and the game's own zone
 * and act numbers (Current_zone_and_act, v_zone). */
typedef struct game_level {
    const char *zone;       /* "lz": the disassemblies' abbreviation */
    int act;                /* 4: as counted from 1 */
    uint8_t zone_id;        /* the game's zone number: 1 */
    uint8_t act_id;         /* the game's act number, from 0: 3 */
    const char *title;      /* "Scrap Brain Zone act 3 (Labyrinth Zone's
                               act 4)" */
    /* NULL, or why the supported images do not hold the act in the form
     * import-level reads ("the image holds no layout for it") */
    const char *missing;
    /* 1: the level code gives the act water from the start (Sonic 1:
     * Labyrinth Zone, whose game_zone.water says so too; Sonic 2: Water_flag
     * in CPZ 2, ARZ, HPZ; Sonic 3: CheckLevelForWater's AIZ, HCZ, CNZ 2,
     * ICZ 2, LBZ 2), at the height of the game's table (WaterHeight,
     * StartingWaterHeights), which import-level reads into `water_level:` */
    uint8_t water;
} game_level;

/* One character of a game: its name in the format and the core's id. */
typedef struct game_character {
    const char *name;       /* "sonic", "tails" */
    spg_character id;
} game_character;

typedef struct game_desc {
    const char *name;        /* the value of `game:` ("sonic2") */
    const char *title;       /* in messages and descriptions ("Sonic 2") */
    const char *full_title;  /* "Sonic the Hedgehog 2 (REV01)" */
    spg_game id;             /* the core's game (spg_profile_get) */
    unsigned features;       /* GAME_* */
    /* The characters the format accepts, the default first. */
    const game_character *characters;
    int character_count;
    /* The column set of its normal-stage traces (trace/trace.h). */
    const trace_layout *layout;
    /* The supported images, in order of preference (capture --rom). */
    const capture_rom_desc *const *roms;
    size_t rom_count;
    /* `spgsim new`: the option that picks this game's template ("--sonic2";
     * NULL: the template without an option), and the template itself,
     * a commented scenario that loads and runs as written (topic/name is
     * where it goes).  The special stage's, for a game with
     * GAME_SPECIAL_STAGE (`--special-stage`). */
    const char *new_flag;
    void (*write_template)(FILE *f, const char *topic, const char *name);
    void (*write_special_template)(FILE *f, const char *topic,
                                   const char *name);
    /* The zones `zone:` may name (NULL, 0: the key is refused, and the
     * map's zone is SPG_ZONE_NONE), and the one a scenario without the
     * key runs in (an index into zones). */
    const game_zone *zones;
    int zone_count;
    int default_zone;
    /* `spgsim import-level`: how the game's images keep a level, and
     * the acts it can read (GAME_LEVEL_NONE, NULL, 0: none).  The
     * addresses of the tables are each image's, in its description's
     * symbols. */
    game_level_format level_format;
    const game_level *levels;
    int level_count;
} game_desc;

/* ---- the registry -------------------------------------------------------- */

/* The registered games in order (registry.c); game_at(i) for i below
 * game_count(). */
size_t game_count(void);
const game_desc *game_at(size_t i);

/* The game named `name` in the format, or NULL. */
const game_desc *game_by_name(const char *name);

/* The game of the core's id, or NULL. */
const game_desc *game_of(spg_game id);

/* Whether the game has every feature of `features` (GAME_*). */
int game_has(const game_desc *g, unsigned features);

/* The zone of game g named `name` (any case), or NULL. */
const game_zone *game_zone_by_name(const game_desc *g, const char *name);
/* The zone of game g whose id is `id`, or NULL. */
const game_zone *game_zone_by_id(const game_desc *g, uint8_t id);

/* The act of game g whose zone is named `zone` (any case) and whose act
 * number is `act`, or NULL. */
const game_level *game_level_find(const game_desc *g, const char *zone,
                                  int act);

/* The character of game g named `name`, or NULL. */
const game_character *game_character_by_name(const game_desc *g,
                                             const char *name);

/* The name of character `id` in game g, or NULL when g has no such
 * character. */
const char *game_character_name(const game_desc *g, spg_character id);

/* "sonic2 or sonic3": the `game:` names of the games with every feature of
 * `features` (GAME_*), for messages; "none" when there are none. */
void game_names_with(unsigned features, char *buf, size_t len);

/* The same for the games that have a character named `character`;
 * returns how many there are. */
int game_names_with_character(const char *character, char *buf, size_t len);

/* Every game's characters' names, each once, in registry order, into
 * out[0..max-2], then NULL. */
void game_all_characters(const char **out, size_t max);

/* The ROM description whose MD5 matches, among every game's, or NULL. */
const capture_rom_desc *game_rom_find(const char *md5_hex);

/* Print "  <md5>  <name>" for every supported image of every game. */
void game_rom_list(FILE *f);

#endif /* SPGSIM_GAMES_GAME_H */
