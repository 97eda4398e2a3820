/*
 * session.c - scenarios through the original player code: loading a ROM,
 * an emulator session per ROM, a scenario's run frame by frame through
 * its game's driver (driver.h), and the goldens written from it.
 */
#include "capture/capture.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "capture/driver.h"
#include "capture/md5.h"
#include "util/outfile.h"
#include "trace/trace.h"

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
    const capture_driver *drv = capture_driver_for(desc->game);
    if (drv == NULL) {
        fprintf(err, "ROM description '%s': no capture driver runs its game\n",
                desc->name);
        return -1;
    }
    if (drv->resolve(desc, &out->addrs, err) != 0)
        return -1;
    out->addrs.game = (int)drv->game->id;
    const capture_addrs *a = &out->addrs;
    /* Every address is the 68000's: the image holds [base, base + size). */
    uint32_t base = desc->load_base;
    if (a->code_begin < base || a->code_begin >= a->code_end ||
        a->code_end - base > size || a->player_routine < a->code_begin ||
        a->player_routine >= a->code_end) {
        fprintf(err, "ROM description '%s': bad code range\n", desc->name);
        return -1;
    }
    /* The tables the capture overwrites must lie inside the image and
     * outside the code, which the instruction correction scans once
     * before they change. */
    struct {
        uint32_t at, len;
    } tables[] = {
        { a->level.angle_map, 0x100 },
        { a->level.coll_array1, 0x1000 },
        { a->level.coll_array2, 0x1000 },
        { a->level.collindex_rom, a->level.collindex_size },
        { a->rom_scratch, a->rom_scratch_size },
    };
    for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
        uint32_t at = tables[i].at, len = tables[i].len;
        if (len == 0)
            continue;
        if (at < base || at - base > size || len > size - (at - base)) {
            fprintf(err, "ROM description '%s': collision tables beyond the "
                         "image\n",
                    desc->name);
            return -1;
        }
        if (at < a->code_end && at + len > a->code_begin) {
            fprintf(err, "ROM description '%s': a collision table at $%06X "
                         "overlaps the code range\n",
                    desc->name, (unsigned)at);
            return -1;
        }
    }
    for (size_t i = 0; i < desc->fix_count; i++) {
        uint32_t at = desc->fix_addrs[i] - base;
        uint16_t op = desc->fix_addrs[i] >= base && at < size && at + 1 < size
                          ? (uint16_t)(data[at] << 8 | data[at + 1])
                          : 0;
        if (!is_memory_asr_w(op)) {
            fprintf(err,
                    "ROM description '%s': $%06X holds $%04X, not the memory "
                    "asr.w the table expects\n",
                    desc->name, (unsigned)desc->fix_addrs[i], (unsigned)op);
            return -1;
        }
    }
    for (size_t i = 0; i < desc->first_count; i++) {
        const capture_first *y = &desc->firsts[i];
        uint32_t at = 0, got = 0;
        if (capture_rom_sym(desc, y->name, &at) != 0) {
            fprintf(err, "ROM description '%s': no symbol %s to check\n",
                    desc->name, y->name);
            return -1;
        }
        uint32_t off = at - base;
        if (at >= base && off <= size && size - off >= 4)
            got = (uint32_t)data[off] << 24 | (uint32_t)data[off + 1] << 16 |
                  (uint32_t)data[off + 2] << 8 | data[off + 3];
        if (got != y->first) {
            fprintf(err,
                    "ROM description '%s': %s at $%06X starts $%08X, not the "
                    "$%08X the table expects\n",
                    desc->name, y->name, (unsigned)at, (unsigned)got,
                    (unsigned)y->first);
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
    out->base = base;
    out->desc = desc;
    out->driver = drv;
    out->game = drv->game;
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
/* Running a scenario                                                        */
/* ------------------------------------------------------------------------ */

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
    const capture_rom_desc *d = cs->rom->desc;
    unsigned ef = (cs->forms ? EMU_LOG_FORMS : 0u) |
                  ((cs->flags & CAPTURE_PER_FRAME) ? EMU_PER_FRAME : 0u) |
                  (d && d->sound_windows ? EMU_SOUND_WINDOWS : 0u) |
                  (d && d->gate_array ? EMU_GATE_ARRAY : 0u);
    if (emu_open_at(&cs->e, cs->rom->data, cs->rom->size, cs->rom->base,
                    a->code_begin, a->code_end, ef) != 0) {
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

/* The image's bytes at [at, at + len) (68000 addresses) back into the ROM
 * copy. */
static void rom_put_back(capture_session *cs, uint32_t at, uint32_t len)
{
    if (len)
        emu_rom_write(&cs->e, at, cs->rom->data + (at - cs->rom->base), len);
}

/* Back to the state a new engine starts in: work RAM zero, and the ROM
 * copy's collision tables (with the scratch range, the only ROM bytes the
 * level builders write) as in the image.  The code and the sentinel page
 * never change, so Unicorn's translations of them stay valid. */
static void session_restore(capture_session *cs)
{
    const capture_addrs *a = &cs->rom->addrs;
    const level_addrs *l = &a->level;
    emu_clear_ram(&cs->e);
    rom_put_back(cs, l->angle_map, 0x100);
    rom_put_back(cs, l->coll_array1, 0x1000);
    rom_put_back(cs, l->coll_array2, 0x1000);
    rom_put_back(cs, l->collindex_rom, l->collindex_size);
    rom_put_back(cs, a->rom_scratch, a->rom_scratch_size);
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
    io->rom->driver->frame(io->e, io->rom, io->s->inputs[frame - 1]);
}

static void frame_result(void *user, int frame)
{
    frame_io *io = user;
    io->rom->driver->read(io->e, io->rom, io->s, &io->rows[frame]);
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
    const capture_driver *drv = rom->driver;
    const game_desc *sg = scenario_game(s);
    if (sg != drv->game) {
        snprintf(msg, sizeof msg, "the scenario is for game %s, the ROM "
                 "(%s) is a %s image",
                 sg ? sg->name : "?", rom->desc->name,
                 drv->game->name);
        set_error(err, CAPTURE_ERR_LEVEL, s, 0, msg, NULL);
        return -1;
    }
    emu *e = &cs->e;
    session_restore(cs);
    if (drv->build_level(e, rom, s, &stats->level, msg, sizeof msg) != 0) {
        set_error(err, CAPTURE_ERR_LEVEL, s, 0,
                  "the original game cannot express this level: ", msg);
        return -1;
    }
    drv->setup(e, rom, s);
    drv->read(e, rom, s, &rows[0]);
    uint32_t routine = drv->routine(rom, s);

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
