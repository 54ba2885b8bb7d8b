#!/usr/bin/env bash
# Configure and build into BUILD_DIR (default build/), warnings as errors.
# Extra arguments go to cmake's configure step, e.g. -DSOLO_SANITIZE=ON.
# The compiler's output goes to BUILD_DIR/build.log; its tail is shown
# when the build fails.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
mkdir -p "$build"
echo "== building in $build (log: $build/build.log)"
# Warnings are errors here (SOLO_WERROR); arguments given after it win.
if ! { cmake -S "$root" -B "$build" -DSOLO_WERROR=ON "$@" && cmake --build "$build" -j"$(nproc)"; } >"$build/build.log" 2>&1; then
  tail -n 60 "$build/build.log"
  echo "build failed: see $build/build.log" >&2
  exit 1
fi
grep -E "warning:" "$build/build.log" || true
