/*
 * sonic3.c - the Sonic 3 player routines whose shape differs from Sonic 2's
 * (Obj_Sonic $11BB8 and Obj_Tails $143B2 of the 1994 cartridge without the
 * lock-on, MD5 d724ea4d...): Player_SlopeResist (the stopped slope factor),
 * Player_SlopeRepel (the "Sonic 3 method": slip and fall ranges, ground
 * speed changed by $80), Sonic_Balance, the look delay kept in the object
 * (scroll_delay_counter), Sonic_JumpHeight's Sonic_ShieldMoves (the
 * insta-shield), Tails_JumpHeight's Tails_Test_For_Flight and the flight
 * (Tails_FlyingSwimming), Player_TouchFloor and its _Check_Spindash entry,
 * Kill_Character and Sonic_RollSpeed's uncurl (Find_Tile_FG is in tiles.c).
 * Tails keeps
 * Sonic 2's slope rules (Tails_SlopeResist, Tails_SlopeRepel) and Sonic
 * 1's balance.  Everything else is Sonic 2's code (sonic2.c and the
 * shared modules), picked by routines.c.  Research note:
 * docs/research/sonic3-differences.md (rows cited as "#n").
 */
#include "internal.h"
#include "anim.h"

enum {
    ABC = SPG_BTN_A | SPG_BTN_B | SPG_BTN_C,
    LOOK_DELAY_MAX = 120, /* scroll_delay_counter stops at 2*60 */
    FLIGHT_TIME = 240,    /* Tails_Test_For_Flight: (8*60)/2 */
    /* Tails' flight animations (Tails_Set_Flying_Animation). */
    S3_ANIM_FLY = 0x20,
    S3_ANIM_FLY_UP = 0x21,
    S3_ANIM_FLY_TIRED = 0x24,
    S3_ANIM_SWIM = 0x25,
    S3_ANIM_SWIM_UP = 0x26,
    S3_ANIM_SWIM_TIRED = 0x28
};

/* spin_dash_flag ($3D), the low byte of word_38 (stick_to_convex is $3C). */
static uint8_t spin_dash_flag(const spg_player *p)
{
    return (uint8_t)(p->word_38 & 0x00FFu);
}

/* ---- slopes (#18, #19) ---------------------------------------------------- */

/*
 * Player_SlopeResist (Sonic): not on ceilings (angle + $60 >= $C0); the
 * factor is $20 * sin(angle) asr 8.  While moving it is added as in Sonic 2;
 * at ground speed 0 it is added only when its absolute value is at least
 * $D.  asr rounds down, so the negative side reaches -13 one angle earlier
 * than the positive side reaches 13 ($F0 slides, $10 does not).
 */
void spg_slope_resist_sonic3(spg_frame *f, spg_player *p)
{
    int16_t sine, cosine, force, size;

    if ((uint8_t)(p->angle + 0x60) >= 0xC0)
        return;
    spg_calc_sine(p->angle, &sine, &cosine);
    force = m68k_mul8(sine, f->profile->slope_factor);
    if (p->ground_speed == 0) {
        size = force < 0 ? m68k_negw(force) : force;
        if ((uint16_t)size < 0x0D)
            return;
    }
    p->ground_speed = m68k_addw(p->ground_speed, force);
}

/*
 * Player_SlopeRepel (Sonic): nothing while stick_to_convex is set; a
 * running move lock only counts down.  Otherwise, on angles $18..$E7
 * ((angle + $18) & $FF >= $30) with |ground speed| < $280 (unsigned):
 * move lock 30, then on $30..$CF ((angle + $30) & $FF >= $60) the player
 * falls (in-air bit; ground speed kept), else the ground speed changes by
 * $80 down the slope: + on $18..$2F, - on $D0..$E7.
 */
void spg_slope_repel_sonic3(spg_frame *f, spg_player *p)
{
    uint16_t speed;
    uint8_t a;

    if (spg_sticks_to_convex(p))
        return;
    if (p->control_lock != 0) {
        p->control_lock = (uint16_t)(p->control_lock - 1u);
        return;
    }
    if ((uint8_t)(p->angle + 0x18) < 0x30)
        return;
    speed = (uint16_t)(p->ground_speed < 0 ? m68k_negw(p->ground_speed)
                                           : p->ground_speed);
    if (speed >= (uint16_t)f->profile->slip_speed)
        return;
    p->control_lock = f->profile->slip_lock;
    a = (uint8_t)(p->angle + 0x30);
    if (a >= 0x60) {
        p->status |= SPG_STATUS_IN_AIR;
        return;
    }
    if (a >= 0x30)
        p->ground_speed = m68k_addw(p->ground_speed, 0x80);
    else
        p->ground_speed = m68k_subw(p->ground_speed, 0x80);
}

/* ---- standing still: balance, look up, duck (#9, #11) ------------------- */

/*
 * Looking up / ducking (loc_12338 of Sonic_Move, loc_156AA of Tails'):
 * anim LookUp (up held) or Duck (down held) and one more frame in
 * scroll_delay_counter, at most 120 (from there the camera moves; the
 * camera is not simulated).  With neither held the counter is cleared by
 * the caller (spg_move_sonic3).
 */
static void look_up_or_duck(spg_frame *f, spg_player *p)
{
    if (!(f->input.held & (SPG_BTN_UP | SPG_BTN_DOWN)))
        return;
    p->anim = (f->input.held & SPG_BTN_UP) ? SPG_ANIM_LOOKUP : SPG_ANIM_DUCK;
    f->looked = 1;
    if (p->scroll_delay_counter + 1 < LOOK_DELAY_MAX)
        p->scroll_delay_counter = (uint8_t)(p->scroll_delay_counter + 1);
    else
        p->scroll_delay_counter = LOOK_DELAY_MAX;
}

/* The ChkFloorEdge_Part2 probe 6 px away: Balance2 ($C) when it also finds
 * no floor within $C. */
static void balance_far(spg_frame *f, spg_player *p, int dx)
{
    p->anim = SPG_ANIM_BALANCE;
    if (spg_floor_edge_at(f, p, m68k_addw(m68k_hiw(p->x), dx)) >= 0xC)
        p->anim = SPG_S2_ANIM_BALANCE2;
}

/*
 * Sonic_Balance (Sonic, #9), its edge part (Sonic & Knuckles' Sonic_Balance
 * shares it): wait animation, pushing cleared; (not on an object)
 * ChkFloorEdge >= $C and next_tilt ($3A) = 3: face right, Balance,
 * Balance2 when the probe at x - 6 also finds nothing; else tilt ($3B) =
 * 3: face left, probe at x + 6.  Sonic 2's Balance3/Balance4 are gone: the
 * facing test only decides whether the facing bit is written.  On an
 * object the stood-on slot is the player itself, as in spg_stand_still.
 * Super Sonic's form is not modelled.  Returns 1 when balancing (the look
 * is skipped).
 */
int spg_balance_edge_sonic3(spg_frame *f, spg_player *p)
{
    p->status &= (uint8_t)~SPG_STATUS_PUSHING;
    p->anim = SPG_ANIM_WAIT;
    if (!(p->status & SPG_STATUS_ON_OBJECT) &&
        spg_obj_floor_dist(f, p) >= 0xC) {
        if (p->angle_buffer_1 == 3) {
            p->status &= (uint8_t)~SPG_STATUS_FACING_LEFT;
            balance_far(f, p, -6);
            return 1;
        }
        if (p->angle_buffer_2 == 3) {
            p->status |= SPG_STATUS_FACING_LEFT;
            balance_far(f, p, 6);
            return 1;
        }
    }
    return 0;
}

/* Sonic_Balance (Sonic 3): the edge, else look up or duck. */
void spg_balance_sonic3(spg_frame *f, spg_player *p)
{
    if (!spg_balance_edge_sonic3(f, p))
        look_up_or_duck(f, p);
}

/* Tails_InputAcceleration_Path's standing part, its edge (S&K's Tails
 * shares it): Sonic 1's balance (one probe, Balance only, facing towards
 * the edge).  Returns 1 when balancing. */
int spg_balance_edge_tails3(spg_frame *f, spg_player *p)
{
    p->status &= (uint8_t)~SPG_STATUS_PUSHING;
    p->anim = SPG_ANIM_WAIT;
    if (!(p->status & SPG_STATUS_ON_OBJECT) &&
        spg_obj_floor_dist(f, p) >= 0xC) {
        if (p->angle_buffer_1 == 3) {
            p->status &= (uint8_t)~SPG_STATUS_FACING_LEFT;
            p->anim = SPG_ANIM_BALANCE;
            return 1;
        }
        if (p->angle_buffer_2 == 3) {
            p->status |= SPG_STATUS_FACING_LEFT;
            p->anim = SPG_ANIM_BALANCE;
            return 1;
        }
    }
    return 0;
}

/* Tails' standing part (Sonic 3): the edge, else the look delay. */
void spg_stand_still_tails3(spg_frame *f, spg_player *p)
{
    if (!spg_balance_edge_tails3(f, p))
        look_up_or_duck(f, p);
}

/*
 * Sonic_Move / Tails_InputAcceleration_Path: Sonic 2's walking (spg_move,
 * with the routine table's standing part), and scroll_delay_counter
 * cleared on every frame that did not look up or down (a move lock, a
 * slope, a ground speed, a balance: all reach loc_1238C).
 */
void spg_move_sonic3(spg_frame *f, spg_player *p)
{
    f->looked = 0;
    spg_move(f, p);
    if (!f->looked)
        p->scroll_delay_counter = 0;
}

/* ---- the air: insta-shield and flight (#17, #27, #28) -------------------- */

/*
 * The part Sonic_JumpHeight, Tails_JumpHeight and (Sonic & Knuckles)
 * Knux_JumpHeight share, spg_jump_height_cap_sonic3: not jumping, the
 * -$FC0 cap unless spin_dash_flag; jumping, with the y speed still above
 * the release cap (-$400, underwater -$200): capped unless A/B/C is held.
 * It returns 1 when the player is jumping at or past the cap, where each
 * character's own test runs.
 *
 * Sonic_JumpHeight (Sonic): at or past the cap, Sonic_ShieldMoves: with
 * double_jump_flag clear and A/B/C newly pressed, the roll-jump bit is cleared and, with no shield,
 * no invincibility and fewer than 7 emeralds (the only case on solid
 * tiles), the insta-shield: double_jump_flag = 1 and nothing else that
 * the player keeps (the shield object's animation and the sound are not
 * player state).
 */
int spg_jump_height_cap_sonic3(spg_frame *f, spg_player *p)
{
    const spg_profile *pr = f->profile;
    int16_t cap;

    if (!p->jumping) {
        if (spin_dash_flag(p) == 0 && p->y_speed < pr->rise_speed_cap)
            p->y_speed = pr->rise_speed_cap;
        return 0;
    }
    cap = (p->status & SPG_STATUS_UNDERWATER) ? pr->jump_release_cap_underwater
                                              : pr->jump_release_cap;
    if (cap > p->y_speed) {
        if (!(f->input.held & ABC))
            p->y_speed = cap;
        return 0;
    }
    return 1;
}

void spg_jump_height_sonic3(spg_frame *f, spg_player *p)
{
    if (!spg_jump_height_cap_sonic3(f, p))
        return;
    if (p->double_jump_flag != 0 || !(f->input.pressed & ABC))
        return;
    p->status &= (uint8_t)~SPG_STATUS_ROLL_JUMP;
    p->double_jump_flag = 1;
}

/*
 * Tails_Set_Flying_Animation: Fly ($20), FlyUp ($21) while rising,
 * FlyTired ($24) once the time is out; underwater Swim ($25), SwimUp ($26)
 * and SwimTired ($28).  (Carrying Sonic adds 2: never here.)
 */
static void set_flying_animation(spg_player *p)
{
    uint8_t a;

    if (p->status & SPG_STATUS_UNDERWATER) {
        a = p->y_speed < 0 ? S3_ANIM_SWIM_UP : S3_ANIM_SWIM;
        if (p->double_jump_property == 0)
            a = S3_ANIM_SWIM_TIRED;
    } else {
        a = p->y_speed < 0 ? S3_ANIM_FLY_UP : S3_ANIM_FLY;
        if (p->double_jump_property == 0)
            a = S3_ANIM_FLY_TIRED;
    }
    p->anim = a;
}

/*
 * Tails_JumpHeight: the shared part (spg_jump_height_cap_sonic3); at or
 * past the cap, Tails_Test_For_Flight: with double_jump_flag clear and A/B/C newly
 * pressed (Tails alone, Player_mode 2, as the capture runs him): a rolling
 * Tails uncurls (default radii, centre moved by the old y radius minus
 * the default one), the roll-jump bit is cleared, double_jump_flag = 1,
 * 240 frames of flight in double_jump_property, the flying animation.
 */
void spg_jump_height_tails3(spg_frame *f, spg_player *p)
{
    const spg_profile *pr = f->profile;

    if (!spg_jump_height_cap_sonic3(f, p))
        return;
    if (p->double_jump_flag != 0 || !(f->input.pressed & ABC))
        return;
    if (p->status & SPG_STATUS_ROLLING) {
        int8_t shift = (int8_t)(uint8_t)(p->height_radius -
                                         pr->stand_height_radius);
        p->status &= (uint8_t)~SPG_STATUS_ROLLING;
        p->height_radius = pr->stand_height_radius;
        p->width_radius = pr->stand_width_radius;
        p->y = spg_add_pixels(p->y, shift);
    }
    p->status &= (uint8_t)~SPG_STATUS_ROLL_JUMP;
    p->double_jump_flag = 1;
    p->double_jump_property = FLIGHT_TIME;
    set_flying_animation(p);
}

/*
 * Tails_Move_FlySwim: the flight time drops by 1 on odd frame counters
 * (while any is left).  Climbing (flag >= 2): while the y speed is at least
 * -$100, $20 more upwards and the flag counts on, back to 1 when it reaches
 * $20 or the y speed gets below -$100.  Flying (flag 1): a new A/B/C press
 * with the y speed at least -$100 and time left starts a climb (flag 2);
 * gravity +8 either way.  Then above limit_top + $10 an upward y speed is
 * stopped, and the flying animation is set.
 */
static void move_fly_swim(spg_frame *f, spg_player *p)
{
    if ((p->frame_counter & 1u) && p->double_jump_property != 0)
        p->double_jump_property = (uint8_t)(p->double_jump_property - 1u);
    if (p->double_jump_flag != 1) {
        if (p->y_speed >= -0x100) {
            p->y_speed = m68k_subw(p->y_speed, 0x20);
            p->double_jump_flag = (uint8_t)(p->double_jump_flag + 1u);
            if (p->double_jump_flag == 0x20)
                p->double_jump_flag = 1;
        } else {
            p->double_jump_flag = 1;
        }
    } else {
        if ((f->input.pressed & ABC) && p->y_speed >= -0x100 &&
            p->double_jump_property != 0)
            p->double_jump_flag = 2;
        p->y_speed = m68k_addw(p->y_speed, 8);
    }
    if (m68k_addw(f->map->limit_top, 0x10) >= m68k_hiw(p->y) &&
        p->y_speed < 0)
        p->y_speed = 0;
    set_flying_animation(p);
}

/*
 * Tails' airborne routines: in the air and rolling, Tails_Spin_Freespace
 * (the ordinary air routine); not rolling, Tails_Stand_Freespace, which
 * with double_jump_flag set is Tails_FlyingSwimming: Move_FlySwim, the
 * air control, the level bounds, MoveSprite2 (no gravity: the flight
 * routine added its own), JumpAngle and the airborne collision.
 */
void spg_mode_air_tails3(spg_frame *f, spg_player *p)
{
    if ((p->status & SPG_STATUS_ROLLING) || p->double_jump_flag == 0) {
        spg_mode_air(f, p);
        return;
    }
    move_fly_swim(f, p);
    spg_jump_direction(f, p);
    spg_level_bound(f, p);
    spg_speed_to_pos(p);
    spg_jump_angle(p);
    spg_air_floor(f, p);
}

/* ---- landing, rolling, death (#14, #20, #25) ------------------------------ */

/*
 * Player_TouchFloor (Tails_TouchFloor): radii back to the defaults always
 * (Sonic 2 only when rolling); when rolling: not rolling any more, anim
 * Walk, centre moved by the old y radius minus the default one (5 px,
 * Tails 1, for the curled radii; Sonic & Knuckles, profile
 * land_shift_by_angle: negated on the angles $40..$BF); then in-air,
 * pushing and roll-jump
 * cleared, jumping 0, the look delay 0 and double_jump_flag 0 (Sonic: the
 * bubble shield's bounce first, when he has it: never here).  The chain
 * bonus and the tumble fields it also clears are 0 on solid tiles.
 */
void spg_touch_floor_sonic3(const spg_profile *pr, spg_player *p)
{
    uint8_t old = p->height_radius;

    p->height_radius = pr->stand_height_radius;
    p->width_radius = pr->stand_width_radius;
    if (p->status & SPG_STATUS_ROLLING) {
        int16_t shift = (int8_t)(uint8_t)(old - pr->stand_height_radius);
        p->status &= (uint8_t)~SPG_STATUS_ROLLING;
        p->anim = SPG_ANIM_WALK;
        if (pr->land_shift_by_angle && ((uint8_t)(p->angle + 0x40) & 0x80))
            shift = m68k_negw(shift);
        p->y = spg_add_pixels(p->y, shift);
    }
    p->status &= (uint8_t)~(SPG_STATUS_IN_AIR | SPG_STATUS_PUSHING |
                            SPG_STATUS_ROLL_JUMP);
    p->jumping = 0;
    p->scroll_delay_counter = 0;
    p->double_jump_flag = 0;
}

/*
 * Player_TouchFloor_Check_Spindash (Tails_TouchFloor_Check_Spindash), the
 * airborne collision's landing: with spin_dash_flag set only the clears
 * (loc_13070: no radii, no uncurl); else anim Walk, then TouchFloor.
 */
void spg_reset_on_floor_sonic3(const spg_profile *pr, spg_player *p,
                               int landing)
{
    (void)landing;
    if (spin_dash_flag(p) != 0) {
        p->status &= (uint8_t)~(SPG_STATUS_IN_AIR | SPG_STATUS_PUSHING |
                                SPG_STATUS_ROLL_JUMP);
        p->jumping = 0;
        p->scroll_delay_counter = 0;
        p->double_jump_flag = 0;
        return;
    }
    p->anim = SPG_ANIM_WALK;
    spg_touch_floor_sonic3(pr, p);
}

/*
 * Kill_Character: routine 6, the whole Player_TouchFloor (no walk
 * animation unless uncurling), airborne, y speed -$700, x and ground speed
 * 0, anim Death.  As in Sonic 2 nothing goes to $3C, and the mode routine
 * goes on after Player_LevelBound.
 */
void spg_kill_sonic3(const spg_profile *pr, spg_player *p)
{
    p->routine = SPG_ROUTINE_DEATH;
    spg_touch_floor_sonic3(pr, p);
    p->status |= SPG_STATUS_IN_AIR;
    p->y_speed = -0x700;
    p->x_speed = 0;
    p->ground_speed = 0;
    p->anim = SPG_ANIM_DEATH;
}

/*
 * Sonic_RollSpeed / Tails_RollSpeed at ground speed 0: with spin_dash_flag
 * set keep rolling at $400 (negated when facing left); else stand up:
 * not rolling, default radii, anim Wait, centre moved by the old y radius
 * minus the default one.
 */
void spg_roll_stopped_sonic3(spg_frame *f, spg_player *p)
{
    const spg_profile *pr = f->profile;
    uint8_t old = p->height_radius;

    if (spin_dash_flag(p) != 0) {
        p->ground_speed = 0x400;
        if (p->status & SPG_STATUS_FACING_LEFT)
            p->ground_speed = m68k_negw(p->ground_speed);
        return;
    }
    p->status &= (uint8_t)~SPG_STATUS_ROLLING;
    p->height_radius = pr->stand_height_radius;
    p->width_radius = pr->stand_width_radius;
    p->anim = SPG_ANIM_WAIT;
    p->y = spg_add_pixels(p->y,
                          (int8_t)(uint8_t)(old - pr->stand_height_radius));
}

/* The level loop's addq.w #1,(Level_frame_counter).w before the objects. */
void spg_begin_frame_sonic3(const spg_profile *pr, spg_player *p)
{
    (void)pr;
    p->frame_counter = (uint16_t)(p->frame_counter + 1u);
}
