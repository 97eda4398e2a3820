/*
 * write.c - write a scenario as a scenario file
 * (docs/scenario-format.md) that loads back to the same hash and the same
 * core trace: what the fuzzer writes for each divergence it keeps.
 *
 * The output is meant for people: tiles t1..tN in order of first use,
 * `full`/`empty` heights where they apply, widths only when they are not
 * the ones the loader derives, one-character legend symbols while they
 * last (93 kinds of cell), the start and bounds fields that differ from
 * their defaults, and run-length input steps.
 */
#include <stdlib.h>
#include <string.h>

#include "scenario/scenario.h"
#include "scenario/special.h"

/* ---- strings ---------------------------------------------------------- */

/* The next UTF-8 character of a string scenario_check accepted. */
static uint32_t next_char(const unsigned char **pp, int *len)
{
    const unsigned char *p = *pp;
    uint32_t c = p[0];
    int n = c < 0x80 ? 0 : (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 : 3;
    c &= n == 0 ? 0x7Fu : n == 1 ? 0x1Fu : n == 2 ? 0x0Fu : 0x07u;
    for (int i = 1; i <= n; i++)
        c = c << 6 | (p[i] & 0x3Fu);
    *len = n + 1;
    *pp = p + n + 1;
    return c;
}

/* Characters a YAML reader takes as they are (the YAML 1.1 printable set,
 * less the line breaks - NEL, LS and PS among them - and tab, which are
 * escaped). */
static int yaml_printable(uint32_t c)
{
    if (c == 0x2028 || c == 0x2029)
        return 0;
    return (c >= 0x20 && c <= 0x7E) || (c >= 0xA0 && c <= 0xD7FF) ||
           (c >= 0xE000 && c <= 0xFFFD && c != 0xFEFF) ||
           (c >= 0x10000 && c <= 0x10FFFF);
}

/* A double-quoted scalar: everything survives, escaped where needed. */
static void put_quoted(FILE *f, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    fputc('"', f);
    while (*p) {
        const unsigned char *at = p;
        int len;
        uint32_t c = next_char(&p, &len);
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", (int)c);
        else if (c == '\n')
            fputs("\\n", f);
        else if (c == '\t')
            fputs("\\t", f);
        else if (yaml_printable(c))
            fwrite(at, 1, (size_t)len, f);
        else if (c <= 0xFF)
            fprintf(f, "\\x%02X", (unsigned)c);
        else if (c <= 0xFFFF)
            fprintf(f, "\\u%04X", (unsigned)c);
        else
            fprintf(f, "\\U%08X", (unsigned)c);
    }
    fputc('"', f);
}

/* Plain when it is a simple word no YAML tool reads as anything but a
 * string, double-quoted otherwise. */
static void put_word(FILE *f, const char *s)
{
    static const char *const special[] = {
        "true", "false", "null", "yes", "no", "on", "off", "y", "n", NULL};
    int plain = (s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z');
    for (const char *c = s; *c && plain; c++)
        plain = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
                (*c >= '0' && *c <= '9') || *c == '_' || *c == '-' ||
                *c == '.' || *c == '/';
    for (int i = 0; special[i] && plain; i++) {
        const char *a = special[i], *b = s;
        while (*a && (*b | 0x20) == *a) {
            a++;
            b++;
        }
        if (*a == '\0' && *b == '\0')
            plain = 0;
    }
    if (plain)
        fputs(s, f);
    else
        put_quoted(f, s);
}

/*
 * Whether a text reads back unchanged from a folded block scalar (">" when
 * it ends in one newline, ">-" when in none): lines of printable ASCII
 * (and UTF-8) with no tab, no leading or trailing space, no double space;
 * no empty first line; at most one newline at the end.
 */
static int foldable(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || s[0] == '\n' || s[0] == ' ')
        return 0;
    if (n >= 2 && s[n - 1] == '\n' && s[n - 2] == '\n')
        return 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 && c != '\n')
            return 0;
        if (c == 0x7F)
            return 0;
        if (c == ' ' && (i + 1 == n || s[i + 1] == ' ' || s[i + 1] == '\n'))
            return 0;
        if (c == '\n' && i + 1 < n && s[i + 1] == ' ')
            return 0;
    }
    /* anything beyond ASCII must be printable for the YAML reader */
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        int len;
        uint32_t c = next_char(&p, &len);
        if (c >= 0x80 && !yaml_printable(c))
            return 0;
    }
    return 1;
}

/*
 * A folded block scalar at two spaces' indent: each line of the text is
 * wrapped at single spaces to about 72 columns (the wraps fold back into
 * those spaces), and each newline inside the text becomes an empty line.
 */
static void put_folded(FILE *f, const char *s)
{
    size_t n = strlen(s);
    int clip = s[n - 1] == '\n';
    fputs(clip ? ">\n" : ">-\n", f);
    const char *line = s, *end = s + n - (clip ? 1 : 0);
    while (line < end) {
        const char *nl = memchr(line, '\n', (size_t)(end - line));
        const char *stop = nl ? nl : end;
        if (stop == line) { /* an empty line of the text */
            fputc('\n', f);
            line = stop + 1;
            continue;
        }
        const char *p = line;
        while (p < stop) {
            const char *brk = NULL;
            if (stop - p > 72) {
                for (const char *q = p + 72; q > p; q--)
                    if (*q == ' ') {
                        brk = q;
                        break;
                    }
                if (brk == NULL)
                    brk = memchr(p + 72, ' ', (size_t)(stop - p - 72));
            }
            const char *e = brk ? brk : stop;
            fprintf(f, "  %.*s\n", (int)(e - p), p);
            p = brk ? brk + 1 : stop;
        }
        line = stop + 1;
        if (nl && line < end)
            fputc('\n', f); /* the newline itself: an empty line */
    }
}

/* ---- tiles and map ---------------------------------------------------- */

static const char *const button_order[] = {"up", "down", "left", "right",
                                           "a",  "b",    "c",    "start"};
static const uint8_t button_bit[] = {SPG_BTN_UP,    SPG_BTN_DOWN, SPG_BTN_LEFT,
                                     SPG_BTN_RIGHT, SPG_BTN_A,    SPG_BTN_B,
                                     SPG_BTN_C,     SPG_BTN_START};

/* One-character symbols, the readable ones first; every printable ASCII
 * character but '.' and space (93).  The two-character ones ("A0", "A1",
 * ... "B0" ...) leave out the two that need escapes in a double-quoted
 * row: 91 x 91 of them, more than the 255 x 4 x 4 kinds a map can have. */
static const char symbols1[] =
    "#ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    "=+*%@&$!?/|_-~^:;<>()[]{},'`\"\\";
static const char symbols2a[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    "#=+*%@&$!?/|_-~^:;<>()[]{},'`";
static const char symbols2b[] =
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    "#=+*%@&$!?/|_-~^:;<>()[]{},'`";
#define SYMBOLS1 ((int)sizeof symbols1 - 1)
#define SYMBOLS2 ((int)sizeof symbols2b - 1)

static void put_ints16(FILE *f, const int8_t *v)
{
    fputc('[', f);
    for (int i = 0; i < 16; i++)
        fprintf(f, "%s%d", i ? ", " : "", v[i]);
    fputc(']', f);
}

static void put_heights(FILE *f, const int8_t *h)
{
    int full = 1, empty = 1;
    for (int i = 0; i < 16; i++) {
        full &= h[i] == 16;
        empty &= h[i] == 0;
    }
    if (full)
        fputs("full", f);
    else if (empty)
        fputs("empty", f);
    else
        put_ints16(f, h);
}

/* What the loader makes of a mask without widths, if it can make
 * anything: 1 and the mask as it would be, 0 when a height is outside
 * -16..16 (widths are then required). */
static int derived(const spg_mask *m, spg_mask *out)
{
    for (int i = 0; i < 16; i++)
        if (m->heights[i] < -16 || m->heights[i] > 16)
            return 0;
    *out = *m;
    spg_mask_derive_widths(out);
    return 1;
}

static const char *solidity_name(uint16_t bits)
{
    bits &= SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID;
    return bits == (SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID) ? "all"
           : bits == SPG_CELL_TOP_SOLID                       ? "top"
           : bits == SPG_CELL_SIDE_SOLID                      ? "sides"
                                                              : "none";
}

/* The kinds of cell (distinct non-empty cells: cell word and, for Sonic
 * 2, the secondary path's mask) in order of first use; tile numbers
 * (1-based) of the masks in order of first use (a cell's mask, then its
 * secondary mask). */
typedef struct kinds {
    int count;
    uint32_t *key;   /* per kind: word | secondary mask << 16 */
    size_t cap;      /* hash slots (a power of two) */
    uint32_t *slot_key;
    int32_t *slot_kind; /* -1: free */
    int tiles;
    uint16_t tile_of_mask[SCENARIO_MAX_MASKS]; /* 0: unused */
    int mask_of_tile[SCENARIO_MAX_MASKS];
    uint16_t tile_solidity[SCENARIO_MAX_MASKS];
    uint16_t tile_solidity2[SCENARIO_MAX_MASKS]; /* Sonic 2 bits */
} kinds;

static uint32_t cell_key(const scenario *s, size_t i)
{
    uint16_t c = s->cells[i];
    unsigned m2 = s->cells2 ? s->cells2[i] : (unsigned)(c & SPG_CELL_MASK);
    return (uint32_t)c | (uint32_t)m2 << 16;
}

static size_t kind_slot(const kinds *k, uint32_t key)
{
    size_t i = (size_t)((key * 2654435761u) >> 5) & (k->cap - 1);
    while (k->slot_kind[i] >= 0 && k->slot_key[i] != key)
        i = (i + 1) & (k->cap - 1);
    return i;
}

static int kind_of(const kinds *k, uint32_t key)
{
    return k->slot_kind[kind_slot(k, key)];
}

static void free_kinds(kinds *k)
{
    if (k) {
        free(k->key);
        free(k->slot_key);
        free(k->slot_kind);
        free(k);
    }
}

static void add_tile(kinds *k, unsigned m, uint16_t solidity,
                     uint16_t solidity2)
{
    if (m == 0 || k->tile_of_mask[m] != 0)
        return;
    k->mask_of_tile[k->tiles] = (int)m;
    k->tile_solidity[k->tiles] = solidity;
    k->tile_solidity2[k->tiles] = solidity2;
    k->tile_of_mask[m] = (uint16_t)++k->tiles;
}

static uint16_t to_2(uint16_t bits)
{
    return (uint16_t)(((bits & SPG_CELL_TOP_SOLID) ? SPG_CELL_TOP_SOLID_2 : 0) |
                      ((bits & SPG_CELL_SIDE_SOLID) ? SPG_CELL_SIDE_SOLID_2
                                                    : 0));
}

static uint16_t from_2(uint16_t bits)
{
    return (uint16_t)(((bits & SPG_CELL_TOP_SOLID_2) ? SPG_CELL_TOP_SOLID : 0) |
                      ((bits & SPG_CELL_SIDE_SOLID_2) ? SPG_CELL_SIDE_SOLID
                                                      : 0));
}

#define SOLID_1 (SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID)
#define SOLID_2 (SPG_CELL_TOP_SOLID_2 | SPG_CELL_SIDE_SOLID_2)

static kinds *find_kinds(const scenario *s)
{
    size_t n = (size_t)s->map.width * s->map.height;
    kinds *k = calloc(1, sizeof *k);
    if (k == NULL)
        return NULL;
    size_t most = s->low_cells ? 2 * n : n; /* kinds at most */
    k->cap = 16;
    while (k->cap < 2 * most)
        k->cap *= 2;
    k->key = malloc(most * sizeof *k->key);
    k->slot_key = malloc(k->cap * sizeof *k->slot_key);
    k->slot_kind = malloc(k->cap * sizeof *k->slot_kind);
    if (k->key == NULL || k->slot_key == NULL || k->slot_kind == NULL) {
        free_kinds(k);
        return NULL;
    }
    for (size_t i = 0; i < k->cap; i++)
        k->slot_kind[i] = -1;
    for (size_t i = 0; i < n; i++) {
        uint16_t c = s->cells[i];
        unsigned m = c & SPG_CELL_MASK;
        uint32_t key = cell_key(s, i);
        if (m == 0)
            continue;
        size_t sl = kind_slot(k, key);
        if (k->slot_kind[sl] >= 0)
            continue;
        add_tile(k, m, c & SOLID_1, c & SOLID_2);
        /* a mask seen only on the secondary path: default solidity */
        add_tile(k, key >> 16, SOLID_1, SOLID_2);
        k->slot_key[sl] = key;
        k->slot_kind[sl] = k->count;
        k->key[k->count++] = key;
    }
    /* Sonic 1's low plane: its cells use the same legend */
    for (size_t i = 0; s->low_cells && i < n; i++) {
        uint16_t c = s->low_cells[i];
        unsigned m = c & SPG_CELL_MASK;
        uint32_t key = (uint32_t)c | (uint32_t)m << 16;
        if (m == 0)
            continue;
        size_t sl = kind_slot(k, key);
        if (k->slot_kind[sl] >= 0)
            continue;
        add_tile(k, m, c & SOLID_1, c & SOLID_2);
        k->slot_key[sl] = key;
        k->slot_kind[sl] = k->count;
        k->key[k->count++] = key;
    }
    return k;
}

static void put_symbol(FILE *f, int kind, int wide)
{
    if (wide) {
        fputc(symbols2a[kind / SYMBOLS2], f);
        fputc(symbols2b[kind % SYMBOLS2], f);
    } else {
        if (symbols1[kind] == '"' || symbols1[kind] == '\\')
            fputc('\\', f);
        fputc(symbols1[kind], f);
    }
}

static void write_tiles(FILE *f, const scenario *s, const kinds *k)
{
    if (k->tiles == 0) {
        fputs("tiles: {}\n", f);
        return;
    }
    fputs("tiles:\n", f);
    for (int t = 0; t < k->tiles; t++) {
        const spg_mask *m = &s->masks[k->mask_of_tile[t]];
        spg_mask d;
        fprintf(f, "  t%d:\n    heights: ", t + 1);
        put_heights(f, m->heights);
        fputc('\n', f);
        if (!derived(m, &d) || memcmp(d.widths, m->widths, 16) != 0) {
            fputs("    widths: ", f);
            put_ints16(f, m->widths);
            fputc('\n', f);
        }
        fprintf(f, "    angle: 0x%02X\n", (unsigned)m->angle);
        if (k->tile_solidity[t] != (SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID))
            fprintf(f, "    solidity: %s\n",
                    solidity_name(k->tile_solidity[t]));
        if (scenario_has(s, GAME_PATHS) &&
            k->tile_solidity2[t] != to_2(k->tile_solidity[t]))
            fprintf(f, "    solidity2: %s\n",
                    solidity_name(from_2(k->tile_solidity2[t])));
    }
}

static void write_map(FILE *f, const scenario *s, const kinds *k)
{
    int wide = k->count > SYMBOLS1;
    fprintf(f, "map:\n  origin: [%d, %d]\n", s->map.x0 * 16, s->map.y0 * 16);
    if (wide)
        fputs("  cell_width: 2          # two characters a cell\n", f);
    if (k->count > 0) {
        fputs("  legend:\n", f);
        for (int i = 0; i < k->count; i++) {
            uint16_t c = (uint16_t)(k->key[i] & 0xFFFFu);
            unsigned m2 = k->key[i] >> 16;
            int t = k->tile_of_mask[c & SPG_CELL_MASK] - 1;
            int t2 = k->tile_of_mask[m2] - 1;
            uint16_t sol = c & (SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID);
            uint16_t sol2 = c & SOLID_2;
            int s2 = scenario_has(s, GAME_PATHS);
            /* what the loader gives solidity2 when it is left out */
            uint16_t sol2_default =
                sol != k->tile_solidity[t] ? to_2(sol) : k->tile_solidity2[t];
            fputs("    \"", f);
            put_symbol(f, i, wide);
            fputs("\": ", f);
            if (!(c & (SPG_CELL_XFLIP | SPG_CELL_YFLIP)) &&
                sol == k->tile_solidity[t] &&
                (!s2 || (sol2 == k->tile_solidity2[t] && t2 == t))) {
                fprintf(f, "t%d\n", t + 1);
                continue;
            }
            fprintf(f, "{tile: t%d", t + 1);
            if (c & (SPG_CELL_XFLIP | SPG_CELL_YFLIP))
                fprintf(f, ", flip: [%s%s%s]", (c & SPG_CELL_XFLIP) ? "x" : "",
                        (c & SPG_CELL_XFLIP) && (c & SPG_CELL_YFLIP) ? ", "
                                                                     : "",
                        (c & SPG_CELL_YFLIP) ? "y" : "");
            if (sol != k->tile_solidity[t])
                fprintf(f, ", solidity: %s", solidity_name(sol));
            if (s2 && sol2 != sol2_default)
                fprintf(f, ", solidity2: %s", solidity_name(from_2(sol2)));
            if (s2 && t2 != t)
                fprintf(f, ", tile2: t%d", t2 + 1);
            fputs("}\n", f);
        }
    }
    fputs("  rows:\n", f);
    for (int y = 0; y < s->map.height; y++) {
        fputs("    - \"", f);
        for (int x = 0; x < s->map.width; x++) {
            size_t i = (size_t)y * s->map.width + (size_t)x;
            if ((s->cells[i] & SPG_CELL_MASK) == 0)
                fputs(wide ? ".." : ".", f);
            else
                put_symbol(f, kind_of(k, cell_key(s, i)), wide);
        }
        fputs("\"\n", f);
    }
    if (s->low_cells) {
        fputs("  low_rows:\n", f);
        for (int y = 0; y < s->map.height; y++) {
            fputs("    - \"", f);
            for (int x = 0; x < s->map.width; x++) {
                uint16_t c = s->low_cells[(size_t)y * s->map.width + (size_t)x];
                uint32_t key = (uint32_t)c | (uint32_t)(c & SPG_CELL_MASK) << 16;
                if ((c & SPG_CELL_MASK) == 0)
                    fputs(wide ? ".." : ".", f);
                else
                    put_symbol(f, kind_of(k, key), wide);
            }
            fputs("\"\n", f);
        }
    }
    int special = 0;
    for (int i = 0; s->chunk_kinds && i < SCENARIO_LAYOUT_CHUNKS; i++)
        special += s->chunk_kinds[i] != SCENARIO_CHUNK_PLAIN;
    if (s->chunk_kinds && special == 0)
        fputs("  chunks: []\n", f);
    if (special) {
        fputs("  chunks:\n", f);
        for (int i = 0; i < SCENARIO_LAYOUT_CHUNKS; i++)
            if (s->chunk_kinds[i] != SCENARIO_CHUNK_PLAIN)
                fprintf(f, "    - {at: [%d, %d], kind: %s}\n",
                        i % SCENARIO_LAYOUT_CHUNKS_X * 256,
                        i / SCENARIO_LAYOUT_CHUNKS_X * 256,
                        scenario_chunk_kind_names[s->chunk_kinds[i]]);
    }
}

/* ---- start, bounds, input, verifies ------------------------------------ */

static void write_start(FILE *f, const scenario *s)
{
    const spg_player *p = &s->start;
    spg_player d = spg_player_default(&s->profile);
    int any = 0;
#define FIELD(...)                                                            \
    do {                                                                      \
        fputs(any ? "\n  " : "start:\n  ", f);                                \
        fprintf(f, __VA_ARGS__);                                              \
        any = 1;                                                              \
    } while (0)
    uint32_t x = (uint32_t)p->x, y = (uint32_t)p->y;
    int32_t xp = (int32_t)(x >> 16) - ((x >> 31) ? 0x10000 : 0);
    int32_t yp = (int32_t)(y >> 16) - ((y >> 31) ? 0x10000 : 0);
    if (xp)
        FIELD("x: %d", (int)xp);
    if (x & 0xFFFFu)
        FIELD("x_sub: %u", (unsigned)(x & 0xFFFFu));
    if (yp)
        FIELD("y: %d", (int)yp);
    if (y & 0xFFFFu)
        FIELD("y_sub: %u", (unsigned)(y & 0xFFFFu));
    if (p->x_speed)
        FIELD("x_speed: %d", p->x_speed);
    if (p->y_speed)
        FIELD("y_speed: %d", p->y_speed);
    if (p->ground_speed)
        FIELD("ground_speed: %d", p->ground_speed);
    if (p->angle)
        FIELD("angle: 0x%02X", (unsigned)p->angle);
    if (p->status & SPG_STATUS_FACING_LEFT)
        FIELD("facing: left");
    static const struct {
        uint8_t bit;
        const char *key;
    } bits[] = {{SPG_STATUS_IN_AIR, "in_air"},
                {SPG_STATUS_ROLLING, "rolling"},
                {SPG_STATUS_ON_OBJECT, "on_object"},
                {SPG_STATUS_ROLL_JUMP, "roll_jump"},
                {SPG_STATUS_PUSHING, "pushing"},
                {SPG_STATUS_UNDERWATER, "underwater"}};
    for (size_t i = 0; i < sizeof bits / sizeof bits[0]; i++)
        if ((p->status ^ d.status) & bits[i].bit)
            FIELD("%s: %s", bits[i].key,
                  (p->status & bits[i].bit) ? "true" : "false");
    /* `rolling: true` implies the curled radii and the roll animation */
    if (p->status & SPG_STATUS_ROLLING) {
        d.height_radius = s->profile.roll_height_radius;
        d.width_radius = s->profile.roll_width_radius;
        d.anim = 2;
    }
    if (p->height_radius != d.height_radius)
        FIELD("height_radius: %u", (unsigned)p->height_radius);
    if (p->width_radius != d.width_radius)
        FIELD("width_radius: %u", (unsigned)p->width_radius);
    if (p->anim != d.anim)
        FIELD("anim: %u", (unsigned)p->anim);
    if (p->routine != d.routine)
        FIELD("routine: %u", (unsigned)p->routine);
    if (p->control_lock)
        FIELD("control_lock: %u", (unsigned)p->control_lock);
    if (p->jumping)
        FIELD("jumping: true");
    if (p->angle_buffer_1)
        FIELD("angle_buffer_1: 0x%02X", (unsigned)p->angle_buffer_1);
    if (p->angle_buffer_2)
        FIELD("angle_buffer_2: 0x%02X", (unsigned)p->angle_buffer_2);
    if (p->word_38)
        FIELD("word_38: 0x%04X", (unsigned)p->word_38);
    if (p->prev_anim != d.prev_anim)
        FIELD("prev_anim: %u", (unsigned)p->prev_anim);
    if (p->anim_frame != d.anim_frame)
        FIELD("anim_frame: %u", (unsigned)p->anim_frame);
    if (p->anim_timer != d.anim_timer)
        FIELD("anim_timer: %u", (unsigned)p->anim_timer);
    if (p->mapping_frame != d.mapping_frame)
        FIELD("mapping_frame: %u", (unsigned)p->mapping_frame);
    if (p->render_flags != d.render_flags)
        FIELD("render_flags: 0x%02X", (unsigned)p->render_flags);
    if (scenario_has(s, GAME_PATHS) && p->top_solid_bit != d.top_solid_bit)
        FIELD("path: %s", p->top_solid_bit == 0x0E ? "secondary" : "primary");
    if (p->spindash_counter)
        FIELD("spindash_counter: 0x%04X", (unsigned)p->spindash_counter);
    if (p->double_jump_flag)
        FIELD("double_jump_flag: %u", (unsigned)p->double_jump_flag);
    if (p->double_jump_property)
        FIELD("double_jump_property: %u", (unsigned)p->double_jump_property);
    if (p->scroll_delay_counter)
        FIELD("scroll_delay_counter: %u", (unsigned)p->scroll_delay_counter);
    if (p->frame_counter)
        FIELD("frame_counter: %u", (unsigned)p->frame_counter);
    if (p->glide_flags)
        FIELD("glide_flags: 0x%02X", (unsigned)p->glide_flags);
    /* Sonic CD: the fields that differ from the level start's */
    if (p->charge != d.charge)
        FIELD("charge: %u", (unsigned)p->charge);
    if (p->player_ctrl != d.player_ctrl)
        FIELD("player_ctrl: 0x%02X", (unsigned)p->player_ctrl);
    if (p->look_mode != d.look_mode)
        FIELD("look_mode: 0x%02X", (unsigned)p->look_mode);
    if (p->time_zone != d.time_zone)
        FIELD("time_zone: %u", (unsigned)p->time_zone);
    if (p->cam_x_center != d.cam_x_center)
        FIELD("cam_x_center: %u", (unsigned)p->cam_x_center);
    if (p->cam_y_center != d.cam_y_center)
        FIELD("cam_y_center: %u", (unsigned)p->cam_y_center);
    if (p->bored_timer != d.bored_timer)
        FIELD("bored_timer: %u", (unsigned)p->bored_timer);
#undef FIELD
    fputs(any ? "\n" : "start: {}\n", f);
}

static void write_bounds(FILE *f, const scenario *s)
{
    spg_map d = spg_map_default();
    const spg_map *m = &s->map;
    int any = 0;
    if (m->limit_left != d.limit_left) {
        fprintf(f, "bounds: {left: %d", m->limit_left);
        any = 1;
    }
    if (m->limit_right != d.limit_right) {
        fprintf(f, "%sright: %d", any ? ", " : "bounds: {", m->limit_right);
        any = 1;
    }
    if (m->limit_bottom != d.limit_bottom) {
        fprintf(f, "%sbottom: %d", any ? ", " : "bounds: {", m->limit_bottom);
        any = 1;
    }
    if (m->limit_top != d.limit_top) {
        fprintf(f, "%stop: %d", any ? ", " : "bounds: {", m->limit_top);
        any = 1;
    }
    if (any)
        fputs("}\n", f);
}

static void write_input(FILE *f, const scenario *s)
{
    int last = s->frames;
    while (last > 0 && s->inputs[last - 1].held == 0)
        last--;
    if (last > 0)
        fputs("input:\n", f);
    for (int i = 0; i < last;) {
        uint8_t held = s->inputs[i].held;
        int j = i;
        while (j < last && s->inputs[j].held == held)
            j++;
        fprintf(f, "  - {frames: %d", j - i);
        if (held) {
            int first = 1;
            fputs(", hold: [", f);
            for (int b = 0; b < 8; b++)
                if (held & button_bit[b]) {
                    fprintf(f, "%s%s", first ? "" : ", ", button_order[b]);
                    first = 0;
                }
            fputc(']', f);
        }
        fputs("}\n", f);
        i = j;
    }
    fprintf(f, "frames: %d\n", s->frames);
}

static void write_verifies(FILE *f, const scenario *s)
{
    if (s->verify_count == 0)
        return;
    fputs("\nverifies:\n", f);
    for (int i = 0; i < s->verify_count; i++) {
        const scenario_verify *v = &s->verifies[i];
        fputs("  - id: ", f);
        put_quoted(f, v->id);
        fputs("\n    source: ", f);
        put_quoted(f, v->source);
        fputs("\n    quote: ", f);
        put_quoted(f, v->quote);
        fprintf(f, "\n    frame: %d\n    field: %s\n    value: %ld\n",
                v->frame, v->field, (long)v->value);
        if (v->has_original)
            fprintf(f, "    original: %ld\n", (long)v->original);
        if (v->note) {
            fputs("    note: ", f);
            put_quoted(f, v->note);
            fputc('\n', f);
        }
    }
}

int scenario_write_yaml(FILE *f, const scenario *s)
{
    static const char *const variants[] = {"normal", "speed_shoes",
                                           "underwater"};
    if (scenario_check(s, NULL) != 0)
        return -1;
    kinds *k = NULL;
    if (s->mode == SCENARIO_NORMAL) {
        k = find_kinds(s);
        if (k == NULL)
            return -1;
        if (k->count > SYMBOLS2 * SYMBOLS2) {
            free_kinds(k);
            return -1;
        }
    }

    fputs("name: ", f);
    put_word(f, s->name);
    fputc('\n', f);
    if (s->description) {
        fputs("description: ", f);
        if (foldable(s->description)) {
            put_folded(f, s->description);
        } else {
            put_quoted(f, s->description);
            fputc('\n', f);
        }
    }
    if (s->imported) {
        const scenario_imported *im = s->imported;
        fputs("# A level read from your own ROM: never commit this file "
              "(docs/real-levels.md).\nimported:\n  rom_md5: ", f);
        fputs(im->rom_md5, f);
        fprintf(f, "\n  game: %s\n  zone: ", im->game);
        put_word(f, im->zone);
        fprintf(f, "\n  act: %d\n  tool: ", im->act);
        put_quoted(f, im->tool);
        fputc('\n', f);
    }
    if (s->mode == SCENARIO_SPECIAL_STAGE) {
        fprintf(f, "mode: special_stage\ngame: %s\n\n", scenario_game(s)->name);
        scenario_special_write(f, s);
        fputc('\n', f);
    } else {
        const game_desc *g = scenario_game(s);
        fprintf(f, "game: %s\ncharacter: %s\nvariant: %s\n", g->name,
                game_character_name(g, s->character), variants[s->variant]);
        const game_zone *z = scenario_zone(s);
        if (z && z != &g->zones[g->default_zone])
            fprintf(f, "zone: %s\n", z->name);
        if (s->map.water_flag)
            fprintf(f, "water_level: %d\n", (int)s->map.water_level);
        fputc('\n', f);
        write_tiles(f, s, k);
        fputc('\n', f);
        write_map(f, s, k);
        fputc('\n', f);
        write_start(f, s);
        write_bounds(f, s);
        fputc('\n', f);
    }
    write_input(f, s);
    write_verifies(f, s);
    free_kinds(k);
    return ferror(f) ? -1 : 0;
}
