/*
 * test_air.c - jumping and the air: Sonic_Jump, Sonic_JumpHeight,
 * Sonic_JumpDirection, Sonic_JumpAngle, ObjectFall.  Values from the
 * physics guides (jump $680 along the angle, release cap -$400, air
 * acceleration $18, air drag window, gravity $38, underwater $10) and from
 * the original routines.
 */
#include "test.h"
#include "move_fixture.h"
#include "anim.h"

static spg_player jump_once(const spg_profile *pr, spg_player p, uint8_t held,
                            uint8_t pressed, int *started)
{
    spg_map m = spg_map_default();
    spg_frame f = fixture_frame(pr, &m, held, pressed);

    *started = spg_jump(&f, &p);
    return p;
}

static spg_player standing(const spg_profile *pr)
{
    spg_player p = spg_player_default(pr);
    p.y = m68k_mkl(FLOOR_Y, 0x4000);
    return p;
}

/* Only a newly pressed A, B or C starts a jump. */
static void test_jump_needs_press(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_player p0 = standing(&pr), p;
    int started;

    p = jump_once(&pr, p0, SPG_BTN_A, 0, &started);
    CHECK_EQ(started, 0);
    CHECK_EQ(p.y_speed, 0);
    CHECK_EQ(p.status, 0);
    p = jump_once(&pr, p0, SPG_BTN_START, SPG_BTN_START | SPG_BTN_UP, &started);
    CHECK_EQ(started, 0);
    p = jump_once(&pr, p0, SPG_BTN_B, SPG_BTN_B, &started);
    CHECK_EQ(started, 1);
    p = jump_once(&pr, p0, SPG_BTN_C, SPG_BTN_C, &started);
    CHECK_EQ(started, 1);
}

/* Flat ground: y speed -$680; airborne, curled (14 x 7, 5 px down,
 * subpixel kept), roll animation, jump flag, pushing cleared. */
static void test_jump_flat(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_player p = standing(&pr);
    int started;

    p.status = SPG_STATUS_PUSHING;
    p.x_speed = 0x123;
    p = jump_once(&pr, p, SPG_BTN_A, SPG_BTN_A, &started);
    CHECK_EQ(started, 1);
    CHECK_EQ(p.x_speed, 0x123);
    CHECK_EQ(p.y_speed, -0x680);
    CHECK_EQ(p.status, SPG_STATUS_IN_AIR | SPG_STATUS_ROLLING);
    CHECK_EQ(p.height_radius, 14);
    CHECK_EQ(p.width_radius, 7);
    CHECK_EQ(p.anim, SPG_ANIM_ROLL);
    CHECK_EQ(p.jumping, 1);
    CHECK_EQ(m68k_hiw(p.y), FLOOR_Y + 5);
    CHECK_EQ(m68k_low(p.y), 0x4000);
}

/* Along the angle: on $20 the normal is $E0, sin = -$B5, cos = $B5;
 * $B5 * $680 = $49880 -> asr 8 = $498 (1176), the negative -$499. */
static void test_jump_along_angle(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_player p = standing(&pr);
    int started;

    p.angle = 0x20;
    p.x_speed = 0x100;
    p.y_speed = 0x100;
    p = jump_once(&pr, p, SPG_BTN_A, SPG_BTN_A, &started);
    CHECK_EQ(started, 1);
    CHECK_EQ(p.x_speed, 0x100 + 0x498);
    CHECK_EQ(p.y_speed, 0x100 - 0x499);
    CHECK_EQ(p.angle, 0x20); /* the angle eases to 0 later, in the air */

    p = standing(&pr);
    p.angle = 0x40; /* normal at angle 0: the jump goes straight to +x */
    p = jump_once(&pr, p, SPG_BTN_A, SPG_BTN_A, &started);
    CHECK_EQ(p.x_speed, 0x680);
    CHECK_EQ(p.y_speed, 0);
}

/* A roll jump keeps the standing radii (no y shift) and sets the roll-jump
 * bit: the Sonic 1 quirk. */
static void test_roll_jump(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_player p = standing(&pr);
    int started;

    p.status = SPG_STATUS_ROLLING;
    p.height_radius = 14;
    p.width_radius = 7;
    p.anim = SPG_ANIM_ROLL;
    p.y = m68k_mkl(FLOOR_Y + 5, 0);
    p = jump_once(&pr, p, SPG_BTN_A, SPG_BTN_A, &started);
    CHECK_EQ(started, 1);
    CHECK_EQ(p.status, SPG_STATUS_IN_AIR | SPG_STATUS_ROLLING | SPG_STATUS_ROLL_JUMP);
    CHECK_EQ(p.height_radius, 19);
    CHECK_EQ(p.width_radius, 9);
    CHECK_EQ(m68k_hiw(p.y), FLOOR_Y + 5);
    CHECK_EQ(p.y_speed, -0x680);
}

/* The underwater status bit selects $380 (the variant alone does not). */
static void test_jump_underwater(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_UNDERWATER);
    spg_profile dry = fixture_profile(SPG_VARIANT_NORMAL);
    spg_player p = standing(&pr);
    int started;

    CHECK_EQ(p.status, SPG_STATUS_UNDERWATER);
    p = jump_once(&pr, p, SPG_BTN_A, SPG_BTN_A, &started);
    CHECK_EQ(p.y_speed, -0x380);
    p = standing(&dry);
    p.status = SPG_STATUS_UNDERWATER;
    p = jump_once(&dry, p, SPG_BTN_A, SPG_BTN_A, &started);
    CHECK_EQ(p.y_speed, -0x380);
}

static int16_t height_once(const spg_profile *pr, int16_t ys, uint8_t jumping,
                           uint8_t status, uint8_t held)
{
    spg_map m = spg_map_default();
    spg_player p = spg_player_default(pr);
    spg_frame f = fixture_frame(pr, &m, held, 0);

    p.status = (uint8_t)(status | SPG_STATUS_IN_AIR);
    p.jumping = jumping;
    p.y_speed = ys;
    spg_jump_height(&f, &p);
    return p.y_speed;
}

/* Releasing the button caps the rise at -$400 (-$200 underwater); with
 * the button held, or already slower, nothing changes.  Not jumping: the
 * rise is limited to -$FC0. */
static void test_release_cap(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);

    CHECK_EQ(height_once(&pr, -0x680, 1, 0, 0), -0x400);
    CHECK_EQ(height_once(&pr, -0x401, 1, 0, 0), -0x400);
    CHECK_EQ(height_once(&pr, -0x680, 1, 0, SPG_BTN_C), -0x680);
    CHECK_EQ(height_once(&pr, -0x400, 1, 0, 0), -0x400);
    CHECK_EQ(height_once(&pr, -0x300, 1, 0, 0), -0x300);
    CHECK_EQ(height_once(&pr, -0x380, 1, SPG_STATUS_UNDERWATER, 0), -0x200);
    CHECK_EQ(height_once(&pr, -0x680, 0, 0, 0), -0x680);
    CHECK_EQ(height_once(&pr, -0x1000, 0, 0, 0), -0xFC0);
    CHECK_EQ(height_once(&pr, -0xFC1, 0, 0, 0), -0xFC0);
    CHECK_EQ(height_once(&pr, -0xFC0, 0, 0, 0), -0xFC0);
}

static spg_player dir_once(const spg_profile *pr, int16_t xs, int16_t ys,
                           uint8_t status, uint8_t held)
{
    spg_map m = spg_map_default();
    spg_player p = spg_player_default(pr);
    spg_frame f = fixture_frame(pr, &m, held, 0);

    p.status = (uint8_t)(status | SPG_STATUS_IN_AIR);
    p.x_speed = xs;
    p.y_speed = ys;
    spg_jump_direction(&f, &p);
    return p;
}

/* Air acceleration 2 x acc = $18, turning the player; clamp at top speed
 * (Sonic 1 also from above); the roll-jump bit locks it out. */
static void test_air_acceleration(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_player p;

    p = dir_once(&pr, 0, 0, SPG_STATUS_FACING_LEFT, SPG_BTN_RIGHT);
    CHECK_EQ(p.x_speed, 0x18);
    CHECK_EQ(p.status & SPG_STATUS_FACING_LEFT, 0);
    p = dir_once(&pr, 0, 0, 0, SPG_BTN_LEFT);
    CHECK_EQ(p.x_speed, -0x18);
    CHECK_EQ(p.status & SPG_STATUS_FACING_LEFT, SPG_STATUS_FACING_LEFT);
    CHECK_EQ(dir_once(&pr, 0x5F0, 0, 0, SPG_BTN_RIGHT).x_speed, 0x600);
    CHECK_EQ(dir_once(&pr, 0x700, 0, 0, SPG_BTN_RIGHT).x_speed, 0x600);
    CHECK_EQ(dir_once(&pr, -0x700, 0, 0, SPG_BTN_LEFT).x_speed, -0x600);
    CHECK_EQ(dir_once(&pr, 0x700, 0, 0, 0).x_speed, 0x700);
    pr.air_clamp_above_top_speed = 0; /* the switch off keeps the speed */
    CHECK_EQ(dir_once(&pr, 0x700, 0, 0, SPG_BTN_RIGHT).x_speed, 0x700);
    CHECK_EQ(dir_once(&pr, -0x700, 0, 0, SPG_BTN_LEFT).x_speed, -0x700);
    CHECK_EQ(dir_once(&pr, 0x5F0, 0, 0, SPG_BTN_RIGHT).x_speed, 0x600);
    pr.air_clamp_above_top_speed = 1;
    p = dir_once(&pr, 0x100, 0, SPG_STATUS_ROLL_JUMP, SPG_BTN_LEFT);
    CHECK_EQ(p.x_speed, 0x100);
    CHECK_EQ(p.status & SPG_STATUS_FACING_LEFT, 0);
}

/* Air drag only while -$400 <= y speed < 0: x -= x asr 5.  asr rounds
 * down, so small positive speeds (< $20) keep their value while small
 * negative ones still shrink, and -1 becomes 0. */
static void test_air_drag(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);

    CHECK_EQ(dir_once(&pr, 0x200, -0x400, 0, 0).x_speed, 0x1F0);
    CHECK_EQ(dir_once(&pr, 0x200, -1, 0, 0).x_speed, 0x1F0);
    CHECK_EQ(dir_once(&pr, 0x200, -0x401, 0, 0).x_speed, 0x200);
    CHECK_EQ(dir_once(&pr, 0x200, 0, 0, 0).x_speed, 0x200);
    CHECK_EQ(dir_once(&pr, 0x200, 0x100, 0, 0).x_speed, 0x200);
    CHECK_EQ(dir_once(&pr, -0x200, -0x100, 0, 0).x_speed, -0x1F0);
    CHECK_EQ(dir_once(&pr, 0x1F, -0x100, 0, 0).x_speed, 0x1F);
    CHECK_EQ(dir_once(&pr, -0x1F, -0x100, 0, 0).x_speed, -0x1E);
    CHECK_EQ(dir_once(&pr, -1, -0x100, 0, 0).x_speed, 0);
    /* drag comes after the air acceleration, on the new speed */
    CHECK_EQ(dir_once(&pr, 0x200, -0x100, 0, SPG_BTN_RIGHT).x_speed, 0x218 - 0x10);
    /* and the roll-jump lock does not stop the drag */
    CHECK_EQ(dir_once(&pr, 0x200, -0x100, SPG_STATUS_ROLL_JUMP, 0).x_speed, 0x1F0);
}

/* ObjectFall: move with the old speeds, then y speed += $38. */
static void test_object_fall(void)
{
    spg_player p = {0};

    p.x = m68k_mkl(100, 0);
    p.y = m68k_mkl(100, 0);
    p.x_speed = -0x80;
    p.y_speed = 0x100;
    spg_object_fall(&p, 0x38);
    CHECK_EQ(m68k_hiw(p.x), 99);
    CHECK_EQ(m68k_low(p.x), 0x8000);
    CHECK_EQ(m68k_hiw(p.y), 101);
    CHECK_EQ(m68k_low(p.y), 0);
    CHECK_EQ(p.y_speed, 0x138);
}

/* Whole air frames: gravity $38, underwater $38 - $28 = $10. */
static void test_gravity_step(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_profile wet = fixture_profile(SPG_VARIANT_UNDERWATER);
    spg_map m = spg_map_default();
    spg_player p;
    int i;

    p = spg_player_default(&pr);
    p.status = SPG_STATUS_IN_AIR;
    p.x = m68k_mkl(300, 0);
    p.y = m68k_mkl(300, 0);
    for (i = 1; i <= 4; i++) {
        fixture_step(&pr, &m, &p, 0, 0);
        CHECK_EQ(p.y_speed, 0x38 * i);
    }
    /* y moved by 0 + $38 + $70 + $A8 = $150 subpixel-units * 256 */
    CHECK_EQ(m68k_hiw(p.y), 301);
    CHECK_EQ(m68k_low(p.y), 0x5000);

    p = spg_player_default(&wet);
    p.status |= SPG_STATUS_IN_AIR;
    p.x = m68k_mkl(300, 0);
    p.y = m68k_mkl(300, 0);
    fixture_step(&wet, &m, &p, 0, 0);
    CHECK_EQ(p.y_speed, 0x10);
    fixture_step(&wet, &m, &p, 0, 0);
    CHECK_EQ(p.y_speed, 0x20);
}

static uint8_t ease(uint8_t a)
{
    spg_player p = {0};
    p.angle = a;
    spg_jump_angle(&p);
    return p.angle;
}

/* The angle moves 2 towards 0 per air frame, the short way round. */
static void test_angle_easing(void)
{
    CHECK_EQ(ease(0x00), 0x00);
    CHECK_EQ(ease(0x10), 0x0E);
    CHECK_EQ(ease(0x02), 0x00);
    CHECK_EQ(ease(0x01), 0x00);
    CHECK_EQ(ease(0x7F), 0x7D);
    CHECK_EQ(ease(0x80), 0x82);
    CHECK_EQ(ease(0xF0), 0xF2);
    CHECK_EQ(ease(0xFE), 0x00);
    CHECK_EQ(ease(0xFF), 0x00);
}

int main(void)
{
    RUN(test_jump_needs_press);
    RUN(test_jump_flat);
    RUN(test_jump_along_angle);
    RUN(test_roll_jump);
    RUN(test_jump_underwater);
    RUN(test_release_cap);
    RUN(test_air_acceleration);
    RUN(test_air_drag);
    RUN(test_object_fall);
    RUN(test_gravity_step);
    RUN(test_angle_easing);
    TEST_MAIN_END();
}
