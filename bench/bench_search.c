/*  bench_search.c - the commander's search speed: playouts per second on
 *  one and on two threads, and how late its answers come, over positions
 *  taken from battles of the actions tables on every scenario.
 *
 *  usage: bench_search [--tables FILE]... [--scenario FILE]... [--ms M]
 *                      [--positions N] [--endpoint X (ignored)]
 *         bench_search --converge [--tables FILE]... [--scenario FILE]...
 *                      [--positions N] [--seeds S] [--reference P]
 *                      [--params "key=value,..."]
 *  Defaults: the source tree's five scenarios, each under its own
 *  ruleset's tables (rules/data/RULESET/tables.cfg, or a --tables file
 *  of that ruleset), run from the top of the tree; 100 ms a decision;
 *  6 positions per scenario.  Besides the whole, each scenario's
 *  playouts per CPU second on one thread: what a playout budget is worth
 *  in time there.
 *
 *  --converge: how the answers settle as the budget grows, not the
 *  speed.  On each position the search answers at 500, 1,000, 2,000,
 *  4,000 and 8,000 playouts (those below the reference), on S seeds
 *  each (default 4), and once at the reference budget P (default
 *  32,000) on a seed of its own; each budget's line gives the share of
 *  the commanded units whose option is the reference's, and the share
 *  whose option is the same on two seeds at that budget.  A search whose
 *  answers still move towards the reference's profits from more playouts
 *  only if the reference's answers are the better ones: this tells
 *  apart a search that has settled from one that is still choosing.
 *  --params adds commander settings ("later=1,tree=halving");
 *  CONVERGE_VERBOSE=1 in the environment prints every answer's plans.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "commander.h"
#include "bench_rules.h"

static double
now (void)
{
    struct timespec ts;
    clock_gettime (CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/*  CPU seconds this process has spent, all threads. */
static double
cpu_now (void)
{
    struct timespec ts;
    clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int
usage (void)
{
    fprintf (stderr, "usage: bench_search [--tables FILE] [--scenario FILE]"
             "... [--ms M] [--positions N]\n"
             "       bench_search --converge [--tables FILE] [--scenario "
             "FILE]... [--positions N] [--seeds S] [--reference P] "
             "[--params SETTINGS]\n");
    return 2;
}

/*  The first field of /proc/loadavg, or "?" */
static const char *
load_average (void)
{
    static char buf[32] = "?";
    FILE *f = fopen ("/proc/loadavg", "r");
    if (f) {
        if (fscanf (f, "%31s", buf) != 1)
            snprintf (buf, sizeof buf, "?");
        fclose (f);
    }
    return buf;
}

/*  Give every unit waiting in this phase its actions-table order. */
static void
table_phase (game_t *g, dice_t *dice)
{
    char err[SOLO_ERR_MAX];
    for (int u = 0; u < game_unit_count (g); u++) {
        if (!game_needs_order (g, u))
            continue;
        order_t o;
        strategy_table_order (g, u, dice, &o, NULL, NULL, 0);
        if (game_apply_order (g, u, &o, err, sizeof err) < 0) {
            o = order_hold ();
            game_apply_order (g, u, &o, err, sizeof err);
        }
    }
}

/*  Play the actions tables from the start until turn `turn`'s phase
 *  where a side has a commanded unit waiting: a position to search.
 *  NULL when the battle ends first. */
static game_t *
position (const game_rules_t *rules, const scenario_t *sc, int turn,
          uint64_t seed)
{
    char err[SOLO_ERR_MAX];
    game_t *g = game_new (rules, sc, err, sizeof err);
    dice_t *dice = dice_new (seed);
    while (g && dice && !game_over (g)) {
        game_begin_phase (g, dice);
        if (game_phase_side (g) >= 0 && game_turn (g) >= turn) {
            bool commanded = false;
            for (int u = 0; u < game_unit_count (g); u++)
                commanded |= game_needs_order (g, u)
                          && !game_table_bound (g, u);
            if (commanded) {
                dice_destroy (&dice);
                return g;
            }
        }
        table_phase (g, dice);
        game_resolve_phase (g, dice);
    }
    dice_destroy (&dice);
    game_destroy (&g);
    return NULL;
}

typedef struct {
    long playouts;
    double seconds;
    double cpu;                /* CPU seconds spent */
    double worst_late;     /* the latest answer past its budget, ms */
    int decisions;
} tally_t;

/*  A commander of settings `s` asked for the side to move's orders on
 *  g, the table's dice seeded alike every time: 0 with `r` filled (the
 *  caller frees it) and the question's wall-clock seconds in *took and
 *  CPU seconds in *cpu (the commander's making not counted), or -1 with
 *  the error printed. */
static int
ask_side (game_t *g, const commander_settings_t *s, commander_result_t *r,
          double *took, double *cpu)
{
    char err[SOLO_ERR_MAX];
    memset (r, 0, sizeof *r);
    commander_t *c = commander_new (s, err, sizeof err);
    if (!c) {
        fprintf (stderr, "bench_search: %s\n", err);
        return -1;
    }
    dice_t *dice = dice_new (7);
    double start = now (), cpu_start = cpu_now ();
    int rc = commander_ask_side (c, g, game_phase_side (g), dice, r, err,
                                 sizeof err);
    *took = now () - start;
    *cpu = cpu_now () - cpu_start;
    if (rc < 0)
        fprintf (stderr, "bench_search: %s\n", err);
    dice_destroy (&dice);
    commander_destroy (&c);
    return rc;
}

static int
search_at (game_t *g, int threads, double ms, tally_t *t)
{
    commander_settings_t s;
    commander_settings_defaults (&s);
    s.threads = threads;
    s.budget_ms = ms;
    commander_result_t r;
    double seconds, cpu;
    int rc = ask_side (g, &s, &r, &seconds, &cpu);
    if (rc == 0) {
        double took = seconds * 1000.0;
        t->playouts += r.playouts;
        t->seconds += seconds;
        t->cpu += cpu;
        t->decisions++;
        if (took - ms > t->worst_late)
            t->worst_late = took - ms;
    }
    commander_result_free (&r);
    return rc;
}

/*  ---- --converge ---- */

#define CONVERGE_BUDGETS 5
static const long converge_budget[CONVERGE_BUDGETS] = {
    500, 1000, 2000, 4000, 8000 };
#define CONVERGE_MAX_SEEDS 16
#define CONVERGE_MAX_UNITS 512      /* units of a position compared */
#define CONVERGE_WAITS "(waits)"    /* a unit that waits for a later
                                       activation (one unit acts) */

/*  The commander's answer on g at `playouts` with seed `seed` and the
 *  extra settings `params`: each commanded unit's option in `choice`
 *  (by unit index, "" where the commander gave none, CONVERGE_WAITS
 *  where it waits for a later activation).  0 or -1. */
static int
converge_answer (game_t *g, long playouts, uint64_t seed, const char *params,
                 char (*choice)[PORTFOLIO_NAME_MAX])
{
    commander_settings_t s;
    commander_settings_defaults (&s);
    char err[SOLO_ERR_MAX];
    if (params && commander_settings_parse (params, &s, err, sizeof err) < 0) {
        fprintf (stderr, "bench_search: --params: %s\n", err);
        return -1;
    }
    s.threads = 1;
    s.budget_ms = 0;
    s.playouts = playouts;
    s.seed = seed;
    commander_result_t r;
    double took, cpu;
    int rc = ask_side (g, &s, &r, &took, &cpu);
    for (int u = 0; u < game_unit_count (g); u++)
        choice[u][0] = 0;
    if (rc == 0)
        for (int k = 0; k < r.order_count; k++)
            if (r.orders[k].layer == COMMANDER_LAYER_COMMANDER)
                snprintf (choice[r.orders[k].unit], PORTFOLIO_NAME_MAX, "%s",
                          r.orders[k].waits ? CONVERGE_WAITS
                                            : r.orders[k].choice);
    if (rc == 0 && getenv ("CONVERGE_VERBOSE")) {
        printf ("    %ld playouts, seed %llu: value %.3f%s%s\n", playouts,
                (unsigned long long) seed, r.value,
                r.plans_alike ? ", " : "", r.verdict);
        for (int a = 0; a < r.alternative_count; a++)
            printf ("      %6ld playouts %.3f %s\n", r.alternatives[a].visits,
                    r.alternatives[a].value, r.alternatives[a].plan);
    }
    commander_result_free (&r);
    return rc;
}

/*  Units given an option in both answers, and of those the ones given
 *  the same.  A unit that waits in both is not counted: where one unit
 *  acts an activation, every other waits, and counting them would call
 *  two answers that act with different units mostly alike. */
static void
converge_compare (const game_t *g, char (*a)[PORTFOLIO_NAME_MAX],
                  char (*b)[PORTFOLIO_NAME_MAX], long *units, long *same)
{
    for (int u = 0; u < game_unit_count (g); u++)
        if (a[u][0] && b[u][0]
            && !(strcmp (a[u], CONVERGE_WAITS) == 0
                 && strcmp (b[u], CONVERGE_WAITS) == 0)) {
            (*units)++;
            *same += strcmp (a[u], b[u]) == 0;
        }
}

/*  One position: the reference's answer, then each budget's on every
 *  seed, counted into to_ref (units and those as the reference's) and
 *  across (units and those alike on seeds 1 and 2, 3 and 4, ...).  0, or
 *  -1 with the error printed. */
static int
converge_position (game_t *g, int seeds, long reference, const char *params,
                   long (*to_ref)[2], long (*across)[2])
{
    static char ref[CONVERGE_MAX_UNITS][PORTFOLIO_NAME_MAX];
    static char got[CONVERGE_MAX_SEEDS][CONVERGE_MAX_UNITS]
                   [PORTFOLIO_NAME_MAX];
    if (game_unit_count (g) > CONVERGE_MAX_UNITS) {
        fprintf (stderr, "bench_search: --converge: a position of %d units, "
                 "more than %d\n", game_unit_count (g), CONVERGE_MAX_UNITS);
        return -1;
    }
    if (converge_answer (g, reference, 1000, params, ref) < 0)
        return -1;
    for (int b = 0; b < CONVERGE_BUDGETS; b++) {
        if (converge_budget[b] >= reference)
            continue;
        for (int t = 0; t < seeds; t++) {
            if (converge_answer (g, converge_budget[b], 1 + (uint64_t) t,
                                 params, got[t]) < 0)
                return -1;
            converge_compare (g, got[t], ref, &to_ref[b][0], &to_ref[b][1]);
            if (t % 2 == 1)
                converge_compare (g, got[t - 1], got[t], &across[b][0],
                                  &across[b][1]);
        }
    }
    return 0;
}

static int
converge (rules_set_t *set, const bench_files_t *files, int positions,
          int seeds, long reference, const char *params)
{
    long to_ref[CONVERGE_BUDGETS][2], across[CONVERGE_BUDGETS][2];
    memset (to_ref, 0, sizeof to_ref);
    memset (across, 0, sizeof across);
    int searched = 0;
    double start = now ();
    for (int i = 0; i < files->npaths; i++) {
        const game_rules_t *rules;
        scenario_t *sc = rules_set_scenario (set, files->paths[i], &rules,
                                             "bench_search");
        if (!sc)
            return 1;
        for (int k = 0; k < positions; k++) {
            game_t *g = position (rules, sc, 2 + k % 4, 100 + (uint64_t) k);
            if (!g)
                continue;
            int rc = converge_position (g, seeds, reference, params, to_ref,
                                        across);
            game_destroy (&g);
            if (rc < 0) {
                scenario_destroy (&sc);
                return 1;
            }
            searched++;
        }
        scenario_destroy (&sc);
    }
    printf ("commander search, answers against %ld playouts' (seed 1000), "
            "%d positions over %d scenario%s, %d seeds a budget%s%s; "
            "%.0f s\n", reference, searched, files->npaths,
            files->npaths == 1 ? "" : "s", seeds, params ? ", " : "",
            params ? params : "", now () - start);
    printf ("  %-9s %-28s %s\n", "playouts", "units as the reference",
            "units alike on two seeds");
    for (int b = 0; b < CONVERGE_BUDGETS; b++)
        if (to_ref[b][0] > 0)
            printf ("  %-9ld %5.1f%% of %-19ld %5.1f%% of %ld\n",
                    converge_budget[b],
                    100.0 * to_ref[b][1] / to_ref[b][0], to_ref[b][0],
                    across[b][0] ? 100.0 * across[b][1] / across[b][0] : 0,
                    across[b][0]);
    return 0;
}

int
main (int argc, char **argv)
{
    bench_files_t files = { .ntables = 0 };
    double ms = 100;
    int positions = 6;
    bool converging = false;
    int seeds = 4;
    long reference = 32000;
    const char *params = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp (argv[i], "--converge") == 0) {
            converging = true;
            continue;
        }
        if (i + 1 >= argc)
            return usage ();
        if (bench_files_option (&files, argv, &i))
            continue;
        if (strcmp (argv[i], "--seeds") == 0)
            seeds = atoi (argv[++i]);
        else if (strcmp (argv[i], "--reference") == 0)
            reference = atol (argv[++i]);
        else if (strcmp (argv[i], "--params") == 0)
            params = argv[++i];
        else if (strcmp (argv[i], "--ms") == 0)
            ms = atof (argv[++i]);
        else if (strcmp (argv[i], "--positions") == 0)
            positions = atoi (argv[++i]);
        else if (strcmp (argv[i], "--endpoint") == 0)
            i++;
        else
            return usage ();
    }
    if (ms <= 0 || positions < 1 || seeds < 2 || seeds > CONVERGE_MAX_SEEDS
        || reference < 1 || reference > COMMANDER_MAX_PLAYOUTS)
        return usage ();
    bench_files_default (&files);
    static rules_set_t set;
    if (rules_set_add_files (&set, files.tables, files.ntables,
                             "bench_search") < 0)
        return 1;
    if (converging) {
        int rc = converge (&set, &files, positions, seeds, reference, params);
        for (int i = 0; i < set.count; i++)
            game_rules_destroy (&set.rules[i]);
        return rc;
    }
    tally_t tally[2];
    memset (tally, 0, sizeof tally);
    char names[MAX_SCENARIOS][64];
    tally_t per[MAX_SCENARIOS];
    memset (per, 0, sizeof per);
    for (int i = 0; i < files.npaths; i++) {
        const game_rules_t *rules;
        scenario_t *sc = rules_set_scenario (&set, files.paths[i], &rules,
                                             "bench_search");
        if (!sc)
            return 1;
        snprintf (names[i], sizeof names[i], "%s", scenario_name (sc));
        for (int k = 0; k < positions; k++) {
            game_t *g = position (rules, sc, 2 + k % 4, 100 + (uint64_t) k);
            if (!g)
                continue;
            for (int t = 0; t < 2; t++) {
                tally_t before = tally[t];
                if (search_at (g, t + 1, ms, &tally[t]) < 0)
                    return 1;
                if (t == 0) {
                    per[i].playouts += tally[0].playouts - before.playouts;
                    per[i].seconds += tally[0].seconds - before.seconds;
                    per[i].cpu += tally[0].cpu - before.cpu;
                    per[i].decisions += tally[0].decisions - before.decisions;
                }
            }
            game_destroy (&g);
        }
        scenario_destroy (&sc);
    }
    printf ("commander search, %.0f ms a decision, %d decisions over %d "
            "scenario%s\n", ms, tally[0].decisions, files.npaths,
            files.npaths == 1 ? "" : "s");
    for (int t = 0; t < 2; t++)
        printf ("  %d thread%s: %.0f playouts/s, %.0f playouts a decision, "
                "%.0f playouts a CPU second (%.2f cores busy), latest "
                "answer %+.1f ms past the budget\n", t + 1, t ? "s" : " ",
                tally[t].playouts / tally[t].seconds,
                (double) tally[t].playouts / tally[t].decisions,
                tally[t].playouts / tally[t].cpu,
                tally[t].cpu / tally[t].seconds, tally[t].worst_late);
    for (int i = 0; i < files.npaths; i++)
        if (per[i].decisions > 0)
            printf ("  %-18s 1 thread: %.0f playouts a CPU second, %.0f "
                    "playouts a decision\n", names[i],
                    per[i].playouts / per[i].cpu,
                    (double) per[i].playouts / per[i].decisions);
    printf ("  (the machine's load average: %s)\n", load_average ());
    for (int i = 0; i < set.count; i++)
        game_rules_destroy (&set.rules[i]);
    return 0;
}
