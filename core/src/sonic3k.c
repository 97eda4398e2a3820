/*
 * sonic3k.c - the Sonic & Knuckles player routines of Sonic and Tails
 * whose shape differs from Sonic 3's (Obj_Sonic $10A94 and Obj_Tails
 * $1365C of the S&K cartridge, MD5 4ea493ea..., the code Sonic 3 &
 * Knuckles runs too): SonicKnux_Roll / Tails_Roll (a duck below $100,
 * also while moving: the "duck while balancing"), the look delay with
 * down tested before up.  The differences that are constants (the uncurl
 * below |gs| $80, the wall check at the exact angles $40 and $80, the
 * right level bound, Tails' roll brake, Player_TouchFloor's uncurl shift
 * turned round on the angles $40..$BF) are profile fields; Tails on
 * Sonic's slope routines is a routine table entry (routines.c).
 * Everything else is Sonic 3's (sonic3.c).  Research note:
 * docs/research/sonic3k-differences.md (rows cited as "#Kn").
 */
#include "internal.h"
#include "anim.h"

enum { LOOK_DELAY_MAX = 120 }; /* scroll_delay_counter stops at 2*60 */

/* ---- rolling and ducking (#K1) --------------------------------------- */

/*
 * SonicKnux_Roll ($1174A; Tails_Roll $14F74): nothing with left or right
 * held.  Down not held: a Duck animation becomes the walk (anim 0).  Down
 * held: below |ground speed| $100 (unsigned) the Duck animation unless on
 * an object; from $100 on curl up (not already rolling): rolling radii,
 * anim Roll, centre moved down by the difference of the height radii
 * (Sonic and Knuckles 5 px, Tails 1).  The Duck set here, after the
 * walking routine, replaces its Balance; a later frame's
 * SonicKnux_Spindash starts from it.
 */
void spg_roll_sonic3k(spg_frame *f, spg_player *p)
{
    const spg_profile *pr = f->profile;
    uint16_t speed;

    if (f->input.held & (SPG_BTN_LEFT | SPG_BTN_RIGHT))
        return;
    if (!(f->input.held & SPG_BTN_DOWN)) {
        if (p->anim == SPG_ANIM_DUCK)
            p->anim = SPG_ANIM_WALK;
        return;
    }
    speed = (uint16_t)(p->ground_speed < 0 ? m68k_negw(p->ground_speed)
                                           : p->ground_speed);
    if (speed < (uint16_t)pr->roll_min_speed) {
        if (!(p->status & SPG_STATUS_ON_OBJECT))
            p->anim = SPG_ANIM_DUCK;
        return;
    }
    if (p->status & SPG_STATUS_ROLLING)
        return;
    p->status |= SPG_STATUS_ROLLING;
    p->height_radius = pr->roll_height_radius;
    p->width_radius = pr->roll_width_radius;
    p->anim = SPG_ANIM_ROLL;
    p->y = spg_add_pixels(p->y, pr->stand_height_radius - pr->roll_height_radius);
    /* Unreachable after the speed test above, kept as in the original. */
    if (p->ground_speed == 0)
        p->ground_speed = 0x200;
}

/* ---- standing still (#K3) ---------------------------------------------- */

/*
 * Looking down / up (loc_11276): down is tested first (Duck, 8), then up
 * (LookUp, 7); scroll_delay_counter counts one more frame (a byte add, so
 * 255 wraps to 0) and stops at 120.  With neither held the caller clears
 * the counter (spg_move_sonic3).
 */
void spg_look_sonic3k(spg_frame *f, spg_player *p)
{
    uint8_t n;

    if (f->input.held & SPG_BTN_DOWN)
        p->anim = SPG_ANIM_DUCK;
    else if (f->input.held & SPG_BTN_UP)
        p->anim = SPG_ANIM_LOOKUP;
    else
        return;
    f->looked = 1;
    n = (uint8_t)(p->scroll_delay_counter + 1u);
    p->scroll_delay_counter = n < LOOK_DELAY_MAX ? n : LOOK_DELAY_MAX;
}

/* Sonic_Balance ($11184): Sonic 3's edge (spg_balance_edge_sonic3: two
 * probes, Balance or Balance2, the facing forced towards the edge), else
 * the look with down first. */
void spg_balance_sonic3k(spg_frame *f, spg_player *p)
{
    if (!spg_balance_edge_sonic3(f, p))
        spg_look_sonic3k(f, p);
}

/* Tails_InputAcceleration_Path's standing part: Sonic 3's Tails' edge (one
 * probe, Balance only), else the look with down first. */
void spg_stand_still_tails3k(spg_frame *f, spg_player *p)
{
    if (!spg_balance_edge_tails3(f, p))
        spg_look_sonic3k(f, p);
}
