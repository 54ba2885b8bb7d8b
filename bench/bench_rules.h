/*  bench_rules.h - the tables of every ruleset the benchmarks' scenarios
 *  name, loaded once each: those given with --tables first, else
 *  RULES_DIR/NAME/tables.cfg (run from the top of the source tree) when a
 *  scenario first asks.  Header only, like bench_common.h.
 */
#ifndef SOLO_BENCH_RULES_H
#define SOLO_BENCH_RULES_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "game.h"
#include "scenario.h"

#define MAX_RULESETS  8
#define MAX_SCENARIOS 16
#define RULES_DIR     "rules/data"

/*  The table files and scenarios a benchmark's command line names. */
typedef struct {
    const char *tables[MAX_RULESETS];
    int ntables;
    const char *paths[MAX_SCENARIOS];
    int npaths;
} bench_files_t;

/*  argv[*i] is "--tables FILE" or "--scenario FILE" (its value at
 *  argv[*i + 1], which the caller has checked is there): noted, *i moved
 *  onto the value, true.  False for any other option, or for one past
 *  MAX_RULESETS tables or MAX_SCENARIOS scenarios. */
static inline bool
bench_files_option (bench_files_t *f, char **argv, int *i)
{
    if (strcmp (argv[*i], "--tables") == 0 && f->ntables < MAX_RULESETS)
        f->tables[f->ntables++] = argv[++*i];
    else if (strcmp (argv[*i], "--scenario") == 0
             && f->npaths < MAX_SCENARIOS)
        f->paths[f->npaths++] = argv[++*i];
    else
        return false;
    return true;
}

typedef struct {
    game_rules_t *rules[MAX_RULESETS];
    int count;
    char err[512];
} rules_set_t;

/*  The loaded tables of the ruleset called `name`, or NULL. */
static inline game_rules_t *
rules_named (const rules_set_t *set, const char *name)
{
    for (int i = 0; i < set->count; i++)
        if (strcmp (ruleset_name (game_rules_ruleset (set->rules[i])), name)
            == 0)
            return set->rules[i];
    return NULL;
}

/*  A ruleset_finder_fn: the ruleset called `name`, loaded when new.
 *  NULL (the loader's error kept in set->err) when none can be. */
static inline const ruleset_t *
rules_finder (const char *name, void *arg)
{
    rules_set_t *set = arg;
    game_rules_t *r = rules_named (set, name);
    if (!r && set->count < MAX_RULESETS) {
        char path[512];
        snprintf (path, sizeof path, "%s/%s/tables.cfg", RULES_DIR, name);
        r = game_rules_load (path, set->err, sizeof set->err);
        if (r)
            set->rules[set->count++] = r;
    }
    return r ? game_rules_ruleset (r) : NULL;
}

/*  With no --scenario, the five scenarios of the first measurements:
 *  skirmish19's farm, cavalry and stream, Empire of Liberty's Freeman's
 *  Farm and Cowpens. */
static inline void
bench_files_default (bench_files_t *f)
{
    if (f->npaths > 0)
        return;
    f->paths[f->npaths++] = "rules/scenarios/farm.cfg";
    f->paths[f->npaths++] = "rules/scenarios/cavalry.cfg";
    f->paths[f->npaths++] = "rules/scenarios/stream.cfg";
    f->paths[f->npaths++] = "rules/scenarios/eol_freemans_farm.cfg";
    f->paths[f->npaths++] = "rules/scenarios/eol_cowpens.cfg";
}

/*  Load the table files `paths[0..n-1]` (the --tables of a benchmark)
 *  into `set`, ahead of those a scenario asks for.  0, or -1 with the
 *  error printed after `prog`. */
static inline int
rules_set_add_files (rules_set_t *set, const char *const *paths, int n,
                     const char *prog)
{
    for (int i = 0; i < n && set->count < MAX_RULESETS; i++) {
        game_rules_t *r = game_rules_load (paths[i], set->err,
                                           sizeof set->err);
        if (!r) {
            fprintf (stderr, "%s: %s\n", prog, set->err);
            return -1;
        }
        set->rules[set->count++] = r;
    }
    return 0;
}

/*  The scenario at `path` under its ruleset's tables (loaded into `set`
 *  when new), those tables into *rules.  NULL with the error printed
 *  after `prog`. */
static inline scenario_t *
rules_set_scenario (rules_set_t *set, const char *path,
                    const game_rules_t **rules, const char *prog)
{
    char err[512];
    set->err[0] = 0;
    scenario_t *sc = scenario_load (path, rules_finder, set, err, sizeof err);
    if (!sc) {
        fprintf (stderr, "%s: %s%s%s\n", prog, err, set->err[0] ? ": " : "",
                 set->err);
        return NULL;
    }
    *rules = rules_named (set, ruleset_name (situation_ruleset (
                                   scenario_situation (sc))));
    return sc;
}

#endif
