#!/bin/sh
# Cubes counted afresh (kcount/afresh.c): above --afresh-cost, each cube is the input plus
# its literals as unit clauses, preprocessed again, and split on its hub (the branchable
# variable of most neighbours) three deep while its order is wider than --cube-width.
# --cube-width 0 --afresh-cost 0 force both on small formulas, whose counts must stay brute
# force's: random CNFs, plain and projected, with one and two threads, most of them split on
# hubs; random Tseitin circuits with --no-elim, whose cubes and hubs fix hidden gate outputs
# (functions of the shown variables). Each cube's count must be the shared search's (the
# checkpoint files of both agree line by line, so a file may mix them), and a 5 x 24 grid
# the transfer matrix's count. Afresh stays off on a cheap order by default, and on a costly
# order whose first cube is small (embtoolkit's, against its published count); a smaller
# --probe abandons that cube's search midway, and the count and every cube's stay the shared
# search's; a timeout and a
# memory cap too small for the cubes stop it cleanly (exit 2), and -v then reports the count's
# figures, the searches cut short included.
. "$(dirname "$0")/lib.sh"
need_brute
N=60
G=30
C=10
plan $((N + G + C + 23))
bad=0 cut=0 split=0
# check NAME EXPECTED FILE OPTION...: kcount -q OPTION... FILE prints EXPECTED (cut into
# cubes, unless preprocessing decides the formula or leaves nothing to cut)
KOPTS="--cube-width 0 --afresh-cost 0" KSTATS="cube_cases hub_splits"
check() {
	kcount_is "$@"
	[ "$(kstat cube_cases)" -gt 0 ] && cut=$((cut + 1))
	[ "$(kstat hub_splits)" -gt 0 ] && split=$((split + 1))
}

for i in $(seq 1 $N); do
	vars=$((20 + i % 7)); clauses=$((2 * vars + (i * 7) % 25))
	case $((i % 3)) in 0) show=-1 ;; *) show=$((vars / 2 + i % (vars / 2))) ;; esac
	"$BRUTE" --gen $((300 + i)) $vars $clauses $show 3 > "$TMP/r.cnf"
	check "gen $((300 + i)) $vars $clauses $show" "$("$BRUTE" "$TMP/r.cnf")" "$TMP/r.cnf" --jobs $((1 + i % 2))
done
for i in $(seq 1 $G); do
	"$BRUTE" --gates $i > "$TMP/g.cnf"
	check "gates $i" "$("$BRUTE" "$TMP/g.cnf")" "$TMP/g.cnf" --no-elim --jobs 2
done
is "$bad" 0 "no disagreement with brute force"
ok "[ $cut -gt $(((N + G) * 2 / 3)) ]" "most of those counts were cut into cubes counted afresh ($cut of $((N + G)))"
ok "[ $split -gt $(((N + G) * 2 / 5)) ]" "and many of those cubes split on hubs ($split of $((N + G)))"

# cube_lines FILE: the file's cube lines, sorted
cube_lines() { grep '^cube ' "$1" | sort; }
for i in $(seq 1 $C); do
	"$BRUTE" --gen $((400 + i)) 40 $((90 + i)) $((i % 2 ? 25 : -1)) 3 > "$TMP/c.cnf"
	rm -f "$TMP/shared" "$TMP/afresh"
	"$BIN/kcount" -q --cube-width 0 --checkpoint "$TMP/shared" "$TMP/c.cnf" > /dev/null 2>&1
	"$BIN/kcount" -q --cube-width 0 --afresh-cost 0 --checkpoint "$TMP/afresh" "$TMP/c.cnf" > /dev/null 2>&1
	if [ -s "$TMP/shared" ] && [ "$(cube_lines "$TMP/shared")" = "$(cube_lines "$TMP/afresh")" ]; then
		pass "gen $((400 + i)) 40: every cube's count afresh is the shared search's ($(grep -c '^cube ' "$TMP/afresh") cubes)"
	else fail "gen $((400 + i)) 40: the cubes' counts differ, or none was recorded"; fi
done

grid 5 24 > "$TMP/grid.cnf"
want=$(grid_count 5 24)
run "$BIN/kcount" -v --cube-width 0 --afresh-cost 0 "$TMP/grid.cnf"
is "$(sed -n 's/^c s exact arb int //p' "$OUT")" "$want" "5 x 24 grid, afresh: the transfer matrix's count"
is "$(kstat cube_cases)" 256 "the grid was cut into 256 cubes"
ok "[ $(kstat hub_splits) -gt 0 ]" "and their cases split on hubs ($(kstat hub_splits))"
like "$ERR" '^c o cube 256 of 256, counted afresh' "-v says how each cube went"

run "$BIN/kcount" -v --cube-width 0 "$TMP/grid.cnf"
is "$(kstat hub_splits)" 0 "not afresh by default on the grid (its order is cheap)"
ok "! grep -q '^c o cube .* counted afresh' '$ERR'" "and no cube line says so"

# embtoolkit's order costs 2.3e15, above the default --afresh-cost, yet its search is
# small: the first cube, counted by the search itself, must show that, and the count must be
# the published one
FM=${KC_FEATUREMODELS:-$TOP/../shared/bench/featuremodels}
if [ -r "$FM/embtoolkit.cnf" ]; then
	run "$BIN/kcount" -v "$FM/embtoolkit.cnf"
	is "$(sed -n 's/^c s exact arb int //p' "$OUT")" "$(awk -F '\t' '$1 == "embtoolkit.cnf" { print $5 }' "$FM/COUNTS.tsv")" \
		"embtoolkit, by default: the published count"
	like "$ERR" '^c o cubes: the probe took [0-9]* components \([0-9]* cubes\): the search goes on' "its first cube showed the search cheap: not afresh"
	# a smaller --probe abandons the search in the middle of a cube (its first 127 have no
	# component): that cube must be counted afresh with the others, and its counts kept out
	"$BIN/kcount" -q --afresh-cost 1000000000 --checkpoint "$TMP/emb.shared" "$FM/embtoolkit.cnf" > /dev/null 2>&1
	for p in 0 100; do
		rm -f "$TMP/emb.afresh"
		run "$BIN/kcount" -v --probe $p --checkpoint "$TMP/emb.afresh" "$FM/embtoolkit.cnf"
		is "$(sed -n 's/^c s exact arb int //p' "$OUT")" "$(awk -F '\t' '$1 == "embtoolkit.cnf" { print $5 }' "$FM/COUNTS.tsv")" \
			"embtoolkit, --probe $p: the published count"
		like "$ERR" "^c o cubes: the probe took $((p + 1)) components \\(128 cubes\\): the cubes left are counted afresh" \
			"the probe stopped past $p components"
		ok "[ -s '$TMP/emb.shared' ] && [ \"\$(cube_lines '$TMP/emb.shared')\" = \"\$(cube_lines '$TMP/emb.afresh')\" ]" \
			"and each cube's count is the shared search's"
	done
else
	for i in $(seq 1 8); do skip "no $FM/embtoolkit.cnf"; done
fi

"$BRUTE" --gen 7 300 500 -1 3 > "$TMP/hard.cnf"
run "$BIN/kcount" -v --cube-width 0 --afresh-cost 0 --timeout 2 "$TMP/hard.cnf"
is_status 2 "afresh on a formula too wide: --timeout stops it (exit 2)"
like "$ERR" 'timeout after 2 s' "and says so"
like "$ERR" '^c cube_cases  *256 ' "with -v, the report of the whole count, not of the case that stopped"
ok "[ $(kstat components) -gt 0 ]" "and its figures hold those of the cases that were being searched"

run "$BIN/kcount" --cube-width 0 --afresh-cost 0 --jobs 2 --mem 1 "$TMP/grid.cnf"
is_status 2 "a memory cap too small for the cubes' searches: exit 2"
like "$ERR" 'too small' "and says so"
