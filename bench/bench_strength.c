/*  bench_strength.c - how strong a strategy is: paired battles against
 *  another on every scenario, each pair played twice with the sides
 *  swapped and the same dice seed, scored 1 a win, 1/2 a draw.
 *
 *  usage: bench_strength [--tables FILE]... [--scenario FILE]...
 *                        [--a "NAME PARAMS"] [--b "NAME PARAMS"]
 *                        [--pairs N] [--jobs J] [--seed S] [--quiet]
 *                        [--endpoint X (ignored)]
 *  Defaults: the source tree's five scenarios (farm, cavalry, stream of
 *  skirmish19; eol_freemans_farm, eol_cowpens of Empire of Liberty), run
 *  from the top of the tree, each under its own ruleset's tables
 *  (rules/data/RULESET/tables.cfg, or a --tables file of that ruleset);
 *  A "search ms=25", B "table"; 2 pairs per scenario; 1 job; seed 1.  A
 *  strategy is its registry name, then optional parameters after a space:
 *  --a "search playouts=400,threads=1".
 *
 *  Prints each scenario's games and A's points, then the whole: A's share
 *  of the points with its 95% interval, taken over the pairs (a pair's
 *  two games share their dice, so the pair is the independent trial).
 *  Where the time limit favours a side (4 Page Bolivar's defender, the
 *  side holding the objectives), it also prints how often the side it
 *  favoured at the end won, and A's share where A was that side's
 *  enemy: a scenario its favoured side nearly always wins gives A half
 *  the points whatever A does.
 *
 *  The commander's strategies (search, greedy, and one-turn, the
 *  commander with algorithm=one-turn) play through the registry when it
 *  holds them, else as the battle's outside decider, seeded the same
 *  way.
 */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "battle.h"
#include "commander.h"
#include "bench_rules.h"

static double
now (void)
{
    struct timespec ts;
    clock_gettime (CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int
usage (void)
{
    fprintf (stderr, "usage: bench_strength [--tables FILE] [--scenario FILE]"
             "... [--a \"NAME PARAMS\"] [--b \"NAME PARAMS\"] [--pairs N] "
             "[--jobs J] [--seed S] [--quiet]\n");
    return 2;
}

/*  "NAME PARAMS" split at the first space. */
typedef struct {
    char name[64];
    char params[STRATEGY_PARAMS_MAX];
} spec_t;

static void
spec_parse (const char *text, spec_t *s)
{
    size_t n = strcspn (text, " ");
    snprintf (s->name, sizeof s->name, "%.*s", (int) (n < 63 ? n : 63), text);
    snprintf (s->params, sizeof s->params, "%s", text[n] ? text + n + 1 : "");
}

typedef struct {
    const game_rules_t *rules[MAX_SCENARIOS];    /* each scenario's */
    scenario_t *scenarios[MAX_SCENARIOS];
    int scenario_count;
    spec_t a, b;
    int pairs;                  /* per scenario */
    uint64_t seed;
    bool quiet;
    atomic_int next;            /* the next pair to play */
    pthread_mutex_t mu;
    /* per pair: A's points in its two games (0..2), per scenario */
    double *pair_points;
    int wins[MAX_SCENARIOS], draws[MAX_SCENARIOS], losses[MAX_SCENARIOS];
    double as_side[MAX_SCENARIOS][SIDE_COUNT];   /* A's points as blue, red */
    double turns[MAX_SCENARIOS];
    /* games the side the time limit favoured at the end won (by the
       limit, or by breaking its enemy), and A's points in those where
       A was that side's enemy */
    int favoured_games[MAX_SCENARIOS];   /* games where it favoured one */
    int favoured_won[MAX_SCENARIOS];
    int a_unfavoured[MAX_SCENARIOS];
    double a_unfavoured_points[MAX_SCENARIOS];
    bool failed;
    char err[512];
} bench_t;

/*  A commander playing a side as the battle's outside decider. */
typedef struct {
    void *state;
    dice_t *dice;
} outside_t;

static int
outside_decide (void *arg, const game_t *g, int side, const int *units,
                int n, strategy_decision_t *out, char *err, int errlen)
{
    (void) err;
    (void) errlen;
    outside_t *o = arg;
    commander_strategy_decide (o->state, g, side, units, n, o->dice, out);
    return 0;
}

/*  splitmix64: a side's strategy seed from the battle's, as battle.c. */
static uint64_t
side_seed (uint64_t seed, int side)
{
    return dice_scramble (seed + 0x9E3779B97F4A7C15ULL * (uint64_t) (side + 1));
}

/*  Make side s's outside decider when the registry lacks the strategy.
 *  0 (none needed or made), or -1 with err. */
static int
outside_for (const spec_t *spec, uint64_t seed, int s, outside_t *o,
             battle_setup_t *setup, char *err, int errlen)
{
    memset (o, 0, sizeof *o);
    if (strategy_class_find (spec->name))
        return 0;
    int rc;
    char params[STRATEGY_PARAMS_MAX + 32];
    if (strcmp (spec->name, "search") == 0)
        rc = commander_strategy_create_search (spec->params, &o->state, err,
                                               errlen);
    else if (strcmp (spec->name, "greedy") == 0)
        rc = commander_strategy_create_greedy (spec->params, &o->state, err,
                                               errlen);
    else if (strcmp (spec->name, "one-turn") == 0) {
        snprintf (params, sizeof params, "algorithm=one-turn%s%s",
                  spec->params[0] ? "," : "", spec->params);
        rc = commander_strategy_create_search (params, &o->state, err, errlen);
    }
    else
        return 0;                    /* battle_play names the unknown */
    if (rc < 0)
        return -1;
    o->dice = dice_new (side_seed (seed, s));
    setup->decide[s] = outside_decide;
    setup->decide_arg[s] = o;
    return 0;
}

static void
outside_free (outside_t *o)
{
    if (o->state)
        commander_strategy_destroy (o->state);
    dice_destroy (&o->dice);
}

/*  One game: A plays side `a_side`.  A's points, or -1 on error;
 *  *favoured the side the time limit favoured at the end (-1: none),
 *  which under 4 Page Bolivar is the defender. */
static double
play_one (bench_t *b, int sc, uint64_t seed, int a_side, int *turns,
          int *favoured)
{
    battle_setup_t setup;
    memset (&setup, 0, sizeof setup);
    setup.seed = seed;
    setup.strategy[a_side] = b->a.name;
    setup.params[a_side] = b->a.params;
    setup.strategy[1 - a_side] = b->b.name;
    setup.params[1 - a_side] = b->b.params;
    battle_result_t r;
    char err[512];
    outside_t outside[SIDE_COUNT];
    memset (outside, 0, sizeof outside);
    int rc = 0;
    for (int s = 0; s < SIDE_COUNT && rc == 0; s++)
        rc = outside_for (s == a_side ? &b->a : &b->b, seed, s, &outside[s],
                          &setup, err, sizeof err);
    if (rc == 0)
        rc = battle_play (b->rules[sc], b->scenarios[sc], &setup, &r, NULL, err,
                          sizeof err);
    for (int s = 0; s < SIDE_COUNT; s++)
        outside_free (&outside[s]);
    if (rc < 0) {
        pthread_mutex_lock (&b->mu);
        if (!b->failed)
            snprintf (b->err, sizeof b->err, "%s", err);
        b->failed = true;
        pthread_mutex_unlock (&b->mu);
        return -1;
    }
    *turns = r.result.turns;
    *favoured = r.result.on_time_winner;
    return r.result.winner == a_side ? 1.0 : r.result.winner < 0 ? 0.5 : 0.0;
}

static void *
worker (void *arg)
{
    bench_t *b = arg;
    int total = b->pairs * b->scenario_count;
    for (;;) {
        int k = atomic_fetch_add (&b->next, 1);
        if (k >= total || b->failed)
            return NULL;
        int sc = k % b->scenario_count;
        uint64_t seed = b->seed + (uint64_t) (k / b->scenario_count);
        double pts = 0;
        int res[2], turns[2], favoured[2];
        for (int side = 0; side < SIDE_COUNT; side++) {
            double p = play_one (b, sc, seed, side, &turns[side],
                                 &favoured[side]);
            if (p < 0)
                return NULL;
            pts += p;
            res[side] = p == 1.0 ? 1 : p == 0.5 ? 0 : -1;
        }
        pthread_mutex_lock (&b->mu);
        b->pair_points[k] = pts;
        for (int side = 0; side < SIDE_COUNT; side++) {
            b->wins[sc] += res[side] == 1;
            b->draws[sc] += res[side] == 0;
            b->losses[sc] += res[side] == -1;
            b->turns[sc] += turns[side];
            b->as_side[sc][side] += res[side] == 1 ? 1.0
                                  : res[side] == 0 ? 0.5 : 0.0;
            if (favoured[side] < 0)
                continue;
            bool a_favoured = favoured[side] == side;
            b->favoured_games[sc]++;
            b->favoured_won[sc] += res[side] == (a_favoured ? 1 : -1);
            if (!a_favoured) {
                b->a_unfavoured[sc]++;
                b->a_unfavoured_points[sc] += res[side] == 1 ? 1.0
                                            : res[side] == 0 ? 0.5 : 0.0;
            }
        }
        if (!b->quiet) {
            fprintf (stderr, "\r  %d/%d pairs", k + 1, total);
            fflush (stderr);
        }
        pthread_mutex_unlock (&b->mu);
    }
}

int
main (int argc, char **argv)
{
    bench_files_t files = { .ntables = 0 };
    const char *a = "search ms=25", *bspec = "table";
    int pairs = 2, jobs = 1;
    uint64_t seed = 1;
    bool quiet = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp (argv[i], "--quiet") == 0) {
            quiet = true;
            continue;
        }
        if (i + 1 >= argc)
            return usage ();
        if (bench_files_option (&files, argv, &i))
            continue;
        if (strcmp (argv[i], "--a") == 0)
            a = argv[++i];
        else if (strcmp (argv[i], "--b") == 0)
            bspec = argv[++i];
        else if (strcmp (argv[i], "--pairs") == 0)
            pairs = atoi (argv[++i]);
        else if (strcmp (argv[i], "--jobs") == 0)
            jobs = atoi (argv[++i]);
        else if (strcmp (argv[i], "--seed") == 0)
            seed = strtoull (argv[++i], NULL, 10);
        else if (strcmp (argv[i], "--endpoint") == 0)
            i++;
        else
            return usage ();
    }
    if (pairs < 1 || jobs < 1 || jobs > 64)
        return usage ();
    bench_files_default (&files);
    static bench_t b;
    static rules_set_t set;
    if (rules_set_add_files (&set, files.tables, files.ntables,
                             "bench_strength") < 0)
        return 1;
    for (int i = 0; i < files.npaths; i++) {
        b.scenarios[i] = rules_set_scenario (&set, files.paths[i], &b.rules[i],
                                             "bench_strength");
        if (!b.scenarios[i])
            return 1;
        b.scenario_count++;
    }
    spec_parse (a, &b.a);
    spec_parse (bspec, &b.b);
    b.pairs = pairs;
    b.seed = seed;
    b.quiet = quiet;
    atomic_init (&b.next, 0);
    pthread_mutex_init (&b.mu, NULL);
    int total = pairs * b.scenario_count;
    b.pair_points = calloc ((size_t) total, sizeof *b.pair_points);
    if (!b.pair_points)
        return 1;

    double start = now ();
    pthread_t threads[64];
    for (int t = 1; t < jobs; t++)
        pthread_create (&threads[t], NULL, worker, &b);
    worker (&b);
    for (int t = 1; t < jobs; t++)
        pthread_join (threads[t], NULL);
    double elapsed = now () - start;
    if (!quiet)
        fprintf (stderr, "\n");
    if (b.failed) {
        fprintf (stderr, "bench_strength: %s\n", b.err);
        return 1;
    }

    printf ("A = %s%s%s, B = %s%s%s; %d pairs per scenario (sides swapped, "
            "same dice), seeds %llu.., %d job%s, %.1f s\n", b.a.name,
            b.a.params[0] ? " " : "", b.a.params, b.b.name,
            b.b.params[0] ? " " : "", b.b.params, pairs,
            (unsigned long long) seed, jobs, jobs == 1 ? "" : "s", elapsed);
    int games = 0;
    double points = 0;
    for (int sc = 0; sc < b.scenario_count; sc++) {
        int g = b.wins[sc] + b.draws[sc] + b.losses[sc];
        double p = b.wins[sc] + 0.5 * b.draws[sc];
        games += g;
        points += p;
        printf ("  %-18s %4d games: A won %d, drew %d, lost %d: %5.1f%% of "
                "the points (%.0f%% as blue, %.0f%% as red); %.1f turns a "
                "game\n", scenario_name (b.scenarios[sc]), g, b.wins[sc],
                b.draws[sc], b.losses[sc], g ? 100.0 * p / g : 0,
                g ? 200.0 * b.as_side[sc][0] / g : 0,
                g ? 200.0 * b.as_side[sc][1] / g : 0,
                g ? b.turns[sc] / g : 0);
        /* a scenario the side the time limit favours nearly always wins
           scores A only by how often it wins against that side */
        if (b.a_unfavoured[sc] > 0)
            printf ("  %-18s the side the time limit favours won %d of %d; "
                    "A against it %.1f%% of %d\n", "", b.favoured_won[sc],
                    b.favoured_games[sc],
                    100.0 * b.a_unfavoured_points[sc] / b.a_unfavoured[sc],
                    b.a_unfavoured[sc]);
    }
    /* the interval over the pairs */
    double mean = 0, var = 0;
    for (int k = 0; k < total; k++)
        mean += b.pair_points[k] / 2;
    mean /= total;
    for (int k = 0; k < total; k++) {
        double d = b.pair_points[k] / 2 - mean;
        var += d * d;
    }
    var = total > 1 ? var / (total - 1) : 0;
    double half = 1.96 * sqrt (var / total);
    printf ("  all                %4d games: A %.1f%% of the points, 95%% interval "
            "%.1f%%..%.1f%% (over %d pairs)\n", games, 100.0 * points / games,
            100.0 * (mean - half), 100.0 * (mean + half), total);
    for (int i = 0; i < b.scenario_count; i++)
        scenario_destroy (&b.scenarios[i]);
    for (int i = 0; i < set.count; i++)
        game_rules_destroy (&set.rules[i]);
    free (b.pair_points);
    pthread_mutex_destroy (&b.mu);
    return 0;
}
