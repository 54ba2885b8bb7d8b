/*  bench_memory.c - solod's resident memory: idle, with many open games,
 *  and along a million questions (it must not grow).
 *
 *  Reads the daemon's VmRSS from /proc/PID/status at each step:
 *
 *    idle      after a Hello;
 *    games     after opening --games games of the farm scenario (the
 *              daemon refuses more than its limit: the count opened is
 *              reported), and after closing them again;
 *    questions every tenth of --questions AskUnit (the question of
 *              bench_transport, 20 units a side, asked inline by
 *              --clients clients connected once for the whole run), so
 *              that growth shows as a trend;
 *    churn     after each quarter of --churn clients (10,000) each
 *              connected for one question and gone.
 *
 *  Usage: bench_memory --endpoint tcp://127.0.0.1:7460 --pid PID
 *                      [--games 1000] [--questions 1000000] [--clients 8]
 *                      [--churn 10000]
 *  run.sh starts a solod of its own and passes both.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include "bench_common.h"

#define MAX_CLIENTS 64
#define STEPS       10
#define CHURN_STEPS 4

static long
rss_kb (int pid)
{
    char path[64], line[256];
    snprintf (path, sizeof path, "/proc/%d/status", pid);
    FILE *f = fopen (path, "r");
    long kb = -1;
    if (!f)
        return -1;
    while (fgets (line, sizeof line, f))
        if (strncmp (line, "VmRSS:", 6) == 0) {
            kb = atol (line + 6);
            break;
        }
    fclose (f);
    return kb;
}

static double
mb (long kb)
{
    return kb / 1024.0;
}

/*  Send a request and keep the reply. */
static Solo__V1__Reply *
call (void *sock, Solo__V1__Request *req)
{
    size_t len;
    uint8_t *buf = bench_pack_request (req, &len);
    Solo__V1__Reply *reply = buf ? bench_call (sock, buf, len) : NULL;
    free (buf);
    return reply;
}

static int
hello (void *sock)
{
    Solo__V1__Hello body = SOLO__V1__HELLO__INIT;
    Solo__V1__Request req = SOLO__V1__REQUEST__INIT;
    req.body_case = SOLO__V1__REQUEST__BODY_HELLO;
    req.hello = &body;
    Solo__V1__Reply *reply = call (sock, &req);
    int rc = reply && reply->body_case == SOLO__V1__REPLY__BODY_HELLO ? 0 : -1;
    if (reply)
        solo__v1__reply__free_unpacked (reply, NULL);
    return rc;
}

/*  Open a game of the farm scenario: its id into `id`, or the daemon's
 *  complaint into `why`. */
static int
open_farm (void *sock, uint64_t n, char *id, size_t idlen, char *why,
           size_t whylen)
{
    Solo__V1__OpenGame body = SOLO__V1__OPEN_GAME__INIT;
    body.source_case = SOLO__V1__OPEN_GAME__SOURCE_SCENARIO;
    body.scenario = "farm";
    Solo__V1__Request req = SOLO__V1__REQUEST__INIT;
    req.id = n;
    req.body_case = SOLO__V1__REQUEST__BODY_OPEN_GAME;
    req.open_game = &body;
    Solo__V1__Reply *reply = call (sock, &req);
    int rc = -1;
    if (reply && reply->body_case == SOLO__V1__REPLY__BODY_GAME_OPENED) {
        snprintf (id, idlen, "%s", reply->game_opened->game_id);
        rc = 0;
    }
    else
        snprintf (why, whylen, "%s", reply && reply->error
                  ? reply->error->message : "no answer");
    if (reply)
        solo__v1__reply__free_unpacked (reply, NULL);
    return rc;
}

static void
close_game (void *sock, const char *id)
{
    Solo__V1__CloseGame body = SOLO__V1__CLOSE_GAME__INIT;
    body.game_id = (char *) id;
    Solo__V1__Request req = SOLO__V1__REQUEST__INIT;
    req.body_case = SOLO__V1__REQUEST__BODY_CLOSE_GAME;
    req.close_game = &body;
    Solo__V1__Reply *reply = call (sock, &req);
    if (reply)
        solo__v1__reply__free_unpacked (reply, NULL);
}

/* ---- the questions --------------------------------------------------------- */

typedef struct {
    void *sock;                  /* connected once, for the whole run */
    const uint8_t *request;
    size_t len;
    atomic_long *left;           /* questions still to ask */
    long errors;
} asker_t;

static void *
asker_main (void *arg)
{
    asker_t *a = arg;
    uint8_t buf[65536];
    while (atomic_fetch_sub (a->left, 1) > 0) {
        if (zmq_send (a->sock, a->request, a->len, 0) < 0
        ||  zmq_recv (a->sock, buf, sizeof buf, 0) < 0) {
            a->errors++;
            break;
        }
    }
    return NULL;
}

/*  Ask `count` questions through the clients' sockets, one thread each
 *  (a socket passes from thread to thread through create and join);
 *  errors are counted. */
static long
ask (void **socks, const uint8_t *req, size_t len, long count, int clients)
{
    atomic_long left;
    atomic_init (&left, count);
    asker_t askers[MAX_CLIENTS];
    pthread_t threads[MAX_CLIENTS];
    for (int i = 0; i < clients; i++) {
        askers[i] = (asker_t) { socks[i], req, len, &left, 0 };
        pthread_create (&threads[i], NULL, asker_main, &askers[i]);
    }
    long errors = 0;
    for (int i = 0; i < clients; i++) {
        pthread_join (threads[i], NULL);
        errors += askers[i].errors;
    }
    return errors;
}

int
main (int argc, char **argv)
{
    const char *endpoint = NULL;
    int pid = 0, games = 1000, clients = 8, churn = 10000;
    long questions = 1000000;
    for (int i = 1; i < argc; i++) {
        if (!strcmp (argv[i], "--endpoint") && i + 1 < argc)
            endpoint = argv[++i];
        else if (!strcmp (argv[i], "--pid") && i + 1 < argc)
            pid = atoi (argv[++i]);
        else if (!strcmp (argv[i], "--games") && i + 1 < argc)
            games = atoi (argv[++i]);
        else if (!strcmp (argv[i], "--questions") && i + 1 < argc)
            questions = atol (argv[++i]);
        else if (!strcmp (argv[i], "--clients") && i + 1 < argc)
            clients = atoi (argv[++i]);
        else if (!strcmp (argv[i], "--churn") && i + 1 < argc)
            churn = atoi (argv[++i]);
        else {
            fprintf (stderr, "usage: %s --endpoint E --pid PID [--games N] "
                     "[--questions N] [--clients N] [--churn N]\n", argv[0]);
            return 2;
        }
    }
    if (!endpoint || pid <= 0 || rss_kb (pid) < 0) {
        fprintf (stderr, "bench_memory: give the --endpoint of a running "
                 "solod and its --pid\n");
        return 2;
    }
    if (clients < 1 || clients > MAX_CLIENTS)
        clients = 8;
    void *ctx = zmq_ctx_new ();
    void *sock = bench_connect (ctx, endpoint, 10000);
    if (!sock || hello (sock) < 0) {
        fprintf (stderr, "bench_memory: no answer from %s\n", endpoint);
        return 1;
    }
    long idle = rss_kb (pid);
    printf ("%-44s %10s\n", "solod resident memory (VmRSS)", "MB");
    printf ("%-44s %10.1f\n", "idle", mb (idle));

    /* open games */
    char (*ids)[64] = calloc ((size_t) (games > 0 ? games : 1), sizeof *ids);
    int opened = 0;
    char why[256] = "";
    double t0 = bench_now ();
    while (opened < games
           && open_farm (sock, (uint64_t) opened + 1, ids[opened],
                         sizeof ids[opened], why, sizeof why) == 0)
        opened++;
    double open_s = bench_now () - t0;
    long with_games = rss_kb (pid);
    char label[128];
    snprintf (label, sizeof label, "%d open games (farm)", opened);
    printf ("%-44s %10.1f   %.1f KB a game, opened in %.2f s\n", label,
            mb (with_games), opened ? (with_games - idle) / (double) opened : 0,
            open_s);
    if (opened < games)
        printf ("  (asked for %d: %s)\n", games, why);

    /* the questions, with the games still open */
    bench_table_t *table = bench_table_new (20);
    Solo__V1__AskUnit body = SOLO__V1__ASK_UNIT__INIT;
    body.source_case = SOLO__V1__ASK_UNIT__SOURCE_SITUATION;
    body.situation = &table->sit;
    body.unit_id = table->ids[table->per_side];
    Solo__V1__Request req = SOLO__V1__REQUEST__INIT;
    req.id = 1;
    req.body_case = SOLO__V1__REQUEST__BODY_ASK_UNIT;
    req.ask_unit = &body;
    size_t len;
    uint8_t *packed = bench_pack_request (&req, &len);
    void *socks[MAX_CLIENTS];
    for (int i = 0; i < clients; i++)
        if (!(socks[i] = bench_connect (ctx, endpoint, 10000))) {
            fprintf (stderr, "bench_memory: cannot connect\n");
            return 1;
        }
    long step = questions / STEPS > 0 ? questions / STEPS : questions;
    long asked = 0, errors = 0, first = -1;
    t0 = bench_now ();
    while (asked < questions) {
        long n = questions - asked < step ? questions - asked : step;
        errors += ask (socks, packed, len, n, clients);
        asked += n;
        long now = rss_kb (pid);
        if (first < 0)
            first = now;
        snprintf (label, sizeof label, "after %ld questions", asked);
        printf ("%-44s %10.1f   %+.1f MB since the first step\n", label,
                mb (now), mb (now - first));
        fflush (stdout);
    }
    double ask_s = bench_now () - t0;
    printf ("  %ld questions in %.1f s (%.0f/s, %d clients), %ld errors\n",
            asked, ask_s, asked / (ask_s > 0 ? ask_s : 1), clients, errors);
    for (int i = 0; i < clients; i++)
        zmq_close (socks[i]);

    /* clients that come and go: one question each on a new connection,
       reported by quarters so that growth shows as a trend (a heap that
       settles grows in the first quarter only) */
    if (churn > 0) {
        long before = rss_kb (pid);
        long failed = 0;
        int done = 0;
        t0 = bench_now ();
        for (int quarter = 1; quarter <= CHURN_STEPS; quarter++) {
            int until = (int) ((long) churn * quarter / CHURN_STEPS);
            for (; done < until; done++) {
                void *once = bench_connect (ctx, endpoint, 10000);
                uint8_t buf[65536];
                if (!once || zmq_send (once, packed, len, 0) < 0
                ||  zmq_recv (once, buf, sizeof buf, 0) < 0)
                    failed++;
                if (once)
                    zmq_close (once);
            }
            long after = rss_kb (pid);
            snprintf (label, sizeof label, "after %d clients came and went",
                      done);
            printf ("%-44s %10.1f   %+.1f MB, %.2f KB a client (%.1f s)\n",
                    label, mb (after), mb (after - before),
                    (after - before) / (double) (done ? done : 1),
                    bench_now () - t0);
            fflush (stdout);
        }
        errors += failed;
    }

    for (int i = 0; i < opened; i++)
        close_game (sock, ids[i]);
    printf ("%-44s %10.1f\n", "games closed", mb (rss_kb (pid)));
    free (packed);
    free (ids);
    bench_table_free (&table);
    zmq_close (sock);
    zmq_ctx_term (ctx);
    return errors ? 1 : 0;
}
