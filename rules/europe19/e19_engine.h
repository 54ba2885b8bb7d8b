/*  e19_engine.h - the 19th Century Europe QRS (seed 004) as a
 *  game_engine_t.
 *
 *  Phases of a turn (the sheet's Sequence of Play, the first three steps
 *  side by side, the last two together):
 *    0 command       side A is chosen (e19.sequence.side_a: the
 *                    scenario's `first`, or a die each side); each side
 *                    throws its command roll: so many units
 *                    (nearest its general first) take their player's
 *                    orders; the rest follow the Risk Factor tables
 *    1 A acts        side A's units: 1. all change formation, then
 *                    2. all charge, then 3. all move (a charging
 *                    cavalry unit meets its target's fire on the way
 *                    in)
 *    2 B acts        side B's units, the same
 *    3 firing        4. every unit that can fires, both sides at once
 *    4 hand-to-hand  5. every charge that made contact is fought
 *  A unit's figures are its bases: a base removed is a figure killed.
 */
#ifndef SOLO_E19_ENGINE_H
#define SOLO_E19_ENGINE_H

#include <stdbool.h>
#include "e19_tables.h"
#include "game.h"

extern const game_engine_t e19_engine;

enum {
    E19_PHASE_COMMAND = 0, E19_PHASE_A_ACTS, E19_PHASE_B_ACTS,
    E19_PHASE_FIRING, E19_PHASE_MELEE
};
#define E19_PHASE_COUNT 5

/*  A unit's own state (game_unit_t.ruleset_state). */
typedef struct {
    int16_t flags;          /* E19_F_* */
    int16_t opponent;       /* the unit it charged, plus 1; 0: none */
    int16_t faces;          /* E19_FACE_* bits engaged by chargers */
    int16_t commanded_die;  /* the command roll its side threw (1..6) */
    int16_t face;           /* the face of its opponent it charged
                               (E19_FACE_*); 0: none */
} e19_unit_state_t;

_Static_assert (sizeof (e19_unit_state_t) <= sizeof (game_ruleset_state_t),
                "e19_unit_state_t fits game_unit_t.ruleset_state");

enum {
    E19_F_PIVOTED  = 1 << 0,   /* artillery that pivoted: may not fire */
    E19_F_CHARGED  = 1 << 1,   /* it charged this turn (the attacker) */
    E19_F_FIRED    = 1 << 2,   /* it fired this turn (at a charger) */
    E19_F_RETREAT  = 1 << 3,   /* retreated from hand-to-hand this turn */
    E19_F_CROSSED  = 1 << 4,   /* its charge crossed a stream */
    E19_F_UPHILL   = 1 << 5,   /* it charged from low ground onto a hill */
    E19_F_DOWNHILL = 1 << 6    /* it charged from a hill at low ground */
};

enum {
    E19_FACE_FRONT = 1 << 0, E19_FACE_LEFT = 1 << 1, E19_FACE_RIGHT = 1 << 2,
    E19_FACE_REAR = 1 << 3
};

static inline e19_unit_state_t *
e19_state (game_unit_t *gu)
{
    return (e19_unit_state_t *) (void *) &gu->ruleset_state;
}

static inline const e19_unit_state_t *
e19_state_const (const game_unit_t *gu)
{
    return (const e19_unit_state_t *) (const void *) &gu->ruleset_state;
}

/*  The game's own integers (game_side_extra of blue): the turn's side A
 *  plus 1, set in the command phase (0: none yet). */
enum { E19_SX_SIDE_A = 0 };

/*  Side A of the sequence this turn: the side that takes the sheet's
 *  first three steps first, as the command phase chose it by
 *  e19.sequence.side_a; before any command phase, the scenario's
 *  `first`, else blue. */
side_t e19_side_a (const game_t *g);

/*  True when unit `u` is in play: not gone, a base standing. */
bool e19_in_play (const game_t *g, int u);

/*  The unit's troop type (e19_unit_type on the game's tables). */
e19_type_t e19_type (const game_t *g, int u);

/*  The unit's row of the charge table (its class). */
e19_class_t e19_class (const game_t *g, int u);

/*  May unit `u` charge unit `target` by the charge sequence table (a
 *  "Maybe" needs more bases than the target has)?  0, or -1 with `err`
 *  naming the cell. */
int e19_charge_permitted (const game_t *g, int u, int target, char *err,
                          int errlen);

/*  The firing table's row for unit `u` firing, and its column as a
 *  target; -1 when it has none (cavalry, generals, limbered guns do not
 *  fire; generals are no target). */
int e19_firer_row (const game_t *g, int u);
int e19_target_column (const game_t *g, int u);

/*  The dice unit `u` throws at `target` now (bases times the weapon's
 *  dice for the range band), 0 when it cannot fire at it: out of range
 *  (skirmishers +8 cm with a starred weapon), out of its frontal arc
 *  (360 degrees in a town), unseen or blocked by a unit, limbered or
 *  pivoted guns, in contact. */
int e19_fire_dice (const game_t *g, int u, int target);

/*  Whether `target` is within unit u's frontal arc of fire now (the
 *  table file's e19.fire.arc_half_deg each side of its facing; all
 *  round in a town), whatever its range. */
bool e19_in_arc (const game_t *g, int u, int target);

/*  The score a saving roll needs for unit `target` hit by unit `firer`
 *  (0: no save). */
int e19_save_score (const game_t *g, int firer, int target);

/*  The units side `side` may order this turn for a command roll of `die`
 *  (its best general's grade, or no_general). */
int e19_command_count (const game_t *g, side_t side, int die);

/*  Unit `u` tests its morale: a D6 against its level's score; a failure
 *  removes a base.  True when it passed. */
bool e19_morale_test (game_t *g, int u, dice_t *dice, const char *why);

/*  Remove `bases` bases of unit `u` (at most those standing), each
 *  followed by its morale test ("Each base removed").  Returns the bases
 *  removed. */
int e19_remove_bases (game_t *g, int u, int bases, dice_t *dice,
                      const char *why);

/*  The dice per base the row of unit `u` throws against unit `e` in
 *  hand-to-hand (`charging`: u is the attacker), before modifiers. */
int e19_melee_dice_per_base (const game_t *g, int u, int e, bool charging);

/*  The bases lost so far by side `side` (those at the start in *of). */
int e19_side_lost (const game_t *g, side_t side, int *of);

#endif
