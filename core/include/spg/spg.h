/*
 * spg.h - public API of the spgsim physics core.
 *
 * The core reproduces the Sega Mega Drive Sonic the Hedgehog player physics
 * bit for bit.  It is a pure function of plain structs:
 *
 *     spg_step(&profile, &map, input, &player);
 *
 * reads the game profile (constants and per-game switches), the solid tile
 * map and this frame's joypad bytes, and advances `player` by exactly one
 * frame of the original player routine.  The core allocates nothing, does no
 * I/O, uses no floating point and keeps no mutable globals: two calls with
 * equal arguments give equal results, on any compiler and optimisation level.
 *
 * Units are the game's own: positions are 16.16 fixed point (pixel in the
 * high word, subpixel in the low word), speeds are signed 8.8 words in 1/256
 * pixel per frame, angles are bytes with 256 units per turn counted the
 * other way round from degrees (the guide's "hex angles").
 */
#ifndef SPG_SPG_H
#define SPG_SPG_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Version of the core; also written into trace headers.  The numbers
 *  follow semantic versioning: a new major version may change the API or
 *  the traces, a new minor one only adds. */
#define SPG_VERSION_MAJOR 0
#define SPG_VERSION_MINOR 1
#define SPG_VERSION_PATCH 0
#define SPG_VERSION "0.1.0"
/** One number for comparisons: major * 10000 + minor * 100 + patch. */
#define SPG_VERSION_NUMBER \
    (SPG_VERSION_MAJOR * 10000 + SPG_VERSION_MINOR * 100 + SPG_VERSION_PATCH)

/** Marks the public functions: the only symbols libspg.so exports (the
 *  library is built with hidden visibility; see the Makefile). */
#if defined(__GNUC__) || defined(__clang__)
#define SPG_API __attribute__((visibility("default")))
#else
#define SPG_API
#endif

/* ------------------------------------------------------------------------ */
/* Games, characters and profile variants                                    */
/* ------------------------------------------------------------------------ */

/** The games whose player routine a profile describes. */
typedef enum spg_game {
    SPG_GAME_SONIC1 = 1, /**< Sonic the Hedgehog (1991), REV01 */
    SPG_GAME_SONIC2 = 2, /**< Sonic the Hedgehog 2 (1992), REV01 */
    SPG_GAME_SONIC3 = 3,  /**< Sonic the Hedgehog 3 (1994), the cartridge
                              without the lock-on */
    SPG_GAME_SONIC3K = 4, /**< Sonic & Knuckles (1994): its cartridge's
                               player code, which Sonic 3 & Knuckles (the
                               lock-on) runs too */
    SPG_GAME_SONICCD = 5  /**< Sonic CD (1993, Mega-CD, USA): the player
                               code of the level program R11A__.MMD
                               (Palmtree Panic Act 1 Present), ObjSonic */
} spg_game;

/** The playable characters. */
typedef enum spg_character {
    SPG_CHAR_SONIC = 0,
    SPG_CHAR_TAILS = 1,  /**< Sonic 2 on: Obj02 (Sonic 3: Obj_Tails) as the
                             player character */
    SPG_CHAR_KNUCKLES = 2 /**< Sonic & Knuckles: Obj_Knuckles, alone
                               (Player_mode 3) */
} spg_character;

/** Constant sets a game switches between at run time. */
typedef enum spg_variant {
    SPG_VARIANT_NORMAL = 0,      /**< dry, no power-ups */
    SPG_VARIANT_SPEED_SHOES = 1, /**< speed shoes: faster top speed/accel */
    SPG_VARIANT_UNDERWATER = 2   /**< underwater constants; also sets the
                                      underwater status bit at start */
} spg_variant;

/* ------------------------------------------------------------------------ */
/* Joypad                                                                    */
/* ------------------------------------------------------------------------ */

/** Button bits, in the layout of the original joypad bytes. */
enum {
    SPG_BTN_UP = 0x01,
    SPG_BTN_DOWN = 0x02,
    SPG_BTN_LEFT = 0x04,
    SPG_BTN_RIGHT = 0x08,
    SPG_BTN_B = 0x10,
    SPG_BTN_C = 0x20,
    SPG_BTN_A = 0x40,
    SPG_BTN_START = 0x80
};

/** One frame of joypad input. */
typedef struct spg_input {
    uint8_t held;    /**< buttons held this frame (SPG_BTN_*) */
    uint8_t pressed; /**< buttons newly pressed this frame (held now, not
                          held the frame before) */
} spg_input;

/* ------------------------------------------------------------------------ */
/* Solid tiles                                                               */
/* ------------------------------------------------------------------------ */

/**
 * A 16x16 collision mask ("height mask" in the guide).
 *
 * heights[i] is the column height at x offset i: 0 = empty column, 1..16 =
 * solid from the bottom up, negative = solid from the top down (-16..-1).
 * widths[j] is the same for row j seen from the side (used by wall and
 * horizontal sensors).  angle is the surface angle; $FF marks a flat-topped
 * tile whose angle is taken from the sensor direction instead.  The
 * original's collision arrays hold bytes, and the core reads every value
 * -128..127 exactly as FindFloor / FindWall do (sign-extended, negated as
 * a word when flipped): 17..127 is a surface above the tile, -17..-128 one
 * hanging below it.
 */
typedef struct spg_mask {
    int8_t heights[16];
    int8_t widths[16];
    uint8_t angle;
} spg_mask;

/**
 * Fill mask->widths from mask->heights the way the original's masks were
 * made: rebuild the 16x16 bitmap (each column solid from the bottom for a
 * positive height, from the top for a negative one) and count each row's
 * solid pixels; a row is negative when its leftmost pixel is solid, 16 when
 * it is full.  This gives the ROM's widths for 255 of Sonic 1's 256 masks
 * (not mask $55, whose columns float inside the tile).  Meant for heights
 * -16..16, the ones a 16x16 bitmap has.
 */
SPG_API void spg_mask_derive_widths(spg_mask *mask);

/** Cell word layout: mask index and flags (mirrors the original's layout). */
enum {
    SPG_CELL_MASK = 0x00FF,       /**< index into spg_map.masks; 0 = empty */
    SPG_CELL_XFLIP = 0x0800,      /**< mask mirrored left-right */
    SPG_CELL_YFLIP = 0x1000,      /**< mask mirrored top-bottom */
    SPG_CELL_TOP_SOLID = 0x2000,  /**< seen by floor sensors (Sonic 2: on
                                       the primary collision path) */
    SPG_CELL_SIDE_SOLID = 0x4000, /**< seen by wall and ceiling sensors
                                       (Sonic 2: primary path) */
    /** Sonic 2 on: the same two bits for the secondary collision path.
     *  A player whose top_solid_bit / lrb_solid_bit select the secondary
     *  path sees these instead of the two above.  Sonic 1 ignores them. */
    SPG_CELL_TOP_SOLID_2 = 0x8000,
    SPG_CELL_SIDE_SOLID_2 = 0x0400
};

/**
 * A map of 16x16 solid tiles in level coordinates, plus the level limits.
 *
 * The map covers tiles [x0, x0+width) x [y0, y0+height); every other tile
 * is empty.  Level tile (tx, ty) covers pixels tx*16..tx*16+15 and
 * ty*16..ty*16+15.  The caller owns the arrays; the core only reads them.
 * Coordinates wrap exactly as the original level layout does (see the
 * game profile), so a scenario never needs to know about it.
 */
typedef struct spg_map {
    const spg_mask *masks;   /**< masks[0] must be all zero (empty) */
    uint16_t mask_count;     /**< number of entries in masks (<= 256) */
    const uint16_t *cells;   /**< width*height cell words, row-major */
    /** Sonic 2 on: width*height mask indices (into masks) that a player
     *  on the secondary collision path sees for each cell, where the
     *  original's block has a different mask in Secondary_Collision than
     *  in Primary_Collision; NULL: the same mask on both paths (the flip
     *  bits of the cell word count for both).  Sonic 1 ignores it. */
    const uint8_t *secondary_masks;
    uint16_t x0, y0;         /**< level tile of cells[0] */
    uint16_t width, height;  /**< size in tiles */
    /** Level limits in pixels (v_limitleft2, v_limitright2, v_limitbtm2
     *  in Sonic 1): where Sonic_LevelBound stops or kills the player. */
    int16_t limit_left, limit_right, limit_bottom;
    /** Sonic 2 on: the top camera limit (Camera_Min_Y_pos).  -$100
     *  (Metropolis Zone's level size in Sonic 2) turns on the vertical
     *  wrap: the pixel y ANDed with $7FF (Sonic 3 on: Screen_Y_wrap_value,
     *  $7FF for the layout the core reads) after the mode routine of each
     *  routine 2 frame.  Sonic 3 on also: Tails' flight stops climbing
     *  above limit_top + $10, Knuckles' glide and climb have top-limit
     *  rules that -$100 turns off.  Sonic 1 and CD ignore it. */
    int16_t limit_top;

    /* ---- Sonic 1's loops and roll tunnels (Sonic_Loops) ---------------- */
    /** The level's zone (Sonic 1: v_zone, $FFFFFE10): Sonic_Loops runs only
     *  in the zones of the profile's loop_zones.  spg_map_default gives
     *  SPG_ZONE_NONE, a zone no game's zone test picks. */
    uint8_t zone;
    /** Sonic 1 (NULL: every byte 0): the level layout as v_lvllayout
     *  ($FFFFA400) holds it, SPG_LAYOUT_ROWS rows of SPG_LAYOUT_ROW_BYTES
     *  bytes, the 256 px chunk of row (y >> 8) & 7, column (x >> 8) & $7F
     *  (columns $40..$7F are the background's).  The core reads two
     *  things from it: a byte with bit 7 set marks a loop chunk, which
     *  FindNearestTile reads from low_cells for a player whose render
     *  flags have bit 6 (the low plane); and Sonic_Loops compares the
     *  byte under the player with loop_chunks.  What the sensors read is
     *  still cells (and low_cells): the layout does not make a cell empty
     *  or solid. */
    const uint8_t *layout;
    /** Sonic 1 (NULL: the same as cells): width * height cell words, like
     *  cells, read instead of cells in a chunk whose layout byte has bit 7
     *  by a player on the low plane.  The original keeps a loop chunk as
     *  two 256x256 chunks, byte & $7F (low plane) and the one before it
     *  (high plane); with (byte & $7F) + 1 == $29 the low plane is chunk
     *  $50 instead.  Here each plane is simply given cell by cell. */
    const uint16_t *low_cells;
    /** Sonic 1: v_256loop1, v_256loop2, v_256roll1, v_256roll2
     *  ($FFFFF7AC..$F7AF), the layout bytes of the zone's loop and
     *  roll-tunnel chunks (LoopTileNums: Green Hill $B5, $7F, $1F, $20;
     *  Star Light $AA, $B4, $7F, $7F; $7F, which no layout holds, in the
     *  others). */
    uint8_t loop_chunks[4];

    /* ---- water (Sonic_Water, Tails_Water, Knuckles_Water) ------------- */
    /** The water's surface, a level y in pixels (Sonic 1: v_waterpos1,
     *  Sonic 2: Water_Level_1, Sonic 3 and Sonic & Knuckles: Water_level;
     *  $FFFFF646 in all four).  Where the level has water the player is
     *  underwater while water_level < his pixel y (cmp.w y_pos(a0),d0 /
     *  bge: signed words, the object's centre), so y == water_level is
     *  above it.  spg_map_default gives $7FFF, below every level. */
    int16_t water_level;
    /** Sonic 2, 3 and Sonic & Knuckles: Water_flag ($FFFFF730), set at
     *  level load in the levels with water; Sonic_Water does nothing
     *  while it is 0.  Sonic 1's Sonic_Water tests the zone instead (the
     *  profile's water_zones: Labyrinth Zone); there it mirrors f_water
     *  ($FFFFF64C), which the level sets in Labyrinth Zone, and the core
     *  does not read it. */
    uint8_t water_flag;
} spg_map;

/** A zone no game's zone test picks (spg_map.zone of spg_map_default). */
#define SPG_ZONE_NONE 0xFF
/** Sonic 1's level layout (spg_map.layout): 8 rows of $80 bytes. */
#define SPG_LAYOUT_ROWS 8
#define SPG_LAYOUT_ROW_BYTES 0x80
/** spg_map.loop_chunks entries. */
enum {
    SPG_LOOP1 = 0, /**< v_256loop1 */
    SPG_LOOP2 = 1, /**< v_256loop2: in the air, back to the high plane */
    SPG_ROLL1 = 2, /**< v_256roll1: a roll tunnel, curl up */
    SPG_ROLL2 = 3  /**< v_256roll2 */
};


/** A map with no tiles, limits wide enough never to matter and no water
 *  (water_flag 0, water_level $7FFF, zone SPG_ZONE_NONE). */
SPG_API spg_map spg_map_default(void);

/* ------------------------------------------------------------------------ */
/* Player state                                                              */
/* ------------------------------------------------------------------------ */

/** Status bits (object status byte; obStatus, offset $22 in Sonic 1). */
enum {
    SPG_STATUS_FACING_LEFT = 0x01,
    SPG_STATUS_IN_AIR = 0x02,
    SPG_STATUS_ROLLING = 0x04,
    SPG_STATUS_ON_OBJECT = 0x08,
    SPG_STATUS_ROLL_JUMP = 0x10,
    SPG_STATUS_PUSHING = 0x20,
    SPG_STATUS_UNDERWATER = 0x40
};

/** Player routine numbers (obRoutine). */
enum {
    SPG_ROUTINE_CONTROL = 2, /**< normal play */
    SPG_ROUTINE_HURT = 4,
    SPG_ROUTINE_DEATH = 6,   /**< falling off the bottom of the level */
    SPG_ROUTINE_RESET_LEVEL = 8 /**< waiting for the level to restart */
};

/**
 * The player object: every field the original routine keeps from one frame
 * to the next, under the guide's names.  A trace row shows all of them.
 * Offsets are those of the Sonic 1 object RAM layout unless a field says
 * otherwise; Sonic 2 (MainCharacter $FFFFB000) keeps the same fields at
 * the same offsets except where noted.
 */
typedef struct spg_player {
    int32_t x;               /**< X Position, 16.16 (obX, $08) */
    int32_t y;               /**< Y Position, 16.16 (obY, $0C) */
    int16_t x_speed;         /**< X Speed (obVelX, $10) */
    int16_t y_speed;         /**< Y Speed (obVelY, $12) */
    int16_t ground_speed;    /**< Ground Speed (obInertia, $14) */
    uint8_t height_radius;   /**< obHeight ($16): 19 standing, 14 curled */
    uint8_t width_radius;    /**< obWidth ($17): 9 standing, 7 curled */
    uint8_t anim;            /**< animation id (obAnim, $1C) */
    uint8_t status;          /**< SPG_STATUS_* bits (obStatus, $22) */
    uint8_t routine;         /**< SPG_ROUTINE_* (obRoutine, $24) */
    uint8_t angle;           /**< Ground Angle (obAngle, $26) */
    uint8_t angle_buffer_1;  /**< first ground sensor's angle, kept from
                                  the previous frame ($36) */
    uint8_t angle_buffer_2;  /**< second ground sensor's angle ($37) */
    uint8_t jumping;         /**< set by a jump, cleared on landing ($3C) */
    uint16_t control_lock;   /**< horizontal control lock timer (Sonic 1
                                  $3E; Sonic 2 move_lock, $2E) */
    /** The object word at $38 ($38-$39).  Its high byte is the
     *  stick-to-convex flag (stick_to_convex): while it is non-zero,
     *  Sonic_AnglePos keeps the player on a surface more than 14 px away
     *  and Sonic_SlopeRepel returns at once.  Sonic_Jump clears the high
     *  byte; KillSonic stores the pixel y here, so a player who dies on the
     *  ground sticks for the rest of that frame (the mode routine goes on
     *  after Sonic_LevelBound).  Objects such as the running disc set it. */
    uint16_t word_38;

    /* What the animation routine (Sonic_Animate, core/src/anim.c) keeps
     * from frame to frame.  The physics code picks the animation id
     * (`anim`); Sonic_Animate steps through that animation's script and
     * picks the sprite. */
    uint8_t mapping_frame;   /**< the sprite (mapping frame) shown: index
                                  into Sonic's sprite mappings, fr_* in the
                                  disassembly (obFrame, $1A) */
    uint8_t anim_frame;      /**< position in the animation script: the
                                  next entry to show (obAniFrame, $1B) */
    uint8_t prev_anim;       /**< the animation id Sonic_Animate ran last
                                  frame; when anim differs, the script
                                  restarts (obPrevAni, $1D).  Sonic_AnglePos
                                  sets it to 1 (id_Run) when the player
                                  leaves the ground, which restarts the
                                  walk on the next frame */
    uint8_t anim_timer;      /**< the script entry's frame timer: each
                                  frame Sonic_Animate subtracts 1 and, when
                                  it goes below 0, reloads it with the
                                  entry's duration and shows the next entry
                                  (obTimeFrame, $1E) */
    uint8_t render_flags;    /**< the sprite's render flags (obRender, $01):
                                  SPG_RENDER_* bits.  Sonic_Animate rewrites
                                  the two flip bits; the rest keep the value
                                  Sonic_Main gave them (SPG_RENDER_PLAYFIELD) */

    /* Sonic 2 on (Sonic 1 keeps them at their defaults and never reads
     * them).  Sonic 2 splits the word at $38: its high byte is
     * stick_to_convex, its low byte spindash_flag ("pinball_mode",
     * $39), set while a spindash charges. */
    uint16_t spindash_counter; /**< Sonic 2 spindash_counter ($3A, word):
                                    the charge, +$200 a press, capped at
                                    $800, losing counter >> 5 a frame;
                                    after death the restart countdown */
    uint8_t top_solid_bit;     /**< Sonic 2 top_solid_bit ($3E): the cell
                                    word bit floor sensors test, $C on the
                                    primary collision path, $E on the
                                    secondary (it also picks the path's
                                    block -> mask table); Sonic 1: $D */
    uint8_t lrb_solid_bit;     /**< Sonic 2 lrb_solid_bit ($3F): the bit
                                    wall and ceiling sensors test, $D
                                    primary, $F secondary; Sonic 1: $E */

    /* Sonic 3 on (Sonic 1 and 2 keep them at 0 and never read them).
     * Sonic 3's object is $4A bytes with other offsets for the fields
     * above (docs/research/sonic3-differences.md, section 3.1): x $10,
     * y $14, speeds $18/$1A/$1C, radii $1E/$1F, anim $20, prev_anim $21,
     * mapping_frame $22, anim_frame $23, anim_timer $24, angle $26,
     * status $2A, routine $05, render_flags $04, move_lock $32, the
     * angle buffers next_tilt $3A / tilt $3B, stick_to_convex $3C and
     * spin_dash_flag $3D (word_38's high and low byte), spin_dash_counter
     * $3E, jumping $40, top_solid_bit $46, lrb_solid_bit $47. */
    uint8_t double_jump_flag;     /**< double_jump_flag ($2F): Sonic's
                                       insta-shield sets 1 (until he
                                       lands); Tails' flight: 1 flying, 2..$1F
                                       climbing after a press */
    uint8_t double_jump_property; /**< double_jump_property ($25): Tails'
                                       flight time left, 240 at the start,
                                       1 less every other frame */
    uint8_t scroll_delay_counter; /**< scroll_delay_counter ($39): frames
                                       of looking up or down (the camera
                                       moves from 120 on); 0 otherwise */
    uint16_t frame_counter;       /**< Level_frame_counter ($FFFFFE04): the
                                       level loop adds 1 before the objects
                                       run, so spg_step adds 1 first;
                                       Tails' flight time counts down on
                                       odd values */

    /* Sonic & Knuckles on (0 and never read before). */
    uint8_t glide_flags;          /**< Gliding_collision_flags
                                       ($FFFFF74E, a RAM byte outside the
                                       object): Knuckles' glide collision
                                       (Knux_DoLevelCollision_CheckRet)
                                       clears bit 1 (SPG_STATUS_IN_AIR's
                                       bit) when it finds a floor and sets
                                       bit 5 (SPG_STATUS_PUSHING's) on a
                                       wall; Knux_Test_For_Glide sets it to
                                       $02, a failed grab or a slide off a
                                       ledge sets bit 1.  Nothing else
                                       clears it, and the glide (state 1)
                                       and the fall after it (state 2) read
                                       bit 1 after a collision pass that
                                       found no floor: the value from the
                                       frames before */

    /* Sonic CD on (0 and never read before; spg_player_default gives the
     * camera centres and time zone their level-start values).  Sonic CD's
     * object is Sonic 1's layout ($40 bytes at $FFFFD000) with the fields
     * above at Sonic 1's offsets (oPlayerGVel = ground_speed $14,
     * oPlayerStick = word_38's high byte, oPlayerMoveLock = control_lock
     * $3E, oPlayerPriAngle/SecAngle = angle buffers $36/$37). */
    uint8_t charge;        /**< oPlayerCharge ($2A): the peel-out / spindash
                                charge time, 1 on the press, then 1 more
                                each frame before the routine runs, up to
                                30 (peel-out) or 45 (spindash: rolling);
                                0 = not charging */
    uint8_t player_ctrl;   /**< oPlayerCtrl ($2C): bit 0 controlled by an
                                object, bit 1 on a 3D ramp (Palmtree Panic
                                1 Present's ramp chunks), bit 2 hanging,
                                bit 3 on a pole, bit 6 invisible, bit 7 no
                                object collision */
    uint8_t look_mode;     /**< lookMode ($FFFFF788): low nibble the up/down
                                double-tap timer, bit 7 looking up, bit 6
                                looking down (only then does the camera
                                move) */
    uint8_t time_zone;     /**< timeZone ($FF152E): 0 past, 1 present (the
                                program's own), 2 future.  Level state the
                                player code reads (the present's 3D ramps
                                and air lock in Palmtree Panic 1) and never
                                writes without a time post */
    uint16_t cam_x_center; /**< camXCenter ($FFFFF7A0): the camera's lead,
                                160 centred, moved 2 px a frame toward
                                96/224 at |ground speed| >= $600 */
    uint16_t cam_y_center; /**< camYCenter ($FFFFF73E, Sonic 1's
                                v_lookshift): 96 centred, 8..200 looking
                                down/up; the player code re-centres it and
                                clears look_mode only once it is 96 */
    uint16_t bored_timer;  /**< boredTimer ($FFFFF780): started (1) by the
                                idle animation, cleared by any other; the
                                level loop, not the player, counts it up
                                (spgsim's capture runs no level loop, so it
                                stays 0 or 1 unless a start sets it), and
                                at 10800 Sonic gives up (not modelled: a
                                start below 10800 only) */

    /* Every game: the three speed constants the player code reads from
     * RAM, not from immediates, and which Sonic_Water rewrites on
     * entering and leaving water (spg_player_default gives the profile's
     * values, the variant's set).  Sonic 1: v_sonspeedmax, v_sonspeedacc,
     * v_sonspeeddec ($FFFFF760, $F762, $F764); Sonic 2: Sonic_top_speed,
     * Sonic_acceleration, Sonic_deceleration ($FFFFF760..) for Sonic,
     * Tails_top_speed.. ($FFFFFEC0, $FEC2, $FEC4) for Tails; Sonic 3 and
     * Sonic & Knuckles: Max_speed, Acceleration, Deceleration ($FFFFF760..)
     * for Sonic and Knuckles, Max_speed_P2.. ($FFFFFEC0..) for Tails (the
     * block the object's a4 points at); Sonic CD: sonicTopSpeed,
     * sonicAcceleration, sonicDeceleration.  The rolling and air values
     * are derived from them inside the routines (air control 2 x
     * acceleration, rolling friction acceleration asr 1, rolling braking
     * deceleration asr 2 unless the profile's roll_deceleration_immediate).
     * They are not trace columns: a golden shows them through the speeds
     * they limit. */
    int16_t top_speed;     /**< top speed: $600 normal, $C00 speed shoes,
                                $300 underwater */
    int16_t acceleration;  /**< acceleration (and friction): $C, $18, 6 */
    int16_t deceleration;  /**< deceleration: $80, $80, $40 */
} spg_player;

/** Render flag bits (obRender, offset $01 in Sonic 1). */
enum {
    SPG_RENDER_XFLIP = 0x01,     /**< sprite mirrored left-right */
    SPG_RENDER_YFLIP = 0x02,     /**< sprite mirrored top-bottom */
    SPG_RENDER_PLAYFIELD = 0x04, /**< drawn in level coordinates (set by
                                      Sonic_Main, never changed) */
    SPG_RENDER_LOW_PLANE = 0x40  /**< Sonic 1: on a loop's low plane
                                      (set and cleared by Sonic_Loops; the
                                      sensors then read spg_map.low_cells
                                      in a loop chunk) */
};

/* ------------------------------------------------------------------------ */
/* Game profile                                                              */
/* ------------------------------------------------------------------------ */

/**
 * Constants and behaviour switches of one game, character and variant.
 * Get one from spg_profile_get(); a field's comment names the original
 * constant.  Speeds are in 1/256 px per frame.
 */
typedef struct spg_profile {
    spg_game game;
    spg_character character;
    spg_variant variant;

    /** The variant's three RAM speed constants (v_sonspeedmax,
     *  v_sonspeedacc, v_sonspeeddec): what spg_player_default puts in
     *  the player's top_speed, acceleration and deceleration, which the
     *  routines read (Sonic_Water changes them during a run). */
    int16_t top_speed;        /**< v_sonspeedmax */
    int16_t acceleration;     /**< v_sonspeedacc; friction is the same */
    int16_t deceleration;     /**< v_sonspeeddec */
    /** The next three are derived from the player's speed constants
     *  inside the routines; the profile holds their values for the
     *  variant's set (what they are until Sonic_Water changes the set). */
    int16_t air_acceleration; /**< 2 x acceleration (asl.w #1 of v_sonspeedacc) */
    int16_t gravity;          /**< ObjectFall: $38 */
    int16_t underwater_gravity_cut; /**< subtracted after gravity while the
                                         underwater status bit is set: $28 */
    /** Jump speed and the release cap are chosen by the underwater STATUS
     *  BIT, not by the variant (Sonic_Jump / Sonic_JumpHeight test bit 6):
     *  these two apply while it is clear, the *_underwater pair while it
     *  is set.  Every variant holds the same four values. */
    int16_t jump_speed;       /**< $680 */
    int16_t jump_release_cap; /**< -$400 */
    int16_t slope_factor;         /**< walking: $20 */
    int16_t slope_factor_rollup;  /**< rolling uphill: $14 (the original
                                       shifts the $50 product right by 2,
                                       which rounds the same) */
    int16_t slope_factor_rolldown;/**< rolling downhill: $50 */
    int16_t roll_friction;    /**< acceleration asr 1 ($06; $0C shoes, $03 water) */
    int16_t roll_deceleration;/**< deceleration asr 2 ($20; $10 underwater);
                                   Sonic 2's Sonic: $20 in every variant
                                   (roll_deceleration_immediate) */
    int16_t roll_min_speed;   /**< $80: abs(ground speed) needed to roll */
    int16_t roll_x_speed_cap; /**< $1000 */
    int16_t slip_speed;       /**< $280 */
    uint16_t slip_lock;       /**< $1E: control lock after slipping */
    uint8_t stand_height_radius, stand_width_radius; /**< $13, 9 */
    uint8_t roll_height_radius, roll_width_radius;   /**< $0E, 7 */

    /** On the ground (Sonic_MoveLeft/Right), 1: holding forward above top
     *  speed clamps to top speed (Sonic 1); 0: the higher speed is kept
     *  (Sonic 2). */
    uint8_t clamp_above_top_speed;
    /** The same in the air (Sonic_JumpDirection, Sonic 2's
     *  Sonic_ChgJumpDir): 1 in both games. */
    uint8_t air_clamp_above_top_speed;
    int16_t jump_speed_underwater;       /**< $380 (underwater bit set) */
    int16_t jump_release_cap_underwater; /**< -$200 (underwater bit set) */
    /** Sonic_JumpHeight when not jumping: y speed is capped at -$FC0. */
    int16_t rise_speed_cap;
    /** Skid ("stop" animation) threshold: $400.  Sonic_Move compares it
     *  with the new ground speed's high byte only, so the skid starts at
     *  >= $400 turning left but at < -$300 (high byte <= $FC) turning
     *  right. */
    int16_t skid_speed;
    /** Sonic_Jump: no jump with less room overhead than this (6 px). */
    int16_t jump_min_room;
    /** Level layout wrap: tiles per row that exist (1024 in Sonic 1; x
     *  beyond reads as empty) and rows before y wraps (128 in Sonic 1). */
    uint16_t layout_tiles_x, layout_tiles_y;
    /** Sonic_LevelBound's right edge: limit_right plus this ($128 screen
     *  width, plus $40 in Sonic 1 and 2 when no boss locks the screen:
     *  $168; Sonic 3's Player_LevelBound: $128). */
    uint16_t right_limit_offset;
    /** Sonic_Move's wall check (also Sonic_RollSpeed's): 0 sets the
     *  pushing bit on any wall hit in the two wall directions (Sonic 1
     *  and 2); 1 only when the player faces that wall (Sonic 3,
     *  loc_123F4: btst #Status_Facing before bset #Status_Push). */
    uint8_t push_only_facing_wall;
    /** Sonic_RollSpeed stops rolling (or, with spin_dash_flag, keeps
     *  rolling at $400) when |ground speed| is below this, an unsigned
     *  compare after the friction: 1 (only at 0) in Sonic 1 to 3, $80 in
     *  Sonic & Knuckles (loc_11570: the ground speed is kept). */
    uint16_t roll_stop_speed;
    /** Sonic_Move's wall check is skipped on angles $40..$BF; 1: except
     *  the exact angles $40 and $80 (Sonic & Knuckles loc_11350 tests
     *  angle & $3F first). */
    uint8_t wall_check_cardinal;
    /** Sonic_LevelBound's right edge: 0 stops the player whose next pixel
     *  x is at or past it (bls, Sonic 1 to 3), 1 only past it (Sonic &
     *  Knuckles' Player_LevelBound: bcs). */
    uint8_t right_limit_exclusive;
    /** Player_TouchFloor's uncurl moves the centre by the old y radius
     *  minus the default one; 1: that shift is negated when (angle + $40)
     *  is negative, i.e. on the angles $40..$BF (Sonic & Knuckles, a
     *  rolling landing on a ceiling); 0 in Sonic 3. */
    uint8_t land_shift_by_angle;

    /** Sonic_Jump writes the standing radii before it tests the rolling
     *  bit, so a jump from a roll keeps standing radii (1: Sonic 1 to 3);
     *  0: a roll jump keeps the rolling radii (Sonic CD's
     *  ObjSonic_CheckJump writes radii only when it curls up). */
    uint8_t roll_jump_stand_radii;
    /** Sonic_JumpDirection skips air control while the roll-jump bit is
     *  set (1: Sonic 1 to 3); 0: Sonic CD's ObjSonic_MoveAir does not. */
    uint8_t air_roll_jump_lock;
    /** FindFloor / FindFloor2 with the downward step (a3 = $10): 1 reads
     *  a negative height as a full tile ($10) with angle 0 (Sonic CD's
     *  FindLevelFloor: cmpa.w #$10,a3); 0 as Sonic 1 (a tile hanging from
     *  its top). */
    uint8_t floor_negative_full;

    /* Sonic CD's ObjSonic (0 in the other games, which never read them). */
    /** The peel-out's ground speed gain a frame while up is held (moveq
     *  #100: $64) and the spindash's while down is held (#75: $4B). */
    int16_t peelout_speed, spindash_speed;
    /** Both charges stop at this ground speed: 2 x sonicTopSpeed, less
     *  half of it while the speedShoes flag is set ($C00; speed shoes
     *  $1200; underwater $600). */
    int16_t charge_speed_cap;
    /** The spindash's first ground speed, before StartRoll raises it
     *  ($16). */
    int16_t spindash_start_speed;
    /** oPlayerCharge's cap, and the value a release needs: 30 for the
     *  peel-out, 45 for the spindash (rolling). */
    uint8_t peelout_charge_frames, spindash_charge_frames;
    /** ObjMoveGrv's fall speed cap: a y speed of $1000 or more after
     *  gravity is set to $1000 (0: no cap, Sonic 1 to 3's ObjectFall). */
    int16_t fall_speed_cap;
    /** The zones (bit n: spg_map.zone n) in which the player routine runs
     *  Sonic_Loops: Sonic 1's Green Hill (0) and Star Light (3); 0 in the
     *  games without it. */
    uint16_t loop_zones;
    /** Sonic_RollSpeed's braking: 1 an immediate, roll_deceleration
     *  (Sonic 2 and 3's Sonic: move.w #$20,d4; Sonic & Knuckles' three
     *  characters), 0 the player's deceleration asr 2 (Sonic 1, Sonic 2
     *  and 3's Tails, Sonic CD). */
    uint8_t roll_deceleration_immediate;
    /** The zones (bit n: spg_map.zone n) in which Sonic 1's Sonic_Water
     *  acts (cmpi.b #id_LZ,(v_zone).w: Labyrinth Zone, 1); 0 in the games
     *  whose Sonic_Water tests spg_map.water_flag instead. */
    uint16_t water_zones;
} spg_profile;

/**
 * Fill a profile for a game, character and variant.
 * Returns 0 on success, -1 when the combination is not supported (the
 * profile is then left untouched).
 */
SPG_API int spg_profile_get(spg_game game, spg_character character,
                            spg_variant variant, spg_profile *out);

/**
 * A player standing still, facing right, at (0,0): standing radii from the
 * profile, routine SPG_ROUTINE_CONTROL, render flags SPG_RENDER_PLAYFIELD
 * (as Sonic_Main leaves them), everything else zero (animation 0, the
 * walk, at the start of its script); the underwater bit is set for
 * SPG_VARIANT_UNDERWATER.
 */
SPG_API spg_player spg_player_default(const spg_profile *profile);

/**
 * The highest script position (spg_player.anim_frame) the animation
 * routine can reach in animation `anim` of the profile's character: the
 * position of the script's end marker.  For the speed-driven animations
 * (Sonic 1 ids 0-4: walk, run, roll, fast roll, push; Sonic 2 and 3:
 * Sonic's ids 0-4 and Tails' walk/run ids 0, 1 and $1F), whose scripts
 * are chosen by speed and share one position, it is the largest of their
 * scripts' (8, the walk's).  Returns -1 when the character has no
 * animation `anim` (Sonic 1: ids above $1E; Sonic 2: Sonic's above $21,
 * Tails' above $20; Sonic 3: Sonic's above $23, Tails' above $28; in both
 * Tails' id 4, whose routine animates from another object's speed).
 * Sonic 3 examples: Sonic's Wait 106, Stop ($D) 4, Death ($18) 1; Tails'
 * Wait 59, Stop 4, Fly ($20) 1, Swim ($25) 5.  Sonic CD (ids 0..$3B; the
 * speed-driven ones, walk/run/peel-out/Run3D, roll/fast roll/Roll3D and
 * push, share 6): Wait 18, Skid ($D) 3, Death ($18) 1, the boredom give-up
 * ($2B) 37, Balance2 ($32) 4.
 * Scenario loaders use it to refuse a start state the original's tables
 * do not define.
 */
int spg_anim_last_position(const spg_profile *profile, uint8_t anim);

/**
 * The number of sprites (mapping frames) of the profile's character: the
 * valid spg_player.mapping_frame values are 0 .. count - 1 (Sonic 1: $58,
 * fr_Null .. fr_WaterSlide; Sonic 2: Sonic $D6, Tails $8B; Sonic 3:
 * Sonic $DA, Tails $D1, the frames of Map_Sonic / Map_Tails; Sonic &
 * Knuckles: $FB for each of Sonic, Tails and Knuckles; Sonic CD: $C6, the
 * frames of MapSpr_Sonic).  The
 * animation routine only shows sprites of its scripts; the count bounds a
 * start state.
 */
int spg_anim_mapping_frames(const spg_profile *profile);

/* ------------------------------------------------------------------------ */
/* Stepping                                                                  */
/* ------------------------------------------------------------------------ */

/**
 * Advance the player by one frame: what the original player routine does in
 * one call (Sonic 1: SonicPlayer, routine 2 "Sonic_Control": joypad copy,
 * the mode routine chosen by the air/roll status bits, water, angle
 * buffers, then the animation routine Sonic_Animate, which picks the
 * sprite and its flip bits).  Nothing outside *player changes.
 *
 * After falling below the bottom limit (routine 6, set as KillSonic does)
 * a frame runs Sonic_Death instead: the fall (and the death animation)
 * goes on until y passes limit_bottom + $100, then routine 8
 * (Sonic_ResetLevel), where nothing the traces show changes any more.
 *
 * Sonic 2 (Obj01 for Sonic, Obj02 for Tails): Obj01_Control's order, with
 * Sonic 2's own routines where they differ in shape (docs/games.md) and,
 * with map->limit_top -$100, the y mask after the mode routine (Sonic 3
 * and S&K too); in
 * routine 6 Obj01_Dead (signed limit compare, no y speed reset), in
 * routine 8 Obj01_Gone counts the restart countdown (spindash_counter)
 * down to 0.
 *
 * Sonic CD (ObjSonic of R11A__.MMD): the charge time counts first (every
 * routine), then in routine 2 the camera lead, the mode routine
 * (MdGround, MdRoll, MdAir, MdJump), the angle copies, ObjSonic_Animate
 * and the render flags DrawObject and SpecialChunks clear; in routine 6
 * ObjSonic_Dead (bottom + $100 unsigned, ObjMoveGrv with its fall cap).
 */
SPG_API void spg_step(const spg_profile *profile, const spg_map *map,
                      spg_input input, spg_player *player);

#ifdef __cplusplus
}
#endif

#endif /* SPG_SPG_H */
