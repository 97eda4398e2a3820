/*
 * gen.c - one seed -> one Sonic 1 case (see gen.h).
 *
 * The terrain is drawn in pixels, one feature at a time, and each feature
 * turns its own pixels into 16x16 masks the way the original's masks are
 * made: a column solid from the bottom has a positive height, one solid
 * from the top a negative height, widths likewise from the right and the
 * left.  The angle of a mask comes from the surface normal the feature
 * knows (a slope's rise, a ring's centre), matched to the nearest of the
 * 256 angle bytes with integer dot products, so no floating point decides
 * anything and every machine builds the same case.
 */
#include "fuzz/gen.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/rng.h"

/* Level layout of Sonic 1: 64 chunks of 16 tiles across, 8 down. */
#define MAX_W 96
#define MAX_H 40
#define MASK_BUDGET 240 /* of the 255 mask ids the level can hold */

/* trunc(256 * sin(2 pi i / 256)) for i = 0..64: a quadrant of the sine. */
static const int16_t quarter_sine[65] = {
    0,   6,   12,  18,  25,  31,  37,  43,  49,  56,  62,  68,  74,
    80,  86,  92,  97,  103, 109, 115, 120, 126, 131, 136, 142, 147,
    152, 157, 162, 167, 171, 176, 181, 185, 189, 193, 197, 201, 205,
    209, 212, 216, 219, 222, 225, 228, 231, 234, 236, 238, 241, 243,
    244, 246, 248, 249, 251, 252, 253, 254, 254, 255, 255, 255, 256};

static int32_t sine(unsigned a)
{
    a &= 0xFF;
    if (a <= 64)
        return quarter_sine[a];
    if (a <= 128)
        return quarter_sine[128 - a];
    if (a <= 192)
        return -quarter_sine[a - 128];
    return -quarter_sine[256 - a];
}

/*
 * The angle byte of a surface whose outward normal (pointing out of the
 * solid, towards the player) is (nx, ny) in screen axes (y down).  Sonic 1
 * counts angles so that the normal of angle a is (sin a, -cos a): 0 is a
 * floor, $40 a left wall, $80 a ceiling, $C0 a right wall.
 */
static uint8_t angle_of_normal(int32_t nx, int32_t ny)
{
    int64_t best = 0;
    unsigned best_a = 0;
    for (unsigned a = 0; a < 256; a++) {
        int64_t dot = (int64_t)nx * sine(a) - (int64_t)ny * sine(a + 64);
        if (a == 0 || dot > best) {
            best = dot;
            best_a = a;
        }
    }
    return (uint8_t)best_a;
}

/* floor(a / b) for b > 0. */
static int32_t fdiv(int32_t a, int32_t b)
{
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

/* ---- the builder ------------------------------------------------------ */

typedef struct builder {
    fuzz_rng *rng;
    uint32_t features;
    int w, h;               /* map size in tiles */
    uint16_t *cells;        /* w * h */
    spg_mask *masks;        /* the scenario's table; [0] empty */
    int mask_count;
    int surf[MAX_W + 1];    /* floor surface y (map pixels) at column edges;
                               INT32_MAX-like "none" for a pit */
    int pit[MAX_W];         /* 1 where a column has no floor */
    int ceil_on;
    int ceil[MAX_W + 1];    /* ceiling surface y at column edges */
    uint16_t default_bits;  /* solidity of plain cells */
} builder;

static int same_mask(const spg_mask *a, const spg_mask *b)
{
    return memcmp(a->heights, b->heights, 16) == 0 &&
           memcmp(a->widths, b->widths, 16) == 0 && a->angle == b->angle;
}

/* The index of `m` in the table, adding it if new; the full block (1)
 * when the table is at its budget. */
static int intern_mask(builder *b, const spg_mask *m)
{
    for (int i = 1; i < b->mask_count; i++)
        if (same_mask(&b->masks[i], m))
            return i;
    if (b->mask_count >= MASK_BUDGET)
        return 1;
    b->masks[b->mask_count] = *m;
    return b->mask_count++;
}

/* A 16x16 pixel tile (1 = solid) into a mask: heights from the columns,
 * widths from the rows, as the original's masks are drawn. */
static void mask_from_pixels(const uint8_t px[16][16], uint8_t angle,
                             spg_mask *m)
{
    for (int i = 0; i < 16; i++) {
        int n = 0;
        if (px[15][i]) {
            while (n < 16 && px[15 - n][i])
                n++;
            m->heights[i] = (int8_t)n;
        } else if (px[0][i]) {
            while (n < 16 && px[n][i])
                n++;
            m->heights[i] = (int8_t)(n == 16 ? 16 : -n);
        } else {
            m->heights[i] = 0;
        }
    }
    for (int j = 0; j < 16; j++) {
        int n = 0;
        if (px[j][15]) {
            while (n < 16 && px[j][15 - n])
                n++;
            m->widths[j] = (int8_t)n;
        } else if (px[j][0]) {
            while (n < 16 && px[j][n])
                n++;
            m->widths[j] = (int8_t)(n == 16 ? 16 : -n);
        } else {
            m->widths[j] = 0;
        }
    }
    m->angle = angle;
}

static uint8_t flat_angle(const builder *b)
{
    return (b->features & FUZZ_F_FLAT_FF) ? 0xFF : 0x00;
}

/* Put the pixels of tile (tx, ty) into the map: nothing when empty, the
 * full block when full, else a mask with `angle`.  Returns 1 if solid. */
static int put_pixels(builder *b, int tx, int ty, const uint8_t px[16][16],
                      uint8_t angle, uint16_t bits)
{
    int n = 0;
    for (int j = 0; j < 16; j++)
        for (int i = 0; i < 16; i++)
            n += px[j][i];
    if (tx < 0 || ty < 0 || tx >= b->w || ty >= b->h || n == 0)
        return 0;
    spg_mask m;
    if (n == 256) {
        mask_from_pixels(px, flat_angle(b), &m);
    } else {
        mask_from_pixels(px, angle, &m);
    }
    int idx = intern_mask(b, &m);
    b->cells[ty * b->w + tx] = (uint16_t)(idx | bits);
    return 1;
}

/* ---- features ------------------------------------------------------------ */

static int slope_step(builder *b)
{
    fuzz_rng *r = b->rng;
    int choices[4], n = 0;
    choices[n++] = 0;
    if (b->features & FUZZ_F_SHALLOW)
        choices[n++] = 1;
    if (b->features & FUZZ_F_STEEP)
        choices[n++] = 2;
    if (b->features & FUZZ_F_CLIFFS)
        choices[n++] = 3;
    int c = choices[fuzz_rng_below(r, (uint32_t)n)];
    int d = 0;
    switch (c) {
    case 1: d = fuzz_rng_range(r, 1, 4); break;
    case 2: d = fuzz_rng_range(r, 5, 16); break;
    case 3: d = fuzz_rng_range(r, 17, 40); break;
    default: d = 0; break;
    }
    return fuzz_rng_chance(r, 50) ? d : -d;
}

/* The floor: a height field over the column edges, pits cut out. */
static void make_ground(builder *b)
{
    fuzz_rng *r = b->rng;
    int hp = b->h * 16;
    int lo = 48, hi = hp - 8;
    int y = fuzz_rng_range(r, hp / 2, hi);
    int run = 0, step = 0;
    for (int c = 0; c <= b->w; c++) {
        if (run == 0) {
            run = fuzz_rng_range(r, 1, 6);
            step = slope_step(b);
        }
        b->surf[c] = y;
        y += step;
        if (y < lo || y > hi) {
            step = -step;
            y = y < lo ? lo : hi;
        }
        run--;
    }
    memset(b->pit, 0, sizeof b->pit);
    if (b->features & FUZZ_F_PITS) {
        int n = fuzz_rng_range(r, 1, 3);
        for (int k = 0; k < n; k++) {
            int at = fuzz_rng_range(r, 2, b->w - 2);
            int len = fuzz_rng_range(r, 1, 5);
            for (int c = at; c < at + len && c < b->w; c++)
                b->pit[c] = 1;
        }
    }
    for (int tx = 0; tx < b->w; tx++) {
        if (b->pit[tx])
            continue;
        int s0 = b->surf[tx], s1 = b->surf[tx + 1];
        uint8_t angle = angle_of_normal(s1 - s0, -16);
        for (int ty = 0; ty < b->h; ty++) {
            uint8_t px[16][16];
            for (int i = 0; i < 16; i++) {
                int sy = s0 + fdiv((s1 - s0) * i, 16);
                for (int j = 0; j < 16; j++)
                    px[j][i] = (uint8_t)(ty * 16 + j >= sy);
            }
            put_pixels(b, tx, ty, px, angle, b->default_bits);
        }
    }
}

/* A ceiling height field 40..120 px above the floor (or anywhere high). */
static void make_ceiling(builder *b)
{
    fuzz_rng *r = b->rng;
    int y = fuzz_rng_range(r, 8, 64);
    int run = 0, step = 0;
    for (int c = 0; c <= b->w; c++) {
        if (run == 0) {
            run = fuzz_rng_range(r, 1, 6);
            step = slope_step(b);
        }
        int floor_y = (b->features & FUZZ_F_GROUND) ? b->surf[c] : b->h * 16;
        int gap = fuzz_rng_range(r, 40, 120);
        if (y > floor_y - gap)
            y = floor_y - gap;
        if (y < 4)
            y = 4;
        b->ceil[c] = y;
        y += step;
        run--;
    }
    b->ceil_on = 1;
    for (int tx = 0; tx < b->w; tx++) {
        int c0 = b->ceil[tx], c1 = b->ceil[tx + 1];
        /* Outward normal of a ceiling points down: (-dy, 16). */
        uint8_t angle = angle_of_normal(-(c1 - c0), 16);
        for (int ty = 0; ty < b->h; ty++) {
            uint8_t px[16][16];
            int any = 0;
            for (int i = 0; i < 16; i++) {
                int cy = c0 + fdiv((c1 - c0) * i, 16);
                for (int j = 0; j < 16; j++) {
                    px[j][i] = (uint8_t)(ty * 16 + j <= cy);
                    any |= px[j][i];
                }
            }
            if (any)
                put_pixels(b, tx, ty, px, angle, b->default_bits);
        }
    }
}

static void make_walls(builder *b)
{
    fuzz_rng *r = b->rng;
    int n = fuzz_rng_range(r, 1, 4);
    spg_mask full;
    for (int i = 0; i < 16; i++)
        full.heights[i] = full.widths[i] = 16;
    full.angle = flat_angle(b);
    int idx = intern_mask(b, &full);
    for (int k = 0; k < n; k++) {
        int tx = fuzz_rng_range(r, 1, b->w - 2);
        int t0 = fuzz_rng_range(r, 0, b->h - 2);
        int len = fuzz_rng_range(r, 2, 8);
        for (int ty = t0; ty < t0 + len && ty < b->h; ty++)
            b->cells[ty * b->w + tx] = (uint16_t)(idx | b->default_bits);
    }
}

static void make_platforms(builder *b)
{
    fuzz_rng *r = b->rng;
    int n = fuzz_rng_range(r, 1, 4);
    for (int k = 0; k < n; k++) {
        spg_mask m;
        int thick = fuzz_rng_range(r, 1, 16);
        for (int i = 0; i < 16; i++)
            m.heights[i] = (int8_t)thick;
        spg_mask_derive_widths(&m);
        m.angle = flat_angle(b);
        int idx = intern_mask(b, &m);
        int tx = fuzz_rng_range(r, 0, b->w - 2);
        int ty = fuzz_rng_range(r, 1, b->h - 3);
        int len = fuzz_rng_range(r, 2, 8);
        for (int x = tx; x < tx + len && x < b->w; x++)
            b->cells[ty * b->w + x] = (uint16_t)(idx | SPG_CELL_TOP_SOLID);
    }
}

/* A ring (loop-like: solid between radius R and R + T, normals towards the
 * centre) or a round room (solid outside R). */
static void make_curve(builder *b)
{
    fuzz_rng *r = b->rng;
    int ring = fuzz_rng_chance(r, 60);
    int R = fuzz_rng_range(r, 32, 96);
    int T = ring ? fuzz_rng_range(r, 12, 32) : 1 << 20;
    int cx = fuzz_rng_range(r, 0, b->w * 16);
    int cy = fuzz_rng_range(r, 0, b->h * 16);
    int64_t r2 = (int64_t)R * R, o2 = (int64_t)(R + T) * (R + T);
    int tx0 = (cx - R - T) / 16 - 1, tx1 = (cx + R + T) / 16 + 1;
    int ty0 = (cy - R - T) / 16 - 1, ty1 = (cy + R + T) / 16 + 1;
    if (!ring) {
        /* A round room fills its bounding box outside the circle. */
        tx0 = (cx - R) / 16 - 1;
        tx1 = (cx + R) / 16 + 1;
        ty0 = (cy - R) / 16 - 1;
        ty1 = (cy + R) / 16 + 1;
    }
    for (int ty = ty0; ty <= ty1; ty++)
        for (int tx = tx0; tx <= tx1; tx++) {
            if (tx < 0 || ty < 0 || tx >= b->w || ty >= b->h)
                continue;
            uint8_t px[16][16];
            for (int j = 0; j < 16; j++)
                for (int i = 0; i < 16; i++) {
                    int64_t dx = tx * 16 + i - cx, dy = ty * 16 + j - cy;
                    int64_t d2 = dx * dx + dy * dy;
                    px[j][i] = (uint8_t)(d2 >= r2 && d2 <= o2);
                }
            int mx = tx * 16 + 8 - cx, my = ty * 16 + 8 - cy;
            put_pixels(b, tx, ty, px, angle_of_normal(-mx, -my),
                       b->default_bits);
        }
}

/* A mask with random columns (negative, zero, full, floating), widths
 * derived or random, and any angle byte, odd ones and $FF included. */
static void random_mask(builder *b, spg_mask *m)
{
    fuzz_rng *r = b->rng;
    int shape = (int)fuzz_rng_below(r, 5);
    int v = fuzz_rng_range(r, -16, 16);
    for (int i = 0; i < 16; i++) {
        switch (shape) {
        case 0: /* anything */
            m->heights[i] = (int8_t)fuzz_rng_range(r, -16, 16);
            break;
        case 1: /* a random walk */
            v += fuzz_rng_range(r, -3, 3);
            v = v < -16 ? -16 : v > 16 ? 16 : v;
            m->heights[i] = (int8_t)v;
            break;
        case 2: /* full and empty columns */
            m->heights[i] = (int8_t)(fuzz_rng_chance(r, 50) ? 16 : 0);
            break;
        case 3: /* all from the top */
            m->heights[i] = (int8_t)-fuzz_rng_range(r, 0, 16);
            break;
        default: /* one height */
            m->heights[i] = (int8_t)v;
            break;
        }
        if ((b->features & FUZZ_F_WIDE_RANGE) && fuzz_rng_chance(r, 15))
            m->heights[i] = (int8_t)fuzz_rng_range(r, -128, 127);
    }
    spg_mask_derive_widths(m);
    if ((b->features & FUZZ_F_WIDE_RANGE) && fuzz_rng_chance(r, 30))
        for (int j = 0; j < 16; j++)
            m->widths[j] = (int8_t)fuzz_rng_range(r, -128, 127);
    switch (fuzz_rng_below(r, 4)) {
    case 0: m->angle = 0xFF; break;
    case 1: m->angle = (uint8_t)(fuzz_rng_below(r, 256) | 1); break;
    default: m->angle = (uint8_t)(fuzz_rng_below(r, 128) * 2); break;
    }
}

static void make_random_masks(builder *b)
{
    fuzz_rng *r = b->rng;
    int kinds = fuzz_rng_chance(r, 90) ? fuzz_rng_range(r, 1, 24)
                                       : fuzz_rng_range(r, 40, 150);
    int first = b->mask_count;
    for (int k = 0; k < kinds; k++) {
        spg_mask m;
        random_mask(b, &m);
        intern_mask(b, &m);
    }
    if (b->mask_count <= first)
        return;
    int n = fuzz_rng_range(r, 4, b->w * b->h / 6 + 4);
    int blob = fuzz_rng_chance(r, 50);
    int bx = fuzz_rng_range(r, 0, b->w - 1), by = fuzz_rng_range(r, 0, b->h - 1);
    for (int k = 0; k < n; k++) {
        int tx, ty;
        if (blob) { /* clustered around one spot */
            tx = bx + fuzz_rng_range(r, -4, 4);
            ty = by + fuzz_rng_range(r, -3, 3);
            if (tx < 0 || ty < 0 || tx >= b->w || ty >= b->h)
                continue;
        } else {
            tx = fuzz_rng_range(r, 0, b->w - 1);
            ty = fuzz_rng_range(r, 0, b->h - 1);
        }
        int idx = fuzz_rng_range(r, first, b->mask_count - 1);
        b->cells[ty * b->w + tx] = (uint16_t)(idx | b->default_bits);
    }
}

/* Flips and solidity, cell by cell. */
static void decorate(builder *b)
{
    fuzz_rng *r = b->rng;
    static const uint16_t solid[4] = {
        SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID, SPG_CELL_TOP_SOLID,
        SPG_CELL_SIDE_SOLID, 0};
    int flip_pct = fuzz_rng_range(r, 5, 60);
    int solid_pct = fuzz_rng_range(r, 5, 60);
    for (int i = 0; i < b->w * b->h; i++) {
        uint16_t c = b->cells[i];
        if ((c & SPG_CELL_MASK) == 0)
            continue;
        if ((b->features & FUZZ_F_FLIPS) && fuzz_rng_chance(r, (uint32_t)flip_pct)) {
            c &= (uint16_t)~(SPG_CELL_XFLIP | SPG_CELL_YFLIP);
            c |= (uint16_t)(fuzz_rng_below(r, 4) << 11);
        }
        if ((b->features & FUZZ_F_SOLIDITY) && fuzz_rng_chance(r, (uint32_t)solid_pct)) {
            c &= (uint16_t)~(SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID);
            c |= solid[fuzz_rng_below(r, 4)];
        }
        b->cells[i] = c;
    }
}

/* ---- start state, limits, input ------------------------------------------ */

/* Floor surface y (map pixels) under map pixel x, or -1 over a pit or when
 * there is no floor. */
static int floor_at(const builder *b, int x)
{
    int tx = x / 16;
    if (!(b->features & FUZZ_F_GROUND) || tx < 0 || tx >= b->w || b->pit[tx])
        return -1;
    int s0 = b->surf[tx], s1 = b->surf[tx + 1];
    return s0 + fdiv((s1 - s0) * (x % 16), 16);
}

static int16_t rnd_speed(fuzz_rng *r, int32_t max)
{
    return (int16_t)fuzz_rng_range(r, -max, max);
}

/* The "any" start: the fields the physics alone never sets together. */
static void any_fields(fuzz_rng *r, const spg_profile *profile, spg_player *p)
{
    if (fuzz_rng_chance(r, 20))
        p->status |= SPG_STATUS_PUSHING;
    if (fuzz_rng_chance(r, 20))
        p->status |= SPG_STATUS_ROLL_JUMP;
    if (fuzz_rng_chance(r, 10))
        p->status |= SPG_STATUS_ON_OBJECT;
    if (fuzz_rng_chance(r, 15))
        p->status ^= SPG_STATUS_UNDERWATER;
    if (fuzz_rng_chance(r, 25)) {
        int wide = fuzz_rng_chance(r, 20);
        p->height_radius = (uint8_t)fuzz_rng_range(r, 0, wide ? 255 : 40);
        p->width_radius = (uint8_t)fuzz_rng_range(r, 0, wide ? 255 : 40);
    }
    if (fuzz_rng_chance(r, 25)) {
        /* Any state of the animation tables, as Sonic_Animate keeps it. */
        int last;
        do {
            p->anim = (uint8_t)fuzz_rng_below(r, 64);
            last = spg_anim_last_position(profile, p->anim);
        } while (last < 0);
        p->anim_frame = (uint8_t)fuzz_rng_range(r, 0, last);
        p->anim_timer = (uint8_t)fuzz_rng_below(r, 256);
        p->prev_anim = (uint8_t)fuzz_rng_below(r, 64);
        p->mapping_frame =
            (uint8_t)fuzz_rng_below(r, (uint32_t)spg_anim_mapping_frames(profile));
        if (fuzz_rng_chance(r, 50))
            p->render_flags = (uint8_t)fuzz_rng_below(r, 256);
    }
    if (fuzz_rng_chance(r, 10))
        p->routine = fuzz_rng_chance(r, 50) ? SPG_ROUTINE_DEATH
                                            : SPG_ROUTINE_RESET_LEVEL;
}

static void make_start(builder *b, scenario *s, fuzz_start_style style)
{
    fuzz_rng *r = b->rng;
    spg_player *p = &s->start;
    int ox = s->map.x0 * 16, oy = s->map.y0 * 16;
    int x = fuzz_rng_range(r, 8, b->w * 16 - 8);
    int y = fuzz_rng_range(r, 8, b->h * 16 - 8);
    int fy = floor_at(b, x);
    int grounded = style == FUZZ_START_GROUND || style == FUZZ_START_ROLLING ||
                   style == FUZZ_START_FAST;

    *p = spg_player_default(&s->profile);
    if (grounded && fy < 0) {
        /* No floor there: look for one. */
        for (int k = 0; k < 32 && fy < 0; k++) {
            x = fuzz_rng_range(r, 8, b->w * 16 - 8);
            fy = floor_at(b, x);
        }
        if (fy < 0)
            style = FUZZ_START_AIR;
    }
    switch (style) {
    case FUZZ_START_GROUND:
        y = fy - 20 + fuzz_rng_range(r, -4, 4);
        p->ground_speed = rnd_speed(r, 0x600);
        break;
    case FUZZ_START_ROLLING:
        y = fy - 15 + fuzz_rng_range(r, -4, 4);
        p->ground_speed = rnd_speed(r, 0xC00);
        p->status |= SPG_STATUS_ROLLING;
        p->height_radius = s->profile.roll_height_radius;
        p->width_radius = s->profile.roll_width_radius;
        p->anim = 2;
        break;
    case FUZZ_START_FAST: {
        y = fy - 20 + fuzz_rng_range(r, -4, 4);
        /* Magnitude, then sign: two statements, as the operands of one
         * `*` would be drawn in the compiler's order. */
        int32_t mag = fuzz_rng_range(r, 0x600, 0x1800);
        int sign = fuzz_rng_chance(r, 50) ? 1 : -1;
        p->ground_speed = (int16_t)(mag * sign);
        if (fuzz_rng_chance(r, 10))
            p->ground_speed = (int16_t)fuzz_rng_range(r, -32768, 32767);
        break;
    }
    case FUZZ_START_WALL: {
        static const uint8_t a[4] = {0x40, 0xC0, 0x80, 0x00};
        p->angle = fuzz_rng_chance(r, 70) ? a[fuzz_rng_below(r, 4)]
                                          : (uint8_t)fuzz_rng_below(r, 256);
        p->ground_speed = rnd_speed(r, 0x800);
        break;
    }
    case FUZZ_START_ANY:
        p->x_speed = (int16_t)fuzz_rng_range(r, -32768, 32767);
        p->y_speed = (int16_t)fuzz_rng_range(r, -32768, 32767);
        p->ground_speed = (int16_t)fuzz_rng_range(r, -32768, 32767);
        p->angle = (uint8_t)fuzz_rng_below(r, 256);
        if (fuzz_rng_chance(r, 50))
            p->status |= SPG_STATUS_IN_AIR;
        if (fuzz_rng_chance(r, 30)) {
            p->status |= SPG_STATUS_ROLLING;
            p->height_radius = s->profile.roll_height_radius;
            p->width_radius = s->profile.roll_width_radius;
            p->anim = 2;
        }
        break;
    case FUZZ_START_AIR:
    default:
        p->status |= SPG_STATUS_IN_AIR;
        p->x_speed = rnd_speed(r, 0x1000);
        p->y_speed = rnd_speed(r, 0x1000);
        if (fuzz_rng_chance(r, 30)) {
            p->status |= SPG_STATUS_ROLLING;
            p->height_radius = s->profile.roll_height_radius;
            p->width_radius = s->profile.roll_width_radius;
            p->anim = 2;
        }
        break;
    }
    if (style != FUZZ_START_AIR && style != FUZZ_START_ANY &&
        fuzz_rng_chance(r, 50))
        p->x_speed = p->ground_speed;
    if (style == FUZZ_START_ANY)
        any_fields(r, &s->profile, p);
    if (fuzz_rng_chance(r, 10)) {
        p->angle_buffer_1 = (uint8_t)fuzz_rng_below(r, 256);
        p->angle_buffer_2 = (uint8_t)fuzz_rng_below(r, 256);
    }
    if (fuzz_rng_chance(r, 5))
        p->word_38 = (uint16_t)fuzz_rng_below(r, 65536);
    if (fuzz_rng_chance(r, 50))
        p->status |= SPG_STATUS_FACING_LEFT;
    if (fuzz_rng_chance(r, 25))
        p->control_lock = (uint16_t)fuzz_rng_range(r, 1, 60);
    if (fuzz_rng_chance(r, 20))
        p->jumping = 1;
    uint32_t xs = fuzz_rng_chance(r, 50) ? fuzz_rng_below(r, 65536) : 0;
    uint32_t ys = fuzz_rng_chance(r, 50) ? fuzz_rng_below(r, 65536) : 0;
    uint32_t ux = (uint32_t)(uint16_t)(ox + x) << 16 | xs;
    uint32_t uy = (uint32_t)(uint16_t)(oy + y) << 16 | ys;
    memcpy(&p->x, &ux, sizeof ux);
    memcpy(&p->y, &uy, sizeof uy);
}

static void make_limits(builder *b, scenario *s)
{
    fuzz_rng *r = b->rng;
    int left = s->map.x0 * 16, right = left + b->w * 16;
    int top = s->map.y0 * 16, bottom = top + b->h * 16;
    if (b->features & FUZZ_F_TIGHT_SIDES) {
        left += fuzz_rng_range(r, -16, b->w * 4);
        right -= fuzz_rng_range(r, -16, b->w * 4);
    } else {
        left -= fuzz_rng_range(r, 0, 64);
        right += fuzz_rng_range(r, 0, 64);
    }
    /* Sonic_LevelBound stops at left + $10 and right + $168. */
    s->map.limit_left = (int16_t)(left - 0x10);
    s->map.limit_right = (int16_t)(right - 0x168);
    int death = (b->features & FUZZ_F_TIGHT_BOTTOM)
                    ? fuzz_rng_range(r, top, bottom)
                    : bottom + fuzz_rng_range(r, 16, 200);
    s->map.limit_bottom = (int16_t)(death - 224);
}

static uint8_t pick_buttons(fuzz_rng *r, const int pct[8])
{
    uint8_t held = 0;
    for (int k = 0; k < 8; k++)
        if (fuzz_rng_chance(r, (uint32_t)pct[k]))
            held |= (uint8_t)(1u << k);
    return held;
}

static void make_input(builder *b, scenario *s, fuzz_case_info *info)
{
    fuzz_rng *r = b->rng;
    static const int levels[5] = {0, 5, 30, 70, 95};
    int pct[8];
    for (int k = 0; k < 8; k++)
        pct[k] = levels[fuzz_rng_below(r, 5)];
    pct[7] = fuzz_rng_chance(r, 80) ? 0 : 5; /* start */
    uint8_t held = 0;
    int run = 0, dir_run = 0, jump_run = 0, jump_gap = 0;
    uint8_t dir = 0;
    for (int i = 0; i < s->frames; i++) {
        switch (info->input) {
        case FUZZ_INPUT_RANDOM:
            held = pick_buttons(r, pct);
            break;
        case FUZZ_INPUT_RUNS:
            if (run-- <= 0) {
                run = fuzz_rng_range(r, 1, 60);
                held = pick_buttons(r, pct);
            }
            break;
        case FUZZ_INPUT_JUMPY:
        default:
            if (dir_run-- <= 0) {
                static const uint8_t dirs[5] = {
                    SPG_BTN_RIGHT, SPG_BTN_LEFT, 0, SPG_BTN_DOWN,
                    SPG_BTN_RIGHT | SPG_BTN_DOWN};
                dir = dirs[fuzz_rng_below(r, 5)];
                dir_run = fuzz_rng_range(r, 10, 120);
            }
            if (jump_run > 0) {
                jump_run--;
            } else if (jump_gap-- <= 0) {
                jump_run = fuzz_rng_range(r, 1, 20);
                jump_gap = fuzz_rng_range(r, 5, 40);
            }
            held = (uint8_t)(dir | (jump_run > 0 ? SPG_BTN_C : 0));
            break;
        }
        s->inputs[i].held = held;
    }
}

/* ---- Sonic 2 ---------------------------------------------------------------- */

/*
 * Everything Sonic 2 adds comes from a second random stream of the seed,
 * so the main stream, and with it every Sonic 1 case, is untouched.
 */
static void s2_rng_seed(fuzz_rng *r, uint64_t seed)
{
    fuzz_rng_seed(r, seed);
    r->state ^= 0x53324F4E49433200ull; /* "S2ONIC2" */
    (void)fuzz_rng_next(r);
}

#define PATH1_BITS (SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID)
#define PATH2_BITS (SPG_CELL_TOP_SOLID_2 | SPG_CELL_SIDE_SOLID_2)

/* Block ids the capture may use of the 0x2FF Sonic 2's collision tables
 * hold (harness/capture/level.c, level_build_s2: one block id per
 * distinct pair of primary and secondary mask). */
#define S2_BLOCK_BUDGET 700

/* The distinct (primary, secondary) mask pairs a map uses so far. */
typedef struct pair_set {
    uint8_t *seen; /* 256 * 256 */
    int count;
} pair_set;

/* Whether the pair may be used (1: already used, or added now). */
static int pair_take(pair_set *ps, unsigned m1, unsigned m2)
{
    unsigned k = (m1 & 0xFF) << 8 | (m2 & 0xFF);
    if (ps->seen[k])
        return 1;
    if (ps->count >= S2_BLOCK_BUDGET)
        return 0;
    ps->seen[k] = 1;
    ps->count++;
    return 1;
}

/* The primary path's solidity, as the secondary path's bits. */
static uint16_t path2_like_path1(uint16_t c)
{
    uint16_t b = 0;
    if (c & SPG_CELL_TOP_SOLID)
        b |= SPG_CELL_TOP_SOLID_2;
    if (c & SPG_CELL_SIDE_SOLID)
        b |= SPG_CELL_SIDE_SOLID_2;
    return b;
}

/*
 * Terrain only one path sees, like the two layers of a Sonic 2 loop: a
 * sloped strip (a ledge, or ground down to the map's bottom) whose cells
 * are solid on one path only.  On an empty cell it is the cell's mask on
 * both paths with only that path's solidity; on a solid cell it replaces
 * that path's mask and solidity and leaves the other path's.
 */
static void s2_layer(builder *b, fuzz_rng *r, uint8_t *c2, pair_set *ps)
{
    int on_secondary = fuzz_rng_chance(r, 70);
    int len = fuzz_rng_range(r, 3, 24);
    int tx0 = fuzz_rng_range(r, 0, b->w - 1);
    int hp = b->h * 16;
    int y = fuzz_rng_range(r, 16, hp - 8);
    int thick = fuzz_rng_chance(r, 50) ? fuzz_rng_range(r, 4, 48) : hp;
    static const int steps[6] = {0, 0, 2, 4, 8, 16};
    int d = fuzz_rng_range(r, 0, steps[fuzz_rng_below(r, 6)]);
    if (fuzz_rng_chance(r, 50))
        d = -d;
    for (int tx = tx0; tx < tx0 + len && tx < b->w; tx++) {
        int s0 = y, s1 = y + d;
        uint8_t angle = angle_of_normal(s1 - s0, -16);
        for (int ty = 0; ty < b->h; ty++) {
            uint8_t px[16][16];
            int n = 0;
            for (int i = 0; i < 16; i++) {
                int sy = s0 + fdiv((s1 - s0) * i, 16);
                for (int j = 0; j < 16; j++) {
                    int yy = ty * 16 + j;
                    px[j][i] = (uint8_t)(yy >= sy && yy < sy + thick);
                    n += px[j][i];
                }
            }
            if (n == 0)
                continue;
            spg_mask m;
            mask_from_pixels(px, n == 256 ? flat_angle(b) : angle, &m);
            unsigned idx = (unsigned)intern_mask(b, &m);
            size_t i = (size_t)ty * (size_t)b->w + (size_t)tx;
            uint16_t old = b->cells[i];
            unsigned m1 = old & SPG_CELL_MASK;
            if (m1 == 0) {
                if (!pair_take(ps, idx, idx))
                    continue;
                b->cells[i] = (uint16_t)(idx | (on_secondary ? PATH2_BITS
                                                             : PATH1_BITS));
                c2[i] = (uint8_t)idx;
            } else if (on_secondary) {
                if (!pair_take(ps, m1, idx))
                    continue;
                c2[i] = (uint8_t)idx;
                b->cells[i] = (uint16_t)(old | PATH2_BITS);
            } else {
                if (!pair_take(ps, idx, c2[i]))
                    continue;
                b->cells[i] = (uint16_t)((old & ~(SPG_CELL_MASK | PATH1_BITS)) |
                                         idx | PATH1_BITS);
            }
        }
        y += d;
        if (y < 8 || y > hp - 8) {
            d = -d;
            y = y < 8 ? 8 : hp - 8;
        }
    }
}

/*
 * The secondary collision path: every solid cell first shows the same
 * mask and solidity on both paths (what the loader gives when a scenario
 * says nothing about the path), then the features make them differ.
 * Returns 0, or -1 when out of memory.
 */
static int s2_paths(builder *b, scenario *s, fuzz_rng *r, uint32_t f2)
{
    static const uint16_t solid2[4] = {
        SPG_CELL_TOP_SOLID_2 | SPG_CELL_SIDE_SOLID_2, SPG_CELL_TOP_SOLID_2,
        SPG_CELL_SIDE_SOLID_2, 0};
    size_t n = (size_t)b->w * (size_t)b->h;
    pair_set ps;
    ps.count = 0;
    ps.seen = calloc(256 * 256, 1);
    uint8_t *c2 = calloc(n, 1);
    if (!ps.seen || !c2) {
        free(ps.seen);
        free(c2);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        unsigned m = b->cells[i] & SPG_CELL_MASK;
        if (m == 0)
            continue;
        c2[i] = (uint8_t)m;
        b->cells[i] |= path2_like_path1(b->cells[i]);
        pair_take(&ps, m, m); /* at most 240 masks: always room */
    }
    if (f2 & FUZZ_F2_PATH_LAYER) {
        int k = fuzz_rng_range(r, 1, 3);
        while (k-- > 0)
            s2_layer(b, r, c2, &ps);
    }
    if (f2 & FUZZ_F2_PATH_TILES) {
        int pct = fuzz_rng_range(r, 5, 40);
        for (size_t i = 0; i < n; i++) {
            unsigned m = b->cells[i] & SPG_CELL_MASK;
            if (m == 0 || !fuzz_rng_chance(r, (uint32_t)pct))
                continue;
            unsigned k = (unsigned)fuzz_rng_range(r, 1, b->mask_count - 1);
            if (pair_take(&ps, m, k))
                c2[i] = (uint8_t)k;
        }
    }
    if (f2 & FUZZ_F2_PATH_SOLIDITY) {
        int pct = fuzz_rng_range(r, 5, 60);
        for (size_t i = 0; i < n; i++) {
            uint16_t c = b->cells[i];
            if ((c & SPG_CELL_MASK) == 0 || !fuzz_rng_chance(r, (uint32_t)pct))
                continue;
            b->cells[i] = (uint16_t)((c & ~PATH2_BITS) | solid2[fuzz_rng_below(r, 4)]);
        }
    }
    free(ps.seen);
    free(s->cells2);
    s->cells2 = c2;
    s->map.secondary_masks = c2;
    return 0;
}

/* Standing still on the floor (a random place with one), as the idle skip
 * and a spindash from rest need; nothing when the map has no floor. */
static void s2_stand(builder *b, scenario *s, fuzz_rng *r)
{
    spg_player *p = &s->start;
    int x = -1, fy = -1;
    for (int k = 0; k < 32 && fy < 0; k++) {
        x = fuzz_rng_range(r, 8, b->w * 16 - 8);
        fy = floor_at(b, x);
    }
    if (fy < 0)
        return;
    spg_player d = spg_player_default(&s->profile);
    d.top_solid_bit = p->top_solid_bit;
    d.lrb_solid_bit = p->lrb_solid_bit;
    d.status = (uint8_t)((d.status & ~SPG_STATUS_FACING_LEFT) |
                         (p->status & SPG_STATUS_FACING_LEFT));
    *p = d;
    uint32_t ux = (uint32_t)(uint16_t)(s->map.x0 * 16 + x) << 16;
    uint32_t uy = (uint32_t)(uint16_t)(s->map.y0 * 16 + fy -
                                       p->height_radius) << 16;
    memcpy(&p->x, &ux, sizeof ux);
    memcpy(&p->y, &uy, sizeof uy);
}

/* The start fields only Sonic 2 has.  Returns the idle stretch (frames of
 * no input at the start), 0 for none. */
static int s2_start(builder *b, scenario *s, fuzz_rng *r, uint32_t f2)
{
    spg_player *p = &s->start;
    int idle = 0;
    if (f2 & FUZZ_F2_SECONDARY) {
        p->top_solid_bit = 0x0E;
        p->lrb_solid_bit = 0x0F;
    }
    if (f2 & FUZZ_F2_IDLE) {
        s2_stand(b, s, r);
        idle = fuzz_rng_range(r, 180, 1100);
    } else if ((f2 & FUZZ_F2_SPINDASH) && fuzz_rng_chance(r, 50)) {
        s2_stand(b, s, r);
    }
    if (f2 & FUZZ_F2_SPINDASH_STATE) {
        /* spindash_counter stays within $8FF: SpindashSpeeds has entries
         * for high bytes 0..8 only (the core's formula goes on past it,
         * the original reads what follows the table; play never gets
         * there). */
        switch (fuzz_rng_below(r, 4)) {
        case 0: /* charging: the flag and a charge */
            p->word_38 = (uint16_t)((p->word_38 & 0xFF00u) | 1u);
            p->spindash_counter = (uint16_t)fuzz_rng_range(r, 0, 0x8FF);
            break;
        case 1: { /* ducking: a press starts the spindash */
            spg_player before = *p;
            p->anim = 8; /* Duck */
            p->prev_anim = 8;
            p->anim_frame = 0;
            if (!scenario_anim_ok(&s->profile, p))
                *p = before;
            break;
        }
        case 2: /* a charge left over, no flag */
            p->spindash_counter = (uint16_t)fuzz_rng_range(r, 0, 0x8FF);
            break;
        default: /* any flag byte */
            p->word_38 = (uint16_t)((p->word_38 & 0xFF00u) |
                                    fuzz_rng_below(r, 256));
            if (fuzz_rng_chance(r, 50))
                p->spindash_counter = (uint16_t)fuzz_rng_range(r, 0, 0x8FF);
            break;
        }
    }
    return idle;
}

/* Hold `held` on frames [at, at + n) that exist. */
static void hold_frames(scenario *s, int at, int n, uint8_t held)
{
    for (int i = at; i < at + n && i < s->frames; i++)
        if (i >= 0)
            s->inputs[i].held = held;
}

/*
 * Spindash input over the generated input: down held (ducking once the
 * player stands), A/B/C pressed 0..6 times with down still held (each
 * press charges), then down released (the release launches), and the
 * idle stretch's frames of nothing at the start.
 */
static void s2_input(scenario *s, fuzz_rng *r, uint32_t f2, int idle)
{
    if (f2 & FUZZ_F2_SPINDASH) {
        static const uint8_t btn[4] = {SPG_BTN_A, SPG_BTN_B, SPG_BTN_C,
                                       SPG_BTN_A | SPG_BTN_C};
        static const uint8_t after[5] = {0, 0, SPG_BTN_RIGHT, SPG_BTN_LEFT,
                                         SPG_BTN_C};
        int n = fuzz_rng_range(r, 1, 4);
        for (int k = 0; k < n; k++) {
            int at = (int)fuzz_rng_below(r, (uint32_t)s->frames);
            if (idle && at < idle)
                at = idle + (int)fuzz_rng_below(r, 60);
            uint8_t extra = fuzz_rng_chance(r, 15)
                                ? (fuzz_rng_chance(r, 50) ? SPG_BTN_RIGHT
                                                          : SPG_BTN_LEFT)
                                : 0;
            uint8_t down = (uint8_t)(SPG_BTN_DOWN | extra);
            int lead = fuzz_rng_range(r, 1, 60);
            hold_frames(s, at, lead, down);
            at += lead;
            int presses = fuzz_rng_range(r, 0, 6);
            for (int j = 0; j < presses; j++) {
                hold_frames(s, at, 1, (uint8_t)(down | btn[fuzz_rng_below(r, 4)]));
                at++;
                int gap = fuzz_rng_range(r, 0, 10);
                hold_frames(s, at, gap, down);
                at += gap;
            }
            /* One draw a statement: the order of a call's arguments is
             * the compiler's. */
            int rest = fuzz_rng_range(r, 1, 40);
            uint8_t then = after[fuzz_rng_below(r, 5)];
            hold_frames(s, at, rest, then);
        }
    }
    hold_frames(s, 0, idle, 0);
}

/* ---- the vertical wrap (a game with GAME_TOP_LIMIT) --------------------------- */

/*
 * Its own stream of the seed, so that the other games' cases and every
 * other draw of a Sonic 2 case stay what they were.
 */
static void wrap_rng_seed(fuzz_rng *r, uint64_t seed)
{
    fuzz_rng_seed(r, seed ^ 0x5657524150ull); /* "VWRAP" */
}

/* The map's first layout row in a wrap case: at the top of the level
 * (40%: a jump from it rises past y 0 to $7xx) or at its bottom (40%: a
 * fall off it passes $7FF and comes down on it from above), else where
 * the main stream put it. */
static int wrap_y0(fuzz_rng *r, int y0, int h, int rows)
{
    uint32_t k = fuzz_rng_below(r, 10);
    if (k < 4)
        return 0;
    if (k < 8)
        return rows - h;
    return y0;
}

/* The limits of a wrap case: top -$100 (Camera_Min_Y_pos of Metropolis
 * Zone) in 90% of them, else one off it or any word (the player code tests
 * for -$100 exactly); the bottom half the time Metropolis Zone's $800,
 * which the wrapped y never passes, else the case's own. */
static void wrap_limits(scenario *s, fuzz_rng *r)
{
    static const int16_t near[2] = {-0xFF, -0x101};
    s->map.limit_top = -0x100;
    if (fuzz_rng_chance(r, 10)) {
        if (fuzz_rng_chance(r, 50))
            s->map.limit_top = near[fuzz_rng_below(r, 2)];
        else
            s->map.limit_top = (int16_t)(uint16_t)fuzz_rng_below(r, 65536);
    }
    if (fuzz_rng_chance(r, 50))
        s->map.limit_bottom = 0x800;
}

/* ---- names ------------------------------------------------------------------ */

static const char *const feature_names[FUZZ_ALL_FEATURE_COUNT] = {
    "ground", "shallow", "steep", "cliffs", "pits", "ceiling", "walls",
    "platforms", "curves", "random-masks", "flips", "solidity",
    "tight-bottom", "tight-sides", "flat-ff", "wide-range",
    "path2-solidity", "path2-tiles", "path2-layer", "start-secondary",
    "spindash", "idle", "spindash-state", "wrap"};

const char *fuzz_feature_name(uint32_t bit)
{
    for (int i = 0; i < FUZZ_ALL_FEATURE_COUNT; i++)
        if (bit == 1u << i)
            return feature_names[i];
    return "?";
}

const char *fuzz_start_name(fuzz_start_style s)
{
    static const char *const n[FUZZ_START_STYLES] = {
        "ground", "rolling", "air", "fast", "wall", "any"};
    return (unsigned)s < FUZZ_START_STYLES ? n[s] : "?";
}

const char *fuzz_input_name(fuzz_input_style s)
{
    static const char *const n[FUZZ_INPUT_STYLES] = {"random", "runs", "jumpy"};
    return (unsigned)s < FUZZ_INPUT_STYLES ? n[s] : "?";
}

void fuzz_features_string(uint32_t features, char *buf, size_t len)
{
    size_t at = 0;
    buf[0] = '\0';
    for (int i = 0; i < FUZZ_ALL_FEATURE_COUNT; i++) {
        if (!(features & (1u << i)))
            continue;
        int n = snprintf(buf + at, len - at, "%s%s", at ? "+" : "",
                         feature_names[i]);
        if (n < 0 || (size_t)n >= len - at)
            break;
        at += (size_t)n;
    }
    if (at == 0)
        snprintf(buf, len, "none");
}

/* ---- the case ---------------------------------------------------------------- */

#if defined(__GNUC__)
static char *dup_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#endif

static char *dup_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return NULL;
    char *s = malloc((size_t)n + 1);
    if (!s)
        return NULL;
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

int fuzz_character_parse(const char *name)
{
    if (strcmp(name, "any") == 0)
        return FUZZ_CHAR_ANY;
    if (strcmp(name, "sonic") == 0)
        return SPG_CHAR_SONIC;
    if (strcmp(name, "tails") == 0)
        return SPG_CHAR_TAILS;
    if (strcmp(name, "knuckles") == 0)
        return SPG_CHAR_KNUCKLES;
    return -2;
}

const char *fuzz_character_name(int character)
{
    return character == SPG_CHAR_TAILS      ? "tails"
           : character == SPG_CHAR_SONIC    ? "sonic"
           : character == SPG_CHAR_KNUCKLES ? "knuckles"
                                            : "any";
}

int fuzz_generate(uint64_t seed, scenario *s, fuzz_case_info *info)
{
    return fuzz_generate_game(NULL, seed, s, info);
}

/* Sonic 3's start fields, from a stream of their own (so the Sonic 2 part
 * of the case is the same as for Sonic 2): the level frame counter (Tails'
 * flight timer counts on odd values), now and then a double jump flag or
 * a flight timer already under way, a look delay; no forced roll
 * (spin_dash_flag bit 7), which the core does not model. */
static void s3_start(scenario *s, uint64_t seed)
{
    /* Knuckles' double_jump_flag has six states (0 normal .. 5 over a
     * ledge); Sonic and Tails use 0..2 */
    uint32_t flags = s->character == SPG_CHAR_KNUCKLES ? 6 : 3;
    fuzz_rng r;
    spg_player *p = &s->start;
    fuzz_rng_seed(&r, seed ^ 0x53334433ull);
    p->word_38 &= (uint16_t)~0x0080u;
    if (fuzz_rng_chance(&r, 50))
        p->frame_counter = (uint16_t)fuzz_rng_below(&r, 65536);
    if (fuzz_rng_chance(&r, 10))
        p->double_jump_flag = (uint8_t)fuzz_rng_below(&r, flags);
    if (fuzz_rng_chance(&r, 10))
        p->double_jump_property = (uint8_t)fuzz_rng_below(&r, 241);
    /* Over a ledge (state 5) the byte indexes Knuckles_ClimbLedge_Frames,
     * 16 bytes read four at a time until the byte is 16: from any byte
     * but 0, 4, 8 or 12 the original goes on into the code after the
     * table, which the game never does and the core does not model */
    if (s->character == SPG_CHAR_KNUCKLES && p->double_jump_flag == 5)
        p->double_jump_property &= 0x0Cu;
    if (fuzz_rng_chance(&r, 10))
        p->scroll_delay_counter = (uint8_t)fuzz_rng_below(&r, 130);
}

/* Sonic CD's start fields, from a stream of their own (so the Sonic 1
 * part of the case is the Sonic 1 case of that seed): a charge under way
 * (0..45: the peel-out stops at 30, the spindash at 45), the look
 * double-tap state, any time zone (the present's launch area and 3D-ramp
 * rules, or none), the camera centres where the player code moves them,
 * the boredom timer (below the give-up at 10800, which the core does not
 * model) and now and then oPlayerCtrl's bits. */
static void scd_start(scenario *s, fuzz_rng *r)
{
    spg_player *p = &s->start;
    if (fuzz_rng_chance(r, 30))
        p->charge = (uint8_t)fuzz_rng_range(r, 0, 45);
    if (fuzz_rng_chance(r, 20)) {
        uint8_t look = (uint8_t)fuzz_rng_below(r, 16);
        if (fuzz_rng_chance(r, 30))
            look |= 0x80; /* looking up */
        if (fuzz_rng_chance(r, 30))
            look |= 0x40; /* looking down */
        p->look_mode = look;
        if (fuzz_rng_chance(r, 10))
            p->look_mode = (uint8_t)fuzz_rng_below(r, 256);
    }
    if (fuzz_rng_chance(r, 50))
        p->time_zone = (uint8_t)fuzz_rng_below(r, 3);
    if (fuzz_rng_chance(r, 20))
        p->cam_x_center = (uint16_t)(96 + 2 * fuzz_rng_below(r, 65));
    if (fuzz_rng_chance(r, 20))
        p->cam_y_center = (uint16_t)(8 + 2 * fuzz_rng_below(r, 97));
    if (fuzz_rng_chance(r, 5)) {
        p->cam_x_center = (uint16_t)fuzz_rng_below(r, 65536);
        p->cam_y_center = (uint16_t)fuzz_rng_below(r, 65536);
    }
    if (fuzz_rng_chance(r, 20))
        p->bored_timer =
            (uint16_t)fuzz_rng_below(r, SCENARIO_BORED_GIVE_UP);
    if (fuzz_rng_chance(r, 10)) {
        static const uint8_t bits[5] = {0x01, 0x02, 0x40, 0x80, 0x82};
        p->player_ctrl = bits[fuzz_rng_below(r, 5)];
        if (fuzz_rng_chance(r, 20))
            p->player_ctrl = (uint8_t)fuzz_rng_below(r, 256);
    }
}

/*
 * The level's water (a stream of its own, so the rest of a case is what it
 * was before water existed): where the case's level may have water, a
 * quarter of the cases get a surface within 48 px of the start's centre,
 * so the player crosses it one way or the other soon; a level that must
 * have water (Sonic 1's Labyrinth Zone, picked by the zone stream, or
 * here for 15% of the cases the zone stream left in the default zone
 * without loop chunks) always gets one.
 */
static void water(scenario *s, fuzz_rng *r)
{
    const game_desc *g = scenario_game(s);
    /* a case the zone stream left in the default zone, without loop
     * chunks, goes now and then to a zone with water (Sonic 1: Labyrinth) */
    if (g != NULL && g->zone_count > 0 && s->chunk_kinds == NULL &&
        s->low_cells == NULL &&
        s->map.zone == g->zones[g->default_zone].id &&
        fuzz_rng_chance(r, 15)) {
        for (int i = 0; i < g->zone_count; i++)
            if (g->zones[i].water) {
                scenario_set_zone(s, &g->zones[i]);
                break;
            }
    }
    if (!scenario_water_allowed(s))
        return;
    if (!scenario_water_required(s) && !fuzz_rng_chance(r, 25))
        return;
    int32_t y = (int16_t)(uint16_t)((uint32_t)s->start.y >> 16);
    int32_t level = y + (int32_t)fuzz_rng_range(r, 0, 96) - 48;
    if (level < -32768)
        level = -32768;
    if (level > 32767)
        level = 32767;
    scenario_set_water(s, (int16_t)level);
}

/*
 * Sonic 1's zones and loops (a stream of their own, so the rest of a case
 * is what it was before they existed): half the cases run in Green Hill
 * or Star Light, where Sonic_Loops acts, or another zone; the chunks the
 * map overlaps become now and then one of the zone's four kinds (each
 * kind once: the original holds one chunk per id) or a plain loop chunk,
 * whose low plane is the high plane with some cells taken away or filled;
 * and the start is on the low plane now and then.  Returns -1 when out of
 * memory.
 */
static int zone_loops(builder *b, scenario *s, fuzz_rng *r)
{
    const game_desc *g = scenario_game(s);
    if (g == NULL || g->zone_count == 0 || !fuzz_rng_chance(r, 50))
        return 0;
    const game_zone *z = &g->zones[fuzz_rng_below(r, (uint32_t)g->zone_count)];
    /* (Labyrinth Zone, where Sonic_Water acts, stays: water() gives it a
     * surface) */
    if (fuzz_rng_chance(r, 70)) /* mostly where the loops are */
        z = game_zone_by_name(g, fuzz_rng_chance(r, 60) ? "ghz" : "slz");
    scenario_set_zone(s, z);
    if (fuzz_rng_chance(r, 50))
        s->start.render_flags ^= SPG_RENDER_LOW_PLANE;
    s->chunk_kinds = calloc(SCENARIO_LAYOUT_CHUNKS, 1);
    if (s->chunk_kinds == NULL)
        return -1;
    int taken[4] = {0, 0, 0, 0}, special = 0;
    const spg_map *m = &s->map;
    for (int cy = m->y0 / 16; cy <= (m->y0 + m->height - 1) / 16; cy++)
        for (int cx = m->x0 / 16; cx <= (m->x0 + m->width - 1) / 16; cx++) {
            if (cx >= SCENARIO_LAYOUT_CHUNKS_X || fuzz_rng_chance(r, 40))
                continue;
            int kind = (int)fuzz_rng_range(r, SCENARIO_CHUNK_SPECIAL,
                                           SCENARIO_CHUNK_ROLL2);
            if (kind >= SCENARIO_CHUNK_LOOP1) {
                int role = kind - SCENARIO_CHUNK_LOOP1;
                if (taken[role] || z->loop_chunks[role] == GAME_NO_CHUNK)
                    kind = SCENARIO_CHUNK_SPECIAL;
                else
                    taken[role] = 1;
            }
            s->chunk_kinds[cy * SCENARIO_LAYOUT_CHUNKS_X + cx] = (uint8_t)kind;
            special |= kind == SCENARIO_CHUNK_SPECIAL ||
                       (kind >= SCENARIO_CHUNK_LOOP1 &&
                        (z->loop_chunks[kind - SCENARIO_CHUNK_LOOP1] & 0x80));
        }
    char msg[320];
    if (special && fuzz_rng_chance(r, 80)) {
        size_t n = (size_t)m->width * m->height;
        s->low_cells = malloc(n * sizeof *s->low_cells);
        if (s->low_cells == NULL)
            return -1;
        memcpy(s->low_cells, s->cells, n * sizeof *s->low_cells);
        for (int y = 0; y < m->height; y++)
            for (int x = 0; x < m->width; x++) {
                size_t i = (size_t)y * m->width + (size_t)x;
                int tx = m->x0 + x, ty = m->y0 + y;
                int kind = s->chunk_kinds[(ty / 16) * SCENARIO_LAYOUT_CHUNKS_X +
                                          tx / 16];
                int loop = kind == SCENARIO_CHUNK_SPECIAL ||
                           (kind >= SCENARIO_CHUNK_LOOP1 &&
                            (z->loop_chunks[kind - SCENARIO_CHUNK_LOOP1] & 0x80));
                if (!loop) {
                    s->low_cells[i] = 0;
                    continue;
                }
                if (fuzz_rng_chance(r, 15))
                    s->low_cells[i] = 0;
                else if (fuzz_rng_chance(r, 8))
                    s->low_cells[i] = (uint16_t)(1 | b->default_bits);
            }
    }
    return scenario_make_layout(s, msg, sizeof msg);
}

/*
 * Sonic CD's charges spliced into the generated input (same stream): up
 * (the Super Peel Out) or down (the spindash) held for a while, A/B/C
 * pressed with it held, the direction kept for up to 50 frames (the
 * charge builds), then let go, or left or right held.
 */
static void scd_input(scenario *s, fuzz_rng *r)
{
    static const uint8_t btn[3] = {SPG_BTN_A, SPG_BTN_B, SPG_BTN_C};
    static const uint8_t after[4] = {0, 0, SPG_BTN_RIGHT, SPG_BTN_LEFT};
    if (!fuzz_rng_chance(r, 60))
        return;
    int n = fuzz_rng_range(r, 1, 3);
    for (int k = 0; k < n; k++) {
        int at = (int)fuzz_rng_below(r, (uint32_t)s->frames);
        uint8_t dir = fuzz_rng_chance(r, 50) ? SPG_BTN_UP : SPG_BTN_DOWN;
        int lead = fuzz_rng_range(r, 1, 20);
        hold_frames(s, at, lead, dir);
        at += lead;
        hold_frames(s, at, 1, (uint8_t)(dir | btn[fuzz_rng_below(r, 3)]));
        at++;
        int keep = fuzz_rng_range(r, 0, 50);
        hold_frames(s, at, keep, dir);
        at += keep;
        int rest = fuzz_rng_range(r, 1, 60);
        uint8_t then = after[fuzz_rng_below(r, 4)];
        hold_frames(s, at, rest, then);
    }
}

int fuzz_generate_game(const fuzz_gen_config *cfg, uint64_t seed, scenario *s,
                       fuzz_case_info *info)
{
    if (cfg && cfg->level)
        return fuzz_generate_on_level(cfg->level, seed, s, info);
    fuzz_rng rng, rng2 = {0};
    /* Sonic 3 cases are Sonic 2's (its fields and characters), with the
     * Sonic 3 start fields drawn from a third stream after them */
    /* no config, or a game left 0: the first registered game's cases */
    const game_desc *g = game_at(0);
    if (cfg && cfg->game != 0 && (g = game_of(cfg->game)) == NULL)
        return -1;
    int s3 = game_has(g, GAME_S3_STATE);
    int s2 = game_has(g, GAME_PATHS);
    int scd = game_has(g, GAME_SCD_STATE);
    int vwrap = game_has(g, GAME_TOP_LIMIT);
    fuzz_rng rng_wrap;
    wrap_rng_seed(&rng_wrap, seed);
    fuzz_rng rng_scd;
    fuzz_rng_seed(&rng_scd, seed ^ 0x53434443443230ull); /* "SCDCD20" */
    spg_character ch = SPG_CHAR_SONIC;
    uint32_t f2 = 0;
    int idle = 0;
    fuzz_rng_seed(&rng, seed);
    memset(info, 0, sizeof *info);
    info->seed = seed;
    info->game = g->id;
    if (s2) {
        /* The second stream: the character, then the Sonic 2 swarm (each
         * feature on with probability 1/2, the idle stretch 1/4: it makes
         * long cases). */
        s2_rng_seed(&rng2, seed);
        /* Drawn even when cfg chooses, so that the choice changes only the
         * character, not the case. */
        ch = fuzz_rng_chance(&rng2, 50) ? SPG_CHAR_SONIC : SPG_CHAR_TAILS;
        /* a game of more characters (Sonic & Knuckles): one of its list,
         * from the same draw's stream */
        if (g->character_count > 2)
            ch = g->characters[fuzz_rng_below(&rng2,
                                              (uint32_t)g->character_count)]
                     .id;
        if (cfg->character != FUZZ_CHAR_ANY &&
            game_character_name(g, (spg_character)cfg->character) != NULL)
            ch = (spg_character)cfg->character;
        f2 = ((uint32_t)fuzz_rng_next(&rng2) &
              ((1u << FUZZ_S2_FEATURE_COUNT) - 1))
             << FUZZ_FEATURE_COUNT;
        if ((f2 & FUZZ_F2_IDLE) && fuzz_rng_chance(&rng2, 50))
            f2 &= ~(uint32_t)FUZZ_F2_IDLE;
        /* the wrap only where the game models it, and there in a quarter
         * of the cases (the bit, then 1/2 from its own stream) */
        if (!vwrap || !fuzz_rng_chance(&rng_wrap, 50))
            f2 &= ~(uint32_t)FUZZ_F2_WRAP;
    }
    info->character = ch;

    /* The swarm: each feature on with probability 1/2; a floor most of the
     * time, since most of the physics happens on one. */
    uint32_t f = (uint32_t)fuzz_rng_next(&rng) & ((1u << FUZZ_FEATURE_COUNT) - 1);
    if (fuzz_rng_chance(&rng, 80))
        f |= FUZZ_F_GROUND;
    info->features = f | f2;
    info->start = (fuzz_start_style)fuzz_rng_below(&rng, FUZZ_START_STYLES);
    info->input = (fuzz_input_style)fuzz_rng_below(&rng, FUZZ_INPUT_STYLES);

    static const spg_variant variants[3] = {
        SPG_VARIANT_NORMAL, SPG_VARIANT_SPEED_SHOES, SPG_VARIANT_UNDERWATER};
    spg_variant variant = fuzz_rng_chance(&rng, 60)
                              ? SPG_VARIANT_NORMAL
                              : variants[fuzz_rng_below(&rng, 3)];
    char name[64];
    snprintf(name, sizeof name, "fuzz-%llu", (unsigned long long)seed);
    if (scenario_init(s, name, info->game, ch, variant) != 0)
        return -1;

    builder b;
    memset(&b, 0, sizeof b);
    b.rng = &rng;
    b.features = f;
    b.w = fuzz_rng_range(&rng, 12, MAX_W);
    b.h = fuzz_rng_range(&rng, 10, MAX_H);
    /* the game's level layout (its profile's) */
    int x0 = fuzz_rng_range(&rng, 1, s->profile.layout_tiles_x - b.w - 1);
    if (fuzz_rng_chance(&rng, 70)) /* mostly near the level's start */
        x0 = fuzz_rng_range(&rng, 1, 200);
    int y0 = fuzz_rng_range(&rng, 0, s->profile.layout_tiles_y - b.h);
    if (f2 & FUZZ_F2_WRAP)
        y0 = wrap_y0(&rng_wrap, y0, b.h, s->profile.layout_tiles_y);
    if (scenario_set_map(s, x0, y0, b.w, b.h) != 0)
        goto oom;
    b.cells = s->cells;
    b.masks = s->masks;
    b.mask_count = 1; /* [0]: empty */
    b.default_bits = SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID;
    {
        /* Mask 1 is always the full block (intern_mask's fallback). */
        spg_mask full;
        for (int i = 0; i < 16; i++)
            full.heights[i] = full.widths[i] = 16;
        full.angle = flat_angle(&b);
        intern_mask(&b, &full);
    }

    if (f & FUZZ_F_GROUND)
        make_ground(&b);
    if (f & FUZZ_F_CEILING)
        make_ceiling(&b);
    if (f & FUZZ_F_CURVES) {
        int n = fuzz_rng_range(&rng, 1, 2);
        for (int k = 0; k < n; k++)
            make_curve(&b);
    }
    if (f & FUZZ_F_WALLS)
        make_walls(&b);
    if (f & FUZZ_F_PLATFORMS)
        make_platforms(&b);
    if (f & FUZZ_F_RANDOM_MASKS)
        make_random_masks(&b);
    decorate(&b);
    if (s2 && s2_paths(&b, s, &rng2, f2) != 0)
        goto oom;

    s->map.mask_count = (uint16_t)b.mask_count;

    make_start(&b, s, info->start);
    if (s2)
        idle = s2_start(&b, s, &rng2, f2);
    if (s3)
        s3_start(s, seed);
    if (scd)
        scd_start(s, &rng_scd);
    fuzz_rng rng_zone;
    fuzz_rng_seed(&rng_zone, seed ^ 0x5A4F4E45533232ull); /* "ZONES22" */
    if (zone_loops(&b, s, &rng_zone) != 0)
        goto oom;
    fuzz_rng rng_water;
    fuzz_rng_seed(&rng_water, seed ^ 0x5741544552323200ull); /* "WATER22" */
    water(s, &rng_water);
    make_limits(&b, s);
    if (f2 & FUZZ_F2_WRAP)
        wrap_limits(s, &rng_wrap);

    int len = (int)fuzz_rng_below(&rng, 100);
    int frames = len < 50   ? fuzz_rng_range(&rng, 30, 300)
                : len < 90 ? fuzz_rng_range(&rng, 300, 1200)
                           : fuzz_rng_range(&rng, 1200, 3000);
    if (idle && frames < idle + 30)
        frames = idle + fuzz_rng_range(&rng2, 30, 400);
    if (scenario_set_frames(s, frames) != 0)
        goto oom;
    make_input(&b, s, info);
    if (s2)
        s2_input(s, &rng2, f2, idle);
    if (scd)
        scd_input(s, &rng_scd);
    scenario_derive_pressed(s);

    char feats[256];
    fuzz_features_string(info->features, feats, sizeof feats);
    if (s2 || scd)
        s->description = dup_printf(
            "Generated by spgsim fuzz from seed %llu for %s (%s): "
            "features %s; start %s; input %s.",
            (unsigned long long)seed, g->title, fuzz_character_name(ch), feats,
            fuzz_start_name(info->start), fuzz_input_name(info->input));
    else
        s->description = dup_printf(
            "Generated by spgsim fuzz from seed %llu: features %s; start %s; "
            "input %s.",
            (unsigned long long)seed, feats, fuzz_start_name(info->start),
            fuzz_input_name(info->input));
    if (!s->description)
        goto oom;
    scenario_update_hash(s);
    return 0;
oom:
    scenario_free(s);
    return -1;
}
