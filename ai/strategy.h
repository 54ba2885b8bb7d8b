/*  strategy.h - named strategies that give orders to a side's units, and
 *  the Risk Factor table layer that orders units out of command.
 *
 *  A strategy is a class (a table of functions: create from a parameters
 *  string, decide, destroy) in a registry looked up by name:
 *    random  uniformly random legal orders (game_legal_orders), seeded;
 *    table   every unit does what the Risk Factor actions tables say
 *            (rf_decide), its order turned into a rules order; commanded
 *            units too, for now.
 *  Each strategy has its own dice, seeded when it is made, so the same
 *  seed gives the same decisions and its throws never disturb the
 *  rules' dice.
 */
#ifndef SOLO_STRATEGY_H
#define SOLO_STRATEGY_H

#include <stdbool.h>
#include <stdint.h>
#include "dice.h"
#include "game.h"
#include "rf.h"

#define STRATEGY_WHY_MAX    200     /* bytes of a decision's reason */
#define STRATEGY_PARAMS_MAX 256     /* bytes of a parameters string */

/*  One unit's decision: the order and why, in plain words. */
typedef struct {
    int unit;
    order_t order;
    char why[STRATEGY_WHY_MAX];
} strategy_decision_t;

/*  A strategy class. */
typedef struct {
    const char *name;
    const char *summary;
    /*  Parse `params` ("" for none; "key=value,key=value") into a new
     *  state (NULL is a valid state when create succeeds: return 0).
     *  0, or -1 with `err` naming the bad key or value. */
    int (*create) (const char *params, void **state, char *err, int errlen);
    void (*destroy) (void *state);
    /*  Orders for `n` units of `side` (indices in `units`), into out[i];
     *  `dice` is the strategy's own. */
    void (*decide) (void *state, const game_t *g, int side, const int *units,
                    int n, dice_t *dice, strategy_decision_t *out);
    /*  Its side's table layer is `variant` (borrowed, outlives the
     *  state; NULL: the game's tables), for a strategy that plays the
     *  tables itself (the commander's playouts).  NULL: it does not. */
    void (*set_tables) (void *state, const ruleset_t *variant);
    /*  True when its decisions depend on the clock (a search within a
     *  time budget), so that the same seed need not give the same
     *  orders: a replay takes them from a record.  NULL: never. */
    bool (*uses_clock) (const void *state);
    /*  Polled while it decides: true asks it to answer at once with what
     *  it has (a search cut short).  NULL: it decides quickly anyway. */
    void (*set_stop) (void *state, bool (*stop) (void *arg), void *arg);
    /*  `side` won a choice of moving first or second (game_choice_side):
     *  true to move first.  Decided from the position alone (no dice, no
     *  clock), so a replay makes it again.  NULL: the ruleset's reading
     *  stands. */
    bool (*moves_first) (void *state, const game_t *g, int side);
} strategy_class_t;

typedef struct strategy_t strategy_t;

/*  The registry: how many classes, the i-th, and one by name (NULL when
 *  unknown). */
int strategy_class_count (void);
const strategy_class_t *strategy_class_at (int i);
const strategy_class_t *strategy_class_find (const char *name);

/*  A strategy of class `name` with `params` (NULL or "" for none) and its
 *  own dice seeded with `seed`.  NULL with `err`: an unknown name (the
 *  known ones listed), bad parameters. */
strategy_t *strategy_new (const char *name, const char *params,
                          uint64_t seed, char *err, int errlen);
void strategy_destroy (strategy_t **self_p);

const char *strategy_name (const strategy_t *self);
const char *strategy_params (const strategy_t *self);
dice_t *strategy_dice (strategy_t *self);

/*  The strategy's side plays under `variant` of the tables ("tables=PATH",
 *  strategy_load_variant; borrowed: it must outlive the strategy; NULL:
 *  the game's).  Only strategies that play the table layer themselves
 *  care (the class's set_tables); others ignore it. */
void strategy_set_tables (strategy_t *self, const ruleset_t *variant);

/*  True when the strategy's orders depend on the clock (the class's
 *  uses_clock): the same seed may then give other orders. */
bool strategy_uses_clock (const strategy_t *self);

/*  `stop(arg)` (NULL: none) is polled while the strategy decides; when
 *  it says true, a search answers at once with its best plan so far.
 *  The daemon's shutdown reaches a battle's searches this way. */
void strategy_set_stop (strategy_t *self, bool (*stop) (void *arg),
                        void *arg);

/*  When `side` must choose to move first or second (game_choice_side),
 *  make the strategy's choice (game_choose_first); a strategy without a
 *  view leaves the ruleset's reading.  True when it chose. */
bool strategy_choose_first (strategy_t *self, game_t *g, int side);

/*  Orders for the `n` units of `side` in `units`. */
void strategy_decide (strategy_t *self, const game_t *g, int side,
                      const int *units, int n, strategy_decision_t *out);

/*  The table layer: what unit `u` does by the Risk Factor actions tables
 *  now (rf_decide_terse, its die thrown on `dice`), as a rules order with
 *  the action's morale effect.  `decision` (may be NULL) receives the
 *  decision without words (its factors' reasons and explanation empty:
 *  they cost most of a decision, and a player asking for them goes
 *  through rf_decide).  `why` gets "RF 3 (RF2-5), rolled 4:
 *  continue_facing_charge -> ..." (why may be NULL: no words at all).
 *  Returns 0, or -1 with `why` holding the error (the order is then a
 *  hold). */
int strategy_table_order (const game_t *g, int u, dice_t *dice,
                          order_t *out, rf_decision_t *decision, char *why,
                          int whylen);

/*  The same with the die already thrown for the unit's platoon: `roll`
 *  1..6 is used and no die thrown ("Uncommanded Formed units Dice once for
 *  all the groups composing a full unit"); 0 throws it on `dice`. */
int strategy_table_order_roll (const game_t *g, int u, int roll,
                               dice_t *dice, order_t *out,
                               rf_decision_t *decision, char *why,
                               int whylen);

/*  The table layer on `view`, a situation of the same units and terrain
 *  as the game's under another ruleset (a house-ruled variant of its
 *  tables, see strategy_check_variant), its units as they stand in the
 *  game now: rf_decide on the view, the morale effect from the view's
 *  ruleset.  `view` NULL is the game's own situation: the same as
 *  strategy_table_order_roll. */
int strategy_table_order_on (const game_t *g, const situation_t *view, int u,
                             int roll, dice_t *dice, order_t *out,
                             rf_decision_t *decision, char *why, int whylen);

/*  Where a die given to the table layer came from, for its words. */
typedef enum {
    STRATEGY_ROLL_PLATOON = 0,   /* thrown for the unit's platoon */
    STRATEGY_ROLL_PLAYER         /* the player's own, reported for it */
} strategy_roll_source_t;

/*  strategy_table_order_on, saying where `roll` (1..6) came from: "RF 3
 *  (RF2-5), the player's die 4: ..." for a die the player threw at the
 *  table for the unit this turn. */
int strategy_table_order_from (const game_t *g, const situation_t *view,
                               int u, int roll, strategy_roll_source_t source,
                               dice_t *dice, order_t *out,
                               rf_decision_t *decision, char *why, int whylen);

/*  ---- house-ruled table variants ----
 *
 *  Any strategy's parameters may carry "tables=PATH": the table file its
 *  side's table layer uses in place of the game's. */

#define STRATEGY_TABLES_PATH_MAX 256   /* bytes of a variant's path */

/*  Split `params` (NULL is "") into the rest without "tables=PATH" (the
 *  other keys in their order, comma-separated) and PATH ("" when none).
 *  rest and path hold STRATEGY_PARAMS_MAX and STRATEGY_TABLES_PATH_MAX
 *  bytes.  0, or -1 with `path` holding the error: "tables" given twice
 *  or empty, a path too long. */
int strategy_split_tables (const char *params, char *rest, char *path);

/*  Whether `variant` may stand in for the game's ruleset `base` in the
 *  table layer: the same ruleset name, the same weapons in the same order
 *  (units keep weapon indices).  0, or -1 with `err` naming the file
 *  `path` and the difference. */
int strategy_check_variant (const ruleset_t *base, const ruleset_t *variant,
                            const char *path, char *err, int errlen);

/*  Load the variant table file at `path` (ruleset_load) and check it
 *  against `base` (strategy_check_variant).  NULL with `err`. */
ruleset_t *strategy_load_variant (const ruleset_t *base, const char *path,
                                  char *err, int errlen);

/*  The same from a decision already made. */
void strategy_order_from_rf (const game_t *g, int u,
                             const rf_decision_t *d, order_t *out);

#endif
