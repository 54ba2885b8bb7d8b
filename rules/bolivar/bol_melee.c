/*  bol_melee.c - close combat by the text's Phase 4: charges cancelled,
 *  evades, charges into contact (cavalry first, the active player
 *  first; mutual chargers meeting half way; guns eliminated), the melee
 *  target by target from the attacker's right flank, the primary and
 *  secondary fighters, rally backs, cavalry passing through, and the
 *  Gauchos' one feigned flight.  */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "bol_play.h"

/*  Is unit k to-rear of unit u within `cm`, as the support rule asks
 *  ("(1) No enemy unit to-rear within 4 TUM; (2) At least one friendly
 *  ... unit to-rear within 4 TUM")?  The line says neither "any part"
 *  (as crowding does) nor "entirely" (as a charge to-rear does), so the
 *  text's own rule of where a unit is holds: "Otherwise a unit is
 *  assumed to be located at the front centre of the unit".  To-rear:
 *  k's front centre in u's rear arc (the arcs seen from u's centre, the
 *  project's reading of the absent QRS); within: closest points ("The
 *  distance between two units is always measured between closest
 *  points").  A front centre exactly on the arc's limit is in it, and
 *  one on u's rear edge (an enemy in contact behind it, facing it) is
 *  placed by its bearing (bol_arc_at), so it is to-rear. */
static bool
to_rear_within (const game_t *g, int u, int k, double cm)
{
    vec2_t front = bol_front_centre (&game_unit_c (g, k)->fp);
    return bol_arc_at (&game_unit_c (g, u)->fp, front, 45) == ARC_REAR
        && situation_unit_distance (game_situation (g), u, k) <= cm + 1e-6;
}

/*  Is unit k skirmishers, for the host's lines that name them ("Line,
 *  cavalry and skirmishers are supported", "Commanders, skirmishers and
 *  enemy cannot cause a unit to be crowded")?  The host's skirmisher
 *  units, and under seed 000's stands ("Infantry skirmishers are a
 *  single row of adjacent stands ... A single stand is skirmishers by
 *  definition") a battalion or spearmen unit in skirmish (loose) order.
 *  Rabble, also loose, are no skirmishers. */
static bool
skirmishers (const game_t *g, int k)
{
    bol_type_t type = bol_type (g, k);
    return type == BOL_SKIRMISHER
        || (tables (g)->house.any_stands
            && game_unit_c (g, k)->formation == FORMATION_LOOSE
            && (type == BOL_BATTALION || type == BOL_SPEARMEN));
}

/*  "Squares and columns are always supported.  March never.  Line,
 *  cavalry and skirmishers are supported when both these criteria
 *  apply", skirmishers as `skirmishers` tells them.  False for every
 *  other unit. */
bool
bol_supported (const game_t *g, int u)
{
    const unit_t *x = game_unit_c (g, u);
    if (x->arm == ARM_INFANTRY && (x->formation == FORMATION_SQUARE
                                   || x->formation == FORMATION_COLUMN))
        return true;                 /* "always supported" */
    if (x->formation == FORMATION_MARCH)
        return false;                /* "March never" */
    bool line = x->arm == ARM_INFANTRY && x->formation == FORMATION_LINE;
    if (!line && x->arm != ARM_CAVALRY && !skirmishers (g, u))
        return false;
    /* "(1) No enemy unit to-rear within 4 TUM; (2) At least one friendly
       cavalry, battalion or spearmen unit to-rear within 4 TUM".  An
       enemy commander is an enemy unit ("A Unit has a combat arm and
       unit type: ... and Commander (C-in-C, Brigadier)"), so he denies
       support; a friendly one gives none, (2) naming the types that do,
       nor do skirmishers of those types */
    double cm = bol_cm (g, tables (g)->support_tum);
    bool friend = false;
    for (int k = 0; k < game_unit_count (g); k++) {
        const unit_t *y = game_unit_c (g, k);
        if (k == u || !bol_in_play (g, k)
            || (y->arm == ARM_COMMAND && y->side == x->side)
            || !to_rear_within (g, u, k, cm))
            continue;
        if (y->side != x->side)
            return false;
        bol_type_t ty = bol_type (g, k);
        friend = friend || y->arm == ARM_CAVALRY
                 || ((ty == BOL_BATTALION || ty == BOL_SPEARMEN)
                     && !skirmishers (g, k));
    }
    return friend;
}

/*  A part of a unit smaller than this (cm squared) is a touch along a
 *  region's limit, not a part in it: a friend side by side with a line
 *  only touches the lane behind it. */
#define PART_MIN_AREA_CM2 1e-6

/*  The most vertices a unit's footprint has once clipped by up to
 *  PART_MAX_PLANES half-planes (each adds at most one). */
#define PART_MAX_PLANES 3
#define PART_MAX_VERTICES (4 + PART_MAX_PLANES)

/*  A half-plane of the table: the points p with (p - at) . normal >= 0. */
typedef struct {
    vec2_t at, normal;
} half_plane_t;

/*  The part of convex polygon in[n] within half-plane h, into out (room
 *  for n + 1 vertices); returns its vertex count (under 3: no part). */
static int
clip_half_plane (const vec2_t *in, int n, half_plane_t h, vec2_t *out)
{
    int m = 0;
    for (int i = 0; i < n; i++) {
        vec2_t a = in[i], b = in[(i + 1) % n];
        double da = (a.x - h.at.x) * h.normal.x + (a.y - h.at.y) * h.normal.y;
        double db = (b.x - h.at.x) * h.normal.x + (b.y - h.at.y) * h.normal.y;
        if (da >= 0)
            out[m++] = a;
        if ((da >= 0) != (db >= 0)) {
            double t = da / (da - db);
            out[m++] = (vec2_t) { a.x + t * (b.x - a.x),
                                  a.y + t * (b.y - a.y) };
        }
    }
    return m;
}

/*  Is any part of unit k in the region of the table the `count`
 *  half-planes bound (a part with area: touching the region's limit is
 *  not being in it), and that part within `cm` of unit u?  The distance
 *  of two convex shapes apart is a vertex of one to the other. */
static bool
part_within (const game_t *g, int u, int k, const half_plane_t *planes,
             int count, double cm)
{
    assert (count <= PART_MAX_PLANES);
    vec2_t poly[PART_MAX_VERTICES], next[PART_MAX_VERTICES];
    footprint_corners (&game_unit_c (g, k)->fp, poly);
    int n = 4;
    for (int i = 0; i < count && n >= 3; i++) {
        n = clip_half_plane (poly, n, planes[i], next);
        memcpy (poly, next, (size_t) n * sizeof *poly);
    }
    if (n < 3 || fabs (polygon_area (poly, n)) < PART_MIN_AREA_CM2)
        return false;
    const footprint_t *a = &game_unit_c (g, u)->fp;
    double reach = cm + 1e-6;
    for (int i = 0; i < n; i++)
        if (footprint_point_distance (a, poly[i]) <= reach)
            return true;
    vec2_t c[4];
    footprint_corners (a, c);
    for (int i = 0; i < 4; i++)
        if (polygon_distance (poly, n, c[i]) <= reach)
            return true;
    return false;
}

/*  Is any part of unit k directly-to-rear of unit u within `cm`: in the
 *  lane its frontage makes straight back from its rear edge? */
static bool
directly_to_rear_within (const game_t *g, int u, int k, double cm)
{
    const footprint_t *a = &game_unit_c (g, u)->fp;
    vec2_t ahead = geom_heading_vec (a->facing);
    vec2_t right = { ahead.y, -ahead.x };
    vec2_t rear = { a->centre.x - ahead.x * a->depth / 2,
                    a->centre.y - ahead.y * a->depth / 2 };
    vec2_t lft = { a->centre.x - right.x * a->width / 2,
                   a->centre.y - right.y * a->width / 2 };
    vec2_t rgt = { a->centre.x + right.x * a->width / 2,
                   a->centre.y + right.y * a->width / 2 };
    half_plane_t lane[3] = {
        { rear, { -ahead.x, -ahead.y } },      /* behind its rear edge */
        { lft, right },                        /* within its frontage */
        { rgt, { -right.x, -right.y } } };
    return part_within (g, u, k, lane, 3, cm);
}

/*  Is any part of unit k to-flank of unit u within `cm`: in its flank
 *  arc, between the front and rear arcs of 45 degrees either side (seen
 *  from its centre, as bol_arc_of; the arcs' limits are theirs)? */
static bool
to_flank_within (const game_t *g, int u, int k, double cm)
{
    const footprint_t *a = &game_unit_c (g, u)->fp;
    vec2_t ahead = geom_heading_vec (a->facing);
    vec2_t right = { ahead.y, -ahead.x };
    for (int s = -1; s <= 1; s += 2) {
        /* the flank at side s: across >= |along| */
        half_plane_t wedge[2] = {
            { a->centre, { s * right.x - ahead.x, s * right.y - ahead.y } },
            { a->centre, { s * right.x + ahead.x, s * right.y + ahead.y } } };
        if (part_within (g, u, k, wedge, 2, cm))
            return true;
    }
    return false;
}

/*  "A line is crowded when any part of a friendly line is
 *  directly-to-rear within 1 TUM.  A column is crowded when any part of
 *  a friendly unit is: (1) in column to-flank within 2 TUM; (2) within
 *  1 TUM either to-flank or directly-to-rear.  Commanders, skirmishers
 *  and enemy cannot cause a unit to be crowded."  A line or a column is
 *  a battalion's or spearmen's (limbered guns are no column).  False for
 *  every other unit. */
bool
bol_crowded (const game_t *g, int u)
{
    const bol_tables_t *t = tables (g);
    const unit_t *x = game_unit_c (g, u);
    if (x->arm != ARM_INFANTRY || (x->formation != FORMATION_LINE
                                   && x->formation != FORMATION_COLUMN))
        return false;
    double line_cm = bol_cm (g, t->crowded_line_tum);
    double flank_cm = bol_cm (g, t->crowded_column_flank_tum);
    double near_cm = bol_cm (g, t->crowded_column_tum);
    for (int k = 0; k < game_unit_count (g); k++) {
        const unit_t *y = game_unit_c (g, k);
        if (k == u || !bol_in_play (g, k) || y->side != x->side
            || y->arm == ARM_COMMAND || skirmishers (g, k))
            continue;
        bol_type_t ty = bol_type (g, k);
        bool formed = ty == BOL_BATTALION || ty == BOL_SPEARMEN;
        if (x->formation == FORMATION_LINE) {
            if (formed && y->formation == FORMATION_LINE
                && directly_to_rear_within (g, u, k, line_cm))
                return true;
            continue;
        }
        if (formed && y->formation == FORMATION_COLUMN
            && to_flank_within (g, u, k, flank_cm))
            return true;
        if (to_flank_within (g, u, k, near_cm)
            || directly_to_rear_within (g, u, k, near_cm))
            return true;
    }
    return false;
}

static int
charge_target (const game_t *g, int u)
{
    const bol_unit_state_t *st = state_c (g, u);
    return (st->flags & BOL_F_CHARGE) && st->target > 0 ? st->target - 1 : -1;
}

/*  Step 4.2: a unit's charge is cancelled when it is the target of a
 *  charge it cannot respond to (a charger in its flank or rear), or it
 *  is infantry charged by cavalry; under seed 000's
 *  charged_cannot_charge ("Being charged pre-empts most movement by the
 *  unit on the receiving end") when it is the target of any charge but
 *  its own target's, for the two meet half way. */
static void
cancel_charges (game_t *g)
{
    int n = game_unit_count (g);
    int *cancel = game_scratch (g);
    for (int u = 0; u < n; u++) {
        cancel[u] = 0;
        if (charge_target (g, u) < 0)
            continue;
        for (int c = 0; c < n; c++) {
            if (charge_target (g, c) != u)
                continue;
            if (bol_arc_of (g, u, c) != ARC_FRONT)
                cancel[u] = 1;
            if (tables (g)->house.charged_cannot_charge && !cancel[u]
                && charge_target (g, u) != c)
                cancel[u] = 3;
            if (game_unit_c (g, u)->arm == ARM_INFANTRY && is_cavalry (g, c))
                cancel[u] = 2;
        }
    }
    for (int u = 0; u < n; u++)
        if (cancel[u]) {
            state_m (g, u)->flags &= ~BOL_F_CHARGE;
            if (game_events_on (g))
                game_event (g, GAME_EVENT_MELEE, u, "%s's charge is "
                            "cancelled: %s", game_unit_c (g, u)->id,
                            cancel[u] == 2 ? "infantry charged by cavalry"
                            : cancel[u] == 3 ? "it is charged (\"Being "
                              "charged pre-empts most movement\")"
                            : "it is charged where it cannot respond");
        }
}

/*  Seed 000: "Battalions being charged by cavalry this turn can only
 *  form a hasty square; this requires a morale roll to succeed" (each
 *  tries: the player's choice, a reading). */
static void
hasty_squares (game_t *g, dice_t *dice)
{
    int n = game_unit_count (g);
    for (int u = 0; u < n; u++) {
        unit_t *x = game_unit_m (g, u);
        bol_type_t type = bol_type (g, u);
        if (!bol_in_play (g, u) || x->formation == FORMATION_SQUARE
            || (type != BOL_BATTALION && type != BOL_SPEARMEN)
            || game_unit (g, u)->in_melee || x->stand_count < 2)
            continue;
        bool by_cavalry = false;
        for (int c = 0; c < n && !by_cavalry; c++)
            by_cavalry = charge_target (g, c) == u && is_cavalry (g, c);
        if (!by_cavalry || !bol_command_check (g, u, dice, "form a hasty "
                                               "square (a morale roll)"))
            continue;
        x->formation = FORMATION_SQUARE;
        state_m (g, u)->house |= BOL_H_HASTY_SQUARE;
        bol_house_fit (g, u);
        if (game_events_on (g))
            game_event (g, GAME_EVENT_MOVE, u, "%s forms a hasty square",
                        x->id);
    }
}

/*  May unit u's charge, declared on `target` and refused by the check
 *  now, still go in?  Yes when the target formed a hasty square against
 *  it this turn and the square's face lies within u's charge reach, u
 *  not in contact since: the charge was declared at the unit as it
 *  stood, and forming square to meet it does not turn it away ("Battalions
 *  being charged by cavalry this turn can only form a hasty square"),
 *  though the square, narrower and deeper than the line, may lie further
 *  off its front than a charge's oblique or ask a turn to meet. */
static bool
into_hasty_square (const game_t *g, int u, int target)
{
    if (!(state_c (g, target)->house & BOL_H_HASTY_SQUARE)
        || bol_in_contact (g, u))
        return false;
    double distance;
    bol_contact_point (g, u, target, &distance, NULL, NULL);
    return distance <= bol_charge_reach (g, u) + 0.05;
}

/*  Step 4.3: a Gauchos/Llaneros or skirmisher unit charged, not
 *  charging itself, may evade with a command check. */
static void
evades (game_t *g, dice_t *dice)
{
    int n = game_unit_count (g);
    for (int u = 0; u < n; u++) {
        if (!bol_in_play (g, u) || !tables (g)->type[bol_type (g, u)].evades
            || charge_target (g, u) >= 0 || game_unit (g, u)->in_melee)
            continue;
        int charger = -1;
        for (int c = 0; c < n && charger < 0; c++)
            if (charge_target (g, c) == u)
                charger = c;
        if (charger >= 0 && bol_command_check (g, u, dice, "evade"))
            bol_evade (g, u, charger);
    }
}

/*  Mutual chargers meet half way ("Mutually charging units meet half
 *  way"): both placed in contact at the middle of the way between them,
 *  where each is "assumed to be located", its front centre, facing each
 *  other along the line between the two, so each front goes as far as
 *  the other's whatever their depths (under seed 000's charge, front to
 *  front with their facings kept: bol_house_meet).  Front centres that
 *  coincide (never for chargers apart) take the centres' line. */
static void
meet_half_way (game_t *g, int u, int e)
{
    unit_t *a = game_unit_m (g, u), *b = game_unit_m (g, e);
    bol_carry_t carry_a = bol_carry_begin (g, u);
    bol_carry_t carry_b = bol_carry_begin (g, e);
    vec2_t fa = bol_front_centre (&a->fp), fb = bol_front_centre (&b->fp);
    vec2_t mid = { (fa.x + fb.x) / 2, (fa.y + fb.y) / 2 };
    double ab = geom_dist (fa, fb) > 1e-6
              ? geom_bearing (fa, fb)
              : geom_bearing (a->fp.centre, b->fp.centre);
    bol_house_meet (g, u, e, &ab, &mid);
    vec2_t d = geom_heading_vec (ab);
    a->fp.facing = ab;
    b->fp.facing = geom_norm_deg (ab + 180);
    a->fp.centre = (vec2_t) { mid.x - d.x * a->fp.depth / 2,
                              mid.y - d.y * a->fp.depth / 2 };
    b->fp.centre = (vec2_t) { mid.x + d.x * b->fp.depth / 2,
                              mid.y + d.y * b->fp.depth / 2 };
    bol_carry_end (g, u, carry_a);
    bol_carry_end (g, e, carry_b);
    for (int i = 0; i < 2; i++) {
        int me = i ? e : u, other = i ? u : e;
        bol_unit_state_t *st = state_m (g, me);
        /* met face to face: neither is behind the other */
        st->flags = (int16_t) ((st->flags | BOL_F_CHARGED)
                               & ~(BOL_F_CHARGE | BOL_F_MET | BOL_F_BEHIND));
        st->opponent = (int16_t) (other + 1);
        game_unit_mut (g, me)->in_melee = 1;
        game_unit_mut (g, me)->moved_halves = 2;
    }
    if (game_events_on (g))
        game_event (g, GAME_EVENT_MOVE, u, "%s and %s charge each other and "
                    "meet half way, at (%.1f, %.1f)", a->id, b->id, mid.x,
                    mid.y);
}

/*  Step 4.4: "Cavalry charge before infantry before commanders, active
 *  before reactive" (commanders charge only with a unit, so with it).
 *  Under seed 000's "One side, determined by initiative, acts first in
 *  all phases" (initiative_first_each_phase) the side comes first: the
 *  active's cavalry, its infantry, then the reactive's. */
static void
charges (game_t *g)
{
    int n = game_unit_count (g);
    side_t active = bol_active (g);
    bool side_first = tables (g)->house.initiative_first_each_phase;
    for (int pass = 0; pass < 4; pass++) {
        bool cavalry = side_first ? pass % 2 == 0 : pass < 2;
        bool first = side_first ? pass < 2 : pass % 2 == 0;
        side_t side = first ? active : (side_t) (1 - active);
        for (int u = 0; u < n; u++) {
            int t = charge_target (g, u);
            if (t < 0 || game_unit_c (g, u)->side != side
                || is_cavalry (g, u) != cavalry)
                continue;
            state_m (g, u)->flags &= ~BOL_F_CHARGE;
            if (!bol_in_play (g, u) || !bol_in_play (g, t))
                continue;
            if (charge_target (g, t) == u) {
                meet_half_way (g, u, t);
                continue;
            }
            char err[SOLO_ERR_MAX];
            if (bol_charge_check (g, u, t, err, sizeof err) < 0
                && !into_hasty_square (g, u, t)) {
                /* the target evaded out of reach: as far as it goes;
                   anything else (locked since, by a charge on it) keeps
                   it where it stands */
                const char *why = strstr (err, ": ");
                why = why ? why + 2 : err;
                const char *id = game_unit_c (g, u)->id;
                const char *tid = game_unit_c (g, t)->id;
                if (bol_charge_out_of_reach (g, u, t)) {
                    double moved = bol_charge_short (g, u, t);
                    if (game_events_on (g))
                        game_event (g, GAME_EVENT_MOVE, u, "%s charges but "
                                    "does not reach %s (%s): it moves "
                                    "%.1f cm", id, tid, why, moved);
                }
                else if (game_events_on (g))
                    game_event (g, GAME_EVENT_MOVE, u, "%s does not charge "
                                "%s (%s)", id, tid, why);
                continue;
            }
            if (bol_charge_move (g, u, t) && is_artillery (g, t)) {
                /* "Artillery are Eliminated if contacted by a charge.  They
                   are lost but not routed." */
                bol_remove (g, t, 0, "is eliminated, contacted by a charge");
                game_unit_mut (g, u)->in_melee = 0;
                state_m (g, u)->opponent = 0;
            }
        }
    }
}

static bool entirely_behind (const game_t *g, int u, int e);

/*  The enemy unit u melees ("Each units in contact will Melee with one
 *  enemy unit, even if more are in contact": the player's choice): the
 *  one it charged, or the one that charged it or it fought before, if
 *  still in contact; else the nearest in contact.  A unit that did not
 *  charge fights, of the enemies in contact, one against which it has
 *  dice (not entirely behind-flank or to-rear of it: "Melee with enemy
 *  entirely behind-flank or to-rear reduces the melee dice to zero") in
 *  preference to one against which it has none, as a player would
 *  choose: a line charged in the rear by cavalry (which charge first)
 *  and in the front by foot fights the foot.  -1 none. */
static int
opponent_of (const game_t *g, int u)
{
    if (!bol_in_play (g, u) || is_commander (g, u) || is_artillery (g, u))
        return -1;
    int o = state_c (g, u)->opponent - 1;
    const situation_t *sit = game_situation (g);
    bool kept = o >= 0 && is_enemy (g, u, o)
             && situation_unit_distance_within (sit, u, o, BOL_CONTACT_CM)
                    < BOL_CONTACT_CM;
    if (kept && ((state_c (g, u)->flags & BOL_F_CHARGED)
                 || !entirely_behind (g, u, o)))
        return o;
    int best = -1, faced = -1;
    double best_d = BOL_CONTACT_CM, faced_d = BOL_CONTACT_CM;
    for (int e = 0; e < game_unit_count (g); e++)
        if (is_enemy (g, u, e) && !is_artillery (g, e)) {
            double d = situation_unit_distance_within (sit, u, e,
                                                       BOL_CONTACT_CM);
            if (d >= BOL_CONTACT_CM)
                continue;
            if (d < faced_d && !entirely_behind (g, u, e))
                faced_d = d, faced = e;
            if (d < best_d)
                best_d = d, best = e;
        }
    return faced >= 0 ? faced : kept ? o : best;
}

/*  Is every part of footprint `fp` behind-flank of unit u or to its
 *  rear: each corner of it behind the line across u's centre (the flank
 *  arc's half behind it and the rear arc are all there is behind that
 *  line; a corner on it counts as behind)?  Never for a square
 *  ("Squares have no flank or rear"). */
bool
bol_entirely_behind_fp (const game_t *g, int u, const footprint_t *fp)
{
    const unit_t *x = game_unit_c (g, u);
    if (x->arm == ARM_INFANTRY && x->formation == FORMATION_SQUARE)
        return false;
    vec2_t ahead = geom_heading_vec (x->fp.facing);
    vec2_t c[4];
    footprint_corners (fp, c);
    for (int i = 0; i < 4; i++)
        if ((c[i].x - x->fp.centre.x) * ahead.x
            + (c[i].y - x->fp.centre.y) * ahead.y > 1e-6)
            return false;
    return true;
}

/*  Is enemy e entirely behind-flank of unit u or to its rear, as "Melee
 *  with enemy entirely behind-flank or to-rear" asks?  A charger of u is
 *  judged as its charge met u (BOL_F_MET, BOL_F_BEHIND, marked before it
 *  squared up to the face it hit): "A charge must be entirely to-rear to
 *  contact to-rear; similarly for contact behind-flank" places the
 *  charger by where it came from, and the squaring up that follows
 *  contact (the project's reading) must not turn a charge from behind
 *  into one from the flank.  Any other enemy where it stands. */
static bool
entirely_behind (const game_t *g, int u, int e)
{
    const bol_unit_state_t *se = state_c (g, e);
    if ((se->flags & BOL_F_MET) && se->opponent == u + 1)
        return (se->flags & BOL_F_BEHIND) != 0;
    return bol_entirely_behind_fp (g, u, &game_unit_c (g, e)->fp);
}

/*  The melee dice of u against e: as primary fighter its dice per
 *  resolve (charging or not) with support and crowding; as secondary
 *  1d6 (under seed 000's secondary_by_stands a primary's dice by its own
 *  stands that fight); either with 1d6 more for an attached commander ("A secondary
 *  fighter gets 1d6 ... An attached commander gets 1d6"); none at all
 *  against an enemy entirely behind-flank or to-rear. */
int
bol_melee_dice (const game_t *g, int u, int e, bool primary)
{
    const bol_tables_t *t = tables (g);
    /* "Melee with enemy entirely behind-flank or to-rear reduces the
       melee dice to zero." */
    if (entirely_behind (g, u, e))
        return 0;
    int commander = bol_attached_commander (g, u) >= 0
                  ? t->attached_melee_dice : 0;
    if (!primary && !(t->house.stands_fight && t->house.secondary_by_stands))
        return t->secondary_dice + commander;
    const bol_type_row_t *row = &t->type[bol_type (g, u)];
    int per = state_c (g, u)->flags & BOL_F_CHARGED ? row->melee_charging
                                                    : row->melee_defending;
    /* seed 000's stands that fight take the place of resolve */
    int dice = per * (t->house.stands_fight
                      ? bol_house_fighting_stands (g, u, e)
                      : bol_resolve (g, u));
    dice += bol_house_melee_dice (g, u, e);
    if (bol_supported (g, u))
        dice += t->supported_dice;
    if (bol_crowded (g, u))
        dice += t->crowded_dice;
    dice += commander;
    return dice < 0 ? 0 : dice;
}

int
bol_melee_hit (const game_t *g, int u, int e)
{
    const bol_tables_t *t = tables (g);
    const unit_t *x = game_unit_c (g, u);
    if (x->arm == ARM_INFANTRY && x->formation == FORMATION_SQUARE
        && is_cavalry (g, e))
        return t->melee_square_vs_cavalry_hit;
    return t->melee_hit;
}

/*  The marks melee() keeps on each unit: it threw its dice, its melee as
 *  a target was fought, it passed through, it is the primary fighter
 *  against its opponent, its own primary fighter (of the units fighting
 *  it) is chosen. */
enum {
    MARK_THREW = 1, MARK_FOUGHT = 2, MARK_PASSED = 4, MARK_PRIMARY = 8,
    MARK_CHOSEN = 16
};

/*  The primary fighter against `target` among the units whose opponent
 *  it is: the one with most dice (the player's choice; a reading).
 *  "The player must choose the Primary Fighter with others as Secondary
 *  Fighters" once for the target: the first time any unit throws at it
 *  the choice is made and marked (MARK_PRIMARY on the fighter,
 *  MARK_CHOSEN on the target), and it stands for the rest of that melee,
 *  though the hits of a melee fought before it leave another fighter
 *  with more dice; else one target could face two primaries.  -1 when
 *  none was chosen (nobody fights it). */
static int
primary_against (const game_t *g, const int *opp, int *mark, int target)
{
    int n = game_unit_count (g);
    if (!(mark[target] & MARK_CHOSEN)) {
        int best = -1, best_dice = -1;
        for (int k = 0; k < n; k++)
            if (opp[k] == target && bol_in_play (g, k)) {
                int d = bol_melee_dice (g, k, target, true);
                if (d > best_dice)
                    best_dice = d, best = k;
            }
        if (best < 0)
            return -1;
        mark[best] |= MARK_PRIMARY;
        mark[target] |= MARK_CHOSEN;
        return best;
    }
    for (int k = 0; k < n; k++)
        if (opp[k] == target && (mark[k] & MARK_PRIMARY))
            return k;
    return -1;
}

/*  Unit u throws its melee dice at its opponent: the hits. */
static int
throw_at (game_t *g, const int *opp, int *mark, int u, dice_t *dice,
          char *said, size_t size)
{
    int e = opp[u];
    bool primary = primary_against (g, opp, mark, e) == u;
    int n = bol_melee_dice (g, u, e, primary);
    int need = bol_melee_hit (g, u, e), got = 0;
    game_dice_key (g, dice, u, GAME_DICE_MELEE, e);
    for (int i = 0; i < n; i++)
        if (dice_roll (dice, 6) >= need)
            got++;
    size_t len = strlen (said);
    if (len < size)
        snprintf (said + len, size - len, "%s%s (%s) %dd6 needing %d: %d hit%s",
                  len ? "; " : "", game_unit_c (g, u)->id,
                  primary ? "primary" : "secondary", n, need, got,
                  got == 1 ? "" : "s");
    return got;
}

/*  How far right of the attacker's army a point lies: melees are fought
 *  "from one side of the table to the other starting on the attacker's
 *  right flank", a target where "a unit is assumed to be located at the
 *  front centre of the unit" (its front centre is the point asked). */
static double
rightness (const game_t *g, vec2_t p)
{
    side_t a = bol_attacker (g);
    double sx = 0, sy = 0;
    for (int u = 0; u < game_unit_count (g); u++)
        if (game_unit_c (g, u)->side == a && bol_in_play (g, u)) {
            vec2_t h = geom_heading_vec (game_unit_c (g, u)->fp.facing);
            sx += h.x, sy += h.y;
        }
    double len = hypot (sx, sy);
    if (len < 1e-9)
        return p.x;
    vec2_t right = { sy / len, -sx / len };
    return p.x * right.x + p.y * right.y;
}

/*  Unit u throws its primary fighter's dice at e, said as an event: the
 *  hits. */
static int
throw_now (game_t *g, int u, int e, dice_t *dice)
{
    int n = bol_melee_dice (g, u, e, true), need = bol_melee_hit (g, u, e);
    int got = 0;
    game_dice_key (g, dice, u, GAME_DICE_MELEE, e);
    for (int i = 0; i < n; i++)
        got += dice_roll (dice, 6) >= need;
    if (game_events_on (g))
        game_event (g, GAME_EVENT_MELEE, u, "%s fights %s: %dd6 needing %d: "
                    "%d hit%s", game_unit_c (g, u)->id, game_unit_c (g, e)->id,
                    n, need, got, got == 1 ? "" : "s");
    return got;
}

bol_melee_now_t
bol_melee_now (game_t *g, int u, int e, dice_t *dice)
{
    bol_melee_now_t m;
    m.on_e = throw_now (g, u, e, dice);
    m.on_u = throw_now (g, e, u, dice);
    m.e_routed = bol_take_hits (g, e, m.on_e, u, "melee");
    m.u_routed = bol_take_hits (g, u, m.on_u, e, "melee");
    if (m.on_e)
        bol_commander_risk (g, e, m.e_routed, dice);
    if (m.on_u)
        bol_commander_risk (g, u, m.u_routed, dice);
    return m;
}

/*  A Gauchos/Llaneros unit with a commander attached that rallied back
 *  may make its army's one feigned flight: a command check, then all its
 *  resolve back and a charge on the unit it fought, a charge as any is
 *  ("up to 3 TUM": none when they are further; bol_feigned_charge), its
 *  melee fought at once and ended as any: the loser rallies back (a
 *  Gauchos foe may follow it with its own army's flight: each army has
 *  one, so this goes no deeper than that), the charger rallies back
 *  from a tie but for two cavalry, which pass through each other.
 *  `rallied` is the
 *  cm its rally back moved: none (an enemy behind it prevented it, or
 *  no room) is no rally back move for the flight to follow ("This
 *  follows a rally back move"), and the army keeps its one use. */
static void
feigned_flight (game_t *g, int u, int foe, double rallied, dice_t *dice)
{
    side_t s = game_unit_c (g, u)->side;
    int *used = &game_side_extra (g, s)[BOL_SX_FEIGNED];
    if (rallied <= 0 || *used || bol_type (g, u) != BOL_GAUCHOS
        || !bol_in_play (g, u)
        || bol_attached_commander (g, u) < 0 || foe < 0
        || !bol_in_play (g, foe))
        return;
    *used = 1;
    if (!bol_command_check (g, u, dice, "make a feigned flight"))
        return;
    unit_t *x = game_unit_m (g, u);
    for (int i = 0; i < x->stand_count; i++)
        if (x->stands[i].strength > 0)
            x->stands[i].strength = x->stands[i].start;
    if (game_events_on (g))
        game_event (g, GAME_EVENT_MELEE, u, "%s's feigned flight: it recovers "
                    "all its resolve and charges %s", x->id,
                    game_unit_c (g, foe)->id);
    /* a charge: "Charges are up to 3 TUM and end in contact" */
    if (!bol_feigned_charge (g, u, foe))
        return;
    /* the charge's melee, at once, lost and tied as any melee: "A unit
       will Lose a Melee if they take more hits than they inflicted and
       must rally back" (the foe as any loser, so a Gauchos foe may make
       its own army's flight); "Chargers must rally back from a tie,
       except cavalry that tie pass through each other instead" */
    bol_melee_now_t m = bol_melee_now (g, u, foe, dice);
    int hits_foe = m.on_e, hits_u = m.on_u;
    bool foe_stands = !m.e_routed && bol_in_play (g, foe);
    bool u_stands = !m.u_routed && bol_in_play (g, u);
    if (foe_stands && hits_foe > hits_u)
        feigned_flight (g, foe, u, bol_rally_back (g, foe), dice);
    else if (u_stands && hits_u == hits_foe && foe_stands
             && is_cavalry (g, u) && is_cavalry (g, foe))
        bol_pass_through (g, u, foe);
    else if (u_stands && hits_u >= hits_foe)
        bol_rally_back (g, u);
}

/*  Seed 000's outcome of the turn's melees: the units joined by whom
 *  they fought are one melee; its side that took more casualties (or a
 *  die each on a tie; never a side wholly routed) loses, its units
 *  retreat and test, the winners hold their ground or pursue.  `first`
 *  is each unit's first opponent, `taken` its casualties this turn. */
static void
house_outcomes (game_t *g, const int *first, const int *taken, dice_t *dice)
{
    int n = game_unit_count (g);
    int *group = (int *) game_scratch (g) + 3 * n;   /* the `mark` ints */
    for (int u = 0; u < n; u++)
        group[u] = first[u] >= 0 ? u : -1;
    /* join each unit to its opponent's group, smallest index naming it */
    for (bool changed = true; changed;) {
        changed = false;
        for (int u = 0; u < n; u++) {
            int e = first[u];
            if (e < 0 || group[e] < 0)
                continue;
            int low = group[u] < group[e] ? group[u] : group[e];
            if (group[u] != low || group[e] != low)
                group[u] = group[e] = low, changed = true;
        }
    }
    for (int m = 0; m < n; m++) {
        if (group[m] != m)
            continue;
        int took[SIDE_COUNT] = { 0, 0 }, standing[SIDE_COUNT] = { 0, 0 };
        bool routed[SIDE_COUNT];
        for (int u = 0; u < n; u++)
            if (group[u] == m) {
                side_t s = game_unit_c (g, u)->side;
                took[s] += taken[u];
                standing[s] += bol_in_play (g, u);
            }
        for (int s = 0; s < SIDE_COUNT; s++)
            routed[s] = standing[s] == 0;
        if (routed[SIDE_BLUE] && routed[SIDE_RED])
            continue;
        side_t w = bol_house_melee_winner (g, took, routed, dice);
        if (game_events_on (g))
            game_event (g, GAME_EVENT_MELEE, m, "%s wins the melee (%d "
                        "casualties taken against %d)",
                        scenario_side_name (game_scenario (g), w), took[w],
                        took[1 - w]);
        for (int u = 0; u < n; u++)
            if (group[u] == m && game_unit_c (g, u)->side != w)
                bol_house_lost (g, u, dice);
        for (int u = 0; u < n; u++)
            if (group[u] == m && game_unit_c (g, u)->side == w)
                bol_house_won (g, u, dice, 0);
    }
}

/*  Step 4.5 and 4.6: every unit in contact melees one enemy, target by
 *  target; the losers rally back. */
static void
melee (game_t *g, dice_t *dice)
{
    int n = game_unit_count (g);
    int *opp = game_scratch (g), *taken = opp + n, *dealt = taken + n;
    int *mark = dealt + n, *first_opp = mark + n;
    for (int u = 0; u < n; u++) {
        opp[u] = first_opp[u] = opponent_of (g, u);
        taken[u] = dealt[u] = mark[u] = 0;
        game_unit_mut (g, u)->in_melee = opp[u] >= 0;
    }
    for (;;) {
        /* the next target: the rightmost not fought yet */
        int tg = -1;
        double best = -INFINITY;
        for (int k = 0; k < n; k++) {
            if ((mark[k] & MARK_FOUGHT) || !bol_in_play (g, k))
                continue;
            bool targeted = false;
            for (int f = 0; f < n && !targeted; f++)
                targeted = opp[f] == k && bol_in_play (g, f);
            if (!targeted)
                continue;
            double r = rightness (g, bol_front_centre (&game_unit_c (g, k)
                                                        ->fp));
            if (r > best)
                best = r, tg = k;
        }
        if (tg < 0)
            break;
        mark[tg] |= MARK_FOUGHT;
        char said[GAME_EVENT_MAX] = "";
        int on_target = 0, back = 0, back_at = -1;
        for (int f = 0; f < n; f++)
            if (opp[f] == tg && bol_in_play (g, f)
                && !(mark[f] & MARK_THREW)) {
                int h = throw_at (g, opp, mark, f, dice, said, sizeof said);
                on_target += h;
                dealt[f] += h;
                mark[f] |= MARK_THREW;
            }
        if (!(mark[tg] & MARK_THREW) && opp[tg] >= 0
            && bol_in_play (g, opp[tg])) {
            back_at = opp[tg];
            back = throw_at (g, opp, mark, tg, dice, said, sizeof said);
            dealt[tg] += back;
            mark[tg] |= MARK_THREW;
        }
        if (!said[0])
            continue;               /* all its fighters fought elsewhere */
        if (game_events_on (g))
            game_event (g, GAME_EVENT_MELEE, tg, "melee at %s: %s",
                        game_unit_c (g, tg)->id, said);
        taken[tg] += on_target;
        /* the hits are the primary fighter's, or, routed since, another
           fighter's still there; heroics' credit the fighter with most
           resolve to regain (bol_heroics_credit) */
        int hitter = primary_against (g, opp, mark, tg);
        for (int f = 0; f < n && (hitter < 0 || !bol_in_play (g, hitter));
             f++)
            if (opp[f] == tg && bol_in_play (g, f))
                hitter = f;
        bool routed = bol_take_hits (g, tg, on_target,
                                     bol_heroics_credit (g, opp, 0, n, tg,
                                                         hitter),
                                     "melee");
        if (on_target)
            bol_commander_risk (g, tg, routed, dice);
        if (back_at >= 0 && back > 0) {
            taken[back_at] += back;
            bool r2 = bol_take_hits (g, back_at, back, tg, "melee");
            bol_commander_risk (g, back_at, r2, dice);
        }
    }
    if (tables (g)->house.no_drawn_melees) {
        house_outcomes (g, first_opp, taken, dice);
        for (int u = 0; u < n; u++)
            game_unit_mut (g, u)->in_melee = opponent_of (g, u) >= 0;
        return;
    }
    /* Step 4.6: "A unit will Lose a Melee if they take more hits than
       they inflicted"; chargers rally back from a tie, except cavalry
       that tie pass through each other: the pair once, though both
       charged (mutual chargers).  "Cavalry that tie in melee Pass
       Through each other": two cavalry neither of which charged too,
       under readings.cavalry_tie_pass_any */
    bool any_pass = tables (g)->cavalry_tie_pass_any;
    for (int u = 0; u < n; u++) {
        if (!bol_in_play (g, u) || first_opp[u] < 0
            || (mark[u] & MARK_PASSED))
            continue;
        bol_unit_state_t *st = state_m (g, u);
        int e = first_opp[u];
        if (taken[u] > dealt[u]) {
            feigned_flight (g, u, e, bol_rally_back (g, u), dice);
            continue;
        }
        if (taken[u] != dealt[u] || (st->flags & BOL_F_RALLIED))
            continue;
        bool charged = st->flags & BOL_F_CHARGED;
        bool pair = is_cavalry (g, u) && e >= 0 && bol_in_play (g, e)
                 && is_cavalry (g, e) && first_opp[e] == u
                 && taken[e] == dealt[e];
        if (pair && (charged || any_pass)) {
            bol_pass_through (g, u, e);
            mark[u] |= MARK_PASSED;
            mark[e] |= MARK_PASSED;
        }
        else if (charged)
            feigned_flight (g, u, e, bol_rally_back (g, u), dice);
    }
    /* who is still in contact */
    for (int u = 0; u < n; u++)
        game_unit_mut (g, u)->in_melee = opponent_of (g, u) >= 0;
}

void
bol_close_combat (game_t *g, dice_t *dice)
{
    cancel_charges (g);
    if (tables (g)->house.hasty_square)
        hasty_squares (g, dice);
    if (!tables (g)->house.no_evade)
        evades (g, dice);
    charges (g);
    melee (g, dice);
}
