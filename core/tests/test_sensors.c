/*
 * test_sensors.c - Sonic_AnglePos (four walk modes), Sonic_Angle,
 * Sonic_WalkSpeed, sub_14D48, ObjFloorDist and the air probes.
 *
 * Expected values come from the solid-tiles document (standing 20 px above
 * the floor: 716 on 736; walls 11 px away: 693 / 842; balancing from 2656
 * past an edge at 2655) and from working the original routines by hand.
 */
#include <string.h>

#include "internal.h"
#include "test.h"

#define MAP_W 200
#define MAP_H 64
#include "tile_fixture.h"


enum { FULL = 1, RAMP = 2, RAMP_DOWN = 3 };

static void setup(void)
{
    int i;
    tile_fixture_reset();
    for (i = 0; i < 16; i++) {
        masks[FULL].heights[i] = 16;
        masks[RAMP].heights[i] = (int8_t)(i + 1);
        masks[RAMP_DOWN].heights[i] = (int8_t)(16 - i);
    }
    masks[FULL].angle = 0xFF;
    masks[RAMP].angle = 0xE0;
    masks[RAMP_DOWN].angle = 0x20;
    for (i = 1; i < 4; i++)
        spg_mask_derive_widths(&masks[i]);
}


static spg_player standing(int x, int y, uint8_t angle)
{
    spg_player p;
    memset(&p, 0, sizeof p);
    p.x = x * 65536;
    p.y = y * 65536;
    p.height_radius = 19;
    p.width_radius = 9;
    p.angle = angle;
    p.routine = SPG_ROUTINE_CONTROL;
    return p;
}

static int px(const spg_player *p) { return m68k_hiw(p->x); }
static int py(const spg_player *p) { return m68k_hiw(p->y); }

/* ---- floor mode -------------------------------------------------------- */

static void test_stand_20px_above_floor(void)
{
    static const int from[] = {716, 712, 720, 702, 730};
    size_t i;
    setup();
    fill(30, 50, 46, 47, FULL | ALL);              /* floor top at y = 736 */
    for (i = 0; i < sizeof from / sizeof from[0]; i++) {
        spg_player p = standing(600, from[i], 0x10);
        p.y += 0x1234;                             /* subpixel is kept */
        spg_angle_pos(&frame, &p);
        CHECK_EQ(py(&p), 716);
        CHECK_EQ(p.y & 0xFFFF, 0x1234);
        CHECK_EQ(p.angle, 0x00);                   /* flat: ($10+$20)&$C0 */
        CHECK_EQ(p.status, 0);
        CHECK_EQ(frame.anglebuffer[0], 0xFF);
        CHECK_EQ(frame.anglebuffer[1], 0xFF);
    }
}

static void test_snap_limits(void)
{
    spg_player p;
    setup();
    fill(30, 50, 46, 47, FULL | ALL);
    p = standing(600, 701, 0);                     /* 15 above: leaves */
    p.status = SPG_STATUS_PUSHING;
    spg_angle_pos(&frame, &p);
    CHECK_EQ(py(&p), 701);
    CHECK_EQ(p.status, SPG_STATUS_IN_AIR);
    p = standing(600, 731, 0);                     /* -15: no change */
    spg_angle_pos(&frame, &p);
    CHECK_EQ(py(&p), 731);
    CHECK_EQ(p.status, 0);
    p = standing(600, 600, 0);                     /* nothing: buffers 3 */
    spg_angle_pos(&frame, &p);
    CHECK_EQ(frame.anglebuffer[0], 3);
    CHECK_EQ(frame.anglebuffer[1], 3);
    CHECK_EQ(p.status, SPG_STATUS_IN_AIR);
}

static void test_on_object(void)
{
    spg_player p;
    setup();
    fill(30, 50, 46, 47, FULL | ALL);
    p = standing(600, 712, 0x10);
    p.status = SPG_STATUS_ON_OBJECT;
    frame.anglebuffer[0] = frame.anglebuffer[1] = 7;
    spg_angle_pos(&frame, &p);
    CHECK_EQ(py(&p), 712);
    CHECK_EQ(p.angle, 0x10);
    CHECK_EQ(frame.anglebuffer[0], 0);
    CHECK_EQ(frame.anglebuffer[1], 0);
}

/* Bug 1 of the document: a ramp rising to the right ends in a drop.  While
 * sensor B (x + 9) is on the ramp Sonic follows B; once B is past the end
 * it finds nothing and Sonic drops to sensor A's lower height, though the
 * ramp under his centre is only 3 px lower. */
static void test_bug_ramp_edge(void)
{
    spg_player p;
    setup();
    fill(0, 60, 47, 47, FULL | ALL);               /* ground at 752 */
    fill(10, 10, 46, 46, RAMP | ALL);              /* x 160..175 */
    p = standing(166, 716, 0xE0);                  /* B at 175: h 16 */
    spg_angle_pos(&frame, &p);
    CHECK_EQ(py(&p), 716);
    CHECK_EQ(p.angle, 0xE0);
    p = standing(172, 716, 0xE0);                  /* B at 181: off the end */
    spg_angle_pos(&frame, &p);
    CHECK_EQ(py(&p), 728);                         /* A at 163: h 4 */
    CHECK_EQ(p.angle, 0xE0);
    CHECK_EQ(frame.anglebuffer[0], 3);             /* B found nothing */
    CHECK_EQ(frame.anglebuffer[1], 0xE0);          /* A's: the ramp */
}

/* Bug 2: two opposite slopes side by side (a small hill).  The higher
 * sensor wins, bringing its angle: at x = 177 the centre is on the falling
 * slope ($20) but sensor A on the rising one ($E0) is higher. */
static void test_bug_opposite_slopes(void)
{
    spg_player p;
    setup();
    fill(10, 10, 46, 46, RAMP | ALL);              /* x 160..175, rises */
    fill(11, 11, 46, 46, RAMP_DOWN | ALL);         /* x 176..191, falls */
    p = standing(177, 720, 0);
    spg_angle_pos(&frame, &p);
    CHECK_EQ(py(&p), 723);                         /* A: h 9 -> 3 px */
    CHECK_EQ(p.angle, 0xE0);
    CHECK_EQ(frame.anglebuffer[0], 0x20);          /* B: h 6 -> 6 px */
}

/* A tie goes to the second sensor (A, v_anglebuffer2). */
static void test_tie_goes_to_a(void)
{
    spg_player p;
    setup();
    masks[4] = masks[FULL];
    masks[4].angle = 0x04;
    fill(30, 30, 46, 46, FULL | ALL);
    fill(31, 50, 46, 46, 4 | ALL);
    p = standing(500, 712, 0);                     /* A at 491, B at 509 */
    spg_angle_pos(&frame, &p);
    CHECK_EQ(py(&p), 716);
    CHECK_EQ(p.angle, 0x00);                       /* A's $FF -> snapped */
    p = standing(500, 712, 0);
    fill(30, 30, 46, 46, 4 | ALL);
    fill(31, 31, 46, 46, FULL | ALL);
    spg_angle_pos(&frame, &p);
    CHECK_EQ(p.angle, 0x04);
}

/* ---- the other walk modes ----------------------------------------------- */

static void test_right_wall_mode(void)
{
    spg_player p;
    setup();
    fill(50, 50, 0, 63, FULL | ALL);               /* wall from x = 800 */
    p = standing(778, 500, 0xC0);
    spg_angle_pos(&frame, &p);
    CHECK_EQ(px(&p), 780);                         /* 20 px left of it */
    CHECK_EQ(p.angle, 0xC0);
    p = standing(778, 500, 0xA1);                  /* $A1 is still wall */
    spg_angle_pos(&frame, &p);
    CHECK_EQ(px(&p), 780);
    CHECK_EQ(p.angle, 0xC0);
}

static void test_ceiling_mode(void)
{
    spg_player p;
    setup();
    fill(0, 60, 30, 30, FULL | ALL);               /* bottom at y = 495 */
    p = standing(500, 520, 0x80);
    spg_angle_pos(&frame, &p);
    CHECK_EQ(py(&p), 515);                         /* 20 px below it */
    CHECK_EQ(p.angle, 0x80);
    p = standing(500, 520, 0xA0);                  /* $A0: ceiling mode */
    spg_angle_pos(&frame, &p);
    CHECK_EQ(py(&p), 515);
    CHECK_EQ(p.angle, 0xC0);       /* flat tile: snap ($A0+$20)&$C0, not
                                      the mode's $80 */
}

static void test_left_wall_mode(void)
{
    spg_player p;
    setup();
    fill(20, 20, 0, 63, FULL | ALL);               /* right side x = 335 */
    p = standing(360, 500, 0x40);
    spg_angle_pos(&frame, &p);
    CHECK_EQ(px(&p), 355);
    CHECK_EQ(p.angle, 0x40);
    p = standing(360, 500, 0x21);                  /* $21: left wall mode */
    spg_angle_pos(&frame, &p);
    CHECK_EQ(px(&p), 355);
    p = standing(360, 500, 0x20);                  /* $20: still floor */
    spg_angle_pos(&frame, &p);
    CHECK_EQ(px(&p), 360);
    CHECK_EQ(p.status, SPG_STATUS_IN_AIR);         /* nothing below */
}

/* Walk modes only see top-solid tiles. */
static void test_walk_needs_top_solid(void)
{
    spg_player p;
    setup();
    fill(30, 50, 46, 47, FULL | SPG_CELL_SIDE_SOLID);
    p = standing(600, 712, 0);
    spg_angle_pos(&frame, &p);
    CHECK_EQ(p.status, SPG_STATUS_IN_AIR);
}

/* ---- Sonic_WalkSpeed, sub_14D48, ObjFloorDist ------------------------- */

/* Running right at 4 px/frame from x = 690 towards a wall at 704: the
 * sensor at x' + 10 = 704 is 1 px in; Sonic_Move then subtracts $100 from
 * x speed, and the move ends at 693 (11 px from the wall). */
static void test_walk_speed_wall(void)
{
    spg_player p;
    setup();
    fill(30, 50, 46, 47, FULL | ALL);
    fill(44, 44, 40, 45, FULL | ALL);              /* wall x 704..719 */
    p = standing(690, 716, 0);
    p.x_speed = 0x400;
    CHECK_EQ(spg_walk_speed(&frame, &p, 0xC0), -1);
    CHECK_EQ(frame.anglebuffer[0], 0xFF);
    CHECK_EQ(frame.anglebuffer[1], 0xC0);
    p.x_speed = 0x300;                             /* 693 + 10 = 703: free */
    CHECK_EQ(spg_walk_speed(&frame, &p, 0xC0), 0);
    /* moving left into a wall whose right side is 831 */
    fill(51, 51, 40, 45, FULL | ALL);
    p = standing(846, 716, 0);
    p.x_speed = -0x500;
    CHECK_EQ(spg_walk_speed(&frame, &p, 0x40), -1); /* 841 - 10 = 831 */
}

/* With (angle & $38) == 0 the wall sensor is 8 px below the centre
 * (y + 8 = 724), so a step 12 px high (top at 724) is a wall and one 11 px
 * high is not; with other angles the sensor is at the centre (716). */
static void test_walk_speed_low_step(void)
{
    spg_player p;
    setup();
    masks[4] = masks[FULL];
    for (int i = 0; i < 16; i++)
        masks[4].heights[i] = 12;
    spg_mask_derive_widths(&masks[4]);
    fill(30, 43, 46, 47, FULL | ALL);
    fill(44, 50, 45, 45, 4 | ALL);                 /* step from x = 704 */
    fill(44, 50, 46, 47, FULL | ALL);
    p = standing(690, 716, 0);
    p.x_speed = 0x400;
    CHECK_EQ(spg_walk_speed(&frame, &p, 0xC0), -1);  /* y 724: wall */
    CHECK_EQ(spg_walk_speed(&frame, &p, 0xC8), 31);  /* y 716: free */
    for (int i = 0; i < 16; i++)
        masks[4].heights[i] = 11;
    spg_mask_derive_widths(&masks[4]);
    CHECK_EQ(spg_walk_speed(&frame, &p, 0xC0), 31);
}

static void test_room_overhead(void)
{
    spg_player p;
    setup();
    fill(30, 50, 46, 47, FULL | ALL);
    fill(30, 50, 42, 42, FULL | ALL);              /* ceiling bottom 687 */
    p = standing(600, 716, 0);
    CHECK_EQ(spg_room_overhead(&frame, &p, 0x80), 9); /* 697 - 688 */
    CHECK_EQ(frame.anglebuffer[0], 0xFF);
    fill(30, 50, 42, 42, FULL | SPG_CELL_TOP_SOLID); /* jump-through */
    CHECK_EQ(spg_room_overhead(&frame, &p, 0x80), 9 + 16);
    /* on the ceiling (angle $80) overhead is down: the floor pair, with
     * top solidity */
    setup();
    fill(30, 50, 46, 47, FULL | SPG_CELL_TOP_SOLID);
    p = standing(600, 712, 0x80);
    CHECK_EQ(spg_room_overhead(&frame, &p, 0x00), 4);
    /* on a right wall (angle $C0) "overhead" is to the left */
    setup();
    fill(50, 50, 0, 63, FULL | ALL);
    fill(46, 46, 0, 63, FULL | ALL);               /* right side at 751 */
    p = standing(780, 500, 0xC0);
    CHECK_EQ(spg_room_overhead(&frame, &p, 0x40), 9); /* 780-19 - 752 */
    frame.anglebuffer[1] = 0;
    CHECK_EQ(spg_room_overhead(&frame, &p, 0xC0), 0);
    CHECK_EQ(frame.anglebuffer[1], 0xFF);
}

static void test_obj_floor_dist_balance_edge(void)
{
    spg_player p;
    setup();
    fill(100, 165, 46, 47, FULL | ALL);            /* right edge x = 2655 */
    p = standing(2655, 716, 0);
    frame.anglebuffer[0] = 9;
    CHECK_EQ(spg_obj_floor_dist(&frame, &p), 0);
    CHECK_EQ(frame.anglebuffer[0], 0xFF);
    p = standing(2656, 716, 0);                    /* past it: 16 >= 12 */
    CHECK_EQ(spg_obj_floor_dist(&frame, &p), 16);
    CHECK_EQ(frame.anglebuffer[0], 0);             /* cleared first */
}

/* ---- the air probes ----------------------------------------------------- */

static void test_air_wall_probes(void)
{
    spg_player p;
    spg_sensor_result r;
    setup();
    fill(44, 44, 30, 50, FULL | ALL);              /* left side at 704 */
    fill(51, 51, 30, 50, FULL | ALL);              /* right side at 831 */
    p = standing(696, 700, 0);
    r = spg_hit_wall_right(&frame, &p);
    CHECK_EQ(r.dist, -3);                          /* 696 - 3 = 693 */
    CHECK_EQ(r.angle, 0xC0);                       /* $FF -> -$40 */
    p = standing(839, 700, 0);
    r = spg_hit_wall_left(&frame, &p);
    CHECK_EQ(r.dist, -3);                          /* 839 + 3 = 842 */
    CHECK_EQ(r.angle, 0x40);
    p = standing(780, 700, 0);
    CHECK_EQ(spg_hit_wall_right(&frame, &p).dist, 25); /* reach: 2 tiles */
    /* ObjHitWallRight measures like F; ObjHitWallLeft misses the x mirror:
     * touching the wall (sensor at 832) it reports 15 instead of 0, and 3
     * px inside (829) -14 instead of -3. */
    p = standing(693, 700, 0);
    CHECK_EQ(spg_obj_hit_wall_right(&frame, &p, 10).dist, 0);
    p = standing(842, 700, 0);
    CHECK_EQ(spg_obj_hit_wall_left(&frame, &p, -10).dist, 15);
    p = standing(839, 700, 0);
    CHECK_EQ(spg_obj_hit_wall_left(&frame, &p, -10).dist, -14);
}

static void test_air_floor_ceiling_probes(void)
{
    spg_player p;
    spg_sensor_result r;
    setup();
    fill(0, 60, 46, 47, RAMP | ALL);               /* sawtooth floor */
    fill(0, 60, 40, 40, FULL | ALL);               /* ceiling bottom 655 */
    p = standing(168, 730, 0);                     /* sensors at y 744 */
    p.height_radius = 14;
    p.width_radius = 7;
    r = spg_hit_floor(&frame, &p);     /* B at 175: h 16, A at 161: h 2 */
    CHECK_EQ(r.dist, 15 - (744 & 15) - 16);
    CHECK_EQ(r.other, 15 - (744 & 15) - 2);
    CHECK_EQ(r.angle, 0xE0);
    p = standing(168, 668, 0);
    p.height_radius = 14;
    p.width_radius = 7;
    r = spg_hit_ceiling(&frame, &p);
    CHECK_EQ(r.dist, -2);                          /* 654 - 656 */
    CHECK_EQ(r.angle, 0x80);                       /* $FF -> $80 */
    CHECK_EQ(spg_obj_hit_ceiling(&frame, &p).dist, -2);
    /* a tie between A and B: the second sensor (A) brings the angle */
    masks[4] = masks[FULL];
    masks[4].angle = 0x02;
    fill(0, 60, 46, 46, 4 | ALL);
    fill(10, 10, 46, 46, FULL | ALL);
    p = standing(168, 730, 0);
    p.height_radius = 14;
    p.width_radius = 7;
    r = spg_hit_floor(&frame, &p);     /* B 175, A 161: both in tile 10 */
    CHECK_EQ(r.dist, -9);                          /* in tile 10 */
    CHECK_EQ(r.angle, 0x00);                       /* A's $FF -> 0 */
    fill(10, 10, 46, 46, 4 | ALL);
    fill(11, 11, 46, 46, FULL | ALL);
    p = standing(171, 730, 0);                     /* B 178: tile 11 */
    p.height_radius = 14;
    p.width_radius = 7;
    r = spg_hit_floor(&frame, &p);
    CHECK_EQ(r.angle, 0x02);                       /* A at 164: tile 10 */
}

int main(void)
{
    RUN(test_stand_20px_above_floor);
    RUN(test_snap_limits);
    RUN(test_on_object);
    RUN(test_bug_ramp_edge);
    RUN(test_bug_opposite_slopes);
    RUN(test_tie_goes_to_a);
    RUN(test_right_wall_mode);
    RUN(test_ceiling_mode);
    RUN(test_left_wall_mode);
    RUN(test_walk_needs_top_solid);
    RUN(test_walk_speed_wall);
    RUN(test_walk_speed_low_step);
    RUN(test_room_overhead);
    RUN(test_obj_floor_dist_balance_edge);
    RUN(test_air_wall_probes);
    RUN(test_air_floor_ceiling_probes);
    TEST_MAIN_END();
}
