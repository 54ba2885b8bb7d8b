/*  test_load.c - solod under load and abuse, spoken to over loopback:
 *
 *  - 64 clients at once, quick questions mixed with long searches: every
 *    reply arrives, to the client that asked, with its request id and
 *    the answer to that very question; no quick question waits for a
 *    search to end;
 *  - a full queue is answered BUSY at once, while quick questions are
 *    still served;
 *  - a stop during a long search: the search answers with what it has
 *    and the daemon ends well within the drain time;
 *  - games updated by many clients at once: every update acknowledged
 *    once, numbered without a gap, and found in the game;
 *  - every hard limit breached gets an Error that names it;
 *  - the real solod killed with SIGKILL in the middle of a stream of
 *    updates, restarted on the same store, has every update it had
 *    acknowledged.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <zmq.h>
#include "config.h"
#include "gamestore.h"
#include "handlers.h"
#include "server.h"
#include "testutil.h"
#include "wire.h"

extern char **environ;

#define REPLY_TIMEOUT_MS    60000
#define LOAD_CLIENTS        64
#define LOAD_SEARCHERS      3       /* of the clients, those that search:
                                       one for each worker that may */
#define LOAD_QUESTIONS      5       /* quick questions per quick client */
#define LOAD_SEARCH_MS      SOLOD_SIDE_MAX_BUDGET_MS  /* each search's
                                       budget: ended by the stop */
#define CLIENT_ERROR_MAX    512

static void *zmq_context;

/*  ---- helpers ---------------------------------------------------------- */

static double
now_ms (void)
{
    struct timespec t;
    clock_gettime (CLOCK_MONOTONIC, &t);
    return (double) t.tv_sec * 1000.0 + (double) t.tv_nsec / 1e6;
}

static void
pause_ms (int ms)
{
    struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };
    nanosleep (&t, NULL);
}

static solod_config_t
test_config (void)
{
    return test_server_config (11);
}

static server_t *
start_server (const solod_config_t *cfg)
{
    return test_server_start (cfg);
}

/*  A DEALER to `endpoint` (usable from any one thread). */
static void *
connect_to (const char *endpoint)
{
    return test_connect (zmq_context, endpoint, ZMQ_DEALER, REPLY_TIMEOUT_MS);
}

/*  Pack and send; 0 or -1. */
static int
send_request (void *socket, const Solo__V1__Request *request)
{
    return test_send_request (socket, request);
}

/*  The next reply, or NULL (no reply within the socket's timeout). */
static Solo__V1__Reply *
receive_reply (void *socket)
{
    return test_receive_reply (socket);
}

/*  A direct look-up: arm infantry, `rf`, the player's `roll`. */
typedef struct {
    Solo__V1__Request request;
    Solo__V1__AskUnit ask;
    Solo__V1__DirectLookup direct;
} direct_t;

static void
direct_request (direct_t *r, uint64_t id, int rf, unsigned roll)
{
    solo__v1__request__init (&r->request);
    solo__v1__ask_unit__init (&r->ask);
    solo__v1__direct_lookup__init (&r->direct);
    r->direct.rf = rf;
    r->ask.source_case = SOLO__V1__ASK_UNIT__SOURCE_DIRECT;
    r->ask.direct = &r->direct;
    r->ask.roll = roll;
    r->ask.has_roll = true;
    r->request.id = id;
    r->request.body_case = SOLO__V1__REQUEST__BODY_ASK_UNIT;
    r->request.ask_unit = &r->ask;
}

/*  A search for the red side of the farm, `budget_ms` long. */
typedef struct {
    Solo__V1__Request request;
    Solo__V1__AskSide ask;
} search_t;

static void
search_request (search_t *r, uint64_t id, unsigned budget_ms)
{
    solo__v1__request__init (&r->request);
    solo__v1__ask_side__init (&r->ask);
    r->ask.source_case = SOLO__V1__ASK_SIDE__SOURCE_SCENARIO;
    r->ask.scenario = "farm";
    r->ask.side = SOLO__V1__SIDE__SIDE_RED;
    r->ask.budget_ms = budget_ms;
    r->ask.has_seed = true;
    r->ask.seed = id;
    r->request.id = id;
    r->request.body_case = SOLO__V1__REQUEST__BODY_ASK_SIDE;
    r->request.ask_side = &r->ask;
}

static const char *
reply_words (const Solo__V1__Reply *reply)
{
    if (reply->body_case == SOLO__V1__REPLY__BODY_ERROR)
        return reply->error->message;
    return "";
}

/*  ---- 64 clients ------------------------------------------------------- */

typedef struct {
    int index;
    const char *endpoint;
    bool searcher;
    atomic_int *searches_done;
    int answered;
    char error[CLIENT_ERROR_MAX];
} load_client_t;

/*  Request ids carry the client: its index in the high half. */
static uint64_t
load_id (int client, int n)
{
    return (uint64_t) (client + 1) << 32 | (uint64_t) n;
}

/*  A searcher asks one long search; a quick client asks LOAD_QUESTIONS
 *  questions one after the other: direct look-ups (each RF and roll its
 *  own, checked in the answer) and Hellos.  Any wrong or missing reply
 *  is written to `error`; a quick answer that comes after a search has
 *  ended proves nothing and is noted too. */
static void *
load_client (void *arg)
{
    load_client_t *self = arg;
    void *socket = connect_to (self->endpoint);
    if (!socket) {
        snprintf (self->error, sizeof self->error, "no socket");
        return NULL;
    }
    if (self->searcher) {
        search_t r;
        uint64_t id = load_id (self->index, 0);
        search_request (&r, id, LOAD_SEARCH_MS);
        Solo__V1__Reply *reply = send_request (socket, &r.request) ? NULL
                               : receive_reply (socket);
        atomic_fetch_add (self->searches_done, 1);
        if (!reply)
            snprintf (self->error, sizeof self->error, "search %d: no reply",
                      self->index);
        else if (reply->id != id
             ||  reply->body_case != SOLO__V1__REPLY__BODY_SIDE_ORDERS)
            snprintf (self->error, sizeof self->error,
                      "search %d: reply id %llx body %d %s", self->index,
                      (unsigned long long) reply->id, reply->body_case,
                      reply_words (reply));
        else
            self->answered++;
        if (reply)
            solo__v1__reply__free_unpacked (reply, NULL);
        test_close (socket);
        return NULL;
    }
    for (int n = 0; n < LOAD_QUESTIONS && !self->error[0]; n++) {
        uint64_t id = load_id (self->index, n);
        int rf = (self->index + n) % 12 - 1;             /* -1..10 */
        unsigned roll = (unsigned) ((self->index * 7 + n) % 6 + 1);
        bool hello = n % 5 == 4;
        direct_t d;
        Solo__V1__Hello hello_body = SOLO__V1__HELLO__INIT;
        direct_request (&d, id, rf, roll);
        if (hello) {
            d.request.body_case = SOLO__V1__REQUEST__BODY_HELLO;
            d.request.hello = &hello_body;
        }
        Solo__V1__Reply *reply = send_request (socket, &d.request) ? NULL
                               : receive_reply (socket);
        if (!reply)
            snprintf (self->error, sizeof self->error,
                      "client %d: no reply to question %d", self->index, n);
        else if (reply->id != id)
            snprintf (self->error, sizeof self->error,
                      "client %d: the reply to %llx came with id %llx",
                      self->index, (unsigned long long) id,
                      (unsigned long long) reply->id);
        else if (hello && reply->body_case != SOLO__V1__REPLY__BODY_HELLO)
            snprintf (self->error, sizeof self->error,
                      "client %d: Hello %d answered with body %d %s",
                      self->index, n, reply->body_case, reply_words (reply));
        else if (!hello
             &&  (reply->body_case != SOLO__V1__REPLY__BODY_UNIT_DECISION
                  || reply->unit_decision->rf != rf
                  || reply->unit_decision->roll != roll))
            snprintf (self->error, sizeof self->error,
                      "client %d: question %d (RF %d, roll %u) answered "
                      "with body %d %s", self->index, n, rf, roll,
                      reply->body_case, reply_words (reply));
        else if (atomic_load (self->searches_done) > 0)
            snprintf (self->error, sizeof self->error,
                      "client %d: question %d answered only after a search "
                      "had ended", self->index, n);
        else
            self->answered++;
        if (reply)
            solo__v1__reply__free_unpacked (reply, NULL);
    }
    test_close (socket);
    return NULL;
}

/*  64 clients at once on four workers (one kept for quick questions):
 *  3 searches of the longest budget, 61 clients of quick questions.  The
 *  searches take the three other workers; every quick question is
 *  answered while they still run.  Then the server stops, and the
 *  searches answer with what they have. */
static void
test_sixty_four_clients (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    cfg.workers = 4;
    cfg.quick_workers = 1;
    server_t *server = start_server (&cfg);
    atomic_int searches_done;
    atomic_init (&searches_done, 0);
    load_client_t clients[LOAD_CLIENTS];
    pthread_t threads[LOAD_CLIENTS];
    memset (clients, 0, sizeof clients);
    for (int i = 0; i < LOAD_CLIENTS; i++) {
        clients[i].index = i;
        clients[i].endpoint = server_endpoint (server);
        clients[i].searcher = i < LOAD_SEARCHERS;
        clients[i].searches_done = &searches_done;
    }
    /*  the searches first, then the quick ones */
    for (int i = 0; i < LOAD_SEARCHERS; i++)
        assert_int_equal (pthread_create (&threads[i], NULL, load_client,
                                          &clients[i]), 0);
    pause_ms (100);
    double start = now_ms ();
    for (int i = LOAD_SEARCHERS; i < LOAD_CLIENTS; i++)
        assert_int_equal (pthread_create (&threads[i], NULL, load_client,
                                          &clients[i]), 0);
    for (int i = LOAD_SEARCHERS; i < LOAD_CLIENTS; i++)
        pthread_join (threads[i], NULL);
    print_message ("%d quick questions answered in %.0f ms beside %d "
                   "searches\n", (LOAD_CLIENTS - LOAD_SEARCHERS)
                   * LOAD_QUESTIONS, now_ms () - start, LOAD_SEARCHERS);
    server_stop (server);
    for (int i = 0; i < LOAD_SEARCHERS; i++)
        pthread_join (threads[i], NULL);
    int quick = 0, searched = 0;
    for (int i = 0; i < LOAD_CLIENTS; i++) {
        if (clients[i].error[0])
            fail_msg ("%s", clients[i].error);
        if (clients[i].searcher)
            searched += clients[i].answered;
        else
            quick += clients[i].answered;
    }
    assert_int_equal (searched, LOAD_SEARCHERS);
    assert_int_equal (quick, (LOAD_CLIENTS - LOAD_SEARCHERS) * LOAD_QUESTIONS);
    server_destroy (&server);
}

/*  ---- a full queue ----------------------------------------------------- */

/*  Two workers (one quick), a queue of 3: of 8 searches of the longest
 *  budget sent at once one runs, three wait, and four are answered BUSY
 *  before any search ends; a quick question is answered meanwhile; at
 *  the stop the running search and the waiting ones are answered with
 *  what they have. */
static void
test_busy_at_once (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    cfg.workers = 2;
    cfg.quick_workers = 1;
    cfg.queue_max = 3;
    server_t *server = start_server (&cfg);
    void *socket = connect_to (server_endpoint (server));
    assert_non_null (socket);
    for (int i = 0; i < 8; i++) {
        search_t r;
        search_request (&r, 100 + (uint64_t) i, SOLOD_SIDE_MAX_BUDGET_MS);
        assert_int_equal (send_request (socket, &r.request), 0);
    }
    int busy = 0;
    for (int i = 0; i < 4; i++) {
        Solo__V1__Reply *reply = receive_reply (socket);
        assert_non_null (reply);
        if (reply->body_case != SOLO__V1__REPLY__BODY_ERROR
        ||  reply->error->code != SOLO__V1__ERROR__CODE__BUSY)
            fail_msg ("reply %d to id %llu: body %d, not BUSY: a search "
                      "ended before the refusals came", i,
                      (unsigned long long) reply->id, reply->body_case);
        assert_true (reply->id >= 104 && reply->id <= 107);
        assert_non_null (strstr (reply->error->message, "busy"));
        busy++;
        solo__v1__reply__free_unpacked (reply, NULL);
    }
    assert_int_equal (busy, 4);
    /*  the quick worker is free: a look-up passes the waiting searches */
    void *quick = connect_to (server_endpoint (server));
    direct_t d;
    direct_request (&d, 200, 3, 6);
    assert_int_equal (send_request (quick, &d.request), 0);
    Solo__V1__Reply *reply = receive_reply (quick);
    assert_non_null (reply);
    assert_int_equal (reply->id, 200);
    assert_int_equal (reply->body_case, SOLO__V1__REPLY__BODY_UNIT_DECISION);
    solo__v1__reply__free_unpacked (reply, NULL);
    zmq_pollitem_t item = { socket, 0, ZMQ_POLLIN, 0 };
    assert_int_equal (zmq_poll (&item, 1, 0), 0);    /* no search done yet */
    /*  the four searches taken are all answered, in order */
    server_stop (server);
    for (uint64_t id = 100; id < 104; id++) {
        reply = receive_reply (socket);
        assert_non_null (reply);
        assert_int_equal (reply->id, id);
        if (reply->body_case != SOLO__V1__REPLY__BODY_SIDE_ORDERS)
            fail_msg ("search %llu: body %d %s", (unsigned long long) id,
                      reply->body_case, reply_words (reply));
        solo__v1__reply__free_unpacked (reply, NULL);
    }
    test_close (quick);
    test_close (socket);
    server_destroy (&server);
}

/*  ---- stopping during a search ------------------------------------------- */

/*  A stop during a search of the longest budget: the search answers with
 *  what it has, so does (or BUSY, if the drain is over first) the one
 *  still queued, and the server ends well before its drain time is up
 *  (let alone the budget). */
static void
test_stop_during_search (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    cfg.workers = 2;
    cfg.quick_workers = 1;
    server_t *server = start_server (&cfg);
    void *socket = connect_to (server_endpoint (server));
    search_t r;
    search_request (&r, 300, SOLOD_SIDE_MAX_BUDGET_MS);
    assert_int_equal (send_request (socket, &r.request), 0);
    search_request (&r, 301, SOLOD_SIDE_MAX_BUDGET_MS);
    assert_int_equal (send_request (socket, &r.request), 0);
    test_wait_in_hand (server, 2);         /* 300 searching, 301 waiting */
    double start = now_ms ();
    server_destroy (&server);              /* stops, drains, joins */
    double took = now_ms () - start;
    if (took >= SERVER_DRAIN_MS)
        fail_msg ("the server took %.0f ms to stop during a search (drain "
                  "time %d ms)", took, SERVER_DRAIN_MS);
    print_message ("stopped during a %d ms search in %.0f ms\n",
                   SOLOD_SIDE_MAX_BUDGET_MS, took);
    bool seen[2] = { false, false };
    for (int i = 0; i < 2; i++) {
        Solo__V1__Reply *reply = receive_reply (socket);
        assert_non_null (reply);
        assert_true (reply->id == 300 || reply->id == 301);
        seen[reply->id - 300] = true;
        bool busy = reply->body_case == SOLO__V1__REPLY__BODY_ERROR
                 && reply->error->code == SOLO__V1__ERROR__CODE__BUSY;
        if (reply->body_case != SOLO__V1__REPLY__BODY_SIDE_ORDERS
        &&  !(busy && reply->id == 301))
            fail_msg ("search %llu got body %d %s",
                      (unsigned long long) reply->id, reply->body_case,
                      reply_words (reply));
        solo__v1__reply__free_unpacked (reply, NULL);
    }
    assert_true (seen[0] && seen[1]);
    test_close (socket);
}

/*  ---- games under concurrent updates ------------------------------------- */

#define GAME_WRITERS      8      /* clients updating the shared game */
#define GAME_UPDATES      25     /* updates each of them sends */

typedef struct {
    int index;
    const char *endpoint;
    const char *shared_game;     /* updated by every writer */
    char own_game[GAMESTORE_ID_MAX];   /* opened and updated by this one */
    uint64_t sequences[GAME_UPDATES];  /* of the shared game's acks */
    int acked;
    char error[CLIENT_ERROR_MAX];
} game_writer_t;

/*  Send one update of red-left's facing to `game`; the sequence acked,
 *  or 0 with `error`. */
static uint64_t
update_facing (void *socket, const char *game, uint64_t id, double facing,
               char *error, size_t errlen)
{
    Solo__V1__UnitUpdate change = SOLO__V1__UNIT_UPDATE__INIT;
    change.unit_id = "red-left";
    change.has_facing = true;
    change.facing = facing;
    Solo__V1__UnitUpdate *changes[] = { &change };
    Solo__V1__ReportUpdate update = SOLO__V1__REPORT_UPDATE__INIT;
    update.game_id = (char *) game;
    update.n_units = 1;
    update.units = changes;
    Solo__V1__Request request = SOLO__V1__REQUEST__INIT;
    request.id = id;
    request.body_case = SOLO__V1__REQUEST__BODY_REPORT_UPDATE;
    request.report_update = &update;
    Solo__V1__Reply *reply = send_request (socket, &request) ? NULL
                           : receive_reply (socket);
    uint64_t sequence = 0;
    if (!reply)
        snprintf (error, errlen, "update %llx: no reply",
                  (unsigned long long) id);
    else if (reply->id != id
         ||  reply->body_case != SOLO__V1__REPLY__BODY_UPDATE_ACCEPTED)
        snprintf (error, errlen, "update %llx: reply %llx body %d %s",
                  (unsigned long long) id, (unsigned long long) reply->id,
                  reply->body_case, reply_words (reply));
    else
        sequence = reply->update_accepted->sequence;
    if (reply)
        solo__v1__reply__free_unpacked (reply, NULL);
    return sequence;
}

/*  A writer: opens its own game, then updates the shared game and its
 *  own in turn, and asks about its own game's unit between updates. */
static void *
game_writer (void *arg)
{
    game_writer_t *self = arg;
    void *socket = connect_to (self->endpoint);
    if (!socket) {
        snprintf (self->error, sizeof self->error, "no socket");
        return NULL;
    }
    Solo__V1__OpenGame open = SOLO__V1__OPEN_GAME__INIT;
    open.source_case = SOLO__V1__OPEN_GAME__SOURCE_SCENARIO;
    open.scenario = "farm";
    Solo__V1__Request request = SOLO__V1__REQUEST__INIT;
    request.id = load_id (self->index, 0);
    request.body_case = SOLO__V1__REQUEST__BODY_OPEN_GAME;
    request.open_game = &open;
    Solo__V1__Reply *reply = send_request (socket, &request) ? NULL
                           : receive_reply (socket);
    if (!reply || reply->body_case != SOLO__V1__REPLY__BODY_GAME_OPENED)
        snprintf (self->error, sizeof self->error, "writer %d: no game",
                  self->index);
    else
        snprintf (self->own_game, sizeof self->own_game, "%s",
                  reply->game_opened->game_id);
    if (reply)
        solo__v1__reply__free_unpacked (reply, NULL);
    for (int n = 0; n < GAME_UPDATES && !self->error[0]; n++) {
        uint64_t seq = update_facing (socket, self->shared_game,
                                      load_id (self->index, 1 + 3 * n),
                                      (double) ((self->index * 31 + n) % 360),
                                      self->error, sizeof self->error);
        if (!seq)
            break;
        self->sequences[self->acked++] = seq;
        if (!update_facing (socket, self->own_game,
                            load_id (self->index, 2 + 3 * n),
                            (double) n, self->error, sizeof self->error))
            break;
        Solo__V1__AskUnit ask = SOLO__V1__ASK_UNIT__INIT;
        ask.source_case = SOLO__V1__ASK_UNIT__SOURCE_GAME_ID;
        ask.game_id = self->own_game;
        ask.unit_id = "red-left";
        ask.roll = 3;
        ask.has_roll = true;
        request.id = load_id (self->index, 3 + 3 * n);
        request.body_case = SOLO__V1__REQUEST__BODY_ASK_UNIT;
        request.ask_unit = &ask;
        reply = send_request (socket, &request) ? NULL : receive_reply (socket);
        if (!reply || reply->id != request.id
        ||  reply->body_case != SOLO__V1__REPLY__BODY_UNIT_DECISION)
            snprintf (self->error, sizeof self->error,
                      "writer %d: ask %d: %s", self->index, n,
                      reply ? reply_words (reply) : "no reply");
        if (reply)
            solo__v1__reply__free_unpacked (reply, NULL);
    }
    test_close (socket);
    return NULL;
}

/*  The facing of red-left and the sequence of game `id`. */
static void
show_game (void *socket, const char *id, double *facing, uint64_t *sequence)
{
    Solo__V1__ShowGame show = SOLO__V1__SHOW_GAME__INIT;
    show.game_id = (char *) id;
    Solo__V1__Request request = SOLO__V1__REQUEST__INIT;
    request.id = 77;
    request.body_case = SOLO__V1__REQUEST__BODY_SHOW_GAME;
    request.show_game = &show;
    assert_int_equal (send_request (socket, &request), 0);
    Solo__V1__Reply *reply = receive_reply (socket);
    assert_non_null (reply);
    if (reply->body_case != SOLO__V1__REPLY__BODY_GAME_STATE)
        fail_msg ("game %s: %s", id, reply_words (reply));
    *sequence = reply->game_state->sequence;
    *facing = -1;
    for (size_t i = 0; i < reply->game_state->n_units; i++)
        if (strcmp (reply->game_state->units[i]->id, "red-left") == 0)
            *facing = reply->game_state->units[i]->facing;
    solo__v1__reply__free_unpacked (reply, NULL);
}

/*  GAME_WRITERS clients on four workers update one shared game, each its
 *  own game too, and ask about their own between updates.  The shared
 *  game numbers the updates 1..all without a gap or a repeat, and holds
 *  them all; each own game holds every update of its writer. */
static void
test_concurrent_games (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    cfg.workers = 4;
    server_t *server = start_server (&cfg);
    void *socket = connect_to (server_endpoint (server));
    Solo__V1__OpenGame open = SOLO__V1__OPEN_GAME__INIT;
    open.source_case = SOLO__V1__OPEN_GAME__SOURCE_SCENARIO;
    open.scenario = "farm";
    Solo__V1__Request request = SOLO__V1__REQUEST__INIT;
    request.id = 1;
    request.body_case = SOLO__V1__REQUEST__BODY_OPEN_GAME;
    request.open_game = &open;
    assert_int_equal (send_request (socket, &request), 0);
    Solo__V1__Reply *reply = receive_reply (socket);
    assert_non_null (reply);
    assert_int_equal (reply->body_case, SOLO__V1__REPLY__BODY_GAME_OPENED);
    char shared[GAMESTORE_ID_MAX];
    snprintf (shared, sizeof shared, "%s", reply->game_opened->game_id);
    solo__v1__reply__free_unpacked (reply, NULL);

    game_writer_t writers[GAME_WRITERS];
    pthread_t threads[GAME_WRITERS];
    memset (writers, 0, sizeof writers);
    for (int i = 0; i < GAME_WRITERS; i++) {
        writers[i].index = i;
        writers[i].endpoint = server_endpoint (server);
        writers[i].shared_game = shared;
        assert_int_equal (pthread_create (&threads[i], NULL, game_writer,
                                          &writers[i]), 0);
    }
    for (int i = 0; i < GAME_WRITERS; i++)
        pthread_join (threads[i], NULL);
    bool seen[GAME_WRITERS * GAME_UPDATES + 1];
    memset (seen, 0, sizeof seen);
    for (int i = 0; i < GAME_WRITERS; i++) {
        if (writers[i].error[0])
            fail_msg ("%s", writers[i].error);
        assert_int_equal (writers[i].acked, GAME_UPDATES);
        for (int n = 0; n < GAME_UPDATES; n++) {
            uint64_t seq = writers[i].sequences[n];
            if (seq < 1 || seq > GAME_WRITERS * GAME_UPDATES || seen[seq])
                fail_msg ("sequence %llu given twice or out of 1..%d",
                          (unsigned long long) seq,
                          GAME_WRITERS * GAME_UPDATES);
            seen[seq] = true;
            if (n > 0)
                assert_true (seq > writers[i].sequences[n - 1]);
        }
    }
    double facing;
    uint64_t sequence;
    show_game (socket, shared, &facing, &sequence);
    assert_int_equal (sequence, GAME_WRITERS * GAME_UPDATES);
    /*  the last update numbered is the one that stands */
    for (int i = 0; i < GAME_WRITERS; i++)
        if (writers[i].sequences[GAME_UPDATES - 1] == sequence)
            assert_float_equal (facing, (double) ((i * 31 + GAME_UPDATES - 1)
                                                  % 360), 1e-9);
    for (int i = 0; i < GAME_WRITERS; i++) {
        show_game (socket, writers[i].own_game, &facing, &sequence);
        assert_int_equal (sequence, GAME_UPDATES);
        assert_float_equal (facing, (double) (GAME_UPDATES - 1), 1e-9);
    }
    test_close (socket);
    server_destroy (&server);
}

/*  ---- limits ------------------------------------------------------------- */

/*  Send a request and expect LIMIT_EXCEEDED or OUT_OF_RANGE (`code`)
 *  whose field is `field` and whose message names `limit`. */
static void
expect_limit (void *socket, const Solo__V1__Request *request,
              Solo__V1__Error__Code code, const char *field,
              const char *limit)
{
    assert_int_equal (send_request (socket, request), 0);
    Solo__V1__Reply *reply = receive_reply (socket);
    assert_non_null (reply);
    assert_int_equal (reply->id, request->id);
    if (reply->body_case != SOLO__V1__REPLY__BODY_ERROR)
        fail_msg ("%s: no error, body %d", limit, reply->body_case);
    if (reply->error->code != code || strcmp (reply->error->field, field)
    ||  !strstr (reply->error->message, limit))
        fail_msg ("%s: got %s on \"%s\": %s", limit,
                  handlers_code_name (reply->error->code),
                  reply->error->field, reply->error->message);
    solo__v1__reply__free_unpacked (reply, NULL);
}

/*  A structured situation of `units` units in a row (ids "u0", ...),
 *  in malloc'd parts freed by free_situation. */
typedef struct {
    Solo__V1__Situation situation;
    Solo__V1__Unit *units;
    Solo__V1__Unit **unit_ptrs;
    Solo__V1__Point *centres;
    char (*ids)[16];
} big_situation_t;

static void
make_situation (big_situation_t *s, int units)
{
    solo__v1__situation__init (&s->situation);
    s->units = calloc ((size_t) units, sizeof *s->units);
    s->unit_ptrs = calloc ((size_t) units, sizeof *s->unit_ptrs);
    s->centres = calloc ((size_t) units, sizeof *s->centres);
    s->ids = calloc ((size_t) units, sizeof *s->ids);
    assert_true (s->units && s->unit_ptrs && s->centres && s->ids);
    for (int i = 0; i < units; i++) {
        solo__v1__unit__init (&s->units[i]);
        solo__v1__point__init (&s->centres[i]);
        snprintf (s->ids[i], sizeof s->ids[i], "u%d", i);
        s->units[i].id = s->ids[i];
        s->units[i].side = i % 2 ? SOLO__V1__SIDE__SIDE_RED
                                 : SOLO__V1__SIDE__SIDE_BLUE;
        s->units[i].weapon = "musket";
        s->units[i].figures = 10;
        s->centres[i].x = 10 + (i % 100) * 5;
        s->centres[i].y = 10 + (i / 100) * 5;
        s->units[i].centre = &s->centres[i];
        s->units[i].width = 4;
        s->units[i].depth = 2;
        s->unit_ptrs[i] = &s->units[i];
    }
    s->situation.table_width = 1000;
    s->situation.table_depth = 1000;
    s->situation.n_units = (size_t) units;
    s->situation.units = s->unit_ptrs;
}

static void
free_situation (big_situation_t *s)
{
    free (s->units);
    free (s->unit_ptrs);
    free (s->centres);
    free (s->ids);
}

/*  Every hard limit: the message size, units in a situation (and so in
 *  a game), vertices of a terrain polygon, the length of an id, the
 *  search budget and the games open at once. */
static void
test_limits_named (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    cfg.workers = 2;
    cfg.max_message_bytes = 4 * 1024 * 1024;
    server_t *server = start_server (&cfg);
    void *socket = connect_to (server_endpoint (server));
    Solo__V1__Request request = SOLO__V1__REQUEST__INIT;

    /*  message size: a Hello padded past max_message_bytes (within the
     *  quarter that is still read and answered) */
    Solo__V1__Hello hello = SOLO__V1__HELLO__INIT;
    size_t pad = (size_t) cfg.max_message_bytes + 1000;
    char *name = malloc (pad + 1);
    assert_non_null (name);
    memset (name, 'n', pad);
    name[pad] = '\0';
    hello.client_name = name;
    request.id = 1;
    request.body_case = SOLO__V1__REQUEST__BODY_HELLO;
    request.hello = &hello;
    expect_limit (socket, &request, SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED, "",
                  "max_message_bytes");
    free (name);

    /*  units: one more than max_units */
    big_situation_t big;
    make_situation (&big, SOLO_MAX_UNITS + 1);
    Solo__V1__AskUnit ask = SOLO__V1__ASK_UNIT__INIT;
    ask.source_case = SOLO__V1__ASK_UNIT__SOURCE_SITUATION;
    ask.situation = &big.situation;
    ask.unit_id = "u0";
    request.id = 2;
    request.body_case = SOLO__V1__REQUEST__BODY_ASK_UNIT;
    request.ask_unit = &ask;
    expect_limit (socket, &request, SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED,
                  "ask_unit.situation.units", "max_units");
    Solo__V1__OpenGame open = SOLO__V1__OPEN_GAME__INIT;
    open.source_case = SOLO__V1__OPEN_GAME__SOURCE_SITUATION;
    open.situation = &big.situation;
    request.id = 3;
    request.body_case = SOLO__V1__REQUEST__BODY_OPEN_GAME;
    request.open_game = &open;
    expect_limit (socket, &request, SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED,
                  "open_game.situation.units", "max_units");
    free_situation (&big);

    /*  vertices: one more than max_polygon_vertices */
    make_situation (&big, 2);
    int vertices = SOLO_MAX_VERTICES + 1;
    Solo__V1__Point *corners = calloc ((size_t) vertices, sizeof *corners);
    Solo__V1__Point **corner_ptrs = calloc ((size_t) vertices,
                                            sizeof *corner_ptrs);
    assert_true (corners && corner_ptrs);
    for (int i = 0; i < vertices; i++) {
        solo__v1__point__init (&corners[i]);
        corners[i].x = 500 + 50 * cos (2 * 3.14159265 * i / vertices);
        corners[i].y = 500 + 50 * sin (2 * 3.14159265 * i / vertices);
        corner_ptrs[i] = &corners[i];
    }
    Solo__V1__TerrainFeature wood = SOLO__V1__TERRAIN_FEATURE__INIT;
    wood.id = "round-wood";
    wood.n_polygon = (size_t) vertices;
    wood.polygon = corner_ptrs;
    Solo__V1__TerrainFeature *terrain[] = { &wood };
    big.situation.n_terrain = 1;
    big.situation.terrain = terrain;
    request.id = 4;
    request.body_case = SOLO__V1__REQUEST__BODY_ASK_UNIT;
    request.ask_unit = &ask;                  /* the body is one union */
    expect_limit (socket, &request, SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED,
                  "ask_unit.situation.terrain[0].polygon",
                  "max_polygon_vertices");
    free (corners);
    free (corner_ptrs);
    free_situation (&big);

    /*  string length: an id one byte longer than max_id_length */
    char long_id[SOLO_ID_MAX + 1];
    memset (long_id, 'x', SOLO_ID_MAX);
    long_id[SOLO_ID_MAX] = '\0';
    Solo__V1__DirectLookup direct = SOLO__V1__DIRECT_LOOKUP__INIT;
    Solo__V1__AskUnit ask_long = SOLO__V1__ASK_UNIT__INIT;
    ask_long.source_case = SOLO__V1__ASK_UNIT__SOURCE_DIRECT;
    ask_long.direct = &direct;
    ask_long.unit_id = long_id;
    request.id = 5;
    request.ask_unit = &ask_long;
    expect_limit (socket, &request, SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED,
                  "ask_unit.unit_id", "max_id_length");

    /*  the search budget: one ms over max_budget_ms */
    search_t s;
    search_request (&s, 6, SOLOD_SIDE_MAX_BUDGET_MS + 1);
    expect_limit (socket, &s.request, SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                  "ask_side.budget_ms", "max_budget_ms");

    /*  open games: max_games, then one more */
    Solo__V1__OpenGame farm = SOLO__V1__OPEN_GAME__INIT;
    farm.source_case = SOLO__V1__OPEN_GAME__SOURCE_SCENARIO;
    farm.scenario = "farm";
    request.body_case = SOLO__V1__REQUEST__BODY_OPEN_GAME;
    request.open_game = &farm;
    for (int i = 0; i < GAMESTORE_MAX_GAMES; i++) {
        request.id = 1000 + (uint64_t) i;
        assert_int_equal (send_request (socket, &request), 0);
        Solo__V1__Reply *reply = receive_reply (socket);
        assert_non_null (reply);
        if (reply->body_case != SOLO__V1__REPLY__BODY_GAME_OPENED)
            fail_msg ("game %d not opened: %s", i, reply_words (reply));
        solo__v1__reply__free_unpacked (reply, NULL);
    }
    request.id = 7;
    expect_limit (socket, &request, SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED,
                  "open_game", "max_games");
    test_close (socket);
    server_destroy (&server);
}

/*  ---- SIGKILL in a stream of updates ------------------------------------- */

#define KILL_AFTER_ACKS  40      /* acknowledged updates before the kill */
#define STREAM_MAX       100000  /* updates the stream may send */

static pid_t spawned;                /* killed by teardown if a test fails */

/*  The real solod, started on `config` with its log in `log`; its pid. */
static pid_t
spawn_solod (const char *config, const char *endpoint, const char *log)
{
    char solod[4096];
    const char *bin = getenv ("SOLO_BINARY_DIR");
    snprintf (solod, sizeof solod, "%s/daemon/solod", bin ? bin : SOLO_BINARY_DIR);
    char *argv[] = { solod, "--config", (char *) config, "--bind",
                     (char *) endpoint, NULL };
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init (&actions);
    posix_spawn_file_actions_addopen (&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen (&actions, 2, log,
                                      O_WRONLY | O_CREAT | O_APPEND, 0644);
    pid_t pid = 0;
    int rc = posix_spawn (&pid, solod, &actions, NULL, argv, environ);
    posix_spawn_file_actions_destroy (&actions);
    if (rc)
        fail_msg ("cannot start %s: %s", solod, strerror (rc));
    spawned = pid;
    return pid;
}

/*  A free loopback port's endpoint. */
static void
free_endpoint (char *endpoint, size_t len)
{
    void *probe = zmq_socket (zmq_context, ZMQ_ROUTER);
    assert_int_equal (zmq_bind (probe, "tcp://127.0.0.1:*"), 0);
    size_t size = len;
    zmq_getsockopt (probe, ZMQ_LAST_ENDPOINT, endpoint, &size);
    zmq_close (probe);
}

/*  Ask Hello on `socket` until the daemon (maybe still starting)
 *  answers, then make the call.  Answers to the other Hellos may come
 *  later: their ids are 1..99. */
static Solo__V1__Reply *
call_patiently (void *socket, Solo__V1__Request *request)
{
    int timeout = 200;
    zmq_setsockopt (socket, ZMQ_RCVTIMEO, &timeout, sizeof timeout);
    Solo__V1__Hello hello = SOLO__V1__HELLO__INIT;
    Solo__V1__Request ping = SOLO__V1__REQUEST__INIT;
    ping.body_case = SOLO__V1__REQUEST__BODY_HELLO;
    ping.hello = &hello;
    bool up = false;
    for (uint64_t tries = 1; tries < 100 && !up; tries++) {
        ping.id = tries;
        assert_int_equal (send_request (socket, &ping), 0);
        Solo__V1__Reply *reply;
        while (!up && (reply = receive_reply (socket))) {
            up = reply->body_case == SOLO__V1__REPLY__BODY_HELLO;
            solo__v1__reply__free_unpacked (reply, NULL);
        }
    }
    if (!up)
        fail_msg ("solod does not answer");
    timeout = REPLY_TIMEOUT_MS;
    zmq_setsockopt (socket, ZMQ_RCVTIMEO, &timeout, sizeof timeout);
    assert_int_equal (send_request (socket, request), 0);
    Solo__V1__Reply *reply;
    while ((reply = receive_reply (socket)) && reply->id != request->id)
        solo__v1__reply__free_unpacked (reply, NULL);
    if (!reply)
        fail_msg ("no answer to request %llu",
                  (unsigned long long) request->id);
    return reply;
}

/*  The facing update n gives the unit: each update leaves its mark. */
static double
facing_of (uint64_t n)
{
    return (double) (n * 7 % 360);
}

#define STREAM_IN_FLIGHT 8

/*  The daemon (two workers) takes updates while the client keeps
 *  STREAM_IN_FLIGHT in flight; it is killed with SIGKILL after
 *  KILL_AFTER_ACKS acknowledgements, with updates still in flight.  The
 *  daemon numbers the updates in the order it commits them, which with
 *  two workers need not be the order they were sent.  Restarted on the
 *  same store, it has the game with every acknowledged update: its
 *  sequence is at least the highest acknowledged, and the unit stands as
 *  the update of that sequence left it (when that one was acknowledged:
 *  else as one of those sent). */
static void
test_sigkill_keeps_acknowledged_updates (void **state)
{
    (void) state;
    char dir[64], db[128], config[128], log[128], endpoint[256];
    snprintf (dir, sizeof dir, "/tmp/solo-load-XXXXXX");
    assert_non_null (mkdtemp (dir));
    snprintf (db, sizeof db, "%s/games.db", dir);
    snprintf (config, sizeof config, "%s/solod.conf", dir);
    snprintf (log, sizeof log, "%s/solod.log", dir);
    FILE *f = fopen (config, "w");
    assert_non_null (f);
    fprintf (f, "solod = { data_dir = \"%s\"; state_db = \"%s\"; "
             "workers = 2; log_level = \"warn\"; };\n",
             test_source_path ("rules/data"), db);
    fclose (f);
    free_endpoint (endpoint, sizeof endpoint);

    pid_t pid = spawn_solod (config, endpoint, log);
    void *socket = connect_to (endpoint);
    Solo__V1__OpenGame open = SOLO__V1__OPEN_GAME__INIT;
    open.source_case = SOLO__V1__OPEN_GAME__SOURCE_SCENARIO;
    open.scenario = "farm";
    Solo__V1__Request request = SOLO__V1__REQUEST__INIT;
    request.id = 1000;
    request.body_case = SOLO__V1__REQUEST__BODY_OPEN_GAME;
    request.open_game = &open;
    Solo__V1__Reply *reply = call_patiently (socket, &request);
    if (reply->body_case != SOLO__V1__REPLY__BODY_GAME_OPENED)
        fail_msg ("no game: %s", reply_words (reply));
    char game_id[GAMESTORE_ID_MAX];
    snprintf (game_id, sizeof game_id, "%s", reply->game_opened->game_id);
    solo__v1__reply__free_unpacked (reply, NULL);

    /*  the stream: update n (request id 100 + n) turns red-left to
     *  facing_of (n); up to 8 in flight */
    int timeout = REPLY_TIMEOUT_MS;
    zmq_setsockopt (socket, ZMQ_RCVTIMEO, &timeout, sizeof timeout);
    uint64_t sent = 0, last_ack = 0, acks = 0;
    uint64_t update_of[KILL_AFTER_ACKS + STREAM_IN_FLIGHT + 2] = { 0 };
    while (acks < KILL_AFTER_ACKS && sent < STREAM_MAX) {
        while (sent < acks + STREAM_IN_FLIGHT) {
            sent++;
            Solo__V1__UnitUpdate change = SOLO__V1__UNIT_UPDATE__INIT;
            change.unit_id = "red-left";
            change.has_facing = true;
            change.facing = facing_of (sent);
            Solo__V1__UnitUpdate *changes[] = { &change };
            Solo__V1__ReportUpdate update = SOLO__V1__REPORT_UPDATE__INIT;
            update.game_id = game_id;
            update.n_units = 1;
            update.units = changes;
            request.id = 100 + sent;
            request.body_case = SOLO__V1__REQUEST__BODY_REPORT_UPDATE;
            request.report_update = &update;
            assert_int_equal (send_request (socket, &request), 0);
        }
        reply = receive_reply (socket);
        assert_non_null (reply);
        if (reply->id <= 100 || reply->id > 100 + sent) {
            solo__v1__reply__free_unpacked (reply, NULL);   /* a late one */
            continue;                         /* of call_patiently's */
        }
        if (reply->body_case != SOLO__V1__REPLY__BODY_UPDATE_ACCEPTED)
            fail_msg ("update %llu refused: %s",
                      (unsigned long long) reply->id - 100,
                      reply_words (reply));
        uint64_t sequence = reply->update_accepted->sequence;
        if (sequence < 1 || sequence > sent || update_of[sequence])
            fail_msg ("sequence %llu given twice or out of 1..%llu",
                      (unsigned long long) sequence,
                      (unsigned long long) sent);
        update_of[sequence] = reply->id - 100;
        if (sequence > last_ack)
            last_ack = sequence;
        acks++;
        solo__v1__reply__free_unpacked (reply, NULL);
    }
    assert_int_equal (kill (pid, SIGKILL), 0);       /* updates in flight */
    int status = 0;
    assert_int_equal (waitpid (pid, &status, 0), pid);
    assert_true (WIFSIGNALED (status));
    test_close (socket);

    pid = spawn_solod (config, endpoint, log);
    socket = connect_to (endpoint);
    Solo__V1__ShowGame show = SOLO__V1__SHOW_GAME__INIT;
    show.game_id = game_id;
    request.id = 1001;
    request.body_case = SOLO__V1__REQUEST__BODY_SHOW_GAME;
    request.show_game = &show;
    reply = call_patiently (socket, &request);
    if (reply->body_case != SOLO__V1__REPLY__BODY_GAME_STATE)
        fail_msg ("the game is gone after the restart: %s",
                  reply_words (reply));
    uint64_t kept = reply->game_state->sequence;
    print_message ("%llu updates acknowledged, %llu sent, %llu kept\n",
                   (unsigned long long) last_ack, (unsigned long long) sent,
                   (unsigned long long) kept);
    if (kept < last_ack)
        fail_msg ("acknowledged updates lost: %llu acknowledged, %llu kept",
                  (unsigned long long) last_ack, (unsigned long long) kept);
    assert_true (kept <= sent);
    const Solo__V1__Unit *unit = NULL;
    for (size_t i = 0; i < reply->game_state->n_units; i++)
        if (strcmp (reply->game_state->units[i]->id, "red-left") == 0)
            unit = reply->game_state->units[i];
    assert_non_null (unit);
    if (update_of[kept])
        assert_float_equal (unit->facing, facing_of (update_of[kept]), 1e-9);
    else {
        bool sent_one = false;
        for (uint64_t n = 1; n <= sent; n++)
            sent_one |= unit->facing == facing_of (n);
        assert_true (sent_one);
    }
    solo__v1__reply__free_unpacked (reply, NULL);
    test_close (socket);
    kill (pid, SIGTERM);
    waitpid (pid, &status, 0);
    spawned = 0;
    assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
    char command[256];
    snprintf (command, sizeof command, "rm -rf '%s'", dir);
    assert_int_equal (system (command), 0);
}

/*  ---- main ------------------------------------------------------------- */

static int
setup (void **state)
{
    (void) state;
    zmq_context = zmq_ctx_new ();
    signal (SIGPIPE, SIG_IGN);
    return zmq_context ? 0 : -1;
}

static int
teardown (void **state)
{
    (void) state;
    if (spawned > 0) {                     /* a daemon left by a failure */
        kill (spawned, SIGKILL);
        waitpid (spawned, NULL, 0);
    }
    test_context_end (zmq_context);
    return 0;
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_sixty_four_clients),
        cmocka_unit_test (test_busy_at_once),
        cmocka_unit_test (test_stop_during_search),
        cmocka_unit_test (test_concurrent_games),
        cmocka_unit_test (test_limits_named),
        cmocka_unit_test (test_sigkill_keeps_acknowledged_updates),
    };
    return cmocka_run_group_tests (tests, setup, teardown);
}
