/*
 * core_fuzzer.c - the physics core alone: arbitrary bytes become a game
 * profile, a small tile map, a player state and joypad input, and spg_step
 * runs over them, as a program using libspg.a may call it.
 *
 * The map's masks and cells are put in heap blocks of exactly the size the
 * map declares (mask_count masks, width * height cells; zero-sized blocks
 * included), so AddressSanitizer reports any read the tile lookup makes
 * outside the map, and UBSan anything undefined.  Every field of the player
 * and every byte of the masks, cells, limits and input is taken from the
 * fuzzer unrestricted: the original game's code is defined for any byte,
 * and so must the core be.
 *
 * The profile is one of those spg_profile_get accepts (fuzz_profiles: every
 * game, character and variant number it is tried with), so games and
 * characters added later are fuzzed without a change here.
 *
 * The byte layout (fuzz/seed.c writes it from scenarios for the seeds):
 *   profile index, flags, mask_count, width, height (one byte each),
 *   x0, y0, limit_left, limit_right, limit_bottom (16-bit big-endian),
 *   each mask (16 heights, 16 widths unless flags & 2, angle),
 *   the cells (16-bit), the player (spg_player's fields in order, each
 *   big-endian), then with flags & 16 two bytes placing the player near
 *   the map's origin, then (held, pressed) per frame.
 * Flags: 1 folds x0, y0 into the level layout's range (plus a margin),
 * 2 derives the widths from the heights, 4 and 8 hand the core NULL masks
 * or cells, 16 places the player as said.
 *
 * Checked besides the sanitizers:
 *  - determinism: the same step from the same state gives the same state;
 *  - in a routine other than control (2) and death (6), a step changes
 *    nothing (Sonic_ResetLevel and unknown routines).
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "spg/spg.h"

#define MAX_PROFILES 256
#define MAX_SIDE 16      /* map width and height: 0..MAX_SIDE tiles */
#define MAX_MASKS 16     /* mask_count: 0..MAX_MASKS */
#define MAX_FRAMES 600

static spg_profile profiles[MAX_PROFILES];
static int nprofiles = -1;

static void find_profiles(void)
{
    nprofiles = fuzz_profiles(profiles, MAX_PROFILES);
    if (nprofiles == 0)
        fuzz_fail("spg_profile_get accepts nothing");
}

/* The fuzzer's bytes, consumed from the front; zeros once they run out. */
typedef struct bytes {
    const uint8_t *p;
    size_t n;
} bytes;

static uint8_t u8(bytes *b)
{
    if (b->n == 0)
        return 0;
    b->n--;
    return *b->p++;
}

static uint16_t u16(bytes *b)
{
    uint16_t hi = u8(b);
    return (uint16_t)(hi << 8 | u8(b));
}

static uint32_t u32(bytes *b)
{
    uint32_t hi = u16(b);
    return hi << 16 | u16(b);
}

/* Bit patterns into signed fields without implementation-defined
 * conversions. */
static int8_t s8(bytes *b)
{
    int8_t v;
    uint8_t u = u8(b);
    memcpy(&v, &u, sizeof v);
    return v;
}

static int16_t s16(bytes *b)
{
    int16_t v;
    uint16_t u = u16(b);
    memcpy(&v, &u, sizeof v);
    return v;
}

static int32_t s32(bytes *b)
{
    int32_t v;
    uint32_t u = u32(b);
    memcpy(&v, &u, sizeof v);
    return v;
}

static void read_player(bytes *b, spg_player *p)
{
    memset(p, 0, sizeof *p);
    p->x = s32(b);
    p->y = s32(b);
    p->x_speed = s16(b);
    p->y_speed = s16(b);
    p->ground_speed = s16(b);
    p->height_radius = u8(b);
    p->width_radius = u8(b);
    p->anim = u8(b);
    p->status = u8(b);
    p->routine = u8(b);
    p->angle = u8(b);
    p->angle_buffer_1 = u8(b);
    p->angle_buffer_2 = u8(b);
    p->jumping = u8(b);
    p->control_lock = u16(b);
}

static int same_player(const spg_player *a, const spg_player *b)
{
    return a->x == b->x && a->y == b->y && a->x_speed == b->x_speed &&
           a->y_speed == b->y_speed && a->ground_speed == b->ground_speed &&
           a->height_radius == b->height_radius &&
           a->width_radius == b->width_radius && a->anim == b->anim &&
           a->status == b->status && a->routine == b->routine &&
           a->angle == b->angle && a->angle_buffer_1 == b->angle_buffer_1 &&
           a->angle_buffer_2 == b->angle_buffer_2 &&
           a->jumping == b->jumping && a->control_lock == b->control_lock;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    bytes b = {data, size};

    if (nprofiles < 0)
        find_profiles();
    const spg_profile *profile = &profiles[u8(&b) % nprofiles];
    uint8_t flags = u8(&b);

    /* The map: exactly sized blocks; masks[0] empty as spg.h asks. */
    spg_map map;
    memset(&map, 0, sizeof map);
    map.mask_count = (uint16_t)(u8(&b) % (MAX_MASKS + 1));
    map.width = (uint16_t)(u8(&b) % (MAX_SIDE + 1));
    map.height = (uint16_t)(u8(&b) % (MAX_SIDE + 1));
    map.x0 = u16(&b);
    map.y0 = u16(&b);
    if (flags & 1) {
        /* near the level layout's range, where lookups can reach it */
        map.x0 = (uint16_t)(map.x0 % (2u * profile->layout_tiles_x + 16u));
        map.y0 = (uint16_t)(map.y0 % (profile->layout_tiles_y + 16u));
    }
    map.limit_left = s16(&b);
    map.limit_right = s16(&b);
    map.limit_bottom = s16(&b);
    spg_mask *masks = malloc((size_t)map.mask_count * sizeof *masks);
    uint16_t *cells = malloc((size_t)map.width * map.height * sizeof *cells);
    FUZZ_CHECK(masks != NULL || map.mask_count == 0);
    FUZZ_CHECK(cells != NULL || map.width == 0 || map.height == 0);
    for (int i = 0; i < map.mask_count; i++) {
        spg_mask *m = &masks[i];
        for (int j = 0; j < 16; j++)
            m->heights[j] = s8(&b);
        if (flags & 2) {
            spg_mask_derive_widths(m);
        } else {
            for (int j = 0; j < 16; j++)
                m->widths[j] = s8(&b);
        }
        m->angle = u8(&b);
    }
    if (map.mask_count > 0)
        memset(&masks[0], 0, sizeof masks[0]);
    for (size_t i = 0; i < (size_t)map.width * map.height; i++)
        cells[i] = u16(&b);
    map.masks = (flags & 4) ? NULL : masks;
    map.cells = (flags & 8) ? NULL : cells;

    spg_player start;
    read_player(&b, &start);
    if (flags & 16) {
        /* start somewhere on the map: pixel offsets from its origin */
        uint32_t px = (uint32_t)map.x0 * 16u + (uint32_t)u8(&b) * 2u - 256u;
        uint32_t py = (uint32_t)map.y0 * 16u + (uint32_t)u8(&b) * 2u - 256u;
        uint32_t x = (px & 0xFFFFu) << 16 | ((uint32_t)start.x & 0xFFFFu);
        uint32_t y = (py & 0xFFFFu) << 16 | ((uint32_t)start.y & 0xFFFFu);
        memcpy(&start.x, &x, sizeof x);
        memcpy(&start.y, &y, sizeof y);
    }

    /* The rest: one frame of input per two bytes. */
    size_t frames = b.n / 2 < MAX_FRAMES ? b.n / 2 : MAX_FRAMES;
    if (frames == 0)
        frames = 1;
    spg_player p = start;
    for (size_t i = 0; i < frames; i++) {
        spg_input in;
        in.held = u8(&b);
        in.pressed = u8(&b);
        spg_player again = p, before = p;
        spg_step(profile, &map, in, &p);
        spg_step(profile, &map, in, &again);
        if (!same_player(&p, &again))
            fuzz_fail("frame %zu: the same step gave two states", i + 1);
        if (before.routine != SPG_ROUTINE_CONTROL &&
            before.routine != SPG_ROUTINE_DEATH && !same_player(&p, &before))
            fuzz_fail("frame %zu: routine %u changed the state", i + 1,
                      (unsigned)before.routine);
    }
    free(masks);
    free(cells);
    return 0;
}
