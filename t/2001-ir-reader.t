#!/bin/sh
# The kir(5) reader (share/ir.c) through kcnf: a well-formed file is accepted; each malformed
# one is rejected with exit status 1 and a file:line:col diagnostic naming the problem.
# Operators nest up to 10,000 deep; deeper is an error, not a stack overflow.
. "$(dirname "$0")/lib.sh"
D=$T/data/2001

cases='
after-end.kir:48:1: error: text after the end marker
bad-arity.kir:22:15: error: wrong number of operands
bad-line.kir:21:17: error: line number expected
bad-magic.kir:1:1: error: not a kir 1 file
bad-member.kir:46:17: error: member .Y3. is not a declared symbol
bad-operator.kir:22:8: error: unknown operator
bad-type.kir:20:10: error: unknown type .boolean.
bad-version.kir:3:9: error: kconfig version .six. is not X.Y
duplicate.kir:27:1: error: symbol .A. declared twice
extra-dep.kir:20:1: error: .D. has 1 loc records but 2 dep records
late-header.kir:8:1: error: header record .macros. after the first symbol
missing-paren.kir:19:35: error: missing .\).
no-end.kir:47:1: error: missing end marker
no-magic.kir:1:1: error: not a kir 1 file
open-string.kir:21:7: error: unterminated string
trailing.kir:22:9: error: unexpected text after the record
two-mainmenu.kir:9:1: error: second .mainmenu. record
unknown-record.kir:22:1: error: unknown record .depend.
unknown-choice-612.kir:12:17: error: choice type unknown is for kconfig 6.1 only
wrong-owner.kir:22:5: error: .dep. record for .Y1. outside the records of .D.
'
plan $(( $(printf '%s\n' "$cases" | grep -c .) * 2 + 6 ))

run "$BIN/kcnf" "$D/good.kir"
is_status 0 "good.kir is accepted"
like "$OUT" '^p cnf ' "good.kir gives a CNF"
run_in "$D/good.kir" "$BIN/kcnf"
is_status 0 "good.kir is read from standard input"

printf '%s\n' "$cases" | grep . > "$TMP/cases"
while IFS= read -r line; do
	file=${line%%:*}
	run "$BIN/kcnf" "$D/$file"
	is_status 1 "$file is rejected"
	like "$ERR" "^$D/$line" "$file: diagnostic"
done < "$TMP/cases"

nested() { # nested DEPTH: a one-symbol file whose dependency is DEPTH nested (not ...)
	printf 'kir 1\ninput "K"\nkconfig 6.12\narch -\nsrcarch -\nkernelversion -\nmacros abstract\n'
	printf 'config A bool\nloc A "K" 1\ndep A '
	awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) printf "(not "; printf "y"; for (i = 0; i < n; i++) printf ")"; print "" }'
	printf 'prompt A y "a"\nend\n'
}
nested 10000 > "$TMP/deep.kir"
run "$BIN/kcnf" "$TMP/deep.kir"
is_status 0 "operators nested 10,000 deep are read"
nested 100000 > "$TMP/deeper.kir"
run "$BIN/kcnf" "$TMP/deeper.kir"
is_status 1 "operators nested 100,000 deep are rejected"
like "$ERR" "^$TMP/deeper.kir:10:[0-9]*: error: operators nested too deeply" "nesting: diagnostic"
done_testing
