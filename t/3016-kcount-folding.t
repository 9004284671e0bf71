#!/bin/sh
# Variables of degree one and two folded into literal weights and two-variable factors
# (kcount/pendant.c): a variable whose clauses hold at most two other variables, all
# projected, goes; their literals, or a factor between the two, take what it gave. Random
# CNFs, plain and projected, with variables planted on them (each new one tied to an earlier
# one by one or two binary clauses, or to two earlier ones by one to three clauses of two or
# three literals, shown or hidden at random), must keep brute force's count: with one thread,
# with the cubes of two threads (whose literals carry weights too), and with --no-elim. Most
# of them must fold, and some must keep factors, which the search decides and keys.
. "$(dirname "$0")/lib.sh"
need_brute
N=150 W=8
plan $((N + W + 4))
bad=0 folded=0 factors=0
for i in $(seq 1 $N); do
	base=$((5 + i % 9)); tree=$((4 + i % 8))
	case $((i % 3)) in 0) show=-1 ;; *) show=$((base - 1 - i % 3)) ;; esac
	"$BRUTE" --gen $i $base $((base + i % base)) $show 2 |
		awk -v seed=$i -v t=$tree 'BEGIN { srand(seed) }
			/^p cnf/ { n = $3; m = $4; next }
			/^c p show/ { shown = 1; sub(/ 0$/, ""); show = $0; next }
			{ body = body $0 "\n" }
			function sign(v) { return rand() < 0.5 ? -v : v }
			END { for (y = n + 1; y <= n + t; y++) {
					x = 1 + int(rand() * (y - 1)); z = 1 + int(rand() * (y - 1))
					if (z == x || rand() < 0.3) {
						k = 1 + int(rand() * 2)
						for (j = 0; j < k; j++) { body = body sign(y) " " sign(x) " 0\n"; m++ }
					} else {
						k = 1 + int(rand() * 3)
						for (j = 0; j < k; j++) {
							r = rand()
							if (r < 0.35) body = body sign(y) " " sign(x) " 0\n"
							else if (r < 0.7) body = body sign(y) " " sign(z) " 0\n"
							else body = body sign(y) " " sign(x) " " sign(z) " 0\n"
							m++ }
					}
					if (shown && rand() < 0.5) show = show " " y }
				print "p cnf", n + t, m; if (shown) print show, 0; printf "%s", body }' > "$TMP/p.cnf"
	want=$("$BRUTE" "$TMP/p.cnf")
	case $((i % 3)) in 0) opts="--jobs 1" ;; 1) opts="--jobs 2 --cube-width 0" ;; *) opts="--jobs 1 --no-elim" ;; esac
	# shellcheck disable=SC2086
	run "$BIN/kcount" -q -v $opts "$TMP/p.cnf"
	[ "$(kstat pendants)" -gt 0 ] && folded=$((folded + 1))
	[ "$(kstat factors)" -gt 0 ] && factors=$((factors + 1))
	if [ "$STATUS" = 0 ] && [ "$(cat "$OUT")" = "$want" ]; then pass "case $i ($base + $tree variables, show $show, $opts): $want"
	else fail "case $i ($base + $tree variables, show $show, $opts): expected $want, got $(cat "$OUT") (status $STATUS)"; bad=$((bad + 1)); fi
done
is "$bad" 0 "no disagreement with brute force"

# Over 32 factors, whose held codes span more than one word of the decomposer's bits: ten
# variables with random clauses of three, and 40 more, each y tied to its own pair x, z by
# (y | x) and (y | z), so that it has two values where x and z hold and one elsewhere. The
# count, summed over the ten variables' assignments, is exact in awk's doubles (below 2^53).
many=0
for i in $(seq 1 $W); do
	awk -v seed=$i 'BEGIN { srand(seed); n = 10; m = 12
		for (c = 0; c < m; c++) for (j = 0; j < 3; j++) lit[c, j] = (1 + int(rand() * n)) * (rand() < 0.5 ? -1 : 1)
		for (x = 1; x <= n; x++) for (z = x + 1; z <= n; z++) pair[++np] = x " " z
		for (i = np; i > 1; i--) { j = 1 + int(rand() * i); t = pair[i]; pair[i] = pair[j]; pair[j] = t }
		print "p cnf", n + 40, m + 80
		for (c = 0; c < m; c++) print lit[c, 0], lit[c, 1], lit[c, 2], 0
		for (y = 1; y <= 40; y++) { split(pair[y], e, " "); print n + y, e[1], 0; print n + y, e[2], 0; px[y] = e[1]; pz[y] = e[2] }
		for (a = 0; a < 2 ^ n; a++) {
			for (v = 1; v <= n; v++) val[v] = int(a / 2 ^ (v - 1)) % 2
			ok = 1
			for (c = 0; c < m && ok; c++) {
				sat = 0
				for (j = 0; j < 3; j++) sat = sat || (lit[c, j] > 0 ? val[lit[c, j]] : !val[-lit[c, j]])
				ok = sat }
			if (!ok) continue
			w = 1
			for (y = 1; y <= 40; y++) w *= 1 + (val[px[y]] && val[pz[y]])
			total += w }
		printf "%.0f\n", total > "/dev/stderr" }' > "$TMP/f.cnf" 2> "$TMP/f.want"
	opts="--jobs $((1 + i % 2)) --cube-width 0"
	# shellcheck disable=SC2086
	run timeout 60 "$BIN/kcount" -q -v $opts "$TMP/f.cnf"  # a fault that leaves a bit set can loop
	[ "$(kstat factors)" -gt 32 ] && many=$((many + 1))
	is "$(cat "$OUT")" "$(cat "$TMP/f.want")" "40 factors, case $i ($opts)"
done
ok "[ $many -ge $((W / 2)) ]" "most kept over 32 factors ($many of $W)"
ok "[ $folded -gt $((N * 3 / 4)) ]" "most formulas had variables folded ($folded of $N)"
ok "[ $factors -gt $((N / 10)) ]" "some kept factors for the search ($factors of $N)"
done_testing
