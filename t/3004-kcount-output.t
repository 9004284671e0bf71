#!/bin/sh
# kcount's output forms (competition lines, -q, --digits, stdin), --sample models checked
# by the brute-force oracle, -v statistics, --help/--version, the timeout and memory cap.
. "$(dirname "$0")/lib.sh"
need_brute
plan 30

printf 'c t mc\np cnf 8 2\n1 2 3 4 0\n-5 6 7 8 0\n' > "$TMP/f.cnf"
run "$BIN/kcount" "$TMP/f.cnf"
is_status 0 "counts f.cnf"
# 15 x 15 models; the cache's hashed keys add a comment line (c o) with the bound on a
# collision: each clause is a component looked up, then the three- and two-literal clauses
# its branches leave; those of the second clause met the three entries of the first, 9 pairs,
# 9 x 2^-128 (kcount(1), CACHE KEYS). (Clauses of four: a variable with two neighbours would
# fold away, pendant.c.)
printf 's SATISFIABLE\nc s type mc\nc o cache: hashed keys; probability of any collision in this run at most 2.6e-38\nc s log10-estimate 2.352183\nc s exact arb int 225\n' > "$TMP/f.expected"
same_file "$OUT" "$TMP/f.expected" "competition output"

run_in "$TMP/f.cnf" "$BIN/kcount" -q
is_status 0 "reads standard input"
is "$(cat "$OUT")" 225 "-q from standard input"
run_in "$TMP/f.cnf" "$BIN/kcount" -q -
is "$(cat "$OUT")" 225 "'-' is standard input"

printf 'p cnf 2 2\n1 0\n-1 0\n' > "$TMP/u.cnf"
run "$BIN/kcount" "$TMP/u.cnf"
is_status 0 "unsatisfiable: exit 0"
printf 's UNSATISFIABLE\nc s type mc\nc s log10-estimate -inf\nc s exact arb int 0\n' > "$TMP/u.expected"
same_file "$OUT" "$TMP/u.expected" "unsatisfiable output"

printf 'p cnf 400 0\n' > "$TMP/big.cnf"
run "$BIN/kcount" --digits "$TMP/big.cnf"
is_status 0 "--digits"
is "$(cat "$OUT")" "121 120.411998" "--digits of 2^400: 121 digits, log10 120.41"

printf 'p cnf 3 1\nc p show 1 3 0\n1 2 0\n' > "$TMP/p.cnf"
run "$BIN/kcount" "$TMP/p.cnf"
like "$OUT" '^c s type pmc$' "projected: type pmc"
like "$OUT" '^c s exact arb int 4$' "projected count"

# --sample: every model satisfies the formula (the oracle counts formula + model units as 1)
"$BRUTE" --gen 7 14 20 > "$TMP/s.cnf"
run "$BIN/kcount" --sample 5 --seed 3 "$TMP/s.cnf"
is_status 0 "--sample 5"
is "$(grep -c '^v .* 0$' "$OUT")" 5 "five v lines"
awk 'NR > 0 { print NF - 2 }' "$OUT" | sort -u > "$TMP/widths"
is "$(cat "$TMP/widths")" 14 "each model has every variable"
n=0
while read -r v lits; do
	n=$((n + 1))
	{ sed 's/^p cnf 14 20$/p cnf 14 34/' "$TMP/s.cnf"; echo "$lits" | tr ' ' '\n' | grep -v '^0$' | sed 's/$/ 0/'; } > "$TMP/m$n.cnf"
done < "$OUT"
all=1
for i in 1 2 3 4 5; do [ "$("$BRUTE" "$TMP/m$i.cnf")" = 1 ] || all=0; done
is "$all" 1 "every sampled model satisfies the formula"
run "$BIN/kcount" --sample 3 --seed 3 "$TMP/s.cnf"
cp "$OUT" "$TMP/again"
run "$BIN/kcount" --sample 3 --seed 3 "$TMP/s.cnf"
same_file "$OUT" "$TMP/again" "same seed, same models"
run "$BIN/kcount" --sample 3 "$TMP/u.cnf"
is "$(cat "$OUT")" "s UNSATISFIABLE" "no model of an unsatisfiable formula, and it says so"

run "$BIN/kcount" -v "$TMP/f.cnf"
is_status 0 "-v"
like "$ERR" '^c decisions +[0-9]+' "-v reports decisions"
like "$ERR" '^c cache_hits +[0-9]+' "-v reports cache hits"
# every 3 of 6 variables in a clause: at most two false, 1 + 6 + 15 models; the primal
# graph is the complete graph on 6 vertices, of treewidth 5
for i in 1 2 3 4 5 6; do for j in 1 2 3 4 5 6; do for k in 1 2 3 4 5 6; do
	[ "$i" -lt "$j" ] && [ "$j" -lt "$k" ] && echo "$i $j $k 0"
done; done; done | sed '1i p cnf 6 20' > "$TMP/k6.cnf"
run "$BIN/kcount" -v -q "$TMP/k6.cnf"
is "$(cat "$OUT")" 22 "K6 family: 22 models"
like "$ERR" '^c order_width +5 ' "-v reports the order's width, 5 on K6"
like "$ERR" '^c order_hubs +0 ' "-v reports no hubs on K6"

run "$BIN/kcount" --help
is_status 0 "--help"
like "$OUT" '--timeout S' "--help lists --timeout"
run "$BIN/kcount" --version
like "$OUT" '^kcount \(kconfig-count\) ' "--version"

# pigeonhole 13 into 12 takes far longer than a second without learning
awk 'BEGIN { print "p cnf 156 949"; for (p = 1; p <= 13; p++) { s = ""; for (h = 1; h <= 12; h++) s = s ((p-1)*12+h) " "; print s "0" }
	for (h = 1; h <= 12; h++) for (p = 1; p <= 13; p++) for (q = p + 1; q <= 13; q++) print -((p-1)*12+h), -((q-1)*12+h), 0 }' > "$TMP/php.cnf"
run "$BIN/kcount" --timeout 1 "$TMP/php.cnf"
is_status 2 "--timeout 1 on a hard formula: exit 2"
like "$ERR" 'timeout after 1 s: no count' "says it gave up"
is "$(cat "$OUT")" "" "no partial count"

awk 'BEGIN { print "p cnf 200000 100000"; for (i = 1; i <= 100000; i++) print i, i + 100000, 0 }' > "$TMP/wide.cnf"
run "$BIN/kcount" --mem 1 "$TMP/wide.cnf"
is_status 2 "--mem 1 too small: exit 2"
