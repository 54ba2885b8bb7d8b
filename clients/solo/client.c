/*  client.c - one request, one reply: the solo client's transport.  */
#include <assert.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <zmq.h>
#include "client.h"

struct _solo_client_t {
    void *context;
    void *socket;
    char *endpoint;
    int timeout_ms;
    solo_progress_fn *progress;      /* called while waiting, or NULL */
    void *progress_arg;
    int progress_every_ms;
    bool curve;                      /* a CURVE client */
};

void
solo_client_set_progress (solo_client_t *self, solo_progress_fn *fn,
                          void *arg, int every_ms)
{
    self->progress = fn;
    self->progress_arg = arg;
    self->progress_every_ms = every_ms > 0 ? every_ms : 250;
}

solo_client_t *
solo_client_new (const char *endpoint, int timeout_ms, char *err, size_t errlen)
{
    return solo_client_new_curve (endpoint, timeout_ms, NULL, NULL, err,
                                  errlen);
}

/*  True when `text` is a Z85 key of 40 characters. */
static bool
is_z85_key (const char *text)
{
    uint8_t bytes[32];
    return strlen (text) == 40 && zmq_z85_decode (bytes, text) != NULL;
}

int
solo_client_read_key (const char *text_or_path, char *key, char *err,
                      size_t errlen)
{
    if (is_z85_key (text_or_path)) {
        memcpy (key, text_or_path, 41);
        return 0;
    }
    FILE *file = fopen (text_or_path, "r");
    if (!file) {
        snprintf (err, errlen, "\"%s\" is neither a Z85 key (40 characters) "
                  "nor a key file: %s", text_or_path, strerror (errno));
        return -1;
    }
    char line[256];
    int number = 0, rc = -1;
    bool said = false;
    while (fgets (line, sizeof line, file)) {
        number++;
        char *start = line;
        while (*start == ' ' || *start == '\t')
            start++;
        size_t len = strlen (start);
        while (len > 0 && strchr (" \t\r\n", start[len - 1]))
            start[--len] = '\0';
        if (len == 0 || start[0] == '#')
            continue;
        if (is_z85_key (start)) {
            memcpy (key, start, 41);
            rc = 0;
        }
        else {
            snprintf (err, errlen, "%s:%d - not a Z85 key (40 characters)",
                      text_or_path, number);
            said = true;
        }
        break;
    }
    if (rc && !said)
        snprintf (err, errlen, "%s - no key in the file", text_or_path);
    fclose (file);
    return rc;
}

solo_client_t *
solo_client_new_curve (const char *endpoint, int timeout_ms,
                       const char *server_key, const char *client_secret_key,
                       char *err, size_t errlen)
{
    assert (endpoint);
    assert (timeout_ms > 0 && timeout_ms <= SOLO_MAX_TIMEOUT_MS);
    solo_client_t *self = calloc (1, sizeof *self);
    if (!self) {
        snprintf (err, errlen, "out of memory");
        return NULL;
    }
    self->timeout_ms = timeout_ms;
    self->endpoint = strdup (endpoint);
    self->context = zmq_ctx_new ();
    if (self->context)
        self->socket = zmq_socket (self->context, ZMQ_DEALER);
    if (!self->endpoint || !self->socket) {
        snprintf (err, errlen, "cannot make a ZeroMQ socket: %s",
                  zmq_strerror (zmq_errno ()));
        solo_client_destroy (&self);
        return NULL;
    }
    int linger = 0;
    int ipv6 = 1;
    int64_t max_bytes = SOLO_MAX_REPLY_BYTES;
    zmq_setsockopt (self->socket, ZMQ_LINGER, &linger, sizeof linger);
    /*  A DEALER without a connection waits for one to send, and a daemon
     *  that refused this client (its CURVE key, or its lack of one) has
     *  dropped it for good: waiting to send counts as waiting for the
     *  answer. */
    zmq_setsockopt (self->socket, ZMQ_SNDTIMEO, &timeout_ms, sizeof timeout_ms);
    zmq_setsockopt (self->socket, ZMQ_IPV6, &ipv6, sizeof ipv6);
    zmq_setsockopt (self->socket, ZMQ_MAXMSGSIZE, &max_bytes, sizeof max_bytes);
    if (server_key || client_secret_key) {
        char public_key[41];
        if (!zmq_has ("curve")) {
            snprintf (err, errlen, "this libzmq has no CURVE (built without "
                      "libsodium)");
            solo_client_destroy (&self);
            return NULL;
        }
        if (!server_key || !is_z85_key (server_key)
        ||  !client_secret_key || !is_z85_key (client_secret_key)
        ||  zmq_curve_public (public_key, client_secret_key)
        ||  zmq_setsockopt (self->socket, ZMQ_CURVE_SERVERKEY, server_key, 40)
        ||  zmq_setsockopt (self->socket, ZMQ_CURVE_PUBLICKEY, public_key, 40)
        ||  zmq_setsockopt (self->socket, ZMQ_CURVE_SECRETKEY,
                            client_secret_key, 40)) {
            snprintf (err, errlen, "CURVE needs the daemon's public key and "
                      "this client's secret key, each 40 characters of Z85");
            solo_client_destroy (&self);
            return NULL;
        }
        self->curve = true;
    }
    if (zmq_connect (self->socket, endpoint)) {
        snprintf (err, errlen, "cannot connect to \"%s\": %s", endpoint,
                  zmq_strerror (zmq_errno ()));
        solo_client_destroy (&self);
        return NULL;
    }
    return self;
}

void
solo_client_destroy (solo_client_t **self_p)
{
    assert (self_p);
    solo_client_t *self = *self_p;
    if (!self)
        return;
    if (self->socket)
        zmq_close (self->socket);
    if (self->context)
        zmq_ctx_term (self->context);
    free (self->endpoint);
    free (self);
    *self_p = NULL;
}

const char *
solo_client_endpoint (const solo_client_t *self)
{
    assert (self);
    return self->endpoint;
}

/*  A random non-zero request id: from /dev/urandom, else from the clock
 *  and the process id (a request id need only be unlikely to repeat). */
static uint64_t
random_request_id (void)
{
    uint64_t id = 0;
    FILE *urandom = fopen ("/dev/urandom", "rb");
    if (urandom) {
        if (fread (&id, sizeof id, 1, urandom) != 1)
            id = 0;
        fclose (urandom);
    }
    if (id == 0) {
        struct timespec now;
        clock_gettime (CLOCK_REALTIME, &now);
        id = (uint64_t) now.tv_sec * 1000000007u ^ (uint64_t) now.tv_nsec
           ^ (uint64_t) getpid () << 40;
        id ^= id >> 31;
        id *= 0x9E3779B97F4A7C15u;
    }
    return id ? id : 1;
}

static int64_t
now_ms (void)
{
    struct timespec now;
    clock_gettime (CLOCK_MONOTONIC, &now);
    return (int64_t) now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/*  Receive one whole message and return its last non-empty frame (the
 *  body: a DEALER sees no identity, and an empty delimiter frame may come
 *  first) in `body`, which the caller closes.  Returns 0 or -1. */
static int
receive_body (void *socket, zmq_msg_t *body)
{
    zmq_msg_init (body);
    int more = 1;
    while (more) {
        zmq_msg_t frame;
        zmq_msg_init (&frame);
        if (zmq_msg_recv (&frame, socket, 0) < 0) {
            zmq_msg_close (&frame);
            zmq_msg_close (body);
            return -1;
        }
        more = zmq_msg_more (&frame);
        if (zmq_msg_size (&frame) > 0) {
            zmq_msg_close (body);
            zmq_msg_init (body);
            zmq_msg_move (body, &frame);
        }
        zmq_msg_close (&frame);
    }
    return 0;
}

solo_call_t
solo_client_call (solo_client_t *self, Solo__V1__Request *request,
                  Solo__V1__Reply **reply_p, char *err, size_t errlen)
{
    assert (self);
    assert (request);
    assert (reply_p);
    *reply_p = NULL;
    request->id = random_request_id ();

    size_t size = solo__v1__request__get_packed_size (request);
    zmq_msg_t message;
    if (zmq_msg_init_size (&message, size)) {
        snprintf (err, errlen, "out of memory for a %zu-byte request", size);
        return SOLO_CALL_FAILED;
    }
    solo__v1__request__pack (request, zmq_msg_data (&message));
    int64_t start = now_ms ();
    int64_t deadline = start + self->timeout_ms;
    if (zmq_msg_send (&message, self->socket, 0) < 0) {
        bool unsent = zmq_errno () == EAGAIN;      /* ZMQ_SNDTIMEO */
        snprintf (err, errlen, "cannot send to %s: %s", self->endpoint,
                  zmq_strerror (zmq_errno ()));
        zmq_msg_close (&message);
        if (!unsent)
            return SOLO_CALL_FAILED;
        deadline = now_ms ();           /* no answer, said below */
    }

    while (true) {
        int64_t left = deadline - now_ms ();
        if (left < 0)
            left = 0;
        bool slice = self->progress && left > self->progress_every_ms;
        if (slice)
            left = self->progress_every_ms;
        zmq_pollitem_t item = { self->socket, 0, ZMQ_POLLIN, 0 };
        int ready = zmq_poll (&item, 1, (long) left);
        if (ready < 0 && zmq_errno () == EINTR)
            continue;
        if (ready == 0 && slice) {
            self->progress (self->progress_arg, (int) (now_ms () - start));
            continue;
        }
        if (ready < 0) {
            snprintf (err, errlen, "cannot wait for %s: %s", self->endpoint,
                      zmq_strerror (zmq_errno ()));
            return SOLO_CALL_FAILED;
        }
        if (ready == 0) {
            snprintf (err, errlen,
                      "no answer from %s within %d ms: is solod running?%s",
                      self->endpoint, self->timeout_ms,
                      self->curve ? "  Is this client's public key on its "
                                    "allow-list, and the server key right?"
                                  : "");
            return SOLO_CALL_NO_ANSWER;
        }
        zmq_msg_t body;
        if (receive_body (self->socket, &body)) {
            if (zmq_errno () == EINTR)
                continue;
            snprintf (err, errlen, "cannot receive from %s: %s",
                      self->endpoint, zmq_strerror (zmq_errno ()));
            return SOLO_CALL_FAILED;
        }
        Solo__V1__Reply *reply = solo__v1__reply__unpack (
            NULL, zmq_msg_size (&body), zmq_msg_data (&body));
        size_t body_size = zmq_msg_size (&body);
        zmq_msg_close (&body);
        if (!reply) {
            snprintf (err, errlen,
                      "the answer from %s is not a solo.v1 reply "
                      "(%zu bytes that do not decode)",
                      self->endpoint, body_size);
            return SOLO_CALL_BAD_REPLY;
        }
        /*  Id 0 is the daemon's answer to a request it could not read:
         *  with one request in flight, that request is ours. */
        bool unread = reply->id == 0
                   && reply->body_case == SOLO__V1__REPLY__BODY_ERROR;
        if (reply->id == request->id || unread) {
            *reply_p = reply;
            return SOLO_CALL_OK;
        }
        solo__v1__reply__free_unpacked (reply, NULL);   /* a stale answer */
    }
}
