/*  handlers.h - one request frame in, one reply frame out.
 *
 *  The handlers know the protocol and the rules, not the transport: the
 *  server hands them the bytes of a Request and sends back the bytes of
 *  the Reply they make.  Every request gets a reply; a request that
 *  cannot be served gets an Error naming the offending field.  The
 *  handlers share only read-only state, so any number of workers may call
 *  them at once.
 */
#ifndef SOLOD_HANDLERS_H
#define SOLOD_HANDLERS_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include "catalog.h"
#include "convert.h"
#include "gamestore.h"

#define SOLOD_PROTOCOL_VERSION  1
#define SOLOD_DIRECT_RF_MAX     1000   /* |RF| a direct look-up may give */

#define SOLOD_BATTLE_LOG_MAX    200000 /* log lines a BattleResult carries */
#define SOLOD_SIDE_MAX_BUDGET_MS 60000 /* AskSide's search time */
#define SOLOD_SIDE_MAX_PLAYOUTS 1000000 /* AskSide's playouts (about the
                                           max_budget_ms of one thread) */
#define SOLOD_BATTLE_MAX_DECISION_MS 1000 /* a PlayBattle strategy's time
                                             for one side's decision */
#define SOLOD_BATTLE_MAX_PLAYOUTS 20000 /* and its playouts */
#define SOLOD_MAX_SEARCH_THREADS 2     /* threads one request's search
                                          may take */
#define SOLOD_MAX_STRATEGIES    32     /* strategies Hello lists */

typedef struct {
    const catalog_t *catalog;        /* borrowed */
    gamestore_t *games;              /* borrowed: the open games */
    const char *scenario_dir;        /* the installed scenarios */
    const atomic_bool *stopping;     /* true: the daemon is stopping, a
                                        search answers with what it has;
                                        may be NULL */
    int max_message_bytes;           /* reported by Hello */
    int test_delay_ms;               /* a test hook: extra time per request */
} handler_context_t;

/*  What happened, for the log line. */
typedef struct {
    uint64_t request_id;
    const char *body;                /* "hello", "ask_unit", ..., "none",
                                        "-" */
    error_code_t code;               /* CODE_UNSPECIFIED: served */
    char field[CONVERT_FIELD_MAX];
} handler_result_t;

/*  Serve the Request in `data` (`len` bytes, may be 0).  `seed` seeds the
 *  dice of an AskUnit that brings no seed of its own.  On 0, *reply
 *  (malloc'd, free it) and *reply_len hold a packed Reply and `result`
 *  (may be NULL) says what it was; -1 only when out of memory. */
int handlers_serve (const handler_context_t *ctx, const void *data,
                    size_t len, uint64_t seed, uint8_t **reply,
                    size_t *reply_len, handler_result_t *result);

/*  A packed Reply holding an Error (malloc'd, free it).  Returns 0, or -1
 *  when out of memory. */
int handlers_error_reply (uint64_t request_id, error_code_t code,
                          const char *field, const char *message,
                          uint8_t **reply, size_t *reply_len);

/*  True when a packed Request's body is slow work (PlayBattle, AskSide),
 *  read as handlers_peek_request_id reads the id: the server keeps some
 *  workers free of it for quick questions. */
bool handlers_peek_slow (const void *data, size_t len);

/*  True when a packed Request is an AskUnit that brings everything it
 *  needs (a situation, a situation's text or a direct look-up: no game,
 *  no file, no lock), read as handlers_peek_request_id reads the id.
 *  Its work then grows only with its own size: the broker may answer a
 *  small one itself rather than hand it to a worker.  False for bytes
 *  that are not protobuf, and for a merged AskUnit whose last source is
 *  a game. */
bool handlers_peek_self_contained (const void *data, size_t len);

/*  The request id of a packed Request read without decoding the rest
 *  (field 1 at the top level); 0 when it is absent or the bytes are not
 *  protobuf.  Cheap: the broker uses it to answer BUSY. */
uint64_t handlers_peek_request_id (const void *data, size_t len);

/*  "BAD_REQUEST", ... ; "OK" for CODE_UNSPECIFIED. */
const char *handlers_code_name (error_code_t code);

#endif
