/*
 * driver.h - what the capture does per game: a driver is the code that
 * knows one game's RAM (its symbols, player object, level format and what
 * to keep quiet), one file each (capture/sonic1.c, sonic2.c, sonic3.c),
 * listed in capture/drivers.c.  session.c runs every game the same way
 * through these entries.
 */
#ifndef SPGSIM_CAPTURE_DRIVER_H
#define SPGSIM_CAPTURE_DRIVER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "capture/capture.h"

typedef struct capture_driver {
    /* The game whose images this driver runs (games/game.h). */
    const game_desc *game;
    /* Resolve the names of description d into a (the shared fields the
     * session uses and the game's own).  Returns 0, or -1 after printing
     * the missing names to err. */
    int (*resolve)(const capture_rom_desc *d, capture_addrs *a, FILE *err);
    /* Build s's map into RAM and the ROM copy the way the game's level
     * loader leaves it (capture/level.h).  0, or -1 with a message. */
    int (*build_level)(emu *e, const capture_rom *rom, const scenario *s,
                       level_info *info, char *msg, size_t msglen);
    /* Once per scenario, after the level: the quiet game around the
     * player and the player object from s's start state. */
    void (*setup)(emu *e, const capture_rom *rom, const scenario *s);
    /* The player object's fields (and the level state the core keeps in
     * spg_player: the trace's, and the speed constants, read from the
     * block the scenario's character uses). */
    void (*read)(const emu *e, const capture_rom *rom, const scenario *s,
                 spg_player *p);
    /* Before each frame: the buttons, and whatever the rest of the game's
     * frame would reset. */
    void (*frame)(emu *e, const capture_rom *rom, spg_input in);
    /* The object routine the scenario's character runs. */
    uint32_t (*routine)(const capture_rom *rom, const scenario *s);
} capture_driver;

/* The driver of game g; NULL g (a test's stand-in image) is Sonic 1's
 * layout.  NULL when no driver runs g. */
const capture_driver *capture_driver_for(const game_desc *g);

/* ---- the Sonic 1 object layout (Sonic 1 and 2: capture/object.c) ---- */

/* Object RAM offsets of the player object (Sonic 1, both revisions; Sonic
 * 2 keeps them but for its own fields). */
enum {
    OB_ID = 0x00, OB_RENDER = 0x01, OB_GFX = 0x02, OB_MAP = 0x04,
    OB_X = 0x08, OB_Y = 0x0C, OB_VELX = 0x10, OB_VELY = 0x12,
    OB_INERTIA = 0x14, OB_HEIGHT = 0x16, OB_WIDTH = 0x17,
    OB_PRIORITY = 0x18, OB_ACTWID = 0x19, OB_FRAME = 0x1A,
    OB_ANIFRAME = 0x1B, OB_ANIM = 0x1C, OB_PREVANI = 0x1D, OB_TIMEFRAME = 0x1E,
    OB_STATUS = 0x22, OB_ROUTINE = 0x24, OB_ANGLE = 0x26,
    OB_ANGLEBUF1 = 0x36, OB_ANGLEBUF2 = 0x37, OB_WORD38 = 0x38, OB_JUMPING = 0x3C,
    OB_LOCK = 0x3E,
    OBJ_SIZE = 0x40
};

/* The object fields Sonic 1 and 2 keep at the same offsets (everything
 * but the header bytes, the control lock and Sonic 2's own fields), into
 * an object RAM block already cleared. */
void capture_object_write(emu *e, uint32_t o, const spg_player *p);

/* The fields capture_object_write writes, read back. */
void capture_object_read(const emu *e, uint32_t o, spg_player *p);

/* A long or word read from RAM as the signed value it holds. */
int32_t capture_s32(uint32_t v);
int16_t capture_s16(uint16_t v);

#endif /* SPGSIM_CAPTURE_DRIVER_H */
