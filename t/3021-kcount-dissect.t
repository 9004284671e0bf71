#!/bin/sh
# Branching by a nested dissection (kcount --dissect, kcount/dissect.c) changes the order of
# the search, never its count: brute force's on random CNFs, plain and projected, with one
# thread and with two counting cubes, also afresh (--cube-width 0 --afresh-cost 0); random
# Tseitin circuits with --no-elim; the transfer matrix's on grids, and on two grids side by
# side (the graph in two parts), which -v must show were cut by separators (dissect_cuts);
# the order of a long grid must stay within three columns (a balanced cut of a W x N grid is
# a column, and a part between two such cuts is eliminated before them; a dissection that
# cut badly would be far wider). Without --dissect no separator is cut.
. "$(dirname "$0")/lib.sh"
need_brute
N=60
G=20
plan $((N + G + 14))
bad=0 cut=0
# check NAME EXPECTED FILE OPTION...: kcount -q --dissect OPTION... FILE prints EXPECTED
KOPTS=--dissect KSTATS=dissect_cuts
check() {
	kcount_is "$@"
	[ "$(kstat dissect_cuts)" -gt 0 ] && cut=$((cut + 1))
}

for i in $(seq 1 $N); do
	vars=$((20 + i % 6)); clauses=$((vars + (i * 7) % 20))
	case $((i % 3)) in 0) show=-1 ;; *) show=$((vars / 2 + i % (vars / 2))) ;; esac
	case $((i % 4)) in
	0) opts="--jobs 1" ;;
	1) opts="--jobs 2 --cube-width 0" ;;
	2) opts="--jobs 2 --cube-width 0 --afresh-cost 0" ;;
	3) opts="--jobs 1 --no-elim" ;;
	esac
	"$BRUTE" --gen $((500 + i)) $vars $clauses $show 3 > "$TMP/r.cnf"
	check "gen $((500 + i)) $vars $clauses $show" "$("$BRUTE" "$TMP/r.cnf")" "$TMP/r.cnf" $opts
done
for i in $(seq 1 $G); do
	"$BRUTE" --gates $i > "$TMP/g.cnf"
	check "gates $i" "$("$BRUTE" "$TMP/g.cnf")" "$TMP/g.cnf" --no-elim --jobs $((1 + i % 2))
done
is "$bad" 0 "no disagreement with brute force"
ok "[ $cut -gt $(((N + G) / 5)) ]" "a fifth of those orders or more were cut by separators ($cut of $((N + G)); the others, after preprocessing, were parts of at most 16)"

# grid_pair W N: two W x N grids, apart
grid_pair() {
	grid "$1" "$2" | awk -v n=$(($1 * $2)) 'NR == 1 { print $1, $2, 2 * $3, 2 * $4; next }
		{ a[++k] = $0; print } END { for (i = 1; i <= k; i++) { split(a[i], l, " "); print l[1] - n, l[2] - n, 0 } }'
}
for shape in "6 40" "8 60"; do
	set -- $shape
	grid "$1" "$2" > "$TMP/grid.cnf"
	for opts in "--jobs 1" "--jobs 2 --cube-width 0"; do
		run "$BIN/kcount" -v --dissect $opts "$TMP/grid.cnf"
		is "$(sed -n 's/^c s exact arb int //p' "$OUT")" "$(grid_count "$1" "$2")" "$1 x $2 grid, --dissect $opts: the transfer matrix's count"
	done
	ok "[ $(kstat dissect_cuts) -gt $(($2 / 4)) ]" "$1 x $2 grid: cut by $(kstat dissect_cuts) separators"
	ok "[ $(kstat order_width) -le $((3 * $1 + 2)) ]" "$1 x $2 grid: an order of width $(kstat order_width), at most three columns"
done
grid_pair 6 30 > "$TMP/pair.cnf"
run "$BIN/kcount" -v --dissect --jobs 1 "$TMP/pair.cnf"
want=$(echo "$(grid_count 6 30) ^ 2" | BC_LINE_LENGTH=0 bc)
is "$(sed -n 's/^c s exact arb int //p' "$OUT")" "$want" "two 6 x 30 grids apart: the square of one's count"
ok "[ $(kstat dissect_cuts) -gt 8 ]" "two 6 x 30 grids apart: both cut ($(kstat dissect_cuts) separators)"
run "$BIN/kcount" -v --jobs 1 "$TMP/grid.cnf"
is "$(kstat dissect_cuts)" 0 "without --dissect, no separator"
is "$(sed -n 's/^c s exact arb int //p' "$OUT")" "$(grid_count 8 60)" "without --dissect, the same count"
