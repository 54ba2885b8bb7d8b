#!/usr/bin/env bash
# Run the libFuzzer harnesses for a while each and fold what they find
# into the corpora.
#
#   bash tests/fuzz/run.sh [SECONDS] [HARNESS...]
#
# Builds build-fuzz (clang, -DSOLO_FUZZ=ON) unless $FUZZ_BUILD_DIR names
# one, runs each harness (default: all) for SECONDS (default 120) at low
# priority on a scratch copy of its corpus, then merges the new inputs
# that add coverage into tests/fuzz/corpus/NAME/ (libFuzzer -merge=1).
# A crash stops the script and leaves the input in the scratch folder.
# Prints one line per harness: runs, seconds, executions per second,
# corpus size: the figures README.md's Testing section records.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${1:-120}
shift || true
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=(request request_body socket config
                                         situation scenario tables
                                         config_text quick_unpack)
build=${FUZZ_BUILD_DIR:-$root/build-fuzz}
if [ -z "${FUZZ_BUILD_DIR:-}" ]; then
  CC=clang cmake -S "$root" -B "$build" -DSOLO_FUZZ=ON >/dev/null
fi
targets=()
for name in "${harnesses[@]}"; do targets+=(--target "fuzz_$name"); done
nice -n 10 cmake --build "$build" -j2 "${targets[@]}" >/dev/null

scratch=$(mktemp -d /tmp/solo-fuzz.XXXXXX)
export SOLO_SOURCE_DIR="$root"
# libconfig 1.5 leaks the string a syntax error stops at (see
# rules/config_text.h); loaders not yet reading through config_text_read
# would show it on every such input, hiding anything else.
export LSAN_OPTIONS="suppressions=$root/tests/fuzz/lsan.supp:print_suppressions=0"
for name in "${harnesses[@]}"; do
  corpus="$root/tests/fuzz/corpus/$name"
  work="$scratch/$name"
  mkdir -p "$work"
  cp "$corpus"/* "$work"/
  options=(-max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096
           -print_final_stats=1 -artifact_prefix="$scratch/$name-")
  env=()
  if [ "$name" = config_text ]; then
    # it compares with libconfig's own read, which leaks by design
    options+=(-detect_leaks=0)
    env=(ASAN_OPTIONS=detect_leaks=0)
  fi
  log="$scratch/$name.log"
  if ! env "${env[@]}" nice -n 10 "$build/tests/fuzz/fuzz_$name" "${options[@]}" \
         "$work" >"$log" 2>&1; then
    echo "fuzz_$name FAILED: see $log and $scratch/$name-*" >&2
    tail -n 30 "$log" >&2
    exit 1
  fi
  runs=$(sed -n 's/^Done \([0-9]*\) runs in \([0-9]*\) second.*/\1/p' "$log")
  took=$(sed -n 's/^Done \([0-9]*\) runs in \([0-9]*\) second.*/\2/p' "$log")
  env "${env[@]}" "$build/tests/fuzz/fuzz_$name" -merge=1 -timeout=30 \
      -rss_limit_mb=4096 "$corpus" "$work" >"$scratch/$name.merge.log" 2>&1 \
    || echo "fuzz_$name: merge failed, see $scratch/$name.merge.log" >&2
  printf 'fuzz_%-13s %10s runs in %4s s (%s/s), corpus %s files\n' \
         "$name" "$runs" "$took" "$(( runs / (took > 0 ? took : 1) ))" \
         "$(ls "$corpus" | wc -l)"
done
rm -rf "$scratch"
