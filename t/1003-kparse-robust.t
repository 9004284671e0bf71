#!/bin/sh
# kparse never crashes: random bytes, NUL bytes, a huge line, deep block and expression
# nesting, deep macro nesting and a long expression each end with exit status 0 or 1; a
# simple variable that references itself before it has a value (where the kernel's own conf
# reads uninitialized memory) expands to nothing.
. "$(dirname "$0")/lib.sh"
plan 10

no_crash() { # no_crash DESCRIPTION FILE
	run "$BIN/kparse" --kconfig-version 6.12 "$2"
	if [ "$STATUS" = 0 ] || [ "$STATUS" = 1 ]; then pass "$1 (exit $STATUS)"; else
		fail "$1: exit status $STATUS"; head -n 3 "$ERR" | sed 's/^/#   /' >&2; fi
}
repeat() { # repeat N TEXT: TEXT N times, without newlines added
	awk -v n="$1" -v t="$2" 'BEGIN { for (i = 0; i < n; i++) printf "%s", t }'
}

head -c 100000 /dev/urandom > "$TMP/random"
no_crash "random bytes" "$TMP/random"

printf 'config A\n\tbool "a\000b"\n\000\000config B\n bool\n' > "$TMP/nul"
no_crash "NUL bytes" "$TMP/nul"

{ printf 'config A\n\tbool "'; repeat 3000000 x; printf '"\n'; } > "$TMP/long-line"
no_crash "a 3 MB line" "$TMP/long-line"

{ repeat 20000 'if A
'; printf 'config B\n\tbool "b"\n'; repeat 20000 'endif
'; } > "$TMP/deep-if"
no_crash "20000 nested if blocks" "$TMP/deep-if"

{ printf 'config A\n\tbool "a"\n\tdepends on '; repeat 50000 '('; printf B; repeat 50000 ')'
  printf '\n'; } > "$TMP/deep-parens"
no_crash "50000 nested parentheses" "$TMP/deep-parens"

{ printf 'X := '; repeat 50000 '$('; repeat 50000 ')'; printf '\n'; } > "$TMP/deep-macro"
no_crash "50000 nested macro references" "$TMP/deep-macro"

{ printf 'config A\n\tbool "a"\n\tdepends on B'; repeat 1000000 ' || B'; printf '\n'; } > "$TMP/long-expr"
no_crash "an expression of 1000000 operands" "$TMP/long-expr"

{ printf 'config A\n\tbool "a\n'; printf 'menu "m\nchoice\nconfig\n'; } > "$TMP/truncated"
no_crash "unterminated strings and blocks" "$TMP/truncated"

printf 'X := $(X)\nconfig A\n\tbool "a"\nconfig B\n\tbool "b"\n\tdepends on A$(X)\n' > "$TMP/self"
no_crash "X := \$(X) on a new variable" "$TMP/self"
like "$OUT" '^dep B A$' "X := \$(X) on a new variable expands to nothing"
