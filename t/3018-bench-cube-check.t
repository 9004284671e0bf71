#!/bin/sh
# bench/cube-check checks cubes of a kcount --checkpoint file by another counter: the
# input with the cube's unit clauses must count the recorded count times `c outside`. Its
# peer here prints the brute-force count (t/helpers/dimacs-brute), of plain and projected
# random CNFs: every cube checked (one in 16) agrees and the script exits 0; with the peer
# one off, the rows say NO and it exits 1; a file without `c input-vars`, or a cube not
# recorded, is refused.
. "$(dirname "$0")/lib.sh"
need_brute
command -v bc >/dev/null || skip_all "bc not installed"
plan 8
cat > "$TMP/brute-peer" <<PEER
#!/bin/sh
# a peer counter: the brute-force count of its last argument, plus \$OFF
for f; do :; done
echo "c s exact arb int \$(echo "\$("$BRUTE" "\$f") + \${OFF:-0}" | bc)"
PEER
chmod +x "$TMP/brute-peer"
for show in -1 9; do
	"$BRUTE" --gen 5 16 30 $show 3 > "$TMP/r.cnf"
	rm -f "$TMP/ck"
	"$BIN/kcount" -q --cube-width 0 --checkpoint "$TMP/ck" "$TMP/r.cnf" > /dev/null
	cubes=$(sed -n 's/^cube \([0-9]*\) .*/\1/p' "$TMP/ck" | awk 'NR % 16 == 1' | tr '\n' ' ')
	# shellcheck disable=SC2086
	run "$TOP/bench/cube-check" -t 60 "$TMP/ck" "$TMP/r.cnf" gpmc "$TMP/brute-peer" $cubes
	is_status 0 "show $show: every cube agrees with brute force (exit 0)"
	is "$(grep -c '| yes |$' "$OUT")" "$(echo $cubes | wc -w)" "show $show: a row of yes for each of the $(echo $cubes | wc -w) cubes"
done
run env OFF=1 "$TOP/bench/cube-check" -t 60 "$TMP/ck" "$TMP/r.cnf" gpmc "$TMP/brute-peer" 0 1
is_status 1 "a peer one off: exit 1"
is "$(grep -c '| NO |$' "$OUT")" 2 "and both rows say NO"
grep -v '^c input-vars' "$TMP/ck" > "$TMP/old"
run "$TOP/bench/cube-check" "$TMP/old" "$TMP/r.cnf" gpmc "$TMP/brute-peer" 0
is_status 2 "a checkpoint without 'c input-vars': refused (exit 2)"
run "$TOP/bench/cube-check" "$TMP/ck" "$TMP/r.cnf" gpmc "$TMP/brute-peer" 9999
is_status 2 "a cube the file does not hold: refused (exit 2)"
