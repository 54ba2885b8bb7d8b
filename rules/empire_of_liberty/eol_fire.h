/*  eol_fire.h - Empire of Liberty's fire: who may fire, the dice and their
 *  multipliers, and the kills.  Pure functions of the tables; the engine
 *  (eol_engine.c) finds the geometry.
 */
#ifndef SOLO_EOL_FIRE_H
#define SOLO_EOL_FIRE_H

#include <stdbool.h>
#include "dice.h"
#include "eol_tables.h"
#include "ruleset.h"

/*  What multiplies a firing base's dice. */
typedef struct {
    eol_grade_t grade;           /* of the firing unit */
    bool mounted;                /* firing mounted */
    cover_t target_cover;        /* soft: cover, hard: fortifications */
    bool target_skirmish;        /* target in skirmish order */
    bool target_column_or_flank; /* target in column, or a line fired on
                                    from its flank or rear */
    range_band_t band;           /* short: point-blank (nearest third),
                                    long: long range (furthest third);
                                    medium or none: no range multiplier */
} eol_fire_mods_t;

/*  The product of every multiplier that applies: fortifications 1/4,
 *  cover 1/2, target in skirmish 1/2, target in column or line from flank
 *  or rear x2, mounted firing 1/2, Poor 1/2, Green 3/4, Average x1,
 *  Veteran x1.5, Elite x2, point-blank x2, long range 1/2. */
double eol_fire_multiplier (const eol_tables_t *t, const eol_fire_mods_t *m);

/*  `weighted` rounded to the nearest whole die, a half rounding up; 0 for
 *  weighted <= 0.  (Melee dice for a part of a front in contact.) */
int eol_dice_nearest (double weighted);

/*  Dice thrown for `weighted` dice (figures times multipliers, summed over
 *  the firing bases), rounded as eol.fire.round says: to the nearest (a
 *  half up), down or up; 0 for weighted <= 0.  A hair of arithmetic
 *  (1e-9) is forgiven either way: 24 x 3/4 is 18, not 17 or 19. */
int eol_fire_dice (const eol_tables_t *t, double weighted);

/*  The figures of a unit that may fire: only the front rank of bases or
 *  individual skirmishers.  A line (one base deep) and skirmishers: every
 *  figure standing; a column (one base wide): the front base,
 *  min(base_figures, standing).  0 when standing <= 0. */
int eol_fire_figures (formation_t formation, int standing, int base_figures);

/*  Kills of `count` dice thrown on `dice`: every die at least kill_on (6)
 *  kills an enemy figure.  `rolls` (may be NULL) receives the first
 *  `max_rolls` faces. */
int eol_fire_kills (const eol_tables_t *t, int count, dice_t *dice,
                    int *rolls, int max_rolls);

#endif
