/*  bench_scale.c - the same question on bigger and bigger tables.
 *
 *  AskUnit for the red unit in the middle of the front rank, on battle
 *  lines of 10, 100, 1,000 and 10,000 units in all (bench_common.h: the
 *  same layout as bench_transport's, widened), with 10 terrain features.
 *  For each size, the time of one answer (median):
 *
 *    engine   rf_decide alone, on a situation already built and indexed
 *             (what the question costs the rules and the RF engine);
 *    inline   the whole AskUnit in-process: decode the request, build
 *             and index the situation, decide, encode the reply;
 *    solod    the same inline AskUnit sent to a running solod;
 *    game     AskUnit on a game opened in solod from the same situation.
 *
 *  The last line gives each column's ratio of the biggest table to 100
 *  units (the goal: at most 10 for the engine).
 *
 *  Usage: bench_scale [--endpoint tcp://127.0.0.1:7460] [--units 10,100,...]
 *                     [--seconds S] [--show]
 *  Without --endpoint only the in-process columns are measured; --show
 *  prints the working of each answer.
 */
#include <pthread.h>
#include "bench_common.h"
#include "catalog.h"
#include "convert.h"
#include "dice.h"
#include "handlers.h"
#include "rf.h"

#define MAX_SIZES   16
#define MAX_SAMPLES 200000
#define SEED        42

typedef struct {
    int units;
    double engine_us, inline_us, solod_us, game_us;
    long request_bytes;
} row_t;

/*  Time `fn` over and over for about `seconds` (at least 5 times) and
 *  return the median time of one call in microseconds. */
typedef int (*timed_fn) (void *arg);

static double
median_us (timed_fn fn, void *arg, double seconds)
{
    static double samples[MAX_SAMPLES];
    long n = 0;
    double start = bench_now ();
    while (n < MAX_SAMPLES && (n < 5 || bench_now () - start < seconds)) {
        double t0 = bench_now ();
        if (fn (arg) < 0)
            return -1;
        samples[n++] = bench_now () - t0;
    }
    return bench_quantile (samples, n, 0.5) * 1e6;
}

/* ---- the engine alone ---------------------------------------------------- */

typedef struct {
    const situation_t *sit;
    int unit;
    rf_decision_t *decision;
} engine_arg_t;

static int
engine_once (void *arg)
{
    engine_arg_t *e = arg;
    dice_t *dice = dice_new (SEED);
    char err[SOLO_ERR_MAX];
    int rc = rf_decide (e->sit, e->unit, 0, dice, e->decision, err, sizeof err);
    if (rc)
        fprintf (stderr, "bench_scale: rf_decide: %s\n", err);
    dice_destroy (&dice);
    return rc;
}

/* ---- the whole request in-process --------------------------------------- */

typedef struct {
    const handler_context_t *ctx;
    const uint8_t *req;
    size_t len;
} inline_arg_t;

static int
inline_once (void *arg)
{
    inline_arg_t *a = arg;
    uint8_t *reply = NULL;
    size_t reply_len = 0;
    handler_result_t result;
    if (handlers_serve (a->ctx, a->req, a->len, SEED, &reply, &reply_len,
                        &result) < 0)
        return -1;
    free (reply);
    if (result.code != SOLO__V1__ERROR__CODE__CODE_UNSPECIFIED) {
        fprintf (stderr, "bench_scale: AskUnit refused: %s (%s)\n",
                 handlers_code_name (result.code), result.field);
        return -1;
    }
    return 0;
}

/* ---- through solod -------------------------------------------------------- */

typedef struct {
    void *sock;
    const uint8_t *req;
    size_t len;
} remote_arg_t;

static int
remote_once (void *arg)
{
    remote_arg_t *a = arg;
    Solo__V1__Reply *reply = bench_call (a->sock, a->req, a->len);
    if (!reply)
        return -1;
    int rc = reply->body_case == SOLO__V1__REPLY__BODY_UNIT_DECISION ? 0 : -1;
    if (rc)
        fprintf (stderr, "bench_scale: solod answered %s\n",
                 reply->error && reply->error->message ? reply->error->message
                                                       : "no decision");
    solo__v1__reply__free_unpacked (reply, NULL);
    return rc;
}

/*  Open a game in solod from the table; its id into `id`. */
static int
open_game (void *sock, bench_table_t *t, char *id, size_t idlen)
{
    Solo__V1__OpenGame open = SOLO__V1__OPEN_GAME__INIT;
    open.source_case = SOLO__V1__OPEN_GAME__SOURCE_SITUATION;
    open.situation = &t->sit;
    Solo__V1__Request req = SOLO__V1__REQUEST__INIT;
    req.id = 1;
    req.body_case = SOLO__V1__REQUEST__BODY_OPEN_GAME;
    req.open_game = &open;
    size_t len;
    uint8_t *buf = bench_pack_request (&req, &len);
    Solo__V1__Reply *reply = buf ? bench_call (sock, buf, len) : NULL;
    free (buf);
    int rc = -1;
    if (reply && reply->body_case == SOLO__V1__REPLY__BODY_GAME_OPENED) {
        snprintf (id, idlen, "%s", reply->game_opened->game_id);
        rc = 0;
    }
    else
        fprintf (stderr, "bench_scale: OpenGame of %zu units: %s\n",
                 t->sit.n_units, reply && reply->error
                 ? reply->error->message : "no answer");
    if (reply)
        solo__v1__reply__free_unpacked (reply, NULL);
    return rc;
}

static void
close_game (void *sock, const char *id)
{
    Solo__V1__CloseGame close = SOLO__V1__CLOSE_GAME__INIT;
    close.game_id = (char *) id;
    Solo__V1__Request req = SOLO__V1__REQUEST__INIT;
    req.id = 2;
    req.body_case = SOLO__V1__REQUEST__BODY_CLOSE_GAME;
    req.close_game = &close;
    size_t len;
    uint8_t *buf = bench_pack_request (&req, &len);
    Solo__V1__Reply *reply = buf ? bench_call (sock, buf, len) : NULL;
    free (buf);
    if (reply)
        solo__v1__reply__free_unpacked (reply, NULL);
}

/*  A packed AskUnit for `unit_id`, on the table inline or on a game. */
static uint8_t *
ask_request (bench_table_t *t, const char *game_id, const char *unit_id,
             size_t *len)
{
    Solo__V1__AskUnit ask = SOLO__V1__ASK_UNIT__INIT;
    if (game_id) {
        ask.source_case = SOLO__V1__ASK_UNIT__SOURCE_GAME_ID;
        ask.game_id = (char *) game_id;
    }
    else {
        ask.source_case = SOLO__V1__ASK_UNIT__SOURCE_SITUATION;
        ask.situation = &t->sit;
    }
    ask.unit_id = (char *) unit_id;
    ask.has_seed = true;
    ask.seed = SEED;
    Solo__V1__Request req = SOLO__V1__REQUEST__INIT;
    req.id = 3;
    req.body_case = SOLO__V1__REQUEST__BODY_ASK_UNIT;
    req.ask_unit = &ask;
    return bench_pack_request (&req, len);
}

static int
measure (int units, const handler_context_t *hctx, void *sock,
         double seconds, bool show, row_t *row)
{
    memset (row, 0, sizeof *row);
    row->units = units;
    row->solod_us = row->game_us = -1;
    bench_table_t *t = bench_table_new (units / 2);
    if (!t)
        return -1;
    const char *unit_id = bench_table_front_red (t);
    size_t len;
    uint8_t *req = ask_request (t, NULL, unit_id, &len);
    row->request_bytes = (long) len;

    convert_error_t error;
    situation_t *sit = convert_situation (&t->sit, hctx->catalog, "situation",
                                          &error);
    if (!sit) {
        fprintf (stderr, "bench_scale: %s: %s\n", error.field, error.message);
        free (req);
        bench_table_free (&t);
        return -1;
    }
    rf_decision_t *decision = malloc (sizeof *decision);
    engine_arg_t ea = { sit, situation_find_unit (sit, unit_id), decision };
    row->engine_us = median_us (engine_once, &ea, seconds);
    if (show)
        printf ("%s\n", decision->explanation);
    free (decision);
    situation_destroy (&sit);

    inline_arg_t ia = { hctx, req, len };
    row->inline_us = median_us (inline_once, &ia, seconds);

    if (sock) {
        remote_arg_t ra = { sock, req, len };
        row->solod_us = median_us (remote_once, &ra, seconds);
        char game_id[64];
        if (open_game (sock, t, game_id, sizeof game_id) == 0) {
            size_t glen;
            uint8_t *greq = ask_request (t, game_id, unit_id, &glen);
            remote_arg_t ga = { sock, greq, glen };
            row->game_us = median_us (remote_once, &ga, seconds);
            free (greq);
            close_game (sock, game_id);
        }
    }
    free (req);
    bench_table_free (&t);
    return 0;
}

static void
print_us (double us)
{
    if (us < 0)
        printf (" %10s", "-");
    else
        printf (" %10.1f", us);
}

static void
print_ratio (double big, double base)
{
    if (big < 0 || base <= 0)
        printf (" %10s", "-");
    else
        printf (" %9.1fx", big / base);
}

int
main (int argc, char **argv)
{
    const char *endpoint = NULL;
    char sizes_arg[128] = "10,100,1000,10000";
    double seconds = 1.0;
    bool show = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp (argv[i], "--show"))
            show = true;
        else if (!strcmp (argv[i], "--endpoint") && i + 1 < argc)
            endpoint = argv[++i];
        else if (!strcmp (argv[i], "--units") && i + 1 < argc)
            snprintf (sizes_arg, sizeof sizes_arg, "%s", argv[++i]);
        else if (!strcmp (argv[i], "--seconds") && i + 1 < argc)
            seconds = atof (argv[++i]);
        else {
            fprintf (stderr, "usage: %s [--endpoint E] [--units 10,100,1000,"
                     "10000] [--seconds S] [--show]\n", argv[0]);
            return 2;
        }
    }
    char data_buf[4200], err[512];
    const char *data_dir = bench_source_file ("rules/data", data_buf,
                                              sizeof data_buf);
    catalog_t *catalog = catalog_new (data_dir, NULL, 0, "skirmish19", err, sizeof err);
    if (!catalog) {
        fprintf (stderr, "bench_scale: %s\n", err);
        return 1;
    }
    handler_context_t hctx = { .catalog = catalog,
                               .max_message_bytes = 1 << 28 };
    void *zctx = NULL, *sock = NULL;
    if (endpoint) {
        zctx = zmq_ctx_new ();
        sock = bench_connect (zctx, endpoint, 60000);
    }

    row_t rows[MAX_SIZES];
    int nrows = 0;
    printf ("AskUnit for a red unit in the middle of the front rank; "
            "10 terrain features; median of one answer\n");
    printf ("%8s %10s %10s %10s %10s %10s\n", "units", "request B",
            "engine us", "inline us", "solod us", "game us");
    char *save = NULL;
    for (char *tok = strtok_r (sizes_arg, ",", &save); tok && nrows < MAX_SIZES;
         tok = strtok_r (NULL, ",", &save)) {
        int units = atoi (tok);
        if (units < 2 || units > 16384)
            continue;
        row_t *r = &rows[nrows];
        if (measure (units, &hctx, sock, seconds, show, r) < 0)
            return 1;
        nrows++;
        printf ("%8d %10ld", r->units, r->request_bytes);
        print_us (r->engine_us);
        print_us (r->inline_us);
        print_us (r->solod_us);
        print_us (r->game_us);
        printf ("\n");
        fflush (stdout);
    }
    const row_t *base = NULL, *big = NULL;
    for (int i = 0; i < nrows; i++) {
        if (rows[i].units == 100)
            base = &rows[i];
        if (!big || rows[i].units > big->units)
            big = &rows[i];
    }
    if (base && big && big != base) {
        printf ("%5d/100 %10s", big->units, "");
        print_ratio (big->engine_us, base->engine_us);
        print_ratio (big->inline_us, base->inline_us);
        print_ratio (big->solod_us, base->solod_us);
        print_ratio (big->game_us, base->game_us);
        printf ("\n");
    }
    if (sock)
        zmq_close (sock);
    if (zctx)
        zmq_ctx_term (zctx);
    catalog_destroy (&catalog);
    return 0;
}
