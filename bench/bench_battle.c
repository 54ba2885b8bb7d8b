/*  bench_battle.c - full battles per second and rules steps per second on
 *  one core: plays a scenario again and again (a new seed each time, no
 *  log), then times copies of a game state.
 *
 *  usage: bench_battle [--tables FILE] [--scenario FILE] [--seconds S]
 *                      [--battles N] [--blue STRATEGY] [--red STRATEGY]
 *  Defaults: the source tree's skirmish19 tables and farm scenario (found
 *  from $SOLO_SOURCE_DIR, the build tree's parent, or the current
 *  folder); 3 seconds; table against table.  --battles plays exactly N
 *  battles (seeds 1..N) whatever the time they take, for comparing two
 *  builds (under `perf stat`, say).  --endpoint is accepted and ignored
 *  (battles are played in-process), so bench/run.sh can pass it.
 *
 *  Besides the rate by the wall clock, each rate is given per second of
 *  the process's own CPU time: on a machine shared with other work the
 *  wall clock counts the time the scheduler gave to others, the CPU time
 *  does not.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "battle.h"

/*  The first of the source tree's candidates where `rel` exists: in
 *  $SOLO_SOURCE_DIR, two folders above this program (a build tree inside
 *  the source tree), or here.  `rel` itself when none has it. */
static const char *
source_file (const char *rel, char *buf, size_t len)
{
    const char *env = getenv ("SOLO_SOURCE_DIR");
    if (env) {
        snprintf (buf, len, "%s/%s", env, rel);
        if (access (buf, R_OK) == 0)
            return buf;
    }
    char exe[4096];
    ssize_t n = readlink ("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = 0;
        for (int up = 0; up < 3; up++) {
            char *slash = strrchr (exe, '/');
            if (slash)
                *slash = 0;
        }
        snprintf (buf, len, "%s/%s", exe, rel);
        if (access (buf, R_OK) == 0)
            return buf;
    }
    return rel;
}

static double
now (void)
{
    struct timespec ts;
    clock_gettime (CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/*  CPU time of this process, in seconds. */
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
    fprintf (stderr, "usage: bench_battle [--tables FILE] [--scenario FILE] "
             "[--seconds S] [--battles N] [--blue STRATEGY] "
             "[--red STRATEGY]\n");
    return 2;
}

int
main (int argc, char **argv)
{
    char tables_buf[4200], scenario_buf[4200];
    const char *tables = source_file ("rules/data/skirmish19/tables.cfg",
                                      tables_buf, sizeof tables_buf);
    const char *scenario_path = source_file ("rules/scenarios/farm.cfg",
                                             scenario_buf,
                                             sizeof scenario_buf);
    const char *blue = "table", *red = "table";
    double seconds = 3.0;
    long max_battles = 0;
    for (int i = 1; i < argc; i++) {
        if (i + 1 >= argc)
            return usage ();
        if (strcmp (argv[i], "--tables") == 0)
            tables = argv[++i];
        else if (strcmp (argv[i], "--scenario") == 0)
            scenario_path = argv[++i];
        else if (strcmp (argv[i], "--seconds") == 0)
            seconds = atof (argv[++i]);
        else if (strcmp (argv[i], "--battles") == 0)
            max_battles = atol (argv[++i]);
        else if (strcmp (argv[i], "--blue") == 0)
            blue = argv[++i];
        else if (strcmp (argv[i], "--red") == 0)
            red = argv[++i];
        else if (strcmp (argv[i], "--endpoint") == 0)
            ++i;
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
    double start = now (), elapsed = 0, cpu_start = cpu_now ();
    while (max_battles > 0 ? battles < max_battles : elapsed < seconds) {
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
    double cpu = cpu_now () - cpu_start;
    printf ("scenario %s, %s (blue) against %s (red), one core\n",
            scenario_name (sc), blue, red);
    printf ("  %ld battles in %.2f s: %.0f battles/s, %.0f rules steps/s, "
            "%.0f dice/s\n", battles, elapsed, battles / elapsed,
            steps / elapsed, dice / elapsed);
    printf ("  per CPU second (%.2f s of CPU): %.0f battles/s, %.0f rules "
            "steps/s\n", cpu, battles / cpu, steps / cpu);
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
