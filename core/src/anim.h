/*
 * anim.h - the animation ids the Sonic 1 player routine writes to obAnim
 * ($1C).  They are the indices of Sonic's animation script table; the trace
 * shows them in the `anim` column.  Only the ids the physics code itself
 * sets are listed: the animation routine (Sonic_Animate) changes obAnim on
 * its own only at the end of the spring, get-air, null and float-4
 * animations, none of which the player routine starts.
 */
#ifndef SPG_ANIM_H
#define SPG_ANIM_H

enum {
    SPG_ANIM_WALK = 0x00,    /* id_Walk: moving on the ground; landing */
    SPG_ANIM_ROLL = 0x02,    /* id_Roll: curled, rolling and jumping */
    SPG_ANIM_WAIT = 0x05,    /* id_Wait: standing still */
    SPG_ANIM_BALANCE = 0x06, /* id_Balance: standing at a ledge */
    SPG_ANIM_LOOKUP = 0x07,  /* id_LookUp */
    SPG_ANIM_DUCK = 0x08,    /* id_Duck */
    SPG_ANIM_STOP = 0x0D,    /* id_Stop: skidding */
    SPG_ANIM_DEATH = 0x18    /* id_Death */
};

#endif /* SPG_ANIM_H */
