/*
 * m68kfix.c - run the 68000 forms Unicorn 2.0.1 gets wrong ourselves.
 * See m68kfix.h for the forms, the mechanism and its limits.
 */
#include "capture/m68kfix.h"

#include <stddef.h>
#include <string.h>

/* The corrected forms. */
enum fix_kind { FIX_NONE, FIX_ASR, FIX_LSR, FIX_ASL, FIX_DIVU, FIX_DIVS };

/* Is the mode/register field a memory-alterable mode? */
static int mem_alterable(unsigned mode, unsigned reg)
{
    return (mode >= 2 && mode <= 6) || (mode == 7 && reg <= 1);
}

/* Is it a data addressing mode (everything but An)? */
static int data_mode(unsigned mode, unsigned reg)
{
    return mode != 1 && (mode != 7 || reg <= 4);
}

static enum fix_kind corrected_kind(uint16_t op)
{
    unsigned mode = (op >> 3) & 7, reg = op & 7;
    if ((op & 0xF0C0) == 0x80C0 && data_mode(mode, reg))
        return (op & 0x0100) ? FIX_DIVS : FIX_DIVU;  /* 8xC0 / 8x1C0 */
    if ((op & 0xF8C0) != 0xE0C0 || !mem_alterable(mode, reg))
        return FIX_NONE;
    /* Memory-form shifts: 1110 0tt d 11 mmm rrr (tt: 00 AS, 01 LS). */
    switch ((op >> 8) & 7) {   /* tt d */
    case 0: /* asr.w <ea>: wrong where bit 3 (low mode bit) is set */
        return (op & 8) ? FIX_ASR : FIX_NONE;
    case 2: /* lsr.w <ea>: wrong where bit 3 is clear */
        return (op & 8) ? FIX_NONE : FIX_LSR;
    case 1: /* asl.w <ea>: V never set, every mode */
        return FIX_ASL;
    default: /* lsl.w <ea> is right */
        return FIX_NONE;
    }
}

int m68kfix_is_corrected_form(uint16_t opcode)
{
    return corrected_kind(opcode) != FIX_NONE;
}

static int read_u16(uc_engine *uc, uint32_t addr, uint16_t *v)
{
    uint8_t b[2];
    if (uc_mem_read(uc, addr, b, 2) != UC_ERR_OK)
        return -1;
    *v = (uint16_t)((b[0] << 8) | b[1]);
    return 0;
}

static int read_reg(uc_engine *uc, int id, uint32_t *v)
{
    int32_t x;
    if (uc_reg_read(uc, id, &x) != UC_ERR_OK)
        return -1;
    *v = (uint32_t)x;
    return 0;
}

static int write_reg(uc_engine *uc, int id, uint32_t v)
{
    return uc_reg_write(uc, id, &v) == UC_ERR_OK ? 0 : -1;
}

static uint32_t sext16(uint32_t v)
{
    v &= 0xFFFFu;
    return (v & 0x8000u) ? v | 0xFFFF0000u : v;
}

static uint32_t sext8(uint32_t v)
{
    v &= 0xFFu;
    return (v & 0x80u) ? v | 0xFFFFFF00u : v;
}

/* A word operand located by an effective address. */
struct operand {
    int in_reg;          /* Dn (the low word of data register reg_id) */
    int reg_id;
    int is_imm;          /* #<data>: value already in imm */
    uint16_t imm;
    uint32_t addr;       /* memory address otherwise */
    int an_id;           /* address register updated by (An)+ / -(An) */
    uint32_t an_new;
    unsigned len;        /* instruction length so far (bytes) */
};

/* Decode the word-sized <ea> in the low 6 bits of op at pc.  Returns 0, or
 * -1 if memory could not be read. */
static int decode_ea(uc_engine *uc, uint32_t pc, uint16_t op,
                     struct operand *o)
{
    unsigned mode = (op >> 3) & 7, reg = op & 7;
    uint16_t ext;
    uint32_t an = 0, base = 0;

    o->in_reg = 0;
    o->is_imm = 0;
    o->an_id = -1;
    o->len = 2;
    if (mode == 0) {
        o->in_reg = 1;
        o->reg_id = UC_M68K_REG_D0 + (int)reg;
        return 0;
    }
    if (mode >= 2 && mode <= 6 &&
        read_reg(uc, UC_M68K_REG_A0 + (int)reg, &an) != 0)
        return -1;
    switch (mode) {
    case 2:
        o->addr = an;
        return 0;
    case 3:
        o->addr = an;
        o->an_id = UC_M68K_REG_A0 + (int)reg;
        o->an_new = an + 2u;
        return 0;
    case 4:
        o->addr = an - 2u;
        o->an_id = UC_M68K_REG_A0 + (int)reg;
        o->an_new = an - 2u;
        return 0;
    case 5:
        if (read_u16(uc, pc + 2u, &ext) != 0)
            return -1;
        o->addr = an + sext16(ext);
        o->len = 4;
        return 0;
    case 6:
        base = an;
        break;
    default:
        break;
    }
    if (mode == 7) {
        switch (reg) {
        case 0: /* (xxx).w */
            if (read_u16(uc, pc + 2u, &ext) != 0)
                return -1;
            o->addr = sext16(ext);
            o->len = 4;
            return 0;
        case 1: { /* (xxx).l */
            uint16_t lo;
            if (read_u16(uc, pc + 2u, &ext) != 0 ||
                read_u16(uc, pc + 4u, &lo) != 0)
                return -1;
            o->addr = ((uint32_t)ext << 16) | lo;
            o->len = 6;
            return 0;
        }
        case 2: /* (d16, PC): PC = address of the extension word */
            if (read_u16(uc, pc + 2u, &ext) != 0)
                return -1;
            o->addr = pc + 2u + sext16(ext);
            o->len = 4;
            return 0;
        case 3: /* (d8, PC, Xn) */
            base = pc + 2u;
            break;
        case 4: /* #<data> (word) */
            if (read_u16(uc, pc + 2u, &o->imm) != 0)
                return -1;
            o->is_imm = 1;
            o->len = 4;
            return 0;
        default:
            return -1;
        }
    }
    /* brief extension word: D/A, register, W/L, 8-bit displacement; the
     * 68000 ignores bits 8-10 */
    {
        uint32_t xn;
        unsigned xr;
        if (read_u16(uc, pc + 2u, &ext) != 0)
            return -1;
        xr = (ext >> 12) & 7;
        if (read_reg(uc, (ext & 0x8000u) ? UC_M68K_REG_A0 + (int)xr
                                         : UC_M68K_REG_D0 + (int)xr, &xn) != 0)
            return -1;
        if (!(ext & 0x0800u))
            xn = sext16(xn);
        o->addr = base + xn + sext8(ext);
        o->len = 4;
    }
    return 0;
}

static int operand_read(uc_engine *uc, const struct operand *o, uint16_t *v)
{
    uint32_t r;
    if (o->is_imm) {
        *v = o->imm;
        return 0;
    }
    if (o->in_reg) {
        if (read_reg(uc, o->reg_id, &r) != 0)
            return -1;
        *v = (uint16_t)r;
        return 0;
    }
    return read_u16(uc, o->addr, v);
}

/*
 * The X flag, which uc_reg_read(SR) does not give (only the divu/divs
 * correction needs it: it must leave X alone).  QEMU keeps X in
 * CPUM68KState.cc_x, always as 0 or 1 whatever the lazy flag state, and
 * uc_context_save() copies that structure into the context object.  The
 * object is opaque, so the word is found by calibration: save a context
 * with X clear and with X set (the other flags varied as well) and take the
 * one 32-bit word that reads 0 then 1 every time.  The scan stays inside
 * the first uc_context_size() bytes of the object, which is larger than
 * that (header + state).  -1: not found, and divu/divs are not corrected.
 */
static long x_offset = -2;  /* -2: not calibrated yet (same in a process) */

static long calibrate_x_offset(uc_engine *uc)
{
    uc_context *saved = NULL, *probe = NULL;
    uint8_t img[4][4096];
    size_t n = uc_context_size(uc), off;
    uint32_t sr = 0;
    long found = -1;
    int pass, ok = 1;

    if (n > sizeof img[0])
        n = sizeof img[0];
    if (uc_context_alloc(uc, &saved) != UC_ERR_OK)
        return -1;
    if (uc_context_alloc(uc, &probe) != UC_ERR_OK ||
        uc_context_save(uc, saved) != UC_ERR_OK ||
        read_reg(uc, UC_M68K_REG_SR, &sr) != 0)
        ok = 0;
    for (pass = 0; pass < 4 && ok; pass++) {
        /* X = pass & 1; N, Z, V, C all clear or all set */
        uint32_t ccr = ((uint32_t)(pass & 1) << 4) | ((pass & 2) ? 0x0Fu : 0u);
        ok = write_reg(uc, UC_M68K_REG_SR, (sr & 0xFF00u) | ccr) == 0 &&
             uc_context_save(uc, probe) == UC_ERR_OK;
        if (ok)
            memcpy(img[pass], (const void *)probe, n);
    }
    if (ok) {
        for (off = 0; off + 4 <= n; off += 4) {
            uint32_t w[4];
            int k;
            for (k = 0; k < 4; k++)
                memcpy(&w[k], img[k] + off, 4);
            if (w[0] == 0 && w[1] == 1 && w[2] == 0 && w[3] == 1) {
                if (found >= 0) {   /* ambiguous: do not guess */
                    found = -1;
                    break;
                }
                found = (long)off;
            }
        }
    }
    if (saved)
        uc_context_restore(uc, saved);
    if (probe)
        uc_context_free(probe);
    uc_context_free(saved);
    return found;
}

/* X (0/1) inside a hook, or -1 if it cannot be read. */
static int read_x(uc_engine *uc)
{
    uc_context *c = NULL;
    uint32_t w;
    int x = -1;
    if (x_offset < 0 || uc_context_alloc(uc, &c) != UC_ERR_OK)
        return -1;
    if (uc_context_save(uc, c) == UC_ERR_OK) {
        memcpy(&w, (const uint8_t *)(const void *)c + x_offset, 4);
        if (w <= 1)
            x = (int)w;
    }
    uc_context_free(c);
    return x;
}

/* Commit: An update, SR = system byte | ccr, PC = next. */
static void commit(uc_engine *uc, const struct operand *o, uint32_t pc,
                   unsigned ccr)
{
    uint32_t sr;
    if (o->an_id >= 0)
        write_reg(uc, o->an_id, o->an_new);
    if (read_reg(uc, UC_M68K_REG_SR, &sr) != 0)
        sr = 0x2700;
    write_reg(uc, UC_M68K_REG_SR, (sr & 0xFFE0u) | ccr);
    write_reg(uc, UC_M68K_REG_PC, pc + o->len);
}

/* Memory shifts.  Returns 1 if done. */
static int fix_shift(uc_engine *uc, uint32_t pc, uint16_t op, enum fix_kind kind)
{
    struct operand o;
    uint16_t v, res;
    unsigned x, n, z, vflag;
    uint8_t out[2];

    if (decode_ea(uc, pc, op, &o) != 0 || operand_read(uc, &o, &v) != 0)
        return 0;
    switch (kind) {
    case FIX_ASR:
        res = (uint16_t)((v >> 1) | (v & 0x8000u));
        x = v & 1u;
        vflag = 0;
        break;
    case FIX_LSR:
        res = (uint16_t)(v >> 1);
        x = v & 1u;
        vflag = 0;
        break;
    default: /* FIX_ASL */
        res = (uint16_t)((uint32_t)v << 1);
        x = (v >> 15) & 1u;
        vflag = ((v >> 15) ^ (v >> 14)) & 1u;
        break;
    }
    n = (res >> 15) & 1u;
    z = res == 0;
    out[0] = (uint8_t)(res >> 8);
    out[1] = (uint8_t)res;
    if (uc_mem_write(uc, o.addr, out, 2) != UC_ERR_OK)
        return 0;
    commit(uc, &o, pc, (x << 4) | (n << 3) | (z << 2) | (vflag << 1) | x);
    return 1;
}

/* divu.w / divs.w: only the overflow case is Unicorn's wrong one (it
 * leaves N clear); the 68000 (as measured by the suite) leaves Dn and X
 * alone and sets N=1, Z=0, V=1, C=0.  Returns 1 if done. */
static int fix_div(uc_engine *uc, uint32_t pc, uint16_t op, enum fix_kind kind)
{
    struct operand o;
    uint16_t src;
    uint32_t dst;
    int overflow, x;

    if (decode_ea(uc, pc, op, &o) != 0 || operand_read(uc, &o, &src) != 0 ||
        read_reg(uc, UC_M68K_REG_D0 + (int)((op >> 9) & 7), &dst) != 0)
        return 0;
    if (src == 0)
        return 0;  /* divide by zero: the trap is Unicorn's business */
    if (kind == FIX_DIVU) {
        overflow = dst / src > 0xFFFFu;
    } else {
        /* magnitudes in unsigned arithmetic (no signed overflow in C) */
        uint32_t ud = (dst & 0x80000000u) ? 0u - dst : dst;
        uint32_t us = (src & 0x8000u) ? 0x10000u - src : src;
        uint32_t q = ud / us;
        int neg = ((dst >> 31) ^ (src >> 15)) & 1;
        overflow = neg ? q > 0x8000u : q > 0x7FFFu;
    }
    if (!overflow)
        return 0;
    x = read_x(uc);
    if (x < 0)
        return 0;  /* cannot keep X: leave it to Unicorn (N will be wrong) */
    commit(uc, &o, pc, ((unsigned)x << 4) | 0x08u | 0x02u);
    return 1;
}

/*
 * Execute the corrected form at pc.  Returns 1 if done (PC moved on), 0 if
 * left to Unicorn (not a corrected form, a case Unicorn gets right, or
 * memory not accessible).
 */
static int fix_at(uc_engine *uc, uint32_t pc)
{
    uint16_t op;
    enum fix_kind kind;
    if (read_u16(uc, pc, &op) != 0)
        return 0;
    kind = corrected_kind(op);
    switch (kind) {
    case FIX_ASR: case FIX_LSR: case FIX_ASL:
        return fix_shift(uc, pc, op, kind);
    case FIX_DIVU: case FIX_DIVS:
        return fix_div(uc, pc, op, kind);
    default:
        return 0;
    }
}

static void hook_fix(uc_engine *uc, uint64_t address, uint32_t size,
                     void *user_data)
{
    struct m68kfix_stats *st = user_data;
    (void)size;
    if (fix_at(uc, (uint32_t)address) && st)
        st->corrected++;
}

static int flush_range(uc_engine *uc, uint32_t begin, uint32_t end)
{
    uint64_t b = begin, e = (uint64_t)end + 1u;
    return uc_ctl_remove_cache(uc, b, e) == UC_ERR_OK ? 0 : -1;
}

int m68kfix_install_stats(uc_engine *uc, uint32_t begin, uint32_t end,
                          struct m68kfix_stats *stats)
{
    uint8_t buf[4096];
    uint64_t a, last = end;

    if (end < begin)
        return -1;
    if (x_offset == -2)
        x_offset = calibrate_x_offset(uc);
    /* Every even address is a possible instruction start.  Read the range
     * in 4 KiB chunks aligned to 4 KiB; an unmapped chunk is skipped. */
    for (a = begin & ~(uint64_t)1; a + 1 <= last; ) {
        uint64_t chunk_end = (a | 0xFFFu) + 1u;  /* exclusive */
        uint64_t stop = chunk_end <= last + 1 ? chunk_end : last + 1;
        size_t n = (size_t)(stop - a), i;
        if (n >= 2 && uc_mem_read(uc, a, buf, n) == UC_ERR_OK) {
            for (i = 0; i + 1 < n; i += 2) {
                uint16_t op = (uint16_t)((buf[i] << 8) | buf[i + 1]);
                if (corrected_kind(op) != FIX_NONE) {
                    uc_hook h;
                    uint64_t at = a + i;
                    if (uc_hook_add(uc, &h, UC_HOOK_CODE, (void *)hook_fix,
                                    stats, at, at) != UC_ERR_OK)
                        return -1;
                    if (stats)
                        stats->hooked++;
                }
            }
        }
        a = stop;
    }
    return flush_range(uc, begin, end);
}

int m68kfix_install(uc_engine *uc, uint32_t begin, uint32_t end)
{
    return m68kfix_install_stats(uc, begin, end, NULL);
}

int m68kfix_install_dynamic(uc_engine *uc, uint32_t begin, uint32_t end,
                            struct m68kfix_stats *stats)
{
    uc_hook h;
    if (end < begin)
        return -1;
    if (x_offset == -2)
        x_offset = calibrate_x_offset(uc);
    if (uc_hook_add(uc, &h, UC_HOOK_CODE, (void *)hook_fix, stats,
                    (uint64_t)begin, (uint64_t)end) != UC_ERR_OK)
        return -1;
    return flush_range(uc, begin, end);
}

int m68kfix_read_sr(uc_engine *uc, uint32_t scratch, uint16_t *sr)
{
    static const uint8_t probe[2] = { 0x40, 0xC0 }; /* move.w sr,d0 */
    uint8_t saved[2];
    uint32_t d0, pc, val = 0;
    int rc = 0;

    if (read_reg(uc, UC_M68K_REG_D0, &d0) != 0 ||
        read_reg(uc, UC_M68K_REG_PC, &pc) != 0 ||
        uc_mem_read(uc, scratch, saved, 2) != UC_ERR_OK ||
        uc_mem_write(uc, scratch, probe, 2) != UC_ERR_OK)
        return -1;
    if (uc_emu_start(uc, scratch, (uint64_t)scratch + 2u, 0, 1) != UC_ERR_OK ||
        read_reg(uc, UC_M68K_REG_D0, &val) != 0)
        rc = -1;
    if (uc_mem_write(uc, scratch, saved, 2) != UC_ERR_OK)
        rc = -1;
    write_reg(uc, UC_M68K_REG_D0, d0);
    write_reg(uc, UC_M68K_REG_PC, pc);
    if (rc == 0)
        *sr = (uint16_t)val;
    return rc;
}

/*
 * Probe one model value: a throwaway engine runs "lea 0(a0,d1.w*4),a1"
 * (scale bits set in the brief extension word) and "move.l d2,d3".  The
 * 68000 ignores the scale: a1 = a0 + d1 = $101.  QEMU's 68020 scales
 * ($104); its ColdFire models reject the encoding.
 */
static int model_is_68000(int model)
{
    static const uint8_t code[6] = { 0x43, 0xF0, 0x14, 0x00, 0x26, 0x02 };
    uc_engine *uc;
    uint32_t a0 = 0x100, d1 = 1, d2 = 0x12345678, a1 = 0, d3 = 0;
    int ok = 0;
    if (uc_open(UC_ARCH_M68K, UC_MODE_BIG_ENDIAN, &uc) != UC_ERR_OK)
        return 0;
    if (uc_ctl_set_cpu_model(uc, model) == UC_ERR_OK &&
        uc_mem_map(uc, 0x1000, 0x1000, UC_PROT_ALL) == UC_ERR_OK &&
        uc_mem_write(uc, 0x1000, code, sizeof code) == UC_ERR_OK &&
        write_reg(uc, UC_M68K_REG_A0, a0) == 0 &&
        write_reg(uc, UC_M68K_REG_D1, d1) == 0 &&
        write_reg(uc, UC_M68K_REG_D2, d2) == 0 &&
        uc_emu_start(uc, 0x1000, 0x1000 + sizeof code, 0, 0) == UC_ERR_OK &&
        read_reg(uc, UC_M68K_REG_A1, &a1) == 0 &&
        read_reg(uc, UC_M68K_REG_D3, &d3) == 0)
        ok = a1 == 0x101 && d3 == d2;
    uc_close(uc);
    return ok;
}

int m68kfix_cpu_model(void)
{
    int m;
    if (model_is_68000(UC_CPU_M68K_M68000))
        return UC_CPU_M68K_M68000;
    for (m = 0; m < UC_CPU_M68K_ENDING; m++)
        if (m != UC_CPU_M68K_M68000 && model_is_68000(m))
            return m;
    return -1;
}
