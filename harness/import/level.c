/*
 * level.c - a real act read from the user's ROM image as a scenario
 * (level.h).  One reader per level format (the game descriptor's
 * level_format) turns the act into a grid of raw cells (mask ids and the
 * cell word's flip and solidity bits, as the game's sensors see them);
 * what follows is shared: merging equal masks into tiles, the map's
 * rectangle, Sonic 1's loops, start, bounds and the header.
 */
#include "import/level.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capture/roms.h"
#include "import/kosinski.h"

/* ---- what the readers produce ------------------------------------------- */

/* Mask ids the arrays can hold: 256 in Sonic 1 and 2, 512 in Sonic 3. */
#define MAX_ROM_MASKS 512

/* A cell as the sensors see it: the mask id on each collision path (0:
 * none) and SPG_CELL_* flip and solidity bits (both paths' solidity).
 * A cell is empty when neither path has a mask with a solidity bit. */
typedef struct raw_cell {
    uint16_t m1, m2;
    uint16_t bits;
} raw_cell;

typedef struct raw_level {
    int w, h;                  /* tiles, from level tile (0, 0) */
    raw_cell *cells;           /* w * h: the (high) plane */
    raw_cell *low;             /* Sonic 1: the low plane, or NULL */
    uint8_t kinds[SCENARIO_LAYOUT_CHUNKS]; /* Sonic 1: SCENARIO_CHUNK_* */
    int has_kinds;
    int two_paths;             /* m2 and the second solidity pair count */
    /* the masks the ROM's arrays hold, by mask id */
    int mask_ids;
    int8_t heights[MAX_ROM_MASKS][16], widths[MAX_ROM_MASKS][16];
    uint8_t angle[MAX_ROM_MASKS];
    int16_t start_x, start_y;
    int16_t left, right, top, bottom;
    int has_top;
    int has_water;             /* the act starts with water ... */
    int16_t water_level;       /* ... its surface */
    import_summary *sum;
} raw_level;

typedef struct reader_ctx {
    const capture_rom_desc *d;
    const uint8_t *rom;
    size_t len;
    const game_level *lv;
    import_progress progress;
    void *pctx;
    char *msg;
    size_t msglen;
} reader_ctx;

#if defined(__GNUC__) || defined(__clang__)
#define PRINTF_LIKE(a, b) __attribute__((format(printf, a, b)))
#else
#define PRINTF_LIKE(a, b)
#endif

static int fail(reader_ctx *c, const char *fmt, ...) PRINTF_LIKE(2, 3);
static int fail(reader_ctx *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->msg, c->msglen, fmt, ap);
    va_end(ap);
    return -1;
}

static void step(reader_ctx *c, const char *what)
{
    if (c->progress)
        c->progress(c->pctx, what);
}

/* ---- the image ---------------------------------------------------------- */

static int sym(reader_ctx *c, const char *name, uint32_t *out)
{
    if (capture_rom_sym(c->d, name, out) != 0)
        return fail(c, "the description of %s has no %s", c->d->name, name);
    return 0;
}

/* n bytes at ROM address a lie inside the image. */
static int inside(const reader_ctx *c, uint32_t a, size_t n)
{
    return a >= c->d->load_base && a - c->d->load_base <= c->len &&
           n <= c->len - (a - c->d->load_base);
}

static int need(reader_ctx *c, uint32_t a, size_t n, const char *what)
{
    if (!inside(c, a, n))
        return fail(c, "%s at $%06X lies outside the image", what,
                    (unsigned)a);
    return 0;
}

static const uint8_t *at(const reader_ctx *c, uint32_t a)
{
    return c->rom + (a - c->d->load_base);
}

static uint16_t rd16(const reader_ctx *c, uint32_t a)
{
    const uint8_t *p = at(c, a);
    return (uint16_t)(p[0] << 8 | p[1]);
}

static uint32_t rd32(const reader_ctx *c, uint32_t a)
{
    const uint8_t *p = at(c, a);
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
           (uint32_t)p[2] << 8 | p[3];
}

static int word_at(reader_ctx *c, uint32_t a, const char *what, uint16_t *v)
{
    if (need(c, a, 2, what))
        return -1;
    *v = rd16(c, a);
    return 0;
}

/* The act's starting water height, where the level code gives it water
 * (game_level.water): the word `index` bytes into the table `table`. */
static int read_water(reader_ctx *c, raw_level *r, const char *table,
                      uint32_t index)
{
    uint32_t t;
    uint16_t v;
    if (!c->lv->water)
        return 0;
    if (sym(c, table, &t) || word_at(c, t + index, "the water height", &v))
        return -1;
    r->has_water = 1;
    r->water_level = (int16_t)v;
    return 0;
}

static int long_at(reader_ctx *c, uint32_t a, const char *what, uint32_t *v)
{
    if (need(c, a, 4, what))
        return -1;
    *v = rd32(c, a);
    return 0;
}

/* Kosinski data at ROM address a into a new buffer of at most cap bytes
 * (appended to *buf of *n bytes when *buf is set). */
static int kos(reader_ctx *c, uint32_t a, size_t cap, const char *what,
               uint8_t **buf, size_t *n)
{
    if (need(c, a, 2, what))
        return -1;
    if (*buf == NULL) {
        *buf = malloc(cap);
        *n = 0;
        if (*buf == NULL)
            return fail(c, "out of memory");
    }
    size_t got;
    size_t off = a - c->d->load_base;
    if (kos_decompress(c->rom + off, c->len - off, *buf + *n, cap - *n, &got,
                       NULL) != 0)
        return fail(c, "%s at $%06X is not Kosinski data of at most %zu "
                       "bytes", what, (unsigned)a, cap - *n);
    *n += got;
    return 0;
}

/* The masks: angles (one byte each), column heights and row widths (16
 * bytes each), `count` of them. */
static int read_masks(reader_ctx *c, raw_level *r, const char *angles,
                      const char *heights, const char *widths, int count)
{
    uint32_t aa, ha, wa;
    if (sym(c, angles, &aa) || sym(c, heights, &ha) || sym(c, widths, &wa) ||
        need(c, aa, (size_t)count, angles) ||
        need(c, ha, (size_t)count * 16, heights) ||
        need(c, wa, (size_t)count * 16, widths))
        return -1;
    r->mask_ids = count;
    for (int m = 0; m < count; m++) {
        r->angle[m] = *at(c, aa + (uint32_t)m);
        memcpy(r->heights[m], at(c, ha + (uint32_t)m * 16), 16);
        memcpy(r->widths[m], at(c, wa + (uint32_t)m * 16), 16);
    }
    return 0;
}

static int alloc_grid(reader_ctx *c, raw_level *r, int w, int h, int low)
{
    r->w = w;
    r->h = h;
    r->cells = calloc((size_t)w * (size_t)h, sizeof *r->cells);
    if (low)
        r->low = calloc((size_t)w * (size_t)h, sizeof *r->low);
    if (r->cells == NULL || (low && r->low == NULL))
        return fail(c, "out of memory");
    return 0;
}

/* ---- Sonic 1 ------------------------------------------------------------ */

#define S1_CHUNK_BYTES 0x200u
#define S1_CHUNK_RAM 0xA400u   /* v_256x256 up to v_lvllayout: 82 chunks */

/* The raw cell of Sonic 1 cell word w: block w & $7FF through the zone's
 * collision index (bytes at index in the image). */
static int s1_cell(reader_ctx *c, uint32_t index, uint16_t w, raw_cell *out)
{
    unsigned block = w & 0x7FFu;
    memset(out, 0, sizeof *out);
    if (block == 0 || (w & 0x6000u) == 0)
        return 0;
    if (need(c, index + block, 1, "the collision index entry"))
        return -1;
    unsigned m = *at(c, index + block);
    if (m == 0)
        return 0;
    out->m1 = out->m2 = (uint16_t)m;
    out->bits = (uint16_t)((w & 0x0800u ? SPG_CELL_XFLIP : 0) |
                           (w & 0x1000u ? SPG_CELL_YFLIP : 0) |
                           (w & 0x2000u ? SPG_CELL_TOP_SOLID : 0) |
                           (w & 0x4000u ? SPG_CELL_SIDE_SOLID : 0));
    return 0;
}

/* Copy 256x256 chunk `id` (0-based, into chunks of n bytes) to the plane
 * at chunk (cx, cy). */
static int s1_put(reader_ctx *c, raw_level *r, raw_cell *plane,
                  const uint8_t *chunks, size_t n, unsigned id, int cx,
                  int cy, uint32_t index, unsigned byte)
{
    if ((size_t)(id + 1) * S1_CHUNK_BYTES > n)
        return fail(c, "layout byte $%02X at chunk (%d, %d) names chunk $%02X, "
                       "past the %zu chunks the zone's data holds",
                    byte, cx, cy, id, n / S1_CHUNK_BYTES);
    const uint8_t *p = chunks + (size_t)id * S1_CHUNK_BYTES;
    for (int by = 0; by < 16; by++)
        for (int bx = 0; bx < 16; bx++) {
            uint16_t w = (uint16_t)(p[by * 32 + bx * 2] << 8 |
                                    p[by * 32 + bx * 2 + 1]);
            size_t i = (size_t)(cy * 16 + by) * (size_t)r->w +
                       (size_t)(cx * 16 + bx);
            if (s1_cell(c, index, w, &plane[i]) != 0)
                return -1;
        }
    return 0;
}

static int read_s1(reader_ctx *c, raw_level *r)
{
    const game_level *lv = c->lv;
    uint32_t li, heads, cols, starts, sizes, loops;
    if (sym(c, "Level_Index", &li) || sym(c, "LevelHeaders", &heads) ||
        sym(c, "ColPointers", &cols) || sym(c, "StartLocArray", &starts) ||
        sym(c, "LevelSizeArray", &sizes) || sym(c, "LoopTileNums", &loops))
        return -1;
    unsigned z = lv->zone_id, a = lv->act_id;

    /* the layout: width - 1, height - 1, then the rows */
    uint16_t off;
    if (word_at(c, li + z * 24 + a * 6, "the Level_Index entry", &off))
        return -1;
    uint32_t lay = li + (uint32_t)(int32_t)(int16_t)off; /* lea (a1,d0.w) */
    if (need(c, lay, 2, "the layout"))
        return -1;
    int lw = *at(c, lay) + 1, lh = *at(c, lay + 1) + 1;
    if (lw > SCENARIO_LAYOUT_CHUNKS_X || lh > SCENARIO_LAYOUT_CHUNKS_Y)
        return fail(c, "the layout at $%06X is %d x %d chunks; the "
                       "original's layout holds %d x %d",
                    (unsigned)lay, lw, lh, SCENARIO_LAYOUT_CHUNKS_X,
                    SCENARIO_LAYOUT_CHUNKS_Y);
    if (need(c, lay + 2, (size_t)lw * (size_t)lh, "the layout"))
        return -1;
    r->sum->layout_w = lw;
    r->sum->layout_h = lh;
    r->sum->chunk_px = 256;

    /* the zone's chunks, index and loop ids */
    uint32_t chunk_at, index;
    if (long_at(c, heads + z * 16 + 8, "the LevelHeaders entry", &chunk_at) ||
        long_at(c, cols + z * 4, "the ColPointers entry", &index) ||
        need(c, loops + z * 4, 4, "LoopTileNums"))
        return -1;
    const uint8_t *ids = at(c, loops + z * 4);
    /* the zone's ids as the format knows them (games/sonic1.c), which the
     * loader and the capture give the chunks of each kind */
    const game_zone *gz = game_zone_by_id(c->d->game, (uint8_t)z);
    if (gz == NULL || memcmp(gz->loop_chunks, ids, 4) != 0)
        return fail(c, "the image's LoopTileNums for zone %u ($%02X $%02X "
                       "$%02X $%02X) are not the zone's loop chunk ids the "
                       "format knows", z, ids[0], ids[1], ids[2], ids[3]);
    step(c, "decompressing the 256x256 chunks");
    uint8_t *chunks = NULL;
    size_t n = 0;
    if (kos(c, chunk_at, S1_CHUNK_RAM, "the 256x256 chunks", &chunks, &n)) {
        free(chunks);
        return -1;
    }
    if (read_masks(c, r, "AngleMap", "CollArray1", "CollArray2", 256) ||
        alloc_grid(c, r, lw * 16, lh * 16, 1)) {
        free(chunks);
        return -1;
    }
    step(c, "reading the layout");
    uint8_t used[0x80] = {0};
    r->has_kinds = 1;
    for (int cy = 0; cy < lh; cy++)
        for (int cx = 0; cx < lw; cx++) {
            unsigned b = *at(c, lay + 2 + (uint32_t)(cy * lw + cx));
            unsigned nlo = b & 0x7Fu;
            int kind = SCENARIO_CHUNK_PLAIN;
            if (b == 0)
                continue;
            for (int k = 0; k < 4; k++)
                if (ids[k] != GAME_NO_CHUNK && ids[k] == b &&
                    kind == SCENARIO_CHUNK_PLAIN)
                    kind = SCENARIO_CHUNK_LOOP1 + k;
            if (kind == SCENARIO_CHUNK_PLAIN && (b & 0x80u))
                kind = SCENARIO_CHUNK_SPECIAL;
            if (b == GAME_NO_CHUNK || nlo == 0) {
                free(chunks);
                return fail(c, "layout byte $%02X at chunk (%d, %d): a "
                               "chunk id the original cannot read as one",
                            b, cx, cy);
            }
            r->kinds[cy * SCENARIO_LAYOUT_CHUNKS_X + cx] = (uint8_t)kind;
            used[nlo - 1] = 1;
            if (s1_put(c, r, r->cells, chunks, n, nlo - 1, cx, cy, index, b)) {
                free(chunks);
                return -1;
            }
            if (b & 0x80u) {
                /* the low plane: chunk (b & $7F), or $50 for $A8 */
                unsigned lo = nlo + 1 == 0x29 ? 0x50 : nlo;
                if (lo < 0x80)
                    used[lo] = 1;
                if (s1_put(c, r, r->low, chunks, n, lo, cx, cy, index, b)) {
                    free(chunks);
                    return -1;
                }
            }
        }
    free(chunks);
    for (int i = 0; i < 0x80; i++)
        r->sum->chunks_used += used[i];

    /* start and level size */
    uint16_t sx, sy, left, right, bottom;
    uint32_t sa = sizes + z * 48 + a * 12;
    if (word_at(c, starts + z * 16 + a * 4, "the start location", &sx) ||
        word_at(c, starts + z * 16 + a * 4 + 2, "the start location", &sy) ||
        word_at(c, sa + 2, "the level size", &left) ||
        word_at(c, sa + 4, "the level size", &right) ||
        word_at(c, sa + 8, "the level size", &bottom))
        return -1;
    r->start_x = (int16_t)sx;
    r->start_y = (int16_t)sy;
    r->left = (int16_t)left;
    r->right = (int16_t)right;
    r->bottom = (int16_t)bottom;
    /* Labyrinth Zone's water: WaterHeight, a word per act (v_act) */
    return read_water(c, r, "WaterHeight", a * 2u);
}

/* ---- Sonic 2 and 3: 128x128 chunks -------------------------------------- */

#define CHUNK128_BYTES 0x80u
#define CHUNK128_RAM 0x8000u    /* Chunk_Table: 256 chunks (Sonic 3: up to
                                   the layout at $FFFF8000) */
#define BLOCK_IDS 0x300u        /* entries of each collision index */

/* The raw cell of a Sonic 2/3 cell word through the two indexes (mask
 * ids, BLOCK_IDS each). */
static int s2_cell(reader_ctx *c, const uint16_t *p1, const uint16_t *p2,
                   uint16_t w, raw_cell *out)
{
    unsigned block = w & 0x3FFu;
    memset(out, 0, sizeof *out);
    if (block == 0 || (w & 0xF000u) == 0)
        return 0;
    if (block >= BLOCK_IDS)
        return fail(c, "block $%03X lies beyond the collision indexes ($%X "
                       "entries)", block, BLOCK_IDS);
    unsigned m1 = (w & 0x3000u) ? p1[block] : 0;
    unsigned m2 = (w & 0xC000u) ? p2[block] : 0;
    if (m1 == 0 && m2 == 0)
        return 0;
    if (m1 >= MAX_ROM_MASKS || m2 >= MAX_ROM_MASKS)
        return fail(c, "block $%03X names mask $%X, past the collision "
                       "arrays", block, m1 >= MAX_ROM_MASKS ? m1 : m2);
    out->m1 = (uint16_t)m1;
    out->m2 = (uint16_t)m2;
    out->bits = (uint16_t)((w & 0x0400u ? SPG_CELL_XFLIP : 0) |
                           (w & 0x0800u ? SPG_CELL_YFLIP : 0));
    if (m1) /* a path without a mask reads nothing: no solidity there */
        out->bits |= (uint16_t)((w & 0x1000u ? SPG_CELL_TOP_SOLID : 0) |
                                (w & 0x2000u ? SPG_CELL_SIDE_SOLID : 0));
    if (m2)
        out->bits |= (uint16_t)((w & 0x4000u ? SPG_CELL_TOP_SOLID_2 : 0) |
                                (w & 0x8000u ? SPG_CELL_SIDE_SOLID_2 : 0));
    return 0;
}

/* Fill the grid from a layout of lw x lh chunk bytes (row r's bytes at
 * rows[r]) and 128x128 chunks. */
static int put_chunks128(reader_ctx *c, raw_level *r,
                         const uint8_t *const *rows, int lw, int lh,
                         const uint8_t *chunks, size_t n, const uint16_t *p1,
                         const uint16_t *p2)
{
    uint8_t used[256] = {0};
    for (int cy = 0; cy < lh; cy++)
        for (int cx = 0; cx < lw; cx++) {
            unsigned id = rows[cy][cx];
            if ((size_t)(id + 1) * CHUNK128_BYTES > n)
                return fail(c, "layout byte $%02X at chunk (%d, %d) lies "
                               "past the %zu chunks the zone's data holds",
                            id, cx, cy, n / CHUNK128_BYTES);
            used[id] = 1;
            const uint8_t *p = chunks + (size_t)id * CHUNK128_BYTES;
            for (int by = 0; by < 8; by++)
                for (int bx = 0; bx < 8; bx++) {
                    uint16_t w = (uint16_t)(p[by * 16 + bx * 2] << 8 |
                                            p[by * 16 + bx * 2 + 1]);
                    size_t i = (size_t)(cy * 8 + by) * (size_t)r->w +
                               (size_t)(cx * 8 + bx);
                    if (s2_cell(c, p1, p2, w, &r->cells[i]) != 0)
                        return -1;
                }
        }
    for (int i = 0; i < 256; i++)
        r->sum->chunks_used += used[i];
    return 0;
}

/* Sonic 2's layout: 16 rows of $100 bytes, the foreground the first $80. */
#define S2_LAYOUT_BYTES 0x1000u

static int read_s2(reader_ctx *c, raw_level *r)
{
    const game_level *lv = c->lv;
    uint32_t offl, arts, colp, cols, starts, sizes;
    if (sym(c, "Off_Level", &offl) || sym(c, "LevelArtPointers", &arts) ||
        sym(c, "Off_ColP", &colp) || sym(c, "Off_ColS", &cols) ||
        sym(c, "StartLocations", &starts) || sym(c, "LevelSize", &sizes))
        return -1;
    unsigned z = lv->zone_id, a = lv->act_id, za = z * 2 + a;
    uint16_t off;
    uint32_t chunk_at, ip, is;
    if (word_at(c, offl + za * 2, "the Off_Level entry", &off) ||
        long_at(c, arts + z * 12 + 8, "the LevelArtPointers entry",
                &chunk_at) ||
        long_at(c, colp + z * 4, "the Off_ColP entry", &ip) ||
        long_at(c, cols + z * 4, "the Off_ColS entry", &is))
        return -1;
    chunk_at &= 0xFFFFFFu;
    uint8_t *layout = NULL, *chunks = NULL, *i1 = NULL, *i2 = NULL;
    size_t nl = 0, nc = 0, n1 = 0, n2 = 0;
    int rc = -1;
    step(c, "decompressing the layout, the 128x128 chunks and the "
            "collision indexes");
    if (kos(c, offl + off, 0x10000, "the layout", &layout, &nl) ||
        kos(c, chunk_at, 0x10000, "the 128x128 chunks", &chunks, &nc) ||
        kos(c, ip, 0x10000, "the primary collision index", &i1, &n1) ||
        kos(c, is, 0x10000, "the secondary collision index", &i2, &n2))
        goto done;
    if (nl != S2_LAYOUT_BYTES) {
        fail(c, "the layout decompresses to %zu bytes, not $%X", nl,
             S2_LAYOUT_BYTES);
        goto done;
    }
    if (nc > CHUNK128_RAM) {
        fail(c, "the 128x128 chunks decompress to $%zX bytes, more than "
                "Chunk_Table's $%X", nc, CHUNK128_RAM);
        goto done;
    }
    if (n1 < BLOCK_IDS || n2 < BLOCK_IDS) {
        fail(c, "a collision index decompresses to fewer than $%X bytes",
             BLOCK_IDS);
        goto done;
    }
    uint16_t p1[BLOCK_IDS], p2[BLOCK_IDS];
    for (unsigned b = 0; b < BLOCK_IDS; b++) {
        p1[b] = i1[b];
        p2[b] = i2[b];
    }
    /* the whole foreground, 128 x 16 chunks: Find_Tile reads chunk 0 like
     * any other, and the map keeps only the cells that are not empty */
    const int lw = 0x80, lh = 16;
    const uint8_t *rows[16];
    for (int y = 0; y < lh; y++)
        rows[y] = layout + (size_t)y * 0x100;
    r->sum->layout_w = lw;
    r->sum->layout_h = lh;
    r->sum->chunk_px = 128;
    r->two_paths = 1;
    if (read_masks(c, r, "ColCurveMap", "ColArrayVertical",
                   "ColArrayHorizontal", 256) ||
        alloc_grid(c, r, lw * 8, lh * 8, 0))
        goto done;
    step(c, "reading the layout");
    if (put_chunks128(c, r, rows, lw, lh, chunks, nc, p1, p2))
        goto done;
    uint16_t sx, sy, left, right, top, bottom;
    if (word_at(c, starts + za * 4, "the start location", &sx) ||
        word_at(c, starts + za * 4 + 2, "the start location", &sy) ||
        word_at(c, sizes + za * 8, "the level size", &left) ||
        word_at(c, sizes + za * 8 + 2, "the level size", &right) ||
        word_at(c, sizes + za * 8 + 4, "the level size", &top) ||
        word_at(c, sizes + za * 8 + 6, "the level size", &bottom))
        goto done;
    r->start_x = (int16_t)sx;
    r->start_y = (int16_t)sy;
    r->left = (int16_t)left;
    r->right = (int16_t)right;
    r->top = (int16_t)top;
    r->has_top = 1;
    r->bottom = (int16_t)bottom;
    /* Level_InitWater's acts: WaterHeight from Hidden Palace (zone 8) on
     * (the table the level code indexes after subtracting
     * hidden_palace_zone_act_1), a word per act */
    if (lv->water && lv->zone_id < 8) {
        fail(c, "%s: WaterHeight starts at Hidden Palace Zone", lv->title);
        goto done;
    }
    if (read_water(c, r, "WaterHeight", (za - 16u) * 2u))
        goto done;
    rc = 0;
done:
    free(layout);
    free(chunks);
    free(i1);
    free(i2);
    return rc;
}

/* Sonic 3: the layout block LevelPtrs names is copied to
 * Level_layout_header ($FFFF8000, $1000 bytes): FG width, BG width, FG
 * height, BG height (words), then from +8 a pair of row pointers (FG, BG:
 * RAM word addresses) per row. */
#define S3_LAYOUT_BYTES 0x1000u
#define S3_LAYOUT_RAM 0x8000u
#define S3_MAX_COLUMNS 128   /* what the format holds (spg_find_tile_sonic3) */
#define S3_MAX_ROWS 16

static int read_s3(reader_ctx *c, raw_level *r)
{
    const game_level *lv = c->lv;
    uint32_t ptrs, llb, solids, starts, sizes;
    if (sym(c, "LevelPtrs", &ptrs) || sym(c, "LevelLoadBlock", &llb) ||
        sym(c, "SolidIndexes", &solids) || sym(c, "Start_Locations", &starts) ||
        sym(c, "LevelSizes", &sizes))
        return -1;
    unsigned za = lv->zone_id * 2u + lv->act_id;
    uint32_t lay, ch1, ch2, sol;
    if (long_at(c, ptrs + za * 4, "the LevelPtrs entry", &lay) ||
        long_at(c, llb + za * 24 + 16, "the LevelLoadBlock entry", &ch1) ||
        long_at(c, llb + za * 24 + 20, "the LevelLoadBlock entry", &ch2) ||
        long_at(c, solids + za * 4, "the SolidIndexes entry", &sol) ||
        need(c, lay, S3_LAYOUT_BYTES, "the layout") ||
        need(c, sol, 4 * BLOCK_IDS, "the collision indexes"))
        return -1;
    ch1 &= 0xFFFFFFu;
    ch2 &= 0xFFFFFFu;
    const uint8_t *hdr = at(c, lay);
    int lw = hdr[0] << 8 | hdr[1], lh = hdr[4] << 8 | hdr[5];
    if (lw > S3_MAX_COLUMNS || lh > S3_MAX_ROWS)
        return fail(c, "%s's foreground is %d x %d chunks of 128 px; a "
                       "Sonic 3 scenario holds %d x %d (the layout the core "
                       "and the capture model: 16 rows of 128 bytes)",
                    lv->title, lw, lh, S3_MAX_COLUMNS, S3_MAX_ROWS);
    const uint8_t *rows[S3_MAX_ROWS];
    for (int y = 0; y < lh; y++) {
        unsigned p = (unsigned)(hdr[8 + 4 * y] << 8 | hdr[9 + 4 * y]);
        if (p < S3_LAYOUT_RAM || p - S3_LAYOUT_RAM + (unsigned)lw >
                                     S3_LAYOUT_BYTES)
            return fail(c, "row %d of the layout at $%06X points at $%04X, "
                           "outside the layout", y, (unsigned)lay, p);
        rows[y] = hdr + (p - S3_LAYOUT_RAM);
    }
    r->sum->layout_w = lw;
    r->sum->layout_h = lh;
    r->sum->chunk_px = 128;
    r->two_paths = 1;
    uint16_t p1[BLOCK_IDS], p2[BLOCK_IDS];
    for (unsigned b = 0; b < BLOCK_IDS; b++) {
        p1[b] = rd16(c, sol + 2 * b);
        p2[b] = rd16(c, sol + 2 * BLOCK_IDS + 2 * b);
    }
    step(c, "decompressing the 128x128 chunks");
    uint8_t *chunks = NULL;
    size_t nc = 0;
    if (kos(c, ch1, CHUNK128_RAM, "the 128x128 chunks", &chunks, &nc) ||
        (ch2 != ch1 &&
         kos(c, ch2, CHUNK128_RAM, "the second 128x128 chunks", &chunks,
             &nc)) ||
        read_masks(c, r, "AngleArray", "HeightMaps", "HeightMapsRot",
                   MAX_ROM_MASKS) ||
        alloc_grid(c, r, lw * 8, lh * 8, 0)) {
        free(chunks);
        return -1;
    }
    step(c, "reading the layout");
    int rc = put_chunks128(c, r, rows, lw, lh, chunks, nc, p1, p2);
    free(chunks);
    if (rc)
        return -1;
    uint16_t sx, sy, left, right, top, bottom;
    if (word_at(c, starts + za * 4, "the start location", &sx) ||
        word_at(c, starts + za * 4 + 2, "the start location", &sy) ||
        word_at(c, sizes + za * 8, "the level size", &left) ||
        word_at(c, sizes + za * 8 + 2, "the level size", &right) ||
        word_at(c, sizes + za * 8 + 4, "the level size", &top) ||
        word_at(c, sizes + za * 8 + 6, "the level size", &bottom))
        return -1;
    r->start_x = (int16_t)sx;
    r->start_y = (int16_t)sy;
    r->left = (int16_t)left;
    r->right = (int16_t)right;
    r->top = (int16_t)top;
    r->has_top = 1;
    r->bottom = (int16_t)bottom;
    /* CheckLevelForWater's acts: StartingWaterHeights, a word per act */
    return read_water(c, r, "StartingWaterHeights", za * 2u);
}

/* ---- the scenario ------------------------------------------------------- */

/* The level's top limit (Camera_min_Y_pos), where the format has one:
 * `bounds: top` of the games with Sonic 3's state, which refuses -$100
 * (the vertical wrap, not modelled there); in the other games the file
 * leaves it out (Sonic 2's LevelSize has one: read, not written). */
static int put_top(reader_ctx *c, const raw_level *r, scenario *s)
{
    /* the top limit: -$100 is the vertical wrap, which the core models
     * in every game that has a top limit */
    if (!r->has_top || !scenario_has(s, GAME_TOP_LIMIT))
        return 0;
    (void)c;
    s->map.limit_top = r->top;
    return 0;
}

static int raw_empty(const raw_cell *k)
{
    return k->bits == 0 ||
           ((k->m1 == 0 || !(k->bits & (SPG_CELL_TOP_SOLID |
                                         SPG_CELL_SIDE_SOLID))) &&
            (k->m2 == 0 || !(k->bits & (SPG_CELL_TOP_SOLID_2 |
                                         SPG_CELL_SIDE_SOLID_2))));
}

/* Equal masks (heights, widths, angle) share one scenario mask index,
 * given out from 1 in order of first use. */
typedef struct tiles {
    uint16_t of_rom[MAX_ROM_MASKS]; /* 0: not yet */
    int count;
} tiles;

static int tile_of(reader_ctx *c, const raw_level *r, scenario *s, tiles *t,
                   unsigned m)
{
    if (t->of_rom[m])
        return t->of_rom[m];
    for (int i = 1; i <= t->count; i++) {
        const spg_mask *k = &s->masks[i];
        if (k->angle == r->angle[m] &&
            memcmp(k->heights, r->heights[m], 16) == 0 &&
            memcmp(k->widths, r->widths[m], 16) == 0) {
            t->of_rom[m] = (uint16_t)i;
            return i;
        }
    }
    if (t->count + 1 >= SCENARIO_MAX_MASKS)
        return fail(c, "the act uses more than %d distinct masks",
                    SCENARIO_MAX_MASKS - 1);
    int i = ++t->count;
    memcpy(s->masks[i].heights, r->heights[m], 16);
    memcpy(s->masks[i].widths, r->widths[m], 16);
    s->masks[i].angle = r->angle[m];
    t->of_rom[m] = (uint16_t)i;
    return i;
}

/* The scenario's cell word (and secondary mask) for a raw cell. */
static int to_cell(reader_ctx *c, const raw_level *r, scenario *s, tiles *t,
                   const raw_cell *k, uint16_t *word, uint8_t *mask2)
{
    *word = 0;
    *mask2 = 0;
    if (raw_empty(k))
        return 0;
    int p = k->m1 && (k->bits & (SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID));
    int q = r->two_paths && k->m2 &&
            (k->bits & (SPG_CELL_TOP_SOLID_2 | SPG_CELL_SIDE_SOLID_2));
    /* a path that reads nothing keeps the other's mask with no solidity */
    int t1 = tile_of(c, r, s, t, p ? k->m1 : k->m2);
    if (t1 < 0)
        return -1;
    int t2 = t1;
    if (q && (t2 = tile_of(c, r, s, t, k->m2)) < 0)
        return -1;
    uint16_t bits = k->bits & (SPG_CELL_XFLIP | SPG_CELL_YFLIP);
    if (p)
        bits |= k->bits & (SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID);
    if (q)
        bits |= k->bits & (SPG_CELL_TOP_SOLID_2 | SPG_CELL_SIDE_SOLID_2);
    *word = (uint16_t)(t1 | bits);
    *mask2 = (uint8_t)t2;
    return 0;
}

static char *dupstr(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

static int build(reader_ctx *c, raw_level *r, const char *md5,
                 const char *tool, scenario *s)
{
    const game_desc *g = c->d->game;
    /* the rectangle of the cells either plane reads */
    int x0 = r->w, y0 = r->h, x1 = -1, y1 = -1;
    for (int y = 0; y < r->h; y++)
        for (int x = 0; x < r->w; x++) {
            size_t i = (size_t)y * (size_t)r->w + (size_t)x;
            if (raw_empty(&r->cells[i]) && (!r->low || raw_empty(&r->low[i])))
                continue;
            x0 = x < x0 ? x : x0;
            y0 = y < y0 ? y : y0;
            x1 = x > x1 ? x : x1;
            y1 = y > y1 ? y : y1;
        }
    if (x1 < 0)
        return fail(c, "%s has no solid cell", c->lv->title);
    int w = x1 - x0 + 1, h = y1 - y0 + 1;
    if (scenario_set_map(s, x0, y0, w, h) != 0)
        return fail(c, "the map (%d x %d tiles at %d, %d) does not fit the "
                       "format's layout", w, h, x0, y0);
    size_t n = (size_t)w * (size_t)h;
    uint8_t *m2 = r->two_paths ? calloc(n, 1) : NULL;
    uint16_t *low = r->low ? calloc(n, sizeof *low) : NULL;
    if ((r->two_paths && m2 == NULL) || (r->low && low == NULL)) {
        free(m2);
        free(low);
        return fail(c, "out of memory");
    }
    tiles t;
    memset(&t, 0, sizeof t);
    int differ = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            size_t i = (size_t)y * (size_t)w + (size_t)x;
            size_t j = (size_t)(y + y0) * (size_t)r->w + (size_t)(x + x0);
            uint8_t k2 = 0, dummy;
            if (to_cell(c, r, s, &t, &r->cells[j], &s->cells[i], &k2) ||
                (low && to_cell(c, r, s, &t, &r->low[j], &low[i], &dummy))) {
                free(m2);
                free(low);
                return -1;
            }
            if (m2) {
                m2[i] = k2;
                differ |= k2 != (s->cells[i] & SPG_CELL_MASK);
            }
        }
    s->map.mask_count = (uint16_t)(t.count + 1);
    r->sum->tiles = t.count;
    uint8_t seen[MAX_ROM_MASKS] = {0};
    for (size_t j = 0; j < (size_t)r->w * (size_t)r->h; j++) {
        const raw_cell *k = &r->cells[j];
        if (!raw_empty(k)) {
            seen[k->m1] = 1;
            if (r->two_paths)
                seen[k->m2] = 1;
        }
        if (r->low && !raw_empty(&r->low[j]))
            seen[r->low[j].m1] = 1;
    }
    for (int m = 1; m < MAX_ROM_MASKS; m++)
        r->sum->rom_masks += seen[m];
    if (differ) {
        s->cells2 = m2;
        s->map.secondary_masks = m2;
    } else {
        free(m2);
    }

    /* Sonic 1: the zone, the chunks it treats specially, the low plane */
    if (r->has_kinds) {
        const game_zone *z = game_zone_by_id(g, c->lv->zone_id);
        if (z == NULL) {
            free(low);
            return fail(c, "%s has no zone entry for zone %u", g->title,
                        (unsigned)c->lv->zone_id);
        }
        scenario_set_zone(s, z);
        int special = 0;
        for (int i = 0; i < SCENARIO_LAYOUT_CHUNKS; i++)
            special += r->kinds[i] != SCENARIO_CHUNK_PLAIN;
        r->sum->special_chunks = special;
        int any_low = 0;
        for (size_t i = 0; low && i < n; i++)
            any_low |= low[i] != 0;
        if (special) {
            s->chunk_kinds = malloc(SCENARIO_LAYOUT_CHUNKS);
            if (s->chunk_kinds == NULL) {
                free(low);
                return fail(c, "out of memory");
            }
            memcpy(s->chunk_kinds, r->kinds, SCENARIO_LAYOUT_CHUNKS);
        }
        if (any_low)
            s->low_cells = low;
        else
            free(low);
        low = NULL;
        char msg[320];
        if (scenario_make_layout(s, msg, sizeof msg) != 0)
            return fail(c, "%s", msg);
    }
    free(low);

    /* the water the act starts with (Labyrinth Zone's must have it) */
    if (r->has_water && scenario_set_water(s, r->water_level) != 0)
        return fail(c, "%s has water, which %s scenarios cannot hold there",
                    c->lv->title, g->title);
    if (!r->has_water && scenario_water_required(s))
        return fail(c, "%s needs water (its zone has it) and the game's "
                       "table gives none", c->lv->title);

    s->map.limit_left = r->left;
    s->map.limit_right = r->right;
    s->map.limit_bottom = r->bottom;
    if (put_top(c, r, s) != 0)
        return -1;
    s->start.x = (int32_t)((uint32_t)(uint16_t)r->start_x << 16);
    s->start.y = (int32_t)((uint32_t)(uint16_t)r->start_y << 16);

    /* the description and the header */
    char desc[512];
    snprintf(desc, sizeof desc,
             "%s of %s: the foreground's solid tiles, start location and "
             "level size, read from your ROM image by spgsim import-level.  "
             "No objects (springs, monitors, enemies, platforms, path "
             "swappers) and no level events.",
             c->lv->title, g->title);
    s->description = dupstr(desc);
    scenario_imported *im = calloc(1, sizeof *im);
    if (s->description == NULL || im == NULL) {
        free(im);
        return fail(c, "out of memory");
    }
    s->imported = im;
    im->rom_md5 = dupstr(md5);
    im->game = dupstr(g->name);
    im->zone = dupstr(c->lv->zone);
    im->act = c->lv->act;
    im->tool = dupstr(tool);
    if (!im->rom_md5 || !im->game || !im->zone || !im->tool)
        return fail(c, "out of memory");
    return 0;
}

/* ---- the entry ---------------------------------------------------------- */

typedef int (*reader_fn)(reader_ctx *c, raw_level *r);

static reader_fn reader_of(game_level_format f)
{
    switch (f) {
    case GAME_LEVEL_S1:
        return read_s1;
    case GAME_LEVEL_S2:
        return read_s2;
    case GAME_LEVEL_S3:
        return read_s3;
    case GAME_LEVEL_NONE:
        break;
    }
    return NULL;
}

void import_level_names(const game_desc *g, char *buf, size_t len)
{
    size_t at = 0;
    buf[0] = '\0';
    for (int i = 0; i < g->level_count && at < len; i++) {
        const game_level *lv = &g->levels[i];
        if (i > 0 && strcmp(g->levels[i - 1].zone, lv->zone) == 0)
            continue;
        int last = lv->act;
        for (int k = i + 1; k < g->level_count &&
                            strcmp(g->levels[k].zone, lv->zone) == 0;
             k++)
            last = g->levels[k].act;
        if (last == lv->act)
            at += (size_t)snprintf(buf + at, len - at, "%s%s %d",
                                   at ? ", " : "", lv->zone, lv->act);
        else
            at += (size_t)snprintf(buf + at, len - at, "%s%s %d-%d",
                                   at ? ", " : "", lv->zone, lv->act, last);
    }
}

int import_level(const capture_rom_desc *d, const uint8_t *rom, size_t len,
                 const char *md5, const char *zone, int act,
                 const char *name, const char *tool, scenario *out,
                 import_summary *sum, import_progress progress, void *ctx,
                 char *msg, size_t msglen)
{
    reader_ctx c = {d, rom, len, NULL, progress, ctx, msg, msglen};
    memset(out, 0, sizeof *out);
    memset(sum, 0, sizeof *sum);
    const game_desc *g = d->game;
    reader_fn rd = g ? reader_of(g->level_format) : NULL;
    if (g == NULL || rd == NULL)
        return fail(&c, "%s: import-level reads no level of this game",
                    d->name);
    c.lv = game_level_find(g, zone, act);
    if (c.lv == NULL) {
        char names[400];
        import_level_names(g, names, sizeof names);
        return fail(&c, "%s has no zone '%s' act %d (%s)", g->title, zone,
                    act, names);
    }
    if (c.lv->missing)
        return fail(&c, "%s", c.lv->missing);
    sum->level = c.lv;
    raw_level *r = calloc(1, sizeof *r);
    if (r == NULL)
        return fail(&c, "out of memory");
    r->sum = sum;
    int rc = -1;
    if (scenario_init(out, name, g->id, g->characters[0].id,
                      SPG_VARIANT_NORMAL) != 0) {
        fail(&c, "out of memory");
        goto done;
    }
    if (rd(&c, r) != 0)
        goto done;
    step(&c, "building the map");
    rc = build(&c, r, md5, tool, out);
done:
    free(r->cells);
    free(r->low);
    free(r);
    if (rc != 0)
        scenario_free(out);
    return rc;
}
