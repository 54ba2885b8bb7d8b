"""A connection to solod: one DEALER socket, one request at a time.

Every question is a Request envelope with an id this client chooses and
one body; the daemon answers with a Reply carrying the same id.  A reply
whose id is not the one awaited (a late answer to a request that timed
out) is dropped.  An Error reply raises RemoteError.

Adding a message of the protocol is one method: build its body and call
request("body_name", body); the reply body comes back.
"""

from __future__ import annotations

import os
import random
import time
from typing import Any, Iterable, List, Mapping, Optional, Union

import zmq
from google.protobuf.message import Message

from .keys import curve_keys, apply_keys
from .situation import learn_rulesets
from .proto import pb

DEFAULT_ENDPOINT = "tcp://127.0.0.1:7460"
DEFAULT_TIMEOUT_MS = 10000
PROTOCOL_VERSION = 1


class SoloError(Exception):
    """Base of every error this module raises about the daemon."""


class NoAnswer(SoloError):
    """The daemon did not answer within the timeout."""


class RemoteError(SoloError):
    """The daemon answered with an Error reply.

    code is the code's name ("UNKNOWN_UNIT"), field the offending field
    ("ask_unit.unit_id", may be empty), message the daemon's words.
    """

    def __init__(self, code: str, message: str, field: str = "") -> None:
        self.code = code
        self.message = message
        self.field = field
        where = " (%s)" % field if field else ""
        super().__init__("error %s%s: %s" % (code, where, message))


class Client:
    """A client of solod.

    endpoint: ZeroMQ endpoint of the daemon (default: SOLO_ENDPOINT, else
    tcp://127.0.0.1:7460).  timeout_ms: how long to wait for each answer.
    Use as a context manager, or call close().  Like its ZeroMQ socket, a
    Client belongs to one thread: give each thread its own.

    A daemon serving with CURVE (its `curve` settings) answers only
    clients whose public key is on its allow-list: give server_key, the
    daemon's public key (its 40 characters of Z85, or the .pub file
    `solod --make-keys` wrote), and client_key_file, this client's secret
    key file (`solod --make-keys FILE` makes FILE and FILE.pub; FILE.pub
    goes on the daemon's list).  Their defaults are SOLO_SERVER_KEY and
    SOLO_CLIENT_KEY_FILE, as for the `solo` command.  Neither: the
    client speaks in the clear.  One without the other, or a key that
    cannot be read, raises CurveKeyError (a ValueError) at once.  A
    daemon that refuses the key does not answer: NoAnswer, after the
    timeout.
    """

    def __init__(self, endpoint: Optional[str] = None,
                 timeout_ms: int = DEFAULT_TIMEOUT_MS,
                 client_name: str = "solo_client.py",
                 context: Optional[zmq.Context] = None,
                 server_key: Optional[str] = None,
                 client_key_file: Optional[str] = None) -> None:
        self.endpoint = endpoint or os.environ.get("SOLO_ENDPOINT") \
            or DEFAULT_ENDPOINT
        self.timeout_ms = timeout_ms
        self.client_name = client_name
        self._socket = None
        self._context = None
        self._own_context = False
        keys = curve_keys(server_key, client_key_file)
        self.curve = keys is not None
        self.public_key = keys[1] if keys else None
        self._own_context = context is None
        self._context = context or zmq.Context()
        self._socket = self._context.socket(zmq.DEALER)
        self._socket.setsockopt(zmq.LINGER, 0)
        apply_keys(self._socket, keys)
        self._socket.connect(self.endpoint)
        self._next_id = random.getrandbits(48) + 1

    def close(self) -> None:
        """Close the socket (and the context this client made).  Safe twice."""
        if self._socket is not None:
            self._socket.close(0)
            self._socket = None
        if self._own_context and self._context is not None:
            self._context.term()
        self._context = None

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # ---- the envelope ---------------------------------------------------

    def request(self, body_name: str, body: Message) -> Message:
        """Send one Request with `body` in its oneof field `body_name`.

        Returns the reply's body message (HelloReply, UnitDecision, ...).
        Raises RemoteError for an Error reply, NoAnswer on timeout.
        """
        reply = self.exchange(body_name, body)
        kind = reply.WhichOneof("body")
        if kind == "error":
            err = reply.error
            raise RemoteError(pb().Error.Code.Name(err.code), err.message,
                              err.field)
        if kind is None:
            raise SoloError("reply %d has no body" % reply.id)
        return getattr(reply, kind)

    def exchange(self, body_name: str, body: Message) -> Message:
        """Send one Request and return the whole Reply envelope."""
        if self._socket is None:
            raise SoloError("client is closed")
        request = pb().Request()
        request.id = self._next_id
        self._next_id += 1
        if body_name not in request.DESCRIPTOR.fields_by_name:
            raise ValueError("the protocol has no request body %r" % body_name)
        getattr(request, body_name).CopyFrom(body)
        deadline = _now_ms() + self.timeout_ms
        # A DEALER with no connection waits for one before it sends, and
        # a daemon that refused this client's key has dropped the
        # connection for good: so wait to send within the time too.
        if not self._socket.poll(self.timeout_ms, zmq.POLLOUT):
            raise self._no_answer()
        try:
            self._socket.send(request.SerializeToString(), zmq.NOBLOCK)
        except zmq.Again:
            raise self._no_answer() from None
        return self._await(request.id, deadline)

    def _no_answer(self):
        return NoAnswer("no answer from %s within %d ms: is solod running?%s"
                        % (self.endpoint, self.timeout_ms,
                           "  Is this client's public key (%s) on its "
                           "allow-list, and the server key right?"
                           % self.public_key if self.curve else ""))

    def _await(self, request_id, deadline):
        poller = zmq.Poller()
        poller.register(self._socket, zmq.POLLIN)
        while True:
            left = deadline - _now_ms()
            if left <= 0 or not poller.poll(left):
                raise self._no_answer()
            frames = self._socket.recv_multipart()
            # A REQ-style empty delimiter may precede the body.
            while len(frames) > 1 and frames[0] == b"":
                frames = frames[1:]
            reply = pb().Reply()
            try:
                reply.ParseFromString(frames[-1])
            except Exception:
                continue
            if reply.id == request_id:
                return reply

    # ---- the messages ---------------------------------------------------

    def hello(self) -> Message:
        """Server version, rulesets with their table hashes, limits.  The
        rulesets' own grade names and formation words are learnt from it
        (situation.learn_rulesets), a player's house rules among them."""
        body = pb().Hello(protocol_version=PROTOCOL_VERSION,
                          client_name=self.client_name)
        reply = self.request("hello", body)
        learn_rulesets(reply)
        return reply

    def ask_unit(self, unit_id: str, situation: Optional[Message] = None,
                 situation_text: Optional[str] = None,
                 roll: Optional[int] = None, seed: Optional[int] = None,
                 game_id: Optional[str] = None) -> Message:
        """What does unit `unit_id` do?  Returns a UnitDecision.

        Give the situation as a Situation message (see
        solo_client.situation), as the text of a situation file, or name
        an open game (game_id: the unit as the game stands).
        roll: the player's own D6 (1..6), None to let the daemon roll (or,
        in a game, to use the die reported for the unit this turn).
        seed: this question's own dice seed (None: the daemon's).
        """
        given = [x is not None for x in (situation, situation_text, game_id)]
        if sum(given) != 1:
            raise ValueError("give exactly one of situation, situation_text, "
                             "game_id")
        body = pb().AskUnit(unit_id=unit_id)
        _set_roll(body, roll)
        if situation is not None:
            body.situation.CopyFrom(situation)
        elif situation_text is not None:
            body.situation_text = situation_text
        else:
            body.game_id = game_id
        _set_seed(body, seed)
        return self.request("ask_unit", body)

    # ---- games ------------------------------------------------------------

    def open_game(self, scenario: Optional[str] = None,
                  situation: Optional[Message] = None,
                  situation_text: Optional[str] = None,
                  turns: int = 0) -> Message:
        """Open a game the daemon keeps: from an installed scenario by name
        ("farm"), a Situation message, or the text of a situation or
        scenario file (turns: a situation's turn limit, 0 for 12).
        Returns a GameState; its game_id names the game from now on, its
        situation is the whole table."""
        given = [x is not None for x in (scenario, situation, situation_text)]
        if sum(given) != 1:
            raise ValueError("give exactly one of scenario, situation, "
                             "situation_text")
        body = pb().OpenGame(turns=turns)
        if scenario is not None:
            body.scenario = scenario
        elif situation is not None:
            body.situation.CopyFrom(situation)
        else:
            body.situation_text = situation_text
        return self.request("open_game", body)

    def report_update(self, game_id: str,
                      units: Iterable[Union[Mapping[str, Any], Message]] = (),
                      next_turn: bool = False) -> Message:
        """Report what happened on the table.  units: dicts (or UnitUpdate
        messages) such as {"unit_id": "red-1", "centre": (60, 40),
        "facing": 90, "wounded": 2, "killed": 1, "set": ["loaded"],
        "clear": ["fired"], "removed": False, "roll": 4, "stands": [3, 1]}
        (a unit of stands: each stand's strength now); only the keys
        given change.  next_turn: a new turn begins first.  All or none is
        applied.  Returns an UpdateAccepted with the update's sequence
        number."""
        body = pb().ReportUpdate(game_id=game_id, next_turn=next_turn)
        for u in units:
            body.units.append(_unit_update(u))
        return self.request("report_update", body)

    def show_game(self, game_id: str) -> Message:
        """The game as it stands: a GameState.  Its `situation` is the
        whole table (size, terrain with its cover, units), so no scenario
        file is needed to draw it; situation.table() makes it plain
        data."""
        return self.request("show_game", pb().ShowGame(game_id=game_id))

    def game_table(self, game_id: str) -> Message:
        """The table of a game as it stands: a Situation (ruleset,
        table_width, table_depth, terrain, units), the same as
        show_game(game_id).situation."""
        return self.show_game(game_id).situation

    def list_games(self) -> List[Message]:
        """The open games: a list of GameSummary."""
        return list(self.request("list_games", pb().ListGames()).games)

    def close_game(self, game_id: str) -> Message:
        """Close a game; returns a GameClosed."""
        return self.request("close_game", pb().CloseGame(game_id=game_id))

    # ---- battles and the commander ----------------------------------------

    def play_battle(self, scenario: Optional[str], blue: str, red: str,
                    seed: Optional[int] = None, with_log: bool = True,
                    scenario_text: Optional[str] = None) -> Message:
        """Play an installed scenario (or a scenario file's text) to its
        end between two strategies, each "name" or "name:key=value,...".
        Returns a BattleResult (winner, turns, reason, sides, and the
        replay log with with_log).  The same seed plays the same battle."""
        blue_name, _, blue_params = blue.partition(":")
        red_name, _, red_params = red.partition(":")
        body = pb().PlayBattle(blue=blue_name, blue_params=blue_params,
                               red=red_name, red_params=red_params,
                               with_log=with_log)
        if scenario_text is not None:
            body.scenario_text = scenario_text
        else:
            body.scenario = scenario
        _set_seed(body, seed)
        return self.request("play_battle", body)

    def ask_side(self, side: Union[str, int], game_id: Optional[str] = None,
                 scenario: Optional[str] = None,
                 situation: Optional[Message] = None,
                 situation_text: Optional[str] = None,
                 strategy: str = "search", budget_ms: float = 0,
                 playouts: int = 0, aggression: Optional[float] = None,
                 caution: Optional[float] = None, personality: str = "",
                 difficulty: str = "", seed: Optional[int] = None) -> Message:
        """What does this army ("blue" or "red") do this turn?  Name an
        open game, a scenario, or give a situation.  Returns SideOrders:
        every unit's order with the layer that decided it ("commander" or
        "table") and why, the command roll and the search's figures.
        strategy: search, greedy or table; budget_ms / playouts: the
        search's budget (playouts alone: the same answer anywhere)."""
        from .situation import enum_value
        given = [x is not None for x in (game_id, scenario, situation,
                                         situation_text)]
        if sum(given) != 1:
            raise ValueError("give exactly one of game_id, scenario, "
                             "situation, situation_text")
        body = pb().AskSide(side=enum_value("Side", "SIDE_", side, "side"),
                            strategy=strategy, budget_ms=budget_ms,
                            playouts=playouts, personality=personality,
                            difficulty=difficulty)
        if game_id is not None:
            body.game_id = game_id
        elif scenario is not None:
            body.scenario = scenario
        elif situation is not None:
            body.situation.CopyFrom(situation)
        else:
            body.situation_text = situation_text
        if aggression is not None:
            body.has_aggression = True
            body.aggression = aggression
        if caution is not None:
            body.has_caution = True
            body.caution = caution
        _set_seed(body, seed)
        return self.request("ask_side", body)

    def lookup(self, arm: Union[str, int], rf: Optional[int] = None,
               factors: Optional[Mapping[str, int]] = None,
               roll: Optional[int] = None, fortified: bool = False,
               falling_back: bool = False, ruleset: str = "",
               seed: Optional[int] = None) -> Message:
        """A plain table look-up: the arm ("infantry", "cavalry") and a
        ready Risk Factor, or factors {name: value} summed by the daemon.
        roll: the player's D6, None for the daemon's.  Returns a
        UnitDecision."""
        from .situation import enum_value
        direct = pb().DirectLookup(
            arm=enum_value("Arm", "ARM_", arm, "arm"),
            fortified=fortified, falling_back=falling_back, ruleset=ruleset)
        if rf is not None:
            direct.rf = rf
        for name, value in (factors or {}).items():
            direct.factors.add(name=name, value=value)
        body = pb().AskUnit(direct=direct)
        _set_roll(body, roll)
        _set_seed(body, seed)
        return self.request("ask_unit", body)


def _unit_update(u):
    """A UnitUpdate from a dict of the changes of one unit."""
    if not isinstance(u, dict):
        return u
    known = {"unit_id", "centre", "facing", "wounded", "killed", "set",
             "clear", "removed", "roll", "stands"}
    unknown = set(u) - known
    if unknown:
        raise ValueError("unknown unit update keys: %s (known: %s)"
                         % (", ".join(sorted(unknown)),
                            ", ".join(sorted(known))))
    m = pb().UnitUpdate(unit_id=u["unit_id"], removed=u.get("removed", False))
    if "centre" in u:
        m.has_centre = True
        m.centre.x, m.centre.y = u["centre"]
    for key in ("facing", "wounded", "killed", "roll"):
        if key in u:
            setattr(m, "has_" + key, True)
            setattr(m, key, u[key])
    for strength in u.get("stands", ()):
        m.stands.add(strength=strength)
    for key in ("set", "clear"):
        for flag in u.get(key, ()):
            if flag not in pb().UnitStatus.DESCRIPTOR.fields_by_name:
                raise ValueError("unknown status flag %r" % flag)
            setattr(getattr(m, key), flag, True)
    return m


def _set_roll(body, roll):
    if roll is not None:
        body.roll = roll
        body.has_roll = True


def _set_seed(body, seed):
    if seed is not None:
        body.has_seed = True
        body.seed = seed


def _now_ms():
    return int(time.monotonic() * 1000)
