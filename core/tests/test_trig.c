/*
 * test_trig.c - the sine and angle tables, CalcSine and CalcAngle.
 *
 * The table checksums are FNV-1a (32-bit) over the original REV01 tables'
 * entries as the ROM holds them (Sine_Data: 320 words, each hashed low byte
 * first; Angle_Data: 257 bytes), computed once from the ROM.  Any entry that
 * differs changes the checksum.  The CalcAngle expectations are worked out
 * by hand from the atan formula: tbl[i] = floor(atan(i/256)*128/pi + 0.5).
 */
#include "internal.h"
#include "test.h"

static uint32_t fnv1a(uint32_t h, uint8_t byte)
{
    return (h ^ byte) * 0x01000193u;
}

static void test_sine_checksum(void)
{
    uint32_t h = 0x811C9DC5u;
    int i;
    for (i = 0; i < 320; i++) {
        uint16_t w = (uint16_t)spg_sine_table[i];
        h = fnv1a(h, (uint8_t)(w & 0xFF));
        h = fnv1a(h, (uint8_t)(w >> 8));
    }
    CHECK_EQ(h, 0x2AFE4644u);
}

static void test_angle_checksum(void)
{
    uint32_t h = 0x811C9DC5u;
    int i;
    for (i = 0; i < 257; i++)
        h = fnv1a(h, spg_angle_table[i]);
    CHECK_EQ(h, 0x299A82D4u);
}

/* The two entries where the original differs from trunc(256 sin): -117, not
 * -115; their mirror images ($13, $6D) are the formula's 115. */
static void test_sine_odd_entries(void)
{
    CHECK_EQ(spg_sine_table[0x93], -117);
    CHECK_EQ(spg_sine_table[0xED], -117);
    CHECK_EQ(spg_sine_table[0x13], 115);
    CHECK_EQ(spg_sine_table[0x6D], 115);
    CHECK_EQ(spg_sine_table[0x40], 256);
    CHECK_EQ(spg_sine_table[0xC0], -256);
}

/* The last 64 words repeat the first 64 (cosine = entry a + $40). */
static void test_sine_wraps(void)
{
    int i;
    for (i = 0; i < 64; i++)
        CHECK_EQ(spg_sine_table[256 + i], spg_sine_table[i]);
}

static void test_calc_sine(void)
{
    int16_t s, c;
    spg_calc_sine(0x00, &s, &c);
    CHECK_EQ(s, 0);
    CHECK_EQ(c, 256);
    spg_calc_sine(0x20, &s, &c);
    CHECK_EQ(s, 181);
    CHECK_EQ(c, 181);
    spg_calc_sine(0x80, &s, &c);
    CHECK_EQ(s, 0);
    CHECK_EQ(c, -256);
    spg_calc_sine(0x53, &s, &c); /* cosine of $53 is entry $93 */
    CHECK_EQ(c, -117);
    spg_calc_sine(0xFF, &s, &c); /* cosine read from the 64 extra words */
    CHECK_EQ(c, spg_sine_table[0x3F]);
}

static void test_calc_angle_axes(void)
{
    CHECK_EQ(spg_calc_angle(0, 0), 0x40);   /* special case */
    CHECK_EQ(spg_calc_angle(1, 0), 0x00);
    CHECK_EQ(spg_calc_angle(0, 1), 0x40);   /* y down */
    CHECK_EQ(spg_calc_angle(-1, 0), 0x80);
    CHECK_EQ(spg_calc_angle(0, -1), 0xC0);
    CHECK_EQ(spg_calc_angle(-32768, 0), 0x80); /* |x| as unsigned 32768 */
}

static void test_calc_angle_diagonals(void)
{
    /* ay >= ax: $40 - tbl[(ax << 8) / ay]; tbl[256] = $20 */
    CHECK_EQ(spg_calc_angle(1, 1), 0x20);
    CHECK_EQ(spg_calc_angle(-1, 1), 0x60);
    CHECK_EQ(spg_calc_angle(-1, -1), 0xA0);
    CHECK_EQ(spg_calc_angle(1, -1), 0xE0);
    CHECK_EQ(spg_calc_angle(-32768, -32768), 0xA0);
}

static void test_calc_angle_octants(void)
{
    /* ay < ax: tbl[(50 << 8) / 100 = 128] = 19 */
    CHECK_EQ(spg_calc_angle(100, 50), 19);
    /* ay >= ax: (3 << 8) / 7 = 109 (divu truncates), tbl[109] = 16 */
    CHECK_EQ(spg_calc_angle(3, 7), 0x40 - 16);
    /* x < 0: $80 - a */
    CHECK_EQ(spg_calc_angle(-100, 50), 0x80 - 19);
    /* (256, $400): (256 << 8) / $400 = 64, tbl[64] = 10 */
    CHECK_EQ(spg_calc_angle(0x100, 0x400), 0x40 - 10);
    /* (-$400, $10): (16 << 8) / $400 = 4, tbl[4] = 1, $80 - 1 */
    CHECK_EQ(spg_calc_angle(-0x400, 0x10), 0x7F);
    /* y < 0 with a = 0: the original's word is $100, byte 0 */
    CHECK_EQ(spg_calc_angle(256, -1), 0x00);
}

int main(void)
{
    RUN(test_sine_checksum);
    RUN(test_angle_checksum);
    RUN(test_sine_odd_entries);
    RUN(test_sine_wraps);
    RUN(test_calc_sine);
    RUN(test_calc_angle_axes);
    RUN(test_calc_angle_diagonals);
    RUN(test_calc_angle_octants);
    TEST_MAIN_END();
}
