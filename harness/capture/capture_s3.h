/*
 * capture_s3.h - the Sonic 3 parts of the capture (capture.c calls them
 * for a ROM description whose game is 3).
 */
#ifndef SPGSIM_CAPTURE_CAPTURE_S3_H
#define SPGSIM_CAPTURE_CAPTURE_S3_H

#include <stdio.h>

#include "capture/capture.h"

/* Resolve the Sonic 3 names of description d into a (a->s3 and the shared
 * fields the session uses).  Returns 0, or -1 after printing the missing
 * names to err. */
int capture_s3_resolve(const capture_rom_desc *d, capture_addrs *a, FILE *err);

/* Build s's map the way Find_Tile_FG reads it (level_build_s3). */
int capture_s3_build_level(emu *e, const capture_rom *rom, const scenario *s,
                           level_info *info, char *msg, size_t msglen);

/* Once per scenario, after the level: the quiet game around the player
 * and the player object from s's start state. */
void capture_s3_setup(emu *e, const capture_rom *rom, const scenario *s);

/* The traced fields of the player object (and Level_frame_counter). */
void capture_s3_read(const emu *e, const capture_rom *rom, spg_player *p);

/* Before each frame: the per-frame quieting, Level_frame_counter + 1 and
 * the buttons. */
void capture_s3_frame(emu *e, const capture_rom *rom, spg_input in);

/* The object routine the scenario's character runs (Obj_Sonic or
 * Obj_Tails). */
uint32_t capture_s3_routine(const capture_rom *rom, const scenario *s);

#endif /* SPGSIM_CAPTURE_CAPTURE_S3_H */
