#!/bin/sh
# A top Makefile's version that is no Linux release (U-Boot's 2023.01, BusyBox's 1.35) is not
# read as one: kparse warns and keeps 7.2's rules; --kconfig-version refuses such a value, and
# 'list' names the rule sets and the projects (kparse(1) PROJECTS).
. "$(dirname "$0")/lib.sh"

plan 7
mkdir "$TMP/tree"
printf 'VERSION = 2023\nPATCHLEVEL = 01\nSUBLEVEL =\n' > "$TMP/tree/Makefile"
printf 'config A\n\tbool "a"\n' > "$TMP/tree/Kconfig"
run "$BIN/kparse" "$TMP/tree"
is_status 0 "a tree with version 2023.01 is read"
like "$OUT" "^kconfig 7.2\$" "with 7.2's rules, not as Linux 2023.1"
like "$ERR" "version 2023.01, which is no Linux release" "and says why"
run "$BIN/kparse" --kconfig-version 2023.01 "$TMP/tree"
is_status 2 "--kconfig-version 2023.01 is refused"
run "$BIN/kparse" --kconfig-version 1.35 "$TMP/tree"
is_status 2 "--kconfig-version 1.35 is refused"
run "$BIN/kparse" --kconfig-version list
like "$OUT" "^u-boot .*rules of Linux 4.19" "list: U-Boot's rules"
run "$BIN/kparse" --project busybox "$TMP/tree"
is_status 2 "--project busybox on a tree without Config.in"
