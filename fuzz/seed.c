/*
 * seed.c - seed inputs for three fuzz targets, made from a scenario with
 * the project's own loader (fuzz/mkcorpus.sh runs it over scenarios/).
 *
 *     seed core SCENARIO.yaml OUT   core_fuzzer's byte layout: the
 *                                   scenario's profile, the part of its map
 *                                   around the start (at most 16x16 tiles,
 *                                   15 masks), its limits, start state and
 *                                   input (at most 600 frames); normal-stage
 *                                   scenarios only
 *     seed gmv SCENARIO.yaml OUT    a Gens movie holding the scenario's
 *                                   input as player 1's joypad
 *
 * Exit 0, or 2 with a message.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "scenario/scenario.h"
#include "scenario/special.h"

#define SIDE 16
#define MASKS 16
#define FRAMES 600
#define SS_FRAMES 400

static void put8(FILE *f, unsigned v)
{
    fputc((int)(v & 0xFF), f);
}

static void put16(FILE *f, unsigned v)
{
    put8(f, v >> 8);
    put8(f, v);
}

static void put32(FILE *f, uint32_t v)
{
    put16(f, (unsigned)(v >> 16));
    put16(f, (unsigned)(v & 0xFFFF));
}

static void put_mask(FILE *f, const spg_mask *m)
{
    for (int i = 0; i < 16; i++)
        put8(f, (uint8_t)m->heights[i]);
    for (int i = 0; i < 16; i++)
        put8(f, (uint8_t)m->widths[i]);
    put8(f, m->angle);
}

/* The layout core_fuzzer.c reads (see its comment), flags 1. */
static int write_core(const scenario *s, FILE *f)
{
    static spg_profile profiles[256];
    int n = fuzz_profiles(profiles, 256), index = -1;
    for (int i = 0; i < n; i++)
        if (profiles[i].game == s->game &&
            profiles[i].character == s->character &&
            profiles[i].variant == s->variant)
            index = i;
    if (index < 0)
        return -1;

    /* A window of the map around the start position. */
    const spg_map *m = &s->map;
    int px = (int)((uint32_t)s->start.x >> 16 & 0xFFFF) / 16;
    int py = (int)((uint32_t)s->start.y >> 16 & 0xFFFF) / 16;
    int x0 = px - SIDE / 2, y0 = py - SIDE / 2;
    if (x0 > m->x0 + m->width - SIDE)
        x0 = m->x0 + m->width - SIDE;
    if (y0 > m->y0 + m->height - SIDE)
        y0 = m->y0 + m->height - SIDE;
    if (x0 < m->x0)
        x0 = m->x0;
    if (y0 < m->y0)
        y0 = m->y0;
    int w = m->x0 + m->width - x0, h = m->y0 + m->height - y0;
    if (w > SIDE)
        w = SIDE;
    if (h > SIDE)
        h = SIDE;

    /* Masks renumbered 1.. in order of use; beyond MASKS - 1, empty. */
    int order[SCENARIO_MAX_MASKS], used = 0;
    uint16_t renum[SCENARIO_MAX_MASKS] = {0};
    uint16_t cells[SIDE * SIDE];
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint16_t c = m->cells[(size_t)(y0 - m->y0 + y) * m->width +
                                  (size_t)(x0 - m->x0 + x)];
            unsigned k = c & SPG_CELL_MASK;
            if (k && !renum[k] && used < MASKS - 1) {
                order[used++] = (int)k;
                renum[k] = (uint16_t)used;
            }
            cells[y * w + x] = renum[k] ? (uint16_t)((c & ~SPG_CELL_MASK) |
                                                     renum[k])
                                        : 0;
        }

    put8(f, (unsigned)index);
    put8(f, 1);
    put8(f, (unsigned)used + 1);
    put8(f, (unsigned)w);
    put8(f, (unsigned)h);
    put16(f, (unsigned)x0);
    put16(f, (unsigned)y0);
    put16(f, (uint16_t)m->limit_left);
    put16(f, (uint16_t)m->limit_right);
    put16(f, (uint16_t)m->limit_bottom);
    put_mask(f, &s->masks[0]);
    for (int i = 0; i < used; i++)
        put_mask(f, &s->masks[order[i]]);
    for (int i = 0; i < w * h; i++)
        put16(f, cells[i]);

    const spg_player *p = &s->start;
    put32(f, (uint32_t)p->x);
    put32(f, (uint32_t)p->y);
    put16(f, (uint16_t)p->x_speed);
    put16(f, (uint16_t)p->y_speed);
    put16(f, (uint16_t)p->ground_speed);
    put8(f, p->height_radius);
    put8(f, p->width_radius);
    put8(f, p->anim);
    put8(f, p->status);
    put8(f, p->routine);
    put8(f, p->angle);
    put8(f, p->angle_buffer_1);
    put8(f, p->angle_buffer_2);
    put8(f, p->jumping);
    put16(f, p->control_lock);
    for (int i = 0; i < s->frames && i < FRAMES; i++) {
        put8(f, s->inputs[i].held);
        put8(f, s->inputs[i].pressed);
    }
    return 0;
}

/* The layout ss_core_fuzzer.c reads (see its comment), flags 2 (which
 * leaves a layout address as it is). */
static int write_ss(const scenario *s, FILE *f)
{
    const spg_ss_state *st = &s->special->start;
    int r0 = -1, r1 = -1, c0 = -1, c1 = -1;
    for (int r = 0; r < SPG_SS_LAYOUT_BYTES / SPG_SS_ROW; r++)
        for (int c = 0; c < SPG_SS_ROW; c++)
            if (st->layout[r * SPG_SS_ROW + c] != 0) {
                if (r0 < 0 || r < r0)
                    r0 = r;
                if (r > r1)
                    r1 = r;
                if (c0 < 0 || c < c0)
                    c0 = c;
                if (c > c1)
                    c1 = c;
            }
    if (r0 < 0)
        r0 = r1 = c0 = c1 = SPG_SS_STAGE_ORIGIN;
    if (r1 - r0 >= SPG_SS_STAGE_SIZE || c1 - c0 >= SPG_SS_STAGE_SIZE)
        return -1;
    int slots = 0;
    for (int i = 0; i < SPG_SS_ITEM_SLOTS; i++) {
        const spg_ss_item *it = &st->items[i];
        if (it->type || it->timer || it->frame || it->addr)
            slots = i + 1;
    }

    put8(f, 2);
    put8(f, (unsigned)r0);
    put8(f, (unsigned)c0);
    put8(f, (unsigned)(r1 - r0 + 1));
    put8(f, (unsigned)(c1 - c0 + 1));
    for (int r = r0; r <= r1; r++)
        for (int c = c0; c <= c1; c++)
            put8(f, st->layout[r * SPG_SS_ROW + c]);
    put8(f, (unsigned)slots);
    for (int i = 0; i < slots; i++) {
        put8(f, st->items[i].type);
        put8(f, st->items[i].timer);
        put8(f, st->items[i].frame);
        put32(f, st->items[i].addr);
    }
    put32(f, (uint32_t)st->x);
    put32(f, (uint32_t)st->y);
    put16(f, (uint16_t)st->x_speed);
    put16(f, (uint16_t)st->y_speed);
    put16(f, (uint16_t)st->ground_speed);
    put8(f, st->status);
    put8(f, st->routine);
    put8(f, st->last_block);
    put32(f, st->last_block_addr);
    put8(f, st->updown_cooldown);
    put8(f, st->r_cooldown);
    put16(f, st->exit_timer);
    put8(f, st->ghost_state);
    put16(f, st->stage_angle);
    put16(f, (uint16_t)st->rotation);
    put16(f, st->rings);
    put8(f, st->lives);
    put8(f, st->continues);
    put8(f, st->life_count);
    put8(f, st->emeralds);
    for (int i = 0; i < 6; i++)
        put8(f, st->emerald_list[i]);
    put8(f, st->stage_over);
    for (int i = 0; i < s->frames && i < SS_FRAMES; i++) {
        put8(f, s->inputs[i].held);
        put8(f, s->inputs[i].pressed);
    }
    return 0;
}

/* Gens movie: 64-byte header, then per frame player 1, player 2 and the
 * extra byte, active low, bits up down left right A B C start. */
static int write_gmv(const scenario *s, FILE *f)
{
    static const uint8_t bits[8][2] = {
        {SPG_BTN_UP, 0x01}, {SPG_BTN_DOWN, 0x02}, {SPG_BTN_LEFT, 0x04},
        {SPG_BTN_RIGHT, 0x08}, {SPG_BTN_A, 0x10}, {SPG_BTN_B, 0x20},
        {SPG_BTN_C, 0x40}, {SPG_BTN_START, 0x80}};
    uint8_t header[64] = "Gens Movie TESTA";
    header[0x16] = 0; /* flags: not from a savestate */
    fwrite(header, 1, sizeof header, f);
    for (int i = 0; i < s->frames && i < FRAMES; i++) {
        unsigned v = 0;
        for (int b = 0; b < 8; b++)
            if (s->inputs[i].held & bits[b][0])
                v |= bits[b][1];
        put8(f, ~v);
        put8(f, 0xFF);
        put8(f, 0xFF);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 4 || (strcmp(argv[1], "core") != 0 &&
                      strcmp(argv[1], "ss") != 0 &&
                      strcmp(argv[1], "gmv") != 0)) {
        fprintf(stderr, "usage: seed core|ss|gmv SCENARIO.yaml OUT\n");
        return 2;
    }
    scenario s;
    if (scenario_load(argv[2], &s, stderr) != 0)
        return 2;
    if (strcmp(argv[1], "core") == 0 && s.mode != SCENARIO_NORMAL) {
        fprintf(stderr, "%s: core_fuzzer seeds come from normal-stage "
                        "scenarios only\n", argv[2]);
        scenario_free(&s);
        return 2;
    }
    if (strcmp(argv[1], "ss") == 0 && s.mode != SCENARIO_SPECIAL_STAGE) {
        fprintf(stderr, "%s: ss_core_fuzzer seeds come from special-stage "
                        "scenarios only\n", argv[2]);
        scenario_free(&s);
        return 2;
    }
    FILE *f = fopen(argv[3], "wb");
    if (f == NULL) {
        perror(argv[3]);
        scenario_free(&s);
        return 2;
    }
    int rc = strcmp(argv[1], "core") == 0 ? write_core(&s, f)
             : strcmp(argv[1], "ss") == 0 ? write_ss(&s, f)
                                          : write_gmv(&s, f);
    if (fclose(f) != 0 || rc != 0) {
        fprintf(stderr, "%s: cannot write %s\n", argv[2], argv[3]);
        remove(argv[3]);
        scenario_free(&s);
        return 2;
    }
    scenario_free(&s);
    return 0;
}
