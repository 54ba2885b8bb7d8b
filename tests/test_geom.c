/*  test_geom.c - plane geometry, against values worked out by hand.
 *
 *  Compass: bearing 0 faces +y, 90 faces +x.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>
#include "geom.h"

#define EPS 1e-9

static void
assert_close (double got, double want)
{
    if (fabs (got - want) > EPS)
        fail_msg ("got %.12f, want %.12f", got, want);
}

static void
assert_point (vec2_t got, double x, double y)
{
    if (fabs (got.x - x) > EPS || fabs (got.y - y) > EPS)
        fail_msg ("got (%.12f, %.12f), want (%.12f, %.12f)", got.x, got.y,
                  x, y);
}

static footprint_t
fp (double x, double y, double facing, double width, double depth)
{
    return (footprint_t) { { x, y }, facing, width, depth };
}

static const vec2_t square[] = { { 0, 0 }, { 10, 0 }, { 10, 10 }, { 0, 10 } };
static const vec2_t square_cw[] = { { 0, 0 }, { 0, 10 }, { 10, 10 }, { 10, 0 } };
/* an L: the square 0..10 without its upper right 4..10 x 4..10 */
static const vec2_t ell[] = { { 0, 0 }, { 10, 0 }, { 10, 4 }, { 4, 4 },
                              { 4, 10 }, { 0, 10 } };

static void
test_angles (void **state)
{
    (void) state;
    assert_close (geom_norm_deg (0), 0);
    assert_close (geom_norm_deg (360), 0);
    assert_close (geom_norm_deg (-90), 270);
    assert_close (geom_norm_deg (725), 5);
    assert_close (geom_norm_deg (-720), 0);
    assert_close (geom_norm_deg (359.5), 359.5);
    assert_true (geom_norm_deg (-1e-20) < 360.0);
    assert_close (geom_norm_deg (NAN), 0);

    assert_point (geom_heading_vec (0), 0, 1);
    assert_point (geom_heading_vec (90), 1, 0);
    assert_point (geom_heading_vec (180), 0, -1);
    assert_point (geom_heading_vec (-90), -1, 0);
    assert_point (geom_heading_vec (45), sqrt (0.5), sqrt (0.5));
    assert_point (geom_heading_vec (210), -0.5, -sqrt (3) / 2);

    vec2_t o = { 0, 0 };
    assert_close (geom_bearing (o, (vec2_t) { 0, 10 }), 0);
    assert_close (geom_bearing (o, (vec2_t) { 10, 0 }), 90);
    assert_close (geom_bearing (o, (vec2_t) { 0, -5 }), 180);
    assert_close (geom_bearing (o, (vec2_t) { -3, 0 }), 270);
    assert_close (geom_bearing (o, (vec2_t) { 1, 1 }), 45);
    assert_close (geom_bearing (o, (vec2_t) { -1, 1 }), 315);
    assert_close (geom_bearing (o, o), 0);
    assert_close (geom_dist (o, (vec2_t) { 3, 4 }), 5);

    /* the smaller and the larger, as fmin and fmax give them */
    assert_true (geom_min (2, -3) == -3 && geom_max (2, -3) == 2);
    assert_true (geom_min (INFINITY, 7) == 7 && geom_max (-INFINITY, 7) == 7);
    assert_true (geom_min (4, 4) == 4 && geom_max (4, 4) == 4);
    for (double a = -2; a <= 2; a += 0.5)
        for (double b = -2; b <= 2; b += 0.5) {
            assert_true (geom_min (a, b) == fmin (a, b));
            assert_true (geom_max (a, b) == fmax (a, b));
        }
}

static void
test_corners_and_contains (void **state)
{
    (void) state;
    vec2_t c[4];
    footprint_t f = fp (10, 20, 0, 12, 4);
    footprint_corners (&f, c);
    assert_point (c[0], 4, 22);     /* front-left */
    assert_point (c[1], 16, 22);    /* front-right */
    assert_point (c[2], 16, 18);    /* rear-right */
    assert_point (c[3], 4, 18);     /* rear-left */
    /* facing east: the left is north */
    f = fp (10, 20, 90, 12, 4);
    footprint_corners (&f, c);
    assert_point (c[0], 12, 26);
    assert_point (c[1], 12, 14);
    assert_point (c[2], 8, 14);
    assert_point (c[3], 8, 26);
    assert_true (footprint_contains (&f, (vec2_t) { 12, 26 }));
    assert_true (footprint_contains (&f, (vec2_t) { 10, 20 }));
    assert_false (footprint_contains (&f, (vec2_t) { 12.001, 20 }));
    assert_false (footprint_contains (&f, (vec2_t) { 10, 26.001 }));
    /* facing 45: a 2 x 2 square is a diamond of half-diagonal sqrt 2 */
    f = fp (0, 0, 45, 2, 2);
    footprint_corners (&f, c);
    assert_point (c[0], 0, sqrt (2));
    assert_point (c[1], sqrt (2), 0);
    assert_true (footprint_contains (&f, (vec2_t) { 0, 1.4 }));
    assert_false (footprint_contains (&f, (vec2_t) { 1, 1 }));
}

static void
test_point_nearest (void **state)
{
    (void) state;
    footprint_t f = fp (0, 0, 0, 10, 2);       /* x -5..5, y -1..1 */
    assert_point (footprint_point_nearest (&f, (vec2_t) { 0, 10 }), 0, 1);
    assert_point (footprint_point_nearest (&f, (vec2_t) { 8, 5 }), 5, 1);
    assert_point (footprint_point_nearest (&f, (vec2_t) { 1, 0.5 }), 1, 0.5);
    assert_close (footprint_point_distance (&f, (vec2_t) { 8, 5 }), 5);
    assert_close (footprint_point_distance (&f, (vec2_t) { -7, 0 }), 2);
    assert_close (footprint_point_distance (&f, (vec2_t) { 1, 0.5 }), 0);
}

/*  The nearest part of a footprint within an arc: the whole nearest
 *  point when it is in the arc; else the nearest point of the part in
 *  it; none when no part is; the apex itself when inside. */
static void
test_nearest_in_arc (void **state)
{
    (void) state;
    footprint_t f = fp (0, 0, 0, 10, 2);       /* x -5..5, y -1..1 */
    vec2_t p;
    /* from below, facing north: the nearest point (0, -1) is in */
    assert_true (footprint_nearest_in_arc (&f, (vec2_t) { 0, -5 }, 0, 45, &p));
    assert_point (p, 0, -1);
    /* from (-10, -3) facing north: the nearest corner (-5, -1) is 68
       degrees off; the 45-degree edge x + 10 = y + 3 meets the bottom
       edge at x = -8 (off it) and the left edge x = -5 at y = 2 (off
       it): nothing in the arc */
    assert_false (footprint_nearest_in_arc (&f, (vec2_t) { -10, -3 }, 0, 45,
                                            &p));
    /* from (-8, -3): the edge x + 8 = y + 3 meets x = -5 at y = 0: the
       part in the arc starts at (-5, 0), nearer than the corner (-5, 1) */
    assert_true (footprint_nearest_in_arc (&f, (vec2_t) { -8, -3 }, 0, 45, &p));
    assert_point (p, -5, 0);
    /* facing away: nothing */
    assert_false (footprint_nearest_in_arc (&f, (vec2_t) { 0, -5 }, 180, 45,
                                            &p));
    /* a 90-degree half arc takes the whole half plane ahead */
    assert_true (footprint_nearest_in_arc (&f, (vec2_t) { -20, -1 }, 0, 90,
                                           &p));
    assert_point (p, -5, -1);
    /* the apex inside */
    assert_true (footprint_nearest_in_arc (&f, (vec2_t) { 1, 0 }, 90, 45, &p));
    assert_point (p, 1, 0);
}

static void
test_footprint_distance (void **state)
{
    (void) state;
    footprint_t a = fp (0, 0, 0, 10, 2);       /* x -5..5, y -1..1 */
    footprint_t b = fp (0, 10, 0, 10, 2);      /* y 9..11 */
    assert_close (footprint_distance (&a, &b), 8);
    b = fp (20, 10, 0, 10, 2);                 /* x 15..25, y 9..11 */
    assert_close (footprint_distance (&a, &b), sqrt (10 * 10 + 8 * 8));
    assert_close (footprint_distance (&b, &a), sqrt (10 * 10 + 8 * 8));
    b = fp (10, 0, 0, 10, 2);                  /* touching along x = 5 */
    assert_close (footprint_distance (&a, &b), 0);
    b = fp (10, 2, 0, 10, 2);                  /* touching at a corner */
    assert_close (footprint_distance (&a, &b), 0);
    b = fp (1, 0.5, 30, 3, 3);                 /* overlapping */
    assert_close (footprint_distance (&a, &b), 0);
    b = fp (0, 0, 0, 1, 1);                    /* one inside the other */
    assert_close (footprint_distance (&a, &b), 0);
    /* a diamond (2 x 2 turned 45) above: its lowest corner at 5 - sqrt 2 */
    b = fp (0, 5, 45, 2, 2);
    assert_close (footprint_distance (&a, &b), 4 - sqrt (2));
    /* a line facing east is 2 wide in x: x -1..1, y -5..5 */
    a = fp (0, 0, 90, 10, 2);
    b = fp (4, 0, 0, 2, 2);                    /* x 3..5 */
    assert_close (footprint_distance (&a, &b), 2);
    b = fp (4, 8, 0, 2, 2);                    /* x 3..5, y 7..9 */
    assert_close (footprint_distance (&a, &b), sqrt (4 + 4));
}

/*  The floor is never above the distance, and near it for footprints
 *  apart in line: worked cases, then random pairs of every size, facing
 *  and spread, touching and overlapping ones included; over the same
 *  pairs the distance from a footprint made ready is footprint_distance
 *  bit for bit. */
static void
test_footprint_distance_floor (void **state)
{
    (void) state;
    footprint_t a = fp (0, 0, 0, 10, 2);
    footprint_t b = fp (0, 10, 0, 10, 2);      /* 8 apart, head on */
    double floor_cm = footprint_distance_floor (&a, &b);
    assert_true (floor_cm <= 8 && floor_cm > 8 - 1e-3);
    b = fp (0, 0.5, 0, 10, 2);                 /* overlapping */
    assert_true (footprint_distance_floor (&a, &b) <= 0);
    b = fp (0, 0, 0, 1, 1);                    /* same centre */
    assert_true (footprint_distance_floor (&a, &b) < 0);
    uint64_t r = 88172645463325252ULL;
    for (int i = 0; i < 200000; i++) {
        double v[10];
        for (int k = 0; k < 10; k++) {
            r ^= r << 13;
            r ^= r >> 7;
            r ^= r << 17;
            v[k] = (double) (r >> 11) / 9007199254740992.0;
        }
        double spread = i % 3 == 0 ? 20 : i % 3 == 1 ? 300 : 50000;
        a = fp (v[0] * spread, v[1] * spread, v[2] * 360, 0.5 + v[3] * 40,
                0.5 + v[4] * 10);
        b = fp (v[5] * spread, v[6] * spread, i % 4 ? v[7] * 360 : a.facing,
                0.5 + v[8] * 40, 0.5 + v[9] * 10);
        double exact = footprint_distance (&a, &b);
        footprint_ready_t ready;
        footprint_ready (&a, &ready);
        double from_ready = footprint_distance_ready (&ready, &b);
        if (memcmp (&from_ready, &exact, sizeof exact) != 0)
            fail_msg ("made ready %.17g, footprint_distance %.17g",
                      from_ready, exact);
        double low = footprint_distance_floor (&a, &b);
        if (!(low <= exact))
            fail_msg ("floor %.17g above the distance %.17g", low, exact);
        if (!(footprint_distance_floor (&b, &a) <= exact))
            fail_msg ("floor (b, a) above the distance %.17g", exact);
    }
}

static void
test_footprint_nearest_point (void **state)
{
    (void) state;
    footprint_t a = fp (0, 0, 0, 10, 2);
    /* two lines facing each other: aim at the middle */
    footprint_t b = fp (0, 10, 180, 10, 2);
    assert_point (footprint_nearest_point (&a, &b), 0, 9);
    assert_point (footprint_nearest_point (&b, &a), 0, 1);
    /* offset: the facing stretch of b's edge is x 1..5 */
    b = fp (6, 10, 0, 10, 2);
    assert_point (footprint_nearest_point (&a, &b), 1, 9);
    /* well off to the side: a corner */
    b = fp (20, 10, 0, 10, 2);
    assert_point (footprint_nearest_point (&a, &b), 15, 9);
    /* the diamond's lowest corner */
    b = fp (0, 5, 45, 2, 2);
    assert_point (footprint_nearest_point (&a, &b), 0, 5 - sqrt (2));
    /* touching side by side: the middle of the shared stretch */
    b = fp (10, 0, 0, 10, 2);
    assert_point (footprint_nearest_point (&a, &b), 5, 0);
    /* overlapping: b's centre */
    b = fp (1, 0.5, 30, 3, 3);
    assert_point (footprint_nearest_point (&a, &b), 1, 0.5);
}

/*  The face a point stands before: a 10 x 2 footprint facing north
 *  (0): its front 1 out to the north, its rear to the south, its flanks
 *  5 out to the east (90) and the west (-90). */
static void
test_face_out (void **state)
{
    (void) state;
    footprint_t f = fp (0, 0, 0, 10, 2);
    double half;
    assert_close (footprint_face_out (&f, ARC_FRONT, (vec2_t) { 0, 10 },
                                      &half), 0);
    assert_close (half, 1);
    assert_close (footprint_face_out (&f, ARC_REAR, (vec2_t) { 0, -10 },
                                      &half), 180);
    assert_close (half, 1);
    assert_close (footprint_face_out (&f, ARC_FLANK, (vec2_t) { 10, 0 },
                                      &half), 90);
    assert_close (half, 5);
    assert_close (footprint_face_out (&f, ARC_FLANK, (vec2_t) { -10, 0 },
                                      &half), -90);
    assert_close (half, 5);
}

static void
test_arcs (void **state)
{
    (void) state;
    footprint_t f = fp (0, 0, 0, 10, 2);
    assert_int_equal (footprint_arc (&f, (vec2_t) { 0, 10 }, 45, 45), ARC_FRONT);
    assert_int_equal (footprint_arc (&f, (vec2_t) { 10, 10 }, 45, 45), ARC_FRONT);
    assert_int_equal (footprint_arc (&f, (vec2_t) { -10, 10 }, 45, 45), ARC_FRONT);
    assert_int_equal (footprint_arc (&f, (vec2_t) { 10, 9 }, 45, 45), ARC_FLANK);
    assert_int_equal (footprint_arc (&f, (vec2_t) { 10, 0 }, 45, 45), ARC_FLANK);
    assert_int_equal (footprint_arc (&f, (vec2_t) { -10, 0 }, 45, 45), ARC_FLANK);
    assert_int_equal (footprint_arc (&f, (vec2_t) { 0, -10 }, 45, 45), ARC_REAR);
    assert_int_equal (footprint_arc (&f, (vec2_t) { 10, -10 }, 45, 45), ARC_REAR);
    assert_int_equal (footprint_arc (&f, (vec2_t) { -10, -9 }, 45, 45), ARC_FLANK);
    assert_int_equal (footprint_arc (&f, (vec2_t) { 3, -0.5 }, 45, 45), ARC_FRONT);
    /* by the bearing alone (geom_arc_from), a point inside is placed as
       any other: on the rear edge behind the centre, rear; the centre
       itself front; the limit in its arc */
    assert_int_equal (footprint_arc (&f, (vec2_t) { 0, -1 }, 45, 45), ARC_FRONT);
    assert_int_equal (geom_arc_from (f.centre, f.facing, (vec2_t) { 0, -1 },
                                     45, 45), ARC_REAR);
    assert_int_equal (geom_arc_from (f.centre, f.facing, (vec2_t) { 3, -0.5 },
                                     45, 45), ARC_FLANK);
    assert_int_equal (geom_arc_from (f.centre, f.facing, f.centre, 45, 45),
                      ARC_FRONT);
    assert_int_equal (geom_arc_from (f.centre, f.facing, (vec2_t) { 10, 10 },
                                     45, 45), ARC_FRONT);
    assert_int_equal (geom_arc_from (f.centre, 90, (vec2_t) { 0, 10 }, 45, 45),
                      ARC_FLANK);
    /* other half-angles: front 60, rear 30 */
    vec2_t at55 = geom_heading_vec (55), at140 = geom_heading_vec (140),
           at155 = geom_heading_vec (155);
    at55.x *= 20; at55.y *= 20;
    at140.x *= 20; at140.y *= 20;
    at155.x *= 20; at155.y *= 20;
    assert_int_equal (footprint_arc (&f, at55, 60, 30), ARC_FRONT);
    assert_int_equal (footprint_arc (&f, at140, 60, 30), ARC_FLANK);
    assert_int_equal (footprint_arc (&f, at155, 60, 30), ARC_REAR);
    /* facing east */
    f = fp (0, 0, 90, 10, 2);
    assert_int_equal (footprint_arc (&f, (vec2_t) { 10, 0 }, 45, 45), ARC_FRONT);
    assert_int_equal (footprint_arc (&f, (vec2_t) { 0, 10 }, 45, 45), ARC_FLANK);
    assert_int_equal (footprint_arc (&f, (vec2_t) { -10, 1 }, 45, 45), ARC_REAR);
    /* facing 350: a point at bearing 20 is 30 off the front */
    f = fp (0, 0, 350, 10, 2);
    vec2_t at20 = geom_heading_vec (20);
    at20.x *= 20; at20.y *= 20;
    assert_int_equal (footprint_arc (&f, at20, 45, 45), ARC_FRONT);
}

static void
test_arc_of (void **state)
{
    (void) state;
    footprint_t f = fp (0, 0, 0, 10, 2);
    footprint_t side = fp (20, 0, 270, 10, 2);  /* x 19..21, y -5..5 */
    assert_int_equal (footprint_arc_of (&f, &side, 45, 45), ARC_FLANK);
    footprint_t behind = fp (0, -20, 0, 10, 2);
    assert_int_equal (footprint_arc_of (&f, &behind, 45, 45), ARC_REAR);
    footprint_t ahead = fp (3, 30, 180, 10, 2);
    assert_int_equal (footprint_arc_of (&f, &ahead, 45, 45), ARC_FRONT);
    /* ahead of the end of a wide line, close in: its nearest point
     * (17, 4) is at bearing atan(17/4) = 76.8 from the centre, but
     * straight before the front edge (x -20..20): front */
    footprint_t wide = fp (0, 0, 0, 40, 2);
    footprint_t off = fp (18, 5, 180, 2, 2);
    assert_int_equal (footprint_arc_of (&wide, &off, 45, 45), ARC_FRONT);
    /* just past the end (nearest point (21, 4)): by its bearing, 79.2
     * from the centre, flank */
    footprint_t past = fp (22, 5, 180, 2, 2);
    assert_int_equal (footprint_arc_of (&wide, &past, 45, 45), ARC_FLANK);
    /* straight behind the rear edge, close in: rear */
    footprint_t behind_end = fp (-18, -5, 0, 2, 2);
    assert_int_equal (footprint_arc_of (&wide, &behind_end, 45, 45), ARC_REAR);
    /* footprint_arc_at places a point on the flank edge by its bearing,
     * one on the front edge in the front lane, one on the rear edge in
     * the rear lane; footprint_arc calls every point within front */
    assert_int_equal (footprint_arc_at (&wide, (vec2_t) { 20, 0 }, 45, 45),
                      ARC_FLANK);
    assert_int_equal (footprint_arc_at (&wide, (vec2_t) { 19, 1 }, 45, 45),
                      ARC_FRONT);
    assert_int_equal (footprint_arc_at (&wide, (vec2_t) { -19, -1 }, 45, 45),
                      ARC_REAR);
    assert_int_equal (footprint_arc (&wide, (vec2_t) { 20, 0 }, 45, 45),
                      ARC_FRONT);
}

static void
test_polygon_contains (void **state)
{
    (void) state;
    assert_true (polygon_contains (square, 4, (vec2_t) { 5, 5 }));
    assert_true (polygon_contains (square, 4, (vec2_t) { 10, 5 }));
    assert_true (polygon_contains (square, 4, (vec2_t) { 0, 0 }));
    assert_true (polygon_contains (square, 4, (vec2_t) { 10, 10 }));
    assert_false (polygon_contains (square, 4, (vec2_t) { 11, 5 }));
    assert_false (polygon_contains (square, 4, (vec2_t) { -0.0001, 5 }));
    assert_true (polygon_contains (square_cw, 4, (vec2_t) { 5, 5 }));
    assert_false (polygon_contains (square_cw, 4, (vec2_t) { 5, 10.5 }));
    assert_false (polygon_contains (ell, 6, (vec2_t) { 7, 7 }));
    assert_true (polygon_contains (ell, 6, (vec2_t) { 2, 8 }));
    assert_true (polygon_contains (ell, 6, (vec2_t) { 7, 2 }));
    assert_true (polygon_contains (ell, 6, (vec2_t) { 4, 7 }));
    assert_true (polygon_contains (ell, 6, (vec2_t) { 7, 4 }));
    /* a ray through a vertex must not double count */
    const vec2_t tri[] = { { 0, 0 }, { 10, 5 }, { 0, 10 } };
    assert_true (polygon_contains (tri, 3, (vec2_t) { 2, 5 }));
    assert_false (polygon_contains (tri, 3, (vec2_t) { -2, 5 }));
    assert_false (polygon_contains (tri, 3, (vec2_t) { 11, 5 }));
}

static void
test_polygon_distances (void **state)
{
    (void) state;
    assert_close (polygon_boundary_distance (square, 4, (vec2_t) { 5, 5 }), 5);
    assert_close (polygon_boundary_distance (square, 4, (vec2_t) { 3, 5 }), 3);
    assert_close (polygon_boundary_distance (square, 4, (vec2_t) { 13, 14 }), 5);
    assert_close (polygon_boundary_distance (square, 4, (vec2_t) { 10, 4 }), 0);
    assert_close (polygon_distance (square, 4, (vec2_t) { 5, 5 }), 0);
    assert_close (polygon_distance (square, 4, (vec2_t) { 13, 14 }), 5);
    assert_close (polygon_distance (square, 4, (vec2_t) { 15, 5 }), 5);
    assert_close (polygon_distance (ell, 6, (vec2_t) { 7, 7 }), 3);
    assert_close (polygon_boundary_distance (ell, 6, (vec2_t) { 2, 2 }), 2);
    assert_point (polygon_nearest_point (square, 4, (vec2_t) { 15, 5 }), 10, 5);
    assert_point (polygon_nearest_point (square, 4, (vec2_t) { 13, 14 }), 10, 10);
    assert_point (polygon_nearest_point (square, 4, (vec2_t) { 2, 3 }), 2, 3);
    assert_point (polygon_nearest_point (ell, 6, (vec2_t) { 8, 6 }), 8, 4);
    assert_point (polygon_centroid (square, 4), 5, 5);
    const vec2_t tri[] = { { 0, 0 }, { 6, 0 }, { 0, 3 } };
    assert_point (polygon_centroid (tri, 3), 2, 1);
    vec2_t lo, hi;
    polygon_bounds (ell, 6, &lo, &hi);
    assert_point (lo, 0, 0);
    assert_point (hi, 10, 10);
}

static void
test_segment_inside_length (void **state)
{
    (void) state;
    vec2_t a, b;
    a = (vec2_t) { -5, 5 }; b = (vec2_t) { 15, 5 };
    assert_close (polygon_segment_inside_length (square, 4, a, b), 10);
    assert_close (polygon_segment_inside_length (square_cw, 4, b, a), 10);
    a = (vec2_t) { 5, 5 }; b = (vec2_t) { 5, 20 };
    assert_close (polygon_segment_inside_length (square, 4, a, b), 5);
    a = (vec2_t) { 2, 2 }; b = (vec2_t) { 3, 4 };
    assert_close (polygon_segment_inside_length (square, 4, a, b), sqrt (5));
    a = (vec2_t) { -5, -5 }; b = (vec2_t) { 15, 15 };
    assert_close (polygon_segment_inside_length (square, 4, a, b),
                  10 * sqrt (2));
    /* along an edge: the boundary counts as inside */
    a = (vec2_t) { -5, 0 }; b = (vec2_t) { 15, 0 };
    assert_close (polygon_segment_inside_length (square, 4, a, b), 10);
    /* touching a vertex only */
    a = (vec2_t) { -5, 5 }; b = (vec2_t) { 5, 15 };
    assert_close (polygon_segment_inside_length (square, 4, a, b), 0);
    /* wholly outside */
    a = (vec2_t) { 20, 0 }; b = (vec2_t) { 20, 10 };
    assert_close (polygon_segment_inside_length (square, 4, a, b), 0);
    /* the L: in, out through the notch, in again */
    a = (vec2_t) { 2, 7 }; b = (vec2_t) { 8, 7 };
    assert_close (polygon_segment_inside_length (ell, 6, a, b), 2);
    a = (vec2_t) { -1, 2 }; b = (vec2_t) { 11, 2 };
    assert_close (polygon_segment_inside_length (ell, 6, a, b), 10);
    a = (vec2_t) { 2, 8 }; b = (vec2_t) { 8, 2 };
    assert_close (polygon_segment_inside_length (ell, 6, a, b), 4 * sqrt (2));
    a = (vec2_t) { 3, 3 };
    assert_close (polygon_segment_inside_length (ell, 6, a, a), 0);

    double ts[8];
    a = (vec2_t) { -5, 5 }; b = (vec2_t) { 15, 5 };
    int n = polygon_segment_cuts (square, 4, a, b, ts, 8);
    assert_int_equal (n, 2);
    geom_sort (ts, n);
    assert_close (ts[0], 0.25);
    assert_close (ts[1], 0.75);
}

/*  A polygon's convexity is remembered by its vertices: the same array
 *  made concave in place (the square's six-vertex copy turned into the
 *  L) is clipped as the L, and back again as the square. */
static void
test_segment_inside_length_changed_in_place (void **state)
{
    (void) state;
    vec2_t poly[6] = { { 0, 0 }, { 10, 0 }, { 10, 5 }, { 10, 10 },
                       { 5, 10 }, { 0, 10 } };
    vec2_t a = { 2, 7 }, b = { 8, 7 };
    for (int round = 0; round < 3; round++) {
        assert_close (polygon_segment_inside_length (poly, 6, a, b), 6);
        memcpy (poly, ell, sizeof poly);
        assert_close (polygon_segment_inside_length (poly, 6, a, b), 2);
        poly[2] = (vec2_t) { 10, 5 };
        poly[3] = (vec2_t) { 10, 10 };
        poly[4] = (vec2_t) { 5, 10 };
        poly[5] = (vec2_t) { 0, 10 };
    }
}

static void
test_contains_footprint (void **state)
{
    (void) state;
    footprint_t f = fp (5, 5, 0, 4, 4);
    assert_true (polygon_contains_footprint (square, 4, &f));
    f = fp (8, 5, 0, 4, 4);                      /* x 6..10: touching */
    assert_true (polygon_contains_footprint (square, 4, &f));
    f = fp (9, 5, 0, 4, 4);
    assert_false (polygon_contains_footprint (square, 4, &f));
    f = fp (5, 5, 45, 4, 4);                     /* diamond, half-diag 2.83 */
    assert_true (polygon_contains_footprint (square, 4, &f));
    f = fp (2, 2, 0, 3, 3);
    assert_true (polygon_contains_footprint (ell, 6, &f));
    f = fp (5, 5, 0, 3, 3);                      /* over the L's notch */
    assert_false (polygon_contains_footprint (ell, 6, &f));
    /* corners and centre inside, but the middle of each long side
     * crosses a notch: a comb with two notches */
    const vec2_t comb[] = { { 0, 0 }, { 12, 0 }, { 12, 10 }, { 10, 10 },
                            { 10, 4 }, { 8, 4 }, { 8, 10 }, { 4, 10 },
                            { 4, 4 }, { 2, 4 }, { 2, 10 }, { 0, 10 } };
    f = fp (6, 6, 0, 10, 2);
    assert_false (polygon_contains_footprint (comb, 12, &f));
    f = fp (6, 2, 0, 10, 2);
    assert_true (polygon_contains_footprint (comb, 12, &f));
}

static void
test_segment_intersects (void **state)
{
    (void) state;
    assert_true (polygon_segment_intersects (square, 4, (vec2_t) { -5, 5 },
                                             (vec2_t) { 15, 5 }));
    assert_false (polygon_segment_intersects (square, 4, (vec2_t) { -5, -5 },
                                              (vec2_t) { -1, 20 }));
    assert_true (polygon_segment_intersects (square, 4, (vec2_t) { -5, 5 },
                                             (vec2_t) { 5, 15 }));
    assert_true (polygon_segment_intersects (square, 4, (vec2_t) { 2, 2 },
                                             (vec2_t) { 3, 3 }));
    assert_false (polygon_segment_intersects (ell, 6, (vec2_t) { 5, 5 },
                                              (vec2_t) { 9, 9 }));
}

static void
test_area_and_simple (void **state)
{
    (void) state;
    assert_close (polygon_area (square, 4), 100);
    assert_close (polygon_area (square_cw, 4), -100);
    assert_close (polygon_area (ell, 6), 64);
    const vec2_t flat[] = { { 0, 0 }, { 5, 0 }, { 10, 0 } };
    assert_close (polygon_area (flat, 3), 0);
    assert_true (polygon_is_simple (square, 4, NULL));
    assert_true (polygon_is_simple (ell, 6, NULL));
    const vec2_t bowtie[] = { { 0, 0 }, { 10, 10 }, { 10, 0 }, { 0, 10 } };
    int bad = -1;
    assert_false (polygon_is_simple (bowtie, 4, &bad));
    assert_int_equal (bad, 0);
    const vec2_t repeated[] = { { 0, 0 }, { 10, 0 }, { 10, 0 }, { 0, 10 } };
    assert_false (polygon_is_simple (repeated, 4, NULL));
    const vec2_t spike[] = { { 0, 0 }, { 10, 0 }, { 5, 0 }, { 5, 10 } };
    assert_false (polygon_is_simple (spike, 4, NULL));
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_angles),
        cmocka_unit_test (test_corners_and_contains),
        cmocka_unit_test (test_point_nearest),
        cmocka_unit_test (test_nearest_in_arc),
        cmocka_unit_test (test_footprint_distance),
        cmocka_unit_test (test_footprint_distance_floor),
        cmocka_unit_test (test_footprint_nearest_point),
        cmocka_unit_test (test_arcs),
        cmocka_unit_test (test_face_out),
        cmocka_unit_test (test_arc_of),
        cmocka_unit_test (test_polygon_contains),
        cmocka_unit_test (test_polygon_distances),
        cmocka_unit_test (test_segment_inside_length),
        cmocka_unit_test (test_segment_inside_length_changed_in_place),
        cmocka_unit_test (test_contains_footprint),
        cmocka_unit_test (test_segment_intersects),
        cmocka_unit_test (test_area_and_simple),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
