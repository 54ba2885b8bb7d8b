/*  test_battle.c - whole battles between strategies: the same seed plays
 *  the same battle, a battle replayed from its log gives the same result,
 *  a changed log is caught, every die is in the log.  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "battle.h"
#include "testutil.h"

static game_rules_t *rules;
static scenario_t *scenarios[3];
static const char *files[3] = { "rules/scenarios/farm.cfg",
                                "rules/scenarios/cavalry.cfg",
                                "rules/scenarios/stream.cfg" };

static int
setup (void **state)
{
    (void) state;
    char err[256];
    rules = game_rules_load (test_source_path ("rules/data/skirmish19/tables.cfg"),
                             err, sizeof err);
    if (!rules)
        fail_msg ("%s", err);
    for (int i = 0; i < 3; i++) {
        scenarios[i] = scenario_load (test_source_path (files[i]),
                                      game_rules_finder, rules, err, sizeof err);
        if (!scenarios[i])
            fail_msg ("%s", err);
    }
    return 0;
}

static int
teardown (void **state)
{
    (void) state;
    for (int i = 0; i < 3; i++)
        scenario_destroy (&scenarios[i]);
    game_rules_destroy (&rules);
    return 0;
}

static battle_log_t *
play (int scenario, const char *blue, const char *red, uint64_t seed,
      battle_result_t *r)
{
    char err[256];
    battle_setup_t setup = { .seed = seed, .strategy = { blue, red } };
    battle_log_t *log = battle_log_new ();
    assert_non_null (log);
    if (battle_play (rules, scenarios[scenario], &setup, r, log, err,
                     sizeof err) < 0)
        fail_msg ("%s", err);
    return log;
}

static bool
same_logs (const battle_log_t *a, const battle_log_t *b)
{
    if (battle_log_count (a) != battle_log_count (b))
        return false;
    for (int i = 0; i < battle_log_count (a); i++) {
        const battle_line_t *x = battle_log_line (a, i);
        const battle_line_t *y = battle_log_line (b, i);
        if (x->kind != y->kind || x->value != y->value
            || strcmp (x->text, y->text) != 0)
            return false;
    }
    return true;
}

/*  The same seed, the same battle, line for line; another seed, another. */
static void
test_same_seed_same_battle (void **state)
{
    (void) state;
    for (int s = 0; s < 3; s++) {
        battle_result_t r1, r2, r3;
        battle_log_t *a = play (s, "table", "random", 2024, &r1);
        battle_log_t *b = play (s, "table", "random", 2024, &r2);
        battle_log_t *c = play (s, "table", "random", 2025, &r3);
        assert_true (same_logs (a, b));
        assert_int_equal (r1.result.winner, r2.result.winner);
        assert_int_equal (r1.result.turns, r2.result.turns);
        assert_string_equal (r1.result.reason, r2.result.reason);
        assert_int_equal (r1.dice, r2.dice);
        assert_true (r1.steps == r2.steps);
        assert_false (same_logs (a, c));
        battle_log_destroy (&a);
        battle_log_destroy (&b);
        battle_log_destroy (&c);
    }
}

/*  Without a log the battle is the same. */
static void
test_no_log_same_result (void **state)
{
    (void) state;
    char err[256];
    battle_result_t with, without;
    battle_log_t *log = play (0, "random", "table", 77, &with);
    battle_setup_t setup = { .seed = 77, .strategy = { "random", "table" } };
    assert_int_equal (battle_play (rules, scenarios[0], &setup, &without, NULL,
                                   err, sizeof err), 0);
    assert_int_equal (with.result.winner, without.result.winner);
    assert_int_equal (with.result.turns, without.result.turns);
    assert_int_equal (with.dice, without.dice);
    assert_memory_equal (with.result.killed, without.result.killed,
                         sizeof with.result.killed);
    battle_log_destroy (&log);
}

/*  The log: a start line, every die, every decision, the result. */
static void
test_log_contents (void **state)
{
    (void) state;
    battle_result_t r;
    battle_log_t *log = play (2, "table", "table", 5, &r);
    int n = battle_log_count (log);
    assert_true (n > 10);
    assert_int_equal (battle_log_line (log, 0)->kind, BATTLE_LINE_START);
    assert_int_equal (battle_log_line (log, n - 1)->kind, BATTLE_LINE_RESULT);
    assert_true (battle_log_seed (log) == 5);
    assert_string_equal (battle_log_strategy (log, SIDE_RED), "table");
    int dice = 0, decisions = 0, table = 0;
    char buf[512];
    for (int i = 0; i < n; i++) {
        const battle_line_t *line = battle_log_line (log, i);
        dice += line->kind == BATTLE_LINE_DIE;
        if (line->kind == BATTLE_LINE_DIE)
            assert_true (line->value >= 1 && line->value <= line->sides);
        if (line->kind == BATTLE_LINE_DECISION) {
            decisions++;
            table += strcmp (line->layer, "table") == 0;
            assert_true (line->unit >= 0);
        }
        battle_line_format (line, buf, sizeof buf);
        assert_true (strlen (buf) > 5);
    }
    assert_int_equal (dice, r.dice);
    assert_int_equal (decisions, r.decisions);
    assert_int_equal (table, r.table_decisions);
    assert_true (table > 0 && decisions > table);   /* commanded units too */
    /* printed, one line each */
    FILE *f = tmpfile ();
    assert_non_null (f);
    assert_int_equal (battle_log_print (log, f), 0);
    rewind (f);
    int lines = 0, c;
    while ((c = fgetc (f)) != EOF)
        lines += c == '\n';
    fclose (f);
    assert_int_equal (lines, n);
    battle_log_destroy (&log);
}

/*  A battle replayed from its log gives the same result. */
static void
test_replay (void **state)
{
    (void) state;
    static const char *pairs[][2] = { { "table", "table" },
                                      { "random", "table" },
                                      { "random", "random" } };
    for (int s = 0; s < 3; s++)
        for (int p = 0; p < 3; p++)
            for (uint64_t seed = 1; seed <= 3; seed++) {
                char err[512];
                battle_result_t r, again;
                battle_log_t *log = play (s, pairs[p][0], pairs[p][1], seed, &r);
                assert_true (r.result.over);
                assert_true (r.result.turns >= 1
                             && r.result.turns <= scenario_turns (scenarios[s]));
                if (battle_replay (rules, scenarios[s], log, &again, err,
                                   sizeof err) < 0)
                    fail_msg ("%s %s-%s seed %llu: %s", files[s], pairs[p][0],
                              pairs[p][1], (unsigned long long) seed, err);
                assert_int_equal (again.result.winner, r.result.winner);
                assert_int_equal (again.result.turns, r.result.turns);
                assert_string_equal (again.result.reason, r.result.reason);
                assert_memory_equal (&again.result, &r.result, sizeof r.result);
                battle_log_destroy (&log);
            }
}

/*  The log says where every unit stands: a state line with every unit as
 *  it starts, then the units each line changed, so that the units drawn
 *  from the log alone end as the battle does. */
static void
test_log_unit_states (void **state)
{
    (void) state;
    static const char *pairs[][2] = { { "table", "table" },
                                      { "random", "table" } };
    int melees = 0, silent = 0, moves = 0;
    for (int s = 0; s < 3; s++)
        for (int p = 0; p < 2; p++)
            for (uint64_t seed = 1; seed <= 4; seed++) {
                battle_result_t r;
                battle_log_t *log = play (s, pairs[p][0], pairs[p][1], seed,
                                          &r);
                const situation_t *start = scenario_situation (scenarios[s]);
                int n = situation_unit_count (start);
                battle_unit_state_t drawn[64];
                assert_true (n <= 64);
                /*  line 1: every unit as the scenario places it */
                const battle_line_t *first = battle_log_line (log, 1);
                assert_int_equal (first->kind, BATTLE_LINE_STATE);
                int count;
                const battle_unit_state_t *st = battle_log_states (log, 1,
                                                                   &count);
                assert_int_equal (count, n);
                for (int u = 0; u < n; u++) {
                    const unit_t *x = situation_unit_const (start, u);
                    assert_int_equal (st[u].unit, u);
                    assert_true (st[u].centre.x == x->fp.centre.x
                                 && st[u].centre.y == x->fp.centre.y
                                 && st[u].facing == x->fp.facing);
                    assert_int_equal (st[u].killed, x->killed);
                    assert_true (st[u].in_play);
                    drawn[u] = st[u];
                }
                for (int i = 2; i < battle_log_count (log); i++) {
                    const battle_line_t *line = battle_log_line (log, i);
                    /*  the lines keep the order of the turns */
                    assert_true (line->turn >= battle_log_line (log, i - 1)->turn);
                    st = battle_log_states (log, i, &count);
                    bool has_unit = false;
                    for (int k = 0; k < count; k++) {
                        assert_true (k == 0 || st[k].unit > st[k - 1].unit);
                        drawn[st[k].unit] = st[k];
                        has_unit |= st[k].unit == line->unit;
                    }
                    if (line->kind == BATTLE_LINE_DIE
                        || line->kind == BATTLE_LINE_DECISION)
                        assert_int_equal (count, 0);
                    if (line->kind == BATTLE_LINE_STATE) {
                        assert_true (count > 0);
                        silent++;
                    }
                    /*  a move that goes somewhere carries the unit there */
                    const char *to = strstr (line->text, " cm to (");
                    if (line->kind == BATTLE_LINE_EVENT
                        && strncmp (line->text, "move: ", 6) == 0 && to) {
                        double x, y;
                        assert_int_equal (sscanf (to, " cm to (%lf, %lf)", &x,
                                                  &y), 2);
                        assert_true (has_unit);
                        const battle_unit_state_t *at = &drawn[line->unit];
                        assert_true (fabs (at->centre.x - x) < 0.051
                                     && fabs (at->centre.y - y) < 0.051);
                        moves++;
                    }
                    if (line->kind == BATTLE_LINE_EVENT
                        && strncmp (line->text, "melee: ", 7) == 0)
                        melees++;
                }
                /*  the units drawn from the log end as the battle does */
                int killed[SIDE_COUNT] = { 0 }, wounded[SIDE_COUNT] = { 0 };
                int left[SIDE_COUNT] = { 0 };
                for (int u = 0; u < n; u++) {
                    int side = situation_unit_const (start, u)->side;
                    killed[side] += drawn[u].killed;
                    wounded[side] += drawn[u].in_play ? drawn[u].wounded : 0;
                    left[side] += drawn[u].in_play;
                }
                for (int side = 0; side < SIDE_COUNT; side++) {
                    assert_int_equal (killed[side], r.result.killed[side]
                                                    + r.result.gone[side]);
                    assert_int_equal (wounded[side], r.result.wounded[side]);
                    assert_int_equal (left[side], r.result.units_left[side]);
                }
                battle_log_destroy (&log);
            }
    /*  moves, melees and the changes no event reports were all seen */
    assert_true (moves > 0);
    assert_true (melees > 0);
    assert_true (silent > 0);
}

/*  A log whose unit states differ does not replay. */
static void
test_replay_catches_a_changed_state (void **state)
{
    (void) state;
    char err[512];
    battle_result_t r, again;
    battle_log_t *log = play (1, "table", "table", 3, &r);
    int count;
    battle_unit_state_t *st = (battle_unit_state_t *) battle_log_states (
        log, 1, &count);
    assert_true (count > 0);
    st[0].centre.x += 1.0;
    assert_int_equal (battle_replay (rules, scenarios[1], log, &again, err,
                                     sizeof err), -1);
    assert_non_null (strstr (err, "line 2 differs"));
    battle_log_destroy (&log);
}

/*  A log with a die or a decision changed does not replay. */
static void
test_replay_catches_changes (void **state)
{
    (void) state;
    char err[512];
    battle_result_t r, again;
    battle_log_t *log = play (0, "random", "random", 9, &r);
    int die = -1, order = -1;
    for (int i = 0; i < battle_log_count (log); i++) {
        const battle_line_t *line = battle_log_line (log, i);
        if (die < 0 && line->kind == BATTLE_LINE_DIE && i > 20)
            die = i;
        if (order < 0 && line->kind == BATTLE_LINE_DECISION
            && strcmp (line->layer, "table") != 0)
            order = i;
    }
    assert_true (die > 0 && order > 0);
    battle_line_t *d = (battle_line_t *) battle_log_line (log, die);
    int kept = d->value;
    d->value = kept % d->sides + 1;
    assert_int_equal (battle_replay (rules, scenarios[0], log, &again, err,
                                     sizeof err), -1);
    char want[32];
    snprintf (want, sizeof want, "line %d differs", die + 1);
    assert_non_null (strstr (err, want));
    d->value = kept;
    assert_int_equal (battle_replay (rules, scenarios[0], log, &again, err,
                                     sizeof err), 0);
    /* a strategy's decision changed: the battle goes another way */
    battle_line_t *o = (battle_line_t *) battle_log_line (log, order);
    order_t old = o->order;
    o->order = order_hold ();
    o->order.has_facing = true;
    o->order.facing = 123.0;
    assert_int_equal (battle_replay (rules, scenarios[0], log, &again, err,
                                     sizeof err), -1);
    o->order = old;
    /* an empty log */
    battle_log_t *empty = battle_log_new ();
    assert_int_equal (battle_replay (rules, scenarios[0], empty, &again, err,
                                     sizeof err), -1);
    assert_non_null (strstr (err, "no start line"));
    battle_log_destroy (&empty);
    battle_log_destroy (&log);
}

/*  "Uncommanded Formed units Dice once for all the groups composing a
 *  full unit": two groups of a platoon keeping company (within 5 cm, an
 *  NCO with them) share one die. */
static void
test_platoon_diced_once (void **state)
{
    (void) state;
    const char *text =
        "ruleset = \"skirmish19\";\n"
        "table = { width = 200.0; depth = 200.0; };\n"
        "units = (\n"
        "  { id = \"b1\"; side = \"blue\"; arm = \"infantry\"; weapon = \"musket\";\n"
        "    figures = 6; ncos = 1; x = 90.0; y = 50.0; facing = 0.0; width = 12.0;\n"
        "    depth = 3.0; platoon = \"p\"; },\n"
        "  { id = \"b2\"; side = \"blue\"; arm = \"infantry\"; weapon = \"musket\";\n"
        "    figures = 6; x = 104.0; y = 50.0; facing = 0.0; width = 12.0;\n"
        "    depth = 3.0; platoon = \"p\"; },\n"
        "  { id = \"r\"; side = \"red\"; arm = \"infantry\"; weapon = \"musket\";\n"
        "    figures = 6; x = 100.0; y = 150.0; facing = 180.0; width = 12.0;\n"
        "    depth = 3.0; }\n"
        ");\n"
        "scenario = { name = \"platoon\"; turns = 3; victory = { }; };\n";
    char err[256];
    scenario_t *sc = scenario_load_text (text, "platoon.cfg", game_rules_finder,
                                         rules, err, sizeof err);
    if (!sc)
        fail_msg ("%s", err);
    battle_setup_t setup = { .seed = 4, .strategy = { "table", "table" } };
    battle_log_t *log = battle_log_new ();
    battle_result_t r;
    assert_int_equal (battle_play (rules, sc, &setup, &r, log, err, sizeof err), 0);
    /* every turn: b1 throws, b2 takes its die */
    int shared = 0;
    for (int i = 0; i < battle_log_count (log); i++) {
        const battle_line_t *line = battle_log_line (log, i);
        if (line->kind != BATTLE_LINE_DECISION || !strstr (line->text, "b2 "))
            continue;
        assert_non_null (strstr (line->text, "its platoon's die"));
        /* the line before is b1's decision, after its one die */
        const battle_line_t *lead = battle_log_line (log, i - 1);
        assert_int_equal (lead->kind, BATTLE_LINE_DECISION);
        assert_non_null (strstr (lead->text, "b1 "));
        const battle_line_t *die = battle_log_line (log, i - 2);
        assert_int_equal (die->kind, BATTLE_LINE_DIE);
        char rolled[32];
        snprintf (rolled, sizeof rolled, "rolled %d:", die->value);
        assert_non_null (strstr (lead->text, rolled));
        snprintf (rolled, sizeof rolled, "its platoon's die %d:", die->value);
        assert_non_null (strstr (line->text, rolled));
        shared++;
    }
    assert_true (shared >= 1);
    assert_int_equal (battle_replay (rules, sc, log, &r, err, sizeof err), 0);
    battle_log_destroy (&log);
    scenario_destroy (&sc);
}

static void
test_bad_setup (void **state)
{
    (void) state;
    char err[256];
    battle_result_t r;
    battle_setup_t setup = { .seed = 1, .strategy = { "table", "genius" } };
    assert_int_equal (battle_play (rules, scenarios[0], &setup, &r, NULL, err,
                                   sizeof err), -1);
    assert_non_null (strstr (err, "unknown strategy \"genius\" (known: "));
    assert_non_null (strstr (err, "random"));
    assert_non_null (strstr (err, "table"));
    battle_setup_t bad = { .seed = 1, .strategy = { "table", "random" },
                           .params = { "aggression=3", NULL } };
    assert_int_equal (battle_play (rules, scenarios[0], &bad, &r, NULL, err,
                                   sizeof err), -1);
    assert_non_null (strstr (err, "strategy table: unknown parameter "
                             "\"aggression\""));
}

/*  A stop hook that says stop at its `limit`-th poll. */
typedef struct {
    int polls, limit;
} stop_count_t;

static bool
stop_after (void *arg)
{
    stop_count_t *c = arg;
    return ++c->polls >= c->limit;
}

/*  The stop hook ends a battle between phases (the daemon's shutdown),
 *  and a search polls it too: a search of a whole second a decision,
 *  stopped at once, answers with what it has. */
static void
test_stop_hook (void **state)
{
    (void) state;
    char err[256] = "";
    battle_result_t r;
    stop_count_t count = { 0, 5 };
    battle_setup_t setup = { .seed = 1, .strategy = { "table", "random" },
                             .stop = stop_after, .stop_arg = &count };
    assert_int_equal (battle_play (rules, scenarios[0], &setup, &r, NULL, err,
                                   sizeof err), -1);
    assert_non_null (strstr (err, "stopped at turn "));
    assert_int_equal (count.polls, 5);

    /* a search of a second a decision, told to stop at its first poll,
       answers then: the battle's next check is the poll after (without
       the search's polls the battle alone would stop at poll 3) */
    battle_setup_t search = { .seed = 1, .strategy = { "search", "search" },
                              .params = { "ms=1000", "ms=1000" },
                              .stop = stop_after, .stop_arg = &count };
    count.polls = 0;
    count.limit = 3;
    assert_int_equal (battle_play (rules, scenarios[0], &search, &r, NULL,
                                   err, sizeof err), -1);
    assert_non_null (strstr (err, "stopped at turn 1"));
    assert_true (count.polls > 3);
}

/*  The registry. */
static void
test_strategies (void **state)
{
    (void) state;
    char err[256];
    assert_int_equal (strategy_class_count (), 4);
    assert_string_equal (strategy_class_at (0)->name, "random");
    assert_string_equal (strategy_class_at (1)->name, "table");
    assert_string_equal (strategy_class_at (2)->name, "greedy");
    assert_string_equal (strategy_class_at (3)->name, "search");
    assert_non_null (strategy_class_find ("table"));
    assert_null (strategy_class_find ("minimax"));
    assert_null (strategy_new ("minimax", "", 3, err, sizeof err));
    assert_non_null (strstr (err, "known: random, table, greedy, search"));
    assert_null (strategy_class_at (strategy_class_count ()));
    assert_null (strategy_class_at (-1));
    strategy_t *s = strategy_new ("random", "", 3, err, sizeof err);
    assert_non_null (s);
    assert_string_equal (strategy_name (s), "random");
    assert_string_equal (strategy_params (s), "");
    strategy_destroy (&s);
    strategy_destroy (&s);
    assert_null (s);
}

/*  A variant of the skirmish19 tables: `from` replaced by `to` once (the
 *  path of a temporary file). */
static const char *
variant_file (const char *from, const char *to)
{
    FILE *f = fopen (test_source_path ("rules/data/skirmish19/tables.cfg"),
                     "rb");
    assert_non_null (f);
    static char text[64 * 1024];
    size_t n = fread (text, 1, sizeof text - 1, f);
    fclose (f);
    text[n] = 0;
    char *at = strstr (text, from);
    assert_non_null (at);
    static char out[64 * 1024 + 256];
    snprintf (out, sizeof out, "%.*s%s%s", (int) (at - text), text, to,
              at + strlen (from));
    return test_write_temp (out, ".cfg");
}

/*  How many of `side`'s infantry's table decisions up to RF0 were
 *  `action` (*rf0 of them up to RF0). */
static int
count_rf0 (const battle_log_t *log, const scenario_t *sc, int side,
           const char *action, int *rf0)
{
    char words[64];
    snprintf (words, sizeof words, ": %s -> ", action);
    int count = 0;
    *rf0 = 0;
    for (int i = 0; i < battle_log_count (log); i++) {
        const battle_line_t *line = battle_log_line (log, i);
        if (line->kind != BATTLE_LINE_DECISION)
            continue;
        const unit_t *u = situation_unit_const (scenario_situation (sc),
                                                line->unit);
        if ((int) u->side != side || u->arm != ARM_INFANTRY
            || !strstr (line->text, "(up to RF0)"))
            continue;
        (*rf0)++;
        if (strstr (line->text, words))
            count++;
    }
    return count;
}

/*  A side's own variant of the tables ("tables=PATH"): its table layer
 *  (units out of command, the class "table") decides by it, the other
 *  side by the game's tables; the log and the result name each side's
 *  tables' hash and the battle replays exactly. */
static void
test_table_variant (void **state)
{
    (void) state;
    char err[256];
    /* up to RF0 infantry halt whatever the die */
    const char *path = variant_file (
        "[\"continue\", \"continue\", \"continue\", \"continue\", "
        "\"continue\", \"advance_visible\"]",
        "[\"halt\", \"halt\", \"halt\", \"halt\", \"halt\", \"halt\"]");
    char params[300];
    snprintf (params, sizeof params, "tables=%s", path);
    const ruleset_t *base = game_rules_ruleset (rules);
    int variant_halts = 0, standard_halts = 0, red_halts = 0;
    int rf0_variant = 0, rf0_standard = 0, rf0_red = 0, n;
    for (int sc = 0; sc < 3; sc++) {
        battle_setup_t setup = { .seed = 11, .strategy = { "table", "table" },
                                 .params = { params, NULL } };
        battle_result_t r, plain, again;
        battle_log_t *log = battle_log_new ();
        if (battle_play (rules, scenarios[sc], &setup, &r, log, err,
                         sizeof err) < 0)
            fail_msg ("%s", err);
        assert_string_not_equal (r.tables_hash[0], ruleset_tables_hash (base));
        assert_string_equal (r.tables_hash[1], ruleset_tables_hash (base));
        assert_string_equal (battle_log_tables_hash (log, SIDE_BLUE),
                             r.tables_hash[0]);
        assert_string_equal (battle_log_params (log, SIDE_BLUE), params);
        char want[64];
        snprintf (want, sizeof want, "tables blue %s red %s", r.tables_hash[0],
                  r.tables_hash[1]);
        assert_non_null (strstr (battle_log_line (log, 0)->text, want));
        variant_halts += count_rf0 (log, scenarios[sc], SIDE_BLUE, "halt", &n);
        rf0_variant += n;
        red_halts += count_rf0 (log, scenarios[sc], SIDE_RED, "halt", &n);
        rf0_red += n;
        if (battle_replay (rules, scenarios[sc], log, &again, err,
                           sizeof err) < 0)
            fail_msg ("%s", err);
        assert_int_equal (again.result.winner, r.result.winner);
        assert_string_equal (again.tables_hash[0], r.tables_hash[0]);

        battle_log_t *std = play (sc, "table", "table", 11, &plain);
        assert_string_equal (plain.tables_hash[0], ruleset_tables_hash (base));
        assert_null (strstr (battle_log_line (std, 0)->text, "tables blue"));
        standard_halts += count_rf0 (std, scenarios[sc], SIDE_BLUE, "halt",
                                     &n);
        rf0_standard += n;
        battle_log_destroy (&std);
        battle_log_destroy (&log);
    }
    assert_true (rf0_variant > 0 && rf0_standard > 0 && rf0_red > 0);
    assert_true (variant_halts > 0);
    assert_int_equal (standard_halts, 0);
    assert_int_equal (red_halts, 0);

    /* the class "random" keeps its parameters; its units out of command
       read the variant */
    battle_setup_t rnd = { .seed = 3, .strategy = { "random", "table" },
                           .params = { params, params } };
    battle_result_t r;
    assert_int_equal (battle_play (rules, scenarios[0], &rnd, &r, NULL, err,
                                   sizeof err), 0);
    assert_string_equal (r.tables_hash[0], r.tables_hash[1]);

    /* a log whose variant changed since does not replay */
    battle_setup_t setup = { .seed = 4, .strategy = { "table", "table" },
                             .params = { NULL, params } };
    battle_log_t *log = battle_log_new ();
    assert_int_equal (battle_play (rules, scenarios[1], &setup, &r, log, err,
                                   sizeof err), 0);
    FILE *f = fopen (path, "a");
    assert_non_null (f);
    fputs ("# changed\n", f);
    fclose (f);
    battle_result_t again;
    assert_int_equal (battle_replay (rules, scenarios[1], log, &again, err,
                                     sizeof err), -1);
    assert_non_null (strstr (err, "red's tables "));
    assert_non_null (strstr (err, "the log's were"));
    battle_log_destroy (&log);
}

/*  A variant that does not fit, or is not there, is refused by name. */
static void
test_table_variant_refused (void **state)
{
    (void) state;
    char err[256], params[300];
    battle_result_t r;
    battle_setup_t setup = { .seed = 1, .strategy = { "table", "table" } };
    setup.params[1] = "tables=/nonexistent/variant.cfg";
    assert_int_equal (battle_play (rules, scenarios[0], &setup, &r, NULL, err,
                                   sizeof err), -1);
    assert_non_null (strstr (err, "red's tables: "));
    assert_non_null (strstr (err, "/nonexistent/variant.cfg"));

    const char *renamed = variant_file ("name  = \"skirmish19\";",
                                        "name  = \"house\";");
    snprintf (params, sizeof params, "tables=%s", renamed);
    setup.params[1] = params;
    assert_int_equal (battle_play (rules, scenarios[0], &setup, &r, NULL, err,
                                   sizeof err), -1);
    assert_non_null (strstr (err, renamed));
    assert_non_null (strstr (err, "tables of ruleset \"house\", the game's "
                             "is \"skirmish19\""));

    const char *swapped = variant_file ("name = \"rifle\";",
                                        "name = \"house_rifle\";");
    snprintf (params, sizeof params, "tables=%s", swapped);
    setup.params[1] = params;
    assert_int_equal (battle_play (rules, scenarios[0], &setup, &r, NULL, err,
                                   sizeof err), -1);
    assert_non_null (strstr (err, "weapon 1 is \"house_rifle\" where the "
                             "game's tables have \"rifle\""));

    setup.params[1] = "tables=a.cfg,tables=b.cfg";
    assert_int_equal (battle_play (rules, scenarios[0], &setup, &r, NULL, err,
                                   sizeof err), -1);
    assert_non_null (strstr (err, "red's strategy: parameter \"tables\" "
                             "given twice"));
    setup.params[1] = "tables=";
    assert_int_equal (battle_play (rules, scenarios[0], &setup, &r, NULL, err,
                                   sizeof err), -1);
    assert_non_null (strstr (err, "an empty path"));

    char rest[STRATEGY_PARAMS_MAX], path[STRATEGY_TABLES_PATH_MAX];
    assert_int_equal (strategy_split_tables ("a=1,tables=x.cfg,b=2", rest,
                                             path), 0);
    assert_string_equal (rest, "a=1,b=2");
    assert_string_equal (path, "x.cfg");
    assert_int_equal (strategy_split_tables (NULL, rest, path), 0);
    assert_string_equal (rest, "");
    assert_string_equal (path, "");
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_same_seed_same_battle),
        cmocka_unit_test (test_no_log_same_result),
        cmocka_unit_test (test_log_contents),
        cmocka_unit_test (test_replay),
        cmocka_unit_test (test_replay_catches_changes),
        cmocka_unit_test (test_log_unit_states),
        cmocka_unit_test (test_replay_catches_a_changed_state),
        cmocka_unit_test (test_platoon_diced_once),
        cmocka_unit_test (test_bad_setup),
        cmocka_unit_test (test_stop_hook),
        cmocka_unit_test (test_strategies),
        cmocka_unit_test (test_table_variant),
        cmocka_unit_test (test_table_variant_refused),
    };
    return cmocka_run_group_tests (tests, setup, teardown);
}
