/*
 * movie.c - BizHawk .bk2 and Gens .gmv movies to joypad bytes
 * (see interop/movie.h for the two formats).
 *
 * The zip reader is deliberately small: it finds the end-of-central-
 * directory record, walks the central directory for the wanted entry, then
 * reads that entry's local header and data.  Stored (method 0) and deflated
 * (method 8) entries are supported; encrypted, multi-disk and zip64
 * archives are refused with a message.  Sizes and offsets come from the
 * central directory, so entries written with a trailing data descriptor
 * (general purpose flag bit 3) read the same as the others.
 */
#include "interop/movie.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "spg/spg.h"
#include "util/readfile.h"

/* An uncompressed entry larger than this is refused (a movie's input log
 * for 100000 frames is a few MiB). */
#define IMPORT_MAX_ENTRY (256u * 1024u * 1024u)

/* Largest number of LogKey names we keep. */
#define IMPORT_MAX_KEYS 512

static uint32_t rd16(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8);
}

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) |
           ((uint32_t)p[3] << 24);
}

/* ------------------------------------------------------------------------ */
/* Zip                                                                       */
/* ------------------------------------------------------------------------ */

#define ZIP_SIG_LOCAL 0x04034b50u
#define ZIP_SIG_CENTRAL 0x02014b50u
#define ZIP_SIG_END 0x06054b50u
#define ZIP_END_SIZE 22u
#define ZIP_CENTRAL_SIZE 46u
#define ZIP_LOCAL_SIZE 30u

static int entry_name_matches(const uint8_t *name, size_t len,
                              const char *want)
{
    size_t wl = strlen(want);
    if (len == wl && memcmp(name, want, wl) == 0)
        return 1;
    /* "folder/Input Log.txt" */
    if (len > wl && name[len - wl - 1] == '/' &&
        memcmp(name + len - wl, want, wl) == 0)
        return 1;
    return 0;
}

static int inflate_raw(const uint8_t *src, size_t src_len, uint8_t *dst,
                       size_t dst_len)
{
    z_stream zs;
    int rc;
    memset(&zs, 0, sizeof zs);
    if (inflateInit2(&zs, -MAX_WBITS) != Z_OK)
        return -1;
    zs.next_in = (Bytef *)(uintptr_t)src; /* zlib does not write through it */
    zs.avail_in = (uInt)src_len;
    zs.next_out = dst;
    zs.avail_out = (uInt)dst_len;
    rc = inflate(&zs, Z_FINISH);
    if (rc != Z_STREAM_END || zs.total_out != dst_len) {
        inflateEnd(&zs);
        return -1;
    }
    inflateEnd(&zs);
    return 0;
}

int import_zip_extract(const char *name, const uint8_t *zip, size_t size,
                       const char *entry, uint8_t **out, size_t *out_size,
                       FILE *err)
{
    size_t end = 0, pos, scan_floor, i;
    uint32_t count, cd_size, cd_off;
    int found = 0;
    uint32_t method = 0, flags = 0, crc = 0, csize = 0, usize = 0, loff = 0;

    *out = NULL;
    *out_size = 0;
    if (size < ZIP_END_SIZE) {
        fprintf(err, "%s: not a zip archive (too short)\n", name);
        return -1;
    }
    /* The end record is the last thing in the file, followed only by a
     * comment of at most 65535 bytes: search backwards for its signature. */
    scan_floor = size > ZIP_END_SIZE + 65535u ? size - ZIP_END_SIZE - 65535u : 0;
    for (pos = size - ZIP_END_SIZE + 1; pos-- > scan_floor;) {
        if (rd32(zip + pos) == ZIP_SIG_END &&
            pos + ZIP_END_SIZE + rd16(zip + pos + 20) == size) {
            end = pos;
            found = 1;
            break;
        }
    }
    if (!found) {
        fprintf(err, "%s: not a zip archive (no end of central directory)\n",
                name);
        return -1;
    }
    if (rd16(zip + end + 4) != 0 || rd16(zip + end + 6) != 0 ||
        rd16(zip + end + 8) != rd16(zip + end + 10)) {
        fprintf(err, "%s: multi-disk zip archives are not supported\n", name);
        return -1;
    }
    count = rd16(zip + end + 10);
    cd_size = rd32(zip + end + 12);
    cd_off = rd32(zip + end + 16);
    if (cd_off == 0xFFFFFFFFu || cd_size == 0xFFFFFFFFu || count == 0xFFFFu) {
        fprintf(err, "%s: zip64 archives are not supported\n", name);
        return -1;
    }
    if ((size_t)cd_off > end || (size_t)cd_size > end - (size_t)cd_off) {
        fprintf(err, "%s: corrupt zip archive (central directory out of "
                     "bounds)\n", name);
        return -1;
    }

    found = 0;
    pos = cd_off;
    for (i = 0; i < count; i++) {
        uint32_t nlen, xlen, clen;
        if (pos + ZIP_CENTRAL_SIZE > (size_t)cd_off + cd_size ||
            rd32(zip + pos) != ZIP_SIG_CENTRAL) {
            fprintf(err, "%s: corrupt zip archive (bad central directory "
                         "entry %zu)\n", name, i + 1);
            return -1;
        }
        nlen = rd16(zip + pos + 28);
        xlen = rd16(zip + pos + 30);
        clen = rd16(zip + pos + 32);
        if (pos + ZIP_CENTRAL_SIZE + nlen + xlen + clen >
            (size_t)cd_off + cd_size) {
            fprintf(err, "%s: corrupt zip archive (central directory entry "
                         "%zu runs past the directory)\n", name, i + 1);
            return -1;
        }
        if (entry_name_matches(zip + pos + ZIP_CENTRAL_SIZE, nlen, entry)) {
            flags = rd16(zip + pos + 8);
            method = rd16(zip + pos + 10);
            crc = rd32(zip + pos + 16);
            csize = rd32(zip + pos + 20);
            usize = rd32(zip + pos + 24);
            loff = rd32(zip + pos + 42);
            found = 1;
            break;
        }
        pos += ZIP_CENTRAL_SIZE + nlen + xlen + clen;
    }
    if (!found) {
        fprintf(err, "%s: the archive has no \"%s\" entry\n", name, entry);
        return -1;
    }
    if (flags & 1u) {
        fprintf(err, "%s: \"%s\" is encrypted\n", name, entry);
        return -1;
    }
    if (csize == 0xFFFFFFFFu || usize == 0xFFFFFFFFu || loff == 0xFFFFFFFFu) {
        fprintf(err, "%s: zip64 entries are not supported\n", name);
        return -1;
    }
    if (method != 0 && method != 8) {
        fprintf(err, "%s: \"%s\" uses compression method %u (only stored and "
                     "deflated entries are supported)\n", name, entry,
                (unsigned)method);
        return -1;
    }
    if (usize > IMPORT_MAX_ENTRY) {
        fprintf(err, "%s: \"%s\" is too large (%lu bytes)\n", name, entry,
                (unsigned long)usize);
        return -1;
    }
    if (method == 0 && csize != usize) {
        fprintf(err, "%s: corrupt zip archive (stored entry sizes differ)\n",
                name);
        return -1;
    }
    pos = loff;
    if (pos > size || size - pos < ZIP_LOCAL_SIZE ||
        rd32(zip + pos) != ZIP_SIG_LOCAL) {
        fprintf(err, "%s: corrupt zip archive (bad local header for \"%s\")\n",
                name, entry);
        return -1;
    }
    pos += ZIP_LOCAL_SIZE + rd16(zip + pos + 26) + rd16(zip + pos + 28);
    if (pos > size || size - pos < csize) {
        fprintf(err, "%s: truncated zip archive (\"%s\" data runs past the end "
                     "of the file)\n", name, entry);
        return -1;
    }

    *out = malloc((size_t)usize + 1);
    if (!*out) {
        fprintf(err, "%s: out of memory\n", name);
        return -1;
    }
    if (method == 0 || usize == 0) {
        if (usize)
            memcpy(*out, zip + pos, usize);
    } else if (inflate_raw(zip + pos, csize, *out, usize) != 0) {
        fprintf(err, "%s: corrupt zip archive (\"%s\" does not inflate to %lu "
                     "bytes)\n", name, entry, (unsigned long)usize);
        free(*out);
        *out = NULL;
        return -1;
    }
    if ((uint32_t)crc32(0L, *out, (uInt)usize) != crc) {
        fprintf(err, "%s: corrupt zip archive (CRC mismatch in \"%s\")\n", name,
                entry);
        free(*out);
        *out = NULL;
        return -1;
    }
    (*out)[usize] = 0;
    *out_size = usize;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* BizHawk input log                                                         */
/* ------------------------------------------------------------------------ */

#define BK2_LOG "Input Log.txt"

/* SPG_BTN_* bit for a LogKey name, for the given player; 0 = not ours. */
static uint8_t bk2_button(const char *key, size_t len, int player,
                          int unprefixed)
{
    static const struct {
        const char *name;
        uint8_t bit;
    } buttons[] = {
        {"Up", SPG_BTN_UP},     {"Down", SPG_BTN_DOWN}, {"Left", SPG_BTN_LEFT},
        {"Right", SPG_BTN_RIGHT}, {"A", SPG_BTN_A},     {"B", SPG_BTN_B},
        {"C", SPG_BTN_C},       {"Start", SPG_BTN_START},
    };
    size_t i;
    if (!unprefixed) {
        /* "P1 Up" */
        if (len < 4 || key[0] != 'P' || key[1] != (char)('0' + player) ||
            key[2] != ' ')
            return 0;
        key += 3;
        len -= 3;
    }
    for (i = 0; i < sizeof buttons / sizeof buttons[0]; i++)
        if (strlen(buttons[i].name) == len &&
            memcmp(buttons[i].name, key, len) == 0)
            return buttons[i].bit;
    return 0;
}

typedef struct bk2_key {
    const char *name; /* points into the log text, not terminated */
    size_t len;
} bk2_key;

static int parse_input_log(const char *name, char *text, size_t size,
                           int player, import_movie *out, FILE *err)
{
    bk2_key keys[IMPORT_MAX_KEYS];
    uint8_t bits[IMPORT_MAX_KEYS];
    int nkeys = -1, k, line_no = 0, frames = 0, cap = 0, any_bit = 0;
    char *p = text, *end = text + size;
    uint8_t *held = NULL;

    if (size >= 3 && (uint8_t)text[0] == 0xEF && (uint8_t)text[1] == 0xBB &&
        (uint8_t)text[2] == 0xBF)
        p += 3;
    while (p < end) {
        char *nl = memchr(p, '\n', (size_t)(end - p));
        char *le = nl ? nl : end;
        line_no++;
        if (le > p && le[-1] == '\r')
            le--;
        if ((size_t)(le - p) >= 7 && memcmp(p, "LogKey:", 7) == 0) {
            /* "LogKey:#Reset|Power|#P1 Up|P1 Down|...|" */
            char *q = p + 7;
            nkeys = 0;
            while (q < le) {
                char *bar = memchr(q, '|', (size_t)(le - q));
                char *ke = bar ? bar : le;
                char *ks = q;
                if (ks < ke && *ks == '#')
                    ks++;
                if (ke > ks) {
                    if (nkeys == IMPORT_MAX_KEYS) {
                        fprintf(err, "%s:" BK2_LOG ":%d: too many buttons in "
                                     "the LogKey line\n", name, line_no);
                        free(held);
                        return -1;
                    }
                    keys[nkeys].name = ks;
                    keys[nkeys].len = (size_t)(ke - ks);
                    nkeys++;
                }
                q = bar ? bar + 1 : le;
            }
            if (nkeys == 0) {
                fprintf(err, "%s:" BK2_LOG ":%d: empty LogKey line\n", name,
                        line_no);
                free(held);
                return -1;
            }
            /* Which column is which of our buttons.  Single-controller logs
             * may name the buttons without a "P1 " prefix. */
            any_bit = 0;
            for (k = 0; k < nkeys; k++) {
                bits[k] = bk2_button(keys[k].name, keys[k].len, player, 0);
                any_bit |= bits[k];
            }
            if (!any_bit && player == 1) {
                for (k = 0; k < nkeys; k++) {
                    bits[k] = bk2_button(keys[k].name, keys[k].len, player, 1);
                    any_bit |= bits[k];
                }
            }
            if (!any_bit) {
                fprintf(err, "%s:" BK2_LOG ":%d: the LogKey names no buttons "
                             "of player %d (expected names like \"P%d Up\")\n",
                        name, line_no, player, player);
                free(held);
                return -1;
            }
        } else if (le > p && *p == '|') {
            int col = 0;
            uint8_t b = 0;
            char *q;
            if (nkeys < 0) {
                fprintf(err, "%s:" BK2_LOG ":%d: frame line before the LogKey "
                             "line\n", name, line_no);
                free(held);
                return -1;
            }
            for (q = p; q < le; q++) {
                if (*q == '|')
                    continue;
                if (col < nkeys && bits[col] && *q != '.')
                    b |= bits[col];
                col++;
            }
            if (col != nkeys) {
                fprintf(err, "%s:" BK2_LOG ":%d: frame line has %d button "
                             "columns, the LogKey names %d\n", name, line_no,
                        col, nkeys);
                free(held);
                return -1;
            }
            if (frames == cap) {
                int ncap = cap ? cap * 2 : 1024;
                uint8_t *nh;
                if (ncap > INT_MAX / 2) {
                    fprintf(err, "%s: too many frames\n", name);
                    free(held);
                    return -1;
                }
                nh = realloc(held, (size_t)ncap);
                if (!nh) {
                    fprintf(err, "%s: out of memory\n", name);
                    free(held);
                    return -1;
                }
                held = nh;
                cap = ncap;
            }
            held[frames++] = b;
        }
        p = nl ? nl + 1 : end;
    }
    if (nkeys < 0) {
        fprintf(err, "%s:" BK2_LOG ": no LogKey line\n", name);
        free(held);
        return -1;
    }
    out->format = IMPORT_FORMAT_BK2;
    out->frames = frames;
    out->held = held;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Gens movie                                                                */
/* ------------------------------------------------------------------------ */

#define GMV_HEADER 64u
#define GMV_SIGNATURE "Gens Movie TEST"

static int parse_gmv(const char *name, const uint8_t *data, size_t size,
                     int player, import_movie *out, FILE *err)
{
    size_t n, i;
    uint8_t *held;

    if (size < GMV_HEADER) {
        fprintf(err, "%s: truncated Gens movie (%zu bytes, the header alone "
                     "is 64)\n", name, size);
        return -1;
    }
    if ((size - GMV_HEADER) % 3u != 0) {
        fprintf(err, "%s: truncated Gens movie (%zu bytes of frame data is not "
                     "a whole number of 3-byte frames)\n", name,
                size - GMV_HEADER);
        return -1;
    }
    n = (size - GMV_HEADER) / 3u;
    if (n > (size_t)INT_MAX) {
        fprintf(err, "%s: too many frames\n", name);
        return -1;
    }
    /* Version 'A' and later: flags byte; bit 6 = starts from a savestate. */
    if (data[15] >= 'A' && (data[0x16] & 0x40))
        fprintf(err, "%s: warning: the movie starts from a savestate\n", name);
    held = malloc(n ? n : 1);
    if (!held) {
        fprintf(err, "%s: out of memory\n", name);
        return -1;
    }
    for (i = 0; i < n; i++) {
        /* Active low: a set bit is a button left up. */
        uint8_t v = (uint8_t)~data[GMV_HEADER + 3 * i + (size_t)(player - 1)];
        uint8_t b = 0;
        if (v & 0x01) b |= SPG_BTN_UP;
        if (v & 0x02) b |= SPG_BTN_DOWN;
        if (v & 0x04) b |= SPG_BTN_LEFT;
        if (v & 0x08) b |= SPG_BTN_RIGHT;
        if (v & 0x10) b |= SPG_BTN_A;
        if (v & 0x20) b |= SPG_BTN_B;
        if (v & 0x40) b |= SPG_BTN_C;
        if (v & 0x80) b |= SPG_BTN_START;
        held[i] = b;
    }
    out->format = IMPORT_FORMAT_GMV;
    out->frames = (int)n;
    out->held = held;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Entry points                                                              */
/* ------------------------------------------------------------------------ */

int import_movie_parse(const char *name, const uint8_t *data, size_t size,
                       int player, import_movie *out, FILE *err)
{
    memset(out, 0, sizeof *out);
    if (player != 1 && player != 2) {
        fprintf(err, "%s: player must be 1 or 2\n", name);
        return -1;
    }
    if (size >= 15 && memcmp(data, GMV_SIGNATURE, 15) == 0)
        return parse_gmv(name, data, size, player, out, err);
    if (size >= 4 && rd32(data) == ZIP_SIG_LOCAL) {
        uint8_t *log;
        size_t log_size;
        int rc;
        if (import_zip_extract(name, data, size, BK2_LOG, &log, &log_size,
                               err) != 0)
            return -1;
        rc = parse_input_log(name, (char *)log, log_size, player, out, err);
        free(log);
        return rc;
    }
    fprintf(err, "%s: not a BizHawk .bk2 or Gens .gmv movie\n", name);
    return -1;
}

int import_movie_load(const char *path, int player, import_movie *out,
                      FILE *err)
{
    size_t len = 0;
    uint8_t *buf;
    int rc;

    memset(out, 0, sizeof *out);
    buf = util_read_file(path, IMPORT_MAX_ENTRY, &len, err);
    if (buf == NULL)
        return -1;
    rc = import_movie_parse(path, buf, len, player, out, err);
    free(buf);
    return rc;
}

void import_movie_free(import_movie *m)
{
    free(m->held);
    m->held = NULL;
    m->frames = 0;
}

void import_write_script(FILE *f, const uint8_t *held, int n)
{
    static const struct {
        uint8_t bit;
        const char *name;
    } order[] = {
        {SPG_BTN_UP, "up"}, {SPG_BTN_DOWN, "down"}, {SPG_BTN_LEFT, "left"},
        {SPG_BTN_RIGHT, "right"}, {SPG_BTN_A, "a"}, {SPG_BTN_B, "b"},
        {SPG_BTN_C, "c"}, {SPG_BTN_START, "start"},
    };
    int i = 0;
    if (n <= 0) {
        fputs("input: []\n", f);
        return;
    }
    fputs("input:\n", f);
    while (i < n) {
        int j = i + 1;
        size_t k;
        int first = 1;
        while (j < n && held[j] == held[i])
            j++;
        fprintf(f, "  - {frames: %d", j - i);
        if (held[i]) {
            fputs(", hold: [", f);
            for (k = 0; k < sizeof order / sizeof order[0]; k++) {
                if (held[i] & order[k].bit) {
                    fprintf(f, "%s%s", first ? "" : ", ", order[k].name);
                    first = 0;
                }
            }
            fputc(']', f);
        }
        fputs("}\n", f);
        i = j;
    }
}
