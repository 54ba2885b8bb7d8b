/*  arena.c - a worker's games: rules, scenarios, strategies.  */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "tour_arena.h"
#include "battle.h"

struct tour_arena_t {
    game_rules_t *rules;
    scenario_t **scenarios;
    int scenario_count;
    tour_spec_strategy_t *strategies;
    int strategy_count;
    bool keep_logs;
    battle_log_t *log;
    void *zmq_context;
};

static double
now_seconds (void)
{
    struct timespec ts;
    clock_gettime (CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

tour_arena_t *
tour_arena_new (const tour_arena_file_t *tables, const tour_arena_file_t *scenarios,
           int scenario_count, const tour_spec_strategy_t *strategies,
           int strategy_count, bool keep_logs, void *zmq_context, char *err,
           int errlen)
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
    self->scenarios = calloc ((size_t) (scenario_count > 0 ? scenario_count
                                        : 1), sizeof *self->scenarios);
    self->strategies = calloc ((size_t) (strategy_count > 0 ? strategy_count
                                         : 1), sizeof *self->strategies);
    self->log = battle_log_new ();
    if (!self->scenarios || !self->strategies || !self->log) {
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
tour_arena_new_spec (const tour_spec_t *spec, bool keep_logs, char *err, int errlen)
{
    int n = tour_spec_scenario_count (spec);
    tour_arena_file_t tables = { tour_spec_tables (spec)->path,
                            tour_spec_tables (spec)->text };
    tour_arena_file_t *scenarios = calloc ((size_t) (n > 0 ? n : 1),
                                      sizeof *scenarios);
    tour_spec_strategy_t *strategies = calloc ((size_t) tour_spec_strategy_count (spec),
                                          sizeof *strategies);
    tour_arena_t *self = NULL;
    if (!scenarios || !strategies)
        snprintf (err, errlen, "out of memory");
    else {
        for (int i = 0; i < n; i++) {
            scenarios[i].name = tour_spec_scenario (spec, i)->path;
            scenarios[i].text = tour_spec_scenario (spec, i)->text;
        }
        for (int i = 0; i < tour_spec_strategy_count (spec); i++)
            strategies[i] = *tour_spec_strategy (spec, i);
        self = tour_arena_new (&tables, scenarios, n, strategies,
                          tour_spec_strategy_count (spec), keep_logs, NULL, err,
                          errlen);
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
    for (int i = 0; i < self->scenario_count; i++)
        scenario_destroy (&self->scenarios[i]);
    free (self->scenarios);
    free (self->strategies);
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

/*  The log as one text (malloc'd). */
static char *
log_text (const battle_log_t *log)
{
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream (&text, &size);
    if (!f)
        return NULL;
    int rc = battle_log_print (log, f);
    if (fclose (f) != 0 || rc < 0) {
        free (text);
        return NULL;
    }
    return text;
}

int
tour_arena_play (tour_arena_t *self, const tour_arena_game_t *game, tour_game_t *out,
            char **log, char **decisions, char *err, int errlen)
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
    const tour_spec_strategy_t *side[SIDE_COUNT] = {
        &self->strategies[game->blue], &self->strategies[game->red] };
    battle_setup_t setup = { .seed = game->seed };
    for (int s = 0; s < SIDE_COUNT; s++) {
        if (tour_spec_strategy_external (side[s])) {
            snprintf (err, errlen, "strategy \"%s\" is external: not yet "
                      "played by this worker", side[s]->name);
            return -1;
        }
        setup.strategy[s] = side[s]->class_name;
        setup.params[s] = side[s]->params;
    }
    battle_result_t r;
    double start = now_seconds ();
    battle_log_t *blog = self->keep_logs ? self->log : NULL;
    if (battle_play (self->rules, self->scenarios[game->scenario], &setup, &r,
                     blog, err, errlen) < 0)
        return -1;
    out->seconds = now_seconds () - start;
    out->seed = game->seed;
    out->scenario = game->scenario;
    out->blue = game->blue;
    out->red = game->red;
    out->winner = r.result.winner;
    out->turns = r.result.turns;
    snprintf (out->reason, sizeof out->reason, "%s", r.result.reason);
    for (int s = 0; s < SIDE_COUNT; s++) {
        out->figures[s] = r.result.figures[s];
        out->killed[s] = r.result.killed[s];
        out->wounded[s] = r.result.wounded[s];
        out->gone[s] = r.result.gone[s];
    }
    out->forfeit_side = -1;
    snprintf (out->ruleset, sizeof out->ruleset, "%s", tour_arena_ruleset (self));
    snprintf (out->tables_hash, sizeof out->tables_hash, "%s",
              tour_arena_tables_hash (self));
    out->steps = r.steps;
    out->dice = r.dice;
    out->orders = r.decisions;
    *log = blog ? log_text (blog) : strdup ("");
    *decisions = strdup ("");
    if (!*log || !*decisions) {
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
