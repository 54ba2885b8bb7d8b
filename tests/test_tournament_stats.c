/*  test_tournament_stats.c - the tournament's statistics against values
 *  worked out by hand (the working in the comments; logs are natural but
 *  where log10 is written, z = 1.959964 for 95%).  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>
#include "tour_stats.h"

#define near(a, b, eps) assert_true (fabs ((a) - (b)) <= (eps))

/*  Elo from a score: -400 log10(1/s - 1).
 *  s = 3/4: -400 log10(1/3) = 400 log10 3 = 190.8485;  s = 1/4: -190.8485;
 *  s = 1/2: 0; s = 1, 0: infinite.  Back: 1/(1 + 10^(-190.8485/400)) =
 *  1/(1 + 1/3) = 3/4. */
static void
test_elo_and_score (void **state)
{
    (void) state;
    near (tour_stats_elo_from_score (0.75), 190.848501887865, 1e-9);
    near (tour_stats_elo_from_score (0.25), -190.848501887865, 1e-9);
    near (tour_stats_elo_from_score (0.5), 0.0, 1e-12);
    assert_true (isinf (tour_stats_elo_from_score (1.0))
                 && tour_stats_elo_from_score (1.0) > 0);
    assert_true (isinf (tour_stats_elo_from_score (0.0))
                 && tour_stats_elo_from_score (0.0) < 0);
    assert_true (isnan (tour_stats_elo_from_score (NAN)));
    near (tour_stats_score_from_elo (190.848501887865), 0.75, 1e-12);
    near (tour_stats_score_from_elo (0), 0.5, 1e-15);
    /* 10 Elo: 1/(1 + 10^(-1/40)) = 1/(1 + 0.944061) = 0.514387 */
    near (tour_stats_score_from_elo (10), 0.5143871841659987, 1e-12);
}

/*  The normal quantiles: Phi^-1(0.975) = 1.959964, Phi^-1(0.5) = 0,
 *  Phi^-1(0.8413447) = 1 (Phi(1) = 0.8413447461). */
static void
test_normal_quantile (void **state)
{
    (void) state;
    near (tour_stats_normal_quantile (0.975), TOUR_STATS_Z95, 1e-9);
    near (tour_stats_normal_quantile (0.5), 0.0, 1e-12);
    near (tour_stats_normal_quantile (0.8413447460685429), 1.0, 1e-9);
    near (tour_stats_normal_quantile (0.025), -TOUR_STATS_Z95, 1e-9);
    assert_true (isnan (tour_stats_normal_quantile (0)));
    assert_true (isnan (tour_stats_normal_quantile (1)));
}

/*  LOS = 1/2 (1 + erf((W - L) / sqrt(2 (W + L)))).
 *  W 10, L 5: erf(5 / sqrt 30) = erf(0.912871) = 0.803294: LOS 0.901647.
 *  W 1, L 4: erf(-3 / sqrt 10) = erf(-0.948683) = -0.820288: 0.089856.
 *  W = L: 1/2; no decisive game: 1/2. */
static void
test_los (void **state)
{
    (void) state;
    near (tour_stats_los (10, 5), 0.9016471987705266, 1e-12);
    near (tour_stats_los (1, 4), 0.08985624743949994, 1e-12);
    near (tour_stats_los (7, 7), 0.5, 1e-15);
    near (tour_stats_los (0, 0), 0.5, 1e-15);
}

/*  W 6, L 2, D 2 (10 games):
 *  mean = (6 x 1 + 2 x 1/2) / 10 = 0.7;
 *  variance = (6 x 0.3^2 + 2 x 0.2^2 + 2 x 0.7^2) / 10
 *           = (0.54 + 0.08 + 0.98) / 10 = 0.16;
 *  se = sqrt(0.16 / 10) = 0.126491;  z se = 0.247918;
 *  Elo = -400 log10(1/0.7 - 1) = 147.1907;
 *  low = Elo(0.452082) = -33.3994; high = Elo(0.947918) = 504.0333. */
static void
test_elo_wld (void **state)
{
    (void) state;
    tour_stats_elo_t e;
    assert_int_equal (tour_stats_elo_wld (6, 2, 2, 0.95, &e), 0);
    assert_int_equal (e.count, 10);
    near (e.score, 0.7, 1e-12);
    near (e.stderr_score, 0.12649110640673517, 1e-12);
    near (e.elo, 147.19071411783776, 1e-9);
    near (e.elo_low, -33.39935000168885, 1e-6);
    near (e.elo_high, 504.03329224498987, 1e-6);
    /* all draws: no spread, the interval is the point */
    assert_int_equal (tour_stats_elo_wld (0, 0, 4, 0.95, &e), 0);
    near (e.elo, 0, 1e-12);
    near (e.elo_low, 0, 1e-12);
    near (e.elo_high, 0, 1e-12);
    /* every game won: infinite Elo */
    assert_int_equal (tour_stats_elo_wld (3, 0, 0, 0.95, &e), 0);
    assert_true (isinf (e.elo) && e.elo > 0);
    /* nothing to go on */
    assert_int_equal (tour_stats_elo_wld (0, 0, 0, 0.95, &e), -1);
    near (e.score, 0.5, 0);
    assert_int_equal (tour_stats_elo_wld (-1, 2, 0, 0.95, &e), -1);
}

/*  Pairs [LL, LD, DD+WL, WD, WW] = [1, 2, 3, 3, 1] (10 pairs), pair means
 *  0, 1/4, 1/2, 3/4, 1:
 *  mean = (0 + 2 x 0.25 + 3 x 0.5 + 3 x 0.75 + 1) / 10 = 5.25 / 10
 *       = 0.525;
 *  variance = (0.525^2 + 2 x 0.275^2 + 3 x 0.025^2 + 3 x 0.225^2
 *              + 0.475^2) / 10
 *           = (0.275625 + 0.15125 + 0.001875 + 0.151875 + 0.225625) / 10
 *           = 0.080625;
 *  se = sqrt(0.080625 / 10) = 0.0897914;  z se = 0.175988;
 *  Elo = -400 log10(1/0.525 - 1) = 17.3863;
 *  low = Elo(0.349012) = -108.2930; high = Elo(0.700988) = 148.0088. */
static void
test_elo_penta (void **state)
{
    (void) state;
    int penta[TOUR_STATS_PENTA] = { 1, 2, 3, 3, 1 };
    tour_stats_elo_t e;
    assert_int_equal (tour_stats_elo_penta (penta, 0.95, &e), 0);
    assert_int_equal (e.count, 10);
    near (e.score, 0.525, 1e-12);
    near (e.stderr_score, 0.08979142498033986, 1e-12);
    near (e.elo, 17.386277512436145, 1e-9);
    near (e.elo_low, -108.29301815519649, 1e-6);
    near (e.elo_high, 148.00875233625302, 1e-6);
    int none[TOUR_STATS_PENTA] = { 0, 0, 0, 0, 0 };
    assert_int_equal (tour_stats_elo_penta (none, 0.95, &e), -1);
    int bad[TOUR_STATS_PENTA] = { 0, -1, 0, 0, 0 };
    assert_int_equal (tour_stats_elo_penta (bad, 0.95, &e), -1);
}

/*  Bounds with alpha = beta = 0.05: ln(0.05 / 0.95) = -2.944439 and
 *  ln(0.95 / 0.05) = +2.944439.  alpha 0.05, beta 0.1: ln(0.1 / 0.95)
 *  = -2.251292, ln(0.9 / 0.05) = 2.890372. */
static void
test_sprt_bounds (void **state)
{
    (void) state;
    tour_stats_sprt_t s
        = { .elo0 = 0, .elo1 = 10, .alpha = 0.05, .beta = 0.05 };
    char err[128];
    assert_int_equal (tour_stats_sprt_check (&s, err, sizeof err), 0);
    near (tour_stats_sprt_lower (&s), -2.9444389791664403, 1e-12);
    near (tour_stats_sprt_upper (&s), 2.9444389791664403, 1e-12);
    s.beta = 0.1;
    near (tour_stats_sprt_lower (&s), -2.2512917986064953, 1e-12);
    near (tour_stats_sprt_upper (&s), 2.8903717578961645, 1e-12);
    assert_int_equal (tour_stats_sprt_verdict (&s, 2.9), TOUR_STATS_SPRT_H1);
    assert_int_equal (tour_stats_sprt_verdict (&s, -2.26), TOUR_STATS_SPRT_H0);
    assert_int_equal (tour_stats_sprt_verdict (&s, 0.3),
                      TOUR_STATS_SPRT_CONTINUE);
    assert_string_equal (tour_stats_sprt_verdict_name (TOUR_STATS_SPRT_H1),
                         "H1");
    /* malformed tests are named */
    tour_stats_sprt_t bad
        = { .elo0 = 5, .elo1 = 5, .alpha = 0.05, .beta = 0.05 };
    assert_int_equal (tour_stats_sprt_check (&bad, err, sizeof err), -1);
    assert_non_null (strstr (err, "elo0"));
    bad = (tour_stats_sprt_t){
        .elo0 = 0, .elo1 = 5, .alpha = 0, .beta = 0.05
    };
    assert_int_equal (tour_stats_sprt_check (&bad, err, sizeof err), -1);
    assert_non_null (strstr (err, "alpha"));
    bad = (tour_stats_sprt_t){
        .elo0 = 0, .elo1 = 5, .alpha = 0.6, .beta = 0.5
    };
    assert_int_equal (tour_stats_sprt_check (&bad, err, sizeof err), -1);
    assert_non_null (strstr (err, "alpha + beta"));
}

/*  LLR = N/2 ln((v + (m - s0)^2) / (v + (m - s1)^2)), elo0 0, elo1 10:
 *  s0 = 0.5, s1 = 0.514387.
 *  Trinomial W 6, L 2, D 2: N 10, m 0.7, v 0.16;
 *    v0 = 0.16 + 0.2^2 = 0.2; v1 = 0.16 + 0.185613^2 = 0.194452;
 *    LLR = 5 ln(0.2 / 0.194452) = 5 x 0.0281314 = 0.140657.
 *  Pentanomial [1, 2, 3, 3, 1]: N 10, m 0.525, v 0.080625;
 *    v0 = 0.080625 + 0.025^2 = 0.08125;
 *    v1 = 0.080625 + 0.010613^2 = 0.0807376;
 *    LLR = 5 ln(0.08125 / 0.0807376) = 0.0316302. */
static void
test_llr (void **state)
{
    (void) state;
    near (tour_stats_llr_wld (6, 2, 2, 0, 10), 0.14065708410788577, 1e-9);
    int penta[TOUR_STATS_PENTA] = { 1, 2, 3, 3, 1 };
    near (tour_stats_llr_penta (penta, 0, 10), 0.031630183297539124, 1e-9);
    /* the mirror image: as strongly against H1 */
    near (tour_stats_llr_wld (2, 6, 2, -10, 0), -0.14065708410788577, 1e-9);
    /* no games: no evidence yet */
    near (tour_stats_llr_wld (0, 0, 0, 0, 10), 0, 0);
    int none[TOUR_STATS_PENTA] = { 0, 0, 0, 0, 0 };
    near (tour_stats_llr_penta (none, 0, 10), 0, 0);
    near (tour_stats_llr_wld (-1, 3, 0, 0, 10), 0, 0);
}

/*  Classes never seen count 0.001 (regularised).
 *  W 5, L 0, D 0: counts L 0.001, D 0.001, W 5; N = 5.002;
 *    m = (0.0005 + 5) / 5.002 = 0.9997001;
 *    v = (0.001 x 0.9997^2 + 0.001 x 0.4997^2 + 5 x 0.0003^2) / 5.002
 *      = 0.00024981;
 *    v0 = v + 0.4997^2 = 0.249950; v1 = v + 0.485313^2 = 0.235779;
 *    LLR = 2.501 ln(0.249950 / 0.235779) = 2.501 x 0.058368 = 0.145979.
 *  Three pairs all 1-1 (equal strategies, common dice), elo1 300:
 *    counts 0.001, 0.001, 3, 0.001, 0.001; N 3.004, m 0.5,
 *    v = 0.001 x (0.25 + 0.0625 + 0.0625 + 0.25) / 3.004 = 0.00020806;
 *    s1 = 1/(1 + 10^-0.75) = 0.849024; v0 = v, v1 = v + 0.349024^2;
 *    LLR = 1.502 ln(0.00020806 / 0.12202) = 1.502 x -6.3741 = -9.5740:
 *    H0, well past -2.944. */
static void
test_llr_regularised (void **state)
{
    (void) state;
    near (tour_stats_llr_wld (5, 0, 0, 0, 10), 0.14597926967362743, 1e-9);
    int even[TOUR_STATS_PENTA] = { 0, 0, 3, 0, 0 };
    near (tour_stats_llr_penta (even, 0, 300), -9.573989193397901, 1e-8);
    tour_stats_sprt_t s = { .elo0 = 0, .elo1 = 300, .alpha = 0.05,
                            .beta = 0.05 };
    assert_int_equal (tour_stats_sprt_verdict (&s,
                                               tour_stats_llr_penta (even, 0,
                                                                     300)),
                      TOUR_STATS_SPRT_H0);
}

/*  A long run scoring 70% passes H1 [0, 10]; one scoring 45% fails into
 *  H0.  W 60, L 20, D 20: m 0.7, v 0.16, N 100:
 *  LLR = 50 ln(0.2 / 0.194452) = 1.40657, still inside (-2.94, 2.94);
 *  W 120, L 40, D 40: LLR = 100 x 0.0281314 = 2.81314: continue;
 *  W 132, L 44, D 44: 110 x 0.0281314 = 3.09446: H1. */
static void
test_sprt_decides (void **state)
{
    (void) state;
    tour_stats_sprt_t s
        = { .elo0 = 0, .elo1 = 10, .alpha = 0.05, .beta = 0.05 };
    near (tour_stats_llr_wld (60, 20, 20, 0, 10), 1.4065708410788577, 1e-8);
    assert_int_equal (tour_stats_sprt_verdict (&s,
                                               tour_stats_llr_wld (120, 40, 40,
                                                                   0, 10)),
                      TOUR_STATS_SPRT_CONTINUE);
    assert_int_equal (tour_stats_sprt_verdict (&s,
                                               tour_stats_llr_wld (132, 44, 44,
                                                                   0, 10)),
                      TOUR_STATS_SPRT_H1);
    /* 45%: W 40 L 50 D 10 leans to H0 and, at ten times the games, in it */
    assert_true (tour_stats_llr_wld (40, 50, 10, 0, 10) < 0);
    assert_int_equal (tour_stats_sprt_verdict (&s,
                                               tour_stats_llr_wld (400, 500,
                                                                   100, 0,
                                                                   10)),
                      TOUR_STATS_SPRT_H0);
}

/*  Two players, A 3 points of 4 against B: the fit is the pairwise Elo,
 *  190.8485, split about a mean of 0: A +95.4243, B -95.4243.
 *  Its error: the information at p = 3/4 is n p (1 - p) = 4 x 3/16 = 3/4;
 *  L = 3/4 [[1, -1], [-1, 1]], pinv(L) = 1/3 [[1, -1], [-1, 1]], so each
 *  rating has variance 1/3 (natural units) and se = sqrt(1/3) x 400/ln 10
 *  = 0.577350 x 173.7178 = 100.2960 Elo. */
static void
test_fit_two (void **state)
{
    (void) state;
    double games[4] = { 0, 4, 4, 0 };
    double points[4] = { 0, 3, 1, 0 };
    double r[2], se[2];
    char err[128];
    assert_int_equal (tour_stats_fit_ratings (2, games, points, 0, r, se, err,
                                              sizeof err),
                      0);
    near (r[0], 95.4242509439325, 1e-6);
    near (r[1], -95.4242509439325, 1e-6);
    near (se[0], 100.29601441376458, 1e-6);
    near (se[1], 100.29601441376458, 1e-6);
}

/*  A chain: A 3 of 4 against B, B 1 of 2 against C, A and C never met.
 *  Each link is fitted on its own: A - B = 190.8485, B - C = 0, so with
 *  mean 0: B = C = -190.8485 / 3 = -63.6162, A = 2 x 190.8485 / 3 =
 *  127.2323.  A fourth player who never played is NAN. */
static void
test_fit_chain (void **state)
{
    (void) state;
    double games[16] = { 0, 4, 0, 0,
                         4, 0, 2, 0,
                         0, 2, 0, 0,
                         0, 0, 0, 0 };
    double points[16] = { 0, 3, 0, 0,
                          1, 0, 1, 0,
                          0, 1, 0, 0,
                          0, 0, 0, 0 };
    double r[4];
    char err[128];
    assert_int_equal (tour_stats_fit_ratings (4, games, points, 0, r, NULL,
                                              err, sizeof err),
                      0);
    near (r[0], 127.23233459191, 1e-6);
    near (r[1], -63.61616729595, 1e-6);
    near (r[2], -63.61616729595, 1e-6);
    assert_true (isnan (r[3]));
}

/*  A round robin of three: at the maximum each player's expected points
 *  against the others equal the points it scored (the likelihood's
 *  gradient is zero), and the ratings sum to 0.
 *  A-B 5 of 8, A-C 6 of 8, B-C 4.5 of 8. */
static void
test_fit_round_robin (void **state)
{
    (void) state;
    double games[9] = { 0, 8, 8, 8, 0, 8, 8, 8, 0 };
    double points[9] = { 0, 5, 6, 3, 0, 4.5, 2, 3.5, 0 };
    double r[3], se[3];
    char err[128];
    assert_int_equal (tour_stats_fit_ratings (3, games, points, 0, r, se, err,
                                              sizeof err),
                      0);
    near (r[0] + r[1] + r[2], 0, 1e-9);
    for (int i = 0; i < 3; i++) {
        double expected = 0, scored = 0;
        for (int j = 0; j < 3; j++)
            if (j != i) {
                expected += games[i * 3 + j]
                            * tour_stats_score_from_elo (r[i] - r[j]);
                scored += points[i * 3 + j];
            }
        near (expected, scored, 1e-8);
        assert_true (se[i] > 0 && se[i] < 200);
    }
    assert_true (r[0] > r[1] && r[1] > r[2]);
}

/*  A won both games against B.  Without a prior the ratings are
 *  infinite: an error that says so.  With one virtual draw A has 2.5 of
 *  3 = 5/6: A - B = 400 log10 5 = 279.5880, so A +139.7940. */
static void
test_fit_perfect_score (void **state)
{
    (void) state;
    double games[4] = { 0, 2, 2, 0 };
    double points[4] = { 0, 2, 0, 0 };
    double r[2];
    char err[128];
    assert_int_equal (tour_stats_fit_ratings (2, games, points, 0, r, NULL,
                                              err, sizeof err),
                      -1);
    assert_non_null (strstr (err, "infinite"));
    assert_int_equal (tour_stats_fit_ratings (2, games, points, 1, r, NULL,
                                              err, sizeof err),
                      0);
    near (r[0], 139.7940008672038, 1e-6);
    near (r[1], -139.7940008672038, 1e-6);
}

/*  Two pairs of players who never met each other: no common scale. */
static void
test_fit_disconnected (void **state)
{
    (void) state;
    double games[16] = { 0, 2, 0, 0,  2, 0, 0, 0,
                         0, 0, 0, 2,  0, 0, 2, 0 };
    double points[16] = { 0, 1, 0, 0,  1, 0, 0, 0,
                          0, 0, 0, 1,  0, 0, 1, 0 };
    double r[4];
    char err[128];
    assert_int_equal (tour_stats_fit_ratings (4, games, points, 1, r, NULL,
                                              err, sizeof err),
                      -1);
    assert_non_null (strstr (err, "connected"));
    /* one player who never played: NAN */
    double g1[1] = { 0 }, p1[1] = { 0 };
    assert_int_equal (tour_stats_fit_ratings (1, g1, p1, 0, r, NULL, err,
                                              sizeof err),
                      0);
    assert_true (isnan (r[0]));
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_elo_and_score),
        cmocka_unit_test (test_normal_quantile),
        cmocka_unit_test (test_los),
        cmocka_unit_test (test_elo_wld),
        cmocka_unit_test (test_elo_penta),
        cmocka_unit_test (test_sprt_bounds),
        cmocka_unit_test (test_llr),
        cmocka_unit_test (test_llr_regularised),
        cmocka_unit_test (test_sprt_decides),
        cmocka_unit_test (test_fit_two),
        cmocka_unit_test (test_fit_chain),
        cmocka_unit_test (test_fit_round_robin),
        cmocka_unit_test (test_fit_perfect_score),
        cmocka_unit_test (test_fit_disconnected),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
