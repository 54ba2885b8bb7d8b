"""Unit tests of solo_client against a scripted stand-in for solod.

The stand-in is a ROUTER socket on a loopback port that answers each
request with whatever the test tells it to, so the envelope, the id
matching, errors and time-outs are checked without the daemon.
"""

import os
import re
import shutil
import sys
import tempfile
import threading
import time
import unittest
import unittest.mock

import zmq
from zmq.auth.thread import ThreadAuthenticator

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import solo_client                           # noqa: E402
from solo_client import situation as s       # noqa: E402
from solo_client import pb                   # noqa: E402


class FakeDaemon:
    """A ROUTER on 127.0.0.1 that hands each Request to `answer(request)`,
    which returns a list of Reply messages to send back (maybe none)."""

    def __init__(self, answer, curve_secret=None, allowed=None):
        """curve_secret: serve with CURVE under this secret key (Z85);
        allowed: then only these client public keys get in (a ZAP
        handler, as solod's), None for any client."""
        self.answer = answer
        self.requests = []
        self.refused = []
        self.context = zmq.Context()
        self.auth = None
        if allowed is not None:
            self.auth = ThreadAuthenticator(self.context)
            self.auth.start()
            outer = self

            class Keys:
                def callback(self, domain, key):
                    if key.decode() in allowed:
                        return True
                    outer.refused.append(key.decode())
                    return False
            self.auth.configure_curve_callback("*", Keys())
        self.socket = self.context.socket(zmq.ROUTER)
        self.socket.setsockopt(zmq.LINGER, 0)
        if curve_secret:
            self.socket.curve_server = True
            self.socket.curve_secretkey = curve_secret.encode()
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
        if self.auth is not None:
            self.auth.stop()
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


SOURCE = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(
    __file__)), "..", "..", ".."))


def c_names(table):
    """The (name, value) pairs of a name table of rules/unit.c
    ("quality_names"): what the daemon reads in a situation."""
    with open(os.path.join(SOURCE, "rules", "unit.c")) as f:
        text = f.read()
    body = re.search(r"static const name_t %s\[\] = \{(.*?)\};" % table,
                     text, re.S)
    assert body, "no %s in rules/unit.c" % table
    return re.findall(r'\{ "(\w+)", (\w+) \}', body.group(1))


def table_files():
    """(ruleset, text without comments) of each
    rules/data/<ruleset>/tables.cfg; a house-rule overlay's (a file that
    names its `base`) followed by its base's text, so that a group it
    does not change is read from its base, as the daemon merges them."""
    data = os.path.join(SOURCE, "rules", "data")
    texts = {}
    for ruleset in sorted(os.listdir(data)):
        path = os.path.join(data, ruleset, "tables.cfg")
        if os.path.isfile(path):
            with open(path) as f:
                texts[ruleset] = re.sub(r"#.*", "", f.read())
    for ruleset, text in texts.items():
        base = re.search(r'^base\s*=\s*"(\w+)"', text, re.M)
        if base and base.group(1) in texts:
            text += "\n" + texts[base.group(1)]
        yield ruleset, text


def ruleset_qualities():
    """{ruleset: {core name: the ruleset's name}} from the `qualities`
    group of each rules/data/<ruleset>/tables.cfg that has one."""
    found = {}
    for ruleset, text in table_files():
        group = re.search(r"^qualities\s*=\s*\{(.*?)\}", text, re.S | re.M)
        if group:
            found[ruleset] = dict(re.findall(r'(\w+)\s*=\s*"(\w+)"',
                                             group.group(1)))
    return found


def ruleset_formation_words():
    """{ruleset: {arm: {core name: the ruleset's word}}} from the
    `formation_words` group of each rules/data/<ruleset>/tables.cfg."""
    found = {}
    for ruleset, text in table_files():
        group = re.search(r"^formation_words\s*=\s*\{(.*?)\};\s*$", text,
                          re.S | re.M)
        if group:
            found[ruleset] = {
                arm: dict(re.findall(r'(\w+)\s*=\s*"(\w+)"', words))
                for arm, words in re.findall(r"(\w+)\s*=\s*\{(.*?)\}",
                                             group.group(1), re.S)}
    return found


@unittest.skipUnless(os.path.isfile(os.path.join(SOURCE, "rules", "unit.c")),
                     "the source tree's rules/ is not here")
class NamesAsTheDaemonReadsThem(unittest.TestCase):
    """Every name the daemon reads for a quality or a formation, read by
    the client as the same number: the core's names in rules/unit.c and
    the rulesets' names of the qualities in their tables.cfg."""

    def test_core_quality_names(self):
        pairs = c_names("quality_names")
        for name, value in pairs:
            for spelling in (name, name.upper(), name.capitalize()):
                self.assertEqual(s.unit("u", "red", 0, 0,
                                        quality=spelling).quality,
                                 pb().Quality.Value(value), spelling)
        names = {name for name, _ in pairs}
        self.assertTrue({"veteran", "good", "poor", "regular", "hero",
                         "raw", "average", "green"} <= names)

    def test_core_formation_names(self):
        pairs = c_names("formation_names")
        self.assertIn(("skirmish", "FORMATION_LOOSE"), pairs)
        for name, value in pairs:
            self.assertEqual(s.unit("u", "red", 0, 0,
                                    formation=name).formation,
                             pb().Formation.Value(value), name)

    def test_core_status_names(self):
        # the flags a situation file names are the client's, in order,
        # seed 000's disorder markers among them
        names = [name for name, _ in c_names("status_names")]
        self.assertEqual(s.status_flags(), names)
        self.assertTrue({"disordered", "newly_disordered"} <= set(names))
        for name in names:
            u = s.unit("u", "red", 0, 0, status=[name])
            self.assertEqual([f.name for f, on in u.status.ListFields()
                              if on], [name])

    def test_rulesets_quality_names(self):
        groups = ruleset_qualities()
        # Empire of Liberty names its five grades (seed 001).
        self.assertEqual(groups.get("empire_of_liberty"),
                         {"raw": "poor", "green": "green",
                          "average": "average", "regular": "veteran",
                          "hero": "elite"})
        for ruleset, names in groups.items():
            for core, own in names.items():
                number = pb().Quality.Value("QUALITY_" + core.upper())
                self.assertEqual(s.unit("u", "red", 0, 0, quality=own,
                                        ruleset=ruleset).quality, number,
                                 "%s: %s" % (ruleset, own))
                self.assertEqual(s.quality_name(number, ruleset), own)
        self.assertEqual(s.RULESET_QUALITY_NAMES, groups)

    def test_rulesets_formation_words(self):
        groups = ruleset_formation_words()
        # 4 Page Bolivar's guns: "Limbered artillery can move, and
        # optionally deploy at the end" (seed 003).
        self.assertEqual(groups.get("bolivar"),
                         {"artillery": {"line": "deployed",
                                        "column": "limbered"}})
        for ruleset, arms in groups.items():
            for arm, words in arms.items():
                for core, own in words.items():
                    number = pb().Formation.Value("FORMATION_" + core.upper())
                    self.assertEqual(s.unit("u", "red", 0, 0, arm=arm,
                                            formation=own,
                                            ruleset=ruleset).formation,
                                     number, "%s: %s" % (ruleset, own))
        self.assertEqual(s.RULESET_FORMATION_WORDS, groups)

    def test_every_alias_is_one_the_daemon_reads(self):
        core = {n: v for n, v in c_names("quality_names")}
        own = {name: "QUALITY_" + c.upper()
               for names in ruleset_qualities().values()
               for c, name in names.items()}
        for alias, name in s.ALIASES["Quality"].items():
            self.assertEqual(core.get(alias, own.get(alias)),
                             "QUALITY_" + name.upper(), alias)
        formations = dict(c_names("formation_names"))
        for alias, name in s.ALIASES["Formation"].items():
            self.assertEqual(formations[alias], "FORMATION_" + name.upper())


def key_files(folder, name):
    """A key pair as `solod --make-keys FOLDER/NAME` writes it: the
    secret in NAME, the public key in NAME.pub, each after a comment.
    Returns (public, secret, path of the secret file)."""
    public, secret = (k.decode() for k in zmq.curve_keypair())
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write("# solod CURVE secret key: keep it private\n%s\n" % secret)
    with open(path + ".pub", "w") as f:
        f.write("# solod CURVE public key\n%s\n" % public)
    return public, secret, path


@unittest.skipUnless(zmq.has("curve"), "this libzmq has no CURVE")
class CurveTest(unittest.TestCase):
    """CURVE: the daemon's public key and this client's secret key file,
    read as the solo command reads them, against a stand-in serving with
    CURVE and an allow-list."""

    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.dir, True)
        self.server_public, self.server_secret, self.server_file = \
            key_files(self.dir, "server")
        self.alice_public, _, self.alice = key_files(self.dir, "alice")
        self.eve_public, _, self.eve = key_files(self.dir, "eve")
        self.daemon = FakeDaemon(lambda req: [decision_reply(req)],
                                 curve_secret=self.server_secret,
                                 allowed={self.alice_public})
        self.addCleanup(self.daemon.close)

    def client(self, **kw):
        c = solo_client.Client(self.daemon.endpoint, **kw)
        self.addCleanup(c.close)
        return c

    def test_allowed_key_from_files_and_from_text(self):
        for server_key in (self.server_file + ".pub", self.server_public):
            c = self.client(server_key=server_key,
                            client_key_file=self.alice)
            self.assertTrue(c.curve)
            self.assertEqual(c.public_key, self.alice_public)
            self.assertEqual(c.lookup("infantry", rf=1, roll=2).roll, 2)

    def test_keys_from_the_environment(self):
        env = {"SOLO_SERVER_KEY": self.server_public,
               "SOLO_CLIENT_KEY_FILE": self.alice}
        with unittest.mock.patch.dict(os.environ, env):
            c = self.client()
        self.assertTrue(c.curve)
        self.assertEqual(c.lookup("cavalry", rf=3, roll=6).roll, 6)

    def test_key_not_on_the_list_gets_no_answer(self):
        c = self.client(server_key=self.server_public,
                        client_key_file=self.eve, timeout_ms=300)
        with self.assertRaisesRegex(solo_client.NoAnswer,
                                    "within 300 ms.*public key \\(%s\\) on "
                                    "its allow-list" % re.escape(
                                        self.eve_public)):
            c.hello()
        # The refusal is the handshake's, which a busy machine may finish
        # after the client gave up: wait for it.
        for _ in range(1000):
            if self.eve_public in self.daemon.refused:
                break
            time.sleep(0.01)
        self.assertIn(self.eve_public, self.daemon.refused)
        self.assertEqual(self.daemon.requests, [])

    def test_refused_before_the_request_is_sent(self):
        # The daemon refuses the key while the client has yet to send (a
        # busy machine): ZeroMQ has dropped the connection, and a send
        # with no connection waits for ever.  NoAnswer all the same.
        c = self.client(server_key=self.server_public,
                        client_key_file=self.eve, timeout_ms=300)
        for _ in range(1000):
            if self.eve_public in self.daemon.refused:
                break
            time.sleep(0.01)
        self.assertIn(self.eve_public, self.daemon.refused)
        time.sleep(0.2)         # the refusal has reached the client
        caught = []

        def ask():
            try:
                c.hello()
            except Exception as e:
                caught.append(e)
        asking = threading.Thread(target=ask, daemon=True)
        asking.start()
        asking.join(30)
        self.assertFalse(asking.is_alive(), "hello() still waiting to send")
        self.assertEqual(len(caught), 1)
        self.assertIsInstance(caught[0], solo_client.NoAnswer)
        self.assertIn("within 300 ms", str(caught[0]))
        self.assertIn("allow-list", str(caught[0]))

    def test_in_the_clear_gets_no_answer(self):
        c = self.client(timeout_ms=300)
        self.assertFalse(c.curve)
        with self.assertRaisesRegex(solo_client.NoAnswer, "running\\?$"):
            c.hello()
        self.assertEqual(self.daemon.requests, [])

    def test_wrong_server_key_gets_no_answer(self):
        other, _, _ = key_files(self.dir, "other")
        c = self.client(server_key=other, client_key_file=self.alice,
                        timeout_ms=300)
        with self.assertRaises(solo_client.NoAnswer):
            c.hello()

    def test_bad_keys_are_refused_at_once(self):
        pub = self.server_file + ".pub"
        with self.assertRaisesRegex(solo_client.CurveKeyError,
                                    "needs both the server key and the "
                                    "client key file"):
            solo_client.Client(self.daemon.endpoint, server_key=pub)
        with self.assertRaisesRegex(solo_client.CurveKeyError, "needs both"):
            solo_client.Client(self.daemon.endpoint,
                               client_key_file=self.alice)
        missing = os.path.join(self.dir, "nothing.pub")
        with self.assertRaisesRegex(ValueError, '"%s" is neither a Z85 key '
                                    r'\(40 characters\) nor a key file: No '
                                    "such file" % re.escape(missing)):
            solo_client.Client(self.daemon.endpoint, server_key=missing,
                               client_key_file=self.alice)
        short = os.path.join(self.dir, "short")
        with open(short, "w") as f:
            f.write("\n  # a comment\n\n  tooshort  \n%s\n"
                    % self.alice_public)
        with self.assertRaisesRegex(solo_client.CurveKeyError,
                                    "%s:4 - not a Z85 key" % re.escape(short)):
            solo_client.Client(self.daemon.endpoint, server_key=pub,
                               client_key_file=short)
        empty = os.path.join(self.dir, "empty")
        with open(empty, "w") as f:
            f.write("# nothing but a comment\n\n")
        with self.assertRaisesRegex(solo_client.CurveKeyError,
                                    "%s - no key in the file"
                                    % re.escape(empty)):
            solo_client.Client(self.daemon.endpoint, server_key=pub,
                               client_key_file=empty)

    def test_read_key(self):
        # Blanks around the key and comment lines before it are fine.
        path = os.path.join(self.dir, "spaced.pub")
        with open(path, "w") as f:
            f.write("# a comment\n\n\t %s \r\n" % self.alice_public)
        self.assertEqual(solo_client.read_key(path), self.alice_public)
        self.assertEqual(solo_client.read_key(self.alice_public),
                         self.alice_public)
        # 40 characters, but one outside Z85: a path, and no such file.
        with self.assertRaises(solo_client.CurveKeyError):
            solo_client.read_key("~" * 40)


class SituationTest(unittest.TestCase):

    def test_rulesets_learnt_from_hello(self):
        # A player's house rules the client has no table for: their
        # grades and the guns' words come with Hello.
        reply = pb().HelloReply()
        info = reply.rulesets.add(name="my_house", base_ruleset="bolivar")
        info.grades.extend(["rabble", "regular", "old_guard"])
        info.grade_values.extend([pb().QUALITY_RAW, pb().QUALITY_REGULAR,
                                  pb().QUALITY_HERO])
        info.formation_words.add(arm=pb().ARM_ARTILLERY,
                                 formation=pb().FORMATION_COLUMN,
                                 word="Hitched")
        reply.rulesets.add(name="plain")
        self.addCleanup(s.RULESET_QUALITY_NAMES.pop, "my_house", None)
        self.addCleanup(s.RULESET_FORMATION_WORDS.pop, "my_house", None)
        self.assertEqual(s.learn_rulesets(reply), ["my_house", "plain"])
        self.assertEqual(s.RULESET_QUALITY_NAMES["my_house"],
                         {"raw": "rabble", "hero": "old_guard"})
        self.assertNotIn("plain", s.RULESET_QUALITY_NAMES)
        u = s.unit("u", "red", 0, 0, arm="artillery", quality="old_guard",
                   formation="hitched", ruleset="my_house")
        self.assertEqual(u.quality, pb().QUALITY_HERO)
        self.assertEqual(u.formation, pb().FORMATION_COLUMN)
        self.assertEqual(s.quality_name(pb().QUALITY_RAW, "my_house"),
                         "rabble")

    def test_quality_names_of_the_rulesets(self):
        # Empire of Liberty: poor, green, average, veteran, elite;
        # skirmish19: veteran or good for regular, poor for raw, hero.
        for name, value in [("poor", "RAW"), ("green", "GREEN"),
                            ("average", "AVERAGE"), ("veteran", "REGULAR"),
                            ("elite", "HERO"), ("good", "REGULAR"),
                            ("hero", "HERO"), ("raw", "RAW"),
                            ("Elite", "HERO"), ("QUALITY_ELITE", "HERO")]:
            self.assertEqual(s.unit("u", "red", 0, 0, quality=name).quality,
                             pb().Quality.Value("QUALITY_" + value), name)
        self.assertEqual(s.quality_name(pb().QUALITY_HERO,
                                        "empire_of_liberty"), "elite")
        self.assertEqual(s.quality_name(pb().QUALITY_HERO, "skirmish19"),
                         "hero")
        self.assertEqual(s.quality_name(pb().QUALITY_RAW), "raw")
        with self.assertRaisesRegex(ValueError, r"unit u: quality: unknown "
                                    r"Quality 'crack' \(one of: regular, "
                                    r"hero, raw, average, green, elite "
                                    r"\(hero\), good \(regular\), poor "
                                    r"\(raw\), veteran \(regular\)\)"):
            s.unit("u", "red", 0, 0, quality="crack")

    def test_formation_names(self):
        self.assertEqual(s.unit("u", "red", 0, 0,
                                formation="skirmish").formation,
                         pb().FORMATION_LOOSE)
        self.assertEqual(s.unit("u", "red", 0, 0, formation="circle").formation,
                         pb().FORMATION_SQUARE)

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

    def eol_units(self):
        return [s.unit("howard", "blue", 90, 95, quality="veteran",
                       troop_type="regular_infantry"),
                s.unit("morgan", "blue", 91, 100, arm="command",
                       quality="elite", troop_type="leader"),
                s.unit("pickens", "blue", 91, 76, quality="poor",
                       formation="skirmish")]

    def test_table_shows_troop_type_quality_formation(self):
        sit = s.situation(183, 122, units=self.eol_units(),
                          ruleset="empire_of_liberty")
        units = s.table(sit)["units"]
        self.assertEqual([(u["troop_type"], u["quality"], u["formation"])
                          for u in units],
                         [("regular_infantry", "veteran", "line"),
                          ("leader", "elite", "line"),
                          ("", "poor", "loose")])
        sit.ruleset = "skirmish19"
        self.assertEqual([u["quality"] for u in s.table(sit)["units"]],
                         ["regular", "hero", "raw"])

    def test_describe_orders(self):
        orders = pb().SideOrders(side=pb().SIDE_BLUE, side_name="Americans",
                                 turn=2, phase="movement", game_id="g-1",
                                 seed=7, commanded=2,
                                 ruleset="empire_of_liberty",
                                 tables_hash="e78e318334a8ffff")
        orders.command_roll.append("initiative: Americans 5")
        # The daemon's words name the new formation already, or not.
        orders.orders.add(unit_id="howard", layer="commander",
                          text="hold, forming square", why="cavalry near",
                          has_formation=True,
                          formation=pb().FORMATION_SQUARE)
        orders.orders.add(unit_id="pickens", layer="commander",
                          text="move to (80.0, 70.0)", has_formation=True,
                          formation=pb().FORMATION_LOOSE)
        orders.orders.add(unit_id="morgan", layer="table", text="charge x",
                          charge=True, formation=pb().FORMATION_COLUMN)
        orders.search.strategy = "search"
        orders.search.playouts = 50
        text = solo_client.describe_orders(orders, self.eol_units())
        lines = text.splitlines()
        self.assertEqual(lines[0], "blue (Americans), turn 2, movement, "
                         "game g-1 - seed 7")
        self.assertEqual(lines[1], "Command: initiative: Americans 5")
        self.assertEqual(lines[2].split(), ["howard", "[commander]", "hold,",
                                            "forming", "square"])
        self.assertEqual(lines[3].strip(), "regular_infantry, veteran, line")
        self.assertEqual(lines[4].strip(), "cavalry near")
        self.assertEqual(lines[5].split()[-2:], ["forming", "loose"])
        self.assertEqual(lines[6].strip(), "infantry, poor, loose")
        # No formation change: none shown, though the field holds one.
        self.assertNotIn("forming", lines[7])
        self.assertTrue(lines[7].endswith("charge x - CHARGE"))
        self.assertEqual(lines[8].strip(), "leader, elite, line")
        self.assertIn("Search (search): 50 playouts", text)
        self.assertEqual(lines[-1], "Decided by: 2 commander, 1 table "
                         "(empire_of_liberty, tables e78e318334a8)")
        # Without the units, the orders alone.
        bare = solo_client.describe_orders(orders).splitlines()
        self.assertEqual(len(bare), len(lines) - 3)
        self.assertNotIn("veteran", "\n".join(bare))

    def test_describe_game(self):
        state = pb().GameState(game_id="eol-1", scenario="eol_cowpens",
                               title="Cowpens", ruleset="empire_of_liberty",
                               tables_hash="e78e318334a8ffff", turn=1,
                               turns=12, blue_name="Americans",
                               red_name="British")
        state.units.extend(self.eol_units())
        state.removed.append("pickens")
        lines = solo_client.describe_game(state).splitlines()
        self.assertEqual(lines[0], "Game eol-1: eol_cowpens - Cowpens "
                         "(empire_of_liberty, tables e78e318334a8)")
        self.assertIn("howard         blue regular_infantry, veteran, line; "
                      "12 figures", lines[2])
        self.assertIn("leader, elite, line", lines[3])
        self.assertTrue(lines[4].endswith("out of play"))

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
        self.assertNotIn("Shoots at", text)
        # why it shoots at nothing, from the geometry's reason
        d.geometry.nearest_enemy_id = "b"
        d.geometry.no_shot = "out_of_range"
        d.geometry.no_shot_unit_id = "b"
        self.assertIn("Shoots at nothing: out of range, b",
                      solo_client.describe(d))
        d.geometry.shoot_target_id = "b"
        self.assertIn("Shoots at: b", solo_client.describe(d))
        # the formation it takes first, before its move
        self.assertNotIn("Forms:", solo_client.describe(d))
        d.geometry.formation = "column"
        d.geometry.has_destination = True
        lines = solo_client.describe(d).splitlines()
        forms = lines.index("Forms: column, before it moves")
        self.assertTrue(lines[forms + 1].startswith("Move: to"), lines)
        # the enemy it charges, which need not be the nearest
        self.assertNotIn("Charges:", solo_client.describe(d))
        d.geometry.charge_target_id = "c"
        self.assertIn("Charges: c", solo_client.describe(d))


if __name__ == "__main__":
    unittest.main()
