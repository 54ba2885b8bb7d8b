#!/bin/bash
# cli_tournament_workers.sh - a tournament played by three worker
# processes on loopback (solo-tournament worker --connect), one of them
# killed mid-tournament: no game is lost (its games go to another worker
# once it has been silent for the worker timeout), every game is stored
# once, and the final table is the one a run with local workers gives.
# Then the coordinator itself is killed and resumed: the workers carry
# on with the new one, to the same table.
#
#   bash tests/cli_tournament_workers.sh <solod> <solo>
set -u

. "$(dirname "$0")/lib.sh"
lib_init cli_tournament_workers
FARM="$SOURCE_DIR/rules/scenarios/farm.cfg"
CAVALRY="$SOURCE_DIR/rules/scenarios/cavalry.cfg"

# start_workers N...: a worker wN for each N on $endpoint, its pid in $workerN.
start_workers () {
    local w
    for w in "$@"; do
        "$TOUR" worker --connect "$endpoint" --name "w$w" \
            >"$work/w$w.out" 2>"$work/w$w.err" &
        lib_bg $!
        eval "worker$w=$!"
    done
}

port=$(free_port)
endpoint="tcp://127.0.0.1:$port"
args=(--scenario "$FARM" --scenario "$CAVALRY" --strategy a=table
      --strategy b=random --strategy c=table --games 600 --seed 11
      --name workers)

# the reference: local workers
"$TOUR" run --db "$work/local.db" "${args[@]}" --concurrency 2 --quiet \
    --report "$work/local" >"$work/local.out" 2>"$work/local.err"
rc=$?
checks=$((checks + 1))
[ "$rc" = 0 ] || { fail "local run: exit code $rc"; cat "$work/local.err" >&2; }

# the coordinator alone, three workers on loopback
"$TOUR" run --db "$work/remote.db" "${args[@]}" --concurrency 0 \
    --bind "$endpoint" --worker-timeout 1 --report "$work/remote" \
    >"$work/coord.out" 2>"$work/coord.err" &
coord=$!
lib_bg "$coord"
start_workers 1 2 3
# kill worker 2 once the tournament is under way
wait_stored_games "$work/remote.db" 300 1000
# shellcheck disable=SC2154
kill -KILL "$worker2"
stored_at_kill=$(stored_games "$work/remote.db")
wait "$coord"
rc=$?
checks=$((checks + 1))
[ "$rc" = 0 ] || { fail "coordinator: exit code $rc"; tail -5 "$work/coord.err" >&2; }
checks=$((checks + 1))
if [ "$stored_at_kill" -ge 1800 ]; then
    fail "the worker was killed after the last game ($stored_at_kill stored)"
fi
checks=$((checks + 1))
grep -qF "w2 silent for" "$work/coord.err" \
    || { fail "the coordinator did not notice w2 was gone"; tail -5 "$work/coord.err" >&2; }
# the surviving workers were told to stop
for w in 1 3; do
    eval "pid=\$worker$w"
    for _ in $(seq 1 300); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.01
    done
    checks=$((checks + 1))
    if kill -0 "$pid" 2>/dev/null; then
        fail "worker w$w still running after the tournament"
    else
        wait "$pid"
        wrc=$?
        checks=$((checks + 1))
        [ "$wrc" = 0 ] || fail "worker w$w: exit code $wrc"
    fi
done
check "no game lost, none twice, the same table" "
import json, sqlite3
db = sqlite3.connect('$work/remote.db')
ids = [r[0] for r in db.execute('select id from games order by id')]
assert ids == list(range(1, 1801)), (len(ids), ids[:5], ids[-5:])
workers = dict(db.execute('select worker, count(*) from games group by worker'))
assert set(workers) <= {'w1', 'w2', 'w3'}, workers
assert workers.get('w2', 0) > 0, workers    # w2 played before it died
assert workers.get('w1', 0) > 0 and workers.get('w3', 0) > 0, workers
a = json.load(open('$work/local/results.json'))
b = json.load(open('$work/remote/results.json'))
assert a == b, (a['ratings'], b['ratings'])
"

# ---- the coordinator killed and resumed: its workers carry on ---------------

port=$(free_port)
endpoint="tcp://127.0.0.1:$port"
"$TOUR" run --db "$work/again.db" "${args[@]}" --concurrency 0 \
    --bind "$endpoint" --worker-timeout 2 --quiet \
    >"$work/again1.out" 2>"$work/again1.err" &
coord=$!
lib_bg "$coord"
start_workers 4 5
wait_stored_games "$work/again.db" 300 1000
kill -KILL "$coord"
wait "$coord" 2>/dev/null
cut=$(stored_games "$work/again.db")
"$TOUR" run --db "$work/again.db" --concurrency 0 --bind "$endpoint" \
    --worker-timeout 2 --report "$work/again" \
    >"$work/again2.out" 2>"$work/again2.err"
rc=$?
checks=$((checks + 1))
[ "$rc" = 0 ] || { fail "resumed coordinator: exit code $rc"; tail -5 "$work/again2.err" >&2; }
checks=$((checks + 1))
grep -qF "resuming: $cut games already stored" "$work/again2.err" \
    || fail "the resumed coordinator did not find the $cut games stored"
for w in 4 5; do
    eval "pid=\$worker$w"
    wait "$pid"
    wrc=$?
    checks=$((checks + 1))
    [ "$wrc" = 0 ] || fail "worker w$w: exit code $wrc"
done
check "the workers carried on: the same table" "
import json, sqlite3
db = sqlite3.connect('$work/again.db')
workers = dict(db.execute('select worker, count(*) from games group by worker'))
assert set(workers) == {'w4', 'w5'}, workers
a = json.load(open('$work/local/results.json'))
b = json.load(open('$work/again/results.json'))
assert a == b, (a['ratings'], b['ratings'])
"

lib_finish
