/*  test_security.c - who may talk to solod: CURVE keys and key files,
 *  the `curve` and `insecure` settings, the bind rule, the ZAP handler's
 *  answers, and a CURVE daemon that serves a client on its allow-list and
 *  refuses a stranger, a plain client, and everyone when its ZAP handler
 *  is missing; and libconfig text from strangers read without libconfig
 *  1.5's leak of the string at a syntax error.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zmq.h>
#include "config.h"
#include "config_text.h"
#include "security.h"
#include "server.h"
#include "testutil.h"
#include "wire.h"

#define REPLY_TIMEOUT_MS   10000
#define REFUSED_WAIT_MS    1500   /* how long a refused client waits */

static char temp_dir[64];

/*  ---- helpers ---------------------------------------------------------- */

/*  A path in this test's temporary folder (static buffer). */
static const char *
temp_path (const char *name)
{
    static char path[256];
    snprintf (path, sizeof path, "%s/%s", temp_dir, name);
    return path;
}

static void
write_file (const char *path, const char *text)
{
    FILE *f = fopen (path, "w");
    assert_non_null (f);
    fputs (text, f);
    fclose (f);
}

/*  A config for a test server: an ephemeral loopback port, quiet. */
static solod_config_t
test_config (void)
{
    solod_config_t cfg;
    solod_config_defaults (&cfg);
    snprintf (cfg.bind, sizeof cfg.bind, "tcp://127.0.0.1:*");
    snprintf (cfg.data_dir, sizeof cfg.data_dir, "%s",
              test_source_path ("rules/data"));
    cfg.has_seed = true;
    cfg.seed = 7;
    cfg.workers = 1;
    cfg.log_level = LOG_LEVEL_ERROR;
    snprintf (cfg.state_db, sizeof cfg.state_db, ":memory:");
    return cfg;
}

/*  A key pair. */
typedef struct {
    char public_key[SECURITY_KEY_TEXT];
    char secret_key[SECURITY_KEY_TEXT];
} key_pair_t;

static key_pair_t
new_pair (void)
{
    key_pair_t pair;
    assert_int_equal (security_make_keys (pair.public_key, pair.secret_key), 0);
    return pair;
}

/*  CURVE settings: the server's pair and one allowed client. */
static security_config_t
curve_config (const key_pair_t *server, const key_pair_t *client)
{
    security_config_t curve;
    memset (&curve, 0, sizeof curve);
    curve.enabled = true;
    memcpy (curve.secret_key, server->secret_key, SECURITY_KEY_TEXT);
    memcpy (curve.public_key, server->public_key, SECURITY_KEY_TEXT);
    curve.client_count = 1;
    memcpy (curve.clients[0], client->public_key, SECURITY_KEY_TEXT);
    return curve;
}

/*  A DEALER client of `endpoint`; with `client` (may be NULL: plain) a
 *  CURVE client of the server key `server_key`.  Handshake events go to
 *  the PAIR socket in *monitor. */
static void *
new_client (void *context, const char *endpoint, const char *server_key,
            const key_pair_t *client, void **monitor)
{
    static int monitors;
    void *socket = zmq_socket (context, ZMQ_DEALER);
    assert_non_null (socket);
    int linger = 0, timeout = REPLY_TIMEOUT_MS;
    zmq_setsockopt (socket, ZMQ_LINGER, &linger, sizeof linger);
    zmq_setsockopt (socket, ZMQ_RCVTIMEO, &timeout, sizeof timeout);
    if (client) {
        assert_int_equal (zmq_setsockopt (socket, ZMQ_CURVE_SERVERKEY,
                                          server_key, 40), 0);
        assert_int_equal (zmq_setsockopt (socket, ZMQ_CURVE_PUBLICKEY,
                                          client->public_key, 40), 0);
        assert_int_equal (zmq_setsockopt (socket, ZMQ_CURVE_SECRETKEY,
                                          client->secret_key, 40), 0);
    }
    char name[64];
    snprintf (name, sizeof name, "inproc://test-monitor-%d", monitors++);
    assert_int_equal (zmq_socket_monitor (socket, name,
                      ZMQ_EVENT_HANDSHAKE_SUCCEEDED
                      | ZMQ_EVENT_HANDSHAKE_FAILED_AUTH
                      | ZMQ_EVENT_HANDSHAKE_FAILED_PROTOCOL
                      | ZMQ_EVENT_HANDSHAKE_FAILED_NO_DETAIL), 0);
    *monitor = zmq_socket (context, ZMQ_PAIR);
    assert_non_null (*monitor);
    zmq_setsockopt (*monitor, ZMQ_LINGER, &linger, sizeof linger);
    assert_int_equal (zmq_connect (*monitor, name), 0);
    assert_int_equal (zmq_connect (socket, endpoint), 0);
    return socket;
}

/*  The first handshake event of a monitor within `wait_ms` (0: none),
 *  its value in *value. */
static int
next_event (void *monitor, int wait_ms, uint32_t *value)
{
    zmq_pollitem_t item = { monitor, 0, ZMQ_POLLIN, 0 };
    if (zmq_poll (&item, 1, wait_ms) <= 0)
        return 0;
    uint8_t head[6];
    char address[256];
    assert_int_equal (zmq_recv (monitor, head, sizeof head, 0), 6);
    zmq_recv (monitor, address, sizeof address, 0);
    uint16_t event;
    memcpy (&event, head, 2);
    memcpy (value, head + 2, 4);
    return event;
}

static void
close_client (void *socket, void *monitor)
{
    zmq_socket_monitor (socket, NULL, 0);
    zmq_close (monitor);
    zmq_close (socket);
}

/*  Send a Hello with `id`; the reply within `wait_ms`, or NULL. */
static Solo__V1__Reply *
hello (void *socket, uint64_t id, int wait_ms)
{
    Solo__V1__Hello body = SOLO__V1__HELLO__INIT;
    body.protocol_version = 1;
    Solo__V1__Request request = SOLO__V1__REQUEST__INIT;
    request.id = id;
    request.body_case = SOLO__V1__REQUEST__BODY_HELLO;
    request.hello = &body;
    uint8_t buf[64];
    size_t len = solo__v1__request__pack (&request, buf);
    zmq_send (socket, buf, len, ZMQ_DONTWAIT);
    zmq_pollitem_t item = { socket, 0, ZMQ_POLLIN, 0 };
    if (zmq_poll (&item, 1, wait_ms) <= 0)
        return NULL;
    zmq_msg_t msg;
    zmq_msg_init (&msg);
    assert_true (zmq_msg_recv (&msg, socket, 0) >= 0);
    Solo__V1__Reply *reply = solo__v1__reply__unpack (
        NULL, zmq_msg_size (&msg), zmq_msg_data (&msg));
    zmq_msg_close (&msg);
    assert_non_null (reply);
    return reply;
}

static void
assert_hello_answered (void *socket, uint64_t id)
{
    Solo__V1__Reply *reply = hello (socket, id, REPLY_TIMEOUT_MS);
    if (!reply)
        fail_msg ("no answer to Hello %llu", (unsigned long long) id);
    assert_int_equal (reply->id, id);
    assert_int_equal (reply->body_case, SOLO__V1__REPLY__BODY_HELLO);
    solo__v1__reply__free_unpacked (reply, NULL);
}

static void
assert_hello_unanswered (void *socket, uint64_t id)
{
    Solo__V1__Reply *reply = hello (socket, id, REFUSED_WAIT_MS);
    if (reply) {
        solo__v1__reply__free_unpacked (reply, NULL);
        fail_msg ("a refused client got an answer to Hello %llu",
                  (unsigned long long) id);
    }
}

/*  Load `text` as a config file in the temporary folder; the rc, with
 *  `err` and `cfg`. */
static int
load_config (const char *text, solod_config_t *cfg, char *err, int errlen)
{
    const char *path = temp_path ("solod.conf");
    write_file (path, text);
    solod_config_defaults (cfg);
    err[0] = '\0';
    return solod_config_load (cfg, path, err, errlen);
}

static void
assert_config_refused (const char *text, const char *expected)
{
    solod_config_t cfg;
    char err[1024];
    if (load_config (text, &cfg, err, sizeof err) == 0)
        fail_msg ("config accepted, expected \"%s\":\n%s", expected, text);
    if (!strstr (err, expected))
        fail_msg ("error \"%s\" does not say \"%s\"", err, expected);
}

/*  ---- keys ------------------------------------------------------------- */

static void
test_curve_available (void **state)
{
    (void) state;
    /*  Debian's libzmq is built with libsodium. */
    assert_true (security_curve_available ());
}

static void
test_check_key (void **state)
{
    (void) state;
    char err[128];
    key_pair_t pair = new_pair ();
    assert_int_equal (security_check_key (pair.public_key, err, sizeof err), 0);
    assert_int_equal (security_check_key (pair.secret_key, err, sizeof err), 0);
    assert_int_equal (strlen (pair.public_key), 40);
    assert_int_equal (security_check_key ("abc", err, sizeof err), -1);
    assert_string_equal (err, "is 3 characters, a Z85 key is 40");
    char bad[41];
    memcpy (bad, pair.public_key, 41);
    bad[7] = '~';
    assert_int_equal (security_check_key (bad, err, sizeof err), -1);
    assert_string_equal (err, "has '~' at 7, not a Z85 character");
    bad[7] = ' ';
    assert_int_equal (security_check_key (bad, err, sizeof err), -1);
    assert_int_equal (security_check_key (NULL, err, sizeof err), -1);
}

static void
test_public_key (void **state)
{
    (void) state;
    key_pair_t pair = new_pair ();
    char derived[SECURITY_KEY_TEXT];
    assert_int_equal (security_public_key (pair.secret_key, derived), 0);
    assert_string_equal (derived, pair.public_key);
    assert_int_equal (security_public_key ("short", derived), -1);
    key_pair_t other = new_pair ();
    assert_string_not_equal (other.public_key, pair.public_key);
}

static void
test_key_files (void **state)
{
    (void) state;
    char err[512], public_key[SECURITY_KEY_TEXT], key[SECURITY_KEY_TEXT];
    const char *path = temp_path ("alice");
    char secret_path[256], public_path[256];
    snprintf (secret_path, sizeof secret_path, "%s", path);
    snprintf (public_path, sizeof public_path, "%s.pub", path);
    assert_int_equal (security_write_key_files (secret_path, public_key, err,
                                                sizeof err), 0);
    struct stat st;
    assert_int_equal (stat (secret_path, &st), 0);
    assert_int_equal (st.st_mode & 0777, 0600);       /* private */
    assert_int_equal (security_read_key_file (public_path, key, err,
                                              sizeof err), 0);
    assert_string_equal (key, public_key);
    assert_int_equal (security_read_key_file (secret_path, key, err,
                                              sizeof err), 0);
    char derived[SECURITY_KEY_TEXT];
    assert_int_equal (security_public_key (key, derived), 0);
    assert_string_equal (derived, public_key);

    /*  never overwritten */
    assert_int_equal (security_write_key_files (secret_path, NULL, err,
                                                sizeof err), -1);
    assert_non_null (strstr (err, "exists; not overwritten"));

    /*  the reasons a key file is refused, with file:line */
    char expected[512];
    assert_int_equal (security_read_key_file (temp_path ("nowhere"), key, err,
                                              sizeof err), -1);
    assert_non_null (strstr (err, "cannot read"));
    const char *file = temp_path ("two.pub");
    char text[256];
    snprintf (text, sizeof text, "# two\n%s\n\n%s\n", public_key, public_key);
    write_file (file, text);
    assert_int_equal (security_read_key_file (file, key, err, sizeof err), -1);
    snprintf (expected, sizeof expected,
              "%s:4 - a second key (the first is on line 2)", file);
    assert_string_equal (err, expected);
    file = temp_path ("empty.pub");
    write_file (file, "# nothing\n\n");
    assert_int_equal (security_read_key_file (file, key, err, sizeof err), -1);
    snprintf (expected, sizeof expected, "%s:2 - no key in the file", file);
    assert_string_equal (err, expected);
    file = temp_path ("bad.pub");
    write_file (file, "\n  not-a-key  \n");
    assert_int_equal (security_read_key_file (file, key, err, sizeof err), -1);
    snprintf (expected, sizeof expected,
              "%s:2 - the key is 9 characters, a Z85 key is 40", file);
    assert_string_equal (err, expected);
    /*  spaces and a CR around the key are fine */
    file = temp_path ("crlf.pub");
    snprintf (text, sizeof text, "  %s \r\n", public_key);
    write_file (file, text);
    assert_int_equal (security_read_key_file (file, key, err, sizeof err), 0);
    assert_string_equal (key, public_key);
}

/*  ---- the bind rule ---------------------------------------------------- */

static void
test_endpoint_is_local (void **state)
{
    (void) state;
    const char *local[] = {
        "tcp://127.0.0.1:7460", "tcp://127.0.0.1:*", "tcp://127.1.2.3:1",
        "tcp://localhost:7460", "tcp://lo:7460", "tcp://[::1]:7460",
        "tcp://[::ffff:127.0.0.1]:7460", "ipc:///tmp/solod.sock",
        "inproc://solod"
    };
    const char *open[] = {
        "tcp://*:7460", "tcp://0.0.0.0:7460", "tcp://192.168.1.4:7460",
        "tcp://eth0:7460", "tcp://[::]:7460", "tcp://[fe80::1]:7460",
        "tcp://128.0.0.1:7460", "tcp://localhost.example.com:7460",
        "tcp://127.0.0.1", "tcp://:7460", "ws://127.0.0.1:7460",
        "pgm://eth0;239.192.1.1:5555", "", NULL
    };
    for (size_t i = 0; i < sizeof local / sizeof local[0]; i++)
        if (!security_endpoint_is_local (local[i]))
            fail_msg ("%s should be local", local[i]);
    for (size_t i = 0; i < sizeof open / sizeof open[0]; i++)
        if (security_endpoint_is_local (open[i]))
            fail_msg ("%s should not be local", open[i]);
}

static void
test_check_bind (void **state)
{
    (void) state;
    char err[512] = "";
    assert_int_equal (security_check_bind ("tcp://127.0.0.1:7460", false,
                                           false, err, sizeof err), 0);
    assert_int_equal (security_check_bind ("tcp://*:7460", false, false, err,
                                           sizeof err), -1);
    assert_non_null (strstr (err, "refusing to bind tcp://*:7460 without "
                                  "CURVE"));
    assert_non_null (strstr (err, "insecure = true"));
    assert_int_equal (security_check_bind ("tcp://*:7460", true, false, err,
                                           sizeof err), 0);
    assert_int_equal (security_check_bind ("tcp://*:7460", false, true, err,
                                           sizeof err), 0);
    /*  not a network transport: the bind itself will say what is wrong */
    assert_int_equal (security_check_bind ("nonsense://here", false, false,
                                           err, sizeof err), 0);
}

/*  ---- the settings ----------------------------------------------------- */

static void
test_config_curve (void **state)
{
    (void) state;
    key_pair_t server = new_pair (), alice = new_pair (), bob = new_pair ();
    char text[2048], err[1024];
    solod_config_t cfg;

    /*  off unless configured */
    solod_config_defaults (&cfg);
    assert_false (cfg.curve.enabled);
    assert_false (cfg.insecure);

    /*  inline keys; the public key is worked out */
    snprintf (text, sizeof text,
              "solod = { bind = \"tcp://*:7460\";\n"
              "  curve = { secret_key = \"%s\";\n"
              "            allowed_clients = [ \"%s\", \"%s\" ]; }; };\n",
              server.secret_key, alice.public_key, bob.public_key);
    if (load_config (text, &cfg, err, sizeof err))
        fail_msg ("%s", err);
    assert_true (cfg.curve.enabled);
    assert_string_equal (cfg.curve.secret_key, server.secret_key);
    assert_string_equal (cfg.curve.public_key, server.public_key);
    assert_int_equal (cfg.curve.client_count, 2);
    assert_string_equal (cfg.curve.clients[0], alice.public_key);
    assert_string_equal (cfg.curve.clients[1], bob.public_key);
    assert_false (cfg.insecure);

    /*  key files, relative to the config file's folder */
    char public_key[SECURITY_KEY_TEXT];
    assert_int_equal (security_write_key_files (temp_path ("server.key"),
                                                public_key, err, sizeof err), 0);
    assert_int_equal (security_write_key_files (temp_path ("carol"), NULL,
                                                err, sizeof err), 0);
    snprintf (text, sizeof text,
              "solod = {\n"
              "  curve = { secret_key_file = \"server.key\";\n"
              "            public_key = \"%s\";\n"
              "            allowed_client_files = [ \"carol.pub\" ];\n"
              "            allowed_clients = [ \"%s\" ]; }; };\n",
              public_key, alice.public_key);
    if (load_config (text, &cfg, err, sizeof err))
        fail_msg ("%s", err);
    assert_true (cfg.curve.enabled);
    assert_string_equal (cfg.curve.public_key, public_key);
    assert_int_equal (cfg.curve.client_count, 2);
    assert_string_equal (cfg.curve.clients[1], alice.public_key);
    char carol[SECURITY_KEY_TEXT];
    assert_int_equal (security_read_key_file (temp_path ("carol.pub"), carol,
                                              err, sizeof err), 0);
    assert_string_equal (cfg.curve.clients[0], carol);

    /*  insecure */
    if (load_config ("solod = { insecure = true; };", &cfg, err, sizeof err))
        fail_msg ("%s", err);
    assert_true (cfg.insecure);
    assert_config_refused ("solod = { insecure = 1; };",
                           ":1 - 'insecure' must be true or false");
}

static void
test_config_curve_errors (void **state)
{
    (void) state;
    key_pair_t server = new_pair (), alice = new_pair (), other = new_pair ();
    char text[2048];

    assert_config_refused ("solod = {\n curve = 3; };",
                           ":2 - 'curve' must be a group");
    snprintf (text, sizeof text, "solod = {\n curve = {\n"
              "  allowed_clients = [ \"%s\" ]; }; };", alice.public_key);
    assert_config_refused (text, ":2 - curve needs secret_key or "
                           "secret_key_file");
    snprintf (text, sizeof text, "solod = {\n curve = {\n"
              "  secret_key = \"%s\"; }; };", server.secret_key);
    assert_config_refused (text, ":2 - curve needs allowed_clients or "
                           "allowed_client_files");
    snprintf (text, sizeof text, "solod = {\n curve = {\n"
              "  secret_key = \"%s\";\n  allowed_clients = [ ]; }; };",
              server.secret_key);
    assert_config_refused (text, "with none, no client could connect");
    snprintf (text, sizeof text, "solod = {\n curve = {\n"
              "  secret_key = \"%s\";\n"
              "  allowed_clients = [ \"%s\",\n \"short\" ]; }; };",
              server.secret_key, alice.public_key);
    assert_config_refused (text, ":5 - 'curve.allowed_clients[1]': the key "
                           "is 5 characters, a Z85 key is 40");
    snprintf (text, sizeof text, "solod = {\n curve = {\n"
              "  secret_key = \"%s\";\n  public_key = \"%s\";\n"
              "  allowed_clients = [ \"%s\" ]; }; };",
              server.secret_key, other.public_key, alice.public_key);
    assert_config_refused (text, "curve.public_key is not the public key of "
                           "curve.secret_key");
    snprintf (text, sizeof text, "solod = {\n curve = {\n"
              "  secret_key = \"%s\";\n  secret_key_file = \"x\";\n"
              "  allowed_clients = [ \"%s\" ]; }; };",
              server.secret_key, alice.public_key);
    assert_config_refused (text, ":4 - give one of curve.secret_key and "
                           "curve.secret_key_file");
    snprintf (text, sizeof text, "solod = {\n curve = {\n"
              "  secret_key_file = \"missing.key\";\n"
              "  allowed_clients = [ \"%s\" ]; }; };", alice.public_key);
    assert_config_refused (text, ":3 - 'curve.secret_key_file': ");
    assert_config_refused (text, "missing.key - cannot read");
    snprintf (text, sizeof text, "solod = {\n curve = {\n"
              "  secret_key = \"%s\";\n  clients = [ ];\n"
              "  allowed_clients = [ \"%s\" ]; }; };",
              server.secret_key, alice.public_key);
    assert_config_refused (text, ":4 - unknown key 'curve.clients'");
    snprintf (text, sizeof text, "solod = {\n curve = {\n"
              "  secret_key = \"%s\";\n"
              "  allowed_clients = \"%s\"; }; };",
              server.secret_key, alice.public_key);
    assert_config_refused (text, ":4 - 'allowed_clients' must be a list");

    /*  more than SECURITY_CLIENTS_MAX */
    size_t size = 64 + (size_t) (SECURITY_CLIENTS_MAX + 1) * 46 + 128;
    char *big = malloc (size);
    assert_non_null (big);
    int n = snprintf (big, size, "solod = { curve = { secret_key = \"%s\";\n"
                      "allowed_clients = [", server.secret_key);
    for (int i = 0; i <= SECURITY_CLIENTS_MAX; i++)
        n += snprintf (big + n, size - (size_t) n, "%s\"%s\"\n",
                       i ? "," : "", alice.public_key);
    snprintf (big + n, size - (size_t) n, "]; }; };\n");
    assert_config_refused (big, "more than 256 allowed clients");
    free (big);
}

/*  A non-loopback bind needs CURVE or insecure = true. */
static void
test_server_bind_rule (void **state)
{
    (void) state;
    char err[1024] = "";
    solod_config_t cfg = test_config ();
    snprintf (cfg.bind, sizeof cfg.bind, "tcp://0.0.0.0:*");
    assert_null (server_new (&cfg, err, sizeof err));
    assert_non_null (strstr (err, "refusing to bind tcp://0.0.0.0:* without "
                                  "CURVE"));
    cfg.insecure = true;
    server_t *server = server_new (&cfg, err, sizeof err);
    if (!server)
        fail_msg ("%s", err);
    server_destroy (&server);

    key_pair_t server_keys = new_pair (), alice = new_pair ();
    cfg.insecure = false;
    cfg.curve = curve_config (&server_keys, &alice);
    server = server_new (&cfg, err, sizeof err);
    if (!server)
        fail_msg ("%s", err);
    server_destroy (&server);
}

/*  ---- the ZAP handler -------------------------------------------------- */

/*  Ask the handler over ZAP; the status code ("200", "400"). */
static void
zap_ask (void *socket, const char *version, const char *domain,
         const char *mechanism, const void *key, size_t key_len,
         char *status, char *user)
{
    zmq_send (socket, version, strlen (version), ZMQ_SNDMORE);
    zmq_send (socket, "r1", 2, ZMQ_SNDMORE);
    zmq_send (socket, domain, strlen (domain), ZMQ_SNDMORE);
    zmq_send (socket, "127.0.0.1", 9, ZMQ_SNDMORE);
    zmq_send (socket, "", 0, ZMQ_SNDMORE);
    zmq_send (socket, mechanism, strlen (mechanism), ZMQ_SNDMORE);
    zmq_send (socket, key, key_len, 0);
    char frame[64];
    int len = zmq_recv (socket, frame, sizeof frame, 0);
    assert_int_equal (len, 3);
    assert_memory_equal (frame, "1.0", 3);
    len = zmq_recv (socket, frame, sizeof frame, 0);
    assert_int_equal (len, 2);
    assert_memory_equal (frame, "r1", 2);
    len = zmq_recv (socket, status, 3, 0);
    assert_int_equal (len, 3);
    status[3] = '\0';
    zmq_recv (socket, frame, sizeof frame, 0);              /* text */
    len = zmq_recv (socket, user, SECURITY_KEY_TEXT, 0);
    user[len < 0 ? 0 : len > 40 ? 40 : len] = '\0';
    len = zmq_recv (socket, frame, sizeof frame, 0);        /* metadata */
    assert_int_equal (len, 0);
    int more;
    size_t more_size = sizeof more;
    zmq_getsockopt (socket, ZMQ_RCVMORE, &more, &more_size);
    assert_false (more);
}

static void
test_zap_handler (void **state)
{
    (void) state;
    key_pair_t server = new_pair (), alice = new_pair (), eve = new_pair ();
    security_config_t curve = curve_config (&server, &alice);
    void *context = zmq_ctx_new ();
    char err[512];
    security_t *security = security_new (context, &curve, err, sizeof err);
    if (!security)
        fail_msg ("%s", err);
    /*  one handler per context */
    security_t *second = security_new (context, &curve, err, sizeof err);
    assert_null (second);
    assert_non_null (strstr (err, SECURITY_ZAP_ENDPOINT));

    void *socket = zmq_socket (context, ZMQ_REQ);
    int linger = 0, timeout = REPLY_TIMEOUT_MS;
    zmq_setsockopt (socket, ZMQ_LINGER, &linger, sizeof linger);
    zmq_setsockopt (socket, ZMQ_RCVTIMEO, &timeout, sizeof timeout);
    assert_int_equal (zmq_connect (socket, SECURITY_ZAP_ENDPOINT), 0);
    uint8_t alice_key[32], eve_key[32];
    zmq_z85_decode (alice_key, alice.public_key);
    zmq_z85_decode (eve_key, eve.public_key);
    char status[4], user[SECURITY_KEY_TEXT];

    zap_ask (socket, "1.0", SECURITY_ZAP_DOMAIN, "CURVE", alice_key, 32,
             status, user);
    assert_string_equal (status, "200");
    assert_string_equal (user, alice.public_key);
    zap_ask (socket, "1.0", SECURITY_ZAP_DOMAIN, "CURVE", eve_key, 32,
             status, user);
    assert_string_equal (status, "400");
    zap_ask (socket, "1.0", "global", "CURVE", alice_key, 32, status, user);
    assert_string_equal (status, "400");             /* another domain */
    zap_ask (socket, "1.0", SECURITY_ZAP_DOMAIN, "PLAIN", alice_key, 32,
             status, user);
    assert_string_equal (status, "400");             /* CURVE only */
    zap_ask (socket, "1.0", SECURITY_ZAP_DOMAIN, "CURVE", alice_key, 31,
             status, user);
    assert_string_equal (status, "400");             /* a short key */
    zap_ask (socket, "2.0", SECURITY_ZAP_DOMAIN, "CURVE", alice_key, 32,
             status, user);
    assert_string_equal (status, "400");             /* another version */
    assert_int_equal (security_accepted (security), 1);
    assert_int_equal (security_refused (security), 5);

    zmq_close (socket);
    security_destroy (&security);
    security_destroy (&security);                    /* safe twice */
    assert_null (security);
    zmq_ctx_term (context);
}

/*  ---- a CURVE daemon --------------------------------------------------- */

/*  A client on the allow-list is served (encrypted); a client with
 *  another key is refused at the handshake and never answered, and so is
 *  a plain client; the allowed one is still served afterwards. */
static void
test_curve_server (void **state)
{
    (void) state;
    key_pair_t server_keys = new_pair (), alice = new_pair ();
    key_pair_t eve = new_pair ();
    solod_config_t cfg = test_config ();
    cfg.curve = curve_config (&server_keys, &alice);
    char err[1024];
    server_t *server = server_new (&cfg, err, sizeof err);
    if (!server)
        fail_msg ("%s", err);
    assert_int_equal (server_start (server), 0);
    void *context = zmq_ctx_new ();
    const char *endpoint = server_endpoint (server);

    void *monitor;
    void *good = new_client (context, endpoint, server_keys.public_key,
                             &alice, &monitor);
    assert_hello_answered (good, 1);
    uint32_t value = 0;
    assert_int_equal (next_event (monitor, REPLY_TIMEOUT_MS, &value),
                      ZMQ_EVENT_HANDSHAKE_SUCCEEDED);
    close_client (good, monitor);

    /*  a stranger's key: the ZAP handler says 400 */
    void *stranger = new_client (context, endpoint, server_keys.public_key,
                                 &eve, &monitor);
    assert_hello_unanswered (stranger, 2);
    assert_int_equal (next_event (monitor, REPLY_TIMEOUT_MS, &value),
                      ZMQ_EVENT_HANDSHAKE_FAILED_AUTH);
    assert_int_equal (value, 400);
    close_client (stranger, monitor);

    /*  the right key of another server: the handshake fails */
    key_pair_t impostor = new_pair ();
    void *confused = new_client (context, endpoint, impostor.public_key,
                                 &alice, &monitor);
    assert_hello_unanswered (confused, 3);
    assert_int_not_equal (next_event (monitor, 100, &value),
                          ZMQ_EVENT_HANDSHAKE_SUCCEEDED);
    close_client (confused, monitor);

    /*  no CURVE at all */
    void *plain = new_client (context, endpoint, NULL, NULL, &monitor);
    assert_hello_unanswered (plain, 4);
    assert_int_not_equal (next_event (monitor, 100, &value),
                          ZMQ_EVENT_HANDSHAKE_SUCCEEDED);
    close_client (plain, monitor);

    good = new_client (context, endpoint, server_keys.public_key, &alice,
                       &monitor);
    assert_hello_answered (good, 5);
    close_client (good, monitor);
    zmq_ctx_term (context);
    server_destroy (&server);
}

/*  With the ZAP domain enforced, a CURVE socket whose ZAP handler is
 *  missing lets nobody in, not even a client with a right key. */
static void
test_missing_handler_fails_closed (void **state)
{
    (void) state;
    key_pair_t server_keys = new_pair (), alice = new_pair ();
    security_config_t curve = curve_config (&server_keys, &alice);
    void *context = zmq_ctx_new ();
    void *router = zmq_socket (context, ZMQ_ROUTER);
    int linger = 0;
    zmq_setsockopt (router, ZMQ_LINGER, &linger, sizeof linger);
    char err[512];
    assert_int_equal (security_apply_server (router, &curve, err, sizeof err),
                      0);
    assert_int_equal (zmq_bind (router, "tcp://127.0.0.1:*"), 0);
    char endpoint[256];
    size_t size = sizeof endpoint;
    zmq_getsockopt (router, ZMQ_LAST_ENDPOINT, endpoint, &size);

    void *monitor;
    void *client = new_client (context, endpoint, server_keys.public_key,
                               &alice, &monitor);
    zmq_send (client, "hello", 5, 0);
    uint32_t value;
    int event = next_event (monitor, REFUSED_WAIT_MS, &value);
    assert_int_not_equal (event, ZMQ_EVENT_HANDSHAKE_SUCCEEDED);
    zmq_pollitem_t item = { router, 0, ZMQ_POLLIN, 0 };
    assert_int_equal (zmq_poll (&item, 1, 200), 0);    /* nothing came in */
    close_client (client, monitor);
    zmq_close (router);
    zmq_ctx_term (context);
}


/*  ---- libconfig text from strangers ----------------------------------- */

static void
assert_blanked (const char *text, const char *expected)
{
    int unclosed = -1;
    char *blank = config_text_blank_strings (text, &unclosed);
    assert_non_null (blank);
    assert_int_equal (unclosed, 0);
    if (strcmp (blank, expected) != 0)
        fail_msg ("blanked \"%s\" to \"%s\", expected \"%s\"", text, blank,
                  expected);
    free (blank);
}

static void
test_blank_strings (void **state)
{
    (void) state;
    assert_blanked ("a = \"x\";", "a =  0 ;");
    assert_blanked ("a = \"x\" \"y\";", "a =  0 ;");              /* one value */
    assert_blanked ("a = \"x\"\n  # c\n \"y\";", "a =  0 \n\n;");
    assert_blanked ("a = \"x\" /* c\n */ \"y\";", "a =  0 \n;");
    assert_blanked ("a/**/b = 1;", "a b = 1;");       /* two names, as read */
    assert_blanked ("/*\n*/", " \n");
    assert_blanked ("a = \"x\" ; b = \"y\";", "a =  0  ; b =  0 ;");
    assert_blanked ("a = \"two\nlines\";\nb = 1;", "a =  0 \n;\nb = 1;");
    assert_blanked ("a = \"q\\\"q\";", "a =  0 ;");             /* \" inside */
    assert_blanked ("a = \"b\\\\\";", "a =  0 ;");              /* ends in \\ */
    assert_blanked ("a = \"# no\"; # \"yes\"\n", "a =  0 ; \n");
    assert_blanked ("a = \"/* no */\"; /* \"yes\" */", "a =  0 ;  ");
    assert_blanked ("a = 1\"x\";", "a = 1 0 ;");       /* never joins a token */
    assert_blanked ("", "");
    /*  a line comment needs its newline (libconfig's `.*$`): without one
     *  '#' is a stray character, kept for libconfig to refuse */
    assert_blanked ("a = 1; # \"x\"", "a = 1; #  0 ");
    int unclosed = 0;
    char *blank = config_text_blank_strings ("a = 1;\nb = \"open\n\n", &unclosed);
    assert_int_equal (unclosed, 2);
    free (blank);
    blank = config_text_blank_strings (NULL, &unclosed);
    assert_string_equal (blank, "");
    free (blank);
}

/*  Read `text`: the verdict, and the error's line and text. */
static int
read_text (const char *text, config_t *cfg)
{
    config_init (cfg);
    return config_text_read (cfg, text);
}

static void
assert_read_fails (const char *text, int line, const char *message)
{
    config_t cfg;
    if (read_text (text, &cfg) == CONFIG_TRUE)
        fail_msg ("\"%s\" was read", text);
    assert_int_equal (config_error_line (&cfg), line);
    assert_string_equal (config_error_text (&cfg), message);
    config_destroy (&cfg);
}

static void
test_config_text_read (void **state)
{
    (void) state;
    config_t cfg;
    const char *text =
        "name = \"a \\\"quoted\\\" # not /* a comment */\";  # comment \"x\"\n"
        "joined = \"ab\" /* between */ \"cd\"\n"
        "         \"ef\";\n"
        "list = ( \"x\", 1, [ \"p\", \"q\" ], { k = \"v\"; } );\n"
        "n = 3;\n";
    assert_int_equal (read_text (text, &cfg), CONFIG_TRUE);
    const char *value = NULL;
    assert_true (config_lookup_string (&cfg, "name", &value));
    assert_string_equal (value, "a \"quoted\" # not /* a comment */");
    assert_true (config_lookup_string (&cfg, "joined", &value));
    assert_string_equal (value, "abcdef");
    assert_true (config_lookup_string (&cfg, "list.[3].k", &value));
    assert_string_equal (value, "v");
    int n = 0;
    assert_true (config_lookup_int (&cfg, "n", &n));
    assert_int_equal (n, 3);
    config_destroy (&cfg);

    /*  the syntax errors that leak a string in libconfig 1.5: refused
     *  from the copy, on the right line */
    assert_read_fails ("a = 1 \"a string lost to the leak\";", 1,
                       "syntax error");
    assert_read_fails ("a = 1;\n\n\"x\";", 3, "syntax error");
    assert_read_fails ("a = \"x\";\nb = 2 \"long\nstring\";\nc = 1;", 2,
                       "syntax error");
    assert_read_fails ("a = 1\"x\";", 1, "syntax error");
    /*  the other errors, as libconfig gives them */
    assert_read_fails ("a = [1, \"x\"];", 1, "mismatched element type in array");
    assert_read_fails ("a = 1;\na = \"x\";", 2, "duplicate setting name");
    assert_read_fails ("a = 1;\nb = \"open", 2, "string is not closed");
    assert_read_fails ("@include \"/etc/passwd\"\n", 1, "syntax error");
    assert_read_fails ("a = 1;\n# \"x\"", 2, "syntax error");
    assert_read_fails ("//*c*/*/", 1, "syntax error");    /* '/', then junk */
    assert_int_equal (read_text (NULL, &cfg), CONFIG_TRUE);   /* empty */
    config_destroy (&cfg);

    /*  a big string stopped at: nothing lost (ASan and valgrind check) */
    size_t size = 200000;
    char *big = malloc (size + 32);
    assert_non_null (big);
    strcpy (big, "a = 1 \"");
    memset (big + 7, 'x', size);
    strcpy (big + 7 + size, "\";");
    assert_read_fails (big, 1, "syntax error");
    free (big);
}

/*  What libconfig 1.5 gets wrong or words badly: a whole number past 32
 *  bits (it keeps the low 32: 99999999999 as 1215752191), nesting that
 *  runs its parser out of stack ("memory exhausted"), a byte-order mark
 *  (a syntax error). */
static void
test_config_text_faults (void **state)
{
    (void) state;
    assert_read_fails ("a = 1;\nfigures = 99999999999;", 2,
                       "whole number 99999999999 is too large (at most "
                       "2147483647)");
    assert_read_fails ("a = -2147483649;", 1, "whole number -2147483649 is "
                       "too large (at least -2147483648)");
    assert_read_fails ("a = 0x100000000;", 1, "whole number 0x100000000 is "
                       "too large (at most 4294967295)");
    config_t cfg;
    /* the edges, a 64-bit number with its L, floats, names with digits */
    assert_int_equal (read_text ("a = 2147483647; b = -2147483648; "
                                 "c = 0xFFFFFFFF; d = 99999999999L; "
                                 "e = 99999999999.5; f = 1e300; "
                                 "g2 = 3; h = \"99999999999\"; "
                                 "/* 99999999999 */ i = 1;", &cfg),
                      CONFIG_TRUE);
    long long big = 0;
    assert_true (config_lookup_int64 (&cfg, "d", &big));
    assert_true (big == 99999999999LL);
    config_destroy (&cfg);

    char deep[2 * (CONFIG_TEXT_MAX_DEPTH + 1) + 16] = "a = ";
    size_t n = strlen (deep);
    for (int i = 0; i < CONFIG_TEXT_MAX_DEPTH + 1; i++)
        deep[n++] = '(';
    for (int i = 0; i < CONFIG_TEXT_MAX_DEPTH + 1; i++)
        deep[n++] = ')';
    strcpy (deep + n, ";");
    assert_read_fails (deep, 1, "groups and lists nested more than 64 deep");
    deep[4] = ' ';                       /* 64 deep is read */
    deep[n - 1] = ' ';
    assert_int_equal (read_text (deep, &cfg), CONFIG_TRUE);
    config_destroy (&cfg);

    assert_int_equal (read_text ("\xEF\xBB\xBF" "a = 1;\nb = 2;", &cfg),
                      CONFIG_TRUE);
    int b = 0;
    assert_true (config_lookup_int (&cfg, "b", &b));
    assert_int_equal (b, 2);
    config_destroy (&cfg);
    assert_read_fails ("\xEF\xBB\xBF" "a = 1;\nb = ;", 2, "syntax error");
}

/*  ---- main ------------------------------------------------------------- */

static int
make_temp_dir (void **state)
{
    (void) state;
    snprintf (temp_dir, sizeof temp_dir, "/tmp/solo-security-XXXXXX");
    return mkdtemp (temp_dir) ? 0 : -1;
}

static int
remove_temp_dir (void **state)
{
    (void) state;
    char command[128];
    snprintf (command, sizeof command, "rm -rf '%s'", temp_dir);
    return system (command) == 0 ? 0 : -1;
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_curve_available),
        cmocka_unit_test (test_check_key),
        cmocka_unit_test (test_public_key),
        cmocka_unit_test (test_key_files),
        cmocka_unit_test (test_endpoint_is_local),
        cmocka_unit_test (test_check_bind),
        cmocka_unit_test (test_config_curve),
        cmocka_unit_test (test_config_curve_errors),
        cmocka_unit_test (test_server_bind_rule),
        cmocka_unit_test (test_zap_handler),
        cmocka_unit_test (test_curve_server),
        cmocka_unit_test (test_missing_handler_fails_closed),
        cmocka_unit_test (test_blank_strings),
        cmocka_unit_test (test_config_text_read),
        cmocka_unit_test (test_config_text_faults),
    };
    return cmocka_run_group_tests (tests, make_temp_dir, remove_temp_dir);
}
