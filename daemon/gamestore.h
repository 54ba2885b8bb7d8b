/*  gamestore.h - the open games: in memory for the workers, in SQLite so
 *  that nothing accepted is lost.
 *
 *  The file (WAL mode, synchronous FULL) holds each open game as the text
 *  of its scenario (games.h) and every update accepted for it, as the
 *  packed ReportUpdate, numbered from 1.  An update is committed to the
 *  file before it changes the game in memory, and so before the daemon
 *  acknowledges it.  A store opened on an existing file rebuilds every
 *  game from its text and its updates in order.  ":memory:" keeps
 *  nothing across restarts.
 *
 *  Threads: any number of workers may use the store at once.  A game is
 *  taken with store_acquire, which locks it until store_release, so the
 *  updates of one game are applied one after the other; different games
 *  do not wait for each other (but for the file's own lock while an
 *  update is written).
 */
#ifndef SOLOD_GAMESTORE_H
#define SOLOD_GAMESTORE_H

#include <stddef.h>
#include <stdint.h>
#include "catalog.h"
#include "convert.h"
#include "games.h"

#define GAMESTORE_MAX_GAMES  1024                    /* games open at once */
#define GAMESTORE_ID_MAX     (GAMES_NAME_MAX + 24)   /* bytes of a game id */

typedef struct gamestore_t gamestore_t;
typedef struct gamestore_game_t gamestore_game_t;

/*  Open (or create) the store at `path` (a file, or ":memory:") for
 *  games under `catalog` (borrowed), and rebuild the open games it holds.
 *  A game that can no longer be rebuilt (its ruleset gone) is logged and
 *  left in the file, unserved.  NULL with `err`: the file cannot be
 *  opened or is not a store. */
gamestore_t *gamestore_new (const char *path, const catalog_t *catalog, char *err,
                    int errlen);

/*  Free every game and close the file; safe when *self_p is NULL.  No
 *  game may be held (store_acquire) by then. */
void gamestore_destroy (gamestore_t **self_p);

/*  Games open now. */
int gamestore_count (gamestore_t *self);

/*  Open a game from a scenario text (games_load_scenario: `origin` names
 *  the text in errors, `field` the request's field).  On 0 the game is in
 *  the file and `id` (GAMESTORE_ID_MAX bytes) holds its id, "NAME-N" with the
 *  scenario's name.  -1 with `error`: the scenario's own errors,
 *  LIMIT_EXCEEDED (GAMESTORE_MAX_GAMES open), STORAGE (the file refused). */
int gamestore_open (gamestore_t *self, const char *text, const char *origin,
                const char *field, char *id, convert_error_t *error);

/*  The open game `id`, locked for the caller until store_release; NULL
 *  when no open game has that id. */
gamestore_game_t *gamestore_acquire (gamestore_t *self, const char *id);

/*  Unlock a game taken with store_acquire. */
void gamestore_release (gamestore_t *self, gamestore_game_t *game);

/*  Keep a held game's memory (its scenario and states) alive after
 *  store_release, until store_unpin, even if it is closed meanwhile: a
 *  long question works on a copy of the state without the lock. */
void gamestore_pin (gamestore_t *self, gamestore_game_t *game);
void gamestore_unpin (gamestore_t *self, gamestore_game_t *game);

/*  A held game's id, state and count of updates accepted. */
const char *gamestore_game_id (const gamestore_game_t *game);
const table_state_t *gamestore_game_state (const gamestore_game_t *game);
uint64_t gamestore_game_sequence (const gamestore_game_t *game);

/*  Apply an update to a held game: checked (table_state_update), written
 *  to the file and committed, then applied.  Returns 0 with *sequence
 *  the update's number and *changed (may be NULL) the units changed; -1
 *  with `error` (the game unchanged): the update's own errors, STORAGE
 *  when the file refused it. */
int gamestore_update (gamestore_t *self, gamestore_game_t *game,
                  const Solo__V1__ReportUpdate *update, const char *prefix,
                  uint64_t *sequence, int *changed, convert_error_t *error);

/*  Close a held game: removed from the file, then from memory once
 *  released.  0, or -1 with `error` (STORAGE: still open).  The caller
 *  still calls store_release. */
int gamestore_close (gamestore_t *self, gamestore_game_t *game, convert_error_t *error);

/*  What ListGames tells of a game. */
typedef struct {
    char id[GAMESTORE_ID_MAX];
    char scenario[GAMES_NAME_MAX];
    char title[SCENARIO_TEXT_MAX];
    char ruleset[SOLO_NAME_MAX];
    int turn;
    uint64_t sequence;
    int units;
} gamestore_summary_t;

/*  The open games, oldest first, into `out` (at most `max`); the count. */
int gamestore_list (gamestore_t *self, gamestore_summary_t *out, int max);

#endif
