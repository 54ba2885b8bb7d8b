/*  fuzz_socket.c - solod at the socket level: a server runs in this
 *  process on a loopback port, and each input is thrown at it three
 *  ways, chosen by the bits of its first byte:
 *
 *    bit 0  raw TCP: the bytes before any handshake;
 *    bit 1  raw TCP: a good ZMTP 3.0 handshake (NULL, DEALER), then the
 *           bytes;
 *    bit 2  a DEALER: the bytes as messages (each a length byte, high bit
 *           "more frames follow", and that many bytes), a good Hello,
 *           the messages again; the Hello must be answered (or BUSY).
 *
 *  After every input a client that has been connected all along asks
 *  Hello and must get its answer: nothing thrown at the daemon may stop
 *  it serving.  Raw sockets close with a reset, leaving no TIME_WAIT.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <zmq.h>
#include "config.h"
#include "fuzz.h"
#include "server.h"
#include "wire.h"

#define SOCKET_ANSWER_MS   10000   /* the longest a good client waits */
#define SOCKET_MESSAGES    16      /* messages made from one input */
#define SOCKET_BUSY_TRIES  1000    /* BUSY answers a good client accepts */

static server_t *server;
static void *context;
static void *good;                  /* connected all along */
static void *noisy;                 /* throws messages, reconnects */
static int port;
/*  The good Hellos' ids: far from the small ids a thrown message may
 *  carry, so that the reply to a thrown request on the same socket is
 *  never taken for the Hello's (under load, BUSY answers move the ids
 *  along, and a thrown request once carried the Hello's id). */
static uint64_t next_id = 0x5eed000000000001ULL;

/*  ZMTP 3.0 greeting, NULL mechanism, as a client. */
static const uint8_t zmtp_greeting[64] = {
    0xff, 0, 0, 0, 0, 0, 0, 0, 1, 0x7f, 3, 0, 'N', 'U', 'L', 'L'
};

/*  A READY command for a DEALER socket. */
static const uint8_t zmtp_ready[] = {
    0x04, 28, 5, 'R', 'E', 'A', 'D', 'Y',
    11, 'S', 'o', 'c', 'k', 'e', 't', '-', 'T', 'y', 'p', 'e',
    0, 0, 0, 6, 'D', 'E', 'A', 'L', 'E', 'R'
};

static void
die (const char *what)
{
    fprintf (stderr, "fuzz_socket: %s\n", what);
    abort ();
}

static void *
dealer (void)
{
    void *socket = zmq_socket (context, ZMQ_DEALER);
    int linger = 0;
    if (!socket)
        die ("no socket");
    zmq_setsockopt (socket, ZMQ_LINGER, &linger, sizeof linger);
    if (zmq_connect (socket, server_endpoint (server)))
        die ("cannot connect");
    return socket;
}

static void
send_hello (void *socket, uint64_t id)
{
    Solo__V1__Hello body = SOLO__V1__HELLO__INIT;
    Solo__V1__Request request = SOLO__V1__REQUEST__INIT;
    request.id = id;
    request.body_case = SOLO__V1__REQUEST__BODY_HELLO;
    request.hello = &body;
    uint8_t buf[64];
    size_t len = solo__v1__request__pack (&request, buf);
    if (zmq_send (socket, buf, len, 0) != (int) len)
        die ("cannot send a Hello");
}

/*  Wait for the reply to request `id` on `socket`, dropping others.
 *  1: a HelloReply, 0: BUSY; aborts on anything else or no answer. */
static int
await_hello (void *socket, uint64_t id)
{
    while (true) {
        zmq_pollitem_t item = { socket, 0, ZMQ_POLLIN, 0 };
        int ready = zmq_poll (&item, 1, SOCKET_ANSWER_MS);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0) {
            fprintf (stderr, "fuzz_socket: no answer to Hello %llu within "
                     "%d ms\n", (unsigned long long) id, SOCKET_ANSWER_MS);
            abort ();
        }
        zmq_msg_t msg;
        zmq_msg_init (&msg);
        if (zmq_msg_recv (&msg, socket, 0) < 0)
            die ("cannot receive");
        Solo__V1__Reply *reply = solo__v1__reply__unpack (
            NULL, zmq_msg_size (&msg), zmq_msg_data (&msg));
        zmq_msg_close (&msg);
        if (!reply)
            die ("a reply that does not decode");
        int result = -1;
        if (reply->id == id) {
            if (reply->body_case == SOLO__V1__REPLY__BODY_HELLO)
                result = 1;
            else if (reply->body_case == SOLO__V1__REPLY__BODY_ERROR
                 &&  reply->error->code == SOLO__V1__ERROR__CODE__BUSY)
                result = 0;
            else {
                fprintf (stderr, "fuzz_socket: Hello %llu answered with body "
                         "%d%s%s\n", (unsigned long long) id,
                         (int) reply->body_case,
                         reply->body_case == SOLO__V1__REPLY__BODY_ERROR
                         ? ": " : "",
                         reply->body_case == SOLO__V1__REPLY__BODY_ERROR
                         ? reply->error->message : "");
                die ("Hello answered with something else");
            }
        }
        solo__v1__reply__free_unpacked (reply, NULL);
        if (result >= 0)
            return result;
    }
}

/*  Ask Hello on `socket` until answered (BUSY: a moment, again). */
static void
assert_served (void *socket)
{
    for (int tries = 0; tries < SOCKET_BUSY_TRIES; tries++) {
        uint64_t id = next_id++;
        send_hello (socket, id);
        if (await_hello (socket, id))
            return;
        struct timespec pause = { 0, 10 * 1000000L };
        nanosleep (&pause, NULL);
    }
    die ("BUSY every time");
}

static void
setup (void)
{
    solod_config_t cfg;
    solod_config_defaults (&cfg);
    snprintf (cfg.bind, sizeof cfg.bind, "tcp://127.0.0.1:*");
    snprintf (cfg.data_dir, sizeof cfg.data_dir, "%s/rules/data",
              fuzz_source_dir ());
    cfg.has_seed = true;
    cfg.seed = 1;
    cfg.workers = 2;
    cfg.queue_max = 16;
    cfg.max_message_bytes = 64 * 1024;
    cfg.log_level = LOG_LEVEL_ERROR;
    snprintf (cfg.state_db, sizeof cfg.state_db, ":memory:");
    char err[1024] = "";
    server = server_new (&cfg, err, sizeof err);
    if (!server) {
        fprintf (stderr, "fuzz_socket: no server: %s\n", err);
        abort ();
    }
    if (server_start (server))
        die ("the server does not start");
    const char *colon = strrchr (server_endpoint (server), ':');
    port = colon ? atoi (colon + 1) : 0;
    if (port <= 0)
        die ("no port");
    context = zmq_ctx_new ();
    good = dealer ();
    noisy = dealer ();
    assert_served (good);
}

/*  Open a raw TCP connection to the server, write `prefix` then the
 *  bytes, read what comes back for a moment, and reset it. */
static void
raw_tcp (const uint8_t *prefix, size_t prefix_len, const uint8_t *data,
         size_t size)
{
    int fd = socket (AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        die ("no TCP socket");
    struct sockaddr_in addr;
    memset (&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons ((uint16_t) port);
    addr.sin_addr.s_addr = htonl (INADDR_LOOPBACK);
    if (connect (fd, (struct sockaddr *) &addr, sizeof addr))
        die ("cannot connect over TCP");
    ssize_t put = 0;
    if (prefix_len)
        put = send (fd, prefix, prefix_len, MSG_NOSIGNAL);
    if (put >= 0 && size)
        put = send (fd, data, size, MSG_NOSIGNAL);
    (void) put;                      /* the daemon may hang up: fine */
    struct pollfd p = { fd, POLLIN, 0 };
    uint8_t sink[4096];
    while (poll (&p, 1, 5) > 0 && recv (fd, sink, sizeof sink, 0) > 0)
        ;
    struct linger reset = { 1, 0 };
    setsockopt (fd, SOL_SOCKET, SO_LINGER, &reset, sizeof reset);
    close (fd);
}

/*  Send the messages coded in the bytes on the noisy DEALER. */
static void
send_messages (const uint8_t *data, size_t size)
{
    size_t pos = 0;
    for (int m = 0; m < SOCKET_MESSAGES && pos < size; m++) {
        bool more;
        do {
            uint8_t head = data[pos++];
            size_t len = head & 0x7f;
            if (len > size - pos)
                len = size - pos;
            more = (head & 0x80) && pos + len < size;
            zmq_send (noisy, data + pos, len,
                      ZMQ_DONTWAIT | (more ? ZMQ_SNDMORE : 0));
            pos += len;
        } while (more);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
    if (!server)
        setup ();
    if (size < 1)
        return 0;
    uint8_t mode = data[0];
    data++;
    size--;
    if (mode & 1)
        raw_tcp (NULL, 0, data, size);
    if (mode & 2) {
        uint8_t prefix[sizeof zmtp_greeting + sizeof zmtp_ready];
        memcpy (prefix, zmtp_greeting, sizeof zmtp_greeting);
        memcpy (prefix + sizeof zmtp_greeting, zmtp_ready, sizeof zmtp_ready);
        raw_tcp (prefix, sizeof prefix, data, size);
    }
    if (mode & 4) {
        send_messages (data, size);
        uint64_t id = next_id++;
        send_hello (noisy, id);
        send_messages (data, size);
        await_hello (noisy, id);
    }
    assert_served (good);
    return 0;
}

void
fuzz_teardown (void)
{
    if (noisy)
        zmq_close (noisy);
    if (good)
        zmq_close (good);
    if (context)
        zmq_ctx_term (context);
    server_destroy (&server);
}
