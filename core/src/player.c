/*
 * player.c - spg_step: Sonic 1's player object, routine 2 (Sonic_Control),
 * with the mode routines, SpeedToPos, Sonic_LevelBound and KillSonic.
 *
 * What Sonic_Control does besides the mode routine and leaves out here,
 * because it cannot change a traced field in a level without objects or
 * debug mode: the debug-mode check, Sonic_Display (sprite, invincibility
 * and shoe timers: the capture never starts them), Sonic_RecordPosition,
 * the wind tunnel animation fix (the flag is set only by Labyrinth Zone's
 * tunnels, level code), ReactToItem and Sonic_LoadGfx (it copies the
 * sprite's tiles for the mapping frame Sonic_Animate chose).  After the
 * mode routine Sonic_Water (water.c) runs in the levels with water
 * (Sonic 1: Labyrinth Zone), then the angle copies, Sonic_Animate at the
 * end of the frame (anim.c), and after it Sonic_Loops (loops.c) in the
 * zones that have it.
 */
#include "internal.h"
#include "anim.h"

/* SpeedToPos: position += speed * 256, on the whole 16.16 longs. */
void spg_speed_to_pos(spg_player *p)
{
    p->x = m68k_addl(p->x, m68k_asll(p->x_speed, 8));
    p->y = m68k_addl(p->y, m68k_asll(p->y_speed, 8));
}

/*
 * KillSonic, as far as it touches traced fields: routine 6 (death),
 * Sonic_ResetOnFloor, airborne, y speed -$700, x and ground speed 0, the
 * pixel y copied into the word at $38, the death animation.  The caller
 * (Sonic_LevelBound) was branched to, not called, so its rts returns into
 * the mode routine, which goes on with the rest of the frame as usual.
 * On the ground that rest is SpeedToPos, Sonic_AnglePos and
 * Sonic_SlopeRepel, and the $38 word's high byte is the stick-to-convex
 * flag: for a pixel y of 256 or more it is set, so AnglePos still snaps to
 * a floor more than 14 px away and SlopeRepel returns at once (the control
 * lock is not counted down, no slip starts).
 */
void spg_kill(const spg_profile *pr, spg_player *p)
{
    (void)pr;
    p->routine = SPG_ROUTINE_DEATH;
    spg_reset_on_floor(p);
    p->status |= SPG_STATUS_IN_AIR;
    p->y_speed = -0x700;
    p->x_speed = 0;
    p->ground_speed = 0;
    p->word_38 = (uint16_t)m68k_hiw(p->y);
    p->anim = SPG_ANIM_DEATH;
}

/*
 * Sonic_LevelBound: looks at where x will be after this frame's move (x
 * plus x speed, pixel word only).  Left of limit_left + $10 or at/right of
 * limit_right + the profile's right_limit_offset ($168 in Sonic 1 and 2:
 * the $128 screen width plus $40 when the screen is not locked; $128 in
 * Sonic 3's Player_LevelBound) the player is put on that limit with subpixel, x speed and
 * ground speed 0.  Both are unsigned word compares.  Then a pixel y below
 * limit_bottom + 224 (signed compare) kills the player.
 */
void spg_level_bound(spg_frame *f, spg_player *p)
{
    int32_t next_x = m68k_addl(p->x, m68k_asll(p->x_speed, 8));
    uint16_t px = (uint16_t)m68k_hiw(next_x);
    uint16_t left = (uint16_t)m68k_addw(f->map->limit_left, 0x10);
    uint16_t right = (uint16_t)m68k_addw(f->map->limit_right,
                                         (int16_t)f->profile->right_limit_offset);
    int16_t bottom;
    uint16_t edge = 0;
    int hit = 0;

    if (left > px) {
        edge = left;
        hit = 1;
    } else if (f->profile->right_limit_exclusive ? right < px : right <= px) {
        edge = right;
        hit = 1;
    }
    if (hit) {
        p->x = m68k_mkl(m68k_w(edge), 0);
        p->x_speed = 0;
        p->ground_speed = 0;
    }
    bottom = m68k_addw(f->map->limit_bottom, 224);
    if (bottom < m68k_hiw(p->y))
        spg_routines_get(f->profile)->kill(f->profile, p);
}

/* Sonic_MdNormal: on the ground, not rolling. */
void spg_mode_normal(spg_frame *f, spg_player *p)
{
    const spg_routines *rt = spg_routines_get(f->profile);

    if (spg_jump(f, p))
        return;
    rt->slope_resist(f, p);
    rt->move(f, p);
    rt->roll(f, p);
    spg_level_bound(f, p);
    spg_speed_to_pos(p);
    spg_angle_pos(f, p);
    rt->slope_repel(f, p);
}

/* Sonic_MdRoll: on the ground, rolling. */
void spg_mode_roll(spg_frame *f, spg_player *p)
{
    if (spg_jump(f, p))
        return;
    spg_roll_repel(f, p);
    spg_roll_speed(f, p);
    spg_level_bound(f, p);
    spg_speed_to_pos(p);
    spg_angle_pos(f, p);
    spg_routines_get(f->profile)->slope_repel(f, p);
}

/* Sonic_MdJump and Sonic_MdJump2 (in the air, curled or not): the same
 * code twice in the original.  Gravity comes after the move (ObjectFall),
 * and underwater $28 is taken off again afterwards. */
void spg_mode_air(spg_frame *f, spg_player *p)
{
    spg_routines_get(f->profile)->jump_height(f, p);
    spg_jump_direction(f, p);
    spg_level_bound(f, p);
    spg_object_fall(p, f->profile->gravity);
    if (p->status & SPG_STATUS_UNDERWATER)
        p->y_speed = m68k_subw(p->y_speed, f->profile->underwater_gravity_cut);
    spg_jump_angle(p);
    spg_air_floor(f, p);
}

/*
 * Sonic_Death (routine 6): GameOver, then ObjectFall, then Sonic_Animate.
 * GameOver waits until the pixel y is past limit_bottom + $100 (an unsigned
 * word compare), then sets y speed to -$38 and moves on to routine 8; the
 * fall and the animation run either way, with plain gravity (no underwater
 * correction here).  The lives counter, the game-over cards and the
 * restart timer it also touches are not player state the traces show.
 */
void spg_sonic_death(const spg_map *map, const spg_profile *profile,
                     spg_player *p)
{
    uint16_t limit = (uint16_t)m68k_addw(map->limit_bottom, 0x100);

    if (limit < (uint16_t)m68k_hiw(p->y)) {
        p->y_speed = -0x38;
        p->routine = SPG_ROUTINE_RESET_LEVEL;
    }
    spg_object_fall(p, profile->gravity);
    spg_animate(p);
}

/*
 * Sonic_Control (Sonic 2: Obj01_Control / Obj02_Control; the game's
 * routine table, spg_routines_get, gives the mode, water, death and
 * animation routines).  The joypad copy (v_jpadhold1 -> v_jpadhold2) is
 * the `input` argument; the mode routine is picked by status bits 1 (air)
 * and 2 (roll) in the order of Sonic_Modes; afterwards the table's
 * after_modes (Sonic 2, 3 and S&K: the vertical wrap's y mask), then
 * Sonic_Water; afterwards the ground sensors'
 * angles (v_anglebuffer, v_anglebuffer2) are copied into the object and
 * Sonic_Animate plays the animation the mode routine chose (also on the
 * frame KillSonic runs: LevelBound returns into the mode routine).
 *
 * After a death (routine 6, set by Sonic_LevelBound) the frame runs
 * Sonic_Death instead; in routine 8 (Sonic_ResetLevel) only a restart
 * timer counts down, so nothing traced changes.
 */
void spg_step(const spg_profile *profile, const spg_map *map,
              spg_input input, spg_player *player)
{
    const spg_routines *rt = spg_routines_get(profile);
    spg_frame f;

    if (rt->begin_frame)
        rt->begin_frame(profile, player);
    if (player->routine == SPG_ROUTINE_DEATH) {
        rt->dead(map, profile, player);
        return;
    }
    if (player->routine == SPG_ROUTINE_RESET_LEVEL) {
        rt->gone(player);
        return;
    }
    if (player->routine != SPG_ROUTINE_CONTROL)
        return;

    f.profile = profile;
    f.map = map;
    f.input = input;
    f.anglebuffer[0] = player->angle_buffer_1;
    f.anglebuffer[1] = player->angle_buffer_2;
    f.looked = 0;
    f.low_plane = (player->render_flags & SPG_RENDER_LOW_PLANE) != 0;

    switch (player->status & (SPG_STATUS_IN_AIR | SPG_STATUS_ROLLING)) {
    case 0:
        rt->mode_normal(&f, player);
        break;
    case SPG_STATUS_ROLLING:
        rt->mode_roll(&f, player);
        break;
    default: /* MdJump (air) and MdJump2 (air + roll) */
        rt->mode_air(&f, player);
        break;
    }
    if (rt->after_modes)
        rt->after_modes(map, player);

    if (rt->water)
        rt->water(&f, player);
    player->angle_buffer_1 = f.anglebuffer[0];
    player->angle_buffer_2 = f.anglebuffer[1];
    rt->animate(profile, player);
    if (rt->end_control)
        rt->end_control(&f, player);
}

/* Sonic_ResetLevel (routine 8): a restart timer only, nothing the traces
 * show. */
void spg_sonic_reset_level(spg_player *p)
{
    (void)p;
}
