#!/bin/bash
# cli_solo.sh - the solo command line client end to end, against the real
# solod: start the daemon on a free loopback port, ask, check the plain
# words and the --json output (with python3's json module), check the
# errors and exit codes, stop the daemon.
#
#   bash tests/cli_solo.sh <solod> <solo>
set -u

. "$(dirname "$0")/lib.sh"
lib_init cli_solo

# ---- start the daemon -------------------------------------------------------

unset NO_COLOR
start_solod --seed 42 || lib_finish

cd "$work" || exit 1

# ---- hello --------------------------------------------------------------------

run hello "$SOLO" hello
expect_rc hello 0
expect_in hello out "solod "
expect_in hello out "at $ENDPOINT, protocol 1"
expect_in hello out "skirmish19"
expect_in hello out "Limits: messages up to"
expect_not_in hello out $'\033'

run hello_json "$SOLO" hello --json
expect_rc hello_json 0
expect_json hello_json '
assert d["protocol_version"] == 1
names = [r["name"] for r in d["rulesets"]]
assert "skirmish19" in names, names
r = d["rulesets"][names.index("skirmish19")]
assert len(r["tables_hash"]) >= 8, r
assert d["limits"]["max_message_bytes"] > 0
assert d["limits"]["max_units"] > 0
'
tables_hash=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print([r for r in d["rulesets"] if r["name"]=="skirmish19"][0]["tables_hash"])' "$work/hello_json.out" 2>/dev/null)

# SOLO_ENDPOINT is honoured; --endpoint overrides it
run env_override env SOLO_ENDPOINT=tcp://127.0.0.1:1 "$SOLO" hello --endpoint "$ENDPOINT"
expect_rc env_override 0

# ---- a plain table look-up ----------------------------------------------------

# Infantry, RF2-5 row of the seed: withdraw, take cover, halt, continue
# facing (Charge?), continue facing (Charge?), advance (Charge?).
run direct "$SOLO" ask --arm infantry --rf 3 --roll 4
expect_rc direct 0
expect_in direct out "RF 3 (RF2-5), rolled 4 (your die)"
expect_in direct out "Action: Continue current actions facing the nearest enemy (Charge?) -> continue_facing_charge"
expect_in direct out "Morale: steady"
expect_in direct out "Every roll:"
expect_in direct out "  1  withdraw "
expect_in direct out "> 4  continue_facing_charge "
expect_in direct out "  6  advance_charge "
expect_in direct out "Decided by: table (skirmish19, tables ${tables_hash:0:12})"
expect_not_in direct out $'\033'

run direct_json "$SOLO" ask --arm infantry --rf 3 --roll 4 --json
expect_rc direct_json 0
expect_json direct_json '
assert d["action"] == "continue_facing_charge", d["action"]
assert d["rf"] == 3 and d["rf_band"] == "RF2-5"
assert d["roll"] == 4 and d["roll_from_player"] is True
assert d["arm"] == "infantry"
assert [o["action"] for o in d["outcomes"]] == ["withdraw", "take_cover", "halt",
    "continue_facing_charge", "continue_facing_charge", "advance_charge"]
assert [o["roll"] for o in d["outcomes"]] == [1, 2, 3, 4, 5, 6]
assert d["morale"] == "steady"
assert isinstance(d["charge"], bool)
assert d["layer"] == "table" and d["ruleset"] == "skirmish19"
assert d["geometry"] is None
assert isinstance(d["factors"], list)
for f in d["factors"]:
    assert set(f) >= {"name", "value", "reason"}
for key in ("explanation", "unit_id", "seed", "action_text"):
    assert key in d, key
'
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(d["tables_hash"] != sys.argv[2])' \
    "$work/direct_json.out" "$tables_hash" || fail "direct_json: tables_hash differs from hello's"

# Cavalry with factors: +1 enemy in range, +2 flank = RF 3; RF2-5 face 4
# is "Continue current actions facing the nearest enemy" (no charge).
run cavalry "$SOLO" ask --arm cavalry --factor enemy_in_range=1 --factor flank_or_rear=2 --roll 4 --json
expect_rc cavalry 0
expect_json cavalry '
assert d["rf"] == 3 and d["rf_band"] == "RF2-5", d
assert d["action"] == "continue_facing", d["action"]
assert d["charge"] is False
assert d["arm"] == "cavalry"
assert {(f["name"], f["value"]) for f in d["factors"]} == {("enemy_in_range", 1), ("flank_or_rear", 2)}, d["factors"]
assert [o["action"] for o in d["outcomes"]] == ["withdraw", "take_cover", "halt",
    "continue_facing", "continue_facing_charge", "advance_charge"]
'
run cavalry_words "$SOLO" ask --arm cavalry --factor=enemy_in_range=1 --factor flank_or_rear=2 --roll=4
expect_rc cavalry_words 0
expect_in cavalry_words out "cavalry table - RF 3 (RF2-5), rolled 4 (your die)"
expect_in cavalry_words out "+1 enemy_in_range"
expect_in cavalry_words out "+2 flank_or_rear"

# Cavalry RF9+: run, run, withdraw, take cover, halt, halt.
run cavalry9 "$SOLO" --json ask --arm cavalry --rf 12 --roll 6
expect_rc cavalry9 0
expect_json cavalry9 '
assert d["rf_band"] == "RF9+" and d["action"] == "halt", d
assert [o["action"] for o in d["outcomes"]] == ["run", "run", "withdraw",
    "take_cover", "halt", "halt"]
'

# Up to RF0, a fortified infantry unit never moves: a 6 is no advance.
run fortified "$SOLO" ask --arm infantry --rf -2 --fortified --roll 6 --json
expect_rc fortified 0
expect_json fortified '
assert d["rf_band"] == "up to RF0", d["rf_band"]
assert d["action"] == "continue", d["action"]
'

# The daemon rolls, and says the seed that repeats the answer.
run rolled "$SOLO" ask --arm infantry --rf 7 --json
expect_rc rolled 0
expect_json rolled '
assert d["roll_from_player"] is False
assert 1 <= d["roll"] <= 6
assert isinstance(d["seed"], int)
assert d["action"] == d["outcomes"][d["roll"] - 1]["action"]
'
seed=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["seed"])' "$work/rolled.out" 2>/dev/null)
for i in 1 2 3; do
    run "again$i" "$SOLO" ask --arm infantry --rf 7 --seed "$seed" --json
    expect_rc "again$i" 0
    python3 - "$work/rolled.out" "$work/again$i.out" <<'PY' || fail "again$i: the same seed gave another answer"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
assert (a["roll"], a["action"], a["seed"]) == (b["roll"], b["action"], b["seed"]), (a, b)
PY
done
run rolled_words "$SOLO" ask --arm infantry --rf 7 --seed "$seed"
expect_in rolled_words out "(daemon's die, seed $seed)"

# ---- the full question from a situation file --------------------------------

# red-2: regular musket line, 3 of 10 figures lost; blue-1 stands 31 cm in
# front of it in the open.  Risk factors: -1 regulars, +1 enemy in range,
# +3 for 30% lost = RF 3.
cat >"$work/field.cfg" <<'EOF'
ruleset = "skirmish19";
title = "solo end to end";
table = { width = 180.0; depth = 120.0; };
terrain = (
  { id = "copse"; kind = "woods";
    polygon = ( [100.0, 60.0], [130.0, 60.0], [130.0, 90.0], [100.0, 90.0] ); }
);
units = (
  { id = "red-2"; side = "red"; arm = "infantry"; quality = "regular";
    weapon = "musket"; figures = 10; wounded = 2; killed = 1;
    x = 60.0; y = 80.0; facing = 180.0; width = 12.0; depth = 3.0; },
  { id = "blue-1"; side = "blue"; arm = "infantry"; quality = "regular";
    weapon = "musket"; figures = 10;
    x = 60.0; y = 46.0; facing = 0.0; width = 12.0; depth = 3.0; }
);
EOF

run situation "$SOLO" ask --situation field.cfg --unit red-2 --roll 4
expect_rc situation 0
expect_in situation out "red-2 (infantry) - RF 3 (RF2-5), rolled 4 (your die)"
expect_in situation out "-1 regulars"
expect_in situation out "+1 enemy_in_range"
expect_in situation out "+3 per_tenth_lost"
expect_in situation out "-> continue_facing_charge, charge: no (nearest enemy blue-1 31.0 cm away, beyond charge reach)"
expect_in situation out "Geometry: nearest enemy blue-1 at 31.0 cm (in weapon range: yes"
expect_in situation out "shoot at blue-1"
expect_in situation out "> 4  continue_facing_charge"
expect_not_in situation out "Working:"

run situation_verbose "$SOLO" ask --situation field.cfg --unit red-2 --roll 4 --verbose
expect_rc situation_verbose 0
expect_in situation_verbose out "Working:"

run situation_json "$SOLO" ask --situation field.cfg --unit red-2 --roll 4 --json
expect_rc situation_json 0
expect_json situation_json '
assert d["unit_id"] == "red-2" and d["arm"] == "infantry"
assert d["rf"] == 3 and d["rf_band"] == "RF2-5"
assert {(f["name"], f["value"]) for f in d["factors"]} == {
    ("regulars", -1), ("enemy_in_range", 1), ("per_tenth_lost", 3)}, d["factors"]
assert all(f["reason"] for f in d["factors"])
assert d["action"] == "continue_facing_charge" and d["charge"] is False
assert len(d["outcomes"]) == 6
g = d["geometry"]
assert g["nearest_enemy_id"] == "blue-1", g
assert abs(g["nearest_enemy_distance"] - 31.0) < 0.01, g
assert g["enemy_in_weapon_range"] is True and g["enemy_in_charge_reach"] is False
assert g["shoot_target_id"] == "blue-1"
assert g["charge_target_id"] is None, g
assert isinstance(g["facing"], (int, float))
assert isinstance(g["group_unit_ids"], list)
assert d["explanation"]
assert d["layer"] == "table" and d["ruleset"] == "skirmish19"
'

# A roll of 1 in RF2-5 withdraws: a move somewhere.
run withdraw "$SOLO" ask --situation field.cfg --unit red-2 --roll 1 --json
expect_rc withdraw 0
expect_json withdraw '
assert d["action"] == "withdraw" and d["morale"] == "shaken", d
g = d["geometry"]
assert g["destination"] is not None and g["move_distance"] > 0, g
'

# The situation from standard input.
run stdin "$SOLO" ask --situation - --unit blue-1 --roll 2 --json <"$work/field.cfg"
expect_rc stdin 0
expect_json stdin 'assert d["unit_id"] == "blue-1"'

# A FIFO nobody writes to is given up after --timeout, not waited on for
# ever; one that is written to is read.
mkfifo "$work/situation.fifo"
run fifo_silent "$SOLO" --timeout 300 ask --situation "$work/situation.fifo" --unit blue-1
expect_rc fifo_silent 2
expect_in fifo_silent err "nothing more to read after 300 ms (--timeout)"
(sleep 0.2; cat "$work/field.cfg" >"$work/situation.fifo") &
writer=$!
run fifo_written "$SOLO" --timeout 5000 ask --situation "$work/situation.fifo" --unit blue-1 --roll 2 --json
kill "$writer" 2>/dev/null         # a writer left alone if the read failed
wait "$writer" 2>/dev/null
expect_rc fifo_written 0
expect_json fifo_written 'assert d["unit_id"] == "blue-1"'

# The web table's JSON file is read too (the protocol's JSON situation),
# and a mistake in one is named by line and field, locally
run web_json "$SOLO" ask --situation "$SOURCE_DIR/clients/web/situations/farm.json" --unit red-line --roll 3 --json
expect_rc web_json 0
expect_json web_json 'assert d["unit_id"] == "red-line" and d["roll"] == 3'
printf '{ "units": [\n  { "id": "a", "side": "SIDE_PURPLE" } ] }\n' >"$work/bad.json"
run bad_json "$SOLO" ask --situation "$work/bad.json" --unit a
expect_rc bad_json 2
expect_in bad_json err "(JSON): line 2, units[0].side: unknown Side \"SIDE_PURPLE\" (SIDE_BLUE, SIDE_RED)"

# ---- errors from the daemon: exit 3, "error CODE (field): message" ----------

run unknown_unit "$SOLO" ask --situation field.cfg --unit red-9
expect_rc unknown_unit 3
expect_in unknown_unit err "error UNKNOWN_UNIT (ask_unit.unit_id): "
expect_in unknown_unit err "red-9"

run unknown_unit_json "$SOLO" ask --situation field.cfg --unit red-9 --json
expect_rc unknown_unit_json 3
expect_json unknown_unit_json '
e = d["error"]
assert e["code"] == "UNKNOWN_UNIT" and e["field"] == "ask_unit.unit_id", e
assert "red-9" in e["message"]
'

# Under --json this program's own failures are JSON on standard output
# too, in the shape of the daemon's errors: a bad command line, a file
# that cannot be read, no daemon.
run usage_json "$SOLO" ask --bogus --json
expect_rc usage_json 2
expect_json usage_json '
e = d["error"]
assert e["code"] == "USAGE" and e["exit_code"] == 2 and e["field"] is None, e
assert "--bogus" in e["message"], e
'
run no_file_json "$SOLO" --json ask --situation missing.cfg --unit red-1
expect_rc no_file_json 2
expect_json no_file_json '
e = d["error"]
assert e["code"] == "USAGE" and "missing.cfg" in e["message"], e
'
run no_daemon_json "$SOLO" --json --endpoint tcp://127.0.0.1:9 --timeout 200 hello
expect_rc no_daemon_json 4
expect_json no_daemon_json '
e = d["error"]
assert e["code"] == "NO_ANSWER" and e["exit_code"] == 4, e
'
# solo side takes no more search time than the daemon gives (max_budget_ms)
run budget_over "$SOLO" side --scenario farm --side red --budget-ms 60001
expect_rc budget_over 2
expect_in budget_over err "--budget-ms wants milliseconds, 1 to 60000"
run no_daemon_words "$SOLO" --endpoint tcp://127.0.0.1:9 --timeout 200 hello
expect_rc no_daemon_words 4
expect_not_in no_daemon_words out "error"

# A bad weapon: the file name the player gave, the line, the unit, the word.
sed 's/"musket"; figures = 10; wounded/"blunderbuss"; figures = 10; wounded/' \
    "$work/field.cfg" >"$work/bad weapon.cfg"
bad_line=$(grep -n blunderbuss "$work/bad weapon.cfg" | cut -d: -f1)
run bad_weapon "$SOLO" ask --situation "bad weapon.cfg" --unit red-2
expect_rc bad_weapon 3
expect_in bad_weapon err "error BAD_REQUEST (ask_unit.situation_text): bad weapon.cfg:$bad_line - "
expect_in bad_weapon err "blunderbuss"

printf 'ruleset = "skirmish19";\ntable = { width = 100.0;\n' >"$work/syntax.cfg"
run syntax "$SOLO" ask --situation ./syntax.cfg --unit red-2
expect_rc syntax 3
expect_in syntax err "(ask_unit.situation_text): ./syntax.cfg:"

run unknown_ruleset "$SOLO" ask --arm infantry --rf 1 --ruleset no-such-rules
expect_rc unknown_ruleset 3
expect_in unknown_ruleset err "error UNKNOWN_RULESET"

# ---- usage errors: exit 2, nothing sent ---------------------------------------

usage_case () {
    local name=$1 text=$2
    shift 2
    run "$name" "$SOLO" "$@"
    expect_rc "$name" 2
    expect_in "$name" err "solo: "
    expect_in "$name" err "$text"
}
usage_case no_command       "which command"
usage_case bad_command      "unknown command \"dance\"" dance
usage_case roll_seven       "--roll wants the face of a D6, 1 to 6, not \"7\"" ask --arm infantry --rf 1 --roll 7
usage_case roll_zero        "--roll wants the face of a D6" ask --arm infantry --rf 1 --roll 0
usage_case bad_arm          "--arm wants infantry, cavalry" ask --arm pikemen --rf 1
usage_case bad_rf           "--rf wants a whole number, not \"three\"" ask --arm infantry --rf three
usage_case rf_and_factor    "not both" ask --arm infantry --rf 1 --factor flank_or_rear=2
usage_case no_rf            "--arm needs --rf N" ask --arm infantry
usage_case bad_factor       "--factor wants NAME=VALUE" ask --arm infantry --factor flank_or_rear
usage_case no_unit          "--situation needs --unit" ask --situation field.cfg
usage_case unit_alone       "--unit needs --situation" ask --unit red-2
usage_case mixed            "not with --situation" ask --situation field.cfg --unit red-2 --arm cavalry
usage_case empty_ask        "ask wants --situation FILE --unit ID" ask
usage_case missing_file     "cannot read situation file \"nowhere.cfg\"" ask --situation nowhere.cfg --unit red-2
printf 'ruleset = "skirmish19";\0' >"$work/nul.cfg"
usage_case nul_file         "situation file \"nul.cfg\" is not text" ask --situation nul.cfg --unit red-2
head -c 1100000 /dev/zero | tr '\0' '#' >"$work/huge.cfg"
usage_case huge_file        "situation file \"huge.cfg\" is too large" ask --situation huge.cfg --unit red-2
usage_case directory        "cannot read situation file \"/tmp\"" ask --situation /tmp --unit red-2
usage_case unknown_option   "unknown option \"--colour-me-red\"" ask --colour-me-red
usage_case missing_value    "--roll wants a value" ask --arm infantry --rf 1 --roll
usage_case bad_timeout      "--timeout wants milliseconds" hello --timeout 0
usage_case bad_seed         "--seed wants a whole number" ask --arm infantry --rf 1 --seed -5
usage_case hello_ask_option "--unit is an option of solo ask" hello --unit red-2
usage_case extra_argument   "unexpected argument \"now\"" hello now
usage_case bad_endpoint     "cannot connect to \"nonsense\"" --endpoint nonsense hello

run help "$SOLO" --help
expect_rc help 0
expect_in help out "Usage: solo"
expect_in help out "Exit status:"
run ask_help "$SOLO" ask --help
expect_rc ask_help 0
expect_in ask_help out "Usage: solo ask --situation FILE --unit ID"
expect_in ask_help out "--factor NAME=VALUE"
run version "$SOLO" --version
expect_rc version 0
expect_in version out "solo "

# Every status flag of the protocol (UnitStatus in solo.proto) is named
# where a player looks for them: solo game --help, the man page, the
# situation files' reference, the web table's short labels.  A flag added
# to the protocol and left out of one of them fails here.
run game_help "$SOLO" game --help
expect_rc game_help 0
check status_flags_listed "
import re
src = '$SOURCE_DIR'
proto = open(src + '/proto/solo.proto').read()
body = re.search(r'message UnitStatus \{(.*?)\n\}', proto, re.S).group(1)
flags = re.findall(r'bool (\w+) = \d+;', body)
assert len(flags) >= 12 and 'newly_disordered' in flags, flags
places = {
    'solo game --help': open('$work/game_help.out').read(),
    'doc/solo.1': open(src + '/doc/solo.1').read(),
    'clients/examples/README.md': open(src + '/clients/examples/README.md').read(),
}
draw = open(src + '/clients/web/draw.js').read()
places['clients/web/draw.js'] = re.search(r'STATUS_MARKS = \{(.*?)\};', draw, re.S).group(1)
missing = [(flag, where) for flag in flags for where, text in places.items()
           if not re.search(r'(?<![a-z_])' + flag + r'(?![a-z_])', text)]
assert not missing, missing
"

# ---- no answer: exit 4 --------------------------------------------------------

dead_port=$(free_port)
run no_answer "$SOLO" --endpoint "tcp://127.0.0.1:$dead_port" --timeout 300 hello
expect_rc no_answer 4
expect_in no_answer err "solo: no answer from tcp://127.0.0.1:$dead_port within 300 ms: is solod running?"

# ---- colours: on a terminal only, and never with NO_COLOR ---------------------

if script -qec true /dev/null >/dev/null 2>&1; then
    run tty script -qec "'$SOLO' ask --arm infantry --rf 3 --roll 4" /dev/null
    expect_rc tty 0
    expect_in tty out $'\033[1m'
    run tty_no_color env NO_COLOR=1 script -qec "'$SOLO' ask --arm infantry --rf 3 --roll 4" /dev/null
    expect_rc tty_no_color 0
    expect_in tty_no_color out "continue_facing_charge"
    expect_not_in tty_no_color out $'\033['
    run tty_flag script -qec "'$SOLO' --no-color ask --arm infantry --rf 3 --roll 4" /dev/null
    expect_not_in tty_flag out $'\033['
fi

# ---- the daemon kept serving through the errors, and stops cleanly ------------

run still_up "$SOLO" hello --timeout 2000
expect_rc still_up 0

stop_solod TERM

lib_finish
