/*
 * test_anim_s3k.c - Sonic & Knuckles' Animate_Sonic, Animate_Tails and
 * Animate_Knuckles: the walks that start at sprite 7, the end markers
 * where spg_anim_last_position puts them, Knuckles' Wait, balance, glide,
 * get-up and landing scripts, his push duration (>> 8), the roll's flip
 * bits written before the timer, the push keeping the set's flip bits,
 * and the sprite counts.  The expected values are worked out by hand from
 * the original routines and scripts (Animate_Sonic $12600, Animate_Tails
 * $15862, Animate_Knuckles $17D30; AniSonic $12AA6, AniTails $15AB0,
 * AniKnuckles $17EF4) as anim_s3k.c's comment describes them.
 */
#include "test.h"
#include "anim.h"

enum { WALK = 0x00, RUN = 0x01, ROLL = 0x02, PUSH = 0x04, WAIT = 0x05,
       BALANCE = 0x06, STOP = 0x0D, GLIDE = 0x20, FALL = 0x21,
       GETUP = 0x22, LAND = 0x23 };

static const spg_character chars[3] = {SPG_CHAR_SONIC, SPG_CHAR_TAILS,
                                       SPG_CHAR_KNUCKLES};

static spg_profile profile(spg_character c)
{
    spg_profile pr;
    spg_profile_get(SPG_GAME_SONIC3K, c, SPG_VARIANT_NORMAL, &pr);
    return pr;
}

/* A player whose animation id is `anim` and has just been set (prev_anim
 * differs), facing right on flat ground, standing still. */
static spg_player fresh(const spg_profile *pr, uint8_t anim)
{
    spg_player p = spg_player_default(pr);
    p.anim = anim;
    p.prev_anim = (uint8_t)(anim ^ 0x40u);
    return p;
}

static void run(const spg_profile *pr, spg_player *p, int n)
{
    for (int i = 0; i < n; i++)
        spg_s3k_animate(pr, p);
}

/* The walk of all three starts at sprite 7, then 8, then 1 (Sonic 3: 1,
 * 2, 3): the first call shows position 0 and steps on, then ($800 -
 * $300) >> 8 = 5 gives a new sprite every 6 calls. */
static void test_walk_starts_at_7(void)
{
    static const uint8_t order[9] = {7, 8, 1, 2, 3, 4, 5, 6, 7};
    for (int c = 0; c < 3; c++) {
        spg_profile pr = profile(chars[c]);
        spg_player p = fresh(&pr, WALK);
        p.ground_speed = 0x300;
        spg_s3k_animate(&pr, &p);
        CHECK_EQ(p.mapping_frame, 7);
        for (int s = 1; s < 9; s++) {
            for (int call = 0; call < 6; call++) {
                spg_s3k_animate(&pr, &p);
                CHECK_EQ(p.mapping_frame, order[s]);
            }
        }
        /* a slope's sprite set: angle $E0 facing right is set 2, +8 */
        p = fresh(&pr, WALK);
        p.angle = 0xE0;
        spg_s3k_animate(&pr, &p);
        CHECK_EQ(p.mapping_frame, 7 + 8);
        /* the run: $21.. from $600, 4 sprites a set */
        p = fresh(&pr, WALK);
        p.ground_speed = 0x600;
        spg_s3k_animate(&pr, &p);
        CHECK_EQ(p.mapping_frame, 0x21);
    }
}

/* The ids whose header is a speed flag: walk, run, the rolls and push
 * (Sonic, Knuckles), Tails' HaulAss. */
static int speed_driven(spg_character c, unsigned id)
{
    if (c == SPG_CHAR_TAILS)
        return id <= 1 || id == 0x1F;
    return id <= 4;
}

/* Every script with an ordinary header: the entries before the position
 * spg_anim_last_position gives step on by one and show a sprite of the
 * sheet; at that position the routine meets an end code (the position
 * does not simply advance, or the id changes). */
static void test_end_markers(void)
{
    for (int c = 0; c < 3; c++) {
        spg_profile pr = profile(chars[c]);
        int sprites = spg_s3k_anim_mapping_frames(&pr);
        for (unsigned id = 0; id < 0x30; id++) {
            int last = spg_s3k_anim_last_position(&pr, (uint8_t)id);
            spg_player p;
            if (last < 0 || speed_driven(chars[c], id))
                continue;
            for (int pos = 0; pos <= last; pos++) {
                p = spg_player_default(&pr);
                p.anim = p.prev_anim = (uint8_t)id;
                p.anim_frame = (uint8_t)pos;
                p.anim_timer = 0; /* 0 - 1: runs out */
                spg_s3k_animate(&pr, &p);
                if (pos < last) {
                    CHECK_EQ(p.anim_frame, pos + 1);
                    CHECK(p.mapping_frame < sprites);
                } else {
                    CHECK(p.anim_frame != pos + 1 || p.anim != id);
                }
            }
        }
    }
}

/* The bounds: ids with a script, positions, and $FB sprites each. */
static void test_last_position(void)
{
    spg_profile so = profile(SPG_CHAR_SONIC), ta = profile(SPG_CHAR_TAILS),
                kn = profile(SPG_CHAR_KNUCKLES);
    /* walk-driven ids share the walk's 8 */
    CHECK_EQ(spg_anim_last_position(&so, WALK), 8);
    CHECK_EQ(spg_anim_last_position(&so, PUSH), 8);
    CHECK_EQ(spg_anim_last_position(&ta, 0x1F), 8);
    CHECK_EQ(spg_s3k_anim_last_position(&kn, ROLL), 8);
    CHECK_EQ(spg_s3k_anim_last_position(&kn, PUSH), 8);
    CHECK_EQ(spg_anim_last_position(&ta, PUSH), -1); /* the tail angle */
    /* the Waits: 106, 59 and 150 entries */
    CHECK_EQ(spg_anim_last_position(&so, WAIT), 106);
    CHECK_EQ(spg_anim_last_position(&ta, WAIT), 59);
    CHECK_EQ(spg_s3k_anim_last_position(&kn, WAIT), 150);
    CHECK_EQ(spg_s3k_anim_last_position(&kn, BALANCE), 39);
    CHECK_EQ(spg_s3k_anim_last_position(&kn, 0x0C), 35);
    CHECK_EQ(spg_s3k_anim_last_position(&kn, STOP), 4);
    CHECK_EQ(spg_s3k_anim_last_position(&kn, GLIDE), 1);
    CHECK_EQ(spg_s3k_anim_last_position(&kn, FALL), 2);
    CHECK_EQ(spg_s3k_anim_last_position(&kn, GETUP), 1);
    CHECK_EQ(spg_s3k_anim_last_position(&kn, LAND), 1);
    CHECK_EQ(spg_s3k_anim_last_position(&kn, 0x24), 11);
    CHECK_EQ(spg_s3k_anim_last_position(&kn, 0x1F), 12);
    CHECK_EQ(spg_anim_last_position(&ta, 0x29), 12);
    /* ids past the tables */
    CHECK_EQ(spg_anim_last_position(&so, 0x24), -1);
    CHECK_EQ(spg_anim_last_position(&ta, 0x2A), -1);
    CHECK_EQ(spg_s3k_anim_last_position(&kn, 0x25), -1);
    CHECK_EQ(spg_anim_mapping_frames(&so), 0xFB);
    CHECK_EQ(spg_anim_mapping_frames(&ta), 0xFB);
    CHECK_EQ(spg_s3k_anim_mapping_frames(&kn), 0xFB);
}

/* Every position up to the last one a start state may hold leaves a
 * sprite of the character's sheet, for every id with a script. */
static void test_positions_in_range(void)
{
    for (int c = 0; c < 3; c++) {
        spg_profile pr = profile(chars[c]);
        for (unsigned id = 0; id < 0x30; id++) {
            int last = spg_s3k_anim_last_position(&pr, (uint8_t)id);
            for (int pos = 0; pos <= last; pos++) {
                spg_player p = spg_player_default(&pr);
                p.anim = p.prev_anim = (uint8_t)id;
                p.anim_frame = (uint8_t)pos;
                run(&pr, &p, 3);
                CHECK(p.mapping_frame < spg_s3k_anim_mapping_frames(&pr));
            }
        }
    }
}

/* Knuckles' Wait: 6 frames an entry, 150 entries, then from the start
 * ($FF), for ever. */
static void test_knuckles_wait(void)
{
    spg_profile pr = profile(SPG_CHAR_KNUCKLES);
    spg_player p = fresh(&pr, WAIT);
    spg_s3k_animate(&pr, &p);
    CHECK_EQ(p.mapping_frame, 0x56);
    run(&pr, &p, 150 * 6 - 1);
    CHECK_EQ(p.anim_frame, 150);
    CHECK_EQ(p.mapping_frame, 0xD7);
    CHECK_EQ(p.anim_timer, 0);
    spg_s3k_animate(&pr, &p);
    CHECK_EQ(p.anim_frame, 1);
    CHECK_EQ(p.mapping_frame, 0x56);
    CHECK_EQ(p.anim, WAIT);
}

/* Knuckles' balance as Knux_InputAcceleration_Path starts it facing away
 * from the edge: anim = prev_anim = 6, timer 0, position 4 ($A1); 4
 * frames a sprite; after the 39th entry back 6, for ever. */
static void test_knuckles_balance(void)
{
    spg_profile pr = profile(SPG_CHAR_KNUCKLES);
    spg_player p = spg_player_default(&pr);
    p.anim = p.prev_anim = BALANCE;
    p.anim_frame = 4;
    p.anim_timer = 0;
    spg_s3k_animate(&pr, &p);
    CHECK_EQ(p.mapping_frame, 0xA1);
    CHECK_EQ(p.anim_frame, 5);
    CHECK_EQ(p.anim_timer, 3);
    run(&pr, &p, (39 - 5) * 4);
    CHECK_EQ(p.anim_frame, 39);
    CHECK_EQ(p.mapping_frame, 0xAA);
    run(&pr, &p, 4);
    CHECK_EQ(p.anim_frame, 39 - 6 + 1);
    CHECK_EQ(p.mapping_frame, 0xA8);
}

/* The glide: Knuckles_Set_Gliding_Animation writes anim = prev_anim =
 * $20, position 0, timer $20 and the turn sprite; the routine keeps that
 * sprite for 32 calls, and on the 33rd shows the script's $C0. */
static void test_knuckles_glide(void)
{
    spg_profile pr = profile(SPG_CHAR_KNUCKLES);
    spg_player p = spg_player_default(&pr);
    p.anim = p.prev_anim = GLIDE;
    p.anim_frame = 0;
    p.anim_timer = 0x20;
    p.mapping_frame = 0xC2;
    p.status = SPG_STATUS_FACING_LEFT;
    p.render_flags = 0;
    for (int call = 1; call <= 32; call++) {
        spg_s3k_animate(&pr, &p);
        CHECK_EQ(p.mapping_frame, 0xC2);
        CHECK_EQ(p.render_flags & 3, 1); /* the facing, every call */
    }
    spg_s3k_animate(&pr, &p);
    CHECK_EQ(p.mapping_frame, 0xC0);
    CHECK_EQ(p.anim_timer, 0x1F);
    CHECK_EQ(p.anim_frame, 1);
}

/* Getting up ($22) and landing ($23): one sprite for 16 frames, then the
 * walk; the fall ($21) as LetGoOfWall leaves it (position 1, timer 7,
 * $CB): 8 frames of $CB, then back 1 for ever. */
static void test_knuckles_getup_land_fall(void)
{
    static const uint8_t ids[2] = {GETUP, LAND}, sprite[2] = {0xCD, 0x9C};
    spg_profile pr = profile(SPG_CHAR_KNUCKLES);
    for (int i = 0; i < 2; i++) {
        spg_player p = fresh(&pr, ids[i]);
        for (int call = 1; call <= 16; call++) {
            spg_s3k_animate(&pr, &p);
            CHECK_EQ(p.anim, ids[i]);
            CHECK_EQ(p.mapping_frame, sprite[i]);
        }
        spg_s3k_animate(&pr, &p);
        CHECK_EQ(p.anim, WALK);
        spg_s3k_animate(&pr, &p);
        CHECK_EQ(p.mapping_frame, 7);
    }
    spg_player p = spg_player_default(&pr);
    p.anim = p.prev_anim = FALL;
    p.anim_frame = 1;
    p.anim_timer = 7;
    p.mapping_frame = 0xCB;
    run(&pr, &p, 8);
    CHECK_EQ(p.mapping_frame, 0xCB);
    CHECK_EQ(p.anim_frame, 2);
    CHECK_EQ(p.anim_timer, 7);
    run(&pr, &p, 8 * 5);
    CHECK_EQ(p.mapping_frame, 0xCB);
    CHECK_EQ(p.anim, FALL);
}

/* The push: Sonic's and Tails' duration ($800 - |speed|) >> 6, Knuckles'
 * >> 8; the flip bits stay the ones of the sprite set by angle (Sonic 3
 * wrote the facing after the timer ran out). */
static void test_push(void)
{
    static const uint8_t first[3] = {0xB6, 0xA9, 0xCE};
    static const uint8_t rate[3] = {0x20, 0x20, 0x08};
    for (int c = 0; c < 3; c++) {
        spg_profile pr = profile(chars[c]);
        spg_player p = fresh(&pr, WALK);
        spg_s3k_animate(&pr, &p); /* restart as the walk */
        p.status = SPG_STATUS_PUSHING;
        p.anim_frame = 0;
        p.anim_timer = 0;
        p.ground_speed = 0;
        p.angle = 0x70; /* facing right: the set's flip bits are 3 */
        spg_s3k_animate(&pr, &p);
        CHECK_EQ(p.mapping_frame, first[c]);
        CHECK_EQ(p.anim_timer, rate[c]);
        CHECK_EQ(p.render_flags & 3, 3);
        /* a speed the other way still counts as its size */
        p.anim_timer = 0;
        p.ground_speed = -0x200;
        p.angle = 0;
        p.status = SPG_STATUS_PUSHING | SPG_STATUS_FACING_LEFT;
        spg_s3k_animate(&pr, &p);
        CHECK_EQ(p.anim_timer, c == 2 ? 0x06 : 0x18);
        CHECK_EQ(p.render_flags & 3, 1);
    }
}

/* The roll (Sonic, and Knuckles, whose id 4 plays it too): the facing's
 * flip bits on every call, even while the timer runs; ($400 - |speed|)
 * >> 8; the second script from $600 on (the same sprites). */
static void test_roll(void)
{
    static const uint8_t first[2] = {0x96, 0x9A};
    static const uint8_t second[2] = {0x97, 0x96};
    for (int c = 0; c < 2; c++) {
        spg_profile pr = profile(c ? SPG_CHAR_KNUCKLES : SPG_CHAR_SONIC);
        for (uint8_t id = ROLL; id <= PUSH; id++) {
            if (id == 3)
                continue;
            spg_player p = fresh(&pr, id);
            p.ground_speed = 0x200;
            spg_s3k_animate(&pr, &p);
            CHECK_EQ(p.mapping_frame, first[c]);
            CHECK_EQ(p.anim_timer, 2);
            p.status = SPG_STATUS_FACING_LEFT;
            spg_s3k_animate(&pr, &p); /* timer 2 -> 1: no step */
            CHECK_EQ(p.render_flags & 3, 1);
            CHECK_EQ(p.mapping_frame, first[c]);
            run(&pr, &p, 2);
            CHECK_EQ(p.mapping_frame, second[c]);
            CHECK_EQ(p.anim, id);
        }
    }
}

/* Tails' $29 (the Super transformation): $EB, $EB, then $EC $ED five
 * times, 3 frames each, then the walk. */
static void test_tails_29(void)
{
    spg_profile pr = profile(SPG_CHAR_TAILS);
    spg_player p = fresh(&pr, 0x29);
    spg_s3k_animate(&pr, &p);
    CHECK_EQ(p.mapping_frame, 0xEB);
    run(&pr, &p, 3 * 12 - 1);
    CHECK_EQ(p.mapping_frame, 0xED);
    CHECK_EQ(p.anim, 0x29);
    run(&pr, &p, 3);
    CHECK_EQ(p.anim, WALK);
}

int main(void)
{
    RUN(test_walk_starts_at_7);
    RUN(test_end_markers);
    RUN(test_last_position);
    RUN(test_positions_in_range);
    RUN(test_knuckles_wait);
    RUN(test_knuckles_balance);
    RUN(test_knuckles_glide);
    RUN(test_knuckles_getup_land_fall);
    RUN(test_push);
    RUN(test_roll);
    RUN(test_tails_29);
    TEST_MAIN_END();
}
