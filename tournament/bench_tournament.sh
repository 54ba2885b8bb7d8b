#!/bin/bash
# bench_tournament.sh - games per second of solo-tournament: 1 and 2 local
# workers, and 3 worker processes on loopback (the coordinator with no
# local worker), each with the replay logs stored and without.
#
#   bash tournament/bench_tournament.sh [BUILD_DIR] [GAMES_PER_PAIRING]
#
# Defaults: build/ and 2000 games per pairing of table against random on
# the farm and the cavalry scenarios (one pairing).  The time is the whole
# run: start, games, every game stored in SQLite, the report.
set -u

SOURCE_DIR=$(cd "$(dirname "$0")/.." && pwd)
BUILD_DIR=${1:-$SOURCE_DIR/build}
GAMES=${2:-2000}
TOUR="$BUILD_DIR/tournament/solo-tournament"
work=$(mktemp -d /tmp/bench_tournament.XXXXXX)
pids=()
trap 'for p in "${pids[@]}"; do kill -KILL "$p" 2>/dev/null; done; rm -rf "$work"' EXIT

args=(--scenario "$SOURCE_DIR/rules/scenarios/farm.cfg"
      --scenario "$SOURCE_DIR/rules/scenarios/cavalry.cfg"
      --strategy table=table --strategy random=random --games "$GAMES"
      --quiet)

now () { date +%s.%N; }

# measure LABEL LOGS ARGS...: one run into a fresh database.
measure () {
    local label=$1 logs=$2
    shift 2
    rm -f "$work"/b.db*
    local start end
    start=$(now)
    "$TOUR" run --db "$work/b.db" "${args[@]}" --keep-logs "$logs" "$@" \
        >/dev/null || { echo "bench_tournament: the run failed" >&2; exit 1; }
    end=$(now)
    local size
    size=$(du -m "$work/b.db" | cut -f1)
    awk -v l="$label" -v g="$GAMES" -v s="$start" -v e="$end" -v k="$logs" \
        -v m="$size" 'BEGIN { printf "%-32s logs %-5s %6d games %6.2f s %7.0f games/s  db %d MB\n", l, k, g, e - s, g / (e - s), m }'
}

echo "solo-tournament, $GAMES games (table against random, farm and cavalry), $(nproc) cores"
for logs in true false; do
    measure "1 local worker" "$logs" --concurrency 1
    measure "2 local workers" "$logs" --concurrency 2
    port=$(/usr/bin/python3 -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
    pids=()
    for w in 1 2 3; do
        "$TOUR" worker --connect "tcp://127.0.0.1:$port" --name "w$w" &
        pids+=($!)
    done
    measure "3 workers on loopback (tcp)" "$logs" --concurrency 0 \
        --bind "tcp://127.0.0.1:$port"
    for p in "${pids[@]}"; do
        wait "$p" 2>/dev/null
    done
done
