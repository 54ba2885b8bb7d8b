/*  eol_move.c - Empire of Liberty's movement and sight geometry.  */
#include <assert.h>
#include <math.h>
#include "eol_move.h"


/*  "rough slows formed infantry by half, and mounted and artillery by
 *  3/4.  Roads double movement and negate the effects of rough terrain
 *  for all but skirmish": a mounted skirmisher is mounted for the rough
 *  and skirmish for the road, so it is a mover of its own. */
eol_mover_t
eol_mover (const unit_t *u)
{
    if (u->arm == ARM_ARTILLERY)
        return EOL_MOVER_ARTILLERY;
    if (u->arm == ARM_CAVALRY && u->formation == FORMATION_LOOSE)
        return EOL_MOVER_SKIRMISH_MOUNTED;
    if (u->arm == ARM_CAVALRY || u->arm == ARM_COMMAND)
        return EOL_MOVER_MOUNTED;
    return u->formation == FORMATION_LOOSE ? EOL_MOVER_SKIRMISH_FOOT
                                           : EOL_MOVER_FORMED_FOOT;
}

double
eol_rough_speed (const eol_tables_t *t, eol_mover_t m)
{
    switch (m) {
    case EOL_MOVER_FORMED_FOOT:   return t->rough_speed_formed_foot;
    case EOL_MOVER_SKIRMISH_FOOT: return t->rough_speed_skirmish_foot;
    case EOL_MOVER_MOUNTED:
    case EOL_MOVER_SKIRMISH_MOUNTED: return t->rough_speed_mounted;
    default:                      return t->rough_speed_artillery;
    }
}

bool
eol_road_applies (const eol_tables_t *t, eol_mover_t m)
{
    bool skirmish = m == EOL_MOVER_SKIRMISH_FOOT
                 || m == EOL_MOVER_SKIRMISH_MOUNTED;
    return !skirmish || t->road_for_skirmish;
}

/*  Is p inside a feature of a kind marked in `kinds`. */
static bool
inside_kind (const situation_t *sit, const bool *kinds, vec2_t p)
{
    for (int i = 0; i < situation_terrain_count (sit); i++) {
        const terrain_feature_t *f = situation_terrain (sit, i);
        if (kinds[f->kind] && polygon_contains (f->vertices, f->vertex_count, p))
            return true;
    }
    return false;
}

bool
eol_in_rough (const eol_tables_t *t, const situation_t *sit, vec2_t p)
{
    return inside_kind (sit, t->rough, p);
}

/*  Is p inside an impassable feature. */
static bool
inside_impassable (const situation_t *sit, vec2_t p)
{
    const ruleset_t *rs = situation_ruleset (sit);
    for (int i = 0; i < situation_terrain_count (sit); i++) {
        const terrain_feature_t *f = situation_terrain (sit, i);
        if (ruleset_terrain (rs, f->kind)->impassable
            && polygon_contains (f->vertices, f->vertex_count, p))
            return true;
    }
    return false;
}

#define MAX_CUTS 512

/*  A stretch of the path a-b between the edges of the features that
 *  matter to a mover, as shares of the path (0..1), and the mover's
 *  speed there: 1 in the open, road_speed on a road, the rough speed in
 *  rough, 0 in impassable ground the path did not start in. */
typedef struct {
    double t0, t1;
    double speed;
} stretch_t;

/*  The stretches of a-b for mover m, in order, into out[MAX_CUTS];
 *  returns their count.  A stretch shorter than 1e-12 of the path is
 *  left out; each is judged at its middle. */
static int
path_stretches (const eol_tables_t *t, const situation_t *sit, eol_mover_t m,
                vec2_t a, vec2_t b, stretch_t *out)
{
    const ruleset_t *rs = situation_ruleset (sit);
    /* where the path crosses the edge of any feature that matters */
    double cuts[MAX_CUTS];
    int n = 0;
    cuts[n++] = 0;
    for (int i = 0; i < situation_terrain_count (sit); i++) {
        const terrain_feature_t *f = situation_terrain (sit, i);
        if (!t->rough[f->kind] && !t->road[f->kind]
            && !ruleset_terrain (rs, f->kind)->impassable)
            continue;
        double ts[2 * SOLO_MAX_VERTICES];
        int k = polygon_segment_cuts (f->vertices, f->vertex_count, a, b, ts,
                                      2 * SOLO_MAX_VERTICES);
        for (int j = 0; j < k && n < MAX_CUTS - 1; j++)
            cuts[n++] = ts[j];
    }
    cuts[n++] = 1;
    geom_sort (cuts, n);
    bool start_impassable = inside_impassable (sit, a);
    double speed_rough = eol_rough_speed (t, m);
    bool roads = eol_road_applies (t, m);
    int k = 0;
    for (int i = 0; i + 1 < n; i++) {
        double t0 = cuts[i], t1 = cuts[i + 1];
        if (t1 - t0 <= 1e-12)
            continue;
        double mid = (t0 + t1) / 2;
        vec2_t p = { a.x + (b.x - a.x) * mid, a.y + (b.y - a.y) * mid };
        double speed = 1.0;
        if (!start_impassable && inside_impassable (sit, p))
            speed = 0;
        else if (roads && inside_kind (sit, t->road, p))
            speed = t->road_speed;
        else if (inside_kind (sit, t->rough, p))
            speed = speed_rough;
        out[k++] = (stretch_t) { t0, t1, speed };
    }
    return k;
}

/*  The cost of the first `upto` (0..1] of a path of `len` cm made of
 *  stretches s[0..n): what eol_path_cost gives for the path cut there,
 *  whose own stretches are these, the last one cut short (and left out
 *  when shorter than 1e-12 of the cut path). */
static double
stretches_cost (const stretch_t *s, int n, double len, double upto)
{
    double cost = 0;
    for (int i = 0; i < n && s[i].t0 < upto; i++) {
        double t1 = fmin (s[i].t1, upto);
        if (t1 - s[i].t0 <= 1e-12 * upto)
            continue;
        if (s[i].speed <= 0)
            return INFINITY;
        cost += (t1 - s[i].t0) * len / s[i].speed;
    }
    return cost;
}

double
eol_path_cost (const eol_tables_t *t, const situation_t *sit, eol_mover_t m,
               vec2_t a, vec2_t b)
{
    assert (t && sit);
    double len = geom_dist (a, b);
    if (len <= 0)
        return 0;
    stretch_t s[MAX_CUTS];
    int n = path_stretches (t, sit, m, a, b, s);
    return stretches_cost (s, n, len, 1);
}

/*  The stretches are found once, on the whole path: the cost of any
 *  first part of it is theirs up to there, so the halving asks the
 *  terrain's polygons nothing more. */
vec2_t
eol_path_reach (const eol_tables_t *t, const situation_t *sit, eol_mover_t m,
                vec2_t a, vec2_t b, double budget, double *cost)
{
    assert (t && sit);
    double len = geom_dist (a, b);
    stretch_t s[MAX_CUTS];
    int n = len > 0 ? path_stretches (t, sit, m, a, b, s) : 0;
    double whole = len > 0 ? stretches_cost (s, n, len, 1) : 0;
    if (whole <= budget + 1e-9) {
        if (cost)
            *cost = whole;
        return b;
    }
    double lo = 0, hi = 1;
    while ((hi - lo) * len > 0.01) {
        double mid = (lo + hi) / 2;
        double c = stretches_cost (s, n, len, mid);
        /* the stretches' sum and the cost of the path cut at mid differ
           by their rounding (1e-12 cm): where that could tip the
           comparison (a move of half the way, a budget of half a move),
           the path cut there is costed, so the answer is the one it
           always was */
        if (fabs (c - budget) < 1e-7) {
            vec2_t q = { a.x + (b.x - a.x) * mid, a.y + (b.y - a.y) * mid };
            c = eol_path_cost (t, sit, m, a, q);
        }
        if (c <= budget)
            lo = mid;
        else
            hi = mid;
    }
    vec2_t p = { a.x + (b.x - a.x) * lo, a.y + (b.y - a.y) * lo };
    /* the cost spent as the path to p gives it, to the last bit */
    if (cost)
        *cost = lo > 0 ? eol_path_cost (t, sit, m, a, p) : 0;
    return p;
}

double
eol_turn (double from, double to)
{
    double d = fmod (to - from, 360.0);
    if (d <= -180)
        d += 360;
    else if (d > 180)
        d -= 360;
    return d;
}

double
eol_wheel_cost (double width, double turn_deg)
{
    return width * fabs (turn_deg) * GEOM_RAD_PER_DEG;
}

footprint_t
eol_wheeled (const footprint_t *fp, double turn_deg)
{
    footprint_t out = *fp;
    if (turn_deg == 0)
        return out;
    vec2_t fwd = geom_heading_vec (fp->facing);
    vec2_t right = geom_heading_vec (fp->facing + 90);
    double side = turn_deg > 0 ? 1 : -1;   /* the pivot's side */
    vec2_t pivot = { fp->centre.x + fwd.x * fp->depth / 2
                                  + right.x * side * fp->width / 2,
                     fp->centre.y + fwd.y * fp->depth / 2
                                  + right.y * side * fp->width / 2 };
    double r = geom_dist (pivot, fp->centre);
    double b = geom_bearing (pivot, fp->centre) + turn_deg;
    vec2_t h = geom_heading_vec (b);
    out.centre.x = pivot.x + h.x * r;
    out.centre.y = pivot.y + h.y * r;
    out.facing = geom_norm_deg (fp->facing + turn_deg);
    return out;
}

int
eol_bases (const eol_tables_t *t, const unit_t *u)
{
    eol_type_t k = eol_unit_type (t, u);
    if (k == EOL_LEADER)
        return 1;
    if (k == EOL_FIELD_ARTILLERY || k == EOL_HEAVY_ARTILLERY)
        return t->artillery_bases;
    int per = t->types[k].base_figures;
    return (u->figures + per - 1) / per;
}

footprint_t
eol_formation_footprint (const eol_tables_t *t, const unit_t *u,
                         formation_t formation, arm_t arm)
{
    footprint_t fp = u->fp;
    eol_type_t k = eol_unit_type (t, u);
    const eol_type_info_t *ti = &t->types[k];
    int bases = eol_bases (t, u);
    if (k == EOL_LEADER) {
        fp.width = fp.depth = t->leader_base_cm;
    }
    else if (arm == ARM_ARTILLERY) {
        fp.width = bases * ti->base_cm;
        fp.depth = ti->base_cm;
    }
    else if (formation == FORMATION_LOOSE) {
        int n = unit_figures_standing (u);
        if (n < 1)
            n = 1;
        int ranks = t->skirmish_ranks < n ? t->skirmish_ranks : n;
        int files = (n + ranks - 1) / ranks;
        fp.width = files * t->skirmish_base_cm
                 + (files - 1) * t->skirmish_gap_cm;
        fp.depth = ranks * t->skirmish_base_cm
                 + (ranks - 1) * t->skirmish_gap_cm;
    }
    else if (formation == FORMATION_COLUMN) {
        fp.width = ti->base_cm;
        fp.depth = bases * ti->base_cm;
    }
    else {
        fp.width = bases * ti->base_cm;
        fp.depth = ti->base_cm;
    }
    return fp;
}

/*  How much nearer than no_closer_cm a footprint must be, in cm, to be
 *  within it: none, but for the rounding of the geometry (a footprint
 *  placed at exactly 4" is within 4"). */
#define ZONE_SLACK_CM 1e-6

bool
eol_in_front_zone (const eol_tables_t *t, const unit_t *enemy,
                   const footprint_t *m, double *dist)
{
    double d = footprint_distance (m, &enemy->fp);
    if (dist)
        *dist = d;
    /* "within 4"": at 4" exactly is within */
    if (d > t->no_closer_cm + ZONE_SLACK_CM)
        return false;
    if (enemy->formation == FORMATION_LOOSE)
        return true;
    /* the point of m nearest the enemy, ahead of the enemy's front edge */
    vec2_t p = footprint_nearest_point (&enemy->fp, m);
    vec2_t fwd = geom_heading_vec (enemy->fp.facing);
    double ahead = (p.x - enemy->fp.centre.x) * fwd.x
                 + (p.y - enemy->fp.centre.y) * fwd.y;
    return ahead >= enemy->fp.depth / 2 - 1e-6;
}

bool
eol_line_seen (const eol_tables_t *t, const situation_t *sit, vec2_t p,
               vec2_t q)
{
    const ruleset_t *rs = situation_ruleset (sit);
    for (int i = 0; i < situation_terrain_count (sit); i++) {
        const terrain_feature_t *f = situation_terrain (sit, i);
        bool blocks = ruleset_terrain (rs, f->kind)->blocks_sight;
        if (!blocks && !t->sight_kind[f->kind])
            continue;
        double inside = polygon_segment_inside_length (f->vertices,
                                                       f->vertex_count, p, q);
        if (inside <= 1e-9)
            continue;
        bool p_in = polygon_contains (f->vertices, f->vertex_count, p);
        bool q_in = polygon_contains (f->vertices, f->vertex_count, q);
        if (blocks) {
            if (!p_in && !q_in)
                return false;
            continue;
        }
        double limit = p_in || q_in ? t->sight_into_cm : t->sight_through_cm;
        if (inside > limit + 1e-9)
            return false;
    }
    return true;
}

bool
eol_can_see (const eol_tables_t *t, const situation_t *sit, int a, int b)
{
    if (a == b)
        return true;
    const unit_t *ua = situation_unit_const (sit, a);
    const unit_t *ub = situation_unit_const (sit, b);
    vec2_t pts[6];
    footprint_corners (&ub->fp, pts);
    pts[4] = ub->fp.centre;
    pts[5] = footprint_nearest_point (&ua->fp, &ub->fp);
    for (int i = 5; i >= 0; i--) {
        vec2_t from = footprint_point_nearest (&ua->fp, pts[i]);
        if (eol_line_seen (t, sit, from, pts[i]))
            return true;
    }
    return false;
}
