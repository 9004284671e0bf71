#!/bin/sh
# Soundness on the real kernel (Linux 6.12): configurations made by the kernel's own randconfig
# code (koracle randconfig, cycling through 10 KCONFIG_PROBABILITY profiles) for x86_64, arm64
# and riscv all satisfy the CNF of `kparse --shell -a ARCH TREE | kcnf`, checked through its
# c map lines by t/helpers/cnf-check. KCOUNT_SOUNDNESS_N sets the number per architecture
# (default 100); bench/soundness runs thousands.
. "$(dirname "$0")/lib.sh"
. "$T/oracle/oracle.sh"
n=${KCOUNT_SOUNDNESS_N:-100}
archs="x86_64 arm64 riscv"
check=$TOP/build/t/cnf-check
[ -x "$BIN/kparse" ] || skip_all "kparse not built yet"
[ -x "$BIN/kcnf" ] || skip_all "kcnf not built yet"
[ -x "$check" ] || skip_all "build/t/cnf-check not built (make test-helpers)"
oracle_for 6.12 || skip_all "no 6.12 tree or no oracle build (share/get-kernel, flex, bison)"
plan $((4 * $(echo $archs | wc -w)))

# model ARCH: $TMP/ARCH.cnf from kparse | kcnf (two results)
model() {
	run "$BIN/kparse" --shell -a "$1" "$ORACLE_TREE"
	is_status 0 "$1: kparse --shell -a $1"
	[ "$STATUS" = 0 ] || return 1
	cp "$OUT" "$TMP/$1.ir"
	run "$BIN/kcnf" "$TMP/$1.ir"
	is_status 0 "$1: kcnf"
	[ "$STATUS" = 0 ] && cp "$OUT" "$TMP/$1.cnf"
}

# unsat_report: the first UNSAT files, with the symbols the CNF disagrees with
unsat_report() {
	grep '^UNSAT' "$OUT" | head -n 3 | while read -r _ f; do
		"$check" --explain "$1" "$f" 2>/dev/null | cut -c 1-400
	done
}

seed=2200
for arch in $archs; do
	if ! model "$arch"; then
		[ -f "$TMP/$arch.ir" ] || skip "$arch: kcnf (no IR)"
		skip "$arch: randconfig vs CNF (no CNF)"
		skip "$arch: symbols of the configurations (no CNF)"
		continue
	fi
	mkdir "$TMP/$arch"
	"$T/oracle/kernel-env" "$arch" "$ORACLE_TREE" "$ORACLE_DIR/koracle" randconfig \
		"$ORACLE_TREE/Kconfig" "$n" "$seed" "$TMP/$arch" > /dev/null 2> "$TMP/rand.err" ||
		diag "koracle randconfig failed: $(head -n 1 "$TMP/rand.err")"
	seed=$((seed + n))
	run "$check" "$TMP/$arch.cnf" "$TMP/$arch"/rand-*.config
	sat=$(grep -c '^SAT ' "$OUT")
	is "$sat" "$n" "$arch: $n randconfig configurations satisfy the CNF"
	[ "$sat" = "$n" ] || unsat_report "$TMP/$arch.cnf" | while read -r l; do diag "$l"; done
	is "$(head -n 3 "$ERR")" "" "$arch: every symbol the configurations set has a CNF variable"
done
done_testing
