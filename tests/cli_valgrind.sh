#!/bin/bash
# cli_valgrind.sh - the daemon under valgrind memcheck: the protocol tests
# (a server in the test process, spoken to over loopback), the security
# tests (CURVE and the ZAP handler), and the real solod binary serving the
# solo client, keeping a game, and stopping on SIGTERM during a long
# search.  Every one must end with no memory error and zero leaks
# (definite, indirect or possible).
#
#   bash tests/cli_valgrind.sh <solod> <solo>
#
# Skipped (exit 77, ctest's SKIP_RETURN_CODE, saying SKIPPED) without
# valgrind (scripts/deps.sh installs it) or in a sanitizer build, where
# valgrind cannot run; .ci/run makes sure it is not skipped.
set -u

SOLOD=$(realpath "$1")
SOLO=$(realpath "$2")
SOURCE_DIR=${SOLO_SOURCE_DIR:-$(cd "$(dirname "$0")/.." && pwd)}
BINARY_DIR=${SOLO_BINARY_DIR:-$(dirname "$(dirname "$SOLOD")")}

if ! command -v valgrind >/dev/null 2>&1; then
    echo "SKIPPED: valgrind is not installed (scripts/deps.sh installs it)"
    exit 77
fi
if grep -qE '^SOLO_(SANITIZE|TSAN|FUZZ):BOOL=(ON|1|TRUE)' \
        "$BINARY_DIR/CMakeCache.txt" 2>/dev/null; then
    echo "SKIPPED: $BINARY_DIR is a sanitizer build; valgrind runs on the plain one"
    exit 77
fi

work=$(mktemp -d /tmp/cli_valgrind.XXXXXX)
pid=
failures=0
cleanup () {
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        kill -KILL "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
    fi
    rm -rf "$work"
}
trap cleanup EXIT

fail () {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# --fair-sched=yes: valgrind runs one thread at a time, and by default a
# thread busy with a search can keep the others (the broker answering a
# small question beside it, ZeroMQ's I/O thread) waiting for seconds;
# the fair scheduler takes them in turn, as the kernel would.
memcheck=(valgrind --tool=memcheck --fair-sched=yes --leak-check=full
          --show-leak-kinds=definite,indirect,possible
          --errors-for-leak-kinds=definite,indirect,possible
          --error-exitcode=99 --num-callers=30 --track-origins=yes)

# check NAME PROGRAM ARGS...: run a program under memcheck; its log in
# $work/NAME.vg, its own output in $work/NAME.out.
check () {
    local name=$1
    shift
    echo "== $name under memcheck"
    "${memcheck[@]}" --log-file="$work/$name.vg" "$@" >"$work/$name.out" 2>&1
    local rc=$?
    report "$name" "$rc"
}

# report NAME RC: fail unless RC is 0 and the log shows no error.
report () {
    local name=$1 rc=$2
    if [ "$rc" != 0 ] || ! grep -q "ERROR SUMMARY: 0 errors" "$work/$name.vg"; then
        fail "$name: exit $rc under memcheck"
        tail -n 40 "$work/$name.out" | sed 's/^/    out: /' >&2
        sed 's/^/    vg: /' "$work/$name.vg" >&2
    else
        grep -E "ERROR SUMMARY|definitely lost|indirectly lost|possibly lost|All heap blocks" \
            "$work/$name.vg" | sed 's/^==[0-9]*== /    /'
    fi
}

check test_protocol "$BINARY_DIR/tests/test_protocol"
check test_security "$BINARY_DIR/tests/test_security"

# The real daemon: up, answering, keeping a game, stopped by SIGTERM in
# the middle of a long search, all freed.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
endpoint="tcp://127.0.0.1:$port"
cat >"$work/solod.conf" <<EOF
solod = {
  data_dir = "$SOURCE_DIR/rules/data";
  state_db = ":memory:";
  workers = 2;
  seed = 3;
};
EOF
echo "== solod under memcheck"
"${memcheck[@]}" --log-file="$work/solod.vg" "$SOLOD" --config "$work/solod.conf" \
    --bind "$endpoint" >"$work/solod.out" 2>&1 &
pid=$!
for _ in $(seq 1 300); do
    grep -qF "serving on" "$work/solod.out" && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
done
if ! grep -qF "serving on" "$work/solod.out"; then
    fail "solod did not come up under memcheck"
    sed 's/^/    solod: /' "$work/solod.out" >&2
else
    "$SOLO" --endpoint "$endpoint" --timeout 60000 hello >"$work/hello.out" 2>&1 \
        || fail "solo hello: $(cat "$work/hello.out")"
    "$SOLO" --endpoint "$endpoint" --timeout 60000 ask --arm cavalry --rf 3 --roll 6 \
        >"$work/ask.out" 2>&1 || fail "solo ask: $(cat "$work/ask.out")"
    "$SOLO" --endpoint "$endpoint" --timeout 60000 ask \
        --situation "$SOURCE_DIR/clients/examples/farm.cfg" --unit red-line \
        >"$work/situation.out" 2>&1 || fail "solo ask --situation: $(cat "$work/situation.out")"
    printf 'garbage\r\n\r\n' | timeout 5 python3 -c '
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
s.sendall(sys.stdin.buffer.read())
s.close()' "$port" || true
    "$SOLO" --endpoint "$endpoint" --timeout 60000 hello >"$work/hello2.out" 2>&1 \
        || fail "solo hello after garbage: $(cat "$work/hello2.out")"
    # a game and an update, then SIGTERM during a long search
    "$SOLO" --endpoint "$endpoint" --timeout 60000 game open --scenario farm \
        >"$work/open.out" 2>&1 || fail "solo game open: $(cat "$work/open.out")"
    "$SOLO" --endpoint "$endpoint" --timeout 60000 game update --game farm-1 \
        --unit red-left --facing 170 --wounded 1 >"$work/update.out" 2>&1 \
        || fail "solo game update: $(cat "$work/update.out")"
    "$SOLO" --endpoint "$endpoint" --timeout 120000 side --scenario farm \
        --side red --budget-ms 60000 >"$work/side.out" 2>&1 &
    side_pid=$!
    sleep 3
fi
kill -TERM "$pid" 2>/dev/null
if [ -n "${side_pid:-}" ]; then
    wait "$side_pid" || fail "the search was not answered at the stop: $(cat "$work/side.out")"
fi
wait "$pid"
rc=$?
pid=
report solod "$rc"

if [ "$failures" != 0 ]; then
    echo "$failures failures"
    exit 1
fi
echo "all clean under memcheck"
