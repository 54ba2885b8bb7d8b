#!/usr/bin/python3
"""relay.py - serve the web table and carry its requests to solod.

The browser speaks the protocol itself: it loads proto/solo.proto with
protobufjs, encodes a Request, and POSTs the bytes to /api/request.  The
relay hands them unchanged to the daemon's ZeroMQ socket and returns the
Reply bytes unchanged, so there is no second API to keep in step.

    clients/web/relay.py [--listen 127.0.0.1:8746] [--endpoint tcp://127.0.0.1:7460]
                         [--server-key KEY --client-key-file FILE]

then open http://127.0.0.1:8746/ in a browser.

Routes:
  GET  /                        the page (index.html)
  GET  /<file>                  the page's own files (clients/web/*.js, ...)
  GET  /situations/<file>.json  example situations
  GET  /scenarios/<name>.cfg    the scenario files (for a battle replay's
                                table and terrain)
  GET  /proto/solo.proto        the wire contract
  GET  /vendor/protobuf.min.js  protobufjs (from clients/web/node_modules)
  GET  /vendor/long.js          long.js, for exact 64-bit ids and seeds
  GET  /api/info                the relay's daemon endpoint, as JSON
  POST /api/request             one Request in, one Reply out
                                (application/x-protobuf); 504 when the
                                daemon does not answer in time
Everything is served from loopback by default; nothing is fetched from
elsewhere.

A daemon serving with CURVE answers only the clients on its allow-list:
--server-key (the daemon's public key, or its .pub file) and
--client-key-file (the relay's own secret key file, from solod
--make-keys; its .pub goes on the daemon's list), or SOLO_SERVER_KEY and
SOLO_CLIENT_KEY_FILE, as for the solo command.  The page needs no key:
the relay speaks for it.
"""

import argparse
import http.server
import importlib.util
import ipaddress
import json
import os
import socket
import sys
import urllib.parse

import zmq

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE_ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
DEFAULT_LISTEN = "127.0.0.1:8746"
DEFAULT_ENDPOINT = "tcp://127.0.0.1:7460"
DEFAULT_TIMEOUT_MS = 30000
MAX_REQUEST_BYTES = 16 * 1024 * 1024

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".proto": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".cfg": "text/plain; charset=utf-8",
}


def load_keys_module():
    """The Python client's solo_client/keys.py (reading CURVE keys as the
    solo command does), loaded alone: it needs only zmq."""
    path = os.path.join(HERE, "..", "python", "solo_client", "keys.py")
    spec = importlib.util.spec_from_file_location("solo_client_keys", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def find_first(paths):
    for path in paths:
        if path and os.path.isfile(path):
            return path
    return None


def find_dir(paths):
    for path in paths:
        if path and os.path.isdir(path):
            return path
    return None


def build_routes(args):
    """Map each URL path the relay serves to a file.  Only these files are
    served: nothing else of the disk is reachable."""
    routes = {"/": os.path.join(HERE, "index.html")}
    for name in sorted(os.listdir(HERE)):
        path = os.path.join(HERE, name)
        ext = os.path.splitext(name)[1]
        if os.path.isfile(path) and ext in CONTENT_TYPES \
                and not name.startswith("package"):
            routes["/" + name] = path
    situations = os.path.join(HERE, "situations")
    if os.path.isdir(situations):
        for name in sorted(os.listdir(situations)):
            if name.endswith(".json"):
                routes["/situations/" + name] = os.path.join(situations, name)
    scenarios = find_dir([args.scenarios,
                          os.path.join(SOURCE_ROOT, "rules", "scenarios"),
                          "/usr/local/share/solod/scenarios",
                          "/usr/share/solod/scenarios"])
    if scenarios:
        for name in sorted(os.listdir(scenarios)):
            if name.endswith(".cfg"):
                routes["/scenarios/" + name] = os.path.join(scenarios, name)
    proto = find_first([args.proto,
                        os.path.join(SOURCE_ROOT, "proto", "solo.proto"),
                        "/usr/local/share/solod/proto/solo.proto",
                        "/usr/share/solod/proto/solo.proto"])
    if proto is None:
        sys.exit("relay: solo.proto not found: give --proto PATH")
    routes["/proto/solo.proto"] = proto
    modules = args.node_modules or os.path.join(HERE, "node_modules")
    vendor = {
        "/vendor/protobuf.min.js": os.path.join(
            modules, "protobufjs", "dist", "protobuf.min.js"),
        "/vendor/long.js": os.path.join(modules, "long", "umd", "index.js"),
    }
    for url, path in vendor.items():
        if not os.path.isfile(path):
            sys.exit("relay: %s not found: run scripts/deps-web.sh "
                     "(npm packages into clients/web/node_modules) or give "
                     "--node-modules DIR" % path)
        routes[url] = path
    return routes


class Relay(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, listen, endpoint, timeout_ms, routes, verbose,
                 curve=None, apply_keys=None):
        host, _, port = listen.rpartition(":")
        host = host.strip("[]") or "127.0.0.1"
        if ":" in host:
            self.address_family = socket.AF_INET6
        self.listen_host = host
        self.endpoint = endpoint
        self.timeout_ms = timeout_ms
        self.routes = routes
        self.verbose = verbose
        self.curve = curve              # (server, public, secret) or None
        self.apply_keys = apply_keys
        self.context = zmq.Context()
        super().__init__((host, int(port)), Handler)

    def host_allowed(self, host_header):
        """True for a Host header naming this relay: an address, localhost,
        or the name it was told to listen on."""
        name = urllib.parse.urlsplit("//" + host_header).hostname or ""
        if name in ("localhost", self.listen_host.lower()):
            return True
        try:
            ipaddress.ip_address(name)
            return True
        except ValueError:
            return False

    def forward(self, payload):
        """Send one request's bytes to the daemon; return the reply's
        bytes, or None when none came in time.  A socket per request:
        ZeroMQ sockets must not be shared between threads."""
        sock = self.context.socket(zmq.DEALER)
        sock.setsockopt(zmq.LINGER, 0)
        try:
            if self.curve is not None:
                self.apply_keys(sock, self.curve)
            sock.connect(self.endpoint)
            # Waiting to send too: a DEALER whose connection was refused
            # (a CURVE key not on the daemon's list) would wait for ever.
            if not sock.poll(self.timeout_ms, zmq.POLLOUT):
                return None
            try:
                sock.send(payload, zmq.NOBLOCK)
            except zmq.Again:
                return None
            if not sock.poll(self.timeout_ms, zmq.POLLIN):
                return None
            frames = sock.recv_multipart()
            return frames[-1]
        finally:
            sock.close(0)


class Handler(http.server.BaseHTTPRequestHandler):
    server_version = "solo-relay/1"

    def log_message(self, fmt, *args):
        if self.server.verbose:
            sys.stderr.write("relay: %s - %s\n" % (self.address_string(),
                                                    fmt % args))

    def send_bytes(self, status, content_type, body):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def send_text(self, status, text):
        self.send_bytes(status, "text/plain; charset=utf-8",
                        (text + "\n").encode())

    def do_GET(self):
        path = urllib.parse.urlsplit(self.path).path
        if path == "/api/info":
            info = {"endpoint": self.server.endpoint,
                    "timeout_ms": self.server.timeout_ms,
                    "curve": self.server.curve is not None,
                    "situations": sorted(
                        p[len("/situations/"):] for p in self.server.routes
                        if p.startswith("/situations/"))}
            self.send_bytes(200, "application/json",
                            json.dumps(info).encode())
            return
        file = self.server.routes.get(path)
        if file is None:
            self.send_text(404, "not found: %s" % path)
            return
        try:
            with open(file, "rb") as f:
                body = f.read()
        except OSError as e:
            self.send_text(500, "cannot read %s: %s" % (path, e.strerror))
            return
        ext = os.path.splitext(file)[1]
        self.send_bytes(200, CONTENT_TYPES.get(ext, "text/plain"), body)

    do_HEAD = do_GET

    def do_POST(self):
        path = urllib.parse.urlsplit(self.path).path
        if path != "/api/request":
            self.send_text(404, "not found: %s" % path)
            return
        # A page from another site must not drive the daemon through us,
        # nor one reaching us under a borrowed name (DNS rebinding).
        origin = self.headers.get("Origin")
        host = self.headers.get("Host", "")
        if not self.server.host_allowed(host):
            self.send_text(403, "host %s may not use this relay" % host)
            return
        if origin and urllib.parse.urlsplit(origin).netloc != host:
            self.send_text(403, "origin %s may not use this relay" % origin)
            return
        try:
            length = int(self.headers.get("Content-Length", ""))
        except ValueError:
            self.send_text(411, "Content-Length required")
            return
        if length < 0 or length > MAX_REQUEST_BYTES:
            self.send_text(413, "request of %d bytes is over the relay's "
                           "limit of %d" % (length, MAX_REQUEST_BYTES))
            return
        payload = self.rfile.read(length)
        reply = self.server.forward(payload)
        if reply is None:
            hint = ""
            if self.server.curve is not None:
                hint = ("  Is the relay's public key (%s) on its allow-list, "
                        "and the server key right?" % self.server.curve[1])
            self.send_text(504, "no answer from %s within %d ms: is solod "
                           "running?%s" % (self.server.endpoint,
                                           self.server.timeout_ms, hint))
            return
        self.send_bytes(200, "application/x-protobuf", reply)


def main():
    parser = argparse.ArgumentParser(
        description="Serve the solod web table and relay its requests.")
    parser.add_argument("--listen", default=DEFAULT_LISTEN,
                        help="HOST:PORT to serve on (default %s; port 0: any "
                        "free port)" % DEFAULT_LISTEN)
    parser.add_argument("--endpoint", default=os.environ.get(
        "SOLO_ENDPOINT", DEFAULT_ENDPOINT),
        help="the daemon (default: $SOLO_ENDPOINT or %s)" % DEFAULT_ENDPOINT)
    parser.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT_MS,
                        help="ms to wait for the daemon (default %d)"
                        % DEFAULT_TIMEOUT_MS)
    parser.add_argument("--server-key",
                        help="CURVE: the daemon's public key, or its .pub "
                        "file (default: $SOLO_SERVER_KEY); with "
                        "--client-key-file.  A key that begins with '-': "
                        "--server-key=KEY")
    parser.add_argument("--client-key-file",
                        help="CURVE: the relay's secret key file (solod "
                        "--make-keys FILE; default: $SOLO_CLIENT_KEY_FILE)")
    parser.add_argument("--proto", help="path of solo.proto")
    parser.add_argument("--scenarios",
                        help="folder of the scenario files (default: the "
                        "source tree's rules/scenarios, else the installed)")
    parser.add_argument("--node-modules",
                        help="folder holding protobufjs and long")
    parser.add_argument("--port-file",
                        help="write the port served on to this file")
    parser.add_argument("--verbose", action="store_true",
                        help="log every HTTP request to stderr")
    args = parser.parse_args()
    if ":" not in args.listen:
        sys.exit("relay: --listen wants HOST:PORT, got %r" % args.listen)
    routes = build_routes(args)
    keys = load_keys_module()
    try:
        curve = keys.curve_keys(args.server_key, args.client_key_file)
    except keys.CurveKeyError as e:
        sys.exit("relay: %s" % e)
    try:
        relay = Relay(args.listen, args.endpoint, args.timeout, routes,
                      args.verbose, curve, keys.apply_keys)
    except (OSError, ValueError) as e:
        sys.exit("relay: cannot listen on %s: %s" % (args.listen, e))
    host, port = relay.server_address[:2]
    if ":" in host:
        host = "[%s]" % host
    if args.port_file:
        with open(args.port_file + ".tmp", "w") as f:
            f.write("%d\n" % port)
        os.rename(args.port_file + ".tmp", args.port_file)
    print("relay: web table on http://%s:%d/ -> solod at %s%s"
          % (host, port, args.endpoint,
             " with CURVE, public key %s" % curve[1] if curve else ""),
          flush=True)
    try:
        relay.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        relay.server_close()
        relay.context.term()


if __name__ == "__main__":
    main()
