#!/bin/bash
# cli_battle.sh - solo battle, solo side and solo game end to end against
# the real solod on a free loopback port: the demo's battle in plain words
# and as JSON, the same seed giving the same battle, the commander's
# orders for a side, a game kept across a SIGKILL of the daemon, the
# errors (exit 3) and the usage errors (exit 2).
#
#   bash tests/cli_battle.sh <solod> <solo>
set -u

. "$(dirname "$0")/lib.sh"
lib_init cli_battle

# solod with its games in $work/solod.db, kept across restarts
start_solod --seed 42 --log-level info || lib_finish
cd "$work" || exit 1

# ---- solo battle ------------------------------------------------------------

# the demo's command: the battle turn by turn in plain words
run demo "$SOLO" battle --scenario farm --blue table --red random --seed 1
expect_rc demo 0
expect_in demo out "Battle: farm - The farm at La Haie"
expect_in demo out "blue British light company: table"
expect_in demo out "red  French voltigeurs: random"
expect_in demo out "Turn 1"
expect_in demo out "command red-captain throws"
expect_in demo out "shoot   "
expect_in demo out "Result: "
expect_in demo out "side  figures  killed  wounded"
lines=$(wc -l <"$work/demo.out")
checks=$((checks + 1))
[ "$lines" -le 150 ] || fail "demo: $lines lines: more than a few screens"
checks=$((checks + 1))
[ -s "$work/demo.err" ] && fail "demo: unexpected standard error: $(cat "$work/demo.err")"

# the same seed plays the same battle (the last line has the time taken)
run again "$SOLO" battle --scenario farm --blue table --red random --seed 1
checks=$((checks + 1))
if ! diff <(sed '$d' "$work/demo.out") <(sed '$d' "$work/again.out") >/dev/null; then
    fail "the same seed gave another battle"
fi
run other "$SOLO" battle --scenario farm --blue table --red random --seed 2
checks=$((checks + 1))
if diff <(sed '$d' "$work/demo.out") <(sed '$d' "$work/other.out") >/dev/null; then
    fail "seed 2 gave the battle of seed 1"
fi

# --log: every die, every order and who gave it
run log "$SOLO" battle --scenario farm --blue table --red random --seed 1 --log
expect_rc log 0
expect_in log out "start: farm"
expect_in log out "turn 1, command: die D6 = "
expect_in log out "order red-"
expect_in log out "[table]"
expect_in log out "result: "

run battle_json "$SOLO" battle --scenario farm --blue table --red random --seed 1 --json
expect_rc battle_json 0
expect_json battle_json '
assert d["scenario"] == "farm" and d["seed"] == 1
assert d["winner"] in ("blue", "red", "")
assert 1 <= d["turns"] <= 12 and d["reason"]
assert [s["side"] for s in d["sides"]] == ["blue", "red"]
assert [s["strategy"] for s in d["sides"]] == ["table", "random"]
assert d["ruleset"] == "skirmish19" and len(d["tables_hash"]) == 16
assert d["log"] == []
'
# The third ruleset (seed 004) is served like the others: a battle of
# each of its scenarios plays to a result, a unit is answered from the
# Risk Factor tables, Hello lists its grades, errors name its values.
# battle_to_result RULESET TURNS SCENARIO...: each scenario's battle,
# greedy against the table, ends with a reason within its turn limit.
battle_to_result () {
    local ruleset=$1 turns=$2 sc
    shift 2
    for sc in "$@"; do
        run "battle_$sc" "$SOLO" battle --scenario "$sc" --blue greedy --red table --seed 2 --json
        expect_rc "battle_$sc" 0
        expect_json "battle_$sc" "
assert d['ruleset'] == '$ruleset' and d['reason'] and 1 <= d['turns'] <= $turns
"
    done
}
battle_to_result europe19 12 e19_spicheren e19_quatre_bras e19_magenta
run e19_ask "$SOLO" ask --situation "$SOURCE_DIR/rules/scenarios/e19_magenta.cfg" --unit zouaves --roll 4 --json
expect_rc e19_ask 0
expect_json e19_ask '
# fanatic zouaves: "hero near" on the unit itself (RULINGS.md), RF -1: the
# table row up to RF0, a 4: continue
assert d["ruleset"] == "europe19" and d["rf"] == -1 and d["action"] == "continue"
assert {f["name"]: f["value"] for f in d["factors"]} == {"hero_near": -1}
'
run e19_hello "$SOLO" hello --json
expect_json e19_hello '
r = {x["name"]: x for x in d["rulesets"]}["europe19"]
assert r["grades"] == ["rabble", "levy", "average", "elite", "fanatic"], r
assert "close_order_infantry" in r["troop_types"] and "later_breech_loader" in r["weapons"], r
'
# the side's orders say what to do this turn: no unit is told to move
# further than the sheet's Movement table lets it ("Inf (CO) 8", "Ski
# 12", "Art 12", "Cav 16" in the open), an order's point further off is
# the move towards it
run e19_side "$SOLO" side --scenario e19_meeting --side red --playouts 200 --budget-ms 60000 --seed 3 --json
expect_rc e19_side 0
expect_json e19_side '
import re
move = {"red-1st": 8, "red-2nd": 8, "red-jager": 12, "red-battery": 12, "red-hussars": 16}
said = 0
for o in d["orders"]:
    m = re.match(r"(?:change formation to \w+, then )?(?:move|advance|fall back) (up to )?([0-9.]+) cm", o["tabletop"])
    if o["unit_id"] in move and m:
        assert float(m.group(2)) <= move[o["unit_id"]] + 0.05, o
        said += 1
assert said >= 3, d["orders"]
assert any("towards a point" in o["tabletop"] for o in d["orders"]), d["orders"]
'
sed 's/troop_type = "cavalry"; weapon = "sabre"; figures = 3;/troop_type = "cossacks"; weapon = "sabre"; figures = 3;/'     "$SOURCE_DIR/rules/scenarios/e19_magenta.cfg" >"$work/e19_bad.cfg"
run e19_bad "$SOLO" ask --situation "$work/e19_bad.cfg" --unit zouaves
expect_rc e19_bad 3
expect_in e19_bad err "unknown troop_type \"cossacks\" (europe19 knows: close_order_infantry, loose_order_infantry, skirmishers, cavalry, dragoons, artillery, general)"
# 4 Page Bolivar (seed 003): its units answered from the Risk Factor
# tables, lengths in TUM with cm beside; its games played by its engine:
# a battle of each scenario to a result, a game opened from a situation,
# the commander's orders for an army
run bolivar_ask "$SOLO" ask --situation "$SOURCE_DIR/clients/examples/boyaca.cfg" --unit llaneros --roll 6 --json
expect_rc bolivar_ask 0
expect_json bolivar_ask '
assert d["ruleset"] == "bolivar" and d["length_unit"] == "TUM", d
assert d["cm_per_length_unit"] == 2.0
assert {f["name"]: f["value"] for f in d["factors"]} == {"regulars": -1, "flank_or_rear": 2}
assert d["action"] == "advance_charge"
assert "13 TUM (26.1 cm) away" in d["explanation"], d["explanation"]
'
run bolivar_words "$SOLO" ask --situation "$SOURCE_DIR/clients/examples/boyaca.cfg" --unit llaneros --roll 6
expect_in bolivar_words out "nearest enemy numancia at 8.3 TUM (16.6 cm)"
# its formations, march among them, and its own words for the guns'
run bolivar_hello "$SOLO" hello --json
expect_json bolivar_hello '
r = {x["name"]: x for x in d["rulesets"]}
assert "march" in r["bolivar"]["formations"], r["bolivar"]
assert {"arm": "artillery", "formation": "line", "word": "deployed"} in r["bolivar"]["formation_words"], r["bolivar"]
assert {"arm": "artillery", "formation": "column", "word": "limbered"} in r["europe19"]["formation_words"]
assert r["skirmish19"]["formation_words"] == []
assert dict(zip(r["bolivar"]["grade_values"], r["bolivar"]["grades"])) == {"raw": "raw", "green": "inferior", "regular": "ordinary", "hero": "superior"}, r["bolivar"]
'
run bolivar_hello_words "$SOLO" hello
expect_in bolivar_hello_words out "in its words: deployed (artillery in line), limbered (artillery in column)"
battle_to_result bolivar 10 bol_boyaca bol_las_queseras bol_carabobo
# expect_attacker NAME SIDE SIDE [ASKED]: the historical scenarios name
# no attacker, so a die each decides it ("Otherwise, roll a die") and the
# higher is the active player, whichever side the seed's dice favour
expect_attacker () {
    checks=$((checks + 1))
    if ! "$PY" - "$work/$1.out" "$2" "$3" "${4:-}" <<'PY' >"$work/$1.py" 2>&1
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
sides = (sys.argv[2], sys.argv[3])
m = re.search(r"the attacker \(no scenario names one: a die each, ties "
              r"thrown again\): (.+) (\d), (.+) (\d): (.+)", text)
assert m, "no attacker thrown for"
a, da, b, db, won = m.groups()
assert {a, b} == set(sides), (a, b)
assert da != db, "a tie is thrown again"
assert won == (a if int(da) > int(db) else b), m.group(0)
assert (won + " is the active player") in text, won
# the side the commander is asked for moves first when it is the
# attacker; else its first orders are its moves as the reactive player
# (out of range at the start, it has nothing to shoot before them)
asked = sys.argv[4] if len(sys.argv) > 4 else ""
if asked == won:
    assert (asked + " moves (active player)") in text, asked
elif asked:
    assert (asked + " moves (reactive player)") in text, asked
PY
    then
        fail "$1: the attacker's die"
        sed 's/^/    /' "$work/$1.py" >&2
    fi
}
run bolivar_battle "$SOLO" battle --scenario bol_las_queseras --blue table --red table --seed 4
expect_rc bolivar_battle 0
expect_attacker bolivar_battle "Páez's llaneros" "Morillo's army"
run bolivar_side "$SOLO" side --scenario bol_carabobo --side red --playouts 60 --seed 2
expect_rc bolivar_side 0
expect_attacker bolivar_side "the British Legion's division" "La Torre's army" "La Torre's army"
expect_in bolivar_side out "red (La Torre's army), turn 1, La Torre's army "
run bolivar_side_reactive "$SOLO" side --scenario bol_carabobo --side red --playouts 60 --seed 5
expect_rc bolivar_side_reactive 0
expect_attacker bolivar_side_reactive "the British Legion's division" "La Torre's army" "La Torre's army"
# Empire of Liberty acts with one unit an activation: the answer's first
# order is the unit that acts, every other waits
run eol_side "$SOLO" side --scenario eol_freemans_farm --side blue --playouts 60 --seed 2
expect_rc eol_side 0
checks=$((checks + 1))
acting=$(grep -c "units, it acts now" "$work/eol_side.out")
[ "$acting" = 1 ] || fail "eol_side: $acting units act now, not 1"
checks=$((checks + 1))
first=$(sed -n 3p "$work/eol_side.out")
case "$first" in
*"waits for a later activation"*) fail "eol_side: the first order waits: $first" ;;
esac
expect_in eol_side out "[commander] waits for a later activation"
expect_in eol_side out "on the table: leave it as it stands: another unit acts now"
run e19_side "$SOLO" side --scenario e19_quatre_bras --side red --playouts 60 --seed 2
expect_rc e19_side 0
expect_in e19_side out "Ney's French acts (side A)"
run json_log "$SOLO" battle --scenario cavalry --blue table --red table --seed 3 --json --log
expect_rc json_log 0
expect_json json_log '
kinds = {l["kind"] for l in d["log"]}
assert {"start", "die", "decision", "event", "result"} <= kinds, kinds
assert all(len(l["dice"]) == 1 for l in d["log"] if l["kind"] == "die")
assert d["log_lines"] == len(d["log"])
'

# daemon errors: exit 3, the error named
run no_scenario "$SOLO" battle --scenario waterloo --blue table --red random
expect_rc no_scenario 3
expect_in no_scenario err "error UNKNOWN_SCENARIO (play_battle.scenario)"
expect_in no_scenario err "farm"
run no_strategy "$SOLO" battle --scenario farm --blue table --red chess
expect_rc no_strategy 3
expect_in no_strategy err "error UNKNOWN_STRATEGY (play_battle.red)"
expect_in no_strategy err "random, table"
run bad_params "$SOLO" battle --scenario farm --blue random:speed=3 --red table
expect_rc bad_params 3
expect_in bad_params err "(play_battle.blue_params)"
run json_error "$SOLO" battle --scenario waterloo --blue table --red random --json
expect_rc json_error 3
expect_json json_error 'assert d["error"]["code"] == "UNKNOWN_SCENARIO"'

# usage errors: exit 2, nothing sent
run no_red "$SOLO" battle --scenario farm --blue table
expect_rc no_red 2
expect_in no_red err "battle wants both --blue STRATEGY and --red STRATEGY"
run no_name "$SOLO" battle --blue table --red table
expect_rc no_name 2
expect_in no_name err "battle wants --scenario NAME"
run battle_unit "$SOLO" battle --scenario farm --blue table --red table --unit x
expect_rc battle_unit 2
expect_in battle_unit err "--unit is an option of solo ask, not battle"
run battle_help "$SOLO" battle --help
expect_rc battle_help 0
expect_in battle_help out "Usage: solo battle --scenario NAME"

# ---- solo side --------------------------------------------------------------

run side "$SOLO" side --scenario farm --side red --playouts 80 --seed 5
expect_rc side 0
expect_in side out "red (French voltigeurs), turn 1, French voltigeurs' move (side A)"
expect_in side out "Command: red-captain throws"
expect_in side out "[commander]"
expect_in side out "Search (search): "
expect_in side out "Decided by: "
run side_again "$SOLO" side --scenario farm --side red --playouts 80 --seed 5
checks=$((checks + 1))
if ! diff <(grep -v "Search (search)" "$work/side.out") \
          <(grep -v "Search (search)" "$work/side_again.out") >/dev/null; then
    fail "side: the same seed and playouts gave other orders"
fi
run side_json "$SOLO" side --scenario farm --side blue --strategy table --seed 5 --json
expect_rc side_json 0
expect_json side_json '
assert d["side"] == "blue" and d["phase"] == "British light company\u0027s move (side B)", d["phase"]
assert d["orders"] and all(o["layer"] == "table" for o in d["orders"])
assert all(o["unit_id"].startswith("blue-") for o in d["orders"])
assert d["search"]["strategy"] == "table"
assert d["ruleset"] == "skirmish19"
'
run side_file "$SOLO" side --situation "$SOURCE_DIR/clients/examples/farm.cfg" --side red --strategy greedy --playouts 40 --seed 1
expect_rc side_file 0
expect_in side_file out "Search (greedy)"
run side_personality "$SOLO" side --scenario farm --side red --personality grumpy --playouts 10
expect_rc side_personality 3
expect_in side_personality err "error BAD_REQUEST (ask_side.personality)"
run side_no_side "$SOLO" side --scenario farm
expect_rc side_no_side 2
expect_in side_no_side err "side wants --side blue or --side red"
run side_bad_aggression "$SOLO" side --scenario farm --side red --aggression 1.5
expect_rc side_bad_aggression 2
expect_in side_bad_aggression err "--aggression wants a number from 0 to 1"
run side_help "$SOLO" side --help
expect_rc side_help 0
expect_in side_help out "Usage: solo side"

# every command has its own --help, and --json
for c in hello ask side battle game; do
    run "help_$c" "$SOLO" "$c" --help
    expect_rc "help_$c" 0
    expect_in "help_$c" out "Usage: solo $c"
    expect_in "help_$c" out "--json"
done
run help_main "$SOLO" --help
checks=$((checks + 1))
for c in hello ask side battle game; do
    cmp -s "$work/help_$c.out" "$work/help_main.out" &&
        fail "solo $c --help prints the main help"
done
run hello_json "$SOLO" hello --json
expect_rc hello_json 0
expect_json hello_json 'assert "farm" in d["scenarios"] and d["rulesets"]'

# on a terminal, solo side with a budget draws a bar of the budget elapsed
if script -qec true /dev/null >/dev/null 2>&1; then
    run side_bar script -qec "'$SOLO' side --scenario farm --side red --budget-ms 1500 --seed 1" /dev/null
    expect_rc side_bar 0
    expect_in side_bar out "the commander is thinking ["
    expect_in side_bar out "% "
    expect_in side_bar out " s of 1.5 s"
    expect_in side_bar out "red-left"
    # not on a pipe: no progress at all
    run side_pipe "$SOLO" side --scenario farm --side red --budget-ms 300 --seed 1
    expect_rc side_pipe 0
    expect_not_in side_pipe err "thinking"
fi

# ---- solo game, and a daemon killed after an acknowledged update -------------

run open "$SOLO" game open --scenario farm --json
expect_rc open 0
expect_json open 'assert d["game_id"] == "farm-1" and d["turn"] == 1 and len(d["units"]) == 8'
run update "$SOLO" game update --game farm-1 --next-turn --unit red-left --at 50,30 \
    --killed 3 --set ran_last_turn --roll 5 --unit red-right --facing 10
expect_rc update 0
expect_in update out "Update 1 accepted for game farm-1: 2 units changed; turn 2"
run ask_before "$SOLO" game ask --game farm-1 --unit red-left --seed 3 --json
expect_rc ask_before 0
expect_json ask_before '
assert d["roll"] == 5 and d["roll_from_player"]
assert {f["name"]: f["value"] for f in d["factors"]}["per_tenth_lost"] == 3
'

# SIGKILL: no chance to tidy up; the update was acknowledged, so it is kept
kill -KILL "$SOLOD_PID"
wait "$SOLOD_PID" 2>/dev/null
start_solod --seed 42 --log-level info || lib_finish
checks=$((checks + 1))
grep -qF "store: game farm-1 back, turn 2, 1 updates" "$work/solod.log" ||
    fail "the restarted daemon did not say it found farm-1"
run ask_after "$SOLO" ask --game farm-1 --unit red-left --seed 3 --json
expect_rc ask_after 0
checks=$((checks + 1))
cmp -s "$work/ask_before.out" "$work/ask_after.out" ||
    fail "the answer about red-left changed across the restart"
run show "$SOLO" game show --game farm-1
expect_rc show 0
expect_in show out "Game farm-1: farm"
expect_in show out "Turn 2 of 12; 1 update accepted"
expect_in show out "red-left       red   8 figures, 0 wounded, 3 killed  at (50.0, 30.0)"
run side_game "$SOLO" side --game farm-1 --side red --playouts 40 --seed 2
expect_rc side_game 0
expect_in side_game out "turn 2, French voltigeurs' move (side A), game farm-1"
run list "$SOLO" game list
expect_rc list 0
expect_in list out "farm-1"
run bad_roll "$SOLO" game update --game farm-1 --unit red-left --roll 9
expect_rc bad_roll 2
expect_in bad_roll err "--roll wants the face of a D6"
run no_unit "$SOLO" game update --game farm-1 --unit red-lft --killed 1
expect_rc no_unit 3
expect_in no_unit err "error UNKNOWN_UNIT (report_update.units[0].unit_id)"
run too_many "$SOLO" game update --game farm-1 --unit red-left --killed 9
expect_rc too_many 3
expect_in too_many err "error IMPOSSIBLE (report_update.units[0].killed)"
run at_alone "$SOLO" game update --game farm-1 --at 1,2
expect_rc at_alone 2
expect_in at_alone err "put --unit ID before it"
run close "$SOLO" game close --game farm-1
expect_rc close 0
expect_in close out "Game farm-1 closed after 1 update."
run closed "$SOLO" game show --game farm-1
expect_rc closed 3
expect_in closed err "error UNKNOWN_GAME (show_game.game_id)"
run list_none "$SOLO" game list --json
expect_rc list_none 0
expect_json list_none 'assert d == {"games": []}'
# a unit of two stands of different resolve (seed 003's units) travels:
# a JSON situation in, a stand's strength reported, the state out as JSON
# and as words
cat >"$work/stands.json" <<'JSON'
{ "ruleset": "skirmish19", "table_width": 120, "table_depth": 80,
  "units": [
    { "id": "battalion", "side": "SIDE_BLUE", "arm": "ARM_INFANTRY",
      "weapon": "musket", "figures": 8, "width": 12, "depth": 3,
      "centre": { "x": 60, "y": 20 },
      "stands": [ { "start": 4, "strength": 4 }, { "start": 3, "strength": 2 } ] },
    { "id": "llaneros", "side": "SIDE_RED", "arm": "ARM_CAVALRY",
      "weapon": "sword", "figures": 6, "width": 10, "depth": 5,
      "centre": { "x": 60, "y": 60 }, "facing": 180 } ] }
JSON
run stands_open "$SOLO" game open --situation "$work/stands.json" --json
expect_rc stands_open 0
expect_json stands_open '
u = {x["id"]: x for x in d["units"]}
assert u["battalion"]["stands"] == [{"start": 4, "strength": 4}, {"start": 3, "strength": 2}], u["battalion"]
assert "stands" not in u["llaneros"] or u["llaneros"]["stands"] == []
'
stands_game=$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["game_id"])' "$work/stands_open.out")
run stands_update "$SOLO" game update --game "$stands_game" --unit battalion --stands 3,1
expect_rc stands_update 0
run stands_show "$SOLO" game show --game "$stands_game" --json
expect_rc stands_show 0
expect_json stands_show '
u = {x["id"]: x for x in d["units"]}
assert u["battalion"]["stands"] == [{"start": 4, "strength": 3}, {"start": 3, "strength": 1}], u["battalion"]
'
run stands_words "$SOLO" game show --game "$stands_game"
expect_in stands_words out "battalion      blue  8 figures, 0 wounded, 0 killed, stands 3/4 1/3"
run stands_wrong "$SOLO" game update --game "$stands_game" --unit battalion --stands 2
expect_rc stands_wrong 3
expect_in stands_wrong err "error IMPOSSIBLE (report_update.units[0].stands): 1 stands given, unit 'battalion' has 2"
run stands_bad "$SOLO" game update --game "$stands_game" --unit battalion --stands 3,x
expect_rc stands_bad 2
expect_in stands_bad err "--stands wants whole numbers"
run stands_close "$SOLO" game close --game "$stands_game"
expect_rc stands_close 0
run game_help "$SOLO" game --help
expect_rc game_help 0
expect_in game_help out "Usage: solo game open"
run game_what "$SOLO" game
expect_rc game_what 2
expect_in game_what err "which game command?"

# a game of 4 Page Bolivar opened from a situation, asked, closed
run bolivar_game "$SOLO" game open --situation "$SOURCE_DIR/clients/examples/boyaca.cfg" --json
expect_rc bolivar_game 0
bolivar_game=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["game_id"])' <"$work/bolivar_game.out")
run bolivar_game_ask "$SOLO" game ask --game "$bolivar_game" --unit numancia --roll 2
expect_rc bolivar_game_ask 0
run bolivar_game_close "$SOLO" game close --game "$bolivar_game"
expect_rc bolivar_game_close 0

# a clean stop
stop_solod TERM

lib_finish
