/*
 * test_player.c - spg_step (Sonic_Control and the mode routines),
 * Sonic_LevelBound and KillSonic, the profiles and the defaults.
 */
#include <string.h>

#include "test.h"
#include "move_fixture.h"
#include "anim.h"

/* The three Sonic 1 constant sets and the values derived from them. */
static void test_profiles(void)
{
    spg_profile n = fixture_profile(SPG_VARIANT_NORMAL);
    spg_profile s = fixture_profile(SPG_VARIANT_SPEED_SHOES);
    spg_profile w = fixture_profile(SPG_VARIANT_UNDERWATER);

    CHECK_EQ(n.top_speed, 0x600);
    CHECK_EQ(n.acceleration, 0x0C);
    CHECK_EQ(n.deceleration, 0x80);
    CHECK_EQ(n.air_acceleration, 0x18);
    CHECK_EQ(n.roll_friction, 0x06);
    CHECK_EQ(n.roll_deceleration, 0x20);
    CHECK_EQ(s.top_speed, 0xC00);
    CHECK_EQ(s.acceleration, 0x18);
    CHECK_EQ(s.deceleration, 0x80);
    CHECK_EQ(s.air_acceleration, 0x30);
    CHECK_EQ(w.top_speed, 0x300);
    CHECK_EQ(w.acceleration, 0x06);
    CHECK_EQ(w.deceleration, 0x40);
    CHECK_EQ(w.air_acceleration, 0x0C);
    CHECK_EQ(w.roll_friction, 0x03);
    CHECK_EQ(w.roll_deceleration, 0x10);
    CHECK_EQ(n.gravity, 0x38);
    CHECK_EQ(n.underwater_gravity_cut, 0x28);
    CHECK_EQ(n.jump_speed, 0x680);
    CHECK_EQ(n.jump_speed_underwater, 0x380);
    CHECK_EQ(n.jump_release_cap, -0x400);
    CHECK_EQ(n.jump_release_cap_underwater, -0x200);
    CHECK_EQ(w.jump_speed_underwater, 0x380);
    CHECK_EQ(n.slope_factor, 0x20);
    CHECK_EQ(n.slope_factor_rolldown, 0x50);
    CHECK_EQ(n.slope_factor_rollup, 0x14);
    CHECK_EQ(n.roll_min_speed, 0x80);
    CHECK_EQ(n.roll_x_speed_cap, 0x1000);
    CHECK_EQ(n.slip_speed, 0x280);
    CHECK_EQ(n.slip_lock, 0x1E);
    CHECK_EQ(n.stand_height_radius, 19);
    CHECK_EQ(n.stand_width_radius, 9);
    CHECK_EQ(n.roll_height_radius, 14);
    CHECK_EQ(n.roll_width_radius, 7);
    CHECK_EQ(n.clamp_above_top_speed, 1);
    CHECK_EQ(n.game, SPG_GAME_SONIC1);
    CHECK_EQ(w.variant, SPG_VARIANT_UNDERWATER);
}

static void test_profile_unsupported(void)
{
    spg_profile p, before;

    memset(&p, 0x5A, sizeof p);
    before = p;
    CHECK_EQ(spg_profile_get((spg_game)6, SPG_CHAR_SONIC, SPG_VARIANT_NORMAL, &p), -1);
    CHECK_EQ(spg_profile_get(SPG_GAME_SONIC1, SPG_CHAR_TAILS, SPG_VARIANT_NORMAL, &p), -1);
    CHECK_EQ(spg_profile_get(SPG_GAME_SONIC2, (spg_character)2, SPG_VARIANT_NORMAL, &p), -1);
    CHECK_EQ(spg_profile_get(SPG_GAME_SONIC1, SPG_CHAR_SONIC, (spg_variant)3, &p), -1);
    CHECK(memcmp(&p, &before, sizeof p) == 0);
    CHECK_EQ(spg_profile_get(SPG_GAME_SONIC1, SPG_CHAR_SONIC, SPG_VARIANT_NORMAL, &p), 0);
}

static void test_player_default(void)
{
    spg_profile n = fixture_profile(SPG_VARIANT_NORMAL);
    spg_profile w = fixture_profile(SPG_VARIANT_UNDERWATER);
    spg_player p = spg_player_default(&n);

    CHECK_EQ(p.x, 0);
    CHECK_EQ(p.y, 0);
    CHECK_EQ(p.height_radius, 19);
    CHECK_EQ(p.width_radius, 9);
    CHECK_EQ(p.routine, SPG_ROUTINE_CONTROL);
    CHECK_EQ(p.status, 0);
    CHECK_EQ(p.ground_speed, 0);
    CHECK_EQ(p.render_flags, SPG_RENDER_PLAYFIELD); /* as Sonic_Main */
    CHECK_EQ(p.anim, 0);
    CHECK_EQ(p.prev_anim, 0);
    CHECK_EQ(p.anim_frame, 0);
    CHECK_EQ(p.anim_timer, 0);
    CHECK_EQ(p.mapping_frame, 0);
    CHECK_EQ(spg_player_default(&w).status, SPG_STATUS_UNDERWATER);
}

/* Sonic_LevelBound at x: limit_left + $10 and limit_right + $168 stop the
 * player (at the limit, subpixel 0, speeds 0), limit_bottom + 224 kills. */
static spg_player bound_once(int x, int16_t xs, int y)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_map m = spg_map_default();
    spg_player p = spg_player_default(&pr);
    spg_frame f;

    m.limit_left = 100;
    m.limit_right = 1000;
    m.limit_bottom = 500;
    f = fixture_frame(&pr, &m, 0, 0);
    p.x = m68k_mkl((int16_t)x, 0x8000);
    p.y = m68k_mkl((int16_t)y, 0);
    p.x_speed = xs;
    p.ground_speed = xs;
    spg_level_bound(&f, &p);
    return p;
}

static void test_level_bound_sides(void)
{
    spg_player p;

    p = bound_once(116, -0x100, 300); /* would be at 115.5 */
    CHECK_EQ(m68k_hiw(p.x), 116);
    CHECK_EQ(m68k_low(p.x), 0);
    CHECK_EQ(p.x_speed, 0);
    CHECK_EQ(p.ground_speed, 0);
    p = bound_once(117, -0x100, 300); /* 116.5: still inside */
    CHECK_EQ(m68k_hiw(p.x), 117);
    CHECK_EQ(p.x_speed, -0x100);

    p = bound_once(1359, 0x80, 300); /* 1360.0 = 1000 + $168 */
    CHECK_EQ(m68k_hiw(p.x), 1360);
    CHECK_EQ(m68k_low(p.x), 0);
    CHECK_EQ(p.x_speed, 0);
    p = bound_once(1358, 0x80, 300);
    CHECK_EQ(m68k_hiw(p.x), 1358);
    CHECK_EQ(p.x_speed, 0x80);
    CHECK_EQ(p.routine, SPG_ROUTINE_CONTROL);
}

static void test_level_bound_bottom(void)
{
    spg_player p;

    p = bound_once(300, 0, 724);
    CHECK_EQ(p.routine, SPG_ROUTINE_CONTROL);
    p = bound_once(300, 0x100, 725);
    CHECK_EQ(p.routine, SPG_ROUTINE_DEATH);
    CHECK_EQ(p.anim, SPG_ANIM_DEATH);
    CHECK_EQ(p.y_speed, -0x700);
    CHECK_EQ(p.x_speed, 0);
    CHECK_EQ(p.ground_speed, 0);
    CHECK_EQ(p.status & SPG_STATUS_IN_AIR, SPG_STATUS_IN_AIR);
}

/* The default map's limits never act on a normal position. */
static void test_default_map_limits(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_map m = spg_map_default();
    spg_player p = spg_player_default(&pr);
    spg_frame f = fixture_frame(&pr, &m, 0, 0);
    static const int xs[] = {0, 5, 16000, 0x7FFF, 0xFF00};
    unsigned i;

    CHECK_EQ(m.mask_count, 1);
    for (i = 0; i < sizeof xs / sizeof xs[0]; i++) {
        p.x = m68k_mkl(m68k_w((uint32_t)xs[i]), 0);
        p.y = m68k_mkl(0x7FF0, 0);
        p.x_speed = 0x7F;
        spg_level_bound(&f, &p);
        CHECK_EQ(p.x_speed, 0x7F);
        CHECK_EQ(p.routine, SPG_ROUTINE_CONTROL);
    }
}

/* Dying in the air: KillSonic returns into the mode routine, so the frame
 * goes on (ObjectFall moves 7 px up with the new speed and adds gravity);
 * then Sonic_Death keeps it falling until y passes limit_bottom + $100,
 * sets y speed -$38 and routine 8, after which nothing changes. */
static void test_death_frame(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_map m = spg_map_default();
    spg_player p = spg_player_default(&pr), after;

    m.limit_bottom = 500;
    p.status = SPG_STATUS_IN_AIR | SPG_STATUS_PUSHING;
    p.x = m68k_mkl(300, 0);
    p.y = m68k_mkl(800, 0);
    p.x_speed = 0x100;
    p.y_speed = 0x200;
    fixture_step(&pr, &m, &p, SPG_BTN_RIGHT, 0);
    CHECK_EQ(p.routine, SPG_ROUTINE_DEATH);
    CHECK_EQ(p.anim, SPG_ANIM_DEATH);
    CHECK_EQ(m68k_hiw(p.x), 300);
    CHECK_EQ(m68k_hiw(p.y), 793);
    CHECK_EQ(p.y_speed, -0x700 + 0x38);
    CHECK_EQ(p.x_speed, 0);
    CHECK_EQ(p.status, SPG_STATUS_IN_AIR);

    /* y 793 is past 500 + $100: GameOver, then the fall with -$38 + $38. */
    fixture_step(&pr, &m, &p, SPG_BTN_LEFT, SPG_BTN_A);
    CHECK_EQ(p.routine, SPG_ROUTINE_RESET_LEVEL);
    CHECK_EQ(m68k_hiw(p.y), 792);
    CHECK_EQ(m68k_low(p.y), 0xC800);
    CHECK_EQ(p.y_speed, 0);
    CHECK_EQ(p.x_speed, 0);

    after = p;
    fixture_step(&pr, &m, &after, SPG_BTN_RIGHT, SPG_BTN_A);
    CHECK(memcmp(&after, &p, sizeof p) == 0);
}

/* Sonic_Death before the limit: only ObjectFall (dry gravity even when
 * underwater), routine stays 6. */
static void test_death_fall(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_UNDERWATER);
    spg_map m = spg_map_default();
    spg_player p = spg_player_default(&pr);

    m.limit_bottom = 500;
    p.routine = SPG_ROUTINE_DEATH;
    p.status = SPG_STATUS_IN_AIR | SPG_STATUS_UNDERWATER;
    p.y = m68k_mkl(700, 0);
    p.y_speed = -0x100;
    fixture_step(&pr, &m, &p, 0, 0);
    CHECK_EQ(p.routine, SPG_ROUTINE_DEATH);
    CHECK_EQ(m68k_hiw(p.y), 699);
    CHECK_EQ(p.y_speed, -0x100 + 0x38);
}

/* Dying on the ground: KillSonic stores the pixel y in the word at $38,
 * whose high byte is the stick-to-convex flag, and the mode routine goes
 * on.  From 20 px above the floor Sonic_AnglePos snaps all the same and
 * Sonic_SlopeRepel leaves the control lock alone; with y below 256 the
 * flag stays clear, and neither happens. */
static void test_ground_death_sticks(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p;

    fixture_floor(&fm);
    fm.map.limit_bottom = 400;      /* death line 624 */
    p = spg_player_default(&pr);
    p.x = m68k_mkl(300, 0);
    p.y = m68k_mkl(FLOOR_Y - 20, 0);
    p.control_lock = 5;
    fixture_step(&pr, &fm.map, &p, 0, 0);
    CHECK_EQ(p.routine, SPG_ROUTINE_DEATH);
    CHECK_EQ(p.word_38, FLOOR_Y - 20);
    CHECK_EQ(m68k_hiw(p.y), FLOOR_Y);   /* -7 by the speed, +27 snapped */
    CHECK_EQ(p.control_lock, 5);

    fm.map.limit_bottom = -300;     /* death line -76: y 200 is below it */
    p = spg_player_default(&pr);
    p.x = m68k_mkl(300, 0);
    p.y = m68k_mkl(200, 0);
    p.control_lock = 5;
    fixture_step(&pr, &fm.map, &p, 0, 0);
    CHECK_EQ(p.routine, SPG_ROUTINE_DEATH);
    CHECK_EQ(p.word_38, 200);
    CHECK_EQ(m68k_hiw(p.y), 193);       /* the floor at 736 is far away */
    CHECK_EQ(p.control_lock, 4);
}

/* A set stick-to-convex flag keeps a grounded player on a surface more
 * than 14 px away and stops a slip; a jump clears the flag's byte only. */
static void test_stick_to_convex(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p;

    fixture_floor(&fm);
    p = spg_player_default(&pr);
    p.x = m68k_mkl(300, 0);
    p.y = m68k_mkl(FLOOR_Y - 30, 0);
    p.word_38 = 0x0100;
    fixture_step(&pr, &fm.map, &p, 0, 0);
    CHECK_EQ(p.status & SPG_STATUS_IN_AIR, 0);
    CHECK_EQ(m68k_hiw(p.y), FLOOR_Y);
    p.word_38 = 0;
    p.y = m68k_mkl(FLOOR_Y - 30, 0);
    fixture_step(&pr, &fm.map, &p, 0, 0);
    CHECK_EQ(p.status & SPG_STATUS_IN_AIR, SPG_STATUS_IN_AIR);

    p = spg_player_default(&pr);
    p.x = m68k_mkl(300, 0);
    p.y = m68k_mkl(FLOOR_Y, 0);
    p.word_38 = 0x1234;
    fixture_step(&pr, &fm.map, &p, SPG_BTN_A, SPG_BTN_A);
    CHECK_EQ(p.jumping, 1);
    CHECK_EQ(p.word_38, 0x0034);
}

/* A jump ends the mode routine: no walking, no move that frame. */
static void test_jump_returns_early(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p;

    fixture_floor(&fm);
    p = fixture_standing(&pr, 300);
    fixture_step(&pr, &fm.map, &p, SPG_BTN_RIGHT | SPG_BTN_A, SPG_BTN_RIGHT | SPG_BTN_A);
    CHECK_EQ(p.ground_speed, 0);
    CHECK_EQ(p.x_speed, 0);
    CHECK_EQ(p.y_speed, -0x680);
    CHECK_EQ(m68k_hiw(p.x), 300);
    CHECK_EQ(m68k_low(p.x), 0);
    CHECK_EQ(m68k_hiw(p.y), FLOOR_Y + 5);
    CHECK_EQ(m68k_low(p.y), 0);
    CHECK_EQ(p.status, SPG_STATUS_IN_AIR | SPG_STATUS_ROLLING);

    /* next frame in the air: A held, so no cap; $18 air acceleration;
     * move with -$680 (6.5 px up), then gravity */
    fixture_step(&pr, &fm.map, &p, SPG_BTN_RIGHT | SPG_BTN_A, 0);
    CHECK_EQ(p.x_speed, 0x18);
    CHECK_EQ(p.y_speed, -0x680 + 0x38);
    CHECK_EQ(m68k_hiw(p.y), FLOOR_Y + 5 - 7);
    CHECK_EQ(m68k_low(p.y), 0x8000);
    CHECK_EQ(m68k_low(p.x), 0x1800);

    /* released: capped at -$400 before the move */
    fixture_step(&pr, &fm.map, &p, 0, 0);
    CHECK_EQ(p.y_speed, -0x400 + 0x38);
}

/* Air + roll bits together run the same air routine (MdJump2): ground
 * speed untouched, gravity applied. */
static void test_mode_air_roll(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_map m = spg_map_default();
    spg_player p = spg_player_default(&pr);

    p.status = SPG_STATUS_IN_AIR | SPG_STATUS_ROLLING;
    p.x = m68k_mkl(300, 0);
    p.y = m68k_mkl(300, 0);
    p.ground_speed = 0x100;
    p.angle = 0x10;
    fixture_step(&pr, &m, &p, SPG_BTN_DOWN, 0);
    CHECK_EQ(p.ground_speed, 0x100);
    CHECK_EQ(p.y_speed, 0x38);
    CHECK_EQ(p.angle, 0x0E);
    CHECK_EQ(p.status & SPG_STATUS_ROLLING, SPG_STATUS_ROLLING);
}

/* The frame's sensor angles end up in the angle buffers: on the flat
 * floor both ground sensors see angle 0. */
static void test_angle_buffers(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p;

    fixture_floor(&fm);
    p = fixture_standing(&pr, 300);
    p.angle_buffer_1 = 0x55;
    p.angle_buffer_2 = 0x66;
    fixture_step(&pr, &fm.map, &p, SPG_BTN_RIGHT, 0);
    CHECK_EQ(p.angle_buffer_1, 0);
    CHECK_EQ(p.angle_buffer_2, 0);
    CHECK_EQ(m68k_hiw(p.y), FLOOR_Y);
}

/* Physics review part 1, pushing: with the wall's left side at x = 704,
 * Sonic running right stops with his centre at 693 and pushes.  Holding
 * on, ground speed builds up again from 0 each time until the next move
 * would reach x = 694, when the wall check zeroes it again. */
static void test_wall_push(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_map m;
    spg_player p;
    uint16_t cells[FLOOR_TILES_X * 5];
    int i, r, c, stopped = 0;

    /* rows 43..47: floor in the two lowest (top at 736), a wall column
     * at tile 44 (x = 704..719) above it */
    fixture_floor(&fm);
    for (r = 0; r < 5; r++)
        for (c = 0; c < FLOOR_TILES_X; c++)
            cells[r * FLOOR_TILES_X + c] =
                (r >= 3 || c == 44) ? (1 | SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID) : 0;
    m = fm.map;
    m.cells = cells;
    m.y0 = FLOOR_TOP / 16 - 3;
    m.height = 5;
    p = fixture_standing(&pr, 600);
    for (i = 0; i < 150; i++) {
        fixture_step(&pr, &m, &p, SPG_BTN_RIGHT, i == 0 ? SPG_BTN_RIGHT : 0);
        if (i >= 120) {
            CHECK_EQ(m68k_hiw(p.x), 693);
            CHECK(p.ground_speed >= 0 && p.ground_speed < 0x100);
            if (p.ground_speed == 0)
                stopped++;
        }
    }
    CHECK(stopped > 0);
    CHECK_EQ(p.status & SPG_STATUS_PUSHING, SPG_STATUS_PUSHING);
    CHECK_EQ(m68k_hiw(p.y), FLOOR_Y);
}

/* A routine other than 2 is left alone. */
static void test_other_routines(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_map m = spg_map_default();
    spg_player p = spg_player_default(&pr), before;

    p.routine = SPG_ROUTINE_HURT;
    p.status = SPG_STATUS_IN_AIR;
    p.y_speed = 0x100;
    before = p;
    fixture_step(&pr, &m, &p, SPG_BTN_RIGHT, SPG_BTN_A);
    CHECK(memcmp(&p, &before, sizeof p) == 0);
}

int main(void)
{
    RUN(test_profiles);
    RUN(test_profile_unsupported);
    RUN(test_player_default);
    RUN(test_level_bound_sides);
    RUN(test_level_bound_bottom);
    RUN(test_default_map_limits);
    RUN(test_death_frame);
    RUN(test_death_fall);
    RUN(test_ground_death_sticks);
    RUN(test_stick_to_convex);
    RUN(test_jump_returns_early);
    RUN(test_mode_air_roll);
    RUN(test_angle_buffers);
    RUN(test_wall_push);
    RUN(test_other_routines);
    TEST_MAIN_END();
}
