/*  strategy.c - the registry of named strategies, `random` and `table`,
 *  and the Risk Factor table layer as rules orders.  */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "commander.h"
#include "strategy.h"

struct strategy_t {
    const strategy_class_t *cls;
    void *state;
    dice_t *dice;
    char params[STRATEGY_PARAMS_MAX];
};

/*  ---- the table layer ---- */

/*  A commanded unit picks its own target: the fire order at the nearest
 *  enemy it sees within its weapon's reach and can hit (no melee in the
 *  way, game_melee_lets_shoot; the line open, game_line_of_fire_open),
 *  formed to fire as the rules would have it (game_aim: guns unlimbered,
 *  a column in line under europe19), if the rules allow it now. */
static bool
nearest_fire_order (const game_t *g, int u, order_t *out)
{
    const situation_t *sit = game_situation (g);
    const unit_t *un = situation_unit_const (sit, u);
    double reach = ruleset_weapon_reach (situation_ruleset (sit), un);
    if (reach <= 0)
        return false;
    int best = -1;
    double best_d = INFINITY;
    for (int e = 0; e < situation_unit_count (sit); e++) {
        const unit_t *x = situation_unit_const (sit, e);
        if (x->side == un->side || unit_figures_standing (x) <= 0
            || game_unit (g, e)->gone)
            continue;
        double d = situation_unit_distance (sit, u, e);
        if (d <= reach && d < best_d
            && situation_can_see (sit, u, e, NULL, NULL)
            && game_melee_lets_shoot (g, u) && game_melee_lets_shoot (g, e)
            && game_line_of_fire_open (g, u, e)) {
            best = e;
            best_d = d;
        }
    }
    if (best < 0)
        return false;
    order_t o = order_hold ();
    o.kind = ORDER_FIRE;
    o.target = best;
    o.fire = true;
    o.has_facing = true;
    o.facing = geom_bearing (un->fp.centre,
                             situation_unit_const (sit, best)->fp.centre);
    game_aim (g, u, best, &o);
    char err[SOLO_ERR_MAX];
    if (game_check_order (g, u, &o, err, sizeof err) < 0)
        return false;
    *out = o;
    return true;
}

/*  The rules order of decision d for unit u, the action's morale effect
 *  by ruleset `rs` (the game's, or its side's table variant). */
static void
order_from_rf (const game_t *g, const ruleset_t *rs, int u,
               const rf_decision_t *d, order_t *out)
{
    const rf_order_t *ro = &d->order;
    order_t o = order_hold ();
    int pace = ro->pace[0] ? order_pace_parse (ro->pace) : -1;
    o.pace = pace > 0 ? (order_pace_t) pace : ORDER_PACE_DEFAULT;
    o.has_facing = true;
    o.facing = ro->facing;
    o.target = ro->shoot_target;
    o.fire = ro->shoot_target >= 0;
    rf_status_effect (rs, d, &o.status_set, &o.status_clear);
    bool moves = ro->has_destination;
    switch (d->action) {
    case RF_CONTINUE:
    case RF_CONTINUE_FACING:
        o.kind = ORDER_CONTINUE;
        if (d->action == RF_CONTINUE)
            o.has_facing = false;
        break;
    case RF_CONTINUE_FACING_CHARGE:
    case RF_ADVANCE_CHARGE:
        if (d->charge && ro->charge_target >= 0) {
            o.kind = ORDER_CHARGE;
            o.target = ro->charge_target;
            o.fire = false;
            o.follow_up = true;
            o.has_facing = false;
        }
        else if (d->action == RF_ADVANCE_CHARGE && moves) {
            o.kind = ORDER_MOVE;
            o.has_to = true;
            o.to = ro->destination;
        }
        else if (d->action == RF_ADVANCE_CHARGE && ro->nearest_enemy >= 0)
            o.kind = ORDER_HOLD;   /* as near as a move goes: it halts */
        else
            o.kind = ORDER_CONTINUE;
        break;
    case RF_ADVANCE_VISIBLE:
        /* "Continue current actions, unless a 6 (D6) is thrown, in which
           case they will move towards the nearest visible enemy": with no
           enemy visible there is none to move towards, and the row's
           current actions go on (not a halt that would end them) */
        if (moves) {
            o.kind = ORDER_MOVE;
            o.has_to = true;
            o.to = ro->destination;
        }
        else if (ro->nearest_enemy < 0) {
            o.kind = ORDER_CONTINUE;
            o.has_facing = false;
        }
        break;
    case RF_WITHDRAW:
    case RF_RUN:
        if (moves) {
            o.kind = ORDER_MOVE;
            o.has_to = true;
            o.to = ro->destination;
        }
        break;
    case RF_TAKE_COVER:
        if (moves) {
            o.kind = ro->cover_feature >= 0 ? ORDER_TAKE_COVER : ORDER_MOVE;
            o.has_to = true;
            o.to = ro->destination;
        }
        break;
    case RF_HALT:
    default:
        break;
    }
    /* the formation the answer forms to move (a europe19 line forms
       column, guns limber): named in the order, as the engine would form
       it anyway */
    if (ro->formation >= 0 && (o.kind == ORDER_MOVE
                               || o.kind == ORDER_TAKE_COVER
                               || o.kind == ORDER_CHARGE)) {
        o.has_formation = true;
        o.formation = (formation_t) ro->formation;
    }
    /* "Uncommanded troops only shoot at the nearest enemy they can hit",
       after the move: a unit carrying on a move of its current actions
       ends where the table's answer could not see (it knows no current
       actions), and fires at the nearest enemy it can hit there, which
       the game finds when it shoots */
    if (o.kind == ORDER_CONTINUE && ro->shoots && !o.fire) {
        order_kind_t k = game_unit (g, u)->current.kind;
        o.fire = k == ORDER_MOVE || k == ORDER_TAKE_COVER;
    }
    /* a commanded unit fires only when loaded, at a target it picks */
    const game_unit_t *gu = game_unit (g, u);
    if (gu->commanded && o.kind != ORDER_CHARGE) {
        order_t fire;
        bool halted = o.kind == ORDER_HOLD
                   || (o.kind == ORDER_CONTINUE
                       && game_unit (g, u)->current.kind == ORDER_HOLD);
        if (halted && nearest_fire_order (g, u, &fire)) {
            fire.status_set = o.status_set;
            fire.status_clear = o.status_clear;
            o = fire;
        }
        else {
            o.fire = false;
            o.target = -1;
        }
    }
    /* halted to shoot at the tables' target: formed to fire as a player
       halting to fire would be (game_aim; under europe19 limbered guns
       could not fire at all) */
    else if (o.fire && o.target >= 0 && o.kind == ORDER_HOLD)
        game_aim (g, u, o.target, &o);
    *out = o;
}

void
strategy_order_from_rf (const game_t *g, int u, const rf_decision_t *d,
                        order_t *out)
{
    order_from_rf (g, situation_ruleset (game_situation (g)), u, d, out);
}

int
strategy_table_order (const game_t *g, int u, dice_t *dice, order_t *out,
                      rf_decision_t *decision, char *why, int whylen)
{
    return strategy_table_order_roll (g, u, 0, dice, out, decision, why,
                                      whylen);
}

int
strategy_table_order_roll (const game_t *g, int u, int roll, dice_t *dice,
                           order_t *out, rf_decision_t *decision, char *why,
                           int whylen)
{
    return strategy_table_order_on (g, NULL, u, roll, dice, out, decision,
                                    why, whylen);
}

int
strategy_table_order_on (const game_t *g, const situation_t *view, int u,
                         int roll, dice_t *dice, order_t *out,
                         rf_decision_t *decision, char *why, int whylen)
{
    return strategy_table_order_from (g, view, u, roll, STRATEGY_ROLL_PLATOON,
                                      dice, out, decision, why, whylen);
}

int
strategy_table_order_from (const game_t *g, const situation_t *view, int u,
                           int roll, strategy_roll_source_t source,
                           dice_t *dice, order_t *out,
                           rf_decision_t *decision, char *why, int whylen)
{
    rf_decision_t local;
    rf_decision_t *d = decision ? decision : &local;
    const situation_t *sit = view ? view : game_situation (g);
    const ruleset_t *rs = situation_ruleset (sit);
    char err[256];
    *out = order_hold ();
    /* no words in the decision: `why` is made from its numbers, and
       nobody reads the factors' reasons and the explanation here; they
       cost the most (the same decision: rf_decide_terse) */
    int rc = rf_decide_terse (sit, u, roll, dice, d, err, sizeof err);
    if (rc < 0) {
        if (why && whylen > 0)
            snprintf (why, whylen, "no table decision: %s", err);
        return -1;
    }
    order_from_rf (g, rs, u, d, out);
    if (!why || whylen <= 0)
        return 0;
    char words[160], current[160] = "";
    /* a unit that carries on: with what, or that nothing is known */
    if (out->kind == ORDER_CONTINUE) {
        const order_t *c = &game_unit (g, u)->current;
        bool known = c->kind != ORDER_HOLD || c->has_facing
                  || c->has_formation;
        char said[128];
        snprintf (current, sizeof current, "; %s%s",
                  known ? "carrying on: " : "no earlier order known: holds",
                  known ? order_describe (c, game_situation (g), said,
                                          sizeof said) : "");
    }
    snprintf (why, whylen, "RF %d (%s), %s %d: %s -> %s%s", d->rf,
              ruleset_rf_table (rs, d->arm)->band_name[d->band],
              !roll ? "rolled" : source == STRATEGY_ROLL_PLAYER
                                 ? "the player's die" : "its platoon's die",
              d->roll,
              rf_action_name (d->action),
              order_describe (out, game_situation (g), words, sizeof words),
              current);
    return 0;
}

/*  ---- house-ruled table variants ---- */

int
strategy_split_tables (const char *params, char *rest, char *path)
{
    assert (rest && path);
    rest[0] = 0;
    path[0] = 0;
    size_t used = 0;
    bool found = false;
    const char *p = params ? params : "";
    while (*p) {
        size_t n = strcspn (p, ",");
        if (n >= 7 && strncmp (p, "tables=", 7) == 0) {
            if (found) {
                snprintf (path, STRATEGY_TABLES_PATH_MAX,
                          "parameter \"tables\" given twice");
                rest[0] = 0;
                return -1;
            }
            found = true;
            if (n == 7 || n - 7 >= STRATEGY_TABLES_PATH_MAX) {
                snprintf (path, STRATEGY_TABLES_PATH_MAX,
                          "parameter \"tables\": %s", n == 7
                          ? "an empty path" : "a path too long");
                rest[0] = 0;
                return -1;
            }
            memcpy (path, p + 7, n - 7);
            path[n - 7] = 0;
        }
        else if (n > 0 && used + n + 2 <= STRATEGY_PARAMS_MAX) {
            if (used)
                rest[used++] = ',';
            memcpy (rest + used, p, n);
            used += n;
            rest[used] = 0;
        }
        p += n;
        if (*p == ',')
            p++;
    }
    return 0;
}

int
strategy_check_variant (const ruleset_t *base, const ruleset_t *variant,
                        const char *path, char *err, int errlen)
{
    assert (base && variant && err && errlen > 0);
    if (strcmp (ruleset_name (base), ruleset_name (variant)) != 0) {
        snprintf (err, errlen, "%s: tables of ruleset \"%s\", the game's "
                  "is \"%s\"", path, ruleset_name (variant),
                  ruleset_name (base));
        return -1;
    }
    int nb = ruleset_weapon_count (base), nv = ruleset_weapon_count (variant);
    for (int i = 0; i < nb && i < nv; i++) {
        const char *wb = ruleset_weapon (base, i)->name;
        const char *wv = ruleset_weapon (variant, i)->name;
        if (strcmp (wb, wv) != 0) {
            snprintf (err, errlen, "%s: weapon %d is \"%s\" where the "
                      "game's tables have \"%s\" (the weapons must be the "
                      "same, in the same order)", path, i + 1, wv, wb);
            return -1;
        }
    }
    if (nb != nv) {
        snprintf (err, errlen, "%s: %d weapons where the game's tables have "
                  "%d (the weapons must be the same, in the same order)",
                  path, nv, nb);
        return -1;
    }
    return 0;
}

ruleset_t *
strategy_load_variant (const ruleset_t *base, const char *path, char *err,
                       int errlen)
{
    ruleset_t *variant = ruleset_load (path, err, errlen);
    if (!variant)
        return NULL;
    if (strategy_check_variant (base, variant, path, err, errlen) < 0)
        ruleset_destroy (&variant);
    return variant;
}

/*  ---- parameters ---- */

/*  Neither built-in strategy takes parameters: anything but "" is an
 *  error naming the first key. */
static int
no_params (const char *params, void **state, char *err, int errlen)
{
    *state = NULL;
    if (!params || !params[0])
        return 0;
    char key[64];
    size_t n = strcspn (params, "=,");
    snprintf (key, sizeof key, "%.*s", (int) (n < 63 ? n : 63), params);
    snprintf (err, errlen, "unknown parameter \"%s\" (this strategy takes "
              "none)", key);
    return -1;
}

static void
no_destroy (void *state)
{
    (void) state;
}

/*  ---- random ---- */

static void
random_decide (void *state, const game_t *g, int side, const int *units,
               int n, dice_t *dice, strategy_decision_t *out)
{
    (void) state;
    (void) side;
    order_t legal[GAME_MAX_LEGAL_ORDERS];
    for (int i = 0; i < n; i++) {
        int count = game_legal_orders (g, units[i], legal,
                                       GAME_MAX_LEGAL_ORDERS);
        int pick = (int) dice_below (dice, (uint32_t) count);
        out[i].unit = units[i];
        out[i].order = legal[pick];
        char words[160];
        snprintf (out[i].why, sizeof out[i].why, "random pick %d of %d: %s",
                  pick + 1, count, order_describe (&legal[pick],
                                                   game_situation (g), words,
                                                   sizeof words));
    }
}

/*  ---- table ---- */

static void
table_decide (void *state, const game_t *g, int side, const int *units,
              int n, dice_t *dice, strategy_decision_t *out)
{
    (void) state;
    (void) side;
    for (int i = 0; i < n; i++) {
        out[i].unit = units[i];
        strategy_table_order (g, units[i], dice, &out[i].order, NULL,
                              out[i].why, sizeof out[i].why);
    }
}

static const strategy_class_t random_class = {
    "random", "uniformly random legal orders, seeded", no_params,
    no_destroy, random_decide, NULL, NULL, NULL, NULL
};
static const strategy_class_t table_class = {
    "table", "every unit does what the Risk Factor actions tables say",
    no_params, no_destroy, table_decide, NULL, NULL, NULL, NULL
};
/*  The commander's classes (commander.c). */
static const strategy_class_t greedy_class = COMMANDER_STRATEGY_GREEDY;
static const strategy_class_t search_class = COMMANDER_STRATEGY_SEARCH;

/*  The registry. */
static const strategy_class_t *const classes[] = {
    &random_class, &table_class, &greedy_class, &search_class,
};
#define CLASS_COUNT ((int) (sizeof classes / sizeof classes[0]))

int
strategy_class_count (void)
{
    return CLASS_COUNT;
}

const strategy_class_t *
strategy_class_at (int i)
{
    return i >= 0 && i < CLASS_COUNT ? classes[i] : NULL;
}

const strategy_class_t *
strategy_class_find (const char *name)
{
    for (int i = 0; name && i < CLASS_COUNT; i++)
        if (strcmp (classes[i]->name, name) == 0)
            return classes[i];
    return NULL;
}

strategy_t *
strategy_new (const char *name, const char *params, uint64_t seed,
              char *err, int errlen)
{
    assert (err && errlen > 0);
    const strategy_class_t *cls = strategy_class_find (name);
    if (!cls) {
        char known[128] = "";
        size_t used = 0;
        for (int i = 0; i < CLASS_COUNT && used < sizeof known - 1; i++)
            used += (size_t) snprintf (known + used, sizeof known - used,
                                       "%s%s", i ? ", " : "", classes[i]->name);
        snprintf (err, errlen, "unknown strategy \"%s\" (known: %s)",
                  name ? name : "", known);
        return NULL;
    }
    if (!params)
        params = "";
    if (strlen (params) >= STRATEGY_PARAMS_MAX) {
        snprintf (err, errlen, "strategy %s: parameters longer than %d bytes",
                  cls->name, STRATEGY_PARAMS_MAX - 1);
        return NULL;
    }
    strategy_t *self = calloc (1, sizeof *self);
    if (!self) {
        snprintf (err, errlen, "out of memory");
        return NULL;
    }
    self->cls = cls;
    snprintf (self->params, sizeof self->params, "%s", params);
    char why[SOLO_ERR_MAX] = "";
    if (cls->create (params, &self->state, why, sizeof why) < 0) {
        snprintf (err, errlen, "strategy %s: %s", cls->name, why);
        free (self);
        return NULL;
    }
    self->dice = dice_new (seed);
    if (!self->dice) {
        snprintf (err, errlen, "out of memory");
        strategy_destroy (&self);
        return NULL;
    }
    return self;
}

void
strategy_destroy (strategy_t **self_p)
{
    assert (self_p);
    strategy_t *self = *self_p;
    if (!self)
        return;
    self->cls->destroy (self->state);
    dice_destroy (&self->dice);
    free (self);
    *self_p = NULL;
}

const char *
strategy_name (const strategy_t *self)
{
    return self->cls->name;
}

const char *
strategy_params (const strategy_t *self)
{
    return self->params;
}

dice_t *
strategy_dice (strategy_t *self)
{
    return self->dice;
}

void
strategy_set_tables (strategy_t *self, const ruleset_t *variant)
{
    if (self->cls->set_tables)
        self->cls->set_tables (self->state, variant);
}

bool
strategy_uses_clock (const strategy_t *self)
{
    return self->cls->uses_clock && self->cls->uses_clock (self->state);
}

bool
strategy_choose_first (strategy_t *self, game_t *g, int side)
{
    if (!self->cls->moves_first || game_choice_side (g) != side)
        return false;
    game_choose_first (g, self->cls->moves_first (self->state, g, side));
    return true;
}

void
strategy_set_stop (strategy_t *self, bool (*stop) (void *arg), void *arg)
{
    if (self->cls->set_stop)
        self->cls->set_stop (self->state, stop, arg);
}

void
strategy_decide (strategy_t *self, const game_t *g, int side,
                 const int *units, int n, strategy_decision_t *out)
{
    self->cls->decide (self->state, g, side, units, n, self->dice, out);
}
