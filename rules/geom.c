/*  geom.c - plane geometry of the table.
 *
 *  Compass convention: bearing 0 faces +y, 90 faces +x, so the unit vector
 *  of bearing b is (sin b, cos b).  A footprint's local frame is its
 *  forward vector f (along the facing) and its right vector r (facing +
 *  90); a point's local coordinates are (dot(p - c, r), dot(p - c, f)).
 *
 *  Tolerances: GEOM_EPS absorbs rounding so that a point computed on a
 *  boundary counts as on it.  Nothing here allocates.
 */
#include <assert.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include "geom.h"
#include "solo_limits.h"

#define GEOM_EPS 1e-9

static vec2_t v_add (vec2_t a, vec2_t b) { return (vec2_t) { a.x + b.x, a.y + b.y }; }
static vec2_t v_sub (vec2_t a, vec2_t b) { return (vec2_t) { a.x - b.x, a.y - b.y }; }
static vec2_t v_scale (vec2_t a, double k) { return (vec2_t) { a.x * k, a.y * k }; }
static double v_dot (vec2_t a, vec2_t b) { return a.x * b.x + a.y * b.y; }
static double v_cross (vec2_t a, vec2_t b) { return a.x * b.y - a.y * b.x; }
static double v_len2 (vec2_t a) { return a.x * a.x + a.y * a.y; }

double
geom_norm_deg (double deg)
{
    if (!isfinite (deg))
        return 0.0;
    double d = fmod (deg, 360.0);
    if (d < 0.0)
        d += 360.0;
    if (d >= 360.0)          /* -tiny + 360 rounds to 360 */
        d = 0.0;
    return d;
}

double
geom_turn_deg (double from, double to)
{
    return fabs (geom_norm_deg (to - from + 180) - 180);
}

/*  Exact vectors for the four quarter bearings, so that a unit facing 90
 *  has corners that are exactly where a player measures them. */
static vec2_t
heading_of (double deg)
{
    double d = geom_norm_deg (deg);
    if (d == 0.0)
        return (vec2_t) { 0.0, 1.0 };
    if (d == 90.0)
        return (vec2_t) { 1.0, 0.0 };
    if (d == 180.0)
        return (vec2_t) { 0.0, -1.0 };
    if (d == 270.0)
        return (vec2_t) { -1.0, 0.0 };
    double r = d * GEOM_RAD_PER_DEG;
    return (vec2_t) { sin (r), cos (r) };
}

/*  The last headings worked out by this thread, by the bits of the
 *  facing asked: the same few facings come back all the time (every
 *  footprint question works out its footprints' frames), and a sine and
 *  cosine cost more than the rest of such a question.  The answer is the
 *  one heading_of gives, bit for bit. */
#define HEADING_MEMO 32                    /* a power of 2 */
typedef struct {
    uint64_t bits;
    vec2_t v;
    bool set;
} heading_memo_t;
static _Thread_local heading_memo_t heading_memo[HEADING_MEMO];

vec2_t
geom_heading_vec (double deg)
{
    uint64_t bits;
    memcpy (&bits, &deg, sizeof bits);
    heading_memo_t *m = &heading_memo[(bits * 0x9E3779B97F4A7C15ull) >> 59
                                      & (HEADING_MEMO - 1)];
    if (m->set && m->bits == bits)
        return m->v;
    m->v = heading_of (deg);
    m->bits = bits;
    m->set = true;
    return m->v;
}

double
geom_bearing (vec2_t from, vec2_t to)
{
    double dx = to.x - from.x, dy = to.y - from.y;
    if (dx == 0.0 && dy == 0.0)
        return 0.0;
    return geom_norm_deg (atan2 (dx, dy) / GEOM_RAD_PER_DEG);
}

double
geom_dist (vec2_t a, vec2_t b)
{
    double dx = a.x - b.x, dy = a.y - b.y;
    return sqrt (dx * dx + dy * dy);   /* hypot's overflow care costs here */
}

/*  A footprint's frame: centre, forward and right unit vectors, half
 *  width and half depth.  Worked out once per footprint per call, since
 *  the sine and cosine are the dear part. */
typedef struct {
    vec2_t c, fwd, right;
    double hw, hd;
} frame_t;

static frame_t
frame_of (const footprint_t *f)
{
    frame_t fr;
    fr.c = f->centre;
    fr.fwd = geom_heading_vec (f->facing);
    fr.right = (vec2_t) { fr.fwd.y, -fr.fwd.x };
    fr.hw = f->width / 2.0;
    fr.hd = f->depth / 2.0;
    return fr;
}

static void
frame_corners (const frame_t *fr, vec2_t out[4])
{
    vec2_t front = v_scale (fr->fwd, fr->hd);
    vec2_t side = v_scale (fr->right, fr->hw);
    out[0] = v_sub (v_add (fr->c, front), side);   /* front-left */
    out[1] = v_add (v_add (fr->c, front), side);   /* front-right */
    out[2] = v_add (v_sub (fr->c, front), side);   /* rear-right */
    out[3] = v_sub (v_sub (fr->c, front), side);   /* rear-left */
}

/*  True when p is inside the frame's rectangle shrunk (margin > 0) or
 *  grown (margin < 0) by `margin` on every side. */
static bool
frame_has (const frame_t *fr, vec2_t p, double margin)
{
    vec2_t d = v_sub (p, fr->c);
    return fabs (v_dot (d, fr->right)) <= fr->hw - margin
        && fabs (v_dot (d, fr->fwd)) <= fr->hd - margin;
}

/*  Clamp p's local coordinates into the rectangle: the nearest point. */
static vec2_t
frame_point_nearest (const frame_t *fr, vec2_t p)
{
    vec2_t d = v_sub (p, fr->c);
    double u = v_dot (d, fr->right), v = v_dot (d, fr->fwd);
    if (u > fr->hw) u = fr->hw;
    if (u < -fr->hw) u = -fr->hw;
    if (v > fr->hd) v = fr->hd;
    if (v < -fr->hd) v = -fr->hd;
    return v_add (fr->c, v_add (v_scale (fr->right, u), v_scale (fr->fwd, v)));
}

/*  The square of the distance from p to the frame's rectangle. */
static double
frame_point_distance2 (const frame_t *fr, vec2_t p)
{
    vec2_t d = v_sub (p, fr->c);
    double du = fabs (v_dot (d, fr->right)) - fr->hw;
    double dv = fabs (v_dot (d, fr->fwd)) - fr->hd;
    if (du < 0.0) du = 0.0;
    if (dv < 0.0) dv = 0.0;
    return du * du + dv * dv;
}

static double
frame_point_distance (const frame_t *fr, vec2_t p)
{
    return sqrt (frame_point_distance2 (fr, p));
}

/*  Separating-axis test: the largest gap between the two rectangles'
 *  projections on the four axes of either.  Positive: apart; negative:
 *  their insides overlap; about zero: they touch. */
static double
frames_gap (const frame_t *a, const frame_t *b)
{
    vec2_t axes[4] = { a->fwd, a->right, b->fwd, b->right };
    vec2_t d = v_sub (b->c, a->c);
    double worst = -INFINITY;
    for (int i = 0; i < 4; i++) {
        double ra = fabs (v_dot (a->right, axes[i])) * a->hw
                  + fabs (v_dot (a->fwd, axes[i])) * a->hd;
        double rb = fabs (v_dot (b->right, axes[i])) * b->hw
                  + fabs (v_dot (b->fwd, axes[i])) * b->hd;
        double gap = fabs (v_dot (d, axes[i])) - ra - rb;
        if (gap > worst)
            worst = gap;
    }
    return worst;
}

/*  True when the two rectangles are surely apart: their centres further
 *  apart than the sum of half width and half depth of both (no less than
 *  the sum of their half diagonals), more than GEOM_EPS.  Cheaper than
 *  frames_gap, which the many pairs far apart then need not ask. */
static bool
frames_far (const frame_t *a, const frame_t *b)
{
    double r = a->hw + a->hd + b->hw + b->hd + 2 * GEOM_EPS;
    return v_len2 (v_sub (b->c, a->c)) > r * r;
}

void
footprint_corners (const footprint_t *f, vec2_t out[4])
{
    frame_t fr = frame_of (f);
    frame_corners (&fr, out);
}

bool
footprint_contains (const footprint_t *f, vec2_t p)
{
    frame_t fr = frame_of (f);
    return frame_has (&fr, p, -GEOM_EPS);
}

vec2_t
footprint_point_nearest (const footprint_t *f, vec2_t p)
{
    frame_t fr = frame_of (f);
    return frame_point_nearest (&fr, p);
}

/*  Clip the convex polygon in[0..n) to the half-plane where
 *  cross (edge, v - apex) * sign <= GEOM_EPS, into out (room for n + 1);
 *  returns its vertex count (0: nothing left). */
static int
clip_half_plane (const vec2_t *in, int n, vec2_t apex, vec2_t edge,
                 double sign, vec2_t *out)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        vec2_t a = in[i], b = in[(i + 1) % n];
        double sa = sign * v_cross (edge, v_sub (a, apex));
        double sb = sign * v_cross (edge, v_sub (b, apex));
        if (sa <= GEOM_EPS)
            out[k++] = a;
        if ((sa < -GEOM_EPS && sb > GEOM_EPS)
            || (sa > GEOM_EPS && sb < -GEOM_EPS))
            out[k++] = v_add (a, v_scale (v_sub (b, a), sa / (sa - sb)));
    }
    return k;
}

bool
footprint_nearest_in_arc (const footprint_t *f, vec2_t p, double facing,
                          double half_deg, vec2_t *out)
{
    assert (half_deg > 0 && half_deg <= 90);
    if (footprint_contains (f, p)) {
        *out = p;
        return true;
    }
    vec2_t c[4], once[5], twice[6];
    footprint_corners (f, c);
    /* in the arc: right of its left edge and left of its right edge
       (cross (d, v) <= 0 puts v on the right of d) */
    int n = clip_half_plane (c, 4, p, geom_heading_vec (facing - half_deg),
                             1.0, once);
    n = n ? clip_half_plane (once, n, p, geom_heading_vec (facing + half_deg),
                             -1.0, twice) : 0;
    if (n == 0)
        return false;
    *out = polygon_nearest_point (twice, n, p);
    return true;
}

double
footprint_half_diagonal (const footprint_t *f)
{
    return 0.5 * sqrt (f->width * f->width + f->depth * f->depth);
}

double
footprint_point_distance (const footprint_t *f, vec2_t p)
{
    frame_t fr = frame_of (f);
    return frame_point_distance (&fr, p);
}

/*  The distance between the rectangles of frames fa (its corners ca) and
 *  fb, known not to touch: two convex shapes apart are nearest at a
 *  corner of one of them, so the eight corner-to-rectangle distances
 *  give the answer. */
static double
apart_distance (const frame_t *fa, const vec2_t ca[4], const frame_t *fb)
{
    vec2_t cb[4];
    frame_corners (fb, cb);
    /* the least square, then one root: the same as the least root */
    double best = INFINITY;
    for (int i = 0; i < 4; i++) {
        double d = frame_point_distance2 (fb, ca[i]);
        if (d < best)
            best = d;
        d = frame_point_distance2 (fa, cb[i]);
        if (d < best)
            best = d;
    }
    return sqrt (best);
}

/*  The distance between the rectangles of frames fa and fb: 0 where
 *  they touch or overlap, else apart_distance; `ca` fa's corners when
 *  already worked out, NULL to work them out only if needed. */
static double
frames_distance (const frame_t *fa, const vec2_t *ca, const frame_t *fb)
{
    if (!frames_far (fa, fb) && frames_gap (fa, fb) <= GEOM_EPS)
        return 0.0;
    vec2_t own[4];
    if (!ca) {
        frame_corners (fa, own);
        ca = own;
    }
    return apart_distance (fa, ca, fb);
}

double
footprint_distance (const footprint_t *a, const footprint_t *b)
{
    frame_t fa = frame_of (a), fb = frame_of (b);
    return frames_distance (&fa, NULL, &fb);
}

void
footprint_ready (const footprint_t *f, footprint_ready_t *out)
{
    frame_t fr = frame_of (f);
    out->centre = fr.c;
    out->forward = fr.fwd;
    out->right = fr.right;
    out->half_width = fr.hw;
    out->half_depth = fr.hd;
    frame_corners (&fr, out->corners);
}

/*  The frame of a footprint made ready: the fields frame_of gave it. */
static frame_t
frame_of_ready (const footprint_ready_t *a)
{
    return (frame_t) { a->centre, a->forward, a->right, a->half_width,
                       a->half_depth };
}

vec2_t
footprint_point_nearest_ready (const footprint_ready_t *a, vec2_t p)
{
    frame_t fa = frame_of_ready (a);
    return frame_point_nearest (&fa, p);
}

void
footprint_lines_ready (const footprint_ready_t *from, const footprint_t *to,
                       vec2_t a[FOOTPRINT_LINES], vec2_t b[FOOTPRINT_LINES])
{
    b[0] = footprint_nearest_point_ready (from, to);
    b[1] = to->centre;
    footprint_corners (to, b + 2);
    for (int k = 0; k < FOOTPRINT_LINES; k++)
        a[k] = footprint_point_nearest_ready (from, b[k]);
}

double
footprint_distance_ready (const footprint_ready_t *a, const footprint_t *b)
{
    frame_t fa = frame_of_ready (a), fb = frame_of (b);
    return frames_distance (&fa, a->corners, &fb);
}

double
footprint_distance_readies (const footprint_ready_t *a,
                            const footprint_ready_t *b)
{
    frame_t fa = frame_of_ready (a), fb = frame_of_ready (b);
    return frames_distance (&fa, a->corners, &fb);
}

vec2_t
geom_segment_nearest (vec2_t a, vec2_t b, vec2_t p)
{
    vec2_t ab = v_sub (b, a);
    double len2 = v_len2 (ab);
    if (len2 <= 0.0)
        return a;
    double t = v_dot (v_sub (p, a), ab) / len2;
    if (t < 0.0) t = 0.0;
    if (t > 1.0) t = 1.0;
    return v_add (a, v_scale (ab, t));
}

/*  Room for rounding in footprint_distance_floor: an absolute micrometre
 *  and a relative billionth, far more than the few units in the last
 *  place that footprint_distance's corners and products can lose. */
#define FLOOR_SLACK_CM  1e-4
#define FLOOR_SLACK_REL 1e-9

/*  Every point of a footprint lies within its half extents along a unit
 *  direction n of its centre: half width times |n . right| plus half
 *  depth times |n . forward|.  So the centres' distance along n less both
 *  extents is no more than any two points' distance: the floor. */
/*  footprint_distance_floor's arithmetic, of centres ca and cb, forward
 *  vectors fa and fb, widths and depths: one answer for both entries. */
static double
distance_floor (vec2_t ca, vec2_t fa, double wa, double da, vec2_t cb,
                vec2_t fb, double wb, double db)
{
    vec2_t d = v_sub (cb, ca);
    double len = sqrt (v_len2 (d));
    double scale = len + fabs (ca.x) + fabs (ca.y) + fabs (cb.x) + fabs (cb.y)
                 + wa + da + wb + db;
    double slack = FLOOR_SLACK_CM + FLOOR_SLACK_REL * scale;
    if (!(len > slack))
        return -1.0;              /* the centres (about) meet */
    vec2_t n = v_scale (d, 1.0 / len);
    double ea = 0.5 * (wa * fabs (v_cross (fa, n))
                       + da * fabs (v_dot (fa, n)));
    double eb = 0.5 * (wb * fabs (v_cross (fb, n))
                       + db * fabs (v_dot (fb, n)));
    return len - ea - eb - slack;
}

double
footprint_distance_floor (const footprint_t *a, const footprint_t *b)
{
    return distance_floor (a->centre, geom_heading_vec (a->facing), a->width,
                           a->depth, b->centre, geom_heading_vec (b->facing),
                           b->width, b->depth);
}

/*  A ready footprint's width and depth are twice its halves, exactly. */
double
footprint_distance_floor_readies (const footprint_ready_t *a,
                                  const footprint_ready_t *b)
{
    return distance_floor (a->centre, a->forward, 2 * a->half_width,
                           2 * a->half_depth, b->centre, b->forward,
                           2 * b->half_width, 2 * b->half_depth);
}

/*  When an edge of b runs parallel to an edge of a at the nearest
 *  distance `dmin`, the stretch of b's edge facing a's edge is all
 *  nearest: return its point closest to a's centre in *out. */
static bool
parallel_nearest (vec2_t a_centre, const vec2_t ca[4],
                  const vec2_t cb[4], double dmin, vec2_t *out)
{
    for (int i = 0; i < 4; i++) {
        vec2_t b0 = cb[i], b1 = cb[(i + 1) % 4];
        vec2_t eb = v_sub (b1, b0);
        double lb2 = v_len2 (eb);
        if (lb2 <= GEOM_EPS)
            continue;
        for (int j = 0; j < 4; j++) {
            vec2_t a0 = ca[j], a1 = ca[(j + 1) % 4];
            vec2_t ea = v_sub (a1, a0);
            double la2 = v_len2 (ea);
            if (la2 <= GEOM_EPS)
                continue;
            if (fabs (v_cross (ea, eb)) > 1e-9 * sqrt (la2 * lb2))
                continue;                       /* not parallel */
            /* distance between the two lines */
            double gap = fabs (v_cross (eb, v_sub (a0, b0))) / sqrt (lb2);
            if (fabs (gap - dmin) > 1e-7)
                continue;
            /* a's edge projected on b's edge, as parameters */
            double t0 = v_dot (v_sub (a0, b0), eb) / lb2;
            double t1 = v_dot (v_sub (a1, b0), eb) / lb2;
            double lo = fmin (t0, t1), hi = fmax (t0, t1);
            if (lo < 0.0) lo = 0.0;
            if (hi > 1.0) hi = 1.0;
            if ((hi - lo) * sqrt (lb2) <= 1e-7)
                continue;                       /* meet at a corner only */
            double tc = v_dot (v_sub (a_centre, b0), eb) / lb2;
            if (tc < lo) tc = lo;
            if (tc > hi) tc = hi;
            *out = v_add (b0, v_scale (eb, tc));
            return true;
        }
    }
    return false;
}

/*  footprint_nearest_point for a footprint of frame fa and corners ca
 *  (its centre fa->c). */
static vec2_t
frame_nearest_point (const frame_t *fa, const vec2_t ca[4],
                     const footprint_t *b)
{
    frame_t fb = frame_of (b);
    if (!frames_far (fa, &fb) && frames_gap (fa, &fb) < -GEOM_EPS)
        return b->centre;              /* their insides overlap */
    vec2_t cb[4];
    frame_corners (&fb, cb);
    double best = INFINITY;
    vec2_t point = b->centre;
    for (int i = 0; i < 4; i++) {
        vec2_t q = frame_point_nearest (&fb, ca[i]);
        double d = geom_dist (q, ca[i]);
        if (d < best) {
            best = d;
            point = q;
        }
        d = frame_point_distance (fa, cb[i]);
        if (d < best) {
            best = d;
            point = cb[i];
        }
    }
    /* an edge of one can run parallel to an edge of the other only when
       their facings differ by a multiple of 90 degrees: the sine or the
       cosine of the difference is about 0 (parallel_nearest looks for a
       sine under 1e-9 between edges; 1e-8 here leaves room for the
       rounding of the corners) */
    double s = fabs (v_cross (fa->fwd, fb.fwd));
    double c = fabs (v_dot (fa->fwd, fb.fwd));
    vec2_t p;
    if ((s < c ? s : c) <= 1e-8 && parallel_nearest (fa->c, ca, cb, best, &p))
        return p;
    return point;
}

vec2_t
footprint_nearest_point (const footprint_t *a, const footprint_t *b)
{
    frame_t fa = frame_of (a);
    vec2_t ca[4];
    frame_corners (&fa, ca);
    return frame_nearest_point (&fa, ca, b);
}

vec2_t
footprint_nearest_point_ready (const footprint_ready_t *a,
                               const footprint_t *b)
{
    frame_t fa = frame_of_ready (a);
    return frame_nearest_point (&fa, a->corners, b);
}

arc_t
geom_arc_from (vec2_t centre, double facing, vec2_t p,
               double front_half_deg, double rear_half_deg)
{
    if (geom_dist (centre, p) < GEOM_EPS)
        return ARC_FRONT;
    double rel = geom_norm_deg (geom_bearing (centre, p) - facing);
    if (rel > 180.0)
        rel = 360.0 - rel;
    if (rel <= front_half_deg + GEOM_EPS)
        return ARC_FRONT;
    if (rel >= 180.0 - rear_half_deg - GEOM_EPS)
        return ARC_REAR;
    return ARC_FLANK;
}

arc_t
footprint_arc_at (const footprint_t *f, vec2_t p,
                  double front_half_deg, double rear_half_deg)
{
    frame_t fr = frame_of (f);
    vec2_t d = v_sub (p, fr.c);
    if (fabs (v_dot (d, fr.right)) <= fr.hw + GEOM_EPS) {
        double ahead = v_dot (d, fr.fwd);
        if (ahead >= fr.hd - GEOM_EPS)
            return ARC_FRONT;         /* directly before its front edge */
        if (ahead <= -fr.hd + GEOM_EPS)
            return ARC_REAR;          /* directly behind its rear edge */
    }
    return geom_arc_from (f->centre, f->facing, p, front_half_deg,
                          rear_half_deg);
}

arc_t
footprint_arc (const footprint_t *f, vec2_t p,
               double front_half_deg, double rear_half_deg)
{
    if (footprint_contains (f, p))
        return ARC_FRONT;
    return footprint_arc_at (f, p, front_half_deg, rear_half_deg);
}

double
footprint_face_out (const footprint_t *f, arc_t arc, vec2_t p, double *half)
{
    assert (f && half);
    double out = f->facing;
    *half = f->depth / 2;
    if (arc == ARC_REAR)
        out += 180;
    else if (arc == ARC_FLANK) {
        double rel = geom_norm_deg (geom_bearing (f->centre, p) - f->facing);
        out += rel < 180 ? 90 : -90;
        *half = f->width / 2;
    }
    return out;
}

arc_t
footprint_arc_of (const footprint_t *f, const footprint_t *other,
                  double front_half_deg, double rear_half_deg)
{
    vec2_t p = footprint_nearest_point (f, other);
    return footprint_arc (f, p, front_half_deg, rear_half_deg);
}

/*  True when p lies on segment a-b (within GEOM_EPS of it). */
static bool
on_segment (vec2_t a, vec2_t b, vec2_t p)
{
    vec2_t ab = v_sub (b, a), ap = v_sub (p, a);
    double len2 = v_len2 (ab);
    if (len2 <= 0.0)
        return v_len2 (ap) <= GEOM_EPS * GEOM_EPS;
    double cross = v_cross (ab, ap);
    if (cross * cross > GEOM_EPS * GEOM_EPS * len2)
        return false;
    double t = v_dot (ap, ab);
    return t >= -GEOM_EPS * sqrt (len2) && t <= len2 + GEOM_EPS * sqrt (len2);
}

bool
polygon_contains (const vec2_t *pts, int n, vec2_t p)
{
    bool inside = false;
    /* a point on an edge lies within GEOM_EPS of it, so within twice
       that of its box: only then is on_segment asked */
    const double m = 2 * GEOM_EPS;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        vec2_t a = pts[j], b = pts[i];
        double x0 = a.x < b.x ? a.x : b.x, x1 = a.x < b.x ? b.x : a.x;
        double y0 = a.y < b.y ? a.y : b.y, y1 = a.y < b.y ? b.y : a.y;
        if (p.x >= x0 - m && p.x <= x1 + m && p.y >= y0 - m && p.y <= y1 + m
            && on_segment (a, b, p))
            return true;
        if ((b.y > p.y) != (a.y > p.y)) {
            double x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y);
            if (p.x < x)
                inside = !inside;
        }
    }
    return inside;
}

double
polygon_boundary_distance (const vec2_t *pts, int n, vec2_t p)
{
    double best2 = INFINITY;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        vec2_t q = geom_segment_nearest (pts[j], pts[i], p);
        double d2 = v_len2 (v_sub (q, p));
        if (d2 < best2)
            best2 = d2;
    }
    return sqrt (best2);
}

double
polygon_distance (const vec2_t *pts, int n, vec2_t p)
{
    if (polygon_contains (pts, n, p))
        return 0.0;
    return polygon_boundary_distance (pts, n, p);
}

vec2_t
polygon_nearest_point (const vec2_t *pts, int n, vec2_t p)
{
    if (polygon_contains (pts, n, p))
        return p;
    double best2 = INFINITY;
    vec2_t best = pts[0];
    for (int i = 0, j = n - 1; i < n; j = i++) {
        vec2_t q = geom_segment_nearest (pts[j], pts[i], p);
        double d2 = v_len2 (v_sub (q, p));
        if (d2 < best2) {
            best2 = d2;
            best = q;
        }
    }
    return best;
}

vec2_t
polygon_centroid (const vec2_t *pts, int n)
{
    vec2_t sum = { 0.0, 0.0 };
    for (int i = 0; i < n; i++)
        sum = v_add (sum, pts[i]);
    return n > 0 ? v_scale (sum, 1.0 / n) : sum;
}

void
polygon_bounds (const vec2_t *pts, int n, vec2_t *min, vec2_t *max)
{
    vec2_t lo = pts[0], hi = pts[0];
    for (int i = 1; i < n; i++) {
        lo.x = geom_min (lo.x, pts[i].x);
        lo.y = geom_min (lo.y, pts[i].y);
        hi.x = geom_max (hi.x, pts[i].x);
        hi.y = geom_max (hi.y, pts[i].y);
    }
    *min = lo;
    *max = hi;
}

/*  Each edge met by a-b adds the parameter where they meet; an edge lying
 *  along a-b adds its two ends. */
int
polygon_segment_cuts (const vec2_t *pts, int n, vec2_t a, vec2_t b,
                      double *ts, int max)
{
    vec2_t ab = v_sub (b, a);
    double len2 = v_len2 (ab);
    if (len2 <= 0.0)
        return 0;
    double len = sqrt (len2);
    int count = 0;
    for (int i = 0, j = n - 1; i < n && count < max; j = i++) {
        vec2_t c = pts[j], d = pts[i];
        vec2_t cd = v_sub (d, c), ac = v_sub (c, a);
        double denom = v_cross (ab, cd);
        double lcd = sqrt (v_len2 (cd));
        if (fabs (denom) <= 1e-12 * len * lcd) {
            /* parallel: only a collinear edge matters, by its ends */
            if (fabs (v_cross (ab, ac)) > GEOM_EPS * len)
                continue;
            double t0 = v_dot (ac, ab) / len2;
            double t1 = v_dot (v_sub (d, a), ab) / len2;
            if (t0 > 0.0 && t0 < 1.0)
                ts[count++] = t0;
            if (t1 > 0.0 && t1 < 1.0 && count < max)
                ts[count++] = t1;
            continue;
        }
        double t = v_cross (ac, cd) / denom;
        double u = v_cross (ac, ab) / denom;
        double ueps = lcd > 0.0 ? GEOM_EPS / lcd : 0.0;
        if (t > 0.0 && t < 1.0 && u >= -ueps && u <= 1.0 + ueps)
            ts[count++] = t;
    }
    return count;
}

void
geom_sort (double *v, int n)
{
    for (int i = 1; i < n; i++) {
        double x = v[i];
        int j = i;
        while (j > 0 && v[j - 1] > x) {
            v[j] = v[j - 1];
            j--;
        }
        v[j] = x;
    }
}

/*  The turn of a simple polygon's boundary: +1 when it turns left at
 *  every vertex (convex, counter-clockwise), -1 right at every vertex
 *  (convex, clockwise), 0 when it turns both ways (not convex) or never
 *  (no area).  Straight runs through a vertex count for nothing.  A
 *  simple polygon (situation_add_terrain refuses crossing edges) that
 *  turns one way only is convex. */
static int
convex_turn (const vec2_t *pts, int n)
{
    int turn = 0;
    vec2_t a = pts[n - 2], b = pts[n - 1];   /* the turn at b, then on */
    for (int i = 0; i < n; i++) {
        vec2_t c = pts[i];
        vec2_t ab = v_sub (b, a), bc = v_sub (c, b);
        a = b;
        b = c;
        double cross = v_cross (ab, bc);
        if (cross * cross <= 1e-24 * v_len2 (ab) * v_len2 (bc))
            continue;
        int t = cross > 0.0 ? 1 : -1;
        if (turn == 0)
            turn = t;
        else if (t != turn)
            return 0;
    }
    return turn;
}

/*  The turns of the last polygons asked, by their vertices: the same few
 *  woods and buildings are crossed by line after line of sight, and
 *  finding that a polygon is convex cost about as much as clipping the
 *  line through it.  An entry is used only for the same vertices bit for
 *  bit (a polygon changed in place is worked out again), so the answer
 *  is always convex_turn's.  Per thread, as the headings are. */
#define CONVEX_MEMO          8     /* polygons remembered, a power of 2 */
#define CONVEX_MEMO_VERTICES 16    /* larger ones are worked out each time */
typedef struct {
    const vec2_t *pts;
    int n;                         /* 0: an empty entry */
    int turn;
    vec2_t kept[CONVEX_MEMO_VERTICES];
} convex_memo_t;
static _Thread_local convex_memo_t convex_memo[CONVEX_MEMO];

/*  convex_turn (pts, n), remembered. */
static int
convex_turn_memo (const vec2_t *pts, int n)
{
    if (n > CONVEX_MEMO_VERTICES)
        return convex_turn (pts, n);
    uint64_t key = (uint64_t) (uintptr_t) pts;
    convex_memo_t *m = &convex_memo[(key * 0x9E3779B97F4A7C15ull) >> 61
                                    & (CONVEX_MEMO - 1)];
    size_t bytes = (size_t) n * sizeof *pts;
    if (m->pts == pts && m->n == n && memcmp (m->kept, pts, bytes) == 0)
        return m->turn;
    m->turn = convex_turn (pts, n);
    m->pts = pts;
    m->n = n;
    memcpy (m->kept, pts, bytes);
    return m->turn;
}

/*  The length of segment a-b inside a convex polygon turning `turn`
 *  (convex_turn): the stretch of the segment on the inner side of every
 *  edge.  A segment parallel to an edge within GEOM_EPS of its line runs
 *  along it: inside, as polygon_contains has it; one touching a vertex
 *  only gets nothing (to rounding). */
static double
convex_inside_length (const vec2_t *pts, int n, int turn, vec2_t a,
                      vec2_t b)
{
    vec2_t ab = v_sub (b, a);
    double ab2 = v_len2 (ab);
    double lo = 0.0, hi = 1.0;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        vec2_t e = v_sub (pts[i], pts[j]);
        /* how far a is on the inner side, and how fast the segment goes
           in, both times the edge's length (compared squared: no sqrt) */
        double at = turn * v_cross (e, v_sub (a, pts[j]));
        double rate = turn * v_cross (e, ab);
        double e2 = v_len2 (e);
        if (rate * rate <= 1e-24 * e2 * ab2) {
            if (at < 0.0 && at * at > GEOM_EPS * GEOM_EPS * e2)
                return 0.0;            /* parallel and outside */
            continue;                  /* parallel: along or inside */
        }
        double t = -at / rate;
        if (rate > 0.0) {
            if (t > lo)
                lo = t;
        }
        else if (t < hi)
            hi = t;
        if (hi <= lo)
            return 0.0;
    }
    return (hi - lo) * sqrt (ab2);
}

int
polygon_convex_turn (const vec2_t *pts, int n)
{
    return n >= 3 ? convex_turn (pts, n) : 0;
}

double
polygon_segment_inside_length (const vec2_t *pts, int n, vec2_t a, vec2_t b)
{
    assert (n <= SOLO_MAX_VERTICES);
    if (a.x == b.x && a.y == b.y)
        return 0.0;
    return polygon_segment_inside_length_turn (
        pts, n, n >= 3 ? convex_turn_memo (pts, n) : 0, a, b);
}

/*  Cut segment a-b at every place it meets the polygon's boundary, then
 *  add up the pieces whose middle is inside; a convex polygon (the usual
 *  wood or building, `turn` not 0) is clipped in one pass instead. */
double
polygon_segment_inside_length_turn (const vec2_t *pts, int n, int turn,
                                    vec2_t a, vec2_t b)
{
    assert (n <= SOLO_MAX_VERTICES);
    if (a.x == b.x && a.y == b.y)
        return 0.0;
    if (turn != 0)
        return convex_inside_length (pts, n, turn, a, b);
    double ts[2 * SOLO_MAX_VERTICES + 2];
    int count = polygon_segment_cuts (pts, n, a, b, ts + 1,
                                      2 * SOLO_MAX_VERTICES);
    if (count == 0 && a.x == b.x && a.y == b.y)
        return 0.0;
    ts[0] = 0.0;
    ts[count + 1] = 1.0;
    count += 2;
    geom_sort (ts, count);
    vec2_t ab = v_sub (b, a);
    double len = sqrt (v_len2 (ab));
    double inside = 0.0;
    for (int k = 0; k + 1 < count; k++) {
        double t0 = ts[k], t1 = ts[k + 1];
        if (t1 - t0 <= 0.0)
            continue;
        vec2_t mid = v_add (a, v_scale (ab, (t0 + t1) / 2.0));
        if (polygon_contains (pts, n, mid))
            inside += (t1 - t0) * len;
    }
    return inside;
}

/*  Orientation of c relative to a-b: +1 left, -1 right, 0 collinear. */
static int
orient (vec2_t a, vec2_t b, vec2_t c)
{
    vec2_t ab = v_sub (b, a);
    double cross = v_cross (ab, v_sub (c, a));
    double scale = sqrt (v_len2 (ab)) * GEOM_EPS;
    if (cross > scale)
        return 1;
    if (cross < -scale)
        return -1;
    return 0;
}

/*  True when segments a-b and c-d share any point. */
static bool
segments_meet (vec2_t a, vec2_t b, vec2_t c, vec2_t d)
{
    int o1 = orient (a, b, c), o2 = orient (a, b, d);
    int o3 = orient (c, d, a), o4 = orient (c, d, b);
    if (o1 * o2 < 0 && o3 * o4 < 0)
        return true;
    return on_segment (a, b, c) || on_segment (a, b, d)
        || on_segment (c, d, a) || on_segment (c, d, b);
}

/*  True when segments a-b and c-d cross at a point inside both. */
static bool
segments_cross (vec2_t a, vec2_t b, vec2_t c, vec2_t d)
{
    int o1 = orient (a, b, c), o2 = orient (a, b, d);
    int o3 = orient (c, d, a), o4 = orient (c, d, b);
    return o1 * o2 < 0 && o3 * o4 < 0;
}

/*  The footprint is inside when its corners and centre are, no polygon
 *  edge crosses one of its sides and no polygon vertex pokes into it. */
bool
polygon_contains_footprint (const vec2_t *pts, int n, const footprint_t *f)
{
    frame_t fr = frame_of (f);
    vec2_t c[4];
    frame_corners (&fr, c);
    for (int i = 0; i < 4; i++)
        if (!polygon_contains (pts, n, c[i]))
            return false;
    if (!polygon_contains (pts, n, f->centre))
        return false;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        if (frame_has (&fr, pts[i], GEOM_EPS))
            return false;
        for (int k = 0; k < 4; k++)
            if (segments_cross (c[k], c[(k + 1) % 4], pts[j], pts[i]))
                return false;
    }
    return true;
}

/*  Slack of the box test below: far more than the few GEOM_EPS by which
 *  the exact tests may find a point on an edge or a vertex. */
#define BOX_SLACK_CM 1e-6

bool
polygon_segment_intersects (const vec2_t *pts, int n, vec2_t a, vec2_t b)
{
    /* a polygon whose box the segment's box misses is apart from it: most
       of those asked (a line of fire against every unit on the table) */
    assert (n >= 1);
    double x0 = pts[0].x, x1 = pts[0].x, y0 = pts[0].y, y1 = pts[0].y;
    for (int i = 1; i < n; i++) {
        x0 = pts[i].x < x0 ? pts[i].x : x0;
        x1 = pts[i].x > x1 ? pts[i].x : x1;
        y0 = pts[i].y < y0 ? pts[i].y : y0;
        y1 = pts[i].y > y1 ? pts[i].y : y1;
    }
    if ((a.x < x0 - BOX_SLACK_CM && b.x < x0 - BOX_SLACK_CM)
        || (a.x > x1 + BOX_SLACK_CM && b.x > x1 + BOX_SLACK_CM)
        || (a.y < y0 - BOX_SLACK_CM && b.y < y0 - BOX_SLACK_CM)
        || (a.y > y1 + BOX_SLACK_CM && b.y > y1 + BOX_SLACK_CM))
        return false;
    if (polygon_contains (pts, n, a) || polygon_contains (pts, n, b))
        return true;
    for (int i = 0, j = n - 1; i < n; j = i++)
        if (segments_meet (a, b, pts[j], pts[i]))
            return true;
    return false;
}

bool
polygon_is_simple (const vec2_t *pts, int n, int *bad_vertex)
{
    for (int i = 0; i < n; i++)
        if (v_len2 (v_sub (pts[i], pts[(i + 1) % n])) <= GEOM_EPS * GEOM_EPS) {
            if (bad_vertex)
                *bad_vertex = i;
            return false;
        }
    for (int i = 0; i < n; i++) {
        vec2_t a = pts[i], b = pts[(i + 1) % n];
        for (int j = i + 1; j < n; j++) {
            vec2_t c = pts[j], d = pts[(j + 1) % n];
            bool neighbours = j == i + 1 || (i == 0 && j == n - 1);
            bool bad;
            if (neighbours) {
                /* neighbours share one vertex; they must not fold back */
                vec2_t shared = j == i + 1 ? b : a;
                vec2_t other_ab = j == i + 1 ? a : b;
                vec2_t other_cd = j == i + 1 ? d : c;
                bad = orient (shared, other_ab, other_cd) == 0
                   && v_dot (v_sub (other_ab, shared),
                             v_sub (other_cd, shared)) > 0.0;
            } else
                bad = segments_meet (a, b, c, d);
            if (bad) {
                if (bad_vertex)
                    *bad_vertex = i;
                return false;
            }
        }
    }
    return true;
}

double
polygon_area (const vec2_t *pts, int n)
{
    double sum = 0.0;
    for (int i = 0, j = n - 1; i < n; j = i++)
        sum += v_cross (pts[j], pts[i]);
    return sum / 2.0;
}

/*  The extent [lo, hi] of corners c along unit axis `axis`. */
static void
project (const vec2_t c[4], vec2_t axis, double *lo, double *hi)
{
    *lo = *hi = c[0].x * axis.x + c[0].y * axis.y;
    for (int i = 1; i < 4; i++) {
        double d = c[i].x * axis.x + c[i].y * axis.y;
        *lo = d < *lo ? d : *lo;
        *hi = d > *hi ? d : *hi;
    }
}

double
footprint_overlap (const footprint_t *a, const footprint_t *b)
{
    assert (a && b);
    frame_t fa = frame_of (a), fb = frame_of (b);
    if (frames_far (&fa, &fb))
        return 0;                  /* surely apart: most pairs asked */
    vec2_t ca[4], cb[4];
    frame_corners (&fa, ca);
    frame_corners (&fb, cb);
    /* the edge normals of both rectangles: their facings and at right
       angles to them */
    vec2_t axes[4] = { fa.fwd, fa.right, fb.fwd, fb.right };
    double least = INFINITY;
    for (int i = 0; i < 4; i++) {
        double alo, ahi, blo, bhi;
        project (ca, axes[i], &alo, &ahi);
        project (cb, axes[i], &blo, &bhi);
        double depth = geom_min (ahi, bhi) - geom_max (alo, blo);
        if (depth <= 0)
            return 0;
        least = geom_min (least, depth);
    }
    return least;
}
