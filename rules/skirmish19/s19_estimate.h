/*  s19_estimate.h - seed 002's fire and melee as expectations, for a
 *  strategy's one-ply scorer (game_estimates_t): the same tables the
 *  game throws its dice on, averaged over the dice.
 */
#ifndef SOLO_S19_ESTIMATE_H
#define SOLO_S19_ESTIMATE_H

#include "game.h"

extern const game_estimates_t s19_estimates;

#endif
