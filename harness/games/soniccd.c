/*
 * soniccd.c - Sonic CD (1993, Mega-CD, USA): the descriptor.  Sonic only;
 * the player code of the level program R11A__.MMD (Palmtree Panic Act 1
 * Present), ObjSonic, on Sonic 1's object layout; its own player bytes
 * and level state (GAME_SCD_STATE).
 */
#include "games/game.h"

#include "trace/trace.h"

extern const game_desc game_soniccd; /* below; registry.c lists it */

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
    NULL, 0, /* no supported image yet */
    "--soniccd",
    write_template,
    NULL,
};
