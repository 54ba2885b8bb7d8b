/*  test_game_orders.c - what the rules core asks of every order before
 *  a ruleset's own rules (game.h, game_check_order): a kind and pace of
 *  order.h, a point and facing that are numbers, a point for a move.
 *  Asked of a game of each ruleset, for the same answer from each.  */
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

/*  Order `o` for the first unit that needs one in the first phase that
 *  orders any must be refused with `want`; the game takes no order. */
static void
refused_first (game_t *g, dice_t *dice, order_t o, const char *want)
{
    int u = -1;
    for (int guard = 0; u < 0 && guard < 16; guard++) {
        game_begin_phase (g, dice);
        for (int k = 0; k < game_unit_count (g) && u < 0; k++)
            if (game_needs_order (g, k))
                u = k;
        if (u < 0)
            game_resolve_phase (g, dice);
    }
    assert_true (u >= 0);
    char err[256] = "";
    assert_int_equal (game_check_order (g, u, &o, err, sizeof err), -1);
    if (!strstr (err, want))
        fail_msg ("error \"%s\" lacks \"%s\"", err, want);
    assert_int_equal (game_apply_order (g, u, &o, err, sizeof err), -1);
    assert_false (game_unit (g, u)->ordered);
}

static void
test_malformed_orders (void **state)
{
    (void) state;
    static const char *const cases[][2] = {
        { "rules/data/skirmish19/tables.cfg", "farm" },
        { "rules/data/empire_of_liberty/tables.cfg", "eol_cowpens" },
        { "rules/data/europe19/tables.cfg", "e19_meeting" },
        { "rules/data/bolivar/tables.cfg", "bol_meeting" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        game_rules_t *rules = test_rules_load (cases[i][0]);
        scenario_t *sc = test_scenario_load (rules, cases[i][1]);
        char err[256];
        game_t *g = game_new (rules, sc, err, sizeof err);
        assert_non_null (g);
        dice_t *dice = dice_new (5);

        order_t nan_to = order_hold ();
        nan_to.kind = ORDER_MOVE;
        nan_to.has_to = true;
        nan_to.to = (vec2_t) { NAN, 10 };
        refused_first (g, dice, nan_to,
                       "the order's point or facing is not a number");
        order_t inf_facing = order_hold ();
        inf_facing.has_facing = true;
        inf_facing.facing = INFINITY;
        refused_first (g, dice, inf_facing,
                       "the order's point or facing is not a number");
        order_t no_point = order_hold ();
        no_point.kind = ORDER_TAKE_COVER;
        refused_first (g, dice, no_point,
                       "a take_cover order needs a point to go to");
        order_t bad_kind = order_hold ();
        bad_kind.kind = (order_kind_t) ORDER_KIND_COUNT;
        refused_first (g, dice, bad_kind, "unknown order kind or pace");

        dice_destroy (&dice);
        game_destroy (&g);
        scenario_destroy (&sc);
        game_rules_destroy (&rules);
    }
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_malformed_orders),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
