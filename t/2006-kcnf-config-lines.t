#!/bin/sh
# kcnf -D @FILE, line by line: a line it uses (CONFIG_X=y|m|n of a bool or tristate, "# CONFIG_X
# is not set") fixes X; a value invalid for the symbol's type is an error (exit 2, as -D
# NAME=VALUE); every other line but comments and blank lines is skipped with FILE:LINE: warning.
. "$(dirname "$0")/lib.sh"
[ -x "$BIN/kcount" ] || skip_all "no bin/kcount"
sed -n '/^\.SH EXAMPLE/,/^\.fi/p' "$TOP/share/kir.5" | sed '1,2d;$d' | sed 's/\\-/-/g' > "$TMP/ex.kir"
D=$T/data/2006
plan 17

run "$BIN/kcnf" -D @"$D/bad-value.config" "$TMP/ex.kir"
is_status 2 "CONFIG_B=f for a tristate: exit 2"
like "$ERR" "^$D/bad-value.config:2: error: CONFIG_B=f: " "invalid value: FILE:LINE: error"
is "$(wc -c < "$OUT")" 0 "invalid value: no formula"
run "$BIN/kcnf" -D @"$D/m-on-bool.config" "$TMP/ex.kir"
is_status 2 "CONFIG_A=m for a bool: exit 2, as -D A=m"
like "$ERR" "^$D/m-on-bool.config:2: error: CONFIG_A=m: " "m on a bool: FILE:LINE: error"
run "$BIN/kcnf" -D @"$D/empty-value.config" "$TMP/ex.kir"
is_status 2 "CONFIG_B= (empty value): exit 2"

run "$BIN/kcnf" -D @"$D/no-prefix.config" "$TMP/ex.kir"
is_status 0 "lines without CONFIG_: exit 0"
like "$ERR" "^$D/no-prefix.config:1: warning: " "A=y: warning"
like "$ERR" "^$D/no-prefix.config:4: warning: " "MODULES=n: warning"
like "$ERR" "^$D/no-prefix.config:5: warning: " "CONFIG_A without a value: warning"
is "$(wc -l < "$ERR")" 3 "comments and blank lines: no warning"
ok '! grep -q "^c input fix" "$OUT"' "nothing fixed"

run "$BIN/kcnf" -D @"$D/mixed.config" -o "$TMP/f.cnf" "$TMP/ex.kir"
is_status 0 "a .config with unused lines: exit 0"
is "$(sed 's/: warning: .*//' "$ERR" | tr '\n' ' ')" \
   "$D/mixed.config:5 $D/mixed.config:6 $D/mixed.config:7 $D/mixed.config:8 " \
   "a warning for each unused line: string, unknown symbols"
is "$(grep '^c input fix' "$TMP/f.cnf" | tr '\n' ' ')" "c input fix A=y c input fix MODULES=n " \
   "the header lists the fixes used"
run "$BIN/kcount" -q "$TMP/f.cnf"
is "$(cat "$OUT")" 4 "A=y, MODULES=n: 4"
run "$BIN/kcnf" -D @"$T/data/2005/partial.config" -D @"$D/bad-value.config" "$TMP/ex.kir"
is_status 2 "an invalid line in a second file: exit 2"
done_testing
