/*  geom.h - plane geometry of the table: points, unit footprints, polygons.
 *
 *  Lengths are centimetres.  Angles are compass degrees: 0 faces +y (the far
 *  edge of the table), 90 faces +x; a facing is always normalised to
 *  [0, 360).  Pure functions, no allocation: the search calls them millions
 *  of times.
 */
#ifndef SOLO_GEOM_H
#define SOLO_GEOM_H

#include <stdbool.h>

/*  Pi, and the radians in a degree: the one constant every ruleset's
 *  turning costs and arcs use. */
#define GEOM_PI          3.14159265358979323846
#define GEOM_RAD_PER_DEG (GEOM_PI / 180.0)

/*  The smaller and the larger of two numbers, neither of them NaN:
 *  a < b ? a : b and a > b ? a : b, what the x86-64 library's fmin and
 *  fmax answer for them (the second of two equal), inline where those
 *  are calls: the walks of a move ask them at every step. */
static inline double geom_min (double a, double b) { return a < b ? a : b; }
static inline double geom_max (double a, double b) { return a > b ? a : b; }

typedef struct { double x, y; } vec2_t;

/*  A unit's footprint: a rectangle `width` wide (along its front) and
 *  `depth` deep, centred on `centre`, its front facing `facing`. */
typedef struct {
    vec2_t centre;
    double facing;
    double width;
    double depth;
} footprint_t;

typedef enum { ARC_FRONT = 0, ARC_FLANK = 1, ARC_REAR = 2 } arc_t;

/*  Normalise any angle in degrees to [0, 360). */
double geom_norm_deg (double deg);

/*  How far a unit facing `from` turns to face `to`, the short way:
 *  0..180 degrees, whichever way round (350 to 10 is 20). */
double geom_turn_deg (double from, double to);

/*  Unit vector pointing along compass bearing `deg`. */
vec2_t geom_heading_vec (double deg);

/*  Compass bearing from `from` to `to`; 0 when the points coincide. */
double geom_bearing (vec2_t from, vec2_t to);

/*  Euclidean distance between two points. */
double geom_dist (vec2_t a, vec2_t b);

/*  The point of segment a-b nearest p (a when a and b are one point). */
vec2_t geom_segment_nearest (vec2_t a, vec2_t b, vec2_t p);

/*  Half the diagonal of footprint f: no point of it is further from its
 *  centre (the radius of the circle about it). */
double footprint_half_diagonal (const footprint_t *f);

/*  The four corners in order front-left, front-right, rear-right,
 *  rear-left. */
void footprint_corners (const footprint_t *f, vec2_t out[4]);

/*  True when point p lies inside or on the footprint. */
bool footprint_contains (const footprint_t *f, vec2_t p);

/*  The point of footprint `f` nearest to point p (p itself when inside). */
vec2_t footprint_point_nearest (const footprint_t *f, vec2_t p);

/*  The point of footprint `f` nearest p among the points within
 *  `half_deg` degrees either side of bearing `facing` seen from p (an arc
 *  of fire, its apex at p), into *out: so a target any part of which is
 *  in the arc is reached, at its nearest part in it.  False when no part
 *  of f is in the arc (a corner's point on its edge is in).
 *  0 < half_deg <= 90; p on or inside f gives p. */
bool footprint_nearest_in_arc (const footprint_t *f, vec2_t p, double facing,
                               double half_deg, vec2_t *out);

/*  Distance from point p to footprint `f` as an area: 0 inside or on it. */
double footprint_point_distance (const footprint_t *f, vec2_t p);

/*  Closest-point distance between two footprints (seed 002 measures from
 *  the nearest figure): 0 when they touch or overlap. */
/*  How deep footprints a and b overlap: the least distance one would have
 *  to move (along any edge's normal) to stand clear of the other, in cm;
 *  0 when they only touch or stand apart (the separating axes of two
 *  rectangles).  Two units in base contact overlap by 0. */
double footprint_overlap (const footprint_t *a, const footprint_t *b);

double footprint_distance (const footprint_t *a, const footprint_t *b);

/*  A footprint made ready for many footprint_distance questions from
 *  it: its frame and corners worked out once (footprint_ready).  The
 *  fields are the geometry's own. */
typedef struct {
    vec2_t centre, forward, right;
    double half_width, half_depth;
    vec2_t corners[4];
} footprint_ready_t;

void footprint_ready (const footprint_t *f, footprint_ready_t *out);

/*  footprint_distance (f, b) for the footprint f made ready in `a`: the
 *  same answer, bit for bit, without working out f's frame again. */
double footprint_distance_ready (const footprint_ready_t *a,
                                 const footprint_t *b);

/*  footprint_distance (f, g) for footprints f and g both made ready: the
 *  same answer, bit for bit, for a walk that asks the same few pairs
 *  step after step. */
double footprint_distance_readies (const footprint_ready_t *a,
                                   const footprint_ready_t *b);

/*  footprint_point_nearest (f, p) for the footprint f made ready in `a`:
 *  the same point, bit for bit. */
vec2_t footprint_point_nearest_ready (const footprint_ready_t *a, vec2_t p);

/*  How many lines footprint_lines_ready gives. */
#define FOOTPRINT_LINES 6

/*  The lines an observer standing on footprint `from` (made ready) looks
 *  along at footprint `to`: to each of six points of `to` (its point
 *  nearest `from`, its centre, its four corners) from `from`'s point
 *  nearest that point, into a[k] (the observer's end) and b[k].  Sight
 *  and lines of fire ask whether any one of them is clear. */
void footprint_lines_ready (const footprint_ready_t *from,
                            const footprint_t *to,
                            vec2_t a[FOOTPRINT_LINES],
                            vec2_t b[FOOTPRINT_LINES]);

/*  A cheap floor under footprint_distance (a, b): never more than it
 *  gives, rounding included, and near it for footprints apart along the
 *  line of their centres (the gap between their shadows on that line,
 *  less a micrometre and a billionth of the coordinates).  For skipping
 *  the exact distance of footprints that cannot be nearer than one
 *  already found.  Negative when they may touch. */
double footprint_distance_floor (const footprint_t *a, const footprint_t *b);

/*  footprint_distance_floor (f, g) for footprints f and g both made
 *  ready: the same answer, bit for bit. */
double footprint_distance_floor_readies (const footprint_ready_t *a,
                                         const footprint_ready_t *b);

/*  The point of footprint `b` nearest to footprint `a` (on b's boundary,
 *  or b's centre when they overlap).  When a whole stretch of b is
 *  nearest (facing edges parallel), the point of that stretch closest to
 *  a's centre: two lines facing each other aim at each other's middle. */
vec2_t footprint_nearest_point (const footprint_t *a, const footprint_t *b);

/*  footprint_nearest_point (f, b) for the footprint f made ready in `a`:
 *  the same point, bit for bit. */
vec2_t footprint_nearest_point_ready (const footprint_ready_t *a,
                                      const footprint_t *b);

/*  Which arc of a unit standing at `centre` facing `facing` the point
 *  `p` lies in, by its bearing from the centre alone (a point inside the
 *  unit too): the half-angle `front_half_deg` either side of the facing
 *  is front, `rear_half_deg` either side of the back is rear, the rest
 *  flank; a point exactly on the front or rear arc's limit belongs to
 *  that arc, and p at the centre itself is front. */
arc_t geom_arc_from (vec2_t centre, double facing, vec2_t p,
                     double front_half_deg, double rear_half_deg);

/*  Which arc of `f` the point `p` lies in, a point within f or on its
 *  edge included.  The front arc is all that lies directly before the
 *  front edge (within the lane its width sweeps ahead, the edge itself
 *  included) and the half-angle `front_half_deg` either side of the
 *  facing seen from the centre; the rear arc likewise behind the rear
 *  edge and `rear_half_deg` either side of the back; the rest is flank.
 *  The lane matters for a wide unit: a point straight ahead of the end
 *  of a line, close in, lies more than 45 degrees off its facing seen
 *  from its centre, and no player calls it on the line's flank.  Any
 *  other point within f, and p at the centre itself, go by their
 *  bearing (geom_arc_from); a point exactly on an arc's limit belongs
 *  to that arc. */
arc_t footprint_arc_at (const footprint_t *f, vec2_t p,
                        double front_half_deg, double rear_half_deg);

/*  footprint_arc_at, but a point inside the footprint counts as front. */
arc_t footprint_arc (const footprint_t *f, vec2_t p,
                     double front_half_deg, double rear_half_deg);

/*  The face of footprint `f` that a point `p` in arc `arc` of it
 *  (footprint_arc) stands before: its front, its rear, or the flank on
 *  p's side.  Returns the face's outward bearing (degrees, not
 *  normalised) and sets *half to the distance from f's centre to it. */
double footprint_face_out (const footprint_t *f, arc_t arc, vec2_t p,
                           double *half);

/*  Which arc of `f` footprint `other` stands in: the arc of other's point
 *  nearest to f. */
arc_t footprint_arc_of (const footprint_t *f, const footprint_t *other,
                        double front_half_deg, double rear_half_deg);

/*  Polygons are arrays of n vertices, 3 <= n <= SOLO_MAX_VERTICES, in
 *  either winding, the last joined to the first.
 *
 *  Point-in-polygon (even-odd; points on the boundary count as inside). */
bool polygon_contains (const vec2_t *pts, int n, vec2_t p);

/*  Distance from p to the polygon's boundary (0 on it). */
double polygon_boundary_distance (const vec2_t *pts, int n, vec2_t p);

/*  Distance from p to the polygon as an area: 0 inside. */
double polygon_distance (const vec2_t *pts, int n, vec2_t p);

/*  Nearest point of the polygon area to p (p itself when inside). */
vec2_t polygon_nearest_point (const vec2_t *pts, int n, vec2_t p);

/*  Centroid of the polygon's vertices. */
vec2_t polygon_centroid (const vec2_t *pts, int n);

/*  Length of the part of segment a-b that lies inside the polygon;
 *  stretches along its boundary count as inside, a line touching only a
 *  vertex adds nothing.  0 when a == b. */
double polygon_segment_inside_length (const vec2_t *pts, int n,
                                      vec2_t a, vec2_t b);

/*  Which way a polygon turns at every vertex, for working it out once per
 *  polygon instead of once per question: 1 or -1 when it always turns
 *  the same way (a simple polygon that does is convex), 0 when it turns
 *  both ways or never (no area, or n < 3). */
int polygon_convex_turn (const vec2_t *pts, int n);

/*  polygon_segment_inside_length for a polygon whose turn,
 *  polygon_convex_turn (pts, n), is known: the same answer bit for bit
 *  given that turn; another turn is a programmer error with a wrong
 *  answer. */
double polygon_segment_inside_length_turn (const vec2_t *pts, int n, int turn,
                                           vec2_t a, vec2_t b);

/*  The parameters t in (0, 1) where segment a-b (a + t(b - a)) meets the
 *  polygon's boundary, unsorted, into ts (room for `max`; 2n is always
 *  enough).  Returns how many; 0 when a == b. */
int polygon_segment_cuts (const vec2_t *pts, int n, vec2_t a, vec2_t b,
                          double *ts, int max);

/*  Sort n doubles ascending (insertion sort: the arrays are short). */
void geom_sort (double *v, int n);

/*  True when the whole footprint lies inside the polygon (touching the
 *  boundary from inside counts as inside). */
bool polygon_contains_footprint (const vec2_t *pts, int n,
                                 const footprint_t *f);

/*  True when segment a-b crosses or touches the polygon (n >= 1). */
bool polygon_segment_intersects (const vec2_t *pts, int n,
                                 vec2_t a, vec2_t b);

/*  Bounding box of the polygon. */
void polygon_bounds (const vec2_t *pts, int n, vec2_t *min, vec2_t *max);

/*  True when no edge has no length and no two edges cross or touch other
 *  than neighbours at their shared vertex (folding back along each other
 *  counts as touching).  *bad_vertex (may be NULL) gets the index of the
 *  vertex starting the first bad edge found. */
bool polygon_is_simple (const vec2_t *pts, int n, int *bad_vertex);

/*  Signed area (positive counter-clockwise); 0 for a degenerate polygon. */
double polygon_area (const vec2_t *pts, int n);

#endif
