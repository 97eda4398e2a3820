/*
 * test_special.c - the special stage's rules one at a time (object 09 and
 * SS_AniItems).  Expected values are worked out by hand from the
 * disassembly's arithmetic; the goldens under golden/special_stage/ check
 * the same rules against the original code frame by frame.
 */
#include <stdlib.h>

#include "special/internal.h"
#include "test.h"

static spg_ss_state *st;

/* A fresh state with an empty layout and the player at (x, y). */
static spg_ss_state *fresh(int16_t x, int16_t y)
{
    spg_ss_reset(st);
    st->x = m68k_mkl(x, 0);
    st->y = m68k_mkl(y, 0);
    st->routine = SPG_SS_ROUTINE_PLAY;
    st->rotation = 0;
    return st;
}

/* Layout byte at layout row/column. */
static uint8_t *cell(int row, int col)
{
    return &st->layout[row * SPG_SS_ROW + col];
}

static const spg_input none = {0, 0};

static void test_solid_ids(void)
{
    CHECK(!spg_ss_is_solid(0x00));
    CHECK(spg_ss_is_solid(0x01));
    CHECK(spg_ss_is_solid(0x27));
    CHECK(!spg_ss_is_solid(0x28)); /* 1-up */
    CHECK(spg_ss_is_solid(0x39));
    CHECK(!spg_ss_is_solid(0x3A)); /* ring */
    CHECK(!spg_ss_is_solid(0x41)); /* ghost */
    CHECK(!spg_ss_is_solid(0x4A)); /* switch */
    CHECK(spg_ss_is_solid(0x4B));  /* glass animation */
    CHECK(spg_ss_is_solid(0xFF));
}

/* The 2x2 check: column (X + $14) div 24, row (Y + $44) div 24; the last
 * solid block of TL, TR, BL, BR wins, with its address + 1. */
static void test_check_order(void)
{
    fresh(24 * 40 - 0x14, 24 * 40 - 0x44); /* top left = row 40, col 40 */
    *cell(41, 40) = SPG_SS_BUMPER;        /* bottom left */
    *cell(41, 41) = 0x01;                 /* bottom right */
    CHECK(spg_ss_check_blocks(st, st->y, st->x));
    CHECK_EQ(st->last_block, 0x01);
    CHECK_EQ(st->last_block_addr, SPG_SS_LAYOUT_ADDR + 41 * 0x80 + 41 + 1);
    *cell(41, 41) = 0;
    st->last_block = 0;
    CHECK(spg_ss_check_blocks(st, st->y, st->x));
    CHECK_EQ(st->last_block, SPG_SS_BUMPER);
    /* one pixel left: the columns are 39 and 40 */
    st->x = m68k_mkl(24 * 40 - 0x14 - 1, 0);
    *cell(41, 40) = 0;
    *cell(40, 41) = 0x05;
    CHECK(!spg_ss_check_blocks(st, st->y, st->x));
}

/* Gravity: 42 along (sin, cos) of angle & $FC, each axis floored. */
static void test_gravity_axes(void)
{
    static const struct {
        uint16_t angle;
        int16_t vx, vy;
    } cases[] = {
        {0x0000, 0, 42}, {0x0300, 0, 42}, {0x0400, 4, 41},
        {0x2000, 29, 29}, {0xE000, -30, 29}, {0x4000, 42, 0},
        {0x8000, 0, -42},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fresh(1000, 1000);
        st->stage_angle = cases[i].angle;
        spg_ss_step(st, none);
        CHECK_EQ(st->x_speed, cases[i].vx);
        CHECK_EQ(st->y_speed, cases[i].vy);
        CHECK_EQ(st->status & SPG_SS_STATUS_IN_AIR, SPG_SS_STATUS_IN_AIR);
    }
}

/* Deceleration has no clamp at zero; friction has. */
static void test_move_speeds(void)
{
    spg_input left = {SPG_BTN_LEFT, 0}, right = {SPG_BTN_RIGHT, 0};
    fresh(1000, 1000);
    st->ground_speed = 8;
    spg_ss_step(st, left);
    CHECK_EQ(st->ground_speed, -56);
    spg_ss_step(st, left);
    CHECK_EQ(st->ground_speed, -68);
    CHECK(st->status & SPG_SS_STATUS_FACING_LEFT);
    fresh(1000, 1000);
    st->ground_speed = -20;
    spg_ss_step(st, none);
    CHECK_EQ(st->ground_speed, -8);
    spg_ss_step(st, none);
    CHECK_EQ(st->ground_speed, 0);
    fresh(1000, 1000);
    st->ground_speed = 0x7FC;
    spg_ss_step(st, right);
    CHECK_EQ(st->ground_speed, 0x800);
    spg_ss_step(st, right);
    CHECK_EQ(st->ground_speed, 0x800);
}

/* The movement angle -((a + $20) & $C0): at $5F holding right moves up,
 * at $60 left. */
static void test_movement_angle(void)
{
    spg_input right = {SPG_BTN_RIGHT, 0};
    fresh(1000, 1000);
    st->stage_angle = 0x5F00;
    st->ground_speed = 0x100 - 12;
    int32_t y0 = st->y;
    spg_ss_step(st, right);
    /* y moved up by the ground speed; SpeedToPos added y speed after */
    CHECK_EQ(st->y - y0, -0x100 * 256 + st->y_speed * 256);
    fresh(1000, 1000);
    st->stage_angle = 0x6000;
    st->ground_speed = 0x100 - 12;
    int32_t x0 = st->x;
    spg_ss_step(st, right);
    CHECK_EQ(st->x - x0, -0x100 * 256 + st->x_speed * 256);
}

/* Jump only with the air bit clear at the start of the frame. */
static void test_jump(void)
{
    spg_input c = {SPG_BTN_C, SPG_BTN_C};
    fresh(1000, 1000);
    st->status = SPG_SS_STATUS_IN_AIR;
    spg_ss_step(st, c); /* in the air at the start: no jump */
    CHECK_EQ(st->y_speed, 42);
    st->status &= (uint8_t)~SPG_SS_STATUS_IN_AIR;
    spg_ss_step(st, c);
    CHECK_EQ(st->y_speed, -0x680 + 42);
    CHECK_EQ(st->x_speed, 0);
}

/* UP doubles only +-$40, DOWN halves only when bit 6 is clear; both start
 * the shared 30-frame timer; the block swaps only when the speed changed. */
static void test_up_down(void)
{
    fresh(1000, 1000);
    *cell(50, 50) = SPG_SS_UP;
    st->last_block = SPG_SS_UP;
    st->last_block_addr = SPG_SS_LAYOUT_ADDR + 50 * 0x80 + 50 + 1;
    st->rotation = -0x40;
    spg_ss_react_block(st);
    CHECK_EQ(st->rotation, -0x80);
    CHECK_EQ(st->updown_cooldown, 30);
    CHECK_EQ(*cell(50, 50), SPG_SS_DOWN);
    /* timer running: DOWN does nothing */
    st->last_block = SPG_SS_DOWN;
    spg_ss_react_block(st);
    CHECK_EQ(st->rotation, -0x80);
    st->updown_cooldown = 0;
    spg_ss_react_block(st);
    CHECK_EQ(st->rotation, -0x40); /* asr: toward minus infinity */
    CHECK_EQ(*cell(50, 50), SPG_SS_UP);
    st->updown_cooldown = 0;
    st->last_block = SPG_SS_DOWN;
    spg_ss_react_block(st); /* -$40: bit 6 set, no halving */
    CHECK_EQ(st->rotation, -0x40);
    CHECK_EQ(st->updown_cooldown, 30);
    CHECK_EQ(*cell(50, 50), SPG_SS_UP);
    /* timers count down only when no block was found */
    st->last_block = 0;
    st->r_cooldown = 0;
    spg_ss_react_block(st);
    CHECK_EQ(st->updown_cooldown, 29);
    CHECK_EQ(st->r_cooldown, 0);
}

static void test_r_block(void)
{
    fresh(1000, 1000);
    *cell(50, 50) = SPG_SS_R;
    st->last_block = SPG_SS_R;
    st->last_block_addr = SPG_SS_LAYOUT_ADDR + 50 * 0x80 + 50 + 1;
    st->rotation = 0x40;
    spg_ss_react_block(st);
    CHECK_EQ(st->rotation, -0x40);
    CHECK_EQ(st->r_cooldown, 30);
    CHECK_EQ(st->items[0].type, SPG_SS_ANI_R);
    spg_ss_react_block(st);
    CHECK_EQ(st->rotation, -0x40);
    /* the flash: $2B then $31 every 8 frames, back to $2B */
    spg_ss_animate_items(st);
    CHECK_EQ(*cell(50, 50), SPG_SS_R);
    for (int i = 0; i < 8; i++)
        spg_ss_animate_items(st);
    CHECK_EQ(*cell(50, 50), SPG_SS_R_FLASH);
    for (int i = 0; i < 24; i++)
        spg_ss_animate_items(st);
    CHECK_EQ(*cell(50, 50), SPG_SS_R);
    CHECK_EQ(st->items[0].type, 0);
}

/* Bumper: $700 away from the block's centre (24 col - $14, 24 row - $44). */
static void test_bumper(void)
{
    fresh(24 * 50 - 0x14, 24 * 50 - 0x44 - 30); /* straight above */
    st->last_block = SPG_SS_BUMPER;
    st->last_block_addr = SPG_SS_LAYOUT_ADDR + 50 * 0x80 + 50 + 1;
    spg_ss_react_block(st);
    CHECK_EQ(st->x_speed, 0);
    CHECK_EQ(st->y_speed, -0x700);
    CHECK(st->status & SPG_SS_STATUS_IN_AIR);
    CHECK_EQ(st->items[0].type, SPG_SS_ANI_BUMPER);
    CHECK_EQ(st->items[0].addr, SPG_SS_LAYOUT_ADDR + 50 * 0x80 + 50);
}

/* Rings: counted when under the centre; the sparkle writes $42 the same
 * frame, then every 6 frames, then empties the block. */
static void test_ring(void)
{
    fresh(24 * 50 - 0x20, 24 * 50 - 0x50);
    *cell(50, 50) = SPG_SS_RING;
    spg_ss_check_items(st);
    CHECK_EQ(st->rings, 1);
    spg_ss_animate_items(st);
    CHECK_EQ(*cell(50, 50), 0x42);
    for (int i = 0; i < 6; i++)
        spg_ss_animate_items(st);
    CHECK_EQ(*cell(50, 50), 0x43);
    for (int i = 0; i < 18; i++)
        spg_ss_animate_items(st);
    CHECK_EQ(*cell(50, 50), 0);
    CHECK_EQ(st->items[0].type, 0);
}

/* Every one of the 32 item slots busy: a ring still counts, but gets no
 * slot and so no animation (SS_RemoveCollectedItem finds none, and the
 * caller skips the animation); the ring block stays.  The scenario suite
 * cannot fill all 32 slots at once, so this is where that case is tested
 * (under ASan + UBSan a search past the last slot is an error). */
static void test_full_slots(void)
{
    fresh(24 * 50 - 0x20, 24 * 50 - 0x50);
    for (int i = 0; i < SPG_SS_ITEM_SLOTS; i++) {
        st->items[i].type = SPG_SS_ANI_BUMPER;
        st->items[i].timer = 7;
        st->items[i].addr = SPG_SS_LAYOUT_ADDR + 0x30 * 0x80 + 0x30;
    }
    CHECK(spg_ss_free_slot(st) == NULL);
    *cell(50, 50) = SPG_SS_RING;
    spg_ss_check_items(st);
    CHECK_EQ(st->rings, 1);
    for (int i = 0; i < SPG_SS_ITEM_SLOTS; i++)
        CHECK_EQ(st->items[i].type, SPG_SS_ANI_BUMPER);
    CHECK_EQ(*cell(50, 50), SPG_SS_RING);
    for (int i = 0; i < 8; i++)
        CHECK_EQ(st->layout[i], 0); /* nothing past the slots was written */
    st->items[31].type = SPG_SS_ANI_NONE;
    CHECK(spg_ss_free_slot(st) == &st->items[31]);
}

/* A slot whose next step lies past the end of its animation (no state
 * spg_ss_step makes, but one a caller may hand it) ends the animation
 * there, as the end marker does: the slot is freed and the block left as
 * the animation leaves it.  (The original would read the ROM bytes after
 * its table; under ASan + UBSan a read past the core's table is an
 * error.) */
static void test_step_past_end(void)
{
    /* len: the steps of the animation with its end marker (the first
     * step past it) */
    static const struct { uint8_t type, shown, end, len; } cases[] = {
        {SPG_SS_ANI_RING, 0x45, 0, 5},
        {SPG_SS_ANI_BUMPER, 0x33, SPG_SS_BUMPER, 5},
        {SPG_SS_ANI_1UP, 0x49, 0, 5},
        {SPG_SS_ANI_R, 0x31, SPG_SS_R, 5},
        {SPG_SS_ANI_EMERALD, 0x49, 0, 5},
        {SPG_SS_ANI_GLASS, 0x4E, 0x2F, 9},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int k = 0; k < 4; k++) {
            const uint8_t steps[4] = {cases[i].len,
                                      (uint8_t)(cases[i].len + 1), 64, 255};
            fresh(0, 0);
            *cell(40, 41) = cases[i].shown;
            st->items[3].type = cases[i].type;
            st->items[3].timer = 0;
            st->items[3].frame = steps[k];
            st->items[3].addr = ((uint32_t)0x2F << 24) |
                                (SPG_SS_LAYOUT_ADDR + 40 * 0x80 + 41);
            spg_ss_animate_items(st);
            CHECK_EQ(st->items[3].type, 0);
            CHECK_EQ(st->items[3].timer, 0);
            CHECK_EQ(st->items[3].frame, 0);
            CHECK_EQ(st->items[3].addr, 0);
            CHECK_EQ(*cell(40, 41), cases[i].end);
            CHECK_EQ(st->routine, cases[i].type == SPG_SS_ANI_EMERALD
                                      ? SPG_SS_ROUTINE_EXIT
                                      : SPG_SS_ROUTINE_PLAY);
        }
}

/* spg_ss_block: the layout by row and column, 0 outside 0..127.  The
 * state sits in front of a guard of non-zero bytes, so that a read one
 * row past the layout would see something. */
static void test_block_bounds(void)
{
    static struct {
        spg_ss_state s;
        uint8_t guard[256];
    } w;
    for (size_t i = 0; i < sizeof w.guard; i++)
        w.guard[i] = 0x77;
    spg_ss_state *b = &w.s;
    spg_ss_reset(b);
    b->layout[0] = 0x11;
    b->layout[127] = 0x12;
    b->layout[127 * SPG_SS_ROW] = 0x13;
    b->layout[127 * SPG_SS_ROW + 127] = 0x14;
    b->layout[SPG_SS_ROW] = 0x15;          /* row 1, column 0 */
    b->layout[2 * SPG_SS_ROW - 1] = 0x16;  /* row 1, column 127 */
    CHECK_EQ(spg_ss_block(b, 0, 0), 0x11);
    CHECK_EQ(spg_ss_block(b, 0, 127), 0x12);
    CHECK_EQ(spg_ss_block(b, 127, 0), 0x13);
    CHECK_EQ(spg_ss_block(b, 127, 127), 0x14);
    CHECK_EQ(spg_ss_block(b, 1, 0), 0x15);
    CHECK_EQ(spg_ss_block(b, -1, 0), 0);
    CHECK_EQ(spg_ss_block(b, 1, -1), 0);   /* not row 0, column 127 */
    CHECK_EQ(spg_ss_block(b, 0, 128), 0);  /* not row 1, column 0 */
    CHECK_EQ(spg_ss_block(b, 128, 8), 0);  /* past the layout */
    /* the address form: $FF0000..$FF3FFF, the tag byte ignored */
    CHECK(spg_ss_byte_at(b, SPG_SS_LAYOUT_ADDR) == &b->layout[0]);
    CHECK(spg_ss_byte_at(b, 0x2E000000u | SPG_SS_LAYOUT_ADDR) == &b->layout[0]);
    CHECK(spg_ss_byte_at(b, SPG_SS_LAYOUT_ADDR + 0x3FFF) == &b->layout[0x3FFF]);
    CHECK(spg_ss_byte_at(b, SPG_SS_LAYOUT_ADDR + 0x4000) == NULL);
    CHECK(spg_ss_byte_at(b, SPG_SS_LAYOUT_ADDR - 1) == NULL);
}

/* Glass: the next id rides in the slot address's top byte and is written
 * after 8 animation steps of 2 frames; $30 breaks. */
static void test_glass(void)
{
    fresh(1000, 1000);
    *cell(50, 50) = 0x30;
    st->last_block = 0x30;
    st->last_block_addr = SPG_SS_LAYOUT_ADDR + 50 * 0x80 + 50 + 1;
    spg_ss_react_block(st);
    CHECK_EQ(st->items[0].addr >> 24, 0);
    *cell(50, 50) = 0x2E;
    st->items[0].type = 0;
    spg_ss_react_block(st);
    CHECK_EQ(st->items[0].addr >> 24, 0x2F);
    spg_ss_animate_items(st);
    CHECK_EQ(*cell(50, 50), 0x4B);
    for (int i = 0; i < 16; i++)
        spg_ss_animate_items(st);
    CHECK_EQ(*cell(50, 50), 0x2F);
    CHECK_EQ(st->items[0].type, 0);
}

/* Ghost blocks: state 1 over a ghost, 2 over the switch, solid (and back
 * to 0) on the next empty block. */
static void test_ghost(void)
{
    fresh(24 * 50 - 0x20, 24 * 50 - 0x50);
    *cell(0x30, 0x30) = SPG_SS_GHOST;
    *cell(50, 50) = SPG_SS_GHOST;
    spg_ss_check_items(st);
    CHECK_EQ(st->ghost_state, 1);
    *cell(50, 50) = SPG_SS_GHOST_SWITCH;
    spg_ss_check_items(st);
    CHECK_EQ(st->ghost_state, 2);
    *cell(50, 50) = 0;
    spg_ss_check_items(st);
    CHECK_EQ(st->ghost_state, 0);
    CHECK_EQ(*cell(0x30, 0x30), SPG_SS_RED_WHITE);
}

/* GOAL: the exit spins the stage up by $40 a frame; $1800 ends the stage,
 * $3000 stops it at angle $4000 with the 60-frame countdown. */
static void test_goal_exit(void)
{
    fresh(1000, 1000);
    st->last_block = SPG_SS_GOAL;
    spg_ss_react_block(st);
    CHECK_EQ(st->routine, SPG_SS_ROUTINE_EXIT);
    int frames = 0;
    while (st->routine == SPG_SS_ROUTINE_EXIT && frames < 1000) {
        spg_ss_step(st, none);
        frames++;
        if (st->rotation == 0x1800)
            CHECK_EQ(st->stage_over, 1);
    }
    CHECK_EQ(frames, 0x3000 / 0x40);
    CHECK_EQ(st->stage_angle, 0x4000);
    CHECK_EQ(st->exit_timer, 0x3C);
}

/* The 1-up: one more life (addq.b), no ring; the block sparkles ($46-$49,
 * 6 frames each, as the ring) and is gone on the 25th animation step. */
static void test_one_up(void)
{
    fresh(24 * 50 - 0x20, 24 * 50 - 0x50);
    *cell(50, 50) = SPG_SS_1UP;
    spg_ss_check_items(st);
    CHECK_EQ(st->lives, 4);
    CHECK_EQ(st->rings, 0);
    CHECK_EQ(st->items[0].type, SPG_SS_ANI_1UP);
    CHECK_EQ(st->items[0].addr, SPG_SS_LAYOUT_ADDR + 50 * 0x80 + 50);
    CHECK_EQ(*cell(50, 50), SPG_SS_1UP); /* unchanged until SS_AniItems */
    spg_ss_animate_items(st);
    CHECK_EQ(*cell(50, 50), 0x46);
    for (int i = 0; i < 6; i++)
        spg_ss_animate_items(st);
    CHECK_EQ(*cell(50, 50), 0x47);
    for (int i = 0; i < 12; i++)
        spg_ss_animate_items(st);
    CHECK_EQ(*cell(50, 50), 0x49);
    for (int i = 0; i < 6; i++)
        spg_ss_animate_items(st);
    CHECK_EQ(*cell(50, 50), 0);
    CHECK_EQ(st->items[0].type, SPG_SS_ANI_NONE);
    CHECK_EQ(st->lives, 4);
}

/* Emeralds: the id minus $3B goes into v_emldlist at the count, the count
 * goes up, except with all six already (the sparkle runs either way); the
 * sparkle's end sets the player's routine to 4, the exit. */
static void test_emerald(void)
{
    fresh(24 * 50 - 0x20, 24 * 50 - 0x50);
    *cell(50, 50) = SPG_SS_EMERALD_FIRST + 2;
    st->emeralds = 1;
    st->emerald_list[0] = 4;
    spg_ss_check_items(st);
    CHECK_EQ(st->emeralds, 2);
    CHECK_EQ(st->emerald_list[0], 4);
    CHECK_EQ(st->emerald_list[1], 2);
    CHECK_EQ(st->items[0].type, SPG_SS_ANI_EMERALD);
    CHECK_EQ(st->routine, SPG_SS_ROUTINE_PLAY);
    for (int i = 0; i < 24; i++)
        spg_ss_animate_items(st);
    CHECK_EQ(*cell(50, 50), 0x49);
    CHECK_EQ(st->routine, SPG_SS_ROUTINE_PLAY);
    spg_ss_animate_items(st);
    CHECK_EQ(*cell(50, 50), 0);
    CHECK_EQ(st->items[0].type, SPG_SS_ANI_NONE);
    CHECK_EQ(st->routine, SPG_SS_ROUTINE_EXIT);

    /* all six already: the count and the list stay, the sparkle starts */
    fresh(24 * 50 - 0x20, 24 * 50 - 0x50);
    *cell(50, 50) = SPG_SS_EMERALD_LAST;
    st->emeralds = 6;
    for (int i = 0; i < 6; i++)
        st->emerald_list[i] = (uint8_t)i;
    spg_ss_check_items(st);
    CHECK_EQ(st->emeralds, 6);
    for (int i = 0; i < 6; i++)
        CHECK_EQ(st->emerald_list[i], i);
    CHECK_EQ(st->items[0].type, SPG_SS_ANI_EMERALD);
}

/* SpeedToPos: each speed << 8 added to the 16.16 position, after gravity
 * (no block anywhere: the player stays airborne). */
static void test_speed_to_pos(void)
{
    fresh(1000, 1000);
    st->status = SPG_SS_STATUS_IN_AIR | SPG_SS_STATUS_ROLLING;
    st->x_speed = 0x123;
    st->y_speed = -0x100;
    spg_ss_step(st, none);
    CHECK_EQ(st->x_speed, 0x123);
    CHECK_EQ(st->y_speed, -0x100 + 42);      /* gravity at angle 0 */
    CHECK_EQ(st->x, 1001 * 0x10000 + 0x2300);
    CHECK_EQ(st->y, 999 * 0x10000 + 0x2A00); /* 1000.0 - $D6 << 8 */
    CHECK(st->status & SPG_SS_STATUS_IN_AIR);
    CHECK_EQ(st->last_block, 0);
}

/* The stage angle: v_ssrotate added to v_ssangle (a word, wrapping) after
 * the player's code, so gravity uses the angle the frame started with. */
static void test_stage_angle_update(void)
{
    int16_t sine, cosine;
    fresh(1000, 1000);
    st->status = SPG_SS_STATUS_IN_AIR;
    st->stage_angle = 0x3FC0; /* $3F: snapped $3C this frame, $40 next */
    st->rotation = 0x40;
    spg_ss_step(st, none);
    CHECK_EQ(st->stage_angle, 0x4000);
    spg_calc_sine(0x3C, &sine, &cosine);
    CHECK_EQ(st->x_speed, (sine * 42) >> 8);
    CHECK_EQ(st->y_speed, (cosine * 42) >> 8);
    CHECK(st->y_speed > 0); /* at $40 it would be 0 */

    fresh(1000, 1000);
    st->status = SPG_SS_STATUS_IN_AIR;
    st->stage_angle = 0x0010;
    st->rotation = -0x40;
    spg_ss_step(st, none);
    CHECK_EQ(st->stage_angle, 0xFFD0); /* wraps */
    spg_ss_step(st, none);
    CHECK_EQ(st->stage_angle, 0xFF90);
}

/* ---- the animation (Sonic_Animate for object 09, special/animate.c) ---- */

/* A state ready to animate: the roll already running (prev_anim set), the
 * timer run out so that this call loads an entry. */
static spg_ss_state *rolling(int16_t ground_speed, uint8_t anim_frame)
{
    fresh(1000, 1000);
    st->anim = SPG_SS_ANIM_ROLL;
    st->prev_anim = SPG_SS_ANIM_ROLL;
    st->render_flags = SPG_SS_RENDER_LEVEL;
    st->anim_frame = anim_frame;
    st->anim_timer = 0;
    st->ground_speed = ground_speed;
    return st;
}

/* The first frame: Obj09_Main sets the render flags to 4 and the roll;
 * the id differs from obPrevAni (0), so the script starts at entry 0 and
 * fr_Roll1 shows at once, for $400 >> 8 + 1 = 5 frames at rest. */
static void test_anim_first_frame(void)
{
    spg_ss_reset(st);
    st->x = m68k_mkl(1000, 0);
    st->y = m68k_mkl(1000, 0);
    CHECK_EQ(st->anim, 0);
    CHECK_EQ(st->render_flags, 0);
    spg_ss_step(st, none);
    CHECK_EQ(st->routine, SPG_SS_ROUTINE_PLAY);
    CHECK_EQ(st->render_flags, SPG_SS_RENDER_LEVEL);
    CHECK_EQ(st->anim, SPG_SS_ANIM_ROLL);
    CHECK_EQ(st->prev_anim, SPG_SS_ANIM_ROLL);
    CHECK_EQ(st->mapping_frame, 0x2E);
    CHECK_EQ(st->anim_frame, 1);
    CHECK_EQ(st->anim_timer, 4);
    for (int t = 3; t >= 0; t--) {
        spg_ss_step(st, none);
        CHECK_EQ(st->anim_timer, t);
        CHECK_EQ(st->mapping_frame, 0x2E);
        CHECK_EQ(st->anim_frame, 1);
    }
    spg_ss_step(st, none);
    CHECK_EQ(st->mapping_frame, 0x2F);
    CHECK_EQ(st->anim_frame, 2);
    CHECK_EQ(st->anim_timer, 4);
}

/* The timer reload: max(0, $400 - |Ground Speed|) >> 8, |x| as neg.w
 * gives it ($8000 stays $8000, which the unsigned compare takes as fast
 * and the bpl as "no time left"). */
static void test_anim_timer_from_speed(void)
{
    static const struct {
        int16_t gs;
        uint8_t timer;
    } cases[] = {
        {0, 4},       {0xFF, 3},     {0x100, 3},     {0x101, 2},
        {0x300, 1},   {-0x300, 1},   {0x301, 0},     {0x3FF, 0},
        {0x400, 0},   {-0x401, 0},   {0x800, 0},     {-0x7FFF, 0},
        {INT16_MIN, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rolling(cases[i].gs, 0);
        spg_ss_animate(st);
        CHECK_EQ(st->anim_timer, cases[i].timer);
        CHECK_EQ(st->mapping_frame, 0x2E);
        CHECK_EQ(st->anim_frame, 1);
    }
}

/* The two scripts: SonAni_Roll below $600 (5 frames), SonAni_Roll2 from
 * $600 on in either direction (6 frames, fr_Roll5 twice). */
static void test_anim_scripts(void)
{
    static const uint8_t slow[] = {0x2E, 0x2F, 0x30, 0x31, 0x32, 0x2E, 0x2F};
    static const uint8_t fast[] = {0x2E, 0x2F, 0x32, 0x30, 0x31, 0x32, 0x2E};
    static const int16_t slow_speeds[] = {0x5FF, -0x5FF, 0x200};
    static const int16_t fast_speeds[] = {0x600, -0x600, 0x800, INT16_MIN};
    for (size_t k = 0; k < 3; k++) {
        rolling(slow_speeds[k], 0);
        for (size_t i = 0; i < sizeof slow; i++) {
            st->anim_timer = 0;
            spg_ss_animate(st);
            CHECK_EQ(st->mapping_frame, slow[i]);
        }
        CHECK_EQ(st->anim_frame, 2);
    }
    for (size_t k = 0; k < 4; k++) {
        rolling(fast_speeds[k], 0);
        for (size_t i = 0; i < sizeof fast; i++) {
            st->anim_timer = 0;
            spg_ss_animate(st);
            CHECK_EQ(st->mapping_frame, fast[i]);
        }
        CHECK_EQ(st->anim_frame, 1);
    }
    /* the entry position is shared: fast up to entry 5, then slow reads
     * its padding afEnd at 6 and starts again */
    rolling(0x600, 5);
    spg_ss_animate(st);
    CHECK_EQ(st->mapping_frame, 0x32);
    CHECK_EQ(st->anim_frame, 6);
    st->ground_speed = 0x5FF;
    st->anim_timer = 0;
    spg_ss_animate(st);
    CHECK_EQ(st->mapping_frame, 0x2E);
    CHECK_EQ(st->anim_frame, 1);
    /* slow at entry 5 is its afEnd; fast at entry 2 is fr_Roll5 */
    rolling(0x100, 5);
    spg_ss_animate(st);
    CHECK_EQ(st->mapping_frame, 0x2E);
    CHECK_EQ(st->anim_frame, 1);
    rolling(-0x700, 2);
    spg_ss_animate(st);
    CHECK_EQ(st->mapping_frame, 0x32);
    CHECK_EQ(st->anim_frame, 3);
    /* past both scripts (no reset state gets there): read as afEnd */
    rolling(0x700, 7);
    spg_ss_animate(st);
    CHECK_EQ(st->mapping_frame, 0x2E);
    CHECK_EQ(st->anim_frame, 1);
    rolling(0, 0xFF);
    spg_ss_animate(st);
    CHECK_EQ(st->mapping_frame, 0x2E);
    CHECK_EQ(st->anim_frame, 1);
}

/* The flip bits follow the facing bit, only on the frames an entry is
 * loaded; bit 2 and the rest are kept, the y flip cleared. */
static void test_anim_flip(void)
{
    rolling(0, 0);
    st->status = SPG_SS_STATUS_FACING_LEFT;
    st->render_flags = 0x80 | SPG_SS_RENDER_LEVEL | SPG_SS_RENDER_YFLIP;
    spg_ss_animate(st);
    CHECK_EQ(st->render_flags, 0x80 | SPG_SS_RENDER_LEVEL |
                                   SPG_SS_RENDER_XFLIP);
    st->status = 0;
    spg_ss_animate(st); /* timer 4 -> 3: nothing loaded */
    CHECK_EQ(st->render_flags, 0x80 | SPG_SS_RENDER_LEVEL |
                                   SPG_SS_RENDER_XFLIP);
    CHECK_EQ(st->anim_timer, 3);
    st->anim_timer = 0;
    spg_ss_animate(st);
    CHECK_EQ(st->render_flags, 0x80 | SPG_SS_RENDER_LEVEL);
    /* through spg_ss_step: moving left turns the sprite on the next load */
    rolling(0, 0);
    st->anim_timer = 2;
    st->status = 0;
    spg_input left = {SPG_BTN_LEFT, SPG_BTN_LEFT};
    spg_ss_step(st, left);
    CHECK(st->status & SPG_SS_STATUS_FACING_LEFT);
    CHECK_EQ(st->render_flags, SPG_SS_RENDER_LEVEL);
    left.pressed = 0;
    spg_ss_step(st, left);
    spg_ss_step(st, left);
    CHECK_EQ(st->render_flags, SPG_SS_RENDER_LEVEL | SPG_SS_RENDER_XFLIP);
}

/* A changed id restarts the script (entry 0, timer 0); an id other than
 * the roll - which the special stage never sets - only does that. */
static void test_anim_restart(void)
{
    rolling(0, 4);
    st->anim_timer = 3;
    st->anim = SPG_SS_ANIM_ROLL_FAST;
    spg_ss_animate(st);
    CHECK_EQ(st->prev_anim, SPG_SS_ANIM_ROLL_FAST);
    CHECK_EQ(st->mapping_frame, 0x2E);
    CHECK_EQ(st->anim_frame, 1);
    CHECK_EQ(st->anim_timer, 4);
    rolling(0, 4);
    st->mapping_frame = 0x31;
    st->anim_timer = 3;
    st->anim = 0x05;
    spg_ss_animate(st);
    CHECK_EQ(st->prev_anim, 0x05);
    CHECK_EQ(st->anim_frame, 0);
    CHECK_EQ(st->anim_timer, 0);
    CHECK_EQ(st->mapping_frame, 0x31);
}

/* Both exit routines animate too, with the Ground Speed they left. */
static void test_anim_exit_routines(void)
{
    static const uint8_t routines[] = {SPG_SS_ROUTINE_EXIT,
                                       SPG_SS_ROUTINE_EXIT2};
    for (size_t k = 0; k < 2; k++) {
        rolling(0x700, 1);
        st->routine = routines[k];
        st->exit_timer = 10;
        spg_ss_step(st, none);
        CHECK_EQ(st->mapping_frame, 0x2F);
        CHECK_EQ(st->anim_frame, 2);
        CHECK_EQ(st->anim_timer, 0);
        spg_ss_step(st, none);
        CHECK_EQ(st->mapping_frame, 0x32);
        CHECK_EQ(st->ground_speed, 0x700);
    }
}

int main(void)
{
    st = malloc(sizeof *st);
    if (!st)
        return 1;
    RUN(test_solid_ids);
    RUN(test_check_order);
    RUN(test_gravity_axes);
    RUN(test_move_speeds);
    RUN(test_movement_angle);
    RUN(test_jump);
    RUN(test_up_down);
    RUN(test_r_block);
    RUN(test_bumper);
    RUN(test_ring);
    RUN(test_glass);
    RUN(test_ghost);
    RUN(test_goal_exit);
    RUN(test_full_slots);
    RUN(test_step_past_end);
    RUN(test_block_bounds);
    RUN(test_one_up);
    RUN(test_emerald);
    RUN(test_speed_to_pos);
    RUN(test_stage_angle_update);
    RUN(test_anim_first_frame);
    RUN(test_anim_timer_from_speed);
    RUN(test_anim_scripts);
    RUN(test_anim_flip);
    RUN(test_anim_restart);
    RUN(test_anim_exit_routines);
    free(st);
    TEST_MAIN_END();
}
