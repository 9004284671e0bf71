#!/bin/sh
# kcount agrees with the brute-force oracle on hundreds of random small CNFs: plain and
# projected, satisfiable or not, with duplicate literals, tautologies, empty clauses and
# unused variables (dimacs-brute --gen); every other one has clauses of 2 to 4 or 3 to 5
# literals and no units, so that preprocessing leaves work (and hidden variables to
# eliminate) to the search. Then random Tseitin circuits (dimacs-brute --gates), whose
# hidden gate outputs kcount may branch on, and whose projected gate outputs (some defined
# cyclically) kcount may drop from the projection. Every formula is also written back by
# kcount --preprocess and counted by brute force, which checks the preprocessing on its own,
# and written as a plain CNF (--plain) whose plain count, by brute force, is the same.
. "$(dirname "$0")/lib.sh"
need_brute
N=400
G=150
plan $((3 * N + 4 * G + 2))
bad=0 plain=0
# check_preprocessed NAME EXPECTED FILE: the brute-force count of kcount --preprocess FILE
check_preprocessed() {
	"$BIN/kcount" --preprocess "$3" > "$TMP/p.cnf" && got=$("$BRUTE" "$TMP/p.cnf") || got="(failed)"
	if [ "$got" = "$2" ]; then pass "$1 --preprocess: $2"
	else fail "$1 --preprocess: expected $2, got $got"; bad=$((bad + 1)); fi
	"$BIN/kcount" --preprocess --plain "$3" > "$TMP/q.cnf"
	case $? in
	0)	got=$(grep -q '^c p show' "$TMP/q.cnf" && echo "(projected)" || "$BRUTE" "$TMP/q.cnf")
		plain=$((plain + 1))
		if [ "$got" = "$2" ]; then pass "$1 --preprocess --plain: $2"
		else fail "$1 --preprocess --plain: expected $2, got $got"; bad=$((bad + 1)); fi ;;
	2)	pass "$1 --preprocess --plain: refused, a hidden variable is left undefined" ;;
	*)	fail "$1 --preprocess --plain: status $?"; bad=$((bad + 1)) ;;
	esac
}
i=1
while [ $i -le $N ]; do
	vars=$((4 + i % 14)); clauses=$((2 + (i * 7) % (3 * vars + 1)))
	case $((i % 4)) in 0|1) show=-1 ;; *) show=$((i % (vars + 1))) ;; esac
	minlen=$((i % 2 * (2 + i / 2 % 2)))
	[ $minlen = 0 ] || clauses=$((vars + (i * 5) % (3 * vars)))
	"$BRUTE" --gen $i $vars $clauses $show $minlen > "$TMP/r.cnf"
	expected=$("$BRUTE" "$TMP/r.cnf")
	run "$BIN/kcount" -q "$TMP/r.cnf"
	if [ "$STATUS" = 0 ] && [ "$(cat "$OUT")" = "$expected" ]; then pass "gen $i $vars $clauses $show $minlen: $expected"
	else fail "gen $i $vars $clauses $show $minlen: expected $expected, got $(cat "$OUT") (status $STATUS)"; bad=$((bad + 1)); fi
	check_preprocessed "gen $i" "$expected" "$TMP/r.cnf"
	i=$((i + 1))
done
# random Tseitin circuits: defined variables are eliminated, or (--no-elim) branched on
i=1
while [ $i -le $G ]; do
	"$BRUTE" --gates $i > "$TMP/g.cnf"
	expected=$("$BRUTE" "$TMP/g.cnf")
	check_preprocessed "gates $i" "$expected" "$TMP/g.cnf"
	for opt in --no-elim -q; do
		run "$BIN/kcount" -q $opt "$TMP/g.cnf"
		if [ "$STATUS" = 0 ] && [ "$(cat "$OUT")" = "$expected" ]; then pass "gates $i $opt: $expected"
		else fail "gates $i $opt: expected $expected, got $(cat "$OUT") (status $STATUS)"; bad=$((bad + 1)); fi
	done
	i=$((i + 1))
done
ok "[ $plain -gt $(((N + G) * 3 / 4)) ]" "--plain wrote $plain of $((N + G)) formulas"
is "$bad" 0 "no disagreement"
