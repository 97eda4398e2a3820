/*
 * cmd_new.c - `spgsim new TOPIC/NAME [--special-stage | --sonic2 | --sonic3]
 * [--dir DIR]`
 *
 * Writes DIR/TOPIC/NAME.yaml (DIR defaults to "scenarios"): a commented
 * scenario template per docs/scenario-format.md that loads and runs as it
 * is - a flat floor, Sonic standing on it, a few frames of input - with a
 * `verifies:` example commented out.  TOPIC's directory is created when
 * missing; an existing file is never overwritten (the template is written
 * to a temporary file and hard-linked into place, which fails if the name
 * is taken, so even two racing `new` commands cannot clobber each other).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/commands.h"

static void new_usage(FILE *f)
{
    fputs("usage: spgsim new TOPIC/NAME [--special-stage | --sonic2 | "
          "--sonic3] [--dir DIR]\n"
          "  writes DIR/TOPIC/NAME.yaml (DIR: scenarios), a scenario template\n"
          "  (--special-stage: a Sonic 1 special-stage maze; --sonic2: a\n"
          "  Sonic 2 scenario with both collision paths; --sonic3: a Sonic 3\n"
          "  one with its start fields)\n"
          "  TOPIC and NAME: lowercase letters, digits, '_' and '-'\n",
          f);
}

/* Lowercase letters, digits, '_' and '-', not starting with '-'. */
static int valid_part(const char *s, size_t len)
{
    size_t i;
    if (len == 0 || len > 64 || s[0] == '-')
        return 0;
    for (i = 0; i < len; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
              c == '-'))
            return 0;
    }
    return 1;
}

static void write_template(FILE *f, const char *topic, const char *name)
{
    fprintf(f,
"# yaml-language-server: $schema=../../schema/scenario.schema.json\n"
"# %s/%s - written by `spgsim new`; the format is docs/scenario-format.md.\n"
"#\n"
"#   spgsim run scenarios/%s/%s.yaml          the core's trace (CSV)\n"
"#   spgsim capture --rom ROM scenarios/%s/%s.yaml   its golden, from the\n"
"#                                           original game's code\n"
"#   spgsim check scenarios/%s/%s.yaml        compare the two\n"
"#\n"
"# As written: Sonic stands on a flat floor, walks right for 30 frames and\n"
"# then lets go.  Change the map, the start and the input to show what the\n"
"# scenario is about, and say it in the description.\n"
"name: %s\n"
"description: >\n"
"  Sonic stands on a flat floor, holds right for 30 frames, then lets go.\n"
"game: sonic1            # sonic1 (Sonic the Hedgehog, REV01)\n"
"character: sonic        # sonic\n"
"variant: normal         # normal | speed_shoes | underwater\n"
"\n"
"tiles:                  # named 16x16 masks\n"
"  block:\n"
"    heights: full       # full | empty | 16 column heights -128..127\n"
"                        # (1..16 from the bottom, -1..-16 from the top;\n"
"                        # beyond: a surface outside the tile)\n"
"    # widths: [...]     # 16 row widths -128..127; derived from heights\n"
"                        # when absent (required if a height is beyond\n"
"                        # -16..16)\n"
"    angle: 0xFF         # 0..255; 0xFF = flat (angle from the sensor)\n"
"    solidity: all       # all | top | sides | none\n"
"\n"
"map:\n"
"  origin: [0, 640]      # level pixel of the first row's first cell\n"
"                        # (multiples of 16)\n"
"  # cell_width: 2       # characters per cell (1..4, default 1): for more\n"
"                        # than 93 kinds of cell; legend symbols as wide\n"
"  legend:               # symbols; '.' and ' ' are always empty\n"
"    \"#\": block\n"
"    # \"/\": {tile: block, flip: [x], solidity: top}\n"
"  rows:                 # one character per 16x16 cell, rows of equal length\n"
"    - \"................................\"\n"
"    - \"................................\"\n"
"    - \"................................\"\n"
"    - \"################################\"   # top at y = 640 + 3*16 = 688\n"
"\n"
"start:                  # anything left out: 0 / right / on the ground\n"
"  x: 96                 # pixel; or \"$60\"\n"
"  y: 668                # standing (height radius 19): floor top - 20\n"
"  facing: right         # right | left\n"
"  # x_speed: 0          # 1/256 px per frame; also y_speed, ground_speed\n"
"  # angle: 0            # 0..255\n"
"  # in_air: false\n"
"  # rolling: false      # true: also curled radii 14 x 7 and anim 2\n"
"  # also: x_sub, y_sub, control_lock, jumping, pushing, roll_jump,\n"
"  # on_object, underwater, height_radius, width_radius, anim, routine\n"
"  # (2, 6 or 8), angle_buffer_1, angle_buffer_2, word_38\n"
"\n"
"# bounds: {left: 0, right: 16000, bottom: 2000}   # level limits (pixels)\n"
"\n"
"input:                  # run-length steps; buttons: up down left right a b "
"c start\n"
"  - {frames: 30, hold: [right]}\n"
"  - {frames: 30}        # nothing held\n"
"# frames: 60            # optional; at least the sum of the steps\n"
"\n"
"# verifies:             # documented values this scenario checks\n"
"#   - id: %s/%s\n"
"#     source: \"Physics review part 2 (running), Acceleration\"\n"
"#     quote: \"The sentence of the document that states the value.\"\n"
"#     frame: 30         # trace row: the state after the 30th frame\n"
"#     field: ground_speed\n"
"#     value: 360        # what the document states (30 x $0C)\n"
"#     # original: ...   # only when the original game does otherwise,\n"
"#     # note: \"...\"     # with a note saying how\n",
            topic, name, topic, name, topic, name, topic, name, name, topic,
            name);
}

static void write_sonic2_template(FILE *f, const char *topic,
                                  const char *name)
{
    fprintf(f,
"# yaml-language-server: $schema=../../schema/scenario.schema.json\n"
"# %s/%s - written by `spgsim new --sonic2`; the format is\n"
"# docs/scenario-format.md (\"Sonic 2: the two collision paths\").\n"
"#\n"
"#   spgsim run scenarios/%s/%s.yaml          the core's trace (CSV)\n"
"#   spgsim capture --rom S2ROM scenarios/%s/%s.yaml   its golden, from\n"
"#                                           Sonic 2 REV01's code\n"
"#   spgsim check scenarios/%s/%s.yaml        compare the two\n"
"#\n"
"# As written: Sonic stands on a flat floor on the primary collision path,\n"
"# walks right for 30 frames over cells that are lower on the secondary\n"
"# path, and then lets go.\n"
"name: %s\n"
"description: >\n"
"  Sonic 2: Sonic stands on a flat floor, holds right for 30 frames, then\n"
"  lets go.\n"
"game: sonic2            # sonic2 (Sonic the Hedgehog 2, REV01)\n"
"character: sonic        # sonic | tails\n"
"variant: normal\n"
"\n"
"tiles:                  # named 16x16 masks\n"
"  block:\n"
"    heights: full       # full | empty | 16 column heights -128..127\n"
"    angle: 0xFF         # 0..255; 0xFF = flat (angle from the sensor)\n"
"    solidity: all       # all | top | sides | none (the primary path)\n"
"    # solidity2: top    # the secondary path's (default: solidity)\n"
"  half:\n"
"    heights: [8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8]\n"
"    angle: 0xFF\n"
"\n"
"map:\n"
"  origin: [0, 640]      # level pixel of the first row's first cell\n"
"  legend:               # symbols; '.' and ' ' are always empty\n"
"    \"#\": block\n"
"    # tile2: what a player on the secondary path sees (flips shared);\n"
"    # solidity2: that path's solidity\n"
"    \"d\": {tile: block, tile2: half}\n"
"  rows:                 # one character per 16x16 cell\n"
"    - \"................................\"\n"
"    - \"................................\"\n"
"    - \"................................\"\n"
"    - \"##########dd####################\"   # top at y = 688\n"
"\n"
"start:\n"
"  x: 96\n"
"  y: 668                # Sonic (height radius 19): floor top - 20;\n"
"                        # Tails (15): floor top - 16\n"
"  path: primary         # primary ($C/$D) | secondary ($E/$F)\n"
"  # spindash_counter: 0 # object word $3A\n"
"\n"
"input:                  # buttons: up down left right a b c start\n"
"  - {frames: 30, hold: [right]}\n"
"  - {frames: 30}\n",
            topic, name, topic, name, topic, name, topic, name, name);
}

static void write_sonic3_template(FILE *f, const char *topic,
                                  const char *name)
{
    fprintf(f,
"# yaml-language-server: $schema=../../schema/scenario.schema.json\n"
"# %s/%s - written by `spgsim new --sonic3`; the format is\n"
"# docs/scenario-format.md (\"Sonic 3\").\n"
"#\n"
"#   spgsim run scenarios/%s/%s.yaml          the core's trace (CSV)\n"
"#   spgsim capture --rom S3ROM scenarios/%s/%s.yaml   its golden, from\n"
"#                                           Sonic 3's code\n"
"#   spgsim check scenarios/%s/%s.yaml        compare the two\n"
"#\n"
"# As written: Sonic stands on a flat floor, jumps, presses A again in the\n"
"# air (the insta-shield; Tails would fly) and lands.\n"
"name: %s\n"
"description: >\n"
"  Sonic 3: Sonic jumps from a flat floor and presses A again in the air.\n"
"game: sonic3            # sonic3 (Sonic the Hedgehog 3, USA)\n"
"character: sonic        # sonic | tails\n"
"variant: normal\n"
"\n"
"tiles:                  # named 16x16 masks\n"
"  block:\n"
"    heights: full       # full | empty | 16 column heights -128..127\n"
"    angle: 0xFF         # 0..255; 0xFF = flat (angle from the sensor)\n"
"    solidity: all       # all | top | sides | none (the primary path)\n"
"\n"
"map:\n"
"  origin: [0, 640]      # level pixel of the first row's first cell\n"
"  legend:               # symbols; '.' and ' ' are always empty\n"
"    \"#\": block\n"
"  rows:                 # one character per 16x16 cell\n"
"    - \"................................\"\n"
"    - \"................................\"\n"
"    - \"................................\"\n"
"    - \"################################\"   # top at y = 688\n"
"\n"
"start:\n"
"  x: 96\n"
"  y: 668                # Sonic (height radius 19): floor top - 20;\n"
"                        # Tails (15): floor top - 16\n"
"  # path: primary       # primary ($C/$D) | secondary ($E/$F)\n"
"  # frame_counter: 0    # Level_frame_counter (+1 before each frame)\n"
"  # double_jump_flag: 0 # object byte $2F\n"
"  # double_jump_property: 0   # $25: Tails' flight timer\n"
"  # scroll_delay_counter: 0   # $39: the look delay\n"
"\n"
"# bounds: {top: 0}     # Camera_min_Y_pos (not -256)\n"
"\n"
"input:                  # buttons: up down left right a b c start\n"
"  - {frames: 8, hold: [a]}\n"
"  - {frames: 6}\n"
"  - {frames: 2, hold: [a]}\n"
"  - {frames: 60}\n",
            topic, name, topic, name, topic, name, topic, name, name);
}

static void write_special_template(FILE *f, const char *topic, const char *name)
{
    fprintf(f,
"# yaml-language-server: $schema=../../schema/scenario.schema.json\n"
"# %s/%s - written by `spgsim new --special-stage`; the format is\n"
"# docs/scenario-format.md, \"Special-stage scenarios\".\n"
"#\n"
"#   spgsim run scenarios/%s/%s.yaml          the core's trace (CSV)\n"
"#   spgsim capture --rom ROM scenarios/%s/%s.yaml   its golden\n"
"#   spgsim check scenarios/%s/%s.yaml        compare the two\n"
"#\n"
"# As written: the player drops onto the floor of a small maze while the\n"
"# stage turns, rolls right through rings into a bumper, then lets go.\n"
"name: %s\n"
"description: >\n"
"  The player drops onto the floor of a small turning maze, rolls right\n"
"  through rings into a bumper, then lets go.\n"
"mode: special_stage\n"
"special_stage:\n"
"  angle: 0              # v_ssangle, 8.8: the high byte is the angle\n"
"  rotation: 0x40        # v_ssrotate, added every frame ($40 = 0.25)\n"
"  # rings: 0            # v_rings at the start; also lives (3)\n"
"  # legend: {x: glass2} # extra symbols: a block name or id 0..255\n"
"  # The maze: one symbol per 24x24 block, at most 64x64, enclosed by\n"
"  # solid blocks; '@' = the start.  Symbols: # wall, B bumper, R, U up,\n"
"  # D down, G goal, o ring, 1 1-up, E emerald, g glass, h ghost, s switch,\n"
"  # W, X red/white, ' ' or . empty.\n"
"  maze: |\n"
"    ##############\n"
"    #            #\n"
"    #  @         #\n"
"    #            #\n"
"    #    oooo  B #\n"
"    ##############\n"
"  # start: {x: 808, y: 736}   # instead of '@' (pixels; also x_sub,\n"
"  #                           # y_sub, x_speed, y_speed, ground_speed)\n"
"\n"
"input:                  # buttons: up down left right a b c start\n"
"  - {frames: 20}\n"
"  - {frames: 60, hold: [right]}\n"
"  - {frames: 40}\n"
"\n"
"# verifies:\n"
"#   - id: %s/%s\n"
"#     source: \"SPG: Special Stages (seed 003), Variables & Constants\"\n"
"#     quote: \"gravity_force 0.1640625 (42 subpixels)\"\n"
"#     frame: 1\n"
"#     field: y_speed    # a special-stage trace column\n"
"#     value: 42\n",
            topic, name, topic, name, topic, name, topic, name, name, topic,
            name);
}

int cmd_new(int argc, char **argv)
{
    const char *spec = NULL, *dir = "scenarios";
    const char *slash;
    char topic[65], name[65];
    size_t tlen, nlen, plen;
    char *topic_dir = NULL, *path = NULL, *tmp = NULL;
    struct stat st;
    FILE *f;
    int i, fd, bad, rc = 2, special = 0, sonic2 = 0, sonic3 = 0;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            new_usage(stdout);
            return 0;
        } else if (strcmp(argv[i], "--dir") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "spgsim new: --dir needs a value\n");
                return 2;
            }
            dir = argv[++i];
        } else if (strcmp(argv[i], "--special-stage") == 0) {
            special = 1;
        } else if (strcmp(argv[i], "--sonic2") == 0) {
            sonic2 = 1;
        } else if (strcmp(argv[i], "--sonic3") == 0) {
            sonic3 = 1;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "spgsim new: unknown option '%s'\n", argv[i]);
            new_usage(stderr);
            return 2;
        } else if (!spec) {
            spec = argv[i];
        } else {
            fprintf(stderr, "spgsim new: one TOPIC/NAME at a time ('%s' and "
                            "'%s' given)\n", spec, argv[i]);
            return 2;
        }
    }
    if (!spec) {
        new_usage(stderr);
        return 2;
    }
    if (special + sonic2 + sonic3 > 1) {
        fprintf(stderr, "spgsim new: --special-stage, --sonic2 and --sonic3 "
                        "exclude each other (the special stage is Sonic "
                        "1's)\n");
        return 2;
    }

    slash = strchr(spec, '/');
    if (!slash) {
        fprintf(stderr, "spgsim new: '%s': expected TOPIC/NAME, e.g. "
                        "running/accel-from-rest\n", spec);
        return 2;
    }
    tlen = (size_t)(slash - spec);
    nlen = strlen(slash + 1);
    if (nlen > 5 && strcmp(slash + 1 + nlen - 5, ".yaml") == 0)
        nlen -= 5;
    if (!valid_part(spec, tlen) || !valid_part(slash + 1, nlen)) {
        fprintf(stderr, "spgsim new: '%s': TOPIC and NAME must be 1 to 64 "
                        "lowercase letters, digits, '_' or '-' (not starting "
                        "with '-'), separated by one '/'\n", spec);
        return 2;
    }
    memcpy(topic, spec, tlen);
    topic[tlen] = 0;
    memcpy(name, slash + 1, nlen);
    name[nlen] = 0;

    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "spgsim new: %s: no such directory (run from the "
                        "repository root, or give --dir)\n", dir);
        return 2;
    }

    plen = strlen(dir) + tlen + nlen + 32;
    topic_dir = malloc(plen);
    path = malloc(plen);
    tmp = malloc(plen + 16);
    if (!topic_dir || !path || !tmp) {
        fprintf(stderr, "spgsim new: out of memory\n");
        goto out;
    }
    snprintf(topic_dir, plen, "%s/%s", dir, topic);
    snprintf(path, plen, "%s/%s.yaml", topic_dir, name);
    snprintf(tmp, plen + 16, "%s/.%s.yaml.XXXXXX", topic_dir, name);

    if (access(path, F_OK) == 0) {
        fprintf(stderr, "spgsim new: %s already exists; not overwriting it\n",
                path);
        goto out;
    }
    if (mkdir(topic_dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "spgsim new: %s: %s\n", topic_dir, strerror(errno));
        goto out;
    }
    fd = mkstemp(tmp);
    if (fd < 0) {
        fprintf(stderr, "spgsim new: %s: %s\n", topic_dir, strerror(errno));
        goto out;
    }
    /* mkstemp makes the file 0600; a scenario is an ordinary file. */
    {
        mode_t mask = umask(0);
        umask(mask);
        if (fchmod(fd, 0666 & ~mask) != 0) {
            /* not fatal: the file is still readable by its owner */
        }
    }
    f = fdopen(fd, "w");
    if (!f) {
        fprintf(stderr, "spgsim new: %s: %s\n", tmp, strerror(errno));
        close(fd);
        unlink(tmp);
        goto out;
    }
    if (special)
        write_special_template(f, topic, name);
    else if (sonic2)
        write_sonic2_template(f, topic, name);
    else if (sonic3)
        write_sonic3_template(f, topic, name);
    else
        write_template(f, topic, name);
    bad = ferror(f) != 0;
    if (fclose(f) != 0)
        bad = 1;
    if (bad) {
        fprintf(stderr, "spgsim new: %s: write error\n", tmp);
        unlink(tmp);
        goto out;
    }
    if (link(tmp, path) != 0) {
        if (errno == EEXIST)
            fprintf(stderr, "spgsim new: %s already exists; not overwriting "
                            "it\n", path);
        else
            fprintf(stderr, "spgsim new: %s: %s\n", path, strerror(errno));
        unlink(tmp);
        goto out;
    }
    unlink(tmp);
    printf("%s\n", path);
    rc = 0;
out:
    free(topic_dir);
    free(path);
    free(tmp);
    return rc;
}
