/*
 * roms.h - descriptions of the ROM images the capture tool can run.
 *
 * A ROM description is data: the image's MD5 and size, and a table of
 * (symbol name, address) pairs for the routines, ROM tables and RAM
 * variables the capture needs, taken from the assembler's symbol table of
 * the public disassembly.  The capture core only ever looks addresses up by
 * name, so a test can hand it a description of its own (a small 68000
 * program standing in for the game) without any special casing.
 */
#ifndef SPGSIM_CAPTURE_ROMS_H
#define SPGSIM_CAPTURE_ROMS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct capture_sym {
    const char *name;
    uint32_t addr;
} capture_sym;

typedef struct capture_rom_desc {
    const char *name;         /* e.g. "Sonic the Hedgehog (REV01)" */
    const char *md5;          /* 32 lowercase hex digits; NULL: test image */
    uint32_t size;            /* image size in bytes (0: any, tests only) */
    const capture_sym *syms;  /* the address table of this image */
    size_t sym_count;
    const capture_sym *common; /* symbols shared with other images (may be
                                  NULL); looked up after syms */
    size_t common_count;
    /* ROM addresses of instructions the player code runs that Unicorn
     * 2.0.1 executes wrongly (memory-form asr.w).  Checked against the
     * image at load time; the correction itself covers every address. */
    const uint32_t *fix_addrs;
    size_t fix_count;
    /* The game (spg_game): 2 for Sonic 2 and 3 for Sonic 3, whose symbols
     * and RAM layout differ (capture.c, capture_s3.c); 0 or 1: Sonic 1. */
    int game;
    /* Nonzero: the player code plays sounds through the Z80 (Sonic 3's
     * Play_SFX), so the emulator answers the Z80 and I/O windows
     * (EMU_SOUND_WINDOWS in emu.h) instead of stopping there. */
    int sound_windows;
} capture_rom_desc;

/* The supported images, in order of preference. */
extern const capture_rom_desc *const capture_roms[];

/* The symbols every supported Sonic 1 image shares (collision tables and
 * the RAM layout); tests reuse them for their stand-in images. */
extern const capture_sym capture_s1_common_syms[];
extern const size_t capture_s1_common_count;
extern const size_t capture_rom_count;

/* The description whose MD5 matches, or NULL. */
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
