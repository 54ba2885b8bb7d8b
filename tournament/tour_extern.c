/*  tour_extern.c - external strategies: start, ask, check, stop.  */
#include <assert.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zmq.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include "solo.pb-c.h"
#include "strategy.pb-c.h"
#include "tour_extern.h"
#include "tour_wire.h"

#define SLICE_MS 20           /* look at the process this often */

struct tour_extern_t {
    const tour_spec_strategy_t *spec;
    void *ctx;
    void *socket;
    pid_t pid;                /* a started strategy's process; 0 none */
    char endpoint[TOUR_SPEC_ENDPOINT_MAX];
    char ipc_path[128];
    bool fresh;               /* started, no answer yet */
    bool broken;
    uint64_t next_id;
};

static atomic_int started_count;

const char *
tour_forfeit_name (tour_forfeit_t forfeit)
{
    switch (forfeit) {
    case TOUR_FORFEIT_CRASH: return "crash";
    case TOUR_FORFEIT_TIMEOUT: return "timeout";
    case TOUR_FORFEIT_ILLEGAL: return "illegal";
    default: return "";
    }
}

/*  Start the command, bound to a fresh ipc endpoint. */
static int
start_process (tour_extern_t *self, char *err, int errlen)
{
    int n = atomic_fetch_add (&started_count, 1);
    snprintf (self->ipc_path, sizeof self->ipc_path,
              "/tmp/solo-strategy-%ld-%d", (long) getpid (), n);
    snprintf (self->endpoint, sizeof self->endpoint, "ipc://%s",
              self->ipc_path);
    size_t len = strlen (self->spec->command) + strlen (self->endpoint) + 32;
    char *line = malloc (len);
    if (!line) {
        snprintf (err, errlen, "out of memory");
        return -1;
    }
    snprintf (line, len, "exec %s --bind '%s'", self->spec->command,
              self->endpoint);
    pid_t parent = getpid ();
    pid_t pid = fork ();
    if (pid < 0) {
        free (line);
        snprintf (err, errlen, "cannot start \"%s\": %s", self->spec->command,
                  strerror (errno));
        return -1;
    }
    if (pid == 0) {
#ifdef __linux__
        /* ends with the thread that started it, should that die first */
        prctl (PR_SET_PDEATHSIG, SIGKILL);
        if (getppid () != parent)
            _exit (127);
#else
        (void) parent;
#endif
        execl ("/bin/sh", "sh", "-c", line, (char *) NULL);
        _exit (127);
    }
    free (line);
    self->pid = pid;
    self->fresh = true;
    return 0;
}

/*  How a process ended, in words. */
static void
exit_words (int status, char *buf, int len)
{
    if (WIFEXITED (status))
        snprintf (buf, len, "exited with status %d%s", WEXITSTATUS (status),
                  WEXITSTATUS (status) == 127 ? " (command not found?)" : "");
    else if (WIFSIGNALED (status))
        snprintf (buf, len, "was killed by signal %d", WTERMSIG (status));
    else
        snprintf (buf, len, "ended");
}

static void
stop_process (tour_extern_t *self)
{
    if (self->pid <= 0)
        return;
    int status;
    if (waitpid (self->pid, &status, WNOHANG) == 0) {
        kill (self->pid, SIGTERM);
        int waited = 0;
        while (waitpid (self->pid, &status, WNOHANG) == 0) {
            if (waited >= TOUR_EXTERN_STOP_MS) {
                kill (self->pid, SIGKILL);
                waitpid (self->pid, &status, 0);
                break;
            }
            nanosleep (&(struct timespec) { 0, 10 * 1000 * 1000 }, NULL);
            waited += 10;
        }
    }
    self->pid = 0;
    if (self->ipc_path[0])
        unlink (self->ipc_path);
}

tour_extern_t *
tour_extern_new (void *zmq_context, const tour_spec_strategy_t *spec,
                 char *err, int errlen)
{
    assert (zmq_context && spec && err && errlen > 0);
    tour_extern_t *self = calloc (1, sizeof *self);
    if (!self) {
        snprintf (err, errlen, "out of memory");
        return NULL;
    }
    self->spec = spec;
    self->ctx = zmq_context;
    if (spec->command[0]) {
        if (start_process (self, err, errlen) < 0) {
            free (self);
            return NULL;
        }
    }
    else
        snprintf (self->endpoint, sizeof self->endpoint, "%s",
                  spec->endpoint);
    self->socket = zmq_socket (zmq_context, ZMQ_DEALER);
    int linger = 0;
    int64_t maxmsg = TOUR_WIRE_MAX_MESSAGE;
    if (self->socket) {
        zmq_setsockopt (self->socket, ZMQ_LINGER, &linger, sizeof linger);
        zmq_setsockopt (self->socket, ZMQ_MAXMSGSIZE, &maxmsg, sizeof maxmsg);
    }
    if (!self->socket || zmq_connect (self->socket, self->endpoint) != 0) {
        snprintf (err, errlen, "strategy \"%s\": cannot connect to \"%s\": "
                  "%s", spec->name, self->endpoint, zmq_strerror (errno));
        tour_extern_destroy (&self);
        return NULL;
    }
    return self;
}

void
tour_extern_destroy (tour_extern_t **self_p)
{
    assert (self_p);
    tour_extern_t *self = *self_p;
    if (!self)
        return;
    if (self->socket)
        zmq_close (self->socket);
    stop_process (self);
    free (self);
    *self_p = NULL;
}

bool
tour_extern_broken (const tour_extern_t *self)
{
    return self->broken;
}

/*  ---- building the request ---- */

/*  Allocations of one request, freed together. */
typedef struct {
    void **ptrs;
    int count, cap;
    bool failed;
} pool_t;

static void *
pool_alloc (pool_t *pool, size_t size)
{
    if (pool->failed)
        return NULL;
    if (pool->count == pool->cap) {
        int cap = pool->cap ? pool->cap * 2 : 256;
        void **ptrs = realloc (pool->ptrs, sizeof *ptrs * (size_t) cap);
        if (!ptrs) {
            pool->failed = true;
            return NULL;
        }
        pool->ptrs = ptrs;
        pool->cap = cap;
    }
    void *p = calloc (1, size ? size : 1);
    if (!p) {
        pool->failed = true;
        return NULL;
    }
    pool->ptrs[pool->count++] = p;
    return p;
}

static void
pool_free (pool_t *pool)
{
    for (int i = 0; i < pool->count; i++)
        free (pool->ptrs[i]);
    free (pool->ptrs);
}

static Solo__V1__Point *
point_msg (pool_t *pool, vec2_t v)
{
    Solo__V1__Point *p = pool_alloc (pool, sizeof *p);
    if (!p)
        return NULL;
    solo__v1__point__init (p);
    p->x = v.x;
    p->y = v.y;
    return p;
}

/*  The core's formations and qualities on the wire, value by value;
 *  *_from_wire: -1 for a value the protocol does not have. */
static Solo__V1__Formation
formation_wire (formation_t f)
{
    switch (f) {
    case FORMATION_COLUMN:  return SOLO__V1__FORMATION__FORMATION_COLUMN;
    case FORMATION_SQUARE:  return SOLO__V1__FORMATION__FORMATION_SQUARE;
    case FORMATION_LOOSE:   return SOLO__V1__FORMATION__FORMATION_LOOSE;
    case FORMATION_MOUNTED: return SOLO__V1__FORMATION__FORMATION_MOUNTED;
    case FORMATION_MARCH:   return SOLO__V1__FORMATION__FORMATION_MARCH;
    default:                return SOLO__V1__FORMATION__FORMATION_LINE;
    }
}

static int
formation_from_wire (int value)
{
    switch (value) {
    case SOLO__V1__FORMATION__FORMATION_LINE:    return FORMATION_LINE;
    case SOLO__V1__FORMATION__FORMATION_COLUMN:  return FORMATION_COLUMN;
    case SOLO__V1__FORMATION__FORMATION_SQUARE:  return FORMATION_SQUARE;
    case SOLO__V1__FORMATION__FORMATION_LOOSE:   return FORMATION_LOOSE;
    case SOLO__V1__FORMATION__FORMATION_MOUNTED: return FORMATION_MOUNTED;
    case SOLO__V1__FORMATION__FORMATION_MARCH:   return FORMATION_MARCH;
    default:                                     return -1;
    }
}

static Solo__V1__Quality
quality_wire (quality_t q)
{
    switch (q) {
    case QUALITY_HERO:    return SOLO__V1__QUALITY__QUALITY_HERO;
    case QUALITY_RAW:     return SOLO__V1__QUALITY__QUALITY_RAW;
    case QUALITY_AVERAGE: return SOLO__V1__QUALITY__QUALITY_AVERAGE;
    case QUALITY_GREEN:   return SOLO__V1__QUALITY__QUALITY_GREEN;
    default:              return SOLO__V1__QUALITY__QUALITY_REGULAR;
    }
}

static Solo__V1__Order *
order_msg (pool_t *pool, const situation_t *sit, const order_t *o)
{
    Solo__V1__Order *m = pool_alloc (pool, sizeof *m);
    if (!m)
        return NULL;
    solo__v1__order__init (m);
    m->kind = (char *) order_kind_name (o->kind);
    m->pace = (char *) (o->pace == ORDER_PACE_DEFAULT ? ""
                        : order_pace_name (o->pace));
    if (o->target >= 0 && o->target < situation_unit_count (sit))
        m->target_id = (char *) situation_unit_const (sit, o->target)->id;
    m->has_to = o->has_to;
    if (o->has_to)
        m->to = point_msg (pool, o->to);
    m->has_facing = o->has_facing;
    m->facing = o->facing;
    m->fire = o->fire;
    m->follow_up = o->follow_up;
    m->has_formation = o->has_formation;
    if (o->has_formation)
        m->formation = formation_wire (o->formation);
    return m;
}

static Solo__V1__Unit *
unit_msg (pool_t *pool, const situation_t *sit, const unit_t *u)
{
    Solo__V1__Unit *m = pool_alloc (pool, sizeof *m);
    Solo__V1__UnitStatus *st = pool_alloc (pool, sizeof *st);
    if (!m || !st)
        return NULL;
    solo__v1__unit__init (m);
    solo__v1__unit_status__init (st);
    const ruleset_t *rs = situation_ruleset (sit);
    m->id = (char *) u->id;
    m->side = (Solo__V1__Side) u->side;
    m->arm = (Solo__V1__Arm) u->arm;
    m->quality = quality_wire (u->quality);
    if (u->weapon >= 0 && u->weapon < ruleset_weapon_count (rs))
        m->weapon = (char *) ruleset_weapon (rs, u->weapon)->name;
    const troop_type_t *tt = ruleset_troop_type (rs, u->troop_type);
    if (tt)
        m->troop_type = (char *) tt->name;
    m->bayonet = u->bayonet;
    m->formation = formation_wire (u->formation);
    m->figures = u->figures;
    m->wounded = u->wounded;
    m->killed = u->killed;
    m->officers = u->officers;
    m->ncos = u->ncos;
    m->drummers = u->drummers;
    m->buglers = u->buglers;
    m->centre = point_msg (pool, u->fp.centre);
    m->facing = u->fp.facing;
    m->width = u->fp.width;
    m->depth = u->fp.depth;
    st->ran_last_turn = !!(u->status & STATUS_RAN_LAST_TURN);
    st->retreating_from_melee = !!(u->status & STATUS_RETREATING_FROM_MELEE);
    st->falling_back = !!(u->status & STATUS_FALLING_BACK);
    st->fortified = !!(u->status & STATUS_FORTIFIED);
    st->loaded = !!(u->status & STATUS_LOADED);
    st->shock = !!(u->status & STATUS_SHOCK);
    st->fired = !!(u->status & STATUS_FIRED);
    st->commanded = !!(u->status & STATUS_COMMANDED);
    st->disloyal = !!(u->status & STATUS_DISLOYAL);
    st->routing = !!(u->status & STATUS_ROUTING);
    st->disordered = !!(u->status & STATUS_DISORDERED);
    st->newly_disordered = !!(u->status & STATUS_NEWLY_DISORDERED);
    m->status = st;
    m->platoon = (char *) u->platoon;
    if (u->status & STATUS_HAS_LAST_ENEMY) {
        m->has_last_enemy_seen = true;
        m->last_enemy_seen = point_msg (pool, u->last_enemy_seen);
    }
    return m;
}

/*  The side's view: terrain, its units, the enemies it sees. */
static Solo__V1__Situation *
view_msg (pool_t *pool, const game_t *g, int side, bool *in_view)
{
    const situation_t *sit = game_situation (g);
    int n = situation_unit_count (sit), nt = situation_terrain_count (sit);
    Solo__V1__Situation *m = pool_alloc (pool, sizeof *m);
    if (!m)
        return NULL;
    solo__v1__situation__init (m);
    m->ruleset = (char *) ruleset_name (situation_ruleset (sit));
    m->table_width = situation_width (sit);
    m->table_depth = situation_depth (sit);
    m->terrain = pool_alloc (pool, sizeof *m->terrain * (size_t) (nt + 1));
    for (int i = 0; m->terrain && i < nt; i++) {
        const terrain_feature_t *f = situation_terrain (sit, i);
        Solo__V1__TerrainFeature *t = pool_alloc (pool, sizeof *t);
        if (!t)
            return NULL;
        solo__v1__terrain_feature__init (t);
        t->id = (char *) f->id;
        t->kind = (Solo__V1__TerrainKind) f->kind;
        t->cover = (Solo__V1__Cover) (f->cover + 1);
        t->polygon = pool_alloc (pool, sizeof *t->polygon
                                 * (size_t) f->vertex_count);
        for (int v = 0; t->polygon && v < f->vertex_count; v++)
            t->polygon[v] = point_msg (pool, f->vertices[v]);
        t->n_polygon = (size_t) f->vertex_count;
        m->terrain[m->n_terrain++] = t;
    }
    for (int u = 0; u < n; u++) {
        in_view[u] = false;
        const unit_t *x = situation_unit_const (sit, u);
        if (game_unit (g, u)->gone)
            continue;
        if ((int) x->side == side) {
            in_view[u] = true;
            continue;
        }
        for (int o = 0; o < n && !in_view[u]; o++)
            if ((int) situation_unit_const (sit, o)->side == side
                && !game_unit (g, o)->gone
                && situation_can_see (sit, o, u, NULL, NULL))
                in_view[u] = true;
    }
    m->units = pool_alloc (pool, sizeof *m->units * (size_t) (n + 1));
    for (int u = 0; m->units && u < n; u++)
        if (in_view[u])
            m->units[m->n_units++] = unit_msg (pool, sit,
                                               situation_unit_const (sit, u));
    return pool->failed ? NULL : m;
}

/*  The whole Decide request. */
static Solo__V1__StrategyRequest *
request_msg (pool_t *pool, tour_extern_t *self, const game_t *g, int side,
             const int *units, int n, const tour_extern_game_t *game,
             uint64_t id)
{
    const situation_t *sit = game_situation (g);
    int count = situation_unit_count (sit);
    bool *in_view = pool_alloc (pool, sizeof (bool) * (size_t) (count + 1));
    Solo__V1__StrategyRequest *req = pool_alloc (pool, sizeof *req);
    Solo__V1__Decide *d = pool_alloc (pool, sizeof *d);
    if (!in_view || !req || !d)
        return NULL;
    solo__v1__strategy_request__init (req);
    solo__v1__decide__init (d);
    req->id = id;
    req->body_case = SOLO__V1__STRATEGY_REQUEST__BODY_DECIDE;
    req->decide = d;
    const ruleset_t *rs = situation_ruleset (sit);
    d->game_id = (char *) (game->game_id ? game->game_id : "");
    d->ruleset = (char *) ruleset_name (rs);
    d->tables_hash = (char *) ruleset_tables_hash (rs);
    d->scenario = (char *) (game->scenario ? game->scenario : "");
    d->side = (Solo__V1__Side) side;
    d->turn = (uint32_t) game_turn (g);
    d->turn_limit = (uint32_t) scenario_turns (game_scenario (g));
    d->phase = (uint32_t) game_phase (g);
    d->phase_name = (char *) game_phase_name (g);
    d->view = view_msg (pool, g, side, in_view);
    d->deadline_ms = (uint32_t) self->spec->timeout_ms;
    d->params = (char *) self->spec->params;
    d->seed = game->seed;
    d->states = pool_alloc (pool, sizeof *d->states * (size_t) (count + 1));
    for (int u = 0; d->states && u < count; u++) {
        if (!in_view[u])
            continue;
        const game_unit_t *gu = game_unit (g, u);
        Solo__V1__UnitState *s = pool_alloc (pool, sizeof *s);
        if (!s)
            return NULL;
        solo__v1__unit_state__init (s);
        s->unit_id = (char *) situation_unit_const (sit, u)->id;
        s->commanded = gu->commanded;
        s->moved_halves = gu->moved_halves;
        s->load_halves = gu->load_halves;
        s->fired = gu->fired;
        s->in_melee = gu->in_melee;
        s->gone = gu->gone;
        s->current = order_msg (pool, sit, &gu->current);
        d->states[d->n_states++] = s;
    }
    d->units = pool_alloc (pool, sizeof *d->units * (size_t) (n + 1));
    order_t *legal = pool_alloc (pool, sizeof *legal * GAME_MAX_LEGAL_ORDERS);
    for (int i = 0; d->units && legal && i < n; i++) {
        Solo__V1__UnitToOrder *t = pool_alloc (pool, sizeof *t);
        if (!t)
            return NULL;
        solo__v1__unit_to_order__init (t);
        t->unit_id = (char *) situation_unit_const (sit, units[i])->id;
        int k = game_legal_orders (g, units[i], legal, GAME_MAX_LEGAL_ORDERS);
        t->legal = pool_alloc (pool, sizeof *t->legal * (size_t) (k + 1));
        for (int j = 0; t->legal && j < k; j++)
            t->legal[t->n_legal++] = order_msg (pool, sit, &legal[j]);
        d->units[d->n_units++] = t;
    }
    return pool->failed ? NULL : req;
}

/*  ---- reading the answer ---- */

static tour_forfeit_t
illegal (char *detail, int len, const char *fmt, ...)
    __attribute__ ((format (printf, 3, 4)));

static tour_forfeit_t
illegal (char *detail, int len, const char *fmt, ...)
{
    va_list ap;
    va_start (ap, fmt);
    vsnprintf (detail, len, fmt, ap);
    va_end (ap);
    return TOUR_FORFEIT_ILLEGAL;
}

/*  An order from its message; -1 with err naming the bad field. */
static int
order_from_msg (const situation_t *sit, const Solo__V1__Order *m,
                order_t *o, char *err, int errlen)
{
    *o = order_hold ();
    if (!m) {
        snprintf (err, errlen, "no order");
        return -1;
    }
    int kind = order_kind_parse (m->kind);
    if (kind < 0) {
        snprintf (err, errlen, "order.kind \"%.40s\" is not hold, move, "
                  "take_cover, fire, charge or continue", m->kind);
        return -1;
    }
    o->kind = (order_kind_t) kind;
    if (m->pace[0]) {
        int pace = order_pace_parse (m->pace);
        if (pace < 0) {
            snprintf (err, errlen, "order.pace \"%.40s\" is not half, full, "
                      "walk, canter or gallop", m->pace);
            return -1;
        }
        o->pace = (order_pace_t) pace;
    }
    if (m->target_id[0]) {
        o->target = situation_find_unit (sit, m->target_id);
        if (o->target < 0) {
            snprintf (err, errlen, "order.target_id \"%.40s\" is no unit",
                      m->target_id);
            return -1;
        }
    }
    if (m->has_to) {
        if (!m->to || !isfinite (m->to->x) || !isfinite (m->to->y)) {
            snprintf (err, errlen, "order.to is missing or not a number");
            return -1;
        }
        o->has_to = true;
        o->to = (vec2_t) { m->to->x, m->to->y };
    }
    if (m->has_facing) {
        if (!isfinite (m->facing)) {
            snprintf (err, errlen, "order.facing is not a number");
            return -1;
        }
        o->has_facing = true;
        o->facing = m->facing;
    }
    o->fire = m->fire;
    o->follow_up = m->follow_up;
    if (m->has_formation) {
        int f = formation_from_wire ((int) m->formation);
        if (f < 0) {
            snprintf (err, errlen, "order.formation %d is not line, column, "
                      "square, loose or mounted", (int) m->formation);
            return -1;
        }
        o->has_formation = true;
        o->formation = (formation_t) f;
    }
    return 0;
}

/*  Check the reply and turn it into decisions. */
static tour_forfeit_t
read_orders (tour_extern_t *self, const game_t *g, const int *units, int n,
             const Solo__V1__StrategyReply *reply,
             const Solo__V1__StrategyRequest *req, strategy_decision_t *out,
             char *detail, int len)
{
    const situation_t *sit = game_situation (g);
    if (reply->body_case == SOLO__V1__STRATEGY_REPLY__BODY_ERROR)
        return illegal (detail, len, "it answered with an error: %.200s",
                        reply->error->message);
    if (reply->body_case != SOLO__V1__STRATEGY_REPLY__BODY_ORDERS)
        return illegal (detail, len, "its reply has no orders");
    const Solo__V1__Orders *orders = reply->orders;
    bool *given = calloc ((size_t) n, sizeof (bool));
    if (!given)
        return illegal (detail, len, "out of memory");
    tour_forfeit_t rc = TOUR_FORFEIT_NONE;
    /* the decisions in the reply's order, which the rules are given: where
       one unit acts a phase, the first acts */
    int m = 0;
    for (size_t k = 0; k < orders->n_orders && !rc; k++) {
        const Solo__V1__UnitOrder *uo = orders->orders[k];
        int i = 0;
        while (i < n && strcmp (situation_unit_const (sit, units[i])->id,
                                uo->unit_id) != 0)
            i++;
        if (i == n) {
            rc = illegal (detail, len, "an order for unit \"%.40s\", which "
                          "it was not asked to order", uo->unit_id);
            break;
        }
        if (given[i]) {
            rc = illegal (detail, len, "two orders for unit \"%.40s\"",
                          uo->unit_id);
            break;
        }
        given[i] = true;
        order_t o;
        char why[SOLO_ERR_MAX];
        const Solo__V1__UnitToOrder *asked = req->decide->units[i];
        if (uo->legal_index > 0) {
            if (uo->legal_index > asked->n_legal) {
                rc = illegal (detail, len, "unit \"%.40s\": legal_index %u, "
                              "of %zu legal orders", uo->unit_id,
                              uo->legal_index, asked->n_legal);
                break;
            }
            order_from_msg (sit, asked->legal[uo->legal_index - 1], &o, why,
                            sizeof why);
        }
        else if (order_from_msg (sit, uo->order, &o, why, sizeof why) < 0) {
            rc = illegal (detail, len, "unit \"%.40s\": %s", uo->unit_id,
                          why);
            break;
        }
        if (game_check_order (g, units[i], &o, why, sizeof why) < 0) {
            char words[160];
            rc = illegal (detail, len, "unit \"%.40s\": the rules refuse "
                          "\"%s\": %s", uo->unit_id,
                          order_describe (&o, sit, words, sizeof words), why);
            break;
        }
        strategy_decision_t *d = &out[m++];
        d->unit = units[i];
        d->order = o;
        for (char *c = uo->why; *c; c++)      /* one line in the log */
            if ((unsigned char) *c < 0x20)
                *c = ' ';
        if (uo->why[0])
            snprintf (d->why, sizeof d->why, "%s: %.150s", self->spec->name,
                      uo->why);
        else if (uo->legal_index > 0)
            snprintf (d->why, sizeof d->why, "%s: legal order %u of %zu",
                      self->spec->name, uo->legal_index, asked->n_legal);
        else
            snprintf (d->why, sizeof d->why, "%s: its own order",
                      self->spec->name);
    }
    for (int i = 0; i < n && !rc; i++)
        if (!given[i])
            rc = illegal (detail, len, "no order for unit \"%.40s\"",
                          situation_unit_const (sit, units[i])->id);
    free (given);
    return rc;
}

tour_forfeit_t
tour_extern_decide (tour_extern_t *self, const game_t *g, int side,
                    const int *units, int n, const tour_extern_game_t *game,
                    strategy_decision_t *out, char *detail, int detail_len)
{
    assert (self && g && units && game && out && detail && detail_len > 0);
    detail[0] = 0;
    if (self->broken) {
        snprintf (detail, detail_len, "the connection was lost");
        return TOUR_FORFEIT_CRASH;
    }
    pool_t pool = { 0 };
    uint64_t id = ++self->next_id;
    Solo__V1__StrategyRequest *req = request_msg (&pool, self, g, side, units,
                                                  n, game, id);
    tour_forfeit_t rc = TOUR_FORFEIT_NONE;
    if (!req) {
        pool_free (&pool);
        return illegal (detail, detail_len, "out of memory");
    }
    /* as REQ sends: an empty delimiter, then the message */
    if (zmq_send (self->socket, "", 0, ZMQ_SNDMORE | ZMQ_DONTWAIT) < 0
        || tour_wire_send (self->socket, NULL, 0, &req->base, ZMQ_DONTWAIT)
               < 0) {
        self->broken = true;
        pool_free (&pool);
        snprintf (detail, detail_len, "cannot send to %s: %s", self->endpoint,
                  zmq_strerror (errno));
        return TOUR_FORFEIT_CRASH;
    }
    int64_t start = tour_wire_now_ms ();
    int64_t limit = self->spec->timeout_ms
                    + (self->fresh ? TOUR_EXTERN_START_MS : 0);
    for (;;) {
        int64_t left = start + limit - tour_wire_now_ms ();
        if (self->pid > 0) {
            int status;
            if (waitpid (self->pid, &status, WNOHANG) == self->pid) {
                char words[96];
                exit_words (status, words, sizeof words);
                snprintf (detail, detail_len, "the strategy process %s",
                          words);
                self->pid = 0;
                unlink (self->ipc_path);
                self->broken = true;
                rc = TOUR_FORFEIT_CRASH;
                break;
            }
        }
        if (left <= 0) {
            snprintf (detail, detail_len, "no answer within %d ms",
                      self->spec->timeout_ms);
            if (self->pid > 0)
                self->broken = true;
            rc = TOUR_FORFEIT_TIMEOUT;
            break;
        }
        zmq_pollitem_t item = { self->socket, 0, ZMQ_POLLIN, 0 };
        int slice = self->pid > 0 && left > SLICE_MS ? SLICE_MS : (int) left;
        if (zmq_poll (&item, 1, slice) < 0 && errno != EINTR) {
            self->broken = true;
            snprintf (detail, detail_len, "poll: %s", zmq_strerror (errno));
            rc = TOUR_FORFEIT_CRASH;
            break;
        }
        if (!(item.revents & ZMQ_POLLIN))
            continue;
        size_t len;
        uint8_t *data
            = tour_wire_recv (self->socket, NULL, NULL, &len, ZMQ_DONTWAIT);
        if (!data)
            continue;
        Solo__V1__StrategyReply *reply =
            solo__v1__strategy_reply__unpack (NULL, len, data);
        free (data);
        if (!reply) {
            rc = illegal (detail, detail_len, "its reply is not a "
                          "StrategyReply");
            break;
        }
        if (reply->id != id) {          /* a late answer to an old request */
            solo__v1__strategy_reply__free_unpacked (reply, NULL);
            continue;
        }
        self->fresh = false;
        rc = read_orders (self, g, units, n, reply, req, out, detail,
                          detail_len);
        solo__v1__strategy_reply__free_unpacked (reply, NULL);
        break;
    }
    pool_free (&pool);
    return rc;
}
