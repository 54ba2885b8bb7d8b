/*  test_geom_inside.c - how much of a line of sight (or of a move) runs
 *  inside a polygon: convex polygons, the usual woods and buildings, are
 *  clipped in one pass; other polygons are cut at their edges.  Both give
 *  the same lengths: checked on worked cases and against a fine sampling
 *  of random convex polygons.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include "geom.h"

#define assert_close(a, b) assert_true (fabs ((a) - (b)) < 1e-9)

static double
inside (const vec2_t *pts, int n, double ax, double ay, double bx, double by)
{
    return polygon_segment_inside_length (pts, n, (vec2_t) { ax, ay },
                                          (vec2_t) { bx, by });
}

/*  A 10 x 10 square, both ways round. */
static void
test_square (void **state)
{
    (void) state;
    const vec2_t ccw[4] = { { 0, 0 }, { 10, 0 }, { 10, 10 }, { 0, 10 } };
    const vec2_t cw[4] = { { 0, 0 }, { 0, 10 }, { 10, 10 }, { 10, 0 } };
    const vec2_t *sq[2] = { ccw, cw };
    for (int k = 0; k < 2; k++) {
        const vec2_t *p = sq[k];
        assert_close (inside (p, 4, -5, 5, 15, 5), 10);     /* across */
        assert_close (inside (p, 4, 5, 5, 20, 5), 5);       /* from inside */
        assert_close (inside (p, 4, 2, 3, 7, 8), sqrt (50)); /* all inside */
        assert_close (inside (p, 4, -5, 0, 15, 0), 10);     /* along an edge */
        assert_close (inside (p, 4, 0, 2, 0, 7), 5);        /* on an edge */
        assert_close (inside (p, 4, 5, -5, 15, 5), 0);      /* a vertex only */
        assert_close (inside (p, 4, -5, -1, 15, -1), 0);    /* beside it */
        assert_close (inside (p, 4, 20, 20, 30, 40), 0);    /* far away */
        assert_close (inside (p, 4, 5, 5, 5, 5), 0);        /* a point */
        assert_close (inside (p, 4, -10, -10, 20, 20), sqrt (200));
    }
}

/*  A concave L: cut at its edges. */
static void
test_concave (void **state)
{
    (void) state;
    const vec2_t l[6] = { { 0, 0 }, { 10, 0 }, { 10, 4 }, { 4, 4 },
                          { 4, 10 }, { 0, 10 } };
    assert_close (inside (l, 6, -1, 2, 11, 2), 10);
    assert_close (inside (l, 6, -1, 6, 11, 6), 4);
    assert_close (inside (l, 6, 2, -1, 2, 11), 10);
    assert_close (inside (l, 6, 7, -1, 7, 11), 4);
    assert_close (inside (l, 6, -1, 4, 11, 4), 10);       /* along edges */
}

/*  Random convex polygons (triangles to octagons, rectangles, both ways
 *  round) and segments: the length agrees with a fine sampling of the
 *  segment by polygon_contains. */
static void
test_against_sampling (void **state)
{
    (void) state;
    srand (12345);
    for (int trial = 0; trial < 400; trial++) {
        vec2_t pts[8];
        int n = 3 + rand () % 6;
        double cx = 50 + rand () % 50, cy = 50 + rand () % 50;
        double r = 5 + rand () % 30, a0 = (rand () % 628) / 100.0;
        for (int i = 0; i < n; i++) {
            double a = a0 + 6.283185307179586 * i / n;
            pts[i] = (vec2_t) { cx + r * cos (a), cy + r * sin (a) };
        }
        if (trial % 2)
            for (int i = 0; i < n / 2; i++) {
                vec2_t t = pts[i];
                pts[i] = pts[n - 1 - i];
                pts[n - 1 - i] = t;
            }
        vec2_t a = { rand () % 200 - 25.0, rand () % 200 - 25.0 };
        vec2_t b = { rand () % 200 - 25.0, rand () % 200 - 25.0 };
        double len = geom_dist (a, b);
        const int samples = 4000;
        int in = 0;
        for (int s = 0; s < samples; s++) {
            double t = (s + 0.5) / samples;
            vec2_t p = { a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t };
            in += polygon_contains (pts, n, p);
        }
        double got = polygon_segment_inside_length (pts, n, a, b);
        double want = len * in / samples;
        if (fabs (got - want) > 2.0 * len / samples + 1e-9)
            fail_msg ("trial %d: %g inside, sampling says %g", trial, got,
                      want);
    }
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_square),
        cmocka_unit_test (test_concave),
        cmocka_unit_test (test_against_sampling),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
