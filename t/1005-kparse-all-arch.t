#!/bin/sh
# Every architecture directory (arch/*) of Linux 6.1, 6.12 and the newest release parses with
# kparse -a ARCH without any diagnostic, and its IR ends with the end marker.
. "$(dirname "$0")/lib.sh"

kernel_trees
plan $(echo $trees | wc -w)

for t in $trees; do
	bad=""
	n=0
	for d in "$t"/arch/*/; do
		a=$(basename "$d")
		[ -f "$d/Kconfig" ] || continue
		n=$((n + 1))
		run "$BIN/kparse" -a "$a" "$t"
		if [ "$STATUS" != 0 ] || [ -s "$ERR" ] || [ "$(tail -n 1 "$OUT")" != end ]; then
			bad="$bad $a"
			diag "$a: exit $STATUS" "$(head -n 3 "$ERR")"
		fi
	done
	is "$bad" "" "$(basename "$t"): all $n architectures parse cleanly"
done
