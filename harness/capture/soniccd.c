/*
 * soniccd.c - the capture driver of Sonic CD: ObjSonic of the level
 * program R11A__.MMD (Palmtree Panic Act 1 Present), loaded at $200000
 * (the description's load_base), on Sonic 1's object layout; the level
 * in the program copy (level_build_scd) and the quiet game around the
 * player (docs/research/soniccd-differences.md, sections 2, 5 and 7).
 *
 * There is no level loop: the player routine runs alone each frame.  So
 * what the loop would count is not counted: boredTimer (RunBoredTimer)
 * stays where the start or the player code puts it (0 or 1), so the
 * boredom give-up never comes; timeWarpTimer (RunTimeWarp) stays 0 with
 * timeWarpDir 0, so no time warp starts; levelFrames stays 0.  What the
 * loop clears each frame and the player code fills is cleared: the FM
 * sound queue.  What stops the original outside the player code is
 * answered by the description's windows: SubCPUCmd's gate array
 * handshake and the Z80 (ObjSonic_Restart).
 */
#include "capture/driver.h"

#include <string.h>

/* What ObjSonic_Init (routine 0) sets and the capture writes in its
 * place, and the level state the quiet game gives. */
enum {
    SCD_ID = 0x01,
    SCD_ART_TILE = 0x0780,
    SCD_PRIORITY = 2,
    SCD_WIDTH = 0x18,
    SCD_CHARGE = 0x2A, /* oPlayerCharge */
    SCD_CTRL = 0x2C,   /* oPlayerCtrl */
    SCD_LIVES = 3,
    SCD_NO_SPECIAL_CHUNK = 0xFF /* specialChunks: an id no layout byte has */
};

static int resolve_scd(const capture_rom_desc *d, capture_addrs *a, FILE *err)
{
    struct capture_addrs_scd *b = &a->scd;
    const capture_rom_need need[] = {
        { "ObjSonic", &a->player_routine },
        { "MapSpr_Sonic", &a->map_sonic },
        { "code_begin", &a->code_begin },
        { "code_end", &a->code_end },
        { "LevelChunks", &b->level.chunks },
        { "MapSpr_Sonic", &b->level.chunks_end },
        { "LevelCollision", &b->level.collision },
        { "ColAngleMap", &b->level.angle_map },
        { "ColHeightMap", &b->level.heights },
        { "ColWidthMap", &b->level.widths },
        { "levelLayout", &b->level.layout },
        { "collisionPtr", &b->level.collision_ptr },
        { "objPlayerSlot", &a->player },
        { "objectsEnd", &a->objspace_end },
        { "systemStack", &a->systemstack },
        { "p1CtrlData", &b->ctrl },
        { "leftBound", &b->left },
        { "rightBound", &b->right },
        { "topBound", &b->top },
        { "bottomBound", &b->bottom },
        { "camXCenter", &b->cam_x_center },
        { "camYCenter", &b->cam_y_center },
        { "lookMode", &b->look_mode },
        { "boredTimer", &b->bored_timer },
        { "timeZone", &b->time_zone },
        { "zoneAct", &b->zone_act },
        { "lives", &b->lives },
        { "sonicTopSpeed", &b->top_speed },
        { "sonicAcceleration", &b->acceleration },
        { "sonicDeceleration", &b->deceleration },
        { "primaryAngle", &b->primary_angle },
        { "secondaryAngle", &b->secondary_angle },
        { "specialChunks", &b->special_chunks },
        { "speedShoes", &b->speed_shoes },
        { "debugMode", &b->debug_mode },
        { "debugCheat", &b->debug_cheat },
        { "timeAttackMode", &b->time_attack },
        { "miniSonic", &b->mini_sonic },
        { "invincible", &b->invincible },
        { "bossFight", &b->boss_fight },
        { "windTunnelFlag", &b->wind_tunnel },
        { "waterSlideFlag", &b->water_slide },
        { "ctrlLocked", &b->ctrl_locked },
        { "timeWarpDir", &b->warp_dir },
        { "timeWarpTimer", &b->warp_timer },
        { "fmSndQueue1", &b->fm_queue },
    };
    if (capture_rom_syms(d, need, sizeof need / sizeof need[0], err) != 0)
        return -1;
    /* the shared fields the ROM checks and the session use: the tables
     * the level builder writes into the program copy, put back before
     * each scenario */
    a->level.angle_map = b->level.angle_map;
    a->level.coll_array1 = b->level.heights;
    a->level.coll_array2 = b->level.widths;
    a->level.collindex_rom = b->level.collision;
    a->level.collindex_size = LEVEL_SCD_BLOCK_IDS;
    a->rom_scratch = b->level.chunks;
    a->rom_scratch_size = b->level.chunks_end > b->level.chunks
                              ? b->level.chunks_end - b->level.chunks
                              : 0;
    return 0;
}

static int build_level_scd(emu *e, const capture_rom *rom, const scenario *s,
                           level_info *info, char *msg, size_t msglen)
{
    return level_build_scd(e, &rom->addrs.scd.level, &s->map, info, msg,
                           msglen);
}

/* The game around the player, as the level program's own level start
 * leaves it but for what the scenario gives. */
static void quiet_game_scd(emu *e, const capture_rom *rom, const scenario *s)
{
    const capture_addrs *a = &rom->addrs;
    const struct capture_addrs_scd *b = &a->scd;
    const spg_player *p = &s->start;
    /* object RAM after the player stays zero: nothing to touch */
    if (a->objspace_end > a->player + OBJ_SIZE)
        emu_fill(e, a->player + OBJ_SIZE, 0,
                 a->objspace_end - (a->player + OBJ_SIZE));
    /* the program's own zone and act (Palmtree Panic 1), the scenario's
     * time zone */
    emu_w16(e, b->zone_act, 0);
    emu_w8(e, b->time_zone, p->time_zone);
    emu_w8(e, b->lives, SCD_LIVES);
    /* no debug mode, time attack, Mini Sonic, invincibility, boss, wind
     * tunnel, water slide, control lock or time warp */
    emu_w8(e, b->debug_mode, 0);
    emu_w16(e, b->debug_cheat, 0);
    emu_w8(e, b->time_attack, 0);
    emu_w8(e, b->mini_sonic, 0);
    emu_w8(e, b->invincible, 0);
    emu_w8(e, b->boss_fight, 0);
    emu_w8(e, b->wind_tunnel, 0);
    emu_w8(e, b->water_slide, 0);
    emu_w8(e, b->ctrl_locked, 0);
    emu_w8(e, b->warp_dir, 0);
    emu_w16(e, b->warp_timer, 0);
    /* the speed shoes flag the charge cap reads; their timer (object word
     * $34) stays 0, so they never run out */
    emu_w8(e, b->speed_shoes,
           s->profile.variant == SPG_VARIANT_SPEED_SHOES ? 1 : 0);
    emu_w16(e, b->top_speed, (uint16_t)s->start.top_speed);
    emu_w16(e, b->acceleration, (uint16_t)s->start.acceleration);
    emu_w16(e, b->deceleration, (uint16_t)s->start.deceleration);
    /* no loop, special loop or roll tunnel chunk: with 0 every empty
     * chunk would be Palmtree Panic's roll tunnel */
    emu_fill(e, b->special_chunks, SCD_NO_SPECIAL_CHUNK, 4);
    emu_w16(e, b->left, (uint16_t)s->map.limit_left);
    emu_w16(e, b->right, (uint16_t)s->map.limit_right);
    emu_w16(e, b->top, 0);
    emu_w16(e, b->bottom, (uint16_t)s->map.limit_bottom);
    /* the level state in the start */
    emu_w16(e, b->cam_x_center, p->cam_x_center);
    emu_w16(e, b->cam_y_center, p->cam_y_center);
    emu_w8(e, b->look_mode, p->look_mode);
    emu_w16(e, b->bored_timer, p->bored_timer);
    emu_w8(e, b->primary_angle, p->angle_buffer_1);
    emu_w8(e, b->secondary_angle, p->angle_buffer_2);
}

/* ObjSonic in routine 2 with what ObjSonic_Init set, the start over it. */
static void write_player_scd(emu *e, const capture_rom *rom,
                             const spg_player *p)
{
    const capture_addrs *a = &rom->addrs;
    uint32_t o = a->player;
    for (uint32_t i = 0; i < OBJ_SIZE; i++)
        emu_w8(e, o + i, 0);
    emu_w8(e, o + OB_ID, SCD_ID);
    emu_w16(e, o + OB_GFX, SCD_ART_TILE);
    emu_w32(e, o + OB_MAP, a->map_sonic);
    emu_w8(e, o + OB_PRIORITY, SCD_PRIORITY);
    emu_w8(e, o + OB_ACTWID, SCD_WIDTH);
    capture_object_write(e, o, p);
    emu_w16(e, o + OB_LOCK, p->control_lock);
    emu_w8(e, o + SCD_CHARGE, p->charge);
    emu_w8(e, o + SCD_CTRL, p->player_ctrl);
}

static void setup_scd(emu *e, const capture_rom *rom, const scenario *s)
{
    quiet_game_scd(e, rom, s);
    write_player_scd(e, rom, &s->start);
}

static void read_scd(const emu *e, const capture_rom *rom, const scenario *s,
                     spg_player *p)
{
    const capture_addrs *a = &rom->addrs;
    const struct capture_addrs_scd *b = &a->scd;
    uint32_t o = a->player;
    memset(p, 0, sizeof *p);
    capture_object_read(e, o, p);
    p->control_lock = emu_r16(e, o + OB_LOCK);
    p->charge = emu_r8(e, o + SCD_CHARGE);
    p->player_ctrl = emu_r8(e, o + SCD_CTRL);
    p->look_mode = emu_r8(e, b->look_mode);
    p->time_zone = emu_r8(e, b->time_zone);
    p->cam_x_center = emu_r16(e, b->cam_x_center);
    p->cam_y_center = emu_r16(e, b->cam_y_center);
    p->bored_timer = emu_r16(e, b->bored_timer);
    p->top_speed = capture_s16(emu_r16(e, b->top_speed));
    p->acceleration = capture_s16(emu_r16(e, b->acceleration));
    p->deceleration = capture_s16(emu_r16(e, b->deceleration));
    (void)s;
}

/* Before each frame: the joypad (ObjSonic_Main copies it to
 * playerCtrlHold/Tap), and the FM sound queue the level loop empties
 * (PlayFMSound drops an id when all three bytes are taken). */
static void frame_scd(emu *e, const capture_rom *rom, spg_input in)
{
    const struct capture_addrs_scd *b = &rom->addrs.scd;
    emu_w8(e, b->ctrl, in.held);
    emu_w8(e, b->ctrl + 1, in.pressed);
    emu_fill(e, b->fm_queue, 0, 3);
}

static uint32_t routine_scd(const capture_rom *rom, const scenario *s)
{
    (void)s;
    return rom->addrs.player_routine;
}

extern const game_desc game_soniccd;

const capture_driver capture_soniccd = {
    &game_soniccd, resolve_scd, build_level_scd, setup_scd, read_scd,
    frame_scd,     routine_scd,
};
