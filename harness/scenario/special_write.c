/*
 * special_write.c - a special-stage scenario's `special_stage:`
 * section written back as YAML (docs/scenario-format.md, "Special-stage
 * scenarios"), and the check that the format can hold the scenario:
 * scenario_check and scenario_write_yaml call these for
 * `mode: special_stage`.
 *
 * The maze is written as a literal block with the default legend's
 * symbols where a block has one ('#' for walls $01, ' ' for empty ...)
 * and a legend entry, by block name where there is one, for every other
 * block id.  The start is an '@' when the player stands where an '@'
 * would put them, else a start mapping; the busy item slots follow as
 * `items:`.
 */
#include <stdio.h>
#include <string.h>

#include "scenario/special.h"

/* Symbols for block ids that have no default symbol, in order of use; a
 * default symbol whose block the maze does not use may be taken over.
 * Every printable ASCII character but '@' (the start) and space (a row of
 * the literal block must not start or end with one; ' ' is only ever the
 * default symbol of empty, which never lies on the border). */
static const char spare_symbols[] =
    "abcdefijklmnpqrtuvwxyzACFHIJKLMNOPQSTVYZ023456789"
    "=+*%&$!?/|_-~^:;<>()[]{},'`\"\\"
    "#.BWG1UDRXgoEhs";

/* Is block (row r, column c of the maze) on the border? */
static int on_border(const scenario_special *ss, int r, int c)
{
    return r == 0 || c == 0 || r == ss->height - 1 || c == ss->width - 1;
}

static uint8_t maze_block(const scenario_special *ss, int r, int c)
{
    return ss->start.layout[(SPG_SS_STAGE_ORIGIN + r) * SPG_SS_ROW +
                            SPG_SS_STAGE_ORIGIN + c];
}

/* The symbol of every block id the maze uses (0: none yet); -1 when there
 * are more kinds of block than symbols. */
static int assign_symbols(const scenario_special *ss, char sym[256])
{
    unsigned char used[256] = {0}, taken[256] = {0};
    memset(sym, 0, 256);
    for (int r = 0; r < ss->height; r++)
        for (int c = 0; c < ss->width; c++)
            used[maze_block(ss, r, c)] = 1;
    /* the default symbols first: ' ' for empty, '#' for $01 ... */
    for (int id = 0; id < 256; id++) {
        if (!used[id])
            continue;
        int d = scenario_special_default_symbol((uint8_t)id);
        if (d > 0) {
            sym[id] = (char)d;
            taken[(unsigned char)d] = 1;
        }
    }
    size_t next = 0;
    for (int id = 0; id < 256; id++) {
        if (!used[id] || sym[id])
            continue;
        while (next < sizeof spare_symbols - 1 &&
               taken[(unsigned char)spare_symbols[next]])
            next++;
        if (next == sizeof spare_symbols - 1)
            return -1;
        sym[id] = spare_symbols[next];
        taken[(unsigned char)spare_symbols[next]] = 1;
    }
    return 0;
}

/* Where an '@' at maze row r, column c puts the player. */
static void marker_position(int r, int c, int32_t *x, int32_t *y)
{
    *x = (int32_t)((uint32_t)(SPG_SS_BLOCK * c + SCENARIO_SS_MARKER_X) << 16);
    *y = (int32_t)((uint32_t)(SPG_SS_BLOCK * r + SCENARIO_SS_MARKER_Y) << 16);
}

/* The maze cell an '@' can stand for: 1 with *mr, *mc set when the start
 * is exactly where an '@' on an empty inside block puts the player, at
 * rest; else 0. */
static int start_marker(const scenario_special *ss, int *mr, int *mc)
{
    const spg_ss_state *st = &ss->start;
    if (st->x_speed || st->y_speed || st->ground_speed)
        return 0;
    for (int r = 1; r + 1 < ss->height; r++)
        for (int c = 1; c + 1 < ss->width; c++) {
            int32_t x, y;
            marker_position(r, c, &x, &y);
            if (x == st->x && y == st->y && maze_block(ss, r, c) == 0) {
                *mr = r;
                *mc = c;
                return 1;
            }
        }
    return 0;
}

int scenario_special_problem(const scenario *s, char *msg, size_t len)
{
    const scenario_special *ss = s->special;
    if (ss == NULL) {
        snprintf(msg, len, "a special-stage scenario without its maze");
        return -1;
    }
    if (!scenario_has(s, GAME_SPECIAL_STAGE)) {
        char names[200];
        game_names_with(GAME_SPECIAL_STAGE, names, sizeof names);
        snprintf(msg, len, "only game %s has the special stage", names);
        return -1;
    }
    if (ss->width < 3 || ss->height < 3 || ss->width > SCENARIO_SS_MAX ||
        ss->height > SCENARIO_SS_MAX) {
        snprintf(msg, len, "the maze is %d x %d blocks, not 3..%d each",
                 ss->width, ss->height, SCENARIO_SS_MAX);
        return -1;
    }
    const spg_ss_state *st = &ss->start;
    for (int i = 0; i < SPG_SS_LAYOUT_BYTES; i++) {
        int r = i / SPG_SS_ROW - SPG_SS_STAGE_ORIGIN;
        int c = i % SPG_SS_ROW - SPG_SS_STAGE_ORIGIN;
        if (st->layout[i] != 0 &&
            (r < 0 || c < 0 || r >= ss->height || c >= ss->width)) {
            snprintf(msg, len, "layout byte $%04X (outside the %d x %d "
                     "maze) is $%02X, not 0", i, ss->width, ss->height,
                     st->layout[i]);
            return -1;
        }
    }
    for (int r = 0; r < ss->height; r++)
        for (int c = 0; c < ss->width; c++) {
            uint8_t id = maze_block(ss, r, c);
            if (on_border(ss, r, c) &&
                (!spg_ss_is_solid(id) ||
                 (id >= SPG_SS_GLASS_FIRST && id <= SPG_SS_GLASS_LAST))) {
                snprintf(msg, len, "maze row %d, column %d: block $%02X on "
                         "the border (it must be solid and not glass)",
                         r + 1, c + 1, id);
                return -1;
            }
        }
    char sym[256];
    if (assign_symbols(ss, sym) != 0) {
        snprintf(msg, len, "the maze has more kinds of block than there "
                 "are symbols to write them with");
        return -1;
    }
    uint32_t x = (uint32_t)st->x, y = (uint32_t)st->y;
    if ((x >> 16) > 0x7FFF || (y >> 16) > 0x7FFF) {
        snprintf(msg, len, "the start (%u, %u) is not 0..32767 each",
                 (unsigned)(x >> 16), (unsigned)(y >> 16));
        return -1;
    }
    int c0, r0;
    if (!scenario_special_start_inside(ss, &c0, &r0)) {
        snprintf(msg, len, "the start is not inside the maze");
        return -1;
    }
    if (st->rings > 999 || st->lives > 99) {
        snprintf(msg, len, "rings %u, lives %u: not 0..999 and 0..99",
                 (unsigned)st->rings, (unsigned)st->lives);
        return -1;
    }
    /* the rest is what spg_ss_reset leaves: the format has no keys for it */
    int rest = st->status || st->routine != SPG_SS_ROUTINE_INIT ||
               st->last_block || st->last_block_addr ||
               st->updown_cooldown || st->r_cooldown || st->exit_timer ||
               st->ghost_state || st->continues || st->life_count ||
               st->emeralds || st->stage_over || st->render_flags ||
               st->mapping_frame || st->anim_frame || st->anim ||
               st->prev_anim || st->anim_timer;
    for (int i = 0; i < 6; i++)
        rest |= st->emerald_list[i] != 0;
    if (rest) {
        snprintf(msg, len, "the start state sets fields the format has no "
                 "key for (only position, speeds, angle, rotation, rings, "
                 "lives and the item slots; the rest as spg_ss_reset "
                 "leaves it)");
        return -1;
    }
    char item[200];
    for (int i = 0; i < SPG_SS_ITEM_SLOTS; i++)
        if (scenario_special_item_problem(ss, i, item, sizeof item) != 0) {
            snprintf(msg, len, "item %s", item);
            return -1;
        }
    return 0;
}

/* The busy item slots up to the last one (free ones between as `none`;
 * scenario_special_problem checked each). */
static void write_items(FILE *f, const scenario_special *ss)
{
    int last = -1;
    for (int i = 0; i < SPG_SS_ITEM_SLOTS; i++)
        if (ss->start.items[i].type != SPG_SS_ANI_NONE)
            last = i;
    if (last < 0)
        return;
    fputs("  items:\n", f);
    for (int i = 0; i <= last; i++) {
        const spg_ss_item *it = &ss->start.items[i];
        const scenario_ss_anim *a = scenario_special_anim(it->type);
        if (!a) {
            fputs("    - {type: none}\n", f);
            continue;
        }
        uint32_t off = (it->addr & 0x00FFFFFFu) - SPG_SS_LAYOUT_ADDR;
        fprintf(f, "    - {type: %s, block: [%d, %d], timer: %u, step: %u",
                a->name, (int)(off % SPG_SS_ROW) - SPG_SS_STAGE_ORIGIN,
                (int)(off / SPG_SS_ROW) - SPG_SS_STAGE_ORIGIN,
                (unsigned)it->timer, (unsigned)it->frame);
        if (a->end < 0) {
            const char *name = scenario_special_block_name(
                (uint8_t)(it->addr >> 24));
            fprintf(f, ", next: %s", name ? name : "empty");
        }
        fputs("}\n", f);
    }
}

/* A legend key: one character in double quotes. */
static void put_symbol_key(FILE *f, char c)
{
    if (c == '"' || c == '\\')
        fprintf(f, "\"\\%c\"", c);
    else
        fprintf(f, "\"%c\"", c);
}

void scenario_special_write(FILE *f, const scenario *s)
{
    const scenario_special *ss = s->special;
    const spg_ss_state *st = &ss->start;
    char sym[256];
    assign_symbols(ss, sym); /* scenario_special_problem checked it */
    int mr = -1, mc = -1;
    int marker = start_marker(ss, &mr, &mc);

    fputs("special_stage:\n", f);
    int any = 0;
    for (int id = 0; id < 256; id++) {
        if (!sym[id] || scenario_special_default_symbol((uint8_t)id) ==
                            (unsigned char)sym[id])
            continue;
        fputs(any ? "    " : "  legend:\n    ", f);
        any = 1;
        put_symbol_key(f, sym[id]);
        const char *name = scenario_special_block_name((uint8_t)id);
        if (name)
            fprintf(f, ": %s\n", name);
        else
            fprintf(f, ": 0x%02X\n", (unsigned)id);
    }
    fputs("  maze: |\n", f);
    for (int r = 0; r < ss->height; r++) {
        fputs("    ", f);
        for (int c = 0; c < ss->width; c++)
            fputc(marker && r == mr && c == mc ? '@' : sym[maze_block(ss, r, c)],
                  f);
        fputc('\n', f);
    }
    if (!marker) {
        uint32_t x = (uint32_t)st->x, y = (uint32_t)st->y;
        fprintf(f, "  start: {x: %u, y: %u", (unsigned)(x >> 16),
                (unsigned)(y >> 16));
        if (x & 0xFFFFu)
            fprintf(f, ", x_sub: 0x%04X", (unsigned)(x & 0xFFFFu));
        if (y & 0xFFFFu)
            fprintf(f, ", y_sub: 0x%04X", (unsigned)(y & 0xFFFFu));
        if (st->x_speed)
            fprintf(f, ", x_speed: %d", st->x_speed);
        if (st->y_speed)
            fprintf(f, ", y_speed: %d", st->y_speed);
        if (st->ground_speed)
            fprintf(f, ", ground_speed: %d", st->ground_speed);
        fputs("}\n", f);
    }
    spg_ss_state d;
    spg_ss_reset(&d);
    if (st->stage_angle != d.stage_angle)
        fprintf(f, "  angle: 0x%04X\n", (unsigned)st->stage_angle);
    if (st->rotation != d.rotation)
        fprintf(f, "  rotation: %d\n", st->rotation);
    if (st->rings != d.rings)
        fprintf(f, "  rings: %u\n", (unsigned)st->rings);
    if (st->lives != d.lives)
        fprintf(f, "  lives: %u\n", (unsigned)st->lives);
    write_items(f, ss);
}
