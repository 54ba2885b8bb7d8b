"""solo_client: ask solod what an enemy unit does, from Python.

    import solo_client
    from solo_client import situation as s

    with solo_client.Client() as solo:          # tcp://127.0.0.1:7460
        print(solo.hello().server_version)
        d = solo.lookup("infantry", rf=3, roll=4)
        print(d.action, d.morale)

Messages are the protocol's own (generated from proto/solo.proto at first
use, see solo_client.proto); plain(message) gives any of them as frozen
dataclasses of plain values (solo_client.results); Client.request(body_name, body) sends any
request body, so each new message of the protocol is one method here.
"""

from .client import (Client, SoloError, NoAnswer, RemoteError,
                     DEFAULT_ENDPOINT, PROTOCOL_VERSION)
from .keys import CurveKeyError, read_key
from .proto import pb, ProtoError
from .text import describe, describe_orders, describe_game
from .results import plain, plain_class
from . import situation

__version__ = "0.1.0"

__all__ = ["Client", "SoloError", "NoAnswer", "RemoteError", "ProtoError",
           "DEFAULT_ENDPOINT", "PROTOCOL_VERSION", "pb", "describe",
           "describe_orders", "describe_game", "situation", "CurveKeyError",
           "read_key", "plain", "plain_class", "__version__"]
