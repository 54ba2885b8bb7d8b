#!/usr/bin/env bash
# Install, build, start solod in the background, and show the main job:
# one unit question answered, a short battle between two strategies, and
# the commander's orders for a whole side.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
"$root/scripts/deps.sh"
"$root/scripts/build.sh"
solo="$build/clients/solo"
solod="$build/daemon/solod"

if "$solo" --timeout 500 hello >/dev/null 2>&1; then
  echo "== solod is already running"
else
  echo "== starting solod (log: $build/solod.log)"
  "$solod" --config "$root/daemon/solod.conf" --state-db "$build/solod.db" \
    >"$build/solod.log" 2>&1 &
  echo $! >"$build/solod.pid"
  for _ in $(seq 50); do
    "$solo" --timeout 200 hello >/dev/null 2>&1 && break
    sleep 0.1
  done
fi
"$solo" hello
echo
echo "== What does red's line infantry at the farm do?"
echo "\$ solo ask --situation clients/examples/farm.cfg --unit red-line --seed 7"
"$solo" ask --situation "$root/clients/examples/farm.cfg" --unit red-line --seed 7
echo
echo "== A short battle: the Risk Factor tables (blue) against random orders (red)"
echo "\$ solo battle --scenario farm --blue table --red random --seed 1"
"$solo" battle --scenario farm --blue table --red random --seed 1
echo
echo "== What does the French army do on its first turn?  (the commander, 200 playouts)"
echo "\$ solo side --scenario farm --side red --playouts 200 --seed 1"
"$solo" side --scenario farm --side red --playouts 200 --seed 1
echo
echo "solod is still running (pid $(cat "$build/solod.pid" 2>/dev/null || echo '?')); stop it with: kill \$(cat $build/solod.pid)"
