#!/usr/bin/env bash
# Configure and build into BUILD_DIR (default build/).  Extra arguments go
# to cmake's configure step, e.g. -DSOLO_SANITIZE=ON.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
cmake -S "$root" -B "$build" "$@" >/dev/null
cmake --build "$build" -j"$(nproc)"
