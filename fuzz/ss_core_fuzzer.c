/*
 * ss_core_fuzzer.c - the special stage's core alone: arbitrary bytes become
 * a special-stage state (object 09's fields, the stage variables, the item
 * animation slots and a window of the layout) and joypad input, and
 * spg_ss_step runs over them, as a program using libspg.a may call it.
 *
 * The state starts as spg_ss_reset leaves it; then every field special.h
 * declares is overwritten from the fuzzer's bytes, unrestricted (special.h
 * gives no field a range: the original's code is defined for any byte, and
 * so must the core be).  The state is a heap block of exactly
 * sizeof(spg_ss_state) with the layout last, so AddressSanitizer reports a
 * read past the layout's end, and UBSan's bounds check an index outside
 * the layout or the item slots.
 *
 * The byte layout (fuzz/seed.c writes it from special-stage scenarios for
 * the seeds):
 *   flags, row0, col0, height, width (one byte each): a window of the
 *   layout at (row0 % 128, col0 % 128), height % 65 rows of width % 65
 *   blocks, one byte each, row by row (blocks past the layout's edge are
 *   read and dropped);
 *   the item slots: a count (% 33) of slots, each type, timer, frame (one
 *   byte) and addr (32-bit big-endian), the rest free;
 *   the state: x, y (32-bit), x_speed, y_speed, ground_speed (16-bit),
 *   status, routine, last_block (8-bit), last_block_addr (32-bit),
 *   updown_cooldown, r_cooldown (8-bit), exit_timer (16-bit), ghost_state
 *   (8-bit), stage_angle, rotation, rings (16-bit), lives, continues,
 *   life_count, emeralds, emerald_list[0..5], stage_over (8-bit), all
 *   big-endian;
 *   with flags & 1 two bytes placing the player near the window: its
 *   tile check block at (row0, col0) plus a pixel offset of 3 * byte;
 *   then (held, pressed) per frame, at most 400 frames.
 * Flags: 1 places the player as said; 2 folds each slot's address into
 * the layout ($FF0000 + the low word mod $4000, the top byte kept).
 *
 * Checked besides the sanitizers, every frame:
 *  - determinism: the same step from the same state gives the same state;
 *  - the layout changes only at the blocks an item slot names (before or
 *    after the step), where a ghost block of the stage area becomes a
 *    red/white block, and in a play frame at the last solid block (UP/DOWN
 *    turning into each other, or a slot started and ended in one frame)
 *    and the block under the player's centre (the same);
 *  - status bits other than facing left, in air and rolling never change;
 *    stage_over is only ever set to 1;
 *  - in the exit routines (4, 6) the player does not move and the rings
 *    and lives stay; in a routine other than 0, 2, 4 and 6 only the item
 *    animations run (the slots, the layout, and routine 4 when an emerald's
 *    animation ends).
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "spg/special.h"

#define MAX_SIDE SPG_SS_STAGE_SIZE /* window height and width: 0..64 */
#define MAX_FRAMES 400
#define LAYOUT_ROWS (SPG_SS_LAYOUT_BYTES / SPG_SS_ROW)

/* The fuzzer's bytes, consumed from the front; zeros once they run out. */
typedef struct bytes {
    const uint8_t *p;
    size_t n;
} bytes;

static uint8_t u8(bytes *b)
{
    if (b->n == 0)
        return 0;
    b->n--;
    return *b->p++;
}

static uint16_t u16(bytes *b)
{
    uint16_t hi = u8(b);
    return (uint16_t)(hi << 8 | u8(b));
}

static uint32_t u32(bytes *b)
{
    uint32_t hi = u16(b);
    return hi << 16 | u16(b);
}

/* Bit patterns into signed fields without implementation-defined
 * conversions. */
static int16_t s16(bytes *b)
{
    int16_t v;
    uint16_t u = u16(b);
    memcpy(&v, &u, sizeof v);
    return v;
}

static int32_t s32(bytes *b)
{
    int32_t v;
    uint32_t u = u32(b);
    memcpy(&v, &u, sizeof v);
    return v;
}

static void read_fields(bytes *b, spg_ss_state *s)
{
    s->x = s32(b);
    s->y = s32(b);
    s->x_speed = s16(b);
    s->y_speed = s16(b);
    s->ground_speed = s16(b);
    s->status = u8(b);
    s->routine = u8(b);
    s->last_block = u8(b);
    s->last_block_addr = u32(b);
    s->updown_cooldown = u8(b);
    s->r_cooldown = u8(b);
    s->exit_timer = u16(b);
    s->ghost_state = u8(b);
    s->stage_angle = u16(b);
    s->rotation = s16(b);
    s->rings = u16(b);
    s->lives = u8(b);
    s->continues = u8(b);
    s->life_count = u8(b);
    s->emeralds = u8(b);
    for (int i = 0; i < 6; i++)
        s->emerald_list[i] = u8(b);
    s->stage_over = u8(b);
}

/* Everything but the item slots, the layout and the routine: what only
 * object 09 writes. */
static int same_object(const spg_ss_state *a, const spg_ss_state *b)
{
    return a->x == b->x && a->y == b->y && a->x_speed == b->x_speed &&
           a->y_speed == b->y_speed && a->ground_speed == b->ground_speed &&
           a->status == b->status && a->last_block == b->last_block &&
           a->last_block_addr == b->last_block_addr &&
           a->updown_cooldown == b->updown_cooldown &&
           a->r_cooldown == b->r_cooldown && a->exit_timer == b->exit_timer &&
           a->ghost_state == b->ghost_state &&
           a->stage_angle == b->stage_angle && a->rotation == b->rotation &&
           a->rings == b->rings && a->lives == b->lives &&
           a->continues == b->continues && a->life_count == b->life_count &&
           a->emeralds == b->emeralds &&
           memcmp(a->emerald_list, b->emerald_list,
                  sizeof a->emerald_list) == 0 &&
           a->stage_over == b->stage_over;
}

static int same_state(const spg_ss_state *a, const spg_ss_state *b)
{
    if (!same_object(a, b) || a->routine != b->routine)
        return 0;
    for (int i = 0; i < SPG_SS_ITEM_SLOTS; i++) {
        const spg_ss_item *x = &a->items[i], *y = &b->items[i];
        if (x->type != y->type || x->timer != y->timer ||
            x->frame != y->frame || x->addr != y->addr)
            return 0;
    }
    return memcmp(a->layout, b->layout, sizeof a->layout) == 0;
}

/* The layout index a 68000 address names (24-bit bus), or -1. */
static long layout_index(uint32_t addr)
{
    uint32_t a = addr & 0x00FFFFFFu;
    if (a < SPG_SS_LAYOUT_ADDR || a - SPG_SS_LAYOUT_ADDR >= SPG_SS_LAYOUT_BYTES)
        return -1;
    return (long)(a - SPG_SS_LAYOUT_ADDR);
}

static int names_block(const spg_ss_state *s, long i)
{
    for (int k = 0; k < SPG_SS_ITEM_SLOTS; k++)
        if (layout_index(s->items[k].addr) == i)
            return 1;
    return 0;
}

static int in_stage_area(long i)
{
    long row = i / SPG_SS_ROW, col = i % SPG_SS_ROW;
    return row >= SPG_SS_STAGE_ORIGIN &&
           row < SPG_SS_STAGE_ORIGIN + SPG_SS_STAGE_SIZE &&
           col >= SPG_SS_STAGE_ORIGIN &&
           col < SPG_SS_STAGE_ORIGIN + SPG_SS_STAGE_SIZE;
}

/* The frame from `before` to `after`, checked as the comment at the top
 * says. */
static void check_frame(const spg_ss_state *before, const spg_ss_state *after,
                        size_t frame)
{
    /* In a play frame an item slot can start and end in the same frame
     * (a free slot keeps whatever timer and step it holds), so the blocks
     * a slot is started for count too: the last solid block, and the
     * block under the player's centre where it was before SpeedToPos
     * (which moved it by the final speeds). */
    int played = before->routine == SPG_SS_ROUTINE_INIT ||
                 before->routine == SPG_SS_ROUTINE_PLAY;
    long last_block = layout_index(after->last_block_addr - 1u);
    uint32_t x = (uint32_t)after->x -
                 ((uint32_t)(int32_t)after->x_speed << 8);
    uint32_t y = (uint32_t)after->y -
                 ((uint32_t)(int32_t)after->y_speed << 8);
    uint32_t row = (uint16_t)((y >> 16) + 0x50u) / SPG_SS_BLOCK;
    uint32_t col = (uint16_t)((x >> 16) + 0x20u) / SPG_SS_BLOCK;
    long item_block = layout_index(SPG_SS_LAYOUT_ADDR + row * SPG_SS_ROW + col);
    int changed = memcmp(before->layout, after->layout,
                         sizeof after->layout) != 0;
    for (long i = 0; changed && i < SPG_SS_LAYOUT_BYTES; i++) {
        uint8_t was = before->layout[i], now = after->layout[i];
        if (was == now)
            continue;
        if (names_block(before, i) || names_block(after, i))
            continue;
        if (played && (i == last_block || i == item_block))
            continue;
        if (in_stage_area(i) && was == SPG_SS_GHOST && now == SPG_SS_RED_WHITE)
            continue;
        fuzz_fail("frame %zu: layout byte $%04lX changed from $%02X to $%02X "
                  "with no slot or block naming it", frame, (unsigned long)i,
                  (unsigned)was, (unsigned)now);
    }
    if ((before->status ^ after->status) &
        (uint8_t)~(SPG_SS_STATUS_FACING_LEFT | SPG_SS_STATUS_IN_AIR |
                   SPG_SS_STATUS_ROLLING))
        fuzz_fail("frame %zu: status $%02X became $%02X", frame,
                  (unsigned)before->status, (unsigned)after->status);
    if (after->stage_over != before->stage_over && after->stage_over != 1)
        fuzz_fail("frame %zu: stage_over %u became %u", frame,
                  (unsigned)before->stage_over, (unsigned)after->stage_over);
    switch (before->routine) {
    case SPG_SS_ROUTINE_INIT:
    case SPG_SS_ROUTINE_PLAY:
        break;
    case SPG_SS_ROUTINE_EXIT:
    case SPG_SS_ROUTINE_EXIT2:
        if (after->x != before->x || after->y != before->y ||
            after->x_speed != before->x_speed ||
            after->y_speed != before->y_speed ||
            after->ground_speed != before->ground_speed ||
            after->rings != before->rings || after->lives != before->lives)
            fuzz_fail("frame %zu: routine %u moved the player or changed "
                      "rings or lives", frame, (unsigned)before->routine);
        break;
    default:
        if (!same_object(before, after) ||
            (after->routine != before->routine &&
             after->routine != SPG_SS_ROUTINE_EXIT))
            fuzz_fail("frame %zu: routine %u changed the state", frame,
                      (unsigned)before->routine);
        break;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    bytes b = {data, size};
    spg_ss_state *p = malloc(sizeof *p);
    spg_ss_state *again = malloc(sizeof *again);
    spg_ss_state *before = malloc(sizeof *before);
    FUZZ_CHECK(p != NULL && again != NULL && before != NULL);
    spg_ss_reset(p);

    uint8_t flags = u8(&b);
    int row0 = u8(&b) % LAYOUT_ROWS, col0 = u8(&b) % SPG_SS_ROW;
    int h = u8(&b) % (MAX_SIDE + 1), w = u8(&b) % (MAX_SIDE + 1);
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++) {
            uint8_t id = u8(&b);
            if (row0 + r < LAYOUT_ROWS && col0 + c < SPG_SS_ROW)
                p->layout[(row0 + r) * SPG_SS_ROW + col0 + c] = id;
        }

    int slots = u8(&b) % (SPG_SS_ITEM_SLOTS + 1);
    for (int i = 0; i < slots; i++) {
        spg_ss_item *it = &p->items[i];
        it->type = u8(&b);
        it->timer = u8(&b);
        it->frame = u8(&b);
        it->addr = u32(&b);
        if (flags & 2)
            it->addr = (it->addr & 0xFF000000u) |
                       (SPG_SS_LAYOUT_ADDR +
                        (it->addr & 0xFFFFu) % SPG_SS_LAYOUT_BYTES);
    }

    read_fields(&b, p);
    if (flags & 1) {
        /* the tile check's top-left block at (row0, col0), plus offsets */
        uint32_t px = (uint32_t)col0 * SPG_SS_BLOCK - 0x14u + u8(&b) * 3u;
        uint32_t py = (uint32_t)row0 * SPG_SS_BLOCK - 0x44u + u8(&b) * 3u;
        uint32_t x = (px & 0xFFFFu) << 16 | ((uint32_t)p->x & 0xFFFFu);
        uint32_t y = (py & 0xFFFFu) << 16 | ((uint32_t)p->y & 0xFFFFu);
        memcpy(&p->x, &x, sizeof x);
        memcpy(&p->y, &y, sizeof y);
    }

    /* The rest: one frame of input per two bytes. */
    size_t frames = b.n / 2 < MAX_FRAMES ? b.n / 2 : MAX_FRAMES;
    if (frames == 0)
        frames = 1;
    for (size_t i = 0; i < frames; i++) {
        spg_input in;
        in.held = u8(&b);
        in.pressed = u8(&b);
        memcpy(before, p, sizeof *p);
        memcpy(again, p, sizeof *p);
        spg_ss_step(p, in);
        spg_ss_step(again, in);
        if (!same_state(p, again))
            fuzz_fail("frame %zu: the same step gave two states", i + 1);
        check_frame(before, p, i + 1);
    }
    free(p);
    free(again);
    free(before);
    return 0;
}
