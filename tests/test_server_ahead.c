/*  test_server_ahead.c - the broker hands a worker busy with a quick
 *  request the next quick one: every request is answered, it counts as
 *  queued, slow work never waits behind it, and a stop answers it BUSY
 *  when its worker does not get to it in time.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>
#include <zmq.h>
#include "config.h"
#include "server.h"
#include "wire.h"
#include "testutil.h"

#define REPLY_TIMEOUT_MS 10000

static void *zmq_context;

static int
setup (void **state)
{
    (void) state;
    zmq_context = zmq_ctx_new ();
    return zmq_context ? 0 : -1;
}

static int
teardown (void **state)
{
    (void) state;
    zmq_ctx_term (zmq_context);
    return 0;
}

static solod_config_t
test_config (int workers, int queue_max, int delay_ms)
{
    solod_config_t cfg;
    solod_config_defaults (&cfg);
    snprintf (cfg.bind, sizeof cfg.bind, "tcp://127.0.0.1:*");
    snprintf (cfg.data_dir, sizeof cfg.data_dir, "%s",
              test_source_path ("rules/data"));
    snprintf (cfg.state_db, sizeof cfg.state_db, ":memory:");
    cfg.has_seed = true;
    cfg.seed = 7;
    cfg.workers = workers;
    cfg.queue_max = queue_max;
    cfg.test_delay_ms = delay_ms;
    cfg.log_level = LOG_LEVEL_ERROR;
    return cfg;
}

static server_t *
start_server (const solod_config_t *cfg)
{
    char err[512] = "";
    server_t *server = server_new (cfg, err, sizeof err);
    if (!server)
        fail_msg ("server_new: %s", err);
    assert_int_equal (server_start (server), 0);
    return server;
}

static void *
client (const server_t *server)
{
    void *socket = zmq_socket (zmq_context, ZMQ_DEALER);
    int linger = 0, timeout = REPLY_TIMEOUT_MS;
    zmq_setsockopt (socket, ZMQ_LINGER, &linger, sizeof linger);
    zmq_setsockopt (socket, ZMQ_RCVTIMEO, &timeout, sizeof timeout);
    assert_int_equal (zmq_connect (socket, server_endpoint (server)), 0);
    return socket;
}

/*  A quick request: a direct look-up of infantry at RF 1, die 2. */
static void
send_quick (void *socket, uint64_t id)
{
    Solo__V1__DirectLookup direct = SOLO__V1__DIRECT_LOOKUP__INIT;
    direct.arm = SOLO__V1__ARM__ARM_INFANTRY;
    direct.rf = 1;
    Solo__V1__AskUnit ask = SOLO__V1__ASK_UNIT__INIT;
    ask.source_case = SOLO__V1__ASK_UNIT__SOURCE_DIRECT;
    ask.direct = &direct;
    ask.roll = 2;
    ask.has_roll = true;
    Solo__V1__Request req = SOLO__V1__REQUEST__INIT;
    req.id = id;
    req.body_case = SOLO__V1__REQUEST__BODY_ASK_UNIT;
    req.ask_unit = &ask;
    uint8_t buf[256];
    size_t len = solo__v1__request__pack (&req, buf);
    assert_int_equal (zmq_send (socket, buf, len, 0), (int) len);
}

/*  A slow request: a battle of the farm scenario. */
static void
send_slow (void *socket, uint64_t id)
{
    Solo__V1__PlayBattle battle = SOLO__V1__PLAY_BATTLE__INIT;
    battle.source_case = SOLO__V1__PLAY_BATTLE__SOURCE_SCENARIO;
    battle.scenario = "farm";
    battle.blue = "table";
    battle.red = "table";
    Solo__V1__Request req = SOLO__V1__REQUEST__INIT;
    req.id = id;
    req.body_case = SOLO__V1__REQUEST__BODY_PLAY_BATTLE;
    req.play_battle = &battle;
    uint8_t buf[256];
    size_t len = solo__v1__request__pack (&req, buf);
    assert_int_equal (zmq_send (socket, buf, len, 0), (int) len);
}

/*  The next reply: its id, and whether it is the error BUSY. */
static uint64_t
receive (void *socket, bool *busy)
{
    zmq_msg_t msg;
    zmq_msg_init (&msg);
    if (zmq_msg_recv (&msg, socket, 0) < 0)
        fail_msg ("no reply within %d ms", REPLY_TIMEOUT_MS);
    Solo__V1__Reply *reply = solo__v1__reply__unpack (
        NULL, zmq_msg_size (&msg), zmq_msg_data (&msg));
    zmq_msg_close (&msg);
    assert_non_null (reply);
    uint64_t id = reply->id;
    *busy = reply->body_case == SOLO__V1__REPLY__BODY_ERROR
         && reply->error->code == SOLO__V1__ERROR__CODE__BUSY;
    if (!*busy && reply->body_case == SOLO__V1__REPLY__BODY_ERROR)
        fail_msg ("request %lu: %s", (unsigned long) id,
                  reply->error->message);
    solo__v1__reply__free_unpacked (reply, NULL);
    return id;
}

/*  One worker, a queue of two: one in hand, one handed ahead, one in the
 *  broker's queue, the fourth refused; the three answered in order. */
static void
test_ahead_counts_as_queued (void **state)
{
    (void) state;
    solod_config_t cfg = test_config (1, 2, 150);
    server_t *server = start_server (&cfg);
    void *socket = client (server);
    for (uint64_t id = 1; id <= 4; id++)
        send_quick (socket, id);
    bool busy;
    assert_int_equal (receive (socket, &busy), 4);
    assert_true (busy);
    for (uint64_t id = 1; id <= 3; id++) {
        assert_int_equal (receive (socket, &busy), id);
        assert_false (busy);
    }
    zmq_close (socket);
    server_destroy (&server);
}

/*  Many quick requests from many clients through two workers, with room
 *  to queue them all: every one answered once (two workers may answer a
 *  client's requests in either order). */
static void
test_ahead_answers_all (void **state)
{
    (void) state;
    solod_config_t cfg = test_config (2, 64, 0);
    server_t *server = start_server (&cfg);
    void *sockets[4];
    for (int c = 0; c < 4; c++)
        sockets[c] = client (server);
    for (int round = 0; round < 10; round++)
        for (int c = 0; c < 4; c++)
            send_quick (sockets[c], (uint64_t) (c * 100 + round));
    int bad = 0;
    for (int c = 0; c < 4; c++) {
        int seen[10] = { 0 };
        for (int round = 0; round < 10; round++) {
            bool busy;
            uint64_t id = receive (sockets[c], &busy);
            if (busy || id < (uint64_t) c * 100 || id >= (uint64_t) c * 100 + 10)
                bad++;
            else
                seen[id - (uint64_t) c * 100]++;
        }
        for (int round = 0; round < 10; round++)
            bad += seen[round] != 1;
        zmq_close (sockets[c]);
    }
    server_destroy (&server);
    assert_int_equal (bad, 0);
}

/*  No quick request waits behind slow work: with one worker busy with a
 *  battle and no queue, a quick request is refused at once rather than
 *  handed ahead to it. */
static void
test_never_ahead_of_slow (void **state)
{
    (void) state;
    solod_config_t cfg = test_config (1, 0, 400);
    cfg.quick_workers = 0;
    server_t *server = start_server (&cfg);
    void *socket = client (server);
    send_slow (socket, 1);
    test_wait_in_hand (server, 1);
    send_quick (socket, 2);
    bool busy;
    assert_int_equal (receive (socket, &busy), 2);
    assert_true (busy);
    assert_int_equal (receive (socket, &busy), 1);
    assert_false (busy);
    zmq_close (socket);
    server_destroy (&server);
}

/*  Stopping: what the worker holds is finished; the request handed ahead
 *  is answered BUSY when the drain time is up before its worker gets to
 *  it (the first takes longer than the drain time). */
static void
test_stop_answers_ahead_busy (void **state)
{
    (void) state;
    solod_config_t cfg = test_config (1, 4, SERVER_DRAIN_MS + 500);
    server_t *server = start_server (&cfg);
    void *socket = client (server);
    send_quick (socket, 1);
    send_quick (socket, 2);
    test_wait_in_hand (server, 2);    /* 1 in hand, 2 handed ahead */
    server_stop (server);
    bool busy;
    assert_int_equal (receive (socket, &busy), 2);
    assert_true (busy);
    zmq_close (socket);
    server_destroy (&server);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_ahead_counts_as_queued),
        cmocka_unit_test (test_ahead_answers_all),
        cmocka_unit_test (test_never_ahead_of_slow),
        cmocka_unit_test (test_stop_answers_ahead_busy),
    };
    return cmocka_run_group_tests (tests, setup, teardown);
}
