/*  main.c - solo-tournament: run (or resume) a tournament, be a worker
 *  for one, report its results, list its games, replay a game.
 *
 *  solo-tournament run [FILE] [--db PATH] [--SETTING VALUE]... [--quiet]
 *                      [--report DIR]
 *  solo-tournament worker --connect ENDPOINT [--name NAME] [--give-up S]
 *  solo-tournament report --db PATH [--format FORMAT] [--out FILE]
 *  solo-tournament games --db PATH
 *  solo-tournament replay --db PATH GAME_ID [--quiet]
 *
 *  Exit codes: 0 done; 1 an error (named on stderr); 2 a usage error;
 *  3 a replay that does not reproduce its stored log; 130 interrupted
 *  (the games played are stored: run again to resume).
 */
#include <errno.h>
#include <stdatomic.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "tour_arena.h"
#include "tour_coord.h"
#include "tour_report.h"
#include "security.h"
#include "tour_results.h"
#include "tour_slurm.h"
#include "tour_spec.h"
#include "tour_store.h"
#include "tour_worker.h"

#define EXIT_USAGE       2
#define EXIT_MISMATCH    3
#define EXIT_INTERRUPTED 130

static atomic_int interrupted = 0;

static void
on_signal (int sig)
{
    (void) sig;
    atomic_store (&interrupted, 1);
}

static void
catch_signals (void)
{
    struct sigaction sa;
    memset (&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset (&sa.sa_mask);
    sigaction (SIGINT, &sa, NULL);
    sigaction (SIGTERM, &sa, NULL);
    signal (SIGPIPE, SIG_IGN);
}

/*  Each command's synopsis and options: `solo-tournament COMMAND --help`
 *  prints its own, `solo-tournament --help` the synopses of all. */
typedef struct {
    const char *name;
    const char *synopsis;
    const char *options;
} command_help_t;

static const command_help_t commands[] = {
    { "run", "solo-tournament run [FILE] [OPTIONS]   run or resume a "
      "tournament",
"options (each a setting of the tournament file; flags win):\n"
"  --db PATH                 the database (default tournament.db); alone,\n"
"                            it resumes the tournament it holds\n"
"  --tables FILE             the table file in force (default: the\n"
"                            installed tables of the ruleset the\n"
"                            scenarios name; a house-rule overlay is\n"
"                            merged over its base)\n"
"  --scenario FILE           a scenario (repeat for more)\n"
"  --strategy NAME=CLASS[:PARAMS]   a built-in strategy (repeat)\n"
"  --external NAME=COMMAND   an external strategy each worker starts\n"
"  --remote NAME=ENDPOINT    an external strategy already running\n"
"  --format round-robin|gauntlet\n"
"  --games N                 per pairing (even: pairs, sides swapped)\n"
"  --seed N | --seeds A,B,C  the pairs' seeds\n"
"  --sprt ELO0,ELO1,ALPHA,BETA | none\n"
"  --concurrency N           local workers (0: remote only)\n"
"  --bind ENDPOINT           where remote workers connect\n"
"  --worker-timeout S        silence before a worker's games move on\n"
"  --end-wait S              after the last game, how long --bind stays\n"
"                            open to tell late workers it is over\n"
"                            (default 2; 0: not at all)\n"
"  --move-timeout S          time an external strategy has per answer\n"
"  --keep-logs true|false    store each game's replay log\n"
"  --name NAME               the tournament's name\n"
"  --quiet                   no progress bar, no events (the report still\n"
"                            counts every forfeit)\n"
"  --report DIR              also write results.txt, ratings.csv,\n"
"                            pairings.csv, results.json, ratings.svg\n"
"  --slurm-tasks N           submit N workers as a Slurm job array\n"
"                            (sbatch; needs --bind, scancelled at the end)\n"
"  --slurm-connect ENDPOINT  where those workers connect (default: --bind,\n"
"                            * or 0.0.0.0 as this host's name)\n"
"  --slurm-args \"ARGS\"      more sbatch arguments: --partition, --time...\n"
"  --slurm-script FILE       where the batch script is written (default:\n"
"                            the database's path and .sbatch)\n"
"  --slurm-worker-key-file FILE  the workers' CURVE secret key file, on a\n"
"                            file system the nodes share (with CURVE on)\n"
"  --curve-secret-key-file FILE  CURVE on --bind: the coordinator's secret\n"
"                            key (solod --make-keys FILE writes a pair)\n"
"  --curve-allow FILE        a worker's public key file it accepts\n"
"                            (repeat; CURVE refuses any other)\n" },
    { "worker", "solo-tournament worker --connect ENDPOINT [--name NAME] "
      "[--give-up S]",
"  --connect ENDPOINT        the coordinator's --bind endpoint\n"
"  --name NAME               how the coordinator names this worker\n"
"                            (default: host and process id)\n"
"  --server-key KEY|FILE     the coordinator's CURVE public key (its\n"
"                            .pub file): with --client-key-file\n"
"  --client-key-file FILE    this worker's CURVE secret key file\n"
"  --give-up S               stop (exit code 1) after S seconds idle with\n"
"                            no word from the coordinator (default 0:\n"
"                            wait for one for ever); a game played\n"
"                            does not count\n" },
    { "report", "solo-tournament report --db PATH [--format FORMAT] "
      "[--out FILE]",
"  --db PATH                 the tournament's database\n"
"  --format FORMAT           text (default), csv (ratings), pairings-csv,\n"
"                            json, svg\n"
"  --out FILE                write there instead of standard output\n" },
    { "games", "solo-tournament games --db PATH          list the stored "
      "games",
"  --db PATH                 the tournament's database\n" },
    { "replay", "solo-tournament replay --db PATH GAME_ID [--quiet]",
"  --db PATH                 the tournament's database\n"
"  GAME_ID                   a game's id (solo-tournament games lists them)\n"
"  --quiet                   print only the verdict, not the log\n"
"exit 3 when the game does not replay as its stored log\n" },
};
#define COMMAND_COUNT ((int) (sizeof commands / sizeof commands[0]))

/*  The synopses of every command (to `out`); exit 0 on stdout, else the
 *  usage error's code. */
static int
usage (FILE *out)
{
    for (int i = 0; i < COMMAND_COUNT; i++)
        fprintf (out, "%s %s\n", i ? "      " : "usage:", commands[i].synopsis);
    fprintf (out, "\n`solo-tournament COMMAND --help` shows a command's "
             "options.\n");
    return out == stderr ? EXIT_USAGE : 0;
}

/*  One command's synopsis and options (to `out`); as usage(). */
static int
usage_of (const char *name, FILE *out)
{
    for (int i = 0; i < COMMAND_COUNT; i++)
        if (strcmp (commands[i].name, name) == 0) {
            fprintf (out, "usage: %s\n\n%s", commands[i].synopsis,
                     commands[i].options);
            break;
        }
    return out == stderr ? EXIT_USAGE : 0;
}

/*  True when argv[0..argc-1] asks for help. */
static bool
wants_help (int argc, char **argv)
{
    for (int i = 0; i < argc; i++)
        if (strcmp (argv[i], "--help") == 0 || strcmp (argv[i], "-h") == 0)
            return true;
    return false;
}

static void
complain (const char *err)
{
    fprintf (stderr, "solo-tournament: %s\n", err);
}

/*  The database's tournament and its standings. */
static int
open_results (const char *db, tour_spec_t **spec, tour_store_t **store,
              tour_results_t **results, char *err, int errlen)
{
    struct stat st;
    if (stat (db, &st) != 0) {
        snprintf (err, errlen, "%s - no such database", db);
        return -1;
    }
    *store = tour_store_open (db, err, errlen);
    if (!*store)
        return -1;
    *spec = tour_spec_new ();
    if (!*spec) {
        snprintf (err, errlen, "out of memory");
        return -1;
    }
    int rc = tour_store_load_spec (*store, *spec, err, errlen);
    if (rc == 1)
        snprintf (err, errlen, "%s - holds no tournament", db);
    if (rc != 0)
        return -1;
    *results = tour_results_new (*spec);
    if (!*results) {
        snprintf (err, errlen, "out of memory");
        return -1;
    }
    return tour_results_add_store (*results, *store, err, errlen);
}

static int
write_reports (const tour_spec_t *spec, const tour_results_t *results,
               const char *dir)
{
    if (mkdir (dir, 0777) != 0 && errno != EEXIST) {
        fprintf (stderr, "solo-tournament: %s - cannot make the directory: "
                 "%s\n", dir, strerror (errno));
        return -1;
    }
    for (int f = 0; f < TOUR_REPORT_FORMAT_COUNT; f++) {
        char path[TOUR_SPEC_PATH_MAX + 64];
        snprintf (path, sizeof path, "%s/%s", dir,
                  tour_report_file_name ((tour_report_format_t) f));
        FILE *out = fopen (path, "w");
        int rc = out ? tour_report_write (spec, results,
                                          (tour_report_format_t) f, out)
                     : -1;
        if (out && fclose (out) != 0)
            rc = -1;
        if (rc < 0) {
            fprintf (stderr, "solo-tournament: %s - cannot write: %s\n", path,
                     strerror (errno));
            return -1;
        }
    }
    return 0;
}

/*  ---- run ---- */

/*  Submit the workers of `slurm` (its unset fields from the tournament:
 *  the endpoint from --bind, the script beside the database, this very
 *  binary as the worker) and say so.  0, or -1 with err. */
static int
submit_workers (const tour_spec_t *spec, tour_slurm_t *slurm, char *job,
                bool quiet, char *err, size_t errlen)
{
    static char connect[512], script[1024], self[1024];
    if (!tour_spec_bind (spec)[0]) {
        snprintf (err, errlen, "--slurm-tasks needs --bind ENDPOINT, where "
                  "the workers on the cluster's nodes connect");
        return -1;
    }
    if (!slurm->connect) {
        if (tour_slurm_connect_for (tour_spec_bind (spec), connect,
                                    sizeof connect) < 0) {
            snprintf (err, errlen, "no endpoint for the workers from --bind "
                      "%s: give --slurm-connect", tour_spec_bind (spec));
            return -1;
        }
        slurm->connect = connect;
    }
    if (!slurm->script) {
        snprintf (script, sizeof script, "%s.sbatch",
                  tour_spec_database (spec));
        slurm->script = script;
    }
    ssize_t n = readlink ("/proc/self/exe", self, sizeof self - 1);
    self[n > 0 ? n : 0] = '\0';
    slurm->worker = n > 0 ? self : "solo-tournament";
    if (tour_slurm_submit (slurm, job, err, errlen) < 0)
        return -1;
    if (!quiet)
        fprintf (stderr, "workers: Slurm job %s, %d array tasks connecting "
                 "to %s (%s)\n", job, slurm->tasks, slurm->connect,
                 slurm->script);
    return 0;
}

static int
cmd_run (int argc, char **argv)
{
    char err[SOLO_ERR_MAX + 512];
    tour_spec_t *spec = tour_spec_new ();
    tour_store_t *store = NULL;
    tour_results_t *results = NULL;
    const char *report_dir = NULL;
    bool quiet = false, defined = false, db_given = false;
    int rc = 1;
    tour_slurm_t slurm = { 0 };
    char slurm_job[TOUR_SLURM_JOB_MAX] = "";
    static security_config_t curve;   /* large: not on the stack */
    memset (&curve, 0, sizeof curve);
    if (!spec) {
        complain ("out of memory");
        return 1;
    }
    int i = 0;
    if (i < argc && argv[i][0] != '-') {
        if (tour_spec_load_file (spec, argv[i], err, sizeof err) < 0)
            goto fail;
        defined = true;
        i++;
    }
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp (a, "--quiet") == 0) {
            quiet = true;
            continue;
        }
        if (strcmp (a, "--help") == 0 || strcmp (a, "-h") == 0) {
            tour_spec_destroy (&spec);
            return usage_of ("run", stdout);
        }
        if (strncmp (a, "--", 2) != 0 || i + 1 >= argc) {
            fprintf (stderr, "solo-tournament run: \"%s\" %s\n", a,
                     strncmp (a, "--", 2) ? "is not an option"
                     : "needs a value");
            tour_spec_destroy (&spec);
            return EXIT_USAGE;
        }
        const char *v = argv[++i];
        if (strcmp (a, "--report") == 0) {
            report_dir = v;
            continue;
        }
        if (strcmp (a, "--slurm-tasks") == 0) {
            char *end;
            long n = strtol (v, &end, 10);
            if (*end || n < 1 || n > TOUR_SLURM_MAX_TASKS) {
                snprintf (err, sizeof err, "--slurm-tasks: \"%s\" is not a "
                          "number of tasks in 1..%d", v, TOUR_SLURM_MAX_TASKS);
                goto fail;
            }
            slurm.tasks = (int) n;
            continue;
        }
        if (strcmp (a, "--slurm-connect") == 0) {
            slurm.connect = v;
            continue;
        }
        if (strcmp (a, "--slurm-args") == 0) {
            slurm.sbatch_args = v;
            continue;
        }
        if (strcmp (a, "--slurm-script") == 0) {
            slurm.script = v;
            continue;
        }
        if (strcmp (a, "--slurm-worker-key-file") == 0) {
            slurm.client_key_file = v;
            continue;
        }
        if (strcmp (a, "--curve-secret-key-file") == 0) {
            if (security_read_key_file (v, curve.secret_key, err,
                                        (int) sizeof err) < 0
                || security_public_key (curve.secret_key, curve.public_key)
                   < 0) {
                if (!err[0] || !strstr (err, v))
                    snprintf (err, sizeof err, "%s - not a secret key", v);
                goto fail;
            }
            curve.enabled = true;
            continue;
        }
        if (strcmp (a, "--curve-allow") == 0) {
            if (curve.client_count == SECURITY_CLIENTS_MAX) {
                snprintf (err, sizeof err, "--curve-allow: more than %d "
                          "keys", SECURITY_CLIENTS_MAX);
                goto fail;
            }
            if (security_read_key_file (v, curve.clients[curve.client_count],
                                        err, (int) sizeof err) < 0)
                goto fail;
            curve.client_count++;
            continue;
        }
        const char *key = a + 2;
        static const char *run_only[] = { "db", "database", "concurrency",
            "bind", "worker-timeout", "worker_timeout", "end-wait", "end_wait",
            "keep-logs", "keep_logs", NULL };
        bool runtime = false;
        for (int k = 0; run_only[k]; k++)
            if (strcmp (key, run_only[k]) == 0)
                runtime = true;
        if (strcmp (key, "db") == 0 || strcmp (key, "database") == 0)
            db_given = true;
        if (!runtime)
            defined = true;
        if (tour_spec_set (spec, key, v, err, sizeof err) < 0)
            goto fail;
    }
    /* the database alone: resume the tournament it holds */
    if (!defined) {
        if (!db_given) {
            tour_spec_destroy (&spec);
            return usage_of ("run", stderr);
        }
        struct stat st;
        if (stat (tour_spec_database (spec), &st) != 0) {
            snprintf (err, sizeof err,
                      "%s - no such database (give a "
                      "tournament file or settings to start one)",
                      tour_spec_database (spec));
            goto fail;
        }
    }
    if (defined && tour_spec_finish (spec, err, sizeof err) < 0)
        goto fail;
    store = tour_store_open (tour_spec_database (spec), err, sizeof err);
    if (!store)
        goto fail;
    if (defined) {
        if (tour_store_begin (store, spec, err, sizeof err) < 0)
            goto fail;
    }
    else {
        int loaded = tour_store_load_spec (store, spec, err, sizeof err);
        if (loaded == 1)
            snprintf (err, sizeof err,
                      "%s - holds no tournament (give a "
                      "tournament file or settings)",
                      tour_spec_database (spec));
        if (loaded != 0)
            goto fail;
    }
    results = tour_results_new (spec);
    if (!results) {
        snprintf (err, sizeof err, "too many games (more than %d) or out of "
                  "memory", TOUR_RESULTS_MAX_GAMES);
        goto fail;
    }
    if (tour_results_add_store (results, store, err, sizeof err) < 0)
        goto fail;
    if (!quiet) {
        int stored = tour_results_games_stored (results);
        fprintf (stderr,
                 "tournament \"%s\" (%s, %s tables %s): %d "
                 "strategies, %d pairings, %d games; %d local worker%s%s%s"
                 "\n",
                 tour_spec_name (spec), tour_spec_id (spec),
                 tour_spec_ruleset (spec), tour_spec_tables (spec)->hash,
                 tour_spec_strategy_count (spec),
                 tour_spec_pairing_count (spec),
                 tour_results_games_planned (results),
                 tour_spec_concurrency (spec),
                 tour_spec_concurrency (spec) == 1 ? "" : "s",
                 tour_spec_bind (spec)[0] ? ", workers welcome at " : "",
                 tour_spec_bind (spec));
        if (stored)
            fprintf (stderr, "resuming: %d games already stored in %s\n",
                     stored, tour_spec_database (spec));
    }
    if (curve.enabled || curve.client_count) {
        if (!curve.enabled) {
            snprintf (err, sizeof err, "--curve-allow needs "
                      "--curve-secret-key-file, the coordinator's key");
            goto fail;
        }
        if (security_config_check (&curve, err, (int) sizeof err) < 0)
            goto fail;
        if (slurm.tasks > 0 && !slurm.client_key_file) {
            snprintf (err, sizeof err, "with CURVE on, --slurm-tasks needs "
                      "--slurm-worker-key-file, the workers' secret key");
            goto fail;
        }
        slurm.server_key = curve.public_key;
    }
    catch_signals ();
    if (slurm.tasks > 0 && submit_workers (spec, &slurm, slurm_job, quiet, err,
                                           sizeof err) < 0)
        goto fail;
    tour_coord_options_t options = {
        .progress = quiet ? NULL : stderr,
        .progress_tty = !quiet && isatty (STDERR_FILENO),
        .interrupted = &interrupted,
        .curve = curve.enabled ? &curve : NULL };
    int run = tour_coord_run (spec, store, results, &options, err, sizeof err);
    if (run < 0)
        goto fail;
    char fit_err[SOLO_ERR_MAX];
    if (tour_results_fit (results, fit_err, sizeof fit_err) < 0 && !quiet)
        fprintf (stderr, "solo-tournament: no ratings: %s\n", fit_err);
    if (run == 1) {
        fprintf (stderr,
                 "interrupted: %d games stored in %s; run again to "
                 "resume\n",
                 tour_results_games_stored (results),
                 tour_spec_database (spec));
        rc = EXIT_INTERRUPTED;
        goto done;
    }
    tour_report_write (spec, results, TOUR_REPORT_TEXT, stdout);
    rc = 0;
    if (report_dir && write_reports (spec, results, report_dir) < 0)
        rc = 1;
    goto done;
fail:
    complain (err);
done:
    if (slurm_job[0])
        tour_slurm_cancel (slurm_job);
    tour_results_destroy (&results);
    tour_store_destroy (&store);
    tour_spec_destroy (&spec);
    return rc;
}

/*  ---- worker ---- */

static int
cmd_worker (int argc, char **argv)
{
    const char *endpoint = NULL, *name = NULL, *server = NULL;
    const char *client_file = NULL;
    double give_up_s = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp (argv[i], "--connect") == 0 && i + 1 < argc)
            endpoint = argv[++i];
        else if (strcmp (argv[i], "--give-up") == 0 && i + 1 < argc) {
            const char *v = argv[++i];
            if (tour_spec_parse_number (v, &give_up_s) < 0 || give_up_s < 0
                || give_up_s > TOUR_WORKER_GIVE_UP_MAX_S) {
                char why[SOLO_ERR_MAX];
                snprintf (why, sizeof why, "--give-up: \"%s\" is not a "
                          "number of seconds from 0 to %.0f", v,
                          TOUR_WORKER_GIVE_UP_MAX_S);
                complain (why);
                return EXIT_USAGE;
            }
        }
        else if (strcmp (argv[i], "--name") == 0 && i + 1 < argc)
            name = argv[++i];
        else if (strcmp (argv[i], "--server-key") == 0 && i + 1 < argc)
            server = argv[++i];
        else if (strcmp (argv[i], "--client-key-file") == 0 && i + 1 < argc)
            client_file = argv[++i];
        else if (strcmp (argv[i], "--help") == 0 || strcmp (argv[i], "-h") == 0)
            return usage_of ("worker", stdout);
        else
            return usage_of ("worker", stderr);
    }
    if (!endpoint)
        return usage_of ("worker", stderr);
    char err[SOLO_ERR_MAX];
    char server_key[SECURITY_KEY_TEXT], client_key[SECURITY_KEY_TEXT];
    if (!server != !client_file) {
        complain ("CURVE needs both --server-key and --client-key-file");
        return EXIT_USAGE;
    }
    if (server) {
        char why[SOLO_ERR_MAX];
        if (security_check_key (server, why, sizeof why) == 0)
            snprintf (server_key, sizeof server_key, "%s", server);
        else if (security_read_key_file (server, server_key, err,
                                         sizeof err) < 0) {
            complain (err);
            return EXIT_USAGE;
        }
        if (security_read_key_file (client_file, client_key, err,
                                    sizeof err) < 0) {
            complain (err);
            return EXIT_USAGE;
        }
    }
    catch_signals ();
    if (tour_worker_run_curve (NULL, endpoint, name,
                               server ? server_key : NULL,
                               server ? client_key : NULL, give_up_s,
                               &interrupted, err, sizeof err) < 0) {
        complain (err);
        return 1;
    }
    return atomic_load (&interrupted) ? EXIT_INTERRUPTED : 0;
}

/*  ---- report, games ---- */

/*  One line of the games list (a tour_game_fn). */
static void
print_game (void *arg, const tour_game_t *g)
{
    const tour_spec_t *spec = arg;
    if (g->blue < 0 || g->blue >= tour_spec_strategy_count (spec)
        || g->red < 0 || g->red >= tour_spec_strategy_count (spec))
        return;
    printf ("%-8lld %-7d %-5d %-16s %-16s %-10s %-6d %s%s%s\n",
            (long long) g->id, g->pairing, g->pair_index,
            tour_spec_strategy (spec, g->blue)->name,
            tour_spec_strategy (spec, g->red)->name,
            g->winner < 0 ? "draw" : g->winner == 0 ? "blue wins"
            : "red wins", g->turns, g->forfeit, g->forfeit[0] ? ": " : "",
            g->forfeit_detail);
}

static int
cmd_report (int argc, char **argv, bool games)
{
    const char *db = NULL, *out_path = NULL;
    int format = TOUR_REPORT_TEXT;
    for (int i = 0; i < argc; i++) {
        if (strcmp (argv[i], "--db") == 0 && i + 1 < argc)
            db = argv[++i];
        else if (!games && strcmp (argv[i], "--out") == 0 && i + 1 < argc)
            out_path = argv[++i];
        else if (!games && strcmp (argv[i], "--format") == 0 && i + 1 < argc) {
            format = tour_report_format_parse (argv[++i]);
            if (format < 0) {
                fprintf (stderr, "solo-tournament report: unknown format "
                         "\"%s\" (text, csv, pairings-csv, json, svg)\n",
                         argv[i]);
                return EXIT_USAGE;
            }
        }
        else
            return usage_of (games ? "games" : "report", stderr);
    }
    if (!db)
        return usage_of (games ? "games" : "report", stderr);
    char err[SOLO_ERR_MAX + 512];
    tour_spec_t *spec = NULL;
    tour_store_t *store = NULL;
    tour_results_t *results = NULL;
    int rc = 1;
    if (open_results (db, &spec, &store, &results, err, sizeof err) < 0) {
        complain (err);
        goto done;
    }
    if (games) {
        printf ("%-8s %-7s %-5s %-16s %-16s %-10s %-6s %s\n", "id", "pairing",
                "pair", "blue", "red", "result", "turns", "forfeit");
        tour_results_destroy (&results);
        rc = 0;
        goto list;
    }
    tour_results_fit (results, err, sizeof err);
    FILE *out = out_path ? fopen (out_path, "w") : stdout;
    if (!out) {
        fprintf (stderr, "solo-tournament: %s - cannot write: %s\n", out_path,
                 strerror (errno));
        goto done;
    }
    rc = tour_report_write (spec, results, (tour_report_format_t) format, out)
         < 0;
    if (out != stdout && fclose (out) != 0)
        rc = 1;
    goto done;
list:
    if (tour_store_each_game (store, print_game, spec, err, sizeof err) < 0) {
        complain (err);
        rc = 1;
    }
done:
    tour_results_destroy (&results);
    tour_store_destroy (&store);
    tour_spec_destroy (&spec);
    return rc;
}

/*  ---- replay ---- */

/*  The first line where two logs differ, 0 when they are the same. */
static int
first_difference (const char *a, const char *b, char *buf, size_t size)
{
    int line = 1;
    while (*a || *b) {
        size_t la = strcspn (a, "\n"), lb = strcspn (b, "\n");
        if (la != lb || memcmp (a, b, la) != 0) {
            snprintf (buf, size, "line %d: stored \"%.*s\", replayed \"%.*s\"",
                      line, (int) (la > 200 ? 200 : la), a,
                      (int) (lb > 200 ? 200 : lb), b);
            return line;
        }
        a += la + (a[la] == '\n');
        b += lb + (b[lb] == '\n');
        line++;
    }
    return 0;
}

static int
cmd_replay (int argc, char **argv)
{
    const char *db = NULL, *id_text = NULL;
    bool quiet = false;
    for (int i = 0; i < argc; i++) {
        if (strcmp (argv[i], "--db") == 0 && i + 1 < argc)
            db = argv[++i];
        else if (strcmp (argv[i], "--quiet") == 0)
            quiet = true;
        else if (argv[i][0] != '-' && !id_text)
            id_text = argv[i];
        else
            return usage_of ("replay", stderr);
    }
    char *end;
    long long id = id_text ? strtoll (id_text, &end, 10) : 0;
    if (!db || !id_text || *end || id < 1)
        return usage_of ("replay", stderr);
    char err[SOLO_ERR_MAX + 512];
    tour_spec_t *spec = NULL;
    tour_store_t *store = NULL;
    tour_results_t *results = NULL;
    tour_arena_t *arena = NULL;
    char *log = NULL, *decisions = NULL, *again = NULL, *again_dec = NULL;
    int rc = 1;
    if (open_results (db, &spec, &store, &results, err, sizeof err) < 0)
        goto fail;
    tour_game_t stored;
    int found = tour_store_get_game (store, id, &stored, &log, &decisions, err,
                                     sizeof err);
    if (found < 0)
        goto fail;
    if (found == 0) {
        snprintf (err, sizeof err, "%s has no game %lld (solo-tournament "
                  "games --db %s lists them)", db, id, db);
        goto fail;
    }
    arena = tour_arena_new_spec (spec, true, err, sizeof err);
    if (!arena)
        goto fail;
    if (strcmp (tour_arena_tables_hash (arena), stored.tables_hash) != 0) {
        snprintf (err, sizeof err,
                  "game %lld was played under tables %s, "
                  "the database holds %s",
                  id, stored.tables_hash, tour_arena_tables_hash (arena));
        goto fail;
    }
    char game_id[96];
    snprintf (game_id, sizeof game_id, "%s-%d-%d-%d", tour_spec_id (spec),
              stored.pairing, stored.pair_index, stored.game);
    tour_arena_game_t game = { .seed = stored.seed,
                               .scenario = stored.scenario,
                               .blue = stored.blue,
                               .red = stored.red,
                          .game_id = game_id,
                          .replay_of = &stored };
    tour_game_t g;
    if (tour_arena_play (arena, &game, &g, &again, &again_dec, err, sizeof err)
        < 0)
        goto fail;
    if (!quiet)
        fputs (again, stdout);
    char diff[600];
    if (log[0] && first_difference (log, again, diff, sizeof diff)) {
        fprintf (stderr, "solo-tournament: game %lld does not replay as "
                 "stored: %s\n", id, diff);
        rc = EXIT_MISMATCH;
        goto done;
    }
    if (g.winner != stored.winner || g.turns != stored.turns
        || strcmp (g.forfeit, stored.forfeit) != 0) {
        fprintf (stderr, "solo-tournament: game %lld does not replay as "
                 "stored: the result differs\n", id);
        rc = EXIT_MISMATCH;
        goto done;
    }
    fprintf (stderr,
             "game %lld (%s vs %s, %s, seed %llu) replays %s: %s "
             "after %d turns%s%s\n",
             id, tour_spec_strategy (spec, stored.blue)->name,
             tour_spec_strategy (spec, stored.red)->name,
             tour_spec_scenario (spec, stored.scenario)->name,
             (unsigned long long) stored.seed,
             log[0] ? "line for line as its stored log"
                    : "with the stored result (no log was stored)",
             g.winner < 0    ? "a draw"
             : g.winner == 0 ? "blue wins"
                             : "red wins",
             g.turns, g.forfeit[0] ? "; forfeit: " : "", g.forfeit_detail);
    rc = 0;
    goto done;
fail:
    complain (err);
done:
    free (log);
    free (decisions);
    free (again);
    free (again_dec);
    tour_arena_destroy (&arena);
    tour_results_destroy (&results);
    tour_store_destroy (&store);
    tour_spec_destroy (&spec);
    return rc;
}

int
main (int argc, char **argv)
{
    if (argc < 2)
        return usage (stderr);
    const char *cmd = argv[1];
    for (int i = 0; i < COMMAND_COUNT; i++)
        if (strcmp (cmd, commands[i].name) == 0 && wants_help (argc - 2,
                                                               argv + 2))
            return usage_of (cmd, stdout);
    if (strcmp (cmd, "run") == 0)
        return cmd_run (argc - 2, argv + 2);
    if (strcmp (cmd, "worker") == 0)
        return cmd_worker (argc - 2, argv + 2);
    if (strcmp (cmd, "report") == 0)
        return cmd_report (argc - 2, argv + 2, false);
    if (strcmp (cmd, "games") == 0)
        return cmd_report (argc - 2, argv + 2, true);
    if (strcmp (cmd, "replay") == 0)
        return cmd_replay (argc - 2, argv + 2);
    if (strcmp (cmd, "--help") == 0 || strcmp (cmd, "-h") == 0
        || strcmp (cmd, "help") == 0)
        return usage (stdout);
    fprintf (stderr, "solo-tournament: unknown command \"%s\"\n", cmd);
    return usage (stderr);
}
