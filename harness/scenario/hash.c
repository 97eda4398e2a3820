/*
 * hash.c - the scenario hash: what a golden's scenario_hash holds,
 * so `spgsim check` can tell a golden captured from another version of the
 * scenario.  A special-stage scenario's is scenario_special_hash
 * (special.c).
 */
#include <string.h>

#include "scenario/scenario.h"
#include "scenario/special.h"

typedef struct fnv {
    uint64_t h;
} fnv;

static void h_bytes(fnv *f, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        f->h ^= b[i];
        f->h *= 0x100000001b3ull;
    }
}

static void h_u8(fnv *f, uint32_t v)
{
    unsigned char b = (unsigned char)(v & 0xFF);
    h_bytes(f, &b, 1);
}

static void h_u16(fnv *f, uint32_t v)
{
    h_u8(f, v);
    h_u8(f, v >> 8);
}

static void h_u32(fnv *f, uint32_t v)
{
    h_u16(f, v);
    h_u16(f, v >> 16);
}

static void h_mask(fnv *f, const spg_mask *m)
{
    for (int i = 0; i < 16; i++)
        h_u8(f, (uint8_t)m->heights[i]);
    for (int i = 0; i < 16; i++)
        h_u8(f, (uint8_t)m->widths[i]);
    h_u8(f, m->angle);
}

/*
 * FNV-1a 64 over a canonical serialisation of what changes the physics.
 * Masks are numbered in order of first use in the map (row-major), so
 * renaming or reordering tiles, or defining unused ones, keeps the hash.
 * The start fields added after the first goldens (word_38, the animation
 * bytes) are hashed only
 * when they differ from their default, after everything else, so the
 * scenarios that leave them out keep the hash they always had.
 */
static uint64_t compute_hash(const scenario *s)
{
    fnv f = {0xcbf29ce484222325ull};
    static const char tag[] = "spgsim scenario v1";
    h_bytes(&f, tag, sizeof tag);
    h_u32(&f, (uint32_t)s->game);
    h_u32(&f, (uint32_t)s->character);
    h_u32(&f, (uint32_t)s->variant);

    size_t ncells = (size_t)s->map.width * s->map.height;
    uint16_t canon[SCENARIO_MAX_MASKS];
    int order[SCENARIO_MAX_MASKS];
    int used = 0;
    memset(canon, 0, sizeof canon);
    for (size_t i = 0; i < ncells; i++) {
        unsigned m = s->cells[i] & SPG_CELL_MASK;
        if (m != 0 && canon[m] == 0) {
            order[used++] = (int)m;
            canon[m] = (uint16_t)used;
        }
    }
    h_u32(&f, (uint32_t)used);
    for (int i = 0; i < used; i++)
        h_mask(&f, &s->masks[order[i]]);
    h_u16(&f, s->map.x0);
    h_u16(&f, s->map.y0);
    h_u16(&f, s->map.width);
    h_u16(&f, s->map.height);
    for (size_t i = 0; i < ncells; i++) {
        uint16_t c = s->cells[i];
        h_u16(&f, (uint32_t)(c & ~SPG_CELL_MASK) | canon[c & SPG_CELL_MASK]);
    }
    h_u16(&f, (uint16_t)s->map.limit_left);
    h_u16(&f, (uint16_t)s->map.limit_right);
    h_u16(&f, (uint16_t)s->map.limit_bottom);

    const spg_player *p = &s->start;
    h_u32(&f, (uint32_t)p->x);
    h_u32(&f, (uint32_t)p->y);
    h_u16(&f, (uint16_t)p->x_speed);
    h_u16(&f, (uint16_t)p->y_speed);
    h_u16(&f, (uint16_t)p->ground_speed);
    h_u8(&f, p->height_radius);
    h_u8(&f, p->width_radius);
    h_u8(&f, p->anim);
    h_u8(&f, p->status);
    h_u8(&f, p->routine);
    h_u8(&f, p->angle);
    h_u8(&f, p->angle_buffer_1);
    h_u8(&f, p->angle_buffer_2);
    h_u8(&f, p->jumping);
    h_u16(&f, p->control_lock);

    h_u32(&f, (uint32_t)s->frames);
    for (int i = 0; i < s->frames; i++) {
        h_u8(&f, s->inputs[i].held);
        h_u8(&f, s->inputs[i].pressed);
    }

    if (p->word_38 != 0) {
        static const char ext[] = "word_38";
        h_bytes(&f, ext, sizeof ext);
        h_u16(&f, p->word_38);
    }
    spg_player def = spg_player_default(&s->profile);
    if (p->mapping_frame != def.mapping_frame || p->anim_frame != def.anim_frame ||
        p->prev_anim != def.prev_anim || p->anim_timer != def.anim_timer ||
        p->render_flags != def.render_flags) {
        static const char ext[] = "animation";
        h_bytes(&f, ext, sizeof ext);
        h_u8(&f, p->mapping_frame);
        h_u8(&f, p->anim_frame);
        h_u8(&f, p->prev_anim);
        h_u8(&f, p->anim_timer);
        h_u8(&f, p->render_flags);
    }
    if (scenario_has(s, GAME_PATHS)) {
        /* Games with two paths only (so no Sonic 1 hash changes): the secondary path's
         * mask of every cell, numbered on from the masks above, those
         * masks, and the Sonic 2 start fields. */
        static const char ext[] = "sonic2";
        h_bytes(&f, ext, sizeof ext);
        int first_new = used;
        for (size_t i = 0; i < ncells; i++) {
            unsigned m = s->cells2 ? s->cells2[i]
                                   : (unsigned)(s->cells[i] & SPG_CELL_MASK);
            if (m != 0 && canon[m] == 0) {
                order[used++] = (int)m;
                canon[m] = (uint16_t)used;
            }
            h_u16(&f, canon[m]);
        }
        h_u32(&f, (uint32_t)(used - first_new));
        for (int i = first_new; i < used; i++)
            h_mask(&f, &s->masks[order[i]]);
        h_u16(&f, p->spindash_counter);
        h_u8(&f, p->top_solid_bit);
        h_u8(&f, p->lrb_solid_bit);
    }
    if (scenario_has(s, GAME_S3_STATE)) {
        /* Games with Sonic 3's state only: its start fields and the top
         * limit. */
        static const char ext[] = "sonic3";
        h_bytes(&f, ext, sizeof ext);
        h_u8(&f, p->double_jump_flag);
        h_u8(&f, p->double_jump_property);
        h_u8(&f, p->scroll_delay_counter);
        h_u16(&f, p->frame_counter);
        h_u16(&f, (uint16_t)s->map.limit_top);
    }
    if (!scenario_has(s, GAME_S3_STATE) && s->map.limit_top != 0) {
        /* the top limit of a game whose "sonic3" group above does not
         * hash it (Sonic 2), only when set: scenarios without it keep
         * their hash */
        static const char ext[] = "top";
        h_bytes(&f, ext, sizeof ext);
        h_u16(&f, (uint16_t)s->map.limit_top);
    }
    if (scenario_has(s, GAME_S3K_STATE)) {
        /* Sonic & Knuckles: the glide byte */
        static const char ext[] = "sonic3k";
        h_bytes(&f, ext, sizeof ext);
        h_u8(&f, p->glide_flags);
    }
    if (scenario_has(s, GAME_SCD_STATE)) {
        /* Sonic CD: its player bytes and the level state in the start */
        static const char ext[] = "soniccd";
        h_bytes(&f, ext, sizeof ext);
        h_u8(&f, p->charge);
        h_u8(&f, p->player_ctrl);
        h_u8(&f, p->look_mode);
        h_u8(&f, p->time_zone);
        h_u16(&f, p->cam_x_center);
        h_u16(&f, p->cam_y_center);
        h_u16(&f, p->bored_timer);
    }
    const game_desc *g = scenario_game(s);
    if (g != NULL && g->zone_count > 0 &&
        (s->map.zone != g->zones[g->default_zone].id || s->chunk_kinds ||
         s->low_cells)) {
        /* Sonic 1's zone and loops, only where a scenario has them: the
         * zone, the chunk kinds, the low plane (its masks numbered on from
         * the ones above). */
        static const char ext[] = "loops";
        h_bytes(&f, ext, sizeof ext);
        h_u8(&f, s->map.zone);
        h_u8(&f, s->chunk_kinds != NULL);
        if (s->chunk_kinds)
            h_bytes(&f, s->chunk_kinds, SCENARIO_LAYOUT_CHUNKS);
        h_u8(&f, s->low_cells != NULL);
        if (s->low_cells) {
            int first_new = used;
            for (size_t i = 0; i < ncells; i++) {
                uint16_t c = s->low_cells[i];
                unsigned m = c & SPG_CELL_MASK;
                if (m != 0 && canon[m] == 0) {
                    order[used++] = (int)m;
                    canon[m] = (uint16_t)used;
                }
                h_u16(&f, (uint32_t)(c & ~SPG_CELL_MASK) | canon[m]);
            }
            h_u32(&f, (uint32_t)(used - first_new));
            for (int i = first_new; i < used; i++)
                h_mask(&f, &s->masks[order[i]]);
        }
    }
    if (s->map.water_flag) {
        /* the level's water, only where a scenario has it */
        static const char ext[] = "water";
        h_bytes(&f, ext, sizeof ext);
        h_u8(&f, s->map.water_flag);
        h_u16(&f, (uint16_t)s->map.water_level);
    }
    return f.h;
}

void scenario_update_hash(scenario *s)
{
    s->hash = s->mode == SCENARIO_SPECIAL_STAGE ? scenario_special_hash(s)
                                                : compute_hash(s);
}

void scenario_hash_hex(const scenario *s, char buf[17])
{
    static const char hex[] = "0123456789abcdef";
    for (int i = 0; i < 16; i++)
        buf[i] = hex[(s->hash >> (60 - 4 * i)) & 0xF];
    buf[16] = '\0';
}
