#!/bin/bash
# cli_tournament.sh - solo-tournament end to end: a round-robin from a
# tournament file with its reports (text, CSV, JSON, SVG) naming the
# ruleset and the tables' hash; settings refused with file:line; a
# database refusing another tournament; a gauntlet whose SPRT stops its
# pairings early; a game replayed by id from its stored log and a changed
# log caught; games of a search within a time budget replayed from the
# orders recorded as they were played; an interrupted tournament (the coordinator killed) resumed
# from its database alone to the same final table as an uninterrupted run;
# a strategy with its own house-ruled variant of the tables (tables=PATH)
# against the standard tables, each side's tables hash in every report,
# its games replayed; the daemon refusing tables= in a PlayBattle.
#
#   bash tests/cli_tournament.sh <solod> <solo>
# (ctest passes the daemon and the client; the tournament runs
# $SOLO_BINARY_DIR/tournament/solo-tournament.)
set -u

. "$(dirname "$0")/lib.sh"
lib_init cli_tournament
TABLES="$SOURCE_DIR/rules/data/skirmish19/tables.cfg"
FARM="$SOURCE_DIR/rules/scenarios/farm.cfg"
CAVALRY="$SOURCE_DIR/rules/scenarios/cavalry.cfg"

if [ ! -x "$TOUR" ]; then
    echo "cli_tournament: $TOUR not built" >&2
    exit 1
fi

# ---- a round-robin from a file, and its reports ----------------------------

cat >"$work/rr.cfg" <<EOF
# a round-robin of three strategies on two scenarios
name = "smoke";
tables = "$TABLES";
scenarios = [ "$FARM", "$CAVALRY" ];
format = "round-robin";
games = 20;
seed = 7;
concurrency = 2;
database = "rr.db";
strategies = (
  { name = "table"; class = "table"; },
  { name = "random"; class = "random"; },
  { name = "random2"; class = "random"; params = ""; }
);
EOF
run rr "$TOUR" run "$work/rr.cfg" --quiet --report "$work/rr"
expect_rc rr 0
expect_in rr out 'Tournament "smoke"'
expect_in rr out "Rules: skirmish19, tables hash"
expect_in rr out "Games: 60 stored, 60 counted, 60 planned"
expect_in rr out "Ratings (Bradley-Terry"
for f in results.txt ratings.csv pairings.csv results.json ratings.svg; do
    checks=$((checks + 1))
    [ -s "$work/rr/$f" ] || fail "rr: report $f missing"
done
# the text report reads in a terminal of 100 columns, without trailing
# spaces
checks=$((checks + 1))
wide=$(awk 'length($0) > 100 || / $/' "$work/rr/results.txt")
[ -z "$wide" ] || fail "rr: results.txt has lines over 100 columns: $wide"
# the database is relative to the tournament file
checks=$((checks + 1))
[ -f "$work/rr.db" ] || fail "rr: the database is not next to the file"
check "rr: the JSON report" "
import json
r = json.load(open('$work/rr/results.json'))
t = r['tournament']
assert t['name'] == 'smoke' and t['format'] == 'round-robin', t
assert t['ruleset'] == 'skirmish19' and len(t['tables_hash']) == 16, t
assert [s['name'] for s in t['scenarios']] == ['farm', 'cavalry'], t
assert r['games'] == {'stored': 60, 'counted': 60, 'planned': 60}, r['games']
assert len(r['pairings']) == 3
for p in r['pairings']:
    assert p['games'] == 20 and p['wins'] + p['losses'] + p['draws'] == 20
    assert sum(p['pentanomial']) == 10, p
    assert abs(p['points'] - (p['wins'] + p['draws'] / 2)) < 1e-9
    assert p['elo_low'] is None or p['elo_low'] <= p['elo'] <= p['elo_high']
    assert 0 <= p['los'] <= 1 and p['sprt'] is None
names = [x['name'] for x in r['ratings']]
assert sorted(names) == ['random', 'random2', 'table'], names
assert abs(sum(x['rating'] for x in r['ratings'])) < 1e-3
for x in r['ratings']:
    assert x['games'] == 40 and x['low'] < x['rating'] < x['high'], x
"
check "rr: the CSV reports" "
import csv
rows = list(csv.DictReader(open('$work/rr/ratings.csv')))
assert [r['rank'] for r in rows] == ['1', '2', '3'], rows
assert all(r['ruleset'] == 'skirmish19' and len(r['tables_hash']) == 16 for r in rows)
assert float(rows[0]['rating']) >= float(rows[2]['rating'])
pairs = list(csv.DictReader(open('$work/rr/pairings.csv')))
assert len(pairs) == 3 and pairs[0]['first'] == 'table', pairs[0]
assert all(int(p['pairs_0']) + int(p['pairs_0.5']) + int(p['pairs_1']) + int(p['pairs_1.5']) + int(p['pairs_2']) == 10 for p in pairs)
"
check "rr: the SVG plot" "
import xml.etree.ElementTree as ET
svg = ET.parse('$work/rr/ratings.svg').getroot()
assert svg.tag.endswith('svg'), svg.tag
text = ' '.join(t.text or '' for t in svg.iter('{http://www.w3.org/2000/svg}text'))
assert 'skirmish19' in text and 'random2' in text and 'table' in text, text
assert len(list(svg.iter('{http://www.w3.org/2000/svg}circle'))) == 3
"
# the report command reads the database alone
run report "$TOUR" report --db "$work/rr.db" --format json
expect_rc report 0
check "report: the same JSON as the run's" "
import json
assert json.load(open('$work/report.out')) == json.load(open('$work/rr/results.json'))
"
run report_csv "$TOUR" report --db "$work/rr.db" --format pairings-csv
expect_rc report_csv 0
expect_in report_csv out "first,second,games,wins"
run report_bad "$TOUR" report --db "$work/rr.db" --format pdf
expect_rc report_bad 2
expect_in report_bad err 'unknown format "pdf"'
run report_none "$TOUR" report --db "$work/none.db"
expect_rc report_none 1
expect_in report_none err "no such database"
# running it again finds every game played
run rr_again "$TOUR" run "$work/rr.cfg"
expect_rc rr_again 0
expect_in rr_again err "resuming: 60 games already stored"
expect_in rr_again out "Games: 60 stored"

# the example tournament file reads (its Python strategy left out here)
run example "$TOUR" run "$SOURCE_DIR/tournament/example.cfg" \
    --db "$work/example.db" --strategy table=table --strategy random=random \
    --games 2 --quiet
expect_rc example 0
expect_in example out 'Tournament "example"'
expect_in example out "Scenarios: farm"

# ---- the definition refused ------------------------------------------------

cat >"$work/bad1.cfg" <<EOF
tables = "$TABLES";
scenarios = [ "$FARM" ];
games = 7;
EOF
run bad1 "$TOUR" run "$work/bad1.cfg"
expect_rc bad1 1
expect_in bad1 err "bad1.cfg:3 - games (7) must be even"
cat >"$work/bad2.cfg" <<EOF
scenarios = [ "$FARM" ];
strategies = ( { name = "x"; class = "table"; },
               { name = "y"; class = "genius"; } );
EOF
run bad2 "$TOUR" run "$work/bad2.cfg" --db "$work/bad2.db"
expect_rc bad2 1
expect_in bad2 err 'strategy "y": unknown strategy "genius"'
cat >"$work/bad3.cfg" <<EOF
scenarios = [ "$FARM" ];
strategies = ( { name = "x"; class = "table"; command = "true"; } );
EOF
run bad3 "$TOUR" run "$work/bad3.cfg"
expect_rc bad3 1
expect_in bad3 err "bad3.cfg:2 - strategy \"x\" needs exactly one of class"
cat >"$work/bad4.cfg" <<EOF
scenarios = [ "$FARM" ];
colour = "blue";
EOF
run bad4 "$TOUR" run "$work/bad4.cfg"
expect_rc bad4 1
expect_in bad4 err 'bad4.cfg:2 - unknown setting "colour"'
run bad5 "$TOUR" run --db "$work/bad5.db" --scenario "$FARM" \
    --strategy a=table --strategy b=random --sprt 10,0,0.05,0.05
expect_rc bad5 1
expect_in bad5 err "elo0 (10) must be below elo1 (0)"
run bad6 "$TOUR" run --db "$work/bad6.db" --scenario "$work/nofile.cfg" \
    --strategy a=table --strategy b=random
expect_rc bad6 1
expect_in bad6 err "nofile.cfg"
run usage "$TOUR" run
expect_rc usage 2
expect_in usage err "usage: solo-tournament run"
# each command's own help, on standard output
for c in run worker report games replay; do
    run "help_$c" "$TOUR" "$c" --help
    expect_rc "help_$c" 0
    expect_in "help_$c" out "usage: solo-tournament $c"
done
expect_in help_replay out "exit 3 when the game does not replay"
expect_in help_worker out "--connect ENDPOINT"
run help_all "$TOUR" --help
expect_rc help_all 0
expect_in help_all out "solo-tournament COMMAND --help"
run usage_worker "$TOUR" worker
expect_rc usage_worker 2
expect_in usage_worker err "usage: solo-tournament worker"

# a database holds one tournament
run other "$TOUR" run "$work/rr.cfg" --games 40 --quiet
expect_rc other 1
expect_in other err "holds another tournament"
expect_in other err '"games = 20"'
expect_in other err '"games = 40"'

# ---- a gauntlet stopped by its SPRT ----------------------------------------

# random against random, twice: equal strategies, so H0 (elo <= 0 against
# elo >= 300) is accepted after a few pairs of the 100 allowed.
run sprt "$TOUR" run --db "$work/sprt.db" --scenario "$FARM" \
    --format gauntlet --strategy a=random --strategy b=random \
    --strategy c=table --games 200 --sprt 0,300,0.05,0.05 --concurrency 2 \
    --quiet --report "$work/sprt"
expect_rc sprt 0
expect_in sprt out "SPRT per pairing: elo0 0, elo1 300"
expect_in sprt out "accepted after"
check "sprt: pairings stopped early" "
import json
r = json.load(open('$work/sprt/results.json'))
assert [(p['first'], p['second']) for p in r['pairings']] == [('a', 'b'), ('a', 'c')]
ab = r['pairings'][0]
assert ab['sprt']['verdict'] == 'H0', ab
n = ab['sprt']['stopped_after_pairs']
assert 1 <= n < 100 and ab['games'] == 2 * n, ab
assert ab['sprt']['llr'] <= r['tournament']['sprt']['lower'], ab
assert r['games']['planned'] < 400 and r['games']['counted'] <= r['games']['stored']
"

# ---- replays by id ---------------------------------------------------------

run games "$TOUR" games --db "$work/rr.db"
expect_rc games 0
expect_in games out "id       pairing"
run replay "$TOUR" replay --db "$work/rr.db" 7
expect_rc replay 0
expect_in replay err "game 7 ("
expect_in replay err "replays line for line as its stored log"
expect_in replay out "start: "
expect_in replay out "result: "
# a changed log is caught, naming the line
"$PY" -c "
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
log = db.execute('select log from games where id = 7').fetchone()[0]
lines = log.split('\n')
lines[3] = lines[3] + ' (changed)'
db.execute('update games set log = ? where id = 7', ('\n'.join(lines),))
db.commit()
" "$work/rr.db"
run replay_changed "$TOUR" replay --db "$work/rr.db" 7 --quiet
expect_rc replay_changed 3
expect_in replay_changed err "game 7 does not replay as stored: line 4"
run replay_none "$TOUR" replay --db "$work/rr.db" 999
expect_rc replay_none 1
expect_in replay_none err "has no game 999"

# a search within a time budget gives orders the clock decides: its games
# replay from the orders recorded as they were played
run timed "$TOUR" run --db "$work/timed.db" --tables "$TABLES" \
    --scenario "$FARM" --strategy "search-fifteen-milliseconds=search:ms=15,threads=1" \
    --strategy table=table --games 4 --seed 3 --concurrency 2 --quiet
expect_rc timed 0
for id in 1 2 3 4; do
    run "timed_replay_$id" "$TOUR" replay --db "$work/timed.db" "$id" --quiet
    expect_rc "timed_replay_$id" 0
    expect_in "timed_replay_$id" err "replays line for line as its stored log"
done
# every label of the ratings plot within the picture, a long name too
run timed_svg "$TOUR" report --db "$work/timed.db" --format svg \
    --out "$work/timed.svg"
expect_rc timed_svg 0
check "timed: the plot's labels fit" "
import re, html
svg = open('$work/timed.svg').read()
width = int(re.search(r'<svg [^>]*width=\"(\d+)\"', svg).group(1))
assert 'search-fifteen-milliseconds' in svg
for m in re.finditer(r'<text x=\"([\d.]+)\"([^>]*)>([^<]*)</text>', svg):
    x, attrs, text = float(m.group(1)), m.group(2), html.unescape(m.group(3))
    room = 7 * len(text)
    if 'text-anchor=\"end\"' in attrs:
        assert x - room >= 0, (text, x)
    elif 'text-anchor=\"middle\"' in attrs:
        assert x - room / 2 >= 0 and x + room / 2 <= width, (text, x, width)
    else:
        assert x + room <= width, (text, x, width)
"
# (each order says its playouts: \"the search's choice ... (36 playouts\", or
# on a machine so loaded that 15 ms gave none, \"(no playout)\")
check "timed: the search's orders are recorded" "
import sqlite3
db = sqlite3.connect('$work/timed.db')
n = db.execute(\"select count(*) from games where decisions like '%playout%'\").fetchone()[0]
assert n == 4, n
"

# ---- a house-ruled variant of the tables -----------------------------------

# house.cfg: the skirmish19 tables with one cell changed (infantry up to
# RF0, a 6: halt where the seed says advance towards the visible enemy)
mkdir -p "$work/house"
"$PY" -c "
import sys
text = open(sys.argv[1]).read()
cell = '\"continue\", \"advance_visible\"]'
assert cell in text
open(sys.argv[2], 'w').write(text.replace(cell, '\"continue\", \"halt\"]', 1))
" "$TABLES" "$work/house/house.cfg"
cat >"$work/house/house_t.cfg" <<EOF
name = "house";
tables = "$TABLES";
scenarios = [ "$FARM", "$CAVALRY" ];
games = 10;
seed = 5;
concurrency = 2;
database = "house.db";
strategies = (
  { name = "table"; class = "table"; },
  { name = "house"; class = "table"; params = "tables=house.cfg"; },
  { name = "random"; class = "random"; params = "tables=house.cfg"; }
);
EOF
run house "$TOUR" run "$work/house/house_t.cfg" --quiet --report "$work/house/r"
expect_rc house 0
expect_in house out "Tables by strategy: table "
expect_in house out "(its own)"
check "house: each strategy's tables in the reports" "
import csv, json
r = json.load(open('$work/house/r/results.json'))
std = r['tournament']['tables_hash']
var = [x['tables_hash'] for x in r['ratings'] if x['name'] == 'house'][0]
assert len(var) == 16 and var != std, (var, std)
by = {x['name']: x['tables_hash'] for x in r['ratings']}
assert by == {'table': std, 'house': var, 'random': var}, by
p = r['pairings'][0]
assert (p['first'], p['second']) == ('table', 'house'), p
assert (p['tables_first'], p['tables_second']) == (std, var), p
rows = {x['name']: x['tables_hash'] for x in csv.DictReader(open('$work/house/r/ratings.csv'))}
assert rows == by, rows
pairs = list(csv.DictReader(open('$work/house/r/pairings.csv')))
assert (pairs[0]['tables_first'], pairs[0]['tables_second']) == (std, var), pairs[0]
assert pairs[0]['tables_hash'] == std
"
# a game's log names both sides' tables and replays with the variant
run house_replay "$TOUR" replay --db "$work/house/house.db" 2
expect_rc house_replay 0
expect_in house_replay err "replays line for line as its stored log"
expect_in house_replay out ", tables blue "
expect_in house_replay out "table tables="
# the definition keeps the variant's hash: the same file resumes ...
run house_again "$TOUR" run "$work/house/house_t.cfg"
expect_rc house_again 0
expect_in house_again err "resuming: 30 games already stored"
run house_db "$TOUR" run --db "$work/house/house.db"
expect_rc house_db 0
expect_in house_db err "resuming: 30 games already stored"
# ... a changed variant is another tournament, and the database alone
# refuses it
echo "# changed" >>"$work/house/house.cfg"
run house_changed "$TOUR" run "$work/house/house_t.cfg" --quiet
expect_rc house_changed 1
expect_in house_changed err "holds another tournament"
run house_db_changed "$TOUR" run --db "$work/house/house.db" --quiet
expect_rc house_db_changed 1
expect_in house_db_changed err 'strategy "house": the tables '
expect_in house_db_changed err "the tournament's were"
# a variant of another ruleset, or with other weapons, is refused by name
"$PY" -c "
import sys
text = open(sys.argv[1]).read()
open(sys.argv[2], 'w').write(text.replace('name  = \"skirmish19\";', 'name  = \"house\";', 1))
open(sys.argv[3], 'w').write(text.replace('name = \"rifle\";', 'name = \"house_rifle\";', 1))
" "$TABLES" "$work/house/renamed.cfg" "$work/house/weapons.cfg"
run house_renamed "$TOUR" run --db "$work/house/renamed.db" --scenario "$FARM" \
    --tables "$TABLES" --strategy a=table \
    --strategy "b=table:tables=$work/house/renamed.cfg"
expect_rc house_renamed 1
expect_in house_renamed err 'strategy "b": '
expect_in house_renamed err "renamed.cfg: tables of ruleset \"house\", the game's is \"skirmish19\""
run house_weapons "$TOUR" run --db "$work/house/weapons.db" \
    --scenario "$FARM" --tables "$TABLES" --strategy a=table \
    --strategy "b=table:tables=$work/house/weapons.cfg"
expect_rc house_weapons 1
expect_in house_weapons err "weapon 1 is \"house_rifle\" where the game's tables have \"rifle\""
run house_missing "$TOUR" run --db "$work/house/missing.db" \
    --scenario "$FARM" --tables "$TABLES" --strategy a=table \
    --strategy "b=table:tables=$work/house/none.cfg"
expect_rc house_missing 1
expect_in house_missing err "none.cfg"

# ---- the daemon plays no variant -------------------------------------------

# a request must not make solod read a file it names: tables= is refused,
# naming the field
start_solod || lib_finish
run daemon_tables "$SOLO" battle --scenario farm \
    --blue "table:tables=$work/house/house.cfg" --red table
expect_rc daemon_tables 3
expect_in daemon_tables err "error BAD_REQUEST (play_battle.blue_params)"
expect_in daemon_tables err "\"tables\" is not taken here"
run daemon_tables_red "$SOLO" battle --scenario farm --blue table \
    --red "random:tables=/etc/hostname" --json
expect_rc daemon_tables_red 3
expect_json daemon_tables_red 'assert d["error"]["code"] == "BAD_REQUEST" and d["error"]["field"] == "play_battle.red_params", d'
stop_solod

# ---- interrupted and resumed -----------------------------------------------

resume_args=(--scenario "$FARM" --scenario "$CAVALRY" --strategy a=table
             --strategy b=random --strategy c=random --games 600 --seed 3
             --name resume)
run whole "$TOUR" run --db "$work/whole.db" "${resume_args[@]}" \
    --concurrency 2 --quiet --report "$work/whole"
expect_rc whole 0
"$TOUR" run --db "$work/cut.db" "${resume_args[@]}" --concurrency 1 \
    --quiet >"$work/cut.out" 2>"$work/cut.err" &
bg_pid=$!
lib_bg "$bg_pid"
# killed once 300 games are stored, paused while the test looks: the kill
# lands a step after that, however long the look takes
# shellcheck disable=SC2016
paused_when '[ "$(stored_games "$work/cut.db")" -ge 300 ]' 60 "$bg_pid"
kill -KILL "$bg_pid" 2>/dev/null
wait "$bg_pid" 2>/dev/null
cut=$(stored_games "$work/cut.db")
checks=$((checks + 1))
if [ "$cut" -lt 1 ] || [ "$cut" -ge 1800 ]; then
    fail "resume: the run was not cut short ($cut games of 1800 stored)"
fi
# the database alone resumes it, with other run settings
run resumed "$TOUR" run --db "$work/cut.db" --concurrency 2 \
    --report "$work/cut"
expect_rc resumed 0
expect_in resumed err "resuming: $cut games already stored"
check "resume: the same final table as an uninterrupted run" "
import json
a = json.load(open('$work/whole/results.json'))
b = json.load(open('$work/cut/results.json'))
assert a['games'] == {'stored': 1800, 'counted': 1800, 'planned': 1800}, a['games']
assert a == b, (a['ratings'], b['ratings'])
"
checks=$((checks + 1))
diff "$work/whole/results.txt" "$work/cut/results.txt" >/dev/null \
    || fail "resume: the text reports differ"

lib_finish
