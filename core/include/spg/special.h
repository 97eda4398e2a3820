/*
 * special.h - public API of the Sonic 1 special stage (the rotating maze).
 *
 * The special stage shares no physics with the normal stage: it has its
 * own player object (object 09, "Sonic in Special Stage") that moves on a
 * static grid of 24x24 blocks while gravity, the jump direction and the
 * left/right direction turn with the stage angle.  This module reproduces,
 * frame for frame, what one iteration of the original's special-stage loop
 * does to the game state:
 *
 *     spg_ss_step(&state, input);
 *
 * runs object 09 (SonicSpecial: the jump, Obj09_Move, Obj09_Fall, the item
 * and block reactions, SpeedToPos, the stage angle update, Sonic_Animate;
 * or the exit routines after GOAL, which animate too) and then SS_AniItems
 * (the item animations that write the layout).  Like spg_step it allocates nothing, does no I/O, uses no
 * floating point and keeps no mutable globals.
 *
 * Units: positions 16.16 (pixel word + subpixel word), speeds signed 8.8
 * words, the stage angle an 8.8 word whose high byte is the byte angle
 * (256 units per turn) and the rotation speed an 8.8 word added to it every
 * frame.  Addresses are kept as the original's 32-bit values: the layout
 * lives at $00FF0000 (v_ssbuffer1 through its 24-bit alias), one byte per
 * 24x24 block, rows of $80 bytes.
 */
#ifndef SPG_SPECIAL_H
#define SPG_SPECIAL_H

#include <stdint.h>

#include "spg/spg.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Bytes of the layout buffer (v_ssbuffer1, $FFFF0000-$FFFF3FFF). */
#define SPG_SS_LAYOUT_BYTES 0x4000
/** Bytes per layout row. */
#define SPG_SS_ROW 0x80
/** The address the original uses for layout byte 0 ($FF0000). */
#define SPG_SS_LAYOUT_ADDR 0x00FF0000u
/** Where the game puts its 64x64 stage: row and column $20. */
#define SPG_SS_STAGE_ORIGIN 0x20
/** Size of that stage area (v_ssblockbuffer: 64 rows of 64 blocks). */
#define SPG_SS_STAGE_SIZE 64
/** Size of a block in pixels. */
#define SPG_SS_BLOCK 24
/** Item animation slots (v_ssitembuffer: $100 bytes of 8-byte slots). */
#define SPG_SS_ITEM_SLOTS 32

/** Block ids (layout bytes) the player code and SS_AniItems know. */
enum {
    SPG_SS_EMPTY = 0x00,
    SPG_SS_WALL_FIRST = 0x01,   /**< $01-$24: walls (colours/zones) */
    SPG_SS_WALL_LAST = 0x24,
    SPG_SS_BUMPER = 0x25,
    SPG_SS_W = 0x26,            /**< "W" block: solid, no reaction */
    SPG_SS_GOAL = 0x27,
    SPG_SS_1UP = 0x28,          /**< not solid: an item */
    SPG_SS_UP = 0x29,
    SPG_SS_DOWN = 0x2A,
    SPG_SS_R = 0x2B,
    SPG_SS_RED_WHITE = 0x2C,    /**< solid; what ghost blocks turn into */
    SPG_SS_GLASS_FIRST = 0x2D,  /**< $2D-$30: glass, cracking one step per hit */
    SPG_SS_GLASS_LAST = 0x30,
    SPG_SS_R_FLASH = 0x31,      /**< R block animation frame */
    SPG_SS_BUMPER_HIT1 = 0x32,  /**< bumper animation frames */
    SPG_SS_BUMPER_HIT2 = 0x33,
    SPG_SS_RING = 0x3A,
    SPG_SS_EMERALD_FIRST = 0x3B, /**< $3B-$40: the six emeralds */
    SPG_SS_EMERALD_LAST = 0x40,
    SPG_SS_GHOST = 0x41,        /**< ghost block: not solid until switched */
    SPG_SS_SPARKLE_FIRST = 0x42, /**< $42-$45 ring sparkle */
    SPG_SS_ITEM_SPARKLE_FIRST = 0x46, /**< $46-$49 1-up/emerald sparkle */
    SPG_SS_GHOST_SWITCH = 0x4A,
    SPG_SS_GLASS_ANIM_FIRST = 0x4B /**< $4B-$4E glass animation (solid) */
};

/** Item animation types (slot byte 0; SS_AniIndex order). */
enum {
    SPG_SS_ANI_NONE = 0,
    SPG_SS_ANI_RING = 1,
    SPG_SS_ANI_BUMPER = 2,
    SPG_SS_ANI_1UP = 3,
    SPG_SS_ANI_R = 4,
    SPG_SS_ANI_EMERALD = 5,
    SPG_SS_ANI_GLASS = 6
};

/** Object 09 routines (obRoutine). */
enum {
    SPG_SS_ROUTINE_INIT = 0,  /**< Obj09_Main: first frame */
    SPG_SS_ROUTINE_PLAY = 2,  /**< Obj09_ChkDebug: normal play */
    SPG_SS_ROUTINE_EXIT = 4,  /**< Obj09_ExitStage: GOAL or last emerald */
    SPG_SS_ROUTINE_EXIT2 = 6  /**< Obj09_Exit2: the final countdown */
};

/** Animation ids (obAnim, $1C; Ani_Sonic's order).  Obj09_Main sets the
 *  roll and nothing in the special stage changes it. */
enum {
    SPG_SS_ANIM_ROLL = 0x02,     /**< id_Roll (SonAni_Roll) */
    SPG_SS_ANIM_ROLL_FAST = 0x03 /**< id_Roll2: same speed-driven kind */
};

/** Mapping frames the roll shows (obFrame, $1A: fr_Roll1..fr_Roll5 of
 *  Sonic's sprite sheet). */
enum {
    SPG_SS_FRAME_ROLL1 = 0x2E,
    SPG_SS_FRAME_ROLL5 = 0x32
};

/** Render flag bits (obRender, $01). */
enum {
    SPG_SS_RENDER_XFLIP = 0x01,  /**< mirrored: facing left */
    SPG_SS_RENDER_YFLIP = 0x02,  /**< upside down (cleared by the roll) */
    SPG_SS_RENDER_LEVEL = 0x04   /**< level coordinates (Obj09_Main) */
};

/** Status bits object 09 uses (obStatus, $22). */
enum {
    SPG_SS_STATUS_FACING_LEFT = 0x01,
    SPG_SS_STATUS_IN_AIR = 0x02, /**< clear = touching a block (the guide's
                                      block_hitting flag, inverted) */
    SPG_SS_STATUS_ROLLING = 0x04
};

/**
 * One item animation slot (8 bytes of v_ssitembuffer; byte 1 is never
 * written and stays 0).
 */
typedef struct spg_ss_item {
    uint8_t type;   /**< SPG_SS_ANI_* (byte 0); 0 = free */
    uint8_t timer;  /**< frames to the next animation step (byte 2) */
    /** Next animation step (byte 3).  spg_ss_step never leaves one past
     *  the end of its animation (the end frees the slot); handed one, it
     *  treats the step as the end.  (The original would read the ROM bytes
     *  after its SS_Ani*Data table there.) */
    uint8_t frame;
    /** Address of the layout byte it animates (long at 4).  For glass the
     *  original stores the block's next glass id (or 0) in the top byte
     *  (Obj09_Glass writes it over the address's high byte); the 68000's
     *  24-bit bus ignores it when the address is used, and the animation's
     *  last step writes it into the layout. */
    uint32_t addr;
} spg_ss_item;

/**
 * Everything the original keeps from one special-stage frame to the next
 * that the player code and SS_AniItems read or write.  Object fields give
 * their offset in the player object (v_player, $FFFFD000); the rest are
 * the RAM variables named.
 */
typedef struct spg_ss_state {
    int32_t x;               /**< X Position, 16.16 (obX, $08) */
    int32_t y;               /**< Y Position, 16.16 (obY, $0C) */
    int16_t x_speed;         /**< X Speed (obVelX, $10) */
    int16_t y_speed;         /**< Y Speed (obVelY, $12) */
    int16_t ground_speed;    /**< Ground Speed (obInertia, $14) */
    uint8_t status;          /**< SPG_SS_STATUS_* (obStatus, $22) */
    uint8_t routine;         /**< SPG_SS_ROUTINE_* (obRoutine, $24) */
    /** Id of the last solid block the tile checks found this frame, 0 if
     *  none ($30; cleared at the start of each play frame). */
    uint8_t last_block;
    /** Address of that block + 1 ($32, long; the check's (a1)+). */
    uint32_t last_block_addr;
    uint8_t updown_cooldown; /**< UP/DOWN block timer ($36) */
    uint8_t r_cooldown;      /**< R block timer ($37) */
    uint16_t exit_timer;     /**< Obj09_Exit2 countdown ($38, word) */
    /** Ghost blocks: 1 after passing over one, 2 after the switch; they
     *  turn solid on the next empty tile ($3A). */
    uint8_t ghost_state;
    /* The animation: what Sonic_Animate keeps in the object (object 09
     * calls it last in its play and both exit routines). */
    uint8_t render_flags;    /**< SPG_SS_RENDER_* (obRender, $01) */
    uint8_t mapping_frame;   /**< the sprite shown (obFrame, $1A) */
    uint8_t anim_frame;      /**< next script entry (obAniFrame, $1B) */
    uint8_t anim;            /**< SPG_SS_ANIM_* (obAnim, $1C) */
    uint8_t prev_anim;       /**< the id animated last (obPrevAni, $1D) */
    uint8_t anim_timer;      /**< frames to the next entry (obTimeFrame, $1E) */

    uint16_t stage_angle;    /**< v_ssangle: 8.8, high byte = angle */
    int16_t rotation;        /**< v_ssrotate: added to v_ssangle each frame */

    uint16_t rings;          /**< v_rings */
    uint8_t lives;           /**< v_lives */
    uint8_t continues;       /**< v_continues */
    uint8_t life_count;      /**< v_lifecount: bit 0 continue given at 50
                                  rings, bits 1/2 lives given at 100/200 */
    uint8_t emeralds;        /**< v_emeralds */
    uint8_t emerald_list[6]; /**< v_emldlist */
    /** 1 once the code has set v_gamemode to the level ($0C): the stage
     *  is over (at rotation $1800 after GOAL, or when the exit countdown
     *  reaches 0). */
    uint8_t stage_over;

    spg_ss_item items[SPG_SS_ITEM_SLOTS]; /**< v_ssitembuffer */
    /** The layout, v_ssbuffer1: byte (row * $80 + column), 128 x 128
     *  blocks; the game's 64x64 stage sits at row/column $20. */
    uint8_t layout[SPG_SS_LAYOUT_BYTES];
} spg_ss_state;

/**
 * Reset a state to what the game sets up before the first frame
 * (GM_Special / SS_Load): everything zero, an empty layout, routine 0,
 * stage angle 0, rotation $40, 3 lives.  The animation fields and the
 * render flags are 0 too: the object slot is clear until Obj09_Main (the
 * first step) sets the render flags to 4 and the animation to the roll.  The caller then writes the
 * layout and the position.
 */
SPG_API void spg_ss_reset(spg_ss_state *s);

/**
 * One frame of the special stage: object 09 (SonicSpecial) with this
 * frame's joypad bytes, then SS_AniItems.  The debug mode is off.
 */
SPG_API void spg_ss_step(spg_ss_state *s, spg_input input);

/** The block the maze (layout) holds at layout row/column, 0 outside. */
SPG_API uint8_t spg_ss_block(const spg_ss_state *s, int row, int col);

/** True when the player code treats block id `id` as solid (sub_1BD30:
 *  not 0, not the 1-up $28, not $3A-$4A). */
SPG_API int spg_ss_is_solid(uint8_t id);

#ifdef __cplusplus
}
#endif

#endif /* SPG_SPECIAL_H */
