/*  fuzz_quick_unpack.c - any bytes decoded by quick_unpack and by
 *  protobuf-c as each top-level message of the wire contracts (solo,
 *  strategy, tournament).  Wherever quick_unpack gives a message,
 *  protobuf-c must give one too and both must pack to the same bytes;
 *  whether it gives one or declines, every piece it took from the
 *  allocator must be given back (counted here, so a replay without a
 *  leak checker sees it too).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz.h"
#include "quick_unpack.h"
#include "solo.pb-c.h"
#include "strategy.pb-c.h"
#include "tournament.pb-c.h"

static const ProtobufCMessageDescriptor *const top_level[] = {
    &solo__v1__request__descriptor,
    &solo__v1__reply__descriptor,
    &solo__v1__strategy_request__descriptor,
    &solo__v1__strategy_reply__descriptor,
    &solo__v1__worker_message__descriptor,
    &solo__v1__coordinator_message__descriptor,
};
#define TOP_LEVEL_COUNT (sizeof top_level / sizeof top_level[0])

/*  malloc, with a count of the pieces out. */
static void *
counting_alloc (void *data, size_t size)
{
    long *live = data;
    void *piece = malloc (size ? size : 1);
    if (piece)
        (*live)++;
    return piece;
}

static void
counting_free (void *data, void *piece)
{
    long *live = data;
    (*live)--;
    free (piece);
}

/*  The bytes a message packs to (malloc'd; abort when out of memory). */
static uint8_t *
pack (const ProtobufCMessage *message, size_t *len)
{
    *len = protobuf_c_message_get_packed_size (message);
    uint8_t *bytes = malloc (*len ? *len : 1);
    if (!bytes)
        abort ();
    if (protobuf_c_message_pack (message, bytes) != *len)
        abort ();
    return bytes;
}

static void
check (const ProtobufCMessageDescriptor *descriptor, const uint8_t *data,
       size_t size)
{
    long live = 0;
    ProtobufCAllocator allocator = { counting_alloc, counting_free, &live };
    ProtobufCMessage *quick = quick_unpack (descriptor, &allocator, size,
                                            data);
    if (quick) {
        ProtobufCMessage *reference =
            protobuf_c_message_unpack (descriptor, NULL, size, data);
        if (!reference) {
            fprintf (stderr, "quick_unpack accepted %zu bytes as %s that "
                     "protobuf-c refuses\n", size, descriptor->name);
            abort ();
        }
        size_t quick_len, reference_len;
        uint8_t *quick_bytes = pack (quick, &quick_len);
        uint8_t *reference_bytes = pack (reference, &reference_len);
        if (quick_len != reference_len
            || memcmp (quick_bytes, reference_bytes, quick_len)) {
            fprintf (stderr, "quick_unpack and protobuf-c decode %zu bytes "
                     "as %s differently\n", size, descriptor->name);
            abort ();
        }
        free (quick_bytes);
        free (reference_bytes);
        protobuf_c_message_free_unpacked (reference, NULL);
        protobuf_c_message_free_unpacked (quick, &allocator);
    }
    if (live != 0) {
        fprintf (stderr, "quick_unpack left %ld pieces of %zu bytes as %s\n",
                 live, size, descriptor->name);
        abort ();
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
    for (size_t i = 0; i < TOP_LEVEL_COUNT; i++)
        check (top_level[i], data, size);
    return 0;
}

void
fuzz_teardown (void)
{
}
