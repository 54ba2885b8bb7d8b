/*  convert.h - between the wire (solo.v1 protobuf messages) and the rules
 *  core (situation_t, rf_decision_t).
 *
 *  Every problem with a message is reported with a protocol error code,
 *  the path of the offending field (e.g. "ask_unit.situation.units[3].
 *  weapon") and a message that says what is wrong with it.
 */
#ifndef SOLOD_CONVERT_H
#define SOLOD_CONVERT_H

#include <stdbool.h>
#include <stdint.h>
#include "pool.h"
#include "catalog.h"
#include "rf.h"
#include "situation.h"
#include "wire.h"

#define CONVERT_FIELD_MAX    128   /* bytes of a field path */
#define CONVERT_MESSAGE_MAX  512   /* bytes of an error message */

typedef Solo__V1__Error__Code error_code_t;

/*  What went wrong with a request. */
typedef struct {
    error_code_t code;
    char field[CONVERT_FIELD_MAX];
    char message[CONVERT_MESSAGE_MAX];
} convert_error_t;

/*  Set an error; returns -1 so callers may `return convert_fail (...)`. */
int convert_fail (convert_error_t *error, error_code_t code,
                  const char *field, const char *format, ...)
    __attribute__ ((format (printf, 4, 5)));

/*  Build a situation from its protocol form.  `prefix` is the path of the
 *  message in the request ("ask_unit.situation"); the ruleset named in it
 *  (default when empty) comes from `catalog`.  Returns the situation, or
 *  NULL with `error`: UNKNOWN_RULESET, LIMIT_EXCEEDED (more units, terrain
 *  features, polygon vertices, figures or id bytes than rules/limits.h
 *  allows; the message names the limit as Hello's Limits does),
 *  OUT_OF_RANGE (a count below zero, a size not above zero),
 *  IMPOSSIBLE (more wounded and killed than figures), BAD_REQUEST (an
 *  unknown enum value or weapon, a missing or non-finite number, a
 *  duplicate id, or whatever else the rules core refuses). */
situation_t *convert_situation (const Solo__V1__Situation *msg,
                                const catalog_t *catalog, const char *prefix,
                                convert_error_t *error);

/*  The protocol form of a decision, every field filled: the factors, the
 *  six outcomes, the geometry with unit and terrain ids (looked up in
 *  `sit`; sit may be NULL for a direct look-up), layer "table", the
 *  ruleset's name and tables hash, `unit_id` and `seed`.  Allocated with
 *  malloc: free with convert_decision_free.  NULL when out of memory. */
Solo__V1__UnitDecision *convert_decision (const rf_decision_t *decision,
                                          const situation_t *sit,
                                          const ruleset_t *ruleset,
                                          const char *unit_id, uint64_t seed);

/*  convert_decision without copies: the message's parts come from
 *  `arena` (its free is never called: the arena frees them all at once)
 *  and its strings point into `decision`, `sit` and `ruleset`, which must
 *  outlive it (pack it, then free the arena).  NULL when out of
 *  memory. */
Solo__V1__UnitDecision *convert_decision_in (const rf_decision_t *decision,
                                             const situation_t *sit,
                                             const ruleset_t *ruleset,
                                             const char *unit_id,
                                             uint64_t seed,
                                             ProtobufCAllocator *arena);

/*  Every string of a decoded message, nested messages and lists
 *  included, checked for UTF-8 (protobuf's strings are UTF-8: a strict
 *  client could not decode a reply that echoed one that is not).  For a
 *  Request the path leaves out the envelope: "ask_unit.situation.
 *  units[1].id".  0, or -1 with BAD_REQUEST naming the first bad field
 *  and the byte where it goes wrong. */
int convert_check_utf8 (const ProtobufCMessage *message,
                        convert_error_t *error);

/*  The encoded message data[0..len) of `descriptor` walked for string
 *  fields holding a NUL byte, which the decoded C string would silently
 *  end at ("a\0x" read as "a").  Paths as convert_check_utf8 gives them;
 *  call it on bytes the decoder accepted.  0, or -1 with BAD_REQUEST. */
int convert_check_nul (const ProtobufCMessageDescriptor *descriptor,
                       const void *data, size_t len, convert_error_t *error);

/*  Warnings shown beside an answer, at most (the last one says how many
 *  more there were). */
#define CONVERT_MAX_WARNINGS 8

/*  The units of `sit` that overlap on the table (situation_overlaps: of
 *  unit `u` with any other, or u < 0 any two) in words a player acts on:
 *  'units "red-1" and "blue-2" overlap by 2.0 cm: figures cannot stand
 *  so, move one of them'.  At most CONVERT_MAX_WARNINGS strings, the
 *  array and each string from alloc (arg); *count gets how many.  NULL
 *  (and *count 0) when there is none, or out of memory. */
char **convert_overlap_warnings (const situation_t *sit, int u,
                                 void *(*alloc) (void *arg, size_t size),
                                 void *arg, size_t *count);

/*  A Reply with id `request_id` and `body` as its unit_decision, packed
 *  into a malloc'd buffer (*out, *out_len; free it with free): the bytes
 *  solo__v1__reply__pack gives, but the decision is packed where it
 *  belongs, after its length prefix (protobuf-c packs a message field
 *  first, then moves it along to make room for a prefix longer than a
 *  byte).  Returns 0, or -1 when out of memory. */
int convert_pack_decision_reply (uint64_t request_id,
                                 const Solo__V1__UnitDecision *body,
                                 uint8_t **out, size_t *out_len);

/*  True when convert_pack_decision_reply packs `body` by hand (the
 *  generated messages have the fields the hand packer knows, and the
 *  body no more message fields than it keeps), false when it leaves it
 *  to protobuf-c.  A field added to the proto and not to the hand
 *  packer makes it false for every body: the test of the fast path
 *  asserts it. */
bool convert_decision_packs_by_hand (const Solo__V1__UnitDecision *body);

/*  Free a decision built by convert_decision; safe when *msg_p is NULL. */
void convert_decision_free (Solo__V1__UnitDecision **msg_p);

/*  The status flags of a message as the rules core's bit set (NULL: 0). */
uint32_t convert_status_bits (const Solo__V1__UnitStatus *s);

/*  The flags of a bit set as a message in `pool` (NULL out of memory). */
Solo__V1__UnitStatus *convert_status_message (uint32_t bits, pool_t *pool);

/*  A unit as the protocol's Unit, in `pool` (weapon by its name in
 *  `rs`; last_enemy_seen only when known).  NULL out of memory. */
Solo__V1__Unit *convert_unit_message (const unit_t *u, const ruleset_t *rs,
                                      pool_t *pool);

/*  The core's qualities and formations on the wire and back, value by
 *  value (not by number): every quality (regular, hero, raw, average,
 *  green) and formation has its protocol value.  *_from_wire returns the
 *  core's value, or -1 for a value the protocol does not have. */
Solo__V1__Quality convert_quality_message (quality_t quality);
int convert_quality_from_wire (int value);
Solo__V1__Formation convert_formation_message (formation_t formation);
int convert_formation_from_wire (int value);

/*  A ruleset finder for situation_load_text and scenario_load_text that
 *  remembers a name it could not find, so that the error can be
 *  UNKNOWN_RULESET: `arg` is a convert_finder_t. */
typedef struct {
    const catalog_t *catalog;
    char missing[SOLO_NAME_MAX];     /* "" while every name was found */
} convert_finder_t;

const ruleset_t *convert_tracking_finder (const char *name, void *arg);

/*  The error code for a file the rules' loaders refused with `err`: an
 *  unknown ruleset when the finder missed one (`missing` non-empty),
 *  INTERNAL when the loader ran out of memory (the loaders say so in the
 *  words "out of memory": the request was not at fault), BAD_REQUEST
 *  otherwise. */
Solo__V1__Error__Code convert_load_code (const char *err, const char *missing);

/*  True when the text has a libconfig @include line: a request must not
 *  make the daemon read its own files. */
bool convert_has_include (const char *text);

#endif
