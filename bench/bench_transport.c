/*  bench_transport.c - how close solod comes to the limit of its transport.
 *
 *  The limit is a bare ZeroMQ + protobuf-c echo server: it decodes each
 *  request and answers with a reply of the same size as solod's real
 *  answer (the bytes of one real UnitDecision, its id rewritten, decoded
 *  and encoded again).  Against it, in the same run, solod answers AskUnit
 *  on a realistic situation (20 units a side, 10 terrain features).  Both
 *  are driven by N client threads over TCP loopback, each with one request
 *  in flight, for a fixed time; the report gives throughput and latency
 *  percentiles, and the ratio of solod to the echo.
 *
 *  Usage: bench_transport --endpoint tcp://127.0.0.1:7460
 *                         [--clients 1,8,64] [--seconds 3] [--units 20]
 */
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zmq.h>
#include "solo.pb-c.h"

#define MAX_CLIENTS 256
#define MAX_SAMPLES 2000000
#define TERRAIN_FEATURES 10

static double
now_s (void)
{
    struct timespec ts;
    clock_gettime (CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*  A realistic AskUnit: `per_side` units a side facing each other across
 *  a table 240 x 120 cm with TERRAIN_FEATURES woods and buildings. */
static uint8_t *
build_request (int per_side, size_t *len)
{
    static Solo__V1__Unit units[2 * 512];
    static Solo__V1__Unit *unit_ptrs[2 * 512];
    static Solo__V1__Point centres[2 * 512];
    static char ids[2 * 512][16];
    static Solo__V1__TerrainFeature features[TERRAIN_FEATURES];
    static Solo__V1__TerrainFeature *feature_ptrs[TERRAIN_FEATURES];
    static Solo__V1__Point corners[TERRAIN_FEATURES][4];
    static Solo__V1__Point *corner_ptrs[TERRAIN_FEATURES][4];
    static char fids[TERRAIN_FEATURES][16];
    static Solo__V1__UnitStatus status = SOLO__V1__UNIT_STATUS__INIT;

    if (per_side > 512)
        per_side = 512;
    int n = 2 * per_side;
    for (int i = 0; i < n; i++) {
        Solo__V1__Unit *u = &units[i];
        solo__v1__unit__init (u);
        solo__v1__point__init (&centres[i]);
        bool red = i >= per_side;
        int k = red ? i - per_side : i;
        snprintf (ids[i], sizeof ids[i], "%s-%d", red ? "red" : "blue", k + 1);
        u->id = ids[i];
        u->side = red ? SOLO__V1__SIDE__SIDE_RED : SOLO__V1__SIDE__SIDE_BLUE;
        u->arm = (k % 5 == 4) ? SOLO__V1__ARM__ARM_CAVALRY : SOLO__V1__ARM__ARM_INFANTRY;
        u->weapon = (u->arm == SOLO__V1__ARM__ARM_CAVALRY) ? "sword" : "musket";
        u->bayonet = u->arm == SOLO__V1__ARM__ARM_INFANTRY;
        u->formation = (u->arm == SOLO__V1__ARM__ARM_CAVALRY)
                     ? SOLO__V1__FORMATION__FORMATION_MOUNTED
                     : SOLO__V1__FORMATION__FORMATION_LINE;
        u->figures = 12;
        u->wounded = k % 3;
        u->officers = 1;
        u->ncos = 1;
        centres[i].x = 10.0 + (k % 10) * 22.0;
        centres[i].y = red ? 90.0 + (k / 10) * 8.0 : 30.0 - (k / 10) * 8.0;
        u->centre = &centres[i];
        u->facing = red ? 180.0 : 0.0;
        u->width = 12.0;
        u->depth = 3.0;
        u->status = &status;
        unit_ptrs[i] = u;
    }
    for (int f = 0; f < TERRAIN_FEATURES; f++) {
        Solo__V1__TerrainFeature *t = &features[f];
        solo__v1__terrain_feature__init (t);
        snprintf (fids[f], sizeof fids[f], "feature-%d", f + 1);
        t->id = fids[f];
        t->kind = (f % 2) ? SOLO__V1__TERRAIN_KIND__TERRAIN_TOWN
                          : SOLO__V1__TERRAIN_KIND__TERRAIN_WOODS;
        double x = 5.0 + f * 23.0, y = 50.0 + (f % 3) * 5.0;
        double xs[4] = { x, x + 15.0, x + 15.0, x };
        double ys[4] = { y, y, y + 12.0, y + 12.0 };
        for (int c = 0; c < 4; c++) {
            solo__v1__point__init (&corners[f][c]);
            corners[f][c].x = xs[c];
            corners[f][c].y = ys[c];
            corner_ptrs[f][c] = &corners[f][c];
        }
        t->n_polygon = 4;
        t->polygon = corner_ptrs[f];
        feature_ptrs[f] = t;
    }
    Solo__V1__Situation sit = SOLO__V1__SITUATION__INIT;
    sit.ruleset = "skirmish19";
    sit.table_width = 240.0;
    sit.table_depth = 120.0;
    sit.n_units = (size_t) n;
    sit.units = unit_ptrs;
    sit.n_terrain = TERRAIN_FEATURES;
    sit.terrain = feature_ptrs;
    Solo__V1__AskUnit ask = SOLO__V1__ASK_UNIT__INIT;
    ask.source_case = SOLO__V1__ASK_UNIT__SOURCE_SITUATION;
    ask.situation = &sit;
    ask.unit_id = ids[per_side];      /* red-1 */
    ask.has_seed = true;
    ask.seed = 42;
    Solo__V1__Request req = SOLO__V1__REQUEST__INIT;
    req.id = 1;
    req.body_case = SOLO__V1__REQUEST__BODY_ASK_UNIT;
    req.ask_unit = &ask;
    *len = solo__v1__request__get_packed_size (&req);
    uint8_t *buf = malloc (*len);
    if (buf)
        solo__v1__request__pack (&req, buf);
    return buf;
}

/* ---- the echo server: the transport's limit ---------------------------- */

typedef struct {
    void *ctx;
    char endpoint[128];
    const uint8_t *reply_template;
    size_t reply_len;
    volatile bool stop;
} echo_t;

static void *
echo_main (void *arg)
{
    echo_t *e = arg;
    void *sock = zmq_socket (e->ctx, ZMQ_ROUTER);
    int linger = 0, timeout = 100;
    zmq_setsockopt (sock, ZMQ_LINGER, &linger, sizeof linger);
    zmq_setsockopt (sock, ZMQ_RCVTIMEO, &timeout, sizeof timeout);
    if (zmq_bind (sock, e->endpoint) != 0) {
        fprintf (stderr, "echo: cannot bind %s: %s\n", e->endpoint, zmq_strerror (zmq_errno ()));
        exit (1);
    }
    Solo__V1__Reply *tmpl = solo__v1__reply__unpack (NULL, e->reply_len, e->reply_template);
    uint8_t *out = malloc (e->reply_len + 64);
    while (!e->stop) {
        zmq_msg_t ident, body;
        zmq_msg_init (&ident);
        if (zmq_msg_recv (&ident, sock, 0) < 0) {
            zmq_msg_close (&ident);
            continue;
        }
        zmq_msg_init (&body);
        zmq_msg_recv (&body, sock, 0);
        Solo__V1__Request *req = solo__v1__request__unpack (
            NULL, zmq_msg_size (&body), zmq_msg_data (&body));
        tmpl->id = req ? req->id : 0;
        size_t n = solo__v1__reply__pack (tmpl, out);
        if (req)
            solo__v1__request__free_unpacked (req, NULL);
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
    void *sock = zmq_socket (c->ctx, ZMQ_DEALER);
    int linger = 0, timeout = 5000;
    zmq_setsockopt (sock, ZMQ_LINGER, &linger, sizeof linger);
    zmq_setsockopt (sock, ZMQ_RCVTIMEO, &timeout, sizeof timeout);
    zmq_connect (sock, c->endpoint);
    uint8_t buf[65536];
    while (now_s () < c->until) {
        double t0 = now_s ();
        if (zmq_send (sock, c->request, c->request_len, 0) < 0) {
            c->errors++;
            break;
        }
        int n = zmq_recv (sock, buf, sizeof buf, 0);
        if (n < 0) {
            c->errors++;
            break;
        }
        double t1 = now_s ();
        if (c->count < c->capacity)
            c->samples[c->count] = t1 - t0;
        c->count++;
    }
    zmq_close (sock);
    return NULL;
}

static int
cmp_double (const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b;
    return (x > y) - (x < y);
}

typedef struct { double rps, p50, p99, p999; long errors; } result_t;

static result_t
run_load (void *ctx, const char *endpoint, const uint8_t *req, size_t req_len,
          int clients, double seconds)
{
    static client_t cs[MAX_CLIENTS];
    pthread_t th[MAX_CLIENTS];
    long per = MAX_SAMPLES / clients;
    double start = now_s ();
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
    double elapsed = now_s () - start;
    double *all = malloc (sizeof (double) * (total > 0 ? total : 1));
    for (int i = 0; i < clients; i++) {
        long n = cs[i].count < cs[i].capacity ? cs[i].count : cs[i].capacity;
        memcpy (all + kept, cs[i].samples, sizeof (double) * n);
        kept += n;
        free (cs[i].samples);
    }
    qsort (all, kept, sizeof (double), cmp_double);
    result_t r = { total / elapsed, 0, 0, 0, errors };
    if (kept > 0) {
        r.p50 = all[(long) (0.50 * (kept - 1))];
        r.p99 = all[(long) (0.99 * (kept - 1))];
        r.p999 = all[(long) (0.999 * (kept - 1))];
    }
    free (all);
    return r;
}

/*  One real answer from solod, to size the echo's replies like it. */
static uint8_t *
fetch_real_reply (void *ctx, const char *endpoint, const uint8_t *req,
                  size_t req_len, size_t *len)
{
    void *sock = zmq_socket (ctx, ZMQ_DEALER);
    int linger = 0, timeout = 5000;
    zmq_setsockopt (sock, ZMQ_LINGER, &linger, sizeof linger);
    zmq_setsockopt (sock, ZMQ_RCVTIMEO, &timeout, sizeof timeout);
    zmq_connect (sock, endpoint);
    static uint8_t buf[65536];
    zmq_send (sock, req, req_len, 0);
    int n = zmq_recv (sock, buf, sizeof buf, 0);
    zmq_close (sock);
    if (n < 0)
        return NULL;
    Solo__V1__Reply *reply = solo__v1__reply__unpack (NULL, (size_t) n, buf);
    if (!reply || reply->body_case != SOLO__V1__REPLY__BODY_UNIT_DECISION) {
        fprintf (stderr, "solod did not answer the AskUnit with a decision%s%s\n",
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
    int units = 20;
    for (int i = 1; i < argc; i++) {
        if (!strcmp (argv[i], "--endpoint") && i + 1 < argc)
            endpoint = argv[++i];
        else if (!strcmp (argv[i], "--echo-endpoint") && i + 1 < argc)
            echo_endpoint = argv[++i];
        else if (!strcmp (argv[i], "--clients") && i + 1 < argc)
            snprintf (clients_arg, sizeof clients_arg, "%s", argv[++i]);
        else if (!strcmp (argv[i], "--seconds") && i + 1 < argc)
            seconds = atof (argv[++i]);
        else if (!strcmp (argv[i], "--units") && i + 1 < argc)
            units = atoi (argv[++i]);
        else {
            fprintf (stderr, "usage: %s [--endpoint E] [--echo-endpoint E] "
                     "[--clients 1,8,64] [--seconds S] [--units PER_SIDE]\n", argv[0]);
            return 2;
        }
    }
    void *ctx = zmq_ctx_new ();
    zmq_ctx_set (ctx, ZMQ_IO_THREADS, 1);
    size_t req_len = 0;
    uint8_t *req = build_request (units, &req_len);
    size_t reply_len = 0;
    uint8_t *reply = fetch_real_reply (ctx, endpoint, req, req_len, &reply_len);
    if (!reply) {
        fprintf (stderr, "no answer from solod at %s: is it running?\n", endpoint);
        return 1;
    }
    echo_t echo = { ctx, "", reply, reply_len, false };
    snprintf (echo.endpoint, sizeof echo.endpoint, "%s", echo_endpoint);
    pthread_t echo_thread;
    pthread_create (&echo_thread, NULL, echo_main, &echo);

    printf ("AskUnit: %zu bytes, UnitDecision: %zu bytes, %d units a side, %d terrain features\n",
            req_len, reply_len, units, TERRAIN_FEATURES);
    printf ("%-8s %-7s %12s %10s %10s %10s %8s\n",
            "server", "clients", "req/s", "p50 us", "p99 us", "p99.9 us", "ratio");
    char *save = NULL;
    for (char *tok = strtok_r (clients_arg, ",", &save); tok;
         tok = strtok_r (NULL, ",", &save)) {
        int n = atoi (tok);
        if (n < 1 || n > MAX_CLIENTS)
            continue;
        result_t e = run_load (ctx, echo_endpoint, req, req_len, n, seconds);
        result_t s = run_load (ctx, endpoint, req, req_len, n, seconds);
        printf ("%-8s %-7d %12.0f %10.1f %10.1f %10.1f %8s\n", "echo", n, e.rps,
                e.p50 * 1e6, e.p99 * 1e6, e.p999 * 1e6, "");
        printf ("%-8s %-7d %12.0f %10.1f %10.1f %10.1f %8.2f%s\n", "solod", n, s.rps,
                s.p50 * 1e6, s.p99 * 1e6, s.p999 * 1e6, e.rps > 0 ? s.rps / e.rps : 0.0,
                (s.errors || e.errors) ? "  (errors!)" : "");
        fflush (stdout);
    }
    echo.stop = true;
    pthread_join (echo_thread, NULL);
    free (req);
    zmq_ctx_term (ctx);
    return 0;
}
