#!/bin/sh
# kcnf counts on small hand-written models whose number of valid configurations is known
# independently: the kernel oracle's toys (brute force with the kernel's own conf, SEMANTICS 12)
# and the kir(5) example (counted by hand, see the comment in the test).
. "$(dirname "$0")/lib.sh"
D=$T/data/2003
[ -x "$BIN/kcount" ] || skip_all "no bin/kcount"

# The kir(5) example: A=n: B=n, D=n, Y1=y (x2 for MODULES). A=y: B free (3 with MODULES, 2
# without), D=B promoted, Y1 or Y2: 3*2 + 2*2 = 10. Total 12.
sed -n '/^\.SH EXAMPLE/,/^\.fi/p' "$TOP/share/kir.5" | sed '1,2d;$d' | sed 's/\\-/-/g' > "$TMP/example.kir"

cases='toy1 53
toy3-choice 28
toy61-choice 24
toy7-depends-if-not 18
toy7-transitional 44
dirdep-quirk 13
strings-6.12 121
strings-6.1 72
choice61 120'
plan 19

count() { # count KIR: kcnf then kcount -q, result in $got
	got=
	run "$BIN/kcnf" -o "$TMP/f.cnf" "$1"
	[ "$STATUS" = 0 ] || return
	run "$BIN/kcount" -q "$TMP/f.cnf"
	got=$(cat "$OUT")
}

count "$TMP/example.kir"
is "$got" 12 "kir(5) example: 12"
printf '%s\n' "$cases" > "$TMP/cases"
while read -r toy expected; do
	count "$D/$toy.kir"
	is_status 0 "$toy: encoded and counted"
	is "$got" "$expected" "$toy: $expected (kernel brute force)"
done < "$TMP/cases"
done_testing
