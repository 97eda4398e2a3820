/*
 * roms.c - address tables of the supported ROM images.
 *
 * Every address below was read from the symbol table the assembler prints
 * for the public Sonic 1 disassembly (sonicretro/s1disasm) built at the
 * revision named, or for Sonic 2 the public sonicretro/s2disasm built as
 * REV01 (s2.lst), or for Sonic 3 the public sonicretro/skdisasm's s3.asm
 * (s3.lst); RAM addresses are the sign-extended short addresses the
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
    1,
    0,
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
    1,
    0,
};

/* Sonic the Hedgehog 2 (1992), REV01.  Names are the disassembly's own;
 * capture.c looks them up for a description whose game is 2. */
static const capture_sym s2_rev01_syms[] = {
    /* code */
    { "Obj01", 0x00019F50u },            /* Sonic */
    { "Obj02", 0x0001B8A4u },            /* Tails */
    { "MapUnc_Sonic", 0x0006FBE0u },
    { "MapUnc_Tails", 0x000739E2u },
    { "code_begin", 0x00000206u },       /* EntryPoint */
    { "code_end", 0x00042D50u },         /* ColCurveMap: the first collision
                                            table after the code the player
                                            runs (TouchResponse $3F554,
                                            KillCharacter $3F926) */
    /* ROM tables the scenario's masks are written into */
    { "ColCurveMap", 0x00042D50u },      /* angles, one per mask */
    { "ColArrayVertical", 0x00042E50u }, /* column heights, 16 per mask */
    { "ColArrayHorizontal", 0x00043E50u }, /* row widths, 16 per mask */
    /* RAM */
    { "Chunk_Table", 0xFFFF0000u },      /* 256 chunks of 8x8 cell words */
    { "Level_Layout", 0xFFFF8000u },     /* 16 rows of $100 bytes */
    { "MainCharacter", 0xFFFFB000u },
    { "Object_Display_Lists", 0xFFFFAC00u }, /* $400 bytes */
    { "Primary_Collision", 0xFFFFD600u },    /* block -> mask, $300 bytes */
    { "Secondary_Collision", 0xFFFFD900u },
    { "VDP_Command_Buffer", 0xFFFFDC00u },
    { "VDP_Command_Buffer_Slot", 0xFFFFDCFCu },
    { "Camera_Max_Y_pos_target", 0xFFFFEEC6u },
    { "Camera_Min_X_pos", 0xFFFFEEC8u },
    { "Camera_Max_X_pos", 0xFFFFEECAu },
    { "Camera_Min_Y_pos", 0xFFFFEECCu },
    { "Camera_Max_Y_pos", 0xFFFFEECEu },
    { "Camera_Y_pos_bias", 0xFFFFEED8u },
    { "Tails_Min_X_pos", 0xFFFFEEF8u },
    { "Tails_Max_X_pos", 0xFFFFEEFAu },
    { "Tails_Min_Y_pos", 0xFFFFEEFCu },
    { "Tails_Max_Y_pos", 0xFFFFEEFEu },
    { "Ctrl_1", 0xFFFFF604u },           /* held, then pressed */
    { "Ctrl_2", 0xFFFFF606u },
    { "Tails_CPU_routine", 0xFFFFF708u },
    { "Water_flag", 0xFFFFF730u },
    { "Sonic_top_speed", 0xFFFFF760u },
    { "Sonic_acceleration", 0xFFFFF762u },
    { "Sonic_deceleration", 0xFFFFF764u },
    { "Primary_Angle", 0xFFFFF768u },
    { "Secondary_Angle", 0xFFFFF76Au },
    { "WindTunnel_flag", 0xFFFFF7C7u },
    { "Control_Locked", 0xFFFFF7CCu },
    { "System_Stack", 0xFFFFFE00u },
    { "Debug_placement_mode", 0xFFFFFE08u },
    { "Current_Zone", 0xFFFFFE10u },
    { "Life_count", 0xFFFFFE12u },
    { "Super_Sonic_flag", 0xFFFFFE19u },
    { "Last_star_pole_hit", 0xFFFFFE30u },
    { "Tails_top_speed", 0xFFFFFEC0u },
    { "Tails_acceleration", 0xFFFFFEC2u },
    { "Tails_deceleration", 0xFFFFFEC4u },
    { "Player_mode", 0xFFFFFF70u },
    { "Emerald_count", 0xFFFFFFB1u },
    { "Two_player_mode", 0xFFFFFFD8u },
    { "Sound_Queue", 0xFFFFFFE0u },
    { "Debug_mode_flag", 0xFFFFFFFAu },
};

/* Memory-form asr.w the player frame can reach (docs/emulator-audit.md):
 * the landing branches of Sonic_DoLevelCollision and
 * Tails_DoLevelCollision, and the water entries Obj01_InWater /
 * Obj02_InWater (unreachable with Water_flag 0, corrected all the same). */
static const uint32_t s2_rev01_fixes[] = {
    0x0001A1E0u, 0x0001A1E4u, 0x0001A1E8u, /* Obj01_InWater */
    0x0001AF54u,                           /* Sonic_DoLevelCollision */
    0x0001BF94u, 0x0001BF98u, 0x0001BF9Cu, /* Obj02_InWater */
    0x0001CA04u,                           /* Tails_DoLevelCollision */
};

static const capture_rom_desc s2_rev01 = {
    "Sonic the Hedgehog 2 (REV01)",
    "9feeb724052c39982d432a7851c98d3e",
    0x100000u,
    s2_rev01_syms, sizeof s2_rev01_syms / sizeof s2_rev01_syms[0],
    NULL, 0,
    s2_rev01_fixes, sizeof s2_rev01_fixes / sizeof s2_rev01_fixes[0],
    2,
    0,
};

/* Sonic the Hedgehog 3 (1994, USA), the cartridge alone.  Names are
 * skdisasm's (docs/research/sonic3-differences.md, section 3). */
static const capture_sym s3_syms[] = {
    /* code */
    { "Obj_Sonic", 0x00011BB8u },
    { "Obj_Tails", 0x000143B2u },
    { "code_begin", 0x00000206u },        /* EntryPoint */
    { "code_end", 0x000704A0u },          /* AngleArray: the collision
                                             tables follow the code the
                                             player runs (MoveSprite
                                             $191F6, TouchResponse $11168,
                                             Play_SFX $160A) */
    /* ROM tables the scenario's masks are written into */
    { "AngleArray", 0x000704A0u },
    { "HeightMaps", 0x000706A0u },
    { "HeightMapsRot", 0x000726A0u },
    /* RAM */
    { "Chunk_table", 0xFFFF0000u },
    { "Level_layout_header", 0xFFFF8000u },
    { "Block_table", 0xFFFF9000u },       /* unused by the player code: the
                                             capture keeps its block ->
                                             mask word tables here */
    { "Sprite_table_input", 0xFFFFAC00u },
    { "Player_1", 0xFFFFB000u },
    { "Collision_response_list", 0xFFFFE380u },
    { "Camera_target_max_Y_pos", 0xFFFFEE12u },
    { "Camera_min_X_pos", 0xFFFFEE14u },
    { "Camera_max_X_pos", 0xFFFFEE16u },
    { "Camera_min_Y_pos", 0xFFFFEE18u },
    { "Camera_max_Y_pos", 0xFFFFEE1Au },
    { "Distance_from_top", 0xFFFFEE2Cu },
    { "Distance_from_top_P2", 0xFFFFEE2Eu },
    { "Camera_Y_pos", 0xFFFFEE7Cu },
    { "Screen_Y_wrap_value", 0xFFFFEEAAu },
    { "Layout_row_index_mask", 0xFFFFEEAEu },
    { "Ctrl_1", 0xFFFFF604u },            /* held, then pressed */
    { "Water_level", 0xFFFFF646u },
    { "Mean_water_level", 0xFFFFF648u },
    { "Target_water_level", 0xFFFFF64Au },
    { "Background_collision_flag", 0xFFFFF664u },
    { "Disable_death_plane", 0xFFFFF665u },
    { "Tails_CPU_idle_timer", 0xFFFFF702u },
    { "Tails_CPU_routine", 0xFFFFF708u },
    { "Water_flag", 0xFFFFF730u },
    { "Flying_carrying_Sonic_flag", 0xFFFFF73Eu },
    { "Max_speed", 0xFFFFF760u },
    { "Acceleration", 0xFFFFF762u },
    { "Deceleration", 0xFFFFF764u },
    { "Primary_Angle", 0xFFFFF768u },
    { "Secondary_Angle", 0xFFFFF76Au },
    { "Boss_flag", 0xFFFFF7AAu },
    { "Primary_collision_addr", 0xFFFFF7B4u },
    { "Secondary_collision_addr", 0xFFFFF7B8u },
    { "WindTunnel_flag", 0xFFFFF7C8u },
    { "Ctrl_1_locked", 0xFFFFF7CAu },
    { "DMA_queue", 0xFFFFFB00u },
    { "DMA_queue_slot", 0xFFFFFBFCu },    /* a long pointer */
    { "System_stack", 0xFFFFFE00u },
    { "Level_frame_counter", 0xFFFFFE04u },
    { "Debug_placement_mode", 0xFFFFFE08u },
    { "Current_zone_and_act", 0xFFFFFE10u },
    { "Life_count", 0xFFFFFE12u },
    { "Super_Sonic_Knux_flag", 0xFFFFFE19u },
    { "Last_star_post_hit", 0xFFFFFE2Au },
    { "Max_speed_P2", 0xFFFFFEC0u },
    { "Acceleration_P2", 0xFFFFFEC2u },
    { "Deceleration_P2", 0xFFFFFEC4u },
    { "Player_mode", 0xFFFFFF08u },
    { "Chaos_emerald_count", 0xFFFFFFB0u },
    { "Competition_mode", 0xFFFFFFD8u },
    { "Debug_mode_flag", 0xFFFFFFFAu },
};

/* Memory-form asr.w the player frame can reach (docs/emulator-audit.md,
 * section E): the steep-floor landings of Sonic_DoLevelCollision and
 * Tails_DoLevelCollision, and the water entries of Sonic_InWater and
 * Tails_Water (unreachable with Water_flag 0, corrected all the same). */
static const uint32_t s3_fixes[] = {
    0x00011F8Eu, 0x00011F92u, 0x00011F96u, /* Sonic_InWater */
    0x00012EB4u,                           /* Sonic_DoLevelCollision */
    0x000152D8u, 0x000152DCu, 0x000152E0u, /* Tails_Water */
    0x0001601Au,                           /* Tails_DoLevelCollision */
};

static const capture_rom_desc s3_usa = {
    "Sonic the Hedgehog 3 (USA)",
    "d724ea4dd417fe330c9dcfd955c596b2",
    0x200000u,
    s3_syms, sizeof s3_syms / sizeof s3_syms[0],
    NULL, 0,
    s3_fixes, sizeof s3_fixes / sizeof s3_fixes[0],
    3,
    1, /* Play_SFX goes through the Z80 */
};

const capture_rom_desc *const capture_roms[] = { &s1_rev01, &s1_rev00, &s2_rev01,
                                                 &s3_usa };
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
    if (d->common == NULL)
        return -1;
    return find_sym(d->common, d->common_count, name, out);
}

int capture_rom_syms(const capture_rom_desc *d, const capture_rom_need *need,
                     size_t n, FILE *err)
{
    int ok = 1;
    for (size_t i = 0; i < n; i++)
        if (capture_rom_sym(d, need[i].name, need[i].dst) != 0) {
            fprintf(err, "ROM description '%s' has no address for %s\n",
                    d->name, need[i].name);
            ok = 0;
        }
    return ok ? 0 : -1;
}

void capture_rom_list(FILE *f)
{
    for (size_t i = 0; i < capture_rom_count; i++)
        fprintf(f, "  %s  %s\n", capture_roms[i]->md5, capture_roms[i]->name);
}
