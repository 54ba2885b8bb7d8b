/*  test_protocol.c - the solo.v1 protocol against a server running in
 *  this process on a loopback TCP port, spoken by DEALER and REQ clients.
 *
 *  Table cells asserted here are from seed 002's infantry and cavalry
 *  Actions Tables.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zmq.h>
#include "config.h"
#include "handlers.h"
#include "server.h"
#include "testutil.h"
#include "wire.h"

#define REPLY_TIMEOUT_MS 10000

static void *zmq_context;

/*  ---- helpers ---------------------------------------------------------- */

/*  A config for a test server: an ephemeral loopback port, quiet. */
static solod_config_t
test_config (void)
{
    return test_server_config (7);
}

static server_t *
start_server (const solod_config_t *cfg)
{
    return test_server_start (cfg);
}

static void *
client (const server_t *server, int type)
{
    void *socket = test_connect (zmq_context, server_endpoint (server), type,
                                 REPLY_TIMEOUT_MS);
    assert_non_null (socket);
    return socket;
}

/*  Pack a request into a malloc'd buffer. */
static uint8_t *
pack_request (const Solo__V1__Request *request, size_t *len)
{
    uint8_t *buf = test_pack_request (request, len);
    assert_non_null (buf);
    return buf;
}

static void
send_request (void *socket, const Solo__V1__Request *request)
{
    assert_int_equal (test_send_request (socket, request), 0);
}

/*  Receive one reply frame (after an empty delimiter when `delimited`). */
static Solo__V1__Reply *
receive_reply (void *socket, bool delimited)
{
    if (delimited) {
        zmq_msg_t msg;
        zmq_msg_init (&msg);
        assert_true (zmq_msg_recv (&msg, socket, 0) >= 0);
        assert_int_equal (zmq_msg_size (&msg), 0);
        assert_true (zmq_msg_more (&msg));
        zmq_msg_close (&msg);
    }
    Solo__V1__Reply *reply = test_receive_reply (socket);
    if (!reply)
        fail_msg ("no reply within %d ms: %s", REPLY_TIMEOUT_MS,
                  zmq_strerror (zmq_errno ()));
    return reply;
}

static Solo__V1__Reply *
exchange (void *socket, const Solo__V1__Request *request)
{
    send_request (socket, request);
    return receive_reply (socket, false);
}

/*  The daemon's answer to a Hello of request `id` at protocol
 *  `version`, naming the client `name` (or none); the caller frees it. */
static Solo__V1__Reply *
hello_exchange (void *socket, uint64_t id, uint32_t version,
                const char *name)
{
    Solo__V1__Hello hello = SOLO__V1__HELLO__INIT;
    hello.protocol_version = version;
    if (name)
        hello.client_name = (char *) name;
    Solo__V1__Request request = SOLO__V1__REQUEST__INIT;
    request.id = id;
    request.body_case = SOLO__V1__REQUEST__BODY_HELLO;
    request.hello = &hello;
    return exchange (socket, &request);
}


static void
assert_error (const Solo__V1__Reply *reply, uint64_t id,
              Solo__V1__Error__Code code, const char *field)
{
    if (reply->body_case != SOLO__V1__REPLY__BODY_ERROR)
        fail_msg ("expected an error %s, got body %d",
                  handlers_code_name (code), reply->body_case);
    if (reply->error->code != code)
        fail_msg ("expected %s, got %s: %s (%s)", handlers_code_name (code),
                  handlers_code_name (reply->error->code),
                  reply->error->message, reply->error->field);
    assert_int_equal (reply->id, id);
    assert_string_equal (reply->error->field, field);
    assert_true (strlen (reply->error->message) > 0);
}

static Solo__V1__UnitDecision *
assert_decision (const Solo__V1__Reply *reply)
{
    if (reply->body_case == SOLO__V1__REPLY__BODY_ERROR)
        fail_msg ("expected a decision, got %s: %s (%s)",
                  handlers_code_name (reply->error->code),
                  reply->error->message, reply->error->field);
    assert_int_equal (reply->body_case, SOLO__V1__REPLY__BODY_UNIT_DECISION);
    return reply->unit_decision;
}

/*  A Hello on `socket` is answered: the daemon still serves. */
static void
assert_still_serving (void *socket)
{
    Solo__V1__Reply *reply = hello_exchange (socket, 4242, 1, NULL);
    assert_int_equal (reply->id, 4242);
    assert_int_equal (reply->body_case, SOLO__V1__REPLY__BODY_HELLO);
    solo__v1__reply__free_unpacked (reply, NULL);
}

/*  A direct look-up request (statically allocated parts). */
typedef struct {
    Solo__V1__Request request;
    Solo__V1__AskUnit ask;
    Solo__V1__DirectLookup direct;
    Solo__V1__FactorInput factors[RF_MAX_FACTORS + 2];
    Solo__V1__FactorInput *factor_ptrs[RF_MAX_FACTORS + 2];
} direct_request_t;

static void
direct_request (direct_request_t *r, uint64_t id, Solo__V1__Arm arm, int rf,
                unsigned roll)
{
    memset (r, 0, sizeof *r);
    solo__v1__request__init (&r->request);
    solo__v1__ask_unit__init (&r->ask);
    solo__v1__direct_lookup__init (&r->direct);
    r->direct.arm = arm;
    r->direct.rf = rf;
    r->ask.source_case = SOLO__V1__ASK_UNIT__SOURCE_DIRECT;
    r->ask.direct = &r->direct;
    r->ask.roll = roll;
    r->ask.has_roll = roll != 0;
    r->request.id = id;
    r->request.body_case = SOLO__V1__REQUEST__BODY_ASK_UNIT;
    r->request.ask_unit = &r->ask;
}

static void
direct_add_factor (direct_request_t *r, const char *name, int value)
{
    size_t i = r->direct.n_factors++;
    solo__v1__factor_input__init (&r->factors[i]);
    r->factors[i].name = (char *) name;
    r->factors[i].value = value;
    r->factor_ptrs[i] = &r->factors[i];
    r->direct.factors = r->factor_ptrs;
}

/*  A structured situation: a table 180 x 120 cm with one wood, a blue
 *  and a red line of musketeers facing each other 36 cm apart (closest
 *  points), and a red line further off on the left. */
#define SIT_UNITS 3
typedef struct {
    Solo__V1__Request request;
    Solo__V1__AskUnit ask;
    Solo__V1__Situation situation;
    Solo__V1__TerrainFeature wood;
    Solo__V1__TerrainFeature *wood_ptr;
    Solo__V1__Point corners[SOLO_MAX_VERTICES + 2];
    Solo__V1__Point *corner_ptrs[SOLO_MAX_VERTICES + 2];
    Solo__V1__Unit units[SIT_UNITS];
    Solo__V1__Unit *unit_ptrs[SIT_UNITS];
    Solo__V1__Point centres[SIT_UNITS];
} situation_request_t;

static void
situation_request (situation_request_t *r, uint64_t id, const char *unit_id,
                   unsigned roll)
{
    memset (r, 0, sizeof *r);
    solo__v1__request__init (&r->request);
    solo__v1__ask_unit__init (&r->ask);
    solo__v1__situation__init (&r->situation);
    r->situation.ruleset = "skirmish19";
    r->situation.table_width = 180;
    r->situation.table_depth = 120;

    solo__v1__terrain_feature__init (&r->wood);
    r->wood.id = "wood";
    r->wood.kind = SOLO__V1__TERRAIN_KIND__TERRAIN_WOODS;
    static const double xy[4][2] = { {150, 10}, {175, 10}, {175, 30}, {150, 30} };
    for (int i = 0; i < 4; i++) {
        solo__v1__point__init (&r->corners[i]);
        r->corners[i].x = xy[i][0];
        r->corners[i].y = xy[i][1];
        r->corner_ptrs[i] = &r->corners[i];
    }
    r->wood.n_polygon = 4;
    r->wood.polygon = r->corner_ptrs;
    r->wood_ptr = &r->wood;
    r->situation.n_terrain = 1;
    r->situation.terrain = &r->wood_ptr;

    static const struct {
        const char *id;
        Solo__V1__Side side;
        double x, y, facing;
    } placed[SIT_UNITS] = {
        { "blue-1", SOLO__V1__SIDE__SIDE_BLUE, 90, 40, 0 },
        { "red-1",  SOLO__V1__SIDE__SIDE_RED,  90, 80, 180 },
        { "red-2",  SOLO__V1__SIDE__SIDE_RED,  20, 110, 180 },
    };
    for (int i = 0; i < SIT_UNITS; i++) {
        Solo__V1__Unit *u = &r->units[i];
        solo__v1__unit__init (u);
        solo__v1__point__init (&r->centres[i]);
        u->id = (char *) placed[i].id;
        u->side = placed[i].side;
        u->arm = SOLO__V1__ARM__ARM_INFANTRY;
        u->quality = SOLO__V1__QUALITY__QUALITY_REGULAR;
        u->weapon = "musket";
        u->bayonet = true;
        u->formation = SOLO__V1__FORMATION__FORMATION_LINE;
        u->figures = 12;
        u->officers = 1;
        r->centres[i].x = placed[i].x;
        r->centres[i].y = placed[i].y;
        u->centre = &r->centres[i];
        u->facing = placed[i].facing;
        u->width = 12;
        u->depth = 4;
        r->unit_ptrs[i] = u;
    }
    r->situation.n_units = SIT_UNITS;
    r->situation.units = r->unit_ptrs;

    r->ask.source_case = SOLO__V1__ASK_UNIT__SOURCE_SITUATION;
    r->ask.situation = &r->situation;
    r->ask.unit_id = (char *) unit_id;
    r->ask.roll = roll;
    r->ask.has_roll = roll != 0;
    r->request.id = id;
    r->request.body_case = SOLO__V1__REQUEST__BODY_ASK_UNIT;
    r->request.ask_unit = &r->ask;
}

/*  The same situation as a situation file's text. */
static const char *situation_text =
    "ruleset = \"skirmish19\";\n"
    "table = { width = 180.0; depth = 120.0; };\n"
    "terrain = (\n"
    "  { id = \"wood\"; kind = \"woods\";\n"
    "    polygon = ( [150.0, 10.0], [175.0, 10.0], [175.0, 30.0], [150.0, 30.0] ); }\n"
    ");\n"
    "units = (\n"
    "  { id = \"blue-1\"; side = \"blue\"; arm = \"infantry\"; quality = \"regular\";\n"
    "    weapon = \"musket\"; bayonet = true; formation = \"line\"; figures = 12;\n"
    "    officers = 1; x = 90.0; y = 40.0; facing = 0.0; width = 12.0; depth = 4.0; },\n"
    "  { id = \"red-1\"; side = \"red\"; arm = \"infantry\"; quality = \"regular\";\n"
    "    weapon = \"musket\"; bayonet = true; formation = \"line\"; figures = 12;\n"
    "    officers = 1; x = 90.0; y = 80.0; facing = 180.0; width = 12.0; depth = 4.0; },\n"
    "  { id = \"red-2\"; side = \"red\"; arm = \"infantry\"; quality = \"regular\";\n"
    "    weapon = \"musket\"; bayonet = true; formation = \"line\"; figures = 12;\n"
    "    officers = 1; x = 20.0; y = 110.0; facing = 180.0; width = 12.0; depth = 4.0; }\n"
    ");\n";

static void
text_request (direct_request_t *r, uint64_t id, const char *text,
              const char *unit_id, unsigned roll)
{
    direct_request (r, id, SOLO__V1__ARM__ARM_INFANTRY, 0, roll);
    r->ask.source_case = SOLO__V1__ASK_UNIT__SOURCE_SITUATION_TEXT;
    r->ask.situation_text = (char *) text;
    r->ask.unit_id = (char *) unit_id;
}

/*  ---- the shared server ------------------------------------------------ */

static server_t *shared;
static void *dealer;

static int
setup_shared (void **state)
{
    (void) state;
    zmq_context = zmq_ctx_new ();
    solod_config_t cfg = test_config ();
    cfg.max_message_bytes = 64 * 1024;
    shared = start_server (&cfg);
    dealer = client (shared, ZMQ_DEALER);
    return 0;
}

static int
teardown_shared (void **state)
{
    (void) state;
    test_close (dealer);
    server_destroy (&shared);
    server_destroy (&shared);           /* safe twice */
    assert_null (shared);
    test_context_end (zmq_context);
    return 0;
}

/*  ---- Hello ------------------------------------------------------------ */

static void
test_hello (void **state)
{
    (void) state;
    Solo__V1__Reply *reply = hello_exchange (dealer, 1, 1, "test_protocol");
    assert_int_equal (reply->id, 1);
    assert_int_equal (reply->body_case, SOLO__V1__REPLY__BODY_HELLO);
    Solo__V1__HelloReply *h = reply->hello;
    assert_string_equal (h->server_version, SOLO_VERSION);
    assert_int_equal (h->protocol_version, 1);
    assert_string_equal (h->default_ruleset, "skirmish19");
    bool found = false;
    for (size_t i = 0; i < h->n_rulesets; i++)
        if (strcmp (h->rulesets[i]->name, "skirmish19") == 0) {
            found = true;
            const Solo__V1__RulesetInfo *r = h->rulesets[i];
            assert_int_equal (strlen (r->tables_hash), 16);
            assert_true (strlen (r->title) > 0);
            /* seed 002 measures in cm; "Heroes throw 4D6 a turn.
               Veterans throw 3D6 a turn.  Raw figures throw 2D6." */
            assert_string_equal (r->length_unit, "cm");
            assert_true (r->cm_per_length_unit == 1.0);
            assert_string_equal (r->base_ruleset, "");
            assert_false (r->partial);
            assert_int_equal (r->n_grades, 3);
            assert_string_equal (r->grades[0], "raw");
            assert_string_equal (r->grades[1], "regular");
            assert_string_equal (r->grades[2], "hero");
            /* "Infantry not in square/circle facing Shock Cavalry" */
            bool square = false, musket = false;
            for (size_t k = 0; k < r->n_formations; k++)
                square |= strcmp (r->formations[k], "square") == 0;
            for (size_t k = 0; k < r->n_weapons; k++)
                musket |= strcmp (r->weapons[k], "musket") == 0;
            assert_true (square && musket);
        }
    assert_true (found);
    assert_non_null (h->limits);
    assert_int_equal (h->limits->max_message_bytes, 64 * 1024);
    assert_int_equal (h->limits->max_units, SOLO_MAX_UNITS);
    assert_int_equal (h->limits->max_terrain_features, SOLO_MAX_TERRAIN);
    assert_int_equal (h->limits->max_polygon_vertices, SOLO_MAX_VERTICES);
    assert_int_equal (h->limits->max_id_length, SOLO_ID_MAX - 1);
    assert_int_equal (h->limits->max_figures, SOLO_MAX_FIGURES);
    assert_int_equal (h->limits->max_factors, RF_MAX_FACTORS);
    assert_true (h->limits->max_table_cm == SOLO_MAX_TABLE_CM);
    solo__v1__reply__free_unpacked (reply, NULL);

    /*  version 0 ("any") is served too */
    reply = hello_exchange (dealer, 2, 0, "test_protocol");
    assert_int_equal (reply->id, 2);
    assert_int_equal (reply->body_case, SOLO__V1__REPLY__BODY_HELLO);
    solo__v1__reply__free_unpacked (reply, NULL);
}

/*  The dice of each ruleset's shooting and melee, from the seeds' words,
 *  and its terrain's sight rules from its table file. */
static const Solo__V1__DiceThrow *
throw_of (const Solo__V1__RulesetInfo *r, const char *action, size_t k)
{
    size_t seen = 0;
    for (size_t i = 0; i < r->n_throws; i++)
        if (strcmp (r->throws[i]->action, action) == 0 && seen++ == k)
            return r->throws[i];
    return NULL;
}

static void
test_hello_throws (void **state)
{
    (void) state;
    Solo__V1__Reply *reply = hello_exchange (dealer, 4, 1, NULL);
    assert_int_equal (reply->body_case, SOLO__V1__REPLY__BODY_HELLO);
    int checked = 0;
    for (size_t i = 0; i < reply->hello->n_rulesets; i++) {
        const Solo__V1__RulesetInfo *r = reply->hello->rulesets[i];
        const Solo__V1__DiceThrow *hit = throw_of (r, "shooting", 0);
        const Solo__V1__DiceThrow *second = throw_of (r, "shooting", 1);
        const Solo__V1__DiceThrow *melee = throw_of (r, "melee", 0);
        if (strcmp (r->name, "skirmish19") == 0) {
            /* seed 002: "To Hit: Throw a D8", damage "D6 roll", "each
               figure throws a D6" */
            assert_non_null (hit);
            assert_int_equal (hit->sides, 8);
            assert_string_equal (hit->step, "to hit");
            assert_non_null (second);
            assert_int_equal (second->sides, 6);
            assert_string_equal (second->step, "damage");
            /* who shoots: "All commanded troops may fire if loaded etc
               (see above) others fire so", "Stationary troops: 1 per 2
               figures ... Moving troops: 1 per 3 figures", "Baker rifles
               and similar fire 1 per 3 if stationary, 1 per 4 if moving" */
            assert_non_null (strstr (hit->count, "every figure of loaded "
                                                 "commanded troops"));
            assert_non_null (strstr (hit->count, "1 per 2 figures "
                                                 "stationary, 1 per 3 moving"));
            assert_non_null (strstr (hit->count, "Baker rifles and similar 1 "
                                                 "per 3 stationary, 1 per 4 "
                                                 "moving"));
            /* "Gunpowder weapons Graze Graze Wound Wound Kill Kill",
               "Other Graze Graze Graze Wound Wound Kill" */
            assert_non_null (strstr (second->text, "gunpowder weapons graze "
                                                   "on 1-2, wound on 3-4, "
                                                   "kill on 5-6"));
            assert_non_null (strstr (second->text, "other weapons graze on "
                                                   "1-3, wound on 4-5, kill "
                                                   "on 6"));
            assert_non_null (melee);
            assert_int_equal (melee->sides, 6);
            assert_int_equal (melee->score, 0);     /* opposed */
            /* "Visibility is 20 cms within woods"; towns block sight */
            assert_int_equal (r->n_sight, 10);
            assert_true (r->sight[SOLO__V1__TERRAIN_KIND__TERRAIN_TOWN]
                         ->blocks_sight);
            assert_true (r->sight[SOLO__V1__TERRAIN_KIND__TERRAIN_WOODS]
                         ->sight_limited);
            assert_false (r->sight[SOLO__V1__TERRAIN_KIND__TERRAIN_ROAD]
                          ->blocks_sight);
            assert_int_equal (r->sight[SOLO__V1__TERRAIN_KIND__TERRAIN_WOODS]
                              ->cover, SOLO__V1__COVER__COVER_SOFT);
            assert_true (r->woods_visibility_cm == 20.0);
            checked++;
        } else if (strcmp (r->name, "empire_of_liberty") == 0) {
            /* seed 001: "All dice are ordinary six-sided dice ... Any
               roll of a 6 kills an enemy figure" */
            assert_non_null (hit);
            assert_int_equal (hit->sides, 6);
            assert_int_equal (hit->score, 6);
            assert_non_null (melee);
            assert_int_equal (melee->sides, 6);
            checked++;
        } else if (strcmp (r->name, "europe19") == 0) {
            /* seed 004: "Hand-to-Hand Combat (Hit on 4+) Die per base" */
            assert_non_null (hit);
            assert_int_equal (hit->sides, 6);
            assert_non_null (second);
            assert_string_equal (second->step, "saving roll");
            assert_non_null (melee);
            assert_int_equal (melee->sides, 6);
            assert_int_equal (melee->score, 4);
            checked++;
        } else if (strcmp (r->name, "bolivar") == 0) {
            /* seed 003: "1d6 per resolve", "1d6 or 2d6 per resolve" */
            assert_non_null (hit);
            assert_int_equal (hit->sides, 6);
            assert_non_null (strstr (hit->count, "per resolve"));
            assert_non_null (melee);
            assert_int_equal (melee->sides, 6);
            checked++;
        } else if (strcmp (r->name, "liberators_house") == 0) {
            /* seed 000 over seed 003: "Stands at the front of a unit
               fire", "These stands fight in melee", casualty markers */
            assert_non_null (hit);
            assert_int_equal (hit->sides, 6);
            assert_non_null (strstr (hit->count, "per stand that fires"));
            assert_non_null (strstr (hit->text, "casualty marker"));
            assert_non_null (melee);
            assert_non_null (strstr (melee->count, "per stand that fights"));
            checked++;
        }
    }
    assert_int_equal (checked, 5);
    solo__v1__reply__free_unpacked (reply, NULL);
}

static void
test_hello_unsupported_version (void **state)
{
    (void) state;
    Solo__V1__Reply *reply = hello_exchange (dealer, 3, 2, NULL);
    assert_error (reply, 3, SOLO__V1__ERROR__CODE__UNSUPPORTED_VERSION,
                  "hello.protocol_version");
    solo__v1__reply__free_unpacked (reply, NULL);
    assert_still_serving (dealer);
}

/*  ---- envelopes -------------------------------------------------------- */

static void
test_req_client (void **state)
{
    (void) state;
    void *req = client (shared, ZMQ_REQ);
    for (int i = 0; i < 3; i++)
        assert_still_serving (req);
    test_close (req);
}

/*  A DEALER that sends the empty delimiter (as REQ does) gets it back. */
static void
test_dealer_with_delimiter (void **state)
{
    (void) state;
    Solo__V1__Hello hello = SOLO__V1__HELLO__INIT;
    Solo__V1__Request request = SOLO__V1__REQUEST__INIT;
    request.id = 77;
    request.body_case = SOLO__V1__REQUEST__BODY_HELLO;
    request.hello = &hello;
    size_t len;
    uint8_t *buf = pack_request (&request, &len);
    assert_int_equal (zmq_send (dealer, "", 0, ZMQ_SNDMORE), 0);
    assert_int_equal (zmq_send (dealer, buf, len, 0), (int) len);
    free (buf);
    Solo__V1__Reply *reply = receive_reply (dealer, true);
    assert_int_equal (reply->id, 77);
    assert_int_equal (reply->body_case, SOLO__V1__REPLY__BODY_HELLO);
    solo__v1__reply__free_unpacked (reply, NULL);
}

static void
test_garbage_bytes (void **state)
{
    (void) state;
    const char garbage[] = "\xff\xff\xff\xff\xff this is not protobuf";
    assert_true (zmq_send (dealer, garbage, sizeof garbage - 1, 0) > 0);
    Solo__V1__Reply *reply = receive_reply (dealer, false);
    assert_error (reply, 0, SOLO__V1__ERROR__CODE__BAD_REQUEST, "");
    solo__v1__reply__free_unpacked (reply, NULL);
    assert_still_serving (dealer);
}

/*  An empty frame decodes as a request with no body. */
static void
test_empty_frame (void **state)
{
    (void) state;
    assert_int_equal (zmq_send (dealer, "", 0, 0), 0);
    Solo__V1__Reply *reply = receive_reply (dealer, false);
    assert_error (reply, 0, SOLO__V1__ERROR__CODE__BAD_REQUEST, "body");
    solo__v1__reply__free_unpacked (reply, NULL);
    assert_still_serving (dealer);
}

/*  Two body frames: answered BAD_REQUEST with the id of the first. */
static void
test_multi_frame (void **state)
{
    (void) state;
    Solo__V1__Hello hello = SOLO__V1__HELLO__INIT;
    Solo__V1__Request request = SOLO__V1__REQUEST__INIT;
    request.id = 31337;
    request.body_case = SOLO__V1__REQUEST__BODY_HELLO;
    request.hello = &hello;
    size_t len;
    uint8_t *buf = pack_request (&request, &len);
    assert_int_equal (zmq_send (dealer, buf, len, ZMQ_SNDMORE), (int) len);
    assert_int_equal (zmq_send (dealer, buf, len, ZMQ_SNDMORE), (int) len);
    assert_int_equal (zmq_send (dealer, buf, len, 0), (int) len);
    free (buf);
    Solo__V1__Reply *reply = receive_reply (dealer, false);
    assert_error (reply, 31337, SOLO__V1__ERROR__CODE__BAD_REQUEST, "");
    assert_non_null (strstr (reply->error->message, "3 frames"));
    solo__v1__reply__free_unpacked (reply, NULL);

    /*  the same behind a delimiter, as from a REQ-like DEALER */
    buf = pack_request (&request, &len);
    assert_int_equal (zmq_send (dealer, "", 0, ZMQ_SNDMORE), 0);
    assert_int_equal (zmq_send (dealer, buf, len, ZMQ_SNDMORE), (int) len);
    assert_int_equal (zmq_send (dealer, "x", 1, 0), 1);
    free (buf);
    reply = receive_reply (dealer, true);
    assert_error (reply, 31337, SOLO__V1__ERROR__CODE__BAD_REQUEST, "");
    solo__v1__reply__free_unpacked (reply, NULL);
    assert_still_serving (dealer);
}

/*  A request with an id and no body (an empty oneof). */
static void
test_no_body (void **state)
{
    (void) state;
    Solo__V1__Request request = SOLO__V1__REQUEST__INIT;
    request.id = 5;
    Solo__V1__Reply *reply = exchange (dealer, &request);
    assert_error (reply, 5, SOLO__V1__ERROR__CODE__BAD_REQUEST, "body");
    solo__v1__reply__free_unpacked (reply, NULL);

    /*  an AskUnit with none of situation, situation_text, direct */
    Solo__V1__AskUnit ask = SOLO__V1__ASK_UNIT__INIT;
    request.id = 6;
    request.body_case = SOLO__V1__REQUEST__BODY_ASK_UNIT;
    request.ask_unit = &ask;
    reply = exchange (dealer, &request);
    assert_error (reply, 6, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "ask_unit.source");
    solo__v1__reply__free_unpacked (reply, NULL);
    assert_still_serving (dealer);
}

/*  A message over max_message_bytes drops the sender's connection; the
 *  daemon serves the next client. */
static void
test_oversized_message (void **state)
{
    (void) state;
    void *big = client (shared, ZMQ_DEALER);
    int timeout = 500;
    zmq_setsockopt (big, ZMQ_RCVTIMEO, &timeout, sizeof timeout);
    size_t len = 100 * 1024;
    char *buf = calloc (1, len);
    assert_non_null (buf);
    assert_int_equal (zmq_send (big, buf, len, 0), (int) len);
    free (buf);
    char reply[16];
    assert_int_equal (zmq_recv (big, reply, sizeof reply, 0), -1);
    test_close (big);
    void *next = client (shared, ZMQ_DEALER);
    assert_still_serving (next);
    test_close (next);
    assert_still_serving (dealer);
}

/*  ---- direct look-ups: the cells of seed 002 --------------------------- */

static const char *infantry_rf1[RF_FACES] = {
    "take_cover", "halt", "continue_facing_charge", "continue_facing_charge",
    "continue_facing_charge", "advance_charge"
};

static void
test_direct_lookup (void **state)
{
    (void) state;
    direct_request_t r;
    direct_request (&r, 100, SOLO__V1__ARM__ARM_INFANTRY, 1, 2);
    r.ask.unit_id = "red-7";
    Solo__V1__Reply *reply = exchange (dealer, &r.request);
    assert_int_equal (reply->id, 100);
    Solo__V1__UnitDecision *d = assert_decision (reply);
    /*  Infantry, RF1, D6 2: "Halt in position facing the nearest enemy" */
    assert_string_equal (d->action, "halt");
    assert_string_equal (d->unit_id, "red-7");
    assert_int_equal (d->rf, 1);
    assert_string_equal (d->rf_band, "RF1");
    assert_int_equal (d->roll, 2);
    assert_true (d->roll_from_player);
    assert_string_equal (d->layer, "table");
    assert_string_equal (d->ruleset, "skirmish19");
    assert_string_equal (d->length_unit, "cm");
    assert_true (d->cm_per_length_unit == 1.0);
    assert_int_equal (strlen (d->tables_hash), 16);
    assert_string_equal (d->arm, "infantry");
    assert_true (strlen (d->morale) > 0);
    assert_true (strlen (d->explanation) > 0);
    assert_non_null (d->geometry);
    assert_int_equal (d->n_factors, 1);
    assert_int_equal (d->factors[0]->value, 1);
    assert_int_equal (d->n_outcomes, RF_FACES);
    for (int i = 0; i < RF_FACES; i++) {
        assert_int_equal (d->outcomes[i]->roll, i + 1);
        assert_string_equal (d->outcomes[i]->action, infantry_rf1[i]);
        assert_true (strlen (d->outcomes[i]->text) > 0);
    }
    solo__v1__reply__free_unpacked (reply, NULL);

    /*  Cavalry, RF6-8, D6 1: "Flee at Gallop from nearest enemy" */
    direct_request (&r, 101, SOLO__V1__ARM__ARM_CAVALRY, 7, 1);
    reply = exchange (dealer, &r.request);
    d = assert_decision (reply);
    assert_string_equal (d->action, "run");
    assert_string_equal (d->rf_band, "RF6-8");
    assert_string_equal (d->geometry->pace, "gallop");
    assert_string_equal (d->arm, "cavalry");
    solo__v1__reply__free_unpacked (reply, NULL);

    /*  Infantry, RF9+, D6 6: "Halt in position facing the nearest enemy" */
    direct_request (&r, 102, SOLO__V1__ARM__ARM_INFANTRY, 12, 6);
    reply = exchange (dealer, &r.request);
    d = assert_decision (reply);
    assert_string_equal (d->action, "halt");
    assert_string_equal (d->rf_band, "RF9+");
    solo__v1__reply__free_unpacked (reply, NULL);

    /*  Cavalry, RF2-5, D6 1: "Canter further from the nearest enemy" */
    direct_request (&r, 103, SOLO__V1__ARM__ARM_CAVALRY, 4, 1);
    reply = exchange (dealer, &r.request);
    d = assert_decision (reply);
    assert_string_equal (d->action, "withdraw");
    assert_string_equal (d->geometry->pace, "canter");
    solo__v1__reply__free_unpacked (reply, NULL);
}

/*  Factors worked out by the player are summed: enemy in range (+1) and
 *  enemy to the flank (+2) make RF3, band RF2-5; a 1 is "Withdraw
 *  towards cover further from enemy". */
static void
test_direct_factors (void **state)
{
    (void) state;
    direct_request_t r;
    direct_request (&r, 110, SOLO__V1__ARM__ARM_INFANTRY, 0, 1);
    direct_add_factor (&r, "enemy_in_range", 1);
    direct_add_factor (&r, "flank_or_rear", 0);   /* 0: the table's +2 */
    Solo__V1__Reply *reply = exchange (dealer, &r.request);
    Solo__V1__UnitDecision *d = assert_decision (reply);
    assert_int_equal (d->rf, 3);
    assert_string_equal (d->rf_band, "RF2-5");
    assert_string_equal (d->action, "withdraw");
    assert_int_equal (d->n_factors, 2);
    assert_string_equal (d->factors[0]->name, "enemy_in_range");
    assert_string_equal (d->factors[1]->name, "flank_or_rear");
    assert_int_equal (d->factors[1]->value, 2);
    solo__v1__reply__free_unpacked (reply, NULL);

    /*  an unknown factor with no value */
    direct_request (&r, 111, SOLO__V1__ARM__ARM_INFANTRY, 0, 1);
    direct_add_factor (&r, "enemy_in_range", 1);
    direct_add_factor (&r, "bad_weather", 0);
    reply = exchange (dealer, &r.request);
    assert_error (reply, 111, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "ask_unit.direct.factors[1].name");
    solo__v1__reply__free_unpacked (reply, NULL);

    /*  too many factors */
    direct_request (&r, 112, SOLO__V1__ARM__ARM_INFANTRY, 0, 1);
    for (int i = 0; i < RF_MAX_FACTORS + 1; i++)
        direct_add_factor (&r, "enemy_in_range", 1);
    reply = exchange (dealer, &r.request);
    assert_error (reply, 112, SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED,
                  "ask_unit.direct.factors");
    solo__v1__reply__free_unpacked (reply, NULL);

    /*  a factor value beyond any table */
    direct_request (&r, 113, SOLO__V1__ARM__ARM_INFANTRY, 0, 1);
    direct_add_factor (&r, "enemy_in_range", 5000);
    reply = exchange (dealer, &r.request);
    assert_error (reply, 113, SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                  "ask_unit.direct.factors[0].value");
    solo__v1__reply__free_unpacked (reply, NULL);

    /*  a bad arm value and an RF beyond any table */
    direct_request (&r, 114, (Solo__V1__Arm) 9, 1, 1);
    reply = exchange (dealer, &r.request);
    assert_error (reply, 114, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "ask_unit.direct.arm");
    solo__v1__reply__free_unpacked (reply, NULL);
    direct_request (&r, 115, SOLO__V1__ARM__ARM_INFANTRY, 100000, 1);
    reply = exchange (dealer, &r.request);
    assert_error (reply, 115, SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                  "ask_unit.direct.rf");
    solo__v1__reply__free_unpacked (reply, NULL);
    assert_still_serving (dealer);
}

/*  ---- dice ------------------------------------------------------------- */

static void
test_roll_out_of_range (void **state)
{
    (void) state;
    direct_request_t r;
    direct_request (&r, 120, SOLO__V1__ARM__ARM_INFANTRY, 1, 7);
    Solo__V1__Reply *reply = exchange (dealer, &r.request);
    assert_error (reply, 120, SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                  "ask_unit.roll");
    solo__v1__reply__free_unpacked (reply, NULL);
    assert_still_serving (dealer);

    /*  a player's die of 0 */
    direct_request (&r, 121, SOLO__V1__ARM__ARM_INFANTRY, 1, 0);
    r.ask.has_roll = true;
    reply = exchange (dealer, &r.request);
    assert_error (reply, 121, SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                  "ask_unit.roll");
    solo__v1__reply__free_unpacked (reply, NULL);
    assert_still_serving (dealer);

    /*  the same in a situation */
    situation_request_t *s = calloc (1, sizeof *s);
    situation_request (s, 122, "red-1", 7);
    reply = exchange (dealer, &s->request);
    assert_error (reply, 122, SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                  "ask_unit.roll");
    solo__v1__reply__free_unpacked (reply, NULL);
    free (s);
    assert_still_serving (dealer);
}

/*  Every player's face gives the table's cell for that face. */
static void
test_player_roll_honoured (void **state)
{
    (void) state;
    for (unsigned face = 1; face <= RF_FACES; face++) {
        direct_request_t r;
        direct_request (&r, 130 + face, SOLO__V1__ARM__ARM_INFANTRY, 1, face);
        Solo__V1__Reply *reply = exchange (dealer, &r.request);
        Solo__V1__UnitDecision *d = assert_decision (reply);
        assert_int_equal (d->roll, face);
        assert_true (d->roll_from_player);
        assert_string_equal (d->action, infantry_rf1[face - 1]);
        solo__v1__reply__free_unpacked (reply, NULL);
    }
}

/*  The daemon's roll is repeatable from the seed it reports, and a
 *  request's own seed gives the same answer every time. */
static void
test_same_seed_same_answer (void **state)
{
    (void) state;
    situation_request_t *s = calloc (1, sizeof *s);
    situation_request (s, 140, "red-1", 0);
    s->ask.has_seed = true;
    s->ask.seed = 99;
    Solo__V1__Reply *first = exchange (dealer, &s->request);
    Solo__V1__Reply *second = exchange (dealer, &s->request);
    Solo__V1__UnitDecision *a = assert_decision (first);
    Solo__V1__UnitDecision *b = assert_decision (second);
    assert_false (a->roll_from_player);
    assert_true (a->roll >= 1 && a->roll <= 6);
    assert_int_equal (a->seed, 99);
    assert_int_equal (a->roll, b->roll);
    assert_string_equal (a->action, b->action);
    assert_string_equal (a->explanation, b->explanation);
    solo__v1__reply__free_unpacked (first, NULL);
    solo__v1__reply__free_unpacked (second, NULL);

    /*  the daemon's own dice: each answer names its seed; asking again
     *  with that seed repeats it exactly */
    s->ask.has_seed = false;
    s->ask.seed = 0;
    for (int i = 0; i < 10; i++) {
        s->request.id = 141;
        Solo__V1__Reply *rolled = exchange (dealer, &s->request);
        Solo__V1__UnitDecision *d = assert_decision (rolled);
        s->ask.has_seed = true;
        s->ask.seed = d->seed;
        Solo__V1__Reply *again = exchange (dealer, &s->request);
        Solo__V1__UnitDecision *e = assert_decision (again);
        assert_int_equal (d->roll, e->roll);
        assert_string_equal (d->action, e->action);
        assert_int_equal (d->seed, e->seed);
        s->ask.has_seed = false;
        solo__v1__reply__free_unpacked (rolled, NULL);
        solo__v1__reply__free_unpacked (again, NULL);
    }
    free (s);
}

/*  Two daemons given the same --seed give the same first answers. */
static void
test_daemon_seed_repeats (void **state)
{
    (void) state;
    uint64_t seeds[2][3];
    unsigned rolls[2][3];
    for (int k = 0; k < 2; k++) {
        solod_config_t cfg = test_config ();
        cfg.seed = 2024;
        cfg.workers = 1;
        server_t *server = start_server (&cfg);
        assert_int_equal (server_seed (server), 2024);
        void *socket = client (server, ZMQ_DEALER);
        for (int i = 0; i < 3; i++) {
            direct_request_t r;
            direct_request (&r, 150 + i, SOLO__V1__ARM__ARM_INFANTRY, 3, 0);
            Solo__V1__Reply *reply = exchange (socket, &r.request);
            Solo__V1__UnitDecision *d = assert_decision (reply);
            seeds[k][i] = d->seed;
            rolls[k][i] = d->roll;
            solo__v1__reply__free_unpacked (reply, NULL);
        }
        test_close (socket);
        server_destroy (&server);
    }
    for (int i = 0; i < 3; i++) {
        assert_int_equal (seeds[0][i], seeds[1][i]);
        assert_int_equal (rolls[0][i], rolls[1][i]);
    }
    assert_true (seeds[0][0] != seeds[0][1]);
}

/*  ---- situations ------------------------------------------------------- */

/*  red-1 is a formed line of regulars (-1) with blue-1's muskets (long
 *  range 120 cm) reaching it at 36 cm (+1): RF0, the "Up to RF0" row.
 *  On a 6 it moves towards the nearest visible enemy. */
static void
test_structured_situation (void **state)
{
    (void) state;
    situation_request_t *s = calloc (1, sizeof *s);
    situation_request (s, 160, "red-1", 6);
    Solo__V1__Reply *reply = exchange (dealer, &s->request);
    Solo__V1__UnitDecision *d = assert_decision (reply);
    assert_int_equal (reply->id, 160);
    assert_string_equal (d->unit_id, "red-1");
    assert_int_equal (d->rf, 0);
    assert_string_equal (d->rf_band, "up to RF0");
    assert_int_equal (d->roll, 6);
    assert_true (d->roll_from_player);
    assert_string_equal (d->action, "advance_visible");
    int sum = 0;
    for (size_t i = 0; i < d->n_factors; i++) {
        sum += d->factors[i]->value;
        assert_true (strlen (d->factors[i]->name) > 0);
        assert_true (strlen (d->factors[i]->reason) > 0);
    }
    assert_int_equal (sum, d->rf);
    assert_int_equal (d->n_outcomes, RF_FACES);
    assert_string_equal (d->outcomes[d->roll - 1]->action, d->action);
    assert_string_equal (d->geometry->nearest_enemy_id, "blue-1");
    assert_true (fabs (d->geometry->nearest_enemy_distance - 36.0) < 1e-6);
    assert_string_equal (d->layer, "table");
    assert_string_equal (d->ruleset, "skirmish19");
    assert_string_equal (d->geometry->shoot_target_id, "blue-1");
    assert_string_equal (d->geometry->no_shot, "");     /* it shoots */
    assert_string_equal (d->geometry->no_shot_unit_id, "");
    assert_string_equal (d->geometry->charge_target_id, "");  /* no charge */
    solo__v1__reply__free_unpacked (reply, NULL);
    /* red-2, 99 cm from blue-1 with pistols (20 cm): regulars -1, in
       the muskets' range +1, RF0; a 3 carries on, and it shoots at
       nothing, blue-1 out of its range */
    situation_request (s, 161, "red-2", 3);
    s->units[2].weapon = "pistol";
    reply = exchange (dealer, &s->request);
    d = assert_decision (reply);
    assert_string_equal (d->action, "continue");
    assert_string_equal (d->geometry->shoot_target_id, "");
    assert_string_equal (d->geometry->no_shot, "out_of_range");
    assert_string_equal (d->geometry->no_shot_unit_id, "blue-1");
    solo__v1__reply__free_unpacked (reply, NULL);
    free (s);
}

/*  The situation as text gives the same answer as the structure. */
static void
test_situation_text (void **state)
{
    (void) state;
    situation_request_t *s = calloc (1, sizeof *s);
    for (unsigned face = 1; face <= RF_FACES; face++) {
        situation_request (s, 170, "red-1", face);
        direct_request_t t;
        text_request (&t, 171, situation_text, "red-1", face);
        Solo__V1__Reply *a = exchange (dealer, &s->request);
        Solo__V1__Reply *b = exchange (dealer, &t.request);
        assert_int_equal (b->id, 171);
        Solo__V1__UnitDecision *da = assert_decision (a);
        Solo__V1__UnitDecision *db = assert_decision (b);
        assert_string_equal (da->action, db->action);
        assert_int_equal (da->rf, db->rf);
        assert_int_equal (da->n_factors, db->n_factors);
        assert_string_equal (da->geometry->nearest_enemy_id,
                             db->geometry->nearest_enemy_id);
        assert_string_equal (da->explanation, db->explanation);
        solo__v1__reply__free_unpacked (a, NULL);
        solo__v1__reply__free_unpacked (b, NULL);
    }
    free (s);
}

static void
test_situation_text_errors (void **state)
{
    (void) state;
    direct_request_t t;
    /*  a syntax error on line 2 */
    text_request (&t, 180, "ruleset = \"skirmish19\";\ntable = { width = ; };\n",
                  "red-1", 3);
    Solo__V1__Reply *reply = exchange (dealer, &t.request);
    assert_error (reply, 180, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "ask_unit.situation_text");
    assert_non_null (strstr (reply->error->message, "situation_text:2"));
    solo__v1__reply__free_unpacked (reply, NULL);

    /*  an unknown ruleset */
    text_request (&t, 181, "ruleset = \"napoleon\";\n"
                  "table = { width = 100.0; depth = 100.0; };\n", "red-1", 3);
    reply = exchange (dealer, &t.request);
    assert_error (reply, 181, SOLO__V1__ERROR__CODE__UNKNOWN_RULESET,
                  "ask_unit.situation_text");
    solo__v1__reply__free_unpacked (reply, NULL);

    /*  an include would read the daemon's own files */
    text_request (&t, 182, "  @include \"/etc/passwd\"\n", "red-1", 3);
    reply = exchange (dealer, &t.request);
    assert_error (reply, 182, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "ask_unit.situation_text");
    solo__v1__reply__free_unpacked (reply, NULL);

    /*  a unit that is not there */
    text_request (&t, 183, situation_text, "green-9", 3);
    reply = exchange (dealer, &t.request);
    assert_error (reply, 183, SOLO__V1__ERROR__CODE__UNKNOWN_UNIT,
                  "ask_unit.unit_id");
    solo__v1__reply__free_unpacked (reply, NULL);
    assert_still_serving (dealer);
}

/*  Each bad field of a structured situation is named. */
static void
test_situation_errors (void **state)
{
    (void) state;
    situation_request_t *s = calloc (1, sizeof *s);
    Solo__V1__Reply *reply;

    situation_request (s, 190, "green-9", 3);
    reply = exchange (dealer, &s->request);
    assert_error (reply, 190, SOLO__V1__ERROR__CODE__UNKNOWN_UNIT,
                  "ask_unit.unit_id");
    solo__v1__reply__free_unpacked (reply, NULL);
    assert_still_serving (dealer);

    situation_request (s, 191, "", 3);
    reply = exchange (dealer, &s->request);
    assert_error (reply, 191, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "ask_unit.unit_id");
    solo__v1__reply__free_unpacked (reply, NULL);

    situation_request (s, 192, "red-1", 3);
    s->situation.ruleset = "napoleon";
    reply = exchange (dealer, &s->request);
    assert_error (reply, 192, SOLO__V1__ERROR__CODE__UNKNOWN_RULESET,
                  "ask_unit.situation.ruleset");
    solo__v1__reply__free_unpacked (reply, NULL);
    assert_still_serving (dealer);

    direct_request_t r;
    direct_request (&r, 193, SOLO__V1__ARM__ARM_INFANTRY, 1, 3);
    r.direct.ruleset = "napoleon";
    reply = exchange (dealer, &r.request);
    assert_error (reply, 193, SOLO__V1__ERROR__CODE__UNKNOWN_RULESET,
                  "ask_unit.direct.ruleset");
    solo__v1__reply__free_unpacked (reply, NULL);

    /*  strings on the wire are UTF-8: one that is not is refused, named,
     *  never echoed back where a strict client could not decode it */
    situation_request (s, 1196, "r\xe9" "d-1", 3);
    reply = exchange (dealer, &s->request);
    assert_error (reply, 1196, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "ask_unit.unit_id");
    assert_non_null (strstr (reply->error->message, "not UTF-8 at byte 1"));
    solo__v1__reply__free_unpacked (reply, NULL);
    situation_request (s, 1197, "red-1", 3);
    s->units[2].id = "blue-\xc0\xae";        /* an overlong form */
    reply = exchange (dealer, &s->request);
    assert_error (reply, 1197, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "ask_unit.situation.units[2].id");
    solo__v1__reply__free_unpacked (reply, NULL);
    situation_request (s, 1198, "red-1", 3);
    s->units[2].id = "blue-\xc3\xa9";        /* é: UTF-8, and served */
    reply = exchange (dealer, &s->request);
    assert_decision (reply);
    solo__v1__reply__free_unpacked (reply, NULL);
    assert_still_serving (dealer);
    /*  an embedded NUL ("a\0x" would be read as "a") is refused too: the
     *  bytes of "blue-#9" patched after packing, as a client could send */
    situation_request (s, 1199, "red-1", 3);
    s->units[2].id = "blue-#9";
    size_t len;
    uint8_t *buf = pack_request (&s->request, &len);
    uint8_t *mark = memchr (buf, '#', len);
    assert_non_null (mark);
    *mark = 0;
    assert_int_equal (zmq_send (dealer, buf, len, 0), (int) len);
    free (buf);
    reply = receive_reply (dealer, false);
    assert_error (reply, 1199, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "ask_unit.situation.units[2].id");
    assert_non_null (strstr (reply->error->message, "NUL byte at byte 5"));
    solo__v1__reply__free_unpacked (reply, NULL);
    assert_still_serving (dealer);

    situation_request (s, 194, "red-1", 3);
    s->units[1].weapon = "blaster";
    reply = exchange (dealer, &s->request);
    assert_error (reply, 194, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "ask_unit.situation.units[1].weapon");
    assert_non_null (strstr (reply->error->message, "blaster"));
    assert_non_null (strstr (reply->error->message, "musket"));
    solo__v1__reply__free_unpacked (reply, NULL);
    assert_still_serving (dealer);

    situation_request (s, 195, "red-1", 3);
    s->units[2].wounded = 8;
    s->units[2].killed = 5;
    reply = exchange (dealer, &s->request);
    assert_error (reply, 195, SOLO__V1__ERROR__CODE__IMPOSSIBLE,
                  "ask_unit.situation.units[2].wounded");
    solo__v1__reply__free_unpacked (reply, NULL);

    situation_request (s, 196, "red-1", 3);
    s->units[0].figures = -3;
    reply = exchange (dealer, &s->request);
    assert_error (reply, 196, SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                  "ask_unit.situation.units[0].figures");
    solo__v1__reply__free_unpacked (reply, NULL);

    situation_request (s, 197, "red-1", 3);
    s->units[0].side = (Solo__V1__Side) 5;
    reply = exchange (dealer, &s->request);
    assert_error (reply, 197, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "ask_unit.situation.units[0].side");
    solo__v1__reply__free_unpacked (reply, NULL);

    situation_request (s, 198, "red-1", 3);
    s->units[1].centre = NULL;
    reply = exchange (dealer, &s->request);
    assert_error (reply, 198, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "ask_unit.situation.units[1].centre");
    solo__v1__reply__free_unpacked (reply, NULL);

    situation_request (s, 199, "red-1", 3);
    s->units[1].id = "a-unit-id-that-is-far-too-long-for-the-table";
    reply = exchange (dealer, &s->request);
    assert_error (reply, 199, SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED,
                  "ask_unit.situation.units[1].id");
    assert_non_null (strstr (reply->error->message, "max_id_length"));
    solo__v1__reply__free_unpacked (reply, NULL);

    situation_request (s, 200, "red-1", 3);
    s->units[1].id = "blue-1";                      /* a duplicate */
    reply = exchange (dealer, &s->request);
    assert_error (reply, 200, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "ask_unit.situation.units[1]");
    solo__v1__reply__free_unpacked (reply, NULL);

    situation_request (s, 201, "red-1", 3);
    s->units[0].width = 0;
    reply = exchange (dealer, &s->request);
    assert_error (reply, 201, SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                  "ask_unit.situation.units[0].width");
    solo__v1__reply__free_unpacked (reply, NULL);

    situation_request (s, 202, "red-1", 3);
    s->situation.table_width = NAN;
    reply = exchange (dealer, &s->request);
    assert_error (reply, 202, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "ask_unit.situation.table_width");
    solo__v1__reply__free_unpacked (reply, NULL);

    situation_request (s, 203, "red-1", 3);
    s->situation.table_depth = SOLO_MAX_TABLE_CM * 2;
    reply = exchange (dealer, &s->request);
    assert_error (reply, 203, SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED,
                  "ask_unit.situation.table_depth");
    solo__v1__reply__free_unpacked (reply, NULL);

    /*  polygons: too few, too many vertices, a bad kind */
    situation_request (s, 204, "red-1", 3);
    s->wood.n_polygon = 2;
    reply = exchange (dealer, &s->request);
    assert_error (reply, 204, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "ask_unit.situation.terrain[0].polygon");
    solo__v1__reply__free_unpacked (reply, NULL);

    situation_request (s, 205, "red-1", 3);
    for (int i = 0; i < SOLO_MAX_VERTICES + 1; i++) {
        double a = 2 * 3.14159265358979323846 * i / (SOLO_MAX_VERTICES + 1);
        solo__v1__point__init (&s->corners[i]);
        s->corners[i].x = 160 + 10 * cos (a);
        s->corners[i].y = 20 + 10 * sin (a);
        s->corner_ptrs[i] = &s->corners[i];
    }
    s->wood.n_polygon = SOLO_MAX_VERTICES + 1;
    reply = exchange (dealer, &s->request);
    assert_error (reply, 205, SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED,
                  "ask_unit.situation.terrain[0].polygon");
    assert_non_null (strstr (reply->error->message, "max_polygon_vertices"));
    solo__v1__reply__free_unpacked (reply, NULL);

    situation_request (s, 206, "red-1", 3);
    s->wood.kind = (Solo__V1__TerrainKind) 42;
    reply = exchange (dealer, &s->request);
    assert_error (reply, 206, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "ask_unit.situation.terrain[0].kind");
    solo__v1__reply__free_unpacked (reply, NULL);

    situation_request (s, 207, "red-1", 3);
    s->corners[2].x = INFINITY;
    reply = exchange (dealer, &s->request);
    assert_error (reply, 207, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "ask_unit.situation.terrain[0].polygon[2]");
    solo__v1__reply__free_unpacked (reply, NULL);

    /*  more leaders than figures: the unit named in the rules' words */
    situation_request (s, 208, "red-1", 3);
    s->units[2].ncos = 6;
    s->units[2].drummers = 4;
    s->units[2].buglers = 2;
    reply = exchange (dealer, &s->request);
    assert_error (reply, 208, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "ask_unit.situation.units[2]");
    assert_string_equal (reply->error->message, "unit \"red-2\": officers + "
                         "ncos + drummers + buglers (13) exceeds figures "
                         "(12)");
    solo__v1__reply__free_unpacked (reply, NULL);

    /*  off the table: the situation's own check */
    situation_request (s, 209, "red-1", 3);
    s->centres[2].x = 500;
    reply = exchange (dealer, &s->request);
    assert_error (reply, 209, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "ask_unit.situation.units[2]");
    assert_non_null (strstr (reply->error->message, "unit \"red-2\": x, y "
                             "(500, 110) is off the"));
    solo__v1__reply__free_unpacked (reply, NULL);

    /*  ids: none, a platoon's too long */
    situation_request (s, 210, "red-1", 3);
    s->units[2].id = "";
    reply = exchange (dealer, &s->request);
    assert_error (reply, 210, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "ask_unit.situation.units[2].id");
    assert_string_equal (reply->error->message, "an id is required");
    solo__v1__reply__free_unpacked (reply, NULL);

    situation_request (s, 211, "red-1", 3);
    s->units[1].platoon = "a-platoon-name-that-is-far-too-long-for-it";
    reply = exchange (dealer, &s->request);
    assert_error (reply, 211, SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED,
                  "ask_unit.situation.units[1].platoon");
    assert_non_null (strstr (reply->error->message, "max_id_length"));
    solo__v1__reply__free_unpacked (reply, NULL);

    /*  counts out of range: the first one named */
    situation_request (s, 214, "red-1", 3);
    s->units[1].buglers = SOLO_MAX_FIGURES + 1;
    s->units[1].killed = -1;
    reply = exchange (dealer, &s->request);
    assert_error (reply, 214, SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                  "ask_unit.situation.units[1].killed");
    solo__v1__reply__free_unpacked (reply, NULL);
    situation_request (s, 215, "red-1", 3);
    s->units[1].buglers = SOLO_MAX_FIGURES + 1;
    reply = exchange (dealer, &s->request);
    assert_error (reply, 215, SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED,
                  "ask_unit.situation.units[1].buglers");
    solo__v1__reply__free_unpacked (reply, NULL);

    /*  weapons named again by the next unit: in other capitals, then
     *  misspelt */
    situation_request (s, 212, "red-1", 3);
    s->units[1].weapon = "MUSKET";
    s->units[2].weapon = "Rifle";
    reply = exchange (dealer, &s->request);
    assert_decision (reply);
    solo__v1__reply__free_unpacked (reply, NULL);

    situation_request (s, 213, "red-1", 3);
    s->units[2].weapon = "muskett";
    reply = exchange (dealer, &s->request);
    assert_error (reply, 213, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "ask_unit.situation.units[2].weapon");
    assert_non_null (strstr (reply->error->message, "'muskett'"));
    solo__v1__reply__free_unpacked (reply, NULL);
    free (s);
    assert_still_serving (dealer);
}

/*  ---- many clients at once -------------------------------------------- */

#define CLIENTS 8
#define PER_CLIENT 25

typedef struct {
    const server_t *server;
    int index;
    int wrong;             /* replies that were not what was asked */
    int seen[PER_CLIENT];
} client_run_t;

/*  One client: all its requests in flight at once on one DEALER, then
 *  every reply matched to its request by id. */
static void *
client_thread (void *arg)
{
    client_run_t *run = arg;
    void *socket = zmq_socket (zmq_context, ZMQ_DEALER);
    int linger = 0, timeout = REPLY_TIMEOUT_MS;
    zmq_setsockopt (socket, ZMQ_LINGER, &linger, sizeof linger);
    zmq_setsockopt (socket, ZMQ_RCVTIMEO, &timeout, sizeof timeout);
    zmq_connect (socket, server_endpoint (run->server));
    for (int i = 0; i < PER_CLIENT; i++) {
        direct_request_t r;
        uint64_t id = (uint64_t) (run->index + 1) * 1000 + (uint64_t) i;
        /*  the roll encodes which request this was */
        direct_request (&r, id, SOLO__V1__ARM__ARM_INFANTRY, run->index % 10,
                        (unsigned) (i % 6) + 1);
        size_t len = solo__v1__request__get_packed_size (&r.request);
        uint8_t *buf = malloc (len);
        solo__v1__request__pack (&r.request, buf);
        zmq_send (socket, buf, len, 0);
        free (buf);
    }
    for (int i = 0; i < PER_CLIENT; i++) {
        zmq_msg_t msg;
        zmq_msg_init (&msg);
        if (zmq_msg_recv (&msg, socket, 0) < 0) {
            run->wrong++;
            zmq_msg_close (&msg);
            break;
        }
        Solo__V1__Reply *reply = solo__v1__reply__unpack (
            NULL, zmq_msg_size (&msg), zmq_msg_data (&msg));
        zmq_msg_close (&msg);
        if (!reply || reply->body_case != SOLO__V1__REPLY__BODY_UNIT_DECISION) {
            run->wrong++;
            if (reply)
                solo__v1__reply__free_unpacked (reply, NULL);
            continue;
        }
        uint64_t k = reply->id - (uint64_t) (run->index + 1) * 1000;
        if (reply->id < (uint64_t) (run->index + 1) * 1000 || k >= PER_CLIENT
        ||  reply->unit_decision->roll != (k % 6) + 1
        ||  reply->unit_decision->rf != run->index % 10)
            run->wrong++;
        else
            run->seen[k]++;
        solo__v1__reply__free_unpacked (reply, NULL);
    }
    zmq_close (socket);
    return NULL;
}

static void
test_concurrent_clients (void **state)
{
    (void) state;
    pthread_t threads[CLIENTS];
    client_run_t runs[CLIENTS];
    memset (runs, 0, sizeof runs);
    for (int c = 0; c < CLIENTS; c++) {
        runs[c].server = shared;
        runs[c].index = c;
        assert_int_equal (pthread_create (&threads[c], NULL, client_thread,
                                          &runs[c]), 0);
    }
    for (int c = 0; c < CLIENTS; c++)
        pthread_join (threads[c], NULL);
    for (int c = 0; c < CLIENTS; c++) {
        assert_int_equal (runs[c].wrong, 0);
        for (int i = 0; i < PER_CLIENT; i++)
            assert_int_equal (runs[c].seen[i], 1);
    }
}

/*  ---- busy, queue, shutdown ------------------------------------------- */

/*  One worker, slow requests, a queue of 2: the first is served, two
 *  wait and are served, the fourth is answered BUSY at once. */
static void
test_busy (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    cfg.workers = 1;
    cfg.queue_max = 2;
    cfg.test_delay_ms = 300;
    server_t *server = start_server (&cfg);
    void *socket = client (server, ZMQ_DEALER);
    for (int i = 0; i < 4; i++) {
        direct_request_t r;
        direct_request (&r, 300 + (uint64_t) i, SOLO__V1__ARM__ARM_INFANTRY,
                        1, 2);
        send_request (socket, &r.request);
    }
    /*  the refusal comes first: it does not wait for the worker */
    Solo__V1__Reply *reply = receive_reply (socket, false);
    assert_error (reply, 303, SOLO__V1__ERROR__CODE__BUSY, "");
    solo__v1__reply__free_unpacked (reply, NULL);
    for (int i = 0; i < 3; i++) {
        reply = receive_reply (socket, false);
        assert_int_equal (reply->id, 300 + (uint64_t) i);
        assert_decision (reply);
        solo__v1__reply__free_unpacked (reply, NULL);
    }
    assert_still_serving (socket);
    test_close (socket);
    server_destroy (&server);
}

/*  A slow request in one worker does not hold up another while a worker
 *  is free: with two workers and no queue, two slow requests from two
 *  clients are both taken at once (neither is refused BUSY); a third,
 *  while both are busy, is refused. */
static void
test_slow_does_not_block_quick (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    cfg.workers = 2;
    cfg.queue_max = 0;
    cfg.test_delay_ms = 400;
    server_t *server = start_server (&cfg);
    void *a = client (server, ZMQ_DEALER);
    void *b = client (server, ZMQ_DEALER);
    void *c = client (server, ZMQ_DEALER);
    direct_request_t r;
    direct_request (&r, 400, SOLO__V1__ARM__ARM_INFANTRY, 1, 2);
    send_request (a, &r.request);
    r.request.id = 401;
    send_request (b, &r.request);
    Solo__V1__Reply *ra = receive_reply (a, false);
    Solo__V1__Reply *rb = receive_reply (b, false);
    assert_int_equal (ra->id, 400);
    assert_int_equal (rb->id, 401);
    assert_decision (ra);
    assert_decision (rb);
    solo__v1__reply__free_unpacked (ra, NULL);
    solo__v1__reply__free_unpacked (rb, NULL);

    /*  now both busy: c is refused at once */
    r.request.id = 402;
    send_request (a, &r.request);
    r.request.id = 403;
    send_request (b, &r.request);
    test_wait_in_hand (server, 2);           /* 402, 403 in the workers */
    r.request.id = 404;
    send_request (c, &r.request);
    Solo__V1__Reply *rc = receive_reply (c, false);
    assert_error (rc, 404, SOLO__V1__ERROR__CODE__BUSY, "");
    solo__v1__reply__free_unpacked (rc, NULL);
    ra = receive_reply (a, false);
    rb = receive_reply (b, false);
    assert_decision (ra);
    assert_decision (rb);
    solo__v1__reply__free_unpacked (ra, NULL);
    solo__v1__reply__free_unpacked (rb, NULL);
    assert_still_serving (c);
    test_close (a);
    test_close (b);
    test_close (c);
    server_destroy (&server);
}

/*  Stopping answers what the daemon holds before it returns. */
static void
test_stop_drains (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    cfg.workers = 1;
    cfg.test_delay_ms = 200;
    server_t *server = start_server (&cfg);
    void *socket = client (server, ZMQ_DEALER);
    assert_still_serving (socket);             /* connected */
    direct_request_t r;
    direct_request (&r, 500, SOLO__V1__ARM__ARM_INFANTRY, 1, 2);
    send_request (socket, &r.request);         /* in the worker */
    r.request.id = 501;
    send_request (socket, &r.request);         /* queued */
    test_wait_in_hand (server, 2);             /* both with the broker */
    server_stop (server);
    Solo__V1__Reply *a = receive_reply (socket, false);
    Solo__V1__Reply *b = receive_reply (socket, false);
    assert_int_equal (a->id, 500);
    assert_decision (a);
    assert_int_equal (b->id, 501);
    assert_decision (b);
    solo__v1__reply__free_unpacked (a, NULL);
    solo__v1__reply__free_unpacked (b, NULL);
    test_close (socket);
    server_destroy (&server);
}

/*  A server that cannot start says why. */
static void
test_server_new_errors (void **state)
{
    (void) state;
    char err[512] = "";
    solod_config_t cfg = test_config ();
    snprintf (cfg.bind, sizeof cfg.bind, "nonsense://here");
    assert_null (server_new (&cfg, err, sizeof err));
    assert_non_null (strstr (err, "nonsense://here"));

    cfg = test_config ();
    snprintf (cfg.data_dir, sizeof cfg.data_dir, "/nonexistent/solod-data");
    assert_null (server_new (&cfg, err, sizeof err));
    assert_non_null (strstr (err, "/nonexistent/solod-data"));

    cfg = test_config ();
    snprintf (cfg.default_ruleset, sizeof cfg.default_ruleset, "napoleon");
    assert_null (server_new (&cfg, err, sizeof err));
    assert_non_null (strstr (err, "napoleon"));

    /*  the same endpoint twice */
    cfg = test_config ();
    server_t *first = server_new (&cfg, err, sizeof err);
    assert_non_null (first);
    snprintf (cfg.bind, sizeof cfg.bind, "%s", server_endpoint (first));
    assert_null (server_new (&cfg, err, sizeof err));
    assert_non_null (strstr (err, "cannot bind"));
    server_destroy (&first);        /* never started: destroy still works */
}

/*  ---- the request id without decoding --------------------------------- */

static void
test_peek_request_id (void **state)
{
    (void) state;
    direct_request_t r;
    direct_request (&r, 0x123456789abcULL, SOLO__V1__ARM__ARM_CAVALRY, 3, 4);
    size_t len;
    uint8_t *buf = pack_request (&r.request, &len);
    assert_int_equal (handlers_peek_request_id (buf, len), 0x123456789abcULL);
    assert_int_equal (handlers_peek_request_id (buf, len - 1), 0);
    free (buf);
    assert_int_equal (handlers_peek_request_id ("", 0), 0);
    assert_int_equal (handlers_peek_request_id ("\xff\xff", 2), 0);
    /*  field 1 = 150 */
    assert_int_equal (handlers_peek_request_id ("\x08\x96\x01", 3), 150);
    assert_string_equal (handlers_code_name (SOLO__V1__ERROR__CODE__BUSY),
                         "BUSY");
}

/*  Which requests bring everything they need: an AskUnit with a
 *  situation, a situation's text or a direct look-up; not one on a game,
 *  not another body, not bytes that are not protobuf. */
static void
test_peek_self_contained (void **state)
{
    (void) state;
    size_t len;
    uint8_t *buf;
    direct_request_t d;
    direct_request (&d, 7, SOLO__V1__ARM__ARM_INFANTRY, 3, 4);
    buf = pack_request (&d.request, &len);
    assert_true (handlers_peek_self_contained (buf, len));
    assert_false (handlers_peek_self_contained (buf, len - 1));
    free (buf);

    situation_request_t *s = calloc (1, sizeof *s);
    assert_non_null (s);
    situation_request (s, 8, "red-1", 3);
    buf = pack_request (&s->request, &len);
    assert_true (handlers_peek_self_contained (buf, len));
    free (buf);
    free (s);

    text_request (&d, 9, situation_text, "red-1", 3);
    buf = pack_request (&d.request, &len);
    assert_true (handlers_peek_self_contained (buf, len));
    free (buf);

    direct_request (&d, 10, SOLO__V1__ARM__ARM_INFANTRY, 3, 4);
    d.ask.source_case = SOLO__V1__ASK_UNIT__SOURCE_GAME_ID;
    d.ask.game_id = "g1";
    d.ask.unit_id = "red-1";
    buf = pack_request (&d.request, &len);
    assert_false (handlers_peek_self_contained (buf, len));
    free (buf);

    Solo__V1__Hello hello = SOLO__V1__HELLO__INIT;
    Solo__V1__Request request = SOLO__V1__REQUEST__INIT;
    request.body_case = SOLO__V1__REQUEST__BODY_HELLO;
    request.hello = &hello;
    buf = pack_request (&request, &len);
    assert_false (handlers_peek_self_contained (buf, len));
    free (buf);

    assert_false (handlers_peek_self_contained ("", 0));
    assert_false (handlers_peek_self_contained ("\xff\xff", 2));
    /*  two AskUnit bodies merge: the game of the last one is the source */
    static const uint8_t merged[] = {
        0x5a, 0x02, 0x1a, 0x00,                  /* ask_unit { direct {} } */
        0x5a, 0x04, 0x4a, 0x02, 'g', '1'         /* ask_unit { game_id } */
    };
    assert_false (handlers_peek_self_contained (merged, sizeof merged));
    assert_true (handlers_peek_self_contained (merged, 4));
}

/*  Start a search on the server's only worker from `slow` (request 600)
 *  with the longest budget there is, and wait until the worker has it.
 *  The search goes on until the test stops the server (end_search):
 *  however slow the machine (valgrind, a sanitizer), it is still
 *  searching while the test asks its small questions. */
static void
start_search (server_t *server, void *slow)
{
    Solo__V1__AskSide side = SOLO__V1__ASK_SIDE__INIT;
    side.source_case = SOLO__V1__ASK_SIDE__SOURCE_SCENARIO;
    side.scenario = "farm";
    side.side = SOLO__V1__SIDE__SIDE_RED;
    side.budget_ms = SOLOD_SIDE_MAX_BUDGET_MS;
    Solo__V1__Request request = SOLO__V1__REQUEST__INIT;
    request.id = 600;
    request.body_case = SOLO__V1__REQUEST__BODY_ASK_SIDE;
    request.ask_side = &side;
    send_request (slow, &request);
    test_wait_in_hand (server, 1);
}

/*  The search started by start_search is still going; stop the server,
 *  which ends it with the orders it has, and check that `slow` gets them. */
static void
end_search (server_t *server, void *slow)
{
    zmq_pollitem_t item = { slow, 0, ZMQ_POLLIN, 0 };
    assert_int_equal (zmq_poll (&item, 1, 0), 0);   /* still searching */
    server_stop (server);
    Solo__V1__Reply *reply = receive_reply (slow, false);
    assert_int_equal (reply->id, 600);
    assert_int_equal (reply->body_case, SOLO__V1__REPLY__BODY_SIDE_ORDERS);
    solo__v1__reply__free_unpacked (reply, NULL);
}

/*  broker_answers = when_idle: the broker answers a small self-contained
 *  AskUnit itself when nothing else waits for it: with the only worker
 *  searching, a question with its own situation is answered while the
 *  search goes on. */
static void
test_broker_answers_small_questions (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    cfg.workers = 1;
    cfg.broker_answers = SOLOD_BROKER_WHEN_IDLE;
    server_t *server = start_server (&cfg);
    void *slow = client (server, ZMQ_DEALER);
    void *quick = client (server, ZMQ_DEALER);
    assert_still_serving (quick);                /* connected */
    start_search (server, slow);
    situation_request_t *s = calloc (1, sizeof *s);
    assert_non_null (s);
    situation_request (s, 601, "red-1", 3);
    Solo__V1__Reply *reply = exchange (quick, &s->request);
    assert_int_equal (reply->id, 601);
    assert_string_equal (assert_decision (reply)->unit_id, "red-1");
    solo__v1__reply__free_unpacked (reply, NULL);
    free (s);
    end_search (server, slow);
    test_close (slow);
    test_close (quick);
    server_destroy (&server);
}

/*  broker_answers = always: a burst of small questions from several
 *  clients at once, arriving together (so never "while idle"), is
 *  answered by the broker while the only worker still searches. */
static void
test_broker_always_answers_a_burst (void **state)
{
    (void) state;
    enum { BURST = 4 };
    solod_config_t cfg = test_config ();
    cfg.workers = 1;
    cfg.broker_answers = SOLOD_BROKER_ALWAYS;
    server_t *server = start_server (&cfg);
    void *slow = client (server, ZMQ_DEALER);
    void *quick[BURST];
    for (int i = 0; i < BURST; i++) {
        quick[i] = client (server, ZMQ_DEALER);
        assert_still_serving (quick[i]);          /* connected */
    }
    start_search (server, slow);
    situation_request_t *s = calloc (1, sizeof *s);
    assert_non_null (s);
    for (int i = 0; i < BURST; i++) {
        situation_request (s, 601 + (uint64_t) i, "red-1", 3);
        send_request (quick[i], &s->request);
    }
    for (int i = 0; i < BURST; i++) {
        Solo__V1__Reply *reply = receive_reply (quick[i], false);
        assert_int_equal (reply->id, 601 + i);
        assert_string_equal (assert_decision (reply)->unit_id, "red-1");
        solo__v1__reply__free_unpacked (reply, NULL);
    }
    free (s);
    end_search (server, slow);
    for (int i = 0; i < BURST; i++)
        test_close (quick[i]);
    test_close (slow);
    server_destroy (&server);
}

/*  broker_answers = never: the workers answer everything, so a small
 *  question waits for the only worker's search to end, and is answered
 *  after it. */
static void
test_broker_never_answers (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    cfg.workers = 1;
    cfg.broker_answers = SOLOD_BROKER_NEVER;
    server_t *server = start_server (&cfg);
    void *slow = client (server, ZMQ_DEALER);
    void *quick = client (server, ZMQ_DEALER);
    assert_still_serving (quick);                /* connected */
    start_search (server, slow);
    situation_request_t *s = calloc (1, sizeof *s);
    assert_non_null (s);
    situation_request (s, 601, "red-1", 3);
    send_request (quick, &s->request);
    free (s);
    test_wait_in_hand (server, 2);             /* queued behind the search */
    zmq_pollitem_t item = { quick, 0, ZMQ_POLLIN, 0 };
    assert_int_equal (zmq_poll (&item, 1, 300), 0);  /* waits for the worker */
    end_search (server, slow);
    Solo__V1__Reply *reply = receive_reply (quick, false);
    assert_int_equal (reply->id, 601);
    assert_string_equal (assert_decision (reply)->unit_id, "red-1");
    solo__v1__reply__free_unpacked (reply, NULL);
    test_close (slow);
    test_close (quick);
    server_destroy (&server);
}

int
main (void)
{
    const struct CMUnitTest shared_tests[] = {
        cmocka_unit_test (test_hello),
        cmocka_unit_test (test_hello_throws),
        cmocka_unit_test (test_hello_unsupported_version),
        cmocka_unit_test (test_req_client),
        cmocka_unit_test (test_dealer_with_delimiter),
        cmocka_unit_test (test_garbage_bytes),
        cmocka_unit_test (test_empty_frame),
        cmocka_unit_test (test_multi_frame),
        cmocka_unit_test (test_no_body),
        cmocka_unit_test (test_oversized_message),
        cmocka_unit_test (test_direct_lookup),
        cmocka_unit_test (test_direct_factors),
        cmocka_unit_test (test_roll_out_of_range),
        cmocka_unit_test (test_player_roll_honoured),
        cmocka_unit_test (test_same_seed_same_answer),
        cmocka_unit_test (test_daemon_seed_repeats),
        cmocka_unit_test (test_structured_situation),
        cmocka_unit_test (test_situation_text),
        cmocka_unit_test (test_situation_text_errors),
        cmocka_unit_test (test_situation_errors),
        cmocka_unit_test (test_concurrent_clients),
        cmocka_unit_test (test_busy),
        cmocka_unit_test (test_slow_does_not_block_quick),
        cmocka_unit_test (test_stop_drains),
        cmocka_unit_test (test_server_new_errors),
        cmocka_unit_test (test_peek_request_id),
        cmocka_unit_test (test_peek_self_contained),
        cmocka_unit_test (test_broker_answers_small_questions),
        cmocka_unit_test (test_broker_always_answers_a_burst),
        cmocka_unit_test (test_broker_never_answers),
    };
    return cmocka_run_group_tests (shared_tests, setup_shared,
                                   teardown_shared);
}
