#!/usr/bin/python3
"""check_relay.py - the relay on its own, against a running daemon.

    check_relay.py URL

It serves the page's files, the contract and the vendored JS, and nothing
else of the disk; it carries request bytes to the daemon and reply bytes
back unchanged; it refuses other sites' pages; and it says so when the
daemon does not answer (a second relay, pointed at a dead endpoint).
"""

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
from tally import check, summary  # noqa: E402
from solo_client import pb  # noqa: E402

def fetch(url, data=None, headers=None):
    """(status, body bytes, content type) of one HTTP request."""
    req = urllib.request.Request(url, data=data, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, r.read(), r.headers.get("Content-Type", "")
    except urllib.error.HTTPError as e:
        return e.code, e.read(), e.headers.get("Content-Type", "")


def post(url, payload, headers=None):
    h = {"Content-Type": "application/x-protobuf"}
    h.update(headers or {})
    return fetch(url + "api/request", payload, h)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    url = sys.argv[1]
    for path in ["", "index.html", "app.js", "style.css", "proto/solo.proto",
                 "vendor/protobuf.min.js", "vendor/long.js",
                 "situations/farm.json", "api/info", "side.js", "battle.js",
                 "libconfig.js", "scenarios/farm.cfg"]:
        status, body, _ = fetch(url + path)
        check(status == 200 and body, "GET /%s" % path, status)
    status, body, ctype = fetch(url + "proto/solo.proto")
    check(b"package solo.v1;" in body, "the page gets the one solo.proto")
    status, body, ctype = fetch(url + "scenarios/farm.cfg")
    check(b"scenario = {" in body and ctype.startswith("text/plain"),
          "the scenario files are served as text", ctype)
    for path in ["../README.md", "%2e%2e/CMakeLists.txt", "relay.py",
                 "package.json", "node_modules/long/package.json",
                 "tests/e2e.mjs", "situations/../relay.py",
                 "scenarios/README.md", "scenarios/../../daemon/solod.conf"]:
        status, _, _ = fetch(url + path)
        check(status == 404, "GET /%s is refused" % path, status)

    request = pb().Request(id=77)
    request.hello.protocol_version = 1
    status, body, ctype = post(url, request.SerializeToString())
    reply = pb().Reply()
    reply.ParseFromString(body)
    check(status == 200 and ctype == "application/x-protobuf"
          and reply.id == 77 and reply.WhichOneof("body") == "hello",
          "a Hello goes through and its Reply comes back", (status, reply))

    status, body, _ = post(url, b"\xff\x00garbage")
    reply = pb().Reply()
    reply.ParseFromString(body)
    check(status == 200 and reply.WhichOneof("body") == "error"
          and pb().Error.Code.Name(reply.error.code) == "BAD_REQUEST",
          "garbage bytes get the daemon's own BAD_REQUEST", reply)

    status, body, _ = post(url, request.SerializeToString(),
                           {"Origin": "http://elsewhere.example"})
    check(status == 403, "a page of another origin is refused", status)
    status, body, _ = post(url, request.SerializeToString(),
                           {"Host": "rebound.example:%d"
                            % urllib.parse.urlsplit(url).port})
    check(status == 403, "a request under another host name is refused",
          status)
    status, body, _ = post(url, request.SerializeToString(),
                           {"Host": "localhost:%d"
                            % urllib.parse.urlsplit(url).port})
    check(status == 200, "localhost is this relay", status)
    status, _, _ = fetch(url + "api/other", b"x")
    check(status == 404, "POST elsewhere than /api/request is refused")

    # A relay with no daemon behind it answers 504 with the reason.
    with tempfile.TemporaryDirectory() as tmp:
        port_file = os.path.join(tmp, "port")
        dead = "tcp://127.0.0.1:%d" % free_port()
        relay = subprocess.Popen(
            [sys.executable, os.path.join(HERE, "..", "relay.py"),
             "--listen", "127.0.0.1:0", "--port-file", port_file,
             "--endpoint", dead, "--timeout", "300"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(100):
                if os.path.exists(port_file):
                    break
                time.sleep(0.05)
            with open(port_file) as f:
                url2 = "http://127.0.0.1:%s/" % f.read().strip()
            status, body, _ = post(url2, request.SerializeToString())
            check(status == 504 and b"no answer from " + dead.encode()
                  in body and b"within 300 ms" in body,
                  "no daemon: 504 saying so", (status, body))
        finally:
            relay.terminate()
            relay.wait()

    return summary("relay")


if __name__ == "__main__":
    sys.exit(main())
