/*
 * start.c - the scenario's `start:` section: the player object
 * the first trace row shows (docs/scenario-format.md).
 *
 * Every traced field can be given, each on its own: position and speeds,
 * the status bits, the radii, the animation id, the routine, the angle
 * buffers, the control lock, the jump flag and the word at $38.  Each is
 * limited to what the original object can hold and what the core and the
 * original both run; the limits are explained in the messages.
 */
#include <string.h>

#include "scenario/loader.h"

/*
 * The animation id and the animation bytes Sonic_Animate keeps: only
 * states the original's tables define (an animation with a script, a
 * script position up to its end marker, a sprite of the character's
 * mappings); the core's animation step knows the tables.
 */
int scenario_anim_ok(const spg_profile *profile, const spg_player *p)
{
    int last = spg_anim_last_position(profile, p->anim);
    return last >= 0 && p->anim_frame <= last &&
           p->mapping_frame < spg_anim_mapping_frames(profile);
}

int scenario_routine_ok(unsigned routine)
{
    return routine == SPG_ROUTINE_CONTROL || routine == SPG_ROUTINE_DEATH ||
           routine == SPG_ROUTINE_RESET_LEVEL;
}

/* An optional integer key; 1 if given (then *out is set), 0 if absent,
 * -1 after an error. */
static int opt_int(sc_loader *L, const yaml_node_t *st, const char *key,
                   int64_t min, int64_t max, int64_t *out)
{
    const yaml_node_t *n = sc_get(L, st, key);
    if (n == NULL)
        return 0;
    return sc_get_int(L, n, key, min, max, out) ? -1 : 1;
}

/* An optional boolean key setting or clearing a status bit. */
static int opt_status(sc_loader *L, const yaml_node_t *st, const char *key,
                      uint8_t bit)
{
    const yaml_node_t *n = sc_get(L, st, key);
    int b;
    if (n == NULL)
        return 0;
    if (sc_get_bool(L, n, key, &b))
        return -1;
    spg_player *p = &L->s->start;
    if (b)
        p->status |= bit;
    else
        p->status &= (uint8_t)~bit;
    return 0;
}

static int load_anim(sc_loader *L, const yaml_node_t *st, spg_player *p)
{
    const scenario *s = L->s;
    const yaml_node_t *n;
    int64_t v;
    if ((n = sc_get(L, st, "anim"))) {
        if (sc_get_int(L, n, "anim", 0, 255, &v))
            return -1;
        if (spg_anim_last_position(&s->profile, (uint8_t)v) < 0)
            return sc_fail(L, n, "anim: %s is not an animation of this "
                                 "character (its script table has no entry "
                                 "$%02llX)",
                           sc_sval(n), (unsigned long long)v);
        p->anim = (uint8_t)v;
    }
    if ((n = sc_get(L, st, "prev_anim"))) {
        if (sc_get_int(L, n, "prev_anim", 0, 255, &v))
            return -1;
        p->prev_anim = (uint8_t)v;
    }
    if ((n = sc_get(L, st, "anim_frame"))) {
        int last = spg_anim_last_position(&s->profile, p->anim);
        if (sc_get_int(L, n, "anim_frame", 0, last, &v))
            return -1;
        p->anim_frame = (uint8_t)v;
    }
    if ((n = sc_get(L, st, "anim_timer"))) {
        if (sc_get_int(L, n, "anim_timer", 0, 255, &v))
            return -1;
        p->anim_timer = (uint8_t)v;
    }
    if ((n = sc_get(L, st, "mapping_frame"))) {
        if (sc_get_int(L, n, "mapping_frame", 0,
                       spg_anim_mapping_frames(&s->profile) - 1, &v))
            return -1;
        p->mapping_frame = (uint8_t)v;
    }
    if ((n = sc_get(L, st, "render_flags"))) {
        if (sc_get_int(L, n, "render_flags", 0, 255, &v))
            return -1;
        p->render_flags = (uint8_t)v;
    }
    return 0;
}

static int load_routine(sc_loader *L, const yaml_node_t *n, spg_player *p)
{
    int64_t v;
    if (sc_get_int(L, n, "routine", 0, 255, &v))
        return -1;
    if (scenario_routine_ok((unsigned)v)) {
        p->routine = (uint8_t)v;
        return 0;
    }
    const char *why =
        v == 0   ? "routine 0 (Sonic_Main) sets the object up and falls "
                   "into routine 2; the core does not reproduce it"
        : v == 4 ? "routine 4 (Sonic_Hurt) is not reproduced by the core"
                 : "the player's routine table (Sonic_Index) has entries "
                   "0, 2, 4, 6 and 8 only";
    return sc_fail(L, n,
                   "routine: %lld is not one both the core and the original "
                   "run: give 2 (control), 6 (death) or 8 (reset level); %s",
                   (long long)v, why);
}

/* Sonic 3's own object bytes ($2F, $25, $39) and Level_frame_counter;
 * refused in a Sonic 1 or 2 scenario.  In a Sonic 3 scenario word_38's
 * low byte (spin_dash_flag, $3D) with bit 7 set is refused: the forced
 * roll (RollSpeed skipping the input) is not modelled by the core. */
static int load_sonic3(sc_loader *L, const yaml_node_t *st, spg_player *p)
{
    static const char *const s3keys[] = {"double_jump_flag",
                                         "double_jump_property",
                                         "scroll_delay_counter",
                                         "frame_counter"};
    /* Sonic & Knuckles: Knuckles' glide collision byte, refused in every
     * other game (Sonic 1's, 2's and CD's too, before the return below) */
    const yaml_node_t *gf = sc_get(L, st, "glide_flags");
    if (gf && !scenario_has(L->s, GAME_S3K_STATE))
        return sc_fail_feature(L, gf, "glide_flags", GAME_S3K_STATE,
                               "this field");
    if (!scenario_has(L->s, GAME_S3_STATE)) {
        for (size_t i = 0; i < sizeof s3keys / sizeof s3keys[0]; i++) {
            const yaml_node_t *n = sc_get(L, st, s3keys[i]);
            if (n)
                return sc_fail_feature(L, n, s3keys[i], GAME_S3_STATE,
                                       "this field");
        }
        return 0;
    }
    int64_t v;
    int r;
    if ((r = opt_int(L, st, "double_jump_flag", 0, 255, &v)) < 0)
        return -1;
    if (r)
        p->double_jump_flag = (uint8_t)v;
    if ((r = opt_int(L, st, "double_jump_property", 0, 255, &v)) < 0)
        return -1;
    if (r)
        p->double_jump_property = (uint8_t)v;
    if ((r = opt_int(L, st, "scroll_delay_counter", 0, 255, &v)) < 0)
        return -1;
    if (r)
        p->scroll_delay_counter = (uint8_t)v;
    if ((r = opt_int(L, st, "frame_counter", 0, 65535, &v)) < 0)
        return -1;
    if (r)
        p->frame_counter = (uint16_t)v;
    if ((r = opt_int(L, st, "glide_flags", 0, 255, &v)) < 0)
        return -1;
    if (r)
        p->glide_flags = (uint8_t)v;
    if (p->word_38 & 0x80u) {
        const yaml_node_t *at = sc_get(L, st, "word_38");
        return sc_fail(L, at ? at : st,
                       "word_38: $%04X: bit 7 of the low byte (Sonic 3's "
                       "spin_dash_flag, $3D) is the forced roll of tubes "
                       "and slides, which the core does not reproduce",
                       (unsigned)p->word_38);
    }
    return 0;
}

/* Sonic 2's collision path ($3E/$3F) and spindash counter ($3A), also
 * Sonic 3's ($46/$47, $3E); refused in a Sonic 1 scenario. */
static int load_sonic2(sc_loader *L, const yaml_node_t *st, spg_player *p)
{
    static const char *const s2keys[] = {"path", "spindash_counter"};
    if (!scenario_has(L->s, GAME_PATHS)) {
        for (size_t i = 0; i < sizeof s2keys / sizeof s2keys[0]; i++) {
            const yaml_node_t *n = sc_get(L, st, s2keys[i]);
            if (n)
                return sc_fail_feature(L, n, s2keys[i], GAME_PATHS,
                                       "this field");
        }
        return 0;
    }
    const yaml_node_t *n = sc_get(L, st, "path");
    if (n) {
        static const char *const paths[] = {"primary", "secondary", NULL};
        int d;
        if (sc_get_enum(L, n, "path", paths, &d))
            return -1;
        /* top_solid_bit / lrb_solid_bit: $C/$D primary, $E/$F secondary */
        p->top_solid_bit = d ? 0x0E : 0x0C;
        p->lrb_solid_bit = d ? 0x0F : 0x0D;
    }
    int64_t v;
    int r;
    if ((r = opt_int(L, st, "spindash_counter", 0, 65535, &v)) < 0)
        return -1;
    if (r)
        p->spindash_counter = (uint16_t)v;
    /* With the spindash flag ($39, word_38's low byte) set, the next
     * release picks its speed from a 9-entry table by the counter's high
     * byte (SpindashSpeeds): past $8FF it would read the ROM after the
     * table, which neither the core nor a charge ever reaches (a charge
     * caps the counter at $800). */
    if ((p->word_38 & 0xFFu) != 0 && p->spindash_counter > 0x8FF) {
        const yaml_node_t *at = sc_get(L, st, "spindash_counter");
        if (!at)
            at = sc_get(L, st, "word_38");
        return sc_fail(L, at ? at : st,
                       "spindash_counter: $%X with the spindash flag set "
                       "(word_38's low byte): the release speed table has "
                       "entries for $000..$8FF only",
                       (unsigned)p->spindash_counter);
    }
    return 0;
}

/* Sonic CD's player bytes ($2A, $2C) and the level state its player code
 * keeps (lookMode, timeZone, camXCenter, camYCenter, boredTimer); refused
 * in every other game.  boredTimer stops below 10800: at 10800 (three
 * minutes of idling) ObjSonic_ChkBoredom gives up (the "I'm outta here"
 * jump and a Sub CPU command), which the core does not model. */
static int load_soniccd(sc_loader *L, const yaml_node_t *st, spg_player *p)
{
    static const struct {
        const char *key;
        int64_t max;
    } fields[] = {{"charge", 255},       {"player_ctrl", 255},
                  {"look_mode", 255},    {"time_zone", 2},
                  {"cam_x_center", 65535}, {"cam_y_center", 65535},
                  {"bored_timer", 65535}};
    if (!scenario_has(L->s, GAME_SCD_STATE)) {
        for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
            const yaml_node_t *n = sc_get(L, st, fields[i].key);
            if (n)
                return sc_fail_feature(L, n, fields[i].key, GAME_SCD_STATE,
                                       "this field");
        }
        return 0;
    }
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        int64_t v;
        int r = opt_int(L, st, fields[i].key, 0, fields[i].max, &v);
        if (r < 0)
            return -1;
        if (r == 0)
            continue;
        switch (i) {
        case 0: p->charge = (uint8_t)v; break;
        case 1: p->player_ctrl = (uint8_t)v; break;
        case 2: p->look_mode = (uint8_t)v; break;
        case 3: p->time_zone = (uint8_t)v; break;
        case 4: p->cam_x_center = (uint16_t)v; break;
        case 5: p->cam_y_center = (uint16_t)v; break;
        default:
            if (v >= SCENARIO_BORED_GIVE_UP)
                return sc_fail(L, sc_get(L, st, "bored_timer"),
                               "bored_timer: %lld: at %d (three minutes of "
                               "idling) Sonic gives up (ObjSonic_ChkBoredom: "
                               "the give-up jump and a Sub CPU command), "
                               "which the core does not reproduce; give "
                               "0..%d",
                               (long long)v, SCENARIO_BORED_GIVE_UP,
                               SCENARIO_BORED_GIVE_UP - 1);
            p->bored_timer = (uint16_t)v;
            break;
        }
    }
    return 0;
}

int sc_load_start(sc_loader *L, const yaml_node_t *st)
{
    /* clang-format off */
    static const char *const keys[] = {
        "x", "x_sub", "y", "y_sub", "x_speed", "y_speed", "ground_speed",
        "angle", "facing", "in_air", "rolling", "on_object", "roll_jump",
        "pushing", "underwater", "height_radius", "width_radius", "anim",
        "routine", "control_lock", "jumping", "angle_buffer_1",
        "angle_buffer_2", "word_38", "prev_anim", "anim_frame",
        "anim_timer", "mapping_frame", "render_flags", "path",
        "spindash_counter", "double_jump_flag", "double_jump_property",
        "scroll_delay_counter", "frame_counter", "glide_flags", "charge",
        "player_ctrl", "look_mode", "time_zone", "cam_x_center",
        "cam_y_center", "bored_timer", NULL};
    /* clang-format on */
    scenario *s = L->s;
    spg_player *p = &s->start;
    if (sc_check_keys(L, st, "start", keys, NULL))
        return -1;
    int64_t x = 0, xs = 0, y = 0, ys = 0, v;
    const yaml_node_t *n;
    if (opt_int(L, st, "x", -32768, 32767, &x) < 0 ||
        opt_int(L, st, "x_sub", 0, 65535, &xs) < 0 ||
        opt_int(L, st, "y", -32768, 32767, &y) < 0 ||
        opt_int(L, st, "y_sub", 0, 65535, &ys) < 0)
        return -1;
    uint32_t ux = ((uint32_t)x & 0xFFFFu) << 16 | (uint32_t)xs;
    uint32_t uy = ((uint32_t)y & 0xFFFFu) << 16 | (uint32_t)ys;
    memcpy(&p->x, &ux, sizeof ux); /* two's complement bit pattern */
    memcpy(&p->y, &uy, sizeof uy);

    int r;
    if ((r = opt_int(L, st, "x_speed", -32768, 32767, &v)) < 0)
        return -1;
    if (r)
        p->x_speed = (int16_t)v;
    if ((r = opt_int(L, st, "y_speed", -32768, 32767, &v)) < 0)
        return -1;
    if (r)
        p->y_speed = (int16_t)v;
    if ((r = opt_int(L, st, "ground_speed", -32768, 32767, &v)) < 0)
        return -1;
    if (r)
        p->ground_speed = (int16_t)v;
    if ((r = opt_int(L, st, "angle", 0, 255, &v)) < 0)
        return -1;
    if (r)
        p->angle = (uint8_t)v;
    if ((r = opt_int(L, st, "control_lock", 0, 65535, &v)) < 0)
        return -1;
    if (r)
        p->control_lock = (uint16_t)v;
    if ((n = sc_get(L, st, "facing"))) {
        static const char *const dirs[] = {"right", "left", NULL};
        int d;
        if (sc_get_enum(L, n, "facing", dirs, &d))
            return -1;
        if (d)
            p->status |= SPG_STATUS_FACING_LEFT;
    }

    /* Status bits, each on its own.  The underwater bit defaults to the
     * variant's (spg_player_default); giving it sets or clears it without
     * changing the constants, as the original allows: Sonic_Water only
     * acts in Labyrinth Zone, and the jump and gravity code test the bit. */
    if (opt_status(L, st, "in_air", SPG_STATUS_IN_AIR) ||
        opt_status(L, st, "rolling", SPG_STATUS_ROLLING) ||
        opt_status(L, st, "on_object", SPG_STATUS_ON_OBJECT) ||
        opt_status(L, st, "roll_jump", SPG_STATUS_ROLL_JUMP) ||
        opt_status(L, st, "pushing", SPG_STATUS_PUSHING) ||
        opt_status(L, st, "underwater", SPG_STATUS_UNDERWATER))
        return -1;
    if (p->status & SPG_STATUS_ROLLING) {
        /* Curled, as Sonic_Roll / Sonic_Jump leave the object: curled
         * radii, rolling animation (unless given below).  The y shift the
         * game applies when curling is not applied: y is used as given. */
        p->height_radius = s->profile.roll_height_radius;
        p->width_radius = s->profile.roll_width_radius;
        p->anim = 2; /* id_Roll */
    }

    /* Radii: any byte.  The sensor code loads them with move.b and ext.w,
     * so 128..255 act as -128..-1. */
    if ((r = opt_int(L, st, "height_radius", 0, 255, &v)) < 0)
        return -1;
    if (r)
        p->height_radius = (uint8_t)v;
    if ((r = opt_int(L, st, "width_radius", 0, 255, &v)) < 0)
        return -1;
    if (r)
        p->width_radius = (uint8_t)v;
    if (load_anim(L, st, p))
        return -1;
    if ((n = sc_get(L, st, "routine")) && load_routine(L, n, p))
        return -1;
    if ((n = sc_get(L, st, "jumping"))) {
        int b;
        if (sc_get_bool(L, n, "jumping", &b))
            return -1;
        p->jumping = (uint8_t)b;
    }
    if ((r = opt_int(L, st, "angle_buffer_1", 0, 255, &v)) < 0)
        return -1;
    if (r)
        p->angle_buffer_1 = (uint8_t)v;
    if ((r = opt_int(L, st, "angle_buffer_2", 0, 255, &v)) < 0)
        return -1;
    if (r)
        p->angle_buffer_2 = (uint8_t)v;
    if ((r = opt_int(L, st, "word_38", 0, 65535, &v)) < 0)
        return -1;
    if (r)
        p->word_38 = (uint16_t)v;
    if (load_sonic2(L, st, p) || load_soniccd(L, st, p))
        return -1;
    return load_sonic3(L, st, p);
}
