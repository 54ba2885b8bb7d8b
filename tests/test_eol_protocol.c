/*  test_eol_protocol.c - Empire of Liberty through the daemon, against a
 *  server running in this process on a loopback TCP port: the ruleset and
 *  its scenarios are listed, AskUnit answers for its units (situation
 *  text, and a structured situation with the five grades), PlayBattle
 *  plays its scenarios the same way for the same seed, AskSide has the
 *  commander order the unit whose turn it is, and a game kept in the
 *  daemon is asked about.  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zmq.h>
#include "config.h"
#include "handlers.h"
#include "server.h"
#include "testutil.h"
#include "wire.h"

#define REPLY_TIMEOUT_MS 60000
#define RULESET "empire_of_liberty"

static void *zmq_context;
static uint64_t next_id = 1;
static server_t *server;
static void *sock;

static int
setup (void **state)
{
    (void) state;
    zmq_context = zmq_ctx_new ();
    solod_config_t cfg;
    solod_config_defaults (&cfg);
    snprintf (cfg.bind, sizeof cfg.bind, "tcp://127.0.0.1:*");
    snprintf (cfg.data_dir, sizeof cfg.data_dir, "%s",
              test_source_path ("rules/data"));
    snprintf (cfg.state_db, sizeof cfg.state_db, ":memory:");
    cfg.has_seed = true;
    cfg.seed = 7;
    cfg.workers = 2;
    cfg.log_level = LOG_LEVEL_ERROR;
    char err[512] = "";
    server = server_new (&cfg, err, sizeof err);
    if (!server)
        fail_msg ("server_new: %s", err);
    assert_int_equal (server_start (server), 0);
    sock = zmq_socket (zmq_context, ZMQ_DEALER);
    int linger = 0, timeout = REPLY_TIMEOUT_MS;
    zmq_setsockopt (sock, ZMQ_LINGER, &linger, sizeof linger);
    zmq_setsockopt (sock, ZMQ_RCVTIMEO, &timeout, sizeof timeout);
    assert_int_equal (zmq_connect (sock, server_endpoint (server)), 0);
    return 0;
}

static int
teardown (void **state)
{
    (void) state;
    zmq_close (sock);
    server_destroy (&server);
    zmq_ctx_term (zmq_context);
    return 0;
}

/*  Send a request and wait for its reply (free it with
 *  solo__v1__reply__free_unpacked). */
static Solo__V1__Reply *
call (Solo__V1__Request *request)
{
    request->id = next_id++;
    size_t len = solo__v1__request__get_packed_size (request);
    uint8_t *buf = malloc (len ? len : 1);
    assert_non_null (buf);
    solo__v1__request__pack (request, buf);
    assert_int_equal (zmq_send (sock, buf, len, 0), (int) len);
    free (buf);
    zmq_msg_t msg;
    zmq_msg_init (&msg);
    if (zmq_msg_recv (&msg, sock, 0) < 0)
        fail_msg ("no reply within %d ms", REPLY_TIMEOUT_MS);
    Solo__V1__Reply *reply = solo__v1__reply__unpack (NULL, zmq_msg_size (&msg),
                                                      zmq_msg_data (&msg));
    zmq_msg_close (&msg);
    assert_non_null (reply);
    assert_int_equal (reply->id, request->id);
    return reply;
}

static void
expect_body (const Solo__V1__Reply *reply, Solo__V1__Reply__BodyCase body)
{
    if (reply->body_case == SOLO__V1__REPLY__BODY_ERROR)
        fail_msg ("error %s on %s: %s", handlers_code_name (reply->error->code),
                  reply->error->field, reply->error->message);
    assert_int_equal (reply->body_case, body);
}

static const char *situation_text =
    "ruleset = \"empire_of_liberty\";\n"
    "table = { width = 183.0; depth = 122.0; };\n"
    "terrain = ( { id = \"woods\"; kind = \"woods\"; polygon = ( [0.0, 80.0],"
    " [183.0, 80.0], [183.0, 122.0], [0.0, 122.0] ); } );\n"
    "units = (\n"
    "  { id = \"riflemen\"; side = \"blue\"; arm = \"infantry\";"
    " quality = \"veteran\"; troop_type = \"skirmish_infantry\";"
    " weapon = \"rifle\"; figures = 16;"
    " formation = \"skirmish\"; x = 90.0; y = 84.0; facing = 180.0;"
    " width = 33.0; depth = 6.4; },\n"
    "  { id = \"62nd-foot\"; side = \"red\"; arm = \"infantry\";"
    " quality = \"veteran\"; troop_type = \"regular_infantry\";"
    " weapon = \"musket\"; figures = 24;"
    " formation = \"line\"; x = 90.0; y = 64.0; facing = 0.0; width = 22.9;"
    " depth = 3.8; },\n"
    "  { id = \"militia\"; side = \"red\"; arm = \"infantry\";"
    " quality = \"green\"; troop_type = \"regular_infantry\";"
    " weapon = \"musket\"; figures = 20;"
    " formation = \"line\"; x = 140.0; y = 64.0; facing = 0.0; width = 19.1;"
    " depth = 3.8; }\n"
    ");\n";

static int
factor_value (const Solo__V1__UnitDecision *d, const char *name)
{
    for (size_t i = 0; i < d->n_factors; i++)
        if (strcmp (d->factors[i]->name, name) == 0)
            return d->factors[i]->value;
    return 0;
}

/*  Hello names the ruleset, its tables hash and its scenarios. */
static void
test_hello (void **state)
{
    (void) state;
    Solo__V1__Hello hello = SOLO__V1__HELLO__INIT;
    hello.protocol_version = 1;
    Solo__V1__Request r = SOLO__V1__REQUEST__INIT;
    r.body_case = SOLO__V1__REQUEST__BODY_HELLO;
    r.hello = &hello;
    Solo__V1__Reply *reply = call (&r);
    expect_body (reply, SOLO__V1__REPLY__BODY_HELLO);
    bool ruleset = false;
    for (size_t i = 0; i < reply->hello->n_rulesets; i++)
        if (strcmp (reply->hello->rulesets[i]->name, RULESET) == 0) {
            ruleset = true;
            const Solo__V1__RulesetInfo *info = reply->hello->rulesets[i];
            assert_int_equal (strlen (info->tables_hash), 16);
            /* the text measures in inches; "Units are rated Poor, Green,
               Average, Veteran, or Elite" */
            assert_string_equal (info->length_unit, "in");
            assert_true (info->cm_per_length_unit == 2.54);
            static const char *const grades[] = { "poor", "green", "average",
                                                  "veteran", "elite" };
            assert_int_equal (info->n_grades, 5);
            for (int k = 0; k < 5; k++)
                assert_string_equal (info->grades[k], grades[k]);
            bool skirmish = false;
            for (size_t k = 0; k < info->n_formations; k++)
                skirmish |= strcmp (info->formations[k], "loose") == 0;
            assert_true (skirmish);
        }
    assert_true (ruleset);
    int scenarios = 0;
    for (size_t i = 0; i < reply->hello->n_scenarios; i++)
        scenarios += strcmp (reply->hello->scenarios[i], "eol_cowpens") == 0
                  || strcmp (reply->hello->scenarios[i], "eol_freemans_farm")
                         == 0;
    assert_int_equal (scenarios, 2);
    solo__v1__reply__free_unpacked (reply, NULL);
}

/*  AskUnit on a situation file of this ruleset: the Risk Factors as
 *  mapped (a formed Veteran line: regulars -1; the riflemen's 12" reach
 *  it: +1), the ruleset named in the answer. */
static void
test_ask_unit (void **state)
{
    (void) state;
    Solo__V1__AskUnit ask = SOLO__V1__ASK_UNIT__INIT;
    ask.source_case = SOLO__V1__ASK_UNIT__SOURCE_SITUATION_TEXT;
    ask.situation_text = (char *) situation_text;
    ask.unit_id = "62nd-foot";
    ask.roll = 4;
    ask.has_roll = true;
    Solo__V1__Request r = SOLO__V1__REQUEST__INIT;
    r.body_case = SOLO__V1__REQUEST__BODY_ASK_UNIT;
    r.ask_unit = &ask;
    Solo__V1__Reply *reply = call (&r);
    expect_body (reply, SOLO__V1__REPLY__BODY_UNIT_DECISION);
    const Solo__V1__UnitDecision *d = reply->unit_decision;
    assert_string_equal (d->ruleset, RULESET);
    /* the text measures in inches: the answer says so */
    assert_string_equal (d->length_unit, "in");
    assert_true (d->cm_per_length_unit == 2.54);
    assert_string_equal (d->base_ruleset, "");
    assert_string_equal (d->layer, "table");
    assert_int_equal (factor_value (d, "regulars"), -1);
    assert_int_equal (factor_value (d, "enemy_in_range"), 1);
    assert_int_equal (d->rf, 0);
    assert_string_equal (d->action, "continue");
    assert_int_equal (d->n_outcomes, 6);
    solo__v1__reply__free_unpacked (reply, NULL);
    /* the green militia: not regulars */
    ask.unit_id = "militia";
    reply = call (&r);
    expect_body (reply, SOLO__V1__REPLY__BODY_UNIT_DECISION);
    assert_int_equal (factor_value (reply->unit_decision, "regulars"), 0);
    solo__v1__reply__free_unpacked (reply, NULL);
}

/*  PlayBattle: each scenario of the ruleset to its end, the same for the
 *  same seed. */
static void
test_play_battle (void **state)
{
    (void) state;
    const char *names[2] = { "eol_cowpens", "eol_freemans_farm" };
    for (int i = 0; i < 2; i++) {
        Solo__V1__PlayBattle pb = SOLO__V1__PLAY_BATTLE__INIT;
        pb.source_case = SOLO__V1__PLAY_BATTLE__SOURCE_SCENARIO;
        pb.scenario = (char *) names[i];
        pb.blue = "table";
        pb.red = "random";
        pb.has_seed = true;
        pb.seed = 3;
        Solo__V1__Request r = SOLO__V1__REQUEST__INIT;
        r.body_case = SOLO__V1__REQUEST__BODY_PLAY_BATTLE;
        r.play_battle = &pb;
        Solo__V1__Reply *a = call (&r);
        Solo__V1__Reply *b = call (&r);
        expect_body (a, SOLO__V1__REPLY__BODY_BATTLE_RESULT);
        expect_body (b, SOLO__V1__REPLY__BODY_BATTLE_RESULT);
        const Solo__V1__BattleResult *x = a->battle_result, *y = b->battle_result;
        assert_string_equal (x->ruleset, RULESET);
        assert_string_equal (x->scenario, names[i]);
        assert_true (x->turns >= 1 && x->turns <= 10);
        assert_true (x->decisions > 0);
        if (getenv ("EOL_TEST_EVENTS"))
            printf ("%s: %u turns, %u decisions: %s\n", names[i], x->turns,
                    x->decisions, x->reason);
        assert_true (strlen (x->reason) > 0);
        assert_int_equal (x->turns, y->turns);
        assert_string_equal (x->winner, y->winner);
        assert_string_equal (x->reason, y->reason);
        assert_int_equal (x->sides[0]->killed, y->sides[0]->killed);
        assert_int_equal (x->sides[1]->killed, y->sides[1]->killed);
        solo__v1__reply__free_unpacked (a, NULL);
        solo__v1__reply__free_unpacked (b, NULL);
    }
}

/*  AskSide: the commander orders the unit of the side whose turn it is
 *  (one unit acts at a time in this ruleset). */
static void
test_ask_side (void **state)
{
    (void) state;
    Solo__V1__AskSide as = SOLO__V1__ASK_SIDE__INIT;
    as.source_case = SOLO__V1__ASK_SIDE__SOURCE_SCENARIO;
    as.scenario = "eol_freemans_farm";
    as.side = SOLO__V1__SIDE__SIDE_RED;
    as.strategy = "search";
    as.playouts = 12;
    as.has_seed = true;
    as.seed = 4;
    Solo__V1__Request r = SOLO__V1__REQUEST__INIT;
    r.body_case = SOLO__V1__REQUEST__BODY_ASK_SIDE;
    r.ask_side = &as;
    Solo__V1__Reply *a = call (&r);
    Solo__V1__Reply *b = call (&r);
    expect_body (a, SOLO__V1__REPLY__BODY_SIDE_ORDERS);
    expect_body (b, SOLO__V1__REPLY__BODY_SIDE_ORDERS);
    const Solo__V1__SideOrders *x = a->side_orders;
    assert_string_equal (x->ruleset, RULESET);
    /* every unit of the side that acts first is waiting for its order
       (the player acts with the one it chooses) */
    assert_true (x->n_orders > 1);
    assert_string_equal (x->orders[0]->layer, "commander");
    assert_string_equal (x->orders[0]->unit_id, b->side_orders->orders[0]->unit_id);
    assert_string_equal (x->orders[0]->text, b->side_orders->orders[0]->text);
    assert_non_null (strstr (x->phase, "activation "));
    assert_non_null (strstr (x->phase, x->side_name));
    assert_true (x->n_command_roll >= 1);
    assert_non_null (strstr (x->command_roll[0], "initiative"));
    solo__v1__reply__free_unpacked (a, NULL);
    solo__v1__reply__free_unpacked (b, NULL);
}

/*  A game of this ruleset kept in the daemon, asked about. */
static void
test_game (void **state)
{
    (void) state;
    Solo__V1__OpenGame open = SOLO__V1__OPEN_GAME__INIT;
    open.source_case = SOLO__V1__OPEN_GAME__SOURCE_SCENARIO;
    open.scenario = "eol_cowpens";
    Solo__V1__Request r = SOLO__V1__REQUEST__INIT;
    r.body_case = SOLO__V1__REQUEST__BODY_OPEN_GAME;
    r.open_game = &open;
    Solo__V1__Reply *reply = call (&r);
    expect_body (reply, SOLO__V1__REPLY__BODY_GAME_OPENED);
    char id[64];
    snprintf (id, sizeof id, "%s", reply->game_opened->game_id);
    solo__v1__reply__free_unpacked (reply, NULL);
    Solo__V1__AskUnit ask = SOLO__V1__ASK_UNIT__INIT;
    ask.source_case = SOLO__V1__ASK_UNIT__SOURCE_GAME_ID;
    ask.game_id = id;
    ask.unit_id = "legion-dragoons";
    ask.roll = 6;
    ask.has_roll = true;
    Solo__V1__Request q = SOLO__V1__REQUEST__INIT;
    q.body_case = SOLO__V1__REQUEST__BODY_ASK_UNIT;
    q.ask_unit = &ask;
    reply = call (&q);
    expect_body (reply, SOLO__V1__REPLY__BODY_UNIT_DECISION);
    assert_string_equal (reply->unit_decision->ruleset, RULESET);
    assert_string_equal (reply->unit_decision->arm, "cavalry");
    solo__v1__reply__free_unpacked (reply, NULL);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_hello),
        cmocka_unit_test (test_ask_unit),
        cmocka_unit_test (test_play_battle),
        cmocka_unit_test (test_ask_side),
        cmocka_unit_test (test_game),
    };
    return cmocka_run_group_tests (tests, setup, teardown);
}
