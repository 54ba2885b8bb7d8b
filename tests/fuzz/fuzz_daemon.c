/*  fuzz_daemon.c - the handlers of solod set up once for the request
 *  harnesses: the source tree's rulesets and scenarios, the games in
 *  memory (a fresh store whenever most of GAMESTORE_MAX_GAMES are
 *  open), and the stop flag raised, so that a search or a battle
 *  answers at once with what it has: inputs stay quick to run.  */
#include <stdio.h>
#include <stdlib.h>
#include <stdatomic.h>
#include "config.h"
#include "fuzz.h"
#include "fuzz_daemon.h"
#include "handlers.h"
#include "log.h"
#include "wire.h"

#define FUZZ_GAMES_KEPT (GAMESTORE_MAX_GAMES - 16)

static catalog_t *catalog;
static gamestore_t *games;
static char scenario_dir[4096];
static atomic_bool stopping;
static handler_context_t context;

/*  A fresh store of games in memory. */
static void
new_games (void)
{
    char err[1024] = "";
    gamestore_destroy (&games);
    games = gamestore_new (":memory:", catalog, err, sizeof err);
    if (!games) {
        fprintf (stderr, "fuzz: no game store: %s\n", err);
        abort ();
    }
    context.games = games;
}

/*  Load the rulesets of the source tree; abort when they do not load. */
static void
setup (void)
{
    char dir[4096], err[1024] = "";
    snprintf (dir, sizeof dir, "%s/rules/data", fuzz_source_dir ());
    log_set_level (LOG_LEVEL_ERROR);
    catalog = catalog_new (dir, NULL, 0, SOLOD_DEFAULT_RULESET, err,
                           sizeof err);
    if (!catalog) {
        fprintf (stderr, "fuzz: the rulesets do not load: %s\n", err);
        abort ();
    }
    snprintf (scenario_dir, sizeof scenario_dir, "%s/rules/scenarios",
              fuzz_source_dir ());
    atomic_init (&stopping, true);
    context.catalog = catalog;
    context.scenario_dir = scenario_dir;
    context.stopping = &stopping;
    context.max_message_bytes = SOLOD_MESSAGE_DEFAULT;
    context.test_delay_ms = 0;
    new_games ();
}

void
fuzz_daemon_serve (const uint8_t *data, size_t size)
{
    if (!catalog)
        setup ();
    if (gamestore_count (games) >= FUZZ_GAMES_KEPT)
        new_games ();
    uint8_t *reply = NULL;
    size_t reply_len = 0;
    handler_result_t result;
    if (handlers_serve (&context, data, size, 1, &reply, &reply_len,
                        &result))
        return;                                  /* out of memory */
    Solo__V1__Reply *decoded = solo__v1__reply__unpack (NULL, reply_len,
                                                        reply);
    if (!decoded) {
        fprintf (stderr, "fuzz: a reply of %zu bytes does not decode\n",
                 reply_len);
        abort ();
    }
    if (decoded->id != result.request_id || decoded->body_case
                                            == SOLO__V1__REPLY__BODY__NOT_SET) {
        fprintf (stderr, "fuzz: reply id %llu for request id %llu, body %d\n",
                 (unsigned long long) decoded->id,
                 (unsigned long long) result.request_id,
                 (int) decoded->body_case);
        abort ();
    }
    if (decoded->body_case == SOLO__V1__REPLY__BODY_ERROR
    &&  decoded->error->code == SOLO__V1__ERROR__CODE__INTERNAL) {
        fprintf (stderr, "fuzz: INTERNAL error: %s (%s)\n",
                 decoded->error->message, decoded->error->field);
        abort ();
    }
    if (getenv ("FUZZ_VERBOSE"))          /* to see what seeds do */
        fprintf (stderr, "fuzz: %s id=%llu %s %s%s%s\n", result.body,
                 (unsigned long long) result.request_id,
                 handlers_code_name (result.code), result.field,
                 decoded->body_case == SOLO__V1__REPLY__BODY_ERROR ? ": " : "",
                 decoded->body_case == SOLO__V1__REPLY__BODY_ERROR
                 ? decoded->error->message : "");
    solo__v1__reply__free_unpacked (decoded, NULL);
    free (reply);
}

void
fuzz_daemon_teardown (void)
{
    gamestore_destroy (&games);
    catalog_destroy (&catalog);
}
