/*  test_troop_types.c - a unit's troop type: the ruleset's table, the
 *  files, the wire both ways, and the moves seed 002 gives by type.
 *
 *  Seed 002, Movement: "Foot Figures may move a maximum of 25 cms a turn,
 *  though wounded men and civilians may only move 20cms (15 cms if in
 *  heavy armour/clothing!)".
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "catalog.h"
#include "convert.h"
#include "ruleset.h"
#include "situation.h"
#include "testutil.h"

static const ruleset_t *the_ruleset;

static const ruleset_t *
find_skirmish19 (const char *name, void *arg)
{
    (void) arg;
    return strcmp (name, "skirmish19") == 0 ? the_ruleset : NULL;
}

static unit_t
foot (int troop_type)
{
    unit_t u;
    memset (&u, 0, sizeof u);
    snprintf (u.id, sizeof u.id, "walker");
    u.arm = ARM_INFANTRY;
    u.figures = 10;
    u.troop_type = troop_type;
    u.fp.width = 10;
    u.fp.depth = 3;
    return u;
}

/*  The table: row 0 is the arm's usual (""), then the two the seed names. */
static void
test_table (void **state)
{
    (void) state;
    ruleset_t *rs = test_load_skirmish19 ();
    assert_int_equal (ruleset_troop_type_count (rs), 3);
    assert_string_equal (ruleset_troop_type (rs, 0)->name, "");
    assert_int_equal (ruleset_troop_type_find (rs, ""), 0);
    assert_int_equal (ruleset_troop_type_find (rs, NULL), 0);
    int civ = ruleset_troop_type_find (rs, "civilians");
    int heavy = ruleset_troop_type_find (rs, "Heavy_Armour");
    assert_true (civ > 0);
    assert_true (heavy > 0 && heavy != civ);
    assert_string_equal (ruleset_troop_type (rs, heavy)->name, "heavy_armour");
    assert_int_equal (ruleset_troop_type_find (rs, "dragoons"), -1);
    assert_null (ruleset_troop_type (rs, 3));
    assert_null (ruleset_troop_type (rs, -1));
    char list[64];
    assert_string_equal (ruleset_troop_type_list (rs, list, sizeof list),
                         "civilians, heavy_armour");
    ruleset_destroy (&rs);
}

/*  Seed 002: foot 25, civilians 20, heavy armour 15; the wounded 20. */
static void
test_foot_moves (void **state)
{
    (void) state;
    ruleset_t *rs = test_load_skirmish19 ();
    int civ = ruleset_troop_type_find (rs, "civilians");
    int heavy = ruleset_troop_type_find (rs, "heavy_armour");
    unit_t u = foot (0);
    assert_true (ruleset_move_cm (rs, &u, NULL) == 25.0);
    u = foot (civ);
    assert_true (ruleset_move_cm (rs, &u, NULL) == 20.0);
    u = foot (heavy);
    assert_true (ruleset_move_cm (rs, &u, NULL) == 15.0);
    /* wounded men move 20; heavy armour stays the slower 15 */
    u = foot (0);
    u.wounded = 6;
    assert_true (ruleset_move_cm (rs, &u, NULL) == 20.0);
    u = foot (heavy);
    u.wounded = 6;
    assert_true (ruleset_move_cm (rs, &u, NULL) == 15.0);
    u = foot (civ);
    u.wounded = 6;
    assert_true (ruleset_move_cm (rs, &u, NULL) == 20.0);
    ruleset_destroy (&rs);
}

/*  The check names the unit and the type; cavalry are not in armour. */
static void
test_check (void **state)
{
    (void) state;
    ruleset_t *rs = test_load_skirmish19 ();
    char err[SOLO_ERR_MAX];
    unit_t u = foot (ruleset_troop_type_find (rs, "heavy_armour"));
    assert_int_equal (ruleset_troop_type_check (rs, &u, err, sizeof err), 0);
    u.arm = ARM_CAVALRY;
    assert_int_equal (ruleset_troop_type_check (rs, &u, err, sizeof err), -1);
    assert_non_null (strstr (err, "walker"));
    assert_non_null (strstr (err, "heavy_armour"));
    u = foot (7);
    assert_int_equal (ruleset_troop_type_check (rs, &u, err, sizeof err), -1);
    assert_non_null (strstr (err, "walker"));
    u = foot (-1);
    assert_int_equal (unit_validate (&u, err, sizeof err), -1);
    ruleset_destroy (&rs);
}

/*  A table file's troop types: optional, named once, known arms. */
static void
test_table_errors (void **state)
{
    (void) state;
    FILE *f = fopen (test_source_path ("rules/data/skirmish19/tables.cfg"),
                     "rb");
    assert_non_null (f);
    static char text[256 * 1024];
    size_t len = fread (text, 1, sizeof text - 1, f);
    fclose (f);
    text[len] = '\0';
    char *at = strstr (text, "troop_types = (");
    assert_non_null (at);
    char *end = strstr (at, ");\n");
    assert_non_null (end);
    end += 3;
    static char edited[256 * 1024];
    char err[SOLO_ERR_MAX];
    struct { const char *rows; const char *says; } cases[] = {
        { "troop_types = ( { name = \"a\"; }, { name = \"A\"; } );\n",
          "a second troop type" },
        { "troop_types = ( { name = \"\"; } );\n", "empty" },
        { "troop_types = ( { name = \"a\"; arms = [\"sailors\"]; } );\n",
          "unknown arm" },
        { "troop_types = ( { name = \"a\"; speed = 3; } );\n",
          "unknown field" },
        { "troop_types = ( { name = \"a\"; foot_move_cm = -1.0; } );\n",
          "foot_move_cm" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf (edited, sizeof edited, "%.*s%s%s", (int) (at - text), text,
                  cases[i].rows, end);
        ruleset_t *rs = ruleset_load_text (edited, "tables.cfg", err,
                                           sizeof err);
        assert_null (rs);
        if (!strstr (err, cases[i].says))
            fail_msg ("case %zu: \"%s\" lacks \"%s\"", i, err, cases[i].says);
    }
    /* no troop_types at all: only the arm's usual */
    snprintf (edited, sizeof edited, "%.*s%s", (int) (at - text), text, end);
    ruleset_t *rs = ruleset_load_text (edited, "tables.cfg", err, sizeof err);
    assert_non_null (rs);
    assert_int_equal (ruleset_troop_type_count (rs), 1);
    char list[16];
    assert_string_equal (ruleset_troop_type_list (rs, list, sizeof list),
                         "none");
    ruleset_destroy (&rs);
}

static const char *situation_text =
    "ruleset = \"skirmish19\";\n"
    "table = { width = 200.0; depth = 200.0; };\n"
    "units = (\n"
    "  { id = \"knights\"; side = \"blue\"; arm = \"infantry\";\n"
    "    weapon = \"sword\"; figures = 8; x = 50.0; y = 50.0;\n"
    "    facing = 0.0; width = 8.0; depth = 2.0;\n"
    "    troop_type = \"%s\"; },\n"
    "  { id = \"villagers\"; side = \"red\"; arm = \"%s\";\n"
    "    weapon = \"rocks\"; figures = 8; x = 150.0; y = 150.0;\n"
    "    facing = 180.0; width = 8.0; depth = 2.0; }\n"
    ");\n";

static situation_t *
load (const char *type, const char *arm, char *err, int errlen)
{
    char text[2048];
    snprintf (text, sizeof text, situation_text, type, arm);
    return situation_load_text (text, "test.cfg", find_skirmish19, NULL, err,
                                errlen);
}

/*  Situation files: `troop_type = "heavy_armour";`, absent = "". */
static void
test_situation_file (void **state)
{
    (void) state;
    ruleset_t *rs = test_load_skirmish19 ();
    the_ruleset = rs;
    char err[SOLO_ERR_MAX];
    situation_t *sit = load ("heavy_armour", "infantry", err, sizeof err);
    assert_non_null (sit);
    const unit_t *knights = situation_unit_const (sit, 0);
    const unit_t *villagers = situation_unit_const (sit, 1);
    assert_string_equal (ruleset_troop_type (rs, knights->troop_type)->name,
                         "heavy_armour");
    assert_int_equal (villagers->troop_type, 0);
    assert_true (ruleset_move_cm (rs, knights, NULL) == 15.0);
    situation_destroy (&sit);

    sit = load ("", "infantry", err, sizeof err);
    assert_non_null (sit);
    assert_int_equal (situation_unit_const (sit, 0)->troop_type, 0);
    situation_destroy (&sit);

    /* an unknown name: the unit and the name, with the line */
    sit = load ("dragoons", "infantry", err, sizeof err);
    assert_null (sit);
    assert_non_null (strstr (err, "test.cfg:"));
    assert_non_null (strstr (err, "knights"));
    assert_non_null (strstr (err, "dragoons"));
    assert_non_null (strstr (err, "heavy_armour"));   /* what it knows */
    ruleset_destroy (&rs);
}

/*  The wire: a Unit's troop_type read and written back. */
static void
test_wire (void **state)
{
    (void) state;
    char err[SOLO_ERR_MAX];
    catalog_t *catalog = catalog_new (test_source_path ("rules/data"), NULL, 0,
                                      "skirmish19", err, sizeof err);
    assert_non_null (catalog);
    const ruleset_t *rs = catalog_find (catalog, "skirmish19");
    assert_non_null (rs);

    Solo__V1__Point centre[2] = { SOLO__V1__POINT__INIT,
                                  SOLO__V1__POINT__INIT };
    Solo__V1__Unit units[2] = { SOLO__V1__UNIT__INIT, SOLO__V1__UNIT__INIT };
    Solo__V1__Unit *list[2] = { &units[0], &units[1] };
    const char *ids[2] = { "townsfolk", "hussars" };
    for (int i = 0; i < 2; i++) {
        centre[i].x = 40.0 + 60.0 * i;
        centre[i].y = 50.0;
        units[i].id = (char *) ids[i];
        units[i].side = i ? SOLO__V1__SIDE__SIDE_RED : SOLO__V1__SIDE__SIDE_BLUE;
        units[i].arm = SOLO__V1__ARM__ARM_INFANTRY;
        units[i].weapon = (char *) "musket";
        units[i].figures = 10;
        units[i].centre = &centre[i];
        units[i].width = 10;
        units[i].depth = 3;
    }
    units[0].troop_type = (char *) "civilians";
    Solo__V1__Situation msg = SOLO__V1__SITUATION__INIT;
    msg.ruleset = (char *) "skirmish19";
    msg.table_width = 200;
    msg.table_depth = 200;
    msg.n_units = 2;
    msg.units = list;

    convert_error_t error;
    situation_t *sit = convert_situation (&msg, catalog, "s", &error);
    assert_non_null (sit);
    const unit_t *u = situation_unit_const (sit, 0);
    assert_int_equal (u->troop_type, ruleset_troop_type_find (rs, "civilians"));
    assert_int_equal (situation_unit_const (sit, 1)->troop_type, 0);
    pool_t *pool = pool_new ();
    assert_non_null (pool);
    Solo__V1__Unit *back = convert_unit_message (u, rs, pool);
    assert_non_null (back);
    assert_string_equal (back->troop_type, "civilians");
    back = convert_unit_message (situation_unit_const (sit, 1), rs, pool);
    assert_string_equal (back->troop_type, "");
    pool_destroy (&pool);
    situation_destroy (&sit);

    /* unknown: the field, the unit and the name */
    units[0].troop_type = (char *) "dragoons";
    assert_null (convert_situation (&msg, catalog, "s", &error));
    assert_string_equal (error.field, "s.units[0].troop_type");
    assert_non_null (strstr (error.message, "townsfolk"));
    assert_non_null (strstr (error.message, "dragoons"));
    /* a type not for the unit's arm */
    units[0].troop_type = (char *) "heavy_armour";
    units[0].arm = SOLO__V1__ARM__ARM_CAVALRY;
    units[0].formation = SOLO__V1__FORMATION__FORMATION_MOUNTED;
    assert_null (convert_situation (&msg, catalog, "s", &error));
    assert_string_equal (error.field, "s.units[0].troop_type");
    assert_non_null (strstr (error.message, "townsfolk"));
    assert_non_null (strstr (error.message, "heavy_armour"));
    catalog_destroy (&catalog);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_table),
        cmocka_unit_test (test_foot_moves),
        cmocka_unit_test (test_check),
        cmocka_unit_test (test_table_errors),
        cmocka_unit_test (test_situation_file),
        cmocka_unit_test (test_wire),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
