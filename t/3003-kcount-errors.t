#!/bin/sh
# kcount rejects malformed DIMACS with "file:line: error: ..." and exit 1 (one data file per
# error form in t/data/3003, expected diagnostic beside it), and usage errors with exit 2.
. "$(dirname "$0")/lib.sh"
cd "$T/data/3003" || exit 1
set -- *.cnf
plan $(($# * 3 + 11))
for f in "$@"; do
	run "$BIN/kcount" "$f"
	is_status 1 "$f: rejected with exit 1"
	is "$(cat "$OUT")" "" "$f: nothing on stdout"
	is "$(cat "$ERR")" "$(cat "${f%.cnf}.err")" "$f: diagnostic"
done
run "$BIN/kcount" --no-such-option x.cnf;    is_status 2 "unknown option: exit 2"
run "$BIN/kcount" a.cnf b.cnf;               is_status 2 "two files: exit 2"
run "$BIN/kcount" --mem lots a.cnf;          is_status 2 "non-numeric --mem: exit 2"
run "$BIN/kcount" --timeout -3 a.cnf;        is_status 2 "negative --timeout: exit 2"
run "$BIN/kcount" --timeout 4294967297 a.cnf; is_status 2 "--timeout past what alarm() takes: exit 2"
run "$BIN/kcount" --sample;                  is_status 2 "--sample without N: exit 2"
run "$BIN/kcount" "$TMP/no-such-file.cnf";   is_status 2 "missing file: exit 2"
like "$ERR" "^kcount: cannot open '.*no-such-file.cnf'" "missing file: says which"
echo 'p cnf 100000000 0' > "$TMP/wide.cnf"
run "$BIN/kcount" --mem 64 "$TMP/wide.cnf";  is_status 2 "a cap too small for the variables: exit 2 before preprocessing"
like "$ERR" "^kcount: memory cap of 64 MiB too small for 100000000 variables" "too small a cap: says so"
run "$BIN/kcount" --mem 0 "$T/data/3003/../3003/no-header.cnf"; is_status 1 "--mem 0 means the default"
