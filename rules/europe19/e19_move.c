/*  e19_move.c - movement by the sheet's table: the slowest ground a move
 *  crosses sets its rate, roads at their rate only for a move wholly on
 *  the road and 24 cm from the enemy, pivots costing a share of the move
 *  for infantry, only skirmishers passing through friends, one unit to
 *  a town; and the charge's move into contact.  */
#include <math.h>
#include <stdio.h>
#include "e19_play.h"

#define STEP_CM 0.5          /* a move is walked in steps this long */
#define FRONT_STEP_CM 2.0    /* and its front read at points this far
                                apart across it (going_whole_front) */

/*  The movement table's column for ground at point p: a road (a bridge
 *  where it crosses a stream: "Bridges: Negate Streams") counts as open
 *  ground unless the whole move keeps to it; woods and towns; a stream;
 *  else open (rough ground, hills and hedges are not on the sheet). */
static e19_going_t
going_at (const game_t *g, vec2_t p, bool *on_road)
{
    *on_road = e19_point_in (g, p, TERRAIN_ROAD);
    if (e19_point_in (g, p, TERRAIN_WOODS)
        || e19_point_in (g, p, TERRAIN_TOWN))
        return E19_GOING_WOODS_TOWNS;
    if (!*on_road && e19_point_in (g, p, TERRAIN_STREAM))
        return E19_GOING_STREAM;
    return E19_GOING_OPEN;
}

/*  The kinds going_at tells apart from open ground. */
#define GOING_KINDS (1u << TERRAIN_ROAD | 1u << TERRAIN_WOODS            \
                     | 1u << TERRAIN_TOWN | 1u << TERRAIN_STREAM)

/*  The unit's row of the movement table. */
static e19_move_row_t
move_row (const game_t *g, int u)
{
    return tables (g)->move_row_of[e19_type (g, u)];
}

/*  How far aside of the front's centre the k-th of the points front_rate
 *  reads lies, of `pieces` + 1 spread across a front `width` wide (its
 *  centre alone when pieces is 0). */
static double
front_offset (double width, int k, int pieces)
{
    return pieces > 0 ? width * ((double) k / pieces - 0.5) : 0;
}

/*  The movement table's rate, in cm (< 0: N/A), for the ground under
 *  the front of unit u as it goes, its front's centre at `centre`, `dir`
 *  the way it goes; `pieces` the parts its front is read in (0: its
 *  centre alone, going_whole_front off).  The slowest ground under any
 *  point of the front sets it, N/A before all; a stream under a point
 *  off the road counts only when the front's centre is off the road
 *  too (a column crossing a bridge narrower than itself is on the
 *  bridge).  *on_road: the centre is on a road. */
static double
front_rate (const game_t *g, int u, vec2_t centre, vec2_t dir, int pieces,
            bool *on_road)
{
    const e19_tables_t *t = tables (g);
    e19_move_row_t row = move_row (g, u);
    double rate = t->move_cm[row][going_at (g, centre, on_road)];
    double width = game_unit_c (g, u)->fp.width;
    for (int k = 0; k <= pieces && rate >= 0; k++) {
        double off = front_offset (width, k, pieces);
        vec2_t p = { centre.x - dir.y * off, centre.y + dir.x * off };
        bool p_road;
        e19_going_t going = going_at (g, p, &p_road);
        if (going == E19_GOING_STREAM && *on_road)
            going = E19_GOING_OPEN;
        double r = t->move_cm[row][going];
        rate = r < 0 ? r : fmin (rate, r);
    }
    return rate;
}

/*  The parts unit u's front is read in (front_rate): none wider than
 *  FRONT_STEP_CM; 0, its centre alone, without going_whole_front. */
static int
front_pieces (const game_t *g, int u)
{
    if (!tables (g)->going_whole_front)
        return 0;
    return (int) ceil (game_unit_c (g, u)->fp.width / FRONT_STEP_CM - 1e-9);
}

/*  Would unit u, in formation f, stand in a line that may not move:
 *  infantry in line or unlimbered guns? */
static bool
held_in (const game_t *g, int u, formation_t f)
{
    return f == FORMATION_LINE && line_troops (e19_type (g, u));
}

/*  Lines of infantry and unlimbered guns pivot but do not move: the
 *  move's rate is 0 for them, and an order to move forms column first
 *  (e19_engine.c). */
bool
e19_held_in_line (const game_t *g, int u)
{
    return held_in (g, u, game_unit_c (g, u)->formation);
}

/*  "Road: Remain 24cm from enemy": the distance from unit u, its
 *  footprint at `fp` (where a step of its move puts it), to the nearest
 *  enemy, closest point to closest point, so that its flanks and rear
 *  count as its front does; INFINITY when there is no enemy. */
static double
enemy_distance (const game_t *g, int u, const footprint_t *fp)
{
    double best = INFINITY;
    for (int e = 0; e < game_unit_count (g); e++)
        if (is_enemy (g, u, e)) {
            double d = footprint_distance (fp, &game_unit_c (g, e)->fp);
            if (d < best)
                best = d;
        }
    return best;
}

/*  Walk the way from unit u's centre towards `to`, no further than
 *  `limit` nor than it can go: the rate the slowest ground under its
 *  front sets (*rate; front_rate), whether it keeps to a road 24 cm
 *  from the enemy (*road: the ground under its front's centre on the
 *  road at every step, the whole unit, as it stands at that step, 24 cm
 *  from every enemy).
 *  Returns the distance it may go before ground its troops may not
 *  enter (N/A), or INFINITY when there is none.  Where the road's rate
 *  applies the road is the going (e19.movement.road_is_going): a road
 *  through a village or a wood is open to troops for whom woods and
 *  towns are N/A, so long as the whole move keeps to the road; a move
 *  that leaves it, or comes within 24 cm of the enemy, stops short of
 *  the first N/A ground. */
static double
walk_rate (const game_t *g, int u, vec2_t to, double limit, double *rate,
           bool *road)
{
    const e19_tables_t *t = tables (g);
    e19_move_row_t row = move_row (g, u);
    vec2_t from = game_unit_c (g, u)->fp.centre;
    double length = fmin (geom_dist (from, to), limit);
    vec2_t dir = geom_heading_vec (geom_bearing (from, to));
    /* the ground under its front as it goes (it faces the way it moves) */
    double lead = game_unit_c (g, u)->fp.depth / 2;
    *rate = t->move_cm[row][E19_GOING_OPEN];
    *road = true;
    /* on open ground all the way (most moves), the answer of the walk
       below without a step of it: no line a point of its front draws
       meets other ground */
    int pieces = front_pieces (g, u);
    double width = game_unit_c (g, u)->fp.width;
    bool open = true;
    for (int k = 0; k <= pieces && open; k++) {
        double off = front_offset (width, k, pieces);
        vec2_t first = { from.x + dir.x * lead - dir.y * off,
                         from.y + dir.y * lead + dir.x * off };
        vec2_t last = { first.x + dir.x * length, first.y + dir.y * length };
        open = !situation_segment_meets (game_situation (g), first, last,
                                         GOING_KINDS);
    }
    if (open) {
        if (*rate < 0)
            return 0;                          /* N/A at its first step */
        *road = false;
        return INFINITY;
    }
    double na = -1;                  /* the first N/A ground on the road */
    footprint_t fp = game_unit_c (g, u)->fp;     /* where it stands */
    fp.facing = geom_bearing (from, to);
    for (double d = 0; ; d = fmin (d + STEP_CM, length)) {
        vec2_t p = { from.x + dir.x * (d + lead),
                     from.y + dir.y * (d + lead) };
        fp.centre.x = from.x + dir.x * d;
        fp.centre.y = from.y + dir.y * d;
        bool on_road;
        double r = front_rate (g, u, p, dir, pieces, &on_road);
        if (*road
            && (!on_road || enemy_distance (g, u, &fp) < t->road_enemy_cm))
            *road = false;
        if (r < 0 && na < 0)
            na = d;
        if (na >= 0 && !(*road && t->road_is_going))
            return fmax (0, na - STEP_CM);     /* N/A: it stops short */
        if (r >= 0)
            *rate = fmin (*rate, r);
        /* ground beyond the rate so far is never reached (the road's
           rate is only for a move wholly on the road) */
        if (d >= length || (!*road && d >= *rate))
            return INFINITY;
    }
}

double
e19_move_rate (const game_t *g, int u, vec2_t to, formation_t formation)
{
    if (held_in (g, u, formation))
        return 0;
    const e19_tables_t *t = tables (g);
    double road_rate = t->move_cm[move_row (g, u)][E19_GOING_ROAD];
    double rate;
    bool road;
    double reach = walk_rate (g, u, to, fmax (road_rate, 0), &rate, &road);
    if (road && road_rate > rate)
        rate = road_rate;
    return fmin (rate, reach);
}

/*  Pivots a turn of `deg` takes (each up to pivot_deg). */
static int
pivots (const game_t *g, double deg)
{
    deg = fabs (deg);
    if (deg < 0.5)
        return 0;
    return (int) ceil (deg / tables (g)->pivot_deg - 1e-9);
}

/*  What unit u's pivots cost on a move of `rate` towards `to`: a turn of
 *  `first` degrees to face its way and one of `last` to its final facing,
 *  each so many pivots ("Cost per Pivot ¼": a share of the move; none
 *  for most troops).  "Turning: Units on road suffer no penalty": with
 *  the setting on_road a turn made on a road is free, the first when
 *  the unit's centre starts on one, the last when the move reaches `to`
 *  and it lies on one; with road_rate only a move at the road's rate
 *  (wholly on the road, 24 cm from the enemy) turns free. */
static double
pivot_cost (const game_t *g, int u, vec2_t to, double rate, double first,
            double last)
{
    const e19_tables_t *t = tables (g);
    double share = t->pivot_cost[move_row (g, u)];
    if (share <= 0 || rate <= 0)
        return 0;
    if (!t->road_turns_on_road) {
        bool road;
        double slowest;
        walk_rate (g, u, to, fmax (t->move_cm[move_row (g, u)]
                                   [E19_GOING_ROAD], 0), &slowest, &road);
        return road ? 0 : (pivots (g, first) + pivots (g, last)) * share
                          * rate;
    }
    vec2_t from = game_unit_c (g, u)->fp.centre;
    double cost = e19_point_in (g, from, TERRAIN_ROAD)
                ? 0 : pivots (g, first) * share * rate;
    bool ends_on_road = geom_dist (from, to) <= rate - cost + 1e-9
                     && e19_point_in (g, to, TERRAIN_ROAD);
    return cost + (ends_on_road ? 0 : pivots (g, last) * share * rate);
}

double
e19_charge_reach (const game_t *g, int u, vec2_t at, formation_t formation)
{
    double rate = e19_move_rate (g, u, at, formation);
    const unit_t *x = game_unit_c (g, u);
    if (!tables (g)->charge_pivot_costs
        || geom_dist (x->fp.centre, at) <= 0.05)
        return rate;
    double turn = geom_turn_deg (x->fp.facing,
                                geom_bearing (x->fp.centre, at));
    return fmax (0, rate - pivot_cost (g, u, at, rate, turn, 0));
}

bool
e19_town_full (const game_t *g, int u, vec2_t p, int ignore,
               bool pass_friends)
{
    const e19_tables_t *t = tables (g);
    const situation_t *sit = game_situation (g);
    int in_town = 0;
    bool enemy = false;
    for (int k = 0; k < game_unit_count (g); k++) {
        if (k == u || k == ignore || !e19_in_play (g, k)
            || game_unit_c (g, k)->arm == ARM_COMMAND)
            continue;
        const unit_t *x = game_unit_c (g, k);
        if (footprint_point_distance (&x->fp, p) >= t->town_reach_cm)
            continue;
        for (int i = 0; i < situation_terrain_count (sit); i++) {
            const terrain_feature_t *f = situation_terrain (sit, i);
            if (f->kind == TERRAIN_TOWN
                && polygon_contains (f->vertices, f->vertex_count, p)
                && polygon_contains (f->vertices, f->vertex_count,
                                     x->fp.centre)) {
                in_town++;
                enemy = enemy || x->side != game_unit_c (g, u)->side;
                break;
            }
        }
    }
    return in_town >= t->town_units && (!pass_friends || enemy);
}

/*  Does unit u, its footprint at `fp`, stand where it may not: overlapping
 *  an enemy, or a friend unless `pass_friends`; in a town holding its
 *  town_units already (passing through friends, a town its friends
 *  hold: e19_town_full).  `ignore` (or -1) is a unit it may touch.  Only
 *  the units in near[0..n_near) are asked whether they overlap it, every
 *  unit when `near` is NULL; every unit counts for the town. */
static bool
blocked (const game_t *g, int u, const footprint_t *fp, bool pass_friends,
         int ignore, const int *near, int n_near)
{
    bool general = game_unit_c (g, u)->arm == ARM_COMMAND;
    if (general)
        return false;                  /* generals go anywhere */
    int n = near ? n_near : game_unit_count (g);
    for (int i = 0; i < n; i++) {
        int k = near ? near[i] : i;
        if (k == u || k == ignore || !e19_in_play (g, k))
            continue;
        const unit_t *x = game_unit_c (g, k);
        if (x->arm == ARM_COMMAND)
            continue;
        bool friend = x->side == game_unit_c (g, u)->side;
        if ((!friend || !pass_friends)
            && footprint_overlap (fp, &x->fp) > SITUATION_OVERLAP_CM)
            return true;
    }
    return e19_point_in (g, fp->centre, TERRAIN_TOWN)
        && e19_town_full (g, u, fp->centre, ignore, pass_friends);
}

double
e19_move (game_t *g, int u, vec2_t to, double facing)
{
    unit_t *x = game_unit_m (g, u);
    vec2_t from = x->fp.centre;
    double length = geom_dist (from, to);
    double heading = length > 0.05 ? geom_bearing (from, to) : x->fp.facing;
    double end_facing = isfinite (facing) ? geom_norm_deg (facing) : heading;
    double rate = length > 0.05 ? e19_move_rate (g, u, to, x->formation) : 0;
    double allowed = rate - pivot_cost (g, u, to, rate,
                                        geom_turn_deg (x->fp.facing, heading),
                                        geom_turn_deg (heading, end_facing));
    allowed = fmax (0, allowed);
    bool pass = e19_type (g, u) == E19_SKIRMISHERS;
    double goal = length > 0.05 ? fmin (length, allowed) : 0;
    double moved = 0;
    footprint_t fp = x->fp;
    fp.facing = heading;
    int near_buf[SITUATION_NEAR_WAY_MAX];
    int n_near = situation_units_near_way (game_situation (g), &fp, goal, 0,
                                           near_buf, SITUATION_NEAR_WAY_MAX);
    const int *near = n_near >= 0 ? near_buf : NULL;
    while (moved < goal) {
        double d = fmin (moved + STEP_CM, goal);
        footprint_t next = fp;
        next.centre = situation_move_towards (game_situation (g), from,
                                              heading, d);
        if (geom_dist (next.centre, from) + 1e-6 < d
            || blocked (g, u, &next, pass, -1, near, n_near))
            break;                     /* impassable, the edge, a unit */
        fp = next;
        moved = d;
    }
    /* a skirmisher passing through friends must not end on them */
    while (moved > 0 && blocked (g, u, &fp, false, -1, near, n_near)) {
        moved = fmax (0, moved - STEP_CM);
        fp.centre = situation_move_towards (game_situation (g), from, heading,
                                            moved);
    }
    double old_facing = x->fp.facing;
    x->fp.centre = fp.centre;
    x->fp.facing = moved > 0 || isfinite (facing) ? end_facing : old_facing;
    if (geom_turn_deg (old_facing, x->fp.facing) > 0.5
        && e19_type (g, u) == E19_ARTILLERY)
        state_m (g, u)->flags |= E19_F_PIVOTED;
    if (moved > 0.01)
        game_unit_mut (g, u)->moved_halves = 2;
    if (game_events_on (g)) {
        if (moved > 0.01)
            game_event (g, GAME_EVENT_MOVE, u, "%s moves %.1f cm to (%.1f, "
                        "%.1f) cm, facing %.0f%s", x->id, moved,
                        x->fp.centre.x, x->fp.centre.y, x->fp.facing,
                        moved + 0.05 < length ? " (as far as it may)" : "");
        else if (geom_turn_deg (old_facing, x->fp.facing) > 0.5)
            game_event (g, GAME_EVENT_MOVE, u, "%s pivots to face %.0f",
                        x->id, x->fp.facing);
        else if (length > 0.05)
            game_event (g, GAME_EVENT_MOVE, u, "%s cannot move that way",
                        x->id);
    }
    return moved;
}

/*  The outward bearing of face `face` (E19_FACE_*) of the unit whose
 *  footprint is `t`: *half the distance from its centre to that face,
 *  *along half the face's length. */
static double
face_out (const footprint_t *t, int face, double *half, double *along)
{
    double out = t->facing;
    *half = t->depth / 2;
    *along = t->width / 2;
    if (face == E19_FACE_REAR)
        out += 180;
    else if (face == E19_FACE_RIGHT || face == E19_FACE_LEFT) {
        out += face == E19_FACE_RIGHT ? 90 : -90;
        *half = t->width / 2;
        *along = t->depth / 2;
    }
    return out;
}

/*  Where charger u stands at a face of `target` whose face (as it
 *  counts, e19_face_counted) another charger holds already (e19.charge.
 *  attackers_per_face above 1): the nearest place along the face to its
 *  middle `at`, the middle itself when clear (a town's unit counts every
 *  face as its front, so the other charger may stand at another face),
 *  its centre no further than `along` from the middle, facing it
 *  squarely (`out` + 180) and clear of every unit (its base beside
 *  theirs), the side nearer u first.  `at` when there is none: the
 *  charge then stops short of the unit there. */
static vec2_t
beside (const game_t *g, int u, int target, vec2_t at, double out,
        double along)
{
    vec2_t s = geom_heading_vec (out + 90);
    footprint_t fp = game_unit_c (g, u)->fp;
    double side = (fp.centre.x - at.x) * s.x + (fp.centre.y - at.y) * s.y
                  >= 0 ? 1 : -1;
    fp.facing = geom_norm_deg (out + 180);
    /* its figures clear of the others' (not only touching them), so that
       its way in, turned a little off square, is clear as well */
    fp.width += 2 * SITUATION_OVERLAP_CM;
    for (double o = 0; o <= along + 1e-9; o += STEP_CM)
        for (int k = 0; k < 2; k++) {
            double d = k == 0 ? side * o : -side * o;
            fp.centre.x = at.x + s.x * d;
            fp.centre.y = at.y + s.y * d;
            if (!blocked (g, u, &fp, false, target, NULL, 0))
                return fp.centre;
        }
    return at;
}

/*  The charger comes in at the face it reaches (e19_face_of), in a town
 *  as anywhere: "Towns: ... Units have no flank or rear" makes that face
 *  count as the front (e19_face_counted), it does not move the contact
 *  round to the far side of the defender.  Square to the face, as near
 *  straight ahead of the charger as the face allows; a further charger
 *  on a face already held beside the first (beside). */
vec2_t
e19_contact_point (const game_t *g, int u, int target, double *distance)
{
    const unit_t *x = game_unit_c (g, u), *t = game_unit_c (g, target);
    int face = e19_face_of (g, target, u);
    double half, along;
    double out = face_out (&t->fp, face, &half, &along);
    vec2_t n = geom_heading_vec (out);
    double off = half + x->fp.depth / 2;
    vec2_t at = { t->fp.centre.x + n.x * off, t->fp.centre.y + n.y * off };
    if (e19_face_chargers (g, target, e19_face_counted (g, target, u)) > 0)
        at = beside (g, u, target, at, out, along);
    else {
        /* the first charger comes in as near straight ahead of it as the
           face allows: its front wholly on the face, or covering it
           when wider (a player moves it straight in, pivoting no more
           than he must) */
        vec2_t s = geom_heading_vec (out + 90);
        double room = fabs (along - x->fp.width / 2);
        double slide = (x->fp.centre.x - at.x) * s.x
                     + (x->fp.centre.y - at.y) * s.y;
        slide = fmax (-room, fmin (room, slide));
        at.x += s.x * slide;
        at.y += s.y * slide;
    }
    if (distance)
        *distance = geom_dist (x->fp.centre, at);
    return at;
}

/*  "Charging cavalry fired on by target": when charger u is cavalry or
 *  dragoons and the target can fire at it where it stands now (weapon,
 *  range, arc, formation, not in contact already, not fired yet this
 *  turn), the target's volley, the bases it removes, then the charger's
 *  test.  True when the charger is still in play. */
static bool
meets_fire (game_t *g, int u, int target, dice_t *dice)
{
    e19_class_t cls = e19_class (g, u);
    if ((cls != E19_CLASS_CAVALRY && cls != E19_CLASS_DRAGOONS)
        || (state_c (g, target)->flags & E19_F_FIRED)
        || game_unit (g, target)->in_melee
        || e19_fire_dice (g, target, u) <= 0)
        return true;
    int hits = e19_volley (g, target, u, dice);
    state_m (g, target)->flags |= E19_F_FIRED;
    game_unit_mut (g, target)->fired = 1;
    e19_remove_bases (g, u, hits / tables (g)->hits_per_base, dice,
                      "a base lost to fire");
    if (e19_in_play (g, u))
        e19_morale_test (g, u, dice, "charging cavalry fired on by its "
                                     "target");
    return e19_in_play (g, u);
}

/*  "Defending riverbank frontally": does the way from `from` to `at`
 *  cross a stream, somewhere not on a road ("Bridges: Negate Streams"),
 *  whose water lies within e19.melee.riverbank_cm of the front edge of
 *  `target` (at its front corners or the middle between them)? */
static bool
crosses_at_bank (const game_t *g, int target, vec2_t from, vec2_t at)
{
    const situation_t *sit = game_situation (g);
    const footprint_t *tf = &game_unit_c (g, target)->fp;
    vec2_t c[4];
    footprint_corners (tf, c);
    vec2_t front[3] = { c[0], c[1], { (c[0].x + c[1].x) / 2,
                                      (c[0].y + c[1].y) / 2 } };
    for (int i = 0; i < situation_terrain_count (sit); i++) {
        const terrain_feature_t *f = situation_terrain (sit, i);
        if (f->kind != TERRAIN_STREAM)
            continue;
        double near = INFINITY;
        for (int k = 0; k < 3; k++)
            near = fmin (near, polygon_distance (f->vertices,
                                                 f->vertex_count, front[k]));
        if (near > tables (g)->riverbank_cm + 1e-9)
            continue;
        /* the stretches of the way in the water, and their ends */
        double ts[2 * SOLO_MAX_VERTICES + 2];
        int n = polygon_segment_cuts (f->vertices, f->vertex_count, from, at,
                                      ts + 1, 2 * SOLO_MAX_VERTICES);
        geom_sort (ts + 1, n);
        ts[0] = 0;
        ts[n + 1] = 1;
        for (int k = 0; k <= n; k++) {
            double m = (ts[k] + ts[k + 1]) / 2;
            vec2_t p = { from.x + (at.x - from.x) * m,
                         from.y + (at.y - from.y) * m };
            if (polygon_contains (f->vertices, f->vertex_count, p)
                && !e19_point_in (g, p, TERRAIN_ROAD))
                return true;
        }
    }
    return false;
}

void
e19_charge (game_t *g, int u, int target, dice_t *dice)
{
    unit_t *x = game_unit_m (g, u);
    bool at_contact = tables (g)->charge_fire_at_contact;
    /* the face it meets, and the face that counts (a town's unit has
       no flank or rear) */
    int reached = e19_face_of (g, target, u);
    int face = e19_face_counted (g, target, u);
    double distance;
    vec2_t at = e19_contact_point (g, u, target, &distance);
    if (game_events_on (g))
        game_event (g, GAME_EVENT_MOVE, u, "%s charges %s (%s%s), %.1f cm",
                    x->id, game_unit_c (g, target)->id,
                    face == E19_FACE_FRONT ? "front"
                    : face == E19_FACE_REAR ? "rear" : "flank",
                    reached != face ? ", in a town: no flank or rear" : "",
                    distance);
    /* "Charging cavalry fired on by target", measured where the charge
       begins (e19.charge.fire_at_cavalry = "start") */
    if (!at_contact && !meets_fire (g, u, target, dice))
        return;
    /* the way in, clear of other units */
    vec2_t from = x->fp.centre;
    double heading = geom_bearing (from, at);
    footprint_t fp = x->fp;
    fp.facing = heading;
    int near_buf[SITUATION_NEAR_WAY_MAX];
    int n_near = situation_units_near_way (game_situation (g), &fp, distance,
                                           0, near_buf,
                                           SITUATION_NEAR_WAY_MAX);
    const int *near = n_near >= 0 ? near_buf : NULL;
    for (double d = STEP_CM; d < distance; d += STEP_CM) {
        fp.centre = situation_move_towards (game_situation (g), from, heading,
                                            d);
        /* a unit in the way, or impassable ground (a river: refused
           when ordered, but the target may have moved since) */
        if (geom_dist (fp.centre, from) + 1e-6 < d
            || blocked (g, u, &fp, false, target, near, n_near)) {
            if (game_events_on (g))
                game_event (g, GAME_EVENT_MOVE, u, "%s's charge is stopped "
                            "%.1f cm short", x->id, distance - d);
            e19_move (g, u, at, heading);
            /* ("contact": fired on where the charge ends) */
            if (at_contact)
                meets_fire (g, u, target, dice);
            return;
        }
    }
    /* the ground it charged from, for "On higher ground" */
    bool high_from = e19_on_high_ground (g, from);
    bool high_target = e19_on_high_ground (g,
                                           game_unit_c (g, target)->fp.centre);
    if (high_target && !high_from)
        state_m (g, u)->flags |= E19_F_UPHILL;
    if (high_from && !high_target)
        state_m (g, u)->flags |= E19_F_DOWNHILL;
    /* a stream on the way in at the target's bank: it defends it */
    if (crosses_at_bank (g, target, from, at))
        state_m (g, u)->flags |= E19_F_CROSSED;
    /* square to the face it charged */
    double half, along;
    x->fp.centre = at;
    x->fp.facing = geom_norm_deg (face_out (&game_unit_c (g, target)->fp,
                                            reached, &half, &along) + 180);
    game_unit_mut (g, u)->moved_halves = 2;
    /* "Charging cavalry fired on by target": a charge ends in contact,
       and the target fires at it as it comes in (e19.charge.
       fire_at_cavalry = "contact"); a charger it destroys never
       engages */
    if (at_contact && !meets_fire (g, u, target, dice))
        return;
    e19_unit_state_t *st = state_m (g, u), *ts = state_m (g, target);
    st->flags |= E19_F_CHARGED;
    st->opponent = (int16_t) (target + 1);
    st->face = (int16_t) face;
    ts->faces |= (int16_t) face;
    game_unit_mut (g, u)->in_melee = 1;
    game_unit_mut (g, target)->in_melee = 1;
    if (game_events_on (g))
        game_event (g, GAME_EVENT_MOVE, u, "%s is in contact with %s at "
                    "(%.1f, %.1f) cm", x->id, game_unit_c (g, target)->id,
                    at.x, at.y);
}
