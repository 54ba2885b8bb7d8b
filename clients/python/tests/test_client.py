"""Unit tests of solo_client against a scripted stand-in for solod.

The stand-in is a ROUTER socket on a loopback port that answers each
request with whatever the test tells it to, so the envelope, the id
matching, errors and time-outs are checked without the daemon.
"""

import os
import sys
import threading
import unittest

import zmq

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import solo_client                           # noqa: E402
from solo_client import situation as s       # noqa: E402
from solo_client import pb                   # noqa: E402


class FakeDaemon:
    """A ROUTER on 127.0.0.1 that hands each Request to `answer(request)`,
    which returns a list of Reply messages to send back (maybe none)."""

    def __init__(self, answer):
        self.answer = answer
        self.requests = []
        self.context = zmq.Context()
        self.socket = self.context.socket(zmq.ROUTER)
        self.socket.setsockopt(zmq.LINGER, 0)
        port = self.socket.bind_to_random_port("tcp://127.0.0.1")
        self.endpoint = "tcp://127.0.0.1:%d" % port
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        poller = zmq.Poller()
        poller.register(self.socket, zmq.POLLIN)
        while not self.stop.is_set():
            if not poller.poll(20):
                continue
            frames = self.socket.recv_multipart()
            identity, body = frames[0], frames[-1]
            request = pb().Request()
            request.ParseFromString(body)
            self.requests.append(request)
            for reply in self.answer(request):
                self.socket.send_multipart([identity, reply.SerializeToString()])

    def close(self):
        self.stop.set()
        self.thread.join()
        self.socket.close(0)
        self.context.term()


def decision_reply(request, action="halt"):
    reply = pb().Reply(id=request.id)
    reply.unit_decision.unit_id = request.ask_unit.unit_id
    reply.unit_decision.action = action
    reply.unit_decision.roll = request.ask_unit.roll if \
        request.ask_unit.has_roll else 3
    return reply


class EnvelopeTest(unittest.TestCase):

    def serve(self, answer, timeout_ms=2000):
        daemon = FakeDaemon(answer)
        self.addCleanup(daemon.close)
        client = solo_client.Client(daemon.endpoint, timeout_ms=timeout_ms)
        self.addCleanup(client.close)
        return daemon, client

    def test_hello_sends_version_and_name(self):
        def answer(req):
            reply = pb().Reply(id=req.id)
            reply.hello.server_version = "9.9"
            reply.hello.protocol_version = 1
            reply.hello.rulesets.add(name="skirmish19", tables_hash="abc")
            return [reply]
        daemon, client = self.serve(answer)
        info = client.hello()
        self.assertEqual(info.server_version, "9.9")
        self.assertEqual(info.rulesets[0].name, "skirmish19")
        sent = daemon.requests[0]
        self.assertEqual(sent.WhichOneof("body"), "hello")
        self.assertEqual(sent.hello.protocol_version, 1)
        self.assertEqual(sent.hello.client_name, "solo_client.py")

    def test_ask_unit_carries_situation_roll_and_seed(self):
        daemon, client = self.serve(lambda req: [decision_reply(req)])
        sit = s.situation(180, 120, units=[
            s.unit("red-1", "red", 50, 60, facing=180, width=12, depth=3,
                   status=["loaded"], wounded=2, bayonet=True),
            s.unit("blue-1", "blue", 50, 30, width=12, depth=3)],
            terrain=[s.rect("copse", "woods", 0, 0, 20, 20, cover="hard")])
        d = client.ask_unit("red-1", situation=sit, roll=5, seed=42)
        self.assertEqual(d.unit_id, "red-1")
        ask = daemon.requests[0].ask_unit
        self.assertEqual(ask.WhichOneof("source"), "situation")
        self.assertEqual(ask.roll, 5)
        self.assertTrue(ask.has_roll)
        self.assertTrue(ask.has_seed)
        self.assertEqual(ask.seed, 42)
        red = ask.situation.units[0]
        self.assertEqual(red.side, pb().SIDE_RED)
        self.assertEqual(red.wounded, 2)
        self.assertTrue(red.bayonet)
        self.assertTrue(red.status.loaded)
        self.assertEqual(red.facing, 180.0)
        self.assertEqual(ask.situation.terrain[0].cover, pb().COVER_HARD)
        self.assertEqual(len(ask.situation.terrain[0].polygon), 4)

    def test_ask_unit_text_without_seed(self):
        daemon, client = self.serve(lambda req: [decision_reply(req)])
        client.ask_unit("red-1", situation_text="units = ();")
        ask = daemon.requests[0].ask_unit
        self.assertEqual(ask.situation_text, "units = ();")
        self.assertFalse(ask.has_seed)
        self.assertFalse(ask.has_roll)
        self.assertEqual(ask.roll, 0)

    def test_report_update_builds_unit_updates(self):
        def answer(req):
            reply = pb().Reply(id=req.id)
            reply.update_accepted.game_id = req.report_update.game_id
            reply.update_accepted.sequence = 7
            return [reply]
        daemon, client = self.serve(answer)
        got = client.report_update("farm-1", next_turn=True, units=[
            {"unit_id": "red-left", "centre": (50, 30), "killed": 3,
             "set": ["ran_last_turn"], "clear": ["loaded"], "roll": 5},
            {"unit_id": "red-right", "removed": True}])
        self.assertEqual(got.sequence, 7)
        sent = daemon.requests[0].report_update
        self.assertTrue(sent.next_turn)
        left, right = sent.units
        self.assertTrue(left.has_centre)
        self.assertEqual((left.centre.x, left.centre.y), (50, 30))
        self.assertTrue(left.has_killed)
        self.assertEqual(left.killed, 3)
        self.assertFalse(left.has_wounded)
        self.assertFalse(left.has_facing)
        self.assertTrue(left.set.ran_last_turn)
        self.assertTrue(left.clear.loaded)
        self.assertTrue(left.has_roll)
        self.assertEqual(left.roll, 5)
        self.assertTrue(right.removed)
        with self.assertRaises(ValueError):
            client.report_update("farm-1", units=[{"unit_id": "x", "hp": 1}])
        with self.assertRaises(ValueError):
            client.report_update("farm-1", units=[{"unit_id": "x",
                                                   "set": ["brave"]}])

    def test_battle_and_side_requests(self):
        def answer(req):
            reply = pb().Reply(id=req.id)
            if req.WhichOneof("body") == "play_battle":
                reply.battle_result.winner = "blue"
            else:
                reply.side_orders.side = req.ask_side.side
            return [reply]
        daemon, client = self.serve(answer)
        client.play_battle("farm", "table", "search:ms=5,aggression=0.7",
                           seed=9)
        play = daemon.requests[0].play_battle
        self.assertEqual((play.scenario, play.blue, play.blue_params),
                         ("farm", "table", ""))
        self.assertEqual((play.red, play.red_params),
                         ("search", "ms=5,aggression=0.7"))
        self.assertTrue(play.has_seed)
        self.assertTrue(play.with_log)
        client.ask_side("red", game_id="farm-1", playouts=50, aggression=0.7)
        ask = daemon.requests[1].ask_side
        self.assertEqual(ask.game_id, "farm-1")
        self.assertEqual(ask.side, pb().SIDE_RED)
        self.assertEqual(ask.playouts, 50)
        self.assertTrue(ask.has_aggression)
        self.assertFalse(ask.has_caution)
        self.assertFalse(ask.has_seed)
        with self.assertRaises(ValueError):
            client.ask_side("red")
        with self.assertRaises(ValueError):
            client.ask_side("green", scenario="farm")

    def test_ask_unit_needs_exactly_one_situation(self):
        daemon, client = self.serve(lambda req: [])
        with self.assertRaises(ValueError):
            client.ask_unit("x")
        with self.assertRaises(ValueError):
            client.ask_unit("x", situation=s.situation(1, 1),
                            situation_text="")

    def test_lookup_with_rf_and_with_factors(self):
        daemon, client = self.serve(lambda req: [decision_reply(req)])
        client.lookup("cavalry", rf=3, roll=6, falling_back=True)
        client.lookup("infantry", factors={"enemy_in_range": 1,
                                           "flank_or_rear": 2})
        first = daemon.requests[0].ask_unit
        self.assertEqual(first.WhichOneof("source"), "direct")
        self.assertEqual(first.direct.arm, pb().ARM_CAVALRY)
        self.assertEqual(first.direct.rf, 3)
        self.assertTrue(first.direct.falling_back)
        self.assertEqual(first.roll, 6)
        self.assertTrue(first.has_roll)
        second = daemon.requests[1].ask_unit.direct
        self.assertEqual([(f.name, f.value) for f in second.factors],
                         [("enemy_in_range", 1), ("flank_or_rear", 2)])
        with self.assertRaisesRegex(ValueError, "arm.*dragoons"):
            client.lookup("dragoons", rf=1)

    def test_error_reply_raises_remote_error(self):
        def answer(req):
            reply = pb().Reply(id=req.id)
            reply.error.code = pb().Error.UNKNOWN_UNIT
            reply.error.message = 'no unit "ghost"'
            reply.error.field = "ask_unit.unit_id"
            return [reply]
        daemon, client = self.serve(answer)
        with self.assertRaises(solo_client.RemoteError) as caught:
            client.lookup("infantry", rf=1)
        err = caught.exception
        self.assertEqual(err.code, "UNKNOWN_UNIT")
        self.assertEqual(err.field, "ask_unit.unit_id")
        self.assertIn('no unit "ghost"', str(err))
        self.assertIn("(ask_unit.unit_id)", str(err))

    def test_stale_replies_are_dropped(self):
        def answer(req):
            stale = decision_reply(req, action="stale")
            stale.id = req.id + 1000
            return [stale, decision_reply(req, action="fresh")]
        daemon, client = self.serve(answer)
        self.assertEqual(client.lookup("infantry", rf=1).action, "fresh")

    def test_request_ids_differ(self):
        daemon, client = self.serve(lambda req: [decision_reply(req)])
        client.lookup("infantry", rf=1)
        client.lookup("infantry", rf=1)
        ids = [r.id for r in daemon.requests]
        self.assertNotEqual(ids[0], ids[1])

    def test_silence_raises_no_answer_and_client_recovers(self):
        answers = iter([[], None])

        def answer(req):
            script = next(answers, None)
            return script if script is not None else [decision_reply(req)]
        daemon, client = self.serve(answer, timeout_ms=200)
        with self.assertRaisesRegex(solo_client.NoAnswer,
                                    "no answer from tcp://127.0.0.1:.* "
                                    "within 200 ms"):
            client.lookup("infantry", rf=1)
        self.assertEqual(client.lookup("infantry", rf=1).action, "halt")

    def test_unknown_body_is_refused(self):
        daemon, client = self.serve(lambda req: [])
        with self.assertRaisesRegex(ValueError, "no request body"):
            client.request("teleport", pb().Hello())

    def test_close_twice(self):
        daemon, client = self.serve(lambda req: [])
        client.close()
        client.close()
        with self.assertRaises(solo_client.SoloError):
            client.hello()


class SituationTest(unittest.TestCase):

    def test_names_and_defaults(self):
        u = s.unit("c", "red", 1, 2, arm="cavalry", quality="raw")
        self.assertEqual(u.formation, pb().FORMATION_MOUNTED)
        self.assertEqual(u.quality, pb().QUALITY_RAW)
        self.assertEqual(s.unit("i", "blue", 0, 0).formation,
                         pb().FORMATION_LINE)
        self.assertEqual(s.enum_value("Side", "SIDE_", "SIDE_RED", "f"), 1)
        self.assertEqual(s.enum_value("Side", "SIDE_", 1, "f"), 1)
        self.assertEqual(s.enum_name("TerrainKind", pb().TERRAIN_LOW_BARRIER),
                         "low_barrier")

    def test_bad_names_name_the_field(self):
        with self.assertRaisesRegex(ValueError, "unit u: formation.*wedge"):
            s.unit("u", "red", 0, 0, formation="wedge")
        with self.assertRaisesRegex(ValueError, "unit u: unknown status "
                                    "flag 'asleep'"):
            s.unit("u", "red", 0, 0, status=["asleep"])
        with self.assertRaisesRegex(ValueError, "Unit has no field 'colour'"):
            s.unit("u", "red", 0, 0, colour="green")
        with self.assertRaisesRegex(ValueError, "terrain t: kind.*swamp"):
            s.rect("t", "swamp", 0, 0, 1, 1)

    def test_troop_type(self):
        self.assertEqual(s.unit("u", "red", 0, 0).troop_type, "")
        u = s.unit("k", "blue", 0, 0, weapon="sword", troop_type="heavy_armour")
        self.assertEqual(u.troop_type, "heavy_armour")

    def test_last_enemy_seen(self):
        u = s.unit("u", "red", 0, 0, status=["falling_back"],
                   last_enemy_seen=(5, 6))
        self.assertTrue(u.has_last_enemy_seen)
        self.assertEqual((u.last_enemy_seen.x, u.last_enemy_seen.y), (5, 6))

    def test_dict_round_trip(self):
        sit = s.situation(100, 80, units=[s.unit("u", "red", 3, 4)],
                          terrain=[s.rect("w", "woods", 0, 0, 5, 5)])
        data = s.to_dict(sit)
        self.assertEqual(data["units"][0]["side"], "SIDE_RED")
        self.assertEqual(s.from_dict("Situation", data), sit)

    def test_describe(self):
        d = pb().UnitDecision(unit_id="r", arm="infantry", rf=3,
                              rf_band="RF2-5", roll=4, action="halt",
                              morale="steady", layer="table",
                              ruleset="skirmish19", tables_hash="0123")
        d.factors.add(name="enemy_in_range", value=1, reason="in range")
        for face in range(1, 7):
            d.outcomes.add(roll=face, action="halt")
        text = solo_client.describe(d)
        self.assertIn("RF 3 (RF2-5), rolled 4", text)
        self.assertIn("+1 enemy_in_range", text)
        self.assertIn("6 halt", text)


if __name__ == "__main__":
    unittest.main()
