#!/usr/bin/env bash
# The Python client end to end: its offline tests, then its tests and its
# examples against the real solod on a free loopback port.  The Python
# code of solo.proto is generated here, by protoc, into a temporary
# folder.
#
#   bash tests/cli_python.sh <solod> <solo>
set -euo pipefail
solod=$1
src=${SOLO_SOURCE_DIR:-$(cd "$(dirname "$0")/.." && pwd)}
py=/usr/bin/python3

fail() { echo "cli_python: FAIL: $*" >&2; exit 1; }

# Tests install nothing (scripts/deps-web.sh does, before scripts/test.sh
# runs them): without the modules or protoc the test is skipped, exit 77.
if ! { [ -x "$py" ] && "$py" -c 'import zmq, google.protobuf' 2>/dev/null; }; then
  echo "cli_python: SKIPPED: Debian's python3-zmq and python3-protobuf are needed (scripts/deps-web.sh installs them)" >&2
  exit 77
fi
if ! command -v protoc >/dev/null 2>&1; then
  echo "cli_python: SKIPPED: protoc is needed to compile solo.proto for Python (Debian's protobuf-compiler; scripts/deps-web.sh)" >&2
  exit 77
fi

tmp=$(mktemp -d)
solod_pid=""
cleanup() {
  if [ -n "$solod_pid" ]; then kill "$solod_pid" 2>/dev/null || true; wait "$solod_pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

# The generated code goes to a fresh folder: the test proves protoc runs.
export SOLO_CACHE_DIR=$tmp/pb
unset SOLO_PB2_DIR

# solod on a free port; a port taken between choosing it and binding it
# (another test's client may take it) is chosen again.  Up when the
# Python client's Hello is answered: 60 s at most, a busy machine is slow.
up=no
for attempt in 1 2 3 4 5; do
  port=$("$py" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  export SOLO_ENDPOINT="tcp://127.0.0.1:$port"
  "$solod" --bind "$SOLO_ENDPOINT" --config "$src/daemon/solod.conf" \
      --state-db "$tmp/solod.db" >"$tmp/solod.log" 2>&1 &
  solod_pid=$!
  for _ in $(seq 300); do
    if "$py" -c 'import sys; sys.path.insert(0, sys.argv[1]); import solo_client
c = solo_client.Client(timeout_ms=200); c.hello(); c.close()' "$src/clients/python" 2>/dev/null; then
      up=yes
      break
    fi
    kill -0 "$solod_pid" 2>/dev/null || break
    sleep 0.1
  done
  [ "$up" = yes ] && break
  kill -KILL "$solod_pid" 2>/dev/null || true
  wait "$solod_pid" 2>/dev/null || true
  solod_pid=""
  grep -qF "cannot bind" "$tmp/solod.log" || break
done
[ "$up" = yes ] || { cat "$tmp/solod.log" >&2; fail "solod did not start (attempt $attempt)"; }
[ -f "$tmp/pb/"*/solo_pb2.py ] || fail "solo_pb2.py was not generated into $tmp/pb"

cd "$src/clients/python"
SOLO_LIVE=1 "$py" -m unittest discover -s tests -v 2>"$tmp/unittest.log" ||
  { cat "$tmp/unittest.log" >&2; fail "unit tests failed"; }
cat "$tmp/unittest.log" >&2
# Skips are only allowed where a file of another part is absent.
if grep -E "skipped '(set SOLO_LIVE|needs a daemon)" "$tmp/unittest.log" >/dev/null; then
  fail "tests against the daemon were skipped"
fi
echo "cli_python: all passed"
