/*  results.h - a tournament's standings from its games: per pairing the
 *  wins, losses, draws, points, pentanomial counts, forfeits, Elo with
 *  its interval, LOS and SPRT; per strategy its totals and its rating
 *  fitted to all games.
 *
 *  Only whole game pairs count.  Without an SPRT every complete pair
 *  counts; with one, a pairing's pairs count in pair order (0, 1, 2...),
 *  the test is taken after each, and once it accepts a hypothesis the
 *  pairing stops there: pairs past that point, played already by other
 *  workers, are stored but not counted.  So the standings depend on the
 *  games alone, never on the order they ended in: a resumed tournament
 *  ends with the same table as an uninterrupted one.
 */
#ifndef SOLO_TOURNAMENT_RESULTS_H
#define SOLO_TOURNAMENT_RESULTS_H

#include <stdbool.h>
#include "spec.h"
#include "stats.h"
#include "store.h"

#define RESULTS_MAX_GAMES 20000000    /* games of one tournament */

/*  The forfeits of one strategy. */
typedef struct {
    int crashes, timeouts, illegal;
} results_forfeits_t;

typedef struct {
    int first, second;            /* strategy indices */
    int pairs;                    /* pairs counted */
    int games;                    /* games counted (2 per pair) */
    int wins, losses, draws;      /* the first strategy's */
    double points;                /* the first strategy's */
    int penta[STATS_PENTA];       /* pairs by the first's points: 0..2 */
    results_forfeits_t forfeits[2]; /* [0] first, [1] second */
    bool has_elo;                 /* at least one pair counted */
    stats_elo_t elo;              /* pentanomial: the first's advantage */
    double los;                   /* the first is the stronger */
    double llr;                   /* with an SPRT */
    stats_sprt_verdict_t verdict;
    int stopped_at;               /* pairs when the SPRT stopped it; -1 */
    int stored;                   /* games stored, counted or not */
} results_pairing_t;

typedef struct {
    int games, wins, losses, draws;
    double points;
    results_forfeits_t forfeits;
    bool rated;                   /* has a rating */
    double rating, se;            /* Elo, mean 0; its standard error */
    double low, high;             /* rating -+ 1.96 se */
} results_player_t;

typedef struct results_t results_t;

/*  Empty standings for the tournament (borrowed: it must outlive the
 *  results).  NULL when out of memory or too many games. */
results_t *results_new (const spec_t *spec);
void results_destroy (results_t **self_p);

/*  Count one stored game (a game already counted, or not of this
 *  tournament, is ignored).  Returns true when it made its pairing's
 *  SPRT accept a hypothesis. */
bool results_add (results_t *self, const store_game_t *g);

/*  Every game of the database. */
int results_add_store (results_t *self, store_t *store, char *err,
                       int errlen);

/*  True when game `game` of pair `pair` of `pairing` is stored. */
bool results_has (const results_t *self, int pairing, int pair, int game);

/*  True when the pairing needs no more games (all pairs played, or the
 *  SPRT stopped it). */
bool results_pairing_done (const results_t *self, int pairing);

int results_pairing_count (const results_t *self);
const results_pairing_t *results_pairing (const results_t *self, int i);

/*  Games stored; games the tournament will play in all (fewer once an
 *  SPRT stops a pairing); games counted. */
int results_games_stored (const results_t *self);
int results_games_planned (const results_t *self);
int results_games_counted (const results_t *self);

/*  Fit the ratings (stats_fit_ratings on the counted games, a prior of
 *  one virtual draw per pairing only when some strategy won or lost
 *  everything).  0, or -1 with err (the players are then unrated). */
int results_fit (results_t *self, char *err, int errlen);

/*  The prior the last fit used (0 or 1). */
double results_prior (const results_t *self);

const results_player_t *results_player (const results_t *self, int i);

#endif
