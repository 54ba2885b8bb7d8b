/*  test_positions.c - the commander's decisions on test positions: each
 *  a scenario in tests/data/positions/ where one order is clearly right
 *  for one unit, listed with that order's kind in
 *  tests/data/positions/expected.txt (Pachi's style: positions as data,
 *  answers beside them).  The search, with each tree held to them, must
 *  find the right order within the playouts the list allows, on every
 *  seed tried; a chooser that picks at random among the unit's legal
 *  orders must miss it on most seeds, which shows the position asks a
 *  real question.
 *  A kind may name its target ("charge:red-gun"), where the question is
 *  which enemy, not whether; "to:farm" asks for a move onto an objective
 *  whatever the order's kind, "at:farm" for any order that leaves the
 *  unit standing on it; a position may name the phase it is asked
 *  in, where a ruleset gives charges and shooting phases of their own
 *  (4 Page Bolivar declares charges after both sides have moved).
 *  POSITIONS_VERBOSE=1 in the environment prints the plans the search
 *  weighed and the legal orders the random chooser draws from, for
 *  whoever adds a position.  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "commander.h"
#include "strategy.h"
#include "testutil.h"

#define POSITIONS_MAX 16
#define SEEDS 3                 /* search seeds per position */
#define RANDOM_SEEDS 40         /* random chooser seeds per position */

typedef struct {
    char file[64];
    char unit[32];
    char kinds[64];             /* "take_cover", "fire|charge" or
                                   "charge:red-gun" */
    int playouts;
    char phase[64];             /* the phase's name, "_" for each space;
                                   "": the first phase it waits in */
} position_t;

static position_t positions[POSITIONS_MAX];
static int position_count;
#define RULESETS 5
static game_rules_t *rules[RULESETS];

/*  Every ruleset's rules, for scenario_load's finder. */
static const ruleset_t *
finder (const char *name, void *arg)
{
    (void) arg;
    for (int i = 0; i < RULESETS; i++) {
        const ruleset_t *rs = game_rules_finder (name, rules[i]);
        if (rs)
            return rs;
    }
    return NULL;
}

static const game_rules_t *
rules_of (const scenario_t *sc)
{
    for (int i = 0; i < RULESETS; i++)
        if (game_rules_finder (ruleset_name (situation_ruleset (
                                   scenario_situation (sc))), rules[i]))
            return rules[i];
    return NULL;
}

static int
setup (void **state)
{
    (void) state;
    static const char *tables[RULESETS] = {
        "rules/data/skirmish19/tables.cfg",
        "rules/data/empire_of_liberty/tables.cfg",
        "rules/data/europe19/tables.cfg",
        "rules/data/bolivar/tables.cfg",
        "rules/data/liberators_house/tables.cfg" };
    char err[256];
    for (int i = 0; i < RULESETS; i++) {
        rules[i] = game_rules_load (test_source_path (tables[i]), err,
                                    sizeof err);
        if (!rules[i])
            fail_msg ("%s", err);
    }
    FILE *f = fopen (test_source_path ("tests/data/positions/expected.txt"),
                     "r");
    if (!f)
        fail_msg ("tests/data/positions/expected.txt cannot be read");
    char line[256];
    while (fgets (line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (position_count == POSITIONS_MAX)
            fail_msg ("more than %d positions", POSITIONS_MAX);
        position_t *p = &positions[position_count];
        p->phase[0] = '\0';
        if (sscanf (line, "%63s %31s %63s %d %63s", p->file, p->unit,
                    p->kinds, &p->playouts, p->phase) < 4)
            fail_msg ("expected.txt: a line that is not 'file unit kinds "
                      "playouts [phase]': %s", line);
        position_count++;
    }
    fclose (f);
    if (position_count == 0)
        fail_msg ("expected.txt lists no position");
    return 0;
}

static int
teardown (void **state)
{
    (void) state;
    for (int i = 0; i < RULESETS; i++)
        game_rules_destroy (&rules[i]);
    return 0;
}

static const unit_t *
unit_of (const game_t *g, int u)
{
    return situation_unit_const (game_situation (g), u);
}

/*  True when `len` bytes at `text` spell `word`. */
static bool
spells (const char *text, size_t len, const char *word)
{
    return strlen (word) == len && strncmp (text, word, len) == 0;
}

/*  The position's objective whose id is the `len` bytes at `id`; a
 *  failed test when it has none. */
static const scenario_objective_t *
objective_named (const game_t *g, const char *id, size_t len)
{
    const scenario_t *sc = game_scenario (g);
    for (int i = 0; i < scenario_objective_count (sc); i++)
        if (spells (id, len, scenario_objective (sc, i)->id))
            return scenario_objective (sc, i);
    fail_msg ("expected.txt names no objective of the position: %.*s",
              (int) len, id);
    return NULL;
}

/*  Every unit of g but `except` (-1: none) that waits for an order is
 *  given a hold. */
static void
hold_the_rest (game_t *g, int except)
{
    char err[SOLO_ERR_MAX];
    for (int u = 0; u < game_unit_count (g); u++) {
        if (u == except || !game_needs_order (g, u))
            continue;
        order_t hold = order_hold ();
        assert_int_equal (game_apply_order (g, u, &hold, err, sizeof err), 0);
    }
}

/*  True when order `o` goes to objective `obj`: its destination within
 *  the objective's radius of its middle, where the unit would hold it. */
static bool
goes_to_objective (const scenario_objective_t *obj, const order_t *o)
{
    return o->has_to && geom_dist (o->to, obj->at) <= obj->radius;
}

/*  True when unit u, given order `o` in g and the phase played out with
 *  every other unit that waits for an order holding (dice of seed 1),
 *  stands within objective `obj`'s radius: an order that ends on the
 *  objective whatever its kind or destination (an advance on an enemy
 *  that halts on the farm holds it as well as a move to it). */
static bool
ends_on_objective (const scenario_objective_t *obj, const order_t *o,
                   const game_t *g, int u)
{
    char err[SOLO_ERR_MAX];
    game_t *after = game_dup (g);
    assert_non_null (after);
    bool on = false;
    if (game_apply_order (after, u, o, err, sizeof err) == 0) {
        hold_the_rest (after, u);
        dice_t *dice = dice_new (1);
        game_resolve_phase (after, dice);
        dice_destroy (&dice);
        on = footprint_point_distance (&unit_of (after, u)->fp, obj->at)
             <= obj->radius;
    }
    game_destroy (&after);
    return on;
}

/*  True when order `o` is one of the "|"-separated answers in `kinds`:
 *  its kind's name, then optionally ":" and its target's id, then
 *  optionally "@" and the formation the order names ("fire@line": it
 *  fires formed in line); or "to:" and an objective's id, for any order
 *  whose destination is that objective ("to:farm"); or "at:" and an
 *  objective's id, for any order that leaves unit u standing on it
 *  (ends_on_objective). */
static bool
kind_expected (const char *kinds, const order_t *o, const game_t *g, int u)
{
    const char *name = order_kind_name (o->kind);
    const char *target = o->target >= 0 && o->target < game_unit_count (g)
                       ? unit_of (g, o->target)->id : "";
    const char *formation = o->has_formation ? formation_name (o->formation)
                                             : "";
    for (const char *k = kinds; *k; ) {
        const char *bar = strchr (k, '|');
        size_t len = bar ? (size_t) (bar - k) : strlen (k);
        bool right;
        if (len > 3 && strncmp (k, "to:", 3) == 0)
            right = goes_to_objective (objective_named (g, k + 3, len - 3),
                                       o);
        else if (len > 3 && strncmp (k, "at:", 3) == 0)
            right = ends_on_objective (objective_named (g, k + 3, len - 3),
                                       o, g, u);
        else {
            const char *at = memchr (k, '@', len);
            size_t head = at ? (size_t) (at - k) : len;
            const char *colon = memchr (k, ':', head);
            size_t kind_len = colon ? (size_t) (colon - k) : head;
            right = spells (k, kind_len, name);
            if (right && colon)
                right = spells (colon + 1, head - kind_len - 1, target);
            if (right && at)
                right = spells (at + 1, len - head - 1, formation);
        }
        if (right)
            return true;
        k += len + (bar ? 1 : 0);
    }
    return false;
}

/*  True when the game is in the phase `phase` names ("_" for a space),
 *  or when the position names none. */
static bool
in_phase (const game_t *g, const char *phase)
{
    if (!phase[0])
        return true;
    const char *name = game_phase_name (g);
    for (; *phase && *name; phase++, name++)
        if (*phase != *name && !(*phase == '_' && *name == ' '))
            return false;
    return !*phase && !*name;
}

/*  The game of position `p` at the first phase (of the position's phase,
 *  when it names one) where the unit waits for an order that a strategy
 *  may give; *unit gets its index.  The phases before are played with
 *  every unit holding (their dice from `seed`). */
static game_t *
open_position (const position_t *p, scenario_t **sc, int *unit,
               uint64_t seed)
{
    char err[SOLO_ERR_MAX];
    char rel[128];
    snprintf (rel, sizeof rel, "tests/data/positions/%s", p->file);
    *sc = scenario_load (test_source_path (rel), finder, NULL, err,
                         sizeof err);
    if (!*sc)
        fail_msg ("%s: %s", p->file, err);
    game_t *g = game_new (rules_of (*sc), *sc, err, sizeof err);
    if (!g)
        fail_msg ("%s: %s", p->file, err);
    *unit = situation_find_unit (game_situation (g), p->unit);
    if (*unit < 0)
        fail_msg ("%s: no unit %s", p->file, p->unit);
    dice_t *dice = dice_new (seed);
    while (!game_over (g)) {
        game_begin_phase (g, dice);
        if (game_needs_order (g, *unit) && !game_table_bound (g, *unit)
            && in_phase (g, p->phase))
            break;
        hold_the_rest (g, -1);
        game_resolve_phase (g, dice);
    }
    dice_destroy (&dice);
    if (game_over (g))
        fail_msg ("%s: %s never waits for a strategy's order%s%s",
                  p->file, p->unit, p->phase[0] ? " in " : "", p->phase);
    return g;
}

/*  The trees after the search's greedy start held to the positions:
 *  decoupled UCT (the ruleset's default), with its options' values
 *  fitted and raw whatever the ruleset, and sequential halving.
 *  NaiveMCTS is not: it misses cover.cfg and flank.cfg on one seed in
 *  three. */
static const struct {
    commander_tree_t tree;
    int fit;
    const char *name;
} trees[] = { { COMMANDER_TREE_UCT, -1, "uct" },
              { COMMANDER_TREE_UCT, 1, "uct,fit=1" },
              { COMMANDER_TREE_UCT, 0, "uct,fit=0" },
              { COMMANDER_TREE_HALVING, -1, "halving" } };
#define TREES ((int) (sizeof trees / sizeof trees[0]))

/*  The search, at the position's playouts (no clock: the same answer on
 *  a slow machine), gives the unit an order of the right kind on every
 *  seed, with each tree.  Every position is tried before the test
 *  fails, so that one wrong answer does not hide the others. */
static void
test_search_finds_the_order (void **state)
{
    (void) state;
    int wrong = 0;
    for (int i = 0; i < position_count * TREES; i++) {
        const position_t *p = &positions[i % position_count];
        int tree = i / position_count;
        for (uint64_t seed = 1; seed <= SEEDS; seed++) {
            scenario_t *sc = NULL;
            int unit;
            game_t *g = open_position (p, &sc, &unit, seed);
            commander_settings_t s;
            commander_settings_defaults (&s);
            s.budget_ms = 0;
            s.playouts = p->playouts;
            s.seed = seed;
            s.tree = trees[tree].tree;
            s.fit = trees[tree].fit;
            char err[SOLO_ERR_MAX];
            commander_t *c = commander_new (&s, err, sizeof err);
            assert_non_null (c);
            int side = unit_of (g, unit)->side;
            int units[SOLO_MAX_UNITS], n = 0;
            for (int u = 0; u < game_unit_count (g); u++)
                if ((int) unit_of (g, u)->side == side && game_needs_order (g, u)
                    && !game_table_bound (g, u))
                    units[n++] = u;
            commander_result_t r;
            memset (&r, 0, sizeof r);
            if (commander_decide (c, g, side, units, n, &r, err,
                                  sizeof err) < 0)
                fail_msg ("%s: %s", p->file, err);
            bool found = false;
            for (int k = 0; k < r.order_count; k++)
                if (r.orders[k].unit == unit) {
                    found = true;
                    if (getenv ("POSITIONS_VERBOSE"))
                        for (int a = 0; a < r.alternative_count; a++)
                            fprintf (stderr, "%s: %ld playouts %.3f %s\n",
                                     p->file, r.alternatives[a].visits,
                                     r.alternatives[a].value,
                                     r.alternatives[a].plan);
                    if (!kind_expected (p->kinds, &r.orders[k].order, g,
                                        unit)) {
                        fprintf (stderr, "%s seed %d, tree=%s: %s was "
                                 "ordered to %s (%s), not %s\n", p->file,
                                 (int) seed, trees[tree].name, p->unit,
                                 order_kind_name (r.orders[k].order.kind),
                                 r.orders[k].choice, p->kinds);
                        wrong++;
                    }
                }
            assert_true (found);
            commander_result_free (&r);
            commander_destroy (&c);
            game_destroy (&g);
            scenario_destroy (&sc);
        }
    }
    if (wrong > 0)
        fail_msg ("the search gave a wrong order %d times in %d", wrong,
                  position_count * TREES * SEEDS);
}

/*  What the random chooser picks from, for whoever adds a position. */
static void
print_legal_orders (const position_t *p, const game_t *g, int unit)
{
    order_t legal[GAME_MAX_LEGAL_ORDERS];
    int count = game_legal_orders (g, unit, legal, GAME_MAX_LEGAL_ORDERS);
    fprintf (stderr, "%s: %s's legal orders in the phase \"%s\":\n",
             p->file, p->unit, game_phase_name (g));
    for (int i = 0; i < count; i++) {
        char words[160];
        fprintf (stderr, "  %s\n", order_describe (&legal[i],
                                                   game_situation (g), words,
                                                   sizeof words));
    }
}

/*  A chooser at random among the unit's legal orders finds the right
 *  kind on fewer than half the seeds: the position is a real test. */
static void
test_random_choice_misses_it (void **state)
{
    (void) state;
    int easy = 0;
    for (int i = 0; i < position_count; i++) {
        const position_t *p = &positions[i];
        int right = 0;
        for (uint64_t seed = 1; seed <= RANDOM_SEEDS; seed++) {
            scenario_t *sc = NULL;
            int unit;
            game_t *g = open_position (p, &sc, &unit, 1);
            char err[SOLO_ERR_MAX];
            if (seed == 1 && getenv ("POSITIONS_VERBOSE"))
                print_legal_orders (p, g, unit);
            strategy_t *random = strategy_new ("random", NULL, seed, err,
                                               sizeof err);
            assert_non_null (random);
            strategy_decision_t d;
            strategy_decide (random, g, unit_of (g, unit)->side, &unit, 1,
                             &d);
            if (kind_expected (p->kinds, &d.order, g, unit))
                right++;
            strategy_destroy (&random);
            game_destroy (&g);
            scenario_destroy (&sc);
        }
        if (getenv ("POSITIONS_VERBOSE"))
            fprintf (stderr, "%s: a random choice right %d times in %d\n",
                     p->file, right, RANDOM_SEEDS);
        if (right * 2 >= RANDOM_SEEDS) {
            fprintf (stderr, "%s: a random choice was right %d times in %d: "
                     "the position does not test a decision\n", p->file,
                     right, RANDOM_SEEDS);
            easy++;
        }
    }
    if (easy > 0)
        fail_msg ("%d of %d positions do not test a decision", easy,
                  position_count);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_search_finds_the_order),
        cmocka_unit_test (test_random_choice_misses_it),
    };
    return cmocka_run_group_tests (tests, setup, teardown);
}
