/*  quick_unpack.c - a one-pass decoder for protobuf-c's generated messages
 *  (see quick_unpack.h).
 *
 *  What protobuf-c 1.4 does, and so what is done here when not declined:
 *  a varint field is read from at most 10 bytes, the bits past 64
 *  dropped; a 32-bit integer or an enum keeps the low 32 bits (an enum
 *  value outside the enum is stored as it is); a bool is true when any of
 *  its varint's bytes carries a bit other than the continuation bit; a
 *  string is copied and NUL-terminated (an empty one too: a fresh one-byte
 *  copy), its UTF-8 not checked; bytes of length 0 are NULL; a singular
 *  scalar or string given twice keeps the last; a field's key and a length
 *  prefix are read from at most 5 bytes.
 */
#include <assert.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "quick_unpack.h"

#define VARINT_MAX_BYTES        10   /* a 64-bit varint */
#define KEY_MAX_BYTES           5    /* protobuf-c's limit for a field's key */
#define LENGTH_MAX_BYTES        5    /* and for a length prefix */
#define FIELD_NUMBER_MAX        536870911u   /* 2^29 - 1: protobuf's largest */
#define REPEATED_FIRST_ROOM     4    /* a repeated field's first array */
#define PLAIN_DESCRIPTOR_SLOTS  64   /* descriptors remembered as plain */
#define PLAIN_DESCRIPTOR_BITS   6    /* log2 of PLAIN_DESCRIPTOR_SLOTS */
#define VARINT_PAYLOAD_BITS     0x7f
#define VARINT_MORE             0x80

/*  The wire type each field type is read from; protobuf-c refuses any
 *  other (but for a bool, which it reads from any: declined here). */
static const uint8_t wire_type_of_type[] = {
    [PROTOBUF_C_TYPE_INT32]    = PROTOBUF_C_WIRE_TYPE_VARINT,
    [PROTOBUF_C_TYPE_SINT32]   = PROTOBUF_C_WIRE_TYPE_VARINT,
    [PROTOBUF_C_TYPE_SFIXED32] = PROTOBUF_C_WIRE_TYPE_32BIT,
    [PROTOBUF_C_TYPE_INT64]    = PROTOBUF_C_WIRE_TYPE_VARINT,
    [PROTOBUF_C_TYPE_SINT64]   = PROTOBUF_C_WIRE_TYPE_VARINT,
    [PROTOBUF_C_TYPE_SFIXED64] = PROTOBUF_C_WIRE_TYPE_64BIT,
    [PROTOBUF_C_TYPE_UINT32]   = PROTOBUF_C_WIRE_TYPE_VARINT,
    [PROTOBUF_C_TYPE_FIXED32]  = PROTOBUF_C_WIRE_TYPE_32BIT,
    [PROTOBUF_C_TYPE_UINT64]   = PROTOBUF_C_WIRE_TYPE_VARINT,
    [PROTOBUF_C_TYPE_FIXED64]  = PROTOBUF_C_WIRE_TYPE_64BIT,
    [PROTOBUF_C_TYPE_FLOAT]    = PROTOBUF_C_WIRE_TYPE_32BIT,
    [PROTOBUF_C_TYPE_DOUBLE]   = PROTOBUF_C_WIRE_TYPE_64BIT,
    [PROTOBUF_C_TYPE_BOOL]     = PROTOBUF_C_WIRE_TYPE_VARINT,
    [PROTOBUF_C_TYPE_ENUM]     = PROTOBUF_C_WIRE_TYPE_VARINT,
    [PROTOBUF_C_TYPE_STRING]   = PROTOBUF_C_WIRE_TYPE_LENGTH_PREFIXED,
    [PROTOBUF_C_TYPE_BYTES]    = PROTOBUF_C_WIRE_TYPE_LENGTH_PREFIXED,
    [PROTOBUF_C_TYPE_MESSAGE]  = PROTOBUF_C_WIRE_TYPE_LENGTH_PREFIXED,
};
#define FIELD_TYPES (sizeof wire_type_of_type / sizeof wire_type_of_type[0])

/*  Descriptors known to be plain (see descriptor_is_plain), by a hash of
 *  their address.  Shared by every thread: a slot holds a pointer to a
 *  static descriptor or NULL, written and read whole (relaxed atomics), so
 *  a race only costs a check made twice. */
static _Atomic (const ProtobufCMessageDescriptor *)
    plain_descriptors[PLAIN_DESCRIPTOR_SLOTS];

/*  malloc and free, for a caller that gives no allocator: what protobuf-c's
 *  default allocator does, so either frees the other's pieces. */
static void *
system_alloc (void *allocator_data, size_t size)
{
    (void) allocator_data;
    return malloc (size);
}

static void
system_free (void *allocator_data, void *piece)
{
    (void) allocator_data;
    free (piece);
}

static ProtobufCAllocator system_allocator = {
    system_alloc, system_free, NULL
};

/*  A piece from the allocator; NULL when it has none. */
static inline void *
allocate (ProtobufCAllocator *allocator, size_t size)
{
    return allocator->alloc (allocator->allocator_data, size);
}

/*  Give a piece back; NULL is nothing (as protobuf-c's do_free). */
static inline void
release (ProtobufCAllocator *allocator, void *piece)
{
    if (piece)
        allocator->free (allocator->allocator_data, piece);
}

/*  Whether messages of `descriptor` are of the shape decoded here: it has
 *  the generated init function and no required field (a message missing
 *  one is refused by protobuf-c, which would need a record of the fields
 *  seen).  The answer never changes, so a yes is remembered. */
static bool
descriptor_is_plain (const ProtobufCMessageDescriptor *descriptor)
{
    size_t slot = (size_t) (((uint64_t) (uintptr_t) descriptor
                             * 0x9e3779b97f4a7c15ull)
                            >> (64 - PLAIN_DESCRIPTOR_BITS));
    if (atomic_load_explicit (&plain_descriptors[slot], memory_order_relaxed)
        == descriptor)
        return true;
    if (!descriptor->message_init)
        return false;
    for (unsigned i = 0; i < descriptor->n_fields; i++)
        if (descriptor->fields[i].label == PROTOBUF_C_LABEL_REQUIRED)
            return false;
    atomic_store_explicit (&plain_descriptors[slot], descriptor,
                           memory_order_relaxed);
    return true;
}

/*  Read a varint of at most `max_bytes` bytes at `at`, before `end`, into
 *  *value (the bits past 64 dropped, as protobuf-c drops them).  Returns
 *  the byte after it, or NULL when the bytes end inside it or it runs
 *  longer. */
static inline const uint8_t *
read_varint (const uint8_t *at, const uint8_t *end, size_t max_bytes,
             uint64_t *value)
{
    if (at < end && !(*at & VARINT_MORE)) {
        *value = *at;
        return at + 1;
    }
    if (end - at >= 2 && !(at[1] & VARINT_MORE)) {
        *value = (uint64_t) (at[0] & VARINT_PAYLOAD_BITS)
               | (uint64_t) at[1] << 7;
        return at + 2;
    }
    size_t avail = (size_t) (end - at);
    if (avail > max_bytes)
        avail = max_bytes;
    uint64_t v = 0;
    for (size_t i = 0; i < avail; i++) {
        v |= (uint64_t) (at[i] & VARINT_PAYLOAD_BITS) << (7 * i);
        if (!(at[i] & VARINT_MORE)) {
            *value = v;
            return at + i + 1;
        }
    }
    return NULL;
}

/*  Little-endian fixed-width values, whatever the host's order. */
static inline uint32_t
load_le32 (const uint8_t *p)
{
    return (uint32_t) p[0] | (uint32_t) p[1] << 8 | (uint32_t) p[2] << 16
         | (uint32_t) p[3] << 24;
}

static inline uint64_t
load_le64 (const uint8_t *p)
{
    return (uint64_t) load_le32 (p) | (uint64_t) load_le32 (p + 4) << 32;
}

/*  The size of one member of a repeated field of a length-prefixed type
 *  (the only repeated fields decoded here). */
static inline size_t
repeated_member_size (ProtobufCType type)
{
    if (type == PROTOBUF_C_TYPE_BYTES)
        return sizeof (ProtobufCBinaryData);
    if (type == PROTOBUF_C_TYPE_STRING)
        return sizeof (char *);
    return sizeof (ProtobufCMessage *);
}

static ProtobufCMessage *
unpack_message (const ProtobufCMessageDescriptor *descriptor,
                ProtobufCAllocator *allocator, const uint8_t *at,
                const uint8_t *end, unsigned depth);

/*  Read the length-prefixed value of `field` (a string, bytes or a
 *  message) at `at`, its key read, into `member`: the struct's member, or
 *  a fresh zeroed slot of a repeated field's array.  A string or bytes
 *  already there (not the field's default) is released once the new one
 *  is in place; a message already there is declined (protobuf-c merges
 *  the two).  Returns the byte after the value, or NULL to decline (the
 *  bytes end inside the prefix, the length runs past `end`, an allocation
 *  fails, the submessage declines); `member` is then as it was. */
static const uint8_t *
read_length_prefixed (const ProtobufCFieldDescriptor *field, void *member,
                      ProtobufCAllocator *allocator, const uint8_t *at,
                      const uint8_t *end, unsigned depth)
{
    uint64_t length;
    at = read_varint (at, end, LENGTH_MAX_BYTES, &length);
    if (!at || length > (uint64_t) (end - at))
        return NULL;
    size_t size = (size_t) length;
    if (field->type == PROTOBUF_C_TYPE_STRING) {
        char **text = member;
        char *copy = allocate (allocator, size + 1);
        if (!copy)
            return NULL;
        memcpy (copy, at, size);
        copy[size] = 0;
        if (*text != field->default_value)
            release (allocator, *text);
        *text = copy;
    }
    else
    if (field->type == PROTOBUF_C_TYPE_BYTES) {
        ProtobufCBinaryData *bytes = member;
        const ProtobufCBinaryData *fallback = field->default_value;
        uint8_t *copy = NULL;
        if (size) {
            copy = allocate (allocator, size);
            if (!copy)
                return NULL;
            memcpy (copy, at, size);
        }
        if (!fallback || bytes->data != fallback->data)
            release (allocator, bytes->data);
        bytes->data = copy;
        bytes->len = size;
    }
    else {
        ProtobufCMessage **message = member;
        if (*message)
            return NULL;
        *message = unpack_message (field->descriptor, allocator, at,
                                   at + size, depth + 1);
        if (!*message)
            return NULL;
    }
    return at + size;
}

/*  Read the value of `field` at `at` (its key read, its wire type the
 *  field type's) into `member`, as read_length_prefixed says for strings,
 *  bytes and messages.  Returns the byte after the value, or NULL to
 *  decline; `member` is then as it was. */
static inline const uint8_t *
read_member (const ProtobufCFieldDescriptor *field, void *member,
             ProtobufCAllocator *allocator, const uint8_t *at,
             const uint8_t *end, unsigned depth)
{
    uint64_t value;
    switch (field->type) {
        case PROTOBUF_C_TYPE_INT32:
        case PROTOBUF_C_TYPE_UINT32:
        case PROTOBUF_C_TYPE_ENUM:
            at = read_varint (at, end, VARINT_MAX_BYTES, &value);
            if (at)
                *(uint32_t *) member = (uint32_t) value;
            return at;
        case PROTOBUF_C_TYPE_SINT32:
            at = read_varint (at, end, VARINT_MAX_BYTES, &value);
            if (at) {
                uint32_t zigzag = (uint32_t) value;
                uint32_t bits = (zigzag >> 1) ^ (0u - (zigzag & 1));
                memcpy (member, &bits, sizeof bits);
            }
            return at;
        case PROTOBUF_C_TYPE_INT64:
        case PROTOBUF_C_TYPE_UINT64:
            at = read_varint (at, end, VARINT_MAX_BYTES, &value);
            if (at)
                *(uint64_t *) member = value;
            return at;
        case PROTOBUF_C_TYPE_SINT64:
            at = read_varint (at, end, VARINT_MAX_BYTES, &value);
            if (at) {
                uint64_t bits = (value >> 1) ^ (0u - (value & 1));
                memcpy (member, &bits, sizeof bits);
            }
            return at;
        case PROTOBUF_C_TYPE_BOOL: {
            /*  Any payload bit of any byte: a tenth byte's bits past the
             *  64th count, though the value drops them. */
            const uint8_t *start = at;
            at = read_varint (at, end, VARINT_MAX_BYTES, &value);
            if (at) {
                protobuf_c_boolean truth = 0;
                for (const uint8_t *p = start; p < at; p++)
                    if (*p & VARINT_PAYLOAD_BITS)
                        truth = 1;
                *(protobuf_c_boolean *) member = truth;
            }
            return at;
        }
        case PROTOBUF_C_TYPE_FIXED32:
        case PROTOBUF_C_TYPE_SFIXED32:
        case PROTOBUF_C_TYPE_FLOAT: {
            if (end - at < 4)
                return NULL;
            uint32_t bits = load_le32 (at);
            memcpy (member, &bits, sizeof bits);
            return at + 4;
        }
        case PROTOBUF_C_TYPE_FIXED64:
        case PROTOBUF_C_TYPE_SFIXED64:
        case PROTOBUF_C_TYPE_DOUBLE: {
            if (end - at < 8)
                return NULL;
            uint64_t bits = load_le64 (at);
            memcpy (member, &bits, sizeof bits);
            return at + 8;
        }
        case PROTOBUF_C_TYPE_STRING:
        case PROTOBUF_C_TYPE_BYTES:
        case PROTOBUF_C_TYPE_MESSAGE:
            return read_length_prefixed (field, member, allocator, at, end,
                                         depth);
        default:
            return NULL;
    }
}

/*  Make room in a repeated field's array holding `count` members of
 *  `size` bytes for one more, where the array is full: it holds
 *  REPEATED_FIRST_ROOM members, or the power of two at or above `count`,
 *  whichever is more, so it is full at 0 and at each power of two from
 *  REPEATED_FIRST_ROOM on.  0, or -1 when the allocator has no room (the
 *  array is then as it was). */
static int
make_room (void **array, size_t count, size_t size,
           ProtobufCAllocator *allocator)
{
    bool full = count == 0
             || (count >= REPEATED_FIRST_ROOM && !(count & (count - 1)));
    if (!full)
        return 0;
    size_t room = count ? 2 * count : REPEATED_FIRST_ROOM;
    if (room > SIZE_MAX / size)
        return -1;
    void *grown = allocate (allocator, room * size);
    if (!grown)
        return -1;
    if (count)
        memcpy (grown, *array, count * size);
    release (allocator, *array);
    *array = grown;
    return 0;
}

/*  Decode the bytes from `at` to `end` as a message of `descriptor`, at
 *  nesting `depth`.  Returns it, or NULL to decline, having freed what it
 *  allocated (the message as far as it got is consistent, so
 *  protobuf_c_message_free_unpacked frees it). */
static ProtobufCMessage *
unpack_message (const ProtobufCMessageDescriptor *descriptor,
                ProtobufCAllocator *allocator, const uint8_t *at,
                const uint8_t *end, unsigned depth)
{
    if (depth > QUICK_UNPACK_MAX_DEPTH || !descriptor_is_plain (descriptor))
        return NULL;
    ProtobufCMessage *message = allocate (allocator,
                                          descriptor->sizeof_message);
    if (!message)
        return NULL;
    descriptor->message_init (message);
    char *base = (char *) message;
    const ProtobufCFieldDescriptor *fields = descriptor->fields;
    const ProtobufCFieldDescriptor *fields_end = fields + descriptor->n_fields;
    const ProtobufCFieldDescriptor *field = fields;  /* the last one read */
    while (at < end) {
        uint64_t key;
        at = read_varint (at, end, KEY_MAX_BYTES, &key);
        if (!at)
            goto decline;
        uint64_t number = key >> 3;
        unsigned wire_type = (unsigned) (key & 7);
        /*  Fields come in the order of their numbers, as the descriptor
         *  keeps them: look on from the last one, else search. */
        while (field < fields_end && field->id < number)
            field++;
        if (field == fields_end || field->id != number) {
            field = number && number <= FIELD_NUMBER_MAX
                  ? protobuf_c_message_descriptor_get_field (
                        descriptor, (unsigned) number)
                  : NULL;
            if (!field)
                goto decline;       /* unknown: kept by protobuf-c */
        }
        if ((unsigned) field->type >= FIELD_TYPES
            || wire_type != wire_type_of_type[field->type])
            goto decline;
        void *member = base + field->offset;
        void *quantifier = base + field->quantifier_offset;
        /*  Most fields are singular, in no oneof, without a has_ flag. */
        bool plain = field->label != PROTOBUF_C_LABEL_REPEATED
                  && !field->quantifier_offset;
        if (plain)
            ;
        else
        if (field->label == PROTOBUF_C_LABEL_REPEATED) {
            if (wire_type != PROTOBUF_C_WIRE_TYPE_LENGTH_PREFIXED)
                goto decline;       /* repeated scalars, packed or not */
            size_t count = *(size_t *) quantifier;
            size_t size = repeated_member_size (field->type);
            if (make_room (member, count, size, allocator))
                goto decline;
            member = *(char **) member + count * size;
            if (size == sizeof (void *))
                *(void **) member = NULL;
            else
                memset (member, 0, size);
        }
        else
        if ((field->flags & PROTOBUF_C_FIELD_FLAG_ONEOF)
            && *(uint32_t *) quantifier)
            goto decline;           /* protobuf-c replaces or merges */
        at = read_member (field, member, allocator, at, end, depth);
        if (!at)
            goto decline;
        if (plain)
            ;
        else
        if (field->label == PROTOBUF_C_LABEL_REPEATED)
            (*(size_t *) quantifier)++;
        else
        if (field->flags & PROTOBUF_C_FIELD_FLAG_ONEOF)
            *(uint32_t *) quantifier = field->id;
        else
            *(protobuf_c_boolean *) quantifier = 1;
    }
    return message;

decline:
    protobuf_c_message_free_unpacked (message, allocator);
    return NULL;
}

ProtobufCMessage *
quick_unpack (const ProtobufCMessageDescriptor *descriptor,
              ProtobufCAllocator *allocator, size_t len,
              const uint8_t *data)
{
    static const uint8_t nothing[1];
    assert (descriptor
            && descriptor->magic == PROTOBUF_C__MESSAGE_DESCRIPTOR_MAGIC);
    assert (data || len == 0);
    if (len > QUICK_UNPACK_MAX_BYTES)
        return NULL;
    if (len == 0)
        data = nothing;
    return unpack_message (descriptor, allocator ? allocator
                                                 : &system_allocator,
                           data, data + len, 0);
}

/*  ---- strings holding a NUL ---------------------------------------------- */

/*  quick_find_nul's walk of one message of `d` in [at, end); `path` holds
 *  `used` bytes of the path to it.  A repeated field's index counts its
 *  earlier occurrences in this message. */
static long
find_nul_in (const ProtobufCMessageDescriptor *d, const uint8_t *at,
             const uint8_t *end, char *path, size_t pathlen, size_t used,
             int depth)
{
    size_t seen[64] = { 0 };        /* occurrences by field index */
    while (at < end) {
        uint64_t key, n;
        at = read_varint (at, end, VARINT_MAX_BYTES, &key);
        if (!at)
            return -1;
        const ProtobufCFieldDescriptor *f =
            protobuf_c_message_descriptor_get_field (d, (unsigned) (key >> 3));
        const uint8_t *payload;
        switch ((ProtobufCWireType) (key & 7)) {
            case PROTOBUF_C_WIRE_TYPE_VARINT:
                if (!(at = read_varint (at, end, VARINT_MAX_BYTES, &n)))
                    return -1;
                continue;
            case PROTOBUF_C_WIRE_TYPE_64BIT:
                if (end - at < 8)
                    return -1;
                at += 8;
                continue;
            case PROTOBUF_C_WIRE_TYPE_32BIT:
                if (end - at < 4)
                    return -1;
                at += 4;
                continue;
            case PROTOBUF_C_WIRE_TYPE_LENGTH_PREFIXED:
                at = read_varint (at, end, VARINT_MAX_BYTES, &n);
                if (!at || n > (uint64_t) (end - at))
                    return -1;
                payload = at;
                at += n;
                break;
            default:
                return -1;
        }
        if (!f || (f->type != PROTOBUF_C_TYPE_STRING
                   && (f->type != PROTOBUF_C_TYPE_MESSAGE
                       || depth >= QUICK_UNPACK_MAX_DEPTH)))
            continue;
        size_t index = (size_t) (f - d->fields);
        size_t k = index < 64 ? seen[index]++ : 0;
        size_t next = used;
        next += (size_t) snprintf (path + next, pathlen - next, "%s%s",
                                   next ? "." : "", f->name);
        if (f->label == PROTOBUF_C_LABEL_REPEATED && next < pathlen)
            next += (size_t) snprintf (path + next, pathlen - next, "[%zu]",
                                       k);
        if (next >= pathlen)
            next = pathlen - 1;
        if (f->type == PROTOBUF_C_TYPE_STRING) {
            const uint8_t *nul = memchr (payload, 0, (size_t) n);
            if (nul)
                return (long) (nul - payload);
        }
        else {
            long found = find_nul_in (f->descriptor, payload, payload + n,
                                      path, pathlen, next, depth + 1);
            if (found >= 0)
                return found;
        }
        path[used] = '\0';
    }
    return -1;
}

long
quick_find_nul (const ProtobufCMessageDescriptor *descriptor, size_t len,
                const uint8_t *data, char *path, size_t pathlen)
{
    assert (descriptor && path && pathlen > 0 && (data || len == 0));
    path[0] = '\0';
    if (!data)
        return -1;
    return find_nul_in (descriptor, data, data + len, path, pathlen, 0, 0);
}
