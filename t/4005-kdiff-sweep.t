#!/bin/sh
# The sweep (make -f kdiff/sweep.mk -j2) with stand-in kparse, kcnf and kcount: one IR, CNF
# and count file per release and arch, a history per arch, and a count that runs past the
# time limit recorded as "not counted within 2 s" instead of hanging the sweep. Run again,
# it counts anew only what a longer limit or a newer kcount may change. With BOUND, one
# kcount --lower-bound --count-first run gives a count past the limit a lower bound in its note.
# With the real kcount, WIDTH (kcount --max-width) records a formula out of reach as such.
# The same sweep split into one job per release and arch runs unchanged under GNU parallel
# (here on localhost, -S :), and the histories made from its files are the same.
. "$(dirname "$0")/lib.sh"
plan 19

mkdir -p "$TMP/bin"
cp "$BIN/kdiff" "$TMP/bin/"
for r in 1.1 1.2; do
	mkdir -p "$TMP/linux-$r/scripts/kconfig"
	: > "$TMP/linux-$r/Kconfig"
	: > "$TMP/linux-$r/scripts/kconfig/parser.y"
	: > "$TMP/linux-$r/Makefile"
done
# kparse -a ARCH -o FILE TREE: release 1.1 has one bool option A, 1.2 adds B
cat > "$TMP/bin/kparse" <<'SH'
#!/bin/sh
r=${5##*linux-}
{
	printf 'kir 1\ninput "Kconfig"\nkconfig 6.12\narch %s\nsrcarch -\nkernelversion %s\n' "$2" "$r.0"
	printf 'macros abstract\nconfig A bool\nloc A "Kconfig" 1\ndep A y\nprompt A y "A"\n'
	[ "$r" = 1.2 ] && printf 'config B bool\nloc B "Kconfig" 4\ndep B y\nprompt B y "B"\n'
	echo end
} > "$4"
SH
printf '#!/bin/sh\necho "p cnf 0 0 # $1"\n' > "$TMP/bin/kcnf"
# kcount: 2 for 1.1 of every arch; sleeps on 1.2 of arm64 (past the limit), else 4; with
# --lower-bound (--count-first) the same, but a bound of 10^1.5 with 3 variables fixed for
# 1.2 of arm64
cat > "$TMP/bin/kcount" <<'SH'
#!/bin/sh
echo "$1" >> "$KCOUNT_LOG"
for cnf; do :; done
case $1:$cnf in
--lower-bound:*1.2/arm64*)
	printf 'c o lower bound: the count of the models with the 3 literals below\n'
	printf 'c o fixed 1 -2 3 0\nc s log10-lower-bound 1.5\nc s lower-bound arb int 31\n' ;;
*1.1/*) echo "c s exact arb int 2" ;;
*1.2/arm64*) sleep 30 ;;
*) echo "c s exact arb int 4" ;;
esac
SH
chmod +x "$TMP/bin/"*
export KCOUNT_TREE_1_1="$TMP/linux-1.1" KCOUNT_TREE_1_2="$TMP/linux-1.2" KCOUNT_LOG="$TMP/kcount.log"
sweep() { make -s -C "$TOP" -f kdiff/sweep.mk -j2 OUT="$TMP/sweep" BIN="$TMP/bin" RELEASES="1.1 1.2" \
	ARCHES="x86_64 arm64" TIMEOUT="$1" BOUND="${2:-0}" WIDTH=; }

start=$(date +%s)
run sweep 2
end=$(date +%s)
is_status 0 "sweep: exit status 0"
ok '[ $((end - start)) -lt 25 ]' "the sleeping count did not hold the sweep"
ok '[ -s "$TMP/sweep/1.2/x86_64.ir" ] && [ -s "$TMP/sweep/1.1/arm64.cnf" ]' "IR and CNF per release and arch"
like "$TMP/sweep/1.2/arm64.count" '^c kdiff not-counted kcount: not counted within 2 s$' "timeout recorded"
is "$(cut -f 1,2,6,14 "$TMP/sweep/history-x86_64.tsv" | sed 1d | tr '\t\n' ' ;')" \
	"1.1.0 x86_64 1 2;1.2.0 x86_64 2 4;" "x86_64 history: N and counts"
is "$(cut -f 1,14,15 "$TMP/sweep/history-arm64.tsv" | sed -n 3p)" \
	"$(printf '1.2.0\t-\tkcount: not counted within 2 s')" "arm64 history: the missing count"
ok '[ -s "$TMP/sweep/history-arm64.svg" ] && [ -s "$TMP/sweep/history-arm64.txt" ]' "chart and text table"
ok 'grep -q "^c kdiff seconds [0-9]" "$TMP/sweep/1.1/x86_64.count"' "counting time recorded"

# GNU parallel: one job per release and arch (the counts target), then the histories
if command -v parallel > /dev/null; then
	(cd "$TOP" && parallel --will-cite -S : -j2 make -s -f kdiff/sweep.mk OUT="$TMP/psweep" \
		BIN="$TMP/bin" TIMEOUT=2 BOUND=0 WIDTH= RELEASES={1} ARCHES={2} counts \
		::: 1.1 1.2 ::: x86_64 arm64) > "$TMP/parallel.out" 2>&1
	ok '[ $? = 0 ] || grep -q "not counted" "$TMP/parallel.out"' "parallel: the jobs ran"
	: > "$KCOUNT_LOG"
	make -s -C "$TOP" -f kdiff/sweep.mk OUT="$TMP/psweep" BIN="$TMP/bin" RELEASES="1.1 1.2" \
		ARCHES="x86_64 arm64" TIMEOUT=2 BOUND=0 WIDTH= all > /dev/null 2>&1
	is "$(wc -l < "$KCOUNT_LOG")" 0 "parallel: the histories use the jobs' counts, none counted again"
	is "$(cut -f 1-12,14,15 "$TMP/psweep/history-arm64.tsv")" \
		"$(cut -f 1-12,14,15 "$TMP/sweep/history-arm64.tsv")" \
		"parallel: the same history as make -j"
else
	skip "no GNU parallel (share/setup-deps installs it)"; skip "no GNU parallel"; skip "no GNU parallel"
fi

: > "$KCOUNT_LOG"
sweep 3 > /dev/null 2>&1
is "$(cat "$KCOUNT_LOG")" "$TMP/sweep/1.2/arm64.cnf" "a longer limit tries again only what was not counted"
: > "$KCOUNT_LOG"
sweep 2 > /dev/null 2>&1
is "$(wc -l < "$KCOUNT_LOG")" 0 "a shorter limit keeps what a longer one could not count"
: > "$KCOUNT_LOG"
touch -d '+1 minute' "$TMP/bin/kcount"
sweep 2 > /dev/null 2>&1
is "$(wc -l < "$KCOUNT_LOG")" 4 "a newer kcount counts everything again"

touch -d '-1 minute' "$TMP/bin/kcount"
rm "$TMP/sweep/1.2/arm64.count"
sweep 2 5 > /dev/null 2>&1
like "$TMP/sweep/1.2/arm64.count" \
	'^c kdiff not-counted kcount: not counted within 2 s; at least 10\^1 \(kcount --lower-bound, 3 variables fixed\)$' \
	"BOUND: the lower bound in the note"
like "$TMP/sweep/1.2/arm64.count" '^c o fixed 1 -2 3 0$' "and the literals fixed, its certificate"
: > "$KCOUNT_LOG"
sweep 3 5 > /dev/null 2>&1
is "$(cat "$KCOUNT_LOG")" "--lower-bound" \
	"a note with a bound is tried again under a longer limit"

# share/kcount-timed -w with the real kcount: a clique of 7 variables has treewidth 6 (8 models)
{
	echo "p cnf 7 21"
	for a in 1 2 3 4 5 6 7; do for b in 1 2 3 4 5 6 7; do [ "$a" -lt "$b" ] && echo "$a $b 0"; done; done
} > "$TMP/clique.cnf"
KCOUNT=$BIN/kcount "$TOP/share/kcount-timed" -t 5 -w 5 "$TMP/clique.cnf" "$TMP/clique.count" 2> /dev/null
like "$TMP/clique.count" '^c kdiff not-counted kcount: out of reach: treewidth at least 6, above 5$' \
	"-w 5: out of reach by treewidth, not by time"
# with -b the bound's rounds fix nothing on so small a formula: its exact count
KCOUNT=$BIN/kcount "$TOP/share/kcount-timed" -t 5 -b 30 -w 5 "$TMP/clique.cnf" "$TMP/clique.count" 2> /dev/null
like "$TMP/clique.count" '^c s exact arb int 8$' "-w 5 -b 30: counted exactly by the bound's last round"
done_testing
