/*
 * registry.c - the games spgsim knows, in one table, and the look-ups the
 * rest of the harness asks them through (game.h).
 *
 * Adding a game: its descriptor file beside the others and a line in
 * `games` below (and its capture driver, capture/drivers.c).
 */
#include "games/game.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

extern const game_desc game_sonic1, game_sonic2, game_sonic3, game_sonic3k,
    game_soniccd;

static const game_desc *const games[] = {
    &game_sonic1,
    &game_sonic2,
    &game_sonic3,
    &game_sonic3k,
    &game_soniccd,
};

size_t game_count(void)
{
    return sizeof games / sizeof games[0];
}

const game_desc *game_at(size_t i)
{
    return i < game_count() ? games[i] : NULL;
}

const game_desc *game_by_name(const char *name)
{
    for (size_t i = 0; i < game_count(); i++)
        if (strcmp(games[i]->name, name) == 0)
            return games[i];
    return NULL;
}

const game_desc *game_of(spg_game id)
{
    for (size_t i = 0; i < game_count(); i++)
        if (games[i]->id == id)
            return games[i];
    return NULL;
}

int game_has(const game_desc *g, unsigned features)
{
    return g != NULL && (g->features & features) == features;
}

const game_character *game_character_by_name(const game_desc *g,
                                             const char *name)
{
    for (int i = 0; i < g->character_count; i++)
        if (strcmp(g->characters[i].name, name) == 0)
            return &g->characters[i];
    return NULL;
}

const game_zone *game_zone_by_name(const game_desc *g, const char *name)
{
    for (int i = 0; i < g->zone_count; i++)
        if (strcasecmp(g->zones[i].name, name) == 0)
            return &g->zones[i];
    return NULL;
}

const game_zone *game_zone_by_id(const game_desc *g, uint8_t id)
{
    for (int i = 0; i < g->zone_count; i++)
        if (g->zones[i].id == id)
            return &g->zones[i];
    return NULL;
}

const game_level *game_level_find(const game_desc *g, const char *zone,
                                  int act)
{
    for (int i = 0; i < g->level_count; i++)
        if (strcasecmp(g->levels[i].zone, zone) == 0 &&
            g->levels[i].act == act)
            return &g->levels[i];
    return NULL;
}

const char *game_character_name(const game_desc *g, spg_character id)
{
    for (int i = 0; i < g->character_count; i++)
        if (g->characters[i].id == id)
            return g->characters[i].name;
    return NULL;
}

/* The names of the games `pick` says yes to, "a, b or c", into buf;
 * returns how many. */
static int names_of(int (*pick)(const game_desc *g, const void *arg),
                    const void *arg, char *buf, size_t len)
{
    size_t n = 0, found = 0, total = 0;
    for (size_t i = 0; i < game_count(); i++)
        total += pick(games[i], arg) ? 1u : 0u;
    if (len)
        buf[0] = '\0';
    for (size_t i = 0; i < game_count(); i++) {
        if (!pick(games[i], arg))
            continue;
        found++;
        const char *sep = found == 1 ? "" : found == total ? " or " : ", ";
        int w = snprintf(buf + n, len > n ? len - n : 0, "%s%s", sep,
                         games[i]->name);
        if (w > 0)
            n += (size_t)w;
    }
    if (total == 0)
        snprintf(buf, len, "none");
    return (int)total;
}

static int has_features(const game_desc *g, const void *arg)
{
    return game_has(g, *(const unsigned *)arg);
}

void game_names_with(unsigned features, char *buf, size_t len)
{
    names_of(has_features, &features, buf, len);
}

static int has_character(const game_desc *g, const void *arg)
{
    return game_character_by_name(g, arg) != NULL;
}

int game_names_with_character(const char *character, char *buf, size_t len)
{
    return names_of(has_character, character, buf, len);
}

void game_all_characters(const char **out, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < game_count(); i++)
        for (int c = 0; c < games[i]->character_count; c++) {
            size_t d = 0;
            while (d < n && strcmp(out[d], games[i]->characters[c].name))
                d++;
            if (d == n && n + 1 < max)
                out[n++] = games[i]->characters[c].name;
        }
    if (max)
        out[n < max ? n : max - 1] = NULL;
}

const capture_rom_desc *game_rom_find(const char *md5_hex)
{
    for (size_t i = 0; i < game_count(); i++)
        for (size_t r = 0; r < games[i]->rom_count; r++)
            if (strcmp(games[i]->roms[r]->md5, md5_hex) == 0)
                return games[i]->roms[r];
    return NULL;
}

void game_rom_list(FILE *f)
{
    for (size_t i = 0; i < game_count(); i++)
        for (size_t r = 0; r < games[i]->rom_count; r++)
            fprintf(f, "  %s  %s\n", games[i]->roms[r]->md5,
                    games[i]->roms[r]->name);
}
