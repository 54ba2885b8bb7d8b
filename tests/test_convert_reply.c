/*  test_convert_reply.c - a decision's reply packed by
 *  convert_pack_decision_reply is the very bytes solo__v1__reply__pack
 *  gives for the same Reply, whatever the request id (none, one byte of
 *  varint, several, the largest) and whatever the decision (every unit
 *  of a small battle, every face of the die).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
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
            for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
                assert_same_bytes (body, ids[i]);
            pieces_free_all (&arena_data);
            packed++;
        }
    assert_int_equal (packed, 4 * 6);
    free (decision);
    situation_destroy (&sit);
    ruleset_destroy (&rs);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_same_bytes),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
