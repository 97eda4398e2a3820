/*
 * level.h - building a scenario's tile map into the emulated game the way
 * the game's level loader leaves it.
 *
 *   - 256x256 chunks at v_256x256 ($200 bytes each, chunk n at
 *     v_256x256 + (n-1)*$200, cell (bx,by) word at by*$20 + bx*2), identical
 *     chunks shared, at most as many as fit below v_lvllayout (82 in Sonic 1);
 *   - the level layout at v_lvllayout: 8 rows of $80 bytes, foreground chunk
 *     ids in the first $40 of each row, 0 = empty;
 *   - cell words: block id (bits 0-9), x flip (bit 11), y flip (bit 12),
 *     top solid (bit 13), side/bottom solid (bit 14);
 *   - the collision index: v_collindex points at a byte per block id giving
 *     the collision mask id; the capture writes it over the ROM copy's
 *     collision index of the zone it runs in;
 *   - the masks: 16 column heights (CollArray1), 16 row widths (CollArray2)
 *     and an angle (AngleMap) per mask id, written over the ROM copy.
 *
 * Ids are assigned deterministically: block id = the scenario's mask index;
 * mask ids are given out from 1 in the order the masks are first used
 * scanning the map row by row; chunk ids from 1 in the order chunks are
 * first met scanning the layout row by row.
 */
#ifndef SPGSIM_CAPTURE_LEVEL_H
#define SPGSIM_CAPTURE_LEVEL_H

#include <stddef.h>
#include <stdint.h>

#include "spg/spg.h"
#include "capture/emu.h"

/* Where the level goes (from the ROM description). */
typedef struct level_addrs {
    uint32_t chunks;          /* v_256x256 */
    uint32_t layout;          /* v_lvllayout */
    uint32_t collindex_ptr;   /* v_collindex (RAM long) */
    uint32_t collindex_rom;   /* where the index is written in the ROM copy */
    uint32_t collindex_size;  /* its size in bytes: block ids must be below */
    uint32_t angle_map, coll_array1, coll_array2;
} level_addrs;

/* What was built (for tests and messages). */
typedef struct level_info {
    int chunk_count;   /* distinct non-empty chunks */
    int mask_count;    /* mask ids given out */
} level_info;

/* Layout geometry of the original: 64 chunks of 256 px across (the second
 * $40 bytes of a row are the background), 8 rows down. */
#define LEVEL_LAYOUT_CHUNKS_X 64
#define LEVEL_LAYOUT_CHUNKS_Y 8
#define LEVEL_MAX_MASK_IDS 255

/*
 * Build `map` into the emulator's RAM and ROM copy.  Returns 0, or -1 with
 * a message naming what the original cannot express (map beyond the layout,
 * too many distinct chunks, more masks than ids, a block id beyond the
 * collision index, a cell naming a mask that does not exist).
 */
int level_build(emu *e, const level_addrs *a, const spg_map *map,
                level_info *info, char *msg, size_t msglen);

/*
 * Sonic 2 (REV01) keeps its level differently (docs/research/
 * sonic2-differences.md, 3.3):
 *
 *   - 128x128 chunks at Chunk_Table ($80 bytes each, chunk n at
 *     Chunk_Table + n*$80, 8 rows of 8 cell words); chunk 0 is read like
 *     any other and stays all zero, so empty layout bytes are empty;
 *   - the layout at Level_Layout: 16 rows of $100 bytes, foreground chunk
 *     ids in the first $80 of each row (column (x >> 7) & $7F, row
 *     (y >> 7) & $F);
 *   - cell words: block id (bits 0-9), x flip (bit 10), y flip (bit 11),
 *     top solid and left/right/bottom solid for the primary path (bits
 *     12, 13) and for the secondary path (bits 14, 15);
 *   - two block -> mask tables in RAM, Primary_Collision and
 *     Secondary_Collision ($300 bytes each), picked by the object's
 *     top_solid_bit;
 *   - the masks as in Sonic 1, written over the ROM copy's ColCurveMap,
 *     ColArrayVertical and ColArrayHorizontal.
 *
 * Ids: a block id per distinct pair (primary mask, secondary mask) from 1
 * in order of first use (row-major); mask ids from 1 in order of first
 * use (a cell's primary mask, then its secondary one); chunk ids from 1 in
 * order of first use scanning the overlapped chunks row by row.
 */
typedef struct level_addrs_s2 {
    uint32_t chunks;          /* Chunk_Table */
    uint32_t layout;          /* Level_Layout */
    uint32_t primary, secondary; /* Primary_Collision, Secondary_Collision */
    uint32_t angle_map, coll_array1, coll_array2; /* ColCurveMap,
                                                     ColArrayVertical,
                                                     ColArrayHorizontal */
    /* 0 for Sonic 2; Sonic 3 (level_build_s3 sets them): the layout's
     * bytes per row, and 2 for block -> mask tables of words */
    uint32_t layout_row_bytes;
    int table_entry_bytes;
    /* Sonic & Knuckles: with 2-byte entries, the mask id is the entry's
     * first byte (FindFloor's move.b at +2*block), not the word */
    int table_entry_high_byte;
} level_addrs_s2;

#define LEVEL_S2_CHUNK_CELLS 8
#define LEVEL_S2_CHUNK_BYTES 0x80u
#define LEVEL_S2_LAYOUT_ROW_BYTES 0x100u
#define LEVEL_S2_LAYOUT_CHUNKS_X 128
#define LEVEL_S2_LAYOUT_CHUNKS_Y 16
#define LEVEL_S2_CHUNK_IDS 256     /* chunk 0 stays empty */
#define LEVEL_S2_BLOCK_IDS 0x300   /* entries of each collision table */

/* The cell word the Sonic 2 code reads for a scenario cell word (bits
 * moved; the block id is given separately). */
uint16_t level_s2_cell_bits(uint16_t cell);

/* Build a Sonic 2 map; as level_build. */
int level_build_s2(emu *e, const level_addrs_s2 *a, const spg_map *map,
                   level_info *info, char *msg, size_t msglen);

/*
 * Sonic 3 (docs/research/sonic3-differences.md, 3.3) reads the layout
 * through a header of row pointers (Find_Tile_FG):
 *
 *   - Layout_row_index_mask = $3C: 16 rows of 128 px; the word at
 *     Level_layout_header + 8 + 4r is the RAM word address of row r's
 *     chunk bytes (the background's at + $A + 4r, never read while
 *     Background_collision_flag is 0: the capture points them at the
 *     same rows);
 *   - the rows are packed one after the other in one area (row r at
 *     base + r * 128), followed by zero bytes up to base + 15 * 128 + 511:
 *     the column x >> 7 (unsigned, up to 511) is added to the row's
 *     address, so a column past 127 reads on into the next rows and then
 *     empty chunks, which is what the core's spg_find_tile_sonic3 reads;
 *   - chunks and cell words as in Sonic 2 (chunk n at Chunk_table + n*$80);
 *   - the block -> mask tables are words, reached through the longs
 *     Primary_collision_addr / Secondary_collision_addr (the capture
 *     keeps them in RAM, at `tables`: primary, then secondary at + $600);
 *   - the masks over the ROM copy's AngleArray, HeightMaps,
 *     HeightMapsRot.
 *
 * Ids as in Sonic 2.
 */
typedef struct level_addrs_s3 {
    uint32_t chunks;          /* Chunk_table */
    uint32_t header;          /* Level_layout_header */
    uint32_t rows;            /* the packed rows (inside the layout RAM) */
    uint32_t row_mask;        /* Layout_row_index_mask */
    uint32_t tables;          /* $1000 bytes of RAM for the two tables */
    uint32_t primary_ptr, secondary_ptr; /* Primary_collision_addr,
                                            Secondary_collision_addr */
    uint32_t angle_map, heights, widths; /* AngleArray, HeightMaps,
                                            HeightMapsRot */
    int mask_id_byte;         /* Sonic & Knuckles: a table entry's mask id
                                 is its first byte (256 masks) */
} level_addrs_s3;

#define LEVEL_S3_ROWS 16
#define LEVEL_S3_ROW_BYTES 0x80u
#define LEVEL_S3_ROW_MASK 0x3Cu
/* the packed rows and the empty bytes a column up to 511 reads */
#define LEVEL_S3_ROWS_SPAN (15u * LEVEL_S3_ROW_BYTES + 512u)

/* Build a Sonic 3 map; as level_build. */
int level_build_s3(emu *e, const level_addrs_s3 *a, const spg_map *map,
                   level_info *info, char *msg, size_t msglen);

/*
 * Sonic CD's level program (docs/research/soniccd-differences.md, 3.2)
 * keeps the chunks in the program itself (loaded at $200000), the rest as
 * Sonic 1 does:
 *
 *   - the layout at levelLayout: 16 rows of $80 bytes, all foreground
 *     (row (y >> 8) & $F, column (x >> 8) & $7F), 0 = empty, bit 7 a loop
 *     chunk (never given out);
 *   - 256x256 chunks at LevelChunks in the program copy ($200 bytes each,
 *     chunk n at + (n-1)*$200, cell (bx,by) word at by*$20 + bx*2), up to
 *     the sprite mappings that follow them (MapSpr_Sonic: ids 1..121);
 *   - cell words as Sonic 1's but for the block id's width (bits 0-10);
 *   - the block -> mask bytes through the long collisionPtr (the capture
 *     writes them over the program copy's LevelCollision, 256 of them);
 *   - the masks over the program copy's ColAngleMap, ColHeightMap and
 *     ColWidthMap.
 *
 * Chunk ids are given out from 2 up, in the order chunks are first met
 * scanning the overlapped chunks row by row, leaving out those the
 * program treats specially (level_scd_chunk_id_ok): 1 (FindLevelFloor
 * and FindLevelWall take the cell address LevelChunks, which is chunk 1's
 * first cell, for "no block"), the 3D-ramp chunks 6, 7, 8, $49 and $4C of
 * Palmtree Panic 1 Present, and the waterfall chunk $2F.  Block and mask
 * ids as in Sonic 1.
 */
typedef struct level_addrs_scd {
    uint32_t layout;          /* levelLayout (RAM) */
    uint32_t chunks;          /* LevelChunks (in the program) */
    uint32_t chunks_end;      /* MapSpr_Sonic: the first byte after them */
    uint32_t collision_ptr;   /* collisionPtr (RAM long) */
    uint32_t collision;       /* LevelCollision: the block -> mask bytes */
    uint32_t angle_map, heights, widths; /* ColAngleMap, ColHeightMap,
                                            ColWidthMap */
} level_addrs_scd;

#define LEVEL_SCD_LAYOUT_CHUNKS_X 128
#define LEVEL_SCD_LAYOUT_CHUNKS_Y 16
#define LEVEL_SCD_ROW_BYTES 0x80u
#define LEVEL_SCD_CHUNK_BYTES 0x200u
#define LEVEL_SCD_BLOCK_IDS 0x100u /* LevelCollision bytes written */

/* Whether the Sonic CD level builder may give a chunk this id (below the
 * area's end, which the builder checks too). */
int level_scd_chunk_id_ok(int id);

/* Build a Sonic CD map; as level_build. */
int level_build_scd(emu *e, const level_addrs_scd *a, const spg_map *map,
                    level_info *info, char *msg, size_t msglen);

/*
 * The pieces the builders share (level.c; soniccd_level.c uses them too).
 * Each builder keeps its own geometry, chunk area, ids and words.
 */

/* 0 if the map's tiles all lie below (tiles_x, tiles_y) (an empty map
 * does); else -1 with msg "map tiles x a..b, y c..d lie beyond " followed
 * by the game's words for its layout (fmt and its arguments). */
int level_check_extent(const spg_map *map, uint32_t tiles_x,
                       uint32_t tiles_y, char *msg, size_t msglen,
                       const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;

/* Mask ids from 1 in order of first use (row-major) into mask_id (0: not
 * used), block id = mask index, which must lie below `blocks` (the
 * collision index's entries).  Returns the count, or -1 with a message
 * (a cell naming a mask the map lacks, a block id beyond the index, more
 * masks than LEVEL_MAX_MASK_IDS). */
int level_mask_ids(const spg_map *map, uint32_t blocks, uint8_t mask_id[256],
                   char *msg, size_t msglen);

/* Where 256x256 chunks go (Sonic 1, Sonic CD): chunk id n's $200 bytes at
 * chunks + (n-1)*$200, in RAM or in the ROM copy; a new distinct chunk
 * gets the next of ids[0..id_count); its id goes to layout byte
 * layout + cy*row_bytes + cx. */
typedef struct level_chunks256 {
    uint32_t chunks;
    int in_rom;               /* 1: the ROM (program) copy, 0: RAM */
    const uint8_t *ids;
    int id_count;
    uint32_t layout, row_bytes;
} level_chunks256;

/* Put the map's non-empty 256x256 chunks (Sonic 1's cell words: block id
 * = mask index, flips and solidity at the scenario's bits) and their
 * layout bytes, scanning the chunks the map overlaps row by row, identical
 * chunks shared.  Returns the number of distinct chunks, or -1 when they
 * need more than id_count ids (the caller says so). */
int level_put_chunks256(emu *e, const level_chunks256 *c, const spg_map *map);

/* The block -> mask bytes (mask_id of each block id, 0 past 255) over the
 * ROM copy's index of `blocks` bytes at index_rom, and the RAM long
 * index_ptr pointed at it. */
void level_write_index(emu *e, uint32_t index_rom, uint32_t blocks,
                       uint32_t index_ptr, const uint8_t mask_id[256]);

/* The masks the map uses over the ROM copy's collision arrays (angle map,
 * column heights, row widths; the same layout in every game), each at the
 * mask id mask_id gives it (0: not used). */
void level_write_masks(emu *e, uint32_t angle_map, uint32_t heights,
                       uint32_t widths, const spg_map *map,
                       const uint8_t mask_id[256]);

#endif /* SPGSIM_CAPTURE_LEVEL_H */
