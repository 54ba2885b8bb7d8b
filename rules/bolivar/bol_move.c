/*  bol_move.c - movement by the text's Step 2.1: a formation change, a
 *  first change of direction, a move straight ahead and a second change,
 *  within the movement allowance and the zone's limits (the manoeuvre
 *  zone's free move of the front centre, the command checks of the
 *  threat zone); and the moves of close combat: charges into contact,
 *  evades, rally backs and cavalry passing through.  */
#include <math.h>
#include <stdio.h>
#include "bol_play.h"

#define STEP_CM 0.5          /* a move is walked in steps this long */

/*  May unit u pass through friendly unit k ("Only certain friendly
 *  interpenetrations are allowed - see QRS": commanders go anywhere,
 *  skirmishers pass through friends; a reading). */
static bool
passes (const game_t *g, int u, int k)
{
    return is_commander (g, u) || is_commander (g, k)
        || bol_type (g, u) == BOL_SKIRMISHER;
}

/*  Does unit u, its footprint at `fp`, stand where it may not: on an
 *  enemy (or in contact with one, `contact` false), on a friend it may
 *  not pass (`passing`: while moving) or end on.  A friend the unit
 *  already stood on at `start` (a turn in place or a formation change
 *  can leave two friends overlapping) blocks it only where it would
 *  stand further on it: the two may move apart or along each other,
 *  as a player would draw them apart on the table, where a rule that
 *  asked for no overlap at all would hold both fast for the rest of the
 *  game.  `ignore` (or -1) is a unit it may touch.  Only the units in
 *  near[0..n_near) are asked, or every unit when `near` is NULL. */
static bool
blocked (const game_t *g, int u, const footprint_t *start,
         const footprint_t *fp, bool passing, bool contact, int ignore,
         const int *near, int n_near)
{
    int n = near ? n_near : game_unit_count (g);
    for (int i = 0; i < n; i++) {
        int k = near ? near[i] : i;
        if (k == u || k == ignore || !bol_in_play (g, k))
            continue;
        const unit_t *y = game_unit_c (g, k);
        bool friend = y->side == game_unit_c (g, u)->side;
        if (friend) {
            if (is_commander (g, u) || is_commander (g, k))
                continue;
            if (passing && passes (g, u, k))
                continue;
            double on = footprint_overlap (fp, &y->fp);
            if (on > SITUATION_OVERLAP_CM
                && on > footprint_overlap (start, &y->fp) + 1e-6)
                return true;
            continue;
        }
        if (is_commander (g, k))
            continue;
        /* overlapping by more than 0.01 cm is a distance of 0 */
        if (contact ? footprint_overlap (fp, &y->fp) > 0.01
                    : footprint_distance (fp, &y->fp) < 0.5)
            return true;
    }
    return false;
}

/*  Guns cross rivers and streams only at bridges and fords (a road). */
static bool
gun_barred (const game_t *g, int u, vec2_t p)
{
    const situation_t *sit = game_situation (g);
    return is_artillery (g, u) && situation_point_in (sit, p, TERRAIN_STREAM)
        && !situation_point_in (sit, p, TERRAIN_ROAD);
}

/*  Walk unit u from its centre along `heading` up to `length`, facing
 *  `facing` as it goes; stop short of what blocks it.  Returns the
 *  distance walked (the unit placed there). */
static double
walk (game_t *g, int u, double heading, double length, double facing,
      bool contact, int ignore)
{
    unit_t *x = game_unit_m (g, u);
    vec2_t from = x->fp.centre;
    footprint_t fp = x->fp;
    fp.facing = facing;
    const footprint_t start = fp;
    double moved = 0;
    int near_buf[SITUATION_NEAR_WAY_MAX];
    int n_near = situation_units_near_way (game_situation (g), &fp, length,
                                           0.5, near_buf,
                                           SITUATION_NEAR_WAY_MAX);
    const int *near = n_near >= 0 ? near_buf : NULL;
    while (moved < length) {
        double d = geom_min (moved + STEP_CM, length);
        footprint_t next = fp;
        next.centre = situation_move_towards (game_situation (g), from,
                                              heading, d);
        if (geom_dist (next.centre, from) + 1e-6 < d
            || gun_barred (g, u, next.centre)
            || blocked (g, u, &start, &next, true, contact, ignore, near,
                        n_near))
            break;
        fp = next;
        moved = d;
    }
    /* a unit passing through friends must not end on them */
    while (moved > 0
           && blocked (g, u, &start, &fp, false, contact, ignore, near,
                       n_near)) {
        moved = geom_max (0, moved - STEP_CM);
        fp.centre = situation_move_towards (game_situation (g), from, heading,
                                            moved);
    }
    x->fp.centre = fp.centre;
    if (moved > 0.01)
        x->fp.facing = facing;
    return moved;
}

bol_carry_t
bol_carry_begin (const game_t *g, int u)
{
    return (bol_carry_t) { .commander = bol_attached_commander (g, u),
                           .from = game_unit_c (g, u)->fp.centre };
}

void
bol_carry_end (game_t *g, int u, bol_carry_t carry)
{
    if (carry.commander < 0 || !bol_in_play (g, carry.commander)
        || bol_house_leader_stays (g, carry.commander, u, carry.from))
        return;
    vec2_t to = game_unit_c (g, u)->fp.centre;
    unit_t *c = game_unit_m (g, carry.commander);
    c->fp.centre.x += to.x - carry.from.x;
    c->fp.centre.y += to.y - carry.from.y;
}

/*  The formation change of a two-stand unit: "One stand must remain
 *  stationary in any formation change, the other moves": a line's two
 *  stands side by side, a column's and a square's one behind the other.
 *  The stand that stays is the one that keeps the unit's front where it
 *  was, as a player forms on a stand: forming column or square, the
 *  line's right-hand stand stays and the left goes behind it; forming
 *  line, the column's front stand stays and the rear comes up on its
 *  left (so line to column and back again stands where it began).  When
 *  a unit stands in the way of the moving stand on that side and not on
 *  the other, the other stand stays instead (the side with room).  "The
 *  unit must occupy the same space before and after a Line <-> March or
 *  a Column <-> Square change": march stands as the line did, a square
 *  as the column.  Seed 000's layouts (stand_width_cm) keep the front
 *  edge instead (bol_house_fit). */
static void
reshape (game_t *g, int u, formation_t to)
{
    unit_t *x = game_unit_m (g, u);
    if (tables (g)->house.stand_width_cm > 0) {
        x->formation = to;             /* seed 000's layouts */
        bol_house_fit (g, u);
        return;
    }
    bool was_line = x->formation == FORMATION_LINE
                 || x->formation == FORMATION_MARCH;
    bool is_line = to == FORMATION_LINE || to == FORMATION_MARCH;
    if (x->stand_count == 2 && was_line != is_line) {
        vec2_t ahead = geom_heading_vec (x->fp.facing);
        vec2_t right = { ahead.y, -ahead.x };
        footprint_t side[2] = { x->fp, x->fp };
        for (int k = 0; k < 2; k++) {
            double s = k == 0 ? 1 : -1;  /* the preferred side, the other */
            footprint_t *n = &side[k];
            if (is_line) {
                /* the front stand stays; the line's centre is beside it,
                   half a stand's width to the side the rear one comes */
                n->width = x->fp.width * 2, n->depth = x->fp.depth / 2;
                double on = x->fp.depth / 4, across = -s * x->fp.width / 2;
                n->centre.x += ahead.x * on + right.x * across;
                n->centre.y += ahead.y * on + right.y * across;
            }
            else {
                /* one stand of the line stays, the other goes behind it */
                n->width = x->fp.width / 2, n->depth = x->fp.depth * 2;
                double on = -x->fp.depth / 2, across = s * x->fp.width / 4;
                n->centre.x += ahead.x * on + right.x * across;
                n->centre.y += ahead.y * on + right.y * across;
            }
        }
        bool room = !blocked (g, u, &x->fp, &side[0], false, false, -1,
                              NULL, 0);
        x->fp = room || blocked (g, u, &x->fp, &side[1], false, false, -1,
                                 NULL, 0)
              ? side[0] : side[1];
    }
    x->formation = to;
}

/*  A turn smaller than this is no change of direction (degrees): a
 *  player's placing by eye. */
#define TURN_MIN_DEG 0.5

/*  The halvings that find where a way first meets difficult terrain
 *  between two steps: STEP_CM / 2^6, under 0.01 cm. */
#define EDGE_HALVINGS 6

/*  The signed turn from bearing `from` to bearing `to`, in [-180, 180):
 *  positive clockwise (to the right). */
static double
signed_turn (double from, double to)
{
    return geom_norm_deg (to - from + 180) - 180;
}

/*  Footprint `fp` moved `s` along `heading`, facing `facing`. */
static footprint_t
along (const footprint_t *fp, double heading, double s, double facing)
{
    footprint_t at = *fp;
    vec2_t v = geom_heading_vec (heading);
    at.centre.x += v.x * s;
    at.centre.y += v.y * s;
    at.facing = facing;
    return at;
}

/*  The allowance an about face takes: "reduces the movement allowance
 *  by 1 TUM for infantry and 3 TUM for others". */
static double
about_face_cost (const game_t *g, int u)
{
    const bol_tables_t *t = tables (g);
    return bol_cm (g, game_unit_c (g, u)->arm == ARM_INFANTRY
                      ? t->about_face_infantry_tum
                      : t->about_face_other_tum);
}

/*  What a wheel of `deg` degrees (unsigned) of footprint `fp` counts
 *  against the allowance: "A Wheel is up to 45° and the distance of the
 *  unit's corner that moves most is counted towards the movement
 *  allowance".  A wheel turns about its inner front corner, and the
 *  corner that moves most is the one furthest from it, the outer rear
 *  corner: the diagonal, hypot (width, depth), times the angle in
 *  radians (the arc it travels).  Every wheel's cost (a move's, a
 *  charge's, an evade's) is this one. */
static double
wheel_cost (const footprint_t *fp, double deg)
{
    return hypot (fp->width, fp->depth) * deg * GEOM_RAD_PER_DEG;
}

/*  What a pivot of `deg` degrees of footprint `fp` counts: "A Pivot on
 *  the centre is also up to 45°, but one front corner wheels back as
 *  other wheels forward, and the distance of the unit's corner that
 *  moves most is counted".  Turning on its centre every corner moves
 *  alike, half the diagonal, hypot (width / 2, depth / 2), times the
 *  angle. */
static double
pivot_cost (const footprint_t *fp, double deg)
{
    return hypot (fp->width / 2, fp->depth / 2) * deg * GEOM_RAD_PER_DEG;
}

/*  Footprint `fp` wheeled `turn` degrees (signed: positive to the
 *  right) about its inner front corner, the front corner on the side it
 *  turns to, which stays where it is: "A Wheel is up to 45°", a front
 *  corner fixed as the other swings forward, where a pivot turns "on
 *  the centre".  Then the corner that moves most is the outer rear one
 *  (wheel_cost).  The one wheel of a move and of a charge. */
static footprint_t
wheel_about_corner (const footprint_t *fp, double turn)
{
    double side = turn < 0 ? -1 : 1;
    vec2_t v = geom_heading_vec (fp->facing);
    vec2_t r = { v.y, -v.x };
    double half = fp->width / 2 * side, front = fp->depth / 2;
    vec2_t corner = { fp->centre.x + r.x * half + v.x * front,
                      fp->centre.y + r.y * half + v.y * front };
    footprint_t at = *fp;
    at.facing = geom_norm_deg (fp->facing + turn);
    vec2_t v2 = geom_heading_vec (at.facing);
    vec2_t r2 = { v2.y, -v2.x };
    at.centre = (vec2_t) { corner.x - r2.x * half - v2.x * front,
                           corner.y - r2.y * half - v2.y * front };
    return at;
}

/*  A change of direction of unit u of `deg` degrees (unsigned), that
 *  leaves it facing `facing`, its cost: a wheel and a pivot "the
 *  distance of the unit's corner that moves most" (wheel_cost,
 *  pivot_cost); an oblique nothing (its move is "the distance of either
 *  front corner"); an about face its fixed amount. */
static bol_change_t
change (const game_t *g, int u, bol_turn_t kind, double deg, double facing,
        bool check)
{
    const footprint_t *fp = &game_unit_c (g, u)->fp;
    double cost = kind == BOL_TURN_WHEEL ? wheel_cost (fp, deg)
                : kind == BOL_TURN_PIVOT ? pivot_cost (fp, deg)
                : kind == BOL_TURN_ABOUT ? about_face_cost (g, u) : 0;
    return (bol_change_t) { .kind = kind, .deg = deg,
                            .facing = geom_norm_deg (facing),
                            .cost_cm = cost, .check = check };
}

/*  The changes of direction that carry out plan p outside the manoeuvre
 *  zone (bol_move_plan), unit u facing `f0`.  NULL, or the reason none
 *  do: "A Wheel is up to 45°", "A Pivot ... is also up to 45°", "An
 *  About Face is a 180° turn", "An advance on the Oblique is up to 45°
 *  from straight ahead"; "Wheels in first direction change never
 *  require a command check", every other change does.  No oblique
 *  when `oblique` is false: a move off its front with its facing kept is
 *  then a wheel, the move and a pivot back. */
static const char *
decompose_changes (const game_t *g, int u, double f0, bol_plan_t *p,
                   bool oblique, char *why, int len)
{
    double most = tables (g)->wheel_deg + TURN_MIN_DEG;
    double wheel = tables (g)->wheel_deg;
    p->n_before = 0;
    p->after = (bol_change_t) { .kind = BOL_TURN_NONE };
    p->move_facing = p->heading;
    if (!p->moving) {
        /* standing: a wheel (the first change, free) and a pivot, or an
           about face and a pivot */
        double turn = signed_turn (f0, p->end_facing), a = fabs (turn);
        double side = turn < 0 ? -1 : 1;
        if (a <= TURN_MIN_DEG)
            return NULL;
        if (a <= most)
            p->before[p->n_before++] = change (g, u, BOL_TURN_WHEEL, a,
                                               p->end_facing, false);
        else if (a <= 2 * wheel + TURN_MIN_DEG) {
            p->before[p->n_before++] = change (g, u, BOL_TURN_WHEEL, wheel,
                                               f0 + side * wheel, false);
            p->after = change (g, u, BOL_TURN_PIVOT, a - wheel,
                               p->end_facing, true);
        }
        else if (a >= 180 - most) {
            p->before[p->n_before++] = change (g, u, BOL_TURN_ABOUT, 180,
                                               f0 + 180, true);
            if (180 - a > TURN_MIN_DEG)
                p->after = change (g, u, BOL_TURN_PIVOT, 180 - a,
                                   p->end_facing, true);
            else
                p->before[0].facing = geom_norm_deg (p->end_facing);
        }
        else {
            snprintf (why, (size_t) len, "a turn of %.0f degrees is more "
                      "than a wheel and a pivot of %.0f each, and no about "
                      "face", a, wheel);
            return why;
        }
        return NULL;
    }
    double off = geom_turn_deg (f0, p->heading);
    double keep = geom_turn_deg (f0, p->end_facing);
    if (off <= TURN_MIN_DEG)
        ;                                   /* straight ahead */
    else if (off <= most && keep <= TURN_MIN_DEG && oblique) {
        /* its facing kept: an advance on the oblique */
        p->before[p->n_before++] = change (g, u, BOL_TURN_OBLIQUE, off, f0,
                                           true);
        p->move_facing = f0;
    }
    else if (off <= most)
        p->before[p->n_before++] = change (g, u, BOL_TURN_WHEEL, off,
                                           p->heading, false);
    else if (off >= 180 - BOL_DIRECTLY_DEG && keep <= most)
        p->move_facing = f0;      /* "move directly-to-rear", facing kept */
    else if (off >= 180 - BOL_DIRECTLY_DEG)
        p->before[p->n_before++] = change (g, u, BOL_TURN_ABOUT, 180,
                                           p->heading, true);
    else if (off >= 180 - most) {
        /* "making an about face and/or wheel if necessary" */
        p->before[p->n_before++] = change (g, u, BOL_TURN_ABOUT, 180,
                                           f0 + 180, true);
        p->before[p->n_before++] = change (g, u, BOL_TURN_WHEEL, 180 - off,
                                           p->heading, true);
    }
    else {
        snprintf (why, (size_t) len, "it would move %.0f degrees off its "
                  "front: a wheel or an oblique goes up to %.0f, an about "
                  "face to its rear", off, wheel);
        return why;
    }
    double rest = geom_turn_deg (p->move_facing, p->end_facing);
    if (rest <= TURN_MIN_DEG)
        return NULL;
    if (p->n_before == BOL_CHANGES_BEFORE) {
        snprintf (why, (size_t) len, "after an about face and a wheel it has "
                  "no change of direction left to turn %.0f degrees at the "
                  "end", rest);
        return why;
    }
    /* the second change: a pivot (a wheel would ask the same check and
       cost twice as much), or an about face */
    if (rest <= most)
        p->after = change (g, u, BOL_TURN_PIVOT, rest, p->end_facing, true);
    else if (rest >= 180 - BOL_DIRECTLY_DEG)
        p->after = change (g, u, BOL_TURN_ABOUT, 180, p->end_facing, true);
    else {
        snprintf (why, (size_t) len, "a second change of direction of %.0f "
                  "degrees at the end is neither a pivot of up to %.0f nor "
                  "an about face", rest, wheel);
        return why;
    }
    return NULL;
}

/*  decompose_changes, and for guns under readings.guns_wheel_pivot
 *  ("Artillery can wheel or pivot") only wheels and pivots: no oblique
 *  (a wheel and a pivot back instead), and a plan that needs an about
 *  face is refused with the line. */
static const char *
decompose (const game_t *g, int u, double f0, bol_plan_t *p, char *why,
           int len)
{
    bool guns = is_artillery (g, u) && tables (g)->guns_wheel_pivot;
    const char *no = decompose_changes (g, u, f0, p, !guns, why, len);
    if (no || !guns)
        return no;
    bool about = p->after.kind == BOL_TURN_ABOUT;
    for (int i = 0; i < p->n_before; i++)
        about = about || p->before[i].kind == BOL_TURN_ABOUT;
    if (!about)
        return NULL;
    snprintf (why, (size_t) len, "it would about face (\"Artillery can "
              "wheel or pivot\")");
    return why;
}

/*  How much nearer than at its start a move in a control zone must end
 *  to be "closer to the enemy" (cm): a move that keeps its distance (a
 *  slide along the enemy's front) is not closer; the margin only keeps
 *  the rounding of equal distances out. */
#define CLOSER_MIN_CM 0.001

/*  May unit u make plan p's move in the control zone of enemy e: "the
 *  unit can only: (1) remain stationary; (2) move closer to the enemy;
 *  (3) move directly away from the enemy ...; or (4) move
 *  directly-to-rear"?  Closer: its closest points strictly nearer at the
 *  end than at the start (by CLOSER_MIN_CM); the same distance is not
 *  closer.  Directly: within BOL_DIRECTLY_DEG.  Away: along the line
 *  from the enemy's front centre through u's ("Otherwise a unit is
 *  assumed to be located at the front centre of the unit"). */
static bool
control_allows (const game_t *g, int u, int e, const bol_plan_t *p)
{
    if (!p->moving)
        return true;
    const unit_t *x = game_unit_c (g, u);
    const footprint_t *ef = &game_unit_c (g, e)->fp;
    double away = geom_bearing (bol_front_centre (ef),
                                bol_front_centre (&x->fp));
    if (geom_turn_deg (p->heading, away) <= BOL_DIRECTLY_DEG
        || geom_turn_deg (p->heading, x->fp.facing + 180) <= BOL_DIRECTLY_DEG)
        return true;
    footprint_t end = along (&x->fp, p->heading, p->length, p->move_facing);
    return footprint_distance (&end, ef)
           < footprint_distance (&x->fp, ef) - CLOSER_MIN_CM;
}

/*  A unit near a way, as way_zone keeps it from step to step. */
#define WAY_KEPT 32
typedef struct {
    footprint_ready_t ready;  /* its footprint's frame */
    bool made;                /* ready worked out */
    bool allowed;             /* control_allows said yes */
} way_unit_t;

/*  The worst zone of plan p's way (its start's in p->zone already), by
 *  the distances at every STEP_CM of it facing p->move_facing: an
 *  enemy's control zone, or the threat zone within 4 TUM of one (a
 *  move stops short of contact: its way is no worse than the control
 *  zone).  Every enemy whose control zone it stands in or enters must
 *  allow the move (control_allows); -1 with err naming the first that
 *  does not. */
static int
way_zone (const game_t *g, int u, bol_plan_t *p, char *err, int errlen)
{
    const bol_tables_t *t = tables (g);
    const unit_t *x = game_unit_c (g, u);
    double control = bol_cm (g, t->control_tum) + 1e-6;
    double threat = bol_cm (g, t->threat_tum) + 1e-6;
    int near_buf[SITUATION_NEAR_WAY_MAX];
    int n_near = situation_units_near_way (game_situation (g), &x->fp,
                                           p->length + threat, 0.5,
                                           near_buf, SITUATION_NEAR_WAY_MAX);
    const int *near = n_near >= 0 ? near_buf : NULL;
    int n = near ? n_near : game_unit_count (g);
    /* the first WAY_KEPT units asked keep their frames made ready and
       whether they allow the move: control_allows asks the whole move,
       not the step, so one that allows it allows it at every step */
    way_unit_t kept[WAY_KEPT];
    for (int i = 0; i < WAY_KEPT; i++)
        kept[i].made = kept[i].allowed = false;
    for (double s = 0, step = STEP_CM;; s = geom_min (s + step, p->length)) {
        footprint_t fp = s > 0 ? along (&x->fp, p->heading, s,
                                        p->move_facing)
                               : x->fp;
        /* past the start the footprint only slides, so no enemy's
           distance falls faster than the way goes on: the next step may
           go as far as the nearest enemy is beyond the zone that could
           still worsen (a quick way through the open) */
        double room = INFINITY;
        footprint_ready_t ready;
        footprint_ready (&fp, &ready);
        for (int i = 0; i < n; i++) {
            int e = near ? near[i] : i;
            if (!is_enemy (g, u, e))
                continue;
            way_unit_t afresh, *w = i < WAY_KEPT ? &kept[i] : &afresh;
            if (w == &afresh || !w->made) {
                footprint_ready (&game_unit_c (g, e)->fp, &w->ready);
                w->made = true;
                w->allowed = false;
            }
            double need = p->zone >= BOL_ZONE_THREAT ? control : threat;
            double floor = footprint_distance_floor_readies (&ready,
                                                             &w->ready);
            if (floor > need) {             /* beyond any zone it could add */
                room = geom_min (room, floor - need);
                continue;
            }
            double d = footprint_distance_readies (&ready, &w->ready);
            if (d <= control
                && bol_ready_directly_to_front (&w->ready, &ready,
                                                t->control_front_at
                                                == BOL_AT_ANY_PART)) {
                if (p->zone < BOL_ZONE_CONTROL)
                    p->zone = BOL_ZONE_CONTROL;
                if (p->controller < 0)
                    p->controller = e;
                if (!w->allowed && !control_allows (g, u, e, p)) {
                    if (err)
                        snprintf (err, (size_t) errlen, "%s: in %s's control "
                                  "zone it may only stand, move closer to "
                                  "it, directly away from it or directly to "
                                  "its rear%s", x->id,
                                  game_unit_c (g, e)->id,
                                  s > 0 ? " (its way enters that zone)" : "");
                    return -1;
                }
                w->allowed = true;
            }
            else if (d <= threat && p->zone < BOL_ZONE_THREAT)
                p->zone = BOL_ZONE_THREAT;
            room = geom_min (room, d - (p->zone >= BOL_ZONE_THREAT
                                        ? control : threat));
        }
        if (!p->moving || s >= p->length)
            return 0;
        step = s > 0 ? geom_max (STEP_CM, room) : STEP_CM;
    }
}

/*  Does unit u, facing `f0`, make an about face in the manoeuvre zone
 *  when it ends facing `f1`?  "An About Face is a 180° turn which
 *  reduces the movement allowance by 1 TUM for infantry and 3 TUM for
 *  others.  Units that about face cannot shoot or charge (place a moved
 *  marker)": the line names no zone, and the manoeuvre zone's "move in
 *  any direction they want" frees the way the unit goes, not its
 *  turning round.  A turn from 180 less a wheel (135 degrees) on is an
 *  about face, as it is standing outside this zone (decompose_changes).
 *  Not for commanders (their stand has no front a rule uses: "Commanders
 *  are always in the manoeuvre zone"), nor for guns under
 *  readings.guns_wheel_pivot ("Artillery can wheel or pivot": a gun
 *  turns round by wheels and pivots, which this zone does not count). */
static bool
manoeuvre_about (const game_t *g, int u, double f0, double f1)
{
    if (is_commander (g, u)
        || (is_artillery (g, u) && tables (g)->guns_wheel_pivot))
        return false;
    return geom_turn_deg (f0, f1)
           >= 180 - (tables (g)->wheel_deg + TURN_MIN_DEG);
}

/*  Plans remembered, by the game's state key, the unit and the order's
 *  way.  A move is planned when its order is given, again when the move
 *  phase checks it and again as it is made, with nothing moved between
 *  the last two: the zone and the way weigh every enemy near it, most of
 *  a move phase's time.  Per thread, as the priority targets' memo. */
#define PLAN_MEMO_BITS 6
typedef struct {
    uint64_t key;
    int unit;             /* the unit plus one; 0: empty */
    bool has_to, has_facing;
    vec2_t to;
    double facing;
    int rc;
    bol_plan_t plan;
    char err[SOLO_ERR_MAX];
} plan_memo_t;
static _Thread_local plan_memo_t plan_memo[1 << PLAN_MEMO_BITS];

static bool
plan_memo_holds (const plan_memo_t *m, uint64_t key, int u, const order_t *o)
{
    return m->key == key && m->unit == u + 1 && m->has_to == o->has_to
        && m->has_facing == o->has_facing
        && (!o->has_to || (m->to.x == o->to.x && m->to.y == o->to.y))
        && (!o->has_facing || m->facing == o->facing);
}

static int plan_afresh (const game_t *g, int u, const order_t *o,
                        uint64_t key, bol_plan_t *p, char *err, int errlen);

int
bol_move_plan (const game_t *g, int u, const order_t *o, bol_plan_t *p,
               char *err, int errlen)
{
    uint64_t key = game_state_key (g);
    plan_memo_t *m = &plan_memo[bol_memo_slot (key, u, PLAN_MEMO_BITS)];
    if (!plan_memo_holds (m, key, u, o)) {
        *m = (plan_memo_t) { .key = key, .unit = u + 1, .has_to = o->has_to,
                             .has_facing = o->has_facing, .to = o->to,
                             .facing = o->facing };
        m->rc = plan_afresh (g, u, o, key, &m->plan, m->err, sizeof m->err);
    }
    *p = m->plan;
    if (m->rc < 0 && err)
        snprintf (err, (size_t) errlen, "%s", m->err);
    return m->rc;
}

/*  bol_move_plan worked out, the game's state key `key`. */
static int
plan_afresh (const game_t *g, int u, const order_t *o, uint64_t key,
             bol_plan_t *p, char *err, int errlen)
{
    const unit_t *x = game_unit_c (g, u);
    *p = (bol_plan_t) { .controller = -1 };
    p->zone = bol_zone_keyed (g, u, key);
    vec2_t from = x->fp.centre;
    double dist = o->has_to ? geom_dist (from, o->to) : 0;
    p->moving = dist > 0.05 && p->zone != BOL_ZONE_LOCKED;
    p->heading = p->moving ? geom_bearing (from, o->to) : x->fp.facing;
    p->length = p->moving ? geom_min (dist, bol_normal_allowance (g, u)) : 0;
    p->end_facing = geom_norm_deg (o->has_facing ? o->facing : p->heading);
    /* seed 000's movement options name their own checks, and no zone */
    p->free = tables (g)->house.options_free_of_zones
           && p->zone != BOL_ZONE_LOCKED;
    char why[160];
    const char *no = decompose (g, u, x->fp.facing, p, why, sizeof why);
    if (!is_commander (g, u) && p->zone != BOL_ZONE_LOCKED && !p->free
        && way_zone (g, u, p, err, errlen) < 0)
        return -1;
    if (p->zone == BOL_ZONE_MANOEUVRE || p->free) {
        /* "move in any direction they want": no changes to count but an
           about face (manoeuvre_about), which asks no check here */
        p->n_before = 0;
        p->after = (bol_change_t) { .kind = BOL_TURN_NONE };
        p->move_facing = p->heading;
        if (manoeuvre_about (g, u, x->fp.facing, p->end_facing))
            p->before[p->n_before++] = change (g, u, BOL_TURN_ABOUT, 180,
                                               p->end_facing, false);
        return 0;
    }
    if (no) {
        if (err)
            snprintf (err, (size_t) errlen, "%s: in the %s %s", x->id,
                      bol_zone_name (p->zone), no);
        return -1;
    }
    return 0;
}

/*  The allowance of unit u's move of `length` along `heading`, facing
 *  `facing` as it goes, when it would go `normal` in the open ("3 TUM
 *  for charge moves or moving in difficult"; "If any part of a unit is
 *  in difficult terrain the entire unit is considered in difficult
 *  terrain"): `normal`; 3 TUM when any part of it stands in difficult
 *  terrain; when a step of its way first touches difficult terrain, 3
 *  TUM, or under readings.difficult_path "edge" the open ground before
 *  it when that is longer (it goes up to the edge and stops).  Never
 *  more than `normal`. */
static double
allowance_on_way (const game_t *g, int u, double heading, double length,
                  double facing, double normal)
{
    const bol_tables_t *t = tables (g);
    const footprint_t *fp = &game_unit_c (g, u)->fp;
    double hard = geom_min (normal, bol_cm (g, t->difficult_tum));
    if (bol_in_difficult (g, fp))
        return hard;
    double most = geom_min (length, normal);
    /* every step is the start turned to `facing` and moved along */
    footprint_t start = along (fp, heading, 0, facing);
    footprint_t end = along (fp, heading, most, facing);
    if (!bol_may_meet_difficult (g, &start, &end))
        return normal;                  /* no difficult ground near the way */
    /* the steps up to `known` are clear by their bounds alone: they
       need no closer look */
    vec2_t way = geom_heading_vec (heading);
    double known = -1;
    for (double s = STEP_CM, clear = 0;; s += STEP_CM) {
        double at = geom_min (s, most);
        if (at <= known) {
            clear = at;
            if (at >= most)
                return normal;
            continue;
        }
        footprint_t f = along (fp, heading, at, facing);
        if (bol_in_difficult (g, &f)) {
            if (t->difficult_path == BOL_DIFFICULT_WHOLE)
                return hard;
            /* where between the last clear step and this one it meets
               the edge */
            double lo = clear, hi = at;
            for (int i = 0; i < EDGE_HALVINGS; i++) {
                double mid = (lo + hi) / 2;
                footprint_t m = along (fp, heading, mid, facing);
                if (bol_in_difficult (g, &m))
                    hi = mid;
                else
                    lo = mid;
            }
            return geom_max (hard, lo);
        }
        known = at + bol_difficult_clear_run (g, &f, way);
        clear = at;
        if (at >= most)
            return normal;
    }
}

/*  allowance_on_way of a move of unit u by Step 2.1, its normal
 *  allowance in the open. */
static double
way_allowance (const game_t *g, int u, double heading, double length,
               double facing)
{
    return allowance_on_way (g, u, heading, length, facing,
                             bol_normal_allowance (g, u));
}

int
bol_passage_partner (const game_t *g, int u, vec2_t to)
{
    const unit_t *x = game_unit_c (g, u);
    if (x->arm != ARM_INFANTRY || x->formation != FORMATION_LINE)
        return -1;
    for (int k = 0; k < game_unit_count (g); k++) {
        const unit_t *y = game_unit_c (g, k);
        if (k == u || !bol_in_play (g, k) || y->side != x->side
            || y->arm != ARM_INFANTRY || y->formation != FORMATION_LINE
            || !footprint_contains (&y->fp, to)
            || (state_c (g, k)->flags & BOL_F_PASSED))
            continue;
        /* "one behind the other": y where "a unit is assumed to be
           located", its front centre, in u's front or rear arc */
        arc_t arc = bol_arc_at (&x->fp, bol_front_centre (&y->fp), 45);
        if (arc != ARC_FLANK
            && situation_unit_distance (game_situation (g), u, k)
                   <= bol_cm (g, tables (g)->passage_tum) + 1e-6)
            return k;
    }
    return -1;
}

/*  The words of change c: "wheel 30 degrees", "about face". */
static const char *
change_words (const bol_change_t *c, char *buf, int len)
{
    if (c->kind == BOL_TURN_ABOUT)
        snprintf (buf, (size_t) len, "about face");
    else
        snprintf (buf, (size_t) len, "%s %.0f degrees",
                  c->kind == BOL_TURN_WHEEL ? "wheel"
                  : c->kind == BOL_TURN_PIVOT ? "pivot"
                  : "advance on the oblique", c->deg);
    return buf;
}

/*  May unit u stand as `to`, wheeled there from where it stands (a
 *  wheel moves it, as a step of a move does): not off the table nor
 *  beyond impassable terrain (its centre's way there), not a gun onto a
 *  stream no road crosses, not onto a unit (blocked). */
static bool
wheel_room (const game_t *g, int u, const footprint_t *to)
{
    const footprint_t *fp = &game_unit_c (g, u)->fp;
    double d = geom_dist (fp->centre, to->centre);
    if (d > 1e-9) {
        vec2_t reach = situation_move_towards (game_situation (g), fp->centre,
                                               geom_bearing (fp->centre,
                                                             to->centre), d);
        if (geom_dist (reach, to->centre) > 1e-6)
            return false;
    }
    return !gun_barred (g, u, to->centre)
        && !blocked (g, u, fp, to, false, false, -1, NULL, 0);
}

/*  Make change c of unit u, `*spent` of its `allowance` gone before it:
 *  a wheel turned about its inner front corner (wheel_about_corner: "A
 *  Wheel is up to 45°"), a pivot and an about face on its centre ("A
 *  Pivot on the centre"), an oblique keeping its facing; an about
 *  face's moved marker placed ("Units that about face cannot shoot or
 *  charge (place a moved marker)"), its cost added to *spent.  Not made
 *  when its cost would go beyond the allowance, when the wheel has no
 *  room (wheel_room), or its command check fails: "A command check
 *  is required for ... each time any unit does a change direction", one
 *  check a change.  True when made. */
static bool
make_change (game_t *g, int u, const bol_change_t *c, double *spent,
             double allowance, dice_t *dice)
{
    unit_t *x = game_unit_m (g, u);
    char words[64];
    change_words (c, words, sizeof words);
    if (*spent + c->cost_cm > allowance + 1e-6) {
        if (game_events_on (g))
            game_event (g, GAME_EVENT_MOVE, u, "%s cannot %s: it costs %.1f "
                        "cm, and %.1f cm of its allowance is left", x->id,
                        words, c->cost_cm, geom_max (0, allowance - *spent));
        return false;
    }
    footprint_t to = x->fp;
    if (c->kind == BOL_TURN_WHEEL)
        to = wheel_about_corner (&x->fp, signed_turn (x->fp.facing,
                                                      c->facing));
    to.facing = c->facing;
    if (c->kind == BOL_TURN_WHEEL && !wheel_room (g, u, &to)) {
        if (game_events_on (g))
            game_event (g, GAME_EVENT_MOVE, u, "%s cannot %s: something is "
                        "in its way", x->id, words);
        return false;
    }
    if (c->check && !bol_command_check (g, u, dice, words)) {
        if (game_events_on (g))
            game_event (g, GAME_EVENT_MOVE, u, "%s does not %s, and its "
                        "move ends", x->id, words);
        return false;
    }
    x->fp = to;
    if (c->kind == BOL_TURN_ABOUT)
        state_m (g, u)->flags |= BOL_F_MOVED;
    *spent += c->cost_cm;
    return true;
}

/*  The zone of unit u's passage of lines with line k: the worst of
 *  where u stands and of its way to k's place, its facing kept ("Always
 *  use the worst movement zone the unit tries to move through in a game
 *  turn"; way_zone).  Only the zone is asked: the control zone's limits
 *  are on a move straight ahead, which a passage does not make. */
static bol_zone_t
passage_zone (const game_t *g, int u, int k)
{
    const unit_t *x = game_unit_c (g, u);
    vec2_t to = game_unit_c (g, k)->fp.centre;
    bol_plan_t p = { .controller = -1, .zone = bol_zone (g, u) };
    p.length = geom_dist (x->fp.centre, to);
    p.moving = p.length > 0.05;
    p.heading = p.moving ? geom_bearing (x->fp.centre, to) : x->fp.facing;
    p.move_facing = x->fp.facing;
    if (p.zone < BOL_ZONE_LOCKED)
        way_zone (g, u, &p, NULL, 0);
    return p.zone;
}

/*  How far a unit standing as `fp` may go along `heading` in the
 *  manoeuvre zone and end facing `facing`: "move in any direction they
 *  want during their move as long as the centre of the front of the unit
 *  is within movement allowance of its original position", its front's
 *  centre `front_at_start` when its move began (before any change of
 *  formation), the allowance `allowance`.  The longest length L >= 0
 *  with |centre + L ahead + (depth / 2) facing - front_at_start| no more
 *  than `allowance`; 0 when no length is (its turn or formation alone
 *  takes its front that far: it turns where it stands). */
static double
front_centre_reach (const footprint_t *fp, double heading, double facing,
                    vec2_t front_at_start, double allowance)
{
    vec2_t way = geom_heading_vec (heading);
    footprint_t turned = *fp;
    turned.facing = facing;
    vec2_t front = bol_front_centre (&turned);
    vec2_t v = { front.x - front_at_start.x, front.y - front_at_start.y };
    double b = way.x * v.x + way.y * v.y;
    double room = b * b - (v.x * v.x + v.y * v.y) + allowance * allowance;
    return room < 0 ? 0 : geom_max (0, -b + sqrt (room));
}

static void
bol_move_order_alone (game_t *g, int u, const order_t *o, dice_t *dice)
{
    if (o->has_to && !o->has_formation) {
        int k = bol_passage_partner (g, u, o->to);
        if (k >= 0 && bol_in_contact (g, k)) {
            /* the locked zone holds the other line where it stands (the
               order's check refuses this passage: bol_engine.c) */
            if (game_events_on (g))
                game_event (g, GAME_EVENT_MOVE, u, "%s stands: %s is in "
                            "contact with the enemy, so no passage of "
                            "lines", game_unit_c (g, u)->id,
                            game_unit_c (g, k)->id);
            return;
        }
        /* "A unit can wheel, pivot, about face, oblique or conduct a
           passage of lines"; in the threat zone "A command check is
           required for ... each time any unit does a change direction
           (except a wheel as first change direction)": failed, the
           passage is not made and the unit's move ends, as for any
           change (RULINGS.md) */
        if (k >= 0 && passage_zone (g, u, k) >= BOL_ZONE_THREAT
            && !bol_command_check (g, u, dice, "conduct a passage of "
                                   "lines")) {
            if (game_events_on (g))
                game_event (g, GAME_EVENT_MOVE, u, "%s does not conduct a "
                            "passage of lines with %s, and its move ends",
                            game_unit_c (g, u)->id, game_unit_c (g, k)->id);
            return;
        }
        if (k >= 0) {
            /* "no move straight ahead or second change direction is
               allowed": the two swap places, each keeping its facing */
            unit_t *x = game_unit_m (g, u), *y = game_unit_m (g, k);
            vec2_t c = x->fp.centre;
            x->fp.centre = y->fp.centre;
            y->fp.centre = c;
            state_m (g, u)->flags |= BOL_F_PASSED;
            state_m (g, k)->flags |= BOL_F_PASSED;
            game_unit_mut (g, u)->moved_halves = 2;
            game_unit_mut (g, k)->moved_halves = 2;
            if (game_events_on (g))
                game_event (g, GAME_EVENT_MOVE, u, "passage of lines: %s and "
                            "%s swap places", x->id, y->id);
            return;
        }
    }
    unit_t *x = game_unit_m (g, u);
    bol_unit_state_t *st = state_m (g, u);
    const bol_tables_t *t = tables (g);
    bol_zone_t zone = bol_zone (g, u);
    bool events = game_events_on (g);
    if (st->house & BOL_H_LEADER_TRIED) {
        /* seed 000: "Leader that attempted to rally this turn: No
           movement" */
        if (events)
            game_event (g, GAME_EVENT_MOVE, u, "%s stays: he attempted to "
                        "rally a unit this turn", x->id);
        return;
    }
    /* the formation change first.  Guns: "In a game turn deployed
       artillery can either move and limber or move and shoot": a
       deployed gun told to move in limbered order (the order's
       formation "limbered") limbers and does not shoot; told nothing,
       or "deployed", it moves deployed and keeps its shot (RULINGS.md).
       "Limbered artillery can move, and optionally deploy at the end":
       told "deployed", a limbered gun deploys, and does not shoot this
       turn */
    bool moves = o->has_to && geom_dist (o->to, x->fp.centre) > 0.05
              && zone != BOL_ZONE_LOCKED;
    formation_t want = o->has_formation ? o->formation : x->formation;
    formation_t before = want, after = want;
    /* seed 000: deployed guns "can, if deployed, move 2 inches and shoot
       in the same turn": a short move leaves them deployed, a longer one
       limbers first and deploys at the end */
    double gun_step = bol_cm (g, t->house.guns_move_and_shoot);
    bool short_move = t->house.guns_move_and_shoot > 0 && moves
                   && x->formation == FORMATION_LINE && want == FORMATION_LINE
                   && geom_dist (o->to, x->fp.centre) <= gun_step + 0.05;
    /* a deployed gun limbers only to move: if the move comes to nothing
       (friends in the way, an enemy too near) it never limbered and keeps
       its shot, so its "limbers" is said with the move */
    bool gun_limbers = t->house.guns_move_and_shoot > 0
                    && is_artillery (g, u) && moves && !short_move;
    bool limber_to_move = gun_limbers && x->formation == FORMATION_LINE;
    int16_t flags_at_start = st->flags, house_at_start = st->house;
    vec2_t front_at_start = bol_front_centre (&x->fp);
    if (gun_limbers) {
        before = FORMATION_COLUMN;
        if (limber_to_move)
            st->house |= BOL_H_LIMBERED_TO_MOVE;
    }
    bool stuck = false;
    if (before != x->formation) {
        bool ok = true;
        if (zone >= BOL_ZONE_THREAT && (st->flags & BOL_F_SHOOTING)
            && !t->house.options_free_of_zones)
            ok = bol_command_check (g, u, dice, "change formation (a "
                                    "shooting unit in the threat zone)");
        if (ok) {
            if (is_artillery (g, u))
                st->flags |= BOL_F_LIMBERED;
            if (events && !limber_to_move)
                game_event (g, GAME_EVENT_MOVE, u, "%s %s", x->id,
                            is_artillery (g, u)
                            ? (before == FORMATION_LINE ? "deploys" : "limbers")
                            : before == FORMATION_SQUARE ? "forms square"
                            : before == FORMATION_LINE ? "forms line"
                            : before == FORMATION_MARCH ? "forms march"
                            : "forms column");
            reshape (g, u, before);
        }
        else {
            after = x->formation;
            stuck = is_artillery (g, u);   /* guns not limbered stay */
        }
    }
    vec2_t from = x->fp.centre;
    order_t way = *o;
    way.has_to = o->has_to && !stuck;
    bol_plan_t p;
    char err[SOLO_ERR_MAX];
    double moved = 0;
    bool turned = false;
    if (bol_move_plan (g, u, &way, &p, err, sizeof err) < 0) {
        /* its new formation made the move one it cannot make */
        if (events)
            game_event (g, GAME_EVENT_MOVE, u, "%s stands: %s", x->id, err);
    }
    else if (p.zone == BOL_ZONE_MANOEUVRE || p.free) {
        /* "move in any direction ... as long as the centre of the front of
           the unit is within movement allowance of its original
           position"; an about face (manoeuvre_about) "reduces the
           movement allowance" and places a moved marker */
        double about = p.n_before > 0 ? p.before[0].cost_cm : 0;
        double allowance = p.moving
                           ? geom_max (0, way_allowance (g, u, p.heading,
                                                         p.length, p.heading)
                                          - about)
                           : 0;
        double most = is_commander (g, u)
                    ? allowance
                    : front_centre_reach (&x->fp, p.heading, p.end_facing,
                                          front_at_start, allowance);
        moved = p.moving && most > 0
              ? walk (g, u, p.heading, geom_min (p.length, most), p.heading,
                      false, -1)
              : 0;
        turned = geom_turn_deg (x->fp.facing, p.end_facing) > TURN_MIN_DEG;
        x->fp.facing = p.end_facing;
        if (p.n_before > 0) {
            st->flags |= BOL_F_MOVED;
            if (events)
                game_event (g, GAME_EVENT_MOVE, u, "%s about faces: a moved "
                            "marker (\"Units that about face cannot shoot or "
                            "charge\")", x->id);
        }
    }
    else {
        /* the first change of direction (an about face and a wheel), the
           move straight ahead, the second change; a change not made ends
           the move (RULINGS.md) */
        double allowance = p.moving ? way_allowance (g, u, p.heading,
                                                     p.length,
                                                     p.move_facing)
                                    : bol_move_allowance (g, u);
        double spent = 0;
        bool going = true;
        vec2_t at = x->fp.centre;
        for (int i = 0; i < p.n_before && going; i++)
            going = make_change (g, u, &p.before[i], &spent, allowance, dice);
        turned = going && p.n_before > 0;
        if (going && p.moving) {
            /* a wheel about a front corner carries the unit forward: the
               move straight ahead goes the rest of the way the order
               asks, no further */
            vec2_t way = geom_heading_vec (p.heading);
            double done = (x->fp.centre.x - at.x) * way.x
                        + (x->fp.centre.y - at.y) * way.y;
            double length = geom_min (geom_max (0, p.length - done),
                                      geom_max (0, allowance - spent));
            if (p.after.kind != BOL_TURN_NONE
                && spent + length + p.after.cost_cm > allowance + 1e-6)
                length = geom_max (0, allowance - spent - p.after.cost_cm);
            moved = length > 0 ? walk (g, u, p.heading, length,
                                       p.move_facing, false, -1) : 0;
            spent += moved;
        }
        if (going && p.after.kind != BOL_TURN_NONE)
            turned = make_change (g, u, &p.after, &spent, allowance, dice)
                  || turned;
    }
    if (events && moved > 0.01 && limber_to_move)
        game_event (g, GAME_EVENT_MOVE, u, "%s limbers", x->id);
    if (events && moved > 0.01)
        game_event (g, GAME_EVENT_MOVE, u, "%s moves %.1f cm to (%.1f, "
                    "%.1f), facing %.0f (%s)%s", x->id, moved,
                    x->fp.centre.x, x->fp.centre.y, x->fp.facing,
                    bol_zone_name (p.zone),
                    moved + 0.05 < geom_dist (from, o->to)
                    ? ", as far as it may" : "");
    else if (events && turned)
        game_event (g, GAME_EVENT_MOVE, u, "%s turns to face %.0f",
                    x->id, x->fp.facing);
    if (limber_to_move && after == FORMATION_LINE
        && geom_dist (from, x->fp.centre) <= 0.01) {
        /* the gun did not move: it stays deployed, as it began */
        reshape (g, u, FORMATION_LINE);
        st->flags = (int16_t) ((st->flags & ~BOL_F_LIMBERED)
                               | (flags_at_start & BOL_F_LIMBERED));
        st->house = (int16_t) ((st->house & ~BOL_H_LIMBERED_TO_MOVE)
                               | (house_at_start & BOL_H_LIMBERED_TO_MOVE));
    }
    if (after != x->formation) {
        reshape (g, u, after);
        /* seed 000's guns "can deploy and shoot in the same turn", unless
           they limbered to move further than they may and shoot */
        bool shoots = t->house.guns_deploy_and_shoot
                   && !(st->house & BOL_H_LIMBERED_TO_MOVE);
        if (events)
            game_event (g, GAME_EVENT_MOVE, u, "%s deploys%s", x->id,
                        shoots ? "" : " (it cannot shoot this turn)");
    }
    if (geom_dist (from, x->fp.centre) > 0.01)
        game_unit_mut (g, u)->moved_halves = 2;
}

/*  The arc of `target` whose face a charge by unit u contacts, from
 *  where u stands: the arc its front centre is in (bol_arc_of: "Otherwise
 *  a unit is assumed to be located at the front centre of the unit"; a
 *  square all front), but the
 *  rear only when every corner of u is in the rear arc ("A charge must
 *  be entirely to-rear to contact to-rear"); a charger partly to-flank
 *  meets the flank.  (Behind-flank is the flank's face; whether a
 *  charger is entirely behind-flank is asked of its corners in the
 *  melee, bol_melee.c.) */
static arc_t
charge_arc (const game_t *g, int target, int u)
{
    arc_t a = bol_arc_of (g, target, u);
    if (a != ARC_REAR)
        return a;
    const footprint_t *tf = &game_unit_c (g, target)->fp;
    vec2_t c[4];
    footprint_corners (&game_unit_c (g, u)->fp, c);
    for (int i = 0; i < 4; i++)
        if (footprint_arc (tf, c[i], 45, 45) != ARC_REAR)
            return ARC_FLANK;
    return ARC_REAR;
}

/*  The face of `target` a charge by unit u meets (charge_arc, from where
 *  u's front centre stands): its outward bearing, returned; the distance
 *  from the target's centre to it in *off, half its length in *half_len,
 *  the charge's arc in *arc, and whether the face is a flank (its length
 *  the target's depth) in *flank (may be NULL).  A square's ("Squares have no flank or
 *  rear": every side a front) is the side u's front centre stands
 *  before. */
static double
charge_face (const game_t *g, int u, int target, double *off,
             double *half_len, arc_t *arc, bool *flank)
{
    const unit_t *t = game_unit_c (g, target);
    vec2_t from = bol_front_centre (&game_unit_c (g, u)->fp);
    *arc = charge_arc (g, target, u);
    arc_t side = *arc;
    if (t->arm == ARM_INFANTRY && t->formation == FORMATION_SQUARE)
        side = bol_arc_at (&t->fp, from, 45);
    if (flank)
        *flank = side == ARC_FLANK;
    *half_len = (side == ARC_FLANK ? t->fp.depth : t->fp.width) / 2;
    return footprint_face_out (&t->fp, side, from, off);
}

/*  Where along the face of `t` that a charger `x` meets (its outward
 *  bearing `out`, `len` long, its stands `pitch` apart along it) the
 *  charger's front centre goes, as a distance from the face's centre
 *  (positive to the left of one looking out through it): seed 000's
 *  "Edge to edge contact and stands lined up" under its stand layouts
 *  (stand_width_cm).  A charger narrower than the face stays wholly on
 *  it, wider covers it all; of the places where an edge of its front is
 *  on a boundary between the face's stands, the nearest to straight
 *  before it (the least oblique; nearer the centre on a tie).  0, the
 *  face's centre, with no layouts or no pitch. */
static double
contact_slide (const unit_t *x, const unit_t *t, double out, double len,
               double pitch)
{
    if (pitch <= 0)
        return 0;
    vec2_t n = geom_heading_vec (out);
    vec2_t left = { -n.y, n.x };
    double s0 = (x->fp.centre.x - t->fp.centre.x) * left.x
              + (x->fp.centre.y - t->fp.centre.y) * left.y;
    double room = fabs (len - x->fp.width) / 2;
    /* the places with one edge or the other on a boundary: -room and
       room each with whole pitches added; of each set the one nearest
       s0 within the room */
    double near[2];
    for (int k = 0; k < 2; k++) {
        double base = k == 0 ? -room : room;
        double s = base + round ((s0 - base) / pitch) * pitch;
        while (s > room + 1e-6)
            s -= pitch;
        while (s < -room - 1e-6)
            s += pitch;
        near[k] = s;
    }
    double d0 = fabs (near[0] - s0), d1 = fabs (near[1] - s0);
    bool second = d1 < d0 - 1e-6
               || (d1 < d0 + 1e-6 && fabs (near[1]) < fabs (near[0]));
    return second ? near[1] : near[0];
}

vec2_t
bol_contact_point (const game_t *g, int u, int target, double *distance,
                   arc_t *arc, double *facing)
{
    const unit_t *x = game_unit_c (g, u), *t = game_unit_c (g, target);
    const bol_house_t *h = &tables (g)->house;
    double half, half_len;
    arc_t a;
    bool flank;
    double out = charge_face (g, u, target, &half, &half_len, &a, &flank);
    double slide = t->arm == ARM_COMMAND ? 0
                 : contact_slide (x, t, out, 2 * half_len,
                                  flank ? h->stand_depth_cm
                                        : h->stand_width_cm);
    vec2_t n = geom_heading_vec (out);
    double off = half + x->fp.depth / 2;
    vec2_t at = { t->fp.centre.x + n.x * off - n.y * slide,
                  t->fp.centre.y + n.y * off + n.x * slide };
    if (distance)
        *distance = geom_dist (x->fp.centre, at);
    if (arc)
        *arc = a;
    if (facing)
        *facing = geom_norm_deg (out + 180);
    return at;
}

double
bol_charge_reach (const game_t *g, int u)
{
    const bol_tables_t *t = tables (g);
    return t->house.charge_full_move ? bol_move_allowance (g, u)
                                     : bol_cm (g, t->charge_tum);
}

/*  How far footprint `a` goes straight ahead before its front meets
 *  footprint `b`: the nearest part of b within the lane a's frontage
 *  makes straight ahead (by more than LANE_MIN_CM), less the depth of
 *  a's front; -1 when no part of b is in the lane or b is not ahead of
 *  a's front. */
#define LANE_MIN_CM 0.01
static double
ahead_to_meet (const footprint_t *a, const footprint_t *b)
{
    vec2_t ahead = geom_heading_vec (a->facing);
    vec2_t right = { ahead.y, -ahead.x };
    vec2_t c[4];
    footprint_corners (b, c);
    double across[4], on[4];
    for (int i = 0; i < 4; i++) {
        vec2_t d = { c[i].x - a->centre.x, c[i].y - a->centre.y };
        across[i] = d.x * right.x + d.y * right.y;
        on[i] = d.x * ahead.x + d.y * ahead.y;
    }
    /* the least `on` of b cut to the lane: its corners in the lane and
       where its edges cross the lane's sides */
    double half = a->width / 2 - LANE_MIN_CM, best = INFINITY;
    for (int i = 0; i < 4; i++) {
        int j = (i + 1) % 4;
        if (fabs (across[i]) <= half)
            best = geom_min (best, on[i]);
        for (int side = -1; side <= 1; side += 2) {
            double s = side * half;
            if ((across[i] - s) * (across[j] - s) < 0) {
                double k = (s - across[i]) / (across[j] - across[i]);
                best = geom_min (best, on[i] + k * (on[j] - on[i]));
            }
        }
    }
    double go = best - a->depth / 2;
    return isfinite (go) && go > -BOL_CONTACT_CM ? geom_max (0, go) : -1;
}

/*  The steps a charge's wheel is looked for in (degrees). */
#define CHARGE_WHEEL_STEP_DEG 0.5

/*  The way unit u's charge on `target` goes: the least wheel at its
 *  start, up to `most` degrees either way, after which part of the
 *  target lies in the lane its frontage makes straight ahead (the wheel
 *  about its inner front corner, "the distance of the unit's corner
 *  that moves most is counted"), in *wheel (unsigned), and how far its
 *  front then goes straight ahead to meet it in *ahead; its footprint
 *  after the wheel in *wheeled (may be NULL).  False when no such wheel
 *  brings it into the lane. */
static bool
charge_way (const game_t *g, int u, int target, double most, double *wheel,
            double *ahead, footprint_t *wheeled)
{
    const footprint_t *fp = &game_unit_c (g, u)->fp;
    const footprint_t *tf = &game_unit_c (g, target)->fp;
    for (double k = 0; k <= most + 1e-9; k += CHARGE_WHEEL_STEP_DEG)
        for (int side = 1; side >= (k > 0 ? -1 : 1); side -= 2) {
            /* the inner front corner stays where it is */
            footprint_t at = wheel_about_corner (fp, side * k);
            double go = ahead_to_meet (&at, tf);
            if (go >= 0) {
                *wheel = k;
                *ahead = go;
                if (wheeled)
                    *wheeled = at;
                return true;
            }
        }
    return false;
}

/*  Seed 000's charge ("A charge can be an oblique move but cannot
 *  include a change of facing"): straight at the point of contact
 *  (bol_contact_point), at most a wheel's angle off the charger's front
 *  and turning it no more than charge_facing_deg to meet the target,
 *  within its reach; the rest of charge_check. */
static int
house_charge_way (const game_t *g, int u, int target, char *err,
                  int errlen, bool mind_reach)
{
    const unit_t *x = game_unit_c (g, u);
    const bol_tables_t *t = tables (g);
    double distance, meet;
    vec2_t at = bol_contact_point (g, u, target, &distance, NULL, &meet);
    double wheel = distance > 0.05
                 ? geom_turn_deg (x->fp.facing, geom_bearing (x->fp.centre, at))
                 : 0;
    if (wheel > t->wheel_deg + 1) {
        if (err)
            snprintf (err, (size_t) errlen, "%s: %s lies %.0f degrees off "
                      "its front (a charge may wheel %.0f)", x->id,
                      game_unit_c (g, target)->id, wheel, t->wheel_deg);
        return -1;
    }
    if (distance > 0.05
        && geom_turn_deg (x->fp.facing, meet) > t->house.charge_facing_deg) {
        if (err)
            snprintf (err, (size_t) errlen, "%s: it would turn %.0f degrees "
                      "to meet %s (\"A charge can be an oblique move but "
                      "cannot include a change of facing\")", x->id,
                      geom_turn_deg (x->fp.facing, meet),
                      game_unit_c (g, target)->id);
        return -1;
    }
    double reach = bol_charge_reach (g, u);
    if (mind_reach && distance > reach + 0.05) {
        if (err) {
            char a[48], b[48];
            ruleset_length_text (game_ruleset (g), distance, a, sizeof a);
            ruleset_length_text (game_ruleset (g), reach, b, sizeof b);
            snprintf (err, (size_t) errlen, "%s: %s is %s away, beyond a "
                      "charge (%s)", x->id, game_unit_c (g, target)->id, a,
                      b);
        }
        return -1;
    }
    return 0;
}

/*  bol_charge_check, the distance asked or not (`mind_reach`). */
static int
charge_check (const game_t *g, int u, int target, char *err, int errlen,
              bool mind_reach)
{
    const unit_t *x = game_unit_c (g, u);
    const bol_tables_t *t = tables (g);
    int flags = state_c (g, u)->flags;
    const char *no = NULL;
    if (is_commander (g, u))
        no = "commanders only charge with an attached unit";
    else if (is_artillery (g, u))
        no = "guns do not charge";
    else if (x->formation == FORMATION_SQUARE)
        no = "a square does not charge";
    else if (flags & BOL_F_SHOOTING)
        no = "it has a shooting marker (\"Shooting units cannot charge\")";
    else if (flags & BOL_F_MOVED)
        no = "it has a moved marker";
    else if (bol_in_contact (g, u))
        no = "it is in the locked zone";
    if (!no)
        no = bol_house_no_charge (g, u);
    if (no) {
        if (err)
            snprintf (err, (size_t) errlen, "%s: no charge: %s", x->id, no);
        return -1;
    }
    if (target < 0 || target >= game_unit_count (g)
        || !is_enemy (g, u, target)) {
        if (err)
            snprintf (err, (size_t) errlen, "%s: no enemy unit to charge",
                      x->id);
        return -1;
    }
    if (!t->house.infantry_charge_cavalry && x->arm == ARM_INFANTRY
        && is_cavalry (g, target)) {
        if (err)
            snprintf (err, (size_t) errlen, "%s: no charge: \"Infantry "
                      "cannot charge cavalry\"", x->id);
        return -1;
    }
    if (state_c (g, u)->house & BOL_H_FIRE_HIT) {
        if (err)
            snprintf (err, (size_t) errlen, "%s: no charge: it took "
                      "casualties in fire combat and failed its disorder "
                      "check", x->id);
        return -1;
    }
    if (t->house.charge_facing_deg > 0)
        return house_charge_way (g, u, target, err, errlen, mind_reach);
    /* "Charges are up to 3 TUM"; "The distance between two units is
       always measured between closest points"; "Chargers can wheel at
       the start but this must be the minimum possible to contact enemy";
       "Changes of direction are included in the movement allowance" */
    double reach = bol_charge_reach (g, u);
    double most = t->wheel_deg + TURN_MIN_DEG;
    double swing = hypot (x->fp.width, x->fp.depth) * most * GEOM_RAD_PER_DEG;
    if (mind_reach) {
        /* no wheel brings any point of it nearer than its swing: a far
           target is out of reach, its way not looked for */
        double limit = reach + swing + 1;
        double d = situation_unit_distance_within (game_situation (g), u,
                                                   target, limit);
        if (d - swing > reach + 0.05) {
            if (err) {
                char a[48], b[48];
                ruleset_length_text (game_ruleset (g), d, a, sizeof a);
                ruleset_length_text (game_ruleset (g), reach, b, sizeof b);
                snprintf (err, (size_t) errlen, "%s: %s is %s away, beyond a "
                          "charge (%s)", x->id, game_unit_c (g, target)->id,
                          a, b);
            }
            return -1;
        }
    }
    double wheel, ahead;
    if (!charge_way (g, u, target, most, &wheel, &ahead, NULL)) {
        if (err) {
            double off = charge_way (g, u, target, 180, &wheel, &ahead, NULL)
                       ? wheel
                       : geom_turn_deg (x->fp.facing,
                                       geom_bearing (x->fp.centre,
                                                     game_unit_c (g, target)
                                                     ->fp.centre));
            snprintf (err, (size_t) errlen, "%s: %s lies %.0f degrees off "
                      "its front (a charge may wheel %.0f)", x->id,
                      game_unit_c (g, target)->id, off, t->wheel_deg);
        }
        return -1;
    }
    double cost = wheel_cost (&x->fp, wheel) + ahead;
    if (mind_reach && cost > reach + 0.05) {
        if (err) {
            char a[48], b[48], c[48];
            ruleset_length_text (game_ruleset (g), cost, a, sizeof a);
            ruleset_length_text (game_ruleset (g), reach, b, sizeof b);
            ruleset_length_text (game_ruleset (g), ahead, c, sizeof c);
            if (wheel > TURN_MIN_DEG)
                snprintf (err, (size_t) errlen, "%s: %s is %s away (a wheel "
                          "of %.0f degrees and %s straight ahead), beyond a "
                          "charge (%s)", x->id, game_unit_c (g, target)->id,
                          a, wheel, c, b);
            else
                snprintf (err, (size_t) errlen, "%s: %s is %s away, beyond a "
                          "charge (%s)", x->id, game_unit_c (g, target)->id,
                          a, b);
        }
        return -1;
    }
    return 0;
}

int
bol_charge_check (const game_t *g, int u, int target, char *err, int errlen)
{
    return charge_check (g, u, target, err, errlen, true);
}

bool
bol_charge_out_of_reach (const game_t *g, int u, int target)
{
    return charge_check (g, u, target, NULL, 0, false) == 0
        && charge_check (g, u, target, NULL, 0, true) < 0;
}

/*  The charger of an evader that got away, or a pursuer whose charge's
 *  way is longer than its move: straight at the contact point it would
 *  have had, up to its charge reach and 0.5 cm short of it, stopped as
 *  any move is (walk: never onto another unit, nor into contact with an
 *  enemy).  It faces the way it goes; under seed 000's charge ("A charge
 *  can be an oblique move but cannot include a change of facing",
 *  charge_facing_deg) it keeps its facing. */
static double
bol_charge_short_alone (game_t *g, int u, int target)
{
    double distance;
    vec2_t at = bol_contact_point (g, u, target, &distance, NULL, NULL);
    double heading = geom_bearing (game_unit_c (g, u)->fp.centre, at);
    double facing = tables (g)->house.charge_facing_deg > 0
                  ? game_unit_c (g, u)->fp.facing : heading;
    double length = geom_min (bol_charge_reach (g, u), distance - 0.5);
    return length > 0 ? walk (g, u, heading, length, facing, false, -1) : 0;
}

/*  The charger that reached `target`: in contact, its charge and its
 *  opponent marked, said as an event (the face by `arc`).  `met` is its
 *  footprint as it touched, before it was squared up to the face: that
 *  it was then entirely behind-flank or to-rear of the target is marked
 *  (BOL_F_MET, BOL_F_BEHIND), for the melee's "Melee with enemy
 *  entirely behind-flank or to-rear reduces the melee dice to zero" to
 *  ask of the charge, not of the squaring up. */
static void
charge_contact (game_t *g, int u, int target, arc_t arc,
                const footprint_t *met)
{
    const unit_t *x = game_unit_c (g, u);
    game_unit_mut (g, u)->moved_halves = 2;
    bol_unit_state_t *st = state_m (g, u), *ts = state_m (g, target);
    st->flags = (int16_t) ((st->flags & ~BOL_F_BEHIND) | BOL_F_CHARGED
                           | BOL_F_MET);
    if (bol_entirely_behind_fp (g, target, met))
        st->flags |= BOL_F_BEHIND;
    st->opponent = (int16_t) (target + 1);
    if (!ts->opponent || !game_unit (g, target)->in_melee)
        ts->opponent = (int16_t) (u + 1);
    game_unit_mut (g, u)->in_melee = 1;
    game_unit_mut (g, target)->in_melee = 1;
    if (game_events_on (g))
        game_event (g, GAME_EVENT_MOVE, u, "%s charges %s in the %s: in "
                    "contact at (%.1f, %.1f)", x->id,
                    game_unit_c (g, target)->id,
                    arc == ARC_FRONT ? "front" : arc == ARC_REAR ? "rear"
                                                                 : "flank",
                    x->fp.centre.x, x->fp.centre.y);
}

/*  Said when unit u's charge on `target` is stopped `short_cm` short. */
static void
charge_stopped (game_t *g, int u, int target, double short_cm)
{
    if (game_events_on (g))
        game_event (g, GAME_EVENT_MOVE, u, "%s's charge on %s is stopped "
                    "%.1f cm short", game_unit_c (g, u)->id,
                    game_unit_c (g, target)->id, short_cm);
}

/*  Seed 000's charge ("A charge can be an oblique move but cannot
 *  include a change of facing"), and any charge no wheel of up to 45
 *  degrees brings into line (a feigned flight's, which no check asks):
 *  straight from the charger's centre to the contact point
 *  (bol_contact_point), facing as it stood all the way (what it meets on
 *  the way is met by its own footprint, not one turned to its path),
 *  placed there facing the target.  False when stopped short. */
static bool
charge_to_contact_point (game_t *g, int u, int target)
{
    unit_t *x = game_unit_m (g, u);
    double distance, facing;
    arc_t arc;
    vec2_t at = bol_contact_point (g, u, target, &distance, &arc, &facing);
    double heading = geom_bearing (x->fp.centre, at);
    double moved = walk (g, u, heading, distance, x->fp.facing, true, target);
    if (moved + 0.05 < distance) {
        charge_stopped (g, u, target, distance - moved);
        return false;
    }
    footprint_t met = x->fp;
    x->fp.centre = at;
    x->fp.facing = facing;
    charge_contact (g, u, target, arc, &met);
    return true;
}

/*  4 Page Bolivar's charge: "Chargers can wheel at the start but this
 *  must be the minimum possible to contact enemy; no other change
 *  direction is allowed": the least wheel and the move straight ahead
 *  into contact (charge_way, the way the reach counted, so no longer
 *  than "up to 3 TUM"), stopped short by anything in the way as a move
 *  is.  In contact, its front is lined up with the face it meets
 *  (charge_face; the project's reading of contact, RULINGS.md): turned
 *  square to it, its front centre kept where it is along the face, not
 *  slid to the face's centre, when that leaves its front over the face
 *  (by more than LANE_MIN_CM) and it on no other unit; otherwise it
 *  stays as it touched.  False when stopped short. */
static bool
host_charge_move (game_t *g, int u, int target)
{
    unit_t *x = game_unit_m (g, u);
    double wheel, ahead;
    footprint_t wheeled;
    if (!charge_way (g, u, target, tables (g)->wheel_deg + TURN_MIN_DEG,
                     &wheel, &ahead, &wheeled))
        return charge_to_contact_point (g, u, target);
    double off, half_len;
    arc_t arc;
    double out = charge_face (g, u, target, &off, &half_len, &arc, NULL);
    x->fp = wheeled;
    double moved = walk (g, u, wheeled.facing, ahead, wheeled.facing, true,
                         target);
    if (moved + 0.05 < ahead) {
        charge_stopped (g, u, target, ahead - moved);
        return false;
    }
    const footprint_t *tf = &game_unit_c (g, target)->fp;
    vec2_t n = geom_heading_vec (out);
    vec2_t mid = { tf->centre.x + n.x * off, tf->centre.y + n.y * off };
    vec2_t front = bol_front_centre (&x->fp);
    footprint_t square = x->fp;
    square.facing = geom_norm_deg (out + 180);
    vec2_t fwd = geom_heading_vec (square.facing);
    vec2_t right = { fwd.y, -fwd.x };
    double along = (front.x - mid.x) * right.x + (front.y - mid.y) * right.y;
    square.centre = (vec2_t) {
        mid.x + right.x * along + n.x * square.depth / 2,
        mid.y + right.y * along + n.y * square.depth / 2 };
    footprint_t met = x->fp;
    if (fabs (along) < half_len + square.width / 2 - LANE_MIN_CM
        && footprint_distance (&square, tf) < BOL_CONTACT_CM
        && !blocked (g, u, &x->fp, &square, false, true, target, NULL, 0))
        x->fp = square;
    charge_contact (g, u, target, arc, &met);
    return true;
}

/*  Unit u's charge on `target`, its commander not carried: seed 000's
 *  oblique charge when its charge_facing_deg is set, else the text's
 *  (host_charge_move).  False when stopped short. */
static bool
bol_charge_move_alone (game_t *g, int u, int target)
{
    if (tables (g)->house.charge_facing_deg > 0)
        return charge_to_contact_point (g, u, target);
    return host_charge_move (g, u, target);
}

/*  The turn unit u makes to evade: "The unit then moves directly away
 *  from charger, with full movement allowance, making an about face
 *  and/or wheel if necessary", "A Wheel is up to 45°".  `away` is the
 *  bearing directly away.  Under readings.evade_turn "nearest" the turns
 *  are a wheel of up to 45 degrees, an about face, or an about face and
 *  such a wheel: the wheel alone when away is no more than a quarter
 *  turn off its front (a tie goes to the wheel, which costs less and
 *  places no marker), else the about face and the wheel, each wheel
 *  going as far towards away as 45 degrees take it; the bearing the
 *  unit then faces and goes is returned (away itself when it is within
 *  reach of these turns).  Under "directly_away" it always faces away:
 *  the cheaper of a wheel as large as that takes and an about face with
 *  a wheel of what is left.  *cost is what the turn takes from the
 *  allowance (a wheel its outer rear corner's way, an about face its fixed
 *  amount), *about_faces whether it about faces. */
static double
evade_turn (const game_t *g, int u, double away, double *cost,
            bool *about_faces)
{
    const footprint_t *fp = &game_unit_c (g, u)->fp;
    double f0 = fp->facing, most = tables (g)->wheel_deg;
    double off = geom_turn_deg (f0, away);
    *cost = 0;
    *about_faces = false;
    if (off <= TURN_MIN_DEG)
        return away;
    if (tables (g)->evade_turn == BOL_EVADE_DIRECTLY_AWAY) {
        double wheel = wheel_cost (fp, off);
        double about = about_face_cost (g, u) + wheel_cost (fp, 180 - off);
        *about_faces = about < wheel;
        *cost = geom_min (wheel, about);
        return away;
    }
    /* the wheel's turn from its front, or from its rear after the about
       face, each cut to the wheel's 45 degrees */
    double from_front = signed_turn (f0, away);
    double from_rear = signed_turn (f0 + 180, away);
    *about_faces = fabs (from_rear) < fabs (from_front);
    double turn = *about_faces ? from_rear : from_front;
    bool cut = fabs (turn) > most + TURN_MIN_DEG;
    if (cut)
        turn = turn < 0 ? -most : most;
    *cost = wheel_cost (fp, fabs (turn))
          + (*about_faces ? about_face_cost (g, u) : 0);
    return cut ? geom_norm_deg (f0 + (*about_faces ? 180 : 0) + turn)
               : away;
}

/*  "The unit then moves directly away from charger, with full movement
 *  allowance, making an about face and/or wheel if necessary": away
 *  along the line from the charger's front centre through u's, where
 *  each is "assumed to be located", turned as evade_turn says (the
 *  nearest a wheel of up to 45 degrees and an about face turn it, under
 *  readings.evade_turn "nearest"), straight on the way it then faces.
 *  Its allowance along that way (difficult terrain on it counts), less,
 *  under readings.evade_turn_costs, what the turn costs ("An About Face
 *  is a 180° turn which reduces the movement allowance by 1 TUM for
 *  infantry and 3 TUM for others"; a wheel its corner's way).  When the
 *  turn is an about face, u takes a moved marker as any unit that about
 *  faces ("Units that about face cannot shoot or charge (place a moved
 *  marker)"); a wheel alone places none. */
static void
bol_evade_alone (game_t *g, int u, int charger)
{
    unit_t *x = game_unit_m (g, u);
    double away = geom_bearing (bol_front_centre (&game_unit_c (g, charger)
                                                  ->fp),
                                bol_front_centre (&x->fp));
    double turn_cost;
    bool about_faces;
    double way = evade_turn (g, u, away, &turn_cost, &about_faces);
    double cost = tables (g)->evade_turn_costs ? turn_cost : 0;
    if (about_faces) {
        state_m (g, u)->flags |= BOL_F_MOVED;
        if (game_events_on (g))
            game_event (g, GAME_EVENT_MOVE, u, "%s about faces to evade: a "
                        "moved marker (\"Units that about face cannot shoot "
                        "or charge\")", x->id);
    }
    double allowance = way_allowance (g, u, way, bol_normal_allowance (g, u),
                                      way);
    double length = geom_max (0, allowance - cost);
    double moved = length > 0 ? walk (g, u, way, length, way, false, -1)
                              : 0;
    x->fp.facing = way;
    if (game_events_on (g)) {
        char turn[64] = "", way_said[128] = "directly away";
        if (cost > 0.005)
            snprintf (turn, sizeof turn, " (turning away cost %.1f cm of its "
                      "%.1f cm)", cost, allowance);
        double off = geom_turn_deg (way, away);
        if (off > TURN_MIN_DEG)
            snprintf (way_said, sizeof way_said, "%.0f degrees off directly "
                      "away, as far as a wheel of up to %.0f degrees turns "
                      "it", off, tables (g)->wheel_deg);
        game_event (g, GAME_EVENT_MOVE, u, "%s evades %s: %.1f cm %s%s",
                    x->id, game_unit_c (g, charger)->id, moved, way_said,
                    turn);
    }
}

/*  Is an enemy in contact with u behind its flank or to its rear
 *  ("Enemy in contact behind-flank or to-rear prevent rally back")?
 *  The line says neither "any part" nor "entirely" (as the melee dice
 *  do), so the enemy is where "a unit is assumed to be located at the
 *  front centre of the unit": its front centre in u's rear arc, or in
 *  its flank arc behind the line across u's centre (bol_arc_at: a front
 *  centre on u's edge is placed by its bearing).  Never for a square:
 *  "Squares have no flank or rear". */
static bool
enemy_behind (const game_t *g, int u)
{
    const unit_t *x = game_unit_c (g, u);
    if (x->arm == ARM_INFANTRY && x->formation == FORMATION_SQUARE)
        return false;
    vec2_t ahead = geom_heading_vec (x->fp.facing);
    for (int e = 0; e < game_unit_count (g); e++) {
        if (!is_enemy (g, u, e)
            || situation_unit_distance (game_situation (g), u, e)
                   > BOL_CONTACT_CM)
            continue;
        vec2_t c = bol_front_centre (&game_unit_c (g, e)->fp);
        double along = (c.x - x->fp.centre.x) * ahead.x
                     + (c.y - x->fp.centre.y) * ahead.y;
        arc_t arc = bol_arc_at (&x->fp, c, 45);
        if (arc == ARC_REAR || (arc == ARC_FLANK && along < 0))
            return true;
    }
    return false;
}

static double
bol_rally_back_alone (game_t *g, int u)
{
    unit_t *x = game_unit_m (g, u);
    const bol_tables_t *t = tables (g);
    state_m (g, u)->flags |= BOL_F_RALLIED;
    if (enemy_behind (g, u)) {
        if (game_events_on (g))
            game_event (g, GAME_EVENT_MOVE, u, "%s cannot rally back: an enemy "
                        "in contact behind its flank or to its rear", x->id);
        return 0;
    }
    double cm = bol_cm (g, is_cavalry (g, u) ? t->rally_back_cavalry_tum
                                             : t->rally_back_infantry_tum);
    double facing = x->fp.facing;
    double moved = walk (g, u, facing + 180, cm, facing, true, -1);
    x->fp.facing = facing;
    game_unit_mut (g, u)->in_melee = 0;
    state_m (g, u)->opponent = 0;
    if (game_events_on (g))
        game_event (g, GAME_EVENT_MOVE, u, "%s rallies back %.1f cm directly "
                    "to its rear", x->id, moved);
    return moved;
}

void
bol_pass_through (game_t *g, int u, int e)
{
    const bol_tables_t *t = tables (g);
    int pair[2] = { u, e };
    double through = game_unit_c (g, u)->fp.depth
                   + game_unit_c (g, e)->fp.depth;
    double extra = bol_cm (g, t->pass_through_tum), moved[2];
    bol_carry_t carry[2];
    /* "Initially the units interpenetrate": each straight on through the
       other, both at once (the table's edge and impassable terrain stop
       it) */
    for (int i = 0; i < 2; i++) {
        unit_t *x = game_unit_m (g, pair[i]);
        carry[i] = bol_carry_begin (g, pair[i]);
        vec2_t to = situation_move_towards (game_situation (g),
                                            x->fp.centre, x->fp.facing,
                                            through);
        moved[i] = geom_dist (x->fp.centre, to);
        x->fp.centre = to;
        game_unit_mut (g, pair[i])->in_melee = 0;
        state_m (g, pair[i])->opponent = 0;
    }
    /* "then both units make an extra move directly-to-front for 3 TUM":
       a move, stopped short of what is in its way as any move is */
    for (int i = 0; i < 2; i++) {
        unit_t *x = game_unit_m (g, pair[i]);
        moved[i] += walk (g, pair[i], x->fp.facing, extra, x->fp.facing,
                          false, -1);
        bol_carry_end (g, pair[i], carry[i]);
    }
    if (game_events_on (g))
        game_event (g, GAME_EVENT_MOVE, u, "%s and %s tie and pass through "
                    "each other: %s %.1f cm on, %s %.1f cm on",
                    game_unit_c (g, u)->id, game_unit_c (g, e)->id,
                    game_unit_c (g, u)->id, moved[0],
                    game_unit_c (g, e)->id, moved[1]);
}

/*  How far unit u's retreat would take it (*want) and goes (returned),
 *  the unit then placed there: "using the same parameters as regular
 *  movement. So, for example, the retreat move can be reduced by
 *  terrain": difficult ground where it stands or on its way, as a
 *  move's (allowance_on_way). */
static double
retreat_walk (game_t *g, int u, double *want)
{
    unit_t *x = game_unit_m (g, u);
    double facing = x->fp.facing;
    double full = bol_cm (g, tables (g)->house.retreat);
    *want = allowance_on_way (g, u, facing + 180, full, facing, full);
    return enemy_behind (g, u) ? 0
         : walk (g, u, facing + 180, *want, facing, true, -1);
}

bool
bol_house_retreat_clear (game_t *g, int u)
{
    unit_t *x = game_unit_m (g, u);
    footprint_t was = x->fp;
    double want;
    double moved = retreat_walk (g, u, &want);
    x->fp = was;
    return moved + 0.05 >= want;
}

static bool
bol_house_retreat_alone (game_t *g, int u, const char *why)
{
    unit_t *x = game_unit_m (g, u);
    double facing = x->fp.facing;
    double want;
    double moved = retreat_walk (g, u, &want);
    x->fp.facing = facing;
    game_unit_mut (g, u)->in_melee = 0;
    state_m (g, u)->opponent = 0;
    bool whole = moved + 0.05 >= want;
    if (game_events_on (g))
        game_event (g, GAME_EVENT_MOVE, u, "%s retreats %.1f cm directly to "
                    "its rear (%s)%s", x->id, moved, why,
                    whole ? "" : ", stopped short by what is behind it");
    /* "A retreating unit that cannot complete the full move because it
       meets other units or impassable terrain stops at the obstruction
       and takes a casualty" */
    if (!whole)
        bol_take_hits (g, u, 1, -1, "its retreat stopped short");
    return whole;
}

/*  ---- the moves, an attached commander carried along ---- */

void
bol_move_order (game_t *g, int u, const order_t *o, dice_t *dice)
{
    /* seed 000's movement options: the order as the option it is */
    order_t read;
    char err[SOLO_ERR_MAX];
    if (bol_house_move_option (g, u, o, &read, err, sizeof err) < 0) {
        if (game_events_on (g))
            game_event (g, GAME_EVENT_MOVE, u, "%s stands: %s",
                        game_unit_c (g, u)->id, err);
        read = order_hold ();
    }
    bol_carry_t carry = bol_carry_begin (g, u);
    bol_house_move_t was = bol_house_move_begin (g, u);
    bol_move_order_alone (g, u, &read, dice);
    bol_carry_end (g, u, carry);
    bol_house_move_end (g, u, was, dice);
}

double
bol_charge_short (game_t *g, int u, int target)
{
    bol_carry_t carry = bol_carry_begin (g, u);
    double moved = bol_charge_short_alone (g, u, target);
    bol_carry_end (g, u, carry);
    return moved;
}

bool
bol_charge_move (game_t *g, int u, int target)
{
    bol_house_charge_begins (g, u);
    bol_carry_t carry = bol_carry_begin (g, u);
    bool done = bol_charge_move_alone (g, u, target);
    bol_carry_end (g, u, carry);
    return done;
}

/*  The way unit u's charge on `target` would go as it faces now, as the
 *  charge moves it (bol_charge_move_alone): seed 000's straight way to
 *  the contact point under charge_facing_deg; else the least wheel's
 *  corner way and the way straight ahead after it (charge_way, "the
 *  distance of the unit's corner that moves most is counted"), or,
 *  when no wheel of up to 45 degrees brings it into line, the straight
 *  way to the contact point (charge_to_contact_point). */
static double
charge_way_length (const game_t *g, int u, int target)
{
    double wheel, ahead, distance;
    if (tables (g)->house.charge_facing_deg <= 0
        && charge_way (g, u, target, tables (g)->wheel_deg + TURN_MIN_DEG,
                       &wheel, &ahead, NULL))
        return wheel_cost (&game_unit_c (g, u)->fp, wheel) + ahead;
    bol_contact_point (g, u, target, &distance, NULL, NULL);
    return distance;
}

bool
bol_feigned_charge (game_t *g, int u, int target)
{
    unit_t *x = game_unit_m (g, u);
    double reach = bol_charge_reach (g, u);
    double facing = x->fp.facing;
    double length = charge_way_length (g, u, target);
    if (length > reach + 0.05) {
        /* the project's reading: it may turn to face them first */
        x->fp.facing = geom_bearing (x->fp.centre,
                                     game_unit_c (g, target)->fp.centre);
        double turned = charge_way_length (g, u, target);
        if (turned > reach + 0.05) {
            x->fp.facing = facing;
            if (game_events_on (g)) {
                char a[48], b[48];
                ruleset_length_text (game_ruleset (g),
                                     geom_min (length, turned), a, sizeof a);
                ruleset_length_text (game_ruleset (g), reach, b, sizeof b);
                game_event (g, GAME_EVENT_MOVE, u, "%s cannot charge %s: it "
                            "is %s away, beyond a charge (%s)", x->id,
                            game_unit_c (g, target)->id, a, b);
            }
            return false;
        }
    }
    return bol_charge_move (g, u, target);
}

void
bol_evade (game_t *g, int u, int charger)
{
    bol_carry_t carry = bol_carry_begin (g, u);
    bol_evade_alone (g, u, charger);
    bol_carry_end (g, u, carry);
}

double
bol_rally_back (game_t *g, int u)
{
    bol_carry_t carry = bol_carry_begin (g, u);
    double moved = bol_rally_back_alone (g, u);
    bol_carry_end (g, u, carry);
    return moved;
}

bool
bol_house_retreat (game_t *g, int u, const char *why)
{
    bol_carry_t carry = bol_carry_begin (g, u);
    bool whole = bol_house_retreat_alone (g, u, why);
    bol_carry_end (g, u, carry);
    return whole;
}

int
bol_pursuit_check (const game_t *g, int u, int target, bool mind_reach,
                   char *err, int errlen)
{
    /* seed 000: "A pursuit is an immediate charge towards the nearest
       enemy unit within normal movement range"; "A charge can be an
       oblique move but cannot include a change of facing" */
    if (tables (g)->house.charge_facing_deg > 0)
        return house_charge_way (g, u, target, err, errlen, mind_reach);
    return charge_check (g, u, target, err, errlen, mind_reach);
}
