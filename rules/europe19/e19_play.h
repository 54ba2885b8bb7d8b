/*  e19_play.h - what the files of the 19th Century Europe engine share:
 *  small questions about a unit (inline) and the steps one phase file
 *  calls in another (an order carries out a move or a charge; a charge
 *  meets the target's fire; fire and hand-to-hand remove bases).
 *  Internal to rules/europe19/.  */
#ifndef SOLO_E19_PLAY_H
#define SOLO_E19_PLAY_H

#include <math.h>
#include "e19_engine.h"

static inline const e19_tables_t *
tables (const game_t *g)
{
    return game_tables (g);
}

static inline e19_unit_state_t *
state_m (game_t *g, int u)
{
    return e19_state (game_unit_mut (g, u));
}

static inline const e19_unit_state_t *
state_c (const game_t *g, int u)
{
    return e19_state_const (game_unit (g, u));
}

static inline bool
is_enemy (const game_t *g, int u, int e)
{
    return e != u && game_unit_c (g, e)->side != game_unit_c (g, u)->side
        && e19_in_play (g, e) && game_unit_c (g, e)->arm != ARM_COMMAND;
}

/*  Troops that stand in line or column and fire best in line: close-
 *  and loose-order infantry ("Infantry: Line or Column") and guns
 *  ("Artillery: Limbered or Unlimbered", the core's column and line). */
static inline bool
line_troops (e19_type_t type)
{
    return type == E19_CLOSE_INFANTRY || type == E19_LOOSE_INFANTRY
        || type == E19_ARTILLERY;
}

static inline int
bases (const game_t *g, int u)
{
    return unit_figures_standing (game_unit_c (g, u));
}

/*  True when the point lies inside a terrain feature of `kind`. */
bool e19_point_in (const game_t *g, vec2_t p, terrain_kind_t kind);

/*  True when point p stands on a hill (gentle or steep). */
bool e19_on_high_ground (const game_t *g, vec2_t p);

/*  True when the unit's centre stands in a town (no flank or rear; fires
 *  all round). */
bool e19_in_town (const game_t *g, int u);

/*  The face of unit `target` that unit `from` stands against: one of
 *  E19_FACE_*, as e19.charge.face_by reads it: "centre", by the bearing
 *  from the target's centre to from's centre against its facing (front
 *  and rear within 45 degrees); "edges", by the side of the lines of the
 *  target's front and rear edges from's centre stands on (ahead of the
 *  front's is front, behind the rear's rear, else the flank on its
 *  side): where a charger from there comes in, in a town or not. */
int e19_face_of (const game_t *g, int target, int from);

/*  The face of unit `target` a charger from unit `from` counts as
 *  engaging, for "One attacker per face" and the hand-to-hand's "Flank
 *  or Rear": E19_FACE_FRONT for a target in a town ("Towns: ... Units
 *  have no flank or rear"), else e19_face_of. */
int e19_face_counted (const game_t *g, int target, int from);

/*  The chargers in contact with unit `target`'s face `face` (one of
 *  E19_FACE_*) this turn: units in play whose charge reached it there.
 *  "One attacker per face" lets e19.charge.attackers_per_face of them
 *  at each face. */
int e19_face_chargers (const game_t *g, int target, int face);

/*  Moves (e19_move.c). */

/*  True when unit u stands in a line that may not move: infantry in line
 *  ("Infantry in Line: May not move but may pivot") or unlimbered guns
 *  ("Unlimbered Artillery: Can not move but may pivot"). */
bool e19_held_in_line (const game_t *g, int u);

/*  How far unit `u` may move in `formation` (its own, or the one its
 *  order forms before it moves: "1. Change Formation" comes before
 *  "2. Charge Sequence" and "3. Movement"), the slowest ground of the way
 *  to `to` setting the rate; 0 when it may not move in that formation (a
 *  line of infantry, unlimbered guns). */
double e19_move_rate (const game_t *g, int u, vec2_t to,
                      formation_t formation);

/*  How far unit `u`, in `formation`, may charge to contact at `at`: its
 *  move there (e19_move_rate), less the cost of its pivot to face `at`
 *  ("May pivot 45°"; "Move to contact per movement table": "Cost per
 *  Pivot ¼" for infantry) when e19.charge.pivot_costs says so; a pivot
 *  on a road is free as any turn there. */
double e19_charge_reach (const game_t *g, int u, vec2_t at,
                         formation_t formation);

/*  "Towns: Only one unit unless very large": is the town at point p
 *  (inside one) full for unit u?  It is when e19.movement.town_units
 *  other units (not generals, not `ignore`) already stand in the same
 *  town within town_reach_cm of p: a town larger than that holds so many
 *  in each such stretch of it.  The units holding a town hold all that
 *  stretch of it, so a unit passing through it passes through them
 *  ("Interpenetration: Only skirmishers may pass through friendly
 *  units"): with `pass_friends` (a skirmisher on its way) a full town
 *  blocks only when an enemy is among them.  False when p is in no
 *  town. */
bool e19_town_full (const game_t *g, int u, vec2_t p, int ignore,
                    bool pass_friends);

/*  Carry out a move of unit `u` towards `to` (as far as its rate, less
 *  its pivots, allows; stopping short of units it may not pass, of
 *  ground its troops may not enter, of a full town), ending facing
 *  `facing` (NAN: the way it went).  Returns the distance moved. */
double e19_move (game_t *g, int u, vec2_t to, double facing);

/*  The point unit `u` would stand at in contact with `target`'s face it
 *  is on, and the length of the way there. */
vec2_t e19_contact_point (const game_t *g, int u, int target,
                          double *distance);

/*  Unit `u` charges `target` (checked by the caller): cavalry meets the
 *  target's fire on the way and tests; the charger moves into contact
 *  if it can, the target's face marked. */
void e19_charge (game_t *g, int u, int target, dice_t *dice);

/*  Fire (e19_fire.c). */

/*  The volley of unit `u` at `target`: its dice, the hits, the saving
 *  rolls, said as an event.  Returns the unsaved hits; the caller
 *  removes the bases (fire is simultaneous: all volleys are thrown
 *  first). */
int e19_volley (game_t *g, int u, int target, dice_t *dice);

/*  The firing phase: every unit able fires at its ordered target, else
 *  at the nearest enemy it may fire at; both sides at once. */
void e19_firing (game_t *g, dice_t *dice);

/*  Hand-to-hand (e19_combat.c). */

/*  Every charge in contact is fought, outcomes and tests after. */
void e19_hand_to_hand (game_t *g, dice_t *dice);

/*  Unit `u` retreats `cm` straight away from unit `from`, facing it;
 *  eliminated when the way is blocked (by a unit, impassable ground, the
 *  table's edge, a full town; e19.melee.full_town_retreat = "short"
 *  stops it at a full town's edge instead).  Skirmishers pass through
 *  friends ("Only skirmishers may pass through friendly units") and go
 *  on to the first place clear of them.  True when it got away. */
bool e19_retreat (game_t *g, int u, int from, double cm);

/*  Take unit `u` out of play (eliminated), saying why. */
void e19_take_out (game_t *g, int u, const char *why);

#endif
