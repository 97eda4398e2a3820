/*
 * loops.c - Sonic_Loops (Sonic 1): the loops and roll tunnels of Green
 * Hill and Star Light Zone.
 *
 * A Sonic 1 loop is two 256x256 chunks at one place in the layout: the
 * high plane (the loop's near side is not solid, so the player runs in
 * under the loop's top) and the low plane (the loop itself).  Which one
 * the sensors read is obRender bit 6, and only this routine, the last one
 * Sonic_Control calls, sets or clears it: on the zone's loop chunk it
 * sends the player to the low plane past the chunk's left 44 px once he
 * climbs (a ground angle in 1..$80), and back to the high plane when he
 * comes round upright again, or in his last 32 px of the chunk; on every
 * other chunk back to the high plane.  On a roll-tunnel chunk he curls up,
 * whatever he is doing.
 */
#include "internal.h"
#include "tiles.h"

/* Whether the profile runs Sonic_Loops in the map's zone. */
static int loops_here(const spg_profile *pr, const spg_map *m)
{
    return m->zone < 16 && ((pr->loop_zones >> m->zone) & 1u) != 0;
}

/*
 * Sonic_Loops.  The chunk under the player is looked up from his centre
 * (obX's high byte, obY) and compared with v_256roll1, v_256roll2,
 * v_256loop1 and v_256loop2 in that order; v_256loop2 first sends a
 * player in the air back to the high plane.  On a loop chunk the pixel
 * x's low byte decides: below $2C the high plane, $E0 and above the low
 * plane; in between the angle: on the high plane an angle 1..$80 moves
 * him to the low one, on the low plane an angle above $80 back.
 */
void spg_sonic_loops(spg_frame *f, spg_player *p)
{
    const spg_map *m = f->map;
    int16_t px = m68k_hiw(p->x), py = m68k_hiw(p->y);
    uint8_t chunk, x_in_chunk;

    if (!loops_here(f->profile, m))
        return;
    chunk = spg_layout_byte(m, px, py);
    if (chunk == m->loop_chunks[SPG_ROLL1] ||
        chunk == m->loop_chunks[SPG_ROLL2]) {
        spg_chk_roll(f->profile, p);
        return;
    }
    if (chunk != m->loop_chunks[SPG_LOOP1]) {
        if (chunk != m->loop_chunks[SPG_LOOP2] ||
            (p->status & SPG_STATUS_IN_AIR)) {
            p->render_flags &= (uint8_t)~SPG_RENDER_LOW_PLANE;
            return;
        }
    }
    x_in_chunk = (uint8_t)px;               /* cmpi.b #$2C / #$E0,d2 */
    if (x_in_chunk < 0x2C) {
        p->render_flags &= (uint8_t)~SPG_RENDER_LOW_PLANE;
        return;
    }
    if (x_in_chunk >= 0xE0) {
        p->render_flags |= SPG_RENDER_LOW_PLANE;
        return;
    }
    if (!(p->render_flags & SPG_RENDER_LOW_PLANE)) {
        if (p->angle != 0 && p->angle <= 0x80)
            p->render_flags |= SPG_RENDER_LOW_PLANE;
    } else if (p->angle > 0x80) {
        p->render_flags &= (uint8_t)~SPG_RENDER_LOW_PLANE;
    }
}
