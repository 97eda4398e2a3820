/*
 * test_anim_s3.c - Sonic 3's Animate_Sonic and Animate_Tails: the Stop
 * that becomes the walk after 16 frames, Sonic's looping Wait, Tails'
 * walk/run (now timed like Sonic's) and his run and HaulAss sprite sets,
 * Sonic's push id playing the roll, Tails' ordinary roll, the flight and
 * swimming scripts, the end codes and the start-state limits.  The
 * expected values are worked out by hand from the original routines and
 * scripts (Animate_Sonic $1344C, Animate_Tails $1636A, AniSonic,
 * AniTails) and docs/research/sonic3-differences.md (row #30, section 5).
 */
#include "test.h"
#include "anim.h"

enum { WALK = 0x00, RUN = 0x01, ROLL = 0x02, ROLL2 = 0x03, PUSH = 0x04,
       WAIT = 0x05, BALANCE = 0x06, LOOKUP = 0x07, STOP = 0x0D,
       DEATH = 0x18, HAULASS = 0x1F, FLY = 0x20, FLY_UP = 0x21,
       FLY_TIRED = 0x24, SWIM = 0x25, SWIM_UP = 0x26, SWIM_TIRED = 0x28 };

static spg_profile profile(spg_character c)
{
    spg_profile pr;
    spg_profile_get(SPG_GAME_SONIC3, c, SPG_VARIANT_NORMAL, &pr);
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
        spg_s3_animate(pr, p);
}

/* Stop ($D): 4 entries of 4 frames, then "switch to the walk" on the
 * 17th call (16 frames of skidding; Sonic 2: 24) - both characters.  The
 * id change of the first call clears the pushing bit. */
static void test_stop_to_walk(void)
{
    static const uint8_t frames[2][4] = {{0x9D, 0x9E, 0x9F, 0xA0},
                                         {0x8E, 0x8F, 0x8E, 0x8F}};
    for (int c = 0; c < 2; c++) {
        spg_profile pr = profile(c ? SPG_CHAR_TAILS : SPG_CHAR_SONIC);
        spg_player p = fresh(&pr, STOP);
        p.status = SPG_STATUS_PUSHING;
        for (int call = 1; call <= 16; call++) {
            spg_s3_animate(&pr, &p);
            CHECK_EQ(p.anim, STOP);
            CHECK_EQ(p.mapping_frame, frames[c][(call - 1) / 4]);
            CHECK_EQ(p.anim_timer, 3 - (call - 1) % 4);
        }
        CHECK_EQ(p.status, 0);
        spg_s3_animate(&pr, &p);
        CHECK_EQ(p.anim, WALK);
        CHECK_EQ(p.prev_anim, STOP);
        CHECK_EQ(p.anim_frame, 4); /* unchanged by the switch */
        CHECK_EQ(p.mapping_frame, frames[c][3]);
        /* the next call restarts as the walk: its first sprite */
        spg_s3_animate(&pr, &p);
        CHECK_EQ(p.prev_anim, WALK);
        CHECK_EQ(p.mapping_frame, 1);
        CHECK_EQ(p.anim_frame, 1);
    }
}

/* Sonic's Wait: 6 frames an entry, 106 entries (50 standing, $BA), then
 * back $35 to the foot tap at position 53, for ever: the id never
 * changes (no idle skip follows). */
static void test_sonic_wait_loop(void)
{
    spg_profile pr = profile(SPG_CHAR_SONIC);
    spg_player p = fresh(&pr, WAIT);
    for (int call = 1; call <= 636; call++) {
        spg_s3_animate(&pr, &p);
        CHECK_EQ(p.anim_frame, 1 + (call - 1) / 6);
        if (call == 300)
            CHECK_EQ(p.mapping_frame, 0xBA);
    }
    CHECK_EQ(p.anim_frame, 106);
    CHECK_EQ(p.mapping_frame, 0xAF);
    spg_s3_animate(&pr, &p);
    CHECK_EQ(p.anim_frame, 54);
    CHECK_EQ(p.mapping_frame, 0xBD);
    for (int i = 0; i < 2000; i++) {
        spg_s3_animate(&pr, &p);
        CHECK(p.anim_frame >= 54 && p.anim_frame <= 106);
        CHECK_EQ(p.anim, WAIT);
    }
    /* the $D9 sprites near the end are sprites, not end codes */
    p = fresh(&pr, WAIT);
    p.prev_anim = WAIT;
    p.anim_frame = 0x62;
    spg_s3_animate(&pr, &p);
    CHECK_EQ(p.mapping_frame, 0xD9);
    CHECK_EQ(p.anim_frame, 0x63);
}

/* Tails' Wait: duration 7, 59 entries, back $1C. */
static void test_tails_wait_loop(void)
{
    spg_profile pr = profile(SPG_CHAR_TAILS);
    spg_player p = fresh(&pr, WAIT);
    spg_s3_animate(&pr, &p);
    CHECK_EQ(p.mapping_frame, 0xAD);
    run(&pr, &p, 59 * 8 - 1);
    CHECK_EQ(p.anim_frame, 59);
    CHECK_EQ(p.mapping_frame, 0xB2);
    spg_s3_animate(&pr, &p);
    CHECK_EQ(p.anim_frame, 59 - 0x1C + 1);
    CHECK_EQ(p.mapping_frame, 0xB1);
    CHECK_EQ(p.anim, WAIT);
}

/* The walk: for both characters the entry at the position shows every
 * call, then the timer counts; ($800 - |speed|) >> 8 on reload. */
static void test_walk_timing(void)
{
    for (int c = 0; c < 2; c++) {
        spg_profile pr = profile(c ? SPG_CHAR_TAILS : SPG_CHAR_SONIC);
        spg_player p = fresh(&pr, WALK);
        p.ground_speed = 0x300;
        spg_s3_animate(&pr, &p);
        CHECK_EQ(p.mapping_frame, 1);
        CHECK_EQ(p.anim_timer, 5);
        CHECK_EQ(p.anim_frame, 1);
        for (int call = 2; call <= 7; call++) {
            spg_s3_animate(&pr, &p);
            CHECK_EQ(p.mapping_frame, 2);
        }
        CHECK_EQ(p.anim_frame, 2);
        /* the walk loops after 8 sprites (its $FF starts it again) */
        p.anim_frame = 8;
        p.anim_timer = 0;
        spg_s3_animate(&pr, &p);
        CHECK_EQ(p.mapping_frame, 1);
        CHECK_EQ(p.anim_frame, 1);
    }
}

/* Sprite sets: angle $E0 facing right is set 2: the walk + 8, the run
 * + 4, Tails' HaulAss (from $700) + 2; set 4 (angle $C0) doubles them. */
static void test_run_sets(void)
{
    static const struct {
        uint8_t angle;
        int16_t gs;
        uint8_t sonic, tails;
    } cases[] = {
        {0xE0, 0x5FF, 1 + 8, 1 + 8},
        {0xE0, -0x600, 0x21 + 4, 0x21 + 4},
        {0xE0, 0x6FF, 0x21 + 4, 0x21 + 4},
        {0xE0, 0x700, 0x21 + 4, 0xC3 + 2},
        {0xE0, -0x8000, 0x21 + 4, 0xC3 + 2},
        {0xC0, 0x600, 0x21 + 8, 0x21 + 8},
        {0xC0, 0x900, 0x21 + 8, 0xC3 + 4},
        {0x00, 0x900, 0x21, 0xC3},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        for (int c = 0; c < 2; c++) {
            spg_profile pr = profile(c ? SPG_CHAR_TAILS : SPG_CHAR_SONIC);
            spg_player p = fresh(&pr, c ? HAULASS : RUN);
            p.angle = cases[i].angle;
            p.ground_speed = cases[i].gs;
            spg_s3_animate(&pr, &p);
            CHECK_EQ(p.mapping_frame, c ? cases[i].tails : cases[i].sonic);
            CHECK_EQ(p.render_flags & 3, 0);
        }
    }
    /* HaulAss has two sprites, then its $FF padding starts it again */
    spg_profile pr = profile(SPG_CHAR_TAILS);
    spg_player p = fresh(&pr, WALK);
    p.ground_speed = 0x800;
    static const uint8_t haul[4] = {0xC3, 0xC4, 0xC3, 0xC4};
    for (int i = 0; i < 4; i++) {
        spg_s3_animate(&pr, &p);
        CHECK_EQ(p.mapping_frame, haul[i]);
        CHECK_EQ(p.anim_timer, 0);
    }
}

/* Sonic's roll and his push id (4, header $FD) play the speed-driven
 * roll: ($400 - |speed|) >> 8; Tails' roll ids are ordinary scripts. */
static void test_rolls(void)
{
    spg_profile pr = profile(SPG_CHAR_SONIC);
    for (int id = ROLL; id <= PUSH; id++) {
        spg_player p = fresh(&pr, (uint8_t)id);
        p.status = SPG_STATUS_FACING_LEFT;
        spg_s3_animate(&pr, &p);
        CHECK_EQ(p.mapping_frame, 0x96);
        CHECK_EQ(p.anim_timer, 4);
        CHECK_EQ(p.render_flags & 3, 1);
        p.status = 0;
        run(&pr, &p, 4); /* no flip write while the timer runs */
        CHECK_EQ(p.render_flags & 3, 1);
        CHECK_EQ(p.mapping_frame, 0x96);
        spg_s3_animate(&pr, &p);
        CHECK_EQ(p.mapping_frame, 0x97);
        CHECK_EQ(p.render_flags & 3, 0);
        p.ground_speed = -0x600;
        p.anim_timer = 0;
        spg_s3_animate(&pr, &p);
        CHECK_EQ(p.anim_timer, 0);
        CHECK_EQ(p.mapping_frame, 0x96);
        CHECK_EQ(p.anim, id);
    }
    pr = profile(SPG_CHAR_TAILS);
    static const uint8_t roll[4] = {0x96, 0x97, 0x98, 0x96};
    for (int s = 0; s < 2; s++) {
        spg_player p = fresh(&pr, ROLL);
        p.ground_speed = s ? 0xC00 : 0;
        for (int i = 0; i < 8; i++) {
            spg_s3_animate(&pr, &p);
            CHECK_EQ(p.mapping_frame, roll[i / 2]);
        }
        p = fresh(&pr, ROLL2);
        for (int i = 0; i < 4; i++) {
            spg_s3_animate(&pr, &p);
            CHECK_EQ(p.mapping_frame, roll[i]);
        }
    }
}

/* The walk while pushing: the push script on its own timer, ($800 -
 * |speed|) >> 6. */
static void test_push(void)
{
    for (int c = 0; c < 2; c++) {
        spg_profile pr = profile(c ? SPG_CHAR_TAILS : SPG_CHAR_SONIC);
        uint8_t first = c ? 0xA9 : 0xB6;
        spg_player p = spg_player_default(&pr);
        p.status = SPG_STATUS_PUSHING;
        p.ground_speed = 0x400;
        spg_s3_animate(&pr, &p);
        CHECK_EQ(p.status, SPG_STATUS_PUSHING);
        CHECK_EQ(p.mapping_frame, first);
        CHECK_EQ(p.anim_timer, 0x10);
        run(&pr, &p, 0x10);
        CHECK_EQ(p.mapping_frame, first);
        spg_s3_animate(&pr, &p);
        CHECK_EQ(p.mapping_frame, first + 1);
        CHECK_EQ(p.anim_frame, 2);
    }
}

/* Tails' flight and swimming scripts (set by Tails_Set_Flying_Animation):
 * durations $1F, $1F, $B, 7, 3 and $B, each looping. */
static void test_flight_scripts(void)
{
    static const struct {
        uint8_t id, per, n, sprites[5];
    } cases[] = {
        {FLY, 32, 1, {0xA0}},
        {FLY_UP, 32, 1, {0xA0}},
        {FLY_TIRED, 12, 2, {0xA3, 0xA4}},
        {SWIM, 8, 5, {0xBD, 0xBE, 0xBF, 0xC0, 0xC1}},
        {SWIM_UP, 4, 5, {0xBD, 0xBE, 0xBF, 0xC0, 0xC1}},
        {SWIM_TIRED, 12, 3, {0xC2, 0xCD, 0xCE}},
    };
    spg_profile pr = profile(SPG_CHAR_TAILS);
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        spg_player p = fresh(&pr, cases[i].id);
        p.status = SPG_STATUS_FACING_LEFT;
        for (int call = 0; call < 2 * cases[i].n * cases[i].per; call++) {
            spg_s3_animate(&pr, &p);
            CHECK_EQ(p.mapping_frame,
                     cases[i].sprites[(call / cases[i].per) % cases[i].n]);
            CHECK_EQ(p.anim, cases[i].id);
            CHECK_EQ(p.render_flags & 3, 1);
        }
        CHECK_EQ(spg_anim_last_position(&pr, cases[i].id), cases[i].n);
    }
}

/* End codes: $FF starts again (Balance), $FE n goes back (LookUp), $FD
 * switches (Spring, after 48 frames); an id past the table only
 * restarts. */
static void test_end_codes(void)
{
    spg_profile pr = profile(SPG_CHAR_SONIC);
    spg_player p = fresh(&pr, BALANCE); /* 7, $A4 $A5 $A6, loop */
    static const uint8_t bal[4] = {0xA4, 0xA5, 0xA6, 0xA4};
    for (int i = 0; i < 4; i++) {
        spg_s3_animate(&pr, &p);
        CHECK_EQ(p.mapping_frame, bal[i]);
        run(&pr, &p, 7);
    }
    p = fresh(&pr, LOOKUP); /* 5, $C3 $C4, back 1 */
    spg_s3_animate(&pr, &p);
    CHECK_EQ(p.mapping_frame, 0xC3);
    run(&pr, &p, 6);
    CHECK_EQ(p.mapping_frame, 0xC4);
    run(&pr, &p, 12);
    CHECK_EQ(p.mapping_frame, 0xC4);
    CHECK_EQ(p.anim_frame, 2);
    p = fresh(&pr, 0x10); /* Spring: $2F, $8E, then the walk */
    run(&pr, &p, 48);
    CHECK_EQ(p.anim, 0x10);
    CHECK_EQ(p.mapping_frame, 0x8E);
    spg_s3_animate(&pr, &p);
    CHECK_EQ(p.anim, WALK);
    for (int c = 0; c < 2; c++) {
        pr = profile(c ? SPG_CHAR_TAILS : SPG_CHAR_SONIC);
        p = fresh(&pr, c ? 0x29 : 0x24);
        p.anim_timer = 9;
        p.mapping_frame = 7;
        spg_s3_animate(&pr, &p);
        CHECK_EQ(p.prev_anim, c ? 0x29 : 0x24);
        CHECK_EQ(p.anim_timer, 0);
        CHECK_EQ(p.mapping_frame, 7);
    }
}

/* The start-state limits the scenario loaders ask for. */
static void test_last_position(void)
{
    spg_profile pr = profile(SPG_CHAR_SONIC);
    for (int id = WALK; id <= PUSH; id++)
        CHECK_EQ(spg_anim_last_position(&pr, (uint8_t)id), 8);
    CHECK_EQ(spg_anim_last_position(&pr, WAIT), 106);
    CHECK_EQ(spg_anim_last_position(&pr, BALANCE), 3);
    CHECK_EQ(spg_anim_last_position(&pr, 0x09), 10); /* spindash */
    CHECK_EQ(spg_anim_last_position(&pr, 0x0C), 3);  /* balance 2 */
    CHECK_EQ(spg_anim_last_position(&pr, STOP), 4);
    CHECK_EQ(spg_anim_last_position(&pr, DEATH), 1);
    CHECK_EQ(spg_anim_last_position(&pr, 0x1F), 13); /* past AniSuperSonic */
    CHECK_EQ(spg_anim_last_position(&pr, 0x23), 4);
    CHECK_EQ(spg_anim_last_position(&pr, 0x24), -1);
    CHECK_EQ(spg_anim_last_position(&pr, 0xFF), -1);
    CHECK_EQ(spg_anim_mapping_frames(&pr), 0xDA);

    pr = profile(SPG_CHAR_TAILS);
    CHECK_EQ(spg_anim_last_position(&pr, WALK), 8);
    CHECK_EQ(spg_anim_last_position(&pr, RUN), 8);
    CHECK_EQ(spg_anim_last_position(&pr, HAULASS), 8);
    CHECK_EQ(spg_anim_last_position(&pr, ROLL), 3);
    CHECK_EQ(spg_anim_last_position(&pr, PUSH), -1); /* the tail angle */
    CHECK_EQ(spg_anim_last_position(&pr, WAIT), 59);
    CHECK_EQ(spg_anim_last_position(&pr, BALANCE), 22);
    CHECK_EQ(spg_anim_last_position(&pr, STOP), 4);
    CHECK_EQ(spg_anim_last_position(&pr, 0x28), 3);
    CHECK_EQ(spg_anim_last_position(&pr, 0x29), -1);
    CHECK_EQ(spg_anim_mapping_frames(&pr), 0xD1);

    /* the other games' answers are theirs: the routine table picks them
     * (spg_s3_anim_* do not look at the game) */
    spg_profile_get(SPG_GAME_SONIC2, SPG_CHAR_SONIC, SPG_VARIANT_NORMAL, &pr);
    CHECK_EQ(spg_anim_last_position(&pr, WAIT), 179);
    CHECK_EQ(spg_anim_mapping_frames(&pr), 0xD6);
    spg_profile_get(SPG_GAME_SONIC2, SPG_CHAR_TAILS, SPG_VARIANT_NORMAL, &pr);
    CHECK_EQ(spg_anim_last_position(&pr, 0x28), -1);
    CHECK_EQ(spg_anim_mapping_frames(&pr), 0x8B);
    spg_profile_get(SPG_GAME_SONIC1, SPG_CHAR_SONIC, SPG_VARIANT_NORMAL, &pr);
    CHECK_EQ(spg_anim_last_position(&pr, WAIT), 18);
    CHECK_EQ(spg_anim_mapping_frames(&pr), 0x58);
}

/* Every position up to the last one a start state may hold leaves a
 * sprite of the character's sheet, for every id with a script. */
static void test_positions_in_range(void)
{
    for (int c = 0; c < 2; c++) {
        spg_profile pr = profile(c ? SPG_CHAR_TAILS : SPG_CHAR_SONIC);
        for (unsigned id = 0; id < 0x29; id++) {
            int last = spg_anim_last_position(&pr, (uint8_t)id);
            for (int pos = 0; pos <= last; pos++) {
                spg_player p = spg_player_default(&pr);
                p.anim = p.prev_anim = (uint8_t)id;
                p.anim_frame = (uint8_t)pos;
                run(&pr, &p, 3);
                CHECK(p.mapping_frame < spg_anim_mapping_frames(&pr));
            }
        }
    }
}

int main(void)
{
    RUN(test_stop_to_walk);
    RUN(test_sonic_wait_loop);
    RUN(test_tails_wait_loop);
    RUN(test_walk_timing);
    RUN(test_run_sets);
    RUN(test_rolls);
    RUN(test_push);
    RUN(test_flight_scripts);
    RUN(test_end_codes);
    RUN(test_last_position);
    RUN(test_positions_in_range);
    TEST_MAIN_END();
}
