/*
 * selftest_rom.h - the capture self-test image as the tests describe it.
 *
 * harness/capture/selftest/player.S, assembled at build time into
 * CAPTURE_SELFTEST_DIR/player.bin, stands in for the game: a few routines
 * entered like the player routine, and collision tables at fixed places.
 * The tests describe it with an address table of their own (the RAM layout
 * is the Sonic 1 one every supported image shares) and run it through the
 * same capture code the real ROM goes through.
 */
#ifndef SPGSIM_TEST_SELFTEST_ROM_H
#define SPGSIM_TEST_SELFTEST_ROM_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capture/capture.h"

#ifndef CAPTURE_SELFTEST_DIR
#error "CAPTURE_SELFTEST_DIR must name the directory of the assembled programs"
#endif

/* Entry points and tables fixed by .org in selftest/player.S. */
enum {
    P_PLAYER = 0x200,
    P_UNMAPPED = 0x400,
    P_ILLEGAL = 0x420,
    P_LOOP = 0x440,
    P_VDP = 0x460,
    P_ROMWRITE = 0x480,
    P_OUTSIDE = 0x4A0,
    P_ASR = 0x4C0,
    P_THIRD = 0x4E0,
    P_SENTINEL_JUMP = 0x500,
    P_ENTRY_STATE = 0x600,
    P_VDP_ON_FRAME = 0x6A0,
    P_LOOP_ON_FRAME = 0x6C0,
    P_STACK_ON_FRAME = 0x6E0,
    P_OUTSIDE_ON_FRAME = 0x700,
    P_DRIVER_ON_FRAME = 0x720,
    P_DRIVER_MID_ON_FRAME = 0x740,
    P_LOOP_60K = 0x780,
    P_LOOP_110K = 0x7A0,
    P_LEFTOVERS = 0x7C0,
    P_ODD_WRITES = 0x800,
    P_WRITE_PAST_RAM = 0x840,
    T_ANGLEMAP = 0x1000,
    T_COLL1 = 0x1100,
    T_COLL2 = 0x2100,
    T_COLLINDEX = 0x3100,
    T_COLLINDEX_SIZE = 0x200,
    T_CODE_END = 0x1000
};

/* The assembled image (read once), its size and a description whose
 * player routine is `entry`. */
#define SELFTEST_NSYMS 9

typedef struct selftest_rom {
    uint8_t *image;
    uint32_t size;
    capture_sym syms[SELFTEST_NSYMS];
    uint32_t asr_fix[1];
    capture_rom_desc desc;
} selftest_rom;

static inline int selftest_rom_load(selftest_rom *t, uint32_t entry)
{
    const char *path = CAPTURE_SELFTEST_DIR "/player.bin";
    static const capture_sym syms[9] = {
        { "SonicPlayer", P_PLAYER },
        { "Map_Sonic", 0x00001234u },
        { "code_begin", 0x200 },
        { "code_end", T_CODE_END },
        { "AngleMap", T_ANGLEMAP },
        { "CollArray1", T_COLL1 },
        { "CollArray2", T_COLL2 },
        { "collindex_rom", T_COLLINDEX },
        { "collindex_size", T_COLLINDEX_SIZE },
    };
    FILE *f = fopen(path, "rb");
    memset(t, 0, sizeof *t);
    if (!f) {
        printf("cannot open %s\n", path);
        return -1;
    }
    t->image = malloc(0x10000);
    t->size = t->image ? (uint32_t)fread(t->image, 1, 0x10000, f) : 0;
    fclose(f);
    if (t->size < 0x3300) {
        printf("%s: %u bytes, expected at least $3300\n", path, (unsigned)t->size);
        return -1;
    }
    memcpy(t->syms, syms, sizeof syms);
    t->syms[0].addr = entry;
    t->asr_fix[0] = P_ASR;
    capture_rom_desc d = { "selftest", NULL, 0, t->syms, 9,
                           capture_s1_common_syms, capture_s1_common_count,
                           t->asr_fix, 1, NULL, 0, NULL, 0, 0, 0 };
    t->desc = d;
    return 0;
}

static inline void selftest_rom_free(selftest_rom *t)
{
    free(t->image);
    memset(t, 0, sizeof *t);
}

#endif /* SPGSIM_TEST_SELFTEST_ROM_H */
