/*
 * roms.c - address tables of the supported ROM images.
 *
 * Every address below was read from the symbol table the assembler prints
 * for the public Sonic 1 disassembly (sonicretro/s1disasm) built at the
 * revision named; RAM addresses are the sign-extended short addresses the
 * code uses ($FFFFxxxx).
 */
#include "capture/roms.h"

#include <string.h>

/* The same in REV00 and REV01: the collision tables in ROM and the RAM
 * layout. */
const capture_sym capture_s1_common_syms[] = {
    /* ROM tables the scenario's masks are written into */
    { "AngleMap", 0x00062900u },
    { "CollArray1", 0x00062A00u },      /* column heights, 16 per mask */
    { "CollArray2", 0x00063A00u },      /* row widths, 16 per mask */
    { "collindex_rom", 0x00064C62u },   /* Col_MZ: zone 2's collision index */
    { "collindex_size", 0x00000190u },  /* its length in bytes */
    /* RAM */
    { "v_256x256", 0xFFFF0000u },
    { "v_lvllayout", 0xFFFFA400u },
    { "v_player", 0xFFFFD000u },
    { "v_objspace_end", 0xFFFFF000u },
    { "v_jpadhold2", 0xFFFFF602u },
    { "v_jpadpress2", 0xFFFFF603u },
    { "v_jpadhold1", 0xFFFFF604u },
    { "v_jpadpress1", 0xFFFFF605u },
    { "v_limitleft2", 0xFFFFF728u },
    { "v_limitright2", 0xFFFFF72Au },
    { "v_limittop2", 0xFFFFF72Cu },
    { "v_limitbtm2", 0xFFFFF72Eu },
    { "v_lookshift", 0xFFFFF73Eu },
    { "v_sonspeedmax", 0xFFFFF760u },
    { "v_sonspeedacc", 0xFFFFF762u },
    { "v_sonspeeddec", 0xFFFFF764u },
    { "v_anglebuffer", 0xFFFFF768u },
    { "v_anglebuffer2", 0xFFFFF76Au },
    { "v_collindex", 0xFFFFF796u },
    { "f_playerctrl", 0xFFFFF7C8u },
    { "f_lockctrl", 0xFFFFF7CCu },
    { "v_systemstack", 0xFFFFFE00u },
    { "v_debuguse", 0xFFFFFE08u },
    { "v_zone", 0xFFFFFE10u },
    { "f_debugmode", 0xFFFFFFFAu },
    /* the special stage */
    { "v_gamemode", 0xFFFFF600u },
    { "v_ssangle", 0xFFFFF780u },
    { "v_ssrotate", 0xFFFFF782u },
    { "v_lives", 0xFFFFFE12u },
    { "v_continues", 0xFFFFFE18u },
    { "v_lifecount", 0xFFFFFE1Bu },
    { "v_rings", 0xFFFFFE20u },
    { "v_emeralds", 0xFFFFFE57u },
    { "v_emldlist", 0xFFFFFE58u },
    { "v_ssbuffer1", 0xFFFF0000u },   /* the layout ($4000 bytes) */
    { "v_ssitembuffer", 0xFFFF4400u }, /* item animation slots ($100) */
};
const size_t capture_s1_common_count =
    sizeof capture_s1_common_syms / sizeof capture_s1_common_syms[0];

/* Sonic the Hedgehog (1991), REV01. */
static const capture_sym s1_rev01_syms[] = {
    /* code */
    { "SonicPlayer", 0x000132ACu },     /* object 01: the player routine */
    { "Map_Sonic", 0x00021CF4u },       /* what Sonic_Main puts in obMap */
    { "code_begin", 0x00000206u },      /* EntryPoint */
    { "code_end", 0x00021CF4u },        /* first data after the player code */
    { "SonicSpecial", 0x0001C13Au },    /* object 09: Sonic in the special stage */
    { "SS_AniItems", 0x0001BC86u },     /* special-stage item animations */
};

static const uint32_t s1_rev01_fixes[] = {
    0x0001348Au, 0x0001348Eu, 0x00013492u, /* Sonic_Water */
    0x00013D1Cu,                           /* Sonic_Floor */
    0x00015914u, 0x00015918u, 0x00019788u, 0x00019B0Eu,
    0x0001B704u, 0x0001B708u, 0x0001C742u,
};

static const capture_rom_desc s1_rev01 = {
    "Sonic the Hedgehog (REV01)",
    "09dadb5071eb35050067a32462e39c5f",
    0x80000u,
    s1_rev01_syms, sizeof s1_rev01_syms / sizeof s1_rev01_syms[0],
    capture_s1_common_syms, sizeof capture_s1_common_syms / sizeof capture_s1_common_syms[0],
    s1_rev01_fixes, sizeof s1_rev01_fixes / sizeof s1_rev01_fixes[0],
};

/* Sonic the Hedgehog (1991), REV00: the same RAM layout and collision
 * tables; the code sits lower. */
static const capture_sym s1_rev00_syms[] = {
    { "SonicPlayer", 0x00012BD8u },
    { "Map_Sonic", 0x000211E2u },
    { "code_begin", 0x00000206u },
    { "code_end", 0x000211E2u },
    { "SonicSpecial", 0x0001B984u },
    { "SS_AniItems", 0x0001B4D0u },
};

static const uint32_t s1_rev00_fixes[] = {
    0x00012DB6u, 0x00012DBAu, 0x00012DBEu, /* Sonic_Water */
    0x00013648u,                           /* Sonic_Floor */
    0x000151ACu, 0x000151B0u, 0x00018FD8u, 0x0001935Eu,
    0x0001AF4Eu, 0x0001AF52u, 0x0001BF8Cu,
};

static const capture_rom_desc s1_rev00 = {
    "Sonic the Hedgehog (REV00)",
    "1bc674be034e43c96b86487ac69d9293",
    0x80000u,
    s1_rev00_syms, sizeof s1_rev00_syms / sizeof s1_rev00_syms[0],
    capture_s1_common_syms, sizeof capture_s1_common_syms / sizeof capture_s1_common_syms[0],
    s1_rev00_fixes, sizeof s1_rev00_fixes / sizeof s1_rev00_fixes[0],
};

const capture_rom_desc *const capture_roms[] = { &s1_rev01, &s1_rev00 };
const size_t capture_rom_count = sizeof capture_roms / sizeof capture_roms[0];

const capture_rom_desc *capture_rom_find(const char *md5_hex)
{
    for (size_t i = 0; i < capture_rom_count; i++)
        if (strcmp(capture_roms[i]->md5, md5_hex) == 0)
            return capture_roms[i];
    return NULL;
}

static int find_sym(const capture_sym *syms, size_t n, const char *name,
                    uint32_t *out)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(syms[i].name, name) == 0) {
            *out = syms[i].addr;
            return 0;
        }
    return -1;
}

int capture_rom_sym(const capture_rom_desc *d, const char *name, uint32_t *out)
{
    if (find_sym(d->syms, d->sym_count, name, out) == 0)
        return 0;
    return find_sym(d->common, d->common_count, name, out);
}

void capture_rom_list(FILE *f)
{
    for (size_t i = 0; i < capture_rom_count; i++)
        fprintf(f, "  %s  %s\n", capture_roms[i]->md5, capture_roms[i]->name);
}
