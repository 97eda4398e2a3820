/*
 * fake_rom.h - a blank stand-in for a supported image, for the tests: what
 * a ROM description checks when it loads (a memory asr.w at each fix
 * address, each routine's first instruction) and nothing else.
 */
#ifndef SPGSIM_TESTS_FAKE_ROM_H
#define SPGSIM_TESTS_FAKE_ROM_H

#include <stdint.h>
#include <stdlib.h>

#include "capture/capture.h"
#include "capture/roms.h"

/* Write what description d expects into img (d->size bytes, the image
 * mapped at d->load_base). */
static inline void fake_rom_fill(uint8_t *img, const capture_rom_desc *d)
{
    for (size_t k = 0; k < d->fix_count; k++) {
        uint32_t at = d->fix_addrs[k] - d->load_base;
        img[at] = 0xE0;
        img[at + 1] = 0xE8;
    }
    for (size_t k = 0; k < d->first_count; k++) {
        uint32_t at = 0;
        if (capture_rom_sym(d, d->firsts[k].name, &at) != 0 ||
            at < d->load_base || at - d->load_base + 4 > d->size)
            continue;
        at -= d->load_base;
        for (int b = 0; b < 4; b++)
            img[at + (uint32_t)b] = (uint8_t)(d->firsts[k].first >> (24 - 8 * b));
    }
}

#endif /* SPGSIM_TESTS_FAKE_ROM_H */
