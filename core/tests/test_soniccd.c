/*
 * test_soniccd.c - Sonic CD's ObjSonic (soniccd.c and its routine table):
 * the charge counter, the Super Peel Out, the spindash, the refused jump,
 * the launch area of Palmtree Panic 1's present, ObjMoveGrv's fall cap,
 * the camera lead and the roll start.  The expected values are the ones
 * the original level program gave under the emulator
 * (docs/research/soniccd-differences.md, rows P2-P3, S1-S3, AD, marked
 * "run"); scenarios/soniccd/ checks the same frames against it.
 */
#include <string.h>

#include "test.h"
#include "move_fixture.h"

static spg_profile cd_profile(spg_variant v)
{
    spg_profile pr;
    CHECK_EQ(spg_profile_get(SPG_GAME_SONICCD, SPG_CHAR_SONIC, v, &pr), 0);
    return pr;
}

static spg_input in(uint8_t held, uint8_t pressed)
{
    spg_input i;
    i.held = held;
    i.pressed = pressed;
    return i;
}

static void test_profile(void)
{
    spg_profile pr = cd_profile(SPG_VARIANT_NORMAL);
    spg_profile shoes = cd_profile(SPG_VARIANT_SPEED_SHOES);
    spg_profile water = cd_profile(SPG_VARIANT_UNDERWATER);
    spg_player p = spg_player_default(&pr);

    CHECK_EQ(spg_profile_get(SPG_GAME_SONICCD, SPG_CHAR_TAILS,
                             SPG_VARIANT_NORMAL, &pr), -1);
    pr = cd_profile(SPG_VARIANT_NORMAL);
    CHECK_EQ(pr.top_speed, 0x600);
    CHECK_EQ(pr.acceleration, 0xC);
    CHECK_EQ(pr.charge_speed_cap, 0xC00);
    CHECK_EQ(shoes.charge_speed_cap, 0x1200); /* $1800 - $600 */
    CHECK_EQ(water.charge_speed_cap, 0x600);
    CHECK_EQ(pr.peelout_speed, 0x64);
    CHECK_EQ(pr.spindash_speed, 0x4B);
    CHECK_EQ(pr.fall_speed_cap, 0x1000);
    CHECK_EQ(pr.clamp_above_top_speed, 0);
    CHECK_EQ(p.cam_x_center, 160);
    CHECK_EQ(p.cam_y_center, 0x60);
    CHECK_EQ(p.time_zone, 1);
    CHECK_EQ(p.charge, 0);
}

/* ObjSonic's charge time: +1 a frame up to 30 (45 while rolling), a byte
 * that wraps from 255 to 0. */
static void test_charge_counter(void)
{
    spg_profile pr = cd_profile(SPG_VARIANT_NORMAL);
    spg_map map = spg_map_default();
    spg_player p = spg_player_default(&pr);

    p.routine = SPG_ROUTINE_RESET_LEVEL; /* only the counter runs */
    p.charge = 29;
    spg_step(&pr, &map, in(0, 0), &p);
    CHECK_EQ(p.charge, 30);
    spg_step(&pr, &map, in(0, 0), &p);
    CHECK_EQ(p.charge, 30);
    p.status |= SPG_STATUS_ROLLING;
    spg_step(&pr, &map, in(0, 0), &p);
    CHECK_EQ(p.charge, 31);
    p.charge = 44;
    spg_step(&pr, &map, in(0, 0), &p);
    spg_step(&pr, &map, in(0, 0), &p);
    CHECK_EQ(p.charge, 45);
    p.charge = 255;
    spg_step(&pr, &map, in(0, 0), &p);
    CHECK_EQ(p.charge, 0);
}

/* The Super Peel Out: up held, A tapped, up kept; $64 a frame to $C00;
 * released to neutral after 30 the friction step takes 13: $BF3. */
static void test_peelout(void)
{
    spg_profile pr = cd_profile(SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p;
    int i;

    fixture_floor(&fm);
    p = fixture_standing(&pr, 300);
    spg_step(&pr, &fm.map, in(SPG_BTN_UP, SPG_BTN_UP), &p);
    CHECK_EQ(p.look_mode, 1); /* the double-tap timer */
    spg_step(&pr, &fm.map, in(SPG_BTN_UP | SPG_BTN_A, SPG_BTN_A), &p);
    CHECK_EQ(p.charge, 1);
    CHECK_EQ(p.ground_speed, 0);
    CHECK(!(p.status & SPG_STATUS_IN_AIR)); /* no jump with up held */
    for (i = 1; i <= 30; i++) {
        spg_step(&pr, &fm.map, in(SPG_BTN_UP, 0), &p);
        CHECK_EQ(p.ground_speed, 0x64 * i);
        CHECK_EQ(p.x_speed, 0); /* MoveGround returns before the speeds */
    }
    CHECK_EQ(p.charge, 30);
    spg_step(&pr, &fm.map, in(SPG_BTN_UP, 0), &p);
    CHECK_EQ(p.ground_speed, 0xC00);
    CHECK_EQ(m68k_hiw(p.x), 300);
    spg_step(&pr, &fm.map, in(0, 0), &p);
    CHECK_EQ(p.charge, 0);
    CHECK_EQ(p.ground_speed, 0xBF3);
    CHECK_EQ(p.x_speed, 0xBF3);
    spg_step(&pr, &fm.map, in(0, 0), &p);
    CHECK_EQ(p.ground_speed, 0xBE7);
}

/* Released early (charge below 30 when MoveGround sees it): cancelled,
 * ground speed 0. */
static void test_peelout_cancel(void)
{
    spg_profile pr = cd_profile(SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p;
    int i;

    fixture_floor(&fm);
    p = fixture_standing(&pr, 300);
    spg_step(&pr, &fm.map, in(SPG_BTN_UP, SPG_BTN_UP), &p);
    spg_step(&pr, &fm.map, in(SPG_BTN_UP | SPG_BTN_A, SPG_BTN_A), &p);
    for (i = 0; i < 27; i++)
        spg_step(&pr, &fm.map, in(SPG_BTN_UP, 0), &p);
    /* the counter steps before the routine: 29 when the release is seen */
    CHECK_EQ(p.charge, 28);
    spg_step(&pr, &fm.map, in(0, 0), &p);
    CHECK_EQ(p.charge, 0);
    CHECK_EQ(p.ground_speed, 0);
    CHECK_EQ(p.x_speed, 0);
}

/* The spindash: right ends its first frame at $200 with x speed $1F3,
 * left at -9; +$4B a frame; released at 45: $C00 - 6. */
static void test_spindash(void)
{
    spg_profile pr = cd_profile(SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p, q;
    int i;

    fixture_floor(&fm);
    p = fixture_standing(&pr, 300);
    spg_step(&pr, &fm.map, in(SPG_BTN_DOWN, SPG_BTN_DOWN), &p);
    q = p;
    spg_step(&pr, &fm.map, in(SPG_BTN_DOWN | SPG_BTN_B, SPG_BTN_B), &p);
    CHECK_EQ(p.charge, 1);
    CHECK(p.status & SPG_STATUS_ROLLING);
    CHECK_EQ(p.ground_speed, 0x200);
    CHECK_EQ(p.x_speed, 0x1F3);
    CHECK_EQ(p.height_radius, 0x0E);
    q.status |= SPG_STATUS_FACING_LEFT;
    spg_step(&pr, &fm.map, in(SPG_BTN_DOWN | SPG_BTN_B, SPG_BTN_B), &q);
    CHECK_EQ(q.ground_speed, -9);
    CHECK_EQ(q.x_speed, -9);
    {
        int32_t x = p.x;
        spg_step(&pr, &fm.map, in(SPG_BTN_DOWN, 0), &p);
        CHECK_EQ(p.ground_speed, 0x24B);
        CHECK_EQ(p.x_speed, 0x1F3); /* kept from the start frame */
        CHECK_EQ(p.x, x);           /* no ObjMove while charging */
    }
    for (i = 0; i < 60; i++)
        spg_step(&pr, &fm.map, in(SPG_BTN_DOWN, 0), &p);
    CHECK_EQ(p.charge, 45);
    CHECK_EQ(p.ground_speed, 0xC00);
    spg_step(&pr, &fm.map, in(0, 0), &p);
    CHECK_EQ(p.charge, 0);
    CHECK_EQ(p.ground_speed, 0xBFA);
    CHECK(p.status & SPG_STATUS_ROLLING);
}

/* Down released before 45: everything stops and Sonic stands up. */
static void test_spindash_cancel(void)
{
    spg_profile pr = cd_profile(SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p;
    int i;

    fixture_floor(&fm);
    p = fixture_standing(&pr, 300);
    spg_step(&pr, &fm.map, in(SPG_BTN_DOWN, SPG_BTN_DOWN), &p);
    spg_step(&pr, &fm.map, in(SPG_BTN_DOWN | SPG_BTN_C, SPG_BTN_C), &p);
    for (i = 0; i < 42; i++)
        spg_step(&pr, &fm.map, in(SPG_BTN_DOWN, 0), &p);
    CHECK_EQ(p.charge, 43); /* 44 when the release is seen */
    spg_step(&pr, &fm.map, in(0, 0), &p);
    CHECK_EQ(p.charge, 0);
    CHECK_EQ(p.ground_speed, 0);
    CHECK_EQ(p.x_speed, 0);
    CHECK(!(p.status & SPG_STATUS_ROLLING));
    CHECK_EQ(p.height_radius, 0x13);
    CHECK_EQ(m68k_hiw(p.y), FLOOR_Y);
}

/* Palmtree Panic 1 present: no air control or drag for $6C8 <= x < $840;
 * in the past the same jump accelerates. */
static void test_launch_area(void)
{
    spg_profile pr = cd_profile(SPG_VARIANT_NORMAL);
    spg_map map = spg_map_default();
    spg_player p = spg_player_default(&pr), q;

    p.x = m68k_mkl(0x700, 0);
    p.y = m68k_mkl(300, 0);
    p.status |= SPG_STATUS_IN_AIR;
    p.x_speed = 0x300;
    p.y_speed = -0x200;
    q = p;
    spg_step(&pr, &map, in(SPG_BTN_RIGHT, 0), &p);
    CHECK_EQ(p.x_speed, 0x300);
    q.time_zone = 0;
    spg_step(&pr, &map, in(SPG_BTN_RIGHT, 0), &q);
    CHECK_EQ(q.x_speed, 0x318 - (0x318 >> 5));
    p.x = m68k_mkl(0x840, 0);
    spg_step(&pr, &map, in(SPG_BTN_RIGHT, 0), &p);
    CHECK_EQ(p.x_speed, 0x318 - (0x318 >> 5));
}

/* ObjMoveGrv: moves with the old y speed, caps the new one at $1000. */
static void test_fall_cap(void)
{
    spg_profile pr = cd_profile(SPG_VARIANT_NORMAL);
    spg_map map = spg_map_default();
    spg_player p = spg_player_default(&pr);

    p.x = m68k_mkl(100, 0);
    p.y = m68k_mkl(300, 0);
    p.status |= SPG_STATUS_IN_AIR;
    p.y_speed = 0xFE0;
    spg_step(&pr, &map, in(0, 0), &p);
    CHECK_EQ(p.y_speed, 0x1000);
    CHECK_EQ(p.y, m68k_mkl(300 + 0xF, 0xE000));
    spg_step(&pr, &map, in(0, 0), &p);
    CHECK_EQ(p.y_speed, 0x1000);
}

/* Up or down held at ground speed 0 refuses the jump; moving it jumps. */
static void test_jump_refused(void)
{
    spg_profile pr = cd_profile(SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p;

    fixture_floor(&fm);
    p = fixture_standing(&pr, 300);
    spg_step(&pr, &fm.map, in(SPG_BTN_DOWN | SPG_BTN_C, SPG_BTN_C), &p);
    CHECK(!(p.status & SPG_STATUS_IN_AIR));
    p = fixture_standing(&pr, 300);
    p.ground_speed = 0x100;
    p.look_mode = 0x81;
    spg_step(&pr, &fm.map, in(SPG_BTN_UP | SPG_BTN_C, SPG_BTN_C), &p);
    CHECK(p.status & SPG_STATUS_IN_AIR);
    CHECK_EQ(p.y_speed, -0x680);
    CHECK_EQ(p.look_mode, 0);
}

/* ObjSonic_ExtCamera: 2 px a frame toward 96 at |gs| >= $600, back to 160
 * below it. */
static void test_camera_lead(void)
{
    spg_profile pr = cd_profile(SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p;

    fixture_floor(&fm);
    p = fixture_standing(&pr, 200);
    p.ground_speed = 0x600;
    spg_step(&pr, &fm.map, in(SPG_BTN_RIGHT, 0), &p);
    CHECK_EQ(p.cam_x_center, 158);
    p.cam_x_center = 97;
    spg_step(&pr, &fm.map, in(SPG_BTN_RIGHT, 0), &p);
    CHECK_EQ(p.cam_x_center, 96);
    p.ground_speed = 0x5FF;
    spg_step(&pr, &fm.map, in(0, 0), &p);
    CHECK_EQ(p.cam_x_center, 98);
}

/* ObjSonic_StartRoll: 0..$1FF become $200, moving left keeps its speed. */
static void test_roll_start(void)
{
    spg_profile pr = cd_profile(SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p;

    fixture_floor(&fm);
    p = fixture_standing(&pr, 300);
    p.ground_speed = 0x100;
    spg_step(&pr, &fm.map, in(SPG_BTN_DOWN, SPG_BTN_DOWN), &p);
    CHECK(p.status & SPG_STATUS_ROLLING);
    CHECK_EQ(p.ground_speed, 0x200);
    p = fixture_standing(&pr, 300);
    p.ground_speed = -0x100;
    p.status |= SPG_STATUS_FACING_LEFT;
    spg_step(&pr, &fm.map, in(SPG_BTN_DOWN, SPG_BTN_DOWN), &p);
    CHECK(p.status & SPG_STATUS_ROLLING);
    CHECK_EQ(p.ground_speed, -0x100 + 0xC);
}

int main(void)
{
    RUN(test_profile);
    RUN(test_charge_counter);
    RUN(test_peelout);
    RUN(test_peelout_cancel);
    RUN(test_spindash);
    RUN(test_spindash_cancel);
    RUN(test_launch_area);
    RUN(test_fall_cap);
    RUN(test_jump_refused);
    RUN(test_camera_lead);
    RUN(test_roll_start);
    TEST_MAIN_END();
}
