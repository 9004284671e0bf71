#!/bin/sh
# kcount on the published feature models of ../shared/bench/featuremodels: every count
# equals the one of the public counters ganak and sharpSAT-TD (COUNTS.tsv there).
. "$(dirname "$0")/lib.sh"
FM=${KC_FEATUREMODELS:-$TOP/../shared/bench/featuremodels}
[ -r "$FM/COUNTS.tsv" ] || skip_all "no feature models in $FM"
plan $(($(tail -n +2 "$FM/COUNTS.tsv" | wc -l) * 2))
tail -n +2 "$FM/COUNTS.tsv" | while IFS='	' read -r file source vars clauses ganak sharpsattd secs; do
	run "$BIN/kcount" -q --timeout 60 "$FM/$file"
	is_status 0 "$file: counted"
	is "$(cat "$OUT")" "$ganak" "$file: count of ganak and sharpSAT-TD"
done
