/*  tour_results.h - a tournament's standings from its games: per pairing the
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
#include "tour_spec.h"
#include "tour_stats.h"
#include "tour_store.h"

#define TOUR_RESULTS_MAX_GAMES 20000000    /* games of one tournament */

/*  The forfeits of one strategy. */
typedef struct {
    int crashes, timeouts, illegal;
} tour_results_forfeits_t;

typedef struct {
    int first, second;            /* strategy indices */
    int pairs;                    /* pairs counted */
    int games;                    /* games counted (2 per pair) */
    int wins, losses, draws;      /* the first strategy's */
    double points;                /* the first strategy's */
    int penta[TOUR_STATS_PENTA];       /* pairs by the first's points: 0..2 */
    tour_results_forfeits_t forfeits[2]; /* [0] first, [1] second */
    bool has_elo;                 /* at least one pair counted */
    tour_stats_elo_t elo;              /* pentanomial: the first's advantage */
    double los;                   /* the first is the stronger */
    double llr;                   /* with an SPRT */
    tour_stats_sprt_verdict_t verdict;
    int stopped_at;               /* pairs when the SPRT stopped it; -1 */
    int stored;                   /* games stored, counted or not */
} tour_results_pairing_t;

typedef struct {
    int games, wins, losses, draws;
    double points;
    tour_results_forfeits_t forfeits;
    bool rated;                   /* has a rating */
    double rating, se;            /* Elo, mean 0; its standard error */
    double low, high;             /* rating -+ 1.96 se */
} tour_results_player_t;

typedef struct tour_results_t tour_results_t;

/*  Empty standings for the tournament (borrowed: it must outlive the
 *  results).  NULL when out of memory or too many games. */
tour_results_t *tour_results_new (const tour_spec_t *spec);
void tour_results_destroy (tour_results_t **self_p);

/*  Count one stored game (a game already counted, or not of this
 *  tournament, is ignored).  Returns true when it made its pairing's
 *  SPRT accept a hypothesis. */
bool tour_results_add (tour_results_t *self, const tour_game_t *g);

/*  Every game of the database. */
int tour_results_add_store (tour_results_t *self, tour_store_t *store,
                            char *err, int errlen);

/*  True when game `game` of pair `pair` of `pairing` is stored. */
bool tour_results_has (const tour_results_t *self, int pairing, int pair,
                       int game);

/*  True when the pairing needs no more games (all pairs played, or the
 *  SPRT stopped it). */
bool tour_results_pairing_done (const tour_results_t *self, int pairing);

int tour_results_pairing_count (const tour_results_t *self);
const tour_results_pairing_t *tour_results_pairing (const tour_results_t *self,
                                                    int i);

/*  Games stored; games the tournament will play in all (fewer once an
 *  SPRT stops a pairing); games counted. */
int tour_results_games_stored (const tour_results_t *self);
int tour_results_games_planned (const tour_results_t *self);
int tour_results_games_counted (const tour_results_t *self);

/*  Fit the ratings (tour_stats_fit_ratings on the counted games, a prior of
 *  one virtual draw per pairing only when some strategy won or lost
 *  everything).  0, or -1 with err (the players are then unrated). */
int tour_results_fit (tour_results_t *self, char *err, int errlen);

/*  The prior the last fit used (0 or 1). */
double tour_results_prior (const tour_results_t *self);

const tour_results_player_t *tour_results_player (const tour_results_t *self,
                                                  int i);

#endif
