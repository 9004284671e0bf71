#!/bin/sh
# The corpus t/kconfig/*.kconfig, for each of Linux 6.1, 6.12 and the newest release where a
# file applies: the number of valid configurations from kparse | kcnf | kcount equals the
# kernel's own count by enumeration (koracle brute, built from that tree's scripts/kconfig).
# Files using $(shell,...) are parsed with --shell (their commands are deterministic).
. "$(dirname "$0")/lib.sh"
. "$T/oracle/oracle.sh"
[ -x "$BIN/kparse" ] || skip_all "kparse not built yet"
[ -x "$BIN/kcnf" ] || skip_all "kcnf not built yet"
counter=$(counter_cmd)
[ -n "$counter" ] || skip_all "no model counter built yet (kcount or build/t/dimacs-brute)"

corpus_pairs

# pipeline FILE XY: the count by kparse | kcnf | counter, or why there is none
pipeline() {
	corpus_cnf "$1" "$2" || return
	run $counter "$TMP/cnf"
	[ "$STATUS" = 0 ] || { echo "counter exit $STATUS: $(head -n 1 "$ERR")"; return; }
	cat "$OUT"
}

while read -r series xy dir f <&3; do
	name=$(basename "$f")
	want=$("$T/oracle/kernel-env" - "$f" "$dir/koracle" brute "$f" 2>"$TMP/oracle.err") ||
		want="oracle failed: $(head -n 1 "$TMP/oracle.err")"
	got=$(pipeline "$f" "$xy")
	is "$got" "$want" "$name ($xy): pipeline count = kernel count ($want)"
done 3< "$TMP/pairs"
done_testing
