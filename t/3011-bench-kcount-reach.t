#!/bin/sh
# bench/kcount-reach compares the counts of every two counters that finish (issue 24). Its
# peer here prints the brute-force count (t/helpers/dimacs-brute) of random projected CNFs:
# each row agrees with kcount and the script exits 0; with the peer's count one off, each
# row says NO and the script exits 1. The peers it does not find are "-".
. "$(dirname "$0")/lib.sh"
need_brute
plan 6
mkdir "$TMP/models"
for seed in 1 2 4; do "$BRUTE" --gen $seed 14 14 9 > "$TMP/models/random-$seed.dimacs"; done
cat > "$TMP/brute-peer" <<EOF
#!/bin/sh
# a peer counter: the brute-force count of its last argument, plus \$OFF
for f; do :; done
echo "c s exact arb int \$((\$("$BRUTE" "\$f") + \${OFF:-0}))"
EOF
chmod +x "$TMP/brute-peer"
none=$TMP/no-such-counter

run env GANAK="$none" SHARPSAT_TD="$none" D4="$none" GPMC="$TMP/brute-peer" \
	"$TOP/bench/kcount-reach" -t 60 -s dimacs -f "$TMP/models"
is_status 0 "kcount and a brute-force peer: exit 0"
is "$(grep -c '^| random-[124] |.*| yes, 2 |$' "$OUT")" 3 "each of the three rows agrees"
is "$(grep -c '^| random-[124] |.*| - | - | - | - | - | - |' "$OUT")" 3 "the counters not found are shown as -"
is "$(awk -F'|' '/^\| model/ { n = NF; print $6 } /^\| random-/ && NF == n { rows++ } END { print rows }' "$OUT" | tr '\n' ,)" \
	" order cost ,3," "each row has the header's cells, order cost among them"

run env OFF=1 GANAK="$none" SHARPSAT_TD="$none" D4="$none" GPMC="$TMP/brute-peer" \
	"$TOP/bench/kcount-reach" -t 60 -s dimacs -f "$TMP/models"
is_status 1 "a peer one off: exit 1"
is "$(grep -c '^| random-[124] |.*| NO |$' "$OUT")" 3 "each of the three rows disagrees"
