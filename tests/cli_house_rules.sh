#!/bin/bash
# cli_house_rules.sh - a player's house rules served by the daemon: the
# example overlay of skirmish19 (clients/examples/house_rules.cfg) given
# with --house-rules is listed by Hello with its base and both hashes,
# answers under it carry its changed factor, a situation names it; a
# tournament plays under it; a house rules file with a setting its base
# does not have stops the daemon with the file, the line and the setting.
#
#   bash tests/cli_house_rules.sh <solod> <solo>
set -u

. "$(dirname "$0")/lib.sh"
lib_init cli_house_rules

HOUSE="$SOURCE_DIR/clients/examples/house_rules.cfg"
start_solod --seed 7 --house-rules "$HOUSE" || lib_finish
cd "$work" || exit 1

run hello "$SOLO" hello --json
expect_rc hello 0
expect_json hello '
r = {x["name"]: x for x in d["rulesets"]}
h, base = r["my_skirmish"], r["skirmish19"]
assert h["base_ruleset"] == "skirmish19", h
assert h["base_tables_hash"] == base["tables_hash"], (h, base)
assert h["tables_hash"] != base["tables_hash"]
'

# the farm example under the house rules: the light company in the copse
# counts cover -2 (the house rule) where skirmish19 counts -1 (seed 002)
sed 's/^ruleset = "skirmish19";/ruleset = "my_skirmish";/' \
    "$SOURCE_DIR/clients/examples/farm.cfg" >"$work/farm_house.cfg"
run house "$SOLO" ask --situation "$work/farm_house.cfg" --unit red-lights --roll 3 --json
expect_rc house 0
expect_json house '
f = {x["name"]: x["value"] for x in d["factors"]}
assert d["ruleset"] == "my_skirmish" and d["base_ruleset"] == "skirmish19", d
assert f["in_cover"] == -2, f
'
run plain "$SOLO" ask --situation "$SOURCE_DIR/clients/examples/farm.cfg" --unit red-lights --roll 3 --json
expect_json plain '
assert {x["name"]: x["value"] for x in d["factors"]}["in_cover"] == -1
'
# a game kept and a battle played under house rules (an overlay is
# played by its base's engine): the example's, and seed 000's overlay over
# 4 Page Bolivar from the data folder with its scenario
run game "$SOLO" game open --situation "$work/farm_house.cfg" --json
expect_rc game 0
expect_json game '
assert d["ruleset"] == "my_skirmish", d
'
run lib "$SOLO" battle --scenario lib_meeting --blue greedy --red table --seed 3 --json
expect_rc lib 0
expect_json lib '
assert d["ruleset"] == "liberators_house", d
assert d["winner"] in ("blue", "red", "draw"), d
assert d["turns"] >= 1 and d["reason"], d
'
stop_solod TERM

# a tournament under the house rules, the file given as it lies (its base
# found among the installed rulesets, else the source tree's)
sed 's/^ruleset = "skirmish19";/ruleset = "my_skirmish";/' \
    "$SOURCE_DIR/rules/scenarios/farm.cfg" >"$work/farm_tour.cfg"
run tour "$TOUR" run --db "$work/t.db" --tables "$HOUSE" --scenario "$work/farm_tour.cfg" \
    --strategy a=table --strategy b=random --games 2 --seed 1 --concurrency 1 \
    --quiet --report "$work/report"
expect_rc tour 0
check "the tournament's report names the house rules" "
import json
t = json.load(open('$work/report/results.json'))['tournament']
assert t['ruleset'] == 'my_skirmish', t
"

# a misspelt setting: the daemon does not start, and says where
sed 's/in_cover = -2/in_kover = -2/' "$HOUSE" >"$work/bad_house.cfg"
line=$(grep -n "in_kover" "$work/bad_house.cfg" | cut -d: -f1)
checks=$((checks + 1))
if "$SOLOD" --config "$SOURCE_DIR/daemon/solod.conf" --bind "tcp://127.0.0.1:$(free_port)" \
        --state-db :memory: --house-rules "$work/bad_house.cfg" >"$work/bad.out" 2>&1; then
    fail "solod started with a broken house rules file"
elif ! grep -qF "$work/bad_house.cfg:$line - risk_factors.infantry.factors.in_kover: the base ruleset \"skirmish19\" has no such setting" "$work/bad.out"; then
    fail "the error does not name the file, line and setting: $(cat "$work/bad.out")"
fi

lib_finish
