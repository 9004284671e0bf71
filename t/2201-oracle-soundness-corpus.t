#!/bin/sh
# Soundness on the corpus: every configuration the kernel accepts (koracle brute --list, for
# each of 6.1, 6.12 and the newest release where a file applies) satisfies the CNF of
# kparse | kcnf. With equal counts (2100) this makes the two sets of configurations equal.
. "$(dirname "$0")/lib.sh"
. "$T/oracle/oracle.sh"
check=$TOP/build/t/cnf-check
[ -x "$BIN/kparse" ] || skip_all "kparse not built yet"
[ -x "$BIN/kcnf" ] || skip_all "kcnf not built yet"
[ -x "$check" ] || skip_all "build/t/cnf-check not built (make test-helpers)"

: > "$TMP/pairs"
for series in 6.1 6.12 newest; do
	oracle_for "$series" || continue
	for f in "$T"/kconfig/*.kconfig; do
		corpus_applies "$f" "$ORACLE_XY" && echo "$ORACLE_XY $ORACLE_DIR $f" >> "$TMP/pairs"
	done
done
[ -s "$TMP/pairs" ] || skip_all "no kernel tree or no oracle build (share/get-kernel, flex, bison)"
plan "$(wc -l < "$TMP/pairs")"

# cnf_of FILE XY: $TMP/cnf, or why there is none
cnf_of() {
	shell=
	grep -q '\$(shell,' "$1" && shell=--shell
	run "$BIN/kparse" --kconfig-version "$2" $shell "$1"
	[ "$STATUS" = 0 ] || { echo "kparse exit $STATUS: $(head -n 1 "$ERR")"; return 1; }
	cp "$OUT" "$TMP/ir"
	run "$BIN/kcnf" "$TMP/ir"
	[ "$STATUS" = 0 ] || { echo "kcnf exit $STATUS: $(head -n 1 "$ERR")"; return 1; }
	cp "$OUT" "$TMP/cnf"
}

# configs LISTFILE DIR: one .config per "A=y B=n ..." line of koracle brute --list
configs() {
	awk -v dir="$2" 'NF > 1 || /=/ {
		f = dir "/valid-" NR ".config"
		for (i = 1; i <= NF; i++) {
			split($i, kv, "=")
			if (kv[2] == "n") print "# CONFIG_" kv[1] " is not set" > f
			else print "CONFIG_" kv[1] "=" kv[2] > f
		}
		close(f)
	}' "$1"
}

while read -r xy dir f <&3; do
	name="$(basename "$f") ($xy)"
	rm -rf "$TMP/valid" && mkdir "$TMP/valid"
	"$T/oracle/kernel-env" - "$f" "$dir/koracle" brute --list "$f" > "$TMP/list" 2>/dev/null
	configs "$TMP/list" "$TMP/valid"
	if ! why=$(cnf_of "$f" "$xy"); then
		fail "$name: the kernel's valid configurations satisfy the CNF"
		diag "$why"
		continue
	fi
	set -- "$TMP"/valid/*.config
	[ -f "$1" ] || set --
	if [ $# = 0 ]; then
		pass "$name: the kernel's valid configurations satisfy the CNF (none)"
		continue
	fi
	run "$check" "$TMP/cnf" "$@"
	unsat=$(grep -c '^UNSAT' "$OUT")
	is "$unsat" 0 "$name: the kernel's $# valid configurations satisfy the CNF"
	[ "$unsat" = 0 ] || grep '^UNSAT' "$OUT" | head -n 2 | while read -r _ c; do
		diag "$(tr '\n' ' ' < "$c")"
	done
done 3< "$TMP/pairs"
done_testing
