#!/bin/sh
# kdiff 6.1 -> 6.12 (x86_64, --no-count): the options added and removed equal those of the
# kernel's own front end (t/oracle: koracle symbols on each tree, names compared with comm),
# a renamed option counting as removed under its old name and added under its new one; the
# type and first location kdiff gives each added option are the kernel's.
. "$(dirname "$0")/lib.sh"
old=$(kernel_tree 6.1)
new=$(kernel_tree 6.12)
[ -n "$old" ] && [ -n "$new" ] || skip_all "no 6.1 and 6.12 kernel trees (share/get-kernel)"
[ -x "$BIN/kparse" ] || skip_all "kparse not built yet"
oracle_symbols() { # oracle_symbols TREE OUT
	dir=$("$T/oracle/build-oracle" "$1" 2>"$TMP/build.err") || return 1
	"$T/oracle/kernel-env" x86_64 "$1" "$dir/koracle" symbols "$1/Kconfig" > "$2"
}
oracle_symbols "$old" "$TMP/old.sym" && oracle_symbols "$new" "$TMP/new.sym" ||
	skip_all "cannot build or run the kernel oracle: $(head -n 1 "$TMP/build.err")"
plan 7

cut -f 1 "$TMP/old.sym" > "$TMP/old.names"
cut -f 1 "$TMP/new.sym" > "$TMP/new.names"
LC_ALL=C comm -13 "$TMP/old.names" "$TMP/new.names" > "$TMP/added.want"
LC_ALL=C comm -23 "$TMP/old.names" "$TMP/new.names" > "$TMP/removed.want"

run "$BIN/kdiff" --no-count -f tsv -a x86_64 "$old" "$new"
is_status 1 "6.1 -> 6.12: exit status 1"
{ awk -F '\t' '$1 == "added" { print $2 } $1 == "renamed" { print $3 }' "$OUT"; } |
	LC_ALL=C sort > "$TMP/added.got"
{ awk -F '\t' '$1 == "removed" { print $2 } $1 == "renamed" { print $2 }' "$OUT"; } |
	LC_ALL=C sort > "$TMP/removed.got"
same_file "$TMP/added.got" "$TMP/added.want" "added (and renamed to) = the kernel's ($(wc -l < "$TMP/added.want"))"
same_file "$TMP/removed.got" "$TMP/removed.want" "removed (and renamed from) = the kernel's ($(wc -l < "$TMP/removed.want"))"

# NAME TYPE FIRST-LOC of the options only in 6.12, from kdiff and from the kernel
awk -F '\t' '$1 == "added" { print $2 "\t" $3 "\t" $4 }' "$OUT" > "$TMP/loc.got"
awk -F '\t' 'NR == FNR { want[$1] = 1; next } $1 in want { split($5, l, " "); print $1 "\t" $2 "\t" l[1] }' \
	"$TMP/added.want" "$TMP/new.sym" > "$TMP/loc.all"
awk -F '\t' 'NR == FNR { got[$1] = 1; next } $1 in got' "$TMP/loc.got" "$TMP/loc.all" > "$TMP/loc.want"
same_file "$TMP/loc.got" "$TMP/loc.want" "added options: type and first location as the kernel has them"
# options by type and visibility, as the kernel's symbol list has them
types() { # types ROLE SYMBOLS: the options row kdiff should write
	awk -F '\t' -v r="$1" '{ n[$2]++; if ($3 == "y") vis++ } END { printf "options\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\n",
		r, NR, n["bool"], n["tristate"], n["string"], n["int"], n["hex"], n["unknown"], vis, NR - vis }' "$2"
}
is "$(grep '^options	old' "$OUT")" "$(types old "$TMP/old.sym")" "6.1 options by type, as the kernel's"
is "$(grep '^options	new' "$OUT")" "$(types new "$TMP/new.sym")" "6.12 options by type, as the kernel's"
like "$OUT" '^count	new	-	-	-	not counted \(--no-count\)	-$' "--no-count: no count"
done_testing
