/*
 * object.c - the player object of Sonic 1 and Sonic 2 at the offsets they
 * share (driver.h).
 */
#include "capture/driver.h"

void capture_object_write(emu *e, uint32_t o, const spg_player *p)
{
    emu_w8(e, o + OB_RENDER, p->render_flags); /* 4 from spg_player_default */
    emu_w32(e, o + OB_X, (uint32_t)p->x);
    emu_w32(e, o + OB_Y, (uint32_t)p->y);
    emu_w16(e, o + OB_VELX, (uint16_t)p->x_speed);
    emu_w16(e, o + OB_VELY, (uint16_t)p->y_speed);
    emu_w16(e, o + OB_INERTIA, (uint16_t)p->ground_speed);
    emu_w8(e, o + OB_HEIGHT, p->height_radius);
    emu_w8(e, o + OB_WIDTH, p->width_radius);
    emu_w8(e, o + OB_FRAME, p->mapping_frame);
    emu_w8(e, o + OB_ANIFRAME, p->anim_frame);
    emu_w8(e, o + OB_ANIM, p->anim);
    emu_w8(e, o + OB_PREVANI, p->prev_anim);
    emu_w8(e, o + OB_TIMEFRAME, p->anim_timer);
    emu_w8(e, o + OB_STATUS, p->status);
    emu_w8(e, o + OB_ROUTINE, p->routine);
    emu_w8(e, o + OB_ANGLE, p->angle);
    emu_w8(e, o + OB_ANGLEBUF1, p->angle_buffer_1);
    emu_w8(e, o + OB_ANGLEBUF2, p->angle_buffer_2);
    emu_w16(e, o + OB_WORD38, p->word_38);
    emu_w8(e, o + OB_JUMPING, p->jumping);
}

int32_t capture_s32(uint32_t v)
{
    return v >= 0x80000000u ? -(int32_t)(~v) - 1 : (int32_t)v;
}

int16_t capture_s16(uint16_t v)
{
    return (int16_t)(v >= 0x8000u ? (int32_t)v - 0x10000 : (int32_t)v);
}

void capture_object_read(const emu *e, uint32_t o, spg_player *p)
{
    p->x = capture_s32(emu_r32(e, o + OB_X));
    p->y = capture_s32(emu_r32(e, o + OB_Y));
    p->x_speed = capture_s16(emu_r16(e, o + OB_VELX));
    p->y_speed = capture_s16(emu_r16(e, o + OB_VELY));
    p->ground_speed = capture_s16(emu_r16(e, o + OB_INERTIA));
    p->height_radius = emu_r8(e, o + OB_HEIGHT);
    p->width_radius = emu_r8(e, o + OB_WIDTH);
    p->anim = emu_r8(e, o + OB_ANIM);
    p->mapping_frame = emu_r8(e, o + OB_FRAME);
    p->anim_frame = emu_r8(e, o + OB_ANIFRAME);
    p->prev_anim = emu_r8(e, o + OB_PREVANI);
    p->anim_timer = emu_r8(e, o + OB_TIMEFRAME);
    p->render_flags = emu_r8(e, o + OB_RENDER);
    p->status = emu_r8(e, o + OB_STATUS);
    p->routine = emu_r8(e, o + OB_ROUTINE);
    p->angle = emu_r8(e, o + OB_ANGLE);
    p->angle_buffer_1 = emu_r8(e, o + OB_ANGLEBUF1);
    p->angle_buffer_2 = emu_r8(e, o + OB_ANGLEBUF2);
    p->word_38 = emu_r16(e, o + OB_WORD38);
    p->jumping = emu_r8(e, o + OB_JUMPING);
}
