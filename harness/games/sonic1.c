/*
 * sonic1.c - Sonic the Hedgehog (1991), REV01 and REV00: the descriptor.
 * Sonic only; the special stage; BizHawk movies.
 */
#include "games/game.h"

#include "trace/trace.h"

extern const game_desc game_sonic1; /* below; registry.c lists it */

/* ---- ROM descriptions ---------------------------------------------------- */

/* Every address below is the symbol table's of the public disassembly's
 * listing (sonicretro/s1disasm, at each revision); RAM addresses are the
 * sign-extended short addresses the code uses ($FFFFxxxx). */

/* The same in REV00 and REV01: the collision tables in ROM and the RAM
 * layout. */
const capture_sym capture_s1_common_syms[] = {
    /* ROM tables the scenario's masks are written into */
    { "AngleMap", 0x00062900u },
    { "CollArray1", 0x00062A00u },      /* column heights, 16 per mask */
    { "CollArray2", 0x00063A00u },      /* row widths, 16 per mask */
    { "collindex_rom", 0x00064C62u },   /* Col_MZ: zone 2's collision index */
    { "collindex_size", 0x00000190u },  /* its length in bytes */
    /* RAM */
    { "v_256x256", 0xFFFF0000u },
    { "v_lvllayout", 0xFFFFA400u },
    { "v_player", 0xFFFFD000u },
    { "v_objspace_end", 0xFFFFF000u },
    { "v_jpadhold2", 0xFFFFF602u },
    { "v_jpadpress2", 0xFFFFF603u },
    { "v_jpadhold1", 0xFFFFF604u },
    { "v_jpadpress1", 0xFFFFF605u },
    { "v_limitleft2", 0xFFFFF728u },
    { "v_limitright2", 0xFFFFF72Au },
    { "v_limittop2", 0xFFFFF72Cu },
    { "v_limitbtm2", 0xFFFFF72Eu },
    { "v_waterpos1", 0xFFFFF646u },     /* the water's surface */
    { "f_water", 0xFFFFF64Cu },         /* the level has water */
    { "v_lookshift", 0xFFFFF73Eu },
    { "v_sonspeedmax", 0xFFFFF760u },
    { "v_sonspeedacc", 0xFFFFF762u },
    { "v_sonspeeddec", 0xFFFFF764u },
    { "v_anglebuffer", 0xFFFFF768u },
    { "v_anglebuffer2", 0xFFFFF76Au },
    { "v_collindex", 0xFFFFF796u },
    { "v_256loop1", 0xFFFFF7ACu },      /* then v_256loop2, v_256roll1/2 */
    { "f_playerctrl", 0xFFFFF7C8u },
    { "f_lockctrl", 0xFFFFF7CCu },
    { "v_systemstack", 0xFFFFFE00u },
    { "v_debuguse", 0xFFFFFE08u },
    { "v_zone", 0xFFFFFE10u },
    { "v_air", 0xFFFFFE14u },           /* air left underwater */
    { "f_debugmode", 0xFFFFFFFAu },
    /* the special stage */
    { "v_gamemode", 0xFFFFF600u },
    { "v_ssangle", 0xFFFFF780u },
    { "v_ssrotate", 0xFFFFF782u },
    { "v_lives", 0xFFFFFE12u },
    { "v_continues", 0xFFFFFE18u },
    { "v_lifecount", 0xFFFFFE1Bu },
    { "v_rings", 0xFFFFFE20u },
    { "v_emeralds", 0xFFFFFE57u },
    { "v_emldlist", 0xFFFFFE58u },
    { "v_ssbuffer1", 0xFFFF0000u },   /* the layout ($4000 bytes) */
    { "v_ssitembuffer", 0xFFFF4400u }, /* item animation slots ($100) */
};
const size_t capture_s1_common_count =
    sizeof capture_s1_common_syms / sizeof capture_s1_common_syms[0];

/* Sonic the Hedgehog (1991), REV01. */
static const capture_sym s1_rev01_syms[] = {
    /* code */
    { "SonicPlayer", 0x000132ACu },     /* object 01: the player routine */
    { "Map_Sonic", 0x00021CF4u },       /* what Sonic_Main puts in obMap */
    { "code_begin", 0x00000206u },      /* EntryPoint */
    { "code_end", 0x00021CF4u },        /* first data after the player code */
    { "SonicSpecial", 0x0001C13Au },    /* object 09: Sonic in the special stage */
    { "SS_AniItems", 0x0001BC86u },     /* special-stage item animations */
    { "LoopTileNums", 0x0000618Eu },    /* each zone's four loop chunk ids */
    /* the level tables spgsim import-level reads (harness/import/) */
    { "Level_Index", 0x00068B96u },     /* layout offsets, 3 words an act */
    { "LevelHeaders", 0x0001DD16u },    /* $10 bytes a zone: +8 256x256 */
    { "ColPointers", 0x00004102u },     /* a collision index per zone */
    { "StartLocArray", 0x0000611Eu },   /* x, y words per act */
    { "LevelSizeArray", 0x00005F2Au },  /* 6 words per act */
    { "WaterHeight", 0x00003C2Cu },     /* Labyrinth's water, a word an act */
};

static const uint32_t s1_rev01_fixes[] = {
    0x0001348Au, 0x0001348Eu, 0x00013492u, /* Sonic_Water */
    0x00013D1Cu,                           /* Sonic_Floor */
    0x00015914u, 0x00015918u, 0x00019788u, 0x00019B0Eu,
    0x0001B704u, 0x0001B708u, 0x0001C742u,
};

static const capture_rom_desc s1_rev01 = {
    "Sonic the Hedgehog (REV01)",
    "09dadb5071eb35050067a32462e39c5f",
    0x80000u,
    s1_rev01_syms, sizeof s1_rev01_syms / sizeof s1_rev01_syms[0],
    capture_s1_common_syms, sizeof capture_s1_common_syms / sizeof capture_s1_common_syms[0],
    s1_rev01_fixes, sizeof s1_rev01_fixes / sizeof s1_rev01_fixes[0],
    &game_sonic1,
    0,
    NULL, 0, /* no first-instruction checks */
    0, 0, /* a cartridge at $000000; no gate array */
};

/* Sonic the Hedgehog (1991), REV00: the same RAM layout and collision
 * tables; the code sits lower. */
static const capture_sym s1_rev00_syms[] = {
    { "SonicPlayer", 0x00012BD8u },
    { "Map_Sonic", 0x000211E2u },
    { "code_begin", 0x00000206u },
    { "code_end", 0x000211E2u },
    { "SonicSpecial", 0x0001B984u },
    { "SS_AniItems", 0x0001B4D0u },
    { "LoopTileNums", 0x00006182u },
    { "Level_Index", 0x00068BD6u },
    { "LevelHeaders", 0x0001D5A2u },
    { "ColPointers", 0x00004100u },
    { "StartLocArray", 0x00006112u },
    { "LevelSizeArray", 0x00005F1Cu },
    { "WaterHeight", 0x00003C2Au },
};

static const uint32_t s1_rev00_fixes[] = {
    0x00012DB6u, 0x00012DBAu, 0x00012DBEu, /* Sonic_Water */
    0x00013648u,                           /* Sonic_Floor */
    0x000151ACu, 0x000151B0u, 0x00018FD8u, 0x0001935Eu,
    0x0001AF4Eu, 0x0001AF52u, 0x0001BF8Cu,
};

static const capture_rom_desc s1_rev00 = {
    "Sonic the Hedgehog (REV00)",
    "1bc674be034e43c96b86487ac69d9293",
    0x80000u,
    s1_rev00_syms, sizeof s1_rev00_syms / sizeof s1_rev00_syms[0],
    capture_s1_common_syms, sizeof capture_s1_common_syms / sizeof capture_s1_common_syms[0],
    s1_rev00_fixes, sizeof s1_rev00_fixes / sizeof s1_rev00_fixes[0],
    &game_sonic1,
    0,
    NULL, 0, /* no first-instruction checks */
    0, 0, /* a cartridge at $000000; no gate array */
};

static const capture_rom_desc *const sonic1_roms[] = {&s1_rev01, &s1_rev00};

/* ---- spgsim new ------------------------------------------------------------- */

static void write_template(FILE *f, const char *topic, const char *name)
{
    fprintf(f,
"# yaml-language-server: $schema=../../schema/scenario.schema.json\n"
"# %s/%s - written by `spgsim new`; the format is docs/scenario-format.md.\n"
"#\n"
"#   spgsim run scenarios/%s/%s.yaml          the core's trace (CSV)\n"
"#   spgsim capture --rom ROM scenarios/%s/%s.yaml   its golden, from the\n"
"#                                           original game's code\n"
"#   spgsim check scenarios/%s/%s.yaml        compare the two\n"
"#\n"
"# As written: Sonic stands on a flat floor, walks right for 30 frames and\n"
"# then lets go.  Change the map, the start and the input to show what the\n"
"# scenario is about, and say it in the description.\n"
"name: %s\n"
"description: >\n"
"  Sonic stands on a flat floor, holds right for 30 frames, then lets go.\n"
"game: sonic1            # sonic1 (Sonic the Hedgehog, REV01)\n"
"character: sonic        # sonic\n"
"variant: normal         # normal | speed_shoes | underwater\n"
"\n"
"tiles:                  # named 16x16 masks\n"
"  block:\n"
"    heights: full       # full | empty | 16 column heights -128..127\n"
"                        # (1..16 from the bottom, -1..-16 from the top;\n"
"                        # beyond: a surface outside the tile)\n"
"    # widths: [...]     # 16 row widths -128..127; derived from heights\n"
"                        # when absent (required if a height is beyond\n"
"                        # -16..16)\n"
"    angle: 0xFF         # 0..255; 0xFF = flat (angle from the sensor)\n"
"    solidity: all       # all | top | sides | none\n"
"\n"
"map:\n"
"  origin: [0, 640]      # level pixel of the first row's first cell\n"
"                        # (multiples of 16)\n"
"  # cell_width: 2       # characters per cell (1..4, default 1): for more\n"
"                        # than 93 kinds of cell; legend symbols as wide\n"
"  legend:               # symbols; '.' and ' ' are always empty\n"
"    \"#\": block\n"
"    # \"/\": {tile: block, flip: [x], solidity: top}\n"
"  rows:                 # one character per 16x16 cell, rows of equal length\n"
"    - \"................................\"\n"
"    - \"................................\"\n"
"    - \"................................\"\n"
"    - \"################################\"   # top at y = 640 + 3*16 = 688\n"
"\n"
"start:                  # anything left out: 0 / right / on the ground\n"
"  x: 96                 # pixel; or \"$60\"\n"
"  y: 668                # standing (height radius 19): floor top - 20\n"
"  facing: right         # right | left\n"
"  # x_speed: 0          # 1/256 px per frame; also y_speed, ground_speed\n"
"  # angle: 0            # 0..255\n"
"  # in_air: false\n"
"  # rolling: false      # true: also curled radii 14 x 7 and anim 2\n"
"  # also: x_sub, y_sub, control_lock, jumping, pushing, roll_jump,\n"
"  # on_object, underwater, height_radius, width_radius, anim, routine\n"
"  # (2, 6 or 8), angle_buffer_1, angle_buffer_2, word_38\n"
"\n"
"# bounds: {left: 0, right: 16000, bottom: 2000}   # level limits (pixels)\n"
"\n"
"input:                  # run-length steps; buttons: up down left right a b "
"c start\n"
"  - {frames: 30, hold: [right]}\n"
"  - {frames: 30}        # nothing held\n"
"# frames: 60            # optional; at least the sum of the steps\n"
"\n"
"# verifies:             # documented values this scenario checks\n"
"#   - id: %s/%s\n"
"#     source: \"Physics review part 2 (running), Acceleration\"\n"
"#     quote: \"The sentence of the document that states the value.\"\n"
"#     frame: 30         # trace row: the state after the 30th frame\n"
"#     field: ground_speed\n"
"#     value: 360        # what the document states (30 x $0C)\n"
"#     # original: ...   # only when the original game does otherwise,\n"
"#     # note: \"...\"     # with a note saying how\n",
            topic, name, topic, name, topic, name, topic, name, name, topic,
            name);
}

static void write_special_template(FILE *f, const char *topic, const char *name)
{
    fprintf(f,
"# yaml-language-server: $schema=../../schema/scenario.schema.json\n"
"# %s/%s - written by `spgsim new --special-stage`; the format is\n"
"# docs/scenario-format.md, \"Special-stage scenarios\".\n"
"#\n"
"#   spgsim run scenarios/%s/%s.yaml          the core's trace (CSV)\n"
"#   spgsim capture --rom ROM scenarios/%s/%s.yaml   its golden\n"
"#   spgsim check scenarios/%s/%s.yaml        compare the two\n"
"#\n"
"# As written: the player drops onto the floor of a small maze while the\n"
"# stage turns, rolls right through rings into a bumper, then lets go.\n"
"name: %s\n"
"description: >\n"
"  The player drops onto the floor of a small turning maze, rolls right\n"
"  through rings into a bumper, then lets go.\n"
"mode: special_stage\n"
"special_stage:\n"
"  angle: 0              # v_ssangle, 8.8: the high byte is the angle\n"
"  rotation: 0x40        # v_ssrotate, added every frame ($40 = 0.25)\n"
"  # rings: 0            # v_rings at the start; also lives (3)\n"
"  # legend: {x: glass2} # extra symbols: a block name or id 0..255\n"
"  # The maze: one symbol per 24x24 block, at most 64x64, enclosed by\n"
"  # solid blocks; '@' = the start.  Symbols: # wall, B bumper, R, U up,\n"
"  # D down, G goal, o ring, 1 1-up, E emerald, g glass, h ghost, s switch,\n"
"  # W, X red/white, ' ' or . empty.\n"
"  maze: |\n"
"    ##############\n"
"    #            #\n"
"    #  @         #\n"
"    #            #\n"
"    #    oooo  B #\n"
"    ##############\n"
"  # start: {x: 808, y: 736}   # instead of '@' (pixels; also x_sub,\n"
"  #                           # y_sub, x_speed, y_speed, ground_speed)\n"
"\n"
"input:                  # buttons: up down left right a b c start\n"
"  - {frames: 20}\n"
"  - {frames: 60, hold: [right]}\n"
"  - {frames: 40}\n"
"\n"
"# verifies:\n"
"#   - id: %s/%s\n"
"#     source: \"SPG: Special Stages (seed 003), Variables & Constants\"\n"
"#     quote: \"gravity_force 0.1640625 (42 subpixels)\"\n"
"#     frame: 1\n"
"#     field: y_speed    # a special-stage trace column\n"
"#     value: 42\n",
            topic, name, topic, name, topic, name, topic, name, name, topic,
            name);
}

/* ---- the descriptor ------------------------------------------------------- */

static const game_character sonic1_characters[] = {{"sonic", SPG_CHAR_SONIC}};

/* v_zone's values and LoopTileNums (LevelSizeLoad): the same in REV00
 * and REV01.  The ending's Green Hill (zone 6) is not a level a scenario
 * can name.  Labyrinth Zone (and Scrap Brain 3, its act 4) has water: the
 * one zone Sonic_Water acts in. */
static const game_zone sonic1_zones[] = {
    { "ghz", "Green Hill Zone", 0, { 0xB5, 0x7F, 0x1F, 0x20 }, 0 },
    { "lz", "Labyrinth Zone", 1, { 0x7F, 0x7F, 0x7F, 0x7F }, 1 },
    { "mz", "Marble Zone", 2, { 0x7F, 0x7F, 0x7F, 0x7F }, 0 },
    { "slz", "Star Light Zone", 3, { 0xAA, 0xB4, 0x7F, 0x7F }, 0 },
    { "syz", "Spring Yard Zone", 4, { 0x7F, 0x7F, 0x7F, 0x7F }, 0 },
    { "sbz", "Scrap Brain Zone", 5, { 0x7F, 0x7F, 0x7F, 0x7F }, 0 },
};

/* The acts import-level reads (every one of the six zones', in Level_Index
 * order).  Scrap Brain Zone act 3 is Labyrinth Zone's fourth act (zone 1,
 * act 3: its layout, chunks and collision); the Final Zone is Scrap Brain
 * Zone's third slot (zone 5, act 2), which reads Scrap Brain act 2's
 * layout with a start and level size of its own. */
static const game_level sonic1_levels[] = {
    { "ghz", 1, 0, 0, "Green Hill Zone act 1", NULL, 0 },
    { "ghz", 2, 0, 1, "Green Hill Zone act 2", NULL, 0 },
    { "ghz", 3, 0, 2, "Green Hill Zone act 3", NULL, 0 },
    { "lz", 1, 1, 0, "Labyrinth Zone act 1", NULL, 1 },
    { "lz", 2, 1, 1, "Labyrinth Zone act 2", NULL, 1 },
    { "lz", 3, 1, 2, "Labyrinth Zone act 3", NULL, 1 },
    { "lz", 4, 1, 3, "Labyrinth Zone act 4 (Scrap Brain Zone act 3)", NULL,
      1 },
    { "mz", 1, 2, 0, "Marble Zone act 1", NULL, 0 },
    { "mz", 2, 2, 1, "Marble Zone act 2", NULL, 0 },
    { "mz", 3, 2, 2, "Marble Zone act 3", NULL, 0 },
    { "slz", 1, 3, 0, "Star Light Zone act 1", NULL, 0 },
    { "slz", 2, 3, 1, "Star Light Zone act 2", NULL, 0 },
    { "slz", 3, 3, 2, "Star Light Zone act 3", NULL, 0 },
    { "syz", 1, 4, 0, "Spring Yard Zone act 1", NULL, 0 },
    { "syz", 2, 4, 1, "Spring Yard Zone act 2", NULL, 0 },
    { "syz", 3, 4, 2, "Spring Yard Zone act 3", NULL, 0 },
    { "sbz", 1, 5, 0, "Scrap Brain Zone act 1", NULL, 0 },
    { "sbz", 2, 5, 1, "Scrap Brain Zone act 2", NULL, 0 },
    { "sbz", 3, 1, 3, "Scrap Brain Zone act 3 (Labyrinth Zone's act 4)",
      NULL, 1 },
    { "fz", 1, 5, 2, "Final Zone (Scrap Brain Zone's third act)", NULL, 0 },
};

const game_desc game_sonic1 = {
    "sonic1",
    "Sonic 1",
    "Sonic the Hedgehog (REV01)",
    SPG_GAME_SONIC1,
    GAME_SPECIAL_STAGE | GAME_BK2,
    sonic1_characters, 1,
    &trace_layout_normal,
    sonic1_roms, sizeof sonic1_roms / sizeof sonic1_roms[0],
    NULL,
    write_template,
    write_special_template,
    sonic1_zones, sizeof sonic1_zones / sizeof sonic1_zones[0],
    2, /* Marble Zone: no loops, no water (the capture's zone before the
          key existed) */
    GAME_LEVEL_S1,
    sonic1_levels, sizeof sonic1_levels / sizeof sonic1_levels[0],
};
