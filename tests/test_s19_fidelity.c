/*  test_s19_fidelity.c - seed 002's rules where an audit against the seed
 *  found the engine wrong: each test names the line it follows.  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rf.h"
#include "s19_engine.h"
#include "strategy.h"
#include "testutil.h"

static game_rules_t *rules;
static game_rules_t *in_force;     /* the rules make() uses: rules unless
                                      a test loads a reading of its own */

static int
setup (void **state)
{
    (void) state;
    char err[256];
    rules = game_rules_load (test_source_path ("rules/data/skirmish19/tables.cfg"),
                             err, sizeof err);
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

typedef struct {
    scenario_t *sc;
    game_t *g;
    dice_t *dice;
} fixture_t;

/*  A 300 x 300 table with `terrain`, `units` and `orders`. */
static fixture_t
make (const char *terrain, const char *units, const char *orders)
{
    char text[8192], err[256] = "";
    snprintf (text, sizeof text,
              "ruleset = \"skirmish19\";\n"
              "table = { width = 300.0; depth = 300.0; };\n"
              "terrain = ( %s );\nunits = ( %s );\n"
              "scenario = { name = \"t\"; turns = 10; orders = ( %s );\n"
              "  victory = { army_break = 0.5; }; };\n",
              terrain ? terrain : "", units, orders ? orders : "");
    fixture_t f;
    game_rules_t *r = in_force ? in_force : rules;
    f.sc = scenario_load_text (text, "t.cfg", game_rules_finder, r, err,
                               sizeof err);
    if (!f.sc)
        fail_msg ("%s", err);
    f.g = game_new (r, f.sc, err, sizeof err);
    if (!f.g)
        fail_msg ("%s", err);
    f.dice = dice_new (7);
    return f;
}

static void
unmake (fixture_t *f)
{
    game_destroy (&f->g);
    scenario_destroy (&f->sc);
    dice_destroy (&f->dice);
}

/*  The ruleset a situation's text names: the one given. */
static const ruleset_t *
the_ruleset (const char *name, void *arg)
{
    (void) name;
    return arg;
}

static int
idx (fixture_t *f, const char *id)
{
    int i = situation_find_unit (game_situation (f->g), id);
    assert_true (i >= 0);
    return i;
}

/*  Blue ("b", its figures as `figures`) marching up the table under a
 *  first order, red ("r") deep in a wood out of its sight; played to side
 *  A's (blue's) move, where b waits for its order from the tables. */
static fixture_t
marching_out_of_sight (const char *figures)
{
    char units[1024];
    snprintf (units, sizeof units,
        "{ id = \"b\"; side = \"blue\"; arm = \"infantry\"; weapon = \"musket\";"
        "  %s x = 50.0; y = 20.0; facing = 0.0; width = 12.0; depth = 3.0; },"
        "{ id = \"r\"; side = \"red\"; arm = \"infantry\"; weapon = \"musket\";"
        "  figures = 6; x = 250.0; y = 250.0; facing = 180.0; width = 12.0;"
        "  depth = 3.0; }", figures);
    fixture_t f = make (
        "{ id = \"forest\"; kind = \"woods\"; polygon = ( [200.0, 200.0], "
        "[290.0, 200.0], [290.0, 290.0], [200.0, 290.0] ); }",
        units, "{ unit = \"b\"; order = \"move\"; to = [50.0, 280.0]; }");
    game_begin_phase (f.g, f.dice);
    game_resolve_phase (f.g, f.dice);
    game_begin_phase (f.g, f.dice);
    return f;
}

/*  "Up to RF0: Continue current actions, unless a 6 (D6) is thrown, in
 *  which case they will move towards the nearest visible enemy."  With no
 *  enemy visible a 6 has no enemy to move towards: the unit's current
 *  actions go on (a march out of sight is not ended one turn in six), and
 *  the working says so. */
static void
test_rf0_six_without_enemy_in_sight (void **state)
{
    (void) state;
    /* blue marches up the table; red stands deep in a wood, unseen */
    fixture_t f = marching_out_of_sight ("figures = 6;");
    int b = idx (&f, "b");
    assert_true (game_needs_order (f.g, b));
    assert_true (game_table_bound (f.g, b));
    order_t o;
    rf_decision_t d;
    char why[256];
    assert_int_equal (strategy_table_order_roll (f.g, b, 6, f.dice, &o, &d,
                                                 why, sizeof why), 0);
    assert_true (d.rf <= 0);
    assert_int_equal (d.action, RF_ADVANCE_VISIBLE);
    assert_int_equal (d.order.nearest_enemy, -1);
    assert_int_equal (o.kind, ORDER_CONTINUE);
    /* the working says why */
    rf_decision_t words;
    char err[256];
    assert_int_equal (rf_decide (game_situation (f.g), b, 6, f.dice, &words,
                                 err, sizeof err), 0);
    assert_non_null (strstr (words.explanation, "no enemy is visible to move "
                                                "towards: it carries on with "
                                                "its current actions"));
    /* and the march goes on: 25 cm up the table this turn, still under
       way for the next */
    double y0 = situation_unit_const (game_situation (f.g), b)->fp.centre.y;
    if (game_apply_order (f.g, b, &o, err, sizeof err) < 0)
        fail_msg ("%s", err);
    game_resolve_phase (f.g, f.dice);
    double y1 = situation_unit_const (game_situation (f.g), b)->fp.centre.y;
    if (fabs (y1 - y0 - 25.0) >= 0.1)      /* placed to 0.05 cm */
        fail_msg ("moved %.2f cm (from %.2f to %.2f)", y1 - y0, y0, y1);
    assert_int_equal (game_unit (f.g, b)->current.kind, ORDER_MOVE);
    unmake (&f);
}

/*  "Check every row for the same fault": the rows whose move is away
 *  from or towards the enemy ("Withdraw towards cover further from
 *  enemy", "Run from nearest enemy", "Move to take cover ... or away from
 *  all enemies", "Advance towards nearest enemy") have nothing to move
 *  from or towards when no enemy is known.  Towards: "Continue current
 *  actions facing the nearest enemy" and "Advance towards nearest enemy"
 *  have no enemy to face or go for, and the current actions go on.  Away:
 *  with no cover to go to they hold, as RULINGS.md reads it (not a march
 *  to the rear, away from an enemy nobody has seen), and are neither
 *  running nor falling back.  "Halt in position" halts: the row says
 *  so. */
static void
test_rows_without_an_enemy_known (void **state)
{
    (void) state;
    /* blue, heavily hit (+8 for its losses), marches out of sight of red
       (no cover within a move): RF 4 (RF2-5) */
    fixture_t f = marching_out_of_sight ("figures = 10; killed = 8;");
    int b = idx (&f, "b");
    assert_true (game_table_bound (f.g, b));
    for (int roll = 1; roll <= 6; roll++) {
        order_t o;
        rf_decision_t d;
        char why[256];
        assert_int_equal (strategy_table_order_roll (f.g, b, roll, f.dice, &o,
                                                     &d, why, sizeof why), 0);
        assert_int_equal (d.order.nearest_enemy, -1);
        if (getenv ("S19_TEST_ROWS"))
            printf ("RF %d die %d: %s dest %d -> %s\n", d.rf, roll,
                    rf_action_name (d.action), d.order.has_destination,
                    order_kind_name (o.kind));
        assert_false (d.order.has_destination);     /* no cover near */
        bool away = d.action == RF_WITHDRAW || d.action == RF_RUN
                 || d.action == RF_TAKE_COVER;
        if (d.action == RF_HALT || away) {
            if (o.kind != ORDER_HOLD)
                fail_msg ("RF %d, die %d, %s: order %s, not a hold", d.rf,
                          roll, rf_action_name (d.action),
                          order_kind_name (o.kind));
            if (away)
                assert_int_equal (o.status_set, 0);
        }
        else if (o.kind != ORDER_CONTINUE)
            fail_msg ("RF %d, die %d, %s: order %s ends the march", d.rf,
                      roll, rf_action_name (d.action),
                      order_kind_name (o.kind));
    }
    unmake (&f);
}

/*  "Withdraw towards cover further from enemy", "Move to take cover in
 *  the nearest terrain within 1 move, or away from all enemies" and "Run
 *  from nearest enemy" with no enemy in sight and no cover within a
 *  move: nothing to move from, and they hold (RULINGS.md, "The orders"),
 *  not one move to the unit's own rear; the run leaves the unit neither
 *  running (no +3 next turn) nor falling back.  Blue, 9 of 10 lost, red
 *  deep in a wood out of its sight: RF 4 (withdraw on a 1, take cover on
 *  a 2); having run last turn, RF 7 (run on a 1). */
static void
test_no_enemy_to_move_from (void **state)
{
    (void) state;
    const ruleset_t *rs = game_rules_ruleset (rules);
    for (int ran = 0; ran <= 1; ran++) {
        char text[2048], err[256] = "";
        snprintf (text, sizeof text,
            "ruleset = \"skirmish19\";\n"
            "table = { width = 300.0; depth = 300.0; };\n"
            "terrain = ( { id = \"forest\"; kind = \"woods\"; polygon = ("
            "  [200.0, 200.0], [290.0, 200.0], [290.0, 290.0], [200.0, 290.0] );"
            "  } );\n"
            "units = ( { id = \"b\"; side = \"blue\"; arm = \"infantry\";"
            "  weapon = \"musket\"; figures = 10; killed = 9; %s x = 50.0;"
            "  y = 100.0; facing = 0.0; width = 12.0; depth = 3.0; },"
            " { id = \"r\"; side = \"red\"; arm = \"infantry\";"
            "  weapon = \"musket\"; figures = 6; x = 250.0; y = 250.0;"
            "  facing = 180.0; width = 12.0; depth = 3.0; } );\n",
            ran ? "status = [\"ran_last_turn\"];" : "");
        situation_t *sit = situation_load_text (text, "t.cfg", the_ruleset,
                                                (void *) rs, err, sizeof err);
        if (!sit)
            fail_msg ("%s", err);
        dice_t *dice = dice_new (1);
        for (int roll = 1; roll <= (ran ? 1 : 2); roll++) {
            rf_decision_t d;
            assert_int_equal (rf_decide (sit, 0, roll, dice, &d, err,
                                         sizeof err), 0);
            assert_int_equal (d.rf, ran ? 7 : 4);
            assert_int_equal (d.action, ran ? RF_RUN
                              : roll == 1 ? RF_WITHDRAW : RF_TAKE_COVER);
            assert_int_equal (d.order.nearest_enemy, -1);
            assert_false (d.order.has_destination);
            test_near (d.order.facing, 0.0, 1e-9);
            uint32_t set, clear;
            rf_status_effect (rs, &d, &set, &clear);
            assert_int_equal (set, 0);
            assert_non_null (strstr (d.explanation, "it holds where it "
                                                    "stands"));
        }
        dice_destroy (&dice);
        situation_destroy (&sit);
    }
}

/*  "Heroes throw 4D6 a turn. Veterans throw 3D6 a turn. Raw figures throw
 *  2D6": the seed has no other grade of command figure.  One of a grade
 *  another ruleset has (green, average) would throw no dice and never
 *  command: it is refused, the error naming the unit, its grade and the
 *  grades that throw. */
static void
test_command_figure_of_unknown_grade (void **state)
{
    (void) state;
    const char *grades[] = { "green", "average" };
    for (int i = 0; i < 2; i++) {
        char text[2048], err[256] = "";
        snprintf (text, sizeof text,
                  "ruleset = \"skirmish19\";\n"
                  "table = { width = 200.0; depth = 200.0; };\n"
                  "units = ( { id = \"capt\"; side = \"blue\"; arm = \"command\";"
                  "  quality = \"%s\"; weapon = \"pistol\"; figures = 1;"
                  "  x = 50.0; y = 20.0; facing = 0.0; width = 2.0; depth = 2.0; },"
                  " { id = \"r\"; side = \"red\"; arm = \"infantry\";"
                  "  weapon = \"musket\"; figures = 6; x = 50.0; y = 150.0;"
                  "  facing = 180.0; width = 12.0; depth = 3.0; } );\n"
                  "scenario = { name = \"t\"; turns = 10;"
                  "  victory = { army_break = 0.5; }; };\n", grades[i]);
        scenario_t *sc = scenario_load_text (text, "t.cfg", game_rules_finder,
                                             rules, err, sizeof err);
        if (!sc)
            fail_msg ("%s", err);
        assert_null (game_new (rules, sc, err, sizeof err));
        char want[160];
        snprintf (want, sizeof want, "unit \"capt\": a command figure of "
                  "quality \"%s\" throws no command dice in skirmish19",
                  grades[i]);
        if (!strstr (err, want) || !strstr (err, "hero (4D6)")
            || !strstr (err, "raw (2D6)"))
            fail_msg ("error \"%s\"", err);
        scenario_destroy (&sc);
    }
}

/*  "Up to RF0: ... They will not move however, from fortified positions
 *  they are defending.  Units falling back away from the enemy will halt
 *  ... (5,6 D6)": the row's own special cases.  At RF1 and above a
 *  fortified or falling-back unit does what its row says, and the working
 *  names the status as not applied. */
static void
test_row_specials_named_above_rf0 (void **state)
{
    (void) state;
    const ruleset_t *rs = game_rules_ruleset (rules);
    const char *text =
        "ruleset = \"skirmish19\";\n"
        "table = { width = 200.0; depth = 200.0; };\n"
        "units = ( { id = \"b\"; side = \"blue\"; arm = \"infantry\";"
        "  weapon = \"musket\"; figures = 10; killed = 3; x = 100.0; y = 50.0;"
        "  facing = 0.0; width = 20.0; depth = 3.0;"
        "  status = [\"fortified\", \"falling_back\"]; },"
        " { id = \"r\"; side = \"red\"; arm = \"infantry\";"
        "  weapon = \"musket\"; figures = 10; x = 100.0; y = 80.0;"
        "  facing = 180.0; width = 20.0; depth = 3.0; } );\n";
    char err[256] = "";
    situation_t *sit = situation_load_text (text, "t.cfg", the_ruleset,
                                            (void *) rs, err, sizeof err);
    if (!sit)
        fail_msg ("%s", err);
    dice_t *dice = dice_new (1);
    rf_decision_t d;
    assert_int_equal (rf_decide (sit, 0, 1, dice, &d, err, sizeof err), 0);
    assert_true (d.band > 0);
    assert_non_null (strstr (d.explanation, "Fortified: not applied at "));
    assert_non_null (strstr (d.explanation, "Falling back: not applied at "));
    /* and the table's own answer: no rule of the first row in it */
    assert_true (d.action != RF_CONTINUE);
    dice_destroy (&dice);
    situation_destroy (&sit);
}

/*  The skirmish19 tables with `from` replaced by `to`. */
static game_rules_t *
rules_reading (const char *from, const char *to)
{
    char err[256];
    char *text = game_read_file (test_source_path (
        "rules/data/skirmish19/tables.cfg"), err, sizeof err);
    assert_non_null (text);
    char *at = strstr (text, from);
    if (!at)
        fail_msg ("no \"%s\" in the tables", from);
    char *edited = malloc (strlen (text) + strlen (to) + 1);
    assert_non_null (edited);
    memcpy (edited, text, (size_t) (at - text));
    strcpy (edited + (at - text), to);
    strcat (edited, at + strlen (from));
    game_rules_t *r = game_rules_load_text (edited, "reading.cfg", err,
                                            sizeof err);
    if (!r)
        fail_msg ("%s", err);
    free (edited);
    free (text);
    return r;
}

/*  A commanded musket unit that loaded last turn fires at red; then can
 *  it fire again in the next turn without a turn halted? */
static bool
fires_again (void)
{
    fixture_t f = make (NULL,
        "{ id = \"cpt\"; side = \"blue\"; arm = \"command\"; quality = \"hero\";"
        "  weapon = \"sword\"; figures = 1; x = 100.0; y = 100.0; facing = 0.0;"
        "  width = 2.0; depth = 2.0; },"
        "{ id = \"m\"; side = \"blue\"; arm = \"infantry\"; weapon = \"musket\";"
        "  figures = 4; x = 100.0; y = 105.0; facing = 0.0; width = 8.0;"
        "  depth = 3.0; status = [\"loaded\"]; },"
        "{ id = \"r\"; side = \"red\"; arm = \"infantry\"; weapon = \"musket\";"
        "  figures = 6; x = 100.0; y = 140.0; facing = 180.0; width = 12.0;"
        "  depth = 3.0; }", NULL);
    int m = idx (&f, "m"), r = idx (&f, "r");
    order_t fire = order_hold ();
    fire.kind = ORDER_FIRE;
    fire.target = r;
    fire.fire = true;
    char err[256];
    bool again = false;
    for (int turn = 1; turn <= 2; turn++) {
        for (int i = 0; i < 5; i++)
            assert_int_equal (dice_push (f.dice, 6, 6), 0);   /* command */
        game_begin_phase (f.g, f.dice);                 /* command */
        game_resolve_phase (f.g, f.dice);
        game_begin_phase (f.g, f.dice);                 /* blue moves */
        assert_true (game_unit (f.g, m)->commanded);
        bool can = game_check_order (f.g, m, &fire, err, sizeof err) == 0;
        if (turn == 1)
            assert_true (can);                          /* loaded at the start */
        else
            again = can;
        order_t o = can ? fire : order_hold ();
        assert_int_equal (game_apply_order (f.g, m, &o, err, sizeof err), 0);
        /* the rest of the turn: red holds, the shots fall as they may */
        while (game_turn (f.g) == turn && !game_over (f.g)) {
            game_resolve_phase (f.g, f.dice);
            if (game_turn (f.g) != turn)
                break;
            game_begin_phase (f.g, f.dice);
            for (int u = 0; u < game_unit_count (f.g); u++)
                if (game_needs_order (f.g, u)) {
                    order_t h = order_hold ();
                    game_apply_order (f.g, u, &h, err, sizeof err);
                }
        }
    }
    unmake (&f);
    return again;
}

/*  "Commanded troops must spend a turn halted to load muzzle loaded
 *  weapons before a turn in which they fire; they may then move at up to
 *  half speed and still shoot in any subsequent turn."  Read as every
 *  turn of fire following a turn halted loading (game.shooting.
 *  fire_unloads, the default), a commanded unit fires every other turn;
 *  read as loaded once, loaded for good, it fires again the next turn. */
static void
test_commanded_reload (void **state)
{
    (void) state;
    in_force = NULL;
    assert_false (fires_again ());
    in_force = rules_reading ("fire_unloads = true", "fire_unloads = false");
    assert_true (fires_again ());
    game_rules_destroy (&in_force);
}

/*  Play to phase `phase` of the first turn, every unit asked for an
 *  order holding. */
static void
play_to (fixture_t *f, int phase)
{
    char err[256];
    while (game_phase (f->g) != phase && !game_over (f->g)) {
        game_begin_phase (f->g, f->dice);
        if (game_phase (f->g) == phase)
            return;
        for (int u = 0; u < game_unit_count (f->g); u++)
            if (game_needs_order (f->g, u)) {
                order_t h = order_hold ();
                game_apply_order (f->g, u, &h, err, sizeof err);
            }
        game_resolve_phase (f->g, f->dice);
    }
}

/*  "Units falling back away from the enemy will halt in the nearest cover
 *  facing the last known enemy position (5,6 D6)": the halt ends the
 *  falling back, as the morale lines say of every halt.  Blue, falling
 *  back, RF -1 (formed regulars; red in sight beyond musket range),
 *  throws a 5: it goes into the wood 9 cm away and halts there, no longer
 *  falling back; with no cover within a move it halts where it stands,
 *  and falls back no more either. */
static void
test_falling_back_halts (void **state)
{
    (void) state;
    const char *units =
        "{ id = \"b\"; side = \"blue\"; arm = \"infantry\"; weapon = \"musket\";"
        "  figures = 10; x = 150.0; y = 100.0; facing = 0.0; width = 12.0;"
        "  depth = 3.0; status = [\"falling_back\"]; },"
        "{ id = \"r\"; side = \"red\"; arm = \"infantry\"; weapon = \"musket\";"
        "  figures = 10; x = 150.0; y = 250.0; facing = 180.0; width = 12.0;"
        "  depth = 3.0; }";
    for (int wood = 1; wood >= 0; wood--) {
        fixture_t f = make (wood ? "{ id = \"copse\"; kind = \"woods\"; "
                            "polygon = ( [110.0, 80.0], [135.0, 80.0], "
                            "[135.0, 120.0], [110.0, 120.0] ); }" : NULL,
                            units, NULL);
        play_to (&f, S19_PHASE_A_MOVE);
        game_begin_phase (f.g, f.dice);
        int b = idx (&f, "b");
        assert_true (game_table_bound (f.g, b));
        order_t o;
        rf_decision_t d;
        char why[256], err[256];
        assert_int_equal (strategy_table_order_roll (f.g, b, 5, f.dice, &o, &d,
                                                     why, sizeof why), 0);
        assert_int_equal (d.rf, -1);
        assert_true (d.falling_back_halt);
        assert_int_equal (d.action, RF_TAKE_COVER);
        assert_true (o.status_clear & STATUS_FALLING_BACK);
        assert_false (o.status_set & STATUS_FALLING_BACK);
        if (game_apply_order (f.g, b, &o, err, sizeof err) < 0)
            fail_msg ("%s", err);
        game_resolve_phase (f.g, f.dice);
        const unit_t *u = situation_unit_const (game_situation (f.g), b);
        assert_false (u->status & STATUS_FALLING_BACK);
        if (wood)
            assert_true (u->fp.centre.x < 135.0);      /* in the copse */
        else
            assert_true (fabs (u->fp.centre.x - 150.0) < 1e-6);
        unmake (&f);
    }
}

/*  "Shooting is only possible if figures can see the entire base of a
 *  figure without obstruction, unless shooting over an object or person
 *  within 2 cms": the game's fire and the tables' answer agree.  Blue's
 *  muskets at (150, 100), a friendly line 30 cm wide 15 cm before them,
 *  red beyond it at (150, 130): no target; the friend 1 cm before them
 *  is shot over. */
static void
test_line_of_fire_masked (void **state)
{
    (void) state;
    for (int over = 0; over <= 1; over++) {
        char units[2048];
        snprintf (units, sizeof units,
            "{ id = \"b\"; side = \"blue\"; arm = \"infantry\"; weapon = \"musket\";"
            "  figures = 10; x = 150.0; y = 100.0; facing = 0.0; width = 10.0;"
            "  depth = 2.0; },"
            "{ id = \"f\"; side = \"blue\"; arm = \"infantry\"; weapon = \"musket\";"
            "  figures = 10; x = 150.0; y = %s; facing = 0.0; width = 30.0;"
            "  depth = 4.0; },"
            "{ id = \"r\"; side = \"red\"; arm = \"infantry\"; weapon = \"musket\";"
            "  figures = 6; x = 150.0; y = 130.0; facing = 180.0; width = 10.0;"
            "  depth = 2.0; }", over ? "104.0" : "115.0");
        fixture_t f = make (NULL, units, NULL);
        play_to (&f, S19_PHASE_A_MOVE);
        game_begin_phase (f.g, f.dice);
        int b = idx (&f, "b"), r = idx (&f, "r");
        rf_decision_t d;
        char err[256];
        assert_int_equal (rf_decide (game_situation (f.g), b, 3, f.dice, &d,
                                     err, sizeof err), 0);
        assert_int_equal (d.action, RF_CONTINUE);
        assert_int_equal (d.order.shoot_target, over ? r : -1);
        /* the orders the game offers: fire at red only when it can hit */
        order_t legal[GAME_MAX_LEGAL_ORDERS];
        int n = game_legal_orders (f.g, b, legal, GAME_MAX_LEGAL_ORDERS);
        bool fire_at_r = false;
        for (int i = 0; i < n; i++)
            fire_at_r |= legal[i].kind == ORDER_FIRE && !legal[i].has_to
                      && legal[i].target == r;
        assert_true (fire_at_r == (over == 1));
        /* the game: a unit told to fire shoots at the nearest it can hit */
        order_t o = order_hold ();
        o.fire = true;
        if (game_apply_order (f.g, b, &o, err, sizeof err) < 0)
            fail_msg ("%s", err);
        for (int u = 0; u < game_unit_count (f.g); u++)
            if (game_needs_order (f.g, u)) {
                order_t h = order_hold ();
                game_apply_order (f.g, u, &h, err, sizeof err);
            }
        game_resolve_phase (f.g, f.dice);
        game_begin_phase (f.g, f.dice);
        assert_int_equal (game_phase (f.g), S19_PHASE_A_SHOOT);
        assert_int_equal (s19_fire_target (f.g, b, NULL), over ? r : -1);
        unmake (&f);
    }
}

/*  No one shoots into or out of a melee (settings.shoot_in_melee false:
 *  the project's reading; the seed says nothing of it): the tables'
 *  answer names no target for a unit in base contact, nor a target in
 *  contact with another, as the game plays it. */
static void
test_no_fire_in_melee (void **state)
{
    (void) state;
    fixture_t f = make (NULL,
        "{ id = \"b\"; side = \"blue\"; arm = \"infantry\"; weapon = \"musket\";"
        "  figures = 10; x = 150.0; y = 100.0; facing = 0.0; width = 10.0;"
        "  depth = 2.0; },"
        "{ id = \"b2\"; side = \"blue\"; arm = \"infantry\"; weapon = \"musket\";"
        "  figures = 10; x = 180.0; y = 100.0; facing = 0.0; width = 10.0;"
        "  depth = 2.0; },"
        "{ id = \"r\"; side = \"red\"; arm = \"infantry\"; weapon = \"musket\";"
        "  figures = 6; x = 150.0; y = 102.2; facing = 180.0; width = 10.0;"
        "  depth = 2.0; }", NULL);
    play_to (&f, S19_PHASE_A_MOVE);
    game_begin_phase (f.g, f.dice);
    int b = idx (&f, "b"), b2 = idx (&f, "b2");
    char err[256];
    for (int k = 0; k < 2; k++) {
        int u = k ? b2 : b;
        rf_decision_t d;
        assert_int_equal (rf_decide (game_situation (f.g), u, 3, f.dice, &d,
                                     err, sizeof err), 0);
        assert_false (d.charge);
        assert_int_equal (d.order.shoot_target, -1);
        assert_true (d.order.in_melee == (u == b));
        order_t o = order_hold ();
        o.fire = true;
        if (game_apply_order (f.g, u, &o, err, sizeof err) < 0)
            fail_msg ("%s", err);
    }
    for (int u = 0; u < game_unit_count (f.g); u++)
        if (game_needs_order (f.g, u)) {
            order_t h = order_hold ();
            game_apply_order (f.g, u, &h, err, sizeof err);
        }
    game_resolve_phase (f.g, f.dice);
    game_begin_phase (f.g, f.dice);
    assert_int_equal (game_phase (f.g), S19_PHASE_A_SHOOT);
    assert_true (game_unit (f.g, b)->in_melee);
    assert_int_equal (s19_fire_target (f.g, b, NULL), -1);
    assert_int_equal (s19_fire_target (f.g, b2, NULL), -1);
    unmake (&f);
}

/*  "Commanded troops must spend a turn halted to load ... they may then
 *  move at up to half speed and still shoot": half the unit's full speed.
 *  Cavalry's full speed is the gallop ("Gallop at 50-60cms"): loaded
 *  cavalry fire and move 30 cm, by a fire order with a move, by a move at
 *  the walk with fire (the walk not halved again) and by a move at half
 *  pace with fire (half speed is 30 cm, not half a walk); foot move half
 *  of 25 cm, 12.5, even when the move was ordered at half pace. */
static void
test_loaded_half_speed (void **state)
{
    (void) state;
    fixture_t f = make (NULL,
        "{ id = \"cpt\"; side = \"blue\"; arm = \"command\"; quality = \"hero\";"
        "  weapon = \"sword\"; figures = 1; x = 100.0; y = 100.0; facing = 0.0;"
        "  width = 2.0; depth = 2.0; },"
        "{ id = \"c1\"; side = \"blue\"; arm = \"cavalry\"; weapon = \"pistol\";"
        "  figures = 4; x = 80.0; y = 100.0; facing = 0.0; width = 15.0;"
        "  depth = 4.0; status = [\"loaded\"]; },"
        "{ id = \"c2\"; side = \"blue\"; arm = \"cavalry\"; weapon = \"pistol\";"
        "  figures = 4; x = 120.0; y = 100.0; facing = 0.0; width = 15.0;"
        "  depth = 4.0; status = [\"loaded\"]; },"
        "{ id = \"m\"; side = \"blue\"; arm = \"infantry\"; weapon = \"musket\";"
        "  figures = 4; x = 100.0; y = 80.0; facing = 0.0; width = 8.0;"
        "  depth = 3.0; status = [\"loaded\"]; },"
        "{ id = \"c3\"; side = \"blue\"; arm = \"cavalry\"; weapon = \"pistol\";"
        "  figures = 4; x = 100.0; y = 130.0; facing = 0.0; width = 15.0;"
        "  depth = 4.0; status = [\"loaded\"]; },"
        "{ id = \"r\"; side = \"red\"; arm = \"infantry\"; weapon = \"musket\";"
        "  figures = 6; x = 100.0; y = 118.0; facing = 180.0; width = 12.0;"
        "  depth = 3.0; }", NULL);
    int r = idx (&f, "r");
    for (int i = 0; i < 6; i++)
        assert_int_equal (dice_push (f.dice, 6, 6), 0);       /* command */
    game_begin_phase (f.g, f.dice);
    game_resolve_phase (f.g, f.dice);
    game_begin_phase (f.g, f.dice);                           /* blue moves */
    const char *ids[] = { "c1", "c2", "m", "c3" };
    for (int k = 0; k < 4; k++)
        assert_true (game_unit (f.g, idx (&f, ids[k]))->commanded);
    char err[256];
    order_t o = order_hold ();
    o.kind = ORDER_FIRE;                   /* fire, moving west */
    o.target = r;
    o.fire = true;
    o.has_to = true;
    o.pace = ORDER_PACE_HALF;
    o.to = (vec2_t) { 0, 100 };
    test_give_order (f.g, "c1", o);
    o = order_hold ();
    o.kind = ORDER_MOVE;                   /* walk east, and fire */
    o.target = r;
    o.fire = true;
    o.has_to = true;
    o.pace = ORDER_PACE_WALK;
    o.to = (vec2_t) { 250, 100 };
    test_give_order (f.g, "c2", o);
    o.pace = ORDER_PACE_HALF;              /* foot at half pace, firing */
    o.to = (vec2_t) { 100, 0 };
    test_give_order (f.g, "m", o);
    o.to = (vec2_t) { 100, 300 };          /* cavalry at half pace, firing */
    test_give_order (f.g, "c3", o);
    for (int u = 0; u < game_unit_count (f.g); u++)
        if (game_needs_order (f.g, u)) {
            order_t h = order_hold ();
            game_apply_order (f.g, u, &h, err, sizeof err);
        }
    game_resolve_phase (f.g, f.dice);
    const situation_t *sit = game_situation (f.g);
    double x1 = situation_unit_const (sit, idx (&f, "c1"))->fp.centre.x;
    double x2 = situation_unit_const (sit, idx (&f, "c2"))->fp.centre.x;
    double ym = situation_unit_const (sit, idx (&f, "m"))->fp.centre.y;
    double y3 = situation_unit_const (sit, idx (&f, "c3"))->fp.centre.y;
    if (fabs (x1 - 50.0) > 0.1 || fabs (x2 - 150.0) > 0.1
        || fabs (ym - 67.5) > 0.1 || fabs (y3 - 160.0) > 0.1)
        fail_msg ("c1 at x %.2f (want 50), c2 at x %.2f (want 150), m at "
                  "y %.2f (want 67.5), c3 at y %.2f (want 160)", x1, x2, ym,
                  y3);
    unmake (&f);
}

/*  "Shooting takes ½ turn halted for Firearms": a commanded unit with a
 *  thrown weapon (hatchet, rocks) is not held to half speed when it
 *  moves and throws; one with a musket is.  Each is ordered 40 cm west
 *  with fire at the enemy: the throwers go their full 25 cm, the
 *  musket 12.5. */
static void
test_throwers_move_full_and_throw (void **state)
{
    (void) state;
    fixture_t f = make (NULL,
        "{ id = \"cpt\"; side = \"blue\"; arm = \"command\"; quality = \"hero\";"
        "  weapon = \"sword\"; figures = 1; x = 100.0; y = 100.0; facing = 0.0;"
        "  width = 2.0; depth = 2.0; },"
        "{ id = \"h\"; side = \"blue\"; arm = \"infantry\"; weapon = \"hatchet\";"
        "  figures = 2; x = 100.0; y = 105.0; facing = 0.0; width = 4.0;"
        "  depth = 2.0; },"
        "{ id = \"k\"; side = \"blue\"; arm = \"infantry\"; weapon = \"rocks\";"
        "  figures = 2; x = 100.0; y = 95.0; facing = 0.0; width = 4.0;"
        "  depth = 2.0; },"
        "{ id = \"m\"; side = \"blue\"; arm = \"infantry\"; weapon = \"musket\";"
        "  figures = 2; x = 100.0; y = 90.0; facing = 0.0; width = 4.0;"
        "  depth = 2.0; status = [\"loaded\"]; },"
        "{ id = \"r\"; side = \"red\"; arm = \"infantry\"; weapon = \"musket\";"
        "  figures = 6; x = 90.0; y = 112.0; facing = 180.0; width = 12.0;"
        "  depth = 3.0; }", NULL);
    int r = idx (&f, "r");
    for (int i = 0; i < 6; i++)
        assert_int_equal (dice_push (f.dice, 6, 6), 0);       /* command */
    game_begin_phase (f.g, f.dice);
    game_resolve_phase (f.g, f.dice);
    game_begin_phase (f.g, f.dice);                           /* blue moves */
    const char *ids[] = { "h", "k", "m" };
    for (int k = 0; k < 3; k++) {
        assert_true (game_unit (f.g, idx (&f, ids[k]))->commanded);
        order_t o = order_hold ();
        o.kind = ORDER_MOVE;
        o.target = r;
        o.fire = true;
        o.has_to = true;
        o.to = (vec2_t) { 60, situation_unit_const (game_situation (f.g),
                                                    idx (&f, ids[k]))
                              ->fp.centre.y };
        test_give_order (f.g, ids[k], o);
    }
    char err[256];
    for (int u = 0; u < game_unit_count (f.g); u++)
        if (game_needs_order (f.g, u)) {
            order_t h = order_hold ();
            game_apply_order (f.g, u, &h, err, sizeof err);
        }
    game_resolve_phase (f.g, f.dice);
    const situation_t *sit = game_situation (f.g);
    test_near (situation_unit_const (sit, idx (&f, "h"))->fp.centre.x, 75,
               0.1);
    test_near (situation_unit_const (sit, idx (&f, "k"))->fp.centre.x, 75,
               0.1);
    test_near (situation_unit_const (sit, idx (&f, "m"))->fp.centre.x, 87.5,
               0.1);
    unmake (&f);
}

/*  A game of `units` (no terrain but `terrain`) played to side A's
 *  (blue's) move, where blue's units wait for their orders. */
static fixture_t
at_blue_move (const char *terrain, const char *units, const char *orders)
{
    fixture_t f = make (terrain, units, orders);
    game_begin_phase (f.g, f.dice);                 /* command */
    game_resolve_phase (f.g, f.dice);
    game_begin_phase (f.g, f.dice);                 /* blue moves */
    assert_int_equal (game_phase (f.g), S19_PHASE_A_MOVE);
    return f;
}

/*  Give unit u the tables' order on die `roll` (its decision into *d),
 *  every other unit waiting for one holding, resolve the move and begin
 *  the shooting that follows it. */
static order_t
table_move_then_shoot (fixture_t *f, int u, int roll, rf_decision_t *d)
{
    order_t o;
    char why[256], err[256];
    assert_true (game_table_bound (f->g, u));
    assert_int_equal (strategy_table_order_roll (f->g, u, roll, f->dice, &o,
                                                 d, why, sizeof why), 0);
    if (game_apply_order (f->g, u, &o, err, sizeof err) < 0)
        fail_msg ("%s", err);
    for (int k = 0; k < game_unit_count (f->g); k++)
        if (game_needs_order (f->g, k)) {
            order_t h = order_hold ();
            game_apply_order (f->g, k, &h, err, sizeof err);
        }
    game_resolve_phase (f->g, f->dice);
    game_begin_phase (f->g, f->dice);
    return o;
}

/*  "Uncommanded troops only shoot at the nearest enemy they can hit",
 *  and the play sequence shoots after the move ("(2) Move all the P.C.s
 *  side's actions.  (3) Calculate any shooting by Side 'A's units"): the
 *  target is seen and measured from where the move ends.  Blue at
 *  (100, 100) sees e1 98 cm up the table; a house hides e2 to its right.
 *  On a 6 it moves 25 cm towards e1, to (100, 125), where e2 is in sight
 *  36 cm away and e1 73 cm: it shoots at e2, in the answer and in the
 *  game. */
static void
test_shoots_from_where_the_move_ends (void **state)
{
    (void) state;
    fixture_t f = at_blue_move (
        "{ id = \"house\"; kind = \"town\"; polygon = ( [115.0, 108.0], "
        "[125.0, 108.0], [125.0, 118.0], [115.0, 118.0] ); }",
        "{ id = \"b\"; side = \"blue\"; arm = \"infantry\"; weapon = \"musket\";"
        "  figures = 10; x = 100.0; y = 100.0; facing = 0.0; width = 4.0;"
        "  depth = 2.0; },"
        "{ id = \"e1\"; side = \"red\"; arm = \"infantry\"; weapon = \"musket\";"
        "  figures = 6; x = 100.0; y = 200.0; facing = 180.0; width = 4.0;"
        "  depth = 2.0; },"
        "{ id = \"e2\"; side = \"red\"; arm = \"infantry\"; weapon = \"musket\";"
        "  figures = 6; x = 140.0; y = 130.0; facing = 180.0; width = 4.0;"
        "  depth = 2.0; }", NULL);
    int b = idx (&f, "b"), e1 = idx (&f, "e1"), e2 = idx (&f, "e2");
    const situation_t *sit = game_situation (f.g);
    /* where it stands, e2 is out of its sight */
    assert_false (situation_can_see (sit, b, e2, NULL, NULL));
    rf_decision_t d;
    char err[256];
    assert_int_equal (rf_decide (sit, b, 6, f.dice, &d, err, sizeof err), 0);
    assert_int_equal (d.action, RF_ADVANCE_VISIBLE);
    assert_int_equal (d.order.nearest_enemy, e1);
    assert_true (d.order.has_destination);
    test_near (d.order.destination.y, 125.0, 0.1);
    assert_true (d.order.shoots);
    assert_int_equal (d.order.shoot_target, e2);
    assert_string_equal (d.order.range_band, "medium");
    assert_non_null (strstr (d.explanation, "Shoots at e2"));
    /* the game: the same move, and the shot at e2 */
    order_t o = table_move_then_shoot (&f, b, 6, &d);
    assert_true (o.fire);
    assert_int_equal (game_phase (f.g), S19_PHASE_A_SHOOT);
    assert_int_equal (s19_fire_target (f.g, b, NULL), e2);
    unmake (&f);
}

/*  The same line in a game: a unit carrying on its march ("Continue
 *  current actions") into sight of the enemy fires at it.  Blue marches
 *  up the table under its first order; a house hides red from it where
 *  it starts.  Out of sight (RF -5), on a 1 it continues, 25 cm to
 *  (100, 75), from where red is 32 cm away in the open: it fires. */
static void
test_marches_into_sight_and_fires (void **state)
{
    (void) state;
    fixture_t f = at_blue_move (
        "{ id = \"house\"; kind = \"town\"; polygon = ( [105.0, 55.0], "
        "[120.0, 55.0], [120.0, 70.0], [105.0, 70.0] ); }",
        "{ id = \"b\"; side = \"blue\"; arm = \"infantry\"; weapon = \"musket\";"
        "  figures = 10; x = 100.0; y = 50.0; facing = 0.0; width = 4.0;"
        "  depth = 2.0; },"
        "{ id = \"r\"; side = \"red\"; arm = \"infantry\"; weapon = \"musket\";"
        "  figures = 6; x = 130.0; y = 95.0; facing = 180.0; width = 4.0;"
        "  depth = 2.0; }",
        "{ unit = \"b\"; order = \"move\"; to = [100.0, 250.0]; }");
    int b = idx (&f, "b"), r = idx (&f, "r");
    assert_false (situation_can_see (game_situation (f.g), b, r, NULL, NULL));
    rf_decision_t d;
    order_t o = table_move_then_shoot (&f, b, 1, &d);
    assert_int_equal (d.action, RF_CONTINUE);
    assert_int_equal (d.order.nearest_enemy, -1);
    assert_int_equal (o.kind, ORDER_CONTINUE);
    assert_true (o.fire);
    const unit_t *bu = situation_unit_const (game_situation (f.g), b);
    test_near (bu->fp.centre.y, 75.0, 0.1);
    assert_int_equal (game_phase (f.g), S19_PHASE_A_SHOOT);
    assert_int_equal (s19_fire_target (f.g, b, NULL), r);
    unmake (&f);
}

/*  "If a group is directed to 'Charge?' It moves to contact the nearest
 *  enemy figures in reach": a unit that charges into contact goes at the
 *  enemy, and is falling back no more, from a "Continue current actions
 *  facing the nearest enemy (Charge?)" cell as from an "Advance ...
 *  (Charge?)" one.  Blue, raw and falling back, RF 2, red 17 cm before
 *  it: on a 4 it charges, and the falling back ends, in the answer and
 *  in the game. */
static void
test_charge_ends_falling_back (void **state)
{
    (void) state;
    for (int roll = 4; roll <= 6; roll++) {
        fixture_t f = at_blue_move (NULL,
            "{ id = \"b\"; side = \"blue\"; arm = \"infantry\"; weapon = \"musket\";"
            "  quality = \"raw\"; figures = 10; x = 100.0; y = 100.0;"
            "  facing = 0.0; width = 12.0; depth = 3.0;"
            "  status = [\"falling_back\"]; },"
            "{ id = \"e1\"; side = \"red\"; arm = \"infantry\"; weapon = \"musket\";"
            "  figures = 6; x = 100.0; y = 120.0; facing = 180.0; width = 12.0;"
            "  depth = 3.0; }", NULL);
        int b = idx (&f, "b"), e1 = idx (&f, "e1");
        rf_decision_t d;
        char err[256];
        assert_int_equal (rf_decide (game_situation (f.g), b, roll, f.dice, &d,
                                     err, sizeof err), 0);
        assert_int_equal (d.rf, 2);
        assert_int_equal (d.action, roll < 6 ? RF_CONTINUE_FACING_CHARGE
                                             : RF_ADVANCE_CHARGE);
        assert_true (d.charge);
        uint32_t set, clear;
        rf_status_effect (game_rules_ruleset (rules), &d, &set, &clear);
        assert_false (set & STATUS_FALLING_BACK);
        assert_true (clear & STATUS_FALLING_BACK);
        assert_non_null (strstr (d.explanation, "it charges, and falls back "
                                                "no more"));
        order_t o = table_move_then_shoot (&f, b, roll, &d);
        assert_int_equal (o.kind, ORDER_CHARGE);
        assert_int_equal (o.target, e1);
        assert_true (game_unit (f.g, b)->in_melee);
        assert_false (situation_unit_const (game_situation (f.g), b)->status
                      & STATUS_FALLING_BACK);
        unmake (&f);
    }
}

/*  "Advance towards nearest enemy (Charge?)" with no enemy in sight has
 *  nobody to advance on: the current actions go on (RULINGS.md, "The
 *  orders"), in the words of the answer, in the statuses it leaves and
 *  in the game alike.  Blue, heavily hit and falling back, marches out of
 *  sight of red (RF2-5); on a 6 it carries on its march, still falling
 *  back. */
static void
test_advance_on_nobody_carries_on (void **state)
{
    (void) state;
    fixture_t f = marching_out_of_sight ("figures = 10; killed = 8;"
                                         " status = [\"falling_back\"];");
    int b = idx (&f, "b");
    rf_decision_t d;
    char err[256];
    assert_int_equal (rf_decide (game_situation (f.g), b, 6, f.dice, &d, err,
                                 sizeof err), 0);
    assert_true (d.band >= 2);
    assert_int_equal (d.action, RF_ADVANCE_CHARGE);
    assert_int_equal (d.order.nearest_enemy, -1);
    assert_false (d.charge);
    assert_true (rf_continues (&d));
    assert_non_null (strstr (d.explanation, "no enemy is visible to move "
                                            "towards: it carries on with its "
                                            "current actions"));
    assert_null (strstr (d.explanation, "halt where it stands"));
    uint32_t set, clear;
    rf_status_effect (game_rules_ruleset (rules), &d, &set, &clear);
    assert_int_equal (set, 0);
    assert_int_equal (clear, 0);
    /* the game: the march goes on, and so does the falling back */
    double y0 = situation_unit_const (game_situation (f.g), b)->fp.centre.y;
    order_t o = table_move_then_shoot (&f, b, 6, &d);
    assert_int_equal (o.kind, ORDER_CONTINUE);
    assert_false (o.status_clear & STATUS_FALLING_BACK);
    const unit_t *u = situation_unit_const (game_situation (f.g), b);
    assert_true (u->status & STATUS_FALLING_BACK);
    test_near (u->fp.centre.y - y0, 25.0, 0.1);
    unmake (&f);
}

/*  Blue b, raw, with red e1 20.5 cm ahead across 15 cm of rough ground
 *  (a charge to it costs 35.5 cm), and the units of `more` (each after a
 *  comma; "" for none), at blue's move. */
static fixture_t
rough_ahead (const char *more)
{
    char units[1024];
    snprintf (units, sizeof units, "%s%s",
              "{ id = \"b\"; side = \"blue\"; arm = \"infantry\";"
              "  weapon = \"musket\"; quality = \"raw\"; figures = 10;"
              "  x = 100.0; y = 100.0; facing = 0.0; width = 12.0; depth = 3.0; },"
              "{ id = \"e1\"; side = \"red\"; arm = \"infantry\";"
              "  weapon = \"musket\"; figures = 6; x = 100.0; y = 123.5;"
              "  facing = 180.0; width = 12.0; depth = 3.0; }", more);
    return at_blue_move (
        "{ id = \"scrub\"; kind = \"rough\"; polygon = ( [80.0, 103.0], "
        "[120.0, 103.0], [120.0, 118.0], [80.0, 118.0] ); }", units, NULL);
}

/*  "Difficult going counts double the distance": a charge's reach pays
 *  for the rough ground on its way, as the game's charge does
 *  (settings.charge_reach_pays_terrain).  Blue, raw, RF 2, red 20.5 cm
 *  ahead across 15 cm of rough ground: the charge would cost 35.5 cm of
 *  its 25, so on a 4 ("Continue current actions facing the nearest enemy
 *  (Charge?)") it does not charge: it carries on facing red and shoots
 *  at it, in the answer and in the game.  Reach measured in the open
 *  (the setting false), it would charge. */
static void
test_charge_reach_pays_difficult_going (void **state)
{
    (void) state;
    for (int open = 0; open <= 1; open++) {
        in_force = open ? test_rules_edited (
                              "rules/data/skirmish19/tables.cfg",
                              "charge_reach_pays_terrain = true",
                              "charge_reach_pays_terrain = false")
                        : NULL;
        fixture_t f = rough_ahead ("");
        int b = idx (&f, "b"), e1 = idx (&f, "e1");
        rf_decision_t d;
        char err[256];
        assert_int_equal (rf_decide (game_situation (f.g), b, 4, f.dice, &d,
                                     err, sizeof err), 0);
        assert_int_equal (d.rf, 2);
        assert_int_equal (d.action, RF_CONTINUE_FACING_CHARGE);
        test_near (d.order.nearest_enemy_cm, 20.5, 1e-6);
        assert_true (d.charge == (open == 1));
        assert_true (d.order.enemy_in_charge_reach == (open == 1));
        for (int face = 0; face < RF_FACES; face++)
            assert_true (d.outcomes[face].charge
                         == (open == 1 && (face == 3 || face == 4
                                           || face == 5)));
        if (!open) {
            assert_false (d.order.has_destination);
            assert_int_equal (d.order.shoot_target, e1);
            assert_non_null (strstr (d.explanation, "no charge"));
            /* on a 6 it advances, its whole 25 cm spent: 3 cm in the
               open and 11 cm of rough (22), to y 114 */
            rf_decision_t a;
            assert_int_equal (rf_decide (game_situation (f.g), b, 6, f.dice,
                                         &a, err, sizeof err), 0);
            assert_int_equal (a.action, RF_ADVANCE_CHARGE);
            assert_false (a.charge);
            assert_true (a.order.has_destination);
            test_near (a.order.destination.y, 114.0, 0.01);
        }
        order_t o = table_move_then_shoot (&f, b, 4, &d);
        if (open)
            assert_int_equal (o.kind, ORDER_CHARGE);
        else {
            assert_int_equal (o.kind, ORDER_CONTINUE);
            assert_true (o.fire);
            assert_int_equal (game_phase (f.g), S19_PHASE_A_SHOOT);
            assert_int_equal (s19_fire_target (f.g, b, NULL), e1);
        }
        unmake (&f);
        if (in_force)
            game_rules_destroy (&in_force);
    }
}

/*  "If a group is directed to 'Charge?' It moves to contact the nearest
 *  enemy figures in reach": the nearest enemy in reach, not the nearest
 *  enemy (settings.charge_nearest_in_reach).  Blue, raw, as in the test
 *  before (rough_ahead): red e1 20.5 cm ahead across 15 cm of rough
 *  ground (35.5 cm of its 25, out of reach), red e2 22 cm off its right
 *  flank in the open (in reach).  On a 4 ("Continue current actions
 *  facing the nearest enemy (Charge?)") it charges e2, into contact,
 *  though e1 is nearer; the game's order is a charge at e2.  With the
 *  setting false only the nearest is asked: no charge. */
static void
test_charge_nearest_enemy_in_reach (void **state)
{
    (void) state;
    for (int nearest_only = 0; nearest_only <= 1; nearest_only++) {
        in_force = nearest_only ? test_rules_edited (
                                      "rules/data/skirmish19/tables.cfg",
                                      "charge_nearest_in_reach = true",
                                      "charge_nearest_in_reach = false")
                                : NULL;
        fixture_t f = rough_ahead (
            ", { id = \"e2\"; side = \"red\"; arm = \"infantry\";"
            "  weapon = \"musket\"; figures = 6; x = 129.5; y = 100.0;"
            "  facing = 270.0; width = 12.0; depth = 3.0; }");
        int b = idx (&f, "b"), e1 = idx (&f, "e1"), e2 = idx (&f, "e2");
        const situation_t *sit = game_situation (f.g);
        rf_decision_t d;
        char err[256];
        assert_int_equal (rf_decide (sit, b, 4, f.dice, &d, err, sizeof err),
                          0);
        assert_int_equal (d.action, RF_CONTINUE_FACING_CHARGE);
        assert_int_equal (d.order.nearest_enemy, e1);
        test_near (d.order.nearest_enemy_cm, 20.5, 1e-6);
        assert_true (d.charge == !nearest_only);
        assert_true (d.order.enemy_in_charge_reach == !nearest_only);
        if (!nearest_only) {
            assert_int_equal (d.order.charge_target, e2);
            assert_true (d.order.has_destination);
            /* base to base with e2 where the move ends */
            footprint_t at = situation_unit_const (sit, b)->fp;
            at.centre = d.order.destination;
            at.facing = d.order.facing;
            test_near (footprint_distance (&at,
                                           &situation_unit_const (sit, e2)->fp),
                       0.0, 0.05);
            assert_non_null (strstr (d.explanation, "It charges the nearest "
                                     "enemy in charge reach: e2 (e1 is "
                                     "nearer, beyond charge reach)."));
        }
        else {
            assert_int_equal (d.order.charge_target, -1);
            assert_non_null (strstr (d.explanation, "no charge"));
        }
        order_t o = table_move_then_shoot (&f, b, 4, &d);
        if (!nearest_only) {
            assert_int_equal (o.kind, ORDER_CHARGE);
            assert_int_equal (o.target, e2);
        }
        else
            assert_int_not_equal (o.kind, ORDER_CHARGE);
        unmake (&f);
        if (in_force)
            game_rules_destroy (&in_force);
    }
}

/*  "Units falling back away from the enemy will halt in the nearest
 *  cover facing the last known enemy position (5,6 D6)": the game
 *  remembers where each unit last saw an enemy.  Blue, falling back,
 *  sees red at (240, 150); red marches behind a house, out of its sight.
 *  Next turn blue, seeing no enemy (RF -5), throws a 5: no cover within a
 *  move, it halts where it stands facing (240, 150), where it last saw
 *  red, not its old facing. */
static void
test_halt_faces_last_known_enemy (void **state)
{
    (void) state;
    fixture_t f = make (
        "{ id = \"house\"; kind = \"town\"; polygon = ( [180.0, 140.0], "
        "[215.0, 140.0], [215.0, 180.0], [180.0, 180.0] ); }",
        "{ id = \"b\"; side = \"blue\"; arm = \"infantry\"; weapon = \"musket\";"
        "  figures = 10; x = 150.0; y = 100.0; facing = 0.0; width = 12.0;"
        "  depth = 3.0; status = [\"falling_back\"]; },"
        "{ id = \"r\"; side = \"red\"; arm = \"infantry\"; weapon = \"musket\";"
        "  figures = 6; x = 240.0; y = 150.0; facing = 180.0; width = 12.0;"
        "  depth = 3.0; }", NULL);
    int b = idx (&f, "b"), r = idx (&f, "r");
    const situation_t *sit = game_situation (f.g);
    assert_true (situation_can_see (sit, b, r, NULL, NULL));
    const unit_t *bu = situation_unit_const (sit, b);
    assert_true (bu->status & STATUS_HAS_LAST_ENEMY);
    test_near (bu->last_enemy_seen.x, 240.0, 1e-9);
    test_near (bu->last_enemy_seen.y, 150.0, 1e-9);
    /* turn 1: blue holds; red marches 25 cm behind the house */
    char err[256];
    while (game_turn (f.g) == 1 && !game_over (f.g)) {
        game_begin_phase (f.g, f.dice);
        for (int u = 0; u < game_unit_count (f.g); u++)
            if (game_needs_order (f.g, u)) {
                order_t o = order_hold ();
                if (u == r) {
                    o.kind = ORDER_MOVE;
                    o.has_to = true;
                    o.to = (vec2_t) { 240.0, 175.0 };
                }
                if (game_apply_order (f.g, u, &o, err, sizeof err) < 0)
                    fail_msg ("%s", err);
            }
        game_resolve_phase (f.g, f.dice);
    }
    sit = game_situation (f.g);
    test_near (situation_unit_const (sit, r)->fp.centre.y, 175.0, 0.1);
    assert_false (situation_can_see (sit, b, r, NULL, NULL));
    bu = situation_unit_const (sit, b);
    test_near (bu->last_enemy_seen.x, 240.0, 1e-9);
    test_near (bu->last_enemy_seen.y, 150.0, 1e-9);
    /* turn 2: blue's move */
    game_begin_phase (f.g, f.dice);                 /* command */
    game_resolve_phase (f.g, f.dice);
    game_begin_phase (f.g, f.dice);
    assert_int_equal (game_phase (f.g), S19_PHASE_A_MOVE);
    rf_decision_t d;
    order_t o = table_move_then_shoot (&f, b, 5, &d);
    assert_int_equal (d.order.nearest_enemy, -1);
    assert_true (d.falling_back_halt);
    assert_false (d.order.has_destination);
    double want = geom_bearing ((vec2_t) { 150.0, 100.0 },
                                (vec2_t) { 240.0, 150.0 });
    test_near (d.order.facing, want, 1e-6);
    test_near (o.facing, want, 1e-6);
    bu = situation_unit_const (game_situation (f.g), b);
    test_near (bu->fp.facing, want, 1e-6);
    assert_false (bu->status & STATUS_FALLING_BACK);
    unmake (&f);
}

/*  "Units falling back away from the enemy will halt in the nearest
 *  cover facing the last known enemy position (5,6 D6)": on a 1 to 4 they
 *  do not halt, and "Continue current actions" carries on the falling
 *  back, a move a turn away from the enemy, until the 5 or 6 (a game no
 *  longer holds the unit once its first move's point is reached).  Blue,
 *  falling back, red in sight 150 cm away (RF -1), no cover near: a 1,
 *  then a 3, take it 25 cm and 25 cm more away from red; a 5 halts it,
 *  falling back no more. */
static void
test_falling_back_goes_on (void **state)
{
    (void) state;
    fixture_t f = make (NULL,
        "{ id = \"b\"; side = \"blue\"; arm = \"infantry\"; weapon = \"musket\";"
        "  figures = 10; x = 150.0; y = 100.0; facing = 0.0; width = 12.0;"
        "  depth = 3.0; status = [\"falling_back\"]; },"
        "{ id = \"r\"; side = \"red\"; arm = \"infantry\"; weapon = \"musket\";"
        "  figures = 10; x = 150.0; y = 250.0; facing = 180.0; width = 12.0;"
        "  depth = 3.0; }", NULL);
    int b = idx (&f, "b");
    const int rolls[3] = { 1, 3, 5 };
    const double want_y[3] = { 75.0, 50.0, 50.0 };
    char err[256];
    for (int turn = 0; turn < 3; turn++) {
        game_begin_phase (f.g, f.dice);             /* command */
        game_resolve_phase (f.g, f.dice);
        game_begin_phase (f.g, f.dice);             /* blue moves */
        assert_int_equal (game_phase (f.g), S19_PHASE_A_MOVE);
        rf_decision_t d;
        assert_int_equal (rf_decide (game_situation (f.g), b, rolls[turn],
                                     f.dice, &d, err, sizeof err), 0);
        assert_int_equal (d.rf, -1);
        if (turn < 2) {
            assert_int_equal (d.action, RF_CONTINUE);
            assert_non_null (strstr (d.explanation, "it goes on falling back "
                                                    "away from the enemy"));
        }
        else
            assert_true (d.falling_back_halt);
        order_t o = table_move_then_shoot (&f, b, rolls[turn], &d);
        assert_int_equal (o.kind, turn < 2 ? ORDER_CONTINUE : ORDER_HOLD);
        const unit_t *u = situation_unit_const (game_situation (f.g), b);
        test_near (u->fp.centre.x, 150.0, 0.1);
        test_near (u->fp.centre.y, want_y[turn], 0.1);
        assert_true (((u->status & STATUS_FALLING_BACK) != 0) == (turn < 2));
        /* the rest of the turn: everyone holds */
        for (;;) {
            for (int k = 0; k < game_unit_count (f.g); k++)
                if (game_needs_order (f.g, k)) {
                    order_t h = order_hold ();
                    game_apply_order (f.g, k, &h, err, sizeof err);
                }
            game_resolve_phase (f.g, f.dice);
            assert_false (game_over (f.g));
            if (game_phase (f.g) == S19_PHASE_COMMAND)
                break;
            game_begin_phase (f.g, f.dice);
        }
    }
    unmake (&f);
}

/*  "It takes 1/4 move to clear a low barrier (Fallen tree etc) or
 *  fence", read as a quarter of the move at the pace used (RULINGS.md,
 *  "The orders"): at half speed a quarter of the half move, however the
 *  half speed was ordered.  Foot 12.5 cm at half speed, a fence 5 cm
 *  behind them: 5 cm to it, 3.125 to clear it, 4.375 beyond, 9.375 cm in
 *  all, for a move ordered at half pace, a fire order with a move and a
 *  move ordered with fire alike. */
static void
test_fence_at_half_speed (void **state)
{
    (void) state;
    fixture_t f = make (
        "{ id = \"fence\"; kind = \"low_barrier\"; polygon = ( [0.0, 94.0], "
        "[300.0, 94.0], [300.0, 95.0], [0.0, 95.0] ); }",
        "{ id = \"cpt\"; side = \"blue\"; arm = \"command\"; quality = \"hero\";"
        "  weapon = \"sword\"; figures = 1; x = 150.0; y = 110.0; facing = 0.0;"
        "  width = 2.0; depth = 2.0; },"
        "{ id = \"half\"; side = \"blue\"; arm = \"infantry\"; weapon = \"musket\";"
        "  figures = 4; x = 120.0; y = 100.0; facing = 0.0; width = 8.0;"
        "  depth = 3.0; status = [\"loaded\"]; },"
        "{ id = \"fire\"; side = \"blue\"; arm = \"infantry\"; weapon = \"musket\";"
        "  figures = 4; x = 150.0; y = 100.0; facing = 0.0; width = 8.0;"
        "  depth = 3.0; status = [\"loaded\"]; },"
        "{ id = \"movefire\"; side = \"blue\"; arm = \"infantry\";"
        "  weapon = \"musket\"; figures = 4; x = 180.0; y = 100.0; facing = 0.0;"
        "  width = 8.0; depth = 3.0; status = [\"loaded\"]; },"
        "{ id = \"r\"; side = \"red\"; arm = \"infantry\"; weapon = \"musket\";"
        "  figures = 6; x = 150.0; y = 160.0; facing = 180.0; width = 12.0;"
        "  depth = 3.0; }", NULL);
    int r = idx (&f, "r");
    for (int i = 0; i < 5; i++)
        assert_int_equal (dice_push (f.dice, 6, 6), 0);       /* command */
    game_begin_phase (f.g, f.dice);
    game_resolve_phase (f.g, f.dice);
    game_begin_phase (f.g, f.dice);                           /* blue moves */
    const char *ids[] = { "half", "fire", "movefire" };
    for (int k = 0; k < 3; k++)
        assert_true (game_unit (f.g, idx (&f, ids[k]))->commanded);
    char err[256];
    order_t o = order_hold ();
    o.kind = ORDER_MOVE;                   /* half pace, no fire */
    o.has_to = true;
    o.pace = ORDER_PACE_HALF;
    o.to = (vec2_t) { 120, 0 };
    test_give_order (f.g, "half", o);
    o = order_hold ();
    o.kind = ORDER_FIRE;                   /* fire, moving back */
    o.target = r;
    o.fire = true;
    o.has_to = true;
    o.pace = ORDER_PACE_HALF;
    o.to = (vec2_t) { 150, 0 };
    test_give_order (f.g, "fire", o);
    o = order_hold ();
    o.kind = ORDER_MOVE;                   /* a move, and fire */
    o.target = r;
    o.fire = true;
    o.has_to = true;
    o.to = (vec2_t) { 180, 0 };
    test_give_order (f.g, "movefire", o);
    for (int u = 0; u < game_unit_count (f.g); u++)
        if (game_needs_order (f.g, u)) {
            order_t h = order_hold ();
            game_apply_order (f.g, u, &h, err, sizeof err);
        }
    game_resolve_phase (f.g, f.dice);
    const situation_t *sit = game_situation (f.g);
    for (int k = 0; k < 3; k++) {
        double y = situation_unit_const (sit, idx (&f, ids[k]))->fp.centre.y;
        if (fabs (y - 90.625) > 0.1)
            fail_msg ("%s at y %.3f, want 90.625 (a quarter of 12.5 cm to "
                      "clear the fence)", ids[k], y);
    }
    unmake (&f);
}

/*  "3: If running from enemy last turn, or retreating as a result of
 *  melee."  A scenario that starts a unit so (status "ran_last_turn" or
 *  "retreating_from_melee") starts it after that last turn: out of
 *  command, an enemy musket 50 cm ahead, its Risk Factors at its move in
 *  turn 1 have the +3 (running_or_retreating). */
static void
test_scenario_status_holds_in_turn_one (void **state)
{
    (void) state;
    const char *statuses[] = { "ran_last_turn", "retreating_from_melee" };
    for (int k = 0; k < 2; k++) {
        char units[1024];
        snprintf (units, sizeof units,
            "{ id = \"b\"; side = \"blue\"; arm = \"infantry\"; weapon = \"musket\";"
            "  figures = 6; x = 150.0; y = 100.0; facing = 0.0; width = 12.0;"
            "  depth = 3.0; status = [\"%s\"]; },"
            "{ id = \"r\"; side = \"red\"; arm = \"infantry\"; weapon = \"musket\";"
            "  figures = 6; x = 150.0; y = 153.0; facing = 180.0; width = 12.0;"
            "  depth = 3.0; }", statuses[k]);
        fixture_t f = make (NULL, units, NULL);
        int b = idx (&f, "b");
        game_begin_phase (f.g, f.dice);                 /* command */
        game_resolve_phase (f.g, f.dice);
        game_begin_phase (f.g, f.dice);                 /* blue moves */
        assert_int_equal (game_turn (f.g), 1);
        assert_true (game_table_bound (f.g, b));
        char err[256];
        rf_decision_t d;
        assert_int_equal (rf_factors (game_situation (f.g), b, f.dice, &d, err,
                                      sizeof err), 0);
        int running = 0;
        for (int i = 0; i < d.factor_count; i++)
            if (strcmp (d.factors[i].name, "running_or_retreating") == 0)
                running = d.factors[i].value;
        if (running != 3)
            fail_msg ("%s: running_or_retreating %+d in turn 1, want +3",
                      statuses[k], running);
        unmake (&f);
    }
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_rf0_six_without_enemy_in_sight),
        cmocka_unit_test (test_rows_without_an_enemy_known),
        cmocka_unit_test (test_command_figure_of_unknown_grade),
        cmocka_unit_test (test_commanded_reload),
        cmocka_unit_test (test_row_specials_named_above_rf0),
        cmocka_unit_test (test_falling_back_halts),
        cmocka_unit_test (test_line_of_fire_masked),
        cmocka_unit_test (test_no_fire_in_melee),
        cmocka_unit_test (test_loaded_half_speed),
        cmocka_unit_test (test_throwers_move_full_and_throw),
        cmocka_unit_test (test_fence_at_half_speed),
        cmocka_unit_test (test_shoots_from_where_the_move_ends),
        cmocka_unit_test (test_marches_into_sight_and_fires),
        cmocka_unit_test (test_charge_ends_falling_back),
        cmocka_unit_test (test_no_enemy_to_move_from),
        cmocka_unit_test (test_advance_on_nobody_carries_on),
        cmocka_unit_test (test_charge_reach_pays_difficult_going),
        cmocka_unit_test (test_charge_nearest_enemy_in_reach),
        cmocka_unit_test (test_halt_faces_last_known_enemy),
        cmocka_unit_test (test_falling_back_goes_on),
        cmocka_unit_test (test_scenario_status_holds_in_turn_one),
    };
    return cmocka_run_group_tests (tests, setup, teardown);
}
