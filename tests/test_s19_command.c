/*  test_s19_command.c - seed 002's figure activation: "Heroes throw 4D6
 *  a turn.  Veterans throw 3D6 a turn.  Raw figures throw 2D6.  Throw an
 *  extra D6 if at least 1 Drummer and/or Bugler is commanded.  Command
 *  distance is 50cms in the open, 25cms in enclosed terrain.  Loyal
 *  figures require 1 pt to activate them.  Disloyal figures and Routers
 *  require 2 pts.  - 1 Dice if Officer loading/Firing or in Melee."  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include "s19_command.h"
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

static void
test_command_dice (void **state)
{
    (void) state;
    assert_int_equal (s19_command_dice (t, QUALITY_HERO, false, false), 4);
    assert_int_equal (s19_command_dice (t, QUALITY_REGULAR, false, false), 3);
    assert_int_equal (s19_command_dice (t, QUALITY_RAW, false, false), 2);
    assert_int_equal (s19_command_dice (t, QUALITY_HERO, true, false), 5);
    assert_int_equal (s19_command_dice (t, QUALITY_RAW, true, false), 3);
    assert_int_equal (s19_command_dice (t, QUALITY_REGULAR, false, true), 2);
    assert_int_equal (s19_command_dice (t, QUALITY_RAW, true, true), 2);
    /* never below none */
    s19_tables_t harsh = *t;
    harsh.command_busy_dice = -5;
    assert_int_equal (s19_command_dice (&harsh, QUALITY_RAW, false, true), 0);
}

static unit_t
unit (int figures, int killed, uint32_t status)
{
    unit_t u;
    memset (&u, 0, sizeof u);
    snprintf (u.id, sizeof u.id, "u");
    u.figures = figures;
    u.killed = killed;
    u.status = status;
    return u;
}

static void
test_activation_cost (void **state)
{
    (void) state;
    unit_t u = unit (8, 0, 0);
    assert_int_equal (s19_activation_cost (t, &u), 8);
    u = unit (8, 3, 0);                       /* 5 standing */
    assert_int_equal (s19_activation_cost (t, &u), 5);
    u = unit (8, 0, STATUS_DISLOYAL);
    assert_int_equal (s19_activation_cost (t, &u), 16);
    u = unit (6, 0, STATUS_ROUTING);
    assert_int_equal (s19_activation_cost (t, &u), 12);
    u = unit (6, 0, STATUS_ROUTING | STATUS_DISLOYAL);
    assert_int_equal (s19_activation_cost (t, &u), 12);
    u = unit (6, 6, 0);
    assert_int_equal (s19_activation_cost (t, &u), 0);
    s19_tables_t per_unit = *t;
    per_unit.cost_per_figure = false;
    u = unit (8, 0, STATUS_DISLOYAL);
    assert_int_equal (s19_activation_cost (&per_unit, &u), 2);
}

/*  "Disloyal figures and Routers require 2 pts to activate them": a unit
 *  that ran from the enemy last turn (the run action leaves it
 *  ran_last_turn) is a router, as one marked routing is. */
static void
test_ran_is_router (void **state)
{
    (void) state;
    assert_true (t->ran_is_router);
    unit_t u = unit (6, 0, STATUS_RAN_LAST_TURN);
    assert_int_equal (s19_activation_cost (t, &u), 12);
    u = unit (6, 2, STATUS_RAN_LAST_TURN | STATUS_FALLING_BACK);
    assert_int_equal (s19_activation_cost (t, &u), 8);
    /* the run action is what leaves a unit ran_last_turn */
    const rf_morale_t *m = ruleset_rf_morale (rs);
    assert_true (m->sets_status[RF_RUN] & STATUS_RAN_LAST_TURN);
    /* the other reading: only units marked routing */
    s19_tables_t marked = *t;
    marked.ran_is_router = false;
    u = unit (6, 0, STATUS_RAN_LAST_TURN);
    assert_int_equal (s19_activation_cost (&marked, &u), 6);
}

static void
test_command_distance (void **state)
{
    (void) state;
    const rules_settings_t *s = ruleset_settings (rs);
    assert_true (s19_command_distance (s, false) == 50.0);
    assert_true (s19_command_distance (s, true) == 25.0);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_command_dice),
        cmocka_unit_test (test_activation_cost),
        cmocka_unit_test (test_ran_is_router),
        cmocka_unit_test (test_command_distance),
    };
    return cmocka_run_group_tests (tests, setup, teardown);
}
