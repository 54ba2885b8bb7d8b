/*  bench_common.h - what the benchmarks share: the clock, the source
 *  tree's files, a realistic table as a protocol Situation, and a
 *  request-reply client for solod.
 *
 *  Header only (static functions): every bench_*.c is a program of its
 *  own, and each takes what it uses.
 */
#ifndef SOLO_BENCH_COMMON_H
#define SOLO_BENCH_COMMON_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <zmq.h>
#include "solo.pb-c.h"

#define BENCH_TERRAIN_FEATURES 10     /* woods and towns between the lines */
#define BENCH_ID_MAX           16

static inline double
bench_now (void)
{
    struct timespec ts;
    clock_gettime (CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*  The first of the source tree's candidates where `rel` exists: in
 *  $SOLO_SOURCE_DIR, two folders above this program (a build tree inside
 *  the source tree), or here.  `rel` itself when none has it. */
static inline const char *
bench_source_file (const char *rel, char *buf, size_t len)
{
    const char *env = getenv ("SOLO_SOURCE_DIR");
    if (env) {
        snprintf (buf, len, "%s/%s", env, rel);
        if (access (buf, R_OK) == 0)
            return buf;
    }
    char exe[4096];
    ssize_t n = readlink ("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = 0;
        for (int up = 0; up < 3; up++) {
            char *slash = strrchr (exe, '/');
            if (slash)
                *slash = 0;
        }
        snprintf (buf, len, "%s/%s", exe, rel);
        if (access (buf, R_OK) == 0)
            return buf;
    }
    return rel;
}

static inline int
bench_cmp_double (const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b;
    return (x > y) - (x < y);
}

/*  The q-quantile (0..1) of n samples, sorting them in place; 0 for none. */
static inline double
bench_quantile (double *v, long n, double q)
{
    if (n <= 0)
        return 0;
    qsort (v, (size_t) n, sizeof *v, bench_cmp_double);
    return v[(long) (q * (double) (n - 1))];
}

/*  A battle line table: `per_side` units a side in ranks of `cols`
 *  (10 up to 20 a side, more beyond so the table stays about twice as
 *  wide as deep), 22 cm apart along a rank and 8 cm between ranks, the
 *  front ranks 60 cm apart, with BENCH_TERRAIN_FEATURES woods and towns
 *  (15 x 12 cm, scaled along the width) between them.  Every fifth unit
 *  is cavalry.  Ids are blue-K and red-K from 1.  With 20 a side it is a
 *  240 x 120 cm table.  The message and everything it points to live in
 *  the returned block: free it with bench_table_free. */
typedef struct {
    Solo__V1__Situation sit;
    Solo__V1__Unit *units;
    Solo__V1__Unit **unit_ptrs;
    Solo__V1__Point *centres;
    char (*ids)[BENCH_ID_MAX];
    Solo__V1__TerrainFeature features[BENCH_TERRAIN_FEATURES];
    Solo__V1__TerrainFeature *feature_ptrs[BENCH_TERRAIN_FEATURES];
    Solo__V1__Point corners[BENCH_TERRAIN_FEATURES][4];
    Solo__V1__Point *corner_ptrs[BENCH_TERRAIN_FEATURES][4];
    char fids[BENCH_TERRAIN_FEATURES][BENCH_ID_MAX];
    Solo__V1__UnitStatus status;
    int per_side;
    int cols;
} bench_table_t;

static inline void
bench_table_free (bench_table_t **self_p)
{
    bench_table_t *t = *self_p;
    if (!t)
        return;
    free (t->units);
    free (t->unit_ptrs);
    free (t->centres);
    free (t->ids);
    free (t);
    *self_p = NULL;
}

static inline bench_table_t *
bench_table_new (int per_side)
{
    bench_table_t *t = calloc (1, sizeof *t);
    int n = 2 * per_side;
    if (!t)
        return NULL;
    t->per_side = per_side;
    t->cols = per_side <= 20 ? 10 : (int) ceil (sqrt (2.0 * per_side));
    t->units = calloc ((size_t) n, sizeof *t->units);
    t->unit_ptrs = calloc ((size_t) n, sizeof *t->unit_ptrs);
    t->centres = calloc ((size_t) n, sizeof *t->centres);
    t->ids = calloc ((size_t) n, sizeof *t->ids);
    if (!t->units || !t->unit_ptrs || !t->centres || !t->ids) {
        bench_table_free (&t);
        return NULL;
    }
    int rows = (per_side + t->cols - 1) / t->cols;
    double margin = 22.0, rank = 8.0, gap = 60.0, file = 22.0;
    double blue_front = margin + (rows - 1) * rank;
    double width = 20.0 + t->cols * file;
    double depth = 2 * margin + 2 * (rows - 1) * rank + gap;
    solo__v1__unit_status__init (&t->status);
    for (int i = 0; i < n; i++) {
        Solo__V1__Unit *u = &t->units[i];
        solo__v1__unit__init (u);
        solo__v1__point__init (&t->centres[i]);
        bool red = i >= per_side;
        int k = red ? i - per_side : i;
        snprintf (t->ids[i], BENCH_ID_MAX, "%s-%d", red ? "red" : "blue", k + 1);
        u->id = t->ids[i];
        u->side = red ? SOLO__V1__SIDE__SIDE_RED : SOLO__V1__SIDE__SIDE_BLUE;
        u->arm = (k % 5 == 4) ? SOLO__V1__ARM__ARM_CAVALRY
                              : SOLO__V1__ARM__ARM_INFANTRY;
        u->weapon = (u->arm == SOLO__V1__ARM__ARM_CAVALRY) ? "sword" : "musket";
        u->bayonet = u->arm == SOLO__V1__ARM__ARM_INFANTRY;
        u->formation = (u->arm == SOLO__V1__ARM__ARM_CAVALRY)
                     ? SOLO__V1__FORMATION__FORMATION_MOUNTED
                     : SOLO__V1__FORMATION__FORMATION_LINE;
        u->figures = 12;
        u->wounded = k % 3;
        u->officers = 1;
        u->ncos = 1;
        int col = k % t->cols, row = k / t->cols;
        t->centres[i].x = 10.0 + col * file;
        t->centres[i].y = red ? blue_front + gap + row * rank
                              : blue_front - row * rank;
        u->centre = &t->centres[i];
        u->facing = red ? 180.0 : 0.0;
        u->width = 12.0;
        u->depth = 3.0;
        u->status = &t->status;
        t->unit_ptrs[i] = u;
    }
    double stretch = width / 240.0;
    for (int f = 0; f < BENCH_TERRAIN_FEATURES; f++) {
        Solo__V1__TerrainFeature *tf = &t->features[f];
        solo__v1__terrain_feature__init (tf);
        snprintf (t->fids[f], BENCH_ID_MAX, "feature-%d", f + 1);
        tf->id = t->fids[f];
        tf->kind = (f % 2) ? SOLO__V1__TERRAIN_KIND__TERRAIN_TOWN
                           : SOLO__V1__TERRAIN_KIND__TERRAIN_WOODS;
        double x = (5.0 + f * 23.0) * stretch;
        double y = blue_front + 20.0 + (f % 3) * 5.0;
        double xs[4] = { x, x + 15.0, x + 15.0, x };
        double ys[4] = { y, y, y + 12.0, y + 12.0 };
        for (int c = 0; c < 4; c++) {
            solo__v1__point__init (&t->corners[f][c]);
            t->corners[f][c].x = xs[c];
            t->corners[f][c].y = ys[c];
            t->corner_ptrs[f][c] = &t->corners[f][c];
        }
        tf->n_polygon = 4;
        tf->polygon = t->corner_ptrs[f];
        t->feature_ptrs[f] = tf;
    }
    solo__v1__situation__init (&t->sit);
    t->sit.ruleset = "skirmish19";
    t->sit.table_width = width;
    t->sit.table_depth = depth;
    t->sit.n_units = (size_t) n;
    t->sit.units = t->unit_ptrs;
    t->sit.n_terrain = BENCH_TERRAIN_FEATURES;
    t->sit.terrain = t->feature_ptrs;
    return t;
}

/*  The id of the red unit in the middle of the front rank. */
static inline const char *
bench_table_front_red (const bench_table_t *t)
{
    int k = t->per_side < t->cols ? t->per_side / 2 : t->cols / 2;
    return t->ids[t->per_side + k];
}

/*  A packed Request (malloc'd) with `id` around `body` set by the caller
 *  through `req`; NULL when out of memory. */
static inline uint8_t *
bench_pack_request (Solo__V1__Request *req, size_t *len)
{
    *len = solo__v1__request__get_packed_size (req);
    uint8_t *buf = malloc (*len ? *len : 1);
    if (buf)
        solo__v1__request__pack (req, buf);
    return buf;
}

/*  A DEALER connected to `endpoint` with `timeout_ms` for replies. */
static inline void *
bench_connect (void *ctx, const char *endpoint, int timeout_ms)
{
    void *sock = zmq_socket (ctx, ZMQ_DEALER);
    int linger = 0;
    int64_t max = -1;
    zmq_setsockopt (sock, ZMQ_LINGER, &linger, sizeof linger);
    zmq_setsockopt (sock, ZMQ_RCVTIMEO, &timeout_ms, sizeof timeout_ms);
    zmq_setsockopt (sock, ZMQ_MAXMSGSIZE, &max, sizeof max);
    if (zmq_connect (sock, endpoint) != 0) {
        zmq_close (sock);
        return NULL;
    }
    return sock;
}

/*  Send one packed request and wait for its reply, decoded (free with
 *  solo__v1__reply__free_unpacked); NULL on a timeout or bytes that do
 *  not decode. */
static inline Solo__V1__Reply *
bench_call (void *sock, const uint8_t *req, size_t len)
{
    if (zmq_send (sock, req, len, 0) < 0)
        return NULL;
    zmq_msg_t msg;
    zmq_msg_init (&msg);
    if (zmq_msg_recv (&msg, sock, 0) < 0) {
        zmq_msg_close (&msg);
        return NULL;
    }
    Solo__V1__Reply *reply = solo__v1__reply__unpack (
        NULL, zmq_msg_size (&msg), zmq_msg_data (&msg));
    zmq_msg_close (&msg);
    return reply;
}

#endif
