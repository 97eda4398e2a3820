/*
 * sonic3k.c - the capture driver of Sonic & Knuckles: Sonic 3's driver
 * (capture/sonic3.c: the same player object, level and quiet game) with
 * Knuckles' object and mappings, the RAM the S&K player code reads that
 * Sonic 3's does not (reverse gravity, the wall-grab switch, the glide's
 * collision byte, the Super and lock-on flags), and the block -> mask
 * tables' one-byte mask ids (docs/research/sonic3k-differences.md,
 * sections 2 and 6).
 */
#include "capture/sonic3.h"

static int resolve(const capture_rom_desc *d, capture_addrs *a, FILE *err)
{
    struct capture_addrs_s3 *b = &a->s3;
    if (capture_s3_resolve(d, a, err) != 0)
        return -1;
    const capture_rom_need need[] = {
        { "Obj_Knuckles", &b->obj_knuckles },
        { "Map_Knuckles", &b->map_knuckles },
        { "Reverse_gravity_flag", &b->reverse_gravity },
        { "Disable_wall_grab", &b->disable_wall_grab },
        { "Gliding_collision_flags", &b->glide_flags },
        { "Super_Tails_flag", &b->super_tails },
        { "Super_emerald_count", &b->super_emeralds },
        { "Emeralds_converted_flag", &b->emeralds_converted },
        { "SK_alone_flag", &b->sk_alone },
    };
    if (capture_rom_syms(d, need, sizeof need / sizeof need[0], err) != 0)
        return -1;
    b->level.mask_id_byte = 1; /* FindFloor: move.b (a2,d0.w) */
    return 0;
}

extern const game_desc game_sonic3k;

const capture_driver capture_sonic3k = {
    &game_sonic3k,    resolve,         capture_s3_build_level,
    capture_s3_setup, capture_s3_read, capture_s3_frame,
    capture_s3_routine,
};
