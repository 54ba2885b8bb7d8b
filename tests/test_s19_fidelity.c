/*  test_s19_fidelity.c - seed 002's rules where an audit against the seed
 *  found the engine wrong: each test names the line it follows.  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rf.h"
#include "strategy.h"
#include "testutil.h"

static game_rules_t *rules;

static int
setup (void **state)
{
    (void) state;
    char err[256];
    rules = game_rules_load (test_source_path ("rules/data/skirmish19/tables.cfg"),
                             err, sizeof err);
    if (!rules)
        fail_msg ("%s", err);
    return 0;
}

static int
teardown (void **state)
{
    (void) state;
    game_rules_destroy (&rules);
    return 0;
}

typedef struct {
    scenario_t *sc;
    game_t *g;
    dice_t *dice;
} fixture_t;

/*  A 300 x 300 table with `terrain`, `units` and `orders`. */
static fixture_t
make (const char *terrain, const char *units, const char *orders)
{
    char text[8192], err[256] = "";
    snprintf (text, sizeof text,
              "ruleset = \"skirmish19\";\n"
              "table = { width = 300.0; depth = 300.0; };\n"
              "terrain = ( %s );\nunits = ( %s );\n"
              "scenario = { name = \"t\"; turns = 10; orders = ( %s );\n"
              "  victory = { army_break = 0.5; }; };\n",
              terrain ? terrain : "", units, orders ? orders : "");
    fixture_t f;
    f.sc = scenario_load_text (text, "t.cfg", game_rules_finder, rules, err,
                               sizeof err);
    if (!f.sc)
        fail_msg ("%s", err);
    f.g = game_new (rules, f.sc, err, sizeof err);
    if (!f.g)
        fail_msg ("%s", err);
    f.dice = dice_new (7);
    return f;
}

static void
unmake (fixture_t *f)
{
    game_destroy (&f->g);
    scenario_destroy (&f->sc);
    dice_destroy (&f->dice);
}

static int
idx (fixture_t *f, const char *id)
{
    int i = situation_find_unit (game_situation (f->g), id);
    assert_true (i >= 0);
    return i;
}

/*  "Up to RF0: Continue current actions, unless a 6 (D6) is thrown, in
 *  which case they will move towards the nearest visible enemy."  With no
 *  enemy visible a 6 has no enemy to move towards: the unit's current
 *  actions go on (a march out of sight is not ended one turn in six), and
 *  the working says so. */
static void
test_rf0_six_without_enemy_in_sight (void **state)
{
    (void) state;
    /* blue marches up the table; red stands deep in a wood, unseen */
    fixture_t f = make (
        "{ id = \"forest\"; kind = \"woods\"; polygon = ( [200.0, 200.0], "
        "[290.0, 200.0], [290.0, 290.0], [200.0, 290.0] ); }",
        "{ id = \"b\"; side = \"blue\"; arm = \"infantry\"; weapon = \"musket\";"
        "  figures = 6; x = 50.0; y = 20.0; facing = 0.0; width = 12.0; depth = 3.0; },"
        "{ id = \"r\"; side = \"red\"; arm = \"infantry\"; weapon = \"musket\";"
        "  figures = 6; x = 250.0; y = 250.0; facing = 180.0; width = 12.0;"
        "  depth = 3.0; }",
        "{ unit = \"b\"; order = \"move\"; to = [50.0, 280.0]; }");
    int b = idx (&f, "b");
    /* side A (blue) moves */
    game_begin_phase (f.g, f.dice);
    game_resolve_phase (f.g, f.dice);
    game_begin_phase (f.g, f.dice);
    assert_true (game_needs_order (f.g, b));
    assert_true (game_table_bound (f.g, b));
    order_t o;
    rf_decision_t d;
    char why[256];
    assert_int_equal (strategy_table_order_roll (f.g, b, 6, f.dice, &o, &d,
                                                 why, sizeof why), 0);
    assert_true (d.rf <= 0);
    assert_int_equal (d.action, RF_ADVANCE_VISIBLE);
    assert_int_equal (d.order.nearest_enemy, -1);
    assert_int_equal (o.kind, ORDER_CONTINUE);
    /* the working says why */
    rf_decision_t words;
    char err[256];
    assert_int_equal (rf_decide (game_situation (f.g), b, 6, f.dice, &words,
                                 err, sizeof err), 0);
    assert_non_null (strstr (words.explanation, "no enemy is visible to move "
                                                "towards: it carries on with "
                                                "its current actions"));
    /* and the march goes on: 25 cm up the table this turn, still under
       way for the next */
    double y0 = situation_unit_const (game_situation (f.g), b)->fp.centre.y;
    if (game_apply_order (f.g, b, &o, err, sizeof err) < 0)
        fail_msg ("%s", err);
    game_resolve_phase (f.g, f.dice);
    double y1 = situation_unit_const (game_situation (f.g), b)->fp.centre.y;
    if (fabs (y1 - y0 - 25.0) >= 0.1)      /* placed to 0.05 cm */
        fail_msg ("moved %.2f cm (from %.2f to %.2f)", y1 - y0, y0, y1);
    assert_int_equal (game_unit (f.g, b)->current.kind, ORDER_MOVE);
    unmake (&f);
}

/*  "Heroes throw 4D6 a turn. Veterans throw 3D6 a turn. Raw figures throw
 *  2D6": the seed has no other grade of command figure.  One of a grade
 *  another ruleset has (green, average) would throw no dice and never
 *  command: it is refused, the error naming the unit, its grade and the
 *  grades that throw. */
static void
test_command_figure_of_unknown_grade (void **state)
{
    (void) state;
    const char *grades[] = { "green", "average" };
    for (int i = 0; i < 2; i++) {
        char text[2048], err[256] = "";
        snprintf (text, sizeof text,
                  "ruleset = \"skirmish19\";\n"
                  "table = { width = 200.0; depth = 200.0; };\n"
                  "units = ( { id = \"capt\"; side = \"blue\"; arm = \"command\";"
                  "  quality = \"%s\"; weapon = \"pistol\"; figures = 1;"
                  "  x = 50.0; y = 20.0; facing = 0.0; width = 2.0; depth = 2.0; },"
                  " { id = \"r\"; side = \"red\"; arm = \"infantry\";"
                  "  weapon = \"musket\"; figures = 6; x = 50.0; y = 150.0;"
                  "  facing = 180.0; width = 12.0; depth = 3.0; } );\n"
                  "scenario = { name = \"t\"; turns = 10;"
                  "  victory = { army_break = 0.5; }; };\n", grades[i]);
        scenario_t *sc = scenario_load_text (text, "t.cfg", game_rules_finder,
                                             rules, err, sizeof err);
        if (!sc)
            fail_msg ("%s", err);
        assert_null (game_new (rules, sc, err, sizeof err));
        char want[160];
        snprintf (want, sizeof want, "unit \"capt\": a command figure of "
                  "quality \"%s\" throws no command dice in skirmish19",
                  grades[i]);
        if (!strstr (err, want) || !strstr (err, "hero (4D6)")
            || !strstr (err, "raw (2D6)"))
            fail_msg ("error \"%s\"", err);
        scenario_destroy (&sc);
    }
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_rf0_six_without_enemy_in_sight),
        cmocka_unit_test (test_command_figure_of_unknown_grade),
    };
    return cmocka_run_group_tests (tests, setup, teardown);
}
