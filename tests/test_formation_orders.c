/*  test_formation_orders.c - orders that change a unit's formation under
 *  the skirmish19 rules (seed 002) and in the ruleset's table file.
 *
 *  Seed 002 names infantry "in square/circle" (the shock cavalry line)
 *  and "formed" troops against loose order; it gives cavalry, guns and
 *  command figures no formations and no formation change a cost.  The
 *  table file's `formations` group lists what an order may ask of each
 *  arm: infantry line, column, square, loose; cavalry mounted, loose.  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "game.h"
#include "testutil.h"

static game_rules_t *rules;

static int
setup (void **state)
{
    (void) state;
    char err[256];
    rules = game_rules_load (test_source_path ("rules/data/skirmish19/"
                                               "tables.cfg"), err, sizeof err);
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

static const char *units =
    "{ id = \"foot\"; side = \"blue\"; arm = \"infantry\"; weapon = "
    "\"musket\"; figures = 10; x = 50.0; y = 50.0; facing = 0.0; width = "
    "20.0; depth = 3.0; },"
    "{ id = \"horse\"; side = \"blue\"; arm = \"cavalry\"; weapon = "
    "\"sword\"; figures = 6; x = 100.0; y = 50.0; facing = 0.0; width = "
    "12.0; depth = 5.0; },"
    "{ id = \"gun\"; side = \"blue\"; arm = \"artillery\"; weapon = "
    "\"musket\"; figures = 4; x = 150.0; y = 50.0; facing = 0.0; width = "
    "8.0; depth = 5.0; },"
    "{ id = \"enemy\"; side = \"red\"; arm = \"infantry\"; weapon = "
    "\"musket\"; figures = 10; x = 100.0; y = 170.0; facing = 180.0; "
    "width = 20.0; depth = 3.0; }";

static scenario_t *
scenario (const char *orders, char *err, int errlen)
{
    char text[4096];
    snprintf (text, sizeof text,
              "ruleset = \"skirmish19\";\n"
              "table = { width = 200.0; depth = 200.0; };\n"
              "units = ( %s );\n"
              "scenario = { name = \"t\"; turns = 3; %s\n"
              "  victory = { army_break = 0.5; }; };\n",
              units, orders ? orders : "");
    return scenario_load_text (text, "t.cfg", game_rules_finder, rules, err,
                               errlen);
}

static order_t
hold_in (formation_t f)
{
    order_t o = order_hold ();
    o.has_formation = true;
    o.formation = f;
    return o;
}

static void
expect_refused (game_t *g, const char *id, formation_t f, const char *want)
{
    char err[256] = "";
    order_t o = hold_in (f);
    int u = situation_find_unit (game_situation (g), id);
    assert_true (u >= 0);
    if (game_check_order (g, u, &o, err, sizeof err) == 0)
        fail_msg ("%s: forming %s accepted", id, formation_name (f));
    if (!strstr (err, want))
        fail_msg ("error \"%s\" lacks \"%s\"", err, want);
}

/*  The table file's lists, by arm. */
static void
test_table (void **state)
{
    (void) state;
    const ruleset_t *rs = game_rules_ruleset (rules);
    assert_true (ruleset_formation_allowed (rs, ARM_INFANTRY,
                                            FORMATION_SQUARE));
    assert_true (ruleset_formation_allowed (rs, ARM_INFANTRY,
                                            FORMATION_LOOSE));
    assert_false (ruleset_formation_allowed (rs, ARM_INFANTRY,
                                             FORMATION_MOUNTED));
    assert_true (ruleset_formation_allowed (rs, ARM_CAVALRY,
                                            FORMATION_LOOSE));
    assert_false (ruleset_formation_allowed (rs, ARM_CAVALRY,
                                             FORMATION_SQUARE));
    assert_false (ruleset_formation_allowed (rs, ARM_ARTILLERY,
                                             FORMATION_LINE));
    assert_false (ruleset_formation_allowed (NULL, ARM_INFANTRY,
                                             FORMATION_LINE));
    char buf[96];
    assert_string_equal (ruleset_formation_list (rs, ARM_INFANTRY, buf,
                                                 sizeof buf),
                         "line, column, square, loose");
    assert_string_equal (ruleset_formation_list (rs, ARM_COMMAND, buf,
                                                 sizeof buf), "none");
    /* a bad list is an error naming it */
    char err[256];
    char *text = game_read_file (test_source_path ("rules/data/skirmish19/"
                                                   "tables.cfg"),
                                 err, sizeof err);
    assert_non_null (text);
    char *at = strstr (text, "cavalry   = [\"mounted\", \"loose\"]");
    assert_non_null (at);
    memcpy (at, "cavalry   = [\"mounted\", \"wedge\"]", 32);
    ruleset_t *bad = ruleset_load_text (text, "t.cfg", err, sizeof err);
    assert_null (bad);
    assert_non_null (strstr (err, "formations.cavalry: unknown formation "
                             "\"wedge\""));
    free (text);
}

/*  Infantry may form square or go into loose order; cavalry may not form
 *  square; guns have no formation to change: each refusal says what the
 *  arm may do.  An infantry unit told to form square is in square when
 *  its order is carried out. */
static void
test_orders (void **state)
{
    (void) state;
    char err[256];
    scenario_t *sc = scenario (NULL, err, sizeof err);
    if (!sc)
        fail_msg ("%s", err);
    game_t *g = game_new (rules, sc, err, sizeof err);
    assert_non_null (g);
    expect_refused (g, "horse", FORMATION_SQUARE,
                    "horse: cavalry cannot form square (the seed's cavalry "
                    "formations: loose, mounted)");
    expect_refused (g, "gun", FORMATION_COLUMN,
                    "gun: artillery cannot form column (the seed's artillery "
                    "formations: none)");
    expect_refused (g, "foot", FORMATION_MOUNTED, "infantry cannot form "
                    "mounted");
    int foot = situation_find_unit (game_situation (g), "foot");
    order_t sq = hold_in (FORMATION_SQUARE);
    assert_int_equal (game_check_order (g, foot, &sq, err, sizeof err), 0);
    dice_t *dice = dice_new (3);
    bool ordered = false;
    for (int step = 0; step < 40 && !game_over (g) && !ordered; step++) {
        game_begin_phase (g, dice);
        if (game_needs_order (g, foot)) {
            if (game_apply_order (g, foot, &sq, err, sizeof err) < 0)
                fail_msg ("%s", err);
            ordered = true;
        }
        game_resolve_phase (g, dice);
    }
    assert_true (ordered);
    const unit_t *fu = situation_unit_const (game_situation (g), foot);
    assert_int_equal (fu->formation, FORMATION_SQUARE);
    dice_destroy (&dice);
    game_destroy (&g);
    scenario_destroy (&sc);

    /* a scenario's first order asking what the seed does not allow */
    sc = scenario ("orders = ( { unit = \"horse\"; order = \"hold\"; "
                   "formation = \"square\"; } );", err, sizeof err);
    if (!sc)
        fail_msg ("%s", err);
    assert_null (game_new (rules, sc, err, sizeof err));
    assert_non_null (strstr (err, "cavalry cannot form square"));
    scenario_destroy (&sc);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_table),
        cmocka_unit_test (test_orders),
    };
    return cmocka_run_group_tests (tests, setup, teardown);
}
