#!/bin/sh
# kdiff on two hand-written IR files whose differences are known by construction:
# A select->imply, B gains a default, C tristate->bool, NUM's range widens, GONE removed,
# FRESH added, OLDNAME renamed NEWNAME (USER depends on it: unchanged modulo the rename).
# The counts come from hand-written count files: digits, log10 and ratio are checked by hand.
. "$(dirname "$0")/lib.sh"
D=$T/data/4001
plan 31

counts="--count-old $D/old.count --count-new $D/new.count"
run "$BIN/kdiff" -f tsv $counts "$D/old.ir" "$D/new.ir"
is_status 1 "different versions: exit status 1"
is "$(grep -c '^added' "$OUT")" 1 "one added"
is "$(grep '^added' "$OUT")" "$(printf 'added\tFRESH\tbool\tKconfig:14')" "added FRESH with its location"
is "$(grep '^removed' "$OUT")" "$(printf 'removed\tGONE\tbool\tKconfig:14')" "removed GONE"
is "$(grep '^renamed' "$OUT")" "$(printf 'renamed\tOLDNAME\tNEWNAME\tbool\tKconfig:17\tKconfig:30')" \
	"OLDNAME renamed NEWNAME"
is "$(grep '^changed' "$OUT" | cut -f 2,3 | tr '\t\n' ': ')" \
	"A:select,imply B:default C:type NUM:range " "changed options and aspects (USER unchanged)"
is "$(grep '^options	old' "$OUT")" "$(printf 'options\told\t9\t7\t1\t0\t1\t0\t0\t8\t1')" "old options by type"
is "$(grep '^options	new' "$OUT")" "$(printf 'options\tnew\t9\t8\t0\t0\t1\t0\t0\t8\t1')" "new options by type"
# 10^30 + 1 has 31 digits, log10 30.0000; 2 * 10^40 has 41, log10 40.3010 (log10 2 = 0.30103)
is "$(grep '^count	old' "$OUT" | cut -f 4,5)" "$(printf '31\t30.0000')" "old digits and log10"
is "$(grep '^count	new' "$OUT" | cut -f 4,5)" "$(printf '41\t40.3010')" "new digits and log10"
is "$(grep '^ratio' "$OUT")" "$(printf 'ratio\t10.3010')" "ratio new/old as a power of ten"
# N = 8 bool+tristate options: log10 2^8 = 2.4082; old b=7 t=1: log10(2^7 3) = 2.5843
is "$(grep '^constrained	old' "$OUT" | cut -f 3-9)" \
	"$(printf '8\t2.4082\t-27.5918\t7\t1\t2.5843\t-27.4157')" "old constrained, both measures"
ok 'awk -F "\t" '\''{ n[$1] = NF } END { exit !(n["input"] == 5 && n["options"] == 11 &&
	n["count"] == 7 && n["constrained"] == 9 && n["ratio"] == 2 && n["added"] == 4 &&
	n["removed"] == 4 && n["renamed"] == 6 && n["changed"] == 5) }'\'' "$OUT"' \
	"every TSV kind has its documented number of columns"

run "$BIN/kdiff" -f tsv --no-renames --no-count "$D/old.ir" "$D/new.ir"
is "$(grep '^added\|^removed' "$OUT" | cut -f 1,2 | tr '\t\n' ': ')" \
	"added:FRESH added:NEWNAME removed:GONE removed:OLDNAME " "--no-renames: removed and added instead"
is "$(grep -c '^changed	USER' "$OUT")" 1 "--no-renames: USER changed (its dependency names NEWNAME)"

# renames in rounds: TOP_OLD depends on LEAF_OLD, so it matches TOP_NEW once LEAF is known
# renamed; X1, X2 -> Y1, Y2 are bare invisible bools: too little to call them renames;
# options known only by their selector (SEL1, SEL2) must keep a word of their name:
# HAVE_FAST_GUP -> HAVE_GUP_FAST is a rename, ARCH_EPHEM -> ARCH_OTHER is not (ARCH is generic)
run "$BIN/kdiff" -f tsv --no-count "$D/rounds-old.ir" "$D/rounds-new.ir"
is "$(grep '^renamed' "$OUT" | cut -f 2,3 | tr '\t\n' '>;')" \
	"HAVE_FAST_GUP>HAVE_GUP_FAST;LEAF_OLD>LEAF_NEW;TOP_OLD>TOP_NEW;" "renames found in rounds"
is "$(grep '^added\|^removed' "$OUT" | cut -f 2 | tr '\n' ' ')" "ARCH_OTHER Y1 Y2 ARCH_EPHEM X1 X2 " \
	"bare definitions and unrelated names are not matched as renames"

run "$BIN/kdiff" --no-count "$D/old.ir" "$D/old.ir"
is_status 0 "same version: exit status 0"
run "$BIN/kdiff" --no-count "$D/old.ir" "$TMP/none.ir"
is_status 2 "missing input: exit status 2"
printf 'kir 1\nconfig A bool\n' > "$TMP/bad.ir"
run "$BIN/kdiff" --no-count "$D/old.ir" "$TMP/bad.ir"
is_status 2 "truncated IR: exit status 2"
sed 's/^\(config\|loc\|dep\|prompt\|select\) A /\1 Z /' "$D/old.ir" > "$TMP/unsorted.ir"
run "$BIN/kdiff" --no-count "$TMP/unsorted.ir" "$D/old.ir"
is_status 2 "IR with symbols out of order: exit status 2"
like "$ERR" "unsorted.ir:[0-9]+:1: error: symbol 'B' out of order" "the diagnostic names the place"
run "$BIN/kdiff" --format=xml "$D/old.ir" "$D/new.ir"
is_status 2 "unknown format: exit status 2"
run "$BIN/kdiff" --memory=abc "$D/old.ir" "$D/new.ir"
is_status 2 "a --memory that is not a number: exit status 2"

# leading zeros do not make another count
echo 7 > "$TMP/seven.count" && echo 007 > "$TMP/zeros.count"
run "$BIN/kdiff" -f tsv --count-old "$TMP/seven.count" --count-new "$TMP/zeros.count" "$D/old.ir" "$D/old.ir"
is_status 0 "7 and 007 are the same count: exit status 0"
is "$(grep '^count' "$OUT" | cut -f 3,4 | tr '\t\n' ' ;')" "7 1;7 1;" "007 is 7, of one digit"

# a count file next to the IR (NAME.count for NAME.ir) is used when no count is given
cp "$D/old.ir" "$TMP/x.ir" && cp "$D/old.count" "$TMP/x.count"
cp "$D/new.ir" "$TMP/y.ir" && cp "$D/new.count" "$TMP/y.ir.count"
run "$BIN/kdiff" -f tsv "$TMP/x.ir" "$TMP/y.ir"
is "$(grep '^ratio' "$OUT")" "$(printf 'ratio\t10.3010')" "count files found next to the IR files"

run "$BIN/kdiff" -f json $counts "$D/old.ir" "$D/new.ir"
is_status 1 "json: exit status 1"
like "$OUT" '"renamed": \[' "json has the renamed list"
like "$OUT" '"aspects": \["select", "imply"\]' "json lists changed aspects"
if command -v python3 >/dev/null 2>&1; then
	ok 'python3 -c "import json,sys; d=json.load(open(sys.argv[1])); \
assert [a[\"name\"] for a in d[\"added\"]] == [\"FRESH\"]; \
assert d[\"old\"][\"digits\"] == 31 and d[\"new\"][\"count\"].startswith(\"2\")" "$OUT"' "json parses, same facts"
else
	skip "python3 not installed"
fi
done_testing
