/*  portfolio.c - the parameterised orders weighed for one unit, with a
 *  static heuristic that ranks them.  */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "portfolio.h"

static const char *kind_names[PORTFOLIO_KIND_COUNT] = {
    "hold", "fire", "fire_advance", "charge", "advance", "objective",
    "cover", "fall_back", "withdraw", "close_up", "continue", "flank" };

const char *
portfolio_kind_name (portfolio_kind_t kind)
{
    return (int) kind >= 0 && kind < PORTFOLIO_KIND_COUNT ? kind_names[kind]
                                                          : "?";
}

/*  What the options of one unit are built from. */
typedef struct {
    const game_t *g;
    const situation_t *sit;
    const ruleset_t *rs;
    const unit_t *un;
    int u;
    const bool *visible;
    double aggression, caution;
    bool commanded;
    bool loaded;
    bool cavalry;
    bool in_cover;
    double reach;                 /* its weapon's long range, 0: none */
    double move;                  /* a full move in the open */
    double charge_reach;          /* a charge's move */
    double charge_after_move;     /* a charge declared after the move
                                     (game_charge_after_move_cm), or 0 */
    int enemies[PORTFOLIO_TARGETS]; /* nearest visible enemies in play */
    double enemy_cm[PORTFOLIO_TARGETS];
    int enemy_count;
    int nearest_any;              /* nearest enemy in play, seen or not */
    int threats;                  /* visible enemies whose reach covers it */
    portfolio_option_t *out;
    int n, max;
} build_t;

/*  Do a and b give the same order?  The facing counts: to the same
 *  point, an advance that keeps its facing (an oblique) and one that
 *  wheels first are different deeds where the rules check a change of
 *  direction. */
static bool
same_order (const order_t *a, const order_t *b)
{
    if (a->kind != b->kind || a->target != b->target || a->pace != b->pace
        || a->has_to != b->has_to || a->fire != b->fire
        || a->has_formation != b->has_formation
        || (a->has_formation && a->formation != b->formation)
        || a->has_facing != b->has_facing
        || (a->has_facing && geom_turn_deg (a->facing, b->facing) > 1.0))
        return false;
    return !a->has_to || geom_dist (a->to, b->to) < 0.5;
}

int
portfolio_legal_shape (const game_t *g, int u, const order_t *o,
                       order_t *out)
{
    assert (g && o && out && u >= 0 && u < game_unit_count (g));
    char err[SOLO_ERR_MAX];
    order_t tries[3];
    int count = 0;
    tries[count++] = *o;
    if (o->has_facing) {
        tries[count] = *o;
        tries[count++].has_facing = false;
    }
    vec2_t from = situation_unit_const (game_situation (g), u)->fp.centre;
    if (o->has_to && geom_dist (from, o->to) > 0.5) {
        tries[count] = *o;
        tries[count].has_facing = true;
        tries[count++].facing = geom_bearing (from, o->to);
    }
    for (int k = 0; k < count; k++)
        if (game_check_order (g, u, &tries[k], err, sizeof err) == 0) {
            *out = tries[k];
            return 0;
        }
    return -1;
}

/*  Add an option when the rules take it in some shape
 *  (portfolio_legal_shape) and no option gives the same order. */
static void
add (build_t *b, portfolio_kind_t kind, const order_t *o, int target,
     double prior, const char *fmt, const char *arg)
{
    if (b->n >= b->max)
        return;
    order_t shape;
    if (portfolio_legal_shape (b->g, b->u, o, &shape) < 0)
        return;
    o = &shape;
    for (int i = 0; i < b->n; i++)
        if (same_order (&b->out[i].order, o))
            return;
    portfolio_option_t *p = &b->out[b->n++];
    p->kind = kind;
    p->order = *o;
    p->target = target;
    p->prior = prior;
    snprintf (p->name, sizeof p->name, fmt, arg ? arg : "");
}

static const char *
unit_id (const build_t *b, int e)
{
    return situation_unit_const (b->sit, e)->id;
}

static vec2_t
centre_of (const build_t *b, int e)
{
    return situation_unit_const (b->sit, e)->fp.centre;
}

/*  The facing towards the nearest visible enemy, if any. */
static void
face_enemy (const build_t *b, order_t *o)
{
    if (b->enemy_count > 0) {
        o->has_facing = true;
        o->facing = geom_bearing (b->un->fp.centre, centre_of (b, b->enemies[0]));
    }
}

/*  Look around: own state, the nearest visible enemies, the threats. */
static void
survey (build_t *b)
{
    const weapon_t *w = ruleset_weapon (b->rs, b->un->weapon);
    b->commanded = game_unit (b->g, b->u)->commanded;
    b->loaded = !w->muzzle_loaded || (b->un->status & STATUS_LOADED);
    b->cavalry = b->un->arm == ARM_CAVALRY;
    b->in_cover = situation_footprint_cover (b->sit, &b->un->fp) != COVER_NONE;
    b->reach = ruleset_weapon_reach (b->rs, b->un);
    b->move = game_move_cm (b->g, b->u, b->cavalry ? "walk" : NULL);
    b->charge_after_move = game_charge_after_move_cm (b->g, b->u);
    b->charge_reach = b->charge_after_move > 0
                    ? b->charge_after_move
                    : game_move_cm (b->g, b->u, NULL);
    b->enemy_count = 0;
    b->nearest_any = -1;
    b->threats = 0;
    double any_cm = INFINITY;
    for (int e = 0; e < game_unit_count (b->g); e++) {
        const unit_t *x = situation_unit_const (b->sit, e);
        if (x->side == b->un->side || !game_unit_in_play (b->g, e))
            continue;
        double d = situation_unit_distance (b->sit, b->u, e);
        if (d < any_cm) {
            any_cm = d;
            b->nearest_any = e;
        }
        if (b->visible && !b->visible[e])
            continue;
        if (d <= ruleset_weapon_reach (b->rs, x))
            b->threats++;
        /* insertion into the nearest few */
        int k = b->enemy_count < PORTFOLIO_TARGETS ? b->enemy_count++
                                                   : PORTFOLIO_TARGETS;
        while (k > 0 && b->enemy_cm[k - 1] > d) {
            if (k < PORTFOLIO_TARGETS) {
                b->enemies[k] = b->enemies[k - 1];
                b->enemy_cm[k] = b->enemy_cm[k - 1];
            }
            k--;
        }
        if (k < PORTFOLIO_TARGETS) {
            b->enemies[k] = e;
            b->enemy_cm[k] = d;
        }
    }
}

/*  The share of the target's figures still standing and fit: a weakened
 *  target is a better one. */
static double
weakness (const build_t *b, int e)
{
    const unit_t *x = situation_unit_const (b->sit, e);
    if (x->figures <= 0)
        return 0;
    return (double) (x->killed + x->wounded) / x->figures;
}

/*  Order o, against enemy e, as a player halting to fire gives it
 *  (game_aim: the formation the unit fires from, no turn that costs the
 *  volley); `name` gets the formation's word after it when it changes,
 *  "fire at red-1st (line)". */
static void
aim (const build_t *b, int e, order_t *o, char *name, size_t len)
{
    game_aim (b->g, b->u, e, o);
    if (o->has_formation && o->formation != b->un->formation) {
        size_t used = strlen (name);
        snprintf (name + used, len - used, " (%s)",
                  ruleset_formation_word (b->rs, b->un->arm, o->formation));
    }
}

static void
add_hold (build_t *b)
{
    order_t o = order_hold ();
    face_enemy (b, &o);
    double prior = 0.3;
    if (!b->loaded)
        prior += 0.35;
    if (b->in_cover && b->threats > 0)
        prior += 0.2 * b->caution;
    char name[PORTFOLIO_NAME_MAX];
    snprintf (name, sizeof name, "%s", b->loaded ? "hold" : "hold and load");
    if (b->enemy_count > 0)
        aim (b, b->enemies[0], &o, name, sizeof name);
    add (b, PORTFOLIO_HOLD, &o, -1, prior, "%s", name);
}

static void
add_fire (build_t *b)
{
    if (b->reach <= 0)
        return;
    for (int i = 0; i < b->enemy_count; i++) {
        int e = b->enemies[i];
        double d = b->enemy_cm[i];
        if (d > b->reach)
            continue;
        order_t o = order_hold ();
        o.kind = ORDER_FIRE;
        o.target = e;
        o.fire = true;
        o.has_facing = true;
        o.facing = geom_bearing (b->un->fp.centre, centre_of (b, e));
        range_band_t band = ruleset_range_band (b->rs, b->un->weapon, d);
        double near = band == RANGE_SHORT ? 1.0 : band == RANGE_MEDIUM ? 0.6
                                                                       : 0.3;
        double prior = 0.55 + 0.3 * near + 0.1 * weakness (b, e) - 0.05 * i;
        char name[PORTFOLIO_NAME_MAX];
        snprintf (name, sizeof name, "fire at %s", unit_id (b, e));
        order_t aimed = o;
        aim (b, e, &aimed, name, sizeof name);
        add (b, PORTFOLIO_FIRE, &aimed, e, prior, "%s", name);
        if (i == 0 && b->loaded && d > 1.0) {
            order_t f = o;
            f.has_to = true;
            f.pace = ORDER_PACE_HALF;
            f.has_facing = false;
            double step = fmin (b->move / 2, d);
            f.to = situation_move_towards (b->sit, b->un->fp.centre, o.facing,
                                           step);
            add (b, PORTFOLIO_FIRE_ADVANCE, &f, e,
                 0.4 + 0.25 * b->aggression + 0.15 * near,
                 "fire at %s, closing in", unit_id (b, e));
        }
    }
}

/*  Where unit b->un would stand square before the face of enemy x it
 *  is on (front, flank or rear: the 45 degree arcs), `gap` from it, and
 *  the facing square to that face: how a player lines up a charge. */
static vec2_t
square_before (const build_t *b, const unit_t *x, double gap, double *facing)
{
    arc_t arc = footprint_arc (&x->fp, b->un->fp.centre, 45, 45);
    double half;
    double out = footprint_face_out (&x->fp, arc, b->un->fp.centre, &half);
    *facing = geom_norm_deg (out + 180);
    vec2_t n = geom_heading_vec (out);
    double off = half + b->un->fp.depth / 2 + gap;
    return (vec2_t) { x->fp.centre.x + n.x * off, x->fp.centre.y + n.y * off };
}

/*  A charge at each enemy in reach.  Where charges are declared after
 *  the move (game_charge_after_move_cm), the unit turns square to the
 *  face it charges in the move (a charge there may wheel little, under
 *  the house rules not at all), and an enemy beyond the charge's reach
 *  but within a move and a charge gets a charge after a move: on to half
 *  a charge before that face, square to it, the charge declared from
 *  there.  Without it an attacker whose one-turn playouts see no gain in
 *  coming nearer never comes within a charge's reach. */
static void
add_charges (build_t *b)
{
    bool after = b->charge_after_move > 0;
    for (int i = 0; i < b->enemy_count; i++) {
        int e = b->enemies[i];
        double d = b->enemy_cm[i];
        bool closing = d > b->charge_reach;
        if (closing && (!after || d > b->move + b->charge_reach))
            continue;
        order_t o = order_hold ();
        o.kind = ORDER_CHARGE;
        o.target = e;
        o.follow_up = true;
        const unit_t *x = situation_unit_const (b->sit, e);
        if (after) {
            vec2_t at = square_before (b, x, b->charge_reach / 2,
                                       &o.facing);
            o.has_facing = true;
            if (closing) {
                o.has_to = true;
                o.to = situation_move_towards (
                    b->sit, b->un->fp.centre,
                    geom_bearing (b->un->fp.centre, at),
                    fmin (b->move, geom_dist (b->un->fp.centre, at)));
            }
        }
        double odds = (double) unit_figures_standing (b->un)
                    / (unit_figures_standing (b->un) + unit_figures_standing (x));
        double prior = 0.15 + 0.45 * b->aggression + 0.4 * (odds - 0.5)
                     + (b->cavalry ? 0.15 : 0)
                     - (situation_footprint_cover (b->sit, &x->fp) != COVER_NONE
                        ? 0.15 : 0)
                     - (b->un->arm == ARM_COMMAND ? 0.4 : 0)
                     - (closing ? 0.1 : 0);
        add (b, PORTFOLIO_CHARGE, &o, e, prior,
             closing ? "close on %s and charge" : "charge %s", unit_id (b, e));
    }
}

/*  "Advance straight ahead" is offered for an enemy this far off the
 *  unit's front (degrees): nearer, the plain advance is much the same
 *  move; further, straight ahead is not towards it (45: an oblique's
 *  most, 4 Page Bolivar's and the house rules'). */
#define ADVANCE_STRAIGHT_MIN_DEG 5.0
#define ADVANCE_STRAIGHT_MAX_DEG 45.0

static void
add_advances (build_t *b)
{
    int e = b->enemy_count > 0 ? b->enemies[0] : b->nearest_any;
    if (e < 0)
        return;
    double towards = geom_bearing (b->un->fp.centre, centre_of (b, e));
    bool seen = b->enemy_count > 0;
    double out_of_reach = seen && b->enemy_cm[0] > b->reach ? 0.25 : 0.05;
    double prior = 0.2 + out_of_reach + 0.3 * b->aggression
                 - (b->un->arm == ARM_COMMAND ? 0.3 : 0);
    order_pace_t paces[2] = { ORDER_PACE_FULL, ORDER_PACE_FULL };
    int count = 1;
    if (b->cavalry) {
        paces[0] = ORDER_PACE_GALLOP;
        paces[1] = ORDER_PACE_WALK;
        count = 2;
    }
    for (int k = 0; k < count; k++) {
        order_t o = order_hold ();
        o.kind = ORDER_MOVE;
        o.pace = paces[k];
        o.has_to = true;
        double step = game_move_cm (b->g, b->u, order_pace_name (paces[k]));
        o.to = situation_move_towards (b->sit, b->un->fp.centre, towards, step);
        if (geom_dist (o.to, b->un->fp.centre) < 1.0)
            continue;
        char fmt[PORTFOLIO_NAME_MAX];
        const char *pace = !b->cavalry ? "" : k == 0 ? " at the gallop"
                                                     : " at a walk";
        snprintf (fmt, sizeof fmt, "advance on %s%%s%s",
                  seen ? "" : "where it last saw ", pace);
        add (b, PORTFOLIO_ADVANCE, &o, e, prior - 0.1 * k, fmt, unit_id (b, e));
        /* The same way, facing it: where a move off the front keeping the
           facing is an oblique that asks a command check (4 Page
           Bolivar's threat zone, the house rules'), a wheel first asks
           none; elsewhere the unit ends facing the enemy it goes for. */
        o.has_facing = true;
        o.facing = towards;
        snprintf (fmt, sizeof fmt, "face %s%%s and advance%s",
                  seen ? "" : "where it last saw ", pace);
        add (b, PORTFOLIO_ADVANCE, &o, e, prior - 0.05 - 0.1 * k, fmt,
             unit_id (b, e));
        /* Straight ahead, when the enemy is off its front within an
           oblique's reach: no change of direction, so no check and no
           wheel's cost anywhere. */
        double off = geom_turn_deg (b->un->fp.facing, towards);
        if (off > ADVANCE_STRAIGHT_MIN_DEG && off <= ADVANCE_STRAIGHT_MAX_DEG) {
            o = order_hold ();
            o.kind = ORDER_MOVE;
            o.pace = paces[k];
            o.has_to = true;
            o.has_facing = true;
            o.facing = b->un->fp.facing;
            o.to = situation_move_towards (b->sit, b->un->fp.centre,
                                           b->un->fp.facing, step);
            if (geom_dist (o.to, b->un->fp.centre) < 1.0)
                continue;
            snprintf (fmt, sizeof fmt, "advance straight ahead towards %%s%s",
                      pace);
            add (b, PORTFOLIO_ADVANCE, &o, e, prior - 0.05 - 0.1 * k, fmt,
                 unit_id (b, e));
        }
    }
}

static void
add_objectives (build_t *b)
{
    if (!game_unit_holds (b->g, b->u))
        return;                     /* it would hold nothing there */
    const scenario_t *sc = game_scenario (b->g);
    int count = scenario_objective_count (sc);
    for (int i = 0; i < count && i < PORTFOLIO_OBJECTIVES; i++) {
        const scenario_objective_t *obj = scenario_objective (sc, i);
        footprint_t spot = { obj->at, 0, 0.001, 0.001 };
        if (footprint_distance (&b->un->fp, &spot) <= obj->radius * 0.5)
            continue;               /* already there */
        order_t o = order_hold ();
        o.kind = ORDER_MOVE;
        o.pace = b->cavalry ? ORDER_PACE_GALLOP : ORDER_PACE_FULL;
        o.has_to = true;
        o.to = obj->at;
        bool ours = game_objective_holder (b->g, i) == (int) b->un->side;
        double prior = (ours ? 0.15 : 0.35) + 0.05 * obj->value
                     + 0.15 * b->aggression
                     - (b->un->arm == ARM_COMMAND ? 0.2 : 0);
        add (b, PORTFOLIO_OBJECTIVE, &o, i, prior, "make for %s", obj->id);
    }
}

static const char *
feature_id (const build_t *b, int f)
{
    return f >= 0 ? situation_terrain (b->sit, f)->id : "cover";
}

static void
add_cover (build_t *b)
{
    vec2_t pt;
    int f = situation_nearest_cover (b->sit, b->u, b->move, b->move, NULL,
                                     &pt);
    if (f >= 0 && geom_dist (pt, b->un->fp.centre) > 0.5) {
        order_t o = order_hold ();
        o.kind = ORDER_TAKE_COVER;
        o.pace = b->cavalry ? ORDER_PACE_WALK : ORDER_PACE_FULL;
        o.has_to = true;
        o.to = pt;
        face_enemy (b, &o);
        double prior = 0.1 + (b->threats > 0 && !b->in_cover
                              ? 0.25 + 0.3 * b->caution : 0.05 * b->caution);
        add (b, PORTFOLIO_COVER, &o, f, prior, "take cover in %s",
             feature_id (b, f));
    }
    if (b->enemy_count == 0)
        return;
    vec2_t away = centre_of (b, b->enemies[0]);
    f = situation_nearest_cover (b->sit, b->u, b->move, b->move, &away, &pt);
    if (f >= 0 && geom_dist (pt, b->un->fp.centre) > 0.5) {
        order_t o = order_hold ();
        o.kind = ORDER_TAKE_COVER;
        o.pace = b->cavalry ? ORDER_PACE_CANTER : ORDER_PACE_FULL;
        o.has_to = true;
        o.to = pt;
        face_enemy (b, &o);
        add (b, PORTFOLIO_WITHDRAW, &o, f, 0.05 + 0.25 * b->caution,
             "withdraw to %s", feature_id (b, f));
    }
}

static void
add_fall_back (build_t *b)
{
    if (b->enemy_count == 0)
        return;
    double bearing = situation_away_bearing (b->sit, b->u, b->enemies,
                                             b->enemy_count);
    order_t o = order_hold ();
    o.kind = ORDER_MOVE;
    o.pace = b->cavalry ? ORDER_PACE_CANTER : ORDER_PACE_FULL;
    o.has_to = true;
    o.to = situation_move_towards (b->sit, b->un->fp.centre, bearing,
                                   game_move_cm (b->g, b->u,
                                                 order_pace_name (o.pace)));
    if (geom_dist (o.to, b->un->fp.centre) < 1.0)
        return;
    face_enemy (b, &o);
    double prior = 0.05 + (b->threats > 0 ? 0.2 * b->caution : 0)
                 + (b->un->arm == ARM_COMMAND ? 0.1 : 0);
    add (b, PORTFOLIO_FALL_BACK, &o, -1, prior, "fall back", NULL);
}

/*  The middle of the units of command figure b->un's side in play, other
 *  command figures left out; false when it has none. */
static bool
units_middle (const build_t *b, vec2_t *mid)
{
    vec2_t sum = { 0, 0 };
    int k = 0;
    for (int v = 0; v < game_unit_count (b->g); v++) {
        const unit_t *x = situation_unit_const (b->sit, v);
        if (v == b->u || x->side != b->un->side || x->arm == ARM_COMMAND
            || !game_unit_in_play (b->g, v))
            continue;
        sum.x += x->fp.centre.x;
        sum.y += x->fp.centre.y;
        k++;
    }
    if (k == 0)
        return false;
    *mid = (vec2_t) { sum.x / k, sum.y / k };
    return true;
}

/*  A command figure's move to `to`: at its full pace, a mounted one at
 *  a walk. */
static order_t
command_move (const build_t *b, vec2_t to)
{
    order_t o = order_hold ();
    o.kind = ORDER_MOVE;
    o.pace = b->cavalry ? ORDER_PACE_WALK : ORDER_PACE_FULL;
    o.has_to = true;
    o.to = to;
    return o;
}

/*  A command figure keeps near its units: towards their middle. */
static void
add_close_up (build_t *b)
{
    vec2_t mid;
    if (b->un->arm != ARM_COMMAND || !units_middle (b, &mid))
        return;
    double d = geom_dist (mid, b->un->fp.centre);
    if (d < 2.0)
        return;
    order_t o = command_move (b, mid);
    double command = ruleset_settings (b->rs)->command_open_cm;
    add (b, PORTFOLIO_CLOSE_UP, &o, -1, d > command / 2 ? 0.55 : 0.2,
         "close up on the units", NULL);
}

/*  A command figure behind its units: their middle, a quarter of the
 *  command distance further from the nearest enemy, and clear of every
 *  friend by its own width (stepped back by that width, a few times at
 *  most, while one is nearer).  Where a commander is lost only with a
 *  unit it is attached to (4 Page Bolivar, the house rules), one that
 *  stands among the front units is risked at every hit they take. */
static void
add_behind_line (build_t *b)
{
    vec2_t mid;
    int e = b->enemy_count > 0 ? b->enemies[0] : b->nearest_any;
    if (b->un->arm != ARM_COMMAND || e < 0 || !units_middle (b, &mid))
        return;
    double away = geom_norm_deg (geom_bearing (mid, centre_of (b, e)) + 180);
    double command = ruleset_settings (b->rs)->command_open_cm;
    vec2_t at = situation_move_towards (b->sit, mid, away, command / 4);
    double clear = b->un->fp.width;
    for (int step = 0; step < 4; step++) {
        footprint_t spot = b->un->fp;
        spot.centre = at;
        bool crowded = false;
        for (int v = 0; v < game_unit_count (b->g) && !crowded; v++) {
            const unit_t *x = situation_unit_const (b->sit, v);
            crowded = v != b->u && x->side == b->un->side
                   && game_unit_in_play (b->g, v)
                   && footprint_distance (&x->fp, &spot) < clear;
        }
        if (!crowded)
            break;
        at = situation_move_towards (b->sit, at, away, clear);
    }
    if (geom_dist (at, b->un->fp.centre) < 1.0)
        return;
    order_t o = command_move (b, at);
    add (b, PORTFOLIO_CLOSE_UP, &o, -1, 0.3 + 0.2 * b->caution,
         "stand behind the units", NULL);
}

/*  Towards the flank or rear of each of the two nearest enemies seen:
 *  the point beside or behind it, at two thirds of the unit's own reach
 *  (or just clear of it, without one), nearest to where the unit stands.
 *  There it is in the enemy's Risk Factors ("enemy to flank or rear"). */
static void
add_flanks (build_t *b)
{
    if (b->un->arm == ARM_COMMAND)
        return;
    for (int i = 0; i < b->enemy_count && i < 2; i++) {
        int e = b->enemies[i];
        const unit_t *x = situation_unit_const (b->sit, e);
        double off = b->reach > 0 ? b->reach * 2 / 3 : 2.0;
        off += x->fp.depth / 2 + b->un->fp.depth / 2;
        double sides[3] = { x->fp.facing + 90, x->fp.facing - 90,
                            x->fp.facing + 180 };
        vec2_t best = b->un->fp.centre;
        double best_d = INFINITY;
        for (int k = 0; k < 3; k++) {
            vec2_t h = geom_heading_vec (sides[k]);
            double reach = k == 2 ? off : off + x->fp.width / 2;
            vec2_t p = { x->fp.centre.x + h.x * reach,
                         x->fp.centre.y + h.y * reach };
            if (p.x <= 0 || p.y <= 0 || p.x >= situation_width (b->sit)
                || p.y >= situation_depth (b->sit))
                continue;
            double d = geom_dist (p, b->un->fp.centre);
            if (d < best_d) {
                best_d = d;
                best = p;
            }
        }
        if (best_d < 2.0 || best_d == INFINITY)
            continue;
        order_t o = order_hold ();
        o.kind = ORDER_MOVE;
        o.pace = b->cavalry ? ORDER_PACE_GALLOP : ORDER_PACE_FULL;
        o.has_to = true;
        o.to = best;
        o.has_facing = true;
        o.facing = geom_bearing (best, x->fp.centre);
        add (b, PORTFOLIO_FLANK, &o, e, 0.15 + 0.2 * b->aggression,
             "round the flank of %s", unit_id (b, e));
    }
}

static void
add_continue (build_t *b)
{
    const order_t *cur = &game_unit (b->g, b->u)->current;
    if (cur->kind != ORDER_MOVE && cur->kind != ORDER_TAKE_COVER)
        return;
    order_t o = order_hold ();
    o.kind = ORDER_CONTINUE;
    add (b, PORTFOLIO_CONTINUE, &o, -1, 0.25, "carry on", NULL);
}

int
portfolio_build (const game_t *g, int u, const bool *visible,
                 double aggression, double caution, portfolio_option_t *out,
                 int max)
{
    assert (g && out && max >= 1);
    portfolio_option_t all[PORTFOLIO_MAX];
    build_t b;
    memset (&b, 0, sizeof b);
    b.g = g;
    b.sit = game_situation (g);
    b.rs = situation_ruleset (b.sit);
    b.un = situation_unit_const (b.sit, u);
    b.u = u;
    b.visible = visible;
    b.aggression = aggression;
    b.caution = caution;
    b.out = all;
    b.max = PORTFOLIO_MAX;
    if (game_unit_in_play (g, u)) {
        survey (&b);
        add_hold (&b);
        add_fire (&b);
        add_charges (&b);
        add_advances (&b);
        add_objectives (&b);
        add_cover (&b);
        add_fall_back (&b);
        add_close_up (&b);
        add_behind_line (&b);
        add_continue (&b);
        add_flanks (&b);
    }
    if (b.n == 0) {
        all[0].kind = PORTFOLIO_HOLD;
        all[0].order = order_hold ();
        all[0].target = -1;
        all[0].prior = 0;
        snprintf (all[0].name, sizeof all[0].name, "hold");
        b.n = 1;
    }
    /* best prior first; equal priors keep the order they were made in */
    for (int i = 1; i < b.n; i++) {
        portfolio_option_t x = all[i];
        int j = i;
        while (j > 0 && all[j - 1].prior < x.prior) {
            all[j] = all[j - 1];
            j--;
        }
        all[j] = x;
    }
    int n = b.n < max ? b.n : max;
    for (int i = 0; i < n; i++)
        all[i].unit = u;
    memcpy (out, all, (size_t) n * sizeof *out);
    return n;
}
