/*
 * ground.c - walking: Sonic_SlopeResist, Sonic_Move (with Sonic_MoveLeft,
 * Sonic_MoveRight and the wall check) and Sonic_SlopeRepel.
 *
 * Left out because no solid-tile level can set them: Labyrinth Zone's
 * slide mode (f_slidemode, which skips input and friction), the
 * stick-to-convex flag (set only by objects; Sonic_SlopeRepel skips itself
 * while it is set) and the camera's look-up/down shift (v_lookshift).
 */
#include "internal.h"
#include "anim.h"

/* The ground angle's quadrant: 0 floor, $40/$80/$C0 the other modes. */
static uint8_t quadrant(uint8_t angle)
{
    return (uint8_t)((angle + 0x20) & 0xC0);
}

/*
 * Sonic_SlopeResist: ground speed += sin(angle) * slope factor, rounded by
 * asr (so -$17 and +$16 on the two 45 degree slopes).  Not on ceilings
 * (angle + $60 >= $C0) and, in Sonic 1, not at all while the ground speed
 * is 0: standing still on a slope never starts the player sliding.
 */
void spg_slope_resist(spg_frame *f, spg_player *p)
{
    int16_t sine, cosine, force;

    if ((uint8_t)(p->angle + 0x60) >= 0xC0)
        return;
    spg_calc_sine(p->angle, &sine, &cosine);
    force = m68k_mul8(sine, f->profile->slope_factor);
    if (p->ground_speed == 0)
        return;
    p->ground_speed = m68k_addw(p->ground_speed, force);
}

/*
 * Sonic_MoveLeft.  Moving right (ground speed > 0): decelerate; passing
 * zero (a borrow in the word subtract) leaves -$80, the guide's turn-round
 * quirk.  The skid test then reads the new ground speed with its low byte
 * replaced by the quadrant byte, which is 0 there: so only the high byte
 * counts against skid_speed.  Otherwise: face left (a fresh turn clears
 * the pushing bit and sets obPrevAni to id_Run, so the walk animation
 * starts again from its first frame), accelerate, and clamp at -top speed
 * (Sonic 1 clamps even when the player was already faster).
 */
void spg_move_left(const spg_profile *pr, spg_player *p)
{
    int16_t gs = p->ground_speed;

    if (gs > 0) {
        if ((uint16_t)gs < (uint16_t)p->deceleration)
            gs = -0x80;
        else
            gs = m68k_subw(gs, p->deceleration);
        p->ground_speed = gs;
        if (quadrant(p->angle) != 0)
            return;
        if (m68k_w((uint16_t)gs & 0xFF00u) < pr->skid_speed)
            return;
        p->anim = SPG_ANIM_STOP;
        p->status &= (uint8_t)~SPG_STATUS_FACING_LEFT;
        return;
    }
    if (!(p->status & SPG_STATUS_FACING_LEFT)) {
        p->status |= SPG_STATUS_FACING_LEFT;
        p->status &= (uint8_t)~SPG_STATUS_PUSHING;
        p->prev_anim = SPG_ANIM_RUN; /* restart the walk from its start */
    }
    {
        int16_t limit = m68k_negw(p->top_speed);
        int16_t next = m68k_subw(gs, p->acceleration);
        if (next > limit)
            gs = next;
        else if (pr->clamp_above_top_speed || gs > limit)
            gs = limit;
        /* else (no clamp switch): keep the higher speed */
    }
    p->ground_speed = gs;
    p->anim = SPG_ANIM_WALK;
}

/*
 * Sonic_MoveRight: the mirror image, with the original's asymmetries:
 * crossing zero is a carry out of the word add (so exactly reaching 0
 * also gives +$80), and the skid test is "high byte <= -$400", i.e. a new
 * ground speed below -$300.
 */
void spg_move_right(const spg_profile *pr, spg_player *p)
{
    int16_t gs = p->ground_speed;

    if (gs < 0) {
        if ((uint32_t)(uint16_t)gs + (uint16_t)p->deceleration > 0xFFFFu)
            gs = 0x80;
        else
            gs = m68k_addw(gs, p->deceleration);
        p->ground_speed = gs;
        if (quadrant(p->angle) != 0)
            return;
        if (m68k_w((uint16_t)gs & 0xFF00u) > m68k_negw(pr->skid_speed))
            return;
        p->anim = SPG_ANIM_STOP;
        p->status |= SPG_STATUS_FACING_LEFT;
        return;
    }
    if (p->status & SPG_STATUS_FACING_LEFT) {
        p->status &= (uint8_t)~SPG_STATUS_FACING_LEFT;
        p->status &= (uint8_t)~SPG_STATUS_PUSHING;
        p->prev_anim = SPG_ANIM_RUN; /* restart the walk from its start */
    }
    {
        int16_t next = m68k_addw(gs, p->acceleration);
        if (next < p->top_speed)
            gs = next;
        else if (pr->clamp_above_top_speed || gs < p->top_speed)
            gs = p->top_speed;
    }
    p->ground_speed = gs;
    p->anim = SPG_ANIM_WALK;
}

/*
 * The standing-still part of Sonic_Move (flat ground, ground speed 0):
 * wait animation, pushing bit cleared, then balancing or looking up /
 * ducking.  Balancing: ObjFloorDist finds the floor under the centre at
 * least $C px down, and the first (then the second) ground sensor found
 * nothing last frame (angle byte 3 in $36/$37, the copies made at the end
 * of the previous frame).  On an object the original measures the object's
 * width instead; with no objects in the level the on-object bit points at
 * object slot 0, the player itself, whose $18 half width always falls in
 * the "not at an edge" window, so it goes straight to looking up/ducking.
 * Sonic 2's Tails_Move balances the same way (Sonic 2's Sonic has his own,
 * spg_balance_sonic2).
 */
void spg_stand_still(spg_frame *f, spg_player *p)
{
    p->status &= (uint8_t)~SPG_STATUS_PUSHING;
    p->anim = SPG_ANIM_WAIT;
    if (!(p->status & SPG_STATUS_ON_OBJECT) &&
        spg_obj_floor_dist(f, p) >= 0xC) {
        if (p->angle_buffer_1 == 3) {
            p->status &= (uint8_t)~SPG_STATUS_FACING_LEFT;
            p->anim = SPG_ANIM_BALANCE;
            return;
        }
        if (p->angle_buffer_2 == 3) {
            p->status |= SPG_STATUS_FACING_LEFT;
            p->anim = SPG_ANIM_BALANCE;
            return;
        }
    }
    spg_look_up_or_duck(f, p);
}

/* Sonic_LookUp / Sonic_Duck (the camera shift is not simulated). */
void spg_look_up_or_duck(spg_frame *f, spg_player *p)
{
    if (f->input.held & SPG_BTN_UP)
        p->anim = SPG_ANIM_LOOKUP;
    else if (f->input.held & SPG_BTN_DOWN)
        p->anim = SPG_ANIM_DUCK;
}

/*
 * Friction (loc_12FC2): with neither left nor right held, ground speed
 * moves `amount` towards 0 and stops there (the borrow or carry of the
 * word operation is the test).  Sonic_RollSpeed does the same.
 */
int16_t spg_friction(int16_t gs, int16_t amount)
{
    uint16_t g = (uint16_t)gs, a = (uint16_t)amount;

    if (gs > 0)
        return g < a ? 0 : m68k_subw(g, a);
    if (gs < 0)
        return (uint32_t)g + a > 0xFFFFu ? 0 : m68k_addw(g, a);
    return 0;
}

/*
 * Sonic_Move.  While the control lock runs, left/right and the standing
 * checks are skipped, but friction still applies (the lock only skips to
 * Sonic_ResetScr, which falls into the friction code).  The (x, y) speeds
 * always come from ground speed and angle, then the wall check.
 */
void spg_move(spg_frame *f, spg_player *p)
{
    const spg_profile *pr = f->profile;
    int16_t sine, cosine;

    if (p->control_lock == 0) {
        if (f->input.held & SPG_BTN_LEFT)
            spg_move_left(pr, p);
        if (f->input.held & SPG_BTN_RIGHT)
            spg_move_right(pr, p);
        if (quadrant(p->angle) == 0 && p->ground_speed == 0)
            spg_routines_get(pr)->stand_still(f, p);
    }
    if (!(f->input.held & (SPG_BTN_LEFT | SPG_BTN_RIGHT)))
        p->ground_speed = spg_friction(p->ground_speed, p->acceleration);

    spg_calc_sine(p->angle, &sine, &cosine);
    p->x_speed = m68k_mul8(cosine, p->ground_speed);
    p->y_speed = m68k_mul8(sine, p->ground_speed);
    spg_move_wall_check(f, p);
}

/*
 * loc_1300C: the wall check.  Only in the lower half of the angle range
 * (floor and the walls, not the ceiling) and only while moving: the wall
 * sensor looks 90 degrees from the ground angle in the direction of
 * motion, at the position the player will have after this frame's move.
 * When it is inside a wall by d px, the speed towards the wall is cut by
 * d * 256, so the move ends touching it; in the two wall directions the
 * pushing bit is set and ground speed becomes 0 (Sonic 3, profile
 * push_only_facing_wall: the bit only when facing the wall).
 */
void spg_move_wall_check(spg_frame *f, spg_player *p)
{
    uint8_t look;
    int16_t dist;

    if (((uint8_t)(p->angle + 0x40) & 0x80) &&
        !(f->profile->wall_check_cardinal && (p->angle & 0x3F) == 0))
        return;
    if (p->ground_speed == 0)
        return;
    look = (uint8_t)(p->angle + (p->ground_speed > 0 ? 0xC0 : 0x40));
    dist = spg_walk_speed(f, p, look);
    if (dist >= 0)
        return;
    dist = m68k_aslw(dist, 8);
    switch (quadrant(look)) {
    case 0x00:
        p->y_speed = m68k_addw(p->y_speed, dist);
        break;
    case 0x40:
        p->x_speed = m68k_subw(p->x_speed, dist);
        if (!f->profile->push_only_facing_wall ||
            (p->status & SPG_STATUS_FACING_LEFT))
            p->status |= SPG_STATUS_PUSHING;
        p->ground_speed = 0;
        break;
    case 0x80:
        p->y_speed = m68k_subw(p->y_speed, dist);
        break;
    default:
        p->x_speed = m68k_addw(p->x_speed, dist);
        if (!f->profile->push_only_facing_wall ||
            !(p->status & SPG_STATUS_FACING_LEFT))
            p->status |= SPG_STATUS_PUSHING;
        p->ground_speed = 0;
        break;
    }
}

/*
 * Sonic_SlopeRepel: nothing while the stick-to-convex flag is set; a
 * running control lock only counts down.  Otherwise,
 * on any angle outside the floor quadrant, a ground speed below the slip
 * speed (unsigned compare of the absolute value) makes the player fall
 * off: ground speed 0, airborne, control lock $1E.
 */
void spg_slope_repel(spg_frame *f, spg_player *p)
{
    uint16_t speed;

    if (spg_sticks_to_convex(p))
        return;
    if (p->control_lock != 0) {
        p->control_lock = (uint16_t)(p->control_lock - 1u);
        return;
    }
    if (quadrant(p->angle) == 0)
        return;
    speed = (uint16_t)(p->ground_speed < 0 ? m68k_negw(p->ground_speed)
                                           : p->ground_speed);
    if (speed >= (uint16_t)f->profile->slip_speed)
        return;
    p->ground_speed = 0;
    p->status |= SPG_STATUS_IN_AIR;
    p->control_lock = f->profile->slip_lock;
}
