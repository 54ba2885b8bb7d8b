#!/bin/bash
# cli_install.sh - the packaging: `cmake --install` of the build tree into a
# temporary DESTDIR puts every file in its usual place (programs, example
# config, rulesets, scenarios, protocol, man pages, systemd unit), the man
# pages render cleanly, the unit runs solod in the foreground with the
# installed config, and the installed solod starts with the installed
# config and answers the installed solo.
#
#   bash tests/cli_install.sh <solod> <solo>
#
# The build tree is SOLO_BINARY_DIR (set by ctest), else the folder above
# the solod given.
set -u

. "$(dirname "$0")/lib.sh"
lib_init cli_install

# The install's own paths, as the build tree was configured.
cache_value () {
    sed -n "s/^$1:[A-Z]*=//p" "$BINARY_DIR/CMakeCache.txt" | head -n 1
}
[ -f "$BINARY_DIR/CMakeCache.txt" ] || { echo "FAIL: no CMakeCache.txt in $BINARY_DIR" >&2; exit 1; }
prefix=$(cache_value CMAKE_INSTALL_PREFIX)
[ -n "$prefix" ] || { echo "FAIL: no CMAKE_INSTALL_PREFIX in $BINARY_DIR/CMakeCache.txt" >&2; exit 1; }
# GNUInstallDirs: /etc for the /usr prefix, PREFIX/etc otherwise.
case "$prefix" in
    /usr) etc=/etc ;;
    *) etc=$prefix/$(cache_value CMAKE_INSTALL_SYSCONFDIR) ;;
esac
case "$etc" in /*) ;; *) etc=$prefix/$etc ;; esac
unit_dir=$(cache_value SOLO_SYSTEMD_UNIT_DIR)
case "$unit_dir" in /*) ;; *) unit_dir=$prefix/$unit_dir ;; esac

# ---- the install ----------------------------------------------------------

root=$work/root
if ! DESTDIR=$root cmake --install "$BINARY_DIR" >"$work/install.log" 2>&1; then
    cat "$work/install.log" >&2
    echo "FAIL: cmake --install $BINARY_DIR failed" >&2
    exit 1
fi
P=$root$prefix
data=$P/share/solod

for f in "$P/sbin/solod" "$P/bin/solo" "$P/bin/solo-tournament"; do
    check_sh "[ -x '$f' ] && [ -f '$f' ]" "${f#"$root"}: not installed as a program"
done
for f in "$root$etc/solod/solod.conf" \
         "$data/rulesets/skirmish19/tables.cfg" \
         "$data/rulesets/skirmish19/RULINGS.md" \
         "$data/proto/solo.proto" "$data/proto/strategy.proto" \
         "$data/proto/tournament.proto" \
         "$P/share/man/man1/solo.1" "$P/share/man/man8/solod.8" \
         "$P/share/man/man1/solo-tournament.1" \
         "$root$unit_dir/solod.service"; do
    check_sh "[ -f '$f' ] && [ -s '$f' ]" "${f#"$root"}: not installed"
done
# Every scenario and ruleset of the source tree, unchanged.
for f in "$SOURCE_DIR"/rules/scenarios/*.cfg; do
    check_sh "cmp -s '$f' '$data/scenarios/$(basename "$f")'" \
          "scenario $(basename "$f") not installed as it is in the source"
done
check_sh "diff -r '$SOURCE_DIR/rules/data' '$data/rulesets' >/dev/null" \
      "the installed rulesets differ from rules/data"
check_sh "cmp -s '$SOURCE_DIR/daemon/solod.conf' '$root$etc/solod/solod.conf'" \
      "the installed solod.conf is not daemon/solod.conf"
check_sh "cmp -s '$SOURCE_DIR/proto/solo.proto' '$data/proto/solo.proto'" \
      "the installed solo.proto is not proto/solo.proto"
# Nothing outside the prefix but the config.
outside=$(sed -e "s|^$prefix/.*||" -e "s|^$etc/solod/.*||" \
    "$BINARY_DIR/install_manifest.txt" | grep -v '^$' || true)
check_sh "[ -z \"\$outside\" ]" "installed outside $prefix and $etc/solod: $outside"

# ---- the man pages ----------------------------------------------------------

for page in "$P/share/man/man1/solo.1" "$P/share/man/man8/solod.8" \
            "$P/share/man/man1/solo-tournament.1"; do
    name=$(basename "$page")
    LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$page" >"$work/groff.err" 2>&1
    check_sh "[ \$? -eq 0 ] && [ ! -s '$work/groff.err' ]" \
          "$name: groff warns: $(head -c 400 "$work/groff.err")"
    MANWIDTH=80 man -l "$page" >"$work/$name.txt" 2>/dev/null
    for section in NAME SYNOPSIS DESCRIPTION "EXIT STATUS" "SEE ALSO"; do
        check_sh "grep -q '^$section' '$work/$name.txt'" "$name has no $section section"
    done
    check_sh "! grep -q '@[A-Z_]*@' '$page'" "$name: a placeholder left unreplaced"
    check_sh "grep -q '$etc/solod\|$prefix/share/solod' '$page'" \
          "$name does not name the install's own paths"
done
# Every option of the programs' --help is in their man pages.
"$P/sbin/solod" --help >"$work/solod.help" 2>&1
"$P/bin/solo" --help >"$work/solo.help" 2>&1
for c in ask side battle game; do "$P/bin/solo" "$c" --help >>"$work/solo.help" 2>&1; done
for c in run worker report games replay; do
    "$P/bin/solo-tournament" "$c" --help >>"$work/solo-tournament.help" 2>&1
done
for pair in "solod.help:solod.8" "solo.help:solo.1" \
            "solo-tournament.help:solo-tournament.1"; do
    help=${pair%%:*}
    page=${pair#*:}
    for opt in $(grep -o -- '--[a-z][a-z-]*' "$work/$help" | sort -u); do
        check_sh "grep -q -- '${opt//-/\\\\-}' '$P/share/man/man${page##*.}/$page'" \
              "$page does not document $opt (from --help)"
    done
done

# Every key the search takes (its refusal of an unknown one lists them)
# is in solo-tournament(1)'s STRATEGIES, as "key=".
"$P/bin/solo-tournament" run --db "$work/keys.db" \
    --scenario "$data/scenarios/farm.cfg" \
    --strategy a=search:no_such_key=1 --strategy b=table --games 2 \
    >"$work/keys.err" 2>&1
keys=$(sed -n 's/.*(known: \([a-z, ]*\)).*/\1/p' "$work/keys.err" | tr ',' ' ')
check_sh "[ -n '$keys' ]" \
      "the search's refusal of an unknown key lists no keys: $(head -c 300 "$work/keys.err")"
MANWIDTH=200 man -l "$P/share/man/man1/solo-tournament.1" 2>/dev/null \
    | sed -n '/^STRATEGIES/,/^EXIT STATUS/p' >"$work/strategies.txt"
for key in $keys; do
    check_sh "grep -q -- '$key=' '$work/strategies.txt'" \
          "solo-tournament.1 (STRATEGIES) does not document the search's key $key"
done

# The default place of the games' database is stated the same in solod's
# --help, its man page and the installed config.
for where in "$work/solod.help" "$P/share/man/man8/solod.8" \
             "$root$etc/solod/solod.conf"; do
    for path in 'XDG_STATE_HOME/solod/solod.db' '~/.local/state/solod/solod.db'; do
        check_sh "grep -qF -- '$path' '$where'" \
              "${where#"$root"} does not give the default state db as $path"
    done
done

# ---- the systemd unit -------------------------------------------------------

unit=$root$unit_dir/solod.service
check_sh "grep -qx 'ExecStart=$prefix/sbin/solod --config $etc/solod/solod.conf' '$unit'" \
      "solod.service does not run $prefix/sbin/solod --config $etc/solod/solod.conf"
check_sh "grep -qx 'Type=simple' '$unit'" "solod.service is not Type=simple"
check_sh "! grep -q 'forking\|PIDFile\|--daemon' '$unit'" "solod.service forks"
check_sh "grep -qx 'StandardError=journal' '$unit'" "solod.service does not keep stderr"
check_sh "grep -q '^WantedBy=multi-user.target' '$unit'" "solod.service is not wanted by multi-user.target"
if command -v systemd-analyze >/dev/null 2>&1; then
    # Its own checks of the file; the program is where the install puts
    # it, so that complaint alone is expected under a DESTDIR.
    systemd-analyze verify "$unit" 2>&1 | grep -v "is not executable\|man solod\|man solo" \
        | grep -i "solod.service" >"$work/verify.err"
    check_sh "[ ! -s '$work/verify.err' ]" "systemd-analyze: $(cat "$work/verify.err")"
fi

# ---- the installed solod and solo -------------------------------------------

# The installed programs from here on.
SOLOD=$P/sbin/solod
SOLO=$P/bin/solo
conf=$root$etc/solod/solod.conf

# The installed config as it is: the installed solod finds the rulesets
# and scenarios installed beside it (under the DESTDIR), not those of the
# configured prefix nor of the source tree.
if start_solod --log "$work/solod.log" --config "$conf" --state-db :memory: --seed 1; then
    check_sh "grep -q 'scenarios in $data/scenarios' '$work/solod.log'" \
          "solod does not take its scenarios from $data/scenarios: $(cat "$work/solod.log")"
    check_sh "grep -q 'rulesets in $data/rulesets' '$work/solod.log'" \
          "solod does not take its rulesets from $data/rulesets: $(cat "$work/solod.log")"
    "$SOLO" --endpoint "$ENDPOINT" hello >"$work/hello.out" 2>&1
    check_sh "grep -q skirmish19 '$work/hello.out'" "the installed solo: hello has no skirmish19: $(cat "$work/hello.out")"
    "$SOLO" --endpoint "$ENDPOINT" --json hello >"$work/hello.json" 2>&1
    check_sh "/usr/bin/python3 -c 'import json,sys; h = json.load(open(sys.argv[1])); sys.exit(not any(r[\"name\"] == \"skirmish19\" for r in h[\"rulesets\"]) or \"farm\" not in h[\"scenarios\"])' '$work/hello.json'" \
          "hello --json does not list skirmish19 and farm: $(cat "$work/hello.json")"
    "$SOLO" --endpoint "$ENDPOINT" ask --situation "$data/scenarios/farm.cfg" \
        --unit red-left --roll 6 >"$work/ask.out" 2>&1
    check_sh "[ \$? -eq 0 ] && grep -q 'rolled 6' '$work/ask.out'" \
          "the installed solo cannot ask about a unit of the installed farm: $(cat "$work/ask.out")"
    "$SOLO" --endpoint "$ENDPOINT" side --scenario farm --side red --playouts 200 \
        --seed 1 >"$work/side.out" 2>&1
    check_sh "[ \$? -eq 0 ] && grep -q red-left '$work/side.out'" \
          "the installed solo cannot ask red's orders in the installed farm: $(head -c 600 "$work/side.out")"
    "$SOLO" --endpoint "$ENDPOINT" battle --scenario farm --blue table --red random \
        --seed 1 >"$work/battle.out" 2>&1
    check_sh "[ \$? -eq 0 ] && [ -s '$work/battle.out' ]" \
          "the installed solo cannot play the installed farm: $(head -c 600 "$work/battle.out")"
    stop_solod
fi

lib_finish
