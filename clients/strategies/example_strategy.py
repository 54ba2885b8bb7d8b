#!/usr/bin/python3
"""An external strategy for solo-tournament, in Python.

It speaks the external strategy protocol (proto/strategy.proto): it binds
a ZeroMQ REP socket and answers every Decide request with one order per
unit asked for.  Its play is simple and greedy: a unit charges when it
can, else fires, else moves to close on the nearest enemy it sees, else
does the first legal order.

    example_strategy.py --bind ENDPOINT [--misbehave KIND] [--after N]

The tournament starts it as `COMMAND --bind ENDPOINT`.  Run by hand, it
serves a tournament that names it by `endpoint`:

    ./example_strategy.py --bind tcp://127.0.0.1:5700

--misbehave is for testing the tournament's referee: after N requests
(default 0) the strategy crashes (exits), answers late (sleeps past the
deadline), answers an illegal order, or answers an error.

The messages' Python code is generated from the .proto files, never kept
in the source tree: SOLO_PB2_DIR names a folder holding solo_pb2.py and
strategy_pb2.py (protoc --python_out=DIR -I proto proto/solo.proto
proto/strategy.proto); without it, protoc compiles them into a cache
folder.
"""

import argparse
import hashlib
import math
import os
import random
import shutil
import subprocess
import sys
import time

import zmq

PROTOS = ("solo.proto", "strategy.proto")


def load_messages():
    """The generated strategy_pb2 module."""
    folder = os.environ.get("SOLO_PB2_DIR")
    if not folder:
        here = os.path.dirname(os.path.abspath(__file__))
        proto_dir = os.environ.get("SOLO_PROTO_DIR") or os.path.join(
            here, "..", "..", "proto")
        paths = [os.path.join(proto_dir, p) for p in PROTOS]
        digest = hashlib.sha256()
        for path in paths:
            with open(path, "rb") as f:
                digest.update(f.read())
        cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(
            os.path.expanduser("~"), ".cache")
        folder = os.path.join(cache, "solo_strategy", digest.hexdigest()[:16])
        if not os.path.isfile(os.path.join(folder, "strategy_pb2.py")):
            protoc = shutil.which("protoc")
            if not protoc:
                sys.exit("example_strategy: protoc not found (install "
                         "protobuf-compiler, or set SOLO_PB2_DIR)")
            os.makedirs(folder, exist_ok=True)
            subprocess.run([protoc, "--proto_path=" + proto_dir,
                            "--python_out=" + folder] + paths, check=True)
    sys.path.insert(0, folder)
    import strategy_pb2  # noqa: E402  (generated)
    return strategy_pb2


def distance(a, b):
    return math.hypot(a.x - b.x, a.y - b.y)


def choose(decide, unit_order, units_by_id, rng):
    """The index (1-based) of the legal order to give, and why."""
    me = units_by_id.get(unit_order.unit_id)
    enemies = [u for u in decide.view.units if u.side != decide.side]
    best, best_score, why = 1, -1e9, "first legal order"
    for i, order in enumerate(unit_order.legal, start=1):
        score = rng.random() * 0.01           # breaks ties, seeded
        reason = order.kind
        if order.kind == "charge":
            score += 30
            reason = "charge " + order.target_id
        elif order.kind == "fire":
            score += 20
            reason = "fire at " + (order.target_id or "the nearest enemy")
        elif order.kind in ("move", "take_cover") and order.has_to and me \
                and enemies:
            now = min(distance(me.centre, e.centre) for e in enemies)
            then = min(distance(order.to, e.centre) for e in enemies)
            score += 10 + (now - then) / 10.0
            reason = "close on the enemy (%.0f cm nearer)" % (now - then)
        elif order.kind == "hold":
            score += 1
        if score > best_score:
            best, best_score, why = i, score, reason
    return best, why


def answer(messages, request, args, count):
    """The reply to one request."""
    reply = messages.StrategyReply(id=request.id)
    decide = request.decide
    misbehaving = args.misbehave != "none" and count > args.after
    if misbehaving and args.misbehave == "crash":
        os._exit(3)
    if misbehaving and args.misbehave == "late":
        time.sleep(decide.deadline_ms / 1000.0 + 1.0)
    if misbehaving and args.misbehave == "error":
        reply.error.message = "this strategy gives up"
        return reply
    rng = random.Random("%s/%d/%d/%d" % (decide.game_id, decide.seed,
                                         decide.turn, decide.phase))
    units_by_id = {u.id: u for u in decide.view.units}
    for unit_order in decide.units:
        order = reply.orders.orders.add(unit_id=unit_order.unit_id)
        if misbehaving and args.misbehave == "illegal":
            order.order.kind = "charge"
            order.order.target_id = unit_order.unit_id   # itself
            order.why = "an order the rules refuse"
            continue
        order.legal_index, order.why = choose(decide, unit_order,
                                              units_by_id, rng)
    return reply


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bind", required=True,
                        help="the ZeroMQ endpoint to bind (REP)")
    parser.add_argument("--misbehave", default="none",
                        choices=("none", "crash", "late", "illegal", "error"))
    parser.add_argument("--after", type=int, default=0,
                        help="requests answered well before misbehaving")
    args = parser.parse_args()
    messages = load_messages()
    context = zmq.Context()
    socket = context.socket(zmq.REP)
    socket.setsockopt(zmq.LINGER, 0)
    socket.bind(args.bind)
    parent = os.getppid()
    count = 0
    try:
        while True:
            # a started strategy ends with the worker that started it
            if socket.poll(1000) == 0:
                if os.getppid() != parent:
                    break
                continue
            request = messages.StrategyRequest()
            request.ParseFromString(socket.recv())
            count += 1
            socket.send(answer(messages, request, args,
                               count).SerializeToString())
    except KeyboardInterrupt:
        pass
    finally:
        socket.close()
        context.term()


if __name__ == "__main__":
    main()
