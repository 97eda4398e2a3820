/*
 * profile.c - the game profiles and the default player and map.
 *
 * Sonic 1 keeps top speed, acceleration and deceleration in RAM
 * (v_sonspeedmax, v_sonspeedacc, v_sonspeeddec): Sonic_Main sets $600/$C/$80,
 * the speed shoes monitor $C00/$18/$80 and Sonic_Water, on entering water,
 * $300/$6/$40.  The rolling and airborne values are derived from those
 * three by shifts inside the routines (RollSpeed: acc asr 1, dec asr 2;
 * JumpDirection: acc asl 1), so a variant changes them too.  Everything
 * else is an immediate in the code and is the same in every variant.
 */
#include "internal.h"

/* Sonic_Main / monitor / Sonic_Water: the three RAM speed constants. */
static void sonic1_speeds(spg_variant variant, spg_profile *p)
{
    switch (variant) {
    case SPG_VARIANT_SPEED_SHOES:
        p->top_speed = 0xC00;
        p->acceleration = 0x18;
        p->deceleration = 0x80;
        break;
    case SPG_VARIANT_UNDERWATER:
        p->top_speed = 0x300;
        p->acceleration = 0x6;
        p->deceleration = 0x40;
        break;
    case SPG_VARIANT_NORMAL:
    default:
        p->top_speed = 0x600;
        p->acceleration = 0xC;
        p->deceleration = 0x80;
        break;
    }
}

int spg_profile_get(spg_game game, spg_character character,
                    spg_variant variant, spg_profile *out)
{
    spg_profile p;

    if (!(game == SPG_GAME_SONIC1 && character == SPG_CHAR_SONIC) &&
        !((game == SPG_GAME_SONIC2 || game == SPG_GAME_SONIC3) &&
          (character == SPG_CHAR_SONIC || character == SPG_CHAR_TAILS)) &&
        !(game == SPG_GAME_SONIC3K &&
          (character == SPG_CHAR_SONIC || character == SPG_CHAR_TAILS ||
           character == SPG_CHAR_KNUCKLES)) &&
        !(game == SPG_GAME_SONICCD && character == SPG_CHAR_SONIC))
        return -1;
    if (variant != SPG_VARIANT_NORMAL && variant != SPG_VARIANT_SPEED_SHOES &&
        variant != SPG_VARIANT_UNDERWATER)
        return -1;

    p.game = game;
    p.character = character;
    p.variant = variant;
    sonic1_speeds(variant, &p);

    /* Derived inside the routines from the RAM constants. */
    p.air_acceleration = m68k_aslw(p.acceleration, 1);  /* JumpDirection */
    p.roll_friction = m68k_asrw(p.acceleration, 1);     /* RollSpeed */
    p.roll_deceleration = m68k_asrw(p.deceleration, 2); /* RollSpeed */

    p.gravity = 0x38;                 /* ObjectFall */
    p.underwater_gravity_cut = 0x28;  /* Sonic_MdJump */
    p.jump_speed = 0x680;             /* Sonic_Jump */
    p.jump_speed_underwater = 0x380;
    p.jump_release_cap = -0x400;      /* Sonic_JumpHeight */
    p.jump_release_cap_underwater = -0x200;
    p.rise_speed_cap = -0xFC0;        /* Sonic_JumpHeight, not jumping */
    p.jump_min_room = 6;              /* Sonic_Jump */
    p.slope_factor = 0x20;            /* Sonic_SlopeResist */
    p.slope_factor_rolldown = 0x50;   /* Sonic_RollRepel */
    p.slope_factor_rollup = 0x14;     /* $50 then asr 2 */
    p.roll_min_speed = 0x80;          /* Sonic_Roll */
    p.roll_x_speed_cap = 0x1000;      /* Sonic_RollSpeed */
    p.slip_speed = 0x280;             /* Sonic_SlopeRepel */
    p.slip_lock = 0x1E;
    p.skid_speed = 0x400;             /* Sonic_MoveLeft/Right */
    p.stand_height_radius = 0x13;     /* Sonic_Main */
    p.stand_width_radius = 9;
    p.roll_height_radius = 0x0E;      /* Sonic_Roll, Sonic_Jump */
    p.roll_width_radius = 7;
    p.clamp_above_top_speed = 1;
    p.air_clamp_above_top_speed = 1;
    p.layout_tiles_x = 1024;          /* $40 chunks of 16 tiles per row */
    p.layout_tiles_y = 128;           /* 8 rows of chunks, then wrap */
    p.right_limit_offset = 0x168;     /* Sonic_LevelBound: $128 + $40 */
    p.push_only_facing_wall = 0;      /* Sonic_Move's wall check */
    p.roll_stop_speed = 1;            /* Sonic_RollSpeed: at 0 only */
    p.wall_check_cardinal = 0;
    p.right_limit_exclusive = 0;
    p.land_shift_by_angle = 0;
    p.roll_jump_stand_radii = 1;
    p.air_roll_jump_lock = 1;
    p.floor_negative_full = 0;
    p.peelout_speed = 0;
    p.spindash_speed = 0;
    p.charge_speed_cap = 0;
    p.spindash_start_speed = 0;
    p.peelout_charge_frames = 0;
    p.spindash_charge_frames = 0;
    p.fall_speed_cap = 0;
    /* Sonic_Loops: cmpi.b #id_SLZ,(v_zone).w / tst.b (v_zone).w; the other
     * games' player routines have no such routine */
    p.loop_zones = game == SPG_GAME_SONIC1 ? (1u << 0 | 1u << 3) : 0;
    p.roll_deceleration_immediate = 0; /* Sonic_RollSpeed: dec asr 2 */
    /* Sonic_Water: cmpi.b #id_LZ,(v_zone).w in Sonic 1; the other games
     * test Water_flag (spg_map.water_flag) */
    p.water_zones = game == SPG_GAME_SONIC1 ? 1u << 1 : 0;

    if (game == SPG_GAME_SONIC2) {
        /* Sonic 2 REV01 (Obj01 / Obj02): the same three speed sets
         * (Sonic_top_speed.. $F760, Tails_top_speed.. $FEC0) and the same
         * immediates, except where set here. */
        p.layout_tiles_x = 1024;      /* $80 chunks of 8 tiles: x wraps */
        p.layout_tiles_y = 128;       /* 16 rows of 8 tiles, then wrap */
        /* Sonic_MoveLeft/Right keep a speed above top speed;
         * Sonic_ChgJumpDir still clamps. */
        p.clamp_above_top_speed = 0;
        if (character == SPG_CHAR_TAILS)
            p.stand_height_radius = 0x0F; /* Obj02_Init */
        else {
            p.roll_deceleration = 0x20; /* Sonic_RollSpeed: move.w #$20,d4
                                           (Tails_RollSpeed: dec asr 2) */
            p.roll_deceleration_immediate = 1;
        }
    }
    if (game == SPG_GAME_SONIC3 || game == SPG_GAME_SONIC3K) {
        /* Sonic 3 (Obj_Sonic / Obj_Tails): Character_Speeds gives both
         * $600/$C/$80 (shoes $C00/$18/$80, water $300/$6/$40, the same
         * sets), written to Max_speed.. ($F760) or Max_speed_P2..
         * ($FEC0).  Everything above holds except: */
        p.clamp_above_top_speed = 0;     /* Sonic_Move: keep the higher */
        p.air_clamp_above_top_speed = 0; /* Sonic_ChgJumpDir: the same */
        p.right_limit_offset = 0x128;    /* Player_LevelBound */
        p.push_only_facing_wall = 1;     /* loc_123F4 */
        p.layout_tiles_x = 1024;         /* 128 chunks of 8 tiles a row */
        p.layout_tiles_y = 128;          /* 16 rows of 8 tiles, then wrap
                                            (Layout_row_index_mask $3C) */
        if (character == SPG_CHAR_TAILS)
            p.stand_height_radius = 0x0F; /* Tails_Init */
        else {
            p.roll_deceleration = 0x20;  /* Sonic_RollSpeed: #$20 */
            p.roll_deceleration_immediate = 1;
        }
    }
    if (game == SPG_GAME_SONIC3K) {
        /* Sonic & Knuckles (docs/research/sonic3k-differences.md, rows
         * #K2, #K5-#K7): Sonic 3's values, and Knuckles' jump. */
        p.roll_stop_speed = 0x80;        /* loc_11570: abs gs < $80 */
        p.wall_check_cardinal = 1;       /* loc_11350: angle & $3F */
        p.right_limit_exclusive = 1;     /* Player_LevelBound: bcs */
        p.land_shift_by_angle = 1;       /* Player_TouchFloor ($1217E) */
        p.roll_deceleration = 0x20;      /* Tails_RollSpeed too: #$20 */
        p.roll_deceleration_immediate = 1;
        p.roll_min_speed = 0x100;        /* SonicKnux_Roll: cmpi.w #$100 */
        if (character == SPG_CHAR_KNUCKLES) {
            p.jump_speed = 0x600;        /* Knux_Jump */
            p.jump_speed_underwater = 0x300;
        }
    }

    if (game == SPG_GAME_SONICCD) {
        /* Sonic CD's ObjSonic (docs/research/soniccd-differences.md):
         * ObjSonic_Init and the monitor and water code write Sonic 1's
         * three speed sets; Sonic 1's immediates, except: */
        p.clamp_above_top_speed = 0;      /* MoveGndLeft/Right: ble/bge */
        p.layout_tiles_x = 2048;          /* 128 chunks of 16 tiles */
        p.layout_tiles_y = 256;           /* 16 rows of 16 tiles, then wrap */
        p.peelout_speed = 100;            /* MoveGround .Peelout */
        p.spindash_speed = 75;            /* MoveRoll .Spindash */
        /* 2 x top speed; the speedShoes flag takes top / 2 off */
        p.charge_speed_cap = m68k_aslw(p.top_speed, 1);
        if (variant == SPG_VARIANT_SPEED_SHOES)
            p.charge_speed_cap = m68k_subw(p.charge_speed_cap,
                                           m68k_asrw(p.top_speed, 1));
        p.spindash_start_speed = 0x16;    /* .CheckSpindash */
        p.peelout_charge_frames = 30;     /* ObjSonic: the charge time cap */
        p.spindash_charge_frames = 45;
        p.fall_speed_cap = 0x1000;        /* ObjMoveGrv */
        p.roll_jump_stand_radii = 0;      /* ObjSonic_CheckJump */
        p.air_roll_jump_lock = 0;         /* ObjSonic_MoveAir */
        p.floor_negative_full = 1;        /* FindLevelFloor(2) */
    }

    *out = p;
    return 0;
}

spg_player spg_player_default(const spg_profile *profile)
{
    spg_player p = {0};

    p.height_radius = profile->stand_height_radius;
    p.width_radius = profile->stand_width_radius;
    p.routine = SPG_ROUTINE_CONTROL;
    p.render_flags = SPG_RENDER_PLAYFIELD; /* move.b #4,obRender(a0) */
    /* Sonic_Main's (or the monitor's) speed constants in RAM */
    p.top_speed = profile->top_speed;
    p.acceleration = profile->acceleration;
    p.deceleration = profile->deceleration;
    if (profile->game == SPG_GAME_SONIC2 || profile->game == SPG_GAME_SONIC3 ||
        profile->game == SPG_GAME_SONIC3K) {
        p.top_solid_bit = 0x0C;  /* Obj01_Init / Sonic_Init: primary path */
        p.lrb_solid_bit = 0x0D;
    } else {
        p.top_solid_bit = 0x0D;  /* Sonic 1's FindFloor / FindWall bits */
        p.lrb_solid_bit = 0x0E;
    }
    if (profile->variant == SPG_VARIANT_UNDERWATER)
        p.status = SPG_STATUS_UNDERWATER;
    if (profile->game == SPG_GAME_SONICCD) {
        p.cam_x_center = 160;   /* camXCenter: 320 / 2 */
        p.cam_y_center = 0x60;  /* camYCenter, as the level starts it */
        p.time_zone = 1;        /* the present: R11A__.MMD's own */
    }
    return p;
}

/*
 * No tiles, and limits that Sonic_LevelBound can never reach: it stops the
 * player when the pixel x is below left + $10 or at/above right + $168
 * (unsigned word compares) and kills below bottom + 224 (signed).  With
 * left = -$10, right = $FFFF - $168 and bottom = $7FFF - 224 the three
 * sums are 0, $FFFF and $7FFF: only pixel x = $FFFF (-1, outside every
 * level) would still be stopped.
 */
spg_map spg_map_default(void)
{
    static const spg_mask empty_mask[1] = {{{0}, {0}, 0}};
    spg_map m = {0};

    m.masks = empty_mask;
    m.mask_count = 1;
    m.cells = 0;
    m.limit_left = -0x10;
    m.limit_right = m68k_w(0xFFFFu - 0x168u);
    m.limit_bottom = 0x7FFF - 224;
    m.limit_top = 0;
    m.zone = SPG_ZONE_NONE;
    m.water_level = 0x7FFF; /* below every level */
    m.water_flag = 0;
    return m;
}
