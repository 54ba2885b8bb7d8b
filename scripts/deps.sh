#!/usr/bin/env bash
# Install what solod needs to build, test and run, from Debian's packages.
# Safe to run again: apt-get skips what is already there.
set -euo pipefail
packages=(
  build-essential cmake pkg-config clang
  libzmq3-dev libprotobuf-c-dev protobuf-c-compiler
  libconfig-dev libsqlite3-dev libcmocka-dev
  python3 python3-zmq python3-protobuf protobuf-compiler
  python3-yaml        # tests/cli_scheduler_docs.sh: the Kubernetes example
  valgrind            # tests/cli_valgrind.sh: memcheck of the daemon
  slurmctld slurmd slurm-client munge   # tests/cli_slurm.sh: a one-node cluster
  procps              # tests/cli_slurm.sh: pgrep, the job steps started
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
