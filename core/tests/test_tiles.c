/*
 * test_tiles.c - FindNearestTile, FindFloor/FindFloor2, FindWall/FindWall2
 * and spg_mask_derive_widths.
 *
 * Expected distances are worked out by hand from the original routines:
 * first tile blank or height 0 -> second tile + 16; height 16 (or inside a
 * top-down column) -> tile before - 16; a second tile gives 15 - (offset +
 * height), 15 - offset when blank, -1 - offset inside a top-down column.
 * A distance is "last free pixel - sensor", so 0 means touching.
 */
#include <string.h>

#include "tiles.h"
#include "test.h"

#define MAP_W 64
#define MAP_H 16
#include "tile_fixture.h"


enum { FULL = 1, RAMP = 2, CEIL4 = 3, HALFGAP = 4, RAMP_DOWN = 5 };

static void setup(void)
{
    int i;
    tile_fixture_reset();
    for (i = 0; i < 16; i++) {
        masks[FULL].heights[i] = 16;
        masks[RAMP].heights[i] = (int8_t)(i + 1);      /* rises to the right */
        masks[CEIL4].heights[i] = -4;                  /* top 4 rows solid */
        masks[HALFGAP].heights[i] = (int8_t)(i < 8 ? 0 : 16);
        masks[RAMP_DOWN].heights[i] = (int8_t)(16 - i);
    }
    masks[FULL].angle = 0xFF;
    masks[RAMP].angle = 0xE0;
    masks[CEIL4].angle = 0x80;
    masks[HALFGAP].angle = 0x10;
    masks[RAMP_DOWN].angle = 0x20;
    for (i = 1; i < 6; i++)
        spg_mask_derive_widths(&masks[i]);
}

static void put(int tx, int ty, uint16_t cell)
{
    cells[ty * MAP_W + tx] = cell;
}

static spg_sensor sensor(int x, int y, uint16_t solid, int step, uint16_t flip)
{
    spg_sensor s;
    s.x = (int16_t)x;
    s.y = (int16_t)y;
    s.solid = solid;
    s.step = (int16_t)step;
    s.flip = flip;
    s.secondary = 0;
    return s;
}

static int16_t floor_at(int x, int y, uint8_t *angle)
{
    return spg_find_floor(&frame, sensor(x, y, SPG_CELL_TOP_SOLID, 16, 0),
                          angle);
}

/* ---- FindNearestTile ------------------------------------------------- */

static void test_nearest_tile_wrap(void)
{
    setup();
    put(2, 5, FULL | ALL);
    CHECK_EQ(spg_find_nearest_tile(&frame, 32, 80), FULL | ALL);
    CHECK_EQ(spg_find_nearest_tile(&frame, 47, 95), FULL | ALL);
    CHECK_EQ(spg_find_nearest_tile(&frame, 48, 95), 0);
    /* y wraps every 128 tiles (2048 px) */
    CHECK_EQ(spg_find_nearest_tile(&frame, 40, 80 + 2048), FULL | ALL);
    CHECK_EQ(spg_find_nearest_tile(&frame, 40, 80 - 2048), FULL | ALL);
    /* x: chunk column (x >> 8) & $7F; columns $40..$7F are the background
     * half of the layout row (empty); x >= 32768 wraps to the level. */
    CHECK_EQ(spg_find_nearest_tile(&frame, 40 + 16384, 80), 0);
    CHECK_EQ(spg_find_nearest_tile(&frame, 40 - 32768, 80), FULL | ALL);
    CHECK_EQ(spg_find_nearest_tile(&frame, -1, 80), 0);
}

/* ---- FindFloor -------------------------------------------------------- */

static void test_floor_extension(void)
{
    uint8_t a = 0x55;
    setup();
    put(2, 5, FULL | ALL); /* y 80..95 */
    CHECK_EQ(floor_at(40, 70, &a), 9);   /* 79 - 70 */
    CHECK_EQ(a, 0xFF);
    CHECK_EQ(floor_at(40, 79, &a), 0);
    a = 0x55;
    CHECK_EQ(floor_at(40, 40, &a), 23);  /* nothing: far edge of the next tile */
    CHECK_EQ(a, 0x55);                   /* no solid tile, no angle */
}

static void test_floor_regression(void)
{
    uint8_t a = 0;
    setup();
    put(2, 5, FULL | ALL);
    CHECK_EQ(floor_at(40, 80, &a), -1);
    CHECK_EQ(floor_at(40, 85, &a), -6);
    put(2, 6, FULL | ALL);               /* two stacked: regression reaches */
    CHECK_EQ(floor_at(40, 100, &a), -21); /* the upper tile's height 16 */
    CHECK_EQ(floor_at(40, 110, &a), -31);
}

static void test_floor_slope_and_flips(void)
{
    uint8_t a = 0;
    setup();
    put(4, 5, RAMP | ALL);                         /* x 64..79 */
    CHECK_EQ(floor_at(69, 85, &a), 4);             /* column 5: h = 6 */
    CHECK_EQ(a, 0xE0);
    put(4, 5, RAMP | ALL | SPG_CELL_XFLIP);        /* column 15 - 5: h = 11 */
    CHECK_EQ(floor_at(69, 85, &a), -1);
    CHECK_EQ(a, 0x20);                             /* -$E0 */
    put(4, 5, RAMP | ALL | SPG_CELL_YFLIP);        /* h = -6: rows 80..85 */
    CHECK_EQ(floor_at(69, 85, &a), -6);            /* inside: regression */
    CHECK_EQ(a, 0xA0);                             /* -($E0 + $40) - $40 */
    CHECK_EQ(floor_at(69, 88, &a), 23);            /* below it: seen as blank */
    put(4, 5, RAMP | ALL | SPG_CELL_XFLIP | SPG_CELL_YFLIP);
    CHECK_EQ(floor_at(69, 85, &a), 79 - 85);       /* h = -11, inside */
    CHECK_EQ(a, 0x60);                             /* $E0 + $80 */
}

static void test_floor_solidity(void)
{
    uint8_t a = 0;
    setup();
    put(2, 5, FULL | SPG_CELL_SIDE_SOLID);
    CHECK_EQ(floor_at(40, 70, &a), 25);            /* not top-solid: blank */
    CHECK_EQ(spg_find_floor(&frame, sensor(40, 70, SPG_CELL_SIDE_SOLID, 16, 0),
                            &a), 9);
    put(2, 5, FULL | SPG_CELL_TOP_SOLID);
    CHECK_EQ(floor_at(40, 70, &a), 9);
    CHECK_EQ(spg_find_wall(&frame, sensor(20, 85, SPG_CELL_SIDE_SOLID, 16, 0),
                           &a), 27);               /* walls ignore it */
    put(2, 5, ALL);                                /* mask 0: empty */
    CHECK_EQ(floor_at(40, 70, &a), 25);
    put(2, 5, 7 | ALL);                            /* all-zero mask 7 */
    CHECK_EQ(floor_at(40, 70, &a), 25);
}

/* Height 0 under the sensor: the tile's angle is written anyway, then the
 * sensor looks at the next tile. */
static void test_floor_empty_column_keeps_angle(void)
{
    uint8_t a = 0x77;
    setup();
    put(2, 5, HALFGAP | ALL);
    CHECK_EQ(floor_at(35, 85, &a), 26);            /* next tile blank: 15-5+16 */
    CHECK_EQ(a, 0x10);
    CHECK_EQ(floor_at(43, 85, &a), -6);            /* column 11: h = 16 */
}

static void test_floor_negative_heights(void)
{
    uint8_t a = 0;
    setup();
    put(2, 5, CEIL4 | ALL);                        /* rows 80..83 solid */
    /* FindFloor2 sees a top-down column only when the point is inside it */
    CHECK_EQ(floor_at(40, 66, &a), 13);            /* 82 inside: not 2 + 16 */
    CHECK_EQ(floor_at(40, 70, &a), 25);            /* 86 below it: blank */
    CHECK_EQ(floor_at(40, 68, &a), 27);            /* 84: first free row */
    CHECK_EQ(floor_at(40, 83, &a), -4);            /* 83: inside, regress */
    CHECK_EQ(floor_at(40, 84, &a), 27);            /* 84 in the first tile */
    /* the ceiling sensor: y ^ $F, a3 = -16, d6 = $1000 makes h = +4 */
    CHECK_EQ(spg_find_floor(&frame, sensor(40, 90 ^ 0xF, SPG_CELL_SIDE_SOLID,
                                           -16, SPG_CELL_YFLIP), &a), 6);
    CHECK_EQ(spg_find_floor(&frame, sensor(40, 82 ^ 0xF, SPG_CELL_SIDE_SOLID,
                                           -16, SPG_CELL_YFLIP), &a), -2);
}

/*
 * Heights and widths are bytes in the original's collision arrays, and
 * any byte -128..127 goes through FindFloor / FindWall as the 68000 code
 * has it: move.b + ext.w (the sign kept), neg.w for a flip (so -128
 * becomes +128, not -128 again), cmpi.b #$10 (only 16 regresses), and
 * word arithmetic for 15 - (offset + h).
 */
enum { TALL = 6, WIDE = 7 };

static void test_floor_full_byte_range(void)
{
    uint8_t a = 0;
    setup();
    masks[TALL].heights[0] = 127;
    masks[TALL].heights[1] = -128;
    masks[TALL].heights[2] = 17;
    masks[TALL].heights[3] = -17;
    masks[TALL].heights[4] = 100;
    masks[TALL].angle = 0x10;
    put(2, 5, TALL | ALL);                         /* x 32..47, y 80..95 */
    CHECK_EQ(floor_at(32, 85, &a), 15 - (5 + 127)); /* -117, no regression */
    CHECK_EQ(a, 0x10);
    CHECK_EQ(floor_at(32, 70, &a), 15 - (6 + 127) + 16); /* extension */
    CHECK_EQ(floor_at(34, 80, &a), 15 - 17);       /* taller than a tile */
    CHECK_EQ(floor_at(34, 85, &a), 15 - 22);
    /* -128 and -17: the sensor is always inside, so regression ... */
    CHECK_EQ(floor_at(33, 85, &a), (15 - 5) - 16);
    CHECK_EQ(floor_at(35, 85, &a), (15 - 5) - 16);
    /* ... and in FindFloor2, not.w of the offset */
    CHECK_EQ(floor_at(33, 70, &a), -1 - 6 + 16);
    CHECK_EQ(floor_at(35, 70, &a), -1 - 6 + 16);
    /* y-flip: neg.w makes -128 into +128, a positive height that is not
     * $10 as a byte, so no regression: 15 - (5 + 128) */
    put(2, 5, TALL | ALL | SPG_CELL_YFLIP);
    CHECK_EQ(floor_at(33, 85, &a), 15 - (5 + 128));
    /* ... and 127 into -127: inside, regression */
    CHECK_EQ(floor_at(32, 85, &a), (15 - 5) - 16);
    /* x-flip reads column 15 - 11 = 4 (100) and negates the angle */
    put(2, 5, TALL | ALL | SPG_CELL_XFLIP);
    CHECK_EQ(floor_at(43, 85, &a), 15 - (5 + 100));
    CHECK_EQ(a, 0xF0);
    /* a ceiling sensor (d6 = $1000) on the plain tile sees -127 */
    put(2, 5, TALL | ALL);
    CHECK_EQ(spg_find_floor(&frame, sensor(32, 90 ^ 0xF, SPG_CELL_SIDE_SOLID,
                                           -16, SPG_CELL_YFLIP), &a),
             (15 - 5) - 16);
}

static void test_wall_full_byte_range(void)
{
    uint8_t a = 0;
    setup();
    masks[WIDE].widths[5] = -128;
    masks[WIDE].widths[6] = 127;
    masks[WIDE].angle = 0xC0;
    put(6, 5, WIDE | ALL);                         /* x 96..111 */
    CHECK_EQ(spg_find_wall(&frame, sensor(100, 86, SPG_CELL_SIDE_SOLID, 16, 0),
                           &a), 15 - (4 + 127));
    CHECK_EQ(a, 0xC0);
    CHECK_EQ(spg_find_wall(&frame, sensor(100, 85, SPG_CELL_SIDE_SOLID, 16, 0),
                           &a), (15 - 4) - 16);    /* inside: regression */
    /* x-flip: neg.w, -128 -> +128 */
    put(6, 5, WIDE | ALL | SPG_CELL_XFLIP);
    CHECK_EQ(spg_find_wall(&frame, sensor(100, 85, SPG_CELL_SIDE_SOLID, 16, 0),
                           &a), 15 - (4 + 128));
    CHECK_EQ(a, 0x40);
    /* the leftward sensor (d6 = $800) on the flipped tile: back to -128 */
    CHECK_EQ(spg_find_wall(&frame, sensor(100 ^ 0xF, 85, SPG_CELL_SIDE_SOLID,
                                          -16, SPG_CELL_XFLIP), &a),
             (15 - 11) - 16);
}

/* ---- FindWall --------------------------------------------------------- */

static void test_wall_both_directions(void)
{
    uint8_t a = 0;
    setup();
    put(6, 5, FULL | ALL);                         /* x 96..111 */
    CHECK_EQ(spg_find_wall(&frame, sensor(90, 85, SPG_CELL_SIDE_SOLID, 16, 0),
                           &a), 5);                /* 95 - 90 */
    CHECK_EQ(spg_find_wall(&frame, sensor(100, 85, SPG_CELL_SIDE_SOLID, 16, 0),
                           &a), -5);
    CHECK_EQ(spg_find_wall(&frame, sensor(120 ^ 0xF, 85, SPG_CELL_SIDE_SOLID,
                                          -16, SPG_CELL_XFLIP), &a), 8);
    CHECK_EQ(spg_find_wall(&frame, sensor(108 ^ 0xF, 85, SPG_CELL_SIDE_SOLID,
                                          -16, SPG_CELL_XFLIP), &a), -4);
}

static void test_wall_ramp_widths_and_flips(void)
{
    uint8_t a = 0;
    setup();
    /* RAMP widths are 1..16 from the top: row 5 is 6 wide at the right */
    put(4, 5, RAMP | ALL);                         /* x 64..79, y 80..95 */
    CHECK_EQ(spg_find_wall(&frame, sensor(66, 85, SPG_CELL_SIDE_SOLID, 16, 0),
                           &a), 73 - 66);
    CHECK_EQ(a, 0xE0);
    /* y-flip reads row 15 - 5 = 10 (11 wide) and mirrors the angle */
    put(4, 5, RAMP | ALL | SPG_CELL_YFLIP);
    CHECK_EQ(spg_find_wall(&frame, sensor(66, 85, SPG_CELL_SIDE_SOLID, 16, 0),
                           &a), 68 - 66);
    CHECK_EQ(a, 0xA0);
    /* x-flip: the 6 solid pixels are at the left, width -6 */
    put(4, 5, RAMP | ALL | SPG_CELL_XFLIP);
    CHECK_EQ(spg_find_wall(&frame, sensor(66, 85, SPG_CELL_SIDE_SOLID, 16, 0),
                           &a), -3);               /* inside: regression */
    CHECK_EQ(a, 0x20);
    CHECK_EQ(spg_find_wall(&frame, sensor(72, 85, SPG_CELL_SIDE_SOLID, 16, 0),
                           &a), 23);               /* right of it: blank */
}

/* ---- spg_mask_derive_widths ------------------------------------------- */

static void test_derive_widths(void)
{
    spg_mask m;
    int i;
    memset(&m, 0, sizeof m);
    for (i = 0; i < 16; i++)
        m.heights[i] = (int8_t)(16 - i);           /* falls to the right */
    spg_mask_derive_widths(&m);
    for (i = 0; i < 15; i++)
        CHECK_EQ(m.widths[i], -(i + 1));           /* left pixel solid */
    CHECK_EQ(m.widths[15], 16);
    for (i = 0; i < 16; i++)
        m.heights[i] = (int8_t)(i < 8 ? 0 : 16);
    spg_mask_derive_widths(&m);
    for (i = 0; i < 16; i++)
        CHECK_EQ(m.widths[i], 8);
    for (i = 0; i < 16; i++)
        m.heights[i] = -4;
    spg_mask_derive_widths(&m);
    CHECK_EQ(m.widths[3], 16);
    CHECK_EQ(m.widths[4], 0);
    /* mixed: column 0 from the top (3), the rest from the bottom (2) */
    m.heights[0] = -3;
    for (i = 1; i < 16; i++)
        m.heights[i] = 2;
    spg_mask_derive_widths(&m);
    CHECK_EQ(m.widths[0], -1);
    CHECK_EQ(m.widths[2], -1);
    CHECK_EQ(m.widths[3], 0);
    CHECK_EQ(m.widths[14], 15);
    CHECK_EQ(m.widths[15], 15);
}

int main(void)
{
    RUN(test_nearest_tile_wrap);
    RUN(test_floor_extension);
    RUN(test_floor_regression);
    RUN(test_floor_slope_and_flips);
    RUN(test_floor_solidity);
    RUN(test_floor_empty_column_keeps_angle);
    RUN(test_floor_negative_heights);
    RUN(test_floor_full_byte_range);
    RUN(test_wall_full_byte_range);
    RUN(test_wall_both_directions);
    RUN(test_wall_ramp_widths_and_flips);
    RUN(test_derive_widths);
    TEST_MAIN_END();
}
