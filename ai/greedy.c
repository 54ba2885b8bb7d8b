/*  greedy.c - the one-ply greedy: a static score of each option after
 *  the side's movement, from the ruleset's own shooting and melee as its
 *  engine estimates them (game_estimates_t), or from rough chances for
 *  an engine that gives none.  */
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "evaluate.h"
#include "greedy.h"

/*  Weights of the score, in expected figures. */
#define GREEDY_LOAD_SHARE     0.5   /* a turn loading: half the next volley */
#define GREEDY_SIDE_SHOT      0.35  /* exposure to an enemy that has a
                                       nearer target than this unit */
#define GREEDY_CHARGE_THREAT  0.25  /* an enemy that can charge it */
#define GREEDY_COMMAND_RISK   3.0   /* harm to a command figure counts x3 */
#define GREEDY_COMMAND_REACH  0.08  /* a figure kept within command reach */
#define GREEDY_HOLD_OBJECTIVE 0.6   /* per objective value held */
#define GREEDY_NEAR_OBJECTIVE 0.01  /* per value and cm nearer */
#define GREEDY_PLY_SEEDS      3     /* dice of a ply that throws them */
/*  Any other ruleset: the next volley it stands exposed to, by the
 *  generic chances, weighs little and a charge in reach nothing (in
 *  Empire of Liberty the bolder greedy scored 88% against the tables
 *  over 200 games, with 0.5 and the charges 73%). */
#define GREEDY_GENERIC_EXPOSED 0.1

/*  What taking figures off unit b is worth: more for a command figure
 *  and for a unit already hurt (nearer breaking). */
static double
target_worth (const game_t *g, int b)
{
    const unit_t *x = situation_unit_const (game_situation (g), b);
    double hurt = x->figures > 0
                ? (double) (x->killed + x->wounded) / x->figures : 0;
    return 1.0 + (x->arm == ARM_COMMAND ? 2.0 : 0) + hurt;
}

static bool
loaded (const game_t *g, int u)
{
    const unit_t *x = situation_unit_const (game_situation (g), u);
    const weapon_t *w = ruleset_weapon (situation_ruleset (game_situation (g)),
                                        x->weapon);
    return !w->muzzle_loaded || (x->status & STATUS_LOADED);
}

/*  The nearest enemy in play that unit u sees (visible[] marks what its
 *  side sees), within `reach` cm; -1 for none. */
static int
nearest_seen (const game_t *g, int u, const bool *visible, double reach)
{
    const situation_t *sit = game_situation (g);
    const unit_t *un = situation_unit_const (sit, u);
    int best = -1;
    double best_d = INFINITY;
    for (int e = 0; e < game_unit_count (g); e++) {
        if (situation_unit_const (sit, e)->side == un->side
            || !game_unit_in_play (g, e)
            || (visible && !visible[e]))
            continue;
        double d = situation_unit_distance (sit, u, e);
        if (d <= reach && d < best_d) {
            best_d = d;
            best = e;
        }
    }
    return best;
}

/*  ---- any ruleset: the game interface and the shared ruleset only ---- */

/*  The harm done to `side` so far, in figures as its engine weighs its
 *  strength (game_side_harm: figures killed and gone count 1, wounded a
 *  half; 4 Page Bolivar's resolve), scaled to figures. */
static double
harm_of (const game_t *g, int side)
{
    double lost, start;
    game_side_harm (g, side, &lost, &start);
    if (!game_engine (g)->strength)
        return lost;
    game_result_t r;
    game_result (g, &r);
    return start > 0 ? lost / start * r.figures[side] : 0;
}

static double place_score (const game_t *g, int u);

/*  The figures the enemies that see unit u and reach it would hit with
 *  their next volleys, by the generic chances. */
static double
generic_exposure (const game_t *g, int u)
{
    const situation_t *sit = game_situation (g);
    const ruleset_t *rs = situation_ruleset (sit);
    const unit_t *un = situation_unit_const (sit, u);
    double hits = 0;
    for (int e = 0; e < game_unit_count (g); e++) {
        const unit_t *x = situation_unit_const (sit, e);
        if (x->side == un->side || !game_unit_in_play (g, e))
            continue;
        double d = situation_unit_distance (sit, e, u);
        if (d <= ruleset_weapon_reach (rs, x)
            && situation_can_see (sit, e, u, NULL, NULL))
            hits += evaluate_volley (g, e, u);
    }
    return hits;
}

/*  The score of unit u after the ply, in any ruleset: the harm the ply
 *  did to the enemy less the harm it took (against the game `before`
 *  it), the fire it can give next (loaded or not: the engines differ)
 *  and, lightly, the fire it stands exposed to, the objectives and a
 *  command figure's reach. */
static double
generic_score (const game_t *before, const game_t *g, int u,
               const bool *visible, const commander_personality_t *p)
{
    const situation_t *sit = game_situation (g);
    const ruleset_t *rs = situation_ruleset (sit);
    const unit_t *un = situation_unit_const (sit, u);
    int side = un->side;
    if (!game_unit_in_play (g, u))
        return -10.0 * un->figures;
    double dealt = harm_of (g, 1 - side) - harm_of (before, 1 - side);
    double taken = harm_of (g, side) - harm_of (before, side);
    double reach = ruleset_weapon_reach (rs, un);
    double offense = dealt;
    int next = nearest_seen (g, u, visible, reach);
    if (next >= 0)
        offense += GREEDY_LOAD_SHARE * evaluate_volley (g, u, next)
                 * target_worth (g, next);
    double threat = taken + GREEDY_GENERIC_EXPOSED * generic_exposure (g, u);
    if (un->arm == ARM_COMMAND) {
        /* a command figure standing with a unit shares its fire: under
           4 Page Bolivar and the house rules it is lost only so */
        for (int v = 0; v < game_unit_count (g); v++) {
            const unit_t *y = situation_unit_const (sit, v);
            if (v != u && y->side == un->side && y->arm != ARM_COMMAND
                && game_unit_in_play (g, v)
                && situation_unit_distance (sit, u, v) <= un->fp.width)
                threat += GREEDY_GENERIC_EXPOSED * generic_exposure (g, v);
        }
        threat *= GREEDY_COMMAND_RISK;
    }
    return (0.5 + p->aggression) * offense - (0.5 + p->caution) * threat
         + place_score (g, u);
}

/*  Objectives held or neared by a unit that can hold them (leaders and
 *  commanders hold none under most rulesets: game_unit_holds), and a
 *  command figure's reach. */
static double
place_score (const game_t *g, int u)
{
    const situation_t *sit = game_situation (g);
    const ruleset_t *rs = situation_ruleset (sit);
    const unit_t *un = situation_unit_const (sit, u);
    double place = 0;
    const scenario_t *sc = game_scenario (g);
    int objectives = game_unit_holds (g, u) ? scenario_objective_count (sc)
                                             : 0;
    for (int i = 0; i < objectives; i++) {
        const scenario_objective_t *obj = scenario_objective (sc, i);
        footprint_t spot = { obj->at, 0, 0.001, 0.001 };
        double d = footprint_distance (&un->fp, &spot);
        if (d <= obj->radius)
            place += GREEDY_HOLD_OBJECTIVE * obj->value;
        else
            place -= GREEDY_NEAR_OBJECTIVE * obj->value * d;
    }
    if (un->arm == ARM_COMMAND) {
        double command = ruleset_settings (rs)->command_open_cm;
        for (int v = 0; v < game_unit_count (g); v++) {
            const unit_t *y = situation_unit_const (sit, v);
            if (v != u && y->side == un->side && y->arm != ARM_COMMAND
                && game_unit_in_play (g, v)
                && situation_unit_distance (sit, u, v) <= command)
                place += GREEDY_COMMAND_REACH * unit_figures_standing (y);
        }
    }
    return place;
}

double
greedy_score (const game_t *g, int u, const order_t *o, const bool *visible,
              const commander_personality_t *p)
{
    assert (g && o && p);
    const game_estimates_t *est = game_engine (g)->estimates;
    if (!est)
        return generic_score (g, g, u, visible, p);
    const situation_t *sit = game_situation (g);
    const ruleset_t *rs = situation_ruleset (sit);
    const unit_t *un = situation_unit_const (sit, u);
    if (!game_unit_in_play (g, u))
        return -10.0 * un->figures;   /* it ran off the table */
    const game_unit_t *gu = game_unit (g, u);
    int standing = unit_figures_standing (un);
    double reach = ruleset_weapon_reach (rs, un);

    /* the harm it does */
    double offense = 0;
    int target = -1;
    if (o->kind == ORDER_FIRE)
        target = o->target;
    else if (o->fire)
        target = nearest_seen (g, u, visible, reach);
    if (target >= 0 && game_unit_in_play (g, target) && !gu->in_melee
        && loaded (g, u) && (!visible || visible[target]))
        offense += est->volley (g, u, target,
                                est->shooters (g, u, gu->moved_halves > 0,
                                               gu->commanded != 0))
                 * target_worth (g, target);
    else if (o->kind == ORDER_HOLD && !loaded (g, u)) {
        int next = nearest_seen (g, u, visible, reach);
        if (next >= 0)
            offense += GREEDY_LOAD_SHARE
                     * est->volley (g, u, next,
                                    est->shooters (g, u, false, true))
                     * target_worth (g, next);
    }
    if (o->kind == ORDER_CHARGE && gu->in_melee
        && game_unit_in_play (g, o->target))
        offense += est->melee (g, u, o->target, target_worth (g, o->target));

    /* the harm it risks: the enemy's next fire and charges */
    double threat = 0;
    for (int e = 0; e < game_unit_count (g); e++) {
        const unit_t *x = situation_unit_const (sit, e);
        if (x->side == un->side || !game_unit_in_play (g, e))
            continue;
        double d = situation_unit_distance (sit, e, u);
        double e_reach = ruleset_weapon_reach (rs, x);
        if (d <= e_reach && situation_can_see (sit, e, u, NULL, NULL)) {
            int near = -1;
            double near_d = INFINITY;
            for (int v = 0; v < game_unit_count (g); v++) {
                const unit_t *y = situation_unit_const (sit, v);
                if (y->side != x->side && game_unit_in_play (g, v)) {
                    double dv = situation_unit_distance (sit, e, v);
                    if (dv < near_d) {
                        near_d = dv;
                        near = v;
                    }
                }
            }
            threat += est->volley (g, e, u, est->shooters (g, e, false, false))
                    * (near == u ? 1.0 : GREEDY_SIDE_SHOT);
        }
        double sx = unit_figures_standing (x);
        if (d <= ruleset_move_cm (rs, x, NULL) && x->arm != ARM_COMMAND)
            threat += GREEDY_CHARGE_THREAT * sx * sx / (sx + standing);
    }
    if (un->arm == ARM_COMMAND)
        threat *= GREEDY_COMMAND_RISK;

    return (0.5 + p->aggression) * offense - (0.5 + p->caution) * threat
         + place_score (g, u);
}

int
greedy_choose (const game_t *g, int side, const search_unit_t *units, int n,
               const bool *visible, const commander_personality_t *p,
               double until, int *choice, double *score)
{
    assert (g && units && p && choice);
    (void) side;
    for (int i = 0; i < n; i++) {
        choice[i] = 0;
        if (score)
            score[i] = 0;
    }
    game_t *base = game_dup (g);
    game_t *ply = game_dup (g);
    dice_t *dice = dice_new (1);
    int rc = -1;
    if (!base || !ply || !dice)
        goto done;
    char err[SOLO_ERR_MAX];
    /* an engine whose moves throw no dice: one ply; elsewhere the phase
       may fire and fight too, so the ply is played on a few fixed seeds */
    const game_estimates_t *est = game_engine (g)->estimates;
    int seeds = est && est->moves_without_dice ? 1 : GREEDY_PLY_SEEDS;
    int weighed = 0;
    for (int i = 0; i < n; i++, weighed++) {
        if (until < INFINITY && search_now () > until)
            break;
        const search_unit_t *su = &units[i];
        double best = -INFINITY;
        for (int k = 0; k < su->count; k++) {
            const order_t *o = &su->options[k].order;
            double s = 0;
            bool legal = true;
            for (int seed = 1; seed <= seeds && legal; seed++) {
                if (game_copy_into (ply, base) < 0)
                    goto done;
                if (game_apply_order (ply, su->unit, o, err, sizeof err) < 0) {
                    legal = false;
                    break;
                }
                /* the ply: the side's phase resolved */
                dice_reseed (dice, (uint64_t) seed);
                game_resolve_phase (ply, dice);
                s += seeds == 1 ? greedy_score (ply, su->unit, o, visible, p)
                                : generic_score (base, ply, su->unit, visible,
                                                 p);
            }
            if (!legal)
                continue;
            s /= seeds;
            if (s > best) {
                best = s;
                choice[i] = k;
            }
        }
        if (score)
            score[i] = best > -INFINITY ? best : 0;
        /* the next units are weighed with this one's order given (a hold
           when the rules refuse every option) */
        if (game_apply_order (base, su->unit, &su->options[choice[i]].order,
                              err, sizeof err) < 0) {
            order_t hold = order_hold ();
            if (game_apply_order (base, su->unit, &hold, err, sizeof err) < 0)
                goto done;
        }
    }
    rc = weighed;
done:
    dice_destroy (&dice);
    game_destroy (&ply);
    game_destroy (&base);
    return rc;
}
