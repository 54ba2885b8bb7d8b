/*  test_rf_tables.c - golden test of every cell of both actions tables.
 *
 *  The expected cells are in tests/data/rf_cells.txt, transcribed by hand
 *  from the rules text: each band at its edges, every D6 face, the up-to-
 *  RF0 special cases, the cavalry paces and the words of each cell.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rf.h"
#include "testutil.h"

#define CELLS "tests/data/rf_cells.txt"

static int
parse_arm (const char *name, const char *where)
{
    int arm = arm_parse (name);
    if (arm != ARM_INFANTRY && arm != ARM_CAVALRY)
        fail_msg ("%s: arm \"%s\"", where, name);
    return arm;
}

static bool
is_charge_cell (rf_action_t a)
{
    return a == RF_CONTINUE_FACING_CHARGE || a == RF_ADVANCE_CHARGE;
}

/*  One line "arm rf face flags action pace": the look-up gives it. */
static void
check_cell (const ruleset_t *rs, const char *line, const char *where,
            bool covered[2][RF_BANDS][RF_FACES])
{
    char arm_s[16], flags[32], action_s[32], pace[16];
    int rf, face;
    if (sscanf (line, "%15s %d %d %31s %31s %15s", arm_s, &rf, &face, flags,
                action_s, pace) != 6)
        fail_msg ("%s: cannot read \"%s\"", where, line);
    int arm = parse_arm (arm_s, where);
    int action = rf_action_parse (action_s);
    if (action < 0)
        fail_msg ("%s: unknown action \"%s\"", where, action_s);
    if (face < 1 || face > 6)
        fail_msg ("%s: face %d", where, face);
    bool fortified = strstr (flags, "fortified") != NULL;
    bool falling_back = strstr (flags, "falling_back") != NULL;
    const char *want_pace = strcmp (pace, "-") == 0 ? "" : pace;

    rf_decision_t d;
    char err[SOLO_ERR_MAX] = "";
    if (rf_lookup (rs, (arm_t) arm, rf, face, fortified, falling_back, NULL,
                   &d, err, sizeof err) < 0)
        fail_msg ("%s: look-up failed: %s", where, err);
    if ((int) d.action != action)
        fail_msg ("%s: %s RF %d face %d %s gave %s, the rules say %s", where,
                  arm_s, rf, face, flags, rf_action_name (d.action), action_s);
    assert_int_equal (d.rf, rf);
    assert_int_equal (d.roll, face);
    assert_true (d.roll_from_player);
    assert_int_equal ((int) d.outcomes[face - 1].action, action);
    assert_int_equal (d.outcomes[face - 1].roll, face);
    /* "(Charge?)" cells report the charge a look-up cannot rule out */
    assert_int_equal (d.charge, is_charge_cell ((rf_action_t) action));
    if (strcmp (d.order.pace, want_pace) != 0)
        fail_msg ("%s: pace \"%s\", the rules say \"%s\"", where, d.order.pace,
                  want_pace);
    /* the morale is the action's */
    const rf_morale_t *m = ruleset_rf_morale (rs);
    assert_string_equal (d.morale, m->morale[action]);
    assert_string_equal (d.outcomes[face - 1].morale, m->morale[action]);

    /* the plain cells are the table's own, and cover it */
    if (strcmp (flags, "-") == 0) {
        const rf_table_t *t = ruleset_rf_table (rs, (arm_t) arm);
        int band = rf_band (t, rf);
        assert_int_equal (d.band, band);
        assert_int_equal ((int) t->cell[band][face - 1], action);
        assert_string_equal (t->pace[band][face - 1], want_pace);
        assert_string_equal (d.outcomes[face - 1].text, t->text[band][face - 1]);
        covered[arm][band][face - 1] = true;
    }
}

/*  One line "text arm action words...": every cell of that action in the
 *  arm's table reads so, and there is at least one. */
static void
check_text (const ruleset_t *rs, const char *line, const char *where)
{
    char arm_s[16], action_s[32];
    int used = 0;
    if (sscanf (line, "text %15s %31s %n", arm_s, action_s, &used) != 2 || !used)
        fail_msg ("%s: cannot read \"%s\"", where, line);
    const char *words = line + used;
    int arm = parse_arm (arm_s, where);
    int action = rf_action_parse (action_s);
    const rf_table_t *t = ruleset_rf_table (rs, (arm_t) arm);
    int found = 0;
    for (int b = 0; b < RF_BANDS; b++)
        for (int f = 0; f < RF_FACES; f++)
            if ((int) t->cell[b][f] == action) {
                if (strcmp (t->text[b][f], words) != 0)
                    fail_msg ("%s: %s %s reads \"%s\", the rules say \"%s\"",
                              where, arm_s, action_s, t->text[b][f], words);
                found++;
            }
    if (!found)
        fail_msg ("%s: no %s cell is %s", where, arm_s, action_s);
}

static void
test_every_cell (void **state)
{
    (void) state;
    ruleset_t *rs = test_load_skirmish19 ();
    FILE *f = fopen (test_source_path (CELLS), "r");
    assert_non_null (f);
    char line[512];
    int number = 0, cells = 0, texts = 0;
    bool covered[2][RF_BANDS][RF_FACES];
    memset (covered, 0, sizeof covered);
    while (fgets (line, sizeof line, f)) {
        number++;
        line[strcspn (line, "\r\n")] = '\0';
        if (line[0] == '\0' || line[0] == '#')
            continue;
        char where[64];
        snprintf (where, sizeof where, "%s:%d", CELLS, number);
        if (strncmp (line, "text ", 5) == 0) {
            check_text (rs, line, where);
            texts++;
        }
        else {
            check_cell (rs, line, where, covered);
            cells++;
        }
    }
    fclose (f);
    assert_int_equal (cells, 142);
    assert_int_equal (texts, 16);
    for (int a = 0; a < 2; a++)
        for (int b = 0; b < RF_BANDS; b++)
            for (int face = 0; face < RF_FACES; face++)
                if (!covered[a][b][face])
                    fail_msg ("%s band %d face %d is not in %s",
                              a ? "cavalry" : "infantry", b, face + 1, CELLS);
    ruleset_destroy (&rs);
}

/*  The band edges: up to RF0, RF1, RF2-5, RF6-8, RF9+. */
static void
test_band_edges (void **state)
{
    (void) state;
    ruleset_t *rs = test_load_skirmish19 ();
    for (int arm = ARM_INFANTRY; arm <= ARM_CAVALRY; arm++) {
        const rf_table_t *t = ruleset_rf_table (rs, (arm_t) arm);
        static const int rf[] =   { -100, -1, 0, 1, 2, 5, 6, 8, 9, 99, 100, 100000 };
        static const int band[] = {    0,  0, 0, 1, 2, 2, 3, 3, 4,  4,   4,      4 };
        for (size_t i = 0; i < sizeof rf / sizeof rf[0]; i++)
            assert_int_equal (rf_band (t, rf[i]), band[i]);
    }
    ruleset_destroy (&rs);
}

/*  The six outcomes of one look-up are the row, face by face. */
static void
test_six_outcomes (void **state)
{
    (void) state;
    ruleset_t *rs = test_load_skirmish19 ();
    rf_decision_t d;
    char err[SOLO_ERR_MAX];
    assert_int_equal (rf_lookup (rs, ARM_INFANTRY, 7, 3, false, false, NULL,
                                 &d, err, sizeof err), 0);
    static const rf_action_t row[RF_FACES] = {
        RF_RUN, RF_WITHDRAW, RF_TAKE_COVER, RF_TAKE_COVER, RF_HALT,
        RF_CONTINUE_FACING_CHARGE
    };
    for (int f = 0; f < RF_FACES; f++) {
        assert_int_equal (d.outcomes[f].roll, f + 1);
        assert_int_equal (d.outcomes[f].action, row[f]);
        assert_int_equal (d.outcomes[f].charge, f == 5);
    }
    assert_string_equal (d.outcomes[0].text, "Run from nearest enemy");
    assert_int_equal (d.action, RF_TAKE_COVER);
    assert_int_equal (d.unit, -1);
    assert_int_equal (d.order.nearest_enemy, -1);
    assert_int_equal (d.order.shoot_target, -1);
    assert_int_equal (d.order.cover_feature, -1);
    assert_int_equal (d.order.group_count, 0);
    assert_non_null (strstr (d.explanation, "Risk Factor 7, RF6-8"));
    assert_non_null (strstr (d.explanation, "D6: 3, the player's throw"));

    /* the special cases' own words */
    assert_int_equal (rf_lookup (rs, ARM_INFANTRY, -2, 6, true, false, NULL,
                                 &d, err, sizeof err), 0);
    assert_non_null (strstr (d.outcomes[5].text, "fortified"));
    assert_string_equal (d.outcomes[0].text, "Continue current actions");
    assert_int_equal (rf_lookup (rs, ARM_CAVALRY, 0, 5, false, true, NULL,
                                 &d, err, sizeof err), 0);
    assert_non_null (strstr (d.outcomes[4].text, "last known enemy position"));
    assert_non_null (strstr (d.outcomes[5].text, "last known enemy position"));
    assert_string_equal (d.outcomes[3].text, "Continue current actions");
    ruleset_destroy (&rs);
}

/*  The die: the player's, or the daemon's seeded one; bad input refused. */
static void
test_roll (void **state)
{
    (void) state;
    ruleset_t *rs = test_load_skirmish19 ();
    rf_decision_t d, e;
    char err[SOLO_ERR_MAX];
    dice_t *dice = dice_new (42);
    assert_int_equal (rf_lookup (rs, ARM_CAVALRY, 3, 0, false, false, dice,
                                 &d, err, sizeof err), 0);
    assert_false (d.roll_from_player);
    assert_true (d.roll >= 1 && d.roll <= 6);
    assert_non_null (strstr (d.explanation, "thrown by the daemon"));
    dice_reseed (dice, 42);
    assert_int_equal (rf_lookup (rs, ARM_CAVALRY, 3, 0, false, false, dice,
                                 &e, err, sizeof err), 0);
    assert_int_equal (d.roll, e.roll);               /* same seed, same die */
    assert_int_equal (d.action, e.action);

    assert_int_equal (rf_lookup (rs, ARM_CAVALRY, 3, 7, false, false, dice,
                                 &d, err, sizeof err), -1);
    assert_non_null (strstr (err, "roll 7 is not a D6 face"));
    assert_int_equal (rf_lookup (rs, ARM_CAVALRY, 3, -1, false, false, dice,
                                 &d, err, sizeof err), -1);
    assert_non_null (strstr (err, "roll -1"));
    assert_int_equal (rf_lookup (rs, ARM_CAVALRY, 3, 0, false, false, NULL,
                                 &d, err, sizeof err), -1);
    assert_non_null (strstr (err, "no dice"));
    dice_destroy (&dice);

    /* artillery reads the infantry table */
    assert_int_equal (rf_lookup (rs, ARM_ARTILLERY, 0, 6, false, false, NULL,
                                 &d, err, sizeof err), 0);
    assert_int_equal (d.action, RF_ADVANCE_VISIBLE);
    assert_int_equal (d.arm, ARM_ARTILLERY);
    ruleset_destroy (&rs);

    /* an arm without a table */
    char *text = NULL;
    {
        FILE *f = fopen (test_source_path ("rules/data/skirmish19/tables.cfg"), "rb");
        assert_non_null (f);
        fseek (f, 0, SEEK_END);
        long len = ftell (f);
        fseek (f, 0, SEEK_SET);
        text = calloc (1, (size_t) len + 1);
        assert_int_equal (fread (text, 1, (size_t) len, f), (size_t) len);
        fclose (f);
    }
    char *p = strstr (text, "command = \"infantry\"");
    assert_non_null (p);
    memcpy (p, "command = \"none\"    ", strlen ("command = \"infantry\""));
    rs = ruleset_load_text (text, "t", err, sizeof err);
    assert_non_null (rs);
    assert_int_equal (rf_lookup (rs, ARM_COMMAND, 3, 2, false, false, NULL,
                                 &d, err, sizeof err), -1);
    assert_non_null (strstr (err, "no Risk Factor table for command"));
    ruleset_destroy (&rs);
    free (text);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_every_cell),
        cmocka_unit_test (test_band_edges),
        cmocka_unit_test (test_six_outcomes),
        cmocka_unit_test (test_roll),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
