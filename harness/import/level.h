/*
 * level.h - `spgsim import-level`: a real act read from the user's own ROM
 * image, as a scenario (docs/real-levels.md).
 *
 * What is read: the act's foreground layout, its chunks (Sonic 1: 256x256,
 * Sonic 2 and 3: 128x128), the zone's collision index (Sonic 2 and 3: the
 * primary and the secondary one), the collision masks (heights, widths,
 * angles), the start location and the level size, at the addresses the
 * image's description (games/<game>.c) gives, in the form the game
 * descriptor's level_format names.  Cells the game's sensors read as
 * empty (block 0, mask 0, or no solidity bit on either path) are empty;
 * equal masks (heights, widths and angle) become one tile.  Sonic 1 also
 * gets its zone, the low plane of its loop chunks and the chunks the zone
 * treats specially (docs/scenario-format.md, "Sonic 1: zones, loops and
 * roll tunnels").
 *
 * Layer: above scenario/ and capture/ (ROM symbols and MD5), below cli/.
 */
#ifndef SPGSIM_IMPORT_LEVEL_H
#define SPGSIM_IMPORT_LEVEL_H

#include <stddef.h>
#include <stdint.h>

#include "games/game.h"
#include "scenario/scenario.h"

/* Told what the import is doing (may be NULL): for progress lines. */
typedef void (*import_progress)(void *ctx, const char *step);

/* What an import found, for the summary line. */
typedef struct import_summary {
    const game_level *level;
    int layout_w, layout_h;   /* the act's layout, in chunks */
    int chunk_px;             /* 256 (Sonic 1) or 128 */
    int chunks_used;          /* distinct chunk ids the layout names */
    int rom_masks;            /* distinct mask ids its cells use */
    int tiles;                /* distinct masks after merging equal ones */
    int special_chunks;       /* Sonic 1: chunks in `chunks:` */
} import_summary;

/*
 * Read act `act` of zone `zone` (any case) of the image `rom` (len bytes)
 * that description `d` describes (d->game says the game and its format),
 * into `out`: a scenario named `name` with the game's first character,
 * the act's map, start, bounds (and Sonic 1's zone, low plane and chunk
 * kinds), an `imported:` header (rom_md5 `md5`, tool `tool`) and no
 * frames yet (the caller sets frames and input, then
 * scenario_update_hash).  Returns 0; or -1 with a one-line reason in msg
 * (an act the game does not have or the image does not hold, tables that
 * do not decompress or point outside the image, a level the format cannot
 * hold).
 */
int import_level(const capture_rom_desc *d, const uint8_t *rom, size_t len,
                 const char *md5, const char *zone, int act,
                 const char *name, const char *tool, scenario *out,
                 import_summary *sum, import_progress progress, void *ctx,
                 char *msg, size_t msglen);

/* "ghz 1-3, lz 1-4, ...": the acts of game g, for messages. */
void import_level_names(const game_desc *g, char *buf, size_t len);

#endif /* SPGSIM_IMPORT_LEVEL_H */
