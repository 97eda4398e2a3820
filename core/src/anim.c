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
    AF_END = 0xFF, AF_BACK = 0xFE, AF_CHANGE = 0xFD          /* markers */
};

/* One script: its bytes as the original lays them out, byte 0 the
 * duration.  Bytes past `len` read as AF_END (see script_byte). */
typedef struct anim_script {
    uint8_t len;
    uint8_t b[22]; /* the longest script (21 bytes) and its padding */
} anim_script;

#define SCRIPT(...)                                                         \
    {                                                                       \
        sizeof((const uint8_t[]){__VA_ARGS__}), { __VA_ARGS__ }             \
    }

/* Ani_Sonic, indexed by animation id.  Each entry names the original
 * script; the walk, run, roll and push scripts are padded with end markers
 * to the same length, as in the original, because they share one script
 * position while the speed switches between them. */
static const anim_script scripts[SPG_ANIM_COUNT] = {
    /* $00 SonAni_Walk */
    SCRIPT(SPEED_WALK, FR_WALK13, FR_WALK14, FR_WALK15, FR_WALK16, FR_WALK11,
           FR_WALK12, AF_END),
    /* $01 SonAni_Run */
    SCRIPT(SPEED_WALK, FR_RUN11, FR_RUN12, FR_RUN13, FR_RUN14, AF_END,
           AF_END, AF_END),
    /* $02 SonAni_Roll */
    SCRIPT(SPEED_ROLL, FR_ROLL1, FR_ROLL2, FR_ROLL3, FR_ROLL4, FR_ROLL5,
           AF_END, AF_END),
    /* $03 SonAni_Roll2 */
    SCRIPT(SPEED_ROLL, FR_ROLL1, FR_ROLL2, FR_ROLL5, FR_ROLL3, FR_ROLL4,
           FR_ROLL5, AF_END),
    /* $04 SonAni_Push */
    SCRIPT(SPEED_PUSH, FR_PUSH1, FR_PUSH2, FR_PUSH3, FR_PUSH4, AF_END,
           AF_END, AF_END),
    /* $05 SonAni_Wait: 12 x standing, then the foot tap, looping over its
     * last two entries */
    SCRIPT(0x17, FR_STAND, FR_STAND, FR_STAND, FR_STAND, FR_STAND, FR_STAND,
           FR_STAND, FR_STAND, FR_STAND, FR_STAND, FR_STAND, FR_STAND,
           FR_WAIT2, FR_WAIT1, FR_WAIT1, FR_WAIT1, FR_WAIT2, FR_WAIT3,
           AF_BACK, 2),
    /* $06 SonAni_Balance */
    SCRIPT(0x1F, FR_BALANCE1, FR_BALANCE2, AF_END),
    /* $07 SonAni_LookUp */
    SCRIPT(0x3F, FR_LOOKUP, AF_END),
    /* $08 SonAni_Duck */
    SCRIPT(0x3F, FR_DUCK, AF_END),
    /* $09 SonAni_Warp1 */
    SCRIPT(0x3F, FR_WARP1, AF_END),
    /* $0A SonAni_Warp2 */
    SCRIPT(0x3F, FR_WARP2, AF_END),
    /* $0B SonAni_Warp3 */
    SCRIPT(0x3F, FR_WARP3, AF_END),
    /* $0C SonAni_Warp4 */
    SCRIPT(0x3F, FR_WARP4, AF_END),
    /* $0D SonAni_Stop (skidding) */
    SCRIPT(0x07, FR_STOP1, FR_STOP2, AF_END),
    /* $0E SonAni_Float1 */
    SCRIPT(0x07, FR_FLOAT1, FR_FLOAT4, AF_END),
    /* $0F SonAni_Float2 */
    SCRIPT(0x07, FR_FLOAT1, FR_FLOAT2, FR_FLOAT5, FR_FLOAT3, FR_FLOAT6,
           AF_END),
    /* $10 SonAni_Spring: one frame for 48 frames, then the walk */
    SCRIPT(0x2F, FR_SPRING, AF_CHANGE, SPG_ANIM_WALK),
    /* $11 SonAni_Hang */
    SCRIPT(0x04, FR_HANG1, FR_HANG2, AF_END),
    /* $12 SonAni_Leap1 */
    SCRIPT(0x0F, FR_LEAP1, FR_LEAP1, FR_LEAP1, AF_BACK, 1),
    /* $13 SonAni_Leap2 */
    SCRIPT(0x0F, FR_LEAP1, FR_LEAP2, AF_BACK, 1),
    /* $14 SonAni_Surf */
    SCRIPT(0x3F, FR_SURF, AF_END),
    /* $15 SonAni_GetAir */
    SCRIPT(0x0B, FR_GETAIR, FR_GETAIR, FR_WALK15, FR_WALK16, AF_CHANGE,
           SPG_ANIM_WALK),
    /* $16 SonAni_Burnt */
    SCRIPT(0x20, FR_BURNT, AF_END),
    /* $17 SonAni_Drown */
    SCRIPT(0x2F, FR_DROWN, AF_END),
    /* $18 SonAni_Death */
    SCRIPT(0x03, FR_DEATH, AF_END),
    /* $19 SonAni_Shrink */
    SCRIPT(0x03, FR_SHRINK1, FR_SHRINK2, FR_SHRINK3, FR_SHRINK4, FR_SHRINK5,
           FR_NULL, AF_BACK, 1),
    /* $1A SonAni_Hurt */
    SCRIPT(0x03, FR_INJURY, AF_END),
    /* $1B SonAni_WaterSlide */
    SCRIPT(0x07, FR_INJURY, FR_WATERSLIDE, AF_END),
    /* $1C SonAni_Null */
    SCRIPT(0x77, FR_NULL, AF_CHANGE, SPG_ANIM_WALK),
    /* $1D SonAni_Float3 */
    SCRIPT(0x03, FR_FLOAT1, FR_FLOAT2, FR_FLOAT5, FR_FLOAT3, FR_FLOAT6,
           AF_END),
    /* $1E SonAni_Float4 */
    SCRIPT(0x03, FR_FLOAT1, AF_CHANGE, SPG_ANIM_WALK),
};

/* The speed thresholds and frame-rate bases of the speed-driven scripts. */
enum {
    RUN_SPEED = 0x600,  /* walk -> run, roll -> fast roll (unsigned compare) */
    WALK_RATE = 0x800,  /* walk/run duration: ($800 - |speed|) >> 8 */
    ROLL_RATE = 0x400,  /* roll duration: ($400 - |speed|) >> 8 */
};

/*
 * Byte i of a script as the original reads it.  Ani_Sonic's scripts lie one
 * after the other in ROM, each padded to an even length (`even`: a zero
 * byte), and Sonic_Animate indexes a script with obAniFrame unchecked, so
 * a position past a script's end reads on into the scripts after it.  That
 * happens when the animation id changes under a kept script position: a
 * start state whose obPrevAni already equals the id the physics sets (e.g.
 * KillSonic's Death) goes on at that position in the new script.  Past the
 * last script lies other ROM data; no state the scenario loader accepts
 * reads that far (the furthest is Death + 19 of 34 bytes), and the core
 * reads an end marker there.
 */
static uint8_t script_byte(const anim_script *s, unsigned i)
{
    for (unsigned k = (unsigned)(s - scripts); k < SPG_ANIM_COUNT; k++) {
        /* b[] holds the zero byte `even` adds after an odd-length script */
        unsigned padded = (scripts[k].len + 1u) & ~1u;
        if (i < padded)
            return scripts[k].b[i];
        i -= padded;
    }
    return AF_END;
}

/* ---- the routine --------------------------------------------------------- */

/* .loadframe: show the entry at the script position and advance it, or
 * act on the end marker found there. */
static void load_frame(spg_player *p, const anim_script *s)
{
    uint8_t pos = p->anim_frame;
    uint8_t fr = script_byte(s, 1u + pos);

    if (fr & 0x80u) {
        if (fr == AF_END) {
            p->anim_frame = 0;
            fr = script_byte(s, 1);
        } else if (fr == AF_BACK) {
            uint8_t n = script_byte(s, 2u + pos);
            p->anim_frame = (uint8_t)(p->anim_frame - n);
            pos = (uint8_t)(pos - n);
            fr = script_byte(s, 1u + pos);
        } else {
            if (fr == AF_CHANGE)
                p->anim = script_byte(s, 2u + pos);
            return; /* other bytes $80..$FC: nothing happens */
        }
    }
    p->mapping_frame = fr;
    p->anim_frame = (uint8_t)(p->anim_frame + 1u);
}

/* .push: the push frames at a rate from the ground speed (positive speeds
 * negated, negative ones kept: the same either way except -$8000). */
static void push(spg_player *p)
{
    p->anim_timer = spg_anim_push_rate(p->ground_speed);
    spg_anim_set_flip(p, p->status & SPG_STATUS_FACING_LEFT);
    load_frame(p, &scripts[SPG_ANIM_PUSH]);
}

/* .rolljump: the roll, fast from $600 on. */
static void roll(spg_player *p)
{
    uint16_t speed = spg_anim_abs_speed(p->ground_speed);
    const anim_script *s = &scripts[speed >= RUN_SPEED ? SPG_ANIM_ROLL2
                                                       : SPG_ANIM_ROLL];
    p->anim_timer = spg_anim_rate(speed, ROLL_RATE, 8);
    spg_anim_set_flip(p, p->status & SPG_STATUS_FACING_LEFT);
    load_frame(p, s);
}

/*
 * The walk/run.  The angle, mirrored when facing right, plus $10 gives the
 * sprite set: bits 5-6 choose one of four sets drawn at 0, 45, 90 and 135
 * degrees (six walk or four run sprites each), and the upper half of the
 * circle is drawn with those sets turned upside down (both flip bits
 * toggled).
 */
static void walk_run(spg_player *p)
{
    uint8_t facing = p->status & SPG_STATUS_FACING_LEFT;
    uint8_t a = p->angle;
    uint8_t flip = 0;
    uint8_t set, offset;
    uint16_t speed;
    const anim_script *s;

    if (!facing)
        a = (uint8_t)~a;
    a = (uint8_t)(a + 0x10u);
    if (a & 0x80u)
        flip = 3;
    spg_anim_set_flip(p, (uint8_t)(flip ^ facing));
    if (p->status & SPG_STATUS_PUSHING) {
        push(p);
        return;
    }
    set = (uint8_t)((a >> 4) & 6u);       /* 0, 2, 4, 6 */
    speed = spg_anim_abs_speed(p->ground_speed);
    if (speed >= RUN_SPEED) {
        s = &scripts[SPG_ANIM_RUN];
        offset = (uint8_t)(set * 2u);     /* 4 sprites per set */
    } else {
        s = &scripts[SPG_ANIM_WALK];
        offset = (uint8_t)((set + (set >> 1)) * 2u); /* 6 per set */
    }
    p->anim_timer = spg_anim_rate(speed, WALK_RATE, 8);
    load_frame(p, s);
    p->mapping_frame = (uint8_t)(p->mapping_frame + offset);
}

void spg_animate(spg_player *p)
{
    const anim_script *s;
    uint8_t duration;

    if (p->anim != p->prev_anim) {
        p->prev_anim = p->anim;
        p->anim_frame = 0;
        p->anim_timer = 0;
    }
    if (p->anim >= SPG_ANIM_COUNT)
        return; /* no such script (only a bad start state gets here) */
    s = &scripts[p->anim];
    duration = s->b[0];
    if (!(duration & 0x80u)) { /* move.b (a1),d0 / bmi: a fixed duration */
        spg_anim_set_flip(p, p->status & SPG_STATUS_FACING_LEFT);
        if (spg_anim_timer_runs(p))
            return;
        p->anim_timer = duration;
        load_frame(p, s);
        return;
    }
    if (spg_anim_timer_runs(p))
        return;
    if (duration == SPEED_WALK)
        walk_run(p);
    else if (duration == SPEED_ROLL)
        roll(p);
    else
        push(p);
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
    const anim_script *s;
    unsigned i;

    (void)profile; /* Sonic has the one script table */
    if (anim >= SPG_ANIM_COUNT)
        return -1;
    s = &scripts[anim];
    if (s->b[0] & 0x80u) {
        /* walk/run, roll/fast roll and push share a position: the
         * longest of the padded scripts (all the same length) */
        return scripts[SPG_ANIM_WALK].len - 2;
    }
    /* the first end marker (every script has one; past `len`
     * script_byte reads one as well) */
    i = 1;
    while (!(script_byte(s, i) & 0x80u))
        i++;
    return (int)i - 1;
}

int spg_s1_anim_mapping_frames(const spg_profile *profile)
{
    (void)profile;
    return FR_WATERSLIDE + 1;
}
