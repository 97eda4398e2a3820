/*
 * test_import_level.c - `spgsim import-level` (harness/import/): the
 * Kosinski decompressor on streams worked out by hand and round trips
 * through an encoder of the test's own; the readers on small synthetic
 * images (Sonic 1, 2 and 3 tables at addresses of the test's choosing,
 * with a known layout whose cells are checked one by one); the
 * `imported:` header and the rule that refuses such a file inside a
 * spgsim repository's scenarios/ directory; input scripts; and, when
 * S1_ROM / S2_ROM / S3_ROM name the real images, real acts imported and
 * run through both the core and the capture (skipped, by name, without).
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "capture/capture.h"
#include "fuzz/compare.h"
#include "import/kosinski.h"
#include "import/level.h"
#include "scenario/scenario.h"
#include "test.h"
#include "test_files.h"

static char tmpdir[64];

static char *tpath(const char *name)
{
    static char buf[4][512];
    static int k;
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "%s/%s", tmpdir, name);
    return buf[k];
}

/* ---- a Kosinski encoder of the test's own ------------------------------ */

typedef struct kenc {
    uint8_t *out;
    size_t len, cap;
    size_t desc_at; /* where the descriptor being filled goes */
    unsigned desc;
    int bits;
} kenc;

static void k_byte(kenc *k, unsigned b)
{
    if (k->len == k->cap) {
        k->cap = k->cap ? k->cap * 2 : 256;
        k->out = realloc(k->out, k->cap);
    }
    k->out[k->len++] = (uint8_t)b;
}

static void k_flush_desc(kenc *k)
{
    k->out[k->desc_at] = (uint8_t)(k->desc & 0xFF);
    k->out[k->desc_at + 1] = (uint8_t)(k->desc >> 8);
}

/* A descriptor bit; when the 16th is placed the next descriptor's two
 * bytes are reserved at once, before the data of the command: where the
 * decoder reads it. */
static void k_bit(kenc *k, unsigned b)
{
    k->desc |= (b & 1u) << k->bits;
    if (++k->bits == 16) {
        k_flush_desc(k);
        k->desc = 0;
        k->bits = 0;
        k->desc_at = k->len;
        k_byte(k, 0);
        k_byte(k, 0);
    }
}

static void k_start(kenc *k)
{
    memset(k, 0, sizeof *k);
    k_byte(k, 0);
    k_byte(k, 0);
}

/* Encode src greedily: matches up to 256 bytes from up to `window` back
 * (window <= 8192), all three copy forms. */
static uint8_t *kos_encode(const uint8_t *src, size_t n, size_t window,
                           size_t *out_len)
{
    kenc k;
    k_start(&k);
    size_t i = 0;
    while (i < n) {
        size_t best = 0, back = 0;
        for (size_t d = 1; d <= window && d <= i; d++) {
            size_t l = 0;
            while (l < 256 && i + l < n && src[i + l] == src[i + l - d])
                l++;
            if (l > best) {
                best = l;
                back = d;
            }
        }
        if (best >= 2 && best <= 5 && back <= 256) {
            unsigned c = (unsigned)(best - 2);
            k_bit(&k, 0);
            k_bit(&k, 0);
            k_bit(&k, c >> 1);
            k_bit(&k, c & 1);
            k_byte(&k, (unsigned)(0x100 - back));
        } else if (best >= 3) {
            unsigned v = (unsigned)(0x2000 - back);
            k_bit(&k, 0);
            k_bit(&k, 1);
            k_byte(&k, v & 0xFF);
            if (best <= 9) {
                k_byte(&k, ((v >> 8) << 3) | (unsigned)(best - 2));
            } else {
                k_byte(&k, (v >> 8) << 3);
                k_byte(&k, (unsigned)(best - 1));
            }
        } else {
            best = 1;
            k_bit(&k, 1);
            k_byte(&k, src[i]);
        }
        i += best;
    }
    /* the end marker */
    k_bit(&k, 0);
    k_bit(&k, 1);
    k_byte(&k, 0x00);
    k_byte(&k, 0xF0);
    k_byte(&k, 0x00);
    k_flush_desc(&k);
    *out_len = k.len;
    return k.out;
}

/* ---- Kosinski --------------------------------------------------------- */

static void test_kosinski_by_hand(void)
{
    uint8_t out[64];
    size_t n = 0, used = 0;
    /* bits 1 1 ('A', 'B'), 0 0 1 0 (copy 4 from 2 back), 0 1 (00 F0 00:
     * the end): descriptor $0093 */
    static const uint8_t s1[] = {0x93, 0x00, 'A', 'B', 0xFE,
                                 0x00, 0xF0, 0x00, 0xEE};
    CHECK_EQ(kos_decompress(s1, sizeof s1, out, sizeof out, &n, &used), 0);
    CHECK_EQ(n, 6);
    CHECK(memcmp(out, "ABABAB", 6) == 0);
    CHECK_EQ(used, 8); /* the byte after the end marker is not read */

    /* 16 literal bits: the second descriptor is read as soon as the 16th
     * bit is taken, so it comes before the 16th literal's byte */
    static const uint8_t s2[] = {0xFF, 0xFF, 'a', 'b', 'c', 'd', 'e', 'f',
                                 'g',  'h',  'i', 'j', 'k', 'l', 'm', 'n',
                                 'o',  0x02, 0x00, 'p', 0x00, 0xF0, 0x00};
    CHECK_EQ(kos_decompress(s2, sizeof s2, out, sizeof out, &n, NULL), 0);
    CHECK_EQ(n, 16);
    CHECK(memcmp(out, "abcdefghijklmnop", 16) == 0);

    /* separate copy: 'x', then 0 1 + lo $FF hi $FB (offset -1, count
     * 3 + 2 = 5): "xxxxxx"; then 0 1 + $FF $F8 + $09 (10 from 1 back);
     * then 0 1 + 00 F8 01 (nothing: next bit), then the end.  bits: 1, 0 1,
     * 0 1, 0 1, 0 1 = 1 0 1 0 1 0 1 0 1 -> $0155 */
    static const uint8_t s3[] = {0x55, 0x01, 'x', 0xFF, 0xFB, 0xFF, 0xF8,
                                 0x09, 0x00, 0xF8, 0x01, 0x00, 0xF0, 0x00};
    CHECK_EQ(kos_decompress(s3, sizeof s3, out, sizeof out, &n, NULL), 0);
    CHECK_EQ(n, 16);
    CHECK(memcmp(out, "xxxxxxxxxxxxxxxx", 16) == 0);

    /* the wrong ones: cut short, copying from before the start, too
     * small an output */
    CHECK_EQ(kos_decompress(s1, 5, out, sizeof out, &n, NULL), -1);
    static const uint8_t s4[] = {0x00, 0x00, 0xFF, 0x00, 0xF0, 0x00};
    CHECK_EQ(kos_decompress(s4, sizeof s4, out, sizeof out, &n, NULL), -1);
    CHECK_EQ(kos_decompress(s1, sizeof s1, out, 5, &n, NULL), -1);
}

static void test_kosinski_round_trip(void)
{
    /* runs, repeats near and far, noise: every copy form */
    size_t n = 20000;
    uint8_t *src = malloc(n), *back = malloc(n + 16);
    unsigned x = 12345;
    for (size_t i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        unsigned r = (x >> 16) & 0xFF;
        if (i > 3000 && r < 90)
            src[i] = src[i - 1 - (r % 7)];
        else if (i > 5000 && r < 140)
            src[i] = src[i - 3000];
        else if ((i / 700) % 3 == 0)
            src[i] = 0;
        else
            src[i] = (uint8_t)r;
    }
    size_t windows[] = {256, 4096, 8192};
    for (size_t w = 0; w < sizeof windows / sizeof windows[0]; w++) {
        size_t clen, got = 0, used = 0;
        uint8_t *comp = kos_encode(src, n, windows[w], &clen);
        CHECK(clen < n);
        CHECK_EQ(kos_decompress(comp, clen, back, n + 16, &got, &used), 0);
        CHECK_EQ(got, n);
        CHECK_EQ(used, clen);
        CHECK(memcmp(src, back, n) == 0);
        /* every prefix of the stream but the whole is cut short */
        for (size_t cut = 0; cut + 1 < clen; cut += clen / 7 + 1)
            CHECK_EQ(kos_decompress(comp, cut, back, n + 16, &got, NULL), -1);
        free(comp);
    }
    free(src);
    free(back);
}

/* ---- synthetic images ------------------------------------------------- */

typedef struct image {
    uint8_t *b;
    size_t len;
} image;

static void put8(image *im, uint32_t a, unsigned v) { im->b[a] = (uint8_t)v; }
static void put16(image *im, uint32_t a, unsigned v)
{
    im->b[a] = (uint8_t)(v >> 8);
    im->b[a + 1] = (uint8_t)v;
}
static void put32(image *im, uint32_t a, uint32_t v)
{
    put16(im, a, v >> 16);
    put16(im, a + 2, v & 0xFFFF);
}
static void put_bytes(image *im, uint32_t a, const uint8_t *p, size_t n)
{
    memcpy(im->b + a, p, n);
}
static void put_kos(image *im, uint32_t a, const uint8_t *p, size_t n)
{
    size_t clen;
    uint8_t *c = kos_encode(p, n, 512, &clen);
    memcpy(im->b + a, c, clen);
    free(c);
}

/* Masks at (angles, heights, widths): id 1 full; 2 a ramp; 3 the same as
 * 1; 4 full heights with widths of its own; 5 no heights, angle $40; id
 * 300 (Sonic 3 only) a half block. */
static void put_masks(image *im, uint32_t ang, uint32_t hts, uint32_t wds)
{
    for (int i = 0; i < 16; i++) {
        put8(im, hts + 16 + i, 16);
        put8(im, wds + 16 + i, 16);
        put8(im, hts + 32 + i, i + 1);
        put8(im, wds + 32 + i, i < 1 ? 0 : i);
        put8(im, hts + 48 + i, 16);
        put8(im, wds + 48 + i, 16);
        put8(im, hts + 64 + i, 16);
        put8(im, wds + 64 + i, 8);
    }
    /* the ramp's widths: what deriving gives (row r from the top is
     * solid for the columns whose height reaches it) */
    for (int r = 0; r < 16; r++)
        put8(im, wds + 32 + r, r + 1);
    put8(im, ang + 1, 0xFF);
    put8(im, ang + 2, 0xE0);
    put8(im, ang + 3, 0xFF);
    put8(im, ang + 4, 0xFF);
    put8(im, ang + 5, 0x40);
}

static const spg_mask *mask_at(const scenario *s, int tx, int ty, uint16_t *word)
{
    const spg_map *m = &s->map;
    *word = 0;
    if (tx < m->x0 || ty < m->y0 || tx >= m->x0 + m->width ||
        ty >= m->y0 + m->height)
        return NULL;
    *word = s->cells[(size_t)(ty - m->y0) * m->width + (size_t)(tx - m->x0)];
    return (*word & SPG_CELL_MASK) ? &s->masks[*word & SPG_CELL_MASK] : NULL;
}

static uint16_t low_at(const scenario *s, int tx, int ty)
{
    const spg_map *m = &s->map;
    if (!s->low_cells || tx < m->x0 || ty < m->y0 ||
        tx >= m->x0 + m->width || ty >= m->y0 + m->height)
        return 0;
    return s->low_cells[(size_t)(ty - m->y0) * m->width + (size_t)(tx - m->x0)];
}

static int is_full(const spg_mask *k)
{
    for (int i = 0; i < 16; i++)
        if (k->heights[i] != 16)
            return 0;
    return 1;
}

static int is_ramp(const spg_mask *k)
{
    for (int i = 0; i < 16; i++)
        if (k->heights[i] != i + 1)
            return 0;
    return k->angle == 0xE0;
}

/* The scenario written and loaded back: the same hash (and the text, for
 * looking into; freed by the caller). */
static char *round_trip(scenario *s)
{
    if (s->frames == 0) {
        scenario_set_frames(s, 4);
        scenario_derive_pressed(s);
    }
    scenario_update_hash(s);
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    CHECK_EQ(scenario_write_yaml(m, s), 0);
    fclose(m);
    scenario back;
    CHECK_EQ(scenario_load_buffer("back.yaml", text, len, &back, stdout), 0);
    CHECK(back.hash == s->hash);
    CHECK(back.imported != NULL);
    if (back.imported && s->imported) {
        CHECK(strcmp(back.imported->rom_md5, s->imported->rom_md5) == 0);
        CHECK(strcmp(back.imported->zone, s->imported->zone) == 0);
        CHECK_EQ(back.imported->act, s->imported->act);
    }
    scenario_free(&back);
    return text;
}

#define MD5_A "0123456789abcdef0123456789abcdef"
#define TOOL "spgsim import-level test"

/* -- Sonic 1 -- */

static const capture_sym s1_syms[] = {
    {"Level_Index", 0x1000}, {"LevelHeaders", 0x2000},
    {"ColPointers", 0x3000}, {"StartLocArray", 0x4000},
    {"LevelSizeArray", 0x4100}, {"LoopTileNums", 0x4200},
    {"AngleMap", 0x5000}, {"CollArray1", 0x5100}, {"CollArray2", 0x6100},
};

static capture_rom_desc fake_desc(const capture_sym *syms, size_t n,
                                  const game_desc *g)
{
    capture_rom_desc d;
    memset(&d, 0, sizeof d);
    d.name = "a test image";
    d.syms = syms;
    d.sym_count = n;
    d.game = g;
    return d;
}

/* The chunk words of a 256x256 chunk: cell (x, y) = w. */
static void s1_cell(uint8_t *chunks, int chunk, int x, int y, unsigned w)
{
    size_t at = (size_t)chunk * 0x200 + (size_t)y * 0x20 + (size_t)x * 2;
    chunks[at] = (uint8_t)(w >> 8);
    chunks[at + 1] = (uint8_t)w;
}

static image s1_image(void)
{
    image im;
    im.len = 0x20000;
    im.b = calloc(im.len, 1);
    /* Green Hill act 1 (zone 0, act 0): the layout at $1100 */
    put16(&im, 0x1000, 0x100);
    static const uint8_t layout[] = {3, 1, /* 4 x 2 chunks */
                                     0x01, 0x00, 0xB5, 0x81,
                                     0x1F, 0x02, 0xA8, 0x00};
    put_bytes(&im, 0x1100, layout, sizeof layout);
    put32(&im, 0x2000 + 8, 0x8000);  /* the 256x256 chunks */
    put32(&im, 0x3000, 0x3100);      /* the collision index */
    static const uint8_t index[] = {0, 1, 2, 3, 4, 5, 0, 1};
    put_bytes(&im, 0x3100, index, sizeof index);
    put16(&im, 0x4000, 0x50);        /* start */
    put16(&im, 0x4002, 0x200);
    static const unsigned size[] = {4, 0, 0x400, 0, 0x300, 0x60};
    for (int i = 0; i < 6; i++)
        put16(&im, 0x4100 + 2 * (uint32_t)i, size[i]);
    static const uint8_t loops[] = {0xB5, 0x7F, 0x1F, 0x20};
    put_bytes(&im, 0x4200, loops, 4);
    put_masks(&im, 0x5000, 0x5100, 0x6100);
    /* chunks 0..$50 (0-based) */
    size_t n = 0x51 * 0x200;
    uint8_t *ch = calloc(n, 1);
    s1_cell(ch, 0, 0, 15, 0x6001);          /* all solid, mask 1 */
    s1_cell(ch, 0, 1, 15, 0x6003);          /* mask 3 = mask 1 */
    s1_cell(ch, 0, 2, 15, 0x2802);          /* ramp, x flip, top only */
    s1_cell(ch, 0, 3, 15, 0x6006);          /* mask 0: empty */
    s1_cell(ch, 0, 4, 15, 0x0001);          /* no solidity: empty */
    s1_cell(ch, 0, 5, 15, 0x5004);          /* sides, y flip, own widths */
    s1_cell(ch, 0, 6, 15, 0x6005);          /* no heights, angle $40 */
    s1_cell(ch, 0, 7, 15, 0x6000);          /* block 0: empty */
    s1_cell(ch, 1, 0, 0, 0x6002);           /* chunk 1: a ramp */
    s1_cell(ch, 0x1E, 8, 8, 0x6001);        /* the roll tunnel ($1F) */
    s1_cell(ch, 0x34, 0, 0, 0x6001);        /* loop $B5: high plane */
    s1_cell(ch, 0x35, 1, 1, 0x6002);        /* and low */
    s1_cell(ch, 0x27, 2, 2, 0x6001);        /* $A8: high plane $27 */
    s1_cell(ch, 0x50, 3, 3, 0x6002);        /* low plane $50, */
    s1_cell(ch, 0x28, 4, 4, 0x6001);        /* not $28 */
    put_kos(&im, 0x8000, ch, n);
    free(ch);
    return im;
}

static void test_sonic1_synthetic(void)
{
    image im = s1_image();
    capture_rom_desc d = fake_desc(s1_syms, sizeof s1_syms / sizeof s1_syms[0],
                                   game_of(SPG_GAME_SONIC1));
    scenario s;
    import_summary sum;
    char msg[400] = "";
    int rc = import_level(&d, im.b, im.len, MD5_A, "GHZ", 1, "ghz1", TOOL, &s,
                          &sum, NULL, NULL, msg, sizeof msg);
    CHECK_EQ(rc, 0);
    if (rc != 0) {
        printf("  %s\n", msg);
        free(im.b);
        return;
    }
    CHECK_EQ(sum.layout_w, 4);
    CHECK_EQ(sum.layout_h, 2);
    CHECK_EQ(sum.tiles, 4);     /* masks 1 and 3 merged */
    CHECK_EQ(sum.rom_masks, 5);
    uint16_t w;
    const spg_mask *a = mask_at(&s, 0, 15, &w);
    CHECK(a && is_full(a) && a->angle == 0xFF);
    CHECK_EQ(w & ~SPG_CELL_MASK, SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID);
    uint16_t w1 = w;
    mask_at(&s, 1, 15, &w);
    CHECK_EQ(w, w1);           /* mask 3: the same tile as mask 1 */
    const spg_mask *r = mask_at(&s, 2, 15, &w);
    CHECK(r && is_ramp(r));
    CHECK_EQ(w & ~SPG_CELL_MASK, SPG_CELL_XFLIP | SPG_CELL_TOP_SOLID);
    CHECK(mask_at(&s, 3, 15, &w) == NULL);
    CHECK(mask_at(&s, 4, 15, &w) == NULL);
    CHECK(mask_at(&s, 7, 15, &w) == NULL);
    const spg_mask *o = mask_at(&s, 5, 15, &w);
    CHECK(o && is_full(o) && o->widths[0] == 8 && o->widths[15] == 8);
    CHECK_EQ(w & ~SPG_CELL_MASK, SPG_CELL_YFLIP | SPG_CELL_SIDE_SOLID);
    const spg_mask *e = mask_at(&s, 6, 15, &w);
    CHECK(e && e->heights[0] == 0 && e->heights[15] == 0 && e->angle == 0x40);
    /* chunk (1, 1) = chunk 1; the roll tunnel (0, 1) = chunk $1E */
    r = mask_at(&s, 16, 16, &w);
    CHECK(r && is_ramp(r));
    a = mask_at(&s, 8, 24, &w);
    CHECK(a && is_full(a));
    /* the loop (2, 0): high plane $34, low $35; the special chunk (3, 0):
     * high chunk 0, low chunk 1 */
    a = mask_at(&s, 32, 0, &w);
    CHECK(a && is_full(a));
    CHECK(mask_at(&s, 33, 1, &w) == NULL);
    uint16_t lw = low_at(&s, 33, 1);
    CHECK(lw && is_ramp(&s.masks[lw & SPG_CELL_MASK]));
    CHECK_EQ(low_at(&s, 32, 0), 0);
    a = mask_at(&s, 48, 15, &w);
    CHECK(a && is_full(a));
    lw = low_at(&s, 48, 0);
    CHECK(lw && is_ramp(&s.masks[lw & SPG_CELL_MASK]));
    CHECK_EQ(low_at(&s, 0, 15), 0);  /* no low plane outside loop chunks */
    /* $A8 at (2, 1): its low plane is chunk $50 */
    a = mask_at(&s, 34, 18, &w);
    CHECK(a && is_full(a));
    lw = low_at(&s, 35, 19);
    CHECK(lw && is_ramp(&s.masks[lw & SPG_CELL_MASK]));
    CHECK_EQ(low_at(&s, 36, 20), 0);
    CHECK(s.chunk_kinds != NULL);
    if (s.chunk_kinds) {
        CHECK_EQ(s.chunk_kinds[0], SCENARIO_CHUNK_PLAIN);
        CHECK_EQ(s.chunk_kinds[2], SCENARIO_CHUNK_LOOP1);
        CHECK_EQ(s.chunk_kinds[3], SCENARIO_CHUNK_SPECIAL);
        CHECK_EQ(s.chunk_kinds[64], SCENARIO_CHUNK_ROLL1);
        CHECK_EQ(s.chunk_kinds[65], SCENARIO_CHUNK_PLAIN);
        CHECK_EQ(s.chunk_kinds[66], SCENARIO_CHUNK_SPECIAL);
    }
    /* the map's rectangle, zone, start, bounds, header */
    CHECK_EQ(s.map.x0, 0);
    CHECK_EQ(s.map.y0, 0);
    CHECK_EQ(s.map.width, 55);  /* chunk 0's cells end at x 6 */
    CHECK_EQ(s.map.height, 25);
    CHECK_EQ(s.map.zone, 0);
    CHECK_EQ(s.map.loop_chunks[0], 0xB5);
    CHECK_EQ(s.start.x, 0x50 << 16);
    CHECK_EQ(s.start.y, 0x200 << 16);
    CHECK_EQ(s.map.limit_left, 0);
    CHECK_EQ(s.map.limit_right, 0x400);
    CHECK_EQ(s.map.limit_bottom, 0x300);
    CHECK(s.imported && strcmp(s.imported->zone, "ghz") == 0 &&
          s.imported->act == 1 && strcmp(s.imported->game, "sonic1") == 0);
    char *text = round_trip(&s);
    CHECK(text && strstr(text, "zone: ghz\n"));
    CHECK(text && strstr(text, "widths: [8, 8,"));
    CHECK(text && strstr(text, "heights: empty"));
    CHECK(text && strstr(text, "kind: loop1}"));
    CHECK(text && strstr(text, "{at: [768, 0], kind: special}"));
    CHECK(text && strstr(text, "{at: [0, 256], kind: roll1}"));
    CHECK(text && strstr(text, "  low_rows:\n"));
    CHECK(text && strstr(text, "imported:\n  rom_md5: " MD5_A "\n"));
    CHECK(text && strstr(text, "bounds: {left: 0, right: 1024, bottom: 768}"));
    free(text);
    scenario_free(&s);
    free(im.b);
}

static void test_sonic1_refusals(void)
{
    capture_rom_desc d = fake_desc(s1_syms, sizeof s1_syms / sizeof s1_syms[0],
                                   game_of(SPG_GAME_SONIC1));
    scenario s;
    import_summary sum;
    char msg[400];
    image im = s1_image();
    /* no such act; the message lists the acts */
    CHECK_EQ(import_level(&d, im.b, im.len, MD5_A, "ghz", 4, "x", TOOL, &s,
                          &sum, NULL, NULL, msg, sizeof msg), -1);
    CHECK(strstr(msg, "no zone 'ghz' act 4") && strstr(msg, "lz 1-4"));
    CHECK_EQ(import_level(&d, im.b, im.len, MD5_A, "ehz", 1, "x", TOOL, &s,
                          &sum, NULL, NULL, msg, sizeof msg), -1);
    /* LoopTileNums that are not the zone's */
    put8(&im, 0x4200, 0xB4);
    CHECK_EQ(import_level(&d, im.b, im.len, MD5_A, "ghz", 1, "x", TOOL, &s,
                          &sum, NULL, NULL, msg, sizeof msg), -1);
    CHECK(strstr(msg, "LoopTileNums") != NULL);
    put8(&im, 0x4200, 0xB5);
    /* a layout byte naming a chunk the data does not hold */
    put8(&im, 0x1100 + 2 + 1, 0x60);
    CHECK_EQ(import_level(&d, im.b, im.len, MD5_A, "ghz", 1, "x", TOOL, &s,
                          &sum, NULL, NULL, msg, sizeof msg), -1);
    CHECK(strstr(msg, "names chunk $5F") != NULL);
    put8(&im, 0x1100 + 2 + 1, 0x00);
    /* a layout offset outside the image */
    put16(&im, 0x1000, 0x7FF0);
    CHECK_EQ(import_level(&d, im.b, 0x1200, MD5_A, "ghz", 1, "x", TOOL, &s,
                          &sum, NULL, NULL, msg, sizeof msg), -1);
    CHECK(strstr(msg, "outside the image") != NULL);
    put16(&im, 0x1000, 0x100);
    /* chunks that are not Kosinski data */
    memset(im.b + 0x8000, 0, 8);
    CHECK_EQ(import_level(&d, im.b, im.len, MD5_A, "ghz", 1, "x", TOOL, &s,
                          &sum, NULL, NULL, msg, sizeof msg), -1);
    CHECK(strstr(msg, "not Kosinski data") != NULL);
    free(im.b);
}

/* -- Sonic 2 -- */

static const capture_sym s2_syms[] = {
    {"Off_Level", 0x1000}, {"LevelArtPointers", 0x2000},
    {"Off_ColP", 0x3000}, {"Off_ColS", 0x3100},
    {"StartLocations", 0x4000}, {"LevelSize", 0x4100},
    {"ColCurveMap", 0x5000}, {"ColArrayVertical", 0x5100},
    {"ColArrayHorizontal", 0x6100},
};

static void c128(uint8_t *chunks, int chunk, int x, int y, unsigned w)
{
    size_t at = (size_t)chunk * 0x80 + (size_t)y * 0x10 + (size_t)x * 2;
    chunks[at] = (uint8_t)(w >> 8);
    chunks[at + 1] = (uint8_t)w;
}

static void test_sonic2_synthetic(void)
{
    image im;
    im.len = 0x20000;
    im.b = calloc(im.len, 1);
    /* Emerald Hill act 2 (zone 0, act 1): Off_Level's second word */
    put16(&im, 0x1002, 0x400);
    uint8_t layout[0x1000] = {0};
    layout[0x100 * 3 + 5] = 1;   /* row 3, column 5 */
    layout[0x100 * 3 + 6] = 2;
    layout[0x100 * 3 + 0x85] = 2; /* the background: never read */
    put_kos(&im, 0x1400, layout, sizeof layout);
    put32(&im, 0x2000 + 8, 0x0A008000); /* a palette id in the top byte */
    uint8_t ch[3 * 0x80] = {0};
    c128(ch, 1, 0, 7, 0xF001);   /* both paths: masks 1 and 2 */
    c128(ch, 1, 1, 7, 0xC403);   /* secondary only, x flip */
    c128(ch, 1, 2, 7, 0x3004);   /* primary only (secondary mask 0) */
    c128(ch, 1, 3, 7, 0xF005);   /* both masks 0: empty */
    c128(ch, 2, 0, 0, 0x1801);   /* top on the primary path, y flip */
    put_kos(&im, 0x8000, ch, sizeof ch);
    put32(&im, 0x3000, 0x9000);
    put32(&im, 0x3100, 0x9400);
    uint8_t i1[0x300] = {0}, i2[0x300] = {0};
    i1[1] = 1; i2[1] = 2;
    i1[3] = 0; i2[3] = 4;
    i1[4] = 2; i2[4] = 0;
    put_kos(&im, 0x9000, i1, sizeof i1);
    put_kos(&im, 0x9400, i2, sizeof i2);
    put16(&im, 0x4004, 0x60);   /* act 2's start */
    put16(&im, 0x4006, 0x28F);
    put16(&im, 0x4108, 0x10);   /* act 2's size */
    put16(&im, 0x410A, 0x2940);
    put16(&im, 0x410C, 0);
    put16(&im, 0x410E, 0x420);
    put_masks(&im, 0x5000, 0x5100, 0x6100);
    capture_rom_desc d = fake_desc(s2_syms, sizeof s2_syms / sizeof s2_syms[0],
                                   game_of(SPG_GAME_SONIC2));
    scenario s;
    import_summary sum;
    char msg[400] = "";
    int rc = import_level(&d, im.b, im.len, MD5_A, "ehz", 2, "ehz2", TOOL, &s,
                          &sum, NULL, NULL, msg, sizeof msg);
    CHECK_EQ(rc, 0);
    if (rc != 0) {
        printf("  %s\n", msg);
        free(im.b);
        return;
    }
    int tx = 5 * 8, ty = 3 * 8 + 7;
    uint16_t w;
    const spg_mask *k = mask_at(&s, tx, ty, &w);
    CHECK(k && is_full(k));
    CHECK_EQ(w & ~SPG_CELL_MASK,
             SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID | SPG_CELL_TOP_SOLID_2 |
                 SPG_CELL_SIDE_SOLID_2);
    CHECK(s.cells2 != NULL);
    size_t i = (size_t)(ty - s.map.y0) * s.map.width + (size_t)(tx - s.map.x0);
    if (s.cells2) {
        CHECK(is_ramp(&s.masks[s.cells2[i]]));
        /* secondary only: the primary path sees no solidity */
        k = mask_at(&s, tx + 1, ty, &w);
        CHECK(k && is_full(k) && k->widths[0] == 8); /* mask 4 */
        CHECK_EQ(w & ~SPG_CELL_MASK, SPG_CELL_XFLIP | SPG_CELL_TOP_SOLID_2 |
                                         SPG_CELL_SIDE_SOLID_2);
        CHECK_EQ(s.cells2[i + 1], w & SPG_CELL_MASK);
        /* primary only */
        k = mask_at(&s, tx + 2, ty, &w);
        CHECK(k && is_ramp(k));
        CHECK_EQ(w & ~SPG_CELL_MASK, SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID);
    }
    CHECK(mask_at(&s, tx + 3, ty, &w) == NULL);
    k = mask_at(&s, tx + 8, ty - 7, &w);
    CHECK(k && is_full(k));
    CHECK_EQ(w & ~SPG_CELL_MASK, SPG_CELL_YFLIP | SPG_CELL_TOP_SOLID);
    CHECK_EQ(s.map.x0, tx);
    CHECK_EQ(s.map.width, 9);   /* the background's chunk is not read */
    CHECK_EQ(s.start.x, 0x60 << 16);
    CHECK_EQ(s.start.y, 0x28F << 16);
    CHECK_EQ(s.map.limit_left, 0x10);
    CHECK_EQ(s.map.limit_right, 0x2940);
    CHECK_EQ(s.map.limit_bottom, 0x420);
    CHECK(s.chunk_kinds == NULL && s.low_cells == NULL);
    char *text = round_trip(&s);
    CHECK(text && strstr(text, "tile2: ") && strstr(text, "solidity: none"));
    CHECK(text && !strstr(text, "\nzone: ehz\n")); /* only the header's */
    CHECK(text && strstr(text, "  zone: ehz\n  act: 2\n"));
    free(text);
    scenario_free(&s);

    /* Hidden Palace: not in the images */
    CHECK_EQ(import_level(&d, im.b, im.len, MD5_A, "hpz", 1, "x", TOOL, &s,
                          &sum, NULL, NULL, msg, sizeof msg), -1);
    CHECK(strstr(msg, "Hidden Palace") != NULL);
    /* a collision index that decompresses short */
    put_kos(&im, 0x9400, i2, 0x100);
    CHECK_EQ(import_level(&d, im.b, im.len, MD5_A, "ehz", 2, "x", TOOL, &s,
                          &sum, NULL, NULL, msg, sizeof msg), -1);
    CHECK(strstr(msg, "fewer than $300") != NULL);
    free(im.b);
}

/* -- Sonic 3 -- */

static const capture_sym s3_syms[] = {
    {"LevelPtrs", 0x1000}, {"LevelLoadBlock", 0x3000},
    {"SolidIndexes", 0x4000}, {"Start_Locations", 0x5000},
    {"LevelSizes", 0x5100}, {"AngleArray", 0x6000},
    {"HeightMaps", 0x6200}, {"HeightMapsRot", 0x8200},
    {"StartingWaterHeights", 0x5200},
};

static image s3_image(void)
{
    image im;
    im.len = 0x20000;
    im.b = calloc(im.len, 1);
    /* Hydrocity act 1 (zone 1, act 0): entry 2 of each table */
    put32(&im, 0x1000 + 8, 0x1100);
    uint32_t L = 0x1100;
    put16(&im, L + 0, 2);    /* FG width */
    put16(&im, L + 2, 1);
    put16(&im, L + 4, 2);    /* FG height */
    put16(&im, L + 6, 1);
    put16(&im, L + 8, 0x8088);   /* row 0 FG */
    put16(&im, L + 10, 0x808C);  /* row 0 BG */
    put16(&im, L + 12, 0x808A);  /* row 1 FG */
    put8(&im, L + 0x88, 1);
    put8(&im, L + 0x8B, 2);
    put8(&im, L + 0x8C, 1);      /* the background: never read */
    put32(&im, 0x3000 + 2 * 24 + 16, 0x0A000);
    put32(&im, 0x3000 + 2 * 24 + 20, 0x0B000);
    uint8_t c1[2 * 0x80] = {0}, c2[0x80] = {0};
    c128(c1, 1, 0, 0, 0x3001);            /* chunk 1: mask 1 */
    c128(c2, 0, 7, 7, 0xF002);            /* chunk 2 (the second file) */
    put_kos(&im, 0xA000, c1, sizeof c1);
    put_kos(&im, 0xB000, c2, sizeof c2);
    put32(&im, 0x4000 + 2 * 4, 0xC000);
    put16(&im, 0xC000 + 2 * 1, 1);        /* primary: block 1 -> 1 */
    put16(&im, 0xC000 + 2 * 2, 300);      /* block 2 -> 300 */
    put16(&im, 0xC600 + 2 * 2, 2);        /* secondary: block 2 -> 2 */
    put16(&im, 0x5000 + 8, 0x60);
    put16(&im, 0x5000 + 10, 0xC0);
    put16(&im, 0x5100 + 16, 0);
    put16(&im, 0x5100 + 18, 0x6000);
    put16(&im, 0x5100 + 20, 0x20);
    put16(&im, 0x5100 + 22, 0x1000);
    put_masks(&im, 0x6000, 0x6200, 0x8200);
    for (int i = 0; i < 16; i++) {
        put8(&im, 0x6200 + 300 * 16 + (uint32_t)i, 8);
        put8(&im, 0x8200 + 300 * 16 + (uint32_t)i, i < 8 ? 0 : 16);
    }
    put8(&im, 0x6000 + 300, 0xFF);
    put16(&im, 0x5200 + 4, 0x345); /* Hydrocity 1's water (act 2 of 6) */
    return im;
}

static void test_sonic3_synthetic(void)
{
    image im = s3_image();
    capture_rom_desc d = fake_desc(s3_syms, sizeof s3_syms / sizeof s3_syms[0],
                                   game_of(SPG_GAME_SONIC3));
    scenario s;
    import_summary sum;
    char msg[400] = "";
    int rc = import_level(&d, im.b, im.len, MD5_A, "hcz", 1, "hcz1", TOOL, &s,
                          &sum, NULL, NULL, msg, sizeof msg);
    CHECK_EQ(rc, 0);
    if (rc != 0) {
        printf("  %s\n", msg);
        free(im.b);
        return;
    }
    uint16_t w;
    const spg_mask *k = mask_at(&s, 0, 0, &w);
    CHECK(k && is_full(k));
    CHECK_EQ(w & ~SPG_CELL_MASK, SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID);
    /* chunk 2, from the second file, at row 1 column 1: mask 300 (a word
     * in the index) on the primary path, 2 on the secondary */
    k = mask_at(&s, 15, 15, &w);
    CHECK(k && k->heights[0] == 8 && k->widths[15] == 16);
    CHECK(s.cells2 != NULL);
    if (s.cells2) {
        size_t i = (size_t)(15 - s.map.y0) * s.map.width + (size_t)(15 - s.map.x0);
        CHECK(is_ramp(&s.masks[s.cells2[i]]));
    }
    CHECK_EQ(s.map.x0 + s.map.width, 16); /* the background's byte unread */
    CHECK_EQ(s.start.x, 0x60 << 16);
    CHECK_EQ(s.map.limit_top, 0x20);
    CHECK_EQ(s.map.limit_right, 0x6000);
    CHECK_EQ(s.map.limit_bottom, 0x1000);
    /* Hydrocity has water (CheckLevelForWater): StartingWaterHeights'
     * word for zone 1 act 1 */
    CHECK_EQ(s.map.water_flag, 1);
    CHECK_EQ(s.map.water_level, 0x345);
    char *text = round_trip(&s);
    CHECK(text && strstr(text, "top: 32") &&
          strstr(text, "water_level: 837"));
    free(text);
    scenario_free(&s);

    /* wider than the format's 128 chunks; a row pointer outside the
     * layout; the vertical wrap (a top of -$100), which the format holds */
    put16(&im, 0x1100, 129);
    CHECK_EQ(import_level(&d, im.b, im.len, MD5_A, "hcz", 1, "x", TOOL, &s,
                          &sum, NULL, NULL, msg, sizeof msg), -1);
    CHECK(strstr(msg, "129 x 2 chunks") != NULL);
    put16(&im, 0x1100, 2);
    put16(&im, 0x1100 + 12, 0x7FF0);
    CHECK_EQ(import_level(&d, im.b, im.len, MD5_A, "hcz", 1, "x", TOOL, &s,
                          &sum, NULL, NULL, msg, sizeof msg), -1);
    CHECK(strstr(msg, "outside the layout") != NULL);
    put16(&im, 0x1100 + 12, 0x808A);
    put16(&im, 0x5100 + 20, 0xFF00);
    CHECK_EQ(import_level(&d, im.b, im.len, MD5_A, "hcz", 1, "x", TOOL, &s,
                          &sum, NULL, NULL, msg, sizeof msg), 0);
    CHECK_EQ(s.map.limit_top, -0x100);
    scenario_free(&s);
    free(im.b);
}

/* ---- the header and the refusal ---------------------------------------- */

static const char header_yaml[] =
    "name: imp\n"
    "imported:\n"
    "  rom_md5: " MD5_A "\n"
    "  game: sonic1\n"
    "  zone: GHZ\n"
    "  act: 1\n"
    "  tool: \"spgsim import-level 0.1.0\"\n"
    "game: sonic1\n"
    "tiles: {b: {heights: full, angle: 0xFF}}\n"
    "map: {origin: [0, 640], legend: {\"#\": b}, rows: [\"####\"]}\n"
    "start: {x: 30, y: 620}\n"
    "frames: 3\n";

static int load_text(const char *text, char *err, size_t errlen)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *e = open_memstream(&buf, &len);
    scenario s;
    int rc = scenario_load_buffer("h.yaml", text, strlen(text), &s, e);
    if (rc == 0)
        scenario_free(&s);
    fclose(e);
    snprintf(err, errlen, "%s", buf ? buf : "");
    free(buf);
    return rc;
}

/* header_yaml with line `from` replaced by `to`. */
static char *edited(const char *from, const char *to)
{
    const char *p = strstr(header_yaml, from);
    size_t n = strlen(header_yaml) + strlen(to) + 1;
    char *out = malloc(n);
    snprintf(out, n, "%.*s%s%s", (int)(p - header_yaml), header_yaml, to,
             p + strlen(from));
    return out;
}

static void test_header(void)
{
    char err[600];
    scenario s;
    CHECK_EQ(scenario_load_buffer("h.yaml", header_yaml, strlen(header_yaml),
                                  &s, stdout), 0);
    CHECK(s.imported && s.imported->line == 2 && s.imported->col == 1);
    uint64_t h = s.hash;
    scenario_free(&s);
    /* not hashed: the same level without the header */
    char *plain = edited("imported:\n  rom_md5: " MD5_A "\n  game: sonic1\n"
                         "  zone: GHZ\n  act: 1\n"
                         "  tool: \"spgsim import-level 0.1.0\"\n", "");
    CHECK_EQ(scenario_load_buffer("p.yaml", plain, strlen(plain), &s, stdout),
             0);
    CHECK(s.hash == h && s.imported == NULL);
    scenario_free(&s);
    free(plain);
    static const struct {
        const char *from, *to, *want;
    } bad[] = {
        {"  rom_md5: " MD5_A, "  rom_md5: " MD5_A "0", "h.yaml:3:12: imported: rom_md5"},
        {"  rom_md5: " MD5_A, "  rom_md5: 0123456789ABCDEF0123456789abcdef", "rom_md5"},
        {"  game: sonic1\n  zone", "  game: sonic2\n  zone", "h.yaml:4:9: imported: game"},
        {"  act: 1", "  act: 5", "h.yaml:5:9: imported: zone GHZ act 5"},
        {"  zone: GHZ", "  zone: ehz", "not an act of Sonic 1"},
        {"  act: 1", "  act: 0", "h.yaml:6:8:"},
        {"  tool: \"spgsim import-level 0.1.0\"", "  tool: me", "imported: tool"},
        {"  act: 1\n", "", "missing"},
        {"  act: 1\n", "  act: 1\n  extra: 2\n", "unknown"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *t = edited(bad[i].from, bad[i].to);
        CHECK_EQ(load_text(t, err, sizeof err), -1);
        if (!strstr(err, bad[i].want))
            printf("  case %zu: %s", i, err);
        CHECK(strstr(err, bad[i].want) != NULL);
        free(t);
    }
}

static void mkdirs(const char *path)
{
    char cmd[700];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", path);
    CHECK_EQ(system(cmd), 0);
}

static void test_refusal(void)
{
    /* a repository: <t>/repo/core/include/spg/spg.h and scenarios/ */
    mkdirs(tpath("repo/core/include/spg"));
    mkdirs(tpath("repo/scenarios/topic"));
    mkdirs(tpath("elsewhere/scenarios"));
    CHECK_EQ(write_text(tpath("repo/core/include/spg/spg.h"), "/* */\n"), 0);
    char in[512], out[512], other[512];
    snprintf(in, sizeof in, "%s", tpath("repo/scenarios/topic/imp.yaml"));
    snprintf(out, sizeof out, "%s", tpath("repo/imp.yaml"));
    snprintf(other, sizeof other, "%s", tpath("elsewhere/scenarios/imp.yaml"));
    CHECK_EQ(write_text(in, header_yaml), 0);
    CHECK_EQ(write_text(out, header_yaml), 0);
    CHECK_EQ(write_text(other, header_yaml), 0);
    char where[4096];
    CHECK_EQ(scenario_suite_dir(in, where, sizeof where), 1);
    CHECK(strstr(where, "/repo/scenarios") != NULL);
    CHECK_EQ(scenario_suite_dir(out, where, sizeof where), 0);
    CHECK_EQ(scenario_suite_dir(other, where, sizeof where), 0);

    char *buf = NULL;
    size_t len = 0;
    FILE *e = open_memstream(&buf, &len);
    scenario s;
    CHECK_EQ(scenario_load(in, &s, e), -1);
    fclose(e);
    char want[700];
    snprintf(want, sizeof want, "%s:2:1: imported: ", in);
    CHECK(buf && strncmp(buf, want, strlen(want)) == 0);
    CHECK(buf && strstr(buf, "never committed") != NULL);
    CHECK(buf && strchr(buf, '\n') == buf + strlen(buf) - 1); /* one line */
    free(buf);
    CHECK_EQ(scenario_load(out, &s, stdout), 0);
    scenario_free(&s);
    CHECK_EQ(scenario_load(other, &s, stdout), 0);
    scenario_free(&s);

    /* the path as given: through `..`, and a link in scenarios/ to a file
     * outside; and the real path: a link outside to a file inside */
    char via[700];
    snprintf(via, sizeof via, "%s/repo/scenarios/topic/../topic/imp.yaml",
             tmpdir);
    CHECK_EQ(scenario_suite_dir(via, NULL, 0), 1);
    CHECK_EQ(symlink(out, tpath("repo/scenarios/link.yaml")), 0);
    CHECK_EQ(scenario_suite_dir(tpath("repo/scenarios/link.yaml"), NULL, 0), 1);
    CHECK_EQ(symlink(in, tpath("elsewhere/link.yaml")), 0);
    CHECK_EQ(scenario_suite_dir(tpath("elsewhere/link.yaml"), NULL, 0), 1);
    e = fopen("/dev/null", "w");
    CHECK_EQ(scenario_load(tpath("elsewhere/link.yaml"), &s, e), -1);
    fclose(e);
    /* relative paths from inside the repository */
    char cwd[4096];
    CHECK(getcwd(cwd, sizeof cwd) != NULL);
    CHECK_EQ(chdir(tpath("repo/scenarios")), 0);
    CHECK_EQ(scenario_suite_dir("topic/imp.yaml", NULL, 0), 1);
    CHECK_EQ(scenario_suite_dir("../imp.yaml", NULL, 0), 0);
    CHECK_EQ(chdir(cwd), 0);

    /* a scenario without the header loads anywhere */
    static const char plain[] =
        "name: p\ngame: sonic1\ntiles: {b: {heights: full, angle: 0xFF}}\n"
        "map: {origin: [0, 640], legend: {\"#\": b}, rows: [\"#\"]}\n"
        "start: {x: 8, y: 620}\nframes: 1\n";
    CHECK_EQ(write_text(tpath("repo/scenarios/topic/plain.yaml"), plain), 0);
    CHECK_EQ(scenario_load(tpath("repo/scenarios/topic/plain.yaml"), &s,
                           stdout), 0);
    scenario_free(&s);
}

static void test_input_script(void)
{
    scenario s;
    CHECK_EQ(scenario_load_buffer("h.yaml", header_yaml, strlen(header_yaml),
                                  &s, stdout), 0);
    CHECK_EQ(write_text(tpath("in.yaml"),
                        "# spgsim import-inputs: m.bk2\n"
                        "input:\n  - {frames: 2, hold: [right]}\n"
                        "  - {frames: 3, hold: [right, c]}\n"),
             0);
    CHECK_EQ(scenario_load_input(tpath("in.yaml"), &s, stdout), 0);
    CHECK_EQ(s.frames, 5);
    CHECK_EQ(s.inputs[0].held, SPG_BTN_RIGHT);
    CHECK_EQ(s.inputs[2].held, SPG_BTN_RIGHT | SPG_BTN_C);
    CHECK_EQ(s.inputs[2].pressed, SPG_BTN_C);
    CHECK_EQ(write_text(tpath("in2.yaml"),
                        "input: [{frames: 2}]\nframes: 7\n"), 0);
    CHECK_EQ(scenario_load_input(tpath("in2.yaml"), &s, stdout), 0);
    CHECK_EQ(s.frames, 7);
    CHECK_EQ(write_text(tpath("in3.yaml"),
                        "input: [{frames: 2}]\nname: x\n"), 0);
    char *buf = NULL;
    size_t len = 0;
    FILE *e = open_memstream(&buf, &len);
    CHECK_EQ(scenario_load_input(tpath("in3.yaml"), &s, e), -1);
    fclose(e);
    CHECK(buf && strstr(buf, "in3.yaml:2:1:") != NULL);
    free(buf);
    CHECK_EQ(s.frames, 7); /* unchanged */
    scenario_free(&s);
}

/* ---- the command ------------------------------------------------------- */

static char spgsim[512];

/* Run "spgsim import-level ARGS" with stderr to err.txt; its exit status.
 * *lines: how many lines it printed on stderr. */
static int import_cli(const char *args, int *lines, char *first, size_t flen)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "'%s' import-level %s > '%s' 2> '%s'", spgsim,
             args, tpath("out.txt"), tpath("err.txt"));
    int st = system(cmd);
    char *e = read_text(tpath("err.txt"));
    *lines = 0;
    for (const char *c = e; c && *c; c++)
        *lines += *c == '\n';
    if (first)
        snprintf(first, flen, "%s", e ? e : "");
    free(e);
    return st == -1 || !WIFEXITED(st) ? -1 : WEXITSTATUS(st);
}

static void test_cli(void)
{
    int lines;
    char err[1024], args[1024];
    CHECK_EQ(import_cli("", &lines, err, sizeof err), 2);
    CHECK(strstr(err, "--zone is required") != NULL);
    CHECK_EQ(import_cli("--zone ghz --rom /nonexistent/rom.bin", &lines, err,
                        sizeof err), 2);
    CHECK_EQ(lines, 1);
    CHECK_EQ(import_cli("--zone ghz --act 0 --rom x", &lines, err, sizeof err),
             2);
    CHECK_EQ(import_cli("--zone ghz --frames 3 --input x --rom x", &lines,
                        err, sizeof err), 2);
    CHECK_EQ(import_cli("--zone ghz --bogus 1", &lines, err, sizeof err), 2);
    /* an image of no supported game: one line, exit 2 */
    uint8_t junk[4096];
    for (size_t i = 0; i < sizeof junk; i++)
        junk[i] = (uint8_t)(i * 7 + 3);
    FILE *f = fopen(tpath("junk.bin"), "wb");
    fwrite(junk, 1, sizeof junk, f);
    fclose(f);
    snprintf(args, sizeof args, "--zone ghz --rom '%s'", tpath("junk.bin"));
    CHECK_EQ(import_cli(args, &lines, err, sizeof err), 2);
    CHECK_EQ(lines, 1);
    CHECK(strstr(err, "not a supported image") != NULL);
    /* the destination inside a repository's scenarios/: refused before
     * the image is even read */
    mkdirs(tpath("repo2/core/include/spg"));
    mkdirs(tpath("repo2/scenarios"));
    CHECK_EQ(write_text(tpath("repo2/core/include/spg/spg.h"), "\n"), 0);
    snprintf(args, sizeof args, "--zone ghz --rom '%s' -o '%s'",
             tpath("junk.bin"), tpath("repo2/scenarios/ghz1.yaml"));
    CHECK_EQ(import_cli(args, &lines, err, sizeof err), 2);
    CHECK_EQ(lines, 1);
    CHECK(strstr(err, "never committed") != NULL);
    CHECK(!exists(tpath("repo2/scenarios/ghz1.yaml")));

    const char *rom = getenv("S1_ROM");
    if (rom == NULL || *rom == '\0') {
        printf("  skipped: needs S1_ROM (import-level on the real image)\n");
        return;
    }
    /* another game's zone, an act past the zone's: one line each */
    snprintf(args, sizeof args, "--zone ehz --rom '%s'", rom);
    CHECK_EQ(import_cli(args, &lines, err, sizeof err), 2);
    CHECK_EQ(lines, 1);
    CHECK(strstr(err, "no zone 'ehz' act 1") != NULL);
    snprintf(args, sizeof args, "--zone MZ --act 4 --rom '%s'", rom);
    CHECK_EQ(import_cli(args, &lines, err, sizeof err), 2);
    CHECK_EQ(lines, 1);
    snprintf(args, sizeof args, "--zone MZ --act 2 --frames 30 --rom '%s' "
                                "-o '%s'", rom, tpath("mz2.yaml"));
    CHECK_EQ(import_cli(args, &lines, err, sizeof err), 0);
    CHECK_EQ(lines, 0); /* quiet when stderr is no terminal */
    scenario s;
    CHECK_EQ(scenario_load(tpath("mz2.yaml"), &s, stdout), 0);
    CHECK_EQ(s.frames, 30);
    CHECK(s.imported && strcmp(s.imported->zone, "mz") == 0 &&
          s.imported->act == 2);
    CHECK(s.name && strcmp(s.name, "mz2") == 0);
    scenario_free(&s);
}

/* ---- real images --------------------------------------------------------- */

/* Import (zone, act) from $VAR's image; run `frames` frames of right with
 * a jump now and then through the core and the capture: the same rows.
 * Returns the scenario through *out when out is not NULL. */
static void real_act(const char *var, const char *zone, int act, int frames,
                     scenario *out)
{
    const char *path = getenv(var);
    if (out)
        memset(out, 0, sizeof *out); /* name NULL: nothing imported */
    if (path == NULL || *path == '\0') {
        printf("  skipped: needs %s (%s %d)\n", var, zone, act);
        return;
    }
    capture_rom rom;
    if (capture_rom_load(path, &rom, stdout) != 0) {
        CHECK(0);
        return;
    }
    scenario s;
    import_summary sum;
    char msg[400];
    int rc = import_level(rom.desc, rom.data, rom.size, rom.md5, zone, act,
                          "real", TOOL, &s, &sum, NULL, NULL, msg, sizeof msg);
    CHECK_EQ(rc, 0);
    if (rc != 0) {
        printf("  %s\n", msg);
        capture_rom_free(&rom);
        return;
    }
    CHECK_EQ(scenario_set_frames(&s, frames), 0);
    for (int i = 0; i < frames; i++)
        s.inputs[i].held = (uint8_t)(SPG_BTN_RIGHT |
                                     ((i % 97) < 12 ? SPG_BTN_C : 0));
    scenario_derive_pressed(&s);
    scenario_update_hash(&s);
    char *text = round_trip(&s);
    free(text);
    spg_player *core = calloc((size_t)frames + 1, sizeof *core);
    spg_player *orig = calloc((size_t)frames + 1, sizeof *orig);
    scenario_run_core(&s, core);
    capture_error err;
    rc = capture_scenario(&rom, &s, NULL, orig, NULL, &err);
    CHECK_EQ(rc, 0);
    if (rc != 0)
        printf("  %s\n", err.msg);
    fuzz_divergence dv;
    if (rc == 0) {
        int same = fuzz_compare(scenario_layout(&s), core, orig, frames + 1,
                                &dv) == 0;
        CHECK(same);
        if (!same)
            printf("  %s %d: the core and the capture differ at frame %d\n",
                   zone, act, dv.frame);
    }
    free(core);
    free(orig);
    capture_rom_free(&rom);
    if (out)
        *out = s;
    else
        scenario_free(&s);
}

static void test_real_sonic1(void)
{
    scenario s;
    real_act("S1_ROM", "ghz", 1, 1500, &s);
    if (s.name == NULL)
        return;
    /* Green Hill 1 as the tables give it: the start ($50, $3B0), the size
     * (0..$24BF, bottom $300), its loop at chunk (21, 2) */
    CHECK_EQ(s.start.x, 0x50 << 16);
    CHECK_EQ(s.start.y, 0x3B0 << 16);
    CHECK_EQ(s.map.limit_right, 0x24BF);
    CHECK_EQ(s.map.limit_bottom, 0x300);
    CHECK(s.chunk_kinds && s.chunk_kinds[2 * 64 + 21] == SCENARIO_CHUNK_LOOP1);
    CHECK(s.low_cells != NULL);
    scenario_free(&s);
    real_act("S1_ROM", "slz", 1, 1500, NULL);
    real_act("S1_ROM", "mz", 1, 1500, NULL);
    /* Labyrinth Zone: its water from WaterHeight ($B8 in act 1; Scrap
     * Brain 3, its fourth act, $228) */
    real_act("S1_ROM", "lz", 1, 1500, &s);
    if (s.name != NULL) {
        CHECK_EQ(s.map.water_flag, 1);
        CHECK_EQ(s.map.water_level, 0xB8);
        scenario_free(&s);
    }
    real_act("S1_ROM", "sbz", 3, 1500, &s);
    if (s.name != NULL) {
        CHECK_EQ(s.map.water_level, 0x228);
        scenario_free(&s);
    }
}

static void test_real_sonic2(void)
{
    real_act("S2_ROM", "ehz", 1, 1500, NULL);
    real_act("S2_ROM", "cpz", 1, 1500, NULL);
    /* Chemical Plant 2 has water (Level_InitWater), act 1 none */
    scenario s;
    real_act("S2_ROM", "cpz", 2, 1500, &s);
    if (s.name != NULL) {
        CHECK_EQ(s.map.water_flag, 1);
        CHECK_EQ(s.map.water_level, 0x710);
        scenario_free(&s);
    }
}

static void test_real_sonic3(void)
{
    real_act("S3_ROM", "aiz", 1, 1500, NULL);
}

int main(int argc, char **argv)
{
    (void)argc;
    /* <build>/tests/test_import_level -> <build>/spgsim */
    const char *slash = strrchr(argv[0], '/');
    snprintf(spgsim, sizeof spgsim, "%.*s/../spgsim",
             slash ? (int)(slash - argv[0]) : 1, slash ? argv[0] : ".");
    if (getenv("SPGSIM"))
        snprintf(spgsim, sizeof spgsim, "%s", getenv("SPGSIM"));
    snprintf(tmpdir, sizeof tmpdir, "/tmp/spgsim-test-import-XXXXXX");
    if (mkdtemp(tmpdir) == NULL) {
        perror("mkdtemp");
        return 1;
    }
    RUN(test_kosinski_by_hand);
    RUN(test_kosinski_round_trip);
    RUN(test_sonic1_synthetic);
    RUN(test_sonic1_refusals);
    RUN(test_sonic2_synthetic);
    RUN(test_sonic3_synthetic);
    RUN(test_header);
    RUN(test_refusal);
    RUN(test_input_script);
    RUN(test_cli);
    RUN(test_real_sonic1);
    RUN(test_real_sonic2);
    RUN(test_real_sonic3);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        printf("  could not remove %s\n", tmpdir);
    TEST_MAIN_END();
}
