/*
 * bk2_fuzzer.c - BizHawk .bk2 movies as `spgsim import-inputs` reads them
 * (import_movie_parse; checks in movie_check.c).
 *
 * An input starting with a zip local header ("PK\3\4") is the movie file
 * itself: the zip reader, inflate and the CRC check see it as it is.  Any
 * other input is the text of the movie's "Input Log.txt": it is put into a
 * one-entry zip (stored, with its true CRC) first, so the input log parser
 * gets fuzzed text that is not stopped at the CRC check.
 */
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "fuzz.h"
#include "movie_check.h"

static const char entry[] = "Input Log.txt";

static uint8_t *put16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v & 0xFF);
    p[1] = (uint8_t)((v >> 8) & 0xFF);
    return p + 2;
}

static uint8_t *put32(uint8_t *p, uint32_t v)
{
    return put16(put16(p, v & 0xFFFFu), v >> 16);
}

/* A zip archive holding `data` as the stored entry "Input Log.txt". */
static uint8_t *wrap(const uint8_t *data, size_t size, size_t *out_size)
{
    const uint32_t nl = sizeof entry - 1;
    const uint32_t crc = (uint32_t)crc32(0L, data, (uInt)size);
    const size_t local = 30 + nl, central = 46 + nl;
    uint8_t *zip = malloc(local + size + central + 22);
    uint8_t *p = zip;

    FUZZ_CHECK(zip != NULL);
    p = put32(p, 0x04034b50u);               /* local file header */
    p = put16(p, 20);                        /* version needed */
    p = put16(p, 0);                         /* flags */
    p = put16(p, 0);                         /* stored */
    p = put32(p, 0);                         /* time, date */
    p = put32(p, crc);
    p = put32(p, (uint32_t)size);            /* compressed size */
    p = put32(p, (uint32_t)size);            /* uncompressed size */
    p = put16(p, nl);
    p = put16(p, 0);                         /* extra field length */
    memcpy(p, entry, nl);
    p += nl;
    if (size)
        memcpy(p, data, size);
    p += size;
    p = put32(p, 0x02014b50u);               /* central directory entry */
    p = put16(p, 20);                        /* version made by */
    p = put16(p, 20);                        /* version needed */
    p = put16(p, 0);                         /* flags */
    p = put16(p, 0);                         /* stored */
    p = put32(p, 0);                         /* time, date */
    p = put32(p, crc);
    p = put32(p, (uint32_t)size);
    p = put32(p, (uint32_t)size);
    p = put16(p, nl);
    p = put16(p, 0);                         /* extra */
    p = put16(p, 0);                         /* comment */
    p = put16(p, 0);                         /* disk */
    p = put16(p, 0);                         /* internal attributes */
    p = put32(p, 0);                         /* external attributes */
    p = put32(p, 0);                         /* local header offset */
    memcpy(p, entry, nl);
    p += nl;
    p = put32(p, 0x06054b50u);               /* end of central directory */
    p = put16(p, 0);
    p = put16(p, 0);
    p = put16(p, 1);
    p = put16(p, 1);
    p = put32(p, (uint32_t)central);
    p = put32(p, (uint32_t)(local + size));
    p = put16(p, 0);                         /* comment length */
    *out_size = (size_t)(p - zip);
    return zip;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size >= 4 && memcmp(data, "PK\3\4", 4) == 0) {
        movie_check("fuzz.bk2", data, size);
        return 0;
    }
    if (size > 0xFFFFFFF0u)
        return 0;
    size_t zsize;
    uint8_t *zip = wrap(data, size, &zsize);
    movie_check("fuzz.bk2", zip, zsize);
    free(zip);
    return 0;
}
