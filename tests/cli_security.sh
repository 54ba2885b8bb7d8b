#!/bin/bash
# cli_security.sh - who may talk to the real solod: keys made with
# solod --make-keys, a CURVE daemon that answers the solo client with an
# allowed key and nobody else, the refusal of a bind other machines can
# reach without CURVE (unless insecure = true), a broken curve group
# refused with file:line, and SIGTERM during a long search ending within
# a second.
#
#   bash tests/cli_security.sh <solod> <solo>
set -u

. "$(dirname "$0")/lib.sh"
lib_init cli_security
pid=

# start NAME CONFIG: start solod with CONFIG alone (its bind is part of the
# test, so not start_solod) and wait for its log to say it serves.
start () {
    : >"$work/$1.log"
    "$SOLOD" --config "$2" >"$work/$1.log" 2>&1 &
    pid=$!
    lib_bg "$pid"
    for _ in $(seq 1 100); do
        grep -qF "serving on" "$work/$1.log" && return 0
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    fail "$1: solod did not come up"
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

# ---- keys ----------------------------------------------------------------------

cd "$work" || exit 1
run keys "$SOLOD" --make-keys "$work/server"
expect_rc keys 0
checks=$((checks + 1))
[ "$(stat -c %a "$work/server")" = 600 ] || fail "the secret key file is not mode 600"
checks=$((checks + 1))
grep -qxF "$(cat "$work/keys.out")" "$work/server.pub" \
    || fail "the public key printed is not the one in server.pub"
run again "$SOLOD" --make-keys "$work/server"
expect_rc again 1
expect_in again err "exists; not overwritten"
"$SOLOD" --make-keys "$work/alice" >/dev/null
"$SOLOD" --make-keys "$work/eve" >/dev/null

# ---- a CURVE daemon --------------------------------------------------------------

port=$(free_port)
cat >"$work/curve.conf" <<EOF
solod = {
  bind = "tcp://0.0.0.0:$port";   # other machines: CURVE makes it allowed
  data_dir = "$SOURCE_DIR/rules/data";
  state_db = ":memory:";
  curve = {
    secret_key_file = "server";
    allowed_client_files = [ "alice.pub" ];
  };
};
EOF
endpoint="tcp://127.0.0.1:$port"
if start curve "$work/curve.conf"; then
    expect_in curve log "CURVE on: server key $(cat "$work/keys.out"), 1 allowed clients"
    run alice "$SOLO" --endpoint "$endpoint" --server-key "$work/server.pub" \
        --client-key-file "$work/alice" --json hello
    expect_rc alice 0
    expect_in alice out '"protocol_version":1'
    # the keys from the environment, the server key as text
    run alice_env env SOLO_SERVER_KEY="$(cat "$work/keys.out")" \
        SOLO_CLIENT_KEY_FILE="$work/alice" \
        "$SOLO" --endpoint "$endpoint" ask --arm cavalry --rf 3 --roll 6
    expect_rc alice_env 0
    run eve "$SOLO" --endpoint "$endpoint" --server-key "$work/server.pub" \
        --client-key-file "$work/eve" --timeout 1500 hello
    expect_rc eve 4
    expect_in eve err "allow-list"
    expect_in curve log "refused: client key not on the allow-list, key $(sed -n 2p "$work/eve.pub")"
    run plain "$SOLO" --endpoint "$endpoint" --timeout 1500 hello
    expect_rc plain 4
    run half "$SOLO" --endpoint "$endpoint" --server-key "$work/server.pub" hello
    expect_rc half 2
    expect_in half err "CURVE needs both --server-key and --client-key-file"
    run badkey "$SOLO" --endpoint "$endpoint" --server-key "$work/nothing.pub" \
        --client-key-file "$work/alice" hello
    expect_rc badkey 2
    expect_in badkey err "nothing.pub\" is neither a Z85 key"
    run alice_again "$SOLO" --endpoint "$endpoint" --server-key "$work/server.pub" \
        --client-key-file "$work/alice" hello
    expect_rc alice_again 0
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
port=$(free_port)
cat >"$work/insecure.conf" <<EOF
solod = { bind = "tcp://0.0.0.0:$port"; data_dir = "$SOURCE_DIR/rules/data";
          state_db = ":memory:"; insecure = true; };
EOF
if start insecure "$work/insecure.conf"; then
    run insecure_hello "$SOLO" --endpoint "tcp://127.0.0.1:$port" hello
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

port=$(free_port)
cat >"$work/search.conf" <<EOF
solod = { bind = "tcp://127.0.0.1:$port"; data_dir = "$SOURCE_DIR/rules/data";
          state_db = ":memory:"; workers = 2; };
EOF
if start search "$work/search.conf"; then
    "$SOLO" --endpoint "tcp://127.0.0.1:$port" --timeout 120000 side \
        --scenario farm --side red --budget-ms 60000 --json >"$work/side.out" 2>&1 &
    side_pid=$!
    sleep 1                                     # the search is under way
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
    wait "$side_pid"
    side_rc=$?
    checks=$((checks + 1))
    [ "$side_rc" = 0 ] || { fail "the search was not answered (solo exit $side_rc)"; sed 's/^/    solo: /' "$work/side.out" >&2; }
    expect_in side out '"stopped":true'              # with what it had
fi

lib_finish
