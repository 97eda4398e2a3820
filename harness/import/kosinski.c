/*
 * kosinski.c - Kosinski decompression (kosinski.h has the format).
 */
#include "import/kosinski.h"

typedef struct kos_reader {
    const uint8_t *src;
    size_t len, at;
    unsigned desc;  /* the descriptor's bits not taken yet, lowest next */
    int left;       /* how many */
    int bad;
} kos_reader;

static unsigned next_byte(kos_reader *r)
{
    if (r->at >= r->len) {
        r->bad = 1;
        return 0;
    }
    return r->src[r->at++];
}

static void load_desc(kos_reader *r)
{
    unsigned lo = next_byte(r);
    unsigned hi = next_byte(r);
    r->desc = lo | hi << 8;
    r->left = 16;
}

/* The next descriptor bit; a new descriptor is read the moment the last
 * bit of the old one has been taken. */
static unsigned next_bit(kos_reader *r)
{
    unsigned b = r->desc & 1u;
    r->desc >>= 1;
    if (--r->left == 0)
        load_desc(r);
    return b;
}

int kos_decompress(const uint8_t *src, size_t src_len, uint8_t *dst,
                   size_t dst_cap, size_t *out_len, size_t *used)
{
    kos_reader r = {src, src_len, 0, 0, 0, 0};
    size_t out = 0;
    load_desc(&r);
    while (!r.bad) {
        if (next_bit(&r)) {
            unsigned b = next_byte(&r);
            if (r.bad || out >= dst_cap)
                return -1;
            dst[out++] = (uint8_t)b;
            continue;
        }
        size_t back, count;
        if (next_bit(&r)) {
            unsigned lo = next_byte(&r);
            unsigned hi = next_byte(&r);
            back = 0x2000u - (((hi & 0xF8u) << 5) | lo);
            if ((hi & 7u) != 0) {
                count = (hi & 7u) + 2;
            } else {
                unsigned c = next_byte(&r);
                if (r.bad)
                    return -1;
                if (c == 0)
                    break;
                if (c == 1)
                    continue;
                count = c + 1;
            }
        } else {
            unsigned n = next_bit(&r) << 1;
            n |= next_bit(&r);
            count = n + 2;
            back = 0x100u - next_byte(&r);
        }
        if (r.bad || back > out || count > dst_cap - out)
            return -1;
        for (size_t i = 0; i < count; i++, out++)
            dst[out] = dst[out - back];
    }
    if (r.bad)
        return -1;
    *out_len = out;
    if (used)
        *used = r.at;
    return 0;
}
