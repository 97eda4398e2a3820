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
 *   water.c      Sonic_Water (Tails_Water, Knuckles_Water): entering and
 *                leaving water, each game's shape
 *   player.c     spg_step: Sonic_Control and the mode routines, SpeedToPos,
 *                Sonic_LevelBound
 *   anim.c       Sonic_Animate and Sonic's animation scripts (anim.h)
 *   anim_s2.c    Sonic 2's Sonic_Animate / Tails_Animate and scripts
 *   anim_s3.c    Sonic 3's Animate_Sonic / Animate_Tails and scripts
 *   anim_s3k.c   Sonic & Knuckles' Animate_Sonic / Animate_Tails /
 *                Animate_Knuckles and scripts
 *   anim_scd.c   Sonic CD's ObjSonic_Animate and Ani_Sonic (R11A__.MMD)
 *   anim_steps.c the steps the games' animation routines share (the
 *                script step over spg_anim_table, the restart, the
 *                fixed-duration script, the timed walk/roll/push), and
 *                the start of Sonic 1's routine, which Sonic CD's shares
 *   sonic2.c     Sonic 2's routines where their shape differs
 *   sonic3.c     Sonic 3's routines where their shape differs from Sonic 2's
 *   sonic3k.c    Sonic & Knuckles' Sonic and Tails where they differ from
 *                Sonic 3's
 *   soniccd.c    Sonic CD's ObjSonic where it differs from Sonic 1's: the
 *                charge, the camera lead, the peel-out, the spindash, the
 *                look double-tap, the mode routines, ObjMoveGrv
 *   knuckles.c   Sonic & Knuckles' Knuckles (Obj_Knuckles): his balance,
 *                the glide, the fall and slide after it, the wall climb
 *   routines.c   the per-game routine tables (spg_routines_get)
 *   profile.c    game profiles, defaults
 * routines.c and profile.c are the only files that test the profile's
 * game; everything else asks the routine table or a profile field.
 *
 * The special stage (object 09, spg/special.h) has its own folder,
 * core/src/special/, and its own private header, special/internal.h,
 * which lists its files; it uses trig.c and m68k.h from here.
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
    uint8_t looked;           /* Sonic 3: this frame's Sonic_Move looked up
                                 or down (scroll_delay_counter kept) */
    uint8_t low_plane;        /* Sonic 1: obRender bit 6 as the frame began
                                 (only Sonic_Loops, at its end, changes it):
                                 FindNearestTile reads a loop chunk's low
                                 plane */
} spg_frame;

/*
 * The per-game routine table: where a game's routine differs in shape from
 * Sonic 1's, the table names that game's own function (written beside the
 * Sonic 1 one and named after the game's routine).  spg_routines_get
 * (routines.c) is the one place that picks a table, from the profile's
 * game and character; every caller goes through it.
 */
typedef struct spg_routines {
    /* Obj01_Modes / Sonic_Modes: the mode routines of routine 2 (in the
     * air, rolling or not: Sonic 3's Tails flies from there). */
    void (*mode_normal)(spg_frame *f, spg_player *p);
    void (*mode_roll)(spg_frame *f, spg_player *p);
    void (*mode_air)(spg_frame *f, spg_player *p);
    /* What the mode routines call where the games differ: the slope
     * factor (Sonic_SlopeResist), the walking (Sonic_Move) and the slip
     * (Sonic_SlopeRepel). */
    void (*slope_resist)(spg_frame *f, spg_player *p);
    void (*move)(spg_frame *f, spg_player *p);
    void (*slope_repel)(spg_frame *f, spg_player *p);
    /* The airborne collision's sideways quadrants (`left`: moving mostly
     * left), Sonic_Floor's / Sonic_DoLevelCollision's. */
    void (*air_sideways)(spg_frame *f, spg_player *p, int left);
    /* Before the player object runs (NULL: nothing): Sonic 3's level loop
     * counts Level_frame_counter, which Tails' flight reads. */
    void (*begin_frame)(const spg_profile *pr, spg_player *p);
    /* Sonic_JumpHeight (the air mode routine calls it first). */
    void (*jump_height)(spg_frame *f, spg_player *p);
    /* The standing-still part of Sonic_Move: balance, look up, duck. */
    void (*stand_still)(spg_frame *f, spg_player *p);
    /* What Sonic_RollSpeed does when the ground speed has reached 0. */
    void (*roll_stopped)(spg_frame *f, spg_player *p);
    /* Sonic_Angle: the new ground angle from the two ground sensors;
     * returns the chosen distance. */
    int16_t (*sonic_angle)(spg_frame *f, spg_player *p, int16_t d0,
                           int16_t d1);
    /* Sonic_AnglePos: the largest positive distance to the surface that
     * still snaps (`horizontal`: the player is in a wall mode). */
    int16_t (*snap_limit)(const spg_player *p, int horizontal);
    /* Sonic_ResetOnFloor as the airborne collision calls it: `landing`
     * is set for the floor landings (Sonic 1 sets the walk animation
     * after the call there, not on a ceiling). */
    void (*reset_on_floor)(const spg_profile *pr, spg_player *p,
                           int landing);
    /* KillSonic / KillCharacter. */
    void (*kill)(const spg_profile *pr, spg_player *p);
    /* Routine 6 (Sonic_Death / Obj01_Dead) and routine 8 (Sonic_ResetLevel
     * / Obj01_Gone). */
    void (*dead)(const spg_map *map, const spg_profile *pr, spg_player *p);
    void (*gone)(spg_player *p);
    /* Sonic_Animate (Sonic 2: Sonic_Animate / Tails_Animate). */
    void (*animate)(const spg_profile *pr, spg_player *p);
    /* FindNearestTile / Find_Tile: the cell word at a level pixel; *slot
     * gets its index in spg_map.cells, -1 when it is outside the map. */
    uint16_t (*find_tile)(const spg_frame *f, int16_t x, int16_t y,
                          int32_t *slot);
    /* The cell bit a sensor tests: `side` 0 for the floor sensors (d5 =
     * top_solid_bit), 1 for walls and ceilings (lrb_solid_bit); and
     * whether the player reads the secondary path's masks. */
    uint16_t (*solid_bit)(const spg_player *p, int side);
    int (*secondary_path)(const spg_player *p);
    /* What the animation tables allow in a start state, for
     * spg_anim_last_position and spg_anim_mapping_frames (spg.h): the
     * highest script position of animation `anim` (-1: the character has
     * no such animation) and the number of the character's sprites. */
    int (*anim_last_position)(const spg_profile *pr, uint8_t anim);
    int (*anim_mapping_frames)(const spg_profile *pr);
    /* Sonic_Roll (Sonic & Knuckles: SonicKnux_Roll, which also ducks),
     * after the walking routine. */
    void (*roll)(spg_frame *f, spg_player *p);
    /* The last call of routine 2, after the animation (NULL: nothing):
     * Sonic 1's Sonic_Loops. */
    void (*end_control)(spg_frame *f, spg_player *p);
    /* Sonic_Water (Tails_Water, Knuckles_Water): after the mode routine,
     * before the angle buffers are copied (NULL: nothing, Sonic CD's
     * Palmtree Panic). */
    void (*water)(spg_frame *f, spg_player *p);
    /* Routine 2 after the mode routine, before the angle copies and the
     * animation (NULL: nothing): the vertical wrap of Sonic 2, 3 and
     * S&K. */
    void (*after_modes)(const spg_map *map, spg_player *p);
} spg_routines;

/** The routine table of the profile's game and character. */
const spg_routines *spg_routines_get(const spg_profile *profile);

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
/** ChkFloorEdge_Part2 (Sonic 2): the same probe at pixel column x. */
int16_t spg_floor_edge_at(spg_frame *f, const spg_player *p, int16_t x);
/** Sonic_Angle (Sonic 1): the nearer ground sensor's angle, odd -> the
 *  current angle's quadrant; returns the nearer distance. */
int16_t spg_sonic_angle(spg_frame *f, spg_player *p, int16_t d0, int16_t d1);
/** Sonic 1 Sonic_AnglePos: 14 px. */
int16_t spg_snap_limit_sonic1(const spg_player *p, int horizontal);

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

/** Sonic & Knuckles' single probes at a point (Knuckles' glide, grab and
 *  climb): a floor sensor down (top solidity), a ceiling sensor up and a
 *  wall sensor right or left (side solidity), none clearing the angle
 *  buffer; and the wall pair CheckLeft/RightCeilingDist. */
spg_sensor_result spg_floor_probe(spg_frame *f, const spg_player *p,
                                  int16_t x, int16_t y);
spg_sensor_result spg_ceiling_probe(spg_frame *f, const spg_player *p,
                                    int16_t x, int16_t y);
spg_sensor_result spg_wall_probe(spg_frame *f, const spg_player *p,
                                 int16_t x, int16_t y, int to_right);
spg_sensor_result spg_hit_wall_pair(spg_frame *f, const spg_player *p,
                                    int to_right);

/* ---- landing.c -------------------------------------------------------- */

/** Sonic_Floor: airborne collision with walls, ceilings and floors, in the
 *  quadrant of the direction of motion; landing and ceiling attachment. */
void spg_air_floor(spg_frame *f, spg_player *p);

/** The airborne collision moving mostly sideways: Sonic 1 and 2 (a wall
 *  hit ends it) and Sonic 3 (ceiling and landing checks after it). */
void spg_air_sideways_sonic1(spg_frame *f, spg_player *p, int left);
void spg_air_sideways_sonic3(spg_frame *f, spg_player *p, int left);

/** Sonic_ResetOnFloor: the landing bookkeeping (status bits, radii, the
 *  y shift when uncurling, jump flag, animation). */
void spg_reset_on_floor(spg_player *p);
/** The Sonic 1 entry of the routine table: Sonic_ResetOnFloor, then the
 *  walk animation on floor landings. */
void spg_reset_on_floor_sonic1(const spg_profile *pr, spg_player *p,
                               int landing);

/* ---- ground.c ------------------------------------------------------- */

void spg_slope_resist(spg_frame *f, spg_player *p); /* Sonic_SlopeResist */
void spg_move(spg_frame *f, spg_player *p);         /* Sonic_Move */
void spg_slope_repel(spg_frame *f, spg_player *p);  /* Sonic_SlopeRepel */
/** Sonic_MoveLeft / Sonic_MoveRight (Sonic CD: ObjSonic_MoveGndLeft/Right
 *  after their charge test). */
void spg_move_left(const spg_profile *pr, spg_player *p);
void spg_move_right(const spg_profile *pr, spg_player *p);
/** The friction step (loc_12FC2): ground speed moves `amount` towards 0
 *  and stops there. */
int16_t spg_friction(int16_t gs, int16_t amount);
/** The wall check at the end of Sonic_Move (loc_1300C), which
 *  Sonic_RollSpeed also branches to. */
void spg_move_wall_check(spg_frame *f, spg_player *p);
/** The standing-still part of Sonic_Move, Sonic 1's balance (also Sonic 2
 *  Tails_Move's). */
void spg_stand_still(spg_frame *f, spg_player *p);
/** Sonic_LookUp / Sonic_Duck: the animation for up or down held. */
void spg_look_up_or_duck(spg_frame *f, spg_player *p);

/* ---- loops.c -------------------------------------------------------- */

void spg_sonic_loops(spg_frame *f, spg_player *p);  /* Sonic_Loops */

/* ---- water.c -------------------------------------------------------- */

void spg_sonic_water(spg_frame *f, spg_player *p);        /* Sonic 1 */
void spg_sonic_water_sonic2(spg_frame *f, spg_player *p); /* Sonic 2 */
void spg_sonic_water_sonic3(spg_frame *f, spg_player *p); /* Sonic 3, S&K */

/* ---- roll.c --------------------------------------------------------- */

void spg_roll(spg_frame *f, spg_player *p);         /* Sonic_Roll */
void spg_chk_roll(const spg_profile *pr, spg_player *p); /* Sonic_ChkRoll */
void spg_roll_speed(spg_frame *f, spg_player *p);   /* Sonic_RollSpeed */
void spg_roll_repel(spg_frame *f, spg_player *p);   /* Sonic_RollRepel */
/** The end of Sonic_RollSpeed: speeds from the ground speed (x capped),
 *  the wall check. */
void spg_roll_speeds(spg_frame *f, spg_player *p);
/** Sonic_RollLeft / Sonic_RollRight: braking or turning while rolling. */
void spg_roll_left(const spg_profile *pr, spg_player *p);
void spg_roll_right(const spg_profile *pr, spg_player *p);
/** Sonic_RollSpeed at ground speed 0: stand up. */
void spg_roll_uncurl(spg_frame *f, spg_player *p);

/* ---- air.c ---------------------------------------------------------- */

/** Sonic_Jump: returns 1 when a jump started (the mode routine then
 *  returns at once, as the original pops its own return address). */
int spg_jump(spg_frame *f, spg_player *p);
void spg_jump_height(spg_frame *f, spg_player *p);    /* Sonic_JumpHeight */
void spg_jump_direction(spg_frame *f, spg_player *p); /* Sonic_JumpDirection */
/** The air drag of Sonic_JumpDirection (Sonic CD: ObjSonic_MoveAir). */
void spg_air_drag(spg_player *p);
void spg_jump_angle(spg_player *p);                   /* Sonic_JumpAngle */
void spg_object_fall(spg_player *p, int16_t gravity); /* ObjectFall */

/* ---- player.c ------------------------------------------------------- */

void spg_speed_to_pos(spg_player *p);                 /* SpeedToPos */
void spg_level_bound(spg_frame *f, spg_player *p);    /* Sonic_LevelBound */
void spg_kill(const spg_profile *pr, spg_player *p);  /* KillSonic */
void spg_mode_normal(spg_frame *f, spg_player *p);    /* Sonic_MdNormal */
void spg_mode_roll(spg_frame *f, spg_player *p);      /* Sonic_MdRoll */
/** Sonic_MdJump / Sonic_MdJump2: in the air. */
void spg_mode_air(spg_frame *f, spg_player *p);
/** Sonic_Death (routine 6) and Sonic_ResetLevel (routine 8). */
void spg_sonic_death(const spg_map *map, const spg_profile *profile,
                     spg_player *p);
void spg_sonic_reset_level(spg_player *p);

/* ---- sonic2.c (Sonic 2's own routines; routines.c picks them) -------- */

int spg_check_spindash(spg_frame *f, spg_player *p);       /* Sonic_CheckSpindash */
void spg_mode_normal_sonic2(spg_frame *f, spg_player *p);  /* Obj01_MdNormal */
void spg_mdnormal_checks_sonic2(spg_frame *f, spg_player *p);
void spg_mode_roll_sonic2(spg_frame *f, spg_player *p);    /* Obj01_MdRoll */
void spg_jump_height_sonic2(spg_frame *f, spg_player *p);  /* Sonic_JumpHeight */
void spg_roll_stopped_sonic2(spg_frame *f, spg_player *p); /* Sonic_RollSpeed */
void spg_balance_sonic2(spg_frame *f, spg_player *p);      /* Sonic_Balance */
int16_t spg_sonic_angle_sonic2(spg_frame *f, spg_player *p, int16_t d0,
                               int16_t d1);                /* Sonic_Angle */
int16_t spg_snap_limit_sonic2(const spg_player *p, int horizontal);
void spg_reset_on_floor_sonic2(const spg_profile *pr, spg_player *p,
                               int landing);               /* Sonic_ResetOnFloor */
void spg_kill_sonic2(const spg_profile *pr, spg_player *p);  /* KillCharacter */
void spg_dead_sonic2(const spg_map *map, const spg_profile *pr,
                     spg_player *p);                       /* Obj01_Dead */
void spg_gone_sonic2(spg_player *p);                       /* Obj01_Gone */
/** Obj01_Control's y mask when limit_top is -$100. */
void spg_vertical_wrap_sonic2(const spg_map *map, spg_player *p);

/* ---- sonic3.c (Sonic 3's own routines; routines.c picks them) -------- */

void spg_slope_resist_sonic3(spg_frame *f, spg_player *p); /* Player_SlopeResist */
void spg_slope_repel_sonic3(spg_frame *f, spg_player *p);  /* Player_SlopeRepel */
void spg_balance_sonic3(spg_frame *f, spg_player *p);      /* Sonic_Balance */
/** Sonic_Balance's edge part (Sonic 3 and S&K): 1 when balancing. */
int spg_balance_edge_sonic3(spg_frame *f, spg_player *p);
/** Tails' one-probe edge part (Sonic 3 and S&K): 1 when balancing. */
int spg_balance_edge_tails3(spg_frame *f, spg_player *p);
void spg_stand_still_tails3(spg_frame *f, spg_player *p);  /* Tails' standing */
void spg_move_sonic3(spg_frame *f, spg_player *p);         /* Sonic_Move */
void spg_jump_height_sonic3(spg_frame *f, spg_player *p);  /* Sonic_JumpHeight */
/** The part of Sonic_JumpHeight / Tails_JumpHeight / Knux_JumpHeight the
 *  characters share: 1 when jumping at or past the release cap. */
int spg_jump_height_cap_sonic3(spg_frame *f, spg_player *p);
void spg_jump_height_tails3(spg_frame *f, spg_player *p);  /* Tails_JumpHeight */
void spg_mode_air_tails3(spg_frame *f, spg_player *p);     /* Tails_Stand_Freespace */
void spg_reset_on_floor_sonic3(const spg_profile *pr, spg_player *p,
                               int landing); /* Player_TouchFloor_Check_Spindash */
void spg_kill_sonic3(const spg_profile *pr, spg_player *p);  /* Kill_Character */
void spg_touch_floor_sonic3(const spg_profile *pr, spg_player *p); /* Player_TouchFloor */
void spg_roll_stopped_sonic3(spg_frame *f, spg_player *p); /* Sonic_RollSpeed */
void spg_begin_frame_sonic3(const spg_profile *pr, spg_player *p); /* Level_frame_counter */

/* ---- sonic3k.c (Sonic & Knuckles' Sonic and Tails) ---------------------- */

void spg_roll_sonic3k(spg_frame *f, spg_player *p);        /* SonicKnux_Roll */
void spg_balance_sonic3k(spg_frame *f, spg_player *p);     /* Sonic_Balance */
void spg_stand_still_tails3k(spg_frame *f, spg_player *p); /* Tails' standing */
void spg_look_sonic3k(spg_frame *f, spg_player *p);     /* loc_11276: down, up */

/* ---- soniccd.c (Sonic CD's ObjSonic) ------------------------------------- */

void spg_begin_frame_soniccd(const spg_profile *pr, spg_player *p); /* ObjSonic: the charge time */
void spg_mode_ground_soniccd(spg_frame *f, spg_player *p); /* ObjSonic_MdGround */
void spg_mode_roll_soniccd(spg_frame *f, spg_player *p);   /* ObjSonic_MdRoll */
void spg_mode_air_soniccd(spg_frame *f, spg_player *p);    /* ObjSonic_MdAir / MdJump */
void spg_slope_resist_soniccd(spg_frame *f, spg_player *p); /* ObjSonic_SlopeResist */
void spg_move_ground_soniccd(spg_frame *f, spg_player *p); /* ObjSonic_MoveGround */
void spg_check_roll_soniccd(spg_frame *f, spg_player *p);  /* ObjSonic_CheckRoll */
void spg_jump_height_soniccd(spg_frame *f, spg_player *p); /* ObjSonic_JumpHeight */
void spg_reset_on_floor_soniccd(const spg_profile *pr, spg_player *p,
                                int landing); /* Player_ResetOnFloor / ResetOnSteepSlope */
void spg_kill_soniccd(const spg_profile *pr, spg_player *p); /* KillPlayer */
void spg_dead_soniccd(const spg_map *map, const spg_profile *pr,
                      spg_player *p);                      /* ObjSonic_Dead */
void spg_animate_soniccd(const spg_profile *pr, spg_player *p); /* Animate, SpecialChunks */

/* ---- knuckles.c (Sonic & Knuckles' Knuckles) ----------------------------- */

void spg_knux_balance(spg_frame *f, spg_player *p);     /* Knux_InputAcceleration_Path */
void spg_knux_jump_height(spg_frame *f, spg_player *p); /* Knux_JumpHeight */
void spg_knux_mode_air(spg_frame *f, spg_player *p);    /* Knux_Stand/Spin_Freespace */
void spg_knux_touch_floor(const spg_profile *pr, spg_player *p); /* Knux_TouchFloor */

/** The stick-to-convex flag: the high byte of the object word at $38
 *  (tst.b stick_to_convex(a0) in Sonic_AnglePos and Sonic_SlopeRepel). */
static inline int spg_sticks_to_convex(const spg_player *p)
{
    return (p->word_38 & 0xFF00u) != 0;
}

/** The speeds the routines derive from the player's RAM speed constants
 *  (spg_player.top_speed, acceleration, deceleration): air control,
 *  asl.w #1 of the acceleration (Sonic_JumpDirection); rolling friction,
 *  asr.w #1 of it (Sonic_RollSpeed); rolling braking, asr.w #2 of the
 *  deceleration, or the profile's immediate where the game's
 *  Sonic_RollSpeed has one (move.w #$20,d4). */
static inline int16_t spg_air_acceleration(const spg_player *p)
{
    return m68k_aslw(p->acceleration, 1);
}

static inline int16_t spg_roll_friction(const spg_player *p)
{
    return m68k_asrw(p->acceleration, 1);
}

static inline int16_t spg_roll_deceleration(const spg_profile *pr,
                                            const spg_player *p)
{
    return pr->roll_deceleration_immediate ? pr->roll_deceleration
                                           : m68k_asrw(p->deceleration, 2);
}

/** addq.w / subq.w on obY: add d to the pixel word of a 16.16 position,
 *  subpixel untouched (the 5 px shift when curling up or standing up). */
static inline int32_t spg_add_pixels(int32_t pos, int d)
{
    return m68k_sethiw(pos, m68k_addw(m68k_hiw(pos), d));
}

#endif /* SPG_INTERNAL_H */
