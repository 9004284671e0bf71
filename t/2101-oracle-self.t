#!/bin/sh
# The kernel oracle itself (t/oracle/koracle brute): it reproduces counts worked out by hand
# (t/kconfig/hand-counts.tsv) and, where the team's shared toys are present
# ($KCOUNT_ORACLE_TOYS, default ../shared/tools/kconf-oracle/toys), their expected.tsv,
# each with the scripts/kconfig of the matching tree; files a release rejects must be refused.
. "$(dirname "$0")/lib.sh"
. "$T/oracle/oracle.sh"
toys=${KCOUNT_ORACLE_TOYS:-$TOP/../shared/tools/kconf-oracle/toys}

# cases: "SERIES FILE EXPECTED" (EXPECTED a count or "error")
: > "$TMP/cases"
grep -v '^#' "$T/kconfig/hand-counts.tsv" | while IFS='	' read -r f series n; do
	echo "$series $T/kconfig/$f $n"
done >> "$TMP/cases"
if [ -f "$toys/expected.tsv" ]; then
	grep -v '^#' "$toys/expected.tsv" | while IFS='	' read -r toy impl n; do
		case $impl in 6.1|6.12) s=$impl ;; 7.3) s=newest ;; *) continue ;; esac
		echo "$s $toys/$toy/Kconfig $n"
	done >> "$TMP/cases"
fi

: > "$TMP/runnable"
for series in 6.1 6.12 newest; do
	oracle_for "$series" || continue
	awk -v s="$series" -v d="$ORACLE_DIR" -v x="$ORACLE_XY" '$1 == s { print d, x, $2, $3 }' "$TMP/cases" >> "$TMP/runnable"
done
[ -s "$TMP/runnable" ] || skip_all "no kernel tree or no oracle build (share/get-kernel, flex, bison)"
plan "$(wc -l < "$TMP/runnable")"

while read -r dir xy f want <&3; do
	name="$(basename "$(dirname "$f")")/$(basename "$f") ($xy)"
	run "$T/oracle/kernel-env" - "$f" "$dir/koracle" brute "$f"
	if [ "$want" = error ]; then
		ok '[ "$STATUS" != 0 ]' "$name: rejected"
	else
		is "$STATUS:$(cat "$OUT")" "0:$want" "$name: $want valid configurations"
	fi
done 3< "$TMP/runnable"
done_testing
