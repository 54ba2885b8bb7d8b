/*  test_overlay.c - house rules as a ruleset of their own (overlay.h): a
 *  base ruleset's table file plus the changes kept over it.  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "game.h"
#include "overlay.h"
#include "testutil.h"

/*  An overlay over the source tree's skirmish19 with `changes`, written
 *  to a temporary file whose path is returned. */
static const char *
overlay_file (const char *changes)
{
    static char text[4096];
    snprintf (text, sizeof text,
              "name = \"s19_house\";\n"
              "title = \"A house rule over the skirmish QRS\";\n"
              "base = \"skirmish19\";\n"
              "base_file = \"%s\";\n%s",
              test_source_path ("rules/data/skirmish19/tables.cfg"), changes);
    return test_write_temp (text, ".cfg");
}

static void
test_merged (void **state)
{
    (void) state;
    char err[SOLO_ERR_MAX] = "";
    ruleset_t *base = test_load_skirmish19 ();
    const char *path = overlay_file (
        "settings = { enemy_gap_cm = 2.5;\n"
        "             arm_table = { command = \"cavalry\"; }; };\n"
        "partial = true;\n");
    ruleset_t *rs = ruleset_load (path, err, sizeof err);
    if (!rs)
        fail_msg ("%s", err);
    assert_string_equal (ruleset_name (rs), "s19_house");
    assert_string_equal (ruleset_title (rs), "A house rule over the skirmish QRS");
    assert_string_equal (ruleset_base_name (rs), "skirmish19");
    assert_string_equal (ruleset_base_tables_hash (rs),
                         ruleset_tables_hash (base));
    assert_int_equal (strlen (ruleset_overlay_hash (rs)), 16);
    assert_string_not_equal (ruleset_tables_hash (rs), ruleset_tables_hash (base));
    assert_true (ruleset_overlay_partial (rs));
    /* the change, and the base's numbers everywhere else */
    assert_true (ruleset_settings (rs)->enemy_gap_cm == 2.5);
    assert_true (ruleset_settings (rs)->foot_move_cm
                 == ruleset_settings (base)->foot_move_cm);
    assert_ptr_equal (ruleset_rf_table (rs, ARM_COMMAND),
                      ruleset_rf_table (rs, ARM_CAVALRY));
    assert_ptr_equal (ruleset_rf_table (rs, ARM_ARTILLERY),
                      ruleset_rf_table (rs, ARM_INFANTRY));
    assert_int_equal (ruleset_weapon_count (rs), ruleset_weapon_count (base));
    assert_int_equal (ruleset_throw_count (rs), ruleset_throw_count (base));
    /* a plain ruleset is no overlay */
    assert_null (ruleset_base_name (base));
    assert_false (ruleset_overlay_partial (base));
    ruleset_destroy (&rs);
    ruleset_destroy (&base);
}

/*  An overlay's own dice for a player's throws replace the base's list
 *  whole (a house rule that hits on a D10). */
static void
test_own_throws (void **state)
{
    (void) state;
    char err[SOLO_ERR_MAX] = "";
    ruleset_t *rs = ruleset_load (overlay_file (
        "throws = ( { action = \"shooting\"; step = \"to hit\"; sides = 10;\n"
        "  score = 7; count = \"one per figure\"; text = \"7+ on a D10\"; } );\n"),
        err, sizeof err);
    if (!rs)
        fail_msg ("%s", err);
    assert_int_equal (ruleset_throw_count (rs), 1);
    assert_int_equal (ruleset_throw (rs, 0)->sides, 10);
    assert_int_equal (ruleset_throw (rs, 0)->score, 7);
    assert_string_equal (ruleset_throw (rs, 0)->text, "7+ on a D10");
    ruleset_destroy (&rs);
}

/*  An overlay is played by its base's engine, under its own name. */
static void
test_played_by_base_engine (void **state)
{
    (void) state;
    char err[SOLO_ERR_MAX] = "";
    game_rules_t *rules = game_rules_load (
        overlay_file ("settings = { enemy_gap_cm = 2.5; };\n"), err, sizeof err);
    if (!rules)
        fail_msg ("%s", err);
    assert_string_equal (game_rules_engine (rules)->name, "skirmish19");
    assert_string_equal (ruleset_name (game_rules_ruleset (rules)), "s19_house");
    assert_false (ruleset_overlay_partial (game_rules_ruleset (rules)));
    game_rules_destroy (&rules);
}

static void
expect_error (const char *changes, const char *expect)
{
    char err[SOLO_ERR_MAX] = "";
    ruleset_t *rs = ruleset_load (overlay_file (changes), err, sizeof err);
    if (rs)
        fail_msg ("loaded despite \"%s\"", changes);
    if (!strstr (err, expect))
        fail_msg ("error \"%s\" does not say \"%s\"", err, expect);
}

static void
test_errors (void **state)
{
    (void) state;
    /* a misspelt setting names itself, its line and the base */
    expect_error ("settings = {\n  enemy_gapp_cm = 2.5; };\n",
                  ":6 - settings.enemy_gapp_cm: the base ruleset "
                  "\"skirmish19\" has no such setting");
    expect_error ("settings = 3;\n", "settings: is a group in the base");
    expect_error ("settings = { foot_move_cm = { a = 1; }; };\n",
                  "settings.foot_move_cm: is not a group in the base");
    expect_error ("partial = 1;\n", "partial: must be true or false");
    /* the merged numbers are checked as the base's are */
    expect_error ("settings = { front_half_deg = 500.0; };\n",
                  "settings.front_half_deg is 500, must be within 0..180");
    char err[SOLO_ERR_MAX] = "";
    /* no name of its own */
    const char *path = test_write_temp ("base = \"skirmish19\";\n", ".cfg");
    assert_null (ruleset_load (path, err, sizeof err));
    assert_non_null (strstr (err, "an overlay needs its own name"));
    /* a base that is not there */
    path = test_write_temp ("name = \"x\"; title = \"x\"; base = \"nowhere\";\n",
                            ".cfg");
    assert_null (ruleset_load (path, err, sizeof err));
    assert_non_null (strstr (err, "/../nowhere/tables.cfg - cannot open"));
    /* a base file of another name */
    char text[1024];
    snprintf (text, sizeof text, "name = \"x\"; title = \"x\"; base = "
              "\"bolivar\"; base_file = \"%s\";\n",
              test_source_path ("rules/data/skirmish19/tables.cfg"));
    assert_null (ruleset_load (test_write_temp (text, ".cfg"), err, sizeof err));
    assert_non_null (strstr (err, "names the ruleset \"skirmish19\""));
    /* an overlay's own text read without its path cannot find its base */
    assert_null (ruleset_load_text ("name = \"x\"; title = \"x\"; "
                                    "base = \"skirmish19\";", "t.cfg", err,
                                    sizeof err));
    assert_non_null (strstr (err, "a house-rule overlay is read from its file"));
    /* a plain table file passes through overlay_resolve unchanged */
    char *same = overlay_resolve ("name = \"y\";", "y.cfg", err, sizeof err);
    assert_string_equal (same, "name = \"y\";");
    free (same);
    assert_false (overlay_is ("name = \"y\";"));
    assert_false (overlay_is ("base = "));
    assert_true (overlay_is ("base = \"skirmish19\";"));
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_merged),
        cmocka_unit_test (test_own_throws),
        cmocka_unit_test (test_played_by_base_engine),
        cmocka_unit_test (test_errors),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
