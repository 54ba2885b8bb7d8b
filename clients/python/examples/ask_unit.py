#!/usr/bin/python3
"""What does the red line at the copse do?  A situation built in code.

A red line of muskets stands before a copse; a blue line advances on it
from the south and a blue skirmish screen works round its flank.

    examples/ask_unit.py [--roll D] [--seed S] [--endpoint E]
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import solo_client  # noqa: E402
from solo_client import situation as s  # noqa: E402


def the_table():
    return s.situation(180, 120, terrain=[
        s.rect("copse", "woods", 100, 70, 140, 100),
        s.terrain("farm", "town", [(30, 80), (50, 80), (50, 95), (30, 95)]),
        s.rect("lane-fence", "low_barrier", 60, 50, 100, 51),
    ], units=[
        s.unit("red-line", "red", 80, 75, facing=180, width=14, depth=3,
               weapon="musket", bayonet=True, figures=14, wounded=1,
               officers=1, ncos=1, status=["loaded"]),
        s.unit("blue-line", "blue", 80, 40, facing=0, width=14, depth=3,
               weapon="musket", bayonet=True, figures=14, officers=1),
        s.unit("blue-skirmishers", "blue", 130, 60, facing=315, width=10,
               depth=4, formation="loose", weapon="rifle", figures=6),
    ])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--roll", type=int,
                        help="your own D6 (default: the daemon rolls)")
    parser.add_argument("--seed", type=int, help="the dice seed of this ask")
    parser.add_argument("--endpoint")
    args = parser.parse_args()
    with solo_client.Client(args.endpoint) as solo:
        decision = solo.ask_unit("red-line", situation=the_table(),
                                 roll=args.roll, seed=args.seed)
    print(solo_client.describe(decision))


if __name__ == "__main__":
    try:
        main()
    except solo_client.SoloError as e:
        sys.exit("ask_unit: %s" % e)
