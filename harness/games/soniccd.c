/*
 * soniccd.c - Sonic CD (1993, Mega-CD, USA): the descriptor.  Sonic only;
 * the player code of the level program R11A__.MMD (Palmtree Panic Act 1
 * Present), ObjSonic, on Sonic 1's object layout; its own player bytes
 * and level state (GAME_SCD_STATE).
 */
#include "games/game.h"

#include "trace/trace.h"

extern const game_desc game_soniccd; /* below; registry.c lists it */

/* ---- the level program -------------------------------------------------- */

/* Every address below is the listing's (the public disassembly
 * DevsArchive/sonic-cd-disassembly assembled for the USA version,
 * Palmtree Panic Act 1 Present; docs/research/soniccd-differences.md),
 * checked against the program: the file is loaded at $200000 (Word RAM)
 * and its absolute addresses are $2xxxxx; RAM is reached both as short
 * addresses ($FFFFxxxx) and as $00FFxxxx. */
static const capture_sym r11a_syms[] = {
    /* code (r11a_firsts below: what each routine starts with) */
    { "ObjSonic", 0x00203FA2u },          /* the player object */
    { "ObjSonic_Init", 0x00204042u },     /* routine 0 */
    { "ObjSonic_Main", 0x00204182u },     /* routine 2 */
    { "ObjSonic_Animate", 0x002056AAu },
    { "code_begin", 0x00200100u },        /* JmpTo_Start, after the MMD
                                             header */
    { "code_end", 0x0020FBB6u },          /* LevelDataIndex: the level data
                                             tables follow the code */
    /* the program's level data the scenario's level is written into */
    { "LevelChunks", 0x00210000u },       /* 121 chunks ($F200 bytes) */
    { "MapSpr_Sonic", 0x0021F200u },      /* right after them */
    { "ColAngleMap", 0x002385B8u },
    { "ColHeightMap", 0x002386B8u },      /* column heights, 16 per mask */
    { "ColWidthMap", 0x002396B8u },       /* row widths, 16 per mask */
    { "LevelCollision", 0x0023A6B8u },    /* the act's block -> mask bytes */
    /* RAM, short addresses */
    { "levelLayout", 0xFFFFA000u },
    { "objPlayerSlot", 0xFFFFD000u },
    { "objectsEnd", 0xFFFFF000u },
    { "fmSndQueue1", 0xFFFFF00Au },       /* 2 and 3 follow */
    { "p1CtrlData", 0xFFFFF604u },        /* held; tapped at $F605 */
    { "leftBound", 0xFFFFF728u },
    { "rightBound", 0xFFFFF72Au },
    { "topBound", 0xFFFFF72Cu },
    { "bottomBound", 0xFFFFF72Eu },
    { "camYCenter", 0xFFFFF73Eu },
    { "sonicTopSpeed", 0xFFFFF760u },
    { "sonicAcceleration", 0xFFFFF762u },
    { "sonicDeceleration", 0xFFFFF764u },
    { "primaryAngle", 0xFFFFF768u },
    { "secondaryAngle", 0xFFFFF76Au },
    { "boredTimer", 0xFFFFF780u },
    { "timeWarpDir", 0xFFFFF784u },
    { "timeWarpTimer", 0xFFFFF786u },
    { "lookMode", 0xFFFFF788u },
    { "collisionPtr", 0xFFFFF796u },
    { "camXCenter", 0xFFFFF7A0u },
    { "bossFight", 0xFFFFF7AAu },
    { "specialChunks", 0xFFFFF7ACu },     /* four ids */
    { "windTunnelFlag", 0xFFFFF7C7u },
    { "waterSlideFlag", 0xFFFFF7CAu },
    { "ctrlLocked", 0xFFFFF7CCu },
    /* the Mega-CD BIOS's main-CPU stack: the level program never sets
     * sp; its RAM ends below the BIOS jump table (_EXCPT $FFFFFD00) */
    { "systemStack", 0xFFFFFD00u },
    /* RAM, long addresses ($00FFxxxx: the main program's variables) */
    { "timeAttackMode", 0x00FF0F01u },
    { "zoneAct", 0x00FF1506u },           /* zone, then act */
    { "lives", 0x00FF1508u },
    { "invincible", 0x00FF151Fu },
    { "speedShoes", 0x00FF1520u },
    { "timeZone", 0x00FF152Eu },
    { "debugCheat", 0x00FF1588u },        /* a word */
    { "debugMode", 0x00FF1906u },
    { "miniSonic", 0x00FF195Bu },
};

/* Memory-form asr.w in the code range (docs/research/soniccd-differences.md,
 * section 6): ObjSonic_Water entering water (zone 2 only: unreachable in
 * Palmtree Panic), Player_LvlColAir_Down's steep landing, Player_TouchEnemy
 * (object collision, no object here) and ObjBreakableWall_Main (an object
 * ObjSonic never calls), corrected all the same.  The one memory asl.w
 * ($20439C, ObjSonic_Water leaving water) is corrected by m68kfix's
 * pre-scan as every memory asl.w is; this list is of asr.w only. */
static const uint32_t r11a_fixes[] = {
    0x0020436Au, 0x0020436Eu, 0x00204372u, /* ObjSonic_Water */
    0x0020520Au,                           /* Player_LvlColAir_Down */
    0x00206E48u, 0x00206E4Cu,              /* Player_TouchEnemy */
    0x0020F92Au,                           /* ObjBreakableWall_Main */
};

/* The first instruction of each routine, as the program holds it. */
static const capture_first r11a_firsts[] = {
    { "ObjSonic", 0x4A3900FFu },         /* tst.b ($00FF0F01).l */
    { "ObjSonic_Init", 0x54280024u },    /* addq.b #2,$24(a0) */
    { "ObjSonic_Main", 0x61A66100u },    /* bsr.s ExtCamera; bsr.w ... */
    { "ObjSonic_Animate", 0x43F90020u }, /* lea (Ani_Sonic).l,a1 */
    { "code_begin", 0x4EF90020u },       /* jmp (Start).l */
};

/* Sonic CD (USA), Palmtree Panic Act 1 Present's main-CPU level program
 * from the disc: all of 2M Word RAM.
 *
 * What stops the original outside the player code: a dead player's
 * restart.  When ObjSonic_Restart's delay runs out (60 frames into
 * routine 8) it stops the Z80 and writes its RAM (+$1C3E), then sends the
 * Sub CPU a command (SubCPUCmd $205CBA: GACOMCMD0 $A12010 written,
 * GACOMSTAT0 $A12020 polled until it echoes it, then cleared and polled
 * for 0).  Without an answer scenarios/soniccd/death/fall-off-bottom
 * stops at frame 192 with "write of 2 byte(s) to the I/O window at
 * $00A11100 (PC $2022FA)" (StopZ80); with the Z80 answered alone it runs
 * out of its budget in SubCPUCmd's poll (PC $205CCE).  So the Z80 window
 * is memory (sound_windows, as Sonic 3's) and the gate array answers
 * (gate_array). */
static const capture_rom_desc r11a = {
    "Sonic CD (USA): R11A__.MMD, Palmtree Panic Act 1 Present",
    "55ad8e76ceff0925071ec29b9c840155",
    0x40000u,
    r11a_syms, sizeof r11a_syms / sizeof r11a_syms[0],
    NULL, 0,
    r11a_fixes, sizeof r11a_fixes / sizeof r11a_fixes[0],
    &game_soniccd,
    1, /* ObjSonic_Restart's StopZ80 and Z80 RAM write */
    r11a_firsts, sizeof r11a_firsts / sizeof r11a_firsts[0],
    0x200000u, /* Word RAM */
    1, /* SubCPUCmd's handshake */
};

static const capture_rom_desc *const soniccd_roms[] = {&r11a};

/* ---- spgsim new ------------------------------------------------------------- */

static void write_template(FILE *f, const char *topic, const char *name)
{
    fprintf(f,
"# yaml-language-server: $schema=../../schema/scenario.schema.json\n"
"# %s/%s - written by `spgsim new --soniccd`; the format is\n"
"# docs/scenario-format.md (\"Sonic CD\").\n"
"#\n"
"#   spgsim run scenarios/%s/%s.yaml          the core's trace (CSV)\n"
"#   spgsim capture --rom R11A__.MMD scenarios/%s/%s.yaml   its golden,\n"
"#                                           from Sonic CD's level program\n"
"#   spgsim check scenarios/%s/%s.yaml        compare the two\n"
"#\n"
"# As written: Sonic stands on a flat floor and charges a Super Peel Out:\n"
"# up held (he looks up), A tapped while up is held (the charge starts),\n"
"# up kept for 31 more frames (+$64 a frame to $C00), then up let go: he\n"
"# runs off at $C00 and slows down by friction.\n"
"name: %s\n"
"description: >\n"
"  Sonic CD: Sonic charges a Super Peel Out on a flat floor (up held, A\n"
"  tapped, up kept) and lets go of up.\n"
"game: soniccd           # soniccd (Sonic CD, R11A__.MMD: Palmtree Panic 1\n"
"                        # Present)\n"
"character: sonic        # sonic\n"
"variant: normal         # normal | speed_shoes | underwater\n"
"\n"
"tiles:                  # named 16x16 masks\n"
"  block:\n"
"    heights: full       # full | empty | 16 column heights -128..127\n"
"    angle: 0xFF         # 0..255; 0xFF = flat (angle from the sensor)\n"
"    solidity: all       # all | top | sides | none\n"
"\n"
"map:\n"
"  origin: [2304, 640]   # x $900 on: in the present, Palmtree Panic 1 has\n"
"                        # no air control at x $6C8..$83F (its launch area)\n"
"  legend:               # symbols; '.' and ' ' are always empty\n"
"    \"#\": block\n"
"  rows:                 # one character per 16x16 cell\n"
"    - \"................................................................\"\n"
"    - \"................................................................\"\n"
"    - \"................................................................\"\n"
"    - \"################################################################\"\n"
"                        # the floor's top at y = 640 + 3*16 = 688\n"
"\n"
"start:\n"
"  x: 2400\n"
"  y: 668                # standing (height radius 19): floor top - 20\n"
"  # charge: 0           # oPlayerCharge ($2A): peel-out/spindash charge time\n"
"  # player_ctrl: 0      # oPlayerCtrl ($2C)\n"
"  # look_mode: 0        # lookMode: double-tap timer, bit 7 up, bit 6 down\n"
"  # time_zone: 1        # 0 past | 1 present | 2 future\n"
"  # cam_x_center: 160   # camXCenter: the camera lead (96..224)\n"
"  # cam_y_center: 96    # camYCenter: the look shift (8..200)\n"
"  # bored_timer: 0      # boredTimer, 0..10799\n"
"\n"
"input:                  # buttons: up down left right a b c start\n"
"  - {frames: 1, hold: [up]}        # look up\n"
"  - {frames: 1, hold: [up, a]}     # A tapped: the charge starts\n"
"  - {frames: 31, hold: [up]}       # up kept: the charge builds\n"
"  - {frames: 40}                   # up let go: the Super Peel Out\n",
            topic, name, topic, name, topic, name, topic, name, name);
}

/* ---- the descriptor ------------------------------------------------------- */

static const game_character soniccd_characters[] = {{"sonic", SPG_CHAR_SONIC}};

const game_desc game_soniccd = {
    "soniccd",
    "Sonic CD",
    "Sonic CD (1993, USA): Palmtree Panic Act 1 Present",
    SPG_GAME_SONICCD,
    GAME_SCD_STATE,
    soniccd_characters, 1,
    &trace_layout_soniccd,
    soniccd_roms, sizeof soniccd_roms / sizeof soniccd_roms[0],
    "--soniccd",
    write_template,
    NULL,
    NULL, 0, 0, /* no zone key */
    GAME_LEVEL_NONE, NULL, 0, /* import-level reads no Sonic CD level */
};
