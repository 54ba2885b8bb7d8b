/*  test_overlaps.c - units whose footprints overlap on the table
 *  (footprint_overlap, situation_overlaps): figures cannot stand so, and
 *  the answers warn of it.  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "geom.h"
#include "situation.h"
#include "testutil.h"

static void
test_footprint_overlap (void **state)
{
    (void) state;
    /* 20 wide, 4 deep, both facing 0 (+y): 3 cm into each other */
    footprint_t a = { { 50, 50 }, 0, 20, 4 };
    footprint_t b = { { 50, 51 }, 0, 20, 4 };
    assert_true (fabs (footprint_overlap (&a, &b) - 3.0) < 1e-9);
    /* front edge to rear edge: in contact, not overlapping */
    b.centre.y = 54;
    assert_true (footprint_overlap (&a, &b) == 0);
    b.centre.y = 60;
    assert_true (footprint_overlap (&a, &b) == 0);
    /* side by side, 1 cm of their widths shared */
    b.centre = (vec2_t) { 69, 50 };
    assert_true (fabs (footprint_overlap (&a, &b) - 1.0) < 1e-9);
    /* turned 90 degrees across its middle: 4 cm deep overlap along a's
       depth, b 4 wide and 20 deep */
    b = (footprint_t) { { 50, 50 }, 90, 20, 4 };
    assert_true (fabs (footprint_overlap (&a, &b) - 4.0) < 1e-9);
    /* at 45 degrees, clear of a's corner */
    b = (footprint_t) { { 72, 58 }, 45, 4, 4 };
    assert_true (footprint_overlap (&a, &b) == 0);
}

static const ruleset_t *
the_ruleset (const char *name, void *arg)
{
    (void) name;
    return arg;
}

static void
test_situation_overlaps (void **state)
{
    (void) state;
    ruleset_t *rs = test_load_skirmish19 ();
    const char *text =
        "ruleset = \"skirmish19\";\n"
        "table = { width = 200.0; depth = 200.0; };\n"
        "units = (\n"
        " { id = \"a\"; side = \"blue\"; arm = \"infantry\"; weapon = \"musket\";"
        "   figures = 10; x = 50.0; y = 50.0; facing = 0.0; width = 20.0;"
        "   depth = 4.0; },\n"
        " { id = \"b\"; side = \"red\"; arm = \"infantry\"; weapon = \"musket\";"
        "   figures = 10; x = 50.0; y = 52.0; facing = 180.0; width = 20.0;"
        "   depth = 4.0; },\n"
        " { id = \"c\"; side = \"red\"; arm = \"infantry\"; weapon = \"musket\";"
        "   figures = 10; x = 90.0; y = 50.0; facing = 0.0; width = 20.0;"
        "   depth = 4.0; },\n"
        " { id = \"d\"; side = \"blue\"; arm = \"infantry\"; weapon = \"musket\";"
        "   figures = 10; x = 90.0; y = 54.2; facing = 0.0; width = 20.0;"
        "   depth = 4.0; },\n"
        " { id = \"gone\"; side = \"blue\"; arm = \"infantry\"; weapon = \"musket\";"
        "   figures = 5; killed = 5; x = 50.0; y = 50.0; facing = 0.0;"
        "   width = 10.0; depth = 4.0; } );\n";
    char err[256] = "";
    situation_t *sit = situation_load_text (text, "t.cfg", the_ruleset, rs,
                                            err, sizeof err);
    if (!sit)
        fail_msg ("%s", err);
    situation_overlap_t pairs[4];
    /* a and b overlap by 2 cm; c and d are 0.2 cm into each other
       (contact); the fallen unit counts for nothing */
    assert_int_equal (situation_overlaps (sit, -1, pairs, 4), 1);
    assert_int_equal (pairs[0].a, 0);
    assert_int_equal (pairs[0].b, 1);
    assert_true (fabs (pairs[0].depth_cm - 2.0) < 1e-9);
    assert_int_equal (situation_overlaps (sit, 1, pairs, 4), 1);
    assert_int_equal (pairs[0].a, 0);
    assert_int_equal (situation_overlaps (sit, 2, pairs, 4), 0);
    assert_int_equal (situation_overlaps (sit, 4, pairs, 4), 0);
    assert_int_equal (situation_overlaps (sit, -1, NULL, 0), 1);
    assert_int_equal (situation_overlaps (sit, 99, pairs, 4), 0);
    situation_destroy (&sit);
    ruleset_destroy (&rs);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_footprint_overlap),
        cmocka_unit_test (test_situation_overlaps),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
