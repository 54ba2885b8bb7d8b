/*  tour_store.c - the tournament's SQLite database.  */
#include <assert.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "tour_store.h"

struct tour_store_t {
    sqlite3 *db;
    char path[TOUR_SPEC_PATH_MAX];
    sqlite3_stmt *put;
};

static const char *schema =
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, "
    "  value TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS files (hash TEXT PRIMARY KEY, kind TEXT, "
    "  path TEXT, text TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS games ("
    "  id INTEGER PRIMARY KEY, pairing INTEGER NOT NULL, "
    "  pair_index INTEGER NOT NULL, game INTEGER NOT NULL, "
    "  first INTEGER, second INTEGER, blue INTEGER, red INTEGER, "
    "  scenario INTEGER, seed INTEGER, winner INTEGER, score REAL, "
    "  turns INTEGER, reason TEXT, "
    "  figures_blue INTEGER, figures_red INTEGER, killed_blue INTEGER, "
    "  killed_red INTEGER, wounded_blue INTEGER, wounded_red INTEGER, "
    "  gone_blue INTEGER, gone_red INTEGER, "
    "  forfeit TEXT, forfeit_side INTEGER, forfeit_detail TEXT, "
    "  ruleset TEXT, tables_hash TEXT, worker TEXT, seconds REAL, "
    "  steps INTEGER, dice INTEGER, orders INTEGER, log TEXT, "
    "  decisions TEXT, finished TEXT, "
    "  UNIQUE (pairing, pair_index, game));";

#define GAME_COLUMNS \
    "id, pairing, pair_index, game, first, second, blue, red, scenario, " \
    "seed, winner, turns, reason, figures_blue, figures_red, killed_blue, " \
    "killed_red, wounded_blue, wounded_red, gone_blue, gone_red, forfeit, " \
    "forfeit_side, forfeit_detail, ruleset, tables_hash, worker, seconds, " \
    "steps, dice, orders"

static int
db_fail (tour_store_t *self, char *err, int errlen, const char *what)
{
    snprintf (err, errlen, "%s - %s: %s", self->path, what,
              sqlite3_errmsg (self->db));
    return -1;
}

double
tour_game_score (const tour_game_t *g)
{
    if (g->winner < 0)
        return 0.5;
    int first_side = g->game == 0 ? SIDE_BLUE : SIDE_RED;
    return g->winner == first_side ? 1.0 : 0.0;
}

tour_store_t *
tour_store_open (const char *path, char *err, int errlen)
{
    assert (path && err && errlen > 0);
    tour_store_t *self = calloc (1, sizeof *self);
    if (!self) {
        snprintf (err, errlen, "out of memory");
        return NULL;
    }
    snprintf (self->path, sizeof self->path, "%s", path);
    if (sqlite3_open_v2 (path, &self->db, SQLITE_OPEN_READWRITE
                         | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL)
        != SQLITE_OK) {
        db_fail (self, err, errlen, "cannot open the database");
        tour_store_destroy (&self);
        return NULL;
    }
    sqlite3_busy_timeout (self->db, 5000);
    char *msg = NULL;
    if (sqlite3_exec (self->db, "PRAGMA journal_mode=WAL;"
                      "PRAGMA synchronous=NORMAL;", NULL, NULL, &msg)
        != SQLITE_OK
        || sqlite3_exec (self->db, schema, NULL, NULL, &msg) != SQLITE_OK) {
        snprintf (err, errlen, "%s - not a tournament database: %s", path,
                  msg ? msg : sqlite3_errmsg (self->db));
        sqlite3_free (msg);
        tour_store_destroy (&self);
        return NULL;
    }
    if (sqlite3_prepare_v2 (self->db, "INSERT OR IGNORE INTO games ("
                            GAME_COLUMNS ", score, log, decisions, finished) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                            "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                            "?, ?, ?, ?, ?, ?)", -1, &self->put, NULL)
        != SQLITE_OK) {
        db_fail (self, err, errlen, "cannot prepare");
        tour_store_destroy (&self);
        return NULL;
    }
    return self;
}

void
tour_store_destroy (tour_store_t **self_p)
{
    assert (self_p);
    tour_store_t *self = *self_p;
    if (!self)
        return;
    sqlite3_finalize (self->put);
    sqlite3_close (self->db);
    free (self);
    *self_p = NULL;
}

/*  A meta value (malloc'd) or NULL. */
static char *
meta_get (tour_store_t *self, const char *key)
{
    sqlite3_stmt *st;
    char *value = NULL;
    if (sqlite3_prepare_v2 (self->db, "SELECT value FROM meta WHERE key = ?",
                            -1, &st, NULL) != SQLITE_OK)
        return NULL;
    sqlite3_bind_text (st, 1, key, -1, SQLITE_STATIC);
    if (sqlite3_step (st) == SQLITE_ROW)
        value = strdup ((const char *) sqlite3_column_text (st, 0));
    sqlite3_finalize (st);
    return value;
}

static int
meta_put (tour_store_t *self, const char *key, const char *value)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2 (self->db, "INSERT OR REPLACE INTO meta (key, "
                            "value) VALUES (?, ?)", -1, &st, NULL)
        != SQLITE_OK)
        return -1;
    sqlite3_bind_text (st, 1, key, -1, SQLITE_STATIC);
    sqlite3_bind_text (st, 2, value, -1, SQLITE_STATIC);
    int rc = sqlite3_step (st) == SQLITE_DONE ? 0 : -1;
    sqlite3_finalize (st);
    return rc;
}

static int
file_put (tour_store_t *self, const tour_spec_file_t *f, const char *kind)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2 (self->db, "INSERT OR IGNORE INTO files (hash, "
                            "kind, path, text) VALUES (?, ?, ?, ?)", -1, &st,
                            NULL) != SQLITE_OK)
        return -1;
    sqlite3_bind_text (st, 1, f->hash, -1, SQLITE_STATIC);
    sqlite3_bind_text (st, 2, kind, -1, SQLITE_STATIC);
    sqlite3_bind_text (st, 3, f->path, -1, SQLITE_STATIC);
    sqlite3_bind_text (st, 4, f->text, -1, SQLITE_STATIC);
    int rc = sqlite3_step (st) == SQLITE_DONE ? 0 : -1;
    sqlite3_finalize (st);
    return rc;
}

/*  The first line where two definitions differ, for the error. */
static void
first_difference (const char *had, const char *now, char *err, int errlen,
                  const char *path)
{
    int line = 1;
    while (*had && *now) {
        size_t a = strcspn (had, "\n"), b = strcspn (now, "\n");
        if (a != b || memcmp (had, now, a) != 0) {
            snprintf (err, errlen, "%s holds another tournament: its "
                      "definition line %d is \"%.*s\", this one's \"%.*s\" "
                      "(resume with the same definition, or use another "
                      "database)", path, line, (int) (a > 120 ? 120 : a),
                      had, (int) (b > 120 ? 120 : b), now);
            return;
        }
        had += a + (had[a] == '\n');
        now += b + (now[b] == '\n');
        line++;
    }
    snprintf (err, errlen, "%s holds another tournament: its definition "
              "%s at line %d (resume with the same definition, or use "
              "another database)", path, *had ? "goes on" : "stops", line);
}

int
tour_store_begin (tour_store_t *self, const tour_spec_t *spec, char *err,
                  int errlen)
{
    assert (self && spec && err && errlen > 0);
    char *had = meta_get (self, "definition");
    if (had) {
        int rc = 0;
        if (strcmp (had, tour_spec_definition (spec)) != 0) {
            first_difference (had, tour_spec_definition (spec), err, errlen,
                              self->path);
            rc = -1;
        }
        free (had);
        return rc;
    }
    if (sqlite3_exec (self->db, "BEGIN", NULL, NULL, NULL) != SQLITE_OK)
        return db_fail (self, err, errlen, "cannot begin");
    char now[32];
    time_t t = time (NULL);
    struct tm tm;
    gmtime_r (&t, &tm);
    strftime (now, sizeof now, "%Y-%m-%dT%H:%M:%SZ", &tm);
    int rc = meta_put (self, "definition", tour_spec_definition (spec));
    rc |= meta_put (self, "id", tour_spec_id (spec));
    rc |= meta_put (self, "created", now);
    rc |= file_put (self, tour_spec_tables (spec), "tables");
    for (int i = 0; i < tour_spec_scenario_count (spec); i++)
        rc |= file_put (self, tour_spec_scenario (spec, i), "scenario");
    if (rc != 0) {
        db_fail (self, err, errlen, "cannot write the tournament");
        sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
        return -1;
    }
    if (sqlite3_exec (self->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
        return db_fail (self, err, errlen, "cannot commit");
    return 0;
}

char *
tour_store_file_text (void *arg, const char *hash, char *path, int pathlen)
{
    tour_store_t *self = arg;
    sqlite3_stmt *st;
    char *text = NULL;
    if (sqlite3_prepare_v2 (self->db, "SELECT path, text FROM files WHERE "
                            "hash = ?", -1, &st, NULL) != SQLITE_OK)
        return NULL;
    sqlite3_bind_text (st, 1, hash, -1, SQLITE_STATIC);
    if (sqlite3_step (st) == SQLITE_ROW) {
        const char *p = (const char *) sqlite3_column_text (st, 0);
        if (path && pathlen > 0)
            snprintf (path, pathlen, "%s", p ? p : hash);
        text = strdup ((const char *) sqlite3_column_text (st, 1));
    }
    sqlite3_finalize (st);
    return text;
}

int
tour_store_load_spec (tour_store_t *self, tour_spec_t *spec, char *err,
                      int errlen)
{
    char *definition = meta_get (self, "definition");
    if (!definition)
        return 1;
    int rc = tour_spec_from_definition (spec, definition, tour_store_file_text,
                                        self, err, errlen);
    free (definition);
    if (rc < 0) {
        char why[SOLO_ERR_MAX];
        snprintf (why, sizeof why, "%s", err);
        snprintf (err, errlen, "%s - %s", self->path, why);
    }
    return rc;
}

int
tour_store_put_game (tour_store_t *self, const tour_game_t *g, char *err,
                     int errlen)
{
    assert (self && g && err && errlen > 0);
    sqlite3_stmt *st = self->put;
    sqlite3_reset (st);
    sqlite3_clear_bindings (st);
    int k = 1;
    sqlite3_bind_int64 (st, k++, g->id);
    sqlite3_bind_int (st, k++, g->pairing);
    sqlite3_bind_int (st, k++, g->pair_index);
    sqlite3_bind_int (st, k++, g->game);
    sqlite3_bind_int (st, k++, g->first);
    sqlite3_bind_int (st, k++, g->second);
    sqlite3_bind_int (st, k++, g->blue);
    sqlite3_bind_int (st, k++, g->red);
    sqlite3_bind_int (st, k++, g->scenario);
    sqlite3_bind_int64 (st, k++, (sqlite3_int64) g->seed);
    sqlite3_bind_int (st, k++, g->winner);
    sqlite3_bind_int (st, k++, g->turns);
    sqlite3_bind_text (st, k++, g->reason, -1, SQLITE_STATIC);
    for (int s = 0; s < SIDE_COUNT; s++)
        sqlite3_bind_int (st, k++, g->figures[s]);
    for (int s = 0; s < SIDE_COUNT; s++)
        sqlite3_bind_int (st, k++, g->killed[s]);
    for (int s = 0; s < SIDE_COUNT; s++)
        sqlite3_bind_int (st, k++, g->wounded[s]);
    for (int s = 0; s < SIDE_COUNT; s++)
        sqlite3_bind_int (st, k++, g->gone[s]);
    sqlite3_bind_text (st, k++, g->forfeit, -1, SQLITE_STATIC);
    sqlite3_bind_int (st, k++, g->forfeit_side);
    sqlite3_bind_text (st, k++, g->forfeit_detail, -1, SQLITE_STATIC);
    sqlite3_bind_text (st, k++, g->ruleset, -1, SQLITE_STATIC);
    sqlite3_bind_text (st, k++, g->tables_hash, -1, SQLITE_STATIC);
    sqlite3_bind_text (st, k++, g->worker, -1, SQLITE_STATIC);
    sqlite3_bind_double (st, k++, g->seconds);
    sqlite3_bind_int64 (st, k++, (sqlite3_int64) g->steps);
    sqlite3_bind_int (st, k++, g->dice);
    sqlite3_bind_int (st, k++, g->orders);
    sqlite3_bind_double (st, k++, tour_game_score (g));
    sqlite3_bind_text (st, k++, g->log ? g->log : "", -1, SQLITE_STATIC);
    sqlite3_bind_text (st, k++, g->decisions ? g->decisions : "", -1,
                       SQLITE_STATIC);
    char now[32];
    time_t t = time (NULL);
    struct tm tm;
    gmtime_r (&t, &tm);
    strftime (now, sizeof now, "%Y-%m-%dT%H:%M:%SZ", &tm);
    sqlite3_bind_text (st, k++, now, -1, SQLITE_TRANSIENT);
    int rc = sqlite3_step (st);
    sqlite3_reset (st);
    sqlite3_clear_bindings (st);
    if (rc != SQLITE_DONE)
        return db_fail (self, err, errlen, "cannot store a game");
    return sqlite3_changes (self->db) > 0 ? 1 : 0;
}

static void
copy_column (sqlite3_stmt *st, int col, char *dst, size_t size)
{
    const char *v = (const char *) sqlite3_column_text (st, col);
    snprintf (dst, size, "%s", v ? v : "");
}

/*  A row of GAME_COLUMNS into g (log and decisions left NULL). */
static void
read_row (sqlite3_stmt *st, tour_game_t *g)
{
    memset (g, 0, sizeof *g);
    int k = 0;
    g->id = sqlite3_column_int64 (st, k++);
    g->pairing = sqlite3_column_int (st, k++);
    g->pair_index = sqlite3_column_int (st, k++);
    g->game = sqlite3_column_int (st, k++);
    g->first = sqlite3_column_int (st, k++);
    g->second = sqlite3_column_int (st, k++);
    g->blue = sqlite3_column_int (st, k++);
    g->red = sqlite3_column_int (st, k++);
    g->scenario = sqlite3_column_int (st, k++);
    g->seed = (uint64_t) sqlite3_column_int64 (st, k++);
    g->winner = sqlite3_column_int (st, k++);
    g->turns = sqlite3_column_int (st, k++);
    copy_column (st, k++, g->reason, sizeof g->reason);
    for (int s = 0; s < SIDE_COUNT; s++)
        g->figures[s] = sqlite3_column_int (st, k++);
    for (int s = 0; s < SIDE_COUNT; s++)
        g->killed[s] = sqlite3_column_int (st, k++);
    for (int s = 0; s < SIDE_COUNT; s++)
        g->wounded[s] = sqlite3_column_int (st, k++);
    for (int s = 0; s < SIDE_COUNT; s++)
        g->gone[s] = sqlite3_column_int (st, k++);
    copy_column (st, k++, g->forfeit, sizeof g->forfeit);
    g->forfeit_side = sqlite3_column_int (st, k++);
    copy_column (st, k++, g->forfeit_detail, sizeof g->forfeit_detail);
    copy_column (st, k++, g->ruleset, sizeof g->ruleset);
    copy_column (st, k++, g->tables_hash, sizeof g->tables_hash);
    copy_column (st, k++, g->worker, sizeof g->worker);
    g->seconds = sqlite3_column_double (st, k++);
    g->steps = (uint64_t) sqlite3_column_int64 (st, k++);
    g->dice = sqlite3_column_int (st, k++);
    g->orders = sqlite3_column_int (st, k++);
}

int
tour_store_each_game (tour_store_t *self, tour_game_fn *fn, void *arg,
                      char *err, int errlen)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2 (self->db, "SELECT " GAME_COLUMNS " FROM games "
                            "ORDER BY id", -1, &st, NULL) != SQLITE_OK)
        return db_fail (self, err, errlen, "cannot read the games");
    int rc;
    tour_game_t g;
    while ((rc = sqlite3_step (st)) == SQLITE_ROW) {
        read_row (st, &g);
        fn (arg, &g);
    }
    sqlite3_finalize (st);
    if (rc != SQLITE_DONE)
        return db_fail (self, err, errlen, "cannot read the games");
    return 0;
}

int
tour_store_get_game (tour_store_t *self, int64_t id, tour_game_t *g,
                     char **log, char **decisions, char *err, int errlen)
{
    sqlite3_stmt *st;
    *log = *decisions = NULL;
    if (sqlite3_prepare_v2 (self->db, "SELECT " GAME_COLUMNS ", log, "
                            "decisions FROM games WHERE id = ?", -1, &st,
                            NULL) != SQLITE_OK)
        return db_fail (self, err, errlen, "cannot read a game");
    sqlite3_bind_int64 (st, 1, id);
    int rc = sqlite3_step (st);
    if (rc != SQLITE_ROW) {
        sqlite3_finalize (st);
        return rc == SQLITE_DONE ? 0 : db_fail (self, err, errlen,
                                                "cannot read a game");
    }
    read_row (st, g);
    const char *l = (const char *) sqlite3_column_text (st, 31);
    const char *d = (const char *) sqlite3_column_text (st, 32);
    *log = strdup (l ? l : "");
    *decisions = strdup (d ? d : "");
    sqlite3_finalize (st);
    if (!*log || !*decisions) {
        free (*log);
        free (*decisions);
        *log = *decisions = NULL;
        snprintf (err, errlen, "out of memory");
        return -1;
    }
    g->log = *log;
    g->decisions = *decisions;
    return 1;
}

int
tour_store_game_count (tour_store_t *self)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2 (self->db, "SELECT count(*) FROM games", -1, &st,
                            NULL) != SQLITE_OK)
        return -1;
    int n = sqlite3_step (st) == SQLITE_ROW ? sqlite3_column_int (st, 0) : -1;
    sqlite3_finalize (st);
    return n;
}
