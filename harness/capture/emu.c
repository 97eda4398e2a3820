/*
 * emu.c - the 68000 machine the capture runs the original code on.
 */
#include "capture/emu.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "capture/m68kfix.h"
#include "capture/m68kform.h"

/* The Unicorn CPU model that behaves like a 68000 (m68kfix_cpu_model). */
enum { CPU_MODEL_UNKNOWN = -2 };
static int cpu_model = CPU_MODEL_UNKNOWN;

/*
 * Engines are made and closed one at a time.  Unicorn 2.0.1 is not safe
 * when two threads open their first engines at once: under load, one of
 * two fuzz workers probing the CPU model together saw every model fail
 * (harness/tests/test_fuzz.c, 1 run in 30 on 2 cores).  The lock also
 * guards cpu_model.  Running engines need no lock: each has its own.
 */
static pthread_mutex_t engine_lock = PTHREAD_MUTEX_INITIALIZER;

#define Z80_BASE 0x00A00000u
#define IO_BASE 0x00A10000u
#define VDP_BASE 0x00C00000u
#define WINDOW_SIZE 0x10000u
#define PAGE 0x1000u

static uint32_t reg32(uc_engine *uc, int reg)
{
    uint32_t v = 0;
    uc_reg_read(uc, reg, &v);
    return v;
}

static void fail(emu *e, emu_status st, uint32_t pc, uint32_t addr,
                 const char *what)
{
    if (e->err.status != EMU_OK)
        return; /* keep the first error */
    e->err.status = st;
    e->err.pc = pc;
    e->err.addr = addr;
    snprintf(e->err.what, sizeof e->err.what, "%s", what);
}

static const char *access_name(uc_mem_type type)
{
    switch (type) {
    case UC_MEM_READ_UNMAPPED:
    case UC_MEM_READ_PROT:
    case UC_MEM_READ:
        return "read";
    case UC_MEM_WRITE_UNMAPPED:
    case UC_MEM_WRITE_PROT:
    case UC_MEM_WRITE:
        return "write";
    case UC_MEM_FETCH_UNMAPPED:
    case UC_MEM_FETCH_PROT:
    case UC_MEM_FETCH:
        return "instruction fetch";
    default:
        return "access";
    }
}

static bool hook_unmapped(uc_engine *uc, uc_mem_type type, uint64_t address,
                          int size, int64_t value, void *user)
{
    emu *e = user;
    char what[160];
    (void)value;
    snprintf(what, sizeof what, "%s of %d byte(s) at unmapped address $%08X",
             access_name(type), size, (unsigned)address);
    fail(e, EMU_ERR_UNMAPPED, reg32(uc, UC_M68K_REG_PC), (uint32_t)address, what);
    uc_emu_stop(uc);
    return false;
}

static void left_code_range(uc_engine *uc, emu *e, uint32_t a);

static __attribute__((noinline)) bool prot_error(uc_engine *uc, emu *e,
                                                  uc_mem_type type,
                                                  uint64_t address, int size)
{
    char what[160];
    snprintf(what, sizeof what, "%s of %d byte(s) at protected address $%08X%s",
             access_name(type), size, (unsigned)address,
             (uint32_t)address - e->rom_base < e->rom_map ? " (ROM)" : "");
    fail(e, EMU_ERR_PROTECTED, reg32(uc, UC_M68K_REG_PC), (uint32_t)address, what);
    uc_emu_stop(uc);
    return false;
}

/*
 * Accesses to protected memory.  Work RAM is read-only to Unicorn on driver
 * engines: a write to it lands here, and is done here, into the RAM buffer
 * (big-endian, `size` bytes); returning true tells Unicorn the access was
 * handled, and Unicorn then discards its own write.  Bytes beyond the 64
 * KiB mapping the write starts in are left alone: Unicorn redoes such a
 * write (it is always misaligned) a byte at a time, and those bytes meet
 * whatever lies there, and its error.  Anything else is an error.
 */
static bool hook_prot(uc_engine *uc, uc_mem_type type, uint64_t address,
                      int size, int64_t value, void *user)
{
    emu *e = user;
    uint32_t a = (uint32_t)address, base = a & 0xFFFF0000u, off = a & 0xFFFFu;
    /* every mapping whose low 24 bits are $FF0000 is the work RAM: the
     * two of emu_open and the aliases of emu_map_ram_alias */
    if (type == UC_MEM_WRITE_PROT && (base & 0x00FFFFFFu) == EMU_RAM_MIRROR &&
        !(e->flags & EMU_PER_FRAME)) {
        uint8_t *p = e->ram + off;
        uint32_t v = (uint32_t)value;
        /* the common cases first: the player routine writes about 120
         * times a frame, every one through here */
        if (size == 4 && off <= EMU_RAM_SIZE - 4) {
            p[0] = (uint8_t)(v >> 24);
            p[1] = (uint8_t)(v >> 16);
            p[2] = (uint8_t)(v >> 8);
            p[3] = (uint8_t)v;
        } else if (size == 2 && off <= EMU_RAM_SIZE - 2) {
            p[0] = (uint8_t)(v >> 8);
            p[1] = (uint8_t)v;
        } else if (size == 1) {
            p[0] = (uint8_t)v;
        } else {
            /* crossing the end of the 64 KiB: only the bytes inside it */
            uint64_t w = (uint64_t)value;
            for (int i = size - 1; i >= 0; i--, w >>= 8)
                if (((a + (uint32_t)i) & 0xFFFF0000u) == base)
                    e->ram[(a + (uint32_t)i) & 0xFFFFu] = (uint8_t)w;
        }
        return true;
    }
    if (type == UC_MEM_FETCH_PROT && !(e->flags & EMU_PER_FRAME)) {
        left_code_range(uc, e, a);
        return false;
    }
    return prot_error(uc, e, type, address, size);
}

static const char *exception_name(uint32_t intno)
{
    /* QEMU's m68k exception numbers, as Unicorn reports them. */
    switch (intno) {
    case 2: return "access fault";
    case 3: return "address error";
    case 4: return "illegal instruction";
    case 5: return "division by zero";
    case 6: return "CHK";
    case 7: return "TRAPV/TRAPcc";
    case 8: return "privilege violation";
    case 9: return "trace";
    case 10: return "line A";
    case 11: return "line F";
    default:
        if (intno >= 32 && intno < 48)
            return "TRAP #n";
        return "exception";
    }
}

static void hook_intr(uc_engine *uc, uint32_t intno, void *user)
{
    emu *e = user;
    char what[160];
    snprintf(what, sizeof what, "CPU exception %u (%s)", (unsigned)intno,
             exception_name(intno));
    fail(e, EMU_ERR_EXCEPTION, reg32(uc, UC_M68K_REG_PC), 0, what);
    uc_emu_stop(uc);
}

static bool hook_insn_invalid(uc_engine *uc, void *user)
{
    emu *e = user;
    fail(e, EMU_ERR_EXCEPTION, reg32(uc, UC_M68K_REG_PC), 0,
         "invalid instruction");
    uc_emu_stop(uc);
    return false;
}

static void driver_frame(uc_engine *uc, emu *e);

/* The slow paths of the block hooks. */
static __attribute__((noinline)) void block_over_budget(uc_engine *uc, emu *e,
                                                        uint32_t a)
{
    char what[160];
    snprintf(what, sizeof what,
             "no return within the budget of %llu instruction words",
             (unsigned long long)e->budget);
    fail(e, EMU_ERR_BUDGET, a, 0, what);
    uc_emu_stop(uc);
}

static __attribute__((noinline)) void left_code_range(uc_engine *uc, emu *e,
                                                      uint32_t a)
{
    char what[160];
    snprintf(what, sizeof what,
             "execution left the code range [$%06X, $%06X) at $%08X",
             (unsigned)e->code_begin, (unsigned)e->code_end, (unsigned)a);
    fail(e, EMU_ERR_OUTSIDE, a, a, what);
    uc_emu_stop(uc);
}

static __attribute__((noinline)) void block_elsewhere(uc_engine *uc, emu *e,
                                                      uint32_t a)
{
    if (a == EMU_SENTINEL) {
        /* Per frame, the sentinel is where uc_emu_start stops (this hook
         * never runs there); with the driver, a frame boundary. */
        if (e->run)
            driver_frame(uc, e);
        return;
    }
    if (a == EMU_DRIVER_JMP && e->drv_jmp_due) {
        /* the driver's jump to the routine, right after its first block */
        e->drv_jmp_due = 0;
        return;
    }
    left_code_range(uc, e, a);
}

/*
 * The budget: runs before every translation block of the code range (per
 * frame, before every block at all; on a driver engine only while it
 * counts, see emu_run).  The budget counts instruction words: every
 * instruction has at least one, so this stops no later than `budget`
 * instructions (Unicorn's own instruction count would slow every
 * instruction down six-fold).
 */
static void hook_block(uc_engine *uc, uint64_t address, uint32_t size, void *user)
{
    emu *e = user;
    uint32_t a = (uint32_t)address;
    if (a - e->code_begin >= e->code_end - e->code_begin) {
        block_elsewhere(uc, e, a);
        return;
    }
    e->words_run += size / 2 ? size / 2 : 1;
    if (e->words_run > e->budget)
        block_over_budget(uc, e, a);
}

/* On a driver engine: blocks that start on the sentinel page, or on the
 * parts of the code's first and last pages outside the code range (every
 * other page outside it is mapped without execute permission, and a fetch
 * from it ends in hook_prot). */
static void hook_edge(uc_engine *uc, uint64_t address, uint32_t size, void *user)
{
    (void)size;
    block_elsewhere(uc, user, (uint32_t)address);
}

static void record_form(emu *e, uint32_t address)
{
    e->insn_count++;
    uint32_t at = address - e->rom_base;
    if (address < e->rom_base || at + 2 > e->rom_map)
        return; /* outside the ROM: hook_block reports it */
    uint16_t op = (uint16_t)(e->rom[at] << 8 | e->rom[at + 1]);
    uint32_t known = e->form_of_opcode[op];
    if (known) {
        e->forms[known - 1].count++;
        return;
    }
    /* A new opcode word: name its form, then find or add the form. */
    char name[M68KFORM_NAME_MAX];
    m68kform_name(op, name, sizeof name);
    size_t idx;
    for (idx = 0; idx < e->form_count; idx++)
        if (strcmp(e->forms[idx].name, name) == 0)
            break;
    if (idx == e->form_count) {
        if (e->form_count == e->form_cap) {
            size_t cap = e->form_cap ? e->form_cap * 2 : 256;
            emu_form *nf = realloc(e->forms, cap * sizeof *nf);
            if (!nf) {
                e->forms_failed = 1;
                return;
            }
            e->forms = nf;
            e->form_cap = cap;
        }
        snprintf(e->forms[idx].name, sizeof e->forms[idx].name, "%s", name);
        e->forms[idx].count = 0;
        e->form_count++;
    }
    e->forms[idx].count++;
    e->form_of_opcode[op] = (uint32_t)idx + 1;
}

static void hook_code(uc_engine *uc, uint64_t address, uint32_t size, void *user)
{
    (void)uc;
    (void)size;
    record_form(user, (uint32_t)address);
}

/* Hardware windows: any access is an error naming the window. */
static uint64_t window_read(uc_engine *uc, uint64_t offset, unsigned size,
                            void *user, const char *window, uint32_t base)
{
    emu *e = user;
    char what[160];
    snprintf(what, sizeof what, "read of %u byte(s) from the %s window at $%08X",
             size, window, (unsigned)(base + offset));
    fail(e, EMU_ERR_HARDWARE, reg32(uc, UC_M68K_REG_PC), (uint32_t)(base + offset), what);
    uc_emu_stop(uc);
    return 0;
}

static void window_write(uc_engine *uc, uint64_t offset, unsigned size,
                         void *user, const char *window, uint32_t base)
{
    emu *e = user;
    char what[160];
    snprintf(what, sizeof what, "write of %u byte(s) to the %s window at $%08X",
             size, window, (unsigned)(base + offset));
    fail(e, EMU_ERR_HARDWARE, reg32(uc, UC_M68K_REG_PC), (uint32_t)(base + offset), what);
    uc_emu_stop(uc);
}

static uint64_t z80_read(uc_engine *uc, uint64_t off, unsigned size, void *user)
{
    return window_read(uc, off, size, user, "Z80", Z80_BASE);
}
static void z80_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t v, void *user)
{
    (void)v;
    window_write(uc, off, size, user, "Z80", Z80_BASE);
}
static uint64_t io_read(uc_engine *uc, uint64_t off, unsigned size, void *user)
{
    return window_read(uc, off, size, user, "I/O", IO_BASE);
}
static void io_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t v, void *user)
{
    (void)v;
    window_write(uc, off, size, user, "I/O", IO_BASE);
}
/* EMU_SOUND_WINDOWS: the Z80 window as memory, the I/O window quiet. */
static uint64_t z80_ram_read(uc_engine *uc, uint64_t off, unsigned size, void *user)
{
    emu *e = user;
    uint64_t v = 0;
    (void)uc;
    for (unsigned i = 0; i < size; i++)
        v = v << 8 | e->z80_ram[(off + i) & (WINDOW_SIZE - 1)];
    return v;
}
static void z80_ram_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t v,
                          void *user)
{
    emu *e = user;
    (void)uc;
    for (unsigned i = 0; i < size; i++)
        e->z80_ram[(off + i) & (WINDOW_SIZE - 1)] =
            (uint8_t)(v >> (8 * (size - 1 - i)));
}
static uint64_t io_quiet_read(uc_engine *uc, uint64_t off, unsigned size, void *user)
{
    (void)uc;
    (void)off;
    (void)size;
    (void)user;
    return 0;
}
static void io_quiet_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t v,
                           void *user)
{
    (void)uc;
    (void)off;
    (void)size;
    (void)v;
    (void)user;
}
/* EMU_GATE_ARRAY: the Mega-CD gate array's communication registers in the
 * I/O window.  A write to the main CPU's command words ($A12010-$A1201F) is
 * kept; the Sub CPU's status words ($A12020-$A1202F) read back what was
 * written to the command word 16 bytes below, as a Sub CPU that answers
 * every command at once would; the command words read back too.  The rest
 * of the window is as with EMU_SOUND_WINDOWS: reads 0, writes ignored. */
#define GATE_CMD 0x2010u    /* GACOMCMD0 - $A10000 */
#define GATE_STAT 0x2020u   /* GACOMSTAT0 - $A10000 */
#define GATE_REGS 16u

static uint64_t io_gate_read(uc_engine *uc, uint64_t off, unsigned size, void *user)
{
    emu *e = user;
    uint64_t v = 0;
    (void)uc;
    for (unsigned i = 0; i < size; i++) {
        uint64_t a = off + i;
        uint8_t b = 0;
        if (a >= GATE_CMD && a < GATE_CMD + GATE_REGS)
            b = e->gate_cmd[a - GATE_CMD];
        else if (a >= GATE_STAT && a < GATE_STAT + GATE_REGS)
            b = e->gate_cmd[a - GATE_STAT];
        v = v << 8 | b;
    }
    return v;
}
static void io_gate_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t v,
                          void *user)
{
    emu *e = user;
    (void)uc;
    for (unsigned i = 0; i < size; i++) {
        uint64_t a = off + i;
        if (a >= GATE_CMD && a < GATE_CMD + GATE_REGS)
            e->gate_cmd[a - GATE_CMD] = (uint8_t)(v >> (8 * (size - 1 - i)));
    }
}
static uint64_t vdp_read(uc_engine *uc, uint64_t off, unsigned size, void *user)
{
    return window_read(uc, off, size, user, "VDP", VDP_BASE);
}
static void vdp_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t v, void *user)
{
    (void)v;
    window_write(uc, off, size, user, "VDP", VDP_BASE);
}

static int uc_failed(emu *e, const char *step, uc_err err)
{
    char what[160];
    snprintf(what, sizeof what, "Unicorn: %s: %s", step, uc_strerror(err));
    fail(e, EMU_ERR_UNICORN, 0, 0, what);
    return -1;
}

/* ------------------------------------------------------------------------ */
/* The watchdog                                                              */
/* ------------------------------------------------------------------------ */

/*
 * Driver engines count no instructions (a block hook on every block cost a
 * quarter of the time): a frame that never returns is caught by this
 * thread instead.  Every WATCH_TICK_NS it reads the CPU time of the thread
 * running emu_run and the count of frames started; when the count has not
 * moved for EMU_WATCH_NS of that CPU time, it stops the run (uc_emu_stop,
 * which Unicorn allows from another thread), and emu_run runs it again,
 * counting.  CPU time, not wall time: a busy machine delays a frame but
 * does not make it run longer.  A stop that comes late (the frame returned
 * meanwhile) only costs a counted replay with the same result.
 */
#define WATCH_TICK_NS 10000000L

struct emu_watch {
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int quit;                    /* under mu */
    uc_engine *uc;
    clockid_t clock;             /* the running thread's CPU clock */
    atomic_int running;          /* an uncounted run is under way */
    atomic_int fired;            /* the watchdog stopped it */
    atomic_ulong progress;       /* frames started */
};

static uint64_t ts_ns(const struct timespec *t)
{
    return (uint64_t)t->tv_sec * 1000000000u + (uint64_t)t->tv_nsec;
}

static void *watch_main(void *arg)
{
    struct emu_watch *w = arg;
    unsigned long seen = 0;
    uint64_t since = 0;
    int have = 0;
    pthread_mutex_lock(&w->mu);
    while (!w->quit) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += WATCH_TICK_NS;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&w->cv, &w->mu, &until);
        if (w->quit)
            break;
        struct timespec cpu;
        if (!atomic_load(&w->running) || clock_gettime(w->clock, &cpu) != 0) {
            have = 0;
            continue;
        }
        unsigned long p = atomic_load_explicit(&w->progress, memory_order_relaxed);
        if (!have || p != seen) {
            seen = p;
            since = ts_ns(&cpu);
            have = 1;
        } else if (ts_ns(&cpu) - since >= EMU_WATCH_NS) {
            atomic_store(&w->fired, 1);
            uc_emu_stop(w->uc);
            have = 0;
        }
    }
    pthread_mutex_unlock(&w->mu);
    return NULL;
}

static int watch_start(emu *e)
{
    struct emu_watch *w = calloc(1, sizeof *w);
    if (!w) {
        fail(e, EMU_ERR_UNICORN, 0, 0, "out of memory");
        return -1;
    }
    w->uc = e->uc;
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, NULL);
    if (pthread_create(&w->thread, NULL, watch_main, w) != 0) {
        pthread_cond_destroy(&w->cv);
        pthread_mutex_destroy(&w->mu);
        free(w);
        fail(e, EMU_ERR_UNICORN, 0, 0, "cannot start the watchdog thread");
        return -1;
    }
    e->watch = w;
    return 0;
}

static void watch_stop(emu *e)
{
    struct emu_watch *w = e->watch;
    if (!w)
        return;
    pthread_mutex_lock(&w->mu);
    w->quit = 1;
    pthread_cond_signal(&w->cv);
    pthread_mutex_unlock(&w->mu);
    pthread_join(w->thread, NULL);
    pthread_cond_destroy(&w->cv);
    pthread_mutex_destroy(&w->mu);
    free(w);
    e->watch = NULL;
}

/*
 * The ROM on a driver engine: only the pages the code range touches are
 * executable, so that execution leaving the code range faults (hook_prot)
 * instead of every block being checked.  The same buffer in up to three
 * mappings: [base, lo) read, [lo, hi) read/execute, [hi, base + rom_map)
 * read (base: the image's load address, rom_base).
 */
static uint32_t clamp_to_rom(const emu *e, uint32_t a)
{
    uint32_t end = e->rom_base + e->rom_map;
    return a < e->rom_base ? e->rom_base : a > end ? end : a;
}

static void code_pages(const emu *e, uint32_t *lo, uint32_t *hi)
{
    uint32_t b = clamp_to_rom(e, e->code_begin);
    uint32_t x = clamp_to_rom(e, e->code_end);
    *lo = b & ~(PAGE - 1);
    *hi = (x + PAGE - 1) & ~(PAGE - 1);
    if (*hi < *lo)
        *hi = *lo;
}

static int map_rom_split(emu *e)
{
    uint32_t lo, hi;
    code_pages(e, &lo, &hi);
    struct {
        uint32_t at, end;
        uint32_t perms;
    } part[3] = {
        { e->rom_base, lo, UC_PROT_READ },
        { lo, hi, UC_PROT_READ | UC_PROT_EXEC },
        { hi, e->rom_base + e->rom_map, UC_PROT_READ },
    };
    for (int i = 0; i < 3; i++) {
        if (part[i].end <= part[i].at)
            continue;
        uc_err err = uc_mem_map_ptr(e->uc, part[i].at, part[i].end - part[i].at,
                                    part[i].perms,
                                    e->rom + (part[i].at - e->rom_base));
        if (err != UC_ERR_OK)
            return uc_failed(e, "map ROM", err);
    }
    return 0;
}

/* The block hooks of a driver engine (hook_edge): the sentinel page, and
 * the executable bytes outside the code range. */
static int hook_edges(emu *e)
{
    uint32_t lo, hi;
    uc_hook hh;
    code_pages(e, &lo, &hi);
    struct {
        uint32_t at, end;
    } part[3] = {
        { EMU_SENTINEL, EMU_SENTINEL + PAGE },
        { lo, e->code_begin },
        { e->code_end, hi },
    };
    for (int i = 0; i < 3; i++) {
        if (part[i].end <= part[i].at)
            continue;
        uc_err err = uc_hook_add(e->uc, &hh, UC_HOOK_BLOCK, (void *)hook_edge, e,
                                 part[i].at, part[i].end - 1);
        if (err != UC_ERR_OK)
            return uc_failed(e, "hook blocks", err);
    }
    return 0;
}

static int emu_open_locked(emu *e, const uint8_t *rom, uint32_t rom_size,
                           uint32_t base, uint32_t code_begin,
                           uint32_t code_end, unsigned flags);

int emu_open(emu *e, const uint8_t *rom, uint32_t rom_size,
             uint32_t code_begin, uint32_t code_end, unsigned flags)
{
    return emu_open_at(e, rom, rom_size, 0, code_begin, code_end, flags);
}

int emu_open_at(emu *e, const uint8_t *rom, uint32_t rom_size, uint32_t base,
                uint32_t code_begin, uint32_t code_end, unsigned flags)
{
    pthread_mutex_lock(&engine_lock);
    int rc = emu_open_locked(e, rom, rom_size, base, code_begin, code_end,
                             flags);
    pthread_mutex_unlock(&engine_lock);
    return rc;
}

static int emu_open_locked(emu *e, const uint8_t *rom, uint32_t rom_size,
                           uint32_t base, uint32_t code_begin,
                           uint32_t code_end, unsigned flags)
{
    int log_forms = (flags & EMU_LOG_FORMS) != 0;
    uc_err err;
    uc_hook hh;

    memset(e, 0, sizeof *e);
    if (rom_size == 0 || rom_size > 0x400000u) {
        fail(e, EMU_ERR_UNICORN, 0, 0, "ROM image size out of range (1 byte .. 4 MiB)");
        return -1;
    }
    e->flags = flags;
    e->rom_size = rom_size;
    e->rom_map = (rom_size + PAGE - 1) & ~(PAGE - 1);
    /* the image ends below the sentinel page, the first thing mapped
     * above it */
    if ((base & (PAGE - 1)) != 0 || base > EMU_SENTINEL ||
        e->rom_map > EMU_SENTINEL - base) {
        fail(e, EMU_ERR_UNICORN, 0, base,
             "ROM load address not a 4 KiB page, or the image reaches the "
             "sentinel page at $800000");
        return -1;
    }
    e->rom_base = base;
    e->code_begin = code_begin;
    e->code_end = code_end;
    e->rom = calloc(1, e->rom_map);
    e->ram = calloc(1, EMU_RAM_SIZE);
    e->sentinel_page = calloc(1, PAGE);
    if (!e->rom || !e->ram || !e->sentinel_page) {
        fail(e, EMU_ERR_UNICORN, 0, 0, "out of memory");
        return -1;
    }
    memcpy(e->rom, rom, rom_size);
    /* The sentinel page: ILLEGAL everywhere but where emu_run writes the
     * driver (never run per frame: uc_emu_start stops at the sentinel). */
    for (uint32_t i = 0; i < PAGE; i += 2) {
        e->sentinel_page[i] = 0x4A;
        e->sentinel_page[i + 1] = 0xFC;
    }
    if (log_forms) {
        e->form_of_opcode = calloc(0x10000, sizeof *e->form_of_opcode);
        if (!e->form_of_opcode) {
            fail(e, EMU_ERR_UNICORN, 0, 0, "out of memory");
            return -1;
        }
    }

    err = uc_open(UC_ARCH_M68K, UC_MODE_BIG_ENDIAN, &e->uc);
    if (err != UC_ERR_OK)
        return uc_failed(e, "uc_open", err);
    /* The 68000 model, before anything is mapped (the default is a
     * ColdFire, which faults in the player code).  Unicorn 2.0.1's model
     * table is out of step with its names: UC_CPU_M68K_M68000 selects a
     * 68020, so the value is found by probing (once per process). */
    if (cpu_model == CPU_MODEL_UNKNOWN)
        cpu_model = m68kfix_cpu_model();
    if (cpu_model < 0) {
        fail(e, EMU_ERR_UNICORN, 0, 0, "no Unicorn CPU model behaves like a 68000");
        return -1;
    }
    err = uc_ctl_set_cpu_model(e->uc, cpu_model);
    if (err != UC_ERR_OK)
        return uc_failed(e, "select the 68000 model", err);

    if (flags & EMU_PER_FRAME) {
        err = uc_mem_map_ptr(e->uc, base, e->rom_map, UC_PROT_READ | UC_PROT_EXEC,
                             e->rom);
        if (err != UC_ERR_OK)
            return uc_failed(e, "map ROM", err);
    } else if (map_rom_split(e) != 0) {
        return -1;
    }
    err = uc_mem_map_ptr(e->uc, EMU_SENTINEL, PAGE, UC_PROT_EXEC, e->sentinel_page);
    if (err != UC_ERR_OK)
        return uc_failed(e, "map sentinel page", err);
    err = uc_mem_map_ptr(e->uc, EMU_RAM_BASE, EMU_RAM_SIZE, UC_PROT_ALL, e->ram);
    if (err != UC_ERR_OK)
        return uc_failed(e, "map RAM", err);
    err = uc_mem_map_ptr(e->uc, EMU_RAM_MIRROR, EMU_RAM_SIZE, UC_PROT_ALL, e->ram);
    if (err != UC_ERR_OK)
        return uc_failed(e, "map RAM mirror", err);
    if (!(flags & EMU_PER_FRAME)) {
        /* Work RAM writes through the write-protection hook (see emu.h):
         * Unicorn 2.0.1 makes each write it performs itself look for
         * translated code to invalidate, which costs more than the rest of
         * the write. */
        err = uc_mem_protect(e->uc, EMU_RAM_BASE, EMU_RAM_SIZE, UC_PROT_READ);
        if (err == UC_ERR_OK)
            err = uc_mem_protect(e->uc, EMU_RAM_MIRROR, EMU_RAM_SIZE, UC_PROT_READ);
        if (err != UC_ERR_OK)
            return uc_failed(e, "write-protect RAM", err);
    }
    if (flags & EMU_SOUND_WINDOWS) {
        e->z80_ram = calloc(1, WINDOW_SIZE);
        if (!e->z80_ram) {
            fail(e, EMU_ERR_UNICORN, 0, 0, "out of memory");
            return -1;
        }
        err = uc_mmio_map(e->uc, Z80_BASE, WINDOW_SIZE, z80_ram_read, e,
                          z80_ram_write, e);
    } else {
        err = uc_mmio_map(e->uc, Z80_BASE, WINDOW_SIZE, z80_read, e, z80_write, e);
    }
    if (err != UC_ERR_OK)
        return uc_failed(e, "map Z80 window", err);
    if (flags & EMU_GATE_ARRAY)
        err = uc_mmio_map(e->uc, IO_BASE, WINDOW_SIZE, io_gate_read, e,
                          io_gate_write, e);
    else if (flags & EMU_SOUND_WINDOWS)
        err = uc_mmio_map(e->uc, IO_BASE, WINDOW_SIZE, io_quiet_read, e,
                          io_quiet_write, e);
    else
        err = uc_mmio_map(e->uc, IO_BASE, WINDOW_SIZE, io_read, e, io_write, e);
    if (err != UC_ERR_OK)
        return uc_failed(e, "map I/O window", err);
    err = uc_mmio_map(e->uc, VDP_BASE, WINDOW_SIZE, vdp_read, e, vdp_write, e);
    if (err != UC_ERR_OK)
        return uc_failed(e, "map VDP window", err);

    err = uc_hook_add(e->uc, &hh, UC_HOOK_MEM_UNMAPPED, (void *)hook_unmapped, e, 1, 0);
    if (err != UC_ERR_OK)
        return uc_failed(e, "hook unmapped accesses", err);
    err = uc_hook_add(e->uc, &hh, UC_HOOK_MEM_PROT, (void *)hook_prot, e, 1, 0);
    if (err != UC_ERR_OK)
        return uc_failed(e, "hook protected accesses", err);
    err = uc_hook_add(e->uc, &hh, UC_HOOK_INTR, (void *)hook_intr, e, 1, 0);
    if (err != UC_ERR_OK)
        return uc_failed(e, "hook exceptions", err);
    err = uc_hook_add(e->uc, &hh, UC_HOOK_INSN_INVALID, (void *)hook_insn_invalid, e, 1, 0);
    if (err != UC_ERR_OK)
        return uc_failed(e, "hook invalid instructions", err);
    if (flags & EMU_PER_FRAME) {
        err = uc_hook_add(e->uc, &hh, UC_HOOK_BLOCK, (void *)hook_block, e, 1, 0);
        if (err != UC_ERR_OK)
            return uc_failed(e, "hook blocks", err);
    } else if (hook_edges(e) != 0) {
        return -1;
    }
    if (log_forms) {
        err = uc_hook_add(e->uc, &hh, UC_HOOK_CODE, (void *)hook_code, e,
                          (uint64_t)code_begin, (uint64_t)code_end - 1);
        if (err != UC_ERR_OK)
            return uc_failed(e, "hook instructions", err);
    }
    /* The driver runs until a hook stops it: no exit address (uc_emu_start
     * ignores `until`; nothing is translated as an exit). */
    if (!(flags & EMU_PER_FRAME)) {
        err = uc_ctl_exits_enable(e->uc);
        if (err != UC_ERR_OK)
            return uc_failed(e, "disable exit addresses", err);
    }
    /* Correct the instructions Unicorn runs wrongly, wherever they are:
     * every candidate address of the code range, at once. */
    int fix_rc = m68kfix_install_stats(e->uc, code_begin, code_end - 1, &e->fix_stats);
    if (fix_rc != 0) {
        fail(e, EMU_ERR_UNICORN, 0, 0,
             "could not install the instruction corrections (m68kfix)");
        return -1;
    }
    return 0;
}

int emu_map_ram_alias(emu *e, uint32_t base)
{
    if ((base & 0x00FFFFFFu) != EMU_RAM_MIRROR || base == EMU_RAM_MIRROR ||
        base == EMU_RAM_BASE) {
        fail(e, EMU_ERR_UNICORN, 0, base, "bad RAM alias address");
        return -1;
    }
    /* as emu_open leaves the other two: written through the hook and not
     * executable on driver engines */
    uint32_t prot = (e->flags & EMU_PER_FRAME) ? UC_PROT_ALL : UC_PROT_READ;
    uc_err err = uc_mem_map_ptr(e->uc, base, EMU_RAM_SIZE, prot, e->ram);
    if (err != UC_ERR_OK)
        return uc_failed(e, "map RAM alias", err);
    return 0;
}

void emu_close(emu *e)
{
    watch_stop(e); /* before the engine it may stop goes */
    free(e->ram_at_run);
    e->ram_at_run = NULL;
    if (e->uc) {
        pthread_mutex_lock(&engine_lock);
        uc_close(e->uc);
        pthread_mutex_unlock(&engine_lock);
    }
    e->uc = NULL;
    free(e->rom);
    free(e->ram);
    free(e->sentinel_page);
    free(e->z80_ram);
    free(e->forms);
    free(e->form_of_opcode);
    e->rom = e->ram = e->sentinel_page = NULL;
    e->forms = NULL;
    e->form_of_opcode = NULL;
}

int emu_call(emu *e, uint32_t pc, uint32_t a0, uint32_t sp, uint64_t budget)
{
    static const int dregs[8] = {
        UC_M68K_REG_D0, UC_M68K_REG_D1, UC_M68K_REG_D2, UC_M68K_REG_D3,
        UC_M68K_REG_D4, UC_M68K_REG_D5, UC_M68K_REG_D6, UC_M68K_REG_D7
    };
    static const int aregs[7] = {
        UC_M68K_REG_A0, UC_M68K_REG_A1, UC_M68K_REG_A2, UC_M68K_REG_A3,
        UC_M68K_REG_A4, UC_M68K_REG_A5, UC_M68K_REG_A6
    };
    uint32_t zero = 0, sr = 0x2700;
    uc_err err;

    memset(&e->err, 0, sizeof e->err);
    if (!(e->flags & EMU_PER_FRAME)) {
        fail(e, EMU_ERR_UNICORN, 0, 0, "emu_call needs an engine opened with EMU_PER_FRAME");
        return -1;
    }
    for (int i = 0; i < 8; i++)
        uc_reg_write(e->uc, dregs[i], &zero);
    for (int i = 0; i < 7; i++)
        uc_reg_write(e->uc, aregs[i], &zero);
    uc_reg_write(e->uc, UC_M68K_REG_A0, &a0);
    /* SR first: A7 is banked by the supervisor bit. */
    uc_reg_write(e->uc, UC_M68K_REG_SR, &sr);
    sp -= 4;
    emu_w32(e, sp, EMU_SENTINEL);
    uc_reg_write(e->uc, UC_M68K_REG_A7, &sp);
    uc_reg_write(e->uc, UC_M68K_REG_PC, &pc);

    e->budget = budget;
    e->words_run = 0;
    err = uc_emu_start(e->uc, pc, EMU_SENTINEL, 0, 0);
    uint32_t end_pc = reg32(e->uc, UC_M68K_REG_PC);
    if (e->err.status != EMU_OK)
        return -1;
    if (err != UC_ERR_OK) {
        char what[160];
        snprintf(what, sizeof what, "Unicorn: %s", uc_strerror(err));
        fail(e, EMU_ERR_UNICORN, end_pc, 0, what);
        return -1;
    }
    if (end_pc != EMU_SENTINEL) {
        fail(e, EMU_ERR_UNICORN, end_pc, 0, "emulation stopped before the routine returned");
        return -1;
    }
    uint32_t end_sp = reg32(e->uc, UC_M68K_REG_A7);
    if (end_sp != sp + 4) {
        char what[160];
        snprintf(what, sizeof what,
                 "returned with the stack pointer at $%08X instead of $%08X",
                 (unsigned)end_sp, (unsigned)(sp + 4));
        fail(e, EMU_ERR_STACK, end_pc, 0, what);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------------ */
/* The frame driver                                                          */
/* ------------------------------------------------------------------------ */

/*
 * The driver, hand-encoded (no assembler needed to build), at EMU_SENTINEL.
 * It gives the routine exactly the state emu_call gives it: D0-D7 and
 * A1-A6 zero, A0 set, SR $2700 (flags clear, set last: moveq and pea set
 * flags), the stack pointer at sp - 4 holding the sentinel address.  The
 * routine's rts returns to the driver's first word, which starts the next
 * frame.  Its forms are all plain ones Unicorn runs correctly (none of
 * m68kfix's; see docs/emulator-audit.md).  Words marked with a slot are
 * filled in by emu_driver_code().
 */
enum { SLOT_A0 = 0x1E / 2, SLOT_SP = 0x24 / 2, SLOT_PC = 0x34 / 2 };
static const uint16_t driver_template[EMU_DRIVER_WORDS] = {
    0x7000,                 /* $00 moveq #0,d0 */
    0x7200,                 /* $02 moveq #0,d1 */
    0x7400,                 /* $04 moveq #0,d2 */
    0x7600,                 /* $06 moveq #0,d3 */
    0x7800,                 /* $08 moveq #0,d4 */
    0x7A00,                 /* $0A moveq #0,d5 */
    0x7C00,                 /* $0C moveq #0,d6 */
    0x7E00,                 /* $0E moveq #0,d7 */
    0x93C9,                 /* $10 suba.l a1,a1 */
    0x95CA,                 /* $12 suba.l a2,a2 */
    0x97CB,                 /* $14 suba.l a3,a3 */
    0x99CC,                 /* $16 suba.l a4,a4 */
    0x9BCD,                 /* $18 suba.l a5,a5 */
    0x9DCE,                 /* $1A suba.l a6,a6 */
    0x207C, 0, 0,           /* $1C movea.l #a0,a0           (slot $1E) */
    0x2E7C, 0, 0,           /* $22 movea.l #sp,a7           (slot $24) */
    0x4879, 0x0080, 0x0000, /* $28 pea ($00800000).l: the return address */
    0x46FC, 0x2700,         /* $2E move.w #$2700,sr (ends the block) */
    0x4EF9, 0, 0,           /* $32 jmp (pc).l: EMU_DRIVER_JMP (slot $34) */
};
_Static_assert(EMU_SENTINEL == 0x00800000u, "the pea above pushes $00800000");
_Static_assert(EMU_DRIVER_JMP - EMU_SENTINEL == 0x32u, "EMU_DRIVER_JMP");

void emu_driver_code(uint16_t *w, uint32_t pc, uint32_t a0, uint32_t sp)
{
    memcpy(w, driver_template, sizeof driver_template);
    w[SLOT_A0] = (uint16_t)(a0 >> 16);
    w[SLOT_A0 + 1] = (uint16_t)a0;
    w[SLOT_SP] = (uint16_t)(sp >> 16);
    w[SLOT_SP + 1] = (uint16_t)sp;
    w[SLOT_PC] = (uint16_t)(pc >> 16);
    w[SLOT_PC + 1] = (uint16_t)pc;
}

/* Put the driver for (pc, a0, sp) into the sentinel page, unless it is
 * there already; drop Unicorn's translation of an older one. */
static int driver_load(emu *e, uint32_t pc, uint32_t a0, uint32_t sp)
{
    uint16_t w[EMU_DRIVER_WORDS];
    if (e->drv_loaded && e->drv_pc == pc && e->drv_a0 == a0 && e->drv_sp == sp)
        return 0;
    emu_driver_code(w, pc, a0, sp);
    for (size_t i = 0; i < EMU_DRIVER_WORDS; i++) {
        e->sentinel_page[2 * i] = (uint8_t)(w[i] >> 8);
        e->sentinel_page[2 * i + 1] = (uint8_t)w[i];
    }
    uc_err err = uc_ctl_remove_cache(e->uc, EMU_SENTINEL, EMU_SENTINEL + PAGE);
    if (err != UC_ERR_OK)
        return uc_failed(e, "flush the driver's translation", err);
    e->drv_loaded = 1;
    e->drv_pc = pc;
    e->drv_a0 = a0;
    e->drv_sp = sp;
    return 0;
}

/* The driver's first block is about to run: the previous frame (if any)
 * has returned; start the next one or stop. */
static void driver_frame(uc_engine *uc, emu *e)
{
    const emu_frames *r = e->run;
    if (e->frame > 0) {
        uint32_t end_sp = reg32(uc, UC_M68K_REG_A7);
        if (end_sp != e->drv_sp) {
            char what[160];
            snprintf(what, sizeof what,
                     "returned with the stack pointer at $%08X instead of $%08X",
                     (unsigned)end_sp, (unsigned)e->drv_sp);
            fail(e, EMU_ERR_STACK, EMU_SENTINEL, 0, what);
            uc_emu_stop(uc);
            return;
        }
        if (r->after)
            r->after(r->user, e->frame);
    }
    if (e->frame >= r->count) {
        e->run_done = 1;
        uc_emu_stop(uc); /* before the block runs */
        return;
    }
    e->frame++;
    e->frames_started++;
    if (e->watch)
        atomic_store_explicit(&e->watch->progress, e->frames_started,
                              memory_order_relaxed);
    if (r->before)
        r->before(r->user, e->frame);
    e->words_run = 0;
    e->drv_jmp_due = 1;
}

/* Count the budget on a driver engine (on = 1) or stop counting: a block
 * hook over the code range, and Unicorn's translations of the range dropped
 * so that every block is translated again with (or without) its call. */
static int counting(emu *e, int on)
{
    uc_err err = UC_ERR_OK;
    if (on == e->counting)
        return 0;
    if (on)
        err = uc_hook_add(e->uc, &e->count_hook, UC_HOOK_BLOCK, (void *)hook_block, e,
                          (uint64_t)e->code_begin, (uint64_t)e->code_end - 1);
    else
        err = uc_hook_del(e->uc, e->count_hook);
    if (err == UC_ERR_OK)
        err = uc_ctl_remove_cache(e->uc, e->code_begin, e->code_end);
    if (err != UC_ERR_OK) {
        if (e->err.status == EMU_OK)
            return uc_failed(e, on ? "count the budget" : "stop counting the budget", err);
        return -1;
    }
    e->counting = on;
    return 0;
}

/* One uc_emu_start over every frame on a driver engine.  Returns 0 when
 * every frame returned, 1 when the watchdog stopped the run (not counting),
 * -1 on an error (in e->err). */
static int drive(emu *e, const emu_frames *frames)
{
    struct emu_watch *w = e->watch;
    e->frame = 0;
    e->words_run = 0;
    /* The driver writes every register the routine sees but SR's system
     * byte, which it keeps: supervisor mode from the start. */
    uint32_t sr = 0x2700;
    uc_reg_write(e->uc, UC_M68K_REG_SR, &sr);
    e->drv_jmp_due = 0;
    e->run_done = 0;
    e->run = frames;
    atomic_store(&w->fired, 0);
    if (!e->counting && pthread_getcpuclockid(pthread_self(), &w->clock) == 0)
        atomic_store(&w->running, 1);
    uc_err err = uc_emu_start(e->uc, EMU_SENTINEL, 0, 0, 0);
    atomic_store(&w->running, 0);
    e->run = NULL;
    e->drv_jmp_due = 0;
    uint32_t end_pc = reg32(e->uc, UC_M68K_REG_PC);
    if (e->err.status != EMU_OK)
        return -1;
    if (err != UC_ERR_OK) {
        char what[160];
        snprintf(what, sizeof what, "Unicorn: %s", uc_strerror(err));
        fail(e, EMU_ERR_UNICORN, end_pc, 0, what);
        return -1;
    }
    if (e->run_done)
        return 0;
    if (!e->counting && atomic_load(&w->fired))
        return 1;
    fail(e, EMU_ERR_UNICORN, end_pc, 0, "emulation stopped before the routine returned");
    return -1;
}

int emu_run(emu *e, uint32_t pc, uint32_t a0, uint32_t sp, uint64_t budget,
            const emu_frames *frames)
{
    memset(&e->err, 0, sizeof e->err);
    e->frame = 0;
    e->budget = budget;
    e->words_run = 0;
    if (e->flags & EMU_PER_FRAME) {
        for (int f = 1; f <= frames->count; f++) {
            e->frame = f;
            if (frames->before)
                frames->before(frames->user, f);
            if (emu_call(e, pc, a0, sp, budget) != 0)
                return -1;
            if (frames->after)
                frames->after(frames->user, f);
        }
        return 0;
    }
    if (driver_load(e, pc, a0, sp) != 0)
        return -1;
    if (!e->watch && watch_start(e) != 0)
        return -1;
    if (!e->ram_at_run && !(e->ram_at_run = malloc(EMU_RAM_SIZE))) {
        fail(e, EMU_ERR_UNICORN, 0, 0, "out of memory");
        return -1;
    }
    memcpy(e->ram_at_run, e->ram, EMU_RAM_SIZE);
    int rc = drive(e, frames);
    if (rc == 1) {
        /* the watchdog stopped a frame that ran too long: again, counting */
        memcpy(e->ram, e->ram_at_run, EMU_RAM_SIZE);
        memset(&e->err, 0, sizeof e->err);
        if (counting(e, 1) != 0)
            return -1;
        rc = drive(e, frames);
        if (counting(e, 0) != 0)
            return -1;
    }
    return rc == 0 ? 0 : -1;
}

void emu_clear_ram(emu *e)
{
    memset(e->ram, 0, EMU_RAM_SIZE);
    if (e->z80_ram)
        memset(e->z80_ram, 0, WINDOW_SIZE);
    memset(e->gate_cmd, 0, sizeof e->gate_cmd);
}

static size_t ram_off(uint32_t addr)
{
    return (size_t)(addr & 0xFFFFu);
}

uint8_t emu_r8(const emu *e, uint32_t addr)
{
    return e->ram[ram_off(addr)];
}

uint16_t emu_r16(const emu *e, uint32_t addr)
{
    return (uint16_t)(emu_r8(e, addr) << 8 | emu_r8(e, addr + 1));
}

uint32_t emu_r32(const emu *e, uint32_t addr)
{
    return (uint32_t)emu_r16(e, addr) << 16 | emu_r16(e, addr + 2);
}

void emu_w8(emu *e, uint32_t addr, uint8_t v)
{
    e->ram[ram_off(addr)] = v;
}

void emu_w16(emu *e, uint32_t addr, uint16_t v)
{
    emu_w8(e, addr, (uint8_t)(v >> 8));
    emu_w8(e, addr + 1, (uint8_t)v);
}

void emu_w32(emu *e, uint32_t addr, uint32_t v)
{
    emu_w16(e, addr, (uint16_t)(v >> 16));
    emu_w16(e, addr + 2, (uint16_t)v);
}

void emu_fill(emu *e, uint32_t addr, uint8_t v, uint32_t len)
{
    while (len > 0) {
        size_t off = ram_off(addr);
        size_t n = EMU_RAM_SIZE - off < len ? EMU_RAM_SIZE - off : len;
        memset(e->ram + off, v, n);
        addr += (uint32_t)n;
        len -= (uint32_t)n;
    }
}

uint8_t emu_rom_r8(const emu *e, uint32_t addr)
{
    uint32_t at = addr - e->rom_base;
    return addr >= e->rom_base && at < e->rom_map ? e->rom[at] : 0;
}

uint16_t emu_rom_r16(const emu *e, uint32_t addr)
{
    return (uint16_t)(emu_rom_r8(e, addr) << 8 | emu_rom_r8(e, addr + 1));
}

void emu_rom_w8(emu *e, uint32_t addr, uint8_t v)
{
    uint32_t at = addr - e->rom_base;
    if (addr >= e->rom_base && at < e->rom_map)
        e->rom[at] = v;
}

void emu_rom_write(emu *e, uint32_t addr, const uint8_t *bytes, uint32_t len)
{
    uint32_t at = addr - e->rom_base;
    if (addr >= e->rom_base && at < e->rom_map && len <= e->rom_map - at)
        memcpy(e->rom + at, bytes, len);
}
