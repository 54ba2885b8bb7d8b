/*  test_status_wire.c - the status flags of the rules core on the wire:
 *  every field of UnitStatus is a flag the core names the same (the names
 *  of situation files), it comes in as that flag alone and goes out as
 *  that field alone, and every flag of the core has its field (but
 *  has_last_enemy_seen, which the wire carries as a Unit's own field).  A
 *  flag added to the core and not to the wire, or to the wire and not to
 *  a converter, fails here. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "convert.h"
#include "pool.h"
#include "unit.h"

/*  The core's flag named `name`, or 0. */
static uint32_t
flag_named (const char *name)
{
    for (int bit = 0; bit < STATUS_FLAG_COUNT; bit++) {
        uint32_t flag = 1u << bit;
        const char *own = status_flag_name (flag);
        if (own && strcmp (own, name) == 0)
            return flag;
    }
    return 0;
}

/*  The bool field `f` of a status message. */
static protobuf_c_boolean *
field_of (Solo__V1__UnitStatus *m, const ProtobufCFieldDescriptor *f)
{
    return (protobuf_c_boolean *) ((char *) m + f->offset);
}

/*  The names of the fields that are true in `m`, as "a b ", into buf. */
static const char *
fields_set (Solo__V1__UnitStatus *m, char *buf, size_t len)
{
    const ProtobufCMessageDescriptor *d = &solo__v1__unit_status__descriptor;
    size_t used = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < d->n_fields; i++)
        if (*field_of (m, &d->fields[i]) && used < len)
            used += (size_t) snprintf (buf + used, len - used, "%s ",
                                       d->fields[i].name);
    return buf;
}

static void
test_each_flag (void **state)
{
    (void) state;
    const ProtobufCMessageDescriptor *d = &solo__v1__unit_status__descriptor;
    /* one field for each flag but has_last_enemy_seen */
    assert_int_equal (d->n_fields, STATUS_FLAG_COUNT - 1);
    pool_t *pool = pool_new ();
    assert_non_null (pool);
    uint32_t all = 0;
    for (unsigned i = 0; i < d->n_fields; i++) {
        const ProtobufCFieldDescriptor *f = &d->fields[i];
        assert_int_equal (f->type, PROTOBUF_C_TYPE_BOOL);
        uint32_t flag = flag_named (f->name);
        if (!flag)
            fail_msg ("UnitStatus.%s is no flag of the core", f->name);
        assert_int_not_equal (flag, STATUS_HAS_LAST_ENEMY);
        /* in: the field alone is the flag alone */
        Solo__V1__UnitStatus in = SOLO__V1__UNIT_STATUS__INIT;
        *field_of (&in, f) = 1;
        assert_int_equal (convert_status_bits (&in), flag);
        /* out: the flag alone is the field alone */
        Solo__V1__UnitStatus *out = convert_status_message (flag, pool);
        assert_non_null (out);
        char buf[64], want[64];
        snprintf (want, sizeof want, "%s ", f->name);
        assert_string_equal (fields_set (out, buf, sizeof buf), want);
        all |= flag;
    }
    /* every flag at once, and back */
    assert_int_equal (all, ((1u << STATUS_FLAG_COUNT) - 1)
                           & ~(uint32_t) STATUS_HAS_LAST_ENEMY);
    Solo__V1__UnitStatus *out = convert_status_message (all, pool);
    assert_non_null (out);
    assert_int_equal (convert_status_bits (out), all);
    /* has_last_enemy_seen is not a status field */
    out = convert_status_message (STATUS_HAS_LAST_ENEMY, pool);
    assert_non_null (out);
    assert_int_equal (convert_status_bits (out), 0);
    assert_int_equal (convert_status_bits (NULL), 0);
    pool_destroy (&pool);
}

/*  The disorder markers (seed 000's house rules) by name, both ways. */
static void
test_disorder_markers (void **state)
{
    (void) state;
    Solo__V1__UnitStatus in = SOLO__V1__UNIT_STATUS__INIT;
    in.disordered = 1;
    assert_int_equal (convert_status_bits (&in), STATUS_DISORDERED);
    in.newly_disordered = 1;
    assert_int_equal (convert_status_bits (&in),
                      STATUS_DISORDERED | STATUS_NEWLY_DISORDERED);
    pool_t *pool = pool_new ();
    assert_non_null (pool);
    Solo__V1__UnitStatus *out = convert_status_message (
        STATUS_NEWLY_DISORDERED | STATUS_ROUTING, pool);
    assert_non_null (out);
    assert_true (out->newly_disordered && out->routing);
    assert_false (out->disordered);
    pool_destroy (&pool);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_each_flag),
        cmocka_unit_test (test_disorder_markers),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
