/*  test_eol_wire.c - Empire of Liberty's five grades and the formations on
 *  the wire: every quality (Poor, Green, Average, Veteran, Elite) and
 *  every formation goes out and comes back as itself, value by value; a
 *  value the protocol does not have is refused naming the field.  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "catalog.h"
#include "convert.h"
#include "games.h"
#include "ruleset.h"
#include "situation.h"
#include "testutil.h"

/*  Each core value goes out and back the same; the wire's numbers are
 *  the protocol's own. */
static void
test_enums (void **state)
{
    (void) state;
    for (int q = 0; q < QUALITY_COUNT; q++)
        assert_int_equal (convert_quality_from_wire (
                              (int) convert_quality_message ((quality_t) q)),
                          q);
    for (int f = 0; f < FORMATION_COUNT; f++)
        assert_int_equal (convert_formation_from_wire (
                              (int) convert_formation_message (
                                  (formation_t) f)),
                          f);
    assert_int_equal (convert_quality_message (QUALITY_AVERAGE),
                      SOLO__V1__QUALITY__QUALITY_AVERAGE);
    assert_int_equal (convert_quality_message (QUALITY_GREEN),
                      SOLO__V1__QUALITY__QUALITY_GREEN);
    assert_int_equal (convert_quality_from_wire (
                          SOLO__V1__QUALITY__QUALITY_GREEN), QUALITY_GREEN);
    assert_int_equal (convert_quality_from_wire (77), -1);
    assert_int_equal (convert_formation_from_wire (-3), -1);
}

/*  An Empire of Liberty situation with a unit of each grade, read from
 *  the wire and written back: each keeps its grade, and the ruleset
 *  names it as the text does. */
static void
test_grades_round_trip (void **state)
{
    (void) state;
    char err[SOLO_ERR_MAX];
    catalog_t *catalog = catalog_new (test_source_path ("rules/data"), NULL, 0,
                                      "skirmish19", err, sizeof err);
    assert_non_null (catalog);
    const ruleset_t *rs = catalog_find (catalog, "empire_of_liberty");
    assert_non_null (rs);

    const Solo__V1__Quality grades[5] = {
        SOLO__V1__QUALITY__QUALITY_RAW, SOLO__V1__QUALITY__QUALITY_GREEN,
        SOLO__V1__QUALITY__QUALITY_AVERAGE,
        SOLO__V1__QUALITY__QUALITY_REGULAR, SOLO__V1__QUALITY__QUALITY_HERO };
    const char *names[5] = { "poor", "green", "average", "veteran", "elite" };
    Solo__V1__Point centre[5];
    Solo__V1__Unit units[5];
    Solo__V1__Unit *list[5];
    char ids[5][8];
    for (int i = 0; i < 5; i++) {
        solo__v1__point__init (&centre[i]);
        solo__v1__unit__init (&units[i]);
        centre[i].x = 20.0 + 30.0 * i;
        centre[i].y = 50.0;
        snprintf (ids[i], sizeof ids[i], "u%d", i);
        units[i].id = ids[i];
        units[i].side = i % 2 ? SOLO__V1__SIDE__SIDE_RED
                              : SOLO__V1__SIDE__SIDE_BLUE;
        units[i].arm = SOLO__V1__ARM__ARM_INFANTRY;
        units[i].quality = grades[i];
        units[i].weapon = (char *) "musket";
        units[i].troop_type = (char *) "regular_infantry";
        units[i].formation = i == 4 ? SOLO__V1__FORMATION__FORMATION_COLUMN
                                    : SOLO__V1__FORMATION__FORMATION_LINE;
        units[i].figures = 16;
        units[i].centre = &centre[i];
        units[i].width = 15.24;
        units[i].depth = 3.81;
        list[i] = &units[i];
    }
    Solo__V1__Situation msg = SOLO__V1__SITUATION__INIT;
    msg.ruleset = (char *) "empire_of_liberty";
    msg.table_width = 200;
    msg.table_depth = 200;
    msg.n_units = 5;
    msg.units = list;
    convert_error_t error;
    situation_t *sit = convert_situation (&msg, catalog, "s", &error);
    if (!sit)
        fail_msg ("%s: %s", error.field, error.message);
    pool_t *pool = pool_new ();
    assert_non_null (pool);
    for (int i = 0; i < 5; i++) {
        const unit_t *u = situation_unit_const (sit, i);
        assert_string_equal (ruleset_quality_name (rs, u->quality), names[i]);
        Solo__V1__Unit *back = convert_unit_message (u, rs, pool);
        assert_non_null (back);
        assert_int_equal (back->quality, grades[i]);
        assert_int_equal (back->formation, units[i].formation);
    }
    pool_destroy (&pool);
    /* a game's situation as a file names the grades as the text does,
       and reads back the same */
    char *text = games_situation_text (sit);
    assert_non_null (text);
    assert_non_null (strstr (text, "quality = \"elite\""));
    assert_non_null (strstr (text, "quality = \"veteran\""));
    assert_null (strstr (text, "quality = \"hero\""));
    convert_finder_t finder = { catalog, "" };
    situation_t *again = situation_load_text (text, "saved.cfg",
                                              convert_tracking_finder,
                                              &finder, err, sizeof err);
    if (!again)
        fail_msg ("%s", err);
    for (int i = 0; i < 5; i++)
        assert_int_equal (situation_unit_const (again, i)->quality,
                          situation_unit_const (sit, i)->quality);
    situation_destroy (&again);
    free (text);
    situation_destroy (&sit);

    /* a grade the protocol does not have */
    units[2].quality = (Solo__V1__Quality) 9;
    assert_null (convert_situation (&msg, catalog, "s", &error));
    assert_string_equal (error.field, "s.units[2].quality");
    assert_non_null (strstr (error.message, "9 is not a quality"));
    units[2].quality = SOLO__V1__QUALITY__QUALITY_AVERAGE;
    units[3].formation = (Solo__V1__Formation) 12;
    assert_null (convert_situation (&msg, catalog, "s", &error));
    assert_string_equal (error.field, "s.units[3].formation");
    catalog_destroy (&catalog);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_enums),
        cmocka_unit_test (test_grades_round_trip),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
