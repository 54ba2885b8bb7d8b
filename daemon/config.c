/*  config.c - the daemon's settings from the built-in defaults and a
 *  libconfig file.  */
#define _GNU_SOURCE         /* realpath, sched_getaffinity */
#include <assert.h>
#include <errno.h>
#include <inttypes.h>
#include <libconfig.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "config.h"
#include "config_text.h"
#include "game.h"

#ifndef SOLO_SOURCE_DATA_DIR
#define SOLO_SOURCE_DATA_DIR "rules/data"
#endif
#ifndef SOLO_DATA_FROM_PROGRAM
#define SOLO_DATA_FROM_PROGRAM "../share/solod"
#endif

void
solod_config_defaults (solod_config_t *cfg)
{
    memset (cfg, 0, sizeof *cfg);
    snprintf (cfg->bind, sizeof cfg->bind, "%s", SOLOD_DEFAULT_BIND);
    cfg->workers = SOLOD_WORKERS_DEFAULT;
    cfg->has_seed = false;
    cfg->seed = 0;
    cfg->data_dir[0] = '\0';
    cfg->house_rules_count = 0;
    snprintf (cfg->default_ruleset, sizeof cfg->default_ruleset, "%s",
              SOLOD_DEFAULT_RULESET);
    cfg->max_message_bytes = SOLOD_MESSAGE_DEFAULT;
    cfg->queue_max = SOLOD_QUEUE_DEFAULT;
    cfg->log_level = LOG_LEVEL_INFO;
    cfg->state_db[0] = '\0';
    cfg->scenario_dir[0] = '\0';
    cfg->quick_workers = -1;
    cfg->broker_answers = SOLOD_BROKER_AUTO;
    cfg->test_delay_ms = 0;
}

/*  True when `path` is a folder. */
static bool
is_folder (const char *path)
{
    struct stat st;
    return stat (path, &st) == 0 && S_ISDIR (st.st_mode);
}

int
solod_data_dir_beside (const char *exe, char *buf, int buflen)
{
    if (!exe || exe[0] != '/')
        return -1;
    const char *slash = strrchr (exe, '/');
    char path[SOLOD_PATH_MAX];
    int n = snprintf (path, sizeof path, "%.*s/%s/rulesets",
                      (int) (slash - exe), exe, SOLO_DATA_FROM_PROGRAM);
    if (n < 0 || n >= (int) sizeof path || !is_folder (path))
        return -1;
    /*  "<prefix>/share/solod/rulesets", not ".../sbin/../share/..." */
    char *real = realpath (path, NULL);
    if (!real)
        return -1;
    n = snprintf (buf, (size_t) buflen, "%s", real);
    free (real);
    return n < 0 || n >= buflen ? -1 : 0;
}

const char *
solod_default_data_dir (char *buf, int buflen)
{
    char exe[SOLOD_PATH_MAX];
    ssize_t n = readlink ("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        if (solod_data_dir_beside (exe, buf, buflen) == 0)
            return buf;
    }
    const char *installed = SOLO_DATA_INSTALL_DIR "/rulesets";
    if (is_folder (installed))
        snprintf (buf, (size_t) buflen, "%s", installed);
    else
        snprintf (buf, (size_t) buflen, "%s", SOLO_SOURCE_DATA_DIR);
    return buf;
}

const char *
solod_default_scenario_dir (const char *data_dir, char *buf, int buflen)
{
    /*  data_dir may end in a slash: drop it, then the last part. */
    char dir[SOLOD_PATH_MAX];
    snprintf (dir, sizeof dir, "%s", data_dir);
    size_t len = strlen (dir);
    while (len > 1 && dir[len - 1] == '/')
        dir[--len] = '\0';
    char *slash = strrchr (dir, '/');
    if (!slash)
        snprintf (buf, (size_t) buflen, "scenarios");
    else {
        slash[1] = '\0';
        snprintf (buf, (size_t) buflen, "%sscenarios", dir);
    }
    return buf;
}

/*  mkdir -p for the folders of `path` (not its last part). */
static int
make_parents (const char *path)
{
    char dir[SOLOD_PATH_MAX];
    snprintf (dir, sizeof dir, "%s", path);
    for (char *slash = strchr (dir + 1, '/'); slash;
         slash = strchr (slash + 1, '/')) {
        *slash = '\0';
        if (mkdir (dir, 0700) != 0 && errno != EEXIST)
            return -1;
        *slash = '/';
    }
    return 0;
}

const char *
solod_default_state_db (char *buf, int buflen)
{
    const char *state = getenv ("XDG_STATE_HOME");
    const char *home = getenv ("HOME");
    if (state && state[0] == '/')
        snprintf (buf, (size_t) buflen, "%s/solod/%s", state,
                  SOLOD_STATE_DB_DEFAULT);
    else if (home && home[0] == '/')
        snprintf (buf, (size_t) buflen, "%s/.local/state/solod/%s", home,
                  SOLOD_STATE_DB_DEFAULT);
    else
        snprintf (buf, (size_t) buflen, ":memory:");
    if (buf[0] == '/' && make_parents (buf) != 0)
        snprintf (buf, (size_t) buflen, ":memory:");
    return buf;
}

/*  The file's spellings of solod_broker_answers_t, in its order. */
static const char *const broker_answers_names[] = {
    "auto", "always", "when_idle", "never"
};

const char *
solod_broker_answers_name (solod_broker_answers_t mode)
{
    assert ((unsigned) mode < sizeof broker_answers_names
                              / sizeof broker_answers_names[0]);
    return broker_answers_names[mode];
}

solod_broker_answers_t
solod_broker_answers (const solod_config_t *cfg, int cpus)
{
    if (cfg->broker_answers != SOLOD_BROKER_AUTO)
        return cfg->broker_answers;
    return cpus <= SOLOD_BROKER_ALWAYS_CPUS ? SOLOD_BROKER_ALWAYS
                                            : SOLOD_BROKER_WHEN_IDLE;
}

int
solod_usable_cpus (void)
{
    cpu_set_t set;
    if (sched_getaffinity (0, sizeof set, &set) == 0 && CPU_COUNT (&set) > 0)
        return CPU_COUNT (&set);
    long online = sysconf (_SC_NPROCESSORS_ONLN);
    return online > 0 ? (int) online : 1;
}

int
solod_quick_workers (const solod_config_t *cfg)
{
    if (cfg->quick_workers >= 0)
        return cfg->quick_workers < cfg->workers ? cfg->quick_workers
                                                 : cfg->workers - 1;
    return cfg->workers > 1 ? 1 : 0;
}

int
solod_parse_seed (const char *text, uint64_t *seed)
{
    if (!text || *text < '0' || *text > '9')
        return -1;
    errno = 0;
    char *end = NULL;
    unsigned long long value = strtoull (text, &end, 10);
    if (errno != 0 || *end != '\0')
        return -1;
    *seed = (uint64_t) value;
    return 0;
}

uint64_t
solod_clock_seed (void)
{
    struct timespec now;
    clock_gettime (CLOCK_REALTIME, &now);
    return ((uint64_t) now.tv_sec * 1000000007u) ^ (uint64_t) now.tv_nsec
         ^ ((uint64_t) getpid () << 32);
}

/*  Write "file:line - reason" into err.  */
static int
fail_at (char *err, int errlen, const char *path, int line,
         const char *reason)
{
    snprintf (err, (size_t) errlen, "%s:%d - %s", path, line, reason);
    return -1;
}

/*  Copy a string setting into dst, refusing empty or too long values. */
static int
take_string (const config_setting_t *s, char *dst, size_t dstlen,
             const char *path, char *err, int errlen)
{
    char reason[256];
    const char *name = config_setting_name (s);
    int line = config_setting_source_line (s);
    if (config_setting_type (s) != CONFIG_TYPE_STRING) {
        snprintf (reason, sizeof reason, "'%s' must be a string", name);
        return fail_at (err, errlen, path, line, reason);
    }
    const char *value = config_setting_get_string (s);
    if (!value || !*value) {
        snprintf (reason, sizeof reason, "'%s' must not be empty", name);
        return fail_at (err, errlen, path, line, reason);
    }
    if (strlen (value) >= dstlen) {
        snprintf (reason, sizeof reason, "'%s' is longer than %zu bytes",
                  name, dstlen - 1);
        return fail_at (err, errlen, path, line, reason);
    }
    memcpy (dst, value, strlen (value) + 1);
    return 0;
}

/*  Read an integer setting in [min, max]. */
static int
take_int (const config_setting_t *s, long long min, long long max,
          long long *out, const char *path, char *err, int errlen)
{
    char reason[256];
    const char *name = config_setting_name (s);
    int line = config_setting_source_line (s);
    int type = config_setting_type (s);
    if (type != CONFIG_TYPE_INT && type != CONFIG_TYPE_INT64) {
        snprintf (reason, sizeof reason, "'%s' must be an integer", name);
        return fail_at (err, errlen, path, line, reason);
    }
    long long value = config_setting_get_int64 (s);
    if (value < min || value > max) {
        snprintf (reason, sizeof reason,
                  "'%s' is %lld, must be in %lld..%lld", name, value, min, max);
        return fail_at (err, errlen, path, line, reason);
    }
    *out = value;
    return 0;
}

/*  The folder part of path ("." when it has none). */
static void
folder_of (const char *path, char *buf, size_t buflen)
{
    const char *slash = strrchr (path, '/');
    if (!slash)
        snprintf (buf, buflen, ".");
    else if (slash == path)
        snprintf (buf, buflen, "/");
    else
        snprintf (buf, buflen, "%.*s", (int) (slash - path), path);
}

int
solod_config_add_house_rules (solod_config_t *cfg, const char *file,
                               const char *folder, char *err, int errlen)
{
    if (cfg->house_rules_count == SOLOD_HOUSE_RULES_MAX) {
        snprintf (err, (size_t) errlen, "more than %d house rules files "
                  "(%s)", SOLOD_HOUSE_RULES_MAX, file);
        return -1;
    }
    char *slot = cfg->house_rules[cfg->house_rules_count];
    int n = file[0] == '/' || !folder
          ? snprintf (slot, SOLOD_PATH_MAX, "%s", file)
          : snprintf (slot, SOLOD_PATH_MAX, "%s/%s", folder, file);
    if (n < 0 || n >= SOLOD_PATH_MAX) {
        snprintf (err, (size_t) errlen, "house rules file %.64s...: the path "
                  "is too long", file);
        return -1;
    }
    cfg->house_rules_count++;
    return 0;
}

/*  Apply one key of the solod group. */
static int
apply_setting (solod_config_t *cfg, const config_setting_t *s,
               const char *path, char *err, int errlen)
{
    const char *name = config_setting_name (s);
    int line = config_setting_source_line (s);
    char reason[256];
    long long value;

    if (strcmp (name, "bind") == 0)
        return take_string (s, cfg->bind, sizeof cfg->bind, path, err, errlen);
    if (strcmp (name, "workers") == 0) {
        if (take_int (s, 1, SOLOD_WORKERS_MAX, &value, path, err, errlen))
            return -1;
        cfg->workers = (int) value;
        return 0;
    }
    if (strcmp (name, "seed") == 0) {
        if (take_int (s, 0, INT64_MAX, &value, path, err, errlen))
            return -1;
        cfg->seed = (uint64_t) value;
        cfg->has_seed = true;
        return 0;
    }
    if (strcmp (name, "data_dir") == 0) {
        char dir[SOLOD_PATH_MAX];
        if (take_string (s, dir, sizeof dir, path, err, errlen))
            return -1;
        if (dir[0] == '/') {
            memcpy (cfg->data_dir, dir, sizeof dir);
            return 0;
        }
        char folder[SOLOD_PATH_MAX];
        folder_of (path, folder, sizeof folder);
        int n = snprintf (cfg->data_dir, sizeof cfg->data_dir, "%s/%s",
                          folder, dir);
        if (n < 0 || n >= (int) sizeof cfg->data_dir)
            return fail_at (err, errlen, path, line,
                            "'data_dir' is too long once made absolute");
        return 0;
    }
    if (strcmp (name, "house_rules") == 0) {
        if (!config_setting_is_array (s) && !config_setting_is_list (s))
            return fail_at (err, errlen, path, line, "'house_rules' must be "
                            "a list of table files [\"my_rules.cfg\", ...]");
        int n = config_setting_length (s);
        if (n > SOLOD_HOUSE_RULES_MAX) {
            snprintf (reason, sizeof reason, "'house_rules' names %d files, "
                      "more than %d", n, SOLOD_HOUSE_RULES_MAX);
            return fail_at (err, errlen, path, line, reason);
        }
        char folder[SOLOD_PATH_MAX];
        folder_of (path, folder, sizeof folder);
        cfg->house_rules_count = 0;
        for (int i = 0; i < n; i++) {
            const char *file = config_setting_get_string_elem (s, i);
            if (!file || !file[0])
                return fail_at (err, errlen, path, line, "'house_rules' "
                                "must hold file names (strings)");
            if (solod_config_add_house_rules (cfg, file, folder, err,
                                              errlen) < 0)
                return -1;
        }
        return 0;
    }
    if (strcmp (name, "state_db") == 0 || strcmp (name, "scenario_dir") == 0) {
        bool db = strcmp (name, "state_db") == 0;
        char *target = db ? cfg->state_db : cfg->scenario_dir;
        size_t size = db ? sizeof cfg->state_db : sizeof cfg->scenario_dir;
        char value[SOLOD_PATH_MAX];
        if (take_string (s, value, sizeof value, path, err, errlen))
            return -1;
        if (value[0] == '/' || (db && strcmp (value, ":memory:") == 0)) {
            snprintf (target, size, "%s", value);
            return 0;
        }
        char folder[SOLOD_PATH_MAX];
        folder_of (path, folder, sizeof folder);
        int n = snprintf (target, size, "%s/%s", folder, value);
        if (n < 0 || n >= (int) size) {
            snprintf (reason, sizeof reason,
                      "'%s' is too long once made absolute", name);
            return fail_at (err, errlen, path, line, reason);
        }
        return 0;
    }
    if (strcmp (name, "quick_workers") == 0) {
        if (take_int (s, 0, SOLOD_WORKERS_MAX - 1, &value, path, err, errlen))
            return -1;
        cfg->quick_workers = (int) value;
        return 0;
    }
    if (strcmp (name, "broker_answers") == 0) {
        char mode[16];
        if (take_string (s, mode, sizeof mode, path, err, errlen))
            return -1;
        for (size_t i = 0; i < sizeof broker_answers_names
                               / sizeof broker_answers_names[0]; i++)
            if (strcmp (mode, broker_answers_names[i]) == 0) {
                cfg->broker_answers = (solod_broker_answers_t) i;
                return 0;
            }
        snprintf (reason, sizeof reason,
                  "'broker_answers' is \"%s\", must be auto, always, "
                  "when_idle or never", mode);
        return fail_at (err, errlen, path, line, reason);
    }
    if (strcmp (name, "default_ruleset") == 0)
        return take_string (s, cfg->default_ruleset,
                            sizeof cfg->default_ruleset, path, err, errlen);
    if (strcmp (name, "max_message_bytes") == 0) {
        if (take_int (s, SOLOD_MESSAGE_MIN, SOLOD_MESSAGE_MAX, &value,
                      path, err, errlen))
            return -1;
        cfg->max_message_bytes = (int) value;
        return 0;
    }
    if (strcmp (name, "queue_max") == 0) {
        if (take_int (s, 0, SOLOD_QUEUE_MAX, &value, path, err, errlen))
            return -1;
        cfg->queue_max = (int) value;
        return 0;
    }
    if (strcmp (name, "log_level") == 0) {
        char level[16];
        if (take_string (s, level, sizeof level, path, err, errlen))
            return -1;
        int parsed = log_level_parse (level);
        if (parsed < 0) {
            snprintf (reason, sizeof reason,
                      "'log_level' is \"%s\", must be error, warn, info or "
                      "debug", level);
            return fail_at (err, errlen, path, line, reason);
        }
        cfg->log_level = (log_level_t) parsed;
        return 0;
    }
    if (strcmp (name, "insecure") == 0) {
        if (config_setting_type (s) != CONFIG_TYPE_BOOL)
            return fail_at (err, errlen, path, line,
                            "'insecure' must be true or false");
        cfg->insecure = config_setting_get_bool (s) != 0;
        return 0;
    }
    if (strcmp (name, "curve") == 0) {
        char folder[SOLOD_PATH_MAX];
        folder_of (path, folder, sizeof folder);
        return security_config_read (&cfg->curve, s, path, folder, err,
                                     errlen);
    }
    snprintf (reason, sizeof reason,
              "unknown key '%s' (known: bind, workers, seed, data_dir, "
              "default_ruleset, max_message_bytes, queue_max, log_level, "
              "insecure, curve, state_db, scenario_dir, quick_workers, "
              "broker_answers, house_rules)",
              name);
    return fail_at (err, errlen, path, line, reason);
}

int
solod_config_load (solod_config_t *cfg, const char *path,
                   char *err, int errlen)
{
    /*  libconfig says only "file I/O error": open it first for the reason */
    FILE *probe = fopen (path, "r");
    if (!probe) {
        snprintf (err, (size_t) errlen, "%s - cannot read: %s", path,
                  strerror (errno));
        return -1;
    }
    fclose (probe);

    /*  read as every other file is (a byte-order mark skipped, numbers
     *  past 32 bits and runaway nesting named) */
    char *text = game_read_file (path, err, errlen);
    if (!text)
        return -1;
    config_t file;
    config_init (&file);
    int read_ok = config_text_read (&file, text);
    free (text);
    if (!read_ok) {
        fail_at (err, errlen, path, config_error_line (&file),
                 config_error_text (&file));
        config_destroy (&file);
        return -1;
    }
    int rc = 0;
    config_setting_t *root = config_root_setting (&file);
    config_setting_t *group = NULL;
    for (int i = 0; i < config_setting_length (root) && rc == 0; i++) {
        config_setting_t *s = config_setting_get_elem (root, (unsigned) i);
        if (strcmp (config_setting_name (s), "solod") == 0
        &&  config_setting_type (s) == CONFIG_TYPE_GROUP)
            group = s;
        else {
            char reason[256];
            snprintf (reason, sizeof reason,
                      strcmp (config_setting_name (s), "solod") == 0
                      ? "'%s' must be a group: solod = { ... };"
                      : "unknown key '%s' (the file holds one group, "
                        "solod = { ... };)",
                      config_setting_name (s));
            rc = fail_at (err, errlen, path, config_setting_source_line (s),
                          reason);
        }
    }
    if (rc == 0 && !group)
        rc = fail_at (err, errlen, path, 1,
                      "no 'solod' group (solod = { ... };)");
    for (int i = 0; rc == 0 && i < config_setting_length (group); i++)
        rc = apply_setting (cfg, config_setting_get_elem (group, (unsigned) i),
                            path, err, errlen);
    config_destroy (&file);
    return rc;
}
