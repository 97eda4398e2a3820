/*
 * test_sonic3.c - the Sonic 3 routines of the core (sonic3.c, the Sonic 3
 * entries of routines.c, tiles.c and profile.c), each rule with the
 * numbers of docs/research/sonic3-differences.md (rows "#n"; [run] values
 * came from the original's code under the emulator).  Where Sonic 2 gives
 * another result in the same setup, the test says so.
 */
#include <string.h>

#include "test.h"
#include "move_fixture.h"
#include "tiles.h"

static spg_profile s3_profile(spg_character c, spg_variant v)
{
    spg_profile pr;
    CHECK_EQ(spg_profile_get(SPG_GAME_SONIC3, c, v, &pr), 0);
    return pr;
}

static spg_profile s2_profile(spg_character c)
{
    spg_profile pr;
    CHECK_EQ(spg_profile_get(SPG_GAME_SONIC2, c, SPG_VARIANT_NORMAL, &pr), 0);
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
    WALK = 0, ROLL = 2, WAIT = 5, BALANCE = 6, LOOKUP = 7, DUCK = 8,
    BALANCE2 = 0xC, DEATH = 0x18, FLY = 0x20, FLY_UP = 0x21, FLY_TIRED = 0x24
};

/* ---- profiles (#8, #24, #34) -------------------------------------------- */

static void test_profiles(void)
{
    spg_profile s = s3_profile(SPG_CHAR_SONIC, SPG_VARIANT_NORMAL);
    spg_profile ss = s3_profile(SPG_CHAR_SONIC, SPG_VARIANT_SPEED_SHOES);
    spg_profile sw = s3_profile(SPG_CHAR_SONIC, SPG_VARIANT_UNDERWATER);
    spg_profile t = s3_profile(SPG_CHAR_TAILS, SPG_VARIANT_NORMAL);
    spg_profile tw = s3_profile(SPG_CHAR_TAILS, SPG_VARIANT_UNDERWATER);
    spg_profile s2 = s2_profile(SPG_CHAR_SONIC);
    spg_player p;

    CHECK_EQ(s.top_speed, 0x600);
    CHECK_EQ(s.acceleration, 0xC);
    CHECK_EQ(ss.top_speed, 0xC00);
    CHECK_EQ(ss.acceleration, 0x18);
    CHECK_EQ(sw.top_speed, 0x300);
    CHECK_EQ(sw.deceleration, 0x40);
    CHECK_EQ(s.roll_deceleration, 0x20);
    CHECK_EQ(sw.roll_deceleration, 0x20);
    CHECK_EQ(tw.roll_deceleration, 0x10);
    CHECK_EQ(t.stand_height_radius, 0x0F);
    /* #8: no clamp above top speed on the ground nor in the air (Sonic 2
     * still clamps in the air). */
    CHECK_EQ(s.clamp_above_top_speed, 0);
    CHECK_EQ(s.air_clamp_above_top_speed, 0);
    CHECK_EQ(s2.air_clamp_above_top_speed, 1);
    /* #24: the right boundary is Camera_max_X_pos + $128. */
    CHECK_EQ(s.right_limit_offset, 0x128);
    CHECK_EQ(s2.right_limit_offset, 0x168);
    p = spg_player_default(&t);
    CHECK_EQ(p.top_solid_bit, 0x0C);
    CHECK_EQ(p.lrb_solid_bit, 0x0D);
    CHECK_EQ(p.frame_counter, 0);
    CHECK(spg_routines_get(&s) != spg_routines_get(&t));
    CHECK(spg_routines_get(&s) != spg_routines_get(&s2));
    {
        spg_profile none;
        CHECK_EQ(spg_profile_get((spg_game)6, SPG_CHAR_SONIC,
                                 SPG_VARIANT_NORMAL, &none), -1);
    }
}

/* ---- Player_SlopeResist (#18) ------------------------------------------- */

static int16_t resist(const spg_profile *pr, uint8_t angle, int16_t gs)
{
    fixture_map fm;
    spg_player p;
    spg_frame f;

    fixture_floor(&fm);
    p = fixture_standing(pr, 300);
    p.angle = angle;
    p.ground_speed = gs;
    f = fixture_frame(pr, &fm.map, 0, 0);
    spg_routines_get(pr)->slope_resist(&f, &p);
    return p.ground_speed;
}

/* [run] Sonic at gs 0: the factor counts from 13 on; asr rounds down, so
 * $F0 gives -13 (slides) and $10 gives 12 (does not).  Tails: never at 0. */
static void test_stopped_slope_factor(void)
{
    spg_profile s = s3_profile(SPG_CHAR_SONIC, SPG_VARIANT_NORMAL);
    spg_profile t = s3_profile(SPG_CHAR_TAILS, SPG_VARIANT_NORMAL);
    spg_profile s2 = s2_profile(SPG_CHAR_SONIC);

    CHECK_EQ(resist(&s, 0x10, 0), 0);
    CHECK_EQ(resist(&s, 0x12, 0), 13);
    CHECK_EQ(resist(&s, 0x14, 0), 15);
    CHECK_EQ(resist(&s, 0xF0, 0), -13);
    CHECK_EQ(resist(&s, 0xF2, 0), 0);
    CHECK_EQ(resist(&s, 0xEE, 0), -14);
    CHECK_EQ(resist(&t, 0x12, 0), 0);
    CHECK_EQ(resist(&t, 0xF0, 0), 0);
    CHECK_EQ(resist(&s2, 0x12, 0), 0);
    /* Moving: the factor is added whatever its size; ceilings never. */
    CHECK_EQ(resist(&s, 0x10, 0x100), 0x100 + 12);
    CHECK_EQ(resist(&s, 0x10, -0x100), -0x100 + 12);
    CHECK_EQ(resist(&s, 0x80, 0), 0);
    CHECK_EQ(resist(&s, 0x80, 0x100), 0x100);
    CHECK_EQ(resist(&s, 0x60, -0x100), -0x100);
}

/* ---- Player_SlopeRepel (#19) -------------------------------------------- */

static spg_player repel(const spg_profile *pr, uint8_t angle, int16_t gs,
                        uint16_t lock)
{
    fixture_map fm;
    spg_player p;
    spg_frame f;

    fixture_floor(&fm);
    p = fixture_standing(pr, 300);
    p.angle = angle;
    p.ground_speed = gs;
    p.control_lock = lock;
    f = fixture_frame(pr, &fm.map, 0, 0);
    spg_routines_get(pr)->slope_repel(&f, &p);
    return p;
}

static void test_slip_and_fall(void)
{
    spg_profile s = s3_profile(SPG_CHAR_SONIC, SPG_VARIANT_NORMAL);
    spg_profile t = s3_profile(SPG_CHAR_TAILS, SPG_VARIANT_NORMAL);
    spg_player p;

    /* Slip range $18..$E7: 0.5 down the slope, lock 30. */
    p = repel(&s, 0x16, 0, 0);
    CHECK_EQ(p.ground_speed, 0);
    CHECK_EQ(p.control_lock, 0);
    p = repel(&s, 0x18, 5, 0);
    CHECK_EQ(p.ground_speed, 5 + 0x80);
    CHECK_EQ(p.control_lock, 30);
    CHECK_EQ(p.status & SPG_STATUS_IN_AIR, 0);
    p = repel(&s, 0x2E, 16, 0);
    CHECK_EQ(p.ground_speed, 16 + 0x80);
    p = repel(&s, 0xE6, -5, 0);
    CHECK_EQ(p.ground_speed, -5 - 0x80);
    CHECK_EQ(p.control_lock, 30);
    p = repel(&s, 0xD0, 0, 0);
    CHECK_EQ(p.ground_speed, -0x80);
    p = repel(&s, 0xE8, 0, 0);
    CHECK_EQ(p.ground_speed, 0);
    CHECK_EQ(p.control_lock, 0);
    /* Fall range $30..$CF: airborne, ground speed kept. */
    p = repel(&s, 0x30, 17, 0);
    CHECK_EQ(p.status & SPG_STATUS_IN_AIR, SPG_STATUS_IN_AIR);
    CHECK_EQ(p.ground_speed, 17);
    CHECK_EQ(p.control_lock, 30);
    p = repel(&s, 0xCE, -19, 0);
    CHECK_EQ(p.status & SPG_STATUS_IN_AIR, SPG_STATUS_IN_AIR);
    CHECK_EQ(p.ground_speed, -19);
    /* Fast enough: nothing; $27F is not. */
    p = repel(&s, 0x40, 0x280, 0);
    CHECK_EQ(p.status & SPG_STATUS_IN_AIR, 0);
    CHECK_EQ(p.control_lock, 0);
    p = repel(&s, 0x40, -0x27F, 0);
    CHECK_EQ(p.status & SPG_STATUS_IN_AIR, SPG_STATUS_IN_AIR);
    /* A running lock only counts down. */
    p = repel(&s, 0x40, 0, 5);
    CHECK_EQ(p.control_lock, 4);
    CHECK_EQ(p.status & SPG_STATUS_IN_AIR, 0);
    /* stick_to_convex: nothing at all. */
    {
        fixture_map fm;
        spg_frame f;
        fixture_floor(&fm);
        p = fixture_standing(&s, 300);
        p.angle = 0x40;
        p.control_lock = 3;
        p.word_38 = 0x0100;
        f = fixture_frame(&s, &fm.map, 0, 0);
        spg_slope_repel_sonic3(&f, &p);
        CHECK_EQ(p.control_lock, 3);
        CHECK_EQ(p.status & SPG_STATUS_IN_AIR, 0);
    }
    /* Tails keeps Sonic 2's rule: no slip at $18, gs 0 and air at $30. */
    p = repel(&t, 0x18, 0, 0);
    CHECK_EQ(p.ground_speed, 0);
    CHECK_EQ(p.control_lock, 0);
    p = repel(&t, 0x2E, 16, 0);
    CHECK_EQ(p.ground_speed, 0);
    CHECK_EQ(p.status & SPG_STATUS_IN_AIR, SPG_STATUS_IN_AIR);
    CHECK_EQ(p.control_lock, 30);
}

/* ---- balance and the look delay (#9, #11) -------------------------------- */

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
    p.scroll_delay_counter = 9;
    spg_routines_get(pr)->move(&f, &p);
    return p;
}

/* [run] floor ends at x = $200: Sonic $200..$205 Balance, $206..$208
 * Balance2, facing right either way (Sonic 2: Balance3/4 facing left);
 * Tails $200..$208 Balance. */
static void test_balance(void)
{
    spg_profile s = s3_profile(SPG_CHAR_SONIC, SPG_VARIANT_NORMAL);
    spg_profile t = s3_profile(SPG_CHAR_TAILS, SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p;
    const uint8_t L = SPG_STATUS_FACING_LEFT;
    int x;

    fixture_cut_floor(&fm, 0, 31);
    for (x = 0x200; x <= 0x208; x++) {
        int far = x >= 0x206;
        p = balance_at(&s, &fm.map, x, L, 3, 0);
        CHECK_EQ(p.anim, far ? BALANCE2 : BALANCE);
        CHECK_EQ(p.status & L, 0);
        CHECK_EQ(p.scroll_delay_counter, 0);
        p = balance_at(&t, &fm.map, x, L, 3, 0);
        CHECK_EQ(p.anim, BALANCE);
        CHECK_EQ(p.status & L, 0);
    }
    fixture_cut_floor(&fm, 32, 63);
    p = balance_at(&s, &fm.map, 0x1F9, 0, 0, 3);
    CHECK_EQ(p.anim, BALANCE2);
    CHECK_EQ(p.status & L, L);
    p = balance_at(&s, &fm.map, 0x1FC, 0, 0, 3);
    CHECK_EQ(p.anim, BALANCE);
    CHECK_EQ(p.status & L, L);
}

/* Looking up counts scroll_delay_counter to 120 and stays; anything else
 * clears it. */
static void test_look_delay(void)
{
    spg_profile s = s3_profile(SPG_CHAR_SONIC, SPG_VARIANT_NORMAL);
    spg_profile t = s3_profile(SPG_CHAR_TAILS, SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p;
    int i;

    fixture_floor(&fm);
    p = fixture_standing(&s, 300);
    for (i = 0; i < 119; i++)
        spg_step(&s, &fm.map, in(SPG_BTN_UP, 0), &p);
    CHECK_EQ(p.anim, LOOKUP);
    CHECK_EQ(p.scroll_delay_counter, 119);
    spg_step(&s, &fm.map, in(SPG_BTN_UP, 0), &p);
    spg_step(&s, &fm.map, in(SPG_BTN_UP, 0), &p);
    CHECK_EQ(p.scroll_delay_counter, 120);
    spg_step(&s, &fm.map, in(SPG_BTN_DOWN, 0), &p);
    CHECK_EQ(p.anim, DUCK);
    CHECK_EQ(p.scroll_delay_counter, 120);
    spg_step(&s, &fm.map, in(0, 0), &p);
    CHECK_EQ(p.scroll_delay_counter, 0);
    /* A move lock clears it even with up held. */
    p.scroll_delay_counter = 50;
    p.control_lock = 2;
    spg_step(&s, &fm.map, in(SPG_BTN_UP, 0), &p);
    CHECK_EQ(p.scroll_delay_counter, 0);
    /* Tails the same. */
    p = fixture_standing(&t, 300);
    p.y = m68k_mkl(720, 0);
    spg_step(&t, &fm.map, in(SPG_BTN_DOWN, 0), &p);
    CHECK_EQ(p.scroll_delay_counter, 1);
    spg_step(&t, &fm.map, in(SPG_BTN_RIGHT, SPG_BTN_RIGHT), &p);
    CHECK_EQ(p.scroll_delay_counter, 0);
}

/* ---- the insta-shield (#27) ---------------------------------------------- */

static spg_player jumper(const spg_profile *pr, int16_t ys)
{
    spg_player p = spg_player_default(pr);
    p.x = m68k_mkl(300, 0);
    p.y = m68k_mkl(300, 0);
    p.status = SPG_STATUS_IN_AIR | SPG_STATUS_ROLLING | SPG_STATUS_ROLL_JUMP;
    p.height_radius = pr->roll_height_radius;
    p.width_radius = pr->roll_width_radius;
    p.jumping = 1;
    p.y_speed = ys;
    return p;
}

static void test_insta_shield(void)
{
    spg_profile s = s3_profile(SPG_CHAR_SONIC, SPG_VARIANT_NORMAL);
    spg_map m = spg_map_default();
    spg_frame f = fixture_frame(&s, &m, SPG_BTN_A, SPG_BTN_A);
    spg_player p;

    /* Past the release cap, A newly pressed: flag 1, roll-jump cleared,
     * no speed change. */
    p = jumper(&s, -0x3C8);
    spg_routines_get(&s)->jump_height(&f, &p);
    CHECK_EQ(p.double_jump_flag, 1);
    CHECK_EQ(p.status & SPG_STATUS_ROLL_JUMP, 0);
    CHECK_EQ(p.y_speed, -0x3C8);
    /* Once only. */
    p.status |= SPG_STATUS_ROLL_JUMP;
    spg_routines_get(&s)->jump_height(&f, &p);
    CHECK_EQ(p.status & SPG_STATUS_ROLL_JUMP, SPG_STATUS_ROLL_JUMP);
    /* Still rising faster than the cap: A held keeps the speed. */
    p = jumper(&s, -0x500);
    spg_routines_get(&s)->jump_height(&f, &p);
    CHECK_EQ(p.y_speed, -0x500);
    CHECK_EQ(p.double_jump_flag, 0);
    /* ... released: capped. */
    f = fixture_frame(&s, &m, 0, 0);
    spg_routines_get(&s)->jump_height(&f, &p);
    CHECK_EQ(p.y_speed, -0x400);
    /* Held, not newly pressed: nothing. */
    f = fixture_frame(&s, &m, SPG_BTN_A, 0);
    p = jumper(&s, 0x100);
    spg_routines_get(&s)->jump_height(&f, &p);
    CHECK_EQ(p.double_jump_flag, 0);
    /* Landing clears it (Player_TouchFloor). */
    p = jumper(&s, 0x100);
    p.double_jump_flag = 1;
    p.scroll_delay_counter = 7;
    spg_routines_get(&s)->reset_on_floor(&s, &p, 1);
    CHECK_EQ(p.double_jump_flag, 0);
    CHECK_EQ(p.scroll_delay_counter, 0);
    CHECK_EQ(p.status & (SPG_STATUS_IN_AIR | SPG_STATUS_ROLLING), 0);
    CHECK_EQ(p.height_radius, 0x13);
    CHECK_EQ(p.anim, WALK);
}

/* ---- Tails' flight (#28) ------------------------------------------------ */

static void test_flight(void)
{
    spg_profile t = s3_profile(SPG_CHAR_TAILS, SPG_VARIANT_NORMAL);
    spg_map m = spg_map_default();
    spg_player p;
    int16_t y0;
    int i;

    /* [run] press A at y speed -968: flag 1, timer 240, uncurled (radius
     * 15, y - 1), then +8 a frame, the timer down on odd frame counters. */
    p = jumper(&t, -968);
    y0 = m68k_hiw(p.y);
    p.frame_counter = 0;
    spg_step(&t, &m, in(SPG_BTN_A, SPG_BTN_A), &p);
    CHECK_EQ(p.double_jump_flag, 1);
    CHECK_EQ(p.double_jump_property, 240);
    CHECK_EQ(p.status & (SPG_STATUS_ROLLING | SPG_STATUS_ROLL_JUMP), 0);
    CHECK_EQ(p.height_radius, 0x0F);
    CHECK_EQ(p.frame_counter, 1);
    /* The start frame is a JumpHeight frame: gravity $38 after it. */
    CHECK_EQ(p.y_speed, -968 + 0x38);
    CHECK_EQ(m68k_hiw(p.y), y0 - 1 + ((-968 * 256) >> 16));
    spg_step(&t, &m, in(0, 0), &p); /* counter 2: even */
    CHECK_EQ(p.y_speed, -968 + 0x38 + 8);
    CHECK_EQ(p.double_jump_property, 240);
    CHECK_EQ(p.anim, FLY_UP);
    spg_step(&t, &m, in(0, 0), &p); /* counter 3: odd */
    CHECK_EQ(p.double_jump_property, 239);
    /* A press while falling slower than -$100: a climb of -$20 a frame. */
    p.y_speed = 0x40;
    spg_step(&t, &m, in(SPG_BTN_A, SPG_BTN_A), &p);
    CHECK_EQ(p.double_jump_flag, 2);
    CHECK_EQ(p.y_speed, 0x48);
    CHECK_EQ(p.anim, FLY);
    spg_step(&t, &m, in(0, 0), &p);
    CHECK_EQ(p.double_jump_flag, 3);
    CHECK_EQ(p.y_speed, 0x28);
    for (i = 0; i < 40 && p.double_jump_flag != 1; i++)
        spg_step(&t, &m, in(0, 0), &p);
    CHECK_EQ(p.double_jump_flag, 1);
    CHECK(p.y_speed < -0x100 || i == 0x1D);
    /* Out of time: tired, no more climbs. */
    p.double_jump_property = 0;
    p.y_speed = 0;
    spg_step(&t, &m, in(SPG_BTN_A, SPG_BTN_A), &p);
    CHECK_EQ(p.double_jump_flag, 1);
    CHECK_EQ(p.y_speed, 8);
    CHECK_EQ(p.anim, FLY_TIRED);
    /* Near the top limit an upward speed stops. */
    p.y = m68k_mkl(0x10, 0);
    p.y_speed = -0x200;
    p.double_jump_flag = 1;
    p.double_jump_property = 10;
    spg_step(&t, &m, in(0, 0), &p);
    CHECK_EQ(p.y_speed, 0);
    /* Sonic 3's Sonic has no flight: the same press is the insta-shield. */
    {
        spg_profile s = s3_profile(SPG_CHAR_SONIC, SPG_VARIANT_NORMAL);
        p = jumper(&s, -968);
        spg_step(&s, &m, in(SPG_BTN_A, SPG_BTN_A), &p);
        CHECK_EQ(p.double_jump_flag, 1);
        CHECK_EQ(p.double_jump_property, 0);
        CHECK_EQ(p.status & SPG_STATUS_ROLLING, SPG_STATUS_ROLLING);
    }
}

/* ---- death and uncurl (#14, #25) ----------------------------------------- */

static void test_kill_and_uncurl(void)
{
    spg_profile s = s3_profile(SPG_CHAR_SONIC, SPG_VARIANT_NORMAL);
    spg_profile t = s3_profile(SPG_CHAR_TAILS, SPG_VARIANT_NORMAL);
    fixture_map fm;
    spg_player p;
    spg_frame f;

    /* Kill_Character runs the whole TouchFloor: radii reset even when not
     * curled, double_jump_flag cleared, no walk animation. */
    p = jumper(&s, 0);
    p.status = SPG_STATUS_IN_AIR;
    p.anim = 0x10;
    p.double_jump_flag = 1;
    spg_routines_get(&s)->kill(&s, &p);
    CHECK_EQ(p.routine, SPG_ROUTINE_DEATH);
    CHECK_EQ(p.height_radius, 0x13);
    CHECK_EQ(p.double_jump_flag, 0);
    CHECK_EQ(p.anim, DEATH);
    CHECK_EQ(p.y_speed, -0x700);
    /* Rolling to a stop: the centre moves by the old radius minus the
     * default one (Sonic 5, Tails 1). */
    fixture_floor(&fm);
    p = fixture_standing(&t, 300);
    p.status = SPG_STATUS_ROLLING;
    p.height_radius = 0x0E;
    p.width_radius = 7;
    p.y = m68k_mkl(FLOOR_Y + 5, 0);
    f = fixture_frame(&t, &fm.map, 0, 0);
    spg_roll_stopped_sonic3(&f, &p);
    CHECK_EQ(m68k_hiw(p.y), FLOOR_Y + 4);
    CHECK_EQ(p.height_radius, 0x0F);
    CHECK_EQ(p.anim, WAIT);
    /* With spin_dash_flag set it keeps rolling at $400. */
    p.status = SPG_STATUS_ROLLING | SPG_STATUS_FACING_LEFT;
    p.word_38 = 1;
    spg_roll_stopped_sonic3(&f, &p);
    CHECK_EQ(p.ground_speed, -0x400);
}

/* ---- the level bounds and Find_Tile_FG (#24, #31) ------------------------- */

static void test_layout(void)
{
    spg_profile s = s3_profile(SPG_CHAR_SONIC, SPG_VARIANT_NORMAL);
    static uint16_t cells[16 * 16];
    spg_map m = spg_map_default();
    spg_frame f;
    int32_t slot;

    /* Tile (0, 8) holds 7: row 1 of chunks, column 0. */
    memset(cells, 0, sizeof cells);
    cells[8 * 16 + 0] = 7;
    m.cells = cells;
    m.x0 = 0;
    m.y0 = 0;
    m.width = 16;
    m.height = 16;
    f = fixture_frame(&s, &m, 0, 0);
    CHECK_EQ(spg_find_tile_sonic3(&f, 0, 128, &slot), 7);
    CHECK_EQ(slot, 8 * 16);
    /* Column 128 of row 0 reads on into row 1, column 0. */
    CHECK_EQ(spg_find_tile_sonic3(&f, (int16_t)(128 * 128), 0, &slot), 7);
    /* y wraps every 16 rows (2048 px). */
    CHECK_EQ(spg_find_tile_sonic3(&f, 0, 128 + 2048, &slot), 7);
    /* Past the packed layout: empty. */
    CHECK_EQ(spg_find_tile_sonic3(&f, (int16_t)0xFFF0, 15 * 128, &slot), 0);
    CHECK_EQ(slot, -1);
    /* The right limit: Camera_max_X_pos + $128. */
    {
        spg_player p = spg_player_default(&s);
        m.limit_left = 0;
        m.limit_right = 0x100;
        p.x = m68k_mkl(0x100 + 0x128 - 1, 0);
        p.x_speed = 0x200;
        p.status = SPG_STATUS_IN_AIR;
        f = fixture_frame(&s, &m, 0, 0);
        spg_level_bound(&f, &p);
        CHECK_EQ(m68k_hiw(p.x), 0x100 + 0x128);
        CHECK_EQ(p.x_speed, 0);
    }
}

int main(void)
{
    RUN(test_profiles);
    RUN(test_stopped_slope_factor);
    RUN(test_slip_and_fall);
    RUN(test_balance);
    RUN(test_look_delay);
    RUN(test_insta_shield);
    RUN(test_flight);
    RUN(test_kill_and_uncurl);
    RUN(test_layout);
    TEST_MAIN_END();
}
