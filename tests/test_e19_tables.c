/*  test_e19_tables.c - every cell of the 19th Century Europe QRS (seed
 *  004) as the table file gives it, asserted from the sheet: the charge
 *  sequence, the movement table, the weapons, the firing, saving and
 *  hand-to-hand tables, the morale levels and the command roll; and the
 *  loader's errors.  The sheet's lines are quoted beside each.  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "e19_tables.h"
#include "game.h"
#include "testutil.h"

#define TABLES "rules/data/europe19/tables.cfg"

static game_rules_t *rules;
static const e19_tables_t *t;
static const ruleset_t *rs;

static int
setup (void **state)
{
    (void) state;
    rules = test_rules_load (TABLES);
    t = game_rules_tables (rules);
    rs = game_rules_ruleset (rules);
    return 0;
}

static int
teardown (void **state)
{
    (void) state;
    game_rules_destroy (&rules);
    return 0;
}

/*
 *      Cav.    Dgns    Inf     Sk      Art
 *  Cavalry Yes     Yes     Yes     Yes     Yes
 *  Dgns    No      Maybe   Maybe   Yes     Yes
 *  Inf     No      No      Maybe   Yes     Yes
 *  Ski     No      No      No      No      No
 *  Art     No      No      No      No      No
 */
static void
test_charge_sequence (void **state)
{
    (void) state;
    static const e19_permit_t sheet[5][5] = {
        { E19_YES, E19_YES, E19_YES, E19_YES, E19_YES },
        { E19_NO, E19_MAYBE, E19_MAYBE, E19_YES, E19_YES },
        { E19_NO, E19_NO, E19_MAYBE, E19_YES, E19_YES },
        { E19_NO, E19_NO, E19_NO, E19_NO, E19_NO },
        { E19_NO, E19_NO, E19_NO, E19_NO, E19_NO } };
    for (int r = 0; r < 5; r++)
        for (int c = 0; c < 5; c++)
            if (t->charge[r][c] != sheet[r][c])
                fail_msg ("charge %s against %s: %d, the sheet %d",
                          e19_class_name ((e19_class_t) r),
                          e19_class_name ((e19_class_t) c), t->charge[r][c],
                          sheet[r][c]);
    /* "May pivot 45°", "One attacker per face" */
    assert_true (t->charge_pivot_deg == 45.0);
    /* "Move to contact per movement table": its pivot costs (RULINGS.md) */
    assert_true (t->charge_pivot_costs);
    /* "Charging cavalry fired on by target": as it comes in, at contact */
    assert_true (t->charge_fire_at_contact);
    assert_int_equal (t->attackers_per_face, 1);
    /* the faces are named, not told apart: by the centres (RULINGS.md) */
    assert_false (t->charge_face_by_edges);
}

/*
 *          Open    Woods Towns     Stream  Road    Cost per Pivot
 *  Inf (LO)  12      8               8       16      1/4
 *  Inf (CO)  8       4               4       16      1/4
 *  Ski       12      12              12      16      None
 *  Cav       16      N/A             12      24      None
 *  Dgns      16      N/A             12      24      None
 *  Art       12      N/A             N/A     16      None
 */
static void
test_movement (void **state)
{
    (void) state;
    static const double sheet[6][5] = {
        { 12, 8, 8, 16, 0.25 }, { 8, 4, 4, 16, 0.25 }, { 12, 12, 12, 16, 0 },
        { 16, -1, 12, 24, 0 }, { 16, -1, 12, 24, 0 }, { 12, -1, -1, 16, 0 } };
    for (int r = 0; r < 6; r++) {
        for (int c = 0; c < 4; c++)
            if (t->move_cm[r][c] != sheet[r][c])
                fail_msg ("move row %d column %d: %g, the sheet %g", r, c,
                          t->move_cm[r][c], sheet[r][c]);
        assert_true (t->pivot_cost[r] == sheet[r][4]);
    }
    /* the rows the troops move on */
    assert_int_equal (t->move_row_of[E19_LOOSE_INFANTRY],
                      E19_MOVE_INFANTRY_LOOSE);
    assert_int_equal (t->move_row_of[E19_CLOSE_INFANTRY],
                      E19_MOVE_INFANTRY_CLOSE);
    assert_int_equal (t->move_row_of[E19_DRAGOONS], E19_MOVE_DRAGOONS);
    /* "Road: Remain 24cm from enemy"; "Towns: Only one unit" */
    assert_true (t->road_enemy_cm == 24.0);
    /* the road is the going where its rate applies (RULINGS.md) */
    assert_true (t->road_is_going);
    /* "Turning: Units on road suffer no penalty": any unit on a road */
    assert_true (t->road_turns_on_road);
    assert_int_equal (t->town_units, 1);
    assert_true (t->town_reach_cm == 40.0);     /* the project's number */
}

/*
 *  Steel Rifled Artillery   60cm  4
 *  Bronze Rifled Artillery  48cm  3
 *  Smoothbore Artillery     32cm  2
 *  Smoothbore Artillery     12cm  5
 *  Later breech-loader*     24cm  2
 *  Early breech-loader*     16cm  2
 *  Rifled Musket*           16cm  1
 *  Musket*                  8cm   1
 *  *Skirmishers +8cm
 */
static void
test_weapons (void **state)
{
    (void) state;
    static const struct {
        const char *name;
        int bands;
        double range[2];
        int dice[2];
        bool starred, breech;
    } sheet[] = {
        { "steel_rifled_artillery", 1, { 60 }, { 4 }, false, false },
        { "bronze_rifled_artillery", 1, { 48 }, { 3 }, false, false },
        { "smoothbore_artillery", 2, { 12, 32 }, { 5, 2 }, false, false },
        { "later_breech_loader", 1, { 24 }, { 2 }, true, true },
        { "early_breech_loader", 1, { 16 }, { 2 }, true, true },
        { "rifled_musket", 1, { 16 }, { 1 }, true, false },
        { "musket", 1, { 8 }, { 1 }, true, false } };
    for (size_t i = 0; i < sizeof sheet / sizeof sheet[0]; i++) {
        int w = ruleset_weapon_find (rs, sheet[i].name);
        assert_true (w >= 0);
        const e19_weapon_t *x = &t->weapons[w];
        assert_true (x->fires);
        assert_int_equal (x->band_count, sheet[i].bands);
        for (int b = 0; b < sheet[i].bands; b++) {
            assert_true (x->bands[b].range_cm == sheet[i].range[b]);
            assert_int_equal (x->bands[b].dice, sheet[i].dice[b]);
        }
        assert_int_equal (x->starred, sheet[i].starred);
        assert_int_equal (x->breech, sheet[i].breech);
    }
    assert_false (t->weapons[ruleset_weapon_find (rs, "sabre")].fires);
    assert_true (t->skirmisher_range_cm == 8.0);
    /* "Unit may only fire frontally 45°" */
    assert_true (t->arc_half_deg == 45.0);
}

/*
 *                    Cav   CO If Col  Normal  Dispersed
 *  Inf line, Art     2+    3+         4+      5+
 *  Sk, Dgns          3+    4+         5+      6
 *  Infantry Col      4+    5+         6       6
 */
static void
test_firing_table (void **state)
{
    (void) state;
    static const int sheet[3][4] = { { 2, 3, 4, 5 }, { 3, 4, 5, 6 },
                                     { 4, 5, 6, 6 } };
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 4; c++)
            assert_int_equal (e19_hit_score (t, (e19_firer_t) r,
                                             (e19_target_t) c), sheet[r][c]);
}

/*
 *                  Breech-loaders             All else
 *                  Sk or Ln   Dgns or Col
 *  Woods, towns    3+         4+              5+
 *  Open            5+         6               None
 */
static void
test_saving_roll (void **state)
{
    (void) state;
    assert_int_equal (t->save_cover[E19_SAVE_BREECH_SKIRMISH_OR_LINE], 3);
    assert_int_equal (t->save_cover[E19_SAVE_BREECH_DRAGOONS_OR_COLUMN], 4);
    assert_int_equal (t->save_cover[E19_SAVE_ALL_ELSE], 5);
    assert_int_equal (t->save_open[E19_SAVE_BREECH_SKIRMISH_OR_LINE], 5);
    assert_int_equal (t->save_open[E19_SAVE_BREECH_DRAGOONS_OR_COLUMN], 6);
    assert_int_equal (t->save_open[E19_SAVE_ALL_ELSE], 0);    /* None */
    assert_true (t->breech_is_target);
}

/*
 *  Hand-to-Hand Combat (Hit on 4+) Die per base
 *               Cav  Dgns  Inf Col.  Inf Ln  Sk/Art
 *  Cav          1    2     2         3       4
 *  Ski/Art      1    1     1         1       -
 *  Charging
 *  Dgns         -    2     2         2       3
 *  Inf          -    -     2         2       3
 *  Defending
 *  Dgns         1    1     -         -       -
 *  Infantry     1    1     1         -       -
 */
static void
test_hand_to_hand (void **state)
{
    (void) state;
    static const int sheet[6][5] = {
        { 1, 2, 2, 3, 4 }, { 1, 1, 1, 1, 0 }, { 0, 2, 2, 2, 3 },
        { 0, 0, 2, 2, 3 }, { 1, 1, 0, 0, 0 }, { 1, 1, 1, 0, 0 } };
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 5; c++)
            if (t->melee[r][c] != sheet[r][c])
                fail_msg ("hand-to-hand row %d column %d: %d, the sheet %d",
                          r, c, t->melee[r][c], sheet[r][c]);
    assert_int_equal (t->melee_hit_on, 4);
    /* "+1 dice per base: Attacking Flank or Rear; Defending riverbank
       frontally; On higher ground"; "-1 dice per base: Cavalry vs Close
       order Infantry" */
    assert_int_equal (t->melee_flank_or_rear, 1);
    assert_int_equal (t->melee_riverbank, 1);
    /* the bank's width is the project's (RULINGS.md), not the sheet's */
    assert_true (t->riverbank_cm == 4.0);
    assert_int_equal (t->melee_higher_ground, 1);
    assert_int_equal (t->melee_cavalry_vs_close, -1);
    /* "Unit taking greatest number of hits retreats 12cm facing enemy" */
    assert_true (t->retreat_cm == 12.0);
    /* "Unit eliminated if retreat blocked", a town whose room is taken
       blocking it as a unit does (RULINGS.md) */
    assert_false (t->retreat_short_of_town);
    /* "Lost hand-to-hand combat (two tests)" */
    assert_int_equal (t->lost_melee_tests, 2);
}

/*
 *  Fanatic 2+, Elite 3+, Average 4+, Levy 5+, Rabble 6
 */
static void
test_morale_levels (void **state)
{
    (void) state;
    assert_int_equal (t->morale_needed[QUALITY_HERO], 2);
    assert_int_equal (t->morale_needed[QUALITY_REGULAR], 3);
    assert_int_equal (t->morale_needed[QUALITY_AVERAGE], 4);
    assert_int_equal (t->morale_needed[QUALITY_GREEN], 5);
    assert_int_equal (t->morale_needed[QUALITY_RAW], 6);
    /* the levels are the ruleset's names of the grades */
    assert_string_equal (ruleset_quality_name (rs, QUALITY_HERO), "fanatic");
    assert_string_equal (ruleset_quality_name (rs, QUALITY_REGULAR), "elite");
    assert_string_equal (ruleset_quality_name (rs, QUALITY_GREEN), "levy");
    assert_string_equal (ruleset_quality_name (rs, QUALITY_RAW), "rabble");
    assert_int_equal (ruleset_quality_parse (rs, "elite"), QUALITY_REGULAR);
}

/*
 *  Die Roll  Standard game          Mini game
 *            Poor Average Good      Poor Average Good
 *  1-2       2    4       6         1    2       4
 *  3-4       3    5       7         2    3       5
 *  5-6       4    6       8         3    4       6
 */
static void
test_command_roll (void **state)
{
    (void) state;
    static const int standard[6][3] = { { 2, 4, 6 }, { 2, 4, 6 }, { 3, 5, 7 },
                                        { 3, 5, 7 }, { 4, 6, 8 },
                                        { 4, 6, 8 } };
    for (int die = 1; die <= 6; die++)
        for (int gr = 0; gr < 3; gr++)
            assert_int_equal (e19_command_units (t, (e19_general_t) gr, die),
                              standard[die - 1][gr]);
    static const int mini[3][3] = { { 1, 2, 4 }, { 2, 3, 5 }, { 3, 4, 6 } };
    for (int b = 0; b < 3; b++)
        for (int gr = 0; gr < 3; gr++)
            assert_int_equal (t->command[1][gr][b], mini[b][gr]);
    assert_false (t->mini_game);
}

static void
test_loader_errors (void **state)
{
    (void) state;
    test_tables_refused (TABLES, "hit_on = 4;", "hit_on = 7;",
                  "e19.melee.hit_on: 7 is not in 2..6");
    test_tables_refused (TABLES, "dragoons    = { cavalry = \"no\";",
                  "dragoons    = { cavalry = \"perhaps\";",
                  "e19.charge.dragoons.cavalry: \"perhaps\" is not one of "
                  "no, yes, maybe");
    test_tables_refused (TABLES, "fanatic = 2; elite = 3;", "fanatic = 2; elitist = 3;",
                  "e19.morale.elitist: unknown setting");
    test_tables_refused (TABLES, "size = \"standard\";", "size = \"huge\";",
                  "e19.command.size: \"huge\" is not one of standard, mini");
    test_tables_refused (TABLES, "poor = [2, 3, 4];", "poor = [2, 3];",
                  "e19.command.standard.poor: must be [1-2, 3-4, 5-6]");
    test_tables_refused (TABLES, "    musket                  = {",
                  "    arquebus                = {",
                  "e19.weapons: \"arquebus\" is not in the weapons table");
    test_tables_refused (TABLES, "{ name = \"general\";              arms = [\"command\"]; }",
                  "{ name = \"marshal\";              arms = [\"command\"]; }",
                  "\"marshal\" is not a troop of the sheet");
    test_tables_refused (TABLES, "road_turns = \"on_road\";",
                  "road_turns = \"never\";",
                  "e19.movement.road_turns: \"never\" is not one of "
                  "road_rate, on_road");
    test_tables_refused (TABLES, "fire_at_cavalry = \"contact\";",
                  "fire_at_cavalry = \"halfway\";",
                  "e19.charge.fire_at_cavalry: \"halfway\" is not one of "
                  "start, contact");
    test_tables_refused (TABLES, "face_by = \"centre\";",
                  "face_by = \"corners\";",
                  "e19.charge.face_by: \"corners\" is not one of "
                  "centre, edges");
    test_tables_refused (TABLES, "hits_per_base = 1;", "hits_per_base = 0;",
                  "e19.units.hits_per_base: 0 is not in 1..100");
    /* settings.moves.form_to_move: "Infantry in Line: May not move",
       "Unlimbered Artillery: Can not move": both lines form column */
    test_tables_refused (TABLES, "artillery = { line = \"column\"; };",
                  "artillery = { };",
                  "settings.moves.form_to_move: artillery.line must be "
                  "\"column\"");
    test_tables_refused (TABLES, "infantry = { line = \"column\"; };",
                  "infantry = { line = \"square\"; };",
                  "form_to_move.infantry.line: a square has no move");
    test_tables_refused (TABLES, "infantry = { line = \"column\"; };",
                  "infantry = { line = \"file\"; };",
                  "\"file\" is not another formation");
    test_tables_refused (TABLES, "infantry = { line = \"column\"; };",
                  "infantry = { rank = \"column\"; };",
                  "form_to_move.infantry.rank: unknown formation");
    test_tables_refused (TABLES, "form_to_move = { infantry",
                  "form_to_move = { horse = { }; infantry",
                  "form_to_move.horse: unknown arm");
    test_tables_refused (TABLES, "attackers_per_face = 1;",
                  "attackers_per_face = 0;",
                  "e19.charge.attackers_per_face: 0 is not in 1..8");
    test_tables_refused (TABLES, "side_a = \"scenario_else_roll\";",
                  "side_a = \"blue\";",
                  "e19.sequence.side_a: \"blue\" is not one of scenario, "
                  "roll, scenario_else_roll");
    test_tables_refused (TABLES, "full_town_retreat = \"blocked\";",
                  "full_town_retreat = \"stays\";",
                  "e19.melee.full_town_retreat: \"stays\" is not one of "
                  "blocked, short");
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_charge_sequence),
        cmocka_unit_test (test_movement),
        cmocka_unit_test (test_weapons),
        cmocka_unit_test (test_firing_table),
        cmocka_unit_test (test_saving_roll),
        cmocka_unit_test (test_hand_to_hand),
        cmocka_unit_test (test_morale_levels),
        cmocka_unit_test (test_command_roll),
        cmocka_unit_test (test_loader_errors),
    };
    return cmocka_run_group_tests (tests, setup, teardown);
}
