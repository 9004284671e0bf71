#!/bin/sh
# kdiff on two small Kconfig trees, through the whole pipeline (kparse | kcnf | kcount).
# Counted by hand:
#   old: (MODULES, C tristate) 2 + 3 = 5; A with S=A selected, B and OLDNAME on A: 1 + 4 = 5;
#        GONE 2; choice M1/M2 exactly one: 2.                      5 * 5 * 2 * 2 = 100
#   new: (MODULES, C bool) 4; A, S visible (only implied), B and NEWNAME on A: 2 + 8 = 10;
#        FRESH 2; choice of M1 alone: 1; M2 outside it: 2.          4 * 10 * 2 * 1 * 2 = 160
# log10 100 = 2.0000, log10 160 = 2.2041, ratio 10^0.2041; 9 bool+tristate options each.
. "$(dirname "$0")/lib.sh"
D=$T/data/4003
for p in kparse kcnf kcount; do
	[ -x "$BIN/$p" ] || skip_all "$p not built yet"
done
plan 20

run "$BIN/kdiff" -f tsv --timeout 60 "$D/old" "$D/new"
is_status 1 "different trees: exit status 1"
# locations: the config line (23) or the line after it, whichever the kernel records
like "$OUT" '^added	FRESH	bool	Kconfig:2[34]$' "added: FRESH with its location"
is "$(grep -c '^added' "$OUT")" 1 "added: nothing else"
like "$OUT" '^removed	GONE	bool	Kconfig:2[78]$' "removed: GONE"
is "$(grep -c '^removed' "$OUT")" 1 "removed: nothing else"
like "$OUT" '^renamed	OLDNAME	NEWNAME	bool	Kconfig:2[23]	Kconfig:2[67]$' "OLDNAME renamed NEWNAME"
is "$(grep '^changed' "$OUT" | cut -f 2 | tr '\n' ' ')" "A B C M2 S " "changed: A B C M2 S"
is "$(grep '^changed	A	' "$OUT" | cut -f 3)" "select,imply" "A: select became imply"
is "$(grep '^changed	B	' "$OUT" | cut -f 3)" "default" "B: a default"
is "$(grep '^changed	C	' "$OUT" | cut -f 3)" "type" "C: tristate became bool"
is "$(grep '^changed	S	' "$OUT" | cut -f 3)" "prompt,visible" "S: gained a prompt"
like "$OUT" '^changed	M2	[a-z,]*choice' "M2: left the choice"
is "$(grep '^count' "$OUT" | cut -f 2-5 | tr '\t\n' ' ;')" "old 100 3 2.0000;new 160 3 2.2041;" \
	"exact counts, digits and log10 (by hand)"
is "$(grep '^ratio' "$OUT" | cut -f 2)" "0.2041" "ratio 10^0.2041"
is "$(grep '^constrained' "$OUT" | cut -f 2-4 | tr '\t\n' ' ;')" "old 9 2.7093;new 9 2.7093;" \
	"N = 9 and log10 2^9 for both"

# the hand counts, once more by the kernel's own brute force (t/oracle), when it builds here
tree=$(kernel_tree 6.12)
if [ -n "$tree" ] && dir=$("$T/oracle/build-oracle" "$tree" 2>/dev/null); then
	for v in old new; do
		run "$T/oracle/kernel-env" - "$D/$v/Kconfig" "$dir/koracle" brute "$D/$v/Kconfig"
		is "$(cat "$OUT")" "$([ $v = old ] && echo 100 || echo 160)" "koracle brute agrees with the hand count of $v"
	done
else
	skip "no kernel oracle"; skip "no kernel oracle"
fi

run "$BIN/kdiff" --timeout 60 "$D/old" "$D/same"
is_status 0 "same tree under another name: exit status 0"
run "$BIN/kdiff" --timeout 60 "$D/old" "$D/new"
is_status 1 "text report: exit status 1"
like "$OUT" '^  count      160$' "text report has the exact count"
done_testing
