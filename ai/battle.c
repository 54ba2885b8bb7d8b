/*  battle.c - a whole battle between two strategies, its replay log, and
 *  the replay check.  */
#include <assert.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "battle.h"

struct battle_log_t {
    battle_line_t *lines;
    int count;
    int cap;
    uint64_t seed;
    char strategy[SIDE_COUNT][BATTLE_LAYER_MAX];
    char params[SIDE_COUNT][STRATEGY_PARAMS_MAX];
    char tables_hash[SIDE_COUNT][24];
    battle_unit_state_t *states;   /* the lines' unit states, in order */
    int state_count;
    int state_cap;
};

battle_log_t *
battle_log_new (void)
{
    return calloc (1, sizeof (battle_log_t));
}

void
battle_log_destroy (battle_log_t **self_p)
{
    assert (self_p);
    if (!*self_p)
        return;
    free ((*self_p)->lines);
    free ((*self_p)->states);
    free (*self_p);
    *self_p = NULL;
}

int
battle_log_count (const battle_log_t *self)
{
    return self->count;
}

const battle_line_t *
battle_log_line (const battle_log_t *self, int i)
{
    assert (i >= 0 && i < self->count);
    return &self->lines[i];
}

const battle_unit_state_t *
battle_log_states (const battle_log_t *self, int i, int *count)
{
    assert (i >= 0 && i < self->count && count);
    const battle_line_t *line = &self->lines[i];
    *count = line->state_count;
    return line->state_count ? &self->states[line->state_first] : NULL;
}

uint64_t
battle_log_seed (const battle_log_t *self)
{
    return self->seed;
}

const char *
battle_log_strategy (const battle_log_t *self, side_t side)
{
    return self->strategy[side];
}

const char *
battle_log_params (const battle_log_t *self, side_t side)
{
    return self->params[side];
}

const char *
battle_log_tables_hash (const battle_log_t *self, side_t side)
{
    return self->tables_hash[side];
}

static const char *
kind_word (battle_line_kind_t kind)
{
    switch (kind) {
    case BATTLE_LINE_START: return "start";
    case BATTLE_LINE_DIE: return "die";
    case BATTLE_LINE_DECISION: return "order";
    case BATTLE_LINE_EVENT: return "event";
    case BATTLE_LINE_STATE: return "state";
    default: return "result";
    }
}

char *
battle_line_format (const battle_line_t *line, char *buf, int buflen)
{
    assert (line && buf && buflen > 0);
    if (line->kind == BATTLE_LINE_START || line->kind == BATTLE_LINE_RESULT)
        snprintf (buf, buflen, "%s: %s", kind_word (line->kind), line->text);
    else
        snprintf (buf, buflen, "turn %d, %s: %s %s", line->turn,
                  line->phase_name, kind_word (line->kind), line->text);
    return buf;
}

int
battle_log_print (const battle_log_t *self, FILE *out)
{
    char buf[BATTLE_TEXT_MAX + 64];
    for (int i = 0; i < self->count; i++)
        if (fprintf (out, "%s\n", battle_line_format (&self->lines[i], buf,
                                                       sizeof buf)) < 0)
            return -1;
    return 0;
}

/*  ---- one battle ---- */

typedef struct {
    game_t *game;
    battle_log_t *log;             /* NULL: no log */
    const battle_log_t *source;    /* replay: the strategies' decisions */
    int source_pos;
    battle_result_t *out;
    battle_unit_state_t *last;     /* with a log: each unit as last logged */
    bool resolving;                /* in game_resolve_phase of ... */
    int resolve_turn, resolve_phase;   /* ... this turn and phase */
    char resolve_phase_name[24];
    bool phase_closed;             /* its state line is logged */
    dice_t *dice;                  /* the rules' dice (while resolving) */
    bool failed;
    char err[SOLO_ERR_MAX];
} run_t;

static void
run_fail (run_t *run, const char *fmt, ...)
{
    if (run->failed)
        return;
    run->failed = true;
    va_list ap;
    va_start (ap, fmt);
    vsnprintf (run->err, sizeof run->err, fmt, ap);
    va_end (ap);
}

/*  A new line at the log's end (NULL without a log or out of memory). */
static battle_line_t *
add_line (run_t *run, battle_line_kind_t kind, int unit)
{
    battle_log_t *log = run->log;
    if (!log)
        return NULL;
    if (log->count == log->cap) {
        int cap = log->cap ? log->cap * 2 : 1024;
        battle_line_t *lines = realloc (log->lines,
                                        (size_t) cap * sizeof *lines);
        if (!lines) {
            run_fail (run, "out of memory for the log");
            return NULL;
        }
        log->lines = lines;
        log->cap = cap;
    }
    battle_line_t *line = &log->lines[log->count++];
    memset (line, 0, sizeof *line);
    line->kind = kind;
    line->unit = unit;
    line->turn = run->game ? game_turn (run->game) : 0;
    line->phase = run->game ? game_phase (run->game) : 0;
    if (run->game)
        snprintf (line->phase_name, sizeof line->phase_name, "%s",
                  game_phase_name (run->game));
    return line;
}

/*  Unit u as it stands now. */
static battle_unit_state_t
unit_state_now (const game_t *g, int u)
{
    const unit_t *x = situation_unit_const (game_situation (g), u);
    battle_unit_state_t st;
    memset (&st, 0, sizeof st);
    st.unit = u;
    st.centre = x->fp.centre;
    st.facing = x->fp.facing;
    st.wounded = x->wounded;
    st.killed = x->killed;
    st.in_play = !game_unit (g, u)->gone && unit_figures_standing (x) > 0;
    return st;
}

/*  Two unit states the same in every field. */
static bool
same_state (const battle_unit_state_t *a, const battle_unit_state_t *b)
{
    return a->unit == b->unit && a->centre.x == b->centre.x
        && a->centre.y == b->centre.y && a->facing == b->facing
        && a->wounded == b->wounded && a->killed == b->killed
        && a->in_play == b->in_play;
}

/*  Give the last line of the log the units whose state changed since the
 *  last line that carried any (every unit with `all`).  Returns how many
 *  it carries. */
static int
record_states (run_t *run, bool all)
{
    battle_log_t *log = run->log;
    if (!log || !run->last || log->count == 0)
        return 0;
    int n = game_unit_count (run->game);
    int first = log->state_count, count = 0;
    for (int u = 0; u < n; u++) {
        battle_unit_state_t now = unit_state_now (run->game, u);
        if (!all && same_state (&now, &run->last[u]))
            continue;
        if (log->state_count == log->state_cap) {
            int cap = log->state_cap ? log->state_cap * 2 : 256;
            battle_unit_state_t *states = realloc (
                log->states, (size_t) cap * sizeof *states);
            if (!states) {
                run_fail (run, "out of memory for the log");
                break;
            }
            log->states = states;
            log->state_cap = cap;
        }
        log->states[log->state_count++] = now;
        run->last[u] = now;
        count++;
    }
    battle_line_t *line = &log->lines[log->count - 1];
    line->state_first = first;
    line->state_count = count;
    return count;
}

/*  A state line, labelled with the phase it closes, when units changed
 *  since the last line that said so (every unit with `all`); its words
 *  list them as far as they fit. */
static void
state_line (run_t *run, bool all, int turn, int phase,
            const char *phase_name)
{
    battle_log_t *log = run->log;
    battle_line_t *line = add_line (run, BATTLE_LINE_STATE, -1);
    if (!line)
        return;
    line->turn = turn;
    line->phase = phase;
    snprintf (line->phase_name, sizeof line->phase_name, "%s", phase_name);
    int count = record_states (run, all);
    if (count == 0) {
        log->count--;            /* nothing changed: no line */
        return;
    }
    line = &log->lines[log->count - 1];
    const situation_t *sit = game_situation (run->game);
    size_t used = (size_t) snprintf (line->text, sizeof line->text, "%s",
                                     all ? "units as they start: "
                                         : "units now: ");
    for (int i = 0; i < count && used < sizeof line->text - 1; i++) {
        const battle_unit_state_t *st = &log->states[line->state_first + i];
        const char *id = situation_unit_const (sit, st->unit)->id;
        int n = st->in_play
              ? snprintf (line->text + used, sizeof line->text - used,
                          "%s%s (%.1f, %.1f) facing %.0f, %d wounded %d "
                          "killed", i ? "; " : "", id, st->centre.x,
                          st->centre.y, st->facing, st->wounded, st->killed)
              : snprintf (line->text + used, sizeof line->text - used,
                          "%s%s out of play, %d wounded %d killed",
                          i ? "; " : "", id, st->wounded, st->killed);
        if (n < 0)
            break;
        used += (size_t) n;
    }
}

/*  The state line of the phase being resolved, once: before the first
 *  event of the next phase (the log stays in the order of its turns) or
 *  when the phase is resolved. */
static void
close_phase (run_t *run)
{
    if (!run->resolving || run->phase_closed)
        return;
    run->phase_closed = true;
    state_line (run, false, run->resolve_turn, run->resolve_phase,
                run->resolve_phase_name);
}

static void flush_dice (run_t *run, dice_t *dice);

static void
on_event (void *arg, const game_event_t *ev)
{
    run_t *run = arg;
    /* the dice thrown before the event come before it, in their phase */
    if (run->resolving && run->dice)
        flush_dice (run, run->dice);
    if (run->resolving && (game_turn (run->game) != run->resolve_turn
                           || game_phase (run->game) != run->resolve_phase))
        close_phase (run);
    battle_line_t *line = add_line (run, BATTLE_LINE_EVENT, ev->unit);
    if (line) {
        snprintf (line->text, sizeof line->text, "%s: %s",
                  game_event_kind_name (ev->kind), ev->text);
        record_states (run, false);
    }
}

/*  The rules' dice since the last flush go into the log, each labelled
 *  with the phase that threw it: while a phase is resolved, that phase
 *  (the game may already stand at the next one when its dice are
 *  flushed). */
static void
flush_dice (run_t *run, dice_t *dice)
{
    int n = dice_log_count (dice);
    run->out->dice += n;
    for (int i = 0; run->log && i < n; i++) {
        dice_throw_t t = dice_log_at (dice, i);
        battle_line_t *line = add_line (run, BATTLE_LINE_DIE, -1);
        if (!line)
            break;
        if (run->resolving) {
            line->turn = run->resolve_turn;
            line->phase = run->resolve_phase;
            snprintf (line->phase_name, sizeof line->phase_name, "%s",
                      run->resolve_phase_name);
        }
        line->sides = t.sides;
        line->value = t.value;
        snprintf (line->text, sizeof line->text, "D%d = %d", t.sides,
                  t.value);
    }
    dice_log_clear (dice);
}

/*  Give unit u its order (a hold when the rules refuse it) and log it. */
static void
give_order (run_t *run, int u, const order_t *o, const char *layer,
            const char *why)
{
    char err[SOLO_ERR_MAX];
    order_t order = *o;
    bool refused = false;
    if (game_apply_order (run->game, u, &order, err, sizeof err) < 0) {
        refused = true;
        order = order_hold ();
        if (game_apply_order (run->game, u, &order, err, sizeof err) < 0)
            run_fail (run, "unit %d refuses even a hold: %s", u, err);
    }
    run->out->decisions++;
    if (strcmp (layer, "table") == 0)
        run->out->table_decisions++;
    battle_line_t *line = add_line (run, BATTLE_LINE_DECISION, u);
    if (!line)
        return;
    snprintf (line->layer, sizeof line->layer, "%s", layer);
    line->order = *o;
    const char *id = situation_unit_const (game_situation (run->game), u)->id;
    if (refused)
        snprintf (line->text, sizeof line->text, "%s [%s] %s; refused (%s): "
                  "holds", id, layer, why, err);
    else
        snprintf (line->text, sizeof line->text, "%s [%s] %s", id, layer, why);
}

/*  Copy a string into a buffer of `len` bytes, cut short if it must. */
static void
copy_text (char *dst, int len, const char *src)
{
    size_t n = strlen (src);
    if (n >= (size_t) len)
        n = (size_t) len - 1;
    memcpy (dst, src, n);
    dst[n] = 0;
}

/*  The next strategy decision of the source log into *out: for one of
 *  the `k` units waiting (units[]) not decided yet (decided[] marks them),
 *  in the log's order, which is the strategy's (a strategy lists its
 *  orders as it chose, most urgent first where units act one at a time). */
static bool
source_decision (run_t *run, const int *units, int k, bool *decided,
                 strategy_decision_t *out)
{
    const battle_log_t *src = run->source;
    while (run->source_pos < src->count) {
        const battle_line_t *line = &src->lines[run->source_pos++];
        if (line->kind != BATTLE_LINE_DECISION
            || strcmp (line->layer, "table") == 0)
            continue;
        int i = 0;
        while (i < k && (units[i] != line->unit || decided[i]))
            i++;
        if (i == k) {
            run_fail (run, "log line %d: a decision for unit %d, which the "
                      "battle does not ask for now", run->source_pos,
                      line->unit);
            return false;
        }
        decided[i] = true;
        out->unit = line->unit;
        out->order = line->order;
        /* the words after "id [layer] " */
        const char *w = strstr (line->text, "] ");
        copy_text (out->why, (int) sizeof out->why, w ? w + 2 : line->text);
        char *refused = strstr (out->why, "; refused (");
        if (refused)
            *refused = 0;
        return true;
    }
    run_fail (run, "the log ends before the battle does (no decision for "
              "%d units)", k);
    return false;
}

/*  A side's table layer under its own variant of the tables: the view is
 *  the game's table (terrain, units) under the variant ruleset. */
static situation_t *
view_new (const ruleset_t *variant, const situation_t *game_sit, char *err,
          int errlen)
{
    situation_t *view = situation_new (variant, situation_width (game_sit),
                                       situation_depth (game_sit));
    if (!view) {
        snprintf (err, errlen, "out of memory");
        return NULL;
    }
    for (int i = 0; i < situation_terrain_count (game_sit); i++)
        if (situation_add_terrain (view, situation_terrain (game_sit, i), err,
                                   errlen) < 0) {
            situation_destroy (&view);
            return NULL;
        }
    for (int i = 0; i < situation_unit_count (game_sit); i++)
        if (situation_add_unit (view, situation_unit_const (game_sit, i), err,
                                errlen) < 0) {
            situation_destroy (&view);
            return NULL;
        }
    return view;
}

/*  The view's units as they stand in the game now. */
static void
view_sync (situation_t *view, const situation_t *game_sit)
{
    int n = situation_unit_count (game_sit);
    for (int i = 0; i < n; i++)
        *situation_unit (view, i) = *situation_unit_const (game_sit, i);
}

/*  splitmix64: a strategy's seed from the battle's. */
static uint64_t
derive_seed (uint64_t seed, int side)
{
    return dice_scramble (seed + 0x9E3779B97F4A7C15ULL * (uint64_t) (side + 1));
}

uint64_t
battle_strategy_seed (uint64_t seed, int side)
{
    return derive_seed (seed, side);
}

/*  The side of unit u. */
static int
side_of (const game_t *g, int u)
{
    return situation_unit_const (game_situation (g), u)->side;
}

/*  Play one battle; with `source`, strategy decisions come from it. */
static int
run_battle (const game_rules_t *rules, const scenario_t *scenario,
            const battle_setup_t *setup, const battle_log_t *source,
            battle_result_t *out, battle_log_t *log, char *err, int errlen)
{
    assert (rules && scenario && setup && out && err && errlen > 0);
    memset (out, 0, sizeof *out);
    out->seed = setup->seed;
    out->result.winner = -1;
    run_t run;
    memset (&run, 0, sizeof run);
    run.out = out;
    run.source = source;
    run.log = log;
    strategy_t *strategy[SIDE_COUNT] = { NULL, NULL };
    /* who makes a side's choice to move first or second: its strategy
       class, whether it also decides the orders (a decider's class, a
       replay's) or not; none for an outside decider */
    strategy_t *chooser[SIDE_COUNT] = { NULL, NULL };
    strategy_t *chooser_own[SIDE_COUNT] = { NULL, NULL };
    const char *layer[SIDE_COUNT];
    char layer_buf[SIDE_COUNT][BATTLE_LAYER_MAX];
    dice_t *dice = NULL;
    int *units = NULL;
    int *group_roll = NULL;
    bool *decided = NULL;       /* replaying: the units given their order */
    rf_decision_t *rfd = NULL;
    strategy_decision_t *decisions = NULL;
    ruleset_t *variant[SIDE_COUNT] = { NULL, NULL };
    situation_t *view[SIDE_COUNT] = { NULL, NULL };
    bool table_on_view[SIDE_COUNT] = { false, false };
    bool table_class[SIDE_COUNT] = { false, false };
    char rest[SIDE_COUNT][STRATEGY_PARAMS_MAX];
    int rc = -1;

    const ruleset_t *base = game_rules_ruleset (rules);
    for (int s = 0; s < SIDE_COUNT; s++) {
        const char *name = setup->strategy[s] ? setup->strategy[s] : "";
        char path[STRATEGY_TABLES_PATH_MAX];
        if (strategy_split_tables (setup->params[s], rest[s], path) < 0) {
            snprintf (err, errlen, "%s's strategy: %s", side_name (s), path);
            goto done;
        }
        snprintf (out->tables_hash[s], sizeof out->tables_hash[s], "%s",
                  ruleset_tables_hash (base));
        if (path[0]) {
            char why[SOLO_ERR_MAX];
            variant[s] = strategy_load_variant (base, path, why, sizeof why);
            if (!variant[s]) {
                snprintf (err, errlen, "%s's tables: %s", side_name (s), why);
                goto done;
            }
            snprintf (out->tables_hash[s], sizeof out->tables_hash[s], "%s",
                      ruleset_tables_hash (variant[s]));
            if (source && strcmp (source->tables_hash[s],
                                  out->tables_hash[s]) != 0) {
                snprintf (err, errlen, "%s's tables %s have hash %s, the "
                          "log's were %s", side_name (s), path,
                          out->tables_hash[s], source->tables_hash[s]);
                goto done;
            }
        }
        if (setup->decide[s] && !source) {
            snprintf (layer_buf[s], sizeof layer_buf[s], "strategy %s", name);
            layer[s] = layer_buf[s];
            continue;
        }
        if (!strategy_class_find (name)) {
            strategy_t *probe = strategy_new (name, NULL, 0, err, errlen);
            strategy_destroy (&probe);
            goto done;
        }
        snprintf (layer_buf[s], sizeof layer_buf[s], "strategy %s",
                  strategy_class_find (name)->name);
        layer[s] = layer_buf[s];
        if (!source) {
            strategy[s] = strategy_new (name, rest[s],
                                        derive_seed (setup->seed, s), err,
                                        errlen);
            if (!strategy[s])
                goto done;
            /* a strategy that plays the tables itself (the commander's
               playouts) plays its side's variant */
            if (variant[s])
                strategy_set_tables (strategy[s], variant[s]);
            if (setup->stop)
                strategy_set_stop (strategy[s], setup->stop,
                                   setup->stop_arg);
            /* the class "table" reads its side's variant too */
            table_class[s] = strcmp (strategy_name (strategy[s]),
                                     "table") == 0;
            table_on_view[s] = variant[s] && table_class[s];
        }
    }
    for (int s = 0; s < SIDE_COUNT; s++) {
        chooser[s] = strategy[s];
        const char *name = setup->strategy[s] ? setup->strategy[s] : "";
        if (!chooser[s] && strategy_class_find (name)) {
            chooser_own[s] = strategy_new (name, rest[s],
                                           derive_seed (setup->seed, s), err,
                                           errlen);
            if (!chooser_own[s])
                goto done;
            chooser[s] = chooser_own[s];
        }
    }
    run.game = game_new (rules, scenario, err, errlen);
    if (!run.game)
        goto done;
    for (int s = 0; s < SIDE_COUNT; s++)
        if (variant[s]) {
            view[s] = view_new (variant[s], game_situation (run.game), err,
                                errlen);
            if (!view[s])
                goto done;
        }
    int n = game_unit_count (run.game);
    dice = dice_new (setup->seed);
    units = malloc ((size_t) (n > 0 ? n : 1) * sizeof *units);
    group_roll = malloc ((size_t) (n > 0 ? n : 1) * sizeof *group_roll);
    decided = malloc ((size_t) (n > 0 ? n : 1) * sizeof *decided);
    decisions = malloc ((size_t) (n > 0 ? n : 1) * sizeof *decisions);
    rfd = malloc (sizeof *rfd);
    if (!dice || !units || !group_roll || !decided || !decisions || !rfd) {
        snprintf (err, errlen, "out of memory");
        goto done;
    }
    if (log) {
        run.last = malloc ((size_t) (n > 0 ? n : 1) * sizeof *run.last);
        if (!run.last) {
            snprintf (err, errlen, "out of memory");
            goto done;
        }
        log->count = 0;
        log->state_count = 0;
        log->seed = setup->seed;
        for (int s = 0; s < SIDE_COUNT; s++) {
            snprintf (log->strategy[s], sizeof log->strategy[s], "%s",
                      setup->decide[s] ? (setup->strategy[s]
                                          ? setup->strategy[s] : "")
                      : strategy_class_find (setup->strategy[s])->name);
            snprintf (log->params[s], sizeof log->params[s], "%s",
                      setup->params[s] ? setup->params[s] : "");
            snprintf (log->tables_hash[s], sizeof log->tables_hash[s], "%s",
                      out->tables_hash[s]);
        }
        battle_line_t *line = add_line (&run, BATTLE_LINE_START, -1);
        if (line) {
            /* a side's own tables, when it has them, come first: the
               words may be cut short after them */
            char tables[96] = "";
            if (variant[0] || variant[1])
                snprintf (tables, sizeof tables, ", tables blue %.16s red "
                          "%.16s", log->tables_hash[0], log->tables_hash[1]);
            snprintf (line->text, sizeof line->text, "%.31s (%.80s, %d "
                      "turns) under %.31s, seed %llu%s: blue %.23s%s%.40s, "
                      "red %.23s%s%.40s", scenario_name (scenario),
                      scenario_title (scenario), scenario_turns (scenario),
                      ruleset_name (game_rules_ruleset (rules)),
                      (unsigned long long) setup->seed, tables,
                      log->strategy[0], log->params[0][0] ? " " : "",
                      log->params[0], log->strategy[1],
                      log->params[1][0] ? " " : "", log->params[1]);
        }
        game_set_events (run.game, on_event, &run);
        state_line (&run, true, game_turn (run.game), game_phase (run.game),
                    game_phase_name (run.game));
    }

    while (!game_over (run.game) && !run.failed) {
        if (setup->stop && setup->stop (setup->stop_arg)) {
            run_fail (&run, "stopped at turn %d, %s, before the end",
                      game_turn (run.game), game_phase_name (run.game));
            break;
        }
        game_begin_phase (run.game, dice);
        flush_dice (&run, dice);
        /* an initiative's winner chooses to move first or second: its
           strategy, when it has a view (a replay makes the choice again:
           it depends on the position alone) */
        int chooser_side = game_choice_side (run.game);
        if (chooser_side >= 0 && chooser[chooser_side])
            strategy_choose_first (chooser[chooser_side], run.game,
                                   chooser_side);
        int side = game_phase_side (run.game);
        if (side >= 0) {
            int k = 0;
            memset (group_roll, 0, (size_t) n * sizeof *group_roll);
            for (int u = 0; u < n; u++) {
                if (!game_needs_order (run.game, u))
                    continue;
                if (!game_table_bound (run.game, u)) {
                    units[k++] = u;
                    continue;
                }
                order_t o;
                char why[STRATEGY_WHY_MAX];
                why[0] = 0;
                situation_t *v = view[side_of (run.game, u)];
                if (v)
                    view_sync (v, game_situation (run.game));
                /* a platoon keeping company is diced once */
                if (strategy_table_order_on (run.game, v, u, group_roll[u],
                                             dice, &o, rfd,
                                             log ? why : NULL,
                                             sizeof why) < 0)
                    rfd->order.group_count = 0;
                for (int i = 0; i < rfd->order.group_count; i++) {
                    int m = rfd->order.group[i];
                    if (m >= 0 && m < n && !group_roll[m])
                        group_roll[m] = rfd->roll;
                }
                flush_dice (&run, dice);
                give_order (&run, u, &o, "table", why);
            }
            if (k > 0 && source) {
                memset (decided, 0, (size_t) n * sizeof *decided);
                for (int i = 0; i < k && !run.failed; i++)
                    source_decision (&run, units, k, decided, &decisions[i]);
            }
            else if (k > 0 && setup->decide[side]) {
                char why[SOLO_ERR_MAX];
                if (setup->decide[side] (setup->decide_arg[side], run.game,
                                         side, units, k, decisions, why,
                                         sizeof why) < 0)
                    run_fail (&run, "%s", why);
            }
            else if (k > 0 && (table_on_view[side]
                               || (table_class[side] && !log))) {
                /* the class "table" played here, as its decide does with
                   its own dice: on its side's tables (a variant), and in
                   no words when no log reads them (the words of every
                   order were a twentieth of a battle) */
                for (int i = 0; i < k; i++) {
                    if (view[side])
                        view_sync (view[side], game_situation (run.game));
                    decisions[i].unit = units[i];
                    decisions[i].why[0] = 0;
                    strategy_table_order_on (run.game, view[side], units[i],
                                             0, strategy_dice (strategy[side]),
                                             &decisions[i].order, NULL,
                                             log ? decisions[i].why : NULL,
                                             sizeof decisions[i].why);
                }
            }
            else if (k > 0)
                strategy_decide (strategy[side], run.game, side, units, k,
                                 decisions);
            for (int i = 0; i < k && !run.failed; i++)
                give_order (&run, decisions[i].unit, &decisions[i].order,
                            layer[side], decisions[i].why);
        }
        if (log) {
            run.resolving = true;
            run.phase_closed = false;
            run.resolve_turn = game_turn (run.game);
            run.resolve_phase = game_phase (run.game);
            snprintf (run.resolve_phase_name, sizeof run.resolve_phase_name,
                      "%s", game_phase_name (run.game));
        }
        run.dice = dice;
        game_resolve_phase (run.game, dice);
        run.dice = NULL;
        if (log) {
            /*  the phase's own dice, then what changed after the next
             *  phase's first event, which belongs to that phase */
            flush_dice (&run, dice);
            if (run.phase_closed)
                state_line (&run, false, game_turn (run.game),
                            game_phase (run.game), game_phase_name (run.game));
            close_phase (&run);
            run.resolving = false;
        }
        flush_dice (&run, dice);
    }
    if (run.failed) {
        snprintf (err, errlen, "%s", run.err);
        goto done;
    }
    game_result (run.game, &out->result);
    out->steps = game_steps (run.game);
    battle_line_t *line = add_line (&run, BATTLE_LINE_RESULT, -1);
    if (line) {
        const game_result_t *r = &out->result;
        snprintf (line->text, sizeof line->text, "%s after %d turn%s: %s. "
                  "Losses: blue %d killed, %d wounded, %d left the table "
                  "of %d; red %d killed, %d wounded, %d left the table "
                  "of %d", r->winner < 0 ? "a draw"
                  : r->winner == SIDE_BLUE ? "blue wins" : "red wins",
                  r->turns, r->turns == 1 ? "" : "s", r->reason,
                  r->killed[0], r->wounded[0], r->gone[0], r->figures[0],
                  r->killed[1], r->wounded[1], r->gone[1], r->figures[1]);
    }
    if (run.failed) {
        snprintf (err, errlen, "%s", run.err);
        goto done;
    }
    rc = 0;
done:
    for (int s = 0; s < SIDE_COUNT; s++) {
        strategy_destroy (&strategy[s]);
        strategy_destroy (&chooser_own[s]);
        situation_destroy (&view[s]);
        ruleset_destroy (&variant[s]);
    }
    game_destroy (&run.game);
    dice_destroy (&dice);
    free (units);
    free (group_roll);
    free (decided);
    free (rfd);
    free (decisions);
    free (run.last);
    return rc;
}

int
battle_play (const game_rules_t *rules, const scenario_t *scenario,
             const battle_setup_t *setup, battle_result_t *out,
             battle_log_t *log, char *err, int errlen)
{
    return run_battle (rules, scenario, setup, NULL, out, log, err, errlen);
}

/*  Line i of logs a and b the same in every field, unit states too. */
static bool
same_line (const battle_log_t *la, const battle_log_t *lb, int i)
{
    const battle_line_t *a = &la->lines[i], *b = &lb->lines[i];
    if (!(a->kind == b->kind && a->turn == b->turn && a->phase == b->phase
          && a->unit == b->unit && a->sides == b->sides
          && a->value == b->value && strcmp (a->layer, b->layer) == 0
          && (a->kind != BATTLE_LINE_DECISION || order_equal (&a->order,
                                                              &b->order))
          && strcmp (a->text, b->text) == 0
          && a->state_count == b->state_count))
        return false;
    for (int k = 0; k < a->state_count; k++)
        if (!same_state (&la->states[a->state_first + k],
                         &lb->states[b->state_first + k]))
            return false;
    return true;
}

int
battle_replay (const game_rules_t *rules, const scenario_t *scenario,
               const battle_log_t *log, battle_result_t *out, char *err,
               int errlen)
{
    assert (log && err && errlen > 0);
    if (log->count == 0 || log->lines[0].kind != BATTLE_LINE_START) {
        snprintf (err, errlen, "the log has no start line");
        return -1;
    }
    battle_setup_t setup = {
        .seed = log->seed,
        .strategy = { log->strategy[0], log->strategy[1] },
        .params = { log->params[0], log->params[1] } };
    battle_log_t *again = battle_log_new ();
    if (!again) {
        snprintf (err, errlen, "out of memory");
        return -1;
    }
    int rc = run_battle (rules, scenario, &setup, log, out, again, err, errlen);
    if (rc == 0) {
        int n = again->count < log->count ? again->count : log->count;
        char want[BATTLE_TEXT_MAX + 64], got[BATTLE_TEXT_MAX + 64];
        for (int i = 0; i < n && rc == 0; i++)
            if (!same_line (log, again, i)) {
                snprintf (err, errlen, "line %d differs: the log has [%.200s], "
                          "the replay [%.200s]", i + 1,
                          battle_line_format (&log->lines[i], want, sizeof want),
                          battle_line_format (&again->lines[i], got, sizeof got));
                rc = -1;
            }
        if (rc == 0 && again->count != log->count) {
            snprintf (err, errlen, "the log has %d lines, the replay %d",
                      log->count, again->count);
            rc = -1;
        }
    }
    battle_log_destroy (&again);
    return rc;
}
