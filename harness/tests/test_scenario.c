/*
 * test_scenario.c - the scenario loader: every class of bad input with its
 * exact file:line:col, a complete good scenario, pressed derivation and the
 * scenario hash.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "scenario/scenario.h"
#include "test.h"
#include "trace/trace.h"

#define BAD "harness/tests/bad/"
#define GOOD "harness/tests/good/"

static char tmpdir[64];

/* Load `path`; return what was printed on the error stream (caller frees). */
static char *load_err(const char *path, scenario *s, int *rc)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *err = open_memstream(&buf, &len);
    if (err == NULL)
        return NULL;
    *rc = scenario_load(path, s, err);
    fclose(err);
    return buf;
}

static const struct {
    const char *file;
    const char *pos;  /* "line:col" */
    const char *text; /* part of the message */
} bad_cases[] = {
    {"syntax-unclosed.yaml", "5:4", "YAML syntax error"},
    {"syntax-tab.yaml", "4:1", "YAML syntax error"},
    {"syntax-utf8.yaml", "3:18", "UTF-8"},
    {"empty.yaml", "1:1", "empty file"},
    {"two-documents.yaml", "8:1", "one YAML document"},
    {"root-not-mapping.yaml", "1:1", "expected a mapping"},
    {"unknown-key-top.yaml", "6:1", "unknown key 'frams'"},
    {"unknown-key-start.yaml", "7:3", "unknown key 'speed'"},
    {"key-not-string.yaml", "6:3", "keys must be strings"},
    {"wrong-type-start.yaml", "5:8", "expected a mapping, found a list"},
    {"wrong-type-hold.yaml", "7:23", "expected a list, found a scalar"},
    {"wrong-type-bool.yaml", "6:11", "expected true or false"},
    {"out-of-range-angle.yaml", "6:10", "out of range 0..255"},
    {"out-of-range-sub.yaml", "6:10", "out of range 0..65535"},
    {"out-of-range-height.yaml", "4:40",
     "heights: 17 is outside -16..16, so the widths cannot be derived"},
    {"out-of-range-height-byte.yaml", "5:65",
     "heights: 128 is out of range -128..127"},
    {"cell-width-range.yaml", "6:15", "cell_width: 5 is out of range 1..4"},
    {"cell-width-row.yaml", "11:7",
     "row: 5 characters is not a whole number of cells (cell_width 2)"},
    {"cell-width-symbol.yaml", "10:5",
     "legend: a symbol must be 2 characters (cell_width 2), found '#'"},
    {"cell-width-empty-symbol.yaml", "8:12",
     "legend: '..' is always an empty cell"},
    {"cell-width-unknown.yaml", "11:7",
     "row: unknown tile symbol 'XY' at cell 2 (not in legend)"},
    {"cell-width-duplicate.yaml", "11:5", "legend: duplicate key 'B1'"},
    {"start-angle-buffer-range.yaml", "7:19",
     "angle_buffer_2: -1 is out of range 0..255"},
    {"start-anim-range.yaml", "7:9", "anim: 31 is not an animation"},
    {"start-pushing-type.yaml", "7:12", "pushing: expected true or false"},
    {"start-radius-range.yaml", "7:18",
     "height_radius: 256 is out of range 0..255"},
    {"start-routine.yaml", "7:12",
     "routine: 4 is not one both the core and the original run"},
    {"start-word38-range.yaml", "7:12",
     "word_38: 0x10000 is out of range 0..65535"},
    {"out-of-range-huge.yaml", "6:12", "out of range -32768..32767"},
    {"frames-too-many.yaml", "6:9", "out of range 1..100000"},
    {"input-step-zero.yaml", "7:14", "out of range 1..100000"},
    {"not-integer-float.yaml", "6:6", "'1.5' is not an integer"},
    {"not-integer-hex.yaml", "6:6", "'$' is not an integer"},
    {"not-integer-junk.yaml", "6:9", "'12abc' is not an integer"},
    {"unknown-symbol.yaml", "10:7", "unknown tile symbol 'X' at cell 3"},
    {"unknown-tile-name.yaml", "9:17", "unknown tile name 'blok'"},
    {"ragged.yaml", "11:7", "rows must have equal length"},
    {"empty-rows.yaml", "4:29", "at least one row"},
    {"too-wide.yaml", "7:5", "x 16320 + width 80 px exceeds"},
    {"too-tall.yaml", "7:5", "y 2016 + height 48 px exceeds"},
    {"origin-unaligned.yaml", "5:17", "648 is not a multiple of 16"},
    {"frames-too-few.yaml", "9:9", "14 is less than the input steps (15"},
    {"no-frames.yaml", "1:1", "nothing to run"},
    {"duplicate-key-top.yaml", "6:1", "duplicate key 'name'"},
    {"duplicate-key-start.yaml", "8:3", "duplicate key 'x'"},
    {"duplicate-tile.yaml", "5:3", "duplicate key 'block'"},
    {"missing-game.yaml", "1:1", "missing required key 'game'"},
    {"missing-heights.yaml", "5:5", "missing required key 'heights'"},
    {"heights-length.yaml", "5:14", "expected 16 integers, found 8"},
    {"unknown-button.yaml", "8:31", "unknown value 'jump'"},
    {"unknown-variant.yaml", "3:10", "unknown value 'super'"},
    {"unknown-game.yaml", "2:7", "unknown value 'sonic4'"},
    {"s1-solidity2.yaml", "4:50", "solidity2: only a game: sonic2, sonic3 or sonic3k scenario has a secondary"},
    {"s1-tile2.yaml", "8:31", "tile2: only a game: sonic2, sonic3 or sonic3k scenario"},
    {"s1-path.yaml", "7:9", "path: only a game: sonic2, sonic3 or sonic3k scenario has this field"},
    {"s1-spindash-counter.yaml", "5:27",
     "spindash_counter: only a game: sonic2, sonic3 or sonic3k scenario"},
    {"s1-tails.yaml", "3:12", "character: tails is not a Sonic 1 player (give game: sonic2, sonic3 or sonic3k)"},
    {"s2-double-jump-flag.yaml", "5:33",
     "double_jump_flag: only a game: sonic3 or sonic3k scenario"},
    {"s1-frame-counter.yaml", "5:24", "frame_counter: only a game: sonic3 or sonic3k scenario"},
    {"s1-bounds-top.yaml", "6:15", "top: only a game: sonic2, sonic3 or sonic3k scenario has a top limit"},
    {"s3-word38-forced-roll.yaml", "5:18", "forced roll"},
    {"s3-double-jump-property-range.yaml", "6:31",
     "double_jump_property: 256 is out of range 0..255"},
    {"s3-frame-counter-range.yaml", "5:24",
     "frame_counter: 65536 is out of range 0..65535"},
    {"s3-scroll-delay-range.yaml", "5:31",
     "scroll_delay_counter: -1 is out of range 0..255"},
    {"s2-bad-path.yaml", "5:15", "unknown value 'tertiary'"},
    {"scd-bored-give-up.yaml", "5:22",
     "bored_timer: 10800: at 10800 (three minutes of idling) Sonic gives up"},
    {"scd-time-zone-range.yaml", "5:20", "time_zone: 3 is out of range 0..2"},
    {"scd-cam-range.yaml", "5:23",
     "cam_x_center: 65536 is out of range 0..65535"},
    {"s1-charge.yaml", "5:17",
     "charge: only a game: soniccd scenario has this field"},
    {"s3k-look-mode.yaml", "5:20",
     "look_mode: only a game: soniccd scenario has this field"},
    {"scd-tails.yaml", "3:12", "character: tails is not a Sonic CD player"},
    {"s1-glide-flags.yaml", "5:22",
     "glide_flags: only a game: sonic3k scenario has this field"},
    {"scd-glide-flags.yaml", "5:22",
     "glide_flags: only a game: sonic3k scenario has this field"},
    {"s2-unknown-tile2.yaml", "8:31", "unknown tile name 'blok'"},
    {"s2-spindash-past-table.yaml", "5:39", "entries for $000..$8FF only"},
    {"s2-start-anim-range.yaml", "7:9", "anim: 34 is not an animation"},
    {"s2-tails-start-anim-range.yaml", "8:9", "anim: 33 is not an animation"},
    {"scd-start-anim-range.yaml", "7:9", "anim: 60 is not an animation"},
    {"legend-dot.yaml", "7:12", "always an empty cell"},
    {"bad-flip.yaml", "8:34", "unknown value 'z'"},
    {"bad-solidity.yaml", "4:49", "unknown value 'bottom'"},
    {"verifies-field.yaml", "12:12", "'xpos' is not a trace column"},
    {"verifies-frame.yaml", "11:12", "past the last trace row (10)"},
    {"verifies-missing.yaml", "8:5", "missing required key 'quote'"},
    {"verifies-duplicate-id.yaml", "9:10", "'t/a' is used twice"},
    {"start-anim-unknown.yaml", "6:9", "0x1F is not an animation"},
    {"start-anim-frame.yaml", "6:15", "out of range 0..2"},
    {"start-mapping-frame.yaml", "6:18", "out of range 0..87"},
    {"s1-water-not-lz.yaml", "3:14",
     "water_level: Marble Zone has no water"},
    {"s1-lz-without-water.yaml", "3:7",
     "zone: Labyrinth Zone has water: give its surface with water_level:"},
    {"scd-water.yaml", "3:14", "water_level: a Sonic CD scenario has no water"},
    {"s3k-water-range.yaml", "4:14",
     "water_level: -32769 is out of range -32768..32767"},
};

static void test_bad_inputs(void)
{
    int n = (int)(sizeof bad_cases / sizeof bad_cases[0]);
    for (int i = 0; i < n; i++) {
        char path[256], want[512];
        snprintf(path, sizeof path, BAD "%s", bad_cases[i].file);
        snprintf(want, sizeof want, "%s:%s: ", path, bad_cases[i].pos);
        scenario s;
        int rc = 0;
        char *msg = load_err(path, &s, &rc);
        CHECK(msg != NULL);
        if (msg == NULL)
            continue;
        int ok = rc == -1 && strncmp(msg, want, strlen(want)) == 0 &&
                 strstr(msg, bad_cases[i].text) != NULL &&
                 strchr(msg, '\n') == msg + strlen(msg) - 1 && /* one line */
                 s.cells == NULL && s.inputs == NULL && s.name == NULL;
        if (!ok)
            printf("  %s: rc %d, got \"%s\", want \"%s...%s\"\n",
                   bad_cases[i].file, rc, msg, want, bad_cases[i].text);
        CHECK(ok);
        free(msg);
    }
}

/* Every fixture in bad/ is in the table (so none is silently untested). */
static void test_bad_fixtures_listed(void)
{
    DIR *d = opendir(BAD);
    CHECK(d != NULL);
    if (d == NULL)
        return;
    struct dirent *e;
    int count = 0;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        int found = 0;
        for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++)
            if (strcmp(bad_cases[i].file, e->d_name) == 0)
                found = 1;
        if (!found)
            printf("  fixture %s has no expected error\n", e->d_name);
        CHECK(found);
        count++;
    }
    closedir(d);
    CHECK_EQ(count, (int)(sizeof bad_cases / sizeof bad_cases[0]));
}

static void test_missing_file(void)
{
    scenario s;
    int rc = 0;
    char *msg = load_err(BAD "no-such-file.yaml", &s, &rc);
    CHECK_EQ(rc, -1);
    CHECK(msg && strncmp(msg, BAD "no-such-file.yaml: ", 37) == 0);
    free(msg);
}

static void test_good_scenario(void)
{
    scenario s;
    int rc = 0;
    char *msg = load_err(GOOD "wall-push.yaml", &s, &rc);
    CHECK_EQ(rc, 0);
    CHECK(msg && msg[0] == '\0');
    free(msg);
    if (rc != 0)
        return;
    CHECK(strcmp(s.name, "wall-push-right") == 0);
    CHECK(s.description && strstr(s.description, "x=704") != NULL);
    CHECK_EQ(s.game, SPG_GAME_SONIC1);
    CHECK_EQ(s.character, SPG_CHAR_SONIC);
    CHECK_EQ(s.variant, SPG_VARIANT_NORMAL);
    spg_profile prof;
    CHECK_EQ(spg_profile_get(SPG_GAME_SONIC1, SPG_CHAR_SONIC,
                             SPG_VARIANT_NORMAL, &prof), 0);
    /* field by field: a struct compare would read padding */
#define SAME(f) CHECK_EQ(s.profile.f, prof.f)
    SAME(game); SAME(character); SAME(variant); SAME(top_speed);
    SAME(acceleration); SAME(deceleration); SAME(air_acceleration);
    SAME(gravity); SAME(underwater_gravity_cut); SAME(jump_speed);
    SAME(jump_release_cap); SAME(slope_factor); SAME(slope_factor_rollup);
    SAME(slope_factor_rolldown); SAME(roll_friction);
    SAME(roll_deceleration); SAME(roll_min_speed); SAME(roll_x_speed_cap);
    SAME(slip_speed); SAME(slip_lock); SAME(stand_height_radius);
    SAME(stand_width_radius); SAME(roll_height_radius);
    SAME(roll_width_radius); SAME(clamp_above_top_speed);
    SAME(air_clamp_above_top_speed);
    SAME(jump_speed_underwater); SAME(jump_release_cap_underwater);
    SAME(rise_speed_cap); SAME(skid_speed); SAME(jump_min_room);
    SAME(layout_tiles_x); SAME(layout_tiles_y);
#undef SAME

    /* masks: 0 empty, then the tiles in file order */
    CHECK_EQ(s.map.mask_count, 4);
    CHECK(s.map.masks == s.masks);
    for (int i = 0; i < 16; i++) {
        CHECK_EQ(s.masks[0].heights[i], 0);
        CHECK_EQ(s.masks[1].heights[i], 16);
        CHECK_EQ(s.masks[2].heights[i], i + 1);
        CHECK_EQ(s.masks[3].heights[i], 0);
    }
    CHECK_EQ(s.masks[1].angle, 0xFF);
    CHECK_EQ(s.masks[2].angle, 0xE0);
    CHECK_EQ(s.masks[3].angle, 0x40);
    /* widths: derived by the core when absent, as given otherwise */
    spg_mask ramp = s.masks[2];
    memset(ramp.widths, 0x55, sizeof ramp.widths);
    spg_mask_derive_widths(&ramp);
    CHECK(memcmp(ramp.widths, s.masks[2].widths, 16) == 0);
    CHECK_EQ(s.masks[3].widths[0], 16);
    CHECK_EQ(s.masks[3].widths[1], 16);
    CHECK_EQ(s.masks[3].widths[2], 0);
    CHECK_EQ(s.masks[3].widths[15], -3);

    /* map */
    CHECK_EQ(s.map.x0, 512 / 16);
    CHECK_EQ(s.map.y0, 640 / 16);
    CHECK_EQ(s.map.width, 13);
    CHECK_EQ(s.map.height, 6);
    CHECK(s.map.cells == s.cells);
    const uint16_t all = SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID;
    CHECK_EQ(s.cells[0], 0);
    CHECK_EQ(s.cells[12], 1 | all);                        /* '#' */
    CHECK_EQ(s.cells[1 * 13 + 0], 3 | SPG_CELL_XFLIP | SPG_CELL_YFLIP);
    CHECK_EQ(s.cells[2 * 13 + 0], 1 | SPG_CELL_TOP_SOLID); /* 'T' */
    CHECK_EQ(s.cells[2 * 13 + 12], 2 | all);               /* '/' */
    CHECK_EQ(s.cells[3 * 13 + 10], 2 | SPG_CELL_XFLIP | all);
    CHECK_EQ(s.cells[3 * 13 + 11], 0);
    CHECK_EQ(s.cells[5 * 13 + 0], 1 | all);
    CHECK_EQ(s.map.limit_left, 0);
    CHECK_EQ(s.map.limit_right, 16000);
    CHECK_EQ(s.map.limit_bottom, 2000);

    /* start */
    spg_player d = spg_player_default(&s.profile);
    CHECK_EQ((uint32_t)s.start.x, (600u << 16) | 0x8000u);
    CHECK_EQ((uint32_t)s.start.y, 0x2CCu << 16);
    CHECK_EQ(s.start.x_speed, -12);
    CHECK_EQ(s.start.y_speed, 0);
    CHECK_EQ(s.start.ground_speed, -12);
    CHECK_EQ(s.start.status, d.status | SPG_STATUS_FACING_LEFT);
    CHECK_EQ(s.start.height_radius, s.profile.stand_height_radius);
    CHECK_EQ(s.start.width_radius, s.profile.stand_width_radius);
    CHECK_EQ(s.start.routine, SPG_ROUTINE_CONTROL);
    CHECK_EQ(s.start.control_lock, 0);
    CHECK_EQ(s.start.jumping, 0);

    /* input: 60 right, 10 nothing, 1 right+a, then 4 empty frames */
    CHECK_EQ(s.frames, 75);
    CHECK_EQ(s.inputs[0].held, SPG_BTN_RIGHT);
    CHECK_EQ(s.inputs[0].pressed, SPG_BTN_RIGHT);
    CHECK_EQ(s.inputs[1].held, SPG_BTN_RIGHT);
    CHECK_EQ(s.inputs[1].pressed, 0);
    CHECK_EQ(s.inputs[59].held, SPG_BTN_RIGHT);
    CHECK_EQ(s.inputs[60].held, 0);
    CHECK_EQ(s.inputs[60].pressed, 0);
    CHECK_EQ(s.inputs[70].held, SPG_BTN_RIGHT | SPG_BTN_A);
    CHECK_EQ(s.inputs[70].pressed, SPG_BTN_RIGHT | SPG_BTN_A);
    for (int i = 71; i < 75; i++) {
        CHECK_EQ(s.inputs[i].held, 0);
        CHECK_EQ(s.inputs[i].pressed, 0);
    }

    /* verifies */
    CHECK_EQ(s.verify_count, 1);
    CHECK(strcmp(s.verifies[0].id, "harness-test/wall-push-right") == 0);
    CHECK(strstr(s.verifies[0].source, "Pushing") != NULL);
    CHECK(strstr(s.verifies[0].quote, "693 ($02B5)") != NULL);
    CHECK(strcmp(s.verifies[0].field, "x") == 0);
    CHECK_EQ(s.verifies[0].frame, 71);
    CHECK_EQ(s.verifies[0].value, 693);
    CHECK_EQ(s.verifies[0].has_original, 1);
    CHECK_EQ(s.verifies[0].original, 694);
    CHECK(s.verifies[0].note != NULL);
    CHECK_EQ(s.verifies[0].line, 67);
    CHECK_EQ(s.verifies[0].col, 5);
    scenario_free(&s);
    CHECK(s.cells == NULL && s.name == NULL);
}

/* ---- generated scenarios ------------------------------------------------- */

#define BASE_YAML \
    "name: gen\n" \
    "%s" \
    "game: sonic1\n" \
    "%s" \
    "tiles:\n" \
    "  %s: {heights: full, angle: 0xFF}\n" \
    "  slope: {heights: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, " \
    "16], angle: 0xE0}\n" \
    "%s" \
    "map:\n" \
    "  origin: [%s, 640]\n" \
    "  legend: {\"#\": %s, \"/\": slope}\n" \
    "  rows: [\"..../\", \"#####\"]\n" \
    "start: {x: %s, y: 620%s}\n" \
    "input:\n" \
    "%s" \
    "frames: %s\n" \
    "%s"

typedef struct gen {
    const char *desc, *variant, *block, *extra_tile, *origin, *x, *start_more,
        *input, *frames, *verifies;
} gen;

static gen gen_default(void)
{
    gen g = {"", "", "block", "", "0", "40", "", "  - {frames: 3, hold: [right]}\n",
             "5", ""};
    return g;
}

static int gen_load(const gen *g, scenario *s, const char *name)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s.yaml", tmpdir, name);
    FILE *f = fopen(path, "w");
    if (f == NULL)
        return -1;
    fprintf(f, BASE_YAML, g->desc, g->variant, g->block, g->extra_tile,
            g->origin, g->block, g->x, g->start_more, g->input, g->frames,
            g->verifies);
    fclose(f);
    return scenario_load(path, s, stdout);
}

static uint64_t gen_hash(const gen *g)
{
    scenario s;
    if (gen_load(g, &s, "hash") != 0)
        return 0;
    uint64_t h = s.hash;
    scenario_free(&s);
    return h;
}

static void test_hash(void)
{
    gen g = gen_default();
    uint64_t h0 = gen_hash(&g);
    CHECK(h0 != 0);
    CHECK_EQ(gen_hash(&g), h0); /* stable */

    /* scenario_hash_hex */
    scenario s;
    CHECK_EQ(gen_load(&g, &s, "hex"), 0);
    char hex[17];
    scenario_hash_hex(&s, hex);
    CHECK_EQ(strlen(hex), 16);
    CHECK_EQ(strtoull(hex, NULL, 16), h0);
    scenario_free(&s);

    /* what does not change the physics keeps the hash */
    g = gen_default();
    g.desc = "description: something else entirely\n";
    CHECK_EQ(gen_hash(&g), h0);
    g = gen_default();
    g.verifies = "verifies:\n  - {id: a, source: b, quote: c, frame: 2, "
                 "field: x, value: 1}\n";
    CHECK_EQ(gen_hash(&g), h0);
    g = gen_default();
    g.block = "renamed_block"; /* tile renamed */
    CHECK_EQ(gen_hash(&g), h0);
    g = gen_default();
    g.extra_tile = "  unused: {heights: empty, angle: 0}\n";
    CHECK_EQ(gen_hash(&g), h0);
    g = gen_default();
    g.x = "0x28"; /* same value, other spelling */
    CHECK_EQ(gen_hash(&g), h0);
    g = gen_default();
    g.frames = "\"$5\"";
    CHECK_EQ(gen_hash(&g), h0);
    g = gen_default();
    g.variant = "variant: normal\ncharacter: sonic\n"; /* the defaults */
    CHECK_EQ(gen_hash(&g), h0);

    /* what changes the physics changes it */
    g = gen_default();
    g.x = "41";
    CHECK(gen_hash(&g) != h0);
    g = gen_default();
    g.start_more = ", x_sub: 1";
    CHECK(gen_hash(&g) != h0);
    g = gen_default();
    g.start_more = ", rolling: true";
    CHECK(gen_hash(&g) != h0);
    g = gen_default();
    g.frames = "6";
    CHECK(gen_hash(&g) != h0);
    g = gen_default();
    g.input = "  - {frames: 3, hold: [left]}\n";
    CHECK(gen_hash(&g) != h0);
    g = gen_default();
    g.origin = "16";
    CHECK(gen_hash(&g) != h0);
    g = gen_default();
    g.variant = "variant: speed_shoes\n";
    CHECK(gen_hash(&g) != h0);
    g = gen_default();
    g.extra_tile = "bounds: {right: 1000}\n";
    CHECK(gen_hash(&g) != h0);
    static const char *const anim_keys[] = {
        ", anim: 5", ", prev_anim: 1", ", anim_frame: 2", ", anim_timer: 3",
        ", mapping_frame: 8", ", render_flags: 5"};
    for (size_t i = 0; i < sizeof anim_keys / sizeof anim_keys[0]; i++) {
        g = gen_default();
        g.start_more = anim_keys[i];
        CHECK(gen_hash(&g) != h0);
    }
    g = gen_default();
    g.start_more = ", render_flags: 4, anim: 0"; /* the defaults */
    CHECK_EQ(gen_hash(&g), h0);
}

static void test_pressed(void)
{
    gen g = gen_default();
    g.input = "  - {frames: 2, hold: [left, b]}\n"
              "  - {frames: 1, hold: [left, c]}\n"
              "  - {frames: 1}\n"
              "  - {frames: 1, hold: [c, left, up, down, right, a, start, b]}\n";
    g.frames = "7";
    scenario s;
    CHECK_EQ(gen_load(&g, &s, "pressed"), 0);
    if (s.inputs == NULL)
        return;
    CHECK_EQ(s.inputs[0].held, SPG_BTN_LEFT | SPG_BTN_B);
    CHECK_EQ(s.inputs[0].pressed, SPG_BTN_LEFT | SPG_BTN_B);
    CHECK_EQ(s.inputs[1].held, SPG_BTN_LEFT | SPG_BTN_B);
    CHECK_EQ(s.inputs[1].pressed, 0);
    CHECK_EQ(s.inputs[2].held, SPG_BTN_LEFT | SPG_BTN_C);
    CHECK_EQ(s.inputs[2].pressed, SPG_BTN_C);
    CHECK_EQ(s.inputs[3].held, 0);
    CHECK_EQ(s.inputs[3].pressed, 0);
    CHECK_EQ(s.inputs[4].held, 0xFF);
    CHECK_EQ(s.inputs[4].pressed, 0xFF);
    CHECK_EQ(s.inputs[5].held, 0); /* after the last step nothing is held */
    CHECK_EQ(s.inputs[6].held, 0);
    CHECK_EQ(s.inputs[6].pressed, 0);
    scenario_free(&s);
}

static void test_integers_and_start_flags(void)
{
    gen g = gen_default();
    g.x = "-0x10";
    g.start_more = ", x_speed: \"-$800\", y_speed: 0x7FFF, ground_speed: "
                   "-32768, rolling: true, in_air: true, jumping: true, "
                   "control_lock: $1E, angle: 255";
    scenario s;
    CHECK_EQ(gen_load(&g, &s, "ints"), 0);
    if (s.inputs == NULL)
        return;
    CHECK_EQ((uint32_t)s.start.x, 0xFFF00000u);
    CHECK_EQ(s.start.x_speed, -0x800);
    CHECK_EQ(s.start.y_speed, 0x7FFF);
    CHECK_EQ(s.start.ground_speed, -32768);
    CHECK_EQ(s.start.status & (SPG_STATUS_ROLLING | SPG_STATUS_IN_AIR),
             SPG_STATUS_ROLLING | SPG_STATUS_IN_AIR);
    CHECK_EQ(s.start.height_radius, s.profile.roll_height_radius);
    CHECK_EQ(s.start.width_radius, s.profile.roll_width_radius);
    CHECK_EQ(s.start.jumping, 1);
    CHECK_EQ(s.start.control_lock, 0x1E);
    CHECK_EQ(s.start.angle, 255);
    CHECK_EQ((uint32_t)s.start.y, 620u << 16);
    scenario_free(&s);

    g = gen_default();
    g.variant = "variant: underwater\n";
    CHECK_EQ(gen_load(&g, &s, "water"), 0);
    if (s.inputs == NULL)
        return;
    CHECK_EQ(s.variant, SPG_VARIANT_UNDERWATER);
    CHECK_EQ(s.profile.variant, SPG_VARIANT_UNDERWATER);
    CHECK(s.start.status & SPG_STATUS_UNDERWATER);
    scenario_free(&s);
}

/* The start fields that came after the first goldens: each on its own,
 * and in the hash only when not the default. */
static void test_more_start_fields(void)
{
    gen g = gen_default();
    uint64_t h0 = gen_hash(&g);
    g.start_more = ", word_38: 0, pushing: false, on_object: false, "
                   "roll_jump: false, underwater: false, height_radius: 19, "
                   "width_radius: 9, anim: 0, routine: 2, angle_buffer_1: 0, "
                   "angle_buffer_2: 0";
    CHECK_EQ(gen_hash(&g), h0); /* all the defaults */
    static const char *const each[] = {
        ", word_38: 0x100", ", pushing: true", ", on_object: true",
        ", roll_jump: true", ", underwater: true", ", height_radius: 200",
        ", width_radius: 0", ", anim: 30 - 1", ", routine: 6",
        ", angle_buffer_1: 3", ", angle_buffer_2: 0xFF"};
    for (size_t i = 0; i < sizeof each / sizeof each[0]; i++) {
        g.start_more = each[i];
        if (strstr(each[i], "30 - 1"))
            g.start_more = ", anim: 29";
        uint64_t h = gen_hash(&g);
        if (h == 0 || h == h0)
            printf("  %s: hash %016llx\n", g.start_more,
                   (unsigned long long)h);
        CHECK(h != 0 && h != h0);
    }

    scenario s;
    g = gen_default();
    g.start_more = ", rolling: true, in_air: true, pushing: true, "
                   "on_object: true, roll_jump: true, width_radius: 200, "
                   "anim: 13, routine: 8, angle_buffer_1: 0x40, "
                   "angle_buffer_2: 3, word_38: \"$FF02\"";
    CHECK_EQ(gen_load(&g, &s, "fields"), 0);
    if (s.inputs == NULL)
        return;
    CHECK_EQ(s.start.status,
             SPG_STATUS_ROLLING | SPG_STATUS_IN_AIR | SPG_STATUS_PUSHING |
                 SPG_STATUS_ON_OBJECT | SPG_STATUS_ROLL_JUMP);
    CHECK_EQ(s.start.height_radius, s.profile.roll_height_radius);
    CHECK_EQ(s.start.width_radius, 200); /* given beats rolling's */
    CHECK_EQ(s.start.anim, 13);
    CHECK_EQ(s.start.routine, 8);
    CHECK_EQ(s.start.angle_buffer_1, 0x40);
    CHECK_EQ(s.start.angle_buffer_2, 3);
    CHECK_EQ(s.start.word_38, 0xFF02);
    scenario_free(&s);

    /* the underwater bit apart from the variant, both ways */
    g = gen_default();
    g.variant = "variant: underwater\n";
    g.start_more = ", underwater: false";
    CHECK_EQ(gen_load(&g, &s, "dry"), 0);
    CHECK_EQ(s.start.status & SPG_STATUS_UNDERWATER, 0);
    CHECK_EQ(s.profile.variant, SPG_VARIANT_UNDERWATER);
    scenario_free(&s);
    g = gen_default();
    g.start_more = ", underwater: true";
    CHECK_EQ(gen_load(&g, &s, "wet"), 0);
    CHECK_EQ(s.start.status, SPG_STATUS_UNDERWATER);
    CHECK_EQ(s.profile.variant, SPG_VARIANT_NORMAL);
    scenario_free(&s);
}

/* The wide cell form: two characters a cell, and the same map written in
 * one-character symbols loads to the same hash. */
static void test_cell_width(void)
{
    static const char narrow[] =
        "name: narrow\ngame: sonic1\n"
        "tiles:\n  block: {heights: full, angle: 0xFF}\n"
        "  ramp: {heights: [-128, 127, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, "
        "14, 15, 16], widths: [16, 16, 16, 16, 16, 16, 16, 16, 1, 2, 3, 4, 5,"
        " 6, 7, -100], angle: 0xE0}\n"
        "map:\n  origin: [32, 640]\n"
        "  legend: {\"#\": block, \"/\": ramp, \"\\\\\": {tile: ramp, flip: "
        "[x]}}\n  rows: [\"./\\\\.\", \"####\"]\n"
        "start: {x: 60, y: 640}\nframes: 3\n";
    static const char wide[] =
        "name: wide\ngame: sonic1\n"
        "tiles:\n  block: {heights: full, angle: 0xFF}\n"
        "  ramp: {heights: [-128, 127, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, "
        "14, 15, 16], widths: [16, 16, 16, 16, 16, 16, 16, 16, 1, 2, 3, 4, 5,"
        " 6, 7, -100], angle: 0xE0}\n"
        "map:\n  origin: [32, 640]\n  cell_width: 2\n"
        "  legend: {\"B1\": block, \"r.\": ramp, \".r\": {tile: ramp, flip: "
        "[x]}}\n  rows: [\"..r..r  \", \"B1B1B1B1\"]\n"
        "start: {x: 60, y: 640}\nframes: 3\n";
    scenario a, b;
    CHECK_EQ(scenario_load_buffer("narrow.yaml", narrow, strlen(narrow), &a,
                                  stdout), 0);
    CHECK_EQ(scenario_load_buffer("wide.yaml", wide, strlen(wide), &b,
                                  stdout), 0);
    if (a.cells == NULL || b.cells == NULL)
        return;
    CHECK_EQ(b.map.width, 4);
    CHECK_EQ(b.map.height, 2);
    CHECK_EQ(b.cells[1], 2 | SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID);
    CHECK_EQ(b.cells[2], 2 | SPG_CELL_XFLIP | SPG_CELL_TOP_SOLID |
                             SPG_CELL_SIDE_SOLID);
    CHECK_EQ(b.cells[3], 0); /* "  " is empty */
    CHECK_EQ(b.masks[2].heights[0], -128);
    CHECK_EQ(b.masks[2].heights[1], 127);
    CHECK_EQ(b.masks[2].widths[15], -100);
    CHECK(a.hash == b.hash);
    CHECK(strcmp(b.path, "wide.yaml") == 0);
    scenario_free(&a);
    scenario_free(&b);
}

/* Every traced field equal (a struct compare would read padding). */
static int same_player(const spg_player *a, const spg_player *b)
{
    int32_t va[TRACE_COLUMNS], vb[TRACE_COLUMNS];
    trace_row_values(0, a, va);
    trace_row_values(0, b, vb);
    return memcmp(va, vb, sizeof va) == 0;
}

/* The animation bytes of the start state: defaults as Sonic_Main leaves
 * them, each key sets its byte, `anim` wins over `rolling`, and the script
 * position is bounded by the animation it belongs to. */
static void test_start_anim(void)
{
    gen g = gen_default();
    scenario s;
    CHECK_EQ(gen_load(&g, &s, "anim0"), 0);
    if (s.inputs == NULL)
        return;
    CHECK_EQ(s.start.anim, 0);
    CHECK_EQ(s.start.prev_anim, 0);
    CHECK_EQ(s.start.anim_frame, 0);
    CHECK_EQ(s.start.anim_timer, 0);
    CHECK_EQ(s.start.mapping_frame, 0);
    CHECK_EQ(s.start.render_flags, SPG_RENDER_PLAYFIELD);
    scenario_free(&s);

    g.start_more = ", rolling: true, anim: 0x10, prev_anim: 0x10, "
                   "anim_frame: 1, anim_timer: 0x2F, mapping_frame: 0x40, "
                   "render_flags: 7";
    CHECK_EQ(gen_load(&g, &s, "anim1"), 0);
    if (s.inputs == NULL)
        return;
    CHECK_EQ(s.start.anim, 0x10);
    CHECK_EQ(s.start.prev_anim, 0x10);
    CHECK_EQ(s.start.anim_frame, 1);
    CHECK_EQ(s.start.anim_timer, 0x2F);
    CHECK_EQ(s.start.mapping_frame, 0x40);
    CHECK_EQ(s.start.render_flags, 7);
    CHECK(s.start.status & SPG_STATUS_ROLLING);
    scenario_free(&s);

    /* rolling alone: the roll animation, whose position goes up to 6 */
    g.start_more = ", rolling: true, anim_frame: 6";
    CHECK_EQ(gen_load(&g, &s, "anim2"), 0);
    if (s.inputs == NULL)
        return;
    CHECK_EQ(s.start.anim, 2);
    CHECK_EQ(s.start.anim_frame, 6);
    scenario_free(&s);
}

/* The core run: row 0 is the start, each row one spg_step further. */
static void test_run_core(void)
{
    scenario s;
    gen g = gen_default();
    CHECK_EQ(gen_load(&g, &s, "run"), 0);
    if (s.inputs == NULL)
        return;
    spg_player rows[6];
    scenario_run_core(&s, rows);
    CHECK(same_player(&rows[0], &s.start));
    spg_player p = s.start;
    for (int i = 0; i < 5; i++) {
        spg_step(&s.profile, &s.map, s.inputs[i], &p);
        CHECK(same_player(&rows[i + 1], &p));
    }
    scenario_free(&s);
}


/* Sonic 2: game, character, the secondary path's solidity and tiles, the
 * start path and spindash counter; what each changes in the cells and the
 * hash. */
static const char s2_text[] =
    "name: two-paths\n"
    "game: sonic2\n"
    "character: tails\n"
    "tiles:\n"
    "  flat: {heights: full, angle: 0}\n"
    "  half: {heights: [8,8,8,8,8,8,8,8,8,8,8,8,8,8,8,8], angle: 0, "
    "solidity2: top}\n"
    "map:\n"
    "  origin: [0, 736]\n"
    "  legend:\n"
    "    \"#\": flat\n"
    "    \"h\": half\n"
    "    \"x\": {tile: flat, tile2: half, solidity2: none}\n"
    "    \"y\": {tile: half, flip: [x], solidity: top}\n"
    "  rows:\n"
    "    - \"#hxy%s\"\n"
    "start: {x: 40, y: 700%s}\n"
    "frames: 3\n";

static int s2_load(scenario *s, const char *row_tail, const char *start)
{
    char text[2048];
    snprintf(text, sizeof text, s2_text, row_tail, start);
    return scenario_load_buffer("s2.yaml", text, strlen(text), s, stdout);
}

static void test_sonic2(void)
{
    scenario s;
    CHECK_EQ(s2_load(&s, "", ""), 0);
    CHECK_EQ(s.game, SPG_GAME_SONIC2);
    CHECK_EQ(s.character, SPG_CHAR_TAILS);
    CHECK_EQ(s.map.width, 4);
    const uint16_t all1 = SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID;
    const uint16_t all2 = SPG_CELL_TOP_SOLID_2 | SPG_CELL_SIDE_SOLID_2;
    CHECK_EQ(s.cells[0], 1 | all1 | all2);
    /* half: solidity2 top on the tile */
    CHECK_EQ(s.cells[1], 2 | all1 | SPG_CELL_TOP_SOLID_2);
    /* x: flat on the primary path, half on the secondary, no solidity 2 */
    CHECK_EQ(s.cells[2], 1 | all1);
    /* y: the entry's solidity counts for both paths */
    CHECK_EQ(s.cells[3],
             2 | SPG_CELL_XFLIP | SPG_CELL_TOP_SOLID | SPG_CELL_TOP_SOLID_2);
    CHECK(s.cells2 != NULL);
    CHECK(s.map.secondary_masks == s.cells2);
    if (s.cells2) {
        CHECK_EQ(s.cells2[0], 1);
        CHECK_EQ(s.cells2[1], 2);
        CHECK_EQ(s.cells2[2], 2);
        CHECK_EQ(s.cells2[3], 2);
    }
    CHECK_EQ(s.start.top_solid_bit, 0x0C);
    CHECK_EQ(s.start.lrb_solid_bit, 0x0D);
    CHECK_EQ(s.start.spindash_counter, 0);
    uint64_t h0 = s.hash;
    scenario_free(&s);

    /* the start path and counter */
    CHECK_EQ(s2_load(&s, "", ", path: secondary, spindash_counter: 0x3F0"),
             0);
    CHECK_EQ(s.start.top_solid_bit, 0x0E);
    CHECK_EQ(s.start.lrb_solid_bit, 0x0F);
    CHECK_EQ(s.start.spindash_counter, 0x3F0);
    CHECK(s.hash != h0);
    scenario_free(&s);
    CHECK_EQ(s2_load(&s, "", ", path: primary"), 0);
    CHECK(s.hash == h0);
    scenario_free(&s);

    /* no cell differs: no secondary masks */
    const char *one =
        "name: one\ngame: sonic2\ntiles:\n  flat: {heights: full, angle: 0}\n"
        "map:\n  origin: [0, 0]\n  legend:\n    \"#\": {tile: flat, tile2: flat}\n"
        "  rows: [\"##\"]\nstart: {}\nframes: 1\n";
    CHECK_EQ(scenario_load_buffer("one.yaml", one, strlen(one), &s, stdout), 0);
    CHECK(s.cells2 == NULL);
    CHECK(s.map.secondary_masks == NULL);
    CHECK_EQ(s.character, SPG_CHAR_SONIC);
    uint64_t h1 = s.hash;
    scenario_free(&s);
    /* tile2 alone changes the hash */
    const char *two =
        "name: one\ngame: sonic2\ntiles:\n  flat: {heights: full, angle: 0}\n"
        "  half: {heights: [8,8,8,8,8,8,8,8,8,8,8,8,8,8,8,8], angle: 0}\n"
        "map:\n  origin: [0, 0]\n  legend:\n    \"#\": {tile: flat, tile2: half}\n"
        "  rows: [\"##\"]\nstart: {}\nframes: 1\n";
    CHECK_EQ(scenario_load_buffer("two.yaml", two, strlen(two), &s, stdout), 0);
    CHECK(s.cells2 != NULL);
    CHECK(s.hash != h1);
    scenario_free(&s);
    /* the top limit (Camera_Min_Y_pos): 0 is the default and keeps the
     * hash; -256 (the vertical wrap) and any other word load and change
     * it, each its own */
    static const char top_fmt[] =
        "name: one\ngame: sonic2\ntiles:\n  flat: {heights: full, angle: 0}\n"
        "map:\n  origin: [0, 0]\n  legend:\n    \"#\": {tile: flat, tile2: flat}\n"
        "  rows: [\"##\"]\nstart: {}\nbounds: {top: %s}\nframes: 1\n";
    static const char *const tops[] = {"0", "-256", "\"-$100\"", "-255",
                                       "16"};
    static const int16_t top_values[] = {0, -256, -256, -255, 16};
    uint64_t top_hash[5];
    for (int i = 0; i < 5; i++) {
        char text[512];
        snprintf(text, sizeof text, top_fmt, tops[i]);
        CHECK_EQ(scenario_load_buffer("top.yaml", text, strlen(text), &s,
                                      stdout), 0);
        CHECK_EQ(s.map.limit_top, top_values[i]);
        top_hash[i] = s.hash;
        CHECK_EQ(scenario_check(&s, stdout), 0);
        scenario_free(&s);
    }
    CHECK(top_hash[0] == h1);
    CHECK(top_hash[1] != h1 && top_hash[3] != h1 && top_hash[4] != h1);
    CHECK(top_hash[1] == top_hash[2]);
    CHECK(top_hash[1] != top_hash[3] && top_hash[3] != top_hash[4]);
    /* the same map as Sonic 1 (no solidity2 bits) hashes differently */
    const char *s1 =
        "name: one\ngame: sonic1\ntiles:\n  flat: {heights: full, angle: 0}\n"
        "map:\n  origin: [0, 0]\n  legend:\n    \"#\": flat\n"
        "  rows: [\"##\"]\nstart: {}\nframes: 1\n";
    CHECK_EQ(scenario_load_buffer("s1.yaml", s1, strlen(s1), &s, stdout), 0);
    CHECK_EQ(s.cells[0], 1 | all1);
    CHECK(s.hash != h1);
    scenario_free(&s);
}

int main(void)
{
    RUN(test_sonic2);
    snprintf(tmpdir, sizeof tmpdir, "/tmp/spgsim-test-scenario-XXXXXX");
    if (mkdtemp(tmpdir) == NULL) {
        perror("mkdtemp");
        return 1;
    }
    RUN(test_bad_inputs);
    RUN(test_bad_fixtures_listed);
    RUN(test_missing_file);
    RUN(test_good_scenario);
    RUN(test_hash);
    RUN(test_pressed);
    RUN(test_integers_and_start_flags);
    RUN(test_more_start_fields);
    RUN(test_cell_width);
    RUN(test_start_anim);
    RUN(test_run_core);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        printf("  could not remove %s\n", tmpdir);
    TEST_MAIN_END();
}
