/*
 * sonic1.c - the capture driver of Sonic 1 (REV01 and REV00): its symbols
 * (games/sonic1.c), the player object SonicPlayer runs, the 256x256-chunk
 * level (level_build) and the quiet game around it.
 */
#include "capture/driver.h"

#include <string.h>

/* What Sonic_Main (routine 0) sets and the capture writes in its place. */
enum {
    SONIC_ID = 0x01,
    SONIC_ART_TILE = 0x0780,
    SONIC_PRIORITY = 2,
    SONIC_ACTWID = 0x18,
    QUIET_LOOKSHIFT = 0x60
};

static int resolve(const capture_rom_desc *d, capture_addrs *a, FILE *err)
{
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
        { "v_256loop1", &a->loop_chunks },
        { "v_waterpos1", &a->waterpos1 },
        { "f_water", &a->water },
        { "v_air", &a->air },
    };
    /* a test's stand-in image has no zone table: the scenario's then */
    if (capture_rom_sym(d, "LoopTileNums", &a->loop_tile_nums) != 0)
        a->loop_tile_nums = 0;
    return capture_rom_syms(d, need, sizeof need / sizeof need[0], err);
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
    capture_object_write(e, o, p);
    emu_w16(e, o + OB_LOCK, p->control_lock);
    /* The sensors' RAM copies the routine stores into $36/$37. */
    emu_w8(e, a->anglebuffer, p->angle_buffer_1);
    emu_w8(e, a->anglebuffer2, p->angle_buffer_2);
}

static void read_player(const emu *e, const capture_rom *rom,
                        const scenario *s, spg_player *p)
{
    const capture_addrs *a = &rom->addrs;
    uint32_t o = a->player;
    (void)s;
    memset(p, 0, sizeof *p);
    capture_object_read(e, o, p);
    p->control_lock = emu_r16(e, o + OB_LOCK);
    p->top_speed = capture_s16(emu_r16(e, a->sonspeedmax));
    p->acceleration = capture_s16(emu_r16(e, a->sonspeedacc));
    p->deceleration = capture_s16(emu_r16(e, a->sonspeeddec));
}

static void quiet_game(emu *e, const capture_rom *rom, const scenario *s)
{
    const capture_addrs *a = &rom->addrs;
    /* Object RAM beyond the player stays zero: no object for the player
     * to collide with (the RAM starts zeroed; make it explicit). */
    if (a->objspace_end > a->player + OBJ_SIZE)
        emu_fill(e, a->player + OBJ_SIZE, 0, a->objspace_end - (a->player + OBJ_SIZE));
    /* The scenario's zone (Marble Zone unless it names one), and what
     * LevelSizeLoad copies from LoopTileNums for it. */
    emu_w8(e, a->zone, s->map.zone);
    emu_w8(e, a->zone + 1, 0); /* act */
    for (uint32_t r = 0; r < 4; r++)
        emu_w8(e, a->loop_chunks + r, s->map.loop_chunks[r]);
    emu_w16(e, a->debuguse, 0);
    emu_w16(e, a->debugmode, 0);
    emu_w8(e, a->lockctrl, 0);
    emu_w8(e, a->playerctrl, 0);
    emu_w16(e, a->limitleft2, (uint16_t)s->map.limit_left);
    emu_w16(e, a->limitright2, (uint16_t)s->map.limit_right);
    emu_w16(e, a->limittop2, 0);
    emu_w16(e, a->limitbtm2, (uint16_t)s->map.limit_bottom);
    emu_w16(e, a->lookshift, QUIET_LOOKSHIFT); /* camera bias, as at level start */
    emu_w16(e, a->sonspeedmax, (uint16_t)s->start.top_speed);
    emu_w16(e, a->sonspeedacc, (uint16_t)s->start.acceleration);
    emu_w16(e, a->sonspeeddec, (uint16_t)s->start.deceleration);
    /* The water as the level leaves it (in Labyrinth Zone: the surface
     * from the scenario, f_water set; elsewhere $7FFF and 0, which
     * nothing reads), and the air counter every level starts with (30:
     * ResumeMusic, which Sonic_Water calls, then plays nothing). */
    emu_w16(e, a->waterpos1, (uint16_t)s->map.water_level);
    emu_w8(e, a->water, s->map.water_flag);
    emu_w16(e, a->air, 30);
}

static int build_level(emu *e, const capture_rom *rom, const scenario *s,
                       level_info *info, char *msg, size_t msglen)
{
    const capture_addrs *a = &rom->addrs;
    /* The zone table the scenario was made with must be the image's. */
    for (uint32_t r = 0; a->loop_tile_nums != 0 && r < 4; r++) {
        uint8_t rom_id = emu_rom_r8(e, a->loop_tile_nums +
                                           (uint32_t)s->map.zone * 4 + r);
        if (rom_id != s->map.loop_chunks[r]) {
            snprintf(msg, msglen,
                     "the image's LoopTileNums gives zone %u the chunk id "
                     "$%02X where the game's zone table has $%02X",
                     (unsigned)s->map.zone, (unsigned)rom_id,
                     (unsigned)s->map.loop_chunks[r]);
            return -1;
        }
    }
    return level_build(e, &a->level, &s->map, info, msg, msglen);
}

static void setup(emu *e, const capture_rom *rom, const scenario *s)
{
    quiet_game(e, rom, s);
    write_player(e, rom, &s->start);
}

/* Before each frame: both joypads' held and pressed bytes. */
static void frame(emu *e, const capture_rom *rom, spg_input in)
{
    const capture_addrs *a = &rom->addrs;
    emu_w8(e, a->jpadhold1, in.held);
    emu_w8(e, a->jpadpress1, in.pressed);
    emu_w8(e, a->jpadhold2, in.held);
    emu_w8(e, a->jpadpress2, in.pressed);
}

static uint32_t routine(const capture_rom *rom, const scenario *s)
{
    (void)s;
    return rom->addrs.player_routine;
}

extern const game_desc game_sonic1;

const capture_driver capture_sonic1 = {
    &game_sonic1, resolve, build_level, setup, read_player, frame, routine,
};
