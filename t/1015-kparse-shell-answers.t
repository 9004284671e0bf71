#!/bin/sh
# kparse --shell-answers FILE: each $(shell,...) takes its recorded output (COMMAND<TAB>OUTPUT,
# both with \\ \n \t \xHH escapes, as popenlog.c of ../shared/tools writes them) and nothing
# runs; a command with no answer, a malformed line and a missing file are errors.
. "$(dirname "$0")/lib.sh"
plan 9

printf 'config A\n\tbool "a"\n\tdefault $(shell,echo y)\nconfig B\n\tbool "b"\n\tdefault $(shell,touch %s/ran; echo y)\n' \
	"$TMP" > "$TMP/Kconfig"
printf 'echo y\ty\ntouch %s/ran; echo y\tn\n' "$TMP" > "$TMP/answers.tsv"
run "$BIN/kparse" --shell-answers "$TMP/answers.tsv" "$TMP/Kconfig"
is_status 0 "every command answered"
like "$OUT" '^macros recorded$' "the IR says the macros were recorded"
ok 'grep -q "^default A y y$" "$OUT" && grep -q "^default B n y$" "$OUT"' "each default is its recorded answer"
ok '! [ -e "$TMP/ran" ]' "no command ran"

# the as-instr of 5.7's scripts/Kconfig.include: a backslash in the command, written \\
printf 'X := $(shell,printf "%%b\\n" y)\nconfig A\n\tbool "a"\n\tdefault $(X)\n' > "$TMP/Kesc"
printf 'printf "%%b\\\\n" y\ty\\n\n' > "$TMP/cmd.tsv"
run "$BIN/kparse" --shell-answers "$TMP/cmd.tsv" "$TMP/Kesc"
ok '[ "$STATUS" = 0 ] && grep -q "^default A y y$" "$OUT"' "an escape in the command is decoded too"

printf 'echo y\ty\n' > "$TMP/short.tsv"
run "$BIN/kparse" --shell-answers "$TMP/short.tsv" "$TMP/Kconfig"
ok '[ "$STATUS" = 1 ] && grep -q "Kconfig:6:10: error: no recorded answer for " "$ERR"' \
	"a command with no answer: file:line:col error, exit 1"
printf 'echo y\ty\nno tab here\n' > "$TMP/bad.tsv"
run "$BIN/kparse" --shell-answers "$TMP/bad.tsv" "$TMP/Kconfig"
ok '[ "$STATUS" = 2 ] && grep -q "bad.tsv:2: expected COMMAND<TAB>OUTPUT" "$ERR"' "a malformed line: its line, exit 2"
printf 'echo y\ty\\q\n' > "$TMP/esc.tsv"
run "$BIN/kparse" --shell-answers "$TMP/esc.tsv" "$TMP/Kconfig"
ok '[ "$STATUS" = 2 ] && grep -q "esc.tsv:1: expected" "$ERR"' "an unknown escape: exit 2"
run "$BIN/kparse" --shell-answers "$TMP/none.tsv" "$TMP/Kconfig"
ok '[ "$STATUS" = 2 ] && grep -q "cannot open .*none.tsv" "$ERR"' "a missing file: exit 2"
done_testing
