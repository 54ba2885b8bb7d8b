/*  tour_worker.c - plays the games a coordinator hands out.  */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zmq.h>
#include "tour_arena.h"
#include "tour_wire.h"
#include "tour_worker.h"

#define PROTOCOL_VERSION 1
#define POLL_MS          100     /* at most this long between looks */
#define HELLO_AGAIN_MS   2000    /* no Setup yet: say hello again */
#define ASK_AGAIN_MS     5000    /* no answer to a request for work */

/*  Commands between the talking thread and the playing one, as the first
 *  frame on the inproc pipe; the second is a packed message. */
#define CMD_SETUP  "SETUP"   /* -> player: Setup */
#define CMD_JOB    "JOB"     /* -> player: Job */
#define CMD_STOP   "STOP"    /* -> player */
#define CMD_READY  "READY"   /* <- player: the Setup loaded */
#define CMD_SEND   "SEND"    /* <- player: a WorkerMessage to forward */
#define CMD_DONE   "DONE"    /* <- player: the job is played */
#define CMD_BYE    "BYE"     /* <- player: stopped */

typedef struct {
    void *ctx;
    char pipe_endpoint[64];
    char name[TOUR_STORE_WORKER_MAX];
    atomic_int stop;           /* stop between games */
} player_args_t;

/*  Send a command and an optional payload on the pipe. */
static int
pipe_send (void *pipe, const char *cmd, const void *data, size_t len)
{
    if (zmq_send (pipe, cmd, strlen (cmd), data ? ZMQ_SNDMORE : 0) < 0)
        return -1;
    if (data && zmq_send (pipe, data, len, 0) < 0)
        return -1;
    return 0;
}

static int
pipe_send_msg (void *pipe, const char *cmd, const ProtobufCMessage *msg)
{
    size_t len = protobuf_c_message_get_packed_size (msg);
    uint8_t *buf = malloc (len ? len : 1);
    if (!buf)
        return -1;
    protobuf_c_message_pack (msg, buf);
    int rc = pipe_send (pipe, cmd, buf, len);
    free (buf);
    return rc;
}

/*  Receive a command (into cmd) and its payload (malloc'd, or NULL). */
static uint8_t *
pipe_recv (void *pipe, char *cmd, size_t cmdlen, size_t *len, int flags)
{
    cmd[0] = 0;
    *len = 0;
    int n = zmq_recv (pipe, cmd, cmdlen - 1, flags);
    if (n < 0)
        return NULL;
    cmd[n < (int) cmdlen - 1 ? n : (int) cmdlen - 1] = 0;
    int more = 0;
    size_t size = sizeof more;
    zmq_getsockopt (pipe, ZMQ_RCVMORE, &more, &size);
    *len = 0;
    if (!more)
        return NULL;
    return tour_wire_recv (pipe, NULL, NULL, len, 0);
}

/*  ---- the playing thread ---- */

typedef struct {
    tour_arena_t *arena;
    char tournament_id[TOUR_SPEC_HASH_MAX];
    void *pipe;
    player_args_t *args;
} player_t;

static void
send_failed (player_t *p, uint64_t job_id, const char *message)
{
    Solo__V1__JobFailed failed = SOLO__V1__JOB_FAILED__INIT;
    failed.tournament_id = p->tournament_id;
    failed.job_id = job_id;
    failed.message = (char *) message;
    Solo__V1__WorkerMessage msg = SOLO__V1__WORKER_MESSAGE__INIT;
    msg.body_case = SOLO__V1__WORKER_MESSAGE__BODY_FAILED;
    msg.failed = &failed;
    pipe_send_msg (p->pipe, CMD_SEND, &msg.base);
}

static void
player_setup (player_t *p, const uint8_t *data, size_t len)
{
    tour_arena_destroy (&p->arena);
    p->tournament_id[0] = 0;
    Solo__V1__Setup *setup = solo__v1__setup__unpack (NULL, len, data);
    if (!setup || !setup->tables) {
        send_failed (p, 0, "the coordinator's Setup does not parse");
        solo__v1__setup__free_unpacked (setup, NULL);
        return;
    }
    size_t ns = setup->n_scenarios, nk = setup->n_strategies;
    tour_arena_file_t tables = { setup->tables->name, setup->tables->text };
    tour_arena_file_t *scen = calloc (ns ? ns : 1, sizeof *scen);
    tour_spec_strategy_t *strat = calloc (nk ? nk : 1, sizeof *strat);
    char err[SOLO_ERR_MAX] = "out of memory";
    if (scen && strat) {
        for (size_t i = 0; i < ns; i++) {
            scen[i].name = setup->scenarios[i]->name;
            scen[i].text = setup->scenarios[i]->text;
        }
        for (size_t i = 0; i < nk; i++) {
            const Solo__V1__StrategySpec *s = setup->strategies[i];
            snprintf (strat[i].name, sizeof strat[i].name, "%s", s->name);
            snprintf (strat[i].class_name, sizeof strat[i].class_name, "%s",
                      s->class_name);
            snprintf (strat[i].params, sizeof strat[i].params, "%s",
                      s->params);
            snprintf (strat[i].command, sizeof strat[i].command, "%s",
                      s->command);
            snprintf (strat[i].endpoint, sizeof strat[i].endpoint, "%s",
                      s->endpoint);
            strat[i].timeout_ms = (int) s->timeout_ms;
        }
        p->arena
            = tour_arena_new (&tables, scen, (int) ns, strat, (int) nk,
                              setup->keep_logs, p->args->ctx, err, sizeof err);
    }
    if (p->arena) {
        snprintf (p->tournament_id, sizeof p->tournament_id, "%s",
                  setup->tournament_id);
        pipe_send (p->pipe, CMD_READY, p->tournament_id,
                   strlen (p->tournament_id));
    }
    else {
        char message[SOLO_ERR_MAX + 64];
        snprintf (message, sizeof message, "worker %s: %s", p->args->name,
                  err);
        send_failed (p, 0, message);
    }
    free (scen);
    free (strat);
    solo__v1__setup__free_unpacked (setup, NULL);
}

/*  Play the games of a job, each reported as it ends. */
static void
player_job (player_t *p, const uint8_t *data, size_t len)
{
    Solo__V1__Job *job = solo__v1__job__unpack (NULL, len, data);
    if (!job) {
        send_failed (p, 0, "the coordinator's Job does not parse");
        return;
    }
    if (!p->arena || strcmp (job->tournament_id, p->tournament_id) != 0) {
        send_failed (p, job->job_id, "a job of a tournament this worker "
                     "has no setup for");
        solo__v1__job__free_unpacked (job, NULL);
        return;
    }
    for (size_t i = 0; i < job->n_games && !atomic_load (&p->args->stop);
         i++) {
        int which = job->games[i] ? 1 : 0;
        char game_id[96];
        snprintf (game_id, sizeof game_id, "%s-%u-%u-%d", job->tournament_id,
                  job->pairing, job->pair_index, which);
        tour_arena_game_t game = {
            .seed = job->seed, .scenario = (int) job->scenario,
            .blue = (int) (which == 0 ? job->first : job->second),
            .red = (int) (which == 0 ? job->second : job->first),
            .game_id = game_id };
        tour_game_t g;
        char *log = NULL, *decisions = NULL;
        char err[SOLO_ERR_MAX];
        if (tour_arena_play (p->arena, &game, &g, &log, &decisions, err,
                             sizeof err)
            < 0) {
            char message[SOLO_ERR_MAX + 64];
            snprintf (message, sizeof message, "worker %s: %s", p->args->name,
                      err);
            send_failed (p, job->job_id, message);
            break;
        }
        Solo__V1__GameRecord rec = SOLO__V1__GAME_RECORD__INIT;
        rec.seed = g.seed;
        rec.scenario = (uint32_t) g.scenario;
        rec.blue = (uint32_t) g.blue;
        rec.red = (uint32_t) g.red;
        rec.winner = g.winner;
        rec.turns = (uint32_t) g.turns;
        rec.reason = g.reason;
        rec.n_figures = rec.n_killed = rec.n_wounded = rec.n_gone = SIDE_COUNT;
        rec.figures = g.figures;
        rec.killed = g.killed;
        rec.wounded = g.wounded;
        rec.gone = g.gone;
        rec.forfeit = g.forfeit;
        rec.forfeit_side = g.forfeit_side;
        rec.forfeit_detail = g.forfeit_detail;
        rec.ruleset = g.ruleset;
        rec.tables_hash = g.tables_hash;
        rec.log = log;
        rec.decisions = decisions;
        rec.seconds = g.seconds;
        rec.steps = g.steps;
        rec.dice = (uint32_t) g.dice;
        rec.orders = (uint32_t) g.orders;
        Solo__V1__GameDone done = SOLO__V1__GAME_DONE__INIT;
        done.tournament_id = job->tournament_id;
        done.job_id = job->job_id;
        done.pairing = job->pairing;
        done.pair_index = job->pair_index;
        done.game = (uint32_t) which;
        done.record = &rec;
        done.worker = p->args->name;
        Solo__V1__WorkerMessage msg = SOLO__V1__WORKER_MESSAGE__INIT;
        msg.body_case = SOLO__V1__WORKER_MESSAGE__BODY_GAME;
        msg.game = &done;
        pipe_send_msg (p->pipe, CMD_SEND, &msg.base);
        free (log);
        free (decisions);
    }
    pipe_send (p->pipe, CMD_DONE, NULL, 0);
    solo__v1__job__free_unpacked (job, NULL);
}

static void *
player_main (void *arg)
{
    player_t p = { .args = arg };
    p.pipe = zmq_socket (p.args->ctx, ZMQ_PAIR);
    if (!p.pipe || zmq_connect (p.pipe, p.args->pipe_endpoint) != 0) {
        if (p.pipe)
            zmq_close (p.pipe);
        return NULL;
    }
    for (;;) {
        char cmd[16];
        size_t len;
        uint8_t *data = pipe_recv (p.pipe, cmd, sizeof cmd, &len, 0);
        if (!data && errno == EINTR && strcmp (cmd, CMD_STOP) != 0)
            continue;
        if (strcmp (cmd, CMD_SETUP) == 0 && data)
            player_setup (&p, data, len);
        else if (strcmp (cmd, CMD_JOB) == 0 && data)
            player_job (&p, data, len);
        else if (strcmp (cmd, CMD_STOP) == 0) {
            free (data);
            break;
        }
        free (data);
    }
    tour_arena_destroy (&p.arena);
    pipe_send (p.pipe, CMD_BYE, NULL, 0);
    zmq_close (p.pipe);
    return NULL;
}

/*  ---- the talking thread ---- */

typedef struct {
    void *dealer;
    void *pipe;
    char name[TOUR_STORE_WORKER_MAX];
    char tournament_id[TOUR_SPEC_HASH_MAX];
    bool have_setup;          /* the player holds a loaded Setup */
    bool setup_pending;       /* the player is loading one */
    bool busy;                /* a job is being played */
    uint64_t job_id;
    int heartbeat_ms;
    int64_t next_ask;         /* when idle: ask at this time; -1 never */
    int64_t last_sent;
    int64_t hello_at;
    int64_t last_heard;       /* the coordinator's last word, or the end
                                 of the last game played */
    bool stopping;
} talk_t;

static int
send_to_coordinator (talk_t *t, Solo__V1__WorkerMessage *msg, int flags)
{
    int rc = tour_wire_send (t->dealer, NULL, 0, &msg->base, flags);
    if (rc == 0)
        t->last_sent = tour_wire_now_ms ();
    return rc;
}

static void
say_hello (talk_t *t)
{
    Solo__V1__WorkerHello hello = SOLO__V1__WORKER_HELLO__INIT;
    hello.protocol_version = PROTOCOL_VERSION;
    hello.name = t->name;
    hello.version = (char *) SOLO_VERSION;
    Solo__V1__WorkerMessage msg = SOLO__V1__WORKER_MESSAGE__INIT;
    msg.body_case = SOLO__V1__WORKER_MESSAGE__BODY_HELLO;
    msg.hello = &hello;
    send_to_coordinator (t, &msg, ZMQ_DONTWAIT);
    t->hello_at = tour_wire_now_ms ();
}

static void
ask_for_work (talk_t *t)
{
    Solo__V1__WorkRequest ask = SOLO__V1__WORK_REQUEST__INIT;
    ask.tournament_id = t->tournament_id;
    Solo__V1__WorkerMessage msg = SOLO__V1__WORKER_MESSAGE__INIT;
    msg.body_case = SOLO__V1__WORKER_MESSAGE__BODY_ASK;
    msg.ask = &ask;
    send_to_coordinator (t, &msg, 0);
    /* no answer (a coordinator that died and came back): ask again */
    int again = 2 * t->heartbeat_ms > ASK_AGAIN_MS ? 2 * t->heartbeat_ms
                                                   : ASK_AGAIN_MS;
    t->next_ask = tour_wire_now_ms () + again;
}

static void
heartbeat (talk_t *t)
{
    Solo__V1__Heartbeat hb = SOLO__V1__HEARTBEAT__INIT;
    hb.job_id = t->busy ? t->job_id : 0;
    Solo__V1__WorkerMessage msg = SOLO__V1__WORKER_MESSAGE__INIT;
    msg.body_case = SOLO__V1__WORKER_MESSAGE__BODY_HEARTBEAT;
    msg.heartbeat = &hb;
    send_to_coordinator (t, &msg, ZMQ_DONTWAIT);
}

/*  A message from the coordinator. */
static void
from_coordinator (talk_t *t, const uint8_t *data, size_t len)
{
    Solo__V1__CoordinatorMessage *msg =
        solo__v1__coordinator_message__unpack (NULL, len, data);
    if (!msg)
        return;
    switch (msg->body_case) {
    case SOLO__V1__COORDINATOR_MESSAGE__BODY_SETUP:
        if (t->busy)
            break;        /* a new coordinator: finish the job first */
        t->heartbeat_ms = msg->setup->heartbeat_ms > 0
                          ? (int) msg->setup->heartbeat_ms : 1000;
        snprintf (t->tournament_id, sizeof t->tournament_id, "%s",
                  msg->setup->tournament_id);
        t->have_setup = false;
        t->setup_pending = true;
        pipe_send_msg (t->pipe, CMD_SETUP, &msg->setup->base);
        break;
    case SOLO__V1__COORDINATOR_MESSAGE__BODY_JOB:
        if (t->busy || !t->have_setup
            || strcmp (msg->job->tournament_id, t->tournament_id) != 0) {
            if (!t->busy)
                say_hello (t);     /* we need the Setup first */
            break;
        }
        t->busy = true;
        t->job_id = msg->job->job_id;
        pipe_send_msg (t->pipe, CMD_JOB, &msg->job->base);
        break;
    case SOLO__V1__COORDINATOR_MESSAGE__BODY_WAIT:
        if (!t->busy)
            t->next_ask = tour_wire_now_ms ()
                          + (msg->wait->ms > 0 ? msg->wait->ms : 100);
        break;
    case SOLO__V1__COORDINATOR_MESSAGE__BODY_STOP:
        if (msg->stop->reason[0] && strcmp (msg->stop->reason,
                                            TOUR_WORKER_STOP_DONE) != 0)
            fprintf (stderr, "solo-tournament worker %s: stopped: %s\n",
                     t->name, msg->stop->reason);
        t->stopping = true;
        break;
    default:
        break;
    }
    solo__v1__coordinator_message__free_unpacked (msg, NULL);
}

/*  A message from the player. */
static void
from_player (talk_t *t, const char *cmd, const uint8_t *data, size_t len)
{
    if (strcmp (cmd, CMD_READY) == 0) {
        t->setup_pending = false;
        t->have_setup = true;
        t->next_ask = tour_wire_now_ms ();
    }
    else if (strcmp (cmd, CMD_SEND) == 0 && data) {
        Solo__V1__WorkerMessage *msg =
            solo__v1__worker_message__unpack (NULL, len, data);
        if (msg) {
            if (msg->body_case == SOLO__V1__WORKER_MESSAGE__BODY_FAILED
                && msg->failed->job_id == 0)
                t->setup_pending = false;
            send_to_coordinator (t, msg, 0);
            solo__v1__worker_message__free_unpacked (msg, NULL);
        }
    }
    else if (strcmp (cmd, CMD_DONE) == 0) {
        t->busy = false;
        t->job_id = 0;
        t->next_ask = tour_wire_now_ms ();
    }
}

int
tour_worker_run (void *zmq_context, const char *endpoint, const char *name,
                 atomic_int *interrupted, char *err, int errlen)
{
    return tour_worker_run_curve (zmq_context, endpoint, name, NULL, NULL, 0,
                                  interrupted, err, errlen);
}

int
tour_worker_run_curve (void *zmq_context, const char *endpoint,
                       const char *name, const char *server_key,
                       const char *client_secret, double give_up_s,
                       atomic_int *interrupted, char *err, int errlen)
{
    assert (endpoint && err && errlen > 0);
    assert (give_up_s >= 0 && give_up_s <= TOUR_WORKER_GIVE_UP_MAX_S);
    assert (!server_key == !client_secret);
    void *ctx = zmq_context ? zmq_context : zmq_ctx_new ();
    if (!ctx) {
        snprintf (err, errlen, "cannot make a ZeroMQ context");
        return -1;
    }
    talk_t t;
    memset (&t, 0, sizeof t);
    t.heartbeat_ms = 1000;
    t.next_ask = -1;
    if (name && name[0])
        snprintf (t.name, sizeof t.name, "%s", name);
    else {
        char host[64] = "localhost";
        gethostname (host, sizeof host - 1);
        host[sizeof host - 1] = 0;
        snprintf (t.name, sizeof t.name, "%.40s:%ld", host, (long) getpid ());
    }
    player_args_t args;
    memset (&args, 0, sizeof args);
    args.ctx = ctx;
    snprintf (args.name, sizeof args.name, "%s", t.name);
    snprintf (args.pipe_endpoint, sizeof args.pipe_endpoint,
              "inproc://solo-worker-%p", (void *) &args);
    atomic_init (&args.stop, 0);
    int rc = -1;
    bool player_started = false;
    pthread_t player;
    t.dealer = zmq_socket (ctx, ZMQ_DEALER);
    t.pipe = zmq_socket (ctx, ZMQ_PAIR);
    if (!t.dealer || !t.pipe) {
        snprintf (err, errlen, "cannot make sockets: %s",
                  zmq_strerror (errno));
        goto done;
    }
    int linger = 0, hwm = 100000;
    int64_t maxmsg = TOUR_WIRE_MAX_MESSAGE;
    zmq_setsockopt (t.dealer, ZMQ_LINGER, &linger, sizeof linger);
    zmq_setsockopt (t.dealer, ZMQ_SNDHWM, &hwm, sizeof hwm);
    zmq_setsockopt (t.dealer, ZMQ_MAXMSGSIZE, &maxmsg, sizeof maxmsg);
    zmq_setsockopt (t.pipe, ZMQ_LINGER, &linger, sizeof linger);
    if (server_key) {
        char client_public[41];
        if (zmq_curve_public (client_public, client_secret) != 0
            || zmq_setsockopt (t.dealer, ZMQ_CURVE_SERVERKEY, server_key, 40)
            || zmq_setsockopt (t.dealer, ZMQ_CURVE_PUBLICKEY, client_public,
                               40)
            || zmq_setsockopt (t.dealer, ZMQ_CURVE_SECRETKEY, client_secret,
                               40)) {
            snprintf (err, errlen, "CURVE keys refused: %s (is this "
                      "ZeroMQ built with CURVE?)", zmq_strerror (errno));
            goto done;
        }
    }
    if (zmq_connect (t.dealer, endpoint) != 0) {
        snprintf (err, errlen, "cannot connect to \"%s\": %s", endpoint,
                  zmq_strerror (errno));
        goto done;
    }
    if (zmq_bind (t.pipe, args.pipe_endpoint) != 0
        || pthread_create (&player, NULL, player_main, &args) != 0) {
        snprintf (err, errlen, "cannot start the playing thread");
        goto done;
    }
    player_started = true;
    say_hello (&t);
    t.last_heard = tour_wire_now_ms ();
    int64_t give_up_ms = (int64_t) (give_up_s * 1000);
    bool gave_up = false;
    bool player_gone = false;
    while (!player_gone) {
        if (interrupted && atomic_load (interrupted) && !t.stopping)
            t.stopping = true;
        /* a coordinator says nothing while a game is played (the worker's
           heartbeats ask no answer), nor before the worker asks again
           after a Wait: only the wait for an answer counts */
        if (t.busy)
            t.last_heard = tour_wire_now_ms ();
        int64_t quiet_since = t.next_ask > t.last_heard ? t.next_ask
                                                        : t.last_heard;
        if (give_up_ms > 0 && !t.stopping
            && tour_wire_now_ms () - quiet_since >= give_up_ms) {
            snprintf (err, errlen, "no word from the coordinator at \"%s\" "
                      "for %g s: gave up (--give-up)", endpoint, give_up_s);
            gave_up = true;
            t.stopping = true;
        }
        if (t.stopping && !atomic_load (&args.stop)) {
            atomic_store (&args.stop, 1);
            pipe_send (t.pipe, CMD_STOP, NULL, 0);
        }
        int64_t now = tour_wire_now_ms ();
        if (!t.stopping && !t.have_setup && !t.setup_pending
            && now - t.hello_at >= HELLO_AGAIN_MS)
            say_hello (&t);
        if (!t.stopping && t.have_setup && !t.busy && t.next_ask >= 0
            && now >= t.next_ask)
            ask_for_work (&t);
        if (!t.stopping && now - t.last_sent >= t.heartbeat_ms)
            heartbeat (&t);
        zmq_pollitem_t items[2] = { { t.dealer, 0, ZMQ_POLLIN, 0 },
                                    { t.pipe, 0, ZMQ_POLLIN, 0 } };
        long timeout = t.heartbeat_ms < POLL_MS ? t.heartbeat_ms : POLL_MS;
        if (zmq_poll (items, 2, timeout) < 0) {
            if (errno == EINTR)
                continue;
            snprintf (err, errlen, "poll: %s", zmq_strerror (errno));
            t.stopping = true;
            continue;
        }
        if (items[0].revents & ZMQ_POLLIN) {
            size_t len;
            uint8_t *data
                = tour_wire_recv (t.dealer, NULL, NULL, &len, ZMQ_DONTWAIT);
            if (data) {
                t.last_heard = tour_wire_now_ms ();
                from_coordinator (&t, data, len);
            }
            free (data);
        }
        if (items[1].revents & ZMQ_POLLIN) {
            char cmd[16];
            size_t len;
            uint8_t *data = pipe_recv (t.pipe, cmd, sizeof cmd, &len,
                                       ZMQ_DONTWAIT);
            if (strcmp (cmd, CMD_BYE) == 0)
                player_gone = true;
            else
                from_player (&t, cmd, data, len);
            free (data);
        }
    }
    rc = gave_up ? -1 : 0;
done:
    if (player_started) {
        if (!atomic_load (&args.stop)) {
            atomic_store (&args.stop, 1);
            pipe_send (t.pipe, CMD_STOP, NULL, 0);
        }
        pthread_join (player, NULL);
    }
    if (t.dealer)
        zmq_close (t.dealer);
    if (t.pipe)
        zmq_close (t.pipe);
    if (!zmq_context)
        zmq_ctx_term (ctx);
    return rc;
}
