/*
 * landing.c - airborne collision (Sonic 1 Sonic_Floor) and the landing
 * bookkeeping (Sonic_ResetOnFloor).
 */
#include "internal.h"

/* Add d to the pixel word of a 16.16 position (add.w to obX / obY). */
static int32_t addpix(int32_t pos, int16_t d)
{
    return m68k_sethiw(pos, m68k_addw(m68k_hiw(pos), d));
}

/* Ground speed from y speed on a steep surface: y speed, negated when the
 * angle's byte is negative (loc_13670 / loc_13726: tst.b, bpl). */
static void ground_speed_from_y(spg_player *p, uint8_t angle)
{
    p->ground_speed = p->y_speed;
    if (angle & 0x80)
        p->ground_speed = m68k_negw(p->ground_speed);
}

/*
 * Landing on a floor found by Sonic_HitFloor while moving mostly down
 * (loc_1361E): snap down by the distance, take the angle, reset, walking
 * animation, then ground speed by the angle's range:
 *   (a + $20) & $40 set ($20..$5F, $A0..$DF, steep): x speed 0, y speed
 *       capped at $FC0, ground speed = y speed (negated for a >= $80);
 *   else (a + $10) & $20 set ($10..$1F, $E0..$EF): y speed halved
 *       (asr, rounding down), ground speed from it the same way;
 *   else (flat, $F0..$0F): y speed 0, ground speed = x speed.
 * Unlike the guide, the original never compares |x speed| with y speed.
 */
static void land_moving_down(spg_frame *f, spg_player *p,
                             spg_sensor_result r)
{
    p->y = addpix(p->y, r.dist);
    p->angle = r.angle;
    spg_routines_get(f->profile)->reset_on_floor(f->profile, p, 1);
    if ((uint8_t)(r.angle + 0x20) & 0x40) {
        p->x_speed = 0;
        if (p->y_speed > 0xFC0)
            p->y_speed = 0xFC0;
    } else if ((uint8_t)(r.angle + 0x10) & 0x20) {
        p->y_speed = m68k_asrw(p->y_speed, 1);
    } else {
        p->y_speed = 0;
        p->ground_speed = p->x_speed;
        return;
    }
    ground_speed_from_y(p, r.angle);
}

/* Landing while moving mostly sideways (loc_136B4 / loc_13772): only when
 * y speed >= 0; any angle gives ground speed = x speed, y speed 0. */
static void land_moving_sideways(spg_frame *f, spg_player *p)
{
    spg_sensor_result r;

    if (p->y_speed < 0)
        return;
    r = spg_hit_floor(f, p);
    if (r.dist >= 0)
        return;
    p->y = addpix(p->y, r.dist);
    p->angle = r.angle;
    spg_routines_get(f->profile)->reset_on_floor(f->profile, p, 1);
    p->y_speed = 0;
    p->ground_speed = p->x_speed;
}

/* Wall sensors E (x - 10) and F (x + 10): push out and stop x speed.
 * Returns 1 when the wall was hit (some quadrants then stop). */
static int wall_left(spg_frame *f, spg_player *p)
{
    spg_sensor_result r = spg_hit_wall_left(f, p);
    if (r.dist >= 0)
        return 0;
    p->x = addpix(p->x, m68k_negw(r.dist));
    p->x_speed = 0;
    return 1;
}

static int wall_right(spg_frame *f, spg_player *p)
{
    spg_sensor_result r = spg_hit_wall_right(f, p);
    if (r.dist >= 0)
        return 0;
    p->x = addpix(p->x, r.dist);
    p->x_speed = 0;
    return 1;
}

/* Ceiling sensors C/D while moving sideways: push down, and stop a rise
 * (y speed 0 only if it was negative).  Returns 1 on a hit. */
static int ceiling_bump(spg_frame *f, spg_player *p)
{
    spg_sensor_result r = spg_hit_ceiling(f, p);
    if (r.dist >= 0)
        return 0;
    p->y = addpix(p->y, m68k_negw(r.dist));
    if (p->y_speed < 0)
        p->y_speed = 0;
    return 1;
}

/*
 * Sonic_Floor's two sideways quadrants (Sonic 2: Sonic_HitLeftWall /
 * Sonic_HitRightWall): the wall sensor in the direction of motion, and a
 * hit ends it with ground speed = y speed; else the ceiling sensors, then
 * a landing if not rising.
 */
void spg_air_sideways_sonic1(spg_frame *f, spg_player *p, int left)
{
    if (left ? wall_left(f, p) : wall_right(f, p)) {
        p->ground_speed = p->y_speed;
        return;
    }
    if (ceiling_bump(f, p))
        return;
    land_moving_sideways(f, p);
}

/*
 * Sonic 3's Player_HitLeftWall and its right-hand twin (loc_12FCC): a wall
 * hit (ground speed = y speed) no longer ends it: the ceiling sensors run
 * too, then the landing.  Moving left, a ceiling at least $14 px deep
 * (unsigned, after neg.w) is not a bump: the right wall sensor pushes x
 * instead (loc_12F2E) and that ends it; a shallower one pushes down as
 * usual.  Moving right there is no such limit.
 */
void spg_air_sideways_sonic3(spg_frame *f, spg_player *p, int left)
{
    spg_sensor_result r;

    if (left ? wall_left(f, p) : wall_right(f, p))
        p->ground_speed = p->y_speed;
    r = spg_hit_ceiling(f, p);
    if (r.dist < 0) {
        int16_t depth = m68k_negw(r.dist);
        if (left && (uint16_t)depth >= 0x14u) {
            wall_right(f, p);
            return;
        }
        p->y = addpix(p->y, depth);
        if (p->y_speed < 0)
            p->y_speed = 0;
        return;
    }
    land_moving_sideways(f, p);
}

/*
 * Sonic_Floor.  The quadrant of the direction of motion is
 * (CalcAngle(x speed, y speed) - $20) & $C0:
 *   $00 mostly down:  E, F, then A/B; land when the nearer floor distance
 *       is at least -(y speed high byte + 8), or failing that when the
 *       other one is (byte compares, as the original);
 *   $40 mostly left:  E (a hit ends it, ground speed = y speed), C/D, then
 *       A/B if not rising (the routine table's air_sideways; Sonic 3's
 *       goes on after a wall hit);
 *   $80 mostly up:    E, F, then C/D: a ceiling angle with (a + $20) & $40
 *       set ($20..$5F, $A0..$DF) attaches (ground speed from y speed),
 *       any other stops the rise (y speed 0);
 *   $C0 mostly right: F (a hit ends it), C/D, then A/B if not rising.
 */
void spg_air_floor(spg_frame *f, spg_player *p)
{
    uint8_t quadrant =
        (uint8_t)(spg_calc_angle(p->x_speed, p->y_speed) - 0x20) & 0xC0;
    spg_sensor_result r;
    int8_t limit;

    switch (quadrant) {
    case 0x40:
        spg_routines_get(f->profile)->air_sideways(f, p, 1);
        return;
    case 0xC0:
        spg_routines_get(f->profile)->air_sideways(f, p, 0);
        return;
    case 0x80:
        wall_left(f, p);
        wall_right(f, p);
        r = spg_hit_ceiling(f, p);
        if (r.dist >= 0)
            return;
        p->y = addpix(p->y, m68k_negw(r.dist));
        if (((uint8_t)(r.angle + 0x20) & 0x40) == 0) {
            p->y_speed = 0;
            return;
        }
        p->angle = r.angle;
        spg_routines_get(f->profile)->reset_on_floor(f->profile, p, 0);
        ground_speed_from_y(p, r.angle);
        return;
    default:
        wall_left(f, p);
        wall_right(f, p);
        r = spg_hit_floor(f, p);
        if (r.dist >= 0)
            return;
        limit = m68k_b(0u - ((uint32_t)((uint16_t)p->y_speed >> 8) + 8u));
        if (m68k_b((uint16_t)r.dist) < limit &&
            m68k_b((uint16_t)r.other) < limit)
            return;
        land_moving_down(f, p, r);
        return;
    }
}

/*
 * Sonic_ResetOnFloor: clear pushing, in-air and roll-jump; if curled,
 * uncurl: standing radii (the original's literal $13 and 9), walking
 * animation, and y - 5 so the feet stay where they were; then clear the
 * jump flag.  (The original also clears the enemy bonus counter.)
 */
void spg_reset_on_floor(spg_player *p)
{
    p->status &= (uint8_t)~(SPG_STATUS_PUSHING | SPG_STATUS_IN_AIR |
                            SPG_STATUS_ROLL_JUMP);
    if (p->status & SPG_STATUS_ROLLING) {
        p->status &= (uint8_t)~SPG_STATUS_ROLLING;
        p->height_radius = 0x13;
        p->width_radius = 9;
        p->anim = 0; /* id_Walk */
        p->y = addpix(p->y, -5);
    }
    p->jumping = 0;
}

/* Sonic 1's routine-table entry: Sonic_Floor sets the walk animation after
 * Sonic_ResetOnFloor on its floor landings (`landing`), not when it
 * attaches to a ceiling. */
void spg_reset_on_floor_sonic1(const spg_profile *pr, spg_player *p,
                               int landing)
{
    (void)pr;
    spg_reset_on_floor(p);
    if (landing)
        p->anim = 0; /* id_Walk */
}
