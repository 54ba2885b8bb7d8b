/*  test_json_in.c - a situation in JSON (as the web table saves it) read
 *  into the protocol's Situation by the solo client, and every fault in
 *  such a file named with its line and field.  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "solo.pb-c.h"
#include "testutil.h"

#include "../clients/solo/json_in.c"

static Solo__V1__Situation *
read_situation_json (const char *text, char *err, size_t errlen)
{
    err[0] = '\0';
    return (Solo__V1__Situation *) json_in_message (
        &solo__v1__situation__descriptor, text, err, errlen);
}

static void
expect_fault (const char *text, const char *words)
{
    char err[512];
    Solo__V1__Situation *s = read_situation_json (text, err, sizeof err);
    if (s)
        fail_msg ("read, expected \"%s\"", words);
    if (!strstr (err, words))
        fail_msg ("\"%s\" lacks \"%s\"", err, words);
}

/*  The web table's own file: every field the page writes is read. */
static void
test_web_table_file (void **state)
{
    (void) state;
    FILE *f = fopen (test_source_path ("clients/web/situations/farm.json"),
                     "rb");
    assert_non_null (f);
    static char text[65536];
    size_t n = fread (text, 1, sizeof text - 1, f);
    fclose (f);
    text[n] = '\0';
    assert_true (json_in_looks_like_json (text));
    char err[512];
    Solo__V1__Situation *s = read_situation_json (text, err, sizeof err);
    if (!s)
        fail_msg ("%s", err);
    assert_true (s->table_width == 180.0 && s->table_depth == 120.0);
    assert_int_equal (s->n_terrain, 5);
    assert_string_equal (s->terrain[0]->id, "copse");
    assert_int_equal (s->terrain[0]->kind, SOLO__V1__TERRAIN_KIND__TERRAIN_WOODS);
    assert_int_equal (s->terrain[0]->n_polygon, 4);
    assert_true (s->terrain[0]->polygon[2]->x == 150.0);
    assert_int_equal (s->n_units, 6);
    const Solo__V1__Unit *u = s->units[0];
    assert_string_equal (u->id, "red-line");
    assert_int_equal (u->side, SOLO__V1__SIDE__SIDE_RED);
    assert_true (u->bayonet);
    assert_int_equal (u->figures, 14);
    assert_true (u->centre->x == 76.0 && u->centre->y == 72.0);
    assert_true (u->status->loaded);
    assert_string_equal (u->platoon, "1st");
    assert_string_equal (s->units[1]->id, "red-support");
    protobuf_c_message_free_unpacked (&s->base, NULL);
}

/*  JSON names (lowerCamel), enum names without their prefix in any case
 *  or as numbers, 64-bit numbers as strings, escapes, null as the
 *  default. */
static void
test_the_json_mapping (void **state)
{
    (void) state;
    char err[512];
    Solo__V1__Situation *s = read_situation_json (
        "{ \"tableWidth\": 90, \"ruleset\": \"sk\\u0069rmish19\",\n"
        "  \"units\": [ { \"id\": \"caf\\u00e9\", \"side\": \"red\",\n"
        "    \"arm\": 1, \"quality\": \"Hero\", \"troopType\": null,\n"
        "    \"lastEnemySeen\": { \"x\": -1.5e1, \"y\": 0 } } ] }",
        err, sizeof err);
    if (!s)
        fail_msg ("%s", err);
    assert_true (s->table_width == 90.0);
    assert_string_equal (s->ruleset, "skirmish19");
    assert_string_equal (s->units[0]->id, "caf\xc3\xa9");
    assert_int_equal (s->units[0]->side, SOLO__V1__SIDE__SIDE_RED);
    assert_int_equal (s->units[0]->arm, SOLO__V1__ARM__ARM_CAVALRY);
    assert_int_equal (s->units[0]->quality, SOLO__V1__QUALITY__QUALITY_HERO);
    assert_string_equal (s->units[0]->troop_type, "");
    assert_true (s->units[0]->last_enemy_seen->x == -15.0);
    protobuf_c_message_free_unpacked (&s->base, NULL);

    Solo__V1__AskUnit *ask = (Solo__V1__AskUnit *) json_in_message (
        &solo__v1__ask_unit__descriptor,
        "{ \"seed\": \"18446744073709551615\", \"roll\": 4, "
        "\"unit_id\": \"x\", \"situation\": { \"units\": [] } }",
        err, sizeof err);
    if (!ask)
        fail_msg ("%s", err);
    assert_true (ask->seed == UINT64_MAX && ask->has_seed == 0);
    assert_int_equal (ask->source_case, SOLO__V1__ASK_UNIT__SOURCE_SITUATION);
    protobuf_c_message_free_unpacked (&ask->base, NULL);
}

/*  Every fault named by its line and field (and the known names). */
static void
test_faults (void **state)
{
    (void) state;
    expect_fault ("{ \"units\": [ { \"id\": \"a\", \"sid\": 1 } ] }",
                  "line 1, units[0]: unknown field \"sid\" of a Unit (id, "
                  "side, arm");
    expect_fault ("{\n \"units\": [\n { \"side\": \"SIDE_PURPLE\" } ] }",
                  "line 3, units[0].side: unknown Side \"SIDE_PURPLE\" "
                  "(SIDE_BLUE, SIDE_RED)");
    expect_fault ("{ \"units\": [ { \"figures\": 2.5 } ] }",
                  "units[0].figures: 2.5 is not a whole number");
    expect_fault ("{ \"units\": [ { \"figures\": 3000000000 } ] }",
                  "3000000000 is not a whole number in "
                  "-2147483648..2147483647");
    expect_fault ("{ \"table_width\": \"wide\" }",
                  "table_width: a number is expected");
    expect_fault ("{ \"units\": { } }", "units: a list is expected");
    expect_fault ("{ \"units\": [ 3 ] }",
                  "units[0]: an object { ... } is expected");
    expect_fault ("{ \"units\": [ { \"bayonet\": 1 } ] }",
                  "true or false is expected");
    expect_fault ("{ \"ruleset\": 7 }", "ruleset: a string is expected");
    expect_fault ("{\n\"a\": 1,\n\"b\" 2 }", "line 3: ':' is expected after "
                  "the key \"b\"");
    expect_fault ("{ \"ruleset\": \"a\\u0000b\" }",
                  "\\u0000 is not a character a string may hold");
    expect_fault ("{ \"ruleset\": \"open }", "a string is not closed");
    expect_fault ("{ } x", "more after the end of the JSON value");
    expect_fault ("[ ]", "the top: an object { ... } is expected");
    expect_fault ("", "a value is expected before the end");
    char deep[256] = "{ \"units\": ";
    for (int i = 0; i < JSON_IN_MAX_DEPTH + 2; i++)
        strcat (deep, "[");
    expect_fault (deep, "nested more than 32 deep");
    assert_false (json_in_looks_like_json ("units = ( );"));
    assert_true (json_in_looks_like_json ("  \n{"));
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_web_table_file),
        cmocka_unit_test (test_the_json_mapping),
        cmocka_unit_test (test_faults),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
