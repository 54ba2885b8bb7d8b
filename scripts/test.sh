#!/usr/bin/env bash
# The whole test suite: install what is needed, build, run every test.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/deps.sh"
"$root/scripts/deps-web.sh"   # the Python client and the web table's browser test
"$root/scripts/build.sh" "$@"
ctest --test-dir "${BUILD_DIR:-$root/build}" --output-on-failure -j2
