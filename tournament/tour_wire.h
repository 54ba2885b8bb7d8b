/*  tour_wire.h - protobuf messages over ZeroMQ sockets for the tournament's
 *  coordinator, workers and external strategies: one message a frame,
 *  after the peer's identity on a ROUTER.
 */
#ifndef SOLO_TOURNAMENT_WIRE_H
#define SOLO_TOURNAMENT_WIRE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <protobuf-c/protobuf-c.h>
#include "strategy.pb-c.h"
#include "tournament.pb-c.h"

#define TOUR_WIRE_MAX_MESSAGE (64 << 20)   /* bytes of one frame we accept */
#define TOUR_WIRE_IDENTITY_MAX 256

/*  Pack `msg` and send it as one frame (after `identity` when not NULL:
 *  a ROUTER's peer).  `flags` as zmq_send's (ZMQ_DONTWAIT).  0, or -1
 *  (errno from ZeroMQ, ENOMEM). */
int tour_wire_send (void *socket, const void *identity, size_t identity_len,
                    const ProtobufCMessage *msg, int flags);

/*  Receive one frame (after the identity, from a ROUTER: copied into
 *  identity, its length into *identity_len) into a malloc'd buffer.
 *  Frames beyond the first of a multipart message are dropped.  The
 *  frame's bytes, *len set, or NULL (errno: EAGAIN, EINTR, ENOMEM...). */
uint8_t *tour_wire_recv (void *socket, void *identity, size_t *identity_len,
                         size_t *len, int flags);

/*  Current time in milliseconds on a clock that never steps back. */
int64_t tour_wire_now_ms (void);

#endif
