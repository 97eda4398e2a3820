/*
 * test_scenario_write.c - scenarios built in memory and written as YAML:
 * every bundled scenario and a batch of random ones (fixed seed) go
 * load/build -> scenario_write_yaml -> scenario_load_buffer and must come
 * back with the same hash, the same core trace, the same strings, and the
 * same text when written again; scenario_check refuses what the format
 * cannot hold; scenario_trim_map keeps the physics.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "scenario/scenario.h"
#include "test.h"
#include "trace/trace.h"

/* ---- helpers ------------------------------------------------------------ */

static char *write_text(const scenario *s, int *rc)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (f == NULL)
        return NULL;
    *rc = scenario_write_yaml(f, s);
    fclose(f);
    return buf;
}

static int same_str(const char *a, const char *b)
{
    if (a == NULL || b == NULL)
        return a == b;
    return strcmp(a, b) == 0;
}

/* Every traced field (a struct compare would read padding). */
static int same_player(const spg_player *a, const spg_player *b)
{
    int32_t va[TRACE_COLUMNS_SONIC2], vb[TRACE_COLUMNS_SONIC2];
    trace_row_values_layout(&trace_layout_sonic2, 0, a, va);
    trace_row_values_layout(&trace_layout_sonic2, 0, b, vb);
    return memcmp(va, vb, sizeof va) == 0;
}

/* The core traces of both, in their mode's column set, row by row. */
static int same_trace(const scenario *a, const scenario *b)
{
    if (a->frames != b->frames || a->mode != b->mode)
        return 0;
    trace ta, tb;
    if (scenario_trace_core(a, &ta) != 0)
        return 0;
    if (scenario_trace_core(b, &tb) != 0) {
        trace_free(&ta);
        return 0;
    }
    int same = ta.rows == tb.rows && ta.ncols == tb.ncols &&
               ta.layout == tb.layout;
    for (int r = 0; r < ta.rows && same; r++)
        same = memcmp(ta.values[r], tb.values[r],
                      (size_t)ta.ncols * sizeof ta.values[r][0]) == 0;
    trace_free(&ta);
    trace_free(&tb);
    return same;
}

static int same_verifies(const scenario *a, const scenario *b)
{
    if (a->verify_count != b->verify_count)
        return 0;
    for (int i = 0; i < a->verify_count; i++) {
        const scenario_verify *x = &a->verifies[i], *y = &b->verifies[i];
        if (!same_str(x->id, y->id) || !same_str(x->source, y->source) ||
            !same_str(x->quote, y->quote) || !same_str(x->field, y->field) ||
            !same_str(x->note, y->note) || x->frame != y->frame ||
            x->value != y->value || x->has_original != y->has_original ||
            (x->has_original && x->original != y->original))
            return 0;
    }
    return 1;
}

/*
 * Write s, load it back, compare; then write the loaded one and compare
 * the texts.  Returns 1 when all holds; prints what did not.
 */
static int round_trip(const scenario *s, const char *label)
{
    int rc = -1;
    char *text = write_text(s, &rc);
    if (text == NULL || rc != 0) {
        printf("  %s: scenario_write_yaml failed\n", label);
        scenario_check(s, stdout);
        free(text);
        return 0;
    }
    scenario back;
    if (scenario_load_buffer(label, text, strlen(text), &back, stdout) != 0) {
        printf("  %s: the written text does not load:\n%s\n", label, text);
        free(text);
        return 0;
    }
    int ok = 1;
    if (back.hash != s->hash) {
        printf("  %s: hash %016llx, written and loaded %016llx\n", label,
               (unsigned long long)s->hash, (unsigned long long)back.hash);
        ok = 0;
    }
    if (!same_trace(s, &back)) {
        printf("  %s: the core trace differs\n", label);
        ok = 0;
    }
    if (!same_str(s->name, back.name) ||
        !same_str(s->description, back.description) ||
        !same_verifies(s, &back)) {
        printf("  %s: name, description or verifies differ\n", label);
        ok = 0;
    }
    if (!same_player(&s->start, &back.start) || s->variant != back.variant) {
        printf("  %s: start or variant differs\n", label);
        ok = 0;
    }
    int rc2 = -1;
    char *again = write_text(&back, &rc2);
    if (again == NULL || rc2 != 0 || strcmp(text, again) != 0) {
        printf("  %s: writing the loaded scenario gives another text\n",
               label);
        ok = 0;
    }
    if (!ok)
        printf("---- %s as written:\n%s----\n", label, text);
    free(again);
    free(text);
    scenario_free(&back);
    return ok;
}

/* ---- bundled scenarios -------------------------------------------------- */

static int bundled_count, bundled_failed;

static void walk(const char *dir)
{
    DIR *d = opendir(dir);
    if (d == NULL)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(path, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode)) {
            walk(path);
            continue;
        }
        size_t n = strlen(path);
        if (n < 5 || strcmp(path + n - 5, ".yaml") != 0)
            continue;
        scenario s;
        bundled_count++;
        if (scenario_load(path, &s, stdout) != 0) {
            bundled_failed++;
            continue;
        }
        if (!round_trip(&s, path))
            bundled_failed++;
        scenario_free(&s);
    }
    closedir(d);
}

static void test_bundled_round_trip(void)
{
    bundled_count = bundled_failed = 0;
    walk("scenarios");
    walk("harness/tests/good");
    CHECK(bundled_count >= 150);
    CHECK_EQ(bundled_failed, 0);
}

/* ---- random scenarios --------------------------------------------------- */

static uint64_t rng_state;

static uint32_t rnd(void)
{
    /* xorshift64* */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 0x2545F4914F6CDD1Dull) >> 32);
}

static int below(int n)
{
    return (int)(rnd() % (uint32_t)n);
}

static char *random_text(int allow_empty)
{
    static const char *const pieces[] = {
        "Sonic",
        " ",
        "runs",
        " ",
        "right",
        ".",
        "\n",
        "\"q\"",
        "\\",
        ": ",
        " #",
        "- ",
        "é",
        "→",
        "\t",
        "  ",
        "{x}",
        "'",
        "\xF0\x9F\x8C\x80",
        "\x01",
        "\xC2\x85",
        "---",
        "0x10",
        "yes",
        "\r",
        "\xEF\xBB\xBF",
        "~",
        "%",
        "&a",
        "*b",
        "\xE2\x80\xA8",
        "\xE2\x80\xA9",
        "\x7F",
        "\xC2\xA0",
    };
    int n = below(12) + (allow_empty ? 0 : 1);
    /* room for n pieces of up to 8 bytes, a newline, "x" and the NUL */
    size_t cap = 8 * (size_t)n + 3, len = 0;
    char *t = malloc(cap);
    if (t == NULL)
        return NULL;
    int simple = below(2); /* often foldable prose */
    for (int i = 0; i < n; i++) {
        const char *p =
            simple ? (i % 2 ? " " : "word")
                   : pieces[below((int)(sizeof pieces / sizeof pieces[0]))];
        size_t k = strlen(p);
        if (len + k + 3 > cap)
            break;
        memcpy(t + len, p, k);
        len += k;
    }
    if (simple && len > 0 && t[len - 1] == ' ')
        len--;
    if (simple && below(2))
        t[len++] = '\n';
    t[len] = '\0';
    if (!allow_empty && len == 0) {
        t[0] = 'x';
        t[1] = '\0';
    }
    return t;
}

static int8_t random_extent(void)
{
    switch (below(4)) {
    case 0:
        return (int8_t)(below(33) - 16);
    case 1:
        return (int8_t)(below(3) == 0 ? 16 : 0);
    default:
        return (int8_t)(below(256) - 128);
    }
}

static void random_mask(spg_mask *m)
{
    int in_range = below(2);
    for (int i = 0; i < 16; i++)
        m->heights[i] = in_range ? (int8_t)(below(33) - 16) : random_extent();
    if (in_range && below(2))
        spg_mask_derive_widths(m);
    else
        for (int i = 0; i < 16; i++)
            m->widths[i] = random_extent();
    m->angle = (uint8_t)below(256);
}

static const char *const columns[] = {"x",    "y_speed", "angle",
                                      "anim", "word_38", "on_object"};

static int random_scenario(scenario *s, int index)
{
    char name[64];
    switch (below(4)) {
    case 0:
        snprintf(name, sizeof name, "random-%d", index);
        break;
    case 1:
        snprintf(name, sizeof name, "fuzz case %d", index);
        break;
    case 2:
        snprintf(name, sizeof name, "yes");
        break;
    default:
        snprintf(name, sizeof name, "%d", index);
        break;
    }
    if (scenario_init(s, name, SPG_GAME_SONIC1, SPG_CHAR_SONIC,
                      (spg_variant)below(3)) != 0)
        return -1;
    if (below(3))
        s->description = random_text(1);

    /* masks: sometimes many kinds, to need the two-character legend */
    int many = index % 4 == 0;
    int masks = many ? 40 + below(216) : 1 + below(12);
    for (int m = 1; m <= masks; m++)
        random_mask(&s->masks[m]);
    s->map.mask_count = (uint16_t)(masks + 1);
    int w = 1 + below(many ? 120 : 40), h = 1 + below(many ? 60 : 20);
    if (scenario_set_map(s, below(1024 - w + 1), below(128 - h + 1), w, h))
        return -1;
    int density = below(100);
    for (int i = 0; i < w * h; i++) {
        if (below(100) >= density)
            continue;
        uint16_t c = (uint16_t)(1 + below(masks));
        if (below(2))
            c |= SPG_CELL_XFLIP;
        if (below(2))
            c |= SPG_CELL_YFLIP;
        c |= (uint16_t)(below(4) << 13); /* top / side solidity */
        s->cells[i] = c;
    }
    if (below(3) == 0) {
        s->map.limit_left = (int16_t)(below(65536) - 32768);
        s->map.limit_right = (int16_t)(below(65536) - 32768);
        s->map.limit_bottom = (int16_t)(below(65536) - 32768);
    }

    /* start: every field, independently */
    spg_player *p = &s->start;
    int px = (s->map.x0 + below(w)) * 16 + below(16);
    int py = (s->map.y0 + below(h)) * 16 + below(16);
    uint32_t ux = (uint32_t)px << 16 | (below(2) ? (uint32_t)below(65536) : 0);
    uint32_t uy = (uint32_t)py << 16 | (below(2) ? (uint32_t)below(65536) : 0);
    if (below(8) == 0)
        ux = rnd();
    memcpy(&p->x, &ux, sizeof ux);
    memcpy(&p->y, &uy, sizeof uy);
    p->x_speed = (int16_t)(below(4096) - 2048);
    p->y_speed = (int16_t)(below(4096) - 2048);
    p->ground_speed = (int16_t)(below(2) ? below(65536) - 32768 : 0);
    p->angle = (uint8_t)(below(2) ? below(256) : 0);
    p->status = (uint8_t)below(128);
    if (below(2)) {
        p->height_radius = (uint8_t)below(256);
        p->width_radius = (uint8_t)below(256);
    } else if (p->status & SPG_STATUS_ROLLING) {
        p->height_radius = s->profile.roll_height_radius;
        p->width_radius = s->profile.roll_width_radius;
    }
    do
        p->anim = (uint8_t)below(40);
    while (spg_anim_last_position(&s->profile, p->anim) < 0);
    if (below(2)) {
        p->anim_frame =
            (uint8_t)below((unsigned)spg_anim_last_position(&s->profile, p->anim) + 1);
        p->anim_timer = (uint8_t)below(256);
        p->prev_anim = (uint8_t)below(256);
        p->mapping_frame = (uint8_t)below((unsigned)spg_anim_mapping_frames(&s->profile));
        p->render_flags = (uint8_t)below(256);
    }
    static const uint8_t routines[] = {2, 2, 2, 6, 8};
    p->routine = routines[below(5)];
    p->control_lock = (uint16_t)(below(3) ? 0 : below(65536));
    p->jumping = (uint8_t)below(2);
    p->angle_buffer_1 = (uint8_t)below(256);
    p->angle_buffer_2 = (uint8_t)below(256);
    p->word_38 = (uint16_t)(below(2) ? 0 : below(65536));

    /* input: runs of random buttons, often trailing nothing */
    if (scenario_set_frames(s, 1 + below(200)))
        return -1;
    for (int i = 0; i < s->frames;) {
        int run = 1 + below(30);
        uint8_t held = below(3) ? (uint8_t)below(256) : 0;
        for (int k = 0; k < run && i < s->frames; k++, i++)
            s->inputs[i].held = held;
    }
    scenario_derive_pressed(s);

    int nv = below(3);
    if (nv) {
        s->verifies = calloc((size_t)nv, sizeof *s->verifies);
        if (s->verifies == NULL)
            return -1;
        for (int i = 0; i < nv; i++) {
            scenario_verify *v = &s->verifies[i];
            char id[32];
            snprintf(id, sizeof id, "random/%d-%d", index, i);
            s->verify_count = i + 1;
            v->id = malloc(strlen(id) + 1);
            if (v->id)
                strcpy(v->id, id);
            v->source = random_text(0);
            v->quote = random_text(0);
            const char *col = columns[below(6)];
            v->field = malloc(strlen(col) + 1);
            if (v->field)
                strcpy(v->field, col);
            if (below(2))
                v->note = random_text(1);
            v->frame = below(s->frames + 1);
            v->value = (int32_t)rnd();
            v->has_original = below(2);
            v->original = (int32_t)rnd();
        }
    }
    scenario_update_hash(s);
    return 0;
}

static void test_random_round_trip(void)
{
    rng_state = 0x5eed5ca1ab1eull;
    int failed = 0, wide = 0;
    for (int i = 0; i < 200; i++) {
        scenario s;
        if (random_scenario(&s, i) != 0) {
            failed++;
            scenario_free(&s);
            continue;
        }
        char label[32];
        snprintf(label, sizeof label, "random-%d", i);
        if (!round_trip(&s, label))
            failed++;
        int rc = -1;
        char *text = write_text(&s, &rc);
        if (text && strstr(text, "cell_width: 2"))
            wide++;
        free(text);
        scenario_free(&s);
    }
    CHECK_EQ(failed, 0);
    CHECK(wide >= 20); /* the two-character legend was exercised */
}

/* ---- what the format cannot hold ---------------------------------------- */

static int base_scenario(scenario *s)
{
    if (scenario_init(s, "base", SPG_GAME_SONIC1, SPG_CHAR_SONIC,
                      SPG_VARIANT_NORMAL) != 0 ||
        scenario_set_map(s, 2, 40, 4, 2) != 0 || scenario_set_frames(s, 5))
        return -1;
    for (int i = 0; i < 16; i++)
        s->masks[1].heights[i] = 16;
    spg_mask_derive_widths(&s->masks[1]);
    s->masks[1].angle = 0xFF;
    s->map.mask_count = 2;
    for (int x = 0; x < 4; x++)
        s->cells[4 + x] = 1 | SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID;
    s->start.x = 48 << 16;
    s->start.y = (40 * 16 + 16 - 20) << 16;
    s->inputs[0].held = SPG_BTN_RIGHT;
    scenario_derive_pressed(s);
    scenario_update_hash(s);
    return 0;
}

static void test_refusals(void)
{
    scenario s;
    CHECK_EQ(base_scenario(&s), 0);
    CHECK_EQ(scenario_check(&s, NULL), 0);
    CHECK(round_trip(&s, "base"));

    /* Each spoils one thing; scenario_check and the writer refuse it and
     * the writer writes nothing. */
    for (int k = 0; k < 13; k++) {
        scenario t;
        CHECK_EQ(base_scenario(&t), 0);
        switch (k) {
        case 0:
            t.inputs[1].pressed = SPG_BTN_RIGHT;
            break;
        case 1:
            t.start.anim_frame = 200;
            break; /* past the script's end marker */
        case 2:
            t.start.anim = 0x1F; /* past the script table */
            break;
        case 3:
            t.start.routine = 4;
            break;
        case 4:
            t.start.status |= 0x80;
            break;
        case 5:
            t.start.jumping = 2;
            break;
        case 6:
            t.cells[0] = SPG_CELL_TOP_SOLID;
            break; /* empty + flags */
        case 7:
            t.cells[0] = 2;
            break; /* no mask 2 */
        case 8:
            t.cells[0] = 0x0101;
            break; /* block id bits */
        case 9:
            t.name[0] = '\0';
            break;
        case 10:
            t.name[0] = (char)0xFF;
            break; /* not UTF-8 */
        case 11:
            t.profile.top_speed++;
            break;
        case 12:
            t.map.limit_top = -0x100;
            break; /* Sonic 1 has no top limit */
        }
        char *buf = NULL;
        size_t len = 0;
        FILE *err = open_memstream(&buf, &len);
        int rc = scenario_check(&t, err);
        fclose(err);
        if (rc != -1 || buf == NULL ||
            strstr(buf, "base: cannot be written") == NULL)
            printf("  refusal %d: rc %d, \"%s\"\n", k, rc, buf ? buf : "");
        CHECK_EQ(rc, -1);
        free(buf);
        int wrc = 0;
        char *text = write_text(&t, &wrc);
        CHECK_EQ(wrc, -1);
        CHECK(text != NULL && text[0] == '\0');
        free(text);
        scenario_free(&t);
    }
    scenario_free(&s);
}

/* ---- pieces of the output ----------------------------------------------- */

static void test_output_form(void)
{
    scenario s;
    CHECK_EQ(base_scenario(&s), 0);
    s.description = malloc(200);
    strcpy(s.description, "Sonic walks right on a floor four tiles wide; "
                          "nothing else happens at all, really, for the "
                          "five frames.\nSecond line.\n");
    s.start.status |= SPG_STATUS_ROLLING | SPG_STATUS_PUSHING;
    s.start.height_radius = s.profile.roll_height_radius;
    s.start.width_radius = 3;
    s.start.anim = 2;
    s.start.word_38 = 0x0100;
    s.masks[2] = s.masks[1];
    s.masks[2].heights[3] = 100; /* no bitmap: widths must be written */
    s.map.mask_count = 3;
    s.cells[0] = 2 | SPG_CELL_XFLIP | SPG_CELL_TOP_SOLID;
    scenario_update_hash(&s);
    int rc = -1;
    char *text = write_text(&s, &rc);
    CHECK_EQ(rc, 0);
    if (text == NULL)
        return;
    CHECK(strstr(text, "description: >\n  Sonic walks right") != NULL);
    CHECK(strstr(text, "\n\n  Second line.\n") != NULL);
    /* tiles in order of first use: mask 2 is t1 */
    CHECK(strstr(text, "  t1:\n    heights: [16, 16, 16, 100, 16") != NULL);
    CHECK(strstr(text, "  t2:\n    heights: full\n    angle: 0xFF\n\n") !=
          NULL);
    CHECK(strstr(text, "    widths: [") != NULL);       /* t1 only */
    CHECK(strstr(text, "    solidity: top\n") != NULL); /* t1's first use */
    CHECK(strstr(text, "\"#\": {tile: t1, flip: [x]}\n    \"A\": t2\n") !=
          NULL);
    CHECK(strstr(text, "    - \"#...\"\n    - \"AAAA\"\n") != NULL);
    CHECK(strstr(text, "  rolling: true\n  pushing: true\n  width_radius: 3\n"
                       "  word_38: 0x0100\n") != NULL);
    CHECK(strstr(text, "height_radius") == NULL); /* rolling implies it */
    CHECK(strstr(text, "anim") == NULL);
    CHECK(
        strstr(text, "input:\n  - {frames: 1, hold: [right]}\nframes: 5\n") !=
        NULL);
    CHECK(round_trip(&s, "form"));
    free(text);
    scenario_free(&s);
}

/* Trimming keeps every cell where it is and the core trace the same. */
static void test_trim(void)
{
    scenario s;
    CHECK_EQ(base_scenario(&s), 0);
    uint16_t *big = NULL;
    CHECK_EQ(scenario_set_map(&s, 0, 30, 20, 20), 0);
    big = s.cells;
    big[12 * 20 + 3] = 1 | SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID;
    big[12 * 20 + 4] = 1 | SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID;
    big[13 * 20 + 6] = 1 | SPG_CELL_SIDE_SOLID;
    big[0] = SPG_CELL_TOP_SOLID; /* an empty cell with flags: dropped */
    s.start.x = (4 * 16) << 16;
    s.start.y = (42 * 16 - 20) << 16;
    scenario_update_hash(&s);
    spg_player before[6], after[6];
    scenario_run_core(&s, before);
    uint64_t h0 = s.hash;
    CHECK_EQ(scenario_trim_map(&s), 0);
    CHECK_EQ(s.map.x0, 3);
    CHECK_EQ(s.map.y0, 42);
    CHECK_EQ(s.map.width, 4);
    CHECK_EQ(s.map.height, 2);
    CHECK_EQ(s.cells[0], 1 | SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID);
    CHECK_EQ(s.cells[4 + 3], 1 | SPG_CELL_SIDE_SOLID);
    CHECK(s.hash != h0);
    scenario_run_core(&s, after);
    for (int i = 0; i < 6; i++)
        CHECK(same_player(&before[i], &after[i]));
    CHECK(round_trip(&s, "trimmed"));

    /* nothing solid: one empty cell */
    memset(s.cells, 0, 8 * sizeof *s.cells);
    CHECK_EQ(scenario_trim_map(&s), 0);
    CHECK_EQ(s.map.width, 1);
    CHECK_EQ(s.map.height, 1);
    CHECK_EQ(s.cells[0], 0);
    CHECK(round_trip(&s, "trimmed-empty"));
    scenario_free(&s);
}


/* Sonic 2: the secondary path's cells and solidity, Tails, the start path
 * and counter survive the writer. */
static void test_sonic2_round_trip(void)
{
    static const char text[] =
        "name: two-paths\n"
        "game: sonic2\n"
        "character: tails\n"
        "tiles:\n"
        "  flat: {heights: full, angle: 0}\n"
        "  half: {heights: [8,8,8,8,8,8,8,8,8,8,8,8,8,8,8,8], angle: 0, "
        "solidity2: top}\n"
        "  slope: {heights: [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16], "
        "angle: 0xE0}\n"
        "map:\n"
        "  origin: [0, 736]\n"
        "  legend:\n"
        "    \"#\": flat\n"
        "    \"h\": half\n"
        "    \"x\": {tile: flat, tile2: slope, solidity2: none}\n"
        "    \"y\": {tile: half, flip: [x], solidity: top}\n"
        "    \"z\": {tile: half, solidity: sides, solidity2: all}\n"
        "  rows:\n"
        "    - \"#hxyz#\"\n"
        "start: {x: 40, y: 700, path: secondary, spindash_counter: 0x100}\n"
        "frames: 3\n";
    scenario s;
    CHECK_EQ(scenario_load_buffer("s2.yaml", text, strlen(text), &s, stdout),
             0);
    CHECK(s.cells2 != NULL);
    CHECK(round_trip(&s, "sonic2"));
    /* the top limit: -$100 (the vertical wrap) is written and loads back */
    s.map.limit_top = -0x100;
    scenario_update_hash(&s);
    {
        int rc = 0;
        char *out = write_text(&s, &rc);
        CHECK(out && strstr(out, "top: -256"));
        free(out);
    }
    CHECK(round_trip(&s, "sonic2-wrap"));
    s.map.limit_top = 0;
    scenario_update_hash(&s);
    /* built in memory: a secondary mask on a cell, then trimmed */
    CHECK_EQ(scenario_set_map(&s, 0, 40, 8, 4), 0);
    CHECK(s.cells2 == NULL);
    s.cells[2 * 8 + 3] = 1 | SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID_2;
    s.cells[2 * 8 + 4] = 2 | SPG_CELL_TOP_SOLID_2;
    s.cells2 = calloc(32, 1);
    CHECK(s.cells2 != NULL);
    if (s.cells2) {
        s.cells2[2 * 8 + 3] = 3;
        s.cells2[2 * 8 + 4] = 2;
        s.map.secondary_masks = s.cells2;
        scenario_update_hash(&s);
        CHECK(round_trip(&s, "sonic2-built"));
        CHECK_EQ(scenario_trim_map(&s), 0);
        CHECK_EQ(s.map.width, 2);
        CHECK(s.cells2 != NULL && s.cells2[0] == 3 && s.cells2[1] == 2);
        CHECK(round_trip(&s, "sonic2-trimmed"));
        /* a secondary mask on an empty cell is refused */
        s.cells2[1] = 0;
        CHECK(scenario_check(&s, NULL) != 0);
    }
    scenario_free(&s);
}

/* Sonic CD's start fields: written only when they differ from the level
 * start's (time zone 1, camera centres 160 and 96), loaded back to the
 * same hash and trace; a boredom timer at the give-up, a fourth time zone
 * and the fields in another game are refused. */
static void test_soniccd_round_trip(void)
{
    static const char text[] =
        "name: scd\n"
        "game: soniccd\n"
        "variant: speed_shoes\n"
        "tiles:\n"
        "  flat: {heights: full, angle: 0xFF}\n"
        "map:\n"
        "  origin: [2304, 736]\n"
        "  rows: [\"########\"]\n"
        "  legend: {\"#\": flat}\n"
        "start: {x: 2340, y: 716, charge: 12, player_ctrl: 0x80,\n"
        "        look_mode: 0x83, time_zone: 2, cam_x_center: 130,\n"
        "        cam_y_center: 0xC8, bored_timer: 10799}\n"
        "input: [{frames: 4, hold: [up]}]\n";
    scenario s;
    CHECK_EQ(scenario_load_buffer("scd.yaml", text, strlen(text), &s, stdout),
             0);
    CHECK_EQ(s.start.charge, 12);
    CHECK_EQ(s.start.player_ctrl, 0x80);
    CHECK_EQ(s.start.look_mode, 0x83);
    CHECK_EQ(s.start.time_zone, 2);
    CHECK_EQ(s.start.cam_x_center, 130);
    CHECK_EQ(s.start.cam_y_center, 0xC8);
    CHECK_EQ(s.start.bored_timer, 10799);
    CHECK(round_trip(&s, "soniccd"));
    int rc = -1;
    char *out = write_text(&s, &rc);
    CHECK(out && strstr(out, "time_zone: 2") && strstr(out, "charge: 12") &&
          strstr(out, "bored_timer: 10799"));
    free(out);
    /* the level start's values are not written */
    uint64_t h = s.hash;
    s.start.time_zone = 1;
    s.start.cam_x_center = 160;
    s.start.cam_y_center = 0x60;
    scenario_update_hash(&s);
    CHECK(s.hash != h);
    out = write_text(&s, &rc);
    CHECK(out && !strstr(out, "time_zone") && !strstr(out, "cam_x_center") &&
          !strstr(out, "cam_y_center"));
    free(out);
    CHECK(round_trip(&s, "soniccd-defaults"));
    s.start.bored_timer = SCENARIO_BORED_GIVE_UP;
    CHECK(scenario_check(&s, NULL) != 0);
    s.start.bored_timer = 0;
    s.start.time_zone = 3;
    CHECK(scenario_check(&s, NULL) != 0);
    scenario_free(&s);
    /* in Sonic 1 the fields must keep their (zero) defaults */
    scenario t;
    CHECK_EQ(base_scenario(&t), 0);
    t.start.look_mode = 1;
    CHECK(scenario_check(&t, NULL) != 0);
    t.start.look_mode = 0;
    t.start.cam_x_center = 160;
    CHECK(scenario_check(&t, NULL) != 0);
    scenario_free(&t);
}

/* The water: `water_level:` written where a level has water, loaded back
 * to the same hash and trace; without it the hash is the dry one's; water
 * where the level has none, a Labyrinth Zone without it, a level without
 * the flag and a start whose speed constants are not the variant's are
 * refused. */
static void test_water_round_trip(void)
{
    static const char wet[] =
        "name: wet\n"
        "game: sonic3k\n"
        "character: tails\n"
        "water_level: 700\n"
        "tiles:\n"
        "  flat: {heights: full, angle: 0xFF}\n"
        "map:\n"
        "  origin: [512, 736]\n"
        "  rows: [\"########\"]\n"
        "  legend: {\"#\": flat}\n"
        "start: {x: 560, y: 650, in_air: true, y_speed: 0x300}\n"
        "frames: 30\n";
    scenario s;
    CHECK_EQ(scenario_load_buffer("wet.yaml", wet, strlen(wet), &s, stdout),
             0);
    CHECK_EQ(s.map.water_flag, 1);
    CHECK_EQ(s.map.water_level, 700);
    CHECK(round_trip(&s, "water"));
    int rc = -1;
    char *out = write_text(&s, &rc);
    CHECK(out && strstr(out, "water_level: 700\n"));
    free(out);
    /* dry: the hash of the same file without the key */
    uint64_t h = s.hash;
    scenario_clear_water(&s);
    scenario_update_hash(&s);
    CHECK(s.hash != h);
    out = write_text(&s, &rc);
    CHECK(out && !strstr(out, "water_level"));
    free(out);
    CHECK(round_trip(&s, "water-dry"));
    s.map.water_level = 700; /* a surface without the flag */
    CHECK(scenario_check(&s, NULL) != 0);
    scenario_clear_water(&s);
    s.start.top_speed = 0x300; /* not the variant's */
    CHECK(scenario_check(&s, NULL) != 0);
    scenario_free(&s);
    /* Sonic 1: Labyrinth Zone only, and always */
    scenario t;
    CHECK_EQ(base_scenario(&t), 0);
    CHECK(!scenario_water_allowed(&t) && !scenario_water_required(&t));
    CHECK(scenario_set_water(&t, 600) != 0);
    t.map.water_flag = 1;
    t.map.water_level = 600;
    CHECK(scenario_check(&t, NULL) != 0);
    scenario_clear_water(&t);
    scenario_set_zone(&t, game_zone_by_name(scenario_game(&t), "lz"));
    CHECK(scenario_water_required(&t));
    CHECK(scenario_check(&t, NULL) != 0);
    CHECK_EQ(scenario_set_water(&t, 600), 0);
    CHECK_EQ(scenario_check(&t, NULL), 0);
    scenario_update_hash(&t);
    out = write_text(&t, &rc);
    CHECK(out && strstr(out, "zone: lz\nwater_level: 600\n"));
    free(out);
    CHECK(round_trip(&t, "water-lz"));
    scenario_free(&t);
}

int main(void)
{
    RUN(test_water_round_trip);
    RUN(test_sonic2_round_trip);
    RUN(test_soniccd_round_trip);
    RUN(test_bundled_round_trip);
    RUN(test_random_round_trip);
    RUN(test_refusals);
    RUN(test_output_form);
    RUN(test_trim);
    TEST_MAIN_END();
}
