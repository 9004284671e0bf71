#!/bin/sh
# Completeness on the corpus: models that kcount --sample draws from the CNF of kparse | kcnf,
# written as complete .config files through the c map lines, are all accepted by the kernel
# (koracle check: conf_read and recompute change nothing), for each of 6.1, 6.12 and the
# newest release where a file applies.
. "$(dirname "$0")/lib.sh"
. "$T/oracle/oracle.sh"
check=$TOP/build/t/cnf-check
samples=20
[ -x "$BIN/kparse" ] || skip_all "kparse not built yet"
[ -x "$BIN/kcnf" ] || skip_all "kcnf not built yet"
[ -x "$BIN/kcount" ] || skip_all "kcount not built yet"
[ -x "$check" ] || skip_all "build/t/cnf-check not built (make test-helpers)"

corpus_pairs

# sample FILE XY: $TMP/models/model-K.config from kparse | kcnf | kcount --sample, or why not
sample() {
	corpus_cnf "$1" "$2" || return 1
	run "$BIN/kcount" --sample "$samples" --seed 2300 "$TMP/cnf"
	[ "$STATUS" = 0 ] || { echo "kcount --sample exit $STATUS: $(head -n 1 "$ERR")"; return 1; }
	cp "$OUT" "$TMP/samples"
	run "$check" --configs "$TMP/cnf" "$TMP/samples" "$TMP/models"
	[ "$STATUS" = 0 ] || { echo "no model in the sample: $(head -n 1 "$ERR")"; return 1; }
}

while read -r _ xy dir f <&3; do
	name="$(basename "$f") ($xy)"
	rm -rf "$TMP/models" && mkdir "$TMP/models"
	if ! why=$(sample "$f" "$xy"); then
		fail "$name: sampled models are valid for the kernel"
		diag "$why"
		continue
	fi
	run "$T/oracle/kernel-env" - "$f" "$dir/koracle" check "$f" "$TMP"/models/*.config
	is_status 0 "$name: $(ls "$TMP/models" | wc -l) sampled models are valid for the kernel"
	grep '^INVALID' "$OUT" | head -n 2 | while read -r l; do diag "$l"; done
done 3< "$TMP/pairs"
done_testing
