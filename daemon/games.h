/*  games.h - games on the player's table.
 *
 *  Where a game comes from: an installed scenario (a file NAME.cfg of the
 *  scenario folder), the text of a scenario or situation file, or a
 *  structured Situation.  Whatever the source, the game is kept as the
 *  text of a scenario file: a situation gets a scenario group of its own
 *  (no objectives, a draw on time, GAMES_DEFAULT_TURNS turns unless told),
 *  so a restarted daemon rebuilds it from that text alone.
 *
 *  The game as it stands is a table_state_t: a rules-core game (the
 *  positions, losses, status flags and who is out of play) plus what the
 *  player reported that the rules core does not hold (the turn on the
 *  table, the player's own die for a unit).  The player changes it only
 *  with updates (table_state_update); the daemon never plays it on.
 */
#ifndef SOLOD_GAMES_H
#define SOLOD_GAMES_H

#include <stdbool.h>
#include <stdint.h>
#include "pool.h"
#include "catalog.h"
#include "convert.h"
#include "game.h"
#include "scenario.h"
#include "wire.h"

#define GAMES_NAME_MAX          64     /* bytes of a scenario's name */
#define GAMES_MAX_SCENARIOS     256    /* scenarios listed from a folder */
#define GAMES_DEFAULT_TURNS     12     /* a situation's turn limit */
#define GAMES_MAX_UNIT_UPDATES  1024   /* unit updates in one ReportUpdate */
#define GAMES_SITUATION_NAME    "situation"  /* a situation's scenario */

/*  The scenario file `<dir>/<name>.cfg` as text (malloc'd), or NULL with
 *  `error`: BAD_REQUEST for a name that is empty or not of letters,
 *  digits, '-' and '_' (at most GAMES_NAME_MAX - 1 bytes), and
 *  UNKNOWN_SCENARIO, naming the installed ones, for a name with no file. */
char *games_scenario_file (const char *dir, const char *name,
                           const char *field, convert_error_t *error);

/*  The scenarios of `dir` (files NAME.cfg), sorted, into names (at most
 *  `max`).  Returns the count; 0 when the folder cannot be read. */
int games_scenario_names (const char *dir, char names[][GAMES_NAME_MAX],
                          int max);

/*  "farm, cavalry, stream" (or "none") for messages; returns buf. */
const char *games_scenario_list (const char *dir, char *buf, int buflen);

/*  A scenario text from the text of a situation or scenario file: as it
 *  is when it has a scenario group, else with one appended (lines keep
 *  their numbers).  `turns` 0 means GAMES_DEFAULT_TURNS.  malloc'd, or
 *  NULL with `error` (BAD_REQUEST: an @include, text libconfig does not
 *  read, turns above SCENARIO_MAX_TURNS). */
char *games_text_from_situation_text (const char *text, uint32_t turns,
                                      const char *field,
                                      convert_error_t *error);

/*  The same from a structured Situation, checked as convert_situation
 *  checks it (errors name the fields under `field`). */
char *games_text_from_situation (const Solo__V1__Situation *msg,
                                 const catalog_t *catalog, uint32_t turns,
                                 const char *field, convert_error_t *error);

/*  A situation as the text of a situation file (malloc'd; NULL out of
 *  memory).  Loading it gives the same situation back. */
char *games_situation_text (const situation_t *sit);

/*  Load a scenario text under the catalog's rulesets.  `origin` names the
 *  text in errors ("farm.cfg:12 - ...").  Returns the scenario with
 *  *rules the game rules of its ruleset, or NULL with `error`:
 *  UNKNOWN_RULESET, BAD_REQUEST (the text's own mistake, or a ruleset
 *  that no game engine plays). */
scenario_t *games_load_scenario (const catalog_t *catalog, const char *text,
                                 const char *origin, const char *field,
                                 const game_rules_t **rules,
                                 convert_error_t *error);

/*  ---- a game as it stands ---- */

typedef struct {
    game_t *game;          /* owned; its scenario is the owner's */
    int turn;              /* the turn on the table, from 1 */
    int unit_count;
    uint8_t *rolls;        /* per unit: the player's D6 this turn, 0 none */
} table_state_t;

/*  A game of `scenario` as it starts (turn 1).  NULL with `err`. */
table_state_t *table_state_new (const game_rules_t *rules,
                                const scenario_t *scenario, char *err,
                                int errlen);

/*  A copy sharing the scenario; NULL out of memory. */
table_state_t *table_state_dup (const table_state_t *self);

void table_state_destroy (table_state_t **self_p);

/*  Apply an update: next_turn first (the turn goes on, the player's dice
 *  are forgotten), then each unit update in order.  All or nothing: on an
 *  error the state is unchanged.  `prefix` is the update's field path
 *  ("report_update").  Returns 0 with *changed (may be NULL) the units
 *  changed, or -1 with `error`: LIMIT_EXCEEDED (more than
 *  GAMES_MAX_UNIT_UPDATES units), UNKNOWN_UNIT, BAD_REQUEST (no unit id,
 *  a unit already out of play, a number that is not finite, a flag both
 *  set and cleared), OUT_OF_RANGE (a centre off the table, a negative
 *  count, a roll outside 1..6, a new turn past the scenario's last),
 *  IMPOSSIBLE (wounded + killed above the unit's figures). */
int table_state_update (table_state_t *self,
                        const Solo__V1__ReportUpdate *update,
                        const char *prefix, int *changed,
                        convert_error_t *error);

/*  True when unit `u` is out of play (removed, or no figure standing). */
bool table_state_unit_gone (const table_state_t *self, int u);

/*  A situation as the protocol's Situation in `pool`: its ruleset's
 *  name, the table's size, every terrain feature with its cover as it is
 *  (COVER_NONE, _SOFT or _HARD, never COVER_DEFAULT) and every unit.
 *  `units` (may be NULL: made here) are the units already as messages,
 *  one per unit of `sit` in order, shared with the caller's message.
 *  Loading it back (convert_situation) gives the same situation.  NULL
 *  out of memory. */
Solo__V1__Situation *games_situation_message (const situation_t *sit,
                                              Solo__V1__Unit **units,
                                              pool_t *pool);

/*  The game as a protocol message in `pool`, its `situation` filled by
 *  games_situation_message (NULL out of memory). */
Solo__V1__GameState *games_state_message (const char *game_id,
                                          uint64_t sequence,
                                          const table_state_t *state,
                                          pool_t *pool);

#endif
