#!/usr/bin/env bash
# Run every benchmark in one go: builds a Release tree in build-bench/,
# starts a solod of its own on a loopback port, and prints each table.
# Usage: bash bench/run.sh [seconds-per-point]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build-bench"
secs=${1:-3}
"$root/scripts/deps.sh"
BUILD_DIR="$build" "$root/scripts/build.sh" -DCMAKE_BUILD_TYPE=Release -DSOLO_TESTS=OFF
port=$((20000 + RANDOM % 20000))
endpoint="tcp://127.0.0.1:$port"
"$build/daemon/solod" --config "$root/daemon/solod.conf" --bind "$endpoint" \
    --log-level warning 2>"$build/bench-solod.log" &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null || true' EXIT
for _ in $(seq 50); do "$build/clients/solo" --endpoint "$endpoint" --timeout 200 hello >/dev/null 2>&1 && break; sleep 0.1; done

echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(uname -sr)"
echo "== transport: bare ZeroMQ + protobuf-c echo against solod (AskUnit)"
"$build/bench/bench_transport" --endpoint "$endpoint" --echo-endpoint "tcp://127.0.0.1:$((port + 1))" --seconds "$secs"
for b in "$build"/bench/bench_*; do
  name=$(basename "$b")
  [ "$name" = bench_transport ] && continue
  echo "== $name"
  "$b" --endpoint "$endpoint"
done
