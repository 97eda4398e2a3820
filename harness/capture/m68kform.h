/*
 * m68kform.h - classify a 68000 instruction into an "instruction form".
 *
 * A form is the instruction family plus its addressing modes, named the way
 * the SingleStepTests/m68000 suite names its tests once the concrete
 * registers and numbers are generalised:
 *
 *   family    the suite's file name without ".json.bin": "ASR.w", "MOVEA.l",
 *             "Bcc" (includes BRA), "BSR", "DBcc", "Scc", "MOVE.q" (moveq),
 *             "MOVEtoCCR", "ANDItoSR", "UNLINK", ...  Quick and immediate
 *             variants belong to the base family, as in the suite: addq.w
 *             and addi.w are "ADD.w", cmpi and cmpm are "CMP.x", moveq is
 *             "MOVE.q".
 *   operands  "Dn", "An", "(An)", "(An)+", "-(An)", "(d16, An)",
 *             "(d8, An, Xn)", "(xxx).w", "(xxx).l", "(d16, PC)",
 *             "(d8, PC, Xn)"; "#" for an immediate extension (also a movem
 *             register list, a Bcc/BSR/DBcc word displacement, link's
 *             displacement and stop's data); "q" for a value held in the
 *             opcode word (addq/subq data, moveq data, a shift count, a
 *             trap vector, an 8-bit branch displacement).
 *
 *   e.g. "ASR.w (An)+", "ADD.w q, (d16, An)", "MOVE.w #, -(An)", "Bcc q",
 *        "DBcc Dn, #", "MOVEM.l #, -(An)", "RTS".
 *
 * scripts/sst_audit.py turns a suite test name ("123 ASR.w (A3)+ e6db") into
 * the same string (D0-D7 -> Dn, A0-A7 -> An, a plain number -> q), so the
 * two can be matched exactly.
 *
 * The classification looks at the opcode word only (the form and the length
 * do not depend on extension words on the 68000).  Bcc/BSR with an 8-bit
 * displacement of $FF is the 68000's "branch by -1" (a 2-byte instruction
 * that raises an address error), not the 68020's 32-bit displacement.
 */
#ifndef SPGSIM_M68KFORM_H
#define SPGSIM_M68KFORM_H

#include <stddef.h>
#include <stdint.h>

/* Longest form name written, including the terminating NUL. */
#define M68KFORM_NAME_MAX 48

/* Write the form name of the instruction whose first word is `opcode` into
 * buf (bufsize >= M68KFORM_NAME_MAX is always enough).  Returns the length
 * of the whole instruction in bytes (2 to 10), or 0 when the word is not a
 * valid 68000 instruction (buf then holds "ILLEGAL" or "?" followed by the
 * opcode in hex).  ILLEGAL ($4AFC) and the line A/F words are classified as
 * "ILLEGAL", "ILLEGAL_LINEA", "ILLEGAL_LINEF" and return 2. */
unsigned m68kform_name(uint16_t opcode, char *buf, size_t bufsize);

/* Length in bytes of the instruction (2 to 10), or 0 if not valid. */
unsigned m68kform_length(uint16_t opcode);

#endif /* SPGSIM_M68KFORM_H */
