#!/bin/sh
# kcount -v's estimate of how much of the search is finished (search_done, and "done F" on
# each progress line): the shares it hands out must add up to exactly 1 when a count ends,
# whatever the search met on the way: components split off by a decision, branches that
# fail, zero counts that spare their siblings, projection-free components, cache hits, and
# formulas that preprocessing already decides. Random CNFs (dimacs-brute --gen) of 12 to 36
# variables, plain and projected, satisfiable or not; then a count cut short by --timeout
# must report a share below 1, and its progress lines shares that never fall.
. "$(dirname "$0")/lib.sh"
need_brute
N=150
plan $((N + 4))
bad=0 zero=0 projected=0
i=1
while [ $i -le $N ]; do
	vars=$((12 + i % 25)); clauses=$((vars / 2 + (i * 13) % (4 * vars)))
	case $((i % 3)) in 0) show=$((vars / 2)); projected=$((projected + 1)) ;; *) show=-1 ;; esac
	"$BRUTE" --gen $i $vars $clauses $show $((2 + i % 2)) > "$TMP/r.cnf"
	run "$BIN/kcount" -q -v "$TMP/r.cnf"
	[ "$(cat "$OUT")" = 0 ] && zero=$((zero + 1))
	got=$(sed -n 's/^c search_done *\([^ ]*\) .*/\1/p' "$ERR")
	if [ "$STATUS" = 0 ] && [ "$got" = 1 ]; then pass "random $i ($vars variables, $clauses clauses, show $show): search_done 1"
	else fail "random $i ($vars variables, $clauses clauses, show $show): search_done '$got', status $STATUS"; bad=$((bad + 1)); fi
	i=$((i + 1))
done
[ $bad = 0 ] || diag "$bad of $N counts did not end with the whole search done"
diag "$zero of the $N formulas count 0, $projected are projected"
ok "[ $zero -gt 5 ] && [ $zero -lt $((N - 20)) ]" "some formulas count 0 and most do not ($zero)"

# Random 3- to 5-literal clauses over 300 variables: far too wide to count in a second.
"$BRUTE" --gen 7 300 500 -1 3 > "$TMP/hard.cnf"
run "$BIN/kcount" -v --timeout 4 "$TMP/hard.cnf"
is_status 2 "a count cut short by --timeout exits 2"
got=$(sed -n 's/^c search_done *\([^ ]*\) .*/\1/p' "$ERR")
ok "[ -n '$got' ] && awk 'BEGIN { exit !($got >= 0 && $got < 1) }'" "and reports a share of the search below 1 ($got)"
sed -n 's/^c \[.* done \([^ ]*\)$/\1/p' "$ERR" > "$TMP/done"
if [ -s "$TMP/done" ]; then
	ok "awk 'NR > 1 && \$1 < last { exit 1 } { last = \$1 } \$1 > 1 { exit 1 }' '$TMP/done'" \
		"its progress lines' shares never fall and stay at most 1 ($(tr '\n' ' ' < "$TMP/done"))"
else
	skip "no progress line in 4 s (a line waits for a second of search: a loaded machine)"
fi
