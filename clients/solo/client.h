/*  client.h - one request, one reply: the solo client's transport.
 *
 *  A DEALER socket connected to the daemon's ROUTER.  Each call gives the
 *  request a fresh random id, sends it as one frame, and waits for the
 *  reply that carries the same id, at most the client's timeout.  Replies
 *  with another id (an answer to an earlier, abandoned request) are
 *  dropped.  The socket lingers 0 ms, so an unanswered request never keeps
 *  the process alive.
 */
#ifndef SOLO_CLIENT_CLIENT_H
#define SOLO_CLIENT_CLIENT_H

#include <stddef.h>
#include "solo.pb-c.h"

#define SOLO_DEFAULT_ENDPOINT     "tcp://127.0.0.1:7460"
#define SOLO_DEFAULT_TIMEOUT_MS   10000
#define SOLO_MAX_TIMEOUT_MS       3600000      /* one hour */
#define SOLO_MAX_REPLY_BYTES      (64 * 1024 * 1024)

typedef struct _solo_client_t solo_client_t;

typedef enum {
    SOLO_CALL_OK = 0,
    SOLO_CALL_NO_ANSWER,       /* nothing within the timeout */
    SOLO_CALL_BAD_REPLY,       /* an answer that does not decode */
    SOLO_CALL_FAILED           /* a local failure: memory, socket */
} solo_call_t;

/*  A client for `endpoint` (a ZeroMQ endpoint such as the default above)
 *  waiting `timeout_ms` (1..SOLO_MAX_TIMEOUT_MS) for each reply.  Returns
 *  NULL with a message in `err` when the endpoint is not one ZeroMQ can
 *  connect to or the socket cannot be made.  Connecting does not wait for
 *  the daemon: a daemon that is not running shows as SOLO_CALL_NO_ANSWER. */
solo_client_t *solo_client_new (const char *endpoint, int timeout_ms,
                                char *err, size_t errlen);

/*  A client of a daemon that has CURVE on: as solo_client_new, with the
 *  daemon's public key and this client's secret key, both Z85 text (40
 *  characters; the client's public key, which the daemon must have on
 *  its allow-list, is worked out from the secret).  Both NULL: a plain
 *  client.  NULL with `err` when a key is not one or this libzmq has no
 *  CURVE.  A daemon that refuses the key does not answer at all: calls
 *  then end SOLO_CALL_NO_ANSWER. */
solo_client_t *solo_client_new_curve (const char *endpoint, int timeout_ms,
                                      const char *server_key,
                                      const char *client_secret_key,
                                      char *err, size_t errlen);

/*  A CURVE key given as its Z85 text or as the name of a key file (one
 *  key on a line; blank lines and '#' comments skipped, as written by
 *  solod --make-keys) into `key` (41 bytes).  0, or -1 with `err`. */
int solo_client_read_key (const char *text_or_path, char *key, char *err,
                          size_t errlen);

/*  Close the socket and free the client; *self_p becomes NULL.  Safe on
 *  NULL and twice. */
void solo_client_destroy (solo_client_t **self_p);

/*  Send `request` (its id is overwritten with a fresh random non-zero id)
 *  and wait for its reply.  On SOLO_CALL_OK *reply_p holds the reply, to
 *  free with solo__v1__reply__free_unpacked (reply, NULL).  Otherwise
 *  *reply_p is NULL and `err` says what went wrong in plain words, the
 *  endpoint and the timeout named ("no answer from tcp://... within
 *  10000 ms: is solod running?"). */
solo_call_t solo_client_call (solo_client_t *self, Solo__V1__Request *request,
                              Solo__V1__Reply **reply_p,
                              char *err, size_t errlen);

/*  While a call waits, call `fn` (NULL: never) about every `every_ms`
 *  milliseconds with the time waited so far, e.g. to draw a progress
 *  line for a long battle. */
typedef void (solo_progress_fn) (void *arg, int waited_ms);
void solo_client_set_progress (solo_client_t *self, solo_progress_fn *fn,
                               void *arg, int every_ms);

/*  The endpoint this client talks to. */
const char *solo_client_endpoint (const solo_client_t *self);

#endif
