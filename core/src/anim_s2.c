/*
 * anim_s2.c - Sonic 2's animation routines for the player characters:
 * Sonic_Animate ($1B350, Sonic) and Tails_Animate ($1CDC4, Tails), with
 * the two characters' animation scripts (SonicAniData $1B618, TailsAniData
 * $1D038) as data.
 *
 * Obj01/Obj02 call the routine once a frame after the mode routine.  It
 * works like Sonic 1's (anim.c) with these differences:
 *
 *   - when the id changed, besides restarting the script it clears the
 *     pushing status bit, so the bit the wall check set drops at the end of
 *     any frame whose animation id changed;
 *   - end codes are the bytes $F0..$FF (Sonic 1: $80..$FF), because the
 *     sprite sheets have more than $80 sprites.  $FF starts again, $FE n
 *     goes back n entries, $FD id switches to animation id (Stop, Blink,
 *     GetUp, Spring, ... end by switching to the walk), $F0..$FC do
 *     nothing;
 *   - the walk/run (script header $FF) of Sonic shows the entry at the
 *     script position on every frame and only then counts the timer down;
 *     when the timer runs out the position advances (the new entry shows
 *     on the next frame).  Tails counts the timer down first and steps the
 *     script the ordinary way when it runs out.  Both take the duration
 *     max(0, $800 - |speed|) >> 8 from the ground speed and choose the
 *     run at |speed| >= $600; Tails has a third script, "HaulAss", from
 *     $700 on;
 *   - the sprite set by angle: an angle in $01..$7F counts one less
 *     before the Sonic 1 formula (mirror when facing right, + $10, bits 5-6
 *     pick one of four sets, upside down in the upper half of the circle);
 *     Sonic's walk has 8 sprites a set and his run 4, Tails' walk 8 and his
 *     run/HaulAss 6;
 *   - Sonic's roll (header $FE) is speed-driven as in Sonic 1 (duration
 *     max(0, $400 - |speed|) >> 8; Roll2 from $600 on: the same frames);
 *     Tails' roll is an ordinary script;
 *   - Sonic's push id (header $FD) goes through the roll's timer test
 *     before the push's own, so it counts the timer down twice on the frame
 *     it runs out (both reach the reload for every timer value the routine
 *     writes).  The walk/run while pushing counts once.
 *
 * Not modelled, because the player state never holds what they read:
 * Super Sonic (Super_Sonic_flag: other scripts, other thresholds), the
 * sliding bit of status_secondary (doubles the speed the walk looks at),
 * flip_angle (non-zero only on the tumbling objects of some zones: the
 * tumble sprites) and the tails object's animation (Tails_Animate with
 * TailsAniData id 4 reads the speed of an unrelated object through a2;
 * spg_anim_last_position refuses that id, see there).
 *
 * The scripts of each character lie one after the other in ROM with no
 * padding (REV01's scripts are not word-aligned: `rev02even` pads only in
 * REV02).  A position kept across an id change the routine did not see
 * (a start state whose prev_anim already equals the id the physics sets)
 * reads on into the following scripts; the area is modelled as a whole up
 * to where code starts, and past that the core reads an end marker.
 */
#include "anim.h"

#include "internal.h"

/* ---- the scripts --------------------------------------------------------- */

/* Header bytes of the speed-driven scripts and the end codes. */
enum {
    SPEED_WALK = 0xFF, SPEED_ROLL = 0xFE, SPEED_PUSH = 0xFD, /* headers */
    END_MIN = 0xF0,                                          /* >= : end */
    END_LOOP = SPG_ANIM_END_LOOP /* the codes: anim.h's SPG_ANIM_END_* */
};

/*
 * Sonic's script area, $1B65C..$1B847: the scripts of SonicAniData in ROM
 * order, then SuperSonicAniData (an offset table of 32 words relative to
 * its own start, $1B7C6, then Super Sonic's own scripts) and the zero byte
 * that aligns the code after it.  Each script is a header (duration, or a
 * speed flag), sprite numbers (mapping frames) and an end code.  The
 * SO_* offsets below count from the area's start.
 */
#define SON_WALK      0xFF, 0x0F, 0x10, 0x11, 0x12, 0x13, 0x14, 0x0D, 0x0E, 0xFF
#define SON_RUN       0xFF, 0x2D, 0x2E, 0x2F, 0x30, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF
#define SON_ROLL      0xFE, 0x3D, 0x41, 0x3E, 0x41, 0x3F, 0x41, 0x40, 0x41, 0xFF
#define SON_PUSH      0xFD, 0x48, 0x49, 0x4A, 0x4B, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF
/* The wait: 30 x sprite 1 (standing), sprite 2, 5 x sprite 3, then
 * four rounds of a tapping loop (sprites 4 and 5) and 10 x sprite 6, and
 * sprites 7-9; at the end it goes back 6 entries. */
#define SON_TAP4      4, 4, 4, 5, 5, 5
#define SON_TAP16     SON_TAP4, SON_TAP4, SON_TAP4, SON_TAP4
#define SON_LOOK      6, 6, 6, 6, 6, 6, 6, 6, 6, 6
#define SON_WAIT                                                            \
    0x05, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, \
        1, 1, 1, 1, 1, 1, 1, 1, 2, 3, 3, 3, 3, 3, SON_TAP16, SON_LOOK,      \
        SON_TAP16, SON_LOOK, SON_TAP16, SON_LOOK, SON_TAP16, SON_LOOK, 7,   \
        8, 8, 8, 9, 9, 9, 0xFE, 6
#define SON_BALANCE   0x09, 0xCC, 0xCD, 0xCE, 0xCD, 0xFF
#define SON_LOOKUP    0x05, 0x0B, 0x0C, 0xFE, 1
#define SON_DUCK      0x05, 0x4C, 0x4D, 0xFE, 1
#define SON_SPINDASH  0x00, 0x42, 0x43, 0x42, 0x44, 0x42, 0x45, 0x42, 0x46, \
                      0x42, 0x47, 0xFF
#define SON_BLINK     0x01, 0x02, 0xFD, 0x00
#define SON_GETUP     0x03, 0x0A, 0xFD, 0x00
#define SON_BALANCE2  0x03, 0xC8, 0xC9, 0xCA, 0xCB, 0xFF
#define SON_STOP      0x05, 0xD2, 0xD3, 0xD4, 0xD5, 0xFD, 0x00
#define SON_FLOAT     0x07, 0x54, 0x59, 0xFF
#define SON_FLOAT2    0x07, 0x54, 0x55, 0x56, 0x57, 0x58, 0xFF
#define SON_SPRING    0x2F, 0x5B, 0xFD, 0x00
#define SON_HANG      0x01, 0x50, 0x51, 0xFF
#define SON_DASH2     0x0F, 0x43, 0x43, 0x43, 0xFE, 1
#define SON_DASH3     0x0F, 0x43, 0x44, 0xFE, 1
#define SON_HANG2     0x13, 0x6B, 0x6C, 0xFF
#define SON_BUBBLE    0x0B, 0x5A, 0x5A, 0x11, 0x12, 0xFD, 0x00
#define SON_DEATHBW   0x20, 0x5E, 0xFF
#define SON_DROWN     0x20, 0x5D, 0xFF
#define SON_DEATH     0x20, 0x5C, 0xFF
#define SON_HURT      0x40, 0x4E, 0xFF
#define SON_SLIDE     0x09, 0x4E, 0x4F, 0xFF
#define SON_BLANK     0x77, 0x00, 0xFD, 0x00
#define SON_BALANCE3  0x13, 0xD0, 0xD1, 0xFF
#define SON_BALANCE4  0x03, 0xCF, 0xC8, 0xC9, 0xCA, 0xCB, 0xFE, 4
#define SON_LYING     0x09, 0x08, 0x09, 0xFF
#define SON_LIEDOWN   0x03, 0x07, 0xFD, 0x00
/* Super Sonic's scripts (after his offset table) */
#define SUP_WALK      0xFF, 0x77, 0x78, 0x79, 0x7A, 0x7B, 0x7C, 0x75, 0x76, 0xFF
#define SUP_RUN       0xFF, 0xB5, 0xB9, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF
#define SUP_PUSH      0xFD, 0xBD, 0xBE, 0xBF, 0xC0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF
#define SUP_STAND     0x07, 0x72, 0x73, 0x74, 0x73, 0xFF
#define SUP_BALANCE   0x09, 0xC2, 0xC3, 0xC4, 0xC3, 0xC5, 0xC6, 0xC7, 0xC6, 0xFF
#define SUP_DUCK      0x05, 0xC1, 0xFF
#define SUP_TRANSFORM 0x02, 0x6D, 0x6D, 0x6E, 0x6E, 0x6F, 0x70, 0x71, 0x70, \
                      0x71, 0x70, 0x71, 0x70, 0x71, 0xFD, 0x00

/* The number of bytes of a script macro. */
#define LEN(...) ((int)sizeof((const uint8_t[]){__VA_ARGS__}))

enum {
    SO_WALK = 0,
    SO_RUN = SO_WALK + LEN(SON_WALK),
    SO_ROLL = SO_RUN + LEN(SON_RUN),
    SO_ROLL2 = SO_ROLL + LEN(SON_ROLL),
    SO_PUSH = SO_ROLL2 + LEN(SON_ROLL),
    SO_WAIT = SO_PUSH + LEN(SON_PUSH),
    SO_BALANCE = SO_WAIT + LEN(SON_WAIT),
    SO_LOOKUP = SO_BALANCE + LEN(SON_BALANCE),
    SO_DUCK = SO_LOOKUP + LEN(SON_LOOKUP),
    SO_SPINDASH = SO_DUCK + LEN(SON_DUCK),
    SO_BLINK = SO_SPINDASH + LEN(SON_SPINDASH),
    SO_GETUP = SO_BLINK + LEN(SON_BLINK),
    SO_BALANCE2 = SO_GETUP + LEN(SON_GETUP),
    SO_STOP = SO_BALANCE2 + LEN(SON_BALANCE2),
    SO_FLOAT = SO_STOP + LEN(SON_STOP),
    SO_FLOAT2 = SO_FLOAT + LEN(SON_FLOAT),
    SO_SPRING = SO_FLOAT2 + LEN(SON_FLOAT2),
    SO_HANG = SO_SPRING + LEN(SON_SPRING),
    SO_DASH2 = SO_HANG + LEN(SON_HANG),
    SO_DASH3 = SO_DASH2 + LEN(SON_DASH2),
    SO_HANG2 = SO_DASH3 + LEN(SON_DASH3),
    SO_BUBBLE = SO_HANG2 + LEN(SON_HANG2),
    SO_DEATHBW = SO_BUBBLE + LEN(SON_BUBBLE),
    SO_DROWN = SO_DEATHBW + LEN(SON_DEATHBW),
    SO_DEATH = SO_DROWN + LEN(SON_DROWN),
    SO_HURT = SO_DEATH + LEN(SON_DEATH),
    SO_SLIDE = SO_HURT + LEN(SON_HURT),
    SO_BLANK = SO_SLIDE + LEN(SON_SLIDE),
    SO_BALANCE3 = SO_BLANK + LEN(SON_BLANK),
    SO_BALANCE4 = SO_BALANCE3 + LEN(SON_BALANCE3),
    SO_LYING = SO_BALANCE4 + LEN(SON_BALANCE4),
    SO_LIEDOWN = SO_LYING + LEN(SON_LYING),
    SO_SUPER_TABLE = SO_LIEDOWN + LEN(SON_LIEDOWN),
    SO_SUP_WALK = SO_SUPER_TABLE + 2 * 32,
    SO_SUP_RUN = SO_SUP_WALK + LEN(SUP_WALK),
    SO_SUP_PUSH = SO_SUP_RUN + LEN(SUP_RUN),
    SO_SUP_STAND = SO_SUP_PUSH + LEN(SUP_PUSH),
    SO_SUP_BALANCE = SO_SUP_STAND + LEN(SUP_STAND),
    SO_SUP_DUCK = SO_SUP_BALANCE + LEN(SUP_BALANCE),
    SO_SUP_TRANSFORM = SO_SUP_DUCK + LEN(SUP_DUCK),
    SO_END = SO_SUP_TRANSFORM + LEN(SUP_TRANSFORM) + 1 /* `even` */
};

/* A big-endian word of SuperSonicAniData: the script at area offset `o`
 * relative to the table's start. */
#define SUP_ENTRY(o)                                                        \
    (uint8_t)(((o) - SO_SUPER_TABLE) >> 8 & 0xFF),                          \
        (uint8_t)(((o) - SO_SUPER_TABLE) & 0xFF)

static const uint8_t sonic_area[SO_END] = {
    SON_WALK, SON_RUN, SON_ROLL, SON_ROLL, SON_PUSH, SON_WAIT, SON_BALANCE,
    SON_LOOKUP, SON_DUCK, SON_SPINDASH, SON_BLINK, SON_GETUP, SON_BALANCE2,
    SON_STOP, SON_FLOAT, SON_FLOAT2, SON_SPRING, SON_HANG, SON_DASH2,
    SON_DASH3, SON_HANG2, SON_BUBBLE, SON_DEATHBW, SON_DROWN, SON_DEATH,
    SON_HURT, SON_SLIDE, SON_BLANK, SON_BALANCE3, SON_BALANCE4, SON_LYING,
    SON_LIEDOWN,
    /* SuperSonicAniData, ids 0..$1F */
    SUP_ENTRY(SO_SUP_WALK), SUP_ENTRY(SO_SUP_RUN), SUP_ENTRY(SO_ROLL),
    SUP_ENTRY(SO_ROLL2), SUP_ENTRY(SO_SUP_PUSH), SUP_ENTRY(SO_SUP_STAND),
    SUP_ENTRY(SO_SUP_BALANCE), SUP_ENTRY(SO_LOOKUP), SUP_ENTRY(SO_SUP_DUCK),
    SUP_ENTRY(SO_SPINDASH), SUP_ENTRY(SO_BLINK), SUP_ENTRY(SO_GETUP),
    SUP_ENTRY(SO_BALANCE2), SUP_ENTRY(SO_STOP), SUP_ENTRY(SO_FLOAT),
    SUP_ENTRY(SO_FLOAT2), SUP_ENTRY(SO_SPRING), SUP_ENTRY(SO_HANG),
    SUP_ENTRY(SO_DASH2), SUP_ENTRY(SO_DASH3), SUP_ENTRY(SO_HANG2),
    SUP_ENTRY(SO_BUBBLE), SUP_ENTRY(SO_DEATHBW), SUP_ENTRY(SO_DROWN),
    SUP_ENTRY(SO_DEATH), SUP_ENTRY(SO_HURT), SUP_ENTRY(SO_HURT),
    SUP_ENTRY(SO_SLIDE), SUP_ENTRY(SO_BLANK), SUP_ENTRY(SO_BALANCE3),
    SUP_ENTRY(SO_BALANCE4), SUP_ENTRY(SO_SUP_TRANSFORM),
    SUP_WALK, SUP_RUN, SUP_PUSH, SUP_STAND, SUP_BALANCE, SUP_DUCK,
    SUP_TRANSFORM, 0x00
};

/* SonicAniData: id -> script (ids $19 and $1A share the hurt script). */
static const uint16_t sonic_scripts[] = {
    SO_WALK, SO_RUN, SO_ROLL, SO_ROLL2, SO_PUSH, SO_WAIT, SO_BALANCE,
    SO_LOOKUP, SO_DUCK, SO_SPINDASH, SO_BLINK, SO_GETUP, SO_BALANCE2,
    SO_STOP, SO_FLOAT, SO_FLOAT2, SO_SPRING, SO_HANG, SO_DASH2, SO_DASH3,
    SO_HANG2, SO_BUBBLE, SO_DEATHBW, SO_DROWN, SO_DEATH, SO_HURT, SO_HURT,
    SO_SLIDE, SO_BLANK, SO_BALANCE3, SO_BALANCE4, SO_SUP_TRANSFORM,
    SO_LYING, SO_LIEDOWN
};

/*
 * Tails' script area, $1D07A..$1D183: the scripts of TailsAniData in ROM
 * order (code follows).  TO_* count from the area's start.
 */
#define TAI_WALK      0xFF, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x0E, 0x0F, 0xFF
#define TAI_RUN       0xFF, 0x2E, 0x2F, 0x30, 0x31, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF
#define TAI_ROLL      0x01, 0x48, 0x47, 0x46, 0xFF
#define TAI_PUSH      0xFD, 0x63, 0x64, 0x65, 0x66, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF
/* The wait: standing (sprite 1) with two blinks (3, 2), 16 x sprite 5,
 * then sprites 6-8; at the end it goes back $1C entries. */
#define TAI_STAND8    1, 1, 1, 1, 1, 1, 1, 1
#define TAI_FIVE16    5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5
#define TAI_WAIT                                                            \
    0x07, TAI_STAND8, 1, 1, 3, 2, TAI_STAND8, 3, 2, TAI_STAND8, 1,          \
        TAI_FIVE16, 6, 7, 8, 7, 8, 7, 8, 7, 8, 7, 8, 6, 0xFE, 0x1C
#define TAI_SWAY4     0x69, 0x69, 0x6A, 0x6A
#define TAI_BALANCE                                                         \
    0x09, TAI_SWAY4, TAI_SWAY4, TAI_SWAY4, TAI_SWAY4, TAI_SWAY4, 0x69,      \
        0x6A, 0xFF
#define TAI_LOOKUP    0x3F, 0x04, 0xFF
#define TAI_DUCK      0x3F, 0x5B, 0xFF
#define TAI_SPINDASH  0x00, 0x60, 0x61, 0x62, 0xFF
#define TAI_DUMMY1    0x3F, 0x82, 0xFF
#define TAI_DUMMY2    0x07, 0x08, 0x08, 0x09, 0xFD, 0x05
#define TAI_DUMMY3    0x07, 0x09, 0xFD, 0x05
#define TAI_STOP      0x07, 0x67, 0x68, 0x67, 0x68, 0xFD, 0x00
#define TAI_FLOAT     0x09, 0x6E, 0x73, 0xFF
#define TAI_FLOAT2    0x09, 0x6E, 0x6F, 0x70, 0x71, 0x72, 0xFF
#define TAI_SPRING    0x03, 0x59, 0x5A, 0x59, 0x5A, 0x59, 0x5A, 0x59, 0x5A, \
                      0x59, 0x5A, 0x59, 0x5A, 0xFD, 0x00
#define TAI_HANG      0x05, 0x6C, 0x6D, 0xFF
#define TAI_BLINK     0x0F, 0x01, 0x02, 0x03, 0xFE, 1
#define TAI_BLINK2    0x0F, 0x01, 0x02, 0xFE, 1
#define TAI_HANG2     0x13, 0x85, 0x86, 0xFF
#define TAI_BUBBLE    0x0B, 0x74, 0x74, 0x12, 0x13, 0xFD, 0x00
#define TAI_DEATHBW   0x20, 0x5D, 0xFF
#define TAI_DROWN     0x2F, 0x5D, 0xFF
#define TAI_DEATH     0x03, 0x5D, 0xFF
#define TAI_HURT      0x03, 0x5D, 0xFF
#define TAI_HURT2     0x03, 0x5C, 0xFF
#define TAI_SLIDE     0x09, 0x6B, 0x5C, 0xFF
#define TAI_BLANK     0x77, 0x00, 0xFD, 0x00
#define TAI_DUMMY4    0x03, 1, 2, 3, 4, 5, 6, 7, 8, 0xFF
#define TAI_HAULASS   0xFF, 0x32, 0x33, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF
#define TAI_FLY       0x01, 0x5E, 0x5F, 0xFF

enum {
    TO_WALK = 0,
    TO_RUN = TO_WALK + LEN(TAI_WALK),
    TO_ROLL = TO_RUN + LEN(TAI_RUN),
    TO_ROLL2 = TO_ROLL + LEN(TAI_ROLL),
    TO_PUSH = TO_ROLL2 + LEN(TAI_ROLL),
    TO_WAIT = TO_PUSH + LEN(TAI_PUSH),
    TO_BALANCE = TO_WAIT + LEN(TAI_WAIT),
    TO_LOOKUP = TO_BALANCE + LEN(TAI_BALANCE),
    TO_DUCK = TO_LOOKUP + LEN(TAI_LOOKUP),
    TO_SPINDASH = TO_DUCK + LEN(TAI_DUCK),
    TO_DUMMY1 = TO_SPINDASH + LEN(TAI_SPINDASH),
    TO_DUMMY2 = TO_DUMMY1 + LEN(TAI_DUMMY1),
    TO_DUMMY3 = TO_DUMMY2 + LEN(TAI_DUMMY2),
    TO_STOP = TO_DUMMY3 + LEN(TAI_DUMMY3),
    TO_FLOAT = TO_STOP + LEN(TAI_STOP),
    TO_FLOAT2 = TO_FLOAT + LEN(TAI_FLOAT),
    TO_SPRING = TO_FLOAT2 + LEN(TAI_FLOAT2),
    TO_HANG = TO_SPRING + LEN(TAI_SPRING),
    TO_BLINK = TO_HANG + LEN(TAI_HANG),
    TO_BLINK2 = TO_BLINK + LEN(TAI_BLINK),
    TO_HANG2 = TO_BLINK2 + LEN(TAI_BLINK2),
    TO_BUBBLE = TO_HANG2 + LEN(TAI_HANG2),
    TO_DEATHBW = TO_BUBBLE + LEN(TAI_BUBBLE),
    TO_DROWN = TO_DEATHBW + LEN(TAI_DEATHBW),
    TO_DEATH = TO_DROWN + LEN(TAI_DROWN),
    TO_HURT = TO_DEATH + LEN(TAI_DEATH),
    TO_HURT2 = TO_HURT + LEN(TAI_HURT),
    TO_SLIDE = TO_HURT2 + LEN(TAI_HURT2),
    TO_BLANK = TO_SLIDE + LEN(TAI_SLIDE),
    TO_DUMMY4 = TO_BLANK + LEN(TAI_BLANK),
    TO_DUMMY5 = TO_DUMMY4 + LEN(TAI_DUMMY4),
    TO_HAULASS = TO_DUMMY5 + LEN(TAI_DUMMY4),
    TO_FLY = TO_HAULASS + LEN(TAI_HAULASS),
    TO_END = TO_FLY + LEN(TAI_FLY)
};

static const uint8_t tails_area[TO_END] = {
    TAI_WALK, TAI_RUN, TAI_ROLL, TAI_ROLL, TAI_PUSH, TAI_WAIT, TAI_BALANCE,
    TAI_LOOKUP, TAI_DUCK, TAI_SPINDASH, TAI_DUMMY1, TAI_DUMMY2, TAI_DUMMY3,
    TAI_STOP, TAI_FLOAT, TAI_FLOAT2, TAI_SPRING, TAI_HANG, TAI_BLINK,
    TAI_BLINK2, TAI_HANG2, TAI_BUBBLE, TAI_DEATHBW, TAI_DROWN, TAI_DEATH,
    TAI_HURT, TAI_HURT2, TAI_SLIDE, TAI_BLANK, TAI_DUMMY4, TAI_DUMMY4,
    TAI_HAULASS, TAI_FLY
};

/* TailsAniData: id -> script. */
static const uint16_t tails_scripts[] = {
    TO_WALK, TO_RUN, TO_ROLL, TO_ROLL2, TO_PUSH, TO_WAIT, TO_BALANCE,
    TO_LOOKUP, TO_DUCK, TO_SPINDASH, TO_DUMMY1, TO_DUMMY2, TO_DUMMY3,
    TO_STOP, TO_FLOAT, TO_FLOAT2, TO_SPRING, TO_HANG, TO_BLINK, TO_BLINK2,
    TO_HANG2, TO_BUBBLE, TO_DEATHBW, TO_DROWN, TO_DEATH, TO_HURT, TO_HURT2,
    TO_SLIDE, TO_BLANK, TO_DUMMY4, TO_DUMMY5, TO_HAULASS, TO_FLY
};

#define COUNT(a) ((unsigned)(sizeof(a) / sizeof((a)[0])))

/* One character's scripts (end codes from $F0 on). */
typedef struct s2_chr {
    spg_anim_table t;
    uint8_t sprites;         /* mapping frames of the character's sheet */
} s2_chr;

static const s2_chr sonic_chr = {
    {sonic_area, SO_END, sonic_scripts, COUNT(sonic_scripts), END_MIN},
    0xD6};
static const s2_chr tails_chr = {
    {tails_area, TO_END, tails_scripts, COUNT(tails_scripts), END_MIN},
    0x8B};

/* The script byte at `script` + i, as the original reads it; past the
 * modelled area (code) an end marker (spg_anim_byte). */
static uint8_t at(const s2_chr *c, unsigned script, unsigned i)
{
    return spg_anim_byte(&c->t, script, i);
}

/* The speed thresholds and frame-rate bases of the speed-driven scripts. */
enum {
    RUN_SPEED = 0x600,     /* walk -> run, roll -> Roll2 (unsigned) */
    HAULASS_SPEED = 0x700, /* Tails: run -> HaulAss */
    WALK_RATE = 0x800,     /* walk/run duration: ($800 - |speed|) >> 8 */
    ROLL_RATE = 0x400,     /* roll duration: ($400 - |speed|) >> 8 */
};

/* ---- the script steps (the ones all three games share: anim_steps.c) ----- */

/* SAnim_Do2 / TAnim_Do2 (the step), SAnim_Push / TAnim_Push after the
 * timer (the push), the restart (which drops the pushing bit) and the
 * fixed-duration scripts are anim_steps.c's. */

/* The sprite set of the walk/run by angle, and the flip bits it writes
 * (both flipped in the upper half of the circle, facing in bit 0).
 * Returns the set: 0, 2, 4 or 6. */
static uint8_t walk_set(spg_player *p)
{
    uint8_t a = p->angle;

    if (a != 0 && a < 0x80u)
        a = (uint8_t)(a - 1u); /* $01..$7F count one less */
    a = spg_anim_walk_angle(p, a, 0x10);
    return (uint8_t)((a >> 4) & 6u);
}

/* ---- Sonic_Animate ----------------------------------------------------------- */

/* SAnim_WalkRun: the entry at the position shows every frame (a $FF there
 * starts the script again); the position advances when the timer runs
 * out. */
static void sonic_walk_run(spg_player *p, const s2_chr *c)
{
    uint8_t set = walk_set(p);
    uint16_t speed;
    unsigned script;
    uint8_t offset, fr;

    if (p->status & SPG_STATUS_PUSHING) {
        if (!spg_anim_timer_runs(p))
            spg_anim_push(p, &c->t, SO_PUSH);
        return;
    }
    speed = spg_anim_abs_speed(p->ground_speed);
    if (speed >= RUN_SPEED) {
        script = SO_RUN;
        offset = (uint8_t)(set * 2u); /* 4 sprites a set */
    } else {
        script = SO_WALK;
        offset = (uint8_t)(set * 4u); /* 8 sprites a set */
    }
    fr = at(c, script, 1u + p->anim_frame);
    if (fr == END_LOOP) {
        p->anim_frame = 0;
        fr = at(c, script, 1);
    }
    p->mapping_frame = (uint8_t)(fr + offset);
    if (spg_anim_timer_runs(p))
        return;
    p->anim_timer = spg_anim_rate(speed, WALK_RATE, 8);
    p->anim_frame = (uint8_t)(p->anim_frame + 1u);
}

static void sonic_animate(spg_player *p)
{
    const s2_chr *c = &sonic_chr;
    int script = spg_anim_restart(p, &c->t, SPG_STATUS_PUSHING);
    uint8_t header;

    if (script < 0)
        return; /* no such script (only a bad start state gets here) */
    header = at(c, (unsigned)script, 0);
    if (!(header & 0x80u)) {
        spg_anim_fixed(p, &c->t, (unsigned)script);
        return;
    }
    if (header == SPEED_WALK) {
        sonic_walk_run(p, c);
        return;
    }
    /* SAnim_Roll: its timer test comes first for every other header */
    if (spg_anim_timer_runs(p))
        return;
    if (header == SPEED_ROLL) {
        uint16_t speed = spg_anim_abs_speed(p->ground_speed);
        p->anim_timer = spg_anim_rate(speed, ROLL_RATE, 8);
        spg_anim_set_flip(p, p->status & SPG_STATUS_FACING_LEFT);
        spg_anim_step(p, &c->t, speed >= RUN_SPEED ? SO_ROLL2 : SO_ROLL);
        return;
    }
    /* SAnim_Push, with its own timer test after the roll's */
    if (!spg_anim_timer_runs(p))
        spg_anim_push(p, &c->t, SO_PUSH);
}

/* ---- Tails_Animate ----------------------------------------------------------- */

/* TAnim_WalkRunZoom for the walk/run header, after the timer ran out: a
 * new duration from the speed, then the ordinary script step, then the
 * sprite set's offset added to whatever sprite that left. */
static void tails_walk_run(spg_player *p, const s2_chr *c)
{
    uint8_t set = walk_set(p);
    uint16_t speed;
    unsigned script = TO_WALK;
    uint8_t offset = (uint8_t)(set * 4u); /* walk: 8 sprites a set */

    if (p->status & SPG_STATUS_PUSHING) {
        spg_anim_push(p, &c->t, TO_PUSH);
        return;
    }
    speed = spg_anim_abs_speed(p->ground_speed);
    if (speed >= RUN_SPEED) {
        script = speed >= HAULASS_SPEED ? TO_HAULASS : TO_RUN;
        offset = (uint8_t)(set * 3u); /* run/HaulAss: 6 sprites a set */
    }
    p->anim_timer = spg_anim_rate(speed, WALK_RATE, 8);
    spg_anim_step(p, &c->t, script);
    p->mapping_frame = (uint8_t)(p->mapping_frame + offset);
}

static void tails_animate(spg_player *p)
{
    const s2_chr *c = &tails_chr;
    int script = spg_anim_restart(p, &c->t, SPG_STATUS_PUSHING);
    uint8_t header;

    if (script < 0)
        return; /* no such script (only a bad start state gets here) */
    header = at(c, (unsigned)script, 0);
    if (!(header & 0x80u)) {
        spg_anim_fixed(p, &c->t, (unsigned)script);
        return;
    }
    if (spg_anim_timer_runs(p))
        return;
    if (header == SPEED_WALK)
        tails_walk_run(p, c);
    /* Other headers: $FE would be a speed-driven roll, but no script of
     * TailsAniData has it; the rest (id 4, the push script's $FD) go to
     * TAnim_GetTailFrame, which animates from the speed of the object a2
     * points to (the tails object's parent when Obj05 calls it); the
     * player state does not hold it, and the scenario loaders refuse the
     * id (spg_anim_last_position).  Nothing more is done here. */
}

/* ---- entry points ------------------------------------------------------------ */

void spg_s2_animate(const spg_profile *profile, spg_player *p)
{
    if (profile->character == SPG_CHAR_TAILS)
        tails_animate(p);
    else
        sonic_animate(p);
}

/* The character's scripts and sprites (the routine table has already
 * picked Sonic 2 for the profile). */
static const s2_chr *s2_character(const spg_profile *profile)
{
    return profile->character == SPG_CHAR_TAILS ? &tails_chr : &sonic_chr;
}

int spg_s2_anim_last_position(const spg_profile *profile, uint8_t anim)
{
    const s2_chr *c = s2_character(profile);
    unsigned script;
    uint8_t header;

    if (anim >= c->t.count)
        return -1;
    script = c->t.scripts[anim];
    header = at(c, script, 0);
    if (header == SPEED_WALK ||
        (c == &sonic_chr && (header == SPEED_ROLL || header == SPEED_PUSH))) {
        /* the speed-driven ids share one position: the walk's end (its
         * script is the longest of them) */
        script = c->t.scripts[SPG_ANIM_WALK];
    } else if (header & 0x80u) {
        return -1; /* Tails' id 4: TAnim_GetTailFrame, see tails_animate */
    }
    /* the first end code (every script in the areas has one) */
    return spg_anim_end_position(&c->t, script);
}

int spg_s2_anim_mapping_frames(const spg_profile *profile)
{
    return s2_character(profile)->sprites;
}
