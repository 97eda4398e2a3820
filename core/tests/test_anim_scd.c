/*
 * test_anim_scd.c - Sonic CD's ObjSonic_Animate: the restart on an id
 * change, fixed-duration scripts with sprites of $80 and more, the end
 * codes ($FF, $FE, $FD; $FD switching the id), the walk/run/peel-out
 * thresholds, the sprite sets and flip bits by angle, the 3D-ramp run and
 * roll, the durations from the ground speed, the push, the frozen
 * animation ($FC) and the start-state bounds.  The expected values are
 * worked out by hand from the routine and Ani_Sonic (sonic-cd-disassembly
 * 73a6a35, Level/_Objects/Sonic/Main.asm and Data/Animations.asm) and
 * docs/research/soniccd-differences.md (rows AN, P4, BA, BR).
 *
 * test_image compares the script table with the level program itself:
 * R11A__.MMD (USA, Palmtree Panic 1 Present) at $SPGSIM_SCD_MMD, else
 * /work/roms/R11A__.MMD.  Without the image that test says it is skipped
 * and passes; every other test stands on its own.
 */
#include <stdio.h>
#include <stdlib.h>

#include "test.h"
#include "anim.h"

enum { WALK = 0x00, ROLL = 0x02, ROLLFAST = 0x03, PUSH = 0x04, WAIT = 0x05,
       BALANCE = 0x06, SKID = 0x0D, BUBBLE = 0x15, BLANK = 0x1C,
       UNK1E = 0x1E, SNEEZE = 0x2A, GIVEUP = 0x2B, HANG2 = 0x2C,
       BALANCE3D = 0x2D, WADE = 0x2E, PEELOUT = 0x31, BALANCE2 = 0x32,
       RUN3D = 0x35, ROLL3D = 0x36, GROW = 0x38 };

enum { RAMP = 0x02 }; /* player_ctrl bit 1 */

static spg_profile profile(void)
{
    spg_profile pr;
    spg_profile_get(SPG_GAME_SONICCD, SPG_CHAR_SONIC, SPG_VARIANT_NORMAL,
                    &pr);
    return pr;
}

/* A player whose animation id is `anim` and has just been set (prev_anim
 * differs), facing right on flat ground, standing still. */
static spg_player fresh(uint8_t anim)
{
    spg_profile pr = profile();
    spg_player p = spg_player_default(&pr);
    p.anim = anim;
    p.prev_anim = (uint8_t)(anim ^ 0x40u);
    return p;
}

static void animate(spg_player *p)
{
    spg_profile pr = profile();
    spg_scd_animate(&pr, p);
}

/* ---- the image ----------------------------------------------------------- */

enum {
    IMAGE_SIZE = 0x40000,      /* loaded at $200000 */
    ANIMATE = 0x0056AA,        /* ObjSonic_Animate */
    ANI_SONIC = 0x00599A,      /* Ani_Sonic: 60 words, then the scripts */
    SCRIPTS = 0x005A12,        /* SonAni_Walk */
    DYNPLC = 0x005BDC,         /* LoadSonicDynPLC: code after the scripts */
    MAPSPR_SONIC = 0x01F200
};

static unsigned word_at(const unsigned char *m, unsigned o)
{
    return (unsigned)m[o] << 8 | m[o + 1];
}

/* The image, or 0 (and the reason printed) when there is none or it is
 * another program. */
static unsigned char *load_image(void)
{
    const char *path = getenv("SPGSIM_SCD_MMD");
    unsigned char *m;
    FILE *f;
    size_t n;

    if (!path || !*path)
        path = "/work/roms/R11A__.MMD";
    f = fopen(path, "rb");
    if (!f) {
        printf("  test_image skipped: no %s (set SPGSIM_SCD_MMD to "
               "R11A__.MMD)\n", path);
        return 0;
    }
    m = malloc(IMAGE_SIZE + 1);
    n = m ? fread(m, 1, IMAGE_SIZE + 1, f) : 0;
    fclose(f);
    /* lea Ani_Sonic,a1 at ObjSonic_Animate: 43F9 0020 599A */
    if (n != IMAGE_SIZE || word_at(m, ANIMATE) != 0x43F9 ||
        word_at(m, ANIMATE + 2) != 0x0020 ||
        word_at(m, ANIMATE + 4) != 0x599A) {
        printf("  test_image skipped: %s is not the USA R11A__.MMD\n", path);
        free(m);
        return 0;
    }
    return m;
}

/* The id table, every script byte and the sprite count against the image;
 * and a few of the routine's operands this file's expectations rest on. */
static void test_image(void)
{
    const spg_anim_table *t = spg_scd_anim_table();
    spg_profile pr = profile();
    unsigned char *m = load_image();

    if (!m)
        return;
    CHECK_EQ(t->count, 60);
    for (unsigned id = 0; id < t->count; id++)
        CHECK_EQ(word_at(m, ANI_SONIC + 2 * id), 0x78u + t->scripts[id]);
    CHECK_EQ(t->area_len, DYNPLC - SCRIPTS);
    for (unsigned i = 0; i < t->area_len; i++)
        CHECK_EQ(t->area[i], m[SCRIPTS + i]);
    /* every id reads its script, and on past it, as the image holds it */
    for (unsigned id = 0; id < t->count; id++)
        for (unsigned i = 0; t->scripts[id] + i < t->area_len; i++)
            CHECK_EQ(spg_anim_byte(t, t->scripts[id], i),
                     m[SCRIPTS + t->scripts[id] + i]);
    /* MapSpr_Sonic: the first sprite's offset is the table's size */
    CHECK_EQ(word_at(m, MAPSPR_SONIC) / 2,
             spg_scd_anim_mapping_frames(&pr));
    /* cmpi.b #$FD,d0 (end codes), addi.b #$10,d0 / addq.b #8,d0 (the
     * angle centred), cmpi.w #$A00,d2 and #$600,d2 (peel-out, run),
     * cmpi.w #$600,d2 (the fast roll) */
    CHECK_EQ(word_at(m, 0x5704), 0x0C00);
    CHECK_EQ(word_at(m, 0x5706), 0x00FD);
    CHECK_EQ(word_at(m, 0x5774), 0x0600);
    CHECK_EQ(word_at(m, 0x5776), 0x0010);
    CHECK_EQ(word_at(m, 0x577A), 0x5000);
    CHECK_EQ(word_at(m, 0x57C2), 0x0C42);
    CHECK_EQ(word_at(m, 0x57C4), 0x0A00);
    CHECK_EQ(word_at(m, 0x57CE), 0x0C42);
    CHECK_EQ(word_at(m, 0x57D0), 0x0600);
    CHECK_EQ(word_at(m, 0x583C), 0x0C42);
    CHECK_EQ(word_at(m, 0x583E), 0x0600);
    free(m);
}

/* Every script: sprites below the sheet's count up to its end code, and
 * an end code before the next script (or $FD's id inside the area). */
static void test_scripts_well_formed(void)
{
    const spg_anim_table *t = spg_scd_anim_table();
    spg_profile pr = profile();
    int sprites = spg_scd_anim_mapping_frames(&pr);

    CHECK_EQ(sprites, 0xC6);
    CHECK_EQ(t->area_len, 0x1CA);
    CHECK_EQ(t->end_min, 0xFD);
    for (unsigned id = 0; id < t->count; id++) {
        unsigned s = t->scripts[id], i = 1;
        while (spg_anim_byte(t, s, i) < 0xFD) {
            CHECK(spg_anim_byte(t, s, i) < sprites);
            i++;
        }
        CHECK(s + i < t->area_len);
        if (spg_anim_byte(t, s, i) != SPG_ANIM_END_LOOP)
            CHECK(spg_anim_byte(t, s, i + 1) < t->count); /* n or id */
    }
}

/* ---- the routine ------------------------------------------------------------ */

/* An id change restarts the script: position 0, timer 0, so the first
 * entry shows on this very frame; the pushing bit stays (Sonic 1's
 * behaviour, not Sonic 2's). */
static void test_restart(void)
{
    spg_player p = fresh(WAIT);
    p.anim_frame = 7;
    p.anim_timer = 9;
    p.status = SPG_STATUS_PUSHING | SPG_STATUS_FACING_LEFT;
    animate(&p);
    CHECK_EQ(p.prev_anim, WAIT);
    CHECK_EQ(p.mapping_frame, 0x01);
    CHECK_EQ(p.anim_frame, 1);
    CHECK_EQ(p.anim_timer, 0x17);
    CHECK_EQ(p.status, SPG_STATUS_PUSHING | SPG_STATUS_FACING_LEFT);
    CHECK_EQ(p.render_flags, SPG_RENDER_PLAYFIELD | SPG_RENDER_XFLIP);

    /* the same id: the timer counts down, the entry stays */
    animate(&p);
    CHECK_EQ(p.anim_frame, 1);
    CHECK_EQ(p.anim_timer, 0x16);

    /* an id without a script restarts and does nothing more */
    p.anim = 0x3C;
    p.mapping_frame = 0x42;
    animate(&p);
    CHECK(p.prev_anim == 0x3C && p.anim_frame == 0 && p.anim_timer == 0);
    CHECK_EQ(p.mapping_frame, 0x42); /* nothing shown */
}

/* The idle: 12 x standing, the tap, then $FE 2 loops its last two
 * entries; each entry lasts $17 + 1 frames. */
static void test_idle_loop(void)
{
    static const uint8_t want[] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                                   3, 2, 2, 2, 3, 4, 3, 4, 3, 4};
    spg_player p = fresh(WAIT);

    for (unsigned e = 0; e < sizeof want; e++) {
        animate(&p);
        CHECK_EQ(p.mapping_frame, want[e]);
        for (int f = 0; f < 0x17; f++)
            animate(&p);
    }
    CHECK_EQ(p.anim, WAIT);
}

/* Sprites $80..$FC are sprites, not end codes: the balance shows $83 and
 * $84 (Sonic 1 would stop at $83), 16 frames each; the fixed scripts
 * write the facing's flip bits every frame. */
static void test_high_sprites(void)
{
    static const uint8_t balance[] = {0x6D, 0x6E, 0x83, 0x84, 0x6D};
    static const uint8_t balance2[] = {0x85, 0x86, 0x87, 0x88, 0x85};
    spg_player p = fresh(BALANCE);
    spg_player q = fresh(BALANCE2);

    for (unsigned e = 0; e < sizeof balance; e++) {
        animate(&p);
        animate(&q);
        CHECK_EQ(p.mapping_frame, balance[e]);
        CHECK_EQ(q.mapping_frame, balance2[e]);
        CHECK_EQ(p.anim_timer, 0x0F);
        p.status ^= SPG_STATUS_FACING_LEFT;
        for (int f = 0; f < 0x0F; f++) {
            animate(&p);
            animate(&q);
            CHECK_EQ(p.render_flags & 3, p.status & 1);
        }
    }
    CHECK_EQ(p.anim_frame, 1);
}

/* $FD: the skid loops; the bubble, blank and Unk1E end by switching to
 * the walk (Unk1E's id is the zero byte after it), the sneeze to the
 * idle, the grow to the hurt.  The switch shows nothing new that frame
 * and keeps the position; the next call restarts the new id. */
static void test_change(void)
{
    spg_player p = fresh(BUBBLE);
    static const uint8_t bubble[] = {0x5F, 0x5F, 0x37, 0x38};

    for (unsigned e = 0; e < sizeof bubble; e++) {
        animate(&p);
        CHECK_EQ(p.mapping_frame, bubble[e]);
        for (int f = 0; f < 0x0B; f++)
            animate(&p);
    }
    animate(&p); /* the $FD */
    CHECK_EQ(p.anim, WALK);
    CHECK_EQ(p.prev_anim, BUBBLE);
    CHECK_EQ(p.mapping_frame, 0x38);
    CHECK_EQ(p.anim_frame, 4);
    animate(&p); /* the walk, from its start */
    CHECK_EQ(p.prev_anim, WALK);
    CHECK_EQ(p.mapping_frame, 0x35);
    CHECK_EQ(p.anim_frame, 1);

    p = fresh(UNK1E);
    for (int f = 0; f < 4; f++)
        animate(&p);
    CHECK_EQ(p.mapping_frame, 0x3C);
    CHECK_EQ(p.anim, UNK1E);
    animate(&p);
    CHECK_EQ(p.anim, WALK);

    p = fresh(BLANK);
    for (int f = 0; f < 0x78 + 1; f++)
        animate(&p);
    CHECK_EQ(p.anim, WALK);
    CHECK_EQ(p.mapping_frame, 0x00);

    p = fresh(SNEEZE); /* 13 entries of 4 frames */
    for (int f = 0; f < 13 * 4 + 1; f++)
        animate(&p);
    CHECK_EQ(p.anim, WAIT);
    CHECK_EQ(p.mapping_frame, 0x0A);

    p = fresh(GROW); /* 19 entries of 2 frames */
    for (int f = 0; f < 19 * 2; f++)
        animate(&p);
    CHECK_EQ(p.anim, GROW);
    CHECK_EQ(p.mapping_frame, 0xA8);
    animate(&p);
    animate(&p);
    CHECK_EQ(p.anim, 0x1A);

    p = fresh(SKID); /* $5B, $5C, $7F, then again */
    for (int f = 0; f < 8 * 3; f++)
        animate(&p);
    CHECK_EQ(p.mapping_frame, 0x7F);
    animate(&p);
    CHECK_EQ(p.mapping_frame, 0x5B);
    CHECK_EQ(p.anim, SKID);
}

/* The first walk/run frame of a fresh walk id at `speed`, flat ground
 * facing right: the script's first sprite (set 0) and the duration. */
static void walk_at(int16_t speed, uint8_t sprite, uint8_t timer)
{
    spg_player p = fresh(WALK);
    p.ground_speed = speed;
    animate(&p);
    CHECK_EQ(p.mapping_frame, sprite);
    CHECK_EQ(p.anim_timer, timer);
    CHECK_EQ(p.anim_frame, 1);
    CHECK_EQ(p.render_flags & 3, 0);
}

/* Walk below $600, run from $600, peel-out from $A00 (|speed|, an
 * unsigned compare: -$8000 is $8000); duration max(0, $800 - |speed|)
 * >> 8. */
static void test_walk_run_peelout(void)
{
    walk_at(0x0000, 0x35, 8);
    walk_at(0x0100, 0x35, 7);
    walk_at(-0x0100, 0x35, 7);
    walk_at(0x05FF, 0x35, 2);
    walk_at(0x0600, 0x4B, 2);
    walk_at(-0x0600, 0x4B, 2);
    walk_at(0x07FF, 0x4B, 0);
    walk_at(0x0800, 0x4B, 0);
    walk_at(0x09FF, 0x4B, 0);
    walk_at(0x0A00, 0x94, 0);
    walk_at(-0x0A00, 0x94, 0);
    walk_at(0x0C00, 0x94, 0);
    walk_at(INT16_MIN, 0x94, 0);
    walk_at(INT16_MAX, 0x94, 0);
}

/* The peel-out's four entries, then back to its first (its $FF comes
 * after four sprites; the walk has six). */
static void test_peelout_frames(void)
{
    static const uint8_t want[] = {0x94, 0x95, 0x96, 0x97, 0x94, 0x95};
    spg_player p = fresh(WALK);
    p.ground_speed = 0xC00;
    for (unsigned e = 0; e < sizeof want; e++) {
        animate(&p);
        CHECK_EQ(p.mapping_frame, want[e]);
    }
    /* slowing to a walk keeps the position: entry 2 of the walk */
    p.ground_speed = 0x100;
    animate(&p);
    CHECK_EQ(p.mapping_frame, 0x37);
    CHECK_EQ(p.anim_frame, 3);
    CHECK_EQ(p.anim_timer, 7);
}

/* One walk/run frame at `angle`, facing left or right, on a 3D ramp or
 * not. */
static void angle_case(uint8_t angle, int left, int ramp, int16_t speed,
                       uint8_t sprite, uint8_t flip)
{
    spg_player p = fresh(WALK);
    p.angle = angle;
    p.ground_speed = left ? (int16_t)-speed : speed;
    if (left)
        p.status |= SPG_STATUS_FACING_LEFT;
    if (ramp)
        p.player_ctrl = RAMP;
    p.render_flags |= 3; /* both bits rewritten */
    animate(&p);
    CHECK_EQ(p.mapping_frame, sprite);
    CHECK_EQ(p.render_flags, SPG_RENDER_PLAYFIELD | flip);
}

/* The sprite set by angle: mirrored when facing right, + $10, bits 5-6 (a
 * set of six walk or four run/peel-out sprites), both flip bits toggled
 * when the sum has bit 7 set. */
static void test_walk_sets_and_flip(void)
{
    /* right, angle $E0: ~$E0 + $10 = $2F, set 2 */
    angle_case(0xE0, 0, 0, 0x100, 0x35 + 6, 0);
    angle_case(0xE0, 0, 0, 0x600, 0x4B + 4, 0);
    angle_case(0xE0, 0, 0, 0xA00, 0x94 + 4, 0);
    /* left, angle $40: $50, set 4 (the walk's third, sprite $41) */
    angle_case(0x40, 1, 0, 0x100, 0x35 + 12, 1);
    angle_case(0x40, 1, 0, 0xA00, 0x94 + 8, 1);
    /* left, angle $60: $70, set 6 */
    angle_case(0x60, 1, 0, 0x100, 0x35 + 18, 1);
    angle_case(0x60, 1, 0, 0x600, 0x4B + 12, 1);
    /* left, angle $70: $80, upside down (flip 3 ^ 1), set 0 */
    angle_case(0x70, 1, 0, 0x100, 0x35, 2);
    /* right, angle $80: ~$80 + $10 = $8F: flip 3, set 0 */
    angle_case(0x80, 0, 0, 0x600, 0x4B, 3);
    /* right, angle $6F: ~$6F + $10 = $A0: flip 3, set 2 */
    angle_case(0x6F, 0, 0, 0x100, 0x35 + 6, 3);
    /* right, angle $70: ~$70 + $10 = $9F: flip 3, set 0 */
    angle_case(0x70, 0, 0, 0x100, 0x35, 3);
}

/* On a 3D ramp: SonAni_Run3D at any speed, the angle centred by + 8, eight
 * sets of four sprites (bits 4-6 of the sum). */
static void test_run_3d(void)
{
    /* right, angle 0: ~0 + 8 = $07: set 0, at every speed */
    angle_case(0x00, 0, 1, 0x000, 0xA6, 0);
    angle_case(0x00, 0, 1, 0x100, 0xA6, 0);
    angle_case(0x00, 0, 1, 0x600, 0xA6, 0);
    angle_case(0x00, 0, 1, 0xA00, 0xA6, 0);
    /* right, angle $D0: ~$D0 + 8 = $37: set 3 (+12) */
    angle_case(0xD0, 0, 1, 0x600, 0xA6 + 12, 0);
    /* left, angle $70: $78: set 7 (+28, sprite $C2); not flipped (the
     * walk's + $10 would give $80: flipped, set 0) */
    angle_case(0x70, 1, 1, 0x600, 0xA6 + 28, 1);
    /* left, angle $78: $80: flip 3 ^ 1, set 0 */
    angle_case(0x78, 1, 1, 0x600, 0xA6, 2);
    /* left, angle $10: $18: set 1 (+4) */
    angle_case(0x10, 1, 1, 0x100, 0xA6 + 4, 1);

    /* the script: four sprites, then back; duration from the speed */
    {
        static const uint8_t want[] = {0xAA, 0xAB, 0xAC, 0xAD, 0xAA};
        spg_player p = fresh(WALK);
        p.player_ctrl = RAMP;
        p.status |= SPG_STATUS_FACING_LEFT;
        p.angle = 0x10;
        p.ground_speed = -0x300;
        for (unsigned e = 0; e < sizeof want; e++) {
            animate(&p);
            CHECK_EQ(p.mapping_frame, want[e]);
            CHECK_EQ(p.anim_timer, 5);
            for (int f = 0; f < 5; f++)
                animate(&p);
        }
    }
}

/* Three roll frames at |speed| >= $400 (duration 0: a new entry every
 * frame). */
static void roll_case(uint8_t anim, int16_t speed, uint8_t angle, int ramp,
                      uint8_t a, uint8_t b, uint8_t c)
{
    spg_player p = fresh(anim);
    p.ground_speed = speed;
    p.angle = angle;
    if (ramp)
        p.player_ctrl = RAMP;
    animate(&p);
    CHECK_EQ(p.mapping_frame, a);
    CHECK_EQ(p.anim_timer, 0);
    animate(&p);
    CHECK_EQ(p.mapping_frame, b);
    animate(&p);
    CHECK_EQ(p.mapping_frame, c);
}

/* The roll: Roll below $600, RollFast from $600 (third entry $2F vs $31);
 * on a 3D ramp RollFast on its flat part, Roll3D where (angle + $10) &
 * $C0 is not 0, at any speed; duration max(0, $400 - |speed|) >> 8. */
static void test_roll(void)
{
    roll_case(ROLL, 0x5FF, 0, 0, 0x2D, 0x2E, 0x2F);
    roll_case(ROLL, 0x600, 0, 0, 0x2D, 0x2E, 0x31);
    roll_case(ROLL, -0x600, 0, 0, 0x2D, 0x2E, 0x31);
    roll_case(ROLLFAST, 0x400, 0, 0, 0x2D, 0x2E, 0x2F); /* id 3: speed */
    roll_case(ROLL3D, 0x400, 0x30, 0, 0x2D, 0x2E, 0x2F); /* off the ramp */
    roll_case(ROLL, 0x400, 0x00, 1, 0x2D, 0x2E, 0x31);
    roll_case(ROLL, 0x400, 0xF0, 1, 0x2D, 0x2E, 0x31);
    roll_case(ROLL, 0x400, 0x2F, 1, 0x2D, 0x2E, 0x31);
    roll_case(ROLL, 0x400, 0x30, 1, 0x20, 0x21, 0x23);
    roll_case(ROLL, 0x400, 0xEF, 1, 0x20, 0x21, 0x23);
    roll_case(ROLL, 0x400, 0x80, 1, 0x20, 0x21, 0x23);

    /* durations */
    {
        static const struct { int16_t speed; uint8_t timer; } d[] = {
            {0x000, 4}, {0x0FF, 3}, {0x100, 3}, {-0x200, 2}, {0x3FF, 0},
            {0x400, 0}, {0x700, 0}, {INT16_MIN, 0}};
        for (unsigned i = 0; i < sizeof d / sizeof d[0]; i++) {
            spg_player p = fresh(ROLL);
            p.ground_speed = d[i].speed;
            animate(&p);
            CHECK_EQ(p.anim_timer, d[i].timer);
        }
    }

    /* the flip bits are the facing's, whatever the angle */
    {
        spg_player p = fresh(ROLL);
        p.status |= SPG_STATUS_FACING_LEFT;
        p.angle = 0x80;
        p.render_flags |= 2;
        animate(&p);
        CHECK_EQ(p.render_flags, SPG_RENDER_PLAYFIELD | 1);
    }
}

/* Pushing (walk id with the pushing bit, or the push id): SonAni_Push,
 * duration ((-|speed|) + $800) >> 6 (0 when negative), the facing's flip
 * bits. */
static void test_push(void)
{
    static const struct { int16_t speed; uint8_t timer; } d[] = {
        {0x000, 0x20}, {0x100, 0x1C}, {-0x100, 0x1C}, {0x7C0, 1},
        {0x7FF, 0}, {0x800, 0}, {0x900, 0}, {INT16_MIN, 0}};

    for (unsigned i = 0; i < sizeof d / sizeof d[0]; i++) {
        spg_player p = fresh(WALK);
        spg_player q = fresh(PUSH);
        p.ground_speed = q.ground_speed = d[i].speed;
        p.status |= SPG_STATUS_PUSHING;
        p.angle = 0x80; /* the walk's flip (3) is overwritten */
        animate(&p);
        animate(&q);
        CHECK_EQ(p.mapping_frame, 0x64);
        CHECK_EQ(p.anim_timer, d[i].timer);
        CHECK_EQ(p.render_flags & 3, 0);
        CHECK_EQ(q.mapping_frame, 0x64);
        CHECK_EQ(q.anim_timer, d[i].timer);
    }
    {
        static const uint8_t want[] = {0x64, 0x65, 0x66, 0x67, 0x64};
        spg_player p = fresh(WALK);
        p.status |= SPG_STATUS_PUSHING | SPG_STATUS_FACING_LEFT;
        p.ground_speed = -0x800;
        p.player_ctrl = RAMP; /* the ramp changes nothing here */
        for (unsigned e = 0; e < sizeof want; e++) {
            animate(&p);
            CHECK_EQ(p.mapping_frame, want[e]);
            CHECK_EQ(p.render_flags & 3, 1);
        }
    }
}

/* $FC (frozen): every frame its timer runs out, the sprite at the
 * position (written by an object) shows, the position stays, the timer
 * is 0; the flip bits are not touched. */
static void test_frozen(void)
{
    static const uint8_t disc[] = {0x1A, 0x1B, 0x1C, 0x1F, 0x1D, 0x1E};
    static const uint8_t bar[] = {0x18, 0x19, 0xA6, 0x19};
    spg_player p = fresh(BALANCE3D);

    p.status |= SPG_STATUS_FACING_LEFT;
    for (int f = 0; f < 3; f++) {
        animate(&p);
        CHECK_EQ(p.mapping_frame, 0x1A);
        CHECK_EQ(p.anim_frame, 0);
        CHECK_EQ(p.anim_timer, 0);
        CHECK_EQ(p.render_flags, SPG_RENDER_PLAYFIELD);
    }
    for (uint8_t i = 0; i < sizeof disc; i++) {
        p.anim_frame = i;
        animate(&p);
        CHECK_EQ(p.mapping_frame, disc[i]);
        CHECK_EQ(p.anim_frame, i);
    }
    p = fresh(HANG2);
    for (uint8_t i = 0; i < sizeof bar; i++) {
        p.anim_frame = i;
        animate(&p);
        CHECK_EQ(p.mapping_frame, bar[i]);
    }
    /* a running timer counts down first */
    p.anim_frame = 1;
    p.anim_timer = 2;
    p.mapping_frame = 0x55;
    animate(&p);
    animate(&p);
    CHECK_EQ(p.mapping_frame, 0x55);
    CHECK_EQ(p.anim_timer, 0);
    animate(&p);
    CHECK_EQ(p.mapping_frame, 0x19);
    /* at the end code the code itself is shown */
    p.anim_frame = 4;
    animate(&p);
    CHECK_EQ(p.mapping_frame, 0xFF);
    CHECK_EQ(p.anim_frame, 4);
}

/* Other $FF-header ids (the wade, the peel-out id, the 3D run id) play the
 * walk/run, not their own script. */
static void test_walk_headers(void)
{
    const uint8_t ids[] = {WADE, PEELOUT, RUN3D};
    for (unsigned i = 0; i < sizeof ids; i++) {
        spg_player p = fresh(ids[i]);
        p.ground_speed = 0x600;
        animate(&p);
        CHECK_EQ(p.mapping_frame, 0x4B);
        CHECK_EQ(p.anim, ids[i]);
    }
}

/* The give-up: 37 entries of 5 frames; the $FE 2 at its end loops $A4,
 * $A5 (sprites above $80). */
static void test_giveup(void)
{
    spg_player p = fresh(GIVEUP);
    for (int f = 0; f < 35 * 5; f++)
        animate(&p);
    animate(&p);
    CHECK_EQ(p.mapping_frame, 0xA4);
    for (int f = 0; f < 5; f++)
        animate(&p);
    CHECK_EQ(p.mapping_frame, 0xA5);
    for (int f = 0; f < 5; f++)
        animate(&p);
    CHECK_EQ(p.mapping_frame, 0xA4);
    CHECK_EQ(p.anim_frame, 36);
}

/* The start-state bounds. */
static void test_positions(void)
{
    static const struct { uint8_t anim; int last; } want[] = {
        {WALK, 6}, {0x01, 6}, {ROLL, 6}, {ROLLFAST, 6}, {PUSH, 6},
        {WAIT, 18}, {BALANCE, 4}, {0x07, 1}, {0x08, 1}, {SKID, 3},
        {BUBBLE, 4}, {0x18, 1}, {0x1A, 1}, {BLANK, 1}, {UNK1E, 1},
        {0x21, 6}, {0x23, 6}, {0x27, 6}, {SNEEZE, 13}, {GIVEUP, 37},
        {HANG2, 4}, {BALANCE3D, 6}, {WADE, 6}, {0x2F, 6}, {PEELOUT, 6},
        {BALANCE2, 4}, {0x33, 8}, {RUN3D, 6}, {ROLL3D, 6}, {0x37, 2},
        {GROW, 19}, {0x39, 19}, {0x3A, 6}, {0x3B, 2}, {0x3C, -1},
        {0x7F, -1}, {0xFF, -1}};
    spg_profile pr = profile();

    for (unsigned i = 0; i < sizeof want / sizeof want[0]; i++)
        CHECK_EQ(spg_scd_anim_last_position(&pr, want[i].anim),
                 want[i].last);
    for (unsigned id = 0; id < 0x3C; id++)
        CHECK(spg_scd_anim_last_position(&pr, (uint8_t)id) >= 1);
    CHECK_EQ(spg_scd_anim_mapping_frames(&pr), 0xC6);
}

int main(void)
{
    RUN(test_image);
    RUN(test_scripts_well_formed);
    RUN(test_restart);
    RUN(test_idle_loop);
    RUN(test_high_sprites);
    RUN(test_change);
    RUN(test_walk_run_peelout);
    RUN(test_peelout_frames);
    RUN(test_walk_sets_and_flip);
    RUN(test_run_3d);
    RUN(test_roll);
    RUN(test_push);
    RUN(test_frozen);
    RUN(test_walk_headers);
    RUN(test_giveup);
    RUN(test_positions);
    TEST_MAIN_END();
}
