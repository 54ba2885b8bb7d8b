/*  test_situation.c - the table as it stands: building it, cover, sight
 *  (seed 002's visibility), the nearest enemy, cover within a move,
 *  movement, cheap copies, and the situation file loader.
 *
 *  skirmish19 settings used here (tables.cfg): woods_shoot_depth_cm 10
 *  ("Figures may be shot at in, or from, woods up to 10cms inside"),
 *  woods_visibility_cm 20 ("Visibility is 20 cms within woods"),
 *  terrain_edge_cm 10 and the sighting range D6 x 10 cm ("Figures in
 *  terrain are seen at D6 x 10cms range if within 10cms of the edge"),
 *  thrown or fixed at 35 cm.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "situation.h"
#include "testutil.h"

#define EPS 1e-9

static ruleset_t *rs;           /* skirmish19 */
static ruleset_t *rs_rolling;   /* skirmish19 with sighting_rolls = true */

static const ruleset_t *
finder (const char *name, void *arg)
{
    (void) arg;
    return strcmp (name, "skirmish19") == 0 ? rs : NULL;
}

static char *
read_text (const char *path)
{
    FILE *f = fopen (path, "rb");
    if (!f)
        return NULL;
    static char buf[1 << 16];
    size_t n = fread (buf, 1, sizeof buf - 1, f);
    fclose (f);
    buf[n] = '\0';
    return buf;
}

static int
setup (void **state)
{
    (void) state;
    rs = test_load_skirmish19 ();
    char *text = read_text (test_source_path ("rules/data/skirmish19/tables.cfg"));
    assert_non_null (text);
    char *at = strstr (text, "sighting_rolls = false;");
    assert_non_null (at);
    memcpy (at, "sighting_rolls = true; ", strlen ("sighting_rolls = false;"));
    char err[256] = "";
    rs_rolling = ruleset_load_text (text, "rolling.cfg", err, sizeof err);
    if (!rs_rolling)
        fail_msg ("%s", err);
    return 0;
}

static int
teardown (void **state)
{
    (void) state;
    ruleset_destroy (&rs);
    ruleset_destroy (&rs_rolling);
    return 0;
}

static void
assert_close (double got, double want)
{
    if (fabs (got - want) > 1e-7)
        fail_msg ("got %.12f, want %.12f", got, want);
}

static void
assert_contains (const char *text, const char *words)
{
    if (!strstr (text, words))
        fail_msg ("\"%s\" does not say \"%s\"", text, words);
}

/*  An axis-aligned rectangle feature. */
static int
add_rect (situation_t *sit, const char *id, terrain_kind_t kind,
          double x0, double y0, double x1, double y1)
{
    terrain_feature_t f;
    memset (&f, 0, sizeof f);
    snprintf (f.id, sizeof f.id, "%s", id);
    f.kind = kind;
    f.cover = ruleset_terrain (situation_ruleset (sit), kind)->cover;
    f.vertex_count = 4;
    f.vertices[0] = (vec2_t) { x0, y0 };
    f.vertices[1] = (vec2_t) { x1, y0 };
    f.vertices[2] = (vec2_t) { x1, y1 };
    f.vertices[3] = (vec2_t) { x0, y1 };
    char err[256] = "";
    if (situation_add_terrain (sit, &f, err, sizeof err) < 0)
        fail_msg ("%s", err);
    return situation_terrain_count (sit) - 1;
}

static unit_t
make_unit (const char *id, side_t side, double x, double y, double facing,
           double width, double depth)
{
    unit_t u;
    memset (&u, 0, sizeof u);
    snprintf (u.id, sizeof u.id, "%s", id);
    u.side = side;
    u.arm = ARM_INFANTRY;
    u.quality = QUALITY_REGULAR;
    u.weapon = ruleset_weapon_find (rs, "musket");
    u.formation = FORMATION_LINE;
    u.figures = 12;
    u.fp = (footprint_t) { { x, y }, facing, width, depth };
    return u;
}

static int
add_unit (situation_t *sit, const char *id, side_t side, double x, double y,
          double facing, double width, double depth)
{
    unit_t u = make_unit (id, side, x, y, facing, width, depth);
    char err[256] = "";
    int i = situation_add_unit (sit, &u, err, sizeof err);
    if (i < 0)
        fail_msg ("%s", err);
    return i;
}

/* ---------------------------------------------------------------------- */

static void
test_new_and_sizes (void **state)
{
    (void) state;
    assert_null (situation_new (rs, 0, 100));
    assert_null (situation_new (rs, 100, -1));
    assert_null (situation_new (rs, SOLO_MAX_TABLE_CM + 1, 100));
    assert_null (situation_new (rs, NAN, 100));
    situation_t *sit = situation_new (rs, 180, 120);
    assert_non_null (sit);
    assert_ptr_equal (situation_ruleset (sit), rs);
    assert_close (situation_width (sit), 180);
    assert_close (situation_depth (sit), 120);
    assert_int_equal (situation_terrain_count (sit), 0);
    assert_int_equal (situation_unit_count (sit), 0);
    situation_destroy (&sit);
    assert_null (sit);
    situation_destroy (&sit);
}

static void
expect_terrain_error (situation_t *sit, const terrain_feature_t *f,
                      const char *words)
{
    char err[256] = "";
    int before = situation_terrain_count (sit);
    assert_int_equal (situation_add_terrain (sit, f, err, sizeof err), -1);
    assert_contains (err, words);
    assert_int_equal (situation_terrain_count (sit), before);
}

static void
test_add_terrain (void **state)
{
    (void) state;
    situation_t *sit = situation_new (rs, 180, 120);
    add_rect (sit, "copse", TERRAIN_WOODS, 10, 10, 40, 30);
    assert_string_equal (situation_terrain (sit, 0)->id, "copse");
    assert_int_equal (situation_terrain (sit, 0)->cover, COVER_SOFT);

    terrain_feature_t f;
    memset (&f, 0, sizeof f);
    strcpy (f.id, "copse");
    f.kind = TERRAIN_WOODS;
    f.vertex_count = 3;
    f.vertices[0] = (vec2_t) { 0, 0 };
    f.vertices[1] = (vec2_t) { 5, 0 };
    f.vertices[2] = (vec2_t) { 0, 5 };
    expect_terrain_error (sit, &f, "terrain \"copse\": duplicate id");
    strcpy (f.id, "");
    expect_terrain_error (sit, &f, "id is empty");
    strcpy (f.id, "t");
    f.vertex_count = 2;
    expect_terrain_error (sit, &f, "terrain \"t\": polygon has 2 vertices, "
                          "needs 3 to 256");
    f.vertex_count = SOLO_MAX_VERTICES + 1;
    expect_terrain_error (sit, &f, "polygon has 257 vertices");
    f.vertex_count = 3;
    f.vertices[2] = (vec2_t) { 10, 0 };
    expect_terrain_error (sit, &f, "terrain \"t\": polygon has no area");
    f.vertices[2] = (vec2_t) { 5, 0 };
    expect_terrain_error (sit, &f, "vertices 2 and 3 are the same point");
    f.vertex_count = 4;
    f.vertices[0] = (vec2_t) { 0, 0 };
    f.vertices[1] = (vec2_t) { 10, 10 };
    f.vertices[2] = (vec2_t) { 10, 0 };
    f.vertices[3] = (vec2_t) { 0, 10 };
    expect_terrain_error (sit, &f, "terrain \"t\": polygon edge from vertex 1 "
                          "crosses another edge");
    f.vertices[1] = (vec2_t) { NAN, 0 };
    expect_terrain_error (sit, &f, "polygon vertex 2 is not a number");
    f.vertices[1] = (vec2_t) { 10, 0 };
    f.vertices[2] = (vec2_t) { 10, 10 };
    f.kind = (terrain_kind_t) 42;
    expect_terrain_error (sit, &f, "kind 42 unknown");
    f.kind = TERRAIN_ROAD;
    f.cover = (cover_t) 3;
    expect_terrain_error (sit, &f, "cover 3 unknown");
    f.cover = COVER_NONE;
    /* off the table is fine: a wood may run off its edge */
    f.vertices[2] = (vec2_t) { 10, -50 };
    f.vertices[3] = (vec2_t) { 0, -50 };
    char err[256];
    assert_int_equal (situation_add_terrain (sit, &f, err, sizeof err), 0);
    assert_int_equal (situation_terrain_count (sit), 2);
    /* each feature's bounds kept: the copse's rectangle, the road's
       four corners running off the table */
    vec2_t lo, hi;
    situation_terrain_bounds (sit, 0, &lo, &hi);
    assert_true (lo.x == 10 && lo.y == 10 && hi.x == 40 && hi.y == 30);
    situation_terrain_bounds (sit, 1, &lo, &hi);
    assert_true (lo.x == 0 && lo.y == -50 && hi.x == 10 && hi.y == 0);
    situation_destroy (&sit);
}

/*  Polygon `pts` (n vertices) offered as a feature: added, or refused
 *  for crossing edges exactly when polygon_is_simple says so, naming the
 *  same vertex.  Refusals for other reasons (no area, repeated points)
 *  come before that test and are passed over.  Returns 1 when added. */
static int
expect_simple_verdict (situation_t *sit, const vec2_t *pts, int n, int serial)
{
    terrain_feature_t f;
    memset (&f, 0, sizeof f);
    snprintf (f.id, sizeof f.id, "p%d", serial);
    f.kind = TERRAIN_WOODS;
    f.cover = COVER_SOFT;
    f.vertex_count = n;
    memcpy (f.vertices, pts, (size_t) n * sizeof *pts);
    char err[256] = "";
    int bad = -1;
    bool simple = polygon_is_simple (pts, n, &bad);
    int rc = situation_add_terrain (sit, &f, err, sizeof err);
    if (rc == 0) {
        if (!simple)
            fail_msg ("polygon %d taken, but it is not simple", serial);
        return 1;
    }
    if (strstr (err, "crosses another edge")) {
        char words[64];
        snprintf (words, sizeof words, "edge from vertex %d crosses",
                  bad + 1);
        if (simple)
            fail_msg ("polygon %d refused (%s), but it is simple", serial,
                      err);
        assert_contains (err, words);
    }
    else if (simple && !strstr (err, "no area")
             && !strstr (err, "same point"))
        fail_msg ("polygon %d: %s", serial, err);
    return 0;
}

/*  Whether a polygon's edges cross is decided as polygon_is_simple
 *  decides it, for convex polygons (which are taken without its full
 *  test when clearly convex) and others: regular polygons at table and
 *  at kilometre scale, with a vertex pulled towards the line of its
 *  neighbours by less and less (down to none, and past it), squares
 *  and triangles turning either way, stars, bow ties and random
 *  quadrilaterals. */
static void
test_terrain_simple_verdicts (void **state)
{
    (void) state;
    situation_t *sit = situation_new (rs, SOLO_MAX_TABLE_CM,
                                      SOLO_MAX_TABLE_CM);
    vec2_t pts[SOLO_MAX_VERTICES];
    int serial = 0, added = 0, tried = 0;
    const double pulls[] = { 0.5, 1e-3, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10,
                             1e-12, 0.0, -1e-9, -1e-3 };
    const int sizes[] = { 3, 4, 5, 8, 17, 64 };
    const double scales[] = { 1e-3, 1.0, 40.0, 1e5 };
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
    for (size_t ci = 0; ci < sizeof scales / sizeof scales[0]; ci++)
    for (size_t pi = 0; pi < sizeof pulls / sizeof pulls[0]; pi++)
    for (int way = -1; way <= 1; way += 2) {
        int n = sizes[si];
        double r = scales[ci], cx = scales[ci] > 1e4 ? 1e5 : 500.0;
        for (int i = 0; i < n; i++) {
            double a = way * 2 * 3.14159265358979323846 * i / n + 0.3;
            pts[i] = (vec2_t) { cx + r * cos (a), cx + r * sin (a) };
        }
        /*  vertex 1 towards the chord from vertex 0 to vertex 2: at
         *  pull 0 on it, below 0 beyond it (a dent) */
        vec2_t mid = { (pts[0].x + pts[2 % n].x) / 2,
                       (pts[0].y + pts[2 % n].y) / 2 };
        if (n > 3) {
            double d = pulls[pi];
            pts[1] = (vec2_t) { mid.x + d * (pts[1].x - mid.x),
                                mid.y + d * (pts[1].y - mid.y) };
        }
        added += expect_simple_verdict (sit, pts, n, serial++);
        tried++;
        /*  the same polygon as a star: every second vertex in turn */
        if (n == 5 || n == 17) {
            vec2_t star[SOLO_MAX_VERTICES];
            for (int i = 0; i < n; i++)
                star[i] = pts[(2 * i) % n];
            added += expect_simple_verdict (sit, star, n, serial++);
            tried++;
        }
    }
    /*  thin rectangles, triangles and houses: a vertex within the
     *  tolerance of an edge it is not on touches it */
    for (int k = 0; k < 200; k++) {
        double h = 1e-11 * pow (10.0, k / 40.0);     /* 1e-11 .. 1e-6 */
        double w = k % 2 ? 10.0 : 1e4;
        pts[0] = (vec2_t) { 100, 100 };
        pts[1] = (vec2_t) { 100 + w, 100 };
        pts[2] = (vec2_t) { 100 + w, 100 + h };
        pts[3] = (vec2_t) { 100, 100 + h };
        added += expect_simple_verdict (sit, pts, 4, serial++);
        pts[2] = (vec2_t) { 100 + w / 3, 100 + h };
        added += expect_simple_verdict (sit, pts, 3, serial++);
        /*  a house: walls of height h under a roof, so that the ends
         *  of its floor's neighbours lie within h of the floor's line */
        pts[2] = (vec2_t) { 100 + w, 100 + h };
        pts[3] = (vec2_t) { 100 + w / 2, 100 + w / 2 };
        pts[4] = (vec2_t) { 100, 100 + h };
        added += expect_simple_verdict (sit, pts, 5, serial++);
        tried += 3;
    }
    /*  bow ties and random quadrilaterals (a fixed seed) */
    unsigned seed = 12345;
    for (int k = 0; k < 4000; k++) {
        for (int i = 0; i < 4; i++) {
            seed = seed * 1103515245u + 12345u;
            double x = (seed >> 8) % 1000;
            seed = seed * 1103515245u + 12345u;
            double y = (seed >> 8) % 1000;
            pts[i] = (vec2_t) { x / 10.0, y / 10.0 };
        }
        if (k % 5 == 0)          /* a vertex on the line of two others */
            pts[3] = (vec2_t) { (pts[0].x + pts[2].x) / 2,
                                (pts[0].y + pts[2].y) / 2 };
        added += expect_simple_verdict (sit, pts, 4, serial++);
        tried++;
        if (situation_terrain_count (sit) >= SOLO_MAX_TERRAIN - 1) {
            situation_destroy (&sit);
            sit = situation_new (rs, SOLO_MAX_TABLE_CM, SOLO_MAX_TABLE_CM);
        }
    }
    /*  both ways were seen */
    assert_true (added > 0 && added < tried);
    situation_destroy (&sit);
}

static void
test_too_much_terrain (void **state)
{
    (void) state;
    situation_t *sit = situation_new (rs, 1000, 1000);
    char id[32];
    for (int i = 0; i < SOLO_MAX_TERRAIN; i++) {
        snprintf (id, sizeof id, "f%d", i);
        add_rect (sit, id, TERRAIN_ROUGH, i, 0, i + 1, 1);
    }
    terrain_feature_t f = *situation_terrain (sit, 0);
    strcpy (f.id, "one-more");
    expect_terrain_error (sit, &f, "terrain \"one-more\": more than 1024 "
                          "terrain features");
    situation_destroy (&sit);
}

/*  Room reserved for terrain before it is added (as a request's
 *  situation is built): the features the same, more than reserved still
 *  taken, a reserve on a copy leaving the original's terrain alone, and
 *  the limit kept whatever was reserved. */
static void
test_reserve_terrain (void **state)
{
    (void) state;
    situation_t *sit = situation_new (rs, 180, 120);
    assert_int_equal (situation_reserve_terrain (sit, 0), 0);
    assert_int_equal (situation_reserve_terrain (sit, 3), 0);
    assert_int_equal (situation_terrain_count (sit), 0);
    char id[32];
    for (int i = 0; i < 5; i++) {
        snprintf (id, sizeof id, "f%d", i);
        add_rect (sit, id, TERRAIN_WOODS, 10 * i, 0, 10 * i + 5, 5);
    }
    assert_int_equal (situation_terrain_count (sit), 5);
    assert_string_equal (situation_terrain (sit, 4)->id, "f4");
    assert_close (situation_terrain (sit, 3)->vertices[0].x, 30);
    assert_int_equal (situation_cover_at (sit, (vec2_t) { 22, 2 }, NULL),
                      COVER_SOFT);

    situation_t *copy = situation_dup (sit);
    assert_int_equal (situation_reserve_terrain (copy, 2), 0);
    assert_int_equal (situation_reserve_terrain (copy, 50), 0);
    add_rect (copy, "only-in-copy", TERRAIN_WOODS, 100, 100, 110, 110);
    assert_int_equal (situation_terrain_count (copy), 6);
    assert_int_equal (situation_terrain_count (sit), 5);
    assert_string_equal (situation_terrain (copy, 2)->id, "f2");
    situation_destroy (&copy);

    situation_t *big = situation_new (rs, 1000, 1000);
    assert_int_equal (situation_reserve_terrain (big, SOLO_MAX_TERRAIN + 5),
                      0);
    for (int i = 0; i < SOLO_MAX_TERRAIN; i++) {
        snprintf (id, sizeof id, "f%d", i);
        add_rect (big, id, TERRAIN_ROUGH, i, 0, i + 1, 1);
    }
    terrain_feature_t f = *situation_terrain (big, 0);
    strcpy (f.id, "one-more");
    expect_terrain_error (big, &f, "more than 1024 terrain features");
    situation_destroy (&big);
    situation_destroy (&sit);
}

static void
expect_unit_error (situation_t *sit, const unit_t *u, const char *words)
{
    char err[256] = "";
    int before = situation_unit_count (sit);
    assert_int_equal (situation_add_unit (sit, u, err, sizeof err), -1);
    assert_contains (err, words);
    assert_int_equal (situation_unit_count (sit), before);
}

static void
test_add_unit (void **state)
{
    (void) state;
    situation_t *sit = situation_new (rs, 180, 120);
    assert_int_equal (add_unit (sit, "red-1", SIDE_RED, 50, 60, -90, 12, 3), 0);
    assert_close (situation_unit (sit, 0)->fp.facing, 270);   /* normalised */
    assert_int_equal (add_unit (sit, "blue-1", SIDE_BLUE, 50, 20, 720.5, 12, 3), 1);
    assert_close (situation_unit_const (sit, 1)->fp.facing, 0.5);
    assert_int_equal (situation_find_unit (sit, "blue-1"), 1);
    assert_int_equal (situation_find_unit (sit, "red-1"), 0);
    assert_int_equal (situation_find_unit (sit, "red"), -1);
    assert_int_equal (situation_find_unit (sit, NULL), -1);

    unit_t u = make_unit ("red-1", SIDE_RED, 10, 10, 0, 4, 2);
    expect_unit_error (sit, &u, "unit \"red-1\": duplicate id");
    u = make_unit ("red-2", SIDE_RED, 200, 10, 0, 4, 2);
    expect_unit_error (sit, &u, "unit \"red-2\": x, y (200, 10) is off the "
                       "180 x 120 table");
    u = make_unit ("red-2", SIDE_RED, 10, -0.5, 0, 4, 2);
    expect_unit_error (sit, &u, "off the");
    u = make_unit ("red-2", SIDE_RED, 10, 10, 0, 4, 2);
    u.weapon = ruleset_weapon_count (rs);
    expect_unit_error (sit, &u, "unit \"red-2\": weapon index");
    u = make_unit ("red-2", SIDE_RED, 10, 10, 0, 4, 2);
    u.killed = 13;
    expect_unit_error (sit, &u, "unit \"red-2\": wounded + killed (13) "
                       "exceeds figures (12)");
    /* on the edge is on the table; the footprint may overhang */
    u = make_unit ("red-2", SIDE_RED, 180, 0, 0, 4, 2);
    char err[256];
    assert_int_equal (situation_add_unit (sit, &u, err, sizeof err), 2);
    situation_destroy (&sit);
}

static void
test_too_many_units (void **state)
{
    (void) state;
    situation_t *sit = situation_new (rs, 1000, 1000);
    unit_t u = make_unit ("x", SIDE_RED, 10, 10, 0, 1, 1);
    char err[256];
    for (int i = 0; i < SOLO_MAX_UNITS; i++) {
        snprintf (u.id, sizeof u.id, "u%d", i);
        u.side = i % 2 ? SIDE_RED : SIDE_BLUE;
        u.fp.centre = (vec2_t) { i % 1000, i / 1000 };
        assert_int_equal (situation_add_unit (sit, &u, err, sizeof err), i);
    }
    strcpy (u.id, "one-more");
    expect_unit_error (sit, &u, "unit \"one-more\": more than 16384 units");
    situation_destroy (&sit);
}

/* ---------------------------------------------------------------------- */

static void
test_cover (void **state)
{
    (void) state;
    situation_t *sit = situation_new (rs, 180, 120);
    int wood = add_rect (sit, "wood", TERRAIN_WOODS, 10, 10, 40, 40);
    int wood2 = add_rect (sit, "wood-2", TERRAIN_WOODS, 40, 10, 70, 40);
    int town = add_rect (sit, "town", TERRAIN_TOWN, 30, 30, 50, 50);
    int rough = add_rect (sit, "rough", TERRAIN_ROUGH, 100, 10, 130, 40);
    add_rect (sit, "hill", TERRAIN_GENTLE_HILL, 100, 60, 130, 90);
    int idx;
    assert_int_equal (situation_cover_at (sit, (vec2_t) { 20, 20 }, &idx),
                      COVER_SOFT);
    assert_int_equal (idx, wood);
    assert_int_equal (situation_cover_at (sit, (vec2_t) { 35, 35 }, &idx),
                      COVER_HARD);                /* wood and town: the best */
    assert_int_equal (idx, town);
    assert_int_equal (situation_cover_at (sit, (vec2_t) { 90, 20 }, &idx),
                      COVER_NONE);
    assert_int_equal (idx, -1);
    assert_int_equal (situation_cover_at (sit, (vec2_t) { 110, 70 }, NULL),
                      COVER_NONE);                /* a gentle hill: none */
    assert_int_equal (situation_cover_at (sit, (vec2_t) { 10, 25 }, NULL),
                      COVER_SOFT);                /* on the edge */

    /* "Unit entirely in cover" */
    footprint_t f = { { 20, 20 }, 0, 12, 3 };
    assert_int_equal (situation_footprint_cover (sit, &f), COVER_SOFT);
    f.centre = (vec2_t) { 14, 20 };               /* x 8..20: half out */
    assert_int_equal (situation_footprint_cover (sit, &f), COVER_NONE);
    f.centre = (vec2_t) { 16, 20 };               /* x 10..22: touching */
    assert_int_equal (situation_footprint_cover (sit, &f), COVER_SOFT);
    f.centre = (vec2_t) { 40, 20 };               /* across two woods */
    assert_int_equal (situation_footprint_cover (sit, &f), COVER_SOFT);
    f.centre = (vec2_t) { 40, 40 };               /* wholly in the town */
    f.width = 8;
    assert_int_equal (situation_footprint_cover (sit, &f), COVER_HARD);
    f = (footprint_t) { { 40, 29 }, 0, 8, 4 };    /* town and woods: soft */
    assert_int_equal (situation_footprint_cover (sit, &f), COVER_SOFT);
    f = (footprint_t) { { 115, 25 }, 45, 10, 10 };
    assert_int_equal (situation_footprint_cover (sit, &f), COVER_SOFT);
    (void) wood2;
    (void) rough;

    /* enclosed terrain: woods and towns, for command distance */
    f = (footprint_t) { { 20, 20 }, 0, 12, 3 };
    assert_true (situation_footprint_enclosed (sit, &f));
    f.centre = (vec2_t) { 115, 25 };
    assert_false (situation_footprint_enclosed (sit, &f));   /* rough */
    f.centre = (vec2_t) { 14, 20 };
    assert_false (situation_footprint_enclosed (sit, &f));   /* half out */
    situation_destroy (&sit);
}

/*  situation_segment_meets: a segment meets a feature of a kind asked
 *  when it crosses it, ends in it, lies wholly in it or touches its
 *  edge, and it agrees with situation_point_in at the points along it;
 *  a feature of a kind not asked, or one the segment passes by, is not
 *  met. */
static void
test_segment_meets (void **state)
{
    (void) state;
    situation_t *sit = situation_new (rs, 200, 100);
    assert_non_null (sit);
    add_rect (sit, "wood", TERRAIN_WOODS, 10, 10, 30, 30);
    add_rect (sit, "road", TERRAIN_ROAD, 0, 48, 200, 52);
    unsigned woods = 1u << TERRAIN_WOODS, road = 1u << TERRAIN_ROAD;
    vec2_t a = { 0, 20 }, b = { 40, 20 };                  /* across */
    assert_true (situation_segment_meets (sit, a, b, woods));
    assert_false (situation_segment_meets (sit, a, b, road));
    assert_true (situation_segment_meets (sit, (vec2_t) { 0, 20 },
                                          (vec2_t) { 15, 20 }, woods));
    assert_true (situation_segment_meets (sit, (vec2_t) { 12, 12 },
                                          (vec2_t) { 28, 28 }, woods));
    assert_true (situation_segment_meets (sit, (vec2_t) { 0, 30 },
                                          (vec2_t) { 40, 30 }, woods));
    assert_true (situation_point_in (sit, (vec2_t) { 20, 30 },
                                     TERRAIN_WOODS));     /* the edge */
    /* past the wood's corner, inside its box's reach: not met, and no
       point along it is in the wood */
    vec2_t c = { 25, 40 }, d = { 40, 25 };
    assert_false (situation_segment_meets (sit, c, d, woods));
    for (int i = 0; i <= 100; i++) {
        vec2_t p = { c.x + (d.x - c.x) * i / 100.0,
                     c.y + (d.y - c.y) * i / 100.0 };
        assert_false (situation_point_in (sit, p, TERRAIN_WOODS));
    }
    assert_true (situation_segment_meets (sit, (vec2_t) { 60, 40 },
                                          (vec2_t) { 60, 60 }, road));
    assert_true (situation_segment_meets (sit, (vec2_t) { 60, 40 },
                                          (vec2_t) { 60, 60 },
                                          woods | road));
    assert_false (situation_segment_meets (sit, (vec2_t) { 60, 40 },
                                           (vec2_t) { 60, 60 }, woods));
    assert_false (situation_segment_meets (sit, a, b, 0));
    situation_destroy (&sit);
}

/* ---------------------------------------------------------------------- */
/*  Sight.  Units are 4 wide and 2 deep, facing along x, so each spans 2
 *  cm in x and 4 in y; observers stand at y 60 west of the target. */

static situation_t *
sight_table (const ruleset_t *ruleset)
{
    return situation_new (ruleset, 200, 120);
}

static int
observer_at (situation_t *sit, double x)
{
    char id[16];
    snprintf (id, sizeof id, "o%d", situation_unit_count (sit));
    return add_unit (sit, id, SIDE_BLUE, x, 60, 90, 4, 2);
}

static int
target_at (situation_t *sit, double x)
{
    char id[16];
    snprintf (id, sizeof id, "t%d", situation_unit_count (sit));
    return add_unit (sit, id, SIDE_RED, x, 60, 270, 4, 2);
}

static void
test_sight_open (void **state)
{
    (void) state;
    situation_t *sit = sight_table (rs);
    int o = observer_at (sit, 10), t = target_at (sit, 190);
    int roll = -1;
    assert_true (situation_can_see (sit, o, t, NULL, &roll));
    assert_int_equal (roll, 0);
    assert_true (situation_can_see (sit, t, o, NULL, NULL));
    assert_true (situation_can_see (sit, o, o, NULL, NULL));
    situation_destroy (&sit);
}

/*  Towns (buildings) and steep hills block the line, unless the observer
 *  or the target stands in them. */
static void
test_sight_blocked (void **state)
{
    (void) state;
    situation_t *sit = sight_table (rs);
    add_rect (sit, "town", TERRAIN_TOWN, 90, -10, 110, 130);
    int o = observer_at (sit, 70), t = target_at (sit, 130);
    assert_false (situation_can_see (sit, o, t, NULL, NULL));
    assert_false (situation_can_see (sit, t, o, NULL, NULL));
    /* from inside the town out */
    int in = observer_at (sit, 100);
    assert_true (situation_can_see (sit, in, t, NULL, NULL));
    /* into the town: its figures within 10 cm of the edge are seen
     * within the sighting range (35 cm fixed) */
    int tin = target_at (sit, 103);          /* x 102..104: 6..8 from x 110 */
    int near = observer_at (sit, 135);       /* 30 cm from it */
    assert_true (situation_can_see (sit, near, tin, NULL, NULL));
    int far = observer_at (sit, 150);        /* 46 cm */
    assert_false (situation_can_see (sit, far, tin, NULL, NULL));
    situation_destroy (&sit);

    sit = sight_table (rs);
    add_rect (sit, "crag", TERRAIN_STEEP_HILL, 90, -10, 110, 130);
    o = observer_at (sit, 70);
    t = target_at (sit, 130);
    assert_false (situation_can_see (sit, o, t, NULL, NULL));
    /* a unit on the crag is in plain sight: hills do not hide */
    int on = target_at (sit, 100);
    int far_o = observer_at (sit, 20);
    assert_true (situation_can_see (sit, far_o, on, NULL, NULL));
    assert_true (situation_can_see (sit, on, t, NULL, NULL));
    situation_destroy (&sit);

    /* gentle hills, roads, streams and rough ground block nothing */
    sit = sight_table (rs);
    add_rect (sit, "hill", TERRAIN_GENTLE_HILL, 90, -10, 110, 130);
    add_rect (sit, "rough", TERRAIN_ROUGH, 60, -10, 80, 130);
    add_rect (sit, "stream", TERRAIN_STREAM, 120, -10, 125, 130);
    o = observer_at (sit, 10);
    t = target_at (sit, 190);
    assert_true (situation_can_see (sit, o, t, NULL, NULL));
    int in_rough = target_at (sit, 70);      /* in plain sight too */
    assert_true (situation_can_see (sit, t, in_rough, NULL, NULL));
    situation_destroy (&sit);
}

/*  "Figures in terrain are seen at D6 x 10cms range if within 10cms of
 *  the edge, or if they fire" (fixed range 35 cm here). */
static void
test_sight_into_woods_edge (void **state)
{
    (void) state;
    situation_t *sit = sight_table (rs);
    add_rect (sit, "wood", TERRAIN_WOODS, 100, -10, 150, 130);
    int t = target_at (sit, 103);            /* x 102..104: 2..4 inside */
    int o31 = observer_at (sit, 70);         /* x 69..71: 31 cm */
    int o51 = observer_at (sit, 50);         /* 51 cm */
    int o35 = observer_at (sit, 66);         /* exactly 35 cm */
    assert_true (situation_can_see (sit, o31, t, NULL, NULL));
    assert_true (situation_can_see (sit, o35, t, NULL, NULL));
    assert_false (situation_can_see (sit, o51, t, NULL, NULL));
    /* it fired: seen at any range */
    situation_unit (sit, t)->status |= STATUS_FIRED;
    assert_true (situation_can_see (sit, o51, t, NULL, NULL));
    /* a unit with one end out of the wood is in plain sight by that end */
    int half = add_unit (sit, "half", SIDE_RED, 100, 30, 0, 10, 2);
    assert_true (situation_can_see (sit, o51, half, NULL, NULL));
    situation_destroy (&sit);
}

/*  Deeper than 10 cm: hidden, even when it fired, from outside the wood;
 *  from inside the same wood it is seen within 20 cm. */
static void
test_sight_deep_in_woods (void **state)
{
    (void) state;
    situation_t *sit = sight_table (rs);
    add_rect (sit, "wood", TERRAIN_WOODS, 100, -10, 150, 130);
    int t = target_at (sit, 120);            /* x 119..121: 19..21 inside */
    int out = observer_at (sit, 95);         /* 23 cm, outside */
    assert_false (situation_can_see (sit, out, t, NULL, NULL));
    situation_unit (sit, t)->status |= STATUS_FIRED;
    assert_false (situation_can_see (sit, out, t, NULL, NULL));
    int in13 = observer_at (sit, 133);       /* x 132..134: 11 cm apart */
    assert_true (situation_can_see (sit, in13, t, NULL, NULL));
    assert_true (situation_can_see (sit, t, in13, NULL, NULL));
    int in20 = observer_at (sit, 142);       /* exactly 20 cm apart */
    assert_true (situation_can_see (sit, in20, t, NULL, NULL));
    int in23 = observer_at (sit, 145);       /* 23 cm */
    assert_false (situation_can_see (sit, in23, t, NULL, NULL));
    situation_destroy (&sit);
}

/*  "Figures in terrain are seen at D6 x 10cms range if within 10cms of
 *  the edge, or if they fire, or are in plain sight": read as a unit
 *  that fired being seen at any range however deep (settings.fired_seen_
 *  any_range, the default), or as one seen within the sighting range
 *  however deep (false).  A unit 19 to 21 cm inside a village: unseen
 *  until it fires; then seen from 48 cm, or by the other reading only
 *  from 28 cm (within the fixed 35). */
static void
test_sight_of_units_that_fired (void **state)
{
    (void) state;
    char *text = test_file_edited ("rules/data/skirmish19/tables.cfg",
                                   "fired_seen_any_range = true",
                                   "fired_seen_any_range = false");
    char err[256] = "";
    ruleset_t *within = ruleset_load_text (text, "within.cfg", err,
                                           sizeof err);
    if (!within)
        fail_msg ("%s", err);
    free (text);
    assert_true (ruleset_settings (rs)->fired_seen_any_range);
    assert_false (ruleset_settings (within)->fired_seen_any_range);
    for (int any = 1; any >= 0; any--) {
        situation_t *sit = sight_table (any ? rs : within);
        add_rect (sit, "village", TERRAIN_TOWN, 100, -10, 150, 130);
        int t = target_at (sit, 120);        /* x 119..121: 19..21 inside */
        int o28 = observer_at (sit, 90);     /* x 89..91: 28 cm */
        int o48 = observer_at (sit, 70);     /* 48 cm */
        assert_false (situation_can_see (sit, o28, t, NULL, NULL));
        assert_false (situation_can_see (sit, o48, t, NULL, NULL));
        situation_unit (sit, t)->status |= STATUS_FIRED;
        assert_true (situation_can_see (sit, o28, t, NULL, NULL));
        assert_true (situation_can_see (sit, o48, t, NULL, NULL) == any);
        situation_destroy (&sit);
    }
    ruleset_destroy (&within);
}

/*  "Figures may be shot at in, or from, woods up to 10cms inside": the
 *  line's woods add up, the target's own wood and a wood between. */
static void
test_sight_through_woods (void **state)
{
    (void) state;
    situation_t *sit = sight_table (rs);
    add_rect (sit, "strip", TERRAIN_WOODS, 96, -10, 104, 130);   /* 8 cm */
    int o = observer_at (sit, 70), t = target_at (sit, 130);
    assert_true (situation_can_see (sit, o, t, NULL, NULL));
    situation_destroy (&sit);

    sit = sight_table (rs);
    add_rect (sit, "belt", TERRAIN_WOODS, 94, -10, 106, 130);    /* 12 cm */
    o = observer_at (sit, 70);
    t = target_at (sit, 130);
    assert_false (situation_can_see (sit, o, t, NULL, NULL));
    situation_destroy (&sit);

    sit = sight_table (rs);
    add_rect (sit, "strip", TERRAIN_WOODS, 80, -10, 86, 130);    /* 6 cm */
    add_rect (sit, "wood", TERRAIN_WOODS, 100, -10, 150, 130);
    o = observer_at (sit, 70);
    int t2 = target_at (sit, 103);           /* 2 in: 6 + 2 = 8 */
    int t6 = target_at (sit, 107);           /* 6 in: 6 + 6 = 12 */
    situation_unit (sit, t2)->status |= STATUS_FIRED;
    situation_unit (sit, t6)->status |= STATUS_FIRED;
    assert_true (situation_can_see (sit, o, t2, NULL, NULL));
    assert_false (situation_can_see (sit, o, t6, NULL, NULL));
    situation_destroy (&sit);

    /* from woods: an observer 4 cm inside sees out, one 19 cm in does not */
    sit = sight_table (rs);
    add_rect (sit, "wood", TERRAIN_WOODS, 100, -10, 150, 130);
    t = add_unit (sit, "t", SIDE_RED, 40, 60, 90, 4, 2);
    int o4 = add_unit (sit, "o4", SIDE_BLUE, 105, 60, 270, 4, 2);
    int o19 = add_unit (sit, "o19", SIDE_BLUE, 120, 60, 270, 4, 2);
    assert_true (situation_can_see (sit, o4, t, NULL, NULL));
    assert_false (situation_can_see (sit, o19, t, NULL, NULL));
    situation_destroy (&sit);
}

/*  With sighting_rolls the range is a D6 x 10 cm, thrown once and only
 *  when needed; the player's own D6 is used first. */
static void
test_sight_rolls (void **state)
{
    (void) state;
    situation_t *sit = sight_table (rs_rolling);
    add_rect (sit, "wood", TERRAIN_WOODS, 100, -10, 150, 130);
    int t = target_at (sit, 103);
    int o = observer_at (sit, 70);           /* 31 cm */
    int clear = observer_at (sit, 10);
    int open = target_at (sit, 60);
    dice_t *dice = dice_new (1);
    int roll = -1;
    assert_int_equal (dice_push (dice, 6, 3), 0);
    assert_false (situation_can_see (sit, o, t, dice, &roll));   /* 30 cm */
    assert_int_equal (roll, 3);
    assert_int_equal (dice_log_count (dice), 1);
    assert_int_equal (dice_push (dice, 6, 4), 0);
    assert_true (situation_can_see (sit, o, t, dice, &roll));    /* 40 cm */
    assert_int_equal (roll, 4);
    /* no terrain, no throw */
    assert_int_equal (dice_push (dice, 6, 1), 0);
    assert_true (situation_can_see (sit, clear, open, dice, &roll));
    assert_int_equal (roll, 0);
    assert_int_equal (dice_queued (dice), 1);
    /* no dice: the fixed range */
    assert_true (situation_can_see (sit, o, t, NULL, &roll));
    assert_int_equal (roll, 0);
    dice_destroy (&dice);
    situation_destroy (&sit);
}

/* ---------------------------------------------------------------------- */

static void
test_nearest_enemy (void **state)
{
    (void) state;
    situation_t *sit = situation_new (rs, 180, 120);
    int me = add_unit (sit, "me", SIDE_BLUE, 50, 50, 0, 10, 2);
    add_unit (sit, "friend", SIDE_BLUE, 50, 55, 0, 10, 2);
    int far = add_unit (sit, "far", SIDE_RED, 50, 100, 180, 10, 2);
    int near = add_unit (sit, "near", SIDE_RED, 80, 60, 180, 10, 2);
    int gone = add_unit (sit, "gone", SIDE_RED, 50, 60, 180, 10, 2);
    situation_unit (sit, gone)->killed = 12;     /* no figure standing */
    /* near: x 75..85, y 59..61 against x 45..55, y 49..51: 20 x 8 */
    assert_close (situation_unit_distance (sit, me, near), sqrt (400 + 64));
    /* within a limit at or beyond the distance: the distance itself;
       far short of it: beyond the limit */
    assert_close (situation_unit_distance_within (sit, me, near, 30),
                  sqrt (400 + 64));
    assert_close (situation_unit_distance_within (sit, me, near,
                                                  sqrt (400 + 64)),
                  sqrt (400 + 64));
    assert_true (situation_unit_distance_within (sit, me, near, 10) > 10);
    /* far: y 99..101 against 49..51: 48 */
    assert_true (situation_unit_distance_within (sit, me, far, 47.9) > 47.9);
    assert_close (situation_unit_distance_within (sit, me, far, 48), 48);
    assert_int_equal (situation_nearest_enemy (sit, me, NULL), near);
    bool visible[5] = { true, true, true, false, true };
    assert_int_equal (situation_nearest_enemy (sit, me, visible), far);
    visible[far] = false;
    assert_int_equal (situation_nearest_enemy (sit, me, visible), -1);
    /* friend: x 45..55, y 54..56: 20 x 3, nearer than me */
    assert_int_equal (situation_nearest_enemy (sit, near, NULL), 1);
    situation_destroy (&sit);
}

/*  "Difficult going counts double the distance, and it takes 1/4 move
 *  to clear a low barrier". */
static void
test_path_cost (void **state)
{
    (void) state;
    situation_t *sit = situation_new (rs, 180, 120);
    add_rect (sit, "wood", TERRAIN_WOODS, 20, 0, 30, 120);
    add_rect (sit, "rough", TERRAIN_ROUGH, 25, 0, 35, 120);  /* overlaps */
    add_rect (sit, "river", TERRAIN_RIVER, 100, 0, 110, 120);
    add_rect (sit, "fence", TERRAIN_LOW_BARRIER, 60, 0, 61, 120);
    add_rect (sit, "road", TERRAIN_ROAD, 40, 0, 45, 120);
    vec2_t a = { 0, 50 };
    assert_close (situation_path_cost (sit, a, (vec2_t) { 15, 50 }, 25), 15);
    /* 0..20 open, 20..35 difficult (wood and rough overlap: once) */
    assert_close (situation_path_cost (sit, a, (vec2_t) { 40, 50 }, 25),
                  40 + 15);
    /* ending inside the wood */
    assert_close (situation_path_cost (sit, a, (vec2_t) { 24, 50 }, 25),
                  24 + 4);
    /* the fence: 1/4 of a 25 cm move */
    vec2_t b = { 50, 50 };
    assert_close (situation_path_cost (sit, b, (vec2_t) { 70, 50 }, 25),
                  20 + 6.25);
    /* the river cannot be crossed */
    assert_close (situation_path_cost (sit, b, (vec2_t) { 120, 50 }, 25), -1);
    /* but can be left */
    assert_close (situation_path_cost (sit, (vec2_t) { 105, 50 },
                                       (vec2_t) { 120, 50 }, 25), 15);
    /* standing in the wood, moving out: the wood's part counts */
    assert_close (situation_path_cost (sit, (vec2_t) { 22, 50 },
                                       (vec2_t) { 22, 60 }, 25), 20);
    situation_destroy (&sit);
}

/*  A unit turned east wherever it ends (situation_facing_fn). */
static double
face_east (vec2_t centre, const void *ctx)
{
    (void) centre;
    (void) ctx;
    return 90.0;
}

static void
test_nearest_cover (void **state)
{
    (void) state;
    situation_t *sit = situation_new (rs, 180, 120);
    int east = add_rect (sit, "east-wood", TERRAIN_WOODS, 60, 0, 80, 120);
    int west = add_rect (sit, "west-wood", TERRAIN_WOODS, 20, 0, 35, 120);
    add_rect (sit, "road", TERRAIN_ROAD, 0, 70, 180, 75);  /* no cover */
    int me = add_unit (sit, "me", SIDE_BLUE, 50, 50, 0, 10, 2);
    vec2_t p;
    /* "Unit entirely in cover": east, edge at 60, the 10 cm front
       across the way in: wholly inside from (65, 50), for 15 cm */
    assert_int_equal (situation_nearest_cover (sit, me, 25, 25,
                      NULL, &p), east);
    assert_close (p.x, 65);
    assert_close (p.y, 50);
    /* turned where it ends (an answer facing it east): its 2 cm depth
       across the way, wholly inside from (61, 50) */
    assert_int_equal (situation_nearest_cover_facing (sit, me, 25, 25, NULL,
                                                      face_east, NULL, &p),
                      east);
    assert_close (p.x, 61);
    assert_close (p.y, 50);
    /* only 10 cm of move, not enough to go wholly in: as far in as reach
       allows, on the edge */
    assert_int_equal (situation_nearest_cover (sit, me, 10, 10,
                      NULL, &p), east);
    assert_close (p.x, 60);
    /* too short */
    assert_int_equal (situation_nearest_cover (sit, me, 9, 9, NULL, &p), -1);
    /* further from an enemy to the east: the west wood, wholly inside
       from (30, 50) */
    vec2_t enemy = { 120, 50 };
    assert_int_equal (situation_nearest_cover (sit, me, 25, 25,
                      &enemy, &p), west);
    assert_close (p.x, 30);
    /* already in cover: stay */
    int in = add_unit (sit, "in", SIDE_BLUE, 70, 100, 0, 10, 2);
    assert_int_equal (situation_nearest_cover (sit, in, 25, 25,
                      NULL, &p), east);
    assert_close (p.x, 70);
    assert_close (p.y, 100);
    /* NULL point is fine */
    assert_int_equal (situation_nearest_cover (sit, me, 25, 25,
                      NULL, NULL), east);
    situation_destroy (&sit);

    /* difficult going counts double on the way; a river bars it */
    sit = situation_new (rs, 180, 120);
    add_rect (sit, "rough", TERRAIN_ROUGH, 52, 0, 58, 40);
    int wood = add_rect (sit, "wood", TERRAIN_WOODS, 60, 0, 80, 40);
    add_rect (sit, "river", TERRAIN_RIVER, 30, 60, 150, 70);
    me = add_unit (sit, "me", SIDE_BLUE, 50, 20, 0, 10, 2);
    /* rough is cover too, and nearer, but 6 cm across cannot hold the
       unit's 10 cm front; the wood beyond it could, wholly inside from
       (65, 20), but for 15 cm + 6 in the rough + 5 in the wood, beyond
       25: nowhere wholly in cover is in reach, so as far into the
       nearest as it goes, (53, 20) for 3 cm + 1 in the rough */
    assert_int_equal (situation_nearest_cover (sit, me, 25, 25, NULL, &p), 0);
    assert_close (p.x, 53);
    /* with 26 cm the wood is in reach, and wholly in cover wins */
    assert_int_equal (situation_nearest_cover (sit, me, 26, 26, NULL, &p),
                      wood);
    assert_close (p.x, 65);
    assert_close (p.y, 20);
    int across = add_unit (sit, "across", SIDE_BLUE, 50, 80, 0, 10, 2);
    assert_int_equal (situation_nearest_cover (sit, across, 25, 25,
                      NULL, &p), -1);
    situation_destroy (&sit);

    /* "it takes 1/4 move to clear a low barrier (Fallen tree etc) or
       fence": a quarter of one move (move_cm), however far the search
       looks.  A fence 40 cm behind, looked for over two moves of 25 cm:
       (50, 9) for 41 cm and 6.25 to cross; priced at a quarter of the
       50 cm looked over it would cost 53.5, out of reach */
    sit = situation_new (rs, 180, 120);
    int fence = add_rect (sit, "fence", TERRAIN_LOW_BARRIER, 0, 9, 180, 10);
    me = add_unit (sit, "me", SIDE_BLUE, 50, 50, 0, 10, 2);
    assert_int_equal (situation_nearest_cover (sit, me, 50, 25,
                      NULL, &p), fence);
    assert_close (p.y, 9);
    assert_int_equal (situation_nearest_cover (sit, me, 50, 50,
                      NULL, &p), -1);
    situation_destroy (&sit);
}

static void
test_away_bearing (void **state)
{
    (void) state;
    situation_t *sit = situation_new (rs, 300, 300);
    int me = add_unit (sit, "me", SIDE_BLUE, 150, 150, 0, 2, 2);
    int n = add_unit (sit, "n", SIDE_RED, 150, 162, 0, 2, 2);      /* 10 */
    int e = add_unit (sit, "e", SIDE_RED, 252, 150, 0, 2, 2);      /* 100 */
    int e10 = add_unit (sit, "e10", SIDE_RED, 162, 150, 0, 2, 2);  /* 10 */
    int list[2];
    list[0] = n;
    assert_close (situation_away_bearing (sit, me, list, 1), 180);
    list[1] = e10;
    assert_close (situation_away_bearing (sit, me, list, 2), 225);
    /* weighted by 1/distance: (0.01, 0.1) pulls; away is opposite */
    list[1] = e;
    assert_close (situation_away_bearing (sit, me, list, 2),
                  180 + atan2 (0.01, 0.1) * 180 / 3.14159265358979323846);
    /* none: the unit's rear */
    situation_unit (sit, me)->fp.facing = 30;
    assert_close (situation_away_bearing (sit, me, NULL, 0), 210);
    situation_destroy (&sit);
}

static void
test_move_towards (void **state)
{
    (void) state;
    situation_t *sit = situation_new (rs, 180, 120);
    add_rect (sit, "river", TERRAIN_RIVER, 100, 0, 110, 120);
    vec2_t p = situation_move_towards (sit, (vec2_t) { 50, 60 }, 0, 25);
    assert_close (p.x, 50);
    assert_close (p.y, 85);
    p = situation_move_towards (sit, (vec2_t) { 50, 110 }, 0, 25);
    assert_close (p.y, 120);                     /* the far edge */
    p = situation_move_towards (sit, (vec2_t) { 10, 10 }, 225, 100);
    assert_close (p.x, 0);                       /* the corner */
    assert_close (p.y, 0);
    p = situation_move_towards (sit, (vec2_t) { 10, 10 }, 270, 100);
    assert_close (p.x, 0);
    assert_close (p.y, 10);
    p = situation_move_towards (sit, (vec2_t) { 90, 60 }, 90, 25);
    assert_close (p.x, 99.99);                   /* short of the river */
    p = situation_move_towards (sit, (vec2_t) { 99.99, 60 }, 90, 25);
    assert_close (p.x, 99.99);                   /* stays short */
    p = situation_move_towards (sit, (vec2_t) { 105, 60 }, 90, 25);
    assert_close (p.x, 130);                     /* out of it is fine */
    p = situation_move_towards (sit, (vec2_t) { 90, 60 }, 270, 25);
    assert_close (p.x, 65);
    p = situation_move_towards (sit, (vec2_t) { 90, 60 }, 90, 0);
    assert_close (p.x, 90);
    situation_destroy (&sit);
}

/* ---------------------------------------------------------------------- */

static void
test_copy_into (void **state)
{
    (void) state;
    situation_t *src = situation_new (rs, 180, 120);
    add_rect (src, "wood", TERRAIN_WOODS, 10, 10, 40, 40);
    for (int i = 0; i < 40; i++) {
        char id[16];
        snprintf (id, sizeof id, "u%d", i);
        add_unit (src, id, i % 2 ? SIDE_RED : SIDE_BLUE, 2 + i * 4, 60, 0, 3, 2);
    }
    situation_t *dst = situation_new (rs, 50, 50);
    assert_int_equal (situation_copy_into (dst, src), 0);
    assert_close (situation_width (dst), 180);
    assert_int_equal (situation_unit_count (dst), 40);
    assert_int_equal (situation_terrain_count (dst), 1);
    /* the terrain is shared, the units are not */
    assert_ptr_equal (situation_terrain (dst, 0), situation_terrain (src, 0));
    assert_ptr_not_equal (situation_unit (dst, 0), situation_unit (src, 0));
    assert_memory_equal (situation_unit (dst, 7), situation_unit (src, 7),
                         sizeof (unit_t));
    situation_unit (dst, 3)->killed = 5;
    assert_int_equal (situation_unit (src, 3)->killed, 0);
    /* again, with room already: the same arrays */
    unit_t *before = situation_unit (dst, 0);
    assert_int_equal (situation_copy_into (dst, src), 0);
    assert_ptr_equal (situation_unit (dst, 0), before);
    assert_int_equal (situation_unit (dst, 3)->killed, 0);
    assert_int_equal (situation_copy_into (dst, dst), 0);
    /* terrain added to the copy is its own */
    add_rect (dst, "town", TERRAIN_TOWN, 100, 10, 120, 30);
    assert_int_equal (situation_terrain_count (dst), 2);
    assert_int_equal (situation_terrain_count (src), 1);
    assert_string_equal (situation_terrain (src, 0)->id, "wood");
    assert_ptr_not_equal (situation_terrain (dst, 0), situation_terrain (src, 0));
    /* and to the original, after a copy was taken */
    situation_t *dup = situation_dup (src);
    assert_non_null (dup);
    add_rect (src, "rough", TERRAIN_ROUGH, 100, 50, 120, 70);
    assert_int_equal (situation_terrain_count (dup), 1);
    assert_int_equal (situation_terrain_count (src), 2);
    /* a smaller situation copied over a larger one */
    situation_t *small = situation_new (rs, 60, 60);
    add_unit (small, "only", SIDE_RED, 30, 30, 0, 3, 2);
    assert_int_equal (situation_copy_into (dst, small), 0);
    assert_int_equal (situation_unit_count (dst), 1);
    assert_int_equal (situation_terrain_count (dst), 0);
    assert_string_equal (situation_unit (dst, 0)->id, "only");
    situation_destroy (&small);
    situation_destroy (&dup);
    situation_destroy (&dst);
    /* the terrain outlives a destroyed copy */
    assert_string_equal (situation_terrain (src, 0)->id, "wood");
    situation_destroy (&src);
}

/* ---------------------------------------------------------------------- */
/*  The situation file */

static const char *brief_text =
    "ruleset = \"skirmish19\";\n"                                   /* 1 */
    "table = { width = 180.0; depth = 120.0; };\n"                  /* 2 */
    "terrain = ( { id = \"copse\"; kind = \"woods\"; cover = \"hard\";\n"
    "  polygon = ( [10.0, 10.0], [40.0, 10.0], [40.0, 30.0] ); },\n"
    "  { id = \"yard\"; kind = \"fence\";\n"                        /* 5 */
    "  polygon = ( [50, 50], [60, 50], [60, 60], [50, 60] ); } );\n"
    "units = ( { id = \"red-1\"; side = \"red\"; arm = \"infantry\";\n"
    "  quality = \"regular\"; weapon = \"musket\"; bayonet = true;\n"
    "  figures = 12; wounded = 1; killed = 0; officers = 1; ncos = 1;\n"
    "  drummers = 0; buglers = 0;\n"                                /* 10 */
    "  formation = \"line\"; x = 50.0; y = 60.0; facing = -180.0;\n"
    "  width = 12.0; depth = 3.0; stands = ( { start = 4; strength = 3; }, { start = 3; } );\n"
    "  status = [\"loaded\", \"fired\"]; platoon = \"1st\";\n"
    "  last_enemy_seen = [90.0, 20.0]; },\n"
    "  { id = \"blue-1\"; side = \"blue\"; arm = \"cavalry\";\n"    /* 15 */
    "    weapon = \"sword\"; figures = 8; x = 100; y = 20; facing = 0;\n"
    "    width = 10; depth = 5; } );\n";

static void
test_load_text (void **state)
{
    (void) state;
    char err[256] = "";
    situation_t *sit = situation_load_text (brief_text, "brief.cfg", finder,
                                            NULL, err, sizeof err);
    if (!sit)
        fail_msg ("%s", err);
    assert_close (situation_width (sit), 180);
    assert_int_equal (situation_terrain_count (sit), 2);
    const terrain_feature_t *copse = situation_terrain (sit, 0);
    assert_int_equal (copse->kind, TERRAIN_WOODS);
    assert_int_equal (copse->cover, COVER_HARD);         /* overridden */
    assert_int_equal (copse->vertex_count, 3);
    assert_close (copse->vertices[2].y, 30);
    const terrain_feature_t *yard = situation_terrain (sit, 1);
    assert_int_equal (yard->kind, TERRAIN_LOW_BARRIER);
    assert_int_equal (yard->cover, COVER_SOFT);          /* the kind's */
    assert_int_equal (situation_unit_count (sit), 2);
    const unit_t *u = situation_unit_const (sit, 0);
    assert_string_equal (u->id, "red-1");
    assert_int_equal (u->side, SIDE_RED);
    assert_int_equal (u->arm, ARM_INFANTRY);
    assert_int_equal (u->quality, QUALITY_REGULAR);
    assert_int_equal (u->weapon, ruleset_weapon_find (rs, "musket"));
    assert_true (u->bayonet);
    assert_int_equal (u->figures, 12);
    assert_int_equal (u->wounded, 1);
    assert_int_equal (u->officers, 1);
    assert_int_equal (u->ncos, 1);
    /* two stands of different resolve, the second at its start */
    assert_int_equal (u->stand_count, 2);
    assert_int_equal (u->stands[0].start, 4);
    assert_int_equal (u->stands[0].strength, 3);
    assert_int_equal (u->stands[1].start, 3);
    assert_int_equal (u->stands[1].strength, 3);
    assert_int_equal (u->formation, FORMATION_LINE);
    assert_close (u->fp.centre.x, 50);
    assert_close (u->fp.facing, 180);
    assert_close (u->fp.width, 12);
    assert_int_equal (u->status, STATUS_LOADED | STATUS_FIRED
                                 | STATUS_HAS_LAST_ENEMY);
    assert_close (u->last_enemy_seen.x, 90);
    assert_string_equal (u->platoon, "1st");
    u = situation_unit_const (sit, 1);
    assert_int_equal (u->arm, ARM_CAVALRY);
    assert_int_equal (u->formation, FORMATION_MOUNTED);  /* the default */
    assert_int_equal (u->quality, QUALITY_REGULAR);
    assert_false (u->bayonet);
    assert_int_equal (u->wounded + u->killed + u->officers, 0);
    assert_int_equal (u->status, 0);
    assert_string_equal (u->platoon, "");
    assert_int_equal (u->stand_count, 0);
    situation_destroy (&sit);
}

/*  brief_text with line `line` (1-based) replaced by `with` (which may
 *  hold several lines), into `text` (4096 bytes). */
static void
brief_with (int line, const char *with, char *text)
{
    text[0] = '\0';
    const char *p = brief_text;
    for (int n = 1; *p; n++) {
        const char *end = strchr (p, '\n');
        size_t len = end ? (size_t) (end - p + 1) : strlen (p);
        int spans = 1;                       /* lines `with` stands for */
        for (const char *w = with; *w; w++)
            spans += *w == '\n';
        if (n == line) {
            strcat (text, with);
            strcat (text, "\n");
        } else if (n < line || n >= line + spans)
            strncat (text, p, len);
        p += len;
    }
}

/*  Replace line `line` of brief_text with `with` and load it: the error
 *  must be exactly `want`. */
static void
expect_load_error (int line, const char *with, const char *want)
{
    char text[4096];
    brief_with (line, with, text);
    char err[256] = "";
    situation_t *sit = situation_load_text (text, "farm.cfg", finder, NULL,
                                            err, sizeof err);
    if (sit)
        fail_msg ("loaded, wanted \"%s\"", want);
    if (strcmp (err, want) != 0)
        fail_msg ("error\n  \"%s\"\nwanted\n  \"%s\"", err, want);
}

/*  An infantry column of 8 stands (seed 000's house rules: columns of 3
 *  to 8 stands) is one unit, each stand as given. */
static void
test_load_eight_stands (void **state)
{
    (void) state;
    char text[4096];
    brief_with (12, "  width = 12.0; depth = 3.0; stands = ( {start=1;}, "
                "{start=1;}, {start=1;}, {start=1;}, {start=1;}, {start=1;}, "
                "{start=1;}, {start=2; strength=1;} );", text);
    char err[256] = "";
    situation_t *sit = situation_load_text (text, "column.cfg", finder, NULL,
                                            err, sizeof err);
    if (!sit)
        fail_msg ("%s", err);
    const unit_t *u = situation_unit_const (sit, 0);
    assert_int_equal (u->stand_count, 8);
    assert_int_equal (u->stands[6].start, 1);
    assert_int_equal (u->stands[7].start, 2);
    assert_int_equal (u->stands[7].strength, 1);
    situation_destroy (&sit);
}

static void
test_load_errors (void **state)
{
    (void) state;
    expect_load_error (12, "  width = 12.0; depth = 3.0; stands = ( { start = 4; strength = 5; } );",
                       "farm.cfg:12 - unit \"red-1\" stand 1: strength 5 not in 0..4");
    expect_load_error (12, "  width = 12.0; depth = 3.0; stands = ( { start = 4; }, { start = 0; } );",
                       "farm.cfg:12 - unit \"red-1\" stand 2: start 0 not in 1..100");
    expect_load_error (12, "  width = 12.0; depth = 3.0; stands = ( { strength = 2; } );",
                       "farm.cfg:12 - unit \"red-1\" stand 1: missing start");
    expect_load_error (12, "  width = 12.0; depth = 3.0; stands = ( { start = 3; resolve = 2; } );",
                       "farm.cfg:12 - unit \"red-1\" stand 1: unknown field \"resolve\"");
    expect_load_error (12, "  width = 12.0; depth = 3.0; stands = [ 4, 3 ];",
                       "farm.cfg:12 - unit \"red-1\": stands must be a list ( { start = ...; strength = ...; }, ... )");
    expect_load_error (12, "  width = 12.0; depth = 3.0; stands = ( {start=1;}, {start=1;}, {start=1;}, {start=1;}, {start=1;}, {start=1;}, {start=1;}, {start=1;}, {start=1;} );",
                       "farm.cfg:12 - unit \"red-1\": 9 stands, more than max_stands (8)");
    expect_load_error (8, "  quality = \"regular\"; weapon = \"blunderbuss\"; bayonet = true;",
                       "farm.cfg:8 - unit \"red-1\": unknown weapon \"blunderbuss\"");
    expect_load_error (1, "ruleset = \"napoleonics\";",
                       "farm.cfg:1 - unknown ruleset \"napoleonics\"");
    expect_load_error (1, "ruleset = 19;",
                       "farm.cfg:1 - situation: ruleset must be a string");
    expect_load_error (1, "",
                       "farm.cfg - situation: missing ruleset");
    expect_load_error (2, "",
                       "farm.cfg - situation: missing table");
    expect_load_error (2, "table = { width = 180.0; };",
                       "farm.cfg:2 - table: missing depth");
    expect_load_error (2, "table = { width = 0.0; depth = 120.0; };",
                       "farm.cfg:2 - table: width 0 not in 0.0001..100000");
    expect_load_error (2, "table = { width = 180.0; depth = 120.0; legs = 4; };",
                       "farm.cfg:2 - table: unknown field \"legs\"");
    expect_load_error (2, "table = 180.0;",
                       "farm.cfg:2 - table must be a group { width = ...; depth = ...; }");
    expect_load_error (2, "table = { width = 180.0; depth = 120.0; }; weather = \"rain\";",
                       "farm.cfg:2 - situation: unknown field \"weather\"");
    expect_load_error (7, "units = ( { id = \"red-1\"; side = ; arm = \"infantry\";",
                       "farm.cfg:7 - syntax error");
    /* terrain */
    expect_load_error (3, "terrain = ( { id = \"copse\"; kind = \"swamp\"; cover = \"hard\";",
                       "farm.cfg:3 - terrain \"copse\": unknown kind \"swamp\" (one of: "
                       "woods, town, rough, gentle_hill, steep_hill, stream, "
                       "river, road, fortification, low_barrier)");
    expect_load_error (3, "terrain = ( { id = \"copse\"; kind = \"woods\"; cover = \"total\";",
                       "farm.cfg:3 - terrain \"copse\": unknown cover \"total\" (one of: "
                       "none, soft, hard)");
    expect_load_error (3, "terrain = ( { kind = \"woods\";",
                       "farm.cfg:3 - terrain 1: missing id");
    expect_load_error (4, "  polygon = ( [10.0, 10.0], [40.0, 10.0] ); },",
                       "farm.cfg:4 - terrain \"copse\": polygon has 2 vertices, needs 3 to 256");
    expect_load_error (4, "  polygon = ( [10.0, 10.0], [40.0, 10.0], [40.0] ); },",
                       "farm.cfg:4 - terrain \"copse\": polygon vertex 3 must be [x, y]");
    expect_load_error (4, "  polygon = ( [10.0, 10.0], [40.0, 10.0], [70.0, 10.0] ); },",
                       "farm.cfg:3 - terrain \"copse\": polygon has no area");
    expect_load_error (4, "  poligon = ( [10.0, 10.0], [40.0, 10.0], [40.0, 30.0] ); },",
                       "farm.cfg:4 - terrain \"copse\": unknown field \"poligon\"");
    expect_load_error (5, "  { id = \"copse\"; kind = \"fence\";",
                       "farm.cfg:5 - terrain \"copse\": duplicate id");
    /* units */
    expect_load_error (7, "units = ( { side = \"red\"; arm = \"infantry\";",
                       "farm.cfg:7 - unit 1: missing id");
    expect_load_error (7, "units = ( { id = \"\"; side = \"red\"; arm = \"infantry\";",
                       "farm.cfg:7 - unit 1: id is empty");
    expect_load_error (7, "units = ( { id = \"a-very-long-identifier-of-33-chars\"; side = \"red\"; arm = \"infantry\";",
                       "farm.cfg:7 - unit 1: id \"a-very-long-identifier-of-33-chars\" longer than 31 characters");
    expect_load_error (7, "units = ( { id = \"red-1\"; side = \"green\"; arm = \"infantry\";",
                       "farm.cfg:7 - unit \"red-1\": unknown side \"green\" (one of: blue, "
                       "red)");
    expect_load_error (7, "units = ( { id = \"red-1\"; side = \"red\"; arm = \"pikemen\";",
                       "farm.cfg:7 - unit \"red-1\": unknown arm \"pikemen\" (one of: "
                       "infantry, cavalry, artillery, command)");
    expect_load_error (7, "units = ( { id = \"red-1\"; side = \"red\";",
                       "farm.cfg:7 - unit \"red-1\": missing arm");
    expect_load_error (8, "  quality = \"superb\"; weapon = \"musket\"; bayonet = true;",
                       "farm.cfg:8 - unit \"red-1\": unknown quality \"superb\" "
                       "(skirmish19 grades raw, regular, hero)");
    expect_load_error (8, "  quality = \"regular\"; weapon = \"musket\"; bayonet = 1;",
                       "farm.cfg:8 - unit \"red-1\": bayonet must be true or false");
    expect_load_error (9, "  figures = 12.5; wounded = 1; killed = 0; officers = 1; ncos = 1;",
                       "farm.cfg:9 - unit \"red-1\": figures must be a whole number");
    expect_load_error (9, "  figures = 0; wounded = 1; killed = 0; officers = 1; ncos = 1;",
                       "farm.cfg:9 - unit \"red-1\": figures 0 not in 1..10000");
    expect_load_error (9, "  figure = 12; wounded = 1; killed = 0; officers = 1; ncos = 1;",
                       "farm.cfg:9 - unit \"red-1\": unknown field \"figure\"");
    expect_load_error (9, "  figures = 12; wounded = 7; killed = 6; officers = 1; ncos = 1;",
                       "farm.cfg:7 - unit \"red-1\": wounded + killed (13) exceeds figures (12)");
    expect_load_error (9, "  figures = 12; wounded = -1; killed = 0; officers = 1; ncos = 1;",
                       "farm.cfg:9 - unit \"red-1\": wounded -1 not in 0..10000");
    expect_load_error (11, "  formation = \"wedge\"; x = 50.0; y = 60.0; facing = -180.0;",
                       "farm.cfg:11 - unit \"red-1\": unknown formation \"wedge\" (one of: "
                       "line, column, square, loose, mounted, march)");
    expect_load_error (11, "  formation = \"line\"; x = 200.0; y = 60.0; facing = -180.0;",
                       "farm.cfg:11 - unit \"red-1\": x 200 not in 0..180");
    expect_load_error (11, "  formation = \"line\"; x = 50.0; y = \"sixty\"; facing = -180.0;",
                       "farm.cfg:11 - unit \"red-1\": y must be a number");
    expect_load_error (11, "  formation = \"line\"; x = 50.0; y = 60.0;",
                       "farm.cfg:7 - unit \"red-1\": missing facing");
    expect_load_error (12, "  width = 0.0; depth = 3.0;",
                       "farm.cfg:7 - unit \"red-1\": width 0 not in (0, 100000]");
    expect_load_error (13, "  status = [\"loaded\", \"tired\"]; platoon = \"1st\";",
                       "farm.cfg:13 - unit \"red-1\": unknown status \"tired\"");
    expect_load_error (13, "  status = \"loaded\"; platoon = \"1st\";",
                       "farm.cfg:13 - unit \"red-1\": status must be a list of names");
    expect_load_error (14, "  last_enemy_seen = [90.0]; },",
                       "farm.cfg:14 - unit \"red-1\": last_enemy_seen must be [x, y]");
    expect_load_error (15, "  { id = \"red-1\"; side = \"blue\"; arm = \"cavalry\";",
                       "farm.cfg:15 - unit \"red-1\": duplicate id");
    /* the whole of the units' lines */
    const char *rest = "units = ( 12 );\n\n\n\n\n\n\n\n\n\n";
    expect_load_error (7, rest,
                       "farm.cfg:7 - unit 1: must be a group { ... }");
    rest = "units = { a = 1; };\n\n\n\n\n\n\n\n\n\n";
    expect_load_error (7, rest,
                       "farm.cfg:7 - units must be a list ( { ... }, ... )");
}

static void
test_load_empty_and_scenario (void **state)
{
    (void) state;
    char err[256] = "";
    situation_t *sit = situation_load_text (
        "ruleset = \"skirmish19\";\ntable = { width = 60; depth = 40; };\n"
        "terrain = ();\nunits = ();\n"
        "scenario = { name = \"x\"; turns = 3; };\n",
        "empty.cfg", finder, NULL, err, sizeof err);
    if (!sit)
        fail_msg ("%s", err);
    assert_int_equal (situation_unit_count (sit), 0);
    assert_int_equal (situation_terrain_count (sit), 0);
    situation_destroy (&sit);
    sit = situation_load_text ("ruleset = \"skirmish19\";", "t.cfg", NULL,
                               NULL, err, sizeof err);
    assert_null (sit);
    assert_string_equal (err, "t.cfg:1 - unknown ruleset \"skirmish19\"");
    sit = situation_load_text ("", NULL, finder, NULL, err, sizeof err);
    assert_null (sit);
    assert_string_equal (err, "(text) - situation: missing ruleset");
}

static void
test_load_files (void **state)
{
    (void) state;
    char err[256] = "";
    situation_t *sit = situation_load (test_source_path ("clients/examples/farm.cfg"),
                                       finder, NULL, err, sizeof err);
    if (!sit)
        fail_msg ("%s", err);
    assert_int_equal (situation_terrain_count (sit), 9);
    assert_int_equal (situation_unit_count (sit), 10);
    int red = situation_find_unit (sit, "red-line");
    assert_true (red >= 0);
    int lights = situation_find_unit (sit, "red-lights");
    assert_int_equal (situation_footprint_cover (sit, &situation_unit_const (sit, lights)->fp),
                      COVER_SOFT);          /* in the copse */
    int blue = situation_find_unit (sit, "blue-line");
    assert_true (situation_can_see (sit, red, blue, NULL, NULL));
    assert_int_equal (situation_nearest_enemy (sit, red, NULL),
                      situation_find_unit (sit, "blue-line"));
    situation_destroy (&sit);

    sit = situation_load (test_source_path ("clients/examples/open_field.cfg"),
                          finder, NULL, err, sizeof err);
    if (!sit)
        fail_msg ("%s", err);
    assert_int_equal (situation_unit_count (sit), 2);
    assert_close (situation_unit_distance (sit, 0, 1), 37);
    situation_destroy (&sit);

    /* a file error names the file as given */
    const char *path = test_write_temp ("ruleset = \"skirmish19\";\n"
                                        "table = { width = 60; depth = 40; };\n"
                                        "units = ( { id = \"a\"; } );\n", ".cfg");
    sit = situation_load (path, finder, NULL, err, sizeof err);
    assert_null (sit);
    char want[512];
    snprintf (want, sizeof want, "%s:3 - unit \"a\": missing side", path);
    assert_string_equal (err, want);
    sit = situation_load ("/nonexistent/farm.cfg", finder, NULL, err, sizeof err);
    assert_null (sit);
    assert_contains (err, "/nonexistent/farm.cfg - cannot open");
}

/*  Asked of each unit met: only blue units are in the way. */
static bool
blue_only (const situation_t *sit, int k, void *arg)
{
    (void) arg;
    return situation_unit_const (sit, k)->side == SIDE_BLUE;
}

/*  A unit on a line: the first met that the caller counts, a base only
 *  grazed not met when the caller allows a graze. */
static void
test_unit_on_segment (void **state)
{
    (void) state;
    situation_t *sit = situation_new (rs, 200, 100);
    assert_non_null (sit);
    int red = add_unit (sit, "red", SIDE_RED, 50, 50, 0, 10, 4);
    int blue = add_unit (sit, "blue", SIDE_BLUE, 100, 50, 0, 10, 4);
    vec2_t a = { 0, 50 }, b = { 200, 50 };
    assert_int_equal (situation_unit_on_segment (sit, a, b, 0, NULL, NULL), red);
    assert_int_equal (situation_unit_on_segment (sit, a, b, 0, blue_only, NULL),
                      blue);
    /* along blue's rear edge (y 48): touching counts without a graze */
    vec2_t c = { 80, 48 }, d = { 120, 48 };
    assert_int_equal (situation_unit_on_segment (sit, c, d, 0, NULL, NULL), blue);
    assert_int_equal (situation_unit_on_segment (sit, c, d, 0.5, NULL, NULL), -1);
    /* past both */
    assert_int_equal (situation_unit_on_segment (sit, (vec2_t) { 0, 90 },
                      (vec2_t) { 200, 90 }, 0, NULL, NULL), -1);
    situation_destroy (&sit);
}

/*  The units a move may meet: those within its length plus the margin
 *  of where the footprint starts (and some a little further), in index
 *  order, -1 past the room given; a footprint is off the table by any
 *  corner beyond an edge. */
static void
test_units_near_way (void **state)
{
    (void) state;
    situation_t *sit = situation_new (rs, 200, 100);
    assert_non_null (sit);
    int far = add_unit (sit, "far", SIDE_RED, 150, 50, 0, 10, 4);
    int near = add_unit (sit, "near", SIDE_BLUE, 70, 50, 0, 10, 4);
    int edge = add_unit (sit, "edge", SIDE_RED, 50, 80, 0, 10, 4);
    footprint_t fp = { { 50, 50 }, 0, 10, 4 };
    int out[4];
    /* near: 10 cm apart; edge: 26 cm; far: 90 cm */
    assert_int_equal (situation_units_near_way (sit, &fp, 9, 0, out, 4), 0);
    assert_int_equal (situation_units_near_way (sit, &fp, 9, 1, out, 4), 1);
    assert_int_equal (out[0], near);
    assert_int_equal (situation_units_near_way (sit, &fp, 30, 0, out, 4), 2);
    assert_int_equal (out[0], near);
    assert_int_equal (out[1], edge);
    assert_int_equal (situation_units_near_way (sit, &fp, 100, 0, out, 4), 3);
    assert_int_equal (out[0], far);
    assert_int_equal (situation_units_near_way (sit, &fp, 100, 0, out, 2), -1);
    /* a unit a little further may be taken, by the floor under its
       distance: corner to corner 7.81 cm (5 across, 6 along), the gap
       along the centres' line 7.49 cm */
    int diag = add_unit (sit, "diag", SIDE_RED, 65, 60, 0, 10, 4);
    assert_int_equal (situation_units_near_way (sit, &fp, 7.6, 0, out, 4), 1);
    assert_int_equal (out[0], diag);
    assert_int_equal (situation_units_near_way (sit, &fp, 7.4, 0, out, 4), 0);

    /* a corner on the edge is on the table, one past it off */
    footprint_t on = { { 5, 50 }, 0, 10, 4 };
    assert_false (situation_footprint_off_table (sit, &on));
    on.centre.x = 4.9;
    assert_true (situation_footprint_off_table (sit, &on));
    footprint_t turned = { { 195, 98 }, 90, 10, 4 };   /* 4 wide, 10 deep */
    assert_true (situation_footprint_off_table (sit, &turned));
    turned.centre = (vec2_t) { 198, 95 };
    assert_false (situation_footprint_off_table (sit, &turned));
    situation_destroy (&sit);
}

/*  "Shooting is only possible if figures can see the entire base of a
 *  figure without obstruction, unless shooting over an object or person
 *  within 2 cms": a line of fire masked by a unit between, not by one
 *  within 2 cm of the shooter; part of the target seen whole is enough,
 *  unless the whole base must be. */
static void
test_fire_masked (void **state)
{
    (void) state;
    situation_t *sit = situation_new (rs, 200, 200);
    assert_non_null (sit);
    int s = add_unit (sit, "s", SIDE_BLUE, 100, 100, 0, 10, 2);
    int m = add_unit (sit, "m", SIDE_BLUE, 100, 115, 0, 30, 4);
    int t = add_unit (sit, "t", SIDE_RED, 100, 130, 180, 10, 2);
    const footprint_t *from = &situation_unit_const (sit, s)->fp;
    assert_true (situation_fire_masked (sit, s, from, t, 2.0, false));
    assert_true (situation_fire_masked (sit, s, from, t, 2.0, true));
    /* the unit that masks, for the words a player is told */
    assert_int_equal (situation_fire_mask (sit, s, from, t, 2.0, false), m);
    assert_int_equal (situation_fire_mask (sit, s, from, t, 2.0, true), m);
    /* shot over: 12 cm away when allowed 12 */
    assert_false (situation_fire_masked (sit, s, from, t, 12.0, false));
    assert_int_equal (situation_fire_mask (sit, s, from, t, 12.0, false), -1);
    /* the masking unit with no figure standing masks nothing */
    situation_unit (sit, m)->killed = 12;
    assert_false (situation_fire_masked (sit, s, from, t, 2.0, true));
    situation_unit (sit, m)->killed = 0;
    /* a part of the target masked (x 88 .. 98 before its 95 .. 105) */
    situation_unit (sit, m)->fp = (footprint_t) { { 93, 115 }, 0, 10, 4 };
    assert_false (situation_fire_masked (sit, s, from, t, 2.0, false));
    assert_true (situation_fire_masked (sit, s, from, t, 2.0, true));
    /* beside the lines of fire altogether */
    situation_unit (sit, m)->fp.centre.x = 70;
    assert_false (situation_fire_masked (sit, s, from, t, 2.0, true));
    /* a neighbour of the target, touching it, does not mask it */
    situation_unit (sit, m)->fp = (footprint_t) { { 110, 130 }, 180, 10, 2 };
    assert_false (situation_fire_masked (sit, s, from, t, 2.0, true));
    /* from where the shooter will stand: behind the line */
    situation_unit (sit, m)->fp = (footprint_t) { { 100, 115 }, 0, 30, 4 };
    footprint_t moved = *from;
    moved.centre = (vec2_t) { 150, 100 };
    assert_false (situation_fire_masked (sit, s, &moved, t, 2.0, false));
    situation_destroy (&sit);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_new_and_sizes),
        cmocka_unit_test (test_add_terrain),
        cmocka_unit_test (test_terrain_simple_verdicts),
        cmocka_unit_test (test_too_much_terrain),
        cmocka_unit_test (test_reserve_terrain),
        cmocka_unit_test (test_add_unit),
        cmocka_unit_test (test_too_many_units),
        cmocka_unit_test (test_cover),
        cmocka_unit_test (test_segment_meets),
        cmocka_unit_test (test_unit_on_segment),
        cmocka_unit_test (test_units_near_way),
        cmocka_unit_test (test_fire_masked),
        cmocka_unit_test (test_sight_open),
        cmocka_unit_test (test_sight_blocked),
        cmocka_unit_test (test_sight_into_woods_edge),
        cmocka_unit_test (test_sight_deep_in_woods),
        cmocka_unit_test (test_sight_of_units_that_fired),
        cmocka_unit_test (test_sight_through_woods),
        cmocka_unit_test (test_sight_rolls),
        cmocka_unit_test (test_nearest_enemy),
        cmocka_unit_test (test_path_cost),
        cmocka_unit_test (test_nearest_cover),
        cmocka_unit_test (test_away_bearing),
        cmocka_unit_test (test_move_towards),
        cmocka_unit_test (test_copy_into),
        cmocka_unit_test (test_load_text),
        cmocka_unit_test (test_load_eight_stands),
        cmocka_unit_test (test_load_errors),
        cmocka_unit_test (test_load_empty_and_scenario),
        cmocka_unit_test (test_load_files),
    };
    return cmocka_run_group_tests (tests, setup, teardown);
}
