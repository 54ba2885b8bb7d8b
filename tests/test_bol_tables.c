/*  test_bol_tables.c - every number 4 Page Bolivar (seed 003) prints, as
 *  the table file gives it, asserted from the four pages (their lines
 *  quoted beside each); the unit types' stands, shooting and evading;
 *  the readings of the absent Quick Reference Sheet present and in the
 *  text's range; and the loader's errors.  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bol_tables.h"
#include "game.h"
#include "testutil.h"

#define TABLES "rules/data/bolivar/tables.cfg"

static game_rules_t *rules;
static const bol_tables_t *t;
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

static void
is (double got, double want)
{
    if (fabs (got - want) > 1e-9)
        fail_msg ("%g is not the text's %g", got, want);
}

/*  Game Basics, Resolve and the command check. */
static void
test_resolve_and_command (void **state)
{
    (void) state;
    /* "Each stand has Resolve (2-4)." */
    assert_int_equal (t->resolve_min, 2);
    assert_int_equal (t->resolve_max, 4);
    /* "Superior stands are +1 resolve for the type, inferior stands are
       -1 resolve, and raw are a flat 2." */
    assert_int_equal (t->superior_bonus, 1);
    assert_int_equal (t->inferior_bonus, -1);
    assert_int_equal (t->raw_resolve, 2);
    assert_int_equal (bol_stand_resolve (t, BOL_BATTALION, QUALITY_RAW), 2);
    assert_int_equal (bol_stand_resolve (t, BOL_HORSE, QUALITY_HERO),
                      t->type[BOL_HORSE].resolve + 1);
    assert_int_equal (bol_stand_resolve (t, BOL_HORSE, QUALITY_GREEN),
                      t->type[BOL_HORSE].resolve - 1);
    /* "roll 1d6 for each point of the current resolve with success if any
       hit (6)" */
    assert_int_equal (t->command_hit, 6);
    /* "A unit beyond 8 TUM of the commander of the division has a -1d6
       modifier." */
    is (t->command_reach_tum, 8);
    assert_int_equal (t->command_reach_dice, 1);
    /* "All distances are measured in TUM" */
    assert_string_equal (ruleset_length_unit (rs), "TUM");
}

/*  Step 2.1, Movement and the zones. */
static void
test_movement (void **state)
{
    (void) state;
    /* "3 TUM for charge moves or moving in difficult" */
    is (t->charge_tum, 3);
    is (t->difficult_tum, 3);
    /* "A Wheel is up to 45°" */
    is (t->wheel_deg, 45);
    /* "An About Face is a 180° turn which reduces the movement allowance
       by 1 TUM for infantry and 3 TUM for others." */
    is (t->about_face_infantry_tum, 1);
    is (t->about_face_other_tum, 3);
    /* Threat Zone "(3) within 4 TUM of any enemy"; Control Zone "directly-
       to-front of enemy and within 3 TUM" */
    is (t->threat_tum, 4);
    is (t->control_tum, 3);
    /* "Every unit has a Movement Allowance: 3, 6 or 8 TUM for normal
       moves (see QRS)": which type has which is the QRS's (a reading),
       but each is one of the three */
    for (int k = 0; k < BOL_TYPE_COUNT; k++) {
        double m = t->type[k].move_tum;
        if (m != 3 && m != 6 && m != 8)
            fail_msg ("%s moves %g TUM, not 3, 6 or 8", bol_type_name (k), m);
    }
    /* readings (RULINGS.md): a move that meets difficult terrain on its
       way goes 3 TUM or up to the edge; an evade's about face ("reduces
       the movement allowance by 1 TUM for infantry and 3 TUM for
       others") comes off its "full movement allowance" */
    assert_int_equal (t->difficult_path, BOL_DIFFICULT_EDGE);
    assert_true (t->evade_turn_costs);
    /* "making an about face and/or wheel if necessary", "A Wheel is up
       to 45°": an evader whose way directly away no such turn reaches
       turns the nearest they take it (a reading) */
    assert_int_equal (t->evade_turn, BOL_EVADE_NEAREST);
    /* "Units that take hits from shooting must shoot (place marker)":
       read, every unit that shoots by its troops and formation, a moved
       marker or not */
    assert_int_equal (t->fire_hit_marker, BOL_HIT_MARKER_SHOOTERS);
    /* "Artillery can wheel or pivot": read, only those */
    assert_true (t->guns_wheel_pivot);
    /* "Cavalry that tie in melee Pass Through each other": any two */
    assert_true (t->cavalry_tie_pass_any);
    /* no word of the text bars a unit in contact from shooting */
    assert_true (t->shoot_in_contact);
    /* "Control Zone: The unit is directly-to-front of enemy" with
       "Otherwise a unit is assumed to be located at the front centre of
       the unit": its front centre */
    assert_int_equal (t->control_front_at, BOL_AT_FRONT_CENTRE);
    /* a shooting target "in arc" and "directly-to-front": its front
       centre too */
    assert_int_equal (t->shoot_target_at, BOL_AT_FRONT_CENTRE);
}

/*  Step 2.2, Shooting, and commander casualties. */
static void
test_shooting (void **state)
{
    (void) state;
    /* "Units shoot directly-to-front or obliquely (45°) to-flank." */
    is (t->arc_deg, 45);
    /* "The primary shooter gets 2d6 per resolve if a heavy gun, otherwise
       1d6 per resolve ...; a secondary shooter gets only 1d6." */
    assert_int_equal (t->primary_heavy_gun_dice, 2);
    assert_int_equal (t->primary_dice, 1);
    assert_int_equal (t->secondary_dice, 1);
    /* "QRS gives score to hit (6 or 5-6)": the readings are one of them */
    assert_int_equal (t->shoot_hit, 6);
    assert_true (t->shoot_close_hit == 5 || t->shoot_close_hit == 6);
    /* "Battalion (line, column, square), skirmisher, horse and deployed
       artillery stands can Shoot" */
    for (int k = 0; k < BOL_TYPE_COUNT; k++) {
        bool shoots = k == BOL_BATTALION || k == BOL_SKIRMISHER
                   || k == BOL_HORSE || k == BOL_LIGHT_GUN
                   || k == BOL_HOWITZER || k == BOL_HEAVY_GUN;
        if (t->type[k].shoots != shoots)
            fail_msg ("%s shoots: %d", bol_type_name (k), t->type[k].shoots);
    }
    /* "The enemy player rolls 3d6 if the attached unit routed and 2d6 if
       it did not and hits on any 6." */
    assert_int_equal (t->casualty_dice_routed, 3);
    assert_int_equal (t->casualty_dice, 2);
    assert_int_equal (t->casualty_hit, 6);
}

/*  Phase 4, Close combat. */
static void
test_close_combat (void **state)
{
    (void) state;
    /* "A Gauchos/Llaneros or skirmisher unit can Evade" */
    for (int k = 0; k < BOL_TYPE_COUNT; k++)
        assert_int_equal (t->type[k].evades,
                          k == BOL_GAUCHOS || k == BOL_SKIRMISHER);
    /* "An attached commander gets 1d6"; "A secondary fighter gets 1d6" */
    assert_int_equal (t->attached_melee_dice, 1);
    /* "The primary fighter gets 1d6 or 2d6 per resolve": each type's
       reading is one of them (guns and commanders do not charge) */
    for (int k = 0; k < BOL_C_IN_C; k++) {
        int c = t->type[k].melee_charging, d = t->type[k].melee_defending;
        bool gun = k == BOL_LIGHT_GUN || k == BOL_HOWITZER
                || k == BOL_HEAVY_GUN;
        if (!(c == 1 || c == 2 || (gun && c == 0)) || !(d == 1 || d == 2))
            fail_msg ("%s: %d and %d dice per resolve", bol_type_name (k), c,
                      d);
    }
    /* Support: "(1) No enemy unit to-rear within 4 TUM; (2) At least one
       friendly ... unit to-rear within 4 TUM." */
    is (t->support_tum, 4);
    /* "A line is crowded when any part of a friendly line is
       directly-to-rear within 1 TUM.  A column is crowded when any part of
       a friendly unit is: (1) in column to-flank within 2 TUM; (2) within
       1 TUM either to-flank or directly-to-rear." */
    is (t->crowded_line_tum, 1);
    is (t->crowded_column_flank_tum, 2);
    is (t->crowded_column_tum, 1);
    /* "up to 3 TUM for cavalry and 1 TUM for infantry" */
    is (t->rally_back_cavalry_tum, 3);
    is (t->rally_back_infantry_tum, 1);
    /* "both units make an extra move directly-to-front for 3 TUM" */
    is (t->pass_through_tum, 3);
    /* "Passage of lines is when two lines, one behind the other within 3
       Tum, swap positions" */
    is (t->passage_tum, 3);
}

/*  Game Basics' stands, Phase 6 and the time limit. */
static void
test_units_and_victory (void **state)
{
    (void) state;
    /* "Battalion and spearmen units have two stands, and all other units
       have one stand." */
    for (int k = 0; k < BOL_TYPE_COUNT; k++)
        assert_int_equal (t->type[k].stands,
                          k == BOL_BATTALION || k == BOL_SPEARMEN ? 2 : 1);
    /* every type's resolve (the QRS's) in the text's 2..4 */
    for (int k = 0; k < BOL_TYPE_COUNT; k++)
        assert_true (t->type[k].resolve >= 2 && t->type[k].resolve <= 4);
    /* "1/3 the number of the original units, rounded up" */
    is (t->breakpoint, 1.0 / 3.0);
    /* the units count the commanders: "each of 3 to 8 units including
       compulsory commander" (a reading, RULINGS.md) */
    assert_true (t->army_break_commanders);
    /* "The attacker loses if the game has not finished before the time
       limit (10 game turns)." */
    assert_int_equal (t->time_limit_turns, 10);
    /* the unit types as the text names them */
    assert_true (ruleset_troop_type_find (rs, "gauchos_llaneros") > 0);
    assert_int_equal (bol_unit_type (t, &(unit_t) { .arm = ARM_CAVALRY,
                                                    .troop_type = 0 }),
                      BOL_GAUCHOS);
}

static void
test_loader_errors (void **state)
{
    (void) state;
    test_tables_refused (TABLES, "command_hit = 6;", "command_hit = 7;",
                  "bolivar.text.command_hit: 7 is not in 2..6");
    test_tables_refused (TABLES, "resolve_max = 4;", "resolve_most = 4;",
                  "bolivar.text.resolve_most: unknown setting");
    test_tables_refused (TABLES, "uncommanded = \"no_commander\";",
                  "uncommanded = \"sometimes\";",
                  "bolivar.readings.uncommanded: \"sometimes\" is not one "
                  "of none, no_commander, beyond_reach");
    test_tables_refused (TABLES, "difficult_path = \"edge\";",
                  "difficult_path = \"sometimes\";",
                  "bolivar.readings.difficult_path: \"sometimes\" is not "
                  "one of edge, whole");
    test_tables_refused (TABLES, "    evade_turn_costs = true;\n", "",
                  "bolivar.readings.evade_turn_costs");
    test_tables_refused (TABLES, "evade_turn = \"nearest\";",
                  "evade_turn = \"any\";",
                  "bolivar.readings.evade_turn: \"any\" is not one of "
                  "nearest, directly_away");
    test_tables_refused (TABLES, "control_front_at = \"front_centre\";",
                  "control_front_at = \"centre\";",
                  "bolivar.readings.control_front_at: \"centre\" is not one "
                  "of front_centre, any_part");
    test_tables_refused (TABLES, "shoot_target_at = \"front_centre\";",
                  "shoot_target_at = \"any_part\";",
                  "bolivar.readings.shoot_target_at: \"any_part\" is not "
                  "one of front_centre, nearest_part");
    test_tables_refused (TABLES, "fire_hit_marker = \"shooters\";",
                  "fire_hit_marker = \"all\";",
                  "bolivar.readings.fire_hit_marker: \"all\" is not one "
                  "of shooters, able");
    test_tables_refused (TABLES, "horse            = { stands = 1; resolve = 3;",
                  "horse            = { stands = 1; resolve = 5;",
                  "bolivar.types.horse.resolve: 5 is not in 2..4");
    test_tables_refused (TABLES, "{ name = \"brigadier\";        arms = [\"command\"]; }",
                  "{ name = \"general\";          arms = [\"command\"]; }",
                  "\"general\" is not a unit type of the text");
    test_tables_refused (TABLES, "    breakpoint = 0.3333333333333333;", "",
                  "bolivar.text.breakpoint");
    test_tables_refused (TABLES, "army_break_commanders = true;",
                  "army_break_commanders = 1;",
                  "bolivar.readings.army_break_commanders: must be true or "
                  "false");
    /* the guns' words: a word, not another formation's name */
    test_tables_refused (TABLES, "column = \"limbered\"; }; };",
                         "column = \"line\"; }; };",
                         "formation_words.artillery.column: \"line\" must be "
                         "a word of lower-case letters, digits and _, not "
                         "another formation's name");
    test_tables_refused (TABLES, "column = \"limbered\"; }; };",
                         "column = \"deployed\"; }; };",
                         "formation_words.artillery: \"deployed\" names two "
                         "formations");
    test_tables_refused (TABLES, "formation_words = { artillery",
                         "formation_words = { gunners",
                         "formation_words: unknown arm \"gunners\"");
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_resolve_and_command),
        cmocka_unit_test (test_movement),
        cmocka_unit_test (test_shooting),
        cmocka_unit_test (test_close_combat),
        cmocka_unit_test (test_units_and_victory),
        cmocka_unit_test (test_loader_errors),
    };
    return cmocka_run_group_tests (tests, setup, teardown);
}
