/*
 * sensors.c - the player's tile sensors (Sonic 1): Sonic_AnglePos with its
 * four walk modes, Sonic_Angle, Sonic_WalkSpeed, sub_14D48 (room overhead),
 * ObjFloorDist, and the probes Sonic_Floor uses in the air.
 *
 * Guide names: A and B are the ground sensors (A on the left, B on the
 * right in floor mode), C and D the ceiling sensors, E and F the wall
 * sensors (left and right).  A pair runs one sensor first, writing its
 * angle to v_anglebuffer (anglebuffer[0]), then the other, writing
 * v_anglebuffer2: x + w first on floors and ceilings, y - w first on walls.
 * A sensor that meets no solid tile leaves its buffer as it was, which is
 * why the buffers are part of the frame.
 */
#include "anim.h"
#include "tiles.h"

/* The player's centre pixel and radii, as the routines load them (the
 * radii with ext.w of the byte). */
static int16_t px(const spg_player *p) { return m68k_hiw(p->x); }
static int16_t py(const spg_player *p) { return m68k_hiw(p->y); }
static int16_t hr(const spg_player *p) { return m68k_extw(p->height_radius); }
static int16_t wr(const spg_player *p) { return m68k_extw(p->width_radius); }

/* A sensor of player p at (x, y): `side` 0 tests the cell bit of the
 * floor (d5 = top_solid_bit), 1 that of walls and ceilings (d5 =
 * lrb_solid_bit); the game's routine table turns the bit number into a
 * cell bit and says which collision path's masks the player reads. */
static spg_sensor sensor(const spg_frame *f, const spg_player *p, int16_t x,
                         int16_t y, int side, int16_t step, uint16_t flip)
{
    const spg_routines *rt = spg_routines_get(f->profile);
    spg_sensor s;
    s.x = x;
    s.y = y;
    s.solid = rt->solid_bit(p, side);
    s.step = step;
    s.flip = flip;
    s.secondary = (uint8_t)rt->secondary_path(p);
    return s;
}

/* Sensors looking down / right / up / left from (x, y).  Upward and
 * leftward sensors mirror the coordinate inside its tile (eori.w #$F):
 * with a3 = -16 and d6 flipping the height, FindFloor then measures a
 * ceiling exactly as it measures a floor. */
static spg_sensor down(const spg_frame *f, const spg_player *p, int16_t x,
                       int16_t y, int side)
{
    return sensor(f, p, x, y, side, 16, 0);
}
static spg_sensor right(const spg_frame *f, const spg_player *p, int16_t x,
                        int16_t y, int side)
{
    return sensor(f, p, x, y, side, 16, 0);
}
static spg_sensor up(const spg_frame *f, const spg_player *p, int16_t x,
                     int16_t y, int side)
{
    return sensor(f, p, x, (int16_t)(y ^ 0xF), side, -16, SPG_CELL_YFLIP);
}
static spg_sensor left(const spg_frame *f, const spg_player *p, int16_t x,
                       int16_t y, int side)
{
    return sensor(f, p, (int16_t)(x ^ 0xF), y, side, -16, SPG_CELL_XFLIP);
}

enum { TOP = 0, SIDE = 1 };

/*
 * The two sensors of a pair, then loc_14DD0: the nearer distance wins
 * (ties go to the second sensor) and brings its angle; an odd angle (the
 * $FF of flat tiles) is replaced by the pair's direction `dir`.
 */
static spg_sensor_result pair(spg_frame *f, spg_sensor first,
                              spg_sensor second, int vertical, uint8_t dir)
{
    spg_sensor_result r;
    int16_t d0, d1;

    if (vertical) {
        d0 = spg_find_floor(f, first, &f->anglebuffer[0]);
        d1 = spg_find_floor(f, second, &f->anglebuffer[1]);
    } else {
        d0 = spg_find_wall(f, first, &f->anglebuffer[0]);
        d1 = spg_find_wall(f, second, &f->anglebuffer[1]);
    }
    r.angle = f->anglebuffer[1];
    r.dist = d1;
    r.other = d0;
    if (d1 > d0) {
        r.angle = f->anglebuffer[0];
        r.dist = d0;
        r.other = d1;
    }
    if (r.angle & 1)
        r.angle = dir;
    return r;
}

/* A single sensor (loc_14E0A): its angle from anglebuffer[0], odd ->
 * `dir`. */
static spg_sensor_result single(spg_frame *f, spg_sensor s, int vertical,
                                uint8_t dir)
{
    spg_sensor_result r;

    r.dist = vertical ? spg_find_floor(f, s, &f->anglebuffer[0])
                      : spg_find_wall(f, s, &f->anglebuffer[0]);
    r.other = r.dist;
    r.angle = f->anglebuffer[0];
    if (r.angle & 1)
        r.angle = dir;
    return r;
}

/* ---- the probes (Sonic_Floor, sub_14D48) ------------------------------ */

/* Sonic_HitFloor: ground sensors B (x + w) then A (x - w) at y + h, top
 * solidity. */
spg_sensor_result spg_hit_floor(spg_frame *f, const spg_player *p)
{
    int16_t y = m68k_addw(py(p), hr(p));
    return pair(f, down(f, p, m68k_addw(px(p), wr(p)), y, TOP),
                down(f, p, m68k_subw(px(p), wr(p)), y, TOP), 1, 0x00);
}

/* Sonic_DontRunOnWalls: ceiling sensors D (x + w) then C (x - w) at
 * y - h, side solidity. */
spg_sensor_result spg_hit_ceiling(spg_frame *f, const spg_player *p)
{
    int16_t y = m68k_subw(py(p), hr(p));
    return pair(f, up(f, p, m68k_addw(px(p), wr(p)), y, SIDE),
                up(f, p, m68k_subw(px(p), wr(p)), y, SIDE), 1, 0x80);
}

/* Sonic_HitWall: wall sensor E, one point at x - 10 (the guide's line
 * from x - 10 to x + 10 is two sensors). */
spg_sensor_result spg_hit_wall_left(spg_frame *f, const spg_player *p)
{
    return single(f, left(f, p, m68k_subw(px(p), 10), py(p), SIDE), 0, 0x40);
}

/* sub_14EB4: wall sensor F at x + 10. */
spg_sensor_result spg_hit_wall_right(spg_frame *f, const spg_player *p)
{
    return single(f, right(f, p, m68k_addw(px(p), 10), py(p), SIDE), 0, 0xC0);
}

/* loc_14FD6 / sub_14E50: a wall pair at x - h / x + h, rows y - w and
 * y + w (sub_14D48 on a wall). */
static spg_sensor_result wall_pair(spg_frame *f, const spg_player *p,
                                   int to_right)
{
    int16_t y0 = m68k_subw(py(p), wr(p)), y1 = m68k_addw(py(p), wr(p));
    if (to_right) {
        int16_t x = m68k_addw(px(p), hr(p));
        return pair(f, right(f, p, x, y0, SIDE), right(f, p, x, y1, SIDE), 0, 0xC0);
    } else {
        int16_t x = m68k_subw(px(p), hr(p));
        return pair(f, left(f, p, x, y0, SIDE), left(f, p, x, y1, SIDE), 0, 0x40);
    }
}

/*
 * sub_14D48 (the guide's "room overhead" check before a jump, called with
 * the ground angle + $80).  Both angle buffers take the angle first.  The
 * quadrant is a plain (angle + $20) & $C0; quadrant 0 falls through into
 * Sonic_HitFloor, which tests top solidity unlike the other three.
 */
int16_t spg_room_overhead(spg_frame *f, const spg_player *p, uint8_t angle)
{
    f->anglebuffer[0] = angle;
    f->anglebuffer[1] = angle;
    switch ((uint8_t)(angle + 0x20) & 0xC0) {
    case 0x40:
        return wall_pair(f, p, 0).dist;
    case 0x80:
        return spg_hit_ceiling(f, p).dist;
    case 0xC0:
        return wall_pair(f, p, 1).dist;
    default:
        return spg_hit_floor(f, p).dist;
    }
}

/*
 * The walk mode of a ground angle (Sonic_AnglePos, Sonic_WalkSpeed): the
 * angle is rounded before (a + $20) & $C0 so that the boundaries fall on
 * the floor / ceiling side: $E0..$20 floor, $21..$5F left wall mode ($40),
 * $60..$A0 ceiling, $A1..$DF right wall mode ($C0).  The original tests
 * the sign bits (bpl) of a + $20 and of a: a negative angle byte gets the
 * extra 1.
 */
static uint8_t walk_mode(uint8_t a)
{
    uint8_t d0;

    if ((uint8_t)(a + 0x20) < 0x80)
        d0 = (uint8_t)(a + ((a & 0x80) ? 1 : 0) + 0x1F);
    else
        d0 = (uint8_t)(a - ((a & 0x80) ? 1 : 0) + 0x20);
    return d0 & 0xC0;
}

/*
 * Sonic_WalkSpeed: one sensor at the position after this frame's move
 * (position + speed << 8, then the pixel words), 10 px out in direction
 * `angle`, side solidity.  Wall directions on near-cardinal angles
 * ((angle & $38) == 0) probe 8 px lower, so low steps are walls but
 * slopes are not.
 */
int16_t spg_walk_speed(spg_frame *f, const spg_player *p, uint8_t angle)
{
    int16_t x = m68k_hiw(m68k_addl(p->x, m68k_asll(p->x_speed, 8)));
    int16_t y = m68k_hiw(m68k_addl(p->y, m68k_asll(p->y_speed, 8)));
    uint8_t mode = walk_mode(angle);

    f->anglebuffer[0] = angle;
    f->anglebuffer[1] = angle;
    if (mode == 0x00)
        return single(f, down(f, p, x, m68k_addw(y, 10), SIDE), 1, 0x00).dist;
    if (mode == 0x80)
        return single(f, up(f, p, x, m68k_subw(y, 10), SIDE), 1, 0x80).dist;
    if ((angle & 0x38) == 0)
        y = m68k_addw(y, 8);
    if (mode == 0x40)
        return single(f, left(f, p, m68k_subw(x, 10), y, SIDE), 0, 0x40).dist;
    return single(f, right(f, p, m68k_addw(x, 10), y, SIDE), 0, 0xC0).dist;
}

/* ObjFloorDist: one downward sensor below the centre (y + h), top
 * solidity, its buffer cleared first (Sonic_Move's balance check). */
int16_t spg_obj_floor_dist(spg_frame *f, const spg_player *p)
{
    return spg_floor_edge_at(f, p, px(p));
}

/* ChkFloorEdge_Part2 (Sonic 2): the same probe at pixel column x (the
 * second balance probe, x -/+ 6). */
int16_t spg_floor_edge_at(spg_frame *f, const spg_player *p, int16_t x)
{
    f->anglebuffer[0] = 0;
    return spg_find_floor(f, down(f, p, x, m68k_addw(py(p), hr(p)), TOP),
                          &f->anglebuffer[0]);
}

/* ---- single probes at a given point (Sonic & Knuckles' Knuckles) ------- */

/*
 * The S&K probes Knuckles' glide, grab and climb call with a point they
 * compute themselves (a floor probe at (x, y): sub_F828 / the FindFloor of
 * ChkFloorEdge_Part3; a ceiling probe: CheckCeilingDist_WithRadius's
 * FindFloor upwards; a wall probe: loc_FAA4 / loc_FDC8), one sensor each,
 * writing Primary_Angle (anglebuffer[0]) only when it meets a solid
 * tile: the caller clears the buffer first where the original does.
 * Floors test top solidity, walls and ceilings the side bit (d5 =
 * lrb_solid_bit).  The result's angle is the buffer, odd -> the probe's
 * direction (loc_F81A: 0, $80, $C0, $40).
 */
spg_sensor_result spg_floor_probe(spg_frame *f, const spg_player *p,
                                  int16_t x, int16_t y)
{
    return single(f, down(f, p, x, y, TOP), 1, 0x00);
}

spg_sensor_result spg_ceiling_probe(spg_frame *f, const spg_player *p,
                                    int16_t x, int16_t y)
{
    return single(f, up(f, p, x, y, SIDE), 1, 0x80);
}

spg_sensor_result spg_wall_probe(spg_frame *f, const spg_player *p,
                                 int16_t x, int16_t y, int to_right)
{
    if (to_right)
        return single(f, right(f, p, x, y, SIDE), 0, 0xC0);
    return single(f, left(f, p, x, y, SIDE), 0, 0x40);
}

/* CheckLeftCeilingDist / CheckRightCeilingDist: the wall pair at x -/+ the
 * height radius, rows y - w then y + w (sub_14D48's on a wall), without
 * CalcRoomOverHead's buffer preset. */
spg_sensor_result spg_hit_wall_pair(spg_frame *f, const spg_player *p,
                                    int to_right)
{
    return wall_pair(f, p, to_right);
}

/* Sonic 1's Sonic_AnglePos leaves the ground beyond a flat 14 px. */
int16_t spg_snap_limit_sonic1(const spg_player *p, int horizontal)
{
    (void)p;
    (void)horizontal;
    return 14;
}

/*
 * ObjHitWallRight / ObjHitWallLeft / ObjHitCeiling: the generic object
 * probes (d3 = x offset for the walls).  ObjHitWallLeft keeps the
 * original's bug: it does not mirror x inside the tile (no eori.w #$F), so
 * left walls are measured from the wrong edge.
 */
spg_sensor_result spg_obj_hit_wall_right(spg_frame *f, const spg_player *p,
                                         int16_t dx)
{
    f->anglebuffer[0] = 0;
    return single(f, right(f, p, m68k_addw(px(p), dx), py(p), SIDE), 0, 0xC0);
}

spg_sensor_result spg_obj_hit_wall_left(spg_frame *f, const spg_player *p,
                                        int16_t dx)
{
    spg_sensor s = sensor(f, p, m68k_addw(px(p), dx), py(p), SIDE, -16,
                          SPG_CELL_XFLIP);
    f->anglebuffer[0] = 0;
    return single(f, s, 0, 0x40);
}

spg_sensor_result spg_obj_hit_ceiling(spg_frame *f, const spg_player *p)
{
    return single(f, up(f, p, px(p), m68k_subw(py(p), hr(p)), SIDE), 1, 0x80);
}

/* ---- Sonic_AnglePos ----------------------------------------------------- */

/*
 * Sonic_Angle: the nearer of the two ground sensors (ties: the second)
 * gives the new ground angle; an odd angle (flat tile, or the buffer's 3
 * when the sensor found nothing) snaps the current angle to its quadrant
 * instead.  Returns the chosen distance.
 */
int16_t spg_sonic_angle(spg_frame *f, spg_player *p, int16_t d0,
                        int16_t d1)
{
    uint8_t a = f->anglebuffer[1];

    if (d1 > d0) {
        a = f->anglebuffer[0];
        d1 = d0;
    }
    if (a & 1)
        a = (uint8_t)((p->angle + 0x20) & 0xC0);
    p->angle = a;
    return d1;
}

/* Add d to the pixel word of x (horizontal) or y, keeping the subpixel. */
static void nudge(spg_player *p, int horizontal, int16_t d)
{
    if (horizontal)
        p->x = m68k_sethiw(p->x, m68k_addw(px(p), d));
    else
        p->y = m68k_sethiw(p->y, m68k_addw(py(p), d));
}

/*
 * Sonic_AnglePos.  On an object: both buffers 0, nothing else.  Otherwise
 * both buffers 3 ("nothing found", odd), then the two ground sensors of the
 * walk mode, 16 px beyond the feet at most (one extension):
 *   floor:      B (x + w) then A (x - w) at y + h, down; y += d
 *   right wall: y - w then y + w at x + h, right;          x += d
 *   ceiling:    x + w then x - w at y - h, up;             y -= d
 *   left wall:  y - w then y + w at x - h, left;           x -= d
 * all with top solidity.  With the chosen distance d: -14 <= d <= 14
 * snaps to the surface; d < -14 (deep inside) does nothing; d > 14 (the
 * game's snap_limit: 14 in Sonic 1, speed-dependent in Sonic 2) leaves
 * the ground: in-air set, pushing cleared, and obPrevAni set to id_Run so
 * that the next Sonic_Animate sees a new animation and restarts the walk
 * (obAnim is usually id_Walk here), unless the stick-to-convex flag is
 * set: then it snaps all the same.
 */
void spg_angle_pos(spg_frame *f, spg_player *p)
{
    const spg_routines *rt = spg_routines_get(f->profile);
    int16_t d0, d1, w = wr(p), h = hr(p);
    uint8_t mode;
    int horizontal = 0, negate = 0;

    if (p->status & SPG_STATUS_ON_OBJECT) {
        f->anglebuffer[0] = 0;
        f->anglebuffer[1] = 0;
        return;
    }
    f->anglebuffer[0] = 3;
    f->anglebuffer[1] = 3;
    mode = walk_mode(p->angle);
    if (mode == 0x00) {
        int16_t y = m68k_addw(py(p), h);
        d0 = spg_find_floor(f, down(f, p, m68k_addw(px(p), w), y, TOP),
                            &f->anglebuffer[0]);
        d1 = spg_find_floor(f, down(f, p, m68k_subw(px(p), w), y, TOP),
                            &f->anglebuffer[1]);
    } else if (mode == 0xC0) {
        int16_t x = m68k_addw(px(p), h);
        d0 = spg_find_wall(f, right(f, p, x, m68k_subw(py(p), w), TOP),
                           &f->anglebuffer[0]);
        d1 = spg_find_wall(f, right(f, p, x, m68k_addw(py(p), w), TOP),
                           &f->anglebuffer[1]);
        horizontal = 1;
    } else if (mode == 0x80) {
        int16_t y = m68k_subw(py(p), h);
        d0 = spg_find_floor(f, up(f, p, m68k_addw(px(p), w), y, TOP),
                            &f->anglebuffer[0]);
        d1 = spg_find_floor(f, up(f, p, m68k_subw(px(p), w), y, TOP),
                            &f->anglebuffer[1]);
        negate = 1;
    } else {
        int16_t x = m68k_subw(px(p), h);
        d0 = spg_find_wall(f, left(f, p, x, m68k_subw(py(p), w), TOP),
                           &f->anglebuffer[0]);
        d1 = spg_find_wall(f, left(f, p, x, m68k_addw(py(p), w), TOP),
                           &f->anglebuffer[1]);
        horizontal = 1;
        negate = 1;
    }
    d1 = rt->sonic_angle(f, p, d0, d1);
    if (d1 == 0 || d1 < -14)
        return;
    if (d1 > rt->snap_limit(p, horizontal) && !spg_sticks_to_convex(p)) {
        p->status |= SPG_STATUS_IN_AIR;
        p->status &= (uint8_t)~SPG_STATUS_PUSHING;
        p->prev_anim = SPG_ANIM_RUN;
        return;
    }
    nudge(p, horizontal, negate ? m68k_negw(d1) : d1);
}
