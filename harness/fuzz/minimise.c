/*
 * minimise.c - delta debugging of a divergent case (Zeller's ddmin, in
 * its simple "remove a chunk, keep it if the failure stays" form).
 *
 * "Still fails" means: the core and the original still differ, and the
 * first difference is in the same trace column.  Keeping the column keeps
 * the case about the divergence that was found rather than drifting to
 * another.  Every step only ever simplifies (blank input, empty cells,
 * default fields), so the result can be read as "this much was needed".
 */
#include "fuzz/minimise.h"

#include <stdlib.h>
#include <string.h>

int fuzz_probe_run(fuzz_probe *p, const scenario *s, fuzz_divergence *d,
                   capture_error *err)
{
    p->evaluations++;
    scenario_run_core(s, p->core_rows);
    if (p->oracle->run(p->worker, s, p->orig_rows, err) != 0)
        return -1;
    return fuzz_compare_columns(scenario_layout(s),
                                p->columns ? p->columns : FUZZ_ALL_COLUMNS,
                                p->core_rows, p->orig_rows, s->frames + 1, d);
}

int fuzz_cell_count(const scenario *s)
{
    int n = 0;
    size_t cells = (size_t)s->map.width * s->map.height;
    for (size_t i = 0; i < cells; i++)
        n += (s->cells[i] & SPG_CELL_MASK) != 0;
    return n;
}

/* Does candidate c still fail the same way?  On yes, *d is its first
 * divergence. */
static int still_fails(fuzz_probe *p, scenario *c, int column,
                       fuzz_divergence *d)
{
    fuzz_divergence nd;
    capture_error err;
    if (p->evaluations >= p->budget)
        return 0;
    if (scenario_check(c, NULL) != 0)
        return 0; /* a state the scenario format cannot write down */
    if (fuzz_probe_run(p, c, &nd, &err) != 1 || nd.column != column)
        return 0;
    *d = nd;
    return 1;
}

/* Keep only the frames up to the first divergence. */
static void cut_after(scenario *s, const fuzz_divergence *d)
{
    if (d->frame < s->frames)
        s->frames = d->frame > 0 ? d->frame : 0;
}

/*
 * ddmin over n items: try applying `blank` to chunks of them (largest
 * chunks first); keep every change after which the case still fails.
 * `is_blank` says whether an item is already as simple as it gets.
 */
typedef struct items {
    int (*count)(const scenario *s);
    int (*is_blank)(const scenario *s, int i);
    void (*blank)(scenario *s, int i);
} items;

static int input_count(const scenario *s) { return s->frames; }
static int input_is_blank(const scenario *s, int i)
{
    return s->inputs[i].held == 0 && s->inputs[i].pressed == 0;
}
static void input_blank(scenario *s, int i)
{
    s->inputs[i].held = 0;
    s->inputs[i].pressed = 0;
}

static int cell_count(const scenario *s)
{
    return (int)((size_t)s->map.width * s->map.height);
}
static int cell_is_blank(const scenario *s, int i)
{
    return (s->cells[i] & SPG_CELL_MASK) == 0;
}
static void cell_blank(scenario *s, int i)
{
    s->cells[i] = 0;
    if (s->cells2)
        s->cells2[i] = 0; /* empty on both paths, or on neither */
}

/* Sonic 2: a cell whose secondary path shows the primary path's mask and
 * solidity is as simple as it gets; blanking makes the paths equal. */
static int path2_count(const scenario *s)
{
    return s->cells2 ? cell_count(s) : 0;
}
static uint16_t path2_bits_of_path1(uint16_t c)
{
    return (uint16_t)(((c & SPG_CELL_TOP_SOLID) ? SPG_CELL_TOP_SOLID_2 : 0) |
                      ((c & SPG_CELL_SIDE_SOLID) ? SPG_CELL_SIDE_SOLID_2 : 0));
}
static int path2_is_blank(const scenario *s, int i)
{
    uint16_t c = s->cells[i];
    return s->cells2[i] == (c & SPG_CELL_MASK) &&
           (c & (SPG_CELL_TOP_SOLID_2 | SPG_CELL_SIDE_SOLID_2)) ==
               path2_bits_of_path1(c);
}
static void path2_blank(scenario *s, int i)
{
    uint16_t c = s->cells[i];
    s->cells2[i] = (uint8_t)(c & SPG_CELL_MASK);
    s->cells[i] = (uint16_t)((c & ~(SPG_CELL_TOP_SOLID_2 | SPG_CELL_SIDE_SOLID_2)) |
                             path2_bits_of_path1(c));
}

static void ddmin(fuzz_probe *p, scenario *s, const items *it,
                  fuzz_divergence *d)
{
    scenario cand;
    int n = it->count(s);
    for (int chunk = n; chunk >= 1; chunk /= 2) {
        for (int start = 0; start < it->count(s); start += chunk) {
            int end = start + chunk, any = 0;
            if (end > it->count(s))
                end = it->count(s);
            for (int i = start; i < end && !any; i++)
                any = !it->is_blank(s, i);
            if (!any)
                continue;
            if (p->evaluations >= p->budget)
                return;
            if (fuzz_scenario_copy(&cand, s) != 0)
                return;
            for (int i = start; i < end; i++)
                it->blank(&cand, i);
            if (still_fails(p, &cand, d->column, d)) {
                cut_after(&cand, d);
                scenario_free(s);
                *s = cand; /* a move: masks[] is inside the struct */
                s->map.masks = s->masks;
                s->map.cells = s->cells;
            } else {
                scenario_free(&cand);
            }
        }
        if (chunk == 1)
            break;
    }
}

/* The start-state fields, each reset to the default player's value. */
static void reset_field(spg_player *p, const spg_player *def, int k)
{
    switch (k) {
    case 0: p->x_speed = def->x_speed; break;
    case 1: p->y_speed = def->y_speed; break;
    case 2: p->ground_speed = def->ground_speed; break;
    case 3: p->angle = def->angle; break;
    case 4: p->control_lock = def->control_lock; break;
    case 5: p->jumping = def->jumping; break;
    case 6: p->x = (int32_t)(((uint32_t)p->x & 0xFFFF0000u)); break;
    case 7: p->y = (int32_t)(((uint32_t)p->y & 0xFFFF0000u)); break;
    case 8: p->status &= (uint8_t)~SPG_STATUS_FACING_LEFT; break;
    case 9:
        p->status &= (uint8_t)~SPG_STATUS_ROLLING;
        p->height_radius = def->height_radius;
        p->width_radius = def->width_radius;
        p->anim = def->anim;
        p->anim_frame = def->anim_frame;
        break;
    case 10: p->status &= (uint8_t)~SPG_STATUS_IN_AIR; break;
    case 11:
        p->angle_buffer_1 = def->angle_buffer_1;
        p->angle_buffer_2 = def->angle_buffer_2;
        break;
    case 12: p->word_38 = def->word_38; break;
    case 13:
        p->status = (uint8_t)((p->status & (SPG_STATUS_FACING_LEFT |
                                            SPG_STATUS_IN_AIR |
                                            SPG_STATUS_ROLLING)) |
                              (def->status & ~(SPG_STATUS_FACING_LEFT |
                                               SPG_STATUS_IN_AIR |
                                               SPG_STATUS_ROLLING)));
        break;
    case 14:
        p->height_radius = def->height_radius;
        p->width_radius = def->width_radius;
        p->anim = def->anim;
        p->anim_frame = def->anim_frame;
        p->anim_timer = def->anim_timer;
        p->prev_anim = def->prev_anim;
        p->mapping_frame = def->mapping_frame;
        break;
    case 16: p->render_flags = def->render_flags; break;
    case 15: p->routine = def->routine; break;
    case 17: p->spindash_counter = def->spindash_counter; break;
    case 18: /* Sonic 2: back to the primary path */
        p->top_solid_bit = def->top_solid_bit;
        p->lrb_solid_bit = def->lrb_solid_bit;
        break;
    /* Sonic CD (in other games these keep their defaults: no change) */
    case 19: p->charge = def->charge; break;
    case 20: p->player_ctrl = def->player_ctrl; break;
    case 21: p->look_mode = def->look_mode; break;
    case 22: p->time_zone = def->time_zone; break;
    case 23: p->cam_x_center = def->cam_x_center; break;
    case 24: p->cam_y_center = def->cam_y_center; break;
    case 25: p->bored_timer = def->bored_timer; break;
    default: break;
    }
}
#define START_FIELDS 26

static void simplify_start(fuzz_probe *p, scenario *s, fuzz_divergence *d)
{
    spg_player def = spg_player_default(&s->profile);
    for (int k = 0; k < START_FIELDS; k++) {
        spg_player before = s->start;
        reset_field(&s->start, &def, k);
        if (memcmp(&before, &s->start, sizeof before) == 0)
            continue;
        if (still_fails(p, s, d->column, d))
            cut_after(s, d);
        else
            s->start = before;
    }
}

/* A level with water that may do without: try it dry. */
static void simplify_water(fuzz_probe *p, scenario *s, fuzz_divergence *d)
{
    if (!s->map.water_flag || scenario_water_required(s))
        return;
    int16_t level = s->map.water_level;
    scenario_clear_water(s);
    if (still_fails(p, s, d->column, d))
        cut_after(s, d);
    else
        scenario_set_water(s, level);
}

void fuzz_minimise(fuzz_probe *p, scenario *s, fuzz_divergence *d)
{
    static const items inputs = {input_count, input_is_blank, input_blank};
    static const items cells = {cell_count, cell_is_blank, cell_blank};
    static const items paths = {path2_count, path2_is_blank, path2_blank};

    cut_after(s, d);
    for (int pass = 0; pass < 2; pass++) {
        int frames = s->frames, ncells = fuzz_cell_count(s);
        ddmin(p, s, &inputs, d);
        ddmin(p, s, &cells, d);
        if (s->cells2)
            ddmin(p, s, &paths, d);
        simplify_start(p, s, d);
        simplify_water(p, s, d);
        if (s->frames == frames && fuzz_cell_count(s) == ncells)
            break;
    }
    scenario_trim_map(s); /* cells outside it are empty anyway */
    scenario_update_hash(s);
    /* The divergence as the final case shows it. */
    capture_error err;
    fuzz_divergence fd;
    if (fuzz_probe_run(p, s, &fd, &err) == 1)
        *d = fd;
}
