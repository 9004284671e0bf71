#!/bin/sh
# Without -a, kparse takes a kernel tree's architecture as the top Makefile does: $ARCH, and
# x86_64 where the environment has none; a Kconfig file outside a kernel tree gets none.
. "$(dirname "$0")/lib.sh"
plan 8

tree=$TMP/linux
mkdir -p "$tree/arch/x86" "$tree/arch/arm64"
printf 'VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 0\n' > "$tree/Makefile"
printf 'source "arch/$(SRCARCH)/Kconfig"\n' > "$tree/Kconfig"
printf 'config X86_ONLY\n\tbool "x86"\n' > "$tree/arch/x86/Kconfig"
printf 'config ARM64_ONLY\n\tbool "arm64"\n' > "$tree/arch/arm64/Kconfig"

run env -u ARCH "$BIN/kparse" "$tree"
is_status 0 "a kernel tree without -a or ARCH parses"
like "$OUT" '^arch x86_64$' "its architecture is x86_64"
like "$OUT" '^config X86_ONLY ' "arch/x86/Kconfig is read"

ARCH=arm64 run "$BIN/kparse" "$tree"
like "$OUT" '^config ARM64_ONLY ' "ARCH=arm64 in the environment reads arch/arm64/Kconfig"

ARCH=x86_64 run "$BIN/kparse" -a arm64 "$tree"
like "$OUT" '^arch arm64$' "-a wins over ARCH"

ARCH=mips run "$BIN/kparse" "$tree"
is_status 2 "an ARCH the tree lacks: exit 2"
like "$ERR" "ARCH=mips is not in '.*/arch'" "and says which"

run env -u ARCH "$BIN/kparse" "$tree/arch/x86/Kconfig"
like "$OUT" '^arch -$' "a lone Kconfig file has no architecture"
done_testing
