/*  eol_engine.h - Empire of Liberty (seed 001) as a game_engine_t: the
 *  turn of initiative and alternating actions, movement and formation
 *  changes, fire, charges and melee, morale checks, leaders and standards,
 *  and victory.
 *
 *  Phases of a turn:
 *    0       initiative   each side throws a die, ties thrown again; the
 *                         winner moves first.  Melees that go on from the
 *                         last turn are fought (every unit in contact has
 *                         spent its action and rolls its melee dice).
 *    1, 2... activations  the sides take turns, the first side first:
 *                         in its activation every unit and leader of the
 *                         side that has not acted waits for an order, and
 *                         the one its player orders first makes its
 *                         action (a move with any formation changes, fire,
 *                         a charge, dressing ranks, or none); the others
 *                         wait for a later activation.  When one side has
 *                         no unit left, the other acts with its remaining
 *                         units one by one; the turn ends when none is
 *                         left (next_phase), and the objectives are held.
 *
 *  Per-unit state beyond the rules core's: eol_unit_state_t (below).
 */
#ifndef SOLO_EOL_ENGINE_H
#define SOLO_EOL_ENGINE_H

#include <stdbool.h>
#include "eol_tables.h"
#include "game.h"

extern const game_engine_t eol_engine;

#define EOL_PHASE_INITIATIVE 0
/*  The initiative and at most an activation for every unit of each side
 *  (a turn ends as soon as no unit is left to act). */
#define EOL_PHASE_COUNT      (1 + 2 * SOLO_MAX_UNITS)

/*  A unit's state of its own in this ruleset (game_unit_t.ruleset_state,
 *  through eol_state). */
typedef struct {
    int16_t flags;            /* EOL_F_* */
    int16_t standards_held;   /* enemy standards the unit has taken */
    int16_t action_rank;      /* 1 while it is a candidate of the current
                                 activation, else 0 */
} eol_unit_state_t;

_Static_assert (sizeof (eol_unit_state_t) <= sizeof (game_ruleset_state_t),
                "eol_unit_state_t fits game_unit_t.ruleset_state");

static inline eol_unit_state_t *
eol_state (game_unit_t *gu)
{
    return (eol_unit_state_t *) (void *) &gu->ruleset_state;
}

static inline const eol_unit_state_t *
eol_state_const (const game_unit_t *gu)
{
    return (const eol_unit_state_t *) (const void *) &gu->ruleset_state;
}

/*  eol_unit_state_t.flags */
enum {
    EOL_F_ACTED        = 1 << 0,    /* made (or passed) its action */
    EOL_F_DISORDERED   = 1 << 1,
    EOL_F_STANDARD_LOST = 1 << 2,   /* its own standard is captured */
    EOL_F_MELEED       = 1 << 3,    /* rolled melee dice this turn */
    EOL_F_FRESH        = 1 << 4,    /* fell back this turn: ran_last_turn
                                       counts next turn */
    EOL_F_CHARGED      = 1 << 5     /* charged this turn */
};

/*  The side that moves first this turn (the initiative's winner). */
side_t eol_first_side (const game_t *g);

/*  True when unit `u` is in play: not gone and with figures standing. */
bool eol_in_play (const game_t *g, int u);

/*  True when unit `u` is a leader (a unit of arm command). */
bool eol_is_leader (const game_t *g, int u);

bool eol_disordered (const game_t *g, int u);

/*  Does any leader of u's side stand in contact with unit u. */
bool eol_leader_in_contact (const game_t *g, int u);

/*  Could unit `u` fire now: in play, no leader, not disordered nor in
 *  melee, with a ranged weapon, guns unlimbered. */
bool eol_can_fire (const game_t *g, int u);

/*  The dice unit `u` would throw at `target` now, with every multiplier
 *  (0 when it cannot bear on it): `reaction` for a charged unit's fire
 *  (no range limit; no range modifiers unless
 *  eol.fire.reaction_range_modifiers, then the band of the distance, the
 *  long band beyond the weapon's range).  *kill_dice_words (may be NULL)
 *  receives the working in words. */
int eol_fire_dice_at (const game_t *g, int u, int target, bool reaction,
                      char *words, int wordslen);

/*  Unit `u` fires (one action): at `target` with every base that can bear
 *  on it, and with the others at the nearest enemy they can bear on; then
 *  each target that lost figures checks its morale, and leaders in contact
 *  with it may be killed.  `reaction`: a charged unit's fire at its
 *  charger (the charger's check is the caller's).  The unit has fired
 *  this turn (game_unit_t.fired) only when it threw at least one die: a
 *  unit with nothing to bear on has not fired.  Returns the kills on
 *  `target`. */
int eol_fire (game_t *g, int u, int target, bool reaction, dice_t *dice);

/*  Where charger `u` would stand in contact with `target`: moved straight
 *  (within echelon_max_deg of its facing) until the footprints touch,
 *  then lined up on the face it struck, slid along it to the nearest
 *  place no other unit stands on, or left where it struck when there is
 *  none (leaders aside).  Returns the cost in cm of movement (eol_path_cost, less the contact
 *  distance), INFINITY when the target is not ahead or the path is
 *  impassable. */
double eol_charge_footprint (const game_t *g, int u, int target,
                             footprint_t *out);

/*  May unit `u` charge `target` now: no leader, artillery or column; not
 *  in melee; the target an enemy unit in play; in contact within one move
 *  (eol_charge_footprint); no other unit, friend or enemy (leaders
 *  aside; friends too with eol.movement.pass_through_friends), in the
 *  way of its straight path (the error names it).  0, or -1 with
 *  `err`. */
int eol_charge_check (const game_t *g, int u, int target, char *err,
                      int errlen);

/*  The fraction (0..1) of unit u's front edge in contact with units of
 *  the other side (skirmishers: their front or rear, the larger). */
double eol_contact_fraction (const game_t *g, int u);

/*  How many of the `bases` even parts of unit u's front edge (its bases,
 *  left to right) touch an enemy unit anywhere along them (a corner's
 *  point alone is no contact).  0 when `bases` is below 1; more than
 *  FRONT_SAMPLES are counted as FRONT_SAMPLES. */
int eol_front_bases_touched (const game_t *g, int u, int bases);

/*  The melee dice of unit `u` now: "one die for each figure on" every
 *  base in frontal contact with an enemy, whole bases however little of
 *  their front touches (a line: its standing figures spread evenly over
 *  its bases; a column its front base; a gun's base its artillerists);
 *  skirmishers one a figure along the part of their front or rear in
 *  contact, every figure in one loose line.  Rounded to the nearest. */
int eol_melee_dice (const game_t *g, int u);

/*  Recompute every unit's in_melee: within contact_cm of an enemy unit
 *  (not a leader) in play. */
void eol_update_contacts (game_t *g);

/*  Figures side `side` has lost (killed, routed, and leaders killed or
 *  captured); `of` (may be NULL) gets its figures at the start. */
int eol_side_lost (const game_t *g, side_t side, int *of);

#endif
