/*  serve_play.c - PlayBattle (a scenario played to its end between two
 *  strategies) and AskSide (the commander orders a whole side).  */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "battle.h"
#include "commander.h"
#include "games.h"
#include "pool.h"
#include "serve.h"
#include "strategy.h"

#define SIDE_MAX_COMMAND_LINES 64   /* command events kept for a reply */

static double
monotonic_ms (void)
{
    struct timespec now;
    clock_gettime (CLOCK_MONOTONIC, &now);
    return (double) now.tv_sec * 1000.0 + (double) now.tv_nsec / 1e6;
}

/*  "random, table, greedy, search" for messages; returns buf. */
static const char *
strategy_list (char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < strategy_class_count () && used < len; i++) {
        int n = snprintf (buf + used, len - used, "%s%s", i ? ", " : "",
                          strategy_class_at (i)->name);
        if (n < 0)
            break;
        used += (size_t) n;
    }
    return buf;
}

/*  The text of the scenario a request names, with its name for errors.
 *  `name` NULL: `text` is a scenario file's text.  malloc'd, or NULL
 *  with `error`. */
static char *
scenario_source (const handler_context_t *ctx, const char *name,
                 const char *text, const char *field, char *origin,
                 size_t origin_len, convert_error_t *error)
{
    if (name) {
        snprintf (origin, origin_len, "%s.cfg", name);
        return games_scenario_file (ctx->scenario_dir, name, field, error);
    }
    snprintf (origin, origin_len, "scenario_text");
    if (convert_has_include (text ? text : "")) {
        convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, field,
                      "@include is not allowed in a text sent to the daemon");
        return NULL;
    }
    char *copy = strdup (text ? text : "");
    if (!copy)
        convert_fail (error, SOLO__V1__ERROR__CODE__INTERNAL, field,
                      "out of memory");
    return copy;
}

/*  Pack a reply whose body a pool holds, then free the pool. */
static int
reply_from_pool (uint64_t id, Solo__V1__Reply *r, pool_t **pool,
                 handler_result_t *result, uint8_t **reply,
                 size_t *reply_len)
{
    int rc;
    if (pool_failed (*pool)) {
        convert_error_t error;
        convert_fail (&error, SOLO__V1__ERROR__CODE__INTERNAL, "",
                      "out of memory");
        rc = serve_error (id, &error, result, reply, reply_len);
    }
    else {
        r->id = id;
        rc = serve_pack_reply (r, reply, reply_len);
    }
    pool_destroy (pool);
    return rc;
}

/*  ---- PlayBattle ------------------------------------------------------- */

/*  Check one side's strategy and its parameters. */
static int
check_strategy (const char *side, const char *name, const char *params,
                convert_error_t *error)
{
    char field[CONVERT_FIELD_MAX], known[256];
    snprintf (field, sizeof field, "play_battle.%s", side);
    if (!name || !*name)
        return convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, field,
                             "name %s's strategy (%s)", side,
                             strategy_list (known, sizeof known));
    if (!strategy_class_find (name))
        return convert_fail (error, SOLO__V1__ERROR__CODE__UNKNOWN_STRATEGY,
                             field, "no strategy '%.48s' (known: %s)", name,
                             strategy_list (known, sizeof known));
    snprintf (field, sizeof field, "play_battle.%s_params", side);
    if (params && strlen (params) >= STRATEGY_PARAMS_MAX)
        return convert_fail (error, SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED,
                             field, "parameters of %zu bytes, at most %d",
                             strlen (params), STRATEGY_PARAMS_MAX - 1);
    /* a request must not make the daemon read a file it names: table
       variants play in tournaments, whose files are the runner's */
    char rest[STRATEGY_PARAMS_MAX], path[STRATEGY_TABLES_PATH_MAX];
    if (strategy_split_tables (params, rest, path) < 0 || path[0])
        return convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, field,
                             "\"tables\" is not taken here: a request may "
                             "not name a file for the daemon to read (table "
                             "variants play in tournaments)");
    char err[SOLO_ERR_MAX] = "";
    strategy_t *trial = strategy_new (name, params, 0, err, sizeof err);
    if (!trial)
        return convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, field,
                             "%s: %s", name, err);
    strategy_destroy (&trial);
    /* the commander's strategies: every decision within the limits Hello
       gives, so a battle's work is bounded */
    if (strcmp (name, "search") == 0 || strcmp (name, "greedy") == 0) {
        commander_settings_t cs;
        commander_settings_defaults (&cs);
        if (strcmp (name, "greedy") != 0
            && commander_settings_parse (params, &cs, err, sizeof err) == 0) {
            if (cs.budget_ms > SOLOD_BATTLE_MAX_DECISION_MS)
                return convert_fail (error,
                                     SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                                     field, "ms=%g, more than "
                                     "max_battle_decision_ms (%d)",
                                     cs.budget_ms,
                                     SOLOD_BATTLE_MAX_DECISION_MS);
            if (cs.budget_ms <= 0
                && (cs.playouts <= 0
                    || cs.playouts > SOLOD_BATTLE_MAX_PLAYOUTS))
                return convert_fail (error,
                                     SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                                     field, "playouts=%ld without a time "
                                     "budget, more than max_battle_playouts "
                                     "(%d)", cs.playouts,
                                     SOLOD_BATTLE_MAX_PLAYOUTS);
            if (cs.playouts > SOLOD_BATTLE_MAX_PLAYOUTS)
                return convert_fail (error,
                                     SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                                     field, "playouts=%ld, more than "
                                     "max_battle_playouts (%d)", cs.playouts,
                                     SOLOD_BATTLE_MAX_PLAYOUTS);
            if (cs.threads > SOLOD_MAX_SEARCH_THREADS)
                return convert_fail (error,
                                     SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                                     field, "threads=%d, more than "
                                     "max_search_threads (%d)", cs.threads,
                                     SOLOD_MAX_SEARCH_THREADS);
        }
    }
    return 0;
}

static const char *
line_kind_name (battle_line_kind_t kind)
{
    static const char *names[] = { "start", "die", "decision", "event",
                                   "result", "state" };
    return (int) kind >= 0 && kind <= BATTLE_LINE_STATE ? names[kind] : "?";
}

/*  The unit states of line i of `log` into m->units, in `pool`.  0, or
 *  -1 out of memory. */
static int
log_line_states (Solo__V1__LogLine *m, const battle_log_t *log, int i,
                 const situation_t *sit, pool_t *pool)
{
    int count;
    const battle_unit_state_t *st = battle_log_states (log, i, &count);
    if (count == 0)
        return 0;
    m->units = pool_alloc (pool, (size_t) count * sizeof *m->units);
    if (!m->units)
        return -1;
    for (int k = 0; k < count; k++) {
        Solo__V1__LogUnitState *u = pool_alloc (pool, sizeof *u);
        Solo__V1__Point *centre = pool_alloc (pool, sizeof *centre);
        if (!u || !centre)
            return -1;
        solo__v1__log_unit_state__init (u);
        solo__v1__point__init (centre);
        u->unit_id = (char *) situation_unit_const (sit, st[k].unit)->id;
        centre->x = st[k].centre.x;
        centre->y = st[k].centre.y;
        u->centre = centre;
        u->facing = st[k].facing;
        u->wounded = st[k].wounded > 0 ? (uint32_t) st[k].wounded : 0;
        u->killed = st[k].killed > 0 ? (uint32_t) st[k].killed : 0;
        u->in_play = st[k].in_play;
        m->units[m->n_units++] = u;
    }
    return 0;
}

/*  One line of the log as a LogLine in `pool`. */
static Solo__V1__LogLine *
log_line_message (const battle_line_t *line, const situation_t *sit,
                  pool_t *pool)
{
    Solo__V1__LogLine *m = pool_alloc (pool, sizeof *m);
    if (!m)
        return NULL;
    solo__v1__log_line__init (m);
    m->kind = (char *) line_kind_name (line->kind);
    m->turn = line->turn > 0 ? (uint32_t) line->turn : 0;
    m->phase = line->phase > 0 ? (uint32_t) line->phase : 0;
    m->phase_name = pool_strdup (pool, line->phase_name);
    m->unit_id = line->unit >= 0 && line->unit < situation_unit_count (sit)
               ? pool_strdup (pool, situation_unit_const (sit, line->unit)->id)
               : (char *) "";
    m->layer = pool_strdup (pool, line->layer);
    const char *text = line->text;
    m->event = (char *) "";
    if (line->kind == BATTLE_LINE_EVENT) {
        /*  The rules' event lines read "KIND: words". */
        for (int k = 0; k < GAME_EVENT_KIND_COUNT; k++) {
            const char *kind = game_event_kind_name ((game_event_kind_t) k);
            size_t len = strlen (kind);
            if (strncmp (text, kind, len) == 0 && text[len] == ':'
            &&  text[len + 1] == ' ') {
                m->event = (char *) kind;
                text += len + 2;
                break;
            }
        }
    }
    m->text = pool_strdup (pool, text);
    if (line->kind == BATTLE_LINE_DIE) {
        Solo__V1__Die *die = pool_alloc (pool, sizeof *die);
        m->dice = pool_alloc (pool, sizeof *m->dice);
        if (!die || !m->dice)
            return NULL;
        solo__v1__die__init (die);
        die->sides = (uint32_t) line->sides;
        die->value = (uint32_t) line->value;
        m->dice[0] = die;
        m->n_dice = 1;
    }
    return m;
}

/*  The BattleResult of a battle played. */
static Solo__V1__BattleResult *
battle_message (const scenario_t *sc, const battle_setup_t *setup,
                const battle_result_t *res, const battle_log_t *log,
                double elapsed_ms, pool_t *pool)
{
    const situation_t *sit = scenario_situation (sc);
    const ruleset_t *rs = situation_ruleset (sit);
    const game_result_t *gr = &res->result;
    Solo__V1__BattleResult *m = pool_alloc (pool, sizeof *m);
    if (!m)
        return NULL;
    solo__v1__battle_result__init (m);
    m->scenario = pool_strdup (pool, scenario_name (sc));
    m->title = pool_strdup (pool, scenario_title (sc));
    m->winner = (char *) (gr->winner >= 0 ? side_name ((side_t) gr->winner)
                                          : "");
    m->winner_name = pool_strdup (pool, gr->winner >= 0
                                  ? scenario_side_name (sc,
                                                        (side_t) gr->winner)
                                  : "");
    m->turns = (uint32_t) gr->turns;
    m->reason = pool_strdup (pool, gr->reason);
    m->seed = res->seed;
    m->ruleset = pool_strdup (pool, ruleset_name (rs));
    m->tables_hash = pool_strdup (pool, ruleset_tables_hash (rs));
    m->steps = res->steps;
    m->dice = (uint32_t) res->dice;
    m->decisions = (uint32_t) res->decisions;
    m->table_decisions = (uint32_t) res->table_decisions;
    m->elapsed_ms = elapsed_ms;
    m->sides = pool_alloc (pool, SIDE_COUNT * sizeof *m->sides);
    if (!m->sides)
        return NULL;
    for (int s = 0; s < SIDE_COUNT; s++) {
        Solo__V1__SideResult *r = pool_alloc (pool, sizeof *r);
        if (!r)
            return NULL;
        solo__v1__side_result__init (r);
        r->side = (Solo__V1__Side) s;
        r->name = pool_strdup (pool, scenario_side_name (sc, (side_t) s));
        r->strategy = pool_strdup (pool, setup->strategy[s]);
        r->params = pool_strdup (pool, setup->params[s]);
        r->figures = (uint32_t) gr->figures[s];
        r->killed = (uint32_t) gr->killed[s];
        r->wounded = (uint32_t) gr->wounded[s];
        r->gone = (uint32_t) gr->gone[s];
        r->units_left = (uint32_t) gr->units_left[s];
        r->objective_value = (uint32_t) gr->objective_value[s];
        r->tables_hash = pool_strdup (pool, res->tables_hash[s]);
        m->sides[m->n_sides++] = r;
    }
    if (log) {
        int count = battle_log_count (log);
        int kept = count < SOLOD_BATTLE_LOG_MAX ? count : SOLOD_BATTLE_LOG_MAX;
        m->log_lines = (uint32_t) count;
        m->log_truncated = kept < count;
        m->log = pool_alloc (pool, (size_t) (kept ? kept : 1)
                                   * sizeof *m->log);
        if (!m->log)
            return NULL;
        for (int i = 0; i < kept; i++) {
            m->log[i] = log_line_message (battle_log_line (log, i), sit, pool);
            if (!m->log[i] || log_line_states (m->log[i], log, i, sit, pool))
                return NULL;
            m->n_log++;
        }
    }
    return m;
}

/*  True once the daemon is stopping (arg: its atomic_bool): polled by
 *  searches and battles so a shutdown never waits for them. */
static bool
stop_requested (void *arg)
{
    const atomic_bool *stopping = arg;
    return stopping && atomic_load (stopping);
}

int
serve_play_battle (const handler_context_t *ctx, uint64_t id,
                   const Solo__V1__PlayBattle *msg, uint64_t seed,
                   handler_result_t *result, uint8_t **reply,
                   size_t *reply_len)
{
    convert_error_t error;
    char origin[GAMES_NAME_MAX + 8];
    char *text = NULL;
    if (msg->source_case == SOLO__V1__PLAY_BATTLE__SOURCE_SCENARIO)
        text = scenario_source (ctx, msg->scenario, NULL,
                                "play_battle.scenario", origin, sizeof origin,
                                &error);
    else if (msg->source_case == SOLO__V1__PLAY_BATTLE__SOURCE_SCENARIO_TEXT)
        text = scenario_source (ctx, NULL, msg->scenario_text,
                                "play_battle.scenario_text", origin,
                                sizeof origin, &error);
    else {
        char known[256];
        convert_fail (&error, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                      "play_battle.source", "give a scenario (%s) or a "
                      "scenario_text",
                      games_scenario_list (ctx->scenario_dir, known,
                                           sizeof known));
    }
    if (!text)
        return serve_error (id, &error, result, reply, reply_len);
    const char *field = msg->source_case
                        == SOLO__V1__PLAY_BATTLE__SOURCE_SCENARIO
                      ? "play_battle.scenario" : "play_battle.scenario_text";
    const game_rules_t *rules = NULL;
    scenario_t *sc = games_load_scenario (ctx->catalog, text, origin, field,
                                          &rules, &error);
    free (text);
    if (!sc)
        return serve_error (id, &error, result, reply, reply_len);
    if (check_strategy ("blue", msg->blue, msg->blue_params, &error)
    ||  check_strategy ("red", msg->red, msg->red_params, &error)) {
        scenario_destroy (&sc);
        return serve_error (id, &error, result, reply, reply_len);
    }
    battle_setup_t setup = {
        .seed = msg->has_seed ? msg->seed : seed,
        .strategy = { msg->blue, msg->red },
        .params = { msg->blue_params ? msg->blue_params : "",
                    msg->red_params ? msg->red_params : "" },
    };
    /* the daemon's shutdown stops a battle between phases and cuts its
       searches short, so SIGTERM never waits for a long battle */
    setup.stop = stop_requested;
    setup.stop_arg = (void *) ctx->stopping;
    battle_log_t *log = msg->with_log ? battle_log_new () : NULL;
    battle_result_t res;
    char err[SOLO_ERR_MAX] = "";
    double start = monotonic_ms ();
    int rc = (msg->with_log && !log)
           ? -1 : battle_play (rules, sc, &setup, &res, log, err, sizeof err);
    double elapsed = monotonic_ms () - start;
    if (rc && stop_requested ((void *) ctx->stopping))
        convert_fail (&error, SOLO__V1__ERROR__CODE__BUSY, "play_battle",
                      "the daemon is stopping: %s", err);
    else if (rc)
        convert_fail (&error, SOLO__V1__ERROR__CODE__INTERNAL, "play_battle",
                      "the battle could not be played: %s",
                      err[0] ? err : "out of memory");
    if (rc) {
        battle_log_destroy (&log);
        scenario_destroy (&sc);
        return serve_error (id, &error, result, reply, reply_len);
    }
    pool_t *pool = pool_new ();
    if (!pool) {
        battle_log_destroy (&log);
        scenario_destroy (&sc);
        return -1;
    }
    Solo__V1__Reply r = SOLO__V1__REPLY__INIT;
    r.body_case = SOLO__V1__REPLY__BODY_BATTLE_RESULT;
    r.battle_result = battle_message (sc, &setup, &res, log, elapsed, pool);
    rc = reply_from_pool (id, &r, &pool, result, reply, reply_len);
    battle_log_destroy (&log);
    scenario_destroy (&sc);
    return rc;
}

/*  ---- AskSide ---------------------------------------------------------- */

/*  The command events of one side, collected while the command dice are
 *  thrown. */
typedef struct {
    int side;
    int count;
    char lines[SIDE_MAX_COMMAND_LINES][GAME_EVENT_MAX];
    const game_t *game;
} command_log_t;

static void
collect_command (void *arg, const game_event_t *event)
{
    command_log_t *log = arg;
    if (event->kind != GAME_EVENT_COMMAND || log->count == SIDE_MAX_COMMAND_LINES)
        return;
    if (event->unit >= 0
    &&  (int) situation_unit_const (game_situation (log->game),
                                    event->unit)->side != log->side)
        return;
    snprintf (log->lines[log->count++], GAME_EVENT_MAX, "%s", event->text);
}

/*  True when a unit of `side` waits for an order in g's phase: a phase
 *  of the side's where none does (4 Page Bolivar's reactive player
 *  shoots with no enemy in range) has nothing to ask. */
static bool
side_waits (const game_t *g, int side)
{
    for (int u = 0; u < game_unit_count (g); u++)
        if ((int) situation_unit_const (game_situation (g), u)->side == side
            && game_needs_order (g, u))
            return true;
    return false;
}

/*  Play `g` (a copy of the game as reported, at the start of its turn)
 *  on to the first phase where `side` takes orders (a unit of it waits
 *  for one): the command dice of both sides are thrown (collected into
 *  `command`), and the phases of the other side before it pass with
 *  every unit holding and firing at nothing, for their moves and
 *  shooting are on the table already.  The status flags the player
 *  reported (ran last turn, retreating, fired) stand for this turn: the
 *  command dice read them as reported (an engine takes the statuses of a
 *  scenario or a report, game_refresh, as holding for the turn), and they
 *  are put back after the command step for an engine that clears them
 *  there.  0, or -1 with `error`. */
static int
reach_side_phase (game_t *g, const game_t *reported, int side, dice_t *dice,
                  command_log_t *command, convert_error_t *error)
{
    const uint32_t kept = STATUS_RAN_LAST_TURN | STATUS_RETREATING_FROM_MELEE
                        | STATUS_FIRED;
    if (game_over (g))
        return convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                             "ask_side", "the game is over");
    command->game = g;
    game_set_events (g, collect_command, command);
    game_begin_phase (g, dice);
    game_set_events (g, NULL, NULL);
    const situation_t *before = game_situation (reported);
    situation_t *now = game_situation_mut (g);
    for (int u = 0; u < game_unit_count (g); u++)
        situation_unit (now, u)->status |=
            situation_unit_const (before, u)->status & kept;
    for (int guard = 0; guard < GAME_MAX_PHASES; guard++) {
        game_resolve_phase (g, dice);
        if (game_over (g))
            break;
        game_begin_phase (g, dice);
        if (game_phase_side (g) == side && side_waits (g, side))
            return 0;
    }
    return convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                         "ask_side.side", "side %s takes no orders in this "
                         "turn", side_name ((side_t) side));
}

/*  Settings of the commander from an AskSide. */
static int
side_settings (const Solo__V1__AskSide *msg, uint64_t seed,
               commander_settings_t *s, convert_error_t *error)
{
    char err[SOLO_ERR_MAX] = "";
    commander_settings_defaults (s);
    const char *strategy = msg->strategy && *msg->strategy ? msg->strategy
                                                           : "search";
    s->algorithm = strcmp (strategy, "greedy") == 0 ? COMMANDER_GREEDY
                                                    : COMMANDER_SEARCH;
    if (msg->difficulty && *msg->difficulty
    &&  commander_difficulty_apply (msg->difficulty, s)) {
        char known[128] = "";
        for (int i = 0; commander_difficulty_name (i); i++)
            snprintf (known + strlen (known), sizeof known - strlen (known),
                      "%s%s", i ? ", " : "", commander_difficulty_name (i));
        return convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                             "ask_side.difficulty", "no difficulty '%.40s' "
                             "(known: %s)", msg->difficulty, known);
    }
    if (msg->personality && *msg->personality
    &&  commander_personality_apply (msg->personality, s)) {
        char known[128] = "";
        for (int i = 0; commander_personality_name (i); i++)
            snprintf (known + strlen (known), sizeof known - strlen (known),
                      "%s%s", i ? ", " : "", commander_personality_name (i));
        return convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                             "ask_side.personality", "no personality "
                             "'%.40s' (known: %s)", msg->personality, known);
    }
    if (msg->budget_ms > SOLOD_SIDE_MAX_BUDGET_MS)
        return convert_fail (error, SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                             "ask_side.budget_ms", "%u ms, more than "
                             "max_budget_ms (%d)", msg->budget_ms,
                             SOLOD_SIDE_MAX_BUDGET_MS);
    if (msg->playouts > (uint64_t) SOLOD_SIDE_MAX_PLAYOUTS)
        return convert_fail (error, SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                             "ask_side.playouts", "%llu playouts, more than "
                             "max_playouts (%d)",
                             (unsigned long long) msg->playouts,
                             SOLOD_SIDE_MAX_PLAYOUTS);
    if (msg->budget_ms || msg->playouts) {
        s->budget_ms = msg->budget_ms;
        s->playouts = (long) msg->playouts;
    }
    /* playouts alone (no time budget) still end by max_budget_ms: every
       request's work is bounded (the answer then says it was stopped) */
    if (s->budget_ms <= 0 || s->budget_ms > SOLOD_SIDE_MAX_BUDGET_MS)
        s->budget_ms = SOLOD_SIDE_MAX_BUDGET_MS;
    if (msg->has_aggression) {
        if (!(msg->aggression >= 0 && msg->aggression <= 1))
            return convert_fail (error, SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                                 "ask_side.aggression", "%g is not in 0..1",
                                 msg->aggression);
        s->personality.aggression = msg->aggression;
    }
    if (msg->has_caution) {
        if (!(msg->caution >= 0 && msg->caution <= 1))
            return convert_fail (error, SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                                 "ask_side.caution", "%g is not in 0..1",
                                 msg->caution);
        s->personality.caution = msg->caution;
    }
    s->seed = seed;
    if (commander_settings_check (s, err, sizeof err))
        return convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                             "ask_side", "%s", err);
    return 0;
}

/*  The table layer for every unit of `side` waiting for an order: the
 *  die the player reported for a unit this turn (rolls[u], 0 none; NULL:
 *  none), else the daemon's. */
static int
table_orders (game_t *g, int side, dice_t *dice, const uint8_t *rolls,
              commander_result_t *out, convert_error_t *error)
{
    int n = game_unit_count (g);
    memset (out, 0, sizeof *out);
    out->side = side;
    out->turn = game_turn (g);
    out->phase = game_phase (g);
    out->value = 0.5;
    out->orders = calloc ((size_t) (n ? n : 1), sizeof *out->orders);
    rf_decision_t *decision = calloc (1, sizeof *decision);
    if (!out->orders || !decision) {
        free (decision);
        return convert_fail (error, SOLO__V1__ERROR__CODE__INTERNAL,
                             "ask_side", "out of memory");
    }
    for (int u = 0; u < n; u++) {
        if (!game_needs_order (g, u)
        ||  (int) situation_unit_const (game_situation (g), u)->side != side)
            continue;
        commander_order_t *o = &out->orders[out->order_count++];
        o->unit = u;
        o->layer = COMMANDER_LAYER_TABLE;
        int roll = rolls ? rolls[u] : 0;
        if (strategy_table_order_from (g, NULL, u, roll, STRATEGY_ROLL_PLAYER,
                                       dice, &o->order, decision, o->why,
                                       sizeof o->why) == 0)
            snprintf (o->choice, sizeof o->choice, "%s",
                      rf_action_name (decision->action));
        else
            snprintf (o->choice, sizeof o->choice, "hold");
    }
    free (decision);
    if (out->order_count == 0)
        return convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                             "ask_side.side", "no unit of side %s takes an "
                             "order now", side_name ((side_t) side));
    return 0;
}

/*  How far unit o->unit goes this turn at most on its order's pace (a
 *  full move in the open, in the formation it moves in): the words for
 *  the table say no more than that, where the order's point lies
 *  further. */
static double
turn_reach (const game_t *g, const commander_order_t *o)
{
    const char *pace = o->order.pace == ORDER_PACE_DEFAULT
                     ? NULL : order_pace_name (o->order.pace);
    return game_move_cm (g, o->unit, pace);
}

/*  One order as a SideUnitOrder. */
static Solo__V1__SideUnitOrder *
order_message (const commander_order_t *o, const game_t *g, pool_t *pool)
{
    const situation_t *sit = game_situation (g);
    Solo__V1__SideUnitOrder *m = pool_alloc (pool, sizeof *m);
    if (!m)
        return NULL;
    solo__v1__side_unit_order__init (m);
    char words[256];
    m->unit_id = pool_strdup (pool, situation_unit_const (sit, o->unit)->id);
    m->layer = (char *) commander_layer_name (o->layer);
    m->kind = (char *) order_kind_name (o->order.kind);
    m->text = pool_strdup (pool, o->waits
                                 ? "waits for a later activation"
                                 : order_describe (&o->order, sit, words,
                                                   sizeof words));
    m->tabletop = pool_strdup (pool, o->waits
                                     ? "leave it as it stands: another unit "
                                       "acts now"
                                     : order_tabletop_turn (
                                           &o->order, sit, o->unit,
                                           turn_reach (g, o), words,
                                           sizeof words));
    if (o->order.has_to) {
        m->has_destination = true;
        m->destination = pool_alloc (pool, sizeof *m->destination);
        if (!m->destination)
            return NULL;
        solo__v1__point__init (m->destination);
        m->destination->x = o->order.to.x;
        m->destination->y = o->order.to.y;
    }
    m->has_facing = o->order.has_facing;
    m->facing = o->order.facing;
    m->pace = (char *) (o->order.pace == ORDER_PACE_DEFAULT
                        ? "" : order_pace_name (o->order.pace));
    m->target_id = o->order.target >= 0
                   && o->order.target < situation_unit_count (sit)
                 ? pool_strdup (pool, situation_unit_const (
                                          sit, o->order.target)->id)
                 : (char *) "";
    m->charge = o->order.kind == ORDER_CHARGE;
    m->fire = o->order.fire || o->order.kind == ORDER_FIRE;
    m->choice = pool_strdup (pool, o->choice);
    m->why = pool_strdup (pool, o->why);
    m->has_formation = o->order.has_formation;
    if (o->order.has_formation)
        m->formation = convert_formation_message (o->order.formation);
    return m;
}

/*  The SideOrders reply body. */
static Solo__V1__SideOrders *
side_message (const commander_result_t *res, const game_t *g,
              const char *strategy, const commander_settings_t *settings,
              const command_log_t *command, const char *game_id, int turn,
              uint64_t seed, double elapsed_ms, pool_t *pool)
{
    const scenario_t *sc = game_scenario (g);
    const ruleset_t *rs = situation_ruleset (game_situation (g));
    Solo__V1__SideOrders *m = pool_alloc (pool, sizeof *m);
    Solo__V1__SearchFigures *f = pool_alloc (pool, sizeof *f);
    if (!m || !f)
        return NULL;
    solo__v1__side_orders__init (m);
    solo__v1__search_figures__init (f);
    m->side = (Solo__V1__Side) res->side;
    m->side_name = pool_strdup (pool, scenario_side_name (sc,
                                                          (side_t) res->side));
    m->game_id = pool_strdup (pool, game_id);
    m->turn = (uint32_t) turn;
    char phase[GAME_EVENT_MAX];
    m->phase = pool_strdup (pool, game_phase_title (g, phase, sizeof phase));
    m->ruleset = pool_strdup (pool, ruleset_name (rs));
    m->tables_hash = pool_strdup (pool, ruleset_tables_hash (rs));
    m->seed = seed;
    m->warnings = convert_overlap_warnings (game_situation (g), -1,
                                            pool_alloc_for, pool,
                                            &m->n_warnings);
    m->commanded = (uint32_t) res->commanded;
    m->orders = pool_alloc (pool, (size_t) (res->order_count ? res->order_count
                                                             : 1)
                                  * sizeof *m->orders);
    m->command_roll = pool_alloc (pool, (size_t) (command->count
                                                  ? command->count : 1)
                                        * sizeof *m->command_roll);
    if (!m->orders || !m->command_roll)
        return NULL;
    for (int i = 0; i < res->order_count; i++) {
        m->orders[i] = order_message (&res->orders[i], g, pool);
        if (!m->orders[i])
            return NULL;
        m->n_orders++;
    }
    for (int i = 0; i < command->count; i++)
        m->command_roll[m->n_command_roll++] = pool_strdup (pool,
                                                            command->lines[i]);
    f->strategy = pool_strdup (pool, strategy);
    f->playouts = (uint64_t) (res->playouts > 0 ? res->playouts : 0);
    f->elapsed_ms = elapsed_ms;
    f->value = res->value;
    f->plans = (uint64_t) (res->plans > 0 ? res->plans : 0);
    f->stopped = res->stopped;
    f->plans_alike = res->plans_alike;
    f->verdict = pool_strdup (pool, res->verdict);
    f->hidden = (uint32_t) (res->hidden > 0 ? res->hidden : 0);
    f->remembered = (uint32_t) (res->remembered > 0 ? res->remembered : 0);
    f->aggression = settings->personality.aggression;
    f->caution = settings->personality.caution;
    f->budget_ms = settings->budget_ms;
    f->playout_budget = (uint64_t) (settings->playouts > 0
                                    ? settings->playouts : 0);
    int alternatives = res->alternative_count;
    f->alternatives = pool_alloc (pool, (size_t) (alternatives ? alternatives
                                                               : 1)
                                        * sizeof *f->alternatives);
    if (!f->alternatives)
        return NULL;
    for (int i = 0; i < alternatives; i++) {
        Solo__V1__Alternative *a = pool_alloc (pool, sizeof *a);
        if (!a)
            return NULL;
        solo__v1__alternative__init (a);
        a->visits = (uint64_t) (res->alternatives[i].visits > 0
                                ? res->alternatives[i].visits : 0);
        a->value = res->alternatives[i].value;
        a->plan = pool_strdup (pool, res->alternatives[i].plan);
        f->alternatives[f->n_alternatives++] = a;
    }
    m->search = f;
    return m;
}

/*  The game an AskSide is about, as it stands (a copy owned by the
 *  caller), with its scenario: borrowed from the open game (pinned into
 *  *pinned until the answer is made) or loaded into *own_scenario. */
static table_state_t *
side_game (const handler_context_t *ctx, const Solo__V1__AskSide *msg,
           gamestore_game_t **pinned, scenario_t **own_scenario,
           char *game_id, convert_error_t *error)
{
    char *text = NULL;
    char origin[GAMES_NAME_MAX + 8] = "situation_text";
    const char *field = "ask_side.source";
    switch (msg->source_case) {
    case SOLO__V1__ASK_SIDE__SOURCE_GAME_ID: {
        field = "ask_side.game_id";
        gamestore_game_t *game = ctx->games && msg->game_id && *msg->game_id
                               ? gamestore_acquire (ctx->games, msg->game_id)
                               : NULL;
        if (!game) {
            convert_fail (error, SOLO__V1__ERROR__CODE__UNKNOWN_GAME, field,
                          "no open game '%.80s'",
                          msg->game_id ? msg->game_id : "");
            return NULL;
        }
        table_state_t *copy = table_state_dup (gamestore_game_state (game));
        snprintf (game_id, GAMESTORE_ID_MAX, "%s", gamestore_game_id (game));
        if (copy) {
            gamestore_pin (ctx->games, game);
            *pinned = game;
        }
        gamestore_release (ctx->games, game);
        if (!copy)
            convert_fail (error, SOLO__V1__ERROR__CODE__INTERNAL, field,
                          "out of memory");
        return copy;
    }
    case SOLO__V1__ASK_SIDE__SOURCE_SCENARIO:
        field = "ask_side.scenario";
        text = scenario_source (ctx, msg->scenario, NULL, field, origin,
                                sizeof origin, error);
        break;
    case SOLO__V1__ASK_SIDE__SOURCE_SITUATION_TEXT:
        field = "ask_side.situation_text";
        text = games_text_from_situation_text (msg->situation_text, 0, field,
                                               error);
        break;
    case SOLO__V1__ASK_SIDE__SOURCE_SITUATION:
        field = "ask_side.situation";
        snprintf (origin, GAMES_NAME_MAX, "situation");
        text = games_text_from_situation (msg->situation, ctx->catalog, 0,
                                          field, error);
        break;
    default:
        convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, field,
                      "give a game_id, a scenario, a situation_text or a "
                      "situation");
    }
    if (!text)
        return NULL;
    const game_rules_t *rules = NULL;
    *own_scenario = games_load_scenario (ctx->catalog, text, origin, field,
                                         &rules, error);
    free (text);
    if (!*own_scenario)
        return NULL;
    char err[SOLO_ERR_MAX];
    table_state_t *state = table_state_new (rules, *own_scenario, err,
                                            sizeof err);
    if (!state)
        convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, field, "%s",
                      err);
    return state;
}

int
serve_ask_side (const handler_context_t *ctx, uint64_t id,
                const Solo__V1__AskSide *msg, uint64_t daemon_seed,
                handler_result_t *result, uint8_t **reply, size_t *reply_len)
{
    convert_error_t error;
    const char *strategy = msg->strategy && *msg->strategy ? msg->strategy
                                                           : "search";
    if (strcmp (strategy, "search") && strcmp (strategy, "greedy")
    &&  strcmp (strategy, "table")) {
        convert_fail (&error, SOLO__V1__ERROR__CODE__UNKNOWN_STRATEGY,
                      "ask_side.strategy", "no strategy '%.48s' for a side "
                      "(known: search, greedy, table)", strategy);
        return serve_error (id, &error, result, reply, reply_len);
    }
    if ((int) msg->side < 0 || (int) msg->side >= SIDE_COUNT) {
        convert_fail (&error, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                      "ask_side.side", "%d is not a side (0 blue, 1 red)",
                      (int) msg->side);
        return serve_error (id, &error, result, reply, reply_len);
    }
    uint64_t seed = msg->has_seed ? msg->seed : daemon_seed;
    commander_settings_t settings;
    if (side_settings (msg, seed, &settings, &error))
        return serve_error (id, &error, result, reply, reply_len);

    gamestore_game_t *pinned = NULL;
    scenario_t *own_scenario = NULL;
    char game_id[GAMESTORE_ID_MAX] = "";
    table_state_t *state = side_game (ctx, msg, &pinned, &own_scenario,
                                      game_id, &error);
    if (!state) {
        scenario_destroy (&own_scenario);
        return serve_error (id, &error, result, reply, reply_len);
    }
    double start = monotonic_ms ();
    int side = (int) msg->side;
    dice_t *dice = dice_new (seed);
    game_t *g = game_dup (state->game);
    command_log_t *command = calloc (1, sizeof *command);
    commander_result_t res;
    memset (&res, 0, sizeof res);
    int rc = dice && g && command ? 0
           : convert_fail (&error, SOLO__V1__ERROR__CODE__INTERNAL,
                           "ask_side", "out of memory");
    if (rc == 0) {
        command->side = side;
        rc = reach_side_phase (g, state->game, side, dice, command, &error);
    }
    /* the dice the player reported this turn, as AskUnit in a game uses
       them (a situation or scenario has none) */
    const uint8_t *rolls = state->rolls && game_turn (g) == state->turn
                         ? state->rolls : NULL;
    if (rc == 0 && strcmp (strategy, "table") == 0)
        rc = table_orders (g, side, dice, rolls, &res, &error);
    else if (rc == 0) {
        char err[SOLO_ERR_MAX] = "";
        commander_t *commander = commander_new (&settings, err, sizeof err);
        if (!commander)
            rc = convert_fail (&error, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                               "ask_side", "%s", err);
        else {
            commander_set_stop (commander, stop_requested,
                                (void *) ctx->stopping);
            commander_set_player_rolls (commander, rolls,
                                        game_unit_count (g));
            if (commander_ask_side (commander, g, side, dice, &res, err,
                                    sizeof err))
                rc = convert_fail (&error, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                                   "ask_side.side", "%s", err);
            commander_destroy (&commander);
        }
    }
    double elapsed = monotonic_ms () - start;
    if (rc == 0) {
        pool_t *pool = pool_new ();
        if (!pool)
            rc = -1;
        else {
            Solo__V1__Reply r = SOLO__V1__REPLY__INIT;
            r.body_case = SOLO__V1__REPLY__BODY_SIDE_ORDERS;
            r.side_orders = side_message (&res, g, strategy, &settings,
                                          command, game_id, state->turn, seed,
                                          elapsed, pool);
            rc = reply_from_pool (id, &r, &pool, result, reply, reply_len);
        }
    }
    else
        rc = serve_error (id, &error, result, reply, reply_len);
    commander_result_free (&res);
    free (command);
    game_destroy (&g);
    dice_destroy (&dice);
    table_state_destroy (&state);
    scenario_destroy (&own_scenario);
    if (pinned)
        gamestore_unpin (ctx->games, pinned);
    return rc;
}
