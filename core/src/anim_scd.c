/*
 * anim_scd.c - Sonic CD's animation routine for the player,
 * ObjSonic_Animate ($2056AA in R11A__.MMD, Palmtree Panic 1 Present, USA),
 * with Sonic's animation scripts (Ani_Sonic, $20599A) as data.
 *
 * ObjSonic calls it once a frame, after the mode routine (and from the
 * hurt and death routines).  It has the shape of Sonic 1's Sonic_Animate
 * (anim.c) and plays its scripts through the same steps (anim_steps.c):
 * the restart on an id change, the frame timer, a fixed-duration script's
 * facing flip on every frame, the walk/run, roll and push timed from the
 * ground speed with Sonic 1's formulas.  What differs:
 *
 *   - end codes are only $FD, $FE and $FF (.RunAnimScript, $205704:
 *     cmpi.b #$FD / bge after the sign test); the bytes $80..$FC are
 *     sprite numbers, shown like any other (Sonic 1 takes $80..$FC as
 *     end codes that do nothing).  The sprite sheet has $C6 sprites, and
 *     scripts use sprites up to $BB;
 *   - the walk/run ($FF header) picks one of three scripts by |ground
 *     speed|: SonAni_Walk below $600, SonAni_Run from $600, and from $A00
 *     on SonAni_Peelout, the figure-eight legs of the peel-out
 *     ($2057C2: cmpi.w #$A00 / bcc).  Peel-out and run use four sprites a
 *     set, the walk six, as in Sonic 1;
 *   - on a 3D ramp (oPlayerCtrl bit 1: Palmtree Panic's ramp chunks) the
 *     walk/run centres the angle with + 8 instead of + $10 ($20577A:
 *     addq.b #8; the flip bits follow the sum's bit 7 as usual) and plays
 *     SonAni_Run3D at every speed, with eight sets of four sprites: the
 *     set is bits 4-6 of the centred angle ($2057A6: lsr.b #4 / lsl.b #1
 *     / andi.b #$E, then doubled);
 *   - the roll ($FE header) on a 3D ramp plays SonAni_Roll3D when (angle
 *     + $10) & $C0 is not 0 (any angle outside $F0..$2F) and
 *     SonAni_RollFast otherwise, at any speed ($20581E); off the ramp
 *     RollFast from $600, else Roll, as Sonic 1;
 *   - a new header, $FC (.FrozenAnim, $2058B2): every frame its timer
 *     runs out, the sprite of the entry at the script position is shown,
 *     the position is not advanced and the timer is set to 0, so an object
 *     that writes the position (the spinning disc, the hanging bar) picks
 *     the sprite.  Any negative header but $FD..$FF goes there;
 *   - the table has $3C ids, many new (the peel-out, the 3D ramp, the
 *     boredom give-up $2B, the second balance $32, the time-warp spins)
 *     and Mini Sonic's scripts.
 *
 * Mini Sonic is not modelled: the player state has no miniSonic flag (it
 * is taken as 0), so ObjSonic_GetMiniAnim ($20593C) returns the id
 * unchanged and the Mini Sonic branches (.MiniSonicRun, SonAni_RollMini,
 * SonAni_PushMini) are never taken.  The Mini scripts are still in the
 * area: their ids play like any other ($21 WalkMini, with its $FF header,
 * plays the normal walk/run).
 *
 * The scripts lie one after the other in the image, with the zero bytes
 * the source puts after some of them ($205A12..$205BDB, then code:
 * LoadSonicDynPLC).  A position kept across an id change the routine did
 * not see reads on into the following scripts, as in the original; past
 * the area the core reads an end marker where the original reads code.
 */
#include "anim.h"

#include "internal.h"

/* ---- the scripts --------------------------------------------------------- */

/* Script headers (speed flags) and end codes. */
enum {
    SPEED_WALK = 0xFF, SPEED_ROLL = 0xFE, SPEED_PUSH = 0xFD, /* headers */
    FROZEN = 0xFC,
    END = SPG_ANIM_END_LOOP, BACK = SPG_ANIM_END_BACK,       /* codes */
    CHANGE = SPG_ANIM_END_CHANGE
};

/*
 * Ani_Sonic's scripts in image order ($205A12 on; the comment before each
 * gives its area offset, its id and the source's label).  Sprite numbers
 * are the mapping frames of MapSpr_Sonic ($21F200).  The walk, run, roll,
 * push, peel-out and 3D-ramp scripts are 8 bytes each (padded with end
 * codes), because they share one script position while the speed or the
 * ramp switches between them.
 */
static const uint8_t area[] = {
    /* $000 $00 SonAni_Walk: six sprites a set, sets from $33 */
    SPEED_WALK, 0x35, 0x36, 0x37, 0x38, 0x33, 0x34, END,
    /* $008 $01 SonAni_Run: four a set, sets from $4B */
    SPEED_WALK, 0x4B, 0x4C, 0x4D, 0x4E, END, END, END,
    /* $010 $02 SonAni_Roll, $018 $03 SonAni_RollFast */
    SPEED_ROLL, 0x2D, 0x2E, 0x2F, 0x30, 0x31, END, END,
    SPEED_ROLL, 0x2D, 0x2E, 0x31, 0x2F, 0x30, 0x31, END,
    /* $020 $04 SonAni_Push */
    SPEED_PUSH, 0x64, 0x65, 0x66, 0x67, END, END, END,
    /* $028 $05 SonAni_Idle: 12 x standing, then the foot tap, looping
     * over its last two entries */
    0x17, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01,
    0x01, 0x03, 0x02, 0x02, 0x02, 0x03, 0x04, BACK, 2, 0,
    /* $03E $06 SonAni_Balance */
    0x0F, 0x6D, 0x6E, 0x83, 0x84, END,
    /* $044 $07 SonAni_LookUp, $048 $08 SonAni_Duck */
    0x3F, 0x05, END, 0, 0x3F, 0x60, END, 0,
    /* $04C $09 .. $058 $0C SonAni_Walk0 .. Walk3 */
    0x3F, 0x33, END, 0, 0x3F, 0x34, END, 0,
    0x3F, 0x35, END, 0, 0x3F, 0x36, END, 0,
    /* $05C $0D SonAni_Skid */
    0x07, 0x5B, 0x5C, 0x7F, END, 0,
    /* $062 $0E SonAni_Unk0E, $066 $0F SonAni_Float */
    0x07, 0x3C, 0x3F, END,
    0x07, 0x61, 0x62, 0xB9, 0x63, 0xBA, END, 0,
    /* $06E $10 SonAni_Spring */
    0x03, 0x32, 0x90, 0x91, 0x92, 0x93, END, 0,
    /* $076 $11 SonAni_Hang, $07A $12 SonAni_Unk12, $080 $13 SonAni_Unk13 */
    0x04, 0x6B, 0x6C, END,
    0x0F, 0x43, 0x43, 0x43, BACK, 1,
    0x0F, 0x43, 0x44, BACK, 1, 0,
    /* $086 $14 SonAni_Unk14 */
    0x3F, 0x49, END, 0,
    /* $08A $15 SonAni_Bubble: ends by switching to the walk */
    0x0B, 0x5F, 0x5F, 0x37, 0x38, CHANGE, 0x00, 0,
    /* $092 $16 SonAni_DeathBW, $096 $17 SonAni_Drown, $09A $18
     * SonAni_Death */
    0x20, 0x68, END, 0, 0x2F, 0x69, END, 0, 0x03, 0x6A, END, 0,
    /* $09E $19 SonAni_Unk19 */
    0x03, 0x4E, 0x4F, 0x50, 0x51, 0x52, 0x00, BACK, 1, 0,
    /* $0A8 $1A SonAni_Hurt, $0AC $1B SonAni_Slide */
    0x03, 0x5D, END, 0, 0x07, 0x5D, 0x5E, END,
    /* $0B0 $1C SonAni_Blank: ends by switching to the walk */
    0x77, 0x00, CHANGE, 0x00,
    /* $0B4 $1D SonAni_Unk1D */
    0x03, 0x3C, 0x3D, 0x53, 0x3E, 0x54, END, 0,
    /* $0BC $1E SonAni_Unk1E: its $FD takes the zero byte after it (the
     * walk) for its id */
    0x03, 0x3C, CHANGE, 0,
    /* $0C0 $1F SonAni_IdleMini */
    0x17, 0x6F, 0x6F, 0x6F, 0x6F, 0x6F, 0x6F, 0x6F, 0x6F, 0x6F, 0x6F, 0x6F,
    0x6F, 0x70, 0x70, 0x70, 0x71, 0x70, 0x71, BACK, 2, 0,
    /* $0D6 $20 SonAni_DuckMini */
    0x3F, 0x72, END, 0,
    /* $0DA $21 SonAni_WalkMini, $0E0 $22 SonAni_RunMini, $0E6 $23
     * SonAni_RollMini */
    SPEED_WALK, 0x73, 0x74, 0x75, 0x74, END,
    SPEED_WALK, 0x76, 0x77, END, END, END,
    SPEED_ROLL, 0x7C, 0x7D, 0x7E, END, END,
    /* $0EC $24 SonAni_SkidMini, $0F0 $25 SonAni_HurtMini */
    0x07, 0x78, 0x78, END, 0x03, 0x79, END, 0,
    /* $0F4 $26 SonAni_BalanceMini, $0F8 $27 SonAni_PushMini */
    0x1F, 0x7A, 0x7B, END,
    SPEED_PUSH, 0x73, 0x74, 0x75, END, END, END, 0,
    /* $100 $28 SonAni_StandMini, $104 $29 SonAni_LookBack */
    0x3F, 0x6F, END, 0, 0x3F, 0x06, END, 0,
    /* $108 $2A SonAni_Sneeze: ends by switching to the idle */
    0x03, 0x07, 0x07, 0x07, 0x07, 0x07, 0x09, 0x09, 0x08, 0x08, 0x08, 0x01,
    0x0A, 0x0A, CHANGE, 0x05,
    /* $118 $2B SonAni_GiveUp (the boredom animation): 37 entries, looping
     * over the last two */
    0x04, 0x11, 0x12, 0x12, 0x13, 0x13, 0x12, 0x12, 0x13, 0x13, 0x12, 0x12,
    0x13, 0x13, 0x11, 0x11, 0x11, 0x11, 0x14, 0x14, 0x14, 0x14, 0x15, 0x15,
    0x16, 0x16, 0x16, 0x16, 0x16, 0x16, 0x17, 0x17, 0x17, 0x17, 0x17, 0x17,
    0xA4, 0xA5, BACK, 2,
    /* $140 $2C SonAni_Hang2, $146 $2D SonAni_Balance3D: frozen, the
     * position set by an object */
    FROZEN, 0x18, 0x19, 0xA6, 0x19, END,
    FROZEN, 0x1A, 0x1B, 0x1C, 0x1F, 0x1D, 0x1E, END,
    /* $14E $2E SonAni_Wade, $156 $2F SonAni_Float2: $FF headers, so the
     * walk/run plays for them */
    SPEED_WALK, 0x0D, 0x0E, 0x0F, 0x10, 0x0B, 0x0C, END,
    SPEED_WALK, 0x61, 0x62, 0x63, END, 0,
    /* $15C $30 SonAni_Unk30 */
    0x13, 0x70, 0x6F, 0x70, 0x79, BACK, 1, 0,
    /* $164 $31 SonAni_Peelout: four a set, sets from $94 */
    SPEED_WALK, 0x94, 0x95, 0x96, 0x97, END, END, END,
    /* $16C $32 SonAni_Balance2 */
    0x0F, 0x85, 0x86, 0x87, 0x88, END,
    /* $172 $33 SonAni_RotateBack, $17E $34 SonAni_RotateFront: end by
     * switching to the idle */
    0x03, 0x01, 0xB5, 0xB5, 0xB6, 0xB6, 0xB7, 0xB7, 0xBB, CHANGE, 0x05, 0,
    0x03, 0x01, 0xB5, 0xB5, 0x01, 0x01, 0xB8, 0xB8, 0xBB, CHANGE, 0x05, 0,
    /* $18A $35 SonAni_Run3D: four a set, eight sets from $A6 */
    SPEED_WALK, 0xA6, 0xA7, 0xA8, 0xA9, END, END, END,
    /* $192 $36 (and $3A) SonAni_Roll3D */
    SPEED_ROLL, 0x20, 0x21, 0x23, 0x24, 0x25, 0x31, END,
    /* $19A $37 (and $3B) SonAni_FallAway */
    0x01, 0xA4, 0xA5, END,
    /* $19E $38 SonAni_Grow, $1B4 $39 SonAni_Shrink: end by switching to
     * the hurt ($1A) */
    0x01, 0x79, 0xAB, 0xAC, 0xAB, 0xAC, 0xAB, 0xAC, 0xA9, 0xAA, 0xA9, 0xAA,
    0xA9, 0xAA, 0xA7, 0xA8, 0xA7, 0xA8, 0xA7, 0xA8, CHANGE, 0x1A,
    0x01, 0x5D, 0xA7, 0xA8, 0xA7, 0xA8, 0xA7, 0xA8, 0xA9, 0xAA, 0xA9, 0xAA,
    0xA9, 0xAA, 0xAB, 0xAC, 0xAB, 0xAC, 0xAB, 0xAC, CHANGE, 0x1A
};

/* Ani_Sonic's id table ($20599A, 60 words): id -> script (area offset:
 * the word less the table's $78 bytes).  Ids $3A and $3B repeat $36 and
 * $37. */
static const uint16_t scripts[SPG_SCD_ANIM_COUNT] = {
    0x000, 0x008, 0x010, 0x018, 0x020, 0x028, 0x03E, 0x044, 0x048, 0x04C,
    0x050, 0x054, 0x058, 0x05C, 0x062, 0x066, 0x06E, 0x076, 0x07A, 0x080,
    0x086, 0x08A, 0x092, 0x096, 0x09A, 0x09E, 0x0A8, 0x0AC, 0x0B0, 0x0B4,
    0x0BC, 0x0C0, 0x0D6, 0x0DA, 0x0E0, 0x0E6, 0x0EC, 0x0F0, 0x0F4, 0x0F8,
    0x100, 0x104, 0x108, 0x118, 0x140, 0x146, 0x14E, 0x156, 0x15C, 0x164,
    0x16C, 0x172, 0x17E, 0x18A, 0x192, 0x19A, 0x19E, 0x1B4, 0x192, 0x19A
};

/* The scripts the routine names itself (lea SonAni_...). */
enum {
    SO_WALK = 0x000, SO_RUN = 0x008, SO_ROLL = 0x010, SO_ROLLFAST = 0x018,
    SO_PUSH = 0x020, SO_PEELOUT = 0x164, SO_RUN3D = 0x18A, SO_ROLL3D = 0x192
};

static const spg_anim_table table = {area, sizeof area, scripts,
                                     SPG_SCD_ANIM_COUNT, 0xFD};

/* The speed thresholds (unsigned compares of |ground speed|). */
enum {
    RUN_SPEED = 0x600,     /* walk -> run, roll -> fast roll */
    PEELOUT_SPEED = 0xA00  /* run -> peel-out */
};

/* oPlayerCtrl bit 1: on a 3D ramp. */
#define CTRL_3D_RAMP 0x02u

/* MapSpr_Sonic's sprites: its first offset is $18C, 198 words. */
#define SPRITES 0xC6

/* ---- the routine --------------------------------------------------------- */

/* The walk/run ($FF header): the sprite angle and flip bits, the push
 * while pushing, else the script by ramp and speed with its set's offset
 * (.SpecialAnim to .GotRunAnim). */
static void walk_run(spg_player *p)
{
    int ramp = (p->player_ctrl & CTRL_3D_RAMP) != 0;
    uint8_t a = spg_anim_walk_angle(p, p->angle, ramp ? 0x08 : 0x10);
    uint8_t sector = (uint8_t)(a >> 4); /* 0 .. 15 */
    uint8_t set;
    uint16_t speed;
    unsigned script;

    if (p->status & SPG_STATUS_PUSHING) {
        spg_anim_push(p, &table, SO_PUSH);
        return;
    }
    speed = spg_anim_abs_speed(p->ground_speed);
    if (ramp) {
        script = SO_RUN3D;                    /* at any speed */
        set = (uint8_t)((sector << 1) & 0xEu); /* 0, 2, .. 14 */
    } else {
        set = (uint8_t)(sector & 6u);         /* 0, 2, 4, 6 */
        if (speed >= PEELOUT_SPEED) {
            script = SO_PEELOUT;
        } else if (speed >= RUN_SPEED) {
            script = SO_RUN;
        } else {
            script = SO_WALK;
            set = (uint8_t)(set + (set >> 1)); /* 0, 3, 6, 9 */
        }
    }
    spg_anim_walk(p, &table, script, speed, (uint8_t)(set * 2u));
}

/* The roll ($FE header, .RollAnim). */
static void roll(spg_player *p)
{
    uint16_t speed = spg_anim_abs_speed(p->ground_speed);
    unsigned script;

    if (p->player_ctrl & CTRL_3D_RAMP)
        script = ((uint8_t)(p->angle + 0x10u) & 0xC0u) ? SO_ROLL3D
                                                       : SO_ROLLFAST;
    else
        script = speed >= RUN_SPEED ? SO_ROLLFAST : SO_ROLL;
    spg_anim_roll(p, &table, script, speed);
}

/* .FrozenAnim: the entry at the position, which stays; timer 0. */
static void frozen(spg_player *p, unsigned script)
{
    p->mapping_frame = spg_anim_byte(&table, script, 1u + p->anim_frame);
    p->anim_timer = 0;
}

void spg_scd_animate(const spg_profile *profile, spg_player *p)
{
    unsigned script;
    uint8_t header;

    (void)profile; /* Sonic CD has the one character and script table */
    header = spg_anim_begin(p, &table, &script);
    if (header == SPEED_WALK)
        walk_run(p);
    else if (header == SPEED_ROLL)
        roll(p);
    else if (header == SPEED_PUSH)
        spg_anim_push(p, &table, SO_PUSH);
    else if (header != 0)
        frozen(p, script); /* $FC, and any other negative header */
}

/* ---- script positions ------------------------------------------------------ */

int spg_scd_anim_last_position(const spg_profile *profile, uint8_t anim)
{
    uint8_t header;

    (void)profile;
    if (anim >= SPG_SCD_ANIM_COUNT)
        return -1;
    header = area[scripts[anim]];
    if (header == SPEED_WALK || header == SPEED_ROLL || header == SPEED_PUSH) {
        /* the speed-driven ids share one position: walk, run, peel-out,
         * 3D run, the three rolls and the push are all 8 bytes, the
         * walk's end the furthest */
        return spg_anim_end_position(&table, SO_WALK);
    }
    /* the fixed scripts' end code; the frozen ones ($2C, $2D) are never
     * stepped (the objects that set them write the positions of their
     * sprites), and their bound is the end code's position too */
    return spg_anim_end_position(&table, scripts[anim]);
}

const spg_anim_table *spg_scd_anim_table(void)
{
    return &table;
}

int spg_scd_anim_mapping_frames(const spg_profile *profile)
{
    (void)profile;
    return SPRITES;
}
