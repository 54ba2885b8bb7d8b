/*  eol_melee.h - Empire of Liberty's melee dice: one die for each figure
 *  on a base with frontal contact, the kill numbers of each kind of
 *  fighter and their modifiers.  Pure functions of the tables.
 */
#ifndef SOLO_EOL_MELEE_H
#define SOLO_EOL_MELEE_H

#include <stdbool.h>
#include "dice.h"
#include "eol_tables.h"

/*  What a unit fights as: artillerists (artillery), foot skirmishers (on
 *  foot in skirmish order: skirmish infantry, light infantry skirmishing,
 *  dismounted cavalry and mounted rifles), formed infantry (on foot,
 *  formed), mounted rifles (mounted) or cavalry (mounted); leaders fight
 *  as cavalry (they roll no dice in this engine). */
eol_fighter_t eol_fighter (eol_type_t type, arm_t arm, formation_t formation);

/*  The modifier to each die: Elite and Veteran +1, Green and Poor -1,
 *  mounted -2 in rough, skirmishers (on foot or mounted) +1 in rough,
 *  disordered -1.  A mounted skirmisher in rough is both: -2 +1. */
int eol_melee_modifier (const eol_tables_t *t, eol_grade_t grade,
                        bool mounted, bool skirmish, bool in_rough,
                        bool disordered);

/*  Does a natural `die` (1..6) with `modifier` kill, for a fighter whose
 *  base kill number is `kill_on` (artillerists and foot skirmishers 6,
 *  formed infantry and mounted rifles 5, cavalry 4): die + modifier >=
 *  kill_on; with natural_six_kills a natural 6 always kills. */
bool eol_melee_die_kills (const eol_tables_t *t, int die, int modifier,
                          int kill_on);

/*  Throw `count` dice and count the kills (as eol_melee_die_kills).
 *  `rolls` (may be NULL) receives the first max_rolls faces. */
int eol_melee_kills (const eol_tables_t *t, int count, int modifier,
                     int kill_on, dice_t *dice, int *rolls, int max_rolls);

#endif
