/*  solod - the solo opponent daemon.
 *
 *  solod [--config FILE] [--bind ENDPOINT] [--seed N] [--workers N]
 *        [--state-db FILE] [--log-level LEVEL] [--house-rules FILE]...
 *        [--version] [--help]
 *  solod --make-keys FILE
 *
 *  Options given on the command line override the config file, which
 *  overrides the built-in defaults.  SIGINT or SIGTERM stops the daemon
 *  cleanly: it answers what it holds, frees everything, and exits 0.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config.h"
#include "log.h"
#include "security.h"
#include "server.h"

static server_t *volatile running_server;
static volatile sig_atomic_t stop_requested;

/*  server_stop only writes to a pipe: safe in a handler. */
static void
on_signal (int signum)
{
    (void) signum;
    stop_requested = 1;
    if (running_server)
        server_stop (running_server);
}

static void
usage (FILE *out)
{
    fprintf (out,
        "usage: solod [--config FILE] [--bind ENDPOINT] [--seed N]\n"
        "             [--workers N] [--state-db FILE] [--log-level LEVEL]\n"
        "             [--house-rules FILE]... [--version] [--make-keys FILE]\n"
        "  --config FILE      libconfig settings file (solod = { ... };)\n"
        "  --bind ENDPOINT    ZeroMQ endpoint (default %s)\n"
        "  --seed N           seed of the daemon's dice (default: the clock)\n"
        "  --workers N        worker threads, 1..%d (default %d)\n"
        "  --state-db FILE    the open games' SQLite file, or :memory: to\n"
        "                     keep none (default: $XDG_STATE_HOME/solod/%s,\n"
        "                     else ~/.local/state/solod/%s)\n"
        "  --log-level LEVEL  error, warn, info or debug (default info)\n"
        "  --house-rules FILE your house rules: a table file naming its base\n"
        "                     ruleset and what it changes, served as a\n"
        "                     ruleset of its own (repeat for more)\n"
        "  --make-keys FILE   write a CURVE secret key to FILE and its public\n"
        "                     key to FILE.pub, print the public key, exit\n",
        SOLOD_DEFAULT_BIND, SOLOD_WORKERS_MAX, SOLOD_WORKERS_DEFAULT,
        SOLOD_STATE_DB_DEFAULT, SOLOD_STATE_DB_DEFAULT);
}

/*  The value of option argv[*i], moving *i past it; NULL when missing. */
static const char *
option_value (int argc, char **argv, int *i)
{
    if (*i + 1 >= argc) {
        fprintf (stderr, "solod: %s needs a value\n", argv[*i]);
        return NULL;
    }
    return argv[++*i];
}

int
main (int argc, char **argv)
{
    solod_config_t config;
    solod_config_defaults (&config);
    const char *config_path = NULL;
    const char *bind = NULL, *seed = NULL, *workers = NULL, *level = NULL;
    const char *state_db = NULL;
    const char *house_rules[SOLOD_HOUSE_RULES_MAX];
    int house_rules_count = 0;

    for (int i = 1; i < argc; i++) {
        const char **target = NULL;
        if (strcmp (argv[i], "--help") == 0 || strcmp (argv[i], "-h") == 0) {
            usage (stdout);
            return 0;
        }
        if (strcmp (argv[i], "--version") == 0) {
            printf ("solod %s\n", SOLO_VERSION);
            return 0;
        }
        if (strcmp (argv[i], "--make-keys") == 0) {
            const char *path = option_value (argc, argv, &i);
            if (!path)
                return 2;
            char public_key[SECURITY_KEY_TEXT], err[1024];
            if (security_write_key_files (path, public_key, err, sizeof err)) {
                fprintf (stderr, "solod: %s\n", err);
                return 1;
            }
            printf ("%s\n", public_key);
            return 0;
        }
        if (strcmp (argv[i], "--house-rules") == 0) {
            const char *path = option_value (argc, argv, &i);
            if (!path)
                return 2;
            if (house_rules_count == SOLOD_HOUSE_RULES_MAX) {
                fprintf (stderr, "solod: more than %d --house-rules\n",
                         SOLOD_HOUSE_RULES_MAX);
                return 2;
            }
            house_rules[house_rules_count++] = path;
            continue;
        }
        if (strcmp (argv[i], "--config") == 0)
            target = &config_path;
        else if (strcmp (argv[i], "--bind") == 0)
            target = &bind;
        else if (strcmp (argv[i], "--seed") == 0)
            target = &seed;
        else if (strcmp (argv[i], "--workers") == 0)
            target = &workers;
        else if (strcmp (argv[i], "--log-level") == 0)
            target = &level;
        else if (strcmp (argv[i], "--state-db") == 0)
            target = &state_db;
        else {
            fprintf (stderr, "solod: unknown option '%s'\n", argv[i]);
            usage (stderr);
            return 2;
        }
        if (!(*target = option_value (argc, argv, &i)))
            return 2;
    }

    char err[1024];
    if (config_path && solod_config_load (&config, config_path, err, sizeof err)) {
        fprintf (stderr, "solod: %s\n", err);
        return 1;
    }
    /* the command line's house rules come after the file's */
    for (int i = 0; i < house_rules_count; i++)
        if (solod_config_add_house_rules (&config, house_rules[i], NULL, err,
                                          sizeof err) < 0) {
            fprintf (stderr, "solod: --house-rules: %s\n", err);
            return 2;
        }
    if (bind) {
        if (!*bind || strlen (bind) >= sizeof config.bind) {
            fprintf (stderr, "solod: --bind '%s' is not an endpoint\n", bind);
            return 2;
        }
        snprintf (config.bind, sizeof config.bind, "%s", bind);
    }
    if (seed) {
        if (solod_parse_seed (seed, &config.seed)) {
            fprintf (stderr, "solod: --seed '%s' is not a number in "
                     "0..18446744073709551615\n", seed);
            return 2;
        }
        config.has_seed = true;
    }
    if (workers) {
        char *end = NULL;
        long n = strtol (workers, &end, 10);
        if (*workers == '\0' || *end != '\0' || n < 1 || n > SOLOD_WORKERS_MAX) {
            fprintf (stderr, "solod: --workers '%s' is not in 1..%d\n",
                     workers, SOLOD_WORKERS_MAX);
            return 2;
        }
        config.workers = (int) n;
    }
    if (state_db) {
        if (!*state_db || strlen (state_db) >= sizeof config.state_db) {
            fprintf (stderr, "solod: --state-db '%s' is not a file name\n",
                     state_db);
            return 2;
        }
        snprintf (config.state_db, sizeof config.state_db, "%s", state_db);
    }
    if (level) {
        int parsed = log_level_parse (level);
        if (parsed < 0) {
            fprintf (stderr, "solod: --log-level '%s' is not error, warn, "
                     "info or debug\n", level);
            return 2;
        }
        config.log_level = (log_level_t) parsed;
    }

    /*  Signals are caught before the threads start, so that every thread
     *  the server makes inherits the handler (and blocks the signals). */
    struct sigaction action;
    memset (&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigemptyset (&action.sa_mask);
    sigaction (SIGINT, &action, NULL);
    sigaction (SIGTERM, &action, NULL);
    signal (SIGPIPE, SIG_IGN);

    server_t *server = server_new (&config, err, sizeof err);
    if (!server) {
        fprintf (stderr, "solod: %s\n", err);
        return 1;
    }
    running_server = server;
    if (stop_requested)                 /* a signal came while starting */
        server_stop (server);
    int rc = server_run (server);
    running_server = NULL;
    server_destroy (&server);
    return rc == 0 ? 0 : 1;
}
