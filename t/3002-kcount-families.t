#!/bin/sh
# kcount on structured families whose counts have closed forms (computed with bc): free
# variables, implication chains, exactly-one constraints, pigeonhole (unsatisfiable),
# products of independent components, projected blocks, counts far beyond 64 bits.
. "$(dirname "$0")/lib.sh"
command -v bc >/dev/null || skip_all "bc not installed"
plan 51

# check NAME EXPECTED FILE: kcount -q FILE prints EXPECTED
check() {
	run "$BIN/kcount" -q "$3"
	is_status 0 "$1: exit 0"
	is "$(cat "$OUT")" "$2" "$1: $2"
}
pow() { echo "$1^$2" | bc | tr -d '\\\n'; }
cnf() { # cnf FILE VARS: header with the clause count of the clause lines in FILE.body
	{ echo "p cnf $2 $(grep -c ' 0$' "$1.body")"; cat "$1.body"; } > "$1"
}

printf 'p cnf 70 0\n' > "$TMP/free.cnf"
check "70 free variables" "$(pow 2 70)" "$TMP/free.cnf"

printf 'p cnf 0 0\n' > "$TMP/empty.cnf"
check "no variables" 1 "$TMP/empty.cnf"

printf 'p cnf 3 2\n1 2 0\n0\n' > "$TMP/emptyclause.cnf"
check "an empty clause" 0 "$TMP/emptyclause.cnf"

awk 'BEGIN { for (i = 1; i < 50; i++) print -i, i + 1, 0 }' > "$TMP/chain.cnf.body"
cnf "$TMP/chain.cnf" 50
check "chain of 49 implications" 51 "$TMP/chain.cnf"

awk 'BEGIN { s = ""; for (i = 1; i <= 30; i++) s = s i " "; print s "0";
	for (i = 1; i <= 30; i++) for (j = i + 1; j <= 30; j++) print -i, -j, 0 }' > "$TMP/one.cnf.body"
cnf "$TMP/one.cnf" 30
check "exactly one of 30" 30 "$TMP/one.cnf"

# pigeonhole: 7 pigeons, 6 holes; variable (p-1)*6+h says pigeon p sits in hole h
awk 'BEGIN { for (p = 1; p <= 7; p++) { s = ""; for (h = 1; h <= 6; h++) s = s ((p-1)*6+h) " "; print s "0" }
	for (h = 1; h <= 6; h++) for (p = 1; p <= 7; p++) for (q = p + 1; q <= 7; q++) print -((p-1)*6+h), -((q-1)*6+h), 0 }' > "$TMP/php.cnf.body"
cnf "$TMP/php.cnf" 42
check "pigeonhole 7 into 6" 0 "$TMP/php.cnf"
run "$BIN/kcount" "$TMP/php.cnf"
like "$OUT" '^s UNSATISFIABLE$' "pigeonhole: s UNSATISFIABLE"

# 45 independent exactly-one-of-3 blocks: 3^45 > 2^64
awk 'BEGIN { for (b = 0; b < 45; b++) { x = 3*b; print x+1, x+2, x+3, 0; print -(x+1), -(x+2), 0;
	print -(x+1), -(x+3), 0; print -(x+2), -(x+3), 0 } }' > "$TMP/blocks.cnf.body"
cnf "$TMP/blocks.cnf" 135
check "45 exactly-one-of-3 components" "$(pow 3 45)" "$TMP/blocks.cnf"

# 60 components (a or b), 20 free variables and 10 fixed ones: 3^60 * 2^20
awk 'BEGIN { for (b = 0; b < 60; b++) print 2*b+1, 2*b+2, 0; for (v = 121; v <= 130; v++) print v, 0 }' > "$TMP/mixed.cnf.body"
cnf "$TMP/mixed.cnf" 150
check "components, free and fixed variables" "$(echo "3^60 * 2^20" | bc | tr -d '\\\n')" "$TMP/mixed.cnf"

# blocks (z or a)(not z or b) with z hidden: 3 projections per block, 4 models
awk 'BEGIN { for (b = 0; b < 50; b++) { z = 3*b+1; print z, z+1, 0; print -z, z+2, 0 } }' > "$TMP/proj.cnf.body"
cnf "$TMP/proj.cnf" 150
mv "$TMP/proj.cnf" "$TMP/proj.cnf.plain"
{ head -n 1 "$TMP/proj.cnf.plain"; awk 'BEGIN { s = "c p show"; for (b = 0; b < 50; b++) s = s " " 3*b+2 " " 3*b+3; print s " 0" }'; cat "$TMP/proj.cnf.body"; } > "$TMP/proj.cnf"
check "50 blocks, plain" "$(pow 4 50)" "$TMP/proj.cnf.plain"
check "50 blocks, projected on a and b" "$(pow 3 50)" "$TMP/proj.cnf"
run "$BIN/kcount" "$TMP/proj.cnf"
like "$OUT" '^c s type pmc$' "projected: c s type pmc"

# projection split over two 'c p show' lines, with an unused shown variable (factor 2)
printf 'p cnf 6 2\nc p show 1 2 0\nc p show 3 6 0\n1 4 0\n-4 2 3 0\n' > "$TMP/twoshow.cnf"
# models over 1,2,3,6 that extend: x1 or (x2 or x3) -> 7 of 8 on {1,2,3}, times 2 for 6
check "two show lines, unused shown variable" 14 "$TMP/twoshow.cnf"

printf 'p cnf 3 1\nc p show 0\n1 2 0\n' > "$TMP/noshow.cnf"
check "empty projection, satisfiable" 1 "$TMP/noshow.cnf"
printf 'p cnf 3 2\nc p show 0\n1 0\n-1 0\n' > "$TMP/noshow0.cnf"
check "empty projection, unsatisfiable" 0 "$TMP/noshow0.cnf"

# a long equivalence ring x1 -> x2 -> ... -> x200 -> x1 with 300 free others: 2 * 2^300
awk 'BEGIN { for (i = 1; i < 200; i++) print -i, i + 1, 0; print -200, 1, 0 }' > "$TMP/ring.cnf.body"
cnf "$TMP/ring.cnf" 500
check "equivalence ring and free variables" "$(echo "2 * 2^300" | bc | tr -d '\\\n')" "$TMP/ring.cnf"

# two clauses of 3000 literals (all true is excluded, all false too): 2^3000 - 2
awk 'BEGIN { print "p cnf 3000 2"; s = ""; t = ""; for (i = 1; i <= 3000; i++) { s = s i " "; t = t (-i) " " }
	print s "0"; print t "0" }' > "$TMP/long.cnf"
check "two clauses of 3000 literals" "$(echo "2^3000 - 2" | bc | tr -d '\\\n')" "$TMP/long.cnf"

# 20000 hidden variables equivalent to the shown one, in descending order: count 2 (and
# preprocessing must not go quadratic on the chain)
awk 'BEGIN { n = 20000; print "p cnf", n, 2 * (n - 1); print "c p show 1 0"
	for (i = n; i > 1; i--) { print i, -(i - 1), 0; print -i, i - 1, 0 } }' > "$TMP/chain.cnf"
check "chain of 20000 equivalences, projected on its end" 2 "$TMP/chain.cnf"

# a chain of 100 exclusive ors x(i+1) = x(i) xor y(i): x1 and the y are free, 2^101; no
# AND gate spells these definitions out, the satisfiability checks (padoa.c) find them and
# leave a support of 101 variables
awk 'BEGIN { for (i = 1; i <= 100; i++) { a = i; b = 101 + i; g = i + 1
	print -g, a, b, 0; print -g, -a, -b, 0; print g, -a, b, 0; print g, a, -b, 0 } }' > "$TMP/xor.cnf.body"
cnf "$TMP/xor.cnf" 201
check "chain of 100 exclusive ors" "$(pow 2 101)" "$TMP/xor.cnf"
run "$BIN/kcount" --preprocess "$TMP/xor.cnf"
is "$(grep '^c p show' "$OUT" | wc -w)" 105 "chain of 100 exclusive ors: a support of 101 variables"

# the transitive closure of the chain x1 -> x2 -> ... -> x30: 30 + 1 models (the true
# variables are a suffix); preprocessing (vivify.c) keeps only the 29 clauses of the chain,
# which imply the other 406
awk 'BEGIN { for (i = 1; i < 30; i++) for (j = i + 1; j <= 30; j++) print -i, j, 0 }' > "$TMP/closure.cnf.body"
cnf "$TMP/closure.cnf" 30
check "transitive closure of a chain of 30" 31 "$TMP/closure.cnf"
run "$BIN/kcount" --preprocess "$TMP/closure.cnf"
is "$(grep '^p cnf' "$OUT")" "p cnf 30 29" "transitive closure of a chain of 30: 29 clauses left"

# a select by 30 options of which each implies the next: x31 -> (x1 or ... or x30) with
# x1 -> x2 -> ... -> x30. 31 assignments of the chain (a true suffix), x31 false with each
# and true with the 30 where x30 is: 2 * 30 + 1. As x30 is implied by each of the others,
# preprocessing (vivify.c, each literal checked against all the others) shrinks the select
# to (not x31 or x30)
awk 'BEGIN { printf "-31"; for (i = 1; i <= 30; i++) printf " %d", i; print " 0"
	for (i = 1; i < 30; i++) print -i, i + 1, 0 }' > "$TMP/select.cnf.body"
cnf "$TMP/select.cnf" 31
check "select by a chain of 30" 61 "$TMP/select.cnf"
run "$BIN/kcount" --preprocess "$TMP/select.cnf"
is "$(awk '!/^[cp]/ && NF > 3' "$OUT" | wc -l)" 0 "select by a chain of 30: no clause of more than 2 literals left"

# the treewidth bounds of -v (order.c) on graphs of known treewidth: a wheel has 3, a clique
# of 12 has 11 (its least degree), the 8 x 8 grid has 8; the lower bound may not pass it
# and the order's width may not fall below it. (A path or a cycle has no bound to find: its
# variables of degree two fold away, pendant.c; a wheel's rim has degree three.)
stat() { run "$BIN/kcount" -v "$2"; kstat "$1"; }
# A wheel's independent sets: the hub alone, or those of its rim, a cycle of 50 (the Lucas
# number L_50 = 28143753123).
awk 'BEGIN { for (i = 1; i <= 50; i++) print -i, -(i % 50 + 1), 0; for (i = 1; i <= 50; i++) print -51, -i, 0 }' > "$TMP/wheel.cnf.body"
cnf "$TMP/wheel.cnf" 51
check "independent sets of a wheel of 50 spokes" 28143753124 "$TMP/wheel.cnf"
is "$(stat order_width_lower "$TMP/wheel.cnf")" 3 "a wheel of 50 spokes: treewidth at least 3"
# Every elimination by least degree takes a rim variable of degree 3 (joining its two rim
# neighbours) until the hub and three rim variables are left, a clique of 4: 48 of degree 3,
# then 2, 1 and 0, and 2^0 for the root (no hubs).
is "$(stat order_cost "$TMP/wheel.cnf")" $((48 * 8 + 4 + 2 + 1 + 1)) "a wheel of 50 spokes: its order's bag assignments"
awk 'BEGIN { for (i = 1; i <= 12; i++) for (j = i + 1; j <= 12; j++) print -i, -j, 0 }' > "$TMP/amo.cnf.body"
cnf "$TMP/amo.cnf" 12
check "at most one of 12" 13 "$TMP/amo.cnf"
is "$(stat order_width_lower "$TMP/amo.cnf")" 11 "at most one of 12: treewidth at least 11"
awk 'BEGIN { for (r = 0; r < 8; r++) for (c = 0; c < 8; c++) { v = 8 * r + c + 1
	if (c < 7) print -v, -(v + 1), 0; if (r < 7) print -v, -(v + 8), 0 } }' > "$TMP/grid.cnf.body"
cnf "$TMP/grid.cnf" 64
lower=$(stat order_width_lower "$TMP/grid.cnf") upper=$(stat order_width "$TMP/grid.cnf")
ok "[ $lower -ge 2 ] && [ $lower -le 8 ] && [ $upper -ge 8 ]" "8 x 8 grid: $lower <= treewidth 8 <= $upper"
