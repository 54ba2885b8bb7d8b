#!/usr/bin/env bash
# The web table end to end: the real solod, the relay, and the page in
# headless Chromium driven by playwright-core.  The page builds a
# situation with the mouse and the editor, asks the daemon through the
# relay what units do (AskUnit) and what a side does (AskSide), plays a
# battle (PlayBattle) and steps through its replay; check_web.py asks the
# daemon the same questions through the Python client and compares them
# with what the page drew and showed.  Then a game played in the page and
# its layout on a tablet and a phone (e2e_game.mjs, check_game.py).
#
#   bash tests/cli_web.sh <solod> <solo>
#
# Tests install nothing: without what it needs (scripts/deps-web.sh
# installs it, and scripts/test.sh runs that first) it is skipped, exit 77,
# naming what is missing.
set -euo pipefail
solod=$1
src=${SOLO_SOURCE_DIR:-$(cd "$(dirname "$0")/.." && pwd)}
py=/usr/bin/python3
web=$src/clients/web
chromium=${CHROMIUM:-/usr/bin/chromium}

fail() { echo "cli_web: FAIL: $*" >&2; exit 1; }

missing() {
  local m=()
  [ -x "$py" ] && "$py" -c 'import zmq, google.protobuf' 2>/dev/null || m+=("python3-zmq/python3-protobuf")
  command -v protoc >/dev/null 2>&1 || m+=("protoc")
  command -v node >/dev/null 2>&1 || m+=("node")
  [ -x "$chromium" ] || m+=("chromium ($chromium)")
  [ -f "$web/node_modules/playwright-core/package.json" ] || m+=("playwright-core")
  [ -f "$web/node_modules/protobufjs/dist/protobuf.min.js" ] || m+=("protobufjs")
  echo "${m[*]}"
}
if [ -n "$(missing)" ]; then
  echo "cli_web: SKIPPED: missing $(missing) (scripts/deps-web.sh installs Debian's chromium, protobuf-compiler, python3-zmq, python3-protobuf, and the npm packages of clients/web)" >&2
  exit 77
fi

tmp=$(mktemp -d)
solod_pid=""
relay_pid=""
cleanup() {
  if [ -n "$relay_pid" ]; then kill "$relay_pid" 2>/dev/null || true; wait "$relay_pid" 2>/dev/null || true; fi
  if [ -n "$solod_pid" ]; then kill "$solod_pid" 2>/dev/null || true; wait "$solod_pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

# solod on a free port; a port taken between choosing it and binding it
# (another test's client may take it) is chosen again.  Up when the
# Python client's Hello is answered: 60 s at most, a busy machine is slow.
export SOLO_CACHE_DIR=$tmp/pb
up=no
for attempt in 1 2 3 4 5; do
  port=$("$py" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  endpoint="tcp://127.0.0.1:$port"
  export SOLO_ENDPOINT=$endpoint
  "$solod" --bind "$endpoint" --config "$src/daemon/solod.conf" --state-db "$tmp/solod.db" >"$tmp/solod.log" 2>&1 &
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

"$py" "$web/relay.py" --listen 127.0.0.1:0 --port-file "$tmp/relay.port" \
  --endpoint "$endpoint" --timeout 10000 >"$tmp/relay.log" 2>&1 &
relay_pid=$!
for _ in $(seq 600); do
  [ -s "$tmp/relay.port" ] && break
  kill -0 "$relay_pid" 2>/dev/null || { cat "$tmp/relay.log" >&2; fail "the relay did not start"; }
  sleep 0.1
done
[ -s "$tmp/relay.port" ] || fail "the relay did not start within 60 s"
url="http://127.0.0.1:$(cat "$tmp/relay.port")/"

# The relay alone: what it serves and refuses, bytes through unchanged.
"$py" "$web/tests/check_relay.py" "$url" || fail "the relay misbehaves (see above)"

out=$tmp/out
mkdir -p "$out"
(cd "$web" && node tests/e2e.mjs --url "$url" --out "$out" --chromium "$chromium") ||
  { [ -f "$out/failure.png" ] && cp "$out/failure.png" "${SOLO_BINARY_DIR:-/tmp}/cli_web-failure.png" 2>/dev/null; fail "the page test failed (see above)"; }
"$py" "$web/tests/check_web.py" "$out/results.json" || fail "the page drew something other than the daemon's answer"

# A game played in the page (open, orders carried out and undone, reports,
# next turn, a reload, measuring, sight, dice) and the layout on a tablet
# and a phone; check_game.py asks the daemon the same through Python.
(cd "$web" && node tests/e2e_game.mjs --url "$url" --out "$out" --chromium "$chromium") ||
  fail "the game in the page failed (see above)"
"$py" "$web/tests/check_game.py" "$out/game.json" || fail "the page's game differs from the daemon's"
if [ -n "${SOLO_BINARY_DIR:-}" ]; then
  for shot in table side battle game layout-tablet layout-phone; do cp "$out/$shot.png" "$SOLO_BINARY_DIR/cli_web-$shot.png" 2>/dev/null || true; done
fi
echo "cli_web: all passed"
