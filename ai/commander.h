/*  commander.h - the commander: an AI that orders a whole side.
 *
 *  Troops under command follow the commander; troops out of command keep
 *  to the Risk Factor actions tables.  Asked what its side does now
 *  (commander_ask_side), the commander gives every unit of the side that
 *  takes an order an order, each marked with the layer that decided it
 *  ("commander" or "table") and why, plus the search's own figures.
 *
 *  How it decides.  Each commanded unit has a small portfolio of
 *  parameterised orders (portfolio.h).  Portfolio Greedy Search improves
 *  a default plan one unit at a time, every candidate played out on the
 *  same dice seeds; then decoupled UCT (a bandit per unit; under
 *  europe19, 4 Page Bolivar and the house rules each option valued by
 *  an additive fit over all the playouts, the other units' shares taken
 *  out, and under europe19 each unit's stance for its later orders
 *  weighed too), NaiveMCTS or sequential halving over the units'
 *  choices re-rolls the dice in every playout.  A
 *  playout plays the rules core for `horizon` turns: the plan's orders,
 *  then every commanded unit by a script in its stance (the enemy's
 *  stances improved first with `opponent`; by default the enemy's
 *  commanded units are played by the actions tables instead in half the
 *  playouts, as the search does not know how its opponent commands),
 *  every unit out of command by the actions tables; it values the end by
 *  the ruleset's model of the chance to win (evaluate.h), weighed by the
 *  personality.  Playouts run in batches chosen before the batch is
 *  played, on `threads` threads; each playout's dice come from its
 *  number, so a given seed and playout budget give the same answer on
 *  any number of threads.
 *
 *  Fog of war.  The commander sees what its side sees: an enemy no unit
 *  of the side can see (situation_can_see, the fixed sighting range) is
 *  not where it is but where the commander last saw it, as it was then;
 *  one never seen is not on its table at all (with `fog` set, the
 *  playouts draw where a remembered enemy may have gone since, out of
 *  the side's sight).  Only enemies in sight are fired at or charged.  A
 *  unit it cannot see does not change its answer.
 *
 *  The greedy algorithm (COMMANDER_GREEDY, greedy.h) is the one-ply
 *  baseline: each unit in turn takes the option whose outcome after the
 *  side's movement scores best by a static heuristic, no dice thrown.
 *  COMMANDER_ONE_TURN sits between the two: each unit alone, the others
 *  at their first option, takes the option whose playouts to the end of
 *  this turn value best on a few common seeds.
 */
#ifndef SOLO_COMMANDER_H
#define SOLO_COMMANDER_H

#include <stdbool.h>
#include <stdint.h>
#include "dice.h"
#include "game.h"
#include "portfolio.h"
#include "strategy.h"

#define COMMANDER_MAX_THREADS      8
#define COMMANDER_MAX_HORIZON      8        /* turns a playout looks ahead */
#define COMMANDER_HORIZON_SHORT_TURNS 3     /* horizon 0, a turn of a few
                                               phases: turns ahead */
#define COMMANDER_LONG_TURN_PHASES 8        /* horizon 0: a turn of this
                                               many phases or more looks
                                               one turn ahead */
#define COMMANDER_HORIZON_ACTIVATION_TURNS 2 /* horizon 0, where one unit
                                               acts an activation: turns
                                               ahead */
#define COMMANDER_MAX_BUDGET_MS    600000.0 /* ten minutes */
#define COMMANDER_MAX_PLAYOUTS     10000000L
#define COMMANDER_MAX_ALTERNATIVES 5
#define COMMANDER_ALIKE            0.005  /* plan values this close are alike */
#define COMMANDER_MAX_WORLDS       100000
#define COMMANDER_MAX_FOG          1024   /* determinizations of the unseen */
#define COMMANDER_MAX_PHASES       1000   /* order phases a playout plays */
#define COMMANDER_MAX_CONFIDENCE   8.0    /* standard errors to leave the
                                             greedy's option */
#define COMMANDER_ONE_ACTS_CONFIDENCE 2.0 /* confidence by the ruleset where
                                             one unit acts an activation */
#define COMMANDER_COMMAND_CONFIDENCE 1.5  /* confidence by default for a
                                             command figure's orders */
#define COMMANDER_HOUSE_CONFIDENCE 1.0    /* confidence by the ruleset under
                                             the Liberators house rules */
#define COMMANDER_OPPONENT_PGS     0.5    /* PGS's share of the budget when
                                             the enemy's plan is improved
                                             and pgs is 0 */
#define COMMANDER_START_SHARE      0.5    /* the most of the clock the
                                             search's greedy start pass
                                             takes */
#define COMMANDER_WHY_MAX          200
#define COMMANDER_PLAN_MAX         400      /* bytes of a plan in words */

typedef enum {
    COMMANDER_SEARCH = 0,   /* PGS, then a tree over the units' choices */
    COMMANDER_GREEDY,       /* one ply, unit by unit, a static score */
    COMMANDER_ONE_TURN      /* unit by unit, playouts to the turn's end */
} commander_algorithm_t;

/*  The search after PGS: decoupled UCT (a UCB1 bandit per unit),
 *  NaiveMCTS (local bandits to explore, the best whole plan to
 *  exploit) or decoupled sequential halving (the budget in rounds, each
 *  unit's options played alike in a round and the worse half of them
 *  dropped at its end). */
typedef enum {
    COMMANDER_TREE_UCT = 0,
    COMMANDER_TREE_NAIVE,
    COMMANDER_TREE_HALVING
} commander_tree_t;

/*  Who orders commanded units in the later turns of a playout: a
 *  simple script in its stance (commander_stance_t) for the searching
 *  side's and the actions tables for the enemy's, or the script for both
 *  sides' (the enemy commands as sensibly), or the actions tables like
 *  every other unit, or the script for the searching side's and, for the
 *  enemy's, the script in half the playouts and the tables in the other
 *  half (mixed: the search does not know how its opponent commands, and
 *  a plan good against one sort of opponent alone is not preferred). */
typedef enum {
    COMMANDER_ROLLOUT_SCRIPT = 0,
    COMMANDER_ROLLOUT_TABLE,
    COMMANDER_ROLLOUT_BOTH,
    COMMANDER_ROLLOUT_MIXED
} commander_rollout_t;

/*  How the script (rollout script, both or mixed) plays a commanded
 *  unit the plan leaves to it in a playout: its side's units in the
 *  later turns, the enemy's from the start.  Pressing on: fire at the
 *  nearest enemy in reach when loaded, else load, else close in (command
 *  figures keep near their units).  Standing: fire in reach, else hold.
 *  Holding: hold, whatever is in reach.  Falling back (a stance PGS may
 *  give an enemy unit, never a setting): a full move away from the
 *  nearest enemy. */
typedef enum {
    COMMANDER_STANCE_PRESS = 0,
    COMMANDER_STANCE_STAND,
    COMMANDER_STANCE_HOLD,
    COMMANDER_STANCE_FALL_BACK
} commander_stance_t;
#define COMMANDER_STANCE_COUNT 4

/*  How the commander weighs things, each 0..1 (0.5: balanced).
 *  aggression: the enemy's losses, closing in, charging, objectives;
 *  caution: its own losses, cover, falling back. */
typedef struct {
    double aggression;
    double caution;
} commander_personality_t;

typedef struct {
    commander_algorithm_t algorithm;
    double budget_ms;      /* wall clock per decision; 0: no time limit */
    long playouts;         /* playouts per decision; 0: no playout limit.
                              At least one of the two is set. */
    int threads;           /* 1..COMMANDER_MAX_THREADS */
    int phases;            /* a playout ends after this many phases
                              where a side gives orders, the plan's own
                              not counted, if its horizon has not ended
                              it first (0: the horizon alone),
                              0..COMMANDER_MAX_PHASES */
    int horizon;           /* 1..COMMANDER_MAX_HORIZON turns; 0: by the
                              ruleset (2 where one unit acts an
                              activation, else 3, or 1 where a turn has
                              COMMANDER_LONG_TURN_PHASES phases or more) */
    int samples;           /* common seeds per candidate (PGS, greedy),
                              1..64 */
    commander_tree_t tree;
    double exploration;    /* UCB1's constant, 0..4 */
    commander_rollout_t rollout;
    bool keep_options;     /* in a playout, a unit of the plan keeps its
                              option for the whole horizon (its order
                              given again wherever the rules take it),
                              the script only where they do not */
    commander_stance_t stance; /* the script's stance for every unit
                              it plays: press, stand or hold */
    bool improve_opponent; /* with rollout both or mixed: PGS first
                              gives each enemy unit under the script
                              the stance worst for the side against its
                              default plan, then improves and searches
                              the side's plan against that enemy plan */
    double pgs_share;      /* share of the budget Portfolio Greedy
                              Search may take before the tree, 0..1 (0,
                              the default: none; with improve_opponent
                              COMMANDER_OPPONENT_PGS, for the enemy's
                              plan is improved there) */
    double ascent_share;   /* share of the budget kept for an ascent
                              after the tree, from its plan: unit by unit
                              each other option tried on `samples`
                              common dice worlds with the rest of the
                              plan fixed, a better mean taken (PGS's
                              pass), 0..1 (0, the default: none) */
    double confidence;     /* tree uct: a unit leaves its first option
                              (the greedy's) only for one whose mean
                              beats it by this many standard errors of
                              the difference (0: the most played option
                              whatever the evidence),
                              0..COMMANDER_MAX_CONFIDENCE; below 0 (the
                              default, -1): by the ruleset,
                              COMMANDER_ONE_ACTS_CONFIDENCE where one unit
                              acts an activation (game_engine_t.one_acts),
                              COMMANDER_HOUSE_CONFIDENCE under the house
                              rules (liberators_house), else 0, and for a
                              command figure at least
                              COMMANDER_COMMAND_CONFIDENCE */
    int later_stances;     /* tree uct or halving: 1, the tree weighs
                              the stance of each unit the options order
                              (where one unit acts, every unit the acting
                              choice may order) for the playout's orders
                              after its option's (press, stand, hold or
                              fall back: the script's), a bandit of its
                              own beside the options'; 0, they take the
                              script's stance (settings.stance); -1 (the
                              default), by the ruleset: 1 under
                              europe19 */
    int fit;               /* tree uct: 1, each unit's options (and the
                              later stances weighed) valued by an
                              additive fit over every playout, the other
                              units' shares of each playout's value taken
                              out, not by the raw mean of the playouts
                              an option was in; 0, the raw mean; -1
                              (the default): by the ruleset, 1 under
                              europe19, 4 Page Bolivar and the house
                              rules (liberators_house) */
    int depth;             /* where one unit acts an activation
                              (game_engine_t.one_acts): the activations
                              after the plan's that a tree searches
                              (acttree.h), which unit acts in each, the
                              enemy's and the side's in turn,
                              0..ACTTREE_MAX_DEPTH (0: none, each acts
                              with its first waiting unit); -1 (the
                              default), by the ruleset: 0 under every
                              ruleset today.  Nothing where every unit
                              is ordered at once. */
    int worlds;            /* dice worlds the playouts cycle through, the
                              same for every plan (0: new dice for every
                              playout), 0..COMMANDER_MAX_WORLDS */
    int keyed;             /* 1 (the default): the playouts' dice keyed
                              by unit and deed (dice_set_keyed), so that
                              two plans on a common world throw a unit
                              the same dice for the same deed whatever
                              the others did; 0: a stream a phase */
    int fog;               /* places of the enemies out of sight the
                              playouts cycle through, each drawn within
                              the ground it could have covered since it
                              was seen and out of the side's sight, the
                              same for every plan (0: each stands where it
                              was last seen), 0..COMMANDER_MAX_FOG */
    uint64_t seed;         /* the search's own dice */
    commander_personality_t personality;
} commander_settings_t;

/*  The defaults: search, 100 ms, no playout limit, 1 thread, horizon 0
 *  (by the ruleset: 3 turns in skirmish19, 2 in Empire of Liberty),
 *  4 samples, no PGS (the whole budget to the tree), decoupled UCT with
 *  exploration 0.3, confidence -1 (by the ruleset,
 *  commander_confidence_for: 2 where one unit acts an activation, as in
 *  Empire of Liberty, 1 under the house rules, else 0), mixed rollouts (the
 *  script pressing on for the side, for the enemy the script in half
 *  the playouts and the tables in the other half), the enemy's plan not
 *  improved, later and fit -1 (by the ruleset: each unit's later stance
 *  weighed under europe19, the options' values fitted under europe19,
 *  4 Page Bolivar and the house rules), no ascent,
 *  seed 1, balanced. */
void commander_settings_defaults (commander_settings_t *s);

/*  The confidence (settings.confidence) a search of game g runs with
 *  under settings s: s's own when 0 or more, else the ruleset's:
 *  COMMANDER_ONE_ACTS_CONFIDENCE where one unit acts an activation,
 *  COMMANDER_HOUSE_CONFIDENCE under the house rules, else 0.  A command
 *  figure may need more (COMMANDER_COMMAND_CONFIDENCE). */
double commander_confidence_for (const commander_settings_t *s,
                                 const game_t *g);

/*  0 when the settings are usable, else -1 with `err` naming the field
 *  and its bounds (a budget or playouts below 0 or above the maximum,
 *  both 0, threads, horizon or samples out of range, a personality value
 *  outside 0..1 or not a number, an unknown algorithm). */
int commander_settings_check (const commander_settings_t *s, char *err,
                              int errlen);

/*  Presets.  Difficulty is the search budget:
 *    easy 25 ms, normal 100 ms, hard 400 ms, expert 1600 ms;
 *  personality:
 *    balanced (0.5, 0.5), bold (0.8, 0.3), cautious (0.3, 0.8),
 *    reckless (1.0, 0.0)   as (aggression, caution).
 *  Each applies its fields to `s` and returns 0, or -1 for an unknown
 *  name.  The *_name functions give the i-th preset's name, NULL past
 *  the last. */
int commander_difficulty_apply (const char *name, commander_settings_t *s);
int commander_personality_apply (const char *name, commander_settings_t *s);
const char *commander_difficulty_name (int i);
const char *commander_personality_name (int i);

/*  Apply "key=value,key=value" to `s` (NULL or "": nothing), left to
 *  right, so a later key overrides an earlier one.  Keys: difficulty
 *  (a preset), personality (a preset), aggression, caution (0..1), ms
 *  (budget_ms), playouts, threads, horizon, samples, seed, algorithm
 *  (search, greedy or one-turn), tree (uct, naive or halving),
 *  exploration, rollout (script, both, table or mixed), script (stance:
 *  press, stand or hold), keep (keep_options, 0 or 1), later
 *  (later_stances, -1, 0 or 1), depth (-1 or
 *  0..ACTTREE_MAX_DEPTH), fit (-1, 0 or 1), opponent
 *  (improve_opponent, 0 or 1), pgs (pgs_share), ascent (ascent_share),
 *  confidence, worlds, keyed (0 or 1), fog, phases.  Then checks the whole
 *  (commander_settings_check).
 *  0, or -1 with `err` naming the key or value ("unknown key \"x\"",
 *  "aggression: \"2\" is not in 0..1"). */
int commander_settings_parse (const char *params, commander_settings_t *s,
                              char *err, int errlen);

/*  ---- the answer ---- */

typedef enum {
    COMMANDER_LAYER_COMMANDER = 0,   /* under command: the search decided */
    COMMANDER_LAYER_TABLE            /* out of command: the actions table */
} commander_layer_t;

/*  "commander" or "table". */
const char *commander_layer_name (commander_layer_t layer);

typedef struct {
    int unit;                        /* index in the game */
    order_t order;                   /* legal in the game asked about */
    commander_layer_t layer;
    char choice[PORTFOLIO_NAME_MAX]; /* the option ("fire at red-left"), or
                                        the table's action */
    char why[COMMANDER_WHY_MAX];     /* in plain words */
    bool waits;                      /* one unit acts now (the result's
                                        `acting`), not this one: its
                                        order is a hold it will not carry
                                        out before a later activation */
} commander_order_t;

/*  A plan the search weighed: its playouts and their mean value. */
typedef struct {
    long visits;
    double value;                    /* 0..1: the side's prospects */
    char plan[COMMANDER_PLAN_MAX];   /* "blue-wall: fire at red-left; ..." */
} commander_alternative_t;

typedef struct {
    int side;
    int turn;
    int phase;
    int order_count;
    commander_order_t *orders;       /* order_count entries (owned) */
    int commanded;                   /* orders of the commander layer */
    long playouts;
    double elapsed_ms;               /* the whole answer, wall clock */
    double value;                    /* mean value of the chosen plan,
                                        0..1; 0.5 with no playout */
    long plans;                      /* distinct plans played out */
    int alternative_count;           /* the chosen plan first, then the
                                        most visited others */
    commander_alternative_t alternatives[COMMANDER_MAX_ALTERNATIVES];
    bool stopped;                    /* ended by the stop hook */
    /*  The search tried more than one plan and every one it weighed
     *  scored the same (within COMMANDER_ALIKE): within its horizon the
     *  battle goes the same whatever the side orders, so the choice is
     *  no better than any other and says so (verdict). */
    bool plans_alike;
    char verdict[COMMANDER_WHY_MAX]; /* that in words; "" otherwise */
    /*  Where a phase acts with one unit alone (game_engine_t.one_acts:
     *  Empire of Liberty's activations), the unit the search acts with
     *  now (its index in the game); every other unit's order is a hold
     *  that waits for a later activation.  -1 elsewhere, and with the
     *  greedy, whose most urgent order acts (as commander_strategy gives
     *  them). */
    int acting;
    int threads;
    int hidden;                      /* enemies in play it cannot see */
    int remembered;                  /* of which it last saw somewhere */
} commander_result_t;

/*  Free the orders of a result and zero it (safe on a zeroed result and
 *  twice). */
void commander_result_free (commander_result_t *r);

/*  ---- hooks ---- */

typedef struct {
    long playouts;
    double elapsed_ms;
    double best_value;               /* of the plan it would give now */
    const char *stage;               /* "pgs-enemy", "pgs", "uct", "mcts",
                                        "one-turn" */
    const char *best_plan;           /* in words */
} commander_progress_t;

/*  Called on the searching thread about every `every_ms` ms. */
typedef void (commander_progress_fn) (void *arg,
                                      const commander_progress_t *p);
/*  Polled on the searching thread; true ends the search, which answers
 *  with the best plan so far. */
typedef bool (commander_stop_fn) (void *arg);

/*  ---- the commander ---- */

typedef struct commander_t commander_t;

/*  A commander with `settings` (NULL: the defaults), for any game.  NULL
 *  with `err`: settings refused (commander_settings_check), out of
 *  memory. */
commander_t *commander_new (const commander_settings_t *settings, char *err,
                            int errlen);
void commander_destroy (commander_t **self_p);

const commander_settings_t *commander_settings (const commander_t *self);

/*  Change the settings (checked as for commander_new).  0 or -1. */
int commander_set_settings (commander_t *self, const commander_settings_t *s,
                            char *err, int errlen);

/*  Its side's table layer plays `variant` of the game's tables (a
 *  house rule, strategy_load_variant; borrowed, it must outlive its use;
 *  NULL: the game's own): the table-bound units commander_ask_side
 *  orders, and its own side's table-bound units in the search's
 *  playouts.  The enemy's are played by the game's tables. */
void commander_set_tables (commander_t *self, const ruleset_t *variant);

/*  The dice the player threw at the table this turn for units of the
 *  game (rolls[u] 1..6 for unit u, 0 none; `count` entries), used by the
 *  next commander_ask_side for its table-bound units in place of the
 *  rules' dice, as an AskUnit about the unit uses them.  Borrowed until
 *  then; NULL: none. */
void commander_set_player_rolls (commander_t *self, const uint8_t *rolls,
                                 int count);

void commander_set_progress (commander_t *self, commander_progress_fn *fn,
                             void *arg, double every_ms);
void commander_set_stop (commander_t *self, commander_stop_fn *fn, void *arg);

/*  Ask the search under way to stop and answer with its best so far.
 *  Safe from any thread.  A stop asked while no search runs is forgotten
 *  when the next one starts. */
void commander_stop (commander_t *self);

/*  Forget where the enemy was last seen (a new game).  The memory is also
 *  forgotten by itself when asked about another scenario or an earlier
 *  turn than the last. */
void commander_forget (commander_t *self);

/*  Orders for the `n` units of `side` in `units`: units of that side that
 *  need an order now and that the rules let a strategy order (not
 *  table-bound).  Every order is legal in `g` (a hold at worst).  The
 *  search's dice are seeded from settings.seed.  Fills `out` (freed
 *  first), out->orders in the order of `units`.  0, or -1 with `err`: a
 *  side out of range, a unit that is not of `side` or needs no order, out
 *  of memory. */
int commander_decide (commander_t *self, const game_t *g, int side,
                      const int *units, int n, commander_result_t *out,
                      char *err, int errlen);

/*  Every unit of `side` that needs an order now: table-bound units (out
 *  of command) get their actions-table order, the D6 thrown on `dice`
 *  (layer "table"); the others are decided by commander_decide (layer
 *  "commander"), seeing the table orders already given.  `out->orders`
 *  in unit index order.  0, or -1 with `err`: a side out of range, no
 *  unit of the side waiting for an order in this phase (naming the
 *  phase), out of memory. */
int commander_ask_side (commander_t *self, const game_t *g, int side,
                        dice_t *dice, commander_result_t *out, char *err,
                        int errlen);

/*  ---- the fog of war ---- */

/*  Make `view` (a game of the same rules and scenario) the game as the
 *  commander of `side` sees `g`: enemies in sight as they are, others
 *  where it last saw them or, never seen, out of play.  Updates the
 *  memory of where enemies were seen.  visible[] (one per unit of g, may
 *  be NULL) is set true for the enemies in sight.  *hidden and
 *  *remembered (may be NULL) count the enemies in play not in sight and
 *  of those the ones it remembers.  0, or -1 out of memory. */
int commander_view (commander_t *self, const game_t *g, int side,
                    game_t *view, bool *visible, int *hidden,
                    int *remembered);

/*  ---- strategies ---- */

/*  The registry entries of strategy.h: "greedy" (params: aggression,
 *  caution, personality) and "search" (every key of
 *  commander_settings_parse).  Each decision's seed is drawn from the
 *  strategy's own dice. */
int commander_strategy_create_greedy (const char *params, void **state,
                                      char *err, int errlen);
int commander_strategy_create_search (const char *params, void **state,
                                      char *err, int errlen);
void commander_strategy_destroy (void *state);
void commander_strategy_decide (void *state, const game_t *g, int side,
                                const int *units, int n, dice_t *dice,
                                strategy_decision_t *out);
void commander_strategy_set_tables (void *state, const ruleset_t *variant);
/*  A search within a time budget (budget_ms > 0) depends on the clock;
 *  the greedy never does. */
bool commander_strategy_uses_clock (const void *state);
void commander_strategy_set_stop (void *state, bool (*stop) (void *arg),
                                  void *arg);
bool commander_strategy_moves_first (void *state, const game_t *g, int side);

#define COMMANDER_STRATEGY_GREEDY                                         \
    { "greedy", "one ply: each commanded unit's best order by a static "  \
      "heuristic", commander_strategy_create_greedy,                     \
      commander_strategy_destroy, commander_strategy_decide,             \
      commander_strategy_set_tables, commander_strategy_uses_clock,     \
      commander_strategy_set_stop, commander_strategy_moves_first }
#define COMMANDER_STRATEGY_SEARCH                                         \
    { "search", "the commander: each unit's options played out, a bandit "\
      "a unit, within a time or playout budget",                         \
      commander_strategy_create_search,                                  \
      commander_strategy_destroy, commander_strategy_decide,             \
      commander_strategy_set_tables, commander_strategy_uses_clock,     \
      commander_strategy_set_stop, commander_strategy_moves_first }

#endif
