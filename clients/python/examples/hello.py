#!/usr/bin/python3
"""Who is listening?  Print the daemon's version, rulesets and limits.

    examples/hello.py [--endpoint tcp://127.0.0.1:7460]
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
    args = parser.parse_args()
    with solo_client.Client(args.endpoint) as solo:
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
    except solo_client.SoloError as e:
        sys.exit("hello: %s" % e)
