/*
 * load.c - load and check a scenario file (docs/scenario-format.md)
 * with libyaml's document API: the document, bounds, input and verifies.
 * The other sections are in map.c and start.c (and the
 * special stage's in special.c), the node helpers in nodes.c; the hash is
 * hash.c, scenarios built in memory build.c, the writer write.c, and
 * what they all share (free, game, column set, core run) common.c.
 *
 * Every problem is reported once, as "file:line:col: message" with the
 * 1-based position of the offending YAML node, and the load fails as a
 * whole: the caller never sees a half-filled scenario.
 */
#include "scenario/loader.h"
#include "util/readfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "scenario/special.h"
#include "trace/trace.h"
#include "util/xalloc.h"

#define MAX_VERIFIES 10000

static int load_bounds(sc_loader *L, const yaml_node_t *bd)
{
    static const char *const keys[] = {"left", "right", "bottom", "top",
                                       NULL};
    if (sc_check_keys(L, bd, "bounds", keys, NULL))
        return -1;
    const yaml_node_t *n;
    int64_t v;
    if ((n = sc_get(L, bd, "top"))) {
        /* Camera_Min_Y_pos: the player code tests it for -$100, the
         * vertical wrap; Sonic 3's also reads it for Tails' flight
         * ceiling and Knuckles' top-limit rules.  Any word. */
        if (!scenario_has(L->s, GAME_TOP_LIMIT))
            return sc_fail_feature(L, n, "top", GAME_TOP_LIMIT, "a top limit");
        if (sc_get_int(L, n, "top", -32768, 32767, &v))
            return -1;
        L->s->map.limit_top = (int16_t)v;
    }
    if ((n = sc_get(L, bd, "left"))) {
        if (sc_get_int(L, n, "left", -32768, 32767, &v))
            return -1;
        L->s->map.limit_left = (int16_t)v;
    }
    if ((n = sc_get(L, bd, "right"))) {
        if (sc_get_int(L, n, "right", -32768, 32767, &v))
            return -1;
        L->s->map.limit_right = (int16_t)v;
    }
    if ((n = sc_get(L, bd, "bottom"))) {
        if (sc_get_int(L, n, "bottom", -32768, 32767, &v))
            return -1;
        L->s->map.limit_bottom = (int16_t)v;
    }
    return 0;
}

/* `game:`: a registered game (games/registry.c) with every feature of
 * `needs` (GAME_*), or NULL after the message. */
static const game_desc *load_game(sc_loader *L, const yaml_node_t *n,
                                  unsigned needs)
{
    const char *names[64];
    size_t k = 0;
    for (size_t i = 0; i < game_count() && k + 1 < sizeof names / sizeof names[0]; i++)
        if (game_has(game_at(i), needs))
            names[k++] = game_at(i)->name;
    names[k] = NULL;
    int i;
    if (sc_get_enum(L, n, "game", names, &i))
        return NULL;
    return game_by_name(names[i]);
}

static const char *const button_names[] = {"up", "down", "left",  "right", "b",
                                           "c",  "a",    "start", NULL};
static const uint8_t button_bits[] = {
    SPG_BTN_UP, SPG_BTN_DOWN, SPG_BTN_LEFT, SPG_BTN_RIGHT,
    SPG_BTN_B,  SPG_BTN_C,    SPG_BTN_A,    SPG_BTN_START};

/* Pass 1 (inputs == NULL): check the steps and sum their frames.
 * Pass 2: fill inputs[0..sum). */
static int load_input(sc_loader *L, const yaml_node_t *in, int64_t *sum,
                      spg_input *inputs)
{
    static const char *const keys[] = {"frames", "hold", NULL};
    static const char *const req[] = {"frames", NULL};
    if (sc_want_type(L, in, YAML_SEQUENCE_NODE, "input"))
        return -1;
    int64_t total = 0;
    uint8_t prev = 0;
    for (yaml_node_item_t *it = in->data.sequence.items.start;
         it < in->data.sequence.items.top; it++) {
        const yaml_node_t *step = sc_node_at(L, *it);
        if (sc_check_keys(L, step, "input step", keys, req))
            return -1;
        int64_t nf;
        const yaml_node_t *fn = sc_get(L, step, "frames");
        if (sc_get_int(L, fn, "frames", 1, SCENARIO_MAX_FRAMES, &nf))
            return -1;
        if (total + nf > SCENARIO_MAX_FRAMES)
            return sc_fail(L, fn,
                           "input: the steps add up to more than %d "
                           "frames",
                           SCENARIO_MAX_FRAMES);
        uint8_t held = 0;
        const yaml_node_t *h = sc_get(L, step, "hold");
        if (h) {
            if (sc_want_type(L, h, YAML_SEQUENCE_NODE, "hold"))
                return -1;
            for (yaml_node_item_t *bi = h->data.sequence.items.start;
                 bi < h->data.sequence.items.top; bi++) {
                const yaml_node_t *bn = sc_node_at(L, *bi);
                int k;
                if (sc_get_enum(L, bn, "button", button_names, &k))
                    return -1;
                if (held & button_bits[k])
                    return sc_fail(L, bn, "hold: '%s' given twice",
                                   sc_sval(bn));
                held |= button_bits[k];
            }
        }
        if (inputs) {
            for (int64_t f = 0; f < nf; f++) {
                inputs[total + f].held = held;
                inputs[total + f].pressed = (uint8_t)(held & ~prev);
                prev = held;
            }
        }
        total += nf;
    }
    *sum = total;
    return 0;
}

static int load_verifies(sc_loader *L, const yaml_node_t *vs)
{
    static const char *const keys[] = {"id",       "source", "quote",
                                       "frame",    "field",  "value",
                                       "original", "note",   NULL};
    static const char *const req[] = {"id",    "source", "quote", "frame",
                                      "field", "value",  NULL};
    scenario *s = L->s;
    if (sc_want_type(L, vs, YAML_SEQUENCE_NODE, "verifies"))
        return -1;
    size_t n =
        (size_t)(vs->data.sequence.items.top - vs->data.sequence.items.start);
    if (n == 0)
        return 0;
    if (n > MAX_VERIFIES)
        return sc_fail(L, vs, "verifies: more than %d entries", MAX_VERIFIES);
    s->verifies = calloc(n, sizeof *s->verifies);
    if (s->verifies == NULL)
        return sc_fail(L, vs, "out of memory");
    for (size_t i = 0; i < n; i++) {
        const yaml_node_t *e = sc_node_at(L, vs->data.sequence.items.start[i]);
        if (sc_check_keys(L, e, "verifies entry", keys, req))
            return -1;
        scenario_verify *v = &s->verifies[i];
        s->verify_count = (int)i + 1; /* so scenario_free sees the strings */
        v->line = (int)e->start_mark.line + 1;
        v->col = (int)e->start_mark.column + 1;
        const yaml_node_t *idn = sc_get(L, e, "id");
        if (sc_get_str(L, idn, "id", 1, &v->id) ||
            sc_get_str(L, sc_get(L, e, "source"), "source", 1, &v->source) ||
            sc_get_str(L, sc_get(L, e, "quote"), "quote", 1, &v->quote))
            return -1;
        for (size_t j = 0; j < i; j++)
            if (strcmp(s->verifies[j].id, v->id) == 0)
                return sc_fail(L, idn,
                               "id: '%s' is used twice (first at line "
                               "%d)",
                               v->id, s->verifies[j].line);
        int64_t x;
        const yaml_node_t *fr = sc_get(L, e, "frame");
        if (sc_get_int(L, fr, "frame", 0, SCENARIO_MAX_FRAMES, &x))
            return -1;
        if (x > s->frames)
            return sc_fail(L, fr,
                           "frame: %lld is past the last trace row (%d)",
                           (long long)x, s->frames);
        v->frame = (int)x;
        const yaml_node_t *fd = sc_get(L, e, "field");
        if (sc_get_str(L, fd, "field", 1, &v->field))
            return -1;
        const trace_layout *lay = scenario_layout(s);
        if (trace_layout_column(lay, v->field) < 0) {
            fprintf(L->err,
                    "%s:%lu:%lu: field: '%s' is not a trace column "
                    "(one of",
                    L->path, (unsigned long)fd->start_mark.line + 1,
                    (unsigned long)fd->start_mark.column + 1, v->field);
            for (int c = 0; c < lay->count; c++)
                fprintf(L->err, "%s %s", c ? "," : "", lay->columns[c]);
            fputs(")\n", L->err);
            return -1;
        }
        if (sc_get_int(L, sc_get(L, e, "value"), "value", INT32_MIN, INT32_MAX,
                       &x))
            return -1;
        v->value = (int32_t)x;
        const yaml_node_t *on = sc_get(L, e, "original");
        if (on) {
            if (sc_get_int(L, on, "original", INT32_MIN, INT32_MAX, &x))
                return -1;
            v->has_original = 1;
            v->original = (int32_t)x;
        }
        const yaml_node_t *nn = sc_get(L, e, "note");
        if (nn && sc_get_str(L, nn, "note", 0, &v->note))
            return -1;
    }
    return 0;
}

/* input, frames and verifies: the same in every mode. */
static int load_run(sc_loader *L, const yaml_node_t *root)
{
    scenario *s = L->s;
    const yaml_node_t *n;
    int64_t steps = 0;
    const yaml_node_t *in = sc_get(L, root, "input");
    if (in && load_input(L, in, &steps, NULL))
        return -1;
    int64_t frames = steps;
    if ((n = sc_get(L, root, "frames"))) {
        if (sc_get_int(L, n, "frames", 1, SCENARIO_MAX_FRAMES, &frames))
            return -1;
        if (frames < steps)
            return sc_fail(L, n,
                           "frames: %lld is less than the input steps "
                           "(%lld frames)",
                           (long long)frames, (long long)steps);
    } else if (frames == 0) {
        return sc_fail(L, root,
                       "scenario: nothing to run (give frames or "
                       "input steps)");
    }
    s->frames = (int)frames;
    s->inputs = calloc((size_t)frames, sizeof *s->inputs);
    if (s->inputs == NULL)
        return sc_fail(L, root, "out of memory");
    if (in && load_input(L, in, &steps, s->inputs))
        return -1;

    if ((n = sc_get(L, root, "verifies")) && load_verifies(L, n))
        return -1;
    return 0;
}

/* `mode: special_stage`: the special_stage section (special.c)
 * instead of tiles, map and start; the rest as for the normal stage. */
static int load_special_root(sc_loader *L, const yaml_node_t *root)
{
    static const char *const keys[] = {"name",          "description",
                                       "mode",          "game",
                                       "special_stage", "input",
                                       "frames",        "verifies",
                                       NULL};
    static const char *const req[] = {"name", "special_stage", NULL};
    scenario *s = L->s;
    const yaml_node_t *n;
    if (sc_check_keys(L, root, "special-stage scenario", keys, req))
        return -1;
    s->mode = SCENARIO_SPECIAL_STAGE;
    if (sc_get_str(L, sc_get(L, root, "name"), "name", 1, &s->name))
        return -1;
    if ((n = sc_get(L, root, "description")) &&
        sc_get_str(L, n, "description", 0, &s->description))
        return -1;
    /* the game with a special stage (the first such when `game:` is left
     * out) */
    const game_desc *g = NULL;
    for (size_t k = 0; k < game_count() && !g; k++)
        if (game_has(game_at(k), GAME_SPECIAL_STAGE))
            g = game_at(k);
    if ((n = sc_get(L, root, "game")) &&
        (g = load_game(L, n, GAME_SPECIAL_STAGE)) == NULL)
        return -1;
    if (g == NULL)
        return sc_fail(L, root, "no game has a special stage");
    s->game = g->id;
    if (sc_load_special(L, sc_get(L, root, "special_stage")))
        return -1;
    if (load_run(L, root))
        return -1;
    scenario_update_hash(s);
    return 0;
}

/* ---- the document ------------------------------------------------------------- */

static int load_root(sc_loader *L, const yaml_node_t *root)
{
    static const char *const keys[] = {
        "name",   "description", "game",  "character", "variant",
        "tiles",  "map",         "start", "bounds",    "input",
        "frames", "verifies",    "mode",  "zone", "imported",
        "water_level", NULL};
    static const char *const req[] = {"name", "game",  "tiles",
                                      "map",  "start", NULL};
    static const char *const variants[] = {"normal", "speed_shoes",
                                           "underwater", NULL};
    static const spg_variant variant_ids[] = {
        SPG_VARIANT_NORMAL, SPG_VARIANT_SPEED_SHOES, SPG_VARIANT_UNDERWATER};
    scenario *s = L->s;
    const yaml_node_t *n;
    int i;

    if (root->type == YAML_MAPPING_NODE && (n = sc_get(L, root, "mode"))) {
        static const char *const modes[] = {"normal", "special_stage", NULL};
        if (sc_get_enum(L, n, "mode", modes, &i))
            return -1;
        if (i == 1)
            return load_special_root(L, root);
    }
    if (sc_check_keys(L, root, "scenario", keys, req))
        return -1;
    if (sc_get_str(L, sc_get(L, root, "name"), "name", 1, &s->name))
        return -1;
    if ((n = sc_get(L, root, "description")) &&
        sc_get_str(L, n, "description", 0, &s->description))
        return -1;

    const yaml_node_t *where = sc_get(L, root, "game");
    const game_desc *g = load_game(L, where, 0);
    if (g == NULL)
        return -1;
    s->game = g->id;
    s->character = g->characters[0].id;
    if ((n = sc_get(L, root, "imported"))) {
        /* the key's node, for the position a refusal names */
        const yaml_node_t *key = NULL;
        for (yaml_node_pair_t *pr = root->data.mapping.pairs.start;
             pr < root->data.mapping.pairs.top && key == NULL; pr++)
            if (sc_is_scalar(sc_node_at(L, pr->key), "imported"))
                key = sc_node_at(L, pr->key);
        if (sc_load_imported(L, key ? key : n, n))
            return -1;
    }
    if ((n = sc_get(L, root, "character"))) {
        const game_character *c = NULL;
        if (sc_want_type(L, n, YAML_SCALAR_NODE, "character"))
            return -1;
        if (!(c = game_character_by_name(g, sc_sval(n)))) {
            /* another game's character, or none at all: then the message
             * lists every character */
            char names[200];
            if (game_names_with_character(sc_sval(n), names, sizeof names))
                return sc_fail(L, n,
                               "character: %s is not a %s player (give "
                               "game: %s)",
                               sc_sval(n), g->title, names);
            const char *all[64];
            game_all_characters(all, sizeof all / sizeof all[0]);
            return sc_get_enum(L, n, "character", all, &i);
        }
        s->character = c->id;
        where = n;
    }
    s->variant = SPG_VARIANT_NORMAL;
    if ((n = sc_get(L, root, "variant"))) {
        if (sc_get_enum(L, n, "variant", variants, &i))
            return -1;
        s->variant = variant_ids[i];
        where = n;
    }
    if (spg_profile_get(s->game, s->character, s->variant, &s->profile) != 0)
        return sc_fail(L, where,
                       "this game, character and variant are not "
                       "supported by the core");

    memset(&s->masks[0], 0, sizeof s->masks[0]);
    if (sc_load_tiles(L, sc_get(L, root, "tiles")))
        return -1;
    s->map = spg_map_default();
    s->map.masks = s->masks;
    s->map.mask_count = (uint16_t)(L->ntiles + 1);
    scenario_set_zone(s, NULL);
    if ((n = sc_get(L, root, "zone")) && sc_load_zone(L, n))
        return -1;
    if ((n = sc_get(L, root, "water_level")) && sc_load_water(L, n))
        return -1;
    if (sc_finish_water(L, sc_get(L, root, "zone"), sc_get(L, root, "game")))
        return -1;
    if (sc_load_map(L, sc_get(L, root, "map")))
        return -1;
    if ((n = sc_get(L, root, "bounds")) && load_bounds(L, n))
        return -1;

    s->start = spg_player_default(&s->profile);
    if (sc_load_start(L, sc_get(L, root, "start")))
        return -1;

    if (load_run(L, root))
        return -1;

    scenario_update_hash(s);
    return 0;
}

/* 1-based line and column of a byte offset, for reader errors. */
static void offset_pos(const sc_loader *L, size_t off, unsigned long *line,
                       unsigned long *col)
{
    *line = 1;
    *col = 1;
    for (size_t i = 0; i < off && i < L->text_len; i++) {
        if (L->text[i] == '\n') {
            (*line)++;
            *col = 1;
        } else {
            (*col)++;
        }
    }
}

static int parse_error(sc_loader *L, yaml_parser_t *parser)
{
    unsigned long line = (unsigned long)parser->problem_mark.line + 1;
    unsigned long col = (unsigned long)parser->problem_mark.column + 1;
    if (parser->error == YAML_READER_ERROR)
        offset_pos(L, parser->problem_offset, &line, &col);
    const char *problem = parser->problem ? parser->problem : "invalid YAML";
    if (parser->error == YAML_MEMORY_ERROR)
        problem = "out of memory";
    if (parser->context)
        return sc_fail_at(L, line, col, "YAML syntax error: %s %s (line %lu)",
                          problem, parser->context,
                          (unsigned long)parser->context_mark.line + 1);
    return sc_fail_at(L, line, col, "YAML syntax error: %s", problem);
}

/* Scenario files: up to 64 MiB. */
static char *read_file(const char *path, size_t *len, FILE *err)
{
    return (char *)util_read_file(path, (size_t)64 << 20, len, err);
}

/* An input script's document: `input:` and `frames:` only. */
static int load_input_root(sc_loader *L, const yaml_node_t *root)
{
    static const char *const keys[] = {"input", "frames", NULL};
    if (sc_check_keys(L, root, "input script", keys, NULL))
        return -1;
    return load_run(L, root);
}

/* Parse `text` (one YAML document) and hand its root to `fn`, which fills
 * *out; on failure *out is freed. */
static int load_text(const char *name, const char *text, size_t len,
                     scenario *out, FILE *err,
                     int (*fn)(sc_loader *, const yaml_node_t *));

int scenario_load_buffer(const char *name, const char *text, size_t len,
                         scenario *out, FILE *err)
{
    memset(out, 0, sizeof *out);
    return load_text(name, text, len, out, err, load_root);
}

int scenario_load_input(const char *path, scenario *s, FILE *err)
{
    size_t len = 0;
    char *text = read_file(path, &len, err);
    if (text == NULL)
        return -1;
    /* read into a scenario of the same game (the script's own frames and
     * inputs only), then moved over */
    scenario tmp;
    memset(&tmp, 0, sizeof tmp);
    tmp.game = s->game;
    int rc = load_text(path, text, len, &tmp, err, load_input_root);
    free(text);
    if (rc != 0)
        return -1;
    free(s->inputs);
    s->inputs = tmp.inputs;
    s->frames = tmp.frames;
    tmp.inputs = NULL;
    scenario_free(&tmp);
    return 0;
}

static int load_text(const char *name, const char *text, size_t len,
                     scenario *out, FILE *err,
                     int (*fn)(sc_loader *, const yaml_node_t *))
{
    sc_loader *L = calloc(1, sizeof *L);
    if (L == NULL) {
        fprintf(err, "%s: out of memory\n", name);
        return -1;
    }
    L->path = name;
    L->err = err;
    L->s = out;
    L->text = text;
    L->text_len = len;
    int rc = -1;
    yaml_parser_t parser;
    out->path = str_dup(name);
    if (out->path == NULL) {
        fprintf(err, "%s: out of memory\n", name);
        goto done;
    }
    if (!yaml_parser_initialize(&parser)) {
        fprintf(err, "%s: out of memory\n", name);
        goto done;
    }
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
    if (!yaml_parser_load(&parser, &L->doc)) {
        parse_error(L, &parser);
        yaml_parser_delete(&parser);
        goto done;
    }
    const yaml_node_t *root = yaml_document_get_root_node(&L->doc);
    if (root == NULL) {
        sc_fail_at(L, 1, 1, "empty file: expected a scenario mapping");
        goto done_doc;
    }
    /* exactly one document */
    yaml_document_t extra;
    if (!yaml_parser_load(&parser, &extra)) {
        parse_error(L, &parser);
        goto done_doc;
    }
    const yaml_node_t *r2 = yaml_document_get_root_node(&extra);
    if (r2) {
        sc_fail(L, r2,
                "a scenario file holds one YAML document; found another");
        yaml_document_delete(&extra);
        goto done_doc;
    }
    yaml_document_delete(&extra);
    rc = fn(L, root);

done_doc:
    yaml_document_delete(&L->doc);
    yaml_parser_delete(&parser);
done:
    free(L->symbols);
    free(L);
    if (rc != 0) {
        scenario_free(out);
        memset(out, 0, sizeof *out);
    }
    return rc;
}

int scenario_load(const char *path, scenario *out, FILE *err)
{
    memset(out, 0, sizeof *out);
    size_t len = 0;
    char *text = read_file(path, &len, err);
    if (text == NULL)
        return -1;
    int rc = scenario_load_buffer(path, text, len, out, err);
    free(text);
    if (rc == 0 && sc_refuse_in_suite(path, out, err) != 0) {
        scenario_free(out);
        memset(out, 0, sizeof *out);
        rc = -1;
    }
    return rc;
}
