/*
 * core/src/special/: Sonic 1's special stage, object 09 in the rotating
 * maze (spg/special.h); the normal stage's player is in core/src/.
 *
 * special/stage.c - object 09, Sonic in the special stage (SonicSpecial).
 *
 * One play frame, as Obj09_ChkDebug runs it: clear the last block, then
 * by the "in air" status bit as it stands at the start of the frame either
 * Obj09_OnWall (Obj09_Jump, Obj09_Move, Obj09_Fall) or Obj09_InAir
 * (Obj09_Move, Obj09_Fall); then Obj09_ChkItems, Obj09_ChkItems2,
 * SpeedToPos, the stage angle update v_ssangle += v_ssrotate and
 * Sonic_Animate (animate.c).  The exit routines animate too.
 *
 * The maze never moves: every tile check looks at the unrotated layout
 * (read through maze.c).  Only the directions turn with the snapped stage
 * angle (angle & $FC): gravity along (sin, cos) of it, the jump along
 * -it - $40, and left/right along the movement angle
 * -((angle + $20) & $C0), the nearest quarter turn.
 */
#include "internal.h"

/* The byte angle (high byte of v_ssangle). */
static uint8_t stage_angle_byte(const spg_ss_state *s)
{
    return (uint8_t)(s->stage_angle >> 8);
}

/* divu.w #$18 of a word the code zero-extended. */
static uint32_t block_of(int16_t pixel, int bias)
{
    return (uint32_t)(uint16_t)(pixel + bias) / SPG_SS_BLOCK;
}

int spg_ss_check_blocks(spg_ss_state *s, int32_t y, int32_t x)
{
    /* sub_1BCE8: a1 = $FF0000 + row * $80 + column, then the bytes at
     * a1, a1 + 1, a1 + $80, a1 + $81 in that order (top left, top right,
     * bottom left, bottom right).  Each solid one overwrites $30/$32, so
     * the last solid block wins. */
    static const uint32_t order[4] = { 0, 1, SPG_SS_ROW, SPG_SS_ROW + 1 };
    uint32_t base = SPG_SS_LAYOUT_ADDR +
                    block_of(m68k_hiw(y), SS_CHECK_Y) * SPG_SS_ROW +
                    block_of(m68k_hiw(x), SS_CHECK_X);
    int found = 0;
    for (int i = 0; i < 4; i++) {
        uint32_t addr = base + order[i];
        const uint8_t *b = spg_ss_byte_at(s, addr);
        uint8_t id = b ? *b : 0;
        if (spg_ss_solid_id(id)) {
            s->last_block = id;
            s->last_block_addr = addr + 1;
            found = 1;
        }
    }
    return found;
}

/* Obj09_Jump: A, B or C newly pressed jumps at $680 away from the floor
 * the snapped angle points at. */
static void ss_jump(spg_ss_state *s, spg_input in)
{
    int16_t sine, cosine;
    if (!(in.pressed & (SPG_BTN_A | SPG_BTN_B | SPG_BTN_C)))
        return;
    uint8_t a = (uint8_t)(0u - (stage_angle_byte(s) & 0xFCu) - 0x40u);
    spg_calc_sine(a, &sine, &cosine);
    s->x_speed = m68k_mul8(cosine, SS_JUMP_SPEED);
    s->y_speed = m68k_mul8(sine, SS_JUMP_SPEED);
    s->status |= SPG_SS_STATUS_IN_AIR;
}

/* Obj09_MoveLeft: accelerate to -top speed; above 0 decelerate by $40 with
 * no clamp at zero (the original's bcc skips only a nop). */
static void ss_move_left(spg_ss_state *s)
{
    s->status |= SPG_SS_STATUS_FACING_LEFT;
    int16_t gs = s->ground_speed;
    if (gs > 0) {
        s->ground_speed = m68k_subw(gs, SS_DECELERATION);
        return;
    }
    gs = m68k_subw(gs, SS_ACCELERATION);
    if (gs <= -SS_TOP_SPEED)
        gs = -SS_TOP_SPEED;
    s->ground_speed = gs;
}

/* Obj09_MoveRight: the mirror image. */
static void ss_move_right(spg_ss_state *s)
{
    s->status &= (uint8_t)~SPG_SS_STATUS_FACING_LEFT;
    int16_t gs = s->ground_speed;
    if (gs < 0) {
        s->ground_speed = m68k_addw(gs, SS_DECELERATION);
        return;
    }
    gs = m68k_addw(gs, SS_ACCELERATION);
    if (gs >= SS_TOP_SPEED)
        gs = SS_TOP_SPEED;
    s->ground_speed = gs;
}

/* Obj09_Move: input to Ground Speed, then a step of Ground Speed along the
 * movement angle, taken back (and Ground Speed zeroed) when it ends in a
 * solid block. */
static void ss_move(spg_ss_state *s, spg_input in)
{
    int16_t sine, cosine;
    if (in.held & SPG_BTN_LEFT)
        ss_move_left(s);
    if (in.held & SPG_BTN_RIGHT)
        ss_move_right(s);
    if (!(in.held & (SPG_BTN_LEFT | SPG_BTN_RIGHT)) && s->ground_speed != 0) {
        /* friction: subi/addi with a carry test, so it stops at 0 */
        uint16_t gs = (uint16_t)s->ground_speed;
        if (s->ground_speed > 0)
            gs = gs < SS_ACCELERATION ? 0 : (uint16_t)(gs - SS_ACCELERATION);
        else
            gs = (uint32_t)gs + SS_ACCELERATION > 0xFFFFu
                     ? 0 : (uint16_t)(gs + SS_ACCELERATION);
        s->ground_speed = m68k_w(gs);
    }
    uint8_t a = (uint8_t)(0u - ((stage_angle_byte(s) + 0x20u) & 0xC0u));
    spg_calc_sine(a, &sine, &cosine);
    int32_t dx = m68k_muls(cosine, s->ground_speed);
    int32_t dy = m68k_muls(sine, s->ground_speed);
    s->x = m68k_addl(s->x, dx);
    s->y = m68k_addl(s->y, dy);
    if (spg_ss_check_blocks(s, s->y, s->x)) {
        s->x = m68k_subl(s->x, dx);
        s->y = m68k_subl(s->y, dy);
        s->ground_speed = 0;
    }
}

/* Obj09_Fall: gravity 42 along the snapped angle added to the speeds (in
 * 16.16, so each axis is floored on its own when shifted back), a check
 * with the new x speed, then one with the new y speed (from the old x when
 * x was blocked).  A blocked axis gets speed 0 and clears the air bit;
 * no block at all sets it. */
static void ss_fall(spg_ss_state *s)
{
    int16_t sine, cosine;
    spg_calc_sine((uint8_t)(stage_angle_byte(s) & 0xFCu), &sine, &cosine);
    int32_t d0 = m68k_addl(m68k_muls(sine, SS_GRAVITY),
                           m68k_asll(s->x_speed, 8));
    int32_t d1 = m68k_addl(m68k_muls(cosine, SS_GRAVITY),
                           m68k_asll(s->y_speed, 8));
    int32_t x = s->x, y = s->y;
    if (spg_ss_check_blocks(s, y, m68k_addl(x, d0))) {
        d0 = 0;
        s->x_speed = 0;
        s->status &= (uint8_t)~SPG_SS_STATUS_IN_AIR;
        if (spg_ss_check_blocks(s, m68k_addl(y, d1), x)) {
            s->y_speed = 0;
            return;
        }
        s->x_speed = 0;
        s->y_speed = m68k_w((uint32_t)m68k_asrl(d1, 8));
        return;
    }
    if (spg_ss_check_blocks(s, m68k_addl(y, d1), m68k_addl(x, d0))) {
        s->status &= (uint8_t)~SPG_SS_STATUS_IN_AIR;
        s->x_speed = m68k_w((uint32_t)m68k_asrl(d0, 8));
        s->y_speed = 0;
        return;
    }
    s->x_speed = m68k_w((uint32_t)m68k_asrl(d0, 8));
    s->y_speed = m68k_w((uint32_t)m68k_asrl(d1, 8));
    s->status |= SPG_SS_STATUS_IN_AIR;
}

/* SpeedToPos */
static void ss_speed_to_pos(spg_ss_state *s)
{
    s->x = m68k_addl(s->x, m68k_asll(s->x_speed, 8));
    s->y = m68k_addl(s->y, m68k_asll(s->y_speed, 8));
}

static void ss_rotate_stage(spg_ss_state *s)
{
    s->stage_angle = (uint16_t)(s->stage_angle + (uint16_t)s->rotation);
}

/* Obj09_ExitStage: the stage spins up by $40 a frame; at $1800 the game
 * mode switches to the level, at $3000 the spin stops with the angle at
 * $4000 and the final countdown of $3C frames starts. */
static void ss_exit_stage(spg_ss_state *s)
{
    s->rotation = m68k_addw(s->rotation, 0x40);
    if (s->rotation == 0x1800)
        s->stage_over = 1;
    if (s->rotation >= 0x3000) {
        s->rotation = 0;
        s->stage_angle = 0x4000;
        s->routine = (uint8_t)(s->routine + 2);
        s->exit_timer = 0x3C;
    }
    ss_rotate_stage(s);
    spg_ss_animate(s);
}

/* Obj09_Exit2 */
static void ss_exit2(spg_ss_state *s)
{
    s->exit_timer = (uint16_t)(s->exit_timer - 1u);
    if (s->exit_timer == 0)
        s->stage_over = 1;
    spg_ss_animate(s);
}

static void ss_play(spg_ss_state *s, spg_input in)
{
    s->last_block = 0;
    if (!(s->status & SPG_SS_STATUS_IN_AIR))
        ss_jump(s, in);      /* Obj09_OnWall; Obj09_InAir calls a nullsub */
    ss_move(s, in);
    ss_fall(s);
    spg_ss_check_items(s);
    spg_ss_react_block(s);
    ss_speed_to_pos(s);
    ss_rotate_stage(s);
    spg_ss_animate(s);   /* Obj09_Display's last call */
}

void spg_ss_reset(spg_ss_state *s)
{
    uint8_t *p = (uint8_t *)s;
    for (unsigned i = 0; i < sizeof *s; i++)
        p[i] = 0;
    s->routine = SPG_SS_ROUTINE_INIT;
    s->stage_angle = 0;
    s->rotation = 0x40;
    s->lives = 3;
}

void spg_ss_step(spg_ss_state *s, spg_input in)
{
    switch (s->routine) {
    case SPG_SS_ROUTINE_INIT:
        /* Obj09_Main: level-coordinate sprite, the roll animation,
         * curled and airborne, then straight into play */
        s->routine = SPG_SS_ROUTINE_PLAY;
        s->render_flags = SPG_SS_RENDER_LEVEL;
        s->anim = SPG_SS_ANIM_ROLL;
        s->status |= SPG_SS_STATUS_ROLLING | SPG_SS_STATUS_IN_AIR;
        ss_play(s, in);
        break;
    case SPG_SS_ROUTINE_PLAY:
        ss_play(s, in);
        break;
    case SPG_SS_ROUTINE_EXIT:
        ss_exit_stage(s);
        break;
    case SPG_SS_ROUTINE_EXIT2:
        ss_exit2(s);
        break;
    default:
        /* no other routine is reachable from the ones above */
        break;
    }
    spg_ss_animate_items(s);
}
