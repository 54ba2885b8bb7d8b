#!/usr/bin/python3
"""Print an actions table as the daemon knows it, by plain look-ups.

    examples/lookup.py [infantry|cavalry] [--endpoint E]

For a Risk Factor in each band, ask with every die face and print the
row, the way a player reads the table on paper.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import solo_client  # noqa: E402

BAND_SAMPLES = (0, 1, 3, 7, 10)   # one Risk Factor inside each band


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("arm", nargs="?", default="infantry",
                        choices=["infantry", "cavalry"])
    parser.add_argument("--endpoint")
    args = parser.parse_args()
    with solo_client.Client(args.endpoint) as solo:
        for rf in BAND_SAMPLES:
            d = solo.lookup(args.arm, rf=rf, roll=1)
            row = ["%d %s%s" % (o.roll, o.action, " (charge?)"
                                if "charge" in o.action else "")
                   for o in d.outcomes]
            print("%-10s %s" % (d.rf_band, " | ".join(row)))


if __name__ == "__main__":
    try:
        main()
    except solo_client.SoloError as e:
        sys.exit("lookup: %s" % e)
