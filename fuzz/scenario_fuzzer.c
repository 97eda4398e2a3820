/*
 * scenario_fuzzer.c - a scenario file (docs/scenario-format.md) as
 * `spgsim run` reads it: scenario_load from a file, then the core over what
 * was loaded for at most CORE_FRAMES frames, then the trace written and
 * read back.
 *
 * Checked besides the sanitizers:
 *  - a rejected file gets a "file:line:col: message" (fuzz_message_ok) and
 *    leaves the scenario zeroed (nothing to free);
 *  - an accepted file prints nothing and satisfies what the core and the
 *    `check` command rely on: a supported profile, masks[0] empty, every
 *    cell naming a defined mask, the map inside the level layout, inputs
 *    whose `pressed` is held-and-not-held-before, verifies entries on an
 *    existing row and column;
 *  - the trace of the run reads back (trace_read) as the same rows with the
 *    scenario hash in its header.
 * A special-stage scenario (`mode: special_stage`) is checked for what its
 * loader promises instead (the maze inside the stage area with a solid
 * border that is not glass, the start inside it, the rest of the state as
 * spg_ss_reset leaves it), runs through scenario_trace_core like every
 * mode, and round-trips through the scenario writer; `export` makes
 * nothing of it.
 */
#include <stdlib.h>
#include <string.h>

#include "trace/diff.h"
#include "fuzz.h"
#include "scenario/scenario.h"
#include "scenario/special.h"
#include "interop/vector.h"
#include "interop/movie.h"
#include "trace/trace.h"

/* The longest bundled scenarios have 2000 frames; more only costs time. */
#define CORE_FRAMES 2000

static void check_loaded(const scenario *s)
{
    spg_profile p;

    FUZZ_CHECK(s->path != NULL && s->name != NULL && s->name[0] != '\0');
    FUZZ_CHECK(spg_profile_get(s->game, s->character, s->variant, &p) == 0);
    FUZZ_CHECK(s->profile.game == s->game &&
               s->profile.character == s->character &&
               s->profile.variant == s->variant);

    const spg_map *m = &s->map;
    static const spg_mask empty;
    FUZZ_CHECK(m->masks == s->masks);
    FUZZ_CHECK(m->mask_count >= 1 && m->mask_count <= SCENARIO_MAX_MASKS);
    FUZZ_CHECK(memcmp(&s->masks[0].heights, &empty.heights,
                      sizeof empty.heights) == 0 &&
               memcmp(&s->masks[0].widths, &empty.widths,
                      sizeof empty.widths) == 0 &&
               s->masks[0].angle == 0);
    FUZZ_CHECK(m->cells == s->cells && m->cells != NULL);
    FUZZ_CHECK(m->width >= 1 && m->height >= 1);
    FUZZ_CHECK((uint32_t)m->x0 + m->width <= s->profile.layout_tiles_x);
    FUZZ_CHECK((uint32_t)m->y0 + m->height <= s->profile.layout_tiles_y);
    for (size_t i = 0; i < (size_t)m->width * m->height; i++)
        FUZZ_CHECK((m->cells[i] & SPG_CELL_MASK) < m->mask_count);
    /* Sonic 2's and 3's secondary path: masks only where the cell has
     * one; Sonic 1 has no second path */
    int two_paths = s->game == SPG_GAME_SONIC2 || s->game == SPG_GAME_SONIC3;
    FUZZ_CHECK((const uint8_t *)m->secondary_masks == s->cells2);
    FUZZ_CHECK(s->cells2 == NULL || two_paths);
    if (!two_paths)
        for (size_t i = 0; i < (size_t)m->width * m->height; i++)
            FUZZ_CHECK((m->cells[i] & (SPG_CELL_TOP_SOLID_2 |
                                       SPG_CELL_SIDE_SOLID_2)) == 0);
    for (size_t i = 0; s->cells2 && i < (size_t)m->width * m->height; i++)
        FUZZ_CHECK(s->cells2[i] < m->mask_count &&
                   (s->cells2[i] == 0) == ((m->cells[i] & SPG_CELL_MASK) == 0));

    FUZZ_CHECK(s->frames >= 1 && s->frames <= SCENARIO_MAX_FRAMES);
    FUZZ_CHECK(s->inputs != NULL);
    uint8_t prev = 0;
    for (int i = 0; i < s->frames; i++) {
        FUZZ_CHECK(s->inputs[i].pressed == (s->inputs[i].held & ~prev));
        prev = s->inputs[i].held;
    }
    FUZZ_CHECK(s->start.routine == SPG_ROUTINE_CONTROL);

    FUZZ_CHECK(s->verify_count >= 0);
    FUZZ_CHECK(s->verify_count == 0 || s->verifies != NULL);
    for (int i = 0; i < s->verify_count; i++) {
        const scenario_verify *v = &s->verifies[i];
        FUZZ_CHECK(v->id && v->source && v->quote && v->field);
        FUZZ_CHECK(v->frame >= 0 && v->frame <= s->frames);
        FUZZ_CHECK(trace_layout_column(scenario_layout(s), v->field) >= 0);
    }
}

/* What the special-stage loader promises (special.h). */
static void check_loaded_special(const scenario *s)
{
    const scenario_special *ss = s->special;
    FUZZ_CHECK(s->path != NULL && s->name != NULL && s->name[0] != '\0');
    FUZZ_CHECK(s->game == SPG_GAME_SONIC1 && ss != NULL);
    FUZZ_CHECK(s->cells == NULL);
    FUZZ_CHECK(ss->width >= 3 && ss->width <= SCENARIO_SS_MAX &&
               ss->height >= 3 && ss->height <= SCENARIO_SS_MAX);
    const spg_ss_state *st = &ss->start;
    for (int r = 0; r < SPG_SS_LAYOUT_BYTES / SPG_SS_ROW; r++)
        for (int c = 0; c < SPG_SS_ROW; c++) {
            int mr = r - SPG_SS_STAGE_ORIGIN, mc = c - SPG_SS_STAGE_ORIGIN;
            uint8_t id = spg_ss_block(st, r, c);
            if (mr < 0 || mc < 0 || mr >= ss->height || mc >= ss->width)
                FUZZ_CHECK(id == 0);
            else if (mr == 0 || mc == 0 || mr == ss->height - 1 ||
                     mc == ss->width - 1)
                FUZZ_CHECK(spg_ss_is_solid(id) &&
                           !(id >= SPG_SS_GLASS_FIRST &&
                             id <= SPG_SS_GLASS_LAST));
        }
    int c0, r0;
    FUZZ_CHECK(scenario_special_start_inside(ss, &c0, &r0));
    FUZZ_CHECK(st->routine == SPG_SS_ROUTINE_INIT && st->status == 0);
    /* item slots: free, or an animation the original can hold (on a
     * maze block showing one of its frames, step and timer in range) */
    for (int i = 0; i < SPG_SS_ITEM_SLOTS; i++) {
        char msg[200];
        FUZZ_CHECK(scenario_special_item_problem(ss, i, msg, sizeof msg) == 0);
    }
    FUZZ_CHECK(st->rings <= 999 && st->lives <= 99);

    FUZZ_CHECK(s->frames >= 1 && s->frames <= SCENARIO_MAX_FRAMES);
    FUZZ_CHECK(s->inputs != NULL);
    uint8_t prev = 0;
    for (int i = 0; i < s->frames; i++) {
        FUZZ_CHECK(s->inputs[i].pressed == (s->inputs[i].held & ~prev));
        prev = s->inputs[i].held;
    }
    for (int i = 0; i < s->verify_count; i++) {
        const scenario_verify *v = &s->verifies[i];
        FUZZ_CHECK(v->id && v->source && v->quote && v->field);
        FUZZ_CHECK(v->frame >= 0 && v->frame <= s->frames);
        FUZZ_CHECK(trace_layout_column(&trace_layout_special, v->field) >= 0);
    }
}

/* Run the core, write the trace as `spgsim run` does, read it back. */
static void run_and_trace(scenario *s)
{
    int frames = s->frames < CORE_FRAMES ? s->frames : CORE_FRAMES;
    int all = s->frames;
    trace mine;
    s->frames = frames; /* scenario_trace_core runs s->frames frames */
    FUZZ_CHECK(scenario_trace_core(s, &mine) == 0);
    s->frames = all;
    FUZZ_CHECK(mine.rows == frames + 1);

    char hash[17];
    scenario_hash_hex(s, hash);
    const char *path = fuzz_temp_path("trace.csv");
    fuzz_msgs text;
    fuzz_msgs_begin(&text);
    trace_meta meta = {"core", SPG_VERSION, NULL, NULL, hash};
    trace_write(text.f, &meta, &mine);
    fuzz_msgs_end(&text);
    fuzz_write_file(path, (const uint8_t *)text.text, text.len);
    fuzz_msgs_free(&text);

    trace back;
    fuzz_msgs msgs;
    fuzz_msgs_begin(&msgs);
    int rc = trace_read(path, &back, msgs.f);
    fuzz_msgs_end(&msgs);
    if (rc != 0)
        fuzz_fail("the trace of a run does not read back: %s", msgs.text);
    fuzz_msgs_free(&msgs);
    FUZZ_CHECK(strcmp(back.scenario_hash, hash) == 0);
    FUZZ_CHECK(back.layout == mine.layout);
    trace_divergence d;
    trace_fields fs;
    FUZZ_CHECK(trace_fields_match(&fs, &mine, "run", &back, "back", NULL,
                                  stderr) == 0);
    FUZZ_CHECK(fs.n == back.ncols - 1); /* every column but frame */
    FUZZ_CHECK(trace_compare(&mine, &back, &fs, &d) == 0);
    trace_free(&mine);
    trace_free(&back);
}

/* Is `t` one well-formed JSON value as far as nesting, strings and
 * characters go (what a reader in another language trips over first)? */
static int json_shape_ok(const char *t, size_t n)
{
    int depth = 0, in_str = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)t[i];
        if (in_str) {
            if (c < 0x20)
                return 0;
            if (c == '\\')
                i++;
            else if (c == '"')
                in_str = 0;
        } else if (c == '"') {
            in_str = 1;
        } else if (c == '{' || c == '[') {
            depth++;
        } else if (c == '}' || c == ']') {
            if (--depth < 0)
                return 0;
        }
    }
    return depth == 0 && !in_str;
}

/*
 * What `spgsim export` makes of an accepted scenario: a test vector (here
 * with the core's trace standing in for a golden) that is well-formed
 * JSON, a BizHawk movie whose input log `import-inputs` reads back as the
 * same held buttons, and the scenario file the fuzzer writes, which loads
 * back as the same case.
 */
static void check_exports(const scenario *s)
{
    if (s->mode != SCENARIO_NORMAL || s->game != SPG_GAME_SONIC1)
        return; /* export: Sonic 1 normal-stage scenarios only */
    spg_player *rows = malloc(((size_t)s->frames + 1) * sizeof *rows);
    trace t;
    FUZZ_CHECK(rows != NULL);
    scenario_run_core(s, rows);
    FUZZ_CHECK(trace_from_players(&t, rows, s->frames + 1) == 0);
    fuzz_msgs out;
    fuzz_msgs_begin(&out);
    export_vector_json(out.f, s, s->path, "fuzz/scenario", &t,
                       EXPORT_GOLDEN_FRESH);
    fuzz_msgs_end(&out);
    FUZZ_CHECK(out.len > 0 && json_shape_ok(out.text, out.len));
    fuzz_msgs_free(&out);
    trace_free(&t);
    free(rows);

    fuzz_msgs_begin(&out);
    export_bk2(out.f, s, "fuzz/scenario", 0);
    fuzz_msgs_end(&out);
    import_movie m;
    fuzz_msgs msgs;
    fuzz_msgs_begin(&msgs);
    int rc = import_movie_parse("x.bk2", (const uint8_t *)out.text, out.len, 1,
                                &m, msgs.f);
    fuzz_msgs_end(&msgs);
    if (rc != 0)
        fuzz_fail("an exported movie does not import: %s", msgs.text);
    fuzz_msgs_free(&msgs);
    FUZZ_CHECK(m.frames == s->frames);
    for (int i = 0; i < s->frames && i < m.frames; i++)
        FUZZ_CHECK(m.held[i] == s->inputs[i].held);
    import_movie_free(&m);
    fuzz_msgs_free(&out);
}

/* The scenario file the fuzzer (and scenario_write_yaml) writes loads back
 * as the same case, in either mode. */
static void check_written(const scenario *s)
{
    fuzz_msgs out;
    if (scenario_check(s, NULL) == 0) {
        fuzz_msgs_begin(&out);
        FUZZ_CHECK(scenario_write_yaml(out.f, s) == 0);
        fuzz_msgs_end(&out);
        scenario back;
        FUZZ_CHECK(scenario_load_buffer("written.yaml", out.text, out.len,
                                        &back, stderr) == 0);
        FUZZ_CHECK(back.hash == s->hash);
        scenario_free(&back);
        fuzz_msgs_free(&out);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_temp_path("scenario.yaml");
    fuzz_write_file(path, data, size);

    scenario s;
    fuzz_msgs msgs;
    fuzz_msgs_begin(&msgs);
    int rc = scenario_load(path, &s, msgs.f);
    fuzz_msgs_end(&msgs);
    if (rc != 0) {
        if (!fuzz_message_ok(msgs.text, path, 2))
            fuzz_fail("a rejected scenario without a file:line:col "
                      "message: \"%s\"", msgs.text);
        FUZZ_CHECK(s.path == NULL && s.name == NULL && s.cells == NULL &&
                   s.inputs == NULL && s.verifies == NULL &&
                   s.special == NULL);
        fuzz_msgs_free(&msgs);
        return 0;
    }
    if (msgs.len != 0)
        fuzz_fail("an accepted scenario printed \"%s\"", msgs.text);
    fuzz_msgs_free(&msgs);

    if (s.mode == SCENARIO_SPECIAL_STAGE) {
        check_loaded_special(&s);
    } else {
        FUZZ_CHECK(s.mode == SCENARIO_NORMAL && s.special == NULL);
        check_loaded(&s);
    }
    check_exports(&s);
    check_written(&s);
    run_and_trace(&s);
    scenario_free(&s);
    return 0;
}
