/*  tour_stats.h - the statistics of a tournament: Elo from a score, its
 *  interval, the likelihood of superiority, pentanomial counts of game
 *  pairs, the sequential probability ratio test, and ratings fitted to
 *  all games at once.
 *
 *  Elo here is logistic Elo: a side expected to score s has an Elo
 *  advantage of -400 log10(1/s - 1), and s = 1 / (1 + 10^(-elo/400)).
 *  A game scores 1 for a win, 1/2 for a draw, 0 for a loss.  A game pair
 *  (the same dice, sides swapped) scores 0, 1/2, 1, 3/2 or 2: the five
 *  pentanomial classes, counted in penta[0..4].
 *
 *  Intervals use the normal approximation: the mean score plus or minus
 *  z standard errors, the standard error worked out from the spread of
 *  the observations (games in the trinomial model, game pairs in the
 *  pentanomial one), each end turned into Elo.
 *
 *  The SPRT is the generalised SPRT in its normal approximation, as
 *  engine testing frameworks use it: with N observations of mean m and
 *  variance v, and s0, s1 the expected scores at elo0 and elo1,
 *      LLR = N/2 * ln( (v + (m - s0)^2) / (v + (m - s1)^2) ),
 *  H1 (elo >= elo1) is accepted once LLR >= ln((1 - beta) / alpha), H0
 *  (elo <= elo0) once LLR <= ln(beta / (1 - alpha)).  As fishtest does,
 *  the counts are regularised first: a class never seen counts 0.001, so
 *  results without any spread (every pair drawn 1-1, as two equal
 *  strategies play with common dice) still decide.
 *
 *  Ratings are the maximum-likelihood Bradley-Terry fit of every game
 *  (a draw is half a win and half a loss), centred on a mean of zero,
 *  each with its standard error from the inverse of the information
 *  matrix.
 */
#ifndef SOLO_TOURNAMENT_STATS_H
#define SOLO_TOURNAMENT_STATS_H

#include <stdbool.h>

#define TOUR_STATS_Z95         1.959963984540054  /* 97.5% normal quantile */
#define TOUR_STATS_MAX_PLAYERS 64                 /* players in one fit */
#define TOUR_STATS_PENTA       5                  /* pair scores 0..2 */

/*  The expected score at an Elo advantage `elo`, in (0, 1). */
double tour_stats_score_from_elo (double elo);

/*  The Elo advantage of an expected score: 0 at 1/2, +INFINITY at 1 (or
 *  above), -INFINITY at 0 (or below); NAN for NAN. */
double tour_stats_elo_from_score (double score);

/*  The quantile of the standard normal distribution at p in (0, 1) (the
 *  z of a two-sided interval of confidence c is the quantile at
 *  (1 + c) / 2).  NAN outside (0, 1). */
double tour_stats_normal_quantile (double p);

/*  The likelihood of superiority from wins and losses (draws do not
 *  count): 1/2 (1 + erf((W - L) / sqrt(2 (W + L)))); 1/2 when W + L is 0. */
double tour_stats_los (int wins, int losses);

/*  An Elo estimate with its interval. */
typedef struct {
    int count;           /* observations: games, or game pairs */
    double score;        /* mean score per game, in [0, 1] */
    double stderr_score; /* the standard error of `score` */
    double elo;          /* tour_stats_elo_from_score (score) */
    double elo_low;      /* the interval's ends, in Elo (may be infinite) */
    double elo_high;
} tour_stats_elo_t;

/*  From wins, losses and draws (the trinomial model), with the interval
 *  of confidence `confidence` in (0, 1) (0.95 usually).  0, or -1 when
 *  there is no game or a count is negative (out zeroed: score 1/2). */
int tour_stats_elo_wld (int wins, int losses, int draws, double confidence,
                        tour_stats_elo_t *out);

/*  From the pentanomial counts of game pairs (penta[k]: pairs that
 *  scored k/2 of 2), the standard error from the spread of pair scores.
 *  0, or -1 when there is no pair or a count is negative. */
int tour_stats_elo_penta (const int penta[TOUR_STATS_PENTA], double confidence,
                          tour_stats_elo_t *out);

/*  ---- the sequential probability ratio test ---- */

typedef struct {
    double elo0, elo1;   /* H0: elo <= elo0; H1: elo >= elo1 */
    double alpha, beta;  /* false positive and false negative rates */
} tour_stats_sprt_t;

typedef enum {
    TOUR_STATS_SPRT_CONTINUE = 0,
    TOUR_STATS_SPRT_H0,       /* accepted H0: not better by elo1 */
    TOUR_STATS_SPRT_H1        /* accepted H1: better by elo1 */
} tour_stats_sprt_verdict_t;

/*  0 when the test is well formed: elo0 < elo1, both finite, alpha and
 *  beta in (0, 1) with alpha + beta < 1.  Else -1 with `err` naming the
 *  bad value. */
int tour_stats_sprt_check (const tour_stats_sprt_t *sprt, char *err,
                           int errlen);

/*  The bounds: ln(beta / (1 - alpha)) and ln((1 - beta) / alpha). */
double tour_stats_sprt_lower (const tour_stats_sprt_t *sprt);
double tour_stats_sprt_upper (const tour_stats_sprt_t *sprt);

/*  The log-likelihood ratio of H1 against H0 from games (trinomial) and
 *  from game pairs (pentanomial; the pair's mean score per game is the
 *  observation), counts of 0 regularised to 0.001.  0 with no
 *  observation or a negative count. */
double tour_stats_llr_wld (int wins, int losses, int draws, double elo0,
                           double elo1);
double tour_stats_llr_penta (const int penta[TOUR_STATS_PENTA], double elo0,
                             double elo1);

/*  What the test says at `llr`. */
tour_stats_sprt_verdict_t tour_stats_sprt_verdict (
    const tour_stats_sprt_t *sprt, double llr);

/*  "H0", "H1", "continue". */
const char *tour_stats_sprt_verdict_name (tour_stats_sprt_verdict_t verdict);

/*  ---- ratings of all players from all games ---- */

/*  Fit ratings to `n` players (1 <= n <= TOUR_STATS_MAX_PLAYERS).  `games` and
 *  `points` are n x n, row-major: games[i*n+j] games between i and j
 *  (symmetric), points[i*n+j] the points i scored in them (so points[i*n+
 *  j] + points[j*n+i] == games[i*n+j]).  `prior_draws` virtual draws are
 *  added to every pair of players who met (0: the plain maximum
 *  likelihood, infinite when a player won or lost every game; 1 keeps a
 *  perfect score finite).  Players with no game get NAN.  rating[i] is
 *  in Elo, the mean of the rated players 0; se[i] (may be NULL) its
 *  standard error in Elo.  0, or -1 with `err`: the players who met do
 *  not form one connected group (no common scale), a perfect score
 *  without a prior, or no convergence. */
int tour_stats_fit_ratings (int n, const double *games, const double *points,
                            double prior_draws, double *rating, double *se,
                            char *err, int errlen);

#endif
