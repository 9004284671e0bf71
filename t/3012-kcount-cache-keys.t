#!/bin/sh
# The component cache's keys (kcount/cache.c, keyhash.c): hashed (the default) and whole
# (--exact-keys), both against brute force on random CNFs, plain and projected, and on
# random Tseitin circuits; both on grids whose independent sets a transfer matrix counts
# (bc), under a --mem so small that the cache evicts. The bound on a collision that the
# hashed keys print must be what its formula gives from the -v figures, pairs x 2^-128
# (recomputed here with bc), with at least the hits and at most lookups x entries pairs,
# and grow with the lookups from one grid to a longer one; --exact-keys prints none.
. "$(dirname "$0")/lib.sh"
need_brute
command -v bc >/dev/null || skip_all "bc not installed"
N=120
G=40
plan $((2 * N + 2 * G + 20))
bad=0

# check NAME EXPECTED FILE [OPTION]: kcount -q [OPTION] prints EXPECTED, with hashed keys
# and with --exact-keys
check() {
	for _keys in hashed --exact-keys; do
		run "$BIN/kcount" -q $4 $([ $_keys = hashed ] || echo $_keys) "$3"
		if [ "$STATUS" = 0 ] && [ "$(cat "$OUT")" = "$2" ]; then pass "$1 $4 ($_keys): $2"
		else fail "$1 $4 ($_keys): expected $2, got $(cat "$OUT") (status $STATUS)"; bad=$((bad + 1)); fi
	done
}

i=1
while [ $i -le $N ]; do
	vars=$((10 + i % 15)); clauses=$((vars + (i * 5) % (2 * vars)))
	case $((i % 3)) in 0) show=-1 ;; *) show=$((vars / 2 + i % (vars / 2))) ;; esac
	"$BRUTE" --gen $i $vars $clauses $show $((2 + i % 2)) > "$TMP/r.cnf"
	check "gen $i $vars $clauses $show" "$("$BRUTE" "$TMP/r.cnf")" "$TMP/r.cnf"
	i=$((i + 1))
done
i=1
while [ $i -le $G ]; do
	"$BRUTE" --gates $i > "$TMP/g.cnf"
	check "gates $i" "$("$BRUTE" "$TMP/g.cnf")" "$TMP/g.cnf" --no-elim
	i=$((i + 1))
done
is "$bad" 0 "no disagreement with brute force"

is "$(grid_count 1 10)" 144 "the transfer matrix: the 1 x 10 grid's independent sets are Fibonacci's 144"
grid 8 60 > "$TMP/grid.cnf"
want=$(grid_count 8 60)
for keys in hashed --exact-keys; do
	run "$BIN/kcount" -v --mem 2 $([ $keys = hashed ] || echo $keys) "$TMP/grid.cnf"
	is "$(sed -n 's/^c s exact arb int //p' "$OUT")" "$want" "8 x 60 grid under --mem 2 ($keys): the transfer matrix's count"
	ok "[ $(kstat cache_evictions) -gt 1000 ]" "8 x 60 grid ($keys): the cache evicted ($(kstat cache_evictions) entries)"
done
like "$OUT" '^c s exact arb int ' "--exact-keys: a count"
ok "! grep -q '^c o cache' '$OUT'" "--exact-keys: no line on collisions"
is "$(kstat cache_pairs)" 0 "--exact-keys: no pairs counted"

# the pairs counted exactly: N clauses (w | x | y | z) on disjoint quadruples (nothing of
# degree two or less to fold) are N components, all different, none evicted; each is looked
# up, then the clauses (x | y | z) and (y | z) its branches w = 0 and x = 0 leave, and all
# three are stored after their lookups: the i-th quadruple's three lookups each meet the
# 3 (i - 1) entries stored before them, 9 N (N - 1) / 2 pairs in all
for n in 10 50; do
	awk -v n=$n 'BEGIN { print "p cnf", 4 * n, n; for (i = 1; i <= n; i++) print 4 * i - 3, 4 * i - 2, 4 * i - 1, 4 * i, 0 }' > "$TMP/pairs.cnf"
	run "$BIN/kcount" -v "$TMP/pairs.cnf"
	is "$(kstat cache_pairs)" $((9 * n * (n - 1) / 2)) "$n disjoint clauses: $((9 * n * (n - 1) / 2)) pairs, the entries each lookup met"
done

# the bound of the hashed keys, from the figures of -v: the line's number, its formula
# bound_is PRINTED PAIRS: 1 when the printed bound is PAIRS x 2^-128 to 2 digits
bound_is() {
	echo "scale = 80; b = $2 / 2^128; x = $1; if (x > b * 0.951 && x < b * 1.051) 1 else 0" | bc
}
previous=0
for n in 20 40; do
	grid 8 $n > "$TMP/grid.cnf"
	run "$BIN/kcount" -v "$TMP/grid.cnf"
	line=$(sed -n 's/^c o cache: hashed keys; probability of any collision in this run at most \([0-9.e+-]*\)$/\1/p' "$OUT")
	pairs=$(kstat cache_pairs)
	lookups=$(($(kstat cache_hits) + $(kstat components))) stores=$(kstat cache_stores)
	printed=$(echo "$line" | sed 's/e/*10^/; s/\^+/^/')
	is "$(bound_is "$printed" "$pairs")" 1 "8 x $n grid: the bound $line is $pairs pairs x 2^-128"
	ok "[ $pairs -ge $(kstat cache_hits) ] && [ $pairs -le $((lookups * stores)) ]" "8 x $n grid: $pairs pairs, at least the hits (each met its entry), at most $lookups lookups x $stores entries"
	is "$(echo "scale = 80; $printed > $previous" | bc)" 1 "8 x $n grid: the bound grows with the lookups ($lookups)"
	previous=$printed
done

# the figures of the processes that count a split's cases, and of --lower-bound's rounds,
# come back with their counts: the bound covers their lookups (the parent looks up none;
# groups 13, whose cases leave components to look up, where others' fold away, pendant.c)
"$BRUTE" --groups 13 1 > "$TMP/s.cnf"
run "$BIN/kcount" --split-width 0 --jobs 2 "$TMP/s.cnf"
is "$(sed -n 's/^c s exact arb int //p' "$OUT")" "$("$BRUTE" "$TMP/s.cnf")" "a split in 2 processes: the brute-force count"
like "$OUT" '^c o cache: hashed keys; probability of any collision in this run at most [1-9]' "a split in 2 processes: the bound covers their lookups"
grid 8 20 > "$TMP/grid.cnf"
run "$BIN/kcount" --lower-bound --hubs 2 "$TMP/grid.cnf"
like "$OUT" '^c o cache: hashed keys; probability of any collision in this run at most [1-9]' "--lower-bound: the bound covers its round's lookups"
