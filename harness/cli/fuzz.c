/*
 * fuzz.c - `spgsim fuzz`: differential fuzzing against the original.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/commands.h"
#include "fuzz/fuzz.h"
#include "util/outfile.h"

static void usage(FILE *f)
{
    fputs(
        "usage: spgsim fuzz --rom ROM [--seed N] [--cases K | --time S] [--jobs J]\n"
        "                   [--shard I/N] [--out DIR] [--json FILE|-]\n"
        "                   [--character sonic|tails|knuckles|any]\n"
        "                   [--level FILE] [--no-minimise] [--no-write] [-q]\n"
        "       spgsim fuzz --list [--game G | --rom ROM] [--seed N]\n"
        "                   [--cases K] [--shard I/N] [--character C]\n"
        "Generate cases from seeds N, N+1, ..., run each through the core and\n"
        "through the original code in ROM, compare every column of every frame,\n"
        "and write each divergence, minimised, as a scenario and its golden:\n"
        "DIR/scenarios/regressions/fuzz-SEED-FIELD.yaml and\n"
        "DIR/golden/regressions/fuzz-SEED-FIELD.csv (DIR: the current directory).\n"
        "  --rom ROM     the original game (default: $SPGSIM_ROM); its game\n"
        "                is the game of the cases\n"
        "  --character C a game with more than one character: one of them or\n"
        "                any (default: any, by seed)\n"
        "  --level FILE  run the cases on the map of this scenario (a real act\n"
        "                from import-level, or any map of the ROM's game): a\n"
        "                start on one of its surfaces or in the air over it,\n"
        "                and 100..6000 frames of input, from each seed\n"
        "  --game G      with --list and no --rom: a game: value (default: the\n"
        "                first, sonic1)\n"
        "  --seed N      first seed (default 1); alone, runs just that case\n"
        "  --cases K     cases to run (default 100, or 1 with --seed)\n"
        "  --time S      run for S seconds instead\n"
        "  --jobs J      worker threads (default: one per online CPU)\n"
        "  --shard I/N   run only case k of the range when k % N == I, so N\n"
        "                independent runs cover the range; merge by copying files\n"
        "  --json FILE   a summary as JSON (- for stdout)\n"
        "  --fields LIST compare only these trace columns (comma-separated;\n"
        "                e.g. all but the animation bytes while a game's\n"
        "                animation is not in the core)\n"
        "  --no-minimise write divergent cases as generated (cut at the divergence)\n"
        "  --no-write    report divergences without writing files\n"
        "  -q            no progress line\n"
        "  --list        print each case's seed, scenario hash, length and\n"
        "                features without running it (needs no ROM)\n"
        "Exit status: 0 no divergence, 1 divergences or failures of the\n"
        "original code, 2 bad usage or ROM.\n",
        f);
}

/* The game of a loaded ROM (its description says which). */
static spg_game rom_game(const capture_rom *rom)
{
    return rom->game->id;
}

/* 0, or -1 after a message when the game has no such character (a
 * character chosen with --character). */
static int check_character(const fuzz_options *o, const char *what)
{
    const game_desc *g = game_of(o->gen.game);
    if (o->gen.character == FUZZ_CHAR_ANY ||
        game_character_name(g, (spg_character)o->gen.character) != NULL)
        return 0;
    fprintf(stderr, "spgsim fuzz: --character %s: %s is %s, which has no "
                    "such character\n",
            fuzz_character_name(o->gen.character), what, g->title);
    return -1;
}

/* --fields: names of column set l (the cases' game's), as a mask of its
 * columns */
static int parse_fields(const char *list, const trace_layout *l,
                        uint64_t *mask)
{
    char name[64];
    const char *p = list;
    *mask = 0;
    while (*p) {
        size_t n = strcspn(p, ",");
        if (n == 0 || n >= sizeof name) {
            fprintf(stderr, "spgsim fuzz: --fields: empty or overlong name in '%s'\n", list);
            return -1;
        }
        memcpy(name, p, n);
        name[n] = '\0';
        int c = trace_layout_column(l, name);
        if (c <= 0) {
            fprintf(stderr, "spgsim fuzz: --fields: '%s' is not a column of "
                            "the %s trace\n", name, l->name);
            return -1;
        }
        *mask |= (uint64_t)1 << c;
        p += n;
        if (*p == ',')
            p++;
    }
    if (*mask == 0) {
        fprintf(stderr, "spgsim fuzz: --fields needs at least one column\n");
        return -1;
    }
    return 0;
}

static int parse_u64(const char *s, uint64_t *out)
{
    char *end;
    if (!s || !*s || *s == '-')
        return -1;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end)
        return -1;
    *out = v;
    return 0;
}

/* --list: the cases as the generator makes them, one line each. */
static int list_cases(const fuzz_options *opt)
{
    for (uint64_t k = (uint64_t)opt->shard; k < opt->cases; k += (uint64_t)opt->shards) {
        scenario s;
        fuzz_case_info info;
        char hash[17], feats[256];
        uint64_t seed = opt->first_seed + k;
        if (fuzz_generate_game(&opt->gen, seed, &s, &info) != 0) {
            fprintf(stderr, "spgsim fuzz: out of memory\n");
            return 2;
        }
        scenario_hash_hex(&s, hash);
        fuzz_features_string(info.features, feats, sizeof feats);
        /* A Sonic 1 line is as it always was (ci/determinism.sh). */
        const game_desc *g = game_of(info.game);
        printf("%llu %s %d frames %ux%u tiles start=%s input=%s %s%s%s%s%s\n",
               (unsigned long long)seed, hash, s.frames, (unsigned)s.map.width,
               (unsigned)s.map.height, fuzz_start_name(info.start),
               fuzz_input_name(info.input), feats,
               /* a game whose cases pick a character names both */
               g->character_count > 1 ? " " : "",
               g->character_count > 1 ? g->name : "",
               g->character_count > 1 ? " " : "",
               g->character_count > 1 ? fuzz_character_name(info.character)
                                      : "");
        scenario_free(&s);
    }
    return 0;
}

int cmd_fuzz(int argc, char **argv)
{
    fuzz_options opt;
    memset(&opt, 0, sizeof opt);
    const char *rom_path = getenv("SPGSIM_ROM");
    const char *json = NULL;
    const char *fields = NULL; /* --fields */
    int have_seed = 0, have_cases = 0, quiet = 0, list = 0;
    int rom_given = 0, game_given = 0;
    const char *level_path = NULL;
    static scenario level; /* --level's map, for the whole run */
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    opt.first_seed = 1;
    opt.jobs = ncpu > 0 ? (int)ncpu : 1;
    opt.shards = 1;
    opt.out_root = ".";
    opt.minimise = 1;
    opt.write = 1;
    opt.log = stderr;
    opt.gen.game = game_at(0)->id; /* the first registered game */
    opt.gen.character = FUZZ_CHAR_ANY;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t n;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--rom") == 0 && v) {
            rom_path = v;
            rom_given = 1;
            i++;
        } else if (strcmp(a, "--level") == 0 && v) {
            level_path = v;
            i++;
        } else if (strcmp(a, "--character") == 0 && v) {
            opt.gen.character = fuzz_character_parse(v);
            if (opt.gen.character == -2) {
                fprintf(stderr, "spgsim fuzz: --character needs sonic, tails or any, not '%s'\n", v);
                return 2;
            }
            i++;
        } else if (strcmp(a, "--game") == 0 && v) {
            const game_desc *g = game_by_name(v);
            if (g == NULL) {
                char names[200];
                game_names_with(0, names, sizeof names);
                fprintf(stderr, "spgsim fuzz: --game needs %s, not '%s'\n", names, v);
                return 2;
            }
            opt.gen.game = g->id;
            game_given = 1;
            i++;
        } else if (strcmp(a, "--seed") == 0 && v) {
            if (parse_u64(v, &opt.first_seed) != 0) {
                fprintf(stderr, "spgsim fuzz: --seed needs a non-negative integer, not '%s'\n", v);
                return 2;
            }
            have_seed = 1;
            i++;
        } else if (strcmp(a, "--cases") == 0 && v) {
            if (parse_u64(v, &n) != 0 || n == 0) {
                fprintf(stderr, "spgsim fuzz: --cases needs a positive integer, not '%s'\n", v);
                return 2;
            }
            opt.cases = n;
            have_cases = 1;
            i++;
        } else if (strcmp(a, "--time") == 0 && v) {
            char *end;
            double t = strtod(v, &end);
            if (*end || !(t > 0) || t > 1e7) {
                fprintf(stderr, "spgsim fuzz: --time needs a positive number of seconds, not '%s'\n", v);
                return 2;
            }
            opt.time_limit = t;
            i++;
        } else if (strcmp(a, "--jobs") == 0 && v) {
            if (parse_u64(v, &n) != 0 || n == 0 || n > 256) {
                fprintf(stderr, "spgsim fuzz: --jobs needs an integer from 1 to 256, not '%s'\n", v);
                return 2;
            }
            opt.jobs = (int)n;
            i++;
        } else if (strcmp(a, "--shard") == 0 && v) {
            unsigned si, sn;
            char tail;
            if (sscanf(v, "%u/%u%c", &si, &sn, &tail) != 2 || sn == 0 ||
                sn > 1000000 || si >= sn) {
                fprintf(stderr, "spgsim fuzz: --shard needs I/N with 0 <= I < N, not '%s'\n", v);
                return 2;
            }
            opt.shard = (int)si;
            opt.shards = (int)sn;
            i++;
        } else if (strcmp(a, "--out") == 0 && v) {
            opt.out_root = v;
            i++;
        } else if (strcmp(a, "--json") == 0 && v) {
            json = v;
            i++;
        } else if (strcmp(a, "--no-minimise") == 0) {
            opt.minimise = 0;
        } else if (strcmp(a, "--fields") == 0 && v) {
            fields = v; /* read once the game is known */
            i++;
        } else if (strcmp(a, "--no-write") == 0) {
            opt.write = 0;
        } else if (strcmp(a, "-q") == 0) {
            quiet = 1;
        } else if (strcmp(a, "--list") == 0) {
            list = 1;
        } else {
            fprintf(stderr, "spgsim fuzz: %s '%s'\n",
                    a[0] == '-' && !v ? "missing value or unknown option" : "unknown argument", a);
            usage(stderr);
            return 2;
        }
    }
    if (level_path) {
        if (scenario_load(level_path, &level, stderr) != 0)
            return 2;
        if (level.mode != SCENARIO_NORMAL) {
            fprintf(stderr, "spgsim fuzz: --level needs a normal-stage "
                            "scenario, not '%s'\n", level_path);
            scenario_free(&level);
            return 2;
        }
        opt.gen.level = &level;
        opt.gen.game = level.game;
        if (game_given) {
            fprintf(stderr, "spgsim fuzz: --level gives the game; leave "
                            "out --game\n");
            return 2;
        }
    }
    if (game_given && (!list || rom_given)) {
        fprintf(stderr, "spgsim fuzz: --game goes with --list alone (a run "
                        "takes the game from the ROM)\n");
        return 2;
    }
    if (list) {
        if (opt.time_limit > 0) {
            fprintf(stderr, "spgsim fuzz: --list takes --cases, not --time\n");
            return 2;
        }
        if (rom_given) {
            /* The cases the ROM's game gets. */
            capture_rom lr;
            if (capture_rom_load(rom_path, &lr, stderr) != 0)
                return 2;
            if (level_path && rom_game(&lr) != opt.gen.game) {
                fprintf(stderr, "spgsim fuzz: %s is a %s scenario, the ROM "
                                "is %s\n", level_path,
                        game_of(opt.gen.game)->name, lr.desc->name);
                capture_rom_free(&lr);
                return 2;
            }
            opt.gen.game = rom_game(&lr);
            capture_rom_free(&lr);
        }
        if (check_character(&opt, "the game") != 0)
            return 2;
        if (!have_cases)
            opt.cases = have_seed ? 1 : 100;
        return list_cases(&opt);
    }
    if (!rom_path) {
        fprintf(stderr, "spgsim fuzz: no ROM: give --rom ROM or set SPGSIM_ROM\n");
        usage(stderr);
        return 2;
    }
    if (have_cases && opt.time_limit > 0) {
        fprintf(stderr, "spgsim fuzz: give --cases or --time, not both\n");
        return 2;
    }
    if (!have_cases && opt.time_limit <= 0)
        opt.cases = have_seed ? 1 : 100;
    opt.rom_arg = rom_path;
    opt.progress = !quiet && isatty(2);

    capture_rom rom;
    if (capture_rom_load(rom_path, &rom, stderr) != 0)
        return 2;
    /* The game comes from the ROM: its description says which. */
    if (level_path && rom_game(&rom) != opt.gen.game) {
        fprintf(stderr, "spgsim fuzz: %s is a %s scenario, the ROM is %s\n",
                level_path, game_of(opt.gen.game)->name, rom.desc->name);
        capture_rom_free(&rom);
        return 2;
    }
    opt.gen.game = rom_game(&rom);
    if (check_character(&opt, rom_path) != 0 ||
        (fields && parse_fields(fields, fuzz_game_layout(&opt.gen),
                                &opt.columns) != 0)) {
        capture_rom_free(&rom);
        return 2;
    }
    fuzz_oracle oracle = fuzz_capture_oracle(&rom);
    fuzz_summary sum;
    if (fuzz_run(&opt, &oracle, &sum) != 0) {
        capture_rom_free(&rom);
        return 2;
    }
    fprintf(stderr,
            "%llu cases, %llu frames compared, %llu divergences, %llu failures "
            "of the original code, %.1f s (%.0f frames/s)\n",
            (unsigned long long)sum.cases, (unsigned long long)sum.frames,
            (unsigned long long)sum.divergences,
            (unsigned long long)sum.oracle_errors, sum.wall_time,
            sum.wall_time > 0 ? (double)sum.frames / sum.wall_time : 0.0);
    int rc = (sum.divergences || sum.oracle_errors) ? 1 : 0;
    if (json) {
        if (strcmp(json, "-") == 0) {
            fuzz_summary_json(stdout, &opt, &oracle, &sum);
        } else {
            outfile o;
            if (outfile_open(&o, json, stderr) != 0) {
                rc = 2;
            } else {
                fuzz_summary_json(o.f, &opt, &oracle, &sum);
                if (outfile_commit(&o, stderr) != 0)
                    rc = 2;
            }
        }
    }
    fuzz_summary_free(&sum);
    capture_rom_free(&rom);
    return rc;
}
