/*
 * m68k.h - 68000 arithmetic, written so that C gives the same bits.
 *
 * The original code works on bytes, words and longs that wrap, shifts
 * arithmetically (rounding toward minus infinity) and multiplies 16x16->32.
 * Plain C differs in three ways that matter here: signed overflow is
 * undefined, right shifts of negative numbers are implementation-defined,
 * and '/' rounds toward zero.  Every helper below does its work in unsigned
 * arithmetic (defined wraparound) and converts back explicitly, so the
 * results are identical on every compiler, at every optimisation level, and
 * UBSan has nothing to say.
 */
#ifndef SPG_M68K_H
#define SPG_M68K_H

#include <stdint.h>

/* Reinterpret the low 16 / 8 / 32 bits as signed (two's complement)
 * without relying on implementation-defined conversions. */
static inline int16_t m68k_w(uint32_t v)
{
    v &= 0xFFFFu;
    return (int16_t)(v >= 0x8000u ? (int32_t)v - 0x10000 : (int32_t)v);
}

static inline int8_t m68k_b(uint32_t v)
{
    v &= 0xFFu;
    return (int8_t)(v >= 0x80u ? (int32_t)v - 0x100 : (int32_t)v);
}

static inline int32_t m68k_l(uint32_t v)
{
    return v >= 0x80000000u ? -(int32_t)(~v) - 1 : (int32_t)v;
}

/* add.w / sub.w / neg.w: wrap to 16 bits. */
static inline int16_t m68k_addw(int32_t a, int32_t b)
{
    return m68k_w((uint32_t)a + (uint32_t)b);
}

static inline int16_t m68k_subw(int32_t a, int32_t b)
{
    return m68k_w((uint32_t)a - (uint32_t)b);
}

static inline int16_t m68k_negw(int32_t a)
{
    return m68k_w(0u - (uint32_t)a);
}

/* add.l / sub.l: wrap to 32 bits. */
static inline int32_t m68k_addl(int32_t a, int32_t b)
{
    return m68k_l((uint32_t)a + (uint32_t)b);
}

static inline int32_t m68k_subl(int32_t a, int32_t b)
{
    return m68k_l((uint32_t)a - (uint32_t)b);
}

/* asr.l #n / asr.w #n: arithmetic shift right, rounding toward minus
 * infinity (what the 68000 does; C's >> on negatives is not portable). */
static inline int32_t m68k_asrl(int32_t v, unsigned n)
{
    if (n > 31)
        n = 31;
    return v >= 0 ? v >> n : -(int32_t)((~(uint32_t)v) >> n) - 1;
}

static inline int16_t m68k_asrw(int16_t v, unsigned n)
{
    return (int16_t)m68k_asrl(v, n > 15 ? 15 : n);
}

/* asl.l #n / asl.w #n / lsl: shift left with wraparound. */
static inline int32_t m68k_asll(int32_t v, unsigned n)
{
    return m68k_l((uint32_t)v << (n & 31));
}

static inline int16_t m68k_aslw(int32_t v, unsigned n)
{
    return m68k_w((uint32_t)v << (n & 31));
}

/* muls.w: 16 x 16 -> 32 signed (cannot overflow). */
static inline int32_t m68k_muls(int16_t a, int16_t b)
{
    return (int32_t)a * (int32_t)b;
}

/* The idiom "muls.w d?,d?; asr.l #8,d?" and keep the word. */
static inline int16_t m68k_mul8(int16_t a, int16_t b)
{
    return m68k_w((uint32_t)m68k_asrl(m68k_muls(a, b), 8));
}

/* ext.w / ext.l */
static inline int16_t m68k_extw(uint8_t b) { return m68k_b(b); }

/* Pixel (high word) and subpixel (low word) of a 16.16 position. */
static inline int16_t m68k_hiw(int32_t v) { return m68k_w((uint32_t)v >> 16); }
static inline uint16_t m68k_low(int32_t v) { return (uint16_t)((uint32_t)v & 0xFFFFu); }

/* Build a 16.16 position from pixel and subpixel words. */
static inline int32_t m68k_mkl(int16_t hi, uint16_t lo)
{
    return m68k_l(((uint32_t)(uint16_t)hi << 16) | lo);
}

/* Replace only the pixel word (move.w d0,obX(a0)). */
static inline int32_t m68k_sethiw(int32_t v, int16_t hi)
{
    return m68k_mkl(hi, m68k_low(v));
}

#endif /* SPG_M68K_H */
