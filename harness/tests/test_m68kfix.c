/*
 * test_m68kfix.c - the corrections of harness/capture/m68kfix.c, checked
 * without the ROM.
 *
 * harness/capture/selftest/fix_shifts.S and fix_div.S (assembled at build
 * time by harness/capture/m68kfix.mk into M68KFIX_SELFTEST_DIR) run every
 * corrected form with positive, negative, zero and boundary operands under
 * both starting condition codes and store the results, SR and A0 to
 * memory.  Each record is checked against an independent C model of the
 * 68000 below.  The same programs without the corrections must differ
 * from the model (so these tests can fail), and lsl.w, which Unicorn gets
 * right, must match in both runs.  Also: m68kform names, m68kfix_read_sr,
 * the 68000 model probe.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicorn/unicorn.h>

#include "capture/m68kfix.h"
#include "capture/m68kform.h"
#include "test.h"

#ifndef M68KFIX_SELFTEST_DIR
#define M68KFIX_SELFTEST_DIR "build/m68kfix-selftest"
#endif

#define MEM 0x10000u
#define STOP_AT 4u          /* the programs' "done" label */
#define OUT 0x8000u

enum fixmode { NO_FIX, FIX_PRESCAN, FIX_DYNAMIC };

static uint8_t mem[MEM];
static size_t prog_size;

static int load(const char *name)
{
    char path[512];
    FILE *f;
    snprintf(path, sizeof path, "%s/%s", M68KFIX_SELFTEST_DIR, name);
    f = fopen(path, "rb");
    if (!f) {
        printf("  cannot open %s (make builds it)\n", path);
        return -1;
    }
    memset(mem, 0, sizeof mem);
    prog_size = fread(mem, 1, 0x7000, f);
    fclose(f);
    return prog_size > 0 ? 0 : -1;
}

static uint16_t rd16(uint32_t a)
{
    return (uint16_t)((mem[a] << 8) | mem[a + 1]);
}

static uint32_t rd32(uint32_t a)
{
    return ((uint32_t)rd16(a) << 16) | rd16(a + 2);
}

/* Run the loaded program; returns 0 when it reached STOP_AT. */
static int run(int model, enum fixmode fix, struct m68kfix_stats *st)
{
    uc_engine *uc;
    uint32_t sp = 0xFFF0, sr = 0x2700, pc = 0;
    int rc = -1;
    if (uc_open(UC_ARCH_M68K, UC_MODE_BIG_ENDIAN, &uc) != UC_ERR_OK)
        return -1;
    if (uc_ctl_set_cpu_model(uc, model) != UC_ERR_OK ||
        uc_mem_map_ptr(uc, 0, MEM, UC_PROT_ALL, mem) != UC_ERR_OK)
        goto out;
    uc_reg_write(uc, UC_M68K_REG_SR, &sr);
    uc_reg_write(uc, UC_M68K_REG_A7, &sp);
    if (fix == FIX_PRESCAN &&
        m68kfix_install_stats(uc, 0, (uint32_t)prog_size - 1, st) != 0)
        goto out;
    if (fix == FIX_DYNAMIC &&
        m68kfix_install_dynamic(uc, 0, (uint32_t)prog_size - 1, st) != 0)
        goto out;
    if (uc_emu_start(uc, 0, STOP_AT, 0, 0) != UC_ERR_OK)
        goto out;
    uc_reg_read(uc, UC_M68K_REG_PC, &pc);
    rc = pc == STOP_AT ? 0 : -1;
out:
    uc_close(uc);
    return rc;
}

/* ---- the 68000, independently: memory-form word shifts by one ---- */

enum shift_op { OP_ASR, OP_LSR, OP_ASL, OP_LSL, NOPS };
#define NMODES 8
#define NINPUTS 16

static void ref_shift(int op, uint16_t v, uint16_t *res, unsigned *ccr)
{
    unsigned out, n, z, vf;
    uint16_t r;
    switch (op) {
    case OP_ASR: /* arithmetic: bit 15 stays */
        r = (uint16_t)((v & 0x8000u) | (v >> 1));
        out = v & 1u;
        vf = 0;
        break;
    case OP_LSR:
        r = (uint16_t)(v >> 1);
        out = v & 1u;
        vf = 0;
        break;
    case OP_ASL: /* V: the sign changed during the shift */
        r = (uint16_t)(v << 1);
        out = v >> 15;
        vf = ((v >> 15) & 1u) != ((v >> 14) & 1u);
        break;
    default: /* LSL */
        r = (uint16_t)(v << 1);
        out = v >> 15;
        vf = 0;
        break;
    }
    n = r >> 15;
    z = r == 0;
    *res = r;
    *ccr = (out << 4) | (n << 3) | (z << 2) | (vf << 1) | out;
}

/* A0 after each mode, as set up in fix_shifts.S. */
static const uint32_t mode_a0[NMODES] = {
    0x7000, 0x7002, 0x7000, 0x6FF0, 0x6FFC, 0x7100, 0x7000, 0x7000
};

/* Count mismatching records per operation. */
static void check_shifts(long bad[NOPS], long *records)
{
    uint32_t a = OUT;
    int i, c, op, m;
    memset(bad, 0, sizeof(long) * NOPS);
    *records = 0;
    for (i = 0; i < NINPUTS; i++) {
        for (c = 0; c < 2; c++) {
            for (op = 0; op < NOPS; op++) {
                for (m = 0; m < NMODES; m++, a += 12) {
                    uint16_t in = rd16(a), ccr_in = rd16(a + 2);
                    uint16_t got = rd16(a + 4), sr = rd16(a + 6);
                    uint32_t a0 = rd32(a + 8);
                    uint16_t want;
                    unsigned ccr;
                    ref_shift(op, in, &want, &ccr);
                    (*records)++;
                    if (ccr_in != (c ? 0x1F : 0x00) || got != want ||
                        sr != (0x2700u | ccr) || a0 != mode_a0[m])
                        bad[op]++;
                }
            }
        }
    }
}

static void shifts_with(int model, enum fixmode fix, long bad[NOPS],
                        long *records, struct m68kfix_stats *st)
{
    memset(bad, 0, sizeof(long) * NOPS);
    *records = 0;
    if (load("fix_shifts.bin") != 0 || run(model, fix, st) != 0) {
        bad[0] = -1;
        return;
    }
    check_shifts(bad, records);
}

static void test_shifts_corrected_68000(void)
{
    long bad[NOPS], n;
    struct m68kfix_stats st = { 0, 0 };
    int model = m68kfix_cpu_model();
    CHECK(model >= 0);
    shifts_with(model, FIX_PRESCAN, bad, &n, &st);
    CHECK_EQ(n, NINPUTS * 2 * NOPS * NMODES);
    CHECK_EQ(bad[OP_ASR], 0);
    CHECK_EQ(bad[OP_LSR], 0);
    CHECK_EQ(bad[OP_ASL], 0);
    CHECK_EQ(bad[OP_LSL], 0);
    /* asr: 4 wrong modes, lsr: 4 (two d8 modes), asl: 8, one place each */
    CHECK_EQ(st.hooked, 4 + 4 + 8);
    CHECK(st.corrected > 0);
}

static void test_shifts_corrected_default_model(void)
{
    /* UC_CPU_M68K_M68000 (QEMU's 68020 in Unicorn 2.0.1) has the same bug
     * and gets the same correction. */
    long bad[NOPS], n;
    struct m68kfix_stats st = { 0, 0 };
    shifts_with(UC_CPU_M68K_M68000, FIX_PRESCAN, bad, &n, &st);
    CHECK_EQ(n, NINPUTS * 2 * NOPS * NMODES);
    CHECK_EQ(bad[OP_ASR] + bad[OP_LSR] + bad[OP_ASL] + bad[OP_LSL], 0);
}

static void test_shifts_dynamic(void)
{
    long bad[NOPS], n;
    struct m68kfix_stats st = { 0, 0 };
    shifts_with(m68kfix_cpu_model(), FIX_DYNAMIC, bad, &n, &st);
    CHECK_EQ(n, NINPUTS * 2 * NOPS * NMODES);
    CHECK_EQ(bad[OP_ASR] + bad[OP_LSR] + bad[OP_ASL] + bad[OP_LSL], 0);
    CHECK_EQ(st.hooked, 0);
    CHECK(st.corrected > 0);
}

static void test_shifts_uncorrected_differ(void)
{
    /* Unicorn alone: asr, lsr and asl records differ from the 68000 (so
     * the tests above can fail); lsl, which it gets right, does not. */
    long bad[NOPS], n;
    shifts_with(m68kfix_cpu_model(), NO_FIX, bad, &n, NULL);
    CHECK_EQ(n, NINPUTS * 2 * NOPS * NMODES);
    CHECK(bad[OP_ASR] > 0);
    CHECK(bad[OP_LSR] > 0);
    CHECK(bad[OP_ASL] > 0);
    CHECK_EQ(bad[OP_LSL], 0);
}

/* ---- divu.w / divs.w ---- */

#define NDIVS 8
#define NPAIRS 14

static void ref_div(int is_signed, uint32_t dst, uint16_t src, unsigned ccr_in,
                    uint32_t *d0, unsigned *ccr)
{
    unsigned x = ccr_in & 0x10u;
    if (!is_signed) {
        uint32_t q = dst / src, r = dst % src;
        if (q > 0xFFFFu) {
            *d0 = dst;
            *ccr = x | 0x08u | 0x02u;
            return;
        }
        *d0 = (r << 16) | q;
        *ccr = x | ((q & 0x8000u) ? 0x08u : 0u) | (q == 0 ? 0x04u : 0u);
        return;
    }
    {
        long long n = dst >= 0x80000000u ? (long long)dst - 0x100000000LL
                                         : (long long)dst;
        long long d = src >= 0x8000u ? (long long)src - 0x10000LL : (long long)src;
        long long q = n / d, r = n % d;  /* C truncates, as the 68000 does */
        if (q < -32768 || q > 32767) {
            *d0 = dst;
            *ccr = x | 0x08u | 0x02u;
            return;
        }
        *d0 = ((uint32_t)(r & 0xFFFF) << 16) | (uint32_t)(q & 0xFFFF);
        *ccr = x | ((q & 0x8000) ? 0x08u : 0u) | (q == 0 ? 0x04u : 0u);
    }
}

/* divisor and A0 - $7000 afterwards, per instruction (fix_div.S) */
static uint16_t div_src(int k, uint16_t divisor)
{
    return k == 3 ? 7 : k == 7 ? (uint16_t)0xFFF9u : divisor;
}
static const uint16_t div_a0[NDIVS] = { 0, 0, 2, 0, 0, 0, 0xFFF0, 0 };

static long check_divs(long *records, long *overflows)
{
    uint32_t a = OUT;
    long bad = 0;
    int p, c, k;
    *records = 0;
    *overflows = 0;
    for (p = 0; p < NPAIRS; p++) {
        for (c = 0; c < 2; c++) {
            for (k = 0; k < NDIVS; k++, a += 16) {
                uint32_t dst = rd32(a), got = rd32(a + 8), want;
                uint16_t divisor = rd16(a + 4), ccr_in = rd16(a + 6);
                uint16_t sr = rd16(a + 12), a0 = rd16(a + 14);
                unsigned ccr;
                if (div_src(k, divisor) == 0) {  /* not from the program */
                    bad++;
                    continue;
                }
                ref_div(k >= 4, dst, div_src(k, divisor), ccr_in, &want, &ccr);
                (*records)++;
                if (ccr & 0x02u)
                    (*overflows)++;
                if (ccr_in != (c ? 0x1F : 0x00) || got != want ||
                    sr != (0x2700u | ccr) || a0 != div_a0[k])
                    bad++;
            }
        }
    }
    return bad;
}

static void test_div_corrected(void)
{
    long n, ov, bad;
    struct m68kfix_stats st = { 0, 0 };
    CHECK_EQ(load("fix_div.bin"), 0);
    CHECK_EQ(run(m68kfix_cpu_model(), FIX_PRESCAN, &st), 0);
    bad = check_divs(&n, &ov);
    CHECK_EQ(n, NPAIRS * 2 * NDIVS);
    CHECK(ov >= 20);          /* overflow cases are exercised */
    CHECK_EQ(bad, 0);
    CHECK_EQ(st.hooked, NDIVS);
}

static void test_div_uncorrected_differ(void)
{
    long n, ov, bad;
    CHECK_EQ(load("fix_div.bin"), 0);
    CHECK_EQ(run(m68kfix_cpu_model(), NO_FIX, NULL), 0);
    bad = check_divs(&n, &ov);
    CHECK_EQ(n, NPAIRS * 2 * NDIVS);
    CHECK(bad > 0);
    CHECK(bad <= ov);         /* only overflow cases are wrong */
}

static void test_divs_min_by_minus_one(void)
{
    /* divs.w d1,d0 with $80000000 / -1: Unicorn 2.0.1 computes INT_MIN / -1
     * on the host (SIGFPE, the process dies).  Corrected, it is an overflow
     * like any other: d0 kept, N and V set, X kept. */
    static const uint8_t code[] = { 0x44, 0xFC, 0x00, 0x10,   /* move #$10,ccr */
                                    0x81, 0xC1 };             /* divs.w d1,d0 */
    uc_engine *uc;
    uint32_t d0 = 0x80000000u, d1 = 0xFFFF, pc = 0, sr0 = 0x2700;
    uint16_t sr = 0;
    CHECK(uc_open(UC_ARCH_M68K, UC_MODE_BIG_ENDIAN, &uc) == UC_ERR_OK);
    CHECK(uc_ctl_set_cpu_model(uc, m68kfix_cpu_model()) == UC_ERR_OK);
    memset(mem, 0, sizeof mem);
    memcpy(mem, code, sizeof code);
    CHECK(uc_mem_map_ptr(uc, 0, MEM, UC_PROT_ALL, mem) == UC_ERR_OK);
    uc_reg_write(uc, UC_M68K_REG_SR, &sr0);
    CHECK_EQ(m68kfix_install(uc, 0, sizeof code - 1), 0);
    uc_reg_write(uc, UC_M68K_REG_D0, &d0);
    uc_reg_write(uc, UC_M68K_REG_D1, &d1);
    CHECK(uc_emu_start(uc, 0, sizeof code, 0, 0) == UC_ERR_OK);
    uc_reg_read(uc, UC_M68K_REG_PC, &pc);
    uc_reg_read(uc, UC_M68K_REG_D0, &d0);
    CHECK_EQ(pc, sizeof code);
    CHECK_EQ(d0, 0x80000000u);
    CHECK_EQ(m68kfix_read_sr(uc, 0x100, &sr), 0);
    CHECK_EQ(sr & 0x1F, 0x1A);
    uc_close(uc);
}

/* ---- SR reading ---- */

static void test_read_sr(void)
{
    /* move.w #$2715,sr (ccr X, Z, C) then moveq #0,d1 (clears V, C, sets Z,
     * keeps X): SR = $2714.  uc_reg_read shows only the system byte. */
    static const uint8_t code[] = { 0x46, 0xFC, 0x27, 0x15, 0x72, 0x00 };
    uc_engine *uc;
    uint32_t raw = 0xFFFF, sr0 = 0x2700;
    uint16_t sr = 0;
    CHECK(uc_open(UC_ARCH_M68K, UC_MODE_BIG_ENDIAN, &uc) == UC_ERR_OK);
    CHECK(uc_ctl_set_cpu_model(uc, m68kfix_cpu_model()) == UC_ERR_OK);
    memset(mem, 0, sizeof mem);
    memcpy(mem, code, sizeof code);
    CHECK(uc_mem_map_ptr(uc, 0, MEM, UC_PROT_ALL, mem) == UC_ERR_OK);
    uc_reg_write(uc, UC_M68K_REG_SR, &sr0);  /* supervisor: move to sr */
    CHECK(uc_emu_start(uc, 0, sizeof code, 0, 0) == UC_ERR_OK);
    uc_reg_read(uc, UC_M68K_REG_SR, &raw);
    CHECK_EQ(raw & 0xFF00u, 0x2700);
    CHECK_EQ(m68kfix_read_sr(uc, 0x100, &sr), 0);
    CHECK_EQ(sr, 0x2714);
    /* the probe leaves the scratch bytes as they were */
    CHECK_EQ(mem[0x100], 0);
    CHECK_EQ(mem[0x101], 0);
    uc_close(uc);
}

/* ---- the 68000 model ---- */

static void test_cpu_model_is_68000(void)
{
    /* lea 0(a0,d1.w*4),a1: the 68000 ignores the scale bits */
    static const uint8_t code[] = { 0x43, 0xF0, 0x14, 0x00 };
    uc_engine *uc;
    uint32_t a0 = 0x200, d1 = 3, a1 = 0;
    int model = m68kfix_cpu_model();
    CHECK(model >= 0);
    CHECK(uc_open(UC_ARCH_M68K, UC_MODE_BIG_ENDIAN, &uc) == UC_ERR_OK);
    CHECK(uc_ctl_set_cpu_model(uc, model) == UC_ERR_OK);
    memset(mem, 0, sizeof mem);
    memcpy(mem, code, sizeof code);
    CHECK(uc_mem_map_ptr(uc, 0, MEM, UC_PROT_ALL, mem) == UC_ERR_OK);
    uc_reg_write(uc, UC_M68K_REG_A0, &a0);
    uc_reg_write(uc, UC_M68K_REG_D1, &d1);
    CHECK(uc_emu_start(uc, 0, sizeof code, 0, 0) == UC_ERR_OK);
    uc_reg_read(uc, UC_M68K_REG_A1, &a1);
    CHECK_EQ(a1, 0x203);
    uc_close(uc);
}

/* ---- m68kform ---- */

static void test_form_names(void)
{
    static const struct {
        uint16_t op;
        const char *name;
        unsigned len;
    } cases[] = {
        { 0xE0E8, "ASR.w (d16, An)", 4 },      /* asr obVelX(a0) */
        { 0xE0D8, "ASR.w (An)+", 2 },
        { 0xE2F8, "LSR.w (xxx).w", 4 },
        { 0xE1F9, "ASL.w (xxx).l", 6 },
        { 0xE048, "LSR.w q, Dn", 2 },          /* lsr.w #8,d0 */
        { 0xE26A, "LSR.w Dn, Dn", 2 },
        { 0x5268, "ADD.w q, (d16, An)", 4 },   /* addq.w #1,8(a0) */
        { 0x0640, "ADD.w #, Dn", 4 },          /* addi.w #x,d0 */
        { 0x7000, "MOVE.q q, Dn", 2 },
        { 0x3028, "MOVE.w (d16, An), Dn", 4 },
        { 0x317C, "MOVE.w #, (d16, An)", 6 },
        { 0x2079, "MOVEA.l (xxx).l, An", 6 },
        { 0x6700, "Bcc #", 4 },
        { 0x6706, "Bcc q", 2 },
        { 0x60FF, "Bcc q", 2 },                /* the 68000: disp -1 */
        { 0x6100, "BSR #", 4 },
        { 0x51C8, "DBcc Dn, #", 4 },
        { 0x57C0, "Scc Dn", 2 },
        { 0x4E75, "RTS", 2 },
        { 0x48E7, "MOVEM.l #, -(An)", 4 },
        { 0x4CDF, "MOVEM.l (An)+, #", 4 },
        { 0x0828, "BTST #, (d16, An)", 6 },
        { 0x0103, "BTST Dn, Dn", 2 },
        { 0xB5C8, "CMPA.l An, An", 2 },
        { 0xB348, "CMP.w (An)+, (An)+", 2 },
        { 0xC1C1, "MULS Dn, Dn", 2 },
        { 0x88C3, "DIVU Dn, Dn", 2 },
        { 0x44C0, "MOVEtoCCR Dn", 2 },
        { 0x023C, "ANDItoCCR #", 4 },
        { 0x4E56, "LINK An, #", 4 },
        { 0xC34A, "EXG An, An", 2 },
        { 0x4A30, "TST.b (d8, An, Xn)", 4 },
        { 0x303B, "MOVE.w (d8, PC, Xn), Dn", 4 },
        { 0x4EFB, "JMP (d8, PC, Xn)", 4 },
    };
    size_t i;
    char buf[M68KFORM_NAME_MAX];
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        unsigned len = m68kform_name(cases[i].op, buf, sizeof buf);
        if (strcmp(buf, cases[i].name) != 0 || len != cases[i].len) {
            printf("  %04X: \"%s\" (%u), expected \"%s\" (%u)\n",
                   (unsigned)cases[i].op, buf, len, cases[i].name,
                   cases[i].len);
            test_current_failed = 1;
        }
    }
    /* not 68000 instructions */
    CHECK_EQ(m68kform_length(0x4E74), 0);   /* rtd (68010) */
    CHECK_EQ(m68kform_length(0x49C0), 0);   /* extb.l (68020) */
    CHECK_EQ(m68kform_length(0x1048), 0);   /* move.b a0,d0 */
    CHECK_EQ(m68kform_length(0xE0C0), 0);   /* asr.w d0 as a memory form */
}

static void test_corrected_form_set(void)
{
    CHECK(m68kfix_is_corrected_form(0xE0E8));   /* asr.w d16(a0) */
    CHECK(!m68kfix_is_corrected_form(0xE0D0));  /* asr.w (a0): right */
    CHECK(m68kfix_is_corrected_form(0xE2D0));   /* lsr.w (a0) */
    CHECK(!m68kfix_is_corrected_form(0xE2D8));  /* lsr.w (a0)+: right */
    CHECK(m68kfix_is_corrected_form(0xE1D0));   /* asl.w (a0) */
    CHECK(!m68kfix_is_corrected_form(0xE3D0));  /* lsl.w (a0): right */
    CHECK(m68kfix_is_corrected_form(0x88C3));   /* divu.w d3,d4 */
    CHECK(m68kfix_is_corrected_form(0x81FC));   /* divs.w #imm,d0 */
    CHECK(!m68kfix_is_corrected_form(0x80C8));  /* divu.w a0: invalid */
    CHECK(!m68kfix_is_corrected_form(0xE4D0));  /* roxr.w (a0) */
}

int main(void)
{
    RUN(test_shifts_corrected_68000);
    RUN(test_shifts_corrected_default_model);
    RUN(test_shifts_dynamic);
    RUN(test_shifts_uncorrected_differ);
    RUN(test_div_corrected);
    RUN(test_div_uncorrected_differ);
    RUN(test_divs_min_by_minus_one);
    RUN(test_read_sr);
    RUN(test_cpu_model_is_68000);
    RUN(test_form_names);
    RUN(test_corrected_form_set);
    TEST_MAIN_END();
}
