#!/bin/sh
# kdiff --history on three tiny versions: A, B on A (3 configurations: nn yn yy); then C
# (3 * 2 = 6); then D on C (3 * 3 = 9). From IR files with count files (the third one's
# says it was not counted; then that it has a lower bound), and, once the pipeline is built,
# from the trees themselves.
. "$(dirname "$0")/lib.sh"
D=$T/data/4004
plan 21

well_formed() { # well_formed SVG: parses as XML (xmllint or python3), else has both ends
	if command -v xmllint >/dev/null 2>&1; then xmllint --noout "$1"
	elif command -v python3 >/dev/null 2>&1; then python3 -c 'import sys, xml.dom.minidom as m; m.parse(sys.argv[1])' "$1"
	else head -n 2 "$1" | grep -q '<svg' && tail -n 1 "$1" | grep -q '^</svg>$'; fi
}

run "$BIN/kdiff" --history -f tsv --svg "$TMP/h.svg" "$D/v1.ir" "$D/v2.ir" "$D/v3.ir"
is_status 0 "history of IR files: exit status 0"
is "$(head -n 1 "$OUT" | cut -f 1,6,7,9,10)" "$(printf 'release\tn\tlog10_2n\tlog10_count\tconstrained')" "header row"
is "$(wc -l < "$OUT")" 4 "header and one row per version"
# log10 2^2 = 0.6021, log10 3 = 0.4771; log10 2^3 = 0.9031, log10 6 = 0.7782
is "$(sed -n 2p "$OUT" | cut -f 1,6,7,8,9,10,13,14)" "$(printf '1.0\t2\t0.6021\t1\t0.4771\t0.1249\t0.5\t3')" "v1 row"
is "$(sed -n 3p "$OUT" | cut -f 1,6,7,9,10,14)" "$(printf '2.0\t3\t0.9031\t0.7782\t0.1249\t6')" "v2 row"
is "$(sed -n 4p "$OUT" | cut -f 1,6,7,9,14,15)" "$(printf '3.0\t4\t1.2041\t-\t-\tkcount: not counted within 5 s')" \
	"v3 row: count missing, with the reason"
ok 'well_formed "$TMP/h.svg"' "SVG is well-formed"
is "$(grep -c '<polyline' "$TMP/h.svg")" 3 "three series drawn"
like "$TMP/h.svg" 'count missing' "missing count marked in the chart"

cp "$D/v3.ir" "$TMP/v3.ir"
printf '%s\n' 'c kdiff not-counted kcount: not counted within 5 s; at least 10^0 (kcount --lower-bound, 2 variables fixed)' \
	'c o lower bound: the count of the models with the 2 literals below' 'c s log10-lower-bound 0.5' > "$TMP/v3.count"
run "$BIN/kdiff" --history -f tsv --svg "$TMP/b.svg" "$D/v1.ir" "$D/v2.ir" "$TMP/v3.ir"
is "$(sed -n 4p "$OUT" | cut -f 9,16)" "$(printf -- '-\t0.5000')" "v3 row with a bound: log10_lower_bound"
ok 'grep -q "<polygon" "$TMP/b.svg" && grep -q ">count missing, at least<" "$TMP/b.svg"' \
	"the chart marks the bound"
ok '! grep -q ">count missing<" "$TMP/b.svg"' "and no release as missing without one"
is "$(grep -c "<polygon" "$TMP/b.svg")" 4 "one release bounded: count and difference marked, and both in the legend"
like "$TMP/b.svg" ">difference, at most<" "the difference's bound is in the legend"

run "$BIN/kdiff" --history "$D/v1.ir" "$D/v2.ir"
is_status 0 "text history: exit status 0"
like "$OUT" '^2\.0 +x86_64 +3 +3 +0\.90 +1 +0\.78 +0\.12' "text row of v2"

run "$BIN/kdiff" --history -f json "$D/v1.ir"
is_status 2 "history has no json: exit status 2"

for p in kparse kcnf kcount; do
	[ -x "$BIN/$p" ] || { skip "$p not built yet"; skip "$p not built yet"; skip "-"; skip "-"; done_testing; exit; }
done
run "$BIN/kdiff" --history -f tsv --timeout 60 --svg "$TMP/t.svg" "$D/v1" "$D/v2" "$D/v3"
is_status 0 "history of three trees: exit status 0"
is "$(cut -f 1,6,14 "$OUT" | sed 1d | tr '\t\n' ' ;')" "v1 2 3;v2 3 6;v3 4 9;" "counts 3, 6, 9 (by hand)"
ok 'well_formed "$TMP/t.svg"' "SVG of the trees is well-formed"
ok '! grep -q "count missing" "$TMP/t.svg"' "no count missing"
done_testing
