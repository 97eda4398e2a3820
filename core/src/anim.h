/*
 * anim.h - Sonic 1's animation ids (obAnim, $1C) and the animation
 * routine, Sonic_Animate (anim.c).
 *
 * The ids are the indices of Sonic's animation script table (Ani_Sonic);
 * the trace shows them in the `anim` column.  The physics code sets the
 * ids listed first; the others belong to objects, special stages and
 * cut-scenes, and a scenario can only start in one.  Sonic_Animate changes
 * obAnim on its own only at the end of the spring, get-air, null and
 * float-4 animations (their scripts end in "change to the walk").
 */
#ifndef SPG_ANIM_H
#define SPG_ANIM_H

#include "spg/spg.h"

enum {
    SPG_ANIM_WALK = 0x00,    /* id_Walk: moving on the ground; landing */
    SPG_ANIM_RUN = 0x01,     /* id_Run: never set by the player routine;
                                Sonic_AnglePos writes it to obPrevAni */
    SPG_ANIM_ROLL = 0x02,    /* id_Roll: curled, rolling and jumping */
    SPG_ANIM_ROLL2 = 0x03,   /* id_Roll2 */
    SPG_ANIM_PUSH = 0x04,    /* id_Push (the walk shows it while pushing) */
    SPG_ANIM_WAIT = 0x05,    /* id_Wait: standing still */
    SPG_ANIM_BALANCE = 0x06, /* id_Balance: standing at a ledge */
    SPG_ANIM_LOOKUP = 0x07,  /* id_LookUp */
    SPG_ANIM_DUCK = 0x08,    /* id_Duck */
    SPG_ANIM_STOP = 0x0D,    /* id_Stop: skidding */
    SPG_ANIM_SPRING = 0x10,  /* id_Spring (set by the spring object) */
    SPG_ANIM_DEATH = 0x18,   /* id_Death */
    SPG_ANIM_HURT = 0x1A,    /* id_Hurt (set by HurtSonic) */
    SPG_ANIM_COUNT = 0x1F    /* ids 0..$1E have a script */
};

/**
 * Sonic_Animate: one frame of the animation routine.  Restarts the script
 * when obAnim changed since the last call, counts the frame timer down and,
 * when it runs out, shows the next script entry; the walk/run, roll and
 * push animations take their frame duration from the ground speed, and
 * the walk/run picks its sprite set by the ground angle.  Writes the flip
 * bits of the render flags.  Reads anim, status (facing, pushing), angle
 * and ground speed; nothing else of the physics.
 */
void spg_animate(spg_player *p);

#endif /* SPG_ANIM_H */
