/*  catalog.h - the rulesets the daemon serves: every <data_dir>/NAME/
 *  tables.cfg, loaded once at start and read-only afterwards (so the
 *  workers share it without locks).  A ruleset that a game engine plays
 *  is loaded with the engine's tables too, so games and battles run
 *  under the very ruleset that situations name.
 */
#ifndef SOLOD_CATALOG_H
#define SOLOD_CATALOG_H

#include "game.h"
#include "ruleset.h"

#define CATALOG_MAX 64            /* rulesets served, house rules included */

typedef struct catalog_t catalog_t;

/*  Load every `<data_dir>/NAME/tables.cfg` and the `house_count` table
 *  files `house_rules` (a player's house rules kept anywhere: overlays
 *  of a ruleset, whose base named without base_file is the data
 *  folder's, or whole rulesets), in name order; `default_name` must be
 *  among them.  Returns the catalog, or NULL with `err`: the folder
 *  cannot be read, holds no ruleset, more than CATALOG_MAX in all, a
 *  table file does not load ("file:line - reason", naming the setting),
 *  two files give the same ruleset name, or the default is missing. */
catalog_t *catalog_new (const char *data_dir, const char *const *house_rules,
                        int house_count, const char *default_name,
                        char *err, int errlen);

/*  Destroy *self_p and its rulesets; safe when *self_p is NULL. */
void catalog_destroy (catalog_t **self_p);

int catalog_count (const catalog_t *self);

/*  The i-th ruleset (0 <= i < catalog_count), in name order. */
const ruleset_t *catalog_at (const catalog_t *self, int i);

/*  The ruleset called `name`; NULL or "" gives the default.  NULL when
 *  no ruleset has that name. */
const ruleset_t *catalog_find (const catalog_t *self, const char *name);

const ruleset_t *catalog_default (const catalog_t *self);

/*  The game rules (engine and tables) of a ruleset of this catalog, for
 *  playing games under it; NULL when no engine plays it (it answers
 *  questions only) or it is not one of the catalog's. */
const game_rules_t *catalog_game_rules (const catalog_t *self,
                                        const ruleset_t *ruleset);

/*  A ruleset_finder_fn for situation_load: `arg` is the catalog. */
const ruleset_t *catalog_finder (const char *name, void *arg);

#endif
