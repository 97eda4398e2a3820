/*
 * emu.h - a 68000 under Unicorn, laid out like the Mega Drive's memory map
 * as far as the player code can see it, with every stray access caught.
 *
 *   $000000-...     the ROM image (a private copy: the capture patches the
 *                   collision tables in it); read and execute only
 *   $800000         a 4 KiB execute-only page holding the sentinel return
 *                   address
 *   $A00000         Z80 window   } mapped as I/O that stops the run with an
 *   $A10000         I/O window   } error naming the window on any access
 *   $C00000         VDP window   }
 *   $00FF0000 and   64 KiB work RAM, one host buffer mapped twice
 *   $FFFF0000       (absolute short addresses sign-extend to $FFFFxxxx)
 *
 * A run starts at a routine with A0 set and a sentinel return address on
 * the stack, and ends when the routine returns to the sentinel.  Anything
 * else (an access outside the map, a write to ROM, a CPU exception,
 * execution leaving the code range, the instruction budget running out)
 * stops it with an error describing where.
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

typedef struct emu {
    uc_engine *uc;
    uint8_t *rom;           /* private copy, rom_map bytes (zero padded) */
    uint32_t rom_size;      /* image size */
    uint32_t rom_map;       /* mapped size (4 KiB multiple) */
    uint8_t *ram;           /* EMU_RAM_SIZE bytes */
    uint8_t *sentinel_page;
    uint32_t code_begin, code_end;
    emu_error err;
    /* instruction-form log (NULL when not logging) */
    emu_form *forms;
    size_t form_count, form_cap;
    int forms_failed;       /* out of memory while logging */
    uint32_t *form_of_opcode; /* opcode word -> form index + 1 (0: not yet) */
    uint64_t insn_count;    /* instructions run, counted when logging */
    struct m68kfix_stats fix_stats; /* instructions hooked / corrected */
    uint64_t budget;        /* instruction words one call may run */
    uint64_t words_run;     /* instruction words run by this call */
} emu;

/*
 * Set up the machine: copy the ROM image, map everything, install the
 * correction of Unicorn's wrong instructions over [code_begin, code_end)
 * and the error hooks; with log_forms, also a hook that records every
 * instruction form run.  Returns 0, or -1 with a message in e->err.what
 * (call emu_close either way).
 */
int emu_open(emu *e, const uint8_t *rom, uint32_t rom_size,
             uint32_t code_begin, uint32_t code_end, int log_forms);
void emu_close(emu *e);

/*
 * Map the work RAM once more at `base` (64 KiB aligned, bits 16-23 = $FF):
 * the 68000's address bus has 24 bits, so a pointer carrying a tag in its
 * top byte still reaches RAM on the real machine.  The special stage's
 * glass block stores such pointers.  Returns 0, or -1 with e->err filled.
 */
int emu_map_ram_alias(emu *e, uint32_t base);

/*
 * Call the routine at `pc` with A0 = a0 and the stack pointer at sp (the
 * sentinel return address is pushed below it; the other data and address
 * registers start at 0).  Runs at most `budget` instruction words (so at
 * most that many instructions; counted per translation block).  Returns 0
 * when the routine returned to the sentinel, else -1 with e->err filled.
 */
int emu_call(emu *e, uint32_t pc, uint32_t a0, uint32_t sp, uint64_t budget);

/* Work RAM by 68000 address ($FFFFxxxx or $00FFxxxx); big-endian. */
uint8_t emu_r8(const emu *e, uint32_t addr);
uint16_t emu_r16(const emu *e, uint32_t addr);
uint32_t emu_r32(const emu *e, uint32_t addr);
void emu_w8(emu *e, uint32_t addr, uint8_t v);
void emu_w16(emu *e, uint32_t addr, uint16_t v);
void emu_w32(emu *e, uint32_t addr, uint32_t v);

/* The private ROM copy: bytes at ROM addresses (must be inside the image). */
uint8_t emu_rom_r8(const emu *e, uint32_t addr);
uint16_t emu_rom_r16(const emu *e, uint32_t addr);
void emu_rom_w8(emu *e, uint32_t addr, uint8_t v);

#endif /* SPGSIM_CAPTURE_EMU_H */
