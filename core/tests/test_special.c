/*
 * test_special.c - the special stage's rules one at a time (object 09 and
 * SS_AniItems).  Expected values are worked out by hand from the
 * disassembly's arithmetic; the goldens under golden/special_stage/ check
 * the same rules against the original code frame by frame.
 */
#include <stdlib.h>

#include "special_internal.h"
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
    free(st);
    TEST_MAIN_END();
}
