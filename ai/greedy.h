/*  greedy.h - the one-ply greedy: each commanded unit in turn takes the
 *  option of its portfolio whose outcome scores best by a static
 *  heuristic, with no dice and no look further ahead.
 *
 *  The ply: the unit's order is given (those of the units before it
 *  already given) and the side's movement resolved, which throws no
 *  dice.  The score, in expected figures: the hits its fire or charge
 *  should cost the enemy this turn (the ruleset's to-hit, damage and
 *  firing-ratio tables), less the fire and charges it stands exposed
 *  to, plus the objective value it holds or nears, and for a command
 *  figure the figures it keeps within command distance.  Weighed by
 *  the personality: aggression the harm done, caution the harm risked.
 *
 *  Any other ruleset is scored through the game interface and the shared
 *  ruleset alone: the ply is the side's phase resolved on a few fixed
 *  dice seeds (its phases may fire and fight as they move), and the
 *  score the harm the ply did and took (game_result), the fire the unit
 *  can give next and (lightly) stands exposed to by generic chances per
 *  range band (a half short, a third medium, a sixth long, halved in
 *  cover), the objectives and a command figure's reach, weighed the
 *  same way.
 */
#ifndef SOLO_GREEDY_H
#define SOLO_GREEDY_H

#include <stdbool.h>
#include "commander.h"
#include "search.h"

/*  Choose an option for each of the `n` units of `side` in game `g` (at
 *  the phase where they take orders), seeing the enemies marked in
 *  visible[] (NULL: all).  Fills choice[0..n-1] and, when not NULL,
 *  score[0..n-1] (the chosen option's score).  `until` is a search_now()
 *  time past which no more units are weighed (the search's start pass
 *  on a big table must leave the search its time); INFINITY weighs them
 *  all, as the greedy strategy must, its answers depending on no clock.
 *  Returns how many units were weighed (the first ones: the others keep
 *  their first option, score 0), or -1 out of memory or when the rules
 *  refuse a unit even a hold (choice[] then holds each unit's first
 *  option from there on). */
int greedy_choose (const game_t *g, int side, const search_unit_t *units,
                   int n, const bool *visible,
                   const commander_personality_t *p, double until,
                   int *choice, double *score);

/*  The score of unit `u` in game `g` after its side's movement, its
 *  order being `o` (exposed for the tests).  Under a ruleset other than
 *  skirmish19 the static part of the generic score (no harm counted: g
 *  is its own "before"). */
double greedy_score (const game_t *g, int u, const order_t *o,
                     const bool *visible, const commander_personality_t *p);

#endif
