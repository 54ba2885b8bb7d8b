/*  tour_wire.c - protobuf frames on ZeroMQ sockets.  */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zmq.h>
#include "tour_wire.h"

int
tour_wire_send (void *socket, const void *identity, size_t identity_len,
                const ProtobufCMessage *msg, int flags)
{
    size_t len = protobuf_c_message_get_packed_size (msg);
    zmq_msg_t frame;
    if (zmq_msg_init_size (&frame, len) != 0)
        return -1;
    protobuf_c_message_pack (msg, zmq_msg_data (&frame));
    if (identity && zmq_send (socket, identity, identity_len,
                              ZMQ_SNDMORE | flags) < 0) {
        zmq_msg_close (&frame);
        return -1;
    }
    if (zmq_msg_send (&frame, socket, flags) < 0) {
        zmq_msg_close (&frame);
        return -1;
    }
    return 0;
}

/*  Drop the rest of a multipart message. */
static void
drain (void *socket)
{
    int more = 0;
    size_t size = sizeof more;
    while (zmq_getsockopt (socket, ZMQ_RCVMORE, &more, &size) == 0 && more) {
        zmq_msg_t extra;
        zmq_msg_init (&extra);
        zmq_msg_recv (&extra, socket, 0);
        zmq_msg_close (&extra);
        size = sizeof more;
    }
}

uint8_t *
tour_wire_recv (void *socket, void *identity, size_t *identity_len,
                size_t *len, int flags)
{
    zmq_msg_t frame;
    zmq_msg_init (&frame);
    if (zmq_msg_recv (&frame, socket, flags) < 0) {
        zmq_msg_close (&frame);
        return NULL;
    }
    if (identity) {
        size_t n = zmq_msg_size (&frame);
        if (n > TOUR_WIRE_IDENTITY_MAX)
            n = TOUR_WIRE_IDENTITY_MAX;
        memcpy (identity, zmq_msg_data (&frame), n);
        *identity_len = n;
        zmq_msg_close (&frame);
        zmq_msg_init (&frame);
        int more = 0;
        size_t size = sizeof more;
        zmq_getsockopt (socket, ZMQ_RCVMORE, &more, &size);
        if (!more || zmq_msg_recv (&frame, socket, 0) < 0) {
            zmq_msg_close (&frame);
            errno = EPROTO;
            return NULL;
        }
    }
    /* a DEALER talking to a REP puts an empty delimiter first */
    int more = 0;
    size_t size = sizeof more;
    zmq_getsockopt (socket, ZMQ_RCVMORE, &more, &size);
    if (zmq_msg_size (&frame) == 0 && more) {
        zmq_msg_close (&frame);
        zmq_msg_init (&frame);
        if (zmq_msg_recv (&frame, socket, 0) < 0) {
            zmq_msg_close (&frame);
            return NULL;
        }
    }
    drain (socket);
    *len = zmq_msg_size (&frame);
    uint8_t *data = malloc (*len ? *len : 1);
    if (data)
        memcpy (data, zmq_msg_data (&frame), *len);
    else
        errno = ENOMEM;
    zmq_msg_close (&frame);
    return data;
}

int64_t
tour_wire_now_ms (void)
{
    struct timespec ts;
    clock_gettime (CLOCK_MONOTONIC, &ts);
    return (int64_t) ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}
