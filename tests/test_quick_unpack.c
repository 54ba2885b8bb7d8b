/*  test_quick_unpack.c - the one-pass decoder against protobuf-c's own.
 *
 *  Hand-built byte strings for every field type the protocol uses and
 *  their edge values, what must be declined, and a real AskUnit of the
 *  benchmarks' table.  Wherever quick_unpack gives a message, protobuf-c
 *  must give one too, and both must pack to the same bytes.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "../bench/bench_common.h"
#include "quick_unpack.h"
#include "solo.pb-c.h"
#include "strategy.pb-c.h"
#include "tournament.pb-c.h"

#define WIRE_MAX_BYTES 65536

/*  ---- building bytes -------------------------------------------------- */

typedef struct {
    uint8_t bytes[WIRE_MAX_BYTES];
    size_t len;
} wire_t;

static wire_t *
wire_new (void)
{
    wire_t *w = calloc (1, sizeof *w);
    assert_non_null (w);
    return w;
}

static void
put_raw (wire_t *w, const void *data, size_t len)
{
    assert_true (w->len + len <= WIRE_MAX_BYTES);
    memcpy (w->bytes + w->len, data, len);
    w->len += len;
}

static void
put_byte (wire_t *w, uint8_t byte)
{
    put_raw (w, &byte, 1);
}

/*  A varint in as few bytes as it needs. */
static void
put_varint (wire_t *w, uint64_t value)
{
    while (value >= 0x80) {
        put_byte (w, (uint8_t) (value | 0x80));
        value >>= 7;
    }
    put_byte (w, (uint8_t) value);
}

static void
put_key (wire_t *w, uint32_t number, unsigned wire_type)
{
    put_varint (w, (uint64_t) number << 3 | wire_type);
}

static void
put_double (wire_t *w, uint32_t number, double value)
{
    uint64_t bits;
    memcpy (&bits, &value, sizeof bits);
    put_key (w, number, PROTOBUF_C_WIRE_TYPE_64BIT);
    for (int i = 0; i < 8; i++)
        put_byte (w, (uint8_t) (bits >> (8 * i)));
}

static void
put_string (wire_t *w, uint32_t number, const char *text)
{
    put_key (w, number, PROTOBUF_C_WIRE_TYPE_LENGTH_PREFIXED);
    put_varint (w, strlen (text));
    put_raw (w, text, strlen (text));
}

static void
put_message (wire_t *w, uint32_t number, const wire_t *inner)
{
    put_key (w, number, PROTOBUF_C_WIRE_TYPE_LENGTH_PREFIXED);
    put_varint (w, inner->len);
    put_raw (w, inner->bytes, inner->len);
}

/*  ---- comparing ------------------------------------------------------- */

/*  The bytes a message packs to (malloc'd). */
static uint8_t *
pack (const ProtobufCMessage *message, size_t *len)
{
    *len = protobuf_c_message_get_packed_size (message);
    uint8_t *bytes = malloc (*len ? *len : 1);
    assert_non_null (bytes);
    assert_int_equal (protobuf_c_message_pack (message, bytes), *len);
    return bytes;
}

/*  quick_unpack's message for the bytes, or NULL when it declines; when
 *  it gives one, protobuf-c must give one that packs to the same bytes.
 *  Free it with protobuf_c_message_free_unpacked (m, NULL). */
static ProtobufCMessage *
checked (const ProtobufCMessageDescriptor *descriptor, const uint8_t *data,
         size_t len)
{
    ProtobufCMessage *quick = quick_unpack (descriptor, NULL, len, data);
    ProtobufCMessage *reference =
        protobuf_c_message_unpack (descriptor, NULL, len, data);
    if (quick) {
        assert_non_null (reference);
        size_t quick_len, reference_len;
        uint8_t *quick_bytes = pack (quick, &quick_len);
        uint8_t *reference_bytes = pack (reference, &reference_len);
        assert_int_equal (quick_len, reference_len);
        assert_memory_equal (quick_bytes, reference_bytes, quick_len);
        free (quick_bytes);
        free (reference_bytes);
    }
    protobuf_c_message_free_unpacked (reference, NULL);
    return quick;
}

static ProtobufCMessage *
checked_wire (const ProtobufCMessageDescriptor *descriptor, const wire_t *w)
{
    return checked (descriptor, w->bytes, w->len);
}

/*  Bytes quick_unpack must decline (whatever protobuf-c makes of them). */
static void
assert_declined (const ProtobufCMessageDescriptor *descriptor,
                 const wire_t *w)
{
    ProtobufCMessage *quick = checked_wire (descriptor, w);
    assert_null (quick);
}

/*  Whether protobuf-c accepts the bytes. */
static bool
protobuf_c_accepts (const ProtobufCMessageDescriptor *descriptor,
                    const wire_t *w)
{
    ProtobufCMessage *m =
        protobuf_c_message_unpack (descriptor, NULL, w->len, w->bytes);
    protobuf_c_message_free_unpacked (m, NULL);
    return m != NULL;
}

/*  An allocator that counts the pieces it has out and can be made to
 *  fail from the `fail_at`th allocation on (0: never). */
typedef struct {
    long live;
    long made;
    long fail_at;
} counting_t;

static void *
counting_alloc (void *data, size_t size)
{
    counting_t *c = data;
    if (c->fail_at && c->made + 1 >= c->fail_at)
        return NULL;
    c->made++;
    c->live++;
    return malloc (size);
}

static void
counting_free (void *data, void *piece)
{
    counting_t *c = data;
    c->live--;
    free (piece);
}

/*  The benchmarks' AskUnit: `per_side` units a side, 10 terrain features
 *  (4,052 bytes with 20 a side).  malloc'd. */
static uint8_t *
bench_ask_unit (int per_side, size_t *len)
{
    bench_table_t *t = bench_table_new (per_side);
    assert_non_null (t);
    Solo__V1__AskUnit ask = SOLO__V1__ASK_UNIT__INIT;
    ask.source_case = SOLO__V1__ASK_UNIT__SOURCE_SITUATION;
    ask.situation = &t->sit;
    ask.unit_id = (char *) bench_table_front_red (t);
    ask.has_seed = true;
    ask.seed = 42;
    Solo__V1__Request req = SOLO__V1__REQUEST__INIT;
    req.id = 3;
    req.body_case = SOLO__V1__REQUEST__BODY_ASK_UNIT;
    req.ask_unit = &ask;
    uint8_t *bytes = pack (&req.base, len);
    bench_table_free (&t);
    return bytes;
}

/*  ---- the field types ------------------------------------------------- */

static void
test_empty_input_is_defaults (void **state)
{
    (void) state;
    Solo__V1__Unit *unit = (Solo__V1__Unit *) quick_unpack (
        &solo__v1__unit__descriptor, NULL, 0, NULL);
    assert_non_null (unit);
    assert_string_equal (unit->id, "");
    assert_int_equal (unit->figures, 0);
    assert_null (unit->centre);
    assert_null (unit->status);
    protobuf_c_message_free_unpacked (&unit->base, NULL);
}

static void
test_scalars_of_a_unit (void **state)
{
    (void) state;
    wire_t *status = wire_new ();
    put_key (status, 1, PROTOBUF_C_WIRE_TYPE_VARINT);       /* bool 2 */
    put_varint (status, 2);
    put_key (status, 4, PROTOBUF_C_WIRE_TYPE_VARINT);       /* bool 0 */
    put_varint (status, 0);
    put_key (status, 10, PROTOBUF_C_WIRE_TYPE_VARINT);  /* bool, 10 bytes */
    put_raw (status, "\x80\x80\x80\x80\x80\x80\x80\x80\x80\x01", 10);
    put_key (status, 11, PROTOBUF_C_WIRE_TYPE_VARINT);      /* bool 1 */
    put_varint (status, 1);
    put_key (status, 12, PROTOBUF_C_WIRE_TYPE_VARINT);  /* given twice: */
    put_varint (status, 1);
    put_key (status, 12, PROTOBUF_C_WIRE_TYPE_VARINT);  /* the last, false */
    put_varint (status, 0);
    wire_t *centre = wire_new ();
    put_double (centre, 1, -0.0);
    put_double (centre, 2, 1e300);
    wire_t *w = wire_new ();
    put_string (w, 1, "blue-1");
    put_key (w, 2, PROTOBUF_C_WIRE_TYPE_VARINT);            /* enum in it */
    put_varint (w, 1);
    put_key (w, 3, PROTOBUF_C_WIRE_TYPE_VARINT);            /* enum outside */
    put_varint (w, 99);
    put_key (w, 4, PROTOBUF_C_WIRE_TYPE_VARINT);            /* enum negative */
    put_varint (w, (uint64_t) (int64_t) -3);
    put_string (w, 5, "");                                  /* empty string */
    put_key (w, 8, PROTOBUF_C_WIRE_TYPE_VARINT);    /* int32 -5: 10 bytes */
    put_varint (w, (uint64_t) (int64_t) -5);
    put_key (w, 9, PROTOBUF_C_WIRE_TYPE_VARINT);            /* int32 max */
    put_varint (w, INT32_MAX);
    put_key (w, 10, PROTOBUF_C_WIRE_TYPE_VARINT);   /* int32 of 2^32 + 7 */
    put_varint (w, (UINT64_C (1) << 32) + 7);
    put_key (w, 11, PROTOBUF_C_WIRE_TYPE_VARINT);           /* int32 min */
    put_varint (w, (uint64_t) (int64_t) INT32_MIN);
    put_key (w, 12, PROTOBUF_C_WIRE_TYPE_VARINT);   /* zero, overlong */
    put_raw (w, "\x80\x80\x00", 3);
    put_message (w, 15, centre);
    put_double (w, 16, NAN);
    put_message (w, 19, status);
    put_string (w, 23, "caf\xc3\xa9 \xff");                 /* not UTF-8 */
    Solo__V1__Unit *unit = (Solo__V1__Unit *) checked_wire (
        &solo__v1__unit__descriptor, w);
    assert_non_null (unit);
    assert_string_equal (unit->id, "blue-1");
    assert_int_equal (unit->side, SOLO__V1__SIDE__SIDE_RED);
    assert_int_equal (unit->arm, 99);
    assert_int_equal ((int) unit->quality, -3);
    assert_non_null (unit->weapon);
    assert_string_equal (unit->weapon, "");
    assert_int_equal (unit->figures, -5);
    assert_int_equal (unit->wounded, INT32_MAX);
    assert_int_equal (unit->killed, 7);
    assert_int_equal (unit->officers, INT32_MIN);
    assert_int_equal (unit->ncos, 0);
    assert_non_null (unit->centre);
    assert_true (signbit (unit->centre->x) && unit->centre->x == 0);
    assert_true (unit->centre->y == 1e300);
    assert_true (isnan (unit->facing));
    assert_non_null (unit->status);
    assert_int_equal (unit->status->ran_last_turn, 1);
    assert_int_equal (unit->status->fortified, 0);
    assert_int_equal (unit->status->routing, 1);
    assert_int_equal (unit->status->disordered, 1);
    assert_int_equal (unit->status->newly_disordered, 0);
    assert_string_equal (unit->troop_type, "caf\xc3\xa9 \xff");
    protobuf_c_message_free_unpacked (&unit->base, NULL);
    free (w);
    free (centre);
    free (status);
}

/*  A bool whose only set bits are past the 64th, in a tenth byte: true
 *  for protobuf-c, which looks at every byte. */
static void
test_bool_of_bits_past_64 (void **state)
{
    (void) state;
    wire_t *w = wire_new ();
    put_key (w, 6, PROTOBUF_C_WIRE_TYPE_VARINT);
    put_raw (w, "\x80\x80\x80\x80\x80\x80\x80\x80\x80\x7e", 10);
    Solo__V1__Unit *unit = (Solo__V1__Unit *) checked_wire (
        &solo__v1__unit__descriptor, w);
    assert_non_null (unit);
    assert_int_equal (unit->bayonet, 1);
    protobuf_c_message_free_unpacked (&unit->base, NULL);
    free (w);
}

static void
test_unsigned_and_64_bit (void **state)
{
    (void) state;
    wire_t *w = wire_new ();
    put_key (w, 5, PROTOBUF_C_WIRE_TYPE_VARINT);    /* uint32 of 2^35 - 1 */
    put_varint (w, (UINT64_C (1) << 35) - 1);
    put_key (w, 7, PROTOBUF_C_WIRE_TYPE_VARINT);            /* uint64 max */
    put_varint (w, UINT64_MAX);
    put_string (w, 4, "red-3");
    Solo__V1__AskUnit *ask = (Solo__V1__AskUnit *) checked_wire (
        &solo__v1__ask_unit__descriptor, w);
    assert_non_null (ask);
    assert_int_equal (ask->roll, UINT32_MAX);
    assert_true (ask->seed == UINT64_MAX);
    assert_string_equal (ask->unit_id, "red-3");
    assert_int_equal (ask->source_case, SOLO__V1__ASK_UNIT__SOURCE__NOT_SET);
    protobuf_c_message_free_unpacked (&ask->base, NULL);
    free (w);
}

/*  quick_find_nul: the first string holding a NUL, its path (a repeated
 *  field's index counting its occurrences) and the NUL's offset; none in
 *  strings without one, nor in bytes fields' kin (a double's bytes). */
static void
test_find_nul (void **state)
{
    (void) state;
    wire_t *one = wire_new (), *two = wire_new (), *sit = wire_new ();
    wire_t *ask = wire_new ();
    put_string (one, 1, "blue-1");
    put_double (one, 16, 0.0);                 /* zero bytes, not a string */
    put_string (two, 1, "red-1");
    put_raw (two, "\x2a\x03" "a\0x", 5);       /* weapon (5): "a", NUL, "x" */
    put_message (sit, 5, one);
    put_message (sit, 5, two);
    put_message (ask, 1, sit);
    put_string (ask, 4, "red-1");
    char path[64];
    assert_int_equal (quick_find_nul (&solo__v1__ask_unit__descriptor,
                                      ask->len, ask->bytes, path,
                                      sizeof path), 1);
    assert_string_equal (path, "situation.units[1].weapon");
    /* cut to the room given */
    char short_path[8];
    assert_int_equal (quick_find_nul (&solo__v1__ask_unit__descriptor,
                                      ask->len, ask->bytes, short_path,
                                      sizeof short_path), 1);
    assert_string_equal (short_path, "situati");
    /* none in the first unit alone */
    wire_t *clean = wire_new (), *clean_sit = wire_new ();
    put_message (clean_sit, 5, one);
    put_message (clean, 1, clean_sit);
    put_string (clean, 4, "red-1");
    assert_int_equal (quick_find_nul (&solo__v1__ask_unit__descriptor,
                                      clean->len, clean->bytes, path,
                                      sizeof path), -1);
    assert_string_equal (path, "");
    free (one);
    free (two);
    free (sit);
    free (ask);
    free (clean);
    free (clean_sit);
}

static void
test_sint32 (void **state)
{
    (void) state;
    int32_t values[] = { 0, -1, 1, INT32_MIN, INT32_MAX };
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        wire_t *w = wire_new ();
        uint32_t zigzag = ((uint32_t) values[i] << 1)
                        ^ (uint32_t) (values[i] < 0 ? -1 : 0);
        put_key (w, 5, PROTOBUF_C_WIRE_TYPE_VARINT);
        put_varint (w, zigzag);
        Solo__V1__GameRecord *record = (Solo__V1__GameRecord *) checked_wire (
            &solo__v1__game_record__descriptor, w);
        assert_non_null (record);
        assert_int_equal (record->winner, values[i]);
        protobuf_c_message_free_unpacked (&record->base, NULL);
        free (w);
    }
}

/*  A singular string given twice: the last one (as protobuf-c). */
static void
test_string_twice_keeps_the_last (void **state)
{
    (void) state;
    wire_t *w = wire_new ();
    put_string (w, 1, "first");
    put_string (w, 1, "second");
    counting_t count = { 0, 0, 0 };
    ProtobufCAllocator allocator = { counting_alloc, counting_free, &count };
    Solo__V1__Unit *unit = (Solo__V1__Unit *) quick_unpack (
        &solo__v1__unit__descriptor, &allocator, w->len, w->bytes);
    assert_non_null (unit);
    assert_string_equal (unit->id, "second");
    assert_int_equal (count.live, 2);       /* the message and "second" */
    protobuf_c_message_free_unpacked (&unit->base, &allocator);
    assert_int_equal (count.live, 0);
    ProtobufCMessage *again = checked_wire (&solo__v1__unit__descriptor, w);
    assert_non_null (again);
    protobuf_c_message_free_unpacked (again, NULL);
    free (w);
}

static void
test_repeated_messages_and_strings (void **state)
{
    (void) state;
    /*  A situation of 37 units (arrays grown past 4, 8, 16, 32) and 3
     *  features of 0, 1 and 9 vertices. */
    wire_t *w = wire_new ();
    put_string (w, 1, "skirmish19");
    put_double (w, 2, 240);
    for (int f = 0; f < 3; f++) {
        wire_t *feature = wire_new ();
        char id[16];
        snprintf (id, sizeof id, "f%d", f);
        put_string (feature, 1, id);
        int vertices = f == 0 ? 0 : f == 1 ? 1 : 9;
        for (int v = 0; v < vertices; v++) {
            wire_t *point = wire_new ();
            put_double (point, 1, v);
            put_double (point, 2, -v);
            put_message (feature, 3, point);
            free (point);
        }
        put_message (w, 4, feature);
        free (feature);
    }
    for (int u = 0; u < 37; u++) {
        wire_t *unit = wire_new ();
        char id[16];
        snprintf (id, sizeof id, "u%d", u);
        put_string (unit, 1, id);
        put_key (unit, 8, PROTOBUF_C_WIRE_TYPE_VARINT);
        put_varint (unit, (uint64_t) u);
        put_message (w, 5, unit);
        free (unit);
        if (u == 20) {                      /* a feature among the units */
            wire_t *feature = wire_new ();
            put_string (feature, 1, "late");
            put_message (w, 4, feature);
            free (feature);
        }
    }
    Solo__V1__Situation *sit = (Solo__V1__Situation *) checked_wire (
        &solo__v1__situation__descriptor, w);
    assert_non_null (sit);
    assert_int_equal (sit->n_units, 37);
    assert_int_equal (sit->n_terrain, 4);
    assert_int_equal (sit->terrain[0]->n_polygon, 0);
    assert_int_equal (sit->terrain[1]->n_polygon, 1);
    assert_int_equal (sit->terrain[2]->n_polygon, 9);
    assert_true (sit->terrain[2]->polygon[8]->y == -8);
    assert_string_equal (sit->terrain[3]->id, "late");
    for (int u = 0; u < 37; u++)
        assert_int_equal (sit->units[u]->figures, u);
    assert_string_equal (sit->units[36]->id, "u36");
    protobuf_c_message_free_unpacked (&sit->base, NULL);
    free (w);

    /*  Repeated strings: a reply's group ids, one of them empty. */
    w = wire_new ();
    for (int i = 0; i < 6; i++)
        put_string (w, 13, i == 3 ? "" : "blue-1");
    Solo__V1__Geometry *geometry = (Solo__V1__Geometry *) checked_wire (
        &solo__v1__geometry__descriptor, w);
    assert_non_null (geometry);
    assert_int_equal (geometry->n_group_unit_ids, 6);
    assert_string_equal (geometry->group_unit_ids[3], "");
    assert_string_equal (geometry->group_unit_ids[5], "blue-1");
    protobuf_c_message_free_unpacked (&geometry->base, NULL);
    free (w);
}

static void
test_oneof (void **state)
{
    (void) state;
    wire_t *hello = wire_new ();
    put_key (hello, 1, PROTOBUF_C_WIRE_TYPE_VARINT);
    put_varint (hello, 1);
    put_string (hello, 2, "test");
    wire_t *w = wire_new ();
    put_key (w, 1, PROTOBUF_C_WIRE_TYPE_VARINT);
    put_varint (w, 77);
    put_message (w, 10, hello);
    Solo__V1__Request *req = (Solo__V1__Request *) checked_wire (
        &solo__v1__request__descriptor, w);
    assert_non_null (req);
    assert_true (req->id == 77);
    assert_int_equal (req->body_case, SOLO__V1__REQUEST__BODY_HELLO);
    assert_string_equal (req->hello->client_name, "test");
    protobuf_c_message_free_unpacked (&req->base, NULL);

    /*  An empty body message: chosen, with its defaults. */
    wire_t *empty = wire_new ();
    wire_t *list = wire_new ();
    put_message (list, 15, empty);
    req = (Solo__V1__Request *) checked_wire (&solo__v1__request__descriptor,
                                              list);
    assert_non_null (req);
    assert_int_equal (req->body_case, SOLO__V1__REQUEST__BODY_LIST_GAMES);
    assert_non_null (req->list_games);
    protobuf_c_message_free_unpacked (&req->base, NULL);

    /*  A string member of a oneof, empty. */
    wire_t *ask = wire_new ();
    put_string (ask, 2, "");
    Solo__V1__AskUnit *a = (Solo__V1__AskUnit *) checked_wire (
        &solo__v1__ask_unit__descriptor, ask);
    assert_non_null (a);
    assert_int_equal (a->source_case,
                      SOLO__V1__ASK_UNIT__SOURCE_SITUATION_TEXT);
    assert_string_equal (a->situation_text, "");
    protobuf_c_message_free_unpacked (&a->base, NULL);
    free (ask);
    free (list);
    free (empty);
    free (w);
    free (hello);
}

/*  ---- what is declined ------------------------------------------------ */

static void
test_declines_the_unusual (void **state)
{
    (void) state;
    const ProtobufCMessageDescriptor *unit = &solo__v1__unit__descriptor;
    wire_t *point = wire_new ();
    put_double (point, 1, 3);

    wire_t *w = wire_new ();                /* unknown field */
    put_string (w, 1, "a");
    put_key (w, 99, PROTOBUF_C_WIRE_TYPE_VARINT);
    put_varint (w, 1);
    assert_declined (unit, w);
    assert_true (protobuf_c_accepts (unit, w));
    free (w);

    w = wire_new ();                        /* field number 0 */
    put_key (w, 0, PROTOBUF_C_WIRE_TYPE_VARINT);
    put_varint (w, 1);
    assert_declined (unit, w);
    free (w);

    w = wire_new ();                        /* wrong wire types */
    put_key (w, 8, PROTOBUF_C_WIRE_TYPE_64BIT);
    put_raw (w, "\0\0\0\0\0\0\0\0", 8);
    assert_declined (unit, w);
    assert_false (protobuf_c_accepts (unit, w));
    free (w);
    w = wire_new ();
    put_key (w, 16, PROTOBUF_C_WIRE_TYPE_32BIT);
    put_raw (w, "\0\0\0\0", 4);
    assert_declined (unit, w);
    free (w);
    w = wire_new ();
    put_key (w, 1, PROTOBUF_C_WIRE_TYPE_VARINT);
    put_varint (w, 1);
    assert_declined (unit, w);
    free (w);
    w = wire_new ();                        /* a bool not from a varint */
    put_key (w, 6, PROTOBUF_C_WIRE_TYPE_32BIT);
    put_raw (w, "\1\0\0\0", 4);
    assert_declined (unit, w);
    free (w);

    w = wire_new ();                        /* a group */
    put_key (w, 15, 3);
    put_key (w, 15, 4);
    assert_declined (unit, w);
    free (w);

    w = wire_new ();                        /* a message given twice */
    put_message (w, 15, point);
    put_message (w, 15, point);
    assert_declined (unit, w);
    assert_true (protobuf_c_accepts (unit, w));
    free (w);

    w = wire_new ();                        /* a oneof given twice */
    put_string (w, 2, "text");
    put_string (w, 9, "game-1");
    assert_declined (&solo__v1__ask_unit__descriptor, w);
    assert_true (protobuf_c_accepts (&solo__v1__ask_unit__descriptor, w));
    free (w);
    w = wire_new ();
    put_string (w, 9, "game-1");
    put_string (w, 9, "game-2");
    assert_declined (&solo__v1__ask_unit__descriptor, w);
    free (w);

    w = wire_new ();                        /* repeated int32, packed */
    put_key (w, 8, PROTOBUF_C_WIRE_TYPE_LENGTH_PREFIXED);
    put_varint (w, 2);
    put_raw (w, "\x0c\x0b", 2);
    assert_declined (&solo__v1__game_record__descriptor, w);
    assert_true (protobuf_c_accepts (&solo__v1__game_record__descriptor, w));
    free (w);
    w = wire_new ();                        /* and not packed */
    put_key (w, 8, PROTOBUF_C_WIRE_TYPE_VARINT);
    put_varint (w, 12);
    assert_declined (&solo__v1__game_record__descriptor, w);
    free (w);

    w = wire_new ();                        /* a varint of 11 bytes */
    put_key (w, 8, PROTOBUF_C_WIRE_TYPE_VARINT);
    put_raw (w, "\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x01", 11);
    assert_declined (unit, w);
    assert_false (protobuf_c_accepts (unit, w));
    free (w);

    w = wire_new ();                        /* a length prefix of 6 bytes */
    put_key (w, 1, PROTOBUF_C_WIRE_TYPE_LENGTH_PREFIXED);
    put_raw (w, "\x81\x80\x80\x80\x80\x00", 6);
    put_byte (w, 'a');
    assert_declined (unit, w);
    free (w);

    w = wire_new ();                        /* a key of 6 bytes */
    put_raw (w, "\x88\x80\x80\x80\x80\x00", 6);
    put_varint (w, 1);
    assert_declined (unit, w);
    free (w);

    free (point);
}

static void
test_declines_truncated_input (void **state)
{
    (void) state;
    size_t len;
    uint8_t *bytes = bench_ask_unit (3, &len);
    /*  Every proper prefix of a request: checked() asserts that what is
     *  accepted is protobuf-c's; a cut inside a field is declined. */
    size_t accepted = 0;
    for (size_t cut = 0; cut < len; cut++) {
        ProtobufCMessage *m = checked (&solo__v1__request__descriptor, bytes,
                                       cut);
        if (m)
            accepted++;
        protobuf_c_message_free_unpacked (m, NULL);
    }
    assert_true (accepted <= 2);            /* empty, and the id alone */
    free (bytes);

    wire_t *w = wire_new ();                /* cut in a double */
    put_double (w, 16, 90);
    w->len -= 1;
    assert_declined (&solo__v1__unit__descriptor, w);
    free (w);
    w = wire_new ();                        /* a length past the end */
    put_key (w, 1, PROTOBUF_C_WIRE_TYPE_LENGTH_PREFIXED);
    put_varint (w, 5);
    put_raw (w, "abcd", 4);
    assert_declined (&solo__v1__unit__descriptor, w);
    free (w);
    w = wire_new ();                        /* a varint cut */
    put_key (w, 8, PROTOBUF_C_WIRE_TYPE_VARINT);
    put_byte (w, 0x80);
    assert_declined (&solo__v1__unit__descriptor, w);
    free (w);
}

/*  The deepest nesting of a request (request, ask, situation, unit,
 *  point) is well within QUICK_UNPACK_MAX_DEPTH.  (No message of the
 *  protocol holds itself, so the limit itself cannot be reached.) */
static void
test_deepest_request (void **state)
{
    (void) state;
    wire_t *point = wire_new ();
    put_double (point, 1, 1);
    wire_t *unit = wire_new ();
    put_message (unit, 15, point);
    wire_t *sit = wire_new ();
    put_message (sit, 5, unit);
    wire_t *ask = wire_new ();
    put_message (ask, 1, sit);
    wire_t *req = wire_new ();
    put_message (req, 11, ask);
    ProtobufCMessage *m = checked_wire (&solo__v1__request__descriptor, req);
    assert_non_null (m);
    protobuf_c_message_free_unpacked (m, NULL);
    assert_true (QUICK_UNPACK_MAX_DEPTH >= 4);
    free (req);
    free (ask);
    free (sit);
    free (unit);
    free (point);
}

/*  What is declined late, or stopped by a failed allocation, is freed
 *  through the allocator to the last piece. */
static void
test_declining_frees_everything (void **state)
{
    (void) state;
    size_t len;
    uint8_t *bytes = bench_ask_unit (20, &len);
    uint8_t *spoilt = malloc (len + 2);
    assert_non_null (spoilt);
    memcpy (spoilt, bytes, len);
    spoilt[len] = 5 << 3;                   /* an unknown field 5 at the end */
    spoilt[len + 1] = 0;
    counting_t count = { 0, 0, 0 };
    ProtobufCAllocator allocator = { counting_alloc, counting_free, &count };
    assert_null (quick_unpack (&solo__v1__request__descriptor, &allocator,
                               len + 2, spoilt));
    assert_true (count.made > 100);
    assert_int_equal (count.live, 0);

    count.made = 0;
    ProtobufCMessage *m = quick_unpack (&solo__v1__request__descriptor,
                                        &allocator, len, bytes);
    assert_non_null (m);
    long pieces = count.made;
    protobuf_c_message_free_unpacked (m, &allocator);
    assert_int_equal (count.live, 0);
    for (long fail_at = 1; fail_at <= pieces; fail_at++) {
        count = (counting_t) { 0, 0, fail_at };
        assert_null (quick_unpack (&solo__v1__request__descriptor, &allocator,
                                   len, bytes));
        assert_int_equal (count.live, 0);
    }
    free (spoilt);
    free (bytes);
}

/*  ---- a real request -------------------------------------------------- */

static void
test_bench_ask_unit (void **state)
{
    (void) state;
    size_t len;
    uint8_t *bytes = bench_ask_unit (20, &len);
    assert_int_equal (len, 4052);
    Solo__V1__Request *req = (Solo__V1__Request *) checked (
        &solo__v1__request__descriptor, bytes, len);
    assert_non_null (req);
    /*  And it packs back to the very bytes it came from. */
    size_t again_len;
    uint8_t *again = pack (&req->base, &again_len);
    assert_int_equal (again_len, len);
    assert_memory_equal (again, bytes, len);
    assert_int_equal (req->body_case, SOLO__V1__REQUEST__BODY_ASK_UNIT);
    Solo__V1__Situation *sit = req->ask_unit->situation;
    assert_int_equal (sit->n_units, 40);
    assert_int_equal (sit->n_terrain, 10);
    assert_string_equal (sit->units[39]->id, "red-20");
    assert_int_equal (sit->terrain[9]->n_polygon, 4);
    protobuf_c_message_free_unpacked (&req->base, NULL);
    free (again);
    free (bytes);

    /*  Larger tables too (arrays grown many times). */
    bytes = bench_ask_unit (300, &len);
    req = (Solo__V1__Request *) checked (&solo__v1__request__descriptor,
                                         bytes, len);
    assert_non_null (req);
    assert_int_equal (req->ask_unit->situation->n_units, 600);
    protobuf_c_message_free_unpacked (&req->base, NULL);
    free (bytes);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_empty_input_is_defaults),
        cmocka_unit_test (test_scalars_of_a_unit),
        cmocka_unit_test (test_bool_of_bits_past_64),
        cmocka_unit_test (test_unsigned_and_64_bit),
        cmocka_unit_test (test_sint32),
        cmocka_unit_test (test_string_twice_keeps_the_last),
        cmocka_unit_test (test_repeated_messages_and_strings),
        cmocka_unit_test (test_oneof),
        cmocka_unit_test (test_declines_the_unusual),
        cmocka_unit_test (test_declines_truncated_input),
        cmocka_unit_test (test_deepest_request),
        cmocka_unit_test (test_find_nul),
        cmocka_unit_test (test_declining_frees_everything),
        cmocka_unit_test (test_bench_ask_unit),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
