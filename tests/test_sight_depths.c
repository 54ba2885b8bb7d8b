/*  test_sight_depths.c - how deep a line of sight may run in woods, by
 *  each ruleset's table file.
 *
 *  Seed 002: "Figures may be shot at in, or from, woods up to 10cms
 *  inside" and "Visibility is 20 cms within woods" (it says nothing of
 *  woods between: 10 cm in all).  Empire of Liberty: "You can see up to
 *  3" into woods, built-up areas, and similar terrain, or 6" through
 *  them."  The settings: woods_shoot_depth_cm (into), woods_through_cm
 *  (in all), woods_visibility_cm (within).  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "game.h"
#include "testutil.h"

#define IN(x) ((x) * 2.54)

/*  Can a unit at x = ox see one at x = tx (both at y = 100, 0.2 cm
 *  square) with woods from x = 50 to x = 50 + w, and a second wood from
 *  x = 160 to 160 + w2 when w2 > 0 (w then at most 110), under
 *  `ruleset`? */
static bool
sees (const char *ruleset, double w, double w2, double ox, double tx)
{
    const char *tables = strcmp (ruleset, "skirmish19") == 0
        ? "rules/data/skirmish19/tables.cfg"
        : "rules/data/empire_of_liberty/tables.cfg";
    const char *weapon = strcmp (ruleset, "skirmish19") == 0
        ? "musket" : "musket";
    char err[256];
    game_rules_t *rules = game_rules_load (test_source_path (tables), err,
                                           sizeof err);
    if (!rules)
        fail_msg ("%s", err);
    char second[256] = "";
    if (w2 > 0)
        snprintf (second, sizeof second, ", { id = \"w2\"; kind = \"woods\"; "
                  "polygon = ( [160.0, 0.0], [%.3f, 0.0], [%.3f, 200.0], "
                  "[160.0, 200.0] ); }", 160 + w2, 160 + w2);
    char text[2048];
    snprintf (text, sizeof text,
              "ruleset = \"%s\";\n"
              "table = { width = 400.0; depth = 200.0; };\n"
              "terrain = ( { id = \"w1\"; kind = \"woods\"; polygon = ( "
              "[50.0, 0.0], [%.3f, 0.0], [%.3f, 200.0], [50.0, 200.0] ); }"
              "%s );\n"
              "units = (\n"
              "  { id = \"o\"; side = \"blue\"; arm = \"infantry\"; weapon = "
              "\"%s\"; figures = 8; x = %.3f; y = 100.0; facing = 90.0; "
              "width = 0.2; depth = 0.2; },\n"
              "  { id = \"t\"; side = \"red\"; arm = \"infantry\"; weapon = "
              "\"%s\"; figures = 8; x = %.3f; y = 100.0; facing = 270.0; "
              "width = 0.2; depth = 0.2; } );\n",
              ruleset, 50 + w, 50 + w, second, weapon, ox, weapon, tx);
    situation_t *sit = situation_load_text (text, "t.cfg", game_rules_finder,
                                            rules, err, sizeof err);
    if (!sit)
        fail_msg ("%s", err);
    bool seen = situation_can_see (sit, 0, 1, NULL, NULL);
    situation_destroy (&sit);
    game_rules_destroy (&rules);
    return seen;
}

static void
test_settings (void **state)
{
    (void) state;
    char err[256];
    game_rules_t *r = game_rules_load (test_source_path (
                          "rules/data/skirmish19/tables.cfg"), err, sizeof err);
    assert_non_null (r);
    const rules_settings_t *s = ruleset_settings (game_rules_ruleset (r));
    assert_true (s->woods_shoot_depth_cm == 10.0);
    assert_true (s->woods_through_cm == 10.0);
    assert_true (s->woods_visibility_cm == 20.0);
    game_rules_destroy (&r);
    r = game_rules_load (test_source_path (
            "rules/data/empire_of_liberty/tables.cfg"), err, sizeof err);
    assert_non_null (r);
    s = ruleset_settings (game_rules_ruleset (r));
    assert_true (fabs (s->woods_shoot_depth_cm - IN (3)) < 1e-9);
    assert_true (fabs (s->woods_through_cm - IN (6)) < 1e-9);
    assert_true (fabs (s->woods_visibility_cm - IN (3)) < 1e-9);
    game_rules_destroy (&r);
}

/*  Seed 002: 10 cm into woods, 10 cm through them, 20 cm within. */
static void
test_skirmish19 (void **state)
{
    (void) state;
    /* through a wood between them */
    assert_true (sees ("skirmish19", 9.5, 0, 40, 70));
    assert_false (sees ("skirmish19", 10.5, 0, 40, 70));
    /* from 9.5 cm inside a wood, out (the wood 100 cm wide) */
    assert_true (sees ("skirmish19", 100, 0, 150 - 9.5, 170));
    assert_false (sees ("skirmish19", 100, 0, 150 - 10.5, 170));
    /* within one wood: 20 cm */
    assert_true (sees ("skirmish19", 100, 0, 60, 79.5));
    assert_false (sees ("skirmish19", 100, 0, 60, 80.5));
    /* 6 into one wood and 6 through another: 12 cm of woods in all */
    assert_false (sees ("skirmish19", 100, 6, 150 - 6, 180));
    assert_true (sees ("skirmish19", 100, 3, 150 - 6, 180));
}

/*  Empire of Liberty: 3" into, 6" through. */
static void
test_empire_of_liberty (void **state)
{
    (void) state;
    /* through: 5.9" seen, 6.1" not (one depth of 3" saw neither) */
    assert_true (sees ("empire_of_liberty", IN (5.9), 0, 40, 50 + IN (5.9)
                       + 10));
    assert_false (sees ("empire_of_liberty", IN (6.1), 0, 40, 50 + IN (6.1)
                        + 10));
    /* into: 2.9" seen, 3.1" not */
    assert_true (sees ("empire_of_liberty", 100, 0, 150 - IN (2.9), 170));
    assert_false (sees ("empire_of_liberty", 100, 0, 150 - IN (3.1), 170));
    /* 2.5" into one and through 3" of another: 5.5" in all, seen; through
       4": 6.5", not */
    assert_true (sees ("empire_of_liberty", 100, IN (3), 150 - IN (2.5),
                       160 + IN (3) + 10));
    assert_false (sees ("empire_of_liberty", 100, IN (4), 150 - IN (2.5),
                        160 + IN (4) + 10));
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_settings),
        cmocka_unit_test (test_skirmish19),
        cmocka_unit_test (test_empire_of_liberty),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
