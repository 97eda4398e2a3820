/*
 * sonic3.c - the capture driver of Sonic 3 (USA): its symbols, the
 * $4A-byte player object, the level (level_build_s3) and the quieting of
 * the rest of the game (docs/research/sonic3-differences.md, section 3).
 * Sonic & Knuckles keeps all of it (capture/sonic3k.c adds Knuckles and
 * its own RAM), so the entries are shared through capture/sonic3.h.
 */
#include "capture/driver.h"
#include "capture/sonic3.h"

#include <string.h>

/* Player object offsets (skdisasm's names, research note 3.1). */
enum {
    S3_CODE = 0x00, S3_RENDER = 0x04, S3_ROUTINE = 0x05,
    S3_HEIGHT_PIXELS = 0x06, S3_WIDTH_PIXELS = 0x07, S3_PRIORITY = 0x08,
    S3_ART_TILE = 0x0A, S3_MAPPINGS = 0x0C,
    S3_X = 0x10, S3_Y = 0x14, S3_X_VEL = 0x18, S3_Y_VEL = 0x1A,
    S3_GROUND_VEL = 0x1C, S3_Y_RADIUS = 0x1E, S3_X_RADIUS = 0x1F,
    S3_ANIM = 0x20, S3_PREV_ANIM = 0x21, S3_MAPPING_FRAME = 0x22,
    S3_ANIM_FRAME = 0x23, S3_ANIM_TIMER = 0x24, S3_DOUBLE_JUMP_PROPERTY = 0x25,
    S3_ANGLE = 0x26, S3_STATUS = 0x2A, S3_AIR_LEFT = 0x2C,
    S3_DOUBLE_JUMP_FLAG = 0x2F, S3_FLIP_SPEED = 0x31, S3_MOVE_LOCK = 0x32,
    S3_CHARACTER_ID = 0x38, S3_SCROLL_DELAY = 0x39, S3_NEXT_TILT = 0x3A,
    S3_TILT = 0x3B, S3_STICK_TO_CONVEX = 0x3C, S3_SPIN_DASH_COUNTER = 0x3E,
    S3_JUMPING = 0x40, S3_INTERACT = 0x42, S3_DEFAULT_Y_RADIUS = 0x44,
    S3_DEFAULT_X_RADIUS = 0x45, S3_TOP_SOLID_BIT = 0x46,
    S3_LRB_SOLID_BIT = 0x47,
    S3_OBJECT_SIZE = 0x4A
};

/* What Sonic_Init / Tails_Init (Knuckles_Init) set that the scenario
 * does not (s3.asm, sonic3k.asm; the mappings are the ROM's symbols
 * Map_Sonic, Map_Tails, Map_Knuckles). */
enum {
    S3_PRIORITY_INIT = 0x100, S3_PIXELS = 0x18, S3_AIR = 30,
    S3_FLIP_SPEED_INIT = 4,
    S3_DEFAULT_X_RADIUS_INIT = 9,
    S3_CAMERA_BIAS = 0x60,      /* Distance_from_top's default */
    S3_ZONE = 0x0100,           /* any zone but Angel Island 1 (the
                                   Player_WalkVertR hack tests for 0) */
    S3_LIVES = 3,
    S3_Y_WRAP = 0x7FF
};
/* The player object of each character: its code and mappings, art tile
 * (ArtTile_Player_1 $680, ArtTile_Player_2 $6A0), character_id ($38),
 * default y radius ($44) and the Player_mode that runs it alone. */
typedef struct s3_character {
    uint32_t code, mappings;
    uint16_t art_tile;
    uint8_t id, default_y_radius, player_mode;
} s3_character;

static s3_character character_of(const capture_rom *rom, spg_character c)
{
    const struct capture_addrs_s3 *b = &rom->addrs.s3;
    s3_character k;
    switch (c) {
    case SPG_CHAR_TAILS:
        k = (s3_character){b->obj_tails, b->map_tails, 0x06A0, 1, 0x0F, 2};
        break;
    case SPG_CHAR_KNUCKLES:
        k = (s3_character){b->obj_knuckles, b->map_knuckles, 0x0680, 2, 0x13,
                           3};
        break;
    case SPG_CHAR_SONIC:
    default:
        k = (s3_character){b->obj_sonic, b->map_sonic, 0x0680, 0, 0x13, 1};
        break;
    }
    return k;
}

int capture_s3_resolve(const capture_rom_desc *d, capture_addrs *a, FILE *err)
{
    struct capture_addrs_s3 *b = &a->s3;
    uint32_t header = 0, block_table = 0;
    const capture_rom_need need[] = {
        { "Obj_Sonic", &b->obj_sonic },
        { "Obj_Tails", &b->obj_tails },
        { "Map_Sonic", &b->map_sonic },
        { "Map_Tails", &b->map_tails },
        { "code_begin", &a->code_begin },
        { "code_end", &a->code_end },
        { "AngleArray", &b->level.angle_map },
        { "HeightMaps", &b->level.heights },
        { "HeightMapsRot", &b->level.widths },
        { "Chunk_table", &b->level.chunks },
        { "Level_layout_header", &header },
        { "Block_table", &block_table },
        { "Layout_row_index_mask", &b->level.row_mask },
        { "Primary_collision_addr", &b->level.primary_ptr },
        { "Secondary_collision_addr", &b->level.secondary_ptr },
        { "Sprite_table_input", &b->sprite_input },
        { "Player_1", &a->player },
        { "Collision_response_list", &b->collision_list },
        { "Camera_target_max_Y_pos", &b->cam_target_max_y },
        { "Camera_min_X_pos", &b->cam_min_x },
        { "Camera_max_X_pos", &b->cam_max_x },
        { "Camera_min_Y_pos", &b->cam_min_y },
        { "Camera_max_Y_pos", &b->cam_max_y },
        { "Distance_from_top", &b->dist_top },
        { "Distance_from_top_P2", &b->dist_top_p2 },
        { "Camera_Y_pos", &b->cam_y },
        { "Screen_Y_wrap_value", &b->y_wrap },
        { "Ctrl_1", &b->ctrl1 },
        { "Water_level", &b->water_level },
        { "Mean_water_level", &b->mean_water_level },
        { "Target_water_level", &b->target_water_level },
        { "Background_collision_flag", &b->bg_collision },
        { "Disable_death_plane", &b->no_death_plane },
        { "Tails_CPU_idle_timer", &b->tails_cpu_idle },
        { "Tails_CPU_routine", &b->tails_cpu },
        { "Water_flag", &b->water_flag },
        { "Flying_carrying_Sonic_flag", &b->carrying_flag },
        { "Max_speed", &b->max_speed },
        { "Acceleration", &b->accel },
        { "Deceleration", &b->decel },
        { "Primary_Angle", &b->primary_angle },
        { "Secondary_Angle", &b->secondary_angle },
        { "Boss_flag", &b->boss_flag },
        { "WindTunnel_flag", &b->wind_tunnel },
        { "Ctrl_1_locked", &b->ctrl1_locked },
        { "DMA_queue", &b->dma_queue },
        { "DMA_queue_slot", &b->dma_slot },
        { "System_stack", &b->system_stack },
        { "Level_frame_counter", &b->frame_counter },
        { "Debug_placement_mode", &b->debug_placement },
        { "Current_zone_and_act", &b->zone },
        { "Life_count", &b->life_count },
        { "Super_Sonic_Knux_flag", &b->super_flag },
        { "Last_star_post_hit", &b->star_post },
        { "Max_speed_P2", &b->max_speed_p2 },
        { "Acceleration_P2", &b->accel_p2 },
        { "Deceleration_P2", &b->decel_p2 },
        { "Player_mode", &b->player_mode },
        { "Chaos_emerald_count", &b->emeralds },
        { "Competition_mode", &b->competition },
        { "Debug_mode_flag", &b->debug_flag },
    };
    if (capture_rom_syms(d, need, sizeof need / sizeof need[0], err) != 0)
        return -1;
    b->level.header = header;
    /* the packed rows after the 16 pairs of row pointers, inside
     * Level_layout_main ($FF8 bytes) */
    b->level.rows = header + 0x100u;
    b->level.tables = block_table;
    /* the shared fields the ROM checks and the session use */
    a->player_routine = b->obj_sonic;
    a->map_sonic = b->map_sonic;
    a->systemstack = b->system_stack;
    a->level.angle_map = b->level.angle_map;
    a->level.coll_array1 = b->level.heights;
    a->level.coll_array2 = b->level.widths;
    a->level.collindex_rom = 0; /* the block -> mask tables are in RAM */
    a->level.collindex_size = 0;
    return 0;
}

int capture_s3_build_level(emu *e, const capture_rom *rom, const scenario *s,
                           level_info *info, char *msg, size_t msglen)
{
    return level_build_s3(e, &rom->addrs.s3.level, &s->map, info, msg, msglen);
}

/* The Sonic 3 game around the player kept quiet (research note 3.4): no
 * debug, no water (its level below the map), no super, no boss, no
 * competition, Tails alone (Player_mode 2, Tails_CPU_routine 0) or Sonic
 * alone (1), a zone other than Angel Island 1, lives enough to skip the
 * game-over path; the camera limits from the scenario's bounds (the top
 * one is limit_top) and the camera y at the bottom limit (the dead
 * routine's fall line, Camera_Y_pos + $100, is then the core's
 * limit_bottom + $100); the level frame counter from the start state. */
static void quiet_game_s3(emu *e, const capture_rom *rom, const scenario *s)
{
    const struct capture_addrs_s3 *b = &rom->addrs.s3;
    emu_w16(e, b->zone, S3_ZONE);
    emu_w16(e, b->debug_placement, 0);
    emu_w16(e, b->debug_flag, 0);
    emu_w8(e, b->ctrl1_locked, 0);
    emu_w8(e, b->ctrl1_locked + 1, 0); /* Ctrl_2_locked */
    emu_w8(e, b->water_flag, s->map.water_flag);
    emu_w8(e, b->super_flag, 0);
    emu_w8(e, b->wind_tunnel, 0);
    emu_w8(e, b->star_post, 0);
    emu_w8(e, b->boss_flag, 0);
    emu_w8(e, b->bg_collision, 0);
    emu_w8(e, b->no_death_plane, 0);
    emu_w8(e, b->carrying_flag, 0);
    emu_w16(e, b->emeralds, 0);
    emu_w8(e, b->life_count, S3_LIVES);
    emu_w16(e, b->player_mode, character_of(rom, s->character).player_mode);
    emu_w16(e, b->competition, 0);
    emu_w16(e, b->tails_cpu, 0);
    emu_w16(e, b->tails_cpu_idle, 0);
    uint16_t left = (uint16_t)s->map.limit_left;
    uint16_t right = (uint16_t)s->map.limit_right;
    uint16_t top = (uint16_t)s->map.limit_top;
    uint16_t bottom = (uint16_t)s->map.limit_bottom;
    emu_w16(e, b->cam_min_x, left);
    emu_w16(e, b->cam_max_x, right);
    emu_w16(e, b->cam_min_y, top);
    emu_w16(e, b->cam_max_y, bottom);
    emu_w16(e, b->cam_target_max_y, bottom);
    emu_w16(e, b->cam_y, bottom);
    emu_w16(e, b->y_wrap, S3_Y_WRAP);
    emu_w16(e, b->dist_top, S3_CAMERA_BIAS);
    emu_w16(e, b->dist_top_p2, S3_CAMERA_BIAS);
    /* the water's surface from the scenario (no water: Water_flag 0 and
     * $7FFF, far below anything a scenario reaches); the level code that
     * moves Water_level toward Target_water_level does not run */
    emu_w16(e, b->water_level, (uint16_t)s->map.water_level);
    emu_w16(e, b->mean_water_level, (uint16_t)s->map.water_level);
    emu_w16(e, b->target_water_level, (uint16_t)s->map.water_level);
    emu_w16(e, b->max_speed, (uint16_t)s->start.top_speed);
    emu_w16(e, b->accel, (uint16_t)s->start.acceleration);
    emu_w16(e, b->decel, (uint16_t)s->start.deceleration);
    emu_w16(e, b->max_speed_p2, (uint16_t)s->start.top_speed);
    emu_w16(e, b->accel_p2, (uint16_t)s->start.acceleration);
    emu_w16(e, b->decel_p2, (uint16_t)s->start.deceleration);
    emu_w16(e, b->frame_counter, s->start.frame_counter);
    emu_w32(e, b->dma_slot, b->dma_queue);
    /* Sonic & Knuckles' own flags (addresses 0 in Sonic 3's description):
     * normal gravity, wall grabs allowed, no Super Tails or Super
     * emeralds, no lock-on (SK_alone_flag -1); the glide's collision
     * byte from the start state */
    if (b->reverse_gravity)
        emu_w8(e, b->reverse_gravity, 0);
    if (b->disable_wall_grab)
        emu_w8(e, b->disable_wall_grab, 0);
    if (b->glide_flags)
        emu_w8(e, b->glide_flags, s->start.glide_flags);
    if (b->super_tails)
        emu_w8(e, b->super_tails, 0);
    if (b->super_emeralds)
        emu_w8(e, b->super_emeralds, 0);
    if (b->emeralds_converted)
        emu_w8(e, b->emeralds_converted, 0);
    if (b->sk_alone)
        emu_w8(e, b->sk_alone, 0xFF);
}

/* The player object as Sonic_Init / Tails_Init leave it in routine 2,
 * with the scenario's start state over it.  interact ($42) names the
 * player's own slot: a start on an object stands on the player itself, as
 * the core models it (spg_balance_sonic3). */
static void write_player_s3(emu *e, const capture_rom *rom, const scenario *sc)
{
    const capture_addrs *a = &rom->addrs;
    const spg_player *p = &sc->start;
    s3_character k = character_of(rom, sc->character);
    uint32_t o = a->player;
    emu_fill(e, o, 0, S3_OBJECT_SIZE);
    emu_w32(e, o + S3_CODE, k.code);
    emu_w8(e, o + S3_RENDER, p->render_flags);
    emu_w8(e, o + S3_ROUTINE, p->routine);
    emu_w8(e, o + S3_HEIGHT_PIXELS, S3_PIXELS);
    emu_w8(e, o + S3_WIDTH_PIXELS, S3_PIXELS);
    emu_w16(e, o + S3_PRIORITY, S3_PRIORITY_INIT);
    emu_w16(e, o + S3_ART_TILE, k.art_tile);
    emu_w32(e, o + S3_MAPPINGS, k.mappings);
    emu_w32(e, o + S3_X, (uint32_t)p->x);
    emu_w32(e, o + S3_Y, (uint32_t)p->y);
    emu_w16(e, o + S3_X_VEL, (uint16_t)p->x_speed);
    emu_w16(e, o + S3_Y_VEL, (uint16_t)p->y_speed);
    emu_w16(e, o + S3_GROUND_VEL, (uint16_t)p->ground_speed);
    emu_w8(e, o + S3_Y_RADIUS, p->height_radius);
    emu_w8(e, o + S3_X_RADIUS, p->width_radius);
    emu_w8(e, o + S3_ANIM, p->anim);
    emu_w8(e, o + S3_PREV_ANIM, p->prev_anim);
    emu_w8(e, o + S3_MAPPING_FRAME, p->mapping_frame);
    emu_w8(e, o + S3_ANIM_FRAME, p->anim_frame);
    emu_w8(e, o + S3_ANIM_TIMER, p->anim_timer);
    emu_w8(e, o + S3_DOUBLE_JUMP_PROPERTY, p->double_jump_property);
    emu_w8(e, o + S3_ANGLE, p->angle);
    emu_w8(e, o + S3_STATUS, p->status);
    emu_w8(e, o + S3_AIR_LEFT, S3_AIR);
    emu_w8(e, o + S3_DOUBLE_JUMP_FLAG, p->double_jump_flag);
    emu_w8(e, o + S3_FLIP_SPEED, S3_FLIP_SPEED_INIT);
    emu_w16(e, o + S3_MOVE_LOCK, p->control_lock);
    emu_w8(e, o + S3_CHARACTER_ID, k.id);
    emu_w8(e, o + S3_SCROLL_DELAY, p->scroll_delay_counter);
    emu_w8(e, o + S3_NEXT_TILT, p->angle_buffer_1);
    emu_w8(e, o + S3_TILT, p->angle_buffer_2);
    emu_w16(e, o + S3_STICK_TO_CONVEX, p->word_38); /* $3C and $3D */
    emu_w16(e, o + S3_SPIN_DASH_COUNTER, p->spindash_counter);
    emu_w8(e, o + S3_JUMPING, p->jumping);
    emu_w16(e, o + S3_INTERACT, (uint16_t)(o & 0xFFFFu));
    emu_w8(e, o + S3_DEFAULT_Y_RADIUS, k.default_y_radius);
    emu_w8(e, o + S3_DEFAULT_X_RADIUS, S3_DEFAULT_X_RADIUS_INIT);
    emu_w8(e, o + S3_TOP_SOLID_BIT, p->top_solid_bit);
    emu_w8(e, o + S3_LRB_SOLID_BIT, p->lrb_solid_bit);
    /* the sensors' RAM copies the routine stores into $3A/$3B */
    emu_w8(e, a->s3.primary_angle, p->angle_buffer_1);
    emu_w8(e, a->s3.secondary_angle, p->angle_buffer_2);
}

void capture_s3_setup(emu *e, const capture_rom *rom, const scenario *s)
{
    quiet_game_s3(e, rom, s);
    write_player_s3(e, rom, s);
}

void capture_s3_read(const emu *e, const capture_rom *rom, const scenario *s,
                     spg_player *p)
{
    const struct capture_addrs_s3 *b = &rom->addrs.s3;
    uint32_t o = rom->addrs.player;
    /* the block Obj_Tails points a4 at (Max_speed_P2..) or Obj_Sonic's
     * and Obj_Knuckles' (Max_speed..) */
    int p2 = s->character == SPG_CHAR_TAILS;
    memset(p, 0, sizeof *p);
    p->x = capture_s32(emu_r32(e, o + S3_X));
    p->y = capture_s32(emu_r32(e, o + S3_Y));
    p->x_speed = capture_s16(emu_r16(e, o + S3_X_VEL));
    p->y_speed = capture_s16(emu_r16(e, o + S3_Y_VEL));
    p->ground_speed = capture_s16(emu_r16(e, o + S3_GROUND_VEL));
    p->height_radius = emu_r8(e, o + S3_Y_RADIUS);
    p->width_radius = emu_r8(e, o + S3_X_RADIUS);
    p->anim = emu_r8(e, o + S3_ANIM);
    p->prev_anim = emu_r8(e, o + S3_PREV_ANIM);
    p->mapping_frame = emu_r8(e, o + S3_MAPPING_FRAME);
    p->anim_frame = emu_r8(e, o + S3_ANIM_FRAME);
    p->anim_timer = emu_r8(e, o + S3_ANIM_TIMER);
    p->render_flags = emu_r8(e, o + S3_RENDER);
    p->status = emu_r8(e, o + S3_STATUS);
    p->routine = emu_r8(e, o + S3_ROUTINE);
    p->angle = emu_r8(e, o + S3_ANGLE);
    p->angle_buffer_1 = emu_r8(e, o + S3_NEXT_TILT);
    p->angle_buffer_2 = emu_r8(e, o + S3_TILT);
    p->word_38 = emu_r16(e, o + S3_STICK_TO_CONVEX);
    p->jumping = emu_r8(e, o + S3_JUMPING);
    p->control_lock = emu_r16(e, o + S3_MOVE_LOCK);
    p->spindash_counter = emu_r16(e, o + S3_SPIN_DASH_COUNTER);
    p->top_solid_bit = emu_r8(e, o + S3_TOP_SOLID_BIT);
    p->lrb_solid_bit = emu_r8(e, o + S3_LRB_SOLID_BIT);
    p->double_jump_flag = emu_r8(e, o + S3_DOUBLE_JUMP_FLAG);
    p->double_jump_property = emu_r8(e, o + S3_DOUBLE_JUMP_PROPERTY);
    p->scroll_delay_counter = emu_r8(e, o + S3_SCROLL_DELAY);
    p->frame_counter = emu_r16(e, rom->addrs.s3.frame_counter);
    p->top_speed = capture_s16(emu_r16(e, p2 ? b->max_speed_p2 : b->max_speed));
    p->acceleration = capture_s16(emu_r16(e, p2 ? b->accel_p2 : b->accel));
    p->deceleration = capture_s16(emu_r16(e, p2 ? b->decel_p2 : b->decel));
    /* Sonic & Knuckles: Knuckles' glide collision byte (0 in Sonic 3's
     * description: not read) */
    if (rom->addrs.s3.glide_flags)
        p->glide_flags = emu_r8(e, rom->addrs.s3.glide_flags);
}

/* Before every Sonic 3 frame: the sprite input table, the collision
 * response list and the DMA queue as the rest of the game's frame leaves
 * them (empty; DMA_queue_slot is a long pointer), the level loop's
 * addq.w #1,(Level_frame_counter).w, then the frame's buttons. */
void capture_s3_frame(emu *e, const capture_rom *rom, spg_input in)
{
    const struct capture_addrs_s3 *b = &rom->addrs.s3;
    emu_fill(e, b->sprite_input, 0, 0x400);
    emu_fill(e, b->collision_list, 0, 0x80);
    emu_fill(e, b->dma_queue, 0, 0xFC);
    emu_w32(e, b->dma_slot, b->dma_queue);
    emu_w16(e, b->frame_counter, (uint16_t)(emu_r16(e, b->frame_counter) + 1u));
    emu_w8(e, b->ctrl1, in.held);
    emu_w8(e, b->ctrl1 + 1, in.pressed);
}

uint32_t capture_s3_routine(const capture_rom *rom, const scenario *s)
{
    return character_of(rom, s->character).code;
}

extern const game_desc game_sonic3;

const capture_driver capture_sonic3 = {
    &game_sonic3,   capture_s3_resolve, capture_s3_build_level,
    capture_s3_setup, capture_s3_read,  capture_s3_frame,
    capture_s3_routine,
};
