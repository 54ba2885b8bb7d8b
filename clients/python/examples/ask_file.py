#!/usr/bin/python3
"""Ask about a unit of a situation file (the format of clients/examples).

    examples/ask_file.py FILE UNIT [--roll D] [--seed S] [--json]

The file's text goes to the daemon verbatim, so its errors come back with
the file's line numbers.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import solo_client  # noqa: E402
from solo_client import situation as s  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("unit")
    parser.add_argument("--roll", type=int,
                        help="your own D6 (default: the daemon rolls)")
    parser.add_argument("--seed", type=int)
    parser.add_argument("--json", action="store_true",
                        help="print the whole UnitDecision as JSON")
    parser.add_argument("--endpoint")
    args = parser.parse_args()
    with open(args.file, encoding="utf-8") as f:
        text = f.read()
    with solo_client.Client(args.endpoint) as solo:
        try:
            decision = solo.ask_unit(args.unit, situation_text=text,
                                     roll=args.roll, seed=args.seed)
        except solo_client.RemoteError as e:
            # The daemon names the text it parsed "situation_text":
            # name the user's file instead.
            if e.message.startswith("situation_text"):
                e = solo_client.RemoteError(
                    e.code, args.file + e.message[len("situation_text"):],
                    e.field)
            sys.exit("ask_file: %s" % e)
    if args.json:
        print(json.dumps(s.to_dict(decision), indent=2))
    else:
        print(solo_client.describe(decision))


if __name__ == "__main__":
    try:
        main()
    except (solo_client.SoloError, OSError) as e:
        sys.exit("ask_file: %s" % e)
