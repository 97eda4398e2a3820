/*
 * test_capture_scd.c - the capture of Sonic CD without its level program:
 * an image loaded at $200000 (emu_open_at), the work RAM seen through
 * both of its addresses, the Mega-CD gate array's answer (EMU_GATE_ARRAY)
 * and what stops without it; then harness/capture/selftest/scd.S (a
 * stand-in for the program, assembled at build time) through the Sonic CD
 * driver with the real description's addresses: the start state and the
 * joypad where the program reads them, the level as FindLevelFloor reads
 * it, the first-instruction checks and the level builder's chunk ids.
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

/* ---- the stand-in program through the capture --------------------------- */

#ifndef CAPTURE_SELFTEST_DIR
#error "CAPTURE_SELFTEST_DIR must name the directory of the assembled programs"
#endif

#define STANDIN_PLAYER 0x200200u /* "player" in selftest/scd.S */
#define PROGRAM_SIZE 0x40000u
#define CHUNK_FILL 0xA5u         /* the stand-in's chunk area bytes */

static uint8_t *program;
static capture_sym standin_syms[80];
static const capture_first standin_firsts[] = {
    { "ObjSonic", 0x1038F604u },   /* move.b ($F604).w,d0 */
    { "code_begin", 0x4EF90020u }, /* jmp ($200180).l */
};

/* The stand-in (selftest/scd.bin) in an image of the level program's
 * size, its chunk area filled with CHUNK_FILL; NULL when it is missing. */
static uint8_t *standin_image(void)
{
    const char *path = CAPTURE_SELFTEST_DIR "/scd.bin";
    FILE *f = fopen(path, "rb");
    uint8_t *img = calloc(1, PROGRAM_SIZE);
    if (!f || !img) {
        printf("cannot open %s\n", path);
        if (f)
            fclose(f);
        free(img);
        return NULL;
    }
    memset(img + 0x10000, CHUNK_FILL, 0xF200);
    size_t n = fread(img, 1, 0x1000, f);
    fclose(f);
    if (n < 0x300) {
        printf("%s: %zu bytes, expected at least $300\n", path, n);
        free(img);
        return NULL;
    }
    return img;
}

/* The real program's description with the stand-in's player routine,
 * its first instructions, no fix sites and no MD5; `gate` and `z80` say
 * whether the gate array and the Z80 window answer. */
static int standin_desc(capture_rom_desc *d, int gate, int z80)
{
    const capture_rom_desc *real =
        capture_rom_find("55ad8e76ceff0925071ec29b9c840155");
    if (!real || real->sym_count > sizeof standin_syms / sizeof standin_syms[0])
        return -1;
    memcpy(standin_syms, real->syms, real->sym_count * sizeof *standin_syms);
    for (size_t i = 0; i < real->sym_count; i++)
        if (strcmp(standin_syms[i].name, "ObjSonic") == 0)
            standin_syms[i].addr = STANDIN_PLAYER;
    *d = *real;
    d->name = "soniccd stand-in";
    d->md5 = NULL;
    d->size = 0;
    d->syms = standin_syms;
    d->fix_addrs = NULL;
    d->fix_count = 0;
    d->firsts = standin_firsts;
    d->first_count = sizeof standin_firsts / sizeof standin_firsts[0];
    d->gate_array = gate;
    d->sound_windows = z80;
    return 0;
}

/* A Sonic CD scenario over chunk columns [cx0, cx0 + n) of layout row cy
 * (16 tiles tall), chunk k holding one full block at a cell of its own
 * (so every chunk differs), the block's angle $20; or, with n = 1 and
 * floor set, a floor row instead. */
static int chunks_scenario(scenario *s, int cx0, int cy, int n, int floor,
                           int frames)
{
    if (scenario_init(s, "scd-standin", SPG_GAME_SONICCD, SPG_CHAR_SONIC,
                      SPG_VARIANT_NORMAL) != 0 ||
        scenario_set_map(s, cx0 * 16, cy * 16, n * 16, 16) != 0 ||
        scenario_set_frames(s, frames) != 0)
        return -1;
    free(s->path);
    s->path = NULL;
    for (int i = 0; i < 16; i++)
        s->masks[1].heights[i] = s->masks[1].widths[i] = (int8_t)(i < 8 ? 16 : 9);
    s->masks[1].angle = 0x20;
    s->map.mask_count = 2;
    uint16_t word = 1 | SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID;
    for (int k = 0; k < n; k++) {
        if (floor) {
            for (int x = 0; x < 16; x++)
                s->cells[(size_t)12 * s->map.width + (size_t)x] = word;
        } else {
            int bx = k % 16, by = k / 16 % 16;
            s->cells[(size_t)by * s->map.width + (size_t)(k * 16 + bx)] = word;
        }
    }
    return 0;
}

/* The stand-in runs through the Sonic CD driver: the joypad and the time
 * zone where the driver puts them, the RAM mirror, the program's bytes
 * at $200100, the level as FindLevelFloor reads it, and with B the Z80
 * and SubCPUCmd's handshake answered. */
static void test_standin_capture(void)
{
    capture_rom_desc d;
    capture_rom rom;
    CHECK_EQ(standin_desc(&d, 1, 1), 0);
    CHECK_EQ(capture_rom_from_desc(program, PROGRAM_SIZE, &d, &rom, stdout), 0);
    CHECK_EQ(rom.base, 0x200000u);
    CHECK_EQ(rom.addrs.player_routine, STANDIN_PLAYER);
    scenario s;
    CHECK_EQ(chunks_scenario(&s, 10, 2, 1, 1, 3), 0);
    s.start.x = (10 * 256 + 40) << 16;
    s.start.y = (2 * 256 + 12 * 16 - 15) << 16; /* probes the floor row */
    s.start.time_zone = 2;
    s.inputs[0].held = SPG_BTN_RIGHT;
    s.inputs[1].held = SPG_BTN_B;
    s.inputs[1].pressed = SPG_BTN_B;
    spg_player rows[4];
    capture_error err;
    CHECK_EQ(capture_scenario(&rom, &s, NULL, rows, NULL, &err), 0);
    if (err.status != CAPTURE_OK)
        printf("  %s\n", err.msg);
    CHECK_EQ(rows[0].time_zone, 2);
    CHECK_EQ(rows[0].cam_x_center, 160);
    CHECK_EQ(rows[1].anim, SPG_BTN_RIGHT);
    CHECK_EQ(rows[2].charge, SPG_BTN_B);
    CHECK_EQ(rows[1].player_ctrl, 2);       /* timeZone at $00FF152E */
    CHECK_EQ(rows[3].jumping, 3);
    CHECK_EQ(rows[3].width_radius, 3);      /* the mirror */
    CHECK_EQ(rows[1].control_lock, 0x4EF9); /* jmp at $200100 */
    CHECK_EQ(rows[1].word_38, 0);
    CHECK_EQ(rows[2].word_38, 0x79);        /* the handshake's echo */
    CHECK_EQ(rows[1].angle_buffer_2, 2);    /* the first chunk id */
    CHECK_EQ((uint16_t)rows[1].ground_speed,
             1 | SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID);
    CHECK_EQ(rows[1].angle_buffer_1, 1);    /* its mask id */
    CHECK_EQ(rows[1].angle, 0x20);
    CHECK_EQ(rows[1].x_speed, 16);
    scenario_free(&s);
    capture_rom_free(&rom);

    /* without the windows the handshake's frame stops: first at the Z80,
     * as the original does in ObjSonic_Restart; with the Z80 answered,
     * polling a status word that stays 0 */
    for (int z80 = 0; z80 < 2; z80++) {
        CHECK_EQ(standin_desc(&d, 0, z80), 0);
        CHECK_EQ(capture_rom_from_desc(program, PROGRAM_SIZE, &d, &rom, stdout), 0);
        CHECK_EQ(chunks_scenario(&s, 10, 2, 1, 1, 3), 0);
        s.inputs[1].held = s.inputs[1].pressed = SPG_BTN_B;
        CHECK_EQ(capture_scenario(&rom, &s, NULL, rows, NULL, &err), -1);
        CHECK_EQ(err.status, CAPTURE_ERR_EMU);
        CHECK_EQ(err.frame, 2);
        if (!z80) {
            CHECK(strstr(err.msg, "I/O window at $00A11100") != NULL);
        } else {
            CHECK_EQ(err.emu.status, EMU_ERR_BUDGET);
        }
        scenario_free(&s);
        capture_rom_free(&rom);
    }
}

/* A routine whose first instruction is not the description's is refused,
 * named; the image at its load address is what is checked. */
static void test_standin_first_instruction(void)
{
    capture_rom_desc d;
    capture_rom rom;
    CHECK_EQ(standin_desc(&d, 1, 1), 0);
    for (size_t k = 0; k < d.first_count; k++) {
        uint32_t at = 0;
        CHECK_EQ(capture_rom_sym(&d, d.firsts[k].name, &at), 0);
        program[at - d.load_base + 1] ^= 0x40;
        char buf[400] = "";
        FILE *f = tmpfile();
        CHECK_EQ(capture_rom_from_desc(program, PROGRAM_SIZE, &d, &rom, f), -1);
        rewind(f);
        size_t n = fread(buf, 1, sizeof buf - 1, f);
        buf[n] = 0;
        fclose(f);
        CHECK(strstr(buf, d.firsts[k].name) != NULL);
        CHECK(strstr(buf, "not the") != NULL);
        program[at - d.load_base + 1] ^= 0x40;
    }
    CHECK_EQ(capture_rom_from_desc(program, PROGRAM_SIZE, &d, &rom, stdout), 0);
    capture_rom_free(&rom);
}

/* Chunk ids: from 2, without 6, 7, 8, $2F, $49, $4C; the chunks written
 * into the program copy at LevelChunks + (id - 1) * $200 and put back
 * before the next scenario; 114 distinct chunks fit, 115 do not; a map
 * beyond the layout of 128 x 16 chunks is refused. */
static void test_chunk_ids(void)
{
    CHECK(!level_scd_chunk_id_ok(0) && !level_scd_chunk_id_ok(1));
    static const int reserved[] = {6, 7, 8, 0x2F, 0x49, 0x4C, 0x80};
    for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++)
        CHECK(!level_scd_chunk_id_ok(reserved[i]));
    CHECK(level_scd_chunk_id_ok(2) && level_scd_chunk_id_ok(0x79));

    capture_rom_desc d;
    capture_rom rom;
    CHECK_EQ(standin_desc(&d, 1, 1), 0);
    CHECK_EQ(capture_rom_from_desc(program, PROGRAM_SIZE, &d, &rom, stdout), 0);
    capture_error err;
    capture_session *cs = capture_session_open(&rom, NULL, 0, &err);
    CHECK(cs != NULL);
    if (!cs) {
        capture_rom_free(&rom);
        return;
    }
    spg_player rows[2];
    scenario s;
    /* 114 distinct chunks over layout row 15, columns 14..127 */
    CHECK_EQ(chunks_scenario(&s, 14, 15, 114, 0, 1), 0);
    s.start.x = 14 << 16;
    CHECK_EQ(capture_session_run(cs, &s, rows, NULL, &err), 0);
    const emu *e = capture_session_emu(cs);
    CHECK(e != NULL);
    int want = 1, ok = 1;
    for (int k = 0; e && k < 114; k++) {
        do
            want++;
        while (!level_scd_chunk_id_ok(want));
        uint8_t id = emu_r8(e, 0xFFFFA000u + 15 * 0x80 + 14 + (uint32_t)k);
        ok &= id == want;
        /* chunk k's block at its own cell, in the program copy */
        uint32_t cell = 0x210000u + (uint32_t)(id - 1) * 0x200 +
                        (uint32_t)(k / 16 % 16) * 0x20 + (uint32_t)(k % 16) * 2;
        ok &= emu_rom_r16(e, cell) == (1 | SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID);
    }
    CHECK(ok);
    CHECK_EQ(want, 121); /* the last id before MapSpr_Sonic */
    CHECK(e && emu_r8(e, 0xFFFFA000u + 15 * 0x80 + 13) == 0);
    CHECK(e && emu_r32(e, 0xFFFFF796u) == 0x23A6B8u); /* collisionPtr */
    CHECK(e && emu_rom_r8(e, 0x23A6B8u + 1) == 1);     /* block 1: mask 1 */
    scenario_free(&s);
    /* the next scenario finds the program's chunk area as it was */
    CHECK_EQ(chunks_scenario(&s, 0, 0, 1, 1, 1), 0);
    CHECK_EQ(capture_session_run(cs, &s, rows, NULL, &err), 0);
    e = capture_session_emu(cs);
    CHECK(e && emu_rom_r8(e, 0x210000u + 0x200 * 2) == CHUNK_FILL);
    CHECK(e && emu_rom_r8(e, 0x210000u + 0x200 * 0x78 + 0x1FF) == CHUNK_FILL);
    scenario_free(&s);
    /* one more is refused, with the reason */
    CHECK_EQ(chunks_scenario(&s, 13, 15, 115, 0, 1), 0);
    CHECK_EQ(capture_session_run(cs, &s, rows, NULL, &err), -1);
    CHECK_EQ(err.status, CAPTURE_ERR_LEVEL);
    CHECK(strstr(err.msg, "more than 114 distinct 256x256 chunks") != NULL);
    scenario_free(&s);
    capture_session_close(cs);

    /* beyond the layout (the loader refuses it first; the builder too) */
    emu em;
    CHECK_EQ(emu_open_at(&em, program, PROGRAM_SIZE, 0x200000u, 0x200100u,
                         0x20FBB6u, 0), 0);
    static uint16_t cells[16 * 16];
    spg_map map = spg_map_default();
    map.x0 = 2040;
    map.y0 = 0;
    map.width = 16;
    map.height = 16;
    map.cells = cells;
    map.mask_count = 1;
    level_info info;
    char msg[300];
    CHECK_EQ(level_build_scd(&em, &rom.addrs.scd.level, &map, &info, msg,
                             sizeof msg), -1);
    CHECK(strstr(msg, "beyond the level program's layout (128 x 16 chunks") !=
          NULL);
    map.x0 = 0;
    map.y0 = 250;
    CHECK_EQ(level_build_scd(&em, &rom.addrs.scd.level, &map, &info, msg,
                             sizeof msg), -1);
    emu_close(&em);
    capture_rom_free(&rom);
}

int main(void)
{
    RUN(test_load_base);
    RUN(test_gate_array);
    program = standin_image();
    if (!program)
        return 1;
    RUN(test_standin_capture);
    RUN(test_standin_first_instruction);
    RUN(test_chunk_ids);
    free(program);
    TEST_MAIN_END();
}
