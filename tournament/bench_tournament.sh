#!/bin/bash
# bench_tournament.sh - games per second of solo-tournament: 1 and 2 local
# workers, and 3 worker processes on loopback (the coordinator with no
# local worker), each with the replay logs stored and without.
#
#   bash tournament/bench_tournament.sh [BUILD_DIR] [GAMES_PER_PAIRING] [REPEAT]
#
# Defaults: build/, 2000 games per pairing of table against random on the
# farm and the cavalry scenarios (one pairing), the best of 3 runs of
# each.  The time is the whole run: start, games, every game stored in
# SQLite, the report.
set -u

SOURCE_DIR=$(cd "$(dirname "$0")/.." && pwd)
BUILD_DIR=${1:-$SOURCE_DIR/build}
GAMES=${2:-2000}
REPEAT=${3:-3}
TOUR="$BUILD_DIR/tournament/solo-tournament"
work=$(mktemp -d /tmp/bench_tournament.XXXXXX)
pids=()
trap 'for p in "${pids[@]}"; do kill -KILL "$p" 2>/dev/null; done; rm -rf "$work"' EXIT

args=(--scenario "$SOURCE_DIR/rules/scenarios/farm.cfg"
      --scenario "$SOURCE_DIR/rules/scenarios/cavalry.cfg"
      --strategy table=table --strategy random=random --games "$GAMES"
      --quiet)

now () { date +%s.%N; }

# once LOGS ARGS...: one run into a fresh database; prints its seconds.
once () {
    local logs=$1
    shift
    rm -f "$work"/b.db*
    local start end
    start=$(now)
    "$TOUR" run --db "$work/b.db" "${args[@]}" --keep-logs "$logs" "$@" \
        >/dev/null || { echo "bench_tournament: the run failed" >&2; exit 1; }
    end=$(now)
    awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f\n", e - s }'
}

# measure LABEL LOGS ARGS...: the best of REPEAT runs.
measure () {
    local label=$1 logs=$2
    shift 2
    local best="" t
    for _ in $(seq 1 "$REPEAT"); do
        t=$(once "$logs" "$@")
        best=$(awk -v a="$best" -v b="$t" 'BEGIN { print (a == "" || b < a) ? b : a }')
    done
    local size
    size=$(du -m "$work/b.db" | cut -f1)
    awk -v l="$label" -v g="$GAMES" -v t="$best" -v k="$logs" -v m="$size" \
        'BEGIN { printf "%-30s logs %-5s %6d games %6.2f s %6.0f games/s  db %d MB\n", l, k, g, t, g / t, m }'
}

echo "solo-tournament, $GAMES games (table against random, farm and cavalry), $(nproc) cores"
for logs in true false; do
    measure "1 local worker" "$logs" --concurrency 1
    measure "2 local workers" "$logs" --concurrency 2
    port=$(/usr/bin/python3 -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
    best=""
    for _ in $(seq 1 "$REPEAT"); do
        pids=()
        for w in 1 2 3; do
            "$TOUR" worker --connect "tcp://127.0.0.1:$port" --name "w$w" &
            pids+=($!)
        done
        t=$(once "$logs" --concurrency 0 --bind "tcp://127.0.0.1:$port")
        best=$(awk -v a="$best" -v b="$t" 'BEGIN { print (a == "" || b < a) ? b : a }')
        for p in "${pids[@]}"; do
            wait "$p" 2>/dev/null
        done
    done
    awk -v l="3 workers on loopback (tcp)" -v g="$GAMES" -v t="$best" \
        -v k="$logs" 'BEGIN { printf "%-30s logs %-5s %6d games %6.2f s %6.0f games/s\n", l, k, g, t, g / t }'
done
