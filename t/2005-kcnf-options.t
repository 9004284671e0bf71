#!/bin/sh
# kcnf options: -D NAME=VALUE, -D @FILE (.config), --bool, -v; expected counts by hand on the
# kir(5) example (12 configurations: see t/2003): A=n gives 2 (one per MODULES value), A=y gives
# 6 with MODULES=y (B n/m/y, choice Y1/Y2) and 4 with MODULES=n.
. "$(dirname "$0")/lib.sh"
[ -x "$BIN/kcount" ] || skip_all "no bin/kcount"
sed -n '/^\.SH EXAMPLE/,/^\.fi/p' "$TOP/share/kir.5" | sed '1,2d;$d' | sed 's/\\-/-/g' > "$TMP/ex.kir"
plan 17

count() { # count ARGS...: kcnf ARGS ex.kir | kcount -q, result in $got
	got=
	run "$BIN/kcnf" -o "$TMP/f.cnf" "$@" "$TMP/ex.kir"
	[ "$STATUS" = 0 ] || return
	run "$BIN/kcount" -q "$TMP/f.cnf"
	got=$(cat "$OUT")
}

count -D A=y;			is "$got" 10 "-D A=y: 6 + 4"
count -D A=n;			is "$got" 2 "-D A=n: 2"
count -D MODULES=n;		is "$got" 5 "-D MODULES=n: 1 + 4"
count -D B=m;			is "$got" 2 "-D B=m: A=y, MODULES=y, Y1 or Y2"
count -D B=m -D MODULES=n;	is "$got" 0 "-D B=m -D MODULES=n: none"
count -D A=y -D A=n;		is "$got" 0 "contradicting -D: none"
count --bool;			is "$got" 10 "--bool: 12 without the 2 where B=m"
count -D @"$T/data/2005/partial.config"
is "$got" 4 "-D @FILE (A=y, MODULES=n): 4"
run "$BIN/kcnf" -D @"$T/data/2005/partial.config" "$TMP/ex.kir"
is_status 0 "-D @FILE with lines for unknown and string symbols"
like "$ERR" "partial.config:4: warning: CONFIG_NOT_IN_MODEL=y ignored" "unknown .config symbol: warning"
run "$BIN/kcnf" -D A=y "$TMP/ex.kir"
like "$OUT" '^c input fix A=y$' "fixes are listed in the header"

run "$BIN/kcnf" -D NOPE=y "$TMP/ex.kir";	is_status 2 "-D of an unknown symbol: exit 2"
run "$BIN/kcnf" -D A=m "$TMP/ex.kir";		is_status 2 "-D m on a bool: exit 2"
run "$BIN/kcnf" -D S=y "$TMP/ex.kir";		is_status 2 "-D of a string symbol: exit 2"
run "$BIN/kcnf" -D A=x "$TMP/ex.kir";		is_status 2 "-D with a bad value: exit 2"
run "$BIN/kcnf" -v "$TMP/ex.kir"
is_status 0 "-v"
like "$ERR" '^kcnf: variables [0-9]+ \(symbol 7, ' "-v reports the variables"
done_testing
