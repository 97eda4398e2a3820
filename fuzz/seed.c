/*
 * seed.c - seed inputs for two fuzz targets, made from a scenario with the
 * project's own loader (fuzz/mkcorpus.sh runs it over scenarios/).
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
#include "scenario.h"

#define SIDE 16
#define MASKS 16
#define FRAMES 600

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
                      strcmp(argv[1], "gmv") != 0)) {
        fprintf(stderr, "usage: seed core|gmv SCENARIO.yaml OUT\n");
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
    FILE *f = fopen(argv[3], "wb");
    if (f == NULL) {
        perror(argv[3]);
        scenario_free(&s);
        return 2;
    }
    int rc = strcmp(argv[1], "core") == 0 ? write_core(&s, f)
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
