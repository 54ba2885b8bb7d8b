/*  testutil.c - helpers shared by the cmocka tests.  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdatomic.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <zmq.h>
#include "battle.h"
#include "config.h"
#include "testutil.h"

const char *
test_source_path (const char *rel)
{
    static char path[4096];
    const char *root = getenv ("SOLO_SOURCE_DIR");
    if (!root)
        root = SOLO_SOURCE_DIR;
    snprintf (path, sizeof path, "%s/%s", root, rel);
    return path;
}

ruleset_t *
test_load_skirmish19 (void)
{
    char err[256] = "";
    ruleset_t *rs = ruleset_load (
        test_source_path ("rules/data/skirmish19/tables.cfg"), err, sizeof err);
    if (!rs)
        fail_msg ("skirmish19 tables did not load: %s", err);
    return rs;
}

#define TEMP_MAX 64
static char temp_paths[TEMP_MAX][64];
static int temp_count;

static void
remove_temps (void)
{
    for (int i = 0; i < temp_count; i++)
        unlink (temp_paths[i]);
}

const char *
test_write_temp (const char *text, const char *suffix)
{
    static char path[64];
    (void) suffix;   /* mkstemps is not POSIX; no loader cares */
    snprintf (path, sizeof path, "/tmp/solo-test-XXXXXX");
    int fd = mkstemp (path);
    if (fd < 0)
        fail_msg ("cannot create a temporary file");
    size_t len = strlen (text);
    if (write (fd, text, len) != (ssize_t) len)
        fail_msg ("cannot write a temporary file");
    close (fd);
    if (temp_count == 0)
        atexit (remove_temps);
    if (temp_count < TEMP_MAX)
        snprintf (temp_paths[temp_count++], sizeof temp_paths[0], "%s", path);
    return path;
}

/*  ---- a server in this process, and its clients ---------------------- */

solod_config_t
test_server_config (uint64_t seed)
{
    solod_config_t cfg;
    solod_config_defaults (&cfg);
    snprintf (cfg.bind, sizeof cfg.bind, "tcp://127.0.0.1:*");
    snprintf (cfg.data_dir, sizeof cfg.data_dir, "%s",
              test_source_path ("rules/data"));
    snprintf (cfg.state_db, sizeof cfg.state_db, ":memory:");
    cfg.has_seed = true;
    cfg.seed = seed;
    cfg.workers = 2;
    cfg.log_level = LOG_LEVEL_ERROR;
    return cfg;
}

server_t *
test_server_start (const solod_config_t *cfg)
{
    char err[512] = "";
    server_t *server = server_new (cfg, err, sizeof err);
    if (!server)
        fail_msg ("server_new: %s", err);
    if (server_start (server)) {
        server_destroy (&server);
        fail_msg ("server_start failed");
    }
    return server;
}

void
test_wait_in_hand (server_t *server, int count)
{
    int held = server_requests_in_hand (server);
    for (int i = 0; i < 1000 && held < count; i++) {
        struct timespec pause = { 0, 10 * 1000000L };
        nanosleep (&pause, NULL);
        held = server_requests_in_hand (server);
    }
    if (held != count)
        fail_msg ("the server holds %d requests, expected %d", held, count);
}

/*  Sockets made by test_connect and not yet closed by test_close: a test
 *  that fails leaves its sockets open. */
static atomic_int sockets_open;

void *
test_connect (void *context, const char *endpoint, int type, int timeout_ms)
{
    void *socket = zmq_socket (context, type);
    if (!socket)
        return NULL;
    int linger = 0;
    zmq_setsockopt (socket, ZMQ_LINGER, &linger, sizeof linger);
    zmq_setsockopt (socket, ZMQ_RCVTIMEO, &timeout_ms, sizeof timeout_ms);
    if (zmq_connect (socket, endpoint)) {
        zmq_close (socket);
        return NULL;
    }
    atomic_fetch_add (&sockets_open, 1);
    return socket;
}

void
test_close (void *socket)
{
    if (!socket)
        return;
    zmq_close (socket);
    atomic_fetch_sub (&sockets_open, 1);
}

void
test_context_end (void *context)
{
    if (atomic_load (&sockets_open) == 0)
        zmq_ctx_term (context);
    else
        zmq_ctx_shutdown (context);
}

uint8_t *
test_pack_request (const Solo__V1__Request *request, size_t *len)
{
    *len = solo__v1__request__get_packed_size (request);
    uint8_t *buf = malloc (*len ? *len : 1);
    if (buf)
        solo__v1__request__pack (request, buf);
    return buf;
}

int
test_send_request (void *socket, const Solo__V1__Request *request)
{
    size_t len;
    uint8_t *buf = test_pack_request (request, &len);
    if (!buf)
        return -1;
    int rc = zmq_send (socket, buf, len, 0) == (int) len ? 0 : -1;
    free (buf);
    return rc;
}

Solo__V1__Reply *
test_receive_reply (void *socket)
{
    zmq_msg_t msg;
    zmq_msg_init (&msg);
    if (zmq_msg_recv (&msg, socket, 0) < 0) {
        zmq_msg_close (&msg);
        return NULL;
    }
    Solo__V1__Reply *reply = zmq_msg_more (&msg)
                           ? NULL   /* a reply is the message's last frame */
                           : solo__v1__reply__unpack (NULL, zmq_msg_size (&msg),
                                                      zmq_msg_data (&msg));
    zmq_msg_close (&msg);
    return reply;
}

/*  ---- a ruleset's games ---- */

game_rules_t *
test_rules_load (const char *rel)
{
    char err[256];
    game_rules_t *rules = game_rules_load (test_source_path (rel), err,
                                           sizeof err);
    if (!rules)
        fail_msg ("%s", err);
    return rules;
}

char *
test_file_edited (const char *rel, const char *from, const char *to)
{
    char err[SOLO_ERR_MAX];
    char *text = game_read_file (test_source_path (rel), err, sizeof err);
    if (!text)
        fail_msg ("%s", err);
    char *at = strstr (text, from);
    if (!at)
        fail_msg ("no \"%s\" in %s", from, rel);
    size_t n = strlen (text) - strlen (from) + strlen (to) + 1;
    char *edited = malloc (n);
    assert_non_null (edited);
    snprintf (edited, n, "%.*s%s%s", (int) (at - text), text, to,
              at + strlen (from));
    free (text);
    return edited;
}

game_rules_t *
test_rules_edited (const char *rel, const char *from, const char *to)
{
    char err[SOLO_ERR_MAX];
    char *edited = test_file_edited (rel, from, to);
    game_rules_t *r = game_rules_load_text (edited, "tables.cfg", err,
                                            sizeof err);
    free (edited);
    if (!r)
        fail_msg ("%s", err);
    return r;
}

void
test_tables_refused (const char *rel, const char *from, const char *to,
                     const char *want)
{
    char err[SOLO_ERR_MAX];
    char *edited = test_file_edited (rel, from, to);
    game_rules_t *r = game_rules_load_text (edited, "tables.cfg", err,
                                            sizeof err);
    free (edited);
    if (r) {
        game_rules_destroy (&r);
        fail_msg ("loaded, expected \"%s\"", want);
    }
    if (!strstr (err, want))
        fail_msg ("error \"%s\" lacks \"%s\"", err, want);
}

scenario_t *
test_scenario_load (const game_rules_t *rules, const char *name)
{
    char path[256], err[256];
    snprintf (path, sizeof path, "rules/scenarios/%s.cfg", name);
    scenario_t *sc = scenario_load (test_source_path (path), game_rules_finder,
                                    (void *) rules, err, sizeof err);
    if (!sc)
        fail_msg ("%s", err);
    return sc;
}

void
test_battles_replayed (const game_rules_t *rules, const char *const *names,
                       int n, uint64_t seed, int max_turns)
{
    const char *strategies[3] = { "table", "random", "greedy" };
    for (int s = 0; s < n; s++) {
        scenario_t *sc = test_scenario_load (rules, names[s]);
        for (int k = 0; k < 3; k++) {
            battle_setup_t setup;
            memset (&setup, 0, sizeof setup);
            setup.seed = seed + (uint64_t) k;
            setup.strategy[0] = strategies[k];
            setup.strategy[1] = "table";
            battle_log_t *log = battle_log_new ();
            battle_result_t a, b, c;
            char err[256];
            if (battle_play (rules, sc, &setup, &a, log, err, sizeof err) < 0)
                fail_msg ("%s: %s", names[s], err);
            assert_true (a.result.over);
            assert_true (a.result.turns >= 1 && a.result.turns <= max_turns);
            assert_true (a.decisions > 0);
            if (battle_replay (rules, sc, log, &b, err, sizeof err) < 0)
                fail_msg ("%s replay: %s", names[s], err);
            assert_int_equal (a.result.winner, b.result.winner);
            assert_int_equal (a.result.killed[0], b.result.killed[0]);
            assert_int_equal (a.result.killed[1], b.result.killed[1]);
            if (battle_play (rules, sc, &setup, &c, NULL, err, sizeof err) < 0)
                fail_msg ("%s", err);
            assert_int_equal (c.result.winner, a.result.winner);
            assert_int_equal (c.result.turns, a.result.turns);
            battle_log_destroy (&log);
        }
        scenario_destroy (&sc);
    }
}

void
test_give_order (game_t *g, const char *id, order_t o)
{
    char err[256];
    int u = situation_find_unit (game_situation (g), id);
    if (u < 0)
        fail_msg ("no unit %s", id);
    if (game_apply_order (g, u, &o, err, sizeof err) < 0)
        fail_msg ("%s: %s", id, err);
}

void
test_order_refused (const game_t *g, const char *id, order_t o,
                    const char *want)
{
    char err[256] = "";
    int u = situation_find_unit (game_situation (g), id);
    if (u < 0)
        fail_msg ("no unit %s", id);
    if (game_check_order (g, u, &o, err, sizeof err) == 0)
        fail_msg ("%s: order accepted, expected \"%s\"", id, want);
    if (!strstr (err, want))
        fail_msg ("error \"%s\" lacks \"%s\"", err, want);
}

/*  ---- a game under test ---- */

static void
on_test_event (void *arg, const game_event_t *ev)
{
    test_game_t *f = arg;
    if (f->event_count < TEST_EVENTS_MAX)
        snprintf (f->events[f->event_count++], GAME_EVENT_MAX, "%s", ev->text);
}

test_game_t *
test_game_new (const game_rules_t *rules, const char *text)
{
    char err[512] = "";
    test_game_t *f = calloc (1, sizeof *f);
    assert_non_null (f);
    f->sc = scenario_load_text (text, "t.cfg", game_rules_finder,
                                (void *) rules, err, sizeof err);
    if (!f->sc)
        fail_msg ("%s", err);
    f->g = game_new (rules, f->sc, err, sizeof err);
    if (!f->g)
        fail_msg ("%s", err);
    f->dice = dice_new (99);
    game_set_events (f->g, on_test_event, f);
    return f;
}

void
test_game_refused (const game_rules_t *rules, const char *text,
                   const char *want, bool or_scenario)
{
    char err[512] = "";
    scenario_t *sc = scenario_load_text (text, "t.cfg", game_rules_finder,
                                         (void *) rules, err, sizeof err);
    if (!sc && !or_scenario)
        fail_msg ("%s", err);
    if (sc) {
        game_t *g = game_new (rules, sc, err, sizeof err);
        scenario_destroy (&sc);
        if (g)
            fail_msg ("game accepted, expected \"%s\"", want);
    }
    if (!strstr (err, want))
        fail_msg ("error \"%s\" lacks \"%s\"", err, want);
}

void
test_game_destroy (test_game_t **self_p)
{
    test_game_t *f = *self_p;
    if (!f)
        return;
    game_destroy (&f->g);
    scenario_destroy (&f->sc);
    dice_destroy (&f->dice);
    free (f);
    *self_p = NULL;
}

int
test_unit_index (const test_game_t *f, const char *id)
{
    int u = situation_find_unit (game_situation (f->g), id);
    if (u < 0)
        fail_msg ("no unit %s", id);
    return u;
}

void
test_push (test_game_t *f, int n, ...)
{
    va_list ap;
    va_start (ap, n);
    for (int i = 0; i < n; i++)
        assert_int_equal (dice_push (f->dice, 6, va_arg (ap, int)), 0);
    va_end (ap);
}

int
test_event_at (const test_game_t *f, const char *words)
{
    for (int i = 0; i < f->event_count; i++)
        if (strstr (f->events[i], words))
            return i;
    return -1;
}

bool
test_saw (const test_game_t *f, const char *words)
{
    if (test_event_at (f, words) >= 0)
        return true;
    for (int i = 0; getenv ("TEST_EVENTS") && i < f->event_count; i++)
        printf ("  event: %s\n", f->events[i]);
    return false;
}

void
test_next_phase (test_game_t *f)
{
    game_resolve_phase (f->g, f->dice);
    game_begin_phase (f->g, f->dice);
}

void
test_on_to (test_game_t *f, int phase)
{
    while (game_phase (f->g) != phase) {
        game_result_t r;
        game_result (f->g, &r);
        if (r.over)
            fail_msg ("the game ended: %s", r.reason);
        test_next_phase (f);
    }
}

void
test_near (double a, double b, double tol)
{
    if (fabs (a - b) > tol)
        fail_msg ("%g is not %g (within %g)", a, b, tol);
}

order_t
test_move_order (double x, double y)
{
    order_t o = order_hold ();
    o.kind = ORDER_MOVE;
    o.has_to = true;
    o.to = (vec2_t) { x, y };
    return o;
}

order_t
test_charge_order (const test_game_t *f, const char *target)
{
    order_t o = order_hold ();
    o.kind = ORDER_CHARGE;
    o.target = test_unit_index (f, target);
    return o;
}
