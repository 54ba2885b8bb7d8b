#!/usr/bin/env bash
# Run every benchmark in one go: builds the default optimised tree
# (RelWithDebInfo, -O2) in build-bench/, starts a solod of its own on a
# loopback port with a fresh game store, and prints each table:
#   transport   bench_transport: solod against a bare ZeroMQ + protobuf-c
#               echo, 1, 8 and 64 clients; against an echo sharing the
#               clients' ZeroMQ context and one decoding as solod does,
#               1 and 8; then Hello, 1 and 8 clients
#   scale       bench_scale: the same question on 10 to 10,000 units
#   memory      bench_memory: the RSS of a fresh solod idle, with open
#               games, along a million questions
#   rules core  bench_battle on one core and two at once, bench_search
#               on one and two threads
#   the rest    every other bench/bench_* program, given --endpoint
# and ends with a summary of the rules core and the load average.  On a
# machine shared with other work, start it with `nice -n 5` and compare
# the load averages it prints; NICE=-5 (as root) runs the daemon and the
# benchmarks at a higher priority than the rest instead.
#
# Usage: bash bench/run.sh [SECONDS_PER_POINT]
# Environment: REPEAT (runs of each transport point, median kept; 3),
# QUESTIONS (bench_memory; 1000000), GAMES (bench_memory; 1000),
# BUILD_DIR (the build tree; build-bench, configured without tests when
# new), NICE (a niceness increment for the daemon and the benchmarks),
# SKIP_DEPS=1 (do not check the Debian packages).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build-bench}
secs=${1:-3}
repeat=${REPEAT:-3}
questions=${QUESTIONS:-1000000}
games=${GAMES:-1000}
[ "${SKIP_DEPS:-0}" = 1 ] || "$root/scripts/deps.sh"
configure=(-DCMAKE_BUILD_TYPE=RelWithDebInfo)
[ -f "$build/CMakeCache.txt" ] || configure+=(-DSOLO_TESTS=OFF)
BUILD_DIR="$build" "$root/scripts/build.sh" "${configure[@]}"

nice_cmd=()
if [ -n "${NICE:-}" ]; then nice_cmd=(nice -n "$NICE"); fi
port=$((20000 + RANDOM % 20000))
endpoint="tcp://127.0.0.1:$port"
rm -f "$build"/bench-games.db*
"${nice_cmd[@]}" "$build/daemon/solod" --config "$root/daemon/solod.conf" \
    --bind "$endpoint" --state-db "$build/bench-games.db" --log-level warn \
    2>"$build/bench-solod.log" &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  "$build/clients/solo" --endpoint "$endpoint" --timeout 200 hello >/dev/null 2>&1 && break
  sleep 0.1
done
run () { "${nice_cmd[@]}" "$@"; }

cc=$(grep -m1 '^CMAKE_C_COMPILER:' "$build/CMakeCache.txt" | cut -d= -f2)
echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(uname -sr)"
echo "== compiler: $("$cc" --version | head -1), build type $(grep -m1 '^CMAKE_BUILD_TYPE:' "$build/CMakeCache.txt" | cut -d= -f2)"
echo "== load average at start: $(cut -d' ' -f1-3 /proc/loadavg), niceness $(nice)${nice_cmd[*]:+ (daemon and benchmarks: ${nice_cmd[*]})}"

echo "== transport: bare ZeroMQ + protobuf-c echo against solod (AskUnit)"
run "$build/bench/bench_transport" --endpoint "$endpoint" \
    --echo-endpoint "tcp://127.0.0.1:$((port + 1))" --seconds "$secs" --repeat "$repeat"

echo "== transport: the same against two other echoes (1 and 8 clients): one on the"
echo "   clients' ZeroMQ context (its I/O thread carries both ends), one decoding"
echo "   with solod's own quick_unpack"
run "$build/bench/bench_transport" --endpoint "$endpoint" --clients 1,8 \
    --echo-context shared \
    --echo-endpoint "tcp://127.0.0.1:$((port + 1))" --seconds "$secs" --repeat "$repeat"
run "$build/bench/bench_transport" --endpoint "$endpoint" --clients 1,8 \
    --echo-decoder quick \
    --echo-endpoint "tcp://127.0.0.1:$((port + 1))" --seconds "$secs" --repeat "$repeat"

echo "== transport: the same with Hello (the daemon's plumbing, almost no work)"
run "$build/bench/bench_transport" --endpoint "$endpoint" --hello --clients 1,8 \
    --echo-endpoint "tcp://127.0.0.1:$((port + 1))" --seconds "$secs" --repeat "$repeat"
echo "== load average after transport: $(cut -d' ' -f1-3 /proc/loadavg)"

echo "== scale: the same question on bigger tables"
run "$build/bench/bench_scale" --endpoint "$endpoint"

echo "== memory (a fresh solod of its own)"
rm -f "$build"/bench-memory.db*
mem_endpoint="tcp://127.0.0.1:$((port + 2))"
"${nice_cmd[@]}" "$build/daemon/solod" --config "$root/daemon/solod.conf" \
    --bind "$mem_endpoint" --state-db "$build/bench-memory.db" \
    --log-level warn 2>"$build/bench-memory.log" &
mem_pid=$!
for _ in $(seq 50); do
  "$build/clients/solo" --endpoint "$mem_endpoint" --timeout 200 hello >/dev/null 2>&1 && break
  sleep 0.1
done
run "$build/bench/bench_memory" --endpoint "$mem_endpoint" --pid "$mem_pid" \
    --questions "$questions" --games "$games"
kill "$mem_pid"
wait "$mem_pid" 2>/dev/null || true

echo "== rules core: battles on one core, then two at once"
battle1=$(run "$build/bench/bench_battle" --seconds "$secs")
echo "$battle1"
run "$build/bench/bench_battle" --seconds "$secs" >"$build/bench-battle-a.txt" &
a=$!
run "$build/bench/bench_battle" --seconds "$secs" >"$build/bench-battle-b.txt" &
b=$!
wait $a $b
battle2=$(cat "$build/bench-battle-a.txt" "$build/bench-battle-b.txt")
echo "$battle2" | grep 'battles/s'
echo "== rules core: the commander's search"
search=$(run "$build/bench/bench_search")
echo "$search"

for bench in "$build"/bench/bench_*; do
  name=$(basename "$bench")
  case "$name" in
    bench_transport|bench_scale|bench_memory|bench_battle|bench_search) continue ;;
  esac
  echo "== $name"
  run "$bench" --endpoint "$endpoint"
done

# the rules core in one table: battles/s and steps/s summed over the
# processes (their wall-clock lines, "N battles in S s: ..."), playouts/s
# as bench_search gives them
sum () {
  awk -v key="$1," '/ battles in / { for (i = 2; i <= NF; i++) if ($i == key)
                        for (j = i - 1; j > 0; j--) if ($j ~ /^[0-9.]+$/) { s += $j; break } }
                    END { printf "%.0f", s }'
}
playouts () { echo "$search" | awk -v t="$1" '$1 == t && /playouts\/s/ { for (i = 1; i <= NF; i++) if ($i == "playouts/s,") print $(i - 1) }'; }
echo "== rules core summary"
printf '%-24s %12s %12s\n' "" "1 core" "2 cores"
printf '%-24s %12s %12s\n' "battles/s" "$(echo "$battle1" | sum battles/s)" "$(echo "$battle2" | sum battles/s)"
printf '%-24s %12s %12s\n' "rules steps/s" "$(echo "$battle1" | sum steps/s)" "$(echo "$battle2" | sum steps/s)"
printf '%-24s %12s %12s\n' "search playouts/s" "$(playouts 1)" "$(playouts 2)"
echo "== load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
