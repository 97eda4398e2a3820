/*
 * trig.c - the sine and angle tables, CalcSine and CalcAngle.
 *
 * Both tables are generated from their formulas, not copied; the generator
 * (run once, Python) was:
 *
 *   sine[i]  = int(256 * sin(2*pi*i/256))   for i in 0..319 (truncation),
 *              except sine[i] = -117 for i mod 256 in ($93, $ED)
 *   angle[i] = floor(atan(i/256) * 128/pi + 0.5)   for i in 0..256
 *
 * Every entry was then compared with the original REV01 tables (Sine_Data
 * at $29EA, Angle_Data at $2CD0): all 320 + 257 entries agree.  The two
 * -117 entries are the original's own oddity (the formula gives -115 there),
 * so its sine is not exactly antisymmetric.  test_trig pins both tables with
 * checksums of the original's bytes.
 */
#include "internal.h"

/* 320 words: a quarter turn more than a full turn, so that the cosine of
 * angle a is simply entry a + $40. */
const int16_t spg_sine_table[320] = {
    0, 6, 12, 18, 25, 31, 37, 43, 49, 56, 62, 68,
    74, 80, 86, 92, 97, 103, 109, 115, 120, 126, 131, 136,
    142, 147, 152, 157, 162, 167, 171, 176, 181, 185, 189, 193,
    197, 201, 205, 209, 212, 216, 219, 222, 225, 228, 231, 234,
    236, 238, 241, 243, 244, 246, 248, 249, 251, 252, 253, 254,
    254, 255, 255, 255, 256, 255, 255, 255, 254, 254, 253, 252,
    251, 249, 248, 246, 244, 243, 241, 238, 236, 234, 231, 228,
    225, 222, 219, 216, 212, 209, 205, 201, 197, 193, 189, 185,
    181, 176, 171, 167, 162, 157, 152, 147, 142, 136, 131, 126,
    120, 115, 109, 103, 97, 92, 86, 80, 74, 68, 62, 56,
    49, 43, 37, 31, 25, 18, 12, 6, 0, -6, -12, -18,
    -25, -31, -37, -43, -49, -56, -62, -68, -74, -80, -86, -92,
    -97, -103, -109, -117, -120, -126, -131, -136, -142, -147, -152, -157,
    -162, -167, -171, -176, -181, -185, -189, -193, -197, -201, -205, -209,
    -212, -216, -219, -222, -225, -228, -231, -234, -236, -238, -241, -243,
    -244, -246, -248, -249, -251, -252, -253, -254, -254, -255, -255, -255,
    -256, -255, -255, -255, -254, -254, -253, -252, -251, -249, -248, -246,
    -244, -243, -241, -238, -236, -234, -231, -228, -225, -222, -219, -216,
    -212, -209, -205, -201, -197, -193, -189, -185, -181, -176, -171, -167,
    -162, -157, -152, -147, -142, -136, -131, -126, -120, -117, -109, -103,
    -97, -92, -86, -80, -74, -68, -62, -56, -49, -43, -37, -31,
    -25, -18, -12, -6, 0, 6, 12, 18, 25, 31, 37, 43,
    49, 56, 62, 68, 74, 80, 86, 92, 97, 103, 109, 115,
    120, 126, 131, 136, 142, 147, 152, 157, 162, 167, 171, 176,
    181, 185, 189, 193, 197, 201, 205, 209, 212, 216, 219, 222,
    225, 228, 231, 234, 236, 238, 241, 243, 244, 246, 248, 249,
    251, 252, 253, 254, 254, 255, 255, 255,
};

/* atan(i/256) in byte-angle units, i = 0..256 (entry 256 is $20, 45 deg). */
const uint8_t spg_angle_table[257] = {
    0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2,
    3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 5, 5, 5,
    5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 7, 7, 7, 7, 7, 7,
    8, 8, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 10, 10, 10,
    10, 10, 10, 10, 11, 11, 11, 11, 11, 11, 11, 12, 12, 12, 12, 12,
    12, 12, 13, 13, 13, 13, 13, 13, 13, 14, 14, 14, 14, 14, 14, 14,
    15, 15, 15, 15, 15, 15, 15, 16, 16, 16, 16, 16, 16, 16, 17, 17,
    17, 17, 17, 17, 17, 17, 18, 18, 18, 18, 18, 18, 18, 19, 19, 19,
    19, 19, 19, 19, 19, 20, 20, 20, 20, 20, 20, 20, 20, 21, 21, 21,
    21, 21, 21, 21, 21, 21, 22, 22, 22, 22, 22, 22, 22, 22, 23, 23,
    23, 23, 23, 23, 23, 23, 23, 24, 24, 24, 24, 24, 24, 24, 24, 24,
    25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 26, 26, 26, 26, 26, 26,
    26, 26, 26, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 28, 28, 28,
    28, 28, 28, 28, 28, 28, 28, 28, 29, 29, 29, 29, 29, 29, 29, 29,
    29, 29, 29, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 31, 31,
    31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 32, 32, 32, 32, 32, 32,
    32,
};

/* CalcSine: d0 = sine, d1 = cosine of a byte angle, 8.8 fixed point. */
void spg_calc_sine(uint8_t angle, int16_t *sine, int16_t *cosine)
{
    *sine = spg_sine_table[angle];
    *cosine = spg_sine_table[angle + 0x40];
}

/*
 * CalcAngle: the byte angle of (x, y), y pointing down.  The original takes
 * absolute values as words (so -32768 becomes 32768, unsigned), divides the
 * smaller by the larger with divu (the quotient ((small << 8) / large) is at
 * most 256 and never overflows), looks the octant angle up and mirrors it:
 * x < 0 -> $80 - a, y < 0 -> $100 - a.  (0, 0) gives $40 (straight down).
 */
uint8_t spg_calc_angle(int16_t x, int16_t y)
{
    uint32_t ax, ay, a;

    if (x == 0 && y == 0)
        return 0x40;
    ax = (uint16_t)(x < 0 ? m68k_negw(x) : x);
    ay = (uint16_t)(y < 0 ? m68k_negw(y) : y);
    if (ay < ax)
        a = spg_angle_table[(ay << 8) / ax];
    else
        a = (0x40u - spg_angle_table[(ax << 8) / ay]) & 0xFFu;
    if (x < 0)
        a = 0x80u - a;
    if (y < 0)
        a = 0x100u - a;
    return (uint8_t)(a & 0xFFu);
}
