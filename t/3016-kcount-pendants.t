#!/bin/sh
# Pendant variables folded into literal weights (kcount/pendant.c): a variable whose clauses
# all hold one other, projected, variable goes, and that variable's literals take the factors
# it gave. Random CNFs, plain and projected, with trees of such variables planted on them
# (each new variable tied by one or two random binary clauses to an earlier one, shown or
# hidden at random), must keep brute force's count: with one thread, with the cubes of two
# threads (whose literals carry weights too), and with --no-elim. Most of them must fold.
. "$(dirname "$0")/lib.sh"
need_brute
N=120
plan $((N + 2))
bad=0 folded=0
i=1
while [ $i -le $N ]; do
	base=$((6 + i % 9)); tree=$((4 + i % 7))
	case $((i % 3)) in 0) show=-1 ;; *) show=$((base - 1 - i % 3)) ;; esac
	"$BRUTE" --gen $i $base $((base + i % base)) $show 2 |
		awk -v seed=$i -v t=$tree 'BEGIN { srand(seed) }
			/^p cnf/ { n = $3; m = $4; next }
			/^c p show/ { shown = 1; sub(/ 0$/, ""); show = $0; next }
			{ body = body $0 "\n" }
			END { for (y = n + 1; y <= n + t; y++) {
					x = 1 + int(rand() * (y - 1)); k = 1 + int(rand() * 2)
					for (j = 0; j < k; j++) {
						body = body (rand() < 0.5 ? -y : y) " " (rand() < 0.5 ? -x : x) " 0\n"; m++ }
					if (shown && rand() < 0.5) show = show " " y }
				print "p cnf", n + t, m; if (shown) print show, 0; printf "%s", body }' > "$TMP/p.cnf"
	want=$("$BRUTE" "$TMP/p.cnf")
	case $((i % 3)) in 0) opts="--jobs 1" ;; 1) opts="--jobs 2 --cube-width 0" ;; *) opts="--jobs 1 --no-elim" ;; esac
	# shellcheck disable=SC2086
	run "$BIN/kcount" -q -v $opts "$TMP/p.cnf"
	[ "$(kstat pendants)" -gt 0 ] && folded=$((folded + 1))
	if [ "$STATUS" = 0 ] && [ "$(cat "$OUT")" = "$want" ]; then pass "case $i ($base + $tree variables, show $show, $opts): $want"
	else fail "case $i ($base + $tree variables, show $show, $opts): expected $want, got $(cat "$OUT") (status $STATUS)"; bad=$((bad + 1)); fi
	i=$((i + 1))
done
is "$bad" 0 "no disagreement with brute force"
ok "[ $folded -gt $((N * 3 / 4)) ]" "most formulas had pendants folded ($folded of $N)"
done_testing
