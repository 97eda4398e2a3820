/*
 * sonic3.h - the Sonic 3 capture driver's entries (capture/sonic3.c),
 * which the Sonic & Knuckles driver (capture/sonic3k.c) shares: the two
 * games keep the same $4A-byte player object, level format (but for the
 * mask id's width) and RAM (but for a few flags).
 */
#ifndef SPGSIM_CAPTURE_SONIC3_H
#define SPGSIM_CAPTURE_SONIC3_H

#include "capture/driver.h"

/* Resolve the names both games have (driver.h's resolve). */
int capture_s3_resolve(const capture_rom_desc *d, capture_addrs *a, FILE *err);
int capture_s3_build_level(emu *e, const capture_rom *rom, const scenario *s,
                           level_info *info, char *msg, size_t msglen);
void capture_s3_setup(emu *e, const capture_rom *rom, const scenario *s);
void capture_s3_read(const emu *e, const capture_rom *rom, const scenario *s,
                     spg_player *p);
void capture_s3_frame(emu *e, const capture_rom *rom, spg_input in);
uint32_t capture_s3_routine(const capture_rom *rom, const scenario *s);

#endif /* SPGSIM_CAPTURE_SONIC3_H */
