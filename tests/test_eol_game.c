/*  test_eol_game.c - Empire of Liberty played through the game interface:
 *  the turn (initiative, alternating actions), the text's checks on units,
 *  fire with its geometry, charges with their morale checks and the
 *  charged unit's fire, melee and its second round, falling back and
 *  routing, leaders and standards, formation changes, wheeling, echelon,
 *  terrain and the 4" rule, victory, whole battles and their replays, and
 *  the Risk Factor engine answering for this ruleset.  Dice are queued so
 *  that every number can be checked against the text.  */
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
#include "commander.h"
#include "eol_engine.h"
#include "eol_move.h"
#include "rf.h"
#include "strategy.h"
#include "testutil.h"

#define IN(x) ((x) * 2.54)

static game_rules_t *rules;

static int
setup (void **state)
{
    (void) state;
    char err[256];
    rules = game_rules_load (test_source_path ("rules/data/empire_of_liberty/"
                                               "tables.cfg"), err, sizeof err);
    if (!rules)
        fail_msg ("%s", err);
    return 0;
}

static int
teardown (void **state)
{
    (void) state;
    game_rules_destroy (&rules);
    return 0;
}

/*  A troop, as these tests name it: its troop type and its weapon
 *  ("riflemen": skirmish infantry with rifles; a gun: artillery of its
 *  weight). */
static void
troop_of (const char *troop, const char **type, const char **weapon)
{
    static const struct { const char *troop, *type, *weapon; } rows[] = {
        { "regular_infantry", "regular_infantry", "musket" },
        { "light_infantry", "light_infantry", "musket" },
        { "light_riflemen", "light_infantry", "rifle" },
        { "skirmishers", "skirmish_infantry", "musket" },
        { "riflemen", "skirmish_infantry", "rifle" },
        { "cavalry", "cavalry", "carbine" },
        { "mounted_rifles", "mounted_rifles", "rifle" },
        { "leader", "leader", "none" } };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (strcmp (troop, rows[i].troop) == 0) {
            *type = rows[i].type;
            *weapon = rows[i].weapon;
            return;
        }
    *type = strncmp (troop, "heavy", 5) == 0 ? "heavy_artillery"
                                             : "field_artillery";
    *weapon = troop;
}

/*  A unit for a scenario's units list (its footprint is laid out by the
 *  engine; the one given here only has to be valid). */
static const char *
unit (const char *id, const char *side, const char *arm, const char *quality,
      const char *troop, int figures, const char *formation, double x,
      double y, double facing)
{
    static char buf[16][400];
    static int next;
    char *b = buf[next++ % 16];
    const char *type, *weapon;
    troop_of (troop, &type, &weapon);
    snprintf (b, 400, "{ id = \"%s\"; side = \"%s\"; arm = \"%s\"; quality = "
              "\"%s\"; troop_type = \"%s\"; weapon = \"%s\"; figures = %d; "
              "formation = \"%s\"; x = %.2f; y = %.2f; facing = %.1f; "
              "width = 4.0; depth = 4.0; }", id, side, arm, quality, type,
              weapon, figures, formation, x, y, facing);
    return b;
}

typedef struct {
    scenario_t *sc;
    game_t *g;
    dice_t *dice;
    char events[64][GAME_EVENT_MAX];
    int event_count;
} fixture_t;

static void
on_event (void *arg, const game_event_t *ev)
{
    fixture_t *f = arg;
    if (f->event_count < 64)
        snprintf (f->events[f->event_count++], GAME_EVENT_MAX, "%s", ev->text);
}

static char *
scenario_text (const char *terrain, const char *units, const char *more)
{
    static char text[8192];
    snprintf (text, sizeof text,
              "ruleset = \"empire_of_liberty\";\n"
              "table = { width = 200.0; depth = 200.0; };\n"
              "terrain = ( %s );\nunits = ( %s );\n"
              "scenario = { name = \"t\"; turns = 10; %s\n"
              "  victory = { army_break = 0.5; }; };\n",
              terrain ? terrain : "", units, more ? more : "");
    return text;
}

/*  A game on a 200 x 200 cm table. */
static fixture_t *
make (const char *terrain, const char *units, const char *more)
{
    char err[256] = "";
    fixture_t *f = calloc (1, sizeof *f);
    assert_non_null (f);
    f->sc = scenario_load_text (scenario_text (terrain, units, more), "t.cfg",
                                game_rules_finder, rules, err, sizeof err);
    if (!f->sc)
        fail_msg ("%s", err);
    f->g = game_new (rules, f->sc, err, sizeof err);
    if (!f->g)
        fail_msg ("%s", err);
    f->dice = dice_new (99);
    game_set_events (f->g, on_event, f);
    return f;
}

/*  The table file with `from` (found once) replaced by `to`, loaded: the
 *  other reading of a setting.  Free with game_rules_destroy. */
static game_rules_t *
rules_edited (const char *from, const char *to)
{
    return test_rules_edited ("rules/data/empire_of_liberty/tables.cfg",
                              from, to);
}

static void
unmake (fixture_t *f)
{
    game_destroy (&f->g);
    scenario_destroy (&f->sc);
    dice_destroy (&f->dice);
    free (f);
}

/*  The error game_new gives for a scenario. */
static void
expect_refused (const char *units, const char *want)
{
    char both[1024];
    snprintf (both, sizeof both, "%s, { id = \"enemy\"; side = \"red\"; "
              "arm = \"infantry\"; quality = \"average\"; troop_type = "
              "\"regular_infantry\"; weapon = \"musket\"; figures = 8; "
              "formation = \"line\"; "
              "x = 150.0; y = 150.0; facing = 180.0; width = 7.62; "
              "depth = 3.81; }", units);
    /* refused by the game, or already as the situation is read (a
       troop type not of its arm) */
    test_game_refused (rules, scenario_text (NULL, both, NULL), want, true);
}

static int
idx (fixture_t *f, const char *id)
{
    int i = situation_find_unit (game_situation (f->g), id);
    assert_true (i >= 0);
    return i;
}

static const unit_t *
U (fixture_t *f, const char *id)
{
    return situation_unit_const (game_situation (f->g), idx (f, id));
}

static const game_unit_t *
GU (fixture_t *f, const char *id)
{
    return game_unit (f->g, idx (f, id));
}

static void
push (fixture_t *f, int n, ...)
{
    va_list ap;
    va_start (ap, n);
    for (int i = 0; i < n; i++)
        assert_int_equal (dice_push (f->dice, 6, va_arg (ap, int)), 0);
    va_end (ap);
}

static void
push_many (fixture_t *f, int n, int value)
{
    for (int i = 0; i < n; i++)
        assert_int_equal (dice_push (f->dice, 6, value), 0);
}

/*  Begin turn 1 with `first` winning the initiative (6 against 1), and
 *  go on to phase 1. */
static void
start (fixture_t *f, const char *first)
{
    if (strcmp (first, "blue") == 0)
        push (f, 2, 6, 1);
    else
        push (f, 2, 1, 6);
    game_begin_phase (f->g, f->dice);
    game_resolve_phase (f->g, f->dice);
    game_begin_phase (f->g, f->dice);
    assert_int_equal (game_phase (f->g), 1);
}

static void
order (fixture_t *f, const char *id, order_t o)
{
    char err[256];
    if (game_apply_order (f->g, idx (f, id), &o, err, sizeof err) < 0)
        fail_msg ("%s: %s", id, err);
}

static void
refused (fixture_t *f, const char *id, order_t o, const char *want)
{
    char err[256] = "";
    if (game_check_order (f->g, idx (f, id), &o, err, sizeof err) == 0)
        fail_msg ("%s: order accepted, expected \"%s\"", id, want);
    if (!strstr (err, want))
        fail_msg ("error \"%s\" lacks \"%s\"", err, want);
}

static order_t
fire_at (fixture_t *f, const char *id)
{
    order_t o = order_hold ();
    o.kind = ORDER_FIRE;
    o.target = idx (f, id);
    o.fire = true;
    return o;
}

static order_t
charge (fixture_t *f, const char *id)
{
    order_t o = order_hold ();
    o.kind = ORDER_CHARGE;
    o.target = idx (f, id);
    return o;
}

static order_t
move_to (double x, double y)
{
    order_t o = order_hold ();
    o.kind = ORDER_MOVE;
    o.has_to = true;
    o.to.x = x;
    o.to.y = y;
    return o;
}

static void
near (double a, double b, double eps)
{
    if (fabs (a - b) > eps)
        fail_msg ("%.4f is not %.4f", a, b);
}

static bool
saw (fixture_t *f, const char *words)
{
    for (int i = 0; i < f->event_count; i++)
        if (strstr (f->events[i], words))
            return true;
    for (int i = 0; getenv ("EOL_TEST_EVENTS") && i < f->event_count; i++)
        printf ("  event: %s\n", f->events[i]);
    return false;
}

/*  Units of `side` that have made their action this turn (one a side's
 *  activation: every waiting unit is ordered, the first ordered acts). */
static int
acted_count (fixture_t *f, int side)
{
    int n = 0;
    for (int u = 0; u < game_unit_count (f->g); u++)
        n += situation_unit_const (game_situation (f->g), u)->side
                 == (side_t) side
             && (eol_state_const (game_unit (f->g, u))->flags & EOL_F_ACTED);
    return n;
}

/*  A unit's order as blue acts a unit a round (blue_acts), from its id
 *  and where it stands. */
typedef order_t (*order_for_t) (const char *id, vec2_t at);

/*  Blue acts, a unit a round, until `count` of its units have acted or
 *  the battle ends: every unit waiting for an order (red's too) is given
 *  order_for's, and the phase resolved.  Returns how many blue units
 *  have acted. */
static int
blue_acts (fixture_t *f, int count, order_for_t order_for)
{
    int done = 0;
    while (done < count && !game_over (f->g)) {
        for (int u = 0; u < game_unit_count (f->g); u++) {
            if (!game_needs_order (f->g, u))
                continue;
            const unit_t *x = situation_unit_const (game_situation (f->g), u);
            order (f, x->id, order_for (x->id, x->fp.centre));
        }
        game_resolve_phase (f->g, f->dice);
        done = acted_count (f, SIDE_BLUE);
        game_begin_phase (f->g, f->dice);
    }
    return done;
}

/*  ---- the turn ---- */

/*  "Each side dices for initiative, with ties rerolled.  Winner chooses
 *  first or second move" (the winner moves first); then the sides take
 *  turns, one unit or leader at a time, the one nearest an enemy first. */
static void
test_initiative_and_alternation (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s",
              unit ("b1", "blue", "infantry", "average", "regular_infantry",
                    16, "line", 50, 100, 0),
              unit ("b2", "blue", "infantry", "average", "regular_infantry",
                    16, "line", 100, 120, 0),
              unit ("bl", "blue", "command", "hero", "leader", 1, "line",
                    100, 20, 0),
              unit ("r1", "red", "infantry", "average", "regular_infantry",
                    16, "line", 100, 170, 180),
              unit ("r2", "red", "infantry", "average", "regular_infantry",
                    16, "line", 150, 190, 180));
    fixture_t *f = make (NULL, units, NULL);
    assert_string_equal (game_phase_name (f->g), "initiative");
    assert_int_equal (game_phase_side (f->g), -1);
    /* 3 and 3 tie and are thrown again: blue 2, red 5 */
    push (f, 4, 3, 3, 2, 5);
    game_begin_phase (f->g, f->dice);
    assert_int_equal (eol_first_side (f->g), SIDE_RED);
    assert_true (saw (f, "initiative: blue 2, red 5 (ties thrown again); red "
                      "win: they move first unless they choose second"));
    /* "Winner chooses first or second move": red is asked; until it says,
       the reading winner_moves_first stands */
    assert_int_equal (game_choice_side (f->g), SIDE_RED);
    game_choose_first (f->g, true);
    assert_int_equal (game_choice_side (f->g), -1);
    assert_true (saw (f, "red choose to move first"));
    game_resolve_phase (f->g, f->dice);
    /* red's activation: both its units wait for an order; the one ordered
       first acts ("Player with first move selects a unit or leader to make
       an action") and the other waits */
    game_begin_phase (f->g, f->dice);
    assert_int_equal (game_phase_side (f->g), SIDE_RED);
    assert_string_equal (game_phase_name (f->g), "first side acts");
    assert_true (game_needs_order (f->g, idx (f, "r1")));
    assert_true (game_needs_order (f->g, idx (f, "r2")));
    assert_false (game_needs_order (f->g, idx (f, "b1")));
    order (f, "r2", order_hold ());
    order (f, "r1", order_hold ());
    game_resolve_phase (f->g, f->dice);
    assert_true (eol_state_const (GU (f, "r2"))->flags & EOL_F_ACTED);
    assert_false (eol_state_const (GU (f, "r1"))->flags & EOL_F_ACTED);
    /* "Opposing player then selects a unit or leader": every blue one */
    game_begin_phase (f->g, f->dice);
    assert_int_equal (game_phase_side (f->g), SIDE_BLUE);
    assert_string_equal (game_phase_name (f->g), "second side acts");
    assert_true (game_needs_order (f->g, idx (f, "b1")));
    assert_true (game_needs_order (f->g, idx (f, "b2")));
    assert_true (game_needs_order (f->g, idx (f, "bl")));
    order (f, "bl", order_hold ());
    order (f, "b2", order_hold ());
    order (f, "b1", order_hold ());
    game_resolve_phase (f->g, f->dice);
    assert_true (eol_state_const (GU (f, "bl"))->flags & EOL_F_ACTED);
    assert_false (eol_state_const (GU (f, "b2"))->flags & EOL_F_ACTED);
    /* red's last unit; a player who orders none: the engine's pick holds */
    game_begin_phase (f->g, f->dice);
    assert_true (game_needs_order (f->g, idx (f, "r1")));
    assert_false (game_needs_order (f->g, idx (f, "r2")));
    game_resolve_phase (f->g, f->dice);
    assert_true (eol_state_const (GU (f, "r1"))->flags & EOL_F_ACTED);
    /* "Actions pass back and forth until every unit and leader has ...
       made an action": red has none left, so blue acts with its two one
       at a time, then the turn ends */
    game_begin_phase (f->g, f->dice);
    assert_int_equal (game_phase_side (f->g), SIDE_BLUE);
    assert_true (game_needs_order (f->g, idx (f, "b1")));
    assert_true (game_needs_order (f->g, idx (f, "b2")));
    order (f, "b1", order_hold ());
    order (f, "b2", order_hold ());
    game_resolve_phase (f->g, f->dice);
    assert_true (eol_state_const (GU (f, "b1"))->flags & EOL_F_ACTED);
    game_begin_phase (f->g, f->dice);
    assert_int_equal (game_phase_side (f->g), SIDE_BLUE);
    assert_true (game_needs_order (f->g, idx (f, "b2")));
    game_resolve_phase (f->g, f->dice);
    assert_int_equal (game_turn (f->g), 2);
    assert_int_equal (game_phase (f->g), 0);
    /* to the end of the turn; turn 2 begins with the initiative */
    while (game_phase (f->g) != 0) {
        game_resolve_phase (f->g, f->dice);
        game_begin_phase (f->g, f->dice);
    }
    assert_int_equal (game_turn (f->g), 2);
    unmake (f);
}

/*  "Winner chooses first or second move": a winner who chooses to move
 *  second lets the loser act first; the commander moves first when one of
 *  its units reaches an enemy with its weapon, second otherwise; a
 *  scenario that names the first side settles turn 1 without a choice. */
static void
test_winner_chooses (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s",
              unit ("b", "blue", "infantry", "average", "regular_infantry",
                    16, "line", 100, 20, 0),
              unit ("r", "red", "infantry", "average", "regular_infantry",
                    16, "line", 100, 190, 180));
    fixture_t *f = make (NULL, units, NULL);
    push (f, 2, 6, 1);                          /* blue wins */
    game_begin_phase (f->g, f->dice);
    assert_int_equal (game_choice_side (f->g), SIDE_BLUE);
    /* far apart: the commander would rather see the enemy move */
    assert_false (commander_strategy_moves_first (NULL, f->g, SIDE_BLUE));
    game_choose_first (f->g, false);
    assert_true (saw (f, "blue choose to move second"));
    assert_int_equal (eol_first_side (f->g), SIDE_RED);
    game_resolve_phase (f->g, f->dice);
    game_begin_phase (f->g, f->dice);
    assert_int_equal (game_phase_side (f->g), SIDE_RED);
    unmake (f);

    /* within musket reach: it strikes first */
    snprintf (units, sizeof units, "%s, %s",
              unit ("b", "blue", "infantry", "average", "regular_infantry",
                    16, "line", 100, 100, 0),
              unit ("r", "red", "infantry", "average", "regular_infantry",
                    16, "line", 100, 100 + IN (1.5) + IN (6), 180));
    f = make (NULL, units, NULL);
    assert_true (commander_strategy_moves_first (NULL, f->g, SIDE_BLUE));
    unmake (f);

    /* a scenario's first side: no choice in turn 1 */
    f = make (NULL, units, "first = \"red\";");
    push (f, 2, 6, 1);
    game_begin_phase (f->g, f->dice);
    assert_int_equal (game_choice_side (f->g), -1);
    assert_int_equal (eol_first_side (f->g), SIDE_RED);
    unmake (f);
}

/*  Who is uncommanded (RULINGS.md): the text has no command rule, so by
 *  default every unit is the player's to order; under the table file's
 *  eol.sequence.uncommanded a unit with no leader of its side in contact,
 *  or every unit, follows the actions tables, and says why.  Leaders
 *  never do. */
static void
test_uncommanded (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("led", "blue", "infantry", "average", "regular_infantry",
                    16, "line", 100, 20, 0),
              unit ("general", "blue", "command", "elite", "leader", 1,
                    "line", 100 + 2.0 + 2.0 + 0.3, 20, 0),
              unit ("alone", "blue", "infantry", "average", "regular_infantry",
                    16, "line", 40, 20, 0),
              unit ("r", "red", "infantry", "average", "regular_infantry",
                    16, "line", 100, 190, 180));
    fixture_t *f = make (NULL, units, NULL);
    char why[200];
    for (int u = 0; u < game_unit_count (f->g); u++) {
        assert_false (game_table_bound (f->g, u));
        assert_string_equal (game_table_bound_why (f->g, u, why, sizeof why),
                             "");
    }
    unmake (f);
    static const char *readings[2] = { "no_leader_in_contact", "all" };
    for (int k = 0; k < 2; k++) {
        char err[256];
        char *text = game_read_file (test_source_path (
            "rules/data/empire_of_liberty/tables.cfg"), err, sizeof err);
        assert_non_null (text);
        char *at = strstr (text, "uncommanded = \"none\";");
        assert_non_null (at);
        char edited[65536];
        snprintf (edited, sizeof edited, "%.*suncommanded = \"%s\";%s",
                  (int) (at - text), text, readings[k],
                  at + strlen ("uncommanded = \"none\";"));
        free (text);
        game_rules_t *variant = game_rules_load_text (edited, "eol.cfg", err,
                                                      sizeof err);
        if (!variant)
            fail_msg ("%s", err);
        scenario_t *sc = scenario_load_text (
            scenario_text (NULL, units, NULL), "t.cfg", game_rules_finder,
            variant, err, sizeof err);
        assert_non_null (sc);
        game_t *g = game_new (variant, sc, err, sizeof err);
        assert_non_null (g);
        int led = situation_find_unit (game_situation (g), "led");
        int alone = situation_find_unit (game_situation (g), "alone");
        int general = situation_find_unit (game_situation (g), "general");
        assert_true (eol_leader_in_contact (g, led));
        assert_int_equal (game_table_bound (g, led), k == 1);
        assert_true (game_table_bound (g, alone));
        assert_false (game_table_bound (g, general));
        game_table_bound_why (g, alone, why, sizeof why);
        assert_non_null (strstr (why, k == 0 ? "no leader of its side in "
                                               "contact"
                                             : "the whole army follows the "
                                               "actions tables"));
        /* the table-bound play to a result, their orders the tables' */
        battle_setup_t setup;
        memset (&setup, 0, sizeof setup);
        setup.seed = 5;
        setup.strategy[0] = "greedy";
        setup.strategy[1] = "greedy";
        battle_log_t *log = battle_log_new ();
        battle_result_t r;
        if (battle_play (variant, sc, &setup, &r, log, err, sizeof err) < 0)
            fail_msg ("%s", err);
        int table = 0, strategy = 0, others = 0;
        for (int i = 0; i < battle_log_count (log); i++) {
            const battle_line_t *line = battle_log_line (log, i);
            if (line->kind != BATTLE_LINE_DECISION)
                continue;
            bool by_table = strcmp (line->layer, "table") == 0;
            table += by_table;
            strategy += !by_table;
            others += !by_table && line->unit != general;
        }
        assert_true (table > 0 && strategy > 0);
        /* "all": only the leader takes a strategy's orders */
        assert_int_equal (others > 0, k == 0);
        battle_log_destroy (&log);
        game_destroy (&g);
        scenario_destroy (&sc);
        game_rules_destroy (&variant);
    }
}

/*  Nine units against one: the sides alternate while both have units
 *  to act, then the nine act one at a time: ten activations make the
 *  turn, each unit acting once, whatever the side's size. */
static void
test_one_at_a_time (void **state)
{
    (void) state;
    char units[6000] = "";
    for (int i = 0; i < 9; i++) {
        char id[8];
        snprintf (id, sizeof id, "b%d", i);
        strcat (units, unit (id, "blue", "infantry", "average", "light_infantry",
                             8, "line", 20 + 18 * i, 50, 0));
        strcat (units, ", ");
    }
    strcat (units, unit ("r", "red", "infantry", "average", "regular_infantry",
                         8, "line", 100, 180, 180));
    fixture_t *f = make (NULL, units, NULL);
    start (f, "blue");
    int activations = 0, acted[16] = { 0 };
    while (game_turn (f->g) == 1) {
        int waiting = 0;
        for (int u = 0; u < game_unit_count (f->g); u++)
            waiting += game_needs_order (f->g, u);
        assert_int_equal (waiting, activations == 1 ? 1 : 9 - activations
                                                   + (activations > 1));
        activations++;
        game_resolve_phase (f->g, f->dice);
        for (int u = 0; u < game_unit_count (f->g); u++)
            acted[u] = (eol_state_const (game_unit (f->g, u))->flags
                        & EOL_F_ACTED) != 0;
        if (game_turn (f->g) == 1)
            game_begin_phase (f->g, f->dice);
    }
    assert_int_equal (activations, 10);
    for (int u = 0; u < 10; u++)
        assert_true (acted[u]);
    unmake (f);
}

/*  Urgency of an order for the test below: charge, fire, move, hold. */
static int
urgency (const order_t *o)
{
    return o->kind == ORDER_CHARGE ? 0
         : o->kind == ORDER_FIRE || o->fire ? 1
         : o->kind == ORDER_MOVE || o->kind == ORDER_TAKE_COVER ? 2 : 3;
}

/*  The player chooses which unit acts: the commander's strategies list
 *  their orders most urgent first (a charge, fire, a move, a hold; alike
 *  orders nearest the enemy first), and the unit listed first is the
 *  one that acts. */
static void
test_commander_chooses_who_acts (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("far", "blue", "infantry", "average", "regular_infantry",
                    16, "line", 40, 20, 0),
              unit ("close", "blue", "infantry", "average", "regular_infantry",
                    16, "line", 100, 150, 0),
              unit ("back", "blue", "infantry", "average", "regular_infantry",
                    16, "line", 160, 20, 0),
              unit ("r", "red", "infantry", "average", "regular_infantry",
                    16, "line", 100, 150 + IN (1.5) + IN (3), 180));
    fixture_t *f = make (NULL, units, NULL);
    start (f, "blue");
    int waiting[8], n = 0;
    for (int u = 0; u < game_unit_count (f->g); u++)
        if (game_needs_order (f->g, u))
            waiting[n++] = u;
    assert_int_equal (n, 3);
    char err[256];
    strategy_t *st = strategy_new ("greedy", NULL, 1, err, sizeof err);
    assert_non_null (st);
    strategy_decision_t out[8];
    strategy_decide (st, f->g, SIDE_BLUE, waiting, n, out);
    for (int i = 1; i < n; i++)
        assert_true (urgency (&out[i - 1].order) <= urgency (&out[i].order));
    /* every unit ordered once */
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++)
            assert_int_not_equal (out[i].unit, out[j].unit);
    for (int i = 0; i < n; i++)
        order (f, situation_unit_const (game_situation (f->g),
                                        out[i].unit)->id, out[i].order);
    game_resolve_phase (f->g, f->dice);
    assert_true (eol_state_const (game_unit (f->g, out[0].unit))->flags
                 & EOL_F_ACTED);
    for (int i = 1; i < n; i++)
        assert_false (eol_state_const (game_unit (f->g, out[i].unit))->flags
                      & EOL_F_ACTED);
    strategy_destroy (&st);
    unmake (f);
}

/*  The text's units: types in their formations, two to ten bases. */
static void
test_units_checked (void **state)
{
    (void) state;
    expect_refused (unit ("x", "blue", "infantry", "average",
                          "regular_infantry", 16, "loose", 50, 50, 0),
                    "never in skirmish");
    expect_refused (unit ("x", "blue", "infantry", "average", "riflemen", 16,
                          "line", 50, 50, 0), "always in skirmish");
    expect_refused (unit ("x", "blue", "infantry", "average",
                          "regular_infantry", 4, "line", 50, 50, 0),
                    "1 bases of 4; a unit has 2 to 10 bases");
    expect_refused (unit ("x", "blue", "infantry", "average",
                          "regular_infantry", 41, "line", 50, 50, 0),
                    "11 bases");
    expect_refused (unit ("x", "blue", "cavalry", "average", "cavalry", 22,
                          "line", 50, 50, 0), "11 bases of 2");
    expect_refused (unit ("x", "blue", "infantry", "average", "cavalry", 8,
                          "line", 50, 50, 0), "skirmish infantry");
    expect_refused (unit ("x", "blue", "cavalry", "average",
                          "regular_infantry", 8, "line", 50, 50, 0),
                    "troop type \"regular_infantry\" is not for cavalry");
    expect_refused (unit ("x", "blue", "artillery", "average",
                          "field_gun_6pdr", 5, "line", 50, 50, 0),
                    "4 artillerists");
    expect_refused (unit ("x", "blue", "infantry", "average", "leader", 1,
                          "line", 50, 50, 0),
                    "troop type \"leader\" is not for infantry");
    /* guns fire guns, and only guns */
    expect_refused ("{ id = \"x\"; side = \"blue\"; arm = \"artillery\"; "
                    "troop_type = \"field_artillery\"; weapon = \"musket\"; "
                    "figures = 4; x = 50.0; y = 50.0; facing = 0.0; "
                    "width = 7.62; depth = 7.62; }",
                    "field_artillery fires a gun with a shot weight "
                    "(eol.shot), not musket");
    expect_refused ("{ id = \"x\"; side = \"blue\"; arm = \"infantry\"; "
                    "troop_type = \"regular_infantry\"; weapon = "
                    "\"field_gun_6pdr\"; figures = 8; x = 50.0; y = 50.0; "
                    "facing = 0.0; width = 7.62; depth = 3.81; }",
                    "regular_infantry fires no gun, not field_gun_6pdr");
    /* a unit naming no troop type is the first type of its arm */
    char plain[1024];
    snprintf (plain, sizeof plain, "{ id = \"p\"; side = \"blue\"; arm = "
              "\"infantry\"; weapon = \"musket\"; figures = 8; x = 50.0; "
              "y = 50.0; facing = 0.0; width = 7.62; depth = 3.81; }, %s",
              unit ("line", "red", "infantry", "average", "regular_infantry",
                    8, "line", 150, 150, 0));
    fixture_t *pf = make (NULL, plain, NULL);
    assert_int_equal (eol_unit_type (game_tables (pf->g), U (pf, "p")),
                      EOL_REGULAR_INFANTRY);
    unmake (pf);
    expect_refused (unit ("x", "blue", "command", "hero", "leader", 2,
                          "line", 50, 50, 0), "one figure");
    /* accepted: dismounted mounted rifles in skirmish, the bases laid out */
    char units[4096];
    snprintf (units, sizeof units, "%s, %s",
              unit ("mr", "blue", "infantry", "average", "mounted_rifles", 8,
                    "loose", 50, 50, 0),
              unit ("line", "red", "infantry", "average", "regular_infantry",
                    22, "line", 150, 150, 0));
    fixture_t *f = make (NULL, units, NULL);
    near (U (f, "line")->fp.width, IN (9), 1e-9);
    near (U (f, "line")->fp.depth, IN (1.5), 1e-9);
    assert_int_equal (U (f, "mr")->formation, FORMATION_LOOSE);
    unmake (f);
}

/*  ---- fire ---- */

/*  Two lines facing each other `gap` inches apart (front to front). */
static fixture_t *
facing_lines (double gap, const char *blue_q, int blue_n, const char *red_q,
              const char *red_form)
{
    char units[4096];
    snprintf (units, sizeof units, "%s, %s",
              unit ("blue", "blue", "infantry", blue_q, "regular_infantry",
                    blue_n, "line", 100, 50, 0),
              unit ("red", "red", "infantry", red_q, "regular_infantry", 24,
                    red_form, 100, 50 + IN (1.5) + IN (gap)
                    + (strcmp (red_form, "column") == 0 ? IN (9) / 2 - IN (0.75)
                                                        : 0), 180));
    return make (NULL, units, NULL);
}

/*  Every figure of a line fires; Veteran x1.5; point-blank (nearest
 *  third: up to 3") x2, long range (6" to 9") 1/2; beyond 9" nothing;
 *  target in column x2. */
static void
test_fire_dice_in_play (void **state)
{
    (void) state;
    struct { double gap; const char *q; const char *form; int dice; } rows[] = {
        { 2, "veteran", "line", 72 },     /* 24 x 1.5 x 2 */
        { 3, "average", "line", 48 },     /* 24 x 2 */
        { 5, "average", "line", 24 },
        { 8, "veteran", "line", 18 },     /* 24 x 1.5 x 1/2 */
        { 8, "poor", "line", 6 },         /* 24 x 1/2 x 1/2 */
        { 5, "green", "line", 18 },       /* 24 x 3/4 */
        { 5, "hero", "line", 48 },        /* elite x2 */
        { 5, "average", "column", 48 },   /* target in column x2 */
        { 9.5, "average", "line", 0 },    /* out of range */
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        fixture_t *f = facing_lines (rows[i].gap, rows[i].q, 24, "average",
                                     rows[i].form);
        char words[256];
        int d = eol_fire_dice_at (f->g, idx (f, "blue"), idx (f, "red"),
                                  false, words, sizeof words);
        if (d != rows[i].dice)
            fail_msg ("row %zu: %d dice, not %d (%s)", i, d, rows[i].dice,
                      words);
        unmake (f);
    }
    /* 5 Poor figures: 2.5 dice, 3 to the nearest (eol.fire.round, the
       text gives no rounding) */
    fixture_t *f = facing_lines (5, "poor", 5, "average", "line");
    assert_int_equal (eol_fire_dice_at (f->g, idx (f, "blue"), idx (f, "red"),
                                        false, NULL, 0), 3);
    unmake (f);
}

/*  "Any undisordered unit may fire at any enemy figure within range, line
 *  of sight, and 45 degrees of the firing base's facing": a base bears on
 *  a target whose nearest point is off its arc when another part of it
 *  is in the arc and in range.  A line of two bases facing north; an
 *  enemy line of two bases facing west 3.25" to its right: from the right
 *  base's front (0.75", 0.75") the enemy's nearest corner is 77 degrees
 *  off, its far corner (4", 4.5") 41 degrees off and 4.96" away (the
 *  middle third of 9"): that base's 4 figures throw 4 dice; the left
 *  base sees nothing of it within 45 degrees.  1.5" further south the
 *  far corner is 55 degrees off: no die. */
static void
test_fire_arc_reaches_any_part (void **state)
{
    (void) state;
    struct { double north_in; int dice; } rows[] = { { 3.0, 4 }, { 1.5, 0 } };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char units[2048];
        snprintf (units, sizeof units, "%s, %s",
                  unit ("blue", "blue", "infantry", "average",
                        "regular_infantry", 8, "line", 100, 50, 0),
                  unit ("red", "red", "infantry", "average",
                        "regular_infantry", 8, "line", 100 + IN (4.75),
                        50 + IN (rows[i].north_in), 270));
        fixture_t *f = make (NULL, units, NULL);
        char words[256];
        int d = eol_fire_dice_at (f->g, idx (f, "blue"), idx (f, "red"),
                                  false, words, sizeof words);
        if (d != rows[i].dice)
            fail_msg ("row %zu: %d dice, not %d (%s)", i, d, rows[i].dice,
                      words);
        unmake (f);
    }
}

/*  Skirmishers "must attempt to remain within 1" of another figure in
 *  their unit, but not touching, at all times": 16 light infantry in
 *  skirmish order stand 27" wide (16 figures of 3/4", 15 gaps of 1");
 *  shot down to 12 they close up to 20" about their centre. */
static void
test_skirmishers_close_up (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("blue", "blue", "infantry", "average", "regular_infantry",
                    8, "line", 100, 50, 0),
              unit ("red", "red", "infantry", "average", "light_infantry", 16,
                    "loose", 100, 50 + IN (0.75) + IN (5), 180));
    fixture_t *f = make (NULL, units, NULL);
    near (U (f, "red")->fp.width, IN (27), 1e-6);
    vec2_t centre = U (f, "red")->fp.centre;
    start (f, "blue");
    order (f, "blue", fire_at (f, "red"));
    push (f, 4, 6, 6, 6, 6);         /* 8 x 1/2 (in skirmish): 4 killed */
    push (f, 2, 1, 1);               /* its check passes */
    game_resolve_phase (f->g, f->dice);
    assert_int_equal (U (f, "red")->killed, 4);
    near (U (f, "red")->fp.width, IN (20), 1e-6);
    near (U (f, "red")->fp.centre.x, centre.x, 1e-9);
    near (U (f, "red")->fp.centre.y, centre.y, 1e-9);
    unmake (f);
}

/*  The target in cover (woods at its front) 1/2, in fortifications 1/4,
 *  in skirmish 1/2; the firer mounted 1/2; a column fires with its front
 *  base; a 6-pounder throws 6 dice; a line fired on from its flank x2. */
static void
test_fire_multipliers_in_play (void **state)
{
    (void) state;
    char units[4096];
    const char *wood = "{ id = \"w\"; kind = \"woods\"; polygon = ( [80.0, 57.0],"
        " [120.0, 57.0], [120.0, 90.0], [80.0, 90.0] ); }";
    const char *fort = "{ id = \"w\"; kind = \"fortification\"; polygon = ( "
        "[80.0, 57.0], [120.0, 57.0], [120.0, 90.0], [80.0, 90.0] ); }";
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s, %s",
              unit ("line", "blue", "infantry", "average", "regular_infantry",
                    24, "line", 100, 50, 0),
              unit ("col", "blue", "infantry", "average", "regular_infantry",
                    24, "column", 40, 50, 0),
              unit ("cav", "blue", "cavalry", "average", "cavalry", 8, "line",
                    150, 50, 0),
              unit ("gun", "blue", "artillery", "average", "field_gun_6pdr", 4,
                    "line", 70, 30, 0),
              unit ("red", "red", "infantry", "average", "regular_infantry",
                    24, "line", 100, 60, 180),
              unit ("sk", "red", "infantry", "average", "light_infantry", 16,
                    "loose", 150, 60, 180));
    fixture_t *f = make (wood, units, NULL);
    /* red's front at 58.1, in the wood from 57: cover; 6.2 cm (2.4")
       from blue's front: point-blank */
    int d = eol_fire_dice_at (f->g, idx (f, "line"), idx (f, "red"), false,
                              NULL, 0);
    assert_int_equal (d, 24);                  /* 24 x 2 (point-blank) x 1/2 */
    unmake (f);
    f = make (fort, units, NULL);
    d = eol_fire_dice_at (f->g, idx (f, "line"), idx (f, "red"), false, NULL, 0);
    assert_int_equal (d, 12);                  /* 24 x 2 x 1/4 */
    unmake (f);
    f = make (NULL, units, NULL);
    /* mounted firing at skirmishers, point-blank: 8 x 1/2 x 1/2 x 2 */
    d = eol_fire_dice_at (f->g, idx (f, "cav"), idx (f, "sk"), false, NULL, 0);
    assert_int_equal (d, 4);
    /* the gun, its line to red's left end clear of the blue line:
       "Artillery rolls one die per pound of shot weight": 6 dice for its
       6 pounds, at medium range (8" to 16") */
    d = eol_fire_dice_at (f->g, idx (f, "gun"), idx (f, "red"), false, NULL, 0);
    assert_int_equal (d, 6);
    unmake (f);
    /* the other reading: the base is "a 2-gun section", two guns' shot */
    game_rules_t *plain = rules;
    rules = rules_edited ("shot_guns = 1;", "shot_guns = 2;");
    f = make (NULL, units, NULL);
    d = eol_fire_dice_at (f->g, idx (f, "gun"), idx (f, "red"), false, NULL, 0);
    assert_int_equal (d, 12);
    unmake (f);
    game_rules_destroy (&rules);
    rules = plain;
    /* "within range, line of sight": behind its own line, straight
       before red, the gun has no line to it; nor has the line to an
       enemy behind red (red's figures in the way) */
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("line", "blue", "infantry", "average", "regular_infantry",
                    24, "line", 100, 50, 0),
              unit ("gun", "blue", "artillery", "average", "field_gun_6pdr", 4,
                    "line", 100, 30, 0),
              unit ("red", "red", "infantry", "average", "regular_infantry",
                    24, "line", 100, 60, 180),
              unit ("behind", "red", "infantry", "average",
                    "regular_infantry", 8, "line", 100, 66, 180));
    f = make (NULL, units, NULL);
    assert_int_equal (eol_fire_dice_at (f->g, idx (f, "gun"), idx (f, "red"),
                                        false, NULL, 0), 0);
    assert_int_equal (eol_fire_dice_at (f->g, idx (f, "line"),
                                        idx (f, "behind"), false, NULL, 0),
                      0);
    assert_true (eol_fire_dice_at (f->g, idx (f, "line"), idx (f, "red"),
                                   false, NULL, 0) > 0);
    unmake (f);
    /* a column fires with its front base only: 4 figures, long range */
    snprintf (units, sizeof units, "%s, %s",
              unit ("col", "blue", "infantry", "average", "regular_infantry",
                    24, "column", 100, 50, 0),
              unit ("red", "red", "infantry", "average", "regular_infantry",
                    24, "line", 100, 50 + IN (4.5) + IN (7), 180));
    f = make (NULL, units, NULL);
    assert_int_equal (eol_fire_dice_at (f->g, idx (f, "col"), idx (f, "red"),
                                        false, NULL, 0), 2);   /* 4 x 1/2 */
    unmake (f);
    /* a line fired on from its flank: double; outside the firer's 45
       degree arc: nothing */
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("blue", "blue", "infantry", "average", "regular_infantry",
                    8, "line", 100, 50, 90),
              unit ("red", "red", "infantry", "average", "regular_infantry",
                    8, "line", 112, 50, 0),
              unit ("off", "red", "infantry", "average", "regular_infantry",
                    8, "line", 100, 80, 0));
    f = make (NULL, units, NULL);
    /* blue faces east at red's left flank, 8 figures point-blank x2 x2 */
    assert_int_equal (eol_fire_dice_at (f->g, idx (f, "blue"), idx (f, "red"),
                                        false, NULL, 0), 32);
    assert_int_equal (eol_fire_dice_at (f->g, idx (f, "blue"), idx (f, "off"),
                                        false, NULL, 0), 0);
    unmake (f);
}

/*  The charged unit's fire: "Range modifiers are not used"
 *  (eol.fire.reaction_range_modifiers = false): 16 figures throw 16 dice
 *  at a charger 2.5" off (ordinary fire there is point-blank, 32) and at
 *  one 10" off, beyond its muskets' 9".  The house rule (true) counts the
 *  band by the distance: point-blank at 2.5" (32), long beyond the range
 *  (8). */
static void
test_reaction_range_modifiers (void **state)
{
    (void) state;
    static const struct { double gap_in; int plain, modified; } rows[] = {
        { 2.5, 16, 32 }, { 10, 16, 8 } };
    game_rules_t *plain = rules;
    game_rules_t *house = rules_edited ("reaction_range_modifiers = false;",
                                        "reaction_range_modifiers = true;");
    assert_non_null (house);
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char units[4096];
        snprintf (units, sizeof units, "%s, %s",
                  unit ("cav", "blue", "cavalry", "average", "cavalry", 8,
                        "line", 100, 50, 0),
                  unit ("foot", "red", "infantry", "average",
                        "regular_infantry", 16, "line", 100,
                        50 + IN (1.5) + IN (rows[i].gap_in), 180));
        for (int h = 0; h < 2; h++) {
            rules = h ? house : plain;
            fixture_t *f = make (NULL, units, NULL);
            char words[256];
            int d = eol_fire_dice_at (f->g, idx (f, "foot"), idx (f, "cav"),
                                      true, words, sizeof words);
            if (d != (h ? rows[i].modified : rows[i].plain))
                fail_msg ("%.1f\", %s: %d dice (%s)", rows[i].gap_in,
                          h ? "modifiers" : "none", d, words);
            if (rows[i].gap_in < 3)      /* ordinary fire: point-blank */
                assert_int_equal (eol_fire_dice_at (f->g, idx (f, "foot"),
                                                    idx (f, "cav"), false,
                                                    NULL, 0), 32);
            unmake (f);
        }
    }
    rules = plain;
    game_rules_destroy (&house);
}

/*  A fire action: sixes kill; the target checks (-1 a casualty) and falls
 *  back a full column move (8") facing away, disordered; it then cannot
 *  fire until it dresses its ranks (a full move). */
static void
test_fire_action_and_fall_back (void **state)
{
    (void) state;
    fixture_t *f = facing_lines (5, "average", 8, "average", "line");
    start (f, "blue");
    order (f, "blue", fire_at (f, "red"));
    /* 8 dice: three sixes; red needs 10 - 3 = 7, throws 4 + 4 */
    push (f, 8, 6, 6, 6, 1, 1, 1, 1, 1);
    push (f, 2, 4, 4);
    double y0 = U (f, "red")->fp.centre.y;
    game_resolve_phase (f->g, f->dice);
    assert_int_equal (U (f, "red")->killed, 3);
    assert_true (saw (f, "red checks morale for casualties: needs 7"));
    near (U (f, "red")->fp.centre.y - y0, IN (8), 0.02);
    near (U (f, "red")->fp.facing, 0, 1e-6);          /* facing away */
    assert_true (eol_disordered (f->g, idx (f, "red")));
    assert_true (U (f, "red")->status & STATUS_RAN_LAST_TURN);
    assert_true (GU (f, "blue")->fired);
    /* red's action: disordered, it may not fire; holding dresses ranks */
    game_begin_phase (f->g, f->dice);
    assert_false (eol_can_fire (f->g, idx (f, "red")));
    refused (f, "red", fire_at (f, "blue"), "disordered");
    order (f, "red", order_hold ());
    game_resolve_phase (f->g, f->dice);
    assert_false (eol_disordered (f->g, idx (f, "red")));
    assert_true (saw (f, "dress_ranks (a full move)"));
    unmake (f);
}

/*  "Failure by two pips or less indicates that a unit taking casualties
 *  will fall back in disorder a full column move, in formation, and end
 *  facing away from the attacker."  The text says nothing of a friendly
 *  unit in its way.  The project's reading (RULINGS.md,
 *  eol.morale.fall_back_through_friends = false): no unit moves through
 *  another, so red (9" of line, shot at from the front, failing by one)
 *  about-faces and falls back only until it meets friendly B 1.5" behind
 *  it, saying so.  With true it passes through B and goes its 8"; a
 *  friend where it would end stops it short under both readings. */
static void
test_fall_back_and_friends (void **state)
{
    (void) state;
    game_rules_t *plain = rules;
    for (int reading = 0; reading < 2; reading++) {
        if (reading == 1)
            rules = rules_edited ("fall_back_through_friends = false;",
                                  "fall_back_through_friends = true;");
        for (int at_end = 0; at_end < 2; at_end++) {
            double ry = 50 + IN (1.5) + IN (5);
            char units[4096];
            snprintf (units, sizeof units, "%s, %s, %s",
                      unit ("blue", "blue", "infantry", "average",
                            "regular_infantry", 8, "line", 100, 50, 0),
                      unit ("red", "red", "infantry", "average",
                            "regular_infantry", 24, "line", 100, ry, 180),
                      unit ("B", "red", "infantry", "average",
                            "regular_infantry", 24, "line", 100,
                            ry + (at_end ? IN (8) : IN (3)), 180));
            fixture_t *f = make (NULL, units, NULL);
            start (f, "blue");
            order (f, "blue", fire_at (f, "red"));
            push (f, 8, 6, 6, 6, 1, 1, 1, 1, 1);
            push (f, 2, 4, 4);        /* needs 10 - 3 = 7: fails by 1 */
            game_resolve_phase (f->g, f->dice);
            const footprint_t *r = &U (f, "red")->fp, *b = &U (f, "B")->fp;
            double moved = r->centre.y - ry;
            near (r->facing, 0, 1e-6);                /* facing away */
            assert_true (eol_disordered (f->g, idx (f, "red")));
            assert_true (footprint_overlap (r, b) <= SITUATION_OVERLAP_CM);
            if (reading == 1 && !at_end) {
                /* through B, the whole column move */
                near (moved, IN (8), 0.02);
                assert_false (saw (f, "stops short"));
            }
            else {
                /* its front (it faces away) at B's near edge */
                near (r->centre.y + r->depth / 2, b->centre.y - b->depth / 2,
                      SITUATION_OVERLAP_CM + 0.01);
                near (moved, at_end ? IN (6.5) : IN (1.5),
                      SITUATION_OVERLAP_CM + 0.01);
                assert_true (saw (f, reading == 1
                                  ? "red stops short of friendly B: no unit "
                                    "ends a move on another"
                                  : "red stops short of friendly B: no unit "
                                    "moves through another"));
            }
            assert_true (saw (f, "red falls back"));
            assert_true (saw (f, ", disordered, facing away"));
            unmake (f);
        }
        if (reading == 1)
            game_rules_destroy (&rules);
    }
    rules = plain;
    /* shot at from its right flank (blue's line level with red's rear
       half), red (facing up the table) falls back 8" straight away from
       blue "and end[s] facing away": turned about its centre where it
       stands, its 6" of line would swing onto B behind it, so it turns
       where it ends; 15" of line near the table's edge has no room to
       turn at all, and says so */
    for (int edge = 0; edge < 2; edge++) {
        int figures = edge ? 40 : 16;
        double half = edge ? IN (7.5) : IN (3);
        double ry = edge ? IN (3.75) + 0.1 : 100;
        char units[4096];
        snprintf (units, sizeof units, "%s, %s, %s",
                  unit ("blue", "blue", "infantry", "average",
                        "regular_infantry", 8, "line",
                        100 + half + IN (5) + IN (0.75), ry - IN (2.25), 270),
                  unit ("red", "red", "infantry", "average",
                        "regular_infantry", figures, "line", 100, ry, 0),
                  unit ("B", "red", "infantry", "average", "regular_infantry",
                        24, "line", edge ? 20 : 100,
                        edge ? 150 : ry - IN (2.75), 0));
        fixture_t *f = make (NULL, units, NULL);
        double away = geom_bearing (U (f, "blue")->fp.centre,
                                    U (f, "red")->fp.centre);
        vec2_t d = geom_heading_vec (away);
        vec2_t to = { 100 + d.x * IN (8), ry + d.y * IN (8) };
        start (f, "blue");
        order (f, "blue", fire_at (f, "red"));
        /* 8 figures, "line from flank - double dice": 16 */
        push (f, 16, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
        push (f, 2, 4, 4);
        game_resolve_phase (f->g, f->dice);
        assert_true (saw (f, "blue fires at red, 5.0\" (8.00 x 2): 16 dice"));
        assert_true (saw (f, "red falls back 8.0\""));
        const footprint_t *r = &U (f, "red")->fp;
        near (r->centre.x, to.x, 0.02);
        near (r->centre.y, to.y, 0.02);
        assert_true (footprint_overlap (r, &U (f, "B")->fp)
                     <= SITUATION_OVERLAP_CM);
        assert_false (situation_footprint_off_table (game_situation (f->g),
                                                     r));
        if (edge) {
            near (r->facing, 0, 1e-6);
            assert_true (saw (f, "red cannot turn to face away: its ranks "
                              "would run off the table"));
            assert_false (saw (f, "facing away"));
        }
        else {
            near (r->facing, away, 1e-6);
            assert_true (saw (f, ", disordered, facing away"));
        }
        unmake (f);
    }
}

/*  "A unit in skirmish will retire a full move"; "Charges are the only
 *  way in which a unit may come into contact with an enemy unit".  A
 *  unit leaving a melee comes into no contact: a player moves it away
 *  from the enemy it fought.  So touching the enemy it begins in contact
 *  with does not stop it while it goes no nearer to it; an enemy it
 *  would newly touch still does.  Blue's 8 skirmishers (13" of loose
 *  line, near the table's edge) are in melee with red's gun at their
 *  right end; they lose two figures and fail by one, and retire straight
 *  away from the gun, their line (which has no room to turn: it would
 *  run off the table) sliding off along the gun's face: the full 12",
 *  not 0.0".  With red's line R 5" along their way, they stop short of
 *  touching R. */
static void
test_retire_out_of_melee (void **state)
{
    (void) state;
    for (int blocked = 0; blocked < 2; blocked++) {
        double half = (8 * IN (0.75) + 7 * IN (1)) / 2;
        double gx = 100 + half - IN (1.5);
        double gy = 14 + IN (0.375) + IN (1.5) + 0.1;
        vec2_t d = geom_heading_vec (geom_bearing ((vec2_t) { gx, gy },
                                                   (vec2_t) { 100, 14 }));
        char units[4096];
        snprintf (units, sizeof units, "%s, %s%s%s",
                  unit ("sk", "blue", "infantry", "average", "skirmishers",
                        8, "loose", 100, 14, 0),
                  unit ("gun", "red", "artillery", "average",
                        "field_gun_6pdr", 4, "line", gx, gy, 180),
                  blocked ? ", " : "",
                  blocked ? unit ("R", "red", "infantry", "average",
                                  "regular_infantry", 16, "line",
                                  100 - half + d.x * IN (5) - IN (3),
                                  14 + d.y * IN (5), 0) : "");
        fixture_t *f = make (NULL, units, NULL);
        vec2_t sk0 = U (f, "sk")->fp.centre;
        double away = geom_bearing (U (f, "gun")->fp.centre, sk0);
        assert_true (GU (f, "sk")->in_melee && GU (f, "gun")->in_melee);
        push (f, 2, 6, 1);                 /* initiative */
        push (f, 2, 1, 1);                 /* sk: 2 of 8 in contact, none */
        push (f, 4, 6, 6, 1, 1);           /* the gun's 4: 2 killed */
        push (f, 2, 3, 3);                 /* sk: 6 against 10 - 2 - 2 - 1:
                                              fails by 1, retires */
        push (f, 1, 6);                    /* its standard: kept */
        game_begin_phase (f->g, f->dice);
        game_resolve_phase (f->g, f->dice);
        assert_true (saw (f, "sk checks morale for casualties: needs 5"));
        assert_int_equal (dice_queued (f->dice), 0);
        const footprint_t *s = &U (f, "sk")->fp;
        double moved = geom_dist (sk0, s->centre);
        assert_false (saw (f, "stops short of touching gun"));
        assert_true (saw (f, "sk cannot turn to face away: its ranks would "
                          "run off the table"));
        if (!blocked) {
            /* a full skirmish move, straight away from the gun */
            near (moved, IN (12), 0.02);
            assert_true (saw (f, "sk retires 12.0\""));
            near (geom_bearing (sk0, s->centre), away, 1e-6);
        }
        else {
            const eol_tables_t *t = game_rules_tables (rules);
            assert_true (moved > IN (4) && moved < IN (5));
            assert_true (saw (f, "sk stops short of touching R"));
            double gap = footprint_distance (s, &U (f, "R")->fp);
            assert_true (gap > 0 && gap <= t->contact_cm + 0.02);
        }
        assert_false (GU (f, "sk")->in_melee);
        unmake (f);
    }
}

/*  What the events said of b's fire, in a game where blue's a (figures
 *  `a_figures`) acts first and fires at ta 5" before it, red's tb
 *  holds, then blue's b (8 figures) fires at tb 5" before it; the dice
 *  keyed or not.  a_said: what they said of a's. */
static void
fire_of_b (int a_figures, bool keyed, char *a_said, char *b_said,
           size_t len)
{
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("a", "blue", "infantry", "average", "regular_infantry",
                    a_figures, "line", 45, 50, 0),
              unit ("b", "blue", "infantry", "average", "regular_infantry",
                    8, "line", 155, 50, 0),
              unit ("ta", "red", "infantry", "average", "regular_infantry",
                    16, "line", 45, 50 + IN (1.5) + IN (5), 180),
              unit ("tb", "red", "infantry", "average", "regular_infantry",
                    16, "line", 155, 50 + IN (1.5) + IN (5), 180));
    fixture_t *f = make (NULL, units, NULL);
    dice_set_keyed (f->dice, keyed);
    start (f, "blue");
    order (f, "a", fire_at (f, "ta"));
    game_resolve_phase (f->g, f->dice);
    game_begin_phase (f->g, f->dice);
    assert_int_equal (game_phase_side (f->g), SIDE_RED);
    order (f, "tb", order_hold ());
    game_resolve_phase (f->g, f->dice);
    game_begin_phase (f->g, f->dice);
    assert_int_equal (game_phase_side (f->g), SIDE_BLUE);
    order (f, "b", fire_at (f, "tb"));
    game_resolve_phase (f->g, f->dice);
    a_said[0] = b_said[0] = '\0';
    for (int i = 0; i < f->event_count; i++) {
        if (strstr (f->events[i], "a fires at ta"))
            snprintf (a_said, len, "%s", f->events[i]);
        if (strstr (f->events[i], "b fires at tb"))
            snprintf (b_said, len, "%s", f->events[i]);
    }
    unmake (f);
}

/*  The search's playouts key their dice (game_dice_key): b's dice for
 *  its fire are the same whether a, acting before it, threw 16 or 8
 *  (its figures), so two plans on one world are told apart by their
 *  orders, not by dice that fell to other units.  Unkeyed (every
 *  battle), one stream: a's throws move b's. */
static void
test_keyed_dice (void **state)
{
    (void) state;
    char a16[GAME_EVENT_MAX], a8[GAME_EVENT_MAX];
    char b16[GAME_EVENT_MAX], b8[GAME_EVENT_MAX];
    fire_of_b (16, true, a16, b16, GAME_EVENT_MAX);
    fire_of_b (8, true, a8, b8, GAME_EVENT_MAX);
    assert_non_null (strstr (a16, ": 16 dice ["));
    assert_non_null (strstr (a8, ": 8 dice ["));
    const char *dice = strstr (b16, ": 8 dice [");
    assert_non_null (dice);
    assert_true (dice[10] >= '1' && dice[10] <= '6');
    assert_string_equal (b16, b8);
    /* one stream: a's 16 dice or 8 (and what followed them) before b's */
    fire_of_b (16, false, a16, b16, GAME_EVENT_MAX);
    fire_of_b (8, false, a8, b8, GAME_EVENT_MAX);
    assert_non_null (strstr (a16, ": 16 dice ["));
    assert_non_null (strstr (a8, ": 8 dice ["));
    assert_non_null (strstr (b16, ": 8 dice ["));
    assert_string_not_equal (b16, b8);
}

/*  Failing by more than two pips, a unit taking casualties routs off the
 *  table and is removed from play. */
static void
test_rout (void **state)
{
    (void) state;
    fixture_t *f = facing_lines (5, "average", 8, "poor", "line");
    start (f, "blue");
    order (f, "blue", fire_at (f, "red"));
    push (f, 8, 6, 1, 1, 1, 1, 1, 1, 1);
    push (f, 2, 6, 5);           /* poor 8 - 1 = 7; 11 fails by 4 */
    game_resolve_phase (f->g, f->dice);
    assert_true (GU (f, "red")->gone);
    assert_int_equal (GU (f, "red")->left_standing, 23);
    assert_true (saw (f, "red routs off the table"));
    game_result_t r;
    game_result (f->g, &r);
    assert_int_equal (r.gone[SIDE_RED], 23);
    assert_int_equal (r.units_left[SIDE_RED], 0);
    unmake (f);
}

/*  ---- charges and melee ---- */

/*  Blue cavalry (veteran, 8) 10" from green infantry (16) facing it. */
static fixture_t *
cavalry_and_foot (const char *foot_q)
{
    char units[4096];
    snprintf (units, sizeof units, "%s, %s",
              unit ("cav", "blue", "cavalry", "veteran", "cavalry", 8, "line",
                    100, 50, 0),
              unit ("foot", "red", "infantry", foot_q, "regular_infantry", 16,
                    "line", 100, 50 + IN (1.5) + IN (10), 180));
    return make (NULL, units, NULL);
}

/*  The whole charge: the check to charge, the charged unit's check, its
 *  fire without range modifiers, the charger's check under fire, contact,
 *  melee dice per figure in frontal contact (cavalry kills on 4-6,
 *  veteran +1; green formed infantry on 5-6, -1), the checks after the
 *  round, a standard taken. */
static void
test_charge_home (void **state)
{
    (void) state;
    fixture_t *f = cavalry_and_foot ("green");
    start (f, "blue");
    order (f, "cav", charge (f, "foot"));
    push (f, 2, 3, 3);                       /* cav: 6 against 11, goes in */
    push (f, 2, 4, 4);                       /* foot: 8 against 9, stands */
    push (f, 1, 6);                          /* its fire: 16 x 3/4 = 12 */
    push_many (f, 11, 1);                    /* one killed */
    push (f, 2, 5, 5);                       /* cav: 10 against 11 - 1 */
    push (f, 7, 3, 3, 3, 2, 2, 2, 1);        /* 7 dice, kill on 3+: 3 */
    push (f, 1, 6);                          /* 16 dice, kill on 6: 1 */
    push_many (f, 15, 1);
    push (f, 2, 4, 4);                       /* cav: 11 - 1 quarter - 1 */
    push (f, 2, 6, 6);                       /* foot: 9 - 3: routs */
    /* its standard: 3 of 16 lost is no quarter, no chance (the +2 of a
       routed unit is on the second die), no die */
    game_resolve_phase (f->g, f->dice);
    assert_true (saw (f, "cav checks morale to charge: needs 11"));
    assert_true (saw (f, "foot checks morale against a charge: needs 9"));
    assert_true (saw (f, "foot fires at cav"));
    assert_true (saw (f, "12 dice"));
    assert_true (saw (f, "cav checks morale under fire while charging: needs 10"));
    assert_true (saw (f, "cav (cavalry) rolls 7 dice at foot, killing on 3+"));
    assert_true (saw (f, "foot (formed_infantry) rolls 16 dice at cav, "
                      "killing on 6+"));
    assert_true (saw (f, "cav checks morale for casualties: needs 9"));
    assert_true (saw (f, "foot checks morale for casualties: needs 6"));
    assert_int_equal (U (f, "cav")->killed, 2);
    assert_true (GU (f, "foot")->gone);
    assert_false (saw (f, "foot loses its standard"));
    assert_int_equal (eol_state_const (GU (f, "cav"))->standards_held, 0);
    assert_true (eol_state_const (GU (f, "cav"))->flags & EOL_F_MELEED);
    assert_int_equal (dice_queued (f->dice), 0);
    unmake (f);
}

/*  "A unit ordered to charge ... will stand and fire instead" (failing by
 *  two or less), or "stand in place, but will become disordered". */
static void
test_charge_refused (void **state)
{
    (void) state;
    fixture_t *f = cavalry_and_foot ("average");
    start (f, "blue");
    order (f, "cav", charge (f, "foot"));
    push (f, 2, 6, 6);                       /* 12 against 11: fails by 1 */
    double y0 = U (f, "cav")->fp.centre.y;
    game_resolve_phase (f->g, f->dice);
    assert_true (saw (f, "cav checks morale to charge: needs 11"));
    assert_true (saw (f, "throws 12: stands and fires"));
    near (U (f, "cav")->fp.centre.y, y0, 1e-9);
    /* the foot is 10" off, beyond the carbines' 9": no die, not fired */
    assert_true (saw (f, "no target"));
    assert_false (GU (f, "cav")->fired);
    unmake (f);
    /* poor cavalry: 8 needed, 12 fails by 4: disordered, no action */
    char units[4096];
    snprintf (units, sizeof units, "%s, %s",
              unit ("cav", "blue", "cavalry", "poor", "cavalry", 8, "line",
                    100, 50, 0),
              unit ("foot", "red", "infantry", "average", "regular_infantry",
                    16, "line", 100, 50 + IN (1.5) + IN (10), 180));
    f = make (NULL, units, NULL);
    start (f, "blue");
    order (f, "cav", charge (f, "foot"));
    push (f, 2, 6, 6);
    game_resolve_phase (f->g, f->dice);
    assert_true (eol_disordered (f->g, idx (f, "cav")));
    assert_false (GU (f, "cav")->fired);
    unmake (f);
}

/*  The charged unit that fails its check falls back; the charger takes
 *  the ground.  A charged unit that already fired this turn checks at -1
 *  and does not fire again. */
static void
test_charged_unit_gives_way (void **state)
{
    (void) state;
    fixture_t *f = cavalry_and_foot ("average");
    start (f, "red");
    /* red fires first (its action), at 10": out of range, so it holds
       and fires at nothing; mark it as having fired */
    game_unit_mut (f->g, idx (f, "foot"))->fired = 1;
    order (f, "foot", order_hold ());
    game_resolve_phase (f->g, f->dice);
    game_begin_phase (f->g, f->dice);
    order (f, "cav", charge (f, "foot"));
    push (f, 2, 3, 3);                       /* cav goes in */
    push (f, 2, 5, 5);                       /* foot: 10 - 1 = 9; fails */
    double y0 = U (f, "foot")->fp.centre.y;
    game_resolve_phase (f->g, f->dice);
    assert_true (saw (f, "foot checks morale against a charge: needs 9"));
    assert_true (saw (f, "already fired"));
    near (U (f, "foot")->fp.centre.y - y0, IN (8), 0.02);
    assert_true (eol_disordered (f->g, idx (f, "foot")));
    assert_true (saw (f, "cav charges into the ground foot gave up"));
    assert_false (GU (f, "cav")->in_melee);
    unmake (f);
}

/*  "Charges are moves made straight forward which result in a combat
 *  contact with an enemy unit"; "The charged unit must pass a morale
 *  check if the charging unit goes in"; "Once in combat contact, all
 *  units are considered to have spent their action for the turn, and
 *  will roll melee dice".  The text does not say what a failed check
 *  does to the charged unit; it falls back as a unit taking casualties,
 *  and the charger takes the ground it gave up (RULINGS.md).  The foot,
 *  failing by one with friendly B right behind it, cannot fall back: it
 *  turns to face away where it stands, disordered, and the charge goes
 *  home on it (eol.melee.charge_catches_failed_target = true): contact
 *  and a round of melee at once, the cavalry's 8 dice against its rear,
 *  the foot, with no front in contact, rolling none.  With B 1" behind
 *  it, it falls back that inch and the charger takes the ground it gave
 *  up, out of contact: no melee.  The other reading (false): the charge
 *  halts short of the foot it could not reach through, no contact. */
static void
test_charged_unit_cannot_get_away (void **state)
{
    (void) state;
    game_rules_t *plain = rules;
    for (int reading = 0; reading < 2; reading++) {
        if (reading == 1)
            rules = rules_edited ("charge_catches_failed_target = true;",
                                  "charge_catches_failed_target = false;");
        assert_non_null (rules);
        for (int room = 0; room < 2; room++) {
            double fy = 50 + IN (1.5) + IN (10);
            char units[4096];
            snprintf (units, sizeof units, "%s, %s, %s",
                      unit ("cav", "blue", "cavalry", "veteran", "cavalry", 8,
                            "line", 100, 50, 0),
                      unit ("foot", "red", "infantry", "average",
                            "regular_infantry", 16, "line", 100, fy, 180),
                      unit ("B", "red", "infantry", "average",
                            "regular_infantry", 16, "line", 100,
                            fy + IN (1.5) + (room ? IN (1) : 0.1), 180));
            fixture_t *f = make (NULL, units, NULL);
            vec2_t stood = U (f, "foot")->fp.centre;
            start (f, "blue");
            order (f, "cav", charge (f, "foot"));
            push (f, 2, 3, 3);               /* cav goes in */
            push (f, 2, 5, 6);               /* foot: 11 against 10 */
            bool home = reading == 0 && !room;
            if (home)
                push_many (f, 8, 1);         /* cav's 8 dice: none kills */
            game_resolve_phase (f->g, f->dice);
            assert_int_equal (dice_queued (f->dice), 0);
            assert_true (saw (f, "foot checks morale against a charge: "
                              "needs 10"));
            assert_true (saw (f, "foot falls back"));
            assert_true (eol_disordered (f->g, idx (f, "foot")));
            near (U (f, "foot")->fp.facing, 0, 1e-6);      /* facing away */
            assert_false (saw (f, "foot fires"));
            double gap = footprint_distance (&U (f, "cav")->fp,
                                             &U (f, "foot")->fp);
            const eol_tables_t *t = game_rules_tables (rules);
            if (home) {
                assert_true (saw (f, "foot could not get clear of cav's "
                                  "charge"));
                assert_true (saw (f, "cav charges home on foot"));
                assert_true (saw (f, "cav (cavalry) rolls 8 dice at foot"));
                assert_false (saw (f, "foot (formed_infantry) rolls"));
                assert_true (gap <= t->contact_cm);
                assert_true (GU (f, "cav")->in_melee
                             && GU (f, "foot")->in_melee);
            }
            else {
                assert_false (saw (f, "charges home"));
                assert_false (saw (f, "rolls"));
                assert_true (gap > t->contact_cm);
                assert_false (GU (f, "cav")->in_melee
                              || GU (f, "foot")->in_melee);
                if (room) {
                    /* it gave up an inch (and the half a centimetre
                       of base contact): the charger takes that ground,
                       to where the foot's front stood */
                    double gave = geom_dist (stood, U (f, "foot")->fp.centre);
                    assert_true (gave > IN (1));
                    assert_true (saw (f, "cav charges into the ground foot "
                                      "gave up, to"));
                    near (gap, gave, 0.05);
                }
                else
                    assert_true (saw (f, "cav halts short of foot, which "
                                      "could not get clear"));
            }
            unmake (f);
        }
        if (reading == 1)
            game_rules_destroy (&rules);
    }
    rules = plain;
}

/*  "If checking versus charge, and have already fired this turn: -1";
 *  "If it stands, and has not already fired, it may fire at the charging
 *  unit".  A unit that failed its check to charge "will stand and fire
 *  instead", but with no enemy it can bear on it throws no die: it has
 *  not fired, so it checks against a later charge without the -1 and
 *  fires at that charger. */
static void
test_stand_and_fire_without_target (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("cav", "blue", "cavalry", "average", "cavalry", 8, "line",
                    100, 50, 0),
              unit ("foot", "red", "infantry", "average", "regular_infantry",
                    16, "line", 100, 50 + IN (1.5) + IN (10), 180),
              unit ("rc", "red", "cavalry", "average", "cavalry", 8, "line",
                    120, 50 + IN (1.5) + IN (11), 180));
    fixture_t *f = make (NULL, units, NULL);
    start (f, "blue");
    /* cav: 12 against 10 fails by two: it stands and fires, but the foot
       is 10" off, beyond its carbines' 9" */
    order (f, "cav", charge (f, "foot"));
    push (f, 2, 6, 6);
    game_resolve_phase (f->g, f->dice);
    assert_true (saw (f, "throws 12: stands and fires"));
    assert_true (saw (f, "cav has no target it can bear on"));
    assert_false (GU (f, "cav")->fired);
    assert_false (U (f, "cav")->status & STATUS_FIRED);
    game_begin_phase (f->g, f->dice);
    /* rc charges cav: 6 goes in; cav needs 10 (not 9), throws 10 and
       stands; it has not fired, so it fires at rc: 8 figures, mounted
       1/2, 4 dice, no kill */
    order (f, "rc", charge (f, "cav"));
    push (f, 2, 3, 3);
    push (f, 2, 5, 5);
    push_many (f, 4, 1);
    push_many (f, 40, 1);
    game_resolve_phase (f->g, f->dice);
    assert_true (saw (f, "cav checks morale against a charge: needs 10 "
                      "(average 10), throws 10: passes"));
    assert_false (saw (f, "already fired"));
    assert_true (saw (f, "cav fires at rc"));
    assert_true (saw (f, "4 dice [1 1 1 1]: 0 killed"));
    assert_true (GU (f, "cav")->fired);
    assert_true (GU (f, "cav")->in_melee && GU (f, "rc")->in_melee);
    unmake (f);
}

/*  "Units in column may not charge"; a charge is a move straight forward
 *  (echelon within 45 degrees) and must reach in one move; leaders and
 *  guns do not charge. */
static void
test_charge_rules (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s",
              unit ("col", "blue", "cavalry", "average", "cavalry", 8,
                    "column", 40, 50, 0),
              unit ("line", "blue", "infantry", "average", "regular_infantry",
                    8, "line", 100, 50, 0),
              unit ("ldr", "blue", "command", "hero", "leader", 1, "line",
                    150, 50, 0),
              unit ("r1", "red", "infantry", "average", "regular_infantry", 8,
                    "line", 40, 70, 180),
              unit ("r2", "red", "infantry", "average", "regular_infantry", 8,
                    "line", 190, 60, 180));
    fixture_t *f = make (NULL, units, NULL);
    char err[256];
    assert_int_equal (eol_charge_check (f->g, idx (f, "col"), idx (f, "r1"),
                                        err, sizeof err), -1);
    assert_non_null (strstr (err, "units in column may not charge"));
    assert_int_equal (eol_charge_check (f->g, idx (f, "line"), idx (f, "r2"),
                                        err, sizeof err), -1);
    assert_non_null (strstr (err, "not straight ahead"));
    assert_int_equal (eol_charge_check (f->g, idx (f, "line"), idx (f, "r1"),
                                        err, sizeof err), -1);
    assert_non_null (strstr (err, "not straight ahead"));
    assert_int_equal (eol_charge_check (f->g, idx (f, "ldr"), idx (f, "r2"),
                                        err, sizeof err), -1);
    assert_non_null (strstr (err, "leaders do not charge"));
    unmake (f);
    /* straight ahead but 5" off for a line that moves 4" */
    snprintf (units, sizeof units, "%s, %s",
              unit ("line", "blue", "infantry", "average", "regular_infantry",
                    8, "line", 100, 50, 0),
              unit ("r", "red", "infantry", "average", "regular_infantry", 8,
                    "line", 100, 50 + IN (1.5) + IN (5), 180));
    f = make (NULL, units, NULL);
    assert_int_equal (eol_charge_check (f->g, idx (f, "line"), idx (f, "r"),
                                        err, sizeof err), -1);
    assert_non_null (strstr (err, "beyond its 4.0\" move"));
    unmake (f);
    /* at 4" it charges */
    snprintf (units, sizeof units, "%s, %s",
              unit ("line", "blue", "infantry", "average", "regular_infantry",
                    8, "line", 100, 50, 0),
              unit ("r", "red", "infantry", "average", "regular_infantry", 8,
                    "line", 100, 50 + IN (1.5) + IN (4), 180));
    f = make (NULL, units, NULL);
    assert_int_equal (eol_charge_check (f->g, idx (f, "line"), idx (f, "r"),
                                        err, sizeof err), 0);
    unmake (f);
}

/*  "Charges are moves made straight forward which result in a combat
 *  contact with an enemy unit ... Charges are the only way in which a unit
 *  may come into contact with an enemy unit."  A charge whose path meets
 *  another unit before its target is refused, naming the unit in the way:
 *  enemy skirmishers across the path (the player may charge them
 *  instead), or a friendly line. */
static void
test_charge_path_blocked (void **state)
{
    (void) state;
    const char *between[] = { "skirmishers", "friends" };
    for (int i = 0; i < 2; i++) {
        char units[4096];
        snprintf (units, sizeof units, "%s, %s, %s",
                  unit ("cav", "blue", "cavalry", "average", "cavalry", 8,
                        "line", 100, 50, 0),
                  i == 0 ? unit ("A", "red", "infantry", "average",
                                 "skirmishers", 8, "loose", 100,
                                 50 + IN (5), 180)
                         : unit ("A", "blue", "infantry", "average",
                                 "regular_infantry", 16, "line", 100,
                                 50 + IN (5), 0),
                  unit ("B", "red", "infantry", "average", "regular_infantry",
                        16, "line", 100, 50 + IN (1.5) + IN (10), 180));
        fixture_t *f = make (NULL, units, NULL);
        char err[256] = "";
        assert_int_equal (eol_charge_check (f->g, idx (f, "cav"), idx (f, "B"),
                                            err, sizeof err), -1);
        if (!strstr (err, i == 0 ? "cav: A stands in the way of its charge "
                                   "on B"
                                 : "cav: friendly A stands in the way of its "
                                   "charge on B"))
            fail_msg ("%s: %s", between[i], err);
        assert_true ((i == 0) == (strstr (err, "charge it instead") != NULL));
        start (f, "blue");
        refused (f, "cav", charge (f, "B"), "stands in the way");
        /* no charge on B among the orders the engine offers */
        order_t legal[64];
        int n = game_legal_orders (f->g, idx (f, "cav"), legal, 64);
        for (int k = 0; k < n; k++)
            assert_false (legal[k].kind == ORDER_CHARGE
                          && legal[k].target == idx (f, "B"));
        order_t listed;
        assert_false (game_legal_charge (f->g, idx (f, "cav"), idx (f, "B"),
                                         &listed));
        if (i == 0) {
            /* the enemy in the way may be charged */
            assert_int_equal (eol_charge_check (f->g, idx (f, "cav"),
                                                idx (f, "A"), err, sizeof err),
                              0);
        }
        unmake (f);
    }
    /* the way clear (the skirmishers off to a side): the charge is let */
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("cav", "blue", "cavalry", "average", "cavalry", 8, "line",
                    100, 50, 0),
              unit ("A", "red", "infantry", "average", "skirmishers", 8,
                    "loose", 160, 50 + IN (5), 180),
              unit ("B", "red", "infantry", "average", "regular_infantry", 16,
                    "line", 100, 50 + IN (1.5) + IN (10), 180));
    fixture_t *f = make (NULL, units, NULL);
    char err[256] = "";
    if (eol_charge_check (f->g, idx (f, "cav"), idx (f, "B"), err,
                          sizeof err) != 0)
        fail_msg ("%s", err);
    /* and the engine offers it (game_legal_charge finds it in the list) */
    start (f, "blue");
    order_t listed;
    assert_true (game_legal_charge (f->g, idx (f, "cav"), idx (f, "B"),
                                    &listed));
    assert_int_equal (listed.kind, ORDER_CHARGE);
    assert_int_equal (listed.target, idx (f, "B"));
    unmake (f);
}

/*  "Charges are moves made straight forward which result in a combat
 *  contact with an enemy unit"; the text says no more of where the
 *  charger stands.  It lines up on the face it struck as a player places
 *  it base to base (RULINGS.md), but not on another unit: a friend
 *  standing 1/2" in front of the target, its right edge 2" right of the
 *  target's middle.  Cavalry 3" wide strike the target's front 3.7" right
 *  of its middle, overhanging its right end (4.5") by 0.7"; lined up
 *  fully on the face it would stand on the friend by 1/2", so it slides
 *  along the face away from it, no further than it needs: its left edge
 *  at the friend's right edge (within base contact, SITUATION_OVERLAP_CM).
 *  Cavalry 6" wide struck 5.2" right of the middle: lined up it would
 *  stand 3.5" on the friend; it slides right likewise, its front still
 *  on the target's face.  Charged home, and the target giving way, the
 *  charger takes the ground it gave up in that place.  Where no place
 *  on the face is free, it stays where it struck, as it came. */
static void
test_charge_lines_up_beside_a_unit (void **state)
{
    (void) state;
    static const struct { int figures; double at, width; } rows[] = {
        { 4, 3.7, 3 }, { 8, 5.2, 6 } };
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        double face = 100 - IN (0.75);           /* the target's front */
        char units[4096];
        snprintf (units, sizeof units, "%s, %s, %s",
                  unit ("T", "red", "infantry", "average",
                        "regular_infantry", 24, "line", 100, 100, 180),
                  unit ("A", "blue", "infantry", "average",
                        "regular_infantry", 8, "line", 100 + IN (0.5),
                        face - IN (0.5) - IN (0.75), 0),
                  unit ("cav", "blue", "cavalry", "average", "cavalry",
                        rows[r].figures, "line", 100 + IN (rows[r].at),
                        face - IN (6) - IN (0.75), 0));
        fixture_t *f = make (NULL, units, NULL);
        char err[256] = "";
        if (eol_charge_check (f->g, idx (f, "cav"), idx (f, "T"), err,
                              sizeof err) != 0)
            fail_msg ("%s", err);
        footprint_t c;
        eol_charge_footprint (f->g, idx (f, "cav"), idx (f, "T"), &c);
        const footprint_t *a = &U (f, "A")->fp, *t = &U (f, "T")->fp;
        /* lined up, against the target, not on the friend */
        near (c.facing, 0, 1e-9);
        near (c.width, IN (rows[r].width), 1e-9);
        assert_true (footprint_distance (&c, t) <= IN (0.25));
        near (c.centre.y + c.depth / 2, face, 0.02);
        assert_true (footprint_overlap (&c, a) <= SITUATION_OVERLAP_CM);
        /* slid no further than it needed */
        double a_right = a->centre.x + a->width / 2;
        double c_left = c.centre.x - c.width / 2;
        near (c_left, a_right, SITUATION_OVERLAP_CM);
        /* charged home, the target giving way (12 against 10: it falls
           back), it takes the ground there */
        start (f, "blue");
        order (f, "cav", charge (f, "T"));
        push (f, 2, 3, 3);
        push (f, 2, 6, 6);
        game_resolve_phase (f->g, f->dice);
        assert_true (saw (f, "cav charges into the ground T gave up"));
        const footprint_t *cf = &U (f, "cav")->fp;
        near (cf->centre.x, c.centre.x, 1e-9);
        near (cf->centre.y, c.centre.y, 1e-9);
        assert_true (footprint_overlap (cf, a) <= SITUATION_OVERLAP_CM);
        unmake (f);
    }
    /* a target whose front lies at 40 degrees to the cavalry's (it faces
       220): cavalry 6" wide strike it straight ahead and turn flush
       against its front; with a friend close on their left (A) they
       slide along that front away from it; with a second friend close on
       their right (N), there is no room on that front: they stay where
       they struck, as they came */
    footprint_t alone = { { 0, 0 }, 0, 0, 0 };
    for (int k = 0; k < 3; k++) {
        char units[4096];
        snprintf (units, sizeof units, "%s, %s, %s, %s",
                  unit ("T", "red", "infantry", "average",
                        "regular_infantry", 24, "line", 100, 100, 220),
                  unit ("cav", "blue", "cavalry", "average", "cavalry", 8,
                        "line", 100, 100 - IN (8), 0),
                  unit ("A", "blue", "infantry", "average",
                        "regular_infantry", 8, "line", k >= 1 ? 94 : 20, 94,
                        0),
                  unit ("N", "blue", "infantry", "average",
                        "regular_infantry", 8, "line", k == 2 ? 113 : 180, 88,
                        0));
        fixture_t *f = make (NULL, units, NULL);
        char err[256] = "";
        if (eol_charge_check (f->g, idx (f, "cav"), idx (f, "T"), err,
                              sizeof err) != 0)
            fail_msg ("%s", err);
        footprint_t c;
        eol_charge_footprint (f->g, idx (f, "cav"), idx (f, "T"), &c);
        assert_true (footprint_distance (&c, &U (f, "T")->fp) <= IN (0.25));
        assert_true (footprint_overlap (&c, &U (f, "A")->fp)
                     <= SITUATION_OVERLAP_CM);
        assert_true (footprint_overlap (&c, &U (f, "N")->fp)
                     <= SITUATION_OVERLAP_CM);
        if (k == 0) {
            near (c.facing, 40, 1e-9);
            alone = c;
        }
        else if (k == 1) {
            /* flush, slid along the front (down and right: away from A) */
            near (c.facing, 40, 1e-9);
            vec2_t along = geom_heading_vec (130);
            double slid = (c.centre.x - alone.centre.x) * along.x
                        + (c.centre.y - alone.centre.y) * along.y;
            assert_true (slid > 0.5);
            near (geom_dist (c.centre, alone.centre), slid, 1e-6);
        }
        else {
            near (c.facing, 0, 1e-9);
            near (c.centre.x, 100, 1e-9);
        }
        unmake (f);
    }
}

/*  "Charges are moves made straight forward which result in a combat
 *  contact with an enemy unit"; "Any formed base ... which has frontal
 *  contact with an enemy base rolls one die for each figure on it".
 *  The text does not say which face a charge strikes; a player judges
 *  by the face the charger touches (eol.melee.charge_face = "contact",
 *  RULINGS.md).  Cavalry 6" wide, 6" in front of a column 1.5" wide and
 *  6" deep that faces them, their left end over the column's front (its
 *  centre 2.5" off the column's middle, 3.75" ahead of it: further off
 *  the column's side than ahead of its front, as shares of its width
 *  and depth): they strike the column's front and line up on it,
 *  covering it; the column, charged in its front, rolls its front
 *  base's 4 dice.  Read by the charger's centre ("centre"), the same
 *  charge strikes the column's flank, turning to face it. */
static void
test_charge_strikes_the_face_it_touches (void **state)
{
    (void) state;
    game_rules_t *plain = rules;
    for (int reading = 0; reading < 2; reading++) {
        if (reading == 1)
            rules = rules_edited ("charge_face = \"contact\";",
                                  "charge_face = \"centre\";");
        double front = 100 - IN (3);             /* the column's front */
        char units[4096];
        snprintf (units, sizeof units, "%s, %s",
                  unit ("T", "red", "infantry", "average",
                        "regular_infantry", 16, "column", 100, 100, 180),
                  unit ("cav", "blue", "cavalry", "average", "cavalry", 8,
                        "line", 100 + IN (2.5), front - IN (6) - IN (0.75),
                        0));
        fixture_t *f = make (NULL, units, NULL);
        near (U (f, "T")->fp.width, IN (1.5), 1e-9);
        near (U (f, "T")->fp.depth, IN (6), 1e-9);
        near (U (f, "cav")->fp.width, IN (6), 1e-9);
        char err[256] = "";
        if (eol_charge_check (f->g, idx (f, "cav"), idx (f, "T"), err,
                              sizeof err) != 0)
            fail_msg ("%s", err);
        footprint_t c;
        eol_charge_footprint (f->g, idx (f, "cav"), idx (f, "T"), &c);
        assert_true (footprint_distance (&c, &U (f, "T")->fp) <= IN (0.25));
        if (reading == 1) {
            /* the column's flank: the cavalry turned to face it */
            assert_true (fabs (c.facing - 90) < 1e-9
                         || fabs (c.facing - 270) < 1e-9);
            unmake (f);
            game_rules_destroy (&rules);
            continue;
        }
        /* the front: facing it, front to front, covering it */
        near (c.facing, 0, 1e-9);
        near (c.centre.y + c.depth / 2, front, 0.02);
        assert_true (c.centre.x - c.width / 2 <= 100 - IN (0.75) + 1e-6);
        assert_true (c.centre.x + c.width / 2 >= 100 + IN (0.75) - 1e-6);
        /* charged home: both pass, the column's fire kills none */
        start (f, "blue");
        order (f, "cav", charge (f, "T"));
        push (f, 4, 3, 3, 3, 3);
        push_many (f, 40, 1);
        game_resolve_phase (f->g, f->dice);
        assert_true (saw (f, "cav charges home on T"));
        near (U (f, "cav")->fp.facing, 0, 1e-9);
        assert_true (saw (f, "T (formed_infantry) rolls 4 dice at cav"));
        unmake (f);
    }
    rules = plain;
}

/*  The sweep of a charge's path looks only at the units near it, and
 *  finds the one in the way as a look at every unit would: two friendly
 *  lines side by side across the path, met at the same step, the refusal
 *  names the first listed; many units off the path change nothing. */
static void
test_charge_path_near_units (void **state)
{
    (void) state;
    for (int first = 0; first < 2; first++) {
        char units[8192];
        const char *a = unit ("A", "blue", "infantry", "average",
                              "regular_infantry", 16, "line", 100 - IN (3.1),
                              50 + IN (5), 0);
        const char *b = unit ("B", "blue", "infantry", "average",
                              "regular_infantry", 16, "line", 100 + IN (3.1),
                              50 + IN (5), 0);
        int n = snprintf (units, sizeof units, "%s, %s, %s, %s",
                          unit ("cav", "blue", "cavalry", "average",
                                "cavalry", 8, "line", 100, 50, 0),
                          first == 0 ? a : b, first == 0 ? b : a,
                          unit ("T", "red", "infantry", "average",
                                "regular_infantry", 16, "line", 100,
                                50 + IN (1.5) + IN (10), 180));
        /* friends standing about, none on the way */
        for (int k = 0; k < 10; k++) {
            char id[16];
            snprintf (id, sizeof id, "far%d", k);
            n += snprintf (units + n, sizeof units - (size_t) n, ", %s",
                           unit (id, "blue", "infantry", "average",
                                 "skirmishers", 8, "loose",
                                 k % 2 ? 20.0 : 180.0, 20.0 + 15 * k, 0));
        }
        fixture_t *f = make (NULL, units, NULL);
        char err[256] = "";
        assert_int_equal (eol_charge_check (f->g, idx (f, "cav"), idx (f, "T"),
                                            err, sizeof err), -1);
        const char *want = first == 0 ? "cav: friendly A stands in the way"
                                      : "cav: friendly B stands in the way";
        if (!strstr (err, want))
            fail_msg ("%s lacks %s", err, want);
        unmake (f);
    }
}

/*  "Once in combat contact, all units are considered to have spent their
 *  action for the turn"; "If a charge produces a second round of melee
 *  in a turn, the charged unit may roll again, but other non-charging
 *  units will not."  Melees go on next turn, every unit in contact
 *  rolling. */
static int
count_events (fixture_t *f, const char *words)
{
    int n = 0;
    for (int i = 0; i < f->event_count; i++)
        n += strstr (f->events[i], words) != NULL;
    return n;
}

static void
test_melee_goes_on_and_second_round (void **state)
{
    (void) state;
    char units[4096];
    double ry = 50 + IN (1.5) + IN (10);
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("a", "blue", "cavalry", "average", "cavalry", 4, "line",
                    100 + IN (1.5), 50, 0),
              unit ("b", "blue", "cavalry", "average", "cavalry", 4, "line",
                    100 - IN (1.5), 50, 0),
              unit ("r", "red", "infantry", "hero", "regular_infantry", 16,
                    "line", 100, ry, 180));
    fixture_t *f = make (NULL, units, NULL);
    start (f, "blue");
    /* a charges: both go in; r (elite, 16) fires 32 dice without effect;
       a rolls 4 dice, r 8 (half its front in contact) */
    assert_true (game_needs_order (f->g, idx (f, "a")));
    order (f, "a", charge (f, "r"));
    push (f, 4, 1, 1, 1, 1);
    push_many (f, 32, 1);
    push_many (f, 4 + 8, 1);
    game_resolve_phase (f->g, f->dice);
    assert_int_equal (dice_queued (f->dice), 0);
    assert_true (GU (f, "a")->in_melee && GU (f, "r")->in_melee);
    assert_int_equal (count_events (f, "a (cavalry) rolls 4 dice"), 1);
    assert_int_equal (count_events (f, "r (formed_infantry) rolls 8 dice"), 1);
    /* red has no unit to act (r is in melee: "all units are considered to
       have spent their action"), so blue acts again */
    game_begin_phase (f->g, f->dice);
    assert_int_equal (game_phase_side (f->g), SIDE_BLUE);
    assert_false (game_needs_order (f->g, idx (f, "r")));
    /* b charges the same unit: r checks having fired (-1), does not fire
       again, and rolls a second round; a does not */
    assert_true (game_needs_order (f->g, idx (f, "b")));
    order (f, "b", charge (f, "r"));
    push (f, 4, 1, 1, 1, 1);
    push_many (f, 4 + 16, 1);
    game_resolve_phase (f->g, f->dice);
    assert_int_equal (dice_queued (f->dice), 0);
    assert_true (saw (f, "r checks morale against a charge: needs 11"));
    assert_true (saw (f, "already fired"));
    assert_int_equal (count_events (f, "r fires at"), 1);
    assert_int_equal (count_events (f, "a (cavalry) rolls"), 1);
    assert_int_equal (count_events (f, "b (cavalry) rolls 4 dice"), 1);
    /* now its whole front is in contact: every figure rolls */
    assert_int_equal (count_events (f, "r (formed_infantry) rolls 16 dice"), 1);
    /* the next turn: the melee goes on, every unit rolling, r with its
       whole front */
    while (game_phase (f->g) != 0 && !game_over (f->g)) {
        game_begin_phase (f->g, f->dice);
        game_resolve_phase (f->g, f->dice);
    }
    push (f, 2, 6, 1);
    push_many (f, 4 + 16 + 4, 1);
    game_begin_phase (f->g, f->dice);
    game_resolve_phase (f->g, f->dice);
    assert_int_equal (dice_queued (f->dice), 0);
    assert_true (saw (f, "goes on"));
    assert_int_equal (count_events (f, "r (formed_infantry) rolls 16 dice"), 2);
    assert_int_equal (count_events (f, "a (cavalry) rolls"), 2);
    assert_int_equal (count_events (f, "b (cavalry) rolls"), 2);
    unmake (f);
}

/*  "If a charge produces a second round of melee in a turn, the charged
 *  unit may roll again, but other non-charging units will not."  The
 *  other reading (eol.melee.earlier_chargers_roll = true): a unit that
 *  charged into the melee earlier this turn is a "charging unit" too, and
 *  rolls again in the second round with the new charger and the charged
 *  unit. */
static void
test_earlier_chargers_roll (void **state)
{
    (void) state;
    game_rules_t *plain = rules;
    rules = rules_edited ("earlier_chargers_roll = false;",
                          "earlier_chargers_roll = true;");
    assert_non_null (rules);
    char units[4096];
    double ry = 50 + IN (1.5) + IN (10);
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("a", "blue", "cavalry", "average", "cavalry", 4, "line",
                    100 + IN (1.5), 50, 0),
              unit ("b", "blue", "cavalry", "average", "cavalry", 4, "line",
                    100 - IN (1.5), 50, 0),
              unit ("r", "red", "infantry", "hero", "regular_infantry", 16,
                    "line", 100, ry, 180));
    fixture_t *f = make (NULL, units, NULL);
    start (f, "blue");
    order (f, "a", charge (f, "r"));
    push (f, 4, 1, 1, 1, 1);
    push_many (f, 32, 1);
    push_many (f, 4 + 8, 1);
    game_resolve_phase (f->g, f->dice);
    assert_int_equal (dice_queued (f->dice), 0);
    game_begin_phase (f->g, f->dice);
    order (f, "b", charge (f, "r"));
    push (f, 4, 1, 1, 1, 1);
    push_many (f, 4 + 4 + 16, 1);            /* a rolls again */
    game_resolve_phase (f->g, f->dice);
    assert_int_equal (dice_queued (f->dice), 0);
    assert_int_equal (count_events (f, "a (cavalry) rolls 4 dice"), 2);
    assert_int_equal (count_events (f, "b (cavalry) rolls 4 dice"), 1);
    assert_int_equal (count_events (f, "r (formed_infantry) rolls 16 dice"), 1);
    unmake (f);
    game_rules_destroy (&rules);
    rules = plain;
}

/*  A turn of a melee already joined in which no die kills (the
 *  initiative thrown, then misses), and the event `want` said in it. */
static void
melee_turn_says (fixture_t *f, const char *want)
{
    push (f, 2, 6, 1);                    /* initiative */
    push_many (f, 60, 1);                 /* the melee: nothing kills */
    game_begin_phase (f->g, f->dice);
    game_resolve_phase (f->g, f->dice);
    assert_true (saw (f, want));
}

/*  "Any formed base or skirmish figure which has frontal contact with an
 *  enemy base rolls one die for each figure on it": 8 skirmishers whose
 *  whole front is against an enemy line roll 8 dice, one a figure (the
 *  text puts skirmishers in no ranks); against a line of two bases, the
 *  figures facing its 3" roll. */
static void
test_skirmishers_melee_dice (void **state)
{
    (void) state;
    struct { int foot; int dice; } rows[] = { { 40, 8 }, { 8, 2 } };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char units[2048];
        snprintf (units, sizeof units, "%s, %s",
                  unit ("sk", "blue", "infantry", "average", "skirmishers", 8,
                        "loose", 100, 50, 0),
                  unit ("foot", "red", "infantry", "average",
                        "regular_infantry", rows[i].foot, "line", 100,
                        50 + IN (0.75) / 2 + IN (0.75) + 0.1, 180));
        fixture_t *f = make (NULL, units, NULL);
        assert_true (GU (f, "sk")->in_melee);
        char want[96];
        snprintf (want, sizeof want, "sk (foot_skirmishers) rolls %d dice at "
                  "foot", rows[i].dice);
        melee_turn_says (f, want);
        unmake (f);
    }
}

/*  "Any formed base or skirmish figure which has frontal contact with an
 *  enemy base rolls one die for each figure on it": a base rolls for all
 *  its figures however little of its front touches.  Three bases of
 *  cavalry (6 figures, 4.5") met centred on a line of four bases (16
 *  figures, 6"): the line's outer bases are touched for 0.75" each, so
 *  all four roll, 16 dice, and the cavalry 6.  Moved 1.5" to the left,
 *  the cavalry's right base still touches the line's third base: three
 *  of the line's bases roll, 12 dice, and all three of the cavalry's
 *  (its left base half over the line's end), 6.  A gun met on a quarter
 *  of its base's front rolls for all its artillerists. */
static void
test_melee_dice_whole_bases (void **state)
{
    (void) state;
    struct { double shift_in; int foot; int cav; } rows[] = {
        { 0, 16, 6 }, { -1.5, 12, 6 } };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char units[2048];
        snprintf (units, sizeof units, "%s, %s",
                  unit ("foot", "blue", "infantry", "average",
                        "regular_infantry", 16, "line", 100, 50, 0),
                  unit ("cav", "red", "cavalry", "average", "cavalry", 6,
                        "line", 100 + IN (rows[i].shift_in),
                        50 + IN (1.5) + 0.1, 180));
        fixture_t *f = make (NULL, units, NULL);
        assert_int_equal (eol_melee_dice (f->g, idx (f, "foot")), rows[i].foot);
        assert_int_equal (eol_melee_dice (f->g, idx (f, "cav")), rows[i].cav);
        char want[96];
        snprintf (want, sizeof want, "foot (formed_infantry) rolls %d dice "
                  "at cav", rows[i].foot);
        melee_turn_says (f, want);
        unmake (f);
    }
    /* a gun (3" base) and a line of foot (2 bases, 3") offset by 2.25":
       0.75" of the gun's front in contact */
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("gun", "blue", "artillery", "average", "field_gun_6pdr",
                    4, "line", 100, 50, 0),
              unit ("foot", "red", "infantry", "average", "regular_infantry",
                    8, "line", 100 + IN (2.25), 50 + IN (1.5) + IN (0.75) + 0.1,
                    180));
    fixture_t *f = make (NULL, units, NULL);
    assert_int_equal (eol_melee_dice (f->g, idx (f, "gun")), 4);
    /* the foot's left base touches the gun, its right base does not */
    assert_int_equal (eol_melee_dice (f->g, idx (f, "foot")), 4);
    unmake (f);
}

/*  "Mounted get -2 to dice in rough; ... Skirmishers get a +1 to dice in
 *  rough": mounted skirmishers in rough are both, -2 +1 = -1 (cavalry
 *  kill on 4, so on 5 or 6); dismounted, as foot skirmishers, +1 alone
 *  (6, so on 5 or 6).  Formed infantry have no rough modifier. */
static void
test_mounted_skirmishers_in_rough (void **state)
{
    (void) state;
    const eol_tables_t *t = game_rules_tables (rules);
    const char *wood = "{ id = \"w\"; kind = \"woods\"; polygon = ( "
        "[40.0, 20.0], [160.0, 20.0], [160.0, 90.0], [40.0, 90.0] ); }";
    const char *arms[2] = { "cavalry", "infantry" };
    const char *want[2] = { "cav (cavalry) rolls", "cav (foot_skirmishers) rolls" };
    const char *mods[2] = { "killing on 5+ (4, modifier -1)",
                            "killing on 5+ (6, modifier +1)" };
    for (int i = 0; i < 2; i++) {
        /* 8 skirmishers in their loose ranks, the line's front touching
           theirs */
        int ranks = t->skirmish_ranks < 8 ? t->skirmish_ranks : 8;
        double depth = ranks * t->skirmish_base_cm
                     + (ranks - 1) * t->skirmish_gap_cm;
        char units[2048];
        snprintf (units, sizeof units, "%s, %s",
                  unit ("cav", "blue", arms[i], "average", "cavalry", 8,
                        "loose", 100, 50, 0),
                  unit ("foot", "red", "infantry", "average",
                        "regular_infantry", 16, "line", 100,
                        50 + depth / 2 + IN (0.75) + 0.1, 180));
        fixture_t *f = make (wood, units, NULL);
        assert_true (GU (f, "cav")->in_melee);
        push (f, 2, 6, 1);                    /* initiative */
        push_many (f, 40, 1);                 /* the melee: nothing kills */
        game_begin_phase (f->g, f->dice);
        game_resolve_phase (f->g, f->dice);
        assert_true (saw (f, want[i]));
        assert_true (saw (f, mods[i]));
        assert_true (saw (f, "foot (formed_infantry) rolls 16 dice at cav, "
                          "killing on 5+ (5, modifier +0)"));
        unmake (f);
    }
}

/*  Leaders: in contact with a unit losing a quarter under fire, one pip
 *  of chance; an effect kills him ("may be killed": no second die). */
static void
test_leader_killed_under_fire (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("blue", "blue", "infantry", "hero", "regular_infantry", 8,
                    "line", 100, 50, 0),
              unit ("red", "red", "infantry", "average", "regular_infantry", 8,
                    "line", 100, 50 + IN (1.5) + IN (2), 180),
              unit ("ldr", "red", "command", "hero", "leader", 1, "line", 100,
                    50 + IN (1.5) + IN (2) + IN (0.75) + IN (0.75), 180));
    fixture_t *f = make (NULL, units, NULL);
    assert_true (eol_leader_in_contact (f->g, idx (f, "red")));
    start (f, "blue");
    order (f, "blue", fire_at (f, "red"));
    /* 8 x 2 x 2 = 32 dice: two sixes (a quarter of 8) */
    push (f, 2, 6, 6);
    push_many (f, 30, 1);
    push (f, 2, 1, 1);                    /* red: 10 - 1 - 2 + 1 = 8: holds */
    push (f, 1, 1);                       /* the leader: chance 1, threw 1 */
    game_resolve_phase (f->g, f->dice);
    assert_true (saw (f, "red checks morale for casualties: needs 8"));
    assert_true (saw (f, "leader in contact"));
    assert_true (GU (f, "ldr")->gone);
    assert_true (saw (f, "ldr is wounded or killed (chance 1, threw 1)"));
    unmake (f);
}

/*  "Leader in contact with unit: +1"; "Leaders in contact with a unit
 *  involved in a melee may be killed or captured".  A leader in contact
 *  with a charging unit goes with it, as a player moves him with his
 *  unit: after the charge he is still in contact (+1 on its check after
 *  the round) and shares its fate in the melee. */
static void
test_leader_charges_with_unit (void **state)
{
    (void) state;
    char units[4096];
    /* cav: 4 bases of 2 mounted, 6" by 1.5"; the leader's 1.5" base just
       behind it */
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("cav", "blue", "cavalry", "average", "cavalry", 8, "line",
                    100, 50, 0),
              unit ("ldr", "blue", "command", "hero", "leader", 1, "line",
                    100, 50 - IN (1.5) - 0.2, 0),
              unit ("foot", "red", "infantry", "average", "regular_infantry",
                    16, "line", 100, 50 + IN (1.5) + IN (10), 180));
    fixture_t *f = make (NULL, units, NULL);
    assert_true (eol_leader_in_contact (f->g, idx (f, "cav")));
    start (f, "blue");
    order (f, "cav", charge (f, "foot"));
    push (f, 2, 3, 3);                  /* cav: 6 against 10 + 1, goes in */
    push (f, 2, 3, 3);                  /* foot stands */
    push_many (f, 16, 1);               /* its fire: nothing */
    push_many (f, 8, 1);                /* cav: 8 dice, nothing */
    push (f, 2, 5, 5);                  /* foot: 16 dice, 2 killed */
    push_many (f, 14, 1);
    push (f, 2, 1, 1);                  /* cav: 10 - 1 - 2 + 1 = 8, holds */
    push (f, 1, 1);                     /* the leader: chance 1, threw 1 */
    push (f, 1, 2);                     /* then 2: captured */
    push (f, 1, 6);                     /* the standard: chance 1, threw 6 */
    game_resolve_phase (f->g, f->dice);
    assert_true (saw (f, "cav checks morale to charge: needs 11"));
    assert_true (saw (f, "ldr goes with cav"));
    assert_true (saw (f, "cav charges home on foot"));
    assert_true (saw (f, "cav checks morale for casualties: needs 8 "
                      "(average 10, quarters lost, casualties now, leader in "
                      "contact)"));
    assert_true (saw (f, "ldr is captured (chance 1, threw 1, then 2"));
    assert_true (GU (f, "ldr")->gone);
    assert_int_equal (dice_queued (f->dice), 0);
    unmake (f);
}

/*  "A unit in skirmish will retire a full move"; "If there is a leader
 *  effect, roll a die: if in melee, a 1-4 = leader is captured; 5/6 =
 *  leader wounded or killed ... If unit has fallen back: +1".  A skirmish
 *  unit that retires has fallen back (eol.leaders.retire_is_fall_back):
 *  its leader, with a chance of one pip for the quarter it lost, threw 1,
 *  then 4 + 1: wounded or killed, not captured.  The other reading
 *  (false): 4, captured. */
static void
test_retire_is_fall_back (void **state)
{
    (void) state;
    game_rules_t *plain = rules;
    for (int reading = 0; reading < 2; reading++) {
        if (reading == 1)
            rules = rules_edited ("retire_is_fall_back = true;",
                                  "retire_is_fall_back = false;");
        char units[4096];
        double sy = 50 + IN (0.75) + IN (6) + IN (0.375);
        snprintf (units, sizeof units, "%s, %s, %s",
                  unit ("cav", "blue", "cavalry", "average", "cavalry", 8,
                        "line", 100, 50, 0),
                  unit ("sk", "red", "infantry", "average", "light_infantry",
                        8, "loose", 100, sy, 180),
                  unit ("ldr", "red", "command", "hero", "leader", 1, "line",
                        100, sy + IN (0.375) + IN (0.75) + 0.2, 180));
        fixture_t *f = make (NULL, units, NULL);
        assert_true (eol_leader_in_contact (f->g, idx (f, "sk")));
        start (f, "blue");
        order (f, "cav", charge (f, "sk"));
        push (f, 2, 3, 3);              /* cav goes in */
        push (f, 2, 3, 3);              /* sk: 6 against 10 - 2 + 1: stands */
        push_many (f, 8, 1);            /* its fire, 8 dice: nothing */
        push (f, 8, 4, 4, 1, 1, 1, 1, 1, 1);   /* cav: 2 killed, a quarter */
        push_many (f, 4, 1);            /* sk: the 4 figures facing the
                                           cavalry's 6", nothing */
        push (f, 2, 4, 4);              /* sk: 8 against 10-2+1-1-2 = 6:
                                           fails by 2, retires */
        push (f, 2, 1, 4);              /* the leader: 1, then 4 */
        push (f, 1, 6);                 /* the standard: 6, kept */
        game_resolve_phase (f->g, f->dice);
        assert_true (saw (f, "sk checks morale for casualties: needs 6"));
        assert_true (saw (f, "sk retires"));
        if (reading == 0)
            assert_true (saw (f, "ldr is wounded or killed (chance 1, threw "
                              "1, then 4+1)"));
        else
            assert_true (saw (f, "ldr is captured (chance 1, threw 1, then "
                              "4+0)"));
        assert_true (GU (f, "ldr")->gone);
        assert_int_equal (dice_queued (f->dice), 0);
        unmake (f);
        if (reading == 1)
            game_rules_destroy (&rules);
    }
    rules = plain;
}

/*  ---- movement and formations ---- */

/*  "Echelon movement is allowed, up to 45 degrees from facing (without
 *  changing the facing of the unit)"; further round it wheels, paying the
 *  distance of the outer corner. */
static void
test_echelon_and_wheel (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s",
              unit ("blue", "blue", "infantry", "average", "regular_infantry",
                    24, "line", 100, 50, 0),
              unit ("red", "red", "infantry", "average", "regular_infantry", 8,
                    "line", 100, 190, 180));
    fixture_t *f = make (NULL, units, NULL);
    start (f, "blue");
    /* 30 degrees right of its facing: echelon, 4" */
    vec2_t c = U (f, "blue")->fp.centre;
    order (f, "blue", move_to (c.x + IN (4) * sin (30 * 3.14159265 / 180),
                               c.y + IN (4) * cos (30 * 3.14159265 / 180)));
    game_resolve_phase (f->g, f->dice);
    near (geom_dist (c, U (f, "blue")->fp.centre), IN (4), 0.02);
    near (U (f, "blue")->fp.facing, 0, 1e-9);
    unmake (f);
    /* 90 degrees right: a 9" line wheels 4" / 9" rad on its right corner */
    f = make (NULL, units, NULL);
    start (f, "blue");
    c = U (f, "blue")->fp.centre;
    order (f, "blue", move_to (c.x + IN (4), c.y));
    game_resolve_phase (f->g, f->dice);
    near (U (f, "blue")->fp.facing, 4.0 / 9.0 * 180 / 3.14159265358979, 1e-6);
    unmake (f);
}

/*  The orders of the disordered units' tests: ahead, behind, near the
 *  enemy; a hold in column. */
static order_t
disordered_orders (const char *id, vec2_t at)
{
    (void) at;
    if (strcmp (id, "far") == 0)
        return move_to (30, 120);
    if (strcmp (id, "back") == 0)
        return move_to (80, 120);
    if (strcmp (id, "col") == 0)
        return move_to (150, 155);
    order_t o = order_hold ();
    if (strcmp (id, "form") == 0) {
        o.has_formation = true;
        o.formation = FORMATION_COLUMN;
    }
    return o;
}

/*  Under disordered_may_change = false (a reading the text does not
 *  make: RULINGS.md) a disordered unit must dress its ranks before any
 *  change of formation, as ordered changes are refused; the engine's own
 *  changes on a move agree: a disordered line ordered far off does not
 *  form column (it moves its 4" in line), a disordered column near the
 *  enemy does not deploy into line, and a disordered line whose way lies
 *  behind makes no about-face (it wheels).  Dressing ranks is "a
 *  full-move formation change ... to recover from disorder". */
static void
test_disordered_moves_as_it_is (void **state)
{
    (void) state;
    game_rules_t *plain = rules;
    rules = rules_edited ("disordered_may_change = true;",
                          "disordered_may_change = false;");
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("far", "blue", "infantry", "average", "regular_infantry",
                    16, "line", 30, 20, 0),
              unit ("back", "blue", "infantry", "average", "regular_infantry",
                    16, "line", 80, 40, 180),
              unit ("col", "blue", "infantry", "average", "regular_infantry",
                    16, "column", 150, 150, 0),
              unit ("red", "red", "infantry", "average", "regular_infantry", 8,
                    "line", 165, 180, 180));
    fixture_t *f = make (NULL, units, NULL);
    const char *ids[] = { "far", "back", "col" };
    for (int i = 0; i < 3; i++)
        eol_state (game_unit_mut (f->g, idx (f, ids[i])))->flags
            |= EOL_F_DISORDERED;
    start (f, "blue");
    /* an ordered change is refused */
    order_t o = move_to (30, 120);
    o.has_formation = true;
    o.formation = FORMATION_COLUMN;
    refused (f, "far", o, "disordered, it must dress its ranks");
    assert_int_equal (blue_acts (f, 3, disordered_orders), 3);
    /* far: in line still, 4" on */
    assert_int_equal (U (f, "far")->formation, FORMATION_LINE);
    assert_false (saw (f, "far: column_from_line"));
    near (U (f, "far")->fp.centre.y, 20 + IN (4), 0.02);
    /* back: no about-face; it wheels as far as its 4" allows */
    assert_false (saw (f, "back: about_face"));
    assert_int_equal (U (f, "back")->formation, FORMATION_LINE);
    assert_true (fabs (eol_turn (U (f, "back")->fp.facing, 180)) > 1);
    assert_true (fabs (eol_turn (U (f, "back")->fp.facing, 180)) < 90);
    /* col: still a column, moved on */
    assert_int_equal (U (f, "col")->formation, FORMATION_COLUMN);
    assert_false (saw (f, "col: line_from_column"));
    near (U (f, "col")->fp.centre.y, 155, 0.02);
    for (int i = 0; i < 3; i++)
        assert_true (eol_disordered (f->g, idx (f, ids[i])));
    unmake (f);
    game_rules_destroy (&rules);
    rules = plain;
}

/*  "Formation changes include performing an about-face ... Full-move
 *  formation changes include ... dressing ranks to recover from
 *  disorder": the text bars a disordered unit no other change
 *  (disordered_may_change, the table file's reading).  Disordered lines
 *  ordered far off, ahead or behind, form column as any line does (a
 *  full move: they go no further this turn), one ordered to hold in
 *  column forms it; each is still disordered.  One that holds with no
 *  change dresses its ranks and is disordered no more. */
static void
test_disordered_may_change (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s",
              unit ("far", "blue", "infantry", "average", "regular_infantry",
                    16, "line", 30, 20, 0),
              unit ("back", "blue", "infantry", "average", "regular_infantry",
                    16, "line", 80, 40, 180),
              unit ("form", "blue", "infantry", "average", "regular_infantry",
                    16, "line", 130, 40, 0),
              unit ("dress", "blue", "infantry", "average",
                    "regular_infantry", 16, "line", 180, 20, 0),
              unit ("red", "red", "infantry", "average", "regular_infantry", 8,
                    "line", 165, 180, 180));
    fixture_t *f = make (NULL, units, NULL);
    const char *ids[] = { "far", "back", "form", "dress" };
    for (int i = 0; i < 4; i++)
        eol_state (game_unit_mut (f->g, idx (f, ids[i])))->flags
            |= EOL_F_DISORDERED;
    start (f, "blue");
    assert_int_equal (blue_acts (f, 4, disordered_orders), 4);
    assert_int_equal (U (f, "far")->formation, FORMATION_COLUMN);
    assert_int_equal (U (f, "back")->formation, FORMATION_COLUMN);
    assert_int_equal (U (f, "form")->formation, FORMATION_COLUMN);
    for (int i = 0; i < 3; i++)
        assert_true (eol_disordered (f->g, idx (f, ids[i])));
    assert_true (saw (f, "dress: dress_ranks"));
    assert_false (eol_disordered (f->g, idx (f, "dress")));
    unmake (f);
}

/*  The orders of test_formation_changes: far ahead, to the flank, the
 *  guns 50 cm on. */
static order_t
doctrine_orders (const char *id, vec2_t c)
{
    if (strcmp (id, "ahead") == 0)
        return move_to (c.x, c.y + 100);
    if (strcmp (id, "flank") == 0)
        return move_to (c.x + 100, c.y);
    if (strcmp (id, "gun") == 0)
        return move_to (c.x, c.y + 50);
    return order_hold ();
}

/*  Doctrine for the formations: a line marching off far from the enemy
 *  forms column (a full move, keeping facing), or turns to a flank into
 *  column (half a move, then half a column move); a column near the
 *  enemy forms line; guns limber to go further than 2" and unlimber near
 *  an enemy; mounted rifles dismount near the enemy. */
static void
test_formation_changes (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s, %s",
              unit ("ahead", "blue", "infantry", "average", "regular_infantry",
                    16, "line", 30, 20, 0),
              unit ("flank", "blue", "infantry", "average", "regular_infantry",
                    16, "line", 60, 40, 0),
              unit ("gun", "blue", "artillery", "average", "field_gun_6pdr", 4,
                    "line", 100, 20, 0),
              unit ("col", "blue", "infantry", "average", "regular_infantry",
                    16, "column", 150, 150, 0),
              unit ("mr", "blue", "cavalry", "average", "mounted_rifles", 8,
                    "line", 180, 150, 0),
              unit ("red", "red", "infantry", "average", "regular_infantry", 8,
                    "line", 165, 180, 180));
    fixture_t *f = make (NULL, units, NULL);
    start (f, "blue");
    /* five blue units, one red: blue acts with one unit a round; order
       each as it comes */
    assert_int_equal (blue_acts (f, 5, doctrine_orders), 5);
    /* ahead: column from line, a full move: it stays */
    assert_int_equal (U (f, "ahead")->formation, FORMATION_COLUMN);
    near (U (f, "ahead")->fp.centre.y, 20, 1e-6);
    near (U (f, "ahead")->fp.width, IN (1.5), 1e-9);
    assert_true (saw (f, "ahead: column_from_line (a full move)"));
    /* flank: turned to its right into column, then half of 8" */
    assert_int_equal (U (f, "flank")->formation, FORMATION_COLUMN);
    near (U (f, "flank")->fp.facing, 90, 1e-6);
    near (U (f, "flank")->fp.centre.x, 60 + IN (4), 0.02);
    /* the gun limbered and went half of 4" */
    assert_int_equal (U (f, "gun")->formation, FORMATION_COLUMN);
    near (U (f, "gun")->fp.centre.y, 20 + IN (2), 0.02);
    assert_true (saw (f, "gun: limber (half a move)"));
    /* the column near the enemy formed line */
    assert_int_equal (U (f, "col")->formation, FORMATION_LINE);
    assert_true (saw (f, "col: line_from_column (a full move)"));
    /* the mounted rifles dismounted: on foot in skirmish */
    assert_int_equal (U (f, "mr")->arm, ARM_INFANTRY);
    assert_int_equal (U (f, "mr")->formation, FORMATION_LOOSE);
    unmake (f);
}

static order_t
formed (order_t o, formation_t formation)
{
    o.has_formation = true;
    o.formation = formation;
    return o;
}

/*  The orders of test_ordered_formations: each unit's formation named. */
static order_t
ordered_formation_orders (const char *id, vec2_t c)
{
    if (strcmp (id, "keep") == 0)
        return formed (move_to (c.x, c.y + 100), FORMATION_LINE);
    if (strcmp (id, "flank") == 0)
        return formed (move_to (c.x + 100, c.y), FORMATION_COLUMN);
    if (strcmp (id, "lt") == 0 || strcmp (id, "mr") == 0)
        return formed (order_hold (), FORMATION_LOOSE);
    if (strcmp (id, "gun") == 0)
        return formed (order_hold (), FORMATION_LINE);
    if (strcmp (id, "cav") == 0)
        return formed (move_to (c.x, c.y + 100), FORMATION_COLUMN);
    if (strcmp (id, "drag") == 0)
        return formed (move_to (c.x, c.y + 10), FORMATION_MOUNTED);
    return order_hold ();
}

/*  Formation changes ordered (the order's formation, not the engine's
 *  doctrine), at the text's costs: "Formation changes require a half
 *  move, and may be combined with other movement": turning a line to
 *  flank to form a column (half, then half of 8"), mounting and
 *  dismounting, limbering and unlimbering, skirmish order; "forming a
 *  column from line without changing facing" is a full move.  A line
 *  told to stay a line marches 4" in line. */
static void
test_ordered_formations (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s, %s, %s, %s",
              unit ("keep", "blue", "infantry", "average", "regular_infantry",
                    16, "line", 20, 20, 0),
              unit ("flank", "blue", "infantry", "average", "regular_infantry",
                    16, "line", 60, 40, 0),
              unit ("lt", "blue", "infantry", "average", "light_infantry", 16,
                    "line", 140, 20, 0),
              unit ("mr", "blue", "cavalry", "average", "mounted_rifles", 8,
                    "line", 30, 120, 0),
              unit ("gun", "blue", "artillery", "average", "field_gun_6pdr", 4,
                    "column", 100, 120, 0),
              unit ("cav", "blue", "cavalry", "average", "cavalry", 8, "line",
                    150, 100, 0),
              unit ("drag", "blue", "infantry", "average", "cavalry", 8,
                    "loose", 60, 160, 0),
              unit ("red", "red", "infantry", "average", "regular_infantry", 8,
                    "line", 190, 190, 180));
    fixture_t *f = make (NULL, units, NULL);
    start (f, "blue");
    assert_int_equal (blue_acts (f, 7, ordered_formation_orders), 7);
    /* keep: no column (the doctrine's choice): 4" in line */
    assert_int_equal (U (f, "keep")->formation, FORMATION_LINE);
    near (U (f, "keep")->fp.centre.y, 20 + IN (4), 0.02);
    /* flank: a line turned to its right flank into column (half a move),
       then half of 8" */
    assert_int_equal (U (f, "flank")->formation, FORMATION_COLUMN);
    near (U (f, "flank")->fp.facing, 90, 1e-6);
    near (U (f, "flank")->fp.centre.x, 60 + IN (4), 0.02);
    assert_true (saw (f, "flank: line_to_flank_column (half a move)"));
    /* light infantry took skirmish order, 16 figures on 3/4" bases */
    assert_int_equal (U (f, "lt")->formation, FORMATION_LOOSE);
    assert_true (saw (f, "lt: to_skirmish (half a move)"));
    /* mounted rifles dismounted with no enemy near */
    assert_int_equal (U (f, "mr")->arm, ARM_INFANTRY);
    assert_int_equal (U (f, "mr")->formation, FORMATION_LOOSE);
    assert_true (saw (f, "mr: dismount (half a move)"));
    /* the gun unlimbered with no enemy in range */
    assert_int_equal (U (f, "gun")->formation, FORMATION_LINE);
    assert_true (saw (f, "gun: unlimber (half a move)"));
    /* cavalry formed column without changing facing: a full move */
    assert_int_equal (U (f, "cav")->formation, FORMATION_COLUMN);
    near (U (f, "cav")->fp.centre.y, 100, 1e-6);
    assert_true (saw (f, "cav: column_from_line (a full move)"));
    /* dismounted cavalry mounted (half a move), then half of 12" in line */
    assert_int_equal (U (f, "drag")->arm, ARM_CAVALRY);
    assert_int_equal (U (f, "drag")->formation, FORMATION_LINE);
    assert_true (saw (f, "drag: mount (half a move)"));
    near (U (f, "drag")->fp.centre.y, 160 + 10, 0.02);  /* 10 cm < 6" */
    unmake (f);
}

/*  Changes the text does not allow are refused when ordered, saying
 *  why. */
static void
test_ordered_formations_refused (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s",
              unit ("reg", "blue", "infantry", "average", "regular_infantry",
                    16, "line", 20, 20, 0),
              unit ("sk", "blue", "infantry", "average", "skirmishers", 8,
                    "loose", 60, 20, 0),
              unit ("gun", "blue", "artillery", "average", "field_gun_6pdr", 4,
                    "line", 100, 20, 0),
              unit ("ldr", "blue", "command", "hero", "leader", 1, "line", 20,
                    40, 0),
              unit ("red", "red", "infantry", "average", "regular_infantry", 8,
                    "line", 190, 190, 180));
    fixture_t *f = make (NULL, units, NULL);
    start (f, "blue");
    refused (f, "reg", formed (order_hold (), FORMATION_LOOSE),
             "regular_infantry never take skirmish order");
    refused (f, "reg", formed (order_hold (), FORMATION_SQUARE),
             "square is no formation of Empire of Liberty");
    refused (f, "reg", formed (order_hold (), FORMATION_MOUNTED),
             "regular_infantry do not ride");
    refused (f, "sk", formed (order_hold (), FORMATION_LINE),
             "skirmish_infantry may not form up");
    refused (f, "gun", formed (order_hold (), FORMATION_LOOSE),
             "guns are limbered (column) or unlimbered (line), not loose");
    refused (f, "ldr", formed (order_hold (), FORMATION_COLUMN),
             "a leader has no formation to change");
    order_t half = formed (move_to (20, 120), FORMATION_COLUMN);
    half.pace = ORDER_PACE_HALF;
    refused (f, "reg", half, "column_from_line takes a full move; the order "
             "gives only half a move");
    /* to a flank it is half a move: a half-pace move may make it */
    half.to.x = 120;
    half.to.y = 20;
    char err[256];
    assert_int_equal (game_check_order (f->g, idx (f, "reg"), &half, err,
                                        sizeof err), 0);
    order_t shoot = formed (order_hold (), FORMATION_COLUMN);
    shoot.fire = true;
    refused (f, "reg", shoot, "a formation change is part of a move or a "
             "hold, not of fire");
    /* the words and the comparison carry the formation */
    char words[160];
    order_t col = formed (move_to (20, 120), FORMATION_COLUMN);
    order_describe (&col, game_situation (f->g), words, sizeof words);
    assert_string_equal (words, "move to (20.0, 120.0), forming column");
    order_t line = formed (move_to (20, 120), FORMATION_LINE);
    order_t plain = move_to (20, 120);
    assert_true (order_equal (&col, &col));
    assert_false (order_equal (&col, &line));
    assert_false (order_equal (&col, &plain));
    /* the formation it is in: nothing to do, accepted */
    order_t same = formed (order_hold (), FORMATION_LOOSE);
    assert_int_equal (game_check_order (f->g, idx (f, "sk"), &same, err,
                                        sizeof err), 0);
    /* a disordered unit may change formation (disordered_may_change;
       test_disordered_moves_as_it_is has the other reading's refusal) */
    eol_state (game_unit_mut (f->g, idx (f, "reg")))->flags |= EOL_F_DISORDERED;
    order_t column = formed (order_hold (), FORMATION_COLUMN);
    assert_int_equal (game_check_order (f->g, idx (f, "reg"), &column, err,
                                        sizeof err), 0);
    unmake (f);

    /* a scenario's first orders: a change the unit may not make is
       refused when the game is set up */
    char bad[2048];
    snprintf (bad, sizeof bad, "%s, %s",
              unit ("sk", "blue", "infantry", "average", "skirmishers", 8,
                    "loose", 60, 20, 0),
              unit ("red", "red", "infantry", "average", "regular_infantry", 8,
                    "line", 190, 190, 180));
    char *text = scenario_text (NULL, bad, "orders = ( { unit = \"sk\"; "
                                "order = \"move\"; to = [60.0, 80.0]; "
                                "formation = \"line\"; } );");
    scenario_t *sc = scenario_load_text (text, "t.cfg", game_rules_finder,
                                         rules, err, sizeof err);
    if (!sc)
        fail_msg ("%s", err);
    assert_true (scenario_order (sc, 0)->order.has_formation);
    assert_int_equal (scenario_order (sc, 0)->order.formation,
                      FORMATION_LINE);
    assert_null (game_new (rules, sc, err, sizeof err));
    assert_non_null (strstr (err, "skirmish_infantry may not form up"));
    scenario_destroy (&sc);
    text = scenario_text (NULL, bad, "orders = ( { unit = \"sk\"; order = "
                          "\"move\"; to = [60.0, 80.0]; formation = "
                          "\"wedge\"; } );");
    assert_null (scenario_load_text (text, "t.cfg", game_rules_finder, rules,
                                     err, sizeof err));
    assert_non_null (strstr (err, "formation: unknown formation \"wedge\""));
}

/*  A formation change lays the unit's ranks anew about its centre, so
 *  its figures go to new ground: taking skirmish order spreads 16 light
 *  infantry from 6" of line to 27" of skirmishers, forming column from
 *  line puts 6" of column where 1.5" of line stood.  The rules on where
 *  figures may go hold there as on a move: "You may not move within 4"
 *  of the front of an enemy unit except to charge it, or to pull
 *  directly back away from it", "Charges are the only way in which a
 *  unit may come into contact with an enemy unit", no unit stands on
 *  another (RULINGS.md), and the table's edge.  A player does not make a
 *  change there is no room for: the order is refused, naming what is in
 *  the way; a unit within 4" of an enemy's front may still about-face or
 *  turn to a flank, which keep their ground. */
static void
test_formation_changes_need_room (void **state)
{
    (void) state;
    enum { FRIEND, ZONE, TOUCH, EDGE };
    static const char *want[] = {
        "lt: no room for to_skirmish where it stands: its ranks would stand "
        "on friendly A (no unit stands on another)",
        "lt: no room for column_from_line where it stands: its ranks would "
        "come within 4\" of the front of red",
        "lt: no room for column_from_line where it stands: its ranks would "
        "touch red (only a charge comes into contact with an enemy unit)",
        "lt: no room for column_from_line where it stands: its ranks would "
        "run off the table" };
    for (int k = FRIEND; k <= EDGE; k++) {
        /* lt: 16 light infantry in line (6" by 1.5"), facing up the
           table, ordered to change with nothing near; then (as the
           battle goes before it acts) A comes beside it, 8.6 cm off its
           right end; red's front comes 5" before it, or red's rear 2"
           before it; or lt stands 5 cm from the table's edge */
        char units[4096];
        snprintf (units, sizeof units, "%s, %s, %s",
                  unit ("lt", "blue", "infantry", "average", "light_infantry",
                        16, "line", 100, 50, 0),
                  unit ("A", "blue", "infantry", "average", "regular_infantry",
                        8, "line", 20, 150, 0),
                  unit ("red", "red", "infantry", "average",
                        "regular_infantry", 8, "line", 100, 190,
                        k == TOUCH ? 0 : 180));
        fixture_t *f = make (NULL, units, NULL);
        start (f, "blue");
        formation_t to = k == FRIEND ? FORMATION_LOOSE : FORMATION_COLUMN;
        order (f, "lt", formed (order_hold (), to));
        situation_t *sit = game_situation_mut (f->g);
        if (k == FRIEND)
            situation_unit (sit, idx (f, "A"))->fp.centre
                = (vec2_t) { 100 + 20, 50 };
        else if (k == ZONE)
            situation_unit (sit, idx (f, "red"))->fp.centre.y
                = 50 + IN (0.75) + IN (5) + IN (0.75);
        else if (k == TOUCH)
            situation_unit (sit, idx (f, "red"))->fp.centre.y
                = 50 + IN (0.75) + IN (2) + IN (0.75);
        else
            situation_unit (sit, idx (f, "lt"))->fp.centre.y = 5;
        /* ordered now, refused; a move that makes the change first, the
           same */
        refused (f, "lt", formed (order_hold (), to), want[k]);
        refused (f, "lt", formed (move_to (100, 60), to), want[k]);
        /* ordered before: when it acts, the change is not made, the
           event saying why */
        game_resolve_phase (f->g, f->dice);
        assert_int_equal (U (f, "lt")->formation, FORMATION_LINE);
        near (U (f, "lt")->fp.width, IN (6), 1e-9);
        assert_true (saw (f, want[k]));
        unmake (f);
    }
    /* within 4" of red's front (3"), lt may about-face, or turn to its
       flank into column: the ground it stands on is the same */
    char units[4096];
    snprintf (units, sizeof units, "%s, %s",
              unit ("lt", "blue", "infantry", "average", "light_infantry", 16,
                    "line", 100, 50, 0),
              unit ("red", "red", "infantry", "average", "regular_infantry",
                    8, "line", 100, 50 + IN (0.75) + IN (3) + IN (0.75),
                    180));
    fixture_t *f = make (NULL, units, NULL);
    start (f, "blue");
    char err[256];
    order_t flank = order_hold ();
    flank.has_facing = true;
    flank.facing = 90;
    flank = formed (flank, FORMATION_COLUMN);
    assert_int_equal (game_check_order (f->g, idx (f, "lt"), &flank, err,
                                        sizeof err), 0);
    order_t about = order_hold ();
    about.has_facing = true;
    about.facing = 180;
    order (f, "lt", about);
    game_resolve_phase (f->g, f->dice);
    near (U (f, "lt")->fp.facing, 180, 1e-9);
    assert_true (saw (f, "lt: about_face (half a move)"));
    unmake (f);
    /* the engine's own changes likewise: a column near the enemy told to
       hold forms line, unless a friend stands where the line would */
    for (int crowded = 0; crowded < 2; crowded++) {
        snprintf (units, sizeof units, "%s, %s, %s",
                  unit ("col", "blue", "infantry", "average",
                        "regular_infantry", 16, "column", 100, 100, 0),
                  unit ("A", "blue", "infantry", "average", "regular_infantry",
                        8, "line", crowded ? 100 + IN (3.5) : 20, 100, 0),
                  unit ("red", "red", "infantry", "average",
                        "regular_infantry", 8, "line", 100, 100 + IN (10),
                        180));
        f = make (NULL, units, NULL);
        start (f, "blue");
        order (f, "col", order_hold ());
        game_resolve_phase (f->g, f->dice);
        if (crowded) {
            assert_int_equal (U (f, "col")->formation, FORMATION_COLUMN);
            assert_true (saw (f, "col: no room for line_from_column where it "
                              "stands: its ranks would stand on friendly A"));
        }
        else {
            assert_int_equal (U (f, "col")->formation, FORMATION_LINE);
            assert_true (saw (f, "col: line_from_column (a full move)"));
        }
        unmake (f);
    }
}

/*  The orders of test_four_inches_and_terrain's terrain: blue on up the
 *  table, as far as each may go; red holds. */
static order_t
terrain_orders (const char *id, vec2_t c)
{
    if (strcmp (id, "red") == 0)
        return order_hold ();
    double far = strcmp (id, "rough") == 0 ? IN (4)
               : strcmp (id, "riders") == 0 ? 100 : 60;
    return move_to (c.x, c.y + far);
}

/*  "You may not move within 4" of the front of an enemy unit except to
 *  charge it, or to pull directly back away from it"; rough slows formed
 *  infantry by half; roads double movement. */
static void
test_four_inches_and_terrain (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s",
              unit ("blue", "blue", "infantry", "average", "regular_infantry",
                    8, "line", 100, 50, 0),
              unit ("red", "red", "infantry", "average", "regular_infantry", 8,
                    "line", 100, 50 + IN (1.5) + IN (6), 180));
    fixture_t *f = make (NULL, units, NULL);
    start (f, "blue");
    order (f, "blue", move_to (100, 150));
    game_resolve_phase (f->g, f->dice);
    /* 6" apart, it may close only 2" */
    double gap = footprint_distance (&U (f, "blue")->fp, &U (f, "red")->fp);
    near (gap, IN (4), 0.02);
    /* said in the text's inches and in cm, the point in cm */
    assert_true (saw (f, "blue moves 2.0\" (5.1 cm) to (100.0, "));
    assert_true (saw (f, ") cm in line, facing 0"));
    /* red pulls straight back from within the zone... */
    game_begin_phase (f->g, f->dice);
    order_t back = move_to (100, 190);
    back.has_facing = true;
    back.facing = 180;
    order (f, "red", back);
    game_resolve_phase (f->g, f->dice);
    unmake (f);
    /* "within" takes in 4" itself: ordered to end 4" from the enemy's
       front (a billionth of a cm over, as the arithmetic rounds), it
       stops short of it */
    f = make (NULL, units, NULL);
    start (f, "blue");
    vec2_t c = U (f, "blue")->fp.centre;
    order (f, "blue", move_to (c.x, c.y + IN (2) - 1e-9));
    game_resolve_phase (f->g, f->dice);
    gap = footprint_distance (&U (f, "blue")->fp, &U (f, "red")->fp);
    near (gap, IN (4), 0.02);
    if (!(gap > IN (4) + 1e-7))
        fail_msg ("ended %.9f cm from the enemy's front, not beyond 4\"",
                  gap);
    unmake (f);
    /* rough: a line moves 2"; a column on a road 16"; mounted
       skirmishers on a road their 24", not doubled ("Roads double
       movement ... for all but skirmish") */
    const char *terrain =
        "{ id = \"scrub\"; kind = \"rough\"; polygon = ( [0.0, 0.0], "
        "[80.0, 0.0], [80.0, 200.0], [0.0, 200.0] ); },"
        "{ id = \"road\"; kind = \"road\"; polygon = ( [145.0, 0.0], "
        "[155.0, 0.0], [155.0, 200.0], [145.0, 200.0] ); },"
        "{ id = \"lane\"; kind = \"road\"; polygon = ( [185.0, 0.0], "
        "[195.0, 0.0], [195.0, 200.0], [185.0, 200.0] ); }";
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("rough", "blue", "infantry", "average", "regular_infantry",
                    8, "line", 40, 30, 0),
              unit ("road", "blue", "infantry", "average", "regular_infantry",
                    8, "column", 150, 30, 0),
              unit ("riders", "blue", "cavalry", "average", "cavalry", 4,
                    "loose", 190, 30, 0),
              unit ("red", "red", "infantry", "average", "regular_infantry", 8,
                    "line", 100, 190, 180));
    f = make (terrain, units, NULL);
    start (f, "blue");
    assert_int_equal (blue_acts (f, 3, terrain_orders), 3);
    near (U (f, "rough")->fp.centre.y, 30 + IN (2), 0.02);
    near (U (f, "road")->fp.centre.y, 30 + IN (16), 0.02);
    near (U (f, "riders")->fp.centre.y, 30 + IN (24), 0.02);
    unmake (f);
}

/*  "You may not move within 4" of the front of an enemy unit except to
 *  charge it, or to pull directly back away from it during regular
 *  movement."  A line 3" in front of an enemy line, facing along that
 *  front, moves straight ahead in its own echelon: straight away from the
 *  enemy, or 30 degrees off, it goes its 4"; 50 degrees off (past the
 *  project's 45, eol.movement.pull_back_max_deg) or sideways along the
 *  enemy's front it does not move at all. */
static void
test_pull_directly_back (void **state)
{
    (void) state;
    static const struct { double way; bool moves; } rows[] = {
        { 0, true }, { 30, true }, { 50, false }, { 90, false } };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char units[4096];
        /* red (two bases, 3" by 1.5") faces the way it is ordered (no
           wheel, no about-face), its nearest corner 3" from blue's front */
        double a = rows[i].way * acos (-1.0) / 180;
        double half = fabs (cos (a)) * IN (0.75) + fabs (sin (a)) * IN (1.5);
        snprintf (units, sizeof units, "%s, %s",
                  unit ("blue", "blue", "infantry", "average",
                        "regular_infantry", 8, "line", 100, 50, 0),
                  unit ("red", "red", "infantry", "average",
                        "regular_infantry", 8, "line", 100,
                        50 + IN (0.75) + IN (3) + half, rows[i].way));
        fixture_t *f = make (NULL, units, NULL);
        near (footprint_distance (&U (f, "blue")->fp, &U (f, "red")->fp),
              IN (3), 0.02);
        start (f, "red");
        vec2_t c = U (f, "red")->fp.centre;
        vec2_t d = geom_heading_vec (rows[i].way);
        order (f, "red", move_to (c.x + d.x * 40, c.y + d.y * 40));
        game_resolve_phase (f->g, f->dice);
        double moved = geom_dist (c, U (f, "red")->fp.centre);
        if (rows[i].moves)
            near (moved, IN (4), 0.02);
        else
            near (moved, 0, 0.02);
        unmake (f);
    }
}

/*  "You may not move within 4" of the front of an enemy unit except to
 *  charge it, or to pull directly back away from it during regular
 *  movement"; "Turns are made by wheeling on one front corner or the
 *  other of the formation, and paying the distance moved by the opposite
 *  corner."  A wheel is movement, and no pull back: a 6" line ordered
 *  round to its right wheels on its front-right corner; its 4" move
 *  would turn it 4/6 rad (38.2 degrees), swinging its front-left corner
 *  to 1.85" of an enemy line whose front faces it 5.57" off, so it stops
 *  at 4" from that front.  The same enemy facing away (its rear towards
 *  the wheel) does not stop it.  A line already within 4" of an enemy's
 *  front does not wheel at all, moving or holding. */
static void
test_wheel_four_inches (void **state)
{
    (void) state;
    double full = 4.0 / 6.0 * 180 / acos (-1.0);
    for (int rear = 0; rear < 2; rear++) {
        char units[4096];
        /* blue's front edge at y = 50 + 0.75"; red's near edge 5.57" on,
           over blue's left half */
        double red_near = 50 + IN (0.75) + IN (4) + 4;
        snprintf (units, sizeof units, "%s, %s",
                  unit ("blue", "blue", "infantry", "average",
                        "regular_infantry", 16, "line", 100, 50, 0),
                  unit ("red", "red", "infantry", "average",
                        "regular_infantry", 16, "line", 92,
                        red_near + IN (0.75), rear ? 0 : 180));
        fixture_t *f = make (NULL, units, NULL);
        near (footprint_distance (&U (f, "blue")->fp, &U (f, "red")->fp),
              IN (4) + 4, 1e-6);
        start (f, "blue");
        vec2_t c = U (f, "blue")->fp.centre;
        order (f, "blue", move_to (c.x + 80, c.y));
        game_resolve_phase (f->g, f->dice);
        double facing = U (f, "blue")->fp.facing;
        double gap = footprint_distance (&U (f, "blue")->fp,
                                         &U (f, "red")->fp);
        if (rear) {
            /* the whole wheel: no front is met */
            near (facing, full, 1e-6);
            assert_true (gap < IN (4));
        }
        else {
            /* part of it: to 4" of red's front, and no nearer */
            assert_true (facing > 10 && facing < full - 10);
            near (gap, IN (4), 0.05);
            assert_true (gap > IN (4));
        }
        unmake (f);
    }
    /* 3" in front of red's front: ordered round to its right, or told to
       hold facing right, it stays as it stands */
    for (int hold = 0; hold < 2; hold++) {
        char units[4096];
        snprintf (units, sizeof units, "%s, %s",
                  unit ("blue", "blue", "infantry", "average",
                        "regular_infantry", 16, "line", 100, 50, 0),
                  unit ("red", "red", "infantry", "average",
                        "regular_infantry", 16, "line", 100,
                        50 + IN (1.5) + IN (3), 180));
        fixture_t *f = make (NULL, units, NULL);
        start (f, "blue");
        vec2_t c = U (f, "blue")->fp.centre;
        order_t o = move_to (c.x + 80, c.y);
        if (hold) {
            o = order_hold ();
            o.has_facing = true;
            o.facing = 90;
        }
        order (f, "blue", o);
        game_resolve_phase (f->g, f->dice);
        near (U (f, "blue")->fp.facing, 0, 1e-9);
        near (geom_dist (c, U (f, "blue")->fp.centre), 0, 1e-9);
        unmake (f);
    }
}

/*  A move stopped short of its point is told, as a player at the table
 *  says why his unit halts: "You may not move within 4" of the front of
 *  an enemy unit except to charge it, or to pull directly back away from
 *  it" (a line 6" from an enemy's front, ordered 4" on: it stops at 4",
 *  naming the enemy); "Charges are the only way in which a unit may come
 *  into contact with an enemy unit" (a line marching onto an enemy's
 *  rear, where there is no 4", stops short of touching it, naming it);
 *  the table's edge (a line ordered off the table stops at its edge); a
 *  wheel stopped by an enemy's 4" likewise names the enemy. */
static void
test_stops_are_told (void **state)
{
    (void) state;
    enum { ZONE, REAR, EDGE, WHEEL };
    for (int k = ZONE; k <= WHEEL; k++) {
        char units[4096];
        double ry = k == ZONE ? 50 + IN (1.5) + IN (6)
                  : k == REAR ? 50 + IN (1.5) + IN (2)
                  : k == WHEEL ? 50 + IN (0.75) + IN (4) + 4 + IN (0.75)
                  : 190;
        snprintf (units, sizeof units, "%s, %s",
                  unit ("blue", "blue", "infantry", "average",
                        "regular_infantry", k == WHEEL ? 16 : 8, "line", 100,
                        k == EDGE ? IN (0.75) + IN (2) : 50,
                        k == EDGE ? 180 : 0),
                  unit ("red", "red", "infantry", "average",
                        "regular_infantry", 16, "line", k == WHEEL ? 92 : 100,
                        ry, k == REAR ? 0 : 180));
        fixture_t *f = make (NULL, units, NULL);
        start (f, "blue");
        vec2_t c = U (f, "blue")->fp.centre;
        order_t o = k == EDGE ? move_to (c.x, 0)
                  : k == WHEEL ? move_to (c.x + 80, c.y)
                  : move_to (c.x, c.y + IN (4));
        order (f, "blue", o);
        game_resolve_phase (f->g, f->dice);
        double gap = footprint_distance (&U (f, "blue")->fp, &U (f, "red")->fp);
        if (k == ZONE) {
            near (gap, IN (4), 0.02);
            assert_true (saw (f, "blue stops 4.0\" from red: no move comes "
                              "within 4\" of the front of an enemy unit, but "
                              "a charge or a pull directly back"));
        }
        else if (k == REAR) {
            /* 2" behind red's rear: no 4" there, but no touching */
            assert_true (gap < IN (0.25) + 0.02 && gap > 0);
            assert_true (saw (f, "blue stops short of touching red: only a "
                              "charge comes into contact with an enemy unit"));
        }
        else if (k == EDGE) {
            near (U (f, "blue")->fp.centre.y, IN (0.75), 0.02);
            assert_true (saw (f, "blue stops at the table's edge"));
        }
        else {
            near (gap, IN (4), 0.05);
            assert_true (saw (f, "blue stops 4.0\" from red"));
        }
        /* and nothing of friends */
        assert_false (saw (f, "friendly"));
        unmake (f);
    }
    /* a move that goes its whole way says nothing of stopping */
    char units[4096];
    snprintf (units, sizeof units, "%s, %s",
              unit ("blue", "blue", "infantry", "average", "regular_infantry",
                    8, "line", 100, 50, 0),
              unit ("red", "red", "infantry", "average", "regular_infantry",
                    8, "line", 100, 190, 180));
    fixture_t *f = make (NULL, units, NULL);
    start (f, "blue");
    order (f, "blue", move_to (100, 50 + IN (4)));
    game_resolve_phase (f->g, f->dice);
    assert_false (saw (f, "stops"));
    unmake (f);
}

/*  The text says nothing of moving through friendly units or ending a
 *  move on them; no figure stands on another's, and "Charges are the
 *  only way in which a unit may come into contact with an enemy unit"
 *  keeps enemies apart.  The project's reading (RULINGS.md,
 *  eol.movement.pass_through_friends = false): no unit moves through
 *  another.  A 3" line ordered 4" straight ahead, a friendly line 4"
 *  ahead of it (its rear 2.5" off): it stops at the friend's rear (base
 *  contact), saying which friend stopped it.  A friendly skirmish line
 *  1 5/8" ahead stops it likewise; with pass_through_friends = true it
 *  passes through the skirmishers and goes its 4", but still stops
 *  short of the line it would end on; a charge's way likewise (refused
 *  through a friend, RULINGS.md, or let).  A wheel (the move's turn)
 *  stops where it would swing onto a friend. */
static void
test_no_move_through_friends (void **state)
{
    (void) state;
    game_rules_t *plain = rules;
    for (int reading = 0; reading < 2; reading++) {
        if (reading == 1)
            rules = rules_edited ("pass_through_friends = false;",
                                  "pass_through_friends = true;");
        for (int skirmish = 0; skirmish < 2; skirmish++) {
            char units[4096];
            snprintf (units, sizeof units, "%s, %s, %s",
                      unit ("blue", "blue", "infantry", "average",
                            "regular_infantry", 8, "line", 100, 50, 0),
                      skirmish
                      ? unit ("A", "blue", "infantry", "average",
                              "skirmishers", 8, "loose", 100, 50 + IN (2), 0)
                      : unit ("A", "blue", "infantry", "average",
                              "regular_infantry", 8, "line", 100,
                              50 + IN (4), 0),
                      unit ("red", "red", "infantry", "average",
                            "regular_infantry", 8, "line", 100, 190, 180));
            fixture_t *f = make (NULL, units, NULL);
            start (f, "blue");
            vec2_t c = U (f, "blue")->fp.centre;
            order (f, "blue", move_to (c.x, c.y + IN (4)));
            game_resolve_phase (f->g, f->dice);
            const footprint_t *b = &U (f, "blue")->fp, *a = &U (f, "A")->fp;
            double moved = U (f, "blue")->fp.centre.y - c.y;
            assert_true (footprint_overlap (b, a) <= SITUATION_OVERLAP_CM);
            if (reading == 1 && skirmish) {
                near (moved, IN (4), 0.02);
                assert_false (saw (f, "stops short"));
            }
            else {
                /* its front at the friend's rear, in base contact */
                double rear = a->centre.y - a->depth / 2;
                near (b->centre.y + b->depth / 2, rear, SITUATION_OVERLAP_CM);
                assert_true (moved < IN (4) - 1);
                assert_true (saw (f, "blue stops short of friendly A"));
            }
            unmake (f);
        }
        /* a charge's straight way through a friendly line: refused, or
           let when friends may be passed through */
        char units[4096];
        snprintf (units, sizeof units, "%s, %s, %s",
                  unit ("cav", "blue", "cavalry", "average", "cavalry", 8,
                        "line", 100, 50, 0),
                  unit ("A", "blue", "infantry", "average",
                        "regular_infantry", 16, "line", 100, 50 + IN (5), 0),
                  unit ("B", "red", "infantry", "average", "regular_infantry",
                        16, "line", 100, 50 + IN (1.5) + IN (10), 180));
        fixture_t *f = make (NULL, units, NULL);
        char err[256] = "";
        assert_int_equal (eol_charge_check (f->g, idx (f, "cav"), idx (f, "B"),
                                            err, sizeof err),
                          reading == 1 ? 0 : -1);
        unmake (f);
        if (reading == 1)
            game_rules_destroy (&rules);
    }
    rules = plain;
    /* a 6" line wheeling right on its front-right corner (its 4" move
       turns it 38 degrees; an enemy 6" off its left keeps it in line)
       swings its front across a friend standing over its right half
       1.5" ahead: it turns only so far */
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("blue", "blue", "infantry", "average", "regular_infantry",
                    16, "line", 100, 50, 0),
              unit ("A", "blue", "infantry", "average", "regular_infantry", 8,
                    "line", 100 + IN (1.5), 50 + IN (3), 0),
              unit ("red", "red", "infantry", "average", "regular_infantry", 8,
                    "line", 100 - IN (10), 50, 90));
    fixture_t *f = make (NULL, units, NULL);
    start (f, "blue");
    vec2_t c = U (f, "blue")->fp.centre;
    order (f, "blue", move_to (c.x + 80, c.y));
    game_resolve_phase (f->g, f->dice);
    double facing = U (f, "blue")->fp.facing;
    assert_true (facing > 5 && facing < 4.0 / 6.0 * 180 / acos (-1.0) - 5);
    assert_true (footprint_overlap (&U (f, "blue")->fp, &U (f, "A")->fp)
                 <= SITUATION_OVERLAP_CM);
    assert_true (saw (f, "blue stops short of friendly A: no unit moves "
                      "through another"));
    unmake (f);
}

/*  "Formed units must have all bases facing in the same direction -
 *  skirmish units can have figures facing in several directions":
 *  skirmishers turn at no cost.  But their loose line (8 skirmishers,
 *  13" wide), laid across the new facing, stands on new ground, and the
 *  rules on where figures may go hold there: "You may not move within 4"
 *  of the front of an enemy unit except to charge it, or to pull
 *  directly back away from it", no unit stands on another (RULINGS.md),
 *  nor off the table.  Told to hold facing right (90 degrees): in the
 *  open they turn the whole way; with a friendly line 12 cm ahead of
 *  their middle they turn only until their line meets it; with an enemy
 *  line's front 6" ahead, until their line's end comes to 4" of it; 5 cm
 *  from the table's edge, until their end reaches the edge.  Ordered
 *  along that edge, they turn as far and go their 12" all the same (a
 *  skirmish line moves any way it faces). */
static void
test_skirmishers_turn_where_they_may (void **state)
{
    (void) state;
    enum { OPEN, FRIEND, ENEMY, EDGE, EDGE_MOVE };
    for (int k = OPEN; k <= EDGE_MOVE; k++) {
        double y = k >= EDGE ? 5 : 50;
        char units[4096];
        snprintf (units, sizeof units, "%s, %s, %s",
                  unit ("sk", "blue", "infantry", "average", "skirmishers", 8,
                        "loose", 100, y, 0),
                  unit ("A", "blue", "infantry", "average",
                        "regular_infantry", 8, "line", k == FRIEND ? 100 : 20,
                        k == FRIEND ? 62 : 150, 0),
                  unit ("red", "red", "infantry", "average",
                        "regular_infantry", 24, "line", 100,
                        k == ENEMY ? 50 + IN (0.375) + IN (6) + IN (0.75)
                                   : 190, 180));
        fixture_t *f = make (NULL, units, NULL);
        near (U (f, "sk")->fp.width, IN (8 * 0.75 + 7), 1e-9);
        start (f, "blue");
        order_t o = order_hold ();
        o.has_facing = true;
        o.facing = 90;
        if (k == EDGE_MOVE)
            o = move_to (190, 5);
        order (f, "sk", o);
        game_resolve_phase (f->g, f->dice);
        const footprint_t *sk = &U (f, "sk")->fp;
        if (k == OPEN) {
            near (sk->facing, 90, 1e-9);
            unmake (f);
            continue;
        }
        /* part of the way round, no further than it may stand */
        assert_true (sk->facing > 5 && sk->facing < 85);
        assert_true (footprint_overlap (sk, &U (f, "A")->fp)
                     <= SITUATION_OVERLAP_CM);
        assert_false (situation_footprint_off_table (game_situation (f->g),
                                                     sk));
        if (k == FRIEND)
            assert_true (saw (f, "sk stops short of friendly A"));
        if (k == ENEMY) {
            double gap = footprint_distance (sk, &U (f, "red")->fp);
            assert_true (gap > IN (4));
            near (gap, IN (4), 0.05);
            assert_true (saw (f, "line would come too near red"));
        }
        if (k >= EDGE)
            assert_true (saw (f, "line would come off the table"));
        if (k == EDGE_MOVE)
            near (sk->centre.x, 100 + IN (12), 0.02);
        unmake (f);
    }
    /* already within 4" of an enemy's front, they do not turn */
    char units[4096];
    snprintf (units, sizeof units, "%s, %s",
              unit ("sk", "blue", "infantry", "average", "skirmishers", 8,
                    "loose", 100, 50, 0),
              unit ("red", "red", "infantry", "average", "regular_infantry",
                    24, "line", 100, 50 + IN (0.375) + IN (3) + IN (0.75),
                    180));
    fixture_t *f = make (NULL, units, NULL);
    start (f, "blue");
    order_t o = order_hold ();
    o.has_facing = true;
    o.facing = 90;
    order (f, "sk", o);
    game_resolve_phase (f->g, f->dice);
    near (U (f, "sk")->fp.facing, 0, 1e-9);
    unmake (f);
}

/*  ---- victory, battles, the Risk Factor engine ---- */

static scenario_t *
load_scenario (const char *name)
{
    char path[256], err[256];
    snprintf (path, sizeof path, "rules/scenarios/%s.cfg", name);
    scenario_t *sc = scenario_load (test_source_path (path), game_rules_finder,
                                    rules, err, sizeof err);
    if (!sc)
        fail_msg ("%s", err);
    return sc;
}

/*  Every scenario plays to the end under every built-in strategy; the
 *  same seed plays the same battle, and the replay log reproduces it. */
static void
test_battles (void **state)
{
    (void) state;
    const char *names[3] = { "eol_freemans_farm", "eol_cowpens",
                             "eol_meeting" };
    for (int s = 0; s < 3; s++) {
        scenario_t *sc = load_scenario (names[s]);
        for (int k = 0; k < strategy_class_count (); k++) {
            const char *strat = strategy_class_at (k)->name;
            if (strcmp (strat, "random") && strcmp (strat, "table"))
                continue;       /* the commander's: test_commander */
            battle_setup_t setup;
            memset (&setup, 0, sizeof setup);
            setup.seed = 11 + (uint64_t) k;
            setup.strategy[0] = strat;
            setup.strategy[1] = "table";
            battle_log_t *log = battle_log_new ();
            battle_result_t a, b;
            char err[256];
            if (battle_play (rules, sc, &setup, &a, log, err, sizeof err) < 0)
                fail_msg ("%s: %s", names[s], err);
            assert_true (a.result.over);
            assert_true (a.result.turns >= 1 && a.result.turns <= 10);
            assert_true (a.decisions > 0);
            if (battle_replay (rules, sc, log, &b, err, sizeof err) < 0)
                fail_msg ("%s replay: %s", names[s], err);
            assert_int_equal (a.result.winner, b.result.winner);
            battle_result_t c;
            if (battle_play (rules, sc, &setup, &c, NULL, err, sizeof err) < 0)
                fail_msg ("%s", err);
            assert_int_equal (c.result.winner, a.result.winner);
            assert_int_equal (c.result.turns, a.result.turns);
            assert_int_equal (c.result.killed[0], a.result.killed[0]);
            assert_int_equal (c.result.killed[1], a.result.killed[1]);
            battle_log_destroy (&log);
        }
        scenario_destroy (&sc);
    }
}

/*  Each die of a battle's log carries the phase that threw it: it comes
 *  after the line where that phase begins, and before the next phase
 *  begins.  (The initiative's dice are thrown as turn's first phase
 *  begins; fire, charge, melee and morale dice as a round is resolved,
 *  when the game already stands at the next round.) */
static void
test_log_dice_in_their_phase (void **state)
{
    (void) state;
    scenario_t *sc = load_scenario ("eol_cowpens");
    battle_setup_t setup;
    memset (&setup, 0, sizeof setup);
    setup.seed = 21;
    setup.strategy[0] = "table";
    setup.strategy[1] = "table";
    battle_log_t *log = battle_log_new ();
    battle_result_t r;
    char err[256];
    if (battle_play (rules, sc, &setup, &r, log, err, sizeof err) < 0)
        fail_msg ("%s", err);
    int turn = 0, phase = -1, dice = 0, resolved = 0;
    char name[32] = "";
    for (int i = 0; i < battle_log_count (log); i++) {
        const battle_line_t *line = battle_log_line (log, i);
        if (line->kind == BATTLE_LINE_EVENT
            && strncmp (line->text, "phase: ", 7) == 0) {
            turn = line->turn;
            phase = line->phase;
            snprintf (name, sizeof name, "%s", line->phase_name);
            continue;
        }
        if (line->kind != BATTLE_LINE_DIE)
            continue;
        dice++;
        resolved += line->phase > 0;
        if (line->turn != turn || line->phase != phase
            || strcmp (line->phase_name, name) != 0)
            fail_msg ("line %d: a die of turn %d, %s thrown in turn %d, %s",
                      i + 1, line->turn, line->phase_name, turn, name);
    }
    assert_true (dice > 0);
    assert_true (resolved > 0);     /* fire in the rounds, not only the
                                       initiative */
    battle_log_destroy (&log);
    scenario_destroy (&sc);
}

/*  Every legal order the engine lists passes its own check, at every
 *  decision of a random battle; copies play on alike. */
static void
test_legal_orders_and_copies (void **state)
{
    (void) state;
    scenario_t *sc = load_scenario ("eol_cowpens");
    char err[256];
    game_t *g = game_new (rules, sc, err, sizeof err);
    assert_non_null (g);
    dice_t *d = dice_new (5), *pick = dice_new (6);
    order_t orders[GAME_MAX_LEGAL_ORDERS];
    int checked = 0;
    while (!game_over (g) && game_turn (g) <= 4) {
        game_begin_phase (g, d);
        for (int u = 0; u < game_unit_count (g); u++) {
            if (!game_needs_order (g, u))
                continue;
            int n = game_legal_orders (g, u, orders, GAME_MAX_LEGAL_ORDERS);
            assert_true (n >= 1);
            for (int i = 0; i < n; i++) {
                if (game_check_order (g, u, &orders[i], err, sizeof err) < 0)
                    fail_msg ("unit %d order %d: %s", u, i, err);
                checked++;
            }
            order_t o = orders[dice_below (pick, (uint32_t) n)];
            assert_int_equal (game_apply_order (g, u, &o, err, sizeof err), 0);
        }
        game_t *copy = game_dup (g);
        dice_t *d2 = dice_new (77), *d3 = dice_new (77);
        game_resolve_phase (copy, d2);
        game_resolve_phase (g, d3);
        for (int u = 0; u < game_unit_count (g); u++) {
            const unit_t *a = situation_unit_const (game_situation (g), u);
            const unit_t *b = situation_unit_const (game_situation (copy), u);
            assert_true (a->fp.centre.x == b->fp.centre.x);
            assert_int_equal (a->killed, b->killed);
            assert_int_equal (eol_state_const (game_unit (g, u))->flags,
                              eol_state_const (game_unit (copy, u))->flags);
        }
        game_destroy (&copy);
        dice_destroy (&d2);
        dice_destroy (&d3);
    }
    assert_true (checked > 50);
    dice_destroy (&d);
    dice_destroy (&pick);
    game_destroy (&g);
    scenario_destroy (&sc);
}

/*  Give every unit of the current phase that needs an order the order
 *  `pick` chooses (NULL: hold), phase after phase, until `n` units of
 *  `side` have been ordered. */
typedef order_t (picker_fn) (fixture_t *f, const unit_t *x);

static void
play_orders (fixture_t *f, int side, int n, picker_fn *pick)
{
    int done = 0;
    for (int guard = 0; done < n && guard < 40 && !game_over (f->g); guard++) {
        for (int u = 0; u < game_unit_count (f->g); u++) {
            if (!game_needs_order (f->g, u))
                continue;
            const unit_t *x = situation_unit_const (game_situation (f->g), u);
            order_t o = x->side == (side_t) side ? pick (f, x) : order_hold ();
            order (f, x->id, o);
        }
        game_resolve_phase (f->g, f->dice);
        done = acted_count (f, side);
        game_begin_phase (f->g, f->dice);
    }
    assert_int_equal (done, n);
}

static order_t
pick_more (fixture_t *f, const unit_t *x)
{
    (void) f;
    vec2_t c = x->fp.centre;
    if (strcmp (x->id, "light") == 0) {           /* into the wood */
        order_t o = move_to (c.x, c.y + IN (6));
        o.kind = ORDER_TAKE_COVER;
        return o;
    }
    if (strcmp (x->id, "back") == 0)              /* the way lies behind */
        return move_to (c.x, c.y - IN (4));
    if (strcmp (x->id, "dis") == 0)               /* far off: mounts */
        return move_to (c.x, c.y + 60);
    return order_hold ();
}

/*  More of the formation changes: guns unlimber to face an enemy in
 *  range (and cannot fire limbered); light infantry taking cover in a
 *  wood go into skirmish; a line whose way lies behind about-faces (half
 *  a move) and goes half a line's move; dismounted troops going far
 *  mount; skirmishers form up with enemy cavalry near. */
static void
test_more_formation_changes (void **state)
{
    (void) state;
    char units[3000];
    const char *wood = "{ id = \"w\"; kind = \"woods\"; polygon = ( "
        "[10.0, 60.0], [60.0, 60.0], [60.0, 100.0], [10.0, 100.0] ); }";
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s, %s, %s",
              unit ("gun", "blue", "artillery", "average", "field_gun_6pdr", 4,
                    "column", 100, 100, 0),
              unit ("light", "blue", "infantry", "average", "light_infantry",
                    8, "line", 35, 50, 0),
              unit ("back", "blue", "infantry", "average", "regular_infantry",
                    8, "line", 150, 60, 0),
              unit ("dis", "blue", "infantry", "average", "mounted_rifles", 8,
                    "loose", 170, 20, 0),
              unit ("sk", "blue", "infantry", "average", "light_infantry", 8,
                    "loose", 100, 170, 0),
              unit ("cav", "red", "cavalry", "average", "cavalry", 4, "line",
                    100, 190, 180),
              unit ("foot", "red", "infantry", "average", "regular_infantry",
                    8, "line", 100, 150, 180));
    fixture_t *f = make (wood, units, NULL);
    start (f, "blue");
    assert_false (eol_can_fire (f->g, idx (f, "gun")));   /* limbered */
    if (game_needs_order (f->g, idx (f, "gun")))
        refused (f, "gun", fire_at (f, "foot"), "limbered");
    play_orders (f, SIDE_BLUE, 5, pick_more);
    assert_int_equal (U (f, "gun")->formation, FORMATION_LINE);
    assert_true (saw (f, "gun: unlimber (half a move)"));
    assert_true (eol_can_fire (f->g, idx (f, "gun")));
    assert_int_equal (U (f, "light")->formation, FORMATION_LOOSE);
    assert_true (saw (f, "light: to_skirmish (half a move)"));
    near (U (f, "light")->fp.centre.y, 50 + IN (6), 0.05);  /* half of 12" */
    assert_true (saw (f, "back: about_face (half a move)"));
    near (U (f, "back")->fp.facing, 180, 1e-6);
    near (U (f, "back")->fp.centre.y, 60 - IN (2), 0.05);
    assert_int_equal (U (f, "dis")->arm, ARM_CAVALRY);
    assert_true (saw (f, "dis: mount (half a move)"));
    near (U (f, "dis")->fp.centre.y, 20 + IN (6), 0.05);    /* half of 12" */
    assert_int_equal (U (f, "sk")->formation, FORMATION_LINE);
    assert_true (saw (f, "sk: form_up (half a move)"));
    unmake (f);
}

/*  "A single fire action may be aimed at more than one enemy unit": the
 *  bases that cannot bear on the target fire at another; a unit deeper
 *  than 3" in a wood is not seen; skirmishers retire a full move, not
 *  disordered. */
static void
test_fire_two_targets_sight_and_retire (void **state)
{
    (void) state;
    char units[4096];
    const char *wood = "{ id = \"w\"; kind = \"woods\"; polygon = ( "
        "[150.0, 40.0], [200.0, 40.0], [200.0, 100.0], [150.0, 100.0] ); }";
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("blue", "blue", "infantry", "average", "regular_infantry",
                    40, "line", 100, 50, 0),
              unit ("left", "red", "infantry", "average", "skirmishers", 8,
                    "loose", 100 - IN (5), 50 + IN (5), 180),
              unit ("right", "red", "infantry", "average", "regular_infantry",
                    8, "line", 100 + IN (6), 50 + IN (5), 180),
              unit ("hidden", "red", "infantry", "average", "regular_infantry",
                    8, "line", 175, 70, 180));
    fixture_t *f = make (wood, units, NULL);
    assert_int_equal (eol_fire_dice_at (f->g, idx (f, "blue"), idx (f, "hidden"),
                                        false, NULL, 0), 0);
    start (f, "blue");
    order (f, "blue", fire_at (f, "left"));
    int at_left = eol_fire_dice_at (f->g, idx (f, "blue"), idx (f, "left"),
                                    false, NULL, 0);
    assert_true (at_left > 0 && at_left < 20);   /* not the whole line */
    push_many (f, at_left, 6);                   /* every die kills */
    push_many (f, 64 - at_left, 1);
    game_resolve_phase (f->g, f->dice);
    assert_true (saw (f, "blue fires at left"));
    assert_true (saw (f, "blue fires at right"));
    /* the skirmishers lost every figure or retired 12" without disorder */
    if (!GU (f, "left")->gone && saw (f, "left retires"))
        assert_false (eol_disordered (f->g, idx (f, "left")));
    unmake (f);
    /* skirmishers that fail by two or less retire a full move (12") */
    snprintf (units, sizeof units, "%s, %s",
              unit ("blue", "blue", "infantry", "average", "regular_infantry",
                    8, "line", 100, 50, 0),
              unit ("sk", "red", "infantry", "average", "skirmishers", 16,
                    "loose", 100, 50 + IN (0.75) + IN (5) + IN (1.25), 180));
    f = make (NULL, units, NULL);
    start (f, "blue");
    order (f, "blue", fire_at (f, "sk"));
    /* 8 x 1/2 (skirmish) = 4 dice: one six; 10 - 1 - 2 = 7; throws 8 */
    push (f, 4, 6, 1, 1, 1);
    push (f, 2, 4, 4);
    double y0 = U (f, "sk")->fp.centre.y;
    game_resolve_phase (f->g, f->dice);
    assert_true (saw (f, "sk checks morale for casualties: needs 7"));
    near (U (f, "sk")->fp.centre.y - y0, IN (12), 0.05);
    assert_false (eol_disordered (f->g, idx (f, "sk")));
    assert_true (U (f, "sk")->status & STATUS_RAN_LAST_TURN);
    unmake (f);
}

/*  In melee a leader's effect is 1-4 captured, 5-6 killed, "If unit has
 *  fallen back: +1" on that second die; a standard lost to the enemy
 *  (the same mechanism) costs its unit -1 on every later check. */
static void
test_leader_captured_and_standard_lost (void **state)
{
    (void) state;
    char units[4096];
    double ry = 50 + IN (1.5) + IN (10);
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("cav", "blue", "cavalry", "hero", "cavalry", 8, "line",
                    100, 50, 0),
              unit ("foot", "red", "infantry", "average", "regular_infantry",
                    24, "line", 100, ry, 180),
              unit ("ldr", "red", "command", "hero", "leader", 1, "line",
                    100, ry + IN (0.75) + IN (0.75), 180));
    fixture_t *f = make (NULL, units, NULL);
    start (f, "blue");
    order (f, "cav", charge (f, "foot"));
    push (f, 2, 1, 1);                 /* cav goes in */
    push (f, 2, 1, 1);                 /* foot stands (11 with its leader) */
    push_many (f, 24, 1);              /* its fire: 24 dice, nothing */
    push_many (f, 8, 6);               /* cav: 8 dice at 3+: 8 killed */
    push_many (f, 16, 1);              /* foot: 2/3 of its front, 16 dice */
    push (f, 2, 2, 1);                 /* foot: 10 - 1 - 8 + 1 = 2: 3 fails */
    push (f, 2, 1, 3);                 /* ldr: chance 1 (a quarter lost):
                                          1, then 3 + 1 (fell back) = 4:
                                          captured */
    push (f, 2, 1, 4);                 /* standard: chance 1: 1, then
                                          4 + 1 = 5: lost */
    game_resolve_phase (f->g, f->dice);
    assert_int_equal (dice_queued (f->dice), 0);
    assert_true (saw (f, "foot checks morale for casualties: needs 2"));
    assert_true (saw (f, "ldr is captured (chance 1, threw 1, then 3+1)"));
    assert_true (GU (f, "ldr")->gone);
    assert_int_equal (GU (f, "ldr")->left_standing, 1);
    assert_true (saw (f, "foot loses its standard to cav"));
    assert_true (eol_state_const (GU (f, "foot"))->flags & EOL_F_STANDARD_LOST);
    /* it fell back 8", disordered; having fought, it has spent its
       action.  Next turn it dresses its ranks, then fired on again it
       checks with its standard lost: 10 - 1 quarter - 1 casualty - 1 */
    assert_true (eol_disordered (f->g, idx (f, "foot")));
    while (game_phase (f->g) != 0 && !game_over (f->g)) {
        game_begin_phase (f->g, f->dice);
        game_resolve_phase (f->g, f->dice);
    }
    assert_false (game_over (f->g));
    push (f, 2, 1, 6);                        /* red moves first */
    game_begin_phase (f->g, f->dice);
    game_resolve_phase (f->g, f->dice);
    game_begin_phase (f->g, f->dice);
    order (f, "foot", order_hold ());
    game_resolve_phase (f->g, f->dice);
    assert_false (eol_disordered (f->g, idx (f, "foot")));
    game_begin_phase (f->g, f->dice);
    order (f, "cav", fire_at (f, "foot"));
    int n = eol_fire_dice_at (f->g, idx (f, "cav"), idx (f, "foot"), false,
                              NULL, 0);
    assert_int_equal (n, 8);     /* 8 x elite 2 x mounted 1/2 x long 1/2 x rear 2 */
    push (f, 1, 6);
    push_many (f, n - 1, 1);
    push (f, 2, 1, 1);
    game_resolve_phase (f->g, f->dice);
    assert_true (saw (f, "foot checks morale for casualties: needs 7"));
    assert_true (saw (f, "standard captured"));
    unmake (f);
}

/*  "If unit has fallen back: +1; if unit has routed: +2": a unit
 *  destroyed outright in melee has neither fallen back nor routed (as
 *  under fire), so its leader's chance is the quarters it lost in the
 *  round and his second die is thrown bare. */
static void
test_destroyed_is_not_routed (void **state)
{
    (void) state;
    char units[4096];
    double ry = 50 + IN (1.5) + IN (10);
    snprintf (units, sizeof units, "%s, { id = \"foot\"; side = \"red\"; "
              "arm = \"infantry\"; quality = \"average\"; troop_type = "
              "\"regular_infantry\"; weapon = \"musket\"; figures = 8; "
              "killed = 4; formation = \"line\"; x = 100.0; y = %.3f; "
              "facing = 180.0; width = 4.0; depth = 4.0; }, %s",
              unit ("cav", "blue", "cavalry", "average", "cavalry", 8, "line",
                    100, 50, 0), ry,
              unit ("ldr", "red", "command", "hero", "leader", 1, "line",
                    100, ry + IN (0.75) + IN (0.75), 180));
    fixture_t *f = make (NULL, units, NULL);
    start (f, "blue");
    order (f, "cav", charge (f, "foot"));
    push (f, 2, 1, 1);                 /* cav goes in */
    push (f, 2, 1, 1);                 /* foot stands: 10 - 2 + 1 = 9 */
    push_many (f, 4, 1);               /* its fire: 4 dice, nothing */
    push_many (f, 4, 6);               /* cav: 4 dice (half its front), 4
                                          killed: the last 4 standing */
    push_many (f, 4, 1);               /* foot: 4 dice, nothing */
    push (f, 2, 1, 3);                 /* ldr: chance 2 (half of 8 lost),
                                          1, then 3 + 0: captured */
    push (f, 2, 1, 4);                 /* standard: chance 2, 1, then
                                          4 + 0: kept */
    game_resolve_phase (f->g, f->dice);
    assert_int_equal (dice_queued (f->dice), 0);
    assert_true (GU (f, "foot")->gone);
    assert_true (saw (f, "foot is destroyed"));
    assert_false (saw (f, "foot routs"));
    assert_true (saw (f, "ldr is captured (chance 2, threw 1, then 3+0)"));
    assert_false (saw (f, "foot loses its standard"));
    unmake (f);
}

/*  The commander searches over this ruleset: for the unit whose turn it
 *  is, a legal order, the same for the same seed; a whole battle with the
 *  commander on one side plays to its end. */
static int
commander_decider (void *arg, const game_t *g, int side, const int *units,
                   int n, strategy_decision_t *out, char *err, int errlen)
{
    commander_result_t r;
    memset (&r, 0, sizeof r);
    if (commander_decide (arg, g, side, units, n, &r, err, errlen) < 0)
        return -1;
    for (int i = 0; i < n; i++) {
        out[i].unit = units[i];
        out[i].order = r.orders[i].order;
        snprintf (out[i].why, sizeof out[i].why, "%s", r.orders[i].choice);
    }
    commander_result_free (&r);
    return 0;
}

static void
test_commander (void **state)
{
    (void) state;
    scenario_t *sc = load_scenario ("eol_cowpens");
    char err[256];
    commander_settings_t s;
    commander_settings_defaults (&s);
    s.budget_ms = 0;
    s.playouts = 24;
    s.seed = 3;
    commander_t *c = commander_new (&s, err, sizeof err);
    assert_non_null (c);
    game_t *g = game_new (rules, sc, err, sizeof err);
    assert_non_null (g);
    dice_t *d = dice_new (8);
    game_begin_phase (g, d);
    game_resolve_phase (g, d);
    game_begin_phase (g, d);
    int side = game_phase_side (g);
    int units[8], n = 0;
    for (int u = 0; u < game_unit_count (g) && n < 8; u++)
        if (game_needs_order (g, u))
            units[n++] = u;
    /* every unit of the side that moves first waits: the one ordered
       first acts */
    assert_int_equal (n, 7);
    commander_result_t a, b;
    memset (&a, 0, sizeof a);
    memset (&b, 0, sizeof b);
    assert_int_equal (commander_decide (c, g, side, units, n, &a, err,
                                        sizeof err), 0);
    assert_int_equal (commander_decide (c, g, side, units, n, &b, err,
                                        sizeof err), 0);
    assert_int_equal (a.order_count, n);
    assert_true (a.playouts > 0);
    assert_int_equal (game_check_order (g, units[0], &a.orders[0].order, err,
                                        sizeof err), 0);
    assert_true (order_equal (&a.orders[0].order, &b.orders[0].order));
    commander_result_free (&a);
    commander_result_free (&b);
    /* a battle: the commander (blue) against the tables (red) */
    s.playouts = 4;
    commander_t *quick = commander_new (&s, err, sizeof err);
    battle_setup_t setup;
    memset (&setup, 0, sizeof setup);
    setup.seed = 5;
    setup.strategy[0] = "commander";
    setup.strategy[1] = "table";
    setup.decide[0] = commander_decider;
    setup.decide_arg[0] = quick;
    battle_result_t r;
    if (battle_play (rules, sc, &setup, &r, NULL, err, sizeof err) < 0)
        fail_msg ("%s", err);
    assert_true (r.result.over);
    assert_true (r.decisions > 20);
    if (getenv ("EOL_TEST_EVENTS"))
        printf ("commander battle: %d turns, %d decisions, %s\n",
                r.result.turns, r.decisions, r.result.reason);
    commander_destroy (&quick);
    dice_destroy (&d);
    game_destroy (&g);
    commander_destroy (&c);
    scenario_destroy (&sc);
}

/*  Victory: a side that loses half its figures breaks. */
static void
test_army_break (void **state)
{
    (void) state;
    fixture_t *f = facing_lines (5, "average", 24, "average", "line");
    situation_unit (game_situation_mut (f->g), idx (f, "red"))->killed = 12;
    game_result_t r;
    game_result (f->g, &r);
    assert_false (r.over);                   /* only at the end of a turn */
    start (f, "blue");
    while (game_phase (f->g) != 0 && !game_over (f->g)) {
        game_resolve_phase (f->g, f->dice);
        if (!game_over (f->g))
            game_begin_phase (f->g, f->dice);
    }
    assert_true (game_over (f->g));
    game_result (f->g, &r);
    assert_int_equal (r.winner, SIDE_BLUE);
    assert_non_null (strstr (r.reason, "red break: 50%"));
    unmake (f);
}

static const rf_factor_t *
factor (const rf_decision_t *d, const char *name)
{
    for (int i = 0; i < d->factor_count; i++)
        if (strcmp (d->factors[i].name, name) == 0)
            return &d->factors[i];
    return NULL;
}

/*  The Risk Factor engine answers for this ruleset's units: an Elite unit
 *  counts as the hero line, a formed Veteran unit as regulars, a Poor
 *  unit in range of an enemy musket (9") +1, a leader in contact the hero
 *  line; charge reach is the unit's move in its formation. */
static void
test_risk_factors (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s",
              unit ("vet", "blue", "infantry", "veteran", "regular_infantry",
                    16, "line", 50, 50, 0),
              unit ("poor", "blue", "infantry", "poor", "regular_infantry",
                    16, "line", 100, 50, 0),
              unit ("sk", "blue", "infantry", "hero", "light_infantry", 16,
                    "loose", 160, 50, 0),
              unit ("ldr", "blue", "command", "hero", "leader", 1, "line", 50,
                    50 - IN (0.75) - IN (0.75), 0),
              unit ("red", "red", "infantry", "average", "regular_infantry",
                    16, "line", 100, 50 + IN (1.5) + IN (8), 180));
    char *text = scenario_text (NULL, units, NULL);
    char err[256];
    situation_t *sit = situation_load_text (text, "t.cfg", game_rules_finder,
                                            rules, err, sizeof err);
    assert_non_null (sit);
    rf_decision_t d;
    int vet = situation_find_unit (sit, "vet");
    int poor = situation_find_unit (sit, "poor");
    int sk = situation_find_unit (sit, "sk");
    assert_int_equal (rf_factors (sit, vet, NULL, &d, err, sizeof err), 0);
    assert_non_null (factor (&d, "regulars"));
    assert_non_null (factor (&d, "hero_near"));      /* the leader */
    /* the working names the text's grades: Veteran, Elite */
    assert_non_null (strstr (factor (&d, "regulars")->reason,
                             "of veteran troops"));
    assert_non_null (strstr (factor (&d, "hero_near")->reason, "elite ldr"));
    assert_int_equal (rf_decide (sit, vet, 3, NULL, &d, err, sizeof err), 0);
    assert_non_null (strstr (d.explanation, "(blue infantry, veteran)"));
    assert_int_equal (rf_factors (sit, poor, NULL, &d, err, sizeof err), 0);
    assert_null (factor (&d, "regulars"));
    assert_non_null (factor (&d, "enemy_in_range")); /* 8" < 9" */
    assert_non_null (factor (&d, "raw_in_range"));
    assert_int_equal (rf_decide (sit, sk, 6, NULL, &d, err, sizeof err), 0);
    assert_non_null (factor (&d, "hero_near"));      /* Elite itself */
    assert_non_null (strstr (factor (&d, "hero_near")->reason,
                             "itself of elite quality"));
    assert_null (factor (&d, "regulars"));           /* not formed */
    situation_destroy (&sit);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_initiative_and_alternation),
        cmocka_unit_test (test_one_at_a_time),
        cmocka_unit_test (test_uncommanded),
        cmocka_unit_test (test_winner_chooses),
        cmocka_unit_test (test_commander_chooses_who_acts),
        cmocka_unit_test (test_units_checked),
        cmocka_unit_test (test_fire_dice_in_play),
        cmocka_unit_test (test_fire_multipliers_in_play),
        cmocka_unit_test (test_reaction_range_modifiers),
        cmocka_unit_test (test_fire_action_and_fall_back),
        cmocka_unit_test (test_fall_back_and_friends),
        cmocka_unit_test (test_retire_out_of_melee),
        cmocka_unit_test (test_keyed_dice),
        cmocka_unit_test (test_rout),
        cmocka_unit_test (test_charge_home),
        cmocka_unit_test (test_charge_refused),
        cmocka_unit_test (test_charged_unit_gives_way),
        cmocka_unit_test (test_charged_unit_cannot_get_away),
        cmocka_unit_test (test_stand_and_fire_without_target),
        cmocka_unit_test (test_charge_rules),
        cmocka_unit_test (test_charge_path_blocked),
        cmocka_unit_test (test_charge_path_near_units),
        cmocka_unit_test (test_charge_lines_up_beside_a_unit),
        cmocka_unit_test (test_charge_strikes_the_face_it_touches),
        cmocka_unit_test (test_melee_goes_on_and_second_round),
        cmocka_unit_test (test_earlier_chargers_roll),
        cmocka_unit_test (test_skirmishers_melee_dice),
        cmocka_unit_test (test_fire_arc_reaches_any_part),
        cmocka_unit_test (test_skirmishers_close_up),
        cmocka_unit_test (test_melee_dice_whole_bases),
        cmocka_unit_test (test_mounted_skirmishers_in_rough),
        cmocka_unit_test (test_leader_killed_under_fire),
        cmocka_unit_test (test_leader_charges_with_unit),
        cmocka_unit_test (test_retire_is_fall_back),
        cmocka_unit_test (test_echelon_and_wheel),
        cmocka_unit_test (test_formation_changes),
        cmocka_unit_test (test_disordered_moves_as_it_is),
        cmocka_unit_test (test_disordered_may_change),
        cmocka_unit_test (test_ordered_formations),
        cmocka_unit_test (test_ordered_formations_refused),
        cmocka_unit_test (test_formation_changes_need_room),
        cmocka_unit_test (test_four_inches_and_terrain),
        cmocka_unit_test (test_pull_directly_back),
        cmocka_unit_test (test_wheel_four_inches),
        cmocka_unit_test (test_stops_are_told),
        cmocka_unit_test (test_no_move_through_friends),
        cmocka_unit_test (test_skirmishers_turn_where_they_may),
        cmocka_unit_test (test_battles),
        cmocka_unit_test (test_legal_orders_and_copies),
        cmocka_unit_test (test_army_break),
        cmocka_unit_test (test_more_formation_changes),
        cmocka_unit_test (test_fire_two_targets_sight_and_retire),
        cmocka_unit_test (test_leader_captured_and_standard_lost),
        cmocka_unit_test (test_destroyed_is_not_routed),
        cmocka_unit_test (test_commander),
        cmocka_unit_test (test_log_dice_in_their_phase),
        cmocka_unit_test (test_risk_factors),
    };
    return cmocka_run_group_tests (tests, setup, teardown);
}
