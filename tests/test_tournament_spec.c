/*  test_tournament_spec.c - a tournament's definition: pairings of each
 *  format, pair seeds and scenarios, game ids both ways, flags and files
 *  read (and refused naming the flag or file:line), the definition text
 *  and id stable and read back.  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "tour_arena.h"
#include "tour_spec.h"

static void
set (tour_spec_t *spec, const char *key, const char *value)
{
    char err[512];
    if (tour_spec_set (spec, key, value, err, sizeof err) < 0)
        fail_msg ("--%s %s: %s", key, value, err);
}

/*  Four strategies on two scenarios, not finished. */
static tour_spec_t *
four (const char *format)
{
    tour_spec_t *spec = tour_spec_new ();
    assert_non_null (spec);
    set (spec, "tables",
         test_source_path ("rules/data/skirmish19/tables.cfg"));
    set (spec, "scenario", test_source_path ("rules/scenarios/farm.cfg"));
    set (spec, "scenario", test_source_path ("rules/scenarios/cavalry.cfg"));
    set (spec, "strategy", "a=table");
    set (spec, "strategy", "b=random");
    set (spec, "strategy", "c=random:");
    set (spec, "external", "d=/usr/bin/python3 strategy.py --fast");
    set (spec, "format", format);
    set (spec, "games", "6");
    return spec;
}

static tour_spec_t *
finished (tour_spec_t *spec)
{
    char err[512];
    if (tour_spec_finish (spec, err, sizeof err) < 0)
        fail_msg ("%s", err);
    return spec;
}

/*  Round-robin: 0-1, 0-2, 0-3, 1-2, 1-3, 2-3; gauntlet: 0-1, 0-2, 0-3. */
static void
test_pairings (void **state)
{
    (void) state;
    tour_spec_t *rr = finished (four ("round-robin"));
    int expect[6][2] = { { 0, 1 }, { 0, 2 }, { 0, 3 }, { 1, 2 }, { 1, 3 },
                         { 2, 3 } };
    assert_int_equal (tour_spec_pairing_count (rr), 6);
    for (int i = 0; i < 6; i++) {
        int a, b;
        tour_spec_pairing (rr, i, &a, &b);
        assert_int_equal (a, expect[i][0]);
        assert_int_equal (b, expect[i][1]);
    }
    tour_spec_t *g = finished (four ("gauntlet"));
    assert_int_equal (tour_spec_pairing_count (g), 3);
    for (int i = 0; i < 3; i++) {
        int a, b;
        tour_spec_pairing (g, i, &a, &b);
        assert_int_equal (a, 0);
        assert_int_equal (b, i + 1);
    }
    /* the external strategy got the move timeout, 5 s by default */
    assert_true (tour_spec_strategy_external (tour_spec_strategy (rr, 3)));
    assert_int_equal (tour_spec_strategy (rr, 3)->timeout_ms, 5000);
    assert_string_equal (tour_spec_strategy (rr, 3)->command,
                         "/usr/bin/python3 strategy.py --fast");
    assert_false (tour_spec_strategy_external (tour_spec_strategy (rr, 2)));
    tour_spec_destroy (&rr);
    tour_spec_destroy (&g);
}

/*  Game ids: ((pairing x pairs) + pair) x 2 + game + 1, and back; pair
 *  seeds the same in every pairing, all different, fixed by the base
 *  seed; scenarios taken in turn. */
static void
test_ids_seeds_scenarios (void **state)
{
    (void) state;
    tour_spec_t *spec = finished (four ("round-robin"));
    assert_int_equal (tour_spec_pairs (spec), 3);
    assert_int_equal (tour_spec_game_id (spec, 0, 0, 0), 1);
    assert_int_equal (tour_spec_game_id (spec, 0, 0, 1), 2);
    assert_int_equal (tour_spec_game_id (spec, 0, 2, 1), 6);
    assert_int_equal (tour_spec_game_id (spec, 5, 2, 1), 36);
    for (int64_t id = 1; id <= 36; id++) {
        int pairing, pair, game;
        assert_int_equal (tour_spec_game_from_id (spec, id, &pairing, &pair,
                                                  &game),
                          0);
        assert_int_equal (tour_spec_game_id (spec, pairing, pair, game), id);
    }
    int p, q, r;
    assert_int_equal (tour_spec_game_from_id (spec, 0, &p, &q, &r), -1);
    assert_int_equal (tour_spec_game_from_id (spec, 37, &p, &q, &r), -1);
    uint64_t s0 = tour_spec_pair_seed (spec, 0);
    assert_true (s0 != tour_spec_pair_seed (spec, 1));
    assert_true (tour_spec_pair_seed (spec, 1)
                 != tour_spec_pair_seed (spec, 2));
    assert_int_equal (tour_spec_pair_scenario (spec, 0), 0);
    assert_int_equal (tour_spec_pair_scenario (spec, 1), 1);
    assert_int_equal (tour_spec_pair_scenario (spec, 2), 0);
    /* another base seed, other pair seeds; the same one, the same */
    tour_spec_t *other = four ("round-robin");
    set (other, "seed", "2");
    finished (other);
    assert_true (tour_spec_pair_seed (other, 0) != s0);
    tour_spec_t *same = finished (four ("round-robin"));
    assert_true (tour_spec_pair_seed (same, 0) == s0);
    assert_string_equal (tour_spec_id (same), tour_spec_id (spec));
    assert_string_not_equal (tour_spec_id (other), tour_spec_id (spec));
    /* seeds given: one per pair, games follow */
    tour_spec_t *listed = four ("round-robin");
    set (listed, "seeds", "11,12,18446744073709551615,14");
    char err[512];
    assert_int_equal (tour_spec_finish (listed, err, sizeof err), -1);
    assert_non_null (strstr (err, "twice the number of seeds"));
    tour_spec_destroy (&listed);
    listed = tour_spec_new ();
    set (listed, "scenario", test_source_path ("rules/scenarios/farm.cfg"));
    set (listed, "strategy", "a=table");
    set (listed, "strategy", "b=table");
    set (listed, "seeds", "11,12,18446744073709551615,14");
    finished (listed);
    assert_int_equal (tour_spec_games (listed), 8);
    assert_true (tour_spec_pair_seed (listed, 2) == UINT64_MAX);
    /* without tables: the ruleset installed, else the source tree's */
    assert_string_equal (tour_spec_ruleset (listed), "skirmish19");
    tour_spec_destroy (&listed);
    tour_spec_destroy (&same);
    tour_spec_destroy (&other);
    tour_spec_destroy (&spec);
}

/*  Without a table file a tournament plays under the ruleset its
 *  scenarios name (their installed tables and hash): Empire of Liberty
 *  for its scenarios, and a game of the arena is recorded under it.
 *  Scenarios of two rulesets are refused; a table file given is the
 *  variant in force. */
static void
test_scenarios_ruleset (void **state)
{
    (void) state;
    char err[512];
    tour_spec_t *spec = tour_spec_new ();
    set (spec, "scenario",
         test_source_path ("rules/scenarios/eol_cowpens.cfg"));
    set (spec, "scenario",
         test_source_path ("rules/scenarios/eol_freemans_farm.cfg"));
    set (spec, "strategy", "a=table");
    set (spec, "strategy", "b=random");
    set (spec, "games", "2");
    if (tour_spec_finish (spec, err, sizeof err) < 0)
        fail_msg ("%s", err);
    assert_string_equal (tour_spec_ruleset (spec), "empire_of_liberty");
    const tour_spec_file_t *t = tour_spec_tables (spec);
    const char *tail = "empire_of_liberty/tables.cfg";
    assert_true (strlen (t->path) > strlen (tail));
    assert_string_equal (t->path + strlen (t->path) - strlen (tail), tail);
    char hash[TOUR_SPEC_HASH_MAX];
    tour_spec_hash (t->text, strlen (t->text), hash);
    assert_string_equal (t->hash, hash);
    assert_non_null (strstr (tour_spec_definition (spec),
                             "ruleset = empire_of_liberty"));
    /* a game played by the arena carries the ruleset and its hash */
    tour_arena_t *arena = tour_arena_new_spec (spec, false, err, sizeof err);
    if (!arena)
        fail_msg ("%s", err);
    assert_string_equal (tour_arena_tables_hash (arena), hash);
    tour_arena_game_t game = { .seed = 7, .scenario = 0, .blue = 0, .red = 1,
                               .game_id = "1" };
    tour_game_t rec;
    char *log = NULL, *decisions = NULL;
    if (tour_arena_play (arena, &game, &rec, &log, &decisions, err,
                         sizeof err) < 0)
        fail_msg ("%s", err);
    assert_string_equal (rec.ruleset, "empire_of_liberty");
    assert_string_equal (rec.tables_hash, hash);
    free (log);
    free (decisions);
    tour_arena_destroy (&arena);
    tour_spec_destroy (&spec);

    /* two rulesets in one tournament */
    spec = tour_spec_new ();
    set (spec, "scenario", test_source_path ("rules/scenarios/farm.cfg"));
    set (spec, "scenario",
         test_source_path ("rules/scenarios/eol_cowpens.cfg"));
    set (spec, "strategy", "a=table");
    set (spec, "strategy", "b=random");
    assert_int_equal (tour_spec_finish (spec, err, sizeof err), -1);
    if (!strstr (err, "the scenarios name two rulesets")
        || !strstr (err, "skirmish19") || !strstr (err, "empire_of_liberty"))
        fail_msg ("%s", err);
    tour_spec_destroy (&spec);

    /* a table file given is in force; a scenario of another ruleset is
       refused by its load */
    spec = tour_spec_new ();
    set (spec, "tables",
         test_source_path ("rules/data/skirmish19/tables.cfg"));
    set (spec, "scenario",
         test_source_path ("rules/scenarios/eol_cowpens.cfg"));
    set (spec, "strategy", "a=table");
    set (spec, "strategy", "b=random");
    assert_int_equal (tour_spec_finish (spec, err, sizeof err), -1);
    assert_non_null (strstr (err, "empire_of_liberty"));
    tour_spec_destroy (&spec);
}

/*  Flags refused, naming the flag and what it should be. */
static void
test_bad_flags (void **state)
{
    (void) state;
    tour_spec_t *spec = tour_spec_new ();
    char err[512];
    /* the end wait README and solo-tournament(1) give */
    assert_true (tour_spec_end_wait (spec) == 2.0);
    struct { const char *key, *value, *words; } bad[] = {
        { "games", "7", "must be even" },
        { "games", "many", "--games \"many\" is not a number" },
        { "format", "swiss", "neither round-robin nor gauntlet" },
        { "strategy", "table", "is not NAME=CLASS[:PARAMS]" },
        { "strategy", "=table", "is not NAME=CLASS[:PARAMS]" },
        { "external", "py", "is not NAME=COMMAND" },
        { "sprt", "0,5", "is not ELO0,ELO1,ALPHA,BETA" },
        { "sprt", "0,5,0.5,0.6", "alpha + beta" },
        { "seed", "-1", "is not a number from 0" },
        { "seeds", "1,x", "\"x\" is not a number" },
        { "concurrency", "-2", "must be in 0..256" },
        { "move-timeout", "0", "must be in (0, 3600] seconds" },
        { "end-wait", "-1", "end_wait (-1) must be in [0, 3600] seconds" },
        { "end-wait", "3601", "must be in [0, 3600] seconds" },
        { "end-wait", "soon", "--end-wait \"soon\" is not a number of "
                              "seconds" },
        { "keep-logs", "maybe", "neither true nor false" },
        { "colour", "blue", "unknown setting \"colour\"" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = 0;
        assert_int_equal (tour_spec_set (spec, bad[i].key, bad[i].value, err,
                                         sizeof err),
                          -1);
        if (!strstr (err, bad[i].words))
            fail_msg ("--%s %s: \"%s\" lacks \"%s\"", bad[i].key,
                      bad[i].value, err, bad[i].words);
    }
    /* two strategies of one name; a class that does not exist */
    set (spec, "scenario", test_source_path ("rules/scenarios/farm.cfg"));
    set (spec, "strategy", "a=table");
    set (spec, "strategy", "a=random");
    assert_int_equal (tour_spec_finish (spec, err, sizeof err), -1);
    assert_non_null (strstr (err, "two strategies are named \"a\""));
    tour_spec_destroy (&spec);
    spec = tour_spec_new ();
    set (spec, "scenario", test_source_path ("rules/scenarios/farm.cfg"));
    set (spec, "strategy", "a=table:depth=3");
    set (spec, "strategy", "b=random");
    assert_int_equal (tour_spec_finish (spec, err, sizeof err), -1);
    assert_non_null (strstr (err, "strategy \"a\": strategy table: unknown "
                             "parameter \"depth\""));
    tour_spec_destroy (&spec);
    spec = tour_spec_new ();
    set (spec, "scenario", test_source_path ("rules/scenarios/farm.cfg"));
    set (spec, "strategy", "a=table");
    assert_int_equal (tour_spec_finish (spec, err, sizeof err), -1);
    assert_non_null (strstr (err, "at least 2 strategies"));
    tour_spec_destroy (&spec);
}

/*  A tournament file: read, paths relative to it; errors with file:line. */
static void
test_file (void **state)
{
    (void) state;
    char text[2048], tables[1024], farm[1024];
    snprintf (tables, sizeof tables, "%s",
              test_source_path ("rules/data/skirmish19/tables.cfg"));
    snprintf (farm, sizeof farm, "%s",
              test_source_path ("rules/scenarios/farm.cfg"));
    snprintf (text, sizeof text,
              "name = \"house\";\n"
              "tables = \"%s\";\n"
              "scenarios = [ \"%s\" ];\n"
              "format = \"gauntlet\";\n"
              "games = 4;\n"
              "seed = 99;\n"
              "sprt = { elo0 = -5.0; elo1 = 5; alpha = 0.1; beta = 0.2; };\n"
              "database = \"house.db\";\n"
              "concurrency = 3;\n"
              "bind = \"tcp://127.0.0.1:5601\";\n"
              "worker_timeout = 2.5;\n"
              "end_wait = 0;\n"
              "move_timeout = 1;\n"
              "keep_logs = false;\n"
              "strategies = (\n"
              "  { name = \"t\"; class = \"table\"; },\n"
              "  { name = \"r\"; class = \"random\"; },\n"
              "  { name = \"x\"; endpoint = \"tcp://10.0.0.7:5700\"; "
              "timeout = 0.25; }\n"
              ");\n", tables, farm);
    const char *path = test_write_temp (text, ".cfg");
    tour_spec_t *spec = tour_spec_new ();
    char err[512];
    if (tour_spec_load_file (spec, path, err, sizeof err) < 0)
        fail_msg ("%s", err);
    finished (spec);
    assert_string_equal (tour_spec_name (spec), "house");
    assert_int_equal (tour_spec_format (spec), TOUR_SPEC_GAUNTLET);
    assert_int_equal (tour_spec_games (spec), 4);
    assert_true (tour_spec_has_sprt (spec));
    assert_true (tour_spec_sprt (spec)->elo0 == -5.0);
    assert_true (tour_spec_sprt (spec)->beta == 0.2);
    assert_int_equal (tour_spec_concurrency (spec), 3);
    assert_string_equal (tour_spec_bind (spec), "tcp://127.0.0.1:5601");
    assert_true (tour_spec_worker_timeout (spec) == 2.5);
    assert_true (tour_spec_end_wait (spec) == 0);
    assert_false (tour_spec_keep_logs (spec));
    assert_int_equal (tour_spec_strategy (spec, 2)->timeout_ms, 250);
    assert_string_equal (tour_spec_strategy (spec, 2)->endpoint,
                         "tcp://10.0.0.7:5700");
    /* the database sits next to the file */
    char want[1100];
    snprintf (want, sizeof want, "%s", path);
    char *slash = strrchr (want, '/');
    snprintf (slash + 1, sizeof want - (size_t) (slash + 1 - want),
              "house.db");
    assert_string_equal (tour_spec_database (spec), want);
    /* the definition: what decides results, not how it runs */
    const char *d = tour_spec_definition (spec);
    assert_non_null (strstr (d, "format = gauntlet\n"));
    assert_non_null (strstr (d, "seed = 99\n"));
    assert_non_null (strstr (d, "strategy.endpoint = tcp://10.0.0.7:5700\n"));
    assert_non_null (strstr (d, "strategy.timeout_ms = 250\n"));
    assert_null (strstr (d, "concurrency"));
    assert_null (strstr (d, "5601"));
    tour_spec_destroy (&spec);

    struct { const char *text, *words; } bad[] = {
        { "games = 4;\nseed = -3;\n", ":2 - seed must be a whole number" },
        { "strategies = ( { class = \"table\"; } );\n",
          ":1 - a strategy without a name" },
        { "strategies = (\n { name = \"a\"; class = \"table\"; depth = 3; }"
          "\n);\n", ":2 - unknown strategy setting \"depth\"" },
        { "sprt = { elo0 = 0.0; };\n", ":1 - sprt needs elo0 and elo1" },
        { "scenarios = \"farm.cfg\";\n", ":1 - scenarios must be a list" },
        { "games = 4;\nseed = = 1;\n", ":2 - syntax error" },
        { "worker_timeout = \"long\";\n",
          ":1 - worker_timeout must be a number" },
        { "end_wait = -2.0;\n",
          ":1 - end_wait (-2) must be in [0, 3600] seconds" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        path = test_write_temp (bad[i].text, ".cfg");
        spec = tour_spec_new ();
        assert_int_equal (tour_spec_load_file (spec, path, err, sizeof err),
                          -1);
        char want_where[1100];
        snprintf (want_where, sizeof want_where, "%s%s", path, bad[i].words);
        if (!strstr (err, want_where))
            fail_msg ("\"%s\" lacks \"%s\"", err, want_where);
        tour_spec_destroy (&spec);
    }
    spec = tour_spec_new ();
    assert_int_equal (tour_spec_load_file (spec, "/nonexistent/t.cfg", err,
                                           sizeof err),
                      -1);
    assert_non_null (strstr (err, "/nonexistent/t.cfg - cannot read"));
    tour_spec_destroy (&spec);
}

/*  The definition text read back gives the same tournament. */
static char *
file_from (void *arg, const char *hash, char *path, int pathlen)
{
    const tour_spec_t *spec = arg;
    snprintf (path, pathlen, "(stored)");
    if (strcmp (hash, tour_spec_tables (spec)->hash) == 0)
        return strdup (tour_spec_tables (spec)->text);
    for (int i = 0; i < tour_spec_scenario_count (spec); i++)
        if (strcmp (hash, tour_spec_scenario (spec, i)->hash) == 0)
            return strdup (tour_spec_scenario (spec, i)->text);
    return NULL;
}

static void
test_definition_read_back (void **state)
{
    (void) state;
    tour_spec_t *spec = four ("gauntlet");
    set (spec, "sprt", "0,50,0.05,0.1");
    set (spec, "move-timeout", "2.5");
    finished (spec);
    tour_spec_t *back = tour_spec_new ();
    char err[512];
    if (tour_spec_from_definition (back, tour_spec_definition (spec),
                                   file_from, spec, err, sizeof err)
        < 0)
        fail_msg ("%s", err);
    assert_string_equal (tour_spec_id (back), tour_spec_id (spec));
    assert_int_equal (tour_spec_strategy (back, 3)->timeout_ms, 2500);
    assert_int_equal (tour_spec_format (back), TOUR_SPEC_GAUNTLET);
    assert_true (tour_spec_sprt (back)->beta == 0.1);
    assert_int_equal (tour_spec_scenario_count (back), 2);
    /* a damaged definition is refused, naming its line */
    assert_int_equal (tour_spec_from_definition (back, "not a tournament\n",
                                                 file_from, spec, err,
                                                 sizeof err),
                      -1);
    assert_non_null (strstr (err, "not a tournament definition"));
    char *broken = strdup (tour_spec_definition (spec));
    char *line = strstr (broken, "tables = ");
    line[9] = 'z';
    assert_int_equal (tour_spec_from_definition (back, broken, file_from, spec,
                                                 err, sizeof err),
                      -1);
    assert_non_null (strstr (err, "definition line 4: the database has no "
                             "file of hash z"));
    free (broken);
    tour_spec_destroy (&back);
    tour_spec_destroy (&spec);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_pairings),
        cmocka_unit_test (test_ids_seeds_scenarios),
        cmocka_unit_test (test_scenarios_ruleset),
        cmocka_unit_test (test_bad_flags),
        cmocka_unit_test (test_file),
        cmocka_unit_test (test_definition_read_back),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
