/*
 * water.c - entering and leaving water: Sonic 1's Sonic_Water ($1344C in
 * REV01), Sonic 2's Sonic_Water ($1A186) and Tails_Water ($1BF52), Sonic
 * 3's Sonic_Water ($11F2C) and Tails_Water ($15284), Sonic & Knuckles'
 * Sonic_Water ($10E26), Tails_Water ($14632) and Knuckles_Water ($166EE).
 * Routine 2 calls it after the mode routine (and Sonic_Display,
 * Sonic_RecordPosition), before the sensors' angles are copied into the
 * object and the animation runs; the routine table's `water` entry.
 *
 * Every version compares the water's surface with the object's pixel y:
 * below it (water_level < y, signed) the underwater status bit is set, and
 * if it was clear the player enters the water; otherwise the bit is
 * cleared, and if it was set he leaves.  Entering: top speed, acceleration
 * and deceleration become $300, 6, $40 (whatever they were: speed shoes
 * too), x speed is halved and y speed quartered (memory asr.w: rounding
 * toward -infinity, -1 stays -1).  Leaving: $600, $C, $80 and y speed
 * doubled (asl.w: the word wraps), then, unless it is 0, capped at -$1000
 * (a y speed of -$1000 or less becomes -$1000).  Sonic 3 and Sonic &
 * Knuckles double only a y speed of -$400 or more (one below -$400 is
 * kept), and skip the cap while the animation is $1C.
 *
 * What the routines also do and the core leaves out, because nothing the
 * player routine reads depends on it: the air counter reset (Sonic 1's
 * ResumeMusic: v_air = 30; Sonic 2 and 3: air_left = 30), which only the
 * drowning countdown object counts down (the capture does not run it, and
 * the player code reads the counter only to pick music and dust); the
 * breathing-bubble / countdown object and the splash (object slots, a
 * sound, the dust object's animation); Sonic 3's Water_entered_counter
 * (read by an Angel Island object).  Super Sonic's constants ($500/$18/$80
 * entering, $A00/$30/$100 leaving; S&K Tails' and Knuckles' own) are left
 * out with Super Sonic; the capture holds the Super flag 0.  Sonic 2 and 3
 * skip the doubling in the hurt routine (4) and Sonic 3 while an object
 * controls the player (object_control); neither happens in routine 2 of a
 * level without objects, but the routine test is kept.
 */
#include "internal.h"

/* Sonic_Water's immediates: the speed set under water and above it. */
enum {
    WATER_TOP_SPEED = 0x300, WATER_ACCELERATION = 6, WATER_DECELERATION = 0x40,
    DRY_TOP_SPEED = 0x600, DRY_ACCELERATION = 0xC, DRY_DECELERATION = 0x80,
    LEAVE_Y_SPEED_CAP = -0x1000,  /* cmpi.w #-$1000 / bgt */
    DOUBLE_MIN_Y_SPEED = -0x400,  /* Sonic 3: cmpi.w #-$400 / blt */
    NO_CAP_ANIM = 0x1C            /* Sonic 3: cmpi.b #$1C,anim(a0) */
};

/* move.w (Water_level).w,d0 / cmp.w y_pos(a0),d0 / bge (above): below the
 * surface when it is less than the pixel y (signed words). */
static int below_surface(const spg_map *m, const spg_player *p)
{
    return m->water_level < m68k_hiw(p->y);
}

/* The bset/bclr of the underwater bit: returns whether the player crosses
 * the surface this frame (the bit was the other way). */
static int crosses(spg_player *p, int below)
{
    int was = (p->status & SPG_STATUS_UNDERWATER) != 0;

    if (below)
        p->status |= SPG_STATUS_UNDERWATER;
    else
        p->status &= (uint8_t)~SPG_STATUS_UNDERWATER;
    return was != below;
}

/* Entering: the underwater speed set, x speed asr 1, y speed asr 1 twice. */
static void enter(spg_player *p)
{
    p->top_speed = WATER_TOP_SPEED;
    p->acceleration = WATER_ACCELERATION;
    p->deceleration = WATER_DECELERATION;
    p->x_speed = m68k_asrw(p->x_speed, 1);
    p->y_speed = m68k_asrw(m68k_asrw(p->y_speed, 1), 1);
}

/* Leaving: the normal speed set. */
static void leave_speeds(spg_player *p)
{
    p->top_speed = DRY_TOP_SPEED;
    p->acceleration = DRY_ACCELERATION;
    p->deceleration = DRY_DECELERATION;
}

/* The cap after the doubling: a y speed of 0 branches away first (beq). */
static void cap_y_speed(spg_player *p)
{
    if (p->y_speed != 0 && p->y_speed <= LEAVE_Y_SPEED_CAP)
        p->y_speed = LEAVE_Y_SPEED_CAP;
}

/* Sonic 1: Labyrinth Zone only (the profile's water_zones), then asl.w of
 * the y speed on leaving, the cap unless it is 0. */
void spg_sonic_water(spg_frame *f, spg_player *p)
{
    uint8_t zone = f->map->zone;

    if (zone >= 16 || !((f->profile->water_zones >> zone) & 1u))
        return;
    if (!crosses(p, below_surface(f->map, p)))
        return;
    if (p->status & SPG_STATUS_UNDERWATER) {
        enter(p);
        return;
    }
    leave_speeds(p);
    p->y_speed = m68k_aslw(p->y_speed, 1);
    cap_y_speed(p);
}

/* Sonic 2's Sonic_Water / Tails_Water: Water_flag; leaving, the y speed
 * is doubled unless the routine is the hurt one. */
void spg_sonic_water_sonic2(spg_frame *f, spg_player *p)
{
    if (!f->map->water_flag)
        return;
    if (!crosses(p, below_surface(f->map, p)))
        return;
    if (p->status & SPG_STATUS_UNDERWATER) {
        enter(p);
        return;
    }
    leave_speeds(p);
    if (p->routine != SPG_ROUTINE_HURT)
        p->y_speed = m68k_aslw(p->y_speed, 1);
    cap_y_speed(p);
}

/* Sonic 3's and Sonic & Knuckles' Sonic_Water / Tails_Water /
 * Knuckles_Water: leaving, only a y speed of -$400 or more is doubled,
 * and anim $1C skips the cap. */
void spg_sonic_water_sonic3(spg_frame *f, spg_player *p)
{
    if (!f->map->water_flag)
        return;
    if (!crosses(p, below_surface(f->map, p)))
        return;
    if (p->status & SPG_STATUS_UNDERWATER) {
        enter(p);
        return;
    }
    leave_speeds(p);
    if (p->routine != SPG_ROUTINE_HURT && p->y_speed >= DOUBLE_MIN_Y_SPEED)
        p->y_speed = m68k_aslw(p->y_speed, 1);
    if (p->anim == NO_CAP_ANIM)
        return;
    cap_y_speed(p);
}
