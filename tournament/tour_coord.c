/*  tour_coord.c - the coordinator: jobs out, games in, workers watched.  */
#include <assert.h>
#include <stdatomic.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <zmq.h>
#include "tour_coord.h"
#include "tour_wire.h"
#include "tour_worker.h"

#define MAX_PEERS          4096
#define MAX_LOCAL_WORKERS  256
#define POLL_MS            100
#define BATCH_MS           200      /* messages handled between looks */
#define WAIT_MS            200      /* an idle worker asks again after */
#define DRAW_TTY_MS        250
#define DRAW_LINE_MS       5000
#define STOP_LINGER_MS     1000     /* time to deliver the last Stops */
#define LOCAL_PREFIX       "local-" /* local workers' names */

/*  A job: what is left to play of one pair. */
typedef struct {
    uint64_t id;
    int pairing, pair;
    unsigned mask;          /* bit g: game g of the pair */
} job_t;

typedef struct {
    uint8_t identity[TOUR_WIRE_IDENTITY_MAX];
    size_t identity_len;
    char name[TOUR_STORE_WORKER_MAX];
    int64_t last_seen;
    bool has_job;
    job_t job;
    bool refused;           /* sent away: another version, no setup */
    bool gone;              /* silent past the worker timeout; kept so
                               that it is known if it speaks again, and
                               told to stop at the end */
} peer_t;

typedef struct {
    void *ctx;
    char endpoint[64];
    char name[32];
    atomic_int *stop;
    pthread_t thread;
} local_t;

typedef struct {
    const tour_spec_t *spec;
    tour_store_t *store;
    tour_results_t *results;
    const tour_coord_options_t *opt;
    void *router;
    peer_t *peers;
    int peer_count;
    int peers_named;        /* "worker N" names given so far */
    job_t *requeue;
    int requeue_head, requeue_count, requeue_cap;
    int cursor_pair, cursor_pairing;
    uint64_t next_job_id;
    Solo__V1__CoordinatorMessage setup_msg;
    bool failed;
    char err[SOLO_ERR_MAX + 128];
    /* progress */
    int64_t started;
    int stored_at_start;
    int64_t last_draw;
    int last_drawn_done;
    bool line_drawn;
    bool warned_tables;
} coord_t;

/*  ---- messages to the user ---- */

static void
clear_line (coord_t *c)
{
    if (c->opt->progress && c->opt->progress_tty && c->line_drawn) {
        fputs ("\r\033[K", c->opt->progress);
        c->line_drawn = false;
    }
}

static void
say (coord_t *c, const char *fmt, ...) __attribute__ ((format (printf, 2, 3)));

static void
say (coord_t *c, const char *fmt, ...)
{
    FILE *out = c->opt->progress;
    if (!out)
        return;                  /* quiet */
    clear_line (c);
    va_list ap;
    va_start (ap, fmt);
    vfprintf (out, fmt, ap);
    va_end (ap);
    fputc ('\n', out);
    fflush (out);
    c->last_draw = 0;
}

/*  "table 61.5%, random 38.5%": the leaders by points per game. */
static void
standings (coord_t *c, char *buf, size_t size)
{
    int n = tour_spec_strategy_count (c->spec);
    double score[TOUR_SPEC_MAX_STRATEGIES];
    int games[TOUR_SPEC_MAX_STRATEGIES] = { 0 },
        order[TOUR_SPEC_MAX_STRATEGIES];
    for (int i = 0; i < n; i++) {
        score[i] = 0;
        order[i] = i;
    }
    for (int p = 0; p < tour_results_pairing_count (c->results); p++) {
        const tour_results_pairing_t *r = tour_results_pairing (c->results, p);
        score[r->first] += r->points;
        score[r->second] += r->games - r->points;
        games[r->first] += r->games;
        games[r->second] += r->games;
    }
    for (int i = 0; i < n; i++)
        score[i] = games[i] ? score[i] / games[i] : 0;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && score[order[j]] > score[order[j - 1]]; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    size_t used = 0;
    buf[0] = 0;
    for (int k = 0; k < n && k < 4 && used < size; k++) {
        int i = order[k];
        if (!games[i])
            continue;
        used += (size_t) snprintf (buf + used, size - used, "%s%.16s %.1f%%",
                                   used ? ", " : "",
                                   tour_spec_strategy (c->spec, i)->name,
                                   100 * score[i]);
    }
    if (n > 4 && used < size)
        snprintf (buf + used, size - used, ", ...");
}

static void
draw (coord_t *c, bool force)
{
    FILE *out = c->opt->progress;
    if (!out)
        return;
    int64_t now = tour_wire_now_ms ();
    int every = c->opt->progress_tty ? DRAW_TTY_MS : DRAW_LINE_MS;
    if (!force && now - c->last_draw < every)
        return;
    int done = tour_results_games_stored (c->results);
    if (!c->opt->progress_tty && done == c->last_drawn_done)
        return;             /* a line only when there is news */
    c->last_draw = now;
    c->last_drawn_done = done;
    int planned = tour_results_games_planned (c->results);
    double elapsed = (now - c->started) / 1000.0;
    int fresh = done - c->stored_at_start;
    double rate = elapsed > 0 ? fresh / elapsed : 0;
    char eta[32] = "-";
    if (rate > 0 && planned > done) {
        long s = (long) ceil ((planned - done) / rate);
        snprintf (eta, sizeof eta, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60,
                  s % 60);
    }
    else if (planned <= done)
        snprintf (eta, sizeof eta, "0:00:00");
    char bar[21];
    int filled = planned > 0 ? (int) (20.0 * done / planned) : 20;
    for (int i = 0; i < 20; i++)
        bar[i] = i < filled ? '#' : '.';
    bar[20] = 0;
    char board[160];
    standings (c, board, sizeof board);
    char line[400];
    snprintf (line, sizeof line, "[%s] %d/%d games %3.0f%% %.1f games/s ETA "
              "%s | %s", bar, done, planned,
              planned ? 100.0 * done / planned : 100.0, rate, eta, board);
    if (c->opt->progress_tty) {
        /* one line that fits, or the next redraw cannot cover it */
        struct winsize ws;
        int width = ioctl (fileno (out), TIOCGWINSZ, &ws) == 0 && ws.ws_col
                    ? ws.ws_col : 80;
        if (width - 1 < (int) sizeof line && width > 1)
            line[width - 1] = 0;
    }
    clear_line (c);
    fputs (line, out);
    if (c->opt->progress_tty)
        c->line_drawn = true;
    else
        fputc ('\n', out);
    fflush (out);
}

/*  ---- jobs ---- */

/*  The games of pair `pair` of `pairing` still to play (bits). */
static unsigned
missing (coord_t *c, int pairing, int pair)
{
    if (tour_results_pairing_done (c->results, pairing))
        return 0;
    unsigned mask = 0;
    for (int g = 0; g < 2; g++)
        if (!tour_results_has (c->results, pairing, pair, g))
            mask |= 1u << g;
    return mask;
}

static void
requeue (coord_t *c, const job_t *job)
{
    if (!missing (c, job->pairing, job->pair))
        return;
    if (c->requeue_head + c->requeue_count == c->requeue_cap) {
        if (c->requeue_head > 0) {
            memmove (c->requeue, c->requeue + c->requeue_head,
                     sizeof *c->requeue * (size_t) c->requeue_count);
            c->requeue_head = 0;
        }
        else {
            int cap = c->requeue_cap ? c->requeue_cap * 2 : 64;
            job_t *q = realloc (c->requeue, sizeof *q * (size_t) cap);
            if (!q) {
                c->failed = true;
                snprintf (c->err, sizeof c->err, "out of memory");
                return;
            }
            c->requeue = q;
            c->requeue_cap = cap;
        }
    }
    c->requeue[c->requeue_head + c->requeue_count++] = *job;
}

/*  The next job to hand out: games taken back first, then the next pair
 *  in order.  False when there is none now. */
static bool
next_job (coord_t *c, job_t *out)
{
    while (c->requeue_count > 0) {
        job_t job = c->requeue[c->requeue_head++];
        c->requeue_count--;
        job.mask = missing (c, job.pairing, job.pair);
        if (job.mask) {
            job.id = ++c->next_job_id;
            *out = job;
            return true;
        }
    }
    int pairings = tour_spec_pairing_count (c->spec);
    while (c->cursor_pair < tour_spec_pairs (c->spec)) {
        int pairing = c->cursor_pairing, pair = c->cursor_pair;
        if (++c->cursor_pairing == pairings) {
            c->cursor_pairing = 0;
            c->cursor_pair++;
        }
        unsigned mask = missing (c, pairing, pair);
        if (mask) {
            *out = (job_t) { ++c->next_job_id, pairing, pair, mask };
            return true;
        }
    }
    return false;
}

static bool
all_done (coord_t *c)
{
    for (int p = 0; p < tour_spec_pairing_count (c->spec); p++)
        if (!tour_results_pairing_done (c->results, p))
            return false;
    return true;
}

/*  ---- peers ---- */

/*  The peer with this identity, gone ones included; *added tells whether
 *  it is a new one, made here.  A full table makes room by forgetting the
 *  gone peer silent the longest.  NULL when the table is full of peers
 *  still playing (MAX_PEERS of them): the message is dropped. */
static peer_t *
find_peer (coord_t *c, const uint8_t *identity, size_t len, bool *added)
{
    *added = false;
    for (int i = 0; i < c->peer_count; i++)
        if (c->peers[i].identity_len == len
            && memcmp (c->peers[i].identity, identity, len) == 0)
            return &c->peers[i];
    peer_t *p = NULL;
    if (c->peer_count < MAX_PEERS)
        p = &c->peers[c->peer_count++];
    else
        for (int i = 0; i < c->peer_count; i++)
            if (c->peers[i].gone
                && (!p || c->peers[i].last_seen < p->last_seen))
                p = &c->peers[i];
    if (!p)
        return NULL;
    memset (p, 0, sizeof *p);
    memcpy (p->identity, identity, len);
    p->identity_len = len;
    snprintf (p->name, sizeof p->name, "worker %d", ++c->peers_named);
    *added = true;
    return p;
}

static void
send_to (coord_t *c, peer_t *p, Solo__V1__CoordinatorMessage *msg)
{
    tour_wire_send (c->router, p->identity, p->identity_len, &msg->base,
                    ZMQ_DONTWAIT);
}

static void
send_stop (coord_t *c, peer_t *p, const char *reason)
{
    Solo__V1__Stop stop = SOLO__V1__STOP__INIT;
    stop.reason = (char *) reason;
    Solo__V1__CoordinatorMessage msg = SOLO__V1__COORDINATOR_MESSAGE__INIT;
    msg.body_case = SOLO__V1__COORDINATOR_MESSAGE__BODY_STOP;
    msg.stop = &stop;
    send_to (c, p, &msg);
}

/*  The peer's job is over as far as it is concerned: what it did not
 *  report goes back in the queue. */
static void
end_job (coord_t *c, peer_t *p)
{
    if (!p->has_job)
        return;
    p->has_job = false;
    requeue (c, &p->job);
}

static void
on_ask (coord_t *c, peer_t *p, const Solo__V1__WorkRequest *ask)
{
    end_job (c, p);
    if (strcmp (ask->tournament_id, tour_spec_id (c->spec)) != 0) {
        send_to (c, p, &c->setup_msg);
        return;
    }
    if (all_done (c)) {
        send_stop (c, p, TOUR_WORKER_STOP_DONE);
        return;
    }
    job_t job;
    if (!next_job (c, &job)) {
        Solo__V1__Wait wait = SOLO__V1__WAIT__INIT;
        wait.ms = WAIT_MS;
        Solo__V1__CoordinatorMessage msg = SOLO__V1__COORDINATOR_MESSAGE__INIT;
        msg.body_case = SOLO__V1__COORDINATOR_MESSAGE__BODY_WAIT;
        msg.wait = &wait;
        send_to (c, p, &msg);
        return;
    }
    int first, second;
    tour_spec_pairing (c->spec, job.pairing, &first, &second);
    uint32_t games[2];
    size_t n = 0;
    for (int g = 0; g < 2; g++)
        if (job.mask & (1u << g))
            games[n++] = (uint32_t) g;
    Solo__V1__Job j = SOLO__V1__JOB__INIT;
    j.tournament_id = (char *) tour_spec_id (c->spec);
    j.job_id = job.id;
    j.pairing = (uint32_t) job.pairing;
    j.pair_index = (uint32_t) job.pair;
    j.seed = tour_spec_pair_seed (c->spec, job.pair);
    j.scenario = (uint32_t) tour_spec_pair_scenario (c->spec, job.pair);
    j.first = (uint32_t) first;
    j.second = (uint32_t) second;
    j.n_games = n;
    j.games = games;
    Solo__V1__CoordinatorMessage msg = SOLO__V1__COORDINATOR_MESSAGE__INIT;
    msg.body_case = SOLO__V1__COORDINATOR_MESSAGE__BODY_JOB;
    msg.job = &j;
    send_to (c, p, &msg);
    p->has_job = true;
    p->job = job;
}

/*  A game reported: checked against the schedule and the rules in force,
 *  stored, counted. */
static void
on_game (coord_t *c, peer_t *p, const Solo__V1__GameDone *done)
{
    const Solo__V1__GameRecord *rec = done->record;
    const tour_spec_t *spec = c->spec;
    if (!rec || strcmp (done->tournament_id, tour_spec_id (spec)) != 0
        || (int) done->pairing >= tour_spec_pairing_count (spec)
        || (int) done->pair_index >= tour_spec_pairs (spec) || done->game > 1)
        return;
    int pairing = (int) done->pairing, pair = (int) done->pair_index;
    int game = (int) done->game, first, second;
    tour_spec_pairing (spec, pairing, &first, &second);
    int blue = game == 0 ? first : second, red = game == 0 ? second : first;
    if (rec->seed != tour_spec_pair_seed (spec, pair)
        || (int) rec->scenario != tour_spec_pair_scenario (spec, pair)
        || (int) rec->blue != blue || (int) rec->red != red)
        return;
    if (strcmp (rec->ruleset, tour_spec_ruleset (spec)) != 0
        || strcmp (rec->tables_hash, tour_spec_tables (spec)->hash) != 0) {
        if (!c->warned_tables)
            say (c,
                 "%s played under %s tables %s, not %s %s: its games are "
                 "not counted",
                 p->name, rec->ruleset, rec->tables_hash,
                 tour_spec_ruleset (spec), tour_spec_tables (spec)->hash);
        c->warned_tables = true;
        return;
    }
    tour_game_t g;
    memset (&g, 0, sizeof g);
    g.id = tour_spec_game_id (spec, pairing, pair, game);
    g.pairing = pairing;
    g.pair_index = pair;
    g.game = game;
    g.first = first;
    g.second = second;
    g.blue = blue;
    g.red = red;
    g.scenario = (int) rec->scenario;
    g.seed = rec->seed;
    g.winner = rec->winner < -1 || rec->winner > 1 ? -1 : rec->winner;
    g.turns = (int) rec->turns;
    snprintf (g.reason, sizeof g.reason, "%s", rec->reason);
    for (int s = 0; s < SIDE_COUNT; s++) {
        g.figures[s] = (size_t) s < rec->n_figures ? rec->figures[s] : 0;
        g.killed[s] = (size_t) s < rec->n_killed ? rec->killed[s] : 0;
        g.wounded[s] = (size_t) s < rec->n_wounded ? rec->wounded[s] : 0;
        g.gone[s] = (size_t) s < rec->n_gone ? rec->gone[s] : 0;
    }
    snprintf (g.forfeit, sizeof g.forfeit, "%s", rec->forfeit);
    g.forfeit_side = rec->forfeit[0] ? rec->forfeit_side : -1;
    snprintf (g.forfeit_detail, sizeof g.forfeit_detail, "%s",
              rec->forfeit_detail);
    snprintf (g.ruleset, sizeof g.ruleset, "%s", rec->ruleset);
    snprintf (g.tables_hash, sizeof g.tables_hash, "%s", rec->tables_hash);
    snprintf (g.worker, sizeof g.worker, "%s", done->worker);
    g.seconds = rec->seconds;
    g.steps = rec->steps;
    g.dice = (int) rec->dice;
    g.orders = (int) rec->orders;
    g.log = rec->log;
    g.decisions = rec->decisions;
    char err[SOLO_ERR_MAX];
    int rc = tour_store_put_game (c->store, &g, err, sizeof err);
    if (rc < 0) {
        c->failed = true;
        snprintf (c->err, sizeof c->err, "%s", err);
        return;
    }
    if (p->has_job && p->job.pairing == pairing && p->job.pair == pair)
        p->job.mask &= ~(1u << game);
    if (rc == 0)
        return;
    if (g.forfeit[0])
        say (c, "game %" PRId64 ": %s forfeits (%s): %s", g.id,
             tour_spec_strategy (spec, g.forfeit_side == SIDE_RED ? red : blue)
                 ->name,
             g.forfeit, g.forfeit_detail);
    if (tour_results_add (c->results, &g)) {
        const tour_results_pairing_t *r
            = tour_results_pairing (c->results, pairing);
        say (c, "SPRT %s vs %s: %s accepted after %d pairs (LLR %.2f)",
             tour_spec_strategy (spec, first)->name,
             tour_spec_strategy (spec, second)->name,
             tour_stats_sprt_verdict_name (r->verdict), r->pairs, r->llr);
    }
}

/*  A worker that cannot play.  Local workers are this very program: the
 *  tournament cannot go on.  A remote one that cannot load the setup is
 *  sent away and the others play on. */
static void
on_failed (coord_t *c, peer_t *p, const Solo__V1__JobFailed *failed)
{
    end_job (c, p);
    if (strncmp (p->name, LOCAL_PREFIX, strlen (LOCAL_PREFIX)) != 0
        && failed->job_id == 0) {
        say (c, "%s sent away: it cannot play: %s", p->name,
             failed->message);
        send_stop (c, p, "it cannot load the tournament's setup");
        p->refused = true;
        return;
    }
    c->failed = true;
    snprintf (c->err, sizeof c->err, "%s cannot play: %s", p->name,
              failed->message);
}

static void
on_message (coord_t *c, const uint8_t *identity, size_t identity_len,
            const uint8_t *data, size_t len)
{
    Solo__V1__WorkerMessage *msg =
        solo__v1__worker_message__unpack (NULL, len, data);
    if (!msg)
        return;
    bool added;
    peer_t *p = find_peer (c, identity, identity_len, &added);
    if (!p) {
        solo__v1__worker_message__free_unpacked (msg, NULL);
        return;
    }
    p->last_seen = tour_wire_now_ms ();
    /* a worker of a coordinator that was here before (a resumed run):
       the Setup makes it ask for work at once if it waits for an answer */
    if (added && msg->body_case != SOLO__V1__WORKER_MESSAGE__BODY_HELLO)
        send_to (c, p, &c->setup_msg);
    /* a worker found silent that was only slow (a paused process, a
       stalled host): its games went to others, it plays on from here */
    if (p->gone) {
        p->gone = false;
        say (c, "%s heard from again: back", p->name);
    }
    if (msg->body_case == SOLO__V1__WORKER_MESSAGE__BODY_GAME
        && msg->game->worker[0] && strncmp (p->name, "worker ", 7) == 0)
        snprintf (p->name, sizeof p->name, "%s", msg->game->worker);
    switch (msg->body_case) {
    case SOLO__V1__WORKER_MESSAGE__BODY_HELLO:
        if (msg->hello->name[0])
            snprintf (p->name, sizeof p->name, "%s", msg->hello->name);
        end_job (c, p);
        if (strcmp (msg->hello->version, SOLO_VERSION) != 0) {
            char why[160];
            snprintf (why, sizeof why, "this worker is version %.40s, the "
                      "coordinator %s: games of other versions may differ",
                      msg->hello->version[0] ? msg->hello->version : "?",
                      SOLO_VERSION);
            say (c, "%s sent away: %s", p->name, why);
            send_stop (c, p, why);
            p->refused = true;
            break;
        }
        p->refused = false;
        send_to (c, p, &c->setup_msg);
        break;
    case SOLO__V1__WORKER_MESSAGE__BODY_ASK:
        if (p->refused)
            send_stop (c, p, "refused: say hello again");
        else
            on_ask (c, p, msg->ask);
        break;
    case SOLO__V1__WORKER_MESSAGE__BODY_GAME:
        if (!p->refused)
            on_game (c, p, msg->game);
        break;
    case SOLO__V1__WORKER_MESSAGE__BODY_FAILED:
        on_failed (c, p, msg->failed);
        break;
    default:
        break;
    }
    solo__v1__worker_message__free_unpacked (msg, NULL);
}

/*  Workers not heard from within the worker timeout are gone: their
 *  games go back in the queue.  They stay in the table, marked: one that
 *  was only slow is known when it speaks again, and every one is told to
 *  stop at the end (a worker that never hears it would wait for a
 *  resumed coordinator for ever). */
static void
check_peers (coord_t *c)
{
    int64_t now = tour_wire_now_ms ();
    int64_t limit = (int64_t) (tour_spec_worker_timeout (c->spec) * 1000);
    for (int i = 0; i < c->peer_count; i++) {
        peer_t *p = &c->peers[i];
        if (p->gone || now - p->last_seen <= limit)
            continue;
        bool held = p->has_job && missing (c, p->job.pairing, p->job.pair);
        say (c, "%s silent for %.1f s: gone%s", p->name,
             (now - p->last_seen) / 1000.0,
             held ? ", its games go to another worker" : "");
        end_job (c, p);
        p->gone = true;
    }
}

/*  After the last game, for the spec's end_wait: every worker that
 *  speaks is told the tournament is over.  A worker that joins as it
 *  ends (a job step started late, slower than the games) has had no
 *  Stop, and would wait for a resumed coordinator for ever, holding its
 *  allocation.  Returns early when *interrupted becomes non-zero. */
static void
tell_latecomers (coord_t *c)
{
    int64_t until = tour_wire_now_ms ()
                  + (int64_t) (tour_spec_end_wait (c->spec) * 1000);
    for (int64_t now = tour_wire_now_ms (); now < until;
         now = tour_wire_now_ms ()) {
        if (c->opt->interrupted && atomic_load (c->opt->interrupted))
            return;
        zmq_pollitem_t item = { c->router, 0, ZMQ_POLLIN, 0 };
        long wait = until - now < POLL_MS ? (long) (until - now) : POLL_MS;
        if (zmq_poll (&item, 1, wait) <= 0)
            continue;
        uint8_t identity[TOUR_WIRE_IDENTITY_MAX];
        size_t identity_len = 0, len;
        uint8_t *data = tour_wire_recv (c->router, identity, &identity_len,
                                        &len, ZMQ_DONTWAIT);
        if (!data)
            continue;
        free (data);
        bool added;
        peer_t *p = find_peer (c, identity, identity_len, &added);
        if (!p)
            continue;
        if (added)
            say (c, "%s joined after the last game: told the tournament "
                 "is over", p->name);
        send_stop (c, p, TOUR_WORKER_STOP_DONE);
    }
}

/*  ---- setup and the run ---- */

static void *
local_main (void *arg)
{
    local_t *l = arg;
    char err[SOLO_ERR_MAX];
    if (tour_worker_run (l->ctx, l->endpoint, l->name, l->stop, err,
                         sizeof err)
        < 0)
        fprintf (stderr, "solo-tournament: %s: %s\n", l->name, err);
    return NULL;
}

/*  The Setup every worker receives, built once. */
typedef struct {
    Solo__V1__Setup setup;
    Solo__V1__FileText tables;
    Solo__V1__FileText *scenarios;
    Solo__V1__FileText **scenario_ptrs;
    Solo__V1__StrategySpec *strategies;
    Solo__V1__StrategySpec **strategy_ptrs;
} setup_t;

static int
build_setup (const tour_spec_t *spec, setup_t *s)
{
    int ns = tour_spec_scenario_count (spec),
        nk = tour_spec_strategy_count (spec);
    memset (s, 0, sizeof *s);
    solo__v1__setup__init (&s->setup);
    solo__v1__file_text__init (&s->tables);
    s->scenarios = calloc ((size_t) ns, sizeof *s->scenarios);
    s->scenario_ptrs = calloc ((size_t) ns, sizeof *s->scenario_ptrs);
    s->strategies = calloc ((size_t) nk, sizeof *s->strategies);
    s->strategy_ptrs = calloc ((size_t) nk, sizeof *s->strategy_ptrs);
    if (!s->scenarios || !s->scenario_ptrs || !s->strategies
        || !s->strategy_ptrs)
        return -1;
    const tour_spec_file_t *t = tour_spec_tables (spec);
    s->tables.name = (char *) t->path;
    s->tables.text = t->text;
    s->tables.hash = (char *) t->hash;
    for (int i = 0; i < ns; i++) {
        const tour_spec_file_t *f = tour_spec_scenario (spec, i);
        solo__v1__file_text__init (&s->scenarios[i]);
        s->scenarios[i].name = (char *) f->path;
        s->scenarios[i].text = f->text;
        s->scenarios[i].hash = (char *) f->hash;
        s->scenario_ptrs[i] = &s->scenarios[i];
    }
    for (int i = 0; i < nk; i++) {
        const tour_spec_strategy_t *k = tour_spec_strategy (spec, i);
        Solo__V1__StrategySpec *m = &s->strategies[i];
        solo__v1__strategy_spec__init (m);
        m->name = (char *) k->name;
        m->class_name = (char *) k->class_name;
        m->params = (char *) k->params;
        m->command = (char *) k->command;
        m->endpoint = (char *) k->endpoint;
        m->timeout_ms = (uint32_t) k->timeout_ms;
        s->strategy_ptrs[i] = m;
    }
    s->setup.tournament_id = (char *) tour_spec_id (spec);
    s->setup.tables = &s->tables;
    s->setup.n_scenarios = (size_t) ns;
    s->setup.scenarios = s->scenario_ptrs;
    s->setup.n_strategies = (size_t) nk;
    s->setup.strategies = s->strategy_ptrs;
    int hb = (int) (tour_spec_worker_timeout (spec) * 1000 / 4);
    s->setup.heartbeat_ms = (uint32_t) (hb < 50 ? 50 : hb);
    s->setup.keep_logs = tour_spec_keep_logs (spec);
    return 0;
}

static void
free_setup (setup_t *s)
{
    free (s->scenarios);
    free (s->scenario_ptrs);
    free (s->strategies);
    free (s->strategy_ptrs);
}

int
tour_coord_run (const tour_spec_t *spec, tour_store_t *store,
                tour_results_t *results, const tour_coord_options_t *options,
                char *err, int errlen)
{
    assert (spec && store && results && options && err && errlen > 0);
    coord_t c;
    memset (&c, 0, sizeof c);
    c.spec = spec;
    c.store = store;
    c.results = results;
    c.opt = options;
    int locals = tour_spec_concurrency (spec);
    if (locals > MAX_LOCAL_WORKERS)
        locals = MAX_LOCAL_WORKERS;
    if (locals == 0 && !tour_spec_bind (spec)[0]) {
        snprintf (err, errlen, "no workers: concurrency is 0 and there is no "
                  "bind endpoint for remote ones");
        return -1;
    }
    if (all_done (&c))
        return 0;
    setup_t setup;
    local_t *local = calloc ((size_t) (locals > 0 ? locals : 1),
                             sizeof *local);
    c.peers = calloc (MAX_PEERS, sizeof *c.peers);
    void *ctx = zmq_ctx_new ();
    security_t *zap = NULL;           /* the allow-list's handler, CURVE on */
    atomic_int local_stop = 0;
    int started = 0, rc = -1;
    if (build_setup (spec, &setup) < 0 || !local || !c.peers || !ctx) {
        snprintf (err, errlen, "out of memory");
        goto done;
    }
    solo__v1__coordinator_message__init (&c.setup_msg);
    c.setup_msg.body_case = SOLO__V1__COORDINATOR_MESSAGE__BODY_SETUP;
    c.setup_msg.setup = &setup.setup;
    c.router = zmq_socket (ctx, ZMQ_ROUTER);
    int linger = STOP_LINGER_MS, hwm = 100000;
    int64_t maxmsg = TOUR_WIRE_MAX_MESSAGE;
    zmq_setsockopt (c.router, ZMQ_LINGER, &linger, sizeof linger);
    zmq_setsockopt (c.router, ZMQ_SNDHWM, &hwm, sizeof hwm);
    zmq_setsockopt (c.router, ZMQ_RCVHWM, &hwm, sizeof hwm);
    zmq_setsockopt (c.router, ZMQ_MAXMSGSIZE, &maxmsg, sizeof maxmsg);
    char inproc[64];
    snprintf (inproc, sizeof inproc, "inproc://solo-tournament-%ld",
              (long) getpid ());
    if (zmq_bind (c.router, inproc) != 0) {
        snprintf (err, errlen, "cannot bind %s: %s", inproc,
                  zmq_strerror (errno));
        goto done;
    }
    if (options->curve && options->curve->enabled) {
        char why[SOLO_ERR_MAX];
        zap = security_new (ctx, options->curve, why, sizeof why);
        if (!zap || security_apply_server (c.router, options->curve, why,
                                           sizeof why) < 0) {
            snprintf (err, errlen, "CURVE for the workers: %s", why);
            goto done;
        }
    }
    if (tour_spec_bind (spec)[0]
        && zmq_bind (c.router, tour_spec_bind (spec)) != 0) {
        snprintf (err, errlen, "cannot bind \"%s\" for workers: %s",
                  tour_spec_bind (spec), zmq_strerror (errno));
        goto done;
    }
    for (; started < locals; started++) {
        local_t *l = &local[started];
        l->ctx = ctx;
        snprintf (l->endpoint, sizeof l->endpoint, "%s", inproc);
        snprintf (l->name, sizeof l->name, LOCAL_PREFIX "%d", started + 1);
        l->stop = &local_stop;
        if (pthread_create (&l->thread, NULL, local_main, l) != 0) {
            snprintf (err, errlen, "cannot start local worker %d",
                      started + 1);
            goto done;
        }
    }
    c.started = tour_wire_now_ms ();
    c.last_draw = c.started;
    c.last_drawn_done = -1;
    c.stored_at_start = tour_results_games_stored (results);
    rc = 0;
    while (!c.failed && !all_done (&c)) {
        if (options->interrupted && atomic_load (options->interrupted)) {
            rc = 1;
            break;
        }
        zmq_pollitem_t item = { c.router, 0, ZMQ_POLLIN, 0 };
        if (zmq_poll (&item, 1, POLL_MS) < 0 && errno != EINTR) {
            snprintf (c.err, sizeof c.err, "poll: %s", zmq_strerror (errno));
            c.failed = true;
            break;
        }
        /* everything waiting, for a while at most: only a drained queue
           tells who has really gone silent */
        bool drained = false;
        int64_t until = tour_wire_now_ms () + BATCH_MS;
        while (!c.failed && !drained) {
            uint8_t identity[TOUR_WIRE_IDENTITY_MAX];
            size_t identity_len = 0, len;
            uint8_t *data = tour_wire_recv (c.router, identity, &identity_len,
                                            &len, ZMQ_DONTWAIT);
            if (data) {
                on_message (&c, identity, identity_len, data, len);
                free (data);
            }
            else if (errno == EAGAIN || errno == EINTR)
                drained = true;
            if (tour_wire_now_ms () >= until)
                break;
        }
        if (drained)
            check_peers (&c);
        draw (&c, false);
    }
    if (c.failed) {
        snprintf (err, errlen, "%s", c.err);
        rc = -1;
    }
    draw (&c, true);
    if (c.line_drawn) {
        fputc ('\n', c.opt->progress);
        c.line_drawn = false;
    }
    /* remote workers stay for a resumed run when interrupted; the gone
       are told too: a worker only paused reads it when it wakes, and a
       Stop to a closed connection is dropped */
    for (int i = 0; rc != 1 && i < c.peer_count; i++)
        send_stop (&c, &c.peers[i], TOUR_WORKER_STOP_DONE);
    if (rc == 0 && tour_spec_bind (spec)[0])
        tell_latecomers (&c);
done:
    atomic_store (&local_stop, 1);
    for (int i = 0; i < started; i++)
        pthread_join (local[i].thread, NULL);
    if (c.router)
        zmq_close (c.router);
    security_destroy (&zap);          /* before the context ends */
    if (ctx)
        zmq_ctx_term (ctx);
    free_setup (&setup);
    free (local);
    free (c.peers);
    free (c.requeue);
    return rc;
}
