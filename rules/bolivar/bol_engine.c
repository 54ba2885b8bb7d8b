/*  bol_engine.c - 4 Page Bolivar played: the sequence (initiative, the
 *  active and reactive player's phases, close combat, morale), the
 *  orders a unit may take in each phase and their checks, stands set up
 *  from the unit types, and the army breakpoint and the time limit.
 *  Command and zones are in bol_command.c, moves and charges in
 *  bol_move.c, shooting in bol_shoot.c, close combat in bol_melee.c,
 *  resolve and the morale phase in bol_morale.c.  */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bol_play.h"

/*  The status flags an order's morale effect may set or clear. */
#define MORALE_FLAGS (STATUS_RAN_LAST_TURN | STATUS_RETREATING_FROM_MELEE \
                      | STATUS_FALLING_BACK)


/*  ---- small questions ---- */

side_t
bol_attacker (const game_t *g)
{
    int a = game_side_extra_const (g, SIDE_BLUE)[BOL_SX_ATTACKER];
    if (a > 0)
        return (side_t) (a - 1);
    int first = scenario_first_side (game_scenario (g));
    return first >= 0 ? (side_t) first : SIDE_BLUE;
}

side_t
bol_active (const game_t *g)
{
    int a = game_side_extra_const (g, SIDE_BLUE)[BOL_SX_ACTIVE];
    return a > 0 ? (side_t) (a - 1) : bol_attacker (g);
}

bool
bol_in_play (const game_t *g, int u)
{
    return !game_unit (g, u)->gone;
}

bol_type_t
bol_type (const game_t *g, int u)
{
    return bol_unit_type (tables (g), game_unit_c (g, u));
}

double
bol_cm (const game_t *g, double tum)
{
    return tum * ruleset_cm_per_length_unit (game_ruleset (g));
}

int
bol_resolve (const game_t *g, int u)
{
    const unit_t *x = game_unit_c (g, u);
    if (x->arm == ARM_COMMAND)
        return 0;
    if (tables (g)->unit_resolve == BOL_RESOLVE_HIGHER)
        return higher_resolve (x);
    int sum = 0;
    for (int i = 0; i < x->stand_count; i++)
        sum += x->stands[i].strength;
    return sum;
}

vec2_t
bol_front_centre (const footprint_t *fp)
{
    vec2_t ahead = geom_heading_vec (fp->facing);
    return (vec2_t) { fp->centre.x + ahead.x * fp->depth / 2,
                      fp->centre.y + ahead.y * fp->depth / 2 };
}

/*  The rear arc's half angle either side of a unit's back (degrees):
 *  the project's reading of the absent QRS, as the front's. */
#define REAR_HALF_DEG 45.0

/*  A point this close to a lane's side counts as on it (cm): a
 *  rounding's worth. */
#define POINT_EPS_CM 1e-9

arc_t
bol_arc_at (const footprint_t *of, vec2_t p, double front_half_deg)
{
    return footprint_arc_at (of, p, front_half_deg, REAR_HALF_DEG);
}

arc_t
bol_arc_of (const game_t *g, int of, int from)
{
    const unit_t *t = game_unit_c (g, of);
    if (t->formation == FORMATION_SQUARE && t->arm == ARM_INFANTRY)
        return ARC_FRONT;                 /* "Squares have no flank or rear" */
    /* "Otherwise a unit is assumed to be located at the front centre of
       the unit" */
    return bol_arc_at (&t->fp, bol_front_centre (&game_unit_c (g, from)->fp),
                       45);
}

/*  The terrain the text calls difficult: "villages, rough ground,
 *  fields, woods, difficult hills, streams, bridges and fords". */
static bool
is_difficult_kind (terrain_kind_t kind)
{
    return kind == TERRAIN_WOODS || kind == TERRAIN_TOWN
        || kind == TERRAIN_ROUGH || kind == TERRAIN_STEEP_HILL
        || kind == TERRAIN_STREAM;
}

/*  Is terrain feature i difficult ground with a shape?  Its bounds into
 *  lo and hi when it is. */
static bool
difficult_bounds (const situation_t *sit, int i, vec2_t *lo, vec2_t *hi)
{
    const terrain_feature_t *f = situation_terrain (sit, i);
    if (!is_difficult_kind (f->kind) || f->vertex_count == 0)
        return false;
    situation_terrain_bounds (sit, i, lo, hi);
    return true;
}

bool
bol_may_meet_difficult (const game_t *g, const footprint_t *from,
                        const footprint_t *to)
{
    vec2_t c[8], lo, hi;
    footprint_corners (from, c);
    footprint_corners (to, c + 4);
    polygon_bounds (c, 8, &lo, &hi);
    const situation_t *sit = game_situation (g);
    for (int i = 0; i < situation_terrain_count (sit); i++) {
        vec2_t flo, fhi;
        if (!difficult_bounds (sit, i, &flo, &fhi))
            continue;
        if (flo.x <= hi.x && fhi.x >= lo.x && flo.y <= hi.y && fhi.y >= lo.y)
            return true;
    }
    return false;
}

/*  Room for rounding in bol_difficult_clear_run (cm): a box's sides
 *  worked out afresh at each step of a slide move by far less. */
#define CLEAR_SLACK_CM 1e-6

/*  How far a separation `gap` between two boxes on one axis lasts while
 *  it closes at `rate` a centimetre moved: none when it is not more than
 *  the slack. */
static double
separation_run (double gap, double rate)
{
    if (!(gap > CLEAR_SLACK_CM))
        return 0;
    return rate > 0 ? (gap - CLEAR_SLACK_CM) / rate : INFINITY;
}

double
bol_difficult_clear_run (const game_t *g, const footprint_t *fp, vec2_t way)
{
    vec2_t c[4], lo, hi;
    footprint_corners (fp, c);
    polygon_bounds (c, 4, &lo, &hi);
    const situation_t *sit = game_situation (g);
    double run = INFINITY;
    for (int i = 0; i < situation_terrain_count (sit); i++) {
        vec2_t flo, fhi;
        if (!difficult_bounds (sit, i, &flo, &fhi))
            continue;
        /* any of any_part_in's four separations keeps the feature out
           as long as it lasts */
        double apart = geom_max (geom_max (separation_run (flo.x - hi.x,
                                                           way.x),
                                           separation_run (lo.x - fhi.x,
                                                           -way.x)),
                                 geom_max (separation_run (flo.y - hi.y,
                                                           way.y),
                                           separation_run (lo.y - fhi.y,
                                                           -way.y)));
        run = geom_min (run, apart);
    }
    return run;
}

/*  Woods and villages, the cover of the shooting dice's reading. */
static bool
is_cover_kind (terrain_kind_t kind)
{
    return kind == TERRAIN_WOODS || kind == TERRAIN_TOWN;
}

/*  Is any part of footprint fp in terrain of a kind `kind_of` accepts? */
static bool
any_part_in (const game_t *g, const footprint_t *fp,
             bool (*kind_of) (terrain_kind_t))
{
    vec2_t c[4], lo, hi;
    footprint_corners (fp, c);
    polygon_bounds (c, 4, &lo, &hi);
    const situation_t *sit = game_situation (g);
    for (int i = 0; i < situation_terrain_count (sit); i++) {
        const terrain_feature_t *f = situation_terrain (sit, i);
        if (!kind_of (f->kind) || f->vertex_count == 0)
            continue;
        /* apart by their bounds, they share no part: one pass over the
           feature's vertices where the tests below make nine */
        vec2_t flo, fhi;
        situation_terrain_bounds (sit, i, &flo, &fhi);
        if (flo.x > hi.x || fhi.x < lo.x || flo.y > hi.y || fhi.y < lo.y)
            continue;
        /* "any part"": a corner or the centre inside it, an edge across
           it (a stream narrower than the unit), or it inside the unit */
        if (polygon_contains (f->vertices, f->vertex_count, fp->centre)
            || footprint_contains (fp, f->vertices[0]))
            return true;
        for (int j = 0; j < 4; j++)
            if (polygon_contains (f->vertices, f->vertex_count, c[j])
                || polygon_segment_intersects (f->vertices, f->vertex_count,
                                               c[j], c[(j + 1) % 4]))
                return true;
    }
    return false;
}

bool
bol_in_difficult (const game_t *g, const footprint_t *fp)
{
    return any_part_in (g, fp, is_difficult_kind);
}

bool
bol_in_cover (const game_t *g, const footprint_t *fp)
{
    return any_part_in (g, fp, is_cover_kind);
}

/*  A steep hill, the text's "difficult hills". */
static bool
is_steep_hill_kind (terrain_kind_t kind)
{
    return kind == TERRAIN_STEEP_HILL;
}

bool
bol_on_hill (const game_t *g, const footprint_t *fp)
{
    return any_part_in (g, fp, is_steep_hill_kind)
        || situation_point_in (game_situation (g), bol_front_centre (fp),
                               TERRAIN_GENTLE_HILL);
}

/*  How far behind a's front edge a point may lie and still count as
 *  ahead of it (cm): a unit in contact front to front is before it. */
#define AHEAD_SLACK_CM 0.01

bool
bol_fp_directly_to_front (const footprint_t *a, const footprint_t *b,
                          bool any_part)
{
    footprint_ready_t ra, rb;
    footprint_ready (a, &ra);
    footprint_ready (b, &rb);
    return bol_ready_directly_to_front (&ra, &rb, any_part);
}

/*  The lane is a's right vector times its half width either side of its
 *  centre; b's front centre is its centre and half its depth along its
 *  forward vector, as bol_front_centre works it out. */
bool
bol_ready_directly_to_front (const footprint_ready_t *a,
                             const footprint_ready_t *b, bool any_part)
{
    vec2_t ahead = a->forward;
    vec2_t right = a->right;
    if (!any_part) {
        vec2_t p = { b->centre.x + b->forward.x * b->half_depth,
                     b->centre.y + b->forward.y * b->half_depth };
        vec2_t d = { p.x - a->centre.x, p.y - a->centre.y };
        double across = d.x * right.x + d.y * right.y;
        double along = d.x * ahead.x + d.y * ahead.y;
        return along > a->half_depth - AHEAD_SLACK_CM
            && fabs (across) <= a->half_width + POINT_EPS_CM;
    }
    double lo = INFINITY, hi = -INFINITY, front = -INFINITY;
    for (int i = 0; i < 4; i++) {
        vec2_t d = { b->corners[i].x - a->centre.x,
                     b->corners[i].y - a->centre.y };
        double across = d.x * right.x + d.y * right.y;
        double along = d.x * ahead.x + d.y * ahead.y;
        lo = geom_min (lo, across);
        hi = geom_max (hi, across);
        front = geom_max (front, along);
    }
    return front > a->half_depth - AHEAD_SLACK_CM && lo < a->half_width
        && hi > -a->half_width;
}

bool
bol_directly_to_front (const game_t *g, int u, int e, bool any_part)
{
    return bol_fp_directly_to_front (&game_unit_c (g, u)->fp,
                                     &game_unit_c (g, e)->fp, any_part);
}

double
bol_normal_allowance (const game_t *g, int u)
{
    const bol_tables_t *t = tables (g);
    const unit_t *x = game_unit_c (g, u);
    double tum = t->type[bol_type (g, u)].move_tum;
    if (x->formation == FORMATION_SQUARE && x->arm == ARM_INFANTRY)
        tum = t->charge_tum;
    else if (x->formation == FORMATION_MARCH)
        tum = t->march_tum;
    return bol_cm (g, tum);
}

double
bol_move_allowance (const game_t *g, int u)
{
    double cm = bol_normal_allowance (g, u);
    if (bol_in_difficult (g, &game_unit_c (g, u)->fp))
        cm = fmin (cm, bol_cm (g, tables (g)->difficult_tum));
    return cm;
}

/*  ---- engine tables ---- */

static void *
tables_load (const char *text, const char *origin, const ruleset_t *rs,
             char *err, int errlen)
{
    return bol_tables_load_text (text, origin, rs, err, errlen);
}

static void
tables_free (void *t)
{
    bol_tables_t *p = t;
    bol_tables_destroy (&p);
}

static const char *
phase_name (int phase)
{
    static const char *names[BOL_PHASE_COUNT] = {
        "initiative", "active player moves", "reactive player shoots",
        "reactive player moves", "active player shoots",
        "reactive player shoots", "active player declares charges",
        "reactive player declares charges", "morale" };
    return phase >= 0 && phase < BOL_PHASE_COUNT ? names[phase] : "?";
}

static bool
active_phase (int phase)
{
    return phase == BOL_PHASE_ACTIVE_MOVE || phase == BOL_PHASE_ACTIVE_SHOOT
        || phase == BOL_PHASE_ACTIVE_CHARGES;
}

static int
phase_side (const game_t *g, int phase)
{
    if (phase == BOL_PHASE_INITIATIVE || phase == BOL_PHASE_MORALE
        || phase < 0 || phase >= BOL_PHASE_COUNT)
        return -1;
    side_t a = bol_active (g);
    return active_phase (phase) ? (int) a : 1 - (int) a;
}

static bool
move_phase (int phase)
{
    return phase == BOL_PHASE_ACTIVE_MOVE || phase == BOL_PHASE_REACTIVE_MOVE;
}

static bool
shoot_phase (int phase)
{
    return phase == BOL_PHASE_REACTIVE_SHOOT
        || phase == BOL_PHASE_ACTIVE_SHOOT
        || phase == BOL_PHASE_REACTIVE_SHOOT_SECOND;
}

static bool
charge_phase (int phase)
{
    return phase == BOL_PHASE_ACTIVE_CHARGES
        || phase == BOL_PHASE_REACTIVE_CHARGES;
}

/*  "Royalist army moves (active player)". */
static void
phase_title (const game_t *g, int phase, char *buf, int len)
{
    int side = phase_side (g, phase);
    if (side < 0) {
        snprintf (buf, (size_t) len, "%s", phase_name (phase));
        return;
    }
    const char *what = move_phase (phase) ? "moves"
                     : shoot_phase (phase) ? "shoots" : "declares charges";
    snprintf (buf, (size_t) len, "%s %s (%s player)",
              scenario_side_name (game_scenario (g), (side_t) side), what,
              active_phase (phase) ? "active" : "reactive");
}

static size_t
scratch_size (const game_t *g)
{
    /* per unit, five ints: the shooters' targets; the melee's
       opponents, hits taken and inflicted, marks and first opponents */
    return (size_t) game_unit_count (g) * 5 * sizeof (int);
}

/*  A unit's formation must be one its troops have: battalions and
 *  spearmen line, column or square; skirmishers and rabble loose;
 *  cavalry mounted; guns deployed (line) or limbered (column);
 *  commanders any. */
bool
bol_formation_allowed (bol_type_t type, formation_t f)
{
    switch (type) {
    case BOL_BATTALION:
    case BOL_SPEARMEN:
        return f == FORMATION_LINE || f == FORMATION_COLUMN
            || f == FORMATION_SQUARE || f == FORMATION_MARCH;
    case BOL_SKIRMISHER:
    case BOL_RABBLE:
        return f == FORMATION_LOOSE;
    case BOL_GAUCHOS:
    case BOL_HORSE:
        return f == FORMATION_MOUNTED;
    case BOL_LIGHT_GUN:
    case BOL_HOWITZER:
    case BOL_HEAVY_GUN:
        return f == FORMATION_LINE || f == FORMATION_COLUMN;
    default:
        return true;
    }
}

/*  May unit u stand in formation f: its type's formations, and under
 *  seed 000's battalions of any number of stands a skirmish line too
 *  ("Infantry skirmishers are a single row of adjacent stands"). */
static bool
formation_allowed (const game_t *g, int u, formation_t f)
{
    bol_type_t type = bol_type (g, u);
    if (tables (g)->house.any_stands && f == FORMATION_LOOSE
        && (type == BOL_BATTALION || type == BOL_SPEARMEN))
        return true;
    return bol_formation_allowed (type, f);
}

/*  Check a unit's stands against its type and quality, filling them in
 *  when the scenario gives none: so many stands of the type, each the
 *  type's resolve for its quality. */
static int
prepare_stands (game_t *g, int u, char *err, int errlen)
{
    const bol_tables_t *t = tables (g);
    unit_t *x = game_unit_m (g, u);
    bol_type_t type = bol_type (g, u);
    if (x->arm == ARM_COMMAND) {
        x->stand_count = 0;
        return 0;
    }
    int want = t->type[type].stands;
    /* seed 000: units of as many stands as the player has ("A line of
       infantry is two rows of stands", "8 Stand Infantry Column", "A
       cavalry line, and deployed artillery, remain 1 row deep") */
    if (t->house.any_stands && x->stand_count > 0)
        want = x->stand_count;
    if (x->stand_count == 0) {
        int r = bol_stand_resolve (t, type, x->quality);
        x->stand_count = want;
        for (int i = 0; i < want; i++)
            x->stands[i] = (stand_t) { .start = (int16_t) r,
                                       .strength = (int16_t) r };
    }
    if (x->stand_count != want) {
        snprintf (err, (size_t) errlen, "unit \"%s\": a %s unit has %d "
                  "stand%s, not %d (\"Battalion and spearmen units have two "
                  "stands, and all other units have one stand\")", x->id,
                  bol_type_name (type), want, want == 1 ? "" : "s",
                  x->stand_count);
        return -1;
    }
    int lo = 99, hi = 0;
    for (int i = 0; i < x->stand_count; i++) {
        int s = x->stands[i].start;
        if (s < t->resolve_min || s > t->resolve_max) {
            snprintf (err, (size_t) errlen, "unit \"%s\": stand %d: resolve "
                      "%d is not in %d..%d (\"Each stand has Resolve "
                      "(2-4)\")", x->id, i + 1, s, t->resolve_min,
                      t->resolve_max);
            return -1;
        }
        lo = s < lo ? s : lo;
        hi = s > hi ? s : hi;
    }
    if (hi - lo > 1 && !t->house.any_stands) {
        snprintf (err, (size_t) errlen, "unit \"%s\": its stands' resolve "
                  "%d and %d differ by more than one (\"Stands in a two "
                  "stand unit must have the same resolve as each other, or "
                  "differ by at most one\")", x->id, lo, hi);
        return -1;
    }
    /* a figure a stand: the Risk Factor tables count stands lost (under
       seed 000's casualty markers, the markers: `killed` as given) */
    x->figures = x->stand_count;
    x->wounded = 0;
    if (t->house.casualty_markers) {
        if (x->killed < 0 || x->killed >= x->stand_count) {
            snprintf (err, (size_t) errlen, "unit \"%s\": %d casualty "
                      "markers (killed) on %d stands: it would have routed "
                      "(\"If a units takes the same or more casualties as it "
                      "has stands then it is routed\")", x->id, x->killed,
                      x->stand_count);
            return -1;
        }
        return 0;
    }
    x->killed = 0;
    for (int i = 0; i < x->stand_count; i++)
        if (x->stands[i].strength == 0)
            x->killed++;
    return 0;
}

static int
prepare (game_t *g, char *err, int errlen)
{
    for (int u = 0; u < game_unit_count (g); u++) {
        const unit_t *x = game_unit_c (g, u);
        bol_type_t type = bol_type (g, u);
        if (!formation_allowed (g, u, x->formation)) {
            snprintf (err, (size_t) errlen, "unit \"%s\": %s are never in %s "
                      "(battalions and spearmen line, column, square or "
                      "march; "
                      "skirmishers and rabble loose; cavalry mounted; guns "
                      "deployed (line) or limbered (column))", x->id,
                      bol_type_name (type), formation_name (x->formation));
            return -1;
        }
        if (prepare_stands (g, u, err, errlen) < 0
            || bol_house_formation_check (g, u, x->formation, err,
                                          errlen) < 0)
            return -1;
        bol_house_fit (g, u);
        if (is_artillery (g, u) && x->formation == FORMATION_COLUMN)
            state_m (g, u)->flags |= BOL_F_LIMBERED;
    }
    const scenario_t *sc = game_scenario (g);
    for (int i = 0; i < scenario_order_count (sc); i++) {
        const scenario_order_t *so = scenario_order (sc, i);
        game_unit_mut (g, so->unit)->current = so->order;
    }
    return 0;
}

/*  ---- initiative and the turn ---- */

/*  A die each (game_roll_off), re-thrown on a tie unless
 *  `tie_to_attacker`: the side that throws higher, on a tie the
 *  attacker.  Said as an event headed `what`. */
static side_t
roll_off (game_t *g, dice_t *dice, bool tie_to_attacker, const char *what)
{
    int b, r;
    int high = game_roll_off (g, dice, 6, tie_to_attacker, &b, &r, NULL);
    side_t w = high >= 0 ? (side_t) high : bol_attacker (g);
    if (game_events_on (g))
        game_event (g, GAME_EVENT_COMMAND, -1, "%s: %s %d, %s %d: %s", what,
                    scenario_side_name (game_scenario (g), SIDE_BLUE), b,
                    scenario_side_name (game_scenario (g), SIDE_RED), r,
                    scenario_side_name (game_scenario (g), w));
    return w;
}

/*  The start of a game turn: last turn's marks go (the shooting marker
 *  stays: "Units that already have a shooting marker must either shoot
 *  or attempt a command check to remove the shooting marker"). */
static void
new_turn (game_t *g)
{
    for (int u = 0; u < game_unit_count (g); u++) {
        game_unit_t *gu = game_unit_mut (g, u);
        bol_unit_state_t *st = bol_state (gu);
        unit_t *x = game_unit_m (g, u);
        int16_t keep = st->flags & (BOL_F_SHOOTING | BOL_F_LOST
                                    | BOL_F_ROUTED | BOL_F_CASUALTY);
        /* rallied back last turn: the Risk Factor tables' "running or
           retreating" */
        if (st->flags & BOL_F_RALLIED)
            x->status |= STATUS_RETREATING_FROM_MELEE;
        else
            x->status &= ~STATUS_RETREATING_FROM_MELEE;
        if (is_artillery (g, u) && x->formation == FORMATION_COLUMN)
            keep |= BOL_F_LIMBERED;
        /* how a charger met its opponent holds while their melee goes on */
        if (gu->in_melee)
            keep |= st->flags & (BOL_F_MET | BOL_F_BEHIND);
        st->flags = keep;
        st->target = 0;
        /* seed 000's marks of one turn (where a charge began is marked
           as it begins: bol_house_charge_begins) */
        st->house &= ~(BOL_H_RETREATED | BOL_H_FIRE_HIT | BOL_H_START_LOW
                       | BOL_H_LIMBERED_TO_MOVE | BOL_H_HASTY_SQUARE);
        gu->ordered = 0;
        gu->fired = 0;
        gu->moved_halves = 0;
    }
}

static void
begin_phase (game_t *g, dice_t *dice)
{
    int phase = game_phase (g);
    int *blue = game_side_extra (g, SIDE_BLUE);
    if (phase == BOL_PHASE_INITIATIVE) {
        new_turn (g);
        if (!blue[BOL_SX_ATTACKER]) {
            int first = scenario_first_side (game_scenario (g));
            side_t a = first >= 0 ? (side_t) first
                     : roll_off (g, dice, false, "the attacker (no scenario "
                                 "names one: a die each, ties thrown again)");
            blue[BOL_SX_ATTACKER] = (int) a + 1;
        }
        side_t active = game_turn (g) == 1
                      ? bol_attacker (g)
                      : roll_off (g, dice, true, "initiative (a tie to the "
                                  "attacker)");
        blue[BOL_SX_ACTIVE] = (int) active + 1;
        if (game_turn (g) == 1 && !blue[BOL_SX_BOMBARDED]) {
            /* "Pre-game 7. Bombardment. Artillery get a free shot": the
               defender's guns first (they were deployed first) */
            blue[BOL_SX_BOMBARDED] = 1;
            side_t a = bol_attacker (g);
            bol_shooting (g, (side_t) (1 - a), true, dice);
            bol_shooting (g, a, true, dice);
        }
        if (game_events_on (g))
            game_event (g, GAME_EVENT_COMMAND, -1, "%s is the active player",
                        scenario_side_name (game_scenario (g), active));
        /* seed 000's rally phase, before anyone moves ("Leader that
           attempted to rally this turn: No movement") */
        bol_house_rally_phase (g, active, dice);
        return;
    }
    int side = phase_side (g, phase);
    if (side < 0)
        return;
    for (int u = 0; u < game_unit_count (g); u++) {
        if ((int) game_unit_c (g, u)->side != side || !bol_in_play (g, u))
            continue;
        bool needs = true;
        if (shoot_phase (phase))
            needs = bol_can_shoot (g, u) && bol_priority_target (g, u) >= 0
                 && game_unit (g, u)->commanded;
        else if (charge_phase (phase)) {
            needs = false;
            for (int e = 0; e < game_unit_count (g) && !needs; e++)
                needs = is_enemy (g, u, e)
                     && bol_charge_check (g, u, e, NULL, 0) == 0;
            needs = needs && game_unit (g, u)->commanded;
        }
        game_unit_mut (g, u)->needs_order = needs;
    }
}

/*  Uncommanded units take their moves from the Risk Factor tables; in
 *  the shooting and charge phases the engine carries out what their
 *  move began (bol_shooting, bol_close_combat). */
static bool
table_bound (const game_t *g, int u)
{
    return move_phase (game_phase (g)) && bol_uncommanded (g, u, NULL, 0);
}

static void
table_bound_why (const game_t *g, int u, char *why, int len)
{
    if (!bol_uncommanded (g, u, why, len))
        snprintf (why, (size_t) len, "commanded");
}

/*  ---- orders ---- */

/*  Does order `o` take unit u off the spot (a charge with a point moves
 *  there in the move phase)? */
static bool
order_moves (const game_t *g, int u, const order_t *o)
{
    return (o->kind == ORDER_MOVE || o->kind == ORDER_TAKE_COVER
            || o->kind == ORDER_FIRE || o->kind == ORDER_CHARGE) && o->has_to
        && geom_dist (o->to, game_unit_c (g, u)->fp.centre) > 0.05;
}

static int
check_move (const game_t *g, int u, const order_t *o, char *err, int errlen)
{
    const unit_t *x = game_unit_c (g, u);
    bol_type_t type = bol_type (g, u);
    if (o->has_formation && !formation_allowed (g, u, o->formation)) {
        snprintf (err, (size_t) errlen, "%s: %s are never in %s", x->id,
                  bol_type_name (type), formation_name (o->formation));
        return -1;
    }
    if (o->has_formation
        && bol_house_formation_check (g, u, o->formation, err, errlen) < 0)
        return -1;
    if (bol_gun_shot_cannot_limber (g, u, o)) {
        snprintf (err, (size_t) errlen, "%s: it shot this game turn, so it "
                  "may not limber: \"In a game turn deployed artillery can "
                  "either move and limber or move and shoot\"", x->id);
        return -1;
    }
    if (o->has_formation && o->formation != x->formation
        && (o->formation == FORMATION_MARCH || x->formation == FORMATION_MARCH)
        && o->formation != FORMATION_LINE && x->formation != FORMATION_LINE) {
        snprintf (err, (size_t) errlen, "%s: %s to %s: \"Only line can "
                  "change to march.  March can only change to line.\"",
                  x->id, formation_name (x->formation),
                  formation_name (o->formation));
        return -1;
    }
    /* seed 000's one option a turn: a charge readied by a move order
       that also moves, turns or forms would be refused when declared */
    const char *no = bol_house_charge_order_no (g, u, o);
    if (no) {
        snprintf (err, (size_t) errlen, "%s: no charge: %s", x->id, no);
        return -1;
    }
    /* seed 000's movement options: the order read as the option it is
       (its half move brought in), or refused as none of them */
    order_t read;
    if (bol_house_move_option (g, u, o, &read, err, errlen) < 0)
        return -1;
    o = &read;
    bool moves = order_moves (g, u, o);
    /* the locked zone asked alone: the other zones are the plan's, and
       a unit's whole zone (bol_zone) weighs every enemy's priority
       target, most of a check's cost */
    if (bol_in_contact (g, u)) {
        /* "The only allowable move is to about face if that will leave
           the unit in enemy contact" */
        bool about = o->has_facing
                  && fabs (geom_turn_deg (x->fp.facing, o->facing) - 180) < 1;
        bool turns = o->has_facing
                  && geom_turn_deg (x->fp.facing, o->facing) > 0.5;
        if (moves || (o->has_formation && o->formation != x->formation)
            || (turns && !about)) {
            snprintf (err, (size_t) errlen, "%s: in the locked zone (in "
                      "contact with the enemy) it may only about face",
                      x->id);
            return -1;
        }
        if (about && is_artillery (g, u) && tables (g)->guns_wheel_pivot) {
            snprintf (err, (size_t) errlen, "%s: in the locked zone it may "
                      "only about face, and \"Artillery can wheel or "
                      "pivot\"", x->id);
            return -1;
        }
        return 0;
    }
    /* the worst zone along its way, its control zones' limits and the
       changes of direction the zone allows (bol_move_plan) */
    bol_plan_t plan;
    int partner = o->has_to && !o->has_formation
                ? bol_passage_partner (g, u, o->to) : -1;
    bool passage = partner >= 0;
    if (passage && bol_in_contact (g, partner)) {
        /* the swap moves the other line too, which the locked zone
           forbids as it forbids the ordered line's own move */
        snprintf (err, (size_t) errlen, "%s: no passage of lines: %s is in "
                  "contact with the enemy (the locked zone: \"The only "
                  "allowable move is to about face if that will leave the "
                  "unit in enemy contact\")", x->id,
                  game_unit_c (g, partner)->id);
        return -1;
    }
    if ((o->has_to || o->has_facing) && !passage) {
        order_t way = *o;
        way.has_to = moves;
        if (bol_move_plan (g, u, &way, &plan, err, errlen) < 0)
            return -1;
    }
    return 0;
}

int
bol_order_check (const game_t *g, int u, const order_t *o, char *err,
                 int errlen)
{
    const unit_t *x = game_unit_c (g, u);
    int phase = game_phase (g);
    if ((o->kind == ORDER_FIRE || o->kind == ORDER_CHARGE)
        && (o->target < 0 || o->target >= game_unit_count (g)
            || !is_enemy (g, u, o->target))
        && !(o->kind == ORDER_FIRE && o->target < 0)) {
        snprintf (err, (size_t) errlen, "%s: no enemy unit to %s", x->id,
                  o->kind == ORDER_FIRE ? "shoot at" : "charge");
        return -1;
    }
    if (move_phase (phase)) {
        /* a charge order in the move phase: stand ready, the charge
           declared in Step 4.1 */
        return check_move (g, u, o, err, errlen);
    }
    if (shoot_phase (phase)) {
        if (o->kind != ORDER_FIRE)
            return 0;                    /* it does not shoot */
        if (!bol_can_shoot (g, u)) {
            snprintf (err, (size_t) errlen, "%s: it cannot shoot now (%s)",
                      x->id, !tables (g)->type[bol_type (g, u)].shoots
                      ? "its troops do not shoot"
                      : state_c (g, u)->flags & BOL_F_MOVED
                      ? "a moved marker"
                      : game_unit (g, u)->in_melee
                        && !tables (g)->shoot_in_contact
                      ? "in contact (readings.shoot_in_contact)"
                      : "limbered, in march, or limbered this turn");
            return -1;
        }
        /* the target is the rule's, not the order's: "Target priority
           is the closest viable target directly-to-front, otherwise
           closest in arc" */
        if (bol_priority_target (g, u) < 0) {
            snprintf (err, (size_t) errlen, "%s: no target in range, in "
                      "arc and in sight", x->id);
            return -1;
        }
        return 0;
    }
    if (charge_phase (phase)) {
        if (o->kind != ORDER_CHARGE)
            return 0;                    /* no charge declared */
        return bol_charge_check (g, u, o->target, err, errlen);
    }
    snprintf (err, (size_t) errlen, "%s: no orders in the %s phase", x->id,
              phase_name (phase));
    return -1;
}

static int
check_order (const game_t *g, int u, const order_t *o, char *err, int errlen)
{
    return bol_order_check (g, u, o, err, errlen);
}

/*  Up to `max` legal orders for the phase: hold first; in a move: face
 *  the nearest enemy, each formation its troops have, on towards the
 *  nearest enemy and back from it, on towards the nearest objective its
 *  side does not hold, and for a commander, to join each unit of its
 *  side in reach that has none; in a shooting phase: shoot; in a charge
 *  phase: each charge it may make. */
static int
legal_orders (const game_t *g, int u, order_t *out, int max)
{
    int n = 0;
    char err[SOLO_ERR_MAX];
    const unit_t *x = game_unit_c (g, u);
    int phase = game_phase (g);
#define TRY(o) do { if (n < max && check_order (g, u, &(o), err, \
                                                sizeof err) == 0) \
                        out[n++] = (o); } while (0)
    order_t hold = order_hold ();
    TRY (hold);
    if (shoot_phase (phase)) {
        int p = bol_priority_target (g, u);
        if (p >= 0 && bol_can_shoot (g, u)) {
            order_t fire = order_hold ();
            fire.kind = ORDER_FIRE;
            fire.target = p;
            fire.fire = true;
            TRY (fire);
        }
        return n;
    }
    if (charge_phase (phase)) {
        for (int e = 0; e < game_unit_count (g) && n < max; e++)
            if (is_enemy (g, u, e)) {
                order_t charge = order_hold ();
                charge.kind = ORDER_CHARGE;
                charge.target = e;
                TRY (charge);
            }
        return n;
    }
    int near = situation_nearest_enemy (game_situation (g), u, NULL);
    if (near >= 0) {
        order_t face = order_hold ();
        face.has_facing = true;
        face.facing = geom_bearing (x->fp.centre,
                                    game_unit_c (g, near)->fp.centre);
        TRY (face);
    }
    for (int f = 0; f < FORMATION_COUNT; f++)
        if ((formation_t) f != x->formation
            && bol_formation_allowed (bol_type (g, u), (formation_t) f)) {
            order_t change = order_hold ();
            change.has_formation = true;
            change.formation = (formation_t) f;
            TRY (change);
        }
    if (near >= 0) {
        vec2_t c = x->fp.centre, e = game_unit_c (g, near)->fp.centre;
        double d = situation_unit_distance (game_situation (g), u, near);
        double step = bol_move_allowance (g, u);
        double charge = bol_cm (g, tables (g)->charge_tum);
        if (d > 0.5) {
            /* on to a charge's reach, or a whole move */
            order_t on = order_hold ();
            on.kind = ORDER_MOVE;
            on.has_to = true;
            on.to = situation_move_towards (game_situation (g), c,
                                            geom_bearing (c, e),
                                            fmin (step, fmax (0, d
                                                  - charge * 0.6)));
            TRY (on);
            order_t back = on;
            back.to = situation_move_towards (game_situation (g), c,
                                              geom_bearing (e, c), step);
            back.has_facing = true;
            back.facing = geom_bearing (c, e);
            TRY (back);
        }
    }
    const scenario_t *sc = game_scenario (g);
    double step = bol_move_allowance (g, u);
    if (x->arm == ARM_COMMAND) {
        /* a commander joins a unit of its side: attached, it rallies it
           and fights with it (and may be lost with it) */
        for (int k = 0; k < game_unit_count (g) && n < max; k++) {
            const unit_t *y = game_unit_c (g, k);
            if (k == u || y->side != x->side || !bol_in_play (g, k)
                || y->arm == ARM_COMMAND
                || bol_attached_commander (g, k) >= 0)
                continue;
            vec2_t behind = geom_heading_vec (y->fp.facing + 180);
            double off = y->fp.depth / 2 + x->fp.depth / 2 + 0.25;
            order_t join = order_hold ();
            join.kind = ORDER_MOVE;
            join.has_to = true;
            join.to = (vec2_t) { y->fp.centre.x + behind.x * off,
                                 y->fp.centre.y + behind.y * off };
            join.has_facing = true;
            join.facing = y->fp.facing;
            if (geom_dist (join.to, x->fp.centre) <= step + 1e-6)
                TRY (join);
        }
    }
    else if (scenario_objective_count (sc) > 0) {
        /* on towards the nearest objective its side does not hold */
        int best = -1;
        double best_d = INFINITY;
        for (int i = 0; i < scenario_objective_count (sc); i++) {
            const scenario_objective_t *ob = scenario_objective (sc, i);
            double d = geom_dist (x->fp.centre, ob->at);
            if (game_objective_holder (g, i) != (int) x->side && d < best_d
                && d > 0.5)
                best_d = d, best = i;
        }
        if (best >= 0) {
            const scenario_objective_t *ob = scenario_objective (sc, best);
            order_t on = order_hold ();
            on.kind = ORDER_MOVE;
            on.has_to = true;
            on.to = situation_move_towards (game_situation (g), x->fp.centre,
                                            geom_bearing (x->fp.centre,
                                                          ob->at),
                                            fmin (step, best_d));
            TRY (on);
        }
    }
#undef TRY
    return n;
}

/*  The charge at `target` as legal_orders lists it: in a charge phase
 *  only, at an enemy, when the check takes it (the list's cap of `max`
 *  orders aside, which a battle of fewer units never meets). */
static bool
legal_charge (const game_t *g, int u, int target, order_t *out)
{
    if (!charge_phase (game_phase (g)) || target < 0
        || target >= game_unit_count (g) || !is_enemy (g, u, target))
        return false;
    order_t charge = order_hold ();
    charge.kind = ORDER_CHARGE;
    charge.target = target;
    char err[SOLO_ERR_MAX];
    if (check_order (g, u, &charge, err, sizeof err) != 0)
        return false;
    *out = charge;
    return true;
}

/*  ---- the morale phase ---- */

/*  ---- victory ---- */

static bool
holds (const game_t *g, int u)
{
    return bol_in_play (g, u) && !is_commander (g, u);
}

/*  The army breakpoint ("total lost units equals or exceeds ... 1/3 the
 *  number of the original units, rounded up"); both at once a draw (each
 *  "loses the battle"); at the time limit, when neither broke, "The
 *  attacker loses". */
static void
victory (const game_t *g, game_result_t *out)
{
    /* seed 000: "An army abandons the field if, at the end of a turn,
       half of its units have routed.  A routed unit that subsequently
       rallies still counts as routed" */
    double house_break = tables (g)->house.routed_breakpoint;
    game_victory_rules_t v = {
        .army_break = house_break > 0 ? house_break : tables (g)->breakpoint,
        .side_lost = house_break > 0 ? bol_side_routed : bol_side_lost,
        .holds = holds,
        .count_wounded = false,
        .lost_words = house_break > 0
                    ? "units routed"
                    : tables (g)->army_break_commanders
                    ? "units lost (routed, eliminated or commander "
                      "casualties)"
                    : "units lost (routed or eliminated)",
        .both_break_draw = true,
        /* the host's 1/3 holds whatever the scenario says; the house
           rules' half only "In the absence of scenario specific victory
           conditions" */
        .break_is_ruleset = house_break <= 0 };
    game_judge_victory (g, &v, out);
    out->on_time_winner = 1 - (int) bol_attacker (g);
    /* broken at the break game_judge_victory used (the scenario's, where
       it stands), or with no unit left */
    bool broke = false;
    for (int s = 0; s < SIDE_COUNT; s++) {
        int of;
        v.side_lost (g, (side_t) s, &of);
        if (of > 0 && (out->break_share[s] >= 1.0 - 1e-9
                       || out->units_left[s] == 0))
            broke = true;
    }
    if (!broke && game_turn (g) >= bol_time_limit (g)) {
        side_t a = bol_attacker (g);
        out->over = true;
        out->winner = 1 - (int) a;
        snprintf (out->reason, sizeof out->reason, "the time limit: the "
                  "attacker (%s) has not won in %d game turns, and loses",
                  scenario_side_name (game_scenario (g), a),
                  bol_time_limit (g));
    }
}

/*  ---- resolving ---- */

/*  The order unit u carries out in its move: this turn's, else a hold; a
 *  continue carries on with its current actions (a charge ends). */
static order_t
move_order_of (const game_t *g, int u)
{
    const game_unit_t *gu = game_unit (g, u);
    order_t o = gu->ordered ? gu->order : order_hold ();
    if (o.kind == ORDER_CONTINUE)
        o = gu->current.kind == ORDER_CHARGE ? order_hold () : gu->current;
    return o;
}

/*  Carry out the move phase's orders of side `side`: the passages of
 *  lines first (the two lines swap places before either moves), then
 *  every other unit's. */
static void
move_side (game_t *g, int side, dice_t *dice)
{
    for (int k = 0; k < 2 * game_unit_count (g); k++) {
        int u = k % game_unit_count (g);
        bool passages = k < game_unit_count (g);
        if ((int) game_unit_c (g, u)->side != side || !bol_in_play (g, u))
            continue;
        game_unit_t *gu = game_unit_mut (g, u);
        if (bol_state (gu)->flags & BOL_F_PASSED)
            continue;               /* it swapped places in a passage */
        order_t o = move_order_of (g, u);
        bool passage = o.has_to && !o.has_formation
                    && bol_passage_partner (g, u, o.to) >= 0;
        if (passage != passages)
            continue;
        unit_t *x = game_unit_m (g, u);
        /* the Risk Factor tables' morale effect */
        x->status = (x->status & ~(o.status_clear & MORALE_FLAGS))
                  | (o.status_set & MORALE_FLAGS);
        char err[SOLO_ERR_MAX];
        if (bol_order_check (g, u, &o, err, sizeof err) < 0) {
            if (game_events_on (g))
                game_event (g, GAME_EVENT_MOVE, u, "%s stands: %s", x->id,
                            err);
            o = order_hold ();
        }
        if (o.kind == ORDER_CHARGE) {
            /* ready to charge: declared in Step 4.1 if still in reach,
               after the move to its point when it has one */
            state_m (g, u)->target = (int16_t) (o.target + 1);
            o.kind = o.has_to ? ORDER_MOVE : ORDER_HOLD;
        }
        bol_move_order (g, u, &o, dice);
        gu->current = gu->ordered ? gu->order : o;
    }
}

/*  The declared charges of side `side`: its ordered ones, and the ones
 *  its uncommanded units made ready in their move. */
static void
declare_charges (game_t *g, int side, dice_t *dice)
{
    for (int u = 0; u < game_unit_count (g); u++) {
        if ((int) game_unit_c (g, u)->side != side || !bol_in_play (g, u))
            continue;
        game_unit_t *gu = game_unit_mut (g, u);
        bol_unit_state_t *st = bol_state (gu);
        int target = -1;
        if (gu->commanded && gu->ordered && gu->order.kind == ORDER_CHARGE)
            target = gu->order.target;
        else if (!gu->commanded && st->target > 0)
            target = st->target - 1;
        char err[SOLO_ERR_MAX];
        st->target = 0;
        st->flags &= ~BOL_F_CHARGE;
        /* seed 000: "Take disorder check and if pass then charge" */
        if (target >= 0 && tables (g)->house.charge_check
            && bol_charge_check (g, u, target, err, sizeof err) == 0
            && !bol_house_check (g, u, dice, "pass its disorder check to "
                                 "charge"))
            target = -1;
        if (target >= 0 && bol_charge_check (g, u, target, err,
                                             sizeof err) == 0) {
            st->flags |= BOL_F_CHARGE;
            st->target = (int16_t) (target + 1);
            if (game_events_on (g))
                game_event (g, GAME_EVENT_MELEE, u, "%s declares a charge on "
                            "%s", game_unit_c (g, u)->id,
                            game_unit_c (g, target)->id);
        }
    }
}

/*  The host's sequence skips the reactive player's second shooting
 *  phase; seed 000's (each side in each phase, the initiative's first)
 *  skips the first, so the reactive player shoots after the active. */
static int
next_phase (const game_t *g, int phase)
{
    int skipped = tables (g)->house.initiative_first_each_phase
                ? BOL_PHASE_REACTIVE_SHOOT : BOL_PHASE_REACTIVE_SHOOT_SECOND;
    return phase + 1 == skipped ? phase + 2 : phase + 1;
}

static void
resolve_phase (game_t *g, dice_t *dice)
{
    int phase = game_phase (g);
    int side = phase_side (g, phase);
    if (move_phase (phase))
        move_side (g, side, dice);
    else if (shoot_phase (phase))
        bol_shooting (g, (side_t) side, false, dice);
    else if (phase == BOL_PHASE_ACTIVE_CHARGES)
        declare_charges (g, side, dice);
    else if (phase == BOL_PHASE_REACTIVE_CHARGES) {
        declare_charges (g, side, dice);
        bol_close_combat (g, dice);
    }
    else if (phase == BOL_PHASE_MORALE) {
        bol_morale_phase (g, dice);
        game_update_objectives (g, holds);
    }
}

/*  Unit u under command (its player's) or not (the tables'). */
static void
set_commanded (game_t *g, int u, bool c)
{
    game_unit_mut (g, u)->commanded = c;
    unit_t *x = game_unit_m (g, u);
    if (c)
        x->status |= STATUS_COMMANDED;
    else
        x->status &= ~STATUS_COMMANDED;
}

/*  Who is under command is decided at the start of each phase: a unit
 *  the tables do not bind is its player's. */
static void
refresh (game_t *g)
{
    for (int u = 0; u < game_unit_count (g); u++)
        set_commanded (g, u, !bol_uncommanded (g, u, NULL, 0));
}

/*  Who was under command, remembered by the table's key before the
 *  phase began, for battles of up to 64 units (a bit each).  The answer
 *  depends only on what game_table_key covers (the units' places, arms,
 *  who is gone; their types, divisions and the tables through the game's
 *  lineage), not on who was under command before; and most phases, and
 *  the first of every playout from one position, begin on a table met
 *  before.  Per thread, as the other memos. */
#define REFRESH_MEMO_BITS 6
#define REFRESH_MEMO_UNITS 64
typedef struct {
    uint64_t key;
    int count;            /* the units plus one; 0: empty */
    uint64_t commanded;   /* bit u: unit u under command */
} refresh_memo_t;
static _Thread_local refresh_memo_t refresh_memo[1 << REFRESH_MEMO_BITS];

static void
begin_phase_commanded (game_t *g, dice_t *dice)
{
    int n = game_unit_count (g);
    if (n > REFRESH_MEMO_UNITS)
        refresh (g);
    else {
        uint64_t key = game_table_key (g);
        refresh_memo_t *m = &refresh_memo[bol_memo_slot (key, n,
                                                         REFRESH_MEMO_BITS)];
        if (m->key != key || m->count != n + 1) {
            uint64_t bits = 0;
            for (int u = 0; u < n; u++)
                if (!bol_uncommanded (g, u, NULL, 0))
                    bits |= (uint64_t) 1 << u;
            *m = (refresh_memo_t) { key, n + 1, bits };
        }
        for (int u = 0; u < n; u++)
            set_commanded (g, u, (m->commanded >> u) & 1);
    }
    begin_phase (g, dice);
}

/*  A unit's strength as the rules wear it: its stands' resolve, which
 *  every hit lowers (a stand lost only at 0); under seed 000's casualty
 *  markers its stands less its markers. */
static void
strength (const game_t *g, int u, double *now, double *start)
{
    const unit_t *x = game_unit_c (g, u);
    *now = *start = 0;
    if (x->arm == ARM_COMMAND)
        return;
    if (tables (g)->house.casualty_markers) {
        *start = x->stand_count;
        *now = bol_in_play (g, u) ? x->stand_count - x->killed : 0;
        return;
    }
    for (int i = 0; i < x->stand_count; i++) {
        *start += x->stands[i].start;
        *now += bol_in_play (g, u) ? x->stands[i].strength : 0;
    }
}

const game_engine_t bol_engine = {
    .name = "bolivar",
    .title = "4 Page Bolivar (seed 003), played",
    .tables_load = tables_load,
    .tables_free = tables_free,
    .phase_count = BOL_PHASE_COUNT,
    .phase_name = phase_name,
    .phase_side = phase_side,
    .phase_title = phase_title,
    .scratch_size = scratch_size,
    .prepare = prepare,
    .begin_phase = begin_phase_commanded,
    .legal_orders = legal_orders,
    .legal_charge = legal_charge,
    .check_order = check_order,
    .table_bound = table_bound,
    .table_bound_why = table_bound_why,
    .resolve_phase = resolve_phase,
    .next_phase = next_phase,
    .victory = victory,
    .refresh = refresh,
    .strength = strength,
    .charge_after_move = bol_charge_reach,
    .holds = holds,
    .last_turn = bol_time_limit,
};
