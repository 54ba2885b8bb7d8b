/*  test_s19_game.c - seed 002 played through the game interface: the play
 *  sequence, activation, loading, shooting in the game, charges, melee
 *  with its fall back, movement as real moves, victory, state copies.  */
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
#include "testutil.h"

static game_rules_t *rules;

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

/*  A unit line for a scenario's units list. */
static const char *
unit (const char *id, const char *side, const char *arm, const char *quality,
      const char *weapon, int figures, double x, double y, double facing,
      const char *extra)
{
    static char buf[8][512];
    static int next;
    char *b = buf[next++ % 8];
    snprintf (b, 512, "{ id = \"%s\"; side = \"%s\"; arm = \"%s\"; quality = "
              "\"%s\"; weapon = \"%s\"; figures = %d; x = %.1f; y = %.1f; "
              "facing = %.1f; width = %.1f; depth = 3.0; %s }", id, side, arm,
              quality, weapon, figures, x, y, facing,
              strcmp (arm, "command") == 0 ? 2.0 : 2.0 * figures,
              extra ? extra : "");
    return b;
}

typedef struct {
    scenario_t *sc;
    game_t *g;
    dice_t *dice;
} fixture_t;

/*  A 200 x 200 table with `terrain` and `units` (comma-separated), and
 *  `more` in the scenario group. */
static fixture_t
make (const char *terrain, const char *units, const char *more)
{
    char text[8192], err[256] = "";
    snprintf (text, sizeof text,
              "ruleset = \"skirmish19\";\n"
              "table = { width = 200.0; depth = 200.0; };\n"
              "terrain = ( %s );\nunits = ( %s );\n"
              "scenario = { name = \"t\"; turns = 10; %s\n"
              "  victory = { army_break = 0.5; }; };\n",
              terrain ? terrain : "", units, more ? more : "");
    fixture_t f;
    f.sc = scenario_load_text (text, "t.cfg", game_rules_finder, rules, err,
                               sizeof err);
    if (!f.sc)
        fail_msg ("%s", err);
    f.g = game_new (rules, f.sc, err, sizeof err);
    if (!f.g)
        fail_msg ("%s", err);
    f.dice = dice_new (99);
    return f;
}

static void
unmake (fixture_t *f)
{
    game_destroy (&f->g);
    scenario_destroy (&f->sc);
    dice_destroy (&f->dice);
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

/*  A unit is in play until it is gone or has no figure standing; a side
 *  sees a unit when one of its units in play sees it: not a unit deep in
 *  a wood (the seed's woods are seen into only so far), nor with the
 *  only unit that could see it gone. */
static void
test_in_play_and_seen (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s,%s,%s",
              unit ("b", "blue", "infantry", "regular", "musket", 4, 100, 40, 0, NULL),
              unit ("hid", "blue", "infantry", "regular", "musket", 4, 100, 150, 0, NULL),
              unit ("r", "red", "infantry", "regular", "musket", 4, 100, 60, 180, NULL));
    fixture_t f = make ("{ id = \"wood\"; kind = \"woods\"; polygon = ( [60.0, 120.0], "
                        "[140.0, 120.0], [140.0, 190.0], [60.0, 190.0] ); }", units, NULL);
    assert_true (game_unit_in_play (f.g, idx (&f, "b")));
    assert_true (game_side_sees (f.g, SIDE_RED, idx (&f, "b")));
    assert_false (game_side_sees (f.g, SIDE_RED, idx (&f, "hid")));
    assert_true (game_side_sees (f.g, SIDE_BLUE, idx (&f, "r")));
    /* r's figures all killed: out of play, and blind */
    situation_unit (game_situation_mut (f.g), idx (&f, "r"))->killed = 4;
    assert_false (game_unit_in_play (f.g, idx (&f, "r")));
    assert_false (game_side_sees (f.g, SIDE_RED, idx (&f, "b")));
    /* gone from the table */
    game_unit_mut (f.g, idx (&f, "b"))->gone = 1;
    assert_false (game_unit_in_play (f.g, idx (&f, "b")));
    unmake (&f);
}

/*  Resolve phases (units hold unless ordered) until `phase` begins. */
static void
run_to (fixture_t *f, int phase)
{
    while (game_phase (f->g) != phase && !game_over (f->g)) {
        game_resolve_phase (f->g, f->dice);
        game_begin_phase (f->g, f->dice);
    }
}

static void
order (fixture_t *f, const char *id, order_t o)
{
    char err[256];
    if (game_apply_order (f->g, idx (f, id), &o, err, sizeof err) < 0)
        fail_msg ("%s: %s", id, err);
}

static void
push (fixture_t *f, int sides, int n, ...)
{
    va_list ap;
    va_start (ap, n);
    for (int i = 0; i < n; i++)
        assert_int_equal (dice_push (f->dice, sides, va_arg (ap, int)), 0);
    va_end (ap);
}

/*  "Play Sequence": six steps, A then B. */
static void
test_sequence (void **state)
{
    (void) state;
    fixture_t f = make (NULL, "{ id = \"b\"; side = \"blue\"; arm = \"infantry\"; "
                        "weapon = \"musket\"; figures = 4; x = 100.0; y = 20.0; "
                        "facing = 0.0; width = 8.0; depth = 3.0; },"
                        "{ id = \"r\"; side = \"red\"; arm = \"infantry\"; "
                        "weapon = \"musket\"; figures = 4; x = 100.0; y = 180.0; "
                        "facing = 180.0; width = 8.0; depth = 3.0; }", NULL);
    const game_engine_t *e = game_engine (f.g);
    assert_int_equal (e->phase_count, 6);
    assert_string_equal (e->name, "skirmish19");
    assert_int_equal (s19_side_a (f.g), SIDE_BLUE);   /* the tables' default */
    static const int sides[6] = { -1, SIDE_BLUE, -1, SIDE_RED, -1, -1 };
    static const char *names[6] = { "command", "side A moves", "side A shoots",
                                    "side B moves", "side B shoots", "melee" };
    assert_int_equal (game_turn (f.g), 1);
    for (int p = 0; p < 6; p++) {
        assert_int_equal (game_phase (f.g), p);
        assert_string_equal (game_phase_name (f.g), names[p]);
        assert_int_equal (game_phase_side (f.g), sides[p]);
        game_begin_phase (f.g, f.dice);
        int b = idx (&f, "b"), r = idx (&f, "r");
        assert_int_equal (game_needs_order (f.g, b), p == 1);
        assert_int_equal (game_needs_order (f.g, r), p == 3);
        /* no commander: out of command, the tables order them */
        if (p == 1) {
            assert_true (game_table_bound (f.g, b));
            char err[256];
            order_t o = order_hold ();
            assert_int_equal (game_apply_order (f.g, r, &o, err, sizeof err), -1);
            assert_non_null (strstr (err, "takes no order in side A moves"));
        }
        game_resolve_phase (f.g, f.dice);
    }
    assert_int_equal (game_turn (f.g), 2);
    assert_int_equal (game_phase (f.g), 0);
    unmake (&f);
    /* the scenario's first side */
    f = make (NULL, "{ id = \"b\"; side = \"blue\"; arm = \"infantry\"; "
              "weapon = \"musket\"; figures = 4; x = 100.0; y = 20.0; "
              "facing = 0.0; width = 8.0; depth = 3.0; },"
              "{ id = \"r\"; side = \"red\"; arm = \"infantry\"; "
              "weapon = \"musket\"; figures = 4; x = 100.0; y = 180.0; "
              "facing = 180.0; width = 8.0; depth = 3.0; }", "first = \"red\";");
    assert_int_equal (s19_side_a (f.g), SIDE_RED);
    game_begin_phase (f.g, f.dice);
    game_resolve_phase (f.g, f.dice);
    assert_int_equal (game_phase_side (f.g), SIDE_RED);
    unmake (&f);
}

/*  "Heroes throw 4D6 ... Throw an extra D6 if at least 1 Drummer and/or
 *  Bugler is commanded.  Command distance is 50cms in the open ... Loyal
 *  figures require 1 pt, disloyal figures and routers 2." */
static void
test_activation (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s,%s,%s,%s,%s,%s",
              unit ("cpt", "blue", "command", "hero", "pistol", 1, 100, 100, 0, NULL),
              unit ("near", "blue", "infantry", "regular", "musket", 6, 100, 120, 0,
                    "drummers = 1;"),
              unit ("mid", "blue", "infantry", "regular", "musket", 8, 100, 80, 0, NULL),
              unit ("cheap", "blue", "infantry", "regular", "musket", 3, 135, 100, 90,
                    "status = [\"disloyal\"];"),
              unit ("far", "blue", "infantry", "regular", "musket", 2, 100, 160, 0, NULL),
              unit ("r", "red", "infantry", "regular", "musket", 4, 10, 190, 0, NULL));
    fixture_t f = make (NULL, units, NULL);
    /* 4D6 + 1 for the drummer: 3+3+3+3+2 = 14 points.  near (6, 18.5 cm)
       costs 6, mid (8, 18.5 cm... equal distance: index order) costs 8,
       cheap (3 disloyal: 6) is too dear by then; far is 58.5 cm away. */
    push (&f, 6, 5, 3, 3, 3, 3, 2);
    game_begin_phase (f.g, f.dice);
    assert_true (game_unit (f.g, idx (&f, "cpt"))->commanded);
    assert_true (game_unit (f.g, idx (&f, "near"))->commanded);
    assert_true (game_unit (f.g, idx (&f, "mid"))->commanded);
    assert_false (game_unit (f.g, idx (&f, "cheap"))->commanded);
    assert_false (game_unit (f.g, idx (&f, "far"))->commanded);
    assert_true (U (&f, "near")->status & STATUS_COMMANDED);
    assert_false (game_table_bound (f.g, idx (&f, "near")));
    assert_true (game_table_bound (f.g, idx (&f, "far")));
    assert_int_equal (dice_log_count (f.dice), 5);
    unmake (&f);

    /* without the drummer: 4 dice; 1+1+1+3 = 6 points buy "cheap" only
       after near (6) is bought: near first as it is nearer */
    snprintf (units, sizeof units, "%s,%s,%s,%s",
              unit ("cpt", "blue", "command", "hero", "pistol", 1, 100, 100, 0, NULL),
              unit ("near", "blue", "infantry", "regular", "musket", 6, 100, 110, 0, NULL),
              unit ("cheap", "blue", "infantry", "regular", "musket", 3, 100, 130, 0,
                    "status = [\"disloyal\"];"),
              unit ("r", "red", "infantry", "regular", "musket", 4, 10, 190, 0, NULL));
    f = make (NULL, units, NULL);
    push (&f, 6, 4, 1, 1, 3, 1);
    assert_int_equal (s19_activate_side (f.g, SIDE_BLUE, f.dice), 6);
    assert_true (game_unit (f.g, idx (&f, "near"))->commanded);
    assert_false (game_unit (f.g, idx (&f, "cheap"))->commanded);
    unmake (&f);

    /* a raw officer in woods: 2D6, and the enclosed distance of 25 cm */
    snprintf (units, sizeof units, "%s,%s,%s,%s",
              unit ("cpt", "blue", "command", "raw", "pistol", 1, 100, 100, 0, NULL),
              unit ("in", "blue", "infantry", "regular", "musket", 2, 100, 120, 0, NULL),
              unit ("out", "blue", "infantry", "regular", "musket", 2, 130, 100, 0, NULL),
              unit ("r", "red", "infantry", "regular", "musket", 4, 10, 190, 0, NULL));
    f = make ("{ id = \"w\"; kind = \"woods\"; polygon = ( [80.0, 80.0], "
              "[120.0, 80.0], [120.0, 140.0], [80.0, 140.0] ); }", units, NULL);
    push (&f, 6, 2, 6, 6);
    assert_int_equal (s19_activate_side (f.g, SIDE_BLUE, f.dice), 12);
    assert_int_equal (dice_log_count (f.dice), 2);
    assert_true (game_unit (f.g, idx (&f, "in"))->commanded);     /* 18.5 cm */
    assert_false (game_unit (f.g, idx (&f, "out"))->commanded);   /* 27.0 cm */
    unmake (&f);
}

/*  "- 1 Dice if Officer loading/Firing or in Melee": a hero who fired
 *  last turn throws 3D6, not 4. */
static void
test_officer_busy (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s,%s",
              unit ("cpt", "blue", "command", "hero", "pistol", 1, 100, 100, 0,
                    "status = [\"loaded\"];"),
              unit ("r", "red", "infantry", "regular", "musket", 4, 100, 115, 180, NULL));
    fixture_t f = make (NULL, units, NULL);
    push (&f, 6, 4, 1, 1, 1, 1);
    game_begin_phase (f.g, f.dice);
    assert_int_equal (dice_log_count (f.dice), 4);
    run_to (&f, S19_PHASE_A_MOVE);
    order_t fire = order_hold ();
    fire.kind = ORDER_FIRE;
    fire.target = idx (&f, "r");
    fire.fire = true;
    order (&f, "cpt", fire);
    dice_log_clear (f.dice);
    push (&f, 8, 1, 1);                  /* the pistol misses at 12 cm */
    run_to (&f, S19_PHASE_COMMAND);
    assert_true (game_unit (f.g, idx (&f, "cpt"))->fired == 0);  /* new turn */
    /* one D8 for the shot, then only 3 command dice */
    assert_int_equal (dice_log_count (f.dice), 4);
    assert_int_equal (dice_log_at (f.dice, 0).sides, 8);
    for (int i = 1; i < 4; i++)
        assert_int_equal (dice_log_at (f.dice, i).sides, 6);
    unmake (&f);
}

/*  The command step's events in words, one line a command figure: what
 *  it threw and whom it bought. */
typedef struct {
    int count;
    char lines[4][GAME_EVENT_MAX];
} command_lines_t;

static void
on_command (void *arg, const game_event_t *ev)
{
    command_lines_t *c = arg;
    if (ev->kind == GAME_EVENT_COMMAND && c->count < 4)
        snprintf (c->lines[c->count++], GAME_EVENT_MAX, "%s", ev->text);
}

/*  "Disloyal figures and Routers require 2 pts to activate them", and a
 *  unit that ran from the enemy last turn is a router
 *  (game.command.ran_is_router): a status the player reports at the start
 *  of a turn (game_set_turn, game_refresh, as the daemon's games do) holds
 *  at that turn's command step.  A regular officer throws 3D6 = 9; "a",
 *  6 figures that ran last turn, costs 12: not commanded, it dices on the
 *  table.  The same report with the status cleared: 6 points, bought. */
static void
test_reported_router (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s,%s,%s",
              unit ("cpt", "blue", "command", "regular", "pistol", 1, 100, 100, 0, NULL),
              unit ("a", "blue", "infantry", "regular", "musket", 6, 100, 120, 0, NULL),
              unit ("r", "red", "infantry", "regular", "musket", 4, 10, 190, 0, NULL));
    for (int ran = 1; ran >= 0; ran--) {
        fixture_t f = make (NULL, units, NULL);
        int a = idx (&f, "a");
        assert_int_equal (game_set_turn (f.g, 2), 0);
        if (ran)
            situation_unit (game_situation_mut (f.g), a)->status
                |= STATUS_RAN_LAST_TURN;
        game_refresh (f.g);
        push (&f, 6, 3, 3, 3, 3);
        game_begin_phase (f.g, f.dice);
        assert_int_equal (dice_log_count (f.dice), 3);
        assert_true (game_unit (f.g, idx (&f, "cpt"))->commanded);
        assert_int_equal (game_unit (f.g, a)->commanded, !ran);
        assert_int_equal (game_table_bound (f.g, a), ran);
        /* still ran last turn for this turn's Risk Factors (+3) */
        assert_int_equal ((U (&f, "a")->status & STATUS_RAN_LAST_TURN) != 0,
                          ran);
        unmake (&f);
    }
}

/*  "- 1 Dice if Officer loading/Firing or in Melee" and "Heroes throw 4D6
 *  a turn": a hero captain the player reports `fired` at the start of
 *  turn 2 throws 3D6. */
static void
test_reported_fired_officer (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s,%s",
              unit ("cpt", "blue", "command", "hero", "pistol", 1, 100, 100, 0, NULL),
              unit ("r", "red", "infantry", "regular", "musket", 4, 10, 190, 0, NULL));
    fixture_t f = make (NULL, units, NULL);
    assert_int_equal (game_set_turn (f.g, 2), 0);
    situation_unit (game_situation_mut (f.g), idx (&f, "cpt"))->status
        |= STATUS_FIRED;
    game_refresh (f.g);
    command_lines_t c = { 0 };
    game_set_events (f.g, on_command, &c);
    assert_true (s19_activate_side (f.g, SIDE_BLUE, f.dice) >= 3);
    assert_int_equal (dice_log_count (f.dice), 3);
    assert_int_equal (c.count, 1);
    assert_non_null (strstr (c.lines[0], "cpt throws 3D6 (one fewer: busy)"));
    unmake (&f);
}

/*  "Only figures within that distance may be commanded by a command
 *  figure" and a command figure always acts under command itself
 *  (RULINGS.md, "Command and activation"): one command figure's points
 *  never buy another.  cpt1 (regular, listed first) throws 2+2+2 = 6 and
 *  buys "a" (6 figures, 6 points), though cpt2 (a command figure, 1
 *  figure) stands nearer; cpt2 throws 1+1+1 = 3, too few for "a". */
static void
test_commander_not_bought (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s,%s,%s,%s",
              unit ("cpt1", "blue", "command", "regular", "pistol", 1, 100, 100, 0, NULL),
              unit ("cpt2", "blue", "command", "regular", "pistol", 1, 100, 106, 0, NULL),
              unit ("a", "blue", "infantry", "regular", "musket", 6, 100, 130, 0, NULL),
              unit ("r", "red", "infantry", "regular", "musket", 4, 10, 190, 0, NULL));
    fixture_t f = make (NULL, units, NULL);
    push (&f, 6, 6, 2, 2, 2, 1, 1, 1);
    command_lines_t c = { 0 };
    game_set_events (f.g, on_command, &c);
    assert_int_equal (s19_activate_side (f.g, SIDE_BLUE, f.dice), 9);
    assert_int_equal (c.count, 2);
    assert_string_equal (c.lines[0], "cpt1 throws 3D6: 6 points; commands a");
    assert_string_equal (c.lines[1], "cpt2 throws 3D6: 3 points; commands "
                                     "no unit");
    assert_int_equal (dice_log_count (f.dice), 6);
    assert_true (game_unit (f.g, idx (&f, "a"))->commanded);
    assert_true (game_unit (f.g, idx (&f, "cpt1"))->commanded);
    assert_true (game_unit (f.g, idx (&f, "cpt2"))->commanded);
    unmake (&f);
}

/*  "Commanded troops must spend a turn halted to load ... they may then
 *  move at up to half speed and still shoot.  Non-Minie rifles must remain
 *  halted for 1 1/2 turns to load." */
static void
test_loading (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s,%s,%s,%s",
              unit ("cpt", "blue", "command", "hero", "sword", 1, 100, 100, 0, NULL),
              unit ("m", "blue", "infantry", "regular", "musket", 2, 90, 105, 0, NULL),
              unit ("rf", "blue", "infantry", "regular", "rifle", 2, 110, 105, 0, NULL),
              unit ("r", "red", "infantry", "regular", "musket", 4, 100, 180, 180, NULL));
    fixture_t f = make (NULL, units, NULL);
    push (&f, 6, 4, 6, 6, 6, 6);
    game_begin_phase (f.g, f.dice);                 /* command */
    game_resolve_phase (f.g, f.dice);
    game_begin_phase (f.g, f.dice);                 /* blue moves */
    int m = idx (&f, "m"), rf = idx (&f, "rf"), r = idx (&f, "r");
    assert_true (game_unit (f.g, m)->commanded);
    order_t fire = order_hold ();
    fire.kind = ORDER_FIRE;
    fire.target = r;
    fire.fire = true;
    char err[256];
    assert_int_equal (game_check_order (f.g, m, &fire, err, sizeof err), -1);
    assert_non_null (strstr (err, "not loaded"));
    order (&f, "m", order_hold ());
    order (&f, "rf", order_hold ());
    game_resolve_phase (f.g, f.dice);
    assert_true (U (&f, "m")->status & STATUS_LOADED);       /* a turn: loaded */
    assert_false (U (&f, "rf")->status & STATUS_LOADED);     /* 1 of 1 1/2 */
    assert_int_equal (game_unit (f.g, rf)->load_halves, 2);
    /* next turn: the rifle may fire halted (the first half loads), not
       while moving; the musket may fire and move at half speed */
    run_to (&f, S19_PHASE_COMMAND);
    push (&f, 6, 4, 6, 6, 6, 6);
    game_begin_phase (f.g, f.dice);
    run_to (&f, S19_PHASE_A_MOVE);
    order_t fire_move = fire;
    fire_move.has_to = true;
    fire_move.to = (vec2_t) { 110, 130 };
    assert_int_equal (game_check_order (f.g, rf, &fire_move, err, sizeof err), -1);
    assert_int_equal (game_check_order (f.g, rf, &fire, err, sizeof err), 0);
    assert_int_equal (game_check_order (f.g, m, &fire_move, err, sizeof err), 0);
    order (&f, "rf", fire);
    fire_move.to = (vec2_t) { 90, 130 };
    order (&f, "m", fire_move);
    game_resolve_phase (f.g, f.dice);
    /* the musket moved half of 25 cm: 12.5 */
    assert_true (fabs (U (&f, "m")->fp.centre.y - 117.5) < 0.2);
    assert_true (U (&f, "rf")->status & STATUS_LOADED);
    game_begin_phase (f.g, f.dice);                  /* blue shoots */
    push (&f, 8, 4, 1, 1, 1, 1);                     /* all miss */
    game_resolve_phase (f.g, f.dice);
    assert_int_equal (dice_log_count (f.dice) >= 4, 1);
    /* fired: unloaded, and both fired with all their figures */
    assert_false (U (&f, "m")->status & STATUS_LOADED);
    assert_false (U (&f, "rf")->status & STATUS_LOADED);
    assert_true (game_unit (f.g, m)->fired && game_unit (f.g, rf)->fired);
    unmake (&f);
}

/*  Uncommanded troops shoot at the nearest enemy they can hit, 1 per 2
 *  figures stationary, 1 per 3 moving; the D8 against the band and cover,
 *  the D6 for damage, the hits in the target group. */
static void
test_uncommanded_shooting (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s,%s,%s",
              unit ("b", "blue", "infantry", "regular", "musket", 7, 100, 100, 0, NULL),
              unit ("near", "red", "infantry", "regular", "musket", 6, 100, 130, 180, NULL),
              unit ("far", "red", "infantry", "regular", "musket", 6, 140, 160, 180, NULL));
    fixture_t f = make ("{ id = \"hedge\"; kind = \"rough\"; polygon = ( [80.0, 125.0], "
                        "[120.0, 125.0], [120.0, 135.0], [80.0, 135.0] ); }", units, NULL);
    run_to (&f, S19_PHASE_A_MOVE);
    order_t o = order_hold ();
    o.fire = true;                                  /* the table's order */
    order (&f, "b", o);
    run_to (&f, S19_PHASE_A_SHOOT);
    int b = idx (&f, "b");
    assert_int_equal (s19_fire_target (f.g, b, NULL), idx (&f, "near"));
    /* 27 cm: medium range; the near edge in rough ground: soft cover: 6 */
    push (&f, 8, 3, 6, 5, 8);       /* 7 figures: 3 shoot, the 7th does not */
    push (&f, 6, 2, 6, 2);        /* a kill, on the 2nd figure of 6 */
    push (&f, 6, 1, 3);           /* a wound, */
    push (&f, 5, 1, 2);           /* on the 2nd of the 5 left */
    game_resolve_phase (f.g, f.dice);
    assert_int_equal (U (&f, "near")->killed, 1);
    assert_int_equal (U (&f, "near")->wounded, 1);
    assert_int_equal (U (&f, "far")->killed, 0);
    assert_int_equal (dice_log_count (f.dice), 7);
    unmake (&f);
}

/*  Officers within 5 cm of a group share its casualties; a leader close
 *  to a group cannot be picked out. */
static void
test_target_group (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s,%s,%s,%s",
              unit ("b", "blue", "infantry", "regular", "musket", 6, 100, 100, 0, NULL),
              unit ("group", "red", "infantry", "regular", "musket", 6, 100, 150, 180, NULL),
              unit ("officer", "red", "command", "regular", "sword", 1, 100, 155, 180, NULL),
              unit ("alone", "red", "command", "regular", "sword", 1, 160, 150, 180, NULL));
    fixture_t f = make (NULL, units, NULL);
    int members[8];
    int group = idx (&f, "group"), officer = idx (&f, "officer");
    assert_int_equal (s19_target_group (f.g, group, members, 8), 2);
    assert_int_equal (members[0], group);
    assert_int_equal (members[1], officer);
    /* shooting at the officer is shooting at his group */
    assert_int_equal (s19_target_group (f.g, officer, members, 8), 2);
    assert_int_equal (members[0], group);
    /* the one far from any group is a unit of his own */
    assert_int_equal (s19_target_group (f.g, idx (&f, "alone"), members, 8), 1);
    assert_int_equal (members[0], idx (&f, "alone"));
    unmake (&f);
}

/*  What a game's events said of each of its first four units' volleys
 *  ("... fires at ..."), by unit index. */
typedef struct {
    char fired[4][GAME_EVENT_MAX];
} volleys_t;

static void
on_volley (void *arg, const game_event_t *ev)
{
    volleys_t *v = arg;
    if (ev->kind == GAME_EVENT_SHOOT && ev->unit >= 0 && ev->unit < 4
        && strstr (ev->text, " fires at "))
        snprintf (v->fired[ev->unit], GAME_EVENT_MAX, "%s", ev->text);
}

/*  Side A's shooting, in words, in a game where a (index 0, shooting
 *  first) has `a_figures` figures and b (index 1) six, each shooting at
 *  the enemy 22 cm before it; the dice keyed or not. */
static void
volleys (int a_figures, bool keyed, volleys_t *v)
{
    char units[4096];
    snprintf (units, sizeof units, "%s,%s,%s,%s",
              unit ("a", "blue", "infantry", "regular", "musket", a_figures,
                    40, 100, 0, NULL),
              unit ("b", "blue", "infantry", "regular", "musket", 6, 140, 100,
                    0, NULL),
              unit ("ta", "red", "infantry", "regular", "musket", 6, 40, 125,
                    180, NULL),
              unit ("tb", "red", "infantry", "regular", "musket", 6, 140, 125,
                    180, NULL));
    fixture_t f = make (NULL, units, NULL);
    dice_set_keyed (f.dice, keyed);
    memset (v, 0, sizeof *v);
    game_set_events (f.g, on_volley, v);
    run_to (&f, S19_PHASE_A_MOVE);
    order_t o = order_hold ();
    o.fire = true;                                  /* the table's order */
    order (&f, "a", o);
    order (&f, "b", o);
    run_to (&f, S19_PHASE_A_SHOOT);
    game_resolve_phase (f.g, f.dice);
    unmake (&f);
}

/*  The search's playouts key their dice (game_dice_key): b's D8s for its
 *  volley are the same whether a, shooting before it, threw 4 or 2, so
 *  two plans on one world differ by their orders, not by dice that fell
 *  to other units.  Unkeyed (every battle), one stream: a's throws move
 *  b's.  (The phase keys a unit's fire as it picks its target, and
 *  s19_shoot again by the target: with no sighting roll between them,
 *  either key alone keeps b's D8s.) */
static void
test_keyed_dice (void **state)
{
    (void) state;
    volleys_t eight, four;
    volleys (8, true, &eight);
    volleys (4, true, &four);
    /* uncommanded and halted, one shooter in 2: a throws 4 D8s, or 2 */
    assert_non_null (strstr (eight.fired[0], "a fires at ta"));
    assert_non_null (strstr (eight.fired[0], ": 4 shooters need"));
    assert_non_null (strstr (four.fired[0], ": 2 shooters need"));
    assert_non_null (strstr (eight.fired[1], "b fires at tb"));
    assert_non_null (strstr (eight.fired[1], ": 3 shooters need"));
    const char *threw = strstr (eight.fired[1], "threw [");
    assert_non_null (threw);
    assert_true (threw[7] >= '1' && threw[7] <= '8');
    assert_string_equal (eight.fired[1], four.fired[1]);
    /* one stream: a's 4 dice or 2 before b's */
    volleys (8, false, &eight);
    volleys (4, false, &four);
    assert_non_null (strstr (eight.fired[0], ": 4 shooters need"));
    assert_non_null (strstr (four.fired[0], ": 2 shooters need"));
    assert_non_null (strstr (eight.fired[1], "threw ["));
    assert_string_not_equal (eight.fired[1], four.fired[1]);
}

/*  "If a group is directed to Charge? It moves to contact the nearest
 *  enemy figures in reach."  Then the melee: the worse side moves back
 *  5 cm; the winner may follow up. */
static void
test_charge_and_melee (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s,%s",
              unit ("b", "blue", "infantry", "hero", "musket", 6, 100, 100, 0,
                    "bayonet = true;"),
              unit ("r", "red", "infantry", "raw", "musket", 2, 100, 120, 180, NULL));
    fixture_t f = make (NULL, units, NULL);
    run_to (&f, S19_PHASE_A_MOVE);
    int b = idx (&f, "b"), r = idx (&f, "r");
    order_t c = order_hold ();
    c.kind = ORDER_CHARGE;
    c.target = r;
    c.follow_up = true;
    order (&f, "b", c);
    game_resolve_phase (f.g, f.dice);
    assert_true (situation_unit_distance (game_situation (f.g), b, r) < 0.5);
    assert_true (game_unit (f.g, b)->in_melee && game_unit (f.g, r)->in_melee);
    run_to (&f, S19_PHASE_MELEE);
    /* 2 red against 6 blue: each red man faces 3.  Red throws 1 (-1 raw,
       -2 for two extra enemies), blue 5s: +1 hero +1 bayonet */
    for (int i = 0; i < 2; i++) {
        push (&f, 6, 1, 1);
        push (&f, 6, 3, 5, 2, 2);
    }
    double before = U (&f, "r")->fp.centre.y;
    game_resolve_phase (f.g, f.dice);
    /* each red man: beaten by all three (scores 7, 4, 4 against -2): the
       natural 5 wounds, the 2s do nothing */
    assert_int_equal (U (&f, "r")->wounded, 2);
    assert_int_equal (U (&f, "b")->wounded + U (&f, "b")->killed, 0);
    /* red fell back 5 cm, retreating; blue followed up */
    assert_true (fabs (U (&f, "r")->fp.centre.y - (before + 5.0)) < 0.01);
    assert_true (U (&f, "r")->status & STATUS_RETREATING_FROM_MELEE);
    assert_false (U (&f, "b")->status & STATUS_RETREATING_FROM_MELEE);
    assert_true (situation_unit_distance (game_situation (f.g), b, r) < 0.5);
    /* retreating counts for the next turn, then goes: red breaks off */
    game_begin_phase (f.g, f.dice);
    run_to (&f, S19_PHASE_B_MOVE);
    assert_true (U (&f, "r")->status & STATUS_RETREATING_FROM_MELEE);
    order_t away = order_hold ();
    away.kind = ORDER_MOVE;
    away.has_to = true;
    away.to = (vec2_t) { 100, 190 };
    order (&f, "r", away);
    run_to (&f, S19_PHASE_COMMAND);
    assert_false (U (&f, "r")->status & STATUS_RETREATING_FROM_MELEE);
    unmake (&f);
}

/*  A charge beyond reach is refused; a plain move stops short of the
 *  enemy; difficult going counts double. */
static void
test_moves (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s,%s,%s",
              unit ("b", "blue", "infantry", "regular", "musket", 4, 100, 50, 0, NULL),
              unit ("w", "blue", "infantry", "regular", "musket", 4, 20, 50, 90, NULL),
              unit ("r", "red", "infantry", "regular", "musket", 4, 100, 70, 180, NULL));
    fixture_t f = make ("{ id = \"wood\"; kind = \"woods\"; polygon = ( [30.0, 0.0], "
                        "[60.0, 0.0], [60.0, 200.0], [30.0, 200.0] ); }", units, NULL);
    run_to (&f, S19_PHASE_A_MOVE);
    order_t m = order_hold ();
    m.kind = ORDER_MOVE;
    m.has_to = true;
    m.to = (vec2_t) { 100, 90 };
    order (&f, "b", m);
    m.to = (vec2_t) { 70, 50 };
    order (&f, "w", m);
    game_resolve_phase (f.g, f.dice);
    /* b stops 1 cm short of r's rear rank: r's front is at 68.5 */
    double gap = situation_unit_distance (game_situation (f.g), idx (&f, "b"),
                                          idx (&f, "r"));
    if (!(gap >= 0.99 && gap < 1.2))
        fail_msg ("gap %g, b at %g", gap, U (&f, "b")->fp.centre.y);
    /* w: 10 cm to the wood's edge, then 15 cm of movement = 7.5 cm in it */
    assert_true (fabs (U (&f, "w")->fp.centre.x - 37.5) < 0.2);
    assert_true (fabs (U (&f, "w")->fp.facing - 90) < 1e-6);
    unmake (&f);

    snprintf (units, sizeof units, "%s,%s",
              unit ("b", "blue", "infantry", "regular", "musket", 4, 100, 50, 0, NULL),
              unit ("r", "red", "infantry", "regular", "musket", 4, 100, 90, 180, NULL));
    f = make (NULL, units, NULL);
    run_to (&f, S19_PHASE_A_MOVE);
    order_t c = order_hold ();
    c.kind = ORDER_CHARGE;
    c.target = idx (&f, "r");
    char err[256];
    assert_int_equal (game_check_order (f.g, idx (&f, "b"), &c, err, sizeof err), -1);
    assert_non_null (strstr (err, "beyond its 25 cm charge reach"));
    unmake (&f);

    /* a move that is not a run stops with the unit on the table */
    snprintf (units, sizeof units, "%s,%s",
              unit ("b", "blue", "infantry", "regular", "musket", 4, 100, 10, 0, NULL),
              unit ("r", "red", "infantry", "regular", "musket", 4, 100, 190, 180, NULL));
    f = make (NULL, units, NULL);
    run_to (&f, S19_PHASE_A_MOVE);
    order_t edge = order_hold ();
    edge.kind = ORDER_MOVE;
    edge.has_to = true;
    edge.to = (vec2_t) { 100, 0 };
    edge.has_facing = true;
    edge.facing = 0;
    order (&f, "b", edge);
    game_resolve_phase (f.g, f.dice);
    vec2_t corner[4];
    footprint_corners (&U (&f, "b")->fp, corner);
    for (int i = 0; i < 4; i++)
        assert_true (corner[i].y >= 0 && corner[i].y < 3.2);
    assert_true (fabs (U (&f, "b")->fp.centre.y - 1.5) < 0.1);
    assert_false (game_unit (f.g, idx (&f, "b"))->gone);
    unmake (&f);
}

/*  Seed 002: "(15 cms if in heavy armour/clothing!)": the game moves a
 *  unit in heavy armour 15 cm, civilians 20.  And an advance of the
 *  actions tables that is not a charge ends where the Risk Factor engine
 *  said, 1 cm short of the enemy (settings.enemy_gap_cm), as the game's
 *  own moves do. */
static void
test_troop_type_moves (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s,%s,%s",
              unit ("k", "blue", "infantry", "regular", "sword", 4, 60, 20, 0,
                    "troop_type = \"heavy_armour\";"),
              unit ("c", "blue", "infantry", "regular", "rocks", 4, 140, 20, 0,
                    "troop_type = \"civilians\";"),
              unit ("r", "red", "infantry", "regular", "musket", 4, 100, 190,
                    180, NULL));
    fixture_t f = make (NULL, units, NULL);
    run_to (&f, S19_PHASE_A_MOVE);
    order_t m = order_hold ();
    m.kind = ORDER_MOVE;
    m.has_to = true;
    m.to = (vec2_t) { 60, 120 };
    order (&f, "k", m);
    m.to = (vec2_t) { 140, 120 };
    order (&f, "c", m);
    game_resolve_phase (f.g, f.dice);
    /* (a move's end is found to 0.1 cm: s19_path_reach) */
    assert_true (fabs (U (&f, "k")->fp.centre.y - 35) < 0.1);
    assert_true (fabs (U (&f, "c")->fp.centre.y - 40) < 0.1);
    unmake (&f);

    /* RF0 (-1 formed regulars, +1 in range of the enemy's muskets), a 6:
       advance on the nearest enemy, 20 cm away: 19 cm, then 1 cm short */
    snprintf (units, sizeof units, "%s,%s",
              unit ("b", "blue", "infantry", "regular", "musket", 4, 100, 50,
                    0, NULL),
              unit ("r", "red", "infantry", "regular", "musket", 4, 100, 73,
                    180, NULL));
    f = make (NULL, units, NULL);
    run_to (&f, S19_PHASE_A_MOVE);
    rf_decision_t d;
    char err[256];
    assert_int_equal (rf_decide (game_situation (f.g), idx (&f, "b"), 6, NULL,
                                 &d, err, sizeof err), 0);
    assert_int_equal (d.rf, 0);
    assert_int_equal (d.action, RF_ADVANCE_VISIBLE);
    assert_false (d.charge);
    assert_true (d.order.has_destination);
    assert_true (fabs (d.order.move_cm - 19) < 0.05);
    m = order_hold ();
    m.kind = ORDER_MOVE;
    m.has_to = true;
    m.to = d.order.destination;
    order (&f, "b", m);
    game_resolve_phase (f.g, f.dice);
    assert_true (geom_dist (U (&f, "b")->fp.centre, d.order.destination)
                 < 0.01);
    double gap = situation_unit_distance (game_situation (f.g), idx (&f, "b"),
                                          idx (&f, "r"));
    assert_true (fabs (gap - 1.0) < 0.05);
    unmake (&f);
}

/*  Running to the table's edge takes a unit off the table. */
static void
test_run_off_table (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s,%s,%s",
              unit ("b", "blue", "infantry", "regular", "musket", 4, 100, 10, 180, NULL),
              unit ("b2", "blue", "infantry", "regular", "musket", 4, 150, 100, 0, NULL),
              unit ("r", "red", "infantry", "regular", "musket", 4, 100, 60, 180, NULL));
    fixture_t f = make (NULL, units, NULL);
    run_to (&f, S19_PHASE_A_MOVE);
    order_t run = order_hold ();
    run.kind = ORDER_MOVE;
    run.has_to = true;
    run.to = (vec2_t) { 100, 0 };
    run.status_set = STATUS_RAN_LAST_TURN | STATUS_FALLING_BACK;
    order (&f, "b", run);
    game_resolve_phase (f.g, f.dice);
    int b = idx (&f, "b");
    assert_true (game_unit (f.g, b)->gone);
    assert_false (s19_in_play (f.g, b));
    assert_int_equal (game_unit (f.g, b)->left_standing, 4);
    int of;
    assert_int_equal (s19_side_lost (f.g, SIDE_BLUE, &of), 4);
    assert_int_equal (of, 8);
    /* half the army gone: blue breaks at the end of the turn */
    run_to (&f, S19_PHASE_MELEE);
    game_resolve_phase (f.g, f.dice);
    assert_true (game_over (f.g));
    game_result_t r;
    game_result (f.g, &r);
    assert_int_equal (r.winner, SIDE_RED);
    assert_int_equal (r.gone[SIDE_BLUE], 4);
    assert_int_equal (r.killed[SIDE_BLUE], 0);
    assert_int_equal (r.units_left[SIDE_BLUE], 1);
    assert_non_null (strstr (r.reason, "blue break: 50% of their figures lost"));
    unmake (&f);
}

/*  The turn limit: objectives decide, or the named side, or a draw. */
static void
test_victory_on_time (void **state)
{
    (void) state;
    const char *units =
        "{ id = \"b\"; side = \"blue\"; arm = \"infantry\"; weapon = \"musket\"; "
        "figures = 4; x = 100.0; y = 20.0; facing = 0.0; width = 8.0; depth = 3.0; },"
        "{ id = \"r\"; side = \"red\"; arm = \"infantry\"; weapon = \"musket\"; "
        "figures = 4; x = 100.0; y = 180.0; facing = 180.0; width = 8.0; depth = 3.0; }";
    char text[4096], err[256];
    static const struct { const char *victory; int winner; const char *why; } cases[] = {
        { "objectives = ( { id = \"o\"; x = 100.0; y = 25.0; } );", SIDE_BLUE,
          "blue hold the objectives (1 to 0)" },
        { "objectives = ( { id = \"o\"; x = 100.0; y = 100.0; held_by = \"red\"; } );",
          SIDE_RED, "red hold the objectives" },
        { "objectives = ( { id = \"o\"; x = 100.0; y = 100.0; } );", -1,
          "objectives even (0 each)" },
        { "on_time = \"red\";", SIDE_RED, "red hold out to the turn limit (2)" },
        { "on_time = \"draw\";", -1, "the turn limit (2)" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf (text, sizeof text, "ruleset = \"skirmish19\";\n"
                  "table = { width = 200.0; depth = 200.0; };\nunits = ( %s );\n"
                  "scenario = { name = \"t\"; turns = 2; victory = { %s }; };\n",
                  units, cases[i].victory);
        scenario_t *sc = scenario_load_text (text, "t.cfg", game_rules_finder,
                                             rules, err, sizeof err);
        if (!sc)
            fail_msg ("%s", err);
        game_t *g = game_new (rules, sc, err, sizeof err);
        dice_t *dice = dice_new (1);
        while (!game_over (g)) {
            game_begin_phase (g, dice);
            game_resolve_phase (g, dice);
        }
        game_result_t r;
        game_result (g, &r);
        assert_int_equal (r.turns, 2);
        assert_int_equal (r.winner, cases[i].winner);
        if (!strstr (r.reason, cases[i].why))
            fail_msg ("case %zu: [%s] lacks [%s]", i, r.reason, cases[i].why);
        assert_int_equal (r.figures[0], 4);
        game_destroy (&g);
        dice_destroy (&dice);
        scenario_destroy (&sc);
    }
}

/*  A turn and positions reported from the table: game_set_turn takes the
 *  game to the start of that turn within the scenario's limit, and
 *  game_refresh finds the contacts a moved unit made. */
static void
test_reported_from_table (void **state)
{
    (void) state;
    fixture_t f = make (NULL,
        "{ id = \"b\"; side = \"blue\"; arm = \"infantry\"; weapon = \"musket\"; "
        "figures = 4; x = 100.0; y = 20.0; facing = 0.0; width = 8.0; depth = 3.0; },"
        "{ id = \"r\"; side = \"red\"; arm = \"infantry\"; weapon = \"musket\"; "
        "figures = 4; x = 100.0; y = 180.0; facing = 180.0; width = 8.0; depth = 3.0; }",
        NULL);
    assert_int_equal (game_set_turn (f.g, 0), -1);
    assert_int_equal (game_set_turn (f.g, 11), -1);      /* turns = 10 */
    assert_int_equal (game_turn (f.g), 1);
    assert_int_equal (game_set_turn (f.g, 10), 0);
    assert_int_equal (game_turn (f.g), 10);
    assert_int_equal (game_phase (f.g), 0);

    int b = idx (&f, "b"), r = idx (&f, "r");
    assert_false (game_unit (f.g, b)->in_melee);
    /* the player moves red into base contact with blue */
    unit_t *ru = situation_unit (game_situation_mut (f.g), r);
    ru->fp.centre.y = 23.0;
    assert_false (game_unit (f.g, r)->in_melee);
    game_refresh (f.g);
    assert_true (game_unit (f.g, b)->in_melee);
    assert_true (game_unit (f.g, r)->in_melee);
    unmake (&f);
}

/*  Contact on a table big enough for the unit index (at least
 *  SITUATION_INDEX_MIN_UNITS units) is found as on a small one: footprints
 *  within contact_cm (0.5) of an enemy's are in melee, at 0.6 cm they
 *  are not, and friends touching are not.  Checked again after the
 *  player moves a unit (game_refresh): the index is rebuilt, not stale. */
static void
test_contacts_on_a_big_table (void **state)
{
    (void) state;
    size_t cap = 200000, used = 0;
    char *text = malloc (cap);
    assert_non_null (text);
    used += (size_t) snprintf (text + used, cap - used,
        "ruleset = \"skirmish19\";\n"
        "table = { width = 2000.0; depth = 2000.0; };\nterrain = ( );\n"
        "units = (\n");
    for (int i = 0; i < 2 * SITUATION_INDEX_MIN_UNITS; i++) {
        bool blue = i % 2 == 0;
        char id[16];
        snprintf (id, sizeof id, "%c%03d", blue ? 'b' : 'r', i);
        used += (size_t) snprintf (text + used, cap - used, "%s,\n",
            unit (id, blue ? "blue" : "red", "infantry", "regular", "musket",
                  4, 20.0 + (i / 2 % 60) * 30.0,
                  blue ? 100.0 + (i / 120) * 20.0 : 1900.0 - (i / 120) * 20.0,
                  blue ? 0.0 : 180.0, NULL));
    }
    /* pairs in the middle: touching, 0.4 cm apart, 0.6 cm apart, and two
       friends touching */
    used += (size_t) snprintf (text + used, cap - used, "%s,\n%s,\n%s,\n"
        "%s,\n%s,\n%s,\n%s,\n%s\n);\n"
        "scenario = { name = \"t\"; turns = 10;\n"
        "  victory = { army_break = 0.5; }; };\n",
        unit ("touch-b", "blue", "infantry", "regular", "musket", 4, 1000.0,
              1000.0, 0.0, NULL),
        unit ("touch-r", "red", "infantry", "regular", "musket", 4, 1000.0,
              1003.0, 180.0, NULL),
        unit ("near-b", "blue", "infantry", "regular", "musket", 4, 1100.0,
              1000.0, 0.0, NULL),
        unit ("near-r", "red", "infantry", "regular", "musket", 4, 1100.0,
              1003.4, 180.0, NULL),
        unit ("apart-b", "blue", "infantry", "regular", "musket", 4, 1200.0,
              1000.0, 0.0, NULL),
        unit ("apart-r", "red", "infantry", "regular", "musket", 4, 1200.0,
              1003.6, 180.0, NULL),
        unit ("friend-1", "blue", "infantry", "regular", "musket", 4, 1300.0,
              1000.0, 0.0, NULL),
        unit ("friend-2", "blue", "infantry", "regular", "musket", 4, 1300.0,
              1003.0, 0.0, NULL));
    assert_true (used < cap);
    char err[256] = "";
    fixture_t f;
    f.sc = scenario_load_text (text, "big.cfg", game_rules_finder, rules, err,
                               sizeof err);
    if (!f.sc)
        fail_msg ("%s", err);
    free (text);
    f.g = game_new (rules, f.sc, err, sizeof err);
    assert_non_null (f.g);
    f.dice = dice_new (1);
    assert_true (game_unit_count (f.g) >= SITUATION_INDEX_MIN_UNITS);
    int in_melee = 0;
    for (int u = 0; u < game_unit_count (f.g); u++)
        in_melee += game_unit (f.g, u)->in_melee;
    assert_int_equal (in_melee, 4);
    assert_true (game_unit (f.g, idx (&f, "touch-b"))->in_melee);
    assert_true (game_unit (f.g, idx (&f, "touch-r"))->in_melee);
    assert_true (game_unit (f.g, idx (&f, "near-b"))->in_melee);
    assert_true (game_unit (f.g, idx (&f, "near-r"))->in_melee);
    assert_false (game_unit (f.g, idx (&f, "apart-b"))->in_melee);
    assert_false (game_unit (f.g, idx (&f, "friend-1"))->in_melee);
    /* the player moves apart-r into contact and touch-r away */
    situation_unit (game_situation_mut (f.g), idx (&f, "apart-r"))
        ->fp.centre.y = 1003.2;
    situation_unit (game_situation_mut (f.g), idx (&f, "touch-r"))
        ->fp.centre.y = 1010.0;
    game_refresh (f.g);
    assert_true (game_unit (f.g, idx (&f, "apart-b"))->in_melee);
    assert_true (game_unit (f.g, idx (&f, "apart-r"))->in_melee);
    assert_false (game_unit (f.g, idx (&f, "touch-b"))->in_melee);
    assert_false (game_unit (f.g, idx (&f, "touch-r"))->in_melee);
    unmake (&f);
}

/*  Legal orders: a hold first, and every one passes the check. */
static void
test_legal_orders (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s,%s,%s",
              unit ("b", "blue", "cavalry", "regular", "sword", 4, 100, 100, 0, NULL),
              unit ("i", "blue", "infantry", "regular", "musket", 4, 60, 100, 0,
                    "status = [\"loaded\"];"),
              unit ("r", "red", "infantry", "regular", "musket", 4, 100, 140, 180, NULL));
    fixture_t f = make ("{ id = \"wood\"; kind = \"woods\"; polygon = ( [30.0, 80.0], "
                        "[50.0, 80.0], [50.0, 120.0], [30.0, 120.0] ); }", units, NULL);
    run_to (&f, S19_PHASE_A_MOVE);
    order_t legal[GAME_MAX_LEGAL_ORDERS];
    char err[256];
    for (int u = 0; u < 2; u++) {
        int n = game_legal_orders (f.g, u, legal, GAME_MAX_LEGAL_ORDERS);
        assert_true (n >= 10);
        assert_int_equal (legal[0].kind, ORDER_HOLD);
        bool charge = false, fire = false, cover = false;
        for (int i = 0; i < n; i++) {
            if (game_check_order (f.g, u, &legal[i], err, sizeof err) < 0)
                fail_msg ("unit %d order %d: %s", u, i, err);
            charge |= legal[i].kind == ORDER_CHARGE;
            fire |= legal[i].kind == ORDER_FIRE;
            cover |= legal[i].kind == ORDER_TAKE_COVER;
        }
        assert_true (charge == (u == 0));   /* cavalry: 60 cm gallop reach */
        assert_true (fire == (u == 1));
        assert_true (cover == (u == 1));    /* the wood: 10 cm from i */
    }
    unmake (&f);
}

/*  A copy is the same game and goes its own way. */
static void
test_copy (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s,%s",
              unit ("b", "blue", "infantry", "regular", "musket", 4, 100, 100, 0, NULL),
              unit ("r", "red", "infantry", "regular", "musket", 4, 100, 180, 180, NULL));
    fixture_t f = make (NULL, units, NULL);
    run_to (&f, S19_PHASE_A_MOVE);
    game_t *copy = game_dup (f.g);
    assert_non_null (copy);
    assert_int_equal (game_phase (copy), S19_PHASE_A_MOVE);
    assert_true (game_needs_order (copy, 0));
    order_t m = order_hold ();
    m.kind = ORDER_MOVE;
    m.has_to = true;
    m.to = (vec2_t) { 100, 120 };
    char err[256];
    assert_int_equal (game_apply_order (copy, 0, &m, err, sizeof err), 0);
    game_resolve_phase (copy, f.dice);
    assert_true (situation_unit_const (game_situation (copy), 0)->fp.centre.y > 110);
    assert_true (U (&f, "b")->fp.centre.y == 100);
    assert_int_equal (game_phase (f.g), S19_PHASE_A_MOVE);
    /* and back again */
    assert_int_equal (game_copy_into (copy, f.g), 0);
    assert_true (situation_unit_const (game_situation (copy), 0)->fp.centre.y == 100);
    assert_true (game_steps (copy) == game_steps (f.g));
    game_destroy (&copy);
    game_destroy (&copy);
    unmake (&f);
}

/*  A ruleset without an engine, and broken game tables. */
static void
test_rules_errors (void **state)
{
    (void) state;
    char err[256];
    char *text = game_read_file (test_source_path ("rules/data/skirmish19/tables.cfg"),
                                 err, sizeof err);
    assert_non_null (text);
    char *name = strstr (text, "name  = \"skirmish19\"");
    assert_non_null (name);
    memcpy (name, "name  = \"skirmish20\"", 20);
    assert_null (game_rules_load_text (text, "x.cfg", err, sizeof err));
    assert_non_null (strstr (err, "ruleset \"skirmish20\" has no game engine"));
    memcpy (name, "name  = \"skirmish19\"", 20);
    char *wound = strstr (text, "wound_on = 5;");
    assert_non_null (wound);
    memcpy (wound, "wound_on = 9;", 13);
    assert_null (game_rules_load_text (text, "x.cfg", err, sizeof err));
    assert_non_null (strstr (err, "game.melee.wound_on: 9 is not in 1..6"));
    assert_non_null (strstr (err, "x.cfg:"));
    free (text);
    assert_null (game_rules_load ("/nonexistent/t.cfg", err, sizeof err));
    assert_non_null (strstr (err, "cannot open"));
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_sequence),
        cmocka_unit_test (test_activation),
        cmocka_unit_test (test_officer_busy),
        cmocka_unit_test (test_reported_router),
        cmocka_unit_test (test_reported_fired_officer),
        cmocka_unit_test (test_commander_not_bought),
        cmocka_unit_test (test_loading),
        cmocka_unit_test (test_uncommanded_shooting),
        cmocka_unit_test (test_target_group),
        cmocka_unit_test (test_keyed_dice),
        cmocka_unit_test (test_charge_and_melee),
        cmocka_unit_test (test_moves),
        cmocka_unit_test (test_in_play_and_seen),
        cmocka_unit_test (test_troop_type_moves),
        cmocka_unit_test (test_run_off_table),
        cmocka_unit_test (test_victory_on_time),
        cmocka_unit_test (test_reported_from_table),
        cmocka_unit_test (test_contacts_on_a_big_table),
        cmocka_unit_test (test_legal_orders),
        cmocka_unit_test (test_copy),
        cmocka_unit_test (test_rules_errors),
    };
    return cmocka_run_group_tests (tests, setup, teardown);
}
