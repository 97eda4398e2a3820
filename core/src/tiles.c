/*
 * tiles.c - solid tile lookups: FindNearestTile, FindFloor/FindFloor2,
 * FindWall/FindWall2 (Sonic 1), and the derivation of a mask's widths from
 * its heights.
 *
 * A sensor reads one tile; if that says "nothing here" (empty cell, cell not
 * solid for this sensor, empty column) it looks one tile further
 * (extension); if it says "full" (height 16, or the sensor is inside the
 * solid part of a top-down column) it looks one tile back (regression).
 * The second lookup (FindFloor2/FindWall2) never looks again.
 */
#include <stddef.h>

#include "tiles.h"

/* The cell of level tile (tx, ty), already wrapped; 0 (and *slot -1)
 * outside the map. */
static uint16_t map_cell(const spg_map *m, uint32_t tx, uint32_t ty,
                         int32_t *slot)
{
    if (m->cells == NULL || tx < m->x0 || ty < m->y0)
        return 0;
    tx -= m->x0;
    ty -= m->y0;
    if (tx >= m->width || ty >= m->height)
        return 0;
    *slot = (int32_t)(ty * m->width + tx);
    return m->cells[*slot];
}

/*
 * FindNearestTile.  The original indexes the level layout with
 * ((y >> 1) & $380) + ((x >> 8) & $7F): eight rows of 128 chunk bytes, the
 * foreground's chunks in the first half of a row and the background's in
 * the second.  So y wraps every 8 chunks (layout_tiles_y tiles) and x every
 * 128 chunks (2 x layout_tiles_x tiles), and x in the second half reads the
 * background layout, which a solid-tile scenario leaves empty.  The pixel
 * coordinates are taken as unsigned words: x = -1 is chunk $FF & $7F.
 */
uint16_t spg_find_tile_sonic1(const spg_frame *f, int16_t x, int16_t y,
                              int32_t *slot)
{
    const spg_profile *pr = f->profile;
    const spg_map *m = f->map;
    uint32_t tx = (uint32_t)(uint16_t)x >> 4;
    uint32_t ty = (uint32_t)(uint16_t)y >> 4;
    uint16_t cell;

    *slot = -1;
    if (pr->layout_tiles_x != 0) {
        tx %= 2u * pr->layout_tiles_x;
        if (tx >= pr->layout_tiles_x)
            return 0;
    }
    if (pr->layout_tiles_y != 0)
        ty %= pr->layout_tiles_y;
    cell = map_cell(m, tx, ty, slot);
    /* .specialtile: a layout byte with bit 7 is a loop chunk, whose other
     * chunk (the low plane) a player with obRender bit 6 reads. */
    if (*slot >= 0 && f->low_plane && m->layout != NULL &&
        m->low_cells != NULL &&
        (spg_layout_byte(m, x, y) & 0x80u) != 0)
        cell = m->low_cells[*slot];
    return cell;
}

/*
 * The layout byte of the 256 px chunk at a level pixel, indexed as
 * FindNearestTile and Sonic_Loops do: ((y >> 1) & $380) + ((x >> 8) &
 * $7F), the pixel words unsigned.  0 without a layout.
 */
uint8_t spg_layout_byte(const spg_map *m, int16_t x, int16_t y)
{
    uint32_t at = (((uint32_t)(uint16_t)y >> 1) & 0x380u) +
                  (((uint32_t)(uint16_t)x >> 8) & 0x7Fu);

    return m->layout != NULL ? m->layout[at] : 0;
}

/*
 * Find_Tile (Sonic 2).  The layout index is ((y * 2) & $F00) + ((x >> 7) &
 * $7F): sixteen rows of $100 bytes, the foreground's 128x128 chunks in
 * bytes $00-$7F of a row.  x never reaches the background half of a row:
 * it wraps every $80 chunks (layout_tiles_x tiles, $4000 px), y every 16
 * rows (layout_tiles_y tiles, $800 px); unsigned words as in Sonic 1.
 */
uint16_t spg_find_tile_sonic2(const spg_frame *f, int16_t x, int16_t y,
                              int32_t *slot)
{
    const spg_profile *pr = f->profile;
    uint32_t tx = (uint32_t)(uint16_t)x >> 4;
    uint32_t ty = (uint32_t)(uint16_t)y >> 4;

    *slot = -1;
    if (pr->layout_tiles_x != 0)
        tx %= pr->layout_tiles_x;
    if (pr->layout_tiles_y != 0)
        ty %= pr->layout_tiles_y;
    return map_cell(f->map, tx, ty, slot);
}

/*
 * Find_Tile_FG: the row pointer at Level_layout_header + 8 + ((y >> 5) &
 * $3C) (16 rows of 128 px, then y wraps), the chunk id at that row + (x >>
 * 7), x an unsigned word, so up to 511 chunks on: the capture packs the
 * 16 rows of 128 chunks one after the other, so a column past 127 reads on
 * into the rows below, and past the last row an empty area.  The core
 * reads the same: chunk (row * 128 + column) of the packed layout.
 */
uint16_t spg_find_tile_sonic3(const spg_frame *f, int16_t x, int16_t y,
                              int32_t *slot)
{
    uint32_t col = (uint32_t)(uint16_t)x >> 7;
    uint32_t row = ((uint32_t)(uint16_t)y >> 7) & 15u;
    uint32_t chunk = row * 128u + col;
    uint32_t tx, ty;

    *slot = -1;
    if (chunk >= 16u * 128u)
        return 0;
    tx = (chunk % 128u) * 8u + (((uint32_t)(uint16_t)x >> 4) & 7u);
    ty = (chunk / 128u) * 8u + (((uint32_t)(uint16_t)y >> 4) & 7u);
    return map_cell(f->map, tx, ty, slot);
}

uint16_t spg_find_nearest_tile(const spg_frame *f, int16_t x, int16_t y)
{
    int32_t slot;
    return spg_routines_get(f->profile)->find_tile(f, x, y, &slot);
}

uint16_t spg_solid_bit_sonic1(const spg_player *p, int side)
{
    (void)p;
    return side ? SPG_CELL_SIDE_SOLID : SPG_CELL_TOP_SOLID;
}

int spg_secondary_path_sonic1(const spg_player *p)
{
    (void)p;
    return 0;
}

uint16_t spg_solid_bit_sonic2(const spg_player *p, int side)
{
    switch (side ? p->lrb_solid_bit : p->top_solid_bit) {
    case 0x0C:
        return SPG_CELL_TOP_SOLID;
    case 0x0D:
        return SPG_CELL_SIDE_SOLID;
    case 0x0E:
        return SPG_CELL_TOP_SOLID_2;
    case 0x0F:
        return SPG_CELL_SIDE_SOLID_2;
    default:
        return 0;
    }
}

int spg_secondary_path_sonic2(const spg_player *p)
{
    return p->top_solid_bit != 0x0C;
}

/*
 * What FindFloor, FindFloor2, FindWall and FindWall2 do with the tile under
 * the sensor.  Returns 0 when the tile counts as blank: mask index 0 (the
 * original's block 0 or collision index 0), or the cell lacks this sensor's
 * solidity bit; an index past the map's masks is blank too.  Otherwise
 * writes the angle to *angle and the signed height (floor) or width (wall)
 * to *h, and returns 1.
 *
 * The angle is written before the height is known, so a tile whose column
 * under the sensor is empty still leaves its angle behind even though the
 * sensor goes on to the next tile (the original's (a4) write).  X-flip
 * negates the angle, y-flip mirrors it about $40/$C0 (-(a + $40) - $40).
 * FindFloor does x then y, FindWall y then x; the bytes come out the same.
 * The column (floor) or row (wall) index is mirrored by the flip along the
 * other axis (not.w of the coordinate).  The height's sign is flipped when
 * the tile's flip bit along the sensor's axis differs from d6, which is
 * how upward and leftward sensors read the same masks.
 */
static int tile_extent(const spg_frame *f, spg_sensor s, int vertical,
                       uint8_t *angle, int16_t *h)
{
    const spg_map *m = f->map;
    int32_t slot;
    uint16_t cell = spg_routines_get(f->profile)->find_tile(f, s.x, s.y,
                                                            &slot);
    unsigned idx = cell & SPG_CELL_MASK;
    const spg_mask *mask;
    uint32_t a;
    unsigned across;
    int8_t v;

    /* Sonic 2's secondary path reads Secondary_Collision: the block's
     * mask on that path (0: empty there). */
    if (s.secondary && m->secondary_masks != NULL && slot >= 0)
        idx = m->secondary_masks[slot];
    if (idx == 0 || idx >= m->mask_count || m->masks == NULL ||
        (cell & s.solid) == 0)
        return 0;
    mask = &m->masks[idx];
    a = mask->angle;
    if (cell & SPG_CELL_XFLIP)
        a = 0u - a;
    if (cell & SPG_CELL_YFLIP)
        a = 0u - (a + 0x40u) - 0x40u;
    *angle = (uint8_t)(a & 0xFFu);
    /* The height or width is any byte: "move.b (a2,d1.w),d0; ext.w d0"
     * keeps its sign in a word, and the flip is "neg.w d0" on that word,
     * so -128 becomes +128 (not -128 again as a byte negation would).
     * Columns taller than a tile (17..127) or hanging deeper (-17..-128)
     * need no special case: find1/find2 do word arithmetic with them. */
    if (vertical) {
        across = (uint16_t)s.x;
        if (cell & SPG_CELL_XFLIP)
            across = ~across;
        v = mask->heights[across & 15u];
        *h = ((cell ^ s.flip) & SPG_CELL_YFLIP) ? (int16_t)-v : v;
    } else {
        across = (uint16_t)s.y;
        if (cell & SPG_CELL_YFLIP)
            across = ~across;
        v = mask->widths[across & 15u];
        *h = ((cell ^ s.flip) & SPG_CELL_XFLIP) ? (int16_t)-v : v;
    }
    return 1;
}

/* The sensor's coordinate along its own axis, and moving it by a3. */
static int16_t along(spg_sensor s, int vertical)
{
    return vertical ? s.y : s.x;
}

static spg_sensor moved(spg_sensor s, int vertical, int16_t by)
{
    if (vertical)
        s.y = m68k_addw(s.y, by);
    else
        s.x = m68k_addw(s.x, by);
    return s;
}

/*
 * Sonic CD's FindLevelFloor and FindLevelFloor2 (profile
 * floor_negative_full): a negative height seen by a downward floor
 * sensor (cmpa.w #$10,a3) is read as a full tile, height $10, with the
 * angle byte cleared, and measured like any positive height (no look at
 * the tile above).  Returns 1 when that applies (and clears the angle).
 */
static int negative_is_full(const spg_frame *f, spg_sensor s, int vertical,
                            uint8_t *angle)
{
    if (!vertical || !f->profile->floor_negative_full || s.step != 0x10)
        return 0;
    *angle = 0;
    return 1;
}

/*
 * FindFloor2 / FindWall2: the second tile.  Blank (or an empty column):
 * 15 - offset, i.e. the distance to this tile's far edge.  Positive
 * height h (16 included; no further look): 15 - (offset + h).  Negative
 * height: blank unless the sensor is inside the solid part, and then
 * not.w offset = -1 - offset, whatever the height is.
 */
static int16_t find2(const spg_frame *f, spg_sensor s, int vertical,
                     uint8_t *angle)
{
    int16_t off = (int16_t)(along(s, vertical) & 15);
    int16_t h;

    if (!tile_extent(f, s, vertical, angle, &h) || h == 0)
        return (int16_t)(15 - off);
    if (h < 0 && negative_is_full(f, s, vertical, angle))
        h = 16;
    if (h < 0) {
        if (off + h >= 0)
            return (int16_t)(15 - off);
        return (int16_t)(-1 - off);
    }
    return m68k_subw(15, off + h);
}

/*
 * FindFloor / FindWall: the first tile.  Blank or height 0: extension, look
 * one tile on (a3) and add 16.  Height 16 ("cmpi.b #$10", a byte compare
 * of a word that is 1..128 here, so only 16 itself),
 * or a negative height with the sensor inside its solid part: regression,
 * look one tile back and subtract 16.  A negative height with the sensor
 * below its solid part counts as blank.  Otherwise 15 - (offset + h).
 */
static int16_t find1(const spg_frame *f, spg_sensor s, int vertical,
                     uint8_t *angle)
{
    int16_t off = (int16_t)(along(s, vertical) & 15);
    int16_t h;

    if (!tile_extent(f, s, vertical, angle, &h) || h == 0)
        goto extend;
    if (h < 0 && negative_is_full(f, s, vertical, angle))
        return m68k_subw(15, off + 16);
    if (h < 0) {
        if (off + h >= 0)
            goto extend;
        goto regress;
    }
    if ((h & 0xFF) == 0x10)
        goto regress;
    return m68k_subw(15, off + h);
extend:
    return m68k_addw(find2(f, moved(s, vertical, s.step), vertical, angle),
                     16);
regress:
    return m68k_subw(find2(f, moved(s, vertical, m68k_negw(s.step)),
                           vertical, angle), 16);
}

int16_t spg_find_floor(const spg_frame *f, spg_sensor s, uint8_t *angle)
{
    return find1(f, s, 1, angle);
}

int16_t spg_find_wall(const spg_frame *f, spg_sensor s, uint8_t *angle)
{
    return find1(f, s, 0, angle);
}

/*
 * The widths the original's tools made for each mask.  Its masks began as
 * 16x16 bitmaps (ConvertCollisionArray in the disassembly, dead code in the
 * ROM, shows the conversion): a column's height is the number of solid
 * pixels in it, negative when its top pixel is solid (16 when all are); a
 * row's width is the number of solid pixels in it, negative when its
 * leftmost pixel is solid (16 when all are).  Given only heights, the
 * bitmap is rebuilt with each column solid from the bottom (h > 0) or the
 * top (h < 0).  This reproduces the widths of 255 of the 256 masks in the
 * Sonic 1 ROM; the other (mask $55) has columns not attached to either
 * edge, which heights cannot describe; give its widths explicitly.
 */
void spg_mask_derive_widths(spg_mask *mask)
{
    int row, col;

    for (row = 0; row < 16; row++) {
        int count = 0, left = 0;
        for (col = 0; col < 16; col++) {
            int h = mask->heights[col];
            int solid = (h > 0 && row >= 16 - h) || (h < 0 && row < -h);
            if (solid) {
                count++;
                if (col == 0)
                    left = 1;
            }
        }
        mask->widths[row] = (int8_t)(count == 16 ? 16 : left ? -count : count);
    }
}
