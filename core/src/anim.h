/*
 * anim.h - Sonic 1's animation ids (obAnim, $1C) and the animation
 * routine, Sonic_Animate (anim.c); Sonic 2's routines for Sonic and Tails
 * (anim_s2.c); Sonic 3's (anim_s3.c); Sonic & Knuckles' (anim_s3k.c);
 * Sonic CD's (anim_scd.c).
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

/* spg_anim_last_position / spg_anim_mapping_frames for Sonic 1's Sonic
 * (anim.c): the profile is not read.  Each game's pair is named by its
 * routine table (routines.c), which the public functions ask. */
int spg_s1_anim_last_position(const spg_profile *profile, uint8_t anim);
int spg_s1_anim_mapping_frames(const spg_profile *profile);

/*
 * Sonic 2's animation ids (anim, $1C) where they differ from Sonic 1's:
 * the indices of SonicAniData; Tails' TailsAniData shares the ids the
 * player code sets (Walk 0, Roll 2, Wait 5, Balance 6, LookUp 7, Duck 8,
 * Spindash 9, Stop $D, Death $18), but $A, $B, $C, $1D and $1E are other
 * animations of his (Tails has no idle skip and a single balance).
 */
enum {
    SPG_S2_ANIM_SPINDASH = 0x09, /* charging a spindash */
    SPG_S2_ANIM_BLINK = 0x0A,    /* Sonic: the idle skip's first step;
                                    ends by switching to the walk */
    SPG_S2_ANIM_GETUP = 0x0B,    /* Sonic: the idle skip after the long
                                    wait; ends by switching to the walk */
    SPG_S2_ANIM_BALANCE2 = 0x0C, /* Sonic: at a ledge, further out */
    SPG_S2_ANIM_BALANCE3 = 0x1D, /* Sonic: at a ledge, facing away */
    SPG_S2_ANIM_BALANCE4 = 0x1E  /* Sonic: further out, facing away */
};

/**
 * Sonic 2's animation routine for the player: Sonic_Animate ($1B350) when
 * profile->character is SPG_CHAR_SONIC, Tails_Animate ($1CDC4) for
 * SPG_CHAR_TAILS (anim_s2.c).  Like spg_animate, and besides: an id change
 * also clears the pushing status bit; scripts end in bytes $F0..$FF and
 * those of Stop, Blink, GetUp (and Spring, Bubble, Blank, LieDown) switch
 * the id to the walk; Sonic's walk/run shows its entry before counting the
 * timer, Tails' after it; Tails' roll is an ordinary script.  Reads anim,
 * prev_anim, status (facing, pushing), angle and ground speed; writes
 * anim, prev_anim, anim_frame, anim_timer, mapping_frame, the flip bits of
 * render_flags and the pushing bit.  Super Sonic, the sliding bit and
 * flip_angle (the tumble) are taken as 0.
 */
void spg_s2_animate(const spg_profile *profile, spg_player *p);

/* spg_anim_last_position / spg_anim_mapping_frames for Sonic 2's
 * characters (anim_s2.c): Tails' for SPG_CHAR_TAILS, else Sonic's; the
 * profile's game is not read (Sonic 2's routine tables name them). */
int spg_s2_anim_last_position(const spg_profile *profile, uint8_t anim);
int spg_s2_anim_mapping_frames(const spg_profile *profile);

/**
 * Sonic 3's animation routine for the player: Animate_Sonic ($1344C) when
 * profile->character is SPG_CHAR_SONIC, Animate_Tails ($1636A) for
 * SPG_CHAR_TAILS (anim_s3.c).  Like spg_s2_animate, and besides: Sonic's
 * end codes are the bytes $FC..$FF (Tails' still $F0..$FF); Sonic's id 4
 * (header $FD) plays the speed-driven roll; Tails' walk/run shows its
 * entry before counting the timer, as Sonic's does, with run sets of 4
 * sprites and HaulAss sets of 2; Tails' roll is an ordinary script; new
 * scripts (Wait loops, Stop lasts 16 frames, Tails' flight ids
 * $20..$28).  Reads anim, prev_anim, status (facing, pushing), angle and
 * ground speed; writes anim, prev_anim, anim_frame, anim_timer,
 * mapping_frame, the flip bits of render_flags and the pushing bit.
 * Super Sonic, bit 7 of status_secondary, flip_type and flip_angle (the
 * tumble) are taken as 0.
 */
void spg_s3_animate(const spg_profile *profile, spg_player *p);

/* spg_anim_last_position / spg_anim_mapping_frames for Sonic 3's
 * characters (anim_s3.c): Tails' for SPG_CHAR_TAILS, else Sonic's; the
 * profile's game is not read (Sonic 3's routine tables name them). */
int spg_s3_anim_last_position(const spg_profile *profile, uint8_t anim);
int spg_s3_anim_mapping_frames(const spg_profile *profile);

/**
 * Sonic & Knuckles' animation routine for the player: Animate_Sonic
 * ($12600) for SPG_CHAR_SONIC, Animate_Tails ($15862) for SPG_CHAR_TAILS,
 * Animate_Knuckles ($17D30) for SPG_CHAR_KNUCKLES (anim_s3k.c).  Like
 * spg_s3_animate, and besides: every character's end codes are $FC..$FF;
 * the walk scripts start with sprites 7, 8, then 1..6; the speed-driven
 * roll writes the facing's flip bits on every call, before the timer; the
 * push keeps the flip bits of the sprite set by angle; Knuckles' push
 * duration is shifted by 8 (Sonic's and Tails': 6); Knuckles' own scripts
 * (glide $20, fall $21, get-up $22, landing $23) and Tails' $29.  Reads
 * and writes what spg_s3_animate does; Super, bit 7 of status_secondary,
 * flip_type and flip_angle (the tumble) are taken as 0.
 */
void spg_s3k_animate(const spg_profile *profile, spg_player *p);

/* spg_anim_last_position / spg_anim_mapping_frames for Sonic & Knuckles'
 * characters (anim_s3k.c): by profile->character (Sonic, Tails or
 * Knuckles); the profile's game is not read. */
int spg_s3k_anim_last_position(const spg_profile *profile, uint8_t anim);
int spg_s3k_anim_mapping_frames(const spg_profile *profile);

/*
 * Sonic CD's animation ids (oAnim, $1C): the indices of its Ani_Sonic
 * (R11A__.MMD $20599A, ids $00..$3B).  The player code (ObjSonic and the
 * collision code) sets the ones first listed; the others are set by
 * objects or name scripts ObjSonic_Animate picks by address.
 */
enum {
    SPG_SCD_ANIM_WALK = 0x00,      /* moving on the ground; also while the
                                      peel-out charges */
    SPG_SCD_ANIM_ROLL = 0x02,      /* rolling, jumping, the spindash */
    SPG_SCD_ANIM_WAIT = 0x05,      /* SonAni_Idle: standing still */
    SPG_SCD_ANIM_BALANCE = 0x06,   /* at a ledge, facing it */
    SPG_SCD_ANIM_LOOKUP = 0x07,    /* also before a peel-out */
    SPG_SCD_ANIM_DUCK = 0x08,      /* also before a spindash */
    SPG_SCD_ANIM_SQUISH = 0x0B,    /* SonAni_Walk2: squeezed between floor
                                      and ceiling (Sonic 1's Warp3) */
    SPG_SCD_ANIM_SKID = 0x0D,      /* braking (Sonic 1's Stop) */
    SPG_SCD_ANIM_DEATH = 0x18,     /* KillPlayer */
    SPG_SCD_ANIM_HURT = 0x1A,      /* HurtPlayer */
    SPG_SCD_ANIM_GIVEUP = 0x2B,    /* the boredom give-up ("I'm outta
                                      here") */
    SPG_SCD_ANIM_BALANCE2 = 0x32,  /* at a ledge, facing away */
    /* objects' ids, and the scripts of the routine's own choice */
    SPG_SCD_ANIM_ROLLFAST = 0x03,  /* the roll's script from $600 */
    SPG_SCD_ANIM_PUSH = 0x04,      /* the walk/run's script while pushing */
    SPG_SCD_ANIM_HANG2 = 0x2C,     /* $FC (frozen): Wacky Workbench's
                                      hanging */
    SPG_SCD_ANIM_BALANCE3D = 0x2D, /* $FC (frozen): the spinning disc */
    SPG_SCD_ANIM_PEELOUT = 0x31,   /* the walk/run's script from $A00 */
    SPG_SCD_ANIM_RUN3D = 0x35,     /* the walk/run's script on a 3D ramp */
    SPG_SCD_ANIM_ROLL3D = 0x36,    /* the roll's script up a 3D ramp (id
                                      $3A too) */
    SPG_SCD_ANIM_COUNT = 0x3C      /* ids 0..$3B have a script */
};

/**
 * Sonic CD's animation routine for the player: ObjSonic_Animate ($2056AA
 * in R11A__.MMD) with its Ani_Sonic (anim_scd.c).  Like spg_animate
 * (Sonic 1), and besides: only $FD..$FF are end codes ($80..$FC are
 * sprites); the walk/run plays the peel-out script from |ground speed|
 * $A00 on; on a 3D ramp (player_ctrl bit 1) the walk/run plays
 * SonAni_Run3D with the angle centred by + 8 and eight sprite sets, and
 * the roll plays SonAni_Roll3D (or the fast roll on the flat part); a
 * header $FC shows the entry at the position without advancing it.
 * Reads anim, prev_anim, anim_frame, anim_timer, status (facing,
 * pushing), angle, ground speed and player_ctrl; writes anim, prev_anim,
 * anim_frame, anim_timer, mapping_frame and the flip bits of
 * render_flags.  Mini Sonic is taken as off; the profile is not read.
 */
void spg_scd_animate(const spg_profile *profile, spg_player *p);

/* spg_anim_last_position / spg_anim_mapping_frames for Sonic CD's Sonic
 * (anim_scd.c): $C6 sprites; the profile is not read. */
int spg_scd_anim_last_position(const spg_profile *profile, uint8_t anim);
int spg_scd_anim_mapping_frames(const spg_profile *profile);

/* ---- anim_steps.c: steps the games' routines share ----------------------- */

/** The render flags' two flip bits (andi.b #$FC / or.b). */
void spg_anim_set_flip(spg_player *p, uint8_t flip);
/** Count the frame timer down (subq.b #1 / bpl): 1 while the entry stays. */
int spg_anim_timer_runs(spg_player *p);
/** |speed| as neg.w leaves it: -$8000 stays $8000 (compared unsigned). */
uint16_t spg_anim_abs_speed(int16_t speed);
/** A duration from a speed: base - |speed|, 0 when that is negative as a
 *  word, shifted right (neg.w / addi.w / bpl / lsr.w). */
uint8_t spg_anim_rate(uint16_t speed, uint16_t base, unsigned shift);
/** The push duration (Sonic 1, 2, 3 and CD): the ground speed made
 *  non-positive, + $800, 0 if negative, >> 6. */
uint8_t spg_anim_push_rate(int16_t ground_speed);

/* The end codes of a script (Sonic 1's afEnd, afBack, afChange). */
enum {
    SPG_ANIM_END_LOOP = 0xFF,   /* start again at the first entry */
    SPG_ANIM_END_BACK = 0xFE,   /* n: go back n entries */
    SPG_ANIM_END_CHANGE = 0xFD  /* id: switch to animation id */
};

/*
 * A character's animation scripts as the original lays them out (every
 * game's scripts have this form): the
 * scripts one after the other with the zero bytes that align them (the
 * area), and the id table (the script table's word offsets, here offsets
 * into the area).  A script is a header byte (a duration, or a speed flag
 * when negative), sprite numbers (mapping frames) and an end code; the
 * routine indexes it with the unchecked script position, so a position
 * past a script's end reads on into the scripts after it.  Past the area
 * (code, in the originals) the core reads SPG_ANIM_END_LOOP.
 */
typedef struct spg_anim_table {
    const uint8_t *area;
    uint16_t area_len;
    const uint16_t *scripts; /* id -> offset of its script in area */
    uint8_t count;           /* ids 0 .. count - 1 have a script */
    uint8_t end_min;         /* script bytes from here on are end codes:
                                Sonic 1 $80 (bmi), Sonic 2 $F0, Sonic 3
                                $FC (Tails $F0), S&K $FC, Sonic CD $FD */
} spg_anim_table;

/** Byte i of the script at area offset `script` (i as the routine forms
 *  it: 0 .. $101); past the area SPG_ANIM_END_LOOP. */
uint8_t spg_anim_byte(const spg_anim_table *t, unsigned script, unsigned i);
/** Show the entry at the script position and advance it, or act on the
 *  end code there: $FF back to the first entry, $FE n back n entries,
 *  $FD id switch to id (nothing shown), other end codes nothing
 *  (Sonic_Animate's .loadframe, ObjSonic_Animate's .RunAnimScript). */
void spg_anim_step(spg_player *p, const spg_anim_table *t, unsigned script);
/** The restart on an id change: position 0, timer 0 and the status bits
 *  `clear` cleared (Sonic 2, 3 and S&K: the pushing bit; Sonic 1 and CD:
 *  none).  Returns the id's script (area offset), -1 for an id without
 *  one (only a bad start state has one). */
int spg_anim_restart(spg_player *p, const spg_anim_table *t, uint8_t clear);
/** A script whose header is a duration: the facing's flip bits every
 *  frame; the timer counts down, and when it runs out it is reloaded with
 *  the duration and the script steps. */
void spg_anim_fixed(spg_player *p, const spg_anim_table *t, unsigned script);
/**
 * The start of Sonic 1's and Sonic CD's routines: an id change restarts
 * the script (position 0, timer 0); an id without a script ends the call
 * (only a bad start state has one); a script whose header is a duration
 * writes the facing's flip bits, counts the timer down and, when it runs
 * out, reloads it and steps the script.  For a negative header the timer
 * is counted down; when it runs out the header is returned (and the
 * script's area offset in *script), for the caller's speed-driven
 * script.  Returns 0 when the call is done.
 */
uint8_t spg_anim_begin(spg_player *p, const spg_anim_table *t,
                       unsigned *script);
/** The walk/run's sprite angle: `angle` mirrored when facing right, plus
 *  `centre`; writes the flip bits (both toggled when the sum has bit 7
 *  set, the upper half of the circle, then the facing bit) and returns
 *  the sum. */
uint8_t spg_anim_walk_angle(spg_player *p, uint8_t angle, uint8_t centre);
/** The walk/run after its timer ran out: the duration max(0, $800 -
 *  speed) >> 8, a script step, then `offset` (the sprite set) added to
 *  the mapping frame, whatever the step left there. */
void spg_anim_walk(spg_player *p, const spg_anim_table *t, unsigned script,
                   uint16_t speed, uint8_t offset);
/** The speed-driven roll after its timer ran out: the duration max(0,
 *  $400 - speed) >> 8, the facing's flip bits, a script step. */
void spg_anim_roll(spg_player *p, const spg_anim_table *t, unsigned script,
                   uint16_t speed);
/** The push after its timer ran out: spg_anim_push_rate, the facing's
 *  flip bits, a script step. */
void spg_anim_push(spg_player *p, const spg_anim_table *t, unsigned script);
/** The position of the script's first end code (the highest position its
 *  steps reach). */
int spg_anim_end_position(const spg_anim_table *t, unsigned script);

/** Sonic CD's script table (anim_scd.c), for the unit test that compares
 *  it with the image. */
const spg_anim_table *spg_scd_anim_table(void);

#endif /* SPG_ANIM_H */
