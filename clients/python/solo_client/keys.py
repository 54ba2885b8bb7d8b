"""CURVE keys for a client of a daemon that serves with CURVE.

solod --make-keys FILE writes a key pair: the secret key in FILE (mode
0600) and the public key in FILE.pub, each a line of 40 characters of Z85
after a comment line.  A client needs the daemon's public key (the text,
or its .pub file) and its own secret key file, whose public key is on the
daemon's allow-list.  These read them the way the `solo` client does
(clients/solo/client.c, solo_client_read_key), so the same files and the
same environment (SOLO_SERVER_KEY, SOLO_CLIENT_KEY_FILE) serve both.

Only zmq is needed here: the web relay loads this file alone.
"""

import os

import zmq
from zmq.utils import z85

Z85_KEY_LENGTH = 40
Z85_CHARS = frozenset("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN"
                      "OPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#")


class CurveKeyError(ValueError):
    """A key that cannot be read (not Z85, no such file), half a pair, or
    a libzmq without CURVE."""


def is_z85_key(text: str) -> bool:
    """True when `text` (str) is a key: 40 characters of Z85 that decode
    to 32 bytes."""
    if not isinstance(text, str) or len(text) != Z85_KEY_LENGTH \
            or not set(text) <= Z85_CHARS:
        return False
    try:
        return len(z85.decode(text.encode("ascii"))) == 32
    except Exception:       # a group of five over 2**32
        return False


def read_key(text_or_path: str) -> str:
    """The key given as its text, else read from the file of that name:
    its first line that is neither blank nor a # comment, with the
    blanks around it taken off, must be the key.  Returns the key (str).

    Raises CurveKeyError, in the words of the `solo` client: '"X" is
    neither a Z85 key (40 characters) nor a key file: <why>',
    "FILE:LINE - not a Z85 key (40 characters)", "FILE - no key in the
    file"."""
    if is_z85_key(text_or_path):
        return text_or_path
    try:
        with open(text_or_path, encoding="ascii", errors="replace") as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise CurveKeyError('"%s" is neither a Z85 key (%d characters) nor '
                            'a key file: %s' % (text_or_path, Z85_KEY_LENGTH,
                                                e.strerror or e))
    for number, line in enumerate(lines, 1):
        line = line.strip(" \t\r\n")
        if not line or line.startswith("#"):
            continue
        if is_z85_key(line):
            return line
        raise CurveKeyError("%s:%d - not a Z85 key (%d characters)"
                            % (text_or_path, number, Z85_KEY_LENGTH))
    raise CurveKeyError("%s - no key in the file" % text_or_path)


def curve_keys(server_key=None, client_key_file=None, environ=None):
    """The CURVE settings of a client, or None for a client in the clear.

    server_key: the daemon's public key, as text or the path of its .pub
    file (default: $SOLO_SERVER_KEY); client_key_file: the path of this
    client's secret key file (default: $SOLO_CLIENT_KEY_FILE).  "" is as
    not given.  Neither given: None.  Both: a tuple (server public key,
    client public key, client secret key), each 40 characters of Z85.
    One alone, a key that cannot be read, or a libzmq without CURVE:
    CurveKeyError."""
    env = os.environ if environ is None else environ
    if server_key is None:
        server_key = env.get("SOLO_SERVER_KEY", "")
    if client_key_file is None:
        client_key_file = env.get("SOLO_CLIENT_KEY_FILE", "")
    if not server_key and not client_key_file:
        return None
    if not server_key or not client_key_file:
        raise CurveKeyError("CURVE needs both the server key and the client "
                            "key file (server_key and client_key_file, or "
                            "SOLO_SERVER_KEY and SOLO_CLIENT_KEY_FILE)")
    if not zmq.has("curve"):
        raise CurveKeyError("this libzmq has no CURVE (built without "
                            "libsodium)")
    server = read_key(server_key)
    secret = read_key(client_key_file)
    public = zmq.curve_public(secret.encode("ascii")).decode("ascii")
    return server, public, secret


def apply_keys(socket, keys):
    """Make `socket` a CURVE client with `keys` (from curve_keys); None
    leaves it in the clear.  Before connect."""
    if keys is None:
        return
    server, public, secret = keys
    socket.setsockopt(zmq.CURVE_SERVERKEY, server.encode("ascii"))
    socket.setsockopt(zmq.CURVE_PUBLICKEY, public.encode("ascii"))
    socket.setsockopt(zmq.CURVE_SECRETKEY, secret.encode("ascii"))
