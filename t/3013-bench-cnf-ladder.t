#!/bin/sh
# bench/cnf-ladder fixes a CNF's K variables of most neighbours to their values in one model:
# on random CNFs each rung adds K units on K distinct variables and keeps the clauses, still
# has a model (brute force, t/helpers/dimacs-brute) and no more than the whole; on a star the
# first variable fixed is its centre.
. "$(dirname "$0")/lib.sh"
need_brute
plan 25
for seed in 1 2 3 4 5; do
	"$BRUTE" --gen $seed 12 16 -1 2 > "$TMP/f.cnf"
	whole=$("$BRUTE" "$TMP/f.cnf")
	run "$TOP/bench/cnf-ladder" -k "$BIN/kcount" "$TMP/f.cnf" 4
	is_status 0 "seed $seed: rung of 4"
	cp "$OUT" "$TMP/rung.cnf"
	units=$(awk '/^p/ { p = 1; next } p && NF == 2 && $2 == 0 { u[$1 < 0 ? -$1 : $1] = 1 } END { n = 0; for (v in u) n++; print n }' "$TMP/rung.cnf")
	is "$units" 4 "seed $seed: 4 units on 4 variables"
	is "$(grep -v '^c' "$TMP/rung.cnf" | sed 1d | head -n 16 | cmp - "$(grep -v '^[cp]' "$TMP/f.cnf" > "$TMP/body"; echo "$TMP/body")" && echo same)" same "seed $seed: the clauses kept"
	rung=$("$BRUTE" "$TMP/rung.cnf")
	ok "[ $rung -ge 1 ] && [ $rung -le $whole ]" "seed $seed: the rung has a model ($rung) and no more than the whole ($whole)"
done
# a star: 1 is next to 2..6, which are otherwise apart
printf 'p cnf 6 5\n1 2 0\n1 3 0\n1 4 0\n-1 5 0\n-1 6 0\n' > "$TMP/star.cnf"
run "$TOP/bench/cnf-ladder" -k "$BIN/kcount" "$TMP/star.cnf" 1
is "$(tail -n 1 "$OUT" | awk '{ print ($1 < 0 ? -$1 : $1) }')" 1 "a star: its centre is fixed first"
run "$TOP/bench/cnf-ladder" -k "$BIN/kcount" "$TMP/star.cnf" 0
is "$("$BRUTE" "$OUT")" "$("$BRUTE" "$TMP/star.cnf")" "a rung of none: the whole count"
run "$TOP/bench/cnf-ladder" "$TMP/star.cnf"
is_status 2 "a missing K: usage, exit 2"
printf 'p cnf 2 2\n1 0\n-1 0\n' > "$TMP/unsat.cnf"
run "$TOP/bench/cnf-ladder" -k "$BIN/kcount" "$TMP/unsat.cnf" 1
is_status 1 "a CNF with no model: exit 1"
run "$TOP/bench/cnf-ladder" -k "$BIN/kcount" "$TMP/star.cnf" 6
is "$("$BRUTE" "$OUT")" 1 "all six fixed: one model"
