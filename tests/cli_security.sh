#!/bin/bash
# cli_security.sh - who may talk to the real solod: keys made with
# solod --make-keys, a CURVE daemon that answers the solo client, the
# Python client and the web relay with an allowed key and nobody else,
# the refusal of a bind other machines can reach without CURVE (unless
# insecure = true), a broken curve group refused with file:line, and
# SIGTERM during a long search ending within a second.
#
#   bash tests/cli_security.sh <solod> <solo>
#
# Nothing here waits a fixed time for something to happen: each wait
# polls for what it waits for (a line in a log, the search using the
# CPU) up to a generous limit, so a busy machine makes the test slower,
# not wrong.  The one time checked is the stop within a second of
# SIGTERM, measured from the signal.
set -u

. "$(dirname "$0")/lib.sh"
lib_init cli_security
pid=
port=

# The longest wait, in tenths of a second, for a daemon or a relay to
# come up, a line due in a log, the search to get the CPU: reached only
# when something is wrong.
WAIT_TENTHS=600

# How long a client that must be refused waits for the answer that must
# not come (ms).
REFUSED_MS=1500

# start NAME TEMPLATE: start solod with the config file TEMPLATE, its
# @PORT@ replaced by a free port (the bind is part of the test, so not
# start_solod), and wait for its log to say it serves.  Sets $pid and
# $port.  A port taken between choosing it and binding it (by another
# test's client, say) is chosen again.  Returns 1 if solod did not come
# up.
start () {
    local attempt
    for attempt in 1 2 3 4 5; do
        port=$(free_port)
        sed "s/@PORT@/$port/g" "$2" >"$work/$1.conf"
        : >"$work/$1.log"
        "$SOLOD" --config "$work/$1.conf" >"$work/$1.log" 2>&1 &
        pid=$!
        lib_bg "$pid"
        for _ in $(seq 1 "$WAIT_TENTHS"); do
            grep -qF "serving on" "$work/$1.log" && return 0
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -KILL "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
        grep -qF "cannot bind" "$work/$1.log" || break
    done
    pid=
    fail "$1: solod did not come up (attempt $attempt)"
    sed 's/^/    solod: /' "$work/$1.log" >&2
    return 1
}

stop () {
    kill -TERM "$pid" 2>/dev/null
    wait "$pid"
    local status=$?
    pid=
    checks=$((checks + 1))
    [ "$status" = 0 ] || fail "$1: solod exited $status after SIGTERM"
}

# wait_log FILE TEXT: wait until TEXT (a fixed string) is in FILE; 1 if
# it is not there within the limit.  Not a check: the expect_in after it
# is.
wait_log () {
    for _ in $(seq 1 "$WAIT_TENTHS"); do
        grep -qF -- "$2" "$1" && return 0
        sleep 0.1
    done
    return 1
}

# cpu_ticks PID: the CPU time PID has used, user and system, in clock
# ticks (100 a second).
cpu_ticks () {
    awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null || echo 0
}

# public KEYS: the public key of the pair solod --make-keys KEYS made.
public () {
    sed -n 2p "$1.pub"
}

# ---- keys ----------------------------------------------------------------------

cd "$work" || exit 1
run keys "$SOLOD" --make-keys "$work/server"
expect_rc keys 0
checks=$((checks + 1))
[ "$(stat -c %a "$work/server")" = 600 ] || fail "the secret key file is not mode 600"
checks=$((checks + 1))
# (--: a Z85 key may begin with "-", once in 85 keys, which grep would
# take for an option: that made this check fail now and then.)
grep -qxF -- "$(cat "$work/keys.out")" "$work/server.pub" \
    || fail "the public key printed is not the one in server.pub"
run again "$SOLOD" --make-keys "$work/server"
expect_rc again 1
expect_in again err "exists; not overwritten"
"$SOLOD" --make-keys "$work/alice" >/dev/null
"$SOLOD" --make-keys "$work/eve" >/dev/null
"$SOLOD" --make-keys "$work/mallory" >/dev/null
"$SOLOD" --make-keys "$work/trudy" >/dev/null

# ---- a CURVE daemon --------------------------------------------------------------

cat >"$work/curve.in" <<EOF
solod = {
  bind = "tcp://0.0.0.0:@PORT@";   # other machines: CURVE makes it allowed
  data_dir = "$SOURCE_DIR/rules/data";
  state_db = ":memory:";
  curve = {
    secret_key_file = "server";
    allowed_client_files = [ "alice.pub" ];
  };
};
EOF
if start curve "$work/curve.in"; then
    endpoint="tcp://127.0.0.1:$port"
    expect_in curve log "CURVE on: server key $(cat "$work/keys.out"), 1 allowed clients"
    run alice "$SOLO" --endpoint "$endpoint" --server-key "$work/server.pub" \
        --client-key-file "$work/alice" --timeout 60000 --json hello
    expect_rc alice 0
    expect_in alice out '"protocol_version":1'
    # the keys from the environment, the server key as text
    run alice_env env SOLO_SERVER_KEY="$(cat "$work/keys.out")" \
        SOLO_CLIENT_KEY_FILE="$work/alice" \
        "$SOLO" --endpoint "$endpoint" --timeout 60000 \
        ask --arm cavalry --rf 3 --roll 6
    expect_rc alice_env 0
    run eve "$SOLO" --endpoint "$endpoint" --server-key "$work/server.pub" \
        --client-key-file "$work/eve" --timeout "$REFUSED_MS" hello
    expect_rc eve 4
    expect_in eve err "allow-list"
    # The refused handshake may end after the client gave up waiting.
    refused="refused: client key not on the allow-list, key"
    wait_log "$work/curve.log" "$refused $(public "$work/eve")"
    expect_in curve log "$refused $(public "$work/eve")"
    run plain "$SOLO" --endpoint "$endpoint" --timeout "$REFUSED_MS" hello
    expect_rc plain 4
    run half "$SOLO" --endpoint "$endpoint" --server-key "$work/server.pub" hello
    expect_rc half 2
    expect_in half err "CURVE needs both --server-key and --client-key-file"
    run badkey "$SOLO" --endpoint "$endpoint" --server-key "$work/nothing.pub" \
        --client-key-file "$work/alice" hello
    expect_rc badkey 2
    expect_in badkey err "nothing.pub\" is neither a Z85 key"
    run alice_again "$SOLO" --endpoint "$endpoint" --server-key "$work/server.pub" \
        --client-key-file "$work/alice" --timeout 60000 hello
    expect_rc alice_again 0

    # ---- the Python client, with the same key files ----
    export SOLO_CACHE_DIR=$work/pb
    pyhello=$SOURCE_DIR/clients/python/examples/hello.py
    run py_alice "$PY" "$pyhello" --endpoint "$endpoint" --timeout 60000 \
        --server-key "$work/server.pub" --client-key-file "$work/alice"
    expect_rc py_alice 0
    expect_in py_alice out "protocol 1"
    run py_alice_env env SOLO_SERVER_KEY="$(cat "$work/keys.out")" \
        SOLO_CLIENT_KEY_FILE="$work/alice" \
        "$PY" "$pyhello" --endpoint "$endpoint" --timeout 60000
    expect_rc py_alice_env 0
    expect_in py_alice_env out "ruleset skirmish19"
    run py_mallory "$PY" "$pyhello" --endpoint "$endpoint" \
        --timeout "$REFUSED_MS" --server-key "$work/server.pub" \
        --client-key-file "$work/mallory"
    expect_rc py_mallory 1
    expect_in py_mallory err "no answer from $endpoint within $REFUSED_MS ms"
    expect_in py_mallory err \
        "public key ($(public "$work/mallory")) on its allow-list"
    wait_log "$work/curve.log" "$refused $(public "$work/mallory")"
    expect_in curve log "$refused $(public "$work/mallory")"
    # Refused before it sends (a busy machine): ZeroMQ has dropped the
    # connection, and a send without one waited for ever (more often than
    # not).  Five clients, each asking once the daemon has refused it.
    cat >"$work/late.py" <<'PY'
import sys, time
sys.path.insert(0, sys.argv[1])
import solo_client
endpoint, server_key, key_file, log, line = sys.argv[2:7]
for attempt in range(5):
    before = open(log).read().count(line)
    client = solo_client.Client(endpoint, timeout_ms=300,
                                server_key=server_key,
                                client_key_file=key_file)
    while open(log).read().count(line) == before:   # refused now
        time.sleep(0.05)
    time.sleep(0.3)                     # and the client has heard it
    try:
        client.hello()
        print("answered")
    except solo_client.NoAnswer as e:
        print("NoAnswer: %s" % e)
    client.close()
PY
    run py_late timeout 120 "$PY" "$work/late.py" "$SOURCE_DIR/clients/python" \
        "$endpoint" "$work/server.pub" "$work/trudy" "$work/curve.log" \
        "$refused $(public "$work/trudy")"
    expect_rc py_late 0
    late=$(grep -c "^NoAnswer: no answer from $endpoint within 300 ms" \
           "$work/py_late.out")
    check_sh '[ "$late" = 5 ]' \
        "py_late: $late NoAnswers of 5: $(cat "$work/py_late.out")"
    run py_plain "$PY" "$pyhello" --endpoint "$endpoint" --timeout "$REFUSED_MS"
    expect_rc py_plain 1
    expect_in py_plain err "no answer from $endpoint"
    expect_not_in py_plain out "protocol"
    run py_half "$PY" "$pyhello" --endpoint "$endpoint" \
        --server-key "$work/server.pub"
    expect_rc py_half 1
    expect_in py_half err \
        "CURVE needs both the server key and the client key file"
    run py_badkey "$PY" "$pyhello" --endpoint "$endpoint" \
        --server-key "$work/nothing.pub" --client-key-file "$work/alice"
    expect_rc py_badkey 1
    expect_in py_badkey err "nothing.pub\" is neither a Z85 key"

    # ---- the web relay: a Hello posted to it as the page posts it ----
    # The relay serves the page's npm scripts too; this test needs none.
    mkdir -p "$work/node_modules/protobufjs/dist" "$work/node_modules/long/umd"
    : >"$work/node_modules/protobufjs/dist/protobuf.min.js"
    : >"$work/node_modules/long/umd/index.js"
    cat >"$work/post_hello.py" <<'PY'
import sys, urllib.error, urllib.request
sys.path.insert(0, sys.argv[1])
from solo_client import pb
request = pb().Request(id=77)
request.hello.protocol_version = 1
post = urllib.request.Request(sys.argv[2] + "api/request",
                              data=request.SerializeToString(),
                              headers={"Content-Type":
                                       "application/x-protobuf"})
try:
    with urllib.request.urlopen(post, timeout=120) as answer:
        reply = pb().Reply.FromString(answer.read())
        print("status %d id %d protocol %d"
              % (answer.status, reply.id, reply.hello.protocol_version))
except urllib.error.HTTPError as e:
    print("status %d %s" % (e.code, e.read().decode()))
PY
    # relay NAME TIMEOUT_MS [ARGS...]: start the relay towards the CURVE
    # daemon with ARGS, post a Hello to it and stop it: what it answered
    # in $work/NAME.out, its log in NAME.log.
    relay () {
        local name=$1 timeout=$2 relay_pid
        shift 2
        "$PY" "$SOURCE_DIR/clients/web/relay.py" --listen 127.0.0.1:0 \
            --port-file "$work/$name.port" --endpoint "$endpoint" \
            --timeout "$timeout" --node-modules "$work/node_modules" "$@" \
            >"$work/$name.log" 2>&1 &
        relay_pid=$!
        lib_bg "$relay_pid"
        for _ in $(seq 1 "$WAIT_TENTHS"); do
            [ -s "$work/$name.port" ] && break
            kill -0 "$relay_pid" 2>/dev/null || break
            sleep 0.1
        done
        if [ -s "$work/$name.port" ]; then
            run "$name" "$PY" "$work/post_hello.py" \
                "$SOURCE_DIR/clients/python" \
                "http://127.0.0.1:$(cat "$work/$name.port")/"
        else
            echo "the relay did not come up" >"$work/$name.out"
            cat "$work/$name.log" >>"$work/$name.out"
        fi
        kill -TERM "$relay_pid" 2>/dev/null
        wait "$relay_pid" 2>/dev/null
    }
    relay relay_alice 60000 --server-key "$work/server.pub" \
        --client-key-file "$work/alice"
    expect_in relay_alice out "status 200 id 77 protocol 1"
    expect_in relay_alice log "with CURVE, public key $(public "$work/alice")"
    # the keys from the environment, as for the other clients
    SOLO_SERVER_KEY="$(cat "$work/keys.out")" \
        SOLO_CLIENT_KEY_FILE="$work/alice" relay relay_env 60000
    expect_in relay_env out "status 200 id 77 protocol 1"
    relay relay_mallory "$REFUSED_MS" --server-key "$work/server.pub" \
        --client-key-file "$work/mallory"
    expect_in relay_mallory out \
        "status 504 no answer from $endpoint within $REFUSED_MS ms"
    expect_in relay_mallory out \
        "public key ($(public "$work/mallory")) on its allow-list"
    relay relay_plain "$REFUSED_MS"
    expect_in relay_plain out "status 504 no answer from $endpoint"
    run relay_half "$PY" "$SOURCE_DIR/clients/web/relay.py" \
        --endpoint "$endpoint" --client-key-file "$work/alice" \
        --node-modules "$work/node_modules"
    expect_rc relay_half 1
    expect_in relay_half err \
        "relay: CURVE needs both the server key and the client key file"
    stop curve
fi

# ---- the bind rule -------------------------------------------------------------

cat >"$work/open.conf" <<EOF
solod = { bind = "tcp://0.0.0.0:$(free_port)"; data_dir = "$SOURCE_DIR/rules/data";
          state_db = ":memory:"; };
EOF
run open "$SOLOD" --config "$work/open.conf"
expect_rc open 1
expect_in open err "refusing to bind tcp://0.0.0.0:"
expect_in open err "insecure = true"
run open_cli "$SOLOD" --bind "tcp://*:$(free_port)" --config "$work/open.conf"
expect_rc open_cli 1
expect_in open_cli err "without CURVE"
cat >"$work/insecure.in" <<EOF
solod = { bind = "tcp://0.0.0.0:@PORT@"; data_dir = "$SOURCE_DIR/rules/data";
          state_db = ":memory:"; insecure = true; };
EOF
if start insecure "$work/insecure.in"; then
    run insecure_hello "$SOLO" --endpoint "tcp://127.0.0.1:$port" \
        --timeout 60000 hello
    expect_rc insecure_hello 0
    stop insecure
fi

# ---- broken curve settings -------------------------------------------------------

printf 'solod = {\n  curve = {\n    secret_key_file = "server";\n  };\n};\n' >"$work/noclients.conf"
run noclients "$SOLOD" --config "$work/noclients.conf"
expect_rc noclients 1
expect_in noclients err "$work/noclients.conf:2 - curve needs allowed_clients"
printf 'solod = {\n  curve = {\n    secret_key = "short";\n    allowed_clients = [ "x" ];\n  };\n};\n' >"$work/short.conf"
run short "$SOLOD" --config "$work/short.conf"
expect_rc short 1
expect_in short err "$work/short.conf:3 - 'curve.secret_key': the key is 5 characters, a Z85 key is 40"

# ---- SIGTERM during a long search ------------------------------------------------

cat >"$work/search.in" <<EOF
solod = { bind = "tcp://127.0.0.1:@PORT@"; data_dir = "$SOURCE_DIR/rules/data";
          state_db = ":memory:"; workers = 2; };
EOF
if start search "$work/search.in"; then
    idle=$(cpu_ticks "$pid")
    "$SOLO" --endpoint "tcp://127.0.0.1:$port" --timeout 120000 side \
        --scenario farm --side red --budget-ms 60000 --json >"$work/side.out" 2>&1 &
    side_pid=$!
    lib_bg "$side_pid"
    # The search is under way once the daemon, idle until now, has used a
    # fifth of a second of CPU: not after a fixed sleep, which a busy
    # machine can outlast before the request has even arrived (the daemon
    # then stops with nothing in hand, and the search is never answered).
    # The log says below that the search was in hand.
    for _ in $(seq 1 "$WAIT_TENTHS"); do
        [ $(( $(cpu_ticks "$pid") - idle )) -ge 20 ] && break
        sleep 0.1
    done
    start_ns=$(date +%s%N)
    kill -TERM "$pid"
    wait "$pid"
    status=$?
    took_ms=$(( ($(date +%s%N) - start_ns) / 1000000 ))
    pid=
    echo "solod stopped ${took_ms} ms after SIGTERM during a 60 s search"
    checks=$((checks + 1))
    [ "$status" = 0 ] || fail "solod exited $status after SIGTERM during a search"
    checks=$((checks + 1))
    [ "$took_ms" -lt 1000 ] || fail "solod took ${took_ms} ms to stop during a search"
    expect_in search log "stopping: 1 requests in hand, 0 queued"
    wait "$side_pid"
    side_rc=$?
    checks=$((checks + 1))
    [ "$side_rc" = 0 ] || { fail "the search was not answered (solo exit $side_rc)"; sed 's/^/    solo: /' "$work/side.out" >&2; }
    expect_in side out '"stopped":true'              # with what it had
fi

lib_finish
