/*  tour_arena.c - a worker's games: rules, scenarios, strategies, and
 *  external strategies' forfeits.  */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zmq.h>
#include "battle.h"
#include "tour_arena.h"
#include "tour_extern.h"

struct tour_arena_t {
    game_rules_t *rules;
    scenario_t **scenarios;
    int scenario_count;
    tour_spec_strategy_t *strategies;
    int strategy_count;
    tour_extern_t **externs;    /* per strategy, made when first needed */
    bool keep_logs;
    battle_log_t *log;
    void *zmq_context;
    bool own_context;
};

/*  A growing text. */
typedef struct {
    char *buf;
    size_t len, cap;
    bool oom;
} text_t;

static void
text_add (text_t *t, const char *fmt, ...)
    __attribute__ ((format (printf, 2, 3)));

static void
text_add (text_t *t, const char *fmt, ...)
{
    va_list ap;
    va_start (ap, fmt);
    int n = vsnprintf (NULL, 0, fmt, ap);
    va_end (ap);
    if (t->oom || n < 0)
        return;
    if (t->len + (size_t) n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 1024;
        while (cap < t->len + (size_t) n + 1)
            cap *= 2;
        char *buf = realloc (t->buf, cap);
        if (!buf) {
            t->oom = true;
            return;
        }
        t->buf = buf;
        t->cap = cap;
    }
    va_start (ap, fmt);
    vsnprintf (t->buf + t->len, t->cap - t->len, fmt, ap);
    va_end (ap);
    t->len += (size_t) n;
}

static double
now_seconds (void)
{
    struct timespec ts;
    clock_gettime (CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

tour_arena_t *
tour_arena_new (const tour_arena_file_t *tables,
                const tour_arena_file_t *scenarios, int scenario_count,
                const tour_spec_strategy_t *strategies, int strategy_count,
                bool keep_logs, void *zmq_context, char *err, int errlen)
{
    assert (tables && (scenarios || scenario_count == 0));
    assert (strategies || strategy_count == 0);
    assert (err && errlen > 0);
    tour_arena_t *self = calloc (1, sizeof *self);
    if (!self) {
        snprintf (err, errlen, "out of memory");
        return NULL;
    }
    self->keep_logs = keep_logs;
    self->zmq_context = zmq_context;
    self->rules = game_rules_load_text (tables->text, tables->name, err,
                                        errlen);
    if (!self->rules)
        goto fail;
    size_t ns = (size_t) (scenario_count > 0 ? scenario_count : 1);
    size_t nk = (size_t) (strategy_count > 0 ? strategy_count : 1);
    self->scenarios = calloc (ns, sizeof *self->scenarios);
    self->strategies = calloc (nk, sizeof *self->strategies);
    self->externs = calloc (nk, sizeof *self->externs);
    self->log = battle_log_new ();
    if (!self->scenarios || !self->strategies || !self->externs
        || !self->log) {
        snprintf (err, errlen, "out of memory");
        goto fail;
    }
    for (int i = 0; i < scenario_count; i++) {
        self->scenarios[i] = scenario_load_text (scenarios[i].text,
                                                 scenarios[i].name,
                                                 game_rules_finder,
                                                 self->rules, err, errlen);
        if (!self->scenarios[i])
            goto fail;
        self->scenario_count++;
    }
    memcpy (self->strategies, strategies,
            sizeof *strategies * (size_t) strategy_count);
    self->strategy_count = strategy_count;
    return self;
fail:
    tour_arena_destroy (&self);
    return NULL;
}

tour_arena_t *
tour_arena_new_spec (const tour_spec_t *spec, bool keep_logs, char *err,
                     int errlen)
{
    int n = tour_spec_scenario_count (spec);
    int k = tour_spec_strategy_count (spec);
    tour_arena_file_t tables
        = { tour_spec_tables (spec)->path, tour_spec_tables (spec)->text };
    tour_arena_file_t *scenarios = calloc ((size_t) (n > 0 ? n : 1),
                                           sizeof *scenarios);
    tour_spec_strategy_t *strategies = calloc ((size_t) (k > 0 ? k : 1),
                                               sizeof *strategies);
    tour_arena_t *self = NULL;
    if (!scenarios || !strategies)
        snprintf (err, errlen, "out of memory");
    else {
        for (int i = 0; i < n; i++) {
            scenarios[i].name = tour_spec_scenario (spec, i)->path;
            scenarios[i].text = tour_spec_scenario (spec, i)->text;
        }
        for (int i = 0; i < k; i++)
            strategies[i] = *tour_spec_strategy (spec, i);
        self = tour_arena_new (&tables, scenarios, n, strategies, k, keep_logs,
                               NULL, err, errlen);
    }
    free (scenarios);
    free (strategies);
    return self;
}

void
tour_arena_destroy (tour_arena_t **self_p)
{
    assert (self_p);
    tour_arena_t *self = *self_p;
    if (!self)
        return;
    for (int i = 0; self->externs && i < self->strategy_count; i++)
        tour_extern_destroy (&self->externs[i]);
    if (self->own_context)
        zmq_ctx_term (self->zmq_context);
    for (int i = 0; i < self->scenario_count; i++)
        scenario_destroy (&self->scenarios[i]);
    free (self->scenarios);
    free (self->strategies);
    free (self->externs);
    battle_log_destroy (&self->log);
    game_rules_destroy (&self->rules);
    free (self);
    *self_p = NULL;
}

const char *
tour_arena_ruleset (const tour_arena_t *self)
{
    return ruleset_name (game_rules_ruleset (self->rules));
}

const char *
tour_arena_tables_hash (const tour_arena_t *self)
{
    return ruleset_tables_hash (game_rules_ruleset (self->rules));
}

/*  ---- one game ---- */

typedef struct game_ctx_t game_ctx_t;

/*  What a side's decider needs. */
typedef struct {
    game_ctx_t *game;
    int strategy;
    strategy_t *builtin;        /* a built-in strategy that uses the clock,
                                   decided here so its orders are recorded */
    ruleset_t *variant;         /* its tables= variant, if any */
} side_ctx_t;

struct game_ctx_t {
    tour_arena_t *arena;
    const tour_arena_game_t *game;
    tour_extern_game_t request;
    text_t decisions;           /* external orders, as given */
    const char *replay;         /* replay: the next recorded order */
    side_ctx_t side[SIDE_COUNT];
    tour_forfeit_t forfeit;
    int forfeit_side;
    char detail[TOUR_STORE_DETAIL_MAX];
    game_result_t partial;      /* the game when a side forfeited */
};

/*  A side's forfeit: remembered, and the battle's error. */
static int
forfeit (game_ctx_t *gc, const game_t *g, int side, tour_forfeit_t kind,
         const char *detail, char *err, int errlen)
{
    gc->forfeit = kind;
    gc->forfeit_side = side;
    snprintf (gc->detail, sizeof gc->detail, "%s", detail);
    game_result (g, &gc->partial);
    snprintf (err, errlen, "%s forfeits (%s): %s",
              gc->arena->strategies[gc->side[side].strategy].name,
              tour_forfeit_name (kind), detail);
    return -1;
}

/*  An order as a line of the decisions text; %.17g keeps every double
 *  exactly. */
static void
record (game_ctx_t *gc, const strategy_decision_t *d)
{
    const order_t *o = &d->order;
    text_add (&gc->decisions, "%d %d %d %d %d %.17g %.17g %d %.17g %d %d "
              "%u %u\t%s\n", d->unit, (int) o->kind, (int) o->pace,
              o->target, o->has_to, o->to.x, o->to.y, o->has_facing,
              o->facing, o->fire, o->follow_up, (unsigned) o->status_set,
              (unsigned) o->status_clear, d->why);
}

/*  The next recorded order (replays); false at the end of the record. */
static bool
recorded (game_ctx_t *gc, strategy_decision_t *d, char *err, int errlen)
{
    if (!gc->replay || !*gc->replay)
        return false;
    const char *line = gc->replay;
    size_t len = strcspn (line, "\n");
    gc->replay = line + len + (line[len] == '\n');
    int unit, kind, pace, target, has_to, has_facing, fire, follow_up, used;
    unsigned set, clear;
    order_t o = order_hold ();
    if (sscanf (line, "%d %d %d %d %d %lf %lf %d %lf %d %d %u %u\t%n", &unit,
                &kind, &pace, &target, &has_to, &o.to.x, &o.to.y,
                &has_facing, &o.facing, &fire, &follow_up, &set, &clear,
                &used) != 13 || kind < 0 || kind >= ORDER_KIND_COUNT
        || pace < 0 || pace >= ORDER_PACE_COUNT || (size_t) used > len) {
        snprintf (err, errlen, "a recorded order does not read: \"%.60s\"",
                  line);
        return false;
    }
    o.kind = (order_kind_t) kind;
    o.pace = (order_pace_t) pace;
    o.target = target;
    o.has_to = has_to;
    o.has_facing = has_facing;
    o.fire = fire;
    o.follow_up = follow_up;
    o.status_set = set;
    o.status_clear = clear;
    d->unit = unit;
    d->order = o;
    snprintf (d->why, sizeof d->why, "%.*s", (int) (len - (size_t) used),
              line + used);
    return true;
}

/*  A replay's orders for the `n` units of `side`, from the game's record
 *  of what its strategy ordered when it was played (an external's, or a
 *  built-in's whose orders depend on the clock).  0, or -1 with `err`
 *  (the record ends or names another unit; a stored forfeit forfeits
 *  again). */
static int
replayed_decide (game_ctx_t *gc, const game_t *g, int side, const int *units,
                 int n, strategy_decision_t *out, char *err, int errlen)
{
    const tour_game_t *stored = gc->game->replay_of;
    for (int i = 0; i < n; i++) {
        char why[SOLO_ERR_MAX] = "";
        if (!recorded (gc, &out[i], why, sizeof why)) {
            if (why[0] || !stored->forfeit[0]) {
                snprintf (err, errlen, "the replay needs more orders than "
                          "were recorded%s%s", why[0] ? ": " : "", why);
                return -1;
            }
            int kind = !strcmp (stored->forfeit, "crash")
                       ? TOUR_FORFEIT_CRASH
                       : !strcmp (stored->forfeit, "timeout")
                       ? TOUR_FORFEIT_TIMEOUT : TOUR_FORFEIT_ILLEGAL;
            return forfeit (gc, g, side, (tour_forfeit_t) kind,
                            stored->forfeit_detail, err, errlen);
        }
        /* for a unit asked and not yet given one: a strategy lists its
           orders in the order it chose */
        int asked = 0, again = 0;
        for (int j = 0; j < n; j++)
            asked += units[j] == out[i].unit;
        for (int j = 0; j < i; j++)
            again += out[j].unit == out[i].unit;
        if (!asked || again) {
            snprintf (err, errlen, "the recorded order is for unit %d, "
                      "which the replay %s", out[i].unit,
                      asked ? "already has an order for" : "does not ask for");
            return -1;
        }
        record (gc, &out[i]);
    }
    return 0;
}

/*  The decider of a built-in strategy that uses the clock (a search
 *  within a time budget): its orders as battle_play would have them,
 *  recorded so that a replay gives them again whatever the clock says. */
static int
builtin_decide (void *arg, const game_t *g, int side, const int *units,
                int n, strategy_decision_t *out, char *err, int errlen)
{
    side_ctx_t *sc = arg;
    if (sc->game->game->replay_of)
        return replayed_decide (sc->game, g, side, units, n, out, err, errlen);
    strategy_decide (sc->builtin, g, side, units, n, out);
    for (int i = 0; i < n; i++)
        record (sc->game, &out[i]);
    return 0;
}

/*  Side `side` of a game of `seed` is played by the built-in strategy
 *  sc->strategy: when its orders depend on the clock, make it here
 *  (seeded as battle_play would, on its tables= variant) so that
 *  builtin_decide records them; else leave it to battle_play, which
 *  plays it the same on every replay.  0, or -1 with `err`. */
static int
clock_bound (tour_arena_t *self, side_ctx_t *sc, int side, uint64_t seed,
             char *err, int errlen)
{
    const tour_spec_strategy_t *k = &self->strategies[sc->strategy];
    char rest[STRATEGY_PARAMS_MAX], path[STRATEGY_TABLES_PATH_MAX];
    if (strategy_split_tables (k->params, rest, path) < 0) {
        snprintf (err, errlen, "%s: %s", k->name, path);
        return -1;
    }
    char why[SOLO_ERR_MAX];
    strategy_t *st = strategy_new (k->class_name, rest,
                                   battle_strategy_seed (seed, side), why,
                                   sizeof why);
    if (!st) {
        snprintf (err, errlen, "%s: %s", k->name, why);
        return -1;
    }
    if (!strategy_uses_clock (st)) {
        strategy_destroy (&st);
        return 0;
    }
    if (path[0]) {
        sc->variant = strategy_load_variant (game_rules_ruleset (self->rules),
                                             path, why, sizeof why);
        if (!sc->variant) {
            strategy_destroy (&st);
            snprintf (err, errlen, "%s's tables: %s", k->name, why);
            return -1;
        }
        strategy_set_tables (st, sc->variant);
    }
    sc->builtin = st;
    return 0;
}

/*  The strategies and variants a game's sides made for themselves. */
static void
release_sides (game_ctx_t *gc)
{
    for (int s = 0; s < SIDE_COUNT; s++) {
        strategy_destroy (&gc->side[s].builtin);
        ruleset_destroy (&gc->side[s].variant);
    }
}

/*  The decider of an external side (battle_decide_fn). */
static int
external_decide (void *arg, const game_t *g, int side, const int *units,
                 int n, strategy_decision_t *out, char *err, int errlen)
{
    side_ctx_t *sc = arg;
    game_ctx_t *gc = sc->game;
    tour_arena_t *a = gc->arena;
    if (gc->game->replay_of)
        return replayed_decide (gc, g, side, units, n, out, err, errlen);
    char detail[TOUR_STORE_DETAIL_MAX];
    tour_extern_t **x = &a->externs[sc->strategy];
    if (!*x) {
        if (!a->zmq_context) {
            a->zmq_context = zmq_ctx_new ();
            a->own_context = a->zmq_context != NULL;
        }
        if (a->zmq_context)
            *x = tour_extern_new (a->zmq_context,
                                  &a->strategies[sc->strategy], detail,
                                  sizeof detail);
        else
            snprintf (detail, sizeof detail, "no ZeroMQ context");
        if (!*x)
            return forfeit (gc, g, side, TOUR_FORFEIT_CRASH, detail, err,
                            errlen);
    }
    tour_forfeit_t f = tour_extern_decide (*x, g, side, units, n, &gc->request,
                                           out, detail, sizeof detail);
    if (f != TOUR_FORFEIT_NONE)
        return forfeit (gc, g, side, f, detail, err, errlen);
    for (int i = 0; i < n; i++)
        record (gc, &out[i]);
    return 0;
}

/*  The log as one text (malloc'd), and the forfeit's last line. */
static char *
log_text (const battle_log_t *log, const char *last_line)
{
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream (&text, &size);
    if (!f)
        return NULL;
    int rc = battle_log_print (log, f);
    if (last_line)
        fprintf (f, "result: %s\n", last_line);
    if (fclose (f) != 0 || rc < 0) {
        free (text);
        return NULL;
    }
    return text;
}

int
tour_arena_play (tour_arena_t *self, const tour_arena_game_t *game,
                 tour_game_t *out, char **log, char **decisions, char *err,
                 int errlen)
{
    assert (self && game && out && log && decisions && err && errlen > 0);
    *log = *decisions = NULL;
    memset (out, 0, sizeof *out);
    if (game->scenario < 0 || game->scenario >= self->scenario_count
        || game->blue < 0 || game->blue >= self->strategy_count
        || game->red < 0 || game->red >= self->strategy_count) {
        snprintf (err, errlen, "no such scenario (%d) or strategy (%d, %d)",
                  game->scenario, game->blue, game->red);
        return -1;
    }
    game_ctx_t gc;
    memset (&gc, 0, sizeof gc);
    gc.arena = self;
    gc.game = game;
    gc.forfeit_side = -1;
    gc.replay = game->replay_of ? game->replay_of->decisions : NULL;
    gc.request.game_id = game->game_id;
    gc.request.scenario = scenario_name (self->scenarios[game->scenario]);
    gc.request.seed = game->seed;
    int index[SIDE_COUNT] = { game->blue, game->red };
    battle_setup_t setup = { .seed = game->seed };
    for (int s = 0; s < SIDE_COUNT; s++) {
        const tour_spec_strategy_t *k = &self->strategies[index[s]];
        gc.side[s].game = &gc;
        gc.side[s].strategy = index[s];
        if (tour_spec_strategy_external (k)) {
            setup.strategy[s] = k->name;
            setup.decide[s] = external_decide;
            setup.decide_arg[s] = &gc.side[s];
        }
        else {
            setup.strategy[s] = k->class_name;
            setup.params[s] = k->params;
            if (clock_bound (self, &gc.side[s], s, game->seed, err, errlen)
                < 0) {
                release_sides (&gc);
                return -1;
            }
            if (gc.side[s].builtin) {
                setup.decide[s] = builtin_decide;
                setup.decide_arg[s] = &gc.side[s];
            }
        }
    }
    battle_result_t r;
    double start = now_seconds ();
    battle_log_t *blog = self->keep_logs ? self->log : NULL;
    char why[SOLO_ERR_MAX + 64];
    int rc = battle_play (self->rules, self->scenarios[game->scenario],
                          &setup, &r, blog, why, sizeof why);
    out->seconds = now_seconds () - start;
    release_sides (&gc);
    /* a broken connection is made afresh for the next game */
    for (int s = 0; s < SIDE_COUNT; s++) {
        tour_extern_t **x = &self->externs[index[s]];
        if (*x && tour_extern_broken (*x))
            tour_extern_destroy (x);
    }
    if (rc < 0 && gc.forfeit == TOUR_FORFEIT_NONE) {
        snprintf (err, errlen, "%s", why);
        free (gc.decisions.buf);
        return -1;
    }
    const game_result_t *res = rc < 0 ? &gc.partial : &r.result;
    out->seed = game->seed;
    out->scenario = game->scenario;
    out->blue = game->blue;
    out->red = game->red;
    out->winner = res->winner;
    out->turns = res->turns;
    snprintf (out->reason, sizeof out->reason, "%s", res->reason);
    for (int s = 0; s < SIDE_COUNT; s++) {
        out->figures[s] = res->figures[s];
        out->killed[s] = res->killed[s];
        out->wounded[s] = res->wounded[s];
        out->gone[s] = res->gone[s];
    }
    out->forfeit_side = -1;
    char last[TOUR_STORE_DETAIL_MAX + 128];
    if (rc < 0) {
        int loser = gc.forfeit_side;
        out->winner = 1 - loser;
        out->forfeit_side = loser;
        snprintf (out->forfeit, sizeof out->forfeit, "%s",
                  tour_forfeit_name (gc.forfeit));
        snprintf (out->forfeit_detail, sizeof out->forfeit_detail, "%s",
                  gc.detail);
        snprintf (out->reason, sizeof out->reason, "%s forfeits (%s): %s",
                  side_name ((side_t) loser), out->forfeit, gc.detail);
        snprintf (last, sizeof last, "%s wins in turn %d: %s",
                  side_name ((side_t) (1 - loser)), res->turns + 1,
                  out->reason);
    }
    else {
        out->steps = r.steps;
        out->dice = r.dice;
        out->orders = r.decisions;
    }
    snprintf (out->ruleset, sizeof out->ruleset, "%s",
              tour_arena_ruleset (self));
    snprintf (out->tables_hash, sizeof out->tables_hash, "%s",
              tour_arena_tables_hash (self));
    *log = blog ? log_text (blog, rc < 0 ? last : NULL) : strdup ("");
    *decisions = gc.decisions.buf ? gc.decisions.buf : strdup ("");
    if (!*log || !*decisions || gc.decisions.oom) {
        free (*log);
        free (*decisions);
        *log = *decisions = NULL;
        snprintf (err, errlen, "out of memory");
        return -1;
    }
    out->log = *log;
    out->decisions = *decisions;
    return 0;
}
