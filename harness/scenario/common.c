/*
 * common.c - what every part of the scenario module and its users share,
 * below the loader, the hash, the builders and the writer: releasing a
 * scenario, its game and column set, and running it through the core.
 */
#include "scenario/scenario.h"

#include <stdlib.h>
#include <string.h>

#include "scenario/special.h"
#include "trace/trace.h"

void scenario_free(scenario *s)
{
    free(s->path);
    free(s->name);
    free(s->description);
    free(s->cells);
    free(s->cells2);
    free(s->chunk_kinds);
    free(s->low_cells);
    free(s->layout);
    free(s->inputs);
    for (int i = 0; i < s->verify_count; i++) {
        free(s->verifies[i].id);
        free(s->verifies[i].source);
        free(s->verifies[i].quote);
        free(s->verifies[i].field);
        free(s->verifies[i].note);
    }
    free(s->verifies);
    free(s->special);
    if (s->imported) {
        free(s->imported->rom_md5);
        free(s->imported->game);
        free(s->imported->zone);
        free(s->imported->tool);
        free(s->imported);
    }
    memset(s, 0, sizeof *s);
}

int scenario_trace_core(const scenario *s, trace *out)
{
    if (s->mode == SCENARIO_SPECIAL_STAGE)
        return scenario_special_trace_core(s, out);
    spg_player *rows = malloc(((size_t)s->frames + 1) * sizeof *rows);
    if (rows == NULL)
        return -1;
    scenario_run_core(s, rows);
    int rc = trace_from_players_layout(out, scenario_layout(s), rows,
                                       s->frames + 1);
    free(rows);
    return rc;
}

const trace_layout *scenario_layout(const scenario *s)
{
    if (s->mode == SCENARIO_SPECIAL_STAGE)
        return &trace_layout_special;
    return scenario_game(s)->layout;
}

const game_desc *scenario_game(const scenario *s)
{
    return game_of(s->game);
}

int scenario_has(const scenario *s, unsigned features)
{
    return game_has(game_of(s->game), features);
}

void scenario_run_core(const scenario *s, spg_player *rows)
{
    spg_player p = s->start;
    rows[0] = p;
    for (int i = 0; i < s->frames; i++) {
        spg_step(&s->profile, &s->map, s->inputs[i], &p);
        rows[i + 1] = p;
    }
}
