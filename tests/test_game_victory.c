/*  test_game_victory.c - the shared victory judgement (game.h,
 *  game_judge_victory) as each ruleset tunes it: both armies breaking at
 *  the end of one turn; before the end, each army's break share and the
 *  side the turn limit would favour; and the shared roll-off for who
 *  goes first (game_roll_off).  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include "game.h"
#include "testutil.h"

/*  The figures killed: the loss count of this test's rules. */
static int
killed_lost (const game_t *g, side_t side, int *of)
{
    const situation_t *sit = game_situation (g);
    int lost = 0;
    *of = 0;
    for (int u = 0; u < game_unit_count (g); u++) {
        const unit_t *x = situation_unit_const (sit, u);
        if (x->side == side) {
            lost += x->killed;
            *of += x->figures;
        }
    }
    return lost;
}

static bool
any_standing (const game_t *g, int u)
{
    return unit_figures_standing (situation_unit_const (game_situation (g), u))
           > 0;
}

/*  Two lines of ten figures, blue's with `blue_killed` killed and red's
 *  with `red_killed`, a 10-turn battle breaking at half with `victory`
 *  added to its victory group. */
static test_game_t *
two_lines (const game_rules_t *rules, int blue_killed, int red_killed,
           const char *victory)
{
    char text[2048];
    snprintf (text, sizeof text,
        "ruleset = \"skirmish19\";\n"
        "table = { width = 200.0; depth = 200.0; };\n"
        "units = (\n"
        " { id = \"b\"; side = \"blue\"; arm = \"infantry\"; quality = \"regular\";"
        "   weapon = \"musket\"; figures = 10; killed = %d; x = 50.0; y = 50.0;"
        "   facing = 0.0; width = 20.0; depth = 3.0; },\n"
        " { id = \"r\"; side = \"red\"; arm = \"infantry\"; quality = \"regular\";"
        "   weapon = \"musket\"; figures = 10; killed = %d; x = 50.0; y = 150.0;"
        "   facing = 180.0; width = 20.0; depth = 3.0; } );\n"
        "scenario = { name = \"t\"; turns = 10;"
        " victory = { army_break = 0.5; %s }; };\n",
        blue_killed, red_killed, victory);
    return test_game_new (rules, text);
}

/*  This test's rules: figures killed, a break at half. */
static const game_victory_rules_t killed_at_half = {
    .army_break = 0.5, .side_lost = killed_lost, .holds = any_standing,
    .lost_words = "figures lost" };

/*  Blue loses 6 of 10 and red 8 of 10 in one turn: both past a break at
 *  half.  The lesser loss wins by default; under both_break_draw (seed
 *  000's "has not itself abandoned the field") neither wins. */
static void
test_both_break (void **state)
{
    (void) state;
    game_rules_t *rules = test_rules_load ("rules/data/skirmish19/tables.cfg");
    test_game_t *f = two_lines (rules, 6, 8, "");
    game_victory_rules_t v = killed_at_half;
    game_result_t r;
    game_judge_victory (f->g, &v, &r);
    assert_true (r.over);
    assert_int_equal (r.winner, SIDE_BLUE);
    /* each army's share lost over the share that breaks it */
    test_near (r.break_share[SIDE_BLUE], 0.6 / 0.5, 1e-9);
    test_near (r.break_share[SIDE_RED], 0.8 / 0.5, 1e-9);
    /* no objectives: the turn limit would be a draw */
    assert_int_equal (r.on_time_winner, -1);
    assert_non_null (strstr (r.reason, "break: 80% of their figures lost"));
    v.both_break_draw = true;
    game_judge_victory (f->g, &v, &r);
    assert_true (r.over);
    assert_int_equal (r.winner, -1);
    assert_non_null (strstr (r.reason, "both armies break together"));
    assert_non_null (strstr (r.reason, "neither wins"));
    test_game_destroy (&f);
    game_rules_destroy (&rules);
}

/*  Before the turn limit, the side it would give the battle to: a side
 *  that holds out, or the holder of the objectives (one held by blue
 *  from the start); the battle itself goes on, with no reason yet. */
static void
test_on_time_winner (void **state)
{
    (void) state;
    game_rules_t *rules = test_rules_load ("rules/data/skirmish19/tables.cfg");
    const char *victories[] = {
        "on_time = \"red\";",
        ("on_time = \"objectives\"; objectives = ( { id = \"hill\"; x = 50.0;"
         " y = 20.0; radius = 5.0; value = 1; held_by = \"blue\"; } );"),
        "on_time = \"draw\";" };
    const int expected[] = { SIDE_RED, SIDE_BLUE, -1 };
    for (int i = 0; i < 3; i++) {
        test_game_t *f = two_lines (rules, 2, 0, victories[i]);
        game_result_t r;
        game_judge_victory (f->g, &killed_at_half, &r);
        assert_false (r.over);
        assert_int_equal (r.winner, -1);
        assert_string_equal (r.reason, "");
        assert_int_equal (r.on_time_winner, expected[i]);
        test_near (r.break_share[SIDE_BLUE], 0.2 / 0.5, 1e-9);
        test_near (r.break_share[SIDE_RED], 0.0, 1e-9);
        test_game_destroy (&f);
    }
    game_rules_destroy (&rules);
}

/*  A die a side, blue's first, from the player's own throws where
 *  queued: a tie thrown again (3-3, then 2-5: red), or standing when the
 *  caller's rule settles ties (4-4: -1, one pair). */
static void
test_roll_off (void **state)
{
    (void) state;
    game_rules_t *rules = test_rules_load ("rules/data/skirmish19/tables.cfg");
    test_game_t *f = two_lines (rules, 0, 0, "");
    dice_t *dice = dice_new (1);
    int blue, red, throws;
    dice_push (dice, 6, 3);
    dice_push (dice, 6, 3);
    dice_push (dice, 6, 2);
    dice_push (dice, 6, 5);
    assert_int_equal (game_roll_off (f->g, dice, 6, false, &blue, &red,
                                     &throws), SIDE_RED);
    assert_int_equal (blue, 2);
    assert_int_equal (red, 5);
    assert_int_equal (throws, 2);
    dice_push (dice, 6, 4);
    dice_push (dice, 6, 4);
    assert_int_equal (game_roll_off (f->g, dice, 6, true, &blue, &red,
                                     &throws), -1);
    assert_int_equal (blue, 4);
    assert_int_equal (throws, 1);
    dice_push (dice, 10, 7);
    dice_push (dice, 10, 1);
    assert_int_equal (game_roll_off (f->g, dice, 10, false, &blue, &red,
                                     NULL), SIDE_BLUE);
    assert_int_equal (dice_queued (dice), 0);
    dice_destroy (&dice);
    test_game_destroy (&f);
    game_rules_destroy (&rules);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_both_break),
        cmocka_unit_test (test_on_time_winner),
        cmocka_unit_test (test_roll_off),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
