/*
 * internal.h - what the core's modules share and nobody outside sees.
 *
 * The modules follow the original Sonic 1 player code routine by routine.
 * Each C function says in its comment which original routine it
 * reproduces; names follow the Sonic Physics Guide where it has a name.
 *
 *   m68k.h       68000 arithmetic: word wrap, asr rounding, muls.w
 *   trig.c       sine and angle tables, CalcSine, CalcAngle
 *   tiles.c      FindNearestTile, FindFloor/FindFloor2, FindWall/FindWall2
 *   sensors.c    Sonic_AnglePos and the four walk modes, Sonic_Angle,
 *                Sonic_WalkSpeed, CalcRoomOverHead, ObjFloorDist, and the
 *                airborne probes Sonic_Floor uses
 *   landing.c    Sonic_Floor (airborne collision) and Sonic_ResetOnFloor
 *   ground.c     Sonic_Move, Sonic_SlopeResist, Sonic_SlopeRepel
 *   roll.c       Sonic_Roll, Sonic_RollSpeed, Sonic_RollRepel
 *   air.c        Sonic_Jump, Sonic_JumpHeight, Sonic_JumpDirection,
 *                Sonic_JumpAngle, ObjectFall
 *   player.c     spg_step: Sonic_Control and the mode routines, SpeedToPos,
 *                Sonic_LevelBound
 *   anim.c       Sonic_Animate and Sonic's animation scripts (anim.h)
 *   profile.c    game profiles, defaults
 */
#ifndef SPG_INTERNAL_H
#define SPG_INTERNAL_H

#include "spg/spg.h"
#include "m68k.h"

/*
 * Everything one frame works on besides the player object.  anglebuffer is
 * the original's v_anglebuffer / v_anglebuffer2 (RAM bytes the ground
 * sensors write their angles to); at the end of Sonic_Control they are
 * copied into the object ($36/$37), so a frame starts with them equal to
 * player->angle_buffer_1/2.
 */
typedef struct spg_frame {
    const spg_profile *profile;
    const spg_map *map;
    spg_input input;          /* v_jpadhold2 / v_jpadpress2 */
    uint8_t anglebuffer[2];   /* v_anglebuffer, v_anglebuffer2 */
} spg_frame;

/* ---- trig.c ------------------------------------------------------------ */

/** CalcSine: sine and cosine of a byte angle, 8.8 (256 = 1.0). */
void spg_calc_sine(uint8_t angle, int16_t *sine, int16_t *cosine);

/** CalcAngle: the byte angle of the vector (x, y); (0,0) gives $40. */
uint8_t spg_calc_angle(int16_t x, int16_t y);

/** The generated tables, for the unit tests: 320 sine words (cosine of a is
 *  entry a + $40) and 257 arctangent bytes. */
extern const int16_t spg_sine_table[320];
extern const uint8_t spg_angle_table[257];

/* ---- sensors.c (ground and probe sensors) ------------------------------ */

/** Sonic_AnglePos: stick the grounded player to the surface in the mode
 *  chosen from the current ground angle, set the new angle, or leave the
 *  ground when nothing is within reach. */
void spg_angle_pos(spg_frame *f, spg_player *p);

/** Sonic_WalkSpeed: distance to a wall ahead at the position the player
 *  will have after this frame's move, looking in direction `angle`
 *  (negative = already inside).  Writes the angle buffers like the
 *  original. */
int16_t spg_walk_speed(spg_frame *f, const spg_player *p, uint8_t angle);

/** sub_14D48 ("CalcRoomOverHead"): room above the player in direction
 *  `angle` (Sonic_Jump calls it with angle + $80; below 6 no jump). */
int16_t spg_room_overhead(spg_frame *f, const spg_player *p, uint8_t angle);

/** ObjFloorDist: distance from the player's feet to the floor below its
 *  centre (Sonic_Move's balance check). */
int16_t spg_obj_floor_dist(spg_frame *f, const spg_player *p);

/** What a probe returns: the nearer distance (d1; negative = inside), the
 *  other sensor's distance (d0; equal to dist for a single sensor) and the
 *  surface angle (d3; a flat tile's odd angle already replaced by the
 *  probe's direction). */
typedef struct spg_sensor_result {
    int16_t dist;
    int16_t other;
    uint8_t angle;
} spg_sensor_result;

/** Sonic_HitFloor: ground sensors A/B below the feet (top solidity). */
spg_sensor_result spg_hit_floor(spg_frame *f, const spg_player *p);
/** Sonic_DontRunOnWalls: ceiling sensors C/D above the head. */
spg_sensor_result spg_hit_ceiling(spg_frame *f, const spg_player *p);
/** Sonic_HitWall: wall sensor E at x - 10. */
spg_sensor_result spg_hit_wall_left(spg_frame *f, const spg_player *p);
/** sub_14EB4: wall sensor F at x + 10. */
spg_sensor_result spg_hit_wall_right(spg_frame *f, const spg_player *p);
/** ObjHitWallRight / ObjHitWallLeft (d3 = dx, with the original's missing
 *  mirror on the left) / ObjHitCeiling: the generic object probes. */
spg_sensor_result spg_obj_hit_wall_right(spg_frame *f, const spg_player *p,
                                         int16_t dx);
spg_sensor_result spg_obj_hit_wall_left(spg_frame *f, const spg_player *p,
                                        int16_t dx);
spg_sensor_result spg_obj_hit_ceiling(spg_frame *f, const spg_player *p);

/* ---- landing.c -------------------------------------------------------- */

/** Sonic_Floor: airborne collision with walls, ceilings and floors, in the
 *  quadrant of the direction of motion; landing and ceiling attachment. */
void spg_air_floor(spg_frame *f, spg_player *p);

/** Sonic_ResetOnFloor: the landing bookkeeping (status bits, radii, the
 *  y shift when uncurling, jump flag, animation). */
void spg_reset_on_floor(spg_player *p);

/* ---- ground.c ------------------------------------------------------- */

void spg_slope_resist(spg_frame *f, spg_player *p); /* Sonic_SlopeResist */
void spg_move(spg_frame *f, spg_player *p);         /* Sonic_Move */
void spg_slope_repel(spg_frame *f, spg_player *p);  /* Sonic_SlopeRepel */
/** The wall check at the end of Sonic_Move (loc_1300C), which
 *  Sonic_RollSpeed also branches to. */
void spg_move_wall_check(spg_frame *f, spg_player *p);

/* ---- roll.c --------------------------------------------------------- */

void spg_roll(spg_frame *f, spg_player *p);         /* Sonic_Roll */
void spg_roll_speed(spg_frame *f, spg_player *p);   /* Sonic_RollSpeed */
void spg_roll_repel(spg_frame *f, spg_player *p);   /* Sonic_RollRepel */

/* ---- air.c ---------------------------------------------------------- */

/** Sonic_Jump: returns 1 when a jump started (the mode routine then
 *  returns at once, as the original pops its own return address). */
int spg_jump(spg_frame *f, spg_player *p);
void spg_jump_height(spg_frame *f, spg_player *p);    /* Sonic_JumpHeight */
void spg_jump_direction(spg_frame *f, spg_player *p); /* Sonic_JumpDirection */
void spg_jump_angle(spg_player *p);                   /* Sonic_JumpAngle */
void spg_object_fall(spg_player *p, int16_t gravity); /* ObjectFall */

/* ---- player.c ------------------------------------------------------- */

void spg_speed_to_pos(spg_player *p);                 /* SpeedToPos */
void spg_level_bound(spg_frame *f, spg_player *p);    /* Sonic_LevelBound */
void spg_kill(spg_player *p);                         /* KillSonic */

/** The stick-to-convex flag: the high byte of the object word at $38
 *  (tst.b stick_to_convex(a0) in Sonic_AnglePos and Sonic_SlopeRepel). */
static inline int spg_sticks_to_convex(const spg_player *p)
{
    return (p->word_38 & 0xFF00u) != 0;
}

/** addq.w / subq.w on obY: add d to the pixel word of a 16.16 position,
 *  subpixel untouched (the 5 px shift when curling up or standing up). */
static inline int32_t spg_add_pixels(int32_t pos, int d)
{
    return m68k_sethiw(pos, m68k_addw(m68k_hiw(pos), d));
}

#endif /* SPG_INTERNAL_H */
