#!/usr/bin/python3
"""What does a whole army do this turn?  The commander's orders, printed.

Opens a game of an installed scenario, asks the commander for one side's
orders, prints each unit's order beside its troop type, quality and
formation (and the formation an order puts it in), then closes the game.

    examples/ask_side.py [--scenario farm] [--side red] [--playouts N]
                         [--seed S] [--endpoint E]
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import solo_client  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="farm",
                        help="an installed scenario (default farm; "
                        "eol_cowpens is Empire of Liberty)")
    parser.add_argument("--side", default="red", choices=("blue", "red"))
    parser.add_argument("--playouts", type=int, default=200,
                        help="the search's budget in playouts (default 200: "
                        "the same answer on any machine)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--endpoint")
    args = parser.parse_args()
    with solo_client.Client(args.endpoint, timeout_ms=60000) as solo:
        game = solo.open_game(scenario=args.scenario)
        try:
            orders = solo.ask_side(args.side, game_id=game.game_id,
                                   playouts=args.playouts, seed=args.seed)
        finally:
            solo.close_game(game.game_id)
    print(solo_client.describe_orders(orders, game.units))


if __name__ == "__main__":
    try:
        main()
    except solo_client.SoloError as e:
        sys.exit("ask_side: %s" % e)
