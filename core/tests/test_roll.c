/*
 * test_roll.c - rolling: Sonic_Roll, Sonic_RollSpeed, Sonic_RollRepel.
 * Values from the physics guides (roll start $80, friction acc/2,
 * deceleration $20, x speed cap $1000, slope factor $50 / $14) and from
 * the original routines.
 */
#include "test.h"
#include "move_fixture.h"
#include "anim.h"

static spg_player roll_once(const spg_profile *pr, int16_t gs, uint8_t held)
{
    spg_map m = spg_map_default();
    spg_player p = spg_player_default(pr);
    spg_frame f = fixture_frame(pr, &m, held, 0);

    p.y = m68k_mkl(FLOOR_Y, 0x1234);
    p.ground_speed = gs;
    spg_roll(&f, &p);
    return p;
}

/* Curling needs abs(ground speed) >= $80, down, and no left/right. The
 * centre moves 5 px down (19 - 14), subpixel untouched. */
static void test_roll_start(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_player p;

    p = roll_once(&pr, 0x7F, SPG_BTN_DOWN);
    CHECK_EQ(p.status & SPG_STATUS_ROLLING, 0);
    CHECK_EQ(p.height_radius, 19);
    p = roll_once(&pr, -0x7F, SPG_BTN_DOWN);
    CHECK_EQ(p.status & SPG_STATUS_ROLLING, 0);

    p = roll_once(&pr, 0x80, SPG_BTN_DOWN);
    CHECK_EQ(p.status & SPG_STATUS_ROLLING, SPG_STATUS_ROLLING);
    CHECK_EQ(p.height_radius, 14);
    CHECK_EQ(p.width_radius, 7);
    CHECK_EQ(p.anim, SPG_ANIM_ROLL);
    CHECK_EQ(m68k_hiw(p.y), FLOOR_Y + 5);
    CHECK_EQ(m68k_low(p.y), 0x1234);
    CHECK_EQ(p.ground_speed, 0x80);

    p = roll_once(&pr, -0x80, SPG_BTN_DOWN);
    CHECK_EQ(p.status & SPG_STATUS_ROLLING, SPG_STATUS_ROLLING);

    p = roll_once(&pr, 0x100, SPG_BTN_DOWN | SPG_BTN_RIGHT);
    CHECK_EQ(p.status & SPG_STATUS_ROLLING, 0);
    p = roll_once(&pr, 0x100, SPG_BTN_DOWN | SPG_BTN_LEFT);
    CHECK_EQ(p.status & SPG_STATUS_ROLLING, 0);
    p = roll_once(&pr, 0x100, 0);
    CHECK_EQ(p.status & SPG_STATUS_ROLLING, 0);
}

/* Through spg_step on the floor: friction first (Sonic_Move), then the
 * curl; the ground sensors keep the curled player on the floor. */
static void test_roll_start_step(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p;

    fixture_floor(&fm);
    p = fixture_standing(&pr, 300);
    p.ground_speed = 0x100;
    fixture_step(&pr, &fm.map, &p, SPG_BTN_DOWN, SPG_BTN_DOWN);
    CHECK_EQ(p.status & SPG_STATUS_ROLLING, SPG_STATUS_ROLLING);
    CHECK_EQ(p.ground_speed, 0xF4);
    CHECK_EQ(p.x_speed, 0xF4);
    CHECK_EQ(m68k_hiw(p.y), FLOOR_Y + 5);
    CHECK_EQ(m68k_hiw(p.x), 300);
    CHECK_EQ(m68k_low(p.x), 0xF400);
    /* next frame: rolling friction 6 */
    fixture_step(&pr, &fm.map, &p, 0, 0);
    CHECK_EQ(p.ground_speed, 0xEE);
    CHECK_EQ(p.status & SPG_STATUS_IN_AIR, 0);
}

static spg_player roll_speed_once(const spg_profile *pr, int16_t gs, uint8_t held,
                                  uint16_t lock)
{
    spg_map m = spg_map_default();
    spg_player p = spg_player_default(pr);
    spg_frame f = fixture_frame(pr, &m, held, 0);

    p.status = SPG_STATUS_ROLLING;
    p.height_radius = 14;
    p.width_radius = 7;
    p.anim = SPG_ANIM_ROLL;
    p.y = m68k_mkl(FLOOR_Y + 5, 0);
    p.ground_speed = gs;
    p.control_lock = lock;
    spg_roll_speed(&f, &p);
    return p;
}

/* Rolling friction acc/2 = 6 whether or not a direction is held; braking
 * dec/4 = $20 on top of it; no acceleration. */
static void test_roll_friction_and_decel(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_player p;

    p = roll_speed_once(&pr, 0x100, 0, 0);
    CHECK_EQ(p.ground_speed, 0xFA);
    CHECK_EQ(p.x_speed, 0xFA);
    CHECK_EQ(p.y_speed, 0);
    CHECK_EQ(roll_speed_once(&pr, -0x100, 0, 0).ground_speed, -0xFA);
    CHECK_EQ(roll_speed_once(&pr, 0x100, SPG_BTN_RIGHT, 0).ground_speed, 0xFA);
    CHECK_EQ(roll_speed_once(&pr, 0x100, SPG_BTN_LEFT, 0).ground_speed, 0xDA);
    CHECK_EQ(roll_speed_once(&pr, -0x100, SPG_BTN_RIGHT, 0).ground_speed, -0xDA);
    /* the lock stops braking, not friction */
    CHECK_EQ(roll_speed_once(&pr, 0x100, SPG_BTN_LEFT, 3).ground_speed, 0xFA);
}

/* Braking across zero: -$80 / +$80 like walking, then friction 6. */
static void test_roll_turn(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_player p;

    p = roll_speed_once(&pr, 0x10, SPG_BTN_LEFT, 0);
    CHECK_EQ(p.ground_speed, -0x7A);
    CHECK_EQ(p.status & SPG_STATUS_FACING_LEFT, 0);
    p = roll_speed_once(&pr, -0x10, SPG_BTN_RIGHT, 0);
    CHECK_EQ(p.ground_speed, 0x7A);
    /* holding the way you roll only turns you */
    p = roll_speed_once(&pr, -0x100, SPG_BTN_LEFT, 0);
    CHECK_EQ(p.status & SPG_STATUS_FACING_LEFT, SPG_STATUS_FACING_LEFT);
    CHECK_EQ(p.ground_speed, -0xFA);
}

/* x speed is capped at +-$1000; ground speed is not. */
static void test_roll_cap(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_player p;

    p = roll_speed_once(&pr, 0x1100, 0, 0);
    CHECK_EQ(p.ground_speed, 0x10FA);
    CHECK_EQ(p.x_speed, 0x1000);
    p = roll_speed_once(&pr, -0x1100, 0, 0);
    CHECK_EQ(p.x_speed, -0x1000);
    p = roll_speed_once(&pr, 0x1006, 0, 0);
    CHECK_EQ(p.x_speed, 0x1000);
}

/* At ground speed 0 the player uncurls: standing radii, wait, 5 px up. */
static void test_unroll(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_player p;

    p = roll_speed_once(&pr, 6, 0, 0);
    CHECK_EQ(p.ground_speed, 0);
    CHECK_EQ(p.status & SPG_STATUS_ROLLING, 0);
    CHECK_EQ(p.height_radius, 19);
    CHECK_EQ(p.width_radius, 9);
    CHECK_EQ(p.anim, SPG_ANIM_WAIT);
    CHECK_EQ(m68k_hiw(p.y), FLOOR_Y);
    p = roll_speed_once(&pr, 7, 0, 0);
    CHECK_EQ(p.status & SPG_STATUS_ROLLING, SPG_STATUS_ROLLING);
}

/* Underwater the derived values halve: friction 3, braking $10. */
static void test_roll_underwater(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_UNDERWATER);

    CHECK_EQ(roll_speed_once(&pr, 0x100, 0, 0).ground_speed, 0xFD);
    CHECK_EQ(roll_speed_once(&pr, 0x100, SPG_BTN_LEFT, 0).ground_speed, 0xED);
}

static int16_t repel_once(uint8_t angle, int16_t gs)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_map m = spg_map_default();
    spg_player p = spg_player_default(&pr);
    spg_frame f = fixture_frame(&pr, &m, 0, 0);

    p.status = SPG_STATUS_ROLLING;
    p.angle = angle;
    p.ground_speed = gs;
    spg_roll_repel(&f, &p);
    return p.ground_speed;
}

/* Rolling slope factor: sin * $50 asr 8 downhill ($B5 -> $38, -$B5 ->
 * -$39), a quarter of it uphill ($38 asr 2 = $0E, -$39 asr 2 = -$0F).  A
 * ground speed of 0 counts as moving right. */
static void test_roll_repel(void)
{
    CHECK_EQ(repel_once(0x20, 0x100), 0x138);
    CHECK_EQ(repel_once(0x20, -0x100), -0x100 + 0x0E);
    CHECK_EQ(repel_once(0xE0, 0x100), 0x100 - 0x0F);
    CHECK_EQ(repel_once(0xE0, -0x100), -0x100 - 0x39);
    CHECK_EQ(repel_once(0x20, 0), 0x38);
    CHECK_EQ(repel_once(0xE0, 0), -0x0F);
    CHECK_EQ(repel_once(0x60, 0x100), 0x100); /* ceiling: none */
    CHECK_EQ(repel_once(0x00, 0x100), 0x100);
}

/* The original computes uphill as (sin * $50 asr 8) asr 2; the profile's
 * $14 must round identically for every angle. */
static void test_rollup_factor_identity(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    int a;

    for (a = 0; a < 256; a++) {
        int16_t s, c;
        spg_calc_sine((uint8_t)a, &s, &c);
        CHECK_EQ(m68k_mul8(s, pr.slope_factor_rollup),
                 m68k_asrl(m68k_mul8(s, pr.slope_factor_rolldown), 2));
    }
}

int main(void)
{
    RUN(test_roll_start);
    RUN(test_roll_start_step);
    RUN(test_roll_friction_and_decel);
    RUN(test_roll_turn);
    RUN(test_roll_cap);
    RUN(test_unroll);
    RUN(test_roll_underwater);
    RUN(test_roll_repel);
    RUN(test_rollup_factor_identity);
    TEST_MAIN_END();
}
