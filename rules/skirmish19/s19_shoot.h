/*  s19_shoot.h - seed 002's shooting: range bands, loading, how many
 *  figures may shoot, the D8 to hit, the D6 damage and where the hits
 *  fall.  Pure functions of the tables; the game (s19_engine.c) strings
 *  them together.
 */
#ifndef SOLO_S19_SHOOT_H
#define SOLO_S19_SHOOT_H

#include <stdbool.h>
#include <stdint.h>
#include "dice.h"
#include "ruleset.h"
#include "s19_tables.h"

/*  The range band of a shot at `dist_cm` (closest point): short when
 *  dist <= short range, medium when <= medium, long when <= long, else
 *  S19_BAND_NONE.  A weapon with a long range of 0 (swords) never
 *  shoots.  A negative distance counts as 0. */
s19_band_t s19_range_band (const weapon_t *w, double dist_cm);

/*  The least D8 score that hits in `band` against `cover`: 2..8 from the
 *  table; 0 for S19_BAND_NONE (no shot). */
int s19_to_hit_score (const s19_tables_t *t, s19_band_t band, cover_t cover);

/*  True when a natural D8 `d8` (1..8) hits. */
bool s19_is_hit (const s19_tables_t *t, s19_band_t band, cover_t cover,
                 int d8);

/*  The damage of one hit: the D6 `d6` (1..6) plus the shooter's quality
 *  modifier (hero +1, raw -1), held within 1..6, read on the gunpowder or
 *  the other row as the weapon is. */
s19_damage_t s19_damage (const s19_tables_t *t, const weapon_t *w,
                         quality_t shooter, int d6);

/*  How many of `standing` figures shoot this turn.  Commanded troops that
 *  are loaded all fire (commanded_all_fire); others fire 1 per
 *  fire_per_stationary figures when stationary, 1 per fire_per_moving
 *  when they moved, a remainder shooting only when fire_ratio_round_up
 *  (7 stationary musketeers: 3; with it, 4).  0 when standing <= 0
 *  or the weapon cannot shoot. */
int s19_shooters (const s19_tables_t *t, const weapon_t *w, int standing,
                  bool moved, bool commanded);

/*  Half-turns a unit must spend halted to load the weapon: load_turns x 2
 *  rounded up (musket 1 turn: 2; non-Minie rifle 1 1/2 turns: 3); 0 for
 *  weapons that need no loading. */
int s19_load_halves (const weapon_t *w);

/*  The size of the group hits are shared among: the `standing` figures,
 *  but only the nearest hit_group_max (10) when the group is larger. */
int s19_hit_pool (const s19_tables_t *t, int standing);

/*  The state of one figure of a hit pool. */
enum { S19_FIG_FIT = 0, S19_FIG_WOUNDED = 1, S19_FIG_DEAD = 2 };

/*  Fill `pool[0..n-1]` for a group of `standing` figures of which
 *  `wounded` are wounded: the pool's share of the wounded (wounded x n /
 *  standing, rounded to nearest) first, then fit figures. */
void s19_pool_fill (uint8_t *pool, int n, int standing, int wounded);

/*  Apply one hit of `damage` to a figure of the pool drawn at random
 *  (dice_below) among those still alive: a graze does nothing, a wound
 *  wounds a fit figure and kills a wounded one, a kill kills.  Returns the
 *  index hit, or -1 when every figure of the pool is dead (no die
 *  thrown). */
int s19_pool_hit (uint8_t *pool, int n, s19_damage_t damage, dice_t *dice);

#endif
