/*
 * sonic3.c - Sonic the Hedgehog 3 (1994, USA, the cartridge alone): the
 * descriptor.  Sonic and Tails; the two collision paths and Sonic 3's
 * object fields.
 */
#include "games/game.h"

#include "games/sonic3_ram.h"
#include "trace/trace.h"

extern const game_desc game_sonic3; /* below; registry.c lists it */

/* ---- ROM descriptions ---------------------------------------------------- */

/* Every address below is the symbol table's of the public disassembly's
 * listing (sonicretro/skdisasm, its s3.asm); RAM addresses are the
 * sign-extended short addresses the code uses ($FFFFxxxx). */

/* Sonic the Hedgehog 3 (1994, USA), the cartridge alone.  Names are
 * skdisasm's (docs/research/sonic3-differences.md, section 3). */
static const capture_sym s3_syms[] = {
    /* code */
    { "Obj_Sonic", 0x00011BB8u },
    { "Map_Sonic", 0x00140FE0u },         /* Sonic_Init's mappings */
    { "Map_Tails", 0x00143488u },         /* Tails_Init's */
    { "Obj_Tails", 0x000143B2u },
    { "code_begin", 0x00000206u },        /* EntryPoint */
    { "code_end", 0x000704A0u },          /* AngleArray: the collision
                                             tables follow the code the
                                             player runs (MoveSprite
                                             $191F6, TouchResponse $11168,
                                             Play_SFX $160A) */
    /* ROM tables the scenario's masks are written into */
    { "AngleArray", 0x000704A0u },
    { "HeightMaps", 0x000706A0u },
    { "HeightMapsRot", 0x000726A0u },
    /* the level tables spgsim import-level reads (harness/import/); s3.asm
     * has no listing here: each found where the image holds the table
     * the disassembly builds (the ROM's bytes are the assembled files) */
    { "LevelSizes", 0x0001A1F4u },       /* 4 words per act */
    { "LevelLoadBlock", 0x0005AB0Cu },   /* 24 bytes an act: +16 128x128 */
    { "Start_Locations", 0x0005E018u },  /* x, y words per act */
    { "SolidIndexes", 0x000746A0u },     /* a long per act */
    { "LevelPtrs", 0x00081360u },        /* a long per act */
    { "StartingWaterHeights", 0x000051D6u }, /* a word per act (the
                                             table CheckLevelForWater
                                             reads: lea at $5F1E) */
    /* the two RAM flags Sonic & Knuckles moved */
    { "Competition_mode", 0xFFFFFFD8u },
    { "Debug_mode_flag", 0xFFFFFFFAu },
};

/* RAM: Sonic 3's addresses (sonic3_ram.h; Sonic & Knuckles shares them). */
static const capture_sym s3_ram_syms[] = {GAME_SONIC3_RAM_SYMS};

/* Memory-form asr.w the player frame can reach (docs/emulator-audit.md,
 * section E): the steep-floor landings of Sonic_DoLevelCollision and
 * Tails_DoLevelCollision, and the water entries of Sonic_InWater and
 * Tails_Water (unreachable with Water_flag 0, corrected all the same). */
static const uint32_t s3_fixes[] = {
    0x00011F8Eu, 0x00011F92u, 0x00011F96u, /* Sonic_InWater */
    0x00012EB4u,                           /* Sonic_DoLevelCollision */
    0x000152D8u, 0x000152DCu, 0x000152E0u, /* Tails_Water */
    0x0001601Au,                           /* Tails_DoLevelCollision */
};

static const capture_rom_desc s3_usa = {
    "Sonic the Hedgehog 3 (USA)",
    "d724ea4dd417fe330c9dcfd955c596b2",
    0x200000u,
    s3_syms, sizeof s3_syms / sizeof s3_syms[0],
    s3_ram_syms, sizeof s3_ram_syms / sizeof s3_ram_syms[0],
    s3_fixes, sizeof s3_fixes / sizeof s3_fixes[0],
    &game_sonic3,
    1, /* Play_SFX goes through the Z80 */
    NULL, 0, /* no first-instruction checks */
    0, 0, /* a cartridge at $000000; no gate array */
};

static const capture_rom_desc *const sonic3_roms[] = {&s3_usa};

/* ---- spgsim new ------------------------------------------------------------- */

static void write_template(FILE *f, const char *topic,
                                  const char *name)
{
    fprintf(f,
"# yaml-language-server: $schema=../../schema/scenario.schema.json\n"
"# %s/%s - written by `spgsim new --sonic3`; the format is\n"
"# docs/scenario-format.md (\"Sonic 3\").\n"
"#\n"
"#   spgsim run scenarios/%s/%s.yaml          the core's trace (CSV)\n"
"#   spgsim capture --rom S3ROM scenarios/%s/%s.yaml   its golden, from\n"
"#                                           Sonic 3's code\n"
"#   spgsim check scenarios/%s/%s.yaml        compare the two\n"
"#\n"
"# As written: Sonic stands on a flat floor, jumps, presses A again in the\n"
"# air (the insta-shield; Tails would fly) and lands.\n"
"name: %s\n"
"description: >\n"
"  Sonic 3: Sonic jumps from a flat floor and presses A again in the air.\n"
"game: sonic3            # sonic3 (Sonic the Hedgehog 3, USA)\n"
"character: sonic        # sonic | tails\n"
"variant: normal\n"
"\n"
"tiles:                  # named 16x16 masks\n"
"  block:\n"
"    heights: full       # full | empty | 16 column heights -128..127\n"
"    angle: 0xFF         # 0..255; 0xFF = flat (angle from the sensor)\n"
"    solidity: all       # all | top | sides | none (the primary path)\n"
"\n"
"map:\n"
"  origin: [0, 640]      # level pixel of the first row's first cell\n"
"  legend:               # symbols; '.' and ' ' are always empty\n"
"    \"#\": block\n"
"  rows:                 # one character per 16x16 cell\n"
"    - \"................................\"\n"
"    - \"................................\"\n"
"    - \"................................\"\n"
"    - \"################################\"   # top at y = 688\n"
"\n"
"start:\n"
"  x: 96\n"
"  y: 668                # Sonic (height radius 19): floor top - 20;\n"
"                        # Tails (15): floor top - 16\n"
"  # path: primary       # primary ($C/$D) | secondary ($E/$F)\n"
"  # frame_counter: 0    # Level_frame_counter (+1 before each frame)\n"
"  # double_jump_flag: 0 # object byte $2F\n"
"  # double_jump_property: 0   # $25: Tails' flight timer\n"
"  # scroll_delay_counter: 0   # $39: the look delay\n"
"\n"
"# bounds: {top: 0}     # Camera_min_Y_pos; -256 (-$100): y wraps at 2048\n"
"\n"
"input:                  # buttons: up down left right a b c start\n"
"  - {frames: 8, hold: [a]}\n"
"  - {frames: 6}\n"
"  - {frames: 2, hold: [a]}\n"
"  - {frames: 60}\n",
            topic, name, topic, name, topic, name, topic, name, name);
}

/* ---- the descriptor ------------------------------------------------------- */

static const game_character sonic3_characters[] = {{"sonic", SPG_CHAR_SONIC},
                                                {"tails", SPG_CHAR_TAILS}};

/* The acts import-level reads: the six zones of the cartridge alone. */
static const game_level sonic3_levels[] = {
    { "aiz", 1, 0, 0, "Angel Island Zone act 1", NULL, 1 },
    { "aiz", 2, 0, 1, "Angel Island Zone act 2", NULL, 1 },
    { "hcz", 1, 1, 0, "Hydrocity Zone act 1", NULL, 1 },
    { "hcz", 2, 1, 1, "Hydrocity Zone act 2", NULL, 1 },
    { "mgz", 1, 2, 0, "Marble Garden Zone act 1", NULL, 0 },
    { "mgz", 2, 2, 1, "Marble Garden Zone act 2", NULL, 0 },
    { "cnz", 1, 3, 0, "Carnival Night Zone act 1", NULL, 0 },
    { "cnz", 2, 3, 1, "Carnival Night Zone act 2", NULL, 1 },
    { "icz", 1, 5, 0, "IceCap Zone act 1", NULL, 0 },
    { "icz", 2, 5, 1, "IceCap Zone act 2", NULL, 1 },
    { "lbz", 1, 6, 0, "Launch Base Zone act 1", NULL, 0 },
    { "lbz", 2, 6, 1, "Launch Base Zone act 2", NULL, 1 },
};

const game_desc game_sonic3 = {
    "sonic3",
    "Sonic 3",
    "Sonic the Hedgehog 3 (USA)",
    SPG_GAME_SONIC3,
    GAME_PATHS | GAME_S3_STATE | GAME_WATER_FLAG |
        GAME_TOP_LIMIT,
    sonic3_characters, 2,
    &trace_layout_sonic3,
    sonic3_roms, sizeof sonic3_roms / sizeof sonic3_roms[0],
    "--sonic3",
    write_template,
    NULL,
    NULL, 0, 0, /* no zone key */
    GAME_LEVEL_S3,
    sonic3_levels, sizeof sonic3_levels / sizeof sonic3_levels[0],
};
