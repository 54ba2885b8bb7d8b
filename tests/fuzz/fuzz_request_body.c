/*  fuzz_request_body.c - every request type's body on its own: the first
 *  byte picks one of the Request's body fields (read from the message's
 *  descriptor, so a new request type is fuzzed as soon as the proto has
 *  it), the second is the request id, the rest are the body's bytes.
 *  The Request built around them is served as in fuzz_request.
 */
#include <stdlib.h>
#include <string.h>
#include "fuzz.h"
#include "fuzz_daemon.h"
#include "wire.h"

#define BODY_TYPES_MAX 64

/*  Append a base-128 varint. */
static size_t
put_varint (uint8_t *out, uint64_t value)
{
    size_t n = 0;
    do {
        uint8_t byte = value & 0x7f;
        value >>= 7;
        out[n++] = byte | (value ? 0x80 : 0);
    } while (value);
    return n;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
    const ProtobufCMessageDescriptor *desc = &solo__v1__request__descriptor;
    unsigned bodies[BODY_TYPES_MAX];
    int count = 0;
    for (unsigned i = 0; i < desc->n_fields && count < BODY_TYPES_MAX; i++)
        if (desc->fields[i].type == PROTOBUF_C_TYPE_MESSAGE
        &&  (desc->fields[i].flags & PROTOBUF_C_FIELD_FLAG_ONEOF))
            bodies[count++] = desc->fields[i].id;
    if (count == 0 || size < 2)
        return 0;
    unsigned field = bodies[data[0] % count];
    uint64_t id = data[1];
    const uint8_t *body = data + 2;
    size_t body_len = size - 2;
    uint8_t *request = malloc (body_len + 32);
    if (!request)
        abort ();
    size_t len = 0;
    request[len++] = 1 << 3;                         /* id, varint */
    len += put_varint (request + len, id);
    len += put_varint (request + len, (uint64_t) field << 3 | 2);
    len += put_varint (request + len, body_len);
    if (body_len)
        memcpy (request + len, body, body_len);
    len += body_len;
    fuzz_daemon_serve (request, len);
    free (request);
    return 0;
}

void
fuzz_teardown (void)
{
    fuzz_daemon_teardown ();
}
