/*
 * movie.h - reading joypad input out of emulator movie files, for
 * `spgsim import-inputs` (harness/cli/import.c).
 *
 * Two formats are understood, recognised by their contents (not by the file
 * name):
 *
 *   BizHawk .bk2  a zip archive; the entry "Input Log.txt" holds a
 *                 "LogKey:" line naming the buttons, then one line per frame
 *                 starting with '|', one character per button ('.' = up,
 *                 anything else = down).  The archive is read with our own
 *                 zip reader (stored and deflated entries, via zlib).
 *   Gens .gmv     a 64-byte header ("Gens Movie TEST" + version), then 3
 *                 bytes per frame: player 1, player 2, and XYZ/mode or
 *                 player 3; bits are active low (0 = pressed): 01 up,
 *                 02 down, 04 left, 08 right, 10 A, 20 B, 40 C, 80 start.
 *
 * Both are turned into one byte of held buttons per frame in the SPG_BTN_*
 * layout of spg/spg.h.
 */
#ifndef SPGSIM_IMPORT_MOVIE_H
#define SPGSIM_IMPORT_MOVIE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef enum import_format {
    IMPORT_FORMAT_BK2 = 1,
    IMPORT_FORMAT_GMV = 2
} import_format;

/* The joypad of one player, one byte per movie frame. */
typedef struct import_movie {
    import_format format;
    int frames;     /* number of frames in the movie */
    uint8_t *held;  /* frames entries, SPG_BTN_* bits; malloc'd */
} import_movie;

/*
 * Read `size` bytes of a movie file (`name` is only used in messages) and
 * extract the buttons of `player` (1 or 2).  Returns 0 on success; on error
 * writes "name: message" (or "name:Input Log.txt:LINE: message") to err
 * and returns -1 with nothing to free.
 */
int import_movie_parse(const char *name, const uint8_t *data, size_t size,
                       int player, import_movie *out, FILE *err);

/* Read a whole file and parse it as above. */
int import_movie_load(const char *path, int player, import_movie *out,
                      FILE *err);

void import_movie_free(import_movie *m);

/*
 * Find a file in a zip archive held in memory and return its uncompressed
 * contents (malloc'd, *out_size bytes, plus a terminating NUL not counted).
 * Returns 0 on success, -1 with a "name: message" on err.
 */
int import_zip_extract(const char *name, const uint8_t *zip, size_t size,
                       const char *entry, uint8_t **out, size_t *out_size,
                       FILE *err);

/*
 * Write frames [0, n) of `held` as a scenario input script: an "input:"
 * line and run-length encoded "  - {frames: N, hold: [...]}" steps (no
 * hold list for frames with nothing held).  The steps add up to n, so a
 * scenario using them needs no `frames:` key.
 */
void import_write_script(FILE *f, const uint8_t *held, int n);

#endif /* SPGSIM_IMPORT_MOVIE_H */
