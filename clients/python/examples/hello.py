#!/usr/bin/python3
"""Who is listening?  Print the daemon's version, rulesets and limits.

    examples/hello.py [--endpoint tcp://127.0.0.1:7460]
                      [--server-key KEY --client-key-file FILE]

A daemon serving with CURVE answers only the keys on its allow-list:
--server-key is its public key (or .pub file), --client-key-file this
client's secret key file (solod --make-keys FILE); the defaults are
$SOLO_SERVER_KEY and $SOLO_CLIENT_KEY_FILE.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import solo_client  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--endpoint", help="default: $SOLO_ENDPOINT or "
                        + solo_client.DEFAULT_ENDPOINT)
    parser.add_argument("--server-key",
                        help="CURVE: the daemon's public key or .pub file "
                        "(a key that begins with '-': --server-key=KEY)")
    parser.add_argument("--client-key-file",
                        help="CURVE: this client's secret key file")
    parser.add_argument("--timeout", type=int, default=10000,
                        help="ms to wait for the answer (default 10000)")
    args = parser.parse_args()
    with solo_client.Client(args.endpoint, timeout_ms=args.timeout,
                            server_key=args.server_key,
                            client_key_file=args.client_key_file) as solo:
        info = solo.hello()
    print("solod %s, protocol %d" % (info.server_version, info.protocol_version))
    for r in info.rulesets:
        print("  ruleset %s: %s (tables %s)" % (r.name, r.title, r.tables_hash))
    print("  limits: %d units, %d terrain features, %d bytes a message"
          % (info.limits.max_units, info.limits.max_terrain_features,
             info.limits.max_message_bytes))


if __name__ == "__main__":
    try:
        main()
    except (solo_client.SoloError, solo_client.CurveKeyError) as e:
        sys.exit("hello: %s" % e)
