/*
 * test_knuckles.c - Knuckles in Sonic & Knuckles (knuckles.c and his
 * routine table): the glide start, the release's asr, the collision byte
 * Gliding_collision_flags (spg_player.glide_flags) read from the frames
 * before, the balance.  Values derived from the S&K code (Knux_Test_For_
 * Glide $1782E, Knuckles_Move_Glide $16FF6, Knuckles_Glide $16890,
 * Knux_InputAcceleration_Path $17142); the scenarios under
 * scenarios/sonic3k/knuckles check the same against the original.
 */
#include <string.h>

#include "test.h"
#include "move_fixture.h"

enum {
    WALK = 0, WAIT = 5, BALANCE = 6, GLIDE = 0x20, FALL = 0x21
};

static spg_profile knux_profile(void)
{
    spg_profile pr;
    CHECK_EQ(spg_profile_get(SPG_GAME_SONIC3K, SPG_CHAR_KNUCKLES,
                             SPG_VARIANT_NORMAL, &pr), 0);
    return pr;
}

static spg_input in(uint8_t held, uint8_t pressed)
{
    spg_input i;
    i.held = held;
    i.pressed = pressed;
    return i;
}

/* A curled, jumping Knuckles in the air over the empty map. */
static spg_player jumping_knux(const spg_profile *pr, int16_t y_speed)
{
    spg_player p = spg_player_default(pr);
    p.x = m68k_mkl(400, 0);
    p.y = m68k_mkl(300, 0);
    p.status |= SPG_STATUS_IN_AIR | SPG_STATUS_ROLLING;
    p.height_radius = pr->roll_height_radius;
    p.width_radius = pr->roll_width_radius;
    p.jumping = 1;
    p.y_speed = y_speed;
    return p;
}

static void test_table(void)
{
    spg_profile k = knux_profile(), s;
    CHECK_EQ(spg_profile_get(SPG_GAME_SONIC3K, SPG_CHAR_SONIC,
                             SPG_VARIANT_NORMAL, &s), 0);
    CHECK(spg_routines_get(&k) != spg_routines_get(&s));
    CHECK(spg_routines_get(&k)->mode_air == spg_knux_mode_air);
    CHECK_EQ(k.jump_speed, 0x600);
    CHECK_EQ(k.top_speed, 0x600);
}

/* Knux_Test_For_Glide from Knux_JumpHeight, then (same frame) the air
 * control, gravity and the ordinary air collision. */
static void test_glide_start(void)
{
    spg_profile pr = knux_profile();
    spg_map map = spg_map_default();
    spg_player p = jumping_knux(&pr, -0x300);

    spg_step(&pr, &map, in(SPG_BTN_A, SPG_BTN_A), &p);
    CHECK_EQ(p.double_jump_flag, 1);
    CHECK_EQ(p.height_radius, 0x0A);
    CHECK_EQ(p.width_radius, 0x0A);
    CHECK(!(p.status & SPG_STATUS_ROLLING));
    CHECK_EQ(p.ground_speed, 0x400);
    CHECK_EQ(p.x_speed, 0x400);
    /* -$300 + $200 is negative: 0, then MoveSprite's gravity */
    CHECK_EQ(p.y_speed, 0x38);
    CHECK_EQ(p.double_jump_property, 0);
    CHECK_EQ(p.glide_flags, 0x02);
    CHECK_EQ(p.anim, GLIDE);
    CHECK_EQ(p.prev_anim, GLIDE);
    CHECK_EQ(p.mapping_frame, 0xC0);

    /* facing left: -$400, the turn byte $80, sprite $C4 shown as $C0
     * mirrored (the facing bit set again) */
    p = jumping_knux(&pr, -0x100);
    p.status |= SPG_STATUS_FACING_LEFT;
    spg_step(&pr, &map, in(SPG_BTN_A, SPG_BTN_A), &p);
    CHECK_EQ(p.x_speed, -0x400);
    CHECK_EQ(p.double_jump_property, 0x80);
    CHECK(p.status & SPG_STATUS_FACING_LEFT);
    CHECK_EQ(p.mapping_frame, 0xC0);
    CHECK_EQ(p.y_speed, 0x100 + 0x38);

    /* still above the release cap: no glide */
    p = jumping_knux(&pr, -0x401);
    spg_step(&pr, &map, in(SPG_BTN_A, SPG_BTN_A), &p);
    CHECK_EQ(p.double_jump_flag, 0);
}

/* Knuckles_Move_Glide then the release: ground speed $415 + 4 (past $400,
 * not turning), x speed = cos($80) * $419 asr 8 = -$419, two asr.w: -$107
 * (rounding down, where a division would give -$106). */
static void test_release_asr(void)
{
    spg_profile pr = knux_profile();
    spg_map map = spg_map_default();
    spg_player p = jumping_knux(&pr, 0x40);

    p.status &= (uint8_t)~SPG_STATUS_ROLLING;
    p.height_radius = p.width_radius = 0x0A;
    p.double_jump_flag = 1;
    p.double_jump_property = 0x80;
    p.ground_speed = 0x415;
    p.glide_flags = 0x02;
    spg_step(&pr, &map, in(0, 0), &p);
    CHECK_EQ(p.ground_speed, 0x419);
    CHECK_EQ(p.double_jump_flag, 2);
    CHECK_EQ(p.x_speed, -0x107);
    CHECK(p.status & SPG_STATUS_FACING_LEFT);
    CHECK_EQ(p.anim, FALL);
    CHECK_EQ(p.height_radius, 0x13);
    CHECK_EQ(p.y_speed, 0x60);
}

/* The glide reads bit 1 of Gliding_collision_flags after a collision pass
 * that found nothing: with the byte 0 (a start state, or the capture's
 * RAM) Knux_Gliding_HitFloor runs in mid-air: the slide on angle 0. */
static void test_glide_flags_kept(void)
{
    spg_profile pr = knux_profile();
    spg_map map = spg_map_default();
    spg_player p = jumping_knux(&pr, 0);
    spg_player q;

    p.status &= (uint8_t)~SPG_STATUS_ROLLING;
    p.height_radius = p.width_radius = 0x0A;
    p.double_jump_flag = 1;
    p.ground_speed = 0x400;
    p.anim = p.prev_anim = GLIDE; /* Animate_Knuckles only counts down */
    q = p;
    q.glide_flags = 0x02;
    spg_step(&pr, &map, in(SPG_BTN_A, 0), &p);
    spg_step(&pr, &map, in(SPG_BTN_A, 0), &q);
    CHECK_EQ(p.double_jump_flag, 3);
    CHECK_EQ(p.mapping_frame, 0xCC);
    CHECK_EQ(q.double_jump_flag, 1);
    CHECK_EQ(q.glide_flags, 0x02);
}

/* The balance facing away from the edge: turned toward it, anim =
 * prev_anim = Balance, anim_frame 4, the timer 0 (then the animation). */
static void test_balance(void)
{
    spg_profile pr = knux_profile();
    fixture_map fm;
    spg_player p;

    fixture_cut_floor(&fm, 0, 31); /* floor up to x = 511 */
    p = fixture_standing(&pr, 515);
    p.status |= SPG_STATUS_FACING_LEFT;
    p.angle_buffer_1 = 3;
    {
        spg_frame f;
        memset(&f, 0, sizeof f);
        f.profile = &pr;
        f.map = &fm.map;
        spg_knux_balance(&f, &p);
    }
    CHECK(!(p.status & SPG_STATUS_FACING_LEFT));
    CHECK_EQ(p.anim, BALANCE);
    CHECK_EQ(p.prev_anim, BALANCE);
    CHECK_EQ(p.anim_frame, 4);
    CHECK_EQ(p.anim_timer, 0);
}

int main(void)
{
    RUN(test_table);
    RUN(test_glide_start);
    RUN(test_release_asr);
    RUN(test_glide_flags_kept);
    RUN(test_balance);
    TEST_MAIN_END();
}
