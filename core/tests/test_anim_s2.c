/*
 * test_anim_s2.c - Sonic 2's Sonic_Animate and Tails_Animate: the restart
 * on an id change (and its clear of the pushing bit), the end codes $F0..$FF
 * and the "switch to the walk" endings (Stop, Blink, GetUp), the long wait
 * the idle skip counts on, the speed-driven walk/run, roll and push, the
 * run thresholds and the sprite sets by angle, for both characters.  The
 * expected values are worked out by hand from the original routines and
 * scripts (s2disasm, REV01) and, where it gives them, from the research
 * note docs/research/sonic2-differences.md (rows 2, 13, 31, section 5).
 */
#include "test.h"
#include "anim.h"

enum { WALK = 0x00, RUN = 0x01, ROLL = 0x02, PUSH = 0x04, WAIT = 0x05,
       BALANCE = 0x06, LOOKUP = 0x07, STOP = 0x0D, HAULASS = 0x1F };

static spg_profile profile(spg_character c)
{
    spg_profile pr;
    spg_profile_get(SPG_GAME_SONIC2, c, SPG_VARIANT_NORMAL, &pr);
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
        spg_s2_animate(pr, p);
}

/* An id change restarts the script (position 0, timer 0: the first entry
 * shows on this very frame) and clears the pushing bit; the same id keeps
 * both. */
static void test_restart_clears_pushing(void)
{
    for (int c = 0; c < 2; c++) {
        spg_profile pr = profile(c ? SPG_CHAR_TAILS : SPG_CHAR_SONIC);
        spg_player p = spg_player_default(&pr);
        p.anim = WAIT;
        p.prev_anim = WALK;
        p.anim_frame = 5;
        p.anim_timer = 3;
        p.status = SPG_STATUS_PUSHING | SPG_STATUS_FACING_LEFT;
        spg_s2_animate(&pr, &p);
        CHECK_EQ(p.prev_anim, WAIT);
        CHECK_EQ(p.status, SPG_STATUS_FACING_LEFT);
        CHECK_EQ(p.mapping_frame, 1);          /* standing */
        CHECK_EQ(p.anim_frame, 1);
        CHECK_EQ(p.anim_timer, c ? 7 : 5);     /* the wait's duration */
        CHECK_EQ(p.render_flags, SPG_RENDER_PLAYFIELD | SPG_RENDER_XFLIP);

        /* the same id: the bit stays, the timer counts */
        p.status |= SPG_STATUS_PUSHING;
        spg_s2_animate(&pr, &p);
        CHECK(p.status & SPG_STATUS_PUSHING);
        CHECK_EQ(p.anim_frame, 1);
        CHECK_EQ(p.anim_timer, c ? 6 : 4);
    }
}

/* The wall check sets pushing on the frame the player starts walking into
 * a wall from standing: Wait -> Walk restarts, so the bit is gone at the
 * end of the frame and the walk (not the push) is shown. */
static void test_pushing_dropped_on_first_walk_frame(void)
{
    spg_profile pr = profile(SPG_CHAR_SONIC);
    spg_player p = spg_player_default(&pr);
    p.anim = WALK;
    p.prev_anim = WAIT;
    p.status = SPG_STATUS_PUSHING;
    spg_s2_animate(&pr, &p);
    CHECK_EQ(p.status, 0);
    CHECK_EQ(p.mapping_frame, 0x0F); /* the walk's first sprite */
    /* next frame, pushing set again and the id unchanged: the push */
    p.status = SPG_STATUS_PUSHING;
    p.anim_timer = 0;
    spg_s2_animate(&pr, &p);
    CHECK_EQ(p.status, SPG_STATUS_PUSHING);
    CHECK_EQ(p.mapping_frame, 0x49); /* Push entry at position 1 */
    CHECK_EQ(p.anim_timer, 0x20);    /* $800 >> 6 at speed 0 */
}

/* Stop ($D): 4 entries for 6 frames each, then "switch to the walk" on
 * the 25th call (24 frames of skidding); Tails: 4 x 8, on the 33rd. */
static void test_stop_to_walk(void)
{
    static const uint8_t sonic_frames[4] = {0xD2, 0xD3, 0xD4, 0xD5};
    static const uint8_t tails_frames[4] = {0x67, 0x68, 0x67, 0x68};
    for (int c = 0; c < 2; c++) {
        spg_profile pr = profile(c ? SPG_CHAR_TAILS : SPG_CHAR_SONIC);
        int per = c ? 8 : 6;
        spg_player p = fresh(&pr, STOP);
        p.status = SPG_STATUS_PUSHING;
        for (int call = 1; call <= 4 * per; call++) {
            spg_s2_animate(&pr, &p);
            CHECK_EQ(p.anim, STOP);
            CHECK_EQ(p.mapping_frame,
                     (c ? tails_frames : sonic_frames)[(call - 1) / per]);
        }
        CHECK_EQ(p.status, 0);
        spg_s2_animate(&pr, &p);
        CHECK_EQ(p.anim, WALK);
        CHECK_EQ(p.prev_anim, STOP);
        CHECK_EQ(p.anim_frame, 4);       /* unchanged by the switch */
        CHECK_EQ(p.mapping_frame, (c ? tails_frames : sonic_frames)[3]);
        /* the next call restarts as the walk */
        p.status = SPG_STATUS_PUSHING;
        spg_s2_animate(&pr, &p);
        CHECK_EQ(p.prev_anim, WALK);
        CHECK_EQ(p.status, 0);
        CHECK_EQ(p.mapping_frame, c ? 0x10 : 0x0F);
    }
}

/* Sonic's wait: the position after call k is 1 + (k-1)/6 until the
 * script loops; $1E first after call 175, $AC after call 1027 (research
 * note 2.2: when the idle skip starts, and when it chooses GetUp), and
 * between 174 and 179 ever after (back 6). */
static void test_wait_positions(void)
{
    spg_profile pr = profile(SPG_CHAR_SONIC);
    spg_player p = fresh(&pr, WAIT);
    int call = 0;
    while (call < 174) {
        spg_s2_animate(&pr, &p);
        call++;
        CHECK_EQ(p.anim_frame, 1 + (call - 1) / 6);
    }
    CHECK_EQ(p.anim_frame, 0x1D);
    spg_s2_animate(&pr, &p);
    CHECK_EQ(p.anim_frame, 0x1E);
    run(&pr, &p, 1026 - 175);
    CHECK_EQ(p.anim_frame, 0xAB);
    spg_s2_animate(&pr, &p);
    CHECK_EQ(p.anim_frame, 0xAC);
    CHECK_EQ(p.mapping_frame, 6);
    run(&pr, &p, (179 - 0xAC) * 6); /* to the last entry */
    CHECK_EQ(p.anim_frame, 179);
    CHECK_EQ(p.mapping_frame, 9);
    for (int i = 0; i < 500; i++) {
        spg_s2_animate(&pr, &p);
        CHECK(p.anim_frame >= 174 && p.anim_frame <= 179);
        CHECK_EQ(p.anim, WAIT);
    }
}

/* Tails' wait: duration 7, 59 entries, back $1C: the position loops
 * between 31 and 59 and the id never changes. */
static void test_tails_wait(void)
{
    spg_profile pr = profile(SPG_CHAR_TAILS);
    spg_player p = fresh(&pr, WAIT);
    run(&pr, &p, 59 * 8);
    CHECK_EQ(p.anim_frame, 59);
    CHECK_EQ(p.mapping_frame, 6);
    run(&pr, &p, 8);
    CHECK_EQ(p.anim_frame, 59 - 0x1C + 1);
    CHECK_EQ(p.mapping_frame, 5);
    CHECK_EQ(p.anim, WAIT);
}

/* Blink (duration 1, one sprite, switch to the walk): the switch on the
 * 3rd call; GetUp (duration 3): on the 5th. */
static void test_blink_getup_to_walk(void)
{
    spg_profile pr = profile(SPG_CHAR_SONIC);
    spg_player p = fresh(&pr, SPG_S2_ANIM_BLINK);
    spg_s2_animate(&pr, &p);
    CHECK_EQ(p.mapping_frame, 2);
    CHECK_EQ(p.anim, SPG_S2_ANIM_BLINK);
    spg_s2_animate(&pr, &p);
    CHECK_EQ(p.anim, SPG_S2_ANIM_BLINK);
    spg_s2_animate(&pr, &p);
    CHECK_EQ(p.anim, WALK);

    p = fresh(&pr, SPG_S2_ANIM_GETUP);
    for (int i = 0; i < 4; i++) {
        spg_s2_animate(&pr, &p);
        CHECK_EQ(p.anim, SPG_S2_ANIM_GETUP);
        CHECK_EQ(p.mapping_frame, 0x0A);
    }
    spg_s2_animate(&pr, &p);
    CHECK_EQ(p.anim, WALK);
}

/* Sonic's walk: the entry at the position shows every call, the position
 * advances when the timer runs out; the timer is ($800 - |speed|) >> 8,
 * reloaded only then. */
static void test_sonic_walk_duration(void)
{
    static const struct { int16_t gs; uint8_t timer; } rates[] = {
        {0, 8}, {0x100, 7}, {0x300, 5}, {-0x300, 5}, {0x5FF, 2},
        {0x7FF, 0}, {0x800, 0}, {0x7FFF, 0}, {-0x8000, 0},
    };
    spg_profile pr = profile(SPG_CHAR_SONIC);
    for (unsigned i = 0; i < sizeof rates / sizeof rates[0]; i++) {
        spg_player p = fresh(&pr, WALK);
        p.ground_speed = rates[i].gs;
        spg_s2_animate(&pr, &p);
        CHECK_EQ(p.anim_timer, rates[i].timer);
        CHECK_EQ(p.anim_frame, 1);
    }

    spg_player p = fresh(&pr, WALK);
    p.ground_speed = 0x300;
    spg_s2_animate(&pr, &p);
    CHECK_EQ(p.mapping_frame, 0x0F);
    for (int call = 2; call <= 7; call++) { /* 6 frames of entry 1 */
        spg_s2_animate(&pr, &p);
        CHECK_EQ(p.mapping_frame, 0x10);
    }
    CHECK_EQ(p.anim_frame, 2);
    /* a new speed shows one entry late: the timer runs out first */
    p.ground_speed = 0x700;
    spg_s2_animate(&pr, &p);
    CHECK_EQ(p.mapping_frame, 0x2F); /* run script, position 2 */
    CHECK_EQ(p.anim_timer, 4);
    /* the whole walk and its loop (the timer forced out every call) */
    p = fresh(&pr, WALK);
    p.ground_speed = 0x580;
    static const uint8_t walk[10] = {0x0F, 0x10, 0x11, 0x12, 0x13,
                                     0x14, 0x0D, 0x0E, 0x0F, 0x10};
    for (int i = 0; i < 10; i++) {
        p.anim_timer = 0;
        spg_s2_animate(&pr, &p);
        CHECK_EQ(p.mapping_frame, walk[i]);
    }
}

/* Tails' walk: the timer counts first; when it runs out the duration is
 * reloaded and the next entry shows at once. */
static void test_tails_walk_duration(void)
{
    spg_profile pr = profile(SPG_CHAR_TAILS);
    spg_player p = fresh(&pr, WALK);
    p.ground_speed = 0x300;
    spg_s2_animate(&pr, &p);
    CHECK_EQ(p.mapping_frame, 0x10);
    CHECK_EQ(p.anim_timer, 5);
    CHECK_EQ(p.anim_frame, 1);
    for (int call = 2; call <= 6; call++) {
        spg_s2_animate(&pr, &p);
        CHECK_EQ(p.mapping_frame, 0x10);
    }
    spg_s2_animate(&pr, &p);
    CHECK_EQ(p.mapping_frame, 0x11);
    CHECK_EQ(p.anim_frame, 2);
    /* no flip-bit write while the timer runs */
    p.status = SPG_STATUS_FACING_LEFT;
    spg_s2_animate(&pr, &p);
    CHECK_EQ(p.render_flags, SPG_RENDER_PLAYFIELD);
    run(&pr, &p, 4);
    CHECK_EQ(p.render_flags, SPG_RENDER_PLAYFIELD);
    spg_s2_animate(&pr, &p);
    CHECK_EQ(p.render_flags, SPG_RENDER_PLAYFIELD | SPG_RENDER_XFLIP);
    CHECK_EQ(p.mapping_frame, 0x12);
}

/* The run: Sonic from |speed| $600 (unsigned: -$8000 counts as fast);
 * Tails from $600, and HaulAss from $700. */
static void test_run_threshold(void)
{
    static const struct { int16_t gs; uint8_t sonic, tails; } cases[] = {
        {0x5FF, 0x0F, 0x10}, {-0x5FF, 0x0F, 0x10}, {0x600, 0x2D, 0x2E},
        {-0x600, 0x2D, 0x2E}, {0x6FF, 0x2D, 0x2E}, {0x700, 0x2D, 0x32},
        {-0x700, 0x2D, 0x32}, {-0x8000, 0x2D, 0x32},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        for (int c = 0; c < 2; c++) {
            spg_profile pr = profile(c ? SPG_CHAR_TAILS : SPG_CHAR_SONIC);
            spg_player p = fresh(&pr, WALK);
            p.ground_speed = cases[i].gs;
            spg_s2_animate(&pr, &p);
            CHECK_EQ(p.mapping_frame, c ? cases[i].tails : cases[i].sonic);
        }
    }
    /* the run id itself is the same walk/run */
    spg_profile pr = profile(SPG_CHAR_SONIC);
    spg_player p = fresh(&pr, RUN);
    spg_s2_animate(&pr, &p);
    CHECK_EQ(p.mapping_frame, 0x0F);
    pr = profile(SPG_CHAR_TAILS);
    p = fresh(&pr, HAULASS);
    spg_s2_animate(&pr, &p);
    CHECK_EQ(p.mapping_frame, 0x10);
    /* Sonic's run at position 4 and on: its $FF padding starts it again */
    pr = profile(SPG_CHAR_SONIC);
    p = fresh(&pr, WALK);
    p.prev_anim = WALK;
    p.anim_frame = 5;
    p.ground_speed = 0x600;
    spg_s2_animate(&pr, &p);
    CHECK_EQ(p.mapping_frame, 0x2D);
    CHECK_EQ(p.anim_frame, 1);
    /* Tails' HaulAss: two sprites */
    pr = profile(SPG_CHAR_TAILS);
    p = fresh(&pr, WALK);
    p.ground_speed = 0x800;
    static const uint8_t haul[4] = {0x32, 0x33, 0x32, 0x33};
    for (int i = 0; i < 4; i++) {
        spg_s2_animate(&pr, &p);
        CHECK_EQ(p.mapping_frame, haul[i]);
    }
}

/* Sprite sets by angle: an angle of $01..$7F counts one less, then the
 * Sonic 1 formula; each set is 8 walk sprites (4 of Sonic's run, 6 of
 * Tails' run), the upper half of the circle drawn upside down. */
static void test_sprite_sets(void)
{
    static const struct {
        uint8_t angle, left;
        int16_t gs;
        uint8_t sonic, tails, flip;
    } cases[] = {
        /* facing right: -angle + $10 (angle $01..$7F), ~angle + $10 */
        {0x00, 0, 0, 0x0F, 0x10, 0},
        {0x10, 0, 0, 0x0F, 0x10, 0},         /* Sonic 1: set 6, flipped */
        {0x11, 0, 0, 0x0F + 24, 0x10 + 24, 3},
        {0xE0, 0, 0, 0x0F + 8, 0x10 + 8, 0},
        {0xE0, 0, 0x600, 0x2D + 4, 0x2E + 6, 0},
        {0xE0, 0, 0x700, 0x2D + 4, 0x32 + 6, 0},
        {0xC0, 0, 0x600, 0x2D + 8, 0x2E + 12, 0},
        /* facing left: angle - 1 + $10 (angle $01..$7F), angle + $10 */
        {0x70, 1, 0, 0x0F + 24, 0x10 + 24, 1}, /* Sonic 1: flipped */
        {0x71, 1, 0, 0x0F + 0, 0x10 + 0, 2},
        {0xA0, 1, 0x600, 0x2D + 4, 0x2E + 6, 2},
        {0x20, 1, 0x600, 0x2D + 4, 0x2E + 6, 1},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        for (int c = 0; c < 2; c++) {
            spg_profile pr = profile(c ? SPG_CHAR_TAILS : SPG_CHAR_SONIC);
            spg_player p = fresh(&pr, WALK);
            p.angle = cases[i].angle;
            p.ground_speed = cases[i].gs;
            p.status = cases[i].left ? SPG_STATUS_FACING_LEFT : 0;
            spg_s2_animate(&pr, &p);
            CHECK_EQ(p.mapping_frame, c ? cases[i].tails : cases[i].sonic);
            CHECK_EQ(p.render_flags & 3, cases[i].flip);
        }
    }
}

/* Sonic's roll: ($400 - |speed|) >> 8, Roll2 from $600 (the same
 * sprites); flip bits only when an entry loads.  Tails' roll is an
 * ordinary script (duration 1) whatever the speed. */
static void test_roll(void)
{
    static const uint8_t sonic_roll[9] = {0x3D, 0x41, 0x3E, 0x41, 0x3F,
                                          0x41, 0x40, 0x41, 0x3D};
    spg_profile pr = profile(SPG_CHAR_SONIC);
    spg_player p = fresh(&pr, ROLL);
    p.ground_speed = 0x300;
    spg_s2_animate(&pr, &p);
    CHECK_EQ(p.mapping_frame, 0x3D);
    CHECK_EQ(p.anim_timer, 1);
    p.status = SPG_STATUS_FACING_LEFT;
    spg_s2_animate(&pr, &p);
    CHECK_EQ(p.render_flags & 3, 0); /* timer ran: no flip write */
    CHECK_EQ(p.mapping_frame, 0x3D);
    spg_s2_animate(&pr, &p);
    CHECK_EQ(p.render_flags & 3, 1);
    CHECK_EQ(p.mapping_frame, 0x41);

    p = fresh(&pr, ROLL);
    p.ground_speed = -0x600; /* Roll2, duration 0 */
    for (int i = 0; i < 9; i++) {
        spg_s2_animate(&pr, &p);
        CHECK_EQ(p.mapping_frame, sonic_roll[i]);
        CHECK_EQ(p.anim_timer, 0);
    }
    p = fresh(&pr, 0x03); /* Roll2 id: the same speed-driven roll */
    p.ground_speed = 0x100;
    spg_s2_animate(&pr, &p);
    CHECK_EQ(p.anim_timer, 3);
    CHECK_EQ(p.mapping_frame, 0x3D);

    static const uint8_t tails_roll[4] = {0x48, 0x47, 0x46, 0x48};
    pr = profile(SPG_CHAR_TAILS);
    for (int s = 0; s < 2; s++) {
        p = fresh(&pr, ROLL);
        p.ground_speed = s ? 0xC00 : 0;
        for (int i = 0; i < 8; i++) {
            spg_s2_animate(&pr, &p);
            CHECK_EQ(p.mapping_frame, tails_roll[i / 2]);
        }
    }
}

/* The push (the walk id with the pushing bit): ($800 - |speed|) >> 6;
 * the walk's flip bits every frame, the facing bit again on a new entry. */
static void test_push(void)
{
    for (int c = 0; c < 2; c++) {
        spg_profile pr = profile(c ? SPG_CHAR_TAILS : SPG_CHAR_SONIC);
        uint8_t first = c ? 0x63 : 0x48;
        spg_player p = spg_player_default(&pr);
        p.status = SPG_STATUS_PUSHING;
        p.ground_speed = 0x400;
        spg_s2_animate(&pr, &p); /* same id (0): no restart */
        CHECK_EQ(p.status, SPG_STATUS_PUSHING);
        CHECK_EQ(p.mapping_frame, first);
        CHECK_EQ(p.anim_timer, 0x10);
        CHECK_EQ(p.anim_frame, 1);
        run(&pr, &p, 0x10);
        CHECK_EQ(p.mapping_frame, first);
        spg_s2_animate(&pr, &p);
        CHECK_EQ(p.mapping_frame, first + 1);
        /* speed 0 and -$400: $20, $10; -$8000 kept negative: $800 - $8000
         * is negative, 0 */
        p.anim_timer = 0;
        p.ground_speed = 0;
        spg_s2_animate(&pr, &p);
        CHECK_EQ(p.anim_timer, 0x20);
        p.anim_timer = 0;
        p.ground_speed = -0x400;
        spg_s2_animate(&pr, &p);
        CHECK_EQ(p.anim_timer, 0x10);
        p.anim_timer = 0;
        p.ground_speed = -0x8000;
        spg_s2_animate(&pr, &p);
        CHECK_EQ(p.anim_timer, 0);
        CHECK_EQ(p.mapping_frame, first); /* 4 entries, then again */
    }
}

/* Sonic's push id (4) runs the roll's timer test, then the push's own:
 * the reload needs both to go negative, so a timer of $81 only drops to
 * $7F; the flip bits are written only on a new entry. */
static void test_sonic_push_id(void)
{
    spg_profile pr = profile(SPG_CHAR_SONIC);
    spg_player p = fresh(&pr, PUSH);
    p.status = SPG_STATUS_FACING_LEFT;
    spg_s2_animate(&pr, &p);
    CHECK_EQ(p.mapping_frame, 0x48);
    CHECK_EQ(p.anim_timer, 0x20);
    CHECK_EQ(p.render_flags & 3, 1);
    CHECK_EQ(p.status, SPG_STATUS_FACING_LEFT);
    p.status = 0;
    run(&pr, &p, 0x20);
    CHECK_EQ(p.anim_timer, 0);
    CHECK_EQ(p.render_flags & 3, 1);
    spg_s2_animate(&pr, &p);
    CHECK_EQ(p.mapping_frame, 0x49);
    CHECK_EQ(p.render_flags & 3, 0);
    p.anim_timer = 0x81;
    spg_s2_animate(&pr, &p);
    CHECK_EQ(p.anim_timer, 0x7F);
    CHECK_EQ(p.mapping_frame, 0x49);
    CHECK_EQ(p.anim_frame, 2);
}

/* End codes are $F0..$FF: Sonic's balance sprites $CC.. are sprites
 * (Sonic 1 would have taken them as end codes); $FE n goes back. */
static void test_end_codes(void)
{
    spg_profile pr = profile(SPG_CHAR_SONIC);
    spg_player p = fresh(&pr, BALANCE);
    static const uint8_t bal[5] = {0xCC, 0xCD, 0xCE, 0xCD, 0xCC};
    for (int i = 0; i < 5; i++) {
        spg_s2_animate(&pr, &p);
        CHECK_EQ(p.mapping_frame, bal[i]);
        run(&pr, &p, 9);
    }
    p = fresh(&pr, LOOKUP); /* 5, $0B, $0C, back 1 */
    spg_s2_animate(&pr, &p);
    CHECK_EQ(p.mapping_frame, 0x0B);
    run(&pr, &p, 6);
    CHECK_EQ(p.mapping_frame, 0x0C);
    CHECK_EQ(p.anim_frame, 2);
    run(&pr, &p, 6);
    CHECK_EQ(p.mapping_frame, 0x0C);
    CHECK_EQ(p.anim_frame, 2);
    /* Spring: $2F, one sprite, then the walk */
    p = fresh(&pr, 0x10);
    run(&pr, &p, 48);
    CHECK_EQ(p.anim, 0x10);
    spg_s2_animate(&pr, &p);
    CHECK_EQ(p.anim, WALK);
    /* an id past the table: only the restart */
    p = fresh(&pr, 0x22);
    p.anim_timer = 9;
    spg_s2_animate(&pr, &p);
    CHECK_EQ(p.prev_anim, 0x22);
    CHECK_EQ(p.anim_timer, 0);
    CHECK_EQ(p.mapping_frame, 0);
}

/* The start-state limits the scenario loaders ask for. */
static void test_last_position(void)
{
    spg_profile pr = profile(SPG_CHAR_SONIC);
    CHECK_EQ(spg_anim_last_position(&pr, WALK), 8);
    CHECK_EQ(spg_anim_last_position(&pr, RUN), 8);
    CHECK_EQ(spg_anim_last_position(&pr, ROLL), 8);
    CHECK_EQ(spg_anim_last_position(&pr, PUSH), 8);
    CHECK_EQ(spg_anim_last_position(&pr, WAIT), 179);
    CHECK_EQ(spg_anim_last_position(&pr, BALANCE), 4);
    CHECK_EQ(spg_anim_last_position(&pr, SPG_S2_ANIM_SPINDASH), 10);
    CHECK_EQ(spg_anim_last_position(&pr, SPG_S2_ANIM_BLINK), 1);
    CHECK_EQ(spg_anim_last_position(&pr, STOP), 4);
    CHECK_EQ(spg_anim_last_position(&pr, SPG_S2_ANIM_BALANCE4), 5);
    CHECK_EQ(spg_anim_last_position(&pr, 0x1F), 13); /* super transform */
    CHECK_EQ(spg_anim_last_position(&pr, 0x21), 1);
    CHECK_EQ(spg_anim_last_position(&pr, 0x22), -1);
    CHECK_EQ(spg_anim_last_position(&pr, 0xFF), -1);
    CHECK_EQ(spg_anim_mapping_frames(&pr), 0xD6);

    pr = profile(SPG_CHAR_TAILS);
    CHECK_EQ(spg_anim_last_position(&pr, WALK), 8);
    CHECK_EQ(spg_anim_last_position(&pr, HAULASS), 8);
    CHECK_EQ(spg_anim_last_position(&pr, ROLL), 3);
    CHECK_EQ(spg_anim_last_position(&pr, PUSH), -1); /* tails object's */
    CHECK_EQ(spg_anim_last_position(&pr, WAIT), 59);
    CHECK_EQ(spg_anim_last_position(&pr, BALANCE), 22);
    CHECK_EQ(spg_anim_last_position(&pr, STOP), 4);
    CHECK_EQ(spg_anim_last_position(&pr, 0x20), 2);
    CHECK_EQ(spg_anim_last_position(&pr, 0x21), -1);
    CHECK_EQ(spg_anim_mapping_frames(&pr), 0x8B);

    /* Sonic 1 unchanged */
    spg_profile_get(SPG_GAME_SONIC1, SPG_CHAR_SONIC, SPG_VARIANT_NORMAL, &pr);
    CHECK_EQ(spg_anim_last_position(&pr, WAIT), 18);
    CHECK_EQ(spg_anim_last_position(&pr, 0x1F), -1);
    CHECK_EQ(spg_anim_mapping_frames(&pr), 0x58);
}

/* Every position up to the last one a start state may hold reads inside
 * the scripts and leaves a valid sprite for the speed-driven and wait
 * scripts of both characters. */
static void test_positions_in_range(void)
{
    for (int c = 0; c < 2; c++) {
        spg_profile pr = profile(c ? SPG_CHAR_TAILS : SPG_CHAR_SONIC);
        for (unsigned id = 0; id < 0x22; id++) {
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
    RUN(test_restart_clears_pushing);
    RUN(test_pushing_dropped_on_first_walk_frame);
    RUN(test_stop_to_walk);
    RUN(test_wait_positions);
    RUN(test_tails_wait);
    RUN(test_blink_getup_to_walk);
    RUN(test_sonic_walk_duration);
    RUN(test_tails_walk_duration);
    RUN(test_run_threshold);
    RUN(test_sprite_sets);
    RUN(test_roll);
    RUN(test_push);
    RUN(test_sonic_push_id);
    RUN(test_end_codes);
    RUN(test_last_position);
    RUN(test_positions_in_range);
    TEST_MAIN_END();
}
