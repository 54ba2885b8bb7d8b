/*  bench_transport.c - how close solod comes to the limit of its transport.
 *
 *  The limit is a bare ZeroMQ + protobuf-c echo server (a ROUTER socket
 *  and one thread, as lean as a server can be): it decodes each request
 *  (into a block reused for every request, no malloc per field) and
 *  answers with a reply of the same size as solod's real answer (the
 *  bytes of one real UnitDecision, its id rewritten, decoded and encoded
 *  again).  Against it, in the same run, solod answers AskUnit on a
 *  realistic situation (20 units a side, 10 terrain features).  Both are
 *  driven by N client threads over TCP loopback, each with one request in
 *  flight, for a fixed time; the report gives throughput and latency
 *  percentiles, and the ratio of solod to the echo.
 *
 *  Every point is measured --repeat times, echo and solod in turn, and
 *  the median run (by throughput) of each is reported: on a shared
 *  machine one run says little.
 *
 *  Usage: bench_transport --endpoint tcp://127.0.0.1:7460
 *                         [--echo-endpoint E] [--clients 1,8,64]
 *                         [--seconds 3] [--repeat 3] [--units 20]
 *                         [--hello] [--echo-decoder protobuf-c|quick]
 *                         [--echo-context own|shared]
 *  The echo has a ZeroMQ context of its own (its own I/O thread), as a
 *  server in its own process has; --echo-context shared gives it the
 *  clients' context instead, where one I/O thread carries both ends of
 *  every exchange (two thread wake-ups a request fewer than any server
 *  in a process of its own gets).
 *  --echo-decoder quick makes the echo decode with quick_unpack, the
 *  one-pass decoder solod uses (protobuf-c's unpack as its fallback),
 *  instead of protobuf-c's: a limit as lean as solod's own decode.
 *  --hello asks solod Hello instead of AskUnit (what the daemon's own
 *  plumbing costs, with almost no work behind it).
 */
#include <inttypes.h>
#include <pthread.h>
#include "bench_common.h"
#include "quick_unpack.h"

#define MAX_CLIENTS 256
#define MAX_SAMPLES 2000000
#define MAX_REPEAT  15

/*  The AskUnit of bench_transport since its first version: the table of
 *  bench_common.h with `per_side` units a side, asking about red-1 (the
 *  red unit at the left of the front rank) with its own seed. */
static uint8_t *
build_request (bench_table_t *t, size_t *len)
{
    Solo__V1__AskUnit ask = SOLO__V1__ASK_UNIT__INIT;
    ask.source_case = SOLO__V1__ASK_UNIT__SOURCE_SITUATION;
    ask.situation = &t->sit;
    ask.unit_id = t->ids[t->per_side];      /* red-1 */
    ask.has_seed = true;
    ask.seed = 42;
    Solo__V1__Request req = SOLO__V1__REQUEST__INIT;
    req.id = 1;
    req.body_case = SOLO__V1__REQUEST__BODY_ASK_UNIT;
    req.ask_unit = &ask;
    return bench_pack_request (&req, len);
}

static uint8_t *
build_hello (size_t *len)
{
    Solo__V1__Hello hello = SOLO__V1__HELLO__INIT;
    hello.client_name = "bench_transport";
    Solo__V1__Request req = SOLO__V1__REQUEST__INIT;
    req.id = 1;
    req.body_case = SOLO__V1__REQUEST__BODY_HELLO;
    req.hello = &hello;
    return bench_pack_request (&req, len);
}

/* ---- the echo server: the transport's limit ---------------------------- */

typedef struct {
    void *ctx;
    char endpoint[128];
    const uint8_t *reply_template;
    size_t reply_len;
    bool quick;                        /* decode with quick_unpack */
    volatile bool stop;
    volatile bool ready;
} echo_t;

/*  The echo's memory for one decoded request: a bump allocator over a
 *  block reused for every request (solod decodes into an arena too), so
 *  that the limit pays no malloc and free per field. */
typedef struct {
    unsigned char *base;
    size_t size, used;
    bool spilled;                      /* a piece came from malloc */
} echo_arena_t;

static void *
echo_alloc (void *data, size_t size)
{
    echo_arena_t *a = data;
    size = (size + 15) / 16 * 16;
    if (a->size - a->used < size) {
        a->spilled = true;
        return malloc (size);          /* freed by echo_free */
    }
    void *piece = a->base + a->used;
    a->used += size;
    return piece;
}

static void
echo_free (void *data, void *piece)
{
    echo_arena_t *a = data;
    unsigned char *p = piece;
    if (p && (p < a->base || p >= a->base + a->size))
        free (piece);
}

static void *
echo_main (void *arg)
{
    echo_t *e = arg;
    void *sock = zmq_socket (e->ctx, ZMQ_ROUTER);
    int linger = 0, timeout = 100;
    zmq_setsockopt (sock, ZMQ_LINGER, &linger, sizeof linger);
    zmq_setsockopt (sock, ZMQ_RCVTIMEO, &timeout, sizeof timeout);
    if (zmq_bind (sock, e->endpoint) != 0) {
        fprintf (stderr, "echo: cannot bind %s: %s\n", e->endpoint,
                 zmq_strerror (zmq_errno ()));
        exit (1);
    }
    Solo__V1__Reply *tmpl = solo__v1__reply__unpack (NULL, e->reply_len,
                                                     e->reply_template);
    uint8_t *out = malloc (e->reply_len + 64);
    if (!tmpl || !out) {
        fprintf (stderr, "echo: cannot decode the reply it echoes\n");
        exit (1);
    }
    static _Alignas (16) unsigned char block[1 << 20];
    echo_arena_t arena = { block, sizeof block, 0, false };
    ProtobufCAllocator allocator = { echo_alloc, echo_free, &arena };
    e->ready = true;
    while (!e->stop) {
        zmq_msg_t ident, body;
        zmq_msg_init (&ident);
        if (zmq_msg_recv (&ident, sock, 0) < 0) {
            zmq_msg_close (&ident);
            continue;
        }
        zmq_msg_init (&body);
        zmq_msg_recv (&body, sock, 0);
        arena.used = 0;
        arena.spilled = false;
        Solo__V1__Request *req = e->quick
            ? (Solo__V1__Request *) quick_unpack (
                  &solo__v1__request__descriptor, &allocator,
                  zmq_msg_size (&body), zmq_msg_data (&body))
            : NULL;
        if (!req)
            req = solo__v1__request__unpack (&allocator, zmq_msg_size (&body),
                                             zmq_msg_data (&body));
        tmpl->id = req ? req->id : 0;
        size_t n = solo__v1__reply__pack (tmpl, out);
        if (req && arena.spilled)      /* else the block is simply reused */
            solo__v1__request__free_unpacked (req, &allocator);
        zmq_msg_send (&ident, sock, ZMQ_SNDMORE);
        zmq_send (sock, out, n, 0);
        zmq_msg_close (&body);
    }
    free (out);
    solo__v1__reply__free_unpacked (tmpl, NULL);
    zmq_close (sock);
    return NULL;
}

/* ---- the load: N clients, one request in flight each ------------------- */

typedef struct {
    void *ctx;
    const char *endpoint;
    const uint8_t *request;
    size_t request_len;
    double until;
    double *samples;      /* latencies in seconds */
    long count;
    long capacity;
    long errors;
} client_t;

static void *
client_main (void *arg)
{
    client_t *c = arg;
    void *sock = bench_connect (c->ctx, c->endpoint, 5000);
    uint8_t buf[65536];
    while (sock && bench_now () < c->until) {
        double t0 = bench_now ();
        if (zmq_send (sock, c->request, c->request_len, 0) < 0) {
            c->errors++;
            break;
        }
        int n = zmq_recv (sock, buf, sizeof buf, 0);
        if (n < 0) {
            c->errors++;
            break;
        }
        double t1 = bench_now ();
        if (c->count < c->capacity)
            c->samples[c->count] = t1 - t0;
        c->count++;
    }
    if (sock)
        zmq_close (sock);
    else
        c->errors++;
    return NULL;
}

typedef struct { double rps, p50, p99, p999; long errors; } result_t;

static result_t
run_load (void *ctx, const char *endpoint, const uint8_t *req, size_t req_len,
          int clients, double seconds)
{
    static client_t cs[MAX_CLIENTS];
    pthread_t th[MAX_CLIENTS];
    long per = MAX_SAMPLES / clients;
    double start = bench_now ();
    for (int i = 0; i < clients; i++) {
        cs[i] = (client_t) { ctx, endpoint, req, req_len, start + seconds,
                             malloc (sizeof (double) * per), 0, per, 0 };
        pthread_create (&th[i], NULL, client_main, &cs[i]);
    }
    long total = 0, kept = 0, errors = 0;
    for (int i = 0; i < clients; i++) {
        pthread_join (th[i], NULL);
        total += cs[i].count;
        errors += cs[i].errors;
    }
    double elapsed = bench_now () - start;
    double *all = malloc (sizeof (double) * (total > 0 ? total : 1));
    for (int i = 0; i < clients; i++) {
        long n = cs[i].count < cs[i].capacity ? cs[i].count : cs[i].capacity;
        memcpy (all + kept, cs[i].samples, sizeof (double) * n);
        kept += n;
        free (cs[i].samples);
    }
    result_t r = { total / elapsed, 0, 0, 0, errors };
    r.p50 = bench_quantile (all, kept, 0.50);
    r.p99 = bench_quantile (all, kept, 0.99);
    r.p999 = bench_quantile (all, kept, 0.999);
    free (all);
    return r;
}

static int
cmp_result (const void *a, const void *b)
{
    double x = ((const result_t *) a)->rps, y = ((const result_t *) b)->rps;
    return (x > y) - (x < y);
}

/*  The run of median throughput among n. */
static result_t
median_run (result_t *runs, int n)
{
    qsort (runs, (size_t) n, sizeof *runs, cmp_result);
    return runs[n / 2];
}

/*  One real answer from solod, to size the echo's replies like it. */
static uint8_t *
fetch_real_reply (void *ctx, const char *endpoint, const uint8_t *req,
                  size_t req_len, bool hello, size_t *len)
{
    void *sock = bench_connect (ctx, endpoint, 5000);
    static uint8_t buf[65536];
    if (!sock)
        return NULL;
    zmq_send (sock, req, req_len, 0);
    int n = zmq_recv (sock, buf, sizeof buf, 0);
    zmq_close (sock);
    if (n < 0)
        return NULL;
    Solo__V1__Reply *reply = solo__v1__reply__unpack (NULL, (size_t) n, buf);
    int want = hello ? SOLO__V1__REPLY__BODY_HELLO
                     : SOLO__V1__REPLY__BODY_UNIT_DECISION;
    if (!reply || (int) reply->body_case != want) {
        fprintf (stderr, "solod did not answer the request as expected%s%s\n",
                 reply && reply->error ? ": " : "",
                 reply && reply->error ? reply->error->message : "");
        if (reply)
            solo__v1__reply__free_unpacked (reply, NULL);
        return NULL;
    }
    solo__v1__reply__free_unpacked (reply, NULL);
    *len = (size_t) n;
    return buf;
}

int
main (int argc, char **argv)
{
    const char *endpoint = "tcp://127.0.0.1:7460";
    const char *echo_endpoint = "tcp://127.0.0.1:7469";
    char clients_arg[64] = "1,8,64";
    double seconds = 3.0;
    int units = 20, repeat = 3;
    bool hello = false, quick_echo = false, shared_context = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp (argv[i], "--endpoint") && i + 1 < argc)
            endpoint = argv[++i];
        else if (!strcmp (argv[i], "--echo-endpoint") && i + 1 < argc)
            echo_endpoint = argv[++i];
        else if (!strcmp (argv[i], "--clients") && i + 1 < argc)
            snprintf (clients_arg, sizeof clients_arg, "%s", argv[++i]);
        else if (!strcmp (argv[i], "--seconds") && i + 1 < argc)
            seconds = atof (argv[++i]);
        else if (!strcmp (argv[i], "--repeat") && i + 1 < argc)
            repeat = atoi (argv[++i]);
        else if (!strcmp (argv[i], "--units") && i + 1 < argc)
            units = atoi (argv[++i]);
        else if (!strcmp (argv[i], "--hello"))
            hello = true;
        else if (!strcmp (argv[i], "--echo-decoder") && i + 1 < argc
                 && (!strcmp (argv[i + 1], "quick")
                     || !strcmp (argv[i + 1], "protobuf-c")))
            quick_echo = !strcmp (argv[++i], "quick");
        else if (!strcmp (argv[i], "--echo-context") && i + 1 < argc
                 && (!strcmp (argv[i + 1], "own")
                     || !strcmp (argv[i + 1], "shared")))
            shared_context = !strcmp (argv[++i], "shared");
        else {
            fprintf (stderr, "usage: %s [--endpoint E] [--echo-endpoint E] "
                     "[--clients 1,8,64] [--seconds S] [--repeat R] "
                     "[--units PER_SIDE] [--hello] "
                     "[--echo-decoder protobuf-c|quick] "
                     "[--echo-context own|shared]\n", argv[0]);
            return 2;
        }
    }
    if (repeat < 1)
        repeat = 1;
    if (repeat > MAX_REPEAT)
        repeat = MAX_REPEAT;
    if (units < 1 || units > 8192)
        units = 20;
    void *ctx = zmq_ctx_new ();
    zmq_ctx_set (ctx, ZMQ_IO_THREADS, 1);
    bench_table_t *table = bench_table_new (units);
    size_t req_len = 0;
    uint8_t *req = table ? (hello ? build_hello (&req_len)
                                  : build_request (table, &req_len))
                         : NULL;
    size_t reply_len = 0;
    uint8_t *reply = req ? fetch_real_reply (ctx, endpoint, req, req_len,
                                             hello, &reply_len)
                         : NULL;
    if (!reply) {
        fprintf (stderr, "no answer from solod at %s: is it running?\n",
                 endpoint);
        return 1;
    }
    void *echo_ctx = shared_context ? ctx : zmq_ctx_new ();
    zmq_ctx_set (echo_ctx, ZMQ_IO_THREADS, 1);
    echo_t echo = { echo_ctx, "", reply, reply_len, quick_echo, false, false };
    snprintf (echo.endpoint, sizeof echo.endpoint, "%s", echo_endpoint);
    pthread_t echo_thread;
    pthread_create (&echo_thread, NULL, echo_main, &echo);
    while (!echo.ready) {
        struct timespec pause = { 0, 1000000 };
        nanosleep (&pause, NULL);
    }

    if (hello)
        printf ("Hello: %zu bytes, HelloReply: %zu bytes", req_len, reply_len);
    else
        printf ("AskUnit: %zu bytes, UnitDecision: %zu bytes, %d units a "
                "side, %d terrain features", req_len, reply_len, units,
                BENCH_TERRAIN_FEATURES);
    printf ("; the echo decodes with %s, %s ZeroMQ context; median of %d "
            "runs of %.1f s\n", quick_echo ? "quick_unpack" : "protobuf-c",
            shared_context ? "the clients'" : "its own", repeat, seconds);
    printf ("%-8s %-7s %12s %10s %10s %10s %8s\n",
            "server", "clients", "req/s", "p50 us", "p99 us", "p99.9 us", "ratio");
    char *save = NULL;
    for (char *tok = strtok_r (clients_arg, ",", &save); tok;
         tok = strtok_r (NULL, ",", &save)) {
        int n = atoi (tok);
        if (n < 1 || n > MAX_CLIENTS)
            continue;
        result_t er[MAX_REPEAT], sr[MAX_REPEAT];
        for (int k = 0; k < repeat; k++) {
            er[k] = run_load (ctx, echo_endpoint, req, req_len, n, seconds);
            sr[k] = run_load (ctx, endpoint, req, req_len, n, seconds);
        }
        result_t e = median_run (er, repeat), s = median_run (sr, repeat);
        long errors = 0;
        for (int k = 0; k < repeat; k++)
            errors += er[k].errors + sr[k].errors;
        printf ("%-8s %-7d %12.0f %10.1f %10.1f %10.1f %8s\n", "echo", n, e.rps,
                e.p50 * 1e6, e.p99 * 1e6, e.p999 * 1e6, "");
        printf ("%-8s %-7d %12.0f %10.1f %10.1f %10.1f %8.2f%s\n", "solod", n,
                s.rps, s.p50 * 1e6, s.p99 * 1e6, s.p999 * 1e6,
                e.rps > 0 ? s.rps / e.rps : 0.0, errors ? "  (errors!)" : "");
        fflush (stdout);
    }
    echo.stop = true;
    pthread_join (echo_thread, NULL);
    free (req);
    bench_table_free (&table);
    if (echo_ctx != ctx)
        zmq_ctx_term (echo_ctx);
    zmq_ctx_term (ctx);
    return 0;
}
