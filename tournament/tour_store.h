/*  tour_store.h - a tournament's SQLite database: its definition, the files it
 *  was played with (table file, scenarios) and every game, written as
 *  each game ends.
 *
 *  Tables:
 *    meta (key, value)        "definition" (spec.h), "id", "created"
 *    files (hash, kind, path, text)
 *    games (id, pairing, pair_index, game, first, second, blue, red,
 *           scenario, seed, winner, score, turns, reason, figures_blue,
 *           ..., forfeit, forfeit_side, forfeit_detail, ruleset,
 *           tables_hash, worker, seconds, steps, dice, orders, log,
 *           decisions, finished)
 *  A game's id is tour_spec_game_id(): the same whatever the order games end
 *  in, so a resumed tournament and an uninterrupted one hold the same
 *  rows.  The database is opened in WAL mode: a game written survives the
 *  process being killed.  One tour_store_t belongs to one thread.
 */
#ifndef SOLO_TOURNAMENT_STORE_H
#define SOLO_TOURNAMENT_STORE_H

#include <stdbool.h>
#include <stdint.h>
#include "game.h"
#include "tour_spec.h"

#define TOUR_STORE_FORFEIT_MAX 16       /* "", "crash", "timeout", "illegal" */
#define TOUR_STORE_DETAIL_MAX  512      /* bytes of a forfeit's explanation */
#define TOUR_STORE_WORKER_MAX  64       /* bytes of a worker's name */

typedef struct tour_store_t tour_store_t;

/*  One game as stored. */
typedef struct {
    int64_t id;
    int pairing, pair_index, game;  /* game 0: `first` played blue */
    int first, second;              /* the pairing's strategies */
    int blue, red;                  /* strategy indices */
    int scenario;
    uint64_t seed;
    int winner;                     /* 0 blue, 1 red, -1 a draw */
    int turns;
    char reason[GAME_REASON_MAX];
    int figures[SIDE_COUNT], killed[SIDE_COUNT], wounded[SIDE_COUNT],
        gone[SIDE_COUNT];
    char forfeit[TOUR_STORE_FORFEIT_MAX];
    int forfeit_side;               /* -1 none */
    char forfeit_detail[TOUR_STORE_DETAIL_MAX];
    char ruleset[TOUR_SPEC_NAME_MAX];
    char tables_hash[TOUR_SPEC_HASH_MAX];
    char worker[TOUR_STORE_WORKER_MAX];
    double seconds;
    uint64_t steps;
    int dice, orders;
    const char *log;                /* the replay log; may be NULL */
    const char *decisions;          /* external sides' orders; may be NULL */
} tour_game_t;

/*  The points the pairing's first strategy scored in game `g`: 1, 1/2, 0. */
double tour_game_score (const tour_game_t *g);

/*  Open (creating it if need be) the database at `path`.  NULL with
 *  `err` naming the file and SQLite's complaint. */
tour_store_t *tour_store_open (const char *path, char *err, int errlen);
void tour_store_destroy (tour_store_t **self_p);

/*  Bind the database to the tournament: a new database takes `spec`'s
 *  definition and files; one that holds a tournament must hold this one.
 *  0, or -1 with `err` naming the first line of the definition that
 *  differs. */
int tour_store_begin (tour_store_t *self, const tour_spec_t *spec, char *err,
                      int errlen);

/*  The tournament the database holds, into `spec` (its run settings
 *  stay).  0; 1 when the database holds none; -1 with err. */
int tour_store_load_spec (tour_store_t *self, tour_spec_t *spec, char *err,
                          int errlen);

/*  A file's text by its hash (malloc'd, or NULL), its path into `path`:
 *  a tour_spec_file_fn with `arg` the store. */
char *tour_store_file_text (void *self, const char *hash, char *path,
                            int pathlen);

/*  Write a game: 1 stored, 0 when a game of that id was already there
 *  (it is left as it was), -1 with err. */
int tour_store_put_game (tour_store_t *self, const tour_game_t *g, char *err,
                         int errlen);

/*  Every stored game in id order, without log and decisions.  0, or -1
 *  with err. */
typedef void (tour_game_fn) (void *arg, const tour_game_t *g);
int tour_store_each_game (tour_store_t *self, tour_game_fn *fn, void *arg,
                          char *err, int errlen);

/*  One game with its log and decisions (*log and *decisions malloc'd,
 *  "" when none; g->log and g->decisions point at them).  1 found, 0 no
 *  such game, -1 with err. */
int tour_store_get_game (tour_store_t *self, int64_t id, tour_game_t *g,
                         char **log, char **decisions, char *err, int errlen);

/*  Games stored; -1 on error. */
int tour_store_game_count (tour_store_t *self);

#endif
