/*  test_bol_house.c - seed 000's house rules for Liberators QPR, played
 *  by the liberators_house overlay over 4 Page Bolivar: each test quotes
 *  the house rule it follows (seed 000, its line in the overlay's
 *  RULINGS.md).  The overlay measures in inches (2.54 cm); stands are
 *  30 mm wide and, a reading, 20 mm deep.  A morale, rally or disorder
 *  check is the host's command check: a die a point of resolve (3 for
 *  these ordinary units, one fewer with no commander near), any 6.  The
 *  dice are the player's own (queued). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bol_engine.h"
#include "bol_play.h"
#include "overlay.h"
#include "portfolio.h"
#include "testutil.h"

#define IN 2.54                     /* cm an inch */

static game_rules_t *rules;

static int
setup (void **state)
{
    (void) state;
    rules = test_rules_load ("rules/data/liberators_house/tables.cfg");
    return 0;
}

static int
teardown (void **state)
{
    (void) state;
    game_rules_destroy (&rules);
    return 0;
}

/*  A unit of `stands` stands (0: a commander) for a scenario's units
 *  list; its footprint is sized by the house's layouts.  `extra` adds
 *  fields. */
static const char *
unit (const char *id, const char *side, const char *troop,
      const char *formation, double x, double y, double facing, int stands,
      const char *extra)
{
    static char buf[24][720];
    static int next;
    char *b = buf[next++ % 24];
    bool gun = strstr (troop, "gun") || strcmp (troop, "howitzer") == 0;
    bool chief = strcmp (troop, "c_in_c") == 0
              || strcmp (troop, "brigadier") == 0;
    bool horse = strcmp (troop, "horse") == 0
              || strcmp (troop, "gauchos_llaneros") == 0;
    const char *arm = horse ? "cavalry" : gun ? "artillery"
                    : chief ? "command" : "infantry";
    const char *weapon = gun ? troop : chief ? "none"
                       : strcmp (troop, "horse") == 0 ? "carbine"
                       : horse ? "lance" : "musket";
    char list[256] = "";
    size_t len = 0;
    for (int i = 0; i < stands; i++)
        len += (size_t) snprintf (list + len, sizeof list - len, "%s{ start "
                                  "= 3; }", i ? ", " : "");
    snprintf (b, 720, "{ id = \"%s\"; side = \"%s\"; arm = \"%s\"; quality = "
              "\"ordinary\"; troop_type = \"%s\"; weapon = \"%s\"; figures = "
              "%d; formation = \"%s\"; x = %.2f; y = %.2f; facing = %.1f; "
              "width = %.2f; depth = 2.0; %s%s%s %s }", id, side, arm, troop,
              weapon, stands > 0 ? stands : 1, formation, x, y, facing,
              chief ? 2.5 : 3.0, stands > 0 ? "stands = ( " : "", list,
              stands > 0 ? " );" : "", extra ? extra : "");
    return b;
}

static const char *
scenario_text (const char *terrain, const char *units)
{
    static char text[16384];
    snprintf (text, sizeof text,
              "ruleset = \"liberators_house\";\n"
              "table = { width = 200.0; depth = 200.0; };\n"
              "terrain = ( %s );\nunits = ( %s );\n"
              "scenario = { name = \"t\"; turns = 10; first = \"blue\";\n"
              "  victory = { on_time = \"red\"; }; };\n",
              terrain ? terrain : "", units);
    return text;
}

typedef test_game_t fixture_t;

static fixture_t *
make (const char *terrain, const char *units)
{
    return test_game_new (rules, scenario_text (terrain, units));
}

static void
unmake (fixture_t *f)
{
    test_game_destroy (&f);
}

static int
idx (fixture_t *f, const char *id)
{
    return test_unit_index (f, id);
}

static unit_t *
U (fixture_t *f, const char *id)
{
    return game_unit_m (f->g, idx (f, id));
}

static bol_unit_state_t *
S (fixture_t *f, const char *id)
{
    return bol_state (game_unit_mut (f->g, idx (f, id)));
}

/*  The error a game of these units is refused with. */
static void
refuse_game (const char *units, const char *want)
{
    test_game_refused (rules, scenario_text (NULL, units), want, false);
}

/*  Turn 1's initiative (blue, the attacker, active without a die). */
static void
start (fixture_t *f)
{
    game_begin_phase (f->g, f->dice);
    game_resolve_phase (f->g, f->dice);
    game_begin_phase (f->g, f->dice);
    assert_int_equal (game_phase (f->g), BOL_PHASE_ACTIVE_MOVE);
}

/*  On to the next turn's initiative, begun (its dice and rally phase
 *  thrown). */
static void
next_turn (fixture_t *f)
{
    test_next_phase (f);
    test_on_to (f, BOL_PHASE_INITIATIVE);
}

static void
saw (fixture_t *f, const char *words)
{
    if (!test_saw (f, words))
        fail_msg ("no event says \"%s\" (TEST_EVENTS=1 prints them)", words);
}

/*  The overlay's text `text` written to a temporary file, its base named
 *  by its file in this source tree (from a temporary copy its own `base`
 *  would not be found): the file's path (test_write_temp's). */
static const char *
overlay_file (const char *text)
{
    const char *named = strstr (text, "base  = \"bolivar\";");
    assert_non_null (named);
    size_t n = strlen (text) + 4096;
    char *edited = malloc (n);
    assert_non_null (edited);
    snprintf (edited, n, "%.*sbase_file = \"%s\"; %s", (int) (named - text),
              text, test_source_path ("rules/data/bolivar/tables.cfg"), named);
    const char *path = test_write_temp (edited, ".cfg");
    free (edited);
    return path;
}

/*  The overlay with `from` in its text replaced by `to`, its base read
 *  from this source tree; fails the test when it does not load. */
static game_rules_t *
house_edited (const char *from, const char *to)
{
    char err[SOLO_ERR_MAX];
    char *text = test_file_edited ("rules/data/liberators_house/tables.cfg",
                                   from, to);
    game_rules_t *r = game_rules_load (overlay_file (text), err, sizeof err);
    free (text);
    if (!r)
        fail_msg ("%s", err);
    return r;
}

/*  The overlay is served as what it is: its base, partial, measured in
 *  inches, the house rules on; 4 Page Bolivar's own file has them all
 *  off. */
static void
test_overlay_is_partial_over_bolivar (void **state)
{
    (void) state;
    const ruleset_t *rs = game_rules_ruleset (rules);
    assert_string_equal (ruleset_name (rs), "liberators_house");
    assert_string_equal (ruleset_base_name (rs), "bolivar");
    assert_true (ruleset_overlay_partial (rs));
    test_near (ruleset_cm_per_length_unit (rs), IN, 1e-9);
    const bol_tables_t *t = game_rules_tables (rules);
    assert_true (t->house.on);
    test_near (t->house.rout_rally_per, 12, 1e-9);     /* "each complete 12" */
    test_near (t->house.retreat, 4, 1e-9);             /* "moves back 4" */
    test_near (t->house.stand_width_cm, 3.0, 1e-9);    /* "30mm wide" */
    assert_int_equal (t->house.guns_at_guns_dice, -2);
    assert_int_equal (t->house.cavalry_retreat_dice, -1);
    assert_true (t->house.retreat_dice_each_shooter);
    assert_int_equal (t->house.cavalry_vs_disordered_dice, 3);
    assert_int_equal (t->house.high_ground_dice, -1);
    test_near (t->house.guns_move_and_shoot, 2, 1e-9);
    test_near (t->house.routed_breakpoint, 0.5, 1e-9); /* "half of its units" */
    assert_false (t->house.infantry_charge_cavalry);

    game_rules_t *base = test_rules_load ("rules/data/bolivar/tables.cfg");
    const bol_tables_t *bt = game_rules_tables (base);
    assert_false (bt->house.on);
    game_rules_destroy (&base);

    /* a misspelt house rule names itself and its line */
    char err[SOLO_ERR_MAX];
    char *text = game_read_file (test_source_path ("rules/data/"
                                 "liberators_house/tables.cfg"), err,
                                 sizeof err);
    assert_non_null (text);
    char *at = strstr (text, "pursue_when_free =");
    assert_non_null (at);
    at[strlen ("pursue_when_free")] = 'X';       /* pursue_when_freeX */
    game_rules_t *bad = game_rules_load (overlay_file (text), err,
                                         sizeof err);
    assert_null (bad);
    int line = 1;
    for (const char *c = text; c < at; c++)
        line += *c == '\n';
    char where[32];
    snprintf (where, sizeof where, ":%d - ", line);
    if (!strstr (err, "bolivar.house.pursue_when_freeX")
        || !strstr (err, where))
        fail_msg ("error \"%s\" lacks the setting or its line %d", err, line);
    free (text);
}

/*  "An infantry line is exactly two rows deep ... the back row can have
 *  one less stand than the front row"; "An infantry column is at least 3
 *  rows deep and at most 2 stands wide"; "Infantry skirmishers are a
 *  single row of adjacent stands"; "A cavalry line, and deployed
 *  artillery, remain 1 row deep"; stands "on 30mm wide rectangles". */
static void
test_formations_lay_out_stands (void **state)
{
    (void) state;
    struct { const char *id, *troop, *formation; int stands;
             int front, rows; } c[] = {
        { "l2", "battalion", "line", 2, 1, 2 },
        { "l5", "battalion", "line", 5, 3, 2 },
        { "l7", "battalion", "line", 7, 4, 2 },
        { "c3", "battalion", "column", 3, 1, 3 },
        { "c4", "battalion", "column", 4, 1, 4 },
        { "c5", "battalion", "column", 5, 2, 3 },
        { "c7", "battalion", "column", 7, 2, 4 },
        { "c8", "battalion", "column", 8, 2, 4 },
        { "sk5", "battalion", "loose", 5, 5, 1 },
        { "one", "battalion", "loose", 1, 1, 1 },
        { "cav3", "horse", "mounted", 3, 3, 1 },
        { "guns2", "light_gun", "line", 2, 2, 1 },
    };
    int n = (int) (sizeof c / sizeof c[0]);
    char units[16384] = "";
    size_t len = 0;
    for (int i = 0; i < n; i++)
        len += (size_t) snprintf (units + len, sizeof units - len, "%s%s",
                                  i ? ", " : "", unit (c[i].id, "blue",
                                  c[i].troop, c[i].formation, 20 + 15 * i,
                                  20, 0, c[i].stands, NULL));
    snprintf (units + len, sizeof units - len, ", %s",
              unit ("foe", "red", "battalion", "line", 100, 190, 180, 4,
                    NULL));
    fixture_t *f = make (NULL, units);
    for (int i = 0; i < n; i++) {
        int front, rows;
        bol_house_layout (f->g, idx (f, c[i].id), &front, &rows);
        if (front != c[i].front || rows != c[i].rows)
            fail_msg ("%s: %d wide, %d deep; expected %d by %d", c[i].id,
                      front, rows, c[i].front, c[i].rows);
        test_near (U (f, c[i].id)->fp.width, 3.0 * c[i].front, 1e-9);
        test_near (U (f, c[i].id)->fp.depth, 2.0 * c[i].rows, 1e-9);
    }
    /* the front edge stays where the unit was put */
    test_near (U (f, "c8")->fp.centre.y + U (f, "c8")->fp.depth / 2, 21, 1e-9);

    /* "These constraints mean a battalion must have at least 3 stands to
       form column": an order to, refused; a line of six forms column */
    start (f);
    order_t o = order_hold ();
    o.has_formation = true;
    o.formation = FORMATION_COLUMN;
    test_order_refused (f->g, "l2", o, "at least 3 stands to form column");
    test_give_order (f->g, "l5", o);
    /* "Battalions can form square as a normal formation change": no least
       number of stands is given, so a battalion of two forms square, its
       stands one behind the other (the host's two-stand square) */
    order_t sq = order_hold ();
    sq.has_formation = true;
    sq.formation = FORMATION_SQUARE;
    test_give_order (f->g, "l2", sq);
    test_next_phase (f);
    test_near (U (f, "l5")->fp.width, 6.0, 1e-9);      /* two wide, */
    test_near (U (f, "l5")->fp.depth, 6.0, 1e-9);      /* three deep */
    assert_int_equal (U (f, "l2")->formation, FORMATION_SQUARE);
    test_near (U (f, "l2")->fp.width, 3.0, 1e-9);      /* one wide, */
    test_near (U (f, "l2")->fp.depth, 4.0, 1e-9);      /* two deep */
    unmake (f);

    /* "A single stand is skirmishers by definition"; "an infantry line
       must have at least 2 stands" */
    char two[2048];
    snprintf (two, sizeof two, "%s, %s",
              unit ("lone", "blue", "battalion", "line", 20, 20, 0, 1, NULL),
              unit ("foe", "red", "battalion", "line", 100, 190, 180, 4,
                    NULL));
    refuse_game (two, "a single stand is skirmishers (loose) by definition "
                 "(an infantry line must have at least 2 stands)");
    snprintf (two, sizeof two, "%s, %s",
              unit ("pair", "blue", "battalion", "column", 20, 20, 0, 2, NULL),
              unit ("foe", "red", "battalion", "line", 100, 190, 180, 4,
                    NULL));
    refuse_game (two, "at least 3 stands to form column");
}

/*  "Stands at the front of a unit fire within 45 degrees of their front,
 *  measured from either edge of the stand.  Infantry stands in a second
 *  row behind eligible front row stands can also shoot at the same
 *  target as the front row stand.  Other rear row stands cannot shoot."
 *  The primary shooter's dice are a die a stand that fires. */
static void
test_stands_that_fire (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s, %s",
              unit ("l6", "blue", "battalion", "line", 50, 20, 0, 6, NULL),
              unit ("wide", "red", "battalion", "line", 50, 35, 180, 6, NULL),
              unit ("col6", "blue", "battalion", "column", 100, 20, 0, 6,
                    NULL),
              unit ("wide2", "red", "battalion", "line", 100, 40, 180, 6,
                    NULL),
              unit ("cav3", "blue", "horse", "mounted", 150, 20, 0, 3, NULL),
              unit ("wide3", "red", "battalion", "line", 150, 35, 180, 6,
                    NULL));
    fixture_t *f = make (NULL, units);
    /* a target across the whole front: every front stand and the row
       behind */
    assert_int_equal (bol_house_firing_stands (f->g, idx (f, "l6"),
                                               idx (f, "wide")), 6);
    assert_int_equal (bol_shoot_dice (f->g, idx (f, "l6"), idx (f, "wide"),
                                      true), 6);
    /* "Stands at the front of a unit fire": a second unit shooting at the
       same target fires with its stands too, not the host's 1d6 for a
       secondary shooter (secondary_by_stands, a reading) */
    assert_int_equal (bol_shoot_dice (f->g, idx (f, "l6"), idx (f, "wide"),
                                      false), 6);
    /* a column: its two front stands and the two behind them */
    assert_int_equal (bol_house_firing_stands (f->g, idx (f, "col6"),
                                               idx (f, "wide2")), 4);
    /* cavalry: one row, no second */
    assert_int_equal (bol_house_firing_stands (f->g, idx (f, "cav3"),
                                               idx (f, "wide3")), 3);
    unmake (f);

    /* a small target off the right, its front centre (55, 22) 1 cm
       before the line's front: only the rightmost front stand (its
       centre at 53, 1.5 wide) has it within 45 degrees of an edge; the
       stand behind it fires too in a line of six (three behind), not in
       a line of five (two behind, laid from the left: a reading) */
    for (int stands = 5; stands <= 6; stands++) {
        snprintf (units, sizeof units, "%s, %s",
                  unit ("line", "blue", "battalion", "line", 50, 20, 0,
                        stands, NULL),
                  unit ("sk", "red", "battalion", "loose", 55, 23, 180, 1,
                        NULL));
        f = make (NULL, units);
        assert_int_equal (bol_house_firing_stands (f->g, idx (f, "line"),
                                                   idx (f, "sk")),
                          stands == 6 ? 2 : 1);
        unmake (f);
    }
}

/*  "These stands fight in melee: Stands in base to base contact with
 *  enemy; Infantry stands in a second row behind stands in base to base
 *  contact; In a charging infantry column, every second infantry stand
 *  in a third or fourth row behind stands in base to base contact." */
static void
test_stands_that_fight (void **state)
{
    (void) state;
    char units[4096];
    /* fronts meeting at y = 21 */
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s, %s, %s, %s",
              unit ("l6", "blue", "battalion", "line", 20, 20, 0, 6, NULL),
              unit ("r1", "red", "battalion", "line", 20, 22, 180, 6, NULL),
              unit ("c8", "blue", "battalion", "column", 60, 20, 0, 8, NULL),
              unit ("r2", "red", "battalion", "line", 60, 22, 180, 6, NULL),
              unit ("c7", "blue", "battalion", "column", 100, 20, 0, 7, NULL),
              unit ("r3", "red", "battalion", "line", 100, 22, 180, 6, NULL),
              unit ("l6b", "blue", "battalion", "line", 140, 20, 0, 6, NULL),
              unit ("r4", "red", "battalion", "loose", 143, 22, 180, 1,
                    NULL));
    fixture_t *f = make (NULL, units);
    assert_int_equal (bol_house_fighting_stands (f->g, idx (f, "l6"),
                                                 idx (f, "r1")), 6);
    /* a column standing: its two front stands and the two behind */
    assert_int_equal (bol_house_fighting_stands (f->g, idx (f, "c8"),
                                                 idx (f, "r2")), 4);
    /* charging: and every second of the four in its third and fourth
       rows; of seven stands, the three there give one */
    S (f, "c8")->flags |= BOL_F_CHARGED;
    S (f, "c7")->flags |= BOL_F_CHARGED;
    assert_int_equal (bol_house_fighting_stands (f->g, idx (f, "c8"),
                                                 idx (f, "r2")), 6);
    assert_int_equal (bol_house_fighting_stands (f->g, idx (f, "c7"),
                                                 idx (f, "r3")), 5);
    /* one stand met (the right one), and the one behind it */
    assert_int_equal (bol_house_fighting_stands (f->g, idx (f, "l6b"),
                                                 idx (f, "r4")), 2);
    /* the primary fighter's dice: a die a stand that fights (the host's
       one a point of resolve, defending) */
    assert_int_equal (bol_melee_dice (f->g, idx (f, "l6"), idx (f, "r1"),
                                      true), 6);
    /* "These stands fight in melee: Stands in base to base contact with
       enemy": a second unit in contact fights with its stands too, not
       the host's 1d6 for a secondary fighter */
    assert_int_equal (bol_melee_dice (f->g, idx (f, "l6"), idx (f, "r1"),
                                      false), 6);
    assert_int_equal (bol_melee_dice (f->g, idx (f, "l6b"), idx (f, "r4"),
                                      false), 2);
    unmake (f);
}

/*  "If a units takes the same or more casualties as it has stands then
 *  it is routed.  Note the distance from the leader; each complete 12
 *  inches imposes a -1 modifier in a subsequent rally roll.  Remove the
 *  unit from the table."  "So a unit 18 inches from the leader when it
 *  routs is at -1.  A unit at only 6 has no modifier." */
static void
test_casualty_markers_and_rout (void **state)
{
    (void) state;
    char units[4096];
    /* the line of four: front edge at y = 21 and its back at 17; the
       brigadier's near edge 18 inches beyond its front */
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("bn", "blue", "battalion", "line", 50, 20, 0, 4, NULL),
              unit ("general", "blue", "brigadier", "line", 50,
                    21 + 18 * IN + 1.25, 0, 0, NULL),
              unit ("foe", "red", "battalion", "line", 150, 190, 180, 4,
                    NULL));
    fixture_t *f = make (NULL, units);
    int bn = idx (f, "bn");
    assert_int_equal (bol_house_rout_penalty (f->g, bn), 1);
    unit_t *g = U (f, "general");
    g->fp.centre.y = 21 + 6 * IN + 1.25;
    assert_int_equal (bol_house_rout_penalty (f->g, bn), 0);
    g->fp.centre.y = 21 + 24.1 * IN + 1.25;
    assert_int_equal (bol_house_rout_penalty (f->g, bn), 2);
    g->fp.centre.y = 21 + 18 * IN + 1.25;
    /* casualties are markers: the stands stay, resolve untouched */
    assert_false (bol_take_hits (f->g, bn, 3, idx (f, "foe"), "test"));
    assert_int_equal (U (f, "bn")->killed, 3);
    assert_int_equal (U (f, "bn")->stand_count, 4);
    assert_int_equal (bol_resolve (f->g, bn), 3);
    saw (f, "3 casualty markers on 4 stands");
    double lost, start;                /* as a strategy weighs it */
    game_side_harm (f->g, SIDE_BLUE, &lost, &start);
    assert_true (lost == 3 && start == 4);
    assert_true (bol_take_hits (f->g, bn, 1, idx (f, "foe"), "test"));
    assert_false (bol_in_play (f->g, bn));
    assert_int_equal (S (f, "bn")->rout_penalty, 1);
    saw (f, "its rally will be at -1 (a die of 1 pip beside it off table)");
    unmake (f);

    /* a unit given as many markers as stands would have routed */
    snprintf (units, sizeof units, "%s, %s",
              unit ("gone", "blue", "battalion", "line", 50, 20, 0, 4,
                    "killed = 4;"),
              unit ("foe", "red", "battalion", "line", 150, 190, 180, 4,
                    NULL));
    refuse_game (units, "4 casualty markers (killed) on 4 stands");
}

/*  "if a unit is disordered in the Musket Fire Phase of Turn 1 and gains
 *  two disorder markers (red and white).  In the Rally Phase of Turn 2
 *  one of the disorder markers is removed (white).  In the Rally phase of
 *  turn 3 the unit may rally to remove the remaining disorder marker
 *  (red)." */
static void
test_disorder_markers_and_rally (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("bn", "blue", "battalion", "line", 50, 20, 0, 4, NULL),
              unit ("foe", "red", "battalion", "line", 150, 190, 180, 4,
                    NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    bol_house_disorder (f->g, idx (f, "bn"), "test");
    uint32_t both = STATUS_DISORDERED | STATUS_NEWLY_DISORDERED;
    assert_int_equal (U (f, "bn")->status & both, both);
    /* turn 2: the initiative's dice, then only the white marker off */
    test_push (f, 2, 4, 3);
    next_turn (f);
    assert_int_equal (U (f, "bn")->status & both, STATUS_DISORDERED);
    saw (f, "bn takes off its white disorder marker: it cannot rally this "
         "turn");
    /* turn 3: a rally roll (2d6: resolve 3, no commander near), failed */
    test_push (f, 4, 4, 3, 5, 5);
    next_turn (f);
    assert_int_equal (U (f, "bn")->status & both, STATUS_DISORDERED);
    saw (f, "bn's command check to rally from disorder: 2d6, best 5: "
         "failed");
    /* turn 4: passed, the red marker off */
    test_push (f, 4, 4, 3, 6, 1);
    next_turn (f);
    assert_int_equal (U (f, "bn")->status & both, 0);
    saw (f, "bn rallies: its red disorder marker comes off");
    unmake (f);
}

/*  "A disordered unit with a leader attached can roll twice to rally
 *  from disorder.  Once with the unit's morale rating and once with the
 *  leader's morale rating."  "Leader that attempted to rally this turn:
 *  No movement." */
static void
test_leader_rallies_twice (void **state)
{
    (void) state;
    char units[2048];
    /* the brigadier touching the line's rear: attached */
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("bn", "blue", "battalion", "line", 50, 20, 0, 4, NULL),
              unit ("general", "blue", "brigadier", "line", 50, 15.75, 0, 0,
                    NULL),
              unit ("foe", "red", "battalion", "line", 150, 190, 180, 4,
                    NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    U (f, "bn")->status |= STATUS_DISORDERED;
    /* initiative 4-3; the unit's 3d6 fail; the leader's 3d6 pass */
    test_push (f, 8, 4, 3, 5, 5, 5, 1, 1, 6);
    next_turn (f);
    assert_false (U (f, "bn")->status & STATUS_DISORDERED);
    saw (f, "general rallies bn from disorder with his own rating: 3d6, "
         "best 6: passed");
    /* and he does not move this turn: an order to is refused when given
       ("Leaders only get two choices": this one "No movement"), and his
       unit goes on without him and leaves him behind */
    test_next_phase (f);
    vec2_t was = U (f, "general")->fp.centre;
    test_give_order (f->g, "bn", test_move_order (50, 19 + 2 * IN));
    test_order_refused (f->g, "general", test_move_order (80, 20),
                        "he attempted to rally this turn, so he makes no "
                        "movement");
    test_next_phase (f);
    test_near (U (f, "bn")->fp.centre.y, 19 + 2 * IN, 1e-6);
    test_near (U (f, "general")->fp.centre.x, was.x, 1e-9);
    test_near (U (f, "general")->fp.centre.y, was.y, 1e-9);
    saw (f, "general stays where he is (he attempted to rally this turn): "
         "bn goes on without him");
    saw (f, "general stays: he attempted to rally a unit this turn");
    assert_int_equal (bol_attached_commander (f->g, idx (f, "bn")), -1);
    unmake (f);
}

/*  "A unit must fire at the nearest eligible enemy unit. There is one
 *  exception, artillery shooters can skip over ignore artillery targets
 *  if they wish and choose the next closest unit instead."  (4 Page
 *  Bolivar: "the closest viable target directly-to-front, otherwise
 *  closest in arc".) */
static void
test_target_priority (void **state)
{
    (void) state;
    char units[4096];
    /* "ahead" is directly to the front 12 cm off, "oblique" in the arc
       off to the right, 6.5 cm */
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s, %s",
              unit ("bn", "blue", "battalion", "line", 50, 20, 0, 4, NULL),
              unit ("ahead", "red", "battalion", "line", 50, 34, 180, 2,
                    NULL),
              unit ("oblique", "red", "battalion", "loose", 57, 28, 180, 1,
                    NULL),
              unit ("gun", "blue", "light_gun", "line", 120, 20, 0, 1, NULL),
              unit ("their-gun", "red", "light_gun", "line", 120, 30, 180, 1,
                    NULL),
              unit ("their-bn", "red", "battalion", "line", 135, 40, 180, 2,
                    NULL));
    fixture_t *f = make (NULL, units);
    assert_int_equal (bol_priority_target (f->g, idx (f, "bn")),
                      idx (f, "oblique"));
    assert_int_equal (bol_priority_target (f->g, idx (f, "gun")),
                      idx (f, "their-bn"));
    /* with no other target the guns fire at guns */
    game_unit_mut (f->g, idx (f, "their-bn"))->gone = 1;
    assert_int_equal (bol_priority_target (f->g, idx (f, "gun")),
                      idx (f, "their-gun"));
    /* "New modifier: Artillery shooting at artillery -2": the gun's one
       stand, one die, less two: no die left ("Counter battery fire was
       remarkably ineffective"; the host's floor of one die gives way,
       shoot_dice_to_zero) */
    assert_int_equal (bol_shoot_dice (f->g, idx (f, "gun"),
                                      idx (f, "their-gun"), true), 0);
    unmake (f);

    /* "New modifier: Cavalry that do an immediate retreat move -1": a
       skirmisher's one stand at cavalry that retreats throws none */
    snprintf (units, sizeof units, "%s, %s",
              unit ("sk", "blue", "battalion", "loose", 50, 20, 0, 1, NULL),
              unit ("horse", "red", "horse", "mounted", 50, 32, 180, 3,
                    NULL));
    f = make (NULL, units);
    int sk = idx (f, "sk"), horse = idx (f, "horse");
    assert_int_equal (bol_shoot_dice (f->g, sk, horse, true), 1);
    S (f, "horse")->house |= BOL_H_RETREATED;
    assert_int_equal (bol_shoot_dice (f->g, sk, horse, true), 0);
    unmake (f);
}

/*  "A unit must fire at the nearest eligible enemy unit"; "Stands at
 *  the front of a unit fire within 45 degrees of their front, measured
 *  from either edge of the stand.  Infantry stands in a second row
 *  behind eligible front row stands can also shoot at the same target":
 *  an eligible target is one a stand of the unit can fire at, so the
 *  nearest such is the target, whatever the unit's centre sees.  Seed
 *  003's "Squares have no flank or rear": a square's faces are each a
 *  front. */
static void
test_target_a_stand_can_fire_at (void **state)
{
    (void) state;
    char units[4096];
    /* a square of six (two stands wide, three deep; its front at y =
       51, its rear at 45): "Squares have no flank or rear", so every
       face fires as a front.  An enemy 5 inches behind it (6.7 cm from
       its rear) is nearer than one 4 inches ahead (8.2 cm from its
       front: both within the musket's 4 inches, 10.2 cm): the rear
       face's two stands fire at it, and the two behind them */
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("sq", "blue", "battalion", "square", 50, 50, 0, 6, NULL),
              unit ("behind", "red", "battalion", "line", 50, 50 - 5 * IN, 0,
                    4, NULL),
              unit ("ahead", "red", "battalion", "line", 50, 50 + 4 * IN,
                    180, 4, NULL));
    fixture_t *f = make (NULL, units);
    int sq = idx (f, "sq");
    assert_int_equal (bol_house_firing_stands (f->g, sq, idx (f, "ahead")),
                      4);
    assert_int_equal (bol_house_firing_stands (f->g, sq, idx (f, "behind")),
                      4);
    assert_int_equal (bol_priority_target (f->g, sq), idx (f, "behind"));
    assert_int_equal (bol_shoot_dice (f->g, sq, idx (f, "behind"), true), 4);
    unmake (f);

    /* an enemy off its side: the three stands along that face fire, and
       the three of the file behind them */
    snprintf (units, sizeof units, "%s, %s",
              unit ("sq", "blue", "battalion", "square", 50, 50, 0, 6, NULL),
              unit ("side", "red", "battalion", "line", 50 + 3 * IN, 48, 270,
                    4, NULL));
    f = make (NULL, units);
    sq = idx (f, "sq");
    assert_int_equal (bol_house_firing_stands (f->g, sq, idx (f, "side")),
                      6);
    assert_int_equal (bol_priority_target (f->g, sq), idx (f, "side"));
    unmake (f);

    /* a line of six (three wide, two deep) facing 0, its front at y =
       21: a skirmisher off its right, its front centre (57, 24) within
       45 degrees of the right stand's right edge (4 aside of the stand's
       centre, 3 ahead: within 1.5 + 3), and so of the stand behind it,
       though 54 degrees off the line's centre, nearer than a line 3
       inches ahead (its front 5.6 cm off, within the musket's 4 inches):
       the skirmisher is the target, at two dice */
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("line", "blue", "battalion", "line", 50, 20, 0, 6, NULL),
              unit ("sk", "red", "battalion", "loose", 57, 25, 180, 1,
                    NULL),
              unit ("far", "red", "battalion", "line", 50, 20 + 3 * IN, 180,
                    4, NULL));
    f = make (NULL, units);
    int line = idx (f, "line");
    assert_int_equal (bol_priority_target (f->g, line), idx (f, "sk"));
    assert_int_equal (bol_shoot_dice (f->g, line, idx (f, "sk"), true), 2);
    unmake (f);
}

/*  The host's ranges, read as inches as every host length in TUM is here
 *  (the overlay's RULINGS.md, "Length: inches": "The host's lengths in
 *  TUM (moves 3, 6 and 8, charges, zones, command reach 8, the
 *  readings' ranges) are read as inches"): seed 003's "The target must
 *  be in range" with 4 Page Bolivar's musket of 4 TUM (a reading of its
 *  absent QRS) is 4 inches here, not 8.  A battalion whose enemy stands
 *  6 inches before its front has no target; at 3.5 inches it has. */
static void
test_ranges_in_inches (void **state)
{
    (void) state;
    char units[2048];
    /* the battalion's front at y = 21; the enemy's 6 inches beyond */
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("bn", "blue", "battalion", "line", 50, 20, 0, 4, NULL),
              unit ("foe", "red", "battalion", "line", 50, 22 + 6 * IN, 180,
                    4, NULL),
              unit ("hussars", "blue", "horse", "mounted", 150, 20, 0, 3,
                    NULL),
              unit ("gun", "blue", "light_gun", "deployed", 100, 20, 0, 1,
                    NULL));
    fixture_t *f = make (NULL, units);
    int bn = idx (f, "bn");
    /* musket 4, carbine 2, light gun 12: the host's TUM as inches */
    test_near (bol_long_range_cm (f->g, bn), 4 * IN, 1e-9);
    test_near (bol_long_range_cm (f->g, idx (f, "hussars")), 2 * IN, 1e-9);
    test_near (bol_long_range_cm (f->g, idx (f, "gun")), 12 * IN, 1e-9);
    test_near (situation_unit_distance (game_situation (f->g), bn,
                                        idx (f, "foe")), 6 * IN, 1e-6);
    assert_int_equal (bol_priority_target (f->g, bn), -1);
    unmake (f);

    snprintf (units, sizeof units, "%s, %s",
              unit ("bn", "blue", "battalion", "line", 50, 20, 0, 4, NULL),
              unit ("foe", "red", "battalion", "line", 50, 22 + 3.5 * IN,
                    180, 4, NULL));
    f = make (NULL, units);
    assert_int_equal (bol_priority_target (f->g, idx (f, "bn")),
                      idx (f, "foe"));
    unmake (f);
}

/*  "Stands at the front of a unit fire within 45 degrees of their front,
 *  measured from either edge of the stand": the page does not say which
 *  part of the target must be within them, so it is asked as the host
 *  asks a target "in arc", of its front centre: "Otherwise a unit is
 *  assumed to be located at the front centre of the unit"
 *  (readings.shoot_target_at "front_centre"; "nearest_part": any part).
 *  A line of eight (four stands wide, 12 cm) with its front at y = 21;
 *  an enemy line of four 2 cm before it, its front centre (50, 23)
 *  before the middle: each inner stand (centres 48.5 and 51.5) has it
 *  within 45 degrees of an edge (1.5 aside, within 1.5 + 2), each outer
 *  one (45.5 and 54.5: 4.5 aside) not, though the enemy's corners (47
 *  and 53) are within theirs.  Two front stands and the two behind
 *  them fire; by any part of it all eight would. */
static void
test_stands_fire_at_the_front_centre (void **state)
{
    (void) state;
    game_rules_t *any_part = house_edited ("bolivar = {\n",
        "bolivar = {\n  readings = { shoot_target_at = \"nearest_part\"; };\n");
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("line", "blue", "battalion", "line", 50, 20, 0, 8, NULL),
              unit ("close", "red", "battalion", "line", 50, 24, 180, 4,
                    NULL));
    for (int k = 0; k < 2; k++) {
        fixture_t *f = test_game_new (k ? any_part : rules,
                                      scenario_text (NULL, units));
        test_near (bol_front_centre (&U (f, "close")->fp).y, 23, 1e-6);
        test_near (U (f, "line")->fp.width, 12, 1e-6);
        assert_int_equal (bol_house_firing_stands (f->g, idx (f, "line"),
                                                   idx (f, "close")),
                          k ? 8 : 4);
        unmake (f);
    }
    game_rules_destroy (&any_part);
}

/*  The floor of the shooting dice: the host's cover modifier leaves a
 *  shooter one die at least (RULINGS.md: "4 Page Bolivar's own tables
 *  keep a shooter at one die at least (a reading of the host's, for its
 *  cover modifier)"); the page's own "New modifier: Artillery shooting
 *  at artillery -2" and "Cavalry that do an immediate retreat move -1"
 *  may leave none. */
static void
test_shoot_dice_floor (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("sk", "blue", "battalion", "loose", 50, 20, 0, 1, NULL),
              unit ("foe", "red", "battalion", "line", 50, 32, 180, 4, NULL),
              unit ("sk2", "blue", "battalion", "loose", 120, 20, 0, 1, NULL),
              unit ("horse", "red", "horse", "mounted", 120, 32, 180, 3,
                    NULL));
    fixture_t *f = make ("{ id = \"w\"; kind = \"woods\"; polygon = ( "
                         "[30.0, 30.5], [150.0, 30.5], [150.0, 50.0], "
                         "[30.0, 50.0] ); }", units);
    /* one stand at a battalion in the woods: one die, less the host's
       one for cover, floored at one */
    assert_int_equal (bol_shoot_dice (f->g, idx (f, "sk"), idx (f, "foe"),
                                      true), 1);
    /* at cavalry in the woods that retreats: the page's -1 after the
       host's floor, none left */
    S (f, "horse")->house |= BOL_H_RETREATED;
    assert_int_equal (bol_shoot_dice (f->g, idx (f, "sk2"), idx (f, "horse"),
                                      true), 0);
    unmake (f);
}

/*  "Cavalry of the period could evade fire. So when a cavalry unit is
 *  being shot at the owner can decide that it is doing a retreat move and
 *  hence impose a modifier on the shooter" ("Cavalry that do an immediate
 *  retreat move -1"); "During a retreat move the unit moves back 4
 *  inches"; casualties from fire ask a disorder check. */
static void
test_fire_and_cavalry_retreat (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("bn", "blue", "battalion", "line", 50, 20, 0, 6, NULL),
              unit ("hussars", "red", "gauchos_llaneros", "mounted", 50, 32,
                    180, 3, NULL),
              unit ("far", "red", "battalion", "line", 150, 190, 180, 4,
                    NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_SHOOT);
    order_t o = order_hold ();
    o.kind = ORDER_FIRE;
    o.fire = true;
    test_give_order (f->g, "bn", o);
    double y = U (f, "hussars")->fp.centre.y;
    /* the line's six stands less one: 5d6 needing 6 (two hits), then the
       hussars' disorder check (2d6) failed */
    test_push (f, 7, 6, 6, 1, 1, 1, 2, 2);
    test_next_phase (f);
    saw (f, "bn (primary) 5d6 needing 6: 2 hits");
    saw (f, "hussars retreats 10.2 cm directly to its rear (it retreats from "
         "the fire)");
    test_near (U (f, "hussars")->fp.centre.y, y + 4 * IN, 1e-6);
    assert_int_equal (U (f, "hussars")->killed, 2);
    assert_true (U (f, "hussars")->status & STATUS_DISORDERED);
    /* "A charge is cancelled if the charging unit receives casualties in
       Fire Combat and fails the disorder check" */
    char err[256];
    assert_int_equal (bol_charge_check (f->g, idx (f, "hussars"),
                                        idx (f, "bn"), err, sizeof err), -1);
    assert_non_null (strstr (err, "took casualties in fire combat and "
                             "failed its disorder check"));
    unmake (f);
}

/*  "New modifier: Cavalry that do an immediate retreat move -1"; "when
 *  a cavalry unit is being shot at the owner can decide that it is doing
 *  a retreat move and hence impose a modifier on the shooter": each unit
 *  shooting at it throws one die fewer, the second as the first
 *  (retreat_dice_each_shooter, a reading: every unit throws its own dice
 *  with its own modifiers). */
static void
test_cavalry_retreat_on_each_shooter (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("bn", "blue", "battalion", "line", 50, 20, 0, 4, NULL),
              unit ("bn2", "blue", "battalion", "line", 60, 20, 0, 4, NULL),
              unit ("horse", "red", "horse", "mounted", 55, 32, 180, 3,
                    NULL));
    fixture_t *f = make (NULL, units);
    int h = idx (f, "horse");
    assert_int_equal (bol_shoot_dice (f->g, idx (f, "bn"), h, true), 4);
    assert_int_equal (bol_shoot_dice (f->g, idx (f, "bn2"), h, false), 4);
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_SHOOT);
    order_t o = order_hold ();
    o.kind = ORDER_FIRE;
    o.fire = true;
    test_give_order (f->g, "bn", o);
    test_give_order (f->g, "bn2", o);
    test_push (f, 6, 1, 1, 1, 1, 1, 1);
    test_next_phase (f);
    saw (f, "bn (primary) 3d6 needing 6: 0 hits; bn2 (secondary) 3d6 "
         "needing 6: 0 hits");
    saw (f, "horse retreats 10.2 cm directly to its rear (it retreats from "
         "the fire)");
    unmake (f);
}

/*  "the owner can decide that it is doing a retreat move ... Normal
 *  retreat rules apply"; "A retreating unit that cannot complete the full
 *  move because it meets other units or impassable terrain stops at the
 *  obstruction and takes a casualty": the owner takes the retreat when
 *  it spares hits and its way back is clear, and with a friend standing
 *  close behind his horse he stands and takes the fire rather than a
 *  certain casualty for one die spared (cavalry_retreat_when_worth, a
 *  reading). */
static void
test_cavalry_retreat_when_worth (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("bn", "blue", "battalion", "line", 50, 20, 0, 4, NULL),
              unit ("horse", "red", "horse", "mounted", 50, 32, 180, 3, NULL),
              unit ("behind", "red", "battalion", "line", 50, 36.5, 180, 4,
                    NULL));
    fixture_t *f = make (NULL, units);
    int h = idx (f, "horse");
    assert_false (bol_house_retreat_clear (f->g, h));
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_SHOOT);
    order_t o = order_hold ();
    o.kind = ORDER_FIRE;
    o.fire = true;
    test_give_order (f->g, "bn", o);
    test_push (f, 6, 1, 1, 1, 1, 1, 1);
    test_next_phase (f);
    /* its four dice, no retreat, no casualty of its own making */
    saw (f, "bn (primary) 4d6 needing 6: 0 hits");
    assert_false (test_saw (f, "horse retreats"));
    assert_int_equal (U (f, "horse")->killed, 0);
    unmake (f);
}

/*  "If you want to melee someone, line up and charge them properly.
 *  Edge to edge contact and stands lined up"; "A charge can be an
 *  oblique move but cannot include a change of facing"; a square's face
 *  is the side the charger's front centre stands before (the host's
 *  RULINGS.md): a horse squarely before a square's face, off its centre
 *  line, charges that face without turning, as one dead before its
 *  centre does. */
static void
test_charge_square_face (void **state)
{
    (void) state;
    char units[2048];
    for (int k = 0; k < 3; k++) {
        double off = k == 0 ? 0 : k == 1 ? 1.0 : 1.5;
        snprintf (units, sizeof units, "%s, %s",
                  unit ("horse", "blue", "horse", "mounted", 50, 80, 180, 3,
                        NULL),
                  unit ("sq", "red", "battalion", "square", 50, 50, 0, 6,
                        NULL));
        fixture_t *f = make (NULL, units);
        int h = idx (f, "horse"), sq = idx (f, "sq");
        const footprint_t *sf = &U (f, "sq")->fp;
        unit_t *x = game_unit_m (f->g, h);
        /* its front 2 inches from the square's north face */
        x->fp.centre = (vec2_t) { sf->centre.x + off,
                                  sf->centre.y + sf->depth / 2 + 2 * IN
                                  + x->fp.depth / 2 };
        start (f);
        test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
        char err[256] = "";
        if (bol_charge_check (f->g, h, sq, err, sizeof err) < 0)
            fail_msg ("%.1f cm off the centre line: %s", off, err);
        unmake (f);
    }
}

/*  "If you want to melee someone, line up and charge them properly.
 *  Edge to edge contact and stands lined up."  "A charge can be an
 *  oblique move but cannot include a change of facing."  bn (two stands
 *  wide, 6 cm) stands an inch before the end of foe's line (four stands
 *  wide, 12 cm), its front 0.5 cm over the line's end: it charges
 *  straight on into the two end stands, slid 0.5 cm to line its stands
 *  up with theirs, and both fight with the stands in contact and the
 *  second row behind them.  The face's centre, 3.5 cm to the side,
 *  would be 54 degrees off its front, beyond the oblique.  A bn wholly
 *  beyond the line's end stands off foe's flank, and would have to turn
 *  to meet it. */
static void
test_charge_lined_up_with_stands (void **state)
{
    (void) state;
    const double side[2] = { 3.5, 9.5 };
    for (int k = 0; k < 2; k++) {
        char units[2048];
        snprintf (units, sizeof units, "%s, %s",
                  unit ("bn", "blue", "battalion", "line", 20, 20, 180, 4,
                        NULL),
                  unit ("foe", "red", "battalion", "line", 50, 50, 0, 8,
                        NULL));
        fixture_t *f = make (NULL, units);
        int b = idx (f, "bn"), foe = idx (f, "foe");
        const footprint_t *ff = &U (f, "foe")->fp;
        unit_t *x = game_unit_m (f->g, b);
        test_near (ff->width, 12, 1e-9);
        test_near (x->fp.width, 6, 1e-9);
        double front = ff->centre.y + ff->depth / 2;
        x->fp.centre = (vec2_t) { ff->centre.x + side[k],
                                  front + IN + x->fp.depth / 2 };
        start (f);
        test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
        char err[256] = "";
        if (k == 1) {
            assert_int_equal (bol_charge_check (f->g, b, foe, err,
                                                sizeof err), -1);
            assert_non_null (strstr (err, "would turn 90 degrees"));
            unmake (f);
            continue;
        }
        if (bol_charge_check (f->g, b, foe, err, sizeof err) < 0)
            fail_msg ("straight before the line's end: %s", err);
        test_give_order (f->g, "bn", test_charge_order (f, "foe"));
        test_push (f, 2, 6, 1);      /* bn's disorder check to charge */
        test_next_phase (f);         /* declared */
        test_next_phase (f);         /* the reactive player declares none */
        test_next_phase (f);         /* the charges */
        char want[128];
        snprintf (want, sizeof want, "bn charges foe in the front: in "
                  "contact at (%.1f, %.1f)", ff->centre.x + 3,
                  front + x->fp.depth / 2);
        saw (f, want);
        test_near (x->fp.facing, 180, 1e-6);
        /* its two stands in contact and the two behind them fight, one
           die each, and the foe's likewise */
        saw (f, "melee at foe: bn (primary) 4d6 needing 6");
        saw (f, "foe (primary) 4d6 needing 6");
        unmake (f);
    }
}

/*  "A charge is cancelled if the charging unit receives casualties in
 *  Fire Combat and fails the disorder check": one that takes casualties
 *  and passes still charges, so the host's shooting marker for a unit
 *  hit ("Units that take hits from shooting must shoot") is not placed;
 *  a unit that shot still does not charge ("Shooting units cannot
 *  charge"). */
static void
test_fire_hit_may_still_charge (void **state)
{
    (void) state;
    char units[2048];
    /* the fronts 10 cm (about 4 inches) apart: within a foot charge of 6
       inches, beyond the 2 inches of close range */
    snprintf (units, sizeof units, "%s, %s",
              unit ("bn", "blue", "battalion", "line", 50, 20, 0, 4, NULL),
              unit ("foe", "red", "battalion", "line", 50, 32, 180, 6,
                    NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_REACTIVE_SHOOT_SECOND);
    order_t o = order_hold ();
    o.kind = ORDER_FIRE;
    o.fire = true;
    test_give_order (f->g, "foe", o);
    /* the foe's six stands: 6d6 needing 6, one hit; bn's disorder check
       (2d6) passed */
    test_push (f, 8, 6, 1, 1, 1, 1, 1, 6, 1);
    test_next_phase (f);
    saw (f, "foe (primary) 6d6 needing 6: 1 hit");
    saw (f, "bn's command check to pass its disorder check, casualties from "
         "fire: 2d6, best 6: passed");
    assert_int_equal (U (f, "bn")->killed, 1);
    assert_false (U (f, "bn")->status & STATUS_DISORDERED);
    assert_false (S (f, "bn")->flags & BOL_F_SHOOTING);
    test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
    char err[256] = "";
    if (bol_charge_check (f->g, idx (f, "bn"), idx (f, "foe"), err,
                          sizeof err) < 0)
        fail_msg ("bn may not charge: %s", err);
    test_give_order (f->g, "bn", test_charge_order (f, "foe"));
    /* the foe fired: "Shooting units cannot charge" */
    assert_int_equal (bol_charge_check (f->g, idx (f, "foe"), idx (f, "bn"),
                                        err, sizeof err), -1);
    assert_non_null (strstr (err, "it has a shooting marker"));
    unmake (f);
}

/*  "Both sides act in each phase. One side, determined by initiative,
 *  acts first in all phases": the active side (blue, the attacker, in
 *  turn 1) moves, then the reactive; the active shoots, then the
 *  reactive; the active's charges go in before the reactive's, its
 *  infantry before the reactive's cavalry.  The host's sequence
 *  (initiative_first_each_phase false) has the reactive player shoot
 *  before it moves and cavalry charge first. */
static void
test_initiative_first_each_phase (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("bn", "blue", "battalion", "line", 50, 20, 0, 4, NULL),
              unit ("foe", "red", "battalion", "line", 50, 32, 180, 6,
                    NULL));
    static const int page[] = {
        BOL_PHASE_ACTIVE_MOVE, BOL_PHASE_REACTIVE_MOVE,
        BOL_PHASE_ACTIVE_SHOOT, BOL_PHASE_REACTIVE_SHOOT_SECOND,
        BOL_PHASE_ACTIVE_CHARGES, BOL_PHASE_REACTIVE_CHARGES,
        BOL_PHASE_MORALE };
    static const int page_side[] = { 0, 1, 0, 1, 0, 1, -1 };
    static const int host[] = {
        BOL_PHASE_ACTIVE_MOVE, BOL_PHASE_REACTIVE_SHOOT,
        BOL_PHASE_REACTIVE_MOVE, BOL_PHASE_ACTIVE_SHOOT,
        BOL_PHASE_ACTIVE_CHARGES, BOL_PHASE_REACTIVE_CHARGES,
        BOL_PHASE_MORALE };
    static const int host_side[] = { 0, 1, 1, 0, 0, 1, -1 };
    game_rules_t *hosts = house_edited ("initiative_first_each_phase = true;",
                                        "initiative_first_each_phase = false;");
    for (int k = 0; k < 2; k++) {
        const int *want = k == 0 ? page : host;
        const int *side = k == 0 ? page_side : host_side;
        fixture_t *f = k == 0 ? make (NULL, units)
                     : test_game_new (hosts, scenario_text (NULL, units));
        start (f);
        for (int i = 0; i < 7; i++) {
            assert_int_equal (game_phase (f->g), want[i]);
            assert_int_equal (game_phase_side (f->g), side[i]);
            test_next_phase (f);
        }
        assert_int_equal (game_phase (f->g), BOL_PHASE_INITIATIVE);
        unmake (f);
    }
    game_rules_destroy (&hosts);

    /* the fire: the active's first, the reactive's after it */
    fixture_t *f = make (NULL, units);
    start (f);
    order_t fire = order_hold ();
    fire.kind = ORDER_FIRE;
    fire.fire = true;
    test_on_to (f, BOL_PHASE_ACTIVE_SHOOT);
    test_give_order (f->g, "bn", fire);
    test_next_phase (f);
    saw (f, "bn (primary)");
    assert_false (test_saw (f, "foe (primary)"));
    assert_int_equal (game_phase (f->g), BOL_PHASE_REACTIVE_SHOOT_SECOND);
    test_give_order (f->g, "foe", fire);
    test_next_phase (f);
    saw (f, "foe (primary)");
    unmake (f);

    /* the charges: blue's foot (active) before red's horse (reactive);
       every disorder check to charge passed (2d6 each, any 6) */
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("bn", "blue", "battalion", "line", 100, 20, 0, 4, NULL),
              unit ("foe", "red", "battalion", "line", 100, 21 + 5 * IN + 1,
                    180, 4, NULL),
              unit ("cav", "blue", "horse", "mounted", 20, 20, 0, 2, NULL),
              unit ("horse", "red", "horse", "mounted", 20, 30, 180, 2,
                    NULL));
    f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
    test_give_order (f->g, "bn", test_charge_order (f, "foe"));
    test_push (f, 2, 6, 6);
    test_next_phase (f);
    saw (f, "bn declares a charge on foe");
    assert_int_equal (game_phase (f->g), BOL_PHASE_REACTIVE_CHARGES);
    test_give_order (f->g, "horse", test_charge_order (f, "cav"));
    test_push (f, 2, 6, 6);
    test_next_phase (f);
    saw (f, "horse declares a charge on cav");
    saw (f, "bn charges foe");
    saw (f, "horse charges cav");
    assert_true (test_event_at (f, "bn charges foe")
                 < test_event_at (f, "horse charges cav"));
    unmake (f);
}

/*  "A unit can do one of these: Change formation and/or change facing;
 *  Change facing then 1/2 move; Only if infantry: Step back 1/2 move and
 *  take disorder check; Leader that attempted to rally this turn: No
 *  movement; Take disorder check and if pass then charge full move;
 *  Otherwise full move": a unit that moved, turned or changed formation
 *  this turn does not charge; one that stood does. */
static void
test_moved_unit_does_not_charge (void **state)
{
    (void) state;
    char units[4096];
    /* each foe's front 10 inches from its battalion's at the start */
    double far = 21 + 10 * IN + 1, near = 21 + 5 * IN + 1;
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s, %s, %s, %s",
              unit ("mover", "blue", "battalion", "line", 20, 20, 0, 4, NULL),
              unit ("foe1", "red", "battalion", "line", 20, far, 180, 4, NULL),
              unit ("stander", "blue", "battalion", "line", 70, 20, 0, 4,
                    NULL),
              unit ("foe2", "red", "battalion", "line", 70, near, 180, 4,
                    NULL),
              unit ("turner", "blue", "battalion", "line", 120, 20, 0, 4,
                    NULL),
              unit ("foe3", "red", "battalion", "line", 120, near, 180, 4,
                    NULL),
              unit ("former", "blue", "battalion", "line", 170, 20, 0, 4,
                    NULL),
              unit ("foe4", "red", "battalion", "line", 170, near, 180, 4,
                    NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    /* a charge order in the move phase readies the charge; one that
       also moves, turns or changes formation is refused when given,
       naming the rule, not only when the charge is declared */
    const char *both = "a charge order may not also move, turn or change "
                       "formation (\"A unit can do one of these: ... Take "
                       "disorder check and if pass then charge full move; "
                       "Otherwise full move\")";
    order_t close = test_charge_order (f, "foe1");
    close.has_to = true;
    close.to = (vec2_t) { 20, 19 + 5 * IN };
    test_order_refused (f->g, "mover", close, both);
    order_t wheel = test_charge_order (f, "foe3");
    wheel.has_facing = true;
    wheel.facing = 10;
    test_order_refused (f->g, "turner", wheel, both);
    order_t form = test_charge_order (f, "foe4");
    form.has_formation = true;
    form.formation = FORMATION_COLUMN;
    test_order_refused (f->g, "former", form, both);
    order_t ready = test_charge_order (f, "foe2");
    ready.has_facing = true;                     /* the facing it has */
    ready.facing = 0;
    char err[SOLO_ERR_MAX];
    if (game_check_order (f->g, idx (f, "stander"), &ready, err,
                          sizeof err) < 0)
        fail_msg ("%s", err);
    /* a full move of 5 inches up to within 5 inches of foe1; a turn in
       place; a change to column */
    test_give_order (f->g, "mover", test_move_order (20, 19 + 5 * IN));
    order_t turn = order_hold ();
    turn.has_facing = true;
    turn.facing = 10;
    test_give_order (f->g, "turner", turn);
    order_t column = order_hold ();
    column.has_formation = true;
    column.formation = FORMATION_COLUMN;
    test_give_order (f->g, "former", column);
    test_next_phase (f);
    test_near (U (f, "mover")->fp.centre.y, 19 + 5 * IN, 1e-6);
    test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
    const char *why = "it moved, turned or changed formation this turn";
    test_order_refused (f->g, "mover", test_charge_order (f, "foe1"), why);
    test_order_refused (f->g, "turner", test_charge_order (f, "foe3"), why);
    test_order_refused (f->g, "former", test_charge_order (f, "foe4"), why);
    test_give_order (f->g, "stander", test_charge_order (f, "foe2"));
    unmake (f);

    /* the next turn, standing, the mover charges from where it now is */
    f = make (NULL, units);
    start (f);
    test_give_order (f->g, "mover", test_move_order (20, 19 + 5 * IN));
    test_next_phase (f);
    test_push (f, 2, 4, 3);                    /* turn 2: blue active */
    next_turn (f);
    test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
    assert_int_equal (bol_active (f->g), SIDE_BLUE);
    test_give_order (f->g, "mover", test_charge_order (f, "foe1"));
    unmake (f);
}

/*  How far unit `id` stands from `was`, in inches. */
static double
moved_in (fixture_t *f, const char *id, vec2_t was)
{
    return geom_dist (U (f, id)->fp.centre, was) / IN;
}

/*  The movement options name their own checks ("Step back 1/2 move and
 *  take disorder check", "Take disorder check and if pass then charge")
 *  and no zone (options_free_of_zones): within 4 inches of the enemy
 *  (the host's threat zone, where a turn that is no wheel, pivot or
 *  about face is refused and an oblique asks a command check), and
 *  within 3 inches straight before it (the control zone, where a move
 *  must close, go directly away or to the rear), a standing change of
 *  facing of 100 degrees, a change of facing of 90 then a half move, and
 *  a full move 30 degrees off the front are made, and no check is
 *  thrown. */
static void
test_options_free_of_zones (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s, %s",
              unit ("bn", "blue", "battalion", "line", 100, 50, 0, 4, NULL),
              unit ("foe", "red", "battalion", "line", 100, 60, 180, 4, NULL),
              unit ("turner", "blue", "battalion", "line", 30, 50, 0, 4,
                    NULL),
              unit ("foe2", "red", "battalion", "line", 30, 60, 180, 4, NULL),
              unit ("obliquer", "blue", "battalion", "line", 170, 50, 90, 4,
                    NULL),
              unit ("foe3", "red", "battalion", "line", 170, 60, 180, 4,
                    NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    assert_int_not_equal (bol_zone (f->g, idx (f, "bn")), BOL_ZONE_MANOEUVRE);
    assert_int_equal (bol_zone (f->g, idx (f, "obliquer")),
                      BOL_ZONE_CONTROL);
    order_t turn = order_hold ();
    turn.has_facing = true;
    turn.facing = 100;
    test_give_order (f->g, "bn", turn);
    vec2_t tu = U (f, "turner")->fp.centre;
    order_t turn_move = test_move_order (tu.x + 3 * IN, tu.y);
    turn_move.has_facing = true;
    turn_move.facing = 90;
    test_give_order (f->g, "turner", turn_move);
    vec2_t ob = U (f, "obliquer")->fp.centre, v = geom_heading_vec (120);
    order_t full = test_move_order (ob.x + v.x * 6 * IN, ob.y + v.y * 6 * IN);
    full.has_facing = true;
    full.facing = 90;
    test_give_order (f->g, "obliquer", full);
    test_next_phase (f);
    assert_false (test_saw (f, "command check"));
    test_near (U (f, "bn")->fp.facing, 100, 1e-6);
    test_near (U (f, "turner")->fp.facing, 90, 1e-6);
    test_near (U (f, "turner")->fp.centre.x, tu.x + 3 * IN, 1e-6);
    test_near (moved_in (f, "obliquer", ob), 6, 1e-6);
    test_near (U (f, "obliquer")->fp.facing, 90, 1e-6);
    unmake (f);
}

/*  "A unit can do one of these: Change formation and/or change facing;
 *  Change facing then 1/2 move; Only if infantry: Step back 1/2 move and
 *  take disorder check; Leader that attempted to rally this turn: No
 *  movement *; Take disorder check and if pass then charge full move;
 *  Otherwise full move *"; "A full move or 1/2 move can be oblique
 *  (±45°). In all cases "full" move means up to full move and "1/2 move"
 *  means up to 1/2 move."; "Leaders only get two choices - marked with
 *  *".  Each option taken, and orders that are none of them refused. */
static void
test_movement_options (void **state)
{
    (void) state;
    char units[8192];
    /* battalions of four (a move of 6 inches) and horse (8), all facing
       0, far from the enemy */
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s, %s, %s, %s, %s",
              unit ("former", "blue", "battalion", "line", 20, 20, 0, 4,
                    NULL),
              unit ("oblique", "blue", "battalion", "line", 60, 20, 0, 4,
                    NULL),
              unit ("turner", "blue", "battalion", "line", 100, 20, 0, 4,
                    NULL),
              unit ("backer", "blue", "battalion", "line", 140, 60, 0, 4,
                    NULL),
              unit ("ahead", "blue", "battalion", "line", 180, 20, 0, 4,
                    NULL),
              unit ("sider", "blue", "battalion", "line", 20, 100, 0, 4,
                    NULL),
              unit ("horse", "blue", "horse", "mounted", 100, 100, 0, 3,
                    NULL),
              unit ("general", "blue", "brigadier", "line", 160, 120, 0, 0,
                    NULL),
              unit ("foe", "red", "battalion", "line", 100, 190, 180, 4,
                    NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    const char *options = "\"A unit can do one of these: Change formation "
                          "and/or change facing; Change facing then 1/2 move;";
    vec2_t c;

    /* "Change formation and/or change facing": standing, both at once */
    order_t form = order_hold ();
    form.has_formation = true;
    form.formation = FORMATION_COLUMN;
    form.has_facing = true;
    form.facing = 30;
    test_give_order (f->g, "former", form);
    /* a formation change and a move: no option has both */
    c = U (f, "former")->fp.centre;
    order_t form_move = test_move_order (c.x, c.y + 3 * IN);
    form_move.has_formation = true;
    form_move.formation = FORMATION_COLUMN;
    test_order_refused (f->g, "former", form_move, "it changes formation or "
                        "moves, not both");
    test_order_refused (f->g, "former", form_move, options);

    /* "Otherwise full move", oblique 30 degrees, its facing kept; 60
       degrees off is no option */
    vec2_t ob = U (f, "oblique")->fp.centre;
    vec2_t v30 = geom_heading_vec (30), v60 = geom_heading_vec (60);
    order_t wide = test_move_order (ob.x + v60.x * 6 * IN,
                                    ob.y + v60.y * 6 * IN);
    wide.has_facing = true;
    wide.facing = 0;
    test_order_refused (f->g, "oblique", wide, "keeping its facing it moves "
                        "60 degrees off its front: a full move goes up to 45");
    order_t full = test_move_order (ob.x + v30.x * 6 * IN,
                                    ob.y + v30.y * 6 * IN);
    full.has_facing = true;
    full.facing = 0;
    test_give_order (f->g, "oblique", full);

    /* "Change facing then 1/2 move": facing 90, on to the right, as far
       as half its move; straight on from its old front after the turn is
       no option */
    vec2_t tu = U (f, "turner")->fp.centre;
    order_t ahead_turned = test_move_order (tu.x, tu.y + 3 * IN);
    ahead_turned.has_facing = true;
    ahead_turned.facing = 90;
    test_order_refused (f->g, "turner", ahead_turned, "after its change of "
                        "facing it moves 90 degrees off its new front");
    order_t turn_move = test_move_order (tu.x + 6 * IN, tu.y);
    turn_move.has_facing = true;
    turn_move.facing = 90;
    test_give_order (f->g, "turner", turn_move);

    /* "Only if infantry: Step back 1/2 move and take disorder check";
       cavalry does not step back */
    vec2_t bk = U (f, "backer")->fp.centre;
    order_t back = test_move_order (bk.x, bk.y - 6 * IN);
    back.has_facing = true;
    back.facing = 0;
    test_give_order (f->g, "backer", back);
    vec2_t ho = U (f, "horse")->fp.centre;
    order_t horse_back = test_move_order (ho.x, ho.y - 8 * IN);
    horse_back.has_facing = true;
    horse_back.facing = 0;
    test_order_refused (f->g, "horse", horse_back, "only infantry step back");

    /* an order naming no facing: the option that goes its way, a full
       move on the oblique (20 degrees off, facing kept), or further off a
       change of facing to its way and a half move */
    vec2_t ah = U (f, "ahead")->fp.centre, v20 = geom_heading_vec (20);
    test_give_order (f->g, "ahead", test_move_order (ah.x + v20.x * 6 * IN,
                                                     ah.y + v20.y * 6 * IN));
    vec2_t si = U (f, "sider")->fp.centre;
    test_give_order (f->g, "sider", test_move_order (si.x + 6 * IN, si.y));

    /* "Otherwise full move *": a leader moves any way, facing as he
       likes */
    vec2_t ge = U (f, "general")->fp.centre;
    test_give_order (f->g, "general", test_move_order (ge.x, ge.y - 5 * IN));

    /* the step back's disorder check (2d6, resolve 3 less 1 with no
       commander near), failed */
    test_push (f, 2, 2, 2);
    test_next_phase (f);

    assert_int_equal (U (f, "former")->formation, FORMATION_COLUMN);
    test_near (U (f, "former")->fp.facing, 30, 1e-6);
    test_near (moved_in (f, "oblique", ob), 6, 1e-6);
    test_near (U (f, "oblique")->fp.facing, 0, 1e-6);
    test_near (moved_in (f, "turner", tu), 3, 1e-6);          /* half */
    test_near (U (f, "turner")->fp.facing, 90, 1e-6);
    test_near (U (f, "turner")->fp.centre.x, tu.x + 3 * IN, 1e-6);
    test_near (U (f, "backer")->fp.centre.y, bk.y - 3 * IN, 1e-6);
    test_near (U (f, "backer")->fp.facing, 0, 1e-6);
    saw (f, "backer's command check to pass its disorder check, having "
         "stepped back: 2d6, best 2: failed");
    assert_true (U (f, "backer")->status & STATUS_DISORDERED);
    test_near (moved_in (f, "ahead", ah), 6, 1e-6);
    test_near (U (f, "ahead")->fp.facing, 0, 1e-6);
    test_near (moved_in (f, "sider", si), 3, 1e-6);
    test_near (U (f, "sider")->fp.facing, 90, 1e-6);
    test_near (U (f, "general")->fp.centre.y, ge.y - 5 * IN, 1e-6);
    assert_false (U (f, "oblique")->status & STATUS_DISORDERED);
    unmake (f);

    /* the AI's options still find orders that move: the engine's legal
       orders and a strategy's portfolio, for a line facing away from
       its enemy (every move on towards it a change of facing first) */
    snprintf (units, sizeof units, "%s, %s",
              unit ("bn", "blue", "battalion", "line", 100, 60, 90, 4, NULL),
              unit ("foe", "red", "battalion", "line", 100, 190, 180, 4,
                    NULL));
    f = make (NULL, units);
    start (f);
    int bn = idx (f, "bn");
    order_t legal[GAME_MAX_LEGAL_ORDERS];
    int n = game_legal_orders (f->g, bn, legal, GAME_MAX_LEGAL_ORDERS);
    int moving = 0;
    for (int i = 0; i < n; i++)
        moving += legal[i].has_to;
    assert_true (moving > 0);
    portfolio_option_t opt[PORTFOLIO_MAX];
    n = portfolio_build (f->g, bn, NULL, 0.5, 0.5, opt, PORTFOLIO_MAX);
    moving = 0;
    for (int i = 0; i < n; i++)
        moving += opt[i].kind == PORTFOLIO_ADVANCE;
    assert_true (moving > 0);
    unmake (f);

    /* a charge the unit may make where it stands: the portfolio's charge
       squares the charger to the face it meets, a turn this one option a
       turn refuses ("Take disorder check and if pass then charge full
       move"), so the option is the charge as ordered, with no facing */
    snprintf (units, sizeof units, "%s, %s",
              unit ("bn", "blue", "battalion", "line", 100, 60, 0, 4, NULL),
              unit ("foe", "red", "battalion", "line", 100 + 1.5 * IN,
                    60 + 4 * IN, 150, 4, NULL));
    f = make (NULL, units);
    start (f);
    bn = idx (f, "bn");
    n = portfolio_build (f->g, bn, NULL, 0.5, 0.5, opt, PORTFOLIO_MAX);
    int charges = 0;
    for (int i = 0; i < n; i++)
        if (opt[i].kind == PORTFOLIO_CHARGE && opt[i].target == idx (f, "foe")) {
            assert_false (opt[i].order.has_facing);
            assert_false (opt[i].order.has_to);
            charges++;
        }
    assert_int_equal (charges, 1);
    unmake (f);

    /* a move about 4 degrees off the front ordered facing the enemy 60
       degrees to its left: refused as given ("Change facing then 1/2 move": the
       half move 64 degrees off the new front, "A full move or 1/2 move
       can be oblique (±45°)"); with its facing dropped, a full move on
       the oblique, taken (its way enters the enemy's control zone, which
       the options do not ask) */
    snprintf (units, sizeof units, "%s, %s",
              unit ("bn", "blue", "battalion", "line", 100, 60, 0, 4, NULL),
              unit ("foe", "red", "battalion", "line", 90, 66, 45, 4, NULL));
    f = make (NULL, units);
    start (f);
    {
        vec2_t v4 = geom_heading_vec (4);
        order_t given = test_move_order (100 + 14 * v4.x, 60 + 14 * v4.y);
        given.has_facing = true;
        given.facing = geom_bearing (U (f, "bn")->fp.centre,
                                     U (f, "foe")->fp.centre);
        order_t shape;
        assert_int_equal (portfolio_legal_shape (f->g, idx (f, "bn"), &given,
                                                 &shape), 0);
        assert_false (shape.has_facing);
    }
    unmake (f);
    /* under the host's zones (options_free_of_zones false) the same
       order is refused with its facing dropped too (its way enters the
       enemy's control zone, not closer to it: seed 003, its front
       centre in the lane before the enemy's front, within 3 inches,
       after 12 cm), and taken facing the way it goes, a change of
       facing and a half move stopping short of that zone */
    game_rules_t *zoned = house_edited ("options_free_of_zones = true;",
                                        "options_free_of_zones = false;");
    f = test_game_new (zoned, scenario_text (NULL, units));
    start (f);
    bn = idx (f, "bn");
    vec2_t v = geom_heading_vec (4);
    order_t o = test_move_order (100 + 14 * v.x, 60 + 14 * v.y);
    o.has_facing = true;
    o.facing = geom_bearing (U (f, "bn")->fp.centre, U (f, "foe")->fp.centre);
    test_order_refused (f->g, "bn", o, "its half move goes up to 45");
    order_t plain = o;
    plain.has_facing = false;
    test_order_refused (f->g, "bn", plain, "in foe's control zone");
    order_t shape;
    assert_int_equal (portfolio_legal_shape (f->g, bn, &o, &shape), 0);
    double way = geom_bearing (U (f, "bn")->fp.centre, o.to);
    assert_true (shape.has_to && shape.has_facing);
    test_near (shape.facing, way, 1e-9);
    test_near (shape.to.x, o.to.x, 1e-9);
    /* an order the rules take in no shape: none, *out untouched */
    order_t own = test_charge_order (f, "bn");
    own.has_facing = true;
    assert_int_equal (portfolio_legal_shape (f->g, bn, &own, &shape), -1);
    test_near (shape.facing, way, 1e-9);
    unmake (f);
    game_rules_destroy (&zoned);
}

/*  "A unit can do one of these: Change formation and/or change facing;
 *  Change facing then 1/2 move; Only if infantry: Step back 1/2 move and
 *  take disorder check; ...": only the step back takes a disorder check.
 *  A battalion of four in line (two deep) forming column (four deep),
 *  its facing kept, keeps its front edge where it was and so has its
 *  centre further back: it has changed formation, not stepped back, and
 *  throws no check. */
static void
test_formation_change_is_no_step_back (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("bn", "blue", "battalion", "line", 50, 20, 0, 4, NULL),
              unit ("foe", "red", "battalion", "line", 150, 190, 180, 4,
                    NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    int bn = idx (f, "bn");
    vec2_t front = bol_front_centre (&U (f, "bn")->fp);
    order_t column = order_hold ();
    column.has_formation = true;
    column.formation = FORMATION_COLUMN;
    test_give_order (f->g, "bn", column);
    int thrown = dice_log_count (f->dice);
    test_next_phase (f);
    assert_int_equal (U (f, "bn")->formation, FORMATION_COLUMN);
    test_near (U (f, "bn")->fp.facing, 0, 1e-9);
    test_near (U (f, "bn")->fp.depth, 4 * 2.0, 1e-9);
    vec2_t now = bol_front_centre (&U (f, "bn")->fp);
    test_near (now.x, front.x, 1e-9);
    test_near (now.y, front.y, 1e-9);
    /* no die thrown, no check, no disorder */
    assert_int_equal (dice_log_count (f->dice), thrown);
    assert_false (test_saw (f, "stepped back"));
    assert_false (test_saw (f, "command check"));
    assert_false (bol_house_disordered (f->g, bn));
    /* it changed formation: no charge this turn */
    assert_non_null (bol_house_no_charge (f->g, bn));
    unmake (f);
}

/*  "Being charged pre-empts most movement by the unit on the receiving
 *  end. The only exception is that infantry may attempt to form a hasty
 *  square": a unit charged does not evade (4 Page Bolivar's gauchos and
 *  skirmishers would). */
static void
test_charged_unit_does_not_evade (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("horse", "blue", "horse", "mounted", 50, 20, 0, 3, NULL),
              unit ("gauchos", "red", "gauchos_llaneros", "mounted", 50,
                    21 + 5 * IN + 1, 180, 3, NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
    test_give_order (f->g, "horse", test_charge_order (f, "gauchos"));
    test_push (f, 2, 6, 1);          /* the horse's disorder check, passed */
    test_next_phase (f);
    saw (f, "horse declares a charge on gauchos");
    test_next_phase (f);             /* close combat */
    assert_false (test_saw (f, "command check to evade"));
    assert_false (test_saw (f, "evades"));
    saw (f, "horse charges gauchos in the front: in contact");
    unmake (f);
}

/*  "One side must win the melee; there are no drawn melees. A side which
 *  is entirely routed during the melee cannot win the melee, even if its
 *  opponent took more casualties. Otherwise the side which took the most
 *  casualties in melee combat this turn loses ... If the number of
 *  casualties is a tie, each side rolls a die to break the tie, high
 *  roller wins (repeat if necessary)." */
static void
test_melee_has_a_winner (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("bn", "blue", "battalion", "line", 50, 20, 0, 4, NULL),
              unit ("foe", "red", "battalion", "line", 150, 190, 180, 4,
                    NULL));
    fixture_t *f = make (NULL, units);
    int taken[SIDE_COUNT] = { 2, 1 };
    bool routed[SIDE_COUNT] = { false, false };
    assert_int_equal (bol_house_melee_winner (f->g, taken, routed, f->dice),
                      SIDE_RED);
    taken[SIDE_BLUE] = 1;
    test_push (f, 4, 3, 3, 5, 2);
    assert_int_equal (bol_house_melee_winner (f->g, taken, routed, f->dice),
                      SIDE_BLUE);
    saw (f, "a die each, 3 against 3, again");
    taken[SIDE_BLUE] = 0;
    taken[SIDE_RED] = 3;
    routed[SIDE_BLUE] = true;
    assert_int_equal (bol_house_melee_winner (f->g, taken, routed, f->dice),
                      SIDE_RED);
    unmake (f);
}

/*  "The side that wins the melee holds its ground. The side that loses
 *  retreats."  "Only the losing side takes a morale test at at the end of
 *  melee, and only one morale test. Failure means they are disordered."
 *  "During a retreat move the unit moves back 4 inches". */
static void
test_melee_loser_retreats_and_tests (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("bn", "blue", "battalion", "line", 50, 20, 0, 6, NULL),
              unit ("foe", "red", "battalion", "line", 50, 22, 180, 6, NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_REACTIVE_CHARGES);
    vec2_t bn = U (f, "bn")->fp.centre, foe = U (f, "foe")->fp.centre;
    /* red's six stands throw first (6d6: three hits), blue's after
       (none); blue's morale test (2d6) failed */
    test_push (f, 14, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2);
    test_next_phase (f);
    saw (f, "foe (primary) 6d6 needing 6: 3 hits; bn (primary) 6d6 needing "
         "6: 0 hits");
    saw (f, "red wins the melee (0 casualties taken against 3)");
    assert_int_equal (U (f, "bn")->killed, 3);
    test_near (U (f, "bn")->fp.centre.y, bn.y - 4 * IN, 1e-6);
    test_near (U (f, "foe")->fp.centre.y, foe.y, 1e-9);       /* holds */
    saw (f, "bn's command check to pass its morale test, the melee lost: "
         "2d6, best 2: failed");
    assert_true (U (f, "bn")->status & STATUS_DISORDERED);
    /* the winner took no test */
    assert_false (test_saw (f, "foe's command check"));
    unmake (f);
}

/*  "Only cavalry that win in melee may pursue"; "No enemy unit within
 *  normal movement: Must stand its ground"; "Enemy within normal movement
 *  and fails the morale check: Must pursue; a pursing unit in good order
 *  becomes disordered"; "and passes the morale check: Choose to pursue or
 *  stand its ground" (it stands: a reading); "A pursuit is an immediate
 *  charge towards the nearest enemy unit within normal movement range";
 *  "the resulting combat is resolved immediately.  Further pursuits and
 *  combats are also possible." */
static void
test_cavalry_pursuit (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("hussars", "blue", "horse", "mounted", 50, 20, 0, 3, NULL),
              unit ("foe", "red", "battalion", "line", 50, 190, 180, 6, NULL));
    fixture_t *f = make (NULL, units);
    int hussars = idx (f, "hussars");
    bol_house_won (f->g, hussars, f->dice, 0);
    saw (f, "hussars stands its ground: no enemy within its normal move");
    /* the foe's front 14 cm off, within the cavalry's 8 inches */
    U (f, "foe")->fp.centre.y = 37;
    test_push (f, 2, 6, 1);
    bol_house_won (f->g, hussars, f->dice, 0);
    saw (f, "hussars passes its check and stands its ground");
    test_near (U (f, "hussars")->fp.centre.y, 20, 1e-9);
    /* failed: it must pursue, disordered; the charge's melee at once
       (its three stands charging, 2 dice each: 6d6, two hits; the foe's
       six, 6d6: none); the foe retreats and passes its test; the hussars,
       winning again with the foe in reach, pass and stand */
    test_push (f, 18, 1, 1, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 6, 6);
    bol_house_won (f->g, hussars, f->dice, 0);
    saw (f, "hussars is disordered (it must pursue)");
    saw (f, "hussars pursues foe");
    saw (f, "hussars fights foe: 6d6 needing 6: 2 hits");
    saw (f, "hussars wins the melee");
    saw (f, "foe retreats 10.2 cm directly to its rear (it lost the melee)");
    assert_int_equal (U (f, "foe")->killed, 2);
    assert_true (U (f, "hussars")->status & STATUS_DISORDERED);
    unmake (f);
}

/*  "A pursuit is an immediate charge towards the nearest enemy unit
 *  within normal movement range"; "A charge can be an oblique move but
 *  cannot include a change of facing"; "No enemy unit within normal
 *  movement: Must stand its ground": an enemy the winner could not
 *  charge (behind it, too far off its front) is no pursuit's, and it
 *  stands, with no morale check thrown.  "within normal movement" is a
 *  distance between two units, which the page does not say how to
 *  measure: the host's "The distance between two units is always
 *  measured between closest points".  An enemy within the move so, but
 *  whose charge way (an oblique one) is longer, is pursued, and the
 *  charge ("charge full move") goes its move and stops short. */
static void
test_pursuit_only_where_it_could_charge (void **state)
{
    (void) state;
    char units[2048];
    /* directly behind it, 6 inches off */
    snprintf (units, sizeof units, "%s, %s",
              unit ("hussars", "blue", "horse", "mounted", 50, 50, 0, 3, NULL),
              unit ("foe", "red", "battalion", "line", 50, 50 - 2 - 6 * IN, 0,
                    4, NULL));
    fixture_t *f = make (NULL, units);
    int h = idx (f, "hussars");
    test_push (f, 3, 1, 1, 1);       /* a morale check would fail */
    bol_house_won (f->g, h, f->dice, 0);
    saw (f, "hussars stands its ground: no enemy within its normal move "
         "that it could charge");
    assert_false (test_saw (f, "hold back from pursuit"));
    test_near (U (f, "hussars")->fp.centre.y, 50, 1e-9);
    test_near (U (f, "hussars")->fp.facing, 0, 1e-9);
    assert_false (U (f, "hussars")->status & STATUS_DISORDERED);
    unmake (f);

    /* its closest points 7.2 inches off (18.3 cm), within the 8 inches
       of a cavalry move: an enemy within normal movement.  The morale
       check fails: it must pursue, disordered.  Its 9 cm front meets
       the foe's 12 cm front at the nearer end, its edges on the foe's
       stands' ("stands lined up"): the straight way, from (50, 50) to
       (62.5, 68), is 8.6 inches (21.9 cm): it goes its 8 inches along
       it and stops short, in melee with nobody */
    snprintf (units, sizeof units, "%s, %s",
              unit ("hussars", "blue", "horse", "mounted", 50, 50, 0, 3, NULL),
              unit ("foe", "red", "battalion", "line", 64, 70, 180, 8, NULL));
    f = make (NULL, units);
    h = idx (f, "hussars");
    double gap = situation_unit_distance (game_situation (f->g), h,
                                          idx (f, "foe"));
    assert_true (gap < 8 * IN);
    test_near (gap, hypot (3.5, 18), 1e-6);
    test_push (f, 3, 1, 1, 1);
    bol_house_won (f->g, h, f->dice, 0);
    saw (f, "hussars is disordered (it must pursue)");
    saw (f, "hussars pursues foe");
    saw (f, "hussars's pursuit does not reach foe");
    double way = hypot (12.5, 18);
    test_near (U (f, "hussars")->fp.centre.x, 50 + 8 * IN * 12.5 / way,
               1e-6);
    test_near (U (f, "hussars")->fp.centre.y, 50 + 8 * IN * 18 / way, 1e-6);
    test_near (U (f, "hussars")->fp.facing, 0, 1e-9);
    assert_false (game_unit (f->g, h)->in_melee);
    assert_int_equal (U (f, "foe")->killed, 0);
    unmake (f);

    /* an enemy it could charge behind one it could not: it pursues the
       one it could charge, straight on, its facing kept */
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("hussars", "blue", "horse", "mounted", 50, 50, 0, 3, NULL),
              unit ("behind", "red", "battalion", "line", 50, 50 - 2 - 2 * IN,
                    0, 4, NULL),
              unit ("ahead", "red", "battalion", "line", 50, 51 + 5 * IN + 1,
                    180, 4, NULL));
    f = make (NULL, units);
    h = idx (f, "hussars");
    test_push (f, 2, 1, 1);          /* the morale check, failed */
    for (int i = 0; i < 40; i++)
        dice_push (f->dice, 6, 1);
    bol_house_won (f->g, h, f->dice, 0);
    saw (f, "hussars pursues ahead");
    saw (f, "hussars charges ahead in the front");
    test_near (U (f, "hussars")->fp.facing, 0, 1e-6);
    unmake (f);
}

/*  "A pursuit is an immediate charge towards the nearest enemy unit
 *  within normal movement range"; "No enemy unit within normal movement:
 *  Must stand its ground"; "Enemy within normal movement and fails the
 *  morale check: Must pursue".  "Normal movement" is the host's "3, 6 or
 *  8 TUM for normal moves", as against its "3 TUM for charge moves or
 *  moving in difficult": horse in a wood with an enemy 5 inches before
 *  it has an enemy within normal movement (8 inches), and takes the
 *  morale check.  The pursuit's charge is cut by the wood (3 inches)
 *  and stops short. */
static void
test_pursuit_from_difficult_ground (void **state)
{
    (void) state;
    char units[2048];
    /* the hussars' front at y = 51, the foe's 5 inches beyond */
    snprintf (units, sizeof units, "%s, %s",
              unit ("hussars", "blue", "horse", "mounted", 50, 50, 0, 3, NULL),
              unit ("foe", "red", "battalion", "line", 50, 52 + 5 * IN, 180,
                    4, NULL));
    const char *wood = "{ id = \"wood\"; kind = \"woods\"; polygon = ( "
                       "[30.0, 40.0], [70.0, 40.0], [70.0, 56.0], "
                       "[30.0, 56.0] ); }";
    fixture_t *f = make (wood, units);
    int h = idx (f, "hussars");
    assert_true (bol_in_difficult (f->g, &U (f, "hussars")->fp));
    test_near (situation_unit_distance (game_situation (f->g), h,
                                        idx (f, "foe")), 5 * IN, 1e-6);
    /* the morale check (2d6, no commander near) passed: it stands */
    test_push (f, 2, 6, 1);
    bol_house_won (f->g, h, f->dice, 0);
    assert_false (test_saw (f, "no enemy within its normal move"));
    saw (f, "hussars's command check to hold back from pursuit");
    saw (f, "hussars passes its check and stands its ground");
    test_near (U (f, "hussars")->fp.centre.y, 50, 1e-9);
    unmake (f);

    /* failed: it must pursue, disordered; its charge goes the 3 inches
       the wood allows and stops short of the foe.  It goes for the
       place where its three stands (9 cm) meet the foe's two-stand
       front (6 cm) with stands lined up: 1.5 cm to one side, its front
       5 inches on (the first of the two such places, both as near) */
    f = make (wood, units);
    h = idx (f, "hussars");
    test_push (f, 2, 1, 1);
    bol_house_won (f->g, h, f->dice, 0);
    saw (f, "hussars is disordered (it must pursue)");
    saw (f, "hussars pursues foe");
    saw (f, "hussars's pursuit does not reach foe");
    double way = hypot (1.5, 5 * IN);
    test_near (U (f, "hussars")->fp.centre.y, 50 + 3 * IN * 5 * IN / way,
               1e-6);
    test_near (U (f, "hussars")->fp.centre.x, 50 + 3 * IN * 1.5 / way, 1e-6);
    assert_int_equal (U (f, "foe")->killed, 0);
    unmake (f);
}

/*  "Infantry cannot charge cavalry. Artillery cannot charge."  "Take
 *  disorder check and if pass then charge full move." */
static void
test_charges (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s, %s, %s, %s, %s, %s",
              unit ("bn", "blue", "battalion", "line", 20, 20, 0, 4, NULL),
              unit ("horse", "red", "horse", "mounted", 20, 30, 180, 2, NULL),
              unit ("gun", "blue", "light_gun", "line", 60, 20, 0, 1, NULL),
              unit ("their-gun", "red", "light_gun", "line", 60, 30, 180, 1,
                    NULL),
              unit ("bn2", "blue", "battalion", "line", 100, 20, 0, 4, NULL),
              unit ("foe2", "red", "battalion", "line", 100, 21 + 5 * IN + 1,
                    180, 4, NULL),
              unit ("bn3", "blue", "battalion", "line", 140, 20, 0, 4, NULL),
              unit ("foe3", "red", "battalion", "line", 140, 21 + 5 * IN + 1,
                    180, 4, NULL),
              unit ("bn4", "blue", "battalion", "line", 180, 20, 0, 4, NULL),
              unit ("foe4", "red", "battalion", "line", 180, 21 + 7 * IN + 1,
                    180, 4, NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
    test_order_refused (f->g, "bn", test_charge_order (f, "horse"),
                        "Infantry cannot charge cavalry");
    test_order_refused (f->g, "gun", test_charge_order (f, "their-gun"),
                        "guns do not charge");
    /* a full move (6 inches for foot): 5 inches off in reach, 7 not */
    test_order_refused (f->g, "bn4", test_charge_order (f, "foe4"),
                        "beyond a charge");
    test_give_order (f->g, "bn2", test_charge_order (f, "foe2"));
    test_give_order (f->g, "bn3", test_charge_order (f, "foe3"));
    /* bn2's disorder check (2d6) fails, bn3's passes */
    test_push (f, 4, 1, 1, 6, 1);
    test_next_phase (f);
    saw (f, "bn2 is disordered (pass its disorder check to charge)");
    assert_false (test_saw (f, "bn2 declares a charge"));
    saw (f, "bn3 declares a charge on foe3");
    unmake (f);

    /* "A charge can be an oblique move but cannot include a change of
       facing": an enemy facing 200 would be met facing 20 */
    snprintf (units, sizeof units, "%s, %s",
              unit ("bn", "blue", "battalion", "line", 20, 20, 0, 4, NULL),
              unit ("skew", "red", "battalion", "line", 22, 32, 200, 4,
                    NULL));
    f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
    test_order_refused (f->g, "bn", test_charge_order (f, "skew"),
                        "cannot include a change of facing");
    unmake (f);
}

/*  Mutual chargers (4 Page Bolivar: "Mutually charging units meet half
 *  way") under "A charge can be an oblique move but cannot include a
 *  change of facing" and "Edge to edge contact and stands lined up": they
 *  keep their facings and meet front to front, their fronts centred on
 *  each other half way between them. */
static void
test_mutual_chargers_keep_their_facings (void **state)
{
    (void) state;
    char units[2048];
    /* fronts at y = 21 and y = 33.7, centres 8 cm apart across */
    snprintf (units, sizeof units, "%s, %s",
              unit ("a", "blue", "horse", "mounted", 50, 20, 0, 3, NULL),
              unit ("b", "red", "horse", "mounted", 58, 34.7, 180, 3, NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
    test_give_order (f->g, "a", test_charge_order (f, "b"));
    test_push (f, 2, 6, 1);          /* a's disorder check to charge */
    test_next_phase (f);
    test_give_order (f->g, "b", test_charge_order (f, "a"));
    /* b's check; the melee at a: b's 6d6 one hit, a's none; a's morale
       test passed; b passes its check and stands its ground */
    test_push (f, 18, 6, 1, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 6, 1, 6, 1);
    test_next_phase (f);
    saw (f, "a and b charge each other and meet half way, at (54.0, 27.4)");
    saw (f, "red wins the melee");
    /* b, the winner, holds where they met; a retreated straight back */
    test_near (U (f, "a")->fp.facing, 0, 1e-6);
    test_near (U (f, "b")->fp.facing, 180, 1e-6);
    test_near (U (f, "b")->fp.centre.x, 54, 1e-6);
    test_near (U (f, "b")->fp.centre.y - 1, (21 + 33.7) / 2, 1e-6);
    test_near (U (f, "a")->fp.centre.x, 54, 1e-6);
    test_near (U (f, "a")->fp.centre.y + 1, (21 + 33.7) / 2 - 4 * IN, 1e-6);
    unmake (f);
}

/*  "Being charged pre-empts most movement by the unit on the receiving
 *  end. The only exception is that infantry may attempt to form a hasty
 *  square": a unit charged makes no charge of its own at another enemy
 *  (charged_cannot_charge); its charge back at the unit charging it is
 *  the host's "Mutually charging units meet half way"
 *  (test_mutual_chargers_keep_their_facings).  bn charges foe squarely;
 *  foe, whose own charge would reach bn2 (checked), declares it: it is
 *  cancelled, and foe stands to meet bn. */
static void
test_charged_unit_does_not_charge (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("bn", "blue", "battalion", "line", 50, 20, 0, 4, NULL),
              unit ("bn2", "blue", "battalion", "line", 58, 20, 0, 4, NULL),
              unit ("foe", "red", "battalion", "line", 50, 32, 180, 4, NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
    char err[256] = "";
    if (bol_charge_check (f->g, idx (f, "foe"), idx (f, "bn2"), err,
                          sizeof err) < 0)
        fail_msg ("foe could not charge bn2: %s", err);
    test_give_order (f->g, "bn", test_charge_order (f, "foe"));
    test_push (f, 2, 6, 1);          /* bn's disorder check to charge */
    test_next_phase (f);
    test_give_order (f->g, "foe", test_charge_order (f, "bn2"));
    test_push (f, 2, 6, 1);          /* foe's disorder check to charge */
    test_next_phase (f);
    saw (f, "foe declares a charge on bn2");
    saw (f, "foe's charge is cancelled: it is charged (\"Being charged "
         "pre-empts most movement\")");
    saw (f, "bn charges foe in the front");
    assert_false (test_saw (f, "foe charges bn2"));
    test_near (U (f, "foe")->fp.centre.x, 50, 1e-9);
    unmake (f);
}

/*  "A charge can be an oblique move but cannot include a change of
 *  facing": the charger goes to its target facing as it stood, and what
 *  it meets on the way is met by its own footprint, not by one turned to
 *  its path.  bn, a line 6 cm wide and 4 deep at (40, 19) facing 0,
 *  charges foe, whose front is met with bn's centre at (48, 28): 12.0 cm
 *  at 41.6 degrees off bn's front.  Kept at its facing, bn's back right
 *  corner passes 3.57 cm right of its centre's path (3 cos 41.6 + 2 sin
 *  41.6); a footprint turned to the path would pass 3.0 cm right of it.
 *  The gun, turned to the path, has its near side 2.77 cm off it: bn
 *  would cross it by 0.8 cm, more than base contact (0.5 cm), and is
 *  stopped short; a turned footprint, 0.23 cm, would not have been.  The
 *  gun 0.5 cm further off (bn crossing it by 0.3 cm), bn reaches foe. */
static void
test_oblique_charge_keeps_its_facing_on_the_way (void **state)
{
    (void) state;
    /* the gun's centre: 6 cm along the path, 2.77 + 1.5 cm (+ 0.5) off
       it to the right, along (0.7474, -0.6644) */
    const double off[2] = { 0, 0.5 };
    for (int k = 0; k < 2; k++) {
        char units[2048];
        snprintf (units, sizeof units, "%s, %s, %s",
                  unit ("bn", "blue", "battalion", "line", 40, 20, 0, 4, NULL),
                  unit ("foe", "red", "battalion", "line", 48, 31, 180, 4,
                        NULL),
                  unit ("gun", "blue", "light_gun", "line",
                        47.18 + off[k] * 0.7474, 20.65 - off[k] * 0.6644,
                        41.6, 1, NULL));
        fixture_t *f = make (NULL, units);
        start (f);
        test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
        test_give_order (f->g, "bn", test_charge_order (f, "foe"));
        test_push (f, 2, 6, 1);      /* bn's disorder check to charge */
        test_next_phase (f);         /* declared */
        test_next_phase (f);         /* the reactive player declares none */
        test_next_phase (f);         /* the charges */
        const footprint_t *bn = &U (f, "bn")->fp;
        if (k == 0) {
            saw (f, "bn's charge on foe is stopped");
            assert_false (test_saw (f, "bn charges foe"));
            /* on its way, facing as it stood */
            test_near (bn->facing, 0, 1e-6);
            assert_true (bn->centre.y > 19.5);
            test_near ((bn->centre.x - 40) * 9 - (bn->centre.y - 19) * 8, 0,
                       0.05);
        }
        else
            saw (f, "bn charges foe in the front: in contact at (48.0, "
                 "28.0)");
        unmake (f);
    }
}

/*  "Battalions being charged by cavalry this turn can only form a hasty
 *  square; this requires a morale roll to succeed."  The charge then goes
 *  in at the square. */
static void
test_hasty_square (void **state)
{
    (void) state;
    char units[2048];
    /* a battalion of two stands too: "Battalions can form square" names
       no least number */
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("bn", "blue", "battalion", "line", 20, 20, 0, 4, NULL),
              unit ("horse", "red", "horse", "mounted", 20, 40, 180, 3,
                    NULL),
              unit ("pair", "blue", "battalion", "line", 80, 20, 0, 2, NULL),
              unit ("horse2", "red", "horse", "mounted", 80, 40, 180, 3,
                    NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_REACTIVE_CHARGES);
    test_give_order (f->g, "horse", test_charge_order (f, "bn"));
    test_give_order (f->g, "horse2", test_charge_order (f, "pair"));
    /* the horses' disorder checks to charge, the battalions' morale rolls
       (2d6 each), all passed */
    test_push (f, 8, 6, 1, 6, 1, 6, 1, 6, 1);
    test_next_phase (f);
    saw (f, "bn's command check to form a hasty square (a morale roll): "
         "2d6, best 6: passed");
    saw (f, "bn forms a hasty square");
    assert_int_equal (U (f, "bn")->formation, FORMATION_SQUARE);
    saw (f, "pair forms a hasty square");
    assert_int_equal (U (f, "pair")->formation, FORMATION_SQUARE);
    unmake (f);

    /* the charge goes in at the square: horse (two stands, 6 cm) an inch
       before a line of eight (four wide, 12 cm), straight before its two
       right-hand stands, which forms square (two wide, 6 cm, its front
       kept); the square's face, 3 cm to the side, lies 50 degrees off
       the horse's front, beyond a charge's oblique, but a charge
       declared at the unit as it stood is not turned away by its
       forming square to meet it */
    snprintf (units, sizeof units, "%s, %s",
              unit ("bn8", "blue", "battalion", "line", 100, 20, 0, 8, NULL),
              unit ("horse3", "red", "horse", "mounted", 103, 22 + IN, 180,
                    2, NULL));
    f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_REACTIVE_CHARGES);
    test_give_order (f->g, "horse3", test_charge_order (f, "bn8"));
    test_push (f, 4, 6, 1, 6, 1);
    test_next_phase (f);
    saw (f, "bn8 forms a hasty square");
    saw (f, "horse3 charges bn8 in the front");
    assert_false (test_saw (f, "horse3 does not charge"));
    test_near (U (f, "horse3")->fp.centre.x, 100, 1e-6);
    unmake (f);
}

/*  "Cavalry in good order in melee with disordered troops +3";
 *  "Infantry or artillery defending high ground from enemy which is, or
 *  began the move, on lower ground get a modifier in melee": "Attacking
 *  infantry or artillery defending high ground -1". */
static void
test_melee_modifiers (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("horse", "blue", "horse", "mounted", 50, 20, 0, 3, NULL),
              unit ("bn", "red", "battalion", "line", 50, 22, 180, 6, NULL),
              unit ("attacker", "blue", "battalion", "line", 120, 26, 0, 4,
                    NULL),
              unit ("hill-bn", "red", "battalion", "line", 120, 28, 180, 4,
                    NULL));
    fixture_t *f = make ("{ id = \"loma\"; kind = \"gentle_hill\"; polygon = "
                         "( [100.0, 26.5], [140.0, 26.5], [140.0, 60.0], "
                         "[100.0, 60.0] ); }", units);
    int horse = idx (f, "horse"), bn = idx (f, "bn");
    /* three stands in contact, a die each defending */
    assert_int_equal (bol_melee_dice (f->g, horse, bn, true), 3);
    U (f, "bn")->status |= STATUS_DISORDERED;
    assert_int_equal (bol_melee_dice (f->g, horse, bn, true), 6);
    U (f, "horse")->status |= STATUS_DISORDERED;      /* not good order */
    assert_int_equal (bol_melee_dice (f->g, horse, bn, true), 3);

    int a = idx (f, "attacker"), h = idx (f, "hill-bn");
    /* standing, a line of four fights with its four stands */
    assert_int_equal (bol_melee_dice (f->g, a, h, true), 4);
    /* having charged up from below (its front centre, where they meet,
       on the hill now; its charge begun below): one die fewer */
    S (f, "attacker")->flags |= BOL_F_CHARGED;
    S (f, "attacker")->house |= BOL_H_START_LOW;
    assert_int_equal (bol_melee_dice (f->g, a, h, true), 3);
    unmake (f);
}

/*  A line of four (two stands wide, two deep: 6 cm by 4) given at
 *  (x, y) facing `facing` (0 or 180) stands, once the house's layout
 *  keeps its front edge, with its front centre at y + 1 facing 0 and at
 *  y - 1 facing 180, its centre 2 cm behind that. */
static const char *
line_of_four (const char *id, const char *side, double x, double y,
              double facing)
{
    return unit (id, side, "battalion", "line", x, y, facing, 4, NULL);
}

/*  "Infantry or artillery defending high ground from enemy which is, or
 *  began the move, on lower ground get a modifier in melee"; "Attacking
 *  infantry or artillery defending high ground -1".  The page does not
 *  say which part of a unit must be on the high ground or the lower, so
 *  each is placed as the host places a unit: "If any part of a unit is
 *  in difficult terrain the entire unit is considered in difficult
 *  terrain" (a steep hill is a difficult hill: any part on it puts the
 *  unit on it); "Otherwise a unit is assumed to be located at the front
 *  centre of the unit" (a gentle hill is open: its front centre).  "the
 *  move" is the charge that brought the attacker into the melee: where
 *  that charge began, not where the turn did. */
static void
test_high_ground_placed_as_host (void **state)
{
    (void) state;
    const char *gentle = "{ id = \"loma\"; kind = \"gentle_hill\"; polygon = "
                         "( [100.0, 30.0], [140.0, 30.0], [140.0, 60.0], "
                         "[100.0, 60.0] ); }";
    const char *steep = "{ id = \"cerro\"; kind = \"steep_hill\"; polygon = "
                        "( [100.0, 33.0], [140.0, 33.0], [140.0, 60.0], "
                        "[100.0, 60.0] ); }";
    char units[2048];

    /* a gentle hill from y = 30.  The defender facing down it with its
       centre on the hill (31.5) but its front centre below it (29.5):
       not on high ground, and an attacker charging up from below takes
       no modifier (four stands, four dice).  Its front centre on the
       hill (30.5): on high ground, and the attacker, its front centre on
       the hill too where they meet but its charge begun below, throws
       one die fewer */
    for (int on = 0; on <= 1; on++) {
        snprintf (units, sizeof units, "%s, %s",
                  line_of_four ("up", "blue", 120, 23.5, 0),
                  line_of_four ("crest", "red", 120, on ? 31.5 : 30.5, 180));
        fixture_t *f = make (gentle, units);
        int a = idx (f, "up"), d = idx (f, "crest");
        test_near (bol_front_centre (&U (f, "crest")->fp).y,
                   on ? 30.5 : 29.5, 1e-6);
        assert_int_equal (bol_on_hill (f->g, &U (f, "crest")->fp), on);
        assert_true (bol_charge_move (f->g, a, d));
        assert_int_equal (bol_melee_dice (f->g, a, d, true), on ? 3 : 4);
        unmake (f);
    }

    /* an attacker whose front centre stood on the gentle hill (30.5)
       and its centre below it (28.5) when its charge began, on a
       defender further up: it began the move on the high ground, not
       on lower ground, though the turn began with it well below */
    snprintf (units, sizeof units, "%s, %s",
              line_of_four ("up", "blue", 120, 10, 0),
              line_of_four ("crest", "red", 120, 40, 180));
    fixture_t *f = make (gentle, units);
    int a = idx (f, "up"), d = idx (f, "crest");
    start (f);
    U (f, "up")->fp.centre.y = 28.5;
    assert_true (bol_on_hill (f->g, &U (f, "up")->fp));
    assert_true (bol_charge_move (f->g, a, d));
    assert_int_equal (bol_melee_dice (f->g, a, d, true), 4);
    unmake (f);

    /* a steep hill from y = 33: the defender's front centre (30.5) and
       centre (32.5) below it, its rear rank (to 34.5) on it: any part on
       the difficult hill puts it on the high ground; the attacker
       charging from below, no part of it on the hill, throws one die
       fewer */
    snprintf (units, sizeof units, "%s, %s",
              line_of_four ("up", "blue", 120, 23.5, 0),
              line_of_four ("crest", "red", 120, 31.5, 180));
    f = make (steep, units);
    a = idx (f, "up"), d = idx (f, "crest");
    assert_true (bol_on_hill (f->g, &U (f, "crest")->fp));
    assert_true (bol_charge_move (f->g, a, d));
    assert_false (bol_on_hill (f->g, &U (f, "up")->fp));
    assert_int_equal (bol_melee_dice (f->g, a, d, true), 3);
    unmake (f);
}

/*  "Infantry skirmishers are a single row of adjacent stands (no gaps).
 *  A single stand is skirmishers by definition", and the host's "Line,
 *  cavalry and skirmishers are supported when both these criteria
 *  apply: (1) No enemy unit to-rear within 4 TUM; (2) At least one
 *  friendly cavalry, battalion or spearmen unit to-rear within 4 TUM":
 *  a battalion in skirmish order is skirmishers, supported by a
 *  battalion behind it, and not without one; nor does it support or
 *  crowd another as a battalion would. */
static void
test_skirmish_order_is_supported (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s, %s",
              unit ("sk", "blue", "battalion", "loose", 30, 40, 0, 4, NULL),
              unit ("reserve", "blue", "battalion", "line", 30, 34, 0, 4,
                    NULL),
              unit ("lone", "blue", "battalion", "loose", 80, 40, 0, 1,
                    NULL),
              unit ("reserve2", "blue", "battalion", "line", 80, 34, 0, 4,
                    NULL),
              unit ("bare", "blue", "battalion", "loose", 130, 40, 0, 3,
                    NULL),
              unit ("foe", "red", "battalion", "line", 100, 190, 180, 4,
                    NULL));
    fixture_t *f = make (NULL, units);
    assert_true (bol_supported (f->g, idx (f, "sk")));
    assert_true (bol_supported (f->g, idx (f, "lone")));
    assert_false (bol_supported (f->g, idx (f, "bare")));
    /* "(1) No enemy unit to-rear within 4 TUM" */
    U (f, "foe")->fp.centre = (vec2_t) { 30, 28 };
    assert_false (bol_supported (f->g, idx (f, "sk")));
    unmake (f);

    /* skirmishers throughout: a battalion in skirmish order behind a
       line gives it no support ("(2) At least one friendly cavalry,
       battalion or spearmen unit"), and beside a column does not crowd
       it ("Commanders, skirmishers and enemy cannot cause a unit to be
       crowded"); in line it does both */
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s",
              unit ("ln", "blue", "battalion", "line", 30, 40, 0, 4, NULL),
              unit ("behind", "blue", "battalion", "loose", 30, 34, 0, 3,
                    NULL),
              unit ("col", "blue", "battalion", "column", 100, 100, 0, 5,
                    NULL),
              unit ("beside", "blue", "battalion", "loose", 108, 99, 0, 3,
                    NULL),
              unit ("foe", "red", "battalion", "line", 100, 190, 180, 4,
                    NULL));
    f = make (NULL, units);
    assert_false (bol_supported (f->g, idx (f, "ln")));
    assert_false (bol_crowded (f->g, idx (f, "col")));
    U (f, "behind")->formation = FORMATION_LINE;
    U (f, "beside")->formation = FORMATION_LINE;
    assert_true (bol_supported (f->g, idx (f, "ln")));
    assert_true (bol_crowded (f->g, idx (f, "col")));
    unmake (f);
}

/*  "Artillery move and shoot like other troops. So they can deploy and
 *  shoot in the same turn. They can, if deployed, move 2 inches and shoot
 *  in the same turn. They can change face and shoot." */
static void
test_guns_move_and_shoot (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("gun", "blue", "light_gun", "line", 50, 20, 0, 1, NULL),
              unit ("gun2", "blue", "light_gun", "line", 100, 20, 0, 1, NULL),
              unit ("gun3", "blue", "light_gun", "column", 150, 20, 0, 1,
                    NULL),
              unit ("foe", "red", "battalion", "line", 100, 60, 180, 6, NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    test_give_order (f->g, "gun", test_move_order (50, 20 + 1.5 * IN));
    test_give_order (f->g, "gun2", test_move_order (100, 20 + 3 * IN));
    order_t deploy = order_hold ();
    deploy.has_formation = true;
    deploy.formation = FORMATION_LINE;
    test_give_order (f->g, "gun3", deploy);
    test_next_phase (f);
    /* 1.5 inches: still deployed, and it may shoot */
    assert_int_equal (U (f, "gun")->formation, FORMATION_LINE);
    assert_true (bol_can_shoot (f->g, idx (f, "gun")));
    /* 3 inches: it limbered to move */
    saw (f, "gun2 limbers");
    assert_false (bol_can_shoot (f->g, idx (f, "gun2")));
    /* limbered at the turn's start, deployed: it shoots this turn */
    saw (f, "gun3 deploys");
    assert_true (bol_can_shoot (f->g, idx (f, "gun3")));
    unmake (f);
}

/*  "An army wins if it forces the enemy to abandon the field and has not
 *  itself abandoned the field. An army abandons the field if, at the end
 *  of a turn, half of its units have routed." */
static void
test_army_abandons_the_field (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s, %s",
              unit ("a", "blue", "battalion", "line", 20, 20, 0, 2, NULL),
              unit ("b", "blue", "battalion", "line", 60, 20, 0, 2, NULL),
              unit ("c", "blue", "battalion", "line", 100, 20, 0, 2, NULL),
              unit ("d", "blue", "battalion", "line", 140, 20, 0, 2, NULL),
              unit ("x", "red", "battalion", "line", 20, 190, 180, 2, NULL),
              unit ("y", "red", "battalion", "line", 60, 190, 180, 2, NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    assert_true (bol_take_hits (f->g, idx (f, "a"), 2, -1, "test"));
    assert_true (bol_take_hits (f->g, idx (f, "b"), 2, -1, "test"));
    game_result_t r;
    game_result (f->g, &r);
    assert_false (r.over);                  /* not before the turn's end */
    test_on_to (f, BOL_PHASE_MORALE);
    game_resolve_phase (f->g, f->dice);
    game_result (f->g, &r);
    assert_true (r.over);
    assert_int_equal (r.winner, SIDE_RED);
    if (!strstr (r.reason, "units routed"))
        fail_msg ("reason \"%s\"", r.reason);
    unmake (f);
}

/*  A house game of 12 turns whose scenario breaks an army at a quarter
 *  of its units (army_break 0.25): four battalions of side `four`
 *  ("blue" or "red") at its own edge, a, b, c and d, one of the other,
 *  x; blue moves first (the attacker). */
static fixture_t *
quarter_break_game (const char *four)
{
    bool blue = strcmp (four, "blue") == 0;
    const char *other = blue ? "red" : "blue";
    double y4 = blue ? 20 : 190, f4 = blue ? 0 : 180;
    char units[4096], text[8192];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s",
              unit ("a", four, "battalion", "line", 20, y4, f4, 2, NULL),
              unit ("b", four, "battalion", "line", 60, y4, f4, 2, NULL),
              unit ("c", four, "battalion", "line", 100, y4, f4, 2, NULL),
              unit ("d", four, "battalion", "line", 140, y4, f4, 2, NULL),
              unit ("x", other, "battalion", "line", 20, 210 - y4,
                    180 - f4, 2, NULL));
    snprintf (text, sizeof text,
              "ruleset = \"liberators_house\";\n"
              "table = { width = 200.0; depth = 200.0; };\n"
              "units = ( %s );\n"
              "scenario = { name = \"t\"; turns = 12; first = \"blue\";\n"
              "  victory = { army_break = 0.25; on_time = \"red\"; }; };\n",
              units);
    return test_game_new (rules, text);
}

/*  "In the absence of scenario specific victory conditions use this":
 *  a scenario's own break point stands under the house rules (the
 *  host's 1/3 and 10 turns do not), and its turns are played out. */
static void
test_scenario_victory_stands (void **state)
{
    (void) state;
    fixture_t *f = quarter_break_game ("blue");
    start (f);
    /* one unit of four routed: the scenario's quarter, not the half */
    assert_true (bol_take_hits (f->g, idx (f, "a"), 2, -1, "test"));
    test_on_to (f, BOL_PHASE_MORALE);
    game_resolve_phase (f->g, f->dice);
    game_result_t r;
    game_result (f->g, &r);
    assert_true (r.over);
    assert_int_equal (r.winner, SIDE_RED);
    unmake (f);

    /* nobody broken at turn 10: the scenario's 12 turns go on */
    f = quarter_break_game ("blue");
    assert_int_equal (game_last_turn (f->g), 12);
    assert_int_equal (game_set_turn (f->g, 10), 0);
    bol_engine.victory (f->g, &r);
    assert_false (r.over);
    unmake (f);

    /* the defender broken at the scenario's quarter on its last turn:
       the attacker wins, the time limit's "attacker loses" does not
       stand in its place */
    f = quarter_break_game ("red");
    start (f);
    assert_int_equal (game_set_turn (f->g, 12), 0);
    assert_true (bol_take_hits (f->g, idx (f, "a"), 2, -1, "test"));
    test_on_to (f, BOL_PHASE_MORALE);
    game_resolve_phase (f->g, f->dice);
    game_result (f->g, &r);
    assert_true (r.over);
    assert_int_equal (r.winner, SIDE_BLUE);
    if (!strstr (r.reason, "units routed"))
        fail_msg ("reason \"%s\"", r.reason);
    unmake (f);
}

/*  "Rallying from rout has a modifier based on the distance from the
 *  leader at the moment of rout. -1 for each complete 12 inches"; "A
 *  routed unit that subsequently rallies still counts as routed".  (The
 *  rally's own roll and where a rallied unit returns are the absent
 *  QPR's: readings, RULINGS.md.) */
static void
test_rally_from_rout (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s",
              unit ("bn", "blue", "battalion", "line", 50, 20, 0, 4, NULL),
              unit ("bn2", "blue", "battalion", "line", 150, 20, 0, 4, NULL),
              unit ("bn3", "blue", "battalion", "line", 110, 20, 0, 4, NULL),
              unit ("general", "blue", "brigadier", "line", 50,
                    21 + 18 * IN + 1.25, 0, 0, NULL),
              unit ("foe", "red", "battalion", "line", 150, 190, 180, 4,
                    NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    assert_true (bol_take_hits (f->g, idx (f, "bn"), 4, -1, "test"));
    assert_int_equal (S (f, "bn")->rout_penalty, 1);
    /* turn 2: initiative, then its rally: 3 dice less 1, passed */
    test_push (f, 4, 4, 3, 6, 1);
    next_turn (f);
    saw (f, "bn tries to rally from rout (3 less 1 for its leader's "
         "distance): 2d6, best 6: passed");
    assert_true (bol_in_play (f->g, idx (f, "bn")));
    assert_int_equal (U (f, "bn")->killed, 0);
    assert_true (U (f, "bn")->status & STATUS_DISORDERED);
    assert_true (U (f, "bn")->fp.centre.y < U (f, "general")->fp.centre.y);
    int of;
    assert_int_equal (bol_side_routed (f->g, SIDE_BLUE, &of), 1);
    assert_int_equal (of, 3);
    unmake (f);
}

/*  "During a retreat move the unit moves back 4 inches using the same
 *  parameters as regular movement. So, for example, the retreat move can
 *  be reduced by terrain. A retreating unit that cannot complete the full
 *  move because it meets other units or impassable terrain stops at the
 *  obstruction and takes a casualty." */
static void
test_retreat (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("bn", "blue", "battalion", "line", 50, 20, 0, 4, NULL),
              unit ("behind", "blue", "battalion", "line", 50, 12, 0, 4,
                    NULL),
              unit ("in-wood", "blue", "battalion", "line", 150, 100, 0, 4,
                    NULL),
              unit ("foe", "red", "battalion", "line", 100, 190, 180, 4,
                    NULL));
    fixture_t *f = make ("{ id = \"wood\"; kind = \"woods\"; polygon = "
                         "( [130.0, 60.0], [170.0, 60.0], [170.0, 110.0], "
                         "[130.0, 110.0] ); }", units);
    assert_false (bol_house_retreat (f->g, idx (f, "bn"), "test"));
    assert_int_equal (U (f, "bn")->killed, 1);
    saw (f, "stopped short by what is behind it");
    /* in a wood the host's difficult ground allows 3 (inches), not 4 */
    double y = U (f, "in-wood")->fp.centre.y;
    assert_true (bol_house_retreat (f->g, idx (f, "in-wood"), "test"));
    test_near (U (f, "in-wood")->fp.centre.y, y - 3 * IN, 1e-6);
    assert_int_equal (U (f, "in-wood")->killed, 0);
    unmake (f);

    /* "using the same parameters as regular movement": difficult ground
       on its way counts as a move's does (the host's "3 TUM for ...
       moving in difficult", and readings.difficult_path "edge"): a wood
       1 inch behind it, 3 inches; a wood 3.5 inches behind it, up to its
       edge.  Ground is no obstruction: no casualty.  Each line's rear
       edge is at y = 97 (its front edge stays at 101) */
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("near", "blue", "battalion", "line", 30, 100, 0, 4, NULL),
              unit ("far", "blue", "battalion", "line", 80, 100, 0, 4, NULL),
              unit ("foe", "red", "battalion", "line", 100, 190, 180, 4,
                    NULL));
    char woods[512];
    snprintf (woods, sizeof woods,
              "{ id = \"w1\"; kind = \"woods\"; polygon = ( [20.0, 60.0], "
              "[40.0, 60.0], [40.0, %.4f], [20.0, %.4f] ); }, "
              "{ id = \"w2\"; kind = \"woods\"; polygon = ( [70.0, 60.0], "
              "[90.0, 60.0], [90.0, %.4f], [70.0, %.4f] ); }",
              97 - 1 * IN, 97 - 1 * IN, 97 - 3.5 * IN, 97 - 3.5 * IN);
    f = make (woods, units);
    test_near (U (f, "near")->fp.centre.y - U (f, "near")->fp.depth / 2, 97,
               1e-9);
    assert_true (bol_house_retreat (f->g, idx (f, "near"), "test"));
    test_near (U (f, "near")->fp.centre.y, 99 - 3 * IN, 1e-6);
    assert_true (bol_house_retreat (f->g, idx (f, "far"), "test"));
    test_near (U (f, "far")->fp.centre.y, 99 - 3.5 * IN, 0.02);
    assert_int_equal (U (f, "near")->killed, 0);
    assert_int_equal (U (f, "far")->killed, 0);
    unmake (f);
}

/*  The overlay's scenario played to a result by every kind of strategy
 *  and replayed the same. */
static void
test_battles (void **state)
{
    (void) state;
    static const char *const names[] = { "lib_meeting", "lib_assault" };
    test_battles_replayed (rules, names, 2, 41, 10);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_overlay_is_partial_over_bolivar),
        cmocka_unit_test (test_formations_lay_out_stands),
        cmocka_unit_test (test_stands_that_fire),
        cmocka_unit_test (test_stands_that_fight),
        cmocka_unit_test (test_casualty_markers_and_rout),
        cmocka_unit_test (test_disorder_markers_and_rally),
        cmocka_unit_test (test_leader_rallies_twice),
        cmocka_unit_test (test_target_priority),
        cmocka_unit_test (test_target_a_stand_can_fire_at),
        cmocka_unit_test (test_ranges_in_inches),
        cmocka_unit_test (test_stands_fire_at_the_front_centre),
        cmocka_unit_test (test_shoot_dice_floor),
        cmocka_unit_test (test_fire_and_cavalry_retreat),
        cmocka_unit_test (test_cavalry_retreat_on_each_shooter),
        cmocka_unit_test (test_cavalry_retreat_when_worth),
        cmocka_unit_test (test_charge_square_face),
        cmocka_unit_test (test_charge_lined_up_with_stands),
        cmocka_unit_test (test_fire_hit_may_still_charge),
        cmocka_unit_test (test_initiative_first_each_phase),
        cmocka_unit_test (test_moved_unit_does_not_charge),
        cmocka_unit_test (test_movement_options),
        cmocka_unit_test (test_options_free_of_zones),
        cmocka_unit_test (test_formation_change_is_no_step_back),
        cmocka_unit_test (test_charged_unit_does_not_evade),
        cmocka_unit_test (test_melee_has_a_winner),
        cmocka_unit_test (test_melee_loser_retreats_and_tests),
        cmocka_unit_test (test_cavalry_pursuit),
        cmocka_unit_test (test_pursuit_only_where_it_could_charge),
        cmocka_unit_test (test_pursuit_from_difficult_ground),
        cmocka_unit_test (test_charges),
        cmocka_unit_test (test_mutual_chargers_keep_their_facings),
        cmocka_unit_test (test_charged_unit_does_not_charge),
        cmocka_unit_test (test_oblique_charge_keeps_its_facing_on_the_way),
        cmocka_unit_test (test_hasty_square),
        cmocka_unit_test (test_melee_modifiers),
        cmocka_unit_test (test_high_ground_placed_as_host),
        cmocka_unit_test (test_skirmish_order_is_supported),
        cmocka_unit_test (test_guns_move_and_shoot),
        cmocka_unit_test (test_army_abandons_the_field),
        cmocka_unit_test (test_scenario_victory_stands),
        cmocka_unit_test (test_rally_from_rout),
        cmocka_unit_test (test_retreat),
        cmocka_unit_test (test_battles),
    };
    return cmocka_run_group_tests (tests, setup, teardown);
}
