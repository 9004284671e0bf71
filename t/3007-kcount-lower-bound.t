#!/bin/sh
# kcount --lower-bound: on random small CNFs (dimacs-brute --gen, plain and projected, and
# Tseitin circuits, --gates) with K hubs fixed (--hubs K), the bound printed is exactly the
# brute-force count of the formula with the literals it names as fixed, at least 1 when the
# formula has a model and at most its count; without --hubs a small formula is counted
# exactly, by the rounds or (every other formula) by --count-first. On the feature models with published counts, the bound stays below the count.
. "$(dirname "$0")/lib.sh"
need_brute
FM=${KC_FEATUREMODELS:-$TOP/../shared/bench/featuremodels}
N=150
G=60
plan $((2 * (N + G) + 7))
bad=0

# with_units CNF LITERALS...: CNF with a unit clause for each literal
with_units() {
	f=$1; shift
	awk -v units="$*" 'BEGIN { n = split(units, u, " ") }
		/^p cnf/ { print "p cnf", $3, $4 + n; next } { print }
		END { for (i = 1; i <= n; i++) print u[i], 0 }' "$f"
}
# at_most A B: the decimal A is at most B
at_most() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(length(a) < length(b) || (length(a) == length(b) && a "" <= b "")) }'; }

# check NAME CNF K: the bound with --hubs K against brute force
check() {
	expected=$("$BRUTE" "$2")
	run "$BIN/kcount" --lower-bound --hubs "$3" --timeout 30 "$2"
	fixed=$(sed -n 's/^c o fixed \(.*\) 0$/\1/p' "$OUT")
	bound=$(sed -n 's/^c s \(lower-bound\|exact\) arb int //p' "$OUT")
	with_units "$2" $fixed > "$TMP/u.cnf"
	got=$("$BRUTE" "$TMP/u.cnf")
	if [ "$STATUS" = 0 ] && [ "$bound" = "$got" ] && at_most "$bound" "$expected" &&
		{ [ "$expected" = 0 ] || [ "$bound" != 0 ]; }; then
		pass "$1 --hubs $3: $bound of $expected, the count with $(echo $fixed | wc -w) literals fixed"
	else
		fail "$1 --hubs $3: bound '$bound' (status $STATUS), count with [$fixed] fixed $got, count $expected"
		bad=$((bad + 1))
	fi
	first=$([ $((i % 2)) = 0 ] && echo --count-first=20)
	run "$BIN/kcount" --lower-bound $first --timeout 30 "$2"
	if [ "$STATUS" = 0 ] && grep -qx "c s exact arb int $expected" "$OUT"; then pass "$1: counted exactly $first"
	else fail "$1: not counted exactly $first (status $STATUS): $(tail -n 1 "$OUT")"; bad=$((bad + 1)); fi
}
i=1
while [ $i -le $N ]; do
	vars=$((4 + i % 14)); clauses=$((2 + (i * 7) % (3 * vars + 1)))
	case $((i % 4)) in 0|1) show=-1 ;; *) show=$((i % (vars + 1))) ;; esac
	"$BRUTE" --gen $i $vars $clauses $show $((i % 2 * 3)) > "$TMP/r.cnf"
	check "gen $i" "$TMP/r.cnf" $((i % 5 + 1))
	i=$((i + 1))
done
i=1
while [ $i -le $G ]; do
	"$BRUTE" --gates $i > "$TMP/g.cnf"
	check "gates $i" "$TMP/g.cnf" $((i % 3 + 1))
	i=$((i + 1))
done
is "$bad" 0 "no disagreement"

if [ -r "$FM/uClinux-distribution.cnf" ]; then
	count=$(awk -F '\t' '$1 == "uClinux-distribution.cnf" { print $5 }' "$FM/COUNTS.tsv")
	run "$BIN/kcount" --lower-bound --hubs 40 -q "$FM/uClinux-distribution.cnf"
	is_status 0 "uClinux-distribution with 40 hubs fixed: a bound"
	ok 'at_most "$(cat "$OUT")" "$count" && ! at_most "$(cat "$OUT")" 1' \
		"uClinux-distribution: 1 < bound <= the published count"
else
	skip "no feature models in $FM"
	skip "no feature models in $FM"
fi
run "$BIN/kcount" --hubs 3 "$TMP/r.cnf"
is_status 2 "--hubs alone: usage error"
run "$BIN/kcount" --count-first 3 "$TMP/r.cnf"
is_status 2 "--count-first alone: usage error"
run "$BIN/kcount" --lower-bound --preprocess "$TMP/r.cnf"
is_status 2 "--lower-bound --preprocess: usage error"
printf 'p cnf 2 3\n1 2 0\n-1 0\n-2 0\n' > "$TMP/unsat.cnf"
run "$BIN/kcount" --lower-bound "$TMP/unsat.cnf"
like "$OUT" '^c s exact arb int 0$' "an unsatisfiable formula: exactly 0"
done_testing
