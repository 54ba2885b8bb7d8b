#!/bin/bash
# cli_troop_type.sh - a unit's troop type end to end: read from a situation
# file by solod, printed by solo (plain and --json), an unknown name
# refused with the unit and the name.
#
#   bash tests/cli_troop_type.sh <solod> <solo>
set -u

. "$(dirname "$0")/lib.sh"
lib_init cli_troop_type

export NO_COLOR=1
start_solod --seed 7 || lib_finish
cd "$work" || exit 1

# Seed 002: "(15 cms if in heavy armour/clothing!)"
situation () {
    cat <<EOF
ruleset = "skirmish19";
title = "troop types";
table = { width = 180.0; depth = 120.0; };
units = (
  { id = "knights"; side = "blue"; arm = "infantry"; weapon = "sword";
    figures = 8; x = 60.0; y = 40.0; facing = 0.0; width = 8.0; depth = 2.0;
    troop_type = "$1"; },
  { id = "villagers"; side = "red"; arm = "infantry"; weapon = "rocks";
    figures = 8; x = 60.0; y = 90.0; facing = 180.0; width = 8.0; depth = 2.0; }
);
EOF
}
situation heavy_armour >"$work/armour.cfg"
situation dragoons >"$work/bad.cfg"

run open "$SOLO" game open --situation armour.cfg
expect_rc open 0
expect_in open out "knights"
expect_in open out ", heavy_armour"

run open_json "$SOLO" game open --situation armour.cfg --json
expect_rc open_json 0
expect_json open_json '
units = {u["id"]: u for u in d["units"]}
assert units["knights"]["troop_type"] == "heavy_armour", units["knights"]
assert units["villagers"]["troop_type"] == "", units["villagers"]
'

run bad "$SOLO" game open --situation bad.cfg
expect_in bad err "knights"
expect_in bad err "dragoons"

stop_solod TERM
lib_finish
