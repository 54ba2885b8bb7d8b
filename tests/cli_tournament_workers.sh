#!/bin/bash
# cli_tournament_workers.sh - a tournament played by worker processes on
# loopback (solo-tournament worker --connect), each found silent by the
# coordinator while it plays alone, so that the tournament cannot end
# first: w2 killed, then w1 paused (SIGSTOP) until the tournament is over;
# w3 plays the rest.  No game is lost (the silent ones' games go to
# another worker), every game is stored once, the final table is the one
# a run with local workers gives, and w1, woken after the end, finds the
# Stop it was sent and exits.  Then the coordinator itself is killed and
# resumed: the workers carry on with the new one, to the same table.  A
# worker that joins after the last game, within the coordinator's
# --end-wait, is told the tournament is over.  Last, a worker with
# --give-up and no coordinator stops by itself.
#
# Every wait is for something the test can see (games stored, a line of
# the coordinator, a process gone), with a deadline, never a fixed sleep.
#
#   bash tests/cli_tournament_workers.sh <solod> <solo>
set -u

. "$(dirname "$0")/lib.sh"
lib_init cli_tournament_workers
# How long a tournament may take to finish before the test calls it hung:
# a deadline, not a measure of speed (600 games take 80 s under
# ThreadSanitizer on a quiet 2-core machine, four times that on a busy
# one).
finish_s=600
FARM="$SOURCE_DIR/rules/scenarios/farm.cfg"
CAVALRY="$SOURCE_DIR/rules/scenarios/cavalry.cfg"

# worker_games DB NAME...: the number of games each worker NAME has stored
# in DB, on one line (0s if DB cannot be read yet).
worker_games () {
    "$PY" - "$@" <<'PY' 2>/dev/null || { shift; echo "${@/*/0}"; }
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
print(*(db.execute("select count(*) from games where worker = ?",
                   (name,)).fetchone()[0] for name in sys.argv[2:]))
PY
}

# start_workers N...: a worker wN for each N on $endpoint, its pid in $workerN,
# with the options in the array worker_args (none unless set).
worker_args=()
start_workers () {
    local w
    for w in "$@"; do
        "$TOUR" worker --connect "$endpoint" --name "w$w" "${worker_args[@]}" \
            >"$work/w$w.out" 2>"$work/w$w.err" &
        lib_bg $!
        eval "worker$w=$!"
    done
}

port=$(free_port)
endpoint="tcp://127.0.0.1:$port"
# 600 games in all, 200 a pairing: each kill comes after 50 of them, the
# players paused, and the test stays short under TSan
GAMES=600
args=(--scenario "$FARM" --scenario "$CAVALRY" --strategy a=table
      --strategy b=random --strategy c=table --games $((GAMES / 3))
      --seed 11 --name workers)

# the reference: local workers
"$TOUR" run --db "$work/local.db" "${args[@]}" --concurrency 2 --quiet \
    --report "$work/local" >"$work/local.out" 2>"$work/local.err"
rc=$?
checks=$((checks + 1))
[ "$rc" = 0 ] || { fail "local run: exit code $rc"; cat "$work/local.err" >&2; }

# the coordinator alone on loopback, w2 its only worker
"$TOUR" run --db "$work/remote.db" "${args[@]}" --concurrency 0 \
    --bind "$endpoint" --worker-timeout 1 --report "$work/remote" \
    >"$work/coord.out" 2>"$work/coord.err" &
coord=$!
lib_bg "$coord"
start_workers 2
# w2 killed once the tournament is under way: no one else plays, so the
# games it held wait for the coordinator to find it silent
# shellcheck disable=SC2016,SC2154
paused_when '[ "$(stored_games "$work/remote.db")" -ge 50 ]' 60 "$worker2"
{ kill -KILL "$worker2"; wait "$worker2"; } 2>/dev/null
stored_at_kill=$(stored_games "$work/remote.db")
checks=$((checks + 1))
if [ "$stored_at_kill" -ge "$GAMES" ]; then
    fail "the worker was killed after the last game ($stored_at_kill stored)"
fi
checks=$((checks + 1))
wait_for_text "$work/coord.err" "w2 silent for" 30 \
    || { fail "the coordinator did not notice w2 was gone"; tail -5 "$work/coord.err" >&2; }
# w1 joins alone, is paused once it has stored a game, and is found
# silent too: a worker that is only slow, not dead
start_workers 1
# shellcheck disable=SC2016,SC2154
paused_when '[ "$(worker_games "$work/remote.db" w1)" -gt 0 ]' 60 "$worker1"
checks=$((checks + 1))
wait_for_text "$work/coord.err" "w1 silent for" 30 \
    || { fail "the coordinator did not notice w1 was silent"; tail -5 "$work/coord.err" >&2; }
# w3 plays the rest, w2's and w1's unfinished games too; it has --give-up,
# which a coordinator that answers never sets off (its exit code is 0)
worker_args=(--give-up 5)
start_workers 3
worker_args=()
checks=$((checks + 1))
if ! wait_exit "$coord" "$finish_s"; then
    fail "the coordinator still running $finish_s s after w2 died"
    tail -5 "$work/coord.err" >&2
elif [ "$rc" != 0 ]; then
    fail "coordinator: exit code $rc"
    tail -5 "$work/coord.err" >&2
fi
# both workers were told to stop: w1 reads it as it wakes
kill -CONT "$worker1"
for w in 1 3; do
    eval "pid=\$worker$w"
    checks=$((checks + 1))
    if ! wait_exit "$pid" 30; then
        fail "worker w$w still running 30 s after the tournament"
    else
        checks=$((checks + 1))
        [ "$rc" = 0 ] || fail "worker w$w: exit code $rc"
    fi
done
check "no game lost, none twice, the same table" "
import json, sqlite3
db = sqlite3.connect('$work/remote.db')
ids = [r[0] for r in db.execute('select id from games order by id')]
assert ids == list(range(1, $GAMES + 1)), (len(ids), ids[:5], ids[-5:])
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
# the coordinator killed once the tournament is under way, both workers
# paused meanwhile; they wake to find it gone
# shellcheck disable=SC2016,SC2154
paused_when '[ "$(stored_games "$work/again.db")" -ge 50 ]' 60 \
    "$worker4" "$worker5"
kill -KILL "$coord"
wait "$coord" 2>/dev/null
kill -CONT "$worker4" "$worker5"
cut=$(stored_games "$work/again.db")
checks=$((checks + 1))
[ "$cut" -lt "$GAMES" ] || fail "the coordinator was killed after the last game"
read -r cut4 cut5 <<<"$(worker_games "$work/again.db" w4 w5)"
"$TOUR" run --db "$work/again.db" --concurrency 0 --bind "$endpoint" \
    --worker-timeout 2 --report "$work/again" \
    >"$work/again2.out" 2>"$work/again2.err" &
coord=$!
lib_bg "$coord"
# both workers carry on: the first to store a game for the new coordinator
# is paused until the other has too, so the tournament cannot end before
# the new coordinator has heard them both (one it never heard would never
# be told to stop)
n4=0
checks=$((checks + 1))
# shellcheck disable=SC2016
if ! paused_when 'read -r n4 n5 <<<"$(worker_games "$work/again.db" w4 w5)"
                  [ "$n4" -gt "$cut4" ] || [ "$n5" -gt "$cut5" ]' 60 \
        "$worker4" "$worker5"; then
    fail "neither worker played for the resumed coordinator"
else
    if [ "$n4" -gt "$cut4" ]; then
        first=$worker4 second=$worker5 name=w5 cut_second=$cut5
    else
        first=$worker5 second=$worker4 name=w4 cut_second=$cut4
    fi
    kill -CONT "$second"
    deadline=$((SECONDS + 60))
    until [ "$(worker_games "$work/again.db" "$name")" -gt "$cut_second" ] \
            || [ "$SECONDS" -ge "$deadline" ]; do
        sleep 0.01
    done
    kill -CONT "$first"
    [ "$(worker_games "$work/again.db" "$name")" -gt "$cut_second" ] \
        || fail "$name did not play for the resumed coordinator"
fi
checks=$((checks + 1))
if ! wait_exit "$coord" "$finish_s"; then
    fail "the resumed coordinator still running after $finish_s s"
    tail -5 "$work/again2.err" >&2
elif [ "$rc" != 0 ]; then
    fail "resumed coordinator: exit code $rc"
    tail -5 "$work/again2.err" >&2
fi
checks=$((checks + 1))
grep -qF "resuming: $cut games already stored" "$work/again2.err" \
    || fail "the resumed coordinator did not find the $cut games stored"
for w in 4 5; do
    eval "pid=\$worker$w"
    checks=$((checks + 1))
    if ! wait_exit "$pid" 30; then
        fail "worker w$w still running 30 s after the tournament"
    else
        checks=$((checks + 1))
        [ "$rc" = 0 ] || fail "worker w$w: exit code $rc"
    fi
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

# ---- a worker that joins after the last game is told it is over ------------
# The coordinator's --end-wait is longer than the test can take, so the
# latecomer speaks inside it whatever the machine's load; once it has been
# told, the coordinator is interrupted (SIGINT ends the wait, not the
# tournament: exit code 0 and the whole report).

port=$(free_port)
endpoint="tcp://127.0.0.1:$port"
"$TOUR" run --db "$work/late.db" --scenario "$FARM" --strategy a=table \
    --strategy b=random --games 4 --seed 5 --name late --concurrency 0 \
    --bind "$endpoint" --end-wait 3600 >"$work/late.out" 2>"$work/late.err" &
coord=$!
lib_bg "$coord"
start_workers 6
checks=$((checks + 1))
if ! wait_exit "$worker6" 60; then
    fail "w6 still running 60 s after it started a 4-game tournament"
else
    checks=$((checks + 1))
    [ "$rc" = 0 ] || fail "w6: exit code $rc"
fi
checks=$((checks + 1))
[ "$(stored_games "$work/late.db")" = 4 ] \
    || fail "the 4 games were not stored before the latecomer came"
start_workers 7
checks=$((checks + 1))
if ! wait_exit "$worker7" 60; then
    fail "a worker joining after the last game was not told it is over"
    tail -5 "$work/late.err" >&2
else
    checks=$((checks + 1))
    [ "$rc" = 0 ] || fail "w7 (late): exit code $rc"
fi
checks=$((checks + 1))
grep -qF "joined after the last game: told the tournament is over" \
    "$work/late.err" || fail "the coordinator did not say it told the latecomer"
# still there: its wait is --end-wait's hour, not the default's two seconds
checks=$((checks + 1))
kill -0 "$coord" 2>/dev/null \
    || fail "the coordinator left before its --end-wait was over"
kill -INT "$coord"
checks=$((checks + 1))
if ! wait_exit "$coord" 60; then
    fail "the coordinator still waiting 60 s after SIGINT in its end wait"
elif [ "$rc" != 0 ]; then
    fail "the coordinator interrupted in its end wait: exit code $rc"
fi
checks=$((checks + 1))
grep -qF "Games: 4 stored, 4 counted, 4 planned" "$work/late.out" \
    || fail "no whole report after the end wait was interrupted"
checks=$((checks + 1))
[ "$(worker_games "$work/late.db" w7)" = 0 ] \
    || fail "the latecomer played a game of a finished tournament"
run bad_end_wait "$TOUR" run --db "$work/bad.db" --scenario "$FARM" \
    --strategy a=table --strategy b=random --end-wait -1
expect_rc bad_end_wait 1
expect_in bad_end_wait err "end_wait (-1) must be in [0, 3600] seconds"

# --give-up: a worker idle with no coordinator on its endpoint stops,
# exit code 1, naming the endpoint and the wait; a wait that is not a
# number of seconds is a usage error (2).  A deadline, not a timing.
nobody="tcp://127.0.0.1:$(free_port)"
"$TOUR" worker --connect "$nobody" --give-up 1 >"$work/alone.out" \
    2>"$work/alone.err" &
alone=$!
lib_bg "$alone"
checks=$((checks + 1))
if ! wait_exit "$alone" 60; then
    fail "a worker with --give-up 1 and no coordinator still running after 60 s"
else
    expect_rc alone 1
    expect_in alone err "no word from the coordinator at \"$nobody\" for 1 s: gave up"
fi
run bad_give_up "$TOUR" worker --connect "$nobody" --give-up soon
expect_rc bad_give_up 2
expect_in bad_give_up err '--give-up: "soon" is not a number of seconds'
run negative_give_up "$TOUR" worker --connect "$nobody" --give-up -1
expect_rc negative_give_up 2

lib_finish
