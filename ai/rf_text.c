/*  rf_text.c - the Risk Factor engine's words written without printf.
 *
 *  The numbers are written as glibc's printf writes them in the default
 *  rounding mode: the decimal nearest the double's exact binary value, an
 *  exact tie to the even digit, a minus sign on every negative value
 *  (-0.0, and values that round to zero, included).  test_rf_text holds
 *  them to snprintf over the edge cases and millions of random values.
 */
#include <assert.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "rf_text.h"

/*  Below this magnitude a "%.0f" or "%.1f" is written here: ten times it
 *  and its halves are exact doubles, and its digits fit in 64 bits.
 *  Larger values, infinities and NaN go through snprintf. */
#define FIXED_EXACT_MAX 1e14

#define INT_DIGITS_MAX 24     /* digits of a 64-bit integer, and room */

void
rf_text_start (rf_text_t *t, char *buf, size_t len)
{
    assert (t && buf && len >= 1);
    t->buf = buf;
    t->len = len;
    t->used = 0;
    t->unit = NULL;
    t->cm_per_unit = 1;
    buf[0] = '\0';
}

void
rf_text_measure (rf_text_t *t, const char *unit, double cm_per_unit)
{
    bool own = unit && unit[0] && strcmp (unit, "cm") != 0 && cm_per_unit > 0;
    t->unit = own ? unit : NULL;
    t->cm_per_unit = own ? cm_per_unit : 1;
}

/*  Append the n bytes at s, as many as fit. */
static void
add_bytes (rf_text_t *t, const char *s, size_t n)
{
    size_t room = t->len - 1 - t->used;
    if (n > room)
        n = room;
    memcpy (t->buf + t->used, s, n);
    t->used += n;
    t->buf[t->used] = '\0';
}

void
rf_text_add (rf_text_t *t, const char *s)
{
    add_bytes (t, s, strlen (s));
}

void
rf_text_adds (rf_text_t *t, ...)
{
    va_list ap;
    va_start (ap, t);
    for (const char *s; (s = va_arg (ap, const char *)) != NULL; )
        add_bytes (t, s, strlen (s));
    va_end (ap);
}

/*  Append `sign` (may be 0: none) and the decimal digits of n. */
static void
add_unsigned (rf_text_t *t, char sign, uint64_t n)
{
    char digits[INT_DIGITS_MAX];
    char *p = digits + sizeof digits;
    do {
        *--p = (char) ('0' + n % 10);
        n /= 10;
    } while (n > 0);
    if (sign)
        *--p = sign;
    add_bytes (t, p, (size_t) (digits + sizeof digits - p));
}

/*  The magnitude of v, right for the most negative long too. */
static uint64_t
magnitude (long v)
{
    return v < 0 ? (uint64_t) 0 - (uint64_t) v : (uint64_t) v;
}

void
rf_text_int (rf_text_t *t, long v)
{
    add_unsigned (t, v < 0 ? '-' : 0, magnitude (v));
}

void
rf_text_signed (rf_text_t *t, long v)
{
    add_unsigned (t, v < 0 ? '-' : '+', magnitude (v));
}

/*  The whole number nearest ten times ax (0 <= ax < FIXED_EXACT_MAX),
 *  ties to even, as the exact decimal of ax rounds: the product rounded
 *  may fall on the wrong side of a half, so the nearest is checked
 *  against the halves on either side with a fused multiply-add (exact up
 *  to its one rounding, which keeps the sign).  An exact tie is a value
 *  of an odd number of quarters, whose product is exact. */
static double
tenths_nearest (double ax)
{
    double k = nearbyint (ax * 10.0);
    if (fma (ax, 10.0, -(k + 0.5)) > 0)
        k += 1;
    else if (fma (ax, 10.0, -(k - 0.5)) < 0)
        k -= 1;
    return k;
}

void
rf_text_fixed (rf_text_t *t, double x, int decimals)
{
    assert (decimals == 0 || decimals == 1);
    double ax = fabs (x);
    if (!(ax < FIXED_EXACT_MAX)) {
        char big[400];             /* 1e308 in full, and room */
        snprintf (big, sizeof big, decimals ? "%.1f" : "%.0f", x);
        rf_text_add (t, big);
        return;
    }
    char sign = signbit (x) ? '-' : 0;
    if (decimals == 0) {
        add_unsigned (t, sign, (uint64_t) nearbyint (ax));
        return;
    }
    uint64_t k = (uint64_t) tenths_nearest (ax);
    add_unsigned (t, sign, k / 10);
    char tail[2] = { '.', (char) ('0' + k % 10) };
    add_bytes (t, tail, sizeof tail);
}

/*  "34" within 0.05 of a whole number, else "4.5". */
static void
add_length (rf_text_t *t, double x)
{
    double r = round (x);
    if (fabs (x - r) < 0.05)
        rf_text_fixed (t, r, 0);
    else
        rf_text_fixed (t, x, 1);
}

void
rf_text_cm (rf_text_t *t, double cm)
{
    if (t->unit) {
        add_length (t, cm / t->cm_per_unit);
        if (strcmp (t->unit, "in") == 0)
            add_bytes (t, "\"", 1);
        else {
            add_bytes (t, " ", 1);
            rf_text_add (t, t->unit);
        }
        add_bytes (t, " (", 2);
    }
    add_length (t, cm);
    add_bytes (t, t->unit ? " cm)" : " cm", t->unit ? 4 : 3);
}
