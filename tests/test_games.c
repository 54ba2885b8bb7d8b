/*  test_games.c - games, battles and the commander over the protocol,
 *  against a server running in this process on a loopback TCP port:
 *  OpenGame, ReportUpdate, AskUnit on a game, ShowGame, ListGames,
 *  CloseGame, PlayBattle and AskSide, good input and bad, the limits, a
 *  restart that finds its games, and quick questions answered while a
 *  search runs.
 *
 *  Rules figures asserted here are from seed 002: "Per 10% of group
 *  wounded or killed" adds 1 to the Risk Factor (3 of 8 figures down: 3).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sqlite3.h>
#include <string.h>
#include <unistd.h>
#include <zmq.h>
#include "config.h"
#include "games.h"
#include "gamestore.h"
#include "handlers.h"
#include "server.h"
#include "strategy.h"
#include "testutil.h"
#include "wire.h"

#define REPLY_TIMEOUT_MS 60000

static void *zmq_context;
static uint64_t next_id = 1;

/*  ---- helpers ---------------------------------------------------------- */

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
connect_to (const server_t *server)
{
    void *socket = test_connect (zmq_context, server_endpoint (server),
                                 ZMQ_DEALER, REPLY_TIMEOUT_MS);
    assert_non_null (socket);
    return socket;
}

/*  Send `request` under the next request id. */
static void
send_request (void *socket, Solo__V1__Request *request)
{
    request->id = next_id++;
    assert_int_equal (test_send_request (socket, request), 0);
}

static Solo__V1__Reply *
receive_reply (void *socket)
{
    Solo__V1__Reply *reply = test_receive_reply (socket);
    if (!reply)
        fail_msg ("no reply within %d ms", REPLY_TIMEOUT_MS);
    return reply;
}

/*  Send a request with body `body` of kind `body_case` and wait for the
 *  reply (free it with solo__v1__reply__free_unpacked). */
static Solo__V1__Reply *
call (void *socket, Solo__V1__Request__BodyCase body_case, void *body)
{
    Solo__V1__Request request = SOLO__V1__REQUEST__INIT;
    request.body_case = body_case;
    switch (body_case) {
        case SOLO__V1__REQUEST__BODY_ASK_UNIT:      request.ask_unit = body; break;
        case SOLO__V1__REQUEST__BODY_OPEN_GAME:     request.open_game = body; break;
        case SOLO__V1__REQUEST__BODY_REPORT_UPDATE: request.report_update = body; break;
        case SOLO__V1__REQUEST__BODY_CLOSE_GAME:    request.close_game = body; break;
        case SOLO__V1__REQUEST__BODY_LIST_GAMES:    request.list_games = body; break;
        case SOLO__V1__REQUEST__BODY_SHOW_GAME:     request.show_game = body; break;
        case SOLO__V1__REQUEST__BODY_PLAY_BATTLE:   request.play_battle = body; break;
        case SOLO__V1__REQUEST__BODY_ASK_SIDE:      request.ask_side = body; break;
        default:                                    request.hello = body; break;
    }
    send_request (socket, &request);
    Solo__V1__Reply *reply = receive_reply (socket);
    assert_int_equal (reply->id, request.id);
    return reply;
}

/*  The reply is an Error with `code` on `field`, its message holding
 *  `words` (may be NULL). */
static void
assert_error (Solo__V1__Reply *reply, Solo__V1__Error__Code code,
              const char *field, const char *words)
{
    if (reply->body_case != SOLO__V1__REPLY__BODY_ERROR)
        fail_msg ("expected error %s on %s, got body %d",
                  handlers_code_name (code), field, reply->body_case);
    if (reply->error->code != code || strcmp (reply->error->field, field))
        fail_msg ("expected %s on %s, got %s on %s: %s",
                  handlers_code_name (code), field,
                  handlers_code_name (reply->error->code),
                  reply->error->field, reply->error->message);
    if (words && !strstr (reply->error->message, words))
        fail_msg ("error message \"%s\" lacks \"%s\"", reply->error->message,
                  words);
    solo__v1__reply__free_unpacked (reply, NULL);
}

static void
assert_body (const Solo__V1__Reply *reply, Solo__V1__Reply__BodyCase body)
{
    if (reply->body_case == SOLO__V1__REPLY__BODY_ERROR)
        fail_msg ("expected body %d, got %s: %s (%s)", body,
                  handlers_code_name (reply->error->code),
                  reply->error->message, reply->error->field);
    assert_int_equal (reply->body_case, body);
}

/*  Open a game of scenario `name`; its id into `id`. */
static void
open_scenario (void *socket, const char *name, char *id, size_t idlen)
{
    Solo__V1__OpenGame open = SOLO__V1__OPEN_GAME__INIT;
    open.source_case = SOLO__V1__OPEN_GAME__SOURCE_SCENARIO;
    open.scenario = (char *) name;
    Solo__V1__Reply *reply = call (socket, SOLO__V1__REQUEST__BODY_OPEN_GAME,
                                   &open);
    assert_body (reply, SOLO__V1__REPLY__BODY_GAME_OPENED);
    snprintf (id, idlen, "%s", reply->game_opened->game_id);
    solo__v1__reply__free_unpacked (reply, NULL);
}

/*  A unit update with statically held parts. */
typedef struct {
    Solo__V1__UnitUpdate update;
    Solo__V1__Point centre;
    Solo__V1__UnitStatus set, clear;
} unit_change_t;

static Solo__V1__UnitUpdate *
unit_change (unit_change_t *c, const char *unit_id)
{
    solo__v1__unit_update__init (&c->update);
    solo__v1__point__init (&c->centre);
    solo__v1__unit_status__init (&c->set);
    solo__v1__unit_status__init (&c->clear);
    c->update.unit_id = (char *) unit_id;
    c->update.set = &c->set;
    c->update.clear = &c->clear;
    return &c->update;
}

/*  Send an update of `n` unit changes. */
static Solo__V1__Reply *
update (void *socket, const char *game_id, bool next_turn,
        Solo__V1__UnitUpdate **units, size_t n)
{
    Solo__V1__ReportUpdate u = SOLO__V1__REPORT_UPDATE__INIT;
    u.game_id = (char *) game_id;
    u.next_turn = next_turn;
    u.units = units;
    u.n_units = n;
    return call (socket, SOLO__V1__REQUEST__BODY_REPORT_UPDATE, &u);
}

static Solo__V1__Reply *
show (void *socket, const char *game_id)
{
    Solo__V1__ShowGame s = SOLO__V1__SHOW_GAME__INIT;
    s.game_id = (char *) game_id;
    return call (socket, SOLO__V1__REQUEST__BODY_SHOW_GAME, &s);
}

static const Solo__V1__Unit *
unit_in (const Solo__V1__GameState *g, const char *id)
{
    for (size_t i = 0; i < g->n_units; i++)
        if (strcmp (g->units[i]->id, id) == 0)
            return g->units[i];
    fail_msg ("no unit %s in game %s", id, g->game_id);
    return NULL;
}

static Solo__V1__Reply *
ask_in_game (void *socket, const char *game_id, const char *unit_id,
             unsigned roll)
{
    Solo__V1__AskUnit ask = SOLO__V1__ASK_UNIT__INIT;
    ask.source_case = SOLO__V1__ASK_UNIT__SOURCE_GAME_ID;
    ask.game_id = (char *) game_id;
    ask.unit_id = (char *) unit_id;
    ask.roll = roll;
    ask.has_roll = roll != 0;
    ask.has_seed = true;
    ask.seed = 5;
    return call (socket, SOLO__V1__REQUEST__BODY_ASK_UNIT, &ask);
}

static int
factor_value (const Solo__V1__UnitDecision *d, const char *name)
{
    for (size_t i = 0; i < d->n_factors; i++)
        if (strcmp (d->factors[i]->name, name) == 0)
            return d->factors[i]->value;
    return 0;
}

/*  ---- Hello --------------------------------------------------------------- */

static void
test_hello_lists_scenarios_and_strategies (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    server_t *server = start_server (&cfg);
    void *socket = connect_to (server);
    Solo__V1__Hello hello = SOLO__V1__HELLO__INIT;
    Solo__V1__Reply *reply = call (socket, SOLO__V1__REQUEST__BODY_HELLO,
                                   &hello);
    assert_body (reply, SOLO__V1__REPLY__BODY_HELLO);
    const Solo__V1__HelloReply *h = reply->hello;
    const char *want[] = { "cavalry", "farm", "stream" };
    assert_true (h->n_scenarios >= 3);
    for (int i = 0; i < 3; i++) {
        bool found = false;
        for (size_t k = 0; k < h->n_scenarios; k++)
            found |= strcmp (h->scenarios[k], want[i]) == 0;
        assert_true (found);
    }
    bool random = false, table = false;
    for (size_t k = 0; k < h->n_strategies; k++) {
        random |= strcmp (h->strategies[k]->name, "random") == 0;
        table |= strcmp (h->strategies[k]->name, "table") == 0;
        assert_true (strlen (h->strategies[k]->summary) > 0);
    }
    assert_true (random && table);
    assert_int_equal (h->limits->max_games, GAMESTORE_MAX_GAMES);
    assert_int_equal (h->limits->max_unit_updates, GAMES_MAX_UNIT_UPDATES);
    assert_int_equal (h->limits->max_budget_ms, SOLOD_SIDE_MAX_BUDGET_MS);
    assert_int_equal (h->limits->max_playouts, SOLOD_SIDE_MAX_PLAYOUTS);
    assert_int_equal (h->limits->max_battle_decision_ms,
                      SOLOD_BATTLE_MAX_DECISION_MS);
    assert_int_equal (h->limits->max_battle_playouts,
                      SOLOD_BATTLE_MAX_PLAYOUTS);
    assert_int_equal (h->limits->max_search_threads, SOLOD_MAX_SEARCH_THREADS);
    assert_int_equal (h->limits->max_stands, 8);
    assert_int_equal (h->limits->max_stand_strength, 100);
    solo__v1__reply__free_unpacked (reply, NULL);
    test_close (socket);
    server_destroy (&server);
}

/*  ---- games ---------------------------------------------------------------- */

static void
test_open_game_from_scenario (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    server_t *server = start_server (&cfg);
    void *socket = connect_to (server);
    Solo__V1__OpenGame open = SOLO__V1__OPEN_GAME__INIT;
    open.source_case = SOLO__V1__OPEN_GAME__SOURCE_SCENARIO;
    open.scenario = "farm";
    Solo__V1__Reply *reply = call (socket, SOLO__V1__REQUEST__BODY_OPEN_GAME,
                                   &open);
    assert_body (reply, SOLO__V1__REPLY__BODY_GAME_OPENED);
    const Solo__V1__GameState *g = reply->game_opened;
    assert_string_equal (g->game_id, "farm-1");
    assert_string_equal (g->scenario, "farm");
    assert_string_equal (g->ruleset, "skirmish19");
    assert_int_equal (strlen (g->tables_hash), 16);
    assert_int_equal (g->turn, 1);
    assert_int_equal (g->turns, 12);
    assert_int_equal (g->sequence, 0);
    assert_int_equal (g->n_units, 8);
    assert_int_equal (g->n_removed, 0);
    assert_string_equal (g->blue_name, "British light company");
    assert_string_equal (g->red_name, "French voltigeurs");
    const Solo__V1__Unit *wall = unit_in (g, "blue-wall");
    assert_string_equal (wall->weapon, "baker_rifle");
    assert_int_equal (wall->figures, 8);
    assert_true (wall->status->loaded);
    assert_true (wall->centre->x == 90.0 && wall->centre->y == 57.0);
    solo__v1__reply__free_unpacked (reply, NULL);
    /*  ids are never given twice */
    char id[GAMESTORE_ID_MAX];
    open_scenario (socket, "farm", id, sizeof id);
    assert_string_equal (id, "farm-2");
    open_scenario (socket, "cavalry", id, sizeof id);
    assert_string_equal (id, "cavalry-3");
    test_close (socket);
    server_destroy (&server);
}

/*  The GameState a game opened from `text` (a scenario file, verbatim)
 *  starts with; the caller frees the reply. */
static Solo__V1__Reply *
open_text (void *socket, const char *text)
{
    Solo__V1__OpenGame open = SOLO__V1__OPEN_GAME__INIT;
    open.source_case = SOLO__V1__OPEN_GAME__SOURCE_SITUATION_TEXT;
    open.situation_text = (char *) text;
    Solo__V1__Reply *reply = call (socket, SOLO__V1__REQUEST__BODY_OPEN_GAME,
                                   &open);
    assert_body (reply, SOLO__V1__REPLY__BODY_GAME_OPENED);
    return reply;
}

/*  Open installed scenario `name` (of `ruleset`) and its file with `from`
 *  edited to `to`: the first game reports `turns`, the second `edited`,
 *  in GameOpened and in ShowGame. */
static void
expect_turn_limits (void *socket, const char *name, const char *ruleset,
                    uint32_t turns, const char *from, const char *to,
                    uint32_t edited)
{
    char id[GAMESTORE_ID_MAX];
    open_scenario (socket, name, id, sizeof id);
    Solo__V1__Reply *reply = show (socket, id);
    assert_body (reply, SOLO__V1__REPLY__BODY_GAME_STATE);
    assert_string_equal (reply->game_state->ruleset, ruleset);
    assert_int_equal (reply->game_state->turns, turns);
    solo__v1__reply__free_unpacked (reply, NULL);
    char path[128];
    snprintf (path, sizeof path, "rules/scenarios/%s.cfg", name);
    char *text = test_file_edited (path, from, to);
    reply = open_text (socket, text);
    free (text);
    assert_string_equal (reply->game_opened->ruleset, ruleset);
    assert_int_equal (reply->game_opened->turns, edited);
    snprintf (id, sizeof id, "%s", reply->game_opened->game_id);
    solo__v1__reply__free_unpacked (reply, NULL);
    reply = show (socket, id);
    assert_body (reply, SOLO__V1__REPLY__BODY_GAME_STATE);
    assert_int_equal (reply->game_state->turns, edited);
    solo__v1__reply__free_unpacked (reply, NULL);
}

/*  GameState.turns, the turn limit a front end shows ("turn 3 of N"), is
 *  the rules' own time limit where they have one.  4 Page Bolivar (seed
 *  003, "Pre-game 4. Determine Attacker"): "The attacker loses if the
 *  game has not finished before the time limit (10 game turns)."  So a
 *  Bolivar scenario reports 10, in GameOpened and in ShowGame, and one
 *  whose own `turns` says 12 still reports 10: the scenario may not
 *  lengthen the text's limit.  A ruleset without such a limit (the 19th
 *  Century Europe QRS names none) reports the scenario's own turns,
 *  12, or 15 when the scenario says 15; so do the house rules over 4
 *  Page Bolivar, which name none and do not take the host's. */
static void
test_game_state_turns_is_the_rules_limit (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    server_t *server = start_server (&cfg);
    void *socket = connect_to (server);
    /*  the scenario asks for 12 turns: the text's 10 rule */
    expect_turn_limits (socket, "bol_boyaca", "bolivar", 10,
                        "turns = 10;", "turns = 12;", 10);
    /*  no time limit in the rules: the scenario's own turns */
    expect_turn_limits (socket, "e19_magenta", "europe19", 12,
                        "turns = 12;", "turns = 15;", 15);
    /*  the house rules over 4 Page Bolivar give no time limit and the
        host's 10 is not imposed on them (their RULINGS.md) */
    expect_turn_limits (socket, "lib_meeting", "liberators_house", 10,
                        "turns = 10;", "turns = 12;", 12);
    test_close (socket);
    server_destroy (&server);
}

/*  The packed bytes of a situation message, malloc'd, length in *len. */
static uint8_t *
packed_situation (const Solo__V1__Situation *m, size_t *len)
{
    *len = solo__v1__situation__get_packed_size (m);
    uint8_t *buf = malloc (*len ? *len : 1);
    assert_non_null (buf);
    solo__v1__situation__pack (m, buf);
    return buf;
}

/*  GameState carries the whole table (size, terrain, units) so a front
 *  end needs no scenario file; a game opened from it is the same game. */
static void
test_game_state_has_the_table (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    server_t *server = start_server (&cfg);
    void *socket = connect_to (server);
    Solo__V1__OpenGame open = SOLO__V1__OPEN_GAME__INIT;
    open.source_case = SOLO__V1__OPEN_GAME__SOURCE_SCENARIO;
    open.scenario = "farm";
    Solo__V1__Reply *reply = call (socket, SOLO__V1__REQUEST__BODY_OPEN_GAME,
                                   &open);
    assert_body (reply, SOLO__V1__REPLY__BODY_GAME_OPENED);
    const Solo__V1__GameState *g = reply->game_opened;
    const Solo__V1__Situation *sit = g->situation;
    assert_non_null (sit);
    /*  farm.cfg: a 180 x 120 cm table, five features, eight units */
    assert_string_equal (sit->ruleset, "skirmish19");
    assert_true (sit->table_width == 180.0 && sit->table_depth == 120.0);
    assert_int_equal (sit->n_terrain, 5);
    const Solo__V1__TerrainFeature *house = sit->terrain[0];
    assert_string_equal (house->id, "farmhouse");
    assert_int_equal (house->kind, SOLO__V1__TERRAIN_KIND__TERRAIN_TOWN);
    assert_int_equal (house->cover, SOLO__V1__COVER__COVER_HARD);
    assert_int_equal (house->n_polygon, 4);
    assert_true (house->polygon[0]->x == 80.0 && house->polygon[0]->y == 62.0);
    assert_true (house->polygon[2]->x == 100.0 && house->polygon[2]->y == 74.0);
    /*  the kinds' covers from the table file, given as they are */
    assert_string_equal (sit->terrain[1]->id, "yard-wall");
    assert_int_equal (sit->terrain[1]->kind,
                      SOLO__V1__TERRAIN_KIND__TERRAIN_LOW_BARRIER);
    assert_int_equal (sit->terrain[1]->cover, SOLO__V1__COVER__COVER_SOFT);
    assert_string_equal (sit->terrain[2]->id, "orchard");
    assert_int_equal (sit->terrain[2]->cover, SOLO__V1__COVER__COVER_SOFT);
    assert_int_equal (sit->n_units, 8);
    for (size_t i = 0; i < sit->n_units; i++)
        assert_string_equal (sit->units[i]->id, g->units[i]->id);

    /*  a game opened from that situation is the same table */
    size_t len_a, len_b;
    uint8_t *a = packed_situation (sit, &len_a);
    Solo__V1__OpenGame again = SOLO__V1__OPEN_GAME__INIT;
    again.source_case = SOLO__V1__OPEN_GAME__SOURCE_SITUATION;
    again.situation = (Solo__V1__Situation *) sit;
    Solo__V1__Reply *copy = call (socket, SOLO__V1__REQUEST__BODY_OPEN_GAME,
                                  &again);
    assert_body (copy, SOLO__V1__REPLY__BODY_GAME_OPENED);
    uint8_t *b = packed_situation (copy->game_opened->situation, &len_b);
    assert_int_equal (len_a, len_b);
    assert_memory_equal (a, b, len_a);
    free (a);
    free (b);
    solo__v1__reply__free_unpacked (copy, NULL);

    /*  ShowGame: the table as it stands after an update */
    char id[GAMESTORE_ID_MAX];
    snprintf (id, sizeof id, "%s", g->game_id);
    solo__v1__reply__free_unpacked (reply, NULL);
    unit_change_t left;
    Solo__V1__UnitUpdate *changes[1] = { unit_change (&left, "red-left") };
    left.update.has_centre = true;
    left.update.centre = &left.centre;
    left.centre.x = 50;
    left.centre.y = 30;
    left.update.has_killed = true;
    left.update.killed = 2;
    reply = update (socket, id, false, changes, 1);
    assert_body (reply, SOLO__V1__REPLY__BODY_UPDATE_ACCEPTED);
    solo__v1__reply__free_unpacked (reply, NULL);
    reply = show (socket, id);
    assert_body (reply, SOLO__V1__REPLY__BODY_GAME_STATE);
    sit = reply->game_state->situation;
    assert_non_null (sit);
    assert_int_equal (sit->n_terrain, 5);
    assert_int_equal (sit->n_units, 8);
    const Solo__V1__Unit *moved = NULL;
    for (size_t i = 0; i < sit->n_units; i++)
        if (strcmp (sit->units[i]->id, "red-left") == 0)
            moved = sit->units[i];
    assert_non_null (moved);
    assert_true (moved->centre->x == 50.0 && moved->centre->y == 30.0);
    assert_int_equal (moved->killed, 2);
    solo__v1__reply__free_unpacked (reply, NULL);
    test_close (socket);
    server_destroy (&server);
}

static void
test_open_game_errors (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    server_t *server = start_server (&cfg);
    void *socket = connect_to (server);
    Solo__V1__OpenGame open = SOLO__V1__OPEN_GAME__INIT;
    assert_error (call (socket, SOLO__V1__REQUEST__BODY_OPEN_GAME, &open),
                  SOLO__V1__ERROR__CODE__BAD_REQUEST, "open_game.source",
                  "scenario");
    open.source_case = SOLO__V1__OPEN_GAME__SOURCE_SCENARIO;
    open.scenario = "waterloo";
    assert_error (call (socket, SOLO__V1__REQUEST__BODY_OPEN_GAME, &open),
                  SOLO__V1__ERROR__CODE__UNKNOWN_SCENARIO,
                  "open_game.scenario", "installed: bol_boyaca, ");
    open.scenario = "../data/skirmish19/tables";
    assert_error (call (socket, SOLO__V1__REQUEST__BODY_OPEN_GAME, &open),
                  SOLO__V1__ERROR__CODE__BAD_REQUEST, "open_game.scenario",
                  "not a scenario name");
    open.scenario = "farm";
    open.turns = 5;
    assert_error (call (socket, SOLO__V1__REQUEST__BODY_OPEN_GAME, &open),
                  SOLO__V1__ERROR__CODE__BAD_REQUEST, "open_game.turns",
                  NULL);
    open.source_case = SOLO__V1__OPEN_GAME__SOURCE_SITUATION_TEXT;
    open.turns = SCENARIO_MAX_TURNS + 1;
    open.situation_text = "ruleset = \"skirmish19\";";
    assert_error (call (socket, SOLO__V1__REQUEST__BODY_OPEN_GAME, &open),
                  SOLO__V1__ERROR__CODE__OUT_OF_RANGE, "open_game.turns",
                  "at most 1000");
    open.turns = 0;
    open.situation_text = "ruleset = \"skirmish19\"\ntable = {";
    assert_error (call (socket, SOLO__V1__REQUEST__BODY_OPEN_GAME, &open),
                  SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "open_game.situation_text", "situation_text:");
    open.situation_text = "@include \"/etc/passwd\"\n";
    assert_error (call (socket, SOLO__V1__REQUEST__BODY_OPEN_GAME, &open),
                  SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "open_game.situation_text", "@include");
    open.situation_text = "ruleset = \"napoleonics\";\n"
                          "table = { width = 100.0; depth = 100.0; };\n";
    assert_error (call (socket, SOLO__V1__REQUEST__BODY_OPEN_GAME, &open),
                  SOLO__V1__ERROR__CODE__UNKNOWN_RULESET,
                  "open_game.situation_text", "napoleonics");
    /*  a battle needs both sides on the table */
    open.situation_text =
        "ruleset = \"skirmish19\";\n"
        "table = { width = 100.0; depth = 100.0; };\n"
        "units = ( { id = \"red-1\"; side = \"red\"; arm = \"infantry\";\n"
        "  weapon = \"musket\"; figures = 8; x = 50.0; y = 50.0;\n"
        "  facing = 0.0; width = 10.0; depth = 3.0; } );\n";
    assert_error (call (socket, SOLO__V1__REQUEST__BODY_OPEN_GAME, &open),
                  SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "open_game.situation_text", "side blue has no units");
    test_close (socket);
    server_destroy (&server);
}

static void
test_open_game_from_situation (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    server_t *server = start_server (&cfg);
    void *socket = connect_to (server);
    /*  A structured situation goes through the scenario text and back. */
    Solo__V1__Point corners[4];
    Solo__V1__Point *corner_ptrs[4];
    double xy[4][2] = { { 10, 10 }, { 40, 10 }, { 40, 30.25 }, { 10, 30 } };
    for (int i = 0; i < 4; i++) {
        solo__v1__point__init (&corners[i]);
        corners[i].x = xy[i][0];
        corners[i].y = xy[i][1];
        corner_ptrs[i] = &corners[i];
    }
    Solo__V1__TerrainFeature wood = SOLO__V1__TERRAIN_FEATURE__INIT;
    wood.id = "copse \"north\"";
    wood.kind = SOLO__V1__TERRAIN_KIND__TERRAIN_WOODS;
    wood.cover = SOLO__V1__COVER__COVER_HARD;
    wood.polygon = corner_ptrs;
    wood.n_polygon = 4;
    Solo__V1__TerrainFeature *terrain[1] = { &wood };
    Solo__V1__Unit units[2];
    Solo__V1__Point centres[2], last_seen;
    Solo__V1__UnitStatus status[2];
    Solo__V1__Unit *unit_ptrs[2];
    for (int i = 0; i < 2; i++) {
        solo__v1__unit__init (&units[i]);
        solo__v1__point__init (&centres[i]);
        solo__v1__unit_status__init (&status[i]);
        units[i].weapon = "musket";
        units[i].figures = 10;
        units[i].width = 12;
        units[i].depth = 3;
        units[i].centre = &centres[i];
        units[i].status = &status[i];
        unit_ptrs[i] = &units[i];
    }
    units[0].id = "red-1";
    units[0].side = SOLO__V1__SIDE__SIDE_RED;
    units[0].quality = SOLO__V1__QUALITY__QUALITY_RAW;
    units[0].wounded = 2;
    units[0].killed = 1;
    units[0].officers = 1;
    units[0].bayonet = true;
    units[0].formation = SOLO__V1__FORMATION__FORMATION_LOOSE;
    units[0].platoon = "1st";
    centres[0].x = 60.125;
    centres[0].y = 70;
    units[0].facing = 180;
    status[0].loaded = true;
    status[0].ran_last_turn = true;
    status[0].disordered = true;            /* both disorder markers */
    status[0].newly_disordered = true;
    solo__v1__point__init (&last_seen);
    last_seen.x = 60;
    last_seen.y = 10;
    units[0].has_last_enemy_seen = true;
    units[0].last_enemy_seen = &last_seen;
    /*  a unit of two stands of different resolve (seed 003) */
    Solo__V1__Stand stands[2] = { SOLO__V1__STAND__INIT,
                                  SOLO__V1__STAND__INIT };
    Solo__V1__Stand *stand_ptrs[2] = { &stands[0], &stands[1] };
    stands[0].start = 4;
    stands[0].strength = 3;
    stands[1].start = 3;
    stands[1].strength = 3;
    units[0].stands = stand_ptrs;
    units[0].n_stands = 2;
    units[1].id = "blue-1";
    units[1].side = SOLO__V1__SIDE__SIDE_BLUE;
    units[1].weapon = "rifle";
    centres[1].x = 60;
    centres[1].y = 20;
    Solo__V1__Situation sit = SOLO__V1__SITUATION__INIT;
    sit.table_width = 120;
    sit.table_depth = 100;
    sit.terrain = terrain;
    sit.n_terrain = 1;
    sit.units = unit_ptrs;
    sit.n_units = 2;
    Solo__V1__OpenGame open = SOLO__V1__OPEN_GAME__INIT;
    open.source_case = SOLO__V1__OPEN_GAME__SOURCE_SITUATION;
    open.situation = &sit;
    open.turns = 5;
    Solo__V1__Reply *reply = call (socket, SOLO__V1__REQUEST__BODY_OPEN_GAME,
                                   &open);
    assert_body (reply, SOLO__V1__REPLY__BODY_GAME_OPENED);
    const Solo__V1__GameState *g = reply->game_opened;
    assert_string_equal (g->scenario, GAMES_SITUATION_NAME);
    assert_int_equal (g->turns, 5);
    const Solo__V1__Unit *red = unit_in (g, "red-1");
    assert_int_equal (red->side, SOLO__V1__SIDE__SIDE_RED);
    assert_int_equal (red->quality, SOLO__V1__QUALITY__QUALITY_RAW);
    assert_int_equal (red->formation, SOLO__V1__FORMATION__FORMATION_LOOSE);
    assert_int_equal (red->wounded, 2);
    assert_int_equal (red->killed, 1);
    assert_int_equal (red->officers, 1);
    assert_true (red->bayonet);
    assert_string_equal (red->platoon, "1st");
    assert_true (red->centre->x == 60.125 && red->centre->y == 70.0);
    assert_true (red->facing == 180.0);
    assert_true (red->status->loaded && red->status->ran_last_turn);
    assert_false (red->status->fired);
    assert_true (red->status->disordered && red->status->newly_disordered);
    assert_true (red->has_last_enemy_seen);
    assert_true (red->last_enemy_seen->x == 60.0);
    assert_int_equal (red->n_stands, 2);
    assert_int_equal (red->stands[0]->start, 4);
    assert_int_equal (red->stands[0]->strength, 3);
    assert_int_equal (red->stands[1]->start, 3);
    assert_int_equal (red->stands[1]->strength, 3);
    assert_string_equal (unit_in (g, "blue-1")->weapon, "rifle");
    assert_int_equal (unit_in (g, "blue-1")->n_stands, 0);
    /*  a stand's strength reported: the unit's stands as they are now */
    char game_id[64];
    snprintf (game_id, sizeof game_id, "%s", g->game_id);
    solo__v1__reply__free_unpacked (reply, NULL);
    Solo__V1__Stand now[2] = { SOLO__V1__STAND__INIT, SOLO__V1__STAND__INIT };
    Solo__V1__Stand *now_ptrs[2] = { &now[0], &now[1] };
    now[0].start = 4;
    now[0].strength = 3;
    now[1].start = 3;
    now[1].strength = 1;
    Solo__V1__UnitUpdate uu = SOLO__V1__UNIT_UPDATE__INIT;
    uu.unit_id = "red-1";
    uu.stands = now_ptrs;
    uu.n_stands = 2;
    /*  and the rally phase takes off the second disorder marker */
    Solo__V1__UnitStatus cleared = SOLO__V1__UNIT_STATUS__INIT;
    cleared.newly_disordered = true;
    uu.clear = &cleared;
    Solo__V1__UnitUpdate *uu_ptrs[1] = { &uu };
    Solo__V1__ReportUpdate report = SOLO__V1__REPORT_UPDATE__INIT;
    report.game_id = game_id;
    report.units = uu_ptrs;
    report.n_units = 1;
    reply = call (socket, SOLO__V1__REQUEST__BODY_REPORT_UPDATE, &report);
    assert_body (reply, SOLO__V1__REPLY__BODY_UPDATE_ACCEPTED);
    solo__v1__reply__free_unpacked (reply, NULL);
    reply = show (socket, game_id);
    assert_body (reply, SOLO__V1__REPLY__BODY_GAME_STATE);
    red = unit_in (reply->game_state, "red-1");
    assert_int_equal (red->n_stands, 2);
    assert_int_equal (red->stands[0]->strength, 3);
    assert_int_equal (red->stands[1]->strength, 1);
    assert_true (red->status->disordered);
    assert_false (red->status->newly_disordered);
    solo__v1__reply__free_unpacked (reply, NULL);
    /*  stands that are not the unit's are refused, naming the field */
    uu.n_stands = 1;
    assert_error (call (socket, SOLO__V1__REQUEST__BODY_REPORT_UPDATE,
                        &report), SOLO__V1__ERROR__CODE__IMPOSSIBLE,
                  "report_update.units[0].stands", "1 stands given, unit "
                  "'red-1' has 2");
    uu.n_stands = 2;
    now[1].strength = 4;
    assert_error (call (socket, SOLO__V1__REQUEST__BODY_REPORT_UPDATE,
                        &report), SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                  "report_update.units[0].stands[1].strength", "is 4, not in "
                  "0..3");
    now[1].strength = 1;
    now[1].start = 2;
    assert_error (call (socket, SOLO__V1__REQUEST__BODY_REPORT_UPDATE,
                        &report), SOLO__V1__ERROR__CODE__IMPOSSIBLE,
                  "report_update.units[0].stands[1].start", "started at 3");
    /*  a stand weaker than nothing or stronger than its start is refused */
    stands[0].strength = 5;
    assert_error (call (socket, SOLO__V1__REQUEST__BODY_OPEN_GAME, &open),
                  SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                  "open_game.situation.units[0].stands[0].strength",
                  "is 5, not in 0..4");
    stands[0].strength = 3;
    stands[1].start = 0;
    assert_error (call (socket, SOLO__V1__REQUEST__BODY_OPEN_GAME, &open),
                  SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                  "open_game.situation.units[0].stands[1].start",
                  "is 0, not in 1..100");
    stands[1].start = 3;
    /*  a column of 8 stands (seed 000's house rules) is a unit; a 9th
        stand is more than the limit, which the error names */
    Solo__V1__Stand column[9];
    Solo__V1__Stand *column_ptrs[9];
    for (int i = 0; i < 9; i++) {
        solo__v1__stand__init (&column[i]);
        column[i].start = 4;
        column[i].strength = i == 7 ? 2 : 4;
        column_ptrs[i] = &column[i];
    }
    units[0].stands = column_ptrs;
    units[0].n_stands = 8;
    reply = call (socket, SOLO__V1__REQUEST__BODY_OPEN_GAME, &open);
    assert_body (reply, SOLO__V1__REPLY__BODY_GAME_OPENED);
    red = unit_in (reply->game_opened, "red-1");
    assert_int_equal (red->n_stands, 8);
    assert_int_equal (red->stands[7]->start, 4);
    assert_int_equal (red->stands[7]->strength, 2);
    solo__v1__reply__free_unpacked (reply, NULL);
    units[0].n_stands = 9;
    assert_error (call (socket, SOLO__V1__REQUEST__BODY_OPEN_GAME, &open),
                  SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED,
                  "open_game.situation.units[0].stands",
                  "9 stands, more than max_stands (8)");
    units[0].stands = stand_ptrs;
    units[0].n_stands = 2;
    /*  a bad field of the situation is named */
    units[1].weapon = "blunderbuss";
    assert_error (call (socket, SOLO__V1__REQUEST__BODY_OPEN_GAME, &open),
                  SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "open_game.situation.units[1].weapon", "blunderbuss");
    test_close (socket);
    server_destroy (&server);
}

static Solo__V1__Reply *side (void *socket, const char *scenario,
                              const char *game_id, int which,
                              const char *strategy, long playouts,
                              uint64_t seed);

static void
test_update_and_ask (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    server_t *server = start_server (&cfg);
    void *socket = connect_to (server);
    char id[GAMESTORE_ID_MAX];
    open_scenario (socket, "farm", id, sizeof id);

    unit_change_t left;
    Solo__V1__UnitUpdate *changes[1] = { unit_change (&left, "red-left") };
    left.update.has_killed = true;
    left.update.killed = 3;
    left.update.has_roll = true;
    left.update.roll = 5;
    left.update.has_centre = true;
    left.update.centre = &left.centre;
    left.centre.x = 50;
    left.centre.y = 30;
    left.update.has_facing = true;
    left.update.facing = -90;
    left.clear.loaded = true;
    left.set.fired = true;
    Solo__V1__Reply *reply = update (socket, id, true, changes, 1);
    assert_body (reply, SOLO__V1__REPLY__BODY_UPDATE_ACCEPTED);
    assert_string_equal (reply->update_accepted->game_id, id);
    assert_int_equal (reply->update_accepted->sequence, 1);
    assert_int_equal (reply->update_accepted->turn, 2);
    assert_int_equal (reply->update_accepted->units_changed, 1);
    solo__v1__reply__free_unpacked (reply, NULL);

    /*  The unit as it stands now: 3 of 8 down, 3 tenths at +1 (seed 002);
     *  the die the player reported for it this turn. */
    reply = ask_in_game (socket, id, "red-left", 0);
    assert_body (reply, SOLO__V1__REPLY__BODY_UNIT_DECISION);
    assert_int_equal (factor_value (reply->unit_decision, "per_tenth_lost"), 3);
    assert_int_equal (reply->unit_decision->roll, 5);
    assert_true (reply->unit_decision->roll_from_player);
    assert_string_equal (reply->unit_decision->ruleset, "skirmish19");
    solo__v1__reply__free_unpacked (reply, NULL);
    reply = ask_in_game (socket, id, "red-left", 2);
    assert_body (reply, SOLO__V1__REPLY__BODY_UNIT_DECISION);
    assert_int_equal (reply->unit_decision->roll, 2);
    solo__v1__reply__free_unpacked (reply, NULL);
    /*  another unit: no die reported, the daemon throws */
    reply = ask_in_game (socket, id, "red-right", 0);
    assert_body (reply, SOLO__V1__REPLY__BODY_UNIT_DECISION);
    assert_false (reply->unit_decision->roll_from_player);
    solo__v1__reply__free_unpacked (reply, NULL);
    /*  the army's orders use the same die for it, as a question about the
     *  unit does: by the tables alone, and beside the commander */
    const char *strategies[] = { "table", "search" };
    for (int k = 0; k < 2; k++) {
        reply = side (socket, NULL, id, 1, strategies[k], 60, 4);
        assert_body (reply, SOLO__V1__REPLY__BODY_SIDE_ORDERS);
        bool seen = false;
        for (size_t i = 0; i < reply->side_orders->n_orders; i++) {
            const Solo__V1__SideUnitOrder *o = reply->side_orders->orders[i];
            if (strcmp (o->unit_id, "red-left") == 0
                && strcmp (o->layer, "table") == 0) {
                seen = true;
                assert_non_null (strstr (o->why, "the player's die 5"));
            }
        }
        if (k == 0)
            assert_true (seen);
        solo__v1__reply__free_unpacked (reply, NULL);
    }

    reply = show (socket, id);
    assert_body (reply, SOLO__V1__REPLY__BODY_GAME_STATE);
    const Solo__V1__GameState *g = reply->game_state;
    assert_int_equal (g->turn, 2);
    assert_int_equal (g->sequence, 1);
    const Solo__V1__Unit *u = unit_in (g, "red-left");
    assert_int_equal (u->killed, 3);
    assert_true (u->centre->x == 50.0 && u->centre->y == 30.0);
    assert_true (u->facing == 270.0);
    assert_false (u->status->loaded);
    assert_true (u->status->fired);
    solo__v1__reply__free_unpacked (reply, NULL);

    /*  a new turn forgets the player's dice */
    reply = update (socket, id, true, NULL, 0);
    assert_body (reply, SOLO__V1__REPLY__BODY_UPDATE_ACCEPTED);
    assert_int_equal (reply->update_accepted->sequence, 2);
    assert_int_equal (reply->update_accepted->turn, 3);
    solo__v1__reply__free_unpacked (reply, NULL);
    reply = ask_in_game (socket, id, "red-left", 0);
    assert_body (reply, SOLO__V1__REPLY__BODY_UNIT_DECISION);
    assert_false (reply->unit_decision->roll_from_player);
    solo__v1__reply__free_unpacked (reply, NULL);

    /*  "Continue current actions": in a game the daemon knows them (the
     *  scenario's first orders), and says which; where it knows none it
     *  says so.  The captain is at RF 1 (an enemy in range, +1; a command
     *  figure is no "unit formed of regulars"): a 3 is "Continue current
     *  actions facing the nearest enemy (Charge?)", no charge to make. */
    reply = ask_in_game (socket, id, "red-captain", 3);
    assert_body (reply, SOLO__V1__REPLY__BODY_UNIT_DECISION);
    assert_string_equal (reply->unit_decision->action,
                         "continue_facing_charge");
    assert_non_null (strstr (reply->unit_decision->explanation,
                             "Its current actions, carried on: move to "
                             "(90.0, 40.0)."));
    solo__v1__reply__free_unpacked (reply, NULL);
    reply = ask_in_game (socket, id, "blue-orchard", 2);
    assert_body (reply, SOLO__V1__REPLY__BODY_UNIT_DECISION);
    assert_string_equal (reply->unit_decision->action, "continue");
    assert_non_null (strstr (reply->unit_decision->explanation,
                             "No earlier order is known for it: the daemon "
                             "takes it to hold"));
    solo__v1__reply__free_unpacked (reply, NULL);

    /*  The farm's last turn is 12: no turn 13 is reported, the game
     *  keeps its state. */
    for (int turn = 3; turn < 12; turn++) {
        reply = update (socket, id, true, NULL, 0);
        assert_body (reply, SOLO__V1__REPLY__BODY_UPDATE_ACCEPTED);
        assert_int_equal (reply->update_accepted->turn, turn + 1);
        solo__v1__reply__free_unpacked (reply, NULL);
    }
    assert_error (update (socket, id, true, NULL, 0),
                  SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                  "report_update.next_turn", "at its last turn (12 of 12)");
    reply = show (socket, id);
    assert_body (reply, SOLO__V1__REPLY__BODY_GAME_STATE);
    assert_int_equal (reply->game_state->turn, 12);
    solo__v1__reply__free_unpacked (reply, NULL);

    /*  A unit reported onto another: the update is kept, and it, the
     *  game's state and a question about the unit say they overlap. */
    reply = show (socket, id);
    assert_body (reply, SOLO__V1__REPLY__BODY_GAME_STATE);
    assert_int_equal (reply->game_state->n_warnings, 0);
    const Solo__V1__Unit *right = unit_in (reply->game_state, "red-right");
    unit_change_t onto;
    Solo__V1__UnitUpdate *moves[1] = { unit_change (&onto, "red-left") };
    onto.update.has_centre = true;
    onto.update.centre = &onto.centre;
    onto.centre.x = right->centre->x;
    onto.centre.y = right->centre->y;
    onto.update.has_facing = true;
    onto.update.facing = right->facing;
    solo__v1__reply__free_unpacked (reply, NULL);
    reply = update (socket, id, false, moves, 1);
    assert_body (reply, SOLO__V1__REPLY__BODY_UPDATE_ACCEPTED);
    assert_int_equal (reply->update_accepted->n_warnings, 1);
    assert_non_null (strstr (reply->update_accepted->warnings[0],
                             "units \"red-left\" and \"red-right\" overlap "
                             "by "));
    assert_non_null (strstr (reply->update_accepted->warnings[0],
                             "figures cannot stand so"));
    solo__v1__reply__free_unpacked (reply, NULL);
    reply = ask_in_game (socket, id, "red-left", 0);
    assert_body (reply, SOLO__V1__REPLY__BODY_UNIT_DECISION);
    assert_int_equal (reply->unit_decision->n_warnings, 1);
    solo__v1__reply__free_unpacked (reply, NULL);
    reply = show (socket, id);
    assert_body (reply, SOLO__V1__REPLY__BODY_GAME_STATE);
    assert_int_equal (reply->game_state->n_warnings, 1);
    solo__v1__reply__free_unpacked (reply, NULL);
    test_close (socket);
    server_destroy (&server);
}

static void
test_update_errors (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    server_t *server = start_server (&cfg);
    void *socket = connect_to (server);
    char id[GAMESTORE_ID_MAX];
    open_scenario (socket, "farm", id, sizeof id);
    unit_change_t a, b;
    Solo__V1__UnitUpdate *changes[2];

    assert_error (update (socket, "farm-99", false, NULL, 0),
                  SOLO__V1__ERROR__CODE__UNKNOWN_GAME,
                  "report_update.game_id", "open: farm-1");
    assert_error (update (socket, "", false, NULL, 0),
                  SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "report_update.game_id", NULL);
    changes[0] = unit_change (&a, "red-lft");
    assert_error (update (socket, id, false, changes, 1),
                  SOLO__V1__ERROR__CODE__UNKNOWN_UNIT,
                  "report_update.units[0].unit_id", "red-lft");
    changes[0] = unit_change (&a, "");
    assert_error (update (socket, id, false, changes, 1),
                  SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "report_update.units[0].unit_id", NULL);
    /*  all or nothing: a good first change and a roll out of range */
    changes[0] = unit_change (&a, "red-left");
    a.update.has_killed = true;
    a.update.killed = 2;
    changes[1] = unit_change (&b, "red-right");
    b.update.has_roll = true;
    b.update.roll = 7;
    assert_error (update (socket, id, true, changes, 2),
                  SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                  "report_update.units[1].roll", "1 to 6");
    b.update.roll = 0;
    assert_error (update (socket, id, true, changes, 2),
                  SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                  "report_update.units[1].roll", NULL);
    Solo__V1__Reply *reply = show (socket, id);
    assert_body (reply, SOLO__V1__REPLY__BODY_GAME_STATE);
    assert_int_equal (reply->game_state->sequence, 0);
    assert_int_equal (reply->game_state->turn, 1);
    assert_int_equal (unit_in (reply->game_state, "red-left")->killed, 0);
    solo__v1__reply__free_unpacked (reply, NULL);

    changes[0] = unit_change (&a, "red-left");
    a.update.has_killed = true;
    a.update.killed = 9;
    assert_error (update (socket, id, false, changes, 1),
                  SOLO__V1__ERROR__CODE__IMPOSSIBLE,
                  "report_update.units[0].killed", "exceeds the 8 figures");
    a.update.killed = 4;
    a.update.has_wounded = true;
    a.update.wounded = 5;
    assert_error (update (socket, id, false, changes, 1),
                  SOLO__V1__ERROR__CODE__IMPOSSIBLE,
                  "report_update.units[0].killed", NULL);
    changes[0] = unit_change (&a, "red-left");
    a.update.has_wounded = true;
    a.update.wounded = -1;
    assert_error (update (socket, id, false, changes, 1),
                  SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                  "report_update.units[0].wounded", NULL);
    changes[0] = unit_change (&a, "red-left");
    a.update.has_centre = true;
    a.update.centre = &a.centre;
    a.centre.x = 181;
    a.centre.y = 10;
    assert_error (update (socket, id, false, changes, 1),
                  SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                  "report_update.units[0].centre", "off the 180 x 120");
    a.update.centre = NULL;
    assert_error (update (socket, id, false, changes, 1),
                  SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "report_update.units[0].centre", NULL);
    changes[0] = unit_change (&a, "red-left");
    a.update.has_facing = true;
    a.update.facing = 1.0 / 0.0;
    assert_error (update (socket, id, false, changes, 1),
                  SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "report_update.units[0].facing", "finite");
    changes[0] = unit_change (&a, "red-left");
    a.set.loaded = true;
    a.clear.loaded = true;
    assert_error (update (socket, id, false, changes, 1),
                  SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "report_update.units[0].clear", "loaded");

    /*  the limit of unit changes in one update */
    size_t n = GAMES_MAX_UNIT_UPDATES + 1;
    unit_change_t *many = calloc (n, sizeof *many);
    Solo__V1__UnitUpdate **many_ptrs = calloc (n, sizeof *many_ptrs);
    assert_non_null (many);
    assert_non_null (many_ptrs);
    for (size_t i = 0; i < n; i++)
        many_ptrs[i] = unit_change (&many[i], "red-left");
    assert_error (update (socket, id, false, many_ptrs, n),
                  SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED,
                  "report_update.units", "max_unit_updates");
    reply = update (socket, id, false, many_ptrs, n - 1);
    assert_body (reply, SOLO__V1__REPLY__BODY_UPDATE_ACCEPTED);
    solo__v1__reply__free_unpacked (reply, NULL);
    free (many);
    free (many_ptrs);

    /*  a unit taken off the table takes no more updates and answers
     *  no more questions; the others no longer see it */
    changes[0] = unit_change (&a, "blue-wall");
    a.update.removed = true;
    reply = update (socket, id, false, changes, 1);
    assert_body (reply, SOLO__V1__REPLY__BODY_UPDATE_ACCEPTED);
    solo__v1__reply__free_unpacked (reply, NULL);
    reply = show (socket, id);
    assert_body (reply, SOLO__V1__REPLY__BODY_GAME_STATE);
    assert_int_equal (reply->game_state->n_removed, 1);
    assert_string_equal (reply->game_state->removed[0], "blue-wall");
    solo__v1__reply__free_unpacked (reply, NULL);
    assert_error (update (socket, id, false, changes, 1),
                  SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "report_update.units[0].unit_id", "out of play");
    assert_error (ask_in_game (socket, id, "blue-wall", 0),
                  SOLO__V1__ERROR__CODE__BAD_REQUEST, "ask_unit.unit_id",
                  "out of play");
    reply = ask_in_game (socket, id, "red-centre", 3);
    assert_body (reply, SOLO__V1__REPLY__BODY_UNIT_DECISION);
    assert_string_not_equal (reply->unit_decision->geometry->nearest_enemy_id,
                             "blue-wall");
    solo__v1__reply__free_unpacked (reply, NULL);
    test_close (socket);
    server_destroy (&server);
}

static void
test_close_and_list (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    server_t *server = start_server (&cfg);
    void *socket = connect_to (server);
    char one[GAMESTORE_ID_MAX], two[GAMESTORE_ID_MAX];
    open_scenario (socket, "farm", one, sizeof one);
    open_scenario (socket, "stream", two, sizeof two);
    Solo__V1__ListGames list = SOLO__V1__LIST_GAMES__INIT;
    Solo__V1__Reply *reply = call (socket, SOLO__V1__REQUEST__BODY_LIST_GAMES,
                                   &list);
    assert_body (reply, SOLO__V1__REPLY__BODY_GAME_LIST);
    assert_int_equal (reply->game_list->n_games, 2);
    assert_string_equal (reply->game_list->games[0]->game_id, one);
    assert_string_equal (reply->game_list->games[1]->game_id, two);
    assert_string_equal (reply->game_list->games[1]->scenario, "stream");
    assert_int_equal (reply->game_list->games[0]->turn, 1);
    assert_int_equal (reply->game_list->games[0]->units, 8);
    solo__v1__reply__free_unpacked (reply, NULL);

    Solo__V1__CloseGame close = SOLO__V1__CLOSE_GAME__INIT;
    close.game_id = one;
    reply = call (socket, SOLO__V1__REQUEST__BODY_CLOSE_GAME, &close);
    assert_body (reply, SOLO__V1__REPLY__BODY_GAME_CLOSED);
    assert_string_equal (reply->game_closed->game_id, one);
    assert_int_equal (reply->game_closed->sequence, 0);
    solo__v1__reply__free_unpacked (reply, NULL);
    assert_error (call (socket, SOLO__V1__REQUEST__BODY_CLOSE_GAME, &close),
                  SOLO__V1__ERROR__CODE__UNKNOWN_GAME, "close_game.game_id",
                  one);
    assert_error (ask_in_game (socket, one, "red-left", 0),
                  SOLO__V1__ERROR__CODE__UNKNOWN_GAME, "ask_unit.game_id",
                  NULL);
    assert_error (show (socket, one), SOLO__V1__ERROR__CODE__UNKNOWN_GAME,
                  "show_game.game_id", NULL);
    reply = call (socket, SOLO__V1__REQUEST__BODY_LIST_GAMES, &list);
    assert_body (reply, SOLO__V1__REPLY__BODY_GAME_LIST);
    assert_int_equal (reply->game_list->n_games, 1);
    assert_string_equal (reply->game_list->games[0]->game_id, two);
    solo__v1__reply__free_unpacked (reply, NULL);
    test_close (socket);
    server_destroy (&server);
}

static void
test_open_games_limit (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    server_t *server = start_server (&cfg);
    void *socket = connect_to (server);
    char id[GAMESTORE_ID_MAX];
    for (int i = 0; i < GAMESTORE_MAX_GAMES; i++)
        open_scenario (socket, "farm", id, sizeof id);
    Solo__V1__OpenGame open = SOLO__V1__OPEN_GAME__INIT;
    open.source_case = SOLO__V1__OPEN_GAME__SOURCE_SCENARIO;
    open.scenario = "farm";
    assert_error (call (socket, SOLO__V1__REQUEST__BODY_OPEN_GAME, &open),
                  SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED, "open_game",
                  "max_games");
    Solo__V1__CloseGame close = SOLO__V1__CLOSE_GAME__INIT;
    close.game_id = id;
    Solo__V1__Reply *reply = call (socket, SOLO__V1__REQUEST__BODY_CLOSE_GAME,
                                   &close);
    assert_body (reply, SOLO__V1__REPLY__BODY_GAME_CLOSED);
    solo__v1__reply__free_unpacked (reply, NULL);
    open_scenario (socket, "farm", id, sizeof id);
    test_close (socket);
    server_destroy (&server);
}

static void
test_restart_finds_its_games (void **state)
{
    (void) state;
    char dir[] = "/tmp/solo-games-XXXXXX";
    assert_non_null (mkdtemp (dir));
    solod_config_t cfg = test_config ();
    snprintf (cfg.state_db, sizeof cfg.state_db, "%s/solod.db", dir);
    server_t *server = start_server (&cfg);
    void *socket = connect_to (server);
    char id[GAMESTORE_ID_MAX], closed[GAMESTORE_ID_MAX];
    open_scenario (socket, "farm", id, sizeof id);
    open_scenario (socket, "farm", closed, sizeof closed);
    unit_change_t a;
    Solo__V1__UnitUpdate *changes[1] = { unit_change (&a, "red-left") };
    a.update.has_killed = true;
    a.update.killed = 3;
    a.update.has_roll = true;
    a.update.roll = 6;
    Solo__V1__Reply *reply = update (socket, id, true, changes, 1);
    assert_body (reply, SOLO__V1__REPLY__BODY_UPDATE_ACCEPTED);
    solo__v1__reply__free_unpacked (reply, NULL);
    Solo__V1__CloseGame close = SOLO__V1__CLOSE_GAME__INIT;
    close.game_id = closed;
    reply = call (socket, SOLO__V1__REQUEST__BODY_CLOSE_GAME, &close);
    assert_body (reply, SOLO__V1__REPLY__BODY_GAME_CLOSED);
    solo__v1__reply__free_unpacked (reply, NULL);
    test_close (socket);
    server_destroy (&server);

    server = start_server (&cfg);
    socket = connect_to (server);
    Solo__V1__ListGames list = SOLO__V1__LIST_GAMES__INIT;
    reply = call (socket, SOLO__V1__REQUEST__BODY_LIST_GAMES, &list);
    assert_body (reply, SOLO__V1__REPLY__BODY_GAME_LIST);
    assert_int_equal (reply->game_list->n_games, 1);
    assert_string_equal (reply->game_list->games[0]->game_id, id);
    assert_int_equal (reply->game_list->games[0]->sequence, 1);
    assert_int_equal (reply->game_list->games[0]->turn, 2);
    solo__v1__reply__free_unpacked (reply, NULL);
    reply = ask_in_game (socket, id, "red-left", 0);
    assert_body (reply, SOLO__V1__REPLY__BODY_UNIT_DECISION);
    assert_int_equal (factor_value (reply->unit_decision, "per_tenth_lost"), 3);
    assert_int_equal (reply->unit_decision->roll, 6);
    solo__v1__reply__free_unpacked (reply, NULL);
    /*  the next update goes on from the last number; ids are not reused */
    reply = update (socket, id, false, NULL, 0);
    assert_body (reply, SOLO__V1__REPLY__BODY_UPDATE_ACCEPTED);
    assert_int_equal (reply->update_accepted->sequence, 2);
    solo__v1__reply__free_unpacked (reply, NULL);
    char again[GAMESTORE_ID_MAX];
    open_scenario (socket, "farm", again, sizeof again);
    assert_string_equal (again, "farm-3");
    test_close (socket);
    server_destroy (&server);

    /*  a read that fails part way through a game's updates is an error
     *  that stops the daemon, not the end of the updates: it would serve
     *  the game short of an update it had accepted.  The updates become
     *  a view whose second row fails to compute. */
    server = start_server (&cfg);
    socket = connect_to (server);
    reply = update (socket, id, false, NULL, 0);
    assert_body (reply, SOLO__V1__REPLY__BODY_UPDATE_ACCEPTED);
    solo__v1__reply__free_unpacked (reply, NULL);
    test_close (socket);
    server_destroy (&server);
    sqlite3 *db = NULL;
    assert_int_equal (sqlite3_open (cfg.state_db, &db), SQLITE_OK);
    assert_int_equal (sqlite3_exec (db, "ALTER TABLE updates RENAME TO kept;"
                                    "CREATE VIEW updates AS SELECT game, seq, "
                                    "CASE WHEN seq > 1 THEN "
                                    "abs(-9223372036854775808) ELSE body END "
                                    "AS body FROM kept;", NULL, NULL, NULL),
                      SQLITE_OK);
    sqlite3_close (db);
    char why[512] = "";
    assert_null (server_new (&cfg, why, sizeof why));
    if (!strstr (why, "reading its updates failed after update 1"))
        fail_msg ("%s", why);

    /*  a file that is not a store stops the daemon, naming it */
    char path[128];
    snprintf (path, sizeof path, "%s/not-a-db", dir);
    FILE *f = fopen (path, "w");
    assert_non_null (f);
    fputs ("this is not SQLite, but long enough to be taken for a file that "
           "says what it is ......................................\n", f);
    fclose (f);
    snprintf (cfg.state_db, sizeof cfg.state_db, "%s", path);
    char err[512] = "";
    assert_null (server_new (&cfg, err, sizeof err));
    assert_non_null (strstr (err, path));
    char command[200];
    snprintf (command, sizeof command, "rm -rf %s", dir);
    assert_int_equal (system (command), 0);
}

/*  Updates to one game from several clients at once are applied one
 *  after the other: every number given once, none lost. */
#define RACE_THREADS 4
#define RACE_UPDATES 25

typedef struct {
    const server_t *server;
    const char *game_id;
    uint64_t sequences[RACE_UPDATES];
    int ok;
    int answered;            /* replies of any kind */
} racer_t;

static void *
race (void *arg)
{
    racer_t *r = arg;
    void *socket = test_connect (zmq_context, server_endpoint (r->server),
                                 ZMQ_DEALER, REPLY_TIMEOUT_MS);
    for (int i = 0; socket && i < RACE_UPDATES; i++) {
        /* an update that turns a unit (a game has only so many turns) */
        Solo__V1__UnitUpdate turn_it = SOLO__V1__UNIT_UPDATE__INIT;
        turn_it.unit_id = (char *) "red-left";
        turn_it.has_facing = true;
        turn_it.facing = (double) (i * 7 % 360);
        Solo__V1__UnitUpdate *changes[1] = { &turn_it };
        Solo__V1__ReportUpdate u = SOLO__V1__REPORT_UPDATE__INIT;
        u.game_id = (char *) r->game_id;
        u.units = changes;
        u.n_units = 1;
        Solo__V1__Request request = SOLO__V1__REQUEST__INIT;
        request.id = (uint64_t) (i + 1);
        request.body_case = SOLO__V1__REQUEST__BODY_REPORT_UPDATE;
        request.report_update = &u;
        if (test_send_request (socket, &request))
            break;
        Solo__V1__Reply *reply = test_receive_reply (socket);
        if (!reply)
            break;
        r->answered++;
        if (reply->body_case == SOLO__V1__REPLY__BODY_UPDATE_ACCEPTED) {
            r->sequences[i] = reply->update_accepted->sequence;
            r->ok++;
        }
        solo__v1__reply__free_unpacked (reply, NULL);
    }
    test_close (socket);                  /* NULL: nothing to close */
    return NULL;
}

static void
test_concurrent_updates_serialize (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    cfg.workers = RACE_THREADS;
    server_t *server = start_server (&cfg);
    void *socket = connect_to (server);
    char id[GAMESTORE_ID_MAX];
    open_scenario (socket, "farm", id, sizeof id);
    racer_t racers[RACE_THREADS];
    pthread_t threads[RACE_THREADS];
    for (int t = 0; t < RACE_THREADS; t++) {
        memset (&racers[t], 0, sizeof racers[t]);
        racers[t].server = server;
        racers[t].game_id = id;
        assert_int_equal (pthread_create (&threads[t], NULL, race,
                                          &racers[t]), 0);
    }
    bool seen[RACE_THREADS * RACE_UPDATES + 1] = { false };
    for (int t = 0; t < RACE_THREADS; t++) {
        pthread_join (threads[t], NULL);
        assert_int_equal (racers[t].ok, RACE_UPDATES);
        for (int i = 0; i < RACE_UPDATES; i++) {
            uint64_t n = racers[t].sequences[i];
            assert_true (n >= 1 && n <= RACE_THREADS * RACE_UPDATES);
            assert_false (seen[n]);
            seen[n] = true;
            if (i > 0)       /* each client sees its own go up */
                assert_true (n > racers[t].sequences[i - 1]);
        }
    }
    Solo__V1__Reply *reply = show (socket, id);
    assert_body (reply, SOLO__V1__REPLY__BODY_GAME_STATE);
    assert_int_equal (reply->game_state->sequence,
                      RACE_THREADS * RACE_UPDATES);
    assert_int_equal (reply->game_state->turn, 1);
    solo__v1__reply__free_unpacked (reply, NULL);
    test_close (socket);
    server_destroy (&server);
}

/*  A game closed while clients update it: every update is answered
 *  (accepted before the close, UNKNOWN_GAME after), the daemon goes on
 *  serving, and the last holder frees the game.  Under ThreadSanitizer
 *  this is the test of the store's reference count (the closed flag once
 *  read after the count was dropped, when another holder could already
 *  have freed the game). */
static void
test_close_while_updating (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    cfg.workers = RACE_THREADS;
    server_t *server = start_server (&cfg);
    void *socket = connect_to (server);
    for (int round = 0; round < 4; round++) {
        char id[GAMESTORE_ID_MAX];
        open_scenario (socket, "farm", id, sizeof id);
        racer_t racers[RACE_THREADS];
        pthread_t threads[RACE_THREADS];
        for (int t = 0; t < RACE_THREADS; t++) {
            memset (&racers[t], 0, sizeof racers[t]);
            racers[t].server = server;
            racers[t].game_id = id;
            assert_int_equal (pthread_create (&threads[t], NULL, race,
                                              &racers[t]), 0);
        }
        Solo__V1__CloseGame close = SOLO__V1__CLOSE_GAME__INIT;
        close.game_id = id;
        Solo__V1__Reply *reply = call (socket,
                                       SOLO__V1__REQUEST__BODY_CLOSE_GAME,
                                       &close);
        assert_body (reply, SOLO__V1__REPLY__BODY_GAME_CLOSED);
        solo__v1__reply__free_unpacked (reply, NULL);
        for (int t = 0; t < RACE_THREADS; t++) {
            pthread_join (threads[t], NULL);
            assert_int_equal (racers[t].answered, RACE_UPDATES);
        }
        assert_error (show (socket, id), SOLO__V1__ERROR__CODE__UNKNOWN_GAME,
                      "show_game.game_id", NULL);
    }
    test_close (socket);
    server_destroy (&server);
}

/*  ---- battles ------------------------------------------------------------ */

static Solo__V1__Reply *
battle (void *socket, const char *scenario, const char *blue,
        const char *blue_params, const char *red, uint64_t seed, bool log)
{
    Solo__V1__PlayBattle play = SOLO__V1__PLAY_BATTLE__INIT;
    if (scenario) {
        play.source_case = SOLO__V1__PLAY_BATTLE__SOURCE_SCENARIO;
        play.scenario = (char *) scenario;
    }
    play.blue = (char *) blue;
    play.blue_params = (char *) blue_params;
    play.red = (char *) red;
    play.has_seed = true;
    play.seed = seed;
    play.with_log = log;
    return call (socket, SOLO__V1__REQUEST__BODY_PLAY_BATTLE, &play);
}

/*  The log of a battle carries where every unit stands: a state line
 *  with all of them as they start, then the units each line changed; the
 *  units drawn from it end with the losses the result counts. */
static void
test_battle_log_unit_states (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    server_t *server = start_server (&cfg);
    void *socket = connect_to (server);
    Solo__V1__Reply *reply = battle (socket, "cavalry", "table", "", "table",
                                     3, true);
    assert_body (reply, SOLO__V1__REPLY__BODY_BATTLE_RESULT);
    const Solo__V1__BattleResult *b = reply->battle_result;
    assert_false (b->log_truncated);
    assert_string_equal (b->log[0]->kind, "start");
    const Solo__V1__LogLine *first = b->log[1];
    assert_string_equal (first->kind, "state");
    assert_true (first->n_units > 0);
    enum { MAX = 64 };
    const Solo__V1__LogUnitState *drawn[MAX];
    size_t n = first->n_units;
    assert_true (n <= MAX);
    for (size_t i = 0; i < n; i++) {
        drawn[i] = first->units[i];
        assert_non_null (drawn[i]->centre);
        assert_true (drawn[i]->in_play);
    }
    int states = 0, moves = 0;
    for (size_t i = 2; i < b->n_log; i++) {
        const Solo__V1__LogLine *line = b->log[i];
        states += strcmp (line->kind, "state") == 0;
        if (strcmp (line->kind, "event") == 0
            && strcmp (line->event, "move") == 0 && line->n_units)
            moves++;
        for (size_t k = 0; k < line->n_units; k++) {
            size_t u = 0;
            while (u < n && strcmp (drawn[u]->unit_id,
                                    line->units[k]->unit_id) != 0)
                u++;
            assert_true (u < n);
            drawn[u] = line->units[k];
        }
    }
    assert_true (states > 0 && moves > 0);
    /*  the sides' losses as the result counts them (left the table counts
     *  among the killed of a unit) */
    uint32_t killed = 0, left = 0;
    for (size_t u = 0; u < n; u++) {
        killed += drawn[u]->killed;
        left += drawn[u]->in_play;
    }
    assert_int_equal (killed, b->sides[0]->killed + b->sides[0]->gone
                              + b->sides[1]->killed + b->sides[1]->gone);
    assert_int_equal (left, b->sides[0]->units_left + b->sides[1]->units_left);
    solo__v1__reply__free_unpacked (reply, NULL);
    test_close (socket);
    server_destroy (&server);
}

static void
test_battle_same_seed_same_battle (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    server_t *server = start_server (&cfg);
    void *socket = connect_to (server);
    Solo__V1__Reply *one = battle (socket, "farm", "table", "", "random", 1,
                                   true);
    Solo__V1__Reply *two = battle (socket, "farm", "table", "", "random", 1,
                                   true);
    assert_body (one, SOLO__V1__REPLY__BODY_BATTLE_RESULT);
    assert_body (two, SOLO__V1__REPLY__BODY_BATTLE_RESULT);
    const Solo__V1__BattleResult *a = one->battle_result, *b = two->battle_result;
    assert_string_equal (a->scenario, "farm");
    assert_string_equal (a->ruleset, "skirmish19");
    assert_int_equal (strlen (a->tables_hash), 16);
    assert_int_equal (a->seed, 1);
    assert_true (a->turns >= 1 && a->turns <= 12);
    assert_true (strlen (a->reason) > 0);
    assert_int_equal (a->n_sides, 2);
    assert_string_equal (a->sides[0]->strategy, "table");
    assert_string_equal (a->sides[1]->strategy, "random");
    assert_string_equal (a->sides[0]->name, "British light company");
    assert_int_equal (a->n_log, a->log_lines);
    assert_false (a->log_truncated);
    assert_string_equal (a->log[0]->kind, "start");
    assert_string_equal (a->log[a->n_log - 1]->kind, "result");
    int dice = 0, decisions = 0, events = 0;
    for (size_t i = 0; i < a->n_log; i++) {
        const Solo__V1__LogLine *l = a->log[i];
        if (strcmp (l->kind, "die") == 0) {
            assert_int_equal (l->n_dice, 1);
            assert_true (l->dice[0]->value >= 1
                         && l->dice[0]->value <= l->dice[0]->sides);
            dice++;
        }
        else if (strcmp (l->kind, "decision") == 0) {
            assert_true (strlen (l->unit_id) > 0);
            assert_true (strlen (l->layer) > 0);
            decisions++;
        }
        else if (strcmp (l->kind, "event") == 0) {
            assert_true (strlen (l->event) > 0);
            events++;
        }
        /*  the same seed: the same battle, line for line */
        assert_string_equal (l->text, b->log[i]->text);
    }
    assert_int_equal (dice, a->dice);
    assert_int_equal (decisions, a->decisions);
    assert_true (events > 0);
    assert_int_equal (a->n_log, b->n_log);
    assert_string_equal (a->winner, b->winner);
    assert_int_equal (a->turns, b->turns);
    assert_string_equal (a->reason, b->reason);
    for (int s = 0; s < 2; s++) {
        assert_int_equal (a->sides[s]->killed, b->sides[s]->killed);
        assert_int_equal (a->sides[s]->wounded, b->sides[s]->wounded);
    }
    /*  without the log: the same result, no lines */
    Solo__V1__Reply *three = battle (socket, "farm", "table", "", "random", 1,
                                     false);
    assert_body (three, SOLO__V1__REPLY__BODY_BATTLE_RESULT);
    assert_int_equal (three->battle_result->n_log, 0);
    assert_int_equal (three->battle_result->turns, a->turns);
    assert_string_equal (three->battle_result->reason, a->reason);
    /*  another seed plays another battle */
    Solo__V1__Reply *four = battle (socket, "farm", "table", "", "random", 2,
                                    true);
    assert_body (four, SOLO__V1__REPLY__BODY_BATTLE_RESULT);
    bool differs = four->battle_result->n_log != a->n_log;
    for (size_t i = 0; !differs && i < a->n_log; i++)
        differs = strcmp (a->log[i]->text, four->battle_result->log[i]->text);
    assert_true (differs);
    solo__v1__reply__free_unpacked (one, NULL);
    solo__v1__reply__free_unpacked (two, NULL);
    solo__v1__reply__free_unpacked (three, NULL);
    solo__v1__reply__free_unpacked (four, NULL);
    test_close (socket);
    server_destroy (&server);
}

static void
test_battle_errors (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    server_t *server = start_server (&cfg);
    void *socket = connect_to (server);
    assert_error (battle (socket, NULL, "table", "", "random", 1, false),
                  SOLO__V1__ERROR__CODE__BAD_REQUEST, "play_battle.source",
                  "farm");
    assert_error (battle (socket, "borodino", "table", "", "random", 1, false),
                  SOLO__V1__ERROR__CODE__UNKNOWN_SCENARIO,
                  "play_battle.scenario", "farm");
    assert_error (battle (socket, "farm", "table", "", "chess", 1, false),
                  SOLO__V1__ERROR__CODE__UNKNOWN_STRATEGY, "play_battle.red",
                  "random, table");
    assert_error (battle (socket, "farm", "", "", "random", 1, false),
                  SOLO__V1__ERROR__CODE__BAD_REQUEST, "play_battle.blue",
                  "random");
    assert_error (battle (socket, "farm", "random", "depth=3", "table", 1,
                          false),
                  SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "play_battle.blue_params", "depth");
    char long_params[STRATEGY_PARAMS_MAX + 10];
    memset (long_params, 'x', sizeof long_params - 1);
    long_params[sizeof long_params - 1] = '\0';
    assert_error (battle (socket, "farm", "random", long_params, "table", 1,
                          false),
                  SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED,
                  "play_battle.blue_params", NULL);
    /*  every decision of a battle within Hello's limits */
    assert_error (battle (socket, "farm", "search", "ms=600000", "table", 1,
                          false),
                  SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                  "play_battle.blue_params", "max_battle_decision_ms (1000)");
    assert_error (battle (socket, "farm", "search", "ms=100,threads=8",
                          "table", 1, false),
                  SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                  "play_battle.blue_params", "max_search_threads (2)");
    assert_error (battle (socket, "farm", "search", "ms=0,playouts=5000000",
                          "table", 1, false),
                  SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                  "play_battle.blue_params", "max_battle_playouts (20000)");
    /*  a situation is not a scenario */
    Solo__V1__PlayBattle play = SOLO__V1__PLAY_BATTLE__INIT;
    play.source_case = SOLO__V1__PLAY_BATTLE__SOURCE_SCENARIO_TEXT;
    play.scenario_text = "ruleset = \"skirmish19\";\n"
                         "table = { width = 100.0; depth = 100.0; };\n";
    play.blue = "table";
    play.red = "table";
    assert_error (call (socket, SOLO__V1__REQUEST__BODY_PLAY_BATTLE, &play),
                  SOLO__V1__ERROR__CODE__BAD_REQUEST,
                  "play_battle.scenario_text", "scenario");
    test_close (socket);
    server_destroy (&server);
}

/*  ---- the commander -------------------------------------------------------- */

static Solo__V1__Reply *
side (void *socket, const char *scenario, const char *game_id, int which,
      const char *strategy, long playouts, uint64_t seed)
{
    Solo__V1__AskSide ask = SOLO__V1__ASK_SIDE__INIT;
    if (scenario) {
        ask.source_case = SOLO__V1__ASK_SIDE__SOURCE_SCENARIO;
        ask.scenario = (char *) scenario;
    }
    else if (game_id) {
        ask.source_case = SOLO__V1__ASK_SIDE__SOURCE_GAME_ID;
        ask.game_id = (char *) game_id;
    }
    ask.side = (Solo__V1__Side) which;
    ask.strategy = (char *) strategy;
    ask.playouts = (uint64_t) playouts;
    ask.has_seed = true;
    ask.seed = seed;
    return call (socket, SOLO__V1__REQUEST__BODY_ASK_SIDE, &ask);
}

static void
test_ask_side (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    server_t *server = start_server (&cfg);
    void *socket = connect_to (server);
    /*  red moves first at the farm (its scenario's side A) */
    Solo__V1__Reply *one = side (socket, "farm", NULL, 1, "search", 120, 3);
    Solo__V1__Reply *two = side (socket, "farm", NULL, 1, "search", 120, 3);
    assert_body (one, SOLO__V1__REPLY__BODY_SIDE_ORDERS);
    assert_body (two, SOLO__V1__REPLY__BODY_SIDE_ORDERS);
    const Solo__V1__SideOrders *a = one->side_orders, *b = two->side_orders;
    assert_int_equal (a->side, SOLO__V1__SIDE__SIDE_RED);
    assert_string_equal (a->side_name, "French voltigeurs");
    assert_int_equal (a->turn, 1);
    /* the seed's "Side 'A'" named as the army a player sees */
    assert_string_equal (a->phase, "French voltigeurs' move (side A)");
    assert_string_equal (a->ruleset, "skirmish19");
    assert_int_equal (strlen (a->tables_hash), 16);
    assert_int_equal (a->seed, 3);
    assert_true (a->n_orders >= 1);
    assert_true (a->n_command_roll >= 1);
    assert_non_null (strstr (a->command_roll[0], "red-captain"));
    unsigned commanded = 0;
    for (size_t i = 0; i < a->n_orders; i++) {
        const Solo__V1__SideUnitOrder *o = a->orders[i];
        assert_true (strncmp (o->unit_id, "red-", 4) == 0);
        assert_true (strcmp (o->layer, "commander") == 0
                     || strcmp (o->layer, "table") == 0);
        commanded += strcmp (o->layer, "commander") == 0;
        assert_true (strlen (o->kind) > 0);
        assert_true (strlen (o->text) > 0);
        assert_true (strlen (o->why) > 0);
        assert_int_equal (o->charge, strcmp (o->kind, "charge") == 0);
        /*  the order with a tape measure, in the ruleset's cm */
        if (o->has_destination && strcmp (o->kind, "charge") != 0)
            assert_true (strstr (o->tabletop, " cm")
                         || strncmp (o->tabletop, "stand", 5) == 0);
        else if (strcmp (o->kind, "continue") == 0)
            assert_true (strncmp (o->tabletop, "carry on as before", 18)
                         == 0);
        assert_true (strlen (o->tabletop) > 0);
        /*  a playout budget and a seed: the same answer again */
        assert_string_equal (o->unit_id, b->orders[i]->unit_id);
        assert_string_equal (o->text, b->orders[i]->text);
        assert_string_equal (o->layer, b->orders[i]->layer);
    }
    assert_int_equal (commanded, a->commanded);
    assert_string_equal (a->search->strategy, "search");
    assert_true (a->search->playouts >= 1);
    assert_int_equal (a->search->playout_budget, 120);
    assert_true (a->search->value >= 0 && a->search->value <= 1);
    assert_true (a->search->n_alternatives >= 1);
    assert_int_equal (a->n_orders, b->n_orders);
    solo__v1__reply__free_unpacked (one, NULL);
    solo__v1__reply__free_unpacked (two, NULL);

    /*  blue is side B: red's moves are on the table already */
    one = side (socket, "farm", NULL, 0, "table", 0, 3);
    assert_body (one, SOLO__V1__REPLY__BODY_SIDE_ORDERS);
    assert_string_equal (one->side_orders->phase, "British light company's move (side B)");
    assert_int_equal (one->side_orders->commanded, 0);
    assert_string_equal (one->side_orders->search->strategy, "table");
    for (size_t i = 0; i < one->side_orders->n_orders; i++) {
        assert_true (strncmp (one->side_orders->orders[i]->unit_id, "blue-", 5)
                     == 0);
        assert_string_equal (one->side_orders->orders[i]->layer, "table");
    }
    solo__v1__reply__free_unpacked (one, NULL);

    one = side (socket, "cavalry", NULL, 0, "greedy", 40, 9);
    assert_body (one, SOLO__V1__REPLY__BODY_SIDE_ORDERS);
    assert_string_equal (one->side_orders->search->strategy, "greedy");
    solo__v1__reply__free_unpacked (one, NULL);
    test_close (socket);
    server_destroy (&server);
}

static void
test_ask_side_on_a_game (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    server_t *server = start_server (&cfg);
    void *socket = connect_to (server);
    char id[GAMESTORE_ID_MAX];
    open_scenario (socket, "farm", id, sizeof id);
    unit_change_t a;
    Solo__V1__UnitUpdate *changes[1] = { unit_change (&a, "red-centre") };
    a.update.removed = true;
    Solo__V1__Reply *reply = update (socket, id, true, changes, 1);
    assert_body (reply, SOLO__V1__REPLY__BODY_UPDATE_ACCEPTED);
    solo__v1__reply__free_unpacked (reply, NULL);
    reply = side (socket, NULL, id, 1, "search", 60, 4);
    assert_body (reply, SOLO__V1__REPLY__BODY_SIDE_ORDERS);
    assert_string_equal (reply->side_orders->game_id, id);
    assert_int_equal (reply->side_orders->turn, 2);
    for (size_t i = 0; i < reply->side_orders->n_orders; i++)
        assert_string_not_equal (reply->side_orders->orders[i]->unit_id,
                                 "red-centre");
    solo__v1__reply__free_unpacked (reply, NULL);
    /*  the question changed nothing in the game */
    reply = show (socket, id);
    assert_body (reply, SOLO__V1__REPLY__BODY_GAME_STATE);
    assert_int_equal (reply->game_state->sequence, 1);
    assert_true (unit_in (reply->game_state, "red-left")->centre->x == 45.0);
    solo__v1__reply__free_unpacked (reply, NULL);
    test_close (socket);
    server_destroy (&server);
}

/*  A skirmish19 table of one blue command figure of `quality` at (100,
 *  100), blue infantry "a" (6 figures) at (100, 120) and red far off:
 *  opened as a game, with `set` reported for unit `who` at the start of
 *  turn 2; its id into `id`. */
static void
open_reported (void *socket, const char *quality, const char *who,
               const Solo__V1__UnitStatus *set, char *id, size_t idlen)
{
    char text[2048];
    snprintf (text, sizeof text,
        "ruleset = \"skirmish19\";\n"
        "table = { width = 200.0; depth = 200.0; };\n"
        "units = (\n"
        "  { id = \"cpt\"; side = \"blue\"; arm = \"command\"; quality = \"%s\";"
        "    weapon = \"pistol\"; figures = 1; x = 100.0; y = 100.0;"
        "    facing = 0.0; width = 2.0; depth = 2.0; },\n"
        "  { id = \"a\"; side = \"blue\"; arm = \"infantry\"; quality = \"regular\";"
        "    weapon = \"musket\"; figures = 6; x = 100.0; y = 120.0;"
        "    facing = 0.0; width = 12.0; depth = 3.0; },\n"
        "  { id = \"r\"; side = \"red\"; arm = \"infantry\"; quality = \"regular\";"
        "    weapon = \"musket\"; figures = 4; x = 10.0; y = 190.0;"
        "    facing = 180.0; width = 8.0; depth = 3.0; }\n"
        ");\n"
        "scenario = { name = \"reported\"; turns = 10; first = \"blue\";\n"
        "  victory = { army_break = 0.5; }; };\n", quality);
    Solo__V1__Reply *reply = open_text (socket, text);
    snprintf (id, idlen, "%s", reply->game_opened->game_id);
    solo__v1__reply__free_unpacked (reply, NULL);
    unit_change_t c;
    Solo__V1__UnitUpdate *changes[1] = { unit_change (&c, who) };
    c.set = *set;
    reply = update (socket, id, true, changes, 1);
    assert_body (reply, SOLO__V1__REPLY__BODY_UPDATE_ACCEPTED);
    assert_int_equal (reply->update_accepted->turn, 2);
    solo__v1__reply__free_unpacked (reply, NULL);
}

/*  Statuses the player reports for last turn hold for the turn he asks
 *  about (seed 002).  "Disloyal figures and Routers require 2 pts to
 *  activate them", and a unit that ran last turn is a router
 *  (game.command.ran_is_router): "a" (6 figures) reported ran_last_turn
 *  costs 12.  "Veterans throw 3D6 a turn": the regular captain's 3D6 (the
 *  seed chosen throws 9, enough for 6 loyal figures, not for a router)
 *  do not buy it, and it dices on the actions table; 12 points do.  "Heroes throw 4D6
 *  a turn" and "- 1 Dice if Officer loading/Firing or in Melee": a hero
 *  captain reported `fired` throws 3D6. */
static void
test_ask_side_reported_status (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    server_t *server = start_server (&cfg);
    void *socket = connect_to (server);
    char id[GAMESTORE_ID_MAX];
    Solo__V1__UnitStatus ran = SOLO__V1__UNIT_STATUS__INIT;
    ran.ran_last_turn = true;
    open_reported (socket, "regular", "a", &ran, id, sizeof id);
    Solo__V1__Reply *reply = side (socket, NULL, id, 0, "table", 0, 12);
    assert_body (reply, SOLO__V1__REPLY__BODY_SIDE_ORDERS);
    const Solo__V1__SideOrders *o = reply->side_orders;
    assert_int_equal (o->n_command_roll, 1);
    int dice = 0, points = 0;
    assert_int_equal (sscanf (o->command_roll[0], "cpt throws %dD6: %d points",
                              &dice, &points), 2);
    assert_int_equal (dice, 3);
    assert_int_equal (points, 9);
    assert_non_null (strstr (o->command_roll[0], "commands no unit"));
    bool seen = false;
    for (size_t i = 0; i < o->n_orders; i++)
        if (strcmp (o->orders[i]->unit_id, "a") == 0) {
            seen = true;
            assert_string_equal (o->orders[i]->layer, "table");
        }
    assert_true (seen);
    assert_int_equal (o->commanded, 0);
    solo__v1__reply__free_unpacked (reply, NULL);
    /*  12 points (the seed chosen) pay for the router */
    reply = side (socket, NULL, id, 0, "table", 0, 3);
    assert_body (reply, SOLO__V1__REPLY__BODY_SIDE_ORDERS);
    assert_string_equal (reply->side_orders->command_roll[0],
                         "cpt throws 3D6: 12 points; commands a");
    solo__v1__reply__free_unpacked (reply, NULL);

    Solo__V1__UnitStatus fired = SOLO__V1__UNIT_STATUS__INIT;
    fired.fired = true;
    open_reported (socket, "hero", "cpt", &fired, id, sizeof id);
    reply = side (socket, NULL, id, 0, "table", 0, 1);
    assert_body (reply, SOLO__V1__REPLY__BODY_SIDE_ORDERS);
    assert_int_equal (reply->side_orders->n_command_roll, 1);
    assert_non_null (strstr (reply->side_orders->command_roll[0],
                             "cpt throws 3D6 (one fewer: busy)"));
    solo__v1__reply__free_unpacked (reply, NULL);
    test_close (socket);
    server_destroy (&server);
}

static void
test_ask_side_errors (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    server_t *server = start_server (&cfg);
    void *socket = connect_to (server);
    assert_error (side (socket, "farm", NULL, 1, "minimax", 10, 1),
                  SOLO__V1__ERROR__CODE__UNKNOWN_STRATEGY, "ask_side.strategy",
                  "search, greedy, table");
    assert_error (side (socket, "farm", NULL, 5, "search", 10, 1),
                  SOLO__V1__ERROR__CODE__BAD_REQUEST, "ask_side.side", NULL);
    assert_error (side (socket, NULL, "farm-77", 1, "search", 10, 1),
                  SOLO__V1__ERROR__CODE__UNKNOWN_GAME, "ask_side.game_id",
                  NULL);
    assert_error (side (socket, NULL, NULL, 1, "search", 10, 1),
                  SOLO__V1__ERROR__CODE__BAD_REQUEST, "ask_side.source", NULL);
    assert_error (side (socket, "alamo", NULL, 1, "search", 10, 1),
                  SOLO__V1__ERROR__CODE__UNKNOWN_SCENARIO, "ask_side.scenario",
                  "farm");
    Solo__V1__AskSide ask = SOLO__V1__ASK_SIDE__INIT;
    ask.source_case = SOLO__V1__ASK_SIDE__SOURCE_SCENARIO;
    ask.scenario = "farm";
    ask.budget_ms = SOLOD_SIDE_MAX_BUDGET_MS + 1;
    assert_error (call (socket, SOLO__V1__REQUEST__BODY_ASK_SIDE, &ask),
                  SOLO__V1__ERROR__CODE__OUT_OF_RANGE, "ask_side.budget_ms",
                  "max_budget_ms");
    /*  playouts without a time budget: within max_playouts */
    ask.budget_ms = 0;
    ask.playouts = 10000000;
    assert_error (call (socket, SOLO__V1__REQUEST__BODY_ASK_SIDE, &ask),
                  SOLO__V1__ERROR__CODE__OUT_OF_RANGE, "ask_side.playouts",
                  "max_playouts (1000000)");
    ask.playouts = 0;
    ask.budget_ms = 10;
    ask.has_aggression = true;
    ask.aggression = 2;
    assert_error (call (socket, SOLO__V1__REQUEST__BODY_ASK_SIDE, &ask),
                  SOLO__V1__ERROR__CODE__OUT_OF_RANGE, "ask_side.aggression",
                  "0..1");
    ask.has_aggression = false;
    ask.has_caution = true;
    ask.caution = -0.5;
    assert_error (call (socket, SOLO__V1__REQUEST__BODY_ASK_SIDE, &ask),
                  SOLO__V1__ERROR__CODE__OUT_OF_RANGE, "ask_side.caution",
                  NULL);
    ask.has_caution = false;
    ask.personality = "grumpy";
    assert_error (call (socket, SOLO__V1__REQUEST__BODY_ASK_SIDE, &ask),
                  SOLO__V1__ERROR__CODE__BAD_REQUEST, "ask_side.personality",
                  "bold");
    ask.personality = "";
    ask.difficulty = "nightmare";
    assert_error (call (socket, SOLO__V1__REQUEST__BODY_ASK_SIDE, &ask),
                  SOLO__V1__ERROR__CODE__BAD_REQUEST, "ask_side.difficulty",
                  "expert");
    test_close (socket);
    server_destroy (&server);
}

/*  A quick question is answered while the only worker that takes slow
 *  work searches: the other worker is kept for quick ones.  The searches
 *  have the longest budget and are ended by stopping the server, so
 *  that no machine (a sanitizer, valgrind) is too slow for the question
 *  to come first. */
static void
test_quick_question_passes_a_search (void **state)
{
    (void) state;
    solod_config_t cfg = test_config ();
    cfg.workers = 2;
    server_t *server = start_server (&cfg);
    void *slow = connect_to (server);
    void *slow_too = connect_to (server);
    void *quick = connect_to (server);
    Solo__V1__AskSide ask = SOLO__V1__ASK_SIDE__INIT;
    ask.source_case = SOLO__V1__ASK_SIDE__SOURCE_SCENARIO;
    ask.scenario = "farm";
    ask.side = SOLO__V1__SIDE__SIDE_RED;
    ask.budget_ms = SOLOD_SIDE_MAX_BUDGET_MS;
    Solo__V1__Request request = SOLO__V1__REQUEST__INIT;
    request.body_case = SOLO__V1__REQUEST__BODY_ASK_SIDE;
    request.ask_side = &ask;
    send_request (slow, &request);
    send_request (slow_too, &request);
    test_wait_in_hand (server, 2);
    /*  a table look-up, after the searches were sent */
    Solo__V1__AskUnit unit = SOLO__V1__ASK_UNIT__INIT;
    Solo__V1__DirectLookup direct = SOLO__V1__DIRECT_LOOKUP__INIT;
    direct.rf = 3;
    unit.source_case = SOLO__V1__ASK_UNIT__SOURCE_DIRECT;
    unit.direct = &direct;
    unit.roll = 6;
    unit.has_roll = true;
    Solo__V1__Reply *reply = call (quick, SOLO__V1__REQUEST__BODY_ASK_UNIT,
                                   &unit);
    assert_body (reply, SOLO__V1__REPLY__BODY_UNIT_DECISION);
    /*  RF2-5, a 6: advance towards the nearest enemy (seed 002) */
    assert_string_equal (reply->unit_decision->action, "advance_charge");
    solo__v1__reply__free_unpacked (reply, NULL);
    /*  ... and neither search had answered by then */
    zmq_pollitem_t items[2] = { { slow, 0, ZMQ_POLLIN, 0 },
                                { slow_too, 0, ZMQ_POLLIN, 0 } };
    assert_int_equal (zmq_poll (items, 2, 0), 0);
    server_stop (server);                 /* the searches answer now */
    reply = receive_reply (slow);
    assert_body (reply, SOLO__V1__REPLY__BODY_SIDE_ORDERS);
    solo__v1__reply__free_unpacked (reply, NULL);
    reply = receive_reply (slow_too);
    assert_body (reply, SOLO__V1__REPLY__BODY_SIDE_ORDERS);
    solo__v1__reply__free_unpacked (reply, NULL);
    test_close (slow);
    test_close (slow_too);
    test_close (quick);
    server_destroy (&server);
}

/*  ---- the game text ------------------------------------------------------- */

/*  A situation written as text loads back the same. */
static const ruleset_t *the_ruleset;

static const ruleset_t *
find_ruleset (const char *name, void *arg)
{
    (void) arg;
    return strcmp (name, ruleset_name (the_ruleset)) == 0 ? the_ruleset : NULL;
}

static void
test_situation_text_round_trip (void **state)
{
    (void) state;
    ruleset_t *rs = test_load_skirmish19 ();
    the_ruleset = rs;
    char err[512] = "";
    situation_t *sit = situation_load (
        test_source_path ("clients/examples/farm.cfg"), find_ruleset, NULL,
        err, sizeof err);
    if (!sit)
        fail_msg ("%s", err);
    unit_t *odd = situation_unit (sit, 0);
    odd->fp.centre.x = 1.0 / 3.0;              /* all 17 digits kept */
    odd->status |= STATUS_HAS_LAST_ENEMY | STATUS_RAN_LAST_TURN;
    odd->last_enemy_seen = (vec2_t) { 12.5, 7.25 };
    snprintf (odd->platoon, sizeof odd->platoon, "2nd \"bis\"");
    char *text = games_situation_text (sit);
    assert_non_null (text);
    situation_t *back = situation_load_text (text, "round-trip", find_ruleset,
                                             NULL, err, sizeof err);
    if (!back)
        fail_msg ("%s\n%s", err, text);
    assert_int_equal (situation_unit_count (back), situation_unit_count (sit));
    for (int u = 0; u < situation_unit_count (sit); u++) {
        const unit_t *a = situation_unit_const (sit, u);
        const unit_t *b = situation_unit_const (back, u);
        assert_string_equal (a->id, b->id);
        assert_string_equal (a->platoon, b->platoon);
        assert_int_equal (a->side, b->side);
        assert_int_equal (a->arm, b->arm);
        assert_int_equal (a->quality, b->quality);
        assert_int_equal (a->weapon, b->weapon);
        assert_int_equal (a->bayonet, b->bayonet);
        assert_int_equal (a->formation, b->formation);
        assert_int_equal (a->figures, b->figures);
        assert_int_equal (a->wounded, b->wounded);
        assert_int_equal (a->killed, b->killed);
        assert_int_equal (a->officers + a->ncos * 10 + a->drummers * 100
                          + a->buglers * 1000,
                          b->officers + b->ncos * 10 + b->drummers * 100
                          + b->buglers * 1000);
        assert_true (a->fp.centre.x == b->fp.centre.x);
        assert_true (a->fp.centre.y == b->fp.centre.y);
        assert_true (a->fp.facing == b->fp.facing);
        assert_true (a->fp.width == b->fp.width);
        assert_true (a->fp.depth == b->fp.depth);
        assert_int_equal (a->status, b->status);
        if (a->status & STATUS_HAS_LAST_ENEMY)
            assert_true (a->last_enemy_seen.x == b->last_enemy_seen.x
                         && a->last_enemy_seen.y == b->last_enemy_seen.y);
    }
    assert_int_equal (situation_terrain_count (back),
                      situation_terrain_count (sit));
    for (int t = 0; t < situation_terrain_count (sit); t++) {
        const terrain_feature_t *a = situation_terrain (sit, t);
        const terrain_feature_t *b = situation_terrain (back, t);
        assert_string_equal (a->id, b->id);
        assert_int_equal (a->kind, b->kind);
        assert_int_equal (a->cover, b->cover);
        assert_int_equal (a->vertex_count, b->vertex_count);
        for (int v = 0; v < a->vertex_count; v++)
            assert_true (a->vertices[v].x == b->vertices[v].x
                         && a->vertices[v].y == b->vertices[v].y);
    }
    assert_true (situation_width (back) == situation_width (sit));
    free (text);
    situation_destroy (&back);
    situation_destroy (&sit);
    ruleset_destroy (&rs);
}

int
main (void)
{
    zmq_context = zmq_ctx_new ();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_hello_lists_scenarios_and_strategies),
        cmocka_unit_test (test_open_game_from_scenario),
        cmocka_unit_test (test_game_state_turns_is_the_rules_limit),
        cmocka_unit_test (test_game_state_has_the_table),
        cmocka_unit_test (test_open_game_errors),
        cmocka_unit_test (test_open_game_from_situation),
        cmocka_unit_test (test_update_and_ask),
        cmocka_unit_test (test_update_errors),
        cmocka_unit_test (test_close_and_list),
        cmocka_unit_test (test_open_games_limit),
        cmocka_unit_test (test_restart_finds_its_games),
        cmocka_unit_test (test_concurrent_updates_serialize),
        cmocka_unit_test (test_close_while_updating),
        cmocka_unit_test (test_battle_same_seed_same_battle),
        cmocka_unit_test (test_battle_log_unit_states),
        cmocka_unit_test (test_battle_errors),
        cmocka_unit_test (test_ask_side),
        cmocka_unit_test (test_ask_side_on_a_game),
        cmocka_unit_test (test_ask_side_reported_status),
        cmocka_unit_test (test_ask_side_errors),
        cmocka_unit_test (test_quick_question_passes_a_search),
        cmocka_unit_test (test_situation_text_round_trip),
    };
    int failed = cmocka_run_group_tests (tests, NULL, NULL);
    test_context_end (zmq_context);
    return failed;
}
