/*  battle.h - play a scenario to the end between two named strategies,
 *  and the replay log that shows every die and every decision.
 *
 *  battle_play() runs the rules' phase loop: units out of command take
 *  their orders from the Risk Factor actions tables (the "table" layer,
 *  its dice from the rules' dice), the others from their side's strategy
 *  (its own dice).  All chance is seeded from the one seed, so the same
 *  seed plays the same battle.  The log holds, in order, a start line,
 *  every die thrown (by the rules), every decision (with the layer that
 *  made it and the order), every event of the rules in plain words, and
 *  the result.  battle_replay() plays the battle again from a log, taking
 *  the strategies' decisions from it, and checks that every line comes
 *  out the same.
 *
 *  The log also says where every unit stands, so a front end can redraw
 *  the battle exactly from the log alone.  A line carries the units
 *  whose state (centre, facing, wounded, killed, in play) changed since
 *  the last line that carried any (battle_log_states): a state line right
 *  after the start line lists every unit as it starts; each event line
 *  (a move, a charge, a run, shooting, a melee, a unit leaving) carries
 *  the units it changed, as they stand once the rules reported it; and a
 *  state line closes each phase in which something changed without an
 *  event of its own (the recoils and follow-ups after a melee, a unit
 *  taken out after its losses).  Units are in index order on each line.
 */
#ifndef SOLO_BATTLE_H
#define SOLO_BATTLE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "game.h"
#include "strategy.h"

#define BATTLE_TEXT_MAX  320     /* bytes of a log line's words */
#define BATTLE_LAYER_MAX 24

typedef enum {
    BATTLE_LINE_START = 0,   /* the setup: scenario, seed, strategies */
    BATTLE_LINE_DIE,         /* a die thrown by the rules */
    BATTLE_LINE_DECISION,    /* a unit's order and who decided it */
    BATTLE_LINE_EVENT,       /* what the rules did, in words */
    BATTLE_LINE_RESULT,      /* the end */
    BATTLE_LINE_STATE        /* units that moved or took losses (above) */
} battle_line_kind_t;

/*  A unit as it stands after a log line. */
typedef struct {
    int unit;                /* index into the scenario's units */
    vec2_t centre;
    double facing;           /* [0, 360) */
    int wounded, killed;     /* totals, as unit_t counts them */
    bool in_play;            /* false once gone (left, destroyed) */
} battle_unit_state_t;

typedef struct {
    battle_line_kind_t kind;
    int turn, phase;
    char phase_name[24];             /* the ruleset's name of the phase */
    int unit;                        /* the unit, or -1 */
    int sides, value;                /* DIE: a D`sides` that came up value */
    char layer[BATTLE_LAYER_MAX];    /* DECISION: "table" or the strategy */
    order_t order;                   /* DECISION */
    char text[BATTLE_TEXT_MAX];      /* the line in plain words */
    int state_first, state_count;    /* its unit states in the log (use
                                        battle_log_states) */
} battle_line_t;

typedef struct battle_log_t battle_log_t;

battle_log_t *battle_log_new (void);
void battle_log_destroy (battle_log_t **self_p);

/*  Lines so far, and the i-th (0 <= i < count). */
int battle_log_count (const battle_log_t *self);
const battle_line_t *battle_log_line (const battle_log_t *self, int i);

/*  The unit states of line i (0 <= i < count): *count of them (0 for
 *  most dice and decisions), in unit index order; NULL when none. */
const battle_unit_state_t *battle_log_states (const battle_log_t *self,
                                              int i, int *count);

/*  The setup recorded by the start line (battle_play fills it). */
uint64_t battle_log_seed (const battle_log_t *self);
const char *battle_log_strategy (const battle_log_t *self, side_t side);
const char *battle_log_params (const battle_log_t *self, side_t side);

/*  The hash of the tables side `side`'s table layer used (the game's, or
 *  the variant its parameters named with "tables=PATH"); "" before a
 *  start line. */
const char *battle_log_tables_hash (const battle_log_t *self, side_t side);

/*  One line as plain words, e.g. "turn 3, side A moves: die D6 = 4" or
 *  "turn 3, side A moves: order red-left [table] RF 2 (RF2-5), rolled 5:
 *  ...".  Returns buf. */
char *battle_line_format (const battle_line_t *line, char *buf, int buflen);

/*  Write every line, formatted, one per line.  0, or -1 on a write
 *  error. */
int battle_log_print (const battle_log_t *self, FILE *out);

/*  An outside decider for one side, such as an external strategy: it
 *  gives the orders a strategy's decide would (out[i] for units[i]).  0,
 *  or -1 with `err`: the battle stops there and battle_play returns -1
 *  with that error, the log holding the battle up to that point. */
typedef int (battle_decide_fn) (void *arg, const game_t *g, int side,
                                const int *units, int n,
                                strategy_decision_t *out, char *err,
                                int errlen);

typedef struct {
    uint64_t seed;
    const char *strategy[SIDE_COUNT];   /* class names, e.g. "table"; with
                                           decide[s], the name logged */
    const char *params[SIDE_COUNT];     /* NULL or "" for none; any
                                           strategy's may carry
                                           "tables=PATH": that side's table
                                           layer (its units out of command,
                                           and the class "table") uses that
                                           variant of the tables
                                           (strategy_load_variant) */
    battle_decide_fn *decide[SIDE_COUNT]; /* NULL: the class decides */
    void *decide_arg[SIDE_COUNT];
    /*  NULL, or polled before each phase and by a searching strategy
     *  while it thinks: true stops the battle there (battle_play returns
     *  -1, err saying it was stopped), so a daemon shutting down need not
     *  wait for the battle's end. */
    bool (*stop) (void *arg);
    void *stop_arg;
} battle_setup_t;

typedef struct {
    game_result_t result;     /* winner (-1 draw), turns, reason, losses */
    uint64_t seed;
    uint64_t steps;           /* rules steps (phases resolved, orders) */
    int dice;                 /* dice the rules threw */
    int decisions;            /* orders given */
    int table_decisions;      /* of which by the actions tables */
    char tables_hash[SIDE_COUNT][24]; /* each side's table layer's tables
                                         (ruleset_tables_hash) */
} battle_result_t;

/*  The seed of side `side`'s strategy's own dice in a battle of `seed`
 *  (what battle_play gives a strategy it makes), for a caller that makes
 *  the strategy itself and decides through battle_setup_t.decide. */
uint64_t battle_strategy_seed (uint64_t seed, int side);

/*  Play `scenario` under `rules` to its end.  `log` (may be NULL: faster)
 *  receives the replay log, emptied first.  0, or -1 with `err`: unknown
 *  strategy or parameters, a table variant that does not load or does
 *  not fit the game's ruleset, a scenario of another ruleset, out of
 *  memory, stopped by setup->stop. */
int battle_play (const game_rules_t *rules, const scenario_t *scenario,
                 const battle_setup_t *setup, battle_result_t *out,
                 battle_log_t *log, char *err, int errlen);

/*  Play the battle of `log` again (its seed, the strategies' decisions
 *  from the log) and check every line.  0 with `out` filled when the log
 *  reproduces; -1 with `err` naming the first line that differs (or why
 *  the log cannot be replayed). */
int battle_replay (const game_rules_t *rules, const scenario_t *scenario,
                   const battle_log_t *log, battle_result_t *out, char *err,
                   int errlen);

#endif
