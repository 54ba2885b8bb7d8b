/*  test_convert_reply.c - a decision's reply packed by
 *  convert_pack_decision_reply (by hand) is the very bytes
 *  solo__v1__reply__pack gives for the same Reply, whatever the request
 *  id (none, one byte of varint, several, the largest) and whatever the
 *  decision (every unit of a small battle, every face of the die, and
 *  every field at the values the wire treats apart); the messages have
 *  the fields the hand packer packs.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include "convert.h"
#include "dice.h"
#include "rf.h"
#include "situation.h"
#include "testutil.h"

#define PIECES_MAX 256

/*  An arena for convert_decision_in: pieces malloc'd, all freed at once. */
typedef struct {
    void *pieces[PIECES_MAX];
    int count;
} pieces_t;

static void *
pieces_alloc (void *data, size_t size)
{
    pieces_t *p = data;
    if (p->count == PIECES_MAX)
        return NULL;
    return p->pieces[p->count++] = malloc (size ? size : 1);
}

static void
pieces_free_one (void *data, void *piece)
{
    (void) data;
    (void) piece;                   /* freed with the rest */
}

static void
pieces_free_all (pieces_t *p)
{
    for (int i = 0; i < p->count; i++)
        free (p->pieces[i]);
    p->count = 0;
}

static void
add_unit (situation_t *sit, const ruleset_t *rs, const char *id, side_t side,
          arm_t arm, const char *weapon, double x, double y, double facing)
{
    unit_t u;
    memset (&u, 0, sizeof u);
    snprintf (u.id, sizeof u.id, "%s", id);
    u.side = side;
    u.arm = arm;
    u.quality = QUALITY_REGULAR;
    u.weapon = ruleset_weapon_find (rs, weapon);
    u.formation = arm == ARM_CAVALRY ? FORMATION_MOUNTED : FORMATION_LINE;
    u.figures = 12;
    u.wounded = 2;
    u.officers = 1;
    u.fp = (footprint_t) { { x, y }, facing, 12, 4 };
    char err[256] = "";
    if (situation_add_unit (sit, &u, err, sizeof err) < 0)
        fail_msg ("%s", err);
}

/*  The reply as protobuf-c packs it and as convert_pack_decision_reply
 *  does: the same bytes. */
static void
assert_same_bytes (const Solo__V1__UnitDecision *body, uint64_t id)
{
    Solo__V1__Reply r = SOLO__V1__REPLY__INIT;
    r.id = id;
    r.body_case = SOLO__V1__REPLY__BODY_UNIT_DECISION;
    r.unit_decision = (Solo__V1__UnitDecision *) body;
    size_t want_len = solo__v1__reply__get_packed_size (&r);
    uint8_t *want = malloc (want_len);
    assert_non_null (want);
    assert_int_equal (solo__v1__reply__pack (&r, want), want_len);
    uint8_t *got = NULL;
    size_t got_len = 0;
    assert_int_equal (convert_pack_decision_reply (id, body, &got, &got_len),
                      0);
    assert_int_equal (got_len, want_len);
    assert_memory_equal (got, want, want_len);
    Solo__V1__Reply *back = solo__v1__reply__unpack (NULL, got_len, got);
    assert_non_null (back);
    assert_int_equal (back->id, id);
    assert_int_equal (back->body_case, SOLO__V1__REPLY__BODY_UNIT_DECISION);
    assert_string_equal (back->unit_decision->unit_id, body->unit_id);
    solo__v1__reply__free_unpacked (back, NULL);
    free (got);
    free (want);
}

static void
test_same_bytes (void **state)
{
    (void) state;
    ruleset_t *rs = test_load_skirmish19 ();
    situation_t *sit = situation_new (rs, 180, 120);
    terrain_feature_t wood;
    memset (&wood, 0, sizeof wood);
    snprintf (wood.id, sizeof wood.id, "wood");
    wood.kind = TERRAIN_WOODS;
    wood.cover = ruleset_terrain (rs, TERRAIN_WOODS)->cover;
    wood.vertex_count = 4;
    wood.vertices[0] = (vec2_t) { 60, 55 };
    wood.vertices[1] = (vec2_t) { 90, 55 };
    wood.vertices[2] = (vec2_t) { 90, 70 };
    wood.vertices[3] = (vec2_t) { 60, 70 };
    char err[256] = "";
    if (situation_add_terrain (sit, &wood, err, sizeof err) < 0)
        fail_msg ("%s", err);
    add_unit (sit, rs, "blue-1", SIDE_BLUE, ARM_INFANTRY, "musket", 50, 30, 0);
    add_unit (sit, rs, "blue-2", SIDE_BLUE, ARM_CAVALRY, "sword", 100, 30, 0);
    add_unit (sit, rs, "red-1", SIDE_RED, ARM_INFANTRY, "musket", 50, 90,
              180);
    add_unit (sit, rs, "red-2", SIDE_RED, ARM_INFANTRY, "rifle", 75, 62,
              180);
    const uint64_t ids[] = { 0, 1, 127, 128, 300, 1ull << 32, UINT64_MAX };
    pieces_t arena_data = { .count = 0 };
    ProtobufCAllocator arena = { pieces_alloc, pieces_free_one, &arena_data };
    rf_decision_t *decision = calloc (1, sizeof *decision);
    assert_non_null (decision);
    int packed = 0;
    for (int unit = 0; unit < situation_unit_count (sit); unit++)
        for (int roll = 1; roll <= 6; roll++) {
            dice_t *dice = dice_new (7);
            if (rf_decide (sit, unit, roll, dice, decision, err, sizeof err))
                fail_msg ("%s", err);
            dice_destroy (&dice);
            Solo__V1__UnitDecision *body = convert_decision_in (
                decision, sit, rs, situation_unit_const (sit, unit)->id,
                42, &arena);
            assert_non_null (body);
            /* the fast path is taken: a proto field the hand packer
               does not know would turn it off for every decision */
            assert_true (convert_decision_packs_by_hand (body));
            for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
                assert_same_bytes (body, ids[i]);
            pieces_free_all (&arena_data);
            packed++;
        }
    assert_int_equal (packed, 4 * 6);
    /* the formation a unit takes to move (a europe19 line forms column)
       goes on the wire by its name, the enemy it charges by its id; ""
       where it keeps its own, or does not charge */
    for (int set = 0; set < 2; set++) {
        decision->order.formation = set ? FORMATION_COLUMN : -1;
        decision->order.charge_target = set
            ? situation_find_unit (sit, "red-2") : -1;
        Solo__V1__UnitDecision *body = convert_decision_in (
            decision, sit, rs, "blue-1", 42, &arena);
        assert_non_null (body);
        assert_string_equal (body->geometry->formation, set ? "column" : "");
        assert_string_equal (body->geometry->charge_target_id,
                             set ? "red-2" : "");
        assert_true (convert_decision_packs_by_hand (body));
        assert_same_bytes (body, 7);
        pieces_free_all (&arena_data);
    }
    free (decision);
    situation_destroy (&sit);
    ruleset_destroy (&rs);
}

/*  Decisions no battle gives: every field set to what the wire treats
 *  apart (empty and absent strings, strings of two-byte lengths,
 *  negative and largest numbers, -0, NaN and infinite doubles, no
 *  geometry, a geometry without a destination, empty lists, a group). */
static void
test_edges (void **state)
{
    (void) state;
    char long_text[300];
    memset (long_text, 'w', sizeof long_text - 1);
    long_text[sizeof long_text - 1] = '\0';
    Solo__V1__Factor factor[2];
    Solo__V1__Factor *factor_ptrs[2] = { &factor[0], &factor[1] };
    for (int i = 0; i < 2; i++)
        solo__v1__factor__init (&factor[i]);
    factor[0].name = "enemy_in_range";
    factor[0].value = -3;
    factor[0].reason = long_text;
    factor[1].value = INT32_MIN;
    Solo__V1__Outcome outcome[2];
    Solo__V1__Outcome *outcome_ptrs[2] = { &outcome[0], &outcome[1] };
    for (int i = 0; i < 2; i++)
        solo__v1__outcome__init (&outcome[i]);
    outcome[0].roll = UINT32_MAX;
    outcome[0].action = "halt";
    outcome[0].charge = true;
    outcome[0].morale = "";
    outcome[1].text = "";
    Solo__V1__Point destination = SOLO__V1__POINT__INIT;
    destination.x = -0.0;
    destination.y = 1e-300;
    char *group[3] = { "blue-1", "", "a-unit" };
    Solo__V1__Geometry g = SOLO__V1__GEOMETRY__INIT;
    g.nearest_enemy_id = "red-2";
    g.nearest_enemy_distance = NAN;
    g.enemy_in_charge_reach = true;
    g.cover_id = "";
    g.formation = long_text;
    g.charge_target_id = "red-1";
    g.has_destination = true;
    g.destination = &destination;
    g.move_distance = INFINITY;
    g.facing = -90.5;
    g.pace = NULL;
    g.range_band = long_text;
    g.group_unit_ids = group;
    g.n_group_unit_ids = 3;
    Solo__V1__UnitDecision m = SOLO__V1__UNIT_DECISION__INIT;
    m.unit_id = "red-1";
    m.action = "advance_charge";
    m.charge = true;
    m.rf = -12;
    m.rf_band = "up to RF0";
    m.roll = 6;
    m.roll_from_player = true;
    m.factors = factor_ptrs;
    m.n_factors = 2;
    m.outcomes = outcome_ptrs;
    m.n_outcomes = 2;
    m.morale = NULL;
    m.morale_text = "";
    m.geometry = &g;
    m.layer = "table";
    m.tables_hash = "0123456789abcdef";
    m.explanation = long_text;
    m.arm = "cavalry";
    m.seed = UINT64_MAX;
    m.length_unit = "in";
    m.cm_per_length_unit = 2.54;
    m.base_ruleset = "bolivar";
    m.base_tables_hash = "fedcba9876543210";
    char *warnings[2] = { "units \"a\" and \"b\" overlap by 2.0 cm", "" };
    m.warnings = warnings;
    m.n_warnings = 2;
    for (uint64_t id = 0; id < 3; id++)
        assert_same_bytes (&m, id * 200);
    g.destination = NULL;               /* a geometry without one */
    g.n_group_unit_ids = 0;
    g.group_unit_ids = NULL;
    g.facing = -0.0;
    assert_same_bytes (&m, 7);
    m.geometry = NULL;                  /* nothing but defaults */
    m.n_factors = 0;
    m.factors = NULL;
    m.n_outcomes = 0;
    m.outcomes = NULL;
    m.rf = 0;
    m.seed = 0;
    m.explanation = "";
    m.unit_id = "";
    assert_same_bytes (&m, 0);
    Solo__V1__UnitDecision empty = SOLO__V1__UNIT_DECISION__INIT;
    assert_same_bytes (&empty, 1);
}

/*  The fields of a message: name, number, type, label. */
typedef struct {
    const char *name;
    unsigned number;
    ProtobufCType type;
    ProtobufCLabel label;
} field_shape_t;

static void
assert_shape (const ProtobufCMessageDescriptor *d, const field_shape_t *want,
              unsigned count)
{
    if (d->n_fields != count)
        fail_msg ("%s has %u fields, the hand packer knows %u", d->name,
                  d->n_fields, count);
    for (unsigned i = 0; i < count; i++) {
        const ProtobufCFieldDescriptor *f = &d->fields[i];
        if (strcmp (f->name, want[i].name) || f->id != want[i].number
            || f->type != want[i].type || f->label != want[i].label
            || (f->flags & PROTOBUF_C_FIELD_FLAG_ONEOF))
            fail_msg ("%s field %u is %s = %u, the hand packer knows "
                      "%s = %u", d->name, i, f->name, f->id, want[i].name,
                      want[i].number);
    }
}

/*  The messages are as convert_pack_decision_reply packs them by hand:
 *  a field added, renumbered or retyped in solo.proto fails here (and
 *  one added makes the packer leave the reply to protobuf-c). */
static void
test_shapes (void **state)
{
    (void) state;
    const ProtobufCLabel one = PROTOBUF_C_LABEL_NONE;
    const ProtobufCLabel many = PROTOBUF_C_LABEL_REPEATED;
    const field_shape_t decision[] = {
        { "unit_id", 1, PROTOBUF_C_TYPE_STRING, one },
        { "action", 2, PROTOBUF_C_TYPE_STRING, one },
        { "charge", 3, PROTOBUF_C_TYPE_BOOL, one },
        { "rf", 4, PROTOBUF_C_TYPE_INT32, one },
        { "rf_band", 5, PROTOBUF_C_TYPE_STRING, one },
        { "roll", 6, PROTOBUF_C_TYPE_UINT32, one },
        { "roll_from_player", 7, PROTOBUF_C_TYPE_BOOL, one },
        { "factors", 8, PROTOBUF_C_TYPE_MESSAGE, many },
        { "outcomes", 9, PROTOBUF_C_TYPE_MESSAGE, many },
        { "morale", 10, PROTOBUF_C_TYPE_STRING, one },
        { "morale_text", 11, PROTOBUF_C_TYPE_STRING, one },
        { "geometry", 12, PROTOBUF_C_TYPE_MESSAGE, one },
        { "layer", 13, PROTOBUF_C_TYPE_STRING, one },
        { "ruleset", 14, PROTOBUF_C_TYPE_STRING, one },
        { "tables_hash", 15, PROTOBUF_C_TYPE_STRING, one },
        { "explanation", 16, PROTOBUF_C_TYPE_STRING, one },
        { "arm", 17, PROTOBUF_C_TYPE_STRING, one },
        { "seed", 18, PROTOBUF_C_TYPE_UINT64, one },
        { "length_unit", 19, PROTOBUF_C_TYPE_STRING, one },
        { "cm_per_length_unit", 20, PROTOBUF_C_TYPE_DOUBLE, one },
        { "base_ruleset", 21, PROTOBUF_C_TYPE_STRING, one },
        { "base_tables_hash", 22, PROTOBUF_C_TYPE_STRING, one },
        { "warnings", 23, PROTOBUF_C_TYPE_STRING, many },
    };
    const field_shape_t factor[] = {
        { "name", 1, PROTOBUF_C_TYPE_STRING, one },
        { "value", 2, PROTOBUF_C_TYPE_INT32, one },
        { "reason", 3, PROTOBUF_C_TYPE_STRING, one },
    };
    const field_shape_t outcome[] = {
        { "roll", 1, PROTOBUF_C_TYPE_UINT32, one },
        { "action", 2, PROTOBUF_C_TYPE_STRING, one },
        { "charge", 3, PROTOBUF_C_TYPE_BOOL, one },
        { "morale", 4, PROTOBUF_C_TYPE_STRING, one },
        { "text", 5, PROTOBUF_C_TYPE_STRING, one },
    };
    const field_shape_t geometry[] = {
        { "nearest_enemy_id", 1, PROTOBUF_C_TYPE_STRING, one },
        { "nearest_enemy_distance", 2, PROTOBUF_C_TYPE_DOUBLE, one },
        { "enemy_in_weapon_range", 3, PROTOBUF_C_TYPE_BOOL, one },
        { "enemy_in_charge_reach", 4, PROTOBUF_C_TYPE_BOOL, one },
        { "cover_id", 5, PROTOBUF_C_TYPE_STRING, one },
        { "has_destination", 6, PROTOBUF_C_TYPE_BOOL, one },
        { "destination", 7, PROTOBUF_C_TYPE_MESSAGE, one },
        { "move_distance", 8, PROTOBUF_C_TYPE_DOUBLE, one },
        { "facing", 9, PROTOBUF_C_TYPE_DOUBLE, one },
        { "pace", 10, PROTOBUF_C_TYPE_STRING, one },
        { "shoot_target_id", 11, PROTOBUF_C_TYPE_STRING, one },
        { "range_band", 12, PROTOBUF_C_TYPE_STRING, one },
        { "group_unit_ids", 13, PROTOBUF_C_TYPE_STRING, many },
        { "no_shot", 14, PROTOBUF_C_TYPE_STRING, one },
        { "no_shot_unit_id", 15, PROTOBUF_C_TYPE_STRING, one },
        { "formation", 16, PROTOBUF_C_TYPE_STRING, one },
        { "charge_target_id", 17, PROTOBUF_C_TYPE_STRING, one },
    };
    const field_shape_t point[] = {
        { "x", 1, PROTOBUF_C_TYPE_DOUBLE, one },
        { "y", 2, PROTOBUF_C_TYPE_DOUBLE, one },
    };
#define SHAPE(d, f) assert_shape (&d, f, sizeof f / sizeof f[0])
    SHAPE (solo__v1__unit_decision__descriptor, decision);
    SHAPE (solo__v1__factor__descriptor, factor);
    SHAPE (solo__v1__outcome__descriptor, outcome);
    SHAPE (solo__v1__geometry__descriptor, geometry);
    SHAPE (solo__v1__point__descriptor, point);
#undef SHAPE
}

/*  A loader's refusal: the request's fault, an unknown ruleset, or the
 *  daemon's (out of memory is never the sender's bad request). */
static void
test_load_code (void **state)
{
    (void) state;
    assert_int_equal (convert_load_code ("t.cfg:3 - figures 0 not in 1..10000",
                                         ""),
                      SOLO__V1__ERROR__CODE__BAD_REQUEST);
    assert_int_equal (convert_load_code ("t.cfg:1 - unknown ruleset", "nap"),
                      SOLO__V1__ERROR__CODE__UNKNOWN_RULESET);
    assert_int_equal (convert_load_code ("t.cfg:9 - unit \"a\": out of memory",
                                         ""),
                      SOLO__V1__ERROR__CODE__INTERNAL);
    assert_int_equal (convert_load_code (NULL, NULL),
                      SOLO__V1__ERROR__CODE__BAD_REQUEST);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_same_bytes),
        cmocka_unit_test (test_edges),
        cmocka_unit_test (test_shapes),
        cmocka_unit_test (test_load_code),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
