/*
 * sonic3k.c - Sonic & Knuckles (1994, World), the cartridge alone: the
 * descriptor.  Sonic, Tails and Knuckles; the player code Sonic 3 &
 * Knuckles (the lock-on) runs too.  Sonic 3's two collision paths and
 * object fields.
 */
#include "games/game.h"

#include "games/sonic3_ram.h"
#include "trace/trace.h"

extern const game_desc game_sonic3k; /* below; registry.c lists it */

/* ---- ROM descriptions ---------------------------------------------------- */

/* Addresses in the S&K image, derived from the public disassembly's
 * listing (skdisasm's sonic3k.asm: its loc_/sub_ labels are addresses in
 * this image) and checked against the image's first instruction bytes
 * (docs/research/sonic3k-differences.md, section 2; test_capture checks
 * them again).  Sonic 3's RAM symbols are looked up after these
 * (game_sonic3_ram_syms): S&K keeps every one of them in place. */
static const capture_sym sk_syms[] = {
    /* code (sk_firsts below: what each routine starts with) */
    { "Obj_Sonic", 0x00010A94u },
    { "Obj_Tails", 0x0001365Cu },
    { "Obj_Knuckles", 0x00016444u },
    { "Map_Sonic", 0x00146620u },         /* Sonic_Init's mappings */
    { "Map_Tails", 0x00148EB8u },         /* Tails_Init's */
    { "Map_Knuckles", 0x0014A8D6u },      /* Knuckles_Init's */
    { "code_begin", 0x00000206u },        /* EntryPoint */
    { "code_end", 0x00096000u },          /* AngleArray: every routine the
                                             player frame calls lies below
                                             (MoveSprite $1AB32, Draw_Sprite
                                             $1ABC6, Play_SFX $1380) */
    /* ROM tables the scenario's masks are written into (256 masks) */
    { "AngleArray", 0x00096000u },
    { "HeightMaps", 0x00096100u },
    { "HeightMapsRot", 0x00097100u },
    /* RAM that moved from Sonic 3's place */
    { "Competition_mode", 0xFFFFFFE8u },
    { "Debug_mode_flag", 0xFFFFFFDAu },
    /* RAM the S&K player code reads that Sonic 3's does not */
    { "Reverse_gravity_flag", 0xFFFFF7C6u },
    { "Disable_wall_grab", 0xFFFFF74Fu },
    { "Gliding_collision_flags", 0xFFFFF74Eu },
    { "Super_Tails_flag", 0xFFFFF667u },
    { "Super_emerald_count", 0xFFFFFFB1u },
    { "Emeralds_converted_flag", 0xFFFFFFBAu },
    { "SK_alone_flag", 0xFFFFFFAEu },
};

/* Memory-form asr.w the player frame can reach (docs/emulator-audit.md,
 * section F): the water entries of Sonic, Tails and Knuckles (unreachable
 * with Water_flag 0, corrected all the same), the steep-floor landings of
 * SonicKnux_DoLevelCollision and Tails_DoLevelCollision, Knuckles' glide
 * release (x_vel asr 2, in two) and the glide near the top limit. */
static const uint32_t sk_fixes[] = {
    0x00010E88u, 0x00010E8Cu, 0x00010E90u, /* Sonic_Water */
    0x00011F96u,                           /* SonicKnux_DoLevelCollision */
    0x0001469Cu, 0x000146A0u, 0x000146A4u, /* Tails_Water */
    0x0001546Cu,                           /* Tails_DoLevelCollision */
    0x00016750u, 0x00016754u, 0x00016758u, /* Knuckles_Water */
    0x000168F4u, 0x000168F8u,              /* Knuckles_Glide: release */
    0x000170ACu, 0x000170B0u,              /* Knuckles_Move_Glide */
};

/* The first instruction of each routine above (loading an image checks
 * them): the listing's first instruction, as the image holds it. */
static const capture_first sk_firsts[] = {
    { "Obj_Sonic", 0x49F8F760u },    /* lea (Max_speed).w,a4 */
    { "Obj_Tails", 0x49F8FEC0u },    /* lea (Max_speed_P2).w,a4 */
    { "Obj_Knuckles", 0x49F8F760u }, /* lea (Max_speed).w,a4 */
    { "code_begin", 0x4FF8FE00u },   /* lea (System_stack).w,sp */
};

/* Sonic 3's RAM symbols (sonic3_ram.h). */
static const capture_sym sk_ram_syms[] = {GAME_SONIC3_RAM_SYMS};

static const capture_rom_desc sk_world = {
    "Sonic & Knuckles (World)",
    "4ea493ea4e9f6c9ebfccbdb15110367e",
    0x200000u,
    sk_syms, sizeof sk_syms / sizeof sk_syms[0],
    sk_ram_syms, sizeof sk_ram_syms / sizeof sk_ram_syms[0],
    sk_fixes, sizeof sk_fixes / sizeof sk_fixes[0],
    &game_sonic3k,
    1, /* Play_SFX goes through the Z80, as in Sonic 3 */
    sk_firsts, sizeof sk_firsts / sizeof sk_firsts[0],
    0, 0, /* a cartridge at $000000; no gate array */
};

/* Sonic 3 & Knuckles: the S&K cartridge with Sonic 3 locked on, as one
 * 4 MiB image (S&K at $000000, Sonic 3 at $200000).  Every routine the
 * player frame runs is the S&K half's, at the same addresses; the capture
 * keeps SK_alone_flag -1 as for the cartridge alone (the player code reads
 * it only in Tails' CPU routine, which a player alone never runs). */
static const capture_rom_desc sk_s3_lockon = {
    "Sonic 3 & Knuckles (World; S&K with Sonic 3 locked on)",
    "c5b1c655c19f462ade0ac4e17a844d10",
    0x400000u,
    sk_syms, sizeof sk_syms / sizeof sk_syms[0],
    sk_ram_syms, sizeof sk_ram_syms / sizeof sk_ram_syms[0],
    sk_fixes, sizeof sk_fixes / sizeof sk_fixes[0],
    &game_sonic3k,
    1,
    sk_firsts, sizeof sk_firsts / sizeof sk_firsts[0],
    0, 0, /* a cartridge at $000000; no gate array */
};

static const capture_rom_desc *const sonic3k_roms[] = {&sk_world, &sk_s3_lockon};

/* ---- spgsim new ------------------------------------------------------------- */

static void write_template(FILE *f, const char *topic, const char *name)
{
    fprintf(f,
"# yaml-language-server: $schema=../../schema/scenario.schema.json\n"
"# %s/%s - written by `spgsim new --sonic3k`; the format is\n"
"# docs/scenario-format.md (\"Sonic 3 and Sonic & Knuckles\").\n"
"#\n"
"#   spgsim run scenarios/%s/%s.yaml          the core's trace (CSV)\n"
"#   spgsim capture --rom SKROM scenarios/%s/%s.yaml   its golden, from\n"
"#                                           Sonic & Knuckles' code\n"
"#   spgsim check scenarios/%s/%s.yaml        compare the two\n"
"#\n"
"# As written: Knuckles jumps from a flat floor, presses A again in the air\n"
"# and glides to the right, holding A, then lets go and falls.\n"
"name: %s\n"
"description: >\n"
"  Sonic & Knuckles: Knuckles jumps, glides and lets go.\n"
"game: sonic3k           # sonic3k (Sonic & Knuckles)\n"
"character: knuckles     # sonic | tails | knuckles\n"
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
"    - \"................................................\"\n"
"    - \"................................................\"\n"
"    - \"................................................\"\n"
"    - \"################################################\"   # top at y = 688\n"
"\n"
"start:\n"
"  x: 96\n"
"  y: 668                # Sonic and Knuckles (height radius 19): floor\n"
"                        # top - 20; Tails (15): floor top - 16\n"
"  # path: primary       # primary ($C/$D) | secondary ($E/$F)\n"
"  # frame_counter: 0    # Level_frame_counter (+1 before each frame)\n"
"  # double_jump_flag: 0 # object byte $2F (Knuckles: 1 gliding, 2 falling,\n"
"                        # 3 sliding, 4 climbing, 5 over a ledge)\n"
"  # double_jump_property: 0   # $25: glide direction / climb counter\n"
"  # scroll_delay_counter: 0   # $39: the look delay\n"
"\n"
"# bounds: {top: 0}     # Camera_min_Y_pos; -256 (-$100): y wraps at 2048\n"
"\n"
"input:                  # buttons: up down left right a b c start\n"
"  - {frames: 8, hold: [a]}\n"
"  - {frames: 4}\n"
"  - {frames: 40, hold: [a, right]}\n"
"  - {frames: 60}\n",
            topic, name, topic, name, topic, name, topic, name, name);
}

/* ---- the descriptor ------------------------------------------------------- */

static const game_character sonic3k_characters[] = {
    {"sonic", SPG_CHAR_SONIC},
    {"tails", SPG_CHAR_TAILS},
    {"knuckles", SPG_CHAR_KNUCKLES},
};

const game_desc game_sonic3k = {
    "sonic3k",
    "Sonic & Knuckles",
    "Sonic & Knuckles (World)",
    SPG_GAME_SONIC3K,
    GAME_PATHS | GAME_S3_STATE | GAME_S3K_STATE | GAME_WATER_FLAG |
        GAME_TOP_LIMIT,
    sonic3k_characters, 3,
    &trace_layout_sonic3k,
    sonic3k_roms, sizeof sonic3k_roms / sizeof sonic3k_roms[0],
    "--sonic3k",
    write_template,
    NULL,
    NULL, 0, 0, /* no zone key */
    GAME_LEVEL_NONE, NULL, 0, /* import-level reads no S&K level */
};
