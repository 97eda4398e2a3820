/*
 * special_stage.c - special-stage scenarios through the original code.
 *
 * The machine is set up as GM_Special leaves it before its loop: the
 * maze in the layout buffer (v_ssbuffer1), the item slots (v_ssitembuffer:
 * empty unless the scenario's `items:` fills some), the player object (id
 * 9, routine 0, so the first frame runs Obj09_Main; the rest of the slot
 * clear but for the start state's fields, the animation bytes and render
 * flags included, all 0 from a scenario) at the start, v_ssangle / v_ssrotate as the scenario says,
 * debug off.  Each frame then does what SS_MainLoop does
 * for the player: the joypad bytes (both copies), ExecuteObjects for
 * object 09 (SonicSpecial with A0 = v_player) and SS_ShowLayout's
 * SS_AniItems.  The rest of the loop (sprites, the layout's drawing, the
 * background) reads this state without changing it.
 *
 * The glass block stores pointers with a block id in their top byte; the
 * real 68000 ignores those 8 address bits, so the RAM is mapped once more
 * at each such tag ($2E-$30 in the top byte).
 *
 * A frame enters two routines, so each scenario gets an emulator of its
 * own that is entered per call (EMU_PER_FRAME, emu_call), not a capture
 * session with the one-routine frame driver of the normal stage.
 */
#include "capture/special_stage.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "scenario/special.h"
#include "trace/special.h"

/* Player object fields object 09 uses (Sonic 1 object RAM). */
enum {
    OB_ID = 0x00, OB_RENDER = 0x01, OB_X = 0x08, OB_Y = 0x0C, OB_VELX = 0x10, OB_VELY = 0x12,
    OB_INERTIA = 0x14, OB_FRAME = 0x1A, OB_ANIFRAME = 0x1B, OB_ANIM = 0x1C,
    OB_PREVANI = 0x1D, OB_TIMEFRAME = 0x1E, OB_STATUS = 0x22, OB_ROUTINE = 0x24,
    OB_LASTBLOCK = 0x30, OB_LASTADDR = 0x32, OB_UPDOWN = 0x36, OB_RCOOL = 0x37,
    OB_EXITTIMER = 0x38, OB_GHOST = 0x3A,
    OBJ_SIZE = 0x40,
    ID_SONIC_SPECIAL = 0x09,
    GAMEMODE_LEVEL = 0x0C,
    GAMEMODE_SPECIAL = 0x10,
    ITEM_BUFFER_BYTES = 0x100
};

typedef struct ss_addrs {
    uint32_t sonic_special, ani_items;
    uint32_t player, objspace_end, systemstack;
    uint32_t jpadhold1, jpadpress1, jpadhold2, jpadpress2;
    uint32_t gamemode, ssangle, ssrotate, lives, continues, lifecount, rings;
    uint32_t emeralds, emldlist, layout, items, debuguse, debugmode;
} ss_addrs;

static void set_error(capture_error *err, capture_status st, const scenario *s,
                      int frame, const char *what, const char *detail)
{
    /* scenarios built in memory may have no path */
    const char *name = s->path ? s->path : "(scenario)";
    err->status = st;
    err->frame = frame;
    if (frame > 0)
        snprintf(err->msg, sizeof err->msg, "%s: frame %d: %s%s", name, frame,
                 what, detail ? detail : "");
    else
        snprintf(err->msg, sizeof err->msg, "%s: %s%s", name, what,
                 detail ? detail : "");
}

static int resolve(const capture_rom_desc *d, ss_addrs *a, char *missing,
                   size_t len)
{
    struct {
        const char *name;
        uint32_t *dst;
    } need[] = {
        {"SonicSpecial", &a->sonic_special}, {"SS_AniItems", &a->ani_items},
        {"v_player", &a->player},           {"v_objspace_end", &a->objspace_end},
        {"v_systemstack", &a->systemstack}, {"v_jpadhold1", &a->jpadhold1},
        {"v_jpadpress1", &a->jpadpress1},   {"v_jpadhold2", &a->jpadhold2},
        {"v_jpadpress2", &a->jpadpress2},   {"v_gamemode", &a->gamemode},
        {"v_ssangle", &a->ssangle},         {"v_ssrotate", &a->ssrotate},
        {"v_lives", &a->lives},             {"v_continues", &a->continues},
        {"v_lifecount", &a->lifecount},     {"v_rings", &a->rings},
        {"v_emeralds", &a->emeralds},       {"v_emldlist", &a->emldlist},
        {"v_ssbuffer1", &a->layout},        {"v_ssitembuffer", &a->items},
        {"v_debuguse", &a->debuguse},       {"f_debugmode", &a->debugmode},
    };
    for (size_t i = 0; i < sizeof need / sizeof need[0]; i++)
        if (capture_rom_sym(d, need[i].name, need[i].dst) != 0) {
            snprintf(missing, len, "%s", need[i].name);
            return -1;
        }
    return 0;
}

static void write_state(emu *e, const ss_addrs *a, const spg_ss_state *st)
{
    if (a->objspace_end > a->player)
        emu_fill(e, a->player, 0, a->objspace_end - a->player);
    uint32_t o = a->player;
    emu_w8(e, o + OB_ID, ID_SONIC_SPECIAL);
    emu_w8(e, o + OB_ROUTINE, st->routine);
    emu_w32(e, o + OB_X, (uint32_t)st->x);
    emu_w32(e, o + OB_Y, (uint32_t)st->y);
    emu_w16(e, o + OB_VELX, (uint16_t)st->x_speed);
    emu_w16(e, o + OB_VELY, (uint16_t)st->y_speed);
    emu_w16(e, o + OB_INERTIA, (uint16_t)st->ground_speed);
    emu_w8(e, o + OB_STATUS, st->status);
    emu_w8(e, o + OB_RENDER, st->render_flags);
    emu_w8(e, o + OB_FRAME, st->mapping_frame);
    emu_w8(e, o + OB_ANIFRAME, st->anim_frame);
    emu_w8(e, o + OB_ANIM, st->anim);
    emu_w8(e, o + OB_PREVANI, st->prev_anim);
    emu_w8(e, o + OB_TIMEFRAME, st->anim_timer);
    emu_w8(e, a->gamemode, GAMEMODE_SPECIAL);
    emu_w16(e, a->debuguse, 0);
    emu_w16(e, a->debugmode, 0);
    emu_w16(e, a->ssangle, st->stage_angle);
    emu_w16(e, a->ssrotate, (uint16_t)st->rotation);
    emu_w16(e, a->rings, st->rings);
    emu_w8(e, a->lives, st->lives);
    emu_w8(e, a->continues, st->continues);
    emu_w8(e, a->lifecount, st->life_count);
    emu_w8(e, a->emeralds, st->emeralds);
    for (uint32_t i = 0; i < 6; i++)
        emu_w8(e, a->emldlist + i, st->emerald_list[i]);
    for (uint32_t i = 0; i < SPG_SS_LAYOUT_BYTES; i++)
        emu_w8(e, a->layout + i, st->layout[i]);
    emu_fill(e, a->items, 0, ITEM_BUFFER_BYTES);
    for (uint32_t i = 0; i < SPG_SS_ITEM_SLOTS; i++) {
        uint32_t b = a->items + i * 8;
        emu_w8(e, b, st->items[i].type);
        emu_w8(e, b + 2, st->items[i].timer);
        emu_w8(e, b + 3, st->items[i].frame);
        emu_w32(e, b + 4, st->items[i].addr);
    }
}

static int32_t s32_of(uint32_t v)
{
    return v >= 0x80000000u ? -(int32_t)(~v) - 1 : (int32_t)v;
}

static int16_t s16_of(uint16_t v)
{
    return (int16_t)(v >= 0x8000u ? (int32_t)v - 0x10000 : (int32_t)v);
}

static void read_state(const emu *e, const ss_addrs *a, spg_ss_state *st)
{
    uint32_t o = a->player;
    st->x = s32_of(emu_r32(e, o + OB_X));
    st->y = s32_of(emu_r32(e, o + OB_Y));
    st->x_speed = s16_of(emu_r16(e, o + OB_VELX));
    st->y_speed = s16_of(emu_r16(e, o + OB_VELY));
    st->ground_speed = s16_of(emu_r16(e, o + OB_INERTIA));
    st->status = emu_r8(e, o + OB_STATUS);
    st->routine = emu_r8(e, o + OB_ROUTINE);
    st->last_block = emu_r8(e, o + OB_LASTBLOCK);
    st->last_block_addr = emu_r32(e, o + OB_LASTADDR);
    st->updown_cooldown = emu_r8(e, o + OB_UPDOWN);
    st->r_cooldown = emu_r8(e, o + OB_RCOOL);
    st->exit_timer = emu_r16(e, o + OB_EXITTIMER);
    st->ghost_state = emu_r8(e, o + OB_GHOST);
    st->render_flags = emu_r8(e, o + OB_RENDER);
    st->mapping_frame = emu_r8(e, o + OB_FRAME);
    st->anim_frame = emu_r8(e, o + OB_ANIFRAME);
    st->anim = emu_r8(e, o + OB_ANIM);
    st->prev_anim = emu_r8(e, o + OB_PREVANI);
    st->anim_timer = emu_r8(e, o + OB_TIMEFRAME);
    st->stage_angle = emu_r16(e, a->ssangle);
    st->rotation = s16_of(emu_r16(e, a->ssrotate));
    st->rings = emu_r16(e, a->rings);
    st->lives = emu_r8(e, a->lives);
    st->continues = emu_r8(e, a->continues);
    st->life_count = emu_r8(e, a->lifecount);
    st->emeralds = emu_r8(e, a->emeralds);
    for (uint32_t i = 0; i < 6; i++)
        st->emerald_list[i] = emu_r8(e, a->emldlist + i);
    st->stage_over = emu_r8(e, a->gamemode) == GAMEMODE_LEVEL;
    for (uint32_t i = 0; i < SPG_SS_ITEM_SLOTS; i++) {
        uint32_t b = a->items + i * 8;
        st->items[i].type = emu_r8(e, b);
        st->items[i].timer = emu_r8(e, b + 2);
        st->items[i].frame = emu_r8(e, b + 3);
        st->items[i].addr = emu_r32(e, b + 4);
    }
    for (uint32_t i = 0; i < SPG_SS_LAYOUT_BYTES; i++)
        st->layout[i] = emu_r8(e, a->layout + i);
}

/* Byte 1 of every slot: the state struct has no place for it because the
 * code never writes it; check that it really stays 0. */
static int slot_padding_clear(const emu *e, const ss_addrs *a)
{
    for (uint32_t i = 0; i < SPG_SS_ITEM_SLOTS; i++)
        if (emu_r8(e, a->items + i * 8 + 1) != 0)
            return 0;
    return 1;
}

static void emu_detail(const emu *e, char *buf, size_t len)
{
    if (e->err.status == EMU_ERR_UNMAPPED || e->err.status == EMU_ERR_PROTECTED ||
        e->err.status == EMU_ERR_HARDWARE)
        snprintf(buf, len, "%s (PC $%06X, address $%08X)", e->err.what,
                 (unsigned)e->err.pc, (unsigned)e->err.addr);
    else
        snprintf(buf, len, "%s (PC $%06X)", e->err.what, (unsigned)e->err.pc);
}

int capture_special_scenario(const capture_rom *rom, const scenario *s,
                             capture_forms *forms, trace *out,
                             capture_stats *stats, capture_error *err)
{
    const capture_addrs *ca = &rom->addrs;
    capture_stats local_stats;
    ss_addrs a;
    char detail[300];
    emu e;
    if (!stats)
        stats = &local_stats;
    memset(stats, 0, sizeof *stats);
    memset(err, 0, sizeof *err);
    memset(out, 0, sizeof *out);
    if (s->mode != SCENARIO_SPECIAL_STAGE || !s->special) {
        set_error(err, CAPTURE_ERR_LEVEL, s, 0, "not a special-stage scenario", NULL);
        return -1;
    }
    if (resolve(rom->desc, &a, detail, sizeof detail) != 0) {
        set_error(err, CAPTURE_ERR_SETUP, s, 0,
                  "the ROM description has no address for ", detail);
        return -1;
    }
    if (a.sonic_special < ca->code_begin || a.sonic_special >= ca->code_end ||
        a.ani_items < ca->code_begin || a.ani_items >= ca->code_end) {
        set_error(err, CAPTURE_ERR_SETUP, s, 0,
                  "special-stage routines outside the code range", NULL);
        return -1;
    }
    spg_ss_state *st = malloc(sizeof *st);
    if (!st || trace_alloc(out, &trace_layout_special, s->frames + 1) != 0) {
        free(st);
        set_error(err, CAPTURE_ERR_SETUP, s, 0, "out of memory", NULL);
        return -1;
    }
    if (emu_open(&e, rom->data, rom->size, ca->code_begin, ca->code_end,
                 (forms ? EMU_LOG_FORMS : 0u) | EMU_PER_FRAME) != 0) {
        set_error(err, CAPTURE_ERR_SETUP, s, 0, "cannot set up the emulator: ",
                  e.err.what);
        goto fail;
    }
    for (uint32_t tag = SPG_SS_GLASS_FIRST + 1; tag <= SPG_SS_GLASS_LAST; tag++)
        if (emu_map_ram_alias(&e, tag << 24 | EMU_RAM_MIRROR) != 0) {
            set_error(err, CAPTURE_ERR_SETUP, s, 0, "cannot set up the emulator: ",
                      e.err.what);
            goto fail;
        }
    const uint8_t *start_layout = s->special->start.layout;
    write_state(&e, &a, &s->special->start);
    *st = s->special->start;
    read_state(&e, &a, st);
    trace_ss_row_values(0, st, start_layout, out->values[0]);

    for (int f = 0; f < s->frames; f++) {
        spg_input in = s->inputs[f];
        emu_w8(&e, a.jpadhold1, in.held);
        emu_w8(&e, a.jpadpress1, in.pressed);
        emu_w8(&e, a.jpadhold2, in.held);
        emu_w8(&e, a.jpadpress2, in.pressed);
        if (emu_call(&e, a.sonic_special, a.player, a.systemstack,
                     CAPTURE_SS_FRAME_BUDGET) != 0 ||
            emu_call(&e, a.ani_items, 0, a.systemstack,
                     CAPTURE_SS_FRAME_BUDGET) != 0) {
            emu_detail(&e, detail, sizeof detail);
            set_error(err, CAPTURE_ERR_EMU, s, f + 1,
                      "the original code failed: ", detail);
            err->emu = e.err;
            goto fail;
        }
        if (!slot_padding_clear(&e, &a)) {
            set_error(err, CAPTURE_ERR_EMU, s, f + 1,
                      "an item slot's byte 1 is not 0 (the state has no "
                      "place for it)", NULL);
            goto fail;
        }
        read_state(&e, &a, st);
        trace_ss_row_values(f + 1, st, start_layout, out->values[f + 1]);
    }
    stats->fix_hooked = e.fix_stats.hooked;
    stats->fix_corrected = e.fix_stats.corrected;
    if (forms) {
        if (e.forms_failed) {
            set_error(err, CAPTURE_ERR_SETUP, s, 0, "out of memory logging forms", NULL);
            goto fail;
        }
        capture_merge_forms(forms, &e);
        stats->instructions = e.insn_count;
    }
    emu_close(&e);
    free(st);
    return 0;

fail:
    emu_close(&e);
    free(st);
    trace_free(out);
    return -1;
}

double capture_special_bench(const capture_rom *rom, const scenario *s,
                             int repeat, capture_error *err)
{
    if (repeat < 1)
        repeat = 1;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int r = 0; r < repeat; r++) {
        trace t;
        if (capture_special_scenario(rom, s, NULL, &t, NULL, err) != 0)
            return -1.0;
        trace_free(&t);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    if (secs <= 0)
        secs = 1e-9;
    return (double)s->frames * repeat / secs;
}
