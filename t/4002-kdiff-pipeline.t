#!/bin/sh
# kdiff runs kparse, kcnf and kcount found next to its own binary, with -a, --memory and
# --timeout passed through. Stand-in programs make each case certain: a counter that sleeps
# must be stopped and reported as "not counted within 1 s", not waited for; with --bound, one
# kcount --lower-bound --count-first run gives the count, or a lower bound that joins the note;
# a formula kcount --max-width finds too wide is "out of reach", not "not counted within".
. "$(dirname "$0")/lib.sh"
D=$T/data/4001
plan 28

mkdir -p "$TMP/bin" "$TMP/old/arch" "$TMP/new/arch"   # arch/: kernel trees, so kparse gets -a
cp "$BIN/kdiff" "$TMP/bin/"
cp "$D/old.ir" "$TMP/old/tree.ir"
cp "$D/new.ir" "$TMP/new/tree.ir"
cat > "$TMP/bin/kparse" <<'SH'
#!/bin/sh
# kparse -a ARCH TREE: the tree's IR with its arch set
[ "$1" = -a ] || exit 2
sed "s/^arch -/arch $2/" "$3/tree.ir"
SH
cat > "$TMP/bin/kcnf" <<'SH'
#!/bin/sh
echo "c stand-in cnf of $1"
SH
cat > "$TMP/bin/kcount" <<'SH'
#!/bin/sh
echo "$*" >> "$FAKE_ARGS"
if [ -n "${FAKE_WIDE:-}" ]; then  # what kcount --max-width says of a formula too wide
	echo "c o not counted: treewidth at least 150 above --max-width 40"
	[ "$1" = --lower-bound ] || exit 2
fi
if [ "$1" = --lower-bound ] && { [ -n "${FAKE_SLEEP:-}" ] || [ -n "${FAKE_WIDE:-}" ]; }; then  # a bound
	printf 'c o lower bound: the count of the models with the 3 literals below\n'
	printf 'c o fixed 1 -2 3 0\nc s log10-lower-bound 2.7\nc s lower-bound arb int 501\n'
	exit 0
fi
[ -n "${FAKE_SLEEP:-}" ] && sleep "$FAKE_SLEEP"
echo "s SATISFIABLE"
echo "c s exact arb int 1234"
SH
chmod +x "$TMP/bin/kparse" "$TMP/bin/kcnf" "$TMP/bin/kcount"
export FAKE_ARGS="$TMP/args"

run "$TMP/bin/kdiff" -a arm64 -f tsv --memory 100 --keep "$TMP/keep" "$TMP/old" "$TMP/new"
is_status 1 "trees through the stand-in pipeline: exit status 1"
is "$(grep '^input' "$OUT" | cut -f 2,4 | tr '\t\n' ': ')" "old:arm64 new:arm64 " "-a ARCH reaches kparse"
is "$(grep '^count' "$OUT" | cut -f 2,3,4 | tr '\t\n' ':;')" "old:1234:4;new:1234:4;" "counts read from kcount's output"
is "$(grep -c -- '--mem=100' "$TMP/args")" 2 "--memory passed to kcount as --mem"
ok '[ -s "$TMP/keep/old.ir" ] && [ -s "$TMP/keep/new.cnf" ] && [ -s "$TMP/keep/new.count" ]' \
	"--keep keeps IR, CNF and count files"
like "$TMP/keep/old.count" '^c s exact arb int 1234$' "kept count file holds the count"
like "$TMP/keep/old.count" '^c kdiff seconds [0-9.]+$' "kept count file holds the time"

start=$(date +%s)
FAKE_SLEEP=30 run "$TMP/bin/kdiff" -f tsv --timeout 1 --bound 0 "$TMP/old/tree.ir" "$TMP/new/tree.ir"
end=$(date +%s)
is_status 1 "a count past its time limit is missing, not trouble"
ok '[ $((end - start)) -lt 10 ]' "the sleeping counter was stopped"
is "$(grep '^count	old' "$OUT" | cut -f 3,6)" "$(printf -- '-\tkcount: not counted within 1 s')" \
	"count row says not counted within 1 s"
like "$ERR" 'not counted within 1 s' "warning on stderr"

FAKE_SLEEP=30 run "$TMP/bin/kdiff" -f tsv --timeout 1 --bound 7 "$TMP/old/tree.ir" "$TMP/new/tree.ir"
is "$(grep '^count	new' "$OUT" | cut -f 6)" \
	"kcount: not counted within 1 s; at least 10^2 (kcount --lower-bound, 3 variables fixed)" \
	"--bound: the lower bound joins the note"
like "$TMP/args" '^--lower-bound --count-first=1 --timeout=8 .*new\.cnf' \
	"--bound SECONDS: kcount counts first for the timeout, then bounds in the SECONDS after it"
run "$TMP/bin/kdiff" -f tsv --timeout 1 --bound 7 "$TMP/old/tree.ir" "$TMP/new/tree.ir"
is "$(grep '^count	new' "$OUT" | cut -f 3,6)" "$(printf '1234\t-')" "--bound: a count that finishes is the count"

# the defaults: 600 s per stage, then 120 s for a lower bound (as share/main-job)
rm -f "$TMP/args"
FAKE_SLEEP=30 run "$TMP/bin/kdiff" -f tsv "$TMP/old/tree.ir" "$TMP/new/tree.ir"
like "$TMP/args" '^--lower-bound --count-first=600 --timeout=720 .*new\.cnf' \
	"by default kcount counts for 600 s, then bounds for 120 s"
is "$(grep '^count	new' "$OUT" | cut -f 6)" \
	"kcount: not counted within 600 s; at least 10^2 (kcount --lower-bound, 3 variables fixed)" \
	"by default a count that does not finish gets a lower bound"
rm -f "$TMP/args"
run "$TMP/bin/kdiff" -f tsv --timeout 0 "$TMP/old/tree.ir" "$TMP/new/tree.ir"
is "$(grep -c '^--max-width=100 .*old\.cnf$\|^--max-width=100 .*new\.cnf$' "$TMP/args"):$(grep -c -- '--lower-bound\|--timeout\|--count-first' "$TMP/args")" "2:0" \
	"--timeout 0: kcount --max-width=100 CNF, no limit, so no bound either"

# the width check (kcount --max-width): out of reach, with or without a bound
rm -f "$TMP/args"
FAKE_WIDE=1 run "$TMP/bin/kdiff" -f tsv "$TMP/old/tree.ir" "$TMP/new/tree.ir"
like "$TMP/args" '^--lower-bound --count-first=600 --timeout=720 --max-width=100 .*new\.cnf' \
	"by default kcount is told --max-width=100"
is "$(grep '^count	new' "$OUT" | cut -f 6)" \
	"kcount: out of reach: treewidth at least 150, above 40; at least 10^2 (kcount --lower-bound, 3 variables fixed)" \
	"a formula too wide is out of reach, with its bound"
FAKE_WIDE=1 run "$TMP/bin/kdiff" -f tsv --bound 0 "$TMP/old/tree.ir" "$TMP/new/tree.ir"
is "$(grep '^count	new' "$OUT" | cut -f 6)" "kcount: out of reach: treewidth at least 150, above 40" \
	"--bound 0: out of reach, no bound"
rm -f "$TMP/args"
run "$TMP/bin/kdiff" -f tsv --max-width 0 "$TMP/old/tree.ir" "$TMP/new/tree.ir"
like "$TMP/args" '--max-width=2147483647 ' "--max-width 0: no width limit"
run "$TMP/bin/kdiff" --help
like "$OUT" 'default 600' "--help: the default timeout"
like "$OUT" 'default 120' "--help: the default bound time"
printf 'c s log10-lower-bound 12.5\n' > "$TMP/bound.count"
run "$TMP/bin/kdiff" -f tsv --count-old "$TMP/bound.count" --count-new "$TMP/bound.count" \
	"$TMP/old/tree.ir" "$TMP/new/tree.ir"
is "$(grep '^count	old' "$OUT" | cut -f 3,6)" \
	"$(printf -- '-\tnot counted; at least 10^12 (kcount --lower-bound, 0 variables fixed)')" \
	"a count file with only a bound: not counted, with the bound"
is "$(grep '^count	old' "$OUT" | cut -f 7)" "12.5000" "TSV: the bound's log10 in its own column"
run "$TMP/bin/kdiff" -f json --count-old "$TMP/bound.count" --count-new "$TMP/bound.count" \
	"$TMP/old/tree.ir" "$TMP/new/tree.ir"
like "$OUT" '"log10": null, "log10_lower_bound": 12\.5000,' "JSON: log10_lower_bound"
printf 'c s log10-lower-bound 1.5\n' > "$TMP/bound.count"
run "$TMP/bin/kdiff" --count-old "$TMP/bound.count" --count-new "$TMP/bound.count" \
	"$TMP/old/tree.ir" "$TMP/new/tree.ir"
n=$(grep -c '^config .* \(bool\|tristate\)$' "$D/old.ir")
at_most=$(awk -v n="$n" 'BEGIN { x = (n * log(2) / log(10) - 1.5) * 1e4; c = int(x); if (c < x) c++
	printf "%.4f", c / 1e4 }')
like "$OUT" "two values per option: log10\\(2\\^$n\\) .* <= $at_most \\(from the lower bound\\)" \
	"text: how constrained, at most log10(2^N) less the bound (rounded up)"

printf '#!/bin/sh\nexit 3\n' > "$TMP/bin/kparse"
run "$TMP/bin/kdiff" "$TMP/old" "$TMP/new"
is_status 2 "a failing kparse: exit status 2"
done_testing
