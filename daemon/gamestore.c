/*  gamestore.c - the open games in memory and in an SQLite file.
 *
 *  Locks: `lock` guards the list of games and their reference counts;
 *  each game's own `lock` guards its state; `db_lock` guards the SQLite
 *  connection.  A thread holds a game's lock while it takes `lock` or
 *  `db_lock`, never the other way round.  */
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "log.h"
#include "gamestore.h"

#define GAMESTORE_SCHEMA_VERSION 1
#define GAMESTORE_BUSY_MS        5000

struct gamestore_game_t {
    char id[GAMESTORE_ID_MAX];
    int64_t row;                     /* games.id in the file */
    scenario_t *scenario;            /* owned; the state's game plays it */
    table_state_t *state;
    uint64_t sequence;
    pthread_mutex_t lock;
    int refs;                        /* under the store's lock */
    atomic_bool closed;              /* set under the game's lock */
};

struct gamestore_t {
    const catalog_t *catalog;
    sqlite3 *db;
    pthread_mutex_t db_lock;
    pthread_mutex_t lock;
    gamestore_game_t *games[GAMESTORE_MAX_GAMES];   /* oldest first */
    int count;
};

static const char *schema =
    "CREATE TABLE IF NOT EXISTS games ("
    "  id INTEGER PRIMARY KEY AUTOINCREMENT,"
    "  scenario TEXT NOT NULL,"         /* the scenario's name */
    "  ruleset TEXT NOT NULL,"
    "  tables_hash TEXT NOT NULL,"      /* the tables when it opened */
    "  origin TEXT NOT NULL,"           /* the text's name in errors */
    "  source TEXT NOT NULL,"           /* the scenario's text */
    "  opened_ms INTEGER NOT NULL);"
    "CREATE TABLE IF NOT EXISTS updates ("
    "  game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
    "  seq INTEGER NOT NULL,"           /* from 1 in each game */
    "  body BLOB NOT NULL,"             /* a packed solo.v1.ReportUpdate */
    "  at_ms INTEGER NOT NULL,"
    "  PRIMARY KEY (game, seq));";

static int64_t
now_ms (void)
{
    struct timespec now;
    clock_gettime (CLOCK_REALTIME, &now);
    return (int64_t) now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/*  ---- games in memory -------------------------------------------------- */

static void
game_free (gamestore_game_t **game_p)
{
    gamestore_game_t *game = *game_p;
    if (!game)
        return;
    table_state_destroy (&game->state);
    scenario_destroy (&game->scenario);
    pthread_mutex_destroy (&game->lock);
    free (game);
    *game_p = NULL;
}

/*  A game of a scenario text, as it starts; NULL with `error`. */
static gamestore_game_t *
game_build (const catalog_t *catalog, const char *text, const char *origin,
            const char *field, convert_error_t *error)
{
    gamestore_game_t *game = calloc (1, sizeof *game);
    if (!game) {
        convert_fail (error, SOLO__V1__ERROR__CODE__INTERNAL, field,
                      "out of memory");
        return NULL;
    }
    pthread_mutex_init (&game->lock, NULL);
    atomic_init (&game->closed, false);
    const game_rules_t *rules = NULL;
    game->scenario = games_load_scenario (catalog, text, origin, field,
                                          &rules, error);
    if (!game->scenario) {
        game_free (&game);
        return NULL;
    }
    char err[SOLO_ERR_MAX];
    game->state = table_state_new (rules, game->scenario, err, sizeof err);
    if (!game->state) {
        convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, field,
                      "%s", err);
        game_free (&game);
    }
    return game;
}

static void
name_game (gamestore_game_t *game)
{
    snprintf (game->id, sizeof game->id, "%s-%" PRId64,
              scenario_name (game->scenario), game->row);
}

/*  ---- the file ---------------------------------------------------------- */

/*  Run SQL with no result rows; -1 with the reason in err. */
static int
exec_sql (sqlite3 *db, const char *sql, char *err, int errlen)
{
    char *message = NULL;
    if (sqlite3_exec (db, sql, NULL, NULL, &message) != SQLITE_OK) {
        snprintf (err, (size_t) errlen, "%s", message ? message
                                                       : sqlite3_errmsg (db));
        sqlite3_free (message);
        return -1;
    }
    return 0;
}

/*  Replay the stored updates of `game` in order.  An update that no
 *  longer applies (the tables changed) leaves the game as of the one
 *  before, said in the log; a file that cannot be read is -1 with `err`
 *  (a read error is never taken for the last row: the daemon would serve
 *  a game short of updates it had accepted). */
static int
replay_updates (gamestore_t *self, gamestore_game_t *game, char *err,
                int errlen)
{
    sqlite3_stmt *stmt = NULL;
    if (sqlite3_prepare_v2 (self->db, "SELECT seq, body FROM updates "
                            "WHERE game = ? ORDER BY seq", -1, &stmt,
                            NULL) != SQLITE_OK) {
        snprintf (err, (size_t) errlen, "game %s: cannot read its updates: "
                  "%s", game->id, sqlite3_errmsg (self->db));
        return -1;
    }
    sqlite3_bind_int64 (stmt, 1, game->row);
    int step;
    while ((step = sqlite3_step (stmt)) == SQLITE_ROW) {
        int64_t seq = sqlite3_column_int64 (stmt, 0);
        const void *body = sqlite3_column_blob (stmt, 1);
        int len = sqlite3_column_bytes (stmt, 1);
        Solo__V1__ReportUpdate *update = solo__v1__report_update__unpack (
            NULL, (size_t) len, body);
        convert_error_t error = { 0 };
        int rc = update ? table_state_update (game->state, update,
                                              "report_update", NULL, &error)
                        : convert_fail (&error,
                                        SOLO__V1__ERROR__CODE__INTERNAL, "",
                                        "the stored bytes do not decode");
        if (update)
            solo__v1__report_update__free_unpacked (update, NULL);
        if (rc) {
            log_error ("store: game %s: update %" PRId64 " no longer "
                       "applies (%s: %s); the game is served as of the "
                       "update before", game->id, seq, error.field,
                       error.message);
            step = SQLITE_DONE;      /* stopped on purpose */
            break;
        }
        game->sequence = (uint64_t) seq;
    }
    if (step != SQLITE_DONE)
        snprintf (err, (size_t) errlen, "game %s: reading its updates "
                  "failed after update %" PRIu64 ": %s", game->id,
                  game->sequence, sqlite3_errmsg (self->db));
    sqlite3_finalize (stmt);
    return step == SQLITE_DONE ? 0 : -1;
}

/*  Rebuild every game of the file. */
static int
reload_games (gamestore_t *self, char *err, int errlen)
{
    sqlite3_stmt *stmt = NULL;
    if (sqlite3_prepare_v2 (self->db, "SELECT id, origin, source, "
                            "tables_hash FROM games ORDER BY id", -1, &stmt,
                            NULL) != SQLITE_OK) {
        snprintf (err, (size_t) errlen, "cannot read the games: %s",
                  sqlite3_errmsg (self->db));
        return -1;
    }
    int step;
    while ((step = sqlite3_step (stmt)) == SQLITE_ROW) {
        int64_t row = sqlite3_column_int64 (stmt, 0);
        const char *origin = (const char *) sqlite3_column_text (stmt, 1);
        const char *source = (const char *) sqlite3_column_text (stmt, 2);
        const char *hash = (const char *) sqlite3_column_text (stmt, 3);
        convert_error_t error = { 0 };
        if (self->count == GAMESTORE_MAX_GAMES) {
            log_error ("store: more than max_games (%d) open games in the "
                       "file; game %" PRId64 " and later are not served",
                       GAMESTORE_MAX_GAMES, row);
            step = SQLITE_DONE;          /* stopped on purpose */
            break;
        }
        gamestore_game_t *game = game_build (self->catalog, source ? source : "",
                                         origin, "open_game", &error);
        if (!game) {
            log_error ("store: game %" PRId64 " cannot be rebuilt: %s",
                       row, error.message);
            continue;
        }
        game->row = row;
        name_game (game);
        const ruleset_t *rs = situation_ruleset (
            scenario_situation (game->scenario));
        if (hash && strcmp (hash, ruleset_tables_hash (rs)) != 0)
            log_warn ("store: game %s was opened under tables %s; the "
                      "tables are now %s", game->id, hash,
                      ruleset_tables_hash (rs));
        self->games[self->count++] = game;
        if (replay_updates (self, game, err, errlen) < 0) {
            sqlite3_finalize (stmt);
            return -1;
        }
        log_info ("store: game %s back, turn %d, %" PRIu64 " updates",
                  game->id, game->state->turn, game->sequence);
    }
    if (step != SQLITE_DONE)
        snprintf (err, (size_t) errlen, "cannot read the games: %s",
                  sqlite3_errmsg (self->db));
    sqlite3_finalize (stmt);
    return step == SQLITE_DONE ? 0 : -1;
}

gamestore_t *
gamestore_new (const char *path, const catalog_t *catalog, char *err, int errlen)
{
    gamestore_t *self = calloc (1, sizeof *self);
    if (!self) {
        snprintf (err, (size_t) errlen, "out of memory");
        return NULL;
    }
    self->catalog = catalog;
    pthread_mutex_init (&self->lock, NULL);
    pthread_mutex_init (&self->db_lock, NULL);
    char why[512];
    int rc = sqlite3_open_v2 (path, &self->db, SQLITE_OPEN_READWRITE
                              | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                              NULL);
    if (rc != SQLITE_OK) {
        snprintf (err, (size_t) errlen, "%s - cannot open the game store: %s",
                  path, self->db ? sqlite3_errmsg (self->db)
                                 : sqlite3_errstr (rc));
        gamestore_destroy (&self);
        return NULL;
    }
    sqlite3_busy_timeout (self->db, GAMESTORE_BUSY_MS);
    sqlite3_stmt *stmt = NULL;
    int version = -1;
    if (sqlite3_prepare_v2 (self->db, "PRAGMA user_version", -1, &stmt,
                            NULL) == SQLITE_OK
    &&  sqlite3_step (stmt) == SQLITE_ROW)
        version = sqlite3_column_int (stmt, 0);
    sqlite3_finalize (stmt);
    if (version < 0 || version > GAMESTORE_SCHEMA_VERSION) {
        snprintf (err, (size_t) errlen, "%s - not a game store of this "
                  "daemon (%s)", path, version < 0 ? sqlite3_errmsg (self->db)
                  : "a newer schema");
        gamestore_destroy (&self);
        return NULL;
    }
    char sql[64];
    snprintf (sql, sizeof sql, "PRAGMA user_version = %d;",
              GAMESTORE_SCHEMA_VERSION);
    if (exec_sql (self->db, "PRAGMA journal_mode = WAL;", why, sizeof why)
    ||  exec_sql (self->db, "PRAGMA synchronous = FULL;", why, sizeof why)
    ||  exec_sql (self->db, "PRAGMA foreign_keys = ON;", why, sizeof why)
    ||  exec_sql (self->db, schema, why, sizeof why)
    ||  exec_sql (self->db, sql, why, sizeof why)
    ||  reload_games (self, why, sizeof why)) {
        snprintf (err, (size_t) errlen, "%s - the game store: %s", path, why);
        gamestore_destroy (&self);
        return NULL;
    }
    return self;
}

void
gamestore_destroy (gamestore_t **self_p)
{
    if (!self_p || !*self_p)
        return;
    gamestore_t *self = *self_p;
    for (int i = 0; i < self->count; i++)
        game_free (&self->games[i]);
    if (self->db)
        sqlite3_close (self->db);
    pthread_mutex_destroy (&self->lock);
    pthread_mutex_destroy (&self->db_lock);
    free (self);
    *self_p = NULL;
}

int
gamestore_count (gamestore_t *self)
{
    pthread_mutex_lock (&self->lock);
    int count = self->count;
    pthread_mutex_unlock (&self->lock);
    return count;
}

/*  Write a new game to the file; its row id into *row.  STORAGE error. */
static int
insert_game (gamestore_t *self, const gamestore_game_t *game, const char *origin,
             const char *text, int64_t *row, convert_error_t *error)
{
    const ruleset_t *rs = situation_ruleset (scenario_situation (
        game->scenario));
    pthread_mutex_lock (&self->db_lock);
    sqlite3_stmt *stmt = NULL;
    int rc = sqlite3_prepare_v2 (self->db, "INSERT INTO games (scenario, "
                                 "ruleset, tables_hash, origin, source, "
                                 "opened_ms) VALUES (?, ?, ?, ?, ?, ?)", -1,
                                 &stmt, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text (stmt, 1, scenario_name (game->scenario), -1,
                           SQLITE_TRANSIENT);
        sqlite3_bind_text (stmt, 2, ruleset_name (rs), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text (stmt, 3, ruleset_tables_hash (rs), -1,
                           SQLITE_TRANSIENT);
        sqlite3_bind_text (stmt, 4, origin, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text (stmt, 5, text, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64 (stmt, 6, now_ms ());
        rc = sqlite3_step (stmt);
    }
    if (rc == SQLITE_DONE)
        *row = sqlite3_last_insert_rowid (self->db);
    else
        convert_fail (error, SOLO__V1__ERROR__CODE__STORAGE, "open_game",
                      "the game store refused the new game: %s",
                      sqlite3_errmsg (self->db));
    sqlite3_finalize (stmt);
    pthread_mutex_unlock (&self->db_lock);
    return rc == SQLITE_DONE ? 0 : -1;
}

int
gamestore_open (gamestore_t *self, const char *text, const char *origin,
            const char *field, char *id, convert_error_t *error)
{
    gamestore_game_t *game = game_build (self->catalog, text, origin, field,
                                     error);
    if (!game)
        return -1;
    pthread_mutex_lock (&self->lock);
    int rc = 0;
    if (self->count >= GAMESTORE_MAX_GAMES)
        rc = convert_fail (error, SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED,
                           "open_game", "%d games are open, max_games (%d): "
                           "close one first", self->count, GAMESTORE_MAX_GAMES);
    else
        rc = insert_game (self, game, origin, text, &game->row, error);
    if (rc == 0) {
        name_game (game);
        snprintf (id, GAMESTORE_ID_MAX, "%s", game->id);
        self->games[self->count++] = game;
    }
    pthread_mutex_unlock (&self->lock);
    if (rc)
        game_free (&game);
    return rc;
}

gamestore_game_t *
gamestore_acquire (gamestore_t *self, const char *id)
{
    gamestore_game_t *game = NULL;
    pthread_mutex_lock (&self->lock);
    for (int i = 0; id && i < self->count && !game; i++)
        if (strcmp (self->games[i]->id, id) == 0)
            game = self->games[i];
    if (game)
        game->refs++;
    pthread_mutex_unlock (&self->lock);
    if (!game)
        return NULL;
    pthread_mutex_lock (&game->lock);
    if (atomic_load (&game->closed)) {   /* closed while we waited */
        gamestore_release (self, game);
        return NULL;
    }
    return game;
}

/*  One holder fewer: the last one frees a closed game.  Whether the game
 *  is closed is read under the store's lock with the count: read after
 *  it, the game may already be freed by another holder dropping the
 *  last reference in between. */
static void
drop_ref (gamestore_t *self, gamestore_game_t *game)
{
    pthread_mutex_lock (&self->lock);
    bool free_it = --game->refs == 0 && atomic_load (&game->closed);
    pthread_mutex_unlock (&self->lock);
    if (free_it)
        game_free (&game);
}

void
gamestore_release (gamestore_t *self, gamestore_game_t *game)
{
    pthread_mutex_unlock (&game->lock);
    drop_ref (self, game);
}

void
gamestore_pin (gamestore_t *self, gamestore_game_t *game)
{
    pthread_mutex_lock (&self->lock);
    game->refs++;
    pthread_mutex_unlock (&self->lock);
}

void
gamestore_unpin (gamestore_t *self, gamestore_game_t *game)
{
    drop_ref (self, game);
}

const char *
gamestore_game_id (const gamestore_game_t *game)
{
    return game->id;
}

const table_state_t *
gamestore_game_state (const gamestore_game_t *game)
{
    return game->state;
}

uint64_t
gamestore_game_sequence (const gamestore_game_t *game)
{
    return game->sequence;
}

/*  Write update number `seq` of a game to the file and commit it. */
static int
insert_update (gamestore_t *self, const gamestore_game_t *game, uint64_t seq,
               const Solo__V1__ReportUpdate *update, convert_error_t *error)
{
    size_t len = solo__v1__report_update__get_packed_size (update);
    uint8_t *body = malloc (len ? len : 1);
    if (!body)
        return convert_fail (error, SOLO__V1__ERROR__CODE__INTERNAL,
                             "report_update", "out of memory");
    solo__v1__report_update__pack (update, body);
    pthread_mutex_lock (&self->db_lock);
    sqlite3_stmt *stmt = NULL;
    int rc = sqlite3_prepare_v2 (self->db, "INSERT INTO updates (game, seq, "
                                 "body, at_ms) VALUES (?, ?, ?, ?)", -1,
                                 &stmt, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_int64 (stmt, 1, game->row);
        sqlite3_bind_int64 (stmt, 2, (int64_t) seq);
        sqlite3_bind_blob (stmt, 3, body, (int) len, SQLITE_TRANSIENT);
        sqlite3_bind_int64 (stmt, 4, now_ms ());
        rc = sqlite3_step (stmt);
    }
    if (rc != SQLITE_DONE)
        convert_fail (error, SOLO__V1__ERROR__CODE__STORAGE, "report_update",
                      "the game store refused the update: %s",
                      sqlite3_errmsg (self->db));
    sqlite3_finalize (stmt);
    pthread_mutex_unlock (&self->db_lock);
    free (body);
    return rc == SQLITE_DONE ? 0 : -1;
}

int
gamestore_update (gamestore_t *self, gamestore_game_t *game,
              const Solo__V1__ReportUpdate *update, const char *prefix,
              uint64_t *sequence, int *changed, convert_error_t *error)
{
    /*  Checked on a copy first, so that the file holds only updates that
     *  apply, and the game changes only once the file has the update. */
    table_state_t *next = table_state_dup (game->state);
    if (!next)
        return convert_fail (error, SOLO__V1__ERROR__CODE__INTERNAL, prefix,
                             "out of memory");
    if (table_state_update (next, update, prefix, changed, error)
    ||  insert_update (self, game, game->sequence + 1, update, error)) {
        table_state_destroy (&next);
        return -1;
    }
    table_state_destroy (&game->state);
    game->state = next;
    *sequence = ++game->sequence;
    return 0;
}

int
gamestore_close (gamestore_t *self, gamestore_game_t *game, convert_error_t *error)
{
    pthread_mutex_lock (&self->db_lock);
    sqlite3_stmt *stmt = NULL;
    int rc = sqlite3_prepare_v2 (self->db, "DELETE FROM games WHERE id = ?",
                                 -1, &stmt, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_int64 (stmt, 1, game->row);
        rc = sqlite3_step (stmt);
    }
    if (rc != SQLITE_DONE)
        convert_fail (error, SOLO__V1__ERROR__CODE__STORAGE, "close_game",
                      "the game store refused to close the game: %s",
                      sqlite3_errmsg (self->db));
    sqlite3_finalize (stmt);
    pthread_mutex_unlock (&self->db_lock);
    if (rc != SQLITE_DONE)
        return -1;
    atomic_store (&game->closed, true);
    pthread_mutex_lock (&self->lock);
    for (int i = 0; i < self->count; i++)
        if (self->games[i] == game) {
            memmove (&self->games[i], &self->games[i + 1],
                     (size_t) (self->count - i - 1) * sizeof self->games[0]);
            self->count--;
            break;
        }
    pthread_mutex_unlock (&self->lock);
    return 0;
}

int
gamestore_list (gamestore_t *self, gamestore_summary_t *out, int max)
{
    /*  Take the games first, then read each under its own lock. */
    gamestore_game_t *games[GAMESTORE_MAX_GAMES];
    pthread_mutex_lock (&self->lock);
    int count = self->count < max ? self->count : max;
    for (int i = 0; i < count; i++) {
        games[i] = self->games[i];
        games[i]->refs++;
    }
    pthread_mutex_unlock (&self->lock);
    int listed = 0;
    for (int i = 0; i < count; i++) {
        gamestore_game_t *game = games[i];
        pthread_mutex_lock (&game->lock);
        if (!atomic_load (&game->closed)) {
            gamestore_summary_t *s = &out[listed++];
            snprintf (s->id, sizeof s->id, "%s", game->id);
            snprintf (s->scenario, sizeof s->scenario, "%s",
                      scenario_name (game->scenario));
            snprintf (s->title, sizeof s->title, "%s",
                      scenario_title (game->scenario));
            snprintf (s->ruleset, sizeof s->ruleset, "%s", ruleset_name (
                situation_ruleset (scenario_situation (game->scenario))));
            s->turn = game->state->turn;
            s->sequence = game->sequence;
            s->units = game->state->unit_count;
        }
        gamestore_release (self, game);
    }
    return listed;
}
