/*  test_scenario.c - scenario files: the three shipped scenarios load,
 *  and every kind of malformed scenario gets an error naming the file,
 *  the line and the field.  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include "game.h"
#include "scenario.h"
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

static scenario_t *
load (const char *rel)
{
    char err[256] = "";
    scenario_t *sc = scenario_load (test_source_path (rel), game_rules_finder,
                                    rules, err, sizeof err);
    if (!sc)
        fail_msg ("%s: %s", rel, err);
    return sc;
}

static void
test_farm (void **state)
{
    (void) state;
    scenario_t *sc = load ("rules/scenarios/farm.cfg");
    assert_string_equal (scenario_name (sc), "farm");
    assert_int_equal (scenario_turns (sc), 12);
    assert_string_equal (scenario_side_name (sc, SIDE_BLUE),
                         "British light company");
    assert_string_equal (scenario_side_name (sc, SIDE_RED), "French voltigeurs");
    assert_int_equal (scenario_first_side (sc), SIDE_RED);
    assert_true (scenario_army_break (sc) == 0.5);
    assert_int_equal (scenario_on_time (sc), SCENARIO_ON_TIME_OBJECTIVES);
    assert_int_equal (scenario_objective_count (sc), 2);
    const scenario_objective_t *o = scenario_objective (sc, 0);
    assert_string_equal (o->id, "farmhouse");
    assert_int_equal (o->value, 2);
    assert_int_equal (o->held_by, SIDE_BLUE);
    assert_true (o->radius == 12.0);
    const situation_t *sit = scenario_situation (sc);
    assert_int_equal (situation_unit_count (sit), 8);
    assert_int_equal (situation_terrain_count (sit), 5);
    assert_int_equal (scenario_order_count (sc), 4);
    const scenario_order_t *so = scenario_order (sc, 0);
    assert_int_equal (so->unit, situation_find_unit (sit, "red-left"));
    assert_int_equal (so->order.kind, ORDER_MOVE);
    assert_true (so->order.has_to && so->order.to.x == 80.0);
    scenario_destroy (&sc);
    scenario_destroy (&sc);      /* safe twice */
}

static void
test_all_shipped (void **state)
{
    (void) state;
    static const char *files[] = { "rules/scenarios/farm.cfg",
                                   "rules/scenarios/cavalry.cfg",
                                   "rules/scenarios/stream.cfg" };
    int cavalry = 0, woods = 0, stream = 0, town = 0;
    for (int i = 0; i < 3; i++) {
        scenario_t *sc = load (files[i]);
        const situation_t *sit = scenario_situation (sc);
        for (int u = 0; u < situation_unit_count (sit); u++)
            cavalry += situation_unit_const (sit, u)->arm == ARM_CAVALRY;
        for (int f = 0; f < situation_terrain_count (sit); f++) {
            terrain_kind_t k = situation_terrain (sit, f)->kind;
            woods += k == TERRAIN_WOODS;
            stream += k == TERRAIN_STREAM;
            town += k == TERRAIN_TOWN;
        }
        assert_true (scenario_objective_count (sc) >= 1);
        scenario_destroy (&sc);
    }
    assert_true (cavalry >= 4 && woods >= 1 && stream >= 1 && town >= 1);
}

/*  A small good scenario to break in different ways. */
static const char *good =
    "ruleset = \"skirmish19\";\n"                                   /* 1 */
    "table = { width = 100.0; depth = 100.0; };\n"                  /* 2 */
    "units = (\n"                                                   /* 3 */
    "  { id = \"b\"; side = \"blue\"; arm = \"infantry\"; weapon = \"musket\";\n"
    "    figures = 6; x = 50.0; y = 80.0; facing = 180.0; width = 12.0; depth = 3.0; },\n"
    "  { id = \"r\"; side = \"red\"; arm = \"infantry\"; weapon = \"musket\";\n"
    "    figures = 6; x = 50.0; y = 20.0; facing = 0.0; width = 12.0; depth = 3.0; }\n"
    ");\n"                                                          /* 8 */
    "scenario = {\n"                                                /* 9 */
    "  name = \"tiny\";\n"                                          /* 10 */
    "  turns = 5;\n"                                                /* 11 */
    "  victory = {\n"                                               /* 12 */
    "    objectives = ( { id = \"hill\"; x = 50.0; y = 50.0; } );\n"/* 13 */
    "  };\n"                                                        /* 14 */
    "  orders = ( { unit = \"r\"; order = \"move\"; to = [50.0, 50.0]; } );\n"
    "};\n";

/*  Load `text` (good with `from` replaced by `to`) and expect an error
 *  containing `want`. */
static void
expect_error (const char *from, const char *to, const char *want)
{
    char text[4096], err[256] = "";
    const char *at = strstr (good, from);
    assert_non_null (at);
    snprintf (text, sizeof text, "%.*s%s%s", (int) (at - good), good, to,
              at + strlen (from));
    scenario_t *sc = scenario_load_text (text, "tiny.cfg", game_rules_finder,
                                         rules, err, sizeof err);
    if (sc || !strstr (err, want))
        fail_msg ("replacing [%s] by [%s]: wanted an error with [%s], got [%s]",
                  from, to, want, sc ? "(loaded)" : err);
}

static void
test_good_text (void **state)
{
    (void) state;
    char err[256] = "";
    scenario_t *sc = scenario_load_text (good, "tiny.cfg", game_rules_finder,
                                         rules, err, sizeof err);
    if (!sc)
        fail_msg ("%s", err);
    assert_string_equal (scenario_title (sc), "tiny");      /* title: name */
    assert_string_equal (scenario_side_name (sc, SIDE_RED), "red");
    assert_int_equal (scenario_first_side (sc), -1);
    assert_true (scenario_army_break (sc) < 0);
    const scenario_objective_t *o = scenario_objective (sc, 0);
    assert_int_equal (o->held_by, -1);
    assert_int_equal (o->value, 1);
    assert_true (o->radius == 10.0);
    scenario_destroy (&sc);

    /*  a situation file's title and army names stand when its scenario
     *  group gives none (a game opened from it keeps them); the group's
     *  own win */
    char text[4096];
    snprintf (text, sizeof text, "title = \"The ford\";\nsides = { blue = "
              "\"Rifles\"; red = \"Voltigeurs\"; };\n%s", good);
    sc = scenario_load_text (text, "tiny.cfg", game_rules_finder, rules, err,
                             sizeof err);
    if (!sc)
        fail_msg ("%s", err);
    assert_string_equal (scenario_title (sc), "The ford");
    assert_string_equal (scenario_side_name (sc, SIDE_BLUE), "Rifles");
    assert_string_equal (scenario_side_name (sc, SIDE_RED), "Voltigeurs");
    scenario_destroy (&sc);
    const char *named = strstr (good, "  name = \"tiny\";\n");
    assert_non_null (named);
    snprintf (text, sizeof text, "title = \"The ford\";\n%.*s  name = "
              "\"tiny\"; title = \"Tiny\"; sides = { red = \"Reds\"; };\n%s",
              (int) (named - good), good, named + strlen ("  name = \"tiny\";\n"));
    sc = scenario_load_text (text, "tiny.cfg", game_rules_finder, rules, err,
                             sizeof err);
    if (!sc)
        fail_msg ("%s", err);
    assert_string_equal (scenario_title (sc), "Tiny");
    assert_string_equal (scenario_side_name (sc, SIDE_RED), "Reds");
    scenario_destroy (&sc);
}

static void
test_errors (void **state)
{
    (void) state;
    /* syntax */
    expect_error ("turns = 5;", "turns = = 5;", "tiny.cfg:11 - ");
    /* no scenario group at all: a situation file is not a scenario */
    expect_error ("scenario = {", "xscenario = {", "tiny.cfg - missing the "
                  "\"scenario\" group");
    /* the situation part still reports its own lines */
    expect_error ("weapon = \"musket\";\n    figures = 6; x = 50.0; y = 80.0",
                  "weapon = \"blunderbuss\";\n    figures = 6; x = 50.0; y = 80.0",
                  "tiny.cfg:4 - unit \"b\": unknown weapon \"blunderbuss\"");
    /* the scenario group's fields */
    expect_error ("turns = 5;", "turns = 5; weather = \"rain\";",
                  "tiny.cfg:11 - scenario: unknown field \"weather\"");
    expect_error ("turns = 5;", "", "tiny.cfg:9 - scenario: missing field "
                  "\"turns\"");
    expect_error ("turns = 5;", "turns = 0;", "tiny.cfg:11 - scenario.turns: "
                  "0 is not in 1..1000");
    expect_error ("turns = 5;", "turns = 2.5;", "scenario.turns: must be a "
                  "whole number");
    expect_error ("  victory = {\n    objectives = ( { id = \"hill\"; x = 50.0; "
                  "y = 50.0; } );\n  };\n", "", "scenario: missing field "
                  "\"victory\"");
    expect_error ("name = \"tiny\";", "name = \"tiny\"; first = \"green\";",
                  "tiny.cfg:10 - scenario.first: unknown side \"green\"");
    expect_error ("victory = {", "victory = { on_time = \"maybe\";",
                  "tiny.cfg:12 - scenario.victory.on_time: \"maybe\" is not "
                  "objectives, draw or a side");
    expect_error ("victory = {", "victory = { army_break = 1.5;",
                  "scenario.victory.army_break: 1.5 is not in 0.01..1");
    /* objectives */
    expect_error ("x = 50.0; y = 50.0; }", "x = 150.0; y = 50.0; }",
                  "tiny.cfg:13 - scenario.victory.objectives[0].x: 150 is not "
                  "in 0..100");
    expect_error ("y = 50.0; }", "y = 50.0; held_by = \"green\"; }",
                  "scenario.victory.objectives[0].held_by: unknown side "
                  "\"green\"");
    expect_error ("{ id = \"hill\"; x = 50.0; y = 50.0; }",
                  "{ id = \"hill\"; x = 50.0; y = 50.0; }, { id = \"hill\"; "
                  "x = 5.0; y = 5.0; }", "duplicate objective id \"hill\"");
    /* orders */
    expect_error ("unit = \"r\"; order", "unit = \"zz\"; order",
                  "tiny.cfg:15 - scenario.orders[0].unit: no unit \"zz\"");
    expect_error ("order = \"move\";", "order = \"dance\";",
                  "scenario.orders[0].order: unknown order \"dance\"");
    expect_error ("to = [50.0, 50.0];", "", "scenario.orders[0]: a move "
                  "order needs \"to\"");
    expect_error ("to = [50.0, 50.0];", "to = [50.0, 500.0];",
                  "scenario.orders[0].to: (50, 500) is off the 100 x 100 "
                  "table");
    expect_error ("to = [50.0, 50.0];", "to = [50.0, 50.0]; pace = \"fly\";",
                  "scenario.orders[0].pace: unknown pace \"fly\"");
    /* a side with no units */
    expect_error ("side = \"red\"", "side = \"blue\"", "scenario: side red "
                  "has no units");
    /* a file that is not there */
    char err[256];
    assert_null (scenario_load ("/nonexistent/x.cfg", game_rules_finder, rules,
                                err, sizeof err));
    assert_non_null (strstr (err, "/nonexistent/x.cfg - cannot open"));
}

/*  Strings and comments holding the word scenario do not confuse the
 *  blanking of the group. */
static void
test_tricky_text (void **state)
{
    (void) state;
    char text[4096], err[256] = "";
    snprintf (text, sizeof text, "# a scenario = { comment };\n"
              "title = \"scenario = {\";\n%s", good);
    scenario_t *sc = scenario_load_text (text, "t.cfg", game_rules_finder,
                                         rules, err, sizeof err);
    if (!sc)
        fail_msg ("%s", err);
    scenario_destroy (&sc);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_farm),
        cmocka_unit_test (test_all_shipped),
        cmocka_unit_test (test_good_text),
        cmocka_unit_test (test_errors),
        cmocka_unit_test (test_tricky_text),
    };
    return cmocka_run_group_tests (tests, setup, teardown);
}
