/*  tour_coord.h - the tournament's coordinator: hands game pairs to workers
 *  over ZeroMQ, stores each game as it is reported, stops a pairing when
 *  its SPRT decides, takes the games of a worker gone silent back and
 *  gives them to another, and shows the progress.
 *
 *  It binds a ROUTER on an inproc endpoint for its local workers (threads
 *  of this process, `concurrency` of them) and, when the tournament says
 *  `bind`, on that endpoint for workers on other hosts
 *  (solo-tournament worker --connect ENDPOINT).  Jobs go out pair by pair
 *  across all pairings, so the standings grow evenly.  Games already in
 *  the database are not played again: a tournament resumes where it
 *  stopped.
 */
#ifndef SOLO_TOURNAMENT_COORD_H
#define SOLO_TOURNAMENT_COORD_H

#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include "security.h"
#include "tour_results.h"
#include "tour_spec.h"
#include "tour_store.h"

typedef struct {
    FILE *progress;            /* the progress bar and events (forfeits,
                                  SPRT stops, workers lost); NULL: quiet */
    bool progress_tty;         /* redraw one line (else a line now and
                                  then) */
    atomic_int *interrupted;   /* set by a signal: stop */
    const security_config_t *curve;  /* NULL or not enabled: none; else
                                        the bind endpoint is a CURVE
                                        server taking the workers on its
                                        allow-list (local workers, on
                                        inproc, need no key) */
} tour_coord_options_t;

/*  Run the tournament (its database bound by tour_store_begin).  `results`
 *  holds the stored games already (tour_results_add_store) and receives the
 *  new ones.  0 when every game is played; 1 when interrupted (the games
 *  played are stored); -1 with `err` (a worker could not load the setup,
 *  the database failed, the endpoint would not bind).  Every game played,
 *  it tells each worker the tournament is over, and with an endpoint
 *  bound stays on it two seconds more to tell the workers that join
 *  late. */
int tour_coord_run (const tour_spec_t *spec, tour_store_t *store,
                    tour_results_t *results,
                    const tour_coord_options_t *options, char *err,
                    int errlen);

#endif
