/*
 * anim_s3k.c - Sonic & Knuckles' animation routines for the player
 * characters: Animate_Sonic ($12600, Sonic), Animate_Tails ($15862, Tails)
 * and Animate_Knuckles ($17D30, Knuckles), with the three characters'
 * animation scripts (AniSonic $12AA6, AniTails $15AB0, AniKnuckles $17EF4)
 * as data.
 *
 * The three routines are Sonic 3's Animate_Sonic / Animate_Tails
 * (anim_s3.c) with these differences, found by comparing the routines
 * instruction by instruction (addresses normalised) in the two images:
 *
 *   - Animate_Tails now takes only the bytes $FC..$FF as end codes, as
 *     Animate_Sonic and Animate_Knuckles do (Sonic 3's Tails: $F0..$FF);
 *     no script byte in the three areas lies in $F0..$FB, so this only
 *     matters for bytes past the areas (see below);
 *   - the speed-driven roll writes the flip bits (facing) on every call,
 *     before it counts the timer down (Sonic 3: after the timer ran out);
 *   - the push (the walk/run while pushing) no longer writes the flip bits
 *     after the timer ran out: the ones of the sprite set by angle, which
 *     the walk/run wrote first, stay (Sonic 3: the facing bit);
 *   - the walk scripts (id 0) of all three start with sprites 7 and 8,
 *     then 1..6 (Sonic 3: 1..8; docs/research/sonic3k-differences.md row
 *     K9), so the walk cycle starts two sprites later; Super Sonic's walk
 *     (AniSuperSonic) still counts 1..8;
 *   - Tails has a new script, $29 (the Super transformation's sprites
 *     $EB..$ED, set by Super Tails' code); his other scripts, and all of
 *     Sonic's but the walk, are Sonic 3's byte for byte.
 *
 * Animate_Knuckles is Animate_Sonic's engine without the Super Sonic
 * branches (Super Knuckles keeps AniKnuckles) and with one change: the
 * push duration is ($800 - |speed|) >> 8, where Sonic's and Tails' shift
 * by 6.  Its walk/run, roll (every negative header but $FF: id 4's $FD
 * plays the roll, as for Sonic) and script step are Sonic's; its tumble
 * branch jumps into Animate_Sonic's ($127C0).
 *
 * Knuckles' scripts beyond Sonic's ids: $20 is the glide (one sprite, $C0,
 * duration $1F), set by Knuckles_Set_Gliding_Animation ($16FA8), which on
 * every gliding frame also writes anim = prev_anim = $20, anim_frame 0,
 * anim_frame_timer $20 and its own mapping_frame (RawAni_Knuckles_
 * GlideTurn) - so the script's sprite only shows once the timer runs out
 * (32 calls without that routine: the wall climb and the slide, which keep
 * id $20 and write the timer and the sprite themselves); $21 the fall
 * from a glide, a failed grab, a slide off a ledge or letting go of a wall
 * ($168DC, $16A74, $16B9C, $16ED8: LetGoOfWall also sets prev_anim,
 * anim_frame 1, timer 7 and the sprite $CB), $22 getting up after a slide
 * ($16B5C), $23 landing from the fall ($16AFE), both ending in "switch to
 * the walk"; $1F the Super transformation (Knux_Transform $178E6).  The
 * code of Knuckles' object sets none of $0A..$0C and $24 (his balance is
 * id 6 only, which Knux_InputAcceleration_Path starts at position 4 when
 * he faces away from the edge).
 *
 * Not modelled, because the player state never holds what they read:
 * Super Sonic (Super_Sonic_Knux_flag: AniSuperSonic, the run at $800),
 * bit 7 of status_secondary (set by objects: doubles the |speed| the
 * walk/run compares and times with), flip_type and flip_angle (set by
 * objects such as the twisting paths: the tumble's sprites from the flip
 * angle; S&K's tumble also tests Current_zone 4, 7 and $B for its flip
 * bits) and Tails' id 4: its header $FD sends Animate_Tails to the tail-
 * angle code ($15A3C; now also with a Current_zone $15 and a reverse-
 * gravity case), which reads the speeds of the object a2 points to;
 * spg_anim_last_position refuses that id.  Animate_Tails' speed-driven
 * roll for a header $FE ($159CC, AniTails02 / 03 by speed) is not modelled
 * either: no script of AniTails has that header.
 *
 * Each character's scripts lie one after the other in ROM, and a position
 * kept across an id change the routine did not see (a start state whose
 * prev_anim already equals the id the physics sets) reads on into the
 * following scripts; each area is modelled as a whole up to where code
 * starts (Sonic_Load_PLC $12CB4, Tails_Load_PLC $15C3E, Knuckles_Load_PLC
 * $1810E), and past that the core reads an end marker.  As in Sonic 3,
 * two kinds of such start states (ones the scenario loader accepts) go
 * where the core does not follow the original: a script near the end of
 * an area read at a position kept from a longer script (a Wait's) reads
 * past the area, into code; and a kept position past the end of a script
 * can meet the $FD header of the script after it and switch to an id
 * without a script (Sonic's or Knuckles' Roll2 at position 9 reads the
 * push script's header: ids $B6 / $CE; Tails' Roll2 at 4: $A9), where the
 * original takes a script from the word its table lookup finds past the
 * table and the core only restarts.  Neither happens from a start state
 * whose prev_anim differs from the ids the physics set.
 */
#include "anim.h"

#include "internal.h"

/* ---- the scripts --------------------------------------------------------- */

/* Header bytes of the speed-driven scripts and the end codes. */
enum {
    SPEED_WALK = 0xFF,                                  /* header */
    END_MIN = 0xFC,                                     /* >= : end */
    END_LOOP = SPG_ANIM_END_LOOP /* the codes: anim.h's SPG_ANIM_END_* */
};

/* Runs of one byte. */
#define R2(x)  x, x
#define R3(x)  x, x, x
#define R4(x)  R2(x), R2(x)
#define R6(x)  R4(x), R2(x)
#define R8(x)  R4(x), R4(x)
#define R16(x) R8(x), R8(x)
#define R32(x) R16(x), R16(x)
#define R48(x) R32(x), R16(x)

/* The number of bytes of a script macro. */
#define LEN(...) ((int)sizeof((const uint8_t[]){__VA_ARGS__}))

/*
 * Sonic's script area, $12AEE..$12CB3: the scripts of AniSonic in ROM
 * order (ids $00..$23 without $1F), a zero byte (`even`), AniSuperSonic
 * (an offset table of 32 words relative to its own start, $12C3A, then
 * Super Sonic's own scripts) and AniSonic1F.  Each script is a header
 * (duration, or a speed flag), sprite numbers (mapping frames) and an end
 * code.  Apart from the walk these are the bytes of Sonic 3's area
 * ($1385C..$13A21).
 */
#define SON_00 0xFF, 7, 8, 1, 2, 3, 4, 5, 6, 0xFF          /* Walk */
#define SON_01 0xFF, 0x21, 0x22, 0x23, 0x24, R4(0xFF), 0xFF /* Run */
#define SON_02 0xFE, 0x96, 0x97, 0x96, 0x98, 0x96, 0x99, 0x96, 0x9A, \
               0xFF                                         /* Roll */
#define SON_03 0xFE, 0x96, 0x97, 0x96, 0x98, 0x96, 0x99, 0x96, 0x9A, \
               0xFF                                         /* Roll2 */
#define SON_04 0xFD, 0xB6, 0xB7, 0xB8, 0xB9, R4(0xFF), 0xFF /* Push */
/* Wait: 50 x standing ($BA), $BB, 2 x $BC, eight rounds of the foot tap
 * ($BD $BD $BE $BE), 6 x $AD, 6 x $AE, $AF, 6 x $D9, 2 x $AF; back $35. */
#define SON_TAP R2(0xBD), R2(0xBE)
#define SON_05 0x05, R48(0xBA), R2(0xBA), 0xBB, R2(0xBC), SON_TAP, SON_TAP, \
               SON_TAP, SON_TAP, SON_TAP, SON_TAP, SON_TAP, SON_TAP,       \
               R6(0xAD), R6(0xAE), 0xAF, R6(0xD9), R2(0xAF), 0xFE, 0x35
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
#define SON_12 0x0F, R3(0x43), 0xFE, 1
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
/* AniSuperSonic's own scripts (after its offset table): walk (still
 * 1..8), run, push, stand, balance, duck */
#define SUP_00 0xFF, 1, 2, 3, 4, 5, 6, 7, 8, 0xFF
#define SUP_01 0xFF, 0x21, 0x22, R4(0xFF), R2(0xFF), 0xFF
#define SUP_04 0xFD, 0xB6, 0xB7, 0xB8, 0xB9, R4(0xFF), 0xFF
#define SUP_05 0x07, 0xBA, 0xBB, 0xFF
#define SUP_06 0x09, 0xA1, 0xA2, 0xA3, 0xFF
#define SUP_08 0x05, 0x9B, 0xFF
/* AniSonic1F: the Super transformation */
#define SON_1F 0x02, R2(0xD2), R2(0xD3), 0xD4, 0xD5, 0xD6, 0xD5, 0xD6, \
               0xD5, 0xD6, 0xD5, 0xD6, 0xFD, 0

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

/* Checked against the image: AniSonic's offset table ($12AA6) holds
 * these offsets + $48 (its scripts start at $12AEE), AniSuperSonic is at
 * $12C3A, AniSonic1F at $12CA4, code at $12CB4. */
_Static_assert(SO_01 == 0x052 - 0x48 && SO_05 == 0x07A - 0x48 &&
                   SO_06 == 0x0E7 - 0x48 && SO_0A == 0x102 - 0x48 &&
                   SO_0D == 0x121 - 0x48 && SO_18 == 0x161 - 0x48 &&
                   SO_20 == 0x17E - 0x48 && SO_23 == 0x18C - 0x48,
               "AniSonic offsets");
_Static_assert(SO_SUPER_TABLE == 0x12C3A - 0x12AEE &&
                   SO_1F == 0x12CA4 - 0x12AEE && SO_END == 0x12CB4 - 0x12AEE,
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
 * Tails' script area, $15B04..$15C3D: the scripts of AniTails, ids
 * $00..$29 in order (no `even` byte: the last script ends on an even
 * address).  Apart from the walk and the new $29 these are the bytes of
 * Sonic 3's area ($165FC..$16727).
 */
#define TAI_00 0xFF, 7, 8, 1, 2, 3, 4, 5, 6, 0xFF          /* Walk */
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
#define TAI_1E 0x03, 1, 2, 3, 4, 5, 6, 7, 8, 0xFF
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
/* $29 (new): the Super transformation, $EB twice and five rounds of $EC
 * $ED, then the walk */
#define TAI_SUP 0xEC, 0xED
#define TAI_29 0x02, R2(0xEB), TAI_SUP, TAI_SUP, TAI_SUP, TAI_SUP, TAI_SUP, \
               0xFD, 0

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
    TO_29 = TO_28 + LEN(TAI_28),
    TO_END = TO_29 + LEN(TAI_29)
};

/* Checked against the image: AniTails' offset table ($15AB0, 42 words)
 * holds these offsets + $54 (its scripts start at $15B04); code at
 * $15C3E. */
_Static_assert(TO_02 == 0x068 - 0x54 && TO_05 == 0x07C - 0x54 &&
                   TO_06 == 0x0BA - 0x54 && TO_0D == 0x0E7 - 0x54 &&
                   TO_1F == 0x14E - 0x54 && TO_20 == 0x158 - 0x54 &&
                   TO_28 == 0x17A - 0x54 && TO_29 == 0x17F - 0x54 &&
                   TO_END == 0x15C3E - 0x15B04,
               "AniTails offsets");

static const uint8_t tails_area[TO_END] = {
    TAI_00, TAI_01, TAI_02, TAI_03, TAI_04, TAI_05, TAI_06, TAI_07, TAI_08,
    TAI_09, TAI_0A, TAI_0B, TAI_0C, TAI_0D, TAI_0E, TAI_0F, TAI_10, TAI_11,
    TAI_12, TAI_13, TAI_14, TAI_15, TAI_16, TAI_17, TAI_18, TAI_19, TAI_1A,
    TAI_1B, TAI_1C, TAI_1D, TAI_1E, TAI_1F, TAI_20, TAI_21, TAI_22, TAI_23,
    TAI_24, TAI_25, TAI_26, TAI_27, TAI_28, TAI_29
};

/* AniTails: id -> script. */
static const uint16_t tails_scripts[] = {
    TO_00, TO_01, TO_02, TO_03, TO_04, TO_05, TO_06, TO_07, TO_08, TO_09,
    TO_0A, TO_0B, TO_0C, TO_0D, TO_0E, TO_0F, TO_10, TO_11, TO_12, TO_13,
    TO_14, TO_15, TO_16, TO_17, TO_18, TO_19, TO_1A, TO_1B, TO_1C, TO_1D,
    TO_1E, TO_1F, TO_20, TO_21, TO_22, TO_23, TO_24, TO_25, TO_26, TO_27,
    TO_28, TO_29
};

/*
 * Knuckles' script area, $17F3E..$1810D: the scripts of AniKnuckles, ids
 * $00..$1E, $20..$24, then $1F, and the zero byte of `even`.
 */
#define KNU_00 0xFF, 7, 8, 1, 2, 3, 4, 5, 6, 0xFF          /* Walk */
#define KNU_01 0xFF, 0x21, 0x22, 0x23, 0x24, R4(0xFF), 0xFF /* Run */
#define KNU_02 0xFE, 0x9A, 0x96, 0x9A, 0x97, 0x9A, 0x98, 0x9A, 0x99, \
               0xFF                                         /* Roll */
#define KNU_03 0xFE, 0x9A, 0x96, 0x9A, 0x97, 0x9A, 0x98, 0x9A, 0x99, \
               0xFF                                         /* Roll2 */
#define KNU_04 0xFD, 0xCE, 0xCF, 0xD0, 0xD1, R4(0xFF), 0xFF /* Push */
/* Wait: 50 x standing ($56), nine rounds of $D2 $D2 $D2 $D3 $D3 $D3,
 * 5 x $D4, $D7, eight rounds of $D8 $D9 $DA $DB, $DC $DD $DC $DD, $DE
 * $DE, $D8, $D7; 150 entries, then from the start again. */
#define KNU_TAP R3(0xD2), R3(0xD3)
#define KNU_ROUND 0xD8, 0xD9, 0xDA, 0xDB
#define KNU_05 0x05, R48(0x56), R2(0x56), KNU_TAP, KNU_TAP, KNU_TAP,        \
               KNU_TAP, KNU_TAP, KNU_TAP, KNU_TAP, KNU_TAP, KNU_TAP,        \
               R4(0xD4), 0xD4, 0xD7, KNU_ROUND, KNU_ROUND, KNU_ROUND,       \
               KNU_ROUND, KNU_ROUND, KNU_ROUND, KNU_ROUND, KNU_ROUND, 0xDC, \
               0xDD, 0xDC, 0xDD, R2(0xDE), 0xD8, 0xD7, 0xFF
/* Balance: the lean ($9F..$AA, 2 frames each but 15 x $A5 and 3 x $A6 /
 * $A7), then back 6 (the last three sprites); Balance2 the same from
 * $A1 on. */
#define KNU_LEAN R2(0xA1), R2(0xA2), R2(0xA3), R2(0xA4), R8(0xA5),       \
                 R6(0xA5), 0xA5, R3(0xA6), R3(0xA7), R2(0xA8), R2(0xA9), \
                 R2(0xAA), 0xFE, 6
#define KNU_06 0x03, R2(0x9F), R2(0xA0), KNU_LEAN          /* Balance */
#define KNU_07 0x05, 0xD5, 0xD6, 0xFE, 1                    /* LookUp */
#define KNU_08 0x05, 0x9B, 0x9C, 0xFE, 1                    /* Duck */
#define KNU_09 0x00, 0x86, 0x87, 0x86, 0x88, 0x86, 0x89, 0x86, 0x8A, \
               0x86, 0x8B, 0xFF                             /* Spindash */
#define KNU_0A 0x09, 0xBA, 0xC5, R6(0xC6), R8(0xC7), R4(0xC7), 0xFD, 0
#define KNU_0B 0x0F, 0x8F, 0xFF
#define KNU_0C 0x03, KNU_LEAN                               /* Balance2 */
#define KNU_0D 0x03, 0x9D, 0x9E, 0x9F, 0xA0, 0xFD, 0        /* Stop */
#define KNU_0E 0x07, 0xC0, 0xFF
#define KNU_0F 0x05, 0xC0, 0xC1, 0xC2, 0xC3, 0xC4, 0xC5, 0xC6, 0xC7, 0xC8, \
               0xC9, 0xFF
#define KNU_10 0x2F, 0x8E, 0xFD, 0                          /* Spring */
#define KNU_11 0x01, 0xAE, 0xAF, 0xFF
#define KNU_12 0x0F, R3(0x43), 0xFE, 1
#define KNU_13 0x05, 0xB1, R3(0xB2), 0xB3, 0xB4, 0xFE, 1
#define KNU_14 0x13, 0x91, 0xFF
#define KNU_15 0x0B, R2(0xB0), 3, 4, 0xFD, 0
#define KNU_16 0x20, 0xAC, 0xFF
#define KNU_17 0x20, 0xAD, 0xFF
#define KNU_18 0x20, 0xAB, 0xFF                             /* Death */
#define KNU_19 0x09, 0x8C, 0xFF
#define KNU_1A 0x40, 0x8D, 0xFF                             /* Hurt */
#define KNU_1B 0x09, 0x8C, 0xFF
#define KNU_1C 0x77, 0x00, 0xFF
#define KNU_1D 0x13, 0xD0, 0xD1, 0xFF
#define KNU_1E 0x03, 0xCF, 0xC8, 0xC9, 0xCA, 0xCB, 0xFE, 4
#define KNU_20 0x1F, 0xC0, 0xFF                             /* Glide */
#define KNU_21 0x07, 0xCA, 0xCB, 0xFE, 1                    /* Fall */
#define KNU_22 0x0F, 0xCD, 0xFD, 0                          /* GetUp */
#define KNU_23 0x0F, 0x9C, 0xFD, 0                          /* Land */
#define KNU_24 0x07, 0xB1, R6(0xB3), 0xB2, 0xB3, 0xB4, 0xB3, 0xFE, 4
/* $1F: the Super transformation, $EB twice and five rounds of $EC $ED */
#define KNU_SUP 0xEC, 0xED
#define KNU_1F 0x02, R2(0xEB), KNU_SUP, KNU_SUP, KNU_SUP, KNU_SUP, KNU_SUP, \
               0xFD, 0

enum {
    KO_00 = 0,
    KO_01 = KO_00 + LEN(KNU_00),
    KO_02 = KO_01 + LEN(KNU_01),
    KO_03 = KO_02 + LEN(KNU_02),
    KO_04 = KO_03 + LEN(KNU_03),
    KO_05 = KO_04 + LEN(KNU_04),
    KO_06 = KO_05 + LEN(KNU_05),
    KO_07 = KO_06 + LEN(KNU_06),
    KO_08 = KO_07 + LEN(KNU_07),
    KO_09 = KO_08 + LEN(KNU_08),
    KO_0A = KO_09 + LEN(KNU_09),
    KO_0B = KO_0A + LEN(KNU_0A),
    KO_0C = KO_0B + LEN(KNU_0B),
    KO_0D = KO_0C + LEN(KNU_0C),
    KO_0E = KO_0D + LEN(KNU_0D),
    KO_0F = KO_0E + LEN(KNU_0E),
    KO_10 = KO_0F + LEN(KNU_0F),
    KO_11 = KO_10 + LEN(KNU_10),
    KO_12 = KO_11 + LEN(KNU_11),
    KO_13 = KO_12 + LEN(KNU_12),
    KO_14 = KO_13 + LEN(KNU_13),
    KO_15 = KO_14 + LEN(KNU_14),
    KO_16 = KO_15 + LEN(KNU_15),
    KO_17 = KO_16 + LEN(KNU_16),
    KO_18 = KO_17 + LEN(KNU_17),
    KO_19 = KO_18 + LEN(KNU_18),
    KO_1A = KO_19 + LEN(KNU_19),
    KO_1B = KO_1A + LEN(KNU_1A),
    KO_1C = KO_1B + LEN(KNU_1B),
    KO_1D = KO_1C + LEN(KNU_1C),
    KO_1E = KO_1D + LEN(KNU_1D),
    KO_20 = KO_1E + LEN(KNU_1E),
    KO_21 = KO_20 + LEN(KNU_20),
    KO_22 = KO_21 + LEN(KNU_21),
    KO_23 = KO_22 + LEN(KNU_22),
    KO_24 = KO_23 + LEN(KNU_23),
    KO_1F = KO_24 + LEN(KNU_24),
    KO_END = KO_1F + LEN(KNU_1F) + 1 /* `even` */
};

/* Checked against the image: AniKnuckles' offset table ($17EF4, 37 words)
 * holds these offsets + $4A (its scripts start at $17F3E); code at
 * $1810E. */
_Static_assert(KO_02 == 0x05E - 0x4A && KO_05 == 0x07C - 0x4A &&
                   KO_06 == 0x114 - 0x4A && KO_07 == 0x13E - 0x4A &&
                   KO_0C == 0x16E - 0x4A && KO_0D == 0x194 - 0x4A &&
                   KO_13 == 0x1B8 - 0x4A && KO_20 == 0x1EC - 0x4A &&
                   KO_24 == 0x1FC - 0x4A && KO_1F == 0x20A - 0x4A &&
                   KO_END == 0x1810E - 0x17F3E,
               "AniKnuckles offsets");

static const uint8_t knuckles_area[KO_END] = {
    KNU_00, KNU_01, KNU_02, KNU_03, KNU_04, KNU_05, KNU_06, KNU_07, KNU_08,
    KNU_09, KNU_0A, KNU_0B, KNU_0C, KNU_0D, KNU_0E, KNU_0F, KNU_10, KNU_11,
    KNU_12, KNU_13, KNU_14, KNU_15, KNU_16, KNU_17, KNU_18, KNU_19, KNU_1A,
    KNU_1B, KNU_1C, KNU_1D, KNU_1E, KNU_20, KNU_21, KNU_22, KNU_23, KNU_24,
    KNU_1F,
    0 /* even */
};

/* AniKnuckles: id -> script. */
static const uint16_t knuckles_scripts[] = {
    KO_00, KO_01, KO_02, KO_03, KO_04, KO_05, KO_06, KO_07, KO_08, KO_09,
    KO_0A, KO_0B, KO_0C, KO_0D, KO_0E, KO_0F, KO_10, KO_11, KO_12, KO_13,
    KO_14, KO_15, KO_16, KO_17, KO_18, KO_19, KO_1A, KO_1B, KO_1C, KO_1D,
    KO_1E, KO_1F, KO_20, KO_21, KO_22, KO_23, KO_24
};

#define COUNT(a) ((unsigned)(sizeof(a) / sizeof((a)[0])))

/* One character's scripts and the constants of his routine. */
typedef struct sk_chr {
    spg_anim_table t;        /* end codes from $FC on */
    uint8_t sprites;         /* mapping frames of the character's sheet */
    uint16_t walk, run, fast; /* the walk/run's three scripts ... */
    uint16_t fast_speed;      /* ... the third from this |speed| on */
    uint8_t run_mul, fast_mul; /* sprites a set / 2 (the walk's: 4) */
    uint16_t push;            /* the push script */
    uint8_t push_shift;       /* push duration: ($800 - |speed|) >> this */
    int speed_roll;           /* every other negative header: the roll
                                 (roll, roll2); else only the timer */
    uint16_t roll, roll2;
} sk_chr;

/* The speed thresholds and frame-rate bases of the speed-driven scripts. */
enum {
    RUN_SPEED = 0x600,     /* walk -> run, roll -> roll2 (unsigned) */
    HAULASS_SPEED = 0x700, /* Tails: run -> HaulAss */
    WALK_RATE = 0x800,     /* walk/run duration: ($800 - |speed|) >> 8 */
    ROLL_RATE = 0x400,     /* roll duration: ($400 - |speed|) >> 8 */
};

/* Sonic ($12710, $12A4C, $12A8A) and Knuckles ($17E2E, $17EA6, $17EE4):
 * run from $600 on, 4 sprites a set, no third script (the run's threshold
 * again); the roll for negative headers but $FF; push shift 6 and 8.
 * Tails ($15966): run 4 sprites a set, HaulAss (AniTails1F) 2 from $700
 * on; push shift 6.  Sprite sheets: $FB frames each (Map_Sonic $146620's
 * own offsets, Map_Tails $148EB8, Map_Knuckles $14A8D6; the objects'
 * debug frame viewers wrap mapping_frame at $FB: $10AC0, $13690,
 * $16470). */
static const sk_chr sonic_chr = {
    {sonic_area, SO_END, sonic_scripts, COUNT(sonic_scripts), END_MIN}, 0xFB,
    SO_00, SO_01, SO_01, RUN_SPEED, 2, 2, SO_04, 6, 1, SO_02, SO_03};
static const sk_chr tails_chr = {
    {tails_area, TO_END, tails_scripts, COUNT(tails_scripts), END_MIN}, 0xFB,
    TO_00, TO_01, TO_1F, HAULASS_SPEED, 2, 1, TO_04, 6, 0, TO_02, TO_03};
static const sk_chr knuckles_chr = {
    {knuckles_area, KO_END, knuckles_scripts, COUNT(knuckles_scripts),
     END_MIN},
    0xFB,
    KO_00, KO_01, KO_01, RUN_SPEED, 2, 2, KO_04, 8, 1, KO_02, KO_03};

/* The character's scripts (the routine table has already picked Sonic &
 * Knuckles for the profile). */
static const sk_chr *sk_character(const spg_profile *profile)
{
    switch (profile->character) {
    case SPG_CHAR_TAILS:
        return &tails_chr;
    case SPG_CHAR_KNUCKLES:
        return &knuckles_chr;
    default:
        return &sonic_chr;
    }
}

/* The script byte at `script` + i, as the original reads it; past the
 * modelled area (code) an end marker (spg_anim_byte). */
static uint8_t at(const sk_chr *c, unsigned script, unsigned i)
{
    return spg_anim_byte(&c->t, script, i);
}

/* ---- the script steps ------------------------------------------------------ */

/* loc_1265A / loc_158B0 / loc_17D7E (the script step), the restart (which
 * drops the pushing bit) and the fixed-duration scripts are
 * anim_steps.c's. */

/*
 * The walk/run (header $FF; loc_126AA / loc_15900 / loc_17DCE with
 * flip_type and flip_angle 0).  The sprite set by angle and its flip bits
 * first; while pushing, the push script (loc_12A72 / loc_15A14 /
 * loc_17ECC: the timer, then the duration from the ground speed made
 * non-positive, + $800, 0 if negative, shifted; the flip bits stay the
 * set's); else the script and the set's offset by |speed|, the entry at
 * the position shown (a $FF there starts again), then the timer, and when
 * it runs out a new duration and the next position.
 */
static void walk_run(spg_player *p, const sk_chr *c)
{
    uint8_t a = p->angle;
    uint8_t set, offset, fr;
    uint16_t speed;
    unsigned script;

    if (a != 0 && a < 0x80u)
        a = (uint8_t)(a - 1u); /* $01..$7F count one less */
    a = spg_anim_walk_angle(p, a, 0x10);
    if (p->status & SPG_STATUS_PUSHING) {
        uint16_t v = (uint16_t)p->ground_speed;
        if (spg_anim_timer_runs(p))
            return;
        if (!(v & 0x8000u))
            v = (uint16_t)(0u - v); /* bmi / neg.w */
        v = (uint16_t)(v + 0x800u);
        if (v & 0x8000u)
            v = 0;
        p->anim_timer = (uint8_t)(v >> c->push_shift);
        spg_anim_step(p, &c->t, c->push);
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

/* loc_12A2A / loc_17E84: the roll, for any negative header but $FF: the
 * facing's flip bits, the timer, then the duration from |speed| and the
 * step in roll2 from $600 on, else roll. */
static void speed_roll(spg_player *p, const sk_chr *c)
{
    uint16_t speed;

    spg_anim_set_flip(p, p->status & SPG_STATUS_FACING_LEFT);
    if (spg_anim_timer_runs(p))
        return;
    speed = spg_anim_abs_speed(p->ground_speed);
    p->anim_timer = spg_anim_rate(speed, ROLL_RATE, 8);
    spg_anim_step(p, &c->t, speed >= RUN_SPEED ? c->roll2 : c->roll);
}

/* ---- entry points ------------------------------------------------------------ */

/* Animate_Sonic ($12600), Animate_Tails ($15862), Animate_Knuckles
 * ($17D30), by the profile's character. */
void spg_s3k_animate(const spg_profile *profile, spg_player *p)
{
    const sk_chr *c = sk_character(profile);
    int script = spg_anim_restart(p, &c->t, SPG_STATUS_PUSHING);
    uint8_t header;

    if (script < 0)
        return; /* no such script (only a bad start state gets here) */
    header = at(c, (unsigned)script, 0);
    if (!(header & 0x80u))
        spg_anim_fixed(p, &c->t, (unsigned)script);
    else if (header == SPEED_WALK)
        walk_run(p, c);
    else if (c->speed_roll)
        speed_roll(p, c);
    else
        (void)spg_anim_timer_runs(p);
    /* Tails' other header (id 4's $FD): after the timer test, the tail
     * angle from the speeds of the object a2 points to; the loaders
     * refuse the id (spg_anim_last_position).  Only the timer is
     * modelled. */
}

int spg_s3k_anim_last_position(const spg_profile *profile, uint8_t anim)
{
    const sk_chr *c = sk_character(profile);
    unsigned script;
    uint8_t header;

    if (anim >= c->t.count)
        return -1;
    script = c->t.scripts[anim];
    header = at(c, script, 0);
    if (header == SPEED_WALK || (c->speed_roll && (header & 0x80u))) {
        /* the speed-driven ids share one position: the walk's end (its
         * script is the longest of them) */
        script = c->walk;
    } else if (header & 0x80u) {
        return -1; /* Tails' id 4: the tail angle, see spg_s3k_animate */
    }
    /* the first end code (every script in the areas has one) */
    return spg_anim_end_position(&c->t, script);
}

int spg_s3k_anim_mapping_frames(const spg_profile *profile)
{
    return sk_character(profile)->sprites;
}
