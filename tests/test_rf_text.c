/*  test_rf_text.c - the Risk Factor engine's words written without
 *  printf are the words printf writes: every number against snprintf
 *  with the same format, over the edge cases (halves, exact ties, minus
 *  zero, values that round to zero, huge values, infinities, NaN) and
 *  millions of random values; and a text cut at its end as snprintf cuts
 *  it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "rf_text.h"

#define RANDOM_VALUES 500000

/*  xorshift64*: the random values, the same every run. */
static uint64_t
next_random (uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ULL;
}

/*  A double of any bit pattern, or one of a few magnitudes. */
static double
random_double (uint64_t *s)
{
    uint64_t r = next_random (s);
    switch (r % 4) {
        case 0: {
            double x;
            uint64_t bits = next_random (s);
            memcpy (&x, &bits, sizeof x);
            return x;
        }
        case 1:                   /* lengths and points on a table */
            return ((double) (next_random (s) >> 11) / 9007199254740992.0
                    - 0.5) * 2000.0;
        case 2: {                 /* next to a twentieth: halves and ties */
            double x = (double) ((int64_t) (next_random (s) % 400000)
                                 - 200000) / 20.0;
            int steps = (int) (next_random (s) % 7) - 3;
            for (; steps > 0; steps--)
                x = nextafter (x, INFINITY);
            for (; steps < 0; steps++)
                x = nextafter (x, -INFINITY);
            return x;
        }
        default:                  /* any magnitude */
            return ldexp ((double) (next_random (s) >> 11)
                          / 9007199254740992.0,
                          (int) (next_random (s) % 120) - 60)
                   * (r & 16 ? -1 : 1);
    }
}

/*  The number as rf_text writes it and as snprintf does. */
static void
check_fixed (double x)
{
    char got[512], want[512];
    rf_text_t t;
    for (int decimals = 0; decimals <= 1; decimals++) {
        rf_text_start (&t, got, sizeof got);
        rf_text_fixed (&t, x, decimals);
        snprintf (want, sizeof want, decimals ? "%.1f" : "%.0f", x);
        if (strcmp (got, want) != 0)
            fail_msg ("%.17g (%a) with %d decimals: \"%s\", printf \"%s\"",
                      x, x, decimals, got, want);
        assert_int_equal (t.used, strlen (got));
    }
}

/*  The length as the engine wrote it with snprintf. */
static const char *
printf_cm (double cm, char *buf, size_t len)
{
    double r = round (cm);
    if (fabs (cm - r) < 0.05)
        snprintf (buf, len, "%.0f cm", r);
    else
        snprintf (buf, len, "%.1f cm", cm);
    return buf;
}

static void
check_cm (double cm)
{
    char got[512], want[512];
    rf_text_t t;
    rf_text_start (&t, got, sizeof got);
    rf_text_cm (&t, cm);
    printf_cm (cm, want, sizeof want);
    if (strcmp (got, want) != 0)
        fail_msg ("%.17g (%a) cm: \"%s\", printf \"%s\"", cm, cm, got, want);
}

static void
test_fixed_edges (void **state)
{
    (void) state;
    const double edges[] = {
        0.0, -0.0, 0.05, -0.05, 0.15, 0.25, -0.25, 0.35, 0.45, 0.5, -0.5,
        0.75, 1.25, 1.5, 2.5, -2.5, 3.5, 0.04, -0.04, -0.4, 0.949999,
        0.95, 9.95, 99.95, 359.5, 359.95, 359.96, 0.125, 0.375, 1e-300,
        -1e-300, DBL_MIN, -DBL_MIN, DBL_TRUE_MIN, 1e13 + 0.05, 1e13 + 0.25,
        99999999999999.95, 1e14 - 0.25, 1e14, -1e14, 1e15 + 0.5, 1e300,
        -1e300, DBL_MAX, -DBL_MAX, INFINITY, -INFINITY, NAN, -NAN,
        4503599627370495.5, 4503599627370496.5, 9007199254740993.0,
    };
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) {
        check_fixed (edges[i]);
        check_fixed (nextafter (edges[i], INFINITY));
        check_fixed (nextafter (edges[i], -INFINITY));
        check_cm (edges[i]);
    }
    /* every tenth and twentieth near the table's lengths, and a step
       either side */
    for (int i = -20000; i <= 20000; i++) {
        double x = i / 20.0;
        check_fixed (x);
        check_fixed (nextafter (x, INFINITY));
        check_fixed (nextafter (x, -INFINITY));
        check_cm (x);
        check_cm (nextafter (x, INFINITY));
        check_cm (nextafter (x, -INFINITY));
        x = i / 10.0 + 0.05;
        check_cm (x);
        check_cm (nextafter (x, INFINITY));
        check_cm (nextafter (x, -INFINITY));
    }
}

static void
test_fixed_random (void **state)
{
    (void) state;
    uint64_t s = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < RANDOM_VALUES; i++) {
        double x = random_double (&s);
        check_fixed (x);
        if (i % 4 == 0)
            check_cm (x);
    }
}

static void
test_integers (void **state)
{
    (void) state;
    const long values[] = { 0, 1, -1, 9, 10, -10, 99, 100, 12345, -98765,
                            INT_MAX, INT_MIN, LONG_MAX, LONG_MIN };
    char got[64], want[64];
    rf_text_t t;
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        rf_text_start (&t, got, sizeof got);
        rf_text_int (&t, values[i]);
        snprintf (want, sizeof want, "%ld", values[i]);
        assert_string_equal (got, want);
        rf_text_start (&t, got, sizeof got);
        rf_text_signed (&t, values[i]);
        snprintf (want, sizeof want, "%+ld", values[i]);
        assert_string_equal (got, want);
    }
}

/*  A text of `len` bytes written piece by piece is the whole text as
 *  snprintf cuts it to `len`, for every length. */
static void
test_cut_at_the_end (void **state)
{
    (void) state;
    char whole[256];
    snprintf (whole, sizeof whole, "Order: move %s to (%.1f, %.1f), facing "
              "%.0f degrees; %d figures %+d.", "12.3 cm", -0.04, 250.25,
              359.5, 42, -3);
    for (size_t len = 1; len <= strlen (whole) + 2; len++) {
        char got[256], want[256];
        memset (got, 'x', sizeof got);
        rf_text_t t;
        rf_text_start (&t, got, len);
        rf_text_adds (&t, "Order: move ", "12.3 cm", " to (", NULL);
        rf_text_fixed (&t, -0.04, 1);
        rf_text_add (&t, ", ");
        rf_text_fixed (&t, 250.25, 1);
        rf_text_add (&t, "), facing ");
        rf_text_fixed (&t, 359.5, 0);
        rf_text_add (&t, " degrees; ");
        rf_text_int (&t, 42);
        rf_text_add (&t, " figures ");
        rf_text_signed (&t, -3);
        rf_text_add (&t, ".");
        snprintf (want, len, "%s", whole);
        assert_string_equal (got, want);
        assert_int_equal (t.used, strlen (want));
        assert_int_equal (got[len], 'x');     /* nothing past its end */
    }
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_fixed_edges),
        cmocka_unit_test (test_fixed_random),
        cmocka_unit_test (test_integers),
        cmocka_unit_test (test_cut_at_the_end),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
