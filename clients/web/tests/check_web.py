#!/usr/bin/python3
"""check_web.py - what the web table drew, against the daemon's own answers.

    check_web.py RESULTS.json [--endpoint E]

For every question e2e.mjs asked through the page, ask the daemon the
same question (the situation as it stood, the same unit, die and seed)
through the Python client, and check that the page drew and showed that
answer: the action, charge, Risk Factor, roll, every factor, all six
outcomes, the path to the destination, the facing, the cover, the shooting
target and the nearest enemy.  For every side it asked about (AskSide),
every order listed and drawn in its layer: path, end, facing, target, the
command dice and the search's figures.  For every battle it replayed,
the result, each turn's log, and each unit the log places where it was
drawn.  The positions are read back from the SVG, so they are checked to
the drawing's precision.
"""

import argparse
import json
import math
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
from tally import check, summary  # noqa: E402
import solo_client  # noqa: E402
from solo_client import situation as s  # noqa: E402
from solo_client.proto import pb as protocol  # noqa: E402

CM_TOLERANCE = 0.01      # the SVG is written to 0.001 cm
DEG_TOLERANCE = 0.1

def close(a, b, tol=CM_TOLERANCE):
    return abs(a - b) <= tol


def angle_close(a, b, tol=DEG_TOLERANCE):
    d = (a - b) % 360.0
    return min(d, 360.0 - d) <= tol


def check_ask(solo, ask):
    sit = s.from_dict("Situation", ask["situation"])
    seed = int(ask["seed"]) if ask["seed"] else None
    roll = ask["roll"] or None          # 0: the daemon rolled
    d = solo.ask_unit(ask["unit_id"], situation=sit, roll=roll, seed=seed)
    name = "%s, die %s%s" % (ask["unit_id"], ask["roll"] or "daemon's",
                             ", seed %s" % seed if seed is not None else "")
    drawn, shown = ask["drawn"], ask["shown"]
    g = d.geometry
    unit = next(u for u in sit.units if u.id == ask["unit_id"])

    check(shown["action"] == d.action and drawn["action"] == d.action,
          "%s: action %s drawn and shown" % (name, d.action),
          "page %s/%s" % (drawn["action"], shown["action"]))
    check(shown["charge"] == d.charge and drawn["charge"] == d.charge
          and drawn["charge_marked"] == d.charge,
          "%s: charge %s" % (name, "yes" if d.charge else "no"))
    check(shown["rf"] == d.rf and shown["roll"] == d.roll,
          "%s: RF %d, roll %d" % (name, d.rf, d.roll),
          "page RF %s roll %s" % (shown["rf"], shown["roll"]))
    if seed is not None:
        check(shown["seed_text"] == str(d.seed),
              "%s: the daemon's seed shown" % name)
    check(shown["morale"] == d.morale, "%s: morale %s" % (name, d.morale))
    check(shown["factors"] == [{"name": f.name, "value": f.value}
                               for f in d.factors],
          "%s: every factor shown" % name, json.dumps(shown["factors"]))
    check([(o["roll"], o["action"], o["charge"]) for o in shown["outcomes"]]
          == [(o.roll, o.action, o.charge) for o in d.outcomes]
          and len(shown["outcomes"]) == 6,
          "%s: all six outcomes shown" % name)

    if g.has_destination:
        p = drawn["path"]
        ok = p is not None and close(p["from"]["x"], unit.centre.x) \
            and close(p["from"]["y"], unit.centre.y) \
            and close(p["to"]["x"], g.destination.x) \
            and close(p["to"]["y"], g.destination.y)
        check(ok, "%s: path drawn from (%.1f, %.1f) to (%.2f, %.2f)"
              % (name, unit.centre.x, unit.centre.y, g.destination.x,
                 g.destination.y), json.dumps(p))
        check(p is not None and p["charge_style"] == d.charge,
              "%s: the path is drawn as a charge only when charging" % name)
        where = g.destination
    else:
        check(drawn["path"] is None, "%s: no path drawn for a unit that "
              "stays" % name)
        where = unit.centre
    ghost = drawn["ghost"]
    check(close(ghost["centre"]["x"], where.x)
          and close(ghost["centre"]["y"], where.y)
          and angle_close(ghost["facing"], g.facing),
          "%s: footprint drawn at (%.2f, %.2f) facing %.1f"
          % (name, where.x, where.y, g.facing), json.dumps(ghost))
    check(drawn["cover_id"] == (g.cover_id or None),
          "%s: cover %s" % (name, g.cover_id or "none"),
          str(drawn["cover_id"]))
    check(drawn["target_id"] == (g.shoot_target_id or None),
          "%s: shooting target %s" % (name, g.shoot_target_id or "none"),
          str(drawn["target_id"]))
    check(drawn["nearest_id"] == (g.nearest_enemy_id or None),
          "%s: nearest enemy %s" % (name, g.nearest_enemy_id or "none"),
          str(drawn["nearest_id"]))


def order_facing(order, unit):
    """How a unit faces after an order: the order's facing when it sets
    one, else the way it moves (as the rules engine turns it), else as it
    stands."""
    if order.has_facing:
        return order.facing % 360.0
    if order.has_destination and math.hypot(
            order.destination.x - unit.centre.x,
            order.destination.y - unit.centre.y) > 0.01:
        return math.degrees(math.atan2(order.destination.x - unit.centre.x,
                                       order.destination.y - unit.centre.y)
                            ) % 360.0
    return unit.facing


def check_side(solo, asked):
    """The page's drawing of a side's orders against the daemon's own
    answer to the same AskSide."""
    pb = protocol()
    sit = s.from_dict("Situation", asked["situation"])
    st = asked["settings"]
    body = pb.AskSide(situation=sit, strategy=st["strategy"],
                      side=pb.Side.Value(asked["side"]))
    if st.get("playouts"):
        body.playouts = int(st["playouts"])
    if st.get("budget"):
        body.budget_ms = int(st["budget"])
    if st.get("personality"):
        body.personality = st["personality"]
    for key in ("aggression", "caution"):
        if key in st:
            setattr(body, "has_" + key, True)
            setattr(body, key, st[key])
    body.has_seed = True
    body.seed = int(st["seed"])
    r = solo.request("ask_side", body)
    name = "%s (%s, seed %s)" % (asked["side"], st["strategy"] or "search",
                                 st["seed"])
    units = {u.id: u for u in sit.units}

    check([(o["unit_id"], o["layer"], o["kind"], o["text"])
           for o in asked["listed"]]
          == [(o.unit_id, o.layer, o.kind, o.text) for o in r.orders],
          "%s: every order listed with its layer" % name,
          json.dumps(asked["listed"]))
    check(asked["command"] == list(r.command_roll),
          "%s: the command dice shown" % name)
    figures = asked["figures"]
    check(figures.get("strategy") == r.search.strategy
          and figures.get("playouts", "").split(" ")[0]
          == str(r.search.playouts)
          and figures.get("plans") == str(r.search.plans)
          and figures.get("value") == "%.3f" % r.search.value,
          "%s: the search's figures shown (%d playouts, %d plans, value "
          "%.3f)" % (name, r.search.playouts, r.search.plans, r.search.value),
          json.dumps(figures))
    drawn = {o["unit_id"]: o for o in asked["drawn"]}
    check(sorted(drawn) == sorted(o.unit_id for o in r.orders),
          "%s: an order drawn for every unit" % name)
    for o in r.orders:
        d = drawn.get(o.unit_id)
        if d is None:
            continue
        u = units[o.unit_id]
        what = "%s: %s's %s order (%s)" % (name, o.unit_id, o.layer, o.kind)
        check(d["layer"] == o.layer and d["kind"] == o.kind
              and d["charge"] == o.charge, what + " drawn in its layer")
        if o.has_destination:
            p = d["path"]
            check(p is not None and close(p["from"]["x"], u.centre.x)
                  and close(p["from"]["y"], u.centre.y)
                  and close(p["to"]["x"], o.destination.x)
                  and close(p["to"]["y"], o.destination.y),
                  what + ": path to (%.2f, %.2f)" % (o.destination.x,
                                                    o.destination.y),
                  json.dumps(p))
            where = o.destination
        else:
            check(d["path"] is None, what + ": no path for a unit that "
                  "stays")
            where = u.centre
        facing = order_facing(o, u)
        g = d["ghost"]
        check(close(g["centre"]["x"], where.x)
              and close(g["centre"]["y"], where.y)
              and angle_close(g["facing"], facing),
              what + ": ends at (%.2f, %.2f) facing %.1f" % (where.x, where.y,
                                                             facing),
              json.dumps(g))
        check(d["target_id"] == (o.target_id or None),
              what + ": target %s" % (o.target_id or "none"),
              str(d["target_id"]))


MOVED_TO = re.compile(r"; moves [\d.]+ cm to \((-?[\d.]+), (-?[\d.]+)\)$")
OUT = re.compile(r"^(\S+) (is destroyed|leaves the table)$")
MELEE = re.compile(r"^melee of ([^:]+):")


def check_battle(solo, battle):
    """The page's replay against the daemon's own battle with the same
    seed: the result, the log of every turn, and every unit the log
    places exactly where the page drew it at the end of each turn."""
    pb = protocol()
    game = solo.request("open_game", pb.OpenGame(scenario=battle["scenario"]))
    solo.request("close_game", pb.CloseGame(game_id=game.game_id))
    r = solo.request("play_battle", pb.PlayBattle(
        scenario=battle["scenario"], blue=battle["blue"], red=battle["red"],
        has_seed=True, seed=int(battle["seed"]), with_log=True))
    name = "battle %s, %s against %s, seed %s" % (
        battle["scenario"], battle["blue"], battle["red"], battle["seed"])
    check(battle["winner"] == r.winner and battle["turns"] == r.turns
          and battle["reason"] == r.reason,
          "%s: %s after %d turns" % (name, r.winner or "a draw", r.turns),
          "page: %s %s %s" % (battle["winner"], battle["turns"],
                              battle["reason"]))
    check(len(battle["frames"]) == r.turns + 1,
          "%s: the start and every turn replayed" % name)
    pos = {u.id: (u.centre.x, u.centre.y) for u in game.units
           if u.id not in game.removed}
    approx, gone = set(), set(game.removed)
    placed = 0
    for frame in battle["frames"]:
        k = frame["turn"]
        lines = [l for l in r.log if (l.kind == "start") == (k == 0)
                 and (k == 0 or l.turn == k)]
        for l in lines:
            if l.kind != "event":
                continue
            if l.event == "move":
                m = MOVED_TO.search(l.text)
                if m:
                    pos[l.unit_id] = (float(m.group(1)), float(m.group(2)))
                    approx.discard(l.unit_id)
                elif " charges " in l.text:
                    approx.add(l.unit_id)
            elif l.event == "status" and OUT.match(l.text):
                gone.add(OUT.match(l.text).group(1))
            elif l.event == "melee" and MELEE.match(l.text):
                approx.update(MELEE.match(l.text).group(1).split(", "))
        check([(x["kind"], x["text"]) for x in frame["log"]]
              == [(l.kind, l.text) for l in lines],
              "%s, turn %d: the turn's %d log lines shown" % (name, k,
                                                               len(lines)))
        drawn = {u["id"]: u for u in frame["units"]}
        check(sorted(drawn) == sorted(set(pos) - gone),
              "%s, turn %d: the units still in play drawn" % (name, k),
              "%s vs %s" % (sorted(drawn), sorted(set(pos) - gone)))
        wrong = []
        for uid, u in drawn.items():
            if uid in approx:
                if not u["approx"]:
                    wrong.append(uid + " (not marked estimated)")
                continue
            x, y = pos[uid]
            placed += 1
            if not (close(u["centre"]["x"], x) and close(u["centre"]["y"], y)
                    and not u["approx"]):
                wrong.append("%s at (%.3f, %.3f), the log (%.1f, %.1f)"
                             % (uid, u["centre"]["x"], u["centre"]["y"], x, y))
        check(not wrong, "%s, turn %d: every unit where the log puts it"
              % (name, k), "; ".join(wrong))
    check(placed > 0, "%s: units placed from the log's moves" % name)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results")
    parser.add_argument("--endpoint")
    args = parser.parse_args()
    with open(args.results, encoding="utf-8") as f:
        results = json.load(f)
    asks = results.get("asks", [])
    check(len(asks) >= 4, "the page asked at least four questions",
          str(len(asks)))
    check(any(a["drawn"]["charge"] for a in asks),
          "a charge was drawn at least once")
    with solo_client.Client(args.endpoint) as solo:
        for ask in asks:
            check_ask(solo, ask)
        sides = results.get("sides", [])
        check(len(sides) >= 3, "the page asked what a side does three times",
              str(len(sides)))
        for asked in sides:
            check_side(solo, asked)
        battles = results.get("battles", [])
        check(len(battles) >= 1, "the page played a battle")
        for battle in battles:
            check_battle(solo, battle)
        # The saved file is a Situation the Python client reads as is.
        if "saved" in results:
            sit = s.from_dict("Situation", results["saved"])
            check(len(sit.units) == 3 and sit.units[0].id == "red-1"
                  and not math.isnan(sit.units[0].centre.x),
                  "the saved situation reads as a protocol Situation")
    return summary("web answers")


if __name__ == "__main__":
    try:
        sys.exit(main())
    except solo_client.SoloError as e:
        sys.exit("check_web: %s" % e)
