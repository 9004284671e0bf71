#!/bin/sh
# Both cores on one search (kcount/cubes.c): above --cube-width, --jobs threads count the
# cubes of the highest-ranked variables and share one cache. --cube-width 0 forces them on
# small formulas, whose counts must stay brute force's: random CNFs, plain and projected,
# with two and three threads; random Tseitin circuits with --no-elim, whose cubes fix
# hidden gate outputs (functions of the shown variables); and an 8 x 60 grid, counted by a
# transfer matrix, under a --mem so small that the shared cache evicts while both threads
# use it. The threads must stay off by default on a narrow formula and with --jobs 1, and
# a timeout must still stop the count (exit 2).
. "$(dirname "$0")/lib.sh"
need_brute
command -v bc >/dev/null || skip_all "bc not installed"
N=100
G=40
plan $((N + G + 10))
bad=0 cut=0
# check NAME EXPECTED FILE OPTION...: kcount -q OPTION... FILE prints EXPECTED
KSTATS=cube_cases
check() {
	kcount_is "$@"
	[ "$(kstat cube_cases)" -gt 0 ] && cut=$((cut + 1))
}

i=1
while [ $i -le $N ]; do
	vars=$((10 + i % 15)); clauses=$((vars + (i * 7) % (3 * vars)))
	case $((i % 3)) in 0) show=-1 ;; *) show=$((vars / 2 + i % (vars / 2))) ;; esac
	"$BRUTE" --gen $i $vars $clauses $show $((2 + i % 2)) > "$TMP/r.cnf"
	check "gen $i $vars $clauses $show" "$("$BRUTE" "$TMP/r.cnf")" "$TMP/r.cnf" --cube-width 0 --jobs $((2 + i % 2))
	i=$((i + 1))
done
i=1
while [ $i -le $G ]; do
	"$BRUTE" --gates $i > "$TMP/g.cnf"
	check "gates $i" "$("$BRUTE" "$TMP/g.cnf")" "$TMP/g.cnf" --no-elim --cube-width 0 --jobs 2
	i=$((i + 1))
done
is "$bad" 0 "no disagreement with brute force"
ok "[ $cut -gt $(((N + G) / 2)) ]" "most of those counts were cut into cubes ($cut of $((N + G)))"

grid 8 60 > "$TMP/grid.cnf"
want=$(grid_count 8 60)
run "$BIN/kcount" -v --mem 2 --cube-width 0 --jobs 2 "$TMP/grid.cnf"
is "$(sed -n 's/^c s exact arb int //p' "$OUT")" "$want" "8 x 60 grid, two threads under --mem 2: the transfer matrix's count"
is "$(kstat cube_cases)" 256 "the grid was cut into 256 cubes"
ok "[ $(kstat cache_evictions) -gt 1000 ]" "the shared cache evicted ($(kstat cache_evictions) entries)"
is "$(kstat search_done)" 1 "the whole search done"

run "$BIN/kcount" -v "$TMP/grid.cnf"
is "$(kstat cube_cases)" 0 "no cubes by default on the grid (its order is narrow)"
run "$BIN/kcount" -v --cube-width 0 --jobs 1 "$TMP/grid.cnf"
is "$(kstat cube_cases)" 0 "no cubes with --jobs 1"

"$BRUTE" --gen 7 300 500 -1 3 > "$TMP/hard.cnf"
run "$BIN/kcount" --cube-width 0 --timeout 2 "$TMP/hard.cnf"
is_status 2 "two threads on a formula too wide: --timeout stops them (exit 2)"
like "$ERR" 'timeout after 2 s' "and says so"
