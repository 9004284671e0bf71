#!/bin/sh
# kcount --sample on a kernel-sized formula (the kclause model of Linux 6.12, 78k variables,
# 274k clauses): each model assigns every variable and satisfies every clause (checked by
# an awk pass over the formula, independent of kcount). Then --timeout during preprocessing,
# which takes seconds on this formula: kcount gives up without printing a formula.
. "$(dirname "$0")/lib.sh"
XZ=${KC_KERNEL_KCLAUSE:-$TOP/../shared/bench/kernel-kclause/linux-6.12-x86_64.cnf.xz}
[ -r "$XZ" ] || skip_all "no kernel-sized formula at $XZ"
command -v xz >/dev/null || skip_all "xz not installed"
plan 7
xz -dc "$XZ" > "$TMP/k.cnf"
run "$BIN/kcount" --sample 3 --seed 11 --timeout 120 "$TMP/k.cnf"
is_status 0 "--sample 3 on the 6.12 kclause formula"
is "$(grep -c '^v ' "$OUT")" 3 "three models"
vars=$(awk '/^p cnf/ { print $3; exit }' "$TMP/k.cnf")
is "$(awk '{ print NF - 2 }' "$OUT" | sort -u)" "$vars" "every model assigns all $vars variables"
awk 'FNR == NR { for (i = 2; i < NF; i++) val[NR, $i > 0 ? $i : -$i] = ($i > 0); models = NR; next }
	/^[cp]/ { next }
	{ for (m = 1; m <= models; m++) { sat = 0
		for (i = 1; i < NF && !sat; i++) { v = $i > 0 ? $i : -$i; if (val[m, v] == ($i > 0)) sat = 1 }
		if (!sat) bad++ } }
	END { print bad + 0 }' "$OUT" "$TMP/k.cnf" > "$TMP/violations"
is "$(cat "$TMP/violations")" 0 "no clause violated by any model"

run "$BIN/kcount" --preprocess --timeout 1 "$TMP/k.cnf"
is_status 2 "--timeout 1 while preprocessing: exit 2"
like "$ERR" 'timeout after 1 s: no count' "says it gave up"
is "$(wc -c < "$OUT")" 0 "prints no formula"
