/*  search.h - the commander's search over its units' portfolios:
 *  playouts on the rules core, the value of a position, Portfolio Greedy
 *  Search, decoupled UCT (raw or fitted values), NaiveMCTS or sequential
 *  halving, and one-turn playouts unit by unit, on one or more threads;
 *  where one unit acts an activation, a tree over which units act in
 *  the activations after the plan's (settings.depth).
 *
 *  Internal to ai/: commander.c builds the problem (the game as the side
 *  sees it, every unit's options) and turns the answer into orders.
 */
#ifndef SOLO_SEARCH_H
#define SOLO_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include "commander.h"
#include "game.h"
#include "portfolio.h"

#define SEARCH_BATCH      32     /* playouts chosen before any is played */
#define SEARCH_PGS_ROUNDS 2      /* improvement passes over the units */
#define SEARCH_MAX_ARMS   16384  /* whole plans remembered by NaiveMCTS */
#define SEARCH_FIT_BYTES  (16L << 20) /* playouts kept for the additive fit
                                    (settings.fit): their choices' bytes */
#define SEARCH_EPS_EXPLORE 0.4   /* NaiveMCTS: explore (local bandits) */
#define SEARCH_EPS_LOCAL   0.3   /* NaiveMCTS: a random option of a unit */
#define SEARCH_FOG_TURNS   3     /* an unseen enemy's ground: at most this
                                    many full moves from where it was seen */
#define SEARCH_FOG_DRAWS   4     /* places drawn before it stays put */
#define SEARCH_OBJECTIVE_TURNS 2 /* the script makes for objectives in
                                    the game's last turns, this many */
#define SEARCH_ACT_NODES   (1L << 16) /* the activation tree's nodes at
                                    most (settings.depth) */

/*  One unit to order and its options; or, where a phase acts with one
 *  unit alone (game_engine_t.one_acts), the choice of which unit acts
 *  and how: each option orders its own unit (portfolio_option_t.unit),
 *  and `unit` is the first option's. */
typedef struct {
    int unit;
    int count;
    portfolio_option_t options[PORTFOLIO_MAX];
    double confidence;           /* standard errors by which another option
                                    must beat the first for this unit to
                                    leave it, when more than
                                    settings.confidence (0: those alone) */
} search_unit_t;

typedef struct {
    const game_t *root;          /* the game as the side sees it, at the
                                    phase where units[].unit need orders */
    int side;
    int n;                       /* units to order, >= 1 */
    const search_unit_t *units;
    commander_settings_t settings;
    bool enemy_unknown;          /* enemies never seen are out of play in
                                    root: their side running out of units
                                    is no victory */
    double start;                /* search_now() when the answer began:
                                    the time budget counts from here */
    atomic_bool *stop_flag;      /* may be NULL */
    commander_stop_fn *stop_fn;  /* may be NULL */
    void *stop_arg;
    commander_progress_fn *progress_fn;   /* may be NULL */
    void *progress_arg;
    double progress_every_ms;
    const int *unseen;           /* per unit of root: for an enemy in play
                                    out of the side's sight, the turns
                                    since it was last seen (0: earlier
                                    this turn); -1 for every other unit.
                                    NULL: none.  Read with settings.fog. */
    const ruleset_t *variant;    /* the side's table layer's tables, a
                                    variant of the game's (NULL: the
                                    game's): its table-bound units play
                                    by them in the playouts */
} search_problem_t;

typedef struct {
    int *choice;                 /* n entries, filled: the option of each
                                    unit (the caller's array) */
    long playouts;
    long plans;
    double value;                /* mean of the chosen plan, 0.5 unplayed */
    bool stopped;
    int alternative_count;
    commander_alternative_t alternatives[COMMANDER_MAX_ALTERNATIVES];
    /* the least and the greatest mean of every whole plan played (of the
       SEARCH_MAX_ARMS remembered), each over its own playouts; both
       `value` when none was played.  These, not the alternatives (the
       most played plans, whose means the bandit draws together), say
       whether every plan weighed scored the same. */
    double lowest;
    double highest;
    /* per unit: the chosen option's own playouts and mean (local) */
    long *unit_visits;           /* n entries, may be NULL */
    double *unit_value;          /* n entries, may be NULL */
    bool *kept_first;            /* n entries, may be NULL: the unit's
                                    first option kept because no other
                                    beat it by settings.confidence
                                    standard errors */
} search_answer_t;

/*  A situation of the same table and units as `sit` under `variant`
 *  (a variant of sit's tables, strategy_check_variant): what the table
 *  layer of a side with its own tables decides on.  NULL out of memory
 *  or when sit's terrain or units do not fit (err says why). */
situation_t *search_variant_view (const ruleset_t *variant,
                                  const situation_t *sit, char *err,
                                  int errlen);

/*  The view's units as they stand in `sit` now (the same units). */
void search_variant_sync (situation_t *view, const situation_t *sit);

/*  Seconds on the monotonic clock. */
double search_now (void);

/*  The value of game `g` for `side`, 0..1: 1 a win, 0 a loss, 0.5 a
 *  draw once over; before that the ruleset's model of the chance to win
 *  (evaluate_position, evaluate.h): each side's losses and nearness to
 *  its break, the enemy's weighed by 0.5 + aggression, its own by 0.5 +
 *  caution; the objective value held and who the turn limit favours,
 *  more as it nears; command; under Empire of Liberty the fire each
 *  side's units could give next from where they stand, and how near
 *  they stand to the objectives, more as the turn limit nears. */
double search_evaluate (const game_t *g, int side,
                        const commander_personality_t *p);

/*  The distance from unit u of g to the nearest enemy in play
 *  (game_unit_in_play), footprint to footprint; INFINITY when none. */
double search_nearest_enemy_cm (const game_t *g, int u);

/*  The playout's order for commanded unit `u` of game `g` (at a phase
 *  where it takes an order) in a turn no plan fills: what a sensible
 *  commander does without thinking, in `stance`.  Holding, it holds,
 *  facing as it is.  Else a command figure closes on the middle of its
 *  side's other units when it is more than half the command distance
 *  from it, or holds.  In the game's last SEARCH_OBJECTIVE_TURNS turns
 *  a unit that can hold objectives, pressing on, makes a full move (a
 *  gallop) in its formation to the one of most value its side does not
 *  hold that the move reaches, and one already within an objective's
 *  radius does not leave it (it fires in reach, else holds).  Any
 *  other unit looks for the nearest enemy in play it can see (the three
 *  nearest tried): none, it holds.  Falling back, it makes a full move
 *  (a gallop for cavalry) straight away from that enemy.  Pressing on
 *  where charges are declared after the move
 *  (game_charge_after_move_cm), it charges that enemy when the phase's
 *  legal orders list the charge.  Else, in reach of its weapon, it
 *  fires at it (halted); else standing, or with a muzzle-loader not
 *  loaded, it holds (and loads); with no weapon it charges it when the
 *  rules let it; else it makes a full move (a gallop) towards it.  A
 *  hold faces the enemy found; a hold or a fire at it is formed as a
 *  player halting to fire gives it (game_aim: guns unlimbered, infantry
 *  in line under europe19).  Fire and charge are checked against the
 *  rules; a move may still be refused when given. */
order_t search_script_order (const game_t *g, int u,
                             commander_stance_t stance);

/*  World `world` of the enemies p->side cannot see, made in `g` (a copy
 *  of p->root): each enemy with p->unseen[e] >= 0 is put at a point drawn
 *  evenly from the ground it could have covered since it was last seen,
 *  a full move in the open (game_move_cm) for each turn since and this
 *  one, at most SEARCH_FOG_TURNS, in any direction, on the table and
 *  short of impassable terrain (situation_move_towards), facing as it
 *  was.  A draw where a unit of p->side in play would see it, or where
 *  it overlaps another unit, is drawn again, SEARCH_FOG_DRAWS times at
 *  most; then it stays where it was seen.  The same p, g and world give
 *  the same places.  Nothing moves when p->unseen is NULL. */
void search_fog_place (const search_problem_t *p, game_t *g, uint64_t world);

/*  Solve the problem into `out` (choice[] filled even when stopped at
 *  once: every unit's first option).  0, or -1 out of memory (choice[]
 *  still filled). */
int search_run (const search_problem_t *p, search_answer_t *out);

/*  `choice` as words: "id: option; id: option", cut short to fit. */
void search_plan_words (const search_problem_t *p, const int *choice,
                        char *buf, int len);

#endif
