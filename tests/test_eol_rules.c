/*  test_eol_rules.c - Empire of Liberty's rules as pure functions, with
 *  the numbers of the text: the 2D6 morale check with every modifier and
 *  outcome, leaders and standards, the fire dice and every multiplier,
 *  the melee kill numbers and modifiers, terrain effects on movement,
 *  wheeling, formations' footprints, the 4" zone, sight into and through
 *  woods.  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "eol_fire.h"
#include "eol_melee.h"
#include "eol_morale.h"
#include "eol_move.h"
#include "game.h"
#include "testutil.h"

#define IN(x) ((x) * 2.54)

static game_rules_t *rules;
static const eol_tables_t *t;

static int
setup (void **state)
{
    (void) state;
    char err[256];
    rules = game_rules_load (test_source_path ("rules/data/empire_of_liberty/"
                                               "tables.cfg"), err, sizeof err);
    if (!rules)
        fail_msg ("%s", err);
    t = game_rules_tables (rules);
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
near (double a, double b, double eps)
{
    if (fabs (a - b) > eps)
        fail_msg ("%.6f is not %.6f", a, b);
}

/*  The table file with `from` (found once) replaced by `to`, loaded: the
 *  other reading of a setting.  Free with game_rules_destroy. */
static game_rules_t *
rules_edited (const char *from, const char *to)
{
    return test_rules_edited ("rules/data/empire_of_liberty/tables.cfg",
                              from, to);
}

/*  ---- morale ---- */

static eol_morale_in_t
in_of (eol_check_t why, eol_grade_t grade)
{
    eol_morale_in_t in;
    memset (&in, 0, sizeof in);
    in.why = why;
    in.grade = grade;
    in.figures = 24;
    return in;
}

/*  "Elite units - 12; Veteran units - 11; Average units - 10; Green units
 *  - 9; Poor units - 8." */
static void
test_morale_base (void **state)
{
    (void) state;
    int want[EOL_GRADE_COUNT] = { 8, 9, 10, 11, 12 };
    for (int g = 0; g < EOL_GRADE_COUNT; g++) {
        eol_morale_in_t in = in_of (EOL_CHECK_CASUALTIES, (eol_grade_t) g);
        assert_int_equal (eol_morale_needed (t, &in, NULL), want[g]);
        /* equal to or below passes; above fails */
        assert_int_equal (eol_morale_result (t, &in, want[g]), EOL_MORALE_PASS);
        assert_int_equal (eol_morale_result (t, &in, want[g] + 1),
                          EOL_MORALE_FALL_BACK);
    }
}

/*  Each modifier on its own, then together. */
static void
test_morale_modifiers (void **state)
{
    (void) state;
    eol_morale_in_t in = in_of (EOL_CHECK_CASUALTIES, EOL_AVERAGE);
    int q;
    /* each 1/4 cumulative casualties: -1 (6 of 24 is one quarter, 11 one,
       12 two, 23 three) */
    in.lost = 5;
    assert_int_equal (eol_morale_needed (t, &in, &q), 10);
    assert_int_equal (q, 0);
    in.lost = 6;
    assert_int_equal (eol_morale_needed (t, &in, &q), 9);
    assert_int_equal (q, 1);
    in.lost = 11;
    assert_int_equal (eol_morale_needed (t, &in, NULL), 9);
    in.lost = 12;
    assert_int_equal (eol_morale_needed (t, &in, NULL), 8);
    in.lost = 23;
    assert_int_equal (eol_morale_needed (t, &in, NULL), 7);
    /* each casualty of the action causing the check: -1 */
    in = in_of (EOL_CHECK_CASUALTIES, EOL_AVERAGE);
    in.casualties_now = 3;
    assert_int_equal (eol_morale_needed (t, &in, NULL), 7);
    /* skirmish -2, leader in contact +1, standard captured -1 */
    in = in_of (EOL_CHECK_CASUALTIES, EOL_AVERAGE);
    in.skirmish = true;
    assert_int_equal (eol_morale_needed (t, &in, NULL), 8);
    in.skirmish = false;
    in.leader_in_contact = true;
    assert_int_equal (eol_morale_needed (t, &in, NULL), 11);
    in.leader_in_contact = false;
    in.standard_captured = true;
    assert_int_equal (eol_morale_needed (t, &in, NULL), 9);
    /* versus a charge having fired this turn: -1; not for other checks */
    in = in_of (EOL_CHECK_CHARGED, EOL_VETERAN);
    in.fired_this_turn = true;
    assert_int_equal (eol_morale_needed (t, &in, NULL), 10);
    in.why = EOL_CHECK_CASUALTIES;
    assert_int_equal (eol_morale_needed (t, &in, NULL), 11);
    /* casualties now do not count in a check to charge or against one */
    in = in_of (EOL_CHECK_TO_CHARGE, EOL_VETERAN);
    in.casualties_now = 2;
    assert_int_equal (eol_morale_needed (t, &in, NULL), 11);
    in.why = EOL_CHECK_FIRED_ON_CHARGING;
    assert_int_equal (eol_morale_needed (t, &in, NULL), 9);
    /* all together: elite 12, 2 quarters -2, 4 casualties -4, skirmish
       -2, leader +1, standard -1: 4 */
    in = in_of (EOL_CHECK_CASUALTIES, EOL_ELITE);
    in.lost = 12;
    in.casualties_now = 4;
    in.skirmish = in.leader_in_contact = in.standard_captured = true;
    assert_int_equal (eol_morale_needed (t, &in, NULL), 4);
}

/*  "Failure by two pips or less indicates that a unit taking casualties
 *  will fall back ... A unit in skirmish will retire a full move.  A unit
 *  ordered to charge or taking fire while charging will stand and fire
 *  instead.  Failure by more than two pips means that a unit taking
 *  casualties will rout ...; a unit ordered to charge or taking fire
 *  while charging will stand in place, but will become disordered." */
static void
test_morale_outcomes (void **state)
{
    (void) state;
    eol_morale_in_t in = in_of (EOL_CHECK_CASUALTIES, EOL_GREEN);  /* 9 */
    assert_int_equal (eol_morale_result (t, &in, 2), EOL_MORALE_PASS);
    assert_int_equal (eol_morale_result (t, &in, 9), EOL_MORALE_PASS);
    assert_int_equal (eol_morale_result (t, &in, 10), EOL_MORALE_FALL_BACK);
    assert_int_equal (eol_morale_result (t, &in, 11), EOL_MORALE_FALL_BACK);
    assert_int_equal (eol_morale_result (t, &in, 12), EOL_MORALE_ROUT);
    in.skirmish = true;                                             /* 7 */
    assert_int_equal (eol_morale_result (t, &in, 9), EOL_MORALE_RETIRE);
    assert_int_equal (eol_morale_result (t, &in, 10), EOL_MORALE_ROUT);
    /* receiving a charge fails as a unit taking casualties */
    in = in_of (EOL_CHECK_CHARGED, EOL_POOR);                       /* 8 */
    assert_int_equal (eol_morale_result (t, &in, 10), EOL_MORALE_FALL_BACK);
    assert_int_equal (eol_morale_result (t, &in, 11), EOL_MORALE_ROUT);
    for (int why = EOL_CHECK_TO_CHARGE; why <= EOL_CHECK_FIRED_ON_CHARGING;
         why += EOL_CHECK_FIRED_ON_CHARGING - EOL_CHECK_TO_CHARGE) {
        in = in_of ((eol_check_t) why, EOL_AVERAGE);                /* 10 */
        assert_int_equal (eol_morale_result (t, &in, 10), EOL_MORALE_PASS);
        assert_int_equal (eol_morale_result (t, &in, 11),
                          EOL_MORALE_STAND_AND_FIRE);
        assert_int_equal (eol_morale_result (t, &in, 12),
                          EOL_MORALE_STAND_AND_FIRE);
        in.grade = EOL_POOR;                                        /* 8 */
        assert_int_equal (eol_morale_result (t, &in, 11),
                          EOL_MORALE_STAND_DISORDERED);
    }
    assert_string_equal (eol_morale_result_words (EOL_MORALE_ROUT), "routs");
}

/*  The check throws 2D6 (queued here). */
static void
test_morale_check_dice (void **state)
{
    (void) state;
    dice_t *d = dice_new (1);
    dice_push (d, 6, 5);
    dice_push (d, 6, 6);
    eol_morale_in_t in = in_of (EOL_CHECK_CASUALTIES, EOL_VETERAN);
    in.casualties_now = 2;
    eol_morale_t m;
    eol_morale_check (t, &in, d, &m);
    assert_int_equal (m.base, 11);
    assert_int_equal (m.needed, 9);
    assert_int_equal (m.roll, 11);
    assert_int_equal (m.failed_by, 2);
    assert_int_equal (m.result, EOL_MORALE_FALL_BACK);
    dice_destroy (&d);
}

/*  "Roll 1 die: for each 1/4 of the unit lost as casualties in that
 *  melee or fire, the chance of a leader effect is 1 pip.  If there is a
 *  leader effect, roll a die: if in melee, a 1-4 = leader is captured;
 *  5/6 = leader wounded or killed, and is removed from play.  If unit
 *  has fallen back: +1; if unit has routed: +2."  The +1 and +2 follow
 *  the second die and are read on it (broken_adds_to = "fate_die");
 *  under fire an effect kills.  Standards: "using the same mechanism
 *  (kill/wound = captured standard)". */
static void
test_leaders_and_standards (void **state)
{
    (void) state;
    assert_int_equal (eol_quarters (5, 24), 0);
    assert_int_equal (eol_quarters (6, 24), 1);
    assert_int_equal (eol_quarters (18, 24), 3);
    assert_int_equal (eol_quarters (3, 0), 0);
    assert_int_equal (t->leader_broken_adds_to, EOL_BROKEN_ADDS_TO_FATE_DIE);
    /* the chance: one pip a quarter, whether it fell back or routed */
    assert_int_equal (eol_leader_chance (t, 0, false, false), 0);
    assert_int_equal (eol_leader_chance (t, 2, false, false), 2);
    assert_int_equal (eol_leader_chance (t, 1, true, false), 1);
    assert_int_equal (eol_leader_chance (t, 1, false, true), 1);
    assert_int_equal (eol_leader_chance (t, 0, false, true), 0);
    /* the second die: +1 fallen back, +2 routed */
    assert_int_equal (eol_leader_fate_modifier (t, false, false), 0);
    assert_int_equal (eol_leader_fate_modifier (t, true, false), 1);
    assert_int_equal (eol_leader_fate_modifier (t, false, true), 2);
    /* an effect on a die at most the chance */
    assert_int_equal (eol_leader_fate (t, true, 2, 3, 1, 0), EOL_LEADER_UNHURT);
    assert_int_equal (eol_leader_fate (t, true, 2, 2, 1, 0),
                      EOL_LEADER_CAPTURED);
    assert_int_equal (eol_leader_fate (t, true, 2, 2, 4, 0),
                      EOL_LEADER_CAPTURED);
    assert_int_equal (eol_leader_fate (t, true, 2, 2, 5, 0), EOL_LEADER_KILLED);
    assert_int_equal (eol_leader_fate (t, true, 2, 1, 6, 0), EOL_LEADER_KILLED);
    assert_int_equal (eol_leader_fate (t, false, 2, 2, 0, 0),
                      EOL_LEADER_KILLED);
    assert_int_equal (eol_leader_fate (t, false, 2, 3, 0, 0),
                      EOL_LEADER_UNHURT);
    assert_int_equal (eol_leader_fate (t, true, 0, 1, 6, 0), EOL_LEADER_UNHURT);
    /* fallen back: 4 + 1 is wounded or killed, 3 + 1 captured; routed:
       3 + 2 killed, 2 + 2 captured */
    assert_int_equal (eol_leader_fate (t, true, 1, 1, 4, 1), EOL_LEADER_KILLED);
    assert_int_equal (eol_leader_fate (t, true, 1, 1, 3, 1),
                      EOL_LEADER_CAPTURED);
    assert_int_equal (eol_leader_fate (t, true, 1, 1, 3, 2), EOL_LEADER_KILLED);
    assert_int_equal (eol_leader_fate (t, true, 1, 1, 2, 2),
                      EOL_LEADER_CAPTURED);
    /* under fire the modifier changes nothing: an effect kills, no effect
       is no effect */
    assert_int_equal (eol_leader_fate (t, false, 1, 2, 0, 2),
                      EOL_LEADER_UNHURT);
    assert_false (eol_standard_lost (t, 3, 3, 4, 0));
    assert_true (eol_standard_lost (t, 3, 3, 5, 0));
    assert_false (eol_standard_lost (t, 3, 4, 6, 0));
    assert_true (eol_standard_lost (t, 3, 3, 4, 1));
    assert_true (eol_standard_lost (t, 3, 3, 3, 2));
    assert_false (eol_standard_lost (t, 3, 3, 2, 2));
    /* the other reading: the +1 and +2 are pips of chance */
    game_rules_t *r = rules_edited ("broken_adds_to = \"fate_die\";",
                                    "broken_adds_to = \"chance\";");
    const eol_tables_t *rt = game_rules_tables (r);
    assert_int_equal (rt->leader_broken_adds_to, EOL_BROKEN_ADDS_TO_CHANCE);
    assert_int_equal (eol_leader_chance (rt, 1, false, false), 1);
    assert_int_equal (eol_leader_chance (rt, 1, true, false), 2);
    assert_int_equal (eol_leader_chance (rt, 1, false, true), 3);
    assert_int_equal (eol_leader_chance (rt, 0, false, true), 2);
    assert_int_equal (eol_leader_fate_modifier (rt, true, false), 0);
    assert_int_equal (eol_leader_fate_modifier (rt, false, true), 0);
    game_rules_destroy (&r);
}

/*  ---- fire ---- */

static eol_fire_mods_t
mods (eol_grade_t g)
{
    eol_fire_mods_t m;
    memset (&m, 0, sizeof m);
    m.grade = g;
    m.band = RANGE_MEDIUM;
    return m;
}

static void
test_fire_multipliers (void **state)
{
    (void) state;
    double want[EOL_GRADE_COUNT] = { 0.5, 0.75, 1.0, 1.5, 2.0 };
    for (int g = 0; g < EOL_GRADE_COUNT; g++) {
        eol_fire_mods_t m = mods ((eol_grade_t) g);
        near (eol_fire_multiplier (t, &m), want[g], 1e-12);
    }
    eol_fire_mods_t m = mods (EOL_AVERAGE);
    m.target_cover = COVER_HARD;
    near (eol_fire_multiplier (t, &m), 0.25, 1e-12);
    m.target_cover = COVER_SOFT;
    near (eol_fire_multiplier (t, &m), 0.5, 1e-12);
    m = mods (EOL_AVERAGE);
    m.target_skirmish = true;
    near (eol_fire_multiplier (t, &m), 0.5, 1e-12);
    m = mods (EOL_AVERAGE);
    m.target_column_or_flank = true;
    near (eol_fire_multiplier (t, &m), 2.0, 1e-12);
    m = mods (EOL_AVERAGE);
    m.mounted = true;
    near (eol_fire_multiplier (t, &m), 0.5, 1e-12);
    m = mods (EOL_AVERAGE);
    m.band = RANGE_SHORT;
    near (eol_fire_multiplier (t, &m), 2.0, 1e-12);
    m.band = RANGE_LONG;
    near (eol_fire_multiplier (t, &m), 0.5, 1e-12);
    m.band = RANGE_NONE;
    near (eol_fire_multiplier (t, &m), 1.0, 1e-12);
    /* they multiply: elite, point-blank, at a column: x8; green, long
       range, mounted, at skirmishers in cover: 3/4 x 1/2 x 1/2 x 1/2 x 1/2 */
    m = mods (EOL_ELITE);
    m.band = RANGE_SHORT;
    m.target_column_or_flank = true;
    near (eol_fire_multiplier (t, &m), 8.0, 1e-12);
    m = mods (EOL_GREEN);
    m.band = RANGE_LONG;
    m.mounted = m.target_skirmish = true;
    m.target_cover = COVER_SOFT;
    near (eol_fire_multiplier (t, &m), 0.75 / 16, 1e-12);
}

/*  Rounding to whole dice, and who may fire: "Only the front rank of
 *  bases or individual skirmishers may fire." */
static void
test_fire_dice_and_figures (void **state)
{
    (void) state;
    /* the text gives no rounding: the project's is to the nearest, a
       half up (eol.fire.round = "nearest"): 5 Poor figures, 2.5, are 3 */
    assert_int_equal (t->fire_round, EOL_ROUND_NEAREST);
    assert_int_equal (eol_fire_dice (t, 0), 0);
    assert_int_equal (eol_fire_dice (t, -1), 0);
    assert_int_equal (eol_fire_dice (t, 0.49), 0);
    assert_int_equal (eol_fire_dice (t, 0.5), 1);
    assert_int_equal (eol_fire_dice (t, 5 * 0.5), 3);
    assert_int_equal (eol_fire_dice (t, 24 * 1.5 * 0.5 * 0.5), 9);
    assert_int_equal (eol_fire_dice (t, 16 * 0.75), 12);
    assert_int_equal (eol_dice_nearest (2.5), 3);
    assert_int_equal (eol_dice_nearest (2.49), 2);
    /* the other readings: down and up; whole dice stay whole */
    struct { const char *to; int at_2_5, at_2_25, at_0_5, at_18; } rounds[] = {
        { "round = \"down\";", 2, 2, 0, 18 },
        { "round = \"up\";", 3, 3, 1, 18 } };
    for (size_t i = 0; i < sizeof rounds / sizeof rounds[0]; i++) {
        game_rules_t *r = rules_edited ("round = \"nearest\";", rounds[i].to);
        const eol_tables_t *rt = game_rules_tables (r);
        assert_int_equal (eol_fire_dice (rt, 5 * 0.5), rounds[i].at_2_5);
        assert_int_equal (eol_fire_dice (rt, 3 * 0.75), rounds[i].at_2_25);
        assert_int_equal (eol_fire_dice (rt, 0.5), rounds[i].at_0_5);
        assert_int_equal (eol_fire_dice (rt, 24 * 0.75), rounds[i].at_18);
        assert_int_equal (eol_fire_dice (rt, 0), 0);
        game_rules_destroy (&r);
    }
    assert_int_equal (eol_fire_figures (FORMATION_LINE, 24, 4), 24);
    assert_int_equal (eol_fire_figures (FORMATION_LOOSE, 13, 4), 13);
    assert_int_equal (eol_fire_figures (FORMATION_COLUMN, 24, 4), 4);
    assert_int_equal (eol_fire_figures (FORMATION_COLUMN, 3, 4), 3);
    assert_int_equal (eol_fire_figures (FORMATION_COLUMN, 8, 2), 2);
    assert_int_equal (eol_fire_figures (FORMATION_LINE, 0, 4), 0);
    /* any roll of a 6 kills */
    dice_t *d = dice_new (1);
    int faces[6] = { 1, 2, 3, 4, 5, 6 };
    for (int i = 0; i < 6; i++)
        dice_push (d, 6, faces[i]);
    dice_push (d, 6, 6);
    int rolls[8];
    assert_int_equal (eol_fire_kills (t, 7, d, rolls, 8), 2);
    assert_int_equal (rolls[5], 6);
    dice_destroy (&d);
}

/*  ---- melee ---- */

static void
test_fighters (void **state)
{
    (void) state;
    assert_int_equal (eol_fighter (EOL_FIELD_ARTILLERY, ARM_ARTILLERY,
                                   FORMATION_LINE), EOL_FIGHTER_ARTILLERISTS);
    assert_int_equal (eol_fighter (EOL_SKIRMISH_INFANTRY, ARM_INFANTRY,
                                   FORMATION_LOOSE),
                      EOL_FIGHTER_FOOT_SKIRMISHERS);
    assert_int_equal (eol_fighter (EOL_LIGHT_INFANTRY, ARM_INFANTRY,
                                   FORMATION_LOOSE),
                      EOL_FIGHTER_FOOT_SKIRMISHERS);
    assert_int_equal (eol_fighter (EOL_LIGHT_INFANTRY, ARM_INFANTRY,
                                   FORMATION_LINE),
                      EOL_FIGHTER_FORMED_INFANTRY);
    assert_int_equal (eol_fighter (EOL_REGULAR_INFANTRY, ARM_INFANTRY,
                                   FORMATION_COLUMN),
                      EOL_FIGHTER_FORMED_INFANTRY);
    assert_int_equal (eol_fighter (EOL_MOUNTED_RIFLES, ARM_CAVALRY,
                                   FORMATION_LINE), EOL_FIGHTER_MOUNTED_RIFLES);
    assert_int_equal (eol_fighter (EOL_CAVALRY, ARM_CAVALRY, FORMATION_LOOSE),
                      EOL_FIGHTER_CAVALRY);
    /* dismounted: foot skirmishers */
    assert_int_equal (eol_fighter (EOL_MOUNTED_RIFLES, ARM_INFANTRY,
                                   FORMATION_LOOSE),
                      EOL_FIGHTER_FOOT_SKIRMISHERS);
    assert_int_equal (eol_fighter (EOL_CAVALRY, ARM_INFANTRY, FORMATION_LOOSE),
                      EOL_FIGHTER_FOOT_SKIRMISHERS);
}

static void
test_melee_modifiers (void **state)
{
    (void) state;
    assert_int_equal (eol_melee_modifier (t, EOL_ELITE, false, false, false,
                                          false), 1);
    assert_int_equal (eol_melee_modifier (t, EOL_VETERAN, false, false, false,
                                          false), 1);
    assert_int_equal (eol_melee_modifier (t, EOL_AVERAGE, false, false, false,
                                          false), 0);
    assert_int_equal (eol_melee_modifier (t, EOL_GREEN, false, false, false,
                                          false), -1);
    assert_int_equal (eol_melee_modifier (t, EOL_POOR, false, false, false,
                                          false), -1);
    /* rough: mounted -2, skirmishers +1; the open: nothing */
    assert_int_equal (eol_melee_modifier (t, EOL_AVERAGE, true, false, true,
                                          false), -2);
    assert_int_equal (eol_melee_modifier (t, EOL_AVERAGE, true, false, false,
                                          false), 0);
    assert_int_equal (eol_melee_modifier (t, EOL_AVERAGE, false, true, true,
                                          false), 1);
    assert_int_equal (eol_melee_modifier (t, EOL_AVERAGE, false, true, false,
                                          false), 0);
    assert_int_equal (eol_melee_modifier (t, EOL_AVERAGE, false, false, false,
                                          true), -1);
    assert_int_equal (eol_melee_modifier (t, EOL_POOR, true, false, true,
                                          true), -4);
}

/*  Which natural faces kill: cavalry 4-6, formed infantry 5-6, foot
 *  skirmishers 6; a +1 brings each down one, a -1 up one. */
static void
test_melee_kills (void **state)
{
    (void) state;
    struct { int kill_on, mod, least; } rows[] = {
        { 4, 0, 4 }, { 5, 0, 5 }, { 6, 0, 6 }, { 4, 1, 3 }, { 5, 1, 4 },
        { 6, 1, 5 }, { 4, -2, 6 }, { 5, -1, 6 }, { 6, -1, 7 }, { 4, -3, 7 } };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        for (int die = 1; die <= 6; die++)
            assert_int_equal (eol_melee_die_kills (t, die, rows[i].mod,
                                                   rows[i].kill_on),
                              die >= rows[i].least);
    dice_t *d = dice_new (1);
    int faces[6] = { 6, 5, 4, 3, 2, 1 };
    for (int i = 0; i < 6; i++)
        dice_push (d, 6, faces[i]);
    assert_int_equal (eol_melee_kills (t, 6, 0, 4, d, NULL, 0), 3);
    dice_destroy (&d);
}

/*  ---- movement and sight ---- */

static situation_t *
table_with (const char *terrain)
{
    char text[2048], err[256];
    snprintf (text, sizeof text, "ruleset = \"empire_of_liberty\";\n"
              "table = { width = 200.0; depth = 200.0; };\n"
              "terrain = ( %s );\n", terrain);
    situation_t *sit = situation_load_text (text, "t.cfg", game_rules_finder,
                                            rules, err, sizeof err);
    if (!sit)
        fail_msg ("%s", err);
    return sit;
}

static void
test_movers (void **state)
{
    (void) state;
    unit_t u;
    memset (&u, 0, sizeof u);
    u.arm = ARM_INFANTRY;
    u.formation = FORMATION_LINE;
    assert_int_equal (eol_mover (&u), EOL_MOVER_FORMED_FOOT);
    u.formation = FORMATION_COLUMN;
    assert_int_equal (eol_mover (&u), EOL_MOVER_FORMED_FOOT);
    u.formation = FORMATION_LOOSE;
    assert_int_equal (eol_mover (&u), EOL_MOVER_SKIRMISH_FOOT);
    u.arm = ARM_CAVALRY;
    assert_int_equal (eol_mover (&u), EOL_MOVER_SKIRMISH_MOUNTED);
    u.formation = FORMATION_LINE;
    assert_int_equal (eol_mover (&u), EOL_MOVER_MOUNTED);
    u.formation = FORMATION_COLUMN;
    assert_int_equal (eol_mover (&u), EOL_MOVER_MOUNTED);
    u.arm = ARM_ARTILLERY;
    u.formation = FORMATION_COLUMN;
    assert_int_equal (eol_mover (&u), EOL_MOVER_ARTILLERY);
    u.arm = ARM_COMMAND;
    assert_int_equal (eol_mover (&u), EOL_MOVER_MOUNTED);
    /* "Roads double movement and negate the effects of rough terrain for
       all but skirmish": skirmishers on foot or mounted */
    assert_false (eol_road_applies (t, EOL_MOVER_SKIRMISH_FOOT));
    assert_false (eol_road_applies (t, EOL_MOVER_SKIRMISH_MOUNTED));
    assert_true (eol_road_applies (t, EOL_MOVER_FORMED_FOOT));
    assert_true (eol_road_applies (t, EOL_MOVER_MOUNTED));
    assert_true (eol_road_applies (t, EOL_MOVER_ARTILLERY));
    /* "rough slows ... mounted ... by 3/4": mounted skirmishers too */
    near (eol_rough_speed (t, EOL_MOVER_SKIRMISH_MOUNTED), 0.25, 1e-12);
    near (eol_rough_speed (t, EOL_MOVER_SKIRMISH_FOOT), 1.0, 1e-12);
    /* road_for_skirmish = true gives the road to both */
    game_rules_t *r = rules_edited ("road_for_skirmish = false;",
                                    "road_for_skirmish = true;");
    const eol_tables_t *rt = game_rules_tables (r);
    assert_true (eol_road_applies (rt, EOL_MOVER_SKIRMISH_FOOT));
    assert_true (eol_road_applies (rt, EOL_MOVER_SKIRMISH_MOUNTED));
    game_rules_destroy (&r);
}

/*  "rough slows formed infantry by half, and mounted and artillery by
 *  3/4.  Roads double movement and negate the effects of rough terrain
 *  for all but skirmish": foot skirmishers are not slowed, mounted
 *  skirmishers are (mounted) and have no road (skirmish); rivers are
 *  impassable. */
static void
test_path_cost (void **state)
{
    (void) state;
    situation_t *sit = table_with (
        "{ id = \"scrub\"; kind = \"rough\"; polygon = ( [40.0, 0.0], "
        "[60.0, 0.0], [60.0, 200.0], [40.0, 200.0] ); },"
        "{ id = \"road\"; kind = \"road\"; polygon = ( [0.0, 99.0], "
        "[200.0, 99.0], [200.0, 101.0], [0.0, 101.0] ); },"
        "{ id = \"river\"; kind = \"river\"; polygon = ( [150.0, 0.0], "
        "[155.0, 0.0], [155.0, 200.0], [150.0, 200.0] ); }");
    vec2_t a = { 30, 50 }, b = { 70, 50 };      /* 10 open, 20 rough, 10 open */
    near (eol_path_cost (t, sit, EOL_MOVER_FORMED_FOOT, a, b), 20 + 40, 1e-6);
    near (eol_path_cost (t, sit, EOL_MOVER_MOUNTED, a, b), 20 + 80, 1e-6);
    near (eol_path_cost (t, sit, EOL_MOVER_ARTILLERY, a, b), 20 + 80, 1e-6);
    near (eol_path_cost (t, sit, EOL_MOVER_SKIRMISH_FOOT, a, b), 40, 1e-6);
    near (eol_path_cost (t, sit, EOL_MOVER_SKIRMISH_MOUNTED, a, b), 20 + 80,
          1e-6);
    /* along the road, through the rough: half the length for formed
       troops and horse; skirmishers pay the length */
    vec2_t c = { 10, 100 }, d = { 90, 100 };
    near (eol_path_cost (t, sit, EOL_MOVER_FORMED_FOOT, c, d), 40, 1e-6);
    near (eol_path_cost (t, sit, EOL_MOVER_MOUNTED, c, d), 40, 1e-6);
    near (eol_path_cost (t, sit, EOL_MOVER_SKIRMISH_FOOT, c, d), 80, 1e-6);
    /* mounted skirmishers have no road: the open at its length, the
       rough at four times (60 + 20 x 4) */
    near (eol_path_cost (t, sit, EOL_MOVER_SKIRMISH_MOUNTED, c, d), 140, 1e-6);
    /* into the river: impassable */
    vec2_t e = { 140, 50 }, f = { 160, 50 };
    assert_true (isinf (eol_path_cost (t, sit, EOL_MOVER_FORMED_FOOT, e, f)));
    /* how far 10.16 cm (a line's 4") goes from the edge of the rough */
    vec2_t p = eol_path_reach (t, sit, EOL_MOVER_FORMED_FOOT,
                               (vec2_t) { 40, 50 }, (vec2_t) { 60, 50 },
                               IN (4), NULL);
    near (p.x, 40 + IN (2), 0.02);
    /* across the rough and out: 10 open, 20 rough (40), 5 open of 55 */
    double spent = 0;
    p = eol_path_reach (t, sit, EOL_MOVER_FORMED_FOOT, a, b, 55, &spent);
    near (p.x, 65, 0.02);
    near (p.y, 50, 1e-9);
    near (spent, 55, 0.02);
    near (spent, eol_path_cost (t, sit, EOL_MOVER_FORMED_FOOT, a, p), 1e-12);
    /* the whole way fits: to its end, at its cost */
    p = eol_path_reach (t, sit, EOL_MOVER_FORMED_FOOT, a, b, 60, &spent);
    near (p.x, 70, 1e-12);
    near (spent, 60, 1e-9);
    /* not into the river: as far as its bank */
    p = eol_path_reach (t, sit, EOL_MOVER_FORMED_FOOT, e, f, 30, &spent);
    near (p.x, 150, 0.02);
    near (spent, 10, 0.02);
    situation_destroy (&sit);
}

/*  "Turns are made by wheeling on one front corner or the other of the
 *  formation, and paying the distance moved by the opposite corner." */
static void
test_wheel (void **state)
{
    (void) state;
    near (eol_wheel_cost (IN (9), 90), IN (9) * 3.14159265358979 / 2, 1e-9);
    near (eol_wheel_cost (IN (9), -45), IN (9) * 3.14159265358979 / 4, 1e-9);
    near (eol_turn (350, 10), 20, 1e-9);
    near (eol_turn (10, 350), -20, 1e-9);
    near (eol_turn (0, 180), 180, 1e-9);
    /* a line 20 wide, 4 deep at (100, 100) facing 0 wheels 90 degrees
       right on its front-right corner (110, 102) */
    footprint_t fp = { { 100, 100 }, 0, 20, 4 };
    footprint_t w = eol_wheeled (&fp, 90);
    near (w.facing, 90, 1e-9);
    near (w.centre.x, 108, 1e-9);
    near (w.centre.y, 112, 1e-9);
    vec2_t c[4];
    footprint_corners (&w, c);
    near (c[1].x, 110, 1e-9);     /* the pivot stays its front-right */
    near (c[1].y, 102, 1e-9);
    near (c[0].x, 110, 1e-9);     /* the left has swung round */
    near (c[0].y, 122, 1e-9);
    /* left on the front-left corner (90, 102) */
    w = eol_wheeled (&fp, -90);
    near (w.facing, 270, 1e-9);
    near (w.centre.x, 92, 1e-9);
    near (w.centre.y, 112, 1e-9);
}

/*  Bases and footprints: a line one base deep, a column one base wide,
 *  skirmishers in one loose line, a gun on its 3" base, a leader. */
static void
test_footprints (void **state)
{
    (void) state;
    const ruleset_t *rs = game_rules_ruleset (rules);
    unit_t u;
    memset (&u, 0, sizeof u);
    u.arm = ARM_INFANTRY;
    u.weapon = ruleset_weapon_find (rs, "musket");
    u.troop_type = ruleset_troop_type_find (rs, "regular_infantry");
    u.figures = 22;                   /* 6 bases, the last not full */
    u.fp.facing = 0;
    assert_int_equal (eol_bases (t, &u), 6);
    footprint_t f = eol_formation_footprint (t, &u, FORMATION_LINE, ARM_INFANTRY);
    near (f.width, IN (9), 1e-9);
    near (f.depth, IN (1.5), 1e-9);
    f = eol_formation_footprint (t, &u, FORMATION_COLUMN, ARM_INFANTRY);
    near (f.width, IN (1.5), 1e-9);
    near (f.depth, IN (9), 1e-9);
    u.troop_type = ruleset_troop_type_find (rs, "light_infantry");
    u.figures = 16;
    /* the text puts skirmishers in no ranks: "individually mounted on
       bases 3/4" square", "within 1" of another figure in their unit, but
       not touching": one loose line, every figure on the frontage */
    f = eol_formation_footprint (t, &u, FORMATION_LOOSE, ARM_INFANTRY);
    near (f.width, 16 * IN (0.75) + 15 * IN (1), 1e-9);
    near (f.depth, IN (0.75), 1e-9);
    u.weapon = ruleset_weapon_find (rs, "carbine");
    u.troop_type = ruleset_troop_type_find (rs, "cavalry");
    u.arm = ARM_CAVALRY;
    u.figures = 6;                    /* three squadrons of two */
    assert_int_equal (eol_bases (t, &u), 3);
    f = eol_formation_footprint (t, &u, FORMATION_LINE, ARM_CAVALRY);
    near (f.width, IN (4.5), 1e-9);
    u.weapon = ruleset_weapon_find (rs, "field_gun_6pdr");
    u.troop_type = ruleset_troop_type_find (rs, "field_artillery");
    u.arm = ARM_ARTILLERY;
    u.figures = 4;
    assert_int_equal (eol_bases (t, &u), 1);
    f = eol_formation_footprint (t, &u, FORMATION_COLUMN, ARM_ARTILLERY);
    near (f.width, IN (3), 1e-9);
    near (f.depth, IN (3), 1e-9);
    u.weapon = ruleset_weapon_find (rs, "none");
    u.troop_type = ruleset_troop_type_find (rs, "leader");
    u.arm = ARM_COMMAND;
    u.figures = 1;
    f = eol_formation_footprint (t, &u, FORMATION_LINE, ARM_COMMAND);
    near (f.width, IN (1.5), 1e-9);
}

/*  "You may not move within 4" of the front of an enemy unit": the zone
 *  is ahead of its front edge, 4" included; skirmishers face every
 *  way. */
static void
test_front_zone (void **state)
{
    (void) state;
    unit_t e;
    memset (&e, 0, sizeof e);
    e.formation = FORMATION_LINE;
    e.fp = (footprint_t) { { 100, 100 }, 0, 20, 4 };     /* front at y 102 */
    footprint_t m = { { 100, 102 + 2 + IN (4) - 0.1 }, 180, 10, 4 };
    double d;
    assert_true (eol_in_front_zone (t, &e, &m, &d));
    near (d, IN (4) - 0.1, 1e-9);
    m.centre.y += 0.2;
    assert_false (eol_in_front_zone (t, &e, &m, NULL));
    /* "within 4"" takes in 4" itself: a footprint exactly 4" from the
       front (to the last bit of the arithmetic) is within, a thousandth
       of a cm further is not */
    m.centre.y = 102 + 2 + IN (4);
    for (int i = 0; i < 64 && footprint_distance (&m, &e.fp) < t->no_closer_cm;
         i++)
        m.centre.y = nextafter (m.centre.y, INFINITY);
    assert_true (eol_in_front_zone (t, &e, &m, &d));
    assert_true (d >= t->no_closer_cm && d < t->no_closer_cm + 1e-12);
    m.centre.y += 0.001;
    assert_false (eol_in_front_zone (t, &e, &m, NULL));
    /* beside its flank, as near: not its front */
    footprint_t s = { { 100 + 10 + 5 + 2, 100 }, 0, 10, 4 };
    assert_false (eol_in_front_zone (t, &e, &s, NULL));
    /* behind it */
    footprint_t r = { { 100, 100 - 2 - 2 - 3 }, 0, 10, 4 };
    assert_false (eol_in_front_zone (t, &e, &r, NULL));
    e.formation = FORMATION_LOOSE;
    assert_true (eol_in_front_zone (t, &e, &s, NULL));
    assert_true (eol_in_front_zone (t, &e, &r, NULL));
}

/*  "You can see up to 3" into woods, built-up areas, and similar terrain,
 *  or 6" through them." */
static void
test_sight_into_and_through (void **state)
{
    (void) state;
    situation_t *sit = table_with (
        "{ id = \"wood\"; kind = \"woods\"; polygon = ( [100.0, 0.0], "
        "[110.0, 0.0], [110.0, 200.0], [100.0, 200.0] ); },"
        "{ id = \"copse\"; kind = \"woods\"; polygon = ( [50.0, 0.0], "
        "[65.0, 0.0], [65.0, 200.0], [50.0, 200.0] ); },"
        "{ id = \"hill\"; kind = \"steep_hill\"; polygon = ( [0.0, 150.0], "
        "[200.0, 150.0], [200.0, 160.0], [0.0, 160.0] ); }");
    vec2_t p = { 80, 50 };
    /* into the 10 cm wood: 3" (7.62) deep seen, 8 cm not */
    assert_true (eol_line_seen (t, sit, p, (vec2_t) { 100 + IN (3) - 0.01, 50 }));
    assert_false (eol_line_seen (t, sit, p, (vec2_t) { 108, 50 }));
    /* through it: 10 cm of wood, under 6" (15.24) */
    assert_true (eol_line_seen (t, sit, p, (vec2_t) { 130, 50 }));
    /* through the 15 cm copse: seen; slantwise, more than 6": not */
    assert_true (eol_line_seen (t, sit, (vec2_t) { 40, 50 }, (vec2_t) { 75, 50 }));
    assert_false (eol_line_seen (t, sit, (vec2_t) { 40, 50 },
                                 (vec2_t) { 75, 80 }));
    /* from inside a wood out: its 3" */
    assert_true (eol_line_seen (t, sit, (vec2_t) { 103, 50 }, (vec2_t) { 90, 50 }));
    assert_false (eol_line_seen (t, sit, (vec2_t) { 108, 50 }, (vec2_t) { 90, 50 }));
    /* a steep hill blocks sight across it */
    assert_false (eol_line_seen (t, sit, (vec2_t) { 20, 140 }, (vec2_t) { 20, 170 }));
    assert_true (eol_line_seen (t, sit, (vec2_t) { 20, 155 }, (vec2_t) { 20, 170 }));
    situation_destroy (&sit);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_morale_base),
        cmocka_unit_test (test_morale_modifiers),
        cmocka_unit_test (test_morale_outcomes),
        cmocka_unit_test (test_morale_check_dice),
        cmocka_unit_test (test_leaders_and_standards),
        cmocka_unit_test (test_fire_multipliers),
        cmocka_unit_test (test_fire_dice_and_figures),
        cmocka_unit_test (test_fighters),
        cmocka_unit_test (test_melee_modifiers),
        cmocka_unit_test (test_melee_kills),
        cmocka_unit_test (test_movers),
        cmocka_unit_test (test_path_cost),
        cmocka_unit_test (test_wheel),
        cmocka_unit_test (test_footprints),
        cmocka_unit_test (test_front_zone),
        cmocka_unit_test (test_sight_into_and_through),
    };
    return cmocka_run_group_tests (tests, setup, teardown);
}
