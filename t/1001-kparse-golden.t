#!/bin/sh
# kparse on small Kconfig files: the IR and the --symbols list against expected files written
# by hand from SEMANTICS.md (dependency propagation, rewrite_m, visible if, 6.1 choices and
# their nested symbols, 7.2 "depends on ... if" and transitional, macros and abstract atoms).
. "$(dirname "$0")/lib.sh"
D=$T/data/1001
plan 15

golden() { # golden NAME VERSION [OPTIONS...]
	name=$1 version=$2
	shift 2
	run "$BIN/kparse" --kconfig-version "$version" "$@" "$D/$name.kconfig"
	is_status 0 "$name: parses"
	same_file "$OUT" "$D/$name.ir" "$name: IR"
}
golden basic 6.12
golden choice61 6.1
golden v72 7.2
golden macros 7.2 -D "KC_TEST_VAR=from -D"
is "$(cat "$ERR")" 'greeting=$(shell,echo hello world) recursive appended' \
	"info prints on stderr; shell does not run; warning-if on an unknown condition is silent"

run "$BIN/kparse" --shell --kconfig-version 7.2 "$D/macros.kconfig"
is "$(cat "$ERR")" 'greeting=hello world recursive appended' "--shell runs the command"
run "$BIN/kparse" --shell --kconfig-version 7.2 "$D/v72.kconfig"
like "$OUT" "^default S \"$(uname)-suffix\" y$" "--shell: the result is a constant, no atom"

run "$BIN/kparse" --symbols --kconfig-version 6.12 "$D/basic.kconfig"
same_file "$OUT" "$D/basic.tsv" "basic: --symbols"
run "$BIN/kparse" --symbols --kconfig-version 6.1 "$D/choice61.kconfig"
same_file "$OUT" "$D/choice61.tsv" "choice61: --symbols (a nested symbol is no member)"

run "$BIN/kparse" -o "$TMP/out.ir" --kconfig-version 6.12 "$D/basic.kconfig"
same_file "$TMP/out.ir" "$D/basic.ir" "-o FILE"
run "$BIN/kparse" --version
like "$OUT" "^kparse " "--version"
