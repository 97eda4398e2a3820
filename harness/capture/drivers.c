/*
 * drivers.c - the capture drivers, one per game (driver.h), and the
 * look-up from a game's descriptor to its driver.
 */
#include "capture/driver.h"

extern const capture_driver capture_sonic1, capture_sonic2, capture_sonic3,
    capture_sonic3k, capture_soniccd;

static const capture_driver *const drivers[] = {
    &capture_sonic1,
    &capture_sonic2,
    &capture_sonic3,
    &capture_sonic3k,
    &capture_soniccd,
};

const capture_driver *capture_driver_for(const game_desc *g)
{
    /* a test's stand-in image names no game: Sonic 1's layout */
    if (g == NULL)
        return &capture_sonic1;
    for (size_t i = 0; i < sizeof drivers / sizeof drivers[0]; i++)
        if (g == drivers[i]->game)
            return drivers[i];
    return NULL;
}
