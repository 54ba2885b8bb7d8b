#!/usr/bin/python3
"""check_game.py - the game the web table played, against the daemon's own
answers through the Python client.

    check_game.py GAME.json [--endpoint E]

e2e_game.mjs played a game of the farm table in the page and recorded
what the daemon answered there.  Here the same questions are asked through
the Python client: the orders red was given (a new game of the same table,
the same strategy and seed) with every order's tabletop text and end; the
game as it stands now (ShowGame), against the units the page last drew;
and the last unit asked about (the same die and seed), its action, Risk
Factor and the headline the page gave it, which must be the ruleset's own
words for the cell rolled.
"""

import argparse
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
from tally import check, summary  # noqa: E402
import solo_client  # noqa: E402
from solo_client import situation as s  # noqa: E402

def close(a, b, tol=0.01):
    return abs(a - b) <= tol


def check_orders(solo, game):
    """Red's orders as the page showed them, against the same AskSide on
    a new game of the same table."""
    sit = s.from_dict("Situation", game["situation"])
    opened = solo.open_game(situation=sit, turns=6)
    try:
        side = game["side"]
        reply = solo.ask_side(side["side"], game_id=opened.game_id,
                              strategy=side["strategy"],
                              seed=int(side["seed"]))
        page = side["orders"]
        check(len(page) == len(reply.orders),
              "red's orders: as many on the page as the daemon gives",
              "%d vs %d" % (len(page), len(reply.orders)))
        for o, p in zip(reply.orders, page):
            same = (o.unit_id == p["unit_id"] and o.kind == p["kind"]
                    and o.tabletop == p["tabletop"] and o.text == p["text"])
            if o.has_destination:
                same = same and p["destination"] is not None \
                    and close(o.destination.x, p["destination"]["x"]) \
                    and close(o.destination.y, p["destination"]["y"])
            check(same, "%s: %s, \"%s\"" % (o.unit_id, o.kind, o.tabletop),
                  json.dumps(p))
    finally:
        solo.close_game(opened.game_id)


def check_state(solo, game):
    """The game as the daemon keeps it: every unit where the page drew it,
    with the losses reported."""
    gs = solo.show_game(game["id"])
    check(gs.turn == 2 and gs.sequence == 6,
          "the game is at turn 2 after 6 updates",
          "turn %d, %d updates" % (gs.turn, gs.sequence))
    units = {u.id: u for u in gs.units}
    wrong = []
    for p in game["final"]:
        u = units.get(p["id"])
        if not (u and close(u.centre.x, p["centre"]["x"])
                and close(u.centre.y, p["centre"]["y"])
                and close(u.facing, p["facing"], 0.1)
                and u.wounded == p["wounded"] and u.killed == p["killed"]):
            wrong.append(p["id"])
    check(not wrong and len(game["final"]) == len(units) - len(gs.removed),
          "every unit of the game where the page drew it", ", ".join(wrong))
    check(list(gs.removed) == ["red-hussars"]
          and units["blue-rifles"].status.fired,
          "red-hussars out of play, blue-rifles fired, as reported")
    rl = units["red-line"]
    check(rl.wounded == 3 and rl.killed == 1,
          "red-line's losses as reported from the page")
    bl = units["blue-line"]
    check(close(bl.centre.x, game["reported"]["blue-line"]["x"])
          and close(bl.centre.y, game["reported"]["blue-line"]["y"]),
          "blue-line where it was dragged and reported")


def check_ask(solo, game, ask):
    """The page's answer for a unit of the game, against the daemon's."""
    d = solo.ask_unit(ask["unit_id"], game_id=game["id"], roll=ask["roll"],
                      seed=int(ask["seed"]))
    check(d.action == ask["action"] and d.rf == ask["rf"],
          "%s, die %d: %s, RF %d" % (ask["unit_id"], ask["roll"], d.action,
                                     d.rf),
          "page %s RF %s" % (ask["action"], ask["rf"]))
    cell = next(o for o in d.outcomes if o.roll == d.roll)
    words = re.sub(r"\s*\(Charge\?\)\s*$", "", cell.text)
    if cell.text.rstrip().endswith("(Charge?)") and not d.charge:
        words += " (no charge)"
    check(cell.action == d.action and ask["headline"] == words,
          "%s: the headline is the ruleset's cell \"%s\""
          % (ask["unit_id"], words), ask["headline"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results")
    parser.add_argument("--endpoint")
    args = parser.parse_args()
    with open(args.results, encoding="utf-8") as f:
        game = json.load(f)["game"]
    check(game is not None and game.get("id"), "the page played a game")
    with solo_client.Client(args.endpoint) as solo:
        check_orders(solo, game)
        check_state(solo, game)
        for ask in game["asks"]:
            check_ask(solo, game, ask)
    return summary("web game")


if __name__ == "__main__":
    try:
        sys.exit(main())
    except solo_client.SoloError as e:
        sys.exit("check_game: %s" % e)
