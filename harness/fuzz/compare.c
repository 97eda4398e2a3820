/*
 * compare.c - what the run loop and the minimiser share, below both: the
 * comparison of a core run with an oracle run, and a scenario's deep copy.
 */
#include "fuzz/compare.h"

#include <stdlib.h>
#include <string.h>

#include "games/game.h"
#include "util/xalloc.h"

int fuzz_scenario_copy(scenario *dst, const scenario *src)
{
    size_t ncells = (size_t)src->map.width * src->map.height;
    memcpy(dst, src, sizeof *dst);
    dst->path = str_dup(src->path);
    dst->name = str_dup(src->name);
    dst->description = str_dup(src->description);
    dst->cells = malloc(ncells ? ncells * sizeof *dst->cells : 1);
    dst->cells2 = NULL;
    if (src->cells2)
        dst->cells2 = malloc(ncells ? ncells : 1);
    dst->inputs = malloc(src->frames ? (size_t)src->frames * sizeof *dst->inputs : 1);
    dst->verifies = NULL;
    dst->verify_count = 0;
    /* an imported level's header goes with its cells: a case written
     * from it is the user's level data too (docs/real-levels.md) */
    dst->imported = NULL;
    if (src->imported &&
        (dst->imported = calloc(1, sizeof *dst->imported)) != NULL) {
        *dst->imported = *src->imported;
        dst->imported->rom_md5 = str_dup(src->imported->rom_md5);
        dst->imported->game = str_dup(src->imported->game);
        dst->imported->zone = str_dup(src->imported->zone);
        dst->imported->tool = str_dup(src->imported->tool);
    }
    dst->chunk_kinds = NULL;
    dst->low_cells = NULL;
    dst->layout = NULL;
    if (src->chunk_kinds &&
        (dst->chunk_kinds = malloc(SCENARIO_LAYOUT_CHUNKS)) != NULL)
        memcpy(dst->chunk_kinds, src->chunk_kinds, SCENARIO_LAYOUT_CHUNKS);
    if (src->low_cells &&
        (dst->low_cells = malloc(ncells ? ncells * sizeof *dst->low_cells : 1)) != NULL)
        memcpy(dst->low_cells, src->low_cells, ncells * sizeof *dst->low_cells);
    if (src->layout &&
        (dst->layout = malloc(SPG_LAYOUT_ROWS * SPG_LAYOUT_ROW_BYTES)) != NULL)
        memcpy(dst->layout, src->layout, SPG_LAYOUT_ROWS * SPG_LAYOUT_ROW_BYTES);
    if ((src->path && !dst->path) || (src->name && !dst->name) ||
        (src->description && !dst->description) || !dst->cells ||
        (src->cells2 && !dst->cells2) || !dst->inputs ||
        (src->chunk_kinds && !dst->chunk_kinds) ||
        (src->low_cells && !dst->low_cells) || (src->layout && !dst->layout) ||
        (src->imported &&
         (!dst->imported || !dst->imported->rom_md5 || !dst->imported->game ||
          !dst->imported->zone || !dst->imported->tool))) {
        scenario_free(dst);
        return -1;
    }
    dst->map.layout = dst->layout;
    dst->map.low_cells = src->map.low_cells ? dst->low_cells : NULL;
    if (ncells)
        memcpy(dst->cells, src->cells, ncells * sizeof *dst->cells);
    if (ncells && src->cells2)
        memcpy(dst->cells2, src->cells2, ncells);
    if (src->frames)
        memcpy(dst->inputs, src->inputs, (size_t)src->frames * sizeof *dst->inputs);
    dst->map.cells = dst->cells;
    dst->map.masks = dst->masks;
    dst->map.secondary_masks = dst->cells2;
    return 0;
}

int fuzz_compare(const trace_layout *l, const spg_player *core,
                 const spg_player *orig, int rows, fuzz_divergence *d)
{
    return fuzz_compare_columns(l, FUZZ_ALL_COLUMNS, core, orig, rows, d);
}

int fuzz_compare_columns(const trace_layout *l, uint64_t columns,
                         const spg_player *core, const spg_player *orig,
                         int rows, fuzz_divergence *d)
{
    int32_t a[TRACE_MAX_COLUMNS], b[TRACE_MAX_COLUMNS];
    if (l == NULL || l == &trace_layout_special || l->count > TRACE_MAX_COLUMNS)
        l = &trace_layout_normal;
    for (int i = 0; i < rows; i++) {
        if (memcmp(&core[i], &orig[i], sizeof core[i]) == 0)
            continue; /* the common case; padding is zero in both */
        trace_row_values_layout(l, i, &orig[i], a);
        trace_row_values_layout(l, i, &core[i], b);
        for (int c = 1; c < l->count; c++)
            if (a[c] != b[c] && ((columns >> c) & 1u)) {
                d->frame = i;
                d->column = c;
                d->expected = a[c];
                d->actual = b[c];
                return 1;
            }
    }
    return 0;
}

const char *fuzz_column_name(const trace_layout *l, int column)
{
    if (l == NULL)
        l = &trace_layout_normal;
    if (column < 0 || column >= l->count)
        return "?";
    return l->columns[column];
}

