/*  s19_move.h - seed 002's movement: how far a unit goes at each pace,
 *  difficult going counting double, a quarter move to clear a low barrier
 *  or fence, and where a move ends.
 */
#ifndef SOLO_S19_MOVE_H
#define SOLO_S19_MOVE_H

#include <stdbool.h>
#include "order.h"
#include "ruleset.h"
#include "s19_tables.h"
#include "situation.h"

/*  The distance in the open a unit may move at `pace` this turn.  Foot
 *  (infantry, artillery, command): 25 cm, 20 when more than half its
 *  standing figures are wounded, the troop type's move when it has one
 *  (civilians 20, heavy armour or clothing 15; ruleset_move_cm);
 *  ORDER_PACE_HALF halves it; cavalry paces give foot figures their full
 *  move.  Cavalry: walk 30, canter (trot) 45, gallop 60; DEFAULT and FULL
 *  are a walk; HALF is half speed, half the gallop (30: "Gallop at
 *  50-60cms" is its full speed).  0 for a unit with no figure
 *  standing. */
double s19_move_allowance (const ruleset_t *rs, const s19_tables_t *t,
                           const unit_t *u, order_pace_t pace);

/*  The least distance of a pace band: cavalry walk 5, canter 31, gallop
 *  50; 0 for other paces and foot. */
double s19_pace_min_cm (const s19_tables_t *t, const unit_t *u,
                        order_pace_t pace);

/*  The cost in cm of movement of the straight path from `from` to `to`
 *  (situation_path_cost): its length, difficult going counting double,
 *  plus crossing x `pace_move_cm` (a quarter of the move at the pace
 *  used: of the half move at half speed) for each low barrier or fence
 *  the path enters.  INFINITY when the path enters impassable
 *  terrain. */
double s19_path_cost (const situation_t *sit, vec2_t from, vec2_t to,
                      double pace_move_cm);

/*  How far along the path from `from` towards `to` a unit gets with
 *  `allowance_cm` of movement: `to` itself when the whole path costs no
 *  more, else the furthest point (to 0.1 cm) whose path cost fits, kept
 *  on the table.  *cost_cm (may be NULL) receives the cost spent. */
vec2_t s19_path_reach (const situation_t *sit, vec2_t from, vec2_t to,
                       double allowance_cm, double pace_move_cm,
                       double *cost_cm);

#endif
