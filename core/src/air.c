/*
 * air.c - jumping and the air: Sonic_Jump, Sonic_JumpHeight,
 * Sonic_JumpDirection, Sonic_JumpAngle and ObjectFall.
 */
#include "internal.h"
#include "anim.h"

/*
 * Sonic_Jump: on a newly pressed A, B or C, and only with at least
 * jump_min_room px of room overhead (measured "upwards" from the ground
 * angle, angle + $80), add the jump speed along the ground's normal
 * (angle - $40) to the current speeds.  The jump speed depends on the
 * underwater status bit.  The player becomes airborne, stops pushing and
 * gets the jump flag ($3C).  The radii are set to standing first; a
 * player who was not rolling then curls up (rolling radii, roll animation,
 * centre 5 px down), while one who was rolling keeps the standing radii
 * and gets the roll-jump bit (the well-known Sonic 1 quirk).  The original
 * then pops its own return address, so the mode routine ends at once:
 * returns 1 in that case.
 */
int spg_jump(spg_frame *f, spg_player *p)
{
    const spg_profile *pr = f->profile;
    int16_t speed, sine, cosine;

    if (!(f->input.pressed & (SPG_BTN_A | SPG_BTN_B | SPG_BTN_C)))
        return 0;
    if (spg_room_overhead(f, p, (uint8_t)(p->angle + 0x80)) < pr->jump_min_room)
        return 0;
    speed = (p->status & SPG_STATUS_UNDERWATER) ? pr->jump_speed_underwater
                                                : pr->jump_speed;
    spg_calc_sine((uint8_t)(p->angle - 0x40), &sine, &cosine);
    p->x_speed = m68k_addw(p->x_speed, m68k_mul8(cosine, speed));
    p->y_speed = m68k_addw(p->y_speed, m68k_mul8(sine, speed));
    p->status |= SPG_STATUS_IN_AIR;
    p->status &= (uint8_t)~SPG_STATUS_PUSHING;
    p->jumping = 1;
    p->word_38 &= 0x00FFu; /* clr.b stick_to_convex(a0) */
    if (pr->roll_jump_stand_radii) {
        p->height_radius = pr->stand_height_radius;
        p->width_radius = pr->stand_width_radius;
    }
    if (p->status & SPG_STATUS_ROLLING) {
        p->status |= SPG_STATUS_ROLL_JUMP;
        return 1;
    }
    p->height_radius = pr->roll_height_radius;
    p->width_radius = pr->roll_width_radius;
    p->anim = SPG_ANIM_ROLL;
    p->status |= SPG_STATUS_ROLLING;
    p->y = spg_add_pixels(p->y, pr->stand_height_radius - pr->roll_height_radius);
    return 1;
}

/*
 * Sonic_JumpHeight: during a jump, letting go of A/B/C while rising faster
 * than the release cap sets y speed to the cap (-$400, -$200 with the
 * underwater bit).  Airborne without a jump (falling off, slipping), y
 * speed is only limited to rise_speed_cap (-$FC0).
 */
void spg_jump_height(spg_frame *f, spg_player *p)
{
    const spg_profile *pr = f->profile;

    if (p->jumping) {
        int16_t cap = (p->status & SPG_STATUS_UNDERWATER)
                          ? pr->jump_release_cap_underwater
                          : pr->jump_release_cap;
        if (cap <= p->y_speed)
            return;
        if (f->input.held & (SPG_BTN_A | SPG_BTN_B | SPG_BTN_C))
            return;
        p->y_speed = cap;
        return;
    }
    if (p->y_speed < pr->rise_speed_cap)
        p->y_speed = pr->rise_speed_cap;
}

/*
 * Sonic_JumpDirection: air control (twice the ground acceleration, clamped
 * at +-top speed, in Sonic 1 even when already faster), which a roll jump
 * locks out; holding a direction also turns the player.  Then air drag:
 * only while -$400 <= y speed < 0 (an unsigned compare with $FC00),
 * x speed -= x speed asr 5, stopping at 0.
 */
void spg_jump_direction(spg_frame *f, spg_player *p)
{
    const spg_profile *pr = f->profile;
    int16_t xs;

    if (!(pr->air_roll_jump_lock && (p->status & SPG_STATUS_ROLL_JUMP))) {
        xs = p->x_speed;
        if (f->input.held & SPG_BTN_LEFT) {
            int16_t limit = m68k_negw(p->top_speed);
            int16_t next = m68k_subw(xs, spg_air_acceleration(p));
            p->status |= SPG_STATUS_FACING_LEFT;
            if (next > limit)
                xs = next;
            else if (pr->air_clamp_above_top_speed || xs > limit)
                xs = limit;
            /* else (no clamp switch): keep the higher speed */
        }
        if (f->input.held & SPG_BTN_RIGHT) {
            int16_t next = m68k_addw(xs, spg_air_acceleration(p));
            p->status &= (uint8_t)~SPG_STATUS_FACING_LEFT;
            if (next < p->top_speed)
                xs = next;
            else if (pr->air_clamp_above_top_speed || xs < p->top_speed)
                xs = p->top_speed;
        }
        p->x_speed = xs;
    }
    spg_air_drag(p);
}

/* The air drag at the end of Sonic_JumpDirection (Sonic CD's
 * ObjSonic_MoveAir .CheckDrag): only while -$400 <= y speed < 0 (an
 * unsigned compare with $FC00), x speed -= x speed asr 5, stopping at 0. */
void spg_air_drag(spg_player *p)
{
    int16_t xs, drag;

    if ((uint16_t)p->y_speed < 0xFC00u)
        return;
    xs = p->x_speed;
    drag = m68k_asrw(xs, 5);
    if (drag == 0)
        return;
    /* sub.w: bcc (drag > 0) / bcs (drag < 0) keep the result, else 0 */
    if (drag > 0)
        p->x_speed = (uint16_t)xs < (uint16_t)drag ? 0 : m68k_subw(xs, drag);
    else
        p->x_speed = (uint16_t)xs < (uint16_t)drag ? m68k_subw(xs, drag) : 0;
}

/* Sonic_JumpAngle: in the air the angle moves 2 towards 0 each frame,
 * through the shorter way round, landing exactly on 0: addq.b #2 with a
 * carry out of the byte ($FE, $FF) gives 0, and so does subq.b #2 with a
 * borrow (1). */
void spg_jump_angle(spg_player *p)
{
    uint8_t a = p->angle;

    if (a == 0)
        return;
    if (a & 0x80)
        a = a + 2u > 0xFFu ? 0 : (uint8_t)(a + 2);
    else
        a = a < 2 ? 0 : (uint8_t)(a - 2);
    p->angle = a;
}

/* ObjectFall: move with the current speeds, then add gravity to y speed
 * (so this frame's move does not see this frame's gravity). */
void spg_object_fall(spg_player *p, int16_t gravity)
{
    int32_t dy = m68k_asll(p->y_speed, 8);

    p->x = m68k_addl(p->x, m68k_asll(p->x_speed, 8));
    p->y_speed = m68k_addw(p->y_speed, gravity);
    p->y = m68k_addl(p->y, dy);
}
