/*  testutil.h - helpers shared by the cmocka tests.  */
#ifndef SOLO_TESTUTIL_H
#define SOLO_TESTUTIL_H

#include <stdint.h>
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
