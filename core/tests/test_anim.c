/*
 * test_anim.c - Sonic_Animate: script timing, end markers, the speed-driven
 * walk/run, roll and push, sprite sets by angle, flip bits, and where the
 * player routine restarts an animation (turning round, leaving the ground,
 * the death).  The expected values are worked out by hand from the
 * original routine (Sonic_Animate) and Sonic 1's scripts (Ani_Sonic); the
 * suite's goldens check the same against the original code itself.
 */
#include <string.h>

#include "test.h"
#include "move_fixture.h"
#include "anim.h"

/* Mapping frames (fr_* in the disassembly) the checks name. */
enum {
    STAND = 0x01, WAIT1 = 0x02, WAIT2 = 0x03, WAIT3 = 0x04, LOOKUP = 0x05,
    WALK11 = 0x06, WALK13 = 0x08, RUN11 = 0x1E, ROLL1 = 0x2E, ROLL2 = 0x2F,
    ROLL3 = 0x30, ROLL4 = 0x31, ROLL5 = 0x32, STOP1 = 0x37, STOP2 = 0x38,
    DUCK = 0x39, BALANCE1 = 0x3A, BALANCE2 = 0x3B, SPRING = 0x40,
    PUSH1 = 0x45, PUSH2 = 0x46, DEATH = 0x4D
};

static spg_player fresh(uint8_t anim)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_player p = spg_player_default(&pr);
    p.anim = anim;
    return p;
}

/* Run `n` frames; record the mapping frame after each (frames[0..n)). */
static void run(spg_player *p, int n, uint8_t *frames)
{
    for (int i = 0; i < n; i++) {
        spg_animate(p);
        if (frames)
            frames[i] = p->mapping_frame;
    }
}

/* A new id restarts the script: position 0, timer 0, so the first entry
 * shows on this very frame and its timer is the duration. */
static void test_restart(void)
{
    spg_player p = fresh(SPG_ANIM_WAIT);
    p.prev_anim = SPG_ANIM_WALK;
    p.anim_frame = 5;
    p.anim_timer = 3;
    spg_animate(&p);
    CHECK_EQ(p.prev_anim, SPG_ANIM_WAIT);
    CHECK_EQ(p.mapping_frame, STAND);
    CHECK_EQ(p.anim_frame, 1);
    CHECK_EQ(p.anim_timer, 0x17);
    CHECK_EQ(p.render_flags, SPG_RENDER_PLAYFIELD);
    /* the same id again: no restart, the timer counts */
    spg_animate(&p);
    CHECK_EQ(p.anim_frame, 1);
    CHECK_EQ(p.anim_timer, 0x16);
}

/* The wait: 12 standing entries of 24 frames, then the foot tap, whose
 * last two entries loop (afBack 2). */
static void test_wait_script(void)
{
    static uint8_t fr[24 * 24];
    spg_player p = fresh(SPG_ANIM_WAIT);
    p.prev_anim = 0xFF;
    run(&p, 24 * 24, fr);
    for (int i = 0; i < 12 * 24; i++)
        CHECK_EQ(fr[i], STAND);
    static const uint8_t tap[] = {WAIT2, WAIT1, WAIT1, WAIT1, WAIT2, WAIT3,
                                  WAIT2, WAIT3, WAIT2, WAIT3, WAIT2, WAIT3};
    for (int e = 0; e < 12; e++)
        for (int k = 0; k < 24; k++)
            CHECK_EQ(fr[(12 + e) * 24 + k], tap[e]);
    CHECK_EQ(p.anim_frame, 18);
}

/* Fixed-duration scripts: balance ($1F: 32 frames an entry), skid (7: 8
 * frames), look up and duck (one entry, shown again every 64 frames). */
static void test_fixed_durations(void)
{
    uint8_t fr[70];
    spg_player p = fresh(SPG_ANIM_BALANCE);
    p.prev_anim = 0xFF;
    run(&p, 70, fr);
    CHECK_EQ(fr[0], BALANCE1);
    CHECK_EQ(fr[31], BALANCE1);
    CHECK_EQ(fr[32], BALANCE2);
    CHECK_EQ(fr[63], BALANCE2);
    CHECK_EQ(fr[64], BALANCE1);

    p = fresh(SPG_ANIM_STOP);
    p.prev_anim = 0xFF;
    run(&p, 24, fr);
    CHECK_EQ(fr[0], STOP1);
    CHECK_EQ(fr[7], STOP1);
    CHECK_EQ(fr[8], STOP2);
    CHECK_EQ(fr[15], STOP2);
    CHECK_EQ(fr[16], STOP1);

    p = fresh(SPG_ANIM_LOOKUP);
    p.prev_anim = 0xFF;
    run(&p, 70, fr);
    CHECK_EQ(fr[0], LOOKUP);
    CHECK_EQ(fr[69], LOOKUP);
    CHECK_EQ(p.anim_timer, 0x3F - 5); /* reloaded on frames 0 and 64 */
    CHECK_EQ(p.anim_frame, 1);

    p = fresh(SPG_ANIM_DUCK);
    p.prev_anim = 0xFF;
    spg_animate(&p);
    CHECK_EQ(p.mapping_frame, DUCK);
}

/* The spring (afChange): 48 frames of the spring sprite, then obAnim
 * becomes the walk with the sprite left as it was; the next call restarts
 * the walk. */
static void test_change_marker(void)
{
    spg_player p = fresh(SPG_ANIM_SPRING);
    p.prev_anim = 0xFF;
    p.status = SPG_STATUS_IN_AIR;
    run(&p, 48, NULL);
    CHECK_EQ(p.anim, SPG_ANIM_SPRING);
    CHECK_EQ(p.mapping_frame, SPRING);
    spg_animate(&p);
    CHECK_EQ(p.anim, SPG_ANIM_WALK);
    CHECK_EQ(p.prev_anim, SPG_ANIM_SPRING);
    CHECK_EQ(p.mapping_frame, SPRING);
    CHECK_EQ(p.anim_frame, 1);
    CHECK_EQ(p.anim_timer, 0x2F);
    spg_animate(&p);
    CHECK_EQ(p.prev_anim, SPG_ANIM_WALK);
    CHECK_EQ(p.mapping_frame, WALK13);
    CHECK_EQ(p.anim_frame, 1);
    CHECK_EQ(p.anim_timer, 8); /* ($800 - 0) >> 8 */
}

/* Walk frame rate: ($800 - |ground speed|) >> 8, so an entry shows for
 * that + 1 frames: 8 frames at $100, 5 at $400, 3 at $5FF (walk), and
 * every frame from $800 on. */
static int walk_entry_length(int16_t gs)
{
    spg_player p = fresh(SPG_ANIM_WALK);
    uint8_t fr[40];
    p.ground_speed = gs;
    run(&p, 40, fr);
    int n = 1;
    while (n < 40 && fr[n] == fr[0])
        n++;
    return n;
}

static void test_walk_rate(void)
{
    CHECK_EQ(walk_entry_length(0x000), 9);
    CHECK_EQ(walk_entry_length(0x100), 8);
    CHECK_EQ(walk_entry_length(-0x100), 8);
    CHECK_EQ(walk_entry_length(0x400), 5);
    CHECK_EQ(walk_entry_length(0x4FF), 4);
    CHECK_EQ(walk_entry_length(0x5FF), 3);
    CHECK_EQ(walk_entry_length(0x600), 3); /* the run: $200 >> 8 = 2 */
    CHECK_EQ(walk_entry_length(0x7FF), 1);
    CHECK_EQ(walk_entry_length(0x800), 1);
    CHECK_EQ(walk_entry_length(-0x8000), 1); /* neg.w leaves $8000 */
}

/* The walk's six entries at angle 0 facing right, then again; the run
 * from $600 (either direction) with four. */
static void test_walk_run_frames(void)
{
    static const uint8_t walk[] = {0x08, 0x09, 0x0A, 0x0B, 0x06, 0x07, 0x08};
    spg_player p = fresh(SPG_ANIM_WALK);
    p.ground_speed = 0x5FF; /* the fastest walk: a new entry every 3 */
    for (int i = 0; i < 7; i++) {
        spg_animate(&p);
        CHECK_EQ(p.mapping_frame, walk[i]);
        run(&p, 2, NULL);
        CHECK_EQ(p.mapping_frame, walk[i]);
    }

    p = fresh(SPG_ANIM_WALK);
    p.ground_speed = 0x5FF;
    spg_animate(&p);
    CHECK_EQ(p.mapping_frame, WALK13);
    p = fresh(SPG_ANIM_WALK);
    p.ground_speed = 0x600;
    spg_animate(&p);
    CHECK_EQ(p.mapping_frame, RUN11);
    p = fresh(SPG_ANIM_WALK);
    p.ground_speed = -0x600;
    p.status = SPG_STATUS_FACING_LEFT;
    spg_animate(&p);
    CHECK_EQ(p.mapping_frame, RUN11);

    /* the run's four, then the end marker (position 4) starts again */
    static const uint8_t runf[] = {0x1E, 0x1F, 0x20, 0x21, 0x1E};
    p = fresh(SPG_ANIM_WALK);
    p.ground_speed = 0x800;
    for (int i = 0; i < 5; i++) {
        spg_animate(&p);
        CHECK_EQ(p.mapping_frame, runf[i]);
    }
    /* speed falls below $600 at position 5: the walk goes on from there */
    p = fresh(SPG_ANIM_WALK);
    p.ground_speed = 0x800;
    run(&p, 4, NULL);
    CHECK_EQ(p.anim_frame, 4);
    p.ground_speed = 0x5FF;
    spg_animate(&p);
    CHECK_EQ(p.mapping_frame, WALK11);
}

/* Sprite sets and flip bits by angle: the angle (complemented when facing
 * right) + $10 picks one of four sets, 6 walk sprites apart; the upper
 * half of the circle turns the sprite upside down (flip bits ^ 3). */
static void angle_case(uint8_t angle, uint8_t facing_left, uint8_t frame,
                       uint8_t flip)
{
    spg_player p = fresh(SPG_ANIM_WALK);
    p.ground_speed = 0x100;
    p.angle = angle;
    p.status = facing_left;
    spg_animate(&p);
    CHECK_EQ(p.mapping_frame, frame);
    CHECK_EQ(p.render_flags, SPG_RENDER_PLAYFIELD | flip);
}

static void test_walk_angles(void)
{
    angle_case(0x00, 0, WALK13, 0);
    angle_case(0x00, 1, WALK13, SPG_RENDER_XFLIP);
    angle_case(0xF0, 0, WALK13, 0);        /* ~$F0 + $10 = $1F: set 0 */
    angle_case(0xEF, 0, WALK13 + 6, 0);    /* $20: set 1 */
    angle_case(0xE0, 0, WALK13 + 6, 0);    /* 45 degrees up to the right */
    angle_case(0xC0, 0, WALK13 + 12, 0);   /* right wall */
    angle_case(0xA0, 0, WALK13 + 18, 0);
    angle_case(0x80, 0, WALK13, 3);        /* ceiling: set 0 upside down */
    angle_case(0x20, 0, WALK13 + 18, 3);   /* down to the right */
    angle_case(0x20, 1, WALK13 + 6, SPG_RENDER_XFLIP); /* $20 + $10 = $30 */
    angle_case(0x40, 1, WALK13 + 12, SPG_RENDER_XFLIP);
    angle_case(0x70, 1, WALK13, SPG_RENDER_YFLIP); /* $80: 1 ^ 3 */

    /* the run's sets are 4 sprites apart */
    spg_player p = fresh(SPG_ANIM_WALK);
    p.ground_speed = 0x600;
    p.angle = 0xC0;
    spg_animate(&p);
    CHECK_EQ(p.mapping_frame, RUN11 + 8);
}

/* The roll: ($400 - |speed|) >> 8 frames an entry plus one; the fast
 * order from $600 on. */
static void test_roll(void)
{
    static const uint8_t slow[] = {ROLL1, ROLL2, ROLL3, ROLL4, ROLL5, ROLL1};
    static const uint8_t fast[] = {ROLL1, ROLL2, ROLL5, ROLL3, ROLL4, ROLL5,
                                   ROLL1};
    spg_player p = fresh(SPG_ANIM_ROLL);
    p.prev_anim = 0xFF;
    p.ground_speed = 0x100;
    spg_animate(&p);
    CHECK_EQ(p.anim_timer, 3);
    run(&p, 3, NULL);
    CHECK_EQ(p.mapping_frame, ROLL1);
    spg_animate(&p);
    CHECK_EQ(p.mapping_frame, ROLL2);

    p = fresh(SPG_ANIM_ROLL);
    p.ground_speed = 0x400;
    for (int i = 0; i < 6; i++) {
        spg_animate(&p);
        CHECK_EQ(p.anim_timer, 0);
        CHECK_EQ(p.mapping_frame, slow[i]);
    }
    p = fresh(SPG_ANIM_ROLL);
    p.ground_speed = -0x600;
    p.status = SPG_STATUS_FACING_LEFT;
    for (int i = 0; i < 7; i++) {
        spg_animate(&p);
        CHECK_EQ(p.mapping_frame, fast[i]);
        CHECK_EQ(p.render_flags, SPG_RENDER_PLAYFIELD | SPG_RENDER_XFLIP);
    }
}

/* Pushing: the walk id with the pushing bit shows the push, at
 * ($800 - |speed|) >> 6 frames an entry plus one ($20 at rest), facing
 * decides the flip even on a slope. */
static void test_push(void)
{
    spg_player p = fresh(SPG_ANIM_WALK);
    p.status = SPG_STATUS_PUSHING | SPG_STATUS_FACING_LEFT;
    p.angle = 0x80;
    spg_animate(&p);
    CHECK_EQ(p.mapping_frame, PUSH1);
    CHECK_EQ(p.anim_timer, 0x20);
    CHECK_EQ(p.render_flags, SPG_RENDER_PLAYFIELD | SPG_RENDER_XFLIP);
    run(&p, 0x20, NULL);
    CHECK_EQ(p.mapping_frame, PUSH1);
    spg_animate(&p);
    CHECK_EQ(p.mapping_frame, PUSH2);

    p = fresh(SPG_ANIM_PUSH);
    p.prev_anim = 0xFF;
    p.ground_speed = 0x100;
    spg_animate(&p);
    CHECK_EQ(p.anim_timer, 0x1C);
    p = fresh(SPG_ANIM_PUSH);
    p.prev_anim = 0xFF;
    p.ground_speed = -0x100;
    spg_animate(&p);
    CHECK_EQ(p.anim_timer, 0x1C);
}

/* The speed-driven scripts write the flip bits only when a new entry is
 * loaded; the fixed ones every frame. */
static void test_flip_timing(void)
{
    spg_player p = fresh(SPG_ANIM_WALK);
    p.anim_timer = 3;
    p.render_flags = SPG_RENDER_PLAYFIELD | SPG_RENDER_XFLIP;
    spg_animate(&p); /* facing right, but the entry still runs */
    CHECK_EQ(p.render_flags, SPG_RENDER_PLAYFIELD | SPG_RENDER_XFLIP);
    CHECK_EQ(p.anim_timer, 2);

    p = fresh(SPG_ANIM_BALANCE);
    p.prev_anim = SPG_ANIM_BALANCE;
    p.anim_timer = 3;
    p.render_flags = SPG_RENDER_PLAYFIELD | 3;
    p.status = SPG_STATUS_FACING_LEFT;
    spg_animate(&p);
    CHECK_EQ(p.render_flags, SPG_RENDER_PLAYFIELD | SPG_RENDER_XFLIP);
    /* the other bits are kept */
    p.render_flags = 0xC4;
    spg_animate(&p);
    CHECK_EQ(p.render_flags, 0xC5);
}

/* The highest script positions a start state may give, and ids without a
 * script: the restart bookkeeping only, nothing read. */
static void test_positions(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    CHECK_EQ(spg_anim_last_position(&pr, SPG_ANIM_WALK), 6);
    CHECK_EQ(spg_anim_last_position(&pr, SPG_ANIM_ROLL), 6);
    CHECK_EQ(spg_anim_last_position(&pr, SPG_ANIM_PUSH), 6);
    CHECK_EQ(spg_anim_last_position(&pr, SPG_ANIM_WAIT), 18);
    CHECK_EQ(spg_anim_last_position(&pr, SPG_ANIM_BALANCE), 2);
    CHECK_EQ(spg_anim_last_position(&pr, SPG_ANIM_LOOKUP), 1);
    CHECK_EQ(spg_anim_last_position(&pr, SPG_ANIM_SPRING), 1);
    CHECK_EQ(spg_anim_last_position(&pr, 0x19), 6); /* shrink */
    CHECK_EQ(spg_anim_last_position(&pr, 0x1E), 1);
    CHECK_EQ(spg_anim_last_position(&pr, 0x1F), -1);
    CHECK_EQ(spg_anim_last_position(&pr, 0xFF), -1);
    CHECK_EQ(spg_anim_mapping_frames(&pr), 0x58);

    /* a game none of the four (spg_profile_get fills none; a caller may
     * write one): no animation is valid, whatever the id or character */
    pr.game = (spg_game)6;
    CHECK_EQ(spg_anim_last_position(&pr, SPG_ANIM_WALK), -1);
    CHECK_EQ(spg_anim_last_position(&pr, SPG_ANIM_WAIT), -1);
    CHECK_EQ(spg_anim_mapping_frames(&pr), 0);
    pr.character = SPG_CHAR_TAILS;
    CHECK_EQ(spg_anim_last_position(&pr, SPG_ANIM_WALK), -1);
    CHECK_EQ(spg_anim_mapping_frames(&pr), 0);

    spg_player p = fresh(0x40);
    p.mapping_frame = 7;
    p.anim_frame = 200;
    spg_animate(&p);
    CHECK_EQ(p.prev_anim, 0x40);
    CHECK_EQ(p.anim_frame, 0);
    CHECK_EQ(p.mapping_frame, 7);
}

/* Through spg_step: turning round on the ground sets obPrevAni to id_Run,
 * so the walk starts again (timer from the new speed); standing still
 * gives the wait; leaving the ground restarts the walk. */
static void test_step_restarts(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    fixture_map fm;
    fixture_floor(&fm);
    spg_player p = fixture_standing(&pr, 500);

    fixture_step(&pr, &fm.map, &p, 0, 0);
    CHECK_EQ(p.anim, SPG_ANIM_WAIT);
    CHECK_EQ(p.mapping_frame, STAND);
    CHECK_EQ(p.anim_timer, 0x17);

    fixture_step(&pr, &fm.map, &p, SPG_BTN_RIGHT, SPG_BTN_RIGHT);
    CHECK_EQ(p.anim, SPG_ANIM_WALK);
    CHECK_EQ(p.prev_anim, SPG_ANIM_WALK);
    CHECK_EQ(p.mapping_frame, WALK13);
    CHECK_EQ(p.anim_timer, 7); /* ($800 - $C) >> 8 */
    fixture_step(&pr, &fm.map, &p, SPG_BTN_RIGHT, 0);
    CHECK_EQ(p.anim_timer, 6);

    /* stop, then turn left from rest: facing flips, the walk restarts */
    p.ground_speed = 0;
    p.anim_timer = 2;
    p.anim_frame = 3;
    fixture_step(&pr, &fm.map, &p, SPG_BTN_LEFT, SPG_BTN_LEFT);
    CHECK_EQ(p.status & SPG_STATUS_FACING_LEFT, SPG_STATUS_FACING_LEFT);
    CHECK_EQ(p.prev_anim, SPG_ANIM_WALK);
    CHECK_EQ(p.anim_frame, 1);
    CHECK_EQ(p.anim_timer, 7);
    CHECK_EQ(p.render_flags, SPG_RENDER_PLAYFIELD | SPG_RENDER_XFLIP);

    /* walking off the end of the floor (x 1023): AnglePos finds nothing,
     * sets obPrevAni to id_Run, and the walk restarts in the air */
    p = fixture_standing(&pr, 1020);
    p.ground_speed = 0x300;
    p.anim_frame = 4;
    p.anim_timer = 0;
    for (int i = 0; i < 8 && !(p.status & SPG_STATUS_IN_AIR); i++)
        fixture_step(&pr, &fm.map, &p, SPG_BTN_RIGHT, 0);
    CHECK(p.status & SPG_STATUS_IN_AIR);
    CHECK_EQ(p.anim, SPG_ANIM_WALK);
    CHECK_EQ(p.prev_anim, SPG_ANIM_WALK);
    CHECK_EQ(p.anim_frame, 1);
    CHECK_EQ(p.mapping_frame, WALK13);
}

/* The death: KillSonic's id restarts on the frame it dies, and routine 6
 * keeps animating (duration 3, one sprite). */
static void test_death_animates(void)
{
    spg_profile pr = fixture_profile(SPG_VARIANT_NORMAL);
    spg_map m = spg_map_default();
    spg_player p = spg_player_default(&pr);

    m.limit_bottom = 500;
    p.status = SPG_STATUS_IN_AIR;
    p.x = m68k_mkl(300, 0);
    p.y = m68k_mkl(740, 0);
    fixture_step(&pr, &m, &p, 0, 0);
    CHECK_EQ(p.routine, SPG_ROUTINE_DEATH);
    CHECK_EQ(p.mapping_frame, DEATH);
    CHECK_EQ(p.anim_timer, 3);
    CHECK_EQ(p.prev_anim, SPG_ANIM_DEATH);
    fixture_step(&pr, &m, &p, 0, 0);
    CHECK_EQ(p.routine, SPG_ROUTINE_DEATH);
    CHECK_EQ(p.anim_timer, 2);
}

int main(void)
{
    RUN(test_restart);
    RUN(test_wait_script);
    RUN(test_fixed_durations);
    RUN(test_change_marker);
    RUN(test_walk_rate);
    RUN(test_walk_run_frames);
    RUN(test_walk_angles);
    RUN(test_roll);
    RUN(test_push);
    RUN(test_flip_timing);
    RUN(test_positions);
    RUN(test_step_restarts);
    RUN(test_death_animates);
    TEST_MAIN_END();
}
