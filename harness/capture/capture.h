/*
 * capture.h - running a scenario through the original game's player code
 * (under emulation) and recording the trace a golden holds.
 *
 *     capture_rom rom;
 *     if (capture_rom_load("sonic1.bin", &rom, stderr) != 0) exit(2);
 *     capture_error err;
 *     capture_session *cs = capture_session_open(&rom, NULL, 0, &err);
 *     if (!cs) ...
 *     for (each scenario s) {
 *         spg_player *rows = malloc((s.frames + 1) * sizeof *rows);
 *         if (capture_session_run(cs, &s, rows, NULL, &err) != 0)
 *             fprintf(stderr, "%s\n", err.msg);
 *     }
 *     capture_session_close(cs);
 *     capture_rom_free(&rom);
 *
 * A session keeps one emulator for many scenarios on one ROM (Unicorn's
 * translations of the code stay warm); capture_scenario() is a session of
 * one scenario.  Every scenario runs as if on a new emulator: the result
 * is the same byte for byte.
 * Tests describe a stand-in "ROM" of their own with capture_rom_from_desc.
 */
#ifndef SPGSIM_CAPTURE_CAPTURE_H
#define SPGSIM_CAPTURE_CAPTURE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "spg/spg.h"
#include "scenario/scenario.h"
#include "trace/trace.h"
#include "capture/emu.h"
#include "capture/level.h"
#include "capture/roms.h"

/* Written into every golden's header; bump when captures would change. */
#define CAPTURE_VERSION "0.1.0"

/* Instruction words one frame may run before the capture gives up (the
 * player routine runs about 1,050 instructions). */
#define CAPTURE_FRAME_BUDGET 200000u

/* Every address the capture needs, resolved from a ROM description. */
typedef struct capture_addrs {
    uint32_t player_routine;   /* SonicPlayer */
    uint32_t map_sonic;        /* Map_Sonic */
    uint32_t code_begin, code_end;
    level_addrs level;
    uint32_t player;           /* v_player */
    uint32_t objspace_end;     /* first byte after object RAM */
    uint32_t jpadhold1, jpadpress1, jpadhold2, jpadpress2;
    uint32_t limitleft2, limitright2, limittop2, limitbtm2, lookshift;
    uint32_t sonspeedmax, sonspeedacc, sonspeeddec;
    uint32_t anglebuffer, anglebuffer2;
    uint32_t playerctrl, lockctrl;
    uint32_t systemstack, debuguse, zone, debugmode;
    /* Sonic 1: v_256loop1 (the zone's four loop chunk ids from there on)
     * and the ROM's LoopTileNums (0 in a test image without it). */
    uint32_t loop_chunks, loop_tile_nums;
    /* Sonic 1: v_waterpos1 (the surface Sonic_Water compares), f_water
     * (the level's water flag) and v_air (the air counter ResumeMusic
     * tests and resets). */
    uint32_t waterpos1, water, air;
    int game;                  /* the description's game (spg_game) */
    /* Bytes of the ROM copy the level builder writes besides the four
     * tables of `level` (Sonic CD: the chunks, which live in the level
     * program); 0 bytes when none.  Put back from the image before each
     * scenario, and checked like the tables (inside the image, outside
     * the code range). */
    uint32_t rom_scratch, rom_scratch_size;
    /* Sonic 2 only (capture/sonic2.c resolves them): where its player code and RAM
     * differ from Sonic 1's.  The shared fields above hold Obj01
     * (player_routine), MainCharacter (player), the code range and the
     * three mask tables (level.angle_map etc.; no collision index in ROM). */
    struct capture_addrs_s2 {
        level_addrs_s2 level;
        uint32_t obj01, obj02, map_sonic, map_tails;
        uint32_t ctrl1, ctrl2; /* held; pressed at +1 */
        uint32_t cam_min_x, cam_max_x, cam_min_y, cam_max_y;
        uint32_t cam_max_y_target, cam_bias;
        uint32_t tails_min_x, tails_max_x, tails_min_y, tails_max_y;
        uint32_t sonic_top, sonic_acc, sonic_dec;
        uint32_t tails_top, tails_acc, tails_dec;
        uint32_t primary_angle, secondary_angle;
        uint32_t display_lists, vdp_buf, vdp_slot, sound_queue;
        uint32_t player_mode, two_player_mode, life_count, tails_cpu;
        uint32_t water_flag, super_flag, wind_tunnel, control_locked;
        uint32_t emeralds, star_pole, system_stack;
        uint32_t debug_placement, debug_flag, zone;
        uint32_t water_level;  /* Water_Level_1 */
    } s2;
    /* Sonic 3 only (capture/sonic3.c): its player code, level and RAM. */
    struct capture_addrs_s3 {
        level_addrs_s3 level;
        uint32_t obj_sonic, obj_tails;
        uint32_t ctrl1; /* held; pressed at +1 */
        uint32_t sprite_input, collision_list, dma_queue, dma_slot;
        uint32_t cam_target_max_y, cam_min_x, cam_max_x, cam_min_y, cam_max_y;
        uint32_t cam_y, y_wrap, dist_top, dist_top_p2;
        uint32_t water_level, mean_water_level, target_water_level;
        uint32_t bg_collision, no_death_plane, tails_cpu_idle, tails_cpu;
        uint32_t water_flag, carrying_flag;
        uint32_t max_speed, accel, decel, max_speed_p2, accel_p2, decel_p2;
        uint32_t primary_angle, secondary_angle, boss_flag, wind_tunnel;
        uint32_t ctrl1_locked, system_stack, frame_counter, debug_placement;
        uint32_t zone, life_count, super_flag, star_post, player_mode;
        uint32_t emeralds, competition, debug_flag;
        uint32_t map_sonic, map_tails;
        /* Sonic & Knuckles only (0 in Sonic 3's): Knuckles, and the RAM
         * the S&K player code reads that Sonic 3's does not */
        uint32_t obj_knuckles, map_knuckles;
        uint32_t reverse_gravity, disable_wall_grab, glide_flags;
        uint32_t super_tails, super_emeralds, emeralds_converted, sk_alone;
    } s3;
    /* Sonic CD only (capture/soniccd.c): the level program's chunks,
     * tables and RAM.  The shared fields hold ObjSonic (player_routine),
     * MapSpr_Sonic, objPlayerSlot, objectsEnd, the code range and the
     * mask tables (level.angle_map etc., the block -> mask bytes as the
     * collision index). */
    struct capture_addrs_scd {
        level_addrs_scd level;
        uint32_t ctrl;                 /* p1CtrlData: held; tapped at +1 */
        uint32_t left, right, top, bottom; /* leftBound .. bottomBound */
        uint32_t cam_x_center, cam_y_center, look_mode, bored_timer;
        uint32_t time_zone, zone_act, lives;
        uint32_t top_speed, acceleration, deceleration;
        uint32_t primary_angle, secondary_angle, special_chunks;
        uint32_t speed_shoes, debug_mode, debug_cheat, time_attack;
        uint32_t mini_sonic, invincible, boss_fight, wind_tunnel;
        uint32_t water_slide, ctrl_locked, warp_dir, warp_timer;
        uint32_t fm_queue;             /* fmSndQueue1; 2 and 3 follow */
    } scd;
} capture_addrs;

typedef struct capture_rom {
    uint8_t *data;
    uint32_t size;
    uint32_t base;                       /* the load address (desc->load_base):
                                            data[i] is at base + i */
    char md5[33];
    const capture_rom_desc *desc;
    const game_desc *game;               /* the image's game */
    const struct capture_driver *driver; /* its game's (capture/driver.h) */
    capture_addrs addrs;
} capture_rom;

/* Read a ROM image, identify it by MD5 and resolve its addresses.  On any
 * problem (unreadable, wrong size, unknown MD5: the message lists the
 * supported ones) prints to err and returns -1. */
int capture_rom_load(const char *path, capture_rom *out, FILE *err);

/* Use `data` (copied) with a description that need not be a supported
 * image: for tests.  Returns -1 after printing to err when the description
 * lacks a symbol or its fix addresses do not hold memory-form asr.w. */
int capture_rom_from_desc(const uint8_t *data, uint32_t size,
                          const capture_rom_desc *desc, capture_rom *out,
                          FILE *err);

void capture_rom_free(capture_rom *rom);

/* Why a capture stopped. */
typedef enum capture_status {
    CAPTURE_OK = 0,
    CAPTURE_ERR_LEVEL,   /* the scenario asks for what the original cannot
                            express: bad input, no golden (exit 2) */
    CAPTURE_ERR_EMU,     /* the emulated code failed (exit 1) */
    CAPTURE_ERR_SETUP    /* the emulator could not be set up */
} capture_status;

typedef struct capture_error {
    capture_status status;
    int frame;           /* frame that failed (1-based), 0 before any */
    emu_error emu;       /* for CAPTURE_ERR_EMU */
    char msg[400];       /* complete message: "<scenario>: frame N: ..." */
} capture_error;

/* Instruction forms across captures (--log-forms). */
typedef struct capture_forms {
    emu_form *forms;
    size_t count, cap;
} capture_forms;

typedef struct capture_stats {
    level_info level;
    uint64_t instructions;  /* counted only when logging forms */
    unsigned long fix_hooked;     /* instructions the correction hooks */
    unsigned long fix_corrected;  /* wrong instructions it ran instead (this
                                     scenario) */
} capture_stats;

/* capture_session_open flags */
#define CAPTURE_PER_FRAME 1u /* one uc_emu_start per frame instead of the
                                frame driver (emu.h): slower; for
                                comparisons and benchmarks */

typedef struct capture_session capture_session;

/*
 * Set up an emulator for scenarios on `rom` (which must outlive the
 * session).  With forms non-NULL, every instruction form run by later
 * captures is added to it.  Returns the session, or NULL with err filled
 * (CAPTURE_ERR_SETUP).
 */
capture_session *capture_session_open(const capture_rom *rom, capture_forms *forms,
                                      unsigned flags, capture_error *err);

/*
 * Run scenario `s`: build its level, place the start state, then run
 * s->frames frames of the player routine.  rows[0..s->frames] receive the
 * trace (row 0 = the state as written, before any frame).  Before building
 * the level the session puts back what an earlier scenario changed (work
 * RAM, the ROM copy's collision tables), so each run gives the rows a new
 * emulator would.  Returns 0, or -1 with err filled (rows are then
 * incomplete: write no golden); after an emulator failure the session sets
 * up a new emulator for its next run.  Messages start with s->path
 * ("(scenario)" when NULL, for scenarios built in memory).
 */
int capture_session_run(capture_session *cs, const scenario *s, spg_player *rows,
                        capture_stats *stats, capture_error *err);

void capture_session_close(capture_session *cs);

/* For tests: the session's emulator, or NULL after an emulator failure
 * (until the next run sets up a new one). */
const emu *capture_session_emu(const capture_session *cs);

/* One scenario on a session of its own (see capture_session_run). */
int capture_scenario(const capture_rom *rom, const scenario *s,
                     capture_forms *forms, spg_player *rows,
                     capture_stats *stats, capture_error *err);

/* Write a golden for s from a captured trace of any column set (header:
 * source capture, rom_md5, capture_version, scenario_hash), atomically.
 * Returns 0 or -1 after printing to err. */
int capture_write_golden_trace(const char *path, const capture_rom *rom,
                               const scenario *s, const trace *t, FILE *err);

/* Write a golden for s from rows (header: source capture, rom_md5,
 * capture_version, scenario_hash), atomically.  Returns 0 or -1 after
 * printing to err. */
int capture_write_golden(const char *path, const capture_rom *rom,
                         const scenario *s, const spg_player *rows, FILE *err);

/* Write the form log: "form<TAB>count" lines, most frequent first, after
 * '#' comment lines (the format scripts/sst_audit.py --forms reads). */
int capture_forms_write(const capture_forms *forms, const char *path, FILE *err);
void capture_forms_free(capture_forms *forms);

/* Add the forms emulator e logged to dst (used by every capture). */
void capture_merge_forms(capture_forms *dst, const emu *e);

/*
 * Frames per second of the capture: runs scenario s `repeat` times
 * (repeat >= 1) on one session and returns the frames run per second of
 * wall time (setting the session up included), or a negative value when a
 * capture fails (err filled).
 */
double capture_bench(const capture_rom *rom, const scenario *s, int repeat,
                     capture_error *err);

#endif /* SPGSIM_CAPTURE_CAPTURE_H */
