/*
 * anim_s3.c - Sonic 3's animation routines for the player characters:
 * Animate_Sonic ($1344C, Sonic) and Animate_Tails ($1636A, Tails), with
 * the two characters' animation scripts (AniSonic $13814, AniTails
 * $165AA) as data.
 *
 * Obj_Sonic / Obj_Tails call the routine once a frame after the mode
 * routine (sub_13438 / sub_16356, which go on to the art loading).  Both
 * work like Sonic 2's Sonic_Animate (anim_s2.c) - an id change restarts
 * the script and clears the pushing status bit; a header byte below $80
 * is a duration; $FF n, $FE n, $FD n end codes - with these differences
 * (docs/research/sonic3-differences.md, row #30 and section 5):
 *
 *   - Animate_Sonic takes only the bytes $FC..$FF as end codes (Sonic 2:
 *     $F0..$FF): $FF starts again, $FE n goes back n entries, $FD id
 *     switches to animation id, $FC does nothing.  Animate_Tails still
 *     takes $F0..$FF (its script step, sub_163B8, compares with $F0).
 *     No byte of either script area lies in $F0..$FB, so the two
 *     thresholds differ only for bytes past the areas (see below);
 *   - new scripts: Sonic's Wait plays 106 entries and then loops over its
 *     last $35 (no idle skip takes over: the Blink / GetUp ids $A / $B
 *     are set by a routine the player code on tiles does not run); Stop
 *     is 4 entries of 4 frames (16 frames; Sonic 2: 24), Tails' too;
 *     Sonic has ids $00..$23, Tails $00..$28 (his flight and swimming
 *     animations $20..$28, set by Tails_Set_Flying_Animation, sonic3.c);
 *   - Tails' walk/run works like Sonic's: the entry at the script
 *     position shows on every frame (a $FF there starts the script
 *     again), then the timer counts down, and when it runs out the
 *     duration max(0, $800 - |speed|) >> 8 is reloaded and the position
 *     advances (Sonic 2's Tails counted first and stepped the ordinary
 *     way).  Run from |speed| $600, Tails' HaulAss (id $1F's script) from
 *     $700, as in Sonic 2; Sonic's walk has 8 sprites a set and his run
 *     4; Tails' walk 8, run 4 (Sonic 2: 6) and HaulAss 2;
 *   - the sprite set by angle is Sonic 2's (an angle in $01..$7F counts
 *     one less; mirrored when facing right; + $10; bits 5-6 pick the set;
 *     upside down in the upper half of the circle);
 *   - Sonic's every other negative header goes to the speed-driven roll:
 *     id 4's push script ($FD) too, which so plays the roll (Sonic 2 went
 *     on to the push).  The timer is tested once; duration max(0, $400 -
 *     |speed|) >> 8, AniSonic03 from $600 on (the same bytes as
 *     AniSonic02).  Tails' roll ids 2 and 3 are ordinary scripts
 *     (durations 1 and 0);
 *   - the walk/run while pushing counts the timer down, and when it runs
 *     out reloads ($800 - |speed|) >> 6 (the speed made non-positive
 *     first) and steps the push script (AniSonic04 / AniTails04) the
 *     ordinary way; both characters alike.
 *
 * Not modelled, because the player state never holds what they read:
 * Super Sonic (Super_Sonic_Knux_flag: AniSuperSonic, the run at $800),
 * bit 7 of status_secondary (set by objects: doubles the |speed| the
 * walk/run compares and times with), flip_type and flip_angle (set by
 * objects such as the twisting paths: Anim_Tumble's sprites from the
 * flip angle) and Tails' id 4: its header $FD sends Animate_Tails to the
 * tail-angle code (loc_16556), which reads the speeds of the object a2
 * points to; spg_anim_last_position refuses that id.  Tails_Animate's
 * speed-driven roll for a header $FE is not modelled either: no script of
 * AniTails has that header.
 *
 * The scripts of each character lie one after the other in ROM (Sonic's
 * followed by AniSuperSonic's offset table and scripts and the Super
 * transformation, AniSonic1F), with a zero byte where `even` aligns.  A
 * position kept across an id change the routine did not see (a start
 * state whose prev_anim already equals the id the physics sets) reads on
 * into the following scripts; the area is modelled as a whole up to where
 * code starts ($13A22, $16728), and past that the core reads an end
 * marker.  Two kinds of such start states (ones the scenario loader
 * accepts) go where the core does not follow the original:
 *   - Tails' last scripts (HaulAss, $1F, and the flight ids), at a
 *     position kept from a longer script (his Wait's, up to 59), read
 *     past his area, into code;
 *   - a kept position past the end of the new script can meet the $FD
 *     header of the script after it and switch to an id without a script
 *     (Sonic's Roll at position 9, fast, reads the push header: id $B6;
 *     Tails' Roll2 at 4: id $A9).  The original then takes a script from
 *     the word its table lookup finds past the table; the core, as for
 *     any id without a script, only restarts.
 * Neither happens from a start state whose prev_anim differs from the ids
 * the physics set.
 */
#include "anim.h"

#include "internal.h"

/* ---- the scripts --------------------------------------------------------- */

/* Header bytes of the speed-driven scripts and the end codes. */
enum {
    SPEED_WALK = 0xFF, SPEED_ROLL = 0xFE,               /* headers */
    END_MIN_SONIC = 0xFC, END_MIN_TAILS = 0xF0,         /* >= : end */
    END_LOOP = SPG_ANIM_END_LOOP /* the codes: anim.h's SPG_ANIM_END_* */
};

/* Runs of one byte. */
#define R2(x)  x, x
#define R4(x)  R2(x), R2(x)
#define R6(x)  R4(x), R2(x)
#define R8(x)  R4(x), R4(x)
#define R16(x) R8(x), R8(x)
#define R32(x) R16(x), R16(x)

/*
 * Sonic's script area, $1385C..$13A21: the scripts of AniSonic in ROM
 * order (ids $00..$23 without $1F), a zero byte (`even`), AniSuperSonic
 * (an offset table of 32 words relative to its own start, $139A8, then
 * Super Sonic's own scripts) and AniSonic1F.  Each script is a header
 * (duration, or a speed flag), sprite numbers (mapping frames) and an end
 * code; the names give the original label.  The SO_* offsets count from
 * the area's start.
 */
#define SON_00 0xFF, 1, 2, 3, 4, 5, 6, 7, 8, 0xFF          /* Walk */
#define SON_01 0xFF, 0x21, 0x22, 0x23, 0x24, R4(0xFF), 0xFF /* Run */
#define SON_02 0xFE, 0x96, 0x97, 0x96, 0x98, 0x96, 0x99, 0x96, 0x9A, \
               0xFF                                         /* Roll */
#define SON_03 SON_02                                       /* Roll2 */
#define SON_04 0xFD, 0xB6, 0xB7, 0xB8, 0xB9, R4(0xFF), 0xFF /* Push */
/* Wait: 50 x standing ($BA), $BB, 2 x $BC, eight rounds of the foot tap
 * ($BD $BD $BE $BE), 6 x $AD, 6 x $AE, $AF, 6 x $D9, 2 x $AF; back $35. */
#define SON_TAP R2(0xBD), R2(0xBE)
#define SON_05 0x05, R32(0xBA), R16(0xBA), R2(0xBA), 0xBB, R2(0xBC),     \
               SON_TAP, SON_TAP, SON_TAP, SON_TAP, SON_TAP, SON_TAP,     \
               SON_TAP, SON_TAP, R6(0xAD), R6(0xAE), 0xAF, R6(0xD9),     \
               R2(0xAF), 0xFE, 0x35
#define SON_06 0x07, 0xA4, 0xA5, 0xA6, 0xFF                 /* Balance */
#define SON_07 0x05, 0xC3, 0xC4, 0xFE, 1                    /* LookUp */
#define SON_08 0x05, 0x9B, 0x9C, 0xFE, 1                    /* Duck */
#define SON_09 0x00, 0x86, 0x87, 0x86, 0x88, 0x86, 0x89, 0x86, 0x8A, \
               0x86, 0x8B, 0xFF                             /* Spindash */
#define SON_0A 0x09, 0xBA, 0xC5, R6(0xC6), R8(0xC7), R4(0xC7), 0xFD, 0
#define SON_0B 0x0F, 0x8F, 0xFF
#define SON_0C 0x05, 0xA1, 0xA2, 0xA3, 0xFF                 /* Balance2 */
#define SON_0D 0x03, 0x9D, 0x9E, 0x9F, 0xA0, 0xFD, 0        /* Stop */
#define SON_0E 0x07, 0xC8, 0xFF
#define SON_0F 0x07, 0xC8, 0xC9, 0xCA, 0xCB, 0xCC, 0xCD, 0xCE, 0xCF, 0xFF
#define SON_10 0x2F, 0x8E, 0xFD, 0                          /* Spring */
#define SON_11 0x01, 0xAA, 0xAB, 0xFF
#define SON_12 0x0F, R2(0x43), 0x43, 0xFE, 1
#define SON_13 0x07, 0xB0, R6(0xB2), 0xB1, 0xB2, 0xB3, 0xB2, 0xFE, 4
#define SON_14 0x13, 0x91, 0xFF
#define SON_15 0x0B, R2(0xAC), 3, 4, 0xFD, 0
#define SON_16 0x20, 0xA8, 0xFF
#define SON_17 0x20, 0xA9, 0xFF
#define SON_18 0x20, 0xA7, 0xFF                             /* Death */
#define SON_19 0x09, 0xD7, 0xD8, 0xFF
#define SON_1A 0x40, 0x8D, 0xFF                             /* Hurt */
#define SON_1B 0x09, 0x8C, 0x8D, 0xFF
#define SON_1C 0x77, 0x00, 0xFF
#define SON_1D 0x13, 0xD0, 0xD1, 0xFF
#define SON_1E 0x03, 0xCF, 0xC8, 0xC9, 0xCA, 0xCB, 0xFE, 4
#define SON_20 0x09, 8, 9, 0xFF
#define SON_21 0x03, 7, 0xFD, 0
#define SON_22 0x0B, 0x90, 0x91, 0x92, 0x91, 0xFF
#define SON_23 0x0B, 0x90, 0x91, 0x92, 0x91, 0xFD, 0
/* AniSuperSonic's own scripts (after its offset table) */
#define SUP_00 0xFF, 1, 2, 3, 4, 5, 6, 7, 8, 0xFF
#define SUP_01 0xFF, 0x21, 0x22, R4(0xFF), R2(0xFF), 0xFF
#define SUP_04 0xFD, 0xB6, 0xB7, 0xB8, 0xB9, R4(0xFF), 0xFF
#define SUP_05 0x07, 0xBA, 0xBB, 0xFF
#define SUP_06 0x09, 0xA1, 0xA2, 0xA3, 0xFF
#define SUP_08 0x05, 0x9B, 0xFF
/* AniSonic1F: the Super transformation */
#define SON_1F 0x02, R2(0xD2), R2(0xD3), 0xD4, 0xD5, 0xD6, 0xD5, 0xD6, \
               0xD5, 0xD6, 0xD5, 0xD6, 0xFD, 0

/* The number of bytes of a script macro. */
#define LEN(...) ((int)sizeof((const uint8_t[]){__VA_ARGS__}))

enum {
    SO_00 = 0,
    SO_01 = SO_00 + LEN(SON_00),
    SO_02 = SO_01 + LEN(SON_01),
    SO_03 = SO_02 + LEN(SON_02),
    SO_04 = SO_03 + LEN(SON_03),
    SO_05 = SO_04 + LEN(SON_04),
    SO_06 = SO_05 + LEN(SON_05),
    SO_07 = SO_06 + LEN(SON_06),
    SO_08 = SO_07 + LEN(SON_07),
    SO_09 = SO_08 + LEN(SON_08),
    SO_0A = SO_09 + LEN(SON_09),
    SO_0B = SO_0A + LEN(SON_0A),
    SO_0C = SO_0B + LEN(SON_0B),
    SO_0D = SO_0C + LEN(SON_0C),
    SO_0E = SO_0D + LEN(SON_0D),
    SO_0F = SO_0E + LEN(SON_0E),
    SO_10 = SO_0F + LEN(SON_0F),
    SO_11 = SO_10 + LEN(SON_10),
    SO_12 = SO_11 + LEN(SON_11),
    SO_13 = SO_12 + LEN(SON_12),
    SO_14 = SO_13 + LEN(SON_13),
    SO_15 = SO_14 + LEN(SON_14),
    SO_16 = SO_15 + LEN(SON_15),
    SO_17 = SO_16 + LEN(SON_16),
    SO_18 = SO_17 + LEN(SON_17),
    SO_19 = SO_18 + LEN(SON_18),
    SO_1A = SO_19 + LEN(SON_19),
    SO_1B = SO_1A + LEN(SON_1A),
    SO_1C = SO_1B + LEN(SON_1B),
    SO_1D = SO_1C + LEN(SON_1C),
    SO_1E = SO_1D + LEN(SON_1D),
    SO_20 = SO_1E + LEN(SON_1E),
    SO_21 = SO_20 + LEN(SON_20),
    SO_22 = SO_21 + LEN(SON_21),
    SO_23 = SO_22 + LEN(SON_22),
    SO_SUPER_TABLE = SO_23 + LEN(SON_23) + 1, /* `even` */
    SO_SUP_00 = SO_SUPER_TABLE + 2 * 32,
    SO_SUP_01 = SO_SUP_00 + LEN(SUP_00),
    SO_SUP_04 = SO_SUP_01 + LEN(SUP_01),
    SO_SUP_05 = SO_SUP_04 + LEN(SUP_04),
    SO_SUP_06 = SO_SUP_05 + LEN(SUP_05),
    SO_SUP_08 = SO_SUP_06 + LEN(SUP_06),
    SO_1F = SO_SUP_08 + LEN(SUP_08),
    SO_END = SO_1F + LEN(SON_1F) /* even: no padding */
};

/* The layout checked against the ROM's addresses: AniSonic's scripts
 * start at $1385C, AniSuperSonic at $139A8, AniSonic1F at $13A12, code at
 * $13A22. */
_Static_assert(SO_05 == 0x32 && SO_06 == 0x9F && SO_0A == 0xBA &&
                   SO_0D == 0xD9 && SO_18 == 0x119 && SO_23 == 0x144,
               "AniSonic offsets");
_Static_assert(SO_SUPER_TABLE == 0x139A8 - 0x1385C &&
                   SO_1F == 0x13A12 - 0x1385C && SO_END == 0x13A22 - 0x1385C,
               "Sonic's script area");

/* A big-endian word of AniSuperSonic: the script at area offset `o`
 * relative to the table's start. */
#define SUP_ENTRY(o)                                                        \
    (uint8_t)(((unsigned)((o) - SO_SUPER_TABLE) >> 8) & 0xFFu),             \
        (uint8_t)((unsigned)((o) - SO_SUPER_TABLE) & 0xFFu)

static const uint8_t sonic_area[SO_END] = {
    SON_00, SON_01, SON_02, SON_03, SON_04, SON_05, SON_06, SON_07, SON_08,
    SON_09, SON_0A, SON_0B, SON_0C, SON_0D, SON_0E, SON_0F, SON_10, SON_11,
    SON_12, SON_13, SON_14, SON_15, SON_16, SON_17, SON_18, SON_19, SON_1A,
    SON_1B, SON_1C, SON_1D, SON_1E, SON_20, SON_21, SON_22, SON_23,
    0, /* even */
    /* AniSuperSonic, ids 0..$1F: Super Sonic's own walk, run, push,
     * stand, balance and duck, the rest Sonic's scripts */
    SUP_ENTRY(SO_SUP_00), SUP_ENTRY(SO_SUP_01), SUP_ENTRY(SO_02),
    SUP_ENTRY(SO_03), SUP_ENTRY(SO_SUP_04), SUP_ENTRY(SO_SUP_05),
    SUP_ENTRY(SO_SUP_06), SUP_ENTRY(SO_07), SUP_ENTRY(SO_SUP_08),
    SUP_ENTRY(SO_09), SUP_ENTRY(SO_0A), SUP_ENTRY(SO_0B), SUP_ENTRY(SO_0C),
    SUP_ENTRY(SO_0D), SUP_ENTRY(SO_0E), SUP_ENTRY(SO_0F), SUP_ENTRY(SO_10),
    SUP_ENTRY(SO_11), SUP_ENTRY(SO_12), SUP_ENTRY(SO_13), SUP_ENTRY(SO_14),
    SUP_ENTRY(SO_15), SUP_ENTRY(SO_16), SUP_ENTRY(SO_17), SUP_ENTRY(SO_18),
    SUP_ENTRY(SO_19), SUP_ENTRY(SO_1A), SUP_ENTRY(SO_1B), SUP_ENTRY(SO_1C),
    SUP_ENTRY(SO_1D), SUP_ENTRY(SO_1E), SUP_ENTRY(SO_1F),
    SUP_00, SUP_01, SUP_04, SUP_05, SUP_06, SUP_08,
    SON_1F
};

/* AniSonic: id -> script. */
static const uint16_t sonic_scripts[] = {
    SO_00, SO_01, SO_02, SO_03, SO_04, SO_05, SO_06, SO_07, SO_08, SO_09,
    SO_0A, SO_0B, SO_0C, SO_0D, SO_0E, SO_0F, SO_10, SO_11, SO_12, SO_13,
    SO_14, SO_15, SO_16, SO_17, SO_18, SO_19, SO_1A, SO_1B, SO_1C, SO_1D,
    SO_1E, SO_1F, SO_20, SO_21, SO_22, SO_23
};

/*
 * Tails' script area, $165FC..$16727: the scripts of AniTails, ids
 * $00..$28 in order, and the zero byte of `even`.
 */
#define TAI_00 0xFF, 1, 2, 3, 4, 5, 6, 7, 8, 0xFF          /* Walk */
#define TAI_01 0xFF, 0x21, 0x22, 0x23, 0x24, R4(0xFF), 0xFF /* Run */
#define TAI_02 0x01, 0x96, 0x97, 0x98, 0xFF                 /* Roll */
#define TAI_03 0x00, 0x96, 0x97, 0x98, 0xFF                 /* Roll2 */
#define TAI_04 0xFD, 0xA9, 0xAA, 0xAB, 0xAC, R4(0xFF), 0xFF /* Push */
/* Wait: standing ($AD) with two blinks ($AF $AE), 16 x $B1, then $B2 and
 * the tapping $B3 $B4; back $1C. */
#define TAI_05 0x07, R8(0xAD), R2(0xAD), 0xAF, 0xAE, R8(0xAD), 0xAF, 0xAE, \
               R8(0xAD), 0xAD, R16(0xB1), 0xB2, 0xB3, 0xB4, 0xB3, 0xB4,   \
               0xB3, 0xB4, 0xB3, 0xB4, 0xB3, 0xB4, 0xB2, 0xFE, 0x1C
#define TAI_SWAY R2(0x9A), R2(0x9B)
#define TAI_06 0x09, TAI_SWAY, TAI_SWAY, TAI_SWAY, TAI_SWAY, TAI_SWAY, \
               0x9A, 0x9B, 0xFF                             /* Balance */
#define TAI_07 0x3F, 0xB0, 0xFF                             /* LookUp */
#define TAI_08 0x3F, 0x99, 0xFF                             /* Duck */
#define TAI_09 0x00, 0x86, 0x87, 0x88, 0xFF                 /* Spindash */
#define TAI_0A 0x3F, 0x82, 0xFF
#define TAI_0B 0x0F, 0x8D, 0xFF
#define TAI_0C 0x09, 0xA4, 0x9B, 0xFF
#define TAI_0D 0x03, 0x8E, 0x8F, 0x8E, 0x8F, 0xFD, 0        /* Stop */
#define TAI_0E 0x09, 0xB5, 0xFF
#define TAI_0F 0x09, 0xB5, 0xB6, 0xB7, 0xB8, 0xB9, 0xBA, 0xBB, 0xBC, 0xFF
#define TAI_SPR 0x8B, 0x8C
#define TAI_10 0x03, TAI_SPR, TAI_SPR, TAI_SPR, TAI_SPR, TAI_SPR, TAI_SPR, \
               0xFD, 0                                      /* Spring */
#define TAI_11 0x01, 0x9D, 0x9E, 0xFF
#define TAI_12 0x0F, 1, 2, 3, 0xFE, 1
#define TAI_13 0x0F, 0xA5, 0xA6, 0xFE, 1
#define TAI_14 0x13, 0x91, 0xFF
#define TAI_15 0x0B, R2(0x9F), 3, 4, 0xFD, 0
#define TAI_16 0x20, 0x9C, 0xFF
#define TAI_17 0x2F, 0x9C, 0xFF
#define TAI_18 0x03, 0x9C, 0xFF                             /* Death */
#define TAI_19 0x09, 0xCB, 0xCC, 0xFF
#define TAI_1A 0x40, 0x8A, 0xFF                             /* Hurt */
#define TAI_1B 0x09, 0x89, 0x8A, 0xFF
#define TAI_1C 0x77, 0x00, 0xFF
#define TAI_1D 0x03, 1, 2, 3, 4, 5, 6, 7, 8, 0xFF
#define TAI_1E TAI_1D
#define TAI_1F 0xFF, 0xC3, 0xC4, R4(0xFF), R2(0xFF), 0xFF  /* HaulAss */
#define TAI_20 0x1F, 0xA0, 0xFF                             /* Fly */
#define TAI_21 0x1F, 0xA0, 0xFF                             /* FlyUp */
#define TAI_22 0x1F, 0xA2, 0xFF                             /* carrying */
#define TAI_23 0x1F, 0xA1, 0xFF                             /* carrying */
#define TAI_24 0x0B, 0xA3, 0xA4, 0xFF                       /* FlyTired */
#define TAI_25 0x07, 0xBD, 0xBE, 0xBF, 0xC0, 0xC1, 0xFF     /* Swim */
#define TAI_26 0x03, 0xBD, 0xBE, 0xBF, 0xC0, 0xC1, 0xFF     /* SwimUp */
#define TAI_27 0x04, 0xCF, 0xD0, 0xFF                       /* carrying */
#define TAI_28 0x0B, 0xC2, 0xCD, 0xCE, 0xFF                 /* SwimTired */

enum {
    TO_00 = 0,
    TO_01 = TO_00 + LEN(TAI_00),
    TO_02 = TO_01 + LEN(TAI_01),
    TO_03 = TO_02 + LEN(TAI_02),
    TO_04 = TO_03 + LEN(TAI_03),
    TO_05 = TO_04 + LEN(TAI_04),
    TO_06 = TO_05 + LEN(TAI_05),
    TO_07 = TO_06 + LEN(TAI_06),
    TO_08 = TO_07 + LEN(TAI_07),
    TO_09 = TO_08 + LEN(TAI_08),
    TO_0A = TO_09 + LEN(TAI_09),
    TO_0B = TO_0A + LEN(TAI_0A),
    TO_0C = TO_0B + LEN(TAI_0B),
    TO_0D = TO_0C + LEN(TAI_0C),
    TO_0E = TO_0D + LEN(TAI_0D),
    TO_0F = TO_0E + LEN(TAI_0E),
    TO_10 = TO_0F + LEN(TAI_0F),
    TO_11 = TO_10 + LEN(TAI_10),
    TO_12 = TO_11 + LEN(TAI_11),
    TO_13 = TO_12 + LEN(TAI_12),
    TO_14 = TO_13 + LEN(TAI_13),
    TO_15 = TO_14 + LEN(TAI_14),
    TO_16 = TO_15 + LEN(TAI_15),
    TO_17 = TO_16 + LEN(TAI_16),
    TO_18 = TO_17 + LEN(TAI_17),
    TO_19 = TO_18 + LEN(TAI_18),
    TO_1A = TO_19 + LEN(TAI_19),
    TO_1B = TO_1A + LEN(TAI_1A),
    TO_1C = TO_1B + LEN(TAI_1B),
    TO_1D = TO_1C + LEN(TAI_1C),
    TO_1E = TO_1D + LEN(TAI_1D),
    TO_1F = TO_1E + LEN(TAI_1E),
    TO_20 = TO_1F + LEN(TAI_1F),
    TO_21 = TO_20 + LEN(TAI_20),
    TO_22 = TO_21 + LEN(TAI_21),
    TO_23 = TO_22 + LEN(TAI_22),
    TO_24 = TO_23 + LEN(TAI_23),
    TO_25 = TO_24 + LEN(TAI_24),
    TO_26 = TO_25 + LEN(TAI_25),
    TO_27 = TO_26 + LEN(TAI_26),
    TO_28 = TO_27 + LEN(TAI_27),
    TO_END = TO_28 + LEN(TAI_28) + 1 /* `even` */
};

/* Checked against the ROM: AniTails' scripts start at $165FC, code at
 * $16728. */
_Static_assert(TO_05 == 0x28 && TO_06 == 0x66 && TO_0D == 0x93 &&
                   TO_1F == 0xFA && TO_20 == 0x104 && TO_28 == 0x126 &&
                   TO_END == 0x16728 - 0x165FC,
               "AniTails offsets");

static const uint8_t tails_area[TO_END] = {
    TAI_00, TAI_01, TAI_02, TAI_03, TAI_04, TAI_05, TAI_06, TAI_07, TAI_08,
    TAI_09, TAI_0A, TAI_0B, TAI_0C, TAI_0D, TAI_0E, TAI_0F, TAI_10, TAI_11,
    TAI_12, TAI_13, TAI_14, TAI_15, TAI_16, TAI_17, TAI_18, TAI_19, TAI_1A,
    TAI_1B, TAI_1C, TAI_1D, TAI_1E, TAI_1F, TAI_20, TAI_21, TAI_22, TAI_23,
    TAI_24, TAI_25, TAI_26, TAI_27, TAI_28,
    0 /* even */
};

/* AniTails: id -> script. */
static const uint16_t tails_scripts[] = {
    TO_00, TO_01, TO_02, TO_03, TO_04, TO_05, TO_06, TO_07, TO_08, TO_09,
    TO_0A, TO_0B, TO_0C, TO_0D, TO_0E, TO_0F, TO_10, TO_11, TO_12, TO_13,
    TO_14, TO_15, TO_16, TO_17, TO_18, TO_19, TO_1A, TO_1B, TO_1C, TO_1D,
    TO_1E, TO_1F, TO_20, TO_21, TO_22, TO_23, TO_24, TO_25, TO_26, TO_27,
    TO_28
};

#define COUNT(a) ((unsigned)(sizeof(a) / sizeof((a)[0])))

/* One character's scripts and the thresholds of his walk/run. */
typedef struct s3_chr {
    spg_anim_table t;        /* with the end codes' threshold */
    uint8_t sprites;         /* mapping frames of the character's sheet */
    uint16_t walk, run, fast; /* the walk/run's three scripts ... */
    uint16_t fast_speed;      /* ... the third from this |speed| on */
    uint8_t run_mul, fast_mul; /* sprites a set / 2 (the walk's: 4) */
    uint16_t push;            /* the push script */
} s3_chr;

/* The speed thresholds and frame-rate bases of the speed-driven scripts. */
enum {
    RUN_SPEED = 0x600,     /* walk -> run, roll -> AniSonic03 (unsigned) */
    HAULASS_SPEED = 0x700, /* Tails: run -> HaulAss */
    WALK_RATE = 0x800      /* walk/run duration: ($800 - |speed|) >> 8 */
};

/* Sonic: run from $600 on, 4 sprites a set; no third script (the run's
 * threshold again).  Tails: run 4 sprites a set, HaulAss (AniTails1F) 2
 * from $700 on.  Sprite sheets: Map_Sonic $DA frames, Map_Tails $D1. */
static const s3_chr sonic_chr = {
    {sonic_area, SO_END, sonic_scripts, COUNT(sonic_scripts), END_MIN_SONIC},
    0xDA, SO_00, SO_01, SO_01, RUN_SPEED, 2, 2, SO_04};
static const s3_chr tails_chr = {
    {tails_area, TO_END, tails_scripts, COUNT(tails_scripts), END_MIN_TAILS},
    0xD1, TO_00, TO_01, TO_1F, HAULASS_SPEED, 2, 1, TO_04};

/* The script byte at `script` + i, as the original reads it; past the
 * modelled area (code) an end marker (spg_anim_byte). */
static uint8_t at(const s3_chr *c, unsigned script, unsigned i)
{
    return spg_anim_byte(&c->t, script, i);
}

/* loc_134A6 / sub_163B8 (the script step), the restart (which drops the
 * pushing bit) and the fixed-duration scripts are anim_steps.c's. */

/*
 * The walk/run (header $FF; loc_134F0 / loc_16402 with flip_type and
 * flip_angle 0).  The sprite set by angle and its flip bits first; while
 * pushing, the push script; else the script and the set's offset by
 * |speed|, the entry at the position shown (a $FF there starts again),
 * then the timer, and when it runs out a new duration and the next
 * position.
 */
static void walk_run(spg_player *p, const s3_chr *c)
{
    uint8_t a = p->angle;
    uint8_t set, offset, fr;
    uint16_t speed;
    unsigned script;

    if (a != 0 && a < 0x80u)
        a = (uint8_t)(a - 1u); /* $01..$7F count one less */
    a = spg_anim_walk_angle(p, a, 0x10);
    if (p->status & SPG_STATUS_PUSHING) {
        /* loc_137CE / loc_1651C */
        if (!spg_anim_timer_runs(p))
            spg_anim_push(p, &c->t, c->push);
        return;
    }
    set = (uint8_t)((a >> 4) & 6u); /* 0, 2, 4, 6 */
    speed = spg_anim_abs_speed(p->ground_speed);
    if (speed >= c->fast_speed) {
        script = c->fast;
        offset = (uint8_t)(set * c->fast_mul);
    } else if (speed >= RUN_SPEED) {
        script = c->run;
        offset = (uint8_t)(set * c->run_mul);
    } else {
        script = c->walk;
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

/* loc_13786: Sonic's roll, for any negative header but $FF. */
static void sonic_roll(spg_player *p, const s3_chr *c)
{
    uint16_t speed;

    if (spg_anim_timer_runs(p))
        return;
    speed = spg_anim_abs_speed(p->ground_speed);
    spg_anim_roll(p, &c->t, speed >= RUN_SPEED ? SO_03 : SO_02, speed);
}

/* ---- entry points ------------------------------------------------------------ */

void spg_s3_animate(const spg_profile *profile, spg_player *p)
{
    int tails = profile->character == SPG_CHAR_TAILS;
    const s3_chr *c = tails ? &tails_chr : &sonic_chr;
    int script = spg_anim_restart(p, &c->t, SPG_STATUS_PUSHING);
    uint8_t header;

    if (script < 0)
        return; /* no such script (only a bad start state gets here) */
    header = at(c, (unsigned)script, 0);
    if (!(header & 0x80u))
        spg_anim_fixed(p, &c->t, (unsigned)script);
    else if (header == SPEED_WALK)
        walk_run(p, c);
    else if (!tails)
        sonic_roll(p, c);
    else
        (void)spg_anim_timer_runs(p);
    /* Tails' other header (id 4's $FD): after the timer test, the tail
     * angle from the speeds of the object a2 points to; the loaders
     * refuse the id (spg_anim_last_position).  Only the timer is
     * modelled. */
}

/* The character's scripts and sprites (the routine table has already
 * picked Sonic 3 for the profile). */
static const s3_chr *s3_character(const spg_profile *profile)
{
    return profile->character == SPG_CHAR_TAILS ? &tails_chr : &sonic_chr;
}

int spg_s3_anim_last_position(const spg_profile *profile, uint8_t anim)
{
    const s3_chr *c = s3_character(profile);
    unsigned script;
    uint8_t header;

    if (anim >= c->t.count)
        return -1;
    script = c->t.scripts[anim];
    header = at(c, script, 0);
    if (header == SPEED_WALK || (c == &sonic_chr && (header & 0x80u))) {
        /* the speed-driven ids share one position: the walk's end (its
         * script is the longest of them) */
        script = c->walk;
    } else if (header & 0x80u) {
        return -1; /* Tails' id 4: the tail angle, see spg_s3_animate */
    }
    /* the first end code (every script in the areas has one) */
    return spg_anim_end_position(&c->t, script);
}

int spg_s3_anim_mapping_frames(const spg_profile *profile)
{
    return s3_character(profile)->sprites;
}
