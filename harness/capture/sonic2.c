/*
 * sonic2.c - the capture driver of Sonic 2 (REV01): Obj01 (Sonic) and Obj02
 * (Tails), the 128x128-chunk level with its two block -> mask tables
 * (level_build_s2) and the quiet game around them.
 */
#include "capture/driver.h"

#include <string.h>

/* Sonic 2: the disassembly's names (games/sonic2.c). */
static int resolve_s2(const capture_rom_desc *d, capture_addrs *a, FILE *err)
{
    struct capture_addrs_s2 *b = &a->s2;
    uint32_t ctrl1 = 0;
    const capture_rom_need need[] = {
        { "Obj01", &b->obj01 },
        { "Obj02", &b->obj02 },
        { "MapUnc_Sonic", &b->map_sonic },
        { "MapUnc_Tails", &b->map_tails },
        { "code_begin", &a->code_begin },
        { "code_end", &a->code_end },
        { "ColCurveMap", &b->level.angle_map },
        { "ColArrayVertical", &b->level.coll_array1 },
        { "ColArrayHorizontal", &b->level.coll_array2 },
        { "Chunk_Table", &b->level.chunks },
        { "Level_Layout", &b->level.layout },
        { "Primary_Collision", &b->level.primary },
        { "Secondary_Collision", &b->level.secondary },
        { "MainCharacter", &a->player },
        { "Object_Display_Lists", &b->display_lists },
        { "VDP_Command_Buffer", &b->vdp_buf },
        { "VDP_Command_Buffer_Slot", &b->vdp_slot },
        { "Camera_Max_Y_pos_target", &b->cam_max_y_target },
        { "Camera_Min_X_pos", &b->cam_min_x },
        { "Camera_Max_X_pos", &b->cam_max_x },
        { "Camera_Min_Y_pos", &b->cam_min_y },
        { "Camera_Max_Y_pos", &b->cam_max_y },
        { "Camera_Y_pos_bias", &b->cam_bias },
        { "Tails_Min_X_pos", &b->tails_min_x },
        { "Tails_Max_X_pos", &b->tails_max_x },
        { "Tails_Min_Y_pos", &b->tails_min_y },
        { "Tails_Max_Y_pos", &b->tails_max_y },
        { "Ctrl_1", &ctrl1 },
        { "Ctrl_2", &b->ctrl2 },
        { "Tails_CPU_routine", &b->tails_cpu },
        { "Water_flag", &b->water_flag },
        { "Water_Level_1", &b->water_level },
        { "Sonic_top_speed", &b->sonic_top },
        { "Sonic_acceleration", &b->sonic_acc },
        { "Sonic_deceleration", &b->sonic_dec },
        { "Primary_Angle", &b->primary_angle },
        { "Secondary_Angle", &b->secondary_angle },
        { "WindTunnel_flag", &b->wind_tunnel },
        { "Control_Locked", &b->control_locked },
        { "System_Stack", &b->system_stack },
        { "Debug_placement_mode", &b->debug_placement },
        { "Current_Zone", &b->zone },
        { "Life_count", &b->life_count },
        { "Super_Sonic_flag", &b->super_flag },
        { "Last_star_pole_hit", &b->star_pole },
        { "Tails_top_speed", &b->tails_top },
        { "Tails_acceleration", &b->tails_acc },
        { "Tails_deceleration", &b->tails_dec },
        { "Player_mode", &b->player_mode },
        { "Emerald_count", &b->emeralds },
        { "Two_player_mode", &b->two_player_mode },
        { "Sound_Queue", &b->sound_queue },
        { "Debug_mode_flag", &b->debug_flag },
    };
    if (capture_rom_syms(d, need, sizeof need / sizeof need[0], err) != 0)
        return -1;
    b->ctrl1 = ctrl1;
    /* the shared fields the ROM checks and the session use */
    a->player_routine = b->obj01;
    a->map_sonic = b->map_sonic;
    a->systemstack = b->system_stack;
    a->level.angle_map = b->level.angle_map;
    a->level.coll_array1 = b->level.coll_array1;
    a->level.coll_array2 = b->level.coll_array2;
    a->level.collindex_rom = 0;  /* the block -> mask tables are in RAM */
    a->level.collindex_size = 0;
    return 0;
}
/* Sonic 2's object layout where it differs (s2.constants.asm). */
enum {
    S2_AIR_LEFT = 0x28, S2_FLIP_SPEED = 0x2D, S2_MOVE_LOCK = 0x2E,
    S2_SPINDASH_COUNTER = 0x3A, S2_TOP_SOLID_BIT = 0x3E,
    S2_LRB_SOLID_BIT = 0x3F
};

/* What Obj01_Init / Obj02_Init set that the scenario does not. */
enum {
    S2_SONIC_ID = 0x01, S2_TAILS_ID = 0x02,
    S2_SONIC_ART_TILE = 0x0780, S2_TAILS_ART_TILE = 0x07A0,
    S2_PRIORITY = 2, S2_WIDTH_PIXELS = 0x18,
    S2_AIR = 30, S2_FLIP_SPEED_INIT = 4,
    S2_CAMERA_BIAS = 0x60
};

/* The player object as Obj01_Init (Sonic) or Obj02_Init (Tails) leaves it
 * in routine 2, with the scenario's start state over it. */
static void write_player_s2(emu *e, const capture_rom *rom, const scenario *sc)
{
    const capture_addrs *a = &rom->addrs;
    const spg_player *p = &sc->start;
    int tails = sc->character == SPG_CHAR_TAILS;
    uint32_t o = a->player;
    for (uint32_t i = 0; i < OBJ_SIZE; i++)
        emu_w8(e, o + i, 0);
    emu_w8(e, o + OB_ID, tails ? S2_TAILS_ID : S2_SONIC_ID);
    emu_w16(e, o + OB_GFX, tails ? S2_TAILS_ART_TILE : S2_SONIC_ART_TILE);
    emu_w32(e, o + OB_MAP, tails ? a->s2.map_tails : a->s2.map_sonic);
    emu_w8(e, o + OB_PRIORITY, S2_PRIORITY);
    emu_w8(e, o + OB_ACTWID, S2_WIDTH_PIXELS);
    capture_object_write(e, o, p);
    emu_w8(e, o + S2_AIR_LEFT, S2_AIR);
    emu_w8(e, o + S2_FLIP_SPEED, S2_FLIP_SPEED_INIT);
    emu_w16(e, o + S2_MOVE_LOCK, p->control_lock);
    emu_w16(e, o + S2_SPINDASH_COUNTER, p->spindash_counter);
    emu_w8(e, o + S2_TOP_SOLID_BIT, p->top_solid_bit);
    emu_w8(e, o + S2_LRB_SOLID_BIT, p->lrb_solid_bit);
    /* the sensors' RAM copies the routine stores into $36/$37 */
    emu_w8(e, a->s2.primary_angle, p->angle_buffer_1);
    emu_w8(e, a->s2.secondary_angle, p->angle_buffer_2);
}

static void read_player_s2(const emu *e, const capture_rom *rom,
                           const scenario *s, spg_player *p)
{
    const struct capture_addrs_s2 *b = &rom->addrs.s2;
    int tails = s->character == SPG_CHAR_TAILS;
    uint32_t o = rom->addrs.player;
    memset(p, 0, sizeof *p);
    capture_object_read(e, o, p);
    p->control_lock = emu_r16(e, o + S2_MOVE_LOCK);
    p->spindash_counter = emu_r16(e, o + S2_SPINDASH_COUNTER);
    p->top_solid_bit = emu_r8(e, o + S2_TOP_SOLID_BIT);
    p->lrb_solid_bit = emu_r8(e, o + S2_LRB_SOLID_BIT);
    /* the character's speed block (Sonic_top_speed.. or Tails_top_speed..) */
    p->top_speed = capture_s16(emu_r16(e, tails ? b->tails_top : b->sonic_top));
    p->acceleration = capture_s16(emu_r16(e, tails ? b->tails_acc : b->sonic_acc));
    p->deceleration = capture_s16(emu_r16(e, tails ? b->tails_dec : b->sonic_dec));
}

/* The Sonic 2 game around the player kept quiet (research note 3.2 and
 * original-facts-s2.md): zone 0, no debug, no water, no super, no rings
 * (Ring_start_addr = Ring_end_addr, both zero), no other object, the
 * camera limits and Tails' copies from the scenario's bounds
 * (Camera_Min_Y_pos and Tails_Min_Y_pos = `top`, default 0: -$100 turns
 * on the vertical wrap, as Metropolis Zone's level sizes do; the camera
 * code that would also read it is not run), lives enough to skip the
 * game-over path, Tails alone (Player_mode 2) or Sonic alone (1). */
static void quiet_game_s2(emu *e, const capture_rom *rom, const scenario *s)
{
    const struct capture_addrs_s2 *b = &rom->addrs.s2;
    int tails = s->character == SPG_CHAR_TAILS;
    emu_w8(e, b->zone, 0);
    emu_w8(e, b->zone + 1, 0); /* act */
    emu_w16(e, b->debug_placement, 0);
    emu_w16(e, b->debug_flag, 0);
    emu_w8(e, b->control_locked, 0);
    /* Water_flag and Water_Level_1 from the scenario (no water: 0 and
     * $7FFF) */
    emu_w8(e, b->water_flag, s->map.water_flag);
    emu_w16(e, b->water_level, (uint16_t)s->map.water_level);
    emu_w8(e, b->super_flag, 0);
    emu_w8(e, b->wind_tunnel, 0);
    emu_w8(e, b->star_pole, 0);
    emu_w8(e, b->emeralds, 0);
    emu_w8(e, b->life_count, 3);
    emu_w16(e, b->player_mode, tails ? 2 : 1);
    emu_w16(e, b->two_player_mode, 0);
    emu_w16(e, b->tails_cpu, 6);
    uint16_t left = (uint16_t)s->map.limit_left;
    uint16_t right = (uint16_t)s->map.limit_right;
    uint16_t bottom = (uint16_t)s->map.limit_bottom;
    uint16_t top = (uint16_t)s->map.limit_top;
    emu_w16(e, b->cam_min_x, left);
    emu_w16(e, b->cam_max_x, right);
    emu_w16(e, b->cam_min_y, top);
    emu_w16(e, b->cam_max_y, bottom);
    emu_w16(e, b->cam_max_y_target, bottom);
    emu_w16(e, b->tails_min_x, left);
    emu_w16(e, b->tails_max_x, right);
    emu_w16(e, b->tails_min_y, top);
    emu_w16(e, b->tails_max_y, bottom);
    emu_w16(e, b->cam_bias, S2_CAMERA_BIAS);
    emu_w16(e, b->sonic_top, (uint16_t)s->start.top_speed);
    emu_w16(e, b->sonic_acc, (uint16_t)s->start.acceleration);
    emu_w16(e, b->sonic_dec, (uint16_t)s->start.deceleration);
    emu_w16(e, b->tails_top, (uint16_t)s->start.top_speed);
    emu_w16(e, b->tails_acc, (uint16_t)s->start.acceleration);
    emu_w16(e, b->tails_dec, (uint16_t)s->start.deceleration);
    emu_w32(e, b->vdp_slot, b->vdp_buf);
}

/* Before every Sonic 2 frame: the sprite display lists ($400 bytes), the
 * sound queue and the DMA queue slot as the rest of the game's frame
 * leaves them (empty), so they never grow past their RAM. */
static void frame_reset_s2(emu *e, const capture_rom *rom)
{
    const struct capture_addrs_s2 *b = &rom->addrs.s2;
    emu_fill(e, b->display_lists, 0, 0x400);
    emu_fill(e, b->sound_queue, 0, 0x10);
    emu_w32(e, b->vdp_slot, b->vdp_buf);
}

static int build_level(emu *e, const capture_rom *rom, const scenario *s,
                       level_info *info, char *msg, size_t msglen)
{
    return level_build_s2(e, &rom->addrs.s2.level, &s->map, info, msg,
                          msglen);
}

static void setup(emu *e, const capture_rom *rom, const scenario *s)
{
    quiet_game_s2(e, rom, s);
    write_player_s2(e, rom, s);
}

/* Before each frame: the reset above, then Ctrl_1's held and pressed. */
static void frame(emu *e, const capture_rom *rom, spg_input in)
{
    frame_reset_s2(e, rom);
    emu_w8(e, rom->addrs.s2.ctrl1, in.held);
    emu_w8(e, rom->addrs.s2.ctrl1 + 1, in.pressed);
}

static uint32_t routine(const capture_rom *rom, const scenario *s)
{
    return s->character == SPG_CHAR_TAILS ? rom->addrs.s2.obj02
                                          : rom->addrs.s2.obj01;
}

extern const game_desc game_sonic2;

const capture_driver capture_sonic2 = {
    &game_sonic2, resolve_s2, build_level, setup, read_player_s2, frame,
    routine,
};
