/*
 * m68kform.c - 68000 opcode word -> SingleStepTests-style form name.
 * Written from the 68000 programmer's reference (opcode map); see
 * m68kform.h for the naming rules.
 */
#include "capture/m68kform.h"

#include <stdio.h>
#include <string.h>

/* Addressing-mode classes. */
enum {
    EA_DN = 1 << 0,
    EA_AN = 1 << 1,
    EA_IND = 1 << 2,
    EA_POSTINC = 1 << 3,
    EA_PREDEC = 1 << 4,
    EA_D16 = 1 << 5,
    EA_D8X = 1 << 6,
    EA_ABSW = 1 << 7,
    EA_ABSL = 1 << 8,
    EA_PCD16 = 1 << 9,
    EA_PCD8X = 1 << 10,
    EA_IMM = 1 << 11
};

#define EA_ALL 0xFFFu
#define EA_DATA (EA_ALL & ~(unsigned)EA_AN)
#define EA_DALT (EA_DN | EA_IND | EA_POSTINC | EA_PREDEC | EA_D16 | EA_D8X | EA_ABSW | EA_ABSL)
#define EA_ALT (EA_DALT | EA_AN)
#define EA_MALT (EA_DALT & ~(unsigned)EA_DN)
#define EA_CTRL (EA_IND | EA_D16 | EA_D8X | EA_ABSW | EA_ABSL | EA_PCD16 | EA_PCD8X)
#define EA_MEM (EA_DATA & ~(unsigned)EA_DN)

static const char *const ea_names[12] = {
    "Dn", "An", "(An)", "(An)+", "-(An)", "(d16, An)", "(d8, An, Xn)",
    "(xxx).w", "(xxx).l", "(d16, PC)", "(d8, PC, Xn)", "#"
};

/* Index of the mode (0..11) for mode/reg fields, or -1. */
static int ea_index(unsigned mode, unsigned reg)
{
    if (mode < 7)
        return (int)mode;
    if (reg <= 4)
        return (int)(7 + reg);
    return -1;
}

/* Extension bytes for mode index i with operand size sz (1, 2, 4). */
static unsigned ea_ext(int i, unsigned sz)
{
    switch (i) {
    case 5: case 6: case 7: case 9: case 10:
        return 2;
    case 8:
        return 4;
    case 11:
        return sz == 4 ? 4 : 2;
    default:
        return 0;
    }
}

struct form {
    char name[M68KFORM_NAME_MAX];
    unsigned len;  /* bytes so far */
    int ok;
};

static void f_start(struct form *f, const char *family)
{
    snprintf(f->name, sizeof f->name, "%s", family);
    f->len = 2;
    f->ok = 1;
}

/* Append an operand string, with ", " after the first. */
static void f_op(struct form *f, const char *op, int first)
{
    size_t n = strlen(f->name);
    snprintf(f->name + n, sizeof f->name - n, "%s%s", first ? " " : ", ", op);
}

/* Append an effective-address operand from a 6-bit field. */
static void f_ea(struct form *f, unsigned field, unsigned allowed, unsigned sz,
                 int first)
{
    int i = ea_index((field >> 3) & 7, field & 7);
    if (i < 0 || !(allowed & (1u << i))) {
        f->ok = 0;
        return;
    }
    f_op(f, ea_names[i], first);
    f->len += ea_ext(i, sz);
}

static const char size_ch[3] = { 'b', 'w', 'l' };
static const unsigned size_bytes[3] = { 1, 2, 4 };

static void f_fam(struct form *f, const char *base, unsigned ss)
{
    char fam[24];
    snprintf(fam, sizeof fam, "%s.%c", base, size_ch[ss]);
    f_start(f, fam);
}

static void line0(struct form *f, uint16_t op)
{
    unsigned ea = op & 0x3F, ss = (op >> 6) & 3;
    static const char *const ccr_sr[8][2] = {
        { "ORItoCCR", "ORItoSR" }, { "ANDItoCCR", "ANDItoSR" },
        { NULL, NULL }, { NULL, NULL }, { NULL, NULL },
        { "EORItoCCR", "EORItoSR" }, { NULL, NULL }, { NULL, NULL }
    };
    static const char *const imm_ops[8] = {
        "OR", "AND", "SUB", "ADD", NULL, "EOR", "CMP", NULL
    };
    static const char *const bitops[4] = { "BTST", "BCHG", "BCLR", "BSET" };

    if ((op & 0xF138) == 0x0108) { /* movep */
        f_start(f, (op & 0x40) ? "MOVEP.l" : "MOVEP.w");
        if (op & 0x80) {
            f_op(f, "Dn", 1);
            f_op(f, "(d16, An)", 0);
        } else {
            f_op(f, "(d16, An)", 1);
            f_op(f, "Dn", 0);
        }
        f->len += 2;
        return;
    }
    if (op & 0x100) { /* dynamic bit op */
        f_start(f, bitops[ss]);
        f_op(f, "Dn", 1);
        f_ea(f, ea, ss == 0 ? EA_DATA : EA_DALT, 1, 0);
        return;
    }
    if ((op & 0x0F00) == 0x0800) { /* static bit op */
        f_start(f, bitops[ss]);
        f->len += 2;
        f_op(f, "#", 1);
        f_ea(f, ea, ss == 0 ? (EA_DATA & ~(unsigned)EA_IMM) : EA_DALT, 1, 0);
        return;
    }
    {
        unsigned which = (op >> 9) & 7;
        if (ea == 0x3C && ss < 2 && ccr_sr[which][ss]) {
            f_start(f, ccr_sr[which][ss]);
            f_op(f, "#", 1);
            f->len += 2;
            return;
        }
        if (!imm_ops[which] || ss == 3) {
            f->ok = 0;
            return;
        }
        f_fam(f, imm_ops[which], ss);
        f_op(f, "#", 1);
        f->len += ss == 2 ? 4 : 2;
        f_ea(f, ea, EA_DALT, size_bytes[ss], 0);
    }
}

static void line_move(struct form *f, uint16_t op)
{
    unsigned line = op >> 12;
    unsigned ss = line == 1 ? 0 : line == 3 ? 1 : 2;
    unsigned dmode = (op >> 6) & 7, dreg = (op >> 9) & 7;
    unsigned dfield = (dmode << 3) | dreg;
    if (dmode == 1) {
        if (ss == 0) {
            f->ok = 0;
            return;
        }
        f_fam(f, "MOVEA", ss);
        f_ea(f, op & 0x3F, EA_ALL, size_bytes[ss], 1);
        f_op(f, "An", 0);
        return;
    }
    f_fam(f, "MOVE", ss);
    f_ea(f, op & 0x3F, ss == 0 ? EA_DATA : EA_ALL, size_bytes[ss], 1);
    f_ea(f, dfield, EA_DALT, size_bytes[ss], 0);
}

static void line4(struct form *f, uint16_t op)
{
    unsigned ea = op & 0x3F, ss = (op >> 6) & 3;

    if ((op & 0x1C0) == 0x1C0) { /* lea */
        f_start(f, "LEA");
        f_ea(f, ea, EA_CTRL, 4, 1);
        f_op(f, "An", 0);
        return;
    }
    if ((op & 0x1C0) == 0x180) { /* chk.w */
        f_start(f, "CHK");
        f_ea(f, ea, EA_DATA, 2, 1);
        f_op(f, "Dn", 0);
        return;
    }
    if (op & 0x100) {
        f->ok = 0;
        return;
    }
    switch ((op >> 8) & 0xF) {
    case 0x0:
        if (ss == 3) {
            f_start(f, "MOVEfromSR");
            f_ea(f, ea, EA_DALT, 2, 1);
        } else {
            f_fam(f, "NEGX", ss);
            f_ea(f, ea, EA_DALT, size_bytes[ss], 1);
        }
        return;
    case 0x2:
        if (ss == 3) {
            f->ok = 0;
            return;
        }
        f_fam(f, "CLR", ss);
        f_ea(f, ea, EA_DALT, size_bytes[ss], 1);
        return;
    case 0x4:
        if (ss == 3) {
            f_start(f, "MOVEtoCCR");
            f_ea(f, ea, EA_DATA, 2, 1);
        } else {
            f_fam(f, "NEG", ss);
            f_ea(f, ea, EA_DALT, size_bytes[ss], 1);
        }
        return;
    case 0x6:
        if (ss == 3) {
            f_start(f, "MOVEtoSR");
            f_ea(f, ea, EA_DATA, 2, 1);
        } else {
            f_fam(f, "NOT", ss);
            f_ea(f, ea, EA_DALT, size_bytes[ss], 1);
        }
        return;
    case 0x8:
        if (ss == 0) {
            f_start(f, "NBCD");
            f_ea(f, ea, EA_DALT, 1, 1);
        } else if (ss == 1) {
            if ((ea >> 3) == 0) {
                f_start(f, "SWAP");
                f_op(f, "Dn", 1);
            } else {
                f_start(f, "PEA");
                f_ea(f, ea, EA_CTRL, 4, 1);
            }
        } else if ((ea >> 3) == 0) {
            f_start(f, ss == 2 ? "EXT.w" : "EXT.l");
            f_op(f, "Dn", 1);
        } else {
            f_start(f, ss == 2 ? "MOVEM.w" : "MOVEM.l");
            f_op(f, "#", 1);
            f->len += 2;
            f_ea(f, ea, (EA_CTRL & ~(unsigned)(EA_PCD16 | EA_PCD8X)) | EA_PREDEC,
                 2, 0);
        }
        return;
    case 0xA:
        if (op == 0x4AFC) {
            f_start(f, "ILLEGAL");
        } else if (ss == 3) {
            f_start(f, "TAS");
            f_ea(f, ea, EA_DALT, 1, 1);
        } else {
            f_fam(f, "TST", ss);
            f_ea(f, ea, EA_DALT, size_bytes[ss], 1);
        }
        return;
    case 0xC:
        if (ss < 2) {
            f->ok = 0;
            return;
        }
        f_start(f, ss == 2 ? "MOVEM.w" : "MOVEM.l");
        f->len += 2;
        f_ea(f, ea, EA_CTRL | EA_POSTINC, 2, 1);
        f_op(f, "#", 0);
        return;
    case 0xE:
        if (ss == 2) {
            f_start(f, "JSR");
            f_ea(f, ea, EA_CTRL, 4, 1);
            return;
        }
        if (ss == 3) {
            f_start(f, "JMP");
            f_ea(f, ea, EA_CTRL, 4, 1);
            return;
        }
        if (ss == 1) {
            unsigned lo = op & 0x3F;
            switch (lo >> 3) {
            case 0: case 1:
                f_start(f, "TRAP");
                f_op(f, "q", 1);
                return;
            case 2:
                f_start(f, "LINK");
                f_op(f, "An", 1);
                f_op(f, "#", 0);
                f->len += 2;
                return;
            case 3:
                f_start(f, "UNLINK");
                f_op(f, "An", 1);
                return;
            case 4:
                f_start(f, "MOVEtoUSP");
                f_op(f, "An", 1);
                return;
            case 5:
                f_start(f, "MOVEfromUSP");
                f_op(f, "An", 1);
                return;
            case 6: {
                static const char *const misc[8] = {
                    "RESET", "NOP", "STOP", "RTE", NULL, "RTS", "TRAPV", "RTR"
                };
                if (!misc[lo & 7]) {
                    f->ok = 0;
                    return;
                }
                f_start(f, misc[lo & 7]);
                if ((lo & 7) == 2) {
                    f_op(f, "#", 1);
                    f->len += 2;
                }
                return;
            }
            default:
                break;
            }
        }
        f->ok = 0;
        return;
    default:
        f->ok = 0;
        return;
    }
}

static void line5(struct form *f, uint16_t op)
{
    unsigned ss = (op >> 6) & 3, ea = op & 0x3F;
    if (ss == 3) {
        if ((ea >> 3) == 1) {
            f_start(f, "DBcc");
            f_op(f, "Dn", 1);
            f_op(f, "#", 0);
            f->len += 2;
        } else {
            f_start(f, "Scc");
            f_ea(f, ea, EA_DALT, 1, 1);
        }
        return;
    }
    f_fam(f, (op & 0x100) ? "SUB" : "ADD", ss);
    f_op(f, "q", 1);
    f_ea(f, ea, ss == 0 ? EA_DALT : EA_ALT, size_bytes[ss], 0);
}

/* OR / SUB / CMP-EOR / AND / ADD lines (8, 9, B, C, D). */
static void line_arith(struct form *f, uint16_t op)
{
    unsigned line = op >> 12, opm = (op >> 6) & 7, ea = op & 0x3F;
    unsigned ss = opm & 3, mode = (ea >> 3) & 7;
    const char *base = line == 0x8 ? "OR" : line == 0x9 ? "SUB"
                     : line == 0xB ? "CMP" : line == 0xC ? "AND" : "ADD";

    if (opm == 3 || opm == 7) {
        static const char *const w[5][2] = {
            { "DIVU", "DIVS" }, { "SUBA.w", "SUBA.l" }, { NULL, NULL },
            { "MULU", "MULS" }, { "ADDA.w", "ADDA.l" }
        };
        static const char *const cmpa[2] = { "CMPA.w", "CMPA.l" };
        const char *name = line == 0xB ? cmpa[opm == 7]
                         : w[line == 0x8 ? 0 : line == 0x9 ? 1 : line == 0xC ? 3 : 4][opm == 7];
        int addr = line == 0x9 || line == 0xB || line == 0xD;
        f_start(f, name);
        f_ea(f, ea, addr ? EA_ALL : EA_DATA, (opm == 7 && addr) ? 4 : 2, 1);
        f_op(f, addr ? "An" : "Dn", 0);
        return;
    }
    if (opm >= 4) {
        /* abcd/sbcd, addx/subx, exg, cmpm, or <op> Dn,<ea> */
        if ((line == 0x8 || line == 0xC) && opm == 4 && mode <= 1) {
            f_start(f, line == 0x8 ? "SBCD" : "ABCD");
            f_op(f, mode ? "-(An)" : "Dn", 1);
            f_op(f, mode ? "-(An)" : "Dn", 0);
            return;
        }
        if (line == 0xC && ((op & 0x1F8) == 0x140 || (op & 0x1F8) == 0x148 ||
                            (op & 0x1F8) == 0x188)) {
            f_start(f, "EXG");
            if ((op & 0x1F8) == 0x140) {
                f_op(f, "Dn", 1);
                f_op(f, "Dn", 0);
            } else if ((op & 0x1F8) == 0x148) {
                f_op(f, "An", 1);
                f_op(f, "An", 0);
            } else {
                f_op(f, "Dn", 1);
                f_op(f, "An", 0);
            }
            return;
        }
        if ((line == 0x9 || line == 0xD) && mode <= 1) {
            f_fam(f, line == 0x9 ? "SUBX" : "ADDX", ss);
            f_op(f, mode ? "-(An)" : "Dn", 1);
            f_op(f, mode ? "-(An)" : "Dn", 0);
            return;
        }
        if (line == 0xB) {
            if (mode == 1) {
                f_fam(f, "CMP", ss);
                f_op(f, "(An)+", 1);
                f_op(f, "(An)+", 0);
                return;
            }
            f_fam(f, "EOR", ss);
            f_op(f, "Dn", 1);
            f_ea(f, ea, EA_DALT, size_bytes[ss], 0);
            return;
        }
        if ((line == 0x8 || line == 0xC) && (opm == 5 || opm == 6) && mode <= 1) {
            f->ok = 0;  /* would be Dn destination: not valid */
            return;
        }
        f_fam(f, base, ss);
        f_op(f, "Dn", 1);
        f_ea(f, ea, EA_MALT, size_bytes[ss], 0);
        return;
    }
    /* <op> <ea>,Dn */
    f_fam(f, base, ss);
    {
        unsigned allowed = EA_ALL;
        if (line == 0x8 || line == 0xC || ss == 0)
            allowed = EA_DATA;
        f_ea(f, ea, allowed, size_bytes[ss], 1);
    }
    f_op(f, "Dn", 0);
}

static void line_e(struct form *f, uint16_t op)
{
    static const char *const kind[4] = { "AS", "LS", "ROX", "RO" };
    unsigned ss = (op >> 6) & 3;
    char fam[16];
    if (ss == 3) {
        if (op & 0x0800) {
            f->ok = 0;
            return;
        }
        snprintf(fam, sizeof fam, "%s%c.w", kind[(op >> 9) & 3],
                 (op & 0x100) ? 'L' : 'R');
        f_start(f, fam);
        f_ea(f, op & 0x3F, EA_MALT, 2, 1);
        return;
    }
    snprintf(fam, sizeof fam, "%s%c.%c", kind[(op >> 3) & 3],
             (op & 0x100) ? 'L' : 'R', size_ch[ss]);
    f_start(f, fam);
    f_op(f, (op & 0x20) ? "Dn" : "q", 1);
    f_op(f, "Dn", 0);
}

static void classify(uint16_t op, struct form *f)
{
    f->name[0] = '\0';
    f->len = 0;
    f->ok = 0;
    switch (op >> 12) {
    case 0x0:
        line0(f, op);
        break;
    case 0x1: case 0x2: case 0x3:
        line_move(f, op);
        break;
    case 0x4:
        line4(f, op);
        break;
    case 0x5:
        line5(f, op);
        break;
    case 0x6: {
        unsigned cond = (op >> 8) & 0xF;
        f_start(f, cond == 1 ? "BSR" : "Bcc");
        if ((op & 0xFF) == 0) {
            f_op(f, "#", 1);
            f->len += 2;
        } else {
            f_op(f, "q", 1);
        }
        break;
    }
    case 0x7:
        if (op & 0x100)
            break;
        f_start(f, "MOVE.q");
        f_op(f, "q", 1);
        f_op(f, "Dn", 0);
        break;
    case 0x8: case 0x9: case 0xB: case 0xC: case 0xD:
        line_arith(f, op);
        break;
    case 0xA:
        f_start(f, "ILLEGAL_LINEA");
        break;
    case 0xE:
        line_e(f, op);
        break;
    case 0xF:
        f_start(f, "ILLEGAL_LINEF");
        break;
    default:
        break;
    }
}

unsigned m68kform_name(uint16_t opcode, char *buf, size_t bufsize)
{
    struct form f;
    classify(opcode, &f);
    if (!f.ok) {
        if (bufsize)
            snprintf(buf, bufsize, "? %04x", (unsigned)opcode);
        return 0;
    }
    if (bufsize)
        snprintf(buf, bufsize, "%s", f.name);
    return f.len;
}

unsigned m68kform_length(uint16_t opcode)
{
    struct form f;
    classify(opcode, &f);
    return f.ok ? f.len : 0;
}
