/*
 * test_capture.c - the capture tool without the game's ROM.
 *
 * harness/capture/selftest/player.S, assembled at build time into
 * CAPTURE_SELFTEST_DIR/player.bin, stands in for the player routine: the
 * tests describe it with an address table of their own and run scenarios
 * through the same capture code the real ROM goes through.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test.h"
#include "capture/capture.h"
#include "capture/m68kform.h"
#include "capture/md5.h"
#include "trace/trace.h"
#include "fake_rom.h"
#include "selftest_rom.h"

/* The image, its entry points and its address table: selftest_rom.h. */
static selftest_rom test_image;
static uint8_t *image;
static uint32_t image_size;

static void load_image(void)
{
    if (selftest_rom_load(&test_image, P_PLAYER) != 0)
        exit(1);
    image = test_image.image;
    image_size = test_image.size;
}

#define NSYMS SELFTEST_NSYMS
static const capture_sym *const syms = test_image.syms;

/* A description whose player routine is `entry`. */
static capture_sym entry_syms[NSYMS];
static capture_rom_desc desc_for(uint32_t entry)
{
    memcpy(entry_syms, test_image.syms, sizeof entry_syms);
    entry_syms[0].addr = entry;
    capture_rom_desc d = test_image.desc;
    d.syms = entry_syms;
    return d;
}

static int rom_for(uint32_t entry, capture_rom *rom, capture_rom_desc *d)
{
    *d = desc_for(entry);
    return capture_rom_from_desc(image, image_size, d, rom, stdout);
}

/* ---- scenarios built by hand ------------------------------------------- */

#define MAXCELLS (1024 * 32)

typedef struct test_scn {
    scenario s;
    uint16_t cells[MAXCELLS];
    spg_input inputs[64];
    spg_player rows[65];
} test_scn;

static void scn_copy(test_scn *dst, const test_scn *src)
{
    memcpy(dst, src, sizeof *dst);
    dst->s.map.masks = dst->s.masks;
    dst->s.map.cells = dst->cells;
    dst->s.cells = dst->cells;
    dst->s.inputs = dst->inputs;
}

static void scn_init(test_scn *t, uint16_t x0, uint16_t y0, uint16_t w, uint16_t h)
{
    memset(t, 0, sizeof *t);
    scenario *s = &t->s;
    s->path = (char *)(uintptr_t)"selftest.yaml";
    s->name = s->path;
    s->game = SPG_GAME_SONIC1;
    spg_profile_get(SPG_GAME_SONIC1, SPG_CHAR_SONIC, SPG_VARIANT_NORMAL, &s->profile);
    s->map = spg_map_default();
    s->map.masks = s->masks;
    s->map.mask_count = 1;
    s->map.cells = t->cells;
    s->cells = t->cells;
    s->map.x0 = x0;
    s->map.y0 = y0;
    s->map.width = w;
    s->map.height = h;
    s->start = spg_player_default(&s->profile);
    s->inputs = t->inputs;
    s->frames = 1;
}

static uint16_t add_mask(test_scn *t, const int8_t heights[16], const int8_t widths[16],
                         uint8_t angle)
{
    uint16_t m = t->s.map.mask_count++;
    memcpy(t->s.masks[m].heights, heights, 16);
    memcpy(t->s.masks[m].widths, widths, 16);
    t->s.masks[m].angle = angle;
    return m;
}

static void set_cell(test_scn *t, int tx, int ty, uint16_t word)
{
    t->cells[(size_t)(ty - t->s.map.y0) * t->s.map.width + (size_t)(tx - t->s.map.x0)] = word;
}

static const int8_t ramp_h[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
static const int8_t ramp_w[16] = { -1, -2, -3, -4, -5, -6, -7, -8, -9, -10, -11, -12, -13, -14, -15, -16 };
static const int8_t full16[16] = { 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16 };

/* ---- tests -------------------------------------------------------------- */

static int same_player(const spg_player *a, const spg_player *b);

static void test_md5(void)
{
    char h[33];
    capture_md5_hex((const uint8_t *)"", 0, h);
    CHECK(strcmp(h, "d41d8cd98f00b204e9800998ecf8427e") == 0);
    capture_md5_hex((const uint8_t *)"abc", 3, h);
    CHECK(strcmp(h, "900150983cd24fb0d6963f7d28e17f72") == 0);
    const char *m = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    capture_md5_hex((const uint8_t *)m, strlen(m), h);
    CHECK(strcmp(h, "8215ef0796a20bcaaae116d3876c664a") == 0);
}

static void test_rom_table(void)
{
    const capture_rom_desc *d = capture_rom_find("09dadb5071eb35050067a32462e39c5f");
    CHECK(d != NULL);
    CHECK(capture_rom_find("00000000000000000000000000000000") == NULL);
    uint32_t a = 0;
    if (d) {
        CHECK_EQ(capture_rom_sym(d, "SonicPlayer", &a), 0);
        CHECK_EQ(a, 0x132AC);
        CHECK_EQ(capture_rom_sym(d, "v_collindex", &a), 0);
        CHECK_EQ(a, 0xFFFFF796u);
        CHECK_EQ(capture_rom_sym(d, "no_such_symbol", &a), -1);
    }
    /* Sonic 2 REV01 by its MD5, under the disassembly's names */
    const capture_rom_desc *d2 = capture_rom_find("9feeb724052c39982d432a7851c98d3e");
    CHECK(d2 != NULL);
    if (d2) {
        CHECK(d2->game == game_of(SPG_GAME_SONIC2));
        CHECK_EQ(capture_rom_sym(d2, "Obj01", &a), 0);
        CHECK_EQ(a, 0x19F50);
        CHECK_EQ(capture_rom_sym(d2, "Obj02", &a), 0);
        CHECK_EQ(a, 0x1B8A4);
        CHECK_EQ(capture_rom_sym(d2, "Secondary_Collision", &a), 0);
        CHECK_EQ(a, 0xFFFFD900u);
        CHECK_EQ(capture_rom_sym(d2, "SonicPlayer", &a), -1);
    }
    /* Every supported Sonic 1 description resolves completely. */
    const game_desc *g1 = game_of(SPG_GAME_SONIC1);
    CHECK(g1 != NULL && g1->rom_count == 2);
    for (size_t i = 0; g1 && i < g1->rom_count; i++) {
        CHECK(g1->roms[i]->game == g1);
        for (size_t k = 0; k < NSYMS; k++)
            CHECK_EQ(capture_rom_sym(g1->roms[i], syms[k].name, &a), 0);
        for (size_t k = 0; k < capture_s1_common_count; k++)
            CHECK_EQ(capture_rom_sym(g1->roms[i], capture_s1_common_syms[k].name, &a), 0);
    }
    /* every game's images name that game, and are found by their MD5 */
    size_t images = 0;
    for (size_t gi = 0; gi < game_count(); gi++)
        for (size_t i = 0; i < game_at(gi)->rom_count; i++, images++) {
            CHECK(game_at(gi)->roms[i]->game == game_at(gi));
            CHECK(capture_rom_find(game_at(gi)->roms[i]->md5) ==
                  game_at(gi)->roms[i]);
        }
    CHECK_EQ(images, 7);
    /* Sonic & Knuckles: its code, and Sonic 3's RAM but for its own */
    const capture_rom_desc *dk = capture_rom_find("4ea493ea4e9f6c9ebfccbdb15110367e");
    CHECK(dk != NULL);
    if (dk) {
        CHECK(dk->game == game_of(SPG_GAME_SONIC3K));
        CHECK_EQ(capture_rom_sym(dk, "Obj_Knuckles", &a), 0);
        CHECK_EQ(a, 0x16444);
        CHECK_EQ(capture_rom_sym(dk, "Debug_mode_flag", &a), 0);
        CHECK_EQ(a, 0xFFFFFFDAu);
        CHECK_EQ(capture_rom_sym(dk, "Competition_mode", &a), 0);
        CHECK_EQ(a, 0xFFFFFFE8u);
        CHECK_EQ(capture_rom_sym(dk, "Player_mode", &a), 0);
        CHECK_EQ(a, 0xFFFFFF08u);
        CHECK(dk->first_count >= 4);
    }
    /* Sonic CD: the level program, loaded at $200000, its addresses the
     * 68000's */
    const capture_rom_desc *dc = capture_rom_find("55ad8e76ceff0925071ec29b9c840155");
    CHECK(dc != NULL);
    if (dc) {
        CHECK(dc->game == game_of(SPG_GAME_SONICCD));
        CHECK_EQ(dc->load_base, 0x200000u);
        CHECK_EQ(dc->size, 0x40000u);
        CHECK(dc->gate_array && dc->sound_windows);
        CHECK_EQ(capture_rom_sym(dc, "ObjSonic", &a), 0);
        CHECK_EQ(a, 0x203FA2u);
        CHECK_EQ(capture_rom_sym(dc, "LevelChunks", &a), 0);
        CHECK_EQ(a, 0x210000u);
        CHECK_EQ(capture_rom_sym(dc, "timeZone", &a), 0);
        CHECK_EQ(a, 0x00FF152Eu);
        CHECK_EQ(capture_rom_sym(dc, "specialChunks", &a), 0);
        CHECK_EQ(a, 0xFFFFF7ACu);
        CHECK_EQ(dc->fix_count, 7);
        CHECK_EQ(dc->first_count, 5);
    }
}

/* A routine whose first instruction is not the one the description
 * expects refuses the image, naming the routine. */
static void test_first_instructions(void)
{
    for (size_t gi = 0; gi < game_count(); gi++)
        for (size_t i = 0; i < game_at(gi)->rom_count; i++) {
            const capture_rom_desc *d = game_at(gi)->roms[i];
            for (size_t k = 0; k < d->first_count; k++) {
                uint8_t *img = calloc(1, d->size);
                CHECK(img != NULL);
                if (!img)
                    return;
                fake_rom_fill(img, d);
                capture_rom rom;
                CHECK_EQ(capture_rom_from_desc(img, d->size, d, &rom, stdout), 0);
                capture_rom_free(&rom);
                uint32_t at = 0;
                CHECK_EQ(capture_rom_sym(d, d->firsts[k].name, &at), 0);
                img[at - d->load_base + 3] ^= 0x01;
                char buf[400] = "";
                FILE *err = tmpfile();
                CHECK_EQ(capture_rom_from_desc(img, d->size, d, &rom, err), -1);
                rewind(err);
                size_t n = fread(buf, 1, sizeof buf - 1, err);
                buf[n] = 0;
                fclose(err);
                CHECK(strstr(buf, d->firsts[k].name) != NULL);
                CHECK(strstr(buf, "not the") != NULL);
                free(img);
            }
        }
}

/* The supported descriptions are consistent: on an image that holds a
 * memory asr.w at each listed address (and nothing else), every symbol
 * resolves, the code range holds the player routine, the collision tables
 * lie outside it and inside the image.  Without the asr.w words the
 * description is refused. */
static void test_supported_descs(void)
{
    size_t size = 0x400000; /* the largest image (the lock-on) */
    uint8_t *img = calloc(1, size);
    CHECK(img != NULL);
    if (!img)
        return;
    for (size_t gi = 0; gi < game_count(); gi++)
    for (size_t i = 0; i < game_at(gi)->rom_count; i++) {
        const capture_rom_desc *d = game_at(gi)->roms[i];
        int s2 = d->game == game_of(SPG_GAME_SONIC2);
        int s3 = game_has(d->game, GAME_S3_STATE); /* Sonic 3, S&K */
        int scd = game_has(d->game, GAME_SCD_STATE); /* Sonic CD */
        size = s3 ? 0x200000 : s2 ? 0x100000 : scd ? 0x40000 : 0x80000;
        /* Sonic 3 & Knuckles: the S&K cartridge with Sonic 3 locked on */
        if (game_has(d->game, GAME_S3K_STATE) && d->size == 0x400000)
            size = 0x400000;
        CHECK_EQ(d->size, size);
        CHECK_EQ(strlen(d->md5), 32);
        CHECK(d->fix_count > 0);
        memset(img, 0, size);
        capture_rom rom;
        FILE *err = tmpfile();
        CHECK_EQ(capture_rom_from_desc(img, (uint32_t)size, d, &rom, err), -1);
        fclose(err);
        fake_rom_fill(img, d);
        CHECK_EQ(capture_rom_from_desc(img, (uint32_t)size, d, &rom, stdout), 0);
        CHECK(rom.addrs.player_routine > rom.addrs.code_begin);
        CHECK_EQ(rom.addrs.player, s2 || s3 ? 0xFFFFB000u : 0xFFFFD000u);
        CHECK_EQ(rom.addrs.game, (int)d->game->id);
        /* only Sonic 3 plays sounds through the Z80; Sonic CD's restart
         * stops it too, and talks to the Sub CPU; only Sonic CD's image
         * is not a cartridge */
        CHECK_EQ(d->sound_windows, s3 || scd);
        CHECK_EQ(d->gate_array, scd);
        CHECK_EQ(d->load_base, scd ? 0x200000u : 0u);
        CHECK_EQ(rom.base, d->load_base);
        if (s3) {
            CHECK(rom.addrs.s3.obj_tails > rom.addrs.code_begin &&
                  rom.addrs.s3.obj_tails < rom.addrs.code_end);
            CHECK_EQ(rom.addrs.level.collindex_size, 0);
            CHECK_EQ(rom.addrs.s3.level.rows, 0xFFFF8100u);
        }
        if (s2) {
            CHECK(rom.addrs.s2.obj02 > rom.addrs.code_begin &&
                  rom.addrs.s2.obj02 < rom.addrs.code_end);
            CHECK_EQ(rom.addrs.level.collindex_size, 0);
        }
        capture_rom_free(&rom);
    }
    free(img);
}

static void test_desc_checks(void)
{
    capture_rom rom;
    capture_rom_desc d = desc_for(P_PLAYER);
    CHECK_EQ(capture_rom_from_desc(image, image_size, &d, &rom, stdout), 0);
    capture_rom_free(&rom);
    /* a fix address that does not hold a memory asr.w */
    static const uint32_t wrong_fix[] = { P_PLAYER };
    d.fix_addrs = wrong_fix;
    FILE *err = tmpfile();
    CHECK_EQ(capture_rom_from_desc(image, image_size, &d, &rom, err), -1);
    fclose(err);
    /* tables the capture writes must not lie in the code range (the
     * instruction correction scans the code once, before they change) */
    d = desc_for(P_PLAYER);
    static capture_sym overlap[NSYMS];
    memcpy(overlap, entry_syms, sizeof overlap);
    for (size_t k = 0; k < NSYMS; k++)
        if (strcmp(overlap[k].name, "code_end") == 0)
            overlap[k].addr = 0x3000;
    d.syms = overlap;
    err = tmpfile();
    CHECK_EQ(capture_rom_from_desc(image, image_size, &d, &rom, err), -1);
    fclose(err);
    /* missing symbols: the image's own table without the shared RAM layout */
    d = desc_for(P_PLAYER);
    d.common_count = 0;
    err = tmpfile();
    CHECK_EQ(capture_rom_from_desc(image, image_size, &d, &rom, err), -1);
    fclose(err);
}

static void test_rom_load_errors(void)
{
    char path[] = "/tmp/test_capture_romXXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    if (fd < 0)
        return;
    CHECK_EQ(write(fd, image, image_size), (long long)image_size);
    close(fd);
    capture_rom rom;
    FILE *err = tmpfile();
    CHECK_EQ(capture_rom_load(path, &rom, err), -1);
    rewind(err);
    char buf[2048];
    size_t n = fread(buf, 1, sizeof buf - 1, err);
    buf[n] = '\0';
    fclose(err);
    CHECK(strstr(buf, "unsupported ROM") != NULL);
    CHECK(strstr(buf, "09dadb5071eb35050067a32462e39c5f") != NULL);
    unlink(path);
    err = tmpfile();
    CHECK_EQ(capture_rom_load("/nonexistent/rom.bin", &rom, err), -1);
    fclose(err);
    /* empty file */
    fd = mkstemp(path);
    close(fd);
    err = tmpfile();
    CHECK_EQ(capture_rom_load(path, &rom, err), -1);
    fclose(err);
    unlink(path);
}

static void test_ram_mapping(void)
{
    emu e;
    CHECK_EQ(emu_open(&e, image, image_size, 0x200, T_CODE_END, 0), 0);
    emu_w16(&e, 0xFFFF1234u, 0xBEEF);
    CHECK_EQ(emu_r16(&e, 0x00FF1234u), 0xBEEF);
    uint8_t b[2] = { 0, 0 };
    CHECK_EQ(uc_mem_read(e.uc, 0x00FF1234u, b, 2), UC_ERR_OK);
    CHECK_EQ(b[0], 0xBE);
    CHECK_EQ(b[1], 0xEF);
    b[0] = 0x12;
    CHECK_EQ(uc_mem_write(e.uc, 0xFFFF5678u, b, 1), UC_ERR_OK);
    CHECK_EQ(uc_mem_read(e.uc, 0x00FF5678u, b + 1, 1), UC_ERR_OK);
    CHECK_EQ(b[1], 0x12);
    /* the ROM copy is the image */
    CHECK_EQ(emu_rom_r16(&e, P_ASR), 0xE0E8);
    emu_close(&e);
}

/* Work RAM aliases (the special stage's tagged pointers): writes through
 * an alias land in the RAM on both engine kinds - through the write hook
 * on driver engines, through Unicorn per frame; an unmapped tag is still
 * an error; bases that are not $xxFF0000 aliases are refused. */
static void test_ram_alias(void)
{
    static const uint8_t code[] = {
        0x13, 0xFC, 0x00, 0x5A, 0x2E, 0xFF, 0x12, 0x34, /* move.b #$5A,($2EFF1234).l */
        0x23, 0xFC, 0x11, 0x22, 0x33, 0x44, 0x2E, 0xFF, 0x12, 0x37,
                                   /* move.l #$11223344,($2EFF1237).l (odd) */
        0x4E, 0x75,                                     /* rts */
        0x13, 0xFC, 0x00, 0x01, 0x2F, 0xFF, 0x00, 0x00, /* move.b #1,($2FFF0000).l */
        0x4E, 0x75};
    const uint32_t at = 0xF00, sp = 0xFFFFFE00u;
    for (int k = 0; k < 2; k++) {
        unsigned flags = k ? EMU_PER_FRAME : 0u;
        emu e;
        CHECK_EQ(emu_open(&e, image, image_size, 0x200, T_CODE_END, flags), 0);
        emu_rom_write(&e, at, code, sizeof code);
        CHECK_EQ(emu_map_ram_alias(&e, 0x2EFF0000u), 0);
        CHECK_EQ(emu_map_ram_alias(&e, 0x2E000000u), -1);
        CHECK_EQ(emu_map_ram_alias(&e, EMU_RAM_MIRROR), -1);
        emu_frames one = {1, NULL, NULL, NULL};
        CHECK_EQ(emu_run(&e, at, 0, sp, 1000, &one), 0);
        CHECK_EQ(emu_r8(&e, 0xFFFF1234u), 0x5A);
        CHECK_EQ(emu_r32(&e, 0xFFFF1237u), 0x11223344u);
        CHECK_EQ(emu_run(&e, at + 20, 0, sp, 1000, &one), -1);
        CHECK_EQ(e.err.status, EMU_ERR_UNMAPPED);
        CHECK_EQ(e.err.addr, 0x2FFF0000u);
        emu_close(&e);
    }
}

static void test_level_build(void)
{
    static test_scn t;
    /* two chunks across, one down; the map starts at tile (8, 32) */
    scn_init(&t, 8, 32, 40, 16);
    uint16_t ramp = add_mask(&t, ramp_h, ramp_w, 0xE0);
    uint16_t block = add_mask(&t, full16, full16, 0xFF);
    /* identical contents in chunks (1,2) and (2,2): tile x 16..31, 32..47 */
    for (int i = 0; i < 2; i++) {
        set_cell(&t, 16 + 16 * i + 3, 32 + 5, (uint16_t)(ramp | SPG_CELL_XFLIP | SPG_CELL_TOP_SOLID));
        set_cell(&t, 16 + 16 * i + 4, 32 + 6, (uint16_t)(block | SPG_CELL_YFLIP | SPG_CELL_SIDE_SOLID));
    }
    set_cell(&t, 9, 40, (uint16_t)(block | SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID));
    /* an empty-mask cell with flags: written as an empty cell */
    set_cell(&t, 10, 40, SPG_CELL_TOP_SOLID);

    emu e;
    CHECK_EQ(emu_open(&e, image, image_size, 0x200, T_CODE_END, 0), 0);
    level_addrs a = { 0xFFFF0000u, 0xFFFFA400u, 0xFFFFF796u, T_COLLINDEX,
                      T_COLLINDEX_SIZE, T_ANGLEMAP, T_COLL1, T_COLL2 };
    level_info info;
    char msg[300];
    CHECK_EQ(level_build(&e, &a, &t.s.map, &info, msg, sizeof msg), 0);
    CHECK_EQ(info.chunk_count, 2);
    CHECK_EQ(info.mask_count, 2);
    /* layout row 2 (y 512..767): chunk 0 holds (9,40), chunks 1 and 2 share */
    CHECK_EQ(emu_r8(&e, 0xFFFFA400u + 2 * 0x80 + 0), 1);
    CHECK_EQ(emu_r8(&e, 0xFFFFA400u + 2 * 0x80 + 1), 2);
    CHECK_EQ(emu_r8(&e, 0xFFFFA400u + 2 * 0x80 + 2), 2);
    CHECK_EQ(emu_r8(&e, 0xFFFFA400u + 2 * 0x80 + 3), 0);
    CHECK_EQ(emu_r8(&e, 0xFFFFA400u + 1 * 0x80 + 1), 0);
    /* chunk 1, cell (9, 8): block 2 (the scenario's mask index), both solid */
    CHECK_EQ(emu_r16(&e, 0xFFFF0000u + 8 * 0x20 + 9 * 2), block | 0x6000);
    CHECK_EQ(emu_r16(&e, 0xFFFF0000u + 8 * 0x20 + 10 * 2), 0);
    /* chunk 2, cell (3, 5) and (4, 6) */
    CHECK_EQ(emu_r16(&e, 0xFFFF0200u + 5 * 0x20 + 3 * 2), ramp | 0x0800 | 0x2000);
    CHECK_EQ(emu_r16(&e, 0xFFFF0200u + 6 * 0x20 + 4 * 2), block | 0x1000 | 0x4000);
    /* mask ids in order of first use scanning rows: row 37 has the ramp
     * first, so ramp -> 1, block -> 2 */
    CHECK_EQ(emu_r32(&e, 0xFFFFF796u), T_COLLINDEX);
    CHECK_EQ(emu_rom_r8(&e, T_COLLINDEX + ramp), 1);
    CHECK_EQ(emu_rom_r8(&e, T_COLLINDEX + block), 2);
    CHECK_EQ(emu_rom_r8(&e, T_COLLINDEX + 0), 0);
    CHECK_EQ(emu_rom_r8(&e, T_COLLINDEX + 3), 0);
    CHECK_EQ(emu_rom_r8(&e, T_COLLINDEX + 0x1FF), 0);
    /* masks written at their ids; the rest of the tables untouched */
    CHECK_EQ(emu_rom_r8(&e, T_ANGLEMAP + 1), 0xE0);
    CHECK_EQ(emu_rom_r8(&e, T_ANGLEMAP + 2), 0xFF);
    CHECK_EQ(emu_rom_r8(&e, T_ANGLEMAP + 3), 0x5A);
    CHECK_EQ(emu_rom_r8(&e, T_COLL1 + 16 + 0), 1);
    CHECK_EQ(emu_rom_r8(&e, T_COLL1 + 16 + 15), 16);
    CHECK_EQ(emu_rom_r8(&e, T_COLL2 + 16 + 2), 0xFD);
    CHECK_EQ(emu_rom_r8(&e, T_COLL1 + 32 + 7), 16);
    CHECK_EQ(emu_rom_r8(&e, T_COLL1 + 48), 0x5A);
    emu_close(&e);
}

/* What Find_Tile_FG reads at (x, y) from a Sonic 3 level in RAM: the row
 * pointer word, plus the column x >> 7 as a word, sign-extended (movea.w);
 * the chunk at Chunk_table + id * $80; the cell word. */
static uint16_t s3_find_tile(const emu *e, uint16_t x, uint16_t y)
{
    uint16_t row_ptr = emu_r16(e, 0xFFFF8008u + ((uint32_t)(y >> 5) & 0x3Cu));
    uint16_t at = (uint16_t)(row_ptr + (x >> 7));
    uint8_t id = emu_r8(e, 0xFFFF0000u | at);
    return emu_r16(e, 0xFFFF0000u + (uint32_t)id * 0x80u + (y & 0x70u) +
                          ((x >> 3) & 0xEu));
}

/* level_build_s3: the packed layout reads, through Find_Tile_FG's steps,
 * the cell the core's spg_find_tile_sonic3 reads: chunk row * 128 + column
 * of the 16 x 128 layout, a column past 127 reading on into the next rows
 * and past the last row nothing; the word tables map each block to its
 * masks. */
static void test_level_build_s3(void)
{
    static test_scn t;
    /* the last chunk column and the first rows' start, the last row */
    scn_init(&t, 1008, 112, 16, 16);
    t.s.game = SPG_GAME_SONIC3;
    uint16_t ramp = add_mask(&t, ramp_h, ramp_w, 0xE0);
    uint16_t block = add_mask(&t, full16, full16, 0xFF);
    for (int tx = 1008; tx < 1024; tx++)
        for (int ty = 112; ty < 128; ty++)
            if ((tx * 7 + ty * 3) % 4 != 0)
                set_cell(&t, tx, ty,
                         (uint16_t)(((tx + ty) % 3 ? block : ramp) |
                                    ((tx & 1) ? SPG_CELL_XFLIP : 0) |
                                    SPG_CELL_TOP_SOLID |
                                    ((ty & 1) ? SPG_CELL_SIDE_SOLID_2 : 0)));
    emu e;
    CHECK_EQ(emu_open(&e, image, image_size, 0x200, T_CODE_END, 0), 0);
    level_addrs_s3 a = { 0xFFFF0000u, 0xFFFF8000u, 0xFFFF8100u, 0xFFFFEEAEu,
                         0xFFFF9000u, 0xFFFFF7B4u, 0xFFFFF7B8u,
                         T_ANGLEMAP, T_COLL1, T_COLL2, 0 };
    level_info info;
    char msg[300];
    CHECK_EQ(level_build_s3(&e, &a, &t.s.map, &info, msg, sizeof msg), 0);
    CHECK_EQ(emu_r16(&e, 0xFFFFEEAEu), 0x3C);
    CHECK_EQ(emu_r32(&e, 0xFFFFF7B4u), 0xFFFF9000u);
    int checked = 0, solid = 0;
    for (uint32_t y = 0; y < 0x10000u; y += 0x35) {
        for (uint32_t x = 0; x < 0x10000u; x += 0x2F) {
            /* the core's rule: chunk row * 128 + column of 16 x 128 */
            uint32_t chunk = ((y >> 7) & 15u) * 128u + (x >> 7);
            uint16_t want = 0;
            if (chunk < 16u * 128u) {
                uint32_t tx = (chunk % 128u) * 8u + ((x >> 4) & 7u);
                uint32_t ty = (chunk / 128u) * 8u + ((y >> 4) & 7u);
                if (tx >= 1008 && tx < 1024 && ty >= 112 && ty < 128)
                    want = t.cells[(ty - 112) * 16 + (tx - 1008)];
            }
            uint16_t got = s3_find_tile(&e, (uint16_t)x, (uint16_t)y);
            uint16_t blk = got & 0x3FFu;
            uint16_t m1 = blk ? emu_r16(&e, 0xFFFF9000u + 2u * blk) : 0;
            unsigned wm = want & SPG_CELL_MASK;
            int ok = (blk == 0) == (wm == 0);
            if (ok && wm) {
                ok = (uint16_t)(got & 0xFC00u) == level_s2_cell_bits(want) &&
                     emu_rom_r8(&e, T_ANGLEMAP + m1) == t.s.masks[wm].angle &&
                     emu_r16(&e, 0xFFFF9600u + 2u * blk) == m1;
                solid++;
            }
            if (!ok)
                printf("  (%u, %u): cell $%04X, want $%04X\n", (unsigned)x,
                       (unsigned)y, (unsigned)got, (unsigned)want);
            CHECK(ok);
            checked++;
            if (!ok)
                goto done;
        }
    }
done:
    CHECK(solid > 0);
    CHECK(checked > 1000);
    emu_close(&e);
}

/* EMU_SOUND_WINDOWS (Sonic 3's Play_SFX): the Z80 bus request written and
 * polled until it reads 0, a Z80 RAM byte written and read back; without
 * the flag the first access stops the run; emu_clear_ram clears the Z80
 * memory too. */
static void test_sound_windows(void)
{
    static const uint8_t code[] = {
        0x33, 0xFC, 0x01, 0x00, 0x00, 0xA1, 0x11, 0x00, /* move.w #$100,($A11100).l */
        0x08, 0x39, 0x00, 0x00, 0x00, 0xA1, 0x11, 0x00, /* btst #0,($A11100).l */
        0x66, 0xF6,                                     /* bne.s the btst */
        0x10, 0x39, 0x00, 0xA0, 0x1C, 0x0B,             /* move.b ($A01C0B).l,d0 */
        0x13, 0xC0, 0xFF, 0xFF, 0x12, 0x35,             /* move.b d0,($FFFF1235).l */
        0x13, 0xFC, 0x00, 0x5A, 0x00, 0xA0, 0x1C, 0x0B, /* move.b #$5A,($A01C0B).l */
        0x10, 0x39, 0x00, 0xA0, 0x1C, 0x0B,             /* move.b ($A01C0B).l,d0 */
        0x13, 0xC0, 0xFF, 0xFF, 0x12, 0x34,             /* move.b d0,($FFFF1234).l */
        0x4E, 0x75};                                    /* rts */
    const uint32_t at = 0xF00, sp = 0xFFFFFE00u;
    for (int k = 0; k < 3; k++) {
        unsigned flags = k == 0 ? 0u : k == 1 ? EMU_SOUND_WINDOWS
                                              : EMU_SOUND_WINDOWS | EMU_PER_FRAME;
        emu e;
        CHECK_EQ(emu_open(&e, image, image_size, 0x200, T_CODE_END, flags), 0);
        emu_rom_write(&e, at, code, sizeof code);
        emu_frames one = {1, NULL, NULL, NULL};
        if (k == 0) {
            CHECK_EQ(emu_run(&e, at, 0, sp, 1000, &one), -1);
            CHECK_EQ(e.err.status, EMU_ERR_HARDWARE);
            CHECK_EQ(e.err.addr, 0x00A11100u);
        } else {
            CHECK_EQ(emu_run(&e, at, 0, sp, 1000, &one), 0);
            CHECK_EQ(emu_r8(&e, 0xFFFF1234u), 0x5A);
            CHECK_EQ(emu_r8(&e, 0xFFFF1235u), 0);
            /* a second run sees the byte the first left */
            CHECK_EQ(emu_run(&e, at, 0, sp, 1000, &one), 0);
            CHECK_EQ(emu_r8(&e, 0xFFFF1235u), 0x5A);
            emu_clear_ram(&e);
            CHECK_EQ(emu_run(&e, at, 0, sp, 1000, &one), 0);
            CHECK_EQ(emu_r8(&e, 0xFFFF1235u), 0);
        }
        emu_close(&e);
    }
}

static int run_capture(uint32_t entry, test_scn *t, capture_error *err)
{
    capture_rom rom;
    capture_rom_desc d;
    if (rom_for(entry, &rom, &d) != 0)
        return -2;
    int rc = capture_scenario(&rom, &t->s, NULL, t->rows, NULL, err);
    capture_rom_free(&rom);
    return rc;
}

static void test_probe_trace(void)
{
    static test_scn t;
    /* a strip of tiles at y 736 (tile row 46), x 512.. (tile 32..) */
    scn_init(&t, 32, 46, 8, 1);
    uint16_t ramp = add_mask(&t, ramp_h, ramp_w, 0xE0);
    uint16_t block = add_mask(&t, full16, full16, 0xFF);
    set_cell(&t, 32, 46, (uint16_t)(block | SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID));
    set_cell(&t, 33, 46, (uint16_t)(ramp | SPG_CELL_TOP_SOLID));
    set_cell(&t, 34, 46, (uint16_t)(ramp | SPG_CELL_XFLIP | SPG_CELL_SIDE_SOLID));
    set_cell(&t, 35, 46, (uint16_t)(ramp | SPG_CELL_YFLIP | SPG_CELL_TOP_SOLID));
    set_cell(&t, 36, 46, (uint16_t)(ramp | SPG_CELL_XFLIP | SPG_CELL_YFLIP));
    /* start at (525, 720): the probe at y 720 + 19 = 739 is row 3 of the
     * strip's tiles, column 13 of the tile at x 512 */
    t.s.start.x = 525 << 16;
    t.s.start.y = (720 << 16) | 0x1234;
    t.s.start.jumping = 10;
    /* the animation bytes ($1A, $1B, $1D, $1E) and the render flags ($01)
     * go into the object and come back; the stand-in leaves them alone */
    t.s.start.mapping_frame = 0x2E;
    t.s.start.anim_frame = 3;
    t.s.start.prev_anim = 2;
    t.s.start.anim_timer = 0x85;
    t.s.start.render_flags = 0x45;
    t.s.frames = 6;
    t.inputs[0] = (spg_input){ 0, 0 };
    t.inputs[1] = (spg_input){ SPG_BTN_RIGHT, SPG_BTN_RIGHT };
    for (int i = 2; i < 6; i++)
        t.inputs[i] = (spg_input){ SPG_BTN_RIGHT | SPG_BTN_A, (uint8_t)(i == 2 ? SPG_BTN_A : 0) };
    capture_error err;
    CHECK_EQ(run_capture(P_PLAYER, &t, &err), 0);
    /* row 0 is the start state exactly */
    CHECK(same_player(&t.rows[0], &t.s.start));
    CHECK_EQ(t.rows[6].mapping_frame, 0x2E);
    CHECK_EQ(t.rows[6].anim_frame, 3);
    CHECK_EQ(t.rows[6].prev_anim, 2);
    CHECK_EQ(t.rows[6].anim_timer, 0x85);
    CHECK_EQ(t.rows[6].render_flags, 0x45);
    /* input feeding and the mirror */
    CHECK_EQ(t.rows[1].control_lock, 0x0000);
    CHECK_EQ(t.rows[2].control_lock, 0x0808);
    CHECK_EQ(t.rows[3].control_lock, 0x4840);
    CHECK_EQ(t.rows[4].control_lock, 0x4800);
    CHECK_EQ(t.rows[3].anim, 0x48);
    CHECK_EQ(t.rows[3].routine, 0x40);
    CHECK_EQ(t.rows[4].anim, 0x48);
    CHECK_EQ(t.rows[4].routine, 0);
    CHECK_EQ(t.rows[1].x >> 16, 525);
    CHECK_EQ(t.rows[2].x >> 16, 526);
    CHECK_EQ(t.rows[6].x >> 16, 530);
    CHECK_EQ(t.rows[6].x & 0xFFFF, 0);
    CHECK_EQ(t.rows[6].y, (720 << 16) | 0x1234);
    for (int i = 1; i <= 6; i++) {
        CHECK_EQ(t.rows[i].jumping, 10 + i);
        CHECK_EQ(t.rows[i].width_radius, 10 + i);
    }
    /* frame 1 probes (525, 739): the block, row 3, column 13 */
    CHECK_EQ((uint16_t)t.rows[1].ground_speed, block | 0x6000);
    CHECK_EQ(t.rows[1].angle_buffer_2, 3);
    CHECK_EQ(t.rows[1].angle_buffer_1, 1); /* block is used first */
    CHECK_EQ(t.rows[1].angle, 0xFF);
    CHECK_EQ(t.rows[1].x_speed, 16);
    CHECK_EQ(t.rows[1].y_speed, 16);

    /* each flip case, one capture per probe position: x = tile start + 5
     * (column 5), y row 3 */
    static const struct {
        int tx;
        uint16_t flags;
        int height, width, solid;
    } cases[] = {
        { 33, SPG_CELL_TOP_SOLID, 6, -4, 1 },
        { 34, SPG_CELL_XFLIP | SPG_CELL_SIDE_SOLID, 11, 4, 2 },
        { 35, SPG_CELL_YFLIP | SPG_CELL_TOP_SOLID, -6, -13, 1 },
        { 36, SPG_CELL_XFLIP | SPG_CELL_YFLIP, -11, 13, 0 },
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        t.s.start.x = (cases[c].tx * 16 + 5) << 16;
        t.s.frames = 1;
        t.inputs[0] = (spg_input){ 0, 0 };
        CHECK_EQ(run_capture(P_PLAYER, &t, &err), 0);
        CHECK_EQ((uint16_t)t.rows[1].ground_speed, ramp | cases[c].flags);
        CHECK_EQ(t.rows[1].angle_buffer_1, 2);
        CHECK_EQ(t.rows[1].angle, 0xE0);
        CHECK_EQ(t.rows[1].x_speed, cases[c].height);
        CHECK_EQ(t.rows[1].y_speed, cases[c].width);
        CHECK_EQ(t.rows[1].angle_buffer_2, cases[c].solid);
    }
    /* beyond the map: an empty chunk */
    t.s.start.x = 2000 << 16;
    CHECK_EQ(run_capture(P_PLAYER, &t, &err), 0);
    CHECK_EQ(t.rows[1].ground_speed, 0);
    CHECK_EQ(t.rows[1].angle_buffer_1, 0);
    CHECK_EQ(t.rows[1].x_speed, 0);
}

static int same_player(const spg_player *a, const spg_player *b)
{
    return a->x == b->x && a->y == b->y && a->x_speed == b->x_speed &&
           a->y_speed == b->y_speed && a->ground_speed == b->ground_speed &&
           a->height_radius == b->height_radius &&
           a->width_radius == b->width_radius && a->anim == b->anim &&
           a->status == b->status && a->routine == b->routine &&
           a->angle == b->angle && a->angle_buffer_1 == b->angle_buffer_1 &&
           a->angle_buffer_2 == b->angle_buffer_2 && a->jumping == b->jumping &&
           a->control_lock == b->control_lock && a->word_38 == b->word_38 &&
           a->mapping_frame == b->mapping_frame &&
           a->anim_frame == b->anim_frame && a->prev_anim == b->prev_anim &&
           a->anim_timer == b->anim_timer &&
           a->render_flags == b->render_flags;
}

static void expect_emu_error(uint32_t entry, emu_status st, uint32_t pc,
                             uint32_t addr, const char *text)
{
    static test_scn t;
    scn_init(&t, 32, 46, 1, 1);
    t.s.frames = 2;
    capture_error err;
    CHECK_EQ(run_capture(entry, &t, &err), -1);
    CHECK_EQ(err.status, CAPTURE_ERR_EMU);
    CHECK_EQ(err.frame, 1);
    CHECK_EQ(err.emu.status, st);
    if (pc)
        CHECK_EQ(err.emu.pc, pc);
    if (addr)
        CHECK_EQ(err.emu.addr, addr);
    CHECK(strstr(err.msg, "selftest.yaml: frame 1: ") == err.msg);
    if (!strstr(err.msg, text)) {
        printf("  message: %s\n", err.msg);
        CHECK(strstr(err.msg, text) != NULL);
    }
}

static void test_error_unmapped(void)
{
    expect_emu_error(P_UNMAPPED, EMU_ERR_UNMAPPED, P_UNMAPPED, 0x00400000u, "unmapped");
}

static void test_error_illegal(void)
{
    expect_emu_error(P_ILLEGAL, EMU_ERR_EXCEPTION, P_ILLEGAL, 0, "illegal instruction");
}

static void test_error_budget(void)
{
    expect_emu_error(P_LOOP, EMU_ERR_BUDGET, P_LOOP, 0, "budget");
}

static void test_error_vdp(void)
{
    expect_emu_error(P_VDP, EMU_ERR_HARDWARE, 0, 0x00C00004u, "VDP");
}

static void test_error_rom_write(void)
{
    expect_emu_error(P_ROMWRITE, EMU_ERR_PROTECTED, 0, 0x300, "ROM");
}

static void test_error_outside(void)
{
    expect_emu_error(P_OUTSIDE, EMU_ERR_OUTSIDE, 0x1800, 0x1800, "code range");
}

static void test_error_sentinel_jump(void)
{
    /* reaching the sentinel address without popping it is no return */
    expect_emu_error(P_SENTINEL_JUMP, EMU_ERR_STACK, 0, 0, "stack pointer");
}

static void test_error_later_frame(void)
{
    static test_scn t;
    scn_init(&t, 32, 46, 1, 1);
    t.s.frames = 5;
    capture_error err;
    CHECK_EQ(run_capture(P_THIRD, &t, &err), -1);
    CHECK_EQ(err.frame, 3);
    CHECK_EQ(err.emu.status, EMU_ERR_EXCEPTION);
    CHECK(strstr(err.msg, "frame 3") != NULL);
    CHECK_EQ(t.rows[2].jumping, 2);
}

static void test_asr_corrected(void)
{
    static test_scn t;
    scn_init(&t, 32, 46, 1, 1);
    t.s.start.x_speed = -3;
    t.s.start.y_speed = -3;
    t.s.frames = 3;
    capture_error err;
    CHECK_EQ(run_capture(P_ASR, &t, &err), 0);
    /* asr.w rounds toward minus infinity; lsr.w would give $7FFE */
    CHECK_EQ(t.rows[1].x_speed, -2);
    CHECK_EQ(t.rows[2].x_speed, -1);
    CHECK_EQ(t.rows[3].x_speed, -1);
    CHECK_EQ(t.rows[3].y_speed, -3);
    /* the correction ran once a frame */
    capture_rom rom;
    capture_rom_desc d;
    capture_stats stats;
    CHECK_EQ(rom_for(P_ASR, &rom, &d), 0);
    CHECK_EQ(capture_scenario(&rom, &t.s, NULL, t.rows, &stats, &err), 0);
    CHECK_EQ(stats.fix_corrected, 3);
    CHECK(stats.fix_hooked >= 1);
    capture_rom_free(&rom);
}

static void test_level_errors(void)
{
    static test_scn t;
    capture_error err;
    /* beyond the layout */
    scn_init(&t, 1020, 0, 8, 1);
    t.s.frames = 1;
    CHECK_EQ(run_capture(P_PLAYER, &t, &err), -1);
    CHECK_EQ(err.status, CAPTURE_ERR_LEVEL);
    CHECK(strstr(err.msg, "layout") != NULL);
    scn_init(&t, 0, 120, 1, 9);
    CHECK_EQ(run_capture(P_PLAYER, &t, &err), -1);
    CHECK_EQ(err.status, CAPTURE_ERR_LEVEL);

    /* 82 distinct chunks fit, 83 do not: one block at a different place in
     * each chunk, 64 chunks a row */
    for (int n = 82; n <= 83; n++) {
        scn_init(&t, 0, 0, 1024, 32);
        uint16_t block = add_mask(&t, full16, full16, 0xFF);
        for (int k = 0; k < n; k++) {
            int cx = k % 64, cy = k / 64;
            set_cell(&t, cx * 16 + k % 16, cy * 16 + k / 16,
                     (uint16_t)(block | SPG_CELL_TOP_SOLID));
        }
        int rc = run_capture(P_PLAYER, &t, &err);
        if (n == 82) {
            CHECK_EQ(rc, 0);
        } else {
            CHECK_EQ(rc, -1);
            CHECK_EQ(err.status, CAPTURE_ERR_LEVEL);
            CHECK(strstr(err.msg, "82 distinct 256x256 chunks") != NULL);
        }
    }
    /* a cell naming a mask the map does not have */
    scn_init(&t, 32, 46, 1, 1);
    set_cell(&t, 32, 46, 7 | SPG_CELL_TOP_SOLID);
    CHECK_EQ(run_capture(P_PLAYER, &t, &err), -1);
    CHECK_EQ(err.status, CAPTURE_ERR_LEVEL);
}

static void test_golden_file(void)
{
    static test_scn t;
    scn_init(&t, 32, 46, 1, 1);
    t.s.start.x = 600 << 16;
    t.s.frames = 4;
    t.s.hash = 0x0123456789abcdefull;
    for (int i = 0; i < 4; i++)
        t.inputs[i] = (spg_input){ SPG_BTN_RIGHT, 0 };
    capture_rom rom;
    capture_rom_desc d;
    CHECK_EQ(rom_for(P_PLAYER, &rom, &d), 0);
    capture_error err;
    CHECK_EQ(capture_scenario(&rom, &t.s, NULL, t.rows, NULL, &err), 0);
    char dir[] = "/tmp/test_capture_dirXXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char path[256];
    snprintf(path, sizeof path, "%s/sub/dir/golden.csv", dir);
    CHECK_EQ(capture_write_golden(path, &rom, &t.s, t.rows, stdout), 0);
    trace tr;
    CHECK_EQ(trace_read(path, &tr, stdout), 0);
    CHECK_EQ(tr.rows, 5);
    CHECK(strcmp(tr.scenario_hash, "0123456789abcdef") == 0);
    CHECK(strcmp(tr.rom_md5, rom.md5) == 0);
    int xcol = trace_column_index("x");
    CHECK(xcol > 0);
    if (tr.rows == 5 && xcol > 0) {
        CHECK_EQ(tr.values[0][xcol], 600);
        CHECK_EQ(tr.values[4][xcol], 604);
    }
    trace_free(&tr);
    /* and the header says where it came from */
    FILE *f = fopen(path, "r");
    char head[1024];
    size_t n = f ? fread(head, 1, sizeof head - 1, f) : 0;
    head[n] = '\0';
    if (f)
        fclose(f);
    CHECK(strstr(head, "# source: capture") != NULL);
    CHECK(strstr(head, "# capture_version: " CAPTURE_VERSION) != NULL);
    unlink(path);
    snprintf(path, sizeof path, "%s/sub/dir", dir);
    rmdir(path);
    snprintf(path, sizeof path, "%s/sub", dir);
    rmdir(path);
    rmdir(dir);
    capture_rom_free(&rom);
}

static void test_forms_and_bench(void)
{
    static test_scn t;
    scn_init(&t, 32, 46, 1, 1);
    t.s.frames = 10;
    capture_rom rom;
    capture_rom_desc d;
    CHECK_EQ(rom_for(P_PLAYER, &rom, &d), 0);
    capture_forms forms;
    memset(&forms, 0, sizeof forms);
    capture_stats stats;
    capture_error err;
    CHECK_EQ(capture_scenario(&rom, &t.s, &forms, t.rows, &stats, &err), 0);
    CHECK(forms.count > 10);
    uint64_t total = 0;
    int saw_rts = 0;
    for (size_t i = 0; i < forms.count; i++) {
        total += forms.forms[i].count;
        if (strcmp(forms.forms[i].name, "RTS") == 0) {
            saw_rts = 1;
            CHECK_EQ(forms.forms[i].count, 10);
        }
    }
    CHECK(saw_rts);
    CHECK_EQ(total, stats.instructions);
    capture_forms_free(&forms);
    double fps = capture_bench(&rom, &t.s, 2, &err);
    CHECK(fps > 0);
    capture_rom_free(&rom);
}

/* ---- sessions and the frame driver ------------------------------------- */

static int same_rows(const spg_player *a, const spg_player *b, int frames)
{
    for (int i = 0; i <= frames; i++)
        if (!same_player(&a[i], &b[i])) {
            printf("  rows differ at %d\n", i);
            return 0;
        }
    return 1;
}

/* A scenario for the probe routine: a strip of `masks` different masks
 * (ids 1..masks, so the tables are written up to id `masks`) at tile row
 * 46, `chunks` chunks wide, and inputs that walk right. */
static void probe_scn(test_scn *t, int masks, int chunks, int frames)
{
    scn_init(t, 0, 46, (uint16_t)(chunks * 16), 1);
    for (int m = 0; m < masks; m++) {
        int8_t h[16], w[16];
        for (int i = 0; i < 16; i++) {
            h[i] = (int8_t)((i + 3 * m) % 17);
            w[i] = (int8_t)(-((i + 5 * m) % 17));
        }
        uint16_t id = add_mask(t, h, w, (uint8_t)(0x10 * m + 1));
        /* a different cell in each chunk, so that none is shared */
        for (int c = 0; c < chunks; c++)
            set_cell(t, c * 16 + (m + c) % 16, 46,
                     (uint16_t)(id | SPG_CELL_TOP_SOLID | (c % 2 ? SPG_CELL_XFLIP : 0)));
    }
    t->s.start.x = 5 << 16;
    t->s.start.y = 720 << 16;
    t->s.frames = frames;
    for (int i = 0; i < frames; i++)
        t->inputs[i] = (spg_input){ SPG_BTN_RIGHT, (uint8_t)(i == 0 ? SPG_BTN_RIGHT : 0) };
}

/* Run t on a new session with `flags`; rows into t->rows. */
static int run_fresh(uint32_t entry, unsigned flags, test_scn *t, capture_error *err)
{
    capture_rom rom;
    capture_rom_desc d;
    if (rom_for(entry, &rom, &d) != 0)
        return -2;
    capture_session *cs = capture_session_open(&rom, NULL, flags, err);
    int rc = cs ? capture_session_run(cs, &t->s, t->rows, NULL, err) : -2;
    capture_session_close(cs);
    capture_rom_free(&rom);
    return rc;
}

/* The driver gives the routine the state emu_call gives it, every frame:
 * D0-D7, A1-A6 zero (the routine sets them all to -1 before returning), SR
 * $2700 (it leaves $201F), the stack at v_systemstack - 4 holding the
 * sentinel address. */
static void test_driver_entry_state(void)
{
    static test_scn t, u;
    scn_init(&t, 32, 46, 1, 1);
    t.s.frames = 4;
    scn_copy(&u, &t);
    capture_error err;
    CHECK_EQ(run_fresh(P_ENTRY_STATE, 0, &t, &err), 0);
    CHECK_EQ(run_fresh(P_ENTRY_STATE, CAPTURE_PER_FRAME, &u, &err), 0);
    for (int f = 1; f <= 4; f++) {
        CHECK_EQ((uint16_t)t.rows[f].x_speed, 0x2700);
        CHECK_EQ((uint32_t)t.rows[f].x, 0xFFFFFE00u - 4);
        CHECK_EQ((uint32_t)t.rows[f].y, EMU_SENTINEL);
        CHECK_EQ(t.rows[f].y_speed, 0);
        CHECK_EQ(t.rows[f].ground_speed, 0);
        CHECK_EQ(t.rows[f].jumping, f);
    }
    CHECK(same_rows(t.rows, u.rows, 4));
}

/* The driver's hand-encoded words are the instructions they say, none of
 * them a form m68kfix corrects, and the second block starts at
 * EMU_DRIVER_JMP. */
static void test_driver_code(void)
{
    static const char *const forms[] = {
        "MOVE.q q, Dn", "MOVE.q q, Dn", "MOVE.q q, Dn", "MOVE.q q, Dn",
        "MOVE.q q, Dn", "MOVE.q q, Dn", "MOVE.q q, Dn", "MOVE.q q, Dn",
        "SUBA.l An, An", "SUBA.l An, An", "SUBA.l An, An", "SUBA.l An, An",
        "SUBA.l An, An", "SUBA.l An, An", "MOVEA.l #, An", "MOVEA.l #, An",
        "PEA (xxx).l", "MOVEtoSR #", "JMP (xxx).l",
    };
    uint16_t w[EMU_DRIVER_WORDS];
    emu_driver_code(w, 0x00012345u, 0xFFFFD000u, 0xFFFFFE00u);
    unsigned off = 0;
    size_t n = 0;
    while (off < 2 * EMU_DRIVER_WORDS && n < sizeof forms / sizeof forms[0]) {
        char name[M68KFORM_NAME_MAX];
        unsigned len = m68kform_name(w[off / 2], name, sizeof name);
        CHECK(len > 0);
        if (len == 0)
            break;
        if (strcmp(name, forms[n]) != 0) {
            printf("  driver $%02X: %s, expected %s\n", off, name, forms[n]);
            CHECK(0);
        }
        CHECK(!m68kfix_is_corrected_form(w[off / 2]));
        if (strcmp(name, "JMP (xxx).l") == 0)
            CHECK_EQ(EMU_SENTINEL + off, EMU_DRIVER_JMP);
        off += len;
        n++;
    }
    CHECK_EQ(n, sizeof forms / sizeof forms[0]);
    CHECK_EQ(off, 2 * EMU_DRIVER_WORDS);
    /* the operands: moveq #0; suba Ar,Ar for r = 1..6; A0, A7, the
     * sentinel, SR, the routine */
    for (int r = 0; r < 8; r++)
        CHECK_EQ(w[r] & 0xFF, 0);
    for (int r = 1; r <= 6; r++)
        CHECK_EQ(w[7 + r], 0x91C8 | r << 9 | r);
    CHECK_EQ((uint32_t)w[15] << 16 | w[16], 0xFFFFD000u);
    CHECK_EQ((uint32_t)w[18] << 16 | w[19], 0xFFFFFE00u);
    CHECK_EQ((uint32_t)w[21] << 16 | w[22], EMU_SENTINEL);
    CHECK_EQ(w[24], 0x2700);
    CHECK_EQ((uint32_t)w[26] << 16 | w[27], 0x00012345u);
}

/* The same rows on a session that ran other scenarios before as on a new
 * emulator, and on the old per-frame path, for scenarios that change the
 * collision tables and RAM differently; and the emulator's RAM and ROM
 * copy after the last run equal a new emulator's after that run alone. */
static void test_session_reuse(void)
{
    static test_scn a, b, c, alone;
    probe_scn(&a, 5, 8, 20);  /* masks 1-5, 8 chunks */
    probe_scn(&b, 1, 1, 12);  /* mask 1, one chunk */
    probe_scn(&c, 0, 2, 7);   /* no masks at all */
    test_scn *order[] = { &a, &b, &c, &b, &a, &c, &a };
    capture_rom rom;
    capture_rom_desc d;
    capture_error err;
    CHECK_EQ(rom_for(P_PLAYER, &rom, &d), 0);
    capture_session *cs = capture_session_open(&rom, NULL, 0, &err);
    CHECK(cs != NULL);
    if (!cs) {
        capture_rom_free(&rom);
        return;
    }
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        test_scn *t = order[i];
        CHECK_EQ(capture_session_run(cs, &t->s, t->rows, NULL, &err), 0);
        for (unsigned flags = 0; flags <= CAPTURE_PER_FRAME; flags += CAPTURE_PER_FRAME) {
            scn_copy(&alone, t);
            memset(alone.rows, 0, sizeof alone.rows);
            CHECK_EQ(run_fresh(P_PLAYER, flags, &alone, &err), 0);
            CHECK(same_rows(t->rows, alone.rows, t->s.frames));
        }
    }
    /* whole memory after b, run alone and after the others */
    CHECK_EQ(capture_session_run(cs, &b.s, b.rows, NULL, &err), 0);
    capture_session *fresh = capture_session_open(&rom, NULL, 0, &err);
    CHECK(fresh != NULL);
    if (fresh) {
        CHECK_EQ(capture_session_run(fresh, &b.s, alone.rows, NULL, &err), 0);
        const emu *x = capture_session_emu(cs), *y = capture_session_emu(fresh);
        CHECK(x && y);
        if (x && y) {
            CHECK(memcmp(x->ram, y->ram, EMU_RAM_SIZE) == 0);
            CHECK_EQ(x->rom_map, y->rom_map);
            CHECK(memcmp(x->rom, y->rom, x->rom_map) == 0);
            CHECK(memcmp(x->rom, image, image_size) != 0); /* b wrote mask 1 */
        }
        capture_session_close(fresh);
    }
    capture_session_close(cs);
    capture_rom_free(&rom);
}

/* What a scenario leaves in RAM and the tables does not reach the next
 * one: a RAM counter, mask 3 of the tables and chunk 6, read by a routine
 * of their own, after a scenario that wrote masks 1-5 and 8 chunks. */
static void test_session_leftovers(void)
{
    static test_scn a, b, b_alone;
    probe_scn(&a, 5, 8, 3);
    set_cell(&a, 5 * 16, 46, 2 | SPG_CELL_TOP_SOLID); /* chunk 6, cell (0, 14) */
    probe_scn(&b, 1, 1, 3);
    scn_copy(&b_alone, &b);
    capture_rom rom;
    capture_rom_desc d;
    capture_error err;
    CHECK_EQ(rom_for(P_LEFTOVERS, &rom, &d), 0);
    capture_session *cs = capture_session_open(&rom, NULL, 0, &err);
    CHECK(cs != NULL);
    if (!cs) {
        capture_rom_free(&rom);
        return;
    }
    CHECK_EQ(capture_session_run(cs, &a.s, a.rows, NULL, &err), 0);
    CHECK_EQ(capture_session_run(cs, &b.s, b.rows, NULL, &err), 0);
    CHECK_EQ(run_fresh(P_LEFTOVERS, 0, &b_alone, &err), 0);
    /* a saw its own tables and chunks; b sees the image's and zero RAM */
    CHECK_EQ(a.rows[3].jumping, 3);
    CHECK_EQ(a.rows[1].angle, 0x21);
    CHECK(a.rows[1].ground_speed != 0);
    CHECK_EQ(b.rows[1].jumping, 1);
    CHECK_EQ(b.rows[3].jumping, 3);
    CHECK_EQ(b.rows[1].angle, 0x5A);
    CHECK_EQ(b.rows[1].anim, 0x5A);
    CHECK_EQ(b.rows[1].routine, 0x5A);
    CHECK_EQ(b.rows[1].ground_speed, 0);
    CHECK(same_rows(b.rows, b_alone.rows, 3));
    capture_session_close(cs);
    capture_rom_free(&rom);
}

/* An error in frame N is reported as frame N (the rows before it filled),
 * on the driver as on the per-frame path, with the same message. */
static void expect_frame_error(uint32_t entry, int frame, emu_status st, const char *text)
{
    static test_scn t, u;
    scn_init(&t, 32, 46, 1, 1);
    t.s.frames = 9;
    t.s.start.anim = (uint8_t)frame;
    scn_copy(&u, &t);
    capture_error err, err2;
    CHECK_EQ(run_fresh(entry, 0, &t, &err), -1);
    CHECK_EQ(err.status, CAPTURE_ERR_EMU);
    CHECK_EQ(err.frame, frame);
    CHECK_EQ(err.emu.status, st);
    char head[64];
    snprintf(head, sizeof head, "selftest.yaml: frame %d: ", frame);
    CHECK(strstr(err.msg, head) == err.msg);
    if (!strstr(err.msg, text)) {
        printf("  message: %s\n", err.msg);
        CHECK(0);
    }
    for (int f = 1; f < frame; f++)
        CHECK_EQ(t.rows[f].jumping, f);
    CHECK_EQ(run_fresh(entry, CAPTURE_PER_FRAME, &u, &err2), -1);
    CHECK_EQ(err2.frame, frame);
    CHECK_EQ(err2.emu.status, st);
    CHECK_EQ(err2.emu.pc, err.emu.pc);
    CHECK_EQ(err2.emu.addr, err.emu.addr);
    if (strcmp(err.msg, err2.msg) != 0) {
        printf("  driver:    %s\n  per frame: %s\n", err.msg, err2.msg);
        CHECK(0);
    }
    CHECK(same_rows(t.rows, u.rows, frame - 1));
}

static void test_driver_error_frames(void)
{
    expect_frame_error(P_VDP_ON_FRAME, 1, EMU_ERR_HARDWARE, "VDP");
    expect_frame_error(P_VDP_ON_FRAME, 6, EMU_ERR_HARDWARE, "VDP");
    expect_frame_error(P_LOOP_ON_FRAME, 4, EMU_ERR_BUDGET, "budget");
    expect_frame_error(P_STACK_ON_FRAME, 3, EMU_ERR_STACK, "stack pointer at $FFFFFDFC instead of $FFFFFE00");
    expect_frame_error(P_OUTSIDE_ON_FRAME, 7, EMU_ERR_OUTSIDE, "code range");
    /* the driver's own addresses are no way out of the code range */
    expect_frame_error(P_DRIVER_ON_FRAME, 2, EMU_ERR_OUTSIDE, "at $00800032");
    expect_frame_error(P_DRIVER_MID_ON_FRAME, 5, EMU_ERR_OUTSIDE, "at $00800010");
}

/* RAM writes go through the capture's write hook on the driver and
 * through Unicorn itself per frame: misaligned words and longs, writes
 * through the mirror, tas, and a long that runs off the end of RAM into
 * ROM land (or fail) the same way. */
static void test_driver_ram_writes(void)
{
    static test_scn t, u;
    scn_init(&t, 32, 46, 1, 1);
    t.s.frames = 2;
    t.s.start.x = 0x7F000000;
    t.s.start.y = 0x000000AA;
    t.s.start.anim = 0x05;
    scn_copy(&u, &t);
    capture_error err, err2;
    CHECK_EQ(run_fresh(P_ODD_WRITES, 0, &t, &err), 0);
    CHECK_EQ(run_fresh(P_ODD_WRITES, CAPTURE_PER_FRAME, &u, &err2), 0);
    CHECK_EQ((uint32_t)t.rows[1].x, 0x7F112233u);
    CHECK_EQ((uint32_t)t.rows[1].y, 0x440000AAu);
    CHECK_EQ((uint16_t)t.rows[1].x_speed & 0xFF, 0x55);
    CHECK_EQ((uint16_t)t.rows[1].y_speed >> 8, 0x66);
    CHECK_EQ((uint16_t)t.rows[1].ground_speed & 0xFF, 0x77);
    CHECK_EQ(t.rows[1].height_radius, 0x88);
    CHECK_EQ(t.rows[1].anim, 0x85);
    CHECK_EQ(t.rows[2].jumping, 2);
    CHECK(same_rows(t.rows, u.rows, 2));

    CHECK_EQ(run_fresh(P_WRITE_PAST_RAM, 0, &t, &err), -1);
    CHECK_EQ(run_fresh(P_WRITE_PAST_RAM, CAPTURE_PER_FRAME, &u, &err2), -1);
    CHECK_EQ(err.emu.status, EMU_ERR_PROTECTED);
    CHECK_EQ(err.emu.addr, 0);
    CHECK_EQ(err2.emu.status, err.emu.status);
    CHECK_EQ(err2.emu.addr, err.emu.addr);
    CHECK(strcmp(err.msg, err2.msg) == 0);
    if (!strstr(err.msg, "write of 1 byte(s) at protected address $00000000 (ROM)")) {
        printf("  message: %s\n", err.msg);
        CHECK(0);
    }
}

/* The instruction budget is per frame: 120,000 words a frame for 5 frames
 * pass, 220,000 in the first frame do not, per frame.  The driver counts
 * only after a frame has run EMU_WATCH_NS of CPU time (endless loops: the
 * tests above get the per-frame way's errors): 220,000 words that return
 * sooner pass there. */
static void test_budget_per_frame(void)
{
    static test_scn t;
    scn_init(&t, 32, 46, 1, 1);
    t.s.frames = 5;
    capture_error err;
    CHECK_EQ(run_fresh(P_LOOP_60K, 0, &t, &err), 0);
    CHECK_EQ(t.rows[5].jumping, 5);
    CHECK_EQ(run_fresh(P_LOOP_60K, CAPTURE_PER_FRAME, &t, &err), 0);
    CHECK_EQ(t.rows[5].jumping, 5);
    t.s.frames = 2;
    t.s.path = NULL; /* a scenario built in memory */
    CHECK_EQ(run_fresh(P_LOOP_110K, CAPTURE_PER_FRAME, &t, &err), -1);
    CHECK_EQ(err.frame, 1);
    CHECK_EQ(err.emu.status, EMU_ERR_BUDGET);
    CHECK(strstr(err.msg, "(scenario): frame 1: ") == err.msg);
    CHECK_EQ(run_fresh(P_LOOP_110K, 0, &t, &err), 0);
}

/* After an emulator failure the session carries on, on a new emulator,
 * with the rows a new emulator gives; a level the game cannot express
 * changes nothing either. */
static void test_session_after_errors(void)
{
    static test_scn good, good_alone, bad_level;
    probe_scn(&good, 3, 2, 10);
    scn_copy(&good_alone, &good);
    scn_init(&bad_level, 1020, 0, 8, 1);
    capture_rom rom;
    capture_rom_desc d;
    capture_error err;
    CHECK_EQ(rom_for(P_THIRD, &rom, &d), 0);
    capture_session *cs = capture_session_open(&rom, NULL, 0, &err);
    CHECK(cs != NULL);
    if (!cs) {
        capture_rom_free(&rom);
        return;
    }
    /* bad_third fails on its third call: each run starts counting again */
    good.s.frames = 2;
    good_alone.s.frames = 2;
    CHECK_EQ(capture_session_run(cs, &good.s, good.rows, NULL, &err), 0);
    CHECK_EQ(capture_session_run(cs, &good.s, good.rows, NULL, &err), 0);
    good.s.frames = 4;
    CHECK_EQ(capture_session_run(cs, &good.s, good.rows, NULL, &err), -1);
    CHECK_EQ(err.frame, 3);
    CHECK(capture_session_emu(cs) == NULL);
    CHECK_EQ(capture_session_run(cs, &bad_level.s, bad_level.rows, NULL, &err), -1);
    CHECK_EQ(err.status, CAPTURE_ERR_LEVEL);
    good.s.frames = 2;
    CHECK_EQ(capture_session_run(cs, &good.s, good.rows, NULL, &err), 0);
    CHECK_EQ(run_fresh(P_THIRD, 0, &good_alone, &err), 0);
    CHECK(same_rows(good.rows, good_alone.rows, 2));
    capture_session_close(cs);
    capture_rom_free(&rom);
}

/* Forms logged over a session add up to those of separate captures. */
static void test_session_forms(void)
{
    static test_scn a, b;
    probe_scn(&a, 4, 3, 15);
    probe_scn(&b, 0, 1, 6);
    capture_rom rom;
    capture_rom_desc d;
    capture_error err;
    CHECK_EQ(rom_for(P_PLAYER, &rom, &d), 0);
    capture_forms one, sep;
    memset(&one, 0, sizeof one);
    memset(&sep, 0, sizeof sep);
    capture_stats sa, sb;
    capture_session *cs = capture_session_open(&rom, &one, 0, &err);
    CHECK(cs != NULL);
    if (cs) {
        CHECK_EQ(capture_session_run(cs, &a.s, a.rows, &sa, &err), 0);
        CHECK_EQ(capture_session_run(cs, &b.s, b.rows, &sb, &err), 0);
        capture_session_close(cs);
    }
    CHECK_EQ(capture_scenario(&rom, &a.s, &sep, a.rows, NULL, &err), 0);
    CHECK_EQ(capture_scenario(&rom, &b.s, &sep, b.rows, NULL, &err), 0);
    uint64_t total = 0;
    CHECK_EQ(one.count, sep.count);
    for (size_t i = 0; i < one.count && i < sep.count; i++) {
        CHECK(strcmp(one.forms[i].name, sep.forms[i].name) == 0);
        CHECK_EQ(one.forms[i].count, sep.forms[i].count);
        total += one.forms[i].count;
    }
    CHECK_EQ(total, sa.instructions + sb.instructions);
    CHECK(sb.instructions > 0);
    capture_forms_free(&one);
    capture_forms_free(&sep);
    capture_rom_free(&rom);
}


/* ---- Sonic 2 on the self-test image ------------------------------------ */

/*
 * The Sonic 2 path of the capture with the self-test image standing in
 * for the game: a description of game 2 built from the Sonic 2 REV01
 * table (its RAM layout) with the code and the mask tables moved to the
 * image's.  "player" (entered as Obj01 with A0 = MainCharacter) adds 1 to
 * x while right is held and stores the Ctrl_1 held / pressed bytes ($F604,
 * $F605, the same addresses in Sonic 2) in object bytes $3E / $3F, which
 * the Sonic 2 trace reads back as top_solid_bit / lrb_solid_bit.  The
 * level the Sonic 2 builder leaves in RAM is checked byte by byte.
 */
static capture_sym s2_syms[80];

static int s2_desc(capture_rom_desc *d)
{
    const capture_rom_desc *real =
        capture_rom_find("9feeb724052c39982d432a7851c98d3e");
    if (real == NULL || real->sym_count > sizeof s2_syms / sizeof s2_syms[0])
        return -1;
    memcpy(s2_syms, real->syms, real->sym_count * sizeof s2_syms[0]);
    for (size_t i = 0; i < real->sym_count; i++) {
        const char *n = s2_syms[i].name;
        if (strcmp(n, "Obj01") == 0 || strcmp(n, "Obj02") == 0)
            s2_syms[i].addr = P_PLAYER;
        else if (strcmp(n, "code_begin") == 0)
            s2_syms[i].addr = 0x200;
        else if (strcmp(n, "code_end") == 0)
            s2_syms[i].addr = T_CODE_END;
        else if (strcmp(n, "ColCurveMap") == 0)
            s2_syms[i].addr = T_ANGLEMAP;
        else if (strcmp(n, "ColArrayVertical") == 0)
            s2_syms[i].addr = T_COLL1;
        else if (strcmp(n, "ColArrayHorizontal") == 0)
            s2_syms[i].addr = T_COLL2;
    }
    *d = *real;
    d->name = "selftest as Sonic 2";
    d->md5 = NULL;
    d->size = 0;
    d->syms = s2_syms;
    d->fix_addrs = test_image.asr_fix;
    d->fix_count = 1;
    return 0;
}

static void test_sonic2_capture(void)
{
    capture_rom_desc d;
    CHECK_EQ(s2_desc(&d), 0);
    capture_rom rom;
    CHECK_EQ(capture_rom_from_desc(image, image_size, &d, &rom, stdout), 0);
    CHECK_EQ(rom.addrs.game, SPG_GAME_SONIC2);
    static const char text[] =
        "name: s2\ngame: sonic2\ntiles:\n"
        "  flat: {heights: full, angle: 0xFF}\n"
        "  half: {heights: [8,8,8,8,8,8,8,8,8,8,8,8,8,8,8,8], angle: 0x10}\n"
        "map:\n  origin: [1008, 736]\n  legend:\n"
        "    \"#\": flat\n"
        "    \"d\": {tile: flat, tile2: half, flip: [x], solidity2: top}\n"
        "    \"h\": {tile: half, solidity: top}\n"
        "  rows: [\"#dh#\", \"####\"]\n"
        "start: {x: 1000, y: 716, path: secondary, spindash_counter: 0x123}\n"
        "input:\n  - {frames: 2, hold: [right]}\n  - {frames: 1, hold: [a]}\n";
    scenario s;
    CHECK_EQ(scenario_load_buffer("s2.yaml", text, strlen(text), &s, stdout), 0);
    capture_error err;
    capture_session *cs = capture_session_open(&rom, NULL, 0, &err);
    CHECK(cs != NULL);
    if (cs == NULL) {
        scenario_free(&s);
        capture_rom_free(&rom);
        return;
    }
    spg_player rows[4];
    capture_stats st;
    CHECK_EQ(capture_session_run(cs, &s, rows, &st, &err), 0);
    /* row 0 as written, the Sonic 2 fields included */
    CHECK_EQ(rows[0].x >> 16, 1000);
    CHECK_EQ(rows[0].top_solid_bit, 0x0E);
    CHECK_EQ(rows[0].lrb_solid_bit, 0x0F);
    CHECK_EQ(rows[0].spindash_counter, 0x123);
    /* Ctrl_1 reaches the routine; $3E/$3F read back */
    CHECK_EQ(rows[1].x >> 16, 1001);
    CHECK_EQ(rows[1].top_solid_bit, SPG_BTN_RIGHT);
    CHECK_EQ(rows[1].lrb_solid_bit, SPG_BTN_RIGHT);
    CHECK_EQ(rows[2].x >> 16, 1002);
    CHECK_EQ(rows[2].lrb_solid_bit, 0);
    CHECK_EQ(rows[3].x >> 16, 1002);
    CHECK_EQ(rows[3].top_solid_bit, SPG_BTN_A);
    CHECK_EQ(rows[3].lrb_solid_bit, SPG_BTN_A);
    CHECK_EQ(rows[3].spindash_counter, 0x123);
    /* the level: 2 chunks (x 1008..1071 spans chunk columns 7 and 8, y
     * 736..767 chunk row 5), 3 block ids (flat/flat, flat/half, half/half),
     * 2 mask ids */
    CHECK_EQ(st.level.chunk_count, 2);
    CHECK_EQ(st.level.mask_count, 2);
    const emu *e = capture_session_emu(cs);
    CHECK(e != NULL);
    if (e) {
        const uint32_t layout = 0xFFFF8000u, chunks = 0xFFFF0000u;
        CHECK_EQ(emu_r8(e, layout + 5 * 0x100 + 7), 1);
        CHECK_EQ(emu_r8(e, layout + 5 * 0x100 + 8), 2);
        CHECK_EQ(emu_r8(e, layout + 5 * 0x100 + 6), 0);
        CHECK_EQ(emu_r8(e, layout + 4 * 0x100 + 7), 0);
        /* chunk 0 stays empty */
        for (uint32_t i = 0; i < 0x80; i += 2)
            CHECK_EQ(emu_r16(e, chunks + i), 0);
        /* chunk 1: tile x 63 = cell column 7, tile y 46 = cell row 6 */
        uint32_t c1 = chunks + 0x80 + 6 * 0x10 + 7 * 2;
        CHECK_EQ(emu_r16(e, c1), 0xF000 | 1);        /* "#": all solid */
        CHECK_EQ(emu_r16(e, c1 + 0x10), 0xF000 | 1);
        uint32_t c2 = chunks + 0x100 + 6 * 0x10;      /* tiles 64.. */
        CHECK_EQ(emu_r16(e, c2), 0x7000 | 0x400 | 2); /* "d": x flip, top2 */
        CHECK_EQ(emu_r16(e, c2 + 2), 0x5000 | 3);     /* "h": top both */
        CHECK_EQ(emu_r16(e, c2 + 4), 0xF000 | 1);
        CHECK_EQ(emu_r16(e, c2 + 6), 0);
        /* block -> mask: primary and secondary */
        const uint32_t pri = 0xFFFFD600u, sec = 0xFFFFD900u;
        CHECK_EQ(emu_r8(e, pri + 1), 1);
        CHECK_EQ(emu_r8(e, sec + 1), 1);
        CHECK_EQ(emu_r8(e, pri + 2), 1);
        CHECK_EQ(emu_r8(e, sec + 2), 2);
        CHECK_EQ(emu_r8(e, pri + 3), 2);
        CHECK_EQ(emu_r8(e, sec + 3), 2);
        CHECK_EQ(emu_r8(e, pri + 4), 0);
        CHECK_EQ(emu_r8(e, sec + 0x2FF), 0);
        /* the masks over the ROM copy */
        CHECK_EQ(emu_rom_r8(e, T_COLL1 + 1 * 16), 16);
        CHECK_EQ(emu_rom_r8(e, T_COLL1 + 2 * 16 + 5), 8);
        CHECK_EQ(emu_rom_r8(e, T_ANGLEMAP + 1), 0xFF);
        CHECK_EQ(emu_rom_r8(e, T_ANGLEMAP + 2), 0x10);
        /* quiet: Tails_Min_X as the camera's, the DMA slot reset each
         * frame, Player_mode 1 (Sonic alone) */
        CHECK_EQ(emu_r16(e, 0xFFFFEEF8u), emu_r16(e, 0xFFFFEEC8u));
        CHECK_EQ(emu_r32(e, 0xFFFFDCFCu), 0xFFFFDC00u);
        CHECK_EQ(emu_r16(e, 0xFFFFFF70u), 1);
    }
    /* a Sonic 1 scenario on a Sonic 2 image is refused */
    scenario s1;
    static const char t1[] = "name: s1\ngame: sonic1\ntiles: {}\n"
                             "map: {origin: [0, 0], rows: [\".\"]}\n"
                             "start: {}\nframes: 1\n";
    CHECK_EQ(scenario_load_buffer("s1.yaml", t1, strlen(t1), &s1, stdout), 0);
    spg_player r1[2];
    CHECK_EQ(capture_session_run(cs, &s1, r1, NULL, &err), -1);
    CHECK_EQ(err.status, CAPTURE_ERR_LEVEL);
    CHECK(strstr(err.msg, "sonic1") != NULL);
    scenario_free(&s1);
    /* Tails: Player_mode 2, Obj02's id */
    scenario t;
    static const char tt[] = "name: t\ngame: sonic2\ncharacter: tails\n"
                             "tiles: {}\nmap: {origin: [0, 0], rows: [\".\"]}\n"
                             "start: {x: 40, y: 40}\nframes: 1\n";
    CHECK_EQ(scenario_load_buffer("t.yaml", tt, strlen(tt), &t, stdout), 0);
    CHECK_EQ(capture_session_run(cs, &t, r1, NULL, &err), 0);
    e = capture_session_emu(cs);
    if (e) {
        CHECK_EQ(emu_r16(e, 0xFFFFFF70u), 2);
        CHECK_EQ(emu_r8(e, 0xFFFFB000u), 2);
    }
    scenario_free(&t);
    capture_session_close(cs);
    scenario_free(&s);
    capture_rom_free(&rom);
}

/* One ROM of every registered game at once, over blank images: each
 * names its game and driver, and a session on it refuses a scenario of
 * every other game before running anything, naming both games. */
static void test_one_rom_per_game(void)
{
    size_t ng = game_count();
    for (size_t g = 0; g < ng; g++) {
        if (game_at(g)->rom_count == 0)
            continue; /* no supported image yet: nothing to capture with */
        const capture_rom_desc *d = game_at(g)->roms[0];
        uint8_t *img = calloc(1, d->size);
        CHECK(img != NULL);
        if (!img)
            return;
        fake_rom_fill(img, d);
        capture_rom rom;
        CHECK_EQ(capture_rom_from_desc(img, d->size, d, &rom, stdout), 0);
        free(img);
        CHECK(rom.game == game_at(g));
        CHECK(rom.driver != NULL);
        CHECK_EQ(rom.addrs.game, game_at(g)->id);
        capture_error err;
        capture_session *cs = capture_session_open(&rom, NULL, 0, &err);
        CHECK(cs != NULL);
        for (size_t o = 0; cs && o < ng; o++) {
            if (o == g)
                continue;
            scenario s;
            CHECK_EQ(scenario_init(&s, "other", game_at(o)->id,
                                   game_at(o)->characters[0].id,
                                   SPG_VARIANT_NORMAL), 0);
            CHECK_EQ(scenario_set_frames(&s, 2), 0);
            spg_player rows[3];
            CHECK_EQ(capture_session_run(cs, &s, rows, NULL, &err), -1);
            CHECK_EQ(err.status, CAPTURE_ERR_LEVEL);
            char want[200];
            snprintf(want, sizeof want, "the scenario is for game %s, the ROM "
                     "(%s) is a %s image", game_at(o)->name, d->name,
                     game_at(g)->name);
            CHECK(strstr(err.msg, want) != NULL);
            scenario_free(&s);
        }
        capture_session_close(cs);
        capture_rom_free(&rom);
    }
}

int main(void)
{
    load_image();
    RUN(test_md5);
    RUN(test_rom_table);
    RUN(test_supported_descs);
    RUN(test_one_rom_per_game);
    RUN(test_first_instructions);
    RUN(test_desc_checks);
    RUN(test_rom_load_errors);
    RUN(test_ram_mapping);
    RUN(test_ram_alias);
    RUN(test_level_build);
    RUN(test_level_build_s3);
    RUN(test_sound_windows);
    RUN(test_probe_trace);
    RUN(test_error_unmapped);
    RUN(test_error_illegal);
    RUN(test_error_budget);
    RUN(test_error_vdp);
    RUN(test_error_rom_write);
    RUN(test_error_outside);
    RUN(test_error_sentinel_jump);
    RUN(test_error_later_frame);
    RUN(test_asr_corrected);
    RUN(test_level_errors);
    RUN(test_golden_file);
    RUN(test_forms_and_bench);
    RUN(test_driver_entry_state);
    RUN(test_driver_code);
    RUN(test_session_reuse);
    RUN(test_session_leftovers);
    RUN(test_driver_error_frames);
    RUN(test_driver_ram_writes);
    RUN(test_budget_per_frame);
    RUN(test_session_after_errors);
    RUN(test_session_forms);
    RUN(test_sonic2_capture);
    free(image);
    TEST_MAIN_END();
}
