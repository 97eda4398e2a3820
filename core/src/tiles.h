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
 */
typedef struct spg_sensor {
    int16_t x, y;
    uint16_t solid;
    int16_t step;
    uint16_t flip;
} spg_sensor;

/** FindNearestTile: the cell word at level pixel (x, y), with the
 *  original layout's wrap; 0 for anything outside the map. */
uint16_t spg_find_nearest_tile(const spg_frame *f, int16_t x, int16_t y);

/** FindFloor: vertical distance from the sensor to the surface in
 *  direction `step` (negative = inside), looking at most one tile further
 *  or back.  Writes the surface angle to *angle when a solid tile is
 *  met (the original's (a4)); leaves it alone otherwise. */
int16_t spg_find_floor(const spg_frame *f, spg_sensor s, uint8_t *angle);

/** FindWall: the same horizontally, using the masks' widths. */
int16_t spg_find_wall(const spg_frame *f, spg_sensor s, uint8_t *angle);

#endif /* SPG_TILES_H */
