/*
 * anim.c - Sonic_Animate: Sonic 1's animation routine for the player, and
 * Sonic's animation scripts (Ani_Sonic) as data.
 *
 * The player routine calls Sonic_Animate once a frame, after the physics
 * (Sonic_Control, routine 2) or after the fall (Sonic_Death, routine 6).
 * The physics only choose an animation id (obAnim); Sonic_Animate plays
 * that animation's script:
 *
 *   - a script is a duration byte, a list of mapping frames and an end
 *     marker: $FF (afEnd) starts again from the first frame, $FE n
 *     (afBack) goes back n entries, $FD id (afChange) switches to
 *     animation id;
 *   - each frame the timer (obTimeFrame) goes down by one; when it drops
 *     below zero it is reloaded with the duration and the next entry is
 *     shown, so an entry stays on screen for duration + 1 frames;
 *   - when obAnim differs from the id played last (obPrevAni) the script
 *     starts again at entry 0 with the timer at 0, so the new animation's
 *     first entry shows on this very frame.
 *
 * Scripts whose duration byte is negative are driven by the ground speed
 * (the guide's Ground Speed, obInertia), not by a fixed duration:
 *
 *   $FF walk/run  |speed| < $600: the walk, 6 frames, in one of four sets
 *                 of sprites by ground angle; from $600 on (the guide's
 *                 "6"): the run, 4 frames.  Duration max(0, $800 -
 *                 |speed|) >> 8, i.e. 8 at a crawl down to 0 (a new frame
 *                 every frame) from 8 px/frame on.  While pushing, the
 *                 push animation instead.
 *   $FE roll      |speed| < $600: 5 frames, else the "fast" 6-frame
 *                 order; duration max(0, $400 - |speed|) >> 8.
 *   $FD push      4 frames; duration ($800 - |speed|) >> 6.
 *
 * The timer is reloaded only when it runs out, so a change of speed shows
 * in the frame rate one frame entry late.  The flip bits of the render
 * flags (obRender bits 0 and 1) follow the facing status bit; the walk/run
 * also turns the sprite upside down (both bits flipped) when the ground
 * angle is in the upper half of the circle.  The speed-driven scripts
 * write the flip bits only on the frames a new entry is loaded; the others
 * every frame.
 *
 * The steps themselves are anim_steps.c's script player (spg_anim_begin,
 * spg_anim_step, spg_anim_walk, spg_anim_roll, spg_anim_push), which Sonic
 * CD's ObjSonic_Animate shares; this file holds the scripts and the choice
 * of script.
 *
 * REV00 and REV01 have the same routine and scripts: every scenario of the
 * suite captured from both gives identical traces.
 */
#include "anim.h"

#include "internal.h"

/* ---- the scripts --------------------------------------------------------- */

/* Mapping frames of Sonic's sprite sheet (the fr_* names of the
 * disassembly), as far as the scripts use them. */
enum {
    FR_NULL = 0x00, FR_STAND = 0x01, FR_WAIT1 = 0x02, FR_WAIT2 = 0x03,
    FR_WAIT3 = 0x04, FR_LOOKUP = 0x05,
    FR_WALK11 = 0x06, FR_WALK12, FR_WALK13, FR_WALK14, FR_WALK15, FR_WALK16,
    /* 0x0C..0x1D: the walk drawn at the three other angle sets */
    FR_RUN11 = 0x1E, FR_RUN12, FR_RUN13, FR_RUN14,
    /* 0x22..0x2D: the run at the other angle sets */
    FR_ROLL1 = 0x2E, FR_ROLL2, FR_ROLL3, FR_ROLL4, FR_ROLL5,
    FR_WARP1 = 0x33, FR_WARP2, FR_WARP3, FR_WARP4,
    FR_STOP1 = 0x37, FR_STOP2 = 0x38, FR_DUCK = 0x39,
    FR_BALANCE1 = 0x3A, FR_BALANCE2 = 0x3B,
    FR_FLOAT1 = 0x3C, FR_FLOAT2, FR_FLOAT3, FR_FLOAT4,
    FR_SPRING = 0x40, FR_HANG1 = 0x41, FR_HANG2 = 0x42,
    FR_LEAP1 = 0x43, FR_LEAP2 = 0x44,
    FR_PUSH1 = 0x45, FR_PUSH2, FR_PUSH3, FR_PUSH4,
    FR_SURF = 0x49, FR_BURNT = 0x4B, FR_DROWN = 0x4C, FR_DEATH = 0x4D,
    FR_SHRINK1 = 0x4E, FR_SHRINK2, FR_SHRINK3, FR_SHRINK4, FR_SHRINK5,
    FR_FLOAT5 = 0x53, FR_FLOAT6 = 0x54, FR_INJURY = 0x55, FR_GETAIR = 0x56,
    FR_WATERSLIDE = 0x57
};

/* Script bytes: duration (or speed flag), frames, end marker. */
enum {
    SPEED_WALK = 0xFF, SPEED_ROLL = 0xFE, SPEED_PUSH = 0xFD, /* flags */
    AF_END = SPG_ANIM_END_LOOP, AF_BACK = SPG_ANIM_END_BACK,  /* markers */
    AF_CHANGE = SPG_ANIM_END_CHANGE
};

/*
 * Ani_Sonic's scripts in ROM order (the area), each padded to an even
 * length (`even`: the zero byte after the odd-length ones), and the id
 * table: each script's offset in the area (the original's word offsets
 * less the table's $3E bytes).  The walk, run, roll and push scripts are
 * padded with end markers to the same length, as in the original, because
 * they share one script position while the speed switches between them.
 * Both were checked against REV00's and REV01's Ani_Sonic byte for byte.
 */
static const uint8_t area[] = {
    /* $00 $00 SonAni_Walk */
    SPEED_WALK, FR_WALK13, FR_WALK14, FR_WALK15, FR_WALK16, FR_WALK11,
    FR_WALK12, AF_END,
    /* $08 $01 SonAni_Run */
    SPEED_WALK, FR_RUN11, FR_RUN12, FR_RUN13, FR_RUN14, AF_END, AF_END,
    AF_END,
    /* $10 $02 SonAni_Roll */
    SPEED_ROLL, FR_ROLL1, FR_ROLL2, FR_ROLL3, FR_ROLL4, FR_ROLL5, AF_END,
    AF_END,
    /* $18 $03 SonAni_Roll2 */
    SPEED_ROLL, FR_ROLL1, FR_ROLL2, FR_ROLL5, FR_ROLL3, FR_ROLL4, FR_ROLL5,
    AF_END,
    /* $20 $04 SonAni_Push */
    SPEED_PUSH, FR_PUSH1, FR_PUSH2, FR_PUSH3, FR_PUSH4, AF_END, AF_END,
    AF_END,
    /* $28 $05 SonAni_Wait: 12 x standing, then the foot tap, looping over
     * its last two entries */
    0x17, FR_STAND, FR_STAND, FR_STAND, FR_STAND, FR_STAND, FR_STAND,
    FR_STAND, FR_STAND, FR_STAND, FR_STAND, FR_STAND, FR_STAND, FR_WAIT2,
    FR_WAIT1, FR_WAIT1, FR_WAIT1, FR_WAIT2, FR_WAIT3, AF_BACK, 2, 0,
    /* $3E $06 SonAni_Balance */
    0x1F, FR_BALANCE1, FR_BALANCE2, AF_END,
    /* $42 $07 SonAni_LookUp, $46 $08 SonAni_Duck */
    0x3F, FR_LOOKUP, AF_END, 0, 0x3F, FR_DUCK, AF_END, 0,
    /* $4A $09 .. $56 $0C SonAni_Warp1 .. Warp4 */
    0x3F, FR_WARP1, AF_END, 0, 0x3F, FR_WARP2, AF_END, 0,
    0x3F, FR_WARP3, AF_END, 0, 0x3F, FR_WARP4, AF_END, 0,
    /* $5A $0D SonAni_Stop (skidding), $5E $0E SonAni_Float1 */
    0x07, FR_STOP1, FR_STOP2, AF_END, 0x07, FR_FLOAT1, FR_FLOAT4, AF_END,
    /* $62 $0F SonAni_Float2 */
    0x07, FR_FLOAT1, FR_FLOAT2, FR_FLOAT5, FR_FLOAT3, FR_FLOAT6, AF_END, 0,
    /* $6A $10 SonAni_Spring: one frame for 48 frames, then the walk */
    0x2F, FR_SPRING, AF_CHANGE, SPG_ANIM_WALK,
    /* $6E $11 SonAni_Hang */
    0x04, FR_HANG1, FR_HANG2, AF_END,
    /* $72 $12 SonAni_Leap1, $78 $13 SonAni_Leap2 */
    0x0F, FR_LEAP1, FR_LEAP1, FR_LEAP1, AF_BACK, 1,
    0x0F, FR_LEAP1, FR_LEAP2, AF_BACK, 1, 0,
    /* $7E $14 SonAni_Surf */
    0x3F, FR_SURF, AF_END, 0,
    /* $82 $15 SonAni_GetAir */
    0x0B, FR_GETAIR, FR_GETAIR, FR_WALK15, FR_WALK16, AF_CHANGE,
    SPG_ANIM_WALK, 0,
    /* $8A $16 SonAni_Burnt, $8E $17 SonAni_Drown, $92 $18 SonAni_Death */
    0x20, FR_BURNT, AF_END, 0, 0x2F, FR_DROWN, AF_END, 0,
    0x03, FR_DEATH, AF_END, 0,
    /* $96 $19 SonAni_Shrink */
    0x03, FR_SHRINK1, FR_SHRINK2, FR_SHRINK3, FR_SHRINK4, FR_SHRINK5,
    FR_NULL, AF_BACK, 1, 0,
    /* $A0 $1A SonAni_Hurt, $A4 $1B SonAni_WaterSlide */
    0x03, FR_INJURY, AF_END, 0, 0x07, FR_INJURY, FR_WATERSLIDE, AF_END,
    /* $A8 $1C SonAni_Null */
    0x77, FR_NULL, AF_CHANGE, SPG_ANIM_WALK,
    /* $AC $1D SonAni_Float3 */
    0x03, FR_FLOAT1, FR_FLOAT2, FR_FLOAT5, FR_FLOAT3, FR_FLOAT6, AF_END, 0,
    /* $B4 $1E SonAni_Float4 */
    0x03, FR_FLOAT1, AF_CHANGE, SPG_ANIM_WALK
};

/* Ani_Sonic: id -> script (area offset), ids $00 .. $1E. */
static const uint16_t scripts[SPG_ANIM_COUNT] = {
    0x00, 0x08, 0x10, 0x18, 0x20, 0x28, 0x3E, 0x42, 0x46, 0x4A, 0x4E,
    0x52, 0x56, 0x5A, 0x5E, 0x62, 0x6A, 0x6E, 0x72, 0x78, 0x7E, 0x82,
    0x8A, 0x8E, 0x92, 0x96, 0xA0, 0xA4, 0xA8, 0xAC, 0xB4
};

/* The scripts the routine names itself (lea SonAni_...). */
enum { SO_WALK = 0x00, SO_RUN = 0x08, SO_ROLL = 0x10, SO_ROLL2 = 0x18,
       SO_PUSH = 0x20 };

/*
 * Sonic_Animate indexes a script with obAniFrame unchecked, so a position
 * past a script's end reads on into the scripts after it.  That happens
 * when the animation id changes under a kept script position: a start
 * state whose obPrevAni already equals the id the physics sets (e.g.
 * KillSonic's Death) goes on at that position in the new script.  Past the
 * last script lies other ROM data; no state the scenario loader accepts
 * reads that far (the furthest is Death + 19 of 34 bytes), and the core
 * reads an end marker there.  Every byte of $80 and more is an end marker
 * (bmi): $80..$FC do nothing.
 */
static const spg_anim_table table = {area, sizeof area, scripts,
                                     SPG_ANIM_COUNT, 0x80};

/* The speed thresholds of the speed-driven scripts. */
enum {
    RUN_SPEED = 0x600 /* walk -> run, roll -> fast roll (unsigned compare) */
};

/* ---- the routine --------------------------------------------------------- */

/* .rolljump: the roll, fast from $600 on. */
static void roll(spg_player *p)
{
    uint16_t speed = spg_anim_abs_speed(p->ground_speed);
    spg_anim_roll(p, &table, speed >= RUN_SPEED ? SO_ROLL2 : SO_ROLL, speed);
}

/*
 * The walk/run.  The angle, mirrored when facing right, plus $10 gives the
 * sprite set: bits 5-6 choose one of four sets drawn at 0, 45, 90 and 135
 * degrees (six walk or four run sprites each), and the upper half of the
 * circle is drawn with those sets turned upside down (both flip bits
 * toggled).  While pushing, the push frames (positive speeds negated,
 * negative ones kept: the same either way except -$8000).
 */
static void walk_run(spg_player *p)
{
    uint8_t a = spg_anim_walk_angle(p, p->angle, 0x10);
    uint8_t set = (uint8_t)((a >> 4) & 6u); /* 0, 2, 4, 6 */
    uint16_t speed;

    if (p->status & SPG_STATUS_PUSHING) {
        spg_anim_push(p, &table, SO_PUSH);
        return;
    }
    speed = spg_anim_abs_speed(p->ground_speed);
    if (speed >= RUN_SPEED) /* 4 sprites per set */
        spg_anim_walk(p, &table, SO_RUN, speed, (uint8_t)(set * 2u));
    else                    /* 6 per set */
        spg_anim_walk(p, &table, SO_WALK, speed,
                      (uint8_t)((set + (set >> 1)) * 2u));
}

void spg_animate(spg_player *p)
{
    unsigned script;
    uint8_t header = spg_anim_begin(p, &table, &script);

    if (header == SPEED_WALK)
        walk_run(p);
    else if (header == SPEED_ROLL)
        roll(p);
    else if (header != 0)
        spg_anim_push(p, &table, SO_PUSH); /* .push: SPEED_PUSH */
}

/* ---- script positions ------------------------------------------------------ */

/* The public queries ask the profile's routine table (routines.c), which
 * names each game's own answer: Sonic 1's below, Sonic 2's in anim_s2.c,
 * Sonic 3's in anim_s3.c. */
int spg_anim_last_position(const spg_profile *profile, uint8_t anim)
{
    return spg_routines_get(profile)->anim_last_position(profile, anim);
}

int spg_anim_mapping_frames(const spg_profile *profile)
{
    return spg_routines_get(profile)->anim_mapping_frames(profile);
}

int spg_s1_anim_last_position(const spg_profile *profile, uint8_t anim)
{
    (void)profile; /* Sonic has the one script table */
    if (anim >= SPG_ANIM_COUNT)
        return -1;
    if (area[scripts[anim]] & 0x80u) {
        /* walk/run, roll/fast roll and push share a position: the
         * longest of the padded scripts (all the same length) */
        return spg_anim_end_position(&table, SO_WALK);
    }
    return spg_anim_end_position(&table, scripts[anim]);
}

int spg_s1_anim_mapping_frames(const spg_profile *profile)
{
    (void)profile;
    return FR_WATERSLIDE + 1;
}
