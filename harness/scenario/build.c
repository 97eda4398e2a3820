/*
 * build.c - scenarios built in memory (the fuzzer): initialising
 * one, giving it a map and frames, trimming the map, and checking that the
 * scenario file format can hold it (scenario.h has the contract).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "scenario/scenario.h"
#include "scenario/special.h"
#include "trace/trace.h"
#include "util/xalloc.h"

int scenario_init(scenario *s, const char *name, spg_game game,
                  spg_character character, spg_variant variant)
{
    memset(s, 0, sizeof *s);
    if (spg_profile_get(game, character, variant, &s->profile) != 0)
        return -1;
    s->name = str_dup(name);
    s->path = str_dup(name);
    if (s->name == NULL || s->path == NULL) {
        scenario_free(s);
        return -1;
    }
    s->game = game;
    s->character = character;
    s->variant = variant;
    s->map = spg_map_default();
    s->map.masks = s->masks;
    s->map.mask_count = 1;
    scenario_set_zone(s, NULL);
    s->start = spg_player_default(&s->profile);
    scenario_update_hash(s);
    return 0;
}

int scenario_set_map(scenario *s, int x0, int y0, int width, int height)
{
    if (x0 < 0 || y0 < 0 || width < 1 || height < 1 ||
        x0 + width > s->profile.layout_tiles_x ||
        y0 + height > s->profile.layout_tiles_y)
        return -1;
    uint16_t *cells = calloc((size_t)width * (size_t)height, sizeof *cells);
    if (cells == NULL)
        return -1;
    free(s->cells);
    s->cells = cells;
    s->map.cells = cells;
    free(s->cells2);
    s->cells2 = NULL;
    s->map.secondary_masks = NULL;
    free(s->low_cells);
    s->low_cells = NULL;
    s->map.low_cells = NULL;
    s->map.x0 = (uint16_t)x0;
    s->map.y0 = (uint16_t)y0;
    s->map.width = (uint16_t)width;
    s->map.height = (uint16_t)height;
    return 0;
}

int scenario_set_frames(scenario *s, int frames)
{
    if (frames < 1 || frames > SCENARIO_MAX_FRAMES)
        return -1;
    spg_input *in = calloc((size_t)frames, sizeof *in);
    if (in == NULL)
        return -1;
    free(s->inputs);
    s->inputs = in;
    s->frames = frames;
    return 0;
}

void scenario_derive_pressed(scenario *s)
{
    uint8_t prev = 0;
    for (int i = 0; i < s->frames; i++) {
        s->inputs[i].pressed = (uint8_t)(s->inputs[i].held & ~prev);
        prev = s->inputs[i].held;
    }
}

int scenario_trim_map(scenario *s)
{
    int w = s->map.width, h = s->map.height;
    int left = w, right = -1, top = h, bottom = -1;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if ((s->cells[(size_t)y * (size_t)w + (size_t)x] |
                 (s->low_cells ? s->low_cells[(size_t)y * (size_t)w + (size_t)x]
                               : 0)) & SPG_CELL_MASK) {
                if (x < left)
                    left = x;
                if (x > right)
                    right = x;
                if (y < top)
                    top = y;
                if (y > bottom)
                    bottom = y;
            }
    if (right < 0) { /* nothing solid: keep one empty cell at the origin */
        left = top = right = bottom = 0;
    }
    int nw = right - left + 1, nh = bottom - top + 1;
    uint16_t *cells = malloc((size_t)nw * (size_t)nh * sizeof *cells);
    uint8_t *cells2 = NULL;
    uint16_t *low = NULL;
    if (s->cells2)
        cells2 = malloc((size_t)nw * (size_t)nh);
    if (s->low_cells)
        low = malloc((size_t)nw * (size_t)nh * sizeof *low);
    if (cells == NULL || (s->cells2 && cells2 == NULL) ||
        (s->low_cells && low == NULL)) {
        free(cells);
        free(cells2);
        free(low);
        return -1;
    }
    for (int y = 0; y < nh; y++)
        for (int x = 0; x < nw; x++) {
            size_t from = (size_t)(y + top) * (size_t)w + (size_t)(x + left);
            size_t to = (size_t)y * (size_t)nw + (size_t)x;
            uint16_t c = s->cells[from];
            /* an empty cell's flags are never read; drop them */
            cells[to] = (c & SPG_CELL_MASK) ? c : 0;
            if (cells2)
                cells2[to] = (c & SPG_CELL_MASK) ? s->cells2[from] : 0;
            if (low)
                low[to] = (s->low_cells[from] & SPG_CELL_MASK)
                              ? s->low_cells[from] : 0;
        }
    free(s->cells);
    s->cells = cells;
    s->map.cells = cells;
    free(s->cells2);
    s->cells2 = cells2;
    s->map.secondary_masks = cells2;
    free(s->low_cells);
    s->low_cells = low;
    s->map.low_cells = low;
    s->map.x0 = (uint16_t)(s->map.x0 + left);
    s->map.y0 = (uint16_t)(s->map.y0 + top);
    s->map.width = (uint16_t)nw;
    s->map.height = (uint16_t)nh;
    scenario_update_hash(s);
    return 0;
}

/* ---- scenario_check -------------------------------------------------- */

static int refuse(FILE *err, const scenario *s, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static int refuse(FILE *err, const scenario *s, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        fprintf(err, "%s: cannot be written as a scenario file: ",
                s->path   ? s->path
                : s->name ? s->name
                          : "scenario");
        va_start(ap, fmt);
        vfprintf(err, fmt, ap);
        va_end(ap);
        fputc('\n', err);
    }
    return -1;
}

/*
 * A string a YAML scalar can carry back to the loader: valid UTF-8 (the
 * YAML reader takes nothing else) without NUL (the loader refuses it);
 * every other character can be written, escaped if need be.
 */
static int text_ok(const char *t)
{
    const unsigned char *p = (const unsigned char *)t;
    while (*p) {
        uint32_t c = *p;
        int n = c < 0x80             ? 0
                : (c & 0xE0) == 0xC0 ? 1
                : (c & 0xF0) == 0xE0 ? 2
                : (c & 0xF8) == 0xF0 ? 3
                                     : -1;
        if (n < 0)
            return 0;
        c &= n == 0 ? 0x7Fu : n == 1 ? 0x1Fu : n == 2 ? 0x0Fu : 0x07u;
        for (int i = 1; i <= n; i++) {
            if ((p[i] & 0xC0) != 0x80)
                return 0;
            c = c << 6 | (p[i] & 0x3Fu);
        }
        if ((n == 1 && c < 0x80) || (n == 2 && c < 0x800) ||
            (n == 3 && c < 0x10000) || c > 0x10FFFF ||
            (c >= 0xD800 && c <= 0xDFFF))
            return 0; /* overlong, out of range or a surrogate */
        p += n + 1;
    }
    return 1;
}

static int check_text(FILE *err, const scenario *s, const char *what,
                      const char *t, int nonempty)
{
    if (t == NULL)
        return refuse(err, s, "%s is missing", what);
    if (nonempty && t[0] == '\0')
        return refuse(err, s, "%s is empty", what);
    if (!text_ok(t))
        return refuse(err, s, "%s is not valid UTF-8", what);
    return 0;
}

static int check_map(FILE *err, const scenario *s)
{
    const spg_map *m = &s->map;
    if (m->masks != s->masks)
        return refuse(err, s, "map.masks does not point at masks[]");
    if (m->mask_count < 1 || m->mask_count > SCENARIO_MAX_MASKS)
        return refuse(err, s, "map.mask_count %u is not 1..%d",
                      (unsigned)m->mask_count, SCENARIO_MAX_MASKS);
    if (s->cells == NULL || m->cells != s->cells)
        return refuse(err, s, "map.cells does not point at cells");
    if (m->width < 1 || m->height < 1 ||
        (int)m->x0 + m->width > s->profile.layout_tiles_x ||
        (int)m->y0 + m->height > s->profile.layout_tiles_y)
        return refuse(err, s,
                      "the map (tiles x %u, y %u, %u x %u) is empty or "
                      "leaves the %d x %d tile layout",
                      (unsigned)m->x0, (unsigned)m->y0, (unsigned)m->width,
                      (unsigned)m->height, s->profile.layout_tiles_x,
                      s->profile.layout_tiles_y);
    uint16_t known = SPG_CELL_MASK | SPG_CELL_XFLIP | SPG_CELL_YFLIP |
                     SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID;
    if (scenario_has(s, GAME_PATHS))
        known |= SPG_CELL_TOP_SOLID_2 | SPG_CELL_SIDE_SOLID_2;
    if (s->cells2 && !scenario_has(s, GAME_PATHS))
        return refuse(err, s, "secondary-path masks in a game without two "
                              "collision paths");
    if ((const uint8_t *)m->secondary_masks != s->cells2)
        return refuse(err, s, "map.secondary_masks does not point at cells2");
    const game_zone *z = scenario_zone(s);
    if (scenario_zone_game(s) ? z == NULL : m->zone != SPG_ZONE_NONE)
        return refuse(err, s, "map.zone %u is not a zone of the game",
                      (unsigned)m->zone);
    if (z && memcmp(m->loop_chunks, z->loop_chunks, 4) != 0)
        return refuse(err, s, "map.loop_chunks are not the zone's");
    if (m->layout != s->layout ||
        m->low_cells != (s->layout ? s->low_cells : NULL) ||
        ((s->chunk_kinds || s->low_cells) && s->layout == NULL))
        return refuse(err, s, "the loop layout is not made "
                              "(scenario_make_layout)");
    for (size_t i = 0; s->low_cells && i < (size_t)m->width * m->height; i++) {
        uint16_t c = s->low_cells[i];
        unsigned k = c & SPG_CELL_MASK;
        if ((c & ~(SPG_CELL_MASK | SPG_CELL_XFLIP | SPG_CELL_YFLIP |
                   SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID)) ||
            (k == 0 && c != 0) || k >= m->mask_count)
            return refuse(err, s, "low-plane cell %zu is $%04X", i,
                          (unsigned)c);
    }
    for (int i = 0; s->chunk_kinds && i < SCENARIO_LAYOUT_CHUNKS; i++)
        if (s->chunk_kinds[i] > SCENARIO_CHUNK_ROLL2)
            return refuse(err, s, "chunk kind %u", (unsigned)s->chunk_kinds[i]);
    char water[160];
    if (scenario_water_problem(s, water, sizeof water) != 0)
        return refuse(err, s, "%s", water);
    for (int y = 0; y < m->height; y++)
        for (int x = 0; x < m->width; x++) {
            uint16_t c = s->cells[(size_t)y * m->width + (size_t)x];
            unsigned k = c & SPG_CELL_MASK;
            if (c & ~known)
                return refuse(err, s,
                              "cell (%d, %d) is $%04X: bits outside the mask "
                              "index, flips and solidity",
                              x, y, (unsigned)c);
            if (k == 0 && c != 0)
                return refuse(err, s,
                              "cell (%d, %d) is $%04X: flags on an empty "
                              "cell",
                              x, y, (unsigned)c);
            if (k >= m->mask_count)
                return refuse(err, s, "cell (%d, %d) names mask %u of %u", x,
                              y, k, (unsigned)m->mask_count);
            if (s->cells2) {
                unsigned k2 = s->cells2[(size_t)y * m->width + (size_t)x];
                if (k2 >= m->mask_count || (k2 == 0) != (k == 0))
                    return refuse(err, s,
                                  "cell (%d, %d): secondary mask %u with "
                                  "mask %u (both empty or both 1..%u)",
                                  x, y, k2, k, (unsigned)m->mask_count - 1);
            }
        }
    return 0;
}

static int check_start(FILE *err, const scenario *s)
{
    const spg_player *p = &s->start;
    if (p->status & 0x80)
        return refuse(err, s, "start status $%02X has bit 7 set",
                      (unsigned)p->status);
    /* Until the core has Sonic 2's animation tables (no script for the
     * default Walk id), a Sonic 2 start's animation bytes are not checked. */
    int no_tables = scenario_has(s, GAME_PATHS) &&
                    spg_anim_last_position(&s->profile, 0) < 0;
    if (!no_tables && !scenario_anim_ok(&s->profile, p))
        return refuse(err, s,
                      "start anim %u (position %u, sprite %u) is not a "
                      "state the animation tables define",
                      (unsigned)p->anim, (unsigned)p->anim_frame,
                      (unsigned)p->mapping_frame);
    if (!scenario_routine_ok(p->routine))
        return refuse(err, s, "start routine %u is not 2, 6 or 8",
                      (unsigned)p->routine);
    if (p->jumping > 1)
        return refuse(err, s, "start jumping %u is not 0 or 1",
                      (unsigned)p->jumping);
    spg_player d = spg_player_default(&s->profile);
    if (p->top_speed != d.top_speed || p->acceleration != d.acceleration ||
        p->deceleration != d.deceleration)
        return refuse(err, s,
                      "start speed constants $%X/$%X/$%X are not the "
                      "variant's ($%X/$%X/$%X)",
                      (unsigned)(uint16_t)p->top_speed,
                      (unsigned)(uint16_t)p->acceleration,
                      (unsigned)(uint16_t)p->deceleration,
                      (unsigned)(uint16_t)d.top_speed,
                      (unsigned)(uint16_t)d.acceleration,
                      (unsigned)(uint16_t)d.deceleration);
    if (scenario_has(s, GAME_PATHS)) {
        if (!((p->top_solid_bit == 0x0C && p->lrb_solid_bit == 0x0D) ||
              (p->top_solid_bit == 0x0E && p->lrb_solid_bit == 0x0F)))
            return refuse(err, s,
                          "start solid bits $%X/$%X are not a path "
                          "($C/$D or $E/$F)",
                          (unsigned)p->top_solid_bit,
                          (unsigned)p->lrb_solid_bit);
    } else if (p->top_solid_bit != d.top_solid_bit ||
               p->lrb_solid_bit != d.lrb_solid_bit ||
               p->spindash_counter != 0) {
        return refuse(err, s, "path or spindash start fields in a game "
                              "without them");
    }
    if (scenario_has(s, GAME_S3_STATE)) {
        if (p->word_38 & 0x80u)
            return refuse(err, s,
                          "start word_38 $%04X: Sonic 3's forced roll "
                          "(spin_dash_flag bit 7) is not modelled",
                          (unsigned)p->word_38);
    }
    if (!scenario_has(s, GAME_TOP_LIMIT) && s->map.limit_top != 0)
        return refuse(err, s, "a top limit in a game without it");
    if (!scenario_has(s, GAME_S3K_STATE) && p->glide_flags)
        return refuse(err, s, "start glide_flags in a game without it "
                              "(Sonic & Knuckles' Gliding_collision_flags)");
    if (scenario_has(s, GAME_SCD_STATE)) {
        if (p->time_zone > 2)
            return refuse(err, s, "start time_zone %u is not 0 (past), 1 "
                                  "(present) or 2 (future)",
                          (unsigned)p->time_zone);
        if (p->bored_timer >= SCENARIO_BORED_GIVE_UP)
            return refuse(err, s,
                          "start bored_timer %u: at %d Sonic CD's player "
                          "gives up from boredom, which the core does not "
                          "model",
                          (unsigned)p->bored_timer, SCENARIO_BORED_GIVE_UP);
    } else if (p->charge != d.charge || p->player_ctrl != d.player_ctrl ||
               p->look_mode != d.look_mode || p->time_zone != d.time_zone ||
               p->cam_x_center != d.cam_x_center ||
               p->cam_y_center != d.cam_y_center ||
               p->bored_timer != d.bored_timer) {
        return refuse(err, s, "Sonic CD start fields in a game without them");
    }
    if (!scenario_has(s, GAME_S3_STATE) &&
        (p->double_jump_flag || p->double_jump_property ||
         p->scroll_delay_counter || p->frame_counter)) {
        return refuse(err, s, "Sonic 3 start fields in a game without them");
    }
    return 0;
}

static int check_verifies(FILE *err, const scenario *s)
{
    if (s->verify_count < 0 || (s->verify_count > 0 && !s->verifies))
        return refuse(err, s, "verify_count %d without verifies",
                      s->verify_count);
    for (int i = 0; i < s->verify_count; i++) {
        const scenario_verify *v = &s->verifies[i];
        if (check_text(err, s, "a verifies id", v->id, 1) ||
            check_text(err, s, "a verifies source", v->source, 1) ||
            check_text(err, s, "a verifies quote", v->quote, 1) ||
            check_text(err, s, "a verifies field", v->field, 1))
            return -1;
        if (v->note && check_text(err, s, "a verifies note", v->note, 0))
            return -1;
        const trace_layout *lay = scenario_layout(s);
        if (trace_layout_column(lay, v->field) < 0)
            return refuse(err, s, "verifies field '%s' is not a trace column",
                          v->field);
        if (v->frame < 0 || v->frame > s->frames)
            return refuse(err, s, "verifies frame %d is not 0..%d", v->frame,
                          s->frames);
        for (int j = 0; j < i; j++)
            if (strcmp(s->verifies[j].id, v->id) == 0)
                return refuse(err, s, "verifies id '%s' is used twice", v->id);
    }
    return 0;
}

/* Field by field: a struct compare would read padding. */
static int profile_equal(const spg_profile *a, const spg_profile *b)
{
    return a->game == b->game && a->character == b->character &&
           a->variant == b->variant && a->top_speed == b->top_speed &&
           a->acceleration == b->acceleration &&
           a->deceleration == b->deceleration &&
           a->air_acceleration == b->air_acceleration &&
           a->gravity == b->gravity &&
           a->underwater_gravity_cut == b->underwater_gravity_cut &&
           a->jump_speed == b->jump_speed &&
           a->jump_release_cap == b->jump_release_cap &&
           a->slope_factor == b->slope_factor &&
           a->slope_factor_rollup == b->slope_factor_rollup &&
           a->slope_factor_rolldown == b->slope_factor_rolldown &&
           a->roll_friction == b->roll_friction &&
           a->roll_deceleration == b->roll_deceleration &&
           a->roll_min_speed == b->roll_min_speed &&
           a->roll_x_speed_cap == b->roll_x_speed_cap &&
           a->slip_speed == b->slip_speed && a->slip_lock == b->slip_lock &&
           a->stand_height_radius == b->stand_height_radius &&
           a->stand_width_radius == b->stand_width_radius &&
           a->roll_height_radius == b->roll_height_radius &&
           a->roll_width_radius == b->roll_width_radius &&
           a->clamp_above_top_speed == b->clamp_above_top_speed &&
           a->air_clamp_above_top_speed == b->air_clamp_above_top_speed &&
           a->jump_speed_underwater == b->jump_speed_underwater &&
           a->jump_release_cap_underwater == b->jump_release_cap_underwater &&
           a->rise_speed_cap == b->rise_speed_cap &&
           a->skid_speed == b->skid_speed &&
           a->jump_min_room == b->jump_min_room &&
           a->layout_tiles_x == b->layout_tiles_x &&
           a->layout_tiles_y == b->layout_tiles_y &&
           a->roll_deceleration_immediate == b->roll_deceleration_immediate &&
           a->water_zones == b->water_zones;
}

/* Frames and inputs, with pressed derived from held. */
static int check_inputs(FILE *err, const scenario *s)
{
    if (s->frames < 1 || s->frames > SCENARIO_MAX_FRAMES || !s->inputs)
        return refuse(err, s, "frames %d is not 1..%d (with inputs)",
                      s->frames, SCENARIO_MAX_FRAMES);
    uint8_t prev = 0;
    for (int i = 0; i < s->frames; i++) {
        if (s->inputs[i].pressed != (uint8_t)(s->inputs[i].held & ~prev))
            return refuse(err, s,
                          "frame %d: pressed $%02X is not held $%02X less "
                          "the frame before's $%02X (scenario_derive_pressed)",
                          i + 1, (unsigned)s->inputs[i].pressed,
                          (unsigned)s->inputs[i].held, (unsigned)prev);
        prev = s->inputs[i].held;
    }
    return 0;
}

int scenario_check(const scenario *s, FILE *err)
{
    spg_profile prof;
    if (check_text(err, s, "the name", s->name, 1))
        return -1;
    if (s->description &&
        check_text(err, s, "the description", s->description, 0))
        return -1;
    if (s->mode == SCENARIO_SPECIAL_STAGE) {
        char msg[200];
        if (scenario_special_problem(s, msg, sizeof msg) != 0)
            return refuse(err, s, "%s", msg);
        if (check_inputs(err, s))
            return -1;
        return check_verifies(err, s);
    }
    if (s->mode != SCENARIO_NORMAL)
        return refuse(err, s, "unknown mode %d", (int)s->mode);
    const game_desc *g = scenario_game(s);
    if (g == NULL || game_character_name(g, s->character) == NULL ||
        spg_profile_get(s->game, s->character, s->variant, &prof) != 0)
        return refuse(err, s, "unsupported game, character or variant");
    if (!profile_equal(&prof, &s->profile))
        return refuse(err, s,
                      "the profile is not the one of its game, character "
                      "and variant");
    if (check_map(err, s) || check_start(err, s) || check_inputs(err, s))
        return -1;
    if (s->imported) {
        char msg[200];
        const scenario_imported *im = s->imported;
        if (scenario_imported_check(s, im, msg, sizeof msg) != 0)
            return refuse(err, s, "imported: %s", msg);
        if (check_text(err, s, "imported: tool", im->tool, 1) ||
            check_text(err, s, "imported: zone", im->zone, 1))
            return -1;
    }
    return check_verifies(err, s);
}
