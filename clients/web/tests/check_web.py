#!/usr/bin/python3
"""check_web.py - what the web table drew, against the daemon's own answer.

    check_web.py RESULTS.json [--endpoint E]

For every question e2e.mjs asked through the page, ask the daemon the
same question (the situation as it stood, the same unit, die and seed)
through the Python client, and check that the page drew and showed that
answer: the action, charge, Risk Factor, roll, every factor, all six
outcomes, the path to the destination, the facing, the cover, the shooting
target and the nearest enemy.  The positions are read back from the SVG,
so they are checked to the drawing's precision.
"""

import argparse
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
import solo_client  # noqa: E402
from solo_client import situation as s  # noqa: E402

CM_TOLERANCE = 0.01      # the SVG is written to 0.001 cm
DEG_TOLERANCE = 0.1

passed = 0
failed = 0


def check(ok, what, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print("ok - %s" % what)
    else:
        failed += 1
        print("not ok - %s%s" % (what, ": " + detail if detail else ""))


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
        # The saved file is a Situation the Python client reads as is.
        if "saved" in results:
            sit = s.from_dict("Situation", results["saved"])
            check(len(sit.units) == 3 and sit.units[0].id == "red-1"
                  and not math.isnan(sit.units[0].centre.x),
                  "the saved situation reads as a protocol Situation")
    print("web answers: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except solo_client.SoloError as e:
        sys.exit("check_web: %s" % e)
