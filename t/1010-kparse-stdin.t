#!/bin/sh
# kparse - reads one Kconfig file from standard input, named <stdin>; its source statements
# are resolved relative to the working directory (kparse(1)).
. "$(dirname "$0")/lib.sh"
D=$T/data/1002
plan 9

mkdir -p "$TMP/w/sub"
printf 'config A\n\tbool "a"\nsource "sub/Kconfig.inc"\n' > "$TMP/w/Kconfig"
printf 'config B\n\tbool "b"\n\tdepends on A\n' > "$TMP/w/sub/Kconfig.inc"
cd "$TMP/w" || exit 2

run "$BIN/kparse" Kconfig
cp "$OUT" "$TMP/file.ir"
run_in Kconfig "$BIN/kparse" -
is_status 0 "a Kconfig file on standard input is parsed"
is "$(sed -n 2p "$OUT")" 'input "<stdin>"' "it is named <stdin>"
sed 's/^\(input\|loc A\) "<stdin>"/\1 "Kconfig"/' "$OUT" > "$TMP/stdin.ir"
same_file "$TMP/stdin.ir" "$TMP/file.ir" "the same model as from the file but for its name, source from the working directory"

cd sub || exit 2
run_in ../Kconfig "$BIN/kparse" -
is_status 1 "source is relative to the working directory, not to the file"
is "$(head -n 1 "$ERR")" "<stdin>:3:1: error: cannot open file 'sub/Kconfig.inc'" "the missing source is named at <stdin>"

run_in "$D/unknown-keyword" "$BIN/kparse" --kconfig-version 6.12 -
is_status 1 "an error on standard input: exit 1"
is "$(head -n 1 "$ERR")" "<stdin>:4:1: error: unknown statement 'frobnicate'" "diagnostics name <stdin>"

run "$BIN/kparse" --help
like "$OUT" "TREE\|KCONFIG_FILE\|-$" "--help shows '-'"
like "$OUT" "standard input" "--help says what '-' is"
done_testing
