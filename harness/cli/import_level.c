/*
 * import_level.c - `spgsim import-level --rom ROM --zone Z [--act N]
 *                      [-o FILE] [--name NAME] [--input FILE | --frames N]`
 *
 * Reads an act of the user's own ROM image (harness/import/level.h) and
 * writes it as a scenario: the foreground's solid tiles, the start
 * location and the level size, with an `imported:` header saying where it
 * came from (docs/real-levels.md).  The file is the user's level data: it
 * is never committed, and a spgsim repository's scenarios/ directory is
 * refused as the destination (the loader refuses such a file there too).
 * The input is an input script file (--input, as `spgsim import-inputs`
 * writes) or --frames N frames of nothing held (default 600).
 *
 * Exit status: 0 written; 2 bad usage, an unreadable or unsupported image,
 * an act the game or the image does not have, a level the format cannot
 * hold (one line on stderr each).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "capture/md5.h"
#include "cli/commands.h"
#include "import/level.h"
#include "scenario/scenario.h"
#include "util/outfile.h"
#include "util/readfile.h"

#define DEFAULT_FRAMES 600
#define MAX_IMAGE_BYTES (8u << 20)

static void usage(FILE *f)
{
    fputs("usage: spgsim import-level --rom ROM --zone ZONE [--act N] "
          "[-o FILE] [--name NAME] [--input FILE | --frames N]\n"
          "  writes an act of your own ROM image as a scenario: its solid\n"
          "  tiles, start location and level size (no objects)\n"
          "  --rom    the image (Sonic 1 REV01/REV00, Sonic 2 REV01, Sonic 3);\n"
          "           default $SPGSIM_ROM\n"
          "  --zone   the zone, as the disassemblies abbreviate it, any case:\n"
          "           sonic1 ghz lz mz slz syz sbz fz; sonic2 ehz cpz arz cnz\n"
          "           htz mcz ooz mtz scz wfz dez; sonic3 aiz hcz mgz cnz icz\n"
          "           lbz\n"
          "  --act    the act, from 1 (default 1; Sonic 1's lz 4 is Scrap\n"
          "           Brain Zone act 3)\n"
          "  -o FILE  write the scenario to FILE (default: stdout); never\n"
          "           inside a spgsim repository's scenarios/\n"
          "  --name   the scenario's name (default: zone and act, as ghz1)\n"
          "  --input  an input script (input: steps; spgsim import-inputs)\n"
          "  --frames frames of nothing held, without --input (default 600)\n",
          f);
}

/* A positive decimal int; -1 otherwise. */
static int parse_positive(const char *s)
{
    char *end;
    if (!s || !*s || *s == '-' || *s == '+')
        return -1;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end || v < 1 || v > INT_MAX)
        return -1;
    return (int)v;
}


static void progress(void *ctx, const char *what)
{
    (void)ctx;
    fprintf(stderr, "spgsim import-level: %s\n", what);
}

/* The scenario as text, checked to load back to the same hash. */
static char *render(const scenario *s, size_t *len)
{
    char *text = NULL;
    FILE *m = open_memstream(&text, len);
    if (m == NULL)
        return NULL;
    int bad = scenario_write_yaml(m, s) != 0;
    if (fclose(m) != 0 || bad) {
        free(text);
        return NULL;
    }
    scenario back;
    if (scenario_load_buffer(s->name, text, *len, &back, stderr) != 0) {
        free(text);
        return NULL;
    }
    int same = back.hash == s->hash;
    scenario_free(&back);
    if (!same) {
        fprintf(stderr, "spgsim import-level: the written scenario does not "
                        "load back to the same level\n");
        free(text);
        return NULL;
    }
    return text;
}

int cmd_import_level(int argc, char **argv)
{
    const char *rom_path = getenv("SPGSIM_ROM"), *zone = NULL, *out = NULL;
    const char *name = NULL, *input = NULL;
    int act = 1, frames = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return 0;
        }
        int known = strcmp(a, "--rom") == 0 || strcmp(a, "--zone") == 0 ||
                    strcmp(a, "--act") == 0 || strcmp(a, "-o") == 0 ||
                    strcmp(a, "--name") == 0 || strcmp(a, "--input") == 0 ||
                    strcmp(a, "--frames") == 0;
        if (!known) {
            fprintf(stderr, "spgsim import-level: %s '%s' (see --help)\n",
                    a[0] == '-' ? "unknown option" : "unexpected argument",
                    a);
            return 2;
        }
        const char *v = i + 1 < argc ? argv[++i] : NULL;
        if (v == NULL) {
            fprintf(stderr, "spgsim import-level: %s needs a value\n", a);
            return 2;
        }
        if (strcmp(a, "--rom") == 0) {
            rom_path = v;
        } else if (strcmp(a, "--zone") == 0) {
            zone = v;
        } else if (strcmp(a, "-o") == 0) {
            out = v;
        } else if (strcmp(a, "--name") == 0) {
            name = v;
        } else if (strcmp(a, "--input") == 0) {
            input = v;
        } else {
            int n = parse_positive(v);
            if (n < 0 || (strcmp(a, "--frames") == 0 &&
                          n > SCENARIO_MAX_FRAMES)) {
                fprintf(stderr, "spgsim import-level: %s needs a positive "
                                "integer%s, not '%s'\n", a,
                        strcmp(a, "--frames") == 0 ? " up to 100000" : "", v);
                return 2;
            }
            if (strcmp(a, "--act") == 0)
                act = n;
            else
                frames = n;
        }
    }
    if (rom_path == NULL || *rom_path == '\0' || zone == NULL) {
        fprintf(stderr, "spgsim import-level: %s (see --help)\n",
                zone ? "no --rom given and $SPGSIM_ROM is not set"
                     : "--zone is required");
        return 2;
    }
    if (input && frames > 0) {
        fprintf(stderr, "spgsim import-level: --input and --frames do not "
                        "go together\n");
        return 2;
    }
    char where[4096];
    if (out && strcmp(out, "-") != 0 &&
        scenario_suite_dir(out, where, sizeof where)) {
        fprintf(stderr, "spgsim import-level: %s lies in the spgsim "
                        "suite's scenarios directory %s; an imported level "
                        "is your own ROM's data and is never committed: "
                        "write it elsewhere (e.g. /work/levels or /tmp)\n",
                out, where);
        return 2;
    }

    size_t len = 0;
    uint8_t *rom = util_read_file(rom_path, MAX_IMAGE_BYTES, &len, stderr);
    if (rom == NULL)
        return 2;
    char md5[33];
    capture_md5_hex(rom, len, md5);
    const capture_rom_desc *d = game_rom_find(md5);
    if (d == NULL || d->game == NULL || d->game->level_format == GAME_LEVEL_NONE) {
        fprintf(stderr, "%s: %s (MD5 %s); import-level reads Sonic 1 "
                        "REV01/REV00, Sonic 2 REV01 and Sonic 3 images "
                        "(spgsim games --md5)\n", rom_path,
                d ? "an image of a game import-level does not read"
                  : "not a supported image",
                md5);
        free(rom);
        return 2;
    }

    char defname[32];
    if (name == NULL) {
        snprintf(defname, sizeof defname, "%.8s%d", zone, act);
        for (char *c = defname; *c; c++)
            if (*c >= 'A' && *c <= 'Z')
                *c = (char)(*c - 'A' + 'a');
        name = defname;
    }
    char tool[64];
    snprintf(tool, sizeof tool, "spgsim import-level %s", SPGSIM_VERSION);
    scenario s;
    import_summary sum;
    char msg[400];
    int tty = isatty(STDERR_FILENO);
    if (import_level(d, rom, len, md5, zone, act, name, tool, &s, &sum,
                     tty ? progress : NULL, NULL, msg, sizeof msg) != 0) {
        fprintf(stderr, "%s: %s\n", rom_path, msg);
        free(rom);
        return 2;
    }
    free(rom);

    int rc = 2;
    if (input) {
        if (scenario_load_input(input, &s, stderr) != 0)
            goto done;
    } else if (scenario_set_frames(&s, frames > 0 ? frames : DEFAULT_FRAMES)) {
        fprintf(stderr, "spgsim import-level: out of memory\n");
        goto done;
    }
    scenario_derive_pressed(&s);
    scenario_update_hash(&s);
    if (scenario_check(&s, stderr) != 0)
        goto done;
    if (tty)
        progress(NULL, "writing and loading back the scenario");
    size_t tlen = 0;
    char *text = render(&s, &tlen);
    if (text == NULL)
        goto done;
    outfile o;
    if (outfile_open(&o, out, stderr) == 0) {
        fwrite(text, 1, tlen, o.f);
        if (outfile_commit(&o, stderr) == 0)
            rc = 0;
    }
    free(text);
    if (rc == 0 && tty)
        fprintf(stderr,
                "spgsim import-level: %s: %d x %d chunks of %d px, %d "
                "chunks used, %d masks (%d tiles), map %d x %d cells at "
                "(%d, %d)%s%s\n",
                sum.level->title, sum.layout_w, sum.layout_h, sum.chunk_px,
                sum.chunks_used, sum.rom_masks, sum.tiles, s.map.width,
                s.map.height, s.map.x0 * 16, s.map.y0 * 16,
                out ? " -> " : "", out ? out : "");
done:
    scenario_free(&s);
    return rc;
}
