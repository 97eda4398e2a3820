/*
 * sst_run.c - run SingleStepTests/m68000 cases (converted by
 * scripts/sst_audit.py convert) one instruction at a time under Unicorn
 * 2.0.1 and compare the final state with the suite's.
 *
 * Local tooling for docs/emulator-audit.md, not part of CI (the test data
 * is not in the repository).  Build with `make sst-run` (rules in
 * harness/capture/m68kfix.mk), then
 *
 *   sst_run [--nofix] [--model N] [--canonical] [--verbose N] tests.txt
 *
 * --model N: the value given to uc_ctl_set_cpu_model (default
 * UC_CPU_M68K_M68000, which in Unicorn 2.0.1 selects QEMU's 68020; 0
 * selects its 68000: see docs/emulator-audit.md).  --canonical: clear the
 * extension-word bits an assembler never sets (see canonicalise()).
 * --nofix: without harness/capture/m68kfix.c (by default
 * m68kfix_install_dynamic() covers the whole address space).
 *
 * Output: one "R<TAB>form<TAB>tests<TAB>passed<TAB>failed<TAB>
 * address-error tests<TAB>notes" line per form, "F ..." lines describing
 * the first failures (--verbose N: N per form, default 3), and a "# ..."
 * summary line.
 *
 * What is compared: D0-D7, A0-A6, USP, SSP, SR (all 16 bits, read the
 * correct way: see m68kfix_read_sr), PC (the suite's PC is the address of
 * the next prefetch, 4 past the instruction; the same offset is applied
 * here) and every RAM byte the test lists; also any byte written that the
 * test does not list.  Not compared: cycle counts, bus transactions, the
 * prefetch queue.  Counted apart (neither passed nor failed; the notes say
 * how many and how many of them fail): tests whose transactions contain an
 * address error ("re"/"we": not run, Unicorn has none), tests where the
 * 68000 takes an exception (Unicorn stops with UC_ERR_EXCEPTION instead of
 * stacking a frame), brief extension words with bit 8 set (not run: QEMU
 * raises an exception and its translator can crash), static bit
 * instructions whose bit-number word has bits 8-15 set, and Bcc/BSR with
 * displacement $FF.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicorn/unicorn.h>

#include "capture/m68kfix.h"
#include "capture/m68kform.h"

#define MEM_SIZE 0x1000000u   /* 24-bit bus, mirrored over 4 GiB */
#define MAX_RAM 256
#define MAX_WRITES 64

struct state {
    uint32_t r[19]; /* d0-d7 a0-a6 usp ssp sr pc */
    uint32_t ram_addr[MAX_RAM];
    uint8_t ram_val[MAX_RAM];
    int nram;
};

struct formres {
    char form[M68KFORM_NAME_MAX];
    long run, passed, failed, addrerr, exc, shown, ext8;
    long bitnum, bitnum_failed, dispff, dispff_failed, trap, trap_failed;
    long bad_reg, bad_sr, bad_pc, bad_ram, bad_stray;
};

static struct formres *forms;
static int nforms, capforms;
static uint8_t *mem;
static uint32_t writes[MAX_WRITES];
static int nwrites;

static const char *const regname[19] = {
    "d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "a0", "a1", "a2", "a3",
    "a4", "a5", "a6", "usp", "ssp", "sr", "pc"
};

static struct formres *get_form(const char *name)
{
    int i;
    for (i = 0; i < nforms; i++)
        if (strcmp(forms[i].form, name) == 0)
            return &forms[i];
    if (nforms == capforms) {
        capforms = capforms ? capforms * 2 : 64;
        forms = realloc(forms, (size_t)capforms * sizeof *forms);
        if (!forms) {
            perror("realloc");
            exit(2);
        }
    }
    memset(&forms[nforms], 0, sizeof forms[nforms]);
    {
        size_t n = strlen(name);
        if (n >= sizeof forms[nforms].form)
            n = sizeof forms[nforms].form - 1;
        memcpy(forms[nforms].form, name, n);
        forms[nforms].form[n] = '\0';
    }
    return &forms[nforms++];
}

static char *parse_regs(char *s, uint32_t r[19])
{
    int i;
    for (i = 0; i < 19; i++)
        r[i] = (uint32_t)strtoul(s, &s, 16);
    return s;
}

static void parse_ram(char *s, struct state *st)
{
    st->nram = 0;
    while (*s && *s != '|' && *s != '\n') {
        char *e;
        uint32_t a = (uint32_t)strtoul(s, &e, 16);
        if (e == s)
            break;
        if (*e != ':')
            break;
        s = e + 1;
        if (st->nram < MAX_RAM) {
            st->ram_addr[st->nram] = a;
            st->ram_val[st->nram] = (uint8_t)strtoul(s, &e, 16);
            st->nram++;
        } else {
            strtoul(s, &e, 16);
        }
        s = e;
        while (*s == ' ')
            s++;
    }
}

static void hook_write(uc_engine *uc, uc_mem_type type, uint64_t address,
                       int size, int64_t value, void *user_data)
{
    int i;
    (void)uc;
    (void)type;
    (void)value;
    (void)user_data;
    for (i = 0; i < size && nwrites < MAX_WRITES; i++)
        writes[nwrites++] = (uint32_t)(address + (uint64_t)i) & (MEM_SIZE - 1u);
}

static void wr(uc_engine *uc, int id, uint32_t v)
{
    uc_reg_write(uc, id, &v);
}

static uint32_t rd(uc_engine *uc, int id)
{
    int32_t v = 0;
    uc_reg_read(uc, id, &v);
    return (uint32_t)v;
}

static int in_ram(const struct state *st, uint32_t a)
{
    int i;
    for (i = 0; i < st->nram; i++)
        if (st->ram_addr[i] == a)
            return 1;
    return 0;
}


/*
 * Offsets (from the opcode) of the brief extension words ((d8, An, Xn) /
 * (d8, PC, Xn)) of an instruction, from its form.  Extension words follow
 * the operands in order, except that movem <ea>,<list> has its register
 * mask first.  Returns how many (at most 2).
 */
static int brief_ext_offsets(const char *form, uint32_t offs[2])
{
    char fam[M68KFORM_NAME_MAX];
    const char *ops = strchr(form, ' ');
    uint32_t off = 2;
    size_t flen = ops ? (size_t)(ops - form) : strlen(form);
    int is_long, is_movem, n_out = 0;
    memcpy(fam, form, flen);
    fam[flen] = '\0';
    if (!ops)
        return 0;
    is_long = flen > 2 && strcmp(fam + flen - 2, ".l") == 0;
    is_movem = strncmp(fam, "MOVEM", 5) == 0;
    if (is_movem && ops[strlen(ops) - 1] == '#')
        off += 2;  /* movem <ea>,<list>: register mask first */
    ops++;
    while (*ops) {
        const char *end = strstr(ops, ", ");
        size_t n = end ? (size_t)(end - ops) : strlen(ops);
        if (n == 1 && ops[0] == '#') {
            if (!is_movem)
                off += is_long ? 4u : 2u;
            else if (ops == strchr(form, ' ') + 1)
                off += 2;  /* movem <list>,<ea>: mask first */
        } else if (strncmp(ops, "(d8, ", 5) == 0) {
            if (n_out < 2)
                offs[n_out++] = off;
            off += 2;
        } else if (strncmp(ops, "(d16, ", 6) == 0 || strncmp(ops, "(xxx).w", 7) == 0) {
            off += 2;
        } else if (strncmp(ops, "(xxx).l", 7) == 0) {
            off += 4;
        }
        if (!end)
            break;
        ops = end + 2;
    }
    return n_out;
}

static int get16(const struct state *st, uint32_t a, uint16_t *w)
{
    int k, found = 0;
    *w = 0;
    for (k = 0; k < st->nram; k++) {
        if (st->ram_addr[k] == a) {
            *w = (uint16_t)(*w | (st->ram_val[k] << 8));
            found |= 1;
        }
        if (st->ram_addr[k] == a + 1u) {
            *w = (uint16_t)(*w | st->ram_val[k]);
            found |= 2;
        }
    }
    return found == 3;
}

/* Replace the word at a (where it holds `old`) by `w`. */
static void put16(struct state *st, uint32_t a, uint16_t old, uint16_t w)
{
    int k;
    for (k = 0; k < st->nram; k++) {
        if (st->ram_addr[k] == a && st->ram_val[k] == (uint8_t)(old >> 8))
            st->ram_val[k] = (uint8_t)(w >> 8);
        if (st->ram_addr[k] == a + 1u && st->ram_val[k] == (uint8_t)old)
            st->ram_val[k] = (uint8_t)w;
    }
}

/* Does a brief extension word have bit 8 set? */
static int has_ext_bit8(const char *form, const struct state *ini, uint32_t pc0)
{
    uint32_t offs[2];
    int n = brief_ext_offsets(form, offs), k;
    for (k = 0; k < n; k++) {
        uint16_t w;
        if (get16(ini, pc0 + offs[k], &w) && (w & 0x0100u))
            return 1;
    }
    return 0;
}

/*
 * --canonical: clear the bits the 68000 ignores and an assembler never
 * sets (bits 8-10 of a brief extension word, bits 8-15 of a static bit
 * instruction's bit number word).  The 68000's result is the same, so the
 * expected final state stays valid (the patched word is patched there too).
 * Returns 1 if anything was changed.
 */
static int canonicalise(const char *form, struct state *ini, struct state *fin,
                        uint32_t pc0)
{
    uint32_t offs[2];
    int n = brief_ext_offsets(form, offs), k, changed = 0;
    uint16_t w;
    for (k = 0; k < n; k++) {
        if (get16(ini, pc0 + offs[k], &w) && (w & 0x0700u)) {
            put16(fin, pc0 + offs[k], w, (uint16_t)(w & ~0x0700u));
            put16(ini, pc0 + offs[k], w, (uint16_t)(w & ~0x0700u));
            changed = 1;
        }
    }
    if ((strncmp(form, "BTST #", 6) == 0 || strncmp(form, "BCHG #", 6) == 0 ||
         strncmp(form, "BCLR #", 6) == 0 || strncmp(form, "BSET #", 6) == 0) &&
        get16(ini, pc0 + 2u, &w) && (w & 0xFF00u)) {
        put16(fin, pc0 + 2u, w, (uint16_t)(w & 0x00FFu));
        put16(ini, pc0 + 2u, w, (uint16_t)(w & 0x00FFu));
        changed = 1;
    }
    return changed;
}

int main(int argc, char **argv)
{
    const char *path = NULL;
    int nofix = 0, verbose = 3, i, model = UC_CPU_M68K_M68000, canonical = 0;
    long ncanon = 0;
    FILE *f;
    uc_engine *uc;
    static char line[1 << 16];
    struct m68kfix_stats stats = { 0, 0 };
    long total = 0, bad_form_name = 0, bad_len = 0;
    uc_hook hw;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--nofix") == 0)
            nofix = 1;
        else if (strcmp(argv[i], "--canonical") == 0)
            canonical = 1;
        else if (strcmp(argv[i], "--model") == 0 && i + 1 < argc)
            model = atoi(argv[++i]);
        else if (strcmp(argv[i], "--verbose") == 0 && i + 1 < argc)
            verbose = atoi(argv[++i]);
        else
            path = argv[i];
    }
    if (!path) {
        fprintf(stderr, "usage: sst_run [--nofix] [--model N] [--canonical] "
                "[--verbose N] tests.txt\n");
        return 2;
    }
    f = fopen(path, "r");
    if (!f) {
        perror(path);
        return 2;
    }
    if (uc_open(UC_ARCH_M68K, UC_MODE_BIG_ENDIAN, &uc) != UC_ERR_OK ||
        uc_ctl_set_cpu_model(uc, model) != UC_ERR_OK) {
        fprintf(stderr, "unicorn: cannot open a 68000\n");
        return 2;
    }
    mem = calloc(1, MEM_SIZE);
    if (!mem)
        return 2;
    /* The 68000 drives 24 address lines: mirror the 16 MiB everywhere. */
    for (i = 0; i < 256; i++) {
        if (uc_mem_map_ptr(uc, (uint64_t)i * MEM_SIZE, MEM_SIZE, UC_PROT_ALL,
                           mem) != UC_ERR_OK) {
            fprintf(stderr, "unicorn: cannot map mirror %d\n", i);
            return 2;
        }
    }
    if (!nofix && m68kfix_install_dynamic(uc, 0, 0xFFFFFFFFu, &stats) != 0) {
        fprintf(stderr, "m68kfix_install_dynamic failed\n");
        return 2;
    }
    uc_ctl_exits_enable(uc);
    uc_hook_add(uc, &hw, UC_HOOK_MEM_WRITE, (void *)hook_write, NULL, 1, 0);

    while (fgets(line, sizeof line, f)) {
        struct state ini, fin;
        char *p, *form, *q;
        unsigned opcode;
        int ae;
        struct formres *fr;
        uint32_t pc0, got[19], probe;
        uint16_t sr;
        uc_err err;
        int fail = 0, k;
        char why[256] = "";
        char name[M68KFORM_NAME_MAX];
        unsigned len;
        int test_cat;

        if (strncmp(line, "T ", 2) != 0)
            continue;
        form = line + 2;
        p = strchr(form, '|');
        if (!p)
            continue;
        *p++ = '\0';
        opcode = (unsigned)strtoul(p, &p, 16);
        p++;
        ae = (int)strtol(p, &p, 10);
        p++;
        p = parse_regs(p, ini.r);
        p++;
        q = strchr(p, '|');
        parse_ram(p, &ini);
        p = parse_regs(q + 1, fin.r);
        p++;
        parse_ram(p, &fin);
        fr = get_form(form);
        total++;

        /* m68kform must name the opcode as the suite does */
        len = m68kform_name((uint16_t)opcode, name, sizeof name);
        if (strcmp(name, form) != 0) {
            bad_form_name++;
            if (bad_form_name <= 10)
                printf("N form mismatch %04x: suite \"%s\", m68kform \"%s\"\n",
                       opcode, form, name);
        }

        if (ae) {
            /* An address error is part of the expected result: Unicorn has
             * none (and may crash translating where it jumps instead), so
             * these are counted apart and not run. */
            fr->run++;
            fr->addrerr++;
            continue;
        }

        if (canonical &&
            canonicalise(form, &ini, &fin, (ini.r[18] - 4u) & (MEM_SIZE - 1u)))
            ncanon++;
        if (has_ext_bit8(form, &ini, (ini.r[18] - 4u) & (MEM_SIZE - 1u))) {
            /* Unicorn raises an exception for these (and its translator
             * can crash on them): counted apart, not run. */
            fr->run++;
            fr->ext8++;
            continue;
        }

        /* Encodings an assembler never emits, and exceptions: counted
         * apart (see the header). */
        {
            uint16_t w2 = 0;
            int cat = 0;
            uint32_t ipc0 = (ini.r[18] - 4u) & (MEM_SIZE - 1u);
            for (k = 0; k < ini.nram; k++) {
                if (ini.ram_addr[k] == ipc0 + 2u)
                    w2 = (uint16_t)(w2 | (ini.ram_val[k] << 8));
                if (ini.ram_addr[k] == ipc0 + 3u)
                    w2 = (uint16_t)(w2 | ini.ram_val[k]);
            }
            if ((strncmp(form, "BTST #", 6) == 0 || strncmp(form, "BCHG #", 6) == 0 ||
                 strncmp(form, "BCLR #", 6) == 0 || strncmp(form, "BSET #", 6) == 0) &&
                (w2 & 0xFF00u))
                cat = 1;  /* bit number word with bits 8-15 set */
            else if ((opcode & 0xF000u) == 0x6000u && (opcode & 0xFFu) == 0xFFu)
                cat = 2;  /* Bcc.s / BSR.s with displacement $FF */
            else if (fin.r[16] == ini.r[16] - 6u && (fin.r[17] & 0x2000u) &&
                     fin.r[18] != ini.r[18] + len)
                cat = 3;  /* the 68000 takes an exception */
            test_cat = cat;
        }

        /* load */
        for (k = 0; k < ini.nram; k++)
            mem[ini.ram_addr[k] & (MEM_SIZE - 1u)] = ini.ram_val[k];
        pc0 = (ini.r[18] - 4u) & (MEM_SIZE - 1u);
        uc_ctl_remove_cache(uc, (uint64_t)pc0, (uint64_t)pc0 + 16u);
        for (k = 0; k < 8; k++)
            wr(uc, UC_M68K_REG_D0 + k, ini.r[k]);
        for (k = 0; k < 7; k++)
            wr(uc, UC_M68K_REG_A0 + k, ini.r[8 + k]);
        wr(uc, UC_M68K_REG_SR, 0x0000);     /* user: A7 is USP */
        wr(uc, UC_M68K_REG_A7, ini.r[15]);
        wr(uc, UC_M68K_REG_SR, 0x2000);     /* supervisor: A7 is SSP */
        wr(uc, UC_M68K_REG_A7, ini.r[16]);
        wr(uc, UC_M68K_REG_SR, ini.r[17]);
        wr(uc, UC_M68K_REG_PC, pc0);
        /* a scratch address for the SR probe that the test does not use */
        probe = 0xFFFFF0u;
        while (in_ram(&ini, probe) || in_ram(&ini, probe + 1) ||
               in_ram(&fin, probe) || in_ram(&fin, probe + 1))
            probe -= 16;
        /* Stop translation right after the instruction (and at the
         * expected branch target): Unicorn 2.0.1 crashes translating some
         * invalid words that may follow a test's instruction. */
        {
            uint64_t exits[4];
            size_t ne = 0;
            uint64_t cand[4];
            cand[0] = (uint64_t)pc0 + (len ? len : 2u);
            cand[1] = (uint64_t)((fin.r[18] - 4u) & (MEM_SIZE - 1u));
            cand[2] = (uint64_t)(uint32_t)(fin.r[18] - 4u);
            cand[3] = (uint64_t)probe + 2u;
            for (k = 0; k < 4; k++)
                if (cand[k] != pc0)   /* a branch to itself must still run */
                    exits[ne++] = cand[k];
            uc_ctl_set_exits(uc, exits, ne);
        }
        nwrites = 0;
        err = uc_emu_start(uc, pc0, 0, 0, 1);

        /* read back */
        for (k = 0; k < 8; k++)
            got[k] = rd(uc, UC_M68K_REG_D0 + k);
        for (k = 0; k < 7; k++)
            got[8 + k] = rd(uc, UC_M68K_REG_A0 + k);
        got[18] = rd(uc, UC_M68K_REG_PC) + 4u;
        {
            int nw = nwrites;
            if (m68kfix_read_sr(uc, probe, &sr) != 0)
                sr = 0xFFFF;
            nwrites = nw;
        }
        got[17] = sr;
        {
            uint32_t s = rd(uc, UC_M68K_REG_SR);
            uint32_t a7 = rd(uc, UC_M68K_REG_A7);
            if (sr & 0x2000) {
                got[16] = a7;
                wr(uc, UC_M68K_REG_SR, s & ~0x2000u);
                got[15] = rd(uc, UC_M68K_REG_A7);
            } else {
                got[15] = a7;
                wr(uc, UC_M68K_REG_SR, s | 0x2000u);
                got[16] = rd(uc, UC_M68K_REG_A7);
            }
        }

        if (err != UC_ERR_OK) {
            fail = 1;
            snprintf(why + strlen(why), sizeof why - strlen(why),
                     " exception(%s)", uc_strerror(err));
            fr->exc++;
        }
        for (k = 0; k < 19; k++) {
            if (got[k] != fin.r[k]) {
                fail = 1;
                snprintf(why + strlen(why), sizeof why - strlen(why),
                         " %s=%x(want %x)", regname[k], got[k], fin.r[k]);
                if (k == 17) fr->bad_sr++;
                else if (k == 18) fr->bad_pc++;
                else fr->bad_reg++;
            }
        }
        for (k = 0; k < fin.nram; k++) {
            uint8_t g = mem[fin.ram_addr[k] & (MEM_SIZE - 1u)];
            if (g != fin.ram_val[k]) {
                fail = 1;
                fr->bad_ram++;
                snprintf(why + strlen(why), sizeof why - strlen(why),
                         " [%x]=%x(want %x)", fin.ram_addr[k], g, fin.ram_val[k]);
            }
        }
        for (k = 0; k < nwrites; k++) {
            if (!in_ram(&fin, writes[k])) {
                fail = 1;
                fr->bad_stray++;
                snprintf(why + strlen(why), sizeof why - strlen(why),
                         " stray write %x", writes[k]);
                break;
            }
        }
        /* instruction length, where the instruction just falls through */
        if (!ae && err == UC_ERR_OK && len && fin.r[18] != ini.r[18] + len &&
            fin.r[16] == ini.r[16] && strncmp(form, "B", 1) != 0 &&
            strncmp(form, "DB", 2) != 0 && strncmp(form, "J", 1) != 0 &&
            strncmp(form, "RT", 2) != 0)
            bad_len++;

        fr->run++;
        if (ae) {
            fr->addrerr++;  /* counted apart: neither passed nor failed */
        } else if (test_cat == 1) {
            fr->bitnum++;
            fr->bitnum_failed += fail;
        } else if (test_cat == 2) {
            fr->dispff++;
            fr->dispff_failed += fail;
        } else if (test_cat == 3) {
            fr->trap++;
            fr->trap_failed += fail;
        } else if (fail) {
            fr->failed++;
            if (fr->shown < verbose) {
                fr->shown++;
                printf("F %s | %04x |%s\n", form, opcode, why);
            }
        } else {
            fr->passed++;
        }

        /* clean up for the next test */
        for (k = 0; k < ini.nram; k++)
            mem[ini.ram_addr[k] & (MEM_SIZE - 1u)] = 0;
        for (k = 0; k < fin.nram; k++)
            mem[fin.ram_addr[k] & (MEM_SIZE - 1u)] = 0;
        for (k = 0; k < nwrites; k++)
            mem[writes[k]] = 0;
        uc_ctl_remove_cache(uc, (uint64_t)pc0, (uint64_t)pc0 + 16u);
    }
    fclose(f);

    for (i = 0; i < nforms; i++) {
        struct formres *r = &forms[i];
        char notes[640] = "";
        if (r->failed) {
            snprintf(notes, sizeof notes, "wrong: %s%s%s%s%s%s",
                     r->bad_sr ? "SR " : "", r->bad_reg ? "registers " : "",
                     r->bad_pc ? "PC " : "", r->bad_ram ? "RAM " : "",
                     r->bad_stray ? "stray-writes " : "",
                     r->exc ? "exception " : "");
        }
        if (r->bitnum)
            snprintf(notes + strlen(notes), sizeof notes - strlen(notes),
                     "%s%ld of %ld tests with bits 8-15 of the bit number "
                     "word set fail (not counted)", notes[0] ? "; " : "",
                     r->bitnum_failed, r->bitnum);
        if (r->dispff)
            snprintf(notes + strlen(notes), sizeof notes - strlen(notes),
                     "%s%ld of %ld tests with displacement $FF fail (not "
                     "counted)", notes[0] ? "; " : "", r->dispff_failed,
                     r->dispff);
        if (r->trap)
            snprintf(notes + strlen(notes), sizeof notes - strlen(notes),
                     "%s%ld of %ld tests where the 68000 takes an exception "
                     "fail (not counted)", notes[0] ? "; " : "",
                     r->trap_failed, r->trap);
        if (r->ext8)
            snprintf(notes + strlen(notes), sizeof notes - strlen(notes),
                     "%s%ld tests with bit 8 set in a brief extension word "
                     "not run", notes[0] ? "; " : "", r->ext8);
        printf("R\t%s\t%ld\t%ld\t%ld\t%ld\t%s\n", r->form, r->run,
               r->passed, r->failed, r->addrerr, notes);
    }
    printf("# %ld tests, %ld form-name mismatches, %ld length mismatches, "
           "fix %s (%lu corrected), model %d, %ld tests canonicalised\n",
           total, bad_form_name, bad_len, nofix ? "off" : "on",
           stats.corrected, model, ncanon);
    uc_close(uc);
    free(mem);
    free(forms);
    return 0;
}
