/*  json_in.h - a protocol message read from JSON text, as the web table
 *  saves a situation (the protobuf JSON mapping of solo.v1.Situation).
 *
 *  The solo client speaks only the protocol: a situation file in JSON is
 *  turned into the Situation message it describes and sent as such, so
 *  the daemon reads the same table whichever front end wrote it.  Field
 *  names are the .proto's (table_width) or their JSON names (tableWidth);
 *  enum values are their names ("SIDE_RED", or "red" without the
 *  prefix, any case) or numbers; 64-bit integers may be strings, as the
 *  JSON mapping writes them.  bytes fields are not read (the protocol has
 *  none a situation uses).
 */
#ifndef SOLO_JSON_IN_H
#define SOLO_JSON_IN_H

#include <stdbool.h>
#include <stddef.h>
#include <protobuf-c/protobuf-c.h>

/*  JSON nested deeper than this is refused (a situation nests four deep). */
#define JSON_IN_MAX_DEPTH 32

/*  True when `text` looks like JSON rather than a libconfig file: its
 *  first character after white space is '{'. */
bool json_in_looks_like_json (const char *text);

/*  The message of `descriptor` that `text` (a JSON object) describes,
 *  allocated with malloc (free it with protobuf_c_message_free_unpacked
 *  (message, NULL)).  NULL with `err` naming the line and the field path
 *  of the first fault: a syntax error, an unknown field (the known ones
 *  are the .proto's), a value of the wrong type, an unknown enum name (the
 *  known ones listed). */
ProtobufCMessage *json_in_message (const ProtobufCMessageDescriptor *descriptor,
                                   const char *text, char *err, size_t errlen);

#endif
