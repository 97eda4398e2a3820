/*
 * water.c - a scenario's water: the top-level `water_level:`, the level's
 * water surface and Water_flag (docs/scenario-format.md, "Water").  Where
 * a game's level may have water is its descriptor's business: Sonic 2, 3
 * and Sonic & Knuckles test Water_flag (GAME_WATER_FLAG), Sonic 1's
 * Sonic_Water tests the zone (game_zone.water: Labyrinth Zone).
 */
#include <stdio.h>
#include <string.h>

#include "scenario/loader.h"

int scenario_water_allowed(const scenario *s)
{
    const game_zone *z = scenario_zone(s);
    if (scenario_zone_game(s))
        return z != NULL && z->water;
    return scenario_has(s, GAME_WATER_FLAG);
}

int scenario_water_required(const scenario *s)
{
    const game_zone *z = scenario_zone(s);
    return z != NULL && z->water;
}

int scenario_set_water(scenario *s, int16_t level)
{
    if (!scenario_water_allowed(s))
        return -1;
    s->map.water_flag = 1;
    s->map.water_level = level;
    return 0;
}

void scenario_clear_water(scenario *s)
{
    spg_map d = spg_map_default();
    s->map.water_flag = d.water_flag;
    s->map.water_level = d.water_level;
}

int scenario_water_problem(const scenario *s, char *msg, size_t len)
{
    spg_map d = spg_map_default();
    const spg_map *m = &s->map;
    if (m->water_flag > 1) {
        snprintf(msg, len, "map.water_flag %u is not 0 or 1",
                 (unsigned)m->water_flag);
        return -1;
    }
    if (m->water_flag && !scenario_water_allowed(s)) {
        snprintf(msg, len, "water in a level that has none (%s)",
                 scenario_zone_game(s) ? "Sonic 1: Labyrinth Zone only"
                                       : "the game has no Water_flag");
        return -1;
    }
    if (!m->water_flag && scenario_water_required(s)) {
        snprintf(msg, len, "a Labyrinth Zone level without water "
                           "(map.water_flag 0)");
        return -1;
    }
    if (!m->water_flag && m->water_level != d.water_level) {
        snprintf(msg, len, "map.water_level %d without water (water_flag "
                           "0: the default $7FFF)", (int)m->water_level);
        return -1;
    }
    return 0;
}

/* ---- the loader's part ------------------------------------------------ */

int sc_load_water(sc_loader *L, const yaml_node_t *n)
{
    scenario *s = L->s;
    const game_desc *g = scenario_game(s);
    int64_t v;
    if (!scenario_water_allowed(s)) {
        if (scenario_zone_game(s)) {
            const game_zone *z = scenario_zone(s);
            return sc_fail(L, n,
                           "water_level: %s has no water: %s's "
                           "Sonic_Water acts only in Labyrinth Zone (give "
                           "zone: lz)",
                           z ? z->title : "this zone", g->title);
        }
        char names[200];
        game_names_with(GAME_WATER_FLAG, names, sizeof names);
        return sc_fail(L, n,
                       "water_level: a %s scenario has no water (only "
                       "game: %s, or sonic1 with zone: lz)",
                       g ? g->title : "this", names);
    }
    if (sc_get_int(L, n, "water_level", -32768, 32767, &v))
        return -1;
    scenario_set_water(s, (int16_t)v);
    return 0;
}

int sc_finish_water(sc_loader *L, const yaml_node_t *zone,
                    const yaml_node_t *where)
{
    scenario *s = L->s;
    if (scenario_water_required(s) && !s->map.water_flag) {
        const game_zone *z = scenario_zone(s);
        return sc_fail(L, zone ? zone : where,
                       "zone: %s has water: give its surface with "
                       "water_level: (a level y in pixels; below it "
                       "Sonic_Water puts the player underwater)",
                       z->title);
    }
    return 0;
}
