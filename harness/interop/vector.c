/*
 * vector.c - test vectors (JSON) and BizHawk movies (.bk2) of scenarios.
 */
#include "interop/vector.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "util/json.h"
#include "util/xalloc.h"

/* ---- JSON test vectors ---------------------------------------------------- */


static const char *variant_name(spg_variant v)
{
    switch (v) {
    case SPG_VARIANT_SPEED_SHOES:
        return "speed_shoes";
    case SPG_VARIANT_UNDERWATER:
        return "underwater";
    default:
        return "normal";
    }
}

/* "key": value pairs of integer struct fields. */
#define FIELD(obj, name) \
    fprintf(f, "%s\"" #name "\": %ld", n++ ? ", " : "", (long)(obj)->name)

static void json_profile(FILE *f, const spg_profile *p, const game_desc *game)
{
    int n = 0;
    fputc('{', f);
    FIELD(p, top_speed);
    FIELD(p, acceleration);
    FIELD(p, deceleration);
    FIELD(p, air_acceleration);
    FIELD(p, gravity);
    FIELD(p, underwater_gravity_cut);
    FIELD(p, jump_speed);
    FIELD(p, jump_release_cap);
    FIELD(p, jump_speed_underwater);
    FIELD(p, jump_release_cap_underwater);
    FIELD(p, rise_speed_cap);
    FIELD(p, slope_factor);
    FIELD(p, slope_factor_rollup);
    FIELD(p, slope_factor_rolldown);
    FIELD(p, roll_friction);
    FIELD(p, roll_deceleration);
    FIELD(p, roll_min_speed);
    FIELD(p, roll_x_speed_cap);
    FIELD(p, slip_speed);
    FIELD(p, slip_lock);
    FIELD(p, skid_speed);
    FIELD(p, jump_min_room);
    FIELD(p, stand_height_radius);
    FIELD(p, stand_width_radius);
    FIELD(p, roll_height_radius);
    FIELD(p, roll_width_radius);
    FIELD(p, clamp_above_top_speed);
    FIELD(p, air_clamp_above_top_speed);
    FIELD(p, layout_tiles_x);
    FIELD(p, layout_tiles_y);
    if (game_has(game, GAME_S3_STATE)) /* other vectors stay as they were */
        FIELD(p, right_limit_offset);
    if (game_has(game, GAME_S3K_STATE)) {
        FIELD(p, roll_stop_speed);
        FIELD(p, wall_check_cardinal);
        FIELD(p, right_limit_exclusive);
        FIELD(p, land_shift_by_angle);
    }
    if (game_has(game, GAME_SCD_STATE)) {
        FIELD(p, roll_jump_stand_radii);
        FIELD(p, air_roll_jump_lock);
        FIELD(p, floor_negative_full);
        FIELD(p, peelout_speed);
        FIELD(p, spindash_speed);
        FIELD(p, charge_speed_cap);
        FIELD(p, spindash_start_speed);
        FIELD(p, peelout_charge_frames);
        FIELD(p, spindash_charge_frames);
        FIELD(p, fall_speed_cap);
    }
    fputc('}', f);
}

static void json_player(FILE *f, const spg_player *p, const game_desc *game)
{
    int n = 0;
    fputc('{', f);
    FIELD(p, x);
    FIELD(p, y);
    FIELD(p, x_speed);
    FIELD(p, y_speed);
    FIELD(p, ground_speed);
    FIELD(p, angle);
    FIELD(p, status);
    FIELD(p, height_radius);
    FIELD(p, width_radius);
    FIELD(p, control_lock);
    FIELD(p, anim);
    FIELD(p, routine);
    FIELD(p, jumping);
    FIELD(p, angle_buffer_1);
    FIELD(p, angle_buffer_2);
    FIELD(p, word_38);
    if (game_has(game, GAME_PATHS)) {
        /* the path and spindash fields (Sonic 1 vectors stay as they were) */
        FIELD(p, spindash_counter);
        FIELD(p, top_solid_bit);
        FIELD(p, lrb_solid_bit);
    }
    if (game_has(game, GAME_S3_STATE)) {
        FIELD(p, double_jump_flag);
        FIELD(p, double_jump_property);
        FIELD(p, scroll_delay_counter);
        FIELD(p, frame_counter);
    }
    if (game_has(game, GAME_S3K_STATE))
        FIELD(p, glide_flags);
    if (game_has(game, GAME_SCD_STATE)) {
        FIELD(p, charge);
        FIELD(p, player_ctrl);
        FIELD(p, look_mode);
        FIELD(p, time_zone);
        FIELD(p, cam_x_center);
        FIELD(p, cam_y_center);
        FIELD(p, bored_timer);
    }
    fputc('}', f);
}

static void json_masks(FILE *f, const scenario *s)
{
    fputs("[", f);
    for (int m = 0; m < s->map.mask_count; m++) {
        const spg_mask *k = &s->map.masks[m];
        int32_t h[16], w[16];
        for (int i = 0; i < 16; i++) {
            h[i] = k->heights[i];
            w[i] = k->widths[i];
        }
        fprintf(f, "%s\n    {\"index\": %d, \"heights\": ", m ? "," : "", m);
        json_int_array(f, h, 16);
        fputs(", \"widths\": ", f);
        json_int_array(f, w, 16);
        fprintf(f, ", \"angle\": %d}", k->angle);
    }
    fputs("\n  ]", f);
}

static void json_map(FILE *f, const spg_map *m, const game_desc *game)
{
    fprintf(f, "{\"x0\": %d, \"y0\": %d, \"width\": %d, \"height\": %d,\n"
               "    \"limit_left\": %d, \"limit_right\": %d, "
               "\"limit_bottom\": %d,",
            m->x0, m->y0, m->width, m->height, m->limit_left, m->limit_right,
            m->limit_bottom);
    /* the top limit: only Sonic 2's and 3's code read it (other vectors
     * stay as they were) */
    if (game_has(game, GAME_TOP_LIMIT))
        fprintf(f, " \"limit_top\": %d,", m->limit_top);
    fputs("\n    \"cells\": [", f);
    for (int r = 0; r < m->height; r++) {
        fputs(r ? ",\n      [" : "\n      [", f);
        for (int c = 0; c < m->width; c++)
            fprintf(f, c ? ",%d" : "%d", m->cells[(size_t)r * m->width + c]);
        fputc(']', f);
    }
    fputs("\n    ]", f);
    if (m->secondary_masks) {
        /* Sonic 2: the mask each cell shows on the secondary path */
        fputs(",\n    \"secondary_masks\": [", f);
        for (int r = 0; r < m->height; r++) {
            fputs(r ? ",\n      [" : "\n      [", f);
            for (int c = 0; c < m->width; c++)
                fprintf(f, c ? ",%d" : "%d",
                        m->secondary_masks[(size_t)r * m->width + c]);
            fputc(']', f);
        }
        fputs("\n    ]", f);
    }
    /* Sonic 1's zone and loops, where a scenario has them (others stay
     * as they were) */
    if (game->zone_count > 0 &&
        (m->zone != game->zones[game->default_zone].id || m->layout ||
         m->low_cells)) {
        fprintf(f, ",\n    \"zone\": %d, \"loop_chunks\": [%d, %d, %d, %d]",
                m->zone, m->loop_chunks[0], m->loop_chunks[1],
                m->loop_chunks[2], m->loop_chunks[3]);
        if (m->layout) {
            fputs(",\n    \"layout\": [", f);
            for (int r = 0; r < SPG_LAYOUT_ROWS; r++) {
                fputs(r ? ",\n      [" : "\n      [", f);
                for (int c = 0; c < SPG_LAYOUT_ROW_BYTES; c++)
                    fprintf(f, c ? ",%d" : "%d",
                            m->layout[r * SPG_LAYOUT_ROW_BYTES + c]);
                fputc(']', f);
            }
            fputs("\n    ]", f);
        }
        if (m->low_cells) {
            fputs(",\n    \"low_cells\": [", f);
            for (int r = 0; r < m->height; r++) {
                fputs(r ? ",\n      [" : "\n      [", f);
                for (int c = 0; c < m->width; c++)
                    fprintf(f, c ? ",%d" : "%d",
                            m->low_cells[(size_t)r * m->width + c]);
                fputc(']', f);
            }
            fputs("\n    ]", f);
        }
    }
    /* the level's water, where a scenario has it (others stay as they
     * were) */
    if (m->water_flag)
        fprintf(f, ",\n    \"water_flag\": %d, \"water_level\": %d",
                m->water_flag, m->water_level);
    fputc('}', f);
}

static void json_inputs(FILE *f, const scenario *s)
{
    fputs("{\"held\": [", f);
    for (int i = 0; i < s->frames; i++)
        fprintf(f, i ? ",%d" : "%d", s->inputs[i].held);
    fputs("],\n    \"pressed\": [", f);
    for (int i = 0; i < s->frames; i++)
        fprintf(f, i ? ",%d" : "%d", s->inputs[i].pressed);
    fputs("]}", f);
}

static void json_verifies(FILE *f, const scenario *s)
{
    fputc('[', f);
    for (int i = 0; i < s->verify_count; i++) {
        const scenario_verify *v = &s->verifies[i];
        fputs(i ? ",\n    {\"id\": " : "\n    {\"id\": ", f);
        json_str(f, v->id);
        fputs(", \"source\": ", f);
        json_str(f, v->source);
        fputs(", \"quote\": ", f);
        json_str(f, v->quote);
        fprintf(f, ", \"frame\": %d, \"field\": ", v->frame);
        json_str(f, v->field);
        fprintf(f, ", \"value\": %" PRId32 ", \"original\": ", v->value);
        json_int_or_null(f, v->has_original, v->original);
        fputs(", \"note\": ", f);
        json_str(f, v->note);
        fputc('}', f);
    }
    fputs(s->verify_count ? "\n  ]" : "]", f);
}

static void json_golden(FILE *f, const trace *g)
{
    fputs("{\"rom_md5\": ", f);
    json_str(f, g->rom_md5[0] ? g->rom_md5 : NULL);
    fputs(", \"scenario_hash\": ", f);
    json_str(f, g->scenario_hash[0] ? g->scenario_hash : NULL);
    fputs(",\n    \"columns\": [", f);
    for (int c = 0; c < g->ncols; c++) {
        if (c)
            fputs(", ", f);
        json_str(f, g->names[c]);
    }
    fputs("],\n    \"rows\": [", f);
    for (int r = 0; r < g->rows; r++) {
        fputs(r ? ",\n      " : "\n      ", f);
        json_int_array(f, g->values[r], g->ncols);
    }
    fputs("\n    ]}", f);
}

void export_vector_json(FILE *f, const scenario *s, const char *path,
                        const char *rel, const trace *golden,
                        export_golden state)
{
    char hash[17];
    scenario_hash_hex(s, hash);
    fprintf(f, "{\n  \"spgsim_vector\": %d,\n  \"core_version\": \"%s\",\n",
            EXPORT_VECTOR_VERSION, SPG_VERSION);
    fputs("  \"id\": ", f);
    json_str(f, rel);
    fputs(", \"path\": ", f);
    json_str(f, path);
    fputs(", \"name\": ", f);
    json_str(f, s->name);
    fputs(",\n  \"description\": ", f);
    json_str(f, s->description);
    fprintf(f, ",\n  \"game\": \"%s\", \"character\": \"%s\", "
               "\"variant\": \"%s\", \"scenario_hash\": \"%s\",\n",
            scenario_game(s)->name,
            s->character == SPG_CHAR_TAILS ? "tails" : "sonic",
            variant_name(s->variant), hash);
    fputs("  \"profile\": ", f);
    json_profile(f, &s->profile, scenario_game(s));
    fputs(",\n  \"masks\": ", f);
    json_masks(f, s);
    fputs(",\n  \"map\": ", f);
    json_map(f, &s->map, scenario_game(s));
    fputs(",\n  \"start\": ", f);
    json_player(f, &s->start, scenario_game(s));
    fprintf(f, ",\n  \"frames\": %d,\n  \"input\": ", s->frames);
    json_inputs(f, s);
    fputs(",\n  \"verifies\": ", f);
    json_verifies(f, s);
    fprintf(f, ",\n  \"golden_status\": \"%s\",\n  \"golden\": ",
            state == EXPORT_GOLDEN_FRESH     ? "fresh"
            : state == EXPORT_GOLDEN_STALE ? "stale"
                                           : "missing");
    if (golden != NULL)
        json_golden(f, golden);
    else
        fputs("null", f);
    fputs("\n}\n", f);
}

/* ---- BizHawk movies --------------------------------------------------------- */

/* Sonic the Hedgehog (REV01): what BizHawk's header names. */
#define BK2_SHA1_SONIC1 "69E102855D4389C3FD1A8F3DC7D193F8EEE5FE5B"

/* The button columns of one 3-button pad, in LogKey order, with the
 * letter the log uses when it is down. */
static const struct {
    const char *name;
    char mnemonic;
    uint8_t bit;
} pad[8] = {
    {"Up", 'U', SPG_BTN_UP},       {"Down", 'D', SPG_BTN_DOWN},
    {"Left", 'L', SPG_BTN_LEFT},   {"Right", 'R', SPG_BTN_RIGHT},
    {"A", 'A', SPG_BTN_A},         {"B", 'B', SPG_BTN_B},
    {"C", 'C', SPG_BTN_C},         {"Start", 'S', SPG_BTN_START},
};

static void put16(FILE *f, unsigned v)
{
    fputc((int)(v & 0xFF), f);
    fputc((int)((v >> 8) & 0xFF), f);
}

static void put32(FILE *f, uint32_t v)
{
    put16(f, v & 0xFFFFu);
    put16(f, v >> 16);
}

typedef struct zip_entry {
    const char *name;
    char *data;
    size_t len;
    uint32_t crc, offset;
} zip_entry;

/* A zip archive of stored (uncompressed) entries, dated 1980-01-01 so the
 * same scenario always gives the same bytes. */
static void write_zip(FILE *f, zip_entry *e, int n)
{
    uint32_t pos = 0;
    for (int i = 0; i < n; i++) {
        size_t nl = strlen(e[i].name);
        e[i].crc = (uint32_t)crc32(0L, (const Bytef *)e[i].data,
                                   (uInt)e[i].len);
        e[i].offset = pos;
        put32(f, 0x04034b50u);   /* local file header */
        put16(f, 10);            /* version needed: 1.0 */
        put16(f, 0);             /* flags */
        put16(f, 0);             /* stored */
        put16(f, 0);             /* time */
        put16(f, 0x21);          /* date: 1980-01-01 */
        put32(f, e[i].crc);
        put32(f, (uint32_t)e[i].len);
        put32(f, (uint32_t)e[i].len);
        put16(f, (unsigned)nl);
        put16(f, 0);
        fwrite(e[i].name, 1, nl, f);
        fwrite(e[i].data, 1, e[i].len, f);
        pos += (uint32_t)(30 + nl + e[i].len);
    }
    uint32_t cd = pos, cd_len = 0;
    for (int i = 0; i < n; i++) {
        size_t nl = strlen(e[i].name);
        put32(f, 0x02014b50u);   /* central directory header */
        put16(f, 20);            /* made by */
        put16(f, 10);
        put16(f, 0);
        put16(f, 0);
        put16(f, 0);
        put16(f, 0x21);
        put32(f, e[i].crc);
        put32(f, (uint32_t)e[i].len);
        put32(f, (uint32_t)e[i].len);
        put16(f, (unsigned)nl);
        put16(f, 0);             /* extra */
        put16(f, 0);             /* comment */
        put16(f, 0);             /* disk */
        put16(f, 0);             /* internal attributes */
        put32(f, 0);             /* external attributes */
        put32(f, e[i].offset);
        fwrite(e[i].name, 1, nl, f);
        cd_len += (uint32_t)(46 + nl);
    }
    put32(f, 0x06054b50u);       /* end of central directory */
    put16(f, 0);
    put16(f, 0);
    put16(f, (unsigned)n);
    put16(f, (unsigned)n);
    put32(f, cd_len);
    put32(f, cd);
    put16(f, 0);
}

/* Text built with stdio into an entry. */
static FILE *entry_open(zip_entry *e, const char *name)
{
    e->name = name;
    e->data = NULL;
    e->len = 0;
    FILE *m = open_memstream(&e->data, &e->len);
    if (m == NULL) {
        fputs("spgsim: out of memory\n", stderr);
        exit(2);
    }
    return m;
}

static void entry_close(FILE *m)
{
    if (fclose(m) != 0) {
        fputs("spgsim: out of memory\n", stderr);
        exit(2);
    }
}

static void pad_line(FILE *m, uint8_t held)
{
    fputs("|..|", m); /* console: Reset, Power */
    for (int b = 0; b < 8; b++)
        fputc(held & pad[b].bit ? pad[b].mnemonic : '.', m);
    fputs("|........|\n", m); /* player 2: nothing */
}

void export_bk2(FILE *f, const scenario *s, const char *rel, int lead)
{
    zip_entry e[5];
    FILE *m = entry_open(&e[0], "Header.txt");
    fputs("MovieVersion BizHawk v2.0.0\n"
          "Author spgsim export\n"
          "Platform GEN\n"
          "GameName Sonic The Hedgehog (REV01)\n"
          "SHA1 " BK2_SHA1_SONIC1 "\n"
          "Core Genplus-gx\n"
          "rerecordCount 0\n", m);
    entry_close(m);

    m = entry_open(&e[1], "Input Log.txt");
    fputs("[Input]\nLogKey:#Reset|Power|", m);
    for (int p = 1; p <= 2; p++) {
        for (int b = 0; b < 8; b++)
            fprintf(m, "%sP%d %s|", b == 0 ? "#" : "", p, pad[b].name);
    }
    fputc('\n', m);
    for (int i = 0; i < lead; i++)
        pad_line(m, 0);
    for (int i = 0; i < s->frames; i++)
        pad_line(m, s->inputs[i].held);
    fputs("[/Input]\n", m);
    entry_close(m);

    m = entry_open(&e[2], "Comments.txt");
    fprintf(m, "spgsim scenario %s (%s): %d frames; scenario frame 1 is "
               "movie frame %d (counting from 0), scenario frame k is movie "
               "frame %d + k - 1. The inputs only; the scenario's start "
               "state and tile map are not in the movie (docs/movies.md).\n",
            rel, s->name, s->frames, lead, lead);
    entry_close(m);

    m = entry_open(&e[3], "Subtitles.txt");
    entry_close(m);

    m = entry_open(&e[4], "SyncSettings.json");
    fputs("{}\n", m);
    entry_close(m);

    write_zip(f, e, 5);
    for (int i = 0; i < 5; i++)
        free(e[i].data);
}
