/*
 * soniccd.c - Sonic CD's player object (ObjSonic of the level program
 * R11A__.MMD, Palmtree Panic Act 1 Present) where it differs in shape from
 * Sonic 1's Obj01: the charge counter, the camera lead, the mode routines
 * and what they call (MoveGround with the look double-tap, the Super Peel
 * Out and the spindash, MoveRoll, CheckRoll / StartRoll, CheckJump,
 * JumpHeight, MoveAir, the 3D-ramp flag, ObjMoveGrv, the boredom check,
 * LevelBound's give-up case, ResetOnSteepSlope, the death routine) and
 * the end of ObjSonic_Main (SpecialChunks).  The rest is Sonic 1's code
 * (routines.c names it), which Sonic CD keeps instruction for instruction:
 * Player_GroundCol = Sonic_AnglePos, Player_LevelColInAir = Sonic_Floor,
 * CheckWallCol, the slope routines, KillPlayer.
 *
 * The level program tests zone, act and time zone.  The zone and act are
 * always the program's own (Palmtree Panic 1: zoneAct 0); the time zone is
 * spg_player.time_zone.  The map format has no chunk ids, and the capture
 * never gives a chunk one of the ids the program treats specially (the
 * 3D-ramp chunks 6, 7, 8, $49, $4C, the waterfall $2F, the specialChunks
 * loop and roll-tunnel ids), so here no chunk is special: Handle3DRamp
 * only ever finds "not a ramp" and SpecialChunks only "not a loop".
 * Nothing runs the time warp (timeWarpDir stays 0, so ObjSonic_TimeWarp
 * returns before it changes anything) or counts boredTimer up (the level
 * loop's RunBoredTimer).  Mini Sonic, debug mode, water (Tidal Tempest
 * only), wind tunnels, water slides and objects are not modelled.
 */
#include "internal.h"
#include "anim.h"

/* What FindLevelFloor leaves in d5 after ObjGetFloorDist: the solidity
 * bit number it was given (moveq #$D,d5).  MoveGround's friction step
 * subtracts d5, so after the balance probe it takes 13, not the
 * acceleration (docs/research/soniccd-differences.md, row P3). */
#define SCD_PROBE_D5 0x0D

/* Animation ids the player code sets (Ani_Sonic). */
enum {
    SCD_ANIM_GIVE_UP = 0x2B,   /* the boredom give-up */
    SCD_ANIM_BUBBLE = 0x15,    /* breathing a bubble */
    SCD_ANIM_BALANCE2 = 0x32   /* balancing, facing away from the ledge */
};

/* oPlayerCtrl bits. */
enum {
    SCD_CTRL_OBJECT = 0x01,  /* controlled by an object */
    SCD_CTRL_RAMP = 0x02,    /* on a 3D ramp */
    SCD_CTRL_HANG = 0x04,    /* hanging from a bar */
    SCD_CTRL_POLE = 0x08,    /* on a rotating pole */
    SCD_CTRL_INVISIBLE = 0x40
};

/* oSprFlags bits the player code writes besides the flips. */
enum {
    SCD_RENDER_HIGH_PATH = 0x40, /* the higher path layer (loops) */
    SCD_RENDER_ONSCREEN = 0x80   /* cleared by DrawObject */
};

/* lookMode: the double-tap timer and the two look flags. */
enum {
    SCD_LOOK_TIMER = 0x0F,
    SCD_LOOK_DOWN = 0x40,
    SCD_LOOK_UP = 0x80
};

#define SCD_CAM_X_MIDDLE 160u   /* camXCenter: 320 / 2 */
#define SCD_CAM_Y_MIDDLE 0x60u  /* camYCenter at rest */

static int buttons_abc(uint8_t b)
{
    return (b & (SPG_BTN_A | SPG_BTN_B | SPG_BTN_C)) != 0;
}

static uint16_t abs_speed(int16_t v)
{
    return (uint16_t)(v < 0 ? m68k_negw(v) : v);
}

/* The ground angle's quadrant as MoveGround tests it. */
static int on_floor(uint8_t angle)
{
    return ((uint8_t)(angle + 0x20) & 0xC0) == 0;
}

/* The present of Palmtree Panic 1 (timeZone 1, zoneAct 0): the program's
 * own level, where the 3D ramps and the launch area exist. */
static int present(const spg_player *p)
{
    return p->time_zone == 1;
}

/*
 * ObjSonic, before the routine dispatch: a running charge (oPlayerCharge
 * != 0) counts up by one a frame (a byte: 255 wraps to 0), capped at the
 * spindash's 45 while rolling and the peel-out's 30 otherwise.
 */
void spg_begin_frame_soniccd(const spg_profile *pr, spg_player *p)
{
    uint8_t c = p->charge, cap;

    if (c == 0)
        return;
    c = (uint8_t)(c + 1u);
    cap = (p->status & SPG_STATUS_ROLLING) ? pr->spindash_charge_frames
                                           : pr->peelout_charge_frames;
    if (c >= cap)
        c = cap;
    p->charge = c;
}

/*
 * ObjSonic_ExtCamera: at |ground speed| >= $600 (unsigned) the camera's
 * lead moves 2 px a frame toward 96 (moving right) or 224 (moving left);
 * slower, or on the 3D ramp at the start of the level (x < $1B00), it
 * moves back 2 px a frame toward 160.
 */
static void ext_camera(spg_player *p)
{
    uint16_t c = p->cam_x_center;
    int reset = abs_speed(p->ground_speed) < 0x600u;

    if ((p->player_ctrl & SCD_CTRL_RAMP) &&
        (uint16_t)m68k_hiw(p->x) < 0x1B00u)
        reset = 1;
    if (reset) {
        if (c != SCD_CAM_X_MIDDLE)
            c = (uint16_t)(c > SCD_CAM_X_MIDDLE ? c - 2u : c + 2u);
    } else if (p->ground_speed >= 0) {
        c = (uint16_t)(c - 2u);
        if (c < SCD_CAM_X_MIDDLE - 64u)
            c = SCD_CAM_X_MIDDLE - 64u;
    } else {
        c = (uint16_t)(c + 2u);
        if (c >= SCD_CAM_X_MIDDLE + 64u)
            c = SCD_CAM_X_MIDDLE + 64u;
    }
    p->cam_x_center = c;
}

/*
 * The part of ObjSonic_Main before the mode routine: the camera lead, then
 * (the joypad copy is the frame's input) with oPlayerCtrl bit 0 no mode
 * routine at all.  Returns 1 when the mode routine is skipped.
 */
static int main_prologue(spg_player *p)
{
    ext_camera(p);
    return (p->player_ctrl & SCD_CTRL_OBJECT) != 0;
}

/*
 * ObjSonic_Handle3DRamp, in the present: the player's 256x256 chunk (8
 * rows) is never one of the ramp chunks (see the header), so the ramp flag
 * is cleared; clearing a set flag while rising faster than -$800 (y speed
 * below -$800) launches the player at x speed $600 the way he faces.
 */
static void handle_3d_ramp(spg_player *p)
{
    if (!present(p) || !(p->player_ctrl & SCD_CTRL_RAMP))
        return;
    p->player_ctrl &= (uint8_t)~SCD_CTRL_RAMP;
    if (p->y_speed >= 0 || (uint16_t)p->y_speed >= 0xF800u)
        return;
    p->x_speed = (p->status & SPG_STATUS_FACING_LEFT) ? -0x600 : 0x600;
}

/*
 * ObjMoveGrv: move by the speeds, and add gravity to the y speed unless
 * the player hangs (oPlayerCtrl bit 2), is on a pole (bit 3) or rises
 * faster than -$800 on a 3D ramp; then cap the y speed at the profile's
 * fall_speed_cap ($1000) when it is positive.  The move uses the y speed
 * from before gravity, as Sonic 1's ObjectFall.
 */
static void move_gravity(const spg_profile *pr, spg_player *p)
{
    int16_t ys = p->y_speed;
    int gravity = !(p->player_ctrl & (SCD_CTRL_POLE | SCD_CTRL_HANG));

    if (ys < 0 && (p->player_ctrl & SCD_CTRL_RAMP) &&
        (uint16_t)ys < 0xF800u)
        gravity = 0;
    if (p->player_ctrl & SCD_CTRL_POLE)
        gravity = 0;
    p->x = m68k_addl(p->x, m68k_asll(p->x_speed, 8));
    if (gravity)
        p->y_speed = m68k_addw(p->y_speed, pr->gravity);
    if (pr->fall_speed_cap != 0 && p->y_speed >= 0 &&
        (uint16_t)p->y_speed >= (uint16_t)pr->fall_speed_cap)
        p->y_speed = pr->fall_speed_cap;
    p->y = m68k_addl(p->y, m68k_asll(ys, 8));
}

/*
 * ObjSonic_StartRoll: curl up unless already rolling (rolling radii, y +
 * 5), the roll animation either way, and a ground speed in 0..$1FF
 * (moving right or standing) raised to $200; moving left keeps it.
 */
static void start_roll(const spg_profile *pr, spg_player *p)
{
    if (!(p->status & SPG_STATUS_ROLLING)) {
        p->status |= SPG_STATUS_ROLLING;
        p->height_radius = pr->roll_height_radius;
        p->width_radius = pr->roll_width_radius;
        p->y = spg_add_pixels(p->y, pr->stand_height_radius -
                                        pr->roll_height_radius);
    }
    p->anim = SPG_ANIM_ROLL;
    if (p->ground_speed >= 0 && (uint16_t)p->ground_speed < 0x200u)
        p->ground_speed = 0x200;
}

/* ObjSonic_CheckRoll: |ground speed| >= $80, neither left nor right, down
 * held: StartRoll. */
static void check_roll(spg_frame *f, spg_player *p)
{
    if (abs_speed(p->ground_speed) < (uint16_t)f->profile->roll_min_speed)
        return;
    if (f->input.held & (SPG_BTN_LEFT | SPG_BTN_RIGHT))
        return;
    if (f->input.held & SPG_BTN_DOWN)
        start_roll(f->profile, p);
}

/* The routine table's roll entry, which MdGround calls after MoveGround. */
void spg_check_roll_soniccd(spg_frame *f, spg_player *p)
{
    check_roll(f, p);
}

/*
 * ObjSonic_CheckJump: no jump while charging, nor with up or down held
 * while the ground speed is 0 (the same press starts a charge instead);
 * otherwise Sonic 1's jump (profile: a roll jump keeps its radii), which
 * also clears lookMode.  Returns 1 when the player jumped.
 */
static int check_jump(spg_frame *f, spg_player *p)
{
    if (p->charge != 0)
        return 0;
    if ((f->input.held & (SPG_BTN_UP | SPG_BTN_DOWN)) && p->ground_speed == 0)
        return 0;
    if (!spg_jump(f, p))
        return 0;
    p->look_mode = 0;
    return 1;
}

/* ObjSonic_JumpHeight: Sonic 1's; the release cap also ends a charge. */
void spg_jump_height_soniccd(spg_frame *f, spg_player *p)
{
    int16_t before = p->y_speed;

    spg_jump_height(f, p);
    if (p->jumping && p->y_speed != before)
        p->charge = 0;
}

/* ObjSonic_SlopeResist / SlopeResistRoll: Sonic 1's, not while charging. */
void spg_slope_resist_soniccd(spg_frame *f, spg_player *p)
{
    if (p->charge == 0)
        spg_slope_resist(f, p);
}

static void slope_resist_roll(spg_frame *f, spg_player *p)
{
    if (p->charge == 0)
        spg_roll_repel(f, p);
}

/* camYCenter back toward 96 by 2 a frame (addq #4 then subq #2 below
 * it). */
static void recentre_y(spg_player *p)
{
    if (p->cam_y_center == SCD_CAM_Y_MIDDLE)
        return;
    p->cam_y_center = (uint16_t)(p->cam_y_center < SCD_CAM_Y_MIDDLE
                                     ? p->cam_y_center + 2u
                                     : p->cam_y_center - 2u);
}

/* A charge of the facing direction: gs += gain (negated facing left),
 * stopping at the profile's cap (signed compares on the facing side). */
static void charge_speed(const spg_profile *pr, spg_player *p, int16_t gain)
{
    int16_t cap = pr->charge_speed_cap, gs;

    if (p->status & SPG_STATUS_FACING_LEFT) {
        gain = m68k_negw(gain);
        cap = m68k_negw(cap);
    }
    gs = m68k_addw(p->ground_speed, gain);
    if (p->status & SPG_STATUS_FACING_LEFT ? gs < cap : gs > cap)
        gs = cap;
    p->ground_speed = gs;
}

/* What MoveGround's look / charge code decided to do next. */
enum move_next {
    NEXT_SETTLE,   /* .Settle: friction, speeds, wall check */
    NEXT_RESET,    /* .ResetScreen, then .Settle */
    NEXT_RETURN    /* the peel-out charge: rts from MoveGround */
};

/* .CheckForSpindash and what follows (.Duck, .CheckSpindash). */
static enum move_next look_down(spg_frame *f, spg_player *p)
{
    uint8_t held = f->input.held, tap = f->input.pressed;

    if (p->look_mode & SCD_LOOK_DOWN) {                     /* .Duck */
        if (!(held & SPG_BTN_DOWN))
            return NEXT_RESET;
        p->anim = SPG_ANIM_DUCK;
        if (p->cam_y_center != 8u)
            p->cam_y_center = (uint16_t)(p->cam_y_center - 2u);
        return NEXT_SETTLE;
    }
    p->look_mode &= SCD_LOOK_TIMER;
    if (p->look_mode != 0) {
        if (tap & SPG_BTN_DOWN) {
            p->look_mode |= SCD_LOOK_DOWN;
            return NEXT_SETTLE;
        }
    } else if (tap & SPG_BTN_DOWN) {                 /* .CheckDownPress */
        p->look_mode = 1;
        return NEXT_SETTLE;
    }
    if (!(held & SPG_BTN_DOWN))                      /* .CheckSpindash */
        return NEXT_RESET;
    p->anim = SPG_ANIM_DUCK;
    if (p->charge != 0 || !buttons_abc(tap))
        return NEXT_SETTLE;
    p->charge = 1;
    p->ground_speed = f->profile->spindash_start_speed;
    if (p->status & SPG_STATUS_FACING_LEFT)
        p->ground_speed = m68k_negw(p->ground_speed);
    start_roll(f->profile, p);
    return NEXT_SETTLE;
}

/*
 * .CheckCharge: the double-tap timer, then looking up (the peel-out) or
 * down (the spindash).  A single press of up or down starts the timer; a
 * second press while it runs sets the look flag, and only a held look
 * flag moves the camera.  Up held shows the look-up animation; with a
 * charge running it charges the peel-out (and MoveGround returns); a tap
 * of A, B or C starts the charge.  Up released: a full charge (30) is
 * released with the ground speed it has, any other charge is cancelled
 * (ground speed 0), then the down checks run.
 */
static enum move_next check_charge(spg_frame *f, spg_player *p)
{
    const spg_profile *pr = f->profile;
    uint8_t held = f->input.held, tap = f->input.pressed;

    if (p->look_mode & SCD_LOOK_TIMER)
        p->look_mode = (uint8_t)((p->look_mode + 1u) & 0xCFu);
    if (p->look_mode & SCD_LOOK_UP) {                        /* .LookUp */
        if (!(held & SPG_BTN_UP))
            return look_down(f, p);
        p->anim = SPG_ANIM_LOOKUP;
        if (p->cam_y_center != 0xC8u)
            p->cam_y_center = (uint16_t)(p->cam_y_center + 2u);
        return NEXT_SETTLE;
    }
    if ((p->look_mode & SCD_LOOK_DOWN) || (held & SPG_BTN_DOWN))
        return look_down(f, p);
    p->look_mode &= SCD_LOOK_TIMER;
    if (p->look_mode != 0) {
        if (tap & SPG_BTN_UP) {
            p->look_mode |= SCD_LOOK_UP;
            return NEXT_SETTLE;
        }
    } else if (tap & SPG_BTN_UP) {                     /* .CheckUpPress */
        p->look_mode = 1;
        return NEXT_SETTLE;
    }
    if (held & SPG_BTN_UP) {                             /* .CheckUpHeld */
        p->anim = SPG_ANIM_LOOKUP;
        if (p->charge != 0) {                               /* .Peelout */
            p->anim = SPG_ANIM_WALK;
            charge_speed(pr, p, pr->peelout_speed);
            return NEXT_RETURN;
        }
        if (buttons_abc(tap))
            p->charge = 1;
        return NEXT_SETTLE;
    }
    if (p->charge == pr->peelout_charge_frames) {   /* .UnleashPeelout */
        p->charge = 0;
        return NEXT_RESET;
    }
    p->charge = 0;
    p->ground_speed = 0;
    return look_down(f, p);
}

/*
 * ObjSonic_MoveGround.  Left/right (ignored while charging: MoveGndLeft/
 * Right are Sonic 1's otherwise, keeping a speed above top speed); on the
 * floor quadrant, standing still (or charging) runs the balance test: on
 * the ground ObjGetFloorDist >= $C cancels any charge (ground speed 0)
 * and, at a ledge the sensors saw last frame ($36 = 3 right, else $37 = 3
 * left), picks Balance facing the ledge or Balance2 facing away.  Then
 * the look / charge code, the camera re-centring, the friction step (with
 * d5: the acceleration, or 13 after the balance probe), the speeds from
 * the ground speed and Sonic 1's wall check.
 */
void spg_move_ground_soniccd(spg_frame *f, spg_player *p)
{
    const spg_profile *pr = f->profile;
    int16_t d5 = p->acceleration, sine, cosine;
    enum move_next next = NEXT_RESET;

    if (p->control_lock != 0)
        goto reset;
    if (p->charge == 0) {
        if (f->input.held & SPG_BTN_LEFT)
            spg_move_left(pr, p);
        if (f->input.held & SPG_BTN_RIGHT)
            spg_move_right(pr, p);
    }
    if (!on_floor(p->angle))
        goto reset;
    if (p->ground_speed == 0) {                                /* .Stand */
        p->status &= (uint8_t)~SPG_STATUS_PUSHING;
        p->anim = SPG_ANIM_WAIT;
    } else if (p->charge == 0) {
        goto reset;
    }
    /* .CheckBalance.  On an object the original reads the object in slot
     * oPlayerStandObj; with no objects that is the player himself, whose
     * $18 half width is never within 4 px of an edge: no balance. */
    if (!(p->status & SPG_STATUS_ON_OBJECT)) {
        int16_t dist = spg_obj_floor_dist(f, p);
        d5 = SCD_PROBE_D5;
        if (dist >= 0xC) {
            int facing_left = (p->status & SPG_STATUS_FACING_LEFT) != 0;
            int ledge = 0;
            p->charge = 0;
            p->ground_speed = 0;
            if (p->angle_buffer_1 == 3)
                ledge = 1;           /* right: Balance facing right */
            else if (p->angle_buffer_2 == 3)
                ledge = 2;           /* left: Balance facing left */
            if (ledge != 0) {
                p->anim = (ledge == 1) != facing_left ? SPG_ANIM_BALANCE
                                                      : SCD_ANIM_BALANCE2;
                goto reset;
            }
        }
    }
    next = check_charge(f, p);
    if (next == NEXT_RETURN)
        return;
    if (next == NEXT_SETTLE)
        goto settle;
reset:                                                   /* .ResetScreen */
    if (p->cam_y_center == SCD_CAM_Y_MIDDLE) {
        if ((p->look_mode & SCD_LOOK_TIMER) == 0)
            p->look_mode = 0;
    } else {
        recentre_y(p);
    }
settle:                                                       /* .Settle */
    if (!(f->input.held & (SPG_BTN_LEFT | SPG_BTN_RIGHT)))
        p->ground_speed = spg_friction(p->ground_speed, d5);
    spg_calc_sine(p->angle, &sine, &cosine);
    p->x_speed = m68k_mul8(cosine, p->ground_speed);
    p->y_speed = m68k_mul8(sine, p->ground_speed);
    spg_move_wall_check(f, p);
}

/*
 * ObjSonic_MoveRoll: Sonic 1's Sonic_RollSpeed (braking with left/right
 * unless the control lock runs, roll friction, standing up at ground speed
 * 0, x speed capped at +-$1000, the wall check) with the spindash between
 * the input and the friction: while charging, the ground speed gains $4B
 * a frame toward the cap, and with down held MoveRoll returns there (no
 * speeds recomputed, the position frozen by MdRoll).  Down released: a
 * full charge (45) ends (charge 0) and the roll goes on in the facing
 * direction; anything less is cancelled: all speeds 0, standing up.
 */
static void move_roll(spg_frame *f, spg_player *p)
{
    const spg_profile *pr = f->profile;

    if (p->control_lock == 0) {
        if (f->input.held & SPG_BTN_LEFT)
            spg_roll_left(pr, p);
        if (f->input.held & SPG_BTN_RIGHT)
            spg_roll_right(pr, p);
    }
    if (p->charge != 0) {                                   /* .Spindash */
        charge_speed(pr, p, pr->spindash_speed);
        if (f->input.held & SPG_BTN_DOWN)
            return;
        if (p->charge != pr->spindash_charge_frames) {  /* .ChargeNotFull */
            p->charge = 0;
            p->ground_speed = 0;
            p->x_speed = 0;
            p->y_speed = 0;
            spg_roll_uncurl(f, p); /* .StopRolling */
            goto speeds;
        }
        p->charge = 0;
        if (p->status & SPG_STATUS_FACING_LEFT)
            spg_roll_left(pr, p);
        else
            spg_roll_right(pr, p);
    }
    p->ground_speed = spg_friction(p->ground_speed, spg_roll_friction(p));
    if (p->ground_speed == 0)                          /* .CheckStopRoll */
        spg_roll_uncurl(f, p); /* .StopRolling */
speeds:                                                   /* .CalcXYVels */
    spg_roll_speeds(f, p);
}

/*
 * ObjSonic_MoveAir: in the present of Palmtree Panic 1 between x $6C8 and
 * $83F (the first 3D ramp's launch area) it returns at once: no air
 * control, no camera re-centring, no drag.  Elsewhere in the present, on
 * a 3D ramp, the input is skipped.  Otherwise Sonic 1's air control
 * without its roll-jump lock (profile), then the camera re-centring and
 * the air drag.
 */
static void move_air(spg_frame *f, spg_player *p)
{
    if (present(p)) {
        uint16_t x = (uint16_t)m68k_hiw(p->x);
        if (x >= 0x6C8u && x < 0x840u)
            return;
        if (p->player_ctrl & SCD_CTRL_RAMP) {
            recentre_y(p);
            spg_air_drag(p);
            return;
        }
    }
    spg_jump_direction(f, p);         /* its drag comes after the camera */
    recentre_y(p);
}

/*
 * ObjSonic_ChkBoredom: any animation but the idle one clears boredTimer;
 * the idle one starts it (low byte 1) when it is 0.  The level loop counts
 * it up (not modelled), so the give-up at 10800 is never reached here.
 */
static void check_boredom(spg_player *p)
{
    if (p->anim != SPG_ANIM_WAIT) {
        p->bored_timer = 0;
        return;
    }
    if (p->bored_timer == 0)
        p->bored_timer = 1;
}

/*
 * ObjSonic_MdGround.  The boredom check first; the give-up animation
 * ($2B) only moves the player (LevelBound, ObjMoveGrv) once its sprite is
 * the jump ($17 on), else nothing.  Then the 3D-ramp flag, CheckJump (a
 * jump ends the routine), SlopeResist, MoveGround, CheckRoll, LevelBound,
 * ObjMove, GroundCol (Sonic_AnglePos) and CheckFallOff (Sonic_SlopeRepel).
 */
void spg_mode_ground_soniccd(spg_frame *f, spg_player *p)
{
    const spg_routines *rt = spg_routines_get(f->profile);

    if (main_prologue(p))
        return;
    check_boredom(p);
    if (p->anim == SCD_ANIM_GIVE_UP) {
        if (p->mapping_frame >= 0x17) {
            spg_level_bound(f, p);
            move_gravity(f->profile, p);
        }
        return;
    }
    handle_3d_ramp(p);
    if (check_jump(f, p))
        return;
    rt->slope_resist(f, p);
    rt->move(f, p);
    rt->roll(f, p);                                  /* ObjSonic_CheckRoll */
    spg_level_bound(f, p);
    spg_speed_to_pos(p);
    spg_angle_pos(f, p);
    rt->slope_repel(f, p);
}

/* ObjSonic_MdRoll: as MdGround's with MoveRoll, and no move while a
 * spindash charges. */
void spg_mode_roll_soniccd(spg_frame *f, spg_player *p)
{
    if (main_prologue(p))
        return;
    handle_3d_ramp(p);
    if (check_jump(f, p))
        return;
    slope_resist_roll(f, p);
    move_roll(f, p);
    spg_level_bound(f, p);
    if (p->charge == 0)
        spg_speed_to_pos(p);
    spg_angle_pos(f, p);
    spg_routines_get(f->profile)->slope_repel(f, p);
}

/*
 * ObjSonic_MdAir (not rolling) and ObjSonic_MdJump (rolling): MdAir first
 * sets the walk animation whenever the player is not rising (y speed >=
 * 0; not in a wind tunnel or a bubble).  Then the 3D-ramp flag,
 * JumpHeight, MoveAir, LevelBound, ObjMoveGrv, the underwater gravity
 * cut, JumpAngle (not on a 3D ramp) and Player_LevelColInAir.
 */
void spg_mode_air_soniccd(spg_frame *f, spg_player *p)
{
    const spg_profile *pr = f->profile;

    if (main_prologue(p))
        return;
    if (!(p->status & SPG_STATUS_ROLLING) && p->anim != SCD_ANIM_BUBBLE &&
        p->y_speed >= 0)
        p->anim = SPG_ANIM_WALK;
    handle_3d_ramp(p);
    spg_jump_height_soniccd(f, p);
    move_air(f, p);
    spg_level_bound(f, p);
    move_gravity(pr, p);
    if (p->status & SPG_STATUS_UNDERWATER)
        p->y_speed = m68k_subw(p->y_speed, pr->underwater_gravity_cut);
    if (!(p->player_ctrl & SCD_CTRL_RAMP))
        spg_jump_angle(p);
    spg_air_floor(f, p);
}

/*
 * Player_ResetOnFloor (floor landings: Sonic 1's, then the walk
 * animation) and, for the steep ceiling attach of LvlColAir_Up,
 * Player_ResetOnSteepSlope: only the pushing, in-air and roll-jump bits
 * and the jump flag, so a rolling player stays curled.
 */
void spg_reset_on_floor_soniccd(const spg_profile *pr, spg_player *p,
                                int landing)
{
    (void)pr;
    if (landing) {
        spg_reset_on_floor(p);
        p->anim = SPG_ANIM_WALK;
        return;
    }
    p->status &= (uint8_t)~(SPG_STATUS_PUSHING | SPG_STATUS_IN_AIR |
                            SPG_STATUS_ROLL_JUMP);
    p->jumping = 0;
}

/* LevelBound's bottom: KillPlayer (Sonic 1's KillSonic), except during the
 * give-up, which only sets the death routine. */
void spg_kill_soniccd(const spg_profile *pr, spg_player *p)
{
    if (p->anim == SCD_ANIM_GIVE_UP) {
        p->routine = SPG_ROUTINE_DEATH;
        return;
    }
    spg_kill(pr, p);
}

/*
 * ObjSonic_Dead (routine 6): DeadChkGone (past bottom + 256, an unsigned
 * compare: y speed -$38 and routine 8), then ObjMoveGrv (with its fall
 * cap), the animation and DrawObject (render flag bit 7 cleared).
 */
void spg_dead_soniccd(const spg_map *map, const spg_profile *pr,
                      spg_player *p)
{
    uint16_t limit = (uint16_t)m68k_addw(map->limit_bottom, 0x100);

    if (limit < (uint16_t)m68k_hiw(p->y)) {
        p->y_speed = -0x38;
        p->routine = SPG_ROUTINE_RESET_LEVEL;
    }
    move_gravity(pr, p);
    spg_scd_animate(pr, p);
    p->render_flags &= (uint8_t)~SCD_RENDER_ONSCREEN;   /* DrawObject */
}

/*
 * The end of ObjSonic_Main after the mode routine: ObjSonic_Display's
 * DrawObject (unless oPlayerCtrl bit 6 makes the player invisible) clears
 * render flag bit 7, the on-screen flag the sprite code sets again later;
 * after the angle copies ObjSonic_Animate, then (no objects to collide
 * with) ObjSonic_SpecialChunks, which in Palmtree Panic finds no loop or
 * tunnel chunk and puts the player on the lower path layer: render flag
 * bit 6 cleared.  The other bits of Display (the hurt flash, the
 * invincibility and shoe timers) never run: the capture starts none.
 */
void spg_animate_soniccd(const spg_profile *pr, spg_player *p)
{
    if (!(p->player_ctrl & SCD_CTRL_INVISIBLE))
        p->render_flags &= (uint8_t)~SCD_RENDER_ONSCREEN;
    spg_scd_animate(pr, p);
    p->render_flags &= (uint8_t)~SCD_RENDER_HIGH_PATH;
}
