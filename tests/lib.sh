# lib.sh - the helpers the end-to-end shell tests (tests/cli_*.sh) share:
# a work folder, checks that count, Python checks, solod started on a free
# loopback port, background processes stopped on exit, and the closing
# summary.  Not a test itself (ctest runs cli_*.sh only).
#
# Sourced at the top of a test, which keeps its own arguments:
#
#   #!/bin/bash
#   set -u
#   . "$(dirname "$0")/lib.sh"
#   lib_init cli_example
#   run hello "$SOLO" hello
#   expect_rc hello 0
#   lib_finish
#
# What it sets for the test, and keeps up to date:
#   SOLOD, SOLO     the programs ctest passes ($1 and $2), absolute
#   SOURCE_DIR      the source tree (SOLO_SOURCE_DIR, else the folder above)
#   BINARY_DIR      the build tree (SOLO_BINARY_DIR, else above $SOLOD)
#   TOUR            the build's solo-tournament
#   PY              the Python 3 the checks run with
#   work            the test's own folder, removed on exit
#   checks failures the counters lib_finish reports
#   rc              the exit code of the last `run`
#   ENDPOINT, SOLOD_PORT, SOLOD_PID   the daemon start_solod started

SOLOD=${1:+$(realpath "$1")}
SOLO=${2:+$(realpath "$2")}
SOURCE_DIR=${SOLO_SOURCE_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
if [ -n "${SOLO_BINARY_DIR:-}" ]; then
    BINARY_DIR=$SOLO_BINARY_DIR
elif [ -n "$SOLOD" ]; then
    BINARY_DIR=$(cd "$(dirname "$SOLOD")/.." && pwd)
else
    BINARY_DIR=$SOURCE_DIR/build
fi
TOUR=$BINARY_DIR/tournament/solo-tournament
if [ -x /usr/bin/python3 ]; then PY=/usr/bin/python3; else PY=python3; fi
ENDPOINT=""
SOLOD_PORT=""
SOLOD_PID=""
LIB_NAME=""
LIB_BG=()
work=""
checks=0
failures=0
rc=0

# lib_init NAME: make $work, zero the counters, clean up on any exit.
lib_init () {
    LIB_NAME=$1
    work=$(mktemp -d "/tmp/$1.XXXXXX") || { echo "$1: no work folder" >&2; exit 1; }
    checks=0
    failures=0
    trap lib_cleanup EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
}

# lib_alive PID: PID is a child of this shell still running.
lib_alive () {
    [ -n "$1" ] && jobs -p | grep -qx -- "$1" && kill -0 "$1" 2>/dev/null
}

# lib_cleanup: stop the daemon (SIGTERM, then SIGKILL after 5 s) and every
# process lib_bg registered (SIGKILL), then remove $work.
lib_cleanup () {
    if lib_alive "$SOLOD_PID"; then
        kill -TERM "$SOLOD_PID" 2>/dev/null
        for _ in $(seq 1 50); do
            kill -0 "$SOLOD_PID" 2>/dev/null || break
            sleep 0.1
        done
        kill -KILL "$SOLOD_PID" 2>/dev/null
        wait "$SOLOD_PID" 2>/dev/null
    fi
    local pid
    for pid in "${LIB_BG[@]}"; do
        if lib_alive "$pid"; then
            kill -KILL "$pid" 2>/dev/null
            wait "$pid" 2>/dev/null
        fi
    done
    cd / && [ -n "$work" ] && rm -rf "$work"
}

# lib_bg PID: a background process to kill on exit if it is still running.
lib_bg () {
    LIB_BG+=("$1")
}

# fail MESSAGE: report a failure (a counted check calls it when it fails).
fail () {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# run NAME CMD...: run CMD, its output in $work/NAME.out and .err, its exit code in $rc.
run () {
    local name=$1
    shift
    "$@" >"$work/$name.out" 2>"$work/$name.err"
    rc=$?
}

# expect_rc NAME CODE: check that the last run exited with CODE.
expect_rc () {
    checks=$((checks + 1))
    if [ "$rc" != "$2" ]; then
        fail "$1: exit code $rc, expected $2"
        tail -n 40 "$work/$1.err" 2>/dev/null | sed 's/^/    stderr: /' >&2
    fi
}

# expect_in NAME STREAM TEXT: check that TEXT (a fixed string) is in $work/NAME.STREAM.
expect_in () {
    checks=$((checks + 1))
    if ! grep -qF -- "$3" "$work/$1.$2"; then
        fail "$1: \"$3\" not in its std$2"
        tail -n 40 "$work/$1.$2" 2>/dev/null | sed "s/^/    std$2: /" >&2
    fi
}

# expect_not_in NAME STREAM TEXT: check that TEXT is not in $work/NAME.STREAM.
expect_not_in () {
    checks=$((checks + 1))
    if grep -qF -- "$3" "$work/$1.$2"; then
        fail "$1: \"$3\" should not be in its std$2"
    fi
}

# expect_json NAME PYTHON: check that NAME.out is one JSON object on one newline-ended line and PYTHON (asserts about `d`) holds.
expect_json () {
    checks=$((checks + 1))
    if ! "$PY" - "$work/$1.out" "$2" <<'PY' >"$work/$1.py" 2>&1
import json, sys
raw = open(sys.argv[1], "rb").read()
assert raw.endswith(b"\n"), "not newline-terminated"
assert raw.count(b"\n") == 1, "more than one line"
d = json.loads(raw.decode("utf-8", errors="strict"))
assert isinstance(d, dict), "not an object"
exec(sys.argv[2])
PY
    then
        fail "$1: JSON check failed"
        sed 's/^/    /' "$work/$1.py" >&2
        head -c 2000 "$work/$1.out" | sed 's/^/    stdout: /' >&2
    fi
}

# json_field FILE KEY: print KEY of the JSON object in FILE.
json_field () {
    "$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$1" "$2"
}

# check NAME PYTHON: a check written in Python; it fails by raising.
check () {
    checks=$((checks + 1))
    if ! "$PY" -c "$2" >"$work/check.out" 2>&1; then
        fail "$1"
        sed 's/^/    /' "$work/check.out" >&2
    fi
}

# check_sh CONDITION MESSAGE: a check written in shell (eval'd, $? still the caller's); fails with MESSAGE; returns its result.
check_sh () {
    local status=$?
    checks=$((checks + 1))
    if ! { (exit "$status"); eval "$1"; }; then
        fail "$2"
        return 1
    fi
    return 0
}

# stored_games DB: the number of games a tournament database holds (0 if none yet).
stored_games () {
    "$PY" -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from games').fetchone()[0])" "$1" 2>/dev/null || echo 0
}

# wait_for_text FILE TEXT SECONDS: poll FILE every 50 ms until it holds TEXT
# (a fixed string; a missing FILE holds nothing yet); 1 if it does not
# within SECONDS.
wait_for_text () {
    local deadline=$((SECONDS + $3))
    while :; do
        grep -qF -- "$2" "$1" 2>/dev/null && return 0
        [ "$SECONDS" -lt "$deadline" ] || return 1
        sleep 0.05
    done
}

# wait_exit PID SECONDS: wait for the background process PID (a child of
# this shell) to exit, SECONDS at most; its exit code in $rc, and 0
# returned.  Still running after SECONDS: returns 1 with rc=124 and leaves
# it running (lib_cleanup kills what lib_bg registered).
wait_exit () {
    local deadline=$((SECONDS + $2))
    while kill -0 "$1" 2>/dev/null; do
        if [ "$SECONDS" -ge "$deadline" ]; then
            rc=124
            return 1
        fi
        sleep 0.05
    done
    wait "$1"
    rc=$?
    return 0
}

# paused_when CONDITION SECONDS PID...: let the PIDs run in steps of 50 ms,
# paused (SIGSTOP) while CONDITION (a shell command, eval'd) is checked,
# until it holds: they are left paused then.  So however long the check
# takes on a loaded machine, the PIDs get one step past the first moment
# it would hold (50 ms, or as long as this shell takes to wake), not the
# length of a check.  1 if it does not hold within SECONDS (the PIDs are
# left running).
paused_when () {
    local condition=$1 deadline=$((SECONDS + $2))
    shift 2
    while :; do
        kill -STOP "$@"
        eval "$condition" && return 0
        kill -CONT "$@"
        [ "$SECONDS" -lt "$deadline" ] || return 1
        sleep 0.05
    done
}

# free_port: print a TCP port free on 127.0.0.1 now (a random high one without Python).
free_port () {
    "$PY" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null \
        || echo $((20000 + RANDOM % 20000))
}

# start_solod [--log FILE] [--wait-log] [ARGS...]: one counted check.
# Starts $SOLOD in $work on a free loopback port with the example config
# (daemon/solod.conf) and its games in $work/solod.db; ARGS come last, so
# they override those (a later --config or --state-db wins).  Its output
# is added to FILE ($work/solod.log).  Waits until `$SOLO hello` answers,
# or with --wait-log until the log says "serving on" (no request sent, so
# the daemon's dice see only the test's requests).  Sets ENDPOINT,
# SOLOD_PORT, SOLOD_PID and exports SOLO_ENDPOINT; a port taken between
# choosing and binding is chosen again.  Returns 1 if solod did not come up.
start_solod () {
    local log=$work/solod.log wait_log=no
    while [ $# -gt 0 ]; do
        case $1 in
            --log) log=$2; shift 2 ;;
            --wait-log) wait_log=yes; shift ;;
            *) break ;;
        esac
    done
    checks=$((checks + 1))
    local attempt from up
    for attempt in 1 2 3 4 5; do
        SOLOD_PORT=$(free_port)
        ENDPOINT=tcp://127.0.0.1:$SOLOD_PORT
        export SOLO_ENDPOINT=$ENDPOINT
        touch "$log"
        from=$(($(stat -c %s "$log") + 1))
        (cd "$work" && exec "$SOLOD" --config "$SOURCE_DIR/daemon/solod.conf" \
            --bind "$ENDPOINT" --state-db "$work/solod.db" "$@") >>"$log" 2>&1 &
        SOLOD_PID=$!
        up=no
        for _ in $(seq 1 100); do
            if [ "$wait_log" = yes ]; then
                tail -c "+$from" "$log" | grep -qF "serving on" && { up=yes; break; }
            elif "$SOLO" --endpoint "$ENDPOINT" --timeout 200 hello >/dev/null 2>&1; then
                up=yes
                break
            fi
            kill -0 "$SOLOD_PID" 2>/dev/null || break
            sleep 0.1
        done
        [ "$up" = yes ] && return 0
        if kill -0 "$SOLOD_PID" 2>/dev/null; then
            kill -KILL "$SOLOD_PID" 2>/dev/null
        fi
        wait "$SOLOD_PID" 2>/dev/null
        SOLOD_PID=""
        tail -c "+$from" "$log" | grep -qF "cannot bind" || break
    done
    fail "solod did not come up on $ENDPOINT (attempt $attempt)"
    tail -c "+$from" "$log" | sed 's/^/    solod: /' >&2
    return 1
}

# stop_solod [SIGNAL]: one counted check: the daemon exits 0 within 10 s of SIGNAL (TERM).
stop_solod () {
    local signal=${1:-TERM} status
    checks=$((checks + 1))
    kill "-$signal" "$SOLOD_PID" 2>/dev/null
    for _ in $(seq 1 100); do
        kill -0 "$SOLOD_PID" 2>/dev/null || break
        sleep 0.1
    done
    if kill -0 "$SOLOD_PID" 2>/dev/null; then
        fail "solod still running 10 s after SIG$signal"
        return 1
    fi
    wait "$SOLOD_PID"
    status=$?
    SOLOD_PID=""
    if [ "$status" != 0 ]; then
        fail "solod exited $status after SIG$signal"
        return 1
    fi
    return 0
}

# lib_finish: print "N passed, N failed" and exit non-zero if any check failed.
lib_finish () {
    local passed=$((checks - failures))
    [ "$passed" -ge 0 ] || passed=0
    echo "$passed passed, $failures failed"
    [ "$failures" -eq 0 ] || exit 1
    exit 0
}
