/*  e19_engine.c - the 19th Century Europe QRS played: the sequence, the
 *  command roll, the orders a unit may take and their checks, victory.
 *  Moves are in e19_move.c, fire in e19_fire.c, hand-to-hand and morale
 *  in e19_combat.c.  */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "e19_play.h"

/*  The face a charger stands against (e19_face_of): by the centres, the
 *  half-angle of the front and of the rear, seen from the target's
 *  centre (the project's reading, RULINGS.md); by the edges, how near
 *  the line of a front or rear edge counts as on it. */
#define FACE_HALF_DEG 45.0
#define EDGE_EPS_CM   1e-9

/*  The status flags an order's morale effect may set or clear. */
#define MORALE_FLAGS (STATUS_RAN_LAST_TURN | STATUS_RETREATING_FROM_MELEE \
                      | STATUS_FALLING_BACK)

/*  ---- small questions ---- */

side_t
e19_side_a (const game_t *g)
{
    int a = game_side_extra_const (g, SIDE_BLUE)[E19_SX_SIDE_A];
    if (a > 0)
        return (side_t) (a - 1);
    int first = scenario_first_side (game_scenario (g));
    return first >= 0 ? (side_t) first : SIDE_BLUE;
}

bool
e19_in_play (const game_t *g, int u)
{
    return !game_unit (g, u)->gone && bases (g, u) > 0;
}

e19_type_t
e19_type (const game_t *g, int u)
{
    return e19_unit_type (tables (g), game_unit_c (g, u));
}

e19_class_t
e19_class (const game_t *g, int u)
{
    return tables (g)->class_of[e19_type (g, u)];
}

bool
e19_point_in (const game_t *g, vec2_t p, terrain_kind_t kind)
{
    return situation_point_in (game_situation (g), p, kind);
}

bool
e19_on_high_ground (const game_t *g, vec2_t p)
{
    return e19_point_in (g, p, TERRAIN_GENTLE_HILL)
        || e19_point_in (g, p, TERRAIN_STEEP_HILL);
}

bool
e19_in_town (const game_t *g, int u)
{
    return e19_point_in (g, game_unit_c (g, u)->fp.centre, TERRAIN_TOWN);
}

/*  The sheet names the faces ("One attacker per face", "Attacking Flank
 *  or Rear") but not how they are told apart; e19.charge.face_by chooses
 *  (RULINGS.md).  By the centres: from's centre straight before the
 *  target's front edge (within the lane its width sweeps) is at its
 *  front, straight behind its rear edge at its rear; elsewhere the
 *  bearing from the target's centre to from's, within FACE_HALF_DEG of
 *  its front or rear (the limit itself counts), is that face
 *  (footprint_arc_at, the arcs of fire).  By the edges: from's centre ahead of
 *  the line of the target's front edge, or on it (within EDGE_EPS_CM),
 *  is at its front; behind the line of its rear edge at its rear.  Else
 *  a flank, the one on from's side of the target's axis (right for a
 *  centre dead ahead or behind, which only a unit inside it could
 *  have). */
int
e19_face_of (const game_t *g, int target, int from)
{
    const unit_t *t = game_unit_c (g, target);
    vec2_t c = game_unit_c (g, from)->fp.centre;
    double rel = geom_norm_deg (geom_bearing (t->fp.centre, c)
                                - t->fp.facing);
    int flank = rel < 180 ? E19_FACE_RIGHT : E19_FACE_LEFT;
    if (tables (g)->charge_face_by_edges) {
        vec2_t ahead = geom_heading_vec (t->fp.facing);
        double forward = (c.x - t->fp.centre.x) * ahead.x
                       + (c.y - t->fp.centre.y) * ahead.y;
        double half = t->fp.depth / 2;
        if (forward >= half - EDGE_EPS_CM)
            return E19_FACE_FRONT;
        if (forward <= -half + EDGE_EPS_CM)
            return E19_FACE_REAR;
        return flank;
    }
    arc_t arc = footprint_arc_at (&t->fp, c, FACE_HALF_DEG, FACE_HALF_DEG);
    return arc == ARC_FRONT ? E19_FACE_FRONT
         : arc == ARC_REAR ? E19_FACE_REAR : flank;
}

/*  "Towns: ... Units have no flank or rear": a charger meets the face of
 *  a unit in a town that it reaches (e19_face_of: where it comes in),
 *  but whichever that is it counts as the front, for "One attacker per
 *  face" and for "+1 dice per base: Attacking Flank or Rear".  Out of
 *  towns the face it reaches is the face it counts. */
int
e19_face_counted (const game_t *g, int target, int from)
{
    return e19_in_town (g, target) ? E19_FACE_FRONT
                                   : e19_face_of (g, target, from);
}

int
e19_face_chargers (const game_t *g, int target, int face)
{
    int n = 0;
    for (int k = 0; k < game_unit_count (g); k++) {
        const e19_unit_state_t *st = state_c (g, k);
        n += (st->flags & E19_F_CHARGED) && st->opponent == target + 1
          && st->face == face && e19_in_play (g, k);
    }
    return n;
}

/*  ---- engine tables ---- */

static void *
tables_load (const char *text, const char *origin, const ruleset_t *rs,
             char *err, int errlen)
{
    return e19_tables_load_text (text, origin, rs, err, errlen);
}

static void
tables_free (void *t)
{
    e19_tables_t *p = t;
    e19_tables_destroy (&p);
}

static const char *
phase_name (int phase)
{
    static const char *names[E19_PHASE_COUNT] = {
        "command", "side A acts", "side B acts", "firing", "hand-to-hand" };
    return phase >= 0 && phase < E19_PHASE_COUNT ? names[phase] : "?";
}

static int
phase_side (const game_t *g, int phase)
{
    side_t a = e19_side_a (g);
    if (phase == E19_PHASE_A_ACTS)
        return a;
    if (phase == E19_PHASE_B_ACTS)
        return 1 - a;
    return -1;
}

/*  "Prussian Guard acts (side A)". */
static void
phase_title (const game_t *g, int phase, char *buf, int len)
{
    if (phase == E19_PHASE_A_ACTS || phase == E19_PHASE_B_ACTS) {
        snprintf (buf, (size_t) len, "%s acts (side %c)",
                  scenario_side_name (game_scenario (g),
                                      (side_t) phase_side (g, phase)),
                  phase == E19_PHASE_A_ACTS ? 'A' : 'B');
        return;
    }
    snprintf (buf, (size_t) len, "%s", phase_name (phase));
}

static size_t
scratch_size (const game_t *g)
{
    /* an int per unit: the command roll's order of units, the firing
       phase's unsaved hits */
    return (size_t) game_unit_count (g) * sizeof (int);
}

/*  A unit's formation must be one its troops have: infantry line or
 *  column, skirmishers loose, cavalry and dragoons mounted, guns
 *  unlimbered (line) or limbered (column). */
static bool
formation_of_type (e19_type_t type, formation_t f)
{
    if (line_troops (type))
        return f == FORMATION_LINE || f == FORMATION_COLUMN;
    switch (type) {
    case E19_SKIRMISHERS:
        return f == FORMATION_LOOSE;
    case E19_CAVALRY:
    case E19_DRAGOONS:
        return f == FORMATION_MOUNTED;
    default:
        return true;
    }
}

/*  The formation in the sheet's words (the table file's formation_words:
 *  guns "unlimbered" and "limbered"). */
static const char *
formation_words (const game_t *g, int u, formation_t f)
{
    return ruleset_formation_word (game_ruleset (g), game_unit_c (g, u)->arm,
                                   f);
}

static int
prepare (game_t *g, char *err, int errlen)
{
    for (int u = 0; u < game_unit_count (g); u++) {
        const unit_t *x = game_unit_c (g, u);
        e19_type_t type = e19_type (g, u);
        if (!formation_of_type (type, x->formation)) {
            snprintf (err, (size_t) errlen, "unit \"%s\": %s are never in "
                      "%s (line or column for infantry, unlimbered (line) "
                      "or limbered (column) guns, loose skirmishers, "
                      "mounted cavalry)", x->id, e19_type_name (type),
                      formation_name (x->formation));
            return -1;
        }
    }
    const scenario_t *sc = game_scenario (g);
    for (int i = 0; i < scenario_order_count (sc); i++) {
        const scenario_order_t *so = scenario_order (sc, i);
        game_unit_mut (g, so->unit)->current = so->order;
    }
    return 0;
}

/*  ---- the command roll ---- */

int
e19_command_count (const game_t *g, side_t side, int die)
{
    const e19_tables_t *t = tables (g);
    e19_general_t grade = t->no_general;
    bool found = false;
    for (int u = 0; u < game_unit_count (g); u++) {
        const unit_t *x = game_unit_c (g, u);
        if (x->side != side || x->arm != ARM_COMMAND || !e19_in_play (g, u))
            continue;
        e19_general_t gr = t->general_grade[x->quality];
        if (!found || gr > grade)
            grade = gr;
        found = true;
    }
    return e19_command_units (t, grade, die);
}

/*  The distance from unit u to its side's nearest general (INFINITY:
 *  none). */
static double
general_distance (const game_t *g, int u)
{
    double best = INFINITY;
    for (int k = 0; k < game_unit_count (g); k++) {
        const unit_t *x = game_unit_c (g, k);
        if (x->side == game_unit_c (g, u)->side && x->arm == ARM_COMMAND
            && e19_in_play (g, k)) {
            double d = situation_unit_distance (game_situation (g), u, k);
            if (d < best)
                best = d;
        }
    }
    return best;
}

/*  One side's command roll: so many units may be ordered, the nearest
 *  to a general first (ties to the lower index); generals always. */
static void
command_side (game_t *g, side_t side, dice_t *dice)
{
    game_dice_key (g, dice, -1 - (int) side, GAME_DICE_COMMAND, -1);
    int die = dice_roll (dice, 6);
    int count = e19_command_count (g, side, die);
    int n = game_unit_count (g);
    int *order = game_scratch (g);
    int k = 0;
    for (int u = 0; u < n; u++) {
        const unit_t *x = game_unit_c (g, u);
        if (x->side != side || !e19_in_play (g, u))
            continue;
        state_m (g, u)->commanded_die = (int16_t) die;
        if (x->arm == ARM_COMMAND) {
            game_unit_mut (g, u)->commanded = 1;
            continue;
        }
        double d = general_distance (g, u);
        int j = k++;
        while (j > 0 && general_distance (g, order[j - 1]) > d) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = u;
    }
    for (int j = 0; j < k && j < count; j++)
        game_unit_mut (g, order[j])->commanded = 1;
    for (int u = 0; u < n; u++) {
        unit_t *x = game_unit_m (g, u);
        if (x->side != side)
            continue;
        if (game_unit (g, u)->commanded)
            x->status |= STATUS_COMMANDED;
        else
            x->status &= ~STATUS_COMMANDED;
    }
    if (game_events_on (g))
        game_event (g, GAME_EVENT_COMMAND, -1, "%s's command roll: %d, "
                    "%d unit%s to order (of %d)",
                    scenario_side_name (game_scenario (g), side), die, count,
                    count == 1 ? "" : "s", k);
}

/*  The turn's side A, by e19.sequence.side_a, kept in the game
 *  (E19_SX_SIDE_A) for phase_side and the titles: the scenario's
 *  `first` (else blue), or a die each side, blue's thrown first from
 *  the game's dice (a player's own may be queued), the higher side A,
 *  ties thrown again; said as an event when thrown. */
static void
choose_side_a (game_t *g, dice_t *dice)
{
    const scenario_t *sc = game_scenario (g);
    int first = scenario_first_side (sc);
    e19_side_a_rule_t rule = tables (g)->side_a;
    side_t a = first >= 0 ? (side_t) first : SIDE_BLUE;
    if (rule == E19_SIDE_A_ROLL
        || (rule == E19_SIDE_A_SCENARIO_ELSE_ROLL && first < 0)) {
        int b, r, throws;
        int high = game_roll_off (g, dice, 6, false, &b, &r, &throws);
        if (high >= 0)
            a = (side_t) high;
        if (game_events_on (g))
            game_event (g, GAME_EVENT_COMMAND, -1, "who acts first: %s %d, "
                        "%s %d%s: %s is side A",
                        scenario_side_name (sc, SIDE_BLUE), b,
                        scenario_side_name (sc, SIDE_RED), r,
                        throws > 1 ? " (ties thrown again)" : "",
                        scenario_side_name (sc, a));
    }
    game_side_extra (g, SIDE_BLUE)[E19_SX_SIDE_A] = (int) a + 1;
}

/*  The start of a turn: last turn's marks go. */
static void
new_turn (game_t *g)
{
    for (int u = 0; u < game_unit_count (g); u++) {
        game_unit_t *gu = game_unit_mut (g, u);
        e19_unit_state_t *st = e19_state (gu);
        unit_t *x = game_unit_m (g, u);
        /* a retreat counts for the turn after (the Risk Factor tables'
           "running or retreating"), then goes */
        if (st->flags & E19_F_RETREAT)
            x->status |= STATUS_RETREATING_FROM_MELEE;
        else
            x->status &= ~STATUS_RETREATING_FROM_MELEE;
        st->flags = 0;
        st->opponent = 0;
        st->faces = 0;
        st->face = 0;
        gu->commanded = 0;
        gu->ordered = 0;
        gu->fired = 0;
        gu->moved_halves = 0;
        gu->in_melee = 0;
    }
}

static void
begin_phase (game_t *g, dice_t *dice)
{
    int phase = game_phase (g);
    if (phase == E19_PHASE_COMMAND) {
        new_turn (g);
        choose_side_a (g, dice);
        side_t a = e19_side_a (g);
        command_side (g, a, dice);
        command_side (g, (side_t) (1 - a), dice);
        return;
    }
    int side = phase_side (g, phase);
    if (side < 0)
        return;
    for (int u = 0; u < game_unit_count (g); u++)
        if ((int) game_unit_c (g, u)->side == side && e19_in_play (g, u))
            game_unit_mut (g, u)->needs_order = 1;
}

/*  Out of command: the command roll's units went to others nearer the
 *  general. */
static bool
table_bound (const game_t *g, int u)
{
    return !game_unit (g, u)->commanded;
}

static void
table_bound_why (const game_t *g, int u, char *why, int len)
{
    const unit_t *x = game_unit_c (g, u);
    int die = state_c (g, u)->commanded_die;
    int count = die ? e19_command_count (g, x->side, die) : 0;
    snprintf (why, (size_t) len, "out of command: its side's command roll "
              "(%d) orders %d unit%s, nearer the general", die, count,
              count == 1 ? "" : "s");
}

/*  ---- orders ---- */

int
e19_charge_permitted (const game_t *g, int u, int target, char *err,
                      int errlen)
{
    e19_class_t a = e19_class (g, u), d = e19_class (g, target);
    if (a == E19_CLASS_GENERAL || d == E19_CLASS_GENERAL) {
        snprintf (err, (size_t) errlen, "generals neither charge nor are "
                  "charged");
        return -1;
    }
    e19_permit_t p = tables (g)->charge[a][d];
    if (p == E19_YES)
        return 0;
    if (p == E19_MAYBE && bases (g, u) > bases (g, target))
        return 0;
    if (p == E19_MAYBE)
        snprintf (err, (size_t) errlen, "%s may charge %s only when it is "
                  "larger (%d bases against %d)", e19_class_name (a),
                  e19_class_name (d), bases (g, u), bases (g, target));
    else
        snprintf (err, (size_t) errlen, "%s may not charge %s (the charge "
                  "sequence table)", e19_class_name (a), e19_class_name (d));
    return -1;
}

/*  Does order `o` take unit u off the spot: a charge, or a move (or a
 *  fire order with a point) to somewhere else. */
static bool
order_moves (const game_t *g, int u, const order_t *o)
{
    return o->kind == ORDER_CHARGE
        || ((o->kind == ORDER_MOVE || o->kind == ORDER_TAKE_COVER
             || o->kind == ORDER_FIRE) && o->has_to
            && geom_dist (o->to, game_unit_c (g, u)->fp.centre) > 0.05);
}

/*  The formation unit u moves in when an order to move names none: a
 *  line or unlimbered guns form column (limber) first, for "Infantry in
 *  Line: May not move" and "Unlimbered Artillery: Can not move"; -1 for
 *  any other (its own).  The ruleset's settings.moves.form_to_move says
 *  which, as it does for the Risk Factor tables (the tables' load checks
 *  that it forms every line troop's line into column). */
static int
move_formation (const game_t *g, int u)
{
    const unit_t *x = game_unit_c (g, u);
    if (!e19_held_in_line (g, u))
        return -1;
    return ruleset_move_formation (situation_ruleset (game_situation (g)),
                                   x->arm, x->formation);
}

/*  The formation an order leaves unit u in before it moves: the order's,
 *  else its own, a line or unlimbered guns asked to move or charge
 *  forming column or limbering first (the sequence changes formation
 *  before it moves). */
static formation_t
formation_for (const game_t *g, int u, const order_t *o)
{
    const unit_t *x = game_unit_c (g, u);
    if (o->has_formation)
        return o->formation;
    int moving = order_moves (g, u, o) ? move_formation (g, u) : -1;
    return moving >= 0 ? (formation_t) moving : x->formation;
}

static int
check_order (const game_t *g, int u, const order_t *o, char *err, int errlen)
{
    const unit_t *x = game_unit_c (g, u);
    e19_type_t type = e19_type (g, u);
    if (o->has_formation && !formation_of_type (type, o->formation)) {
        snprintf (err, (size_t) errlen, "%s: %s are never in %s", x->id,
                  e19_type_name (type), formation_name (o->formation));
        return -1;
    }
    /* charged or charging, it stays to fight hand to hand this turn */
    if (order_moves (g, u, o) && game_unit (g, u)->in_melee) {
        snprintf (err, (size_t) errlen, "%s: in contact with the enemy, it "
                  "stays to fight hand to hand", x->id);
        return -1;
    }
    switch (o->kind) {
    case ORDER_HOLD:
    case ORDER_CONTINUE:
        return 0;
    case ORDER_MOVE:
    case ORDER_TAKE_COVER:
        if (formation_for (g, u, o) == FORMATION_LINE
            && type != E19_SKIRMISHERS && x->arm != ARM_CAVALRY
            && x->arm != ARM_COMMAND) {
            snprintf (err, (size_t) errlen, "%s: %s in %s may not move "
                      "(it may pivot)", x->id, e19_type_name (type),
                      formation_words (g, u, FORMATION_LINE));
            return -1;
        }
        return 0;
    case ORDER_FIRE:
        if (o->target < 0 || o->target >= game_unit_count (g)
            || !is_enemy (g, u, o->target)) {
            snprintf (err, (size_t) errlen, "%s: no enemy unit to fire at",
                      x->id);
            return -1;
        }
        if (e19_firer_row (g, u) < 0 && !o->has_formation) {
            snprintf (err, (size_t) errlen, "%s: %s%s do not fire", x->id,
                      type == E19_ARTILLERY ? "limbered " : "",
                      e19_type_name (type));
            return -1;
        }
        return 0;
    case ORDER_CHARGE: {
        if (o->target < 0 || o->target >= game_unit_count (g)
            || !is_enemy (g, u, o->target)) {
            snprintf (err, (size_t) errlen, "%s: no enemy unit to charge",
                      x->id);
            return -1;
        }
        char why[SOLO_ERR_MAX];
        if (e19_charge_permitted (g, u, o->target, why, sizeof why) < 0) {
            snprintf (err, (size_t) errlen, "%s: %s", x->id, why);
            return -1;
        }
        /* no flank or rear in towns: every charger there counts as at
           the front */
        int face = e19_face_counted (g, o->target, u);
        /* "One attacker per face" (e19.charge.attackers_per_face) */
        int most = tables (g)->attackers_per_face;
        if (e19_face_chargers (g, o->target, face) >= most) {
            char many[32] = "one attacker";
            if (most > 1)
                snprintf (many, sizeof many, "%d attackers", most);
            snprintf (err, (size_t) errlen, "%s: %s per face, and that face "
                      "of %s is taken", x->id, many,
                      game_unit_c (g, o->target)->id);
            return -1;
        }
        double distance;
        vec2_t at = e19_contact_point (g, u, o->target, &distance);
        /* "May pivot 45°": where it ends within the pivot seen from its
           centre, or straight before it within its own frontage, where
           it needs no pivot at all (a player moves it straight in) */
        double turn = geom_turn_deg (x->fp.facing,
                                     geom_bearing (x->fp.centre, at));
        vec2_t ahead = geom_heading_vec (x->fp.facing);
        vec2_t way = { at.x - x->fp.centre.x, at.y - x->fp.centre.y };
        double along = way.x * ahead.x + way.y * ahead.y;
        double across = fabs (way.x * ahead.y - way.y * ahead.x);
        bool straight = along > 0 && across <= x->fp.width / 2 + 1e-6;
        if (distance > 0.05 && !straight
            && turn > tables (g)->charge_pivot_deg + 1e-6) {
            snprintf (err, (size_t) errlen, "%s: %s lies %.0f degrees off "
                      "its front (it may pivot %.0f)", x->id,
                      game_unit_c (g, o->target)->id, turn,
                      tables (g)->charge_pivot_deg);
            return -1;
        }
        /* measured in the formation the order takes first: a line
           ordered to charge forms column, then charges */
        formation_t f = formation_for (g, u, o);
        if (f == FORMATION_LINE && line_troops (type)) {
            snprintf (err, (size_t) errlen, "%s: %s in %s may not move, nor "
                      "charge (it may pivot)", x->id, e19_type_name (type),
                      formation_words (g, u, FORMATION_LINE));
            return -1;
        }
        /* "Move to contact per movement table": no move crosses
           impassable ground (a river), nor does a charge */
        vec2_t end = situation_move_towards (game_situation (g),
                                             x->fp.centre,
                                             geom_bearing (x->fp.centre, at),
                                             distance);
        if (geom_dist (x->fp.centre, end) + 0.05 < distance) {
            snprintf (err, (size_t) errlen, "%s: impassable ground or the "
                      "table's edge lies between it and %s", x->id,
                      game_unit_c (g, o->target)->id);
            return -1;
        }
        double rate = e19_charge_reach (g, u, at, f);
        if (distance > rate + 1e-6) {
            snprintf (err, (size_t) errlen, "%s: %s is %.1f cm away, beyond "
                      "its move (%.1f cm)", x->id,
                      game_unit_c (g, o->target)->id, distance, rate);
            return -1;
        }
        return 0;
    }
    default:
        snprintf (err, (size_t) errlen, "%s: unknown order", x->id);
        return -1;
    }
}

/*  Up to `max` legal orders: hold; face the nearest enemy; change
 *  formation; fire at each enemy it may fire at; charge each it may
 *  charge; move towards the nearest enemy and away from it. */
static int
legal_orders (const game_t *g, int u, order_t *out, int max)
{
    int n = 0;
    char err[SOLO_ERR_MAX];
    const unit_t *x = game_unit_c (g, u);
#define TRY(o) do { if (n < max && check_order (g, u, &(o), err, \
                                                sizeof err) == 0) \
                        out[n++] = (o); } while (0)
    order_t hold = order_hold ();
    TRY (hold);
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
            && formation_of_type (e19_type (g, u), (formation_t) f)) {
            order_t change = order_hold ();
            change.has_formation = true;
            change.formation = (formation_t) f;
            TRY (change);
        }
    for (int e = 0; e < game_unit_count (g) && n < max; e++) {
        if (!is_enemy (g, u, e))
            continue;
        if (e19_fire_dice (g, u, e) > 0) {
            order_t fire = order_hold ();
            fire.kind = ORDER_FIRE;
            fire.target = e;
            fire.fire = true;
            TRY (fire);
        }
        order_t charge = order_hold ();
        charge.kind = ORDER_CHARGE;
        charge.target = e;
        TRY (charge);
    }
    if (near >= 0) {
        vec2_t c = x->fp.centre, e = game_unit_c (g, near)->fp.centre;
        double d = geom_dist (c, e);
        if (d > 0.1) {
            order_t on = order_hold ();
            on.kind = ORDER_MOVE;
            on.has_to = true;
            on.to = situation_move_towards (game_situation (g), c,
                                            geom_bearing (c, e),
                                            fmax (0, d - 15));
            TRY (on);
            order_t back = order_hold ();
            back.kind = ORDER_MOVE;
            back.has_to = true;
            back.to = situation_move_towards (game_situation (g), c,
                                              geom_bearing (e, c), 24);
            back.has_facing = true;
            back.facing = geom_bearing (c, e);
            TRY (back);
        }
    }
#undef TRY
    return n;
}

/*  "1. Change Formation", for unit u as its side acts: the order it
 *  carries out this turn is settled (a hold when it has none; a
 *  continue its last order, a charge not carried on; a hold when it is
 *  in contact, for it stays to fight hand to hand) and kept as its
 *  current order for the steps after, its morale effect marked, and its
 *  formation changed.  The whole side changes formation before any of
 *  it charges. */
static void
change_formation (game_t *g, int u)
{
    game_unit_t *gu = game_unit_mut (g, u);
    order_t o = gu->ordered ? gu->order : order_hold ();
    if (o.kind == ORDER_CONTINUE)
        o = gu->current.kind == ORDER_CHARGE ? order_hold () : gu->current;
    if (gu->in_melee)
        o = order_hold ();          /* it stays to fight hand to hand */
    unit_t *x = game_unit_m (g, u);
    /* the Risk Factor tables' morale effect, or a continue's */
    x->status = (x->status & ~(o.status_clear & MORALE_FLAGS))
              | (o.status_set & MORALE_FLAGS);
    formation_t f = formation_for (g, u, &o);
    if (f != x->formation) {
        if (game_events_on (g))
            game_event (g, GAME_EVENT_MOVE, u, "%s %s%s", x->id,
                        e19_type (g, u) == E19_ARTILLERY
                        ? (f == FORMATION_LINE ? "unlimbers" : "limbers")
                        : "changes formation to ",
                        e19_type (g, u) == E19_ARTILLERY
                        ? "" : formation_words (g, u, f));
        x->formation = f;
    }
    gu->current = o;
}

/*  "2. Charge Sequence", for unit u whose order this turn (settled by
 *  change_formation) is a charge: checked again where things stand now,
 *  then carried out.  Every charge of the side goes in before any of
 *  its units moves, so a friend's move cannot stand in a charge's way
 *  that the sequence has not reached yet. */
static void
charge_step (game_t *g, int u, dice_t *dice)
{
    const order_t *o = &game_unit (g, u)->current;
    char err[SOLO_ERR_MAX];
    if (o->kind != ORDER_CHARGE)
        return;
    if (check_order (g, u, o, err, sizeof err) == 0)
        e19_charge (g, u, o->target, dice);
    else if (game_events_on (g))
        game_event (g, GAME_EVENT_MOVE, u, "no charge: %s", err);
}

/*  "3. Movement", for unit u whose order this turn is not a charge: its
 *  move (a move, a move to cover, a fire order with a point), or its
 *  pivot where it stands; a fire order's target waits for the firing
 *  phase. */
static void
movement_step (game_t *g, int u)
{
    order_t o = game_unit (g, u)->current;
    const unit_t *x = game_unit_c (g, u);
    switch (o.kind) {
    case ORDER_CHARGE:
        break;
    case ORDER_MOVE:
    case ORDER_TAKE_COVER:
    case ORDER_FIRE:
        if (o.has_to && geom_dist (o.to, x->fp.centre) > 0.05)
            e19_move (g, u, o.to, o.has_facing ? o.facing : NAN);
        else if (o.has_facing)
            e19_move (g, u, x->fp.centre, o.facing);
        break;
    case ORDER_HOLD:
    default:
        if (o.has_facing)
            e19_move (g, u, x->fp.centre, o.facing);
        break;
    }
}

/*  ---- victory ---- */

int
e19_side_lost (const game_t *g, side_t side, int *of)
{
    const situation_t *start = scenario_situation (game_scenario (g));
    int lost = 0, total = 0;
    for (int u = 0; u < game_unit_count (g); u++) {
        const unit_t *x = game_unit_c (g, u);
        if (x->side != side || x->arm == ARM_COMMAND)
            continue;
        const unit_t *s = situation_unit_const (start, u);
        total += s->figures - s->killed;
        lost += x->killed - s->killed;
    }
    if (of)
        *of = total;
    return lost;
}

static bool
holds (const game_t *g, int u)
{
    return e19_in_play (g, u) && game_unit_c (g, u)->arm != ARM_COMMAND;
}

static void
victory (const game_t *g, game_result_t *out)
{
    game_victory_rules_t v = {
        .army_break = tables (g)->army_break,
        .side_lost = e19_side_lost,
        .holds = holds,
        .count_wounded = false,
        .lost_words = "figures lost" };
    game_judge_victory (g, &v, out);
}

/*  ---- aiming ---- */

/*  "Change Formation" comes first in the sequence and "Firing" after
 *  the move, so a unit halting to fire forms first: infantry in line
 *  throw the firing table's best row ("Inf line, Art" against "Infantry
 *  Col") and close-order infantry in line are a "Normal" target where a
 *  column is "CO If Col"; "Limbered Artillery: Can not fire".  And
 *  "Pivoting Artillery cannot fire": guns whose target is in their arc
 *  already keep their facing. */
static void
aim (const game_t *g, int u, int target, order_t *o)
{
    const unit_t *x = game_unit_c (g, u);
    e19_type_t type = e19_type (g, u);
    if (!e19_in_play (g, u) || !is_enemy (g, u, target)
        || !line_troops (type))
        return;
    if (x->formation != FORMATION_LINE && !game_unit (g, u)->in_melee) {
        o->has_formation = true;
        o->formation = FORMATION_LINE;
    }
    if (type == E19_ARTILLERY && o->has_facing && !order_moves (g, u, o)
        && e19_in_arc (g, u, target))
        o->has_facing = false;
}

/*  ---- resolving ---- */

static void
resolve_phase (game_t *g, dice_t *dice)
{
    int phase = game_phase (g);
    switch (phase) {
    case E19_PHASE_A_ACTS:
    case E19_PHASE_B_ACTS: {
        /* "1. Change Formation 2. Charge Sequence 3. Movement": each
           step for all the side's units, in the units' order, before
           the next */
        int side = phase_side (g, phase);
        int n = game_unit_count (g);
        for (int u = 0; u < n; u++)
            if ((int) game_unit_c (g, u)->side == side && e19_in_play (g, u))
                change_formation (g, u);
        for (int u = 0; u < n; u++)
            if ((int) game_unit_c (g, u)->side == side && e19_in_play (g, u))
                charge_step (g, u, dice);
        for (int u = 0; u < n; u++)
            if ((int) game_unit_c (g, u)->side == side && e19_in_play (g, u))
                movement_step (g, u);
        break;
    }
    case E19_PHASE_FIRING:
        e19_firing (g, dice);
        break;
    case E19_PHASE_MELEE:
        e19_hand_to_hand (g, dice);
        game_update_objectives (g, holds);
        break;
    default:
        break;
    }
}

const game_engine_t e19_engine = {
    .name = "europe19",
    .title = "19th Century Europe QRS (seed 004), played",
    .tables_load = tables_load,
    .tables_free = tables_free,
    .phase_count = E19_PHASE_COUNT,
    .phase_name = phase_name,
    .phase_side = phase_side,
    .phase_title = phase_title,
    .scratch_size = scratch_size,
    .prepare = prepare,
    .begin_phase = begin_phase,
    .legal_orders = legal_orders,
    .check_order = check_order,
    .table_bound = table_bound,
    .table_bound_why = table_bound_why,
    .resolve_phase = resolve_phase,
    .victory = victory,
    .holds = holds,
    .aim = aim,
    .move_formation = move_formation,
    /* contacts derive from charges, which a report from the table does
       not give: nothing to recompute (refresh NULL) */
};
