#!/bin/bash
# cli_daemon.sh - the real solod binary: its options, a broken config
# refused with file:line, serving (asked with the solo client), the seed,
# garbage on its port, and a clean stop on SIGTERM and SIGINT.
#
#   bash tests/cli_daemon.sh <solod> <solo>
set -u

. "$(dirname "$0")/lib.sh"
lib_init cli_daemon

# stop NAME SIGNAL: stop_solod, and its log NAME.log says it stopped.
stop () {
    stop_solod "$2" || sed 's/^/    solod: /' "$work/$1.log" >&2
    checks=$((checks + 1))
    grep -qF "stopped" "$work/$1.log" || fail "$1: no 'stopped' in the log"
}

cat >"$work/solod.conf" <<EOF
solod = {
  data_dir = "$SOURCE_DIR/rules/data";
  workers = 2;
  log_level = "info";
  state_db = "solod.db";
};
EOF

# ---- options ------------------------------------------------------------------

run version "$SOLOD" --version
expect_rc version 0
expect_in version out "solod "

run help "$SOLOD" --help
expect_rc help 0
expect_in help out "--config FILE"
expect_in help out "tcp://127.0.0.1:7460"

run unknown_option "$SOLOD" --frobnicate
expect_rc unknown_option 2
expect_in unknown_option err "unknown option '--frobnicate'"

run no_value "$SOLOD" --bind
expect_rc no_value 2
expect_in no_value err "--bind needs a value"

run bad_seed "$SOLOD" --seed twelve
expect_rc bad_seed 2
expect_in bad_seed err "--seed 'twelve'"

run bad_workers "$SOLOD" --workers 0
expect_rc bad_workers 2
expect_in bad_workers err "--workers '0'"

run bad_level "$SOLOD" --log-level loud
expect_rc bad_level 2
expect_in bad_level err "--log-level 'loud'"

# ---- broken configs: refused with file:line - reason ---------------------------

printf 'solod = {\n  workers = 2;\n  wokers = 3;\n};\n' >"$work/typo.conf"
run typo "$SOLOD" --config "$work/typo.conf"
expect_rc typo 1
expect_in typo err "$work/typo.conf:3 - unknown key 'wokers'"

printf 'solod = {\n  workers = "many";\n};\n' >"$work/type.conf"
run type "$SOLOD" --config "$work/type.conf"
expect_rc type 1
expect_in type err "$work/type.conf:2 - 'workers' must be an integer"

printf 'solod = {\n\n  queue_max = 1000000;\n};\n' >"$work/range.conf"
run range "$SOLOD" --config "$work/range.conf"
expect_rc range 1
expect_in range err "$work/range.conf:3 - 'queue_max' is 1000000"

printf 'solod = {\n  bind = "tcp://127.0.0.1:7460"\n  seed = = 1;\n};\n' >"$work/syntax.conf"
run syntax "$SOLOD" --config "$work/syntax.conf"
expect_rc syntax 1
expect_in syntax err "$work/syntax.conf:3 - syntax error"

run missing "$SOLOD" --config "$work/none.conf"
expect_rc missing 1
expect_in missing err "$work/none.conf - cannot read"

printf 'solod = {\n  data_dir = "no-such-folder";\n};\n' >"$work/data.conf"
run data "$SOLOD" --config "$work/data.conf"
expect_rc data 1
expect_in data err "$work/no-such-folder - cannot read the data folder"

# a broken table file names its own file and line
mkdir -p "$work/data/broken"
printf 'name = "broken";\ntitle = "x";\nunits = ;\n' >"$work/data/broken/tables.cfg"
printf 'solod = {\n  data_dir = "data";\n  default_ruleset = "broken";\n};\n' >"$work/tables.conf"
run tables "$SOLOD" --config "$work/tables.conf"
expect_rc tables 1
expect_in tables err "$work/data/broken/tables.cfg:3"

# the example config shipped with the daemon is valid (bind elsewhere);
# the daemons wait for their log to say they serve, so that no request is
# sent to find out and their dice see only the requests a test makes
start_solod --log "$work/example.log" --wait-log --state-db "$work/example.db" \
    && stop example TERM

# ---- serving --------------------------------------------------------------------

# the command line's --bind overrides the file's
printf 'solod = {\n  bind = "tcp://127.0.0.1:1";\n  data_dir = "%s/rules/data";\n  state_db = ":memory:";\n};\n' \
    "$SOURCE_DIR" >"$work/override.conf"
if start_solod --log "$work/serve.log" --wait-log --config "$work/override.conf" \
        --state-db :memory: --seed 5; then
    endpoint=$ENDPOINT
    port=$SOLOD_PORT
    run hello "$SOLO" --endpoint "$endpoint" hello --json
    expect_rc hello 0
    expect_json hello '
assert d["protocol_version"] == 1
assert "skirmish19" in [r["name"] for r in d["rulesets"]]
'
    # Infantry, RF1, D6 2: "Halt in position facing the nearest enemy"
    run ask "$SOLO" --endpoint "$endpoint" ask --arm infantry --rf 1 --roll 2 --json
    expect_rc ask 0
    expect_json ask '
assert d["action"] == "halt", d["action"]
assert d["layer"] == "table" and d["ruleset"] == "skirmish19"
assert len(d["tables_hash"]) == 16
'
    # the daemon's own roll, with the seed it used
    run rolled "$SOLO" --endpoint "$endpoint" ask --arm infantry --rf 3 --json
    expect_rc rolled 0
    first_roll=$(json_field "$work/rolled.out" roll)
    first_seed=$(json_field "$work/rolled.out" seed)

    # a situation file, asked about a unit that is not in it: an error
    # reply, and the daemon keeps serving
    cat >"$work/sit.cfg" <<EOF
ruleset = "skirmish19";
table = { width = 120.0; depth = 120.0; };
units = (
  { id = "blue-1"; side = "blue"; arm = "infantry"; weapon = "musket";
    figures = 12; x = 60.0; y = 30.0; facing = 0.0; width = 12.0; depth = 4.0; },
  { id = "red-1"; side = "red"; arm = "infantry"; weapon = "musket";
    figures = 12; x = 60.0; y = 70.0; facing = 180.0; width = 12.0; depth = 4.0; }
);
EOF
    run unknown_unit "$SOLO" --endpoint "$endpoint" ask --situation "$work/sit.cfg" --unit green-1 --roll 3
    expect_rc unknown_unit 3
    expect_in unknown_unit err "UNKNOWN_UNIT"
    run situation "$SOLO" --endpoint "$endpoint" ask --situation "$work/sit.cfg" --unit red-1 --roll 3 --json
    expect_rc situation 0
    expect_json situation '
assert d["unit_id"] == "red-1"
assert d["roll"] == 3 and d["roll_from_player"] is True
assert d["geometry"]["nearest_enemy_id"] == "blue-1", d["geometry"]
'

    # garbage on the TCP port (not ZeroMQ at all): the connection is
    # dropped, the daemon keeps serving
    if exec 3<>"/dev/tcp/127.0.0.1/$port"; then
        printf 'GET / HTTP/1.0\r\n\r\n\377\377\377\377garbage' >&3
        exec 3>&-
    fi
    run after_garbage "$SOLO" --endpoint "$endpoint" hello
    expect_rc after_garbage 0

    # a second daemon cannot bind the same endpoint
    run twice "$SOLOD" --config "$work/solod.conf" --bind "$endpoint"
    expect_rc twice 1
    expect_in twice err "cannot bind $endpoint"

    stop serve TERM
    # one log line per request: id, body, time, result
    checks=$((checks + 1))
    grep -qE "request id=[0-9]+ body=hello [0-9.]+ ms OK" "$work/serve.log" \
        || fail "serve: no request line for a hello in the log"
    checks=$((checks + 1))
    grep -qE "body=ask_unit [0-9.]+ ms UNKNOWN_UNIT field=ask_unit.unit_id" "$work/serve.log" \
        || fail "serve: no request line for the unknown unit in the log"
    checks=$((checks + 1))
    grep -qF "dice seed 5" "$work/serve.log" || fail "serve: the seed is not logged"
fi

# a request too big for ZeroMQ's limit (max_message_bytes and a quarter)
# is dropped by ZeroMQ with its connection: the log says so, the one
# trace of it; a client that was answered leaves no such line
printf 'solod = {\n  data_dir = "%s/rules/data";\n  max_message_bytes = 65536;\n  state_db = ":memory:";\n};\n' \
    "$SOURCE_DIR" >"$work/small.conf"
{
    echo 'ruleset = "skirmish19";'
    echo 'table = { width = 2000.0; depth = 2000.0; };'
    echo 'units = ('
    for i in $(seq 1 1200); do
        echo "  { id = \"blue-$i\"; side = \"blue\"; arm = \"infantry\"; weapon = \"musket\"; figures = 10; x = $((i % 90 * 20 + 10)).0; y = $((i / 90 * 10 + 10)).0; facing = 0.0; width = 10.0; depth = 3.0; },"
    done
    echo '  { id = "red-1"; side = "red"; arm = "infantry"; weapon = "musket"; figures = 10; x = 1000.0; y = 1900.0; facing = 180.0; width = 10.0; depth = 3.0; }'
    echo ');'
} >"$work/too_big.cfg"
if start_solod --log "$work/too_big.log" --wait-log --config "$work/small.conf"; then
    run small_hello "$SOLO" --endpoint "$ENDPOINT" hello
    expect_rc small_hello 0
    sleep 0.3
    checks=$((checks + 1))
    if grep -qF "left without a request" "$work/too_big.log"; then
        fail "too_big: an answered client was logged as leaving unheard"
    fi
    run too_big "$SOLO" --endpoint "$ENDPOINT" --timeout 1000 ask --situation "$work/too_big.cfg" --unit red-1
    expect_rc too_big 4
    sleep 0.3
    checks=$((checks + 1))
    grep -qF "left without a request the daemon could read: a request of more than 81920 bytes" "$work/too_big.log" \
        || fail "too_big: no line in the log for the request ZeroMQ dropped"
    stop too_big TERM
fi

# a battle of long searches does not hold a SIGTERM up: the battle stops
# between phases and its searches answer at once (a farm battle at a
# second a decision takes over ten; stop() allows 10 s, and a battle
# played to its end would be told OK)
if start_solod --log "$work/battle_stop.log" --wait-log --config "$work/solod.conf"; then
    "$SOLO" --endpoint "$ENDPOINT" --timeout 60000 battle --scenario farm \
        --blue search:ms=1000 --red search:ms=1000 --seed 1 \
        >"$work/long_battle.out" 2>"$work/long_battle.err" &
    battle_pid=$!
    sleep 1.5                           # the battle is under way
    stop battle_stop TERM
    wait "$battle_pid"
    battle_rc=$?
    checks=$((checks + 1))
    [ "$battle_rc" != 0 ] || fail "battle_stop: a stopped battle reported success"
    checks=$((checks + 1))
    grep -qF "stopping" "$work/long_battle.err" \
        || fail "battle_stop: the client was not told the daemon is stopping: $(cat "$work/long_battle.err")"
fi

# the same --seed gives the same first roll after a restart; SIGINT stops
# as cleanly as SIGTERM
if start_solod --log "$work/again.log" --wait-log --config "$work/solod.conf" --seed 5; then
    endpoint=$ENDPOINT
    # the same requests in the same order as before
    "$SOLO" --endpoint "$endpoint" hello --json >/dev/null 2>&1
    "$SOLO" --endpoint "$endpoint" ask --arm infantry --rf 1 --roll 2 >/dev/null 2>&1
    run rolled_again "$SOLO" --endpoint "$endpoint" ask --arm infantry --rf 3 --json
    expect_rc rolled_again 0
    checks=$((checks + 1))
    if [ "$(json_field "$work/rolled_again.out" seed)" != "$first_seed" ] \
    || [ "$(json_field "$work/rolled_again.out" roll)" != "$first_roll" ]; then
        fail "seed: a restart with --seed 5 did not repeat the roll ($first_roll, seed $first_seed)"
    fi
    # and asking with the reported seed repeats it too
    run reseeded "$SOLO" --endpoint "$endpoint" ask --arm infantry --rf 3 --seed "$first_seed" --json
    expect_rc reseeded 0
    checks=$((checks + 1))
    [ "$(json_field "$work/reseeded.out" roll)" = "$first_roll" ] \
        || fail "seed: --seed $first_seed did not repeat roll $first_roll"
    stop again INT
fi

lib_finish
