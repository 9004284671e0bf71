#!/bin/sh
# At-most-one and exactly-one groups (kcount/groups.c): kcnf marks each 6.12-style choice
# with a 'c kcnf exactly-one' or 'c kcnf at-most-one' line (kcnf(1)); kcount checks every
# mark by unit propagation and ignores the ones the clauses do not imply, finds unmarked
# groups in the pairwise binary clauses (t/3009 splits on them).
# Random CNFs with planted groups (dimacs-brute --groups: pairwise exclusions, one pair
# sometimes through a chain a -> x -> -b, covering clauses, some conditional) are counted
# without marks, with true marks, and with wrong and malformed marks, against brute force:
# the marks never change the count.
. "$(dirname "$0")/lib.sh"
need_brute
N=150
plan $((3 * N + 8))
bad=0 trusted=0 ignored=0 used=0 found=0

run "$BIN/kcnf" -o "$TMP/toy3.cnf" "$T/data/2003/toy3-choice.kir"
is_status 0 "toy3-choice encoded"
grep '^c kcnf [ae]' "$TMP/toy3.cnf" > "$TMP/marks"
printf '%s\n' "c kcnf exactly-one 2 3 0" "c kcnf at-most-one 4 5 0" "c kcnf at-most-one 6 7 0" > "$TMP/want"
same_file "$TMP/marks" "$TMP/want" "toy3-choice: a mark per choice, exactly-one where a member is always visible"
run "$BIN/kcount" -v -q "$TMP/toy3.cnf"
is "$(cat "$OUT")" 28 "toy3-choice: 28 with its marks"
like "$ERR" "^c marks_ignored +0 " "toy3-choice: no mark ignored"

i=1
while [ $i -le $N ]; do
	for marks in 0 1 2; do
		"$BRUTE" --groups $i $marks > "$TMP/g.cnf"
		expected=$("$BRUTE" "$TMP/g.cnf")
		for opt in -q; do
			run "$BIN/kcount" -v -q $opt "$TMP/g.cnf"
			if [ "$STATUS" = 0 ] && [ "$(cat "$OUT")" = "$expected" ]; then pass "groups $i marks $marks $opt: $expected"
			else fail "groups $i marks $marks $opt: expected $expected, got $(cat "$OUT") (status $STATUS)"; bad=$((bad + 1)); fi
			[ "$opt" = -q ] || continue
			n=$(sed -n 's/^c marks_ignored *\([0-9]*\).*/\1/p' "$ERR")
			[ "$marks" = 1 ] && [ "$n" != 0 ] && { diag "groups $i: a true mark ignored"; trusted=$((trusted + 1)); }
			[ "$marks" = 2 ] && ignored=$((ignored + n))
			used=$((used + $(sed -n 's/^c groups_marked *\([0-9]*\).*/\1/p' "$ERR")))
			[ "$marks" = 0 ] && found=$((found + $(sed -n 's/^c groups_found *\([0-9]*\).*/\1/p' "$ERR")))
		done
	done
	i=$((i + 1))
done
is "$trusted" 0 "no true mark ignored"
ok "[ $ignored -ge $((3 * N)) ]" "wrong and malformed marks ignored: $ignored"
ok "[ $used -ge $N ]" "marks checked and used: $used"
is "$bad" 0 "no disagreement (groups found without marks: $found)"
