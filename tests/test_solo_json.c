/*  test_solo_json.c - the solo client's parts: the JSON writer, the
 *  replies as JSON and in plain words, and the transport against a fake
 *  daemon (a ROUTER socket in a thread).
 *
 *  The client's sources are compiled into this program (they are not in a
 *  library: the solo executable links only the protocol).  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zmq.h>

#include "testutil.h"

#include "../clients/solo/json.c"
#include "../clients/solo/render.c"
#include "../clients/solo/client.c"

/*  ---- helpers ------------------------------------------------------------ */

/*  Does python3 accept `text` as one JSON value (strict UTF-8)?  1 yes,
 *  0 no, -1 when python3 cannot be run (the check is then skipped). */
static int
python_accepts (const char *text)
{
    const char *path = test_write_temp (text, ".json");
    char command [512];
    snprintf (command, sizeof command,
              "python3 -c 'import json,sys; json.loads(open(sys.argv[1],"
              "encoding=\"utf-8\",errors=\"strict\").read())' %s 2>/dev/null",
              path);
    int status = system (command);
    unlink (path);
    if (status == -1)
        return -1;
    if (WIFEXITED (status) && WEXITSTATUS (status) == 127)
        return -1;
    return WIFEXITED (status) && WEXITSTATUS (status) == 0;
}

static void
assert_python_accepts (const char *text)
{
    int accepted = python_accepts (text);
    if (accepted >= 0)
        assert_int_equal (accepted, 1);
}

/*  The JSON text of one string value. */
static char *
quoted (const char *value)
{
    char *text = json_quote (value);
    assert_non_null (text);
    return text;
}

static void
assert_quotes_as (const char *value, const char *expected)
{
    char *text = quoted (value);
    assert_string_equal (text, expected);
    assert_python_accepts (text);
    free (text);
}

static char *
double_text (double value)
{
    json_out_t *out = json_out_new ();
    assert_non_null (out);
    assert_int_equal (json_out_double (out, NULL, value), 0);
    char *text = strdup (json_out_text (out));
    json_out_destroy (&out);
    return text;
}

static void
assert_double_as (double value, const char *expected)
{
    char *text = double_text (value);
    assert_string_equal (text, expected);
    free (text);
}

/*  ---- the writer ---------------------------------------------------------- */

static void
test_writer_nesting_and_commas (void **state)
{
    (void) state;
    json_out_t *out = json_out_new ();
    assert_non_null (out);
    assert_false (json_out_complete (out));
    assert_int_equal (json_out_object_begin (out, NULL), 0);
    assert_false (json_out_complete (out));
    json_out_int (out, "a", 1);
    json_out_array_begin (out, "b");
    json_out_bool (out, NULL, true);
    json_out_bool (out, NULL, false);
    json_out_null (out, NULL);
    json_out_object_begin (out, NULL);
    json_out_object_end (out);
    json_out_array_begin (out, NULL);
    json_out_array_end (out);
    json_out_array_end (out);
    json_out_object_begin (out, "c");
    json_out_string (out, "d", "x");
    json_out_string (out, "e", NULL);
    json_out_object_end (out);
    assert_int_equal (json_out_object_end (out), 0);
    assert_true (json_out_complete (out));
    assert_string_equal (json_out_text (out),
        "{\"a\":1,\"b\":[true,false,null,{},[]],\"c\":{\"d\":\"x\",\"e\":null}}");
    assert_python_accepts (json_out_text (out));
    json_out_destroy (&out);
    assert_null (out);
    json_out_destroy (&out);          /* safe twice */
}

/*  The python3 check itself tells bad JSON from good. */
static void
test_python_check_works (void **state)
{
    (void) state;
    if (python_accepts ("{}") < 0)
        skip ();
    assert_int_equal (python_accepts ("{\"a\": [1, 2.5, null]}"), 1);
    assert_int_equal (python_accepts ("{\"a\":"), 0);
    assert_int_equal (python_accepts ("\"\x80\""), 0);    /* not UTF-8 */
}

static void
test_writer_top_level_scalar (void **state)
{
    (void) state;
    json_out_t *out = json_out_new ();
    json_out_string (out, NULL, "alone");
    assert_true (json_out_complete (out));
    assert_string_equal (json_out_text (out), "\"alone\"");
    json_out_destroy (&out);
}

static void
test_writer_escapes (void **state)
{
    (void) state;
    assert_quotes_as ("", "\"\"");
    assert_quotes_as ("plain", "\"plain\"");
    assert_quotes_as ("say \"charge\"", "\"say \\\"charge\\\"\"");
    assert_quotes_as ("back\\slash", "\"back\\\\slash\"");
    assert_quotes_as ("a/b", "\"a/b\"");
    assert_quotes_as ("line\nfeed\ttab\rcr\bbs\ffeed",
                      "\"line\\nfeed\\ttab\\rcr\\bbs\\ffeed\"");
    assert_quotes_as ("\x01\x1f\x7f", "\"\\u0001\\u001f\x7f\"");
    /* UTF-8 passes through: e acute, an em dash, a four-byte emoji */
    assert_quotes_as ("caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x8e\xb2",
                      "\"caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x8e\xb2\"");
    char *null_text = json_quote (NULL);
    assert_string_equal (null_text, "null");
    free (null_text);
}

static void
test_writer_invalid_utf8_becomes_replacement (void **state)
{
    (void) state;
    const char *fffd = "\xef\xbf\xbd";
    char expected [64];
    /* a lone continuation byte */
    snprintf (expected, sizeof expected, "\"a%sb\"", fffd);
    assert_quotes_as ("a\x80" "b", expected);
    /* an overlong "/" (C0 AF): two bad bytes */
    snprintf (expected, sizeof expected, "\"%s%s\"", fffd, fffd);
    assert_quotes_as ("\xc0\xaf", expected);
    /* a surrogate (ED A0 80) */
    snprintf (expected, sizeof expected, "\"%s%s%s\"", fffd, fffd, fffd);
    assert_quotes_as ("\xed\xa0\x80", expected);
    /* a sequence cut short at the end */
    snprintf (expected, sizeof expected, "\"x%s%s\"", fffd, fffd);
    assert_quotes_as ("x\xe2\x82", expected);
    /* above U+10FFFF (F4 90 80 80) and a byte that never starts one (F5) */
    snprintf (expected, sizeof expected, "\"%s%s%s%s%s\"", fffd, fffd, fffd,
              fffd, fffd);
    assert_quotes_as ("\xf4\x90\x80\x80\xf5", expected);
    /* the highest code point passes */
    assert_quotes_as ("\xf4\x8f\xbf\xbf", "\"\xf4\x8f\xbf\xbf\"");
}

static void
test_writer_keys_are_escaped (void **state)
{
    (void) state;
    json_out_t *out = json_out_new ();
    json_out_object_begin (out, NULL);
    json_out_int (out, "we\"ird\n", -3);
    json_out_object_end (out);
    assert_string_equal (json_out_text (out), "{\"we\\\"ird\\n\":-3}");
    assert_python_accepts (json_out_text (out));
    json_out_destroy (&out);
}

static void
test_writer_numbers (void **state)
{
    (void) state;
    assert_double_as (34.0, "34");
    assert_double_as (0.0, "0");
    assert_double_as (-2.5, "-2.5");
    assert_double_as (0.1, "0.1");
    assert_double_as (182.25, "182.25");
    assert_double_as (60.0, "60");
    assert_double_as (-1500.0, "-1500");
    assert_double_as (1e300, "1e+300");
    assert_double_as (0.0001, "0.0001");
    assert_double_as (1.5e-7, "1.5e-07");
    assert_double_as (NAN, "null");
    assert_double_as (INFINITY, "null");
    assert_double_as (-INFINITY, "null");
    char *third = double_text (1.0 / 3.0);
    assert_true (strtod (third, NULL) == 1.0 / 3.0);
    free (third);

    json_out_t *out = json_out_new ();
    json_out_array_begin (out, NULL);
    json_out_int (out, NULL, INT64_MIN);
    json_out_int (out, NULL, INT64_MAX);
    json_out_uint (out, NULL, UINT64_MAX);
    json_out_uint (out, NULL, 0);
    json_out_array_end (out);
    assert_string_equal (json_out_text (out),
        "[-9223372036854775808,9223372036854775807,18446744073709551615,0]");
    json_out_destroy (&out);
}

static void
test_writer_grows (void **state)
{
    (void) state;
    json_out_t *out = json_out_new ();
    json_out_array_begin (out, NULL);
    for (int i = 0; i < 10000; i++)
        assert_int_equal (json_out_string (out, NULL, "a longish string value"), 0);
    json_out_array_end (out);
    assert_true (json_out_complete (out));
    assert_int_equal (strlen (json_out_text (out)), 2 + 10000 * 24 + 9999);
    json_out_destroy (&out);
}

static void
test_writer_deep_nesting (void **state)
{
    (void) state;
    json_out_t *out = json_out_new ();
    for (int i = 0; i < JSON_OUT_MAX_DEPTH; i++)
        json_out_array_begin (out, NULL);
    for (int i = 0; i < JSON_OUT_MAX_DEPTH; i++)
        json_out_array_end (out);
    assert_true (json_out_complete (out));
    assert_int_equal (strlen (json_out_text (out)), 2 * JSON_OUT_MAX_DEPTH);
    json_out_destroy (&out);
}

/*  ---- a decision as the daemon sends it ---------------------------------- */

typedef struct {
    Solo__V1__UnitDecision decision;
    Solo__V1__Factor factors [2];
    Solo__V1__Factor *factor_ptrs [2];
    Solo__V1__Outcome outcomes [6];
    Solo__V1__Outcome *outcome_ptrs [6];
    Solo__V1__Geometry geometry;
    Solo__V1__Point destination;
    char *group [3];
} decision_fixture_t;

/*  red-2, infantry, RF 3 (enemy in range +1, flank +2), the daemon threw a
 *  4: the RF2-5 row of the infantry table. */
static void
decision_fixture (decision_fixture_t *f)
{
    static const char *actions [6] = {
        "withdraw", "take_cover", "halt", "continue_facing_charge",
        "continue_facing_charge", "advance_charge" };
    static const char *morale [6] = {
        "shaken", "wary", "wavering", "steady", "steady", "eager" };
    static const char *texts [6] = {
        "Withdraw towards cover further from enemy",
        "Move to take cover in the nearest terrain within 1 move, or away from all enemies",
        "Halt in position facing the nearest enemy",
        "Continue current actions facing the nearest enemy (Charge?)",
        "Continue current actions facing the nearest enemy (Charge?)",
        "Advance towards nearest enemy (Charge?)" };

    solo__v1__unit_decision__init (&f->decision);
    Solo__V1__UnitDecision *d = &f->decision;
    d->unit_id = "red-2";
    d->arm = "infantry";
    d->action = "continue_facing_charge";
    d->charge = false;
    d->rf = 3;
    d->rf_band = "RF2-5";
    d->roll = 4;
    d->roll_from_player = false;
    d->seed = 1234;
    d->morale = "steady";
    d->morale_text = "Steady: carries on, facing the enemy, charging if in reach.";
    d->layer = "table";
    d->ruleset = "skirmish19";
    d->length_unit = "cm";
    d->cm_per_length_unit = 1;
    d->tables_hash = "1a2b3c4d5e6f7a8b9c0d";
    d->explanation = "RF 3 from two factors.\nRolled 4: continue.";

    solo__v1__factor__init (&f->factors [0]);
    f->factors [0].name = "enemy_in_range";
    f->factors [0].value = 1;
    f->factors [0].reason = "enemy blue-1 (musket) is 34.0 cm away, within its 120 cm long range";
    solo__v1__factor__init (&f->factors [1]);
    f->factors [1].name = "flank_or_rear";
    f->factors [1].value = 2;
    f->factors [1].reason = "enemy blue-3 is on the \"left\" flank";
    for (int i = 0; i < 2; i++)
        f->factor_ptrs [i] = &f->factors [i];
    d->n_factors = 2;
    d->factors = f->factor_ptrs;

    for (int i = 0; i < 6; i++) {
        solo__v1__outcome__init (&f->outcomes [i]);
        f->outcomes [i].roll = (uint32_t) i + 1;
        f->outcomes [i].action = (char *) actions [i];
        f->outcomes [i].morale = (char *) morale [i];
        f->outcomes [i].text = (char *) texts [i];
        f->outcomes [i].charge = false;
        f->outcome_ptrs [i] = &f->outcomes [i];
    }
    d->n_outcomes = 6;
    d->outcomes = f->outcome_ptrs;

    solo__v1__geometry__init (&f->geometry);
    solo__v1__point__init (&f->destination);
    Solo__V1__Geometry *g = &f->geometry;
    g->nearest_enemy_id = "blue-1";
    g->nearest_enemy_distance = 34.0;
    g->enemy_in_weapon_range = true;
    g->enemy_in_charge_reach = false;
    g->facing = 182.0;
    g->shoot_target_id = "blue-1";
    g->range_band = "medium";
    f->group [0] = "red-2";
    f->group [1] = "red-3";
    f->group [2] = "red-4";
    g->n_group_unit_ids = 3;
    g->group_unit_ids = f->group;
    d->geometry = g;
}

static char *
decision_json (const Solo__V1__UnitDecision *d)
{
    json_out_t *out = json_out_new ();
    assert_int_equal (json_unit_decision (out, NULL, d), 0);
    assert_true (json_out_complete (out));
    char *text = strdup (json_out_text (out));
    json_out_destroy (&out);
    return text;
}

static void
test_decision_json (void **state)
{
    (void) state;
    decision_fixture_t f;
    decision_fixture (&f);
    char *text = decision_json (&f.decision);
    assert_python_accepts (text);
    assert_non_null (strstr (text,
        "{\"unit_id\":\"red-2\",\"arm\":\"infantry\","
        "\"action\":\"continue_facing_charge\","
        "\"action_text\":\"Continue current actions facing the nearest enemy (Charge?)\","
        "\"charge\":false,\"rf\":3,\"rf_band\":\"RF2-5\",\"roll\":4,"
        "\"roll_from_player\":false,\"seed\":1234,\"factors\":["
        "{\"name\":\"enemy_in_range\",\"value\":1,\"reason\":\"enemy blue-1 (musket) is 34.0 cm away, within its 120 cm long range\"},"
        "{\"name\":\"flank_or_rear\",\"value\":2,\"reason\":\"enemy blue-3 is on the \\\"left\\\" flank\"}],"
        "\"outcomes\":[{\"roll\":1,\"action\":\"withdraw\",\"charge\":false,"
        "\"morale\":\"shaken\",\"text\":\"Withdraw towards cover further from enemy\"},"));
    assert_non_null (strstr (text,
        "\"morale\":\"steady\",\"morale_text\":\"Steady: carries on, facing the enemy, charging if in reach.\","
        "\"geometry\":{\"nearest_enemy_id\":\"blue-1\",\"nearest_enemy_distance\":34,"
        "\"enemy_in_weapon_range\":true,\"enemy_in_charge_reach\":false,"
        "\"range_band\":\"medium\",\"cover_id\":null,\"destination\":null,"
        "\"move_distance\":0,\"facing\":182,\"pace\":null,"
        "\"shoot_target_id\":\"blue-1\",\"no_shot\":null,\"no_shot_unit_id\":null,"
        "\"formation\":null,\"charge_target_id\":null,\"group_unit_ids\":[\"red-2\",\"red-3\",\"red-4\"]},"
        "\"layer\":\"table\",\"ruleset\":\"skirmish19\","
        "\"tables_hash\":\"1a2b3c4d5e6f7a8b9c0d\","
        "\"base_ruleset\":null,\"base_tables_hash\":null,"
        "\"length_unit\":\"cm\",\"cm_per_length_unit\":1,"
        "\"explanation\":\"RF 3 from two factors.\\nRolled 4: continue.\"}"));
    /* six outcomes */
    int rolls = 0;
    for (const char *p = text; (p = strstr (p, "{\"roll\":")); p++)
        rolls++;
    assert_int_equal (rolls, 6);
    free (text);
    /* shooting at nothing: why, and the unit the reason names */
    f.geometry.shoot_target_id = "";
    f.geometry.no_shot = "masked";
    f.geometry.no_shot_unit_id = "blue-1";
    text = decision_json (&f.decision);
    assert_python_accepts (text);
    assert_non_null (strstr (text, "\"shoot_target_id\":null,"
                                   "\"no_shot\":\"masked\","
                                   "\"no_shot_unit_id\":\"blue-1\","));
    free (text);
    /* a charge: the enemy it goes for */
    f.geometry.charge_target_id = "blue-2";
    text = decision_json (&f.decision);
    assert_python_accepts (text);
    assert_non_null (strstr (text, "\"charge_target_id\":\"blue-2\","));
    free (text);
}

static void
test_decision_json_direct_lookup (void **state)
{
    (void) state;
    decision_fixture_t f;
    decision_fixture (&f);
    f.decision.unit_id = "";      /* a geometry of a direct look-up: null */
    f.decision.n_factors = 0;
    f.decision.factors = NULL;
    f.decision.roll_from_player = true;
    f.decision.charge = true;
    char *text = decision_json (&f.decision);
    assert_python_accepts (text);
    assert_non_null (strstr (text, "{\"unit_id\":null,"));
    assert_non_null (strstr (text, "\"charge\":true,"));
    assert_non_null (strstr (text, "\"roll_from_player\":true,"));
    assert_non_null (strstr (text, "\"factors\":[],"));
    assert_non_null (strstr (text, "\"geometry\":null,"));
    free (text);
}

static void
test_decision_json_destination (void **state)
{
    (void) state;
    decision_fixture_t f;
    decision_fixture (&f);
    f.geometry.has_destination = true;
    f.destination.x = 120.5;
    f.destination.y = -0.25;
    f.geometry.destination = &f.destination;
    f.geometry.cover_id = "farm-wood";
    f.geometry.pace = "gallop";
    f.geometry.move_distance = 60;
    f.geometry.nearest_enemy_id = "";
    char *text = decision_json (&f.decision);
    assert_python_accepts (text);
    assert_non_null (strstr (text,
        "\"nearest_enemy_id\":null,\"nearest_enemy_distance\":null,"));
    assert_non_null (strstr (text,
        "\"cover_id\":\"farm-wood\",\"destination\":{\"x\":120.5,\"y\":-0.25},"
        "\"move_distance\":60,\"facing\":182,\"pace\":\"gallop\","));
    free (text);
}

static void
test_hello_json (void **state)
{
    (void) state;
    Solo__V1__RulesetInfo info = SOLO__V1__RULESET_INFO__INIT;
    info.name = "skirmish19";
    info.title = "19th Century skirmish rules";
    info.tables_hash = "abc123";
    info.length_unit = "cm";
    info.cm_per_length_unit = 1.0;
    char *grades [3] = { "raw", "regular", "hero" };
    info.n_grades = 3;
    info.grades = grades;
    Solo__V1__Quality values [3] = { SOLO__V1__QUALITY__QUALITY_RAW,
                                     SOLO__V1__QUALITY__QUALITY_REGULAR,
                                     SOLO__V1__QUALITY__QUALITY_HERO };
    info.n_grade_values = 3;
    info.grade_values = values;
    char *formations [2] = { "line", "loose" };
    info.n_formations = 2;
    info.formations = formations;
    char *weapons [1] = { "musket" };
    info.n_weapons = 1;
    info.weapons = weapons;
    /* a ruleset's own word for a formation: guns in column "limbered" */
    Solo__V1__FormationWord word = SOLO__V1__FORMATION_WORD__INIT;
    word.arm = SOLO__V1__ARM__ARM_ARTILLERY;
    word.formation = SOLO__V1__FORMATION__FORMATION_COLUMN;
    word.word = "limbered";
    Solo__V1__FormationWord *words [1] = { &word };
    info.n_formation_words = 1;
    info.formation_words = words;
    /* seed 002: "To Hit: Throw a D8"; towns block sight */
    Solo__V1__DiceThrow hit = SOLO__V1__DICE_THROW__INIT;
    hit.action = "shooting";
    hit.step = "to hit";
    hit.sides = 8;
    hit.count = "one per shooter";
    hit.text = "To Hit: throw a D8";
    Solo__V1__DiceThrow *throws [1] = { &hit };
    info.n_throws = 1;
    info.throws = throws;
    Solo__V1__TerrainSight town = SOLO__V1__TERRAIN_SIGHT__INIT;
    town.kind = SOLO__V1__TERRAIN_KIND__TERRAIN_TOWN;
    town.blocks_sight = true;
    town.cover = SOLO__V1__COVER__COVER_HARD;
    Solo__V1__TerrainSight *sight [1] = { &town };
    info.n_sight = 1;
    info.sight = sight;
    info.woods_visibility_cm = 20.0;
    info.woods_through_cm = 10.0;
    Solo__V1__RulesetInfo *infos [1] = { &info };
    Solo__V1__Limits limits = SOLO__V1__LIMITS__INIT;
    limits.max_message_bytes = 1048576;
    limits.max_units = 16384;
    limits.max_terrain_features = 1024;
    limits.max_polygon_vertices = 256;
    limits.max_id_length = 31;
    limits.max_table_cm = 100000.0;
    limits.max_figures = 10000;
    limits.max_factors = 16;
    Solo__V1__HelloReply hello = SOLO__V1__HELLO_REPLY__INIT;
    hello.default_ruleset = "skirmish19";
    hello.server_version = "0.1.0";
    hello.protocol_version = 1;
    hello.n_rulesets = 1;
    hello.rulesets = infos;
    hello.limits = &limits;

    json_out_t *out = json_out_new ();
    assert_int_equal (json_hello_reply (out, NULL, &hello), 0);
    assert_string_equal (json_out_text (out),
        "{\"server_version\":\"0.1.0\",\"protocol_version\":1,"
        "\"default_ruleset\":\"skirmish19\",\"rulesets\":["
        "{\"name\":\"skirmish19\",\"title\":\"19th Century skirmish rules\","
        "\"tables_hash\":\"abc123\",\"length_unit\":\"cm\","
        "\"cm_per_length_unit\":1,\"base_ruleset\":null,"
        "\"base_tables_hash\":null,\"partial\":false,"
        "\"grades\":[\"raw\",\"regular\",\"hero\"],"
        "\"grade_values\":[\"raw\",\"regular\",\"hero\"],"
        "\"formations\":[\"line\",\"loose\"],\"weapons\":[\"musket\"],"
        "\"troop_types\":[],\"formation_words\":[{\"arm\":\"artillery\","
        "\"formation\":\"column\",\"word\":\"limbered\"}],"
        "\"throws\":[{\"action\":\"shooting\",\"step\":\"to hit\","
        "\"sides\":8,\"count\":\"one per shooter\",\"score\":0,"
        "\"text\":\"To Hit: throw a D8\"}],"
        "\"sight\":[{\"kind\":\"town\",\"blocks_sight\":true,"
        "\"sight_limited\":false,\"cover\":\"hard\"}],"
        "\"woods_visibility_cm\":20,\"woods_through_cm\":10}],"
        "\"limits\":{\"max_message_bytes\":1048576,"
        "\"max_units\":16384,\"max_terrain_features\":1024,"
        "\"max_polygon_vertices\":256,\"max_id_length\":31,"
        "\"max_table_cm\":100000,\"max_figures\":10000,\"max_factors\":16,"
        "\"max_games\":0,\"max_unit_updates\":0,\"max_battle_log_lines\":0,"
        "\"max_budget_ms\":0,\"max_playouts\":0,"
        "\"max_battle_decision_ms\":0,\"max_battle_playouts\":0,"
        "\"max_search_threads\":0,\"max_stands\":0,"
        "\"max_stand_strength\":0},\"scenarios\":[],\"strategies\":[]}");
    json_out_destroy (&out);

    hello.limits = NULL;
    hello.n_rulesets = 0;
    out = json_out_new ();
    hello.default_ruleset = "";
    json_hello_reply (out, NULL, &hello);
    assert_string_equal (json_out_text (out),
        "{\"server_version\":\"0.1.0\",\"protocol_version\":1,"
        "\"default_ruleset\":null,\"rulesets\":[],\"limits\":null,"
        "\"scenarios\":[],\"strategies\":[]}");
    json_out_destroy (&out);
}

static void
test_error_json_and_names (void **state)
{
    (void) state;
    Solo__V1__Error error = SOLO__V1__ERROR__INIT;
    error.code = SOLO__V1__ERROR__CODE__UNKNOWN_UNIT;
    error.field = "ask_unit.unit_id";
    error.message = "no unit \"red-9\" in the situation";
    json_out_t *out = json_out_new ();
    assert_int_equal (json_error_reply (out, &error), 0);
    assert_string_equal (json_out_text (out),
        "{\"error\":{\"code\":\"UNKNOWN_UNIT\",\"code_number\":2,"
        "\"field\":\"ask_unit.unit_id\","
        "\"message\":\"no unit \\\"red-9\\\" in the situation\"}}");
    json_out_destroy (&out);

    assert_string_equal (solo_error_code_name (SOLO__V1__ERROR__CODE__BAD_REQUEST),
                         "BAD_REQUEST");
    assert_string_equal (solo_error_code_name (SOLO__V1__ERROR__CODE__IMPOSSIBLE),
                         "IMPOSSIBLE");
    assert_string_equal (solo_error_code_name ((Solo__V1__Error__Code) 99),
                         "CODE_99");
}

/*  ---- plain words ---------------------------------------------------------- */

/*  What render_unit_decision prints, in a malloc'd string. */
static char *
rendered (const Solo__V1__UnitDecision *d, bool colour, bool verbose)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream (&text, &size);
    assert_non_null (out);
    render_style_t style = { .colour = colour, .verbose = verbose };
    render_unit_decision (out, d, &style);
    fclose (out);
    return text;
}

/*  Decision `d` rendered plainly says `words` somewhere. */
static void
assert_renders (const Solo__V1__UnitDecision *d, const char *words)
{
    char *text = rendered (d, false, false);
    if (!strstr (text, words))
        fail_msg ("\"%s\" not in:\n%s", words, text);
    free (text);
}

static void
test_render_decision (void **state)
{
    (void) state;
    decision_fixture_t f;
    decision_fixture (&f);
    char *text = rendered (&f.decision, false, false);
    assert_null (strchr (text, '\033'));
    assert_non_null (strstr (text,
        "red-2 (infantry) - RF 3 (RF2-5), rolled 4 (daemon's die, seed 1234)\n"));
    assert_non_null (strstr (text,
        "  +1 enemy_in_range  enemy blue-1 (musket) is 34.0 cm away"));
    assert_non_null (strstr (text,
        "  +2 flank_or_rear   enemy blue-3 is on the \"left\" flank\n"));
    assert_non_null (strstr (text,
        "Action: Continue current actions facing the nearest enemy (Charge?) "
        "-> continue_facing_charge, charge: no (nearest enemy blue-1 34.0 cm "
        "away, beyond charge reach)\n"));
    assert_non_null (strstr (text,
        "Morale: steady - Steady: carries on, facing the enemy, charging if in reach.\n"));
    assert_non_null (strstr (text,
        "Geometry: nearest enemy blue-1 at 34.0 cm (in weapon range: yes); "
        "facing 182 deg; shoot at blue-1 (medium range after the move); "
        "diced with red-3, red-4\n"));
    assert_non_null (strstr (text, "Every roll:\n"));
    assert_non_null (strstr (text, "  1  withdraw "));
    assert_non_null (strstr (text, "> 4  continue_facing_charge  steady  "));
    assert_non_null (strstr (text, "  6  advance_charge          eager     "
                                   "Advance towards nearest enemy (Charge?)\n"));
    assert_non_null (strstr (text,
        "Decided by: table (skirmish19, tables 1a2b3c4d5e6f)\n"));
    assert_null (strstr (text, "Working:"));
    free (text);

    text = rendered (&f.decision, true, true);
    assert_non_null (strstr (text, "\033[1m"));
    assert_non_null (strstr (text, "\033[32msteady\033[0m"));
    assert_non_null (strstr (text, "Working:\n  RF 3 from two factors.\n"
                                   "  Rolled 4: continue.\n"));
    free (text);
}

static void
test_render_direct_lookup (void **state)
{
    (void) state;
    decision_fixture_t f;
    decision_fixture (&f);
    f.decision.unit_id = "";      /* the daemon sends an empty geometry */
    f.geometry.nearest_enemy_id = "";
    f.decision.n_factors = 0;
    f.decision.roll_from_player = true;
    f.decision.charge = true;
    f.outcomes [3].charge = true;
    char *text = rendered (&f.decision, false, false);
    assert_non_null (strstr (text,
        "infantry table - RF 3 (RF2-5), rolled 4 (your die)\n"));
    assert_non_null (strstr (text, "no factors: the RF was given directly"));
    assert_non_null (strstr (text, "charge: yes (if an enemy is in reach)\n"));
    assert_non_null (strstr (text, "(Charge?) [charges]\n"));
    assert_null (strstr (text, "Geometry:"));
    free (text);
}

static void
test_render_moves (void **state)
{
    (void) state;
    decision_fixture_t f;
    decision_fixture (&f);
    f.decision.action = "run";
    f.decision.morale = "broken";
    f.decision.roll = 1;
    f.geometry.has_destination = true;
    f.destination.x = 100;
    f.destination.y = 12.3;
    f.geometry.destination = &f.destination;
    f.geometry.move_distance = 60;
    f.geometry.pace = "gallop";
    f.geometry.facing = 2;
    f.geometry.shoot_target_id = "";
    f.geometry.n_group_unit_ids = 1;       /* alone: red-2 itself */
    f.geometry.cover_id = "wood";
    char *text = rendered (&f.decision, true, false);
    assert_non_null (strstr (text, "\033[31mbroken"));
    assert_non_null (strstr (text, "Action: Withdraw towards cover further "
                                   "from enemy -> \033[1mrun\033[0m\n"));
    assert_non_null (strstr (text, "; cover wood; move 60.0 cm to (100.0, 12.3) "
                                   "cm at the gallop; facing 2 deg; no "
                                   "shooting\n"));
    free (text);
    /* why it shoots at nothing, the wire's word in plain words */
    f.geometry.no_shot = "runs";
    assert_renders (&f.decision, "; no shooting (runs)\n");
    f.geometry.no_shot = "out_of_range";
    f.geometry.no_shot_unit_id = "blue-1";
    assert_renders (&f.decision, "; no shooting (out of range: blue-1)\n");
    f.geometry.no_shot = "";
    f.geometry.no_shot_unit_id = "";
    /* the formation it takes before it moves, before the move */
    f.geometry.formation = "column";
    assert_renders (&f.decision, "; cover wood; forms column; move 60.0 cm "
                                 "to (100.0, 12.3) cm");
    f.geometry.formation = "";
    /* the enemy it charges, before the shot it does not take */
    f.geometry.charge_target_id = "blue-1";
    assert_renders (&f.decision, "; facing 2 deg; charges blue-1; no "
                                 "shooting\n");
    f.geometry.charge_target_id = "";
    /* a ruleset measuring in TUM or inches: its unit first, cm beside */
    f.decision.length_unit = "TUM";
    f.decision.cm_per_length_unit = 2.0;
    assert_renders (&f.decision, "; move 30.0 TUM (60.0 cm) to (100.0, "
                                 "12.3) cm");
    f.decision.length_unit = "in";
    f.decision.cm_per_length_unit = 2.54;
    assert_renders (&f.decision, "; move 23.6\" (60.0 cm) to");
}

/*  The progress line: a bar of the budget elapsed, or the time waited. */
static void
test_render_progress (void **state)
{
    (void) state;
    char buf [160];
    assert_string_equal (render_progress (buf, sizeof buf, "thinking", 1000,
                                          2000),
                         "thinking [##########..........]  50% 1.0 s of "
                         "2.0 s");
    assert_string_equal (render_progress (buf, sizeof buf, "thinking", 0,
                                          2000),
                         "thinking [....................]   0% 0.0 s of "
                         "2.0 s");
    assert_string_equal (render_progress (buf, sizeof buf, "thinking", -5,
                                          100),
                         "thinking [....................]   0% 0.0 s of "
                         "0.1 s");
    assert_string_equal (render_progress (buf, sizeof buf, "thinking", 100,
                                          100),
                         "thinking [####################] 100% 0.1 s of "
                         "0.1 s");
    assert_string_equal (render_progress (buf, sizeof buf, "thinking", 2500,
                                          2000),
                         "thinking [####################] 100% 2.5 s of "
                         "2.0 s, finishing");
    assert_string_equal (render_progress (buf, sizeof buf, "thinking", 1990,
                                          2000),
                         "thinking [###################.]  99% 2.0 s of "
                         "2.0 s");
    assert_string_equal (render_progress (buf, sizeof buf, "playing", 3200,
                                          0),
                         "playing... 3.2 s");
    /*  a short buffer is cut, never overrun */
    char small [8];
    assert_string_equal (render_progress (small, sizeof small, "thinking",
                                          10, 20), "thinkin");
}

static void
test_render_hello (void **state)
{
    (void) state;
    Solo__V1__RulesetInfo info = SOLO__V1__RULESET_INFO__INIT;
    info.name = "skirmish19";
    info.title = "19th Century skirmish rules";
    info.tables_hash = "abc123";
    Solo__V1__RulesetInfo *infos [1] = { &info };
    Solo__V1__Limits limits = SOLO__V1__LIMITS__INIT;
    limits.max_message_bytes = 1048576;
    limits.max_units = 16384;
    Solo__V1__HelloReply hello = SOLO__V1__HELLO_REPLY__INIT;
    hello.server_version = "0.1.0";
    hello.protocol_version = 1;
    hello.n_rulesets = 1;
    hello.rulesets = infos;
    hello.limits = &limits;
    hello.default_ruleset = "skirmish19";
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream (&text, &size);
    render_style_t style = { 0 };
    render_hello (out, &hello, "tcp://127.0.0.1:7460", &style);
    fclose (out);
    assert_non_null (strstr (text, "solod 0.1.0 at tcp://127.0.0.1:7460, protocol 1\n"));
    assert_non_null (strstr (text, "  skirmish19  tables abc123  19th Century skirmish rules (default)\n"));
    free (text);

    /* an overlay in inches names its base, says it is partial, and its
       unit of length; grades are listed */
    info.name = "house";
    info.length_unit = "in";
    info.cm_per_length_unit = 2.54;
    info.base_ruleset = "bolivar";
    info.base_tables_hash = "def456";
    info.partial = true;
    char *grades [2] = { "raw", "superior" };
    info.n_grades = 2;
    info.grades = grades;
    hello.default_ruleset = "";
    out = open_memstream (&text, &size);
    render_hello (out, &hello, "tcp://127.0.0.1:7460", &style);
    fclose (out);
    assert_non_null (strstr (text, "  house  tables abc123  19th Century skirmish rules\n"
                                   "         house rules over bolivar (tables def456), partial: its RULINGS.md lists what it leaves out\n"
                                   "         measures in in (2.54 cm)\n"
                                   "         grades: raw, superior\n"));
    assert_non_null (strstr (text, "Limits: messages up to 1048576 bytes, 16384 units"));
    free (text);
}

static void
test_error_lines (void **state)
{
    (void) state;
    Solo__V1__Error error = SOLO__V1__ERROR__INIT;
    char buf [256];

    error.code = SOLO__V1__ERROR__CODE__BAD_REQUEST;
    error.field = "ask_unit.situation_text";
    error.message = "<situation>:23 - unit \"red-1\": unknown weapon \"blunderbuss\"";
    render_error_message (&error, "clients/examples/farm.cfg", buf, sizeof buf);
    assert_string_equal (buf, "clients/examples/farm.cfg:23 - unit \"red-1\": "
                              "unknown weapon \"blunderbuss\"");
    /* a message without a line */
    error.message = "situation_text - no units";
    render_error_message (&error, "farm.cfg", buf, sizeof buf);
    assert_string_equal (buf, "farm.cfg - no units");
    /* without a location the file name is put in front */
    error.message = "the situation is empty";
    render_error_message (&error, "farm.cfg", buf, sizeof buf);
    assert_string_equal (buf, "farm.cfg: the situation is empty");
    /* "name: words" is no location */
    error.message = "situation: no units";
    render_error_message (&error, "farm.cfg", buf, sizeof buf);
    assert_string_equal (buf, "farm.cfg: situation: no units");
    /* other fields keep their message */
    error.field = "ask_unit.unit_id";
    error.message = "x:1 - y";
    render_error_message (&error, "farm.cfg", buf, sizeof buf);
    assert_string_equal (buf, "x:1 - y");
    /* no file name */
    error.field = "ask_unit.situation_text";
    render_error_message (&error, NULL, buf, sizeof buf);
    assert_string_equal (buf, "x:1 - y");
    /* truncation keeps the buffer terminated */
    error.message = "<situation>:1 - a long message";
    render_error_message (&error, "f.cfg", buf, 8);
    assert_string_equal (buf, "f.cfg:1");

    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream (&text, &size);
    error.code = SOLO__V1__ERROR__CODE__OUT_OF_RANGE;
    error.field = "ask_unit.roll";
    error.message = "a D6 shows 1 to 6, not 7";
    render_error (out, &error, NULL);
    error.field = "";
    error.code = SOLO__V1__ERROR__CODE__BUSY;
    error.message = "queue full";
    render_error (out, &error, NULL);
    fclose (out);
    assert_string_equal (text,
        "error OUT_OF_RANGE (ask_unit.roll): a D6 shows 1 to 6, not 7\n"
        "error BUSY: queue full\n");
    free (text);
}

/*  ---- the transport against a fake daemon --------------------------------- */

typedef enum {
    FAKE_ANSWER,               /* a stale reply first, then the right one */
    FAKE_SILENT,               /* never answers */
    FAKE_GARBAGE,              /* answers bytes that are no reply */
    FAKE_UNREAD,               /* an Error with id 0 */
    FAKE_DELIMITED             /* the right reply after an empty frame */
} fake_mode_t;

typedef struct {
    void *context;
    void *router;
    char endpoint [128];
    fake_mode_t mode;
    uint64_t seen_id;          /* the request id the fake received */
    int seen_body_case;
    pthread_t thread;
} fake_daemon_t;

static void
send_reply (void *router, zmq_msg_t *identity, const Solo__V1__Reply *reply,
            bool delimiter)
{
    zmq_msg_t copy;
    zmq_msg_init (&copy);
    zmq_msg_copy (&copy, identity);
    zmq_msg_send (&copy, router, ZMQ_SNDMORE);
    if (delimiter)
        zmq_send (router, "", 0, ZMQ_SNDMORE);
    size_t size = solo__v1__reply__get_packed_size (reply);
    uint8_t *buffer = malloc (size + 1);
    solo__v1__reply__pack (reply, buffer);
    zmq_send (router, buffer, size, 0);
    free (buffer);
}

static void *
fake_daemon_run (void *arg)
{
    fake_daemon_t *fake = arg;
    zmq_msg_t identity, body;
    zmq_msg_init (&identity);
    zmq_msg_init (&body);
    if (zmq_msg_recv (&identity, fake->router, 0) < 0
    ||  zmq_msg_recv (&body, fake->router, 0) < 0)
        return NULL;
    Solo__V1__Request *request = solo__v1__request__unpack (
        NULL, zmq_msg_size (&body), zmq_msg_data (&body));
    if (!request)
        return NULL;
    fake->seen_id = request->id;
    fake->seen_body_case = request->body_case;

    Solo__V1__HelloReply hello = SOLO__V1__HELLO_REPLY__INIT;
    hello.server_version = "fake";
    hello.protocol_version = 1;
    Solo__V1__Reply reply = SOLO__V1__REPLY__INIT;
    reply.body_case = SOLO__V1__REPLY__BODY_HELLO;
    reply.hello = &hello;
    Solo__V1__Error error = SOLO__V1__ERROR__INIT;
    error.code = SOLO__V1__ERROR__CODE__BAD_REQUEST;
    error.message = "unreadable";

    switch (fake->mode) {
    case FAKE_ANSWER:
        reply.id = request->id + 1;
        hello.server_version = "stale";
        send_reply (fake->router, &identity, &reply, false);
        reply.id = request->id;
        hello.server_version = "fake";
        send_reply (fake->router, &identity, &reply, false);
        break;
    case FAKE_DELIMITED:
        reply.id = request->id;
        send_reply (fake->router, &identity, &reply, true);
        break;
    case FAKE_UNREAD:
        reply.id = 0;
        reply.body_case = SOLO__V1__REPLY__BODY_ERROR;
        reply.error = &error;
        send_reply (fake->router, &identity, &reply, false);
        break;
    case FAKE_GARBAGE:
        zmq_msg_send (&identity, fake->router, ZMQ_SNDMORE);
        zmq_send (fake->router, "\xff\xff\xff\xff", 4, 0);
        break;
    case FAKE_SILENT:
        break;
    }
    solo__v1__request__free_unpacked (request, NULL);
    zmq_msg_close (&identity);
    zmq_msg_close (&body);
    return NULL;
}

static void
fake_daemon_start (fake_daemon_t *fake, fake_mode_t mode)
{
    memset (fake, 0, sizeof *fake);
    fake->mode = mode;
    fake->context = zmq_ctx_new ();
    fake->router = zmq_socket (fake->context, ZMQ_ROUTER);
    int linger = 0;
    zmq_setsockopt (fake->router, ZMQ_LINGER, &linger, sizeof linger);
    assert_int_equal (zmq_bind (fake->router, "tcp://127.0.0.1:*"), 0);
    size_t size = sizeof fake->endpoint;
    zmq_getsockopt (fake->router, ZMQ_LAST_ENDPOINT, fake->endpoint, &size);
    assert_int_equal (pthread_create (&fake->thread, NULL, fake_daemon_run,
                                      fake), 0);
}

static void
fake_daemon_stop (fake_daemon_t *fake)
{
    pthread_join (fake->thread, NULL);
    zmq_close (fake->router);
    zmq_ctx_term (fake->context);
}

/*  One hello through a fresh client to a fake daemon in `mode`. */
static solo_call_t
call_fake (fake_mode_t mode, int timeout_ms, Solo__V1__Reply **reply,
           fake_daemon_t *fake, char *err, size_t errlen)
{
    fake_daemon_start (fake, mode);
    solo_client_t *client = solo_client_new (fake->endpoint, timeout_ms,
                                             err, errlen);
    assert_non_null (client);
    assert_string_equal (solo_client_endpoint (client), fake->endpoint);
    Solo__V1__Hello hello = SOLO__V1__HELLO__INIT;
    hello.protocol_version = 1;
    Solo__V1__Request request = SOLO__V1__REQUEST__INIT;
    request.body_case = SOLO__V1__REQUEST__BODY_HELLO;
    request.hello = &hello;
    solo_call_t call = solo_client_call (client, &request, reply, err, errlen);
    assert_int_not_equal (request.id, 0);
    solo_client_destroy (&client);
    assert_null (client);
    solo_client_destroy (&client);
    if (mode == FAKE_SILENT) {
        /* the fake waits for nothing more: it has read the request */
    }
    fake_daemon_stop (fake);
    if (mode != FAKE_SILENT || fake->seen_id)
        assert_int_equal (fake->seen_id, request.id);
    return call;
}

static void
test_transport_answer_matches_id (void **state)
{
    (void) state;
    fake_daemon_t fake;
    Solo__V1__Reply *reply = NULL;
    char err [256] = "";
    assert_int_equal (call_fake (FAKE_ANSWER, 5000, &reply, &fake, err,
                                 sizeof err), SOLO_CALL_OK);
    assert_non_null (reply);
    assert_int_equal (fake.seen_body_case, SOLO__V1__REQUEST__BODY_HELLO);
    assert_int_equal (reply->body_case, SOLO__V1__REPLY__BODY_HELLO);
    assert_string_equal (reply->hello->server_version, "fake");  /* not stale */
    solo__v1__reply__free_unpacked (reply, NULL);

    assert_int_equal (call_fake (FAKE_DELIMITED, 5000, &reply, &fake, err,
                                 sizeof err), SOLO_CALL_OK);
    assert_string_equal (reply->hello->server_version, "fake");
    solo__v1__reply__free_unpacked (reply, NULL);

    assert_int_equal (call_fake (FAKE_UNREAD, 5000, &reply, &fake, err,
                                 sizeof err), SOLO_CALL_OK);
    assert_int_equal (reply->body_case, SOLO__V1__REPLY__BODY_ERROR);
    solo__v1__reply__free_unpacked (reply, NULL);
}

static void
test_transport_no_answer (void **state)
{
    (void) state;
    fake_daemon_t fake;
    Solo__V1__Reply *reply = (Solo__V1__Reply *) 1;
    char err [256] = "";
    assert_int_equal (call_fake (FAKE_SILENT, 200, &reply, &fake, err,
                                 sizeof err), SOLO_CALL_NO_ANSWER);
    assert_null (reply);
    char expected [256];
    snprintf (expected, sizeof expected,
              "no answer from %s within 200 ms: is solod running?",
              fake.endpoint);
    assert_string_equal (err, expected);
}

static void
test_transport_garbage (void **state)
{
    (void) state;
    fake_daemon_t fake;
    Solo__V1__Reply *reply = NULL;
    char err [256] = "";
    assert_int_equal (call_fake (FAKE_GARBAGE, 5000, &reply, &fake, err,
                                 sizeof err), SOLO_CALL_BAD_REPLY);
    assert_null (reply);
    assert_non_null (strstr (err, "is not a solo.v1 reply"));
}

static void
test_transport_nobody_listening (void **state)
{
    (void) state;
    char err [256] = "";
    /* a port with nobody on it: bind one, note it, close it */
    void *context = zmq_ctx_new ();
    void *socket = zmq_socket (context, ZMQ_ROUTER);
    zmq_bind (socket, "tcp://127.0.0.1:*");
    char endpoint [128];
    size_t size = sizeof endpoint;
    zmq_getsockopt (socket, ZMQ_LAST_ENDPOINT, endpoint, &size);
    zmq_close (socket);
    zmq_ctx_term (context);

    solo_client_t *client = solo_client_new (endpoint, 100, err, sizeof err);
    assert_non_null (client);
    Solo__V1__Hello hello = SOLO__V1__HELLO__INIT;
    Solo__V1__Request request = SOLO__V1__REQUEST__INIT;
    request.body_case = SOLO__V1__REQUEST__BODY_HELLO;
    request.hello = &hello;
    Solo__V1__Reply *reply = NULL;
    assert_int_equal (solo_client_call (client, &request, &reply, err,
                                        sizeof err), SOLO_CALL_NO_ANSWER);
    assert_non_null (strstr (err, "within 100 ms: is solod running?"));
    solo_client_destroy (&client);
}

static void
test_transport_bad_endpoint (void **state)
{
    (void) state;
    char err [256] = "";
    solo_client_t *client = solo_client_new ("nonsense", 1000, err, sizeof err);
    assert_null (client);
    assert_non_null (strstr (err, "cannot connect to \"nonsense\""));
    client = solo_client_new ("carrier-pigeon://loft", 1000, err, sizeof err);
    assert_null (client);
    assert_non_null (strstr (err, "carrier-pigeon://loft"));
}

/*  ---- battles, sides, games ---------------------------------------------- */

/*  Any message as JSON: every field by its proto name, enums by name,
 *  repeated fields as arrays, unset messages null, one member of a
 *  oneof. */
static void
test_message_json (void **state)
{
    (void) state;
    Solo__V1__Die die = SOLO__V1__DIE__INIT;
    die.sides = 6;
    die.value = 4;
    Solo__V1__Die *dice [1] = { &die };
    Solo__V1__LogLine line = SOLO__V1__LOG_LINE__INIT;
    line.kind = "die";
    line.turn = 2;
    line.phase_name = "command";
    line.text = "D6 = 4";
    line.dice = dice;
    line.n_dice = 1;
    Solo__V1__LogLine *lines [1] = { &line };
    Solo__V1__SideResult red = SOLO__V1__SIDE_RESULT__INIT;
    red.side = SOLO__V1__SIDE__SIDE_RED;
    red.name = "French \"voltigeurs\"";
    red.strategy = "random";
    red.killed = 3;
    Solo__V1__SideResult *sides [1] = { &red };
    Solo__V1__BattleResult b = SOLO__V1__BATTLE_RESULT__INIT;
    b.scenario = "farm";
    b.winner = "";
    b.turns = 6;
    b.seed = 18446744073709551615ull;
    b.sides = sides;
    b.n_sides = 1;
    b.log = lines;
    b.n_log = 1;
    b.elapsed_ms = 1.5;
    json_out_t *out = json_out_new ();
    assert_int_equal (json_message (out, NULL, &b.base), 0);
    const char *text = json_out_text (out);
    assert_true (json_out_complete (out));
    assert_non_null (strstr (text, "\"scenario\":\"farm\""));
    assert_non_null (strstr (text, "\"winner\":\"\""));
    assert_non_null (strstr (text, "\"seed\":18446744073709551615"));
    assert_non_null (strstr (text, "\"side\":\"red\""));
    assert_non_null (strstr (text, "\"name\":\"French \\\"voltigeurs\\\"\""));
    assert_non_null (strstr (text, "\"dice\":[{\"sides\":6,\"value\":4}]"));
    assert_non_null (strstr (text, "\"log_truncated\":false"));
    assert_non_null (strstr (text, "\"elapsed_ms\":1.5"));
    assert_python_accepts (text);
    json_out_destroy (&out);

    /*  a oneof: only the member set; an unset message: null */
    Solo__V1__AskSide ask = SOLO__V1__ASK_SIDE__INIT;
    ask.source_case = SOLO__V1__ASK_SIDE__SOURCE_GAME_ID;
    ask.game_id = "farm-1";
    out = json_out_new ();
    assert_int_equal (json_message (out, NULL, &ask.base), 0);
    text = json_out_text (out);
    assert_non_null (strstr (text, "\"game_id\":\"farm-1\""));
    assert_null (strstr (text, "\"scenario\""));
    assert_null (strstr (text, "\"situation\""));
    assert_non_null (strstr (text, "\"side\":\"blue\""));
    json_out_destroy (&out);
    Solo__V1__GameState g = SOLO__V1__GAME_STATE__INIT;
    out = json_out_new ();
    assert_int_equal (json_message (out, NULL, &g.base), 0);
    assert_non_null (strstr (json_out_text (out), "\"units\":[]"));
    json_out_destroy (&out);
    Solo__V1__UnitUpdate u = SOLO__V1__UNIT_UPDATE__INIT;
    out = json_out_new ();
    assert_int_equal (json_message (out, NULL, &u.base), 0);
    assert_non_null (strstr (json_out_text (out), "\"centre\":null"));
    json_out_destroy (&out);
}

/*  What a render function prints, in a malloc'd string. */
#define RENDERED(text, call)                                              \
    do {                                                                  \
        size_t size_ = 0;                                                 \
        FILE *out = open_memstream (&(text), &size_);                     \
        assert_non_null (out);                                            \
        call;                                                             \
        fclose (out);                                                     \
    } while (0)

static void
test_render_battle (void **state)
{
    (void) state;
    Solo__V1__LogLine l [6];
    Solo__V1__LogLine *lines [6];
    const char *kinds [6] = { "start", "event", "die", "event", "event",
                              "result" };
    const char *events [6] = { "", "phase", "", "shoot", "move", "" };
    const char *texts [6] = { "farm (...)", "turn 1, command", "D6 = 4",
                              "red-left fires at blue-wall: 2 hits",
                              "blue-wall: hold; stays", "blue win" };
    for (int i = 0; i < 6; i++) {
        solo__v1__log_line__init (&l [i]);
        l [i].kind = (char *) kinds [i];
        l [i].event = (char *) events [i];
        l [i].text = (char *) texts [i];
        l [i].turn = i == 0 || i == 5 ? 0 : 1;
        l [i].phase_name = "side A shoots";
        lines [i] = &l [i];
    }
    Solo__V1__SideResult sides [2];
    Solo__V1__SideResult *side_ptrs [2];
    for (int s = 0; s < 2; s++) {
        solo__v1__side_result__init (&sides [s]);
        sides [s].side = (Solo__V1__Side) s;
        sides [s].name = s ? "Red" : "Blue";
        sides [s].strategy = s ? "random" : "search";
        sides [s].params = s ? "" : "ms=5";
        sides [s].figures = 20;
        sides [s].killed = (uint32_t) (3 * s);
        side_ptrs [s] = &sides [s];
    }
    Solo__V1__BattleResult b = SOLO__V1__BATTLE_RESULT__INIT;
    b.scenario = "farm";
    b.title = "The farm";
    b.ruleset = "skirmish19";
    b.tables_hash = "787b521dddd4a613";
    b.winner = "blue";
    b.winner_name = "Blue";
    b.turns = 1;
    b.reason = "Red break";
    b.sides = side_ptrs;
    b.n_sides = 2;
    b.log = lines;
    b.n_log = 6;
    b.log_lines = 6;
    render_style_t plain = { 0 };
    char *text = NULL;
    RENDERED (text, render_battle (out, &b, false, &plain));
    assert_non_null (strstr (text, "Battle: farm - The farm (skirmish19, "
                                   "tables 787b521dddd4), seed 0"));
    assert_non_null (strstr (text, "  blue Blue: search:ms=5\n"));
    assert_non_null (strstr (text, "  red  Red: random\n"));
    assert_non_null (strstr (text, "Turn 1\n  shoot   red-left fires at "
                                   "blue-wall: 2 hits\n"));
    assert_null (strstr (text, "D6 = 4"));          /* dice: with --log */
    assert_null (strstr (text, "stays"));           /* nobody moved */
    assert_null (strstr (text, "turn 1, command")); /* phases */
    assert_non_null (strstr (text, "Result: Blue (blue) win after 1 turn: "
                                   "Red break"));
    assert_non_null (strstr (text, "  red        20       3"));
    free (text);
    RENDERED (text, render_battle (out, &b, true, &plain));
    assert_non_null (strstr (text, "start: farm (...)\n"));
    assert_non_null (strstr (text, "turn 1, side A shoots: die D6 = 4\n"));
    assert_non_null (strstr (text, "turn 1, side A shoots: event shoot: "
                                   "red-left fires"));
    assert_non_null (strstr (text, "result: blue win\n"));
    free (text);
    b.winner = "";
    RENDERED (text, render_battle (out, &b, false, &plain));
    assert_non_null (strstr (text, "Result: a draw after 1 turn"));
    free (text);
}

static void
test_render_side_and_games (void **state)
{
    (void) state;
    Solo__V1__SideUnitOrder orders [2];
    Solo__V1__SideUnitOrder *order_ptrs [2];
    for (int i = 0; i < 2; i++) {
        solo__v1__side_unit_order__init (&orders [i]);
        order_ptrs [i] = &orders [i];
    }
    orders [0].unit_id = "red-left";
    orders [0].layer = "commander";
    orders [0].kind = "charge";
    orders [0].text = "charge blue-wall";
    orders [0].charge = true;
    orders [0].why = "charge blue-wall: the search's choice";
    orders [1].unit_id = "red-right";
    orders [1].layer = "table";
    orders [1].kind = "hold";
    orders [1].text = "hold facing 180";
    orders [1].why = "RF 3 (RF2-5), rolled 3: halt";
    Solo__V1__Alternative alt = SOLO__V1__ALTERNATIVE__INIT;
    alt.visits = 40;
    alt.value = 0.625;
    alt.plan = "red-left: charge blue-wall";
    Solo__V1__Alternative *alts [1] = { &alt };
    Solo__V1__SearchFigures f = SOLO__V1__SEARCH_FIGURES__INIT;
    f.strategy = "search";
    f.playouts = 200;
    f.elapsed_ms = 9.5;
    f.value = 0.625;
    f.plans = 12;
    f.aggression = 0.7;
    f.caution = 0.3;
    f.alternatives = alts;
    f.n_alternatives = 1;
    char *rolls [1] = { "red-captain throws 3D6: 11 points" };
    Solo__V1__SideOrders s = SOLO__V1__SIDE_ORDERS__INIT;
    s.side = SOLO__V1__SIDE__SIDE_RED;
    s.side_name = "French";
    s.game_id = "farm-1";
    s.turn = 2;
    s.phase = "side A moves";
    s.orders = order_ptrs;
    s.n_orders = 2;
    s.commanded = 1;
    s.search = &f;
    s.command_roll = rolls;
    s.n_command_roll = 1;
    s.ruleset = "skirmish19";
    s.tables_hash = "787b521dddd4a613";
    s.seed = 3;
    render_style_t plain = { 0 };
    char *text = NULL;
    RENDERED (text, render_side_orders (out, &s, &plain));
    assert_non_null (strstr (text, "red (French), turn 2, side A moves, game "
                                   "farm-1 - seed 3\n"));
    assert_non_null (strstr (text, "Command: red-captain throws 3D6: 11 "
                                   "points\n"));
    assert_non_null (strstr (text, "red-left       [commander] charge "
                                   "blue-wall - CHARGE\n"));
    assert_non_null (strstr (text, "red-right      [table]     hold facing "
                                   "180\n"));
    assert_non_null (strstr (text, "RF 3 (RF2-5), rolled 3: halt"));
    assert_non_null (strstr (text, "Search (search): 200 playouts in 9.5 ms, "
                                   "12 plans; value of the plan 0.62 "
                                   "(aggression 0.70, caution 0.30)"));
    assert_non_null (strstr (text, "chosen     40 visits  0.62  red-left: "
                                   "charge blue-wall"));
    assert_non_null (strstr (text, "Decided by: 1 commander, 1 table "
                                   "(skirmish19, tables 787b521dddd4)"));
    assert_null (strstr (text, "chosen unit by unit"));
    free (text);

    /*  another plan played more often than the chosen one: said why */
    Solo__V1__Alternative other = SOLO__V1__ALTERNATIVE__INIT;
    other.visits = 55;
    other.value = 0.7;
    other.plan = "red-left: hold";
    Solo__V1__Alternative *two [2] = { &alt, &other };
    f.alternatives = two;
    f.n_alternatives = 2;
    RENDERED (text, render_side_orders (out, &s, &plain));
    assert_non_null (strstr (text, "other      55 visits  0.70  red-left: "
                                   "hold\n  (chosen unit by unit: each "
                                   "unit's most played order, a plan played "
                                   "less often as a whole)\n"));
    free (text);
    other.visits = 40;                    /* no more than the chosen */
    RENDERED (text, render_side_orders (out, &s, &plain));
    assert_null (strstr (text, "chosen unit by unit"));
    free (text);

    Solo__V1__Point at = SOLO__V1__POINT__INIT;
    at.x = 50;
    at.y = 30;
    Solo__V1__UnitStatus status = SOLO__V1__UNIT_STATUS__INIT;
    status.loaded = true;
    status.ran_last_turn = true;
    Solo__V1__Unit units [2];
    Solo__V1__Unit *unit_ptrs [2];
    for (int i = 0; i < 2; i++) {
        solo__v1__unit__init (&units [i]);
        units [i].figures = 8;
        units [i].centre = &at;
        units [i].status = &status;
        unit_ptrs [i] = &units [i];
    }
    units [0].id = "red-left";
    units [0].side = SOLO__V1__SIDE__SIDE_RED;
    units [0].killed = 3;
    units [0].facing = 90;
    units [1].id = "blue-wall";
    char *removed [1] = { "blue-wall" };
    Solo__V1__GameState g = SOLO__V1__GAME_STATE__INIT;
    g.game_id = "farm-1";
    g.scenario = "farm";
    g.title = "The farm";
    g.ruleset = "skirmish19";
    g.tables_hash = "787b521dddd4a613";
    g.turn = 2;
    g.turns = 12;
    g.sequence = 1;
    g.units = unit_ptrs;
    g.n_units = 2;
    g.removed = removed;
    g.n_removed = 1;
    g.blue_name = "British";
    g.red_name = "French";
    RENDERED (text, render_game_state (out, &g, &plain));
    assert_null (strstr (text, "Table "));
    free (text);
    /*  with the table: its size and its terrain */
    Solo__V1__Point corners [3] = { SOLO__V1__POINT__INIT,
                                    SOLO__V1__POINT__INIT,
                                    SOLO__V1__POINT__INIT };
    Solo__V1__Point *polygon [3] = { &corners [0], &corners [1], &corners [2] };
    Solo__V1__TerrainFeature house = SOLO__V1__TERRAIN_FEATURE__INIT;
    house.id = "farmhouse";
    house.kind = SOLO__V1__TERRAIN_KIND__TERRAIN_TOWN;
    house.cover = SOLO__V1__COVER__COVER_HARD;
    house.polygon = polygon;
    house.n_polygon = 3;
    Solo__V1__TerrainFeature hedge = house;
    hedge.id = "hedge";
    hedge.kind = SOLO__V1__TERRAIN_KIND__TERRAIN_LOW_BARRIER;
    hedge.cover = SOLO__V1__COVER__COVER_SOFT;
    Solo__V1__TerrainFeature *terrain [2] = { &house, &hedge };
    Solo__V1__Situation table = SOLO__V1__SITUATION__INIT;
    table.table_width = 180;
    table.table_depth = 120;
    table.terrain = terrain;
    table.n_terrain = 2;
    table.units = unit_ptrs;
    table.n_units = 2;
    g.situation = &table;
    RENDERED (text, render_game_state (out, &g, &plain));
    assert_non_null (strstr (text, "Table 180 x 120 cm; terrain: farmhouse "
                                   "(town, hard cover), hedge (low_barrier, "
                                   "soft cover)\n"));
    assert_non_null (strstr (text, "Game farm-1: farm - The farm (skirmish19, "
                                   "tables 787b521dddd4)\n"));
    assert_non_null (strstr (text, "Turn 2 of 12; 1 update accepted; blue: "
                                   "British, red: French\n"));
    assert_non_null (strstr (text, "red-left       red   8 figures, 0 "
                                   "wounded, 3 killed  at (50.0, 30.0) facing "
                                   "90  ran_last_turn, loaded\n"));
    assert_non_null (strstr (text, "blue-wall      blue  8 figures, 0 wounded,"
                                   " 0 killed  out of play\n"));
    free (text);
    /*  every status flag of the protocol, by its name, in its order */
    const ProtobufCMessageDescriptor *sd = &solo__v1__unit_status__descriptor;
    char every [256] = "facing 90  ";
    for (unsigned i = 0; i < sd->n_fields; i++) {
        *(protobuf_c_boolean *) ((char *) &status + sd->fields [i].offset) = 1;
        snprintf (every + strlen (every), sizeof every - strlen (every),
                  "%s%s", i ? ", " : "", sd->fields [i].name);
    }
    strcat (every, "\n");
    assert_non_null (strstr (every, ", disordered, newly_disordered\n"));
    RENDERED (text, render_game_state (out, &g, &plain));
    if (!strstr (text, every))
        fail_msg ("\"%s\" not in\n%s", every, text);
    free (text);
    status = (Solo__V1__UnitStatus) SOLO__V1__UNIT_STATUS__INIT;
    Solo__V1__UpdateAccepted ua = SOLO__V1__UPDATE_ACCEPTED__INIT;
    ua.game_id = "farm-1";
    ua.sequence = 2;
    ua.turn = 3;
    ua.units_changed = 1;
    RENDERED (text, render_update_accepted (out, &ua));
    assert_string_equal (text, "Update 2 accepted for game farm-1: 1 unit "
                               "changed; turn 3\n");
    free (text);
    Solo__V1__GameList none = SOLO__V1__GAME_LIST__INIT;
    RENDERED (text, render_game_list (out, &none));
    assert_string_equal (text, "No open games.\n");
    free (text);
    Solo__V1__GameClosed closed = SOLO__V1__GAME_CLOSED__INIT;
    closed.game_id = "farm-1";
    closed.sequence = 1;
    RENDERED (text, render_game_closed (out, &closed));
    assert_string_equal (text, "Game farm-1 closed after 1 update.\n");
    free (text);
}

int
main (void)
{
    const struct CMUnitTest tests [] = {
        cmocka_unit_test (test_python_check_works),
        cmocka_unit_test (test_message_json),
        cmocka_unit_test (test_render_battle),
        cmocka_unit_test (test_render_side_and_games),
        cmocka_unit_test (test_writer_nesting_and_commas),
        cmocka_unit_test (test_writer_top_level_scalar),
        cmocka_unit_test (test_writer_escapes),
        cmocka_unit_test (test_writer_invalid_utf8_becomes_replacement),
        cmocka_unit_test (test_writer_keys_are_escaped),
        cmocka_unit_test (test_writer_numbers),
        cmocka_unit_test (test_writer_grows),
        cmocka_unit_test (test_writer_deep_nesting),
        cmocka_unit_test (test_decision_json),
        cmocka_unit_test (test_decision_json_direct_lookup),
        cmocka_unit_test (test_decision_json_destination),
        cmocka_unit_test (test_hello_json),
        cmocka_unit_test (test_error_json_and_names),
        cmocka_unit_test (test_render_decision),
        cmocka_unit_test (test_render_direct_lookup),
        cmocka_unit_test (test_render_moves),
        cmocka_unit_test (test_render_progress),
        cmocka_unit_test (test_render_hello),
        cmocka_unit_test (test_error_lines),
        cmocka_unit_test (test_transport_answer_matches_id),
        cmocka_unit_test (test_transport_no_answer),
        cmocka_unit_test (test_transport_garbage),
        cmocka_unit_test (test_transport_nobody_listening),
        cmocka_unit_test (test_transport_bad_endpoint),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
