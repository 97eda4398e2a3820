/*
 * test_ground.c - walking: Sonic_Move, Sonic_SlopeResist, Sonic_SlopeRepel.
 *
 * Expected values come from the physics review part 2 (running) and the
 * slope physics guide, and where those are silent from reading the
 * original routines (the comments say which).
 */
#include "test.h"
#include "move_fixture.h"
#include "anim.h"

/* Physics review part 2: from rest, holding right, ground speed grows by
 * acc = $0C each frame: $0C, $18, ... $78 over the first ten frames, and
 * on flat ground x speed equals ground speed. */
static void test_first_ten_speeds(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p;
    int i;

    fixture_floor(&fm);
    p = fixture_standing(&pr, 100);
    for (i = 1; i <= 10; i++) {
        fixture_step(&pr, &fm.map, &p, SPG_BTN_RIGHT, i == 1 ? SPG_BTN_RIGHT : 0);
        CHECK_EQ(p.ground_speed, 0x0C * i);
        CHECK_EQ(p.x_speed, 0x0C * i);
        CHECK_EQ(p.y_speed, 0);
        CHECK_EQ(m68k_hiw(p.y), FLOOR_Y);
        CHECK_EQ(p.anim, SPG_ANIM_WALK);
        CHECK_EQ(p.status & SPG_STATUS_IN_AIR, 0);
    }
}

/* $600 / $0C = 128: top speed is reached on frame 128 and kept. */
static void test_top_speed_frame_128(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p;
    int i;

    fixture_floor(&fm);
    p = fixture_standing(&pr, 64);
    for (i = 1; i <= 127; i++)
        fixture_step(&pr, &fm.map, &p, SPG_BTN_RIGHT, 0);
    CHECK_EQ(p.ground_speed, 0x600 - 0x0C);
    fixture_step(&pr, &fm.map, &p, SPG_BTN_RIGHT, 0);
    CHECK_EQ(p.ground_speed, 0x600);
    for (i = 0; i < 20; i++)
        fixture_step(&pr, &fm.map, &p, SPG_BTN_RIGHT, 0);
    CHECK_EQ(p.ground_speed, 0x600);
    CHECK_EQ(p.x_speed, 0x600);
}

/* Run Sonic_Move alone on the flat floor from ground speed gs. */
static spg_player move_once(const spg_profile *pr, int16_t gs, uint8_t status,
                            uint8_t held)
{
    fixture_map fm;
    spg_player p;
    spg_frame f;

    fixture_floor(&fm);
    p = fixture_standing(pr, 300);
    p.ground_speed = gs;
    p.status = status;
    f = fixture_frame(pr, &fm.map, held, 0);
    spg_move(&f, &p);
    return p;
}

/* Friction = acc with no direction held, stopping exactly at 0. */
static void test_friction(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);

    CHECK_EQ(move_once(&pr, 0x100, 0, 0).ground_speed, 0xF4);
    CHECK_EQ(move_once(&pr, -0x100, 0, 0).ground_speed, -0xF4);
    CHECK_EQ(move_once(&pr, 0x05, 0, 0).ground_speed, 0);
    CHECK_EQ(move_once(&pr, -0x05, 0, 0).ground_speed, 0);
    CHECK_EQ(move_once(&pr, 0x0C, 0, 0).ground_speed, 0);
    /* up or down held is not a direction: friction still applies */
    CHECK_EQ(move_once(&pr, 0x100, 0, SPG_BTN_UP).ground_speed, 0xF4);
}

/* Deceleration $80 against the direction of motion. */
static void test_deceleration(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);

    CHECK_EQ(move_once(&pr, 0x300, 0, SPG_BTN_LEFT).ground_speed, 0x280);
    CHECK_EQ(move_once(&pr, -0x300, SPG_STATUS_FACING_LEFT, SPG_BTN_RIGHT).ground_speed,
             -0x280);
}

/* The turn-round quirk: crossing zero leaves -$80 / +$80.  From the code
 * (a borrow / carry test on the word operation): $80 - $80 gives 0 turning
 * left, but -$80 + $80 carries and gives +$80 turning right. */
static void test_turn_round(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);

    CHECK_EQ(move_once(&pr, 0x40, 0, SPG_BTN_LEFT).ground_speed, -0x80);
    CHECK_EQ(move_once(&pr, -0x40, SPG_STATUS_FACING_LEFT, SPG_BTN_RIGHT).ground_speed,
             0x80);
    CHECK_EQ(move_once(&pr, 0x80, 0, SPG_BTN_LEFT).ground_speed, 0);
    CHECK_EQ(move_once(&pr, -0x80, SPG_STATUS_FACING_LEFT, SPG_BTN_RIGHT).ground_speed,
             0x80);
    CHECK_EQ(move_once(&pr, 0x7F, 0, SPG_BTN_LEFT).ground_speed, -0x80);
}

/* Sonic 1 clamps to top speed when accelerating above it (Sonic 2 would
 * keep the higher speed); without input only friction applies. */
static void test_clamp_above_top(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_profile shoes = fixture_profile(SPG_VARIANT_SPEED_SHOES);

    CHECK_EQ(move_once(&pr, 0x700, 0, SPG_BTN_RIGHT).ground_speed, 0x600);
    CHECK_EQ(move_once(&pr, -0x700, SPG_STATUS_FACING_LEFT, SPG_BTN_LEFT).ground_speed,
             -0x600);
    CHECK_EQ(move_once(&pr, 0x700, 0, 0).ground_speed, 0x700 - 0x0C);
    CHECK_EQ(move_once(&shoes, 0x700, 0, SPG_BTN_RIGHT).ground_speed, 0x718);
    CHECK_EQ(move_once(&shoes, 0xBF0, 0, SPG_BTN_RIGHT).ground_speed, 0xC00);
}

/* The profile switch off (the Sonic 2 rule): a speed already above top
 * speed is kept, a lower one still stops at top speed. */
static void test_no_clamp_switch(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);

    pr.clamp_above_top_speed = 0;
    CHECK_EQ(move_once(&pr, 0x700, 0, SPG_BTN_RIGHT).ground_speed, 0x700);
    CHECK_EQ(move_once(&pr, 0x5F8, 0, SPG_BTN_RIGHT).ground_speed, 0x600);
    CHECK_EQ(move_once(&pr, 0x5F0, 0, SPG_BTN_RIGHT).ground_speed, 0x5FC);
    CHECK_EQ(move_once(&pr, -0x700, SPG_STATUS_FACING_LEFT, SPG_BTN_LEFT).ground_speed,
             -0x700);
    CHECK_EQ(move_once(&pr, -0x5F8, SPG_STATUS_FACING_LEFT, SPG_BTN_LEFT).ground_speed,
             -0x600);
}

/* Skid ("stop" animation $0D): the code tests the new ground speed with its
 * low byte zeroed, so turning left skids from >= $400, turning right only
 * below -$300 (high byte $FC or less). */
static void test_skid_threshold(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_player p;

    p = move_once(&pr, 0x480, SPG_STATUS_FACING_LEFT, SPG_BTN_LEFT);
    CHECK_EQ(p.ground_speed, 0x400);
    CHECK_EQ(p.anim, SPG_ANIM_STOP);
    CHECK_EQ(p.status & SPG_STATUS_FACING_LEFT, 0);

    p = move_once(&pr, 0x47F, 0, SPG_BTN_LEFT);
    CHECK_EQ(p.ground_speed, 0x3FF);
    CHECK(p.anim != SPG_ANIM_STOP);

    p = move_once(&pr, -0x381, 0, SPG_BTN_RIGHT);
    CHECK_EQ(p.ground_speed, -0x301);
    CHECK_EQ(p.anim, SPG_ANIM_STOP);
    CHECK_EQ(p.status & SPG_STATUS_FACING_LEFT, SPG_STATUS_FACING_LEFT);

    p = move_once(&pr, -0x380, 0, SPG_BTN_RIGHT);
    CHECK_EQ(p.ground_speed, -0x300);
    CHECK(p.anim != SPG_ANIM_STOP);
}

/* No skid on a slope (outside the floor quadrant). */
static void test_no_skid_on_slope(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_map m = spg_map_default();
    spg_player p = spg_player_default(&pr);
    spg_frame f = fixture_frame(&pr, &m, SPG_BTN_LEFT, 0);

    p.angle = 0x20;
    p.ground_speed = 0x600;
    spg_move(&f, &p);
    CHECK_EQ(p.ground_speed, 0x580);
    CHECK(p.anim != SPG_ANIM_STOP);
}

/* Turning clears the pushing bit; accelerating the same way keeps it. */
static void test_turn_clears_pushing(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_player p;

    p = move_once(&pr, 0, SPG_STATUS_FACING_LEFT | SPG_STATUS_PUSHING, SPG_BTN_RIGHT);
    CHECK_EQ(p.ground_speed, 0x0C);
    CHECK_EQ(p.status & (SPG_STATUS_FACING_LEFT | SPG_STATUS_PUSHING), 0);
    p = move_once(&pr, 0, SPG_STATUS_PUSHING, SPG_BTN_RIGHT);
    CHECK_EQ(p.status & SPG_STATUS_PUSHING, SPG_STATUS_PUSHING);
    p = move_once(&pr, 0, SPG_STATUS_PUSHING, SPG_BTN_LEFT);
    CHECK_EQ(p.ground_speed, -0x0C);
    CHECK_EQ(p.status & (SPG_STATUS_FACING_LEFT | SPG_STATUS_PUSHING),
             SPG_STATUS_FACING_LEFT);
}

/* x and y speed from ground speed along the angle. */
static void test_speed_along_angle(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_map m = spg_map_default();
    spg_player p = spg_player_default(&pr);
    spg_frame f = fixture_frame(&pr, &m, 0, 0);

    p.angle = 0x20; /* sin = cos = $B5 */
    p.ground_speed = 0x10C;
    spg_move(&f, &p);
    CHECK_EQ(p.ground_speed, 0x100);
    CHECK_EQ(p.x_speed, 0xB5);
    CHECK_EQ(p.y_speed, 0xB5);
    p.angle = 0xE0; /* sin = -$B5 */
    p.ground_speed = 0x10C;
    f = fixture_frame(&pr, &m, 0, 0);
    spg_move(&f, &p);
    CHECK_EQ(p.x_speed, 0xB5);
    CHECK_EQ(p.y_speed, -0xB5);
}

/* Slope factor $20: sin($20) = $B5, $B5 * $20 = $16A0, asr 8 = $16;
 * -$16A0 asr 8 = -$17 (rounds down). */
static void test_slope_factor(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_map m = spg_map_default();
    spg_player p = spg_player_default(&pr);
    spg_frame f = fixture_frame(&pr, &m, 0, 0);

    p.angle = 0x20;
    p.ground_speed = 0x100;
    spg_slope_resist(&f, &p);
    CHECK_EQ(p.ground_speed, 0x116);
    p.angle = 0xE0;
    p.ground_speed = 0x100;
    spg_slope_resist(&f, &p);
    CHECK_EQ(p.ground_speed, 0x100 - 0x17);
    p.angle = 0x20;
    p.ground_speed = -0x100;
    spg_slope_resist(&f, &p);
    CHECK_EQ(p.ground_speed, -0x100 + 0x16);
}

/* Sonic 1: no slope factor at all while ground speed is 0. */
static void test_no_slope_factor_at_rest(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_map m = spg_map_default();
    spg_player p = spg_player_default(&pr);
    spg_frame f = fixture_frame(&pr, &m, 0, 0);

    p.angle = 0x20;
    spg_slope_resist(&f, &p);
    CHECK_EQ(p.ground_speed, 0);
    p.angle = 0xE8;
    spg_slope_resist(&f, &p);
    CHECK_EQ(p.ground_speed, 0);
}

/* Not on ceilings: angle + $60 >= $C0 (angles $60..$9F) is skipped. */
static void test_slope_factor_not_on_ceiling(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_map m = spg_map_default();
    spg_player p = spg_player_default(&pr);
    spg_frame f = fixture_frame(&pr, &m, 0, 0);
    static const uint8_t skipped[] = {0x60, 0x80, 0x9F};
    static const uint8_t applied[] = {0x5F, 0xA0};
    unsigned i;

    for (i = 0; i < sizeof skipped; i++) {
        p.angle = skipped[i];
        p.ground_speed = 0x100;
        spg_slope_resist(&f, &p);
        CHECK_EQ(p.ground_speed, 0x100);
    }
    for (i = 0; i < sizeof applied; i++) {
        p.angle = applied[i];
        p.ground_speed = 0x100;
        spg_slope_resist(&f, &p);
        CHECK(p.ground_speed != 0x100);
    }
}

/* Slipping: outside the floor quadrant ((angle + $20) & $C0 != 0, which
 * includes $20 but not $E0) and slower than $280: ground speed 0,
 * airborne, control lock $1E. */
static void test_slip(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_map m = spg_map_default();
    spg_player p;
    spg_frame f = fixture_frame(&pr, &m, 0, 0);
    static const uint8_t slip_angles[] = {0x20, 0x40, 0x80, 0xC0, 0xDF};
    static const uint8_t floor_angles[] = {0x00, 0x1F, 0xE0, 0xF0};
    unsigned i;

    for (i = 0; i < sizeof slip_angles; i++) {
        p = spg_player_default(&pr);
        p.angle = slip_angles[i];
        p.ground_speed = i & 1 ? -0x27F : 0x27F;
        spg_slope_repel(&f, &p);
        CHECK_EQ(p.ground_speed, 0);
        CHECK_EQ(p.status & SPG_STATUS_IN_AIR, SPG_STATUS_IN_AIR);
        CHECK_EQ(p.control_lock, 0x1E);
    }
    for (i = 0; i < sizeof floor_angles; i++) {
        p = spg_player_default(&pr);
        p.angle = floor_angles[i];
        p.ground_speed = 0x10;
        spg_slope_repel(&f, &p);
        CHECK_EQ(p.ground_speed, 0x10);
        CHECK_EQ(p.status, 0);
        CHECK_EQ(p.control_lock, 0);
    }
    p = spg_player_default(&pr);
    p.angle = 0x40;
    p.ground_speed = -0x280;
    spg_slope_repel(&f, &p);
    CHECK_EQ(p.ground_speed, -0x280);
    CHECK_EQ(p.status, 0);
}

/* A running lock only counts down (no slip check that frame). */
static void test_lock_countdown(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_map m = spg_map_default();
    spg_player p = spg_player_default(&pr);
    spg_frame f = fixture_frame(&pr, &m, 0, 0);

    p.angle = 0x40;
    p.control_lock = 5;
    spg_slope_repel(&f, &p);
    CHECK_EQ(p.control_lock, 4);
    CHECK_EQ(p.status, 0);
}

/* The lock ignores left/right, but friction still follows the buttons. */
static void test_lock_blocks_input(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p;
    spg_frame f;

    fixture_floor(&fm);
    p = fixture_standing(&pr, 300);
    p.control_lock = 10;
    p.ground_speed = 0x100;
    f = fixture_frame(&pr, &fm.map, SPG_BTN_RIGHT, 0);
    spg_move(&f, &p);
    CHECK_EQ(p.ground_speed, 0x100);
    f = fixture_frame(&pr, &fm.map, 0, 0);
    spg_move(&f, &p);
    CHECK_EQ(p.ground_speed, 0xF4);
    f = fixture_frame(&pr, &fm.map, SPG_BTN_LEFT, 0);
    spg_move(&f, &p);
    CHECK_EQ(p.ground_speed, 0xF4);
    CHECK_EQ(p.status & SPG_STATUS_FACING_LEFT, 0);
}

/* Standing still on flat ground: wait, look up, duck; pushing cleared. */
static void test_standing_animations(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_player p;

    p = move_once(&pr, 0, SPG_STATUS_PUSHING, 0);
    CHECK_EQ(p.anim, SPG_ANIM_WAIT);
    CHECK_EQ(p.status & SPG_STATUS_PUSHING, 0);
    CHECK_EQ(move_once(&pr, 0, 0, SPG_BTN_UP).anim, SPG_ANIM_LOOKUP);
    CHECK_EQ(move_once(&pr, 0, 0, SPG_BTN_DOWN).anim, SPG_ANIM_DUCK);
    CHECK_EQ(move_once(&pr, 0, 0, SPG_BTN_UP | SPG_BTN_DOWN).anim, SPG_ANIM_LOOKUP);
}

/* Balancing: no floor within $C px under the centre, and a ground sensor
 * that found nothing last frame (angle byte 3): the first one faces the
 * player right, the second left.  Over the floor: no balancing. */
static void test_balance(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p;
    spg_frame f;

    fixture_floor(&fm);
    p = fixture_standing(&pr, FLOOR_TILES_X * 16 + 4); /* past the edge */
    p.angle_buffer_1 = 3;
    p.status = SPG_STATUS_FACING_LEFT;
    f = fixture_frame(&pr, &fm.map, 0, 0);
    spg_move(&f, &p);
    CHECK_EQ(p.anim, SPG_ANIM_BALANCE);
    CHECK_EQ(p.status & SPG_STATUS_FACING_LEFT, 0);

    p = fixture_standing(&pr, FLOOR_TILES_X * 16 + 4);
    p.angle_buffer_2 = 3;
    f = fixture_frame(&pr, &fm.map, SPG_BTN_UP, 0);
    spg_move(&f, &p);
    CHECK_EQ(p.anim, SPG_ANIM_BALANCE);
    CHECK_EQ(p.status & SPG_STATUS_FACING_LEFT, SPG_STATUS_FACING_LEFT);

    p = fixture_standing(&pr, FLOOR_TILES_X * 16 + 4);
    f = fixture_frame(&pr, &fm.map, SPG_BTN_UP, 0);
    spg_move(&f, &p);
    CHECK_EQ(p.anim, SPG_ANIM_LOOKUP);

    p = fixture_standing(&pr, 300);
    p.angle_buffer_1 = 3;
    f = fixture_frame(&pr, &fm.map, 0, 0);
    spg_move(&f, &p);
    CHECK_EQ(p.anim, SPG_ANIM_WAIT);
}

int main(void)
{
    RUN(test_first_ten_speeds);
    RUN(test_top_speed_frame_128);
    RUN(test_friction);
    RUN(test_deceleration);
    RUN(test_turn_round);
    RUN(test_clamp_above_top);
    RUN(test_no_clamp_switch);
    RUN(test_skid_threshold);
    RUN(test_no_skid_on_slope);
    RUN(test_turn_clears_pushing);
    RUN(test_speed_along_angle);
    RUN(test_slope_factor);
    RUN(test_no_slope_factor_at_rest);
    RUN(test_slope_factor_not_on_ceiling);
    RUN(test_slip);
    RUN(test_lock_countdown);
    RUN(test_lock_blocks_input);
    RUN(test_standing_animations);
    RUN(test_balance);
    TEST_MAIN_END();
}
