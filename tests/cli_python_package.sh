#!/usr/bin/env bash
# The Python client as a package: `pip install clients/python` into a
# virtual environment that sees Debian's python3-zmq and python3-protobuf,
# offline; then, from outside the source tree, the installed module
# (typed: py.typed) answers with plain dataclasses.
#
#   bash tests/cli_python_package.sh <solod> <solo>
set -euo pipefail
src=${SOLO_SOURCE_DIR:-$(cd "$(dirname "$0")/.." && pwd)}
py=/usr/bin/python3

fail() { echo "cli_python_package: FAIL: $*" >&2; exit 1; }
skip() { echo "cli_python_package: SKIPPED: $*" >&2; exit 77; }

[ -x "$py" ] || skip "no $py"
"$py" -c 'import zmq, google.protobuf, setuptools, ensurepip' 2>/dev/null ||
  skip "needs Debian's python3-zmq, python3-protobuf, python3-setuptools and python3-venv (scripts/deps-web.sh installs them)"
command -v protoc >/dev/null 2>&1 || skip "needs protoc (protobuf-compiler)"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# pip builds in the folder it is given: a copy, so the source stays clean
cp -r "$src/clients/python" "$tmp/src"
"$py" -m venv --system-site-packages "$tmp/venv" || fail "python3 -m venv failed"
"$tmp/venv/bin/pip" install --quiet --no-index --no-build-isolation "$tmp/src" \
    >"$tmp/pip.log" 2>&1 || { cat "$tmp/pip.log" >&2; fail "pip install failed"; }
rm -rf "$tmp/src"

cd "$tmp"
SOLO_PROTO="$src/proto/solo.proto" SOLO_CACHE_DIR="$tmp/pb" \
"$tmp/venv/bin/python" - "$tmp/venv" <<'PY' || fail "the installed module"
import dataclasses, os, sys
import solo_client
venv = sys.argv[1]
assert os.path.realpath(solo_client.__file__).startswith(os.path.realpath(venv)), solo_client.__file__
assert solo_client.__version__ == "0.1.0", solo_client.__version__
here = os.path.dirname(solo_client.__file__)
assert os.path.isfile(os.path.join(here, "py.typed")), "no py.typed"
d = solo_client.pb().UnitDecision(unit_id="red-1", action="halt", rf=2)
p = solo_client.plain(d)
assert dataclasses.is_dataclass(p) and p.action == "halt" and p.rf == 2, p
assert p.geometry is None
print("installed:", solo_client.__file__)
PY
echo "cli_python_package: passed"
