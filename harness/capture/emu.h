/*
 * emu.h - a 68000 under Unicorn, laid out like the Mega Drive's memory map
 * as far as the player code can see it, with every stray access caught.
 *
 *   $000000-...     the ROM image (a private copy: the capture patches the
 *                   collision tables in it); read only, and executable
 *                   only on the pages the code range touches (per
 *                   frame: executable throughout).  emu_open_at loads it
 *                   elsewhere: Sonic CD's level program at $200000 (the
 *                   Mega-CD's Word RAM), with nothing mapped below
 *   $800000         a 4 KiB execute-only page: the sentinel return address
 *                   $800000 and the frame driver starting there (below)
 *   $A00000         Z80 window   } mapped as I/O that stops the run with an
 *   $A10000         I/O window   } error naming the window on any access
 *   $C00000         VDP window   } (but see EMU_SOUND_WINDOWS and
 *                                }  EMU_GATE_ARRAY)
 *   $00FF0000 and   64 KiB work RAM, one host buffer mapped twice
 *   $FFFF0000       (absolute short addresses sign-extend to $FFFFxxxx),
 *                   and at $xxFF0000 aliases (emu_map_ram_alias);
 *                   on driver engines read-only (not executable) to Unicorn, and
 *                   every write the code makes is done by the
 *                   write-protection hook into the buffer (Unicorn 2.0.1's
 *                   own writes search for translated code to invalidate,
 *                   four times the cost)
 *
 * A routine is called with A0 set and the sentinel return address $800000
 * on the stack, D0-D7 and A1-A6 zero and SR $2700, and a frame ends when it
 * returns to the sentinel.  Two ways to run frames, chosen when the engine
 * is opened:
 *
 *   - the frame driver (default, emu_run): 68000 code of our own at the
 *     sentinel address sets that state, calls the routine and, when the
 *     routine returns to it, loops: every frame of a scenario runs in one
 *     uc_emu_start.  A block hook on the driver's first block marks the
 *     frame boundary: it checks the stack and lets the caller read the
 *     frame's result and write the next frame's inputs (host memory).  No
 *     hook runs on the code's own blocks: leaving the code range faults
 *     (non-executable pages; block hooks only on the bytes of the code's
 *     first and last pages outside it), and the instruction budget is
 *     counted only when a watchdog finds a frame running long (emu_run);
 *   - per frame (EMU_PER_FRAME, emu_call): the registers are written from C
 *     and uc_emu_start runs until the sentinel address, once per frame; the
 *     engine is the original one in every way (Unicorn writes RAM itself,
 *     every correction is installed at open), kept for comparisons.
 *
 * Anything else (an access outside the map, a write to ROM, a CPU
 * exception, execution leaving the code range, the instruction budget of a
 * frame running out, returning with the stack unbalanced) stops the run
 * with an error describing where.
 */
#ifndef SPGSIM_CAPTURE_EMU_H
#define SPGSIM_CAPTURE_EMU_H

#include <stddef.h>
#include <stdint.h>

#include <unicorn/unicorn.h>

#include "capture/m68kfix.h"

#define EMU_RAM_SIZE 0x10000u
#define EMU_RAM_BASE 0xFFFF0000u
#define EMU_RAM_MIRROR 0x00FF0000u
#define EMU_SENTINEL 0x00800000u

/* emu_open flags */
#define EMU_LOG_FORMS 1u   /* record every instruction form run */
#define EMU_PER_FRAME 2u   /* run frames with emu_call, not the driver */
/* Answer the sound driver's accesses instead of stopping (Sonic 3's
 * Play_SFX / Play_Music stop the Z80 and write its RAM): the Z80 window
 * $A00000-$A0FFFF is 64 KiB of plain memory (zero at open and after
 * emu_clear_ram), the I/O window $A10000-$A1FFFF reads 0 (so the Z80 bus
 * request at $A11100 reads "granted") and ignores writes.  The VDP window
 * still stops the run. */
#define EMU_SOUND_WINDOWS 4u
/* Answer the Mega-CD gate array's communication registers (Sonic CD's
 * SubCPUCmd writes a command word to GACOMCMD0 $A12010 and polls
 * GACOMSTAT0 $A12020 until the Sub CPU echoes it, then clears the command
 * and polls for 0): in the I/O window, a status word $A12020 + n reads back
 * the command word $A12010 + n last written (zero at open and after
 * emu_clear_ram); the rest of the window reads 0 and ignores writes.
 * Independent of EMU_SOUND_WINDOWS, which still decides the Z80 window. */
#define EMU_GATE_ARRAY 8u

/* The frame driver: hand-encoded 68000 words at EMU_SENTINEL (emu.c lists
 * them).  Its first block ends with move #$2700,sr (which ends a
 * translation block); the second, at EMU_DRIVER_JMP, is the jump to the
 * routine.  Both are outside the code range; no other address of the page
 * may run. */
#define EMU_DRIVER_JMP (EMU_SENTINEL + 0x32u)
#define EMU_DRIVER_WORDS 28u

/* A driver engine's frame that has run this much CPU time without
 * returning makes emu_run count the budget (see emu_run). */
#define EMU_WATCH_NS 100000000ull

typedef enum emu_status {
    EMU_OK = 0,
    EMU_ERR_UNMAPPED,   /* access to an address nothing is mapped at */
    EMU_ERR_PROTECTED,  /* write to ROM, data access to the sentinel page */
    EMU_ERR_HARDWARE,   /* access to the Z80, I/O or VDP window */
    EMU_ERR_EXCEPTION,  /* CPU exception: illegal instruction, trap, ... */
    EMU_ERR_OUTSIDE,    /* execution outside the code range */
    EMU_ERR_BUDGET,     /* no return within the instruction budget */
    EMU_ERR_STACK,      /* reached the sentinel without popping it */
    EMU_ERR_UNICORN     /* Unicorn itself failed */
} emu_status;

typedef struct emu_error {
    emu_status status;
    uint32_t pc;        /* where it happened */
    uint32_t addr;      /* the address accessed (memory errors) */
    char what[160];     /* human-readable description */
} emu_error;

/* One distinct instruction form and how often it ran. */
typedef struct emu_form {
    char name[64];
    uint64_t count;
} emu_form;

/* What emu_run does around each frame (1-based): `before` writes the
 * frame's inputs, `after` reads its result; both run inside the emulation
 * (from a hook), may read and write RAM with emu_r8/emu_w8..., and must not
 * call Unicorn. */
typedef struct emu_frames {
    int count;
    void (*before)(void *user, int frame);
    void (*after)(void *user, int frame);
    void *user;
} emu_frames;

typedef struct emu {
    uc_engine *uc;
    uint8_t *rom;           /* private copy, rom_map bytes (zero padded) */
    uint32_t rom_size;      /* image size */
    uint32_t rom_map;       /* mapped size (4 KiB multiple) */
    uint8_t *ram;           /* EMU_RAM_SIZE bytes */
    uint8_t *sentinel_page;
    uint8_t *z80_ram;       /* EMU_SOUND_WINDOWS: the Z80 window's bytes */
    uint8_t gate_cmd[16];   /* EMU_GATE_ARRAY: GACOMCMD0..7 as written */
    uint32_t rom_base;      /* the image's load address (emu_open_at) */
    uint32_t code_begin, code_end;
    emu_error err;
    /* instruction-form log (NULL when not logging) */
    emu_form *forms;
    size_t form_count, form_cap;
    int forms_failed;       /* out of memory while logging */
    uint32_t *form_of_opcode; /* opcode word -> form index + 1 (0: not yet) */
    uint64_t insn_count;    /* instructions run, counted when logging */
    struct m68kfix_stats fix_stats; /* instructions hooked / corrected */
    uint64_t budget;        /* instruction words one frame may run */
    uint64_t words_run;     /* instruction words run by this frame */
    unsigned flags;         /* EMU_LOG_FORMS, EMU_PER_FRAME */
    /* the frame driver */
    int drv_loaded;         /* the driver code is in the sentinel page */
    uint32_t drv_pc, drv_a0, drv_sp; /* the routine, A0 and stack it holds
                                        (drv_sp: as a frame must leave it) */
    const emu_frames *run;  /* the emu_run under way */
    int frame;              /* frame being run (1-based), 0 before any */
    int drv_jmp_due;        /* the driver's second block may run next */
    int run_done;           /* the last frame returned */
    /* runaway frames on driver engines (see emu_run) */
    struct emu_watch *watch; /* the watchdog thread, started by emu_run */
    uint8_t *ram_at_run;    /* the RAM as emu_run found it (for a replay) */
    int counting;           /* the budget hook is on (a replay) */
    uc_hook count_hook;
    unsigned long frames_started;
} emu;

/*
 * Set up the machine: copy the ROM image, map everything, install the
 * correction of Unicorn's wrong instructions over [code_begin, code_end)
 * and the error hooks; with EMU_LOG_FORMS in flags, also a hook that
 * records every instruction form run; with EMU_PER_FRAME, the engine runs
 * frames with emu_call instead of the driver.  Returns 0, or -1 with a
 * message in e->err.what (call emu_close either way).
 */
int emu_open(emu *e, const uint8_t *rom, uint32_t rom_size,
             uint32_t code_begin, uint32_t code_end, unsigned flags);

/* The same with the image loaded at `base` (a multiple of 4 KiB; the image
 * must end below the sentinel page at $800000): its byte i at base + i,
 * nothing mapped in [0, base).  Every ROM address (code_begin, code_end,
 * emu_rom_*) is then an address of the 68000's, not an offset into the
 * image.  emu_open is emu_open_at with base 0. */
int emu_open_at(emu *e, const uint8_t *rom, uint32_t rom_size, uint32_t base,
                uint32_t code_begin, uint32_t code_end, unsigned flags);
void emu_close(emu *e);

/*
 * Map the work RAM once more at `base` (64 KiB aligned, bits 16-23 = $FF,
 * not $00FF0000 or $FFFF0000): the 68000's address bus has 24 bits, so a
 * pointer carrying a tag in its top byte still reaches RAM on the real
 * machine.  The special stage's glass block stores such pointers.  The
 * alias is protected like the other two mappings (on driver engines its
 * writes go through the write-protection hook too).  Returns 0, or -1
 * with e->err filled.
 */
int emu_map_ram_alias(emu *e, uint32_t base);

/*
 * Run frames->count frames of the routine at `pc`: before each,
 * frames->before; then the routine is entered with A0 = a0, D0-D7 and
 * A1-A6 zero, SR $2700 and the sentinel return address pushed below sp;
 * when it has returned with the stack balanced, frames->after.  A frame may
 * run at most `budget` instruction words (so at most that many
 * instructions; counted per translation block).  Returns 0 when every
 * frame returned, else -1 with e->err filled and e->frame the frame that
 * failed.  Both engine kinds (the driver, or emu_call per frame).
 *
 * On a driver engine the budget is not counted while frames return: a
 * watchdog thread samples the CPU time of the thread running emu_run, and
 * when one frame has run EMU_WATCH_NS of it without returning, the run
 * is stopped and run again from its first frame with every block of the
 * code range counted (RAM as emu_run found it; `before` and `after` are
 * called again for the frames already run), which fails exactly where,
 * and with the error, the per-frame way does.  (So a frame that runs more
 * than `budget` words but returns within EMU_WATCH_NS is no error on a
 * driver engine; the player routine runs about 1,500 words a frame.)
 */
int emu_run(emu *e, uint32_t pc, uint32_t a0, uint32_t sp, uint64_t budget,
            const emu_frames *frames);

/*
 * One frame on an EMU_PER_FRAME engine: call the routine at `pc` with
 * A0 = a0 and the stack pointer at sp (the sentinel return address is
 * pushed below it; the other data and address registers start at 0).
 * Returns 0 when the routine returned to the sentinel, else -1 with e->err
 * filled.
 */
int emu_call(emu *e, uint32_t pc, uint32_t a0, uint32_t sp, uint64_t budget);

/* The driver's code for a routine at pc, A0 = a0, stack at sp:
 * EMU_DRIVER_WORDS words (for tests; emu_run writes it itself). */
void emu_driver_code(uint16_t *words, uint32_t pc, uint32_t a0, uint32_t sp);

/* Zero the work RAM (as emu_open leaves it), with EMU_SOUND_WINDOWS the Z80
 * window's memory, and the gate array's command words. */
void emu_clear_ram(emu *e);

/* Work RAM by 68000 address ($FFFFxxxx or $00FFxxxx); big-endian. */
uint8_t emu_r8(const emu *e, uint32_t addr);
uint16_t emu_r16(const emu *e, uint32_t addr);
uint32_t emu_r32(const emu *e, uint32_t addr);
void emu_w8(emu *e, uint32_t addr, uint8_t v);
void emu_w16(emu *e, uint32_t addr, uint16_t v);
void emu_w32(emu *e, uint32_t addr, uint32_t v);
/* len bytes from addr set to v (wrapping within the 64 KiB). */
void emu_fill(emu *e, uint32_t addr, uint8_t v, uint32_t len);

/* The private ROM copy: bytes at ROM addresses, the 68000's (load address
 * included; must be inside the image). */
uint8_t emu_rom_r8(const emu *e, uint32_t addr);
uint16_t emu_rom_r16(const emu *e, uint32_t addr);
void emu_rom_w8(emu *e, uint32_t addr, uint8_t v);
/* Copy len bytes to ROM addresses [addr, addr + len) (inside the image). */
void emu_rom_write(emu *e, uint32_t addr, const uint8_t *bytes, uint32_t len);

#endif /* SPGSIM_CAPTURE_EMU_H */
