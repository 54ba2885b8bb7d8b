/*  test_s19_melee.c - seed 002's melee: "each figure throws a D6, -1 if
 *  Raw, or per enemy over 1 in base to base contact with him.  +1 If a
 *  Hero.  +1 If have a better Melee Factor weapon than all your opponents.
 *  ... The winning figure wounds an opponent if his die naturally rolled a
 *  5, he kills an opponent on a natural roll of 6."  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "s19_melee.h"
#include "s19_shoot.h"
#include "testutil.h"

static ruleset_t *rs;
static s19_tables_t *t;

static int
setup (void **state)
{
    (void) state;
    char err[256];
    rs = test_load_skirmish19 ();
    t = s19_tables_load (test_source_path ("rules/data/skirmish19/tables.cfg"),
                         err, sizeof err);
    if (!t)
        fail_msg ("%s", err);
    return 0;
}

static int
teardown (void **state)
{
    (void) state;
    s19_tables_destroy (&t);
    ruleset_destroy (&rs);
    return 0;
}

/*  "Melee factor: Rifles/Muskets 2 (3 with Bayonet), Pistols 1, Partisans
 *  3, Swords 3, Hatchet 2, Rocks 1." */
static void
test_melee_factors (void **state)
{
    (void) state;
    static const struct { const char *w; int plain, bayonet; } rows[] = {
        { "rifle", 2, 3 }, { "musket", 2, 3 }, { "pistol", 1, 1 },
        { "partisan", 3, 3 }, { "sword", 3, 3 }, { "hatchet", 2, 2 },
        { "rocks", 1, 1 } };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const weapon_t *w = ruleset_weapon (rs, ruleset_weapon_find (rs, rows[i].w));
        assert_int_equal (s19_melee_factor (w, false), rows[i].plain);
        assert_int_equal (s19_melee_factor (w, true), rows[i].bayonet);
    }
}

static void
test_modifiers (void **state)
{
    (void) state;
    /* a regular, one opponent, equal weapons: 0 */
    assert_int_equal (s19_melee_modifier (t, QUALITY_REGULAR, 1, 2, 2), 0);
    assert_int_equal (s19_melee_modifier (t, QUALITY_RAW, 1, 2, 2), -1);
    assert_int_equal (s19_melee_modifier (t, QUALITY_HERO, 1, 2, 2), 1);
    /* per enemy over 1 in contact */
    assert_int_equal (s19_melee_modifier (t, QUALITY_REGULAR, 2, 2, 2), -1);
    assert_int_equal (s19_melee_modifier (t, QUALITY_REGULAR, 3, 2, 2), -2);
    /* better than all opponents (bayonet 3 against muskets 2), not equal */
    assert_int_equal (s19_melee_modifier (t, QUALITY_REGULAR, 1, 3, 2), 1);
    assert_int_equal (s19_melee_modifier (t, QUALITY_REGULAR, 1, 3, 3), 0);
    /* a raw hero-less man alone against three, with a sword against muskets */
    assert_int_equal (s19_melee_modifier (t, QUALITY_RAW, 3, 3, 2), -2);
}

/*  "Figures are matched as evenly as possible (they can't gang up on 1
 *  figure leaving others unengaged!)" */
static void
test_matching (void **state)
{
    (void) state;
    assert_int_equal (s19_match_share (3, 7, 0), 3);
    assert_int_equal (s19_match_share (3, 7, 1), 2);
    assert_int_equal (s19_match_share (3, 7, 2), 2);
    assert_int_equal (s19_match_share (4, 4, 3), 1);
    assert_int_equal (s19_match_share (1, 5, 0), 5);
    int sum = 0;
    for (int i = 0; i < 6; i++)
        sum += s19_match_share (6, 20, i);
    assert_int_equal (sum, 20);
}

static void
test_natural_hits (void **state)
{
    (void) state;
    for (int d = 1; d <= 4; d++)
        assert_int_equal (s19_melee_hit (t, d), S19_GRAZE);
    assert_int_equal (s19_melee_hit (t, 5), S19_WOUND);
    assert_int_equal (s19_melee_hit (t, 6), S19_KILL);
}

static s19_fighter_t
fighter (int unit, quality_t q, int factor, int state)
{
    s19_fighter_t f;
    memset (&f, 0, sizeof f);
    f.unit = unit;
    f.quality = q;
    f.factor = factor;
    f.state = (uint8_t) state;
    return f;
}

/*  One against one: the higher score wins; the winner's natural 5
 *  wounds; the worse side is the one that suffered. */
static void
test_fight_one_on_one (void **state)
{
    (void) state;
    dice_t *dice = dice_new (1);
    s19_fighter_t a = fighter (0, QUALITY_REGULAR, 2, S19_FIG_FIT);
    s19_fighter_t b = fighter (1, QUALITY_REGULAR, 2, S19_FIG_FIT);
    s19_melee_result_t r;
    dice_push (dice, 6, 5);
    dice_push (dice, 6, 3);
    s19_melee_fight (t, &a, 1, &b, 1, dice, &r);
    assert_int_equal (a.score, 5);
    assert_int_equal (b.score, 3);
    assert_int_equal (b.new_state, S19_FIG_WOUNDED);
    assert_int_equal (a.new_state, S19_FIG_FIT);
    assert_int_equal (r.wounds[1], 1);
    assert_int_equal (r.kills[1], 0);
    assert_int_equal (r.worse, 1);
    /* a winner's 4 does no harm: the bouts decide who did worse */
    a = fighter (0, QUALITY_REGULAR, 2, S19_FIG_FIT);
    b = fighter (1, QUALITY_REGULAR, 2, S19_FIG_FIT);
    dice_push (dice, 6, 2);
    dice_push (dice, 6, 4);
    s19_melee_fight (t, &a, 1, &b, 1, dice, &r);
    assert_int_equal (r.hits_suffered[0] + r.hits_suffered[1], 0);
    assert_int_equal (r.bouts_won[1], 1);
    assert_int_equal (r.worse, 0);
    /* equal scores: drawn, both fall back */
    a = fighter (0, QUALITY_REGULAR, 2, S19_FIG_FIT);
    b = fighter (1, QUALITY_REGULAR, 2, S19_FIG_FIT);
    dice_push (dice, 6, 5);
    dice_push (dice, 6, 5);
    s19_melee_fight (t, &a, 1, &b, 1, dice, &r);
    assert_int_equal (r.worse, -1);
    assert_int_equal (a.new_state, S19_FIG_FIT);
    /* a hero's natural 5 (+1 = 6) beats a raw 6 (-1 = 5) and wounds; the
       loser's natural 6 does nothing as he lost */
    a = fighter (0, QUALITY_HERO, 2, S19_FIG_FIT);
    b = fighter (1, QUALITY_RAW, 2, S19_FIG_WOUNDED);
    dice_push (dice, 6, 5);
    dice_push (dice, 6, 6);
    s19_melee_fight (t, &a, 1, &b, 1, dice, &r);
    assert_int_equal (a.score, 6);
    assert_int_equal (b.score, 5);
    /* a wound on a wounded man kills him */
    assert_int_equal (b.new_state, S19_FIG_DEAD);
    assert_int_equal (r.kills[1], 1);
    assert_int_equal (a.new_state, S19_FIG_FIT);
    dice_destroy (&dice);
}

/*  One against two: he throws first at -1, then each opponent; each
 *  opponent who beats him may hit him; if he beats one he hits the first
 *  he beat. */
static void
test_fight_outnumbered (void **state)
{
    (void) state;
    dice_t *dice = dice_new (1);
    s19_fighter_t a[1] = { fighter (0, QUALITY_REGULAR, 3, S19_FIG_FIT) };
    s19_fighter_t b[2] = { fighter (1, QUALITY_REGULAR, 2, S19_FIG_FIT),
                           fighter (1, QUALITY_REGULAR, 2, S19_FIG_FIT) };
    s19_melee_result_t r;
    /* his 6: -1 outnumbered, +1 bayonet against muskets: 6 */
    dice_push (dice, 6, 6);
    dice_push (dice, 6, 2);   /* first opponent: 2 */
    dice_push (dice, 6, 6);   /* second: 6, a tie with him */
    s19_melee_fight (t, a, 1, b, 2, dice, &r);
    assert_int_equal (a[0].score, 6);
    assert_int_equal (b[0].score, 2);
    assert_int_equal (b[1].score, 6);
    assert_int_equal (b[0].new_state, S19_FIG_DEAD);   /* his natural 6 */
    assert_int_equal (b[1].new_state, S19_FIG_FIT);
    assert_int_equal (a[0].new_state, S19_FIG_FIT);
    assert_int_equal (r.kills[1], 1);
    assert_int_equal (r.worse, 1);
    assert_int_equal (r.figures[0], 1);
    assert_int_equal (r.figures[1], 2);
    /* beaten by both: two natural 5s wound then kill him */
    a[0] = fighter (0, QUALITY_REGULAR, 2, S19_FIG_FIT);
    b[0] = fighter (1, QUALITY_REGULAR, 2, S19_FIG_FIT);
    b[1] = fighter (1, QUALITY_REGULAR, 2, S19_FIG_FIT);
    dice_push (dice, 6, 4);   /* 4 - 1 = 3 */
    dice_push (dice, 6, 5);
    dice_push (dice, 6, 5);
    s19_melee_fight (t, a, 1, b, 2, dice, &r);
    assert_int_equal (a[0].score, 3);
    assert_int_equal (a[0].new_state, S19_FIG_DEAD);
    assert_int_equal (r.kills[0], 1);
    assert_int_equal (r.worse, 0);
    dice_destroy (&dice);
}

/*  Many figures: hits are simultaneous and every figure of the larger
 *  side fights exactly one of the smaller. */
static void
test_fight_groups (void **state)
{
    (void) state;
    dice_t *dice = dice_new (42);
    s19_fighter_t a[3], b[7];
    for (int round = 0; round < 200; round++) {
        for (int i = 0; i < 3; i++)
            a[i] = fighter (0, QUALITY_REGULAR, 2, S19_FIG_FIT);
        for (int i = 0; i < 7; i++)
            b[i] = fighter (1, QUALITY_RAW, 2, S19_FIG_FIT);
        s19_melee_result_t r;
        s19_melee_fight (t, a, 3, b, 7, dice, &r);
        int bouts = 0;
        for (int i = 0; i < 7; i++) {
            assert_true (b[i].won + b[i].lost <= 1);
            bouts += b[i].won + b[i].lost;
        }
        assert_true (bouts <= 7);
        assert_true (r.kills[0] + r.wounds[0] <= 3);
        assert_true (r.kills[1] + r.wounds[1] <= 3);  /* one hit per small figure */
        assert_int_equal (r.hits_suffered[1], r.kills[1] + r.wounds[1]);
    }
    dice_destroy (&dice);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_melee_factors),
        cmocka_unit_test (test_modifiers),
        cmocka_unit_test (test_matching),
        cmocka_unit_test (test_natural_hits),
        cmocka_unit_test (test_fight_one_on_one),
        cmocka_unit_test (test_fight_outnumbered),
        cmocka_unit_test (test_fight_groups),
    };
    return cmocka_run_group_tests (tests, setup, teardown);
}
