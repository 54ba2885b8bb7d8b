/*  quick_unpack.h - a one-pass decoder for protobuf-c's generated messages.
 *
 *  protobuf_c_message_unpack reads every message twice (once to count the
 *  members of repeated fields, once to fill them) and keeps a slab of the
 *  fields it scanned in between.  quick_unpack reads the bytes once and
 *  fills the same generated structs, driven by the same descriptors (so a
 *  new field in a .proto needs nothing here): repeated fields grow in
 *  place, their arrays doubled through the allocator.
 *
 *  It handles the common shapes only and declines the rest rather than
 *  reimplement them: an unknown field, a field whose wire type is not its
 *  type's, a singular message or a oneof given twice (protobuf-c merges or
 *  replaces them), repeated scalars (packed or not), groups, required
 *  fields, nesting deeper than QUICK_UNPACK_MAX_DEPTH, and any bytes
 *  protobuf-c would refuse.  A caller that gets NULL calls
 *  protobuf_c_message_unpack, whose answer (a message or an error) is the
 *  authoritative one.  When it does not decline, the message packs back
 *  (protobuf_c_message_pack) to the same bytes as protobuf-c's decode of
 *  the same input does.
 */
#ifndef SOLO_QUICK_UNPACK_H
#define SOLO_QUICK_UNPACK_H

#include <stddef.h>
#include <stdint.h>
#include <protobuf-c/protobuf-c.h>

/*  Messages nested deeper than this (the top one is depth 0) are
 *  declined: protobuf-c has no such limit, but a request of this protocol
 *  nests five deep at most. */
#define QUICK_UNPACK_MAX_DEPTH 32

/*  Inputs longer than this are declined (protobuf-c keeps some lengths in
 *  32-bit integers). */
#define QUICK_UNPACK_MAX_BYTES ((size_t) INT32_MAX)

/*  Decode `len` bytes at `data` as a message of `descriptor`, allocating
 *  through `allocator` (NULL: malloc and free, as protobuf-c's default
 *  allocator, so protobuf_c_message_free_unpacked (message, NULL) frees
 *  it).  Returns the message, to be freed with
 *  protobuf_c_message_free_unpacked and the same allocator, or NULL when
 *  it declines (see above) or an allocation fails; what it allocated is
 *  then freed through the allocator.  len 0 gives a message with every
 *  field at its default.  `descriptor` must be a generated message
 *  descriptor (asserted). */
ProtobufCMessage *
quick_unpack (const ProtobufCMessageDescriptor *descriptor,
              ProtobufCAllocator *allocator, size_t len,
              const uint8_t *data);

/*  The first string field of the encoded message data[0..len) of
 *  `descriptor` whose bytes hold a NUL, which a decoded C string would
 *  silently end at ("a\0x" read as "a").  Returns the NUL's offset in
 *  that string, its field's path in `path` ("ask_unit.situation.units[1]
 *  .id": a repeated field's index counts its earlier occurrences, the
 *  path cut to pathlen - 1 bytes); -1 when there is none (path "").
 *  Meant for bytes a decoder accepted: bytes that do not parse end the
 *  walk with -1, the decoder being the judge of the encoding. */
long quick_find_nul (const ProtobufCMessageDescriptor *descriptor,
                     size_t len, const uint8_t *data, char *path,
                     size_t pathlen);

#endif
