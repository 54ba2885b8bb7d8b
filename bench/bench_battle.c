/*  bench_battle.c - full battles per second and rules steps per second on
 *  one core: plays a scenario again and again (a new seed each time, no
 *  log), then times copies of a game state.
 *
 *  usage: bench_battle [--tables FILE] [--scenario FILE] [--seconds S]
 *                      [--blue STRATEGY] [--red STRATEGY]
 *  Defaults: the source tree's skirmish19 tables and farm scenario, run
 *  from the top of the tree; 3 seconds; table against table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "battle.h"

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
    fprintf (stderr, "usage: bench_battle [--tables FILE] [--scenario FILE] "
             "[--seconds S] [--blue STRATEGY] [--red STRATEGY]\n");
    return 2;
}

int
main (int argc, char **argv)
{
    const char *tables = "rules/data/skirmish19/tables.cfg";
    const char *scenario_path = "rules/scenarios/farm.cfg";
    const char *blue = "table", *red = "table";
    double seconds = 3.0;
    for (int i = 1; i < argc; i++) {
        if (i + 1 >= argc)
            return usage ();
        if (strcmp (argv[i], "--tables") == 0)
            tables = argv[++i];
        else if (strcmp (argv[i], "--scenario") == 0)
            scenario_path = argv[++i];
        else if (strcmp (argv[i], "--seconds") == 0)
            seconds = atof (argv[++i]);
        else if (strcmp (argv[i], "--blue") == 0)
            blue = argv[++i];
        else if (strcmp (argv[i], "--red") == 0)
            red = argv[++i];
        else
            return usage ();
    }
    char err[512];
    game_rules_t *rules = game_rules_load (tables, err, sizeof err);
    if (!rules) {
        fprintf (stderr, "bench_battle: %s\n", err);
        return 1;
    }
    scenario_t *sc = scenario_load (scenario_path, game_rules_finder, rules,
                                    err, sizeof err);
    if (!sc) {
        fprintf (stderr, "bench_battle: %s\n", err);
        game_rules_destroy (&rules);
        return 1;
    }

    /* whole battles */
    battle_setup_t setup = { .strategy = { blue, red } };
    battle_result_t r;
    long battles = 0, wins[3] = { 0, 0, 0 };
    unsigned long long steps = 0, dice = 0, turns = 0;
    double start = now (), elapsed = 0;
    while (elapsed < seconds) {
        setup.seed = (uint64_t) battles + 1;
        if (battle_play (rules, sc, &setup, &r, NULL, err, sizeof err) < 0) {
            fprintf (stderr, "bench_battle: %s\n", err);
            scenario_destroy (&sc);
            game_rules_destroy (&rules);
            return 1;
        }
        battles++;
        steps += r.steps;
        dice += (unsigned long long) r.dice;
        turns += (unsigned long long) r.result.turns;
        wins[r.result.winner + 1]++;
        elapsed = now () - start;
    }
    printf ("scenario %s, %s (blue) against %s (red), one core\n",
            scenario_name (sc), blue, red);
    printf ("  %ld battles in %.2f s: %.0f battles/s, %.0f rules steps/s, "
            "%.0f dice/s\n", battles, elapsed, battles / elapsed,
            steps / elapsed, dice / elapsed);
    printf ("  per battle: %.1f turns, %.0f steps, %.0f dice; blue won %ld, "
            "red %ld, drawn %ld\n", (double) turns / battles,
            (double) steps / battles, (double) dice / battles, wins[1],
            wins[2], wins[0]);

    /* state copies, as the search will make them */
    game_t *game = game_new (rules, sc, err, sizeof err);
    game_t *copy = game ? game_dup (game) : NULL;
    if (!game || !copy) {
        fprintf (stderr, "bench_battle: cannot make a game\n");
        return 1;
    }
    long copies = 0;
    start = now ();
    elapsed = 0;
    while (elapsed < seconds / 3) {
        for (int i = 0; i < 10000; i++)
            game_copy_into (copy, game);
        copies += 10000;
        elapsed = now () - start;
    }
    printf ("  game state copies: %.0f /s (%d units)\n", copies / elapsed,
            game_unit_count (game));
    game_destroy (&copy);
    game_destroy (&game);
    scenario_destroy (&sc);
    game_rules_destroy (&rules);
    return 0;
}
