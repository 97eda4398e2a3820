/*
 * sonic2.c - Sonic the Hedgehog 2 (1992), REV01: the descriptor.  Sonic and
 * Tails; the two collision paths.
 */
#include "games/game.h"

#include "trace/trace.h"

extern const game_desc game_sonic2; /* below; registry.c lists it */

/* ---- ROM descriptions ---------------------------------------------------- */

/* Every address below is the symbol table's of the public disassembly's
 * listing (sonicretro/s2disasm, REV01); RAM addresses are the
 * sign-extended short addresses the code uses ($FFFFxxxx). */

/* Sonic the Hedgehog 2 (1992), REV01.  Names are the disassembly's own;
 * the driver capture/sonic2.c looks them up. */
static const capture_sym s2_rev01_syms[] = {
    /* code */
    { "Obj01", 0x00019F50u },            /* Sonic */
    { "Obj02", 0x0001B8A4u },            /* Tails */
    { "MapUnc_Sonic", 0x0006FBE0u },
    { "MapUnc_Tails", 0x000739E2u },
    { "code_begin", 0x00000206u },       /* EntryPoint */
    { "code_end", 0x00042D50u },         /* ColCurveMap: the first collision
                                            table after the code the player
                                            runs (TouchResponse $3F554,
                                            KillCharacter $3F926) */
    /* ROM tables the scenario's masks are written into */
    { "ColCurveMap", 0x00042D50u },      /* angles, one per mask */
    { "ColArrayVertical", 0x00042E50u }, /* column heights, 16 per mask */
    { "ColArrayHorizontal", 0x00043E50u }, /* row widths, 16 per mask */
    /* the level tables spgsim import-level reads (harness/import/) */
    { "Off_ColP", 0x000049E8u },         /* primary collision index per zone */
    { "Off_ColS", 0x00004A2Cu },         /* secondary */
    { "LevelSize", 0x0000C054u },        /* 4 words per act */
    { "StartLocations", 0x0000C1D0u },   /* x, y words per act */
    { "LevelArtPointers", 0x00042594u }, /* 12 bytes a zone: +8 128x128 */
    { "Off_Level", 0x00045A80u },        /* layout offsets, a word an act */
    { "WaterHeight", 0x00004584u },      /* a word an act from Hidden
                                            Palace (zone 8) on */
    /* RAM */
    { "Chunk_Table", 0xFFFF0000u },      /* 256 chunks of 8x8 cell words */
    { "Level_Layout", 0xFFFF8000u },     /* 16 rows of $100 bytes */
    { "MainCharacter", 0xFFFFB000u },
    { "Object_Display_Lists", 0xFFFFAC00u }, /* $400 bytes */
    { "Primary_Collision", 0xFFFFD600u },    /* block -> mask, $300 bytes */
    { "Secondary_Collision", 0xFFFFD900u },
    { "VDP_Command_Buffer", 0xFFFFDC00u },
    { "VDP_Command_Buffer_Slot", 0xFFFFDCFCu },
    { "Camera_Max_Y_pos_target", 0xFFFFEEC6u },
    { "Camera_Min_X_pos", 0xFFFFEEC8u },
    { "Camera_Max_X_pos", 0xFFFFEECAu },
    { "Camera_Min_Y_pos", 0xFFFFEECCu },
    { "Camera_Max_Y_pos", 0xFFFFEECEu },
    { "Camera_Y_pos_bias", 0xFFFFEED8u },
    { "Tails_Min_X_pos", 0xFFFFEEF8u },
    { "Tails_Max_X_pos", 0xFFFFEEFAu },
    { "Tails_Min_Y_pos", 0xFFFFEEFCu },
    { "Tails_Max_Y_pos", 0xFFFFEEFEu },
    { "Ctrl_1", 0xFFFFF604u },           /* held, then pressed */
    { "Ctrl_2", 0xFFFFF606u },
    { "Tails_CPU_routine", 0xFFFFF708u },
    { "Water_Level_1", 0xFFFFF646u },
    { "Water_flag", 0xFFFFF730u },
    { "Sonic_top_speed", 0xFFFFF760u },
    { "Sonic_acceleration", 0xFFFFF762u },
    { "Sonic_deceleration", 0xFFFFF764u },
    { "Primary_Angle", 0xFFFFF768u },
    { "Secondary_Angle", 0xFFFFF76Au },
    { "WindTunnel_flag", 0xFFFFF7C7u },
    { "Control_Locked", 0xFFFFF7CCu },
    { "System_Stack", 0xFFFFFE00u },
    { "Debug_placement_mode", 0xFFFFFE08u },
    { "Current_Zone", 0xFFFFFE10u },
    { "Life_count", 0xFFFFFE12u },
    { "Super_Sonic_flag", 0xFFFFFE19u },
    { "Last_star_pole_hit", 0xFFFFFE30u },
    { "Tails_top_speed", 0xFFFFFEC0u },
    { "Tails_acceleration", 0xFFFFFEC2u },
    { "Tails_deceleration", 0xFFFFFEC4u },
    { "Player_mode", 0xFFFFFF70u },
    { "Emerald_count", 0xFFFFFFB1u },
    { "Two_player_mode", 0xFFFFFFD8u },
    { "Sound_Queue", 0xFFFFFFE0u },
    { "Debug_mode_flag", 0xFFFFFFFAu },
};

/* Memory-form asr.w the player frame can reach (docs/emulator-audit.md):
 * the landing branches of Sonic_DoLevelCollision and
 * Tails_DoLevelCollision, and the water entries Obj01_InWater /
 * Obj02_InWater (unreachable with Water_flag 0, corrected all the same). */
static const uint32_t s2_rev01_fixes[] = {
    0x0001A1E0u, 0x0001A1E4u, 0x0001A1E8u, /* Obj01_InWater */
    0x0001AF54u,                           /* Sonic_DoLevelCollision */
    0x0001BF94u, 0x0001BF98u, 0x0001BF9Cu, /* Obj02_InWater */
    0x0001CA04u,                           /* Tails_DoLevelCollision */
};

static const capture_rom_desc s2_rev01 = {
    "Sonic the Hedgehog 2 (REV01)",
    "9feeb724052c39982d432a7851c98d3e",
    0x100000u,
    s2_rev01_syms, sizeof s2_rev01_syms / sizeof s2_rev01_syms[0],
    NULL, 0,
    s2_rev01_fixes, sizeof s2_rev01_fixes / sizeof s2_rev01_fixes[0],
    &game_sonic2,
    0,
    NULL, 0, /* no first-instruction checks */
    0, 0, /* a cartridge at $000000; no gate array */
};

static const capture_rom_desc *const sonic2_roms[] = {&s2_rev01};

/* ---- spgsim new ------------------------------------------------------------- */

static void write_template(FILE *f, const char *topic,
                                  const char *name)
{
    fprintf(f,
"# yaml-language-server: $schema=../../schema/scenario.schema.json\n"
"# %s/%s - written by `spgsim new --sonic2`; the format is\n"
"# docs/scenario-format.md (\"Sonic 2: the two collision paths\").\n"
"#\n"
"#   spgsim run scenarios/%s/%s.yaml          the core's trace (CSV)\n"
"#   spgsim capture --rom S2ROM scenarios/%s/%s.yaml   its golden, from\n"
"#                                           Sonic 2 REV01's code\n"
"#   spgsim check scenarios/%s/%s.yaml        compare the two\n"
"#\n"
"# As written: Sonic stands on a flat floor on the primary collision path,\n"
"# walks right for 30 frames over cells that are lower on the secondary\n"
"# path, and then lets go.\n"
"name: %s\n"
"description: >\n"
"  Sonic 2: Sonic stands on a flat floor, holds right for 30 frames, then\n"
"  lets go.\n"
"game: sonic2            # sonic2 (Sonic the Hedgehog 2, REV01)\n"
"character: sonic        # sonic | tails\n"
"variant: normal\n"
"\n"
"tiles:                  # named 16x16 masks\n"
"  block:\n"
"    heights: full       # full | empty | 16 column heights -128..127\n"
"    angle: 0xFF         # 0..255; 0xFF = flat (angle from the sensor)\n"
"    solidity: all       # all | top | sides | none (the primary path)\n"
"    # solidity2: top    # the secondary path's (default: solidity)\n"
"  half:\n"
"    heights: [8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8]\n"
"    angle: 0xFF\n"
"\n"
"map:\n"
"  origin: [0, 640]      # level pixel of the first row's first cell\n"
"  legend:               # symbols; '.' and ' ' are always empty\n"
"    \"#\": block\n"
"    # tile2: what a player on the secondary path sees (flips shared);\n"
"    # solidity2: that path's solidity\n"
"    \"d\": {tile: block, tile2: half}\n"
"  rows:                 # one character per 16x16 cell\n"
"    - \"................................\"\n"
"    - \"................................\"\n"
"    - \"................................\"\n"
"    - \"##########dd####################\"   # top at y = 688\n"
"\n"
"start:\n"
"  x: 96\n"
"  y: 668                # Sonic (height radius 19): floor top - 20;\n"
"                        # Tails (15): floor top - 16\n"
"  path: primary         # primary ($C/$D) | secondary ($E/$F)\n"
"  # spindash_counter: 0 # object word $3A\n"
"\n"
"# bounds: {top: 0}     # Camera_Min_Y_pos; -256 (-$100): y wraps at 2048\n"
"\n"
"input:                  # buttons: up down left right a b c start\n"
"  - {frames: 30, hold: [right]}\n"
"  - {frames: 30}\n",
            topic, name, topic, name, topic, name, topic, name, name);
}

/* ---- the descriptor ------------------------------------------------------- */

static const game_character sonic2_characters[] = {{"sonic", SPG_CHAR_SONIC},
                                                {"tails", SPG_CHAR_TAILS}};

/* The acts import-level reads: every zone of the final game.  Metropolis
 * Zone's third act is zone 5's first.  Hidden Palace Zone's layout and
 * collision indexes are not in REV01 (its entries point at Oil Ocean
 * Zone's). */
static const game_level sonic2_levels[] = {
    { "ehz", 1, 0x00, 0, "Emerald Hill Zone act 1", NULL, 0 },
    { "ehz", 2, 0x00, 1, "Emerald Hill Zone act 2", NULL, 0 },
    { "cpz", 1, 0x0D, 0, "Chemical Plant Zone act 1", NULL, 0 },
    { "cpz", 2, 0x0D, 1, "Chemical Plant Zone act 2", NULL, 1 },
    { "arz", 1, 0x0F, 0, "Aquatic Ruin Zone act 1", NULL, 1 },
    { "arz", 2, 0x0F, 1, "Aquatic Ruin Zone act 2", NULL, 1 },
    { "cnz", 1, 0x0C, 0, "Casino Night Zone act 1", NULL, 0 },
    { "cnz", 2, 0x0C, 1, "Casino Night Zone act 2", NULL, 0 },
    { "htz", 1, 0x07, 0, "Hill Top Zone act 1", NULL, 0 },
    { "htz", 2, 0x07, 1, "Hill Top Zone act 2", NULL, 0 },
    { "mcz", 1, 0x0B, 0, "Mystic Cave Zone act 1", NULL, 0 },
    { "mcz", 2, 0x0B, 1, "Mystic Cave Zone act 2", NULL, 0 },
    { "ooz", 1, 0x0A, 0, "Oil Ocean Zone act 1", NULL, 0 },
    { "ooz", 2, 0x0A, 1, "Oil Ocean Zone act 2", NULL, 0 },
    { "mtz", 1, 0x04, 0, "Metropolis Zone act 1", NULL, 0 },
    { "mtz", 2, 0x04, 1, "Metropolis Zone act 2", NULL, 0 },
    { "mtz", 3, 0x05, 0, "Metropolis Zone act 3", NULL, 0 },
    { "scz", 1, 0x10, 0, "Sky Chase Zone", NULL, 0 },
    { "wfz", 1, 0x06, 0, "Wing Fortress Zone", NULL, 0 },
    { "dez", 1, 0x0E, 0, "Death Egg Zone", NULL, 0 },
    { "hpz", 1, 0x08, 0, "Hidden Palace Zone",
      "Sonic 2 REV01 holds no layout or collision index for Hidden Palace "
      "Zone (its table entries point at Oil Ocean Zone's)", 1 },
};

const game_desc game_sonic2 = {
    "sonic2",
    "Sonic 2",
    "Sonic the Hedgehog 2 (REV01)",
    SPG_GAME_SONIC2,
    GAME_PATHS | GAME_WATER_FLAG |
        GAME_TOP_LIMIT,
    sonic2_characters, 2,
    &trace_layout_sonic2,
    sonic2_roms, sizeof sonic2_roms / sizeof sonic2_roms[0],
    "--sonic2",
    write_template,
    NULL,
    NULL, 0, 0, /* no zone key */
    GAME_LEVEL_S2,
    sonic2_levels, sizeof sonic2_levels / sizeof sonic2_levels[0],
};
