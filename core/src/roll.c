/*
 * roll.c - rolling: Sonic_Roll (curling up), Sonic_RollSpeed (with
 * Sonic_RollLeft / Sonic_RollRight) and Sonic_RollRepel (slope factor).
 */
#include "internal.h"
#include "anim.h"

/*
 * Sonic_Roll: curl up when down is held with neither left nor right, at an
 * absolute ground speed of at least roll_min_speed (unsigned compare, so
 * -$8000 counts as fast).  Curling switches to the rolling radii and moves
 * the centre down by the difference of the height radii (5 px) so the feet
 * stay on the ground.
 */
void spg_roll(spg_frame *f, spg_player *p)
{
    const spg_profile *pr = f->profile;
    uint16_t speed = (uint16_t)(p->ground_speed < 0 ? m68k_negw(p->ground_speed)
                                                    : p->ground_speed);

    if (speed < (uint16_t)pr->roll_min_speed)
        return;
    if (f->input.held & (SPG_BTN_LEFT | SPG_BTN_RIGHT))
        return;
    if (!(f->input.held & SPG_BTN_DOWN))
        return;
    spg_chk_roll(pr, p);
}

/*
 * Sonic_ChkRoll: the curl-up itself, which Sonic_Roll branches to and
 * Sonic_Loops branches to on a roll-tunnel chunk (in the air too).
 * Nothing happens while already rolling.  A ground speed of 0, which only
 * the roll tunnel can bring here, becomes $200.
 */
void spg_chk_roll(const spg_profile *pr, spg_player *p)
{
    if (p->status & SPG_STATUS_ROLLING)
        return;
    p->status |= SPG_STATUS_ROLLING;
    p->height_radius = pr->roll_height_radius;
    p->width_radius = pr->roll_width_radius;
    p->anim = SPG_ANIM_ROLL;
    p->y = spg_add_pixels(p->y, pr->stand_height_radius - pr->roll_height_radius);
    if (p->ground_speed == 0)
        p->ground_speed = 0x200;
}

/* Sonic_RollLeft: no acceleration while rolling, only braking (a quarter
 * of the walking deceleration; crossing zero leaves -$80) or turning. */
void spg_roll_left(const spg_profile *pr, spg_player *p)
{
    int16_t gs = p->ground_speed;

    if (gs <= 0) {
        p->status |= SPG_STATUS_FACING_LEFT;
        p->anim = SPG_ANIM_ROLL;
        return;
    }
    if ((uint16_t)gs < (uint16_t)spg_roll_deceleration(pr, p))
        p->ground_speed = -0x80;
    else
        p->ground_speed = m68k_subw(gs, spg_roll_deceleration(pr, p));
}

/* Sonic_RollRight: the mirror image (carry out of the add gives +$80). */
void spg_roll_right(const spg_profile *pr, spg_player *p)
{
    int16_t gs = p->ground_speed;

    if (gs >= 0) {
        p->status &= (uint8_t)~SPG_STATUS_FACING_LEFT;
        p->anim = SPG_ANIM_ROLL;
        return;
    }
    if ((uint32_t)(uint16_t)gs + (uint16_t)spg_roll_deceleration(pr, p) > 0xFFFFu)
        p->ground_speed = 0x80;
    else
        p->ground_speed = m68k_addw(gs, spg_roll_deceleration(pr, p));
}

/* Sonic_RollSpeed at ground speed 0: uncurl (standing radii, wait
 * animation, centre up by the difference of the height radii). */
void spg_roll_uncurl(spg_frame *f, spg_player *p)
{
    const spg_profile *pr = f->profile;

    p->status &= (uint8_t)~SPG_STATUS_ROLLING;
    p->height_radius = pr->stand_height_radius;
    p->width_radius = pr->stand_width_radius;
    p->anim = SPG_ANIM_WAIT;
    p->y = spg_add_pixels(p->y, pr->roll_height_radius - pr->stand_height_radius);
}

/*
 * Sonic_RollSpeed: braking (unless the control lock runs), then rolling
 * friction, which unlike walking applies whether or not a direction is
 * held.  At ground speed 0 the player uncurls: standing radii, wait
 * animation, centre 5 px up.  x speed is capped at +-roll_x_speed_cap
 * (y speed is not), then the same wall check as Sonic_Move.
 */
void spg_roll_speed(spg_frame *f, spg_player *p)
{
    const spg_profile *pr = f->profile;
    uint16_t gs, fr = (uint16_t)spg_roll_friction(p);

    if (p->control_lock == 0) {
        if (f->input.held & SPG_BTN_LEFT)
            spg_roll_left(pr, p);
        if (f->input.held & SPG_BTN_RIGHT)
            spg_roll_right(pr, p);
    }

    gs = (uint16_t)p->ground_speed;
    if (p->ground_speed > 0)
        p->ground_speed = gs < fr ? 0 : m68k_subw(gs, fr);
    else if (p->ground_speed < 0)
        p->ground_speed = (uint32_t)gs + fr > 0xFFFFu ? 0 : m68k_addw(gs, fr);

    gs = (uint16_t)(p->ground_speed < 0 ? m68k_negw(p->ground_speed)
                                        : p->ground_speed);
    if (gs < pr->roll_stop_speed)
        spg_routines_get(pr)->roll_stopped(f, p);
    spg_roll_speeds(f, p);
}

/* The end of Sonic_RollSpeed (loc_131CC): x and y speed from the ground
 * speed and angle, x speed capped at +-roll_x_speed_cap (y speed is not),
 * then Sonic_Move's wall check. */
void spg_roll_speeds(spg_frame *f, spg_player *p)
{
    const spg_profile *pr = f->profile;
    int16_t sine, cosine, xs;

    spg_calc_sine(p->angle, &sine, &cosine);
    p->y_speed = m68k_mul8(sine, p->ground_speed);
    xs = m68k_mul8(cosine, p->ground_speed);
    if (xs > pr->roll_x_speed_cap)
        xs = pr->roll_x_speed_cap;
    if (xs < m68k_negw(pr->roll_x_speed_cap))
        xs = m68k_negw(pr->roll_x_speed_cap);
    p->x_speed = xs;
    spg_move_wall_check(f, p);
}

/*
 * Sonic_RollRepel: the rolling slope factor, not on ceilings (angle + $60
 * >= $C0).  The force is sin(angle) * $50 asr 8; when it works against the
 * direction of motion (uphill) it is shifted right 2 more, which rounds
 * exactly like sin(angle) * $14 asr 8.  A ground speed of 0 counts as
 * moving right.  Unlike walking, this runs at ground speed 0 too.
 */
void spg_roll_repel(spg_frame *f, spg_player *p)
{
    const spg_profile *pr = f->profile;
    int16_t sine, cosine, force;

    if ((uint8_t)(p->angle + 0x60) >= 0xC0)
        return;
    spg_calc_sine(p->angle, &sine, &cosine);
    force = m68k_mul8(sine, pr->slope_factor_rolldown);
    if (p->ground_speed >= 0 ? force < 0 : force >= 0)
        force = m68k_mul8(sine, pr->slope_factor_rollup);
    p->ground_speed = m68k_addw(p->ground_speed, force);
}
