/*
 * routines.c - the per-game routine tables and the one place that picks
 * one (spg_routines_get).  Sonic 1's entries are the core's original
 * functions; Sonic 2's Sonic (Obj01) and Tails (Obj02) use the functions
 * of sonic2.c where the original's routine differs in shape, Tails with
 * Sonic 1's balance and without the idle skip (#2, #10 of
 * docs/research/sonic2-differences.md).  Each table also names its
 * character's animation bounds (spg_anim_last_position,
 * spg_anim_mapping_frames); a profile of no known game plays as Sonic 1
 * with none.  Here and in profile.c are the core's only tests of the
 * profile's game.
 */
#include "anim.h"
#include "tiles.h"

/* Sonic_Animate for Sonic 1's script table. */
static void animate_sonic1(const spg_profile *pr, spg_player *p)
{
    (void)pr;
    spg_animate(p);
}

/* Sonic 2: Sonic_Animate / Tails_Animate (anim_s2.c; it picks the
 * character's script table from the profile). */
#define ANIMATE_SONIC2 spg_s2_animate

/* Sonic 3: Animate_Sonic / Animate_Tails (anim_s3.c). */
#define ANIMATE_SONIC3 spg_s3_animate

/* Sonic & Knuckles: Animate_Sonic / Animate_Tails / Animate_Knuckles
 * (anim_s3k.c). */
#define ANIMATE_SONIC3K spg_s3k_animate

/* Sonic 1's routines up to the animation tables (shared by the table of
 * a profile whose game is none of the four, below). */
#define SONIC1_ROUTINES \
    spg_mode_normal, \
    spg_mode_roll, \
    spg_mode_air, \
    spg_slope_resist, \
    spg_move, \
    spg_slope_repel, \
    spg_air_sideways_sonic1, \
    0, \
    spg_jump_height, \
    spg_stand_still, \
    spg_roll_uncurl, \
    spg_sonic_angle, \
    spg_snap_limit_sonic1, \
    spg_reset_on_floor_sonic1, \
    spg_kill, \
    spg_sonic_death, \
    spg_sonic_reset_level, \
    animate_sonic1, \
    spg_find_tile_sonic1, \
    spg_solid_bit_sonic1, \
    spg_secondary_path_sonic1

static const spg_routines sonic1 = {
    SONIC1_ROUTINES,
    spg_s1_anim_last_position,
    spg_s1_anim_mapping_frames,
    spg_roll,
    spg_sonic_loops,             /* Sonic_Loops (loop_zones) */
    spg_sonic_water,             /* Sonic_Water (water_zones) */
    0,                           /* no vertical wrap */
};

/* A profile whose game is none of the four (spg_profile_get fills no
 * such profile; a caller may write one): it plays as Sonic 1, but its
 * character has no animation tables, so no start state's animation is
 * valid (spg_anim_last_position -1, spg_anim_mapping_frames 0). */
static int no_last_position(const spg_profile *pr, uint8_t anim)
{
    (void)pr;
    (void)anim;
    return -1;
}

static int no_mapping_frames(const spg_profile *pr)
{
    (void)pr;
    return 0;
}

static const spg_routines unknown_game = {
    SONIC1_ROUTINES,
    no_last_position,
    no_mapping_frames,
    spg_roll,
    spg_sonic_loops,             /* Sonic_Loops (loop_zones) */
    spg_sonic_water,             /* Sonic_Water (water_zones) */
    0,                           /* no vertical wrap */
};

static const spg_routines sonic2_sonic = {
    spg_mdnormal_checks_sonic2,
    spg_mode_roll_sonic2,
    spg_mode_air,
    spg_slope_resist,
    spg_move,
    spg_slope_repel,
    spg_air_sideways_sonic1,
    0,
    spg_jump_height_sonic2,
    spg_balance_sonic2,
    spg_roll_stopped_sonic2,
    spg_sonic_angle_sonic2,
    spg_snap_limit_sonic2,
    spg_reset_on_floor_sonic2,
    spg_kill_sonic2,
    spg_dead_sonic2,
    spg_gone_sonic2,
    ANIMATE_SONIC2,
    spg_find_tile_sonic2,
    spg_solid_bit_sonic2,
    spg_secondary_path_sonic2,
    spg_s2_anim_last_position,
    spg_s2_anim_mapping_frames,
    spg_roll,
    0,                           /* no Sonic_Loops */
    spg_sonic_water_sonic2,      /* Sonic_Water */
    spg_vertical_wrap_sonic2,    /* Camera_Min_Y_pos -$100: y & $7FF */
};

static const spg_routines sonic2_tails = {
    spg_mode_normal_sonic2,      /* Obj02_MdNormal: no idle skip */
    spg_mode_roll_sonic2,
    spg_mode_air,
    spg_slope_resist,
    spg_move,
    spg_slope_repel,
    spg_air_sideways_sonic1,
    0,
    spg_jump_height_sonic2,
    spg_stand_still,             /* Tails_Move balances as Sonic 1 */
    spg_roll_stopped_sonic2,
    spg_sonic_angle_sonic2,
    spg_snap_limit_sonic2,
    spg_reset_on_floor_sonic2,   /* Tails_ResetOnFloor: profile radii */
    spg_kill_sonic2,
    spg_dead_sonic2,
    spg_gone_sonic2,
    ANIMATE_SONIC2,
    spg_find_tile_sonic2,
    spg_solid_bit_sonic2,
    spg_secondary_path_sonic2,
    spg_s2_anim_last_position,
    spg_s2_anim_mapping_frames,
    spg_roll,
    0,                           /* no Sonic_Loops */
    spg_sonic_water_sonic2,      /* Tails_Water */
    spg_vertical_wrap_sonic2,    /* Camera_Min_Y_pos -$100: y & $7FF */
};

/* Sonic 3's Obj_Sonic: Sonic_MdNormal is Sonic 2's without the idle skip
 * (#3), with Sonic 3's slope rules (#18, #19), balance and look delay
 * (#9, #11), the insta-shield (#27), TouchFloor and Kill_Character (#20,
 * #25), Find_Tile_FG (#31). */
static const spg_routines sonic3_sonic = {
    spg_mode_normal_sonic2,      /* Sonic_Spindash, then as Sonic 2 */
    spg_mode_roll_sonic2,        /* Jump skipped while spin_dash_flag */
    spg_mode_air,
    spg_slope_resist_sonic3,     /* Player_SlopeResist */
    spg_move_sonic3,             /* Sonic_Move with scroll_delay_counter */
    spg_slope_repel_sonic3,      /* Player_SlopeRepel */
    spg_air_sideways_sonic3,     /* Player_HitLeftWall, loc_12FCC */
    spg_begin_frame_sonic3,
    spg_jump_height_sonic3,
    spg_balance_sonic3,
    spg_roll_stopped_sonic3,
    spg_sonic_angle_sonic2,
    spg_snap_limit_sonic2,
    spg_reset_on_floor_sonic3,
    spg_kill_sonic3,
    spg_dead_sonic2,             /* loc_131FE: Camera_Y_pos + $100 */
    spg_gone_sonic2,
    ANIMATE_SONIC3,
    spg_find_tile_sonic3,
    spg_solid_bit_sonic2,
    spg_secondary_path_sonic2,
    spg_s3_anim_last_position,
    spg_s3_anim_mapping_frames,
    spg_roll,
    0,                           /* no Sonic_Loops */
    spg_sonic_water_sonic3,      /* Sonic_Water */
    spg_vertical_wrap_sonic2,    /* Sonic_Control: y & Screen_Y_wrap_value */
};

/* Sonic 3's Obj_Tails (alone, Player_mode 2): Tails_SlopeResist and
 * Tails_SlopeRepel are Sonic 2's, the balance Sonic 1's; the flight
 * (#28) from Tails_JumpHeight and Tails_Stand_Freespace. */
static const spg_routines sonic3_tails = {
    spg_mode_normal_sonic2,      /* Tails_Stand_Path */
    spg_mode_roll_sonic2,        /* Tails_Spin_Path */
    spg_mode_air_tails3,         /* Tails_Stand/Spin_Freespace */
    spg_slope_resist,            /* Tails_SlopeResist */
    spg_move_sonic3,             /* Tails_InputAcceleration_Path */
    spg_slope_repel,             /* Tails_SlopeRepel */
    spg_air_sideways_sonic3,     /* Tails_DoLevelCollision */
    spg_begin_frame_sonic3,
    spg_jump_height_tails3,
    spg_stand_still_tails3,
    spg_roll_stopped_sonic3,
    spg_sonic_angle_sonic2,
    spg_snap_limit_sonic2,
    spg_reset_on_floor_sonic3,   /* Tails_TouchFloor_Check_Spindash */
    spg_kill_sonic3,
    spg_dead_sonic2,
    spg_gone_sonic2,
    ANIMATE_SONIC3,
    spg_find_tile_sonic3,
    spg_solid_bit_sonic2,
    spg_secondary_path_sonic2,
    spg_s3_anim_last_position,
    spg_s3_anim_mapping_frames,
    spg_roll,
    0,                           /* no Sonic_Loops */
    spg_sonic_water_sonic3,      /* Tails_Water */
    spg_vertical_wrap_sonic2,    /* Tails_Control: y & Screen_Y_wrap_value */
};

/* Sonic & Knuckles' Obj_Sonic ($10A94): Sonic 3's routines, with
 * SonicKnux_Roll's duck (#K1), the look with down first (#K3) and
 * Player_TouchFloor's turned shift (#K8); the rest of the differences are
 * profile fields. */
static const spg_routines sonic3k_sonic = {
    spg_mode_normal_sonic2,      /* Sonic_MdNormal: SonicKnux_Spindash */
    spg_mode_roll_sonic2,
    spg_mode_air,
    spg_slope_resist_sonic3,     /* Player_SlopeResist */
    spg_move_sonic3,
    spg_slope_repel_sonic3,      /* Player_SlopeRepel */
    spg_air_sideways_sonic3,
    spg_begin_frame_sonic3,
    spg_jump_height_sonic3,      /* Sonic_ShieldMoves: the insta-shield */
    spg_balance_sonic3k,
    spg_roll_stopped_sonic3,
    spg_sonic_angle_sonic2,
    spg_snap_limit_sonic2,
    spg_reset_on_floor_sonic3,
    spg_kill_sonic3,
    spg_dead_sonic2,
    spg_gone_sonic2,
    ANIMATE_SONIC3K,
    spg_find_tile_sonic3,
    spg_solid_bit_sonic2,
    spg_secondary_path_sonic2,
    spg_s3k_anim_last_position,
    spg_s3k_anim_mapping_frames,
    spg_roll_sonic3k,            /* SonicKnux_Roll */
    0,                           /* no Sonic_Loops */
    spg_sonic_water_sonic3,      /* Sonic_Water */
    spg_vertical_wrap_sonic2,    /* Sonic_Control: y & Screen_Y_wrap_value */
};

/* Sonic & Knuckles' Obj_Tails ($1365C, alone): Tails_Stand_Path now calls
 * Sonic's Player_SlopeResist and Player_SlopeRepel (#K4). */
static const spg_routines sonic3k_tails = {
    spg_mode_normal_sonic2,      /* Tails_Stand_Path */
    spg_mode_roll_sonic2,        /* Tails_Spin_Path */
    spg_mode_air_tails3,
    spg_slope_resist_sonic3,     /* Player_SlopeResist (#K4) */
    spg_move_sonic3,             /* Tails_InputAcceleration_Path */
    spg_slope_repel_sonic3,      /* Player_SlopeRepel (#K4) */
    spg_air_sideways_sonic3,
    spg_begin_frame_sonic3,
    spg_jump_height_tails3,
    spg_stand_still_tails3k,
    spg_roll_stopped_sonic3,
    spg_sonic_angle_sonic2,
    spg_snap_limit_sonic2,
    spg_reset_on_floor_sonic3,   /* Tails_TouchFloor */
    spg_kill_sonic3,
    spg_dead_sonic2,
    spg_gone_sonic2,
    ANIMATE_SONIC3K,
    spg_find_tile_sonic3,
    spg_solid_bit_sonic2,
    spg_secondary_path_sonic2,
    spg_s3k_anim_last_position,
    spg_s3k_anim_mapping_frames,
    spg_roll_sonic3k,            /* Tails_Roll */
    0,                           /* no Sonic_Loops */
    spg_sonic_water_sonic3,      /* Tails_Water */
    spg_vertical_wrap_sonic2,    /* Tails_Control: y & Screen_Y_wrap_value */
};

/* Sonic & Knuckles' Obj_Knuckles ($16444, alone: Player_mode 3): S&K
 * Sonic's routines under Knuckles' names (knuckles.c's header lists
 * them), with his balance (one probe, no Balance2), Knux_JumpHeight's
 * glide start and the glide states in the air mode routine.  Landing and
 * Kill_Character reach Knux_TouchFloor through Player_TouchFloor, which
 * with the walk (death) animation set around it is Sonic's.  The
 * animation: Animate_Knuckles with AniKnuckles (anim_s3k.c). */
static const spg_routines sonic3k_knuckles = {
    spg_mode_normal_sonic2,      /* Knux_Stand_Path: SonicKnux_Spindash */
    spg_mode_roll_sonic2,        /* Knux_Spin_Path */
    spg_knux_mode_air,           /* Knux_Stand/Spin_Freespace, the glide */
    spg_slope_resist_sonic3,     /* Player_SlopeResist */
    spg_move_sonic3,             /* Knux_InputAcceleration_Path */
    spg_slope_repel_sonic3,      /* Player_SlopeRepel */
    spg_air_sideways_sonic3,     /* SonicKnux_DoLevelCollision */
    spg_begin_frame_sonic3,
    spg_knux_jump_height,        /* Knux_JumpHeight, Knux_Test_For_Glide */
    spg_knux_balance,
    spg_roll_stopped_sonic3,     /* Knux_RollSpeed */
    spg_sonic_angle_sonic2,
    spg_snap_limit_sonic2,
    spg_reset_on_floor_sonic3,   /* Player_TouchFloor_Check_Spindash */
    spg_kill_sonic3,             /* Kill_Character */
    spg_dead_sonic2,             /* loc_17C88 */
    spg_gone_sonic2,             /* loc_17CBA */
    ANIMATE_SONIC3K,             /* Animate_Knuckles */
    spg_find_tile_sonic3,
    spg_solid_bit_sonic2,
    spg_secondary_path_sonic2,
    spg_s3k_anim_last_position,
    spg_s3k_anim_mapping_frames,
    spg_roll_sonic3k,            /* SonicKnux_Roll */
    0,                           /* no Sonic_Loops */
    spg_sonic_water_sonic3,      /* Knuckles_Water */
    spg_vertical_wrap_sonic2,    /* Knuckles_Control: y & Screen_Y_wrap_value */
};

/* Sonic CD's ObjSonic (soniccd.c): its own mode routines, MoveGround,
 * MoveRoll and MoveAir, JumpHeight, the steep-slope landing, KillPlayer's
 * give-up case, the death routine and the animation; the collision
 * (Player_GroundCol, Player_LevelColInAir, the wall check) and the slope
 * repel are Sonic 1's, the layout Sonic 2's shape (both axes wrap) with
 * Sonic CD's size (profile). */
static const spg_routines soniccd_sonic = {
    spg_mode_ground_soniccd,     /* ObjSonic_MdGround */
    spg_mode_roll_soniccd,       /* ObjSonic_MdRoll */
    spg_mode_air_soniccd,        /* ObjSonic_MdAir / MdJump */
    spg_slope_resist_soniccd,    /* ObjSonic_SlopeResist */
    spg_move_ground_soniccd,     /* ObjSonic_MoveGround */
    spg_slope_repel,             /* ObjSonic_CheckFallOff */
    spg_air_sideways_sonic1,     /* Player_LvlColAir_Left/Right */
    spg_begin_frame_soniccd,     /* ObjSonic: the charge time */
    spg_jump_height_soniccd,     /* ObjSonic_JumpHeight */
    spg_stand_still,             /* (MoveGround has its own) */
    spg_roll_uncurl,             /* (MoveRoll has its own) */
    spg_sonic_angle,             /* Player_PickSensor */
    spg_snap_limit_sonic1,       /* Player_WalkFloor: 14 px */
    spg_reset_on_floor_soniccd,
    spg_kill_soniccd,
    spg_dead_soniccd,
    spg_sonic_reset_level,       /* ObjSonic_Restart: a timer */
    spg_animate_soniccd,
    spg_find_tile_sonic2,        /* GetLevelBlock: 128 x 16 chunks */
    spg_solid_bit_sonic1,
    spg_secondary_path_sonic1,
    spg_scd_anim_last_position,
    spg_scd_anim_mapping_frames,
    spg_check_roll_soniccd,      /* ObjSonic_CheckRoll */
    0,                           /* no Sonic_Loops */
    0,                           /* ObjSonic_Water: Tidal Tempest only */
    0,                           /* no vertical wrap */
};

const spg_routines *spg_routines_get(const spg_profile *profile)
{
    switch (profile->game) {
    case SPG_GAME_SONIC2:
        return profile->character == SPG_CHAR_TAILS ? &sonic2_tails
                                                    : &sonic2_sonic;
    case SPG_GAME_SONIC3:
        return profile->character == SPG_CHAR_TAILS ? &sonic3_tails
                                                    : &sonic3_sonic;
    case SPG_GAME_SONIC3K:
        if (profile->character == SPG_CHAR_KNUCKLES)
            return &sonic3k_knuckles;
        return profile->character == SPG_CHAR_TAILS ? &sonic3k_tails
                                                    : &sonic3k_sonic;
    case SPG_GAME_SONIC1:
        return &sonic1;
    case SPG_GAME_SONICCD:
        return &soniccd_sonic;
    default:
        return &unknown_game;
    }
}
