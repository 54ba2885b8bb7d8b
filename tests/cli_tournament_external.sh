#!/bin/bash
# cli_tournament_external.sh - external strategies: the example Python
# strategy (clients/strategies/example_strategy.py) plays a whole
# tournament against the built-in ones, started by each worker; one that
# crashes, answers late, gives an illegal order or an error loses those
# games, and the report counts and names each forfeit; a game it played is
# replayed from the database without it; a strategy already running at an
# endpoint plays too, and when it is gone its games are timeouts; a worker
# of another version is sent away.
#
# The Python code of the messages is generated here with protoc, in a
# temporary folder.
#
#   bash tests/cli_tournament_external.sh <solod> <solo>
set -u

. "$(dirname "$0")/lib.sh"
lib_init cli_tournament_external
STRATEGY="$SOURCE_DIR/clients/strategies/example_strategy.py"
FARM="$SOURCE_DIR/rules/scenarios/farm.cfg"
CAVALRY="$SOURCE_DIR/rules/scenarios/cavalry.cfg"

mkdir -p "$work/pb"
if ! protoc --python_out="$work/pb" -I "$SOURCE_DIR/proto" \
        "$SOURCE_DIR/proto/solo.proto" "$SOURCE_DIR/proto/strategy.proto" \
        "$SOURCE_DIR/proto/tournament.proto"; then
    echo "cli_tournament_external: protoc failed" >&2
    exit 1
fi
export SOLO_PB2_DIR="$work/pb"

# ---- a whole tournament with the Python strategy ---------------------------

run whole "$TOUR" run --db "$work/whole.db" --scenario "$FARM" \
    --scenario "$CAVALRY" --strategy table=table --strategy random=random \
    --external "python=$PY $STRATEGY" --games 8 --concurrency 2 \
    --quiet --report "$work/whole"
expect_rc whole 0
expect_in whole out "Games: 24 stored, 24 counted, 24 planned"
check "whole: the Python strategy played every game, no forfeit" "
import json, sqlite3
r = json.load(open('$work/whole/results.json'))
py = [x for x in r['ratings'] if x['name'] == 'python'][0]
assert py['games'] == 16, py
assert py['forfeits'] == {'crashes': 0, 'timeouts': 0, 'illegal': 0}, py
db = sqlite3.connect('$work/whole.db')
rows = db.execute(\"select forfeit, decisions, log from games where blue = 2 or red = 2\").fetchall()
assert len(rows) == 16
assert all(f == '' for f, d, l in rows), [f for f, d, l in rows]
assert all(d.count('\n') > 0 for f, d, l in rows)     # its orders recorded
assert all('[strategy python] python: ' in l for f, d, l in rows)
"
# a game it played, replayed from the database alone: no Python needed
game=$("$PY" -c "import sqlite3; print(sqlite3.connect('$work/whole.db').execute('select min(id) from games where blue = 2 or red = 2').fetchone()[0])")
run replay env SOLO_PB2_DIR=/nonexistent "$TOUR" replay --db "$work/whole.db" \
    "$game" --quiet
expect_rc replay 0
expect_in replay err "replays line for line as its stored log"

# ---- strategies that misbehave lose --------------------------------------

# misbehave KIND FORFEIT COUNT WORDS: the strategy misbehaves from its
# third request on (a new process after each crash or timeout starts
# counting again): the games where it does end there, lost by its side,
# counted under COUNT and explained by WORDS.
misbehave () {
    local kind=$1 forfeit=$2 count=$3 words=$4
    run "$kind" "$TOUR" run --db "$work/$kind.db" --scenario "$FARM" \
        --strategy table=table \
        --external "bad=$PY $STRATEGY --misbehave $kind --after 2" \
        --games 4 --concurrency 1 --move-timeout 0.5 --report "$work/$kind"
    expect_rc "$kind" 0
    expect_in "$kind" err "bad forfeits ($forfeit): "
    expect_in "$kind" err "$words"
    check "$kind: forfeits counted as $forfeit" "
import json, sqlite3
r = json.load(open('$work/$kind/results.json'))
bad = [x for x in r['ratings'] if x['name'] == 'bad'][0]
n = bad['forfeits']['$count']
assert n >= 1 and sum(bad['forfeits'].values()) == n, bad
p = r['pairings'][0]
assert sum(p['forfeits_second'].values()) == n, p
assert sum(p['forfeits_first'].values()) == 0, p
db = sqlite3.connect('$work/$kind.db')
rows = db.execute('select winner, blue, forfeit_side, forfeit, forfeit_detail, reason from games where forfeit != \\'\\'').fetchall()
assert len(rows) == n, rows
for winner, blue, side, forfeit, detail, reason in rows:
    assert side == 1 - winner and forfeit == '$forfeit', (winner, side, forfeit)
    assert ['table', 'bad'][blue] == ('bad' if side == 0 else 'table'), (blue, side)
    assert '$words' in detail and 'forfeits ($forfeit)' in reason, (detail, reason)
"
}
misbehave crash crash crashes "the strategy process exited with status 3"
misbehave late timeout timeouts "no answer within 500 ms"
misbehave illegal illegal illegal "the rules refuse"
misbehave error illegal illegal "it answered with an error: this strategy gives up"
# a forfeited game replays, ending where it ended
game=$("$PY" -c "import sqlite3; print(sqlite3.connect('$work/illegal.db').execute('select min(id) from games where forfeit != \"\"').fetchone()[0])")
run replay_forfeit "$TOUR" replay --db "$work/illegal.db" "$game"
expect_rc replay_forfeit 0
expect_in replay_forfeit out "forfeits (illegal)"
expect_in replay_forfeit err "forfeit: unit"

# a command that does not run at all is a crash too
run nothing "$TOUR" run --db "$work/nothing.db" --scenario "$FARM" \
    --strategy table=table --external "ghost=/nonexistent/strategy" \
    --games 2 --quiet
expect_rc nothing 0
expect_in nothing out "c2 t0 i0"

# ---- a strategy already running at an endpoint ----------------------------

port=$(free_port)
"$PY" "$STRATEGY" --bind "tcp://127.0.0.1:$port" >"$work/server.out" \
    2>"$work/server.err" &
server_pid=$!
lib_bg "$server_pid"
run remote "$TOUR" run --db "$work/remote.db" --scenario "$FARM" \
    --strategy random=random --remote "served=tcp://127.0.0.1:$port" \
    --games 4 --concurrency 2 --move-timeout 20 --quiet
expect_rc remote 0
expect_in remote out "Games: 4 stored, 4 counted"
expect_in remote out "c0 t0 i0      c0 t0 i0"
kill -TERM "$server_pid" 2>/dev/null
wait "$server_pid" 2>/dev/null
# gone: every game it should play is a timeout
run gone "$TOUR" run --db "$work/gone.db" --scenario "$FARM" \
    --strategy random=random --remote "served=tcp://127.0.0.1:$port" \
    --games 4 --concurrency 2 --move-timeout 0.3 --quiet
expect_rc gone 0
expect_in gone out "c0 t4 i0"

# ---- a worker of another version is sent away ------------------------------

port=$(free_port)
cat >"$work/old_worker.py" <<END
import sys, zmq
sys.path.insert(0, "$work/pb")
import tournament_pb2 as t
ctx = zmq.Context()
s = ctx.socket(zmq.DEALER)
s.setsockopt(zmq.LINGER, 0)
s.connect("tcp://127.0.0.1:$port")
m = t.WorkerMessage()
m.hello.protocol_version = 1
m.hello.name = "old"
m.hello.version = "0.0.1"
s.send(m.SerializeToString())
if not s.poll(20000):
    sys.exit("no answer")
r = t.CoordinatorMessage()
r.ParseFromString(s.recv())
print(r.WhichOneof("body"), r.stop.reason)
END
"$TOUR" run --db "$work/versions.db" --scenario "$FARM" --strategy a=table \
    --strategy b=random --games 20 --concurrency 0 \
    --bind "tcp://127.0.0.1:$port" >"$work/versions.out" \
    2>"$work/versions.err" &
coord_pid=$!
lib_bg "$coord_pid"
"$PY" "$work/old_worker.py" >"$work/old.out" 2>"$work/old.err"
old_rc=$?
checks=$((checks + 1))
[ "$old_rc" = 0 ] || { fail "the old worker got no answer"; cat "$work/old.err" >&2; }
# a worker of this version plays the tournament
"$TOUR" worker --connect "tcp://127.0.0.1:$port" >"$work/new.out" \
    2>"$work/new.err"
rc=$?
expect_rc new 0
wait "$coord_pid"
rc=$?
expect_rc versions 0
expect_in versions out "Games: 20 stored"
expect_in versions err "old sent away: this worker is version 0.0.1"
expect_in old out "stop this worker is version 0.0.1"

lib_finish
