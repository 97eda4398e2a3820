/*
 * anim_steps.c - the small steps the three games' animation routines
 * (anim.c Sonic_Animate, anim_s2.c Sonic_Animate / Tails_Animate, anim_s3.c
 * Animate_Sonic / Animate_Tails) share instruction for instruction: the
 * flip bits, the frame timer, |speed| and the speed-driven durations.
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
