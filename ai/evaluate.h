/*  evaluate.h - the value of a position for one side: the chance to win
 *  the battle from here, as a logistic model of a few terms any ruleset
 *  gives (what each army has lost, how near it is to its break, the
 *  objectives, who the turn limit would favour, command), with weights
 *  fitted per ruleset to battles played to their end.
 *
 *  The search values the end of every playout by it (search_evaluate);
 *  bench/bench_eval fits the weights and says how well each set predicts.
 */
#ifndef SOLO_EVALUATE_H
#define SOLO_EVALUATE_H

#include "commander.h"
#include "game.h"

/*  The gap to an objective at which it counts e^-1 of its value in the
 *  objectives near (evaluate_terms_t.near): about one move of a column
 *  on foot under Empire of Liberty (8", 20.3 cm). */
#define EVALUATE_NEAR_CM 20.0

/*  The terms of a position, side by side, before weighing. */
typedef struct {
    double lost[SIDE_COUNT];     /* share of the side's strength lost:
                                    figures killed or gone, or the
                                    engine's own measure (game_side_harm) */
    double wounded[SIDE_COUNT];  /* share wounded, still standing */
    double risk[SIDE_COUNT];     /* share in units that ran or fell back
                                    from a melee this turn */
    double reach[SIDE_COUNT];    /* share within command distance of a
                                    command figure of their side */
    double broken[SIDE_COUNT];   /* the army's break share, 0..1
                                    (game_result_t.break_share, capped) */
    double held[SIDE_COUNT];     /* objective value held, share of all */
    double on_time[SIDE_COUNT];  /* 1 for the side the turn limit would
                                    give the battle to now, else 0 */
    double threat[SIDE_COUNT];   /* the fire to come: the enemy's figures,
                                    as a share, the side's units would hit
                                    with one volley each from where they
                                    stand, each at the enemy it sees in
                                    reach that it hits hardest
                                    (evaluate_volley) */
    double near[SIDE_COUNT];     /* the objectives within the side's
                                    reach: each objective's share of all
                                    objective value times
                                    e^(-d / EVALUATE_NEAR_CM), d the gap
                                    from the side's nearest unit that can
                                    hold it to its radius (0 within) */
    double progress;             /* turn / turn limit, 0..1 */
} evaluate_terms_t;

/*  The weights of one ruleset.  A side's harm is lost, its square,
 *  wounded, risk, broken and its square, each times its weight; the
 *  model is
 *    z = (0.5 + aggression) harm(enemy) - (0.5 + caution) harm(side)
 *      + held_late  * progress * (held(side) - held(enemy))
 *      + time_late  * progress * (on_time(side) - on_time(enemy))
 *      + favoured_broken * (on_time(enemy) broken(enemy)
 *                           - on_time(side) broken(side))
 *      + command    * (reach(side) - reach(enemy))
 *      + threat     * ((0.5 + aggression) threat(side)
 *                      - (0.5 + caution) threat(enemy))
 *      + approach   * progress^2 * (near(side) - near(enemy))
 *  and the value 1 / (1 + e^-z). */
typedef struct {
    const char *ruleset;         /* the ruleset's name (an overlay's own)
                                    or its engine's; NULL: any other */
    double lost, lost2, wounded, risk, broken, broken2;
    double held_late, time_late;
    double favoured_broken;      /* the weight of the break share of the
                                    side the time limit favours, over and
                                    above its harm: that side loses only
                                    by breaking, its enemy wins only by
                                    breaking it; 0 where not fitted */
    double command;
    double threat;               /* the weight of the fire to come, which a
                                    playout that ends at a turn's end
                                    sees nothing of; set by hand, 0 where
                                    not set (and then not computed) */
    double approach;             /* the weight of the objectives near,
                                    which counts as the turn limit nears;
                                    set by hand, 0 where not set (and
                                    then not computed) */
} evaluate_weights_t;

/*  The terms of game `g` now (over or not), every one of them. */
void evaluate_terms (const game_t *g, evaluate_terms_t *out);

/*  The figures (a kill 1, a wound a half) unit `a` should take off unit
 *  `b` with one volley from where it stands now, not having moved and
 *  without a command figure's help: by its engine's estimates
 *  (game_estimates_t) where it gives them, else by rough chances any
 *  ruleset gives (a hit for half its figures at short range, a third
 *  at medium, a sixth at long, cover halving them).  0 beyond the
 *  reach of a's weapon.  Whether a sees b is not asked. */
double evaluate_volley (const game_t *g, int a, int b);

/*  The weights fitted to g's ruleset (a house-rule overlay's own set,
 *  else its engine's), or the default set.  Never NULL. */
const evaluate_weights_t *evaluate_weights_of (const game_t *g);

/*  The i-th set of weights (the default last), NULL past it: for the
 *  fitting tool to compare against. */
const evaluate_weights_t *evaluate_weights_at (int i);

/*  z of the model above for `side` (0 or 1); the value is its logistic. */
double evaluate_z (const evaluate_terms_t *t, int side,
                   const evaluate_weights_t *w,
                   const commander_personality_t *p);

/*  The model's value of `g` for `side`, 0..1, for a game over or not:
 *  the logistic of evaluate_z on evaluate_terms with g's weights. */
double evaluate_position (const game_t *g, int side,
                          const commander_personality_t *p);

#endif
