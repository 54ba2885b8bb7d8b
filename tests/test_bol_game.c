/*  test_bol_game.c - 4 Page Bolivar (seed 003) played through the game
 *  interface: stands and resolve, hits and routs, command checks, the
 *  movement zones, initiative, shooting, charges, melee and rally backs,
 *  support and crowding, the morale phase, the army breakpoint and the
 *  time limit, who is uncommanded, and the scenarios played to a result
 *  and replayed.  Each test quotes the line of the four pages it
 *  follows; where the number is a reading of the absent QRS the test
 *  says so.  The dice are the player's own (queued).  A TUM is 2 cm. */
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
#include "bol_engine.h"
#include "bol_play.h"
#include "portfolio.h"
#include "search.h"
#include "strategy.h"
#include "testutil.h"

static game_rules_t *rules;

#define PI 3.14159265358979323846

static int
setup (void **state)
{
    (void) state;
    rules = test_rules_load ("rules/data/bolivar/"
                                               "tables.cfg");
    return 0;
}

static int
teardown (void **state)
{
    (void) state;
    game_rules_destroy (&rules);
    return 0;
}

/*  A unit for a scenario's units list: "Commanders and artillery are on
 *  a stand 1 TUM across.  Other troops are on 2 TUM by 1 TUM rectangular
 *  stands": a battalion's line 4 TUM by 1, its column or square 2 by 2;
 *  `extra` adds fields (stands, platoon). */
static const char *
unit (const char *id, const char *side, const char *troop,
      const char *quality, const char *formation, double x, double y,
      double facing, const char *extra)
{
    static char buf[24][520];
    static int next;
    char *b = buf[next++ % 24];
    bool two = strcmp (troop, "battalion") == 0
            || strcmp (troop, "spearmen") == 0;
    bool gun = strstr (troop, "gun") || strcmp (troop, "howitzer") == 0;
    bool chief = strcmp (troop, "c_in_c") == 0
              || strcmp (troop, "brigadier") == 0;
    bool horse = strcmp (troop, "horse") == 0
              || strcmp (troop, "gauchos_llaneros") == 0;
    const char *arm = horse ? "cavalry" : gun ? "artillery"
                    : chief ? "command" : "infantry";
    const char *weapon = gun ? troop : chief ? "none"
                       : strcmp (troop, "horse") == 0 ? "carbine"
                       : horse ? "lance"
                       : strcmp (troop, "skirmisher") == 0 ? "rifle"
                       : strcmp (troop, "spearmen") == 0 ? "spear" : "musket";
    double w = 4, d = 2;
    if (gun || chief)
        w = 2, d = 2;
    else if (two && strcmp (formation, "line") == 0)
        w = 8, d = 2;
    else if (two)
        w = 4, d = 4;
    snprintf (b, 520, "{ id = \"%s\"; side = \"%s\"; arm = \"%s\"; quality = "
              "\"%s\"; troop_type = \"%s\"; weapon = \"%s\"; figures = %d; "
              "formation = \"%s\"; x = %.2f; y = %.2f; facing = %.1f; "
              "width = %.1f; depth = %.1f; %s }", id, side, arm, quality,
              troop, weapon, two ? 2 : 1, formation, x, y, facing, w, d,
              extra ? extra : "");
    return b;
}

typedef test_game_t fixture_t;

/*  The scenario text of these units and terrain, blue the attacker. */
static const char *
scenario_text (const char *terrain, const char *units)
{
    static char text[65536];
    snprintf (text, sizeof text,
              "ruleset = \"bolivar\";\n"
              "table = { width = 100.0; depth = 100.0; };\n"
              "terrain = ( %s );\nunits = ( %s );\n"
              "scenario = { name = \"t\"; turns = 10; first = \"blue\";\n"
              "  victory = { on_time = \"red\"; }; };\n",
              terrain ? terrain : "", units);
    return text;
}

static fixture_t *
make (const char *terrain, const char *units)
{
    return test_game_new (rules, scenario_text (terrain, units));
}

/*  The error a game of these units (and an enemy) is refused with. */
static void
refuse_game (const char *units, const char *want)
{
    char both[2048];
    snprintf (both, sizeof both, "%s, %s", units,
              unit ("enemy", "red", "battalion", "ordinary", "line", 50, 90,
                    180, NULL));
    test_game_refused (rules, scenario_text (NULL, both), want, false);
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

static const unit_t *
U (fixture_t *f, const char *id)
{
    return situation_unit_const (game_situation (f->g), idx (f, id));
}

static bol_unit_state_t *
S (fixture_t *f, const char *id)
{
    return bol_state (game_unit_mut (f->g, idx (f, id)));
}

/*  The first turn's initiative (the attacker, blue, active without a
 *  die), then on to the active player's move. */
static void
start (fixture_t *f)
{
    game_begin_phase (f->g, f->dice);
    game_resolve_phase (f->g, f->dice);
    game_begin_phase (f->g, f->dice);
    assert_int_equal (game_phase (f->g), BOL_PHASE_ACTIVE_MOVE);
}

static void
order (fixture_t *f, const char *id, order_t o)
{
    test_give_order (f->g, id, o);
}

static void
refused (fixture_t *f, const char *id, order_t o, const char *want)
{
    test_order_refused (f->g, id, o, want);
}

static order_t
fire (void)
{
    order_t o = order_hold ();
    o.kind = ORDER_FIRE;
    o.fire = true;
    return o;
}

/*  Order `o` is legal for unit `id` now (game_check_order); fails the
 *  test with the refusal otherwise.  The unit is not ordered. */
static void
accepted (fixture_t *f, const char *id, order_t o)
{
    char err[SOLO_ERR_MAX];
    if (game_check_order (f->g, idx (f, id), &o, err, sizeof err) < 0)
        fail_msg ("%s: %s", id, err);
}

/*  How many of the game's events hold `words`. */
static int
count_saw (const fixture_t *f, const char *words)
{
    int n = 0;
    for (int i = 0; i < f->event_count; i++)
        n += strstr (f->events[i], words) != NULL;
    return n;
}

/*  The rules of 4 Page Bolivar's table file with its first `from`
 *  replaced by `to` (another reading); fails the test when they do not
 *  load.  Destroy with game_rules_destroy. */
static game_rules_t *
variant (const char *from, const char *to)
{
    return test_rules_edited ("rules/data/bolivar/tables.cfg", from, to);
}

/*  "Each stand has Resolve (2-4).  Superior stands are +1 resolve for the
 *  type, inferior stands are -1 resolve, and raw are a flat 2."
 *  "Battalion and spearmen units have two stands, and all other units
 *  have one stand."  "Stands in a two stand unit must have the same
 *  resolve as each other, or differ by at most one." */
static void
test_stands_and_resolve (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s, %s",
              unit ("sup", "blue", "battalion", "superior", "line", 20, 20, 0,
                    NULL),
              unit ("ord", "blue", "battalion", "ordinary", "line", 40, 20, 0,
                    NULL),
              unit ("inf", "blue", "spearmen", "inferior", "column", 60, 20, 0,
                    NULL),
              unit ("raw", "red", "rabble", "raw", "loose", 20, 80, 180,
                    NULL),
              unit ("skirm", "red", "skirmisher", "ordinary", "loose", 40, 80,
                    180, NULL),
              unit ("given", "red", "battalion", "ordinary", "line", 60, 80,
                    180, "stands = ( { start = 3; }, { start = 2; } );"));
    fixture_t *f = make (NULL, units);
    /* the QRS's resolve for the type is a reading: 3 for battalions */
    assert_int_equal (U (f, "sup")->stand_count, 2);
    assert_int_equal (U (f, "sup")->stands[0].start, 4);
    assert_int_equal (U (f, "sup")->stands[1].strength, 4);
    assert_int_equal (U (f, "ord")->stands[0].start, 3);
    assert_int_equal (U (f, "inf")->stand_count, 2);
    assert_int_equal (U (f, "inf")->stands[0].start, 2);
    assert_int_equal (U (f, "raw")->stand_count, 1);
    assert_int_equal (U (f, "raw")->stands[0].start, 2);   /* a flat 2 */
    assert_int_equal (U (f, "skirm")->stand_count, 1);
    assert_int_equal (U (f, "given")->stands[1].start, 2);
    /* "Two stand units have two resolve values and use the higher" */
    assert_int_equal (bol_resolve (f->g, idx (f, "given")), 3);
    unmake (f);

    refuse_game (unit ("one", "blue", "battalion", "ordinary", "line", 20, 20,
                       0, "stands = ( { start = 3; } );"),
                 "a battalion unit has 2 stands, not 1");
    refuse_game (unit ("two", "blue", "horse", "ordinary", "mounted", 20, 20,
                       0, "stands = ( { start = 3; }, { start = 3; } );"),
                 "a horse unit has 1 stand, not 2");
    refuse_game (unit ("apart", "blue", "battalion", "ordinary", "line", 20,
                       20, 0, "stands = ( { start = 4; }, { start = 2; } );"),
                 "differ by more than one");
    refuse_game (unit ("five", "blue", "skirmisher", "ordinary", "loose", 20,
                       20, 0, "stands = ( { start = 5; } );"),
                 "resolve 5 is not in 2..4");
    refuse_game (unit ("sq", "blue", "skirmisher", "ordinary", "square", 20,
                       20, 0, NULL), "skirmisher are never in square");
}

/*  "Resolve is weakened by hits ... A unit with a resolve of zero
 *  immediately Routs; remove it from the table and replace with a rout
 *  marker for each stand."  Hits fall on the stand with the higher
 *  resolve, so the two stay within one (RULINGS.md). */
static void
test_hits_and_rout (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("bn", "blue", "battalion", "ordinary", "line", 20, 20, 0,
                    NULL),
              unit ("foe", "red", "battalion", "ordinary", "line", 20, 80,
                    180, NULL));
    fixture_t *f = make (NULL, units);
    int bn = idx (f, "bn");
    double lost, start;
    assert_false (bol_take_hits (f->g, bn, 1, idx (f, "foe"), "test"));
    assert_int_equal (U (f, "bn")->stands[0].strength, 2);
    /* a strategy weighs the side worn by the hit, no stand lost yet */
    game_side_harm (f->g, SIDE_BLUE, &lost, &start);
    assert_true (lost == 1 && start == 6);
    assert_int_equal (U (f, "bn")->stands[1].strength, 3);
    assert_false (bol_take_hits (f->g, bn, 1, -1, "test"));
    assert_int_equal (U (f, "bn")->stands[1].strength, 2);
    assert_int_equal (bol_resolve (f->g, bn), 2);
    /* regained: the lower stand first, never above its start */
    assert_false (bol_take_hits (f->g, bn, 1, -1, "test"));
    bol_regain (f->g, bn, 5, "test");
    assert_int_equal (U (f, "bn")->stands[0].strength, 3);
    assert_int_equal (U (f, "bn")->stands[1].strength, 3);
    /* a stand lost: the unit fights on with the other, a figure killed */
    assert_false (bol_take_hits (f->g, bn, 5, -1, "test"));
    assert_int_equal (U (f, "bn")->stands[0].strength
                      + U (f, "bn")->stands[1].strength, 1);
    assert_int_equal (U (f, "bn")->killed, 1);
    assert_true (bol_in_play (f->g, bn));
    assert_int_equal (bol_resolve (f->g, bn), 1);
    bol_regain (f->g, bn, 5, "test");       /* a lost stand stays lost */
    assert_int_equal (U (f, "bn")->killed, 1);
    /* six hits: resolve 0, a rout */
    assert_true (bol_take_hits (f->g, bn, 6, idx (f, "foe"), "test"));
    assert_false (bol_in_play (f->g, bn));
    game_side_harm (f->g, SIDE_BLUE, &lost, &start);
    assert_true (lost == 6 && start == 6);
    assert_true (U (f, "bn")->status & STATUS_ROUTING);
    assert_true (test_saw (f, "bn routs at resolve 0: remove it and place 2 rout "
                         "markers"));
    int of;
    assert_int_equal (bol_side_lost (f->g, SIDE_BLUE, &of), 1);
    assert_int_equal (of, 1);
    unmake (f);
}

/*  "For a Command Check roll 1d6 for each point of the current resolve
 *  with success if any hit (6).  Two stand units have two resolve values
 *  and use the higher.  A unit beyond 8 TUM of the commander of the
 *  division has a -1d6 modifier." */
static void
test_command_check (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("near", "blue", "battalion", "ordinary", "line", 20, 20,
                    0, "platoon = \"first\"; stands = ( { start = 3; }, "
                       "{ start = 2; } );"),
              unit ("far", "blue", "battalion", "ordinary", "line", 60, 20, 0,
                    "platoon = \"first\";"),
              unit ("bolivar", "blue", "brigadier", "ordinary", "line", 20,
                    16, 0, "platoon = \"first\";"),
              unit ("foe", "red", "battalion", "ordinary", "line", 20, 90,
                    180, NULL));
    fixture_t *f = make (NULL, units);
    assert_int_equal (bol_command_dice (f->g, idx (f, "near")), 3);
    /* 40 cm from its commander: beyond 8 TUM (16 cm), one die fewer */
    assert_int_equal (bol_command_dice (f->g, idx (f, "far")), 2);
    test_push (f, 3, 5, 5, 6);
    assert_true (bol_command_check (f->g, idx (f, "near"), f->dice, "t"));
    test_push (f, 3, 5, 5, 5);
    assert_false (bol_command_check (f->g, idx (f, "near"), f->dice, "t"));
    assert_true (test_saw (f, "3d6, best 5: failed"));
    unmake (f);
}

/*  The movement zones: "Threat Zone: ... (3) within 4 TUM of any enemy";
 *  "Control Zone: The unit is directly-to-front of enemy and within 3
 *  TUM"; "Locked Zone: The unit is in contact with at least one enemy
 *  unit"; "Commanders are always in the manoeuvre zone". */
static void
test_zones (void **state)
{
    (void) state;
    char units[3072];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s, %s",
              unit ("free", "blue", "battalion", "ordinary", "column", 10, 10,
                    0, NULL),
              unit ("threat", "blue", "skirmisher", "ordinary", "loose", 80,
                    50, 0, NULL),
              unit ("control", "blue", "skirmisher", "ordinary", "loose", 30,
                    45, 0, NULL),
              unit ("chief", "blue", "c_in_c", "ordinary", "line", 30, 42, 0,
                    NULL),
              unit ("foe", "red", "battalion", "ordinary", "line", 30, 51,
                    180, NULL),
              unit ("foe2", "red", "skirmisher", "ordinary", "loose", 87, 50,
                    90, NULL));
    fixture_t *f = make (NULL, units);
    assert_int_equal (bol_zone (f->g, idx (f, "free")), BOL_ZONE_MANOEUVRE);
    /* 5 cm apart side by side: within 4 TUM (8 cm), not to its front */
    assert_int_equal (bol_zone (f->g, idx (f, "threat")), BOL_ZONE_THREAT);
    /* 4 cm straight before the enemy line: within 3 TUM (6 cm) */
    assert_int_equal (bol_zone (f->g, idx (f, "control")), BOL_ZONE_CONTROL);
    assert_int_equal (bol_zone (f->g, idx (f, "chief")), BOL_ZONE_MANOEUVRE);
    /* in the control zone: "move closer ... directly away ... directly
       to rear", nothing else */
    start (f);
    refused (f, "control", test_move_order (45, 47), "control zone");
    /* a charge's move first (to its point) keeps to the same rule */
    order_t sidle = test_charge_order (f, "foe");
    sidle.has_to = true;
    sidle.to = (vec2_t) { 45, 47 };
    refused (f, "control", sidle, "control zone");
    order (f, "control", test_move_order (30, 41));       /* directly away */
    unmake (f);

    /* "(2) move closer to the enemy": skirmishers facing along the front
       of two enemy lines, 1 TUM before them, may not march straight on
       along it at the same distance (not closer); ending nearer they
       may */
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("c", "blue", "skirmisher", "ordinary", "loose", 40, 46,
                    90, NULL),
              unit ("foe", "red", "battalion", "ordinary", "line", 40, 51,
                    180, NULL),
              unit ("foe2", "red", "battalion", "ordinary", "line", 48, 51,
                    180, NULL));
    f = make (NULL, units);
    assert_int_equal (bol_zone (f->g, idx (f, "c")), BOL_ZONE_CONTROL);
    start (f);
    order_t along_front = test_move_order (44, 46);
    along_front.has_facing = true;
    along_front.facing = 90;
    refused (f, "c", along_front, "in foe's control zone");
    order_t nearer = test_move_order (44, 46.5);
    nearer.has_facing = true;
    nearer.facing = 90;
    accepted (f, "c", nearer);
    unmake (f);

    snprintf (units, sizeof units, "%s, %s",
              unit ("locked", "blue", "battalion", "ordinary", "line", 30, 49,
                    0, NULL),
              unit ("foe", "red", "battalion", "ordinary", "line", 30, 51,
                    180, NULL));
    f = make (NULL, units);
    assert_int_equal (bol_zone (f->g, idx (f, "locked")), BOL_ZONE_LOCKED);
    start (f);
    /* "The only allowable move is to about face if that will leave the
       unit in enemy contact" */
    refused (f, "locked", test_move_order (30, 30), "may only about face");
    order_t about = order_hold ();
    about.has_facing = true;
    about.facing = 180;
    order (f, "locked", about);
    /* the about face is a change of direction: its command check ("In
       addition to restrictions of movement in the Threat Zone") */
    test_push (f, 2, 6, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "locked's command check to about face"));
    test_near (U (f, "locked")->fp.facing, 180, 1e-9);
    assert_int_equal (bol_zone (f->g, idx (f, "locked")), BOL_ZONE_LOCKED);
    unmake (f);
}

/*  "Control Zone: The unit is directly-to-front of enemy and within 3
 *  TUM", and "Otherwise a unit is assumed to be located at the front
 *  centre of the unit": the unit's front centre in the lane the enemy's
 *  frontage makes straight ahead (readings.control_front_at =
 *  "front_centre").  Skirmishers 1.5 TUM before the east end of an enemy
 *  line (its lane x 26 to 34) overlap the lane by 0.5 cm, their front
 *  centre (35.5, 47) beside it: the threat zone, within 4 TUM.  Their
 *  front centre on the lane (34, 47): the control zone.  Under "any_part"
 *  the overlap puts them in the control zone. */
static void
test_control_zone_front_centre (void **state)
{
    (void) state;
    game_rules_t *any = variant ("control_front_at = \"front_centre\";",
                                 "control_front_at = \"any_part\";");
    for (int k = 0; k < 3; k++) {
        char units[1024];
        snprintf (units, sizeof units, "%s, %s",
                  unit ("c", "blue", "skirmisher", "ordinary", "loose",
                        k == 1 ? 34 : 35.5, 46, 0, NULL),
                  unit ("foe", "red", "battalion", "ordinary", "line", 30, 51,
                        180, NULL));
        fixture_t *f = test_game_new (k == 2 ? any : rules,
                                      scenario_text (NULL, units));
        assert_int_equal (bol_zone (f->g, idx (f, "c")),
                          k == 0 ? BOL_ZONE_THREAT : BOL_ZONE_CONTROL);
        unmake (f);
    }
    game_rules_destroy (&any);
}

/*  "The Attacker is automatically the Active Player in the first game
 *  turn.  After that each player rolls a die.  The highest scorer wins
 *  Initiative ... Upon a tie the attacker becomes active player." */
static void
test_initiative (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("b", "blue", "battalion", "ordinary", "line", 20, 10, 0,
                    NULL),
              unit ("r", "red", "battalion", "ordinary", "line", 20, 90, 180,
                    NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    assert_int_equal (bol_active (f->g), SIDE_BLUE);
    assert_int_equal (game_phase_side (f->g), SIDE_BLUE);
    test_next_phase (f);
    assert_int_equal (game_phase (f->g), BOL_PHASE_REACTIVE_SHOOT);
    assert_int_equal (game_phase_side (f->g), SIDE_RED);
    /* turn 2: blue 2, red 5: red active */
    assert_int_equal (game_set_turn (f->g, 2), 0);
    test_push (f, 2, 2, 5);
    game_begin_phase (f->g, f->dice);
    assert_int_equal (bol_active (f->g), SIDE_RED);
    /* turn 3: a tie, the attacker */
    assert_int_equal (game_set_turn (f->g, 3), 0);
    test_push (f, 2, 4, 4);
    game_begin_phase (f->g, f->dice);
    assert_int_equal (bol_active (f->g), SIDE_BLUE);
    unmake (f);
}

/*  A blue heavy gun at (50, gun_y) facing up the table, a red
 *  skirmisher "oblique" at (oblique_x, oblique_y), and a grid of red
 *  light guns facing 180 named rRcC: `cols` columns 3 cm apart from x0,
 *  `rows` rows dy apart from y0. */
static fixture_t *
gun_before_grid (double gun_y, double oblique_x, double oblique_y, int cols,
                 int rows, double x0, double y0, double dy)
{
    static char units[49152];
    size_t len = (size_t) snprintf (units, sizeof units, "%s, %s",
                                    unit ("gun", "blue", "heavy_gun",
                                          "ordinary", "line", 50, gun_y, 0,
                                          NULL),
                                    unit ("oblique", "red", "skirmisher",
                                          "ordinary", "loose", oblique_x,
                                          oblique_y, 180, NULL));
    for (int row = 0; row < rows; row++)
        for (int col = 0; col < cols; col++) {
            char id[16];
            snprintf (id, sizeof id, "r%dc%d", row, col);
            len += (size_t) snprintf (units + len, sizeof units - len,
                                      ", %s",
                                      unit (id, "red", "light_gun",
                                            "ordinary", "line", x0 + 3 * col,
                                            y0 + dy * row, 180, NULL));
            assert_true (len < sizeof units);
        }
    return make (NULL, units);
}

/*  "Target priority is the closest viable target directly-to-front,
 *  otherwise closest in arc", with more enemies in range than the
 *  search for the target puts in order at a time (it then takes them in
 *  batches): a heavy gun (long range 16 TUM, 32 cm: the tables' reading,
 *  not in the text) before 77 light guns, one straight ahead 6 cm off,
 *  and a nearer skirmisher obliquely in its arc. */
static void
test_priority_among_many (void **state)
{
    (void) state;
    fixture_t *f = gun_before_grid (10, 54, 15, 11, 7, 35, 18, 3);
    int gun = idx (f, "gun"), in_range = 0;
    for (int e = 0; e < game_unit_count (f->g); e++)
        if (e != gun && situation_unit_distance (game_situation (f->g), gun, e)
                            <= bol_long_range_cm (f->g, gun))
            in_range++;
    assert_int_equal (in_range, 78);
    /* r0c5 stands at (50, 18): straight ahead, 6 cm from the gun's
       front; oblique is nearer (3.2 cm) but not directly to its front */
    assert_int_equal (bol_priority_target (f->g, gun), idx (f, "r0c5"));
    assert_true (bol_is_priority_target (f->g, gun, idx (f, "r0c5")));
    assert_false (bol_is_priority_target (f->g, gun, idx (f, "oblique")));
    unmake (f);
}

/*  The same rule when the target comes after more than a batch of
 *  enemies in the order of priority: a heavy gun with 119 light guns
 *  behind it, all in range but out of its arc (not viable), 111 of them
 *  nearer than one skirmisher obliquely in its arc 12.75 TUM (25.5 cm)
 *  off, none directly to its front: the closest viable target in arc is
 *  the skirmisher. */
static void
test_priority_after_a_batch (void **state)
{
    (void) state;
    fixture_t *f = gun_before_grid (50, 64, 75, 17, 7, 26, 47, -3);
    int gun = idx (f, "gun"), oblique = idx (f, "oblique"), nearer = 0;
    const situation_t *sit = game_situation (f->g);
    double target_cm = situation_unit_distance (sit, gun, oblique);
    assert_true (target_cm <= bol_long_range_cm (f->g, gun));
    for (int e = 0; e < game_unit_count (f->g); e++)
        if (e != gun && e != oblique
            && situation_unit_distance (sit, gun, e) < target_cm)
            nearer++;
    assert_true (nearer > 64);
    assert_int_equal (bol_priority_target (f->g, gun), oblique);
    unmake (f);
}

/*  "Threat Zone: A unit is any of: ... (2) is priority target for enemy
 *  capable of shooting; (3) within 4 TUM of any enemy."  A battalion 10
 *  TUM (20 cm) before a deployed heavy gun (long range 16 TUM, the
 *  tables' reading) is its priority target, beyond 4 TUM: in the threat
 *  zone.  Before a battalion's muskets (long range 4 TUM) at the same
 *  distance it is no one's target: in the manoeuvre zone. */
static void
test_zone_priority_target (void **state)
{
    (void) state;
    char units[3072];
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("marked", "blue", "battalion", "ordinary", "line", 20, 20,
                    0, NULL),
              unit ("gun", "red", "heavy_gun", "ordinary", "line", 20, 40,
                    180, NULL),
              unit ("unmarked", "blue", "battalion", "ordinary", "line", 80,
                    20, 0, NULL),
              unit ("muskets", "red", "battalion", "ordinary", "line", 80, 40,
                    180, NULL));
    fixture_t *f = make (NULL, units);
    int marked = idx (f, "marked"), gun = idx (f, "gun");
    assert_true (bol_can_shoot (f->g, gun));
    assert_int_equal (bol_priority_target (f->g, gun), marked);
    assert_true (bol_is_priority_target (f->g, gun, marked));
    assert_false (bol_is_priority_target (f->g, gun, idx (f, "unmarked")));
    assert_false (bol_is_priority_target (f->g, idx (f, "muskets"),
                                          idx (f, "unmarked")));
    assert_int_equal (bol_zone (f->g, marked), BOL_ZONE_THREAT);
    assert_int_equal (bol_priority_target (f->g, idx (f, "muskets")), -1);
    assert_int_equal (bol_zone (f->g, idx (f, "unmarked")),
                      BOL_ZONE_MANOEUVRE);
    unmake (f);
}

/*  A priority target is remembered by the table as it stands
 *  (game_table_key), so the answer must follow the table: the gun of
 *  test_zone_priority_target shoots at "marked" 20 cm ahead; the other
 *  blue battalion brought between them (10 cm ahead) is nearer and
 *  directly to its front, so the target; taken away again, "marked" is;
 *  "marked" gone, the gun has none.  A copy keeps the key, an order
 *  leaves it, a move or a unit gone changes it. */
static void
test_priority_follows_the_table (void **state)
{
    (void) state;
    char units[3072];
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("marked", "blue", "battalion", "ordinary", "line", 20, 20,
                    0, NULL),
              unit ("gun", "red", "heavy_gun", "ordinary", "line", 20, 40,
                    180, NULL),
              unit ("other", "blue", "battalion", "ordinary", "line", 80, 20,
                    0, NULL));
    fixture_t *f = make (NULL, units);
    int marked = idx (f, "marked"), gun = idx (f, "gun"),
        other = idx (f, "other");
    uint64_t key = game_table_key (f->g);
    game_t *copy = game_dup (f->g);
    assert_non_null (copy);
    assert_true (game_table_key (copy) == key);
    game_destroy (&copy);
    assert_int_equal (bol_priority_target (f->g, gun), marked);
    vec2_t away = game_unit_c (f->g, other)->fp.centre;
    game_unit_m (f->g, other)->fp.centre = (vec2_t) { 20, 30 };
    assert_true (game_table_key (f->g) != key);
    assert_int_equal (bol_priority_target (f->g, gun), other);
    assert_false (bol_is_priority_target (f->g, gun, marked));
    game_unit_m (f->g, other)->fp.centre = away;
    assert_true (game_table_key (f->g) == key);
    assert_int_equal (bol_priority_target (f->g, gun), marked);
    game_unit_mut (f->g, marked)->order = order_hold ();
    assert_true (game_table_key (f->g) == key);
    game_unit_mut (f->g, marked)->gone = 1;
    assert_true (game_table_key (f->g) != key);
    assert_int_equal (bol_priority_target (f->g, gun), -1);
    assert_int_equal (bol_zone (f->g, other), BOL_ZONE_MANOEUVRE);
    unmake (f);
}

/*  A move's plan and a unit's zone are remembered by the game's whole
 *  state (game_state_key), so the answers must follow what the table
 *  alone does not show: a column far from the enemy moves 90 degrees off
 *  its front ("The unit can change formation then move in any direction
 *  they want"); with a shooting marker it stands in the threat zone ("A
 *  unit is any of: (1) shooting"), where no wheel turns it so far; the
 *  marker gone, it may again.  A copy keeps the key, an order leaves
 *  it, an engine's word changes it. */
static void
test_plan_follows_the_state (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("b", "blue", "battalion", "ordinary", "column", 50, 20, 0,
                    NULL),
              unit ("r", "red", "battalion", "ordinary", "line", 50, 95, 180,
                    NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    uint64_t key = game_state_key (f->g);
    game_t *copy = game_dup (f->g);
    assert_non_null (copy);
    assert_true (game_state_key (copy) == key);
    game_destroy (&copy);
    assert_int_equal (bol_zone (f->g, idx (f, "b")), BOL_ZONE_MANOEUVRE);
    accepted (f, "b", test_move_order (48, 20));
    S (f, "b")->flags |= BOL_F_SHOOTING;
    assert_true (game_state_key (f->g) != key);
    assert_int_equal (bol_zone (f->g, idx (f, "b")), BOL_ZONE_THREAT);
    refused (f, "b", test_move_order (48, 20), "in the threat zone it would "
             "move 90 degrees off its front");
    S (f, "b")->flags &= (int16_t) ~BOL_F_SHOOTING;
    assert_true (game_state_key (f->g) == key);
    accepted (f, "b", test_move_order (48, 20));
    game_unit_mut (f->g, idx (f, "b"))->order = test_move_order (40, 20);
    assert_true (game_state_key (f->g) == key);
    unmake (f);
}

/*  "Target priority is the closest viable target directly-to-front,
 *  otherwise closest in arc."  "The primary shooter gets 2d6 per resolve
 *  if a heavy gun, otherwise 1d6 per resolve ...; a secondary shooter
 *  gets only 1d6."  "each hit weakens the enemy resolve by 1."  "Units
 *  that take hits from shooting must shoot (place marker)." */
static void
test_shooting (void **state)
{
    (void) state;
    char units[3072];
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("line", "blue", "battalion", "ordinary", "line", 50, 20,
                    0, NULL),
              /* 2 cm beside the line's west end */
              unit ("gun", "blue", "heavy_gun", "ordinary", "line", 44, 20, 0,
                    NULL),
              /* straight ahead of the line, 6 cm off; its front centre
                 (50, 27) 41 degrees off the gun's front */
              unit ("ahead", "red", "battalion", "ordinary", "line", 50, 28,
                    180, NULL),
              /* nearer (5.1 cm) but off to the line's side, in its arc */
              unit ("oblique", "red", "skirmisher", "ordinary", "loose", 57,
                    27, 180, NULL));
    fixture_t *f = make (NULL, units);
    int line = idx (f, "line"), gun = idx (f, "gun"), ahead = idx (f, "ahead");
    assert_int_equal (bol_priority_target (f->g, line), ahead);
    /* not directly to the gun's front: the closest in its arc (where
       "a unit is assumed to be located at the front centre of the
       unit": oblique's front centre is 65 degrees off the gun's front) */
    assert_int_equal (bol_priority_target (f->g, gun), ahead);
    assert_int_equal (bol_shoot_dice (f->g, line, ahead, true), 3);
    assert_int_equal (bol_shoot_dice (f->g, gun, ahead, true), 6);
    assert_int_equal (bol_shoot_dice (f->g, gun, ahead, false), 1);
    /* "score to hit (6 or 5-6)": 5-6 within 2 TUM, a reading */
    assert_int_equal (bol_shoot_hit (f->g, line, ahead), 6);
    /* "Pre-game 7. Bombardment. Artillery get a free shot": the gun, with
       no shooting marker for it */
    test_push (f, 6, 6, 1, 1, 1, 1, 1);
    start (f);
    assert_true (test_saw (f, "bombardment at ahead: gun (primary) 6d6 needing "
                         "6: 1 hit"));
    assert_false (S (f, "gun")->flags & BOL_F_SHOOTING);
    test_on_to (f, BOL_PHASE_ACTIVE_SHOOT);
    order (f, "line", fire ());
    order (f, "gun", fire ());
    /* the gun the primary shooter (6 dice), the line a secondary (1d6):
       the line throws first (6: a hit), then the gun (6, 6: two) */
    test_push (f, 7, 6, 6, 6, 1, 1, 1, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "shooting at ahead: line (secondary) 1d6 needing 6: "
                         "1 hit; gun (primary) 6d6 needing 6: 2 hits"));
    const unit_t *a = U (f, "ahead");
    assert_int_equal (a->stands[0].strength + a->stands[1].strength, 6 - 4);
    /* hit, it must shoot: a shooting marker */
    assert_true (S (f, "ahead")->flags & BOL_F_SHOOTING);
    assert_true (S (f, "line")->flags & BOL_F_SHOOTING);
    unmake (f);

    /* guns limbered at the turn's start do not shoot; a moved marker
       stops any unit */
    snprintf (units, sizeof units, "%s, %s",
              unit ("gun", "blue", "light_gun", "ordinary", "column", 40, 20,
                    0, NULL),
              unit ("foe", "red", "battalion", "ordinary", "line", 40, 30,
                    180, NULL));
    f = make (NULL, units);
    start (f);
    order_t deploy = order_hold ();
    deploy.has_formation = true;
    deploy.formation = FORMATION_LINE;
    order (f, "gun", deploy);
    test_next_phase (f);
    assert_int_equal (U (f, "gun")->formation, FORMATION_LINE);
    assert_false (bol_can_shoot (f->g, idx (f, "gun")));
    unmake (f);
}

/*  "The target must be in range, in arc ... Units shoot directly-to-
 *  front or obliquely (45°) to-flank.  Target priority is the closest
 *  viable target directly-to-front, otherwise closest in arc", and
 *  "Otherwise a unit is assumed to be located at the front centre of
 *  the unit": a target is in arc, and directly to the front, by its
 *  front centre (readings.shoot_target_at = "front_centre"; the arc 45
 *  degrees either side of the shooter's front, seen from its centre: the
 *  project's reading of the absent QRS); range and "closest" by closest
 *  points.  Under "nearest_part" the target's nearest part is in arc,
 *  and any part of it in the lane is directly to the front. */
static void
test_shooting_front_centre (void **state)
{
    (void) state;
    game_rules_t *part = variant ("shoot_target_at = \"front_centre\";",
                                  "shoot_target_at = \"nearest_part\";");
    for (int k = 0; k < 2; k++) {
        game_rules_t *r = k ? part : rules;
        /* a line 3 cm to the battalion's right front, 6.1 cm off: its
           nearest corner (55, 27) is 36 degrees off the battalion's
           front, its front centre (59, 27) 52: no target, front centre;
           the target, nearest part */
        char units[2048];
        snprintf (units, sizeof units, "%s, %s",
                  unit ("s", "blue", "battalion", "ordinary", "line", 50, 20,
                        0, NULL),
                  unit ("t", "red", "battalion", "ordinary", "line", 59, 28,
                        180, NULL));
        fixture_t *f = test_game_new (r, scenario_text (NULL, units));
        assert_int_equal (bol_priority_target (f->g, idx (f, "s")),
                          k ? idx (f, "t") : -1);
        unmake (f);

        /* "lane" overlaps the lane before the battalion's front (x 46 to
           54) by 0.5 cm, 5 cm off, its front centre (55.5, 26) beside
           it; "near", facing away 3.5 cm off, is beside the lane, its
           front centre (44, 26.5) in arc.  Front centre: neither is
           directly to the front, and the closer, near, is the target.
           Nearest part: lane is directly to the front, and the target */
        snprintf (units, sizeof units, "%s, %s, %s",
                  unit ("s", "blue", "battalion", "ordinary", "line", 50, 20,
                        0, NULL),
                  unit ("lane", "red", "skirmisher", "ordinary", "loose",
                        55.5, 27, 180, NULL),
                  unit ("near", "red", "skirmisher", "ordinary", "loose", 44,
                        25.5, 0, NULL));
        f = test_game_new (r, scenario_text (NULL, units));
        assert_int_equal (bol_priority_target (f->g, idx (f, "s")),
                          idx (f, k ? "lane" : "near"));
        unmake (f);

        /* "Units shoot directly-to-front or obliquely (45°) to-flank":
           skirmishers 0.7 TUM straight before the battalion's right-hand
           stand, their front centre (53, 22.4) 71 degrees off seen from
           its centre (50, 20) but directly to its front, are its target
           before a line 3 TUM off */
        snprintf (units, sizeof units, "%s, %s, %s",
                  unit ("s", "blue", "battalion", "ordinary", "line", 50, 20,
                        0, NULL),
                  unit ("close", "red", "skirmisher", "ordinary", "loose",
                        53, 23.4, 180, NULL),
                  unit ("far", "red", "battalion", "ordinary", "line", 46, 28,
                        180, NULL));
        f = test_game_new (r, scenario_text (NULL, units));
        assert_int_equal (bol_priority_target (f->g, idx (f, "s")),
                          idx (f, "close"));
        unmake (f);
    }
    game_rules_destroy (&part);
}

/*  The cover of the shooting dice (one die fewer at a target in woods
 *  or a village: a reading of the QRS) by "If any part of a unit is in
 *  difficult terrain the entire unit is considered in difficult
 *  terrain": a line whose east end is in a wood, its centre outside. */
static void
test_cover_by_any_part (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("b", "blue", "battalion", "ordinary", "line", 50, 20, 0,
                    NULL),
              unit ("r", "red", "battalion", "ordinary", "line", 50, 26, 180,
                    NULL));
    const char *wood =
        "{ id = \"wood\"; kind = \"woods\"; polygon = ( [53.0, 24.0], "
        "[60.0, 24.0], [60.0, 30.0], [53.0, 30.0] ); }";
    fixture_t *f = make (NULL, units);
    assert_int_equal (bol_shoot_dice (f->g, idx (f, "b"), idx (f, "r"), true),
                      3);
    unmake (f);
    f = make (wood, units);
    assert_int_equal (bol_shoot_dice (f->g, idx (f, "b"), idx (f, "r"), true),
                      2);
    unmake (f);
}

/*  "In a game turn deployed artillery can either move and limber or move
 *  and shoot.  Artillery can wheel or pivot."  A deployed gun told to
 *  move, and nothing of its formation, moves deployed and keeps its
 *  shot; told to move "limbered" (the order's formation), it limbers,
 *  moves and does not shoot that turn; "Limbered artillery can move, and
 *  optionally deploy at the end, but cannot shoot in a game turn they
 *  were limbered".  A gun whose move comes to nothing (a friend stands
 *  before it) stays where it is, deployed, and says nothing of
 *  limbering. */
static void
test_gun_that_cannot_move_stays_deployed (void **state)
{
    (void) state;
    char units[2048];
    /* the gun's front at y 21; the line's rear at 20.5 (already 0.5 cm
       on it): a step north would stand further on it */
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("gun", "blue", "light_gun", "ordinary", "line", 40, 20,
                    0, NULL),
              unit ("line", "blue", "battalion", "ordinary", "line", 40,
                    21.5, 0, NULL),
              unit ("foe", "red", "battalion", "ordinary", "line", 40, 90,
                    180, NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    order (f, "gun", test_move_order (40, 30));
    test_next_phase (f);
    test_near (U (f, "gun")->fp.centre.y, 20, 0.01);
    assert_int_equal (U (f, "gun")->formation, FORMATION_LINE);
    assert_false (S (f, "gun")->flags & BOL_F_LIMBERED);
    assert_true (bol_can_shoot (f->g, idx (f, "gun")));
    assert_false (test_saw (f, "gun limbers"));
    assert_false (test_saw (f, "gun deploys"));
    unmake (f);

    /* nothing before it, told only where: it moves deployed, "move and
       shoot" */
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("gun", "blue", "light_gun", "ordinary", "line", 40, 20,
                    0, NULL),
              unit ("gun2", "blue", "light_gun", "ordinary", "line", 60, 20,
                    0, NULL),
              unit ("foe", "red", "battalion", "ordinary", "line", 40, 90,
                    180, NULL));
    f = make (NULL, units);
    start (f);
    order (f, "gun", test_move_order (40, 30));
    /* told to move limbered: "move and limber" */
    order_t limber = test_move_order (60, 30);
    limber.has_formation = true;
    limber.formation = FORMATION_COLUMN;
    order (f, "gun2", limber);
    test_next_phase (f);
    test_near (U (f, "gun")->fp.centre.y, 30, 0.01);
    assert_int_equal (U (f, "gun")->formation, FORMATION_LINE);
    assert_true (test_saw (f, "gun moves 10.0 cm"));
    assert_false (test_saw (f, "gun limbers"));
    assert_false (S (f, "gun")->flags & BOL_F_LIMBERED);
    assert_true (bol_can_shoot (f->g, idx (f, "gun")));
    test_near (U (f, "gun2")->fp.centre.y, 30, 0.01);
    assert_int_equal (U (f, "gun2")->formation, FORMATION_COLUMN);
    assert_true (test_saw (f, "gun2 limbers"));
    assert_false (bol_can_shoot (f->g, idx (f, "gun2")));
    unmake (f);
}

/*  A unit that about faces in the threat zone makes a command check and
 *  "Units that about face cannot shoot or charge (place a moved
 *  marker)"; "Units with a moved marker cannot shoot"; the marker goes in
 *  "Step 5.1. Remove Moving Markers". */
/*  "A unit can wheel, pivot, about face, oblique or conduct a passage
 *  of lines"; "Artillery can wheel or pivot": read, guns change
 *  direction by wheels and pivots only (readings.guns_wheel_pivot; the
 *  manoeuvre zone's moves are free and count no changes). */
static void
test_guns_wheel_or_pivot (void **state)
{
    (void) state;
    char units[2048];
    /* a deployed light gun 3 TUM beside an enemy: the threat zone */
    snprintf (units, sizeof units, "%s, %s",
              unit ("gun", "blue", "light_gun", "ordinary", "deployed", 50,
                    20, 0, NULL),
              unit ("r", "red", "skirmisher", "ordinary", "loose", 57, 20,
                    0, NULL));
    fixture_t *f = make (NULL, units);
    assert_int_equal (bol_zone (f->g, idx (f, "gun")), BOL_ZONE_THREAT);
    start (f);
    order_t about = order_hold ();
    about.has_facing = true;
    about.facing = 180;
    refused (f, "gun", about, "\"Artillery can wheel or pivot\"");
    order_t back = test_move_order (50, 16);           /* turned about */
    refused (f, "gun", back, "\"Artillery can wheel or pivot\"");
    back.has_facing = true;                   /* straight back, facing kept */
    back.facing = 0;
    accepted (f, "gun", back);
    /* off its front, its facing kept: no oblique, but a wheel, the move
       and a pivot back (its check) */
    order_t slant = test_move_order (47, 24);
    slant.has_facing = true;
    slant.facing = 0;
    order (f, "gun", slant);
    test_push (f, 2, 6, 1);
    test_next_phase (f);
    assert_false (test_saw (f, "oblique"));
    assert_true (test_saw (f, "gun's command check to pivot"));
    test_near (U (f, "gun")->fp.facing, 0, 0.01);
    /* the wheel of 36.87 degrees left turns the gun (2 by 2 cm) about
       its left front corner (49, 21), its centre to (50.4, 20.8), 0.4 cm
       on its way; it goes the 4.6 cm left of its 5 straight ahead, to
       (47.64, 24.48), and pivots back on its centre ("A Wheel is up to
       45°", about a front corner; "A Pivot on the centre") */
    test_near (U (f, "gun")->fp.centre.x, 47.64, 0.01);
    test_near (U (f, "gun")->fp.centre.y, 24.48, 0.01);
    unmake (f);

    /* the other reading: guns about face as any unit */
    game_rules_t *any = variant ("guns_wheel_pivot = true;",
                                 "guns_wheel_pivot = false;");
    f = test_game_new (any, scenario_text (NULL, units));
    start (f);
    accepted (f, "gun", about);
    unmake (f);
    game_rules_destroy (&any);
}

static void
test_about_face (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("b", "blue", "battalion", "ordinary", "line", 50, 20, 0,
                    NULL),
              unit ("r", "red", "skirmisher", "ordinary", "loose", 50, 26,
                    180, NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    order_t about = order_hold ();
    about.has_facing = true;
    about.facing = 180;
    order (f, "b", about);
    test_push (f, 3, 6, 1, 1);               /* its command check passes */
    test_next_phase (f);
    test_near (U (f, "b")->fp.facing, 180, 0.01);
    assert_true (S (f, "b")->flags & BOL_F_MOVED);
    assert_false (bol_can_shoot (f->g, idx (f, "b")));
    test_on_to (f, BOL_PHASE_MORALE);
    test_next_phase (f);
    assert_false (S (f, "b")->flags & BOL_F_MOVED);
    unmake (f);
}

/*  "An About Face is a 180° turn which reduces the movement allowance by
 *  1 TUM for infantry and 3 TUM for others.  Units that about face
 *  cannot shoot or charge (place a moved marker)": the line names no
 *  zone, and "Manoeuvre Zone: The unit can change formation then move in
 *  any direction they want during their move as long as the centre of
 *  the front of the unit is within movement allowance of its original
 *  position" frees the way it goes, not its turning round.  So a unit
 *  that turns about in the manoeuvre zone has about faced: no command
 *  check (that is the threat zone's), but the moved marker and the
 *  allowance's cut.  "Artillery can wheel or pivot": a gun turns round
 *  by wheels and pivots, no about face (readings.guns_wheel_pivot). */
static void
test_about_face_manoeuvre_zone (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s",
              unit ("b", "blue", "battalion", "ordinary", "line", 20, 40, 0,
                    NULL),
              unit ("h", "blue", "horse", "ordinary", "mounted", 50, 40, 0,
                    NULL),
              unit ("gun", "blue", "light_gun", "ordinary", "deployed", 80,
                    40, 0, NULL),
              unit ("chief", "blue", "brigadier", "ordinary", "line", 80, 20,
                    0, NULL),
              unit ("r", "red", "battalion", "ordinary", "line", 50, 95,
                    180, NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    assert_int_equal (bol_zone (f->g, idx (f, "b")), BOL_ZONE_MANOEUVRE);
    assert_int_equal (bol_zone (f->g, idx (f, "h")), BOL_ZONE_MANOEUVRE);
    assert_int_equal (bol_zone (f->g, idx (f, "gun")), BOL_ZONE_MANOEUVRE);
    /* the battalion turns about where it stands: a moved marker, no
       check ("Units that about face cannot shoot or charge") */
    order_t about = order_hold ();
    about.has_facing = true;
    about.facing = 180;
    order (f, "b", about);
    /* the horse goes 8 TUM (16 cm) to its rear, turned about: "reduces
       the movement allowance by ... 3 TUM for others": 5 TUM, 10 cm for
       the centre of its front, which the about face puts its depth
       further back ("as long as the centre of the front of the unit is
       within movement allowance of its original position") */
    order (f, "h", test_move_order (50, 24));
    /* the gun and the commander turn about: no about face */
    order (f, "gun", about);
    order (f, "chief", about);
    test_next_phase (f);
    assert_int_equal (count_saw (f, "command check"), 0);
    test_near (U (f, "b")->fp.facing, 180, 1e-9);
    assert_true (S (f, "b")->flags & BOL_F_MOVED);
    assert_false (bol_can_shoot (f->g, idx (f, "b")));
    assert_true (test_saw (f, "b about faces: a moved marker"));
    test_near (U (f, "h")->fp.facing, 180, 1e-9);
    test_near (U (f, "h")->fp.centre.y, 40 - (10 - U (f, "h")->fp.depth),
               0.01);
    assert_true (S (f, "h")->flags & BOL_F_MOVED);
    test_near (U (f, "gun")->fp.facing, 180, 1e-9);
    assert_false (S (f, "gun")->flags & BOL_F_MOVED);
    assert_true (bol_can_shoot (f->g, idx (f, "gun")));
    assert_false (S (f, "chief")->flags & BOL_F_MOVED);
    /* "A unit cannot charge if it ... has a moved marker" */
    test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
    game_unit_m (f->g, idx (f, "r"))->fp.centre = (vec2_t) { 50, 24 };
    refused (f, "h", test_charge_order (f, "r"), "moved marker");
    unmake (f);

    /* to its rear, its facing kept, or a turn of 90: no about face, no
       marker; the battalion's whole 6 TUM (12 cm).  Turned about, 1 TUM
       less for infantry: 5 TUM (10 cm) for the centre of its front, which
       the about face carries its depth back */
    f = make (NULL, units);
    start (f);
    order_t back = test_move_order (20, 20);
    back.has_facing = true;
    back.facing = 0;
    order (f, "b", back);
    order_t side = test_move_order (50, 30);
    side.has_facing = true;
    side.facing = 90;
    order (f, "h", side);
    test_next_phase (f);
    test_near (U (f, "b")->fp.centre.y, 40 - 12, 0.01);
    assert_false (S (f, "b")->flags & BOL_F_MOVED);
    test_near (U (f, "h")->fp.facing, 90, 1e-9);
    assert_false (S (f, "h")->flags & BOL_F_MOVED);
    unmake (f);
    f = make (NULL, units);
    start (f);
    order (f, "b", test_move_order (20, 20));
    test_next_phase (f);
    test_near (U (f, "b")->fp.centre.y, 40 - (10 - U (f, "b")->fp.depth),
               0.01);
    test_near (U (f, "b")->fp.facing, 180, 1e-9);
    assert_true (S (f, "b")->flags & BOL_F_MOVED);
    unmake (f);

    /* the other reading of guns: they about face as any unit, and so
       take the marker */
    game_rules_t *any = variant ("guns_wheel_pivot = true;",
                                 "guns_wheel_pivot = false;");
    f = test_game_new (any, scenario_text (NULL, units));
    start (f);
    order (f, "gun", about);
    test_next_phase (f);
    assert_true (S (f, "gun")->flags & BOL_F_MOVED);
    assert_false (bol_can_shoot (f->g, idx (f, "gun")));
    unmake (f);
    game_rules_destroy (&any);
}

/*  "Manoeuvre Zone: The unit can change formation then move in any
 *  direction they want during their move as long as the centre of the
 *  front of the unit is within movement allowance of its original
 *  position."  A line told to go well beyond its allowance to its right,
 *  ending faced that way, goes until the centre of its front stands its
 *  allowance from where that centre began: its centre goes less than the
 *  allowance, for the quarter turn carries its front forward and round.
 *  Told to go straight ahead, its centre goes the whole allowance. */
static void
test_manoeuvre_zone_front_centre (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("b", "blue", "battalion", "ordinary", "column", 20, 40, 0,
                    NULL),
              unit ("a", "blue", "battalion", "ordinary", "column", 70, 20, 0,
                    NULL),
              unit ("r", "red", "battalion", "ordinary", "line", 50, 95,
                    180, NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    int b = idx (f, "b"), a = idx (f, "a");
    assert_int_equal (bol_zone (f->g, b), BOL_ZONE_MANOEUVRE);
    assert_int_equal (bol_zone (f->g, a), BOL_ZONE_MANOEUVRE);
    double allowance = bol_move_allowance (f->g, b);
    footprint_t was = U (f, "b")->fp;
    vec2_t front0 = { was.centre.x, was.centre.y + was.depth / 2 };
    order_t right = test_move_order (20 + 2 * allowance, 40);
    right.has_facing = true;
    right.facing = 90;
    order (f, "b", right);
    order (f, "a", test_move_order (70, 20 + 2 * allowance));
    test_next_phase (f);
    const footprint_t *now = &U (f, "b")->fp;
    test_near (now->facing, 90, 1e-9);
    vec2_t front1 = { now->centre.x + now->depth / 2, now->centre.y };
    test_near (geom_dist (front0, front1), allowance, 0.01);
    assert_true (now->centre.x - was.centre.x < allowance - 0.5);
    test_near (U (f, "a")->fp.centre.y, 20 + allowance, 0.01);
    unmake (f);
}

/*  "A command check is required for ... each time any unit does a
 *  change direction (except a wheel as first change direction)": one
 *  check a change; failed, the change is not made and the unit's move
 *  ends there (RULINGS.md): no second throw for the same turn, no move
 *  straight ahead the way it did not turn.  The column stands in the
 *  threat zone of the skirmishers ("within 4 TUM of any enemy"); its
 *  check is 2d6 (resolve 3, no commander). */
static void
test_failed_change_ends_move (void **state)
{
    (void) state;
    const char *foe = unit ("r", "red", "skirmisher", "ordinary", "loose", 60,
                            28, 180, NULL);
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("b", "blue", "battalion", "ordinary", "column", 50, 20, 0,
                    NULL), foe);
    /* back to its rear, told no facing: an about face first; failed, it
       neither moves nor throws again */
    fixture_t *f = make (NULL, units);
    start (f);
    assert_int_equal (bol_zone (f->g, idx (f, "b")), BOL_ZONE_THREAT);
    order (f, "b", test_move_order (50, 12));
    test_push (f, 2, 1, 1);
    test_next_phase (f);
    assert_int_equal (count_saw (f, "b's command check"), 1);
    assert_true (test_saw (f, "b does not about face, and its move ends"));
    test_near (U (f, "b")->fp.centre.y, 20, 1e-9);
    test_near (U (f, "b")->fp.facing, 0, 1e-9);
    assert_false (S (f, "b")->flags & BOL_F_MOVED);
    unmake (f);

    /* on the oblique, its facing kept ("An advance on the Oblique is up to
       45° from straight ahead"): failed, it does not move */
    f = make (NULL, units);
    start (f);
    order_t oblique = test_move_order (45, 25);
    oblique.has_facing = true;
    oblique.facing = 0;
    order (f, "b", oblique);
    test_push (f, 2, 1, 1);
    test_next_phase (f);
    assert_int_equal (count_saw (f, "b's command check"), 1);
    assert_true (test_saw (f, "command check to advance on the oblique 45 "
                           "degrees"));
    test_near (U (f, "b")->fp.centre.x, 50, 1e-9);
    test_near (U (f, "b")->fp.centre.y, 20, 1e-9);
    unmake (f);

    /* a turn of 90 standing: the wheel of 45 (the first change, no
       check), then a pivot of 45 whose check fails: it faces 45 */
    f = make (NULL, units);
    start (f);
    order_t turn = order_hold ();
    turn.has_facing = true;
    turn.facing = 90;
    order (f, "b", turn);
    test_push (f, 2, 1, 1);
    test_next_phase (f);
    assert_int_equal (count_saw (f, "b's command check"), 1);
    assert_true (test_saw (f, "command check to pivot 45 degrees"));
    test_near (U (f, "b")->fp.facing, 45, 1e-9);
    unmake (f);
}

/*  The commander's advances in the threat zone: "A command check is
 *  required for ... each time any unit does a change direction (except a
 *  wheel as first change direction)".  Beside the advance on the
 *  oblique (its facing kept, a check) the portfolio offers the same way
 *  facing the enemy (a wheel first: no check) and straight ahead (no
 *  change of direction: no check), which a failed check cannot stop. */
static void
test_advances_without_a_check (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("b", "blue", "battalion", "ordinary", "column", 50, 20, 0,
                    NULL),
              unit ("r", "red", "skirmisher", "ordinary", "loose", 56, 31,
                    180, NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    int b = idx (f, "b");
    assert_int_equal (bol_zone (f->g, b), BOL_ZONE_THREAT);
    portfolio_option_t opt[PORTFOLIO_MAX];
    int n = portfolio_build (f->g, b, NULL, 0.5, 0.5, opt, PORTFOLIO_MAX);
    const portfolio_option_t *facing = NULL, *straight = NULL;
    bool oblique = false;
    for (int i = 0; i < n; i++) {
        if (opt[i].kind != PORTFOLIO_ADVANCE)
            continue;
        if (strncmp (opt[i].name, "face r", 6) == 0)
            facing = &opt[i];
        else if (strncmp (opt[i].name, "advance straight ahead", 22) == 0)
            straight = &opt[i];
        else
            oblique = true;
    }
    assert_true (oblique);
    assert_non_null (facing);
    assert_non_null (straight);
    test_near (facing->order.facing, geom_bearing ((vec2_t) { 50, 20 },
                                                   (vec2_t) { 56, 31 }), 1e-6);
    test_near (straight->order.facing, 0, 1e-9);
    test_near (straight->order.to.x, 50, 1e-6);
    order_t face_and_go = facing->order, ahead = straight->order;
    unmake (f);

    /* each played on dice that would fail any check: none is thrown */
    order_t orders[2] = { face_and_go, ahead };
    for (int k = 0; k < 2; k++) {
        f = make (NULL, units);
        start (f);
        order (f, "b", orders[k]);
        test_push (f, 2, 1, 1);
        test_next_phase (f);
        assert_int_equal (count_saw (f, "b's command check"), 0);
        assert_true (U (f, "b")->fp.centre.y > 20.5);
        unmake (f);
    }
}

/*  "Always use the worst movement zone the unit tries to move through in
 *  a game turn": the zones are read along the whole way, and their
 *  limits hold from the start. */
static void
test_worst_zone_on_the_way (void **state)
{
    (void) state;
    char units[2048];
    /* the column starts 13 cm from the skirmishers (the manoeuvre zone,
       "move in any direction"); 8 cm east it would be within 4 TUM of
       them: the threat zone's changes of direction hold, and no wheel
       turns it 90 degrees */
    snprintf (units, sizeof units, "%s, %s",
              unit ("b", "blue", "battalion", "ordinary", "column", 50, 20, 0,
                    NULL),
              unit ("r", "red", "skirmisher", "ordinary", "loose", 66, 27,
                    270, NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    assert_int_equal (bol_zone (f->g, idx (f, "b")), BOL_ZONE_MANOEUVRE);
    refused (f, "b", test_move_order (58, 20), "in the threat zone it would "
             "move 90 degrees off its front");
    /* 1 TUM west it stays in the manoeuvre zone: any direction */
    order (f, "b", test_move_order (48, 20));
    unmake (f);

    /* on the oblique towards them: the threat zone's command check is
       asked, though it starts in the manoeuvre zone */
    snprintf (units, sizeof units, "%s, %s",
              unit ("b", "blue", "battalion", "ordinary", "column", 50, 20, 0,
                    NULL),
              unit ("r", "red", "skirmisher", "ordinary", "loose", 60, 36,
                    180, NULL));
    f = make (NULL, units);
    start (f);
    assert_int_equal (bol_zone (f->g, idx (f, "b")), BOL_ZONE_MANOEUVRE);
    order_t oblique = test_move_order (54, 30);
    oblique.has_facing = true;
    oblique.facing = 0;
    order (f, "b", oblique);
    test_push (f, 2, 6, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "b's command check to advance on the oblique "
                           "22 degrees: 2d6, best 6: passed"));
    test_near (U (f, "b")->fp.centre.x, 54, 1e-6);
    test_near (U (f, "b")->fp.centre.y, 30, 1e-6);
    test_near (U (f, "b")->fp.facing, 0, 1e-9);
    unmake (f);

    /* horse 2.2 cm off the corner of a line, beside its frontage: across
       its front, 2 cm before it, it would pass through its control zone
       ("directly-to-front of enemy and within 3 TUM") and end no closer:
       refused */
    snprintf (units, sizeof units, "%s, %s",
              unit ("h", "blue", "horse", "ordinary", "mounted", 44, 35, 90,
                    NULL),
              unit ("foe", "red", "battalion", "ordinary", "line", 50, 40,
                    180, NULL));
    f = make (NULL, units);
    start (f);
    assert_int_equal (bol_zone (f->g, idx (f, "h")), BOL_ZONE_THREAT);
    refused (f, "h", test_move_order (60, 35), "in foe's control zone it may "
             "only stand, move closer to it, directly away from it or "
             "directly to its rear (its way enters that zone)");
    unmake (f);
}

/*  Change Direction: "A Wheel is up to 45° and the distance of the
 *  unit's corner that moves most is counted towards the movement
 *  allowance.  Wheels in first direction change never require a command
 *  check ...  A Pivot on the centre is also up to 45°, but one front
 *  corner wheels back as other wheels forward, and the distance of the
 *  unit's corner that moves most is counted ...  An About Face is a 180°
 *  turn"; "Control Zone: ... (4) move directly-to-rear".  The line (4
 *  TUM, 8 cm wide; 6 TUM, 12 cm, to move) stands in the threat zone of
 *  the skirmishers beside it. */
static fixture_t *
line_in_threat (void)
{
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("b", "blue", "battalion", "ordinary", "line", 50, 20, 0,
                    NULL),
              unit ("r", "red", "skirmisher", "ordinary", "loose", 62, 21, 90,
                    NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    assert_int_equal (bol_zone (f->g, idx (f, "b")), BOL_ZONE_THREAT);
    return f;
}

static void
test_changes_of_direction (void **state)
{
    (void) state;
    fixture_t *f = line_in_threat ();
    order_t turn = order_hold ();
    turn.has_facing = true;
    /* standing: a wheel (up to 45), a wheel and a pivot (up to 90), an
       about face (and a pivot); nothing turns it 110 */
    turn.facing = 30;
    accepted (f, "b", turn);
    turn.facing = 90;
    accepted (f, "b", turn);
    turn.facing = 150;
    accepted (f, "b", turn);
    turn.facing = 110;
    refused (f, "b", turn, "a turn of 110 degrees is more than a wheel and a "
             "pivot of 45 each, and no about face");
    /* moving: up to 45 off its front, or to its rear */
    accepted (f, "b", test_move_order (56, 26));           /* 45 degrees */
    refused (f, "b", test_move_order (55.196, 23), "it would move 60 degrees "
             "off its front");
    refused (f, "b", test_move_order (60, 20), "90 degrees off its front");
    accepted (f, "b", test_move_order (53, 25.196));          /* 30 degrees */
    unmake (f);

    /* a wheel of 30 to its right, no check: "A Wheel is up to 45° and
       the distance of the unit's corner that moves most is counted
       towards the movement allowance".  It turns about its inner front
       corner, (54, 21), which stays put (a pivot is "on the centre"):
       its centre goes to (54 - 4 cos 30 - sin 30, 21 + 4 sin 30 - cos
       30) = (50.04, 22.13).  The line's (8 by 2 cm) outer rear corner
       moves most, hypot (8, 2) x 30 degrees (4.32 cm), and it then moves
       12 - 4.32 = 7.68 cm straight ahead, to about (53.88, 28.79) */
    f = line_in_threat ();
    order (f, "b", test_move_order (50 + 12 * 0.5, 20 + 12 * 0.8660254));
    test_next_phase (f);
    assert_int_equal (count_saw (f, "command check"), 0);
    test_near (U (f, "b")->fp.facing, 30, 1e-6);
    double c30 = cos (PI / 6), s30 = sin (PI / 6);
    double rest = 12 - hypot (8, 2) * PI / 6;
    test_near (U (f, "b")->fp.centre.x, 54 - 4 * c30 - s30 + rest * s30,
               0.01);
    test_near (U (f, "b")->fp.centre.y, 21 + 4 * s30 - c30 + rest * c30,
               0.01);
    test_near (U (f, "b")->fp.centre.x, 53.88, 0.01);
    test_near (U (f, "b")->fp.centre.y, 28.79, 0.01);
    unmake (f);

    /* a wheel standing: 30 to its left about its left front corner (46,
       21), which stays where it was */
    f = line_in_threat ();
    order_t left = order_hold ();
    left.has_facing = true;
    left.facing = 330;
    order (f, "b", left);
    test_next_phase (f);
    footprint_t w = U (f, "b")->fp;
    vec2_t c[4];
    footprint_corners (&w, c);
    double nearest = INFINITY;
    for (int i = 0; i < 4; i++)
        nearest = geom_min (nearest, geom_dist (c[i], (vec2_t) { 46, 21 }));
    test_near (nearest, 0, 1e-6);
    test_near (w.facing, 330, 1e-6);
    unmake (f);

    /* straight ahead, then a pivot of 30 (the second change, a check):
       "A Pivot on the centre is also up to 45°, but one front corner
       wheels back as other wheels forward, and the distance of the
       unit's corner that moves most is counted".  On the centre every
       corner goes hypot (4, 1) x 30 degrees (2.16 cm), and it moves
       12 - 2.16 = 9.84 cm */
    f = line_in_threat ();
    order_t ahead = test_move_order (50, 40);
    ahead.has_facing = true;
    ahead.facing = 30;
    order (f, "b", ahead);
    test_push (f, 2, 6, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "b's command check to pivot 30 degrees: 2d6, "
                           "best 6: passed"));
    test_near (U (f, "b")->fp.centre.y, 20 + 12 - hypot (4, 1) * PI / 6,
               0.01);
    test_near (U (f, "b")->fp.facing, 30, 1e-6);
    unmake (f);

    /* directly to its rear, its facing kept: no change of direction, no
       check, no moved marker; the whole 12 cm */
    f = line_in_threat ();
    order_t back = test_move_order (50, 8);
    back.has_facing = true;
    back.facing = 0;
    order (f, "b", back);
    test_next_phase (f);
    assert_int_equal (count_saw (f, "command check"), 0);
    test_near (U (f, "b")->fp.centre.y, 8, 0.01);
    test_near (U (f, "b")->fp.facing, 0, 1e-9);
    assert_false (S (f, "b")->flags & BOL_F_MOVED);
    unmake (f);

    /* the options the commander weighs for it are all legal, and more
       than holding */
    f = line_in_threat ();
    portfolio_option_t opt[PORTFOLIO_MAX];
    int n = portfolio_build (f->g, idx (f, "b"), NULL, 0.5, 0.5, opt,
                             PORTFOLIO_MAX);
    assert_true (n > 1);
    char err[SOLO_ERR_MAX];
    for (int k = 0; k < n; k++)
        if (game_check_order (f->g, idx (f, "b"), &opt[k].order, err,
                              sizeof err) < 0)
            fail_msg ("option \"%s\": %s", opt[k].name, err);
    unmake (f);
}

/*  The footprint `fp` covers x0..x1 by y0..y1 (a unit facing 0 or
 *  180). */
static void
covers (const footprint_t *fp, double x0, double x1, double y0, double y1)
{
    test_near (fp->centre.x - fp->width / 2, x0, 1e-6);
    test_near (fp->centre.x + fp->width / 2, x1, 1e-6);
    test_near (fp->centre.y - fp->depth / 2, y0, 1e-6);
    test_near (fp->centre.y + fp->depth / 2, y1, 1e-6);
}

/*  "One stand must remain stationary in any formation change, the other
 *  moves."  A battalion's line (two stands of 4 by 2 cm side by side,
 *  x 46..54, its front at y = 21) in the manoeuvre zone ordered into
 *  column without moving: its right-hand stand (x 50..54, y 19..21)
 *  stays, the other goes behind it; the front is not advanced.  That
 *  column forming line: its front stand stays and the other comes up on
 *  its left, where the line began.  A friend behind the right-hand stand
 *  leaves no room there: the left-hand stand stays instead (RULINGS.md,
 *  "Formation change"). */
static void
test_formation_change_one_stand_stays (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("b", "blue", "battalion", "ordinary", "line", 50, 20, 0,
                    NULL),
              unit ("foe", "red", "battalion", "ordinary", "line", 50, 90,
                    180, NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    assert_int_equal (bol_zone (f->g, idx (f, "b")), BOL_ZONE_MANOEUVRE);
    covers (&U (f, "b")->fp, 46, 54, 19, 21);
    order_t to_col = order_hold ();
    to_col.has_formation = true;
    to_col.formation = FORMATION_COLUMN;
    order (f, "b", to_col);
    test_next_phase (f);
    assert_int_equal (U (f, "b")->formation, FORMATION_COLUMN);
    covers (&U (f, "b")->fp, 50, 54, 17, 21);
    unmake (f);

    /* that column (x 50..54, y 17..21) forming line */
    snprintf (units, sizeof units, "%s, %s",
              unit ("b", "blue", "battalion", "ordinary", "column", 52, 19, 0,
                    NULL),
              unit ("foe", "red", "battalion", "ordinary", "line", 50, 90,
                    180, NULL));
    f = make (NULL, units);
    start (f);
    covers (&U (f, "b")->fp, 50, 54, 17, 21);
    order_t to_line = order_hold ();
    to_line.has_formation = true;
    to_line.formation = FORMATION_LINE;
    order (f, "b", to_line);
    test_next_phase (f);
    assert_int_equal (U (f, "b")->formation, FORMATION_LINE);
    covers (&U (f, "b")->fp, 46, 54, 19, 21);
    unmake (f);

    /* skirmishers of its side behind the line's right-hand stand */
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("b", "blue", "battalion", "ordinary", "line", 50, 20, 0,
                    NULL),
              unit ("s", "blue", "skirmisher", "ordinary", "loose", 53, 17.5,
                    0, NULL),
              unit ("foe", "red", "battalion", "ordinary", "line", 50, 90,
                    180, NULL));
    f = make (NULL, units);
    start (f);
    order (f, "b", to_col);
    test_next_phase (f);
    assert_int_equal (U (f, "b")->formation, FORMATION_COLUMN);
    covers (&U (f, "b")->fp, 46, 50, 17, 21);
    unmake (f);
}

/*  The charges' field, started: a horse before a gun, and a second
 *  horse 8 cm (4 TUM) before a line's front. */
static fixture_t *
make_charges_field (void)
{
    char units[3072];
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("horse", "blue", "horse", "ordinary", "mounted", 50, 20,
                    0, NULL),
              unit ("far", "blue", "horse", "ordinary", "mounted", 20, 20, 0,
                    NULL),
              unit ("gun", "red", "light_gun", "ordinary", "line", 50, 26,
                    180, NULL),
              unit ("foe", "red", "battalion", "ordinary", "line", 20, 30,
                    180, NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    return f;
}

/*  Charges: "Charges are up to 3 TUM and end in contact"; "A unit cannot
 *  charge if it has no legitimate target, has a shooting marker, has a
 *  moved marker, or is in the locked zone"; "Artillery are Eliminated if
 *  contacted by a charge.  They are lost but not routed." */
static void
test_charges (void **state)
{
    (void) state;
    fixture_t *f = make_charges_field ();
    test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
    /* 8 cm to the line's front, 4 TUM: beyond 3 TUM */
    refused (f, "far", test_charge_order (f, "foe"),
             "beyond a charge (3.0 TUM (6.0 cm))");
    order (f, "horse", test_charge_order (f, "gun"));
    test_next_phase (f);                           /* the reactive player's charges */
    test_next_phase (f);                           /* close combat */
    assert_true (test_saw (f, "gun is eliminated, contacted by a charge"));
    assert_false (bol_in_play (f->g, idx (f, "gun")));
    assert_false (U (f, "gun")->status & STATUS_ROUTING);   /* not routed */
    int of;
    assert_int_equal (bol_side_lost (f->g, SIDE_RED, &of), 1);
    unmake (f);

    /* a shooting marker: "Shooting units cannot charge" */
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("horse", "blue", "horse", "ordinary", "mounted", 50, 20,
                    0, NULL),
              unit ("foe", "red", "battalion", "ordinary", "line", 50, 26,
                    180, NULL));
    f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
    S (f, "horse")->flags |= BOL_F_SHOOTING;
    refused (f, "horse", test_charge_order (f, "foe"),
             "Shooting units cannot charge");
    S (f, "horse")->flags = BOL_F_MOVED;
    refused (f, "horse", test_charge_order (f, "foe"), "moved marker");
    unmake (f);
}

/*  The charge a script asks for (game_legal_charge) is the one the
 *  legal orders list: in the charges phase at an enemy within "Charges
 *  are up to 3 TUM", none at a friend or beyond, none in the move. */
static void
test_legal_charge_as_listed (void **state)
{
    (void) state;
    fixture_t *f = make_charges_field ();
    order_t o;
    test_on_to (f, BOL_PHASE_ACTIVE_MOVE);
    assert_false (game_legal_charge (f->g, idx (f, "horse"), idx (f, "gun"),
                                     &o));
    test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
    assert_true (game_legal_charge (f->g, idx (f, "horse"), idx (f, "gun"),
                                    &o));
    assert_int_equal (o.kind, ORDER_CHARGE);
    assert_int_equal (o.target, idx (f, "gun"));
    /* 8 cm to the line's front, 4 TUM: beyond 3 TUM */
    assert_false (game_legal_charge (f->g, idx (f, "far"), idx (f, "foe"),
                                     &o));
    assert_false (game_legal_charge (f->g, idx (f, "horse"), idx (f, "far"),
                                     &o));
    assert_false (game_legal_charge (f->g, idx (f, "horse"), -1, &o));
    /* every pair as the list has it */
    int n = game_unit_count (f->g);
    for (int u = 0; u < n; u++) {
        order_t legal[GAME_MAX_LEGAL_ORDERS];
        int count = game_legal_orders (f->g, u, legal, GAME_MAX_LEGAL_ORDERS);
        for (int e = 0; e < n; e++) {
            bool listed = false;
            for (int k = 0; k < count; k++)
                listed |= legal[k].kind == ORDER_CHARGE
                          && legal[k].target == e;
            assert_int_equal (game_legal_charge (f->g, u, e, &o), listed);
        }
    }
    unmake (f);
}

/*  "The distance between two units is always measured between closest
 *  points"; "Charges are up to 3 TUM"; "Chargers can wheel at the start
 *  but this must be the minimum possible to contact enemy"; "Changes of
 *  direction are included in the movement allowance". */
static void
test_charge_by_closest_points (void **state)
{
    (void) state;
    char units[2048];
    /* the line's nearest end is 5 cm (2.5 TUM) straight before the
       horse's front, its centre further off to the side: in reach */
    snprintf (units, sizeof units, "%s, %s",
              unit ("a", "blue", "horse", "ordinary", "mounted", 50, 20, 0,
                    NULL),
              unit ("d", "red", "battalion", "ordinary", "line", 55, 27, 180,
                    NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
    char err[SOLO_ERR_MAX] = "";
    order_t charge = test_charge_order (f, "d");
    if (game_check_order (f->g, idx (f, "a"), &charge, err, sizeof err) < 0)
        fail_msg ("%s", err);
    order (f, "a", test_charge_order (f, "d"));
    test_next_phase (f);
    test_push (f, 9, 1, 1, 1, 1, 1, 1, 1, 1, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "a charges d in the front"));
    unmake (f);

    /* the column's corner is 3.6 cm off, but beside the horse's front:
       the least wheel that brings it before its front is 27 degrees (its
       outer corner 1.9 cm), and then 6.6 cm on to its far corner: 8.5
       cm, beyond 3 TUM */
    snprintf (units, sizeof units, "%s, %s",
              unit ("a", "blue", "horse", "ordinary", "mounted", 50, 20, 0,
                    NULL),
              unit ("d", "red", "battalion", "ordinary", "column", 57, 25,
                    180, NULL));
    f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
    test_near (situation_unit_distance (game_situation (f->g), idx (f, "a"),
                                        idx (f, "d")), sqrt (13), 1e-9);
    refused (f, "a", test_charge_order (f, "d"), "(a wheel of 27 degrees and "
             "3.3 TUM (6.6 cm) straight ahead), beyond a charge (3.0 TUM "
             "(6.0 cm))");
    unmake (f);
}

/*  "Charges are up to 3 TUM and end in contact"; "Chargers can wheel at
 *  the start but this must be the minimum possible to contact enemy; no
 *  other change direction is allowed": the charger goes straight ahead
 *  after its least wheel until it touches, and is then lined up with the
 *  face it meets where it touched (RULINGS.md: squaring up is the
 *  project's reading of contact), not slid along to the face's centre. */
static void
test_charge_goes_straight (void **state)
{
    (void) state;
    char units[2048];
    /* the horse's lane overlaps the east end of the line (x 46 to 54,
       its front at y 50) by 1 cm; its front 5.6 cm (2.8 TUM) below */
    snprintf (units, sizeof units, "%s, %s",
              unit ("h", "blue", "horse", "ordinary", "mounted", 55, 43.4, 0,
                    NULL),
              unit ("t", "red", "battalion", "ordinary", "line", 50, 51, 180,
                    NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
    order (f, "h", test_charge_order (f, "t"));
    test_next_phase (f);
    test_push (f, 9, 1, 1, 1, 1, 1, 1, 1, 1, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "h charges t in the front: in contact at "
                         "(55.0, 49.0)"));
    unmake (f);

    /* askew by 20 degrees, its lane over the line without a wheel: its
       left front corner meets the line's front after 4.1 cm straight
       ahead (along its facing of 20), and it is squared up there, its
       front's centre kept at x 51.75 */
    snprintf (units, sizeof units, "%s, %s",
              unit ("h", "blue", "horse", "ordinary", "mounted", 50, 44.5,
                    20, NULL),
              unit ("t", "red", "battalion", "ordinary", "line", 50, 51, 180,
                    NULL));
    f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
    order (f, "h", test_charge_order (f, "t"));
    test_next_phase (f);
    test_push (f, 9, 1, 1, 1, 1, 1, 1, 1, 1, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "h charges t in the front: in contact at "
                         "(51.8, 49.0)"));
    unmake (f);
}

/*  "A charge must be entirely to-rear to contact to-rear; similarly for
 *  contact behind-flank"; "Melee with enemy entirely behind-flank or
 *  to-rear reduces the melee dice to zero". */
static void
test_charge_entirely_to_rear (void **state)
{
    (void) state;
    char units[2048];
    /* the horse's centre (46, 45) is in the line's rear arc, but its
       corner at (44, 46) is in the flank arc: no rear contact; it meets
       the flank.  It touches the line entirely behind the line across
       the line's centre (behind-flank and to-rear), so the line throws
       no dice, though squared up to the flank's face it stands partly
       ahead of that line (this project once asked the squared-up horse,
       and the line threw 3d6) */
    snprintf (units, sizeof units, "%s, %s",
              unit ("h", "blue", "horse", "ordinary", "mounted", 46, 45, 0,
                    NULL),
              unit ("t", "red", "battalion", "ordinary", "line", 50, 50, 0,
                    NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
    assert_int_equal (footprint_arc (&U (f, "t")->fp, U (f, "h")->fp.centre,
                                     45, 45), ARC_REAR);
    order (f, "h", test_charge_order (f, "t"));
    test_next_phase (f);
    test_push (f, 6, 1, 1, 1, 1, 1, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "h charges t in the flank"));
    assert_true (test_saw (f, "t (primary) 0d6"));
    unmake (f);

    /* wholly in the rear arc: the rear, and no dice for the line */
    snprintf (units, sizeof units, "%s, %s",
              unit ("h", "blue", "horse", "ordinary", "mounted", 50, 45, 0,
                    NULL),
              unit ("t", "red", "battalion", "ordinary", "line", 50, 50, 0,
                    NULL));
    f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
    order (f, "h", test_charge_order (f, "t"));
    test_next_phase (f);
    test_push (f, 6, 1, 1, 1, 1, 1, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "h charges t in the rear"));
    assert_true (test_saw (f, "t (primary) 0d6"));
    unmake (f);

    /* entirely behind the line across t's centre (y 50), its front
       centre in t's right flank arc, facing 315: the horse meets t's
       rear right corner (54, 49) 1 TUM ahead of its front, in the flank,
       still entirely behind that line.  Squared up to the flank's face
       (facing 270), part of it stands ahead of the line; t still throws
       no dice ("Melee with enemy entirely behind-flank or to-rear
       reduces the melee dice to zero"): the charge is judged as it met
       t, not as it was squared up */
    snprintf (units, sizeof units, "%s, %s",
              unit ("h", "blue", "horse", "ordinary", "mounted", 55.41,
                    46.17, 315, NULL),
              unit ("t", "red", "battalion", "ordinary", "line", 50, 50, 0,
                    NULL));
    f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
    assert_true (bol_entirely_behind_fp (f->g, idx (f, "t"),
                                         &U (f, "h")->fp));
    assert_int_equal (footprint_arc (&U (f, "t")->fp,
                                     bol_front_centre (&U (f, "h")->fp), 45,
                                     45), ARC_FLANK);
    order (f, "h", test_charge_order (f, "t"));
    test_next_phase (f);
    test_push (f, 6, 1, 1, 1, 1, 1, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "h charges t in the flank"));
    test_near (U (f, "h")->fp.facing, 270, 1e-6);
    assert_false (bol_entirely_behind_fp (f->g, idx (f, "t"),
                                          &U (f, "h")->fp));
    assert_true (test_saw (f, "t (primary) 0d6"));
    unmake (f);
}

/*  "Each units in contact will Melee with one enemy unit, even if more
 *  are in contact": the player chooses which.  A line charged in the
 *  rear by horse and in the front by a battalion ("Cavalry charge
 *  before infantry", so the horse reaches it first) fights the
 *  battalion, against which it has its dice, not the horse, against
 *  which it has none ("Melee with enemy entirely behind-flank or
 *  to-rear reduces the melee dice to zero"). */
static void
test_charged_front_and_rear (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("h", "blue", "horse", "ordinary", "mounted", 50, 45, 0,
                    NULL),
              unit ("b", "blue", "battalion", "ordinary", "line", 50, 54,
                    180, NULL),
              unit ("t", "red", "battalion", "ordinary", "line", 50, 50, 0,
                    NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
    order (f, "h", test_charge_order (f, "t"));
    order (f, "b", test_charge_order (f, "t"));
    test_next_phase (f);
    for (int i = 0; i < 4; i++)
        test_push (f, 6, 1, 1, 1, 1, 1, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "h charges t in the rear"));
    assert_true (test_saw (f, "b charges t in the front"));
    /* the horse came first */
    int at_h = test_event_at (f, "h charges t");
    assert_true (at_h >= 0 && at_h < test_event_at (f, "b charges t"));
    assert_false (test_saw (f, "t (primary) 0d6"));
    assert_true (test_saw (f, "t (primary) 3d6"));
    unmake (f);
}

/*  "Unit facing and enemy relative position is given in the QRS ...
 *  Otherwise a unit is assumed to be located at the front centre of the
 *  unit": the face a charge meets is that of the arc the charger's front
 *  centre stands in (the arcs 45 degrees either side of the front and
 *  the back, seen from the target's centre: the project's reading of
 *  the absent QRS), and "A unit's charges are cancelled if: (1) it is
 *  the target of a charge it cannot respond to" (read: a charge into
 *  its flank or rear) asks the same. */
static void
test_charge_face_front_centre (void **state)
{
    (void) state;
    /* t (x 46..54, front edge y 51) has declared a charge on v, before
       its front; a column (4 by 4) north-east of t faces south, its
       lane over t's east end.  At y 56.8 its centre (55.8, 56.8) is in
       t's front arc (40 degrees off t's front) but its front centre
       (55.8, 54.8) in the flank arc (50 degrees): it meets the flank,
       and t's charge is cancelled.  At y 57.9 its front centre (55.8,
       55.9) is in the front arc (44.5 degrees): it meets the front, and
       t's charge stands */
    for (int front = 0; front <= 1; front++) {
        char units[2048];
        snprintf (units, sizeof units, "%s, %s, %s",
                  unit ("a", "blue", "battalion", "ordinary", "column", 55.8,
                        front ? 57.9 : 56.8, 180, NULL),
                  unit ("v", "blue", "battalion", "ordinary", "line", 44, 55,
                        180, NULL),
                  unit ("t", "red", "battalion", "ordinary", "line", 50, 50,
                        0, NULL));
        fixture_t *f = make (NULL, units);
        start (f);
        test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
        order (f, "a", test_charge_order (f, "t"));
        test_next_phase (f);
        order (f, "t", test_charge_order (f, "v"));
        test_next_phase (f);
        assert_int_equal (test_saw (f, "t's charge is cancelled: it is "
                                    "charged where it cannot respond"),
                          !front);
        assert_true (test_saw (f, front ? "a charges t in the front"
                                        : "a charges t in the flank"));
        unmake (f);
    }
}

/*  The option named `name` among unit `id`'s (portfolio_build), the
 *  test failed when there is none; with `no_charge_in_reach`, fail too
 *  when a charge without a move first is offered. */
static portfolio_option_t
option_named (fixture_t *f, const char *id, const char *name,
              bool no_charge_in_reach)
{
    portfolio_option_t opt[PORTFOLIO_MAX];
    int n = portfolio_build (f->g, idx (f, id), NULL, 0.5, 0.5, opt,
                             PORTFOLIO_MAX);
    int found = -1;
    for (int k = 0; k < n; k++) {
        if (no_charge_in_reach)
            assert_false (opt[k].order.kind == ORDER_CHARGE
                          && !opt[k].order.has_to);
        if (strcmp (opt[k].name, name) == 0)
            found = k;
    }
    if (found < 0)
        fail_msg ("%s has no option \"%s\"", id, name);
    return opt[found];
}

/*  A charge ordered in the move phase stands ready and is declared in
 *  Step 4.1 ("Charges are up to 3 TUM"); with a point it moves there
 *  first, turning to its facing, so that a unit 5 TUM off closes to
 *  within a charge's reach and charges in the same turn.  The options
 *  the commander weighs (portfolio_build) offer it: "close on foe and
 *  charge" beyond 3 TUM, "charge foe" facing it within, each square to
 *  the face it charges. */
static void
test_charge_after_a_move (void **state)
{
    (void) state;
    char units[2048];
    /* the horse's front at y 21, the line's at y 31: 10 cm, 5 TUM */
    snprintf (units, sizeof units, "%s, %s",
              unit ("horse", "blue", "horse", "ordinary", "mounted", 50, 20,
                    0, NULL),
              unit ("foe", "red", "battalion", "ordinary", "line", 50, 32,
                    180, NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    assert_true (game_charge_after_move_cm (f->g, idx (f, "horse")) == 6.0);
    portfolio_option_t close = option_named (f, "horse",
                                             "close on foe and charge", true);
    /* on until half a charge (3 cm) from the line, facing it */
    test_near (close.order.to.x, 50, 1e-6);
    test_near (close.order.to.y, 27, 1e-6);
    test_near (close.order.facing, 0, 1e-6);
    char words[256];
    order_tabletop (&close.order, game_situation (f->g), idx (f, "horse"),
                    words, sizeof words);
    assert_string_equal (words, "advance 3.5 TUM (7.0 cm) straight ahead, "
                         "facing unchanged, then charge foe");

    order (f, "horse", close.order);
    test_next_phase (f);
    test_near (U (f, "horse")->fp.centre.y, 27, 1e-6);
    assert_false (S (f, "horse")->flags & BOL_F_MOVED);
    test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
    portfolio_option_t charge = option_named (f, "horse", "charge foe",
                                              false);
    assert_true (charge.order.has_facing && !charge.order.has_to);
    /* the playouts' script pressing on charges too; standing, it does not */
    order_t scripted = search_script_order (f->g, idx (f, "horse"),
                                            COMMANDER_STANCE_PRESS);
    assert_int_equal (scripted.kind, ORDER_CHARGE);
    assert_int_equal (scripted.target, idx (f, "foe"));
    assert_int_not_equal (search_script_order (f->g, idx (f, "horse"),
                                               COMMANDER_STANCE_STAND).kind,
                          ORDER_CHARGE);
    order (f, "horse", test_charge_order (f, "foe"));   /* 3 cm: in reach */
    test_next_phase (f);                   /* the reactive player's charges */
    test_push (f, 9, 1, 1, 1, 6, 6, 1, 1, 1, 1);
    test_next_phase (f);                            /* close combat */
    assert_true (test_saw (f, "horse (primary) 6d6 needing 6: 2 hits"));
    unmake (f);

    /* off the line's flank (its east end at x 54, the horse's front at
       x 61): it closes to half a charge (3 cm) from that end, square to
       it, facing west */
    snprintf (units, sizeof units, "%s, %s",
              unit ("horse", "blue", "horse", "ordinary", "mounted", 62, 32,
                    270, NULL),
              unit ("foe", "red", "battalion", "ordinary", "line", 50, 32,
                    180, NULL));
    f = make (NULL, units);
    start (f);
    close = option_named (f, "horse", "close on foe and charge", true);
    test_near (close.order.to.x, 58, 1e-6);
    test_near (close.order.to.y, 32, 1e-6);
    test_near (close.order.facing, 270, 1e-6);
    unmake (f);
}

/*  "Cancel Charges ... (2) infantry charged by cavalry"; the melee's
 *  loser: "A unit will Lose a Melee if they take more hits than they
 *  inflicted and must rally back"; "The rally back is directly-to-rear
 *  and must be as far as possible, up to 3 TUM for cavalry and 1 TUM for
 *  infantry."  Cavalry charging: 2d6 per resolve, a reading of the
 *  QRS's "1d6 or 2d6 per resolve". */
/*  A blue unit `charger` at (50, 20) facing up the table and a red
 *  `target` 6 cm beyond its front, on to the close combat with blue's
 *  charge declared (and red's, when `back` is set: the target charges
 *  the charger). */
static fixture_t *
charge_at (const char *charger, const char *target, bool back)
{
    char units[2048];
    bool foot = strcmp (target, "battalion") == 0;
    snprintf (units, sizeof units, "%s, %s",
              unit ("a", "blue", charger, "ordinary",
                    strcmp (charger, "battalion") == 0 ? "column" : "mounted",
                    50, 20, 0, NULL),
              unit ("d", "red", target, "ordinary",
                    foot ? "line" : strcmp (target, "skirmisher") == 0
                    ? "loose" : "mounted", 50, 26, 180, NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
    order (f, "a", test_charge_order (f, "d"));
    test_next_phase (f);
    if (back)
        order (f, "d", test_charge_order (f, "a"));
    return f;
}

static void
test_melee_and_rally_back (void **state)
{
    (void) state;
    /* horse charges a battalion's line, which had declared a charge of
       its own: cancelled, "infantry charged by cavalry".  The line
       fights first (3 dice: 1d6 per resolve), the horse 6 (2d6 per
       resolve charging) */
    fixture_t *f = charge_at ("horse", "battalion", true);
    test_push (f, 9, 1, 1, 1, 6, 6, 1, 1, 1, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "d's charge is cancelled: infantry charged by "
                         "cavalry"));
    assert_true (test_saw (f, "d (primary) 3d6 needing 6: 0 hits"));
    assert_true (test_saw (f, "a (primary) 6d6 needing 6: 2 hits"));
    assert_int_equal (bol_resolve (f->g, idx (f, "d")), 2);
    /* the line lost: 1 TUM (2 cm) straight back, from 26 to 28 */
    assert_true (test_saw (f, "d rallies back 2.0 cm"));
    test_near (U (f, "d")->fp.centre.y, 28, 0.01);
    test_near (U (f, "a")->fp.centre.y, 24, 0.01);    /* in contact where it hit */
    unmake (f);

    /* the horse loses: 3 TUM (6 cm) back */
    f = charge_at ("horse", "battalion", false);
    test_push (f, 9, 6, 6, 1, 1, 1, 1, 1, 1, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "a rallies back 6.0 cm"));
    test_near (U (f, "a")->fp.centre.y, 18, 0.01);
    unmake (f);

    /* "Chargers must rally back from a tie, except cavalry that tie pass
       through each other instead": 1 hit each */
    f = charge_at ("horse", "horse", false);
    test_push (f, 9, 6, 1, 1, 6, 1, 1, 1, 1, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "a and d tie and pass through each other"));
    /* each on through the other, then 3 TUM: 2 + 2 + 6 cm */
    test_near (U (f, "a")->fp.centre.y, 24 + 10, 0.01);
    unmake (f);

    /* "Cavalry that tie in melee Pass Through each other": two horse in
       contact from before, neither charging, tie (one hit each of 3d6) and
       pass through (readings.cavalry_tie_pass_any); under the other
       reading they stay in contact */
    for (int any = 1; any >= 0; any--) {
        game_rules_t *r = any ? NULL
                        : variant ("cavalry_tie_pass_any = true;",
                                   "cavalry_tie_pass_any = false;");
        char both[1024];
        snprintf (both, sizeof both, "%s, %s",
                  unit ("a", "blue", "horse", "ordinary", "mounted", 50, 24,
                        0, NULL),
                  unit ("d", "red", "horse", "ordinary", "mounted", 50, 26,
                        180, NULL));
        f = test_game_new (r ? r : rules, scenario_text (NULL, both));
        start (f);
        test_on_to (f, BOL_PHASE_REACTIVE_CHARGES);
        test_push (f, 6, 6, 1, 1, 6, 1, 1);
        test_next_phase (f);
        assert_int_equal (bol_resolve (f->g, idx (f, "a")), 2);
        assert_int_equal (bol_resolve (f->g, idx (f, "d")), 2);
        assert_int_equal (test_saw (f, "a and d tie and pass through each "
                                    "other"), any);
        /* on through the other (2 + 2 cm), then 3 TUM */
        test_near (U (f, "a")->fp.centre.y, any ? 24 + 10 : 24, 0.01);
        unmake (f);
        if (r)
            game_rules_destroy (&r);
    }

    /* "then both units make an extra move directly-to-front for 3 TUM":
       a move, so a friendly line 3 cm past where a came through stops
       it short (its front at the line's rear, y 32), not on top of it */
    {
        char three[1536];
        snprintf (three, sizeof three, "%s, %s, %s",
                  unit ("a", "blue", "horse", "ordinary", "mounted", 50, 24,
                        0, NULL),
                  unit ("d", "red", "horse", "ordinary", "mounted", 50, 26,
                        180, NULL),
                  unit ("b", "blue", "battalion", "ordinary", "line", 50, 33,
                        0, NULL));
        f = make (NULL, three);
        start (f);
        test_on_to (f, BOL_PHASE_REACTIVE_CHARGES);
        test_push (f, 6, 6, 1, 1, 6, 1, 1);
        test_next_phase (f);
        assert_true (test_saw (f, "a and d tie and pass through each other"));
        /* (within the 0.5 cm two friends' edges may overlap) */
        assert_true (U (f, "a")->fp.centre.y >= 31 - 1e-6);
        assert_true (U (f, "a")->fp.centre.y
                     <= 31 + SITUATION_OVERLAP_CM + 1e-6);
        test_near (U (f, "d")->fp.centre.y, 26 - 10, 0.01);
        unmake (f);
    }

    /* a battalion's charge ending in a tie: the charger rallies back */
    f = charge_at ("battalion", "battalion", false);
    test_push (f, 6, 6, 1, 1, 6, 1, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "a rallies back"));
    unmake (f);

    /* "Squares have no flank or rear", so "Enemy in contact behind-flank
       or to-rear prevent rally back" does not hold a square: horse in
       contact with its right side, behind the line across its centre,
       wins the melee (the square's 4 dice, none; the horse's 3, two) and
       the square rallies back its 1 TUM */
    char units[1024];
    snprintf (units, sizeof units, "%s, %s",
              unit ("sq", "blue", "battalion", "ordinary", "square", 50, 50,
                    0, NULL),
              unit ("h", "red", "horse", "ordinary", "mounted", 53, 48, 270,
                    NULL));
    f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_REACTIVE_CHARGES);
    test_push (f, 7, 1, 1, 1, 1, 6, 6, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "h (primary) 3d6 needing 6: 2 hits"));
    assert_false (test_saw (f, "sq cannot rally back"));
    assert_true (test_saw (f, "sq rallies back 2.0 cm"));
    test_near (U (f, "sq")->fp.centre.y, 48, 0.01);
    unmake (f);
}

/*  "Enemy in contact behind-flank or to-rear prevent rally back": the
 *  line says neither "any part" nor "entirely" (as "Melee with enemy
 *  entirely behind-flank or to-rear" does), so the enemy is where
 *  "Otherwise a unit is assumed to be located at the front centre of
 *  the unit" puts it.  A horse stands side by side with the line's east
 *  flank, in contact; the line loses the melee (its 3d6 no hits, the
 *  horse's 3d6 two).  Facing the line's way with its centre 0.6 cm
 *  behind the line's centre, its front centre is 0.4 cm ahead: not
 *  behind-flank, and the line rallies back its 1 TUM.  Facing the other
 *  way with its centre 0.6 cm ahead, its front centre is 0.4 cm behind:
 *  behind-flank, and the line cannot rally back. */
static void
test_rally_back_front_centre (void **state)
{
    (void) state;
    for (int behind = 0; behind <= 1; behind++) {
        char units[1024];
        snprintf (units, sizeof units, "%s, %s",
                  unit ("d", "blue", "battalion", "ordinary", "line", 50, 50,
                        0, NULL),
                  unit ("h", "red", "horse", "ordinary", "mounted", 56,
                        behind ? 50.6 : 49.4, behind ? 180 : 0, NULL));
        fixture_t *f = make (NULL, units);
        start (f);
        test_on_to (f, BOL_PHASE_REACTIVE_CHARGES);
        test_push (f, 6, 1, 1, 1, 6, 6, 1);
        test_next_phase (f);
        assert_true (test_saw (f, "d (primary) 3d6 needing 6: 0 hits"));
        assert_true (test_saw (f, "h (primary) 3d6 needing 6: 2 hits"));
        assert_int_equal (test_saw (f, "d cannot rally back"), behind);
        assert_int_equal (test_saw (f, "d rallies back 2.0 cm"), !behind);
        unmake (f);
    }
}

/*  "A Gauchos/Llaneros or skirmisher unit can Evade to avoid being
 *  contacted by a charge.  The unit cannot be charging and must make a
 *  command check.  The unit then moves directly away from charger, with
 *  full movement allowance, making an about face and/or wheel if
 *  necessary"; "An About Face ... reduces the movement allowance by 1
 *  TUM for infantry and 3 TUM for others" (readings.evade_turn_costs:
 *  the skirmishers facing the charger go 6 - 1 TUM); "The charger might
 *  catch the evader": the charger of an evader that got away charges as
 *  far as it goes, up to 3 TUM, stopped short of anything in its way
 *  (RULINGS.md). */
static void
test_evade (void **state)
{
    (void) state;
    fixture_t *f = charge_at ("horse", "skirmisher", false);
    /* its check: resolve 3, a die fewer with no commander: 2d6, a 6 */
    test_push (f, 2, 6, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "d's command check to evade: 2d6, best 6: passed"));
    assert_true (test_saw (f, "d evades a: 10.0 cm directly away (turning "
                           "away cost 2.0 cm of its 12.0 cm)"));
    test_near (U (f, "d")->fp.centre.y, 26 + 10, 0.01);
    test_near (U (f, "d")->fp.facing, 0, 1e-9);
    /* the charger goes its 3 TUM (6 cm) after it */
    assert_true (test_saw (f, "a charges but does not reach d"));
    assert_true (test_saw (f, "it moves 6.0 cm"));
    test_near (U (f, "a")->fp.centre.y, 20 + 6, 0.01);
    assert_false (game_unit (f->g, idx (f, "d"))->in_melee);
    unmake (f);

    /* a battalion of red's stands in the way: the skirmishers pass
       through it, the horse following them stops short of it, in
       contact with nothing (it charged the skirmishers, not the line) */
    char units[2048];
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("a", "blue", "horse", "ordinary", "mounted", 50, 20, 0,
                    NULL),
              unit ("d", "red", "skirmisher", "ordinary", "loose", 50, 26,
                    180, NULL),
              unit ("e", "red", "battalion", "ordinary", "line", 50, 27.5, 180,
                    NULL));
    f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
    order (f, "a", test_charge_order (f, "d"));
    test_next_phase (f);
    test_push (f, 2, 6, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "d evades a"));
    assert_true (test_saw (f, "a charges but does not reach d"));
    const situation_t *sit = game_situation (f->g);
    double gap = situation_unit_distance (sit, idx (f, "a"), idx (f, "e"));
    assert_true (gap >= 0.5 - 1e-6 && gap < 0.5 + 0.6);
    assert_true (U (f, "a")->fp.centre.y < 26);
    assert_false (game_unit (f->g, idx (f, "a"))->in_melee);
    assert_false (game_unit (f->g, idx (f, "e"))->in_melee);
    unmake (f);

    /* the check failed: caught */
    f = charge_at ("horse", "skirmisher", false);
    test_push (f, 2, 1, 1);
    test_next_phase (f);
    assert_false (test_saw (f, "evades"));
    assert_true (test_saw (f, "a charges d in the front"));
    unmake (f);
}

/*  "The unit then moves directly away from charger, with full movement
 *  allowance, making an about face and/or wheel if necessary", and "An
 *  About Face is a 180° turn ... Units that about face cannot shoot or
 *  charge (place a moved marker)": skirmishers facing their charger
 *  about face to go away, and take a moved marker; facing away from it
 *  already they make no turn, and take none; facing east, 79 degrees
 *  from the way away, they wheel ("A Wheel is up to 45°": 45 degrees,
 *  less than a quarter turn off, so no about face), and take none.
 *  Under readings.evade_turn_costs = false the about face costs nothing
 *  but is made all the same, and marks them. */
static void
test_evade_about_face_marks (void **state)
{
    (void) state;
    game_rules_t *free_turn = variant ("evade_turn_costs = true;",
                                       "evade_turn_costs = false;");
    const double facing[4] = { 180, 0, 90, 180 };
    for (int k = 0; k < 4; k++) {
        char units[1024];
        snprintf (units, sizeof units, "%s, %s",
                  unit ("a", "blue", "horse", "ordinary", "mounted", 50, 20,
                        0, NULL),
                  unit ("d", "red", "skirmisher", "ordinary", "loose", 50, 26,
                        facing[k], NULL));
        fixture_t *f = test_game_new (k == 3 ? free_turn : rules,
                                      scenario_text (NULL, units));
        start (f);
        test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
        order (f, "a", test_charge_order (f, "d"));
        test_next_phase (f);
        test_push (f, 2, 6, 1);
        test_next_phase (f);
        assert_true (test_saw (f, "d evades a"));
        bool about = k == 0 || k == 3;
        assert_int_equal (test_saw (f, "d about faces to evade: a moved "
                                    "marker"), about);
        assert_int_equal ((S (f, "d")->flags & BOL_F_MOVED) != 0, about);
        /* away from the horse's front centre (50, 21) to theirs: (50, 25)
           facing it, (50, 27) facing away, (51, 26) facing east: 11
           degrees, which the wheel of 45 from 90 does not reach */
        test_near (U (f, "d")->fp.facing, k == 2 ? 45 : 0, 1e-9);
        /* "Step 5.1. Remove Moving Markers" */
        test_on_to (f, BOL_PHASE_INITIATIVE);
        assert_false (S (f, "d")->flags & BOL_F_MOVED);
        unmake (f);
    }
    game_rules_destroy (&free_turn);
}

/*  "The unit then moves directly away from charger, with full movement
 *  allowance, making an about face and/or wheel if necessary", and "A
 *  Wheel is up to 45°": the turns an evade makes are a wheel of up to
 *  45 degrees, an about face, or both (0 to 45 and 135 to 225 degrees).
 *  Where directly away needs none of these (its charger on its flank),
 *  the evader turns as near to it as they take it and goes straight
 *  ahead (readings.evade_turn "nearest", RULINGS.md).  Skirmishers (4 cm
 *  wide, 2 deep, 6 TUM: 12 cm) whose front centre stands at (50, 26), 5
 *  cm straight ahead of the charging horse's (50, 21): directly away is
 *  north (0).  Facing 30 they wheel 30 ("the distance of the unit's
 *  corner that moves most": the outer rear corner, hypot (4, 2) = 4.47
 *  cm times the angle: 2.3 cm) and go north; facing 60 they wheel 45
 *  (3.5 cm), to 15; facing 90, a
 *  quarter turn off, the wheel of 45 as well, to 45, no about face;
 *  facing 100 they about face (1 TUM, 2 cm, and a moved marker) and
 *  wheel 45, to 325, 35 degrees off north where the wheel alone would
 *  leave them 55 off; facing 150 the about face and a wheel of 30 take
 *  them north.  Under evade_turn "directly_away" the skirmishers facing
 *  90 wheel the whole quarter turn (7.0 cm) and go north. */
static void
test_evade_wheel_and_about_face (void **state)
{
    (void) state;
    game_rules_t *away_rules = variant ("evade_turn = \"nearest\";",
                                        "evade_turn = \"directly_away\";");
    double diag = hypot (4, 2);          /* the wheel's outer rear corner */
    const struct {
        double facing, ends, cost;
        bool about, directly;
    } want[] = {
        { 30,  0,   diag * PI / 6,     false, false },
        { 60,  15,  diag * PI / 4,     false, false },
        { 90,  45,  diag * PI / 4,     false, false },
        { 100, 325, 2 + diag * PI / 4, true,  false },
        { 150, 0,   2 + diag * PI / 6, true,  false },
        { 90,  0,   diag * PI / 2,     false, true },
    };
    for (size_t k = 0; k < sizeof want / sizeof *want; k++) {
        double f = want[k].facing * PI / 180;
        double x0 = 50 - sin (f), y0 = 26 - cos (f);
        char units[1024];
        snprintf (units, sizeof units, "%s, %s",
                  unit ("a", "blue", "horse", "ordinary", "mounted", 50, 20,
                        0, NULL),
                  unit ("d", "red", "skirmisher", "ordinary", "loose", x0, y0,
                        want[k].facing, NULL));
        fixture_t *fx = test_game_new (want[k].directly ? away_rules : rules,
                                       scenario_text (NULL, units));
        start (fx);
        test_on_to (fx, BOL_PHASE_ACTIVE_CHARGES);
        order (fx, "a", test_charge_order (fx, "d"));
        test_next_phase (fx);
        /* the placing's two decimals: the front centre within 0.01 cm of
           (50, 26) */
        x0 = U (fx, "d")->fp.centre.x;
        y0 = U (fx, "d")->fp.centre.y;
        test_push (fx, 2, 6, 1);
        test_next_phase (fx);
        assert_true (test_saw (fx, "d evades a"));
        double go = 12 - want[k].cost;
        double e = want[k].ends * PI / 180;
        test_near (geom_norm_deg (U (fx, "d")->fp.facing - want[k].ends
                                  + 180) - 180, 0, 0.5);
        test_near (U (fx, "d")->fp.centre.x, x0 + go * sin (e), 0.05);
        test_near (U (fx, "d")->fp.centre.y, y0 + go * cos (e), 0.05);
        assert_int_equal ((S (fx, "d")->flags & BOL_F_MOVED) != 0,
                          want[k].about);
        unmake (fx);
    }
    game_rules_destroy (&away_rules);
}

/*  "The unit then moves directly away from charger" and the control
 *  zone's "(3) move directly away from the enemy": away along the line
 *  from the enemy's front centre through the unit's, "Otherwise a unit
 *  is assumed to be located at the front centre of the unit". */
static void
test_directly_away_front_centre (void **state)
{
    (void) state;
    /* the horse's front centre (50, 21), the skirmishers' (52, 25): away
       is 26.6 degrees (atan 2/4), not the centres' 18.4 (atan 2/6).
       Facing the horse, they about face and wheel back 26.6 degrees
       (1 TUM, and their outer rear corner's way, hypot (4, 2) cm times
       the angle: 4.1 cm) and go the rest of their 6 TUM: 7.9 cm */
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("a", "blue", "horse", "ordinary", "mounted", 50, 20, 0,
                    NULL),
              unit ("d", "red", "skirmisher", "ordinary", "loose", 52, 26,
                    180, NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
    order (f, "a", test_charge_order (f, "d"));
    test_next_phase (f);
    test_push (f, 2, 6, 1);
    test_next_phase (f);
    double away = atan2 (2, 4) * 180 / PI;
    double go = 12 - (2 + hypot (4, 2) * away * PI / 180);
    assert_true (test_saw (f, "d evades a: 7.9 cm directly away (turning "
                           "away cost 4.1 cm of its 12.0 cm)"));
    test_near (U (f, "d")->fp.facing, away, 1e-6);
    test_near (U (f, "d")->fp.centre.x, 52 + go * sin (away * PI / 180),
               1e-6);
    test_near (U (f, "d")->fp.centre.y, 26 + go * cos (away * PI / 180),
               1e-6);
    unmake (f);

    /* skirmishers 3 cm to the side of the middle of an enemy line's
       front, 2 TUM before it: their front centre (33, 46) is in the
       line's lane, so they are in its control zone; away from the
       line's front centre (30, 50) is 143 degrees (the centres' line,
       153).  A move at 140 goes directly away; one at 160 neither goes
       directly away nor directly to their rear (180), nor closer */
    snprintf (units, sizeof units, "%s, %s",
              unit ("c", "blue", "skirmisher", "ordinary", "loose", 33, 45,
                    0, NULL),
              unit ("foe", "red", "battalion", "ordinary", "line", 30, 51,
                    180, NULL));
    f = make (NULL, units);
    assert_int_equal (bol_zone (f->g, idx (f, "c")), BOL_ZONE_CONTROL);
    start (f);
    double r = 4;
    accepted (f, "c", test_move_order (33 + r * sin (140 * PI / 180),
                                       45 + r * cos (140 * PI / 180)));
    refused (f, "c", test_move_order (33 + r * sin (160 * PI / 180),
                                      45 + r * cos (160 * PI / 180)),
             "in foe's control zone");
    unmake (f);
}

/*  How many of the game's events hold `words`. */
static int
times_saw (const fixture_t *f, const char *words)
{
    int n = 0;
    for (int i = 0; i < f->event_count; i++)
        n += strstr (f->events[i], words) != NULL;
    return n;
}

/*  "Mutually charging units meet half way."  "Cavalry that tie in melee
 *  Pass Through each other.  Initially the units interpenetrate, then
 *  both units make an extra move directly-to-front for 3 TUM": once,
 *  though both charged. */
static void
test_mutual_charges (void **state)
{
    (void) state;
    fixture_t *f = charge_at ("horse", "horse", true);
    /* both charged: 2d6 per resolve each, 6 dice, 1 hit each */
    test_push (f, 12, 6, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "a and d charge each other and meet half way, at "
                         "(50.0, 23.0)"));
    assert_int_equal (times_saw (f, "tie and pass through each other"), 1);
    /* from 22 and 24 (either side of the middle, 23): through the other
       (2 + 2 cm) and 3 TUM (6 cm) on, once */
    test_near (U (f, "a")->fp.centre.y, 22 + 10, 0.01);
    test_near (U (f, "d")->fp.centre.y, 24 - 10, 0.01);
    test_near (U (f, "a")->fp.facing, 0, 1e-9);
    test_near (U (f, "d")->fp.facing, 180, 1e-9);
    unmake (f);

    /* half way between where each is "assumed to be located at the
       front centre of the unit": a column (4 deep, its front at y 22)
       and a line (2 deep, its front at 25) meet at y 23.5, each front
       going 1.5 cm (the centres' middle, y 23, would take the column's
       front 1 cm and the line's 2) */
    f = charge_at ("battalion", "battalion", true);
    test_push (f, 7, 1, 1, 1, 1, 1, 1, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "a and d charge each other and meet half way, at "
                         "(50.0, 23.5)"));
    unmake (f);
}

/*  "Fight the melees sequentially, from one side of the table to the
 *  other starting on the attacker's right flank", each target where
 *  "Otherwise a unit is assumed to be located at the front centre of the
 *  unit" puts it.  Blue, the attacker, faces north: its right is east.
 *  Two horse front to front stand 61.5 cm east; further north a blue
 *  horse meets r2's flank, r2 facing east, its centre 61 cm east and its
 *  front centre 62: r2's melee is fought first. */
static void
test_melee_order_front_centre (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("b1", "blue", "horse", "ordinary", "mounted", 61.5, 18, 0,
                    NULL),
              unit ("r1", "red", "horse", "ordinary", "mounted", 61.5, 20,
                    180, NULL),
              unit ("b2", "blue", "horse", "ordinary", "mounted", 61, 58, 0,
                    NULL),
              unit ("r2", "red", "horse", "ordinary", "mounted", 61, 61, 90,
                    NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_REACTIVE_CHARGES);
    test_next_phase (f);
    int first = -1;
    for (int i = 0; i < f->event_count && first < 0; i++)
        if (strncmp (f->events[i], "melee at ", 9) == 0)
            first = i;
    assert_true (first >= 0);
    if (strncmp (f->events[first], "melee at r2:", 12) != 0)
        fail_msg ("the first melee: %s", f->events[first]);
    unmake (f);
}

/*  "The primary fighter gets 1d6 or 2d6 per resolve, then apply the
 *  modifiers on QRS.  A secondary fighter gets 1d6.  Melee with enemy
 *  entirely behind-flank or to-rear reduces the melee dice to zero.  An
 *  attached commander gets 1d6": a secondary fighter with a commander
 *  attached throws 2d6; an enemy only partly behind-flank leaves the
 *  dice, every part of it behind takes them all. */
static void
test_melee_dice (void **state)
{
    (void) state;
    char units[2048];
    /* b: a line 8 by 2 cm at (50, 50), its centre line across at y 50;
       h: horse facing west at its right flank, 4 cm along it, its
       corners from y 47.5 to 51.5 (its centre behind the line across
       b's centre, part of it ahead) */
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("b", "blue", "battalion", "ordinary", "line", 50, 50, 0,
                    NULL),
              unit ("chief", "blue", "brigadier", "ordinary", "line", 50,
                    47.5, 0, NULL),
              unit ("h", "red", "horse", "ordinary", "mounted", 55, 49.5,
                    270, NULL),
              unit ("other", "blue", "battalion", "ordinary", "line", 20, 50,
                    0, NULL));
    fixture_t *f = make (NULL, units);
    int b = idx (f, "b"), h = idx (f, "h"), other = idx (f, "other");
    assert_int_equal (bol_attached_commander (f->g, b), idx (f, "chief"));
    assert_int_equal (bol_attached_commander (f->g, other), -1);
    /* a secondary fighter: 1d6, and the attached commander's 1d6 */
    assert_int_equal (bol_melee_dice (f->g, other, h, false), 1);
    assert_int_equal (bol_melee_dice (f->g, b, h, false), 2);
    /* the primary: 1d6 per resolve (3) and the commander's */
    assert_int_equal (bol_melee_dice (f->g, b, h, true), 4);
    /* the horse wholly behind the line across b's centre: none */
    game_unit_m (f->g, h)->fp.centre.y = 47.9;
    assert_int_equal (bol_melee_dice (f->g, b, h, true), 0);
    assert_int_equal (bol_melee_dice (f->g, b, h, false), 0);
    /* to its rear: none */
    game_unit_m (f->g, h)->fp.centre = (vec2_t) { 50, 45 };
    assert_int_equal (bol_melee_dice (f->g, b, h, true), 0);
    unmake (f);
}

/*  "An army with Gauchos/Llaneros can conduct a single Feigned Flight in
 *  a game.  This follows a rally back move by a Gauchos/Llaneros unit
 *  that has a commander attached.  It requires a command check ...  The
 *  unit recovers all resolve, then charges the original opponents." */
static void
test_feigned_flight (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("a", "blue", "gauchos_llaneros", "ordinary", "mounted",
                    50, 20, 0, NULL),
              /* attached: 0.5 cm behind it */
              unit ("paez", "blue", "brigadier", "ordinary", "line", 50, 17.5,
                    0, NULL),
              unit ("d", "red", "battalion", "ordinary", "line", 50, 26, 180,
                    NULL));
    fixture_t *f = make (NULL, units);
    assert_int_equal (bol_attached_commander (f->g, idx (f, "a")),
                      idx (f, "paez"));
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
    order (f, "a", test_charge_order (f, "d"));
    test_next_phase (f);
    /* the line's 3 dice (2 hits), the llaneros' 7 (2d6 per resolve
       charging, a reading, and the commander's 1d6): none; Páez risks
       2d6; the llaneros rally back, their check (resolve 1: 1d6) passes,
       they charge again: 7 dice (3 hits) against the line's 3 (none) */
    test_push (f, 3, 6, 6, 1);
    test_push (f, 7, 1, 1, 1, 1, 1, 1, 1);
    test_push (f, 2, 1, 1);
    test_push (f, 1, 6);
    test_push (f, 7, 6, 6, 6, 1, 1, 1, 1);
    test_push (f, 3, 1, 1, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "a rallies back 6.0 cm"));
    assert_true (test_saw (f, "a's feigned flight: it recovers all its resolve "
                         "and charges d"));
    assert_int_equal (bol_resolve (f->g, idx (f, "a")), 3);
    /* the commander went with them */
    assert_int_equal (bol_attached_commander (f->g, idx (f, "a")),
                      idx (f, "paez"));
    const unit_t *d = U (f, "d");
    assert_int_equal (d->stands[0].strength + d->stands[1].strength, 3);
    assert_true (test_saw (f, "d rallies back 2.0 cm"));
    /* "a single Feigned Flight in a game" */
    assert_int_equal (game_side_extra (f->g, SIDE_BLUE)[BOL_SX_FEIGNED], 1);
    unmake (f);

    /* "This follows a rally back move by a Gauchos/Llaneros unit that has
       a commander attached": "Enemy in contact behind-flank or to-rear
       prevent rally back", so the llaneros, with skirmishers in contact
       at their rear, make no rally back and no feigned flight; the army
       keeps its one */
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("a", "blue", "gauchos_llaneros", "ordinary", "mounted",
                    50, 24, 0, NULL),
              unit ("paez", "blue", "brigadier", "ordinary", "line", 53, 24,
                    0, NULL),
              unit ("d", "red", "battalion", "ordinary", "line", 50, 26, 180,
                    NULL),
              unit ("e", "red", "skirmisher", "ordinary", "loose", 50, 22, 0,
                    NULL));
    f = make (NULL, units);
    assert_int_equal (bol_attached_commander (f->g, idx (f, "a")),
                      idx (f, "paez"));
    start (f);
    test_on_to (f, BOL_PHASE_REACTIVE_CHARGES);
    /* the line's 3 dice and the skirmishers' 1 (2 hits), the llaneros' 4
       (3 and the commander's, none), Paez's 2d6; a check's die left
       over, which no feigned flight takes */
    test_push (f, 4, 6, 6, 1, 1);
    test_push (f, 4, 1, 1, 1, 1);
    test_push (f, 2, 1, 1);
    test_push (f, 1, 6);
    test_next_phase (f);
    assert_true (test_saw (f, "a cannot rally back"));
    assert_false (test_saw (f, "feigned flight"));
    assert_int_equal (bol_resolve (f->g, idx (f, "a")), 1);
    assert_int_equal (game_side_extra (f->g, SIDE_BLUE)[BOL_SX_FEIGNED], 0);
    unmake (f);
}

/*  "The unit recovers all resolve, then charges the original opponents":
 *  a charge, and "Charges are up to 3 TUM and end in contact".  The
 *  line the llaneros fought loses to the horse beside them too and
 *  rallies back its 1 TUM first; the llaneros rally back their 3: 4 TUM
 *  apart, beyond a charge, so the flight's charge is not made (their
 *  resolve is recovered all the same). */
static void
test_feigned_flight_reach (void **state)
{
    (void) state;
    char units[2048];
    /* d (x 46..54, front at y 25); a, front on it at x 44..48, Paez
       attached 0.5 cm behind; h, front on it at x 52..56, Bolivar
       attached behind it (a secondary fighter with a commander throws
       2d6) */
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s",
              unit ("d", "red", "battalion", "ordinary", "line", 50, 26, 180,
                    NULL),
              unit ("a", "blue", "gauchos_llaneros", "ordinary", "mounted",
                    46, 24, 0, NULL),
              unit ("paez", "blue", "brigadier", "ordinary", "line", 46, 21.5,
                    0, NULL),
              unit ("h", "blue", "horse", "ordinary", "mounted", 54, 24, 0,
                    NULL),
              unit ("bolivar", "blue", "c_in_c", "ordinary", "line", 54,
                    21.5, 0, NULL));
    fixture_t *f = make (NULL, units);
    assert_int_equal (bol_attached_commander (f->g, idx (f, "a")),
                      idx (f, "paez"));
    assert_int_equal (bol_attached_commander (f->g, idx (f, "h")),
                      idx (f, "bolivar"));
    start (f);
    test_on_to (f, BOL_PHASE_REACTIVE_CHARGES);
    /* at d: the llaneros' 4 dice (3 and Paez's): none; the horse's 2:
       2 hits; the line's 3 at the llaneros: 1 hit; Paez risks 2d6.  The
       line (2 taken, 1 dealt) rallies back; the llaneros (1 taken, none
       dealt) rally back, and their flight's check (resolve 2: 2d6)
       passes */
    test_push (f, 4, 1, 1, 1, 1);
    test_push (f, 2, 6, 6);
    test_push (f, 3, 6, 1, 1);
    test_push (f, 2, 1, 1);
    test_push (f, 2, 6, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "d rallies back 2.0 cm"));
    assert_true (test_saw (f, "a rallies back 6.0 cm"));
    assert_true (test_saw (f, "a's feigned flight: it recovers all its "
                           "resolve and charges d"));
    assert_int_equal (bol_resolve (f->g, idx (f, "a")), 3);
    /* 4 TUM apart: no charge, no melee; the llaneros stay where they
       rallied back to, facing as they were */
    assert_true (test_saw (f, "a cannot charge d"));
    assert_true (test_saw (f, "beyond a charge (3.0 TUM (6.0 cm))"));
    assert_false (test_saw (f, "a charges d"));
    assert_false (test_saw (f, "a fights d"));
    test_near (U (f, "a")->fp.centre.y, 18, 0.01);
    test_near (U (f, "a")->fp.facing, 0, 1e-9);
    test_near (situation_unit_distance (game_situation (f->g), idx (f, "a"),
                                        idx (f, "d")), 8, 0.01);
    assert_int_equal (game_side_extra (f->g, SIDE_BLUE)[BOL_SX_FEIGNED], 1);
    unmake (f);
}

/*  "The player must choose the Primary Fighter with others as Secondary
 *  Fighters. ... A secondary fighter gets 1d6": the primary against a
 *  target is chosen once, and stays.  Red line r (x 46..54, its front at
 *  y 25) has blue llaneros a (x 51..55, Paez attached behind them) and
 *  blue horse b (x 45..49) in contact with its front; r melees a (the
 *  first in contact).  a is fought first (its front centre further to
 *  blue's right): r's 3d6 score 2 hits, and a throws back at r as its
 *  primary fighter, 4d6 (3 and Paez's), b then the secondary.  a, down
 *  to resolve 1, would now throw 2d6 to b's 3; yet when r is fought b
 *  is still its secondary fighter, 1d6, not a second primary. */
static void
test_primary_fighter_chosen_once (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("r", "red", "battalion", "ordinary", "line", 50, 26, 180,
                    NULL),
              unit ("a", "blue", "gauchos_llaneros", "ordinary", "mounted",
                    53, 24, 0, NULL),
              unit ("paez", "blue", "brigadier", "ordinary", "line", 53,
                    21.5, 0, NULL),
              unit ("b", "blue", "horse", "ordinary", "mounted", 47, 24, 0,
                    NULL));
    fixture_t *f = make (NULL, units);
    assert_int_equal (bol_attached_commander (f->g, idx (f, "a")),
                      idx (f, "paez"));
    assert_int_equal (bol_attached_commander (f->g, idx (f, "b")), -1);
    start (f);
    test_on_to (f, BOL_PHASE_REACTIVE_CHARGES);
    /* at a: r's 3 dice, 2 hits; a's 4, none; Paez risks 2d6.  At r: b's
       1 die.  a lost: it rallies back, and its flight's check (resolve
       1: 1d6) fails */
    test_push (f, 3, 6, 6, 1);
    test_push (f, 4, 1, 1, 1, 1);
    test_push (f, 2, 1, 1);
    test_push (f, 1, 1);
    test_push (f, 1, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "melee at a: r (primary) 3d6 needing 6: 2 hits; "
                           "a (primary) 4d6 needing 6: 0 hits"));
    assert_int_equal (bol_resolve (f->g, idx (f, "a")), 1);
    assert_true (test_saw (f, "melee at r: b (secondary) 1d6 needing 6: "
                           "0 hits"));
    assert_false (test_saw (f, "b (primary)"));
    unmake (f);
}

/*  A feigned flight's charge is a charge and its melee a melee:
 *  "Chargers must rally back from a tie, except cavalry that tie pass
 *  through each other instead"; "Cavalry that tie in melee Pass Through
 *  each other.  Initially the units interpenetrate, then both units make
 *  an extra move directly-to-front for 3 TUM."  And "A unit will Lose a
 *  Melee if they take more hits than they inflicted and must rally
 *  back": an opponent that loses to the flight rallies back as any
 *  loser, so Gauchos with a commander attached may make their own
 *  army's flight ("An army with Gauchos/Llaneros can conduct a single
 *  Feigned Flight in a game"). */
static void
test_feigned_flight_tie_and_reply (void **state)
{
    (void) state;
    char units[2048];
    /* the llaneros charge red horse and lose; their flight's charge ties
       (a hit each): the two pass through each other, no rally back */
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("a", "blue", "gauchos_llaneros", "ordinary", "mounted",
                    50, 20, 0, NULL),
              unit ("paez", "blue", "brigadier", "ordinary", "line", 50, 17.5,
                    0, NULL),
              unit ("d", "red", "horse", "ordinary", "mounted", 50, 26, 180,
                    NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
    order (f, "a", test_charge_order (f, "d"));
    test_next_phase (f);
    /* the horse's 3 dice (2 hits), the llaneros' 7 (none), Paez's 2d6;
       the rally back and the flight's check (1d6) passed; the flight's
       melee: the llaneros' 7 dice, one hit, the horse's 3, one hit;
       Paez's 2d6 again */
    test_push (f, 3, 6, 6, 1);
    test_push (f, 7, 1, 1, 1, 1, 1, 1, 1);
    test_push (f, 2, 1, 1);
    test_push (f, 1, 6);
    test_push (f, 7, 6, 1, 1, 1, 1, 1, 1);
    test_push (f, 3, 6, 1, 1);
    test_push (f, 2, 1, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "a's feigned flight: it recovers all its resolve "
                           "and charges d"));
    assert_true (test_saw (f, "a fights d: 7d6 needing 6: 1 hit"));
    assert_true (test_saw (f, "d fights a: 3d6 needing 6: 1 hit"));
    assert_true (test_saw (f, "a and d tie and pass through each other"));
    /* one rally back, before the flight; none after its tie */
    assert_int_equal (times_saw (f, "a rallies back"), 1);
    assert_false (test_saw (f, "d rallies back"));
    /* in contact at y 24 and 26: on through each other (2 + 2 cm), then
       3 TUM (6 cm) */
    test_near (U (f, "a")->fp.centre.y, 24 + 10, 0.01);
    test_near (U (f, "d")->fp.centre.y, 26 - 10, 0.01);
    unmake (f);

    /* red llaneros with Rondon attached lose to the flight's charge:
       they rally back as any loser, and make red's own flight, charging
       back; that melee ties (no hits), and the two pass through */
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("a", "blue", "gauchos_llaneros", "ordinary", "mounted",
                    50, 20, 0, NULL),
              unit ("paez", "blue", "brigadier", "ordinary", "line", 50, 17.5,
                    0, NULL),
              unit ("d", "red", "gauchos_llaneros", "ordinary", "mounted",
                    50, 26, 180, NULL),
              unit ("rondon", "red", "brigadier", "ordinary", "line", 50,
                    28.5, 180, NULL));
    f = make (NULL, units);
    assert_int_equal (bol_attached_commander (f->g, idx (f, "d")),
                      idx (f, "rondon"));
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_CHARGES);
    order (f, "a", test_charge_order (f, "d"));
    test_next_phase (f);
    /* red's check to evade (3d6) failed; red's 4 dice (3 and Rondon's:
       2 hits), blue's 7 (none), Paez's 2d6; blue's flight's check
       passed; its melee: blue's 7 dice (2 hits), red's 4 (none);
       Rondon's 2d6; red's flight's check passed; its melee: 7 dice each
       way, no hits */
    test_push (f, 3, 1, 1, 1);
    test_push (f, 4, 6, 6, 1, 1);
    test_push (f, 7, 1, 1, 1, 1, 1, 1, 1);
    test_push (f, 2, 1, 1);
    test_push (f, 1, 6);
    test_push (f, 7, 6, 6, 1, 1, 1, 1, 1);
    test_push (f, 4, 1, 1, 1, 1);
    test_push (f, 2, 1, 1);
    test_push (f, 1, 6);
    test_push (f, 7, 1, 1, 1, 1, 1, 1, 1);
    test_push (f, 7, 1, 1, 1, 1, 1, 1, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "a's feigned flight: it recovers all its resolve "
                           "and charges d"));
    assert_true (test_saw (f, "d rallies back 6.0 cm"));
    assert_true (test_saw (f, "d's feigned flight: it recovers all its resolve "
                           "and charges a"));
    assert_int_equal (game_side_extra (f->g, SIDE_RED)[BOL_SX_FEIGNED], 1);
    assert_int_equal (bol_resolve (f->g, idx (f, "d")), 3);
    assert_true (test_saw (f, "d and a tie and pass through each other"));
    unmake (f);
}

/*  "Units that already have a shooting marker must either shoot or
 *  attempt a command check to remove the shooting marker." */
static void
test_keep_shooting (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("b", "blue", "battalion", "ordinary", "line", 50, 20, 0,
                    NULL),
              unit ("r", "red", "battalion", "ordinary", "line", 50, 26, 180,
                    NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_SHOOT);
    S (f, "b")->flags |= BOL_F_SHOOTING;
    /* not told to shoot: the check, resolve 3 less a die with no
       commander */
    test_push (f, 2, 6, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "b's command check to remove its shooting marker: "
                         "2d6, best 6: passed"));
    assert_false (S (f, "b")->flags & BOL_F_SHOOTING);
    assert_false (test_saw (f, "shooting at r"));
    unmake (f);

    f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_SHOOT);
    S (f, "b")->flags |= BOL_F_SHOOTING;
    test_push (f, 5, 1, 1, 1, 1, 1);         /* the check fails: it shoots */
    test_next_phase (f);
    assert_true (test_saw (f, "shooting at r: b (primary) 3d6"));
    unmake (f);

    /* a marked unit with no target in range cannot shoot, so it must
       attempt the check: passed, the marker goes and it may charge
       again; failed, it keeps it for its next shooting phase */
    snprintf (units, sizeof units, "%s, %s",
              unit ("b", "blue", "battalion", "ordinary", "line", 50, 20, 0,
                    NULL),
              unit ("r", "red", "battalion", "ordinary", "line", 50, 90, 180,
                    NULL));
    f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_SHOOT);
    S (f, "b")->flags |= BOL_F_SHOOTING;
    test_push (f, 2, 1, 6);
    test_next_phase (f);
    assert_true (test_saw (f, "b's command check to remove its shooting marker: "
                         "2d6, best 6: passed"));
    assert_false (S (f, "b")->flags & BOL_F_SHOOTING);
    unmake (f);

    f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_SHOOT);
    S (f, "b")->flags |= BOL_F_SHOOTING;
    test_push (f, 2, 1, 5);
    test_next_phase (f);
    assert_true (test_saw (f, "b's command check to remove its shooting marker: "
                         "2d6, best 5: failed"));
    assert_true (S (f, "b")->flags & BOL_F_SHOOTING);
    assert_false (test_saw (f, "shooting at r"));
    unmake (f);
}

/*  "Units that take hits from shooting must shoot (place marker)": the
 *  hit unit takes the marker though a moved marker ("Units with a moved
 *  marker cannot shoot") bars its shooting this turn
 *  (readings.fire_hit_marker "shooters"), so it must shoot or check in
 *  its next shooting phase ("Units that already have a shooting marker
 *  must either shoot or attempt a command check"); "able" marks only a
 *  unit that could shoot now. */
static void
test_hit_must_shoot (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("b", "blue", "battalion", "ordinary", "line", 50, 20, 0,
                    NULL),
              unit ("r", "red", "battalion", "ordinary", "line", 50, 26, 180,
                    NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    S (f, "b")->flags |= BOL_F_MOVED;          /* it about faced, say */
    test_on_to (f, BOL_PHASE_REACTIVE_SHOOT);
    order (f, "r", fire ());
    test_push (f, 3, 6, 6, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "shooting at b: r (primary) 3d6 needing 5: 2 "
                         "hits"));
    assert_true (S (f, "b")->flags & BOL_F_SHOOTING);
    /* its own shooting phase: it cannot shoot, so it must attempt the
       check (resolve 2 less a die with no commander: 1d6) */
    test_on_to (f, BOL_PHASE_ACTIVE_SHOOT);
    test_push (f, 1, 6);
    test_next_phase (f);
    assert_true (test_saw (f, "b's command check to remove its shooting marker: "
                         "1d6, best 6: passed"));
    assert_false (S (f, "b")->flags & BOL_F_SHOOTING);
    unmake (f);

    /* a unit whose troops never shoot (spearmen) takes no marker */
    snprintf (units, sizeof units, "%s, %s",
              unit ("b", "blue", "spearmen", "ordinary", "line", 50, 20, 0,
                    NULL),
              unit ("r", "red", "battalion", "ordinary", "line", 50, 26, 180,
                    NULL));
    f = make (NULL, units);
    start (f);
    test_on_to (f, BOL_PHASE_REACTIVE_SHOOT);
    order (f, "r", fire ());
    test_push (f, 3, 6, 6, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "shooting at b"));
    assert_false (S (f, "b")->flags & BOL_F_SHOOTING);
    unmake (f);

    /* the other reading: only a unit able to shoot now is marked */
    game_rules_t *able = variant ("fire_hit_marker = \"shooters\";",
                                  "fire_hit_marker = \"able\";");
    snprintf (units, sizeof units, "%s, %s",
              unit ("b", "blue", "battalion", "ordinary", "line", 50, 20, 0,
                    NULL),
              unit ("r", "red", "battalion", "ordinary", "line", 50, 26, 180,
                    NULL));
    f = test_game_new (able, scenario_text (NULL, units));
    start (f);
    S (f, "b")->flags |= BOL_F_MOVED;
    test_on_to (f, BOL_PHASE_REACTIVE_SHOOT);
    order (f, "r", fire ());
    test_push (f, 3, 6, 6, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "shooting at b"));
    assert_false (S (f, "b")->flags & BOL_F_SHOOTING);
    unmake (f);
    game_rules_destroy (&able);
}

/*  "In a game turn deployed artillery can either move and limber or
 *  move and shoot"; limbered artillery "cannot shoot in a game turn they
 *  were limbered".  A reactive light gun that shot in Step 2.2 has moved
 *  and shot its turn's way: told in Phase 3 to limber (moving or not),
 *  the order is refused with the line; told to move deployed, it may.
 *  One that did not shoot may limber. */
static void
test_gun_that_shot_does_not_limber (void **state)
{
    (void) state;
    char units[2048];
    /* the gun's front at y 59, the line's at 45: 14 cm, in its range */
    snprintf (units, sizeof units, "%s, %s",
              unit ("g", "red", "light_gun", "ordinary", "line", 50, 60, 180,
                    NULL),
              unit ("b", "blue", "battalion", "ordinary", "line", 50, 44, 0,
                    NULL));
    /* straight back, its facing kept */
    order_t back = test_move_order (50, 66);
    back.has_facing = true;
    back.facing = 180;
    order_t limber = back;
    limber.has_formation = true;
    limber.formation = FORMATION_COLUMN;
    order_t limber_here = order_hold ();
    limber_here.has_formation = true;
    limber_here.formation = FORMATION_COLUMN;
    for (int shoots = 1; shoots >= 0; shoots--) {
        fixture_t *f = make (NULL, units);
        start (f);
        test_on_to (f, BOL_PHASE_REACTIVE_SHOOT);
        if (shoots)
            order (f, "g", fire ());
        test_push (f, 3, 1, 1, 1);
        test_next_phase (f);
        assert_int_equal (game_phase (f->g), BOL_PHASE_REACTIVE_MOVE);
        assert_int_equal (test_saw (f, "shooting at b: g (primary) 3d6"),
                          shoots);
        if (shoots) {
            refused (f, "g", limber, "it shot this game turn, so it may not "
                     "limber: \"In a game turn deployed artillery can either "
                     "move and limber or move and shoot\"");
            refused (f, "g", limber_here, "may not limber");
        }
        else {
            accepted (f, "g", limber);
            accepted (f, "g", limber_here);
        }
        /* move and shoot: it moves deployed */
        accepted (f, "g", back);
        unmake (f);
    }
}

/*  Who may shoot: "Battalion (line, column, square), skirmisher, horse
 *  and deployed artillery stands can Shoot once per turn ... Units with
 *  a moved marker cannot shoot.  The target must be in range, in arc,
 *  and on the near side of blocking terrain, friends and enemy": no word
 *  bars a unit in contact (readings.shoot_in_contact).  Two lines front
 *  to front tie their melee (a hit each), neither charged, so both stay
 *  in contact ("A unit will Lose a Melee if they take more hits than
 *  they inflicted"; "Chargers must rally back from a tie"); in the next
 *  turn red, the reactive player, shoots in Step 2.2 at its priority
 *  target, the line it is in contact with.  Under the project's former
 *  reading (shoot_in_contact false) it may not. */
static void
test_shoot_in_contact (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("b", "blue", "battalion", "ordinary", "line", 50, 24, 0,
                    NULL),
              unit ("r", "red", "battalion", "ordinary", "line", 50, 26, 180,
                    NULL));
    for (int any = 1; any >= 0; any--) {
        game_rules_t *v = any ? NULL
                        : variant ("shoot_in_contact = true;",
                                   "shoot_in_contact = false;");
        fixture_t *f = test_game_new (v ? v : rules,
                                      scenario_text (NULL, units));
        start (f);
        test_on_to (f, BOL_PHASE_REACTIVE_CHARGES);
        test_push (f, 3, 6, 1, 1);
        test_push (f, 3, 6, 1, 1);
        test_next_phase (f);
        assert_true (test_saw (f, "melee at b: r (primary) 3d6 needing 6: 1 "
                               "hit; b (primary) 3d6 needing 6: 1 hit"));
        assert_false (test_saw (f, "rallies back"));
        assert_true (game_unit (f->g, idx (f, "r"))->in_melee);
        assert_true (game_unit (f->g, idx (f, "b"))->in_melee);
        /* turn 2: blue 6, red 1: blue active, red reactive */
        test_on_to (f, BOL_PHASE_MORALE);
        test_push (f, 2, 6, 1);
        test_on_to (f, BOL_PHASE_REACTIVE_SHOOT);
        assert_int_equal (game_turn (f->g), 2);
        assert_int_equal (game_phase_side (f->g), SIDE_RED);
        assert_true (game_unit (f->g, idx (f, "r"))->in_melee);
        if (any) {
            assert_int_equal (bol_priority_target (f->g, idx (f, "r")),
                              idx (f, "b"));
            order (f, "r", fire ());
            test_push (f, 3, 6, 1, 1);
            test_next_phase (f);
            assert_true (test_saw (f, "shooting at b: r (primary)"));
        }
        else
            refused (f, "r", fire (), "in contact");
        unmake (f);
        if (v)
            game_rules_destroy (&v);
    }
}

/*  Blue's shooting in a game where battalion a (index 0, shooting first)
 *  is of `a_quality` (its resolve, its dice) and b (index 1) ordinary,
 *  each at the red battalion 6 cm before it; the dice keyed or not.
 *  Out: what the events said of a's volley and of b's, and b's own
 *  throws, from the dice log, as "d d d" (the event gives only their
 *  hits). */
static void
volleys_of_a_and_b (const char *a_quality, bool keyed, char *a_said,
                    char *b_said, char *b_threw, size_t len)
{
    char units[3072];
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("a", "blue", "battalion", a_quality, "line", 20, 20, 0,
                    NULL),
              unit ("b", "blue", "battalion", "ordinary", "line", 70, 20, 0,
                    NULL),
              unit ("ta", "red", "battalion", "ordinary", "line", 20, 28, 180,
                    NULL),
              unit ("tb", "red", "battalion", "ordinary", "line", 70, 28, 180,
                    NULL));
    fixture_t *f = make (NULL, units);
    dice_set_keyed (f->dice, keyed);
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_SHOOT);
    order (f, "a", fire ());
    order (f, "b", fire ());
    int a = idx (f, "a"), b = idx (f, "b");
    int na = bol_shoot_dice (f->g, a, idx (f, "ta"), true);
    int nb = bol_shoot_dice (f->g, b, idx (f, "tb"), true);
    int need = bol_shoot_hit (f->g, b, idx (f, "tb"));
    dice_log_clear (f->dice);
    test_next_phase (f);
    a_said[0] = b_said[0] = b_threw[0] = '\0';
    for (int i = 0; i < f->event_count; i++) {
        if (strstr (f->events[i], "shooting at ta: "))
            snprintf (a_said, len, "%s", f->events[i]);
        if (strstr (f->events[i], "shooting at tb: "))
            snprintf (b_said, len, "%s", f->events[i]);
    }
    /* a's dice, then b's: none between them (no commander to risk) */
    assert_true (dice_log_count (f->dice) >= na + nb);
    int hits = 0;
    size_t used = 0;
    for (int i = na; i < na + nb; i++) {
        dice_throw_t t = dice_log_at (f->dice, i);
        assert_int_equal (t.sides, 6);
        hits += t.value >= need;
        used += (size_t) snprintf (b_threw + used, len - used, "%s%d",
                                   i > na ? " " : "", t.value);
    }
    /* those are the dice b's volley says it hit with */
    char want[128];
    snprintf (want, sizeof want, "b (primary) %dd6 needing %d: %d hit%s",
              nb, need, hits, hits == 1 ? "" : "s");
    assert_non_null (strstr (b_said, want));
    unmake (f);
}

/*  The search's playouts key their dice (game_dice_key): b's throws for
 *  its volley are the same whether a, shooting before it, threw 4 dice
 *  (superior, resolve 4) or 2 (inferior), so two plans on one world are
 *  told apart by their orders, not by dice that fell to other units.
 *  Unkeyed (every battle), one stream: a's throws move b's.  The event
 *  gives a volley's hits, not its dice: b's dice are read from the dice
 *  log, and tied to its event by their hits. */
static void
test_keyed_dice (void **state)
{
    (void) state;
    char a4[GAME_EVENT_MAX], a2[GAME_EVENT_MAX];
    char b4[GAME_EVENT_MAX], b2[GAME_EVENT_MAX];
    char threw4[GAME_EVENT_MAX], threw2[GAME_EVENT_MAX];
    volleys_of_a_and_b ("superior", true, a4, b4, threw4, GAME_EVENT_MAX);
    volleys_of_a_and_b ("inferior", true, a2, b2, threw2, GAME_EVENT_MAX);
    assert_non_null (strstr (a4, "a (primary) 4d6"));
    assert_non_null (strstr (a2, "a (primary) 2d6"));
    assert_non_null (strstr (b4, "b (primary) 3d6"));
    assert_int_equal (strlen (threw4), 5);                   /* "d d d" */
    assert_string_equal (threw4, threw2);
    assert_string_equal (b4, b2);
    /* one stream: a's 4 dice or 2 before b's */
    volleys_of_a_and_b ("superior", false, a4, b4, threw4, GAME_EVENT_MAX);
    volleys_of_a_and_b ("inferior", false, a2, b2, threw2, GAME_EVENT_MAX);
    assert_non_null (strstr (a4, "a (primary) 4d6"));
    assert_non_null (strstr (a2, "a (primary) 2d6"));
    assert_int_equal (strlen (threw4), 5);
    assert_string_not_equal (threw4, threw2);
}

/*  "3 TUM for charge moves or moving in difficult"; "If any part of a
 *  unit is in difficult terrain the entire unit is considered in
 *  difficult terrain"; "Artillery can only cross rivers/streams at
 *  bridges/fords". */
static void
test_difficult_ground (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("edge", "blue", "battalion", "ordinary", "column", 30, 20,
                    0, NULL),
              unit ("gun", "blue", "light_gun", "ordinary", "limbered", 70,
                    20, 0, NULL),
              unit ("r", "red", "battalion", "ordinary", "line", 50, 90, 180,
                    NULL));
    const char *terrain =
        "{ id = \"wood\"; kind = \"woods\"; polygon = ( [31.0, 21.0], "
        "[40.0, 21.0], [40.0, 40.0], [31.0, 40.0] ); },"
        "{ id = \"brook\"; kind = \"stream\"; polygon = ( [0.0, 26.0], "
        "[100.0, 26.0], [100.0, 28.0], [0.0, 28.0] ); }";
    fixture_t *f = make (terrain, units);
    /* a corner of the column in the wood: 3 TUM, not 6 */
    test_near (bol_move_allowance (f->g, idx (f, "edge")), 6, 1e-9);
    test_near (bol_move_allowance (f->g, idx (f, "gun")), 12, 1e-9);
    start (f);
    order (f, "gun", test_move_order (70, 40));
    test_next_phase (f);
    /* the gun stops at the brook's edge: no road crosses it */
    assert_true (U (f, "gun")->fp.centre.y < 26);
    assert_true (U (f, "gun")->fp.centre.y > 24);
    unmake (f);
}

/*  "3 TUM for charge moves or moving in difficult"; "If any part of a
 *  unit is in difficult terrain the entire unit is considered in
 *  difficult terrain": a move whose way enters a wood goes 3 TUM, or up
 *  to the wood's edge when the open ground before it is longer
 *  (readings.difficult_path "edge"; "whole": 3 TUM however far). */
static void
test_difficult_on_the_way (void **state)
{
    (void) state;
    char units[2048];
    /* the columns' fronts at y 22: one wood 1 cm before "near", another
       8 cm before "far" */
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("near", "blue", "battalion", "ordinary", "column", 30, 20,
                    0, NULL),
              unit ("far", "blue", "battalion", "ordinary", "column", 70, 20,
                    0, NULL),
              unit ("r", "red", "battalion", "ordinary", "line", 50, 90, 180,
                    NULL));
    const char *terrain =
        "{ id = \"a\"; kind = \"woods\"; polygon = ( [20.0, 23.0], "
        "[40.0, 23.0], [40.0, 60.0], [20.0, 60.0] ); },"
        "{ id = \"b\"; kind = \"woods\"; polygon = ( [60.0, 30.0], "
        "[80.0, 30.0], [80.0, 60.0], [60.0, 60.0] ); }";
    for (int whole = 0; whole < 2; whole++) {
        game_rules_t *r = whole ? variant ("difficult_path = \"edge\";",
                                           "difficult_path = \"whole\";")
                                : NULL;
        fixture_t *f = test_game_new (r ? r : rules,
                                      scenario_text (terrain, units));
        /* both start in the open: 6 TUM */
        test_near (bol_move_allowance (f->g, idx (f, "near")), 12, 1e-9);
        /* a move's steps clear of the woods by their bounds alone: 1 and
           8 cm ahead, none back; a column on the wood's bounds none */
        vec2_t ahead = { 0, 1 }, back = { 0, -1 };
        test_near (bol_difficult_clear_run (f->g, &U (f, "near")->fp, ahead),
                   1, 1e-5);
        test_near (bol_difficult_clear_run (f->g, &U (f, "far")->fp, ahead),
                   8, 1e-5);
        assert_true (isinf (bol_difficult_clear_run (f->g, &U (f, "far")->fp,
                                                     back)));
        footprint_t on = U (f, "near")->fp;
        on.centre.y += 1.5;
        assert_true (bol_difficult_clear_run (f->g, &on, ahead) == 0);
        start (f);
        order (f, "near", test_move_order (30, 40));
        order (f, "far", test_move_order (70, 40));
        test_next_phase (f);
        /* into the wood a step on: 3 TUM (6 cm) */
        test_near (U (f, "near")->fp.centre.y, 26, 0.01);
        /* 8 cm of open ground: to the wood's edge, or 3 TUM */
        test_near (U (f, "far")->fp.centre.y, whole ? 26 : 28, 0.01);
        unmake (f);
        game_rules_destroy (&r);
    }
}

/*  "A commander attached to a unit that takes hits, from either
 *  shooting or melee, can become a Commander Casualty ... The enemy
 *  player rolls 3d6 if the attached unit routed and 2d6 if it did not
 *  and hits on any 6." */
static void
test_commander_casualty (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("b", "blue", "battalion", "ordinary", "line", 50, 20, 0,
                    "platoon = \"x\";"),
              unit ("chief", "blue", "brigadier", "ordinary", "line", 50,
                    17.5, 0, "platoon = \"x\";"),
              unit ("r", "red", "battalion", "ordinary", "line", 50, 26, 180,
                    NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    test_push (f, 2, 1, 1);
    bol_commander_risk (f->g, idx (f, "b"), false, f->dice);
    assert_true (test_saw (f, "chief, attached to b, risks becoming a casualty: "
                         "2d6, 0 sixes"));
    assert_true (bol_in_play (f->g, idx (f, "chief")));
    test_push (f, 3, 1, 1, 6);
    bol_commander_risk (f->g, idx (f, "b"), true, f->dice);
    assert_true (test_saw (f, "3d6, 1 six"));
    assert_false (bol_in_play (f->g, idx (f, "chief")));
    assert_true (S (f, "chief")->flags & BOL_F_CASUALTY);
    unmake (f);
}

/*  "Passage of lines is when two lines, one behind the other within 3
 *  Tum, swap positions; no move straight ahead or second change
 *  direction is allowed": a line told to move onto the line before or
 *  behind it swaps places with it. */
static void
test_passage_of_lines (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("front", "blue", "battalion", "ordinary", "line", 30, 30,
                    0, NULL),
              unit ("back", "blue", "battalion", "ordinary", "line", 30, 26,
                    0, NULL),
              unit ("r", "red", "battalion", "ordinary", "line", 30, 90, 180,
                    NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    order (f, "back", test_move_order (30, 30));
    order (f, "front", test_move_order (30, 40));      /* it has passed: it stays */
    test_next_phase (f);
    assert_true (test_saw (f, "passage of lines: back and front swap places"));
    /* in the manoeuvre zone: no command check */
    assert_int_equal (count_saw (f, "command check"), 0);
    test_near (U (f, "back")->fp.centre.y, 30, 1e-9);
    test_near (U (f, "front")->fp.centre.y, 26, 1e-9);
    test_near (U (f, "back")->fp.facing, 0, 1e-9);
    unmake (f);
}

/*  "Passage of lines is when two lines, one behind the other within 3
 *  Tum, swap positions": the other line is behind where "a unit is
 *  assumed to be located at the front centre of the unit" puts it, its
 *  front centre in the rear arc (45 degrees either side of the back,
 *  seen from the centre: the project's reading of the absent QRS).  A
 *  line 2 TUM behind another and 4.5 cm to its side (its front centre
 *  42 degrees off the front line's back) swaps places with it; 5.5 cm
 *  to its side, its centre is in the rear arc (42.5 degrees) but its
 *  front centre is not (47.7): no passage. */
static void
test_passage_of_lines_front_centre (void **state)
{
    (void) state;
    for (int aside = 0; aside <= 1; aside++) {
        char units[2048];
        double bx = aside ? 55.5 : 54.5;
        snprintf (units, sizeof units, "%s, %s, %s",
                  unit ("front", "blue", "battalion", "ordinary", "line", 50,
                        50, 0, NULL),
                  unit ("back", "blue", "battalion", "ordinary", "line", bx,
                        44, 0, NULL),
                  unit ("r", "red", "battalion", "ordinary", "line", 30, 95,
                        180, NULL));
        fixture_t *f = make (NULL, units);
        start (f);
        order (f, "front", test_move_order (bx, 44));
        test_next_phase (f);
        assert_int_equal (test_saw (f, "passage of lines: front and back "
                                    "swap places"), !aside);
        /* no passage: a move, which stops short of the friend */
        test_near (U (f, "back")->fp.centre.y, aside ? 44 : 50, 1e-9);
        assert_true (aside ? U (f, "front")->fp.centre.y > 44.5
                           : fabs (U (f, "front")->fp.centre.y - 44) < 1e-9);
        unmake (f);
    }
}

/*  "Change Direction: A unit can wheel, pivot, about face, oblique or
 *  conduct a passage of lines."  Threat Zone: "A command check is
 *  required for ... (2) each time any unit does a change direction
 *  (except a wheel as first change direction)", and "Always use the
 *  worst movement zone the unit tries to move through".  The back line
 *  starts 6 TUM from the enemy (the manoeuvre zone) and its way to the
 *  front line's place ends 4 TUM from it (the threat zone): its passage
 *  asks a check (2d6: resolve 3, no commander).  Failed, the passage is
 *  not made and neither line moves; passed, they swap. */
static void
test_passage_of_lines_check (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("front", "blue", "battalion", "ordinary", "line", 30, 30,
                    0, NULL),
              unit ("back", "blue", "battalion", "ordinary", "line", 30, 26,
                    0, NULL),
              unit ("r", "red", "battalion", "ordinary", "line", 30, 40, 180,
                    NULL));
    for (int pass = 0; pass < 2; pass++) {
        fixture_t *f = make (NULL, units);
        start (f);
        assert_int_equal (bol_zone (f->g, idx (f, "back")),
                          BOL_ZONE_MANOEUVRE);
        assert_int_equal (bol_zone (f->g, idx (f, "front")), BOL_ZONE_THREAT);
        order (f, "back", test_move_order (30, 30));
        if (pass)
            test_push (f, 2, 6, 1);
        else
            test_push (f, 2, 5, 1);
        test_next_phase (f);
        assert_int_equal (count_saw (f, "back's command check to conduct a "
                                        "passage of lines"), 1);
        assert_int_equal (test_saw (f, "passage of lines: back and front "
                                       "swap places"), pass);
        assert_int_equal (test_saw (f, "back does not conduct a passage of "
                                       "lines with front, and its move "
                                       "ends"), !pass);
        test_near (U (f, "back")->fp.centre.y, pass ? 30 : 26, 1e-9);
        test_near (U (f, "front")->fp.centre.y, pass ? 26 : 30, 1e-9);
        unmake (f);
    }
}

/*  Locked Zone: "The only allowable move is to about face if that will
 *  leave the unit in enemy contact."  A passage of lines moves both
 *  lines, so a passage whose other line is in contact with the enemy is
 *  refused as that line's own move would be: the back line told onto
 *  the front line's place, the front line in contact with red, is
 *  refused naming the rule, and neither line moves (the swap is not
 *  made even when the move is carried out). */
static void
test_passage_of_lines_locked (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("front", "blue", "battalion", "ordinary", "line", 30, 30,
                    0, NULL),
              unit ("back", "blue", "battalion", "ordinary", "line", 30, 26,
                    0, NULL),
              unit ("r", "red", "battalion", "ordinary", "line", 30, 32, 180,
                    NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    assert_true (bol_in_contact (f->g, idx (f, "front")));
    assert_false (bol_in_contact (f->g, idx (f, "back")));
    assert_int_equal (bol_passage_partner (f->g, idx (f, "back"),
                                           (vec2_t) { 30, 30 }),
                      idx (f, "front"));
    refused (f, "back", test_move_order (30, 30), "The only allowable move "
             "is to about face if that will leave the unit in enemy "
             "contact");
    order_t o = test_move_order (30, 30);
    bol_move_order (f->g, idx (f, "back"), &o, f->dice);
    test_near (U (f, "back")->fp.centre.y, 26, 1e-9);
    test_near (U (f, "front")->fp.centre.y, 30, 1e-9);
    assert_false (test_saw (f, "swap places"));
    unmake (f);
}

/*  Friends do not pass through each other ("Only certain friendly
 *  interpenetrations are allowed"), but two already overlapping (a turn
 *  in place can leave a line's end on its neighbour) may draw apart or
 *  slide along each other: neither is held fast for the rest of the
 *  game.  A move that would stand further on the friend still stops. */
static void
test_friends_overlapping_move_apart (void **state)
{
    (void) state;
    char units[2048];
    /* "a" faces west, its 8 cm line running north-south from y 26 to
       34; "b" faces north, y 33 to 35: 1 cm of "a" stands on "b" */
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("a", "blue", "battalion", "ordinary", "line", 30, 30,
                    270, NULL),
              unit ("b", "blue", "battalion", "ordinary", "line", 30, 34, 0,
                    NULL),
              unit ("r", "red", "battalion", "ordinary", "line", 50, 95, 180,
                    NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    double on_b = footprint_overlap (&U (f, "a")->fp, &U (f, "b")->fp);
    test_near (on_b, 1.0, 1e-6);
    order (f, "a", test_move_order (25, 30));     /* west, along b's front */
    test_next_phase (f);
    test_near (U (f, "a")->fp.centre.x, 25, 1e-6);
    assert_true (footprint_overlap (&U (f, "a")->fp, &U (f, "b")->fp)
                 <= on_b + 1e-6);
    unmake (f);

    /* facing north, "a" clears "b" by 2 cm: its move north stops when it
       would stand on "b" by more than the 0.5 cm of contact */
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("a", "blue", "battalion", "ordinary", "line", 30, 30, 0,
                    NULL),
              unit ("b", "blue", "battalion", "ordinary", "line", 30, 34, 0,
                    NULL),
              unit ("r", "red", "battalion", "ordinary", "line", 50, 95, 180,
                    NULL));
    f = make (NULL, units);
    start (f);
    order (f, "a", test_move_order (30, 40));
    test_next_phase (f);
    /* it moved, and stopped with its front (y + 1) within 0.5 cm of b's
       rear edge at 33 */
    assert_true (U (f, "a")->fp.centre.y > 31.5 - 1e-6);
    assert_true (U (f, "a")->fp.centre.y <= 32.5 + 1e-6);
    assert_true (footprint_overlap (&U (f, "a")->fp, &U (f, "b")->fp)
                 <= SITUATION_OVERLAP_CM + 1e-6);
    unmake (f);
}

/*  Support and crowding: "Squares and columns are always supported.
 *  ... Line, cavalry and skirmishers are supported when ... (1) No enemy
 *  unit to-rear within 4 TUM; (2) At least one friendly cavalry,
 *  battalion or spearmen unit to-rear within 4 TUM."  "A line is
 *  crowded when any part of a friendly line is directly-to-rear within
 *  1 TUM.  ... Commanders, skirmishers and enemy cannot cause a unit to
 *  be crowded." */
static void
test_support_and_crowding (void **state)
{
    (void) state;
    char units[3072];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s",
              unit ("front", "blue", "battalion", "ordinary", "line", 30, 30,
                    0, NULL),
              unit ("behind", "blue", "battalion", "ordinary", "line", 30,
                    27.5, 0, NULL),
              unit ("alone", "blue", "battalion", "ordinary", "line", 70, 30,
                    0, NULL),
              unit ("col", "blue", "battalion", "ordinary", "column", 90, 30,
                    0, NULL),
              unit ("foe", "red", "battalion", "ordinary", "line", 30, 90,
                    180, NULL));
    fixture_t *f = make (NULL, units);
    assert_true (bol_supported (f->g, idx (f, "front")));
    assert_false (bol_supported (f->g, idx (f, "alone")));
    assert_true (bol_supported (f->g, idx (f, "col")));
    /* the line behind stands 0.5 cm behind it: within 1 TUM */
    assert_true (bol_crowded (f->g, idx (f, "front")));
    assert_false (bol_crowded (f->g, idx (f, "alone")));
    unmake (f);

    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("front", "blue", "battalion", "ordinary", "line", 30, 30,
                    0, NULL),
              unit ("skirm", "blue", "skirmisher", "ordinary", "loose", 30,
                    28, 0, NULL),
              unit ("foe", "red", "battalion", "ordinary", "line", 30, 90,
                    180, NULL));
    f = make (NULL, units);
    assert_false (bol_crowded (f->g, idx (f, "front")));
    /* a skirmisher to its rear is no support either */
    assert_false (bol_supported (f->g, idx (f, "front")));
    unmake (f);
}

/*  Support: "(1) No enemy unit to-rear within 4 TUM; (2) At least one
 *  friendly cavalry, battalion or spearmen unit to-rear within 4 TUM."
 *  The line says neither "any part" (as crowding does) nor "entirely"
 *  (as a charge to-rear does), so the text's own rule of where a unit
 *  is holds: "Otherwise a unit is assumed to be located at the front
 *  centre of the unit": a unit is to-rear when its front centre is in
 *  the rear arc (straight behind the supported unit's rear edge, or
 *  seen from its centre 45 degrees either side of its back: the
 *  project's reading of the absent QRS);
 *  within 4 TUM by closest points ("The distance between two units is
 *  always measured between closest points"). */
static void
test_support_front_centre (void **state)
{
    (void) state;
    char units[3072];
    /* front: x 26..34, y 29..31, its centre (30, 30), facing +y; its rear
       arc: straight behind its rear edge (x 26..34), and beside that 4.5
       cm aside takes 4.5 cm back.  The horse (4 by 2) faces the way
       front does, its centre at (34.5, 25.5) in the rear arc (4.5 aside,
       4.5 back), its front centre at (34.5, 26.5) not (3.5 back): it is
       not to-rear, no support */
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("front", "blue", "battalion", "ordinary", "line", 30, 30,
                    0, NULL),
              unit ("h", "blue", "horse", "ordinary", "mounted", 34.5, 25.5,
                    0, NULL),
              unit ("foe", "red", "battalion", "ordinary", "line", 30, 90,
                    180, NULL));
    fixture_t *f = make (NULL, units);
    int front = idx (f, "front");
    unit_t *h = game_unit_m (f->g, idx (f, "h"));
    assert_false (bol_supported (f->g, front));
    /* 0.5 cm to the left its front centre (34, 26.5) is straight behind
       front's rear edge: to-rear, supported */
    h->fp.centre.x = 34;
    assert_true (bol_supported (f->g, front));
    h->fp.centre.x = 34.5;
    /* turned about, its front centre (34.5, 24.5) is 5.5 back: to-rear,
       and 2.5 cm (1.25 TUM) from front by closest points: supported */
    h->fp.facing = 180;
    assert_true (bol_supported (f->g, front));
    /* its centre beside the arc (4.5 aside, 3.5 back), its front centre
       in it (34.5, 25.5): to-rear, supported */
    h->fp.centre.y = 26.5;
    assert_true (bol_supported (f->g, front));
    /* facing front's way again, its front centre (34.5, 27.5) is beside
       the arc though part of it is behind front: not to-rear */
    h->fp.facing = 0;
    assert_false (bol_supported (f->g, front));
    /* the distance is not the front centre's: turned away, 8 cm (4 TUM)
       behind front's rear edge by closest points, its front centre 10
       cm: within 4 TUM, supported; 0.5 cm further, not */
    h->fp.centre = (vec2_t) { 30, 20 };
    h->fp.facing = 180;
    assert_true (bol_supported (f->g, front));
    h->fp.centre.y = 19.5;
    assert_false (bol_supported (f->g, front));
    unmake (f);

    /* "(1) No enemy unit to-rear within 4 TUM": an enemy horse whose
       centre is in front's rear arc but whose front centre is not (it
       faces front's way, 4.5 aside, 3.5 back) is not to-rear, and the line
       behind supports front; turned about, its front centre is in the
       arc, and front is not supported */
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("front", "blue", "battalion", "ordinary", "line", 30, 30,
                    0, NULL),
              unit ("behind", "blue", "battalion", "ordinary", "line", 30, 22,
                    0, NULL),
              unit ("e", "red", "horse", "ordinary", "mounted", 34.5, 25.5,
                    0, NULL));
    f = make (NULL, units);
    front = idx (f, "front");
    assert_true (bol_supported (f->g, front));
    game_unit_m (f->g, idx (f, "e"))->fp.facing = 180;
    assert_false (bol_supported (f->g, front));
    unmake (f);

    /* an enemy in contact with front's rear, facing it: its front centre
       (30, 29) lies on front's rear edge, straight behind its centre, so
       it is to-rear within 4 TUM, and the line 4 TUM behind does not
       support front ("(1) No enemy unit to-rear within 4 TUM") */
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("front", "blue", "battalion", "ordinary", "line", 30, 30,
                    0, NULL),
              unit ("behind", "blue", "battalion", "ordinary", "line", 30, 20,
                    0, NULL),
              unit ("e", "red", "horse", "ordinary", "mounted", 80, 80, 0,
                    NULL));
    f = make (NULL, units);
    front = idx (f, "front");
    assert_true (bol_supported (f->g, front));
    game_unit_m (f->g, idx (f, "e"))->fp.centre = (vec2_t) { 30, 28 };
    assert_false (bol_supported (f->g, front));
    unmake (f);
}

/*  Support: "(1) No enemy unit to-rear within 4 TUM", and "A Unit has
 *  a combat arm and unit type: ... and Commander (C-in-C, Brigadier)":
 *  an enemy brigadier is an enemy unit.  A line supported by the line 4
 *  TUM behind it is not supported with an enemy brigadier 2 TUM
 *  directly behind it; a friendly brigadier there gives no support of
 *  his own ("(2) At least one friendly cavalry, battalion or spearmen
 *  unit to-rear within 4 TUM"), nor takes it away. */
static void
test_support_enemy_commander (void **state)
{
    (void) state;
    char units[3072];
    /* front: y 29..31 facing +y; behind: y 19..21, 8 cm (4 TUM) back;
       the brigadier's stand y 23..25, 4 cm (2 TUM) behind front */
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("front", "blue", "battalion", "ordinary", "line", 30, 30,
                    0, NULL),
              unit ("behind", "blue", "battalion", "ordinary", "line", 30, 20,
                    0, NULL),
              unit ("bri", "red", "brigadier", "ordinary", "line", 80, 80, 0,
                    NULL),
              unit ("foe", "red", "battalion", "ordinary", "line", 50, 90,
                    180, NULL));
    fixture_t *f = make (NULL, units);
    int front = idx (f, "front");
    assert_true (bol_supported (f->g, front));
    game_unit_m (f->g, idx (f, "bri"))->fp.centre = (vec2_t) { 30, 24 };
    assert_false (bol_supported (f->g, front));
    unmake (f);

    /* a friendly brigadier there: the line behind still supports front;
       without it, the brigadier alone does not */
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("front", "blue", "battalion", "ordinary", "line", 30, 30,
                    0, NULL),
              unit ("behind", "blue", "battalion", "ordinary", "line", 30, 20,
                    0, NULL),
              unit ("bri", "blue", "brigadier", "ordinary", "line", 30, 24, 0,
                    NULL),
              unit ("foe", "red", "battalion", "ordinary", "line", 50, 90,
                    180, NULL));
    f = make (NULL, units);
    front = idx (f, "front");
    assert_true (bol_supported (f->g, front));
    game_unit_m (f->g, idx (f, "behind"))->fp.centre = (vec2_t) { 80, 20 };
    assert_false (bol_supported (f->g, front));
    unmake (f);
}

/*  "A line is crowded when any part of a friendly line is
 *  directly-to-rear within 1 TUM": any part of it in the lane straight
 *  behind the line's frontage, its centre wherever it is. */
static void
test_crowded_line (void **state)
{
    (void) state;
    char units[3072];
    /* front: x 26..34, its rear edge at y 29; behind: x 33..41, 0.5 cm
       back, its centre well off to the side (to-flank of front's centre)
       with 1 cm of it in the lane */
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("front", "blue", "battalion", "ordinary", "line", 30, 30,
                    0, NULL),
              unit ("behind", "blue", "battalion", "ordinary", "line", 37,
                    27.5, 0, NULL),
              unit ("foe", "red", "battalion", "ordinary", "line", 30, 90,
                    180, NULL));
    fixture_t *f = make (NULL, units);
    int front = idx (f, "front");
    unit_t *behind = game_unit_m (f->g, idx (f, "behind"));
    assert_true (bol_crowded (f->g, front));
    /* beside the lane (x 34..42): it touches the lane's side, no part of
       it is in the lane */
    behind->fp.centre.x = 38;
    assert_false (bol_crowded (f->g, front));
    /* straight behind, 1 TUM back (2 cm): crowded; 1.2 TUM: not */
    behind->fp.centre = (vec2_t) { 30, 26 };
    assert_true (bol_crowded (f->g, front));
    behind->fp.centre = (vec2_t) { 30, 25.6 };
    assert_false (bol_crowded (f->g, front));
    /* a column there is no "friendly line" */
    behind->fp.centre = (vec2_t) { 30, 27.5 };
    behind->formation = FORMATION_COLUMN;
    assert_false (bol_crowded (f->g, front));
    unmake (f);
}

/*  "A column is crowded when any part of a friendly unit is: (1) in
 *  column to-flank within 2 TUM; (2) within 1 TUM either to-flank or
 *  directly-to-rear."  Only battalions and spearmen are in column
 *  ("Battalion and Spearman must be in Formation (Line, Column, Square
 *  or March)"): limbered guns are not. */
static void
test_crowded_column (void **state)
{
    (void) state;
    char units[3072];
    /* col: x 48..52, y 48..52; the gun 1.5 TUM (3 cm) to its flank */
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("col", "blue", "battalion", "ordinary", "column", 50, 50,
                    0, NULL),
              unit ("gun", "blue", "light_gun", "ordinary", "limbered", 56,
                    50, 0, NULL),
              unit ("foe", "red", "battalion", "ordinary", "line", 50, 90,
                    180, NULL));
    fixture_t *f = make (NULL, units);
    int col = idx (f, "col");
    assert_false (bol_crowded (f->g, col));
    /* within 1 TUM to-flank, any friend: crowded */
    game_unit_m (f->g, idx (f, "gun"))->fp.centre.x = 54.5;
    assert_true (bol_crowded (f->g, col));
    unmake (f);

    /* a friendly column 1.5 TUM to its flank: crowded */
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("col", "blue", "battalion", "ordinary", "column", 50, 50,
                    0, NULL),
              unit ("other", "blue", "spearmen", "ordinary", "column", 57,
                    50, 0, NULL),
              unit ("foe", "red", "battalion", "ordinary", "line", 50, 90,
                    180, NULL));
    f = make (NULL, units);
    col = idx (f, "col");
    unit_t *other = game_unit_m (f->g, idx (f, "other"));
    assert_true (bol_crowded (f->g, col));
    /* its centre in col's front arc, a part of it to-flank (x above y
       from col's centre) 1.4 TUM away: crowded */
    other->fp.centre = (vec2_t) { 54.5, 56 };
    assert_true (bol_crowded (f->g, col));
    /* straight ahead of it, 0.5 TUM away: to-front is neither to-flank
       nor to-rear, not crowded */
    other->fp.centre = (vec2_t) { 50, 55 };
    assert_false (bol_crowded (f->g, col));
    unmake (f);

    /* horse behind and to the side, its centre in col's rear arc, 0.9
       TUM from it, but no part of it directly-to-rear (x from 52.3) nor
       to-flank within 1 TUM: not crowded; moved into the lane, it is */
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("col", "blue", "battalion", "ordinary", "column", 50, 50,
                    0, NULL),
              unit ("horse", "blue", "horse", "ordinary", "mounted", 54.3,
                    45.2, 0, NULL),
              unit ("foe", "red", "battalion", "ordinary", "line", 50, 90,
                    180, NULL));
    f = make (NULL, units);
    col = idx (f, "col");
    assert_false (bol_crowded (f->g, col));
    game_unit_m (f->g, idx (f, "horse"))->fp.centre.x = 53.5;
    assert_true (bol_crowded (f->g, col));
    unmake (f);
}

/*  Unit Morale (Phase 5): "Step 5.2. Commander Loss.  All units in the
 *  division lose one resolve.  Step 5.3. Morale Erosion.  For every
 *  friendly rout, lose one resolve from a unit in the same division (not
 *  the commander).  Step 5.4. Unit Heroics.  For each enemy rout this
 *  game turn, regain one resolve for a single friendly unit involved.
 *  Step 5.5. Commander Rally.  A unit with attached commander regains
 *  one resolve." */
static void
test_morale_phase (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s, %s, %s",
              unit ("a1", "blue", "battalion", "ordinary", "line", 10, 10, 0,
                    "platoon = \"a\";"),
              unit ("a2", "blue", "battalion", "ordinary", "line", 30, 10, 0,
                    "platoon = \"a\"; stands = ( { start = 3; "
                    "strength = 2; }, { start = 3; strength = 2; } );"),
              unit ("a-chief", "blue", "brigadier", "ordinary", "line", 50,
                    10, 0, "platoon = \"a\";"),
              unit ("b1", "blue", "battalion", "ordinary", "line", 70, 10, 0,
                    "platoon = \"b\"; stands = ( { start = 3; "
                    "strength = 2; }, { start = 3; strength = 2; } );"),
              unit ("b-chief", "blue", "brigadier", "ordinary", "line", 70,
                    7.5, 0, "platoon = \"b\";"),
              unit ("r1", "red", "battalion", "ordinary", "line", 10, 90, 180,
                    "platoon = \"r\";"),
              unit ("r2", "red", "battalion", "ordinary", "line", 40, 90, 180,
                    "platoon = \"r\";"));
    fixture_t *f = make (NULL, units);
    start (f);
    /* a-chief falls; r2 routs, hit by b1; nothing else this turn */
    bol_remove (f->g, idx (f, "a-chief"), BOL_F_CASUALTY, "a test casualty");
    assert_true (bol_take_hits (f->g, idx (f, "r2"), 6, idx (f, "b1"), "t"));
    test_on_to (f, BOL_PHASE_MORALE);
    test_next_phase (f);
    assert_true (test_saw (f, "commander loss"));
    /* 5.2: a1's stands 3 and 3 -> 2 and 3; a2's 2 and 2 -> 1 and 2 */
    assert_int_equal (U (f, "a1")->stands[0].strength, 2);
    assert_int_equal (U (f, "a1")->stands[1].strength, 3);
    assert_int_equal (U (f, "a2")->stands[0].strength, 1);
    assert_int_equal (U (f, "a2")->stands[1].strength, 2);
    /* 5.3: r1, the only other unit of r2's division, 3 and 3 -> 2, 3 */
    assert_int_equal (U (f, "r1")->stands[0].strength, 2);
    assert_true (test_saw (f, "morale erosion: r2 routed"));
    /* 5.4: b1 regains one for r2's rout (2 -> 3 on a stand); 5.5: b1 with
       b-chief attached regains one more (the other stand) */
    assert_int_equal (U (f, "b1")->stands[0].strength, 3);
    assert_int_equal (U (f, "b1")->stands[1].strength, 3);
    assert_true (test_saw (f, "heroics: r2 routed"));
    assert_true (test_saw (f, "commander rally"));
    unmake (f);
}

/*  "Step 5.3. Morale Erosion. For every friendly rout, lose one resolve
 *  from a unit in the same division": a rout the erosion causes is a
 *  friendly rout too and erodes in the same step (erosion_cascades).
 *  r3 routs; r1 (a stand of resolve 1), eroded, routs; r2 (resolve 1
 *  too), eroded for r1, routs as well.  With erosion_cascades false r2
 *  keeps its resolve until the next turn's step. */
static void
test_erosion_cascades (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("blue", "blue", "battalion", "ordinary", "line", 10, 10,
                    0, NULL),
              unit ("r1", "red", "skirmisher", "ordinary", "loose", 10, 90,
                    180, "platoon = \"r\"; stands = ( { start = 3; "
                    "strength = 1; } );"),
              unit ("r2", "red", "skirmisher", "ordinary", "loose", 40, 90,
                    180, "platoon = \"r\"; stands = ( { start = 3; "
                    "strength = 1; } );"),
              unit ("r3", "red", "battalion", "ordinary", "line", 70, 90, 180,
                    "platoon = \"r\";"));
    game_rules_t *later = variant ("erosion_cascades = true;",
                                   "erosion_cascades = false;");
    for (int k = 0; k < 2; k++) {
        fixture_t *f = test_game_new (k == 0 ? rules : later,
                                      scenario_text (NULL, units));
        start (f);
        assert_true (bol_take_hits (f->g, idx (f, "r3"), 6, idx (f, "blue"),
                                    "t"));
        test_on_to (f, BOL_PHASE_MORALE);
        test_next_phase (f);
        /* r1 and r2 have as much resolve: the first, r1, is eroded for
           r3 */
        assert_true (test_saw (f, "morale erosion: r3 routed"));
        assert_false (bol_in_play (f->g, idx (f, "r1")));
        assert_int_equal (test_saw (f, "morale erosion: r1 routed"), k == 0);
        assert_int_equal (bol_in_play (f->g, idx (f, "r2")), k == 1);
        unmake (f);
    }
    game_rules_destroy (&later);
}

/*  "Step 5.4. Unit Heroics. For each enemy rout this game turn, regain
 *  one resolve for a single friendly unit involved": of the units that
 *  shot or fought together, the one with most resolve to regain, the
 *  primary among equals (a player's choice; the point is not lost on a
 *  primary at full resolve while a worn unit beside it shot too). */
static void
test_heroics_credit (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("a", "blue", "battalion", "ordinary", "line", 10, 10, 0,
                    NULL),
              unit ("b", "blue", "battalion", "ordinary", "line", 30, 10, 0,
                    "stands = ( { start = 3; strength = 2; }, "
                    "{ start = 3; strength = 1; } );"),
              unit ("c", "blue", "battalion", "ordinary", "line", 50, 10, 0,
                    NULL),
              unit ("t", "red", "skirmisher", "ordinary", "loose", 20, 20,
                    180, NULL));
    fixture_t *f = make (NULL, units);
    int a = idx (f, "a"), b = idx (f, "b"), c = idx (f, "c"), t = idx (f, "t");
    int aim[4] = { -1, -1, -1, -1 };
    aim[a] = aim[b] = t;
    assert_int_equal (bol_heroics_credit (f->g, aim, 0, 4, t, a), b);
    /* c did not shoot at t: not involved, though it would gain as much */
    aim[b] = -1;
    assert_int_equal (bol_heroics_credit (f->g, aim, 0, 4, t, a), a);
    /* among equals, the primary */
    aim[c] = t;
    assert_int_equal (bol_heroics_credit (f->g, aim, 0, 4, t, c), c);
    unmake (f);

    /* in a volley: a, fresh, and b, worn, shoot the battalion before
       them, at resolve 1; every die a 6, it routs, and the point is b's,
       which has resolve to regain */
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("a", "blue", "battalion", "ordinary", "line", 50, 20, 0,
                    NULL),
              unit ("b", "blue", "battalion", "ordinary", "line", 58.5, 20, 0,
                    "stands = ( { start = 3; strength = 2; }, "
                    "{ start = 3; strength = 1; } );"),
              unit ("t", "red", "battalion", "ordinary", "line", 54, 28, 180,
                    "stands = ( { start = 3; strength = 1; }, "
                    "{ start = 3; strength = 1; } );"));
    f = make (NULL, units);
    test_push (f, 12, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);   /* the start's throws */
    start (f);
    test_on_to (f, BOL_PHASE_ACTIVE_SHOOT);
    assert_int_equal (bol_priority_target (f->g, idx (f, "a")), idx (f, "t"));
    assert_int_equal (bol_priority_target (f->g, idx (f, "b")), idx (f, "t"));
    order (f, "a", fire ());
    order (f, "b", fire ());
    while (dice_queued (f->dice) > 0)     /* the start's dice left over */
        dice_roll (f->dice, 6);
    test_push (f, 12, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6);
    test_next_phase (f);
    assert_false (bol_in_play (f->g, idx (f, "t")));
    assert_int_equal (S (f, "t")->credit - 1, idx (f, "b"));
    unmake (f);
}

/*  "Step 5.2. Commander Loss. All units in the division lose one
 *  resolve."  The C-in-C commands no division of his own ("a C-in-C plus
 *  one or more divisions"): read as the units that answer to him
 *  directly, those of his `platoon`, and with none, the side's units of
 *  no division (RULINGS.md).  A division of its own is not touched. */
static void
test_c_in_c_loss (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s, %s, %s",
              unit ("cinc", "blue", "c_in_c", "ordinary", "line", 50, 10, 0,
                    NULL),
              unit ("direct", "blue", "battalion", "ordinary", "line", 20, 10,
                    0, NULL),
              unit ("div", "blue", "battalion", "ordinary", "line", 80, 10, 0,
                    "platoon = \"a\";"),
              unit ("a-chief", "blue", "brigadier", "ordinary", "line", 95, 40,
                    0, "platoon = \"a\";"),
              unit ("morillo", "red", "c_in_c", "ordinary", "line", 50, 95,
                    180, "platoon = \"camp\";"),
              unit ("camp", "red", "battalion", "ordinary", "line", 20, 90,
                    180, "platoon = \"camp\";"),
              unit ("loose", "red", "battalion", "ordinary", "line", 80, 90,
                    180, NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    bol_remove (f->g, idx (f, "cinc"), BOL_F_CASUALTY, "a test casualty");
    bol_remove (f->g, idx (f, "morillo"), BOL_F_CASUALTY, "a test casualty");
    test_on_to (f, BOL_PHASE_MORALE);
    test_next_phase (f);
    /* blue's C-in-C had no division: the units of none lose one */
    assert_int_equal (bol_resolve (f->g, idx (f, "direct")), 3);
    assert_int_equal (U (f, "direct")->stands[0].strength
                      + U (f, "direct")->stands[1].strength, 5);
    assert_int_equal (U (f, "div")->stands[0].strength
                      + U (f, "div")->stands[1].strength, 6);
    /* red's led the camp: its units lose one, the others not */
    assert_int_equal (U (f, "camp")->stands[0].strength
                      + U (f, "camp")->stands[1].strength, 5);
    assert_int_equal (U (f, "loose")->stands[0].strength
                      + U (f, "loose")->stands[1].strength, 6);
    unmake (f);
}

/*  Threat Zone: "A command check is required for: (1) a shooting unit
 *  making a formation change (but not non-shooting units)": a shooting
 *  unit is one with a shooting marker (it shot, and keeps shooting); a
 *  battalion without one changes formation freely (RULINGS.md). */
static void
test_formation_change_check (void **state)
{
    (void) state;
    char units[3072];
    /* each 7 cm (3.5 TUM) from a foe: the threat zone, not the control
       zone (3 TUM) */
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("shot", "blue", "battalion", "ordinary", "line", 20, 20,
                    0, NULL),
              unit ("fresh", "blue", "battalion", "ordinary", "line", 70, 20,
                    0, NULL),
              unit ("foe1", "red", "battalion", "ordinary", "line", 20, 29,
                    180, NULL),
              unit ("foe2", "red", "battalion", "ordinary", "line", 70, 29,
                    180, NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    assert_int_equal (bol_zone (f->g, idx (f, "shot")), BOL_ZONE_THREAT);
    assert_int_equal (bol_zone (f->g, idx (f, "fresh")), BOL_ZONE_THREAT);
    S (f, "shot")->flags |= BOL_F_SHOOTING;
    order_t to_col = order_hold ();
    to_col.has_formation = true;
    to_col.formation = FORMATION_COLUMN;
    order (f, "shot", to_col);
    order (f, "fresh", to_col);
    /* the marked one's check: resolve 3, a die fewer with no commander:
       2d6, no 6: it stays in line */
    test_push (f, 2, 1, 1);
    test_next_phase (f);
    assert_true (test_saw (f, "shot's command check to change formation"));
    assert_false (test_saw (f, "fresh's command check"));
    assert_int_equal (U (f, "shot")->formation, FORMATION_LINE);
    assert_int_equal (U (f, "fresh")->formation, FORMATION_COLUMN);
    unmake (f);
}

/*  Append `count` ordinary skirmishers of `side` in a row to units[]
 *  (its text so far `*len` long): ids `prefix`0, `prefix`1, ..., the
 *  first at x0, each 10 cm along, all at y facing `facing`. */
static void
skirmisher_row (char *units, size_t size, size_t *len, const char *prefix,
                const char *side, int count, double x0, double y,
                double facing)
{
    for (int i = 0; i < count; i++) {
        char id[16];
        snprintf (id, sizeof id, "%s%d", prefix, i);
        *len += (size_t) snprintf (units + *len, size - *len, "%s%s",
                                   *len ? ", " : "",
                                   unit (id, side, "skirmisher", "ordinary",
                                         "loose", x0 + 10 * i, y, facing,
                                         NULL));
    }
}

/*  Army Morale (Phase 6): "A side loses the battle if their total lost
 *  units equals or exceeds the Army Breakpoint (1/3 the number of the
 *  original units, rounded up).  The attacker loses if the game turn
 *  time limit expires." */
static void
test_breakpoint_and_time (void **state)
{
    (void) state;
    char units[8192] = "";
    size_t len = 0;
    /* blue 7 units (break at 3), red 6 (break at 2) */
    skirmisher_row (units, sizeof units, &len, "b", "blue", 7, 10, 10, 0);
    skirmisher_row (units, sizeof units, &len, "r", "red", 6, 10, 90, 180);
    fixture_t *f = make (NULL, units);
    game_result_t r;
    bol_engine.victory (f->g, &r);
    assert_false (r.over);
    /* were the time limit now, the attacker (blue) would lose */
    assert_int_equal (r.on_time_winner, SIDE_RED);
    test_near (r.break_share[SIDE_BLUE], 0.0, 1e-9);
    bol_remove (f->g, idx (f, "b0"), BOL_F_ROUTED, "t");
    bol_remove (f->g, idx (f, "b1"), BOL_F_ROUTED, "t");
    bol_engine.victory (f->g, &r);
    assert_false (r.over);                   /* 2 of 7: not 3 */
    test_near (r.break_share[SIDE_BLUE], (2.0 / 7.0) * 3.0, 1e-9);
    assert_true (r.break_share[SIDE_BLUE] < 1.0);
    assert_int_equal (r.on_time_winner, SIDE_RED);
    bol_remove (f->g, idx (f, "r0"), BOL_F_ROUTED, "t");
    bol_remove (f->g, idx (f, "r1"), 0, "t");   /* eliminated guns count */
    bol_engine.victory (f->g, &r);
    assert_true (r.over);
    assert_int_equal (r.winner, SIDE_BLUE);  /* 2 of 6: red breaks */
    test_near (r.break_share[SIDE_RED], 1.0, 1e-9);
    bol_remove (f->g, idx (f, "b2"), BOL_F_ROUTED, "t");
    bol_engine.victory (f->g, &r);
    assert_true (r.over);
    assert_int_equal (r.winner, -1);         /* both break: neither wins */
    unmake (f);

    /* the time limit: the attacker (blue) loses */
    snprintf (units, sizeof units, "%s, %s",
              unit ("b", "blue", "battalion", "ordinary", "line", 20, 10, 0,
                    NULL),
              unit ("r", "red", "battalion", "ordinary", "line", 20, 90, 180,
                    NULL));
    f = make (NULL, units);
    assert_int_equal (game_set_turn (f->g, 10), 0);
    bol_engine.victory (f->g, &r);
    assert_true (r.over);
    assert_int_equal (r.winner, SIDE_RED);
    assert_non_null (strstr (r.reason, "the attacker"));
    unmake (f);
}

/*  "Your army must have a C-in-C plus one or more divisions, each of 3
 *  to 8 units including compulsory commander": commanders are units, so
 *  "A side loses the battle if their total lost units equals or exceeds
 *  the Army Breakpoint (1/3 the number of the original units, rounded
 *  up)" counts them, and a commander casualty ("the only way that a
 *  Commander can be lost") is a lost unit (readings.army_break_commanders;
 *  false leaves commanders out of both counts). */
static void
test_breakpoint_counts_commanders (void **state)
{
    (void) state;
    char units[4096];
    /* blue: a brigadier and four skirmishers, 5 units (break at 2); red
       six skirmishers */
    size_t len = (size_t) snprintf (units, sizeof units, "%s",
                                    unit ("chief", "blue", "brigadier",
                                          "ordinary", "line", 5, 5, 0,
                                          NULL));
    skirmisher_row (units, sizeof units, &len, "b", "blue", 4, 20, 10, 0);
    skirmisher_row (units, sizeof units, &len, "r", "red", 6, 10, 90, 180);
    fixture_t *f = make (NULL, units);
    int of;
    assert_int_equal (bol_side_lost (f->g, SIDE_BLUE, &of), 0);
    assert_int_equal (of, 5);
    bol_remove (f->g, idx (f, "chief"), BOL_F_CASUALTY, "t");
    bol_remove (f->g, idx (f, "b0"), BOL_F_ROUTED, "t");
    assert_int_equal (bol_side_lost (f->g, SIDE_BLUE, &of), 2);
    game_result_t r;
    bol_engine.victory (f->g, &r);
    assert_true (r.over);                     /* 2 of 5: ceil (5/3) = 2 */
    assert_int_equal (r.winner, SIDE_RED);
    unmake (f);

    /* commanders left out: 1 of 4, under ceil (4/3) = 2 */
    game_rules_t *without = variant ("army_break_commanders = true;",
                                        "army_break_commanders = false;");
    f = test_game_new (without, scenario_text (NULL, units));
    bol_remove (f->g, idx (f, "chief"), BOL_F_CASUALTY, "t");
    bol_remove (f->g, idx (f, "b0"), BOL_F_ROUTED, "t");
    assert_int_equal (bol_side_lost (f->g, SIDE_BLUE, &of), 1);
    assert_int_equal (of, 4);
    bol_engine.victory (f->g, &r);
    assert_false (r.over);
    unmake (f);
    game_rules_destroy (&without);
}

/*  The Army Breakpoint is the text's whatever a scenario's victory group
 *  says ("1/3 the number of the original units, rounded up"), and so is
 *  the time limit: "The attacker loses if the game has not finished
 *  before the time limit (10 game turns)".  A game opened for fewer
 *  turns ends at its last by the same rule (a reading, RULINGS.md). */
static void
test_text_decides_victory (void **state)
{
    (void) state;
    char units[2048], text[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s, %s",
              unit ("b0", "blue", "skirmisher", "ordinary", "loose", 10, 10,
                    0, NULL),
              unit ("b1", "blue", "skirmisher", "ordinary", "loose", 20, 10,
                    0, NULL),
              unit ("b2", "blue", "skirmisher", "ordinary", "loose", 30, 10,
                    0, NULL),
              unit ("r0", "red", "skirmisher", "ordinary", "loose", 10, 90,
                    180, NULL),
              unit ("r1", "red", "skirmisher", "ordinary", "loose", 20, 90,
                    180, NULL),
              unit ("r2", "red", "skirmisher", "ordinary", "loose", 30, 90,
                    180, NULL));
    /* the scenario asks for half its units lost, and 12 turns */
    snprintf (text, sizeof text,
              "ruleset = \"bolivar\";\n"
              "table = { width = 100.0; depth = 100.0; };\n"
              "units = ( %s );\n"
              "scenario = { name = \"t\"; turns = 12; first = \"blue\";\n"
              "  victory = { army_break = 0.5; on_time = \"blue\"; }; };\n",
              units);
    fixture_t *f = test_game_new (rules, text);
    game_result_t r;
    bol_remove (f->g, idx (f, "r0"), BOL_F_ROUTED, "t");
    bol_engine.victory (f->g, &r);
    assert_true (r.over);                     /* 1 of 3: ceil (3/3) = 1 */
    assert_int_equal (r.winner, SIDE_BLUE);
    test_near (r.break_share[SIDE_RED], 1.0, 1e-9);
    unmake (f);

    /* nobody broken: not over at turn 9; at 10 the attacker (blue) loses,
       though the scenario would play 12 and give blue the time; the
       game's last turn, what a commander and a front end read, is 10 */
    f = test_game_new (rules, text);
    assert_int_equal (game_last_turn (f->g), 10);
    assert_int_equal (game_set_turn (f->g, 9), 0);
    bol_engine.victory (f->g, &r);
    assert_false (r.over);
    assert_int_equal (r.on_time_winner, SIDE_RED);
    assert_int_equal (game_set_turn (f->g, 10), 0);
    bol_engine.victory (f->g, &r);
    assert_true (r.over);
    assert_int_equal (r.winner, SIDE_RED);
    assert_non_null (strstr (r.reason, "has not won in 10 game turns"));
    unmake (f);

    /* played through: the battle ends after turn 10 */
    f = test_game_new (rules, text);
    assert_int_equal (game_set_turn (f->g, 10), 0);
    while (!game_over (f->g) && game_turn (f->g) == 10) {
        game_begin_phase (f->g, f->dice);
        game_resolve_phase (f->g, f->dice);
    }
    assert_true (game_over (f->g));
    game_result (f->g, &r);
    assert_int_equal (r.turns, 10);
    assert_int_equal (r.winner, SIDE_RED);
    unmake (f);

    /* a game opened for 6 turns: the attacker loses at its end */
    snprintf (text, sizeof text,
              "ruleset = \"bolivar\";\n"
              "table = { width = 100.0; depth = 100.0; };\n"
              "units = ( %s );\n"
              "scenario = { name = \"t\"; turns = 6; first = \"blue\";\n"
              "  victory = { on_time = \"draw\"; }; };\n", units);
    f = test_game_new (rules, text);
    assert_int_equal (game_last_turn (f->g), 6);
    assert_int_equal (game_set_turn (f->g, 6), 0);
    bol_engine.victory (f->g, &r);
    assert_true (r.over);
    assert_int_equal (r.winner, SIDE_RED);
    unmake (f);
}

/*  "Battalion and Spearman must be in Formation (Line, Column, Square or
 *  March) ... Only line can change to march.  March can only change to
 *  line."  "The unit must occupy the same space before and after a Line
 *  <-> March ... change."  "March never [supported]"; only "Battalion
 *  (line, column, square)" shoots.  The guns' words: "deployed" and
 *  "limbered" (formation_words). */
static void
test_march_and_words (void **state)
{
    (void) state;
    char units[3072];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s",
              unit ("line", "blue", "battalion", "ordinary", "line", 20, 20,
                    0, NULL),
              unit ("col", "blue", "battalion", "ordinary", "column", 50, 20,
                    0, NULL),
              unit ("march", "blue", "spearmen", "ordinary", "march", 80, 20,
                    0, NULL),
              unit ("gun", "blue", "light_gun", "ordinary", "limbered", 50,
                    10, 0, NULL),
              unit ("foe", "red", "battalion", "ordinary", "line", 20, 26,
                    180, NULL));
    fixture_t *f = make (NULL, units);
    /* the text's words name the formations of the core */
    assert_int_equal (U (f, "gun")->formation, FORMATION_COLUMN);
    assert_string_equal (ruleset_formation_word (game_ruleset (f->g),
                                                 ARM_ARTILLERY,
                                                 FORMATION_LINE), "deployed");
    assert_int_equal (U (f, "march")->formation, FORMATION_MARCH);
    assert_false (bol_supported (f->g, idx (f, "march")));
    start (f);
    order_t to_march = order_hold ();
    to_march.has_formation = true;
    to_march.formation = FORMATION_MARCH;
    refused (f, "col", to_march, "Only line can change to march");
    order_t to_col = order_hold ();
    to_col.has_formation = true;
    to_col.formation = FORMATION_COLUMN;
    refused (f, "march", to_col, "March can only change to line");
    /* line to march: the same space, and it shoots no more */
    assert_true (bol_can_shoot (f->g, idx (f, "line")));
    footprint_t before = U (f, "line")->fp;
    order (f, "line", to_march);
    test_next_phase (f);
    assert_int_equal (U (f, "line")->formation, FORMATION_MARCH);
    test_near (U (f, "line")->fp.width, before.width, 1e-9);
    test_near (U (f, "line")->fp.depth, before.depth, 1e-9);
    assert_false (bol_can_shoot (f->g, idx (f, "line")));
    unmake (f);

    /* a march moves 8 TUM (a reading: the longest of "3, 6 or 8 TUM") */
    snprintf (units, sizeof units, "%s, %s",
              unit ("march", "blue", "battalion", "ordinary", "march", 20, 10,
                    0, NULL),
              unit ("foe", "red", "battalion", "ordinary", "line", 80, 90,
                    180, NULL));
    f = make (NULL, units);
    test_near (bol_move_allowance (f->g, idx (f, "march")), 16, 1e-9);
    unmake (f);

    /* an unknown formation lists the text's words beside the core's */
    char err[512] = "", both[2048];
    snprintf (both, sizeof both, "%s, %s",
              unit ("gun", "blue", "light_gun", "ordinary", "unlimbered", 50,
                    10, 0, NULL),
              unit ("enemy", "red", "battalion", "ordinary", "line", 50, 90,
                    180, NULL));
    scenario_t *sc = scenario_load_text (scenario_text (NULL, both), "t.cfg",
                                         game_rules_finder, rules, err,
                                         sizeof err);
    assert_null (sc);
    assert_non_null (strstr (err, "unknown formation \"unlimbered\" (one of: "
                                  "line, column, square, loose, mounted, "
                                  "march, deployed, limbered)"));
}

/*  Who is uncommanded (RULINGS.md, readings.uncommanded = no_commander):
 *  a unit whose division's commander is lost, with no C-in-C within 8
 *  TUM, takes its moves from the Risk Factor tables. */
static void
test_uncommanded (void **state)
{
    (void) state;
    char units[3072];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s",
              unit ("near", "blue", "battalion", "ordinary", "line", 20, 10,
                    0, "platoon = \"a\";"),
              unit ("far", "blue", "battalion", "ordinary", "line", 80, 10, 0,
                    "platoon = \"a\";"),
              unit ("a-chief", "blue", "brigadier", "ordinary", "line", 50,
                    30, 0, "platoon = \"a\";"),
              unit ("chief", "blue", "c_in_c", "ordinary", "line", 20, 16, 0,
                    NULL),
              unit ("r", "red", "battalion", "ordinary", "line", 20, 90, 180,
                    NULL));
    fixture_t *f = make (NULL, units);
    start (f);
    assert_false (game_table_bound (f->g, idx (f, "far")));
    bol_remove (f->g, idx (f, "a-chief"), BOL_F_CASUALTY, "t");
    game_refresh (f->g);
    /* near: the C-in-C within 8 TUM; far: none */
    assert_false (game_table_bound (f->g, idx (f, "near")));
    assert_true (game_table_bound (f->g, idx (f, "far")));
    char why[160];
    game_table_bound_why (f->g, idx (f, "far"), why, sizeof why);
    assert_non_null (strstr (why, "its division's commander is lost"));
    unmake (f);
}

/*  Every scenario plays to a result under the table, random and greedy
 *  strategies; the same seed plays the same battle, and the replay log
 *  reproduces it. */
static void
test_battles (void **state)
{
    (void) state;
    static const char *const names[] = { "bol_boyaca", "bol_las_queseras",
                             "bol_carabobo", "bol_meeting" };
    test_battles_replayed (rules, names, (int) (sizeof names / sizeof *names),
                           31, 10);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_stands_and_resolve),
        cmocka_unit_test (test_hits_and_rout),
        cmocka_unit_test (test_command_check),
        cmocka_unit_test (test_zones),
        cmocka_unit_test (test_control_zone_front_centre),
        cmocka_unit_test (test_zone_priority_target),
        cmocka_unit_test (test_priority_follows_the_table),
        cmocka_unit_test (test_plan_follows_the_state),
        cmocka_unit_test (test_priority_among_many),
        cmocka_unit_test (test_priority_after_a_batch),
        cmocka_unit_test (test_initiative),
        cmocka_unit_test (test_shooting),
        cmocka_unit_test (test_shooting_front_centre),
        cmocka_unit_test (test_cover_by_any_part),
        cmocka_unit_test (test_gun_that_cannot_move_stays_deployed),
        cmocka_unit_test (test_about_face),
        cmocka_unit_test (test_about_face_manoeuvre_zone),
        cmocka_unit_test (test_manoeuvre_zone_front_centre),
        cmocka_unit_test (test_guns_wheel_or_pivot),
        cmocka_unit_test (test_failed_change_ends_move),
        cmocka_unit_test (test_advances_without_a_check),
        cmocka_unit_test (test_worst_zone_on_the_way),
        cmocka_unit_test (test_changes_of_direction),
        cmocka_unit_test (test_formation_change_one_stand_stays),
        cmocka_unit_test (test_charges),
        cmocka_unit_test (test_legal_charge_as_listed),
        cmocka_unit_test (test_charge_by_closest_points),
        cmocka_unit_test (test_charge_goes_straight),
        cmocka_unit_test (test_charge_entirely_to_rear),
        cmocka_unit_test (test_charged_front_and_rear),
        cmocka_unit_test (test_charge_face_front_centre),
        cmocka_unit_test (test_charge_after_a_move),
        cmocka_unit_test (test_melee_and_rally_back),
        cmocka_unit_test (test_rally_back_front_centre),
        cmocka_unit_test (test_passage_of_lines),
        cmocka_unit_test (test_passage_of_lines_check),
        cmocka_unit_test (test_passage_of_lines_locked),
        cmocka_unit_test (test_passage_of_lines_front_centre),
        cmocka_unit_test (test_friends_overlapping_move_apart),
        cmocka_unit_test (test_evade),
        cmocka_unit_test (test_directly_away_front_centre),
        cmocka_unit_test (test_evade_about_face_marks),
        cmocka_unit_test (test_evade_wheel_and_about_face),
        cmocka_unit_test (test_mutual_charges),
        cmocka_unit_test (test_melee_order_front_centre),
        cmocka_unit_test (test_feigned_flight),
        cmocka_unit_test (test_feigned_flight_reach),
        cmocka_unit_test (test_primary_fighter_chosen_once),
        cmocka_unit_test (test_feigned_flight_tie_and_reply),
        cmocka_unit_test (test_keep_shooting),
        cmocka_unit_test (test_hit_must_shoot),
        cmocka_unit_test (test_gun_that_shot_does_not_limber),
        cmocka_unit_test (test_shoot_in_contact),
        cmocka_unit_test (test_keyed_dice),
        cmocka_unit_test (test_difficult_ground),
        cmocka_unit_test (test_difficult_on_the_way),
        cmocka_unit_test (test_commander_casualty),
        cmocka_unit_test (test_support_and_crowding),
        cmocka_unit_test (test_support_front_centre),
        cmocka_unit_test (test_support_enemy_commander),
        cmocka_unit_test (test_crowded_line),
        cmocka_unit_test (test_crowded_column),
        cmocka_unit_test (test_melee_dice),
        cmocka_unit_test (test_morale_phase),
        cmocka_unit_test (test_erosion_cascades),
        cmocka_unit_test (test_heroics_credit),
        cmocka_unit_test (test_c_in_c_loss),
        cmocka_unit_test (test_formation_change_check),
        cmocka_unit_test (test_breakpoint_and_time),
        cmocka_unit_test (test_breakpoint_counts_commanders),
        cmocka_unit_test (test_text_decides_victory),
        cmocka_unit_test (test_uncommanded),
        cmocka_unit_test (test_march_and_words),
        cmocka_unit_test (test_battles),
    };
    return cmocka_run_group_tests (tests, setup, teardown);
}
