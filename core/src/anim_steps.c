/*
 * anim_steps.c - the steps the games' animation routines (anim.c
 * Sonic_Animate, anim_s2.c Sonic_Animate / Tails_Animate, anim_s3.c and
 * anim_s3k.c Animate_Sonic / Animate_Tails / Animate_Knuckles, anim_scd.c
 * ObjSonic_Animate) share instruction for instruction: the flip bits, the
 * frame timer, |speed| and the speed-driven durations; the script step
 * over one layout of the scripts, which differs between the games only in
 * the bytes it takes as end codes, the restart on an id change and the
 * fixed-duration script; and the whole start of the routine that Sonic 1
 * and Sonic CD have in common.
 */
#include "anim.h"

void spg_anim_set_flip(spg_player *p, uint8_t flip)
{
    p->render_flags = (uint8_t)((p->render_flags & 0xFCu) | (flip & 3u));
}

int spg_anim_timer_runs(spg_player *p)
{
    p->anim_timer = (uint8_t)(p->anim_timer - 1u);
    return p->anim_timer < 0x80u;
}

uint16_t spg_anim_abs_speed(int16_t speed)
{
    uint16_t v = (uint16_t)speed;
    return (v & 0x8000u) ? (uint16_t)(0u - v) : v;
}

uint8_t spg_anim_rate(uint16_t speed, uint16_t base, unsigned shift)
{
    uint16_t d = (uint16_t)(base - speed);
    if (d & 0x8000u)
        d = 0;
    return (uint8_t)(d >> shift);
}

uint8_t spg_anim_push_rate(int16_t ground_speed)
{
    uint16_t v = (uint16_t)ground_speed;
    if (!(v & 0x8000u))
        v = (uint16_t)(0u - v);
    v = (uint16_t)(v + 0x800u);
    if (v & 0x8000u)
        v = 0;
    return (uint8_t)(v >> 6);
}

/* ---- the script player ------------------------------------------------------ */

/* The frame-rate bases of the speed-driven scripts. */
enum {
    WALK_RATE = 0x800, /* walk/run duration: ($800 - |speed|) >> 8 */
    ROLL_RATE = 0x400  /* roll duration: ($400 - |speed|) >> 8 */
};

uint8_t spg_anim_byte(const spg_anim_table *t, unsigned script, unsigned i)
{
    unsigned o = script + i;
    return o < t->area_len ? t->area[o] : SPG_ANIM_END_LOOP;
}

/* Whether the routine takes a script byte for an end code. */
static int is_end(const spg_anim_table *t, uint8_t b)
{
    return b >= t->end_min;
}

void spg_anim_step(spg_player *p, const spg_anim_table *t, unsigned script)
{
    uint8_t pos = p->anim_frame;
    uint8_t fr = spg_anim_byte(t, script, 1u + pos);

    if (is_end(t, fr)) {
        if (fr == SPG_ANIM_END_LOOP) {
            p->anim_frame = 0;
            fr = spg_anim_byte(t, script, 1);
        } else if (fr == SPG_ANIM_END_BACK) {
            uint8_t n = spg_anim_byte(t, script, 2u + pos);
            p->anim_frame = (uint8_t)(p->anim_frame - n);
            pos = (uint8_t)(pos - n);
            fr = spg_anim_byte(t, script, 1u + pos);
        } else {
            if (fr == SPG_ANIM_END_CHANGE)
                p->anim = spg_anim_byte(t, script, 2u + pos);
            return; /* Sonic 1's $80..$FC: nothing happens */
        }
    }
    p->mapping_frame = fr;
    p->anim_frame = (uint8_t)(p->anim_frame + 1u);
}

int spg_anim_restart(spg_player *p, const spg_anim_table *t, uint8_t clear)
{
    if (p->anim != p->prev_anim) {
        p->prev_anim = p->anim;
        p->anim_frame = 0;
        p->anim_timer = 0;
        p->status &= (uint8_t)~clear;
    }
    return p->anim < t->count ? t->scripts[p->anim] : -1;
}

void spg_anim_fixed(spg_player *p, const spg_anim_table *t, unsigned script)
{
    spg_anim_set_flip(p, p->status & SPG_STATUS_FACING_LEFT);
    if (spg_anim_timer_runs(p))
        return;
    p->anim_timer = spg_anim_byte(t, script, 0);
    spg_anim_step(p, t, script);
}

uint8_t spg_anim_begin(spg_player *p, const spg_anim_table *t,
                       unsigned *script)
{
    int s = spg_anim_restart(p, t, 0);
    uint8_t header;

    if (s < 0)
        return 0; /* no such script (only a bad start state gets here) */
    *script = (unsigned)s;
    header = spg_anim_byte(t, *script, 0);
    if (!(header & 0x80u)) { /* move.b (a1),d0 / bmi: a fixed duration */
        spg_anim_fixed(p, t, *script);
        return 0;
    }
    return spg_anim_timer_runs(p) ? 0 : header;
}

uint8_t spg_anim_walk_angle(spg_player *p, uint8_t angle, uint8_t centre)
{
    uint8_t facing = p->status & SPG_STATUS_FACING_LEFT;
    uint8_t flip = 0;

    if (!facing)
        angle = (uint8_t)~angle;
    angle = (uint8_t)(angle + centre);
    if (angle & 0x80u)
        flip = 3;
    spg_anim_set_flip(p, (uint8_t)(flip ^ facing));
    return angle;
}

void spg_anim_walk(spg_player *p, const spg_anim_table *t, unsigned script,
                   uint16_t speed, uint8_t offset)
{
    p->anim_timer = spg_anim_rate(speed, WALK_RATE, 8);
    spg_anim_step(p, t, script);
    p->mapping_frame = (uint8_t)(p->mapping_frame + offset);
}

void spg_anim_roll(spg_player *p, const spg_anim_table *t, unsigned script,
                   uint16_t speed)
{
    p->anim_timer = spg_anim_rate(speed, ROLL_RATE, 8);
    spg_anim_set_flip(p, p->status & SPG_STATUS_FACING_LEFT);
    spg_anim_step(p, t, script);
}

void spg_anim_push(spg_player *p, const spg_anim_table *t, unsigned script)
{
    p->anim_timer = spg_anim_push_rate(p->ground_speed);
    spg_anim_set_flip(p, p->status & SPG_STATUS_FACING_LEFT);
    spg_anim_step(p, t, script);
}

int spg_anim_end_position(const spg_anim_table *t, unsigned script)
{
    unsigned i = 1;

    while (!is_end(t, spg_anim_byte(t, script, i)))
        i++;
    return (int)i - 1;
}
