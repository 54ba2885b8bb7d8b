/*  json.h - a small JSON writer, and the daemon's replies as JSON.
 *
 *  The writer builds one JSON text in memory.  Commas and nesting are its
 *  business: the caller says what comes next (a member with a key inside an
 *  object, a bare value inside an array or at the top), never where the
 *  commas go.  Strings are escaped per RFC 8259; bytes that are not valid
 *  UTF-8 become U+FFFD, so the output is always valid UTF-8.  Numbers that
 *  JSON cannot hold (NaN, infinities) are written as null.
 *
 *  Misuse (a key inside an array, an end without a begin, nesting deeper
 *  than JSON_OUT_MAX_DEPTH) is a programmer error and asserts.  Running out
 *  of memory makes the writer fail: every later call returns -1 and
 *  json_out_text returns NULL.
 */
#ifndef SOLO_CLIENT_JSON_H
#define SOLO_CLIENT_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include "solo.pb-c.h"

#define JSON_OUT_MAX_DEPTH 32   /* objects and arrays open at once */

typedef struct _json_out_t json_out_t;

/*  A new, empty writer, or NULL when out of memory. */
json_out_t *json_out_new (void);

/*  Free the writer and set *self_p to NULL.  Safe on NULL and twice. */
void json_out_destroy (json_out_t **self_p);

/*  Open an object or an array.  `key` names the member when the writer is
 *  inside an object and must be NULL elsewhere (at the top, in an array).
 *  Each returns 0, or -1 when out of memory. */
int json_out_object_begin (json_out_t *self, const char *key);
int json_out_array_begin (json_out_t *self, const char *key);

/*  Close the innermost object (or array); asserts it is one. */
int json_out_object_end (json_out_t *self);
int json_out_array_end (json_out_t *self);

/*  One value; `key` as for json_out_object_begin.  A NULL `value` of
 *  json_out_string writes null.  json_out_double writes the shortest
 *  decimal that reads back as the same double (null for NaN and
 *  infinities); integral values print without a fraction ("34"). */
int json_out_string (json_out_t *self, const char *key, const char *value);
int json_out_int (json_out_t *self, const char *key, int64_t value);
int json_out_uint (json_out_t *self, const char *key, uint64_t value);
int json_out_double (json_out_t *self, const char *key, double value);
int json_out_bool (json_out_t *self, const char *key, bool value);
int json_out_null (json_out_t *self, const char *key);

/*  The text so far (NUL-terminated, no trailing newline), or NULL when the
 *  writer has failed.  Valid until the next call on the writer. */
const char *json_out_text (const json_out_t *self);

/*  True when every object and array opened has been closed and at least
 *  one value was written: the text is one complete JSON value. */
bool json_out_complete (const json_out_t *self);

/*  `value` as a JSON string literal, quotes included (NULL: "null").
 *  Returns a malloc'd string the caller frees, or NULL when out of memory. */
char *json_quote (const char *value);

/*  The daemon's answers as one JSON object each, appended to `out` as a
 *  value (at the top, or under `key` in an object).  Members with the names
 *  of the proto fields, plus "action_text" (the words of the cell thrown);
 *  the geometry is null when missing and for a direct look-up (no unit
 *  id); empty optional ids, the pace and the default ruleset are null.
 *  Return 0 or -1 when out of memory. */
int json_unit_decision (json_out_t *out, const char *key,
                        const Solo__V1__UnitDecision *decision);
int json_hello_reply (json_out_t *out, const char *key,
                      const Solo__V1__HelloReply *hello);

/*  Any message as one JSON object: a member for every field, named as
 *  in the proto; enums by their value's name in lower case without the
 *  type's prefix ("SIDE_RED" -> "red"); repeated fields as arrays
 *  (empty ones too); a message not set as null; of a oneof only the
 *  member set.  0 or -1 out of memory. */
int json_message (json_out_t *out, const char *key,
                  const ProtobufCMessage *msg);

/*  An Error reply as {"error": {"code": "UNKNOWN_UNIT", "code_number": 2,
 *  "field": ..., "message": ...}}, as the whole top-level object. */
int json_error_reply (json_out_t *out, const Solo__V1__Error *error);

/*  The name of an Error code ("UNKNOWN_UNIT"), or "CODE_<n>" for a code
 *  this client does not know (in a static buffer). */
const char *solo_error_code_name (Solo__V1__Error__Code code);

#endif
