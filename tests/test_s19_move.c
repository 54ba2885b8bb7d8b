/*  test_s19_move.c - seed 002's movement: "Foot Figures may move a
 *  maximum of 25 cms a turn, though wounded men and civilians may only
 *  move 20cms (15 cms if in heavy armour/clothing!)  Cavalry walk at
 *  5-30cms, Trot at 31-45cms and Gallop at 50-60cms.  Difficult going
 *  counts double the distance, and it takes 1/4 move to clear a low
 *  barrier (Fallen tree etc) or fence."  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "s19_move.h"
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

static unit_t
unit (arm_t arm, int figures, int wounded)
{
    unit_t u;
    memset (&u, 0, sizeof u);
    snprintf (u.id, sizeof u.id, "u");
    u.arm = arm;
    u.figures = figures;
    u.wounded = wounded;
    return u;
}

static void
test_foot_allowance (void **state)
{
    (void) state;
    unit_t u = unit (ARM_INFANTRY, 10, 0);
    assert_true (s19_move_allowance (rs, t, &u, ORDER_PACE_DEFAULT) == 25);
    assert_true (s19_move_allowance (rs, t, &u, ORDER_PACE_FULL) == 25);
    assert_true (s19_move_allowance (rs, t, &u, ORDER_PACE_HALF) == 12.5);
    assert_true (s19_move_allowance (rs, t, &u, ORDER_PACE_GALLOP) == 25);
    u.troop_type = ruleset_troop_type_find (rs, "heavy_armour");
    assert_true (s19_move_allowance (rs, t, &u, ORDER_PACE_FULL) == 15);
    assert_true (s19_move_allowance (rs, t, &u, ORDER_PACE_HALF) == 7.5);
    u.troop_type = ruleset_troop_type_find (rs, "civilians");
    assert_true (s19_move_allowance (rs, t, &u, ORDER_PACE_FULL) == 20);
    u.troop_type = 0;
    /* a group mostly of wounded men moves at their 20 cm */
    u = unit (ARM_INFANTRY, 10, 6);
    assert_true (s19_move_allowance (rs, t, &u, ORDER_PACE_FULL) == 20);
    u = unit (ARM_INFANTRY, 10, 5);
    assert_true (s19_move_allowance (rs, t, &u, ORDER_PACE_FULL) == 25);
    u = unit (ARM_COMMAND, 1, 1);
    assert_true (s19_move_allowance (rs, t, &u, ORDER_PACE_FULL) == 20);
    u = unit (ARM_INFANTRY, 4, 0);
    u.killed = 4;
    assert_true (s19_move_allowance (rs, t, &u, ORDER_PACE_FULL) == 0);
}

static void
test_cavalry_paces (void **state)
{
    (void) state;
    unit_t c = unit (ARM_CAVALRY, 6, 0);
    assert_true (s19_move_allowance (rs, t, &c, ORDER_PACE_WALK) == 30);
    assert_true (s19_move_allowance (rs, t, &c, ORDER_PACE_DEFAULT) == 30);
    assert_true (s19_move_allowance (rs, t, &c, ORDER_PACE_CANTER) == 45);
    assert_true (s19_move_allowance (rs, t, &c, ORDER_PACE_GALLOP) == 60);
    /* half speed: half the gallop, its full speed (RULINGS.md) */
    assert_true (s19_move_allowance (rs, t, &c, ORDER_PACE_HALF) == 30);
    assert_true (s19_pace_min_cm (t, &c, ORDER_PACE_WALK) == 5);
    assert_true (s19_pace_min_cm (t, &c, ORDER_PACE_CANTER) == 31);
    assert_true (s19_pace_min_cm (t, &c, ORDER_PACE_GALLOP) == 50);
    unit_t f = unit (ARM_INFANTRY, 6, 0);
    assert_true (s19_pace_min_cm (t, &f, ORDER_PACE_GALLOP) == 0);
}

/*  A 200 x 100 table with a wood from x 50 to 60, a fence at x 100..101
 *  and a river from x 150 to 160. */
static situation_t *
table (void)
{
    char err[256] = "";
    situation_t *sit = situation_new (rs, 200, 100);
    assert_non_null (sit);
    terrain_feature_t f;
    memset (&f, 0, sizeof f);
    f.vertex_count = 4;
    snprintf (f.id, sizeof f.id, "wood");
    f.kind = TERRAIN_WOODS;
    f.cover = COVER_SOFT;
    f.vertices[0] = (vec2_t) { 50, 0 };
    f.vertices[1] = (vec2_t) { 60, 0 };
    f.vertices[2] = (vec2_t) { 60, 100 };
    f.vertices[3] = (vec2_t) { 50, 100 };
    if (situation_add_terrain (sit, &f, err, sizeof err) < 0)
        fail_msg ("%s", err);
    snprintf (f.id, sizeof f.id, "fence");
    f.kind = TERRAIN_LOW_BARRIER;
    f.vertices[0] = (vec2_t) { 100, 0 };
    f.vertices[1] = (vec2_t) { 101, 0 };
    f.vertices[2] = (vec2_t) { 101, 100 };
    f.vertices[3] = (vec2_t) { 100, 100 };
    if (situation_add_terrain (sit, &f, err, sizeof err) < 0)
        fail_msg ("%s", err);
    snprintf (f.id, sizeof f.id, "river");
    f.kind = TERRAIN_RIVER;
    f.cover = COVER_NONE;
    f.vertices[0] = (vec2_t) { 150, 0 };
    f.vertices[1] = (vec2_t) { 160, 0 };
    f.vertices[2] = (vec2_t) { 160, 100 };
    f.vertices[3] = (vec2_t) { 150, 100 };
    if (situation_add_terrain (sit, &f, err, sizeof err) < 0)
        fail_msg ("%s", err);
    return sit;
}

static void
test_path_cost (void **state)
{
    (void) state;
    situation_t *sit = table ();
    /* in the open: the length */
    assert_true (fabs (s19_path_cost (sit, (vec2_t) { 10, 50 },
                                      (vec2_t) { 30, 50 }, 25) - 20) < 1e-6);
    /* 10 cm through the wood counts 20 */
    assert_true (fabs (s19_path_cost (sit, (vec2_t) { 40, 50 },
                                      (vec2_t) { 70, 50 }, 25) - 40) < 1e-6);
    /* the fence: a quarter of a 25 cm move, 6.25 cm */
    assert_true (fabs (s19_path_cost (sit, (vec2_t) { 90, 50 },
                                      (vec2_t) { 110, 50 }, 25) - 26.25) < 1e-6);
    /* the river cannot be crossed */
    assert_true (isinf (s19_path_cost (sit, (vec2_t) { 140, 50 },
                                       (vec2_t) { 170, 50 }, 25)));
    situation_destroy (&sit);
}

static void
test_path_reach (void **state)
{
    (void) state;
    situation_t *sit = table ();
    double spent;
    /* 25 cm from x 40: 10 open, then 15 of movement in the wood = 7.5 cm */
    vec2_t p = s19_path_reach (sit, (vec2_t) { 40, 50 }, (vec2_t) { 90, 50 },
                               25, 25, &spent);
    assert_true (fabs (p.x - 57.5) < 0.2 && fabs (p.y - 50) < 1e-9);
    assert_true (spent <= 25 + 1e-9);
    /* short of the goal: reach the goal itself */
    p = s19_path_reach (sit, (vec2_t) { 10, 50 }, (vec2_t) { 20, 50 }, 25, 25,
                        &spent);
    assert_true (p.x == 20 && fabs (spent - 10) < 1e-9);
    /* over the fence from 90: 10 to it, 6.25 to clear it, 8.75 beyond */
    p = s19_path_reach (sit, (vec2_t) { 90, 50 }, (vec2_t) { 130, 50 }, 25, 25,
                        NULL);
    assert_true (fabs (p.x - 108.75) < 0.2);
    /* the river stops the move at its bank */
    p = s19_path_reach (sit, (vec2_t) { 140, 50 }, (vec2_t) { 180, 50 }, 25,
                        25, NULL);
    assert_true (p.x <= 150 && p.x > 149.7);
    /* the table's edge */
    p = s19_path_reach (sit, (vec2_t) { 190, 50 }, (vec2_t) { 230, 50 }, 60,
                        60, NULL);
    assert_true (p.x <= 200);
    situation_destroy (&sit);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_foot_allowance),
        cmocka_unit_test (test_cavalry_paces),
        cmocka_unit_test (test_path_cost),
        cmocka_unit_test (test_path_reach),
    };
    return cmocka_run_group_tests (tests, setup, teardown);
}
