/*  test_fit.c - the additive fit of playout values (ai/fit.h): its
 *  contract at the edges, and that it takes apart the shares of choices
 *  made together, which raw means cannot.  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <limits.h>
#include <math.h>
#include "fit.h"

#define near(a, b, eps) assert_true (fabs ((a) - (b)) <= (eps))

/*  fit_new refuses what it cannot hold; fit_destroy is safe twice. */
static void
test_new_and_destroy (void **state)
{
    (void) state;
    assert_null (fit_new (0, 4, 10));
    assert_null (fit_new (2, 0, 10));
    assert_null (fit_new (2, FIT_MAX_LEVELS + 1, 10));
    assert_null (fit_new (2, 4, 0));
    assert_null (fit_new (1 << 20, 4, LONG_MAX));
    fit_t *fit = fit_new (2, FIT_MAX_LEVELS, 1);
    assert_non_null (fit);
    fit_destroy (&fit);
    assert_null (fit);
    fit_destroy (&fit);
    assert_null (fit);
}

/*  Records past the capacity and levels out of range are refused and
 *  not kept; before a refit there are no fitted values; a record alone
 *  gives its value less the shrinkage of its level's effect. */
static void
test_records (void **state)
{
    (void) state;
    fit_t *fit = fit_new (2, 3, 2);
    double out[3];
    assert_false (fit_stale (fit, 0));
    fit_refit (fit);                         /* no record: nothing */
    assert_null (fit_values (fit, 0, 3, out));
    uint8_t bad[2] = { 0, 3 };
    assert_int_equal (fit_add (fit, bad, 1.0), -1);
    assert_int_equal (fit_records (fit), 0);
    uint8_t a[2] = { 1, 2 };
    assert_int_equal (fit_add (fit, a, 1.0), 0);
    assert_null (fit_values (fit, 0, 3, out));
    assert_true (fit_stale (fit, 1));
    assert_false (fit_stale (fit, 2));
    fit_refit (fit);
    assert_false (fit_stale (fit, 0));
    /* one record: the mean is its value, and no residual is left for
       an effect; a level no record took has the mean alone */
    assert_ptr_equal (fit_values (fit, 0, 3, out), out);
    near (out[0], 1.0, 1e-12);
    near (out[1], 1.0, 1e-12);
    near (out[2], 1.0, 1e-12);
    uint8_t b[2] = { 0, 0 };
    assert_int_equal (fit_add (fit, b, 0.0), 0);
    assert_int_equal (fit_add (fit, b, 0.0), -1);   /* full */
    assert_int_equal (fit_records (fit), 2);
    /* two records, 1.0 at (1, 2) and 0.0 at (0, 0): mean 0.5, the
       residuals +1/2 and -1/2 (every effect 0 after the first refit),
       each level's new effect (its residuals plus its old effect) over
       its one record and FIT_PRIOR's two, the record of level 0 the
       mirror of the other's:
         sweep 1: factor 0 level 1  (1/2) / 3            = 1/6,
                  residual 1/2 - 1/6 = 1/3;
                  factor 1 level 2  (1/3) / 3            = 1/9,
                  residual 1/3 - 1/9 = 2/9;
         sweep 2: factor 0 level 1  (2/9 + 1/6) / 3      = 7/54,
                  residual 2/9 + 1/27 = 7/27;
                  factor 1 level 2  (7/27 + 1/9) / 3     = 10/81,
                  residual 7/27 - 1/81 = 20/81;
         sweep 3: factor 0 level 1  (20/81 + 7/54) / 3   = 61/486,
                  residual 20/81 + 1/243 = 61/243;
                  factor 1 level 2  (61/243 + 10/81) / 3 = 91/729. */
    fit_refit (fit);
    fit_values (fit, 0, 3, out);
    near (out[1], 0.5 + 61.0 / 486, 1e-12);
    near (out[0], 0.5 - 61.0 / 486, 1e-12);
    near (out[2], 0.5, 1e-12);
    fit_values (fit, 1, 3, out);
    near (out[2], 0.5 + 91.0 / 729, 1e-12);
    near (out[0], 0.5 - 91.0 / 729, 1e-12);
    near (out[1], 0.5, 1e-12);
    fit_destroy (&fit);
}

/*  The effects of three factors whose levels are chosen together (the
 *  second follows the first three times in four): the fit recovers
 *  each level's effect, the raw means of the first factor's levels
 *  carry the second's. */
static void
test_recovers_effects (void **state)
{
    (void) state;
    static const double e0[4] = { 0.0, 0.10, -0.05, 0.20 };
    static const double e1[3] = { 0.0, -0.10, 0.05 };
    static const double e2[2] = { 0.0, 0.15 };
    enum { RECORDS = 4000 };
    fit_t *fit = fit_new (3, 4, RECORDS);
    assert_non_null (fit);
    double raw_sum[4] = { 0 };
    long raw_n[4] = { 0 };
    uint32_t x = 12345;
    for (int r = 0; r < RECORDS; r++) {
        x = x * 1664525u + 1013904223u;
        uint8_t level[3];
        level[0] = (uint8_t) ((x >> 8) % 4);
        level[1] = (uint8_t) ((x >> 12) % 4 == 0 ? (x >> 16) % 3
                                                 : level[0] % 3);
        level[2] = (uint8_t) ((x >> 20) % 2);
        double v = 0.5 + e0[level[0]] + e1[level[1]] + e2[level[2]];
        assert_int_equal (fit_add (fit, level, v), 0);
        raw_sum[level[0]] += v;
        raw_n[level[0]]++;
    }
    for (int i = 0; i < 30; i++)
        fit_refit (fit);
    double out[4];
    fit_values (fit, 0, 4, out);
    for (int k = 1; k < 4; k++)
        near (out[k] - out[0], e0[k] - e0[0], 0.01);
    fit_values (fit, 1, 3, out);
    for (int k = 1; k < 3; k++)
        near (out[k] - out[0], e1[k] - e1[0], 0.01);
    fit_values (fit, 2, 2, out);
    near (out[1] - out[0], e2[1] - e2[0], 0.01);
    /* the raw means: level 1 of the first factor mostly meets level 1
       of the second (-0.10), so it looks worse than it is */
    double raw1 = raw_sum[1] / raw_n[1] - raw_sum[0] / raw_n[0];
    assert_true (fabs (raw1 - (e0[1] - e0[0])) > 0.05);
    fit_destroy (&fit);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_new_and_destroy),
        cmocka_unit_test (test_records),
        cmocka_unit_test (test_recovers_effects),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
