/*  s19_command.h - seed 002's figure activation: command dice, command
 *  distance and the points each unit costs to activate.
 */
#ifndef SOLO_S19_COMMAND_H
#define SOLO_S19_COMMAND_H

#include <stdbool.h>
#include "ruleset.h"
#include "s19_tables.h"

/*  How many D6 a command figure throws this turn: hero 4, veteran
 *  (regular) 3, raw 2; one more when at least one drummer or bugler is
 *  commanded; one fewer when the officer is loading or firing, or in
 *  melee.  Never below 0. */
int s19_command_dice (const s19_tables_t *t, quality_t quality,
                      bool drummer_or_bugler, bool officer_busy);

/*  Points to activate unit `u`: per standing figure (cost_per_figure) or
 *  per unit, 1 for loyal figures, 2 for disloyal ones and routers
 *  (STATUS_DISLOYAL, STATUS_ROUTING).  0 for a unit with no figure
 *  standing. */
int s19_activation_cost (const s19_tables_t *t, const unit_t *u);

/*  The command distance: 50 cm in the open, 25 cm in enclosed terrain. */
double s19_command_distance (const rules_settings_t *s, bool enclosed);

#endif
