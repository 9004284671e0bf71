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

corpus_pairs

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

while read -r _ xy dir f <&3; do
	name="$(basename "$f") ($xy)"
	rm -rf "$TMP/valid" && mkdir "$TMP/valid"
	"$T/oracle/kernel-env" - "$f" "$dir/koracle" brute --list "$f" > "$TMP/list" 2>/dev/null
	configs "$TMP/list" "$TMP/valid"
	if ! why=$(corpus_cnf "$f" "$xy"); then
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
