/*
 * test_sonic2.c - the Sonic 2 routines of the core (sonic2.c, the Sonic 2
 * entries of routines.c, tiles.c and profile.c), each rule with the
 * numbers of docs/research/sonic2-differences.md (rows "#n"; [run] values
 * came from the original's code under the emulator).  Sonic 1 gives
 * different results in the same setups where a test says so.
 */
#include <string.h>

#include "test.h"
#include "move_fixture.h"
#include "tiles.h"

static spg_profile s2_profile(spg_character c, spg_variant v)
{
    spg_profile pr;
    CHECK_EQ(spg_profile_get(SPG_GAME_SONIC2, c, v, &pr), 0);
    return pr;
}

static spg_input in(uint8_t held, uint8_t pressed)
{
    spg_input i;
    i.held = held;
    i.pressed = pressed;
    return i;
}

enum {
    S2_WALK = 0, S2_ROLL = 2, S2_WAIT = 5, S2_BALANCE = 6, S2_DUCK = 8,
    S2_SPINDASH = 9, S2_BLINK = 0xA, S2_GETUP = 0xB, S2_BALANCE2 = 0xC,
    S2_STOP = 0xD, S2_DEATH = 0x18, S2_BALANCE3 = 0x1D, S2_BALANCE4 = 0x1E
};

/* ---- profiles ---------------------------------------------------------- */

static void test_profiles(void)
{
    spg_profile s = s2_profile(SPG_CHAR_SONIC, SPG_VARIANT_NORMAL);
    spg_profile sw = s2_profile(SPG_CHAR_SONIC, SPG_VARIANT_UNDERWATER);
    spg_profile ss = s2_profile(SPG_CHAR_SONIC, SPG_VARIANT_SPEED_SHOES);
    spg_profile t = s2_profile(SPG_CHAR_TAILS, SPG_VARIANT_NORMAL);
    spg_profile tw = s2_profile(SPG_CHAR_TAILS, SPG_VARIANT_UNDERWATER);
    spg_profile s1 = fixture_profile(SPG_VARIANT_UNDERWATER);
    spg_player p;

    CHECK_EQ(s.top_speed, 0x600);
    CHECK_EQ(ss.top_speed, 0xC00);
    CHECK_EQ(ss.acceleration, 0x18);
    CHECK_EQ(sw.top_speed, 0x300);
    CHECK_EQ(sw.acceleration, 6);
    CHECK_EQ(sw.deceleration, 0x40);
    /* #17: Sonic brakes a roll by a fixed $20, Tails by dec asr 2. */
    CHECK_EQ(s.roll_deceleration, 0x20);
    CHECK_EQ(sw.roll_deceleration, 0x20);
    CHECK_EQ(t.roll_deceleration, 0x20);
    CHECK_EQ(tw.roll_deceleration, 0x10);
    CHECK_EQ(s1.roll_deceleration, 0x10);
    /* #6/#7: the ground keeps a higher speed, the air clamps. */
    CHECK_EQ(s.clamp_above_top_speed, 0);
    CHECK_EQ(s.air_clamp_above_top_speed, 1);
    CHECK_EQ(s1.clamp_above_top_speed, 1);
    CHECK_EQ(s1.air_clamp_above_top_speed, 1);
    /* Tails: radii $F/9, curled $E/7. */
    CHECK_EQ(s.stand_height_radius, 0x13);
    CHECK_EQ(t.stand_height_radius, 0x0F);
    CHECK_EQ(t.stand_width_radius, 9);
    CHECK_EQ(t.roll_height_radius, 0x0E);
    p = spg_player_default(&t);
    CHECK_EQ(p.height_radius, 0x0F);
    CHECK_EQ(p.top_solid_bit, 0x0C);
    CHECK_EQ(p.lrb_solid_bit, 0x0D);
    CHECK(spg_routines_get(&s) != spg_routines_get(&t));
    CHECK(spg_routines_get(&s) != spg_routines_get(&s1));
}

/* ---- the spindash (#14-#16) ------------------------------------------- */

/* Sonic 2's Sonic standing on the fixture floor at x = 300. */
static spg_player s2_standing(const spg_profile *pr, fixture_map *fm)
{
    fixture_floor(fm);
    return fixture_standing(pr, 300);
}

/* [run] down 1 frame, then down+A: flag 1, counter 0, anim Spindash; then
 * a press on every frame: $200, $3F0, $5D1, $7A3, $800 (cap). */
static void test_spindash_charge(void)
{
    spg_profile pr = s2_profile(SPG_CHAR_SONIC, SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p = s2_standing(&pr, &fm);
    static const uint16_t counters[] = {0x200, 0x3F0, 0x5D1, 0x7A3, 0x800,
                                        0x800};
    size_t i;

    spg_step(&pr, &fm.map, in(SPG_BTN_DOWN, SPG_BTN_DOWN), &p);
    CHECK_EQ(p.anim, S2_DUCK);
    CHECK_EQ(p.word_38 & 0xFF, 0);
    spg_step(&pr, &fm.map, in(SPG_BTN_DOWN | SPG_BTN_A, SPG_BTN_A), &p);
    CHECK_EQ(p.word_38 & 0xFF, 1);
    CHECK_EQ(p.spindash_counter, 0);
    CHECK_EQ(p.status & SPG_STATUS_IN_AIR, 0);
    for (i = 0; i < sizeof counters / sizeof counters[0]; i++) {
        spg_step(&pr, &fm.map, in(SPG_BTN_DOWN | SPG_BTN_A, SPG_BTN_A), &p);
        CHECK_EQ(p.spindash_counter, counters[i]);
        CHECK_EQ(p.ground_speed, 0);
        CHECK_EQ(p.x, m68k_mkl(300, 0));
    }
}

/* Down+A on the first frame of down is a jump: the spindash needs the
 * Duck animation at the start of the frame. */
static void test_spindash_needs_duck(void)
{
    spg_profile pr = s2_profile(SPG_CHAR_SONIC, SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p = s2_standing(&pr, &fm);

    spg_step(&pr, &fm.map, in(SPG_BTN_DOWN | SPG_BTN_A, SPG_BTN_DOWN | SPG_BTN_A),
             &p);
    CHECK_EQ(p.word_38 & 0xFF, 0);
    CHECK(p.status & SPG_STATUS_IN_AIR);
    CHECK_EQ(p.y_speed, -0x680);
}

/* [run] decay $200 -> $1F0 -> $1E1 with down held; release at $1E1: gs
 * $880, y 716 -> 721, x unchanged; next frame x += $87A.  The release
 * frame runs no SlopeRepel: the move lock does not count down. */
static void test_spindash_decay_release(void)
{
    spg_profile pr = s2_profile(SPG_CHAR_SONIC, SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p = s2_standing(&pr, &fm);

    p.anim = S2_SPINDASH;
    p.word_38 = 1;
    p.spindash_counter = 0x200;
    p.control_lock = 5;
    spg_step(&pr, &fm.map, in(SPG_BTN_DOWN, 0), &p);
    CHECK_EQ(p.spindash_counter, 0x1F0);
    spg_step(&pr, &fm.map, in(SPG_BTN_DOWN, 0), &p);
    CHECK_EQ(p.spindash_counter, 0x1E1);
    CHECK_EQ(p.control_lock, 5);
    spg_step(&pr, &fm.map, in(0, 0), &p);
    CHECK_EQ(p.ground_speed, 0x880);
    CHECK_EQ(m68k_hiw(p.y), 721);
    CHECK_EQ(p.x, m68k_mkl(300, 0));
    CHECK_EQ(p.word_38 & 0xFF, 0);
    CHECK_EQ(p.spindash_counter, 0x1E1);
    CHECK(p.status & SPG_STATUS_ROLLING);
    CHECK_EQ(p.height_radius, 0x0E);
    CHECK_EQ(p.width_radius, 7);
    CHECK_EQ(p.control_lock, 5);
    spg_step(&pr, &fm.map, in(0, 0), &p);
    CHECK_EQ(p.ground_speed, 0x87A);
    CHECK_EQ(p.x, m68k_addl(m68k_mkl(300, 0), 0x87A << 8));
    CHECK_EQ(m68k_hiw(p.y), 721);
    CHECK_EQ(p.control_lock, 4);
}

/* Release right after the cap: $C00; facing left: negated.  Tails drops 1
 * px (#16). */
static void test_spindash_release_speed(void)
{
    spg_profile pr = s2_profile(SPG_CHAR_SONIC, SPG_VARIANT_NORMAL);
    spg_profile tp = s2_profile(SPG_CHAR_TAILS, SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p = s2_standing(&pr, &fm);

    p.word_38 = 1;
    p.spindash_counter = 0x800;
    p.status = SPG_STATUS_FACING_LEFT;
    spg_step(&pr, &fm.map, in(0, 0), &p);
    CHECK_EQ(p.ground_speed, -0xC00);

    p = fixture_standing(&tp, 300);
    p.y = m68k_mkl(720, 0); /* Tails rests 16 px above the floor top */
    p.word_38 = 1;
    p.spindash_counter = 0x4FF;
    spg_step(&tp, &fm.map, in(0, 0), &p);
    CHECK_EQ(p.ground_speed, 0xA00);
    CHECK_EQ(m68k_hiw(p.y), 721);
}

/* ---- idle skip (#2) --------------------------------------------------- */

static void test_idle_skip(void)
{
    spg_profile pr = s2_profile(SPG_CHAR_SONIC, SPG_VARIANT_NORMAL);
    spg_profile tp = s2_profile(SPG_CHAR_TAILS, SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p = s2_standing(&pr, &fm), q;
    spg_frame f;

    /* Wait at script position $1D: the ground routine runs. */
    p.anim = S2_WAIT;
    p.anim_frame = 0x1D;
    f = fixture_frame(&pr, &fm.map, SPG_BTN_RIGHT, SPG_BTN_RIGHT);
    q = p;
    spg_routines_get(&pr)->mode_normal(&f, &q);
    CHECK_EQ(q.ground_speed, 0xC);
    /* $1E: right held sets Blink and nothing moves. */
    p.anim_frame = 0x1E;
    q = p;
    spg_routines_get(&pr)->mode_normal(&f, &q);
    CHECK_EQ(q.ground_speed, 0);
    CHECK_EQ(q.anim, S2_BLINK);
    CHECK_EQ(q.x, p.x);
    /* Nothing held: skipped, anim stays Wait. */
    f = fixture_frame(&pr, &fm.map, 0, 0);
    q = p;
    spg_routines_get(&pr)->mode_normal(&f, &q);
    CHECK_EQ(q.anim, S2_WAIT);
    /* Start alone does not count. */
    f = fixture_frame(&pr, &fm.map, SPG_BTN_START, SPG_BTN_START);
    q = p;
    spg_routines_get(&pr)->mode_normal(&f, &q);
    CHECK_EQ(q.anim, S2_WAIT);
    /* From $AC on: GetUp. */
    f = fixture_frame(&pr, &fm.map, SPG_BTN_UP, 0);
    p.anim_frame = 0xAC;
    q = p;
    spg_routines_get(&pr)->mode_normal(&f, &q);
    CHECK_EQ(q.anim, S2_GETUP);
    /* Blink: skipped while right is held ... */
    p.anim = S2_BLINK;
    p.anim_frame = 0;
    f = fixture_frame(&pr, &fm.map, SPG_BTN_RIGHT, 0);
    q = p;
    spg_routines_get(&pr)->mode_normal(&f, &q);
    CHECK_EQ(q.ground_speed, 0);
    CHECK_EQ(q.anim, S2_BLINK);
    /* ... but a new A press runs the ground routine: a jump. */
    f = fixture_frame(&pr, &fm.map, SPG_BTN_A, SPG_BTN_A);
    q = p;
    spg_routines_get(&pr)->mode_normal(&f, &q);
    CHECK(q.status & SPG_STATUS_IN_AIR);
    /* Tails has no idle skip. */
    q = fixture_standing(&tp, 300);
    q.y = m68k_mkl(720, 0);
    q.anim = S2_WAIT;
    q.anim_frame = 0x40;
    f = fixture_frame(&tp, &fm.map, SPG_BTN_RIGHT, SPG_BTN_RIGHT);
    spg_routines_get(&tp)->mode_normal(&f, &q);
    CHECK_EQ(q.ground_speed, 0xC);
}

/* ---- Sonic_Move (#6, #7) ---------------------------------------------- */

/* [run] ground speed $800 holding right stays $800; in the air x speed
 * $800 holding right becomes $600. */
static void test_no_ground_clamp(void)
{
    spg_profile pr = s2_profile(SPG_CHAR_SONIC, SPG_VARIANT_NORMAL);
    spg_profile s1 = fixture_profile(SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p = s2_standing(&pr, &fm), q;

    p.ground_speed = 0x800;
    q = p;
    spg_step(&pr, &fm.map, in(SPG_BTN_RIGHT, 0), &q);
    CHECK_EQ(q.ground_speed, 0x800);
    q = p;
    spg_step(&s1, &fm.map, in(SPG_BTN_RIGHT, 0), &q);
    CHECK_EQ(q.ground_speed, 0x600);
    p.ground_speed = 0x5FC;
    spg_step(&pr, &fm.map, in(SPG_BTN_RIGHT, 0), &p);
    CHECK_EQ(p.ground_speed, 0x600);

    p = spg_player_default(&pr);
    p.y = m68k_mkl(100, 0);
    p.status = SPG_STATUS_IN_AIR;
    p.x_speed = 0x800;
    spg_step(&pr, &fm.map, in(SPG_BTN_RIGHT, 0), &p);
    CHECK_EQ(p.x_speed, 0x600);
}

/* ---- Sonic_Balance (#8) ----------------------------------------------- */

/* The fixture floor cut to tiles [tx0, tx1]. */
/* One Sonic_Move at pixel x with the sensor buffers of the frame before. */
static spg_player balance_at(const spg_profile *pr, const spg_map *m, int x,
                             uint8_t status, uint8_t buf1, uint8_t buf2)
{
    spg_player p = fixture_standing(pr, x);
    spg_frame f = fixture_frame(pr, m, 0, 0);

    if (pr->character == SPG_CHAR_TAILS)
        p.y = m68k_mkl(720, 0);
    p.status = status;
    p.angle_buffer_1 = buf1;
    p.angle_buffer_2 = buf2;
    spg_move(&f, &p);
    return p;
}

/* [run] floor ends at x = $200: facing right $200..$205 -> Balance,
 * $206..$208 -> Balance2; facing left -> Balance3 (kept) / Balance4
 * (turned right).  Mirror at a left edge. */
static void test_balance(void)
{
    spg_profile pr = s2_profile(SPG_CHAR_SONIC, SPG_VARIANT_NORMAL);
    spg_profile tp = s2_profile(SPG_CHAR_TAILS, SPG_VARIANT_NORMAL);
    spg_profile s1 = fixture_profile(SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p;
    const uint8_t L = SPG_STATUS_FACING_LEFT;
    int x;

    fixture_cut_floor(&fm, 0, 31);
    /* The frame before leaves buffer 1 at 3 there (sensor B finds no
     * floor). */
    p = fixture_standing(&pr, 0x205);
    spg_step(&pr, &fm.map, in(0, 0), &p);
    CHECK_EQ(p.angle_buffer_1, 3);
    CHECK_EQ(p.angle_buffer_2, 0);
    for (x = 0x200; x <= 0x208; x++) {
        int far = x >= 0x206;
        p = balance_at(&pr, &fm.map, x, 0, 3, 0);
        CHECK_EQ(p.anim, far ? S2_BALANCE2 : S2_BALANCE);
        CHECK_EQ(p.status & L, 0);
        p = balance_at(&pr, &fm.map, x, L, 3, 0);
        CHECK_EQ(p.anim, far ? S2_BALANCE4 : S2_BALANCE3);
        CHECK_EQ(p.status & L, far ? 0 : L);
    }
    /* Sonic 1 and Sonic 2's Tails: one probe, Balance, face the edge. */
    p = balance_at(&s1, &fm.map, 0x207, L, 3, 0);
    CHECK_EQ(p.anim, S2_BALANCE);
    CHECK_EQ(p.status & L, 0);
    p = balance_at(&tp, &fm.map, 0x207, L, 3, 0);
    CHECK_EQ(p.anim, S2_BALANCE);
    CHECK_EQ(p.status & L, 0);
    /* Centre over the floor: no balance; down held ducks. */
    p = balance_at(&pr, &fm.map, 0x1FF, 0, 3, 0);
    CHECK_EQ(p.anim, S2_WAIT);

    fixture_cut_floor(&fm, 32, 63);
    p = balance_at(&pr, &fm.map, 0x1F9, L, 0, 3);
    CHECK_EQ(p.anim, S2_BALANCE2);
    CHECK_EQ(p.status & L, L);
    p = balance_at(&pr, &fm.map, 0x1F9, 0, 0, 3);
    CHECK_EQ(p.anim, S2_BALANCE4);
    CHECK_EQ(p.status & L, L);
    p = balance_at(&pr, &fm.map, 0x1FC, L, 0, 3);
    CHECK_EQ(p.anim, S2_BALANCE);
    p = balance_at(&pr, &fm.map, 0x1FC, 0, 0, 3);
    CHECK_EQ(p.anim, S2_BALANCE3);
    CHECK_EQ(p.status & L, 0);
}

/* ---- AnglePos (#29, #30) ---------------------------------------------- */

static void test_snap_limit(void)
{
    spg_player p = {0};
    static const struct { int16_t speed; int16_t limit; } rows[] = {
        {0, 4}, {0xFF, 4}, {-0x10, 5}, {0x180, 5}, {-0x180, 6},
        {0x9F4, 13}, {-0x9F4, 14}, {0xF00, 14}, {-0x8000, 14}, {0x7FFF, 14}
    };
    size_t i;

    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        p.x_speed = rows[i].speed;
        p.y_speed = 0;
        CHECK_EQ(spg_snap_limit_sonic2(&p, 0), rows[i].limit);
        CHECK_EQ(spg_snap_limit_sonic2(&p, 1), 4);
        p.y_speed = rows[i].speed;
        p.x_speed = 0;
        CHECK_EQ(spg_snap_limit_sonic2(&p, 1), rows[i].limit);
    }
    CHECK_EQ(spg_snap_limit_sonic1(&p, 0), 14);
}

/* Walking off a step 8 px down at x speed $100: Sonic 2 leaves the ground
 * (8 > 5), Sonic 1 snaps down (8 <= 14). */
static void test_snap_step_down(void)
{
    spg_profile pr = s2_profile(SPG_CHAR_SONIC, SPG_VARIANT_NORMAL);
    spg_profile s1 = fixture_profile(SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p, q;
    spg_frame f;
    int i;

    fixture_floor(&fm);
    fm.masks[1].angle = 0;
    for (i = 0; i < 16; i++)
        fm.masks[1].heights[i] = 16;
    /* Floor 8 px lower: start the player 8 px above it. */
    p = fixture_standing(&pr, 300);
    p.y = m68k_mkl(FLOOR_Y - 8, 0);
    p.x_speed = 0x100;
    q = p;
    f = fixture_frame(&pr, &fm.map, 0, 0);
    spg_angle_pos(&f, &q);
    CHECK(q.status & SPG_STATUS_IN_AIR);
    CHECK_EQ(m68k_hiw(q.y), FLOOR_Y - 8);
    CHECK_EQ(q.prev_anim, 1);
    q = p;
    q.x_speed = 0x400; /* limit 8: snaps */
    spg_angle_pos(&f, &q);
    CHECK_EQ(q.status & SPG_STATUS_IN_AIR, 0);
    CHECK_EQ(m68k_hiw(q.y), FLOOR_Y);
    q = p;
    f = fixture_frame(&s1, &fm.map, 0, 0);
    spg_angle_pos(&f, &q);
    CHECK_EQ(q.status & SPG_STATUS_IN_AIR, 0);
    CHECK_EQ(m68k_hiw(q.y), FLOOR_Y);
}

/* [run] standing on full blocks with angle $E0: the angle stays 0 (a $20
 * change is refused); $E8: taken.  Sonic 1 takes $E0. */
static void test_angle_refusal(void)
{
    spg_profile pr = s2_profile(SPG_CHAR_SONIC, SPG_VARIANT_NORMAL);
    spg_profile s1 = fixture_profile(SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p;
    spg_frame f;

    fixture_floor(&fm);
    fm.masks[1].angle = 0xE0;
    p = fixture_standing(&pr, 300);
    spg_step(&pr, &fm.map, in(0, 0), &p);
    CHECK_EQ(p.angle, 0);
    p = fixture_standing(&s1, 300);
    spg_step(&s1, &fm.map, in(0, 0), &p);
    CHECK_EQ(p.angle, 0xE0);
    fm.masks[1].angle = 0xE8;
    p = fixture_standing(&pr, 300);
    spg_step(&pr, &fm.map, in(0, 0), &p);
    CHECK_EQ(p.angle, 0xE8);

    /* $20 facing a $00 surface snaps to $40; $80 refuses too. */
    f = fixture_frame(&pr, &fm.map, 0, 0);
    p.angle = 0x20;
    f.anglebuffer[0] = 0x00;
    f.anglebuffer[1] = 0x00;
    CHECK_EQ(spg_sonic_angle_sonic2(&f, &p, 3, 3), 3);
    CHECK_EQ(p.angle, 0x40);
    p.angle = 0x00;
    f.anglebuffer[1] = 0x80;
    spg_sonic_angle_sonic2(&f, &p, 5, 2);
    CHECK_EQ(p.angle, 0x00);
    p.angle = 0x10;
    f.anglebuffer[0] = 0x2E; /* nearer sensor, within $1F */
    CHECK_EQ(spg_sonic_angle_sonic2(&f, &p, 1, 2), 1);
    CHECK_EQ(p.angle, 0x2E);
}

/* ---- rolling (#4, #17, #23) ------------------------------------------- */

static void test_pinball(void)
{
    spg_profile pr = s2_profile(SPG_CHAR_SONIC, SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p;
    spg_frame f;

    fixture_floor(&fm);
    /* RollSpeed stopping in pinball mode: keep rolling at -$400. */
    p = fixture_standing(&pr, 300);
    p.y = m68k_mkl(721, 0);
    p.height_radius = 0x0E;
    p.width_radius = 7;
    p.status = SPG_STATUS_ROLLING | SPG_STATUS_FACING_LEFT;
    p.ground_speed = 4;
    p.word_38 = 1;
    f = fixture_frame(&pr, &fm.map, 0, 0);
    spg_roll_speed(&f, &p);
    CHECK_EQ(p.ground_speed, -0x400);
    CHECK(p.status & SPG_STATUS_ROLLING);
    CHECK_EQ(p.height_radius, 0x0E);
    /* Without it: stand up (y - 5, Wait). */
    p.word_38 = 0;
    p.ground_speed = 4;
    spg_roll_speed(&f, &p);
    CHECK_EQ(p.ground_speed, 0);
    CHECK_EQ(p.status & SPG_STATUS_ROLLING, 0);
    CHECK_EQ(m68k_hiw(p.y), 716);
    CHECK_EQ(p.anim, S2_WAIT);

    /* MdRoll: no jump in pinball mode. */
    p = fixture_standing(&pr, 300);
    p.y = m68k_mkl(721, 0);
    p.height_radius = 0x0E;
    p.width_radius = 7;
    p.status = SPG_STATUS_ROLLING;
    p.ground_speed = 0x600;
    p.word_38 = 1;
    spg_step(&pr, &fm.map, in(SPG_BTN_A, SPG_BTN_A), &p);
    CHECK_EQ(p.status & SPG_STATUS_IN_AIR, 0);
    p.word_38 = 0;
    spg_step(&pr, &fm.map, in(SPG_BTN_A, SPG_BTN_A), &p);
    CHECK(p.status & SPG_STATUS_IN_AIR);

    /* Roll braking: $20 a frame for Sonic, underwater too. */
    pr = s2_profile(SPG_CHAR_SONIC, SPG_VARIANT_UNDERWATER);
    p = fixture_standing(&pr, 300);
    p.y = m68k_mkl(721, 0);
    p.status = SPG_STATUS_ROLLING | SPG_STATUS_UNDERWATER;
    p.ground_speed = 0x400;
    f = fixture_frame(&pr, &fm.map, SPG_BTN_LEFT, 0);
    spg_roll_speed(&f, &p);
    CHECK_EQ(p.ground_speed, 0x400 - 0x20 - 3);

    /* JumpHeight: the -$FC0 cap is skipped in pinball mode. */
    pr = s2_profile(SPG_CHAR_SONIC, SPG_VARIANT_NORMAL);
    p = spg_player_default(&pr);
    p.status = SPG_STATUS_IN_AIR;
    p.y_speed = -0x1000;
    p.word_38 = 1;
    f = fixture_frame(&pr, &fm.map, 0, 0);
    spg_jump_height_sonic2(&f, &p);
    CHECK_EQ(p.y_speed, -0x1000);
    p.word_38 = 0;
    spg_jump_height_sonic2(&f, &p);
    CHECK_EQ(p.y_speed, -0xFC0);
}

/* ---- ResetOnFloor, death (#25, #27, #28) ------------------------------ */

static void test_reset_on_floor(void)
{
    spg_profile pr = s2_profile(SPG_CHAR_SONIC, SPG_VARIANT_NORMAL);
    spg_profile tp = s2_profile(SPG_CHAR_TAILS, SPG_VARIANT_NORMAL);
    spg_profile s1 = fixture_profile(SPG_VARIANT_NORMAL);
    const spg_routines *r2 = spg_routines_get(&pr), *r1 = spg_routines_get(&s1);
    spg_player p = spg_player_default(&pr), q;

    /* Attaching to a ceiling (landing 0) not curled: Sonic 2 sets Walk,
     * Sonic 1 keeps the animation. */
    p.anim = S2_STOP;
    p.status = SPG_STATUS_IN_AIR | SPG_STATUS_PUSHING;
    p.jumping = 1;
    q = p;
    r2->reset_on_floor(&pr, &q, 0);
    CHECK_EQ(q.anim, S2_WALK);
    CHECK_EQ(q.status, 0);
    CHECK_EQ(q.jumping, 0);
    q = p;
    r1->reset_on_floor(&s1, &q, 0);
    CHECK_EQ(q.anim, S2_STOP);
    /* Pinball: only the clears. */
    q = p;
    q.status |= SPG_STATUS_ROLLING;
    q.word_38 = 1;
    r2->reset_on_floor(&pr, &q, 1);
    CHECK_EQ(q.anim, S2_STOP);
    CHECK_EQ(q.status, SPG_STATUS_ROLLING);
    CHECK_EQ(q.word_38, 1);
    /* Tails uncurls 1 px to $F/9. */
    q = spg_player_default(&tp);
    q.status = SPG_STATUS_IN_AIR | SPG_STATUS_ROLLING;
    q.height_radius = 0x0E;
    q.width_radius = 7;
    q.y = m68k_mkl(500, 0x1234);
    spg_routines_get(&tp)->reset_on_floor(&tp, &q, 1);
    CHECK_EQ(q.height_radius, 0x0F);
    CHECK_EQ(q.width_radius, 9);
    CHECK_EQ(q.y, m68k_mkl(499, 0x1234));
    CHECK_EQ(q.anim, S2_WALK);
}

/* [run] dying on the ground: no write to $38, so the rest of the frame
 * moves by -$700 and AnglePos (limit 4 at x speed 0) does not snap back:
 * y 716 -> 709.  Sonic 1 stores y into $38 and sticks. */
static void test_kill_on_ground(void)
{
    spg_profile pr = s2_profile(SPG_CHAR_SONIC, SPG_VARIANT_NORMAL);
    spg_profile s1 = fixture_profile(SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p;
    int i;

    fixture_floor(&fm);
    fm.map.limit_bottom = 716 - 224 - 1;
    p = fixture_standing(&pr, 300);
    spg_step(&pr, &fm.map, in(0, 0), &p);
    CHECK_EQ(p.routine, SPG_ROUTINE_DEATH);
    CHECK_EQ(p.word_38, 0);
    CHECK_EQ(m68k_hiw(p.y), 709);
    CHECK_EQ(p.y_speed, -0x700);
    CHECK_EQ(p.anim, S2_DEATH);
    CHECK(p.status & SPG_STATUS_IN_AIR);
    p = fixture_standing(&s1, 300);
    spg_step(&s1, &fm.map, in(0, 0), &p);
    CHECK_EQ(p.word_38, 716);
    CHECK_EQ(m68k_hiw(p.y), 716);

    /* Obj01_Dead: falls until y > limit_bottom + $100 (signed), then
     * routine 8 with the countdown 60 in spindash_counter, y speed kept;
     * Obj01_Gone counts it down. */
    p = fixture_standing(&pr, 300);
    p.routine = SPG_ROUTINE_DEATH;
    p.y = m68k_mkl((int16_t)(fm.map.limit_bottom + 0x100), 0);
    p.y_speed = 0x100;
    p.word_38 = 1;
    spg_step(&pr, &fm.map, in(0, 0), &p);
    CHECK_EQ(p.routine, SPG_ROUTINE_DEATH);
    CHECK_EQ(p.word_38, 0);
    CHECK_EQ(p.y_speed, 0x138);
    spg_step(&pr, &fm.map, in(0, 0), &p);
    CHECK_EQ(p.routine, SPG_ROUTINE_RESET_LEVEL);
    CHECK_EQ(p.spindash_counter, 60);
    CHECK_EQ(p.y_speed, 0x170);
    for (i = 0; i < 59; i++)
        spg_step(&pr, &fm.map, in(0, 0), &p);
    CHECK_EQ(p.spindash_counter, 1);
    spg_step(&pr, &fm.map, in(0, 0), &p);
    spg_step(&pr, &fm.map, in(0, 0), &p);
    CHECK_EQ(p.spindash_counter, 0);

    /* A negative pixel y: Sonic 1's unsigned compare ends the fall, Sonic
     * 2's signed one does not. */
    fm.map.limit_bottom = 0;
    p = fixture_standing(&pr, 300);
    p.routine = SPG_ROUTINE_DEATH;
    p.y = m68k_mkl(-100, 0);
    p.y_speed = -0x700;
    spg_step(&pr, &fm.map, in(0, 0), &p);
    CHECK_EQ(p.routine, SPG_ROUTINE_DEATH);
    p = fixture_standing(&s1, 300);
    p.routine = SPG_ROUTINE_DEATH;
    p.y = m68k_mkl(-100, 0);
    p.y_speed = -0x700;
    spg_step(&s1, &fm.map, in(0, 0), &p);
    CHECK_EQ(p.routine, SPG_ROUTINE_RESET_LEVEL);
}

/* ---- tiles: layout, solid bits, paths (#32, #33) ---------------------- */

static void test_layout_and_paths(void)
{
    spg_profile pr = s2_profile(SPG_CHAR_SONIC, SPG_VARIANT_NORMAL);
    spg_profile s1 = fixture_profile(SPG_VARIANT_NORMAL);
    spg_mask masks[3];
    uint16_t cells[4];
    uint8_t secondary[4];
    spg_map m = spg_map_default();
    spg_frame f;
    spg_player p = spg_player_default(&pr);
    spg_sensor_result r;
    int i;

    memset(masks, 0, sizeof masks);
    for (i = 0; i < 16; i++) {
        masks[1].heights[i] = 16;
        masks[1].widths[i] = 16;
        masks[2].heights[i] = 8;
    }
    spg_mask_derive_widths(&masks[2]);
    masks[1].angle = 0;
    masks[2].angle = 0;
    /* Tiles (2, 40), (3, 40): full on the primary path; the second one
     * only secondary-solid, with mask 2 there. */
    cells[0] = 1 | SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID;
    cells[1] = 1 | SPG_CELL_TOP_SOLID_2 | SPG_CELL_SIDE_SOLID_2;
    cells[2] = cells[3] = 0;
    secondary[0] = 1;
    secondary[1] = 2;
    secondary[2] = secondary[3] = 0;
    m.masks = masks;
    m.mask_count = 3;
    m.cells = cells;
    m.x0 = 2;
    m.y0 = 40;
    m.width = 2;
    m.height = 2;
    m.secondary_masks = secondary;

    /* Find_Tile: x wraps every $4000 px, with no background half; Sonic 1
     * reads the background half there (empty). */
    f = fixture_frame(&pr, &m, 0, 0);
    CHECK_EQ(spg_find_nearest_tile(&f, 0x4020, 40 * 16), cells[0]);
    CHECK_EQ(spg_find_nearest_tile(&f, 0x2020, 40 * 16), 0);
    CHECK_EQ(spg_find_nearest_tile(&f, 0x20, 40 * 16 + 0x800), cells[0]);
    f = fixture_frame(&s1, &m, 0, 0);
    CHECK_EQ(spg_find_nearest_tile(&f, 0x4020, 40 * 16), 0);
    CHECK_EQ(spg_find_nearest_tile(&f, 0x8020, 40 * 16), cells[0]);

    /* Primary path: tile 2 is floor, tile 3 is not. */
    f = fixture_frame(&pr, &m, 0, 0);
    p.x = m68k_mkl(0x30 + 8, 0);
    p.y = m68k_mkl(40 * 16 - 19 - 4, 0);
    r = spg_hit_floor(&f, &p);
    CHECK_EQ(r.dist, 3);  /* sensor B at x+9 misses, A at x-9 on tile 2 */
    p.x = m68k_mkl(0x30 + 12, 0);
    r = spg_hit_floor(&f, &p);
    CHECK_EQ(r.dist, 3 + 16 + 16 - 16); /* nothing under either: 19 */
    /* Secondary path ($E/$F): tile 3 is solid with mask 2 (8 high), tile
     * 2 is not solid (its bits are the primary ones). */
    p.top_solid_bit = 0x0E;
    p.lrb_solid_bit = 0x0F;
    r = spg_hit_floor(&f, &p);
    CHECK_EQ(r.dist, 3 + 8);
    /* The same cells without secondary masks: mask 1 on both paths. */
    m.secondary_masks = NULL;
    r = spg_hit_floor(&f, &p);
    CHECK_EQ(r.dist, 3);
    m.secondary_masks = secondary;
    /* $E top with the primary wall bit $D: the path follows
     * top_solid_bit. */
    p.lrb_solid_bit = 0x0D;
    CHECK_EQ(spg_solid_bit_sonic2(&p, 0), SPG_CELL_TOP_SOLID_2);
    CHECK_EQ(spg_solid_bit_sonic2(&p, 1), SPG_CELL_SIDE_SOLID);
    CHECK_EQ(spg_secondary_path_sonic2(&p), 1);
    p.top_solid_bit = 0x0C;
    CHECK_EQ(spg_secondary_path_sonic2(&p), 0);
    p.top_solid_bit = 0x0B;
    CHECK_EQ(spg_solid_bit_sonic2(&p, 0), 0);
    /* Sonic 1 ignores the fields. */
    CHECK_EQ(spg_solid_bit_sonic1(&p, 0), SPG_CELL_TOP_SOLID);
    CHECK_EQ(spg_solid_bit_sonic1(&p, 1), SPG_CELL_SIDE_SOLID);
    CHECK_EQ(spg_secondary_path_sonic1(&p), 0);
}


/* ---- the vertical wrap (Obj01_Control / Obj02_Control_Part2) ---------- */

/* A player in the air at pixel y, subpixel $C000, with y speed ys, one
 * frame on an empty map with the top limit `top`; returns the new y. */
static int32_t wrap_step(const spg_profile *pr, int16_t top, int16_t y,
                         int16_t ys, uint8_t routine)
{
    spg_map m = spg_map_default();
    spg_player p = spg_player_default(pr);

    m.limit_top = top;
    p.status |= SPG_STATUS_IN_AIR;
    p.routine = routine;
    p.y = m68k_mkl(y, (int16_t)0xC000);
    p.y_speed = ys;
    spg_step(pr, &m, in(0, 0), &p);
    return p.y;
}

static void test_vertical_wrap(void)
{
    spg_profile pr = s2_profile(SPG_CHAR_SONIC, SPG_VARIANT_NORMAL);
    spg_profile t = s2_profile(SPG_CHAR_TAILS, SPG_VARIANT_NORMAL);
    spg_profile s1 = fixture_profile(SPG_VARIANT_NORMAL);

    /* falling past $7FF: the pixel word ANDed with $7FF, the subpixel
     * kept (ObjectMoveAndFall moves by the old speed, 1 px) */
    CHECK_EQ(wrap_step(&pr, -0x100, 0x7FF, 0x100, SPG_ROUTINE_CONTROL),
             m68k_mkl(0x000, (int16_t)0xC000));
    CHECK_EQ(wrap_step(&t, -0x100, 0x7FF, 0x100, SPG_ROUTINE_CONTROL),
             m68k_mkl(0x000, (int16_t)0xC000));
    CHECK_EQ(wrap_step(&pr, -0x100, 0x7FE, 0x100, SPG_ROUTINE_CONTROL),
             m68k_mkl(0x7FF, (int16_t)0xC000));
    /* rising past 0: -1 becomes $7FF */
    CHECK_EQ(wrap_step(&pr, -0x100, 0x000, -0x100, SPG_ROUTINE_CONTROL),
             m68k_mkl(0x7FF, (int16_t)0xC000));
    CHECK_EQ(wrap_step(&t, -0x100, 0x001, -0x200, SPG_ROUTINE_CONTROL),
             m68k_mkl(0x7FF, (int16_t)0xC000));
    /* a y far outside 0..$7FF is brought in too */
    CHECK_EQ(wrap_step(&pr, -0x100, 0x1234, 0, SPG_ROUTINE_CONTROL),
             m68k_mkl(0x234, (int16_t)0xC000));
    /* only -$100 wraps: no other top limit, no other game, not the death
     * routine */
    CHECK_EQ(wrap_step(&pr, -0xFF, 0x7FF, 0x100, SPG_ROUTINE_CONTROL),
             m68k_mkl(0x800, (int16_t)0xC000));
    CHECK_EQ(wrap_step(&pr, -0x101, 0x7FF, 0x100, SPG_ROUTINE_CONTROL),
             m68k_mkl(0x800, (int16_t)0xC000));
    CHECK_EQ(wrap_step(&pr, 0, 0x000, -0x100, SPG_ROUTINE_CONTROL),
             m68k_mkl(-1, (int16_t)0xC000));
    CHECK_EQ(wrap_step(&s1, -0x100, 0x7FF, 0x100, SPG_ROUTINE_CONTROL),
             m68k_mkl(0x800, (int16_t)0xC000));
    CHECK_EQ(wrap_step(&pr, -0x100, 0x7FF, 0x100, SPG_ROUTINE_DEATH),
             m68k_mkl(0x800, (int16_t)0xC000));
    /* Sonic 3's and S&K's controls mask with Screen_Y_wrap_value ($7FF)
     * at the same place, Knuckles' too */
    {
        static const struct {
            spg_game g;
            spg_character c;
        } others[] = {{SPG_GAME_SONIC3, SPG_CHAR_SONIC},
                      {SPG_GAME_SONIC3, SPG_CHAR_TAILS},
                      {SPG_GAME_SONIC3K, SPG_CHAR_SONIC},
                      {SPG_GAME_SONIC3K, SPG_CHAR_TAILS},
                      {SPG_GAME_SONIC3K, SPG_CHAR_KNUCKLES}};
        for (size_t k = 0; k < sizeof others / sizeof others[0]; k++) {
            spg_profile o;
            CHECK_EQ(spg_profile_get(others[k].g, others[k].c,
                                     SPG_VARIANT_NORMAL, &o), 0);
            CHECK_EQ(wrap_step(&o, -0x100, 0x7FF, 0x100, SPG_ROUTINE_CONTROL),
                     m68k_mkl(0x000, (int16_t)0xC000));
            CHECK_EQ(wrap_step(&o, 0, 0x7FF, 0x100, SPG_ROUTINE_CONTROL),
                     m68k_mkl(0x800, (int16_t)0xC000));
        }
    }
}

int main(void)
{
    RUN(test_profiles);
    RUN(test_spindash_charge);
    RUN(test_spindash_needs_duck);
    RUN(test_spindash_decay_release);
    RUN(test_spindash_release_speed);
    RUN(test_idle_skip);
    RUN(test_no_ground_clamp);
    RUN(test_balance);
    RUN(test_snap_limit);
    RUN(test_snap_step_down);
    RUN(test_angle_refusal);
    RUN(test_pinball);
    RUN(test_reset_on_floor);
    RUN(test_kill_on_ground);
    RUN(test_layout_and_paths);
    RUN(test_vertical_wrap);
    TEST_MAIN_END();
}
