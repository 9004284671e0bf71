#!/bin/sh
# Splitting on a group (kcount/split.c): the count of a wide formula as the sum over the
# cases of an at-most-one group, each an assignment of the one search (its failed literals
# negated, ordered anew, its components cached for the later cases), a case split again on
# another group while that narrows it. --split-width 0 forces the splits on these small
# formulas. Random CNFs with planted groups (dimacs-brute --groups: up to three), without
# marks, with true marks, and with wrong and malformed marks (which kcount drops), are
# counted split in one process (one cache for every case), and by two and three processes
# taking the first split's cases in turn, against brute force; the sum must not depend on
# how many run at once or which process counts which case; splits within cases must occur.
# A split on a projected formula, a timeout during a split and a kconfig 6.1 choice's mark
# (kcnf) close the file.
. "$(dirname "$0")/lib.sh"
need_brute
N=60
plan $((3 * N + 12))
bad=0 splits=0 cases=0 nested=0

i=1
while [ $i -le $N ]; do
	for marks in 0 1 2; do
		"$BRUTE" --groups $i $marks > "$TMP/g.cnf"
		expected=$("$BRUTE" "$TMP/g.cnf")
		got= why=
		for jobs in 1 2 3; do
			run "$BIN/kcount" -v -q --split-width 0 --jobs $jobs "$TMP/g.cnf"
			if [ "$STATUS" != 0 ] || [ "$(cat "$OUT")" != "$expected" ]; then
				why="$why --jobs $jobs: $(cat "$OUT") (status $STATUS)"
			fi
			n=$(sed -n 's/^c split_cases *\([0-9]*\).*/\1/p' "$ERR")
			[ "${n:-0}" -gt 0 ] && splits=$((splits + 1)) && cases=$((cases + n))
			grep -q '^c o split (depth [12])' "$ERR" && nested=$((nested + 1))
		done
		if [ -z "$why" ]; then pass "groups $i marks $marks split: $expected"
		else fail "groups $i marks $marks split: expected $expected, got$why"; bad=$((bad + 1)); fi
	done
	i=$((i + 1))
done
is "$bad" 0 "no disagreement"
ok "[ $splits -ge $((6 * N)) ]" "the split taken in $splits of $((9 * N)) counts ($cases cases)"
ok "[ $nested -ge $N ]" "a case split again in $nested of $((9 * N)) counts"

# projected: the groups' members shown, some hidden variables free
"$BRUTE" --groups 7 1 | awk '/^p cnf/ { print; printf "c p show"; for (v = 1; v <= $3 - 3; v++) printf " %d", v; print " 0"; next } { print }' > "$TMP/p.cnf"
expected=$("$BRUTE" "$TMP/p.cnf")
run "$BIN/kcount" -v -q --split-width 0 "$TMP/p.cnf"
ok "[ -n '$expected' ] && [ '$(cat "$OUT")' = '$expected' ]" "projected count split: $expected"

# a formula narrower than --split-width is counted without a split
run "$BIN/kcount" -v -q "$TMP/g.cnf"
like "$ERR" "^c split_cases +0 " "no split below the default width"

# --max-width comes first: a formula surely wider is not split, the count gives up and says so
run "$BIN/kcount" -v --split-width 0 --max-width 0 "$TMP/g.cnf"
is_status 2 "--max-width 0: no count"
ok 'grep -q "^c o not counted: treewidth at least [1-9]" "$OUT" && ! grep -q "c o split" "$ERR"' \
	"--max-width 0: said on standard output, and no case sampled"

# the timeout ends the cases too
"$BRUTE" --groups 3 1 > "$TMP/g.cnf"
run "$BIN/kcount" -q --split-width 0 --timeout 1 "$TMP/g.cnf"
is_status 0 "a split well within --timeout"

# kconfig 6.1: a choice whose members default to n has an at-most-one mark, checked by kcount
run "$BIN/kcnf" -o "$TMP/old.cnf" "$T/data/3009/old-choice.kir"
is_status 0 "a kconfig 6.1 choice encoded"
like "$TMP/old.cnf" "^c kcnf at-most-one [0-9]+ [0-9]+ [0-9]+ 0$" "its at-most-one mark"
run "$BIN/kcount" -v -q --split-width 0 "$TMP/old.cnf"
like "$ERR" "^c groups_marked +1 " "the mark checked and used"
is "$(cat "$OUT")" 4 "split: A n, or A y with one of three"
