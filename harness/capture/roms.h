/*
 * roms.h - the ROM images the capture tool can run.
 *
 * A ROM description (capture_rom_desc, games/game.h) is data kept with its
 * game's descriptor: the image's MD5 and size, and a table of (symbol
 * name, address) pairs for the routines, ROM tables and RAM variables the
 * capture needs, taken from the assembler's symbol table of the public
 * disassembly.  The capture core only ever looks addresses up by name, so
 * a test can hand it a description of its own (a small 68000 program
 * standing in for the game) without any special casing.
 */
#ifndef SPGSIM_CAPTURE_ROMS_H
#define SPGSIM_CAPTURE_ROMS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "games/game.h"

/* The symbols every supported Sonic 1 image shares (collision tables and
 * the RAM layout); tests reuse them for their stand-in images
 * (games/sonic1.c). */
extern const capture_sym capture_s1_common_syms[];
extern const size_t capture_s1_common_count;

/* The description whose MD5 matches, among every game's, or NULL. */
const capture_rom_desc *capture_rom_find(const char *md5_hex);

/* Address of a symbol; -1 when the table has no such name. */
int capture_rom_sym(const capture_rom_desc *d, const char *name, uint32_t *out);

/* A symbol a capture needs and where its address goes. */
typedef struct capture_rom_need {
    const char *name;
    uint32_t *dst;
} capture_rom_need;

/* capture_rom_sym for each of need[0..n): 0 when the description has them
 * all; else -1, after one line on err per missing symbol. */
int capture_rom_syms(const capture_rom_desc *d, const capture_rom_need *need,
                     size_t n, FILE *err);

/* Print "  <md5>  <name>" for every supported image. */
void capture_rom_list(FILE *f);

#endif /* SPGSIM_CAPTURE_ROMS_H */
