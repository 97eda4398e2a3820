/*
 * games.c - `spgsim games [--md5]`: the games spgsim knows (the registry,
 * harness/games/), each with its characters, trace column set, features
 * and the ROM images capture and fuzz accept for it; --md5 prints only
 * "MD5  image" lines, one per supported image.
 */
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "games/game.h"

static void games_usage(FILE *f)
{
    fputs("usage: spgsim games [--md5]\n"
          "  the games of `game:`, their characters, trace column set,\n"
          "  features and supported ROM images (MD5); --md5: only the\n"
          "  \"MD5  image\" lines\n",
          f);
}

static void print_features(unsigned features)
{
    static const struct {
        unsigned bit;
        const char *name;
    } names[] = {
        {GAME_PATHS, "two collision paths"},
        {GAME_S3_STATE, "Sonic 3's object fields"},
        {GAME_TOP_LIMIT, "top limit and vertical wrap"},
        {GAME_SPECIAL_STAGE, "special stage"},
        {GAME_BK2, "BizHawk movies"},
        {GAME_S3K_STATE, "Sonic & Knuckles' glide byte"},
        {GAME_SCD_STATE, "Sonic CD's charge, player control, look, time "
                         "zone, camera centres and boredom timer"},
        {GAME_WATER_FLAG, "water (Water_flag, water_level:)"},
    };
    int any = 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (features & names[i].bit) {
            printf("%s%s", any ? ", " : "", names[i].name);
            any = 1;
        }
    if (!any)
        fputs("-", stdout);
}

int cmd_games(int argc, char **argv)
{
    int md5_only = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--md5") == 0) {
            md5_only = 1;
        } else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            games_usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "spgsim games: unknown argument '%s'\n", argv[i]);
            games_usage(stderr);
            return 2;
        }
    }
    if (md5_only) {
        game_rom_list(stdout);
        return 0;
    }
    for (size_t i = 0; i < game_count(); i++) {
        const game_desc *g = game_at(i);
        printf("%s: %s\n  characters: ", g->name, g->full_title);
        for (int c = 0; c < g->character_count; c++)
            printf("%s%s", c ? ", " : "", g->characters[c].name);
        printf("\n  trace columns: %s (%d)\n  features: ", g->layout->name,
               g->layout->count);
        print_features(g->features);
        if (g->zone_count > 0) {
            fputs("\n  zones: ", stdout);
            for (int z = 0; z < g->zone_count; z++)
                printf("%s%s%s", z ? ", " : "", g->zones[z].name,
                       g->zones[z].water ? " (water, water_level:)" : "");
        }
        printf("\n  spgsim new: %s\n", g->new_flag ? g->new_flag : "(no option)");
        for (size_t r = 0; r < g->rom_count; r++)
            printf("  ROM %s  %s\n", g->roms[r]->md5, g->roms[r]->name);
    }
    return 0;
}
