/*
 * test_water.c - Sonic_Water (water.c) through spg_step: the surface test,
 * the speed sets, the entry's shifts and the exit's doubling and cap in
 * the shapes of Sonic 1, Sonic 2 and Sonic 3 / Sonic & Knuckles, and the
 * routine table that picks them.  The goldens under the water scenarios
 * show the same against the original games.
 */
#include <string.h>

#include "test.h"
#include "internal.h"

static spg_profile profile(spg_game g, spg_character c, spg_variant v)
{
    spg_profile p;
    memset(&p, 0, sizeof p);
    CHECK_EQ(spg_profile_get(g, c, v, &p), 0);
    return p;
}

/* A player in the air far from any tile (no map cells): the mode routine
 * moves him by his speeds and adds gravity, then Sonic_Water runs. */
static spg_player airborne(const spg_profile *pr, int16_t y, int16_t xs,
                           int16_t ys)
{
    spg_player p = spg_player_default(pr);
    p.x = m68k_mkl(1000, 0);
    p.y = m68k_mkl(y, 0x8000); /* half a pixel: small speeds keep y */
    p.x_speed = xs;
    p.y_speed = ys;
    p.status |= SPG_STATUS_IN_AIR;
    return p;
}

static spg_map water_map(int16_t level, uint8_t flag, uint8_t zone)
{
    spg_map m = spg_map_default();
    m.water_level = level;
    m.water_flag = flag;
    m.zone = zone;
    return m;
}

static const spg_input none = {0, 0};

/* The defaults: no water, and the speed constants from the profile. */
static void test_defaults(void)
{
    spg_profile n = profile(SPG_GAME_SONIC1, SPG_CHAR_SONIC, SPG_VARIANT_NORMAL);
    spg_profile s = profile(SPG_GAME_SONIC2, SPG_CHAR_TAILS,
                            SPG_VARIANT_SPEED_SHOES);
    spg_map m = spg_map_default();
    spg_player p = spg_player_default(&n), q = spg_player_default(&s);

    CHECK_EQ(m.water_flag, 0);
    CHECK_EQ(m.water_level, 0x7FFF);
    CHECK_EQ(p.top_speed, 0x600);
    CHECK_EQ(p.acceleration, 0xC);
    CHECK_EQ(p.deceleration, 0x80);
    CHECK_EQ(q.top_speed, 0xC00);
    CHECK_EQ(q.acceleration, 0x18);
    CHECK_EQ(q.deceleration, 0x80);
    CHECK_EQ(n.water_zones, 1u << 1);
    CHECK_EQ(s.water_zones, 0);
}

/* Sonic 1: only in Labyrinth Zone (1); below the surface the bit is set,
 * the speeds become $300/6/$40 (from the shoes' set too), x speed asr 1,
 * y speed asr 2, rounding down. */
static void test_sonic1_enter(void)
{
    spg_profile pr = profile(SPG_GAME_SONIC1, SPG_CHAR_SONIC,
                             SPG_VARIANT_SPEED_SHOES);
    spg_map lz = water_map(500, 0, 1), mz = water_map(500, 1, 2);
    /* falling (no air drag), below the surface */
    spg_player p = airborne(&pr, 510, -3, 7);
    spg_player q = p;

    spg_step(&pr, &lz, none, &p);
    CHECK(p.status & SPG_STATUS_UNDERWATER);
    CHECK_EQ(p.top_speed, 0x300);
    CHECK_EQ(p.acceleration, 6);
    CHECK_EQ(p.deceleration, 0x40);
    CHECK_EQ(p.x_speed, -2);             /* -3 asr 1 */
    /* 7 + $38 gravity = 63, asr 2 = 15 */
    CHECK_EQ(p.y_speed, 15);
    /* Marble Zone: nothing, whatever Water_flag says */
    spg_step(&pr, &mz, none, &q);
    CHECK(!(q.status & SPG_STATUS_UNDERWATER));
    CHECK_EQ(q.top_speed, 0xC00);
    CHECK_EQ(q.x_speed, -3);
}

/* The surface itself is above the water: y == level leaves, y == level+1
 * enters; already in (or out), nothing changes. */
static void test_boundary(void)
{
    spg_profile pr = profile(SPG_GAME_SONIC2, SPG_CHAR_SONIC,
                             SPG_VARIANT_NORMAL);
    spg_map m = water_map(600, 1, SPG_ZONE_NONE);
    spg_player at = airborne(&pr, 600, 0, -0x10);  /* gravity gives 0 */
    spg_player below = airborne(&pr, 601, 0, -0x38);

    at.status |= SPG_STATUS_UNDERWATER;
    at.top_speed = 0x300;
    spg_step(&pr, &m, none, &at);
    CHECK(!(at.status & SPG_STATUS_UNDERWATER));
    CHECK_EQ(at.top_speed, 0x600);
    CHECK_EQ(at.y_speed, 0);  /* 0 doubled, no cap */
    spg_step(&pr, &m, none, &below);
    CHECK(below.status & SPG_STATUS_UNDERWATER);
    CHECK_EQ(below.top_speed, 0x300);
    /* already underwater: the speeds are not set again */
    below.top_speed = 0x123;
    spg_step(&pr, &m, none, &below);
    CHECK_EQ(below.top_speed, 0x123);
}

/* Leaving: Sonic 1 and 2 double any y speed (the word wraps) and cap at
 * -$1000; Sonic 3 doubles only from -$400 up and skips the cap with anim
 * $1C. */
static void test_leave_cap(void)
{
    spg_profile s1 = profile(SPG_GAME_SONIC1, SPG_CHAR_SONIC,
                             SPG_VARIANT_UNDERWATER);
    spg_profile s3 = profile(SPG_GAME_SONIC3, SPG_CHAR_TAILS,
                             SPG_VARIANT_UNDERWATER);
    spg_profile sk = profile(SPG_GAME_SONIC3K, SPG_CHAR_KNUCKLES,
                             SPG_VARIANT_UNDERWATER);
    spg_map lz = water_map(2000, 0, 1), w = water_map(2000, 1, SPG_ZONE_NONE);
    /* y speeds after this frame's gravity: the start plus $38 - $28;
     * jumping with A held: no release cap, no rise cap */
    spg_player a = airborne(&s1, 500, 0, -0x700 - 0x10);
    spg_player b = airborne(&s3, 500, 0, -0x700 - 0x10);
    spg_player c = airborne(&s3, 500, 0, -0x3F0 - 0x10);
    spg_player d = airborne(&sk, 500, 0, -0x1200 - 0x10);
    spg_player e = airborne(&sk, 500, 0, -0x1200 - 0x10);
    spg_player g = airborne(&s1, 500, 0, 0x4000 - 0x10);

    spg_input a_held = {SPG_BTN_A, 0};

    d.jumping = e.jumping = 1;
    spg_step(&s1, &lz, none, &a);
    CHECK_EQ(a.y_speed, -0xE00);         /* -$700 doubled */
    spg_step(&s3, &w, none, &b);
    CHECK_EQ(b.y_speed, -0x700);         /* below -$400: kept */
    spg_step(&s3, &w, none, &c);
    CHECK_EQ(c.y_speed, -0x7E0);         /* -$3F0 doubled */
    spg_step(&sk, &w, a_held, &d);
    CHECK_EQ(d.y_speed, -0x1000);        /* kept, then capped */
    e.anim = 0x1C;
    spg_step(&sk, &w, a_held, &e);
    CHECK_EQ(e.y_speed, -0x1200);        /* anim $1C: no cap */
    spg_step(&s1, &lz, none, &g);
    CHECK_EQ(g.y_speed, -0x1000);        /* $4000 doubled wraps to -$8000 */
    CHECK_EQ(a.top_speed, 0x600);
    CHECK_EQ(a.acceleration, 0xC);
    CHECK_EQ(a.deceleration, 0x80);
}

/* The speed constants are the player's: after entering, the ground and
 * air routines use $300/6/$40. */
static void test_constants_used(void)
{
    spg_profile pr = profile(SPG_GAME_SONIC1, SPG_CHAR_SONIC,
                             SPG_VARIANT_NORMAL);
    spg_map m = spg_map_default();
    spg_player p = airborne(&pr, 500, 0x2F0, 0);
    spg_input right = {SPG_BTN_RIGHT, SPG_BTN_RIGHT};

    p.top_speed = 0x300;
    p.acceleration = 6;
    spg_step(&pr, &m, right, &p);
    CHECK_EQ(p.x_speed, 0x2FC);          /* + 2 x 6 */
    spg_step(&pr, &m, right, &p);
    CHECK_EQ(p.x_speed, 0x300);          /* clamped at the top speed */
}

/* The routine table: Sonic CD's Palmtree Panic has none. */
static void test_table(void)
{
    spg_profile cd = profile(SPG_GAME_SONICCD, SPG_CHAR_SONIC,
                             SPG_VARIANT_NORMAL);
    spg_profile s2 = profile(SPG_GAME_SONIC2, SPG_CHAR_TAILS,
                             SPG_VARIANT_NORMAL);
    spg_profile s1 = profile(SPG_GAME_SONIC1, SPG_CHAR_SONIC,
                             SPG_VARIANT_NORMAL);
    CHECK(spg_routines_get(&cd)->water == NULL);
    CHECK(spg_routines_get(&s2)->water == spg_sonic_water_sonic2);
    CHECK(spg_routines_get(&s1)->water == spg_sonic_water);
}

int main(void)
{
    RUN(test_defaults);
    RUN(test_sonic1_enter);
    RUN(test_boundary);
    RUN(test_leave_cap);
    RUN(test_constants_used);
    RUN(test_table);
    TEST_MAIN_END();
}
