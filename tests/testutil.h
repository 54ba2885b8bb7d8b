/*  testutil.h - helpers shared by the cmocka tests.  */
#ifndef SOLO_TESTUTIL_H
#define SOLO_TESTUTIL_H

#include <stdint.h>
#include "game.h"
#include "ruleset.h"
#include "server.h"
#include "solo.pb-c.h"

/*  Path of a file in the source tree: SOLO_SOURCE_DIR "/" rel, in a
 *  static buffer (valid until the next call). */
const char *test_source_path (const char *rel);

/*  The skirmish19 ruleset from rules/data/skirmish19/tables.cfg; fails the
 *  test when it does not load.  Destroy with ruleset_destroy. */
ruleset_t *test_load_skirmish19 (void);

/*  Write `text` to a fresh temporary file and return its path (static
 *  buffer).  The file is removed at exit. */
const char *test_write_temp (const char *text, const char *suffix);

/*  ---- a ruleset's games -------------------------------------------- */

/*  The rules of the table file at `rel` in the source tree; fails the
 *  test when they do not load.  Destroy with game_rules_destroy. */
game_rules_t *test_rules_load (const char *rel);

/*  The text of the file at `rel` in the source tree with its first
 *  `from` replaced by `to` (another reading of a setting); fails the test
 *  when the file cannot be read or holds no `from`.  Free it. */
char *test_file_edited (const char *rel, const char *from, const char *to);

/*  The rules of the table file at `rel` with its first `from` replaced
 *  by `to` (test_file_edited); fails the test when they do not load.
 *  Destroy with game_rules_destroy. */
game_rules_t *test_rules_edited (const char *rel, const char *from,
                                 const char *to);

/*  The table file at `rel` with its first `from` replaced by `to` must be
 *  refused with an error holding `want`; fails the test otherwise. */
void test_tables_refused (const char *rel, const char *from, const char *to,
                          const char *want);

/*  The installed scenario `name` (rules/scenarios/NAME.cfg) under
 *  `rules`; fails the test when it does not load. */
scenario_t *test_scenario_load (const game_rules_t *rules, const char *name);

/*  Each of the `n` scenarios `names` plays to a result within
 *  `max_turns` with the table, random and greedy strategies as blue
 *  against the table as red (seeds seed, seed + 1, seed + 2); the replay
 *  log reproduces each battle and the same seed plays it again the same
 *  way.  Fails the test otherwise. */
void test_battles_replayed (const game_rules_t *rules,
                            const char *const *names, int n, uint64_t seed,
                            int max_turns);

/*  A game under test: its scenario, the game, dice seeded 99 that take
 *  the player's throws (test_push), and the events it said. */
#define TEST_EVENTS_MAX 128
typedef struct {
    scenario_t *sc;
    game_t *g;
    dice_t *dice;
    char events[TEST_EVENTS_MAX][GAME_EVENT_MAX];
    int event_count;
} test_game_t;

/*  A game of the scenario file's `text` under `rules`; fails the test
 *  when the scenario or the game is refused.  Free with
 *  test_game_destroy. */
test_game_t *test_game_new (const game_rules_t *rules, const char *text);
void test_game_destroy (test_game_t **self_p);

/*  The scenario file's `text` under `rules` must be refused, with an
 *  error holding `want`: by game_new, or (`or_scenario`) already as the
 *  scenario is read.  Fails the test otherwise. */
void test_game_refused (const game_rules_t *rules, const char *text,
                        const char *want, bool or_scenario);

/*  The index of unit `id`; fails the test when there is none. */
int test_unit_index (const test_game_t *f, const char *id);

/*  Queue the player's throws of six-sided dice: n values follow. */
void test_push (test_game_t *f, int n, ...);

/*  True when an event's words hold `words`; when not, and the
 *  environment sets TEST_EVENTS, every event is printed. */
bool test_saw (const test_game_t *f, const char *words);

/*  The index of the first event whose words hold `words` (events in the
 *  order the game said them), or -1 when none does. */
int test_event_at (const test_game_t *f, const char *words);

/*  Resolve the current phase and begin the next. */
void test_next_phase (test_game_t *f);

/*  On, every unit holding, to the start of phase `phase`; fails the test
 *  when the game ends first. */
void test_on_to (test_game_t *f, int phase);

/*  Fails the test unless a and b are within tol. */
void test_near (double a, double b, double tol);

/*  An order to move to (x, y), and one to charge unit `target` of f's
 *  game (fails the test when there is none). */
order_t test_move_order (double x, double y);
order_t test_charge_order (const test_game_t *f, const char *target);

/*  Give unit `id` of game `g` order `o` (game_apply_order); fails the
 *  test, naming the unit and the error, when it is refused. */
void test_give_order (game_t *g, const char *id, order_t o);

/*  Order `o` for unit `id` must be refused (game_check_order) with an
 *  error holding `want`; fails the test otherwise. */
void test_order_refused (const game_t *g, const char *id, order_t o,
                         const char *want);

/*  ---- a server in this process, and its clients ---------------------- */

/*  The config of a test server: built-in defaults, an ephemeral loopback
 *  port, the source tree's rulesets, games kept in memory only, the
 *  daemon's dice seeded with `seed`, two workers, errors logged only. */
solod_config_t test_server_config (uint64_t seed);

/*  A server made from `cfg` and started in its own thread; fails the test
 *  when it cannot start.  Destroy with server_destroy. */
server_t *test_server_start (const solod_config_t *cfg);

/*  Wait until `server` holds `count` requests (with its workers or
 *  queued: server_requests_in_hand), for at most 10 s; fails the test
 *  when it holds another number then.  A request sent is then known to
 *  be in the daemon however slow the machine, where a fixed pause only
 *  hopes so. */
void test_wait_in_hand (server_t *server, int count);

/*  A socket of `type` (ZMQ_DEALER, ZMQ_REQ) in `context` connected to
 *  `endpoint`, with no linger and `timeout_ms` to wait for a reply; NULL
 *  when it cannot be made.  Safe to call from any thread (it asserts
 *  nothing). */
void *test_connect (void *context, const char *endpoint, int type,
                    int timeout_ms);

/*  Close a socket made by test_connect; NULL is ignored.  Safe from any
 *  thread. */
void test_close (void *socket);

/*  End `context` once its tests are done: zmq_ctx_term when every socket
 *  test_connect made has been closed with test_close, else only
 *  zmq_ctx_shutdown.  A failed test leaves its sockets open, and
 *  zmq_ctx_term would wait for them for ever: the run would hang until
 *  ctest's time limit instead of reporting the failure. */
void test_context_end (void *context);

/*  `request` packed into a malloc'd buffer of *len bytes; NULL when out of
 *  memory. */
uint8_t *test_pack_request (const Solo__V1__Request *request, size_t *len);

/*  Pack `request` and send it as one frame: 0, or -1. */
int test_send_request (void *socket, const Solo__V1__Request *request);

/*  The next frame on `socket` decoded as a Reply (free with
 *  solo__v1__reply__free_unpacked); NULL when none came within the
 *  socket's timeout, when more frames follow it, or when its bytes are
 *  not a Reply. */
Solo__V1__Reply *test_receive_reply (void *socket);

#endif
