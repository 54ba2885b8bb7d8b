/*  tour_arena.h - where a worker plays the games of a tournament: the
 *  rules and scenarios loaded once from their texts, the strategies, and
 *  the connections to external strategies kept from game to game.
 *
 *  A game is battle_play() between the two strategies with the game's
 *  seed: the rules' dice and each side's strategy dice come from it, so
 *  both games of a pair (the same seed, sides swapped) throw the same
 *  dice.  An external strategy gives its side's orders through
 *  tour_extern; when it crashes, answers late or gives an illegal order
 *  it forfeits: the game ends there, won by the other side, and the
 *  record says why.  The orders external strategies gave are recorded
 *  (one line each), so the game can be replayed without them.
 */
#ifndef SOLO_TOURNAMENT_ARENA_H
#define SOLO_TOURNAMENT_ARENA_H

#include <stdbool.h>
#include <stdint.h>
#include "tour_spec.h"
#include "tour_store.h"

typedef struct tour_arena_t tour_arena_t;

/*  A scenario or table file given as text. */
typedef struct {
    const char *name;      /* where it was read: names it in errors */
    const char *text;
} tour_arena_file_t;

/*  An arena for the table file `tables`, the `scenario_count` scenarios
 *  and the `strategy_count` strategies (copied).  `keep_logs`: games
 *  return their replay log.  `zmq_context` (NULL: the arena makes one
 *  when an external strategy needs it) is borrowed.  NULL with `err`: a
 *  file that does not load (its own "file:line - reason"). */
tour_arena_t *tour_arena_new (const tour_arena_file_t *tables,
                              const tour_arena_file_t *scenarios,
                              int scenario_count,
                              const tour_spec_strategy_t *strategies,
                              int strategy_count, bool keep_logs,
                              void *zmq_context, char *err, int errlen);

/*  An arena for a whole tournament (the replay's). */
tour_arena_t *tour_arena_new_spec (const tour_spec_t *spec, bool keep_logs,
                                   char *err, int errlen);

/*  Stop the external strategies this arena started, close connections. */
void tour_arena_destroy (tour_arena_t **self_p);

/*  The ruleset's name and the hash of the table file in force. */
const char *tour_arena_ruleset (const tour_arena_t *self);
const char *tour_arena_tables_hash (const tour_arena_t *self);

/*  What to play. */
typedef struct {
    uint64_t seed;
    int scenario;
    int blue, red;              /* strategy indices */
    const char *game_id;        /* names the game to external strategies */
    /*  A replay: the game as stored.  External sides' orders come from
     *  its decisions instead of the strategies, and where they run out
     *  the game ends with its forfeit.  NULL: play for real. */
    const tour_game_t *replay_of;
} tour_arena_game_t;

/*  Play a game.  `out` gets the result (seed, scenario, blue, red,
 *  winner, turns, reason, losses, forfeit, ruleset, tables hash, time,
 *  steps, dice, orders; the caller fills ids and pairing); *log and
 *  *decisions get malloc'd texts ("" without logs or external sides),
 *  out->log and out->decisions point at them.  A forfeit is a played
 *  game (0).  -1 with `err` only when the game could not be played at
 *  all (a bad index, out of memory, a replay whose orders do not fit). */
int tour_arena_play (tour_arena_t *self, const tour_arena_game_t *game,
                     tour_game_t *out, char **log, char **decisions, char *err,
                     int errlen);

#endif
