#!/bin/sh
# kcount --lower-bound --work (issue 23): the rounds are limited by the components they count,
# not by time, so the bound is the same under another --timeout and beside CPU hogs; --work
# changes it, the same way every time, and more work never gives less; the bound is the
# brute-force count of the formula with the literals it names fixed, and at most the count;
# a round cut by the --timeout safety stop says so; the rounds show on a terminal (not with
# -q) and under -v, and nowhere else; --max-width gives up above the treewidth lower bound
# and counts at or below it. With KC_SLOW_TESTS=1, the whole 6.12 x86_64 kernel too.
. "$(dirname "$0")/lib.sh"
need_brute
FM=${KC_FEATUREMODELS:-$TOP/../shared/bench/featuremodels}
N=60
plan $((N + 25))

# hogs_start: two CPU-burning loops (the machine has two cores), ten minutes at most;
# hogs_stop ends them, also when the test is interrupted
hogs_start() {
	timeout 600 sh -c 'while :; do :; done' & hog1=$!
	timeout 600 sh -c 'while :; do :; done' & hog2=$!
}
hogs_stop() { [ -z "$hog1" ] || { kill "$hog1" "$hog2"; wait "$hog1" "$hog2"; hog1=""; } 2>/dev/null; }
hog1=""
trap 'hogs_stop; rm -rf "$TMP"' EXIT
trap 'exit 143' HUP INT TERM
# rounds FILE: the -v round lines of FILE without their seconds
rounds() { sed -n 's/^\(c o bound: .*\) ([0-9.]* s)$/\1/p' "$1"; }
# at_most A B: the decimal A is at most B
at_most() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(length(a) < length(b) || (length(a) == length(b) && a "" <= b "")) }'; }
bound_of() { sed -n 's/^c s \(lower-bound\|exact\) arb int //p' "$1"; }
# with_units CNF LITERALS...: CNF with a unit clause for each literal
with_units() {
	f=$1; shift
	awk -v units="$*" 'BEGIN { n = split(units, u, " ") }
		/^p cnf/ { print "p cnf", $3, $4 + n; next } { print }
		END { for (i = 1; i <= n; i++) print u[i], 0 }' "$f"
}

# 1. The same bound, round for round, under another --timeout, beside two hogs.
# same_under_load NAME CNF NICE OPTIONS...: two runs, the second beside the hogs at nice
# NICE; both bound the same
same_under_load() {
	name=$1 cnf=$2 niceness=$3; shift 3
	run "$BIN/kcount" -v --lower-bound "$@" "$cnf"
	cp "$OUT" "$TMP/a.out"; rounds "$ERR" > "$TMP/a.rounds"; a_status=$STATUS
	hogs_start
	run nice -n "$niceness" "$BIN/kcount" -v --lower-bound --timeout 900 "$@" "$cnf"
	hogs_stop
	rounds "$ERR" > "$TMP/b.rounds"
	ok '[ "$a_status" = 0 ] && [ "$STATUS" = 0 ] && [ -s "$TMP/a.out" ]' "$name: a bound, alone and loaded"
	same_file "$OUT" "$TMP/a.out" "$name: the same bound and literals, loaded and with --timeout 900"
	same_file "$TMP/b.rounds" "$TMP/a.rounds" "$name: the same rounds, the same components in each"
	ok 'grep -q "not counted within" "$TMP/a.rounds"' "$name: some round ran out of work"
}
if [ -r "$FM/uClinux-distribution.cnf" ]; then
	F=$FM/uClinux-distribution.cnf
	count=$(awk -F '\t' '$1 == "uClinux-distribution.cnf" { print $5 }' "$FM/COUNTS.tsv")
	same_under_load uClinux-distribution "$F" 10 --work 50
	# 2. --work changes the bound, the same way each time; more work, a bound as good
	run "$BIN/kcount" --lower-bound --work 50 "$F"; w50=$(bound_of "$OUT")
	run "$BIN/kcount" --lower-bound --work 50 --timeout 5 "$F"; w50b=$(bound_of "$OUT")
	run "$BIN/kcount" --lower-bound --work 20 "$F"; w20=$(bound_of "$OUT")
	run "$BIN/kcount" --lower-bound --work 20 "$F"; w20b=$(bound_of "$OUT")
	is "$w50b" "$w50" "--work 50 twice: the same bound"
	is "$w20b" "$w20" "--work 20 twice: the same bound"
	ok '[ "$w20" != "$w50" ] && at_most "$w20" "$w50"' "--work 20 gives a lower bound than --work 50"
	ok 'at_most "$w50" "$count" && [ "$w50" != "$count" ]' "--work 50: below the published count"
	run "$BIN/kcount" --lower-bound --work 100000 "$F"
	like "$OUT" "^c s exact arb int $count\$" "--work 100000: the exact published count"
else
	for i in 1 2 3 4 5 6 7 8 9; do skip "no feature models in $FM"; done
fi

# 3. Small formulas, little work: the bound is the count with its literals fixed, at most
# the count (or, when no round fits, exit 2 saying so).
bad=0
i=1
while [ $i -le $N ]; do
	vars=$((8 + i % 10)); clauses=$((4 + (i * 5) % (2 * vars)))
	case $((i % 3)) in 0) show=-1 ;; *) show=$((vars - i % 4)) ;; esac
	"$BRUTE" --gen $((1000 + i)) $vars $clauses $show $((i % 2 * 2)) > "$TMP/r.cnf"
	expected=$("$BRUTE" "$TMP/r.cnf")
	work=$((1 + i % 4))
	run "$BIN/kcount" --lower-bound --work $work "$TMP/r.cnf"
	fixed=$(sed -n 's/^c o fixed \(.*\) 0$/\1/p' "$OUT")
	bound=$(bound_of "$OUT")
	with_units "$TMP/r.cnf" $fixed > "$TMP/u.cnf"
	got=$("$BRUTE" "$TMP/u.cnf")
	if [ "$STATUS" = 0 ] && [ "$bound" = "$got" ] && at_most "$bound" "$expected" &&
		{ [ "$expected" = 0 ] || [ "$bound" != 0 ]; }; then
		pass "gen $i --work $work: $bound of $expected"
	elif [ "$STATUS" = 2 ] && grep -q "no round counted within --work $work components" "$ERR"; then
		pass "gen $i --work $work: no round fits (count $expected)"
	else
		fail "gen $i --work $work: bound '$bound' (status $STATUS), with [$fixed] fixed $got, count $expected"
		bad=$((bad + 1))
	fi
	i=$((i + 1))
done
is "$bad" 0 "no bound above its count"

# 4. The rounds on a terminal (script(1) gives one), not with -q, nowhere without -v.
"$BRUTE" --gen 7 14 20 -1 > "$TMP/p.cnf"
if command -v script > /dev/null; then
	script -qec "'$BIN/kcount' --lower-bound --work 3 '$TMP/p.cnf' > '$TMP/tty.out'" /dev/null > "$TMP/tty" 2>&1
	like "$TMP/tty" '^c o bound: [0-9]+ of [0-9]+ hubs fixed: ' "a terminal shows the rounds"
	script -qec "'$BIN/kcount' -q --lower-bound --work 3 '$TMP/p.cnf' > '$TMP/tty.out'" /dev/null > "$TMP/tty" 2>&1
	ok '! grep -q "c o bound" "$TMP/tty"' "-q: no rounds on a terminal"
else
	skip "no script(1)"; skip "no script(1)"
fi
run "$BIN/kcount" --lower-bound --work 3 "$TMP/p.cnf"
ok '[ "$STATUS" = 0 ] && ! [ -s "$ERR" ]' "not a terminal, no -v: nothing on standard error"

# 5. --max-width: a clique of 7 variables (x or y for each pair: 8 models) has treewidth 6.
{
	echo "p cnf 7 21"
	for a in 1 2 3 4 5 6 7; do for b in 1 2 3 4 5 6 7; do [ "$a" -lt "$b" ] && echo "$a $b 0"; done; done
} > "$TMP/clique.cnf"
run "$BIN/kcount" --max-width 5 "$TMP/clique.cnf"
is_status 2 "--max-width 5, treewidth 6: not counted"
like "$OUT" '^c o not counted: treewidth at least 6 above --max-width 5$' "--max-width 5: says why on standard output"
run "$BIN/kcount" --max-width 6 "$TMP/clique.cnf"
like "$OUT" '^c s exact arb int 8$' "--max-width 6: counted, 8"
run "$BIN/kcount" -v --lower-bound --count-first 10 --max-width 5 "$TMP/clique.cnf"
ok '[ "$STATUS" = 0 ] && grep -q "no exact count first: treewidth at least 6 above --max-width 5" "$ERR"' \
	"--lower-bound --count-first --max-width 5: straight to the bound"
like "$OUT" '^c o not counted: treewidth at least 6 above --max-width 5$' \
	"--lower-bound --max-width 5: says why on standard output too"
run "$BIN/kcount" --max-width 3 --sample 2 "$TMP/clique.cnf"
is_status 2 "--max-width --sample: usage error"
run "$BIN/kcount" --work 5 "$TMP/clique.cnf"
is_status 2 "--work without --lower-bound: usage error"

# 6. With KC_SLOW_TESTS=1 (three minutes or more), the whole 6.12 x86_64 kernel: the same
# bound alone and beside the hogs, and the safety stop.
tree=$([ -n "${KC_SLOW_TESTS:-}" ] && kernel_tree 6.12)
if [ -n "$tree" ] && "$BIN/kparse" -a x86_64 "$tree" > "$TMP/k.ir" 2> /dev/null &&
	"$BIN/kcnf" "$TMP/k.ir" > "$TMP/k.cnf" 2> /dev/null; then
	same_under_load "6.12 x86_64 --work 20000" "$TMP/k.cnf" 0 --work 20000
else
	for i in 1 2 3 4; do skip "no KC_SLOW_TESTS=1, or no 6.12 tree (share/get-kernel)"; done
fi

# 7. The safety stop: a random 3-CNF of 200 variables whose rounds with fewer than about
# 50 of its 108 hubs fixed take longer than the --timeout, with all the work they want.
"$BRUTE" --gen 1 200 420 -1 3 > "$TMP/hard.cnf"
run "$BIN/kcount" --lower-bound --work 1000000000 --timeout 6 "$TMP/hard.cnf"
ok '{ [ "$STATUS" = 0 ] && grep -q "^c o lower bound cut short by --timeout 6:" "$OUT" &&
	grep -q "reached before the rounds were done" "$ERR"; } ||
	{ [ "$STATUS" = 2 ] && grep -q "timeout after 6 s" "$ERR"; }' \
	"--timeout 6 before the rounds are done: the last bound, cut short, and says so"
done_testing
