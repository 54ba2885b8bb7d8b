"""A connection to solod: one DEALER socket, one request at a time.

Every question is a Request envelope with an id this client chooses and
one body; the daemon answers with a Reply carrying the same id.  A reply
whose id is not the one awaited (a late answer to a request that timed
out) is dropped.  An Error reply raises RemoteError.

Adding a message of the protocol is one method: build its body and call
request("body_name", body); the reply body comes back.
"""

import os
import random
import time

import zmq

from .proto import pb

DEFAULT_ENDPOINT = "tcp://127.0.0.1:7460"
DEFAULT_TIMEOUT_MS = 10000
PROTOCOL_VERSION = 1


class SoloError(Exception):
    """Base of every error this module raises about the daemon."""


class NoAnswer(SoloError):
    """The daemon did not answer within the timeout."""


class RemoteError(SoloError):
    """The daemon answered with an Error reply.

    code is the code's name ("UNKNOWN_UNIT"), field the offending field
    ("ask_unit.unit_id", may be empty), message the daemon's words.
    """

    def __init__(self, code, message, field=""):
        self.code = code
        self.message = message
        self.field = field
        where = " (%s)" % field if field else ""
        super().__init__("error %s%s: %s" % (code, where, message))


class Client:
    """A client of solod.

    endpoint: ZeroMQ endpoint of the daemon (default: SOLO_ENDPOINT, else
    tcp://127.0.0.1:7460).  timeout_ms: how long to wait for each answer.
    Use as a context manager, or call close().  Like its ZeroMQ socket, a
    Client belongs to one thread: give each thread its own.
    """

    def __init__(self, endpoint=None, timeout_ms=DEFAULT_TIMEOUT_MS,
                 client_name="solo_client.py", context=None):
        self.endpoint = endpoint or os.environ.get("SOLO_ENDPOINT") \
            or DEFAULT_ENDPOINT
        self.timeout_ms = timeout_ms
        self.client_name = client_name
        self._own_context = context is None
        self._context = context or zmq.Context()
        self._socket = self._context.socket(zmq.DEALER)
        self._socket.setsockopt(zmq.LINGER, 0)
        self._socket.connect(self.endpoint)
        self._next_id = random.getrandbits(48) + 1

    def close(self):
        """Close the socket (and the context this client made).  Safe twice."""
        if self._socket is not None:
            self._socket.close(0)
            self._socket = None
        if self._own_context and self._context is not None:
            self._context.term()
        self._context = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # ---- the envelope ---------------------------------------------------

    def request(self, body_name, body):
        """Send one Request with `body` in its oneof field `body_name`.

        Returns the reply's body message (HelloReply, UnitDecision, ...).
        Raises RemoteError for an Error reply, NoAnswer on timeout.
        """
        reply = self.exchange(body_name, body)
        kind = reply.WhichOneof("body")
        if kind == "error":
            err = reply.error
            raise RemoteError(pb().Error.Code.Name(err.code), err.message,
                              err.field)
        if kind is None:
            raise SoloError("reply %d has no body" % reply.id)
        return getattr(reply, kind)

    def exchange(self, body_name, body):
        """Send one Request and return the whole Reply envelope."""
        if self._socket is None:
            raise SoloError("client is closed")
        request = pb().Request()
        request.id = self._next_id
        self._next_id += 1
        if body_name not in request.DESCRIPTOR.fields_by_name:
            raise ValueError("the protocol has no request body %r" % body_name)
        getattr(request, body_name).CopyFrom(body)
        self._socket.send(request.SerializeToString())
        return self._await(request.id)

    def _await(self, request_id):
        poller = zmq.Poller()
        poller.register(self._socket, zmq.POLLIN)
        deadline = _now_ms() + self.timeout_ms
        while True:
            left = deadline - _now_ms()
            if left <= 0 or not poller.poll(left):
                raise NoAnswer("no answer from %s within %d ms: is solod "
                               "running?" % (self.endpoint, self.timeout_ms))
            frames = self._socket.recv_multipart()
            # A REQ-style empty delimiter may precede the body.
            while len(frames) > 1 and frames[0] == b"":
                frames = frames[1:]
            reply = pb().Reply()
            try:
                reply.ParseFromString(frames[-1])
            except Exception:
                continue
            if reply.id == request_id:
                return reply

    # ---- the messages ---------------------------------------------------

    def hello(self):
        """Server version, rulesets with their table hashes, limits."""
        body = pb().Hello(protocol_version=PROTOCOL_VERSION,
                          client_name=self.client_name)
        return self.request("hello", body)

    def ask_unit(self, unit_id, situation=None, situation_text=None,
                 roll=None, seed=None):
        """What does unit `unit_id` do?  Returns a UnitDecision.

        Give the situation either as a Situation message (see
        solo_client.situation) or as the text of a situation file.
        roll: the player's own D6 (1..6), None to let the daemon roll.
        seed: this question's own dice seed (None: the daemon's).
        """
        if (situation is None) == (situation_text is None):
            raise ValueError("give exactly one of situation, situation_text")
        body = pb().AskUnit(unit_id=unit_id)
        _set_roll(body, roll)
        if situation is not None:
            body.situation.CopyFrom(situation)
        else:
            body.situation_text = situation_text
        _set_seed(body, seed)
        return self.request("ask_unit", body)

    def lookup(self, arm, rf=None, factors=None, roll=None, fortified=False,
               falling_back=False, ruleset="", seed=None):
        """A plain table look-up: the arm ("infantry", "cavalry") and a
        ready Risk Factor, or factors {name: value} summed by the daemon.
        roll: the player's D6, None for the daemon's.  Returns a
        UnitDecision."""
        from .situation import enum_value
        direct = pb().DirectLookup(
            arm=enum_value("Arm", "ARM_", arm, "arm"),
            fortified=fortified, falling_back=falling_back, ruleset=ruleset)
        if rf is not None:
            direct.rf = rf
        for name, value in (factors or {}).items():
            direct.factors.add(name=name, value=value)
        body = pb().AskUnit(direct=direct)
        _set_roll(body, roll)
        _set_seed(body, seed)
        return self.request("ask_unit", body)


def _set_roll(body, roll):
    if roll is not None:
        body.roll = roll
        body.has_roll = True


def _set_seed(body, seed):
    if seed is not None:
        body.has_seed = True
        body.seed = seed


def _now_ms():
    return int(time.monotonic() * 1000)
