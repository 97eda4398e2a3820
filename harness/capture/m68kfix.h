/*
 * m68kfix.h - correct the 68000 instructions Unicorn 2.0.1 gets wrong.
 *
 * Unicorn 2.0.1 (QEMU 5's m68k target) runs some 68000 instruction forms
 * wrongly.  docs/emulator-audit.md checks every form the Sonic 1 player
 * code executes (and the rest of the SingleStepTests/m68000 suite) and
 * lists them.  Corrected here, on both of QEMU's 68000 and 68020 models:
 *
 *   ASR.w <ea>  memory form, modes (An)+, (d16, An), (xxx).w, (xxx).l:
 *               runs as lsr.w (bit 15 of the result cleared, N wrong).
 *   LSR.w <ea>  memory form, modes (An), -(An), (d8, An, Xn):
 *               runs as asr.w (bit 15 kept, N wrong).
 *   ASL.w <ea>  memory form, every mode: V is always left clear (the 68000
 *               sets V when bit 15 changes, i.e. bit 15 != bit 14 before).
 *               (QEMU's shift_mem takes opcode bit 3, the low bit of the
 *               mode field, as its "logical shift" flag instead of bit 9.)
 *   DIVU.w, DIVS.w <ea>, every mode: on overflow N is left clear; the 68000
 *               (as the suite measures it) sets N=1, Z=0, V=1, C=0, keeps X
 *               and leaves Dn alone.  Other cases are right and left to
 *               Unicorn, divide by zero included.
 *
 * How.  A UC_HOOK_CODE hook on each such instruction reads the opcode again
 * (it does nothing if the word there is not a corrected form), computes the
 * effective address as the 68000 does (An; (An)+ / -(An) by 2; d16(An);
 * d8(An, Xn) with a word or long index, bits 8-10 of the extension word
 * ignored; (xxx).w sign-extended; (xxx).l; d16(PC) and d8(PC, Xn) from the
 * extension word's address; #imm), reads and writes memory with
 * uc_mem_read / uc_mem_write, updates An for (An)+ / -(An), sets the
 * condition codes, and writes PC = the next instruction.  Writing PC from a
 * code hook makes Unicorn 2 (m68k reg_write: quit_request + uc_emu_stop)
 * leave the translation block before the instruction runs and resume at
 * the new PC: the wrong instruction is skipped.  If memory cannot be read
 * or written the hook changes nothing and Unicorn runs (and faults on) the
 * instruction.  Addresses are not wrapped to 24 bits (as in Unicorn) and
 * odd addresses raise no address error (Unicorn has none).  The memory
 * accesses of a corrected instruction go through uc_mem_read/uc_mem_write,
 * so UC_HOOK_MEM_* hooks do not see them.
 *
 * SR and the condition codes.  uc_reg_read(UC_M68K_REG_SR) returns QEMU's
 * env->sr, which holds only the system byte (T, S, interrupt mask): the
 * condition codes live in separate, lazily evaluated fields and read as 0.
 * uc_reg_write(UC_M68K_REG_SR) is correct (cpu_m68k_set_sr sets the system
 * byte and all five flags).  The hooks read SR only for its system byte and
 * write system byte | new CCR.  The shifts set all five flags.  divu/divs
 * must keep X: it is read from QEMU's cc_x word (always 0/1) inside a
 * uc_context_save() image, at an offset found at install time by
 * calibration (save with X = 0 and 1, other flags varied, and require
 * exactly one word to follow); if calibration fails, divu/divs are left
 * uncorrected.  From outside emulation, read the full SR with
 * m68kfix_read_sr(), which executes "move.w sr,d0" (audited correct).
 *
 * Cost.  m68kfix_install() pre-scans [begin, end] once (every even address,
 * so no disassembly is needed and nothing is missed) and hooks only the
 * addresses whose word decodes as a corrected form; every other instruction
 * runs at full speed (Unicorn emits the hook call only for instructions
 * inside a hook's range).  The code must be in memory before the call and
 * must not change afterwards.  Sonic 1's code range $000206-$021CF3 gives
 * 218 hooked addresses; the player routine runs 3-4% slower (109,700
 * instead of 114,400 frames/s on the audit's machine).  Caveat: when another
 * UC_HOOK_CODE covers every instruction (uc_emu_start with a count, or a
 * tracing hook), Unicorn walks all code hooks for each instruction, so
 * many hooked addresses then cost more: keep [begin, end] to the code.
 * m68kfix_install_dynamic() instead hooks every instruction in the range
 * and decodes at run time (for code that changes, e.g. the audit's
 * single-instruction tests); it is about 3.5 times slower.  Both flush
 * Unicorn's translation cache for the range, so they may be called after
 * code has run.
 *
 * Not corrected (the Sonic 1 player code executes none of these cases;
 * see the audit): Bcc.s/BSR.s with displacement $FF, brief extension words
 * with bit 8 set and static bit instructions whose bit number word has bits
 * 8-15 set (Unicorn raises an exception; never assembled), movem with the
 * address register in its own list (68020 model only), BCD arithmetic
 * flags, addx/subx.b -(A7) stepping A7 by 1, jsr (A7), unlk A7, chk flags,
 * SR bits that do not exist on the 68000, rte/rtr/stop/trapv, address
 * errors and exception stack frames.
 */
#ifndef SPGSIM_M68KFIX_H
#define SPGSIM_M68KFIX_H

#include <stdint.h>
#include <unicorn/unicorn.h>

/* Counts kept by a hook when a stats block is given (owned by the caller,
 * must outlive the engine). */
struct m68kfix_stats {
    unsigned long hooked;     /* addresses hooked by the pre-scan */
    unsigned long corrected;  /* instructions executed by the fix */
};

/* Nonzero if `opcode` is one of the forms corrected here. */
int m68kfix_is_corrected_form(uint16_t opcode);

/* Pre-scan [begin, end] (inclusive; code already loaded) and hook every
 * corrected form found.  Returns 0, or -1 if a hook could not be added. */
int m68kfix_install(uc_engine *uc, uint32_t begin, uint32_t end);

/* As m68kfix_install(); stats may be NULL. */
int m68kfix_install_stats(uc_engine *uc, uint32_t begin, uint32_t end,
                          struct m68kfix_stats *stats);

/* One hook over [begin, end] that decodes every instruction it sees. */
int m68kfix_install_dynamic(uc_engine *uc, uint32_t begin, uint32_t end,
                            struct m68kfix_stats *stats);

/*
 * The value to pass to uc_ctl_set_cpu_model() (right after uc_open) to get
 * QEMU's 68000 model, or -1 if the linked Unicorn has none.  In Unicorn
 * 2.0.1 UC_CPU_M68K_M68000 (1) does NOT select the 68000: the public enum
 * (M5206, M68000, M68020, ...) and Unicorn's model table (m68000, m68020,
 * ..., m5206, ...) are in different orders, so 1 gives the 68020 model
 * (scaled index, 68020 movem, Bcc.l) and 0 (named UC_CPU_M68K_M5206) gives
 * the 68000.  This probes throwaway engines (a few ms) rather than trusting
 * either name, so it stays right if a later Unicorn fixes the table.
 */
int m68kfix_cpu_model(void);

/* Read the full SR (system byte and condition codes) while the engine is
 * stopped: saves D0 and PC, runs "move.w sr,d0" at `scratch` (2 bytes of
 * mapped, writable, executable memory; they are restored afterwards, as
 * are D0 and PC).  Returns 0 and the SR in *sr, or -1 on a Unicorn error.
 * Not after a run that ended in UC_ERR_EXCEPTION: Unicorn 2.0.1 can then
 * abort the process evaluating the flags ("Bad CC_OP"). */
int m68kfix_read_sr(uc_engine *uc, uint32_t scratch, uint16_t *sr);

#endif /* SPGSIM_M68KFIX_H */
