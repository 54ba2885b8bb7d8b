#!/bin/bash
# cli_tournament_curve.sh - a coordinator's workers over CURVE: with
# --curve-secret-key-file and --curve-allow, a worker whose key is not on
# the allow-list plays nothing (the coordinator logs the refusal), one
# whose key is plays the tournament to its end; a worker needs both keys.
#
#   bash tests/cli_tournament_curve.sh <solod> <solo>
set -u

. "$(dirname "$0")/lib.sh"
lib_init cli_tournament_curve

FARM="$SOURCE_DIR/rules/scenarios/farm.cfg"
for k in coord good stranger; do
    "$SOLOD" --make-keys "$work/$k" >/dev/null 2>&1 \
        || { echo "SKIPPED: this ZeroMQ has no CURVE"; exit 77; }
done
endpoint="tcp://127.0.0.1:$(free_port)"
"$TOUR" run --db "$work/c.db" --scenario "$FARM" --strategy a=table \
    --strategy b=random --games 40 --seed 2 --concurrency 0 \
    --bind "$endpoint" --curve-secret-key-file "$work/coord" \
    --curve-allow "$work/good.pub" --quiet \
    >"$work/coord.out" 2>"$work/coord.err" &
coord=$!
lib_bg "$coord"

# a stranger's key: refused, no game
"$TOUR" worker --connect "$endpoint" --server-key "$work/coord.pub" \
    --client-key-file "$work/stranger" --name stranger \
    >"$work/stranger.out" 2>"$work/stranger.err" &
stranger=$!
lib_bg "$stranger"
checks=$((checks + 1))
wait_for_text "$work/coord.err" "refused: client key not on the allow-list" 30 \
    || fail "the coordinator did not refuse the stranger: $(cat "$work/coord.err")"
kill "$stranger" 2>/dev/null
wait "$stranger" 2>/dev/null
checks=$((checks + 1))
[ "$(stored_games "$work/c.db")" = 0 ] || fail "the stranger played"

# a worker needs both keys
run half "$TOUR" worker --connect "$endpoint" --server-key "$work/coord.pub"
expect_rc half 2
expect_in half err "CURVE needs both --server-key and --client-key-file"
# the coordinator's options need each other too
run half_coord "$TOUR" run --db "$work/h.db" --scenario "$FARM" \
    --strategy a=table --strategy b=random --games 2 --concurrency 0 \
    --bind "tcp://127.0.0.1:$(free_port)" --curve-allow "$work/good.pub"
expect_rc half_coord 1
expect_in half_coord err "--curve-allow needs --curve-secret-key-file"

# the allowed worker, the server key given as the key itself: all 40 games
run good "$TOUR" worker --connect "$endpoint" \
    --server-key "$(grep -v '^#' "$work/coord.pub" | head -n 1)" \
    --client-key-file "$work/good" --name good
expect_rc good 0
checks=$((checks + 1))
if ! wait_exit "$coord" 60; then
    fail "the coordinator did not finish"
elif [ "$rc" != 0 ]; then
    fail "coordinator: exit code $rc: $(tail -3 "$work/coord.err")"
fi
check "every game played by the allowed worker" "
import sqlite3
db = sqlite3.connect('$work/c.db')
assert dict(db.execute('select worker, count(*) from games group by worker')) == {'good': 40}
"

lib_finish
