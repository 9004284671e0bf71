#!/bin/sh
# kdiff runs kparse, kcnf and kcount found next to its own binary, with -a, --memory and
# --timeout passed through. Stand-in programs make each case certain: a counter that sleeps
# must be stopped and reported as "not counted within 1 s", not waited for.
. "$(dirname "$0")/lib.sh"
D=$T/data/4001
plan 12

mkdir -p "$TMP/bin" "$TMP/old/arch" "$TMP/new/arch"   # arch/: kernel trees, so kparse gets -a
cp "$BIN/kdiff" "$TMP/bin/"
cp "$D/old.ir" "$TMP/old/tree.ir"
cp "$D/new.ir" "$TMP/new/tree.ir"
cat > "$TMP/bin/kparse" <<'SH'
#!/bin/sh
# kparse -a ARCH TREE: the tree's IR with its arch set
[ "$1" = -a ] || exit 2
sed "s/^arch -/arch $2/" "$3/tree.ir"
SH
cat > "$TMP/bin/kcnf" <<'SH'
#!/bin/sh
echo "c stand-in cnf of $1"
SH
cat > "$TMP/bin/kcount" <<'SH'
#!/bin/sh
echo "$*" >> "$FAKE_ARGS"
[ -n "${FAKE_SLEEP:-}" ] && sleep "$FAKE_SLEEP"
echo "s SATISFIABLE"
echo "c s exact arb int 1234"
SH
chmod +x "$TMP/bin/kparse" "$TMP/bin/kcnf" "$TMP/bin/kcount"
export FAKE_ARGS="$TMP/args"

run "$TMP/bin/kdiff" -a arm64 -f tsv --memory 100 --keep "$TMP/keep" "$TMP/old" "$TMP/new"
is_status 1 "trees through the stand-in pipeline: exit status 1"
is "$(grep '^input' "$OUT" | cut -f 2,4 | tr '\t\n' ': ')" "old:arm64 new:arm64 " "-a ARCH reaches kparse"
is "$(grep '^count' "$OUT" | cut -f 2,3,4 | tr '\t\n' ':;')" "old:1234:4;new:1234:4;" "counts read from kcount's output"
is "$(grep -c -- '--mem=100' "$TMP/args")" 2 "--memory passed to kcount as --mem"
ok '[ -s "$TMP/keep/old.ir" ] && [ -s "$TMP/keep/new.cnf" ] && [ -s "$TMP/keep/new.count" ]' \
	"--keep keeps IR, CNF and count files"
like "$TMP/keep/old.count" '^c s exact arb int 1234$' "kept count file holds the count"
like "$TMP/keep/old.count" '^c kdiff seconds [0-9.]+$' "kept count file holds the time"

start=$(date +%s)
FAKE_SLEEP=30 run "$TMP/bin/kdiff" -f tsv --timeout 1 "$TMP/old/tree.ir" "$TMP/new/tree.ir"
end=$(date +%s)
is_status 1 "a count past its time limit is missing, not trouble"
ok '[ $((end - start)) -lt 10 ]' "the sleeping counter was stopped"
is "$(grep '^count	old' "$OUT" | cut -f 3,6)" "$(printf -- '-\tkcount: not counted within 1 s')" \
	"count row says not counted within 1 s"
like "$ERR" 'not counted within 1 s' "warning on stderr"

printf '#!/bin/sh\nexit 3\n' > "$TMP/bin/kparse"
run "$TMP/bin/kdiff" "$TMP/old" "$TMP/new"
is_status 2 "a failing kparse: exit status 2"
done_testing
