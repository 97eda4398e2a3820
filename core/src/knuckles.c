/*
 * knuckles.c - Knuckles' player routine in Sonic & Knuckles (Obj_Knuckles
 * $16444 of the S&K cartridge, MD5 4ea493ea..., the code Sonic 3 &
 * Knuckles runs too), where its shape differs from S&K Sonic's: the
 * balance of Knux_InputAcceleration_Path, Knux_JumpHeight's glide start
 * (Knux_Test_For_Glide), the airborne mode routine with the glide states
 * in double_jump_flag (1 gliding, 2 falling after a glide, 3 sliding on
 * the ground, 4 climbing a wall, 5 climbing over a ledge):
 * Knux_Glide_Freespace, Knuckles_Move_Glide, Knuckles_Glide and its own
 * airborne collision Knux_DoLevelCollision_CheckRet, the grab, the climb
 * and the ledge, and Knux_TouchFloor.
 *
 * The rest of his routine is S&K Sonic's code under Knuckles' names, and
 * routines.c's table names those functions: Knux_Stand_Path is
 * Sonic_MdNormal's order (SonicKnux_Spindash, Knux_Jump = Sonic_Jump with
 * his $600 / $300 from the profile, Player_SlopeResist, the walking,
 * SonicKnux_Roll, Player_LevelBound, AnglePos, Player_SlopeRepel),
 * Knux_Spin_Path Sonic_MdRoll's (Knux_RollSpeed = S&K Sonic_RollSpeed:
 * brake $20, uncurl below $80), Knux_ChgJumpDir Sonic_ChgJumpDir (no
 * clamp), the walking and its wall check Sonic_Move's; landing through
 * SonicKnux_DoLevelCollision and Kill_Character reach Player_TouchFloor,
 * which for character_id 2 is Knux_TouchFloor: with the walk (or death)
 * animation set around it, that is S&K Sonic's (sonic3k.c).
 *
 * Left out, because they are not player state or cannot happen on solid
 * tiles alone: the sounds (Play_SFX on the grab, the glide landing, every
 * 8th frame of the slide), the dust object (the slide start), the camera
 * (Distance_from_top's bias toward $60), Super and Hyper Knuckles (faster
 * glide and climb, the Hyper wall quake, Knux_Transform: the capture keeps
 * the emeralds at 0), reverse gravity (Reverse_gravity_flag 0),
 * Disable_wall_grab (0: grabs allowed), objects (a climbing Knuckles on an
 * object lets go), water, and Knuckles_Load_PLC (Player_prev_frame only
 * decides whether the sprite's art is queued for DMA).  Animate_Knuckles
 * is the animation routine (anim_s3k.c); the mapping_frame, anim_frame
 * and anim_frame_timer writes here are the physics routines' own.
 *
 * Research note: docs/research/sonic3k-differences.md, section 4 (rows
 * cited as "K-name"); every rule here was checked against the image's
 * code.
 */
#include "internal.h"
#include "anim.h"

enum {
    ABC = SPG_BTN_A | SPG_BTN_B | SPG_BTN_C,
    /* double_jump_flag states */
    GLIDING = 1,
    FALLING = 2,
    SLIDING = 3,
    CLIMBING = 4,
    LEDGE = 5,
    /* Knuckles' animation ids */
    ANIM_GLIDE = 0x20,
    ANIM_FALL = 0x21,
    ANIM_GET_UP = 0x22,   /* after the slide */
    ANIM_LAND = 0x23,     /* after a fall from a glide */
    /* his sprites (Map_Knuckles) the routines pick themselves */
    FRAME_GLIDE = 0xC0,
    FRAME_GLIDE_AWAY = 0xC4, /* the turn's middle: shown as $C0 mirrored */
    FRAME_CLIMB_FIRST = 0xB7,
    FRAME_CLIMB_LAST = 0xBC,
    FRAME_LEDGE_FIRST = 0xBD,
    FRAME_FALL = 0xCB,
    FRAME_SLIDE = 0xCC,
    GLIDE_RADIUS = 0x0A,  /* y_radius and x_radius while gliding */
    CLIMB_REACH = 11,     /* the wall probes above and below the centre */
    LEDGE_STEPS = 16      /* Knuckles_ClimbLedge_Frames_End - start */
};

/* add.w d,y_pos(a0) / x_pos(a0): the pixel word only. */
static int32_t add_pixels(int32_t pos, int16_t d)
{
    return m68k_sethiw(pos, m68k_addw(m68k_hiw(pos), d));
}

/* The default radii (default_y_radius / default_x_radius, $13 / 9). */
static void default_radii(const spg_profile *pr, spg_player *p)
{
    p->height_radius = pr->stand_height_radius;
    p->width_radius = pr->stand_width_radius;
}

/* The floor quadrant test ((angle + $20) & $C0) == 0. */
static int on_floor_quadrant(uint8_t angle)
{
    return ((uint8_t)(angle + 0x20) & 0xC0) == 0;
}

/* ---- the ground: balance (K-balance) ------------------------------------- */

/*
 * Knux_InputAcceleration_Path standing still ($17142, loc_1722C): pushing
 * cleared, anim Wait; on tiles one probe under the centre
 * (ChooseChkFloorEdge, >= $C) and next_tilt = 3 (nothing under the
 * x + radius sensor last frame): facing right -> Balance (6); facing left
 * -> turned right with anim_frame_timer 0, anim_frame 4 and anim =
 * prev_anim = Balance (the script goes on from its 5th entry, no
 * restart).  tilt = 3 mirrored.  No second probe and no Balance2, unlike
 * Sonic's.  Otherwise (and on an object, whose slot is the player itself:
 * the middle of it) the look with down tested first (sonic3k.c).
 */
void spg_knux_balance(spg_frame *f, spg_player *p)
{
    p->status &= (uint8_t)~SPG_STATUS_PUSHING;
    p->anim = SPG_ANIM_WAIT;
    if (!(p->status & SPG_STATUS_ON_OBJECT) &&
        spg_obj_floor_dist(f, p) >= 0xC) {
        if (p->angle_buffer_1 == 3) {
            if (p->status & SPG_STATUS_FACING_LEFT) {
                p->status &= (uint8_t)~SPG_STATUS_FACING_LEFT;
                p->anim_timer = 0;
                p->anim_frame = 4;
                p->prev_anim = SPG_ANIM_BALANCE;
            }
            p->anim = SPG_ANIM_BALANCE;
            return;
        }
        if (p->angle_buffer_2 == 3) {
            if (!(p->status & SPG_STATUS_FACING_LEFT)) {
                p->status |= SPG_STATUS_FACING_LEFT;
                p->anim_timer = 0;
                p->anim_frame = 4;
                p->prev_anim = SPG_ANIM_BALANCE;
            }
            p->anim = SPG_ANIM_BALANCE;
            return;
        }
    }
    spg_look_sonic3k(f, p);
}

/* ---- landing (K-land) ---------------------------------------------------- */

/*
 * Knux_TouchFloor ($17B24): S&K's Player_TouchFloor (default radii, the
 * uncurl with its shift turned on the angles $40..$BF, the status bits,
 * jumping, scroll_delay_counter and double_jump_flag cleared), then a
 * glide animation (id $20 and up) becomes the walk.
 */
void spg_knux_touch_floor(const spg_profile *pr, spg_player *p)
{
    spg_touch_floor_sonic3(pr, p);
    if (p->anim >= ANIM_GLIDE)
        p->anim = SPG_ANIM_WALK;
}

/* ---- the glide's animation ------------------------------------------------ */

/* RawAni_Knuckles_GlideTurn ($16FEE): the sprite for each eighth of the
 * turn byte (offset by $10). */
static const uint8_t glide_turn[8] = {
    0xC0, 0xC1, 0xC2, 0xC3, 0xC4, 0xC3, 0xC2, 0xC1
};

/*
 * Knuckles_Set_Gliding_Animation ($16FA8): anim_frame_timer $20,
 * anim_frame 0, anim = prev_anim = $20 (Animate_Knuckles then only counts
 * the timer down), pushing and facing cleared, the sprite from the turn
 * byte: ((double_jump_property + $10) & $FF) >> 5 into the table; the
 * middle sprite $C4 is shown as $C0 facing left.
 */
static void set_gliding_animation(spg_player *p)
{
    uint8_t frame;

    p->anim_timer = 0x20;
    p->anim_frame = 0;
    p->anim = ANIM_GLIDE;
    p->prev_anim = ANIM_GLIDE;
    p->status &= (uint8_t)~(SPG_STATUS_PUSHING | SPG_STATUS_FACING_LEFT);
    frame = glide_turn[(uint8_t)(p->double_jump_property + 0x10) >> 5];
    p->mapping_frame = frame;
    if (frame == FRAME_GLIDE_AWAY) {
        p->status |= SPG_STATUS_FACING_LEFT;
        p->mapping_frame = FRAME_GLIDE;
    }
}

/* ---- the air: the glide start (K-jump, K-glide-start) --------------------- */

/*
 * Knux_Test_For_Glide ($1782E): with double_jump_flag clear and A/B/C
 * newly pressed (Super Knuckles' transformation needs emeralds: never
 * here): rolling and roll-jump cleared, radii $A / $A (the centre stays),
 * double_jump_flag 1, y speed + $200 and 0 if still negative, ground
 * speed $400, x speed $400 or, facing left, -$400 with the turn byte
 * (double_jump_property) $80 (else 0), angle 0, Gliding_collision_flags
 * $02 (in the air), the gliding animation.
 */
static void test_for_glide(spg_frame *f, spg_player *p)
{
    if (p->double_jump_flag != 0 || !(f->input.pressed & ABC))
        return;
    p->status &= (uint8_t)~(SPG_STATUS_ROLLING | SPG_STATUS_ROLL_JUMP);
    p->height_radius = GLIDE_RADIUS;
    p->width_radius = GLIDE_RADIUS;
    p->double_jump_flag = GLIDING;
    p->y_speed = m68k_addw(p->y_speed, 0x200);
    if (p->y_speed < 0)
        p->y_speed = 0;
    p->ground_speed = 0x400;
    p->x_speed = 0x400;
    p->double_jump_property = 0;
    if (p->status & SPG_STATUS_FACING_LEFT) {
        p->x_speed = -0x400;
        p->double_jump_property = 0x80;
    }
    p->angle = 0; /* move.w #0,angle(a0): angle and flip_angle */
    p->glide_flags = SPG_STATUS_IN_AIR;
    set_gliding_animation(p);
}

/*
 * Knux_JumpHeight ($177EA): Sonic's caps (spg_jump_height_cap_sonic3: not
 * jumping the -$FC0 cap unless spin_dash_flag; jumping, above the release
 * cap -$400 / -$200, capped unless A/B/C is held); at or past the cap,
 * Knux_Test_For_Glide.
 */
void spg_knux_jump_height(spg_frame *f, spg_player *p)
{
    if (spg_jump_height_cap_sonic3(f, p))
        test_for_glide(f, p);
}

/* ---- the glide's own airborne collision ------------------------------------ */

/* CheckLeftWallDist / CheckRightWallDist (x -/+ 10) as the glide
 * collision uses them: push out, x speed 0, bit 5 of the flags. */
static void glide_wall(spg_frame *f, spg_player *p, int to_right)
{
    spg_sensor_result r = to_right ? spg_hit_wall_right(f, p)
                                   : spg_hit_wall_left(f, p);
    if (r.dist >= 0)
        return;
    p->x = add_pixels(p->x, to_right ? r.dist : m68k_negw(r.dist));
    p->x_speed = 0;
    p->glide_flags |= SPG_STATUS_PUSHING;
}

/* sub_11FD6 (Sonic_CheckFloor, the ground sensor pair): a floor the
 * player is inside of: moved out, angle from the sensors, y speed 0,
 * bit 1 of the flags cleared. */
static void glide_floor(spg_frame *f, spg_player *p)
{
    spg_sensor_result r = spg_hit_floor(f, p);
    if (r.dist >= 0)
        return;
    p->y = add_pixels(p->y, r.dist);
    p->angle = r.angle;
    p->y_speed = 0;
    p->glide_flags &= (uint8_t)~SPG_STATUS_IN_AIR;
}

/*
 * Knux_DoLevelCollision_CheckRet ($1793E): SonicKnux_DoLevelCollision's
 * quadrants of the direction of motion with the same probes, but it lands
 * on nothing and reports to Gliding_collision_flags instead: a wall push
 * sets bit 5 (x speed 0, no ground speed written), a floor below clears
 * bit 1 (any negative distance: no speed-dependent limit), snaps y, takes
 * the angle and zeroes the y speed (no ground speed, no TouchFloor).  The
 * flags are not cleared first.
 *   mostly down:  both walls, then the floor;
 *   mostly left:  left wall; the ceiling pair: inside by $14 or more
 *                 (unsigned) -> the right wall instead, and done; less ->
 *                 pushed down, a rise stopped, done; none and not rising
 *                 -> the floor;
 *   mostly up:    both walls; the ceiling: pushed down, y speed 0 (no
 *                 attaching to it);
 *   mostly right: right wall; the ceiling: pushed down, a rise stopped,
 *                 done; none and not rising -> the floor.
 */
static void glide_collision(spg_frame *f, spg_player *p)
{
    uint8_t quadrant =
        (uint8_t)(spg_calc_angle(p->x_speed, p->y_speed) - 0x20) & 0xC0;
    spg_sensor_result r;

    switch (quadrant) {
    case 0x40:
        glide_wall(f, p, 0);
        r = spg_hit_ceiling(f, p);
        if (r.dist < 0) {
            int16_t depth = m68k_negw(r.dist);
            if ((uint16_t)depth >= 0x14u) {
                glide_wall(f, p, 1);
                return;
            }
            p->y = add_pixels(p->y, depth);
            if (p->y_speed < 0)
                p->y_speed = 0;
            return;
        }
        if (p->y_speed >= 0)
            glide_floor(f, p);
        return;
    case 0x80:
        glide_wall(f, p, 0);
        glide_wall(f, p, 1);
        r = spg_hit_ceiling(f, p);
        if (r.dist < 0) {
            p->y = add_pixels(p->y, m68k_negw(r.dist));
            p->y_speed = 0;
        }
        return;
    case 0xC0:
        glide_wall(f, p, 1);
        r = spg_hit_ceiling(f, p);
        if (r.dist < 0) {
            p->y = add_pixels(p->y, m68k_negw(r.dist));
            if (p->y_speed < 0)
                p->y_speed = 0;
            return;
        }
        if (p->y_speed >= 0)
            glide_floor(f, p);
        return;
    default:
        glide_wall(f, p, 0);
        glide_wall(f, p, 1);
        glide_floor(f, p);
        return;
    }
}

/* ---- Knuckles_Move_Glide (K-glide) ---------------------------------------- */

/*
 * Knuckles_Move_Glide ($16FF6), gliding (state 1) only:
 *   - ground speed (unsigned): below $400 + 8; below $1800 and not turning
 *     (turn byte & $7F = 0) + 4;
 *   - the turn byte p: left held and p != $80 -> |p| (neg.b) + 2; else
 *     right held and p != 0 -> -|p| + 2 ($80 stays $80); else + 2 while
 *     p & $7F != 0.  So the byte only ever counts up, 64 frames a half
 *     turn, and stops at 0 (right) or $80 (left);
 *   - x speed = cos(p) * ground speed asr 8;
 *   - y speed < $80 (signed): + $20; else - $20;
 *   - with Camera_min_Y_pos (limit_top) not -$100 and y above
 *     limit_top + $10 (signed): x speed and ground speed halved (asr).
 */
static void move_glide(spg_frame *f, spg_player *p)
{
    uint16_t gs = (uint16_t)p->ground_speed;
    uint8_t turn = p->double_jump_property;
    int16_t sine, cosine;

    if (p->double_jump_flag != GLIDING)
        return;
    if (gs < 0x400u)
        gs = (uint16_t)(gs + 8u);
    else if (gs < 0x1800u && (turn & 0x7F) == 0)
        gs = (uint16_t)(gs + 4u);
    p->ground_speed = m68k_w(gs);

    if ((f->input.held & SPG_BTN_LEFT) && turn != 0x80) {
        if (turn & 0x80)
            turn = (uint8_t)(0u - turn);
        turn = (uint8_t)(turn + 2u);
    } else if ((f->input.held & SPG_BTN_RIGHT) && turn != 0) {
        if (!(turn & 0x80))
            turn = (uint8_t)(0u - turn);
        turn = (uint8_t)(turn + 2u);
    } else if (turn & 0x7F) {
        turn = (uint8_t)(turn + 2u);
    }
    p->double_jump_property = turn;

    spg_calc_sine(turn, &sine, &cosine);
    p->x_speed = m68k_mul8(cosine, p->ground_speed);
    if (p->y_speed < 0x80)
        p->y_speed = m68k_addw(p->y_speed, 0x20);
    else
        p->y_speed = m68k_subw(p->y_speed, 0x20);

    if (f->map->limit_top != -0x100 &&
        m68k_addw(f->map->limit_top, 0x10) > m68k_hiw(p->y)) {
        p->x_speed = m68k_asrw(p->x_speed, 1);
        p->ground_speed = m68k_asrw(p->ground_speed, 1);
    }
}

/* ---- leaving the glide ------------------------------------------------------ */

/* The fall after a failed grab or a slide off a ledge (loc_16A6E,
 * loc_16B96): state 2, anim $21, default radii (the centre stays), the
 * flags' bit 1 set. */
static void start_fall(const spg_profile *pr, spg_player *p)
{
    p->double_jump_flag = FALLING;
    p->anim = ANIM_FALL;
    default_radii(pr, p);
    p->glide_flags |= SPG_STATUS_IN_AIR;
}

/*
 * Knux_Gliding_HitFloor ($1690E): facing from the sign of the x speed;
 * a floor outside the floor quadrant: x speed = ground speed, y speed 0,
 * Knux_TouchFloor (on his feet at once: default radii, the centre not
 * moved).  On a floor: the slide, state 3, sprite $CC, anim_frame_timer
 * $7F, anim_frame 0 (the dust cloud is not modelled).
 */
static void glide_hit_floor(spg_frame *f, spg_player *p)
{
    p->status &= (uint8_t)~SPG_STATUS_FACING_LEFT;
    if (p->x_speed < 0)
        p->status |= SPG_STATUS_FACING_LEFT;
    if (!on_floor_quadrant(p->angle)) {
        p->x_speed = p->ground_speed;
        p->y_speed = 0;
        spg_knux_touch_floor(f->profile, p);
        return;
    }
    p->double_jump_flag = SLIDING;
    p->mapping_frame = FRAME_SLIDE;
    p->anim_timer = 0x7F;
    p->anim_frame = 0;
}

/*
 * Knuckles_Gliding_HitWall ($1696C): the side from the turn byte
 * ((p + $40) & $80 clear: the right, facing right; set: the left, facing
 * left).  Both sensors of CheckRight/LeftCeilingDist (the wall pair at x
 * +/- the y radius, rows y -/+ the x radius) exactly at the wall
 * (distances 0): grabbed (on the left x + 1 first).  Else the floor probe
 * (ChkFloorEdge_Part3, angle buffer cleared) at x +/- (y radius + 1),
 * y - 11: 0..11 px down -> y moved there and grabbed (a ledge's edge;
 * x unchanged); else the fall.  Grabbed: speeds 0, state 4, sprite $B7,
 * anim_frame_timer $7F, anim_frame 0, the climb counter
 * (double_jump_property) 3, and the x subpixel word (x_pos+2) overwritten
 * with the pixel x, which the climb compares with x every frame.
 */
static void glide_hit_wall(spg_frame *f, spg_player *p)
{
    int right = !((uint8_t)(p->double_jump_property + 0x40) & 0x80);
    int16_t reach = m68k_addw(m68k_extw(p->height_radius), 1);
    spg_sensor_result r;
    int16_t x;

    if (right)
        p->status &= (uint8_t)~SPG_STATUS_FACING_LEFT;
    else
        p->status |= SPG_STATUS_FACING_LEFT;
    r = spg_hit_wall_pair(f, p, right);
    if ((r.dist | r.other) == 0) {
        if (!right)
            p->x = add_pixels(p->x, 1);
    } else {
        x = right ? m68k_addw(m68k_hiw(p->x), reach)
                  : m68k_subw(m68k_hiw(p->x), reach);
        f->anglebuffer[0] = 0;
        r = spg_floor_probe(f, p, x, m68k_subw(m68k_hiw(p->y), CLIMB_REACH));
        if (r.dist < 0 || r.dist >= 12) {
            start_fall(f->profile, p);
            return;
        }
        p->y = add_pixels(p->y, r.dist);
    }
    p->ground_speed = 0;
    p->x_speed = 0;
    p->y_speed = 0;
    p->double_jump_flag = CLIMBING;
    p->mapping_frame = FRAME_CLIMB_FIRST;
    p->anim_timer = 0x7F;
    p->anim_frame = 0;
    p->double_jump_property = 3;
    p->x = m68k_mkl(m68k_hiw(p->x), (uint16_t)m68k_hiw(p->x));
}

/*
 * Knuckles_Glide, state 1 ($16890 on): the glide collision, then: no
 * floor bit cleared -> HitFloor; the wall bit -> HitWall; A/B/C not held
 * -> let go: state 2, anim $21, facing from the x speed's sign, x speed
 * asr 2 (two asr.w, rounding down), default radii (the centre stays);
 * still held -> the gliding animation.
 */
static void glide(spg_frame *f, spg_player *p)
{
    glide_collision(f, p);
    if (!(p->glide_flags & SPG_STATUS_IN_AIR)) {
        glide_hit_floor(f, p);
        return;
    }
    if (p->glide_flags & SPG_STATUS_PUSHING) {
        glide_hit_wall(f, p);
        return;
    }
    if (!(f->input.held & ABC)) {
        p->double_jump_flag = FALLING;
        p->anim = ANIM_FALL;
        p->status &= (uint8_t)~SPG_STATUS_FACING_LEFT;
        if (p->x_speed < 0)
            p->status |= SPG_STATUS_FACING_LEFT;
        p->x_speed = m68k_asrw(m68k_asrw(p->x_speed, 1), 1);
        default_radii(f->profile, p);
        return;
    }
    set_gliding_animation(p);
}

/*
 * Knuckles_Fall_From_Glide ($16A8E), state 2: the air control
 * (Knux_ChgJumpDir), gravity $38 (underwater $10), the glide collision;
 * with the flags' bit 1 cleared (a floor): speeds 0, y moved by the y
 * radius minus the default one (0 after the fall's default radii), then
 * Knux_TouchFloor; on the floor quadrant also move_lock $F and anim $23.
 * No JumpAngle: the angle is the one the collision found.
 */
static void fall_from_glide(spg_frame *f, spg_player *p)
{
    const spg_profile *pr = f->profile;

    spg_jump_direction(f, p);
    p->y_speed = m68k_addw(p->y_speed, pr->gravity);
    if (p->status & SPG_STATUS_UNDERWATER)
        p->y_speed = m68k_subw(p->y_speed, pr->underwater_gravity_cut);
    glide_collision(f, p);
    if (p->glide_flags & SPG_STATUS_IN_AIR)
        return;
    p->ground_speed = 0;
    p->x_speed = 0;
    p->y_speed = 0;
    p->y = add_pixels(p->y, m68k_extw((uint8_t)(p->height_radius -
                                                pr->stand_height_radius)));
    spg_knux_touch_floor(pr, p);
    if (!on_floor_quadrant(p->angle))
        return;
    p->control_lock = 0xF;
    p->anim = ANIM_LAND;
}

/*
 * Knuckles_Sliding ($16B06), state 3: A/B/C held: the x speed moves $20
 * toward 0; when it reaches or crosses 0 (the sign of the result: from 0
 * it goes to -$20, also a stop) he gets up: speeds 0, y moved by the y
 * radius minus the default one ($A - $13: 9 px up), Knux_TouchFloor,
 * move_lock $F, anim $22.  Let go: the same at once.  Sliding on: the
 * glide collision (its flags unread here), then the ground sensor pair: 14
 * px or more to the floor -> the fall (a ledge); else y moved by the
 * distance and the angle taken from the sensors.  The ground speed is kept
 * from the glide, unused.
 */
static void sliding(spg_frame *f, spg_player *p)
{
    const spg_profile *pr = f->profile;
    spg_sensor_result r;
    int stop = !(f->input.held & ABC);

    if (!stop) {
        if (p->x_speed < 0) {
            p->x_speed = m68k_addw(p->x_speed, 0x20);
            stop = p->x_speed >= 0;
        } else {
            p->x_speed = m68k_subw(p->x_speed, 0x20);
            stop = p->x_speed < 0;
        }
    }
    if (stop) {
        p->ground_speed = 0;
        p->x_speed = 0;
        p->y_speed = 0;
        p->y = add_pixels(p->y, m68k_extw((uint8_t)(p->height_radius -
                                                    pr->stand_height_radius)));
        spg_knux_touch_floor(pr, p);
        p->control_lock = 0xF;
        p->anim = ANIM_GET_UP;
        return;
    }
    glide_collision(f, p);
    r = spg_hit_floor(f, p);
    if (r.dist >= 14) {
        start_fall(pr, p);
        return;
    }
    p->y = add_pixels(p->y, r.dist);
    p->angle = r.angle;
}

/*
 * Knuckles_DoLedgeClimbingAnimation ($16EFE) with
 * Knuckles_ClimbLedge_Frames ($16F3E): step double_jump_property / 4 of
 * the climb over a ledge: its sprite, x moved by dx (negated facing
 * left), y by dy, anim_frame_timer from the table, the step + 4,
 * anim_frame 0.  (A start state with the byte past the table, or not a
 * multiple of 4 near its end, would read the code after it: not modelled,
 * the core reads steps past the end as zeros.)
 */
static const int8_t ledge_steps[LEDGE_STEPS] = {
    (int8_t)0xBD, 3, -3, 6,
    (int8_t)0xBE, 8, -10, 6,
    (int8_t)0xBF, -8, -12, 6,
    (int8_t)0xD2, 8, -5, 6
};

static uint8_t ledge_byte(unsigned i)
{
    return i < LEDGE_STEPS ? (uint8_t)ledge_steps[i] : 0;
}

static void ledge_step(spg_player *p)
{
    unsigned i = p->double_jump_property;
    int16_t dx = m68k_extw(ledge_byte(i + 1));

    p->mapping_frame = ledge_byte(i);
    if (p->status & SPG_STATUS_FACING_LEFT)
        dx = m68k_negw(dx);
    p->x = add_pixels(p->x, dx);
    p->y = add_pixels(p->y, m68k_extw(ledge_byte(i + 2)));
    p->anim_timer = ledge_byte(i + 3);
    p->double_jump_property = (uint8_t)(p->double_jump_property + 4u);
    p->anim_frame = 0;
}

/* Knuckles_ClimbUp (loc_16EBA): state 5; unless the sprite is already
 * the first step's ($BD), the steps start over with the first one. */
static void climb_up(spg_player *p)
{
    p->double_jump_flag = LEDGE;
    if (p->mapping_frame == FRAME_LEDGE_FIRST)
        return;
    p->double_jump_property = 0;
    ledge_step(p);
}

/* Knuckles_LetGoOfWall (loc_16ED2): state 2, anim = prev_anim = $21 (no
 * restart), sprite $CB, anim_frame_timer 7, anim_frame 1, default radii
 * (the centre stays). */
static void let_go_of_wall(const spg_profile *pr, spg_player *p)
{
    p->double_jump_flag = FALLING;
    p->anim = ANIM_FALL;
    p->prev_anim = ANIM_FALL;
    p->mapping_frame = FRAME_FALL;
    p->anim_timer = 7;
    p->anim_frame = 1;
    default_radii(pr, p);
}

/* GetDistanceFromWall (sub_16F4E): one wall sensor at row y, facing
 * right at x + the x radius looking right, facing left at x - 1 - the x
 * radius looking left. */
static int16_t distance_from_wall(spg_frame *f, const spg_player *p,
                                  int16_t y)
{
    int16_t w = m68k_extw(p->width_radius), x = m68k_hiw(p->x);

    if (p->status & SPG_STATUS_FACING_LEFT)
        return spg_wall_probe(f, p, m68k_subw(m68k_subw(x, 1), w), y, 0).dist;
    return spg_wall_probe(f, p, m68k_addw(x, w), y, 1).dist;
}

/* sub_F828 under the climber: the floor sensor at x, y + 9 + the x
 * radius. */
static int16_t floor_below(spg_frame *f, const spg_player *p)
{
    int16_t y = m68k_addw(m68k_addw(m68k_hiw(p->y), 9),
                          m68k_extw(p->width_radius));
    return spg_floor_probe(f, p, m68k_hiw(p->x), y).dist;
}

/* .reachedFloor: y moved onto it, the angle straight from Primary_Angle
 * (anglebuffer[0], not made even), speeds 0, Knux_TouchFloor, anim Wait. */
static void climb_reached_floor(spg_frame *f, spg_player *p, int16_t d)
{
    p->y = add_pixels(p->y, d);
    p->angle = f->anglebuffer[0];
    p->ground_speed = 0;
    p->x_speed = 0;
    p->y_speed = 0;
    spg_knux_touch_floor(f->profile, p);
    p->anim = SPG_ANIM_WAIT;
}

/*
 * Knuckles_Wall_Climb ($16BB6), state 4.  Let go when the pixel x is no
 * longer the x subpixel word the grab wrote (or on an object).  Speeds 0.
 *   up held: the wall 11 px above the centre (GetDistanceFromWall) 4 px
 *     or more away -> the ledge (ClimbUp); 1..3 or inside -> no move; at
 *     it -> the ceiling sensor at x, y - 8 - the x radius: inside ->
 *     pushed down by the depth; else y - 1, not above limit_top + 16
 *     (unless limit_top is -$100); the animation counts forward;
 *   down held: sprite $BD (the ledge's first) -> $B7 and x -/+ 3 toward
 *     the wall, y + 3; the wall 11 px below the centre not at 0 -> let go;
 *     the floor sensor at y + 9 + the x radius: inside -> on the floor;
 *     else y + 1, the animation counts backward;
 *   neither: (loc_16E10, also after up or down only if neither is held)
 *     the floor sensor: inside -> on the floor; else its distance is the
 *     animation's step (the original's overwritten d1: Knuckles' sprite
 *     jumps when the floor is near).
 * The animation: a non-zero step counts double_jump_property down, and
 * when it goes below 0 (3 again) adds the step to the sprite, wrapped to
 * $B7..$BC (below $B7 -> $BC, above $BC -> $B7).  Then anim_frame_timer
 * $20, anim_frame 0, and A/B/C newly pressed jumps off: y speed -$380, x
 * speed $400 away from the wall (the facing bit flipped), in the air,
 * jumping, curled radii $E / 7 (the centre stays), anim Roll, rolling,
 * double_jump_flag 0.
 */
static void wall_climb(spg_frame *f, spg_player *p)
{
    const spg_profile *pr = f->profile;
    int16_t y = m68k_hiw(p->y), d, step = 0;
    uint8_t frame;

    if ((uint16_t)m68k_hiw(p->x) != m68k_low(p->x) ||
        (p->status & SPG_STATUS_ON_OBJECT)) {
        let_go_of_wall(pr, p);
        return;
    }
    p->ground_speed = 0;
    p->x_speed = 0;
    p->y_speed = 0;

    if (f->input.held & SPG_BTN_UP) {
        d = distance_from_wall(f, p, m68k_subw(y, CLIMB_REACH));
        if (d >= 4) {
            climb_up(p);
            return;
        }
        if (d != 0)
            goto not_moving;
        d = spg_ceiling_probe(f, p, m68k_hiw(p->x),
                              m68k_subw(m68k_subw(y, 8),
                                        m68k_extw(p->width_radius))).dist;
        if (d < 0) {
            p->y = add_pixels(p->y, m68k_negw(d));
        } else {
            int16_t top = m68k_addw(f->map->limit_top, 16);
            p->y = add_pixels(p->y, -1);
            if (f->map->limit_top != -0x100 && top > m68k_hiw(p->y))
                p->y = m68k_sethiw(p->y, top);
        }
        step = 1;
    } else if (f->input.held & SPG_BTN_DOWN) {
        if (p->mapping_frame == FRAME_LEDGE_FIRST) {
            p->mapping_frame = FRAME_CLIMB_FIRST;
            p->y = add_pixels(p->y, 3);
            p->x = add_pixels(p->x, -3);
            if (p->status & SPG_STATUS_FACING_LEFT)
                p->x = add_pixels(p->x, 6);
        }
        d = distance_from_wall(f, p, m68k_addw(m68k_hiw(p->y), CLIMB_REACH));
        if (d != 0) {
            let_go_of_wall(pr, p);
            return;
        }
        d = floor_below(f, p);
        if (d < 0) {
            climb_reached_floor(f, p, d);
            return;
        }
        p->y = add_pixels(p->y, 1);
        step = -1;
    }

    if (!(f->input.held & (SPG_BTN_UP | SPG_BTN_DOWN))) {
        step = floor_below(f, p);
        if (step < 0) {
            climb_reached_floor(f, p, step);
            return;
        }
    }
    if (step != 0) {
        p->double_jump_property = (uint8_t)(p->double_jump_property - 1u);
        if (p->double_jump_property & 0x80) {
            p->double_jump_property = 3;
            frame = (uint8_t)(p->mapping_frame + (uint8_t)step);
            if (frame < FRAME_CLIMB_FIRST)
                frame = FRAME_CLIMB_LAST;
            if (frame > FRAME_CLIMB_LAST)
                frame = FRAME_CLIMB_FIRST;
            p->mapping_frame = frame;
        }
    }

not_moving:
    p->anim_timer = 0x20;
    p->anim_frame = 0;
    if (!(f->input.pressed & ABC))
        return;
    p->y_speed = -0x380;
    p->x_speed = 0x400;
    if (p->status & SPG_STATUS_FACING_LEFT)
        p->status &= (uint8_t)~SPG_STATUS_FACING_LEFT;
    else {
        p->status |= SPG_STATUS_FACING_LEFT;
        p->x_speed = -0x400;
    }
    p->status |= SPG_STATUS_IN_AIR;
    p->jumping = 1;
    p->height_radius = pr->roll_height_radius;
    p->width_radius = pr->roll_width_radius;
    p->anim = SPG_ANIM_ROLL;
    p->status |= SPG_STATUS_ROLLING;
    p->double_jump_flag = 0;
}

/*
 * Knuckles_Climb_Ledge ($16F6C), state 5: each time Animate_Knuckles has
 * counted anim_frame_timer down to 0, the next step; after the 4th (the
 * step byte at 16): speeds 0, x - 1 facing left, Knux_TouchFloor, anim
 * Wait.  Net: y - 30, x + 11 facing right, x - 12 facing left.
 */
static void climb_ledge(spg_frame *f, spg_player *p)
{
    if (p->anim_timer != 0)
        return;
    ledge_step(p);
    if (p->double_jump_property != LEDGE_STEPS)
        return;
    p->ground_speed = 0;
    p->x_speed = 0;
    p->y_speed = 0;
    if (p->status & SPG_STATUS_FACING_LEFT)
        p->x = add_pixels(p->x, -1);
    spg_knux_touch_floor(f->profile, p);
    p->anim = SPG_ANIM_WAIT;
}

/* ---- the airborne mode routine (K-frame, K-glide) --------------------------- */

/*
 * Knux_Stand_Freespace / Knux_Spin_Freespace ($1684C, $17118): rolling or
 * with double_jump_flag clear, the ordinary air routine (Knux_JumpHeight
 * through the routine table, Knux_ChgJumpDir, Player_LevelBound,
 * MoveSprite with gravity, the underwater cut, Player_JumpAngle,
 * SonicKnux_DoLevelCollision).  Not rolling with the flag set,
 * Knux_Glide_Freespace ($1687C): Knuckles_Move_Glide, Player_LevelBound,
 * MoveSprite2 (no gravity), then Knuckles_Glide ($16890) by the flag: 0
 * nothing (Player_LevelBound's Kill_Character has cleared it), 2 the
 * fall, 3 the slide, 4 the climb, 5 the ledge, any other the glide itself.
 */
void spg_knux_mode_air(spg_frame *f, spg_player *p)
{
    if ((p->status & SPG_STATUS_ROLLING) || p->double_jump_flag == 0) {
        spg_mode_air(f, p);
        return;
    }
    move_glide(f, p);
    spg_level_bound(f, p);
    spg_speed_to_pos(p);
    switch (p->double_jump_flag) {
    case 0:
        break;
    case FALLING:
        fall_from_glide(f, p);
        break;
    case SLIDING:
        sliding(f, p);
        break;
    case CLIMBING:
        wall_climb(f, p);
        break;
    case LEDGE:
        climb_ledge(f, p);
        break;
    default:
        glide(f, p);
        break;
    }
}
