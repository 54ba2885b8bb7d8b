/*  test_situation_index.c - the unit index and the hashed ids of big
 *  situations: every answer is the one a scan of every unit gives, and
 *  the RF engine decides the same with and without the index.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "rf.h"
#include "situation.h"
#include "testutil.h"

static ruleset_t *rs;

static int
setup (void **state)
{
    (void) state;
    rs = test_load_skirmish19 ();
    return rs ? 0 : -1;
}

static int
teardown (void **state)
{
    (void) state;
    ruleset_destroy (&rs);
    return 0;
}

/*  A small deterministic generator (xorshift). */
static unsigned long long seed_state;

static double
rnd (void)
{
    seed_state ^= seed_state << 13;
    seed_state ^= seed_state >> 7;
    seed_state ^= seed_state << 17;
    return (double) (seed_state >> 11) * (1.0 / 9007199254740992.0);
}

static int
irnd (int n)
{
    return (int) (rnd () * n);
}

/*  A table w x d with `n` units of both sides anywhere on it, some in
 *  platoons, some hurt or shocked, and `features` woods, towns and hills. */
static situation_t *
random_situation (int n, double w, double d, int features)
{
    char err[SOLO_ERR_MAX];
    situation_t *sit = situation_new (rs, w, d);
    assert_non_null (sit);
    for (int f = 0; f < features; f++) {
        terrain_feature_t tf;
        memset (&tf, 0, sizeof tf);
        snprintf (tf.id, sizeof tf.id, "f%d", f);
        tf.kind = (terrain_kind_t) irnd (TERRAIN_KIND_COUNT);
        tf.cover = ruleset_terrain (rs, tf.kind)->cover;
        double x = rnd () * w, y = rnd () * d;
        double a = 5 + rnd () * 40, b = 5 + rnd () * 30;
        tf.vertex_count = 4;
        tf.vertices[0] = (vec2_t) { x, y };
        tf.vertices[1] = (vec2_t) { x + a, y };
        tf.vertices[2] = (vec2_t) { x + a, y + b };
        tf.vertices[3] = (vec2_t) { x, y + b };
        assert_int_equal (situation_add_terrain (sit, &tf, err, sizeof err), 0);
    }
    for (int i = 0; i < n; i++) {
        unit_t u;
        memset (&u, 0, sizeof u);
        snprintf (u.id, sizeof u.id, "u%d", i);
        if (irnd (3) == 0)
            snprintf (u.platoon, sizeof u.platoon, "p%d", irnd (6));
        u.side = (side_t) irnd (2);
        u.arm = irnd (4) == 0 ? ARM_CAVALRY : ARM_INFANTRY;
        u.quality = (quality_t) irnd (3);
        u.weapon = irnd (ruleset_weapon_count (rs));
        u.formation = u.arm == ARM_CAVALRY ? FORMATION_MOUNTED
                                           : (formation_t) irnd (4);
        u.figures = 1 + irnd (20);
        u.wounded = irnd (u.figures + 1) / 2;
        u.killed = irnd (u.figures - u.wounded + 1) / 2;
        u.ncos = irnd (2);
        u.fp.centre = (vec2_t) { rnd () * w, rnd () * d };
        u.fp.facing = irnd (2) ? rnd () * 360 : 90 * irnd (4);
        u.fp.width = 3 + rnd () * 15;
        u.fp.depth = 2 + rnd () * 6;
        if (irnd (8) == 0)
            u.status |= STATUS_SHOCK;
        if (irnd (10) == 0)
            u.status |= STATUS_RAN_LAST_TURN;
        if (irnd (10) == 0)
            u.status |= STATUS_FALLING_BACK;
        if (irnd (12) == 0)
            u.status |= STATUS_FIRED;
        assert_true (situation_add_unit (sit, &u, err, sizeof err) >= 0);
    }
    return sit;
}

static int
cmp_int (const void *a, const void *b)
{
    int x = *(const int *) a, y = *(const int *) b;
    return (x > y) - (x < y);
}

/*  Leave out every box wholly right of x = 200. */
static bool
skip_right (vec2_t min, vec2_t max, void *arg)
{
    (void) max;
    return min.x > *(double *) arg;
}

/*  situation_units_within, indexed, against a scan of every unit. */
static void
test_units_within_matches_a_scan (void **state)
{
    (void) state;
    seed_state = 12345;
    situation_t *sit = random_situation (600, 800, 500, 8);
    assert_int_equal (situation_index_units (sit), 0);
    assert_true (situation_units_indexed (sit));
    int n = situation_unit_count (sit);
    int *got = malloc (n * sizeof *got), *want = malloc (n * sizeof *want);
    double *cm = malloc (n * sizeof *cm);
    const double bands[][2] = { { -1, 0 }, { -1, 5 }, { 0, 30 }, { 30, 90 },
                                { 60, 240 }, { 100, INFINITY }, { -1, INFINITY } };
    for (int q = 0; q < 40; q++) {
        const unit_t *me = situation_unit_const (sit, irnd (n));
        for (size_t b = 0; b < sizeof bands / sizeof bands[0]; b++)
        for (unsigned sides = 1; sides <= SITUATION_ALL_SIDES; sides++) {
            double lo = bands[b][0], hi = bands[b][1];
            int count = situation_units_within (sit, &me->fp, lo, hi, sides,
                                                NULL, NULL, got, cm, n);
            int expected = 0;
            for (int j = 0; j < n; j++) {
                const unit_t *o = situation_unit_const (sit, j);
                double d = footprint_distance (&me->fp, &o->fp);
                if ((sides & SITUATION_SIDE_BIT (o->side)) && d > lo && d <= hi)
                    want[expected++] = j;
            }
            assert_int_equal (count, expected);
            for (int k = 0; k < count; k++)
                assert_true (cm[k] == footprint_distance (
                    &me->fp, &situation_unit_const (sit, got[k])->fp));
            qsort (got, count, sizeof *got, cmp_int);
            assert_memory_equal (got, want, count * sizeof *got);
            /* too small a list: the count of all, the first cap written */
            if (expected > 2)
                assert_int_equal (situation_units_within (
                    sit, &me->fp, lo, hi, sides, NULL, NULL, got, NULL, 2),
                    expected);
        }
    }
    /* a skip test leaves out whole cells, never a unit it did not see */
    double edge = 200;
    const unit_t *me = situation_unit_const (sit, 0);
    int count = situation_units_within (sit, &me->fp, -1, INFINITY,
                                        SITUATION_ALL_SIDES, skip_right, &edge,
                                        got, NULL, n);
    /* every unit reaching left of the edge is there: its cell's box does */
    bool *listed = calloc (n, sizeof *listed);
    for (int k = 0; k < count; k++)
        listed[got[k]] = true;
    int left = 0;
    for (int j = 0; j < n; j++) {
        const unit_t *o = situation_unit_const (sit, j);
        double r = 0.5 * hypot (o->fp.width, o->fp.depth);
        if (o->fp.centre.x - r <= edge) {
            assert_true (listed[j]);
            left++;
        }
    }
    assert_true (count >= left && count < n);
    free (listed);
    free (got);
    free (want);
    free (cm);
    situation_destroy (&sit);
}

/*  situation_units_near_way, indexed: in ascending order, every unit
 *  within the way's reach, and none whose floor is beyond it. */
static void
test_units_near_way_indexed (void **state)
{
    (void) state;
    seed_state = 4242;
    situation_t *sit = random_situation (400, 600, 400, 8);
    assert_int_equal (situation_index_units (sit), 0);
    int n = situation_unit_count (sit);
    int got[SITUATION_NEAR_WAY_MAX];
    const double lengths[] = { 0, 5, 20, 60 };
    for (int q = 0; q < 60; q++) {
        const unit_t *me = situation_unit_const (sit, irnd (n));
        for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++) {
            double hi = lengths[l] + 0.5 + 1e-6;
            int count = situation_units_near_way (sit, &me->fp, lengths[l],
                                                  0.5, got,
                                                  SITUATION_NEAR_WAY_MAX);
            assert_true (count >= 0);
            for (int k = 1; k < count; k++)
                assert_true (got[k - 1] < got[k]);
            int k = 0;
            for (int j = 0; j < n; j++) {
                const footprint_t *o = &situation_unit_const (sit, j)->fp;
                bool listed = k < count && got[k] == j;
                k += listed;
                if (footprint_distance (&me->fp, o) <= hi)
                    assert_true (listed);
                if (footprint_distance_floor (&me->fp, o) > hi)
                    assert_false (listed);
            }
            assert_int_equal (k, count);
        }
    }
    situation_destroy (&sit);
}

/*  Units off the table, where a move may leave them, are still found. */
static void
test_units_off_the_table (void **state)
{
    (void) state;
    seed_state = 99;
    situation_t *sit = random_situation (300, 300, 200, 0);
    situation_unit (sit, 7)->fp.centre = (vec2_t) { -40, -30 };
    situation_unit (sit, 8)->fp.centre = (vec2_t) { 900, 250 };
    assert_int_equal (situation_index_units (sit), 0);
    footprint_t probe = { { -45, -30 }, 0, 2, 2 };
    int got[300];
    int count = situation_units_within (sit, &probe, -1, 10,
                                        SITUATION_ALL_SIDES, NULL, NULL, got,
                                        NULL, 300);
    bool found = false;
    for (int k = 0; k < count; k++)
        found |= got[k] == 7;
    assert_true (found);
    probe.centre = (vec2_t) { 905, 250 };
    count = situation_units_within (sit, &probe, -1, 10, SITUATION_ALL_SIDES,
                                    NULL, NULL, got, NULL, 300);
    assert_int_equal (count, 1);
    assert_int_equal (got[0], 8);
    situation_destroy (&sit);
}

/*  The index is dropped by any change to the units, shared by copies,
 *  and small situations get none. */
static void
test_index_life (void **state)
{
    (void) state;
    seed_state = 7;
    situation_t *small = random_situation (SITUATION_INDEX_MIN_UNITS - 1, 200,
                                           100, 0);
    assert_int_equal (situation_index_units (small), 0);
    assert_false (situation_units_indexed (small));
    situation_destroy (&small);

    situation_t *sit = random_situation (SITUATION_INDEX_MIN_UNITS + 10, 400,
                                         300, 2);
    assert_int_equal (situation_index_units (sit), 0);
    assert_true (situation_units_indexed (sit));
    situation_t *copy = situation_dup (sit);
    assert_non_null (copy);
    assert_true (situation_units_indexed (copy));
    situation_unit (copy, 3)->fp.centre.x += 50;
    assert_false (situation_units_indexed (copy));
    assert_true (situation_units_indexed (sit));
    /* the moved unit is found where it went, by a scan */
    const unit_t *moved = situation_unit_const (copy, 3);
    int got[512];
    int count = situation_units_within (copy, &moved->fp, -1, 0,
                                        SITUATION_ALL_SIDES, NULL, NULL, got,
                                        NULL, 512);
    bool found = false;
    for (int k = 0; k < count; k++)
        found |= got[k] == 3;
    assert_true (found);
    /* copying over an indexed situation drops or shares its index */
    assert_int_equal (situation_copy_into (sit, copy), 0);
    assert_false (situation_units_indexed (sit));
    assert_int_equal (situation_index_units (copy), 0);
    assert_int_equal (situation_copy_into (sit, copy), 0);
    assert_true (situation_units_indexed (sit));
    char err[SOLO_ERR_MAX];
    unit_t extra = *situation_unit_const (sit, 0);
    snprintf (extra.id, sizeof extra.id, "extra");
    assert_true (situation_add_unit (sit, &extra, err, sizeof err) >= 0);
    assert_false (situation_units_indexed (sit));
    assert_true (situation_units_indexed (copy));
    situation_destroy (&copy);
    situation_destroy (&sit);
}

/*  Ids hashed from SITUATION_HASH_MIN_UNITS units: every one found,
 *  duplicates refused, copies independent once one grows. */
static void
test_ids_hashed (void **state)
{
    (void) state;
    char err[SOLO_ERR_MAX];
    situation_t *sit = situation_new (rs, 500, 500);
    unit_t u;
    memset (&u, 0, sizeof u);
    u.figures = 10;
    u.fp = (footprint_t) { { 10, 10 }, 0, 10, 3 };
    for (int i = 0; i < 3 * SITUATION_HASH_MIN_UNITS; i++) {
        snprintf (u.id, sizeof u.id, "unit-%d", i);
        u.fp.centre.x = 1 + i;
        assert_int_equal (situation_add_unit (sit, &u, err, sizeof err), i);
    }
    for (int i = 0; i < 3 * SITUATION_HASH_MIN_UNITS; i++) {
        char id[SOLO_ID_MAX];
        snprintf (id, sizeof id, "unit-%d", i);
        assert_int_equal (situation_find_unit (sit, id), i);
    }
    assert_int_equal (situation_find_unit (sit, "unit-x"), -1);
    assert_int_equal (situation_find_unit (sit, ""), -1);
    assert_int_equal (situation_find_unit (sit, NULL), -1);
    snprintf (u.id, sizeof u.id, "unit-40");
    assert_int_equal (situation_add_unit (sit, &u, err, sizeof err), -1);
    assert_string_equal (err, "unit \"unit-40\": duplicate id");

    situation_t *copy = situation_dup (sit);
    snprintf (u.id, sizeof u.id, "only-in-copy");
    int at = situation_add_unit (copy, &u, err, sizeof err);
    assert_true (at > 0);
    assert_int_equal (situation_find_unit (copy, "only-in-copy"), at);
    assert_int_equal (situation_find_unit (sit, "only-in-copy"), -1);
    assert_int_equal (situation_find_unit (copy, "unit-5"), 5);
    assert_int_equal (situation_find_unit (sit, "unit-5"), 5);
    situation_destroy (&copy);
    situation_destroy (&sit);
}

/*  Room reserved for the units before they are added (as a request's
 *  situation is built): the same indices, look-ups and refusals as when
 *  the array and the hash grow as they go; a reserve below the units
 *  there asks nothing; a reserve on a copy leaves the original alone. */
static void
test_ids_reserved (void **state)
{
    (void) state;
    char err[SOLO_ERR_MAX];
    int n = SITUATION_HASH_MIN_UNITS + 8;
    situation_t *sit = situation_new (rs, 500, 500);
    assert_int_equal (situation_reserve_units (sit, n), 0);
    assert_int_equal (situation_reserve_units (sit, 0), 0);
    assert_int_equal (situation_reserve_units (sit, -5), 0);
    unit_t u;
    memset (&u, 0, sizeof u);
    u.figures = 10;
    u.fp = (footprint_t) { { 10, 10 }, 0, 10, 3 };
    for (int i = 0; i < n; i++) {
        snprintf (u.id, sizeof u.id, "unit-%d", i);
        u.fp.centre.x = 1 + i;
        assert_int_equal (situation_add_unit (sit, &u, err, sizeof err), i);
        assert_int_equal (situation_find_unit (sit, u.id), i);
    }
    for (int i = 0; i < n; i++) {
        char id[SOLO_ID_MAX];
        snprintf (id, sizeof id, "unit-%d", i);
        assert_int_equal (situation_find_unit (sit, id), i);
    }
    assert_int_equal (situation_find_unit (sit, "unit-x"), -1);
    snprintf (u.id, sizeof u.id, "unit-3");
    assert_int_equal (situation_add_unit (sit, &u, err, sizeof err), -1);
    assert_string_equal (err, "unit \"unit-3\": duplicate id");
    /* more than there is room for: added all the same */
    snprintf (u.id, sizeof u.id, "one-more");
    assert_int_equal (situation_add_unit (sit, &u, err, sizeof err), n);

    situation_t *copy = situation_dup (sit);
    assert_int_equal (situation_reserve_units (copy, 4 * n), 0);
    snprintf (u.id, sizeof u.id, "only-in-copy");
    assert_int_equal (situation_add_unit (copy, &u, err, sizeof err), n + 1);
    assert_int_equal (situation_find_unit (copy, "only-in-copy"), n + 1);
    assert_int_equal (situation_find_unit (sit, "only-in-copy"), -1);
    assert_int_equal (situation_find_unit (copy, "unit-7"), 7);
    assert_int_equal (situation_find_unit (sit, "unit-7"), 7);
    assert_int_equal (situation_unit_count (sit), n + 1);
    situation_destroy (&copy);

    /* a small reserve: no hash, look-ups by scan as before */
    situation_t *small = situation_new (rs, 500, 500);
    assert_int_equal (situation_reserve_units (small, 3), 0);
    for (int i = 0; i < 5; i++) {
        snprintf (u.id, sizeof u.id, "s-%d", i);
        assert_int_equal (situation_add_unit (small, &u, err, sizeof err), i);
    }
    assert_int_equal (situation_find_unit (small, "s-4"), 4);
    assert_int_equal (situation_find_unit (small, "s-5"), -1);
    situation_destroy (&small);
    situation_destroy (&sit);
}

/*  Two decisions are the same in every field. */
static void
assert_same_decision (const rf_decision_t *a, const rf_decision_t *b)
{
    assert_int_equal (a->rf, b->rf);
    assert_int_equal (a->roll, b->roll);
    assert_int_equal (a->action, b->action);
    assert_int_equal (a->charge, b->charge);
    assert_int_equal (a->factor_count, b->factor_count);
    for (int i = 0; i < a->factor_count; i++) {
        assert_string_equal (a->factors[i].name, b->factors[i].name);
        assert_int_equal (a->factors[i].value, b->factors[i].value);
        assert_string_equal (a->factors[i].reason, b->factors[i].reason);
    }
    const rf_order_t *x = &a->order, *y = &b->order;
    assert_int_equal (x->nearest_enemy, y->nearest_enemy);
    assert_true (x->nearest_enemy_cm == y->nearest_enemy_cm);
    assert_int_equal (x->cover_feature, y->cover_feature);
    assert_int_equal (x->has_destination, y->has_destination);
    assert_true (x->destination.x == y->destination.x);
    assert_true (x->destination.y == y->destination.y);
    assert_true (x->facing == y->facing);
    assert_int_equal (x->shoot_target, y->shoot_target);
    assert_string_equal (x->range_band, y->range_band);
    assert_int_equal (x->group_count, y->group_count);
    assert_string_equal (a->explanation, b->explanation);
}

/*  The RF engine decides the same for every unit, with the index and
 *  by scanning, on crowded tables with terrain. */
static void
test_rf_same_with_index (void **state)
{
    (void) state;
    seed_state = 2024;
    rf_decision_t *with = malloc (sizeof *with);
    rf_decision_t *without = malloc (sizeof *without);
    char err[SOLO_ERR_MAX];
    for (int trial = 0; trial < 3; trial++) {
        situation_t *plain = random_situation (
            SITUATION_INDEX_MIN_UNITS + 100 * trial, 400 + 200 * trial, 300,
            6 + 4 * trial);
        situation_t *indexed = situation_dup (plain);
        assert_int_equal (situation_index_units (indexed), 0);
        assert_true (situation_units_indexed (indexed));
        assert_false (situation_units_indexed (plain));
        int n = situation_unit_count (plain);
        for (int u = 0; u < n; u += 3) {
            if (unit_figures_standing (situation_unit_const (plain, u)) == 0)
                continue;
            dice_t *d1 = dice_new (500 + u), *d2 = dice_new (500 + u);
            assert_int_equal (rf_decide (plain, u, 0, d1, without, err,
                                         sizeof err), 0);
            assert_int_equal (rf_decide (indexed, u, 0, d2, with, err,
                                         sizeof err), 0);
            assert_same_decision (with, without);
            assert_int_equal (dice_below (d1, 1000000), dice_below (d2, 1000000));
            dice_destroy (&d1);
            dice_destroy (&d2);
        }
        situation_destroy (&indexed);
        situation_destroy (&plain);
    }
    free (with);
    free (without);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_units_within_matches_a_scan),
        cmocka_unit_test (test_units_near_way_indexed),
        cmocka_unit_test (test_units_off_the_table),
        cmocka_unit_test (test_index_life),
        cmocka_unit_test (test_ids_hashed),
        cmocka_unit_test (test_ids_reserved),
        cmocka_unit_test (test_rf_same_with_index),
    };
    return cmocka_run_group_tests (tests, setup, teardown);
}
