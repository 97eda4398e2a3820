/*
 * special.c - the special-stage trace columns.
 *
 * Every value the original keeps from frame to frame is a column, except
 * the 16 KiB layout and the 256-byte item buffer, which appear as a count
 * of changed layout bytes and FNV-1a hashes (a hash changes whenever a
 * single byte does, so a row compares them all).
 */
#include "trace/special.h"

static const char *const ss_columns[TRACE_SS_COLUMNS] = {
    "frame",
    "x", "x_sub", "y", "y_sub",
    "x_speed", "y_speed", "ground_speed",
    "facing_left", "in_air", "rolling", "routine",
    "stage_angle", "rotation",
    "last_block", "last_block_addr",
    "updown_cooldown", "r_cooldown", "ghost_state", "exit_timer",
    "anim", "mapping_frame", "anim_frame", "anim_timer", "prev_anim",
    "render_flags",
    "rings", "lives", "continues", "life_count",
    "emeralds", "emerald_list", "stage_over",
    "items_active", "items_hash", "layout_changes", "layout_hash",
};

const trace_layout trace_layout_special = {"special_stage", TRACE_SS_COLUMNS,
                                           ss_columns};

static uint32_t fnv(uint32_t h, uint8_t b)
{
    return (h ^ b) * 0x01000193u;
}

/* A 32-bit value as the int32 a trace holds (two's complement). */
static int32_t as_i32(uint32_t v)
{
    return v >= 0x80000000u ? -(int32_t)(~v) - 1 : (int32_t)v;
}

static int32_t word_signed(uint32_t v)
{
    v &= 0xFFFFu;
    return v >= 0x8000u ? (int32_t)v - 0x10000 : (int32_t)v;
}

uint32_t trace_ss_items_hash(const spg_ss_state *s)
{
    uint32_t h = 0x811C9DC5u;
    for (int i = 0; i < SPG_SS_ITEM_SLOTS; i++) {
        const spg_ss_item *it = &s->items[i];
        uint8_t b[8] = {it->type, 0, it->timer, it->frame,
                        (uint8_t)(it->addr >> 24), (uint8_t)(it->addr >> 16),
                        (uint8_t)(it->addr >> 8), (uint8_t)it->addr};
        for (int k = 0; k < 8; k++)
            h = fnv(h, b[k]);
    }
    return h;
}

void trace_ss_row_values(int frame, const spg_ss_state *s,
                         const uint8_t *start_layout, int32_t *out)
{
    uint32_t x = (uint32_t)s->x, y = (uint32_t)s->y;
    int active = 0;
    for (int i = 0; i < SPG_SS_ITEM_SLOTS; i++)
        active += s->items[i].type != 0;
    int changes = 0;
    uint32_t h = 0x811C9DC5u;
    for (int i = 0; i < SPG_SS_LAYOUT_BYTES; i++) {
        h = fnv(h, s->layout[i]);
        changes += s->layout[i] != start_layout[i];
    }
    int32_t list = 0;
    for (int i = 0; i < 6; i++)
        list |= (int32_t)(s->emerald_list[i] & 0x0F) << (4 * i);
    int k = 0;
    out[k++] = frame;
    out[k++] = word_signed(x >> 16);
    out[k++] = (int32_t)(x & 0xFFFFu);
    out[k++] = word_signed(y >> 16);
    out[k++] = (int32_t)(y & 0xFFFFu);
    out[k++] = s->x_speed;
    out[k++] = s->y_speed;
    out[k++] = s->ground_speed;
    out[k++] = (s->status & SPG_SS_STATUS_FACING_LEFT) != 0;
    out[k++] = (s->status & SPG_SS_STATUS_IN_AIR) != 0;
    out[k++] = (s->status & SPG_SS_STATUS_ROLLING) != 0;
    out[k++] = s->routine;
    out[k++] = s->stage_angle;
    out[k++] = s->rotation;
    out[k++] = s->last_block;
    out[k++] = as_i32(s->last_block_addr);
    out[k++] = s->updown_cooldown;
    out[k++] = s->r_cooldown;
    out[k++] = s->ghost_state;
    out[k++] = s->exit_timer;
    out[k++] = s->anim;
    out[k++] = s->mapping_frame;
    out[k++] = s->anim_frame;
    out[k++] = s->anim_timer;
    out[k++] = s->prev_anim;
    out[k++] = s->render_flags;
    out[k++] = s->rings;
    out[k++] = s->lives;
    out[k++] = s->continues;
    out[k++] = s->life_count;
    out[k++] = s->emeralds;
    out[k++] = list;
    out[k++] = s->stage_over;
    out[k++] = active;
    out[k++] = as_i32(trace_ss_items_hash(s));
    out[k++] = changes;
    out[k++] = as_i32(h);
}
