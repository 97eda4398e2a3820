/*
 * scenario_start.c - the scenario's `start:` section: the player object
 * the first trace row shows (docs/scenario-format.md).
 */
#include <string.h>

#include "scenario_internal.h"

int sc_load_start(sc_loader *L, const yaml_node_t *st)
{
    static const char *const keys[] = {
        "x",       "x_sub",        "y",       "y_sub",  "x_speed",
        "y_speed", "ground_speed", "angle",   "facing", "in_air",
        "rolling", "control_lock", "jumping", NULL};
    scenario *s = L->s;
    spg_player *p = &s->start;
    if (sc_check_keys(L, st, "start", keys, NULL))
        return -1;
    int64_t x = 0, xs = 0, y = 0, ys = 0, v;
    const yaml_node_t *n;
    if ((n = sc_get(L, st, "x")) && sc_get_int(L, n, "x", -32768, 32767, &x))
        return -1;
    if ((n = sc_get(L, st, "x_sub")) &&
        sc_get_int(L, n, "x_sub", 0, 65535, &xs))
        return -1;
    if ((n = sc_get(L, st, "y")) && sc_get_int(L, n, "y", -32768, 32767, &y))
        return -1;
    if ((n = sc_get(L, st, "y_sub")) &&
        sc_get_int(L, n, "y_sub", 0, 65535, &ys))
        return -1;
    uint32_t ux = ((uint32_t)x & 0xFFFFu) << 16 | (uint32_t)xs;
    uint32_t uy = ((uint32_t)y & 0xFFFFu) << 16 | (uint32_t)ys;
    memcpy(&p->x, &ux, sizeof ux); /* two's complement bit pattern */
    memcpy(&p->y, &uy, sizeof uy);
    if ((n = sc_get(L, st, "x_speed"))) {
        if (sc_get_int(L, n, "x_speed", -32768, 32767, &v))
            return -1;
        p->x_speed = (int16_t)v;
    }
    if ((n = sc_get(L, st, "y_speed"))) {
        if (sc_get_int(L, n, "y_speed", -32768, 32767, &v))
            return -1;
        p->y_speed = (int16_t)v;
    }
    if ((n = sc_get(L, st, "ground_speed"))) {
        if (sc_get_int(L, n, "ground_speed", -32768, 32767, &v))
            return -1;
        p->ground_speed = (int16_t)v;
    }
    if ((n = sc_get(L, st, "angle"))) {
        if (sc_get_int(L, n, "angle", 0, 255, &v))
            return -1;
        p->angle = (uint8_t)v;
    }
    if ((n = sc_get(L, st, "control_lock"))) {
        if (sc_get_int(L, n, "control_lock", 0, 65535, &v))
            return -1;
        p->control_lock = (uint16_t)v;
    }
    if ((n = sc_get(L, st, "facing"))) {
        static const char *const dirs[] = {"right", "left", NULL};
        int d;
        if (sc_get_enum(L, n, "facing", dirs, &d))
            return -1;
        if (d)
            p->status |= SPG_STATUS_FACING_LEFT;
    }
    int b;
    if ((n = sc_get(L, st, "in_air"))) {
        if (sc_get_bool(L, n, "in_air", &b))
            return -1;
        if (b)
            p->status |= SPG_STATUS_IN_AIR;
    }
    if ((n = sc_get(L, st, "rolling"))) {
        if (sc_get_bool(L, n, "rolling", &b))
            return -1;
        if (b) {
            /* Curled, as Sonic_Roll / Sonic_Jump leave the object: roll
             * bit, curled radii, rolling animation.  The y shift the game
             * applies when curling is not applied: y is used as given. */
            p->status |= SPG_STATUS_ROLLING;
            p->height_radius = s->profile.roll_height_radius;
            p->width_radius = s->profile.roll_width_radius;
            p->anim = 2; /* roll */
        }
    }
    if ((n = sc_get(L, st, "jumping"))) {
        if (sc_get_bool(L, n, "jumping", &b))
            return -1;
        p->jumping = (uint8_t)b;
    }
    return 0;
}
