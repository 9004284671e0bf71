#!/bin/sh
# Completeness on the real kernel (Linux 6.12, x86_64): models drawn by kcount --sample from
# the CNF of `kparse --shell -a x86_64 TREE | kcnf`, written as complete .config files through
# the c map lines, are all accepted by the kernel's own conf_read (koracle check). The number
# is KCOUNT_COMPLETENESS_N (default 20); bench/completeness runs hundreds.
. "$(dirname "$0")/lib.sh"
. "$T/oracle/oracle.sh"
n=${KCOUNT_COMPLETENESS_N:-20}
arch=x86_64
check=$TOP/build/t/cnf-check
[ -x "$BIN/kparse" ] || skip_all "kparse not built yet"
[ -x "$BIN/kcnf" ] || skip_all "kcnf not built yet"
[ -x "$BIN/kcount" ] || skip_all "kcount not built yet"
[ -x "$check" ] || skip_all "build/t/cnf-check not built (make test-helpers)"
oracle_for 6.12 || skip_all "no 6.12 tree or no oracle build (share/get-kernel, flex, bison)"
plan 5

run "$BIN/kparse" --shell -a "$arch" "$ORACLE_TREE"
is_status 0 "kparse --shell -a $arch"
cp "$OUT" "$TMP/ir"
run "$BIN/kcnf" "$TMP/ir"
is_status 0 "kcnf"
cp "$OUT" "$TMP/cnf"
run "$BIN/kcount" --timeout 300 --sample "$n" --seed 2301 "$TMP/cnf"
is_status 0 "kcount --sample $n"
cp "$OUT" "$TMP/samples"
mkdir "$TMP/models"
run "$check" --configs "$TMP/cnf" "$TMP/samples" "$TMP/models"
is "$STATUS:$(wc -l < "$OUT" | tr -d ' ')" "0:$n" "$n models written as .config files"
set -- "$TMP"/models/*.config
run "$T/oracle/kernel-env" "$arch" "$ORACLE_TREE" "$ORACLE_DIR/koracle" check \
	"$ORACLE_TREE/Kconfig" "$@"
is "$(grep -c '^VALID' "$OUT")" "$n" "$arch: the $n sampled models are valid for the kernel"
grep '^INVALID' "$OUT" | head -n 3 | cut -c 1-400 | while read -r l; do diag "$l"; done
done_testing
