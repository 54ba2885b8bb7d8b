/*  tour_results.c - standings from games: pairings, SPRT stops, ratings.  */
#include <assert.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tour_results.h"

/*  A game as one byte: 0 not stored; else 1 + the first's result (0
 *  loss, 1 draw, 2 win) + 3 x the forfeit (0 none, 1 crash, 2 timeout,
 *  3 illegal) + 12 when the second strategy forfeited. */
typedef uint8_t code_t;

typedef struct {
    tour_results_pairing_t pub;
    code_t *codes;         /* 2 per pair */
    int prefix;            /* with an SPRT: pairs counted in order */
} pairing_t;

struct tour_results_t {
    const tour_spec_t *spec;
    int pairs;
    int pairing_count;
    pairing_t *pairings;
    tour_results_player_t players[TOUR_SPEC_MAX_STRATEGIES];
    int stored, counted;
    double prior;
};

tour_results_t *
tour_results_new (const tour_spec_t *spec)
{
    assert (spec);
    int n = tour_spec_pairing_count (spec);
    int pairs = tour_spec_pairs (spec);
    if ((int64_t) n * pairs * 2 > TOUR_RESULTS_MAX_GAMES)
        return NULL;
    tour_results_t *self = calloc (1, sizeof *self);
    if (!self)
        return NULL;
    self->spec = spec;
    self->pairs = pairs;
    self->pairing_count = n;
    self->pairings = calloc ((size_t) (n > 0 ? n : 1), sizeof (pairing_t));
    if (!self->pairings) {
        free (self);
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        pairing_t *p = &self->pairings[i];
        tour_spec_pairing (spec, i, &p->pub.first, &p->pub.second);
        p->pub.stopped_at = -1;
        p->pub.elo.score = 0.5;
        p->pub.los = 0.5;
        p->codes = calloc ((size_t) pairs * 2, sizeof (code_t));
        if (!p->codes) {
            tour_results_destroy (&self);
            return NULL;
        }
    }
    return self;
}

void
tour_results_destroy (tour_results_t **self_p)
{
    assert (self_p);
    tour_results_t *self = *self_p;
    if (!self)
        return;
    for (int i = 0; i < self->pairing_count; i++)
        free (self->pairings[i].codes);
    free (self->pairings);
    free (self);
    *self_p = NULL;
}

static int
forfeit_kind (const char *name)
{
    if (strcmp (name, "crash") == 0)
        return 1;
    if (strcmp (name, "timeout") == 0)
        return 2;
    if (strcmp (name, "illegal") == 0)
        return 3;
    return 0;
}

/*  Count the pair's two games into the pairing. */
static void
count_pair (tour_results_t *self, pairing_t *p, int pair)
{
    tour_results_pairing_t *r = &p->pub;
    int pair_points = 0;   /* in half points */
    for (int k = 0; k < 2; k++) {
        int code = p->codes[pair * 2 + k] - 1;
        int result = code % 3;
        int forfeit = (code / 3) % 4;
        int by_second = code / 12;
        if (result == 2)
            r->wins++;
        else if (result == 1)
            r->draws++;
        else
            r->losses++;
        pair_points += result;
        tour_results_forfeits_t *f = &r->forfeits[by_second];
        if (forfeit == 1)
            f->crashes++;
        else if (forfeit == 2)
            f->timeouts++;
        else if (forfeit == 3)
            f->illegal++;
    }
    r->points += pair_points / 2.0;
    r->penta[pair_points]++;
    r->pairs++;
    r->games += 2;
    self->counted += 2;
    r->has_elo = true;
    tour_stats_elo_penta (r->penta, 0.95, &r->elo);
    r->los = tour_stats_los (r->wins, r->losses);
    if (tour_spec_has_sprt (self->spec)) {
        const tour_stats_sprt_t *s = tour_spec_sprt (self->spec);
        r->llr = tour_stats_llr_penta (r->penta, s->elo0, s->elo1);
        r->verdict = tour_stats_sprt_verdict (s, r->llr);
    }
}

bool
tour_results_add (tour_results_t *self, const tour_game_t *g)
{
    if (g->pairing < 0 || g->pairing >= self->pairing_count
        || g->pair_index < 0 || g->pair_index >= self->pairs
        || g->game < 0 || g->game > 1)
        return false;
    pairing_t *p = &self->pairings[g->pairing];
    code_t *slot = &p->codes[g->pair_index * 2 + g->game];
    if (*slot)
        return false;
    double score = tour_game_score (g);
    int result = score > 0.75 ? 2 : score > 0.25 ? 1 : 0;
    int forfeit = forfeit_kind (g->forfeit);
    int by_second = 0;
    if (forfeit && g->forfeit_side >= 0) {
        int who = g->forfeit_side == SIDE_BLUE ? g->blue : g->red;
        by_second = who == p->pub.second;
    }
    *slot = (code_t) (1 + result + 3 * forfeit + 12 * by_second);
    self->stored++;
    p->pub.stored++;
    int pair = g->pair_index;
    if (!tour_spec_has_sprt (self->spec)) {
        if (p->codes[pair * 2] && p->codes[pair * 2 + 1])
            count_pair (self, p, pair);
        return false;
    }
    while (p->pub.stopped_at < 0 && p->prefix < self->pairs
           && p->codes[p->prefix * 2] && p->codes[p->prefix * 2 + 1]) {
        count_pair (self, p, p->prefix++);
        if (p->pub.verdict != TOUR_STATS_SPRT_CONTINUE) {
            p->pub.stopped_at = p->prefix;
            return true;
        }
    }
    return false;
}

static void
add_each (void *arg, const tour_game_t *g)
{
    tour_results_add (arg, g);
}

int
tour_results_add_store (tour_results_t *self, tour_store_t *store, char *err,
                        int errlen)
{
    return tour_store_each_game (store, add_each, self, err, errlen);
}

bool
tour_results_has (const tour_results_t *self, int pairing, int pair, int game)
{
    assert (pairing >= 0 && pairing < self->pairing_count);
    assert (pair >= 0 && pair < self->pairs && (game == 0 || game == 1));
    return self->pairings[pairing].codes[pair * 2 + game] != 0;
}

bool
tour_results_pairing_done (const tour_results_t *self, int pairing)
{
    const tour_results_pairing_t *r = &self->pairings[pairing].pub;
    return r->stopped_at >= 0 || r->stored == 2 * self->pairs;
}

int
tour_results_pairing_count (const tour_results_t *self)
{
    return self->pairing_count;
}

const tour_results_pairing_t *
tour_results_pairing (const tour_results_t *self, int i)
{
    assert (i >= 0 && i < self->pairing_count);
    return &self->pairings[i].pub;
}

int
tour_results_games_stored (const tour_results_t *self)
{
    return self->stored;
}

int
tour_results_games_planned (const tour_results_t *self)
{
    int n = 0;
    for (int i = 0; i < self->pairing_count; i++) {
        const tour_results_pairing_t *r = &self->pairings[i].pub;
        n += r->stopped_at >= 0 ? r->stored : 2 * self->pairs;
    }
    return n;
}

int
tour_results_games_counted (const tour_results_t *self)
{
    return self->counted;
}

int
tour_results_fit (tour_results_t *self, char *err, int errlen)
{
    int n = tour_spec_strategy_count (self->spec);
    memset (self->players, 0, sizeof self->players);
    double *games = calloc ((size_t) (n * n), sizeof (double));
    double *points = calloc ((size_t) (n * n), sizeof (double));
    double rating[TOUR_SPEC_MAX_STRATEGIES], se[TOUR_SPEC_MAX_STRATEGIES];
    if (!games || !points) {
        free (games);
        free (points);
        snprintf (err, errlen, "out of memory");
        return -1;
    }
    for (int i = 0; i < self->pairing_count; i++) {
        const tour_results_pairing_t *r = &self->pairings[i].pub;
        int a = r->first, b = r->second;
        games[a * n + b] += r->games;
        games[b * n + a] += r->games;
        points[a * n + b] += r->points;
        points[b * n + a] += r->games - r->points;
        tour_results_player_t *pa = &self->players[a], *pb = &self->players[b];
        pa->games += r->games;
        pb->games += r->games;
        pa->wins += r->wins;
        pa->losses += r->losses;
        pa->draws += r->draws;
        pb->wins += r->losses;
        pb->losses += r->wins;
        pb->draws += r->draws;
        pa->points += r->points;
        pb->points += r->games - r->points;
        tour_results_forfeits_t *f[2] = { &pa->forfeits, &pb->forfeits };
        for (int k = 0; k < 2; k++) {
            f[k]->crashes += r->forfeits[k].crashes;
            f[k]->timeouts += r->forfeits[k].timeouts;
            f[k]->illegal += r->forfeits[k].illegal;
        }
    }
    self->prior = 0;
    int rc = tour_stats_fit_ratings (n, games, points, 0, rating, se, err,
                                     errlen);
    if (rc < 0 && strstr (err, "infinite")) {
        self->prior = 1;
        rc = tour_stats_fit_ratings (n, games, points, 1, rating, se, err,
                                     errlen);
    }
    for (int i = 0; rc == 0 && i < n; i++) {
        tour_results_player_t *p = &self->players[i];
        p->rated = !isnan (rating[i]);
        p->rating = rating[i];
        p->se = se[i];
        p->low = rating[i] - TOUR_STATS_Z95 * se[i];
        p->high = rating[i] + TOUR_STATS_Z95 * se[i];
    }
    free (games);
    free (points);
    return rc;
}

double
tour_results_prior (const tour_results_t *self)
{
    return self->prior;
}

const tour_results_player_t *
tour_results_player (const tour_results_t *self, int i)
{
    assert (i >= 0 && i < tour_spec_strategy_count (self->spec));
    return &self->players[i];
}
