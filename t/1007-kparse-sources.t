#!/bin/sh
# Kconfig files of kconfiglib-based projects (t/data/1007): rsource relative to the sourcing
# file (also nested), osource and orsource of missing files, a glob in source (sorted), help
# text ending at a line at column 0, and a line continued with a backslash.
. "$(dirname "$0")/lib.sh"
D=$T/data/1007
plan 5

mkdir "$TMP/cwd" && cd "$TMP/cwd" || exit 2
run "$BIN/kparse" --symbols "$D"
is_status 0 "the tree parses"
same_file "$OUT" "$D/expected.tsv" "symbols and locations"
run "$BIN/kparse" "$D"
like "$OUT" '^prompt TOP A "top"$' "a continued line"
is "$(cat "$ERR")" "" "no diagnostic"
printf 'source "drivers/*/Kconfig"\nsource "drivers/none*/Kconfig"\n' > "$TMP/glob"
ln -s "$D/drivers" "$TMP/drivers"
run "$BIN/kparse" "$TMP/glob"
like "$ERR" "^glob:2:1: error: no file matches 'drivers/none\*/Kconfig'" "a glob without match is an error"
