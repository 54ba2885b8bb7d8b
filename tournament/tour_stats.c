/*  tour_stats.c - Elo, intervals, LOS, SPRT and the ratings fit.  */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "tour_stats.h"

#include <stdlib.h>

#define LN10        2.302585092994045684     /* ln 10 */
#define SQRT2       1.414213562373095049     /* sqrt 2 */
#define ELO_PER_NAT (400.0 / LN10)   /* Elo per unit of the logistic */

double
tour_stats_score_from_elo (double elo)
{
    return 1.0 / (1.0 + pow (10.0, -elo / 400.0));
}

double
tour_stats_elo_from_score (double score)
{
    if (isnan (score))
        return NAN;
    if (score >= 1.0)
        return INFINITY;
    if (score <= 0.0)
        return -INFINITY;
    return -400.0 * log10 (1.0 / score - 1.0);
}

/*  Bisection on the normal distribution function: slow but exact to the
 *  last bits, and called a handful of times per report. */
double
tour_stats_normal_quantile (double p)
{
    if (!(p > 0.0 && p < 1.0))
        return NAN;
    double lo = -40.0, hi = 40.0;
    for (int i = 0; i < 200 && hi - lo > 1e-15; i++) {
        double mid = 0.5 * (lo + hi);
        if (0.5 * erfc (-mid / SQRT2) < p)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

double
tour_stats_los (int wins, int losses)
{
    if (wins + losses <= 0)
        return 0.5;
    return 0.5 * (1.0 + erf ((wins - losses)
                             / sqrt (2.0 * (wins + losses))));
}

/*  Mean and (population) variance of the values x[k] seen count[k]
 *  times; the number of observations, 0 when there is none. */
static int
weighted_moments (const double *x, const int *count, int k, double *mean,
                  double *variance)
{
    int n = 0;
    double sum = 0;
    for (int i = 0; i < k; i++) {
        n += count[i];
        sum += x[i] * count[i];
    }
    *mean = 0.5;
    *variance = 0;
    if (n == 0)
        return 0;
    *mean = sum / n;
    double sq = 0;
    for (int i = 0; i < k; i++)
        sq += count[i] * (x[i] - *mean) * (x[i] - *mean);
    *variance = sq / n;
    return n;
}

/*  The interval from a mean, a per-observation variance and a count. */
static void
fill_elo (int n, double mean, double variance, double confidence,
          tour_stats_elo_t *out)
{
    double z = tour_stats_normal_quantile ((1.0 + confidence) / 2.0);
    out->count = n;
    out->score = mean;
    out->stderr_score = sqrt (variance / n);
    out->elo = tour_stats_elo_from_score (mean);
    out->elo_low = tour_stats_elo_from_score (mean - z * out->stderr_score);
    out->elo_high = tour_stats_elo_from_score (mean + z * out->stderr_score);
}

int
tour_stats_elo_wld (int wins, int losses, int draws, double confidence,
                    tour_stats_elo_t *out)
{
    assert (out);
    memset (out, 0, sizeof *out);
    out->score = 0.5;
    if (wins < 0 || losses < 0 || draws < 0 || wins + losses + draws == 0)
        return -1;
    static const double x[3] = { 0.0, 0.5, 1.0 };
    int count[3] = { losses, draws, wins };
    double mean, variance;
    int n = weighted_moments (x, count, 3, &mean, &variance);
    fill_elo (n, mean, variance, confidence, out);
    return 0;
}

int
tour_stats_elo_penta (const int penta[TOUR_STATS_PENTA], double confidence,
                      tour_stats_elo_t *out)
{
    assert (penta && out);
    memset (out, 0, sizeof *out);
    out->score = 0.5;
    int total = 0;
    for (int k = 0; k < TOUR_STATS_PENTA; k++) {
        if (penta[k] < 0)
            return -1;
        total += penta[k];
    }
    if (total == 0)
        return -1;
    static const double x[TOUR_STATS_PENTA] = { 0.0, 0.25, 0.5, 0.75, 1.0 };
    double mean, variance;
    int n = weighted_moments (x, penta, TOUR_STATS_PENTA, &mean, &variance);
    fill_elo (n, mean, variance, confidence, out);
    return 0;
}

/*  ---- SPRT ---- */

int
tour_stats_sprt_check (const tour_stats_sprt_t *s, char *err, int errlen)
{
    assert (s && err && errlen > 0);
    if (!isfinite (s->elo0) || !isfinite (s->elo1)) {
        snprintf (err, errlen, "sprt: elo0 and elo1 must be numbers");
        return -1;
    }
    if (!(s->elo0 < s->elo1)) {
        snprintf (err, errlen, "sprt: elo0 (%g) must be below elo1 (%g)",
                  s->elo0, s->elo1);
        return -1;
    }
    if (!(s->alpha > 0 && s->alpha < 1)) {
        snprintf (err, errlen, "sprt: alpha (%g) must be in (0, 1)",
                  s->alpha);
        return -1;
    }
    if (!(s->beta > 0 && s->beta < 1)) {
        snprintf (err, errlen, "sprt: beta (%g) must be in (0, 1)", s->beta);
        return -1;
    }
    if (!(s->alpha + s->beta < 1)) {
        snprintf (err, errlen, "sprt: alpha + beta (%g) must be below 1",
                  s->alpha + s->beta);
        return -1;
    }
    return 0;
}

double
tour_stats_sprt_lower (const tour_stats_sprt_t *s)
{
    return log (s->beta / (1.0 - s->alpha));
}

double
tour_stats_sprt_upper (const tour_stats_sprt_t *s)
{
    return log ((1.0 - s->beta) / s->alpha);
}

#define REGULARISED 1e-3     /* a class never seen counts this much */

/*  The normal GSPRT on k classes of value x[] seen count[] times (counts
 *  regularised): N/2 ln((v + (m - s0)^2) / (v + (m - s1)^2)). */
static double
llr_normal (const double *x, const int *count, int k, double elo0,
            double elo1)
{
    double n = 0, sum = 0, c[TOUR_STATS_PENTA];
    int seen = 0;
    for (int i = 0; i < k; i++) {
        if (count[i] < 0)
            return 0;
        seen += count[i];
        c[i] = count[i] > 0 ? count[i] : REGULARISED;
        n += c[i];
        sum += c[i] * x[i];
    }
    if (seen == 0)
        return 0;
    double mean = sum / n, variance = 0;
    for (int i = 0; i < k; i++)
        variance += c[i] * (x[i] - mean) * (x[i] - mean);
    variance /= n;
    double s0 = tour_stats_score_from_elo (elo0);
    double s1 = tour_stats_score_from_elo (elo1);
    double v0 = variance + (mean - s0) * (mean - s0);
    double v1 = variance + (mean - s1) * (mean - s1);
    return 0.5 * n * log (v0 / v1);
}

double
tour_stats_llr_wld (int wins, int losses, int draws, double elo0, double elo1)
{
    static const double x[3] = { 0.0, 0.5, 1.0 };
    int count[3] = { losses, draws, wins };
    return llr_normal (x, count, 3, elo0, elo1);
}

double
tour_stats_llr_penta (const int penta[TOUR_STATS_PENTA], double elo0,
                      double elo1)
{
    static const double x[TOUR_STATS_PENTA] = { 0.0, 0.25, 0.5, 0.75, 1.0 };
    return llr_normal (x, penta, TOUR_STATS_PENTA, elo0, elo1);
}

tour_stats_sprt_verdict_t
tour_stats_sprt_verdict (const tour_stats_sprt_t *s, double llr)
{
    if (llr >= tour_stats_sprt_upper (s))
        return TOUR_STATS_SPRT_H1;
    if (llr <= tour_stats_sprt_lower (s))
        return TOUR_STATS_SPRT_H0;
    return TOUR_STATS_SPRT_CONTINUE;
}

const char *
tour_stats_sprt_verdict_name (tour_stats_sprt_verdict_t verdict)
{
    switch (verdict) {
    case TOUR_STATS_SPRT_H0: return "H0";
    case TOUR_STATS_SPRT_H1: return "H1";
    default: return "continue";
    }
}

/*  ---- the ratings fit ---- */

/*  Invert the m x m matrix a (row-major) into inv by Gauss-Jordan with
 *  partial pivoting; a is destroyed.  -1 when it is singular. */
static int
invert (int m, double *a, double *inv)
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < m; j++)
            inv[i * m + j] = i == j ? 1.0 : 0.0;
    for (int c = 0; c < m; c++) {
        int pivot = c;
        for (int r = c + 1; r < m; r++)
            if (fabs (a[r * m + c]) > fabs (a[pivot * m + c]))
                pivot = r;
        if (fabs (a[pivot * m + c]) < 1e-300)
            return -1;
        if (pivot != c)
            for (int j = 0; j < m; j++) {
                double t = a[c * m + j];
                a[c * m + j] = a[pivot * m + j];
                a[pivot * m + j] = t;
                t = inv[c * m + j];
                inv[c * m + j] = inv[pivot * m + j];
                inv[pivot * m + j] = t;
            }
        double d = a[c * m + c];
        for (int j = 0; j < m; j++) {
            a[c * m + j] /= d;
            inv[c * m + j] /= d;
        }
        for (int r = 0; r < m; r++) {
            if (r == c || a[r * m + c] == 0)
                continue;
            double f = a[r * m + c];
            for (int j = 0; j < m; j++) {
                a[r * m + j] -= f * a[c * m + j];
                inv[r * m + j] -= f * inv[c * m + j];
            }
        }
    }
    return 0;
}

/*  Every player reaches every other along edges i -> j where i scored
 *  against j (w[i*m+j] > 0).  Forward and backward reach from player 0. */
static bool
strongly_connected (int m, const double *w)
{
    for (int dir = 0; dir < 2; dir++) {
        bool seen[TOUR_STATS_MAX_PLAYERS] = { false };
        int stack[TOUR_STATS_MAX_PLAYERS], top = 0;
        seen[0] = true;
        stack[top++] = 0;
        while (top > 0) {
            int i = stack[--top];
            for (int j = 0; j < m; j++) {
                double e = dir == 0 ? w[i * m + j] : w[j * m + i];
                if (!seen[j] && e > 0) {
                    seen[j] = true;
                    stack[top++] = j;
                }
            }
        }
        for (int j = 0; j < m; j++)
            if (!seen[j])
                return false;
    }
    return true;
}

/*  The log-likelihood of ratings t (natural units). */
static double
log_likelihood (int m, const double *n, const double *s, const double *t)
{
    double ll = 0;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < m; j++)
            if (i != j && n[i * m + j] > 0 && s[i * m + j] > 0)
                ll -= s[i * m + j] * log1p (exp (t[j] - t[i]));
    return ll;
}

/*  The information matrix L (a weighted Laplacian) at t, plus J/m, into
 *  a; the gradient into g. */
static void
information (int m, const double *n, const double *s, const double *t,
             double *a, double *g)
{
    for (int i = 0; i < m; i++) {
        g[i] = 0;
        for (int j = 0; j < m; j++)
            a[i * m + j] = 1.0 / m;
    }
    for (int i = 0; i < m; i++)
        for (int j = 0; j < m; j++) {
            if (i == j || n[i * m + j] <= 0)
                continue;
            double p = 1.0 / (1.0 + exp (t[j] - t[i]));
            double w = n[i * m + j] * p * (1.0 - p);
            g[i] += s[i * m + j] - n[i * m + j] * p;
            a[i * m + i] += w;
            a[i * m + j] -= w;
        }
}

int
tour_stats_fit_ratings (int n, const double *games, const double *points,
                        double prior_draws, double *rating, double *se,
                        char *err, int errlen)
{
    assert (n >= 1 && n <= TOUR_STATS_MAX_PLAYERS);
    assert (games && points && rating && err && errlen > 0);
    enum { M = TOUR_STATS_MAX_PLAYERS };
    int index[M], m = 0;          /* the rated players */
    for (int i = 0; i < n; i++) {
        rating[i] = NAN;
        if (se)
            se[i] = NAN;
        double total = 0;
        for (int j = 0; j < n; j++)
            if (j != i)
                total += games[i * n + j];
        if (total > 0)
            index[m++] = i;
    }
    if (m == 0)
        return 0;
    if (m == 1) {
        rating[index[0]] = 0;
        if (se)
            se[index[0]] = 0;
        return 0;
    }
    double t[M], g[M], step[M], trial[M];
    double *g_n = malloc (4 * sizeof (double) * (size_t) (m * m));
    if (!g_n) {
        snprintf (err, errlen, "out of memory");
        return -1;
    }
    double *g_s = g_n + m * m, *a = g_s + m * m, *inv = a + m * m;
    int rc = -1;
    for (int x = 0; x < m; x++)
        for (int y = 0; y < m; y++) {
            double k = games[index[x] * n + index[y]];
            double p = points[index[x] * n + index[y]];
            if (x == y || k <= 0)
                k = p = 0;
            else if (prior_draws > 0) {
                k += prior_draws;
                p += prior_draws / 2;
            }
            g_n[x * m + y] = k;
            g_s[x * m + y] = p;
        }
    if (!strongly_connected (m, g_n)) {
        snprintf (err, errlen, "the players who met are not all connected "
                  "by games: no common scale");
        goto done;
    }
    if (!strongly_connected (m, g_s)) {
        snprintf (err, errlen, "a player won or lost every game against "
                  "the rest: the ratings are infinite without a prior");
        goto done;
    }
    for (int x = 0; x < m; x++)
        t[x] = 0;
    double ll = log_likelihood (m, g_n, g_s, t);
    bool converged = false;
    for (int iter = 0; iter < 200 && !converged; iter++) {
        information (m, g_n, g_s, t, a, g);
        if (invert (m, a, inv) < 0)
            break;
        double biggest = 0;
        for (int x = 0; x < m; x++) {
            step[x] = 0;
            for (int y = 0; y < m; y++)
                step[x] += inv[x * m + y] * g[y];
            if (fabs (step[x]) > biggest)
                biggest = fabs (step[x]);
        }
        /* halve the step until the likelihood does not fall */
        double f = 1.0, next = ll;
        for (int h = 0; h < 60; h++, f /= 2) {
            for (int x = 0; x < m; x++)
                trial[x] = t[x] + f * step[x];
            next = log_likelihood (m, g_n, g_s, trial);
            if (next >= ll - 1e-12 * fabs (ll))
                break;
        }
        memcpy (t, trial, sizeof (double) * (size_t) m);
        ll = next;
        if (biggest * f < 1e-12)
            converged = true;
    }
    if (!converged) {
        snprintf (err, errlen, "the ratings fit did not converge");
        goto done;
    }
    /* the covariance: pinv(L) = (L + J/m)^-1 - J/m, at the optimum */
    information (m, g_n, g_s, t, a, g);
    if (invert (m, a, inv) < 0) {
        snprintf (err, errlen, "the ratings fit has a singular information "
                  "matrix");
        goto done;
    }
    double mean = 0;
    for (int x = 0; x < m; x++)
        mean += t[x] / m;
    for (int x = 0; x < m; x++) {
        rating[index[x]] = (t[x] - mean) * ELO_PER_NAT;
        if (se) {
            double v = inv[x * m + x] - 1.0 / m;
            se[index[x]] = sqrt (v > 0 ? v : 0) * ELO_PER_NAT;
        }
    }
    rc = 0;
done:
    free (g_n);
    return rc;
}
