#!/bin/sh
# kparse on BusyBox 1.35, toybox 0.8.9, uClibc-ng 1.0.35, U-Boot 2023.01 and coreboot 4.15 as
# shipped (share/get-project, kparse(1) PROJECTS): the project is told from its tree, the IR
# names the Linux release its kconfig copy follows, never the project's own version, and the
# names and types of kparse --symbols with the named choices equal what the project's own
# parser listed (data/1012/README). A project get-project cannot obtain is skipped.
. "$(dirname "$0")/lib.sh"

plan 15
for pr in busybox:2.6.20 toybox:2.6.20 uclibc-ng:3.10 u-boot:4.19 coreboot:6.1; do
	p=${pr%%:*} k=${pr#*:}
	if ! tree=$(timeout 900 "$TOP/share/get-project" "$p" 2>/dev/null); then
		for i in 1 2 3; do skip "$p: share/get-project cannot obtain it"; done
		continue
	fi
	run "$BIN/kparse" "$tree"
	is_status 0 "$p: kparse reads the tree as shipped"
	like "$OUT" "^kconfig $k\$" "$p: kconfig record $k"
	awk '$1 == "choice" && $2 !~ /^choice\.[0-9]+$/ { print $2 "\t" $3 }' "$OUT" > "$TMP/choices"
	run "$BIN/kparse" --symbols "$tree"
	cut -f1,2 "$OUT" | cat - "$TMP/choices" | awk -F'\t' '$2 != "unknown"' |
		LC_ALL=C sort > "$TMP/got.tsv"
	same_file "$TMP/got.tsv" "$TOP/t/data/1012/$p.symbols.tsv" "$p: the symbols and types of its own parser"
done
