/*
 * test_capture_scd.c - the capture of Sonic CD without its level program:
 * an image loaded at $200000 (emu_open_at), the work RAM seen through
 * both of its addresses, the Mega-CD gate array's answer (EMU_GATE_ARRAY)
 * and what stops without it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "capture/capture.h"

#define BASE 0x200000u
#define IMAGE_SIZE 0x10000u
#define CODE 0x200100u
#define SP 0xFFFFFD00u

/* SubCPUCmd's handshake, then the RAM mirror, the program's own bytes and
 * the Z80 window, hand-encoded (at CODE). */
static const uint8_t handshake[] = {
    0x33, 0xFC, 0x00, 0x79, 0x00, 0xA1, 0x20, 0x10, /* move.w #$79,($A12010).l */
    0x30, 0x39, 0x00, 0xA1, 0x20, 0x20,             /* 1: move.w ($A12020).l,d0 */
    0x67, 0xF8,                                     /* beq.s 1b */
    0xB0, 0x79, 0x00, 0xA1, 0x20, 0x20,             /* cmp.w ($A12020).l,d0 */
    0x66, 0xF0,                                     /* bne.s 1b */
    0x33, 0xC0, 0xFF, 0xFF, 0x12, 0x34,             /* move.w d0,($FFFF1234).l */
    0x33, 0xFC, 0x00, 0x00, 0x00, 0xA1, 0x20, 0x10, /* move.w #0,($A12010).l */
    0x30, 0x39, 0x00, 0xA1, 0x20, 0x20,             /* 2: move.w ($A12020).l,d0 */
    0x66, 0xF8,                                     /* bne.s 2b */
    0x30, 0x39, 0x00, 0xA1, 0x20, 0x20,             /* move.w ($A12020).l,d0 */
    0x66, 0xF0,                                     /* bne.s 2b */
    0x33, 0xF9, 0x00, 0xFF, 0x12, 0x34, 0xFF, 0xFF, 0x12, 0x36,
                                 /* move.w ($00FF1234).l,($FFFF1236).l */
    0x33, 0xF9, 0x00, 0x20, 0x01, 0x00, 0xFF, 0xFF, 0x12, 0x38,
                                 /* move.w ($200100).l,($FFFF1238).l */
    0x13, 0xFC, 0x00, 0x01, 0x00, 0xA0, 0x1C, 0x3E, /* move.b #1,($A01C3E).l */
    0x4E, 0x75,                                     /* rts */
};

/* A read below the load address, where nothing is mapped. */
static const uint8_t below[] = {
    0x30, 0x39, 0x00, 0x00, 0x01, 0x00, /* move.w ($000100).l,d0 */
    0x4E, 0x75,
};

static uint8_t *image_with(const uint8_t *code, size_t len)
{
    uint8_t *img = calloc(1, IMAGE_SIZE);
    if (img)
        memcpy(img + (CODE - BASE), code, len);
    return img;
}

/* The image at $200000: its bytes at their 68000 addresses (emu_rom_*
 * and the code's own absolute reads), nothing below. */
static void test_load_base(void)
{
    uint8_t *img = image_with(below, sizeof below);
    CHECK(img != NULL);
    if (!img)
        return;
    for (int k = 0; k < 2; k++) {
        emu e;
        CHECK_EQ(emu_open_at(&e, img, IMAGE_SIZE, BASE, CODE, BASE + 0x1000,
                             k ? EMU_PER_FRAME : 0u), 0);
        CHECK_EQ(e.rom_base, BASE);
        CHECK_EQ(emu_rom_r16(&e, CODE), 0x3039);
        CHECK_EQ(emu_rom_r16(&e, CODE - BASE), 0); /* not the image */
        emu_rom_w8(&e, BASE + 0x8000, 0xA5);
        CHECK_EQ(emu_rom_r8(&e, BASE + 0x8000), 0xA5);
        emu_frames one = {1, NULL, NULL, NULL};
        CHECK_EQ(emu_run(&e, CODE, 0, SP, 1000, &one), -1);
        CHECK_EQ(e.err.status, EMU_ERR_UNMAPPED);
        CHECK_EQ(e.err.addr, 0x100u);
        emu_close(&e);
    }
    /* a load address off a page, or an image reaching the sentinel */
    emu e;
    CHECK_EQ(emu_open_at(&e, img, IMAGE_SIZE, BASE + 2, CODE, BASE + 0x1000, 0),
             -1);
    emu_close(&e);
    CHECK_EQ(emu_open_at(&e, img, IMAGE_SIZE, 0x7F8000u, 0x7F8100u,
                         0x7F9000u, 0), -1);
    emu_close(&e);
    free(img);
}

/* The gate array answers SubCPUCmd's handshake (the status word reads
 * back the command word, then 0 after the clear); the RAM mirror shows
 * what the short address wrote; the Z80 window is memory.  Without the
 * gate array the same code stops: at the command word's write (no
 * windows), or polling a status that stays 0 (the quiet I/O window of
 * EMU_SOUND_WINDOWS) until the budget runs out. */
static void test_gate_array(void)
{
    uint8_t *img = image_with(handshake, sizeof handshake);
    CHECK(img != NULL);
    if (!img)
        return;
    for (int k = 0; k < 2; k++) {
        unsigned flags = EMU_GATE_ARRAY | EMU_SOUND_WINDOWS |
                         (k ? EMU_PER_FRAME : 0u);
        emu e;
        CHECK_EQ(emu_open_at(&e, img, IMAGE_SIZE, BASE, CODE, BASE + 0x1000,
                             flags), 0);
        emu_frames one = {1, NULL, NULL, NULL};
        CHECK_EQ(emu_run(&e, CODE, 0, SP, 100000, &one), 0);
        CHECK_EQ(emu_r16(&e, 0xFFFF1234u), 0x0079); /* the echo */
        CHECK_EQ(emu_r16(&e, 0xFFFF1236u), 0x0079); /* through $00FF1234 */
        CHECK_EQ(emu_r16(&e, 0xFFFF1238u), 0x33FC); /* the program's word */
        CHECK_EQ(e.z80_ram[0x1C3E], 1);
        CHECK_EQ(e.gate_cmd[0], 0);
        CHECK_EQ(e.gate_cmd[1], 0);
        emu_close(&e);
    }
    emu e;
    CHECK_EQ(emu_open_at(&e, img, IMAGE_SIZE, BASE, CODE, BASE + 0x1000, 0), 0);
    emu_frames one = {1, NULL, NULL, NULL};
    CHECK_EQ(emu_run(&e, CODE, 0, SP, 100000, &one), -1);
    CHECK_EQ(e.err.status, EMU_ERR_HARDWARE);
    CHECK_EQ(e.err.addr, 0x00A12010u);
    CHECK(strstr(e.err.what, "I/O window") != NULL);
    emu_close(&e);
    CHECK_EQ(emu_open_at(&e, img, IMAGE_SIZE, BASE, CODE, BASE + 0x1000,
                         EMU_SOUND_WINDOWS | EMU_PER_FRAME), 0);
    CHECK_EQ(emu_run(&e, CODE, 0, SP, 100000, &one), -1);
    CHECK_EQ(e.err.status, EMU_ERR_BUDGET);
    emu_close(&e);
    free(img);
}

int main(void)
{
    RUN(test_load_base);
    RUN(test_gate_array);
    TEST_MAIN_END();
}
