/*  tour_spec.h - what a tournament is: its strategies, the table file in
 *  force, the scenarios, the games per pairing, the seeds, the format,
 *  the SPRT; and how it is run (database, concurrency, workers).
 *
 *  A tournament file is libconfig; every setting may also be given as a
 *  flag (tour_spec_set), flags after the file:
 *
 *      name = "house rules";
 *      tables = "../rules/data/skirmish19/tables.cfg";   # the rules in force
 *                                # (optional: by default the installed
 *                                # tables of the ruleset the scenarios
 *                                # name, which must all name one)
 *      scenarios = [ "../rules/scenarios/farm.cfg",
 *                    "../rules/scenarios/stream.cfg" ];
 *      format = "round-robin";   # or "gauntlet": the first against the rest
 *      games = 100;              # per pairing, even: pairs, sides swapped
 *      seed = 1;                 # or seeds = [ 11, 12, 13 ]: one per pair
 *      sprt = { elo0 = 0.0; elo1 = 50.0; alpha = 0.05; beta = 0.05; };
 *      database = "house.db";
 *      concurrency = 2;          # local workers
 *      bind = "tcp://0.0.0.0:5601";  # optional: remote workers connect here
 *      worker_timeout = 10.0;    # s of silence before a worker is dead
 *      end_wait = 2.0;           # s the coordinator stays after the last
 *                                # game to tell late workers it is over
 *      move_timeout = 5.0;       # s an external strategy may think
 *      keep_logs = true;         # store every game's replay log
 *      strategies = (
 *        { name = "table"; class = "table"; },
 *        { name = "random"; class = "random"; params = ""; },
 *        { name = "house"; class = "table"; params = "tables=house.cfg"; },
 *        { name = "python"; timeout = 2.0; command =
 *            "/usr/bin/python3 clients/strategies/example_strategy.py"; },
 *        { name = "remote"; endpoint = "tcp://10.0.0.7:5700"; }
 *      );
 *
 *  Paths in a file are relative to the file; in flags, to the working
 *  directory.  A strategy is a built-in class (strategy.h: random,
 *  table, ...) with its parameters, or external: a `command` each worker
 *  starts (as COMMAND --bind ENDPOINT, from the worker's working
 *  directory) or an `endpoint` it connects to (proto/strategy.proto).
 *
 *  A built-in strategy's params may carry "tables=PATH": its side's
 *  table layer plays by that variant of the table file (battle.h); the
 *  path, relative to the file, is made absolute, and the definition
 *  holds the variant's hash.  The workers read the variant from that path
 *  (remote workers need it at the same path).
 *
 *  The definition (everything that decides the results: tables and
 *  scenarios by their hash, strategies, format, games, seeds, SPRT) is a
 *  text of "key = value" lines; its hash is the tournament's id.  The
 *  database keeps it, so a tournament resumes from its database alone.
 */
#ifndef SOLO_TOURNAMENT_SPEC_H
#define SOLO_TOURNAMENT_SPEC_H

#include <stdbool.h>
#include <stdint.h>
#include "tour_stats.h"
#include "strategy.h"

#define TOUR_SPEC_MAX_STRATEGIES  TOUR_STATS_MAX_PLAYERS
#define TOUR_SPEC_MAX_SCENARIOS   64
#define TOUR_SPEC_MAX_PAIRS       1000000   /* game pairs per pairing */
#define TOUR_SPEC_NAME_MAX        48        /* bytes of a name */
#define TOUR_SPEC_CLASS_MAX       32
#define TOUR_SPEC_PATH_MAX        1024
#define TOUR_SPEC_COMMAND_MAX     1024
#define TOUR_SPEC_ENDPOINT_MAX    256
#define TOUR_SPEC_HASH_MAX        17        /* 16 hex digits and the NUL */
#define TOUR_SPEC_FILE_MAX        (4 << 20) /* bytes of a file read */
#define TOUR_SPEC_TIMEOUT_MAX_S   3600.0
#define TOUR_SPEC_END_WAIT_S      2.0      /* end_wait's default */

typedef enum {
    TOUR_SPEC_ROUND_ROBIN = 0, TOUR_SPEC_GAUNTLET
} tour_spec_format_t;

typedef struct {
    char name[TOUR_SPEC_NAME_MAX];
    char class_name[TOUR_SPEC_CLASS_MAX];     /* built-in; "" when external */
    char params[STRATEGY_PARAMS_MAX];
    char command[TOUR_SPEC_COMMAND_MAX];      /* external, started */
    char endpoint[TOUR_SPEC_ENDPOINT_MAX];    /* external, running */
    int timeout_ms;                      /* external: per request */
    char tables_hash[TOUR_SPEC_HASH_MAX]; /* its own tables' (a params'
                                            "tables=PATH" variant), ""
                                            when it plays the tournament's */
} tour_spec_strategy_t;

/*  A table or scenario file: where it was read, its text, its hash. */
typedef struct {
    char path[TOUR_SPEC_PATH_MAX];
    char *text;
    char hash[TOUR_SPEC_HASH_MAX];
    char name[TOUR_SPEC_NAME_MAX];    /* its ruleset's or scenario's name */
} tour_spec_file_t;

typedef struct tour_spec_t tour_spec_t;

/*  A tournament with the defaults: round-robin, 20 games, seed 1, one
 *  local worker, worker timeout 10 s, move timeout 5 s, logs kept, no
 *  SPRT, database "tournament.db".  NULL when out of memory. */
tour_spec_t *tour_spec_new (void);
void tour_spec_destroy (tour_spec_t **self_p);

/*  A finite number written in full (strtod's forms, nothing after it):
 *  0 with *out, or -1 for anything else (*out untouched).  How every
 *  number of seconds the tournament's options take is read. */
int tour_spec_parse_number (const char *value, double *out);

/*  Read a tournament file over the current settings.  0, or -1 with
 *  `err` as "file:line - reason". */
int tour_spec_load_file (tour_spec_t *self, const char *path, char *err,
                         int errlen);

/*  One flag: `key` is the file's setting name (dashes read as
 *  underscores), `value` its text.  Lists: "scenario" adds a scenario,
 *  "strategy" adds NAME=CLASS[:PARAMS], "external" adds NAME=COMMAND,
 *  "remote" adds NAME=ENDPOINT (the first of each kind given as a flag
 *  replaces the file's list); "sprt" is ELO0,ELO1,ALPHA,BETA or "none";
 *  "seeds" a comma list.  0, or -1 with `err` naming the flag. */
int tour_spec_set (tour_spec_t *self, const char *key, const char *value,
                   char *err, int errlen);

/*  Read the files, check everything (the table file and scenarios load
 *  and play, classes and parameters exist, names are unique, there are
 *  pairings to play) and work out the definition and the id.  0, or -1
 *  with `err`. */
int tour_spec_finish (tour_spec_t *self, char *err, int errlen);

/*  The tournament as kept in a database: the definition text and the
 *  files' texts by hash (`file_text` returns a malloc'd copy, or NULL
 *  when it has none, and the path it was read from into `path`).
 *  Replaces the definition; the run settings stay.  Checks as
 *  tour_spec_finish does.  0, or -1 with err. */
typedef char *(tour_spec_file_fn) (void *arg, const char *hash, char *path,
                              int pathlen);
int tour_spec_from_definition (tour_spec_t *self, const char *definition,
                               tour_spec_file_fn *file_text, void *arg,
                               char *err, int errlen);

/*  ---- the definition ---- */

const char *tour_spec_name (const tour_spec_t *self);
const char *tour_spec_id (const tour_spec_t *self);          /* after finish */
const char *tour_spec_definition (const tour_spec_t *self);  /* after finish */
const tour_spec_file_t *tour_spec_tables (const tour_spec_t *self);
const char *tour_spec_ruleset (const tour_spec_t *self);
int tour_spec_scenario_count (const tour_spec_t *self);
const tour_spec_file_t *tour_spec_scenario (const tour_spec_t *self, int i);
int tour_spec_strategy_count (const tour_spec_t *self);
const tour_spec_strategy_t *tour_spec_strategy (const tour_spec_t *self,
                                                int i);
bool tour_spec_strategy_external (const tour_spec_strategy_t *s);
tour_spec_format_t tour_spec_format (const tour_spec_t *self);
const char *tour_spec_format_name (tour_spec_format_t format);
int tour_spec_games (const tour_spec_t *self);               /* per pairing */
int tour_spec_pairs (const tour_spec_t *self);               /* games / 2 */
bool tour_spec_has_sprt (const tour_spec_t *self);
const tour_stats_sprt_t *tour_spec_sprt (const tour_spec_t *self);

/*  Pairings: round-robin, every two strategies (0-1, 0-2, ..., 1-2...);
 *  gauntlet, the first against each other one. */
int tour_spec_pairing_count (const tour_spec_t *self);
void tour_spec_pairing (const tour_spec_t *self, int pairing, int *first,
                        int *second);

/*  The seed and the scenario of pair `pair` (the same in every pairing:
 *  common random numbers across the whole tournament). */
uint64_t tour_spec_pair_seed (const tour_spec_t *self, int pair);
int tour_spec_pair_scenario (const tour_spec_t *self, int pair);

/*  A game's id: ((pairing * pairs) + pair) * 2 + game + 1. */
int64_t tour_spec_game_id (const tour_spec_t *self, int pairing, int pair,
                           int game);
/*  Back: 0, or -1 when id is not a game of this tournament. */
int tour_spec_game_from_id (const tour_spec_t *self, int64_t id, int *pairing,
                            int *pair, int *game);

/*  ---- how it runs ---- */

const char *tour_spec_database (const tour_spec_t *self);
int tour_spec_concurrency (const tour_spec_t *self);
const char *tour_spec_bind (const tour_spec_t *self);        /* "" none */
double tour_spec_worker_timeout (const tour_spec_t *self);   /* seconds */
/*  Seconds, 0..TOUR_SPEC_TIMEOUT_MAX_S (default TOUR_SPEC_END_WAIT_S):
 *  after the last game, how long a coordinator with an endpoint bound
 *  stays on it to tell a worker that joins late the tournament is over. */
double tour_spec_end_wait (const tour_spec_t *self);
bool tour_spec_keep_logs (const tour_spec_t *self);

/*  The hash of the tables strategy i's table layer plays by: its own
 *  variant's (params "tables=PATH": a house-ruled copy of the tournament's
 *  table file, same ruleset and weapons), else the tournament's. */
const char *tour_spec_strategy_tables (const tour_spec_t *self, int i);

/*  FNV-1a 64 of `len` bytes as 16 hex digits (the rules' table hash). */
void tour_spec_hash (const char *text, size_t len,
                     char out[TOUR_SPEC_HASH_MAX]);

#endif
