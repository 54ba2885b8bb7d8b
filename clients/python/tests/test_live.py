"""solo_client against a real solod.

Run by tests/cli_python.sh, which starts the daemon and sets SOLO_ENDPOINT
and SOLO_LIVE=1.  Without SOLO_LIVE these tests are skipped, so that
`python3 -m unittest` alone runs the offline tests.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

import solo_client                           # noqa: E402
from solo_client import situation as s       # noqa: E402

SOURCE = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
EXAMPLES = os.path.join(HERE, "..", "examples")
LIVE = os.environ.get("SOLO_LIVE") == "1"


def the_table(red_status=(), red_quality="regular"):
    """A red line at 40 cm from a blue line, a copse behind red."""
    return s.situation(180, 120, terrain=[
        s.rect("copse", "woods", 60, 80, 100, 100),
    ], units=[
        s.unit("red-1", "red", 80, 70, facing=180, width=12, depth=3,
               quality=red_quality, status=red_status, officers=1),
        s.unit("blue-1", "blue", 80, 30, facing=0, width=12, depth=3,
               officers=1),
    ])


@unittest.skipUnless(LIVE, "set SOLO_LIVE=1 and SOLO_ENDPOINT to run "
                     "against a daemon (tests/cli_python.sh does)")
class LiveTest(unittest.TestCase):

    def setUp(self):
        self.solo = solo_client.Client(timeout_ms=5000)
        self.addCleanup(self.solo.close)

    def test_hello(self):
        info = self.solo.hello()
        self.assertEqual(info.protocol_version, 1)
        names = [r.name for r in info.rulesets]
        self.assertIn("skirmish19", names)
        self.assertTrue(all(r.tables_hash for r in info.rulesets))
        self.assertGreater(info.limits.max_units, 0)
        # the rulesets' own names come with it: 4 Page Bolivar's grades
        # ("superior", "ordinary", "inferior") for its house rules too
        saved = s.RULESET_QUALITY_NAMES.pop("liberators_house")
        self.addCleanup(s.RULESET_QUALITY_NAMES.__setitem__,
                        "liberators_house", saved)
        self.solo.hello()
        self.assertEqual(s.RULESET_QUALITY_NAMES["liberators_house"]["hero"],
                         "superior")

    def test_table_cells_of_the_seed(self):
        # A few cells of each actions table, read off the rules text.
        cells = [
            ("infantry", 0, 6, "advance_visible"),
            ("infantry", 0, 1, "continue"),
            ("infantry", 1, 1, "take_cover"),
            ("infantry", 3, 4, "continue_facing_charge"),
            ("infantry", 7, 1, "run"),
            ("infantry", 9, 6, "halt"),
            ("cavalry", 1, 6, "advance_charge"),
            ("cavalry", 4, 4, "continue_facing"),
            ("cavalry", 6, 2, "withdraw"),
            ("cavalry", 12, 2, "run"),
        ]
        for arm, rf, roll, action in cells:
            d = self.solo.lookup(arm, rf=rf, roll=roll)
            self.assertEqual(d.action, action, "%s RF%d roll %d" % (arm, rf, roll))
            self.assertEqual(d.roll, roll)
            self.assertTrue(d.roll_from_player)
            self.assertEqual([o.roll for o in d.outcomes], [1, 2, 3, 4, 5, 6])

    def test_lookup_by_factors(self):
        d = self.solo.lookup("infantry", factors={"enemy_in_range": 1,
                                                  "flank_or_rear": 2}, roll=2)
        self.assertEqual(d.rf, 3)
        self.assertEqual(d.rf_band, "RF2-5")
        self.assertEqual(d.action, "take_cover")

    def test_ask_unit_on_a_built_table(self):
        info = self.solo.hello()
        d = self.solo.ask_unit("red-1", situation=the_table(), roll=4)
        self.assertEqual(d.unit_id, "red-1")
        self.assertEqual(d.roll, 4)
        self.assertTrue(d.roll_from_player)
        self.assertEqual(len(d.outcomes), 6)
        self.assertEqual(d.outcomes[3].action, d.action)
        self.assertEqual(d.layer, "table")
        self.assertEqual(d.ruleset, "skirmish19")
        hashes = {r.name: r.tables_hash for r in info.rulesets}
        self.assertEqual(d.tables_hash, hashes["skirmish19"])
        self.assertEqual(d.geometry.nearest_enemy_id, "blue-1")
        self.assertAlmostEqual(d.geometry.nearest_enemy_distance, 37.0, 3)
        self.assertEqual(d.rf, sum(f.value for f in d.factors))
        self.assertIn("enemy_in_range", [f.name for f in d.factors])
        text = solo_client.describe(d)
        self.assertIn("red-1 (infantry)", text)

    def test_status_changes_the_factors(self):
        calm = self.solo.ask_unit("red-1", situation=the_table(), roll=3)
        ran = self.solo.ask_unit("red-1", roll=3, situation=the_table(
            red_status=["ran_last_turn"]))
        self.assertEqual(ran.rf, calm.rf + 3)
        self.assertIn("running_or_retreating", [f.name for f in ran.factors])

    def test_same_seed_same_answer(self):
        a = self.solo.ask_unit("red-1", situation=the_table(), seed=99)
        b = self.solo.ask_unit("red-1", situation=the_table(), seed=99)
        self.assertFalse(a.roll_from_player)
        self.assertEqual(a.seed, 99)
        self.assertEqual(s.to_dict(a), s.to_dict(b))

    def test_daemon_roll_can_be_repeated_from_its_seed(self):
        first = self.solo.ask_unit("red-1", situation=the_table())
        again = self.solo.ask_unit("red-1", situation=the_table(),
                                   seed=first.seed)
        self.assertEqual(first.roll, again.roll)
        self.assertEqual(first.action, again.action)

    def test_errors_name_the_field_and_the_daemon_keeps_serving(self):
        with self.assertRaises(solo_client.RemoteError) as caught:
            self.solo.ask_unit("ghost", situation=the_table(), roll=1)
        self.assertEqual(caught.exception.code, "UNKNOWN_UNIT")
        self.assertEqual(caught.exception.field, "ask_unit.unit_id")
        with self.assertRaises(solo_client.RemoteError) as caught:
            self.solo.ask_unit("red-1", situation=the_table(), roll=7)
        self.assertEqual(caught.exception.code, "OUT_OF_RANGE")
        self.assertEqual(caught.exception.field, "ask_unit.roll")
        bad = the_table()
        bad.units[0].weapon = "blunderbuss"
        with self.assertRaises(solo_client.RemoteError) as caught:
            self.solo.ask_unit("red-1", situation=bad, roll=1)
        self.assertEqual(caught.exception.code, "BAD_REQUEST")
        self.assertIn("weapon", caught.exception.field)
        self.assertIn("blunderbuss", caught.exception.message)
        self.assertEqual(self.solo.hello().protocol_version, 1)

    def test_the_web_tables_saved_situation(self):
        # A situation saved by the web table is a Situation as it stands.
        path = os.path.join(SOURCE, "clients", "web", "situations", "farm.json")
        with open(path, encoding="utf-8") as f:
            sit = s.from_dict("Situation", json.load(f))
        for unit in sit.units:
            d = self.solo.ask_unit(unit.id, situation=sit, roll=3)
            self.assertEqual(d.unit_id, unit.id)
            self.assertEqual(len(d.outcomes), 6)


@unittest.skipUnless(LIVE, "needs a daemon: SOLO_LIVE=1, SOLO_ENDPOINT")
class ExamplesTest(unittest.TestCase):
    """Every example runs and says what it should."""

    def run_example(self, *args):
        result = subprocess.run([sys.executable] + list(args),
                                capture_output=True, text=True, timeout=30)
        self.assertEqual(result.returncode, 0, result.stderr)
        return result.stdout

    def test_hello(self):
        self.assertIn("ruleset skirmish19",
                      self.run_example(os.path.join(EXAMPLES, "hello.py")))

    def test_ask_unit(self):
        out = self.run_example(os.path.join(EXAMPLES, "ask_unit.py"),
                               "--roll", "4")
        self.assertIn("red-line (infantry)", out)
        self.assertIn("rolled 4 (the player's die)", out)
        self.assertIn("Every roll: 1 ", out)

    def test_lookup(self):
        out = self.run_example(os.path.join(EXAMPLES, "lookup.py"), "cavalry")
        self.assertEqual(len(out.splitlines()), 5)
        self.assertIn("RF9+", out)

    def test_ask_side(self):
        out = self.run_example(os.path.join(EXAMPLES, "ask_side.py"),
                               "--scenario", "eol_cowpens", "--side", "red",
                               "--playouts", "60")
        self.assertIn("red (", out)
        self.assertIn("Decided by: ", out)
        self.assertIn("(empire_of_liberty, tables ", out)
        # Each order is followed by the unit's troop type, grade, formation.
        self.assertRegex(out, r"\n {17}(regular_infantry|light_infantry|"
                         r"cavalry|artillery|leader), (poor|green|average|"
                         r"veteran|elite), \w+\n")

    def test_ask_file(self):
        farm = os.path.join(SOURCE, "clients", "examples", "farm.cfg")
        out = self.run_example(os.path.join(EXAMPLES, "ask_file.py"), farm,
                               "red-line", "--seed", "7", "--json")
        decision = json.loads(out)
        self.assertEqual(decision["unit_id"], "red-line")
        self.assertEqual(len(decision["outcomes"]), 6)
        self.assertEqual(decision["seed"], "7")

    def test_ask_file_bad_situation_names_the_file(self):
        bad = os.path.join(self.tmp(), "bad.cfg")
        with open(bad, "w", encoding="utf-8") as f:
            f.write('ruleset = "skirmish19";\n'
                    'table = { width = 180.0; depth = 120.0; };\n'
                    'units = ( { id = "x"; side = "purple"; } );\n')
        result = subprocess.run(
            [sys.executable, os.path.join(EXAMPLES, "ask_file.py"), bad, "x"],
            capture_output=True, text=True, timeout=30)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("BAD_REQUEST (ask_unit.situation_text): " + bad,
                      result.stderr)

    def tmp(self):
        d = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, d, True)
        return d

    def test_ask_file_error_names_the_file(self):
        result = subprocess.run(
            [sys.executable, os.path.join(EXAMPLES, "ask_file.py"),
             os.path.join(HERE, "no-such-file.cfg"), "x"],
            capture_output=True, text=True, timeout=30)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("no-such-file.cfg", result.stderr)


@unittest.skipUnless(LIVE, "set SOLO_LIVE=1 and SOLO_ENDPOINT to run "
                     "against a daemon (tests/cli_python.sh does)")
class GamesLiveTest(unittest.TestCase):
    """Games, battles and the commander against the real daemon."""

    def setUp(self):
        self.solo = solo_client.Client(timeout_ms=60000)
        self.addCleanup(self.solo.close)

    def test_game_open_update_ask_close(self):
        game = self.solo.open_game(scenario="farm")
        self.assertTrue(game.game_id.startswith("farm-"))
        self.assertEqual(game.turn, 1)
        self.assertEqual(game.sequence, 0)
        self.assertIn("red-left", [u.id for u in game.units])
        gid = game.game_id
        self.assertIn(gid, [g.game_id for g in self.solo.list_games()])
        # Three of eight figures down: three tenths lost, +3 (seed 002).
        done = self.solo.report_update(gid, next_turn=True, units=[
            {"unit_id": "red-left", "killed": 3, "roll": 5}])
        self.assertEqual(done.sequence, 1)
        self.assertEqual(done.turn, 2)
        d = self.solo.ask_unit("red-left", game_id=gid)
        self.assertEqual(d.roll, 5)
        self.assertTrue(d.roll_from_player)
        tenths = [f for f in d.factors if f.name == "per_tenth_lost"]
        self.assertEqual(tenths[0].value, 3)
        state = self.solo.show_game(gid)
        left = [u for u in state.units if u.id == "red-left"][0]
        self.assertEqual(left.killed, 3)
        with self.assertRaises(solo_client.RemoteError) as bad:
            self.solo.report_update(gid, units=[{"unit_id": "red-left",
                                                 "roll": 7}])
        self.assertEqual(bad.exception.code, "OUT_OF_RANGE")
        self.assertEqual(bad.exception.field, "report_update.units[0].roll")
        self.assertEqual(self.solo.show_game(gid).sequence, 1)
        orders = self.solo.ask_side("red", game_id=gid, playouts=60, seed=4)
        self.assertEqual(orders.game_id, gid)
        self.assertTrue(orders.orders)
        self.assertTrue(all(o.layer in ("commander", "table")
                            for o in orders.orders))
        self.assertEqual(self.solo.close_game(gid).sequence, 1)
        with self.assertRaises(solo_client.RemoteError) as gone:
            self.solo.show_game(gid)
        self.assertEqual(gone.exception.code, "UNKNOWN_GAME")

    def test_game_state_carries_the_table(self):
        game = self.solo.open_game(scenario="farm")
        t = solo_client.situation.table(game.situation)
        # farm.cfg: 180 x 120 cm, five features, eight units.
        self.assertEqual((t["width"], t["depth"]), (180.0, 120.0))
        self.assertEqual(t["ruleset"], "skirmish19")
        house = t["terrain"][0]
        self.assertEqual((house["id"], house["kind"], house["cover"]),
                         ("farmhouse", "town", "hard"))
        self.assertEqual(house["polygon"][0], (80.0, 62.0))
        self.assertEqual(len(t["terrain"]), 5)
        self.assertEqual(len(t["units"]), 8)
        self.solo.report_update(game.game_id, units=[
            {"unit_id": "red-left", "centre": (50, 30), "killed": 2}])
        now = solo_client.situation.table(self.solo.game_table(game.game_id))
        left = [u for u in now["units"] if u["id"] == "red-left"][0]
        self.assertEqual((left["x"], left["y"], left["killed"]),
                         (50.0, 30.0, 2))
        # A game opened from the table is the same table.
        copy = self.solo.open_game(situation=game.situation)
        self.assertEqual(copy.situation, game.situation)
        self.solo.close_game(copy.game_id)
        self.solo.close_game(game.game_id)

    def test_a_unit_of_two_stands_round_trips(self):
        # Seed 003's units: one or two stands, each with its own resolve.
        s = solo_client.situation
        sit = s.situation(120, 80, ruleset="skirmish19", units=[
            s.unit("battalion", "blue", 60, 20, figures=8,
                   stands=[4, (3, 2)]),
            s.unit("llaneros", "red", 60, 60, facing=180, arm="cavalry",
                   weapon="sword", figures=6)])
        game = self.solo.open_game(situation=sit)
        t = s.table(game.situation)
        units = {u["id"]: u for u in t["units"]}
        self.assertEqual(units["battalion"]["stands"], [(4, 4), (3, 2)])
        self.assertEqual(units["llaneros"]["stands"], [])
        self.solo.report_update(game.game_id, units=[
            {"unit_id": "battalion", "stands": [3, 1]}])
        now = s.table(self.solo.game_table(game.game_id))
        units = {u["id"]: u for u in now["units"]}
        self.assertEqual(units["battalion"]["stands"], [(4, 3), (3, 1)])
        with self.assertRaises(solo_client.RemoteError) as bad:
            self.solo.report_update(game.game_id, units=[
                {"unit_id": "battalion", "stands": [5, 1]}])
        self.assertEqual(bad.exception.code, "OUT_OF_RANGE")
        self.assertEqual(bad.exception.field,
                         "report_update.units[0].stands[0].strength")
        self.solo.close_game(game.game_id)

    def test_battle_same_seed_same_battle(self):
        one = self.solo.play_battle("farm", "table", "random", seed=11)
        two = self.solo.play_battle("farm", "table", "random", seed=11)
        self.assertGreater(len(one.log), 10)
        self.assertEqual([l.text for l in one.log], [l.text for l in two.log])
        self.assertEqual((one.winner, one.turns, one.reason),
                         (two.winner, two.turns, two.reason))
        dice = [l for l in one.log if l.kind == "die"]
        self.assertTrue(dice and all(len(l.dice) == 1 for l in dice))
        self.assertEqual([s.strategy for s in one.sides], ["table", "random"])
        with self.assertRaises(solo_client.RemoteError) as bad:
            self.solo.play_battle("farm", "table", "chess")
        self.assertEqual(bad.exception.code, "UNKNOWN_STRATEGY")
        self.assertIn("random", bad.exception.message)

    # An Empire of Liberty table, each unit's grade in the words of the
    # seed (poor, green, average, veteran, elite) and of skirmish19 (good).
    EOL_UNITS = [
        # id, side, arm, quality, troop type, weapon, formation, x, y, facing
        ("morgan", "blue", "command", "elite", "leader", "none", "line",
         91, 100, 180),
        ("militia", "blue", "infantry", "poor", "skirmish_infantry",
         "musket", "skirmish", 91, 58, 180),
        ("howard", "blue", "infantry", "veteran", "regular_infantry",
         "musket", "line", 91, 95, 180),
        ("7th-foot", "red", "infantry", "green", "regular_infantry",
         "musket", "line", 115, 22, 0),
        ("legion", "red", "infantry", "average", "light_infantry", "musket",
         "column", 65, 22, 0),
        ("71st", "red", "infantry", "good", "regular_infantry", "musket",
         "line", 140, 12, 0),
    ]

    def eol_situation(self):
        return s.situation(183, 122, ruleset="empire_of_liberty", units=[
            s.unit(id, side, x, y, facing=facing, width=15, depth=4,
                   arm=arm, quality=quality, troop_type=troop,
                   weapon=weapon, formation=formation,
                   figures=1 if arm == "command" else 16)
            for (id, side, arm, quality, troop, weapon, formation, x, y,
                 facing) in self.EOL_UNITS])

    def eol_text(self):
        """The same table as a situation file, the names as the daemon
        reads them there."""
        units = ",\n".join(
            '{ id = "%s"; side = "%s"; arm = "%s"; quality = "%s"; '
            'troop_type = "%s"; weapon = "%s"; formation = "%s"; '
            'figures = %d; x = %.1f; y = %.1f; facing = %.1f; '
            'width = 15.0; depth = 4.0; }'
            % (id, side, arm, quality, troop, weapon, formation,
               1 if arm == "command" else 16, x, y, facing)
            for (id, side, arm, quality, troop, weapon, formation, x, y,
                 facing) in self.EOL_UNITS)
        return ('ruleset = "empire_of_liberty";\n'
                'table = { width = 183.0; depth = 122.0; };\n'
                'units = (\n%s\n);\n' % units)

    def test_empire_of_liberty_grades_and_troop_types(self):
        built = self.solo.open_game(situation=self.eol_situation())
        self.addCleanup(self.solo.close_game, built.game_id)
        read = self.solo.open_game(situation_text=self.eol_text())
        self.addCleanup(self.solo.close_game, read.game_id)
        self.assertEqual(built.ruleset, "empire_of_liberty")
        # The client's names are the daemon's: the same units either way.
        self.assertEqual(list(built.units), list(read.units))
        table = s.table(self.solo.game_table(built.game_id))
        self.assertEqual([(u["id"], u["quality"], u["troop_type"],
                           u["formation"]) for u in table["units"]],
                         [("morgan", "elite", "leader", "line"),
                          ("militia", "poor", "skirmish_infantry", "loose"),
                          ("howard", "veteran", "regular_infantry", "line"),
                          ("7th-foot", "green", "regular_infantry", "line"),
                          ("legion", "average", "light_infantry", "column"),
                          ("71st", "veteran", "regular_infantry", "line")])
        game = solo_client.describe_game(self.solo.show_game(built.game_id))
        self.assertIn("leader, elite, line", game)
        self.assertIn("skirmish_infantry, poor, loose", game)
        orders = self.solo.ask_side("blue", game_id=built.game_id,
                                    playouts=60, seed=3)
        self.assertTrue(orders.orders)
        text = solo_client.describe_orders(orders, built.units)
        for o in orders.orders:
            self.assertIn(o.unit_id, text)
            if o.has_formation:
                self.assertIn("forming " + s.enum_name("Formation",
                                                       o.formation), text)
        kinds = {"morgan": "leader, elite, line",
                 "militia": "skirmish_infantry, poor, loose",
                 "howard": "regular_infantry, veteran, line"}
        lines = text.splitlines()
        for i, line in enumerate(lines):
            unit = line.split()[0] if line.startswith("  ") else None
            if unit in kinds:
                self.assertEqual(lines[i + 1].strip(), kinds[unit])

    def test_ask_side_on_a_scenario(self):
        orders = self.solo.ask_side("blue", scenario="farm", strategy="table",
                                    seed=2)
        self.assertTrue(orders.orders)
        self.assertTrue(all(o.layer == "table" for o in orders.orders))
        self.assertEqual(orders.ruleset, "skirmish19")
        self.assertTrue(orders.tables_hash)

    def test_europe19_played(self):
        # The 19th Century Europe QRS (seed 004): a battle, an army's
        # orders, and its guns named in its words.
        battle = self.solo.play_battle("e19_magenta", "greedy", "table",
                                       seed=3)
        self.assertTrue(battle.reason)
        self.assertTrue(1 <= battle.turns <= 12)
        orders = self.solo.ask_side("blue", scenario="e19_meeting",
                                    strategy="table", seed=2)
        self.assertEqual(orders.ruleset, "europe19")
        self.assertTrue(orders.orders)
        s = solo_client.situation
        sit = s.situation(120, 80, ruleset="europe19", units=[
            s.unit("battery", "blue", 60, 20, arm="artillery",
                   troop_type="artillery", weapon="smoothbore_artillery",
                   formation="limbered", figures=2, ruleset="europe19"),
            s.unit("uhlans", "red", 60, 60, facing=180, arm="cavalry",
                   troop_type="cavalry", weapon="sabre", figures=2)])
        game = self.solo.open_game(situation=sit)
        battery = [u for u in game.situation.units if u.id == "battery"][0]
        self.assertEqual(battery.formation_word, "limbered")
        self.solo.close_game(game.game_id)

    def test_bolivar_played(self):
        # 4 Page Bolivar (seed 003): its battles, its army's orders and a
        # game of its units, stands and resolve and all.
        battle = self.solo.play_battle("bol_las_queseras", "greedy", "table",
                                       seed=3)
        self.assertTrue(battle.reason)
        self.assertTrue(1 <= battle.turns <= 10)
        orders = self.solo.ask_side("red", scenario="bol_carabobo",
                                    strategy="table", seed=2)
        self.assertEqual(orders.ruleset, "bolivar")
        self.assertTrue(orders.orders)
        s = solo_client.situation
        sit = s.situation(60, 60, ruleset="bolivar", units=[
            s.unit("legion", "blue", 30, 20, figures=2, quality="hero",
                   troop_type="battalion", weapon="musket",
                   width=8, depth=2, stands=[4, (4, 3)]),
            s.unit("hussars", "red", 30, 40, facing=180, arm="cavalry",
                   troop_type="horse", weapon="carbine", figures=1,
                   formation="mounted", width=4, depth=2, stands=[3])])
        game = self.solo.open_game(situation=sit)
        units = {u["id"]: u for u in s.table(game.situation)["units"]}
        self.assertEqual(units["legion"]["stands"], [(4, 4), (4, 3)])
        self.solo.close_game(game.game_id)


if __name__ == "__main__":
    unittest.main()
