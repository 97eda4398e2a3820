/*
 * test_landing.c - Sonic_Floor (airborne collision) and Sonic_ResetOnFloor.
 *
 * Expectations are worked out by hand from the original routines and the
 * solid-tiles document (716 on 736 after landing; walls 11 px away: 693 /
 * 842; the landing ranges, where the original differs from the guide).
 */
#include <string.h>

#include "internal.h"
#include "test.h"

#define MAP_W 64
#define MAP_H 64
#include "tile_fixture.h"


enum { FULL = 1, SLOPED = 2 };

static void setup(void)
{
    int i;
    tile_fixture_reset();
    for (i = 0; i < 16; i++) {
        masks[FULL].heights[i] = 16;
        masks[FULL].widths[i] = 16;
        masks[SLOPED].heights[i] = 16;  /* full, with an angle to test */
        masks[SLOPED].widths[i] = 16;
    }
    masks[FULL].angle = 0xFF;
}


/* Curled in the air (a jump): radii 14 x 7. */
static spg_player jumping(int x, int y, int xs, int ys)
{
    spg_player p;
    memset(&p, 0, sizeof p);
    p.x = x * 65536;
    p.y = y * 65536;
    p.x_speed = (int16_t)xs;
    p.y_speed = (int16_t)ys;
    p.height_radius = 14;
    p.width_radius = 7;
    p.status = SPG_STATUS_IN_AIR | SPG_STATUS_ROLLING;
    p.anim = 2;
    p.jumping = 1;
    p.routine = SPG_ROUTINE_CONTROL;
    return p;
}

static int px(const spg_player *p) { return m68k_hiw(p->x); }
static int py(const spg_player *p) { return m68k_hiw(p->y); }

/* ---- Sonic_ResetOnFloor ----------------------------------------------- */

static void test_reset_on_floor(void)
{
    spg_player p = jumping(100, 100, 0, 0);
    p.status |= SPG_STATUS_PUSHING | SPG_STATUS_ROLL_JUMP |
                SPG_STATUS_FACING_LEFT;
    p.y += 0x8000;
    spg_reset_on_floor(&p);
    CHECK_EQ(p.status, SPG_STATUS_FACING_LEFT);
    CHECK_EQ(p.height_radius, 19);
    CHECK_EQ(p.width_radius, 9);
    CHECK_EQ(py(&p), 95);                          /* uncurl: y - 5 */
    CHECK_EQ(p.y & 0xFFFF, 0x8000);
    CHECK_EQ(p.anim, 0);
    CHECK_EQ(p.jumping, 0);
    p = jumping(100, 100, 0, 0);                   /* not curled */
    p.status = SPG_STATUS_IN_AIR;
    p.height_radius = 19;
    p.width_radius = 9;
    spg_reset_on_floor(&p);
    CHECK_EQ(p.status, 0);
    CHECK_EQ(py(&p), 100);
    CHECK_EQ(p.anim, 2);
    CHECK_EQ(p.jumping, 0);
}

/* ---- moving down (quadrant 0) ------------------------------------------- */

static void test_land_flat_716(void)
{
    spg_player p;
    setup();
    fill(30, 50, 46, 47, FULL | ALL);              /* floor top 736 */
    p = jumping(600, 714, 0x123, 0x400);           /* feet 728: 7 above */
    spg_air_floor(&frame, &p);
    CHECK_EQ(py(&p), 714);
    CHECK_EQ(p.status, SPG_STATUS_IN_AIR | SPG_STATUS_ROLLING);
    p = jumping(600, 725, 0x123, 0x400);           /* feet 739: 4 inside */
    spg_air_floor(&frame, &p);
    CHECK_EQ(py(&p), 716);                         /* 725 - 4, uncurl - 5 */
    CHECK_EQ(p.status, 0);
    CHECK_EQ(p.angle, 0);                          /* $FF -> 0 */
    CHECK_EQ(p.y_speed, 0);
    CHECK_EQ(p.ground_speed, 0x123);
    CHECK_EQ(p.x_speed, 0x123);
    CHECK_EQ(p.height_radius, 19);
    CHECK_EQ(p.anim, 0);
    CHECK_EQ(p.jumping, 0);
}

/* Land only when the floor is at most (y speed high byte + 8) px inside:
 * $400 -> 12. */
static void test_land_depth_limit(void)
{
    spg_player p;
    setup();
    fill(30, 50, 46, 47, FULL | ALL);
    p = jumping(600, 734, 0, 0x400);               /* 13 inside */
    spg_air_floor(&frame, &p);
    CHECK_EQ(py(&p), 734);
    CHECK(p.status & SPG_STATUS_IN_AIR);
    p = jumping(600, 733, 0, 0x4FF);               /* 12 inside, high byte 4 */
    spg_air_floor(&frame, &p);
    CHECK_EQ(py(&p), 716);
    CHECK_EQ(p.status, 0);
}

static spg_player land_on_angle(uint8_t angle, int xs, int ys)
{
    spg_player p;
    setup();
    masks[SLOPED].angle = angle;
    fill(30, 50, 46, 47, SLOPED | ALL);
    p = jumping(600, 725, xs, ys);
    spg_air_floor(&frame, &p);
    CHECK_EQ(p.status, 0);
    CHECK_EQ(p.angle, angle);
    return p;
}

/* The three ranges: $F0..$0F flat (ground speed = x speed), $E0..$EF and
 * $10..$1F half steep (y speed halved, ground speed from it), $C0..$DF and
 * $20..$3F steep (x speed 0, y speed at most $FC0).  The sign follows the
 * angle's byte sign, not the direction of motion. */
static void test_landing_ranges(void)
{
    /* even angles only: an odd tile angle means "flat" */
    static const uint8_t flat[] = {0x00, 0x0E, 0xF0, 0xFE};
    static const uint8_t half[] = {0x10, 0x1E, 0xE0, 0xEE};
    static const uint8_t steep[] = {0x20, 0x3E, 0xC0, 0xDE};
    spg_player p;
    size_t i;

    for (i = 0; i < 4; i++) {
        p = land_on_angle(flat[i], -0x300, 0x401);
        CHECK_EQ(p.ground_speed, -0x300);
        CHECK_EQ(p.x_speed, -0x300);
        CHECK_EQ(p.y_speed, 0);
    }
    for (i = 0; i < 4; i++) {
        p = land_on_angle(half[i], -0x300, 0x401);
        CHECK_EQ(p.y_speed, 0x200);                /* $401 asr 1 */
        CHECK_EQ(p.ground_speed, half[i] < 0x80 ? 0x200 : -0x200);
        CHECK_EQ(p.x_speed, -0x300);
    }
    for (i = 0; i < 4; i++) {
        p = land_on_angle(steep[i], 0x300, 0x401);
        CHECK_EQ(p.x_speed, 0);
        CHECK_EQ(p.y_speed, 0x401);
        CHECK_EQ(p.ground_speed, steep[i] < 0x80 ? 0x401 : -0x401);
    }
    p = land_on_angle(0x30, 0, 0xFD0);             /* capped */
    CHECK_EQ(p.y_speed, 0xFC0);
    CHECK_EQ(p.ground_speed, 0xFC0);
    p = land_on_angle(0xD0, 0, 0xFC0);             /* at the cap: kept */
    CHECK_EQ(p.y_speed, 0xFC0);
    CHECK_EQ(p.ground_speed, -0xFC0);
}

/* Walls while falling: the guide's 11 px. */
static void test_fall_beside_walls(void)
{
    spg_player p;
    setup();
    fill(44, 44, 30, 50, FULL | ALL);              /* left side 704 */
    fill(51, 51, 30, 50, FULL | ALL);              /* right side 831 */
    p = jumping(696, 600, 0x100, 0x400);           /* quadrant 0 */
    p.ground_speed = 0x77;
    spg_air_floor(&frame, &p);
    CHECK_EQ(px(&p), 693);
    CHECK_EQ(p.x_speed, 0);
    CHECK_EQ(p.ground_speed, 0x77);                /* untouched here */
    p = jumping(839, 600, -0x100, 0x400);
    spg_air_floor(&frame, &p);
    CHECK_EQ(px(&p), 842);
    CHECK_EQ(p.x_speed, 0);
}

/* ---- moving sideways (quadrants $40, $C0) ------------------------------- */

static void test_jump_into_walls(void)
{
    spg_player p;
    setup();
    fill(44, 44, 30, 50, FULL | ALL);
    fill(51, 51, 30, 50, FULL | ALL);
    p = jumping(696, 600, 0x400, -0x123);          /* right: quadrant $C0 */
    spg_air_floor(&frame, &p);
    CHECK_EQ(px(&p), 693);
    CHECK_EQ(p.x_speed, 0);
    CHECK_EQ(p.y_speed, -0x123);
    CHECK_EQ(p.ground_speed, -0x123);              /* = y speed */
    p = jumping(839, 600, -0x400, 0x10);           /* left: quadrant $40 */
    spg_air_floor(&frame, &p);
    CHECK_EQ(px(&p), 842);
    CHECK_EQ(p.ground_speed, 0x10);
}

static void test_sideways_landing_and_ceiling(void)
{
    spg_player p;
    setup();
    fill(0, 63, 46, 47, FULL | ALL);               /* floor top 736 */
    fill(0, 63, 40, 40, FULL | ALL);               /* ceiling bottom 655 */
    p = jumping(600, 725, -0x400, 0x10);           /* falling, left */
    spg_air_floor(&frame, &p);
    CHECK_EQ(py(&p), 716);
    CHECK_EQ(p.status, 0);
    CHECK_EQ(p.y_speed, 0);
    CHECK_EQ(p.ground_speed, -0x400);              /* = x speed */
    p = jumping(600, 725, 0x400, -0x10);           /* rising: no floor */
    spg_air_floor(&frame, &p);
    CHECK_EQ(py(&p), 725);
    CHECK(p.status & SPG_STATUS_IN_AIR);
    p = jumping(600, 668, 0x400, -0x10);           /* head 2 px in */
    spg_air_floor(&frame, &p);
    CHECK_EQ(py(&p), 670);
    CHECK_EQ(p.y_speed, 0);
    p = jumping(600, 668, 0x400, 0x10);            /* falling: keeps y speed */
    spg_air_floor(&frame, &p);
    CHECK_EQ(py(&p), 670);
    CHECK_EQ(p.y_speed, 0x10);
}

/* ---- moving up (quadrant $80): ceiling attach vs bump ------------------- */

static void test_ceiling_bump(void)
{
    spg_player p;
    setup();
    fill(0, 63, 40, 40, FULL | ALL);               /* flat: $FF -> $80 */
    p = jumping(600, 668, 0x55, -0x400);
    spg_air_floor(&frame, &p);
    CHECK_EQ(py(&p), 670);
    CHECK_EQ(p.y_speed, 0);
    CHECK_EQ(p.x_speed, 0x55);
    CHECK(p.status & SPG_STATUS_IN_AIR);
    setup();
    masks[SLOPED].angle = 0x9E;                    /* $60..$9F: bump */
    fill(0, 63, 40, 40, SLOPED | ALL);
    p = jumping(600, 668, 0, -0x400);
    spg_air_floor(&frame, &p);
    CHECK_EQ(p.y_speed, 0);
    CHECK(p.status & SPG_STATUS_IN_AIR);
    masks[SLOPED].angle = 0x60;
    p = jumping(600, 668, 0, -0x400);
    spg_air_floor(&frame, &p);
    CHECK_EQ(p.y_speed, 0);
    CHECK_EQ(p.angle, 0);
    CHECK(p.status & SPG_STATUS_IN_AIR);
}

static void test_ceiling_attach(void)
{
    /* the guide says $A0..$BF / $40..$5F; the code's test (a + $20) & $40
     * also attaches on $C0..$DF and $20..$3F */
    static const uint8_t attach[] = {0xA0, 0xA8, 0xDE, 0x20, 0x5E};
    spg_player p;
    size_t i;

    for (i = 0; i < sizeof attach; i++) {
        setup();
        masks[SLOPED].angle = attach[i];
        fill(0, 63, 40, 40, SLOPED | ALL);
        p = jumping(600, 668, 0x55, -0x400);
        spg_air_floor(&frame, &p);
        CHECK_EQ(p.status, 0);
        CHECK_EQ(p.angle, attach[i]);
        CHECK_EQ(p.ground_speed, attach[i] >= 0x80 ? 0x400 : -0x400);
        CHECK_EQ(p.y_speed, -0x400);
        CHECK_EQ(p.x_speed, 0x55);
        CHECK_EQ(py(&p), 665);     /* 670, then the uncurl's y - 5 */
        CHECK_EQ(p.height_radius, 19);
    }
}

/* Top-solid (jump-through) tiles are invisible to ceilings and walls. */
static void test_jump_through(void)
{
    spg_player p;
    setup();
    fill(0, 63, 40, 40, FULL | SPG_CELL_TOP_SOLID);
    p = jumping(600, 668, 0, -0x400);
    spg_air_floor(&frame, &p);
    CHECK_EQ(py(&p), 668);
    CHECK_EQ(p.y_speed, -0x400);
}

int main(void)
{
    RUN(test_reset_on_floor);
    RUN(test_land_flat_716);
    RUN(test_land_depth_limit);
    RUN(test_landing_ranges);
    RUN(test_fall_beside_walls);
    RUN(test_jump_into_walls);
    RUN(test_sideways_landing_and_ceiling);
    RUN(test_ceiling_bump);
    RUN(test_ceiling_attach);
    RUN(test_jump_through);
    TEST_MAIN_END();
}
