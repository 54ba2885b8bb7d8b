/*  tour_spec.c - the tournament's definition: from a file, from flags, from a
 *  database; checked; its id.  */
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <libconfig.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <unistd.h>
#include "config_text.h"
#include "game.h"
#include "overlay.h"
#include "tour_spec.h"

#ifndef SOLO_SOURCE_DATA_DIR
#define SOLO_SOURCE_DATA_DIR "rules/data"
#endif
#define DEFAULT_RULESET "skirmish19"
#define DEFINITION_HEAD "solo-tournament definition 1"

struct tour_spec_t {
    /* the definition */
    char name[TOUR_SPEC_NAME_MAX];
    tour_spec_file_t tables;
    char ruleset[TOUR_SPEC_NAME_MAX];
    tour_spec_file_t scenarios[TOUR_SPEC_MAX_SCENARIOS];
    int scenario_count;
    tour_spec_strategy_t strategies[TOUR_SPEC_MAX_STRATEGIES];
    int strategy_count;
    tour_spec_format_t format;
    int games;
    bool games_given;
    uint64_t seed;
    uint64_t *seeds;
    int seed_count;
    bool has_sprt;
    tour_stats_sprt_t sprt;
    int move_timeout_ms;
    /* how it runs */
    char database[TOUR_SPEC_PATH_MAX];
    int concurrency;
    char bind[TOUR_SPEC_ENDPOINT_MAX];
    double worker_timeout;
    double end_wait;
    bool keep_logs;
    /* flags replace the file's lists once */
    bool flag_scenarios, flag_strategies;
    /* worked out by finish */
    char *definition;
    char id[TOUR_SPEC_HASH_MAX];
};

static int
fail (char *err, int errlen, const char *fmt, ...)
    __attribute__ ((format (printf, 3, 4)));

static int
fail (char *err, int errlen, const char *fmt, ...)
{
    va_list ap;
    va_start (ap, fmt);
    vsnprintf (err, errlen, fmt, ap);
    va_end (ap);
    return -1;
}

void
tour_spec_hash (const char *text, size_t len, char out[TOUR_SPEC_HASH_MAX])
{
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char) text[i];
        h *= 1099511628211ULL;
    }
    snprintf (out, TOUR_SPEC_HASH_MAX, "%016llx", (unsigned long long) h);
}

tour_spec_t *
tour_spec_new (void)
{
    tour_spec_t *self = calloc (1, sizeof *self);
    if (!self)
        return NULL;
    snprintf (self->name, sizeof self->name, "tournament");
    self->format = TOUR_SPEC_ROUND_ROBIN;
    self->games = 20;
    self->seed = 1;
    self->move_timeout_ms = 5000;
    snprintf (self->database, sizeof self->database, "tournament.db");
    self->concurrency = 1;
    self->worker_timeout = 10.0;
    self->end_wait = TOUR_SPEC_END_WAIT_S;
    self->keep_logs = true;
    return self;
}

static void
clear_files (tour_spec_t *self)
{
    free (self->tables.text);
    self->tables.text = NULL;
    for (int i = 0; i < self->scenario_count; i++) {
        free (self->scenarios[i].text);
        self->scenarios[i].text = NULL;
    }
}

void
tour_spec_destroy (tour_spec_t **self_p)
{
    assert (self_p);
    tour_spec_t *self = *self_p;
    if (!self)
        return;
    clear_files (self);
    free (self->seeds);
    free (self->definition);
    free (self);
    *self_p = NULL;
}

/*  ---- setting values ---- */

/*  Copy a value that must fit and hold no line break. */
static int
set_text (char *dst, size_t size, const char *value, const char *what,
          char *err, int errlen)
{
    if (strlen (value) >= size)
        return fail (err, errlen, "%s is longer than %zu bytes", what,
                     size - 1);
    if (strpbrk (value, "\r\n"))
        return fail (err, errlen, "%s holds a line break", what);
    snprintf (dst, size, "%s", value);
    return 0;
}

/*  `p` relative to the directory `base` ("" or NULL: as it is). */
static int
set_path (char *dst, const char *base, const char *p, const char *what,
          char *err, int errlen)
{
    char buf[TOUR_SPEC_PATH_MAX];
    if (p[0] == '/' || !base || !base[0])
        snprintf (buf, sizeof buf, "%s", p);
    else if (strlen (base) + strlen (p) + 2 > sizeof buf)
        return fail (err, errlen, "%s: path longer than %d bytes", what,
                     TOUR_SPEC_PATH_MAX - 1);
    else
        snprintf (buf, sizeof buf, "%s/%s", base, p);
    return set_text (dst, TOUR_SPEC_PATH_MAX, buf, what, err, errlen);
}

static int
parse_long (const char *value, long long min, long long max,
            long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll (value, &end, 10);
    if (errno || end == value || *end || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

static int
parse_u64 (const char *value, uint64_t *out)
{
    char *end;
    errno = 0;
    if (!value[0] || value[0] == '-')
        return -1;
    unsigned long long v = strtoull (value, &end, 10);
    if (errno || end == value || *end)
        return -1;
    *out = v;
    return 0;
}

int
tour_spec_parse_number (const char *value, double *out)
{
    char *end;
    errno = 0;
    double v = strtod (value, &end);
    if (errno || end == value || *end || !isfinite (v))
        return -1;
    *out = v;
    return 0;
}

static int
set_format (tour_spec_t *self, const char *value, char *err, int errlen)
{
    if (strcmp (value, "round-robin") == 0
        || strcmp (value, "round_robin") == 0)
        self->format = TOUR_SPEC_ROUND_ROBIN;
    else if (strcmp (value, "gauntlet") == 0)
        self->format = TOUR_SPEC_GAUNTLET;
    else
        return fail (err, errlen, "format \"%s\" is neither round-robin "
                     "nor gauntlet", value);
    return 0;
}

/*  v into *dst when it is a number of seconds in (0, TOUR_SPEC_TIMEOUT_MAX_S],
 *  or [0, ...] when zero_ok; else -1 with err naming `what`. */
static int
set_seconds (double *dst, double v, bool zero_ok, const char *what,
             char *err, int errlen)
{
    if (!((zero_ok ? v >= 0 : v > 0) && v <= TOUR_SPEC_TIMEOUT_MAX_S))
        return fail (err, errlen, "%s (%g) must be in %c0, %g] seconds",
                     what, v, zero_ok ? '[' : '(', TOUR_SPEC_TIMEOUT_MAX_S);
    *dst = v;
    return 0;
}

/*  One of the run's settings in seconds, from a flag or the file: key
 *  "worker_timeout", "move_timeout" or "end_wait".  Only the end wait may
 *  be 0 (no wait: a worker that joins late waits for a resumed
 *  coordinator, or gives up by its own --give-up). */
static int
set_time_setting (tour_spec_t *self, const char *key, double v, char *err,
                  int errlen)
{
    bool end_wait = strcmp (key, "end_wait") == 0;
    double sec = 0;
    if (set_seconds (&sec, v, end_wait, key, err, errlen) < 0)
        return -1;
    if (end_wait)
        self->end_wait = sec;
    else if (strcmp (key, "worker_timeout") == 0)
        self->worker_timeout = sec;
    else
        self->move_timeout_ms = (int) ceil (sec * 1000);
    return 0;
}

static int
set_games (tour_spec_t *self, long long v, char *err, int errlen)
{
    if (v < 2 || v % 2 || v > 2LL * TOUR_SPEC_MAX_PAIRS)
        return fail (err, errlen, "games (%lld) must be even, from 2 to %d: "
                     "games are played in pairs, sides swapped", v,
                     2 * TOUR_SPEC_MAX_PAIRS);
    self->games = (int) v;
    self->games_given = true;
    return 0;
}

static int
set_concurrency (tour_spec_t *self, long long v, char *err, int errlen)
{
    if (v < 0 || v > 256)
        return fail (err, errlen, "concurrency (%lld) must be in 0..256 "
                     "(0: remote workers only)", v);
    self->concurrency = (int) v;
    return 0;
}

static int
add_seed (tour_spec_t *self, uint64_t seed, char *err, int errlen)
{
    if (self->seed_count >= TOUR_SPEC_MAX_PAIRS)
        return fail (err, errlen, "more than %d seeds", TOUR_SPEC_MAX_PAIRS);
    if ((self->seed_count & (self->seed_count - 1)) == 0) {
        int cap = self->seed_count ? self->seed_count * 2 : 16;
        uint64_t *seeds = realloc (self->seeds, sizeof *seeds * (size_t) cap);
        if (!seeds)
            return fail (err, errlen, "out of memory");
        self->seeds = seeds;
    }
    self->seeds[self->seed_count++] = seed;
    return 0;
}

static tour_spec_strategy_t *
new_strategy (tour_spec_t *self, const char *name, char *err, int errlen)
{
    if (self->strategy_count >= TOUR_SPEC_MAX_STRATEGIES) {
        fail (err, errlen, "more than %d strategies",
              TOUR_SPEC_MAX_STRATEGIES);
        return NULL;
    }
    tour_spec_strategy_t *s = &self->strategies[self->strategy_count];
    memset (s, 0, sizeof *s);
    if (set_text (s->name, sizeof s->name, name, "a strategy's name", err,
                  errlen) < 0)
        return NULL;
    self->strategy_count++;
    return s;
}

static tour_spec_file_t *
new_scenario (tour_spec_t *self, char *err, int errlen)
{
    if (self->scenario_count >= TOUR_SPEC_MAX_SCENARIOS) {
        fail (err, errlen, "more than %d scenarios", TOUR_SPEC_MAX_SCENARIOS);
        return NULL;
    }
    tour_spec_file_t *f = &self->scenarios[self->scenario_count++];
    memset (f, 0, sizeof *f);
    return f;
}

static int
parse_sprt (tour_spec_t *self, const char *value, char *err, int errlen)
{
    if (strcmp (value, "none") == 0 || !value[0]) {
        self->has_sprt = false;
        return 0;
    }
    tour_stats_sprt_t s;
    char extra;
    if (sscanf (value, "%lf,%lf,%lf,%lf%c", &s.elo0, &s.elo1, &s.alpha,
                &s.beta, &extra) != 4)
        return fail (err, errlen, "sprt \"%s\" is not ELO0,ELO1,ALPHA,BETA "
                     "(e.g. 0,50,0.05,0.05) or none", value);
    if (tour_stats_sprt_check (&s, err, errlen) < 0)
        return -1;
    self->sprt = s;
    self->has_sprt = true;
    return 0;
}

/*  A comma list of seeds, replacing the list. */
static int
parse_seeds (tour_spec_t *self, const char *value, char *err, int errlen)
{
    self->seed_count = 0;
    char *buf = strdup (value);
    if (!buf)
        return fail (err, errlen, "out of memory");
    int rc = 0;
    for (char *save, *t = strtok_r (buf, ",", &save); t && rc == 0;
         t = strtok_r (NULL, ",", &save)) {
        uint64_t seed;
        if (parse_u64 (t, &seed) < 0)
            rc = fail (err, errlen, "seeds: \"%.40s\" is not a number from "
                       "0 to 2^64-1", t);
        else
            rc = add_seed (self, seed, err, errlen);
    }
    free (buf);
    return rc;
}

/*  NAME=REST: the name into name, REST returned (NULL with err). */
static const char *
split_name (const char *value, char *name, size_t size, const char *flag,
            const char *form, char *err, int errlen)
{
    const char *eq = strchr (value, '=');
    if (!eq || eq == value || (size_t) (eq - value) >= size) {
        fail (err, errlen, "--%s \"%s\" is not %s", flag, value, form);
        return NULL;
    }
    memcpy (name, value, (size_t) (eq - value));
    name[eq - value] = 0;
    return eq + 1;
}

int
tour_spec_set (tour_spec_t *self, const char *key_in, const char *value,
               char *err, int errlen)
{
    assert (self && key_in && value && err && errlen > 0);
    char key[64];
    snprintf (key, sizeof key, "%s", key_in);
    for (char *c = key; *c; c++)
        if (*c == '-')
            *c = '_';
    long long n;
    double d = 0;
    char name[TOUR_SPEC_NAME_MAX];

    if (strcmp (key, "name") == 0)
        return set_text (self->name, sizeof self->name, value, "name", err,
                         errlen);
    if (strcmp (key, "tables") == 0)
        return set_path (self->tables.path, NULL, value, "tables", err,
                         errlen);
    if (strcmp (key, "scenario") == 0) {
        if (!self->flag_scenarios) {
            clear_files (self);
            self->scenario_count = 0;
            self->flag_scenarios = true;
        }
        tour_spec_file_t *f = new_scenario (self, err, errlen);
        return f ? set_path (f->path, NULL, value, "scenario", err, errlen)
                 : -1;
    }
    if (strcmp (key, "strategy") == 0 || strcmp (key, "external") == 0
        || strcmp (key, "remote") == 0) {
        const char *form = key[0] == 's' ? "NAME=CLASS[:PARAMS]"
                         : key[0] == 'e' ? "NAME=COMMAND" : "NAME=ENDPOINT";
        const char *rest = split_name (value, name, sizeof name, key, form,
                                       err, errlen);
        if (!rest)
            return -1;
        if (!self->flag_strategies) {
            self->strategy_count = 0;
            self->flag_strategies = true;
        }
        tour_spec_strategy_t *s = new_strategy (self, name, err, errlen);
        if (!s)
            return -1;
        if (key[0] == 'e')
            return set_text (s->command, sizeof s->command, rest,
                             "--external's command", err, errlen);
        if (key[0] == 'r')
            return set_text (s->endpoint, sizeof s->endpoint, rest,
                             "--remote's endpoint", err, errlen);
        const char *colon = strchr (rest, ':');
        size_t len = colon ? (size_t) (colon - rest) : strlen (rest);
        if (len == 0 || len >= sizeof s->class_name)
            return fail (err, errlen, "--strategy \"%s\" is not %s", value,
                         form);
        memcpy (s->class_name, rest, len);
        s->class_name[len] = 0;
        return set_text (s->params, sizeof s->params, colon ? colon + 1 : "",
                         "--strategy's parameters", err, errlen);
    }
    if (strcmp (key, "format") == 0)
        return set_format (self, value, err, errlen);
    if (strcmp (key, "games") == 0) {
        if (parse_long (value, 0, 1LL << 40, &n) < 0)
            return fail (err, errlen, "--games \"%s\" is not a number",
                         value);
        return set_games (self, n, err, errlen);
    }
    if (strcmp (key, "seed") == 0) {
        if (parse_u64 (value, &self->seed) < 0)
            return fail (err, errlen, "--seed \"%s\" is not a number from 0 "
                         "to 2^64-1", value);
        return 0;
    }
    if (strcmp (key, "seeds") == 0)
        return parse_seeds (self, value, err, errlen);
    if (strcmp (key, "sprt") == 0)
        return parse_sprt (self, value, err, errlen);
    if (strcmp (key, "database") == 0 || strcmp (key, "db") == 0)
        return set_path (self->database, NULL, value, "database", err,
                         errlen);
    if (strcmp (key, "concurrency") == 0) {
        if (parse_long (value, -1000, 1000, &n) < 0)
            return fail (err, errlen, "--concurrency \"%s\" is not a number",
                         value);
        return set_concurrency (self, n, err, errlen);
    }
    if (strcmp (key, "bind") == 0)
        return set_text (self->bind, sizeof self->bind, value, "bind", err,
                         errlen);
    if (strcmp (key, "worker_timeout") == 0 || strcmp (key, "move_timeout")
        == 0 || strcmp (key, "end_wait") == 0) {
        if (tour_spec_parse_number (value, &d) < 0)
            return fail (err, errlen, "--%s \"%s\" is not a number of "
                         "seconds", key_in, value);
        return set_time_setting (self, key, d, err, errlen);
    }
    if (strcmp (key, "keep_logs") == 0) {
        if (strcmp (value, "true") == 0 || strcmp (value, "yes") == 0)
            self->keep_logs = true;
        else if (strcmp (value, "false") == 0 || strcmp (value, "no") == 0)
            self->keep_logs = false;
        else
            return fail (err, errlen, "--keep-logs \"%s\" is neither true "
                         "nor false", value);
        return 0;
    }
    return fail (err, errlen, "unknown setting \"%s\"", key_in);
}

/*  ---- the tournament file ---- */

/*  "file:line - " for a setting. */
static void
where (const config_setting_t *s, const char *path, char *buf, size_t size)
{
    const char *file = config_setting_source_file (s);
    snprintf (buf, size, "%s:%d - ", file ? file : path,
              config_setting_source_line (s));
}

static int
setting_fail (const config_setting_t *s, const char *path, char *err,
              int errlen, const char *fmt, ...)
    __attribute__ ((format (printf, 5, 6)));

static int
setting_fail (const config_setting_t *s, const char *path, char *err,
              int errlen, const char *fmt, ...)
{
    char at[TOUR_SPEC_PATH_MAX + 32], what[512];
    where (s, path, at, sizeof at);
    va_list ap;
    va_start (ap, fmt);
    vsnprintf (what, sizeof what, fmt, ap);
    va_end (ap);
    snprintf (err, errlen, "%s%s", at, what);
    return -1;
}

static int
get_string (const config_setting_t *s, const char *path, const char **out,
            char *err, int errlen)
{
    if (config_setting_type (s) != CONFIG_TYPE_STRING)
        return setting_fail (s, path, err, errlen, "%s must be a string",
                             config_setting_name (s) ? config_setting_name (s)
                             : "the value");
    *out = config_setting_get_string (s);
    return 0;
}

static int
get_number (const config_setting_t *s, const char *path, double *out,
            char *err, int errlen)
{
    int t = config_setting_type (s);
    if (t == CONFIG_TYPE_INT || t == CONFIG_TYPE_INT64)
        *out = (double) config_setting_get_int64 (s);
    else if (t == CONFIG_TYPE_FLOAT)
        *out = config_setting_get_float (s);
    else
        return setting_fail (s, path, err, errlen, "%s must be a number",
                             config_setting_name (s));
    return 0;
}

/*  Run a tour_spec_set-style setter and put the setting's place before its
 *  complaint. */
static int
located (int rc, const config_setting_t *s, const char *path, char *err,
         int errlen)
{
    if (rc == 0)
        return 0;
    char reason[512];
    snprintf (reason, sizeof reason, "%s", err);
    return setting_fail (s, path, err, errlen, "%s", reason);
}

/*  A "tables=PATH" in a strategy's `params` made relative to the
 *  directory `base` (the tournament file's); the other keys first. */
static int
rebase_tables (char *params, const char *base, char *err, int errlen)
{
    char rest[STRATEGY_PARAMS_MAX], path[STRATEGY_TABLES_PATH_MAX];
    if (strategy_split_tables (params, rest, path) < 0)
        return fail (err, errlen, "params: %s", path);
    if (!path[0] || path[0] == '/')
        return 0;
    char full[TOUR_SPEC_PATH_MAX];
    if (set_path (full, base, path, "params' tables", err, errlen) < 0)
        return -1;
    char buf[STRATEGY_PARAMS_MAX + TOUR_SPEC_PATH_MAX + 16];
    snprintf (buf, sizeof buf, "%s%stables=%s", rest, rest[0] ? "," : "",
              full);
    return set_text (params, STRATEGY_PARAMS_MAX, buf, "params", err, errlen);
}

/*  A strategy's own variant of the tables, when its params name one:
 *  the path made absolute (the workers may run elsewhere), the file
 *  loaded and checked against the tournament's `base` ruleset, its hash
 *  (which must be `tables_hash` when that is already set: a tournament
 *  read back from its database). */
static int
check_variant (tour_spec_strategy_t *s, const ruleset_t *base, char *err,
               int errlen)
{
    char rest[STRATEGY_PARAMS_MAX], path[STRATEGY_TABLES_PATH_MAX];
    if (strategy_split_tables (s->params, rest, path) < 0)
        return fail (err, errlen, "strategy \"%s\": %s", s->name, path);
    if (!path[0]) {
        if (s->tables_hash[0])
            return fail (err, errlen, "strategy \"%s\": a tables hash "
                         "without tables in its params", s->name);
        return 0;
    }
    char full[PATH_MAX], cwd[PATH_MAX];
    if (path[0] == '/')
        snprintf (full, sizeof full, "%s", path);
    else if (!getcwd (cwd, sizeof cwd)
             || strlen (cwd) + strlen (path) + 2 > sizeof full)
        return fail (err, errlen, "strategy \"%s\": %s - no absolute path "
                     "for it", s->name, path);
    else
        snprintf (full, sizeof full, "%s/%s", cwd, path);
    char buf[STRATEGY_PARAMS_MAX + PATH_MAX + 16];
    snprintf (buf, sizeof buf, "%s%stables=%s", rest, rest[0] ? "," : "",
              full);
    if (set_text (s->params, sizeof s->params, buf, "params", err, errlen) < 0)
        return -1;
    char why[SOLO_ERR_MAX];
    ruleset_t *variant = strategy_load_variant (base, full, why, sizeof why);
    if (!variant)
        return fail (err, errlen, "strategy \"%s\": %s", s->name, why);
    const char *hash = ruleset_tables_hash (variant);
    int rc = 0;
    if (s->tables_hash[0] && strcmp (s->tables_hash, hash) != 0)
        rc = fail (err, errlen, "strategy \"%s\": the tables %s have hash "
                   "%s, the tournament's were %s", s->name, full, hash,
                   s->tables_hash);
    else
        snprintf (s->tables_hash, sizeof s->tables_hash, "%s", hash);
    ruleset_destroy (&variant);
    return rc;
}

static int
load_strategy (tour_spec_t *self, const config_setting_t *g, const char *path,
               char *err, int errlen)
{
    if (!config_setting_is_group (g))
        return setting_fail (g, path, err, errlen, "each of strategies must "
                             "be a group { name = ...; class = ...; }");
    const config_setting_t *name = config_setting_get_member (g, "name");
    const char *v = NULL;
    if (!name)
        return setting_fail (g, path, err, errlen, "a strategy without a "
                             "name");
    if (get_string (name, path, &v, err, errlen) < 0)
        return -1;
    tour_spec_strategy_t *s = new_strategy (self, v, err, errlen);
    if (!s)
        return located (-1, name, path, err, errlen);
    s->timeout_ms = 0;
    for (int i = 0; i < config_setting_length (g); i++) {
        const config_setting_t *m = config_setting_get_elem (g, (unsigned) i);
        const char *key = config_setting_name (m);
        if (strcmp (key, "name") == 0)
            continue;
        if (strcmp (key, "timeout") == 0) {
            double sec = 0, checked = 0;
            if (get_number (m, path, &sec, err, errlen) < 0
                || located (set_seconds (&checked, sec, false, "timeout",
                                         err, errlen), m, path, err,
                            errlen) < 0)
                return -1;
            s->timeout_ms = (int) ceil (checked * 1000);
            continue;
        }
        if (strcmp (key, "class") != 0 && strcmp (key, "params") != 0
            && strcmp (key, "command") != 0 && strcmp (key, "endpoint") != 0)
            return setting_fail (m, path, err, errlen, "unknown strategy "
                                 "setting \"%s\" (name, class, params, "
                                 "command, endpoint, timeout)", key);
        if (get_string (m, path, &v, err, errlen) < 0)
            return -1;
        int rc;
        if (strcmp (key, "class") == 0)
            rc = set_text (s->class_name, sizeof s->class_name, v, "class",
                           err, errlen);
        else if (strcmp (key, "params") == 0)
            rc = set_text (s->params, sizeof s->params, v, "params", err,
                           errlen);
        else if (strcmp (key, "command") == 0)
            rc = set_text (s->command, sizeof s->command, v, "command", err,
                           errlen);
        else
            rc = set_text (s->endpoint, sizeof s->endpoint, v, "endpoint",
                           err, errlen);
        if (located (rc, m, path, err, errlen) < 0)
            return -1;
    }
    char base[TOUR_SPEC_PATH_MAX];
    snprintf (base, sizeof base, "%s", path);
    char *slash = strrchr (base, '/');
    if (slash)
        *slash = 0;
    else
        base[0] = 0;
    if (located (rebase_tables (s->params, base, err, errlen), g, path, err,
                 errlen) < 0)
        return -1;
    int kinds = !!s->class_name[0] + !!s->command[0] + !!s->endpoint[0];
    if (kinds != 1)
        return setting_fail (g, path, err, errlen, "strategy \"%s\" needs "
                             "exactly one of class (built-in), command or "
                             "endpoint (external)", s->name);
    if (s->class_name[0] && s->timeout_ms)
        return setting_fail (g, path, err, errlen, "strategy \"%s\": "
                             "timeout is for external strategies", s->name);
    return 0;
}

int
tour_spec_load_file (tour_spec_t *self, const char *path, char *err,
                     int errlen)
{
    assert (self && path && err && errlen > 0);
    config_t cfg;
    config_init (&cfg);
    char base[TOUR_SPEC_PATH_MAX];
    snprintf (base, sizeof base, "%s", path);
    char *slash = strrchr (base, '/');
    if (slash)
        *slash = 0;
    else
        snprintf (base, sizeof base, ".");
    config_set_include_dir (&cfg, base);
    int rc = -1;
    if (!config_read_file (&cfg, path)) {
        if (config_error_type (&cfg) == CONFIG_ERR_FILE_IO)
            fail (err, errlen, "%s - cannot read the tournament file", path);
        else
            fail (err, errlen, "%s:%d - %s", config_error_file (&cfg)
                  ? config_error_file (&cfg) : path,
                  config_error_line (&cfg), config_error_text (&cfg));
        goto done;
    }
    const config_setting_t *root = config_root_setting (&cfg);
    for (int i = 0; i < config_setting_length (root); i++) {
        const config_setting_t *s = config_setting_get_elem (root,
                                                             (unsigned) i);
        const char *key = config_setting_name (s);
        const char *v = NULL;
        double d = 0;
        if (strcmp (key, "strategies") == 0) {
            if (!config_setting_is_list (s)) {
                setting_fail (s, path, err, errlen, "strategies must be a "
                              "list ( {...}, {...} )");
                goto done;
            }
            self->strategy_count = 0;
            for (int k = 0; k < config_setting_length (s); k++)
                if (load_strategy (self,
                                   config_setting_get_elem (s, (unsigned) k),
                                   path, err, errlen)
                    < 0)
                    goto done;
        }
        else if (strcmp (key, "scenarios") == 0) {
            if (!config_setting_is_aggregate (s)
                || config_setting_is_group (s)) {
                setting_fail (s, path, err, errlen, "scenarios must be a list "
                              "of file names [ \"...\", ... ]");
                goto done;
            }
            clear_files (self);
            self->scenario_count = 0;
            for (int k = 0; k < config_setting_length (s); k++) {
                const config_setting_t *e =
                    config_setting_get_elem (s, (unsigned) k);
                tour_spec_file_t *f;
                if (get_string (e, path, &v, err, errlen) < 0
                    || !(f = new_scenario (self, err, errlen))
                    || located (set_path (f->path, base, v, "scenario", err,
                                          errlen), e, path, err, errlen) < 0)
                    goto done;
            }
        }
        else if (strcmp (key, "seeds") == 0) {
            if (!config_setting_is_aggregate (s)
                || config_setting_is_group (s)) {
                setting_fail (s, path, err, errlen, "seeds must be a list of "
                              "numbers [ 1, 2, ... ]");
                goto done;
            }
            self->seed_count = 0;
            for (int k = 0; k < config_setting_length (s); k++) {
                const config_setting_t *e =
                    config_setting_get_elem (s, (unsigned) k);
                int t = config_setting_type (e);
                if ((t != CONFIG_TYPE_INT && t != CONFIG_TYPE_INT64)
                    || config_setting_get_int64 (e) < 0) {
                    setting_fail (e, path, err, errlen, "seeds[%d] must be a "
                                  "whole number, 0 or more", k);
                    goto done;
                }
                if (located (add_seed (self,
                                       (uint64_t) config_setting_get_int64 (e),
                                       err, errlen), e, path, err, errlen) < 0)
                    goto done;
            }
        }
        else if (strcmp (key, "sprt") == 0) {
            if (!config_setting_is_group (s)) {
                setting_fail (s, path, err, errlen, "sprt must be a group "
                              "{ elo0 = ...; elo1 = ...; alpha = ...; "
                              "beta = ...; }");
                goto done;
            }
            tour_stats_sprt_t t = { 0.0, 0.0, 0.05, 0.05 };
            double *field[4] = { &t.elo0, &t.elo1, &t.alpha, &t.beta };
            const char *names[4] = { "elo0", "elo1", "alpha", "beta" };
            bool seen[2] = { false, false };
            for (int k = 0; k < config_setting_length (s); k++) {
                const config_setting_t *e =
                    config_setting_get_elem (s, (unsigned) k);
                int f = -1;
                for (int j = 0; j < 4; j++)
                    if (strcmp (config_setting_name (e), names[j]) == 0)
                        f = j;
                if (f < 0) {
                    setting_fail (e, path, err, errlen, "unknown sprt setting "
                                  "\"%s\" (elo0, elo1, alpha, beta)",
                                  config_setting_name (e));
                    goto done;
                }
                if (get_number (e, path, field[f], err, errlen) < 0)
                    goto done;
                if (f < 2)
                    seen[f] = true;
            }
            if (!seen[0] || !seen[1]) {
                setting_fail (s, path, err, errlen, "sprt needs elo0 and "
                              "elo1");
                goto done;
            }
            if (located (tour_stats_sprt_check (&t, err, errlen), s, path, err,
                         errlen)
                < 0)
                goto done;
            self->sprt = t;
            self->has_sprt = true;
        }
        else if (strcmp (key, "games") == 0 || strcmp (key, "concurrency")
                 == 0) {
            int t = config_setting_type (s);
            if (t != CONFIG_TYPE_INT && t != CONFIG_TYPE_INT64) {
                setting_fail (s, path, err, errlen, "%s must be a whole "
                              "number", key);
                goto done;
            }
            long long n = config_setting_get_int64 (s);
            if (located (key[0] == 'g' ? set_games (self, n, err, errlen)
                         : set_concurrency (self, n, err, errlen), s, path,
                         err, errlen) < 0)
                goto done;
        }
        else if (strcmp (key, "seed") == 0) {
            int t = config_setting_type (s);
            if ((t != CONFIG_TYPE_INT && t != CONFIG_TYPE_INT64)
                || config_setting_get_int64 (s) < 0) {
                setting_fail (s, path, err, errlen, "seed must be a whole "
                              "number, 0 or more");
                goto done;
            }
            self->seed = (uint64_t) config_setting_get_int64 (s);
        }
        else if (strcmp (key, "worker_timeout") == 0
                 || strcmp (key, "move_timeout") == 0
                 || strcmp (key, "end_wait") == 0) {
            if (get_number (s, path, &d, err, errlen) < 0
                || located (set_time_setting (self, key, d, err, errlen), s,
                            path, err, errlen) < 0)
                goto done;
        }
        else if (strcmp (key, "keep_logs") == 0) {
            if (config_setting_type (s) != CONFIG_TYPE_BOOL) {
                setting_fail (s, path, err, errlen, "keep_logs must be true "
                              "or false");
                goto done;
            }
            self->keep_logs = config_setting_get_bool (s);
        }
        else if (strcmp (key, "name") == 0 || strcmp (key, "format") == 0
                 || strcmp (key, "bind") == 0) {
            if (get_string (s, path, &v, err, errlen) < 0
                || located (tour_spec_set (self, key, v, err, errlen), s, path,
                            err, errlen)
                       < 0)
                goto done;
        }
        else if (strcmp (key, "tables") == 0 || strcmp (key, "database")
                 == 0) {
            char *dst = key[0] == 't' ? self->tables.path : self->database;
            if (get_string (s, path, &v, err, errlen) < 0
                || located (set_path (dst, base, v, key, err, errlen), s,
                            path, err, errlen) < 0)
                goto done;
        }
        else {
            setting_fail (s, path, err, errlen, "unknown setting \"%s\"",
                          key);
            goto done;
        }
    }
    rc = 0;
done:
    config_destroy (&cfg);
    return rc;
}

/*  ---- checking, the definition, the id ---- */

/*  The installed table file of ruleset `ruleset` (a name of letters,
 *  digits and underscores), else the source tree's.  0, or -1 when
 *  neither is there. */
static int
default_tables (tour_spec_t *self, const char *ruleset)
{
    if (!ruleset[0] || strspn (ruleset, "abcdefghijklmnopqrstuvwxyz"
                               "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
                       != strlen (ruleset))
        return -1;
    char candidates[2][TOUR_SPEC_PATH_MAX];
    snprintf (candidates[0], sizeof candidates[0],
              "%s/rulesets/%s/tables.cfg", SOLO_DATA_INSTALL_DIR, ruleset);
    snprintf (candidates[1], sizeof candidates[1], "%s/%s/tables.cfg",
              SOLO_SOURCE_DATA_DIR, ruleset);
    for (int i = 0; i < 2; i++)
        if (access (candidates[i], R_OK) == 0) {
            snprintf (self->tables.path, sizeof self->tables.path, "%s",
                      candidates[i]);
            return 0;
        }
    return -1;
}

/*  The ruleset a scenario's text names (its `ruleset` setting) into
 *  `name`; "" when the text does not read or names none (the scenario's
 *  own load reports why). */
static void
scenario_ruleset (const char *text, char *name, int len)
{
    name[0] = 0;
    config_t cfg;
    config_init (&cfg);
    const char *r = NULL;
    if (config_text_read (&cfg, text) == CONFIG_TRUE
        && config_lookup_string (&cfg, "ruleset", &r) == CONFIG_TRUE && r)
        snprintf (name, (size_t) len, "%s", r);
    config_destroy (&cfg);
}

/*  No table file given: the scenarios' own ruleset's installed tables
 *  (every scenario must name the same ruleset: one tournament, one set
 *  of rules); without scenarios, the default ruleset's.  0, or -1 with
 *  err. */
static int
scenarios_tables (tour_spec_t *self, char *err, int errlen)
{
    char ruleset[TOUR_SPEC_NAME_MAX] = DEFAULT_RULESET;
    int first = -1;
    for (int i = 0; i < self->scenario_count; i++) {
        char name[TOUR_SPEC_NAME_MAX];
        scenario_ruleset (self->scenarios[i].text, name, sizeof name);
        if (!name[0])
            continue;
        if (first < 0) {
            first = i;
            snprintf (ruleset, sizeof ruleset, "%s", name);
        }
        else if (strcmp (name, ruleset) != 0)
            return fail (err, errlen, "the scenarios name two rulesets "
                         "(%s: %s, %s: %s): a tournament plays under one; "
                         "give each ruleset its own tournament",
                         self->scenarios[first].path, ruleset,
                         self->scenarios[i].path, name);
    }
    if (default_tables (self, ruleset) < 0)
        return fail (err, errlen, "no table file given (tables = ...) and "
                     "the %s ruleset%s is not installed", ruleset,
                     first < 0 ? "" : " the scenarios name");
    return 0;
}

static int
read_text (tour_spec_file_t *f, const char *what, char *err, int errlen)
{
    free (f->text);
    f->text = game_read_file (f->path, err, errlen);
    if (!f->text)
        return -1;
    if (strlen (f->text) > TOUR_SPEC_FILE_MAX) {
        free (f->text);
        f->text = NULL;
        return fail (err, errlen, "%s - %s file longer than %d bytes",
                     f->path, what, TOUR_SPEC_FILE_MAX);
    }
    return 0;
}

/*  Append to the definition buffer. */
typedef struct {
    char *buf;
    size_t len, cap;
    bool oom;
} text_t;

static void
text_add (text_t *t, const char *fmt, ...)
    __attribute__ ((format (printf, 2, 3)));

static void
text_add (text_t *t, const char *fmt, ...)
{
    if (t->oom)
        return;
    va_list ap;
    va_start (ap, fmt);
    int n = vsnprintf (NULL, 0, fmt, ap);
    va_end (ap);
    if (t->len + (size_t) n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 1024;
        while (cap < t->len + (size_t) n + 1)
            cap *= 2;
        char *buf = realloc (t->buf, cap);
        if (!buf) {
            t->oom = true;
            return;
        }
        t->buf = buf;
        t->cap = cap;
    }
    va_start (ap, fmt);
    vsnprintf (t->buf + t->len, t->cap - t->len, fmt, ap);
    va_end (ap);
    t->len += (size_t) n;
}

static int
build_definition (tour_spec_t *self, char *err, int errlen)
{
    text_t t = { 0 };
    text_add (&t, "%s\n", DEFINITION_HEAD);
    text_add (&t, "name = %s\n", self->name);
    text_add (&t, "ruleset = %s\n", self->ruleset);
    text_add (&t, "tables = %s\n", self->tables.hash);
    for (int i = 0; i < self->scenario_count; i++)
        text_add (&t, "scenario = %s\n", self->scenarios[i].hash);
    for (int i = 0; i < self->strategy_count; i++) {
        const tour_spec_strategy_t *s = &self->strategies[i];
        text_add (&t, "strategy = %s\n", s->name);
        if (s->class_name[0]) {
            text_add (&t, "strategy.class = %s\nstrategy.params = %s\n",
                      s->class_name, s->params);
            if (s->tables_hash[0])
                text_add (&t, "strategy.tables_hash = %s\n", s->tables_hash);
        }
        else
            text_add (&t, "strategy.command = %s\nstrategy.endpoint = %s\n"
                      "strategy.params = %s\nstrategy.timeout_ms = %d\n",
                      s->command, s->endpoint, s->params, s->timeout_ms);
    }
    text_add (&t, "format = %s\n", tour_spec_format_name (self->format));
    text_add (&t, "games = %d\n", self->games);
    if (self->seed_count == 0)
        text_add (&t, "seed = %llu\n", (unsigned long long) self->seed);
    else {
        text_add (&t, "seeds = ");
        for (int i = 0; i < self->seed_count; i++)
            text_add (&t, "%s%llu", i ? "," : "",
                      (unsigned long long) self->seeds[i]);
        text_add (&t, "\n");
    }
    if (self->has_sprt)
        text_add (&t, "sprt = %.17g,%.17g,%.17g,%.17g\n", self->sprt.elo0,
                  self->sprt.elo1, self->sprt.alpha, self->sprt.beta);
    else
        text_add (&t, "sprt = none\n");
    if (t.oom) {
        free (t.buf);
        return fail (err, errlen, "out of memory");
    }
    free (self->definition);
    self->definition = t.buf;
    tour_spec_hash (t.buf, t.len, self->id);
    return 0;
}

/*  Everything but reading the files: they are in memory. */
static int
check_loaded (tour_spec_t *self, char *err, int errlen)
{
    if (self->strategy_count < 2)
        return fail (err, errlen, "a tournament needs at least 2 strategies "
                     "(it has %d)", self->strategy_count);
    if (self->scenario_count < 1)
        return fail (err, errlen, "a tournament needs at least 1 scenario");
    for (int i = 0; i < self->strategy_count; i++) {
        tour_spec_strategy_t *s = &self->strategies[i];
        if (!s->name[0])
            return fail (err, errlen, "strategy %d has an empty name", i + 1);
        for (int j = 0; j < i; j++)
            if (strcmp (self->strategies[j].name, s->name) == 0)
                return fail (err, errlen, "two strategies are named \"%s\"",
                             s->name);
        if (s->class_name[0]) {
            char rest[STRATEGY_PARAMS_MAX], path[STRATEGY_TABLES_PATH_MAX];
            if (strategy_split_tables (s->params, rest, path) < 0)
                return fail (err, errlen, "strategy \"%s\": %s", s->name,
                             path);
            strategy_t *probe = strategy_new (s->class_name, rest, 0,
                                              err, errlen);
            if (!probe) {
                char why[SOLO_ERR_MAX];
                snprintf (why, sizeof why, "%s", err);
                return fail (err, errlen, "strategy \"%s\": %s", s->name,
                             why);
            }
            strategy_destroy (&probe);
        }
        else if (s->timeout_ms <= 0)
            s->timeout_ms = self->move_timeout_ms;
    }
    if (self->seed_count > 0) {
        if (self->games_given && self->games != 2 * self->seed_count)
            return fail (err, errlen, "games (%d) must be twice the number "
                         "of seeds (%d): one seed per pair of games",
                         self->games, self->seed_count);
        self->games = 2 * self->seed_count;
    }
    /* the rules and every scenario must load and make a game */
    game_rules_t *rules = game_rules_load_text (self->tables.text,
                                                self->tables.path, err,
                                                errlen);
    if (!rules)
        return -1;
    snprintf (self->ruleset, sizeof self->ruleset, "%s",
              ruleset_name (game_rules_ruleset (rules)));
    snprintf (self->tables.name, sizeof self->tables.name, "%s",
              self->ruleset);
    tour_spec_hash (self->tables.text, strlen (self->tables.text),
                    self->tables.hash);
    int rc = 0;
    for (int i = 0; i < self->strategy_count && rc == 0; i++)
        if (self->strategies[i].class_name[0])
            rc = check_variant (&self->strategies[i],
                                game_rules_ruleset (rules), err, errlen);
    for (int i = 0; i < self->scenario_count && rc == 0; i++) {
        tour_spec_file_t *f = &self->scenarios[i];
        tour_spec_hash (f->text, strlen (f->text), f->hash);
        scenario_t *sc = scenario_load_text (f->text, f->path,
                                             game_rules_finder, rules, err,
                                             errlen);
        if (!sc) {
            rc = -1;
            break;
        }
        snprintf (f->name, sizeof f->name, "%s", scenario_name (sc));
        game_t *g = game_new (rules, sc, err, errlen);
        if (!g)
            rc = -1;
        game_destroy (&g);
        scenario_destroy (&sc);
    }
    game_rules_destroy (&rules);
    if (rc < 0)
        return -1;
    return build_definition (self, err, errlen);
}

int
tour_spec_finish (tour_spec_t *self, char *err, int errlen)
{
    assert (self && err && errlen > 0);
    for (int i = 0; i < self->scenario_count; i++)
        if (read_text (&self->scenarios[i], "scenario", err, errlen) < 0)
            return -1;
    if (!self->tables.path[0] && scenarios_tables (self, err, errlen) < 0)
        return -1;
    if (read_text (&self->tables, "table", err, errlen) < 0)
        return -1;
    /* a house-rule overlay travels merged over its base: a worker on
       another machine plays the same tables without either file.  Its
       base, when not beside it, is an installed ruleset's (else the
       source tree's). */
    char installed[TOUR_SPEC_PATH_MAX];
    snprintf (installed, sizeof installed, "%s/rulesets",
              SOLO_DATA_INSTALL_DIR);
    const char *base_dir = access (installed, R_OK) == 0
                         ? installed : SOLO_SOURCE_DATA_DIR;
    char *merged = overlay_resolve_in (self->tables.text, self->tables.path,
                                       base_dir, err, errlen);
    if (!merged)
        return -1;
    free (self->tables.text);
    self->tables.text = merged;
    return check_loaded (self, err, errlen);
}

/*  One "key = value" line of a definition into the spec. */
static int
definition_line (tour_spec_t *self, const char *key, const char *value,
                 tour_spec_file_fn *file_text, void *arg, char *err,
                 int errlen)
{
    tour_spec_strategy_t *last = self->strategy_count
        ? &self->strategies[self->strategy_count - 1] : NULL;
    if (strcmp (key, "ruleset") == 0)
        return 0;                     /* worked out from the tables */
    if (strcmp (key, "tables") == 0 || strcmp (key, "scenario") == 0) {
        tour_spec_file_t *f = key[0] == 't' ? &self->tables
                                       : new_scenario (self, err, errlen);
        if (!f)
            return -1;
        free (f->text);
        f->text = file_text (arg, value, f->path, sizeof f->path);
        if (!f->text)
            return fail (err, errlen, "the database has no file of hash %s",
                         value);
        return 0;
    }
    if (strcmp (key, "strategy") == 0)
        return new_strategy (self, value, err, errlen) ? 0 : -1;
    if (strncmp (key, "strategy.", 9) == 0) {
        if (!last)
            return fail (err, errlen, "%s before any strategy", key);
        const char *f = key + 9;
        if (strcmp (f, "class") == 0)
            return set_text (last->class_name, sizeof last->class_name, value,
                             key, err, errlen);
        if (strcmp (f, "params") == 0)
            return set_text (last->params, sizeof last->params, value, key,
                             err, errlen);
        if (strcmp (f, "tables_hash") == 0)
            return set_text (last->tables_hash, sizeof last->tables_hash,
                             value, key, err, errlen);
        if (strcmp (f, "command") == 0)
            return set_text (last->command, sizeof last->command, value, key,
                             err, errlen);
        if (strcmp (f, "endpoint") == 0)
            return set_text (last->endpoint, sizeof last->endpoint, value,
                             key, err, errlen);
        if (strcmp (f, "timeout_ms") == 0) {
            long long n;
            if (parse_long (value, 1, 1LL << 30, &n) < 0)
                return fail (err, errlen, "%s \"%s\" is not a number", key,
                             value);
            last->timeout_ms = (int) n;
            return 0;
        }
        return fail (err, errlen, "unknown key \"%s\"", key);
    }
    if (strcmp (key, "games") == 0) {
        self->games_given = false;
        long long n;
        if (parse_long (value, 2, 2LL * TOUR_SPEC_MAX_PAIRS, &n) < 0)
            return fail (err, errlen, "games \"%s\" is not a number", value);
        return set_games (self, n, err, errlen);
    }
    return tour_spec_set (self, key, value, err, errlen);
}

int
tour_spec_from_definition (tour_spec_t *self, const char *definition,
                           tour_spec_file_fn *file_text, void *arg, char *err,
                           int errlen)
{
    assert (self && definition && file_text && err && errlen > 0);
    clear_files (self);
    self->scenario_count = 0;
    self->strategy_count = 0;
    self->seed_count = 0;
    self->has_sprt = false;
    self->games_given = false;
    self->flag_scenarios = self->flag_strategies = true;
    const char *line = definition;
    int number = 0;
    while (*line) {
        number++;
        size_t len = strcspn (line, "\n");
        char *buf = strndup (line, len);
        if (!buf)
            return fail (err, errlen, "out of memory");
        line += len + (line[len] == '\n');
        char reason[SOLO_ERR_MAX];
        int rc = 0;
        char *eq = strstr (buf, " = ");
        if (number == 1) {
            if (strcmp (buf, DEFINITION_HEAD) != 0)
                rc = fail (err, errlen, "not a tournament definition (its "
                           "first line is \"%.60s\")", buf);
        }
        else if (!eq)
            rc = fail (err, errlen, "definition line %d is not \"key = "
                       "value\"", number);
        else {
            *eq = 0;
            if (definition_line (self, buf, eq + 3, file_text, arg, reason,
                                 sizeof reason) < 0)
                rc = fail (err, errlen, "definition line %d: %s", number,
                           reason);
        }
        free (buf);
        if (rc < 0)
            return -1;
    }
    self->games_given = true;
    if (check_loaded (self, err, errlen) < 0)
        return -1;
    if (strcmp (self->definition, definition) != 0)
        return fail (err, errlen, "the stored definition does not read back "
                     "the same (a newer or damaged database?)");
    return 0;
}

/*  ---- reading it ---- */

const char *
tour_spec_name (const tour_spec_t *self)
{
    return self->name;
}

const char *
tour_spec_id (const tour_spec_t *self)
{
    return self->id;
}

const char *
tour_spec_definition (const tour_spec_t *self)
{
    return self->definition ? self->definition : "";
}

const tour_spec_file_t *
tour_spec_tables (const tour_spec_t *self)
{
    return &self->tables;
}

const char *
tour_spec_ruleset (const tour_spec_t *self)
{
    return self->ruleset;
}

int
tour_spec_scenario_count (const tour_spec_t *self)
{
    return self->scenario_count;
}

const tour_spec_file_t *
tour_spec_scenario (const tour_spec_t *self, int i)
{
    assert (i >= 0 && i < self->scenario_count);
    return &self->scenarios[i];
}

int
tour_spec_strategy_count (const tour_spec_t *self)
{
    return self->strategy_count;
}

const tour_spec_strategy_t *
tour_spec_strategy (const tour_spec_t *self, int i)
{
    assert (i >= 0 && i < self->strategy_count);
    return &self->strategies[i];
}

const char *
tour_spec_strategy_tables (const tour_spec_t *self, int i)
{
    assert (i >= 0 && i < self->strategy_count);
    const tour_spec_strategy_t *s = &self->strategies[i];
    return s->tables_hash[0] ? s->tables_hash : self->tables.hash;
}

bool
tour_spec_strategy_external (const tour_spec_strategy_t *s)
{
    return s->class_name[0] == 0;
}

tour_spec_format_t
tour_spec_format (const tour_spec_t *self)
{
    return self->format;
}

const char *
tour_spec_format_name (tour_spec_format_t format)
{
    return format == TOUR_SPEC_GAUNTLET ? "gauntlet" : "round-robin";
}

int
tour_spec_games (const tour_spec_t *self)
{
    return self->games;
}

int
tour_spec_pairs (const tour_spec_t *self)
{
    return self->games / 2;
}

bool
tour_spec_has_sprt (const tour_spec_t *self)
{
    return self->has_sprt;
}

const tour_stats_sprt_t *
tour_spec_sprt (const tour_spec_t *self)
{
    return &self->sprt;
}

int
tour_spec_pairing_count (const tour_spec_t *self)
{
    int n = self->strategy_count;
    if (n < 2)
        return 0;
    return self->format == TOUR_SPEC_GAUNTLET ? n - 1 : n * (n - 1) / 2;
}

void
tour_spec_pairing (const tour_spec_t *self, int pairing, int *first,
                   int *second)
{
    assert (pairing >= 0 && pairing < tour_spec_pairing_count (self));
    if (self->format == TOUR_SPEC_GAUNTLET) {
        *first = 0;
        *second = pairing + 1;
        return;
    }
    int n = self->strategy_count;
    for (int a = 0; a < n; a++) {
        if (pairing < n - 1 - a) {
            *first = a;
            *second = a + 1 + pairing;
            return;
        }
        pairing -= n - 1 - a;
    }
    assert (false);
}

/*  splitmix64 of the base seed and the pair. */
uint64_t
tour_spec_pair_seed (const tour_spec_t *self, int pair)
{
    if (self->seed_count > 0)
        return self->seeds[pair % self->seed_count];
    uint64_t z = self->seed + 0x9E3779B97F4A7C15ULL * (uint64_t) (pair + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

int
tour_spec_pair_scenario (const tour_spec_t *self, int pair)
{
    return self->scenario_count ? pair % self->scenario_count : 0;
}

int64_t
tour_spec_game_id (const tour_spec_t *self, int pairing, int pair, int game)
{
    return ((int64_t) pairing * tour_spec_pairs (self) + pair) * 2 + game + 1;
}

int
tour_spec_game_from_id (const tour_spec_t *self, int64_t id, int *pairing,
                        int *pair, int *game)
{
    int64_t pairs = tour_spec_pairs (self);
    if (id < 1 || pairs < 1
        || id > (int64_t) tour_spec_pairing_count (self) * pairs * 2)
        return -1;
    int64_t k = id - 1;
    *game = (int) (k % 2);
    k /= 2;
    *pair = (int) (k % pairs);
    *pairing = (int) (k / pairs);
    return 0;
}

const char *
tour_spec_database (const tour_spec_t *self)
{
    return self->database;
}

int
tour_spec_concurrency (const tour_spec_t *self)
{
    return self->concurrency;
}

const char *
tour_spec_bind (const tour_spec_t *self)
{
    return self->bind;
}

double
tour_spec_worker_timeout (const tour_spec_t *self)
{
    return self->worker_timeout;
}

double
tour_spec_end_wait (const tour_spec_t *self)
{
    return self->end_wait;
}

bool
tour_spec_keep_logs (const tour_spec_t *self)
{
    return self->keep_logs;
}
