/*
 * special/items.c - what the special stage's blocks and items do.
 *
 * Two different blocks react each frame:
 *  - the item under the player's centre (Obj09_ChkItems: the single block
 *    at ((X + $20) div 24, (Y + $50) div 24)): rings, the 1-up, emeralds,
 *    ghost blocks and their switch; all of them non-solid;
 *  - the last solid block any tile check found this frame
 *    (Obj09_ChkItems2, whether or not the player ended up touching it):
 *    bumper, GOAL, UP, DOWN, R and glass.
 * Collected and hit items get an animation slot that SS_AniItems steps
 * every frame; it is the animation that writes the layout (a ring turns
 * into its sparkle, a bumper flashes, glass cracks).
 */
#include "internal.h"

spg_ss_item *spg_ss_free_slot(spg_ss_state *s)
{
    for (int i = 0; i < SPG_SS_ITEM_SLOTS; i++)
        if (s->items[i].type == SPG_SS_ANI_NONE)
            return &s->items[i];
    return 0;
}

/* A new animation of `type` at `addr` in the first free slot, if any
 * (its timer and step are still 0 from when the slot was freed). */
static spg_ss_item *start_animation(spg_ss_state *s, uint8_t type,
                                    uint32_t addr)
{
    spg_ss_item *it = spg_ss_free_slot(s);
    if (it) {
        it->type = type;
        it->addr = addr;
    }
    return it;
}

/* CollectRing, as the special stage calls it. */
static void collect_ring(spg_ss_state *s)
{
    s->rings = (uint16_t)(s->rings + 1u);
    if (s->rings >= 100) {
        int give = 0;
        if (!(s->life_count & 0x02)) {
            s->life_count |= 0x02;
            give = 1;
        } else if (s->rings >= 200 && !(s->life_count & 0x04)) {
            s->life_count |= 0x04;
            give = 1;
        }
        if (give)
            s->lives = (uint8_t)(s->lives + 1u);
    }
    /* Obj09_GetCont: a continue at 50 rings, once */
    if (s->rings >= 50 && !(s->life_count & 0x01)) {
        s->life_count |= 0x01;
        s->continues = (uint8_t)(s->continues + 1u);
    }
}

/* Obj09_MakeGhostSolid: after the switch, every ghost block of the stage
 * area (v_ssblockbuffer) becomes a red/white block. */
static void make_ghosts_solid(spg_ss_state *s)
{
    if (s->ghost_state == 2) {
        for (int r = 0; r < SPG_SS_STAGE_SIZE; r++)
            for (int c = 0; c < SPG_SS_STAGE_SIZE; c++) {
                uint8_t *b = &s->layout[(SPG_SS_STAGE_ORIGIN + r) * SPG_SS_ROW +
                                        SPG_SS_STAGE_ORIGIN + c];
                if (*b == SPG_SS_GHOST)
                    *b = SPG_SS_RED_WHITE;
            }
    }
    s->ghost_state = 0;
}

void spg_ss_check_items(spg_ss_state *s)
{
    uint32_t row = (uint32_t)(uint16_t)(m68k_hiw(s->y) + SS_ITEM_Y) / SPG_SS_BLOCK;
    uint32_t col = (uint32_t)(uint16_t)(m68k_hiw(s->x) + SS_ITEM_X) / SPG_SS_BLOCK;
    uint32_t addr = SPG_SS_LAYOUT_ADDR + row * SPG_SS_ROW + col;
    const uint8_t *b = spg_ss_byte_at(s, addr);
    uint8_t id = b ? *b : 0;

    if (id == SPG_SS_EMPTY) {
        if (s->ghost_state != 0)
            make_ghosts_solid(s);
        return;
    }
    if (id == SPG_SS_RING) {
        start_animation(s, SPG_SS_ANI_RING, addr);
        collect_ring(s);
        return;
    }
    if (id == SPG_SS_1UP) {
        start_animation(s, SPG_SS_ANI_1UP, addr);
        s->lives = (uint8_t)(s->lives + 1u);
        return;
    }
    if (id >= SPG_SS_EMERALD_FIRST && id <= SPG_SS_EMERALD_LAST) {
        start_animation(s, SPG_SS_ANI_EMERALD, addr);
        if (s->emeralds != 6) {
            /* v_emldlist has 6 entries; the count is below 6 here */
            if (s->emeralds < 6)
                s->emerald_list[s->emeralds] = (uint8_t)(id - SPG_SS_EMERALD_FIRST);
            s->emeralds = (uint8_t)(s->emeralds + 1u);
        }
        return;
    }
    if (id == SPG_SS_GHOST)
        s->ghost_state = 1;
    if (id == SPG_SS_GHOST_SWITCH && s->ghost_state == 1)
        s->ghost_state = 2;
}

/* A cooldown timer's frame: subq.b #1, back to 0 when it went negative. */
static uint8_t count_down(uint8_t t)
{
    uint8_t n = (uint8_t)(t - 1u);
    return n >= 0x80 ? 0 : n;
}

/* The bumper: velocity $700 away from the block's centre, airborne. */
static void bumper(spg_ss_state *s)
{
    int16_t sine, cosine;
    uint32_t off = s->last_block_addr - (SPG_SS_LAYOUT_ADDR + 1u);
    uint32_t col = off & 0x7Fu;
    uint32_t row = ((off & 0xFFFFu) >> 7) & 0x7Fu;
    int16_t dx = m68k_subw(m68k_subw((int32_t)(col * SPG_SS_BLOCK), 0x14),
                           m68k_hiw(s->x));
    int16_t dy = m68k_subw(m68k_subw((int32_t)(row * SPG_SS_BLOCK), 0x44),
                           m68k_hiw(s->y));
    spg_calc_sine(spg_calc_angle(dx, dy), &sine, &cosine);
    s->x_speed = m68k_mul8(cosine, -SS_BUMPER_SPEED);
    s->y_speed = m68k_mul8(sine, -SS_BUMPER_SPEED);
    s->status |= SPG_SS_STATUS_IN_AIR;
    start_animation(s, SPG_SS_ANI_BUMPER, s->last_block_addr - 1u);
}

/* Obj09_UPblock / Obj09_DOWNblock.  Both start the shared timer even when
 * they change nothing; UP doubles the rotation only when bit 6 of its low
 * byte is set ($40 or -$40), DOWN halves it only when that bit is clear,
 * and only then does the block turn into the other one. */
static void up_down(spg_ss_state *s, int up)
{
    if (s->updown_cooldown != 0)
        return;
    s->updown_cooldown = SS_COOLDOWN;
    int bit6 = ((uint16_t)s->rotation & 0x40u) != 0;
    uint8_t *b = spg_ss_byte_at(s, s->last_block_addr - 1u);
    if (up && bit6) {
        s->rotation = m68k_aslw(s->rotation, 1);
        if (b)
            *b = SPG_SS_DOWN;
    } else if (!up && !bit6) {
        s->rotation = m68k_asrw(s->rotation, 1);
        if (b)
            *b = SPG_SS_UP;
    }
}

/* Obj09_Rblock: reverse the rotation (its own timer) and flash. */
static void r_block(spg_ss_state *s)
{
    if (s->r_cooldown != 0)
        return;
    s->r_cooldown = SS_COOLDOWN;
    start_animation(s, SPG_SS_ANI_R, s->last_block_addr - 1u);
    s->rotation = m68k_negw(s->rotation);
}

/* Obj09_Glass: crack one step.  The next id (0 after the last) goes into
 * the slot's address high byte; the animation writes it at the end. */
static void glass(spg_ss_state *s)
{
    uint32_t addr = s->last_block_addr - 1u;
    spg_ss_item *it = start_animation(s, SPG_SS_ANI_GLASS, addr);
    if (!it)
        return;
    const uint8_t *b = spg_ss_byte_at(s, addr);
    uint8_t next = (uint8_t)((b ? *b : 0) + 1u);
    if (next > SPG_SS_GLASS_LAST)
        next = 0;
    it->addr = (addr & 0x00FFFFFFu) | ((uint32_t)next << 24);
}

void spg_ss_react_block(spg_ss_state *s)
{
    uint8_t id = s->last_block;
    if (id == 0) {
        s->updown_cooldown = count_down(s->updown_cooldown);
        s->r_cooldown = count_down(s->r_cooldown);
        return;
    }
    switch (id) {
    case SPG_SS_BUMPER:
        bumper(s);
        break;
    case SPG_SS_GOAL:
        s->routine = (uint8_t)(s->routine + 2u);
        break;
    case SPG_SS_UP:
        up_down(s, 1);
        break;
    case SPG_SS_DOWN:
        up_down(s, 0);
        break;
    case SPG_SS_R:
        r_block(s);
        break;
    default:
        if (id >= SPG_SS_GLASS_FIRST && id <= SPG_SS_GLASS_LAST)
            glass(s);
        break;
    }
}

/* ---- SS_AniItems ---------------------------------------------------------- */

/* The animation frames of each type (0 ends it) and its step length - 1. */
static const uint8_t ani_ring[] = { 0x42, 0x43, 0x44, 0x45, 0 };
static const uint8_t ani_bumper[] = { 0x32, 0x33, 0x32, 0x33, 0 };
static const uint8_t ani_sparkle[] = { 0x46, 0x47, 0x48, 0x49, 0 };
static const uint8_t ani_r[] = { 0x2B, 0x31, 0x2B, 0x31, 0 };
static const uint8_t ani_glass[] = { 0x4B, 0x4C, 0x4D, 0x4E,
                                     0x4B, 0x4C, 0x4D, 0x4E, 0 };

/* A step past the end of its table (a slot that spg_ss_step never leaves:
 * the end marker frees it) reads as the end marker.  The original's
 * move.b SS_Ani*Data(pc,d0.w) would read the ROM bytes that follow the
 * table, the next routine's code; the core has no such bytes and ends the
 * animation instead (special.h, spg_ss_item). */
static void animate(spg_ss_state *s, spg_ss_item *it)
{
    const uint8_t *data;
    uint8_t period, len;
#define ANI(table, p) data = table, len = sizeof table, period = p
    switch (it->type) {
    case SPG_SS_ANI_RING: ANI(ani_ring, 5); break;
    case SPG_SS_ANI_BUMPER: ANI(ani_bumper, 7); break;
    case SPG_SS_ANI_1UP: ANI(ani_sparkle, 5); break;
    case SPG_SS_ANI_R: ANI(ani_r, 7); break;
    case SPG_SS_ANI_EMERALD: ANI(ani_sparkle, 5); break;
    case SPG_SS_ANI_GLASS: ANI(ani_glass, 1); break;
    default: return;
    }
#undef ANI
    it->timer = (uint8_t)(it->timer - 1u);
    if (it->timer < 0x80)
        return;
    it->timer = period;
    uint8_t step = it->frame;
    it->frame = (uint8_t)(it->frame + 1u);
    uint8_t v = step < len ? data[step] : 0;
    uint8_t *b = spg_ss_byte_at(s, it->addr);
    uint8_t type = it->type;
    uint32_t addr = it->addr;
    if (v != 0) {
        if (b)
            *b = v;
        return;
    }
    /* the last step: free the slot and leave the block as it ends */
    it->type = 0;
    it->timer = 0;
    it->frame = 0;
    it->addr = 0;
    if (type == SPG_SS_ANI_EMERALD)
        s->routine = SPG_SS_ROUTINE_EXIT; /* the emerald ends the stage */
    if (!b)
        return;
    switch (type) {
    case SPG_SS_ANI_BUMPER: *b = SPG_SS_BUMPER; break;
    case SPG_SS_ANI_R: *b = SPG_SS_R; break;
    case SPG_SS_ANI_GLASS: *b = (uint8_t)(addr >> 24); break;
    default: *b = 0; break; /* ring, 1-up, emerald: gone */
    }
}

void spg_ss_animate_items(spg_ss_state *s)
{
    for (int i = 0; i < SPG_SS_ITEM_SLOTS; i++)
        if (s->items[i].type != SPG_SS_ANI_NONE)
            animate(s, &s->items[i]);
}
