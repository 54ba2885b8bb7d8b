/*  tour_worker.h - a tournament worker: connects to a coordinator, takes the
 *  tournament's Setup, plays the game pairs it is handed and reports each
 *  game as it ends (proto/tournament.proto).
 *
 *  Two threads: the caller's talks to the coordinator (heartbeats every
 *  Setup.heartbeat_ms, even during a long game), a second one plays.  A
 *  coordinator that goes away and comes back on the same endpoint (a
 *  resumed tournament) finds the worker still there.
 */
#ifndef SOLO_TOURNAMENT_WORKER_H
#define SOLO_TOURNAMENT_WORKER_H

#include <signal.h>
#include <stdatomic.h>

/*  The reason a coordinator gives workers at the end of a tournament. */
#define TOUR_WORKER_STOP_DONE "the tournament is over"
#define TOUR_WORKER_GIVE_UP_MAX_S 604800.0  /* --give-up: a week at most */

/*  Work for the coordinator at `endpoint` until it says stop, or until
 *  *interrupted (may be NULL) becomes non-zero.  `zmq_context` (NULL: one
 *  of its own) is borrowed: local workers share the coordinator's to
 *  reach it over inproc.  `name` names the worker in the results (NULL:
 *  host:pid).  0 when stopped; -1 with `err` when it could not start.  A
 *  Setup that does not load here is reported to the coordinator. */
int tour_worker_run (void *zmq_context, const char *endpoint, const char *name,
                     atomic_int *interrupted, char *err,
                     int errlen);

/*  tour_worker_run over CURVE: `server_key` is the coordinator's public
 *  key and `client_secret` this worker's secret key (Z85, 40 characters;
 *  its public key must be on the coordinator's allow-list).  Both NULL:
 *  no CURVE, as tour_worker_run.  A coordinator that refuses the key
 *  never answers: the worker waits as for one not yet started.
 *  give_up_s (0..TOUR_WORKER_GIVE_UP_MAX_S; 0: never): idle that many
 *  seconds with no word from the coordinator (none started, one gone
 *  and not resumed, a key refused), the worker stops and returns -1
 *  with `err` saying so; the time a game is played does not count. */
int tour_worker_run_curve (void *zmq_context, const char *endpoint,
                           const char *name, const char *server_key,
                           const char *client_secret, double give_up_s,
                           atomic_int *interrupted, char *err, int errlen);

#endif
