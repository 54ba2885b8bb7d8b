/*  test_rf_answers.c - every answer of the Risk Factor engine over whole
 *  battles, pinned as data: tests/data/rf_answers.txt.
 *
 *  A battle of every scenario is played (random orders against the
 *  tables); at each of a side's turns to give orders, every unit with a
 *  figure standing is asked rf_decide (on one face of the die, a
 *  different one unit by unit and turn by turn, and its sighting dice).
 *  Each answer is one line of the file: the battle, the turn, the unit,
 *  its Risk Factor, the die, the action, charge, morale, every factor,
 *  and the geometry (the nearest enemy, whether in range and in reach,
 *  the cover, the destination, the facing, the pace, the target of its
 *  fire and the range, the units diced with it), lengths to a tenth of a
 *  cm and angles to a degree, so that it holds on any machine and libm.
 *  Each battle's result ends its lines.
 *  The skirmish19 battles are asked again under a house reading of the
 *  settings (the other reading of "in range", sight by the whole side,
 *  sighting dice, no enemy in sight counted without looking for
 *  retreating friends, the target's whole base to be seen, shooting in
 *  and out of melee, units that fired seen only within the sighting
 *  range, charge reach in the open), on a copy of the table whose units
 *  are not indexed, and the answers without words (rf_decide_terse) must
 *  be the same as those with.
 *
 *  Every table cell is asserted from the seed by test_rf_tables (the
 *  cells of tests/data/rf_cells.txt); this file guards the whole engine
 *  against changes nobody meant.  When the rules or their reading change
 *  on purpose, write the file again and read the difference:
 *
 *      build/tests/test_rf_answers --write tests/data/rf_answers.txt
 *
 *  The test names the first line that differs.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "battle.h"
#include "strategy.h"
#include "testutil.h"

#define GOLDEN_FILE "tests/data/rf_answers.txt"

#define BATTLES_PER_SCENARIO 1

static const char *const scenario_files[] = {
    "rules/scenarios/farm.cfg",
    "rules/scenarios/cavalry.cfg",
    "rules/scenarios/stream.cfg",
    "rules/scenarios/eol_cowpens.cfg",
    "rules/scenarios/eol_freemans_farm.cfg",
};
#define SCENARIO_COUNT (int) (sizeof scenario_files / sizeof scenario_files[0])

/*  The house reading: every setting the engine reads two ways, the other
 *  way. */
static const struct {
    const char *from, *to;
} house_reading[] = {
    { "no_enemy_needs_no_retreating_friends = true",
      "no_enemy_needs_no_retreating_friends = false" },
    { "enemy_range_is_enemy_weapon = true",
      "enemy_range_is_enemy_weapon = false" },
    { "in_sight_of_unit_itself = true", "in_sight_of_unit_itself = false" },
    { "sighting_rolls = false", "sighting_rolls = true" },
    { "fire_needs_whole_target = false", "fire_needs_whole_target = true" },
    { "shoot_in_melee = false", "shoot_in_melee = true" },
    { "fired_seen_any_range = true", "fired_seen_any_range = false" },
    { "charge_reach_pays_terrain = true",
      "charge_reach_pays_terrain = false" },
};

/*  What the deciders share over a battle. */
typedef struct {
    strategy_t *strategy[SIDE_COUNT];
    const ruleset_t *house;    /* NULL: no house reading asked */
    dice_t *dice;              /* the sighting dice, reseeded per question */
    FILE *lines;               /* the answers, one a line */
    char battle[48];           /* "farm.1" */
    const char *reading;       /* "" or "house" */
    long decisions;
    long calls;
} asker_t;

/*  ---- an answer as a line ----------------------------------------------- */

/*  A length or coordinate to a tenth, -0.0 written as 0.0. */
static void
put_cm (FILE *f, double v)
{
    double r = round (v * 10) / 10;
    fprintf (f, "%.1f", r == 0 ? 0.0 : r);
}

/*  The id of unit i of sit, or "-". */
static const char *
id_of (const situation_t *sit, int i)
{
    return i >= 0 && i < situation_unit_count (sit)
         ? situation_unit_const (sit, i)->id : "-";
}

static void
put_decision (asker_t *a, const situation_t *sit, const rf_decision_t *d)
{
    FILE *f = a->lines;
    const rf_order_t *o = &d->order;
    fprintf (f, "%s%s%s t%ld %s rf%d d%d %s%s %s [", a->battle,
             a->reading[0] ? " " : "", a->reading, a->calls,
             id_of (sit, d->unit), d->rf, d->roll, rf_action_name (d->action),
             d->charge ? " charge" : "", d->morale);
    for (int i = 0; i < d->factor_count; i++)
        fprintf (f, "%s%s%+d", i ? " " : "", d->factors[i].name,
                 d->factors[i].value);
    fprintf (f, "]");
    if (o->nearest_enemy >= 0) {
        fprintf (f, " near %s ", id_of (sit, o->nearest_enemy));
        put_cm (f, o->nearest_enemy_cm);
        fprintf (f, "%s%s", o->enemy_in_weapon_range ? " range" : "",
                 o->enemy_in_charge_reach ? " reach" : "");
    }
    if (o->cover_feature >= 0)
        fprintf (f, " cover %s", situation_terrain (sit, o->cover_feature)->id);
    if (o->has_destination) {
        fprintf (f, " to ");
        put_cm (f, o->destination.x);
        fprintf (f, ",");
        put_cm (f, o->destination.y);
    }
    fprintf (f, " face %.0f", fmod (round (o->facing) + 360, 360));
    if (o->pace[0])
        fprintf (f, " %s", o->pace);
    if (o->shoot_target >= 0)
        fprintf (f, " fire %s %s", id_of (sit, o->shoot_target),
                 o->range_band);
    for (int i = 0; o->group_count > 1 && i < o->group_count; i++)
        fprintf (f, "%s%s", i ? "," : " with ", id_of (sit, o->group[i]));
    fprintf (f, "\n");
}

/*  The terse answer must be the words' answer without the words. */
static void
assert_same_answer (const rf_decision_t *words, const rf_decision_t *terse)
{
    assert_int_equal (terse->rf, words->rf);
    assert_int_equal (terse->band, words->band);
    assert_int_equal (terse->roll, words->roll);
    assert_int_equal (terse->action, words->action);
    assert_int_equal (terse->charge, words->charge);
    assert_string_equal (terse->morale, words->morale);
    assert_int_equal (terse->order.nearest_enemy, words->order.nearest_enemy);
    assert_int_equal (terse->order.has_destination,
                      words->order.has_destination);
    assert_true (terse->order.destination.x == words->order.destination.x);
    assert_true (terse->order.destination.y == words->order.destination.y);
    assert_true (terse->order.facing == words->order.facing);
    assert_int_equal (terse->order.shoot_target, words->order.shoot_target);
    assert_int_equal (terse->order.cover_feature, words->order.cover_feature);
}

/*  ---- asking every unit -------------------------------------------------- */

/*  The game's table (terrain, units as they stand) under `rs`, its units
 *  not indexed. */
static situation_t *
copy_under (const ruleset_t *rs, const situation_t *sit)
{
    char err[SOLO_ERR_MAX];
    situation_t *copy = situation_new (rs, situation_width (sit),
                                       situation_depth (sit));
    assert_non_null (copy);
    for (int i = 0; i < situation_terrain_count (sit); i++)
        if (situation_add_terrain (copy, situation_terrain (sit, i), err,
                                   sizeof err) < 0)
            fail_msg ("%s", err);
    for (int i = 0; i < situation_unit_count (sit); i++)
        if (situation_add_unit (copy, situation_unit_const (sit, i), err,
                                sizeof err) < 0)
            fail_msg ("%s", err);
    for (int i = 0; i < situation_unit_count (sit); i++)
        *situation_unit (copy, i) = *situation_unit_const (sit, i);
    return copy;
}

/*  Ask every standing unit of `sit` on one face of the die, with words
 *  and without, into the lines. */
static void
ask_every_unit (asker_t *a, const situation_t *sit)
{
    static rf_decision_t words, terse;
    char err[SOLO_ERR_MAX];
    for (int u = 0; u < situation_unit_count (sit); u++) {
        if (unit_figures_standing (situation_unit_const (sit, u)) == 0)
            continue;
        uint64_t seed = (uint64_t) a->calls * 1000 + (uint64_t) u;
        int roll = (int) ((a->calls + u) % RF_FACES) + 1;
        dice_reseed (a->dice, seed);
        int rc = rf_decide (sit, u, roll, a->dice, &words, err, sizeof err);
        if (rc < 0) {
            fprintf (a->lines, "%s t%ld %s: no answer: %s\n", a->battle,
                     a->calls, id_of (sit, u), err);
            continue;
        }
        put_decision (a, sit, &words);
        a->decisions++;
        dice_reseed (a->dice, seed);
        assert_int_equal (rf_decide_terse (sit, u, roll, a->dice, &terse, err,
                                           sizeof err), 0);
        assert_same_answer (&words, &terse);
    }
}

/*  A battle_decide_fn: every unit asked, then the side's strategy gives
 *  the orders. */
static int
ask_then_decide (void *arg, const game_t *g, int side, const int *units,
                 int n, strategy_decision_t *out, char *err, int errlen)
{
    (void) err;
    (void) errlen;
    asker_t *a = arg;
    const situation_t *sit = game_situation (g);
    a->reading = "";
    ask_every_unit (a, sit);
    if (a->house) {
        situation_t *copy = copy_under (a->house, sit);
        a->reading = "house";
        ask_every_unit (a, copy);
        situation_destroy (&copy);
    }
    a->calls++;
    strategy_decide (a->strategy[side], g, side, units, n, out);
    return 0;
}

/*  The skirmish19 tables under the house reading. */
static ruleset_t *
house_ruleset (void)
{
    FILE *f = fopen (test_source_path ("rules/data/skirmish19/tables.cfg"),
                     "rb");
    assert_non_null (f);
    fseek (f, 0, SEEK_END);
    long len = ftell (f);
    fseek (f, 0, SEEK_SET);
    size_t room = (size_t) len + 256;
    char *text = calloc (1, room);
    assert_non_null (text);
    assert_int_equal (fread (text, 1, (size_t) len, f), (size_t) len);
    fclose (f);
    for (size_t i = 0; i < sizeof house_reading / sizeof house_reading[0];
         i++) {
        char *at = strstr (text, house_reading[i].from);
        if (!at)
            fail_msg ("no \"%s\" in the tables", house_reading[i].from);
        size_t from = strlen (house_reading[i].from);
        size_t to = strlen (house_reading[i].to);
        assert_true (strlen (text) - from + to < room);
        memmove (at + to, at + from, strlen (at + from) + 1);
        memcpy (at, house_reading[i].to, to);
    }
    char err[SOLO_ERR_MAX];
    ruleset_t *rs = ruleset_load_text (text, "house", err, sizeof err);
    if (!rs)
        fail_msg ("%s", err);
    free (text);
    return rs;
}

/*  Every answer of every battle, as the lines described above, into
 *  `out`. */
static void
play_every_battle (FILE *out)
{
    char err[SOLO_ERR_MAX];
    game_rules_t *s19 = game_rules_load (
        test_source_path ("rules/data/skirmish19/tables.cfg"), err, sizeof err);
    if (!s19)
        fail_msg ("%s", err);
    game_rules_t *eol = game_rules_load (
        test_source_path ("rules/data/empire_of_liberty/tables.cfg"), err,
        sizeof err);
    if (!eol)
        fail_msg ("%s", err);
    ruleset_t *house = house_ruleset ();
    asker_t a = { .dice = dice_new (1), .lines = out };
    assert_non_null (a.dice);
    for (int s = 0; s < SCENARIO_COUNT; s++) {
        bool is_eol = strstr (scenario_files[s], "eol_") != NULL;
        game_rules_t *rules = is_eol ? eol : s19;
        scenario_t *sc = scenario_load (test_source_path (scenario_files[s]),
                                        game_rules_finder, rules, err,
                                        sizeof err);
        if (!sc)
            fail_msg ("%s: %s", scenario_files[s], err);
        a.house = is_eol ? NULL : house;
        for (int b = 0; b < BATTLES_PER_SCENARIO; b++) {
            uint64_t seed = 100 + (uint64_t) (s * BATTLES_PER_SCENARIO + b);
            snprintf (a.battle, sizeof a.battle, "%s.%d", scenario_name (sc),
                      b + 1);
            a.calls = 0;
            /* random against table: the odd positions as well as the
               usual ones */
            const char *blue = "random";
            a.strategy[SIDE_BLUE] = strategy_new (blue, NULL, seed, err,
                                                  sizeof err);
            a.strategy[SIDE_RED] = strategy_new ("table", NULL, seed + 1, err,
                                                 sizeof err);
            assert_non_null (a.strategy[SIDE_BLUE]);
            assert_non_null (a.strategy[SIDE_RED]);
            battle_setup_t setup = {
                .seed = seed, .strategy = { blue, "table" },
                .decide = { ask_then_decide, ask_then_decide },
                .decide_arg = { &a, &a } };
            battle_result_t r;
            if (battle_play (rules, sc, &setup, &r, NULL, err, sizeof err) < 0)
                fail_msg ("%s: %s", scenario_files[s], err);
            fprintf (out, "%s ends after %d turns: %s\n", a.battle,
                     r.result.turns, r.result.reason);
            strategy_destroy (&a.strategy[SIDE_BLUE]);
            strategy_destroy (&a.strategy[SIDE_RED]);
        }
        scenario_destroy (&sc);
    }
    printf ("rf answers: %ld decisions over %ld turns to order\n",
            a.decisions, a.calls);
    dice_destroy (&a.dice);
    ruleset_destroy (&house);
    game_rules_destroy (&eol);
    game_rules_destroy (&s19);
}

/*  The golden file's lines after its comment lines (#...). */
static char *
golden_text (void)
{
    char err[SOLO_ERR_MAX];
    char *text = game_read_file (test_source_path (GOLDEN_FILE), err,
                                 sizeof err);
    if (!text)
        fail_msg ("%s (write it: test_rf_answers --write %s)", err,
                  GOLDEN_FILE);
    char *body = text;
    while (*body == '#') {
        char *nl = strchr (body, '\n');
        body = nl ? nl + 1 : body + strlen (body);
    }
    memmove (text, body, strlen (body) + 1);
    return text;
}

static void
test_every_answer_pinned (void **state)
{
    (void) state;
    char *got = NULL;
    size_t len = 0;
    FILE *out = open_memstream (&got, &len);
    assert_non_null (out);
    play_every_battle (out);
    assert_int_equal (fclose (out), 0);
    char *want = golden_text ();
    /* the first line that differs, by number */
    const char *g = got, *w = want;
    for (int line = 1; *g || *w; line++) {
        size_t gl = strcspn (g, "\n"), wl = strcspn (w, "\n");
        if (gl != wl || memcmp (g, w, gl) != 0)
            fail_msg ("%s answer line %d differs:\n  file: %.*s\n  now:  "
                      "%.*s\n(a change on purpose: test_rf_answers --write "
                      "%s)", GOLDEN_FILE, line, (int) wl, w, (int) gl, g,
                      GOLDEN_FILE);
        g += gl + (g[gl] == '\n');
        w += wl + (w[wl] == '\n');
    }
    free (want);
    free (got);
}

/*  test_rf_answers --write FILE: the answers as they are now into FILE,
 *  under a comment saying how it was made. */
int
main (int argc, char **argv)
{
    if (argc == 3 && strcmp (argv[1], "--write") == 0) {
        FILE *f = fopen (argv[2], "w");
        if (!f) {
            perror (argv[2]);
            return 1;
        }
        fprintf (f, "# Every answer of the Risk Factor engine over whole "
                 "battles (tests/test_rf_answers.c).\n# Written by "
                 "test_rf_answers --write: a rules change on purpose writes "
                 "it again.\n");
        play_every_battle (f);
        return fclose (f) == 0 ? 0 : 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_every_answer_pinned),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
