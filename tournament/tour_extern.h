/*  tour_extern.h - the tournament's side of the external strategy
 *  protocol (proto/strategy.proto): ask a strategy process for the
 *  orders of a side's units and check what it answers.
 *
 *  A strategy with a `command` is started here, as
 *  /bin/sh -c 'exec COMMAND --bind ipc://...', and stopped when the
 *  connection is destroyed (or when the thread that started it ends); one
 *  with an `endpoint` is already running there.  A request goes out on a
 *  DEALER socket as REQ would send it (an empty frame, then the message),
 *  so a REP or a ROUTER may answer it.
 *
 *  What the strategy sees: its own units, and the enemy units at least
 *  one of them can see now (the rules' sight, without a sighting die),
 *  with the table's terrain; the battle state of those units; and the
 *  units to order with their legal orders.
 */
#ifndef SOLO_TOURNAMENT_EXTERN_H
#define SOLO_TOURNAMENT_EXTERN_H

#include <stdbool.h>
#include <stdint.h>
#include "game.h"
#include "strategy.h"
#include "tour_spec.h"

#define TOUR_EXTERN_START_MS  10000   /* more time for the first answer of
                                         a strategy just started */
#define TOUR_EXTERN_STOP_MS   500     /* SIGTERM, then SIGKILL after this */

typedef struct tour_extern_t tour_extern_t;

/*  Why a strategy lost a game. */
typedef enum {
    TOUR_FORFEIT_NONE = 0,
    TOUR_FORFEIT_CRASH,      /* its process ended, or could not start */
    TOUR_FORFEIT_TIMEOUT,    /* no answer in time */
    TOUR_FORFEIT_ILLEGAL     /* an error, a malformed answer, an order for
                                the wrong unit or one the rules refuse */
} tour_forfeit_t;

/*  "", "crash", "timeout", "illegal". */
const char *tour_forfeit_name (tour_forfeit_t forfeit);

/*  A connection to the strategy `spec` (borrowed: it must outlive the
 *  connection), started or connected at once.  `zmq_context` is
 *  borrowed.  NULL with `err` when it cannot start at all (no socket);
 *  a command that fails to run shows as a crash at the first request. */
tour_extern_t *tour_extern_new (void *zmq_context,
                                const tour_spec_strategy_t *spec, char *err,
                                int errlen);

/*  Stop a started strategy, close the connection. */
void tour_extern_destroy (tour_extern_t **self_p);

/*  True once a request failed in a way that leaves the connection unfit
 *  for another game (a crash or a timeout of a started strategy): destroy
 *  it and make a new one. */
bool tour_extern_broken (const tour_extern_t *self);

/*  What a game's request carries besides the game itself. */
typedef struct {
    const char *game_id;
    const char *scenario;
    uint64_t seed;
} tour_extern_game_t;

/*  The orders of the `n` units of `side` in `units` now, into out[i]
 *  (every order checked with game_check_order).  TOUR_FORFEIT_NONE, or
 *  the forfeit with `detail` saying what went wrong. */
tour_forfeit_t tour_extern_decide (tour_extern_t *self, const game_t *g,
                                   int side, const int *units, int n,
                                   const tour_extern_game_t *game,
                                   strategy_decision_t *out, char *detail,
                                   int detail_len);

#endif
