#!/bin/sh
# kcnf's DIMACS output (kcnf(1), brief interface 4): header comments, the p line, the projection
# on exactly the symbol variables, one map line per value of every bool/tristate symbol (forced
# ones too), a clause count that matches, deterministic output, --help, --version, bad usage.
. "$(dirname "$0")/lib.sh"
D=$T/data/2003
plan 16

run "$BIN/kcnf" "$D/toy7-transitional.kir"
is_status 0 "toy7-transitional is encoded"
is "$(head -n 1 "$OUT")" "c kcnf 1" "first line"
like "$OUT" '^c input kconfig 7\.2$' "input comment names the semantics"
# MODULES NEW OLD P Q R: bool 1 + 1 + 1, tristate 2 + 2, bool 1 = 8 symbol variables
is "$(grep '^c p show' "$OUT")" "c p show 1 2 3 4 5 6 7 8 0" "projection on the symbol variables"
is "$(grep '^c map' "$OUT" | tr '\n' ';')" \
	"c map 1 MODULES y;c map 2 NEW y;c map 3 OLD y;c map 4 P y;c map 5 P m;c map 6 Q y;c map 7 Q m;c map 8 R y;" \
	"map lines, in IR order, transitional OLD included"
grep -qx -- '-3 0' "$OUT"
ok '[ $? = 0 ]' "transitional OLD is fixed to n by a unit clause"
set -- $(grep '^p cnf' "$OUT")
is "$(grep -c '^-\{0,1\}[0-9]' "$OUT")" "$4" "clause count on the p line"
is "$(grep -v '^c' "$OUT" | grep -v '^p' | tr ' ' '\n' | grep -v '^0$' | tr -d - | sort -n | tail -n 1)" "$3" \
	"highest variable = variable count"
cp "$OUT" "$TMP/first.cnf"
run_in "$D/toy7-transitional.kir" "$BIN/kcnf" -o "$TMP/second.cnf"
is_status 0 "stdin to -o FILE"
ok 'cmp -s "$TMP/first.cnf" "$TMP/second.cnf" || [ "$(sed 1,3d "$TMP/first.cnf")" = "$(sed 1,3d "$TMP/second.cnf")" ]' \
	"same clauses from a file and from stdin"
run "$BIN/kcnf" "$D/toy7-transitional.kir"
same_file "$OUT" "$TMP/first.cnf" "deterministic output"

run "$BIN/kcnf" --help
is_status 0 "--help"
like "$OUT" '^usage: kcnf' "--help prints the usage on stdout"
run "$BIN/kcnf" --version
like "$OUT" '^kcnf ' "--version"
run "$BIN/kcnf" --no-such-option
is_status 2 "unknown option: exit 2"
run "$BIN/kcnf" "$TMP/no-such-file.kir"
is_status 2 "missing input file: exit 2"
done_testing
