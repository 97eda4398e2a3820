/*
 * tiles.h - the solid tile lookups (tiles.c), shared by sensors.c and the
 * unit tests.  They reproduce FindNearestTile, FindFloor and FindWall of
 * Sonic 1; the arguments are the registers those routines take.
 */
#ifndef SPG_TILES_H
#define SPG_TILES_H

#include "internal.h"

/*
 * One sensor as FindFloor / FindWall see it.
 *   x, y   d3, d2: the sensor's level pixel
 *   solid  d5 as a cell bit: SPG_CELL_TOP_SOLID (d5 = $D, ground sensors
 *          in normal walking) or SPG_CELL_SIDE_SOLID (d5 = $E)
 *   step   a3: +16 looks down (FindFloor) / right (FindWall), -16 up / left
 *   flip   d6: $1000 for upward floor sensors (ceilings), $800 for leftward
 *          wall sensors; it mirrors the height's sign, not the angle
 *   secondary  Sonic 2: 1 when the player's top_solid_bit is not $C, so
 *          Collision_addr is Secondary_Collision and the mask comes from
 *          spg_map.secondary_masks (when the map has them)
 */
typedef struct spg_sensor {
    int16_t x, y;
    uint16_t solid;
    int16_t step;
    uint16_t flip;
    uint8_t secondary;
} spg_sensor;

/** The cell word at level pixel (x, y) through the game's layout routine
 *  (FindNearestTile or Find_Tile); 0 for anything outside the map. */
uint16_t spg_find_nearest_tile(const spg_frame *f, int16_t x, int16_t y);

/** FindNearestTile (Sonic 1): the cell word and (in *slot) its index in
 *  spg_map.cells, -1 outside the map; in a loop chunk (layout byte bit 7)
 *  a player on the low plane gets spg_map.low_cells' word. */
uint16_t spg_find_tile_sonic1(const spg_frame *f, int16_t x, int16_t y,
                              int32_t *slot);
/** Sonic 1's layout byte (spg_map.layout) of the chunk at a level pixel,
 *  0 without a layout. */
uint8_t spg_layout_byte(const spg_map *m, int16_t x, int16_t y);
/** Find_Tile (Sonic 2): the same with Sonic 2's layout. */
uint16_t spg_find_tile_sonic2(const spg_frame *f, int16_t x, int16_t y,
                              int32_t *slot);
/** Find_Tile_FG (Sonic 3): the packed layout of 16 rows of 128 chunks
 *  the capture builds (see tiles.c). */
uint16_t spg_find_tile_sonic3(const spg_frame *f, int16_t x, int16_t y,
                              int32_t *slot);

/** The cell bit a sensor of player p tests (`side` 0: floor sensors, d5
 *  = top_solid_bit; 1: walls and ceilings, lrb_solid_bit) and whether it
 *  reads the secondary path's masks.  Sonic 1 has one path and fixed bits
 *  ($D top, $E sides): SPG_CELL_TOP_SOLID / SPG_CELL_SIDE_SOLID whatever
 *  the fields hold. */
uint16_t spg_solid_bit_sonic1(const spg_player *p, int side);
int spg_secondary_path_sonic1(const spg_player *p);
/** Sonic 2: bit $C -> SPG_CELL_TOP_SOLID, $D -> SPG_CELL_SIDE_SOLID,
 *  $E -> SPG_CELL_TOP_SOLID_2, $F -> SPG_CELL_SIDE_SOLID_2 (any other
 *  number: 0, never solid); the secondary path when top_solid_bit is not
 *  $C (Collision_addr = Secondary_Collision). */
uint16_t spg_solid_bit_sonic2(const spg_player *p, int side);
int spg_secondary_path_sonic2(const spg_player *p);

/** FindFloor: vertical distance from the sensor to the surface in
 *  direction `step` (negative = inside), looking at most one tile further
 *  or back.  Writes the surface angle to *angle when a solid tile is
 *  met (the original's (a4)); leaves it alone otherwise. */
int16_t spg_find_floor(const spg_frame *f, spg_sensor s, uint8_t *angle);

/** FindWall: the same horizontally, using the masks' widths. */
int16_t spg_find_wall(const spg_frame *f, spg_sensor s, uint8_t *angle);

#endif /* SPG_TILES_H */
