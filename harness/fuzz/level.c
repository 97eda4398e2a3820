/*
 * level.c - cases on a given map (`spgsim fuzz --level FILE`): the map,
 * zone, loops and bounds of a scenario file (a real act brought in with
 * `spgsim import-level`, or any drawn map), and from the seed a start
 * somewhere on it and a stretch of joypad input.
 *
 * A start is either in the air anywhere over the map, or on a surface:
 * a column of the map is searched downwards from a random row for the
 * first cell a floor sensor sees, and the player is put with his feet on
 * its top (the mask's height in that column), on the ground, at rest or
 * moving.  The rest of the start (rolling, facing, the low plane, the
 * collision path) is drawn from the seed too.  Every value is one the
 * format holds, so a divergent case can be written as a scenario.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/compare.h"
#include "fuzz/gen.h"
#include "fuzz/rng.h"

/* The y of the top of the first surface a floor sensor sees in pixel
 * column px, searching down from pixel row py; -1 when there is none in
 * the map. */
static int surface_below(const scenario *s, int px, int py)
{
    const spg_map *m = &s->map;
    int tx = px / 16 - m->x0;
    if (tx < 0 || tx >= m->width)
        return -1;
    for (int ty = py / 16 - m->y0; ty < m->height; ty++) {
        if (ty < 0)
            continue;
        uint16_t c = s->cells[(size_t)ty * m->width + (size_t)tx];
        unsigned k = c & SPG_CELL_MASK;
        if (k == 0 || !(c & (SPG_CELL_TOP_SOLID | SPG_CELL_TOP_SOLID_2)))
            continue;
        int col = (c & SPG_CELL_XFLIP) ? 15 - (px & 15) : (px & 15);
        int h = m->masks[k].heights[col];
        if (c & SPG_CELL_YFLIP)
            h = -h;
        if (h <= 0 || h > 16)
            continue; /* an empty column or one hanging from the top */
        return (m->y0 + ty) * 16 + 16 - h;
    }
    return -1;
}

static int16_t speed(fuzz_rng *r, int32_t max)
{
    return (int16_t)fuzz_rng_range(r, -max, max);
}

/* A stretch of input: runs of 1..90 frames of a direction, now and then
 * with a jump pressed, down held or nothing. */
static void level_input(scenario *s, fuzz_rng *r)
{
    static const uint8_t dirs[] = {SPG_BTN_RIGHT, SPG_BTN_RIGHT, SPG_BTN_RIGHT,
                                   SPG_BTN_LEFT, 0, SPG_BTN_DOWN,
                                   SPG_BTN_RIGHT | SPG_BTN_DOWN, SPG_BTN_UP};
    int at = 0;
    while (at < s->frames) {
        int n = (int)fuzz_rng_range(r, 1, 90);
        uint8_t held = dirs[fuzz_rng_below(r, sizeof dirs)];
        int jump = fuzz_rng_chance(r, 35);
        int jump_len = (int)fuzz_rng_range(r, 1, 40);
        for (int i = 0; i < n && at < s->frames; i++, at++) {
            uint8_t h = held;
            if (jump && i < jump_len)
                h |= fuzz_rng_chance(r, 50) ? SPG_BTN_C : SPG_BTN_A;
            if (fuzz_rng_chance(r, 2))
                h = (uint8_t)fuzz_rng_below(r, 256);
            s->inputs[at].held = h;
        }
    }
}

int fuzz_generate_on_level(const scenario *level, uint64_t seed, scenario *s,
                           fuzz_case_info *info)
{
    fuzz_rng rng;
    fuzz_rng *r = &rng;
    fuzz_rng_seed(r, seed ^ 0x4C4556454C3232ull); /* "LEVEL22" */
    memset(info, 0, sizeof *info);
    info->seed = seed;
    info->game = level->game;
    info->character = level->character;
    if (fuzz_scenario_copy(s, level) != 0)
        return -1;
    /* the copy shares nothing but must not keep the file's verifies or
     * its input */
    free(s->name);
    free(s->path);
    free(s->description);
    s->name = s->path = s->description = NULL;
    char name[64];
    snprintf(name, sizeof name, "level-fuzz-%llu", (unsigned long long)seed);
    s->name = malloc(strlen(name) + 1);
    s->path = malloc(strlen(name) + 1);
    if (s->name == NULL || s->path == NULL)
        goto oom;
    strcpy(s->name, name);
    strcpy(s->path, name);

    const spg_map *m = &s->map;
    spg_player *p = &s->start;
    *p = spg_player_default(&s->profile);
    int px = m->x0 * 16 + (int)fuzz_rng_below(r, (uint32_t)m->width * 16);
    int py = m->y0 * 16 + (int)fuzz_rng_below(r, (uint32_t)m->height * 16);
    int top = fuzz_rng_chance(r, 75) ? surface_below(s, px, py) : -1;
    if (top >= 0) {
        info->start = FUZZ_START_GROUND;
        p->y = (int32_t)((uint32_t)(top - 1 - p->height_radius) << 16);
        if (fuzz_rng_chance(r, 60))
            p->ground_speed = speed(r, 0x800);
        p->x_speed = p->ground_speed;
        if (fuzz_rng_chance(r, 20)) {
            info->start = FUZZ_START_ROLLING;
            p->status |= SPG_STATUS_ROLLING;
            p->height_radius = s->profile.roll_height_radius;
            p->width_radius = s->profile.roll_width_radius;
            p->anim = 2;
            p->y = (int32_t)((uint32_t)(top - 1 - p->height_radius) << 16);
        }
    } else {
        info->start = FUZZ_START_AIR;
        p->y = (int32_t)((uint32_t)py << 16);
        p->status |= SPG_STATUS_IN_AIR;
        p->x_speed = speed(r, 0xA00);
        p->y_speed = speed(r, 0x800);
        if (fuzz_rng_chance(r, 30)) {
            p->status |= SPG_STATUS_ROLLING;
            p->height_radius = s->profile.roll_height_radius;
            p->width_radius = s->profile.roll_width_radius;
            p->anim = 2;
        }
    }
    p->x = (int32_t)((uint32_t)px << 16) | (int32_t)fuzz_rng_below(r, 65536);
    if (fuzz_rng_chance(r, 50))
        p->status |= SPG_STATUS_FACING_LEFT;
    if (s->layout && fuzz_rng_chance(r, 30))
        p->render_flags |= SPG_RENDER_LOW_PLANE;
    if (game_has(scenario_game(s), GAME_PATHS) && fuzz_rng_chance(r, 30)) {
        p->top_solid_bit = 0x0E;
        p->lrb_solid_bit = 0x0F;
    }
    int frames = fuzz_rng_chance(r, 70) ? (int)fuzz_rng_range(r, 100, 1200)
                                        : (int)fuzz_rng_range(r, 1200, 6000);
    if (scenario_set_frames(s, frames) != 0)
        goto oom;
    info->input = FUZZ_INPUT_RUNS;
    level_input(s, r);
    scenario_derive_pressed(s);
    s->verify_count = 0;
    s->verifies = NULL;
    size_t dl = strlen(level->path) + 160;
    s->description = malloc(dl);
    if (s->description == NULL)
        goto oom;
    snprintf(s->description, dl,
             "Generated by spgsim fuzz --level %s from seed %llu: a start "
             "%s at x %d, y %d and %d frames of input on that map.",
             level->path, (unsigned long long)seed,
             top >= 0 ? "on a surface" : "in the air", px,
             (int)(p->y >> 16), frames);
    scenario_update_hash(s);
    return 0;
oom:
    scenario_free(s);
    return -1;
}
