/*
 * sonic2.c - the Sonic 2 (REV01) player routines whose shape differs from
 * Sonic 1's: Obj01_MdNormal_Checks (the idle skip), Sonic_CheckSpindash /
 * Sonic_UpdateSpindash, Obj01_MdNormal, Obj01_MdRoll, Sonic_JumpHeight's
 * pinball test, Sonic_Balance, Sonic_RollSpeed's keep-rolling, the angle
 * refusal of Sonic_Angle, AnglePos's speed-dependent snap limit,
 * Sonic_ResetOnFloor, KillCharacter, Obj01_Dead / CheckGameOver,
 * Obj01_Gone and Obj01_Control's vertical wrap.  Tails (Obj02) runs the same code under Tails_* names,
 * except where routines.c gives him Sonic 1's shape; his constants differ
 * only through the profile (radii $F/9, so every curl shift is 1 px).
 * The routine table in routines.c picks these; nothing here tests the
 * game.  Research note: docs/research/sonic2-differences.md (rows cited
 * as "#n").
 */
#include "internal.h"
#include "anim.h"

/* Sonic 2's animation ids: anim.h (Sonic 1's where they are the same).
 * Hang2 ($14) is the one ResetOnFloor turns back into the walk. */
enum { S2_ANIM_HANG2 = 0x14 };

enum {
    ABC = SPG_BTN_A | SPG_BTN_B | SPG_BTN_C,
    DPAD = SPG_BTN_UP | SPG_BTN_DOWN | SPG_BTN_LEFT | SPG_BTN_RIGHT
};

/* pinball_mode / spindash_flag: byte $39, the low byte of word_38. */
static int pinball(const spg_player *p)
{
    return (p->word_38 & 0x00FFu) != 0;
}

static void set_pinball(spg_player *p, uint8_t v)
{
    p->word_38 = (uint16_t)((p->word_38 & 0xFF00u) | v);
}

/* ---- the spindash (#14-#16) -------------------------------------------- */

/*
 * SpindashSpeeds: $800 + $80 per unit of the counter's high byte (0..8;
 * the counter never passes $800).  A higher byte would read past the
 * table in the original; the core goes on with the same formula.
 */
static int16_t spindash_speed(uint16_t counter)
{
    return m68k_w(0x800u + 0x80u * (uint32_t)(counter >> 8));
}

/*
 * Sonic_UpdateSpindash with the spindash flag set.  Down held: charging
 * (Sonic_ChargingSpindash): the counter first loses counter >> 5 (never
 * below 0), then a new A/B/C press restarts the spindash animation (anim
 * Spindash, prev_anim Walk in one word write) and adds $200, capped at
 * $800 (unsigned compare).  Down released: rolling radii, anim Roll,
 * centre down by the difference of the height radii (5 px, Tails 1),
 * flag cleared, ground speed from SpindashSpeeds (negated when facing
 * left), rolling bit set; the counter is left as it is.  Either way the
 * routine pops the mode routine's return address after LevelBound and
 * AnglePos: no ObjectMove, no SlopeRepel that frame.  (Super Sonic's
 * table, the camera lag and the sounds are not modelled.)
 */
static void update_spindash(spg_frame *f, spg_player *p)
{
    const spg_profile *pr = f->profile;

    if (f->input.held & SPG_BTN_DOWN) {
        if (p->spindash_counter != 0)
            p->spindash_counter =
                (uint16_t)(p->spindash_counter - (p->spindash_counter >> 5));
        if (f->input.pressed & ABC) {
            p->anim = SPG_S2_ANIM_SPINDASH;
            p->prev_anim = SPG_ANIM_WALK;
            p->spindash_counter = (uint16_t)(p->spindash_counter + 0x200u);
            if (p->spindash_counter >= 0x800u)
                p->spindash_counter = 0x800u;
        }
    } else {
        p->height_radius = pr->roll_height_radius;
        p->width_radius = pr->roll_width_radius;
        p->anim = SPG_ANIM_ROLL;
        p->y = spg_add_pixels(p->y, pr->stand_height_radius -
                                        pr->roll_height_radius);
        set_pinball(p, 0);
        p->ground_speed = spindash_speed(p->spindash_counter);
        if (p->status & SPG_STATUS_FACING_LEFT)
            p->ground_speed = m68k_negw(p->ground_speed);
        p->status |= SPG_STATUS_ROLLING;
    }
    spg_level_bound(f, p);
    spg_angle_pos(f, p);
}

/*
 * Sonic_CheckSpindash: with the flag set, Sonic_UpdateSpindash.  Else a
 * new A/B/C press while the animation id is Duck (set by an earlier
 * frame's Sonic_Duck) starts it: anim Spindash, flag 1, counter 0, then
 * LevelBound and AnglePos and the pop.  Returns 1 when the mode routine
 * must end (the original's addq.l #4,sp).
 */
int spg_check_spindash(spg_frame *f, spg_player *p)
{
    if (pinball(p)) {
        update_spindash(f, p);
        return 1;
    }
    if (p->anim != SPG_ANIM_DUCK || !(f->input.pressed & ABC))
        return 0;
    p->anim = SPG_S2_ANIM_SPINDASH;
    set_pinball(p, 1);
    p->spindash_counter = 0;
    spg_level_bound(f, p);
    spg_angle_pos(f, p);
    return 1;
}

/* ---- the mode routines (#2-#4) ----------------------------------------- */

/* Obj01_MdNormal / Obj02_MdNormal: the spindash check first, then Sonic 1's
 * order (ObjectMove is SpeedToPos). */
void spg_mode_normal_sonic2(spg_frame *f, spg_player *p)
{
    if (spg_check_spindash(f, p))
        return;
    spg_mode_normal(f, p); /* then as Sonic_MdNormal */
}

/*
 * Obj01_MdNormal_Checks (Sonic only, #2): unless A/B/C is newly pressed,
 * the whole ground routine is skipped while the animation is Blink or
 * GetUp, and once the Wait animation has reached script position $1E: then
 * any held direction or A/B/C (not Start) sets Blink, or GetUp from
 * position $AC on (unsigned compares).  REV01 puts the skip on the final
 * rts, so a skipped frame runs no LevelBound, move or AnglePos either.
 */
void spg_mdnormal_checks_sonic2(spg_frame *f, spg_player *p)
{
    if (!(f->input.pressed & ABC)) {
        if (p->anim == SPG_S2_ANIM_BLINK || p->anim == SPG_S2_ANIM_GETUP)
            return;
        if (p->anim == SPG_ANIM_WAIT && p->anim_frame >= 0x1E) {
            if (f->input.held & (DPAD | ABC)) {
                p->anim = SPG_S2_ANIM_BLINK;
                if (p->anim_frame >= 0xAC)
                    p->anim = SPG_S2_ANIM_GETUP;
            }
            return;
        }
    }
    spg_mode_normal_sonic2(f, p);
}

/* Obj01_MdRoll: Sonic_Jump is skipped while pinball_mode is set. */
void spg_mode_roll_sonic2(spg_frame *f, spg_player *p)
{
    if (!pinball(p) && spg_jump(f, p))
        return;
    spg_roll_repel(f, p);
    spg_roll_speed(f, p);
    spg_level_bound(f, p);
    spg_speed_to_pos(p);
    spg_angle_pos(f, p);
    spg_routines_get(f->profile)->slope_repel(f, p);
}

/* Sonic_JumpHeight (#23): not jumping, the -$FC0 cap is skipped while
 * pinball_mode is set (Super Sonic's check is not modelled). */
void spg_jump_height_sonic2(spg_frame *f, spg_player *p)
{
    if (!p->jumping && pinball(p))
        return;
    spg_jump_height(f, p);
}

/* Sonic_RollSpeed at ground speed 0 (#17): in pinball mode keep rolling at
 * $400 (negated when facing left), else stand up as in Sonic 1. */
void spg_roll_stopped_sonic2(spg_frame *f, spg_player *p)
{
    if (!pinball(p)) {
        spg_roll_uncurl(f, p);
        return;
    }
    p->ground_speed = 0x400;
    if (p->status & SPG_STATUS_FACING_LEFT)
        p->ground_speed = m68k_negw(p->ground_speed);
}

/* ---- Sonic_Balance (#8) -------------------------------------------------- */

/*
 * The standing-still part of Sonic 2's Sonic_Move: wait animation, pushing
 * cleared, then (not on an object) ChkFloorEdge >= $C and next_tilt ($36)
 * = 3 (nothing under the front sensor last frame): facing right ->
 * Balance, Balance2 if a second probe 6 px back (x - 6) also finds no
 * floor within $C; facing left -> Balance3, or Balance4 and turn right.
 * Else tilt ($37) = 3, mirrored (x + 6; Balance4 turns left).  Balancing
 * skips looking up / ducking.  On an object the stood-on slot is the
 * player itself (no objects), whose width puts it in the middle: look up
 * or duck.  Super Sonic's form is not modelled.
 */
void spg_balance_sonic2(spg_frame *f, spg_player *p)
{
    int16_t x = m68k_hiw(p->x);

    p->status &= (uint8_t)~SPG_STATUS_PUSHING;
    p->anim = SPG_ANIM_WAIT;
    if (!(p->status & SPG_STATUS_ON_OBJECT) &&
        spg_obj_floor_dist(f, p) >= 0xC) {
        if (p->angle_buffer_1 == 3) {
            int16_t far = m68k_subw(x, 6);
            if (!(p->status & SPG_STATUS_FACING_LEFT)) {
                p->anim = SPG_ANIM_BALANCE;
                if (spg_floor_edge_at(f, p, far) >= 0xC)
                    p->anim = SPG_S2_ANIM_BALANCE2;
            } else {
                p->anim = SPG_S2_ANIM_BALANCE3;
                if (spg_floor_edge_at(f, p, far) >= 0xC) {
                    p->anim = SPG_S2_ANIM_BALANCE4;
                    p->status &= (uint8_t)~SPG_STATUS_FACING_LEFT;
                }
            }
            return;
        }
        if (p->angle_buffer_2 == 3) {
            int16_t far = m68k_addw(x, 6);
            if (p->status & SPG_STATUS_FACING_LEFT) {
                p->anim = SPG_ANIM_BALANCE;
                if (spg_floor_edge_at(f, p, far) >= 0xC)
                    p->anim = SPG_S2_ANIM_BALANCE2;
            } else {
                p->anim = SPG_S2_ANIM_BALANCE3;
                if (spg_floor_edge_at(f, p, far) >= 0xC) {
                    p->anim = SPG_S2_ANIM_BALANCE4;
                    p->status |= SPG_STATUS_FACING_LEFT;
                }
            }
            return;
        }
    }
    spg_look_up_or_duck(f, p);
}

/* ---- AnglePos (#29, #30) ------------------------------------------------- */

/*
 * Sonic_Angle (#30): the nearer sensor's angle (ties: the second) as in
 * Sonic 1, but an even angle is taken only when it differs from the
 * current one by less than $20: the byte difference, negated (neg.b) when
 * its sign bit is set, compared unsigned (so $80 refuses too).  An odd or
 * refused angle snaps the current one to its quadrant.
 */
int16_t spg_sonic_angle_sonic2(spg_frame *f, spg_player *p, int16_t d0,
                               int16_t d1)
{
    uint8_t a = f->anglebuffer[1];

    if (d1 > d0) {
        a = f->anglebuffer[0];
        d1 = d0;
    }
    if (!(a & 1)) {
        uint8_t diff = (uint8_t)(a - p->angle);
        if (diff & 0x80)
            diff = (uint8_t)(0u - diff);
        if (diff < 0x20) {
            p->angle = a;
            return d1;
        }
    }
    p->angle = (uint8_t)((p->angle + 0x20) & 0xC0);
    return d1;
}

/*
 * AnglePos's limit for a positive distance (#29): the high byte of the x
 * speed (floor and ceiling modes) or y speed (wall modes) as a signed
 * byte, made positive with neg.b, plus 4, at most 14 (unsigned byte
 * compare).  The original compares the distance's low byte (signed) with
 * it; the distances the sensors return (at most 31) fit a byte either way.
 */
int16_t spg_snap_limit_sonic2(const spg_player *p, int horizontal)
{
    uint8_t b = (uint8_t)((uint16_t)(horizontal ? p->y_speed : p->x_speed) >> 8);

    if (b & 0x80)
        b = (uint8_t)(0u - b);
    b = (uint8_t)(b + 4);
    if (b >= 0x0E)
        b = 0x0E;
    return b;
}

/* ---- landing, death (#25, #27, #28) -------------------------------------- */

/* Sonic_ResetOnFloor_Part2 and _Part3 (Tails_ResetOnFloor_Part2 through
 * the profile's radii): uncurl when rolling (standing radii, anim Walk,
 * centre up by the difference of the height radii: 5 px, Tails 1), then
 * clear in-air, pushing, roll-jump and the jump flag; Hang2 becomes Walk.
 * (Chain bonus, flip counters and the look delay are not player state the
 * traces show.) */
static void reset_on_floor_part2(const spg_profile *pr, spg_player *p)
{
    if (p->status & SPG_STATUS_ROLLING) {
        p->status &= (uint8_t)~SPG_STATUS_ROLLING;
        p->height_radius = pr->stand_height_radius;
        p->width_radius = pr->stand_width_radius;
        p->anim = SPG_ANIM_WALK;
        p->y = spg_add_pixels(p->y, pr->roll_height_radius -
                                        pr->stand_height_radius);
    }
    p->status &= (uint8_t)~(SPG_STATUS_IN_AIR | SPG_STATUS_PUSHING |
                            SPG_STATUS_ROLL_JUMP);
    p->jumping = 0;
    if (p->anim == S2_ANIM_HANG2)
        p->anim = SPG_ANIM_WALK;
}

/*
 * Sonic_ResetOnFloor (#25): in pinball mode only the Part3 clears; else the
 * walk animation always (on a ceiling too: the callers set nothing), then
 * Part2.  spindash_flag is not cleared.
 */
void spg_reset_on_floor_sonic2(const spg_profile *pr, spg_player *p,
                               int landing)
{
    (void)landing;
    if (pinball(p)) {
        p->status &= (uint8_t)~(SPG_STATUS_IN_AIR | SPG_STATUS_PUSHING |
                                SPG_STATUS_ROLL_JUMP);
        p->jumping = 0;
        if (p->anim == S2_ANIM_HANG2)
            p->anim = SPG_ANIM_WALK;
        return;
    }
    p->anim = SPG_ANIM_WALK;
    reset_on_floor_part2(pr, p);
}

/*
 * KillCharacter (#27): routine 6, Sonic_ResetOnFloor_Part2 (no walk
 * animation unless uncurling), airborne, y speed -$700, x and ground speed
 * 0, anim Death.  Unlike Sonic 1 nothing is written to $38, so the rest of
 * the mode routine runs with stick_to_convex as it was.
 */
void spg_kill_sonic2(const spg_profile *pr, spg_player *p)
{
    p->routine = SPG_ROUTINE_DEATH;
    reset_on_floor_part2(pr, p);
    p->status |= SPG_STATUS_IN_AIR;
    p->y_speed = -0x700;
    p->x_speed = 0;
    p->ground_speed = 0;
    p->anim = SPG_ANIM_DEATH;
}

/*
 * Obj01_Dead (#28): CheckGameOver clears spindash_flag; once the pixel y
 * is past limit_bottom + $100 (a signed compare) it moves to routine 8
 * with the restart countdown (spindash_counter) at 60 (the capture keeps
 * lives, so no game over) and leaves the y speed alone.  Then
 * ObjectMoveAndFall and the animation, every frame.
 */
void spg_dead_sonic2(const spg_map *map, const spg_profile *pr,
                     spg_player *p)
{
    set_pinball(p, 0);
    if (m68k_addw(map->limit_bottom, 0x100) < m68k_hiw(p->y)) {
        p->routine = SPG_ROUTINE_RESET_LEVEL;
        p->spindash_counter = 60;
    }
    spg_object_fall(p, pr->gravity);
    spg_routines_get(pr)->animate(pr, p);
}

/* Obj01_Gone (routine 8): the restart countdown runs down to 0 (where the
 * game sets Level_Inactive_flag). */
void spg_gone_sonic2(spg_player *p)
{
    if (p->spindash_counter != 0)
        p->spindash_counter = (uint16_t)(p->spindash_counter - 1u);
}

/* ---- the vertical wrap (Metropolis Zone's level sizes) ------------------- */

/*
 * Obj01_Control / Obj02_Control_Part2 after the mode routine: when
 * Camera_Min_Y_pos (limit_top) is -$100, the level wraps vertically and
 * `andi.w #$7FF,y_pos(a0)` keeps the pixel y in 0..$7FF (the subpixel word
 * is untouched).  It runs on every frame of routine 2, also on the frame
 * KillCharacter moved the player to routine 6 (the mode routine returns
 * into Obj01_Control first), never in Obj01_Dead.  Every other value of
 * Camera_Min_Y_pos does nothing here: no other test of it is in the
 * player routine.  (Obj01_Hurt / Obj02_Hurt mask the same way after their
 * ObjectMove, but the core does not run routine 4.)
 *
 * Sonic 3's and Sonic & Knuckles' Sonic_Control, Tails_Control and
 * Knuckles_Control do the same at the same place (S3 loc_11D3C and
 * loc_145C4; S&K $10C26, $1388C, $165D8) with `and.w d0,y_pos(a0)`, d0 =
 * Screen_Y_wrap_value: $7FF in a level whose layout is 16 rows of 128 px,
 * the layout Find_Tile_FG reads here (spg_find_tile_sonic3) and the value
 * the capture gives it, so the routine tables of those games name this
 * function too.
 */
void spg_vertical_wrap_sonic2(const spg_map *map, spg_player *p)
{
    if (map->limit_top == -0x100)
        p->y = m68k_sethiw(p->y, (int16_t)(m68k_hiw(p->y) & 0x7FF));
}
