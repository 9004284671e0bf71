#!/bin/sh
# --checkpoint (kcount/checkpoint.c): each finished cube's count goes into a file, and a
# later run with that file searches only the cubes it lacks. Random CNFs, plain and
# projected (so with literal weights and factors from folding), must keep brute force's
# count when counted from scratch, and again from half of the file's cubes, and the file
# must hold every cube once. The file's counts must be the ones used: doubled by hand, they
# double the count. A count stopped by --timeout must resume to the transfer matrix's count
# of a grid. A cut last line is dropped with a warning; a file of another formula, or a
# malformed one, is refused; a count not cut into cubes says that nothing was recorded.
. "$(dirname "$0")/lib.sh"
need_brute
command -v bc >/dev/null || skip_all "bc not installed"
N=40
plan $((4 * N + 18))
bad=0 cut=0
# cubes FILE: the number of cube lines; vars FILE: the cube variables' number
cubes() { grep -c '^cube ' "$1"; }
vars() { sed -n 's/^cube-vars \([0-9]*\) .*/\1/p' "$1"; }
for i in $(seq 1 $N); do
	n=$((10 + i % 12)); m=$((n + (i * 5) % (2 * n)))
	case $((i % 2)) in 0) show=-1 ;; *) show=$((n / 2 + i % (n / 2))) ;; esac
	"$BRUTE" --gen $i $n $m $show $((2 + i % 2)) > "$TMP/r.cnf"
	want=$("$BRUTE" "$TMP/r.cnf")
	jobs=$((1 + i % 2))
	rm -f "$TMP/ck"
	run "$BIN/kcount" -q --cube-width 0 --jobs $jobs --checkpoint "$TMP/ck" "$TMP/r.cnf"
	if [ ! -e "$TMP/ck" ]; then  # preprocessing left nothing to cut
		if [ "$STATUS" = 0 ] && [ "$(cat "$OUT")" = "$want" ] && grep -q 'nothing recorded' "$ERR"; then
			pass "gen $i: $want, not cut into cubes, and a warning says so"
		else fail "gen $i: expected $want and a warning, got $(cat "$OUT") (status $STATUS)"; bad=$((bad + 1)); fi
		skip "gen $i: no cube to check"
		skip "gen $i: no cubes to resume"
		skip "gen $i: no cubes to double"
		continue
	fi
	cut=$((cut + 1))
	if [ "$STATUS" = 0 ] && [ "$(cat "$OUT")" = "$want" ] && [ "$(cubes "$TMP/ck")" = $((1 << $(vars "$TMP/ck"))) ] &&
	   [ "$(grep '^cube ' "$TMP/ck" | cut -d' ' -f2 | sort -u | wc -l)" = "$(cubes "$TMP/ck")" ]; then
		pass "gen $i, $jobs threads, from scratch: $want, every cube recorded once"
	else fail "gen $i, $jobs threads, from scratch: expected $want, got $(cat "$OUT") (status $STATUS), $(cubes "$TMP/ck") cubes"; bad=$((bad + 1)); fi

	# a cube checked by brute force: the input with the cube's literals as unit clauses
	# (in the input's numbering) has the cube's count times the factor outside the formula
	cube=$(((i * 37) % (1 << $(vars "$TMP/ck"))))
	awk -v cube=$cube 'FNR == NR { if ($1 == "c" && $2 == "input-vars") for (j = 3; j <= NF; j++) v[j - 3] = $j
			if ($1 == "c" && $2 == "outside") outside = $3
			if ($1 == "cube" && $2 == cube) count = $3; next }
		/^p cnf/ { n = 0; for (j in v) n++; print $1, $2, $3, $4 + n
			for (j = 0; j < n; j++) print (int(cube / 2 ^ j) % 2 ? -v[j] : v[j]), 0
			print "c", count, outside > "/dev/stderr"; next } { print }' "$TMP/ck" "$TMP/r.cnf" > "$TMP/cube.cnf" 2> "$TMP/cube.want"
	read -r _ count outside < "$TMP/cube.want"
	if [ "$("$BRUTE" "$TMP/cube.cnf")" = "$(echo "$count * $outside" | BC_LINE_LENGTH=0 bc)" ]; then
		pass "gen $i, cube $cube: the input with its literals counts $count x $outside"
	else fail "gen $i, cube $cube: the input with its literals counts $("$BRUTE" "$TMP/cube.cnf"), not $count x $outside"; bad=$((bad + 1)); fi

	awk -v seed=$i 'BEGIN { srand(seed) } !/^cube / || rand() < 0.5' "$TMP/ck" > "$TMP/half"
	kept=$(cubes "$TMP/half")
	run "$BIN/kcount" -q -v --cube-width 0 --jobs $jobs --checkpoint "$TMP/half" "$TMP/r.cnf"
	if [ "$STATUS" = 0 ] && [ "$(cat "$OUT")" = "$want" ] && [ "$(kstat cubes_resumed)" = "$kept" ] &&
	   [ "$(cubes "$TMP/half")" = "$(cubes "$TMP/ck")" ]; then
		pass "gen $i, resumed from $kept cubes: $want, the file completed"
	else fail "gen $i, resumed from $kept cubes: expected $want, got $(cat "$OUT") (status $STATUS), $(kstat cubes_resumed) resumed"; bad=$((bad + 1)); fi

	awk '/^cube / { $3 = 2 * $3 } { print }' "$TMP/ck" > "$TMP/double"
	run "$BIN/kcount" -q --cube-width 0 --jobs $jobs --checkpoint "$TMP/double" "$TMP/r.cnf"
	if [ "$STATUS" = 0 ] && [ "$(cat "$OUT")" = "$(echo "2 * $want" | BC_LINE_LENGTH=0 bc)" ]; then
		pass "gen $i, every recorded count doubled: the count doubles"
	else fail "gen $i, every recorded count doubled: expected 2 * $want, got $(cat "$OUT") (status $STATUS)"; bad=$((bad + 1)); fi
done
is "$bad" 0 "no disagreement with brute force"
ok "[ $cut -gt $((3 * N / 4)) ]" "most of those counts were cut into cubes ($cut of $N)"

grid 10 150 > "$TMP/grid.cnf"
want=$(grid_count 10 150)
rm -f "$TMP/gk"
run "$BIN/kcount" --cube-width 0 --jobs 1 --timeout 2 --checkpoint "$TMP/gk" "$TMP/grid.cnf"
is_status 2 "10 x 150 grid, stopped by --timeout 2 (exit 2)"
done_before=$(cubes "$TMP/gk")
ok "[ $done_before -ge 1 ] && [ $done_before -lt 256 ]" "the file holds some of the cubes ($done_before of 256)"
run "$BIN/kcount" -v --cube-width 0 --jobs 2 --checkpoint "$TMP/gk" "$TMP/grid.cnf"
is "$(sed -n 's/^c s exact arb int //p' "$OUT")" "$want" "resumed with two threads: the transfer matrix's count"
is "$(kstat cubes_resumed)" "$done_before" "the recorded cubes were not searched again"

# a last line cut short (a kill while writing) is dropped, and the file mended
head -c -3 "$TMP/gk" > "$TMP/cut"
run "$BIN/kcount" -q --cube-width 0 --checkpoint "$TMP/cut" "$TMP/grid.cnf"
is "$(cat "$OUT")" "$want" "a cut last line: the count"
like "$ERR" 'cut short.*dropped' "and a warning that the line was dropped"
ok "[ \"\$(sort '$TMP/cut' | md5sum)\" = \"\$(sort '$TMP/gk' | md5sum)\" ]" "the file holds the same lines again"

# refused: another formula's file, a malformed one, and --checkpoint where it cannot apply
"$BRUTE" --gen 3 14 20 -1 3 > "$TMP/other.cnf"
run "$BIN/kcount" -q --cube-width 0 --checkpoint "$TMP/gk" "$TMP/other.cnf"
is_status 2 "another formula's checkpoint: refused (exit 2)"
like "$ERR" 'another formula' "and says so"
printf 'kcount-checkpoint 2 0\n' > "$TMP/bad"
run "$BIN/kcount" -q --cube-width 0 --checkpoint "$TMP/bad" "$TMP/grid.cnf"
is_status 1 "not a checkpoint: refused (exit 1)"
like "$ERR" "^kcount: $TMP/bad:1: error: " "with file:line: error:"
line=$(grep -n '^cube ' "$TMP/gk" | sed -n '1s/:.*//p')
sed "${line}s/^cube [0-9]*/cube 999/" "$TMP/gk" > "$TMP/bad"
run "$BIN/kcount" -q --cube-width 0 --checkpoint "$TMP/bad" "$TMP/grid.cnf"
like "$ERR" "^kcount: $TMP/bad:$line: error: .*cube" "a cube that is not one of the file's: refused at its line"
if command -v flock >/dev/null; then
	flock "$TMP/gk" sleep 3 &
	sleep 1
	run "$BIN/kcount" -q --cube-width 0 --checkpoint "$TMP/gk" "$TMP/grid.cnf"
	is_status 2 "a checkpoint that another run holds: refused (exit 2)"
	like "$ERR" 'in use by another count' "and says so"
	wait
else
	skip "flock(1) not installed"
	skip "flock(1) not installed"
fi
run "$BIN/kcount" -q --lower-bound --checkpoint "$TMP/gk" "$TMP/grid.cnf"
is_status 2 "--checkpoint with --lower-bound: a usage error"
grid 8 60 > "$TMP/narrow.cnf"
rm -f "$TMP/narrow"
run "$BIN/kcount" -q --checkpoint "$TMP/narrow" "$TMP/narrow.cnf"
like "$ERR" 'warning: --checkpoint .*nothing recorded' "a count not cut into cubes warns that nothing was recorded"
