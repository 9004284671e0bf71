#!/bin/sh
# kcnf against an independent oracle on random small models: build/t/ir-brute generates a model,
# and counts its valid configurations by enumerating every assignment and recomputing each
# symbol the way the kernel's sym_calc_value does (no CNF involved); kcnf | kcount must agree.
. "$(dirname "$0")/lib.sh"
BRUTE=$TOP/build/t/ir-brute
[ -x "$BRUTE" ] || skip_all "no $BRUTE (make test-helpers)"
[ -x "$BIN/kcount" ] || skip_all "no bin/kcount"

# seeds FROM TO, symbols, semantics
batches='1 150 8 6.12
1 100 10 6.12
1 150 8 6.1
1 60 11 6.1'
plan 4

printf '%s\n' "$batches" > "$TMP/batches"
while read -r from to nsyms version; do
	bad= n=0
	for seed in $(seq "$from" "$to"); do
		"$BRUTE" --gen "$seed" "$nsyms" "$version" > "$TMP/m.kir"
		# a model whose string values depend on themselves is rejected (the kernel does too)
		expected=$("$BRUTE" "$TMP/m.kir" 2>/dev/null) || continue
		run "$BIN/kcnf" -o "$TMP/m.cnf" "$TMP/m.kir"
		if [ "$STATUS" = 0 ]; then run "$BIN/kcount" -q "$TMP/m.cnf"; fi
		n=$((n + 1))
		if [ "$STATUS" != 0 ] || [ "$(cat "$OUT")" != "$expected" ]; then
			bad="$bad $seed"
			cp "$TMP/m.kir" "$TMP/failed-$seed.kir"
		fi
	done
	is "${bad:-none}" none "$n random $version models of $nsyms symbols: same counts as the brute force"
done < "$TMP/batches"
done_testing
