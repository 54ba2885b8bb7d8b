/*  game.h - playing a battle under a ruleset: the general interface every
 *  ruleset implements, and the flat game state they share.
 *
 *  A ruleset that can be played is a game_engine_t: a table of functions
 *  (load its own tables, set up a game from a scenario, its phases, the
 *  legal orders of a unit, check an order, resolve a phase, victory), in
 *  the manner of a go program's engine struct.  game_rules_load() reads a
 *  ruleset's table file, finds the engine registered for the ruleset's
 *  name, and loads the engine's tables from the same file.
 *
 *  A game_t is the battle as it stands: a situation_t (positions, losses,
 *  status) plus per-unit battle state (commanded, load progress, moved,
 *  in melee, gone, this turn's order, the current actions), the turn and
 *  the phase.  Copies are cheap and allocate nothing once the copy has
 *  room (game_copy_into): the search copies games millions of times.
 *
 *  A turn is the engine's phases in order.  In each phase:
 *    game_begin_phase()      the engine's own dice (command, ...), and it
 *                            marks the units that need an order;
 *    game_apply_order()      for each such unit (a strategy, the Risk
 *                            Factor tables, a player: not the engine);
 *    game_resolve_phase()    movement, shooting, melee...; then the next
 *                            phase, and after the last one the victory
 *                            check and the next turn.
 *  Every chance goes through the dice given; the same dice and the same
 *  orders give the same game.
 */
#ifndef SOLO_GAME_H
#define SOLO_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "dice.h"
#include "order.h"
#include "ruleset.h"
#include "scenario.h"
#include "situation.h"

#define GAME_MAX_PHASES       16
#define GAME_MAX_LEGAL_ORDERS 64     /* legal orders listed for one unit */
#define GAME_REASON_MAX       160
#define GAME_EVENT_MAX        256    /* bytes of one event's words */

typedef struct game_t game_t;
typedef struct game_rules_t game_rules_t;

/*  Words of a unit's state that belong to its ruleset's engine, copied
 *  with the game and zero at its start.  Each engine names them with a
 *  struct of int16_t fields of its own (s19_unit_state_t,
 *  eol_unit_state_t) read through game_unit_t.ruleset_state: the core
 *  never looks inside. */
#define GAME_UNIT_RULESET_WORDS 6
typedef union {
    int16_t word[GAME_UNIT_RULESET_WORDS];
    int64_t align;
} game_ruleset_state_t;

/*  Per-unit battle state, flat. */
typedef struct {
    uint8_t commanded;       /* under command this turn */
    uint8_t needs_order;     /* the current phase waits for its order */
    uint8_t ordered;         /* an order was given this turn */
    uint8_t moved_halves;    /* halves of this turn spent moving (0..2) */
    uint8_t load_halves;     /* progress loading its weapon */
    uint8_t fired;           /* fired this turn */
    uint8_t in_melee;        /* in contact with an enemy */
    uint8_t gone;            /* off the table or destroyed: out of play */
    int16_t left_standing;   /* figures standing when it left the table */
    uint32_t order_seq;      /* when its order was given, counted over the
                                game (0: none yet): an engine that acts
                                with one unit at a time takes the first
                                ordered, as its player chose */
    game_ruleset_state_t ruleset_state;   /* the engine's own */
    order_t order;           /* this turn's order */
    order_t current;         /* its current actions ("continue") */
} game_unit_t;

/*  The result of a battle (or of the game so far). */
typedef struct {
    bool over;
    int winner;                      /* side, or -1: a draw / not over */
    int turns;                       /* turns completed */
    char reason[GAME_REASON_MAX];    /* why it ended, in plain words */
    int figures[SIDE_COUNT];         /* figures at the start */
    int killed[SIDE_COUNT];          /* killed */
    int wounded[SIDE_COUNT];         /* wounded, still standing */
    int gone[SIDE_COUNT];            /* left the table, standing */
    int units_left[SIDE_COUNT];      /* units still in play */
    int objective_value[SIDE_COUNT]; /* objective value held */
    /*  How near each army is to its break: the share it has lost over
     *  the share that breaks it (1 or more: broken), for a strategy
     *  weighing a position. */
    double break_share[SIDE_COUNT];
    /*  The side the turn limit would give the battle to if it came now
     *  with neither army broken (-1: a draw), by the scenario's on_time
     *  rule or the engine's own (4 Page Bolivar: the attacker loses). */
    int on_time_winner;
} game_result_t;

/*  Events: what happened, in plain words, as the engine resolves. */
typedef enum {
    GAME_EVENT_PHASE = 0,    /* a phase begins */
    GAME_EVENT_COMMAND,      /* command dice and activations */
    GAME_EVENT_MOVE,
    GAME_EVENT_SHOOT,
    GAME_EVENT_MELEE,
    GAME_EVENT_STATUS,       /* a unit leaves, breaks, is destroyed... */
    GAME_EVENT_END           /* the battle ends */
} game_event_kind_t;
#define GAME_EVENT_KIND_COUNT 7

typedef struct {
    game_event_kind_t kind;
    int turn, phase;
    int unit;                        /* the unit it is about, or -1 */
    char text[GAME_EVENT_MAX];
} game_event_t;

typedef void (game_event_fn) (void *arg, const game_event_t *event);

/*  What an engine tells a one-ply scorer (ai/greedy.c) of its own fire
 *  and melee, so that a strategy weighs its options by the ruleset's
 *  numbers without reading the ruleset's tables itself.  An engine
 *  without them (game_engine_t.estimates NULL) is scored by rough
 *  chances any ruleset roughly gives. */
typedef struct {
    /*  The figures of unit `u` that may shoot now, having moved this
     *  turn or not, under command or not: 0 when it cannot shoot. */
    int (*shooters) (const game_t *g, int u, bool moved, bool commanded);
    /*  The figures (a kill 1, a wound a half) `shooters` figures of unit
     *  `a` should take off unit `b` firing from where they stand now, by
     *  the ruleset's to-hit and damage tables; 0 out of range. */
    double (*volley) (const game_t *g, int a, int b, int shooters);
    /*  The worth to unit `u` of its melee with enemy `e`: the figures it
     *  should take off (each weighed `target_worth`), less those it
     *  should lose, plus the loser's falling back. */
    double (*melee) (const game_t *g, int u, int e, double target_worth);
    /*  True when a side's movement phase throws no dice, so that one
     *  ply scores an order (else the scorer plays it on a few seeds). */
    bool moves_without_dice;
} game_estimates_t;

/*  The engine of one ruleset.  Every function is given the game; `tables`
 *  is what tables_load returned (game_tables()). */
typedef struct {
    const char *name;        /* the ruleset name it plays ("skirmish19") */
    const char *title;

    /*  Read the engine's own numbers from the table file's text (the
     *  ruleset's part is already loaded as `rs`).  NULL with `err` as
     *  "file:line - reason". */
    void *(*tables_load) (const char *text, const char *origin,
                          const ruleset_t *rs, char *err, int errlen);
    void (*tables_free) (void *tables);

    int phase_count;
    const char *(*phase_name) (int phase);
    /*  The side whose units take orders in `phase`, or -1 when the phase
     *  only resolves. */
    int (*phase_side) (const game_t *g, int phase);

    /*  Bytes of workspace a game needs (melee figure lists...), allocated
     *  once by game_new and never copied. */
    size_t (*scratch_size) (const game_t *g);
    /*  Set up a new game from its scenario (first orders, start state).
     *  0, or -1 with err. */
    int (*prepare) (game_t *g, char *err, int errlen);
    /*  The start of a phase: throw what the phase throws first and set
     *  needs_order on the units that must be ordered. */
    void (*begin_phase) (game_t *g, dice_t *dice);
    /*  Up to `max` legal orders for unit `u` now (the first is always a
     *  safe default); returns the count. */
    int (*legal_orders) (const game_t *g, int u, order_t *out, int max);
    /*  The order charging `target` that legal_orders lists for unit u
     *  now, into *out: true; false when it lists none.  For a script
     *  that wants that one order, where checking the list's others (a
     *  move's way through the zones) costs far more.  NULL: the list
     *  is asked. */
    bool (*legal_charge) (const game_t *g, int u, int target,
                          order_t *out);
    /*  0 when order `o` is legal for unit `u` now, else -1 with err.
     *  Called by game_check_order once the order is well formed (a kind
     *  and pace of order.h, a point and facing that are numbers, a point
     *  for a move or a take-cover): the engine checks its own rules. */
    int (*check_order) (const game_t *g, int u, const order_t *o, char *err,
                        int errlen);
    /*  True when unit `u` takes its order from the ruleset's actions
     *  tables this phase (out of command) rather than from a strategy.
     *  NULL: never. */
    bool (*table_bound) (const game_t *g, int u);
    /*  Why unit `u` is table-bound now, in a player's words ("no command
     *  figure within 50 cm"), into why (len bytes, terminated); called
     *  only while table_bound says true.  NULL: "out of command". */
    void (*table_bound_why) (const game_t *g, int u, char *why, int len);
    /*  Carry out the phase. */
    void (*resolve_phase) (game_t *g, dice_t *dice);
    /*  The phase that follows `phase` once it is resolved: phase_count or
     *  more ends the turn (a turn of alternating activations ends when no
     *  unit is left to act, long before its last possible phase).  NULL:
     *  phase + 1, every phase played. */
    int (*next_phase) (const game_t *g, int phase);
    /*  A side's choice of when to move, after the phase has begun: the
     *  side that must choose now (an initiative's winner choosing to move
     *  first or second), or -1; and the choice made (true: first).  NULL:
     *  no such choice. */
    /*  The phase in a player's words, naming the army ("French
     *  voltigeurs' move (side A)"), into buf.  NULL: phase_name. */
    void (*phase_title) (const game_t *g, int phase, char *buf, int len);
    int (*choice_side) (const game_t *g);
    void (*choose_first) (game_t *g, bool first);
    /*  After the last phase: fill `out` (over, winner, reason...) for the
     *  game as it stands at the end of turn game_turn(g). */
    void (*victory) (const game_t *g, game_result_t *out);
    /*  The situation was changed from outside the rules (a player reports
     *  what happened on the table): recompute what derives from the
     *  positions, such as who is in contact.  NULL: nothing derives. */
    void (*refresh) (game_t *g);
    /*  Its fire and melee for a one-ply scorer; NULL: rough chances. */
    const game_estimates_t *estimates;
    /*  Unit u's strength now and at its start as the rules wear it down,
     *  for a strategy weighing a position (4 Page Bolivar: its stands'
     *  resolve, which hits lower long before a stand is lost); 0 now for
     *  a unit out of play.  NULL: its figures (killed and gone lost, the
     *  wounded a half). */
    void (*strength) (const game_t *g, int u, double *now, double *start);
    /*  True when a phase acts with one unit alone: of the units that wait
     *  for an order, the one ordered first acts and the others' orders
     *  are dropped (Empire of Liberty's alternating activations), so a
     *  side's choice is which unit acts and how. */
    bool one_acts;
    /*  The reach of a charge unit `u` declares after its side's move,
     *  where the rules declare charges in a phase of their own after the
     *  move (4 Page Bolivar's Step 4.1): an ORDER_CHARGE given in the
     *  move phase stands ready, moving first to its `to` (has_to) and
     *  turning to its facing (has_facing), and is declared from there if
     *  the target is then in reach.  NULL: a charge is a move of its own
     *  (has_to on a charge means nothing). */
    double (*charge_after_move) (const game_t *g, int u);
    /*  True when unit u counts for holding an objective (the engine's own
     *  rule, as game_update_objectives is given it: leaders and
     *  commanders hold nothing under most rulesets).  NULL: every unit in
     *  play. */
    bool (*holds) (const game_t *g, int u);
    /*  Make `o`, an order of unit u to fire at enemy `target` or to hold
     *  facing it (and fire where the phase's fire finds it), the order a
     *  player halting to fire gives under these rules: the formation the
     *  unit fires from (19th Century Europe: infantry in line, guns
     *  unlimbered) and no turn where the target is already in the arc
     *  and a turn would cost the volley (pivoting guns do not fire).
     *  Nothing else of `o` changes.  NULL: the order as it is. */
    void (*aim) (const game_t *g, int u, int target, order_t *o);
    /*  The formation unit u moves in when ordered to move without naming
     *  one, where the rules change it first (19th Century Europe: a line
     *  or unlimbered guns form column), or -1: its own.  NULL: its own. */
    int (*move_formation) (const game_t *g, int u);
    /*  The last turn the game is played to where the rules' own time
     *  limit ends it before the scenario's `turns` (4 Page Bolivar: "the
     *  time limit (10 game turns)").  NULL: the scenario's turns. */
    int (*last_turn) (const game_t *g);
} game_engine_t;

/*  The engine registered for ruleset `name`, or NULL. */
const game_engine_t *game_engine_find (const char *name);

/*  The engine that plays ruleset `rs`: its own, or for a house-rule
 *  overlay its base's (the overlay's settings switch the base engine's
 *  rules); NULL when none is registered. */
const game_engine_t *game_engine_of (const ruleset_t *rs);

/*  ---- a ruleset that can be played ---- */

/*  Load the ruleset's table file at `path`: the ruleset (ruleset_load)
 *  and its engine's tables.  NULL with `err` as "file:line - reason"; an
 *  error names the ruleset when no engine plays it. */
game_rules_t *game_rules_load (const char *path, char *err, int errlen);
game_rules_t *game_rules_load_text (const char *text, const char *origin,
                                    char *err, int errlen);
void game_rules_destroy (game_rules_t **self_p);

const ruleset_t *game_rules_ruleset (const game_rules_t *self);
const game_engine_t *game_rules_engine (const game_rules_t *self);
const void *game_rules_tables (const game_rules_t *self);

/*  A ruleset_finder_fn (situation.h) for scenario_load: `arg` is a
 *  game_rules_t; finds its ruleset by name. */
const ruleset_t *game_rules_finder (const char *name, void *arg);

/*  ---- a game ---- */

/*  A new game of `scenario` (borrowed: it must outlive the game) under
 *  `rules` (borrowed), at turn 1, phase 0, with nothing begun.  NULL with
 *  `err` when the scenario's ruleset is not `rules`' or the engine
 *  refuses it. */
game_t *game_new (const game_rules_t *rules, const scenario_t *scenario,
                  char *err, int errlen);
void game_destroy (game_t **self_p);

/*  Make `dst` the same game as `src` (of the same rules and scenario)
 *  without allocating when dst has room.  The event callback and the
 *  workspace are dst's own and stay.  0, or -1 out of memory. */
int game_copy_into (game_t *dst, const game_t *src);

/*  A new copy of `src` (no event callback); NULL out of memory. */
game_t *game_dup (const game_t *src);

/*  Send events to `fn` (NULL: none, the fast way). */
void game_set_events (game_t *self, game_event_fn *fn, void *arg);

const game_rules_t *game_rules (const game_t *self);
const game_engine_t *game_engine (const game_t *self);
const void *game_tables (const game_t *self);
const scenario_t *game_scenario (const game_t *self);
const situation_t *game_situation (const game_t *self);
situation_t *game_situation_mut (game_t *self);

int game_turn (const game_t *self);          /* 1-based */

/*  Bring the game to the start of turn `turn` (1..the scenario's turn
 *  limit), phase 0, as when the table reports a turn played outside the
 *  daemon.  Returns 0, or -1 when turn is out of that range. */
int game_set_turn (game_t *self, int turn);

/*  Tell the engine the situation was changed from outside the rules
 *  (positions, losses, status): it recomputes what derives from them. */
void game_refresh (game_t *self);
int game_phase (const game_t *self);         /* 0-based */
const char *game_phase_name (const game_t *self);

/*  The current phase as a player says it, the side named where the
 *  ruleset's name has a letter ("British light company's move (side B)"
 *  for skirmish19's "side B moves"): the engine's phase_title, else the
 *  phase's name.
 *  Always terminated; returns buf. */
const char *game_phase_title (const game_t *self, char *buf, int len);
int game_phase_side (const game_t *self);    /* -1: no orders */

/*  The deeds an engine throws dice for, to key them (game_dice_key). */
typedef enum {
    GAME_DICE_INITIATIVE,    /* who moves first, the attacker */
    GAME_DICE_COMMAND,       /* command dice, checks, activations */
    GAME_DICE_FIRE,          /* a volley's dice, its saves after them */
    GAME_DICE_MELEE,         /* a melee's or a charge's dice */
    GAME_DICE_MORALE,        /* morale tests, casualty checks */
    GAME_DICE_OTHER          /* anything else: a leader's or a standard's
                                fate */
} game_dice_deed_t;

/*  Key the throws that follow by this turn and phase, unit u (a side's
 *  throw: -1 - side), the deed and the other unit it concerns (-1:
 *  none), so that where the dice are keyed (dice_set_keyed: the
 *  search's playouts) a unit's throws for a deed are the same in two
 *  playouts of one seed whatever the other units did before it.  Does
 *  nothing where they are not (every battle).  u and other are above
 *  -SIDE_COUNT - 1 and below SOLO_MAX_UNITS. */
void game_dice_key (const game_t *self, dice_t *dice, int u,
                    game_dice_deed_t deed, int other);

#define GAME_ROLL_OFF_MAX 100   /* throws of a roll-off at most: a run of
                                   ties so long never comes from a fair
                                   die (a bound on the loop, not a rule) */

/*  A roll-off for who goes first: a `faces`-sided die a side, blue's
 *  thrown first, from `dice` keyed as the initiative (game_dice_key, so
 *  a player's own throws may be queued), ties thrown again unless
 *  `tie_stands`, at most GAME_ROLL_OFF_MAX pairs.  The last pair into
 *  *blue and *red, the pairs thrown into *throws (may be NULL).
 *  Returns the side that threw higher, or -1 on a tie (one that stands,
 *  or the last past the bound): the caller's rule settles it. */
int game_roll_off (const game_t *self, dice_t *dice, int faces,
                   bool tie_stands, int *blue, int *red, int *throws);

bool game_over (const game_t *self);

/*  The result so far (final once game_over). */
void game_result (const game_t *self, game_result_t *out);

int game_unit_count (const game_t *self);
const game_unit_t *game_unit (const game_t *self, int u);
game_unit_t *game_unit_mut (game_t *self, int u);

/*  Unit u of the game's table, to read or to change, and the ruleset in
 *  force: what every engine asks all the time. */
static inline const unit_t *
game_unit_c (const game_t *self, int u)
{
    return situation_unit_const (game_situation (self), u);
}

static inline unit_t *
game_unit_m (game_t *self, int u)
{
    return situation_unit (game_situation_mut (self), u);
}

static inline const ruleset_t *
game_ruleset (const game_t *self)
{
    return situation_ruleset (game_situation (self));
}

/*  The side holding objective i of the scenario now, or -1. */
int game_objective_holder (const game_t *self, int i);
void game_set_objective_holder (game_t *self, int i, int side);

/*  Four integers per side for the engine's own use (command points...),
 *  copied with the game. */
#define GAME_SIDE_EXTRA 4
int *game_side_extra (game_t *self, side_t side);
const int *game_side_extra_const (const game_t *self, side_t side);

/*  Steps resolved so far (phases and orders): the benchmark's count. */
uint64_t game_steps (const game_t *self);

/*  The engine's workspace of scratch_size bytes. */
void *game_scratch (game_t *self);

/*  True when unit `u` is in play: not gone from the table, with figures
 *  standing. */
bool game_unit_in_play (const game_t *self, int u);

/*  A key of the table as it stands, for memos of answers that read only
 *  the table: the game's lineage (its rules and its scenario's terrain,
 *  a serial that game_new gives and copies keep), how many terrain
 *  features there are, and every unit's footprint, formation, status,
 *  side, arm, weapon, figures and stands left, whether it is gone and
 *  whether it is in melee.  Two games with one key give the same answer
 *  to a question that reads nothing else (ranges, arcs, lines of sight, a
 *  unit's priority target); orders, the turn and the engine's own state
 *  words are not in it.  Distinct tables share a key only as a 64-bit
 *  hash's collision may. */
uint64_t game_table_key (const game_t *self);

/*  game_table_key and the rest of the battle's state that a rule may
 *  read: every unit's engine words, halves moved, load, fired, command
 *  and figures standing as it left, each side's engine words, and the
 *  turn and the phase.  Two
 *  games with one state key answer alike any question that reads no
 *  unit's order (a move's plan, a unit's zone).  Costs about what
 *  game_table_key does: one pass over the units. */
uint64_t game_state_key (const game_t *self);

/*  True when unit u, standing on an objective, would hold it for its side
 *  (game_engine_t.holds; without one, any unit in play). */
bool game_unit_holds (const game_t *self, int u);

/*  The reach of the charge unit `u` may declare after a move this turn
 *  (game_engine_t.charge_after_move), or 0 where a charge is a move of
 *  its own. */
double game_charge_after_move_cm (const game_t *self, int u);

/*  Order `o` of unit u, firing at or holding against enemy `target`,
 *  made the order a player halting to fire gives (game_engine_t.aim:
 *  the formation to fire from, no needless turn); unchanged where the
 *  engine has no such rule or target is not a unit of the game.  The
 *  caller still checks it (game_check_order). */
void game_aim (const game_t *self, int u, int target, order_t *o);

/*  A full move in the open of unit u now at `pace` (ruleset_move_cm;
 *  NULL: its default pace), in the formation it would move in
 *  (game_engine_t.move_formation): under europe19 a line ordered to
 *  move forms column first and goes a column's move, where its own
 *  formation's is 0. */
double game_move_cm (const game_t *self, int u, const char *pace);

/*  The last turn game g is played to: the engine's time limit
 *  (game_engine_t.last_turn) where it comes first, else the scenario's
 *  `turns`.  What a commander's sense of time and a front end's "turn 3
 *  of N" read: a game opened for 12 turns under 4 Page Bolivar ends at
 *  the text's 10.  Never more than the scenario's turns, never below 1. */
int game_last_turn (const game_t *self);

/*  May unit u shoot, or be shot at, as it stands in or out of a melee?
 *  No one shoots into or out of a melee (game_unit_t.in_melee) unless
 *  the ruleset's settings.shoot_in_melee. */
bool game_melee_lets_shoot (const game_t *self, int u);

/*  Is the line of fire from unit u, where it stands, to unit e clear of
 *  the other units' figures?  Always, unless settings.units_mask_fire
 *  (seed 002: "Shooting is only possible if figures can see the entire
 *  base of a figure without obstruction, unless shooting over an object
 *  or person within 2 cms": situation_fire_masked with shoot_over_cm and
 *  fire_needs_whole_target).  Sight and range are the caller's. */
bool game_line_of_fire_open (const game_t *self, int u, int e);

/*  True when a unit of `side` in play can see unit `u` now
 *  (situation_can_see): what that side knows of it under the fog of
 *  war. */
bool game_side_sees (const game_t *self, int side, int u);

/*  ---- playing ---- */

/*  Begin the current phase (see above).  No effect once over. */
void game_begin_phase (game_t *self, dice_t *dice);

/*  True when unit `u` must be given an order in this phase. */
bool game_needs_order (const game_t *self, int u);

/*  The side that must now choose whether it moves first or second (the
 *  engine's choice_side: an initiative's winner), or -1 when none must;
 *  and its choice (no effect when none is pending).  A strategy makes it
 *  (strategy_moves_first) before any unit is ordered in the phase. */
int game_choice_side (const game_t *self);
void game_choose_first (game_t *self, bool first);

/*  True when unit `u` must take its order from the ruleset's actions
 *  tables (engine's table_bound), false when a strategy gives it. */
bool game_table_bound (const game_t *self, int u);

/*  Why unit `u` is table-bound now, as its ruleset says it (the engine's
 *  table_bound_why, else "out of command"); "" when it is not.  Always
 *  terminated; returns buf. */
const char *game_table_bound_why (const game_t *self, int u, char *buf,
                                  int len);

/*  The legal orders of unit `u` now (at most `max`); the count. */
int game_legal_orders (const game_t *self, int u, order_t *out, int max);

/*  The order charging `target` among unit u's legal orders now (of the
 *  first GAME_MAX_LEGAL_ORDERS), into *out: true; false when there is
 *  none (target any number: out of range, none). */
bool game_legal_charge (const game_t *self, int u, int target, order_t *out);

/*  0 when order `o` is legal for unit `u` now, else -1 with `err`: first
 *  what every ruleset asks ("unknown order kind or pace", "the order's
 *  point or facing is not a number", "a move order needs a point to go
 *  to"), then the engine's check_order.  Changes nothing. */
int game_check_order (const game_t *self, int u, const order_t *o, char *err,
                      int errlen);

/*  Give unit `u` its order for this phase.  0, or -1 with `err` when the
 *  unit needs no order or the order is not legal (the game unchanged). */
int game_apply_order (game_t *self, int u, const order_t *o, char *err,
                      int errlen);

/*  Resolve the current phase and move on; after the last phase check
 *  victory (and the turn limit) and start the next turn.  Units still
 *  waiting for an order hold. */
void game_resolve_phase (game_t *self, dice_t *dice);

/*  Report an event (engines call this; free when no callback is set:
 *  test game_events_on() first to skip formatting). */
bool game_events_on (const game_t *self);
void game_event (game_t *self, game_event_kind_t kind, int unit,
                 const char *fmt, ...)
    __attribute__ ((format (printf, 4, 5)));

const char *game_event_kind_name (game_event_kind_t kind);

/*  ---- victory, shared by the engines ---- */

/*  What an engine tells the shared victory judgement about its ruleset. */
typedef struct {
    /*  The break point, as a fraction of a side's figures lost, used
     *  when the scenario gives none (scenario_army_break < 0), or always
     *  when `break_is_ruleset`. */
    double army_break;
    /*  The ruleset's break point holds whatever a scenario's victory
     *  group says (4 Page Bolivar's Army Breakpoint, "1/3 the number of
     *  the original units"): its army_break is not read. */
    bool break_is_ruleset;
    /*  Figures side `side` has lost (the engine's count), its figures at
     *  the start in *of. */
    int (*side_lost) (const game_t *g, side_t side, int *of);
    /*  Does unit u count as a unit left on the table, one that can hold
     *  an objective (engines leave out leaders, units gone...). */
    bool (*holds) (const game_t *g, int u);
    /*  Count the wounded still in play in the result (rulesets without
     *  wounds leave them out). */
    bool count_wounded;
    /*  How the reason names what a broken army lost, and of what its
     *  fraction is counted ("figures lost", "figures killed or routed",
     *  "units lost (routed or eliminated)"); NULL: "figures lost". */
    const char *lost_words;
    /*  Both armies breaking at the end of the same turn is a draw
     *  whatever each lost (seed 000: "An army wins if it forces the
     *  enemy to abandon the field and has not itself abandoned the
     *  field"); false: the side that lost the larger fraction loses. */
    bool both_break_draw;
} game_victory_rules_t;

/*  The result at the end of turn game_turn(g), judged the same way for
 *  every ruleset: a side with no unit left (`holds`) loses, both gone is
 *  a draw; else a side whose losses reach the break point (the
 *  scenario's, else the ruleset's; the ruleset's alone when
 *  v->break_is_ruleset) breaks (both
 *  at once: the one that lost the larger fraction; the same fraction: a
 *  draw); else at the scenario's turn limit its on_time rule (a side
 *  holds out, a draw, or the objective values held, even values a draw);
 *  else the battle goes on (out->over false).  The counts (figures,
 *  killed, gone, units left, objective values), each army's break share
 *  and the on_time rule's winner were the limit now are filled in every
 *  case. */
void game_judge_victory (const game_t *g, const game_victory_rules_t *v,
                         game_result_t *out);

/*  The strength side `side` has lost so far, and had at the start, as
 *  its engine weighs it (game_engine_t.strength), else in figures:
 *  killed and gone count 1, wounded a half, of all its figures.  For a
 *  strategy's weighing, not for victory. */
void game_side_harm (const game_t *g, int side, double *lost,
                     double *start);

/*  Who holds each objective at the end of a turn: the side that alone
 *  has a unit that `holds` within its radius; when neither or both do,
 *  whoever held it before.  An event reports each change of hands. */
void game_update_objectives (game_t *g,
                             bool (*holds) (const game_t *g, int u));

/*  A whole text file in a new NUL-terminated buffer (free it), or NULL
 *  with `err` as "path - reason". */
char *game_read_file (const char *path, char *err, int errlen);

#endif
