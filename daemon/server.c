/*  server.c - the ROUTER socket, the load-balancing broker and the
 *  worker threads.
 *
 *  Frames between the broker and a worker (over inproc):
 *      broker -> worker: client identity, envelope flag, seed, body
 *      worker -> broker: client identity, envelope flag, reply
 *  and a worker announces itself idle once with the single frame READY.
 *  The envelope flag is one byte: 1 when the client's request carried the
 *  empty delimiter frame (REQ, or a DEALER that mimics one).
 *
 *  A worker busy with a quick request may be handed one more quick
 *  request, which waits in its pipe: it takes it up as soon as it has
 *  sent its reply, without waiting for the broker to hear of it and hand
 *  it the next one.  Such a request counts as queued (queue_max), and a
 *  slow request is never handed on like this, nor put behind a slow one.
 */
#include <errno.h>
#include <assert.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <zmq.h>
#include "catalog.h"
#include "dice.h"
#include "gamestore.h"
#include "handlers.h"
#include "log.h"
#include "security.h"
#include "server.h"

#define SERVER_READY        "READY"
#define SERVER_FRAMES_KEPT  4       /* frames of a request looked at */
#define SERVER_LINGER_MS    1000    /* time to flush replies at close */
#define SERVER_BATCH        64      /* messages read per socket per turn */
/*  The largest AskUnit the broker answers itself (answer_here): about
 *  160 units, under a tenth of a millisecond of work on a 2020s core. */
#define SERVER_HERE_MAX_BYTES 16384
/*  A request up to a quarter over max_message_bytes is read and answered
 *  LIMIT_EXCEEDED; a larger one makes ZeroMQ drop the connection unread. */
#define SERVER_MESSAGE_GRACE_DIVISOR 4
/*  Connections told apart by their file descriptor below this: a client
 *  that leaves having sent nothing the daemon read is logged (ZeroMQ
 *  drops a message over the socket's size limit by closing the
 *  connection, and says nothing else). */
#define SERVER_FDS_TRACKED 65536

/*  A request waiting for a worker. */
typedef struct pending_t {
    struct pending_t *next;
    zmq_msg_t identity;
    zmq_msg_t body;
    bool delimiter;
    bool slow;                       /* a battle or a search */
    uint64_t seed;
} pending_t;

typedef struct {
    server_t *server;
    int index;
    pthread_t thread;
    bool started;
    /* the broker's record of it */
    char id[16];                     /* its routing id, "wN" */
    int held;                        /* requests handed and not answered */
    bool slow;                       /* the one it works on is slow */
    bool ahead;                      /* a second one waits in its pipe */
    zmq_msg_t ahead_identity;        /* whose, to answer it BUSY should the
                                        daemon stop before it is taken */
    bool ahead_delimiter;
    uint64_t ahead_id;
} worker_t;

struct server_t {
    solod_config_t config;
    catalog_t *catalog;
    gamestore_t *games;
    char scenario_dir[SOLOD_PATH_MAX];
    atomic_bool stopping;            /* searches answer with what they have */
    handler_context_t handlers;
    dice_t *dice;                    /* the daemon's dice: broker only */
    uint64_t seed;
    void *zmq;
    security_t *security;            /* the ZAP handler, with CURVE */
    void *frontend;                  /* ROUTER facing the clients */
    void *monitor;                   /* PAIR: the frontend's connections
                                        accepted and closed; NULL: none */
    uint8_t *fd_spoke;               /* SERVER_FDS_TRACKED: 1 once the
                                        connection on that fd sent a
                                        message the daemon read */
    void *backend;                   /* ROUTER facing the workers */
    char endpoint[SOLOD_ENDPOINT_MAX];
    char backend_endpoint[64];
    int stop_pipe[2];
    worker_t *workers;
    int worker_count;
    /* broker state */
    int *idle;                       /* idle worker indices, longest
                                        waiting first */
    int idle_count;
    solod_broker_answers_t broker_answers;  /* never AUTO */
    int quick_workers;               /* workers 0..quick_workers-1 take
                                        no slow work */
    int busy;
    pending_t *queue_head, *queue_tail;
    int queue_length;
    int ahead_count;                 /* requests waiting in workers' pipes */
    int ahead_next;                  /* where the search for one starts */
    bool draining;
    /* the thread of server_start */
    pthread_t thread;
    bool thread_started;
    atomic_bool running;
    atomic_int in_hand;              /* busy + queue_length, for
                                        server_requests_in_hand */
};

/*  ---- small helpers ---------------------------------------------------- */

static double
monotonic_ms (void)
{
    struct timespec now;
    clock_gettime (CLOCK_MONOTONIC, &now);
    return (double) now.tv_sec * 1000.0 + (double) now.tv_nsec / 1e6;
}

/*  Threads of the server leave signals to the process's main thread. */
static void
block_signals (void)
{
    sigset_t all;
    sigfillset (&all);
    pthread_sigmask (SIG_BLOCK, &all, NULL);
}

static void
free_buffer (void *data, void *hint)
{
    (void) hint;
    free (data);
}

/*  Send a buffer as one frame, handing its ownership to ZeroMQ. */
static int
send_owned (void *socket, uint8_t *data, size_t len, int flags)
{
    zmq_msg_t msg;
    if (zmq_msg_init_data (&msg, data, len, free_buffer, NULL)) {
        free (data);
        return -1;
    }
    if (zmq_msg_send (&msg, socket, flags) < 0) {
        zmq_msg_close (&msg);
        return -1;
    }
    return 0;
}

static int
send_bytes (void *socket, const void *data, size_t len, int flags)
{
    return zmq_send (socket, data, len, flags) < 0 ? -1 : 0;
}

/*  Receive one whole multi-frame message, waiting for its first frame
 *  when `wait`: the first SERVER_FRAMES_KEPT frames into `frames`, the
 *  count of all into *total.  Returns 0, or -1 with errno (EAGAIN:
 *  nothing there; EINTR; ETERM: the context is shutting down). */
static int
receive_message_wait (void *socket, zmq_msg_t *frames, int *kept, int *total,
                      bool wait)
{
    *kept = 0;
    *total = 0;
    int more;
    do {
        zmq_msg_t part;
        zmq_msg_init (&part);
        if (zmq_msg_recv (&part, socket, *total || wait ? 0 : ZMQ_DONTWAIT)
            < 0) {
            int saved = errno;
            zmq_msg_close (&part);
            for (int i = 0; i < *kept; i++)
                zmq_msg_close (&frames[i]);
            *kept = 0;
            errno = saved;
            return -1;
        }
        more = zmq_msg_more (&part);
        if (*kept < SERVER_FRAMES_KEPT) {
            zmq_msg_init (&frames[*kept]);
            zmq_msg_move (&frames[(*kept)++], &part);
        }
        zmq_msg_close (&part);
        (*total)++;
    } while (more);
    return 0;
}

/*  receive_message_wait without waiting. */
static int
receive_message (void *socket, zmq_msg_t *frames, int *kept, int *total)
{
    return receive_message_wait (socket, frames, kept, total, false);
}

static void
close_frames (zmq_msg_t *frames, int count)
{
    for (int i = 0; i < count; i++)
        zmq_msg_close (&frames[i]);
}

/*  ---- workers ---------------------------------------------------------- */

/*  A worker: takes one request at a time from the broker, serves it and
 *  sends back the reply, until the context is shut down. */
static void *
worker_main (void *arg)
{
    worker_t *self = arg;
    server_t *server = self->server;
    block_signals ();
    void *socket = zmq_socket (server->zmq, ZMQ_DEALER);
    if (!socket) {
        if (errno != ETERM)
            log_error ("worker %d: no socket: %s", self->index,
                       zmq_strerror (errno));
        return NULL;
    }
    int linger = 0;
    char id[16];
    snprintf (id, sizeof id, "w%d", self->index);
    /*  the broker sends to a worker by this id */
    if (zmq_setsockopt (socket, ZMQ_LINGER, &linger, sizeof linger)
    ||  zmq_setsockopt (socket, ZMQ_ROUTING_ID, id, strlen (id))
    ||  zmq_connect (socket, server->backend_endpoint)
    ||  send_bytes (socket, SERVER_READY, strlen (SERVER_READY), 0)) {
        if (errno != ETERM)
            log_error ("worker %d: cannot reach the broker: %s", self->index,
                       zmq_strerror (errno));
        zmq_close (socket);
        return NULL;
    }
    while (true) {
        zmq_msg_t frames[SERVER_FRAMES_KEPT];
        int kept = 0, total = 0;
        /*  A blocking read, not a poll first: no system call when the
         *  next request already waits in the pipe. */
        if (receive_message_wait (socket, frames, &kept, &total, true)) {
            if (errno == EAGAIN || errno == EINTR)
                continue;
            break;                           /* ETERM: shutting down */
        }
        if (total != 4) {
            log_error ("worker %d: broker sent %d frames", self->index, total);
            close_frames (frames, kept);
            continue;
        }
        uint64_t seed = 0;
        if (zmq_msg_size (&frames[2]) == sizeof seed)
            memcpy (&seed, zmq_msg_data (&frames[2]), sizeof seed);
        double start = monotonic_ms ();
        handler_result_t result;
        uint8_t *reply = NULL;
        size_t reply_len = 0;
        if (handlers_serve (&server->handlers, zmq_msg_data (&frames[3]),
                            zmq_msg_size (&frames[3]), seed, &reply,
                            &reply_len, &result)) {
            result.code = SOLO__V1__ERROR__CODE__INTERNAL;
            handlers_error_reply (result.request_id,
                                  SOLO__V1__ERROR__CODE__INTERNAL, "",
                                  "out of memory", &reply, &reply_len);
        }
        double took = monotonic_ms () - start;
        int rc = -1;
        if (reply) {
            /* send_owned frees the reply; so must a failure before it */
            if (zmq_msg_send (&frames[0], socket, ZMQ_SNDMORE) < 0
            ||  zmq_msg_send (&frames[1], socket, ZMQ_SNDMORE) < 0)
                free (reply);
            else
                rc = send_owned (socket, reply, reply_len, 0);
        }
        close_frames (frames, kept);
        if (log_enabled (LOG_LEVEL_INFO))
            log_info ("request id=%" PRIu64 " body=%s %.3f ms %s%s%s",
                      result.request_id, result.body, took,
                      handlers_code_name (result.code),
                      result.field[0] ? " field=" : "", result.field);
        if (rc && errno == ETERM)
            break;
    }
    zmq_close (socket);
    return NULL;
}

/*  ---- the broker ------------------------------------------------------- */

/*  A 64-bit seed for one request from the daemon's dice. */
static uint64_t
next_seed (server_t *self)
{
    uint64_t high = dice_below (self->dice, UINT32_MAX);
    uint64_t low = dice_below (self->dice, UINT32_MAX);
    return high << 32 | low;
}

/*  Send a reply to a client with the envelope its request had. */
static void
reply_to_client (server_t *self, zmq_msg_t *identity, bool delimiter,
                 uint8_t *reply, size_t reply_len)
{
    if (zmq_msg_send (identity, self->frontend, ZMQ_SNDMORE) < 0
    ||  (delimiter && send_bytes (self->frontend, "", 0, ZMQ_SNDMORE))) {
        free (reply);
        return;
    }
    send_owned (self->frontend, reply, reply_len, 0);
}

/*  Answer request `id` in the broker with an Error. */
static void
reply_error_id (server_t *self, zmq_msg_t *identity, bool delimiter,
                uint64_t id, error_code_t code, const char *message)
{
    uint8_t *reply = NULL;
    size_t reply_len = 0;
    if (handlers_error_reply (id, code, "", message, &reply, &reply_len))
        return;
    reply_to_client (self, identity, delimiter, reply, reply_len);
    log_info ("request id=%" PRIu64 " body=- 0.000 ms %s (%s)", id,
              handlers_code_name (code), message);
}

/*  Answer a request in the broker with an Error (BUSY, or a bad envelope). */
static void
reply_error_now (server_t *self, zmq_msg_t *identity, bool delimiter,
                 zmq_msg_t *first_body, error_code_t code, const char *message)
{
    uint64_t id = first_body
                ? handlers_peek_request_id (zmq_msg_data (first_body),
                                            zmq_msg_size (first_body))
                : 0;
    reply_error_id (self, identity, delimiter, id, code, message);
}

/*  The place in the idle list of the idle worker that has waited longest
 *  among those that may take the request (slow work: not a quick
 *  worker), or -1. */
static int
idle_for (const server_t *self, bool slow)
{
    for (int i = 0; i < self->idle_count; i++)
        if (!slow || self->idle[i] >= self->quick_workers)
            return i;
    return -1;
}

/*  Send a request to worker `worker`. */
static void
send_to_worker (server_t *self, int worker, zmq_msg_t *identity,
                zmq_msg_t *body, bool delimiter, uint64_t seed)
{
    const char *id = self->workers[worker].id;
    uint8_t flag = delimiter ? 1 : 0;
    self->busy++;
    if (send_bytes (self->backend, id, strlen (id), ZMQ_SNDMORE)
    ||  zmq_msg_send (identity, self->backend, ZMQ_SNDMORE) < 0
    ||  send_bytes (self->backend, &flag, 1, ZMQ_SNDMORE)
    ||  send_bytes (self->backend, &seed, sizeof seed, ZMQ_SNDMORE)
    ||  zmq_msg_send (body, self->backend, 0) < 0)
        log_error ("cannot pass a request to worker %d: %s", worker,
                   zmq_strerror (errno));
}

/*  Hand a request to the idle worker at place `place` of the idle list. */
static void
dispatch (server_t *self, int place, zmq_msg_t *identity, zmq_msg_t *body,
          bool delimiter, bool slow, uint64_t seed)
{
    int worker = self->idle[place];
    memmove (&self->idle[place], &self->idle[place + 1],
             (size_t) (self->idle_count - place - 1) * sizeof self->idle[0]);
    self->idle_count--;
    self->workers[worker].held = 1;
    self->workers[worker].slow = slow;
    send_to_worker (self, worker, identity, body, delimiter, seed);
}

/*  A worker busy with a quick request and nothing waiting behind it, or
 *  -1; the search goes round the workers. */
static int
ahead_for (server_t *self)
{
    for (int k = 0; k < self->worker_count; k++) {
        int w = (self->ahead_next + k) % self->worker_count;
        const worker_t *worker = &self->workers[w];
        if (worker->held == 1 && !worker->slow && !worker->ahead) {
            self->ahead_next = (w + 1) % self->worker_count;
            return w;
        }
    }
    return -1;
}

/*  Hand a quick request to worker `worker` busy with another quick one:
 *  it waits in the worker's pipe, counted as queued. */
static void
dispatch_ahead (server_t *self, int worker, zmq_msg_t *identity,
                zmq_msg_t *body, bool delimiter, uint64_t seed)
{
    worker_t *w = &self->workers[worker];
    zmq_msg_init (&w->ahead_identity);
    int copied = zmq_msg_copy (&w->ahead_identity, identity);
    assert (copied == 0);        /* fails only on an invalid message */
    (void) copied;
    w->ahead_delimiter = delimiter;
    w->ahead_id = handlers_peek_request_id (zmq_msg_data (body),
                                            zmq_msg_size (body));
    w->ahead = true;
    w->held = 2;
    self->ahead_count++;
    send_to_worker (self, worker, identity, body, delimiter, seed);
}

/*  The request waiting in worker w's pipe is taken up, or answered. */
static void
forget_ahead (server_t *self, worker_t *w)
{
    if (!w->ahead)
        return;
    zmq_msg_close (&w->ahead_identity);
    w->ahead = false;
    self->ahead_count--;
}

static void
mark_idle (server_t *self, int worker)
{
    self->workers[worker].held = 0;
    self->workers[worker].slow = false;
    self->idle[self->idle_count++] = worker;
}

/*  The worker index of a routing id "wN", or -1. */
static int
worker_index (server_t *self, zmq_msg_t *id)
{
    char text[16];
    size_t len = zmq_msg_size (id);
    if (len < 2 || len >= sizeof text)
        return -1;
    memcpy (text, zmq_msg_data (id), len);
    text[len] = '\0';
    if (text[0] != 'w')
        return -1;
    int index = atoi (text + 1);
    return index >= 0 && index < self->worker_count ? index : -1;
}

/*  Feed the longest-waiting queued requests to the idle workers that
 *  may take them: a quick request passes slow ones that wait for a
 *  worker the quick one cannot have. */
static void
drain_queue (server_t *self)
{
    pending_t *prev = NULL, *p = self->queue_head;
    while (p) {
        pending_t *next = p->next;
        int place = idle_for (self, p->slow);
        int ahead = place < 0 && !p->slow ? ahead_for (self) : -1;
        if (place < 0 && ahead < 0) {
            prev = p;
            p = next;
            continue;
        }
        if (prev)
            prev->next = next;
        else
            self->queue_head = next;
        if (self->queue_tail == p)
            self->queue_tail = prev;
        self->queue_length--;
        if (place >= 0)
            dispatch (self, place, &p->identity, &p->body, p->delimiter,
                      p->slow, p->seed);
        else
            dispatch_ahead (self, ahead, &p->identity, &p->body,
                            p->delimiter, p->seed);
        zmq_msg_close (&p->identity);
        zmq_msg_close (&p->body);
        free (p);
        p = next;
    }
}

/*  Publish the requests in hand (busy + queued) for
 *  server_requests_in_hand. */
static void
note_in_hand (server_t *self)
{
    atomic_store_explicit (&self->in_hand, self->busy + self->queue_length,
                           memory_order_release);
}

/*  A message from a worker: READY, or a reply to pass on.  The reply's
 *  request leaves the count in hand before the reply leaves the broker:
 *  a client holding its answer never finds it still counted (a test that
 *  waits for the count after an answer would otherwise read the old
 *  one). */
static int
from_worker (server_t *self)
{
    zmq_msg_t frames[SERVER_FRAMES_KEPT];
    int kept, total;
    if (receive_message (self->backend, frames, &kept, &total))
        return -1;
    int worker = worker_index (self, &frames[0]);
    if (worker < 0) {
        log_error ("a message from an unknown worker");
        close_frames (frames, kept);
        return 0;
    }
    if (total == 4) {
        self->busy--;
        worker_t *w = &self->workers[worker];
        if (--w->held > 0) {
            forget_ahead (self, w);      /* the one behind is under way */
            w->slow = false;
        }
        else
            mark_idle (self, worker);
        note_in_hand (self);
        bool delimiter = zmq_msg_size (&frames[2]) == 1
                      && *(uint8_t *) zmq_msg_data (&frames[2]) == 1;
        if (zmq_msg_send (&frames[1], self->frontend, ZMQ_SNDMORE) >= 0
        &&  (!delimiter || send_bytes (self->frontend, "", 0, ZMQ_SNDMORE) == 0))
            zmq_msg_send (&frames[3], self->frontend, 0);
    }
    else if (total == 2)
        mark_idle (self, worker);            /* READY */
    else
        log_error ("worker %d sent %d frames", worker, total);
    close_frames (frames, kept);
    drain_queue (self);
    return 0;
}

/*  True when the broker answers a request itself rather than hand it to
 *  a worker: a small self-contained AskUnit (handlers_peek_self_contained,
 *  at most SERVER_HERE_MAX_BYTES), always (SOLOD_BROKER_ALWAYS: on a
 *  machine of one or two CPUs, where a worker cannot run beside the
 *  broker and ZeroMQ's I/O thread and a hand-over only costs thread
 *  switches), or only while nothing else waits for the broker, neither a
 *  queued request, nor another client's, nor a worker's reply
 *  (SOLOD_BROKER_WHEN_IDLE: with more CPUs, where the workers answer a
 *  crowd in parallel).  Two thread hand-overs fewer for the commonest
 *  question; what arrives meanwhile waits at most one such answer per
 *  batch of SERVER_BATCH. */
static bool
answer_here (server_t *self, zmq_msg_t *body)
{
    if (self->broker_answers == SOLOD_BROKER_NEVER
    ||  zmq_msg_size (body) > SERVER_HERE_MAX_BYTES
    ||  self->config.test_delay_ms > 0
    ||  !handlers_peek_self_contained (zmq_msg_data (body),
                                       zmq_msg_size (body)))
        return false;
    if (self->broker_answers == SOLOD_BROKER_ALWAYS)
        return true;
    if (self->queue_head)
        return false;
    int events = 0;
    size_t size = sizeof events;
    if (zmq_getsockopt (self->frontend, ZMQ_EVENTS, &events, &size)
    ||  (events & ZMQ_POLLIN))
        return false;
    size = sizeof events;
    if (zmq_getsockopt (self->backend, ZMQ_EVENTS, &events, &size)
    ||  (events & ZMQ_POLLIN))
        return false;
    return true;
}

/*  Answer a request in the broker's own thread, as a worker would. */
static void
serve_here (server_t *self, zmq_msg_t *identity, bool delimiter,
            zmq_msg_t *body, uint64_t seed)
{
    double start = monotonic_ms ();
    handler_result_t result;
    uint8_t *reply = NULL;
    size_t reply_len = 0;
    if (handlers_serve (&self->handlers, zmq_msg_data (body),
                        zmq_msg_size (body), seed, &reply, &reply_len,
                        &result)) {
        result.code = SOLO__V1__ERROR__CODE__INTERNAL;
        if (handlers_error_reply (result.request_id,
                                  SOLO__V1__ERROR__CODE__INTERNAL, "",
                                  "out of memory", &reply, &reply_len))
            return;
    }
    double took = monotonic_ms () - start;
    reply_to_client (self, identity, delimiter, reply, reply_len);
    if (log_enabled (LOG_LEVEL_INFO))
        log_info ("request id=%" PRIu64 " body=%s %.3f ms %s%s%s (broker)",
                  result.request_id, result.body, took,
                  handlers_code_name (result.code),
                  result.field[0] ? " field=" : "", result.field);
}

/*  A message from a client: check its envelope, then give it to a worker,
 *  queue it, or answer BUSY. */
static int
from_client (server_t *self)
{
    zmq_msg_t frames[SERVER_FRAMES_KEPT];
    int kept, total;
    if (receive_message (self->frontend, frames, &kept, &total))
        return -1;
    if (total < 2) {                         /* a ROUTER never gives this */
        close_frames (frames, kept);
        return 0;
    }
    bool delimiter = total >= 3 && zmq_msg_size (&frames[1]) == 0;
    int body_index = delimiter ? 2 : 1;
    int bodies = total - body_index;
    int fd = zmq_msg_get (&frames[body_index < kept ? body_index : 0],
                          ZMQ_SRCFD);
    if (self->fd_spoke && fd >= 0 && fd < SERVER_FDS_TRACKED)
        self->fd_spoke[fd] = 1;
    uint64_t seed = next_seed (self);
    int place;
    bool slow = bodies == 1
             && handlers_peek_slow (zmq_msg_data (&frames[body_index]),
                                    zmq_msg_size (&frames[body_index]));
    if (bodies != 1) {
        char message[160];
        snprintf (message, sizeof message,
                  "a request is one frame after the identity (and the "
                  "optional empty delimiter); got %d frames", bodies);
        reply_error_now (self, &frames[0], delimiter, &frames[body_index],
                         SOLO__V1__ERROR__CODE__BAD_REQUEST, message);
    }
    else if (zmq_msg_size (&frames[body_index])
             > (size_t) self->config.max_message_bytes) {
        char message[160];
        snprintf (message, sizeof message,
                  "a request of %zu bytes is more than max_message_bytes "
                  "(%d)", zmq_msg_size (&frames[body_index]),
                  self->config.max_message_bytes);
        reply_error_now (self, &frames[0], delimiter, &frames[body_index],
                         SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED, message);
    }
    else if (self->draining)
        reply_error_now (self, &frames[0], delimiter, &frames[body_index],
                         SOLO__V1__ERROR__CODE__BUSY,
                         "the daemon is shutting down");
    else if (!slow && answer_here (self, &frames[body_index]))
        serve_here (self, &frames[0], delimiter, &frames[body_index], seed);
    else if ((place = idle_for (self, slow)) >= 0)
        dispatch (self, place, &frames[0], &frames[body_index], delimiter,
                  slow, seed);
    else if (!slow && self->queue_length + self->ahead_count
                      < self->config.queue_max
             && (place = ahead_for (self)) >= 0)
        dispatch_ahead (self, place, &frames[0], &frames[body_index],
                        delimiter, seed);
    else if (self->queue_length + self->ahead_count < self->config.queue_max) {
        pending_t *p = calloc (1, sizeof *p);
        if (!p)
            reply_error_now (self, &frames[0], delimiter, &frames[body_index],
                             SOLO__V1__ERROR__CODE__BUSY, "out of memory");
        else {
            zmq_msg_init (&p->identity);
            zmq_msg_init (&p->body);
            zmq_msg_move (&p->identity, &frames[0]);
            zmq_msg_move (&p->body, &frames[body_index]);
            p->delimiter = delimiter;
            p->slow = slow;
            p->seed = seed;
            if (self->queue_tail)
                self->queue_tail->next = p;
            else
                self->queue_head = p;
            self->queue_tail = p;
            self->queue_length++;
        }
    }
    else {
        char message[160];
        snprintf (message, sizeof message,
                  "all %d workers are busy and %d requests wait; try again",
                  self->worker_count, self->queue_length + self->ahead_count);
        reply_error_now (self, &frames[0], delimiter, &frames[body_index],
                         SOLO__V1__ERROR__CODE__BUSY, message);
    }
    close_frames (frames, kept);
    return 0;
}

/*  Answer every request still queued when the drain time is up, those
 *  waiting in the workers' pipes too (their answers will not be passed
 *  on). */
static void
refuse_queue (server_t *self)
{
    for (int i = 0; i < self->worker_count; i++) {
        worker_t *w = &self->workers[i];
        if (w->ahead)
            reply_error_id (self, &w->ahead_identity, w->ahead_delimiter,
                            w->ahead_id, SOLO__V1__ERROR__CODE__BUSY,
                            "the daemon is shutting down");
        forget_ahead (self, w);
    }
    while (self->queue_head) {
        pending_t *p = self->queue_head;
        self->queue_head = p->next;
        reply_error_now (self, &p->identity, p->delimiter, &p->body,
                         SOLO__V1__ERROR__CODE__BUSY,
                         "the daemon is shutting down");
        zmq_msg_close (&p->identity);
        zmq_msg_close (&p->body);
        free (p);
    }
    self->queue_tail = NULL;
    self->queue_length = 0;
}

/*  An event of the frontend's monitor: a connection closed without a
 *  message read is logged, as the only trace of a request ZeroMQ dropped
 *  for its size; its fd starts unheard for the next connection. */
static void
from_monitor (server_t *self)
{
    zmq_msg_t frames[SERVER_FRAMES_KEPT];
    int kept, total;
    if (receive_message (self->monitor, frames, &kept, &total))
        return;
    if (kept >= 1 && zmq_msg_size (&frames[0]) >= 6) {
        uint16_t event;
        uint32_t fd;
        memcpy (&event, zmq_msg_data (&frames[0]), sizeof event);
        memcpy (&fd, (const uint8_t *) zmq_msg_data (&frames[0]) + 2,
                sizeof fd);
        if (fd < SERVER_FDS_TRACKED && event == ZMQ_EVENT_DISCONNECTED
            && !self->fd_spoke[fd]++)
            log_warn ("a client (connection %u) left without a request the "
                      "daemon could read: a request of more than %lld bytes "
                      "(max_message_bytes and a quarter) is dropped by "
                      "ZeroMQ this way, unanswered", fd,
                      (long long) self->config.max_message_bytes
                      + self->config.max_message_bytes
                        / SERVER_MESSAGE_GRACE_DIVISOR);
        if (fd < SERVER_FDS_TRACKED && event == ZMQ_EVENT_DISCONNECTED)
            self->fd_spoke[fd] = 0;         /* the fd is free for the next */
    }
    close_frames (frames, kept);
}

int
server_run (server_t *self)
{
    bool expected = false;
    if (!atomic_compare_exchange_strong (&self->running, &expected, true))
        return -1;
    /*  Every worker says READY before the first request is taken, so a
     *  burst at start-up is not refused BUSY for want of a worker that is
     *  only starting.  Clients' requests wait in the socket meanwhile. */
    while (self->idle_count < self->worker_count) {
        zmq_pollitem_t items[2] = {
            { self->backend, 0, ZMQ_POLLIN, 0 },
            { NULL, self->stop_pipe[0], ZMQ_POLLIN, 0 }
        };
        if (zmq_poll (items, 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (items[1].revents & ZMQ_POLLIN)
            break;                  /* stopped before it began: drain below */
        if (from_worker (self) && errno != EAGAIN && errno != EINTR)
            break;
    }
    log_info ("solod %s serving on %s with %d workers, dice seed %" PRIu64
              ", broker_answers %s",
              SOLO_VERSION, self->endpoint, self->worker_count, self->seed,
              solod_broker_answers_name (self->broker_answers));
    double deadline = 0;
    int rc = 0;
    while (true) {
        zmq_pollitem_t items[4] = {
            { self->backend, 0, ZMQ_POLLIN, 0 },
            { self->frontend, 0, ZMQ_POLLIN, 0 },
            { NULL, self->stop_pipe[0], ZMQ_POLLIN, 0 },
            { self->monitor, 0, ZMQ_POLLIN, 0 }
        };
        long timeout = -1;
        if (self->draining) {
            if (self->busy == 0 && !self->queue_head)
                break;
            double left = deadline - monotonic_ms ();
            if (left <= 0)
                break;
            timeout = (long) left + 1;
        }
        if (zmq_poll (items, self->monitor ? 4 : 3, timeout) < 0) {
            if (errno == EINTR)
                continue;
            log_error ("the broker stopped: %s", zmq_strerror (errno));
            rc = -1;
            break;
        }
        /*  What has arrived is taken before a stop is heeded. */
        for (int i = 0; i < SERVER_BATCH && (items[0].revents & ZMQ_POLLIN); i++)
            if (from_worker (self))
                break;
        for (int i = 0; i < SERVER_BATCH && (items[1].revents & ZMQ_POLLIN); i++)
            if (from_client (self))
                break;
        /* after the clients: a message read before its connection closed
           marks it as heard */
        for (int i = 0; self->monitor && i < SERVER_BATCH
                        && (items[3].revents & ZMQ_POLLIN); i++)
            from_monitor (self);
        note_in_hand (self);
        if (items[2].revents & ZMQ_POLLIN) {
            char byte[16];
            ssize_t got = read (self->stop_pipe[0], byte, sizeof byte);
            (void) got;
            if (!self->draining) {
                self->draining = true;
                atomic_store (&self->stopping, true);
                deadline = monotonic_ms () + SERVER_DRAIN_MS;
                log_info ("stopping: %d requests in hand, %d queued",
                          self->busy - self->ahead_count,
                          self->queue_length + self->ahead_count);
            }
        }
    }
    refuse_queue (self);
    log_info ("stopped");
    atomic_store (&self->running, false);
    return rc;
}

int
server_requests_in_hand (const server_t *self)
{
    assert (self);
    return atomic_load_explicit (&((server_t *) self)->in_hand,
                                 memory_order_acquire);
}

static void *
server_thread (void *arg)
{
    block_signals ();
    server_run ((server_t *) arg);
    return NULL;
}

int
server_start (server_t *self)
{
    if (self->thread_started)
        return -1;
    if (pthread_create (&self->thread, NULL, server_thread, self))
        return -1;
    self->thread_started = true;
    return 0;
}

void
server_stop (server_t *self)
{
    char byte = 1;
    ssize_t put = write (self->stop_pipe[1], &byte, 1);
    (void) put;      /* a full pipe already says stop */
}

/*  ---- life cycle ------------------------------------------------------- */

/*  Make a ROUTER socket with the daemon's options. */
static void *
router_socket (server_t *self, bool facing_clients)
{
    void *socket = zmq_socket (self->zmq, ZMQ_ROUTER);
    if (!socket)
        return NULL;
    int linger = facing_clients ? SERVER_LINGER_MS : 0;
    int mandatory = 0;
    int64_t max_size = self->config.max_message_bytes
        + self->config.max_message_bytes / SERVER_MESSAGE_GRACE_DIVISOR;
    /*  a socket without its size limit would take any message: none */
    if (zmq_setsockopt (socket, ZMQ_LINGER, &linger, sizeof linger)
        || zmq_setsockopt (socket, ZMQ_ROUTER_MANDATORY, &mandatory,
                           sizeof mandatory)
        || (facing_clients
            && zmq_setsockopt (socket, ZMQ_MAXMSGSIZE, &max_size,
                               sizeof max_size))) {
        zmq_close (socket);
        return NULL;
    }
    return socket;
}

server_t *
server_new (const solod_config_t *config, char *err, int errlen)
{
    server_t *self = calloc (1, sizeof *self);
    if (!self) {
        snprintf (err, (size_t) errlen, "out of memory");
        return NULL;
    }
    self->config = *config;
    self->stop_pipe[0] = self->stop_pipe[1] = -1;
    atomic_init (&self->running, false);
    atomic_init (&self->stopping, false);
    atomic_init (&self->in_hand, 0);
    log_set_level (config->log_level);

    char data_dir[SOLOD_PATH_MAX];
    if (config->data_dir[0])
        snprintf (data_dir, sizeof data_dir, "%s", config->data_dir);
    else
        solod_default_data_dir (data_dir, sizeof data_dir);
    const char *house_rules[SOLOD_HOUSE_RULES_MAX];
    for (int i = 0; i < config->house_rules_count; i++)
        house_rules[i] = config->house_rules[i];
    self->catalog = catalog_new (data_dir, house_rules,
                                 config->house_rules_count,
                                 config->default_ruleset, err, errlen);
    if (!self->catalog) {
        server_destroy (&self);
        return NULL;
    }
    log_info ("rulesets in %s", data_dir);
    for (int i = 0; i < catalog_count (self->catalog); i++) {
        const ruleset_t *rs = catalog_at (self->catalog, i);
        log_info ("ruleset %s, tables %s", ruleset_name (rs),
                  ruleset_tables_hash (rs));
    }
    if (config->scenario_dir[0])
        snprintf (self->scenario_dir, sizeof self->scenario_dir, "%s",
                  config->scenario_dir);
    else
        solod_default_scenario_dir (data_dir, self->scenario_dir,
                                    sizeof self->scenario_dir);
    char state_db[SOLOD_PATH_MAX];
    if (config->state_db[0])
        snprintf (state_db, sizeof state_db, "%s", config->state_db);
    else
        solod_default_state_db (state_db, sizeof state_db);
    self->games = gamestore_new (state_db, self->catalog, err, errlen);
    if (!self->games) {
        server_destroy (&self);
        return NULL;
    }
    log_info ("games kept in %s: %d open; scenarios in %s", state_db,
              gamestore_count (self->games), self->scenario_dir);
    self->handlers.catalog = self->catalog;
    self->handlers.games = self->games;
    self->handlers.scenario_dir = self->scenario_dir;
    self->handlers.stopping = &self->stopping;
    self->handlers.max_message_bytes = config->max_message_bytes;
    self->handlers.test_delay_ms = config->test_delay_ms;
    self->seed = config->has_seed ? config->seed : solod_clock_seed ();
    self->dice = dice_new (self->seed);
    self->worker_count = config->workers;
    self->quick_workers = solod_quick_workers (config);
    self->broker_answers = solod_broker_answers (config, solod_usable_cpus ());
    self->idle = calloc ((size_t) self->worker_count, sizeof *self->idle);
    self->workers = calloc ((size_t) self->worker_count, sizeof *self->workers);
    self->zmq = zmq_ctx_new ();
    if (!self->dice || !self->idle || !self->workers || !self->zmq) {
        snprintf (err, (size_t) errlen, "out of memory");
        server_destroy (&self);
        return NULL;
    }
    if (pipe (self->stop_pipe)) {
        snprintf (err, (size_t) errlen, "cannot make a pipe: %s",
                  strerror (errno));
        server_destroy (&self);
        return NULL;
    }
    for (int i = 0; i < 2; i++) {
        fcntl (self->stop_pipe[i], F_SETFL,
               fcntl (self->stop_pipe[i], F_GETFL) | O_NONBLOCK);
        fcntl (self->stop_pipe[i], F_SETFD, FD_CLOEXEC);
    }

    /*  Strangers are kept out before the socket opens: a bind other
     *  machines can reach needs CURVE (or insecure = true), and with
     *  CURVE the ZAP handler runs before the first handshake. */
    if (security_check_bind (config->bind, config->curve.enabled,
                             config->insecure, err, errlen)) {
        server_destroy (&self);
        return NULL;
    }
    if (config->curve.enabled) {
        self->security = security_new (self->zmq, &config->curve, err, errlen);
        if (!self->security) {
            server_destroy (&self);
            return NULL;
        }
        log_info ("CURVE on: server key %s, %d allowed clients",
                  config->curve.public_key, config->curve.client_count);
    }
    self->frontend = router_socket (self, true);
    if (self->frontend && config->curve.enabled
    &&  security_apply_server (self->frontend, &config->curve, err, errlen)) {
        server_destroy (&self);
        return NULL;
    }
    if (!self->frontend || zmq_bind (self->frontend, config->bind)) {
        snprintf (err, (size_t) errlen, "cannot bind %s: %s", config->bind,
                  zmq_strerror (errno));
        server_destroy (&self);
        return NULL;
    }
    size_t endpoint_len = sizeof self->endpoint;
    if (zmq_getsockopt (self->frontend, ZMQ_LAST_ENDPOINT, self->endpoint,
                        &endpoint_len))
        snprintf (self->endpoint, sizeof self->endpoint, "%s", config->bind);
    /* the frontend's connections watched, for the one trace of a request
       dropped for its size; without it the daemon serves the same */
    char monitor_endpoint[64];
    snprintf (monitor_endpoint, sizeof monitor_endpoint,
              "inproc://solod-monitor-%p", (void *) self);
    self->fd_spoke = calloc (SERVER_FDS_TRACKED, 1);
    if (self->fd_spoke
        && zmq_socket_monitor (self->frontend, monitor_endpoint,
                               ZMQ_EVENT_ACCEPTED | ZMQ_EVENT_DISCONNECTED)
           == 0) {
        self->monitor = zmq_socket (self->zmq, ZMQ_PAIR);
        int linger = 0;
        if (self->monitor
            && (zmq_setsockopt (self->monitor, ZMQ_LINGER, &linger,
                                sizeof linger)
                || zmq_connect (self->monitor, monitor_endpoint))) {
            zmq_close (self->monitor);
            self->monitor = NULL;
        }
    }
    if (!self->monitor)
        log_warn ("no watch on client connections: a request dropped for "
                  "its size leaves no line in the log");
    snprintf (self->backend_endpoint, sizeof self->backend_endpoint,
              "inproc://solod-workers-%p", (void *) self);
    self->backend = router_socket (self, false);
    if (!self->backend || zmq_bind (self->backend, self->backend_endpoint)) {
        snprintf (err, (size_t) errlen, "cannot bind %s: %s",
                  self->backend_endpoint, zmq_strerror (errno));
        server_destroy (&self);
        return NULL;
    }
    for (int i = 0; i < self->worker_count; i++) {
        worker_t *worker = &self->workers[i];
        worker->server = self;
        worker->index = i;
        snprintf (worker->id, sizeof worker->id, "w%d", i);
        if (pthread_create (&worker->thread, NULL, worker_main, worker)) {
            snprintf (err, (size_t) errlen, "cannot start worker %d", i);
            server_destroy (&self);
            return NULL;
        }
        worker->started = true;
    }
    return self;
}

void
server_destroy (server_t **self_p)
{
    if (!self_p || !*self_p)
        return;
    server_t *self = *self_p;
    if (self->thread_started) {
        server_stop (self);
        pthread_join (self->thread, NULL);
    }
    /*  Replies still on their way get the linger time; then the context
     *  shutdown wakes the workers, which close their sockets and end. */
    if (self->monitor) {
        zmq_socket_monitor (self->frontend, NULL, 0);
        zmq_close (self->monitor);
    }
    if (self->frontend)
        zmq_close (self->frontend);
    if (self->zmq)
        zmq_ctx_shutdown (self->zmq);
    for (int i = 0; self->workers && i < self->worker_count; i++)
        if (self->workers[i].started)
            pthread_join (self->workers[i].thread, NULL);
    if (self->backend)
        zmq_close (self->backend);
    while (self->queue_head) {
        pending_t *p = self->queue_head;
        self->queue_head = p->next;
        zmq_msg_close (&p->identity);
        zmq_msg_close (&p->body);
        free (p);
    }
    for (int i = 0; self->workers && i < self->worker_count; i++)
        forget_ahead (self, &self->workers[i]);
    security_destroy (&self->security);
    if (self->zmq)
        zmq_ctx_term (self->zmq);
    for (int i = 0; i < 2; i++)
        if (self->stop_pipe[i] >= 0)
            close (self->stop_pipe[i]);
    dice_destroy (&self->dice);
    gamestore_destroy (&self->games);
    catalog_destroy (&self->catalog);
    free (self->workers);
    free (self->idle);
    free (self->fd_spoke);
    free (self);
    *self_p = NULL;
}

const char *
server_endpoint (const server_t *self)
{
    return self->endpoint;
}

uint64_t
server_seed (const server_t *self)
{
    return self->seed;
}
