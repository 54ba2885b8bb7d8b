/*  server.h - the daemon's transport: a ZeroMQ ROUTER socket in front of
 *  a pool of worker threads.
 *
 *  The broker (one thread) owns the ROUTER.  It takes each request,
 *  gives it a dice seed from the daemon's dice, and passes it to an idle
 *  worker; when none is idle the request waits in a bounded queue, and
 *  when the queue is full it is answered BUSY at once.  A slow request
 *  thus never holds up a quick one while a worker is free.
 *
 *  Clients may use REQ (frames: identity, empty, body) or DEALER
 *  (identity, body, or identity, empty, body) sockets: each reply has the
 *  envelope its request had.  A request of more than one body frame is
 *  answered BAD_REQUEST; one larger than max_message_bytes is answered
 *  LIMIT_EXCEEDED, and one more than a quarter larger makes ZeroMQ drop
 *  the peer's connection unread (ZMQ_MAXMSGSIZE).  With CURVE on
 *  (config.h, security.h) only clients on the allow-list get through
 *  the handshake.
 */
#ifndef SOLOD_SERVER_H
#define SOLOD_SERVER_H

#include "config.h"

typedef struct server_t server_t;

/*  Load the rulesets, bind the endpoint and start the workers.  The
 *  config is copied.  Returns the server, or NULL with `err` (the reason:
 *  a ruleset that does not load, an endpoint that cannot be bound). */
server_t *server_new (const solod_config_t *config, char *err, int errlen);

/*  Stop (if running), join every thread, close the sockets and free all;
 *  safe when *self_p is NULL. */
void server_destroy (server_t **self_p);

/*  The endpoint actually bound (a "tcp://127.0.0.1:*" bind gives the
 *  port chosen). */
const char *server_endpoint (const server_t *self);

/*  The dice seed the daemon started with. */
uint64_t server_seed (const server_t *self);

/*  The requests the broker holds: with a worker (or waiting in a
 *  worker's pipe) or queued, not yet answered; 0 before the server runs.
 *  A request is counted after the round of the broker's loop that takes
 *  it in, so the count may lag behind a request sent; it leaves the
 *  count before its answer leaves the broker, so a client holding an
 *  answer never finds that request still counted.  Safe from any
 *  thread.  For tests that must know a request has reached the daemon
 *  before they go on, and for monitoring. */
int server_requests_in_hand (const server_t *self);

/*  Serve in the calling thread until server_stop.  Returns 0 after a
 *  clean stop, -1 when the broker failed (logged). */
int server_run (server_t *self);

/*  Serve in a thread of the server's own (for tests).  Returns 0, or -1
 *  when already running or the thread cannot start. */
int server_start (server_t *self);

/*  Ask the server to stop: the broker stops taking requests, lets the
 *  workers finish those they hold (and the queued ones) for up to
 *  SERVER_DRAIN_MS, answers them, and returns.  Async-signal-safe (it
 *  only writes a byte to a pipe), so a signal handler may call it.  A
 *  thread started by server_start is joined by server_destroy. */
#define SERVER_DRAIN_MS 2000
void server_stop (server_t *self);

#endif
