/*
 * test_determinism.c - a long fixed run over a small built-in map with a
 * mixed input (walking, running, skidding, rolling, jumping, pushing a
 * wall, a slope, a pit that kills), hashed frame by frame.
 *
 * The test checks that the same run twice gives the same hash and that
 * the run really went through the modes it is meant to cover, then prints
 * the hash as "determinism-hash: <16 hex digits>".  ci compares that line
 * between gcc and clang builds at -O0 and -O2: the core must give the same
 * bits everywhere.
 */
#include <inttypes.h>

#include "test.h"
#include "spg/special.h"
#include "move_fixture.h"

#define MAP_W 64
#define MAP_H 8
#define RUN_FRAMES 40000

typedef struct world {
    spg_mask masks[3];
    uint16_t cells[MAP_W * MAP_H];
    spg_map map;
} world;

typedef struct run_stats {
    uint64_t hash;
    long air, rolling, pushing, deaths, slopes, spindash;
} run_stats;

/* y 640..767; floor top at 736; a ramp up to a plateau at 720; a pit;
 * a wall 4 tiles high. */
static void build_world(world *w)
{
    const uint16_t solid = SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID;
    int i, x, y;

    w->map = spg_map_default();
    w->masks[0] = w->map.masks[0];
    fixture_full_mask(&w->masks[1]);
    for (i = 0; i < 16; i++) {
        w->masks[2].heights[i] = (int8_t)(i + 1);
        w->masks[2].widths[i] = (int8_t)(i + 1);
    }
    w->masks[2].angle = 0xE0;
    for (y = 0; y < MAP_H; y++)
        for (x = 0; x < MAP_W; x++) {
            uint16_t c = 0;
            if (y >= 6 && !(x >= 34 && x <= 36))
                c = 1 | solid;
            if (y == 5 && x >= 20 && x <= 23)
                c = 2 | solid;
            if (y == 5 && x >= 24 && x <= 27)
                c = 1 | solid;
            if (y >= 2 && y <= 5 && x == 50)
                c = 1 | solid;
            if (y == 5 && x >= 10 && x <= 12)
                c = (uint16_t)(2 | SPG_CELL_XFLIP | solid);
            w->cells[y * MAP_W + x] = c;
        }
    w->map.masks = w->masks;
    w->map.mask_count = 3;
    w->map.cells = w->cells;
    w->map.x0 = 0;
    w->map.y0 = 40;
    w->map.width = MAP_W;
    w->map.height = MAP_H;
    w->map.limit_left = 0;
    w->map.limit_right = 1024 - 0x168;
    w->map.limit_bottom = 760 - 224;
}

static uint64_t fnv(uint64_t h, uint32_t v, int bytes)
{
    int i;
    for (i = 0; i < bytes; i++) {
        h ^= (v >> (8 * i)) & 0xFFu;
        h *= 0x100000001B3ull;
    }
    return h;
}

static uint64_t hash_player(uint64_t h, const spg_player *p)
{
    h = fnv(h, (uint32_t)p->x, 4);
    h = fnv(h, (uint32_t)p->y, 4);
    h = fnv(h, (uint16_t)p->x_speed, 2);
    h = fnv(h, (uint16_t)p->y_speed, 2);
    h = fnv(h, (uint16_t)p->ground_speed, 2);
    h = fnv(h, p->height_radius, 1);
    h = fnv(h, p->width_radius, 1);
    h = fnv(h, p->anim, 1);
    h = fnv(h, p->status, 1);
    h = fnv(h, p->routine, 1);
    h = fnv(h, p->angle, 1);
    h = fnv(h, p->angle_buffer_1, 1);
    h = fnv(h, p->angle_buffer_2, 1);
    h = fnv(h, p->jumping, 1);
    h = fnv(h, p->control_lock, 2);
    h = fnv(h, p->word_38, 2);
    h = fnv(h, p->mapping_frame, 1);
    h = fnv(h, p->anim_frame, 1);
    h = fnv(h, p->prev_anim, 1);
    h = fnv(h, p->anim_timer, 1);
    h = fnv(h, p->render_flags, 1);
    h = fnv(h, p->spindash_counter, 2);
    h = fnv(h, p->top_solid_bit, 1);
    h = fnv(h, p->lrb_solid_bit, 1);
    return h;
}

static run_stats run(const spg_profile *profile)
{
    static const uint8_t choices[] = {
        0, SPG_BTN_RIGHT, SPG_BTN_RIGHT, SPG_BTN_LEFT, SPG_BTN_RIGHT | SPG_BTN_A,
        SPG_BTN_LEFT | SPG_BTN_C, SPG_BTN_DOWN, SPG_BTN_DOWN, SPG_BTN_B,
        SPG_BTN_UP, SPG_BTN_RIGHT | SPG_BTN_DOWN, SPG_BTN_LEFT | SPG_BTN_A,
        SPG_BTN_A, SPG_BTN_DOWN | SPG_BTN_A, SPG_BTN_DOWN | SPG_BTN_B};
    spg_profile pr = *profile;
    world w;
    spg_player p;
    run_stats st = {0xCBF29CE484222325ull, 0, 0, 0, 0, 0, 0};
    uint32_t rng = 12345u;
    uint8_t held = 0, prev = 0;
    int frame, left = 0, since_reset = 0;

    build_world(&w);
    p = fixture_standing(&pr, 64);
    for (frame = 0; frame < RUN_FRAMES; frame++) {
        spg_input in;
        if (left == 0) {
            rng = rng * 1103515245u + 12345u;
            held = choices[(rng >> 16) % (sizeof choices)];
            left = 1 + (int)((rng >> 8) % 48u);
        }
        left--;
        in.held = held;
        in.pressed = (uint8_t)(held & ~prev);
        prev = held;
        spg_step(&pr, &w.map, in, &p);
        st.hash = hash_player(st.hash, &p);
        st.air += (p.status & SPG_STATUS_IN_AIR) != 0;
        st.rolling += (p.status & (SPG_STATUS_ROLLING | SPG_STATUS_IN_AIR)) ==
                      SPG_STATUS_ROLLING;
        st.pushing += (p.status & SPG_STATUS_PUSHING) != 0;
        st.slopes += !(p.status & SPG_STATUS_IN_AIR) && p.angle != 0;
        /* Sonic 2's spindash_flag (in Sonic 1 the byte is part of the
         * word KillSonic writes) */
        st.spindash += pr.game == SPG_GAME_SONIC2 && p.routine == SPG_ROUTINE_CONTROL &&
                       (p.word_38 & 0xFF) != 0;
        since_reset++;
        if (p.routine != SPG_ROUTINE_CONTROL || since_reset > 4000) {
            st.deaths += p.routine != SPG_ROUTINE_CONTROL;
            p = fixture_standing(&pr, 64 + (int)(rng >> 24) % 500);
            p.y = m68k_mkl(600, 0);
            p.status |= SPG_STATUS_IN_AIR;
            since_reset = 0;
        }
    }
    return st;
}

static uint64_t total_hash;

/* The special stage: a walled 40x40 maze strewn with every block type
 * (a fixed pseudo-random pattern), random input, the stage turning. */
static uint64_t run_special(long *touched)
{
    static spg_ss_state s;
    static const uint8_t kinds[] = {0x01, 0x25, 0x29, 0x2A, 0x2B, 0x2D,
                                    0x3A, 0x3A, 0x28, 0x41, 0x4A, 0x2C};
    uint32_t rng = 777u;
    uint64_t h = 0xCBF29CE484222325ull;
    uint8_t held = 0, prev = 0;
    int left = 0;
    spg_ss_reset(&s);
    for (int r = 0; r < 40; r++)
        for (int c = 0; c < 40; c++) {
            uint8_t id = 0;
            rng = rng * 1103515245u + 12345u;
            if (r == 0 || c == 0 || r == 39 || c == 39)
                id = 0x01;
            else if ((rng >> 16) % 5u == 0 && !(r >= 18 && r <= 21 && c >= 18 && c <= 21))
                id = kinds[(rng >> 8) % sizeof kinds];
            s.layout[(0x20 + r) * SPG_SS_ROW + 0x20 + c] = id;
        }
    s.x = m68k_mkl(24 * 20 + 736, 0);
    s.y = m68k_mkl(24 * 20 + 688, 0);
    *touched = 0;
    for (int f = 0; f < 20000; f++) {
        spg_input in;
        if (left == 0) {
            rng = rng * 1103515245u + 12345u;
            held = (uint8_t)((rng >> 16) & (SPG_BTN_LEFT | SPG_BTN_RIGHT | SPG_BTN_C));
            left = 1 + (int)((rng >> 8) % 40u);
        }
        left--;
        in.held = held;
        in.pressed = (uint8_t)(held & ~prev);
        prev = held;
        spg_ss_step(&s, in);
        *touched += s.last_block != 0;
        h = fnv(h, (uint32_t)s.x, 4);
        h = fnv(h, (uint32_t)s.y, 4);
        h = fnv(h, (uint16_t)s.x_speed, 2);
        h = fnv(h, (uint16_t)s.y_speed, 2);
        h = fnv(h, (uint16_t)s.ground_speed, 2);
        h = fnv(h, s.stage_angle, 2);
        h = fnv(h, (uint16_t)s.rotation, 2);
        h = fnv(h, s.rings, 2);
        h = fnv(h, s.status | (uint32_t)s.routine << 8, 2);
    }
    for (int i = 0; i < SPG_SS_LAYOUT_BYTES; i++)
        h = fnv(h, s.layout[i], 1);
    return h;
}

static void test_special_same_twice(void)
{
    long ta, tb;
    uint64_t a = run_special(&ta), b = run_special(&tb);
    CHECK(a == b);
    CHECK(ta > 1000); /* the run keeps touching blocks */
    printf("  special stage: %ld frames touching a block\n", ta);
    total_hash = fnv(total_hash, (uint32_t)a, 4);
    total_hash = fnv(total_hash, (uint32_t)(a >> 32), 4);
}

static void test_same_twice(void)
{
    /* Sonic 1's three variants, then Sonic 2's Sonic and Tails in each */
    static const struct {
        spg_game game;
        spg_character character;
        spg_variant variant;
    } runs[] = {
        {SPG_GAME_SONIC1, SPG_CHAR_SONIC, SPG_VARIANT_NORMAL},
        {SPG_GAME_SONIC1, SPG_CHAR_SONIC, SPG_VARIANT_SPEED_SHOES},
        {SPG_GAME_SONIC1, SPG_CHAR_SONIC, SPG_VARIANT_UNDERWATER},
        {SPG_GAME_SONIC2, SPG_CHAR_SONIC, SPG_VARIANT_NORMAL},
        {SPG_GAME_SONIC2, SPG_CHAR_SONIC, SPG_VARIANT_SPEED_SHOES},
        {SPG_GAME_SONIC2, SPG_CHAR_SONIC, SPG_VARIANT_UNDERWATER},
        {SPG_GAME_SONIC2, SPG_CHAR_TAILS, SPG_VARIANT_NORMAL},
        {SPG_GAME_SONIC2, SPG_CHAR_TAILS, SPG_VARIANT_SPEED_SHOES},
        {SPG_GAME_SONIC2, SPG_CHAR_TAILS, SPG_VARIANT_UNDERWATER},
    };
    unsigned i;

    total_hash = 0xCBF29CE484222325ull;
    for (i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        spg_profile pr;
        if (spg_profile_get(runs[i].game, runs[i].character, runs[i].variant,
                            &pr) != 0) {
            CHECK(0);
            continue;
        }
        run_stats a = run(&pr);
        run_stats b = run(&pr);
        CHECK(a.hash == b.hash);
        printf("  sonic%d %s variant %u: air %ld, rolling %ld, pushing %ld, "
               "on slopes %ld, deaths %ld, spindash %ld\n", (int)runs[i].game,
               runs[i].character == SPG_CHAR_TAILS ? "tails" : "sonic",
               (unsigned)runs[i].variant, a.air, a.rolling, a.pushing,
               a.slopes, a.deaths, a.spindash);
        /* the run must actually cover what it claims to */
        CHECK(a.air > 1000);
        CHECK(a.rolling > 100);
        CHECK(a.pushing > 10);
        CHECK(a.slopes > 100);
        CHECK(a.deaths > 0);
        /* Sonic 2 charges spindashes */
        CHECK(runs[i].game != SPG_GAME_SONIC2 || a.spindash > 100);
        total_hash = fnv(total_hash, (uint32_t)a.hash, 4);
        total_hash = fnv(total_hash, (uint32_t)(a.hash >> 32), 4);
    }
}

int main(void)
{
    RUN(test_same_twice);
    RUN(test_special_same_twice);
    printf("determinism-hash: %016" PRIx64 "\n", total_hash);
    TEST_MAIN_END();
}
