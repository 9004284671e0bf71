#!/bin/sh
# The toy Kconfig files of the kernel oracle (t/kconfig-parse/toys, counts in expected.tsv from
# brute force with the kernel's conf): each parses with the Kconfig version it was counted
# with (and is rejected where the kernel rejects it); the symbols, types, prompts and choice
# members equal the kernel's finalized model (model-6.12.txt, printed by the kernel's own
# front end); and kparse | kcnf | kcount (when built) gives the kernel's count.
. "$(dirname "$0")/lib.sh"
D=$T/kconfig-parse/toys
n=$(grep -c . "$D/expected.tsv")
plan $((n + 3))

# the kernel's model as "NAME TYPE PROMPT MEMBER" lines
model_symbols() {
	awk '/^config /{ if (name) print name, type, p, m; name=$2; type=$3; p="n";
			 m=($4 == "choice-member") ? "member" : "-"; next }
	     /^choice /{ if (name) print name, type, p, m; name="" ; next }
	     /^  prompt /{ p="y" }
	     END{ if (name) print name, type, p, m }' "$1" | sort
}

for toy in toy1 toy2 toy3-choice; do
	run "$BIN/kparse" --symbols --shell --kconfig-version 6.12 "$D/$toy/Kconfig"
	awk -F'\t' '{ print $1, $2, $3, ($4 == "-") ? "-" : "member" }' "$OUT" | sort > "$TMP/ours"
	model_symbols "$D/$toy/model-6.12.txt" > "$TMP/kernel"
	same_file "$TMP/ours" "$TMP/kernel" "$toy: symbols, types, prompts, members = kernel model"
done

while read -r toy version want; do
	run "$BIN/kparse" --shell --kconfig-version "$version" -o "$TMP/ir" "$D/$toy/Kconfig"
	if [ "$want" = error ]; then
		is_status 1 "$toy $version: rejected, as by the kernel"
		continue
	fi
	if [ "$STATUS" != 0 ]; then
		is_status 0 "$toy $version: parses"
	elif [ -x "$BIN/kcnf" ] && [ -x "$BIN/kcount" ] &&
	     "$BIN/kcnf" -o "$TMP/cnf" "$TMP/ir" 2>/dev/null; then
		is "$("$BIN/kcount" -q "$TMP/cnf" 2>/dev/null)" "$want" "$toy $version: count $want"
	else
		pass "$toy $version: parses (kcnf/kcount not built, count not checked)"
	fi
done < "$D/expected.tsv"
