/*
 * special/animate.c - the special stage's player animation: Sonic_Animate
 * as object 09 runs it.
 *
 * Object 09 calls the normal stage's Sonic_Animate (with Sonic's scripts,
 * Ani_Sonic) as the last thing of its play routine (Obj09_Display, after
 * the stage angle update) and of both exit routines (Obj09_ExitStage,
 * Obj09_Exit2).  The special stage shares no code with the normal stage
 * here, so this is a version of its own, cut down to what the special
 * stage can reach:
 *
 *   - Obj09_Main sets obAnim to id_Roll ($02) and the render flags to 4;
 *     no other code of the special stage writes obAnim, and the roll's
 *     scripts end in afEnd, never afChange, so the roll is the only
 *     animation that ever plays.  Only its two scripts are here.
 *   - On the first call obAnim (2) differs from obPrevAni (0, the object
 *     slot was clear): obPrevAni takes the id and the script restarts at
 *     entry 0 with the timer at 0.
 *   - The roll's duration byte is $FE: speed-driven.  The timer counts
 *     down one a frame; when it drops below 0 the script is picked by the
 *     absolute Ground Speed (obInertia): SonAni_Roll2 (the "fast" order)
 *     from $600 on, else SonAni_Roll; the timer is reloaded with
 *     max(0, $400 - |speed|) >> 8 (4 at rest: an entry every 5 frames;
 *     0 - a new entry every frame - from 4 px/frame on); the flip bits of
 *     the render flags are set from the facing status bit (x flip =
 *     facing left, y flip cleared); and the script's next entry is shown.
 *
 * Both scripts share the entry position (obAniFrame), so a change of
 * speed across $600 carries on at the same position in the other order.
 * In the special stage the Ground Speed is the one Obj09_Move keeps (the
 * speed along the nearest quarter turn), even while in the air.
 */
#include "internal.h"

/* The frames of a roll script after its duration byte, padded with afEnd
 * to the same length: the entry position is shared by both scripts and
 * goes up to 6 (the fast script's last frame), where the slow one reads
 * its second afEnd, as in the original's layout. */
enum { SS_AF_END = 0xFF, SS_ROLL_ENTRIES = 7 };

/* SonAni_Roll (duration $FE): fr_Roll1..fr_Roll5, afEnd. */
static const uint8_t roll_slow[SS_ROLL_ENTRIES] = {
    SPG_SS_FRAME_ROLL1, SPG_SS_FRAME_ROLL1 + 1, SPG_SS_FRAME_ROLL1 + 2,
    SPG_SS_FRAME_ROLL1 + 3, SPG_SS_FRAME_ROLL5, SS_AF_END, SS_AF_END};

/* SonAni_Roll2 (duration $FE): fr_Roll1, fr_Roll2, fr_Roll5, fr_Roll3,
 * fr_Roll4, fr_Roll5, afEnd. */
static const uint8_t roll_fast[SS_ROLL_ENTRIES] = {
    SPG_SS_FRAME_ROLL1, SPG_SS_FRAME_ROLL1 + 1, SPG_SS_FRAME_ROLL5,
    SPG_SS_FRAME_ROLL1 + 2, SPG_SS_FRAME_ROLL1 + 3, SPG_SS_FRAME_ROLL5,
    SS_AF_END};

/* A script entry; past the table (an entry position no state reset by
 * spg_ss_reset reaches) it reads as afEnd. */
static uint8_t roll_entry(const uint8_t *script, uint8_t pos)
{
    return pos < SS_ROLL_ENTRIES ? script[pos] : SS_AF_END;
}

void spg_ss_animate(spg_ss_state *s)
{
    /* a new animation id restarts the script */
    if (s->anim != s->prev_anim) {
        s->prev_anim = s->anim;
        s->anim_frame = 0;
        s->anim_timer = 0;
    }
    /* The special stage plays only the roll (see above); both roll ids
     * have the same speed-driven script kind ($FE).  Any other id is a
     * state the game cannot reach, left as it is. */
    if (s->anim != SPG_SS_ANIM_ROLL && s->anim != SPG_SS_ANIM_ROLL_FAST)
        return;
    /* subq.b #1 / bpl: wait while the timer stays non-negative */
    s->anim_timer = (uint8_t)(s->anim_timer - 1u);
    if (!(s->anim_timer & 0x80u))
        return;
    /* |obInertia| as a word (neg.w: $8000 stays $8000) */
    uint16_t speed = (uint16_t)s->ground_speed;
    if (speed & 0x8000u)
        speed = (uint16_t)(0u - speed);
    /* cmpi.w #$600 / bhs: an unsigned comparison */
    const uint8_t *script = speed >= 0x600u ? roll_fast : roll_slow;
    /* neg.w, addi.w #$400, bpl (else 0), lsr.w #8 */
    uint16_t t = (uint16_t)(0x400u - speed);
    if (t & 0x8000u)
        t = 0;
    s->anim_timer = (uint8_t)(t >> 8);
    s->render_flags = (uint8_t)((s->render_flags &
                                 ~(SPG_SS_RENDER_XFLIP | SPG_SS_RENDER_YFLIP)) |
                                (s->status & SPG_SS_STATUS_FACING_LEFT));
    /* .loadframe: the next entry; afEnd goes back to entry 0 */
    uint8_t f = roll_entry(script, s->anim_frame);
    if (f & 0x80u) {
        s->anim_frame = 0;
        f = script[0];
    }
    s->mapping_frame = f;
    s->anim_frame = (uint8_t)(s->anim_frame + 1u);
}
