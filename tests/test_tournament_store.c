/*  test_tournament_store.c - the tournament's database and standings:
 *  games written once and read back whole, a database refusing another
 *  tournament, the definition read back from the database alone, and
 *  standings that do not depend on the order games arrive in (pairs
 *  counted whole; an SPRT stops a pairing at the same pair whatever the
 *  order).  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "tour_results.h"
#include "tour_spec.h"
#include "tour_store.h"
#include "testutil.h"

/*  A two-strategy tournament of `games` games on the farm. */
static tour_spec_t *
make_spec (int games, const char *sprt)
{
    char err[512], n[16];
    tour_spec_t *spec = tour_spec_new ();
    assert_non_null (spec);
    snprintf (n, sizeof n, "%d", games);
    if (tour_spec_set (spec, "tables",
                       test_source_path ("rules/data/skirmish19/tables.cfg"),
                       err, sizeof err)
            < 0
        || tour_spec_set (spec, "scenario",
                          test_source_path ("rules/scenarios/farm.cfg"), err,
                          sizeof err)
               < 0
        || tour_spec_set (spec, "strategy", "a=table", err, sizeof err) < 0
        || tour_spec_set (spec, "strategy", "b=random", err, sizeof err) < 0
        || tour_spec_set (spec, "games", n, err, sizeof err) < 0
        || tour_spec_set (spec, "sprt", sprt, err, sizeof err) < 0
        || tour_spec_finish (spec, err, sizeof err) < 0)
        fail_msg ("%s", err);
    return spec;
}

static const char *
temp_db (void)
{
    static char path[128];
    snprintf (path, sizeof path, "/tmp/test_tournament_store.%ld.db",
              (long) getpid ());
    unlink (path);
    char wal[160];
    snprintf (wal, sizeof wal, "%s-wal", path);
    unlink (wal);
    snprintf (wal, sizeof wal, "%s-shm", path);
    unlink (wal);
    return path;
}

/*  Game `game` of pair `pair`, the first strategy's result 2 (a win), 1
 *  (a draw) or 0 (a loss). */
static tour_game_t
make_game (const tour_spec_t *spec, int pair, int game, int first_result)
{
    tour_game_t g;
    memset (&g, 0, sizeof g);
    g.pairing = 0;
    g.pair_index = pair;
    g.game = game;
    g.id = tour_spec_game_id (spec, 0, pair, game);
    g.first = 0;
    g.second = 1;
    g.blue = game == 0 ? 0 : 1;
    g.red = game == 0 ? 1 : 0;
    g.seed = tour_spec_pair_seed (spec, pair);
    int first_side = game == 0 ? SIDE_BLUE : SIDE_RED;
    if (first_result == 1)
        g.winner = -1;
    else if (first_result == 2)
        g.winner = first_side;
    else
        g.winner = 1 - first_side;
    g.forfeit_side = -1;
    g.turns = 7;
    snprintf (g.reason, sizeof g.reason, "a test game");
    snprintf (g.ruleset, sizeof g.ruleset, "%s", tour_spec_ruleset (spec));
    snprintf (g.tables_hash, sizeof g.tables_hash, "%s",
              tour_spec_tables (spec)->hash);
    return g;
}

/*  Written once, read back whole; the second write of an id changes
 *  nothing. */
static void
test_put_and_get (void **state)
{
    (void) state;
    tour_spec_t *spec = make_spec (4, "none");
    char err[512];
    const char *path = temp_db ();
    tour_store_t *store = tour_store_open (path, err, sizeof err);
    assert_non_null (store);
    assert_int_equal (tour_store_begin (store, spec, err, sizeof err), 0);
    tour_game_t g = make_game (spec, 1, 1, 2);
    g.seed = 0xfedcba9876543210ULL;     /* above INT64_MAX: kept whole */
    g.figures[0] = 34;
    g.killed[1] = 5;
    g.wounded[0] = 2;
    g.gone[1] = 1;
    snprintf (g.forfeit, sizeof g.forfeit, "timeout");
    g.forfeit_side = SIDE_BLUE;
    snprintf (g.forfeit_detail, sizeof g.forfeit_detail, "no answer in 2 s");
    snprintf (g.worker, sizeof g.worker, "local-1");
    g.seconds = 0.25;
    g.steps = 123;
    g.dice = 45;
    g.orders = 67;
    g.log = "start: a\nresult: b\n";
    g.decisions = "3 move\n";
    assert_int_equal (tour_store_put_game (store, &g, err, sizeof err), 1);
    tour_game_t again = g;
    again.turns = 99;
    assert_int_equal (tour_store_put_game (store, &again, err, sizeof err), 0);
    assert_int_equal (tour_store_game_count (store), 1);

    tour_game_t back;
    char *log, *decisions;
    assert_int_equal (tour_store_get_game (store, g.id, &back, &log,
                                           &decisions, err, sizeof err),
                      1);
    assert_int_equal (back.id, g.id);
    assert_int_equal (back.pair_index, 1);
    assert_int_equal (back.game, 1);
    assert_int_equal (back.blue, 1);
    assert_true (back.seed == 0xfedcba9876543210ULL);
    assert_int_equal (back.winner, g.winner);
    assert_int_equal (back.turns, 7);
    assert_int_equal (back.figures[0], 34);
    assert_int_equal (back.killed[1], 5);
    assert_int_equal (back.wounded[0], 2);
    assert_int_equal (back.gone[1], 1);
    assert_string_equal (back.forfeit, "timeout");
    assert_int_equal (back.forfeit_side, SIDE_BLUE);
    assert_string_equal (back.forfeit_detail, "no answer in 2 s");
    assert_string_equal (back.ruleset, "skirmish19");
    assert_string_equal (back.tables_hash, tour_spec_tables (spec)->hash);
    assert_string_equal (back.worker, "local-1");
    assert_int_equal (back.steps, 123);
    assert_int_equal (back.dice, 45);
    assert_int_equal (back.orders, 67);
    assert_string_equal (log, "start: a\nresult: b\n");
    assert_string_equal (decisions, "3 move\n");
    free (log);
    free (decisions);
    assert_int_equal (tour_store_get_game (store, 999, &back, &log, &decisions,
                                           err, sizeof err),
                      0);
    /* the first strategy played red in game 1, and red won */
    assert_int_equal (back.winner, SIDE_RED);
    assert_true (tour_game_score (&back) == 1.0);
    tour_store_destroy (&store);
    tour_store_destroy (&store);
    tour_spec_destroy (&spec);
    unlink (path);
}

/*  A database holds one tournament: the same one binds again, another is
 *  refused naming the line of the definition that differs; the
 *  definition and the files come back from the database alone. */
static void
test_one_tournament_per_database (void **state)
{
    (void) state;
    tour_spec_t *spec = make_spec (4, "none");
    tour_spec_t *other = make_spec (6, "none");
    char err[512];
    const char *path = temp_db ();
    tour_store_t *store = tour_store_open (path, err, sizeof err);
    assert_non_null (store);
    tour_spec_t *empty = tour_spec_new ();
    assert_int_equal (tour_store_load_spec (store, empty, err, sizeof err), 1);
    assert_int_equal (tour_store_begin (store, spec, err, sizeof err), 0);
    assert_int_equal (tour_store_begin (store, spec, err, sizeof err), 0);
    assert_int_equal (tour_store_begin (store, other, err, sizeof err), -1);
    assert_non_null (strstr (err, "another tournament"));
    assert_non_null (strstr (err, "games = 4"));
    assert_non_null (strstr (err, "games = 6"));
    tour_store_destroy (&store);

    store = tour_store_open (path, err, sizeof err);
    assert_non_null (store);
    if (tour_store_load_spec (store, empty, err, sizeof err) != 0)
        fail_msg ("%s", err);
    assert_string_equal (tour_spec_id (empty), tour_spec_id (spec));
    assert_string_equal (tour_spec_definition (empty),
                         tour_spec_definition (spec));
    assert_int_equal (tour_spec_games (empty), 4);
    assert_string_equal (tour_spec_tables (empty)->text,
                         tour_spec_tables (spec)->text);
    assert_string_equal (tour_spec_scenario (empty, 0)->name, "farm");
    assert_string_equal (tour_spec_strategy (empty, 1)->class_name, "random");
    tour_store_destroy (&store);
    tour_spec_destroy (&empty);
    tour_spec_destroy (&other);
    tour_spec_destroy (&spec);
    unlink (path);
}

/*  Not a database: the error names the file. */
static void
test_bad_database (void **state)
{
    (void) state;
    const char *path
        = test_write_temp ("this is not SQLite, but it is long "
                                        "enough to look like a header........"
                           "......................................"
                           "..........",
                           ".db");
    char err[512];
    tour_store_t *store = tour_store_open (path, err, sizeof err);
    assert_null (store);
    assert_non_null (strstr (err, path));
    store = tour_store_open ("/nonexistent-dir/x.db", err, sizeof err);
    assert_null (store);
    assert_non_null (strstr (err, "/nonexistent-dir/x.db"));
}

/*  Results of the first strategy per pair, in pair order (2 win, 1 draw,
 *  0 loss for each game). */
static const int pattern[][2] = {
    { 2, 2 }, { 2, 0 }, { 2, 2 }, { 1, 2 }, { 2, 2 }, { 0, 2 }, { 2, 2 },
    { 2, 2 }, { 2, 1 }, { 2, 2 }, { 2, 2 }, { 2, 2 }, { 0, 0 }, { 2, 2 },
    { 2, 2 }, { 2, 2 } };
#define PAIRS ((int) (sizeof pattern / sizeof pattern[0]))

/*  Feed every game of the pattern in the order given by `order` (an index
 *  over pairs x 2), return the results. */
static tour_results_t *
feed (const tour_spec_t *spec, const int *order)
{
    tour_results_t *r = tour_results_new (spec);
    assert_non_null (r);
    for (int k = 0; k < PAIRS * 2; k++) {
        int pair = order[k] / 2, game = order[k] % 2;
        tour_game_t g = make_game (spec, pair, game, pattern[pair][game]);
        tour_results_add (r, &g);
    }
    return r;
}

/*  Whole pairs only, and the same standings in any order: pentanomial
 *  counts of the pattern's 16 pairs (first's points 0, .5, 1, 1.5, 2):
 *  {0,0}: 1 pair with 0; {1,2},{2,1}: 2 with 1.5; {2,0},{0,2}: 2 with 1;
 *  the other 11 with 2.  W 26, L 4, D 2 (32 games), 27 points. */
static void
test_standings_any_order (void **state)
{
    (void) state;
    tour_spec_t *spec = make_spec (2 * PAIRS, "none");
    int forward[PAIRS * 2], backward[PAIRS * 2], scrambled[PAIRS * 2];
    for (int k = 0; k < PAIRS * 2; k++) {
        forward[k] = k;
        backward[k] = PAIRS * 2 - 1 - k;
        scrambled[k] = (k * 7) % (PAIRS * 2);   /* 7 is prime to 32 */
    }
    tour_results_t *a = feed (spec, forward);
    tour_results_t *b = feed (spec, backward);
    tour_results_t *c = feed (spec, scrambled);
    tour_results_t *all[3] = { a, b, c };
    for (int i = 0; i < 3; i++) {
        const tour_results_pairing_t *p = tour_results_pairing (all[i], 0);
        assert_int_equal (p->pairs, 16);
        assert_int_equal (p->wins, 26);
        assert_int_equal (p->losses, 4);
        assert_int_equal (p->draws, 2);
        assert_true (p->points == 27.0);
        int penta[5] = { 1, 0, 2, 2, 11 };
        assert_memory_equal (p->penta, penta, sizeof penta);
        assert_true (tour_results_pairing_done (all[i], 0));
        assert_int_equal (tour_results_games_planned (all[i]), 32);
    }
    /* a pair half played does not count */
    tour_results_t *half = tour_results_new (spec);
    tour_game_t g = make_game (spec, 3, 0, 2);
    tour_results_add (half, &g);
    assert_int_equal (tour_results_pairing (half, 0)->games, 0);
    assert_int_equal (tour_results_games_stored (half), 1);
    assert_true (tour_results_has (half, 0, 3, 0));
    assert_false (tour_results_has (half, 0, 3, 1));
    /* the same game twice counts once */
    tour_results_add (half, &g);
    assert_int_equal (tour_results_games_stored (half), 1);
    tour_results_destroy (&half);
    for (int i = 0; i < 3; i++)
        tour_results_destroy (&all[i]);
    tour_spec_destroy (&spec);
}

/*  With an SPRT the pairs count in order and the test stops the pairing
 *  at the same pair whatever order the games came in; games of later
 *  pairs are stored, not counted.  elo0 0, elo1 200, alpha = beta = 0.05
 *  (bounds -/+2.944): the pattern scores so well that H1 is accepted
 *  before its 16 pairs are over. */
static void
test_sprt_stops_at_the_same_pair (void **state)
{
    (void) state;
    tour_spec_t *spec = make_spec (2 * PAIRS, "0,200,0.05,0.05");
    int forward[PAIRS * 2], backward[PAIRS * 2];
    for (int k = 0; k < PAIRS * 2; k++) {
        forward[k] = k;
        backward[k] = PAIRS * 2 - 1 - k;
    }
    tour_results_t *a = feed (spec, forward);
    tour_results_t *b = feed (spec, backward);
    const tour_results_pairing_t *pa = tour_results_pairing (a, 0);
    const tour_results_pairing_t *pb = tour_results_pairing (b, 0);
    assert_int_equal (pa->verdict, TOUR_STATS_SPRT_H1);
    assert_true (pa->stopped_at > 0 && pa->stopped_at < PAIRS);
    assert_int_equal (pb->stopped_at, pa->stopped_at);
    assert_int_equal (pb->pairs, pa->pairs);
    assert_int_equal (pb->wins, pa->wins);
    assert_true (pb->llr == pa->llr);
    assert_true (pa->llr >= tour_stats_sprt_upper (tour_spec_sprt (spec)));
    assert_int_equal (pa->pairs, pa->stopped_at);
    /* stored all, counted up to the stop */
    assert_int_equal (tour_results_games_stored (b), 32);
    assert_int_equal (tour_results_games_counted (b), 2 * pb->stopped_at);
    assert_true (tour_results_pairing_done (a, 0));
    tour_results_destroy (&a);
    tour_results_destroy (&b);
    tour_spec_destroy (&spec);
}

/*  A forfeit is charged to the strategy that forfeited, whichever side it
 *  played: game 0 (a is blue) a crash by red = b; game 1 (a is red) a
 *  timeout by red = a. */
static void
test_forfeits_charged (void **state)
{
    (void) state;
    tour_spec_t *spec = make_spec (2, "none");
    tour_results_t *r = tour_results_new (spec);
    tour_game_t g0 = make_game (spec, 0, 0, 2);
    snprintf (g0.forfeit, sizeof g0.forfeit, "crash");
    g0.forfeit_side = SIDE_RED;
    tour_game_t g1 = make_game (spec, 0, 1, 0);
    snprintf (g1.forfeit, sizeof g1.forfeit, "timeout");
    g1.forfeit_side = SIDE_RED;
    tour_results_add (r, &g0);
    tour_results_add (r, &g1);
    const tour_results_pairing_t *p = tour_results_pairing (r, 0);
    assert_int_equal (p->forfeits[1].crashes, 1);
    assert_int_equal (p->forfeits[0].timeouts, 1);
    assert_int_equal (p->forfeits[0].crashes, 0);
    assert_int_equal (p->forfeits[1].timeouts, 0);
    char err[256];
    assert_int_equal (tour_results_fit (r, err, sizeof err), 0);
    assert_int_equal (tour_results_player (r, 1)->forfeits.crashes, 1);
    assert_int_equal (tour_results_player (r, 0)->forfeits.timeouts, 1);
    /* one game each: a rating of 0 for both */
    assert_true (fabs (tour_results_player (r, 0)->rating) < 1e-9);
    tour_results_destroy (&r);
    tour_spec_destroy (&spec);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_put_and_get),
        cmocka_unit_test (test_one_tournament_per_database),
        cmocka_unit_test (test_bad_database),
        cmocka_unit_test (test_standings_any_order),
        cmocka_unit_test (test_sprt_stops_at_the_same_pair),
        cmocka_unit_test (test_forfeits_charged),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
