/*  test_order.c - orders in words: order_tabletop, what a player does
 *  with the figures, measured in the ruleset's unit of length.  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include "order.h"
#include "ruleset.h"
#include "situation.h"
#include "testutil.h"

static const ruleset_t *
find_one (const char *name, void *arg)
{
    (void) name;
    return arg;
}

/*  Blue "a" at (50, 50) facing 0 (the far edge), red "e" 20 cm ahead of
 *  its front edge. */
static situation_t *
table_of (const ruleset_t *rs, const char *extra)
{
    char text[2048];
    snprintf (text, sizeof text,
        "ruleset = \"%s\";\n"
        "table = { width = 200.0; depth = 200.0; };\n"
        "units = (\n"
        " { id = \"a\"; side = \"blue\"; arm = \"infantry\"; quality = \"regular\";"
        "   weapon = \"musket\"; figures = 10; x = 50.0; y = 50.0;"
        "   facing = 0.0; width = 20.0; depth = 4.0; %s },\n"
        " { id = \"e\"; side = \"red\"; arm = \"infantry\"; quality = \"regular\";"
        "   weapon = \"musket\"; figures = 10; x = 50.0; y = 76.0;"
        "   facing = 180.0; width = 20.0; depth = 4.0; %s } );\n",
        ruleset_name (rs), extra, extra);
    char err[256] = "";
    situation_t *sit = situation_load_text (text, "t.cfg", find_one,
                                            (void *) rs, err, sizeof err);
    if (!sit)
        fail_msg ("%s", err);
    return sit;
}

static order_t
move_to (double x, double y)
{
    order_t o = order_hold ();
    o.kind = ORDER_MOVE;
    o.has_to = true;
    o.to = (vec2_t) { x, y };
    return o;
}

static void
test_tabletop_cm (void **state)
{
    (void) state;
    char err[256], buf[160];
    ruleset_t *rs = ruleset_load (test_source_path (
        "rules/data/skirmish19/tables.cfg"), err, sizeof err);
    assert_non_null (rs);
    situation_t *sit = table_of (rs, "");
    order_t o = move_to (50, 68.6);
    assert_string_equal (order_tabletop (&o, sit, 0, buf, sizeof buf),
                         "advance 18.6 cm straight ahead");
    o.has_facing = true;
    o.facing = 90;
    assert_string_equal (order_tabletop (&o, sit, 0, buf, sizeof buf),
                         "advance 18.6 cm straight ahead, then face 90 "
                         "(90 right)");
    o = move_to (40, 60);          /* 45 degrees left, 14.1 cm */
    assert_string_equal (order_tabletop (&o, sit, 0, buf, sizeof buf),
                         "move 14.1 cm 45 degrees left of its front, turning "
                         "to face the way it moved: 315 (45 left)");
    o = move_to (50, 40);
    assert_string_equal (order_tabletop (&o, sit, 0, buf, sizeof buf),
                         "fall back 10.0 cm straight to the rear, turning to "
                         "face the way it moved: 180 (180 right)");
    o.has_facing = true;
    o.facing = 0;
    assert_string_equal (order_tabletop (&o, sit, 0, buf, sizeof buf),
                         "fall back 10.0 cm straight to the rear, facing "
                         "unchanged");
    o = order_hold ();
    assert_string_equal (order_tabletop (&o, sit, 0, buf, sizeof buf),
                         "stand");
    o.has_facing = true;
    o.facing = 270;
    assert_string_equal (order_tabletop (&o, sit, 0, buf, sizeof buf),
                         "stand, turning to face 270 (90 left)");
    o = order_hold ();
    o.kind = ORDER_CHARGE;
    o.target = 1;                  /* front edges 22 cm apart */
    assert_string_equal (order_tabletop (&o, sit, 0, buf, sizeof buf),
                         "charge e: 22.0 cm to contact");
    o.kind = ORDER_CONTINUE;
    assert_string_equal (order_tabletop (&o, sit, 0, buf, sizeof buf),
                         "carry on as before");
    o.has_facing = true;
    o.facing = 180;
    assert_string_equal (order_tabletop (&o, sit, 0, buf, sizeof buf),
                         "carry on as before, turning to face 180 "
                         "(180 right)");
    assert_string_equal (order_tabletop (&o, sit, 7, buf, sizeof buf), "");
    /* this turn's move: a point beyond it is said as the move towards it */
    o = move_to (50, 80);
    assert_string_equal (order_tabletop_turn (&o, sit, 0, 12.5, buf,
                                              sizeof buf),
                         "advance up to 12.5 cm straight ahead, towards a "
                         "point 30.0 cm off");
    o.has_facing = true;
    o.facing = 90;
    assert_string_equal (order_tabletop_turn (&o, sit, 0, 12.5, buf,
                                              sizeof buf),
                         "advance up to 12.5 cm straight ahead, towards a "
                         "point 30.0 cm off, then face 90 (90 right)");
    /* within it, or with no reach given: as before */
    assert_string_equal (order_tabletop_turn (&o, sit, 0, 30.0, buf,
                                              sizeof buf),
                         "advance 30.0 cm straight ahead, then face 90 "
                         "(90 right)");
    char plain[160];
    assert_string_equal (order_tabletop_turn (&o, sit, 0, 0, buf,
                                              sizeof buf),
                         order_tabletop (&o, sit, 0, plain, sizeof plain));
    /* a change of formation first, in the ruleset's words */
    o = order_hold ();
    o.has_formation = true;
    o.formation = FORMATION_COLUMN;
    assert_string_equal (order_tabletop (&o, sit, 0, buf, sizeof buf),
                         "change formation to column, then stand");
    situation_destroy (&sit);
    ruleset_destroy (&rs);
}

/*  Empire of Liberty measures in inches: "Infantry in line 4\"". */
static void
test_tabletop_inches (void **state)
{
    (void) state;
    char err[256], buf[160];
    ruleset_t *rs = ruleset_load (test_source_path (
        "rules/data/empire_of_liberty/tables.cfg"), err, sizeof err);
    assert_non_null (rs);
    situation_t *sit = table_of (rs, "troop_type = \"regular_infantry\";");
    order_t o = move_to (50, 60.16);
    assert_string_equal (order_tabletop (&o, sit, 0, buf, sizeof buf),
                         "advance 4.0\" (10.2 cm) straight ahead");
    situation_destroy (&sit);
    ruleset_destroy (&rs);
}

/*  A continue carried out: the current move goes on, turned to the
 *  continue's facing, firing as the continue says, with its morale
 *  effect; an action that does not go on becomes a hold. */
static void
test_carried_on (void **state)
{
    (void) state;
    order_t current = order_hold ();
    current.kind = ORDER_MOVE;
    current.has_to = true;
    current.to = (vec2_t) { 40, 50 };
    current.fire = true;
    current.target = 3;
    order_t given = order_hold ();
    given.kind = ORDER_CONTINUE;
    given.has_facing = true;
    given.facing = 90;
    given.status_set = STATUS_FALLING_BACK;
    order_t c = order_carried_on (&given, &current, true);
    assert_int_equal (c.kind, ORDER_MOVE);
    assert_true (c.has_to && c.to.x == 40 && c.to.y == 50);
    assert_true (c.has_facing && c.facing == 90);
    assert_false (c.fire);
    assert_int_equal (c.target, -1);
    assert_int_equal (c.status_set, STATUS_FALLING_BACK);
    assert_false (c.has_formation);
    c = order_carried_on (&given, &current, false);
    assert_int_equal (c.kind, ORDER_HOLD);
    assert_false (c.has_to);
    assert_true (c.has_facing && c.facing == 90);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_carried_on),
        cmocka_unit_test (test_tabletop_cm),
        cmocka_unit_test (test_tabletop_inches),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
