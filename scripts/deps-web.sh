#!/usr/bin/env bash
# Install what the Python client and the web table need beyond
# scripts/deps.sh: Debian's protobuf-compiler (solo.proto -> Python),
# python3-zmq, python3-protobuf, python3-venv, python3-setuptools and
# python3-pip (the client installed as a package), chromium (the
# end-to-end web test), node and npm; and the npm packages of clients/web (protobufjs for the
# page, playwright-core for the test) into clients/web/node_modules, at
# the versions of its package-lock.json.  Safe to run again.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

# Tests run in parallel may both call this: one at a time.
exec 9>"${TMPDIR:-/tmp}/solo-deps-web.lock"
flock 9

packages=(protobuf-compiler python3 python3-zmq python3-protobuf chromium
          python3-venv python3-setuptools python3-pip)
command -v node >/dev/null 2>&1 || packages+=(nodejs)
command -v npm >/dev/null 2>&1 || packages+=(npm)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  echo "deps-web: installing ${missing[*]}" >&2
  $SUDO apt-get update -qq -o DPkg::Lock::Timeout=300
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
    -o DPkg::Lock::Timeout=300 "${missing[@]}" >/dev/null
fi

web="$root/clients/web"
if [ ! -f "$web/node_modules/protobufjs/dist/protobuf.min.js" ] ||
   [ ! -f "$web/node_modules/long/umd/index.js" ] ||
   [ ! -f "$web/node_modules/playwright-core/package.json" ]; then
  echo "deps-web: npm packages into clients/web/node_modules" >&2
  (cd "$web" && npm ci --no-audit --no-fund --loglevel=error)
fi
