/*  test_acttree.c - the open-loop tree over the activations after a
 *  plan's (ai/acttree.h): its contract at the edges, the order in which
 *  it tries a node's children, each side's view of a value, and that
 *  with a full budget it finds each side's best reply.  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include "acttree.h"

#define near(a, b, eps) assert_true (fabs ((a) - (b)) <= (eps))

/*  A step of side `side` among candidates `units` (count of them), the
 *  unit `acted` acting. */
static acttree_step_t
step (int side, int count, const int *units, int acted)
{
    acttree_step_t s = { .side = side, .count = count, .acted = acted };
    for (int i = 0; i < count; i++)
        s.unit[i] = units[i];
    return s;
}

/*  acttree_new refuses what it cannot hold; acttree_destroy is safe
 *  twice. */
static void
test_new_and_destroy (void **state)
{
    (void) state;
    assert_null (acttree_new (0, 10, 0.3));
    assert_null (acttree_new (ACTTREE_MAX_DEPTH + 1, 10, 0.3));
    assert_null (acttree_new (2, 0, 0.3));
    assert_null (acttree_new (2, ACTTREE_MAX_NODES + 1, 0.3));
    assert_null (acttree_new (2, 10, -0.1));
    assert_null (acttree_new (2, 10, NAN));
    acttree_t *t = acttree_new (ACTTREE_MAX_DEPTH, 1, 0);
    assert_non_null (t);
    assert_int_equal (acttree_nodes (t), 0);
    acttree_destroy (&t);
    assert_null (t);
    acttree_destroy (&t);
    assert_null (t);
}

/*  An empty tree picks nothing; a fold makes the nodes down the path
 *  and values each step from its side's view. */
static void
test_fold_and_views (void **state)
{
    (void) state;
    acttree_t *t = acttree_new (3, 100, 0.3);
    int picks[3] = { 9, 9, 9 };
    acttree_choose (t, 77, picks);
    for (int k = 0; k < 3; k++)
        assert_int_equal (picks[k], -1);

    int enemy[3] = { 4, 2, 7 }, own[2] = { 1, 3 };
    acttree_step_t s[3] = { step (1, 3, enemy, 2), step (0, 2, own, 3),
                            { .side = -1, .acted = -1 } };
    /* the side (0) scores 0.8: the enemy's step 0.2, its own 0.8 */
    assert_int_equal (acttree_fold (t, 77, s, 0, 0.8), 2);
    assert_int_equal (acttree_nodes (t), 2);
    double mean;
    assert_int_equal (acttree_child (t, 77, NULL, 0, 2, &mean), 1);
    near (mean, 0.2, 1e-12);
    int path[1] = { 2 };
    assert_int_equal (acttree_child (t, 77, path, 1, 3, &mean), 1);
    near (mean, 0.8, 1e-12);
    /* nothing under another plan, nor for a unit not played */
    assert_int_equal (acttree_child (t, 78, NULL, 0, 2, &mean), 0);
    near (mean, 0.5, 0);
    assert_int_equal (acttree_child (t, 77, NULL, 0, 4, &mean), 0);
    int deep[3] = { 2, 3, 4 };            /* as deep as the tree: none */
    assert_int_equal (acttree_child (t, 77, deep, 3, 4, &mean), 0);
    acttree_destroy (&t);
}

/*  A node's untried candidates come first, nearest first, a pending one
 *  counting as tried until the batch is settled. */
static void
test_untried_first (void **state)
{
    (void) state;
    acttree_t *t = acttree_new (2, 100, 0.3);
    int enemy[3] = { 4, 2, 7 };
    acttree_step_t s[2] = { step (1, 3, enemy, 2),
                            { .side = -1, .acted = -1 } };
    acttree_fold (t, 5, s, 0, 0.5);
    int picks[2];
    acttree_choose (t, 5, picks);
    assert_int_equal (picks[0], 4);
    assert_int_equal (picks[1], -1);      /* no node below 4 yet */
    acttree_choose (t, 5, picks);
    assert_int_equal (picks[0], 7);
    acttree_settle (t);
    acttree_choose (t, 5, picks);
    assert_int_equal (picks[0], 4);       /* pending no more: untried */
    acttree_settle (t);
    acttree_destroy (&t);
}

/*  The fold stops at a step with no side, at a unit that is not a
 *  candidate of its node (the node is still made), and when the tree is
 *  full. */
static void
test_fold_stops (void **state)
{
    (void) state;
    acttree_t *t = acttree_new (3, 100, 0.3);
    int a[2] = { 1, 2 }, b[2] = { 5, 6 };
    acttree_step_t outside[2] = { step (1, 2, a, 9), step (0, 2, b, 5) };
    assert_int_equal (acttree_fold (t, 1, outside, 0, 1.0), 0);
    assert_int_equal (acttree_nodes (t), 1);
    acttree_step_t ended[3] = { step (1, 2, a, 1),
                                { .side = -1, .acted = -1 },
                                step (0, 2, b, 5) };
    assert_int_equal (acttree_fold (t, 1, ended, 0, 1.0), 1);
    acttree_destroy (&t);

    acttree_t *small = acttree_new (3, 1, 0.3);
    acttree_step_t two[2] = { step (1, 2, a, 1), step (0, 2, b, 5) };
    assert_int_equal (acttree_fold (small, 1, two, 0, 1.0), 1);
    assert_int_equal (acttree_nodes (small), 1);
    acttree_destroy (&small);
}

/*  With the budget spent by the tree itself on a game of known values,
 *  each side finds its best reply: the enemy the unit worst for the
 *  side (3: the side's value 0.2 whatever it does), the side, after the
 *  enemy's 1, its unit 6 (0.9, where 5 gives 0.3). */
static void
test_finds_replies (void **state)
{
    (void) state;
    acttree_t *t = acttree_new (2, 1000, 0.3);
    int enemy[3] = { 1, 2, 3 }, own[2] = { 5, 6 };
    for (int round = 0; round < 600; round++) {
        int picks[2];
        acttree_choose (t, 42, picks);
        int e = picks[0] >= 0 ? picks[0] : 1;
        int o = picks[1] >= 0 ? picks[1] : 5;
        double value = e == 3 ? 0.2 : e == 2 ? 0.5 : o == 6 ? 0.9 : 0.3;
        acttree_step_t s[2] = { step (1, 3, enemy, e), step (0, 2, own, o) };
        acttree_fold (t, 42, s, 0, value);
        acttree_settle (t);
    }
    long most = 0;
    int best = -1;
    for (int u = 1; u <= 3; u++) {
        long v = acttree_child (t, 42, NULL, 0, u, NULL);
        if (v > most)
            most = v, best = u;
    }
    assert_int_equal (best, 3);
    int after[1] = { 1 };
    assert_true (acttree_child (t, 42, after, 1, 6, NULL)
                 > acttree_child (t, 42, after, 1, 5, NULL));
    acttree_destroy (&t);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_new_and_destroy),
        cmocka_unit_test (test_fold_and_views),
        cmocka_unit_test (test_untried_first),
        cmocka_unit_test (test_fold_stops),
        cmocka_unit_test (test_finds_replies),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
