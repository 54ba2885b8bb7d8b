/*  config.h - the daemon's settings: built-in defaults, the libconfig
 *  file, and the command line on top.
 *
 *  The file holds one group:
 *
 *      solod = {
 *        bind = "tcp://127.0.0.1:7460";   # ZeroMQ endpoint
 *        workers = 2;                     # worker threads
 *        seed = 1;                        # the daemon's dice
 *        data_dir = "../rules/data";      # one folder per ruleset
 *        default_ruleset = "skirmish19";
 *        max_message_bytes = 1048576;     # larger: LIMIT_EXCEEDED (a
 *                                         # quarter more: dropped unread)
 *        queue_max = 256;                 # requests waiting for a worker
 *        log_level = "info";              # error, warn, info, debug
 *        state_db = "solod.db";           # the open games (SQLite, WAL);
 *                                         # ":memory:" keeps none
 *        scenario_dir = "../rules/scenarios";  # the scenarios by name
 *        quick_workers = 1;               # workers kept for quick
 *                                         # requests (not battles, searches)
 *        broker_answers = "auto";         # small self-contained AskUnits
 *                                         # answered by the broker thread:
 *                                         # auto, always, when_idle, never
 *        insecure = false;                # true: may serve other machines
 *                                         # without CURVE
 *        curve = { secret_key_file = "solod.key";        # security.h
 *                  allowed_client_files = [ "alice.pub" ]; };
 *      };
 *
 *  Every key is optional.  Unknown keys, wrong types and values out of
 *  range are errors reported as "file:line - reason".
 */
#ifndef SOLOD_CONFIG_H
#define SOLOD_CONFIG_H

#include <stdbool.h>
#include <stdint.h>
#include "solo_limits.h"
#include "log.h"
#include "security.h"

#define SOLOD_DEFAULT_BIND      "tcp://127.0.0.1:7460"
#define SOLOD_DEFAULT_RULESET   "skirmish19"
#define SOLOD_ENDPOINT_MAX      256      /* bytes of an endpoint */
#define SOLOD_PATH_MAX          4096     /* bytes of a path */
#define SOLOD_HOUSE_RULES_MAX   8        /* house rules files served */
#define SOLOD_WORKERS_DEFAULT   2
#define SOLOD_WORKERS_MAX       64
#define SOLOD_QUEUE_DEFAULT     256
#define SOLOD_QUEUE_MAX         65536
#define SOLOD_MESSAGE_DEFAULT   1048576
#define SOLOD_MESSAGE_MIN       1024
#define SOLOD_MESSAGE_MAX       (256 * 1024 * 1024)
#define SOLOD_STATE_DB_DEFAULT  "solod.db"

/*  When the broker thread answers a small self-contained AskUnit itself
 *  instead of handing it to a worker (two thread hand-overs fewer). */
typedef enum {
    SOLOD_BROKER_AUTO = 0,           /* ALWAYS on at most
                                        SOLOD_BROKER_ALWAYS_CPUS CPUs, else
                                        WHEN_IDLE */
    SOLOD_BROKER_ALWAYS,             /* every one */
    SOLOD_BROKER_WHEN_IDLE,          /* when nothing else waits for it */
    SOLOD_BROKER_NEVER               /* workers answer everything */
} solod_broker_answers_t;

/*  Up to this many CPUs the workers cannot run beside the broker and
 *  ZeroMQ's I/O thread, so a hand-over to a worker costs thread switches
 *  and buys no parallel work (BENCHMARKS.md, Transport). */
#define SOLOD_BROKER_ALWAYS_CPUS 2

typedef struct {
    char bind[SOLOD_ENDPOINT_MAX];
    int workers;                     /* 1..SOLOD_WORKERS_MAX */
    bool has_seed;                   /* false: seed from the clock */
    uint64_t seed;
    char data_dir[SOLOD_PATH_MAX];   /* "" : solod_default_data_dir */
    /* a player's house rules: table files kept anywhere, served beside
       the data folder's rulesets (house_rules = [...], --house-rules) */
    char house_rules[SOLOD_HOUSE_RULES_MAX][SOLOD_PATH_MAX];
    int house_rules_count;
    char default_ruleset[SOLO_NAME_MAX];
    int max_message_bytes;           /* SOLOD_MESSAGE_MIN..SOLOD_MESSAGE_MAX */
    int queue_max;                   /* 0..SOLOD_QUEUE_MAX */
    log_level_t log_level;
    char state_db[SOLOD_PATH_MAX];   /* the game store: a file, or
                                        ":memory:" (nothing kept); "":
                                        solod_default_state_db */
    char scenario_dir[SOLOD_PATH_MAX]; /* "": solod_default_scenario_dir */
    int quick_workers;               /* -1: 1 when workers > 1, else 0;
                                        else 0..workers-1 */
    solod_broker_answers_t broker_answers;
    bool insecure;                   /* a bind other machines can reach
                                        is allowed without CURVE */
    security_config_t curve;         /* curve.enabled: CURVE + allow-list */
    int test_delay_ms;               /* not in the file: a test hook that
                                        makes every request take this much
                                        longer (0: off) */
} solod_config_t;

/*  Add a house rules file to cfg->house_rules: `file` as it is when
 *  absolute or `folder` is NULL, else relative to `folder`.  0, or -1
 *  with err: more than SOLOD_HOUSE_RULES_MAX, a path too long. */
int solod_config_add_house_rules (solod_config_t *cfg, const char *file,
                                  const char *folder, char *err, int errlen);

/*  Fill `cfg` with the built-in defaults: loopback bind, 2 workers, no
 *  seed, data_dir "", skirmish19, 1 MiB messages, a queue of 256, info. */
void solod_config_defaults (solod_config_t *cfg);

/*  Read the file at `path` over what `cfg` holds.  A relative data_dir is
 *  taken relative to the file's folder.  Returns 0, or -1 with `err` as
 *  "file:line - reason" (cfg may then be partly changed). */
int solod_config_load (solod_config_t *cfg, const char *path,
                       char *err, int errlen);

/*  The data folder used when none is configured, the first that exists
 *  of: the rulesets installed beside the running program
 *  (solod_data_dir_beside of /proc/self/exe: <prefix>/sbin/solod uses
 *  <prefix>/share/solod/rulesets, so an install under a DESTDIR or
 *  another --prefix finds its own data), the configured install folder
 *  (SOLO_DATA_INSTALL_DIR "/rulesets"), else the source tree's
 *  rules/data.  Returns `buf`. */
const char *solod_default_data_dir (char *buf, int buflen);

/*  The rulesets folder an install puts beside program `exe` (an absolute
 *  path): "<exe's folder>/" SOLO_DATA_FROM_PROGRAM "/rulesets", the data
 *  folder as the install lays it out relative to the sbin folder
 *  ("../share/solod" by default), as a canonical path (realpath).  0
 *  with it in `buf` when that folder exists; -1 when it does not, when
 *  `exe` is NULL or relative, or when the path does not fit in
 *  `buflen`. */
int solod_data_dir_beside (const char *exe, char *buf, int buflen);

/*  The scenarios folder used when none is configured: "scenarios" beside
 *  the rulesets folder `data_dir` (share/solod/scenarios installed,
 *  rules/scenarios in the source tree).  Returns `buf`. */
const char *solod_default_scenario_dir (const char *data_dir, char *buf,
                                        int buflen);

/*  The game store used when none is configured: solod.db in
 *  $XDG_STATE_HOME/solod, else in ~/.local/state/solod (the folders made
 *  when missing), else ":memory:" (no home, or the folders cannot be
 *  made).  Returns `buf`. */
const char *solod_default_state_db (char *buf, int buflen);

/*  Workers kept for quick requests under `cfg`: quick_workers, or its
 *  default (1 when there are two workers or more, else 0). */
int solod_quick_workers (const solod_config_t *cfg);

/*  What the broker answers itself under `cfg` on a machine where the
 *  daemon may run on `cpus` CPUs: broker_answers, with AUTO resolved to
 *  ALWAYS when cpus <= SOLOD_BROKER_ALWAYS_CPUS (0 or less: unknown,
 *  taken as 1) and WHEN_IDLE otherwise.  Never returns AUTO. */
solod_broker_answers_t solod_broker_answers (const solod_config_t *cfg,
                                             int cpus);

/*  The CPUs this process may run on (its affinity mask, so taskset and
 *  container limits count), else the online CPUs; at least 1. */
int solod_usable_cpus (void);

/*  The name of `mode` as the file spells it ("auto", "always",
 *  "when_idle", "never"). */
const char *solod_broker_answers_name (solod_broker_answers_t mode);

/*  Parse a seed: a decimal integer 0..2^64-1, nothing else.  Returns 0,
 *  or -1 when `text` is not one. */
int solod_parse_seed (const char *text, uint64_t *seed);

/*  A seed from the clock and the process id, for a daemon given none. */
uint64_t solod_clock_seed (void);

#endif
