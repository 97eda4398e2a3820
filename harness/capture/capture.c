/*
 * capture.c - scenarios through the original player code.
 */
#include "capture/capture.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "capture/capture_s3.h"
#include "capture/md5.h"
#include "util/outfile.h"
#include "trace/trace.h"

/* Object RAM layout of the player object (Sonic 1, both revisions). */
enum {
    OB_ID = 0x00, OB_RENDER = 0x01, OB_GFX = 0x02, OB_MAP = 0x04,
    OB_X = 0x08, OB_Y = 0x0C, OB_VELX = 0x10, OB_VELY = 0x12,
    OB_INERTIA = 0x14, OB_HEIGHT = 0x16, OB_WIDTH = 0x17,
    OB_PRIORITY = 0x18, OB_ACTWID = 0x19, OB_FRAME = 0x1A,
    OB_ANIFRAME = 0x1B, OB_ANIM = 0x1C, OB_PREVANI = 0x1D, OB_TIMEFRAME = 0x1E,
    OB_STATUS = 0x22, OB_ROUTINE = 0x24, OB_ANGLE = 0x26,
    OB_ANGLEBUF1 = 0x36, OB_ANGLEBUF2 = 0x37, OB_WORD38 = 0x38, OB_JUMPING = 0x3C,
    OB_LOCK = 0x3E,
    OBJ_SIZE = 0x40
};

/* What Sonic_Main (routine 0) sets and the capture writes in its place. */
enum {
    SONIC_ID = 0x01,
    SONIC_ART_TILE = 0x0780,
    SONIC_PRIORITY = 2,
    SONIC_ACTWID = 0x18,
    QUIET_ZONE = 2, /* Marble Zone: no loops, no water */
    QUIET_LOOKSHIFT = 0x60
};

/* ------------------------------------------------------------------------ */
/* ROMs                                                                      */
/* ------------------------------------------------------------------------ */

static int resolve_s2(const capture_rom_desc *d, capture_addrs *a, FILE *err);

static int resolve(const capture_rom_desc *d, capture_addrs *a, FILE *err)
{
    if (d->game == SPG_GAME_SONIC2)
        return resolve_s2(d, a, err);
    if (d->game == SPG_GAME_SONIC3)
        return capture_s3_resolve(d, a, err);
    a->game = SPG_GAME_SONIC1;
    const capture_rom_need need[] = {
        { "SonicPlayer", &a->player_routine },
        { "Map_Sonic", &a->map_sonic },
        { "code_begin", &a->code_begin },
        { "code_end", &a->code_end },
        { "AngleMap", &a->level.angle_map },
        { "CollArray1", &a->level.coll_array1 },
        { "CollArray2", &a->level.coll_array2 },
        { "collindex_rom", &a->level.collindex_rom },
        { "collindex_size", &a->level.collindex_size },
        { "v_256x256", &a->level.chunks },
        { "v_lvllayout", &a->level.layout },
        { "v_collindex", &a->level.collindex_ptr },
        { "v_player", &a->player },
        { "v_objspace_end", &a->objspace_end },
        { "v_jpadhold1", &a->jpadhold1 },
        { "v_jpadpress1", &a->jpadpress1 },
        { "v_jpadhold2", &a->jpadhold2 },
        { "v_jpadpress2", &a->jpadpress2 },
        { "v_limitleft2", &a->limitleft2 },
        { "v_limitright2", &a->limitright2 },
        { "v_limittop2", &a->limittop2 },
        { "v_limitbtm2", &a->limitbtm2 },
        { "v_lookshift", &a->lookshift },
        { "v_sonspeedmax", &a->sonspeedmax },
        { "v_sonspeedacc", &a->sonspeedacc },
        { "v_sonspeeddec", &a->sonspeeddec },
        { "v_anglebuffer", &a->anglebuffer },
        { "v_anglebuffer2", &a->anglebuffer2 },
        { "f_playerctrl", &a->playerctrl },
        { "f_lockctrl", &a->lockctrl },
        { "v_systemstack", &a->systemstack },
        { "v_debuguse", &a->debuguse },
        { "v_zone", &a->zone },
        { "f_debugmode", &a->debugmode },
    };
    return capture_rom_syms(d, need, sizeof need / sizeof need[0], err);
}

/* Sonic 2: the disassembly's names (roms.c). */
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
    a->game = SPG_GAME_SONIC2;
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

static int is_memory_asr_w(uint16_t op)
{
    /* asr.w <ea>: 1110 000 0 11 mmm rrr, memory modes 2..7 */
    return (op & 0xFFC0u) == 0xE0C0u && ((op >> 3) & 7u) >= 2;
}

int capture_rom_from_desc(const uint8_t *data, uint32_t size,
                          const capture_rom_desc *desc, capture_rom *out,
                          FILE *err)
{
    memset(out, 0, sizeof *out);
    if (resolve(desc, &out->addrs, err) != 0)
        return -1;
    const capture_addrs *a = &out->addrs;
    if (a->code_begin >= a->code_end || a->code_end > size ||
        a->player_routine < a->code_begin || a->player_routine >= a->code_end) {
        fprintf(err, "ROM description '%s': bad code range\n", desc->name);
        return -1;
    }
    if (a->level.angle_map + 256 > size || a->level.coll_array1 + 0x1000 > size ||
        a->level.coll_array2 + 0x1000 > size ||
        a->level.collindex_rom + a->level.collindex_size > size) {
        fprintf(err, "ROM description '%s': collision tables beyond the image\n",
                desc->name);
        return -1;
    }
    /* The tables the capture overwrites must lie outside the code, which
     * the instruction correction scans once before they change. */
    struct {
        uint32_t at, len;
    } tables[] = {
        { a->level.angle_map, 0x100 },
        { a->level.coll_array1, 0x1000 },
        { a->level.coll_array2, 0x1000 },
        { a->level.collindex_rom, a->level.collindex_size },
    };
    for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++)
        if (tables[i].at < a->code_end && tables[i].at + tables[i].len > a->code_begin) {
            fprintf(err, "ROM description '%s': a collision table at $%06X "
                         "overlaps the code range\n",
                    desc->name, (unsigned)tables[i].at);
            return -1;
        }
    for (size_t i = 0; i < desc->fix_count; i++) {
        uint32_t at = desc->fix_addrs[i];
        uint16_t op = at + 1 < size ? (uint16_t)(data[at] << 8 | data[at + 1]) : 0;
        if (!is_memory_asr_w(op)) {
            fprintf(err,
                    "ROM description '%s': $%06X holds $%04X, not the memory "
                    "asr.w the table expects\n",
                    desc->name, (unsigned)at, (unsigned)op);
            return -1;
        }
    }
    out->data = malloc(size);
    if (!out->data) {
        fprintf(err, "out of memory\n");
        return -1;
    }
    memcpy(out->data, data, size);
    out->size = size;
    out->desc = desc;
    capture_md5_hex(data, size, out->md5);
    return 0;
}

int capture_rom_load(const char *path, capture_rom *out, FILE *err)
{
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(err, "%s: cannot open ROM: %s\n", path, strerror(errno));
        return -1;
    }
    size_t cap = 0x400000 + 1, n = 0;
    uint8_t *buf = malloc(cap);
    if (!buf) {
        fclose(f);
        fprintf(err, "out of memory\n");
        return -1;
    }
    while (n < cap) {
        size_t got = fread(buf + n, 1, cap - n, f);
        if (got == 0)
            break;
        n += got;
    }
    int read_err = ferror(f);
    fclose(f);
    if (read_err) {
        fprintf(err, "%s: cannot read ROM\n", path);
        free(buf);
        return -1;
    }
    if (n == 0 || n >= cap) {
        fprintf(err, "%s: %s; not a Mega Drive ROM image\n", path,
                n == 0 ? "empty file" : "larger than 4 MiB");
        free(buf);
        return -1;
    }
    char md5[33];
    capture_md5_hex(buf, n, md5);
    const capture_rom_desc *d = capture_rom_find(md5);
    if (!d) {
        fprintf(err, "%s: unsupported ROM (MD5 %s); supported images:\n", path, md5);
        capture_rom_list(err);
        free(buf);
        return -1;
    }
    if (d->size && d->size != n) {
        fprintf(err, "%s: %zu bytes, expected %u\n", path, n, (unsigned)d->size);
        free(buf);
        return -1;
    }
    int rc = capture_rom_from_desc(buf, (uint32_t)n, d, out, err);
    free(buf);
    return rc;
}

void capture_rom_free(capture_rom *rom)
{
    free(rom->data);
    memset(rom, 0, sizeof *rom);
}

/* ------------------------------------------------------------------------ */
/* The player object                                                         */
/* ------------------------------------------------------------------------ */

/* The object fields both games keep at the same offsets (everything but
 * the header bytes, the control lock and Sonic 2's own fields), into an
 * object RAM block already cleared. */
static void write_object_common(emu *e, uint32_t o, const spg_player *p)
{
    emu_w8(e, o + OB_RENDER, p->render_flags); /* 4 from spg_player_default */
    emu_w32(e, o + OB_X, (uint32_t)p->x);
    emu_w32(e, o + OB_Y, (uint32_t)p->y);
    emu_w16(e, o + OB_VELX, (uint16_t)p->x_speed);
    emu_w16(e, o + OB_VELY, (uint16_t)p->y_speed);
    emu_w16(e, o + OB_INERTIA, (uint16_t)p->ground_speed);
    emu_w8(e, o + OB_HEIGHT, p->height_radius);
    emu_w8(e, o + OB_WIDTH, p->width_radius);
    emu_w8(e, o + OB_FRAME, p->mapping_frame);
    emu_w8(e, o + OB_ANIFRAME, p->anim_frame);
    emu_w8(e, o + OB_ANIM, p->anim);
    emu_w8(e, o + OB_PREVANI, p->prev_anim);
    emu_w8(e, o + OB_TIMEFRAME, p->anim_timer);
    emu_w8(e, o + OB_STATUS, p->status);
    emu_w8(e, o + OB_ROUTINE, p->routine);
    emu_w8(e, o + OB_ANGLE, p->angle);
    emu_w8(e, o + OB_ANGLEBUF1, p->angle_buffer_1);
    emu_w8(e, o + OB_ANGLEBUF2, p->angle_buffer_2);
    emu_w16(e, o + OB_WORD38, p->word_38);
    emu_w8(e, o + OB_JUMPING, p->jumping);
}

static void write_player(emu *e, const capture_rom *rom, const spg_player *p)
{
    const capture_addrs *a = &rom->addrs;
    uint32_t o = a->player;
    for (uint32_t i = 0; i < OBJ_SIZE; i++)
        emu_w8(e, o + i, 0);
    emu_w8(e, o + OB_ID, SONIC_ID);
    emu_w16(e, o + OB_GFX, SONIC_ART_TILE);
    emu_w32(e, o + OB_MAP, a->map_sonic);
    emu_w8(e, o + OB_PRIORITY, SONIC_PRIORITY);
    emu_w8(e, o + OB_ACTWID, SONIC_ACTWID);
    write_object_common(e, o, p);
    emu_w16(e, o + OB_LOCK, p->control_lock);
    /* The sensors' RAM copies the routine stores into $36/$37. */
    emu_w8(e, a->anglebuffer, p->angle_buffer_1);
    emu_w8(e, a->anglebuffer2, p->angle_buffer_2);
}

static int32_t s32_of(uint32_t v)
{
    return v >= 0x80000000u ? -(int32_t)(~v) - 1 : (int32_t)v;
}

static int16_t s16_of(uint16_t v)
{
    return (int16_t)(v >= 0x8000u ? (int32_t)v - 0x10000 : (int32_t)v);
}

/* The fields write_object_common writes, read back. */
static void read_object_common(const emu *e, uint32_t o, spg_player *p)
{
    p->x = s32_of(emu_r32(e, o + OB_X));
    p->y = s32_of(emu_r32(e, o + OB_Y));
    p->x_speed = s16_of(emu_r16(e, o + OB_VELX));
    p->y_speed = s16_of(emu_r16(e, o + OB_VELY));
    p->ground_speed = s16_of(emu_r16(e, o + OB_INERTIA));
    p->height_radius = emu_r8(e, o + OB_HEIGHT);
    p->width_radius = emu_r8(e, o + OB_WIDTH);
    p->anim = emu_r8(e, o + OB_ANIM);
    p->mapping_frame = emu_r8(e, o + OB_FRAME);
    p->anim_frame = emu_r8(e, o + OB_ANIFRAME);
    p->prev_anim = emu_r8(e, o + OB_PREVANI);
    p->anim_timer = emu_r8(e, o + OB_TIMEFRAME);
    p->render_flags = emu_r8(e, o + OB_RENDER);
    p->status = emu_r8(e, o + OB_STATUS);
    p->routine = emu_r8(e, o + OB_ROUTINE);
    p->angle = emu_r8(e, o + OB_ANGLE);
    p->angle_buffer_1 = emu_r8(e, o + OB_ANGLEBUF1);
    p->angle_buffer_2 = emu_r8(e, o + OB_ANGLEBUF2);
    p->word_38 = emu_r16(e, o + OB_WORD38);
    p->jumping = emu_r8(e, o + OB_JUMPING);
}

static void read_player(const emu *e, const capture_rom *rom, spg_player *p)
{
    uint32_t o = rom->addrs.player;
    memset(p, 0, sizeof *p);
    read_object_common(e, o, p);
    p->control_lock = emu_r16(e, o + OB_LOCK);
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
    write_object_common(e, o, p);
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

static void read_player_s2(const emu *e, const capture_rom *rom, spg_player *p)
{
    uint32_t o = rom->addrs.player;
    memset(p, 0, sizeof *p);
    read_object_common(e, o, p);
    p->control_lock = emu_r16(e, o + S2_MOVE_LOCK);
    p->spindash_counter = emu_r16(e, o + S2_SPINDASH_COUNTER);
    p->top_solid_bit = emu_r8(e, o + S2_TOP_SOLID_BIT);
    p->lrb_solid_bit = emu_r8(e, o + S2_LRB_SOLID_BIT);
}

/* The Sonic 2 game around the player kept quiet (research note 3.2 and
 * original-facts-s2.md): zone 0, no debug, no water, no super, no rings
 * (Ring_start_addr = Ring_end_addr, both zero), no other object, the
 * camera limits (Camera_Min_Y_pos 0: -$100 would turn on vertical wrap)
 * and Tails' copies from the scenario's bounds, lives enough to skip the
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
    emu_w8(e, b->water_flag, 0);
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
    emu_w16(e, b->cam_min_x, left);
    emu_w16(e, b->cam_max_x, right);
    emu_w16(e, b->cam_min_y, 0);
    emu_w16(e, b->cam_max_y, bottom);
    emu_w16(e, b->cam_max_y_target, bottom);
    emu_w16(e, b->tails_min_x, left);
    emu_w16(e, b->tails_max_x, right);
    emu_w16(e, b->tails_min_y, 0);
    emu_w16(e, b->tails_max_y, bottom);
    emu_w16(e, b->cam_bias, S2_CAMERA_BIAS);
    emu_w16(e, b->sonic_top, (uint16_t)s->profile.top_speed);
    emu_w16(e, b->sonic_acc, (uint16_t)s->profile.acceleration);
    emu_w16(e, b->sonic_dec, (uint16_t)s->profile.deceleration);
    emu_w16(e, b->tails_top, (uint16_t)s->profile.top_speed);
    emu_w16(e, b->tails_acc, (uint16_t)s->profile.acceleration);
    emu_w16(e, b->tails_dec, (uint16_t)s->profile.deceleration);
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

/* ------------------------------------------------------------------------ */
/* Running a scenario                                                        */
/* ------------------------------------------------------------------------ */

static void quiet_game(emu *e, const capture_rom *rom, const scenario *s)
{
    const capture_addrs *a = &rom->addrs;
    /* Object RAM beyond the player stays zero: no object for the player
     * to collide with (the RAM starts zeroed; make it explicit). */
    if (a->objspace_end > a->player + OBJ_SIZE)
        emu_fill(e, a->player + OBJ_SIZE, 0, a->objspace_end - (a->player + OBJ_SIZE));
    emu_w8(e, a->zone, QUIET_ZONE);
    emu_w8(e, a->zone + 1, 0); /* act */
    emu_w16(e, a->debuguse, 0);
    emu_w16(e, a->debugmode, 0);
    emu_w8(e, a->lockctrl, 0);
    emu_w8(e, a->playerctrl, 0);
    emu_w16(e, a->limitleft2, (uint16_t)s->map.limit_left);
    emu_w16(e, a->limitright2, (uint16_t)s->map.limit_right);
    emu_w16(e, a->limittop2, 0);
    emu_w16(e, a->limitbtm2, (uint16_t)s->map.limit_bottom);
    emu_w16(e, a->lookshift, QUIET_LOOKSHIFT); /* camera bias, as at level start */
    emu_w16(e, a->sonspeedmax, (uint16_t)s->profile.top_speed);
    emu_w16(e, a->sonspeedacc, (uint16_t)s->profile.acceleration);
    emu_w16(e, a->sonspeeddec, (uint16_t)s->profile.deceleration);
}

/* The scenario's name in messages (scenarios built in memory may have no
 * path). */
static const char *scenario_label(const scenario *s)
{
    return s->path ? s->path : "(scenario)";
}

static void set_error(capture_error *err, capture_status st, const scenario *s,
                      int frame, const char *fmt, const char *detail)
{
    err->status = st;
    err->frame = frame;
    if (frame > 0)
        snprintf(err->msg, sizeof err->msg, "%s: frame %d: %s%s",
                 scenario_label(s), frame, fmt, detail ? detail : "");
    else
        snprintf(err->msg, sizeof err->msg, "%s: %s%s", scenario_label(s), fmt,
                 detail ? detail : "");
}

void capture_merge_forms(capture_forms *dst, const emu *e)
{
    for (size_t i = 0; i < e->form_count; i++) {
        if (e->forms[i].count == 0)
            continue;
        size_t k;
        for (k = 0; k < dst->count; k++)
            if (strcmp(dst->forms[k].name, e->forms[i].name) == 0)
                break;
        if (k == dst->count) {
            if (dst->count == dst->cap) {
                size_t cap = dst->cap ? dst->cap * 2 : 256;
                emu_form *nf = realloc(dst->forms, cap * sizeof *nf);
                if (!nf)
                    return;
                dst->forms = nf;
                dst->cap = cap;
            }
            dst->forms[k] = e->forms[i];
            dst->forms[k].count = 0;
            dst->count++;
        }
        dst->forms[k].count += e->forms[i].count;
    }
}

/* ------------------------------------------------------------------------ */
/* Sessions                                                                  */
/* ------------------------------------------------------------------------ */

struct capture_session {
    const capture_rom *rom;
    capture_forms *forms;
    unsigned flags;
    int up;          /* the engine is open */
    emu e;
};

/* Open the session's engine.  Returns 0, or -1 with the reason in why. */
static int session_up(capture_session *cs, char *why, size_t whylen)
{
    const capture_addrs *a = &cs->rom->addrs;
    unsigned ef = (cs->forms ? EMU_LOG_FORMS : 0u) |
                  ((cs->flags & CAPTURE_PER_FRAME) ? EMU_PER_FRAME : 0u) |
                  (cs->rom->desc && cs->rom->desc->sound_windows
                       ? EMU_SOUND_WINDOWS
                       : 0u);
    if (emu_open(&cs->e, cs->rom->data, cs->rom->size, a->code_begin,
                 a->code_end, ef) != 0) {
        snprintf(why, whylen, "%s", cs->e.err.what);
        emu_close(&cs->e);
        return -1;
    }
    cs->up = 1;
    return 0;
}

static void session_down(capture_session *cs)
{
    if (cs->up)
        emu_close(&cs->e);
    cs->up = 0;
}

capture_session *capture_session_open(const capture_rom *rom, capture_forms *forms,
                                      unsigned flags, capture_error *err)
{
    char why[200];
    memset(err, 0, sizeof *err);
    capture_session *cs = calloc(1, sizeof *cs);
    if (!cs) {
        err->status = CAPTURE_ERR_SETUP;
        snprintf(err->msg, sizeof err->msg, "out of memory");
        return NULL;
    }
    cs->rom = rom;
    cs->forms = forms;
    cs->flags = flags;
    if (session_up(cs, why, sizeof why) != 0) {
        err->status = CAPTURE_ERR_SETUP;
        snprintf(err->msg, sizeof err->msg, "cannot set up the emulator: %s", why);
        free(cs);
        return NULL;
    }
    return cs;
}

void capture_session_close(capture_session *cs)
{
    if (!cs)
        return;
    session_down(cs);
    free(cs);
}

const emu *capture_session_emu(const capture_session *cs)
{
    return cs->up ? &cs->e : NULL;
}

/* Back to the state a new engine starts in: work RAM zero, and the ROM
 * copy's collision tables (the only ROM bytes level_build writes) as in
 * the image.  The code and the sentinel page never change, so Unicorn's
 * translations of them stay valid. */
static void session_restore(capture_session *cs)
{
    const level_addrs *l = &cs->rom->addrs.level;
    const uint8_t *img = cs->rom->data;
    emu_clear_ram(&cs->e);
    emu_rom_write(&cs->e, l->angle_map, img + l->angle_map, 0x100);
    emu_rom_write(&cs->e, l->coll_array1, img + l->coll_array1, 0x1000);
    emu_rom_write(&cs->e, l->coll_array2, img + l->coll_array2, 0x1000);
    if (l->collindex_size)
        emu_rom_write(&cs->e, l->collindex_rom, img + l->collindex_rom,
                      l->collindex_size);
}

/* What emu_run does around each frame. */
typedef struct frame_io {
    emu *e;
    const capture_rom *rom;
    const scenario *s;
    spg_player *rows;
} frame_io;

static void frame_inputs(void *user, int frame)
{
    frame_io *io = user;
    const capture_addrs *a = &io->rom->addrs;
    spg_input in = io->s->inputs[frame - 1];
    if (a->game == SPG_GAME_SONIC3) {
        capture_s3_frame(io->e, io->rom, in);
        return;
    }
    if (a->game == SPG_GAME_SONIC2) {
        frame_reset_s2(io->e, io->rom);
        emu_w8(io->e, a->s2.ctrl1, in.held);
        emu_w8(io->e, a->s2.ctrl1 + 1, in.pressed);
        return;
    }
    emu_w8(io->e, a->jpadhold1, in.held);
    emu_w8(io->e, a->jpadpress1, in.pressed);
    emu_w8(io->e, a->jpadhold2, in.held);
    emu_w8(io->e, a->jpadpress2, in.pressed);
}

static void frame_result(void *user, int frame)
{
    frame_io *io = user;
    if (io->rom->addrs.game == SPG_GAME_SONIC3)
        capture_s3_read(io->e, io->rom, &io->rows[frame]);
    else if (io->rom->addrs.game == SPG_GAME_SONIC2)
        read_player_s2(io->e, io->rom, &io->rows[frame]);
    else
        read_player(io->e, io->rom, &io->rows[frame]);
}

int capture_session_run(capture_session *cs, const scenario *s, spg_player *rows,
                        capture_stats *stats, capture_error *err)
{
    const capture_rom *rom = cs->rom;
    const capture_addrs *a = &rom->addrs;
    char msg[300];
    capture_stats local_stats;
    if (!stats)
        stats = &local_stats;
    memset(stats, 0, sizeof *stats);
    memset(err, 0, sizeof *err);

    if (!cs->up && session_up(cs, msg, sizeof msg) != 0) {
        set_error(err, CAPTURE_ERR_SETUP, s, 0, "cannot set up the emulator: ", msg);
        return -1;
    }
    int s2 = a->game == SPG_GAME_SONIC2;
    int s3 = a->game == SPG_GAME_SONIC3;
    if ((int)s->game != a->game) {
        snprintf(msg, sizeof msg, "the scenario is for game sonic%d, the ROM "
                 "(%s) is a sonic%d image", (int)s->game, rom->desc->name,
                 a->game);
        set_error(err, CAPTURE_ERR_LEVEL, s, 0, msg, NULL);
        return -1;
    }
    emu *e = &cs->e;
    session_restore(cs);
    int built = s3   ? capture_s3_build_level(e, rom, s, &stats->level, msg,
                                              sizeof msg)
                : s2 ? level_build_s2(e, &a->s2.level, &s->map, &stats->level,
                                      msg, sizeof msg)
                     : level_build(e, &a->level, &s->map, &stats->level, msg,
                                   sizeof msg);
    if (built != 0) {
        set_error(err, CAPTURE_ERR_LEVEL, s, 0,
                  "the original game cannot express this level: ", msg);
        return -1;
    }
    uint32_t routine = a->player_routine;
    if (s3) {
        capture_s3_setup(e, rom, s);
        capture_s3_read(e, rom, &rows[0]);
        routine = capture_s3_routine(rom, s);
    } else if (s2) {
        quiet_game_s2(e, rom, s);
        write_player_s2(e, rom, s);
        read_player_s2(e, rom, &rows[0]);
        if (s->character == SPG_CHAR_TAILS)
            routine = a->s2.obj02;
    } else {
        quiet_game(e, rom, s);
        write_player(e, rom, &s->start);
        read_player(e, rom, &rows[0]);
    }

    unsigned long corrected = e->fix_stats.corrected;
    frame_io io = { e, rom, s, rows };
    emu_frames frames = { s->frames, frame_inputs, frame_result, &io };
    if (emu_run(e, routine, a->player, a->systemstack,
                CAPTURE_FRAME_BUDGET, &frames) != 0) {
        char detail[300];
        if (e->err.status == EMU_ERR_UNMAPPED || e->err.status == EMU_ERR_PROTECTED ||
            e->err.status == EMU_ERR_HARDWARE)
            snprintf(detail, sizeof detail, "%s (PC $%06X, address $%08X)",
                     e->err.what, (unsigned)e->err.pc, (unsigned)e->err.addr);
        else
            snprintf(detail, sizeof detail, "%s (PC $%06X)", e->err.what,
                     (unsigned)e->err.pc);
        if (e->frame > 0)
            set_error(err, CAPTURE_ERR_EMU, s, e->frame,
                      "the original code failed: ", detail);
        else
            set_error(err, CAPTURE_ERR_SETUP, s, 0, "cannot run the emulator: ",
                      detail);
        err->emu = e->err;
        /* A failed run can leave Unicorn in any state: the next run gets
         * a new engine. */
        session_down(cs);
        return -1;
    }
    stats->fix_hooked = e->fix_stats.hooked;
    stats->fix_corrected = e->fix_stats.corrected - corrected;
    if (cs->forms) {
        if (e->forms_failed) {
            set_error(err, CAPTURE_ERR_SETUP, s, 0, "out of memory logging forms", NULL);
            session_down(cs);
            return -1;
        }
        capture_merge_forms(cs->forms, e);
        stats->instructions = e->insn_count;
        for (size_t i = 0; i < e->form_count; i++)
            e->forms[i].count = 0;
        e->insn_count = 0;
    }
    return 0;
}

int capture_scenario(const capture_rom *rom, const scenario *s,
                     capture_forms *forms, spg_player *rows,
                     capture_stats *stats, capture_error *err)
{
    capture_session *cs = capture_session_open(rom, forms, 0, err);
    if (!cs) {
        char why[sizeof err->msg];
        memcpy(why, err->msg, sizeof why);
        snprintf(err->msg, sizeof err->msg, "%s: %.300s", scenario_label(s), why);
        if (stats)
            memset(stats, 0, sizeof *stats);
        return -1;
    }
    int rc = capture_session_run(cs, s, rows, stats, err);
    capture_session_close(cs);
    return rc;
}

/* ------------------------------------------------------------------------ */
/* Output                                                                    */
/* ------------------------------------------------------------------------ */

int capture_write_golden_trace(const char *path, const capture_rom *rom,
                               const scenario *s, const trace *t, FILE *err)
{
    char hash[17];
    scenario_hash_hex(s, hash);
    trace_meta meta;
    memset(&meta, 0, sizeof meta);
    meta.source = "capture";
    meta.rom_md5 = rom->md5;
    meta.capture_version = CAPTURE_VERSION;
    meta.scenario_hash = hash;
    outfile o;
    if (outfile_mkdirs(path, err) != 0)
        return -1;
    if (outfile_open(&o, path, err) != 0)
        return -1;
    trace_write(o.f, &meta, t);
    return outfile_commit(&o, err);
}

int capture_write_golden(const char *path, const capture_rom *rom,
                         const scenario *s, const spg_player *rows, FILE *err)
{
    trace t;
    if (trace_from_players_layout(&t, scenario_layout(s), rows,
                                  s->frames + 1) != 0) {
        fprintf(err, "%s: out of memory\n", path);
        return -1;
    }
    int rc = capture_write_golden_trace(path, rom, s, &t, err);
    trace_free(&t);
    return rc;
}

static int form_cmp(const void *pa, const void *pb)
{
    const emu_form *x = pa, *y = pb;
    if (x->count != y->count)
        return x->count > y->count ? -1 : 1;
    return strcmp(x->name, y->name);
}

int capture_forms_write(const capture_forms *forms, const char *path, FILE *err)
{
    emu_form *sorted = NULL;
    if (forms->count) {
        sorted = malloc(forms->count * sizeof *sorted);
        if (!sorted) {
            fprintf(err, "out of memory\n");
            return -1;
        }
        memcpy(sorted, forms->forms, forms->count * sizeof *sorted);
        qsort(sorted, forms->count, sizeof *sorted, form_cmp);
    }
    outfile o;
    if (outfile_open(&o, path, err) != 0) {
        free(sorted);
        return -1;
    }
    uint64_t total = 0;
    for (size_t i = 0; i < forms->count; i++)
        total += forms->forms[i].count;
    fprintf(o.f, "# instruction forms the player code executed (m68kform names)\n"
                 "# %zu forms, %llu instructions; form<TAB>count, most frequent first\n",
            forms->count, (unsigned long long)total);
    for (size_t i = 0; i < forms->count; i++)
        fprintf(o.f, "%s\t%llu\n", sorted[i].name, (unsigned long long)sorted[i].count);
    free(sorted);
    return outfile_commit(&o, err);
}

void capture_forms_free(capture_forms *forms)
{
    free(forms->forms);
    memset(forms, 0, sizeof *forms);
}

double capture_bench(const capture_rom *rom, const scenario *s, int repeat,
                     capture_error *err)
{
    spg_player *rows = malloc(((size_t)s->frames + 1) * sizeof *rows);
    if (!rows) {
        memset(err, 0, sizeof *err);
        set_error(err, CAPTURE_ERR_SETUP, s, 0, "out of memory", NULL);
        return -1.0;
    }
    if (repeat < 1)
        repeat = 1;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    capture_session *cs = capture_session_open(rom, NULL, 0, err);
    int rc = cs ? 0 : -1;
    for (int r = 0; r < repeat && rc == 0; r++)
        rc = capture_session_run(cs, s, rows, NULL, err);
    capture_session_close(cs);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    free(rows);
    if (rc != 0)
        return -1.0;
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    if (secs <= 0)
        secs = 1e-9;
    return (double)s->frames * repeat / secs;
}
