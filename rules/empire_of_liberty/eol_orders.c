/*  eol_orders.c - the orders an Empire of Liberty unit may take, their
 *  checks, and carrying out the action a unit chose.  */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "eol_fire.h"
#include "eol_melee.h"
#include "eol_morale.h"
#include "eol_play.h"

/*  ---- orders ---- */

/*  The order unit u carries out: CONTINUE becomes its current action
 *  (a move not yet finished), keeping the order's facing and fire. */
static order_t
effective_order (const game_t *g, int u)
{
    const game_unit_t *gu = game_unit (g, u);
    order_t o = gu->ordered ? gu->order : order_hold ();
    if (o.kind != ORDER_CONTINUE)
        return o;
    /* a move not yet finished goes on (its follow-up is the order's:
       Empire of Liberty has none) */
    order_kind_t k = gu->current.kind;
    return order_carried_on (&o, &gu->current,
                             k == ORDER_MOVE || k == ORDER_TAKE_COVER);
}

/*  The enemy unit u fires at for an order with `fire` and no target: the
 *  nearest it has dice against, or -1. */
static int
fire_target_for (const game_t *g, int u, int asked)
{
    if (asked >= 0 && eol_fire_dice_at (g, u, asked, false, NULL, 0) > 0)
        return asked;
    int best = -1;
    double bd = INFINITY;
    for (int e = 0; e < game_unit_count (g); e++) {
        if (!is_enemy_unit (g, u, e))
            continue;
        double d = dist (g, u, e);
        if (d < bd && eol_fire_dice_at (g, u, e, false, NULL, 0) > 0) {
            bd = d;
            best = e;
        }
    }
    return best;
}

/*  Unit u's action for this phase. */
void
eol_execute_action (game_t *g, int u, dice_t *dice)
{
    game_unit_t *gu = game_unit_mut (g, u);
    unit_t *x = unit_m (g, u);
    order_t o = effective_order (g, u);
    set_flag (g, u, EOL_F_ACTED);
    if (gu->in_melee || !eol_in_play (g, u))
        return;
    uint32_t set = o.status_set & MORALE_FLAGS;
    x->status = (x->status | set) & ~(o.status_clear & MORALE_FLAGS & ~set);
    if (set & STATUS_RAN_LAST_TURN)
        set_flag (g, u, EOL_F_FRESH);
    order_t next = order_hold ();
    switch (o.kind) {
    case ORDER_CHARGE:
        eol_do_charge (g, u, o.target, dice);
        break;
    case ORDER_FIRE:
        eol_fire (g, u, o.target, false, dice);
        break;
    case ORDER_MOVE:
    case ORDER_TAKE_COVER:
        eol_do_move (g, u, &o);
        if (eol_in_play (g, u) && geom_dist (unit_c (g, u)->fp.centre, o.to) > 0.5) {
            next = o;
            next.fire = false;
            next.status_set = next.status_clear = 0;
        }
        break;
    case ORDER_HOLD:
    case ORDER_CONTINUE:
    default: {
        int target = o.fire && eol_can_fire (g, u) && !eol_disordered (g, u)
                   ? fire_target_for (g, u, o.target) : -1;
        if (target >= 0)
            eol_fire (g, u, target, false, dice);
        else
            eol_do_hold (g, u, &o);
        break;
    }
    }
    if (eol_in_play (g, u))
        game_unit_mut (g, u)->current = next;
}

/*  An order's formation change: made with a move or a hold (a change is
 *  a part of a move: not of fire nor of a charge, "each unit ... may only
 *  make one action"), one the unit may make (eol_ordered_change), costing no
 *  more than the order's move (half a move at the half pace).  0, or -1
 *  with err. */
int
eol_check_formation (const game_t *g, int u, const order_t *o, char *err,
                     int errlen)
{
    const unit_t *x = unit_c (g, u);
    if (o->kind == ORDER_FIRE || o->kind == ORDER_CHARGE
        || (o->fire && o->kind != ORDER_MOVE && o->kind != ORDER_TAKE_COVER)) {
        snprintf (err, errlen, "%s: a formation change is part of a move or "
                  "a hold, not of %s (one action a turn)", x->id,
                  o->kind == ORDER_CHARGE ? "a charge" : "fire");
        return -1;
    }
    ordered_form_t f;
    if (eol_ordered_change (g, u, o->formation, eol_order_way (g, u, o), &f, err,
                        errlen) < 0)
        return -1;
    double budget = (o->kind == ORDER_MOVE || o->kind == ORDER_TAKE_COVER)
                    && o->pace == ORDER_PACE_HALF ? 0.5 : 1.0;
    if (!f.none && f.cost > budget + 1e-9) {
        snprintf (err, errlen, "%s: %s takes %s move; the order gives only "
                  "half a move", x->id, eol_change_name (f.change),
                  f.cost >= 1 ? "a full" : "half a");
        return -1;
    }
    return 0;
}

int
eol_check_order (const game_t *g, int u, const order_t *o, char *err,
                 int errlen)
{
    const unit_t *x = unit_c (g, u);
    if (o->kind == ORDER_FIRE) {
        if (o->has_to) {
            snprintf (err, errlen, "%s: one action a turn: it fires or it "
                      "moves, not both", x->id);
            return -1;
        }
        if (!eol_can_fire (g, u)) {
            snprintf (err, errlen, "%s: cannot fire now (%s)", x->id,
                      eol_is_leader (g, u) ? "a leader"
                      : eol_disordered (g, u) ? "disordered"
                      : game_unit (g, u)->in_melee ? "in melee"
                      : is_artillery (g, u) ? "limbered" : "no firearm");
            return -1;
        }
        if (!is_enemy_unit (g, u, o->target)) {
            snprintf (err, errlen, "%s: fire at unit %d, which is no enemy "
                      "unit in play", x->id, o->target);
            return -1;
        }
        if (eol_fire_dice_at (g, u, o->target, false, NULL, 0) <= 0) {
            snprintf (err, errlen, "%s: cannot bear on %s (range, 45 degree "
                      "arc or sight), or no die after the multipliers",
                      x->id, unit_c (g, o->target)->id);
            return -1;
        }
    }
    if (o->has_formation && eol_check_formation (g, u, o, err, errlen) < 0)
        return -1;
    /* the change is made where the unit stands when it acts, as it is
       ordered: refused now when there is no room for it there */
    ordered_form_t f;
    if (o->has_formation
        && eol_ordered_change (g, u, o->formation, eol_order_way (g, u, o),
                               &f, err, errlen) == 0
        && !f.none
        && eol_change_room (g, u, f.change, f.formation, f.arm, f.facing, err,
                            errlen) < 0)
        return -1;
    if (o->kind == ORDER_CHARGE)
        return eol_charge_check (g, u, o->target, err, errlen);
    return 0;
}

/*  A point `d` from unit u's centre along `bearing`, on the table. */
static vec2_t
point_along (const game_t *g, int u, double bearing, double d)
{
    return situation_move_towards (game_situation (g), unit_c (g, u)->fp.centre,
                                   bearing, d);
}

int
eol_legal_orders (const game_t *g, int u, order_t *out, int max)
{
    const unit_t *x = unit_c (g, u);
    const situation_t *sit = game_situation (g);
    int n = 0;
    double near_d;
    int near = nearest_enemy (g, u, true, &near_d);
    order_t o = order_hold ();
    if (near >= 0) {
        o.has_facing = true;
        o.facing = geom_bearing (x->fp.centre, unit_c (g, near)->fp.centre);
    }
    out[n++] = o;
    if (!eol_in_play (g, u) || game_unit (g, u)->in_melee)
        return n;
    char err[SOLO_ERR_MAX];
    double move = move_cm (g, u);
    /* fire at each enemy it has dice against */
    for (int e = 0; e < game_unit_count (g) && n < max; e++) {
        if (!is_enemy_unit (g, u, e)
            || eol_fire_dice_at (g, u, e, false, NULL, 0) <= 0)
            continue;
        order_t f = order_hold ();
        f.kind = ORDER_FIRE;
        f.target = e;
        f.fire = true;
        out[n++] = f;
    }
    /* charge each enemy in reach */
    for (int e = 0; e < game_unit_count (g) && n < max; e++) {
        if (!is_enemy_unit (g, u, e)
            || eol_charge_check (g, u, e, err, sizeof err) < 0)
            continue;
        order_t c = order_hold ();
        c.kind = ORDER_CHARGE;
        c.target = e;
        out[n++] = c;
    }
    if (eol_is_leader (g, u)) {
        /* to the friendly units nearest him, behind their centre */
        for (int k = 0; k < 3 && n < max; k++) {
            int best = -1;
            double bd = INFINITY;
            for (int v = 0; v < game_unit_count (g); v++) {
                if (v == u || unit_c (g, v)->side != x->side
                    || !eol_in_play (g, v) || eol_is_leader (g, v))
                    continue;
                double d = dist (g, u, v);
                bool taken = false;
                for (int j = 1; j < n && !taken; j++)
                    taken = out[j].target == v;
                if (!taken && d < bd && d > tables (g)->contact_cm) {
                    bd = d;
                    best = v;
                }
            }
            if (best < 0)
                break;
            const footprint_t *bf = &unit_c (g, best)->fp;
            vec2_t back = geom_heading_vec (bf->facing + 180);
            order_t m = order_hold ();
            m.kind = ORDER_MOVE;
            m.has_to = true;
            m.target = best;
            m.to.x = bf->centre.x + back.x * (bf->depth / 2
                                              + tables (g)->leader_base_cm / 2);
            m.to.y = bf->centre.y + back.y * (bf->depth / 2
                                              + tables (g)->leader_base_cm / 2);
            out[n++] = m;
        }
        for (int k = 0; k < n; k++)
            if (out[k].kind == ORDER_MOVE)
                out[k].target = -1;
        return n;
    }
    if (near >= 0) {
        double towards = geom_bearing (x->fp.centre, unit_c (g, near)->fp.centre);
        if (n < max) {
            order_t m = order_hold ();
            m.kind = ORDER_MOVE;
            m.has_to = true;
            m.to = point_along (g, u, towards, move);
            out[n++] = m;
        }
        if (n < max) {
            order_t m = order_hold ();
            m.kind = ORDER_MOVE;
            m.has_to = true;
            m.to = point_along (g, u, geom_norm_deg (towards + 180), move);
            m.has_facing = true;
            m.facing = towards;
            out[n++] = m;
        }
    }
    vec2_t cover;
    if (n < max && situation_nearest_cover (sit, u, move, move, NULL,
                                            &cover) >= 0
        && geom_dist (cover, x->fp.centre) > 0.5) {
        order_t m = order_hold ();
        m.kind = ORDER_TAKE_COVER;
        m.has_to = true;
        m.to = cover;
        out[n++] = m;
    }
    for (int k = 0; k < 8 && n < max; k++) {
        order_t m = order_hold ();
        m.kind = ORDER_MOVE;
        m.has_to = true;
        m.to = point_along (g, u, 45.0 * k, move);
        if (geom_dist (m.to, x->fp.centre) < 1.0)
            continue;
        out[n++] = m;
    }
    return n;
}
