#!/bin/sh
# kdiff stopped by SIGTERM or SIGHUP while a count runs: the counter is stopped, the temporary
# directory (TMPDIR/kdiff.XXXXXX) is removed, and kdiff dies of the signal (status 128 + N).
# A stand-in kcount that sleeps makes the timing certain; the real kcount on a whole kernel,
# which never finishes, is stopped the same way when a tree can be obtained.
. "$(dirname "$0")/lib.sh"
D=$T/data/4001
plan 12

mkdir -p "$TMP/bin" "$TMP/in"
cp "$BIN/kdiff" "$TMP/bin/"
cp "$D/old.ir" "$D/new.ir" "$TMP/in/"   # without their count files: kdiff counts
cat > "$TMP/bin/kcnf" <<'SH'
#!/bin/sh
echo "c stand-in cnf of $1"
SH
cat > "$TMP/bin/kcount" <<'SH'
#!/bin/sh
echo $$ > "$FAKE_STARTED"
exec sleep 60
SH
chmod +x "$TMP/bin/kcnf" "$TMP/bin/kcount"

# stop_kdiff SIGNAL KDIFF ARGS...: starts kdiff with TMPDIR=$TMP/tmp, sends SIGNAL once the
# counter ($FAKE_STARTED, else a kcount child) runs; $STATUS, $counter (its pid) afterwards
stop_kdiff() {
	sig=$1; shift
	rm -rf "$TMP/tmp" "$TMP/started"; mkdir "$TMP/tmp"
	TMPDIR=$TMP/tmp FAKE_STARTED=$TMP/started "$@" > "$OUT" 2> "$ERR" &
	pid=$!
	counter=
	for _ in $(seq 600); do
		counter=$(cat "$TMP/started" 2>/dev/null || pgrep -P "$pid" -x kcount || true)
		[ -n "$counter" ] || kill -0 "$pid" 2>/dev/null || break
		[ -n "$counter" ] && break
		sleep 0.1
	done
	sleep 0.5
	kill -s "$sig" "$pid"
	STATUS=0; wait "$pid" 2>/dev/null || STATUS=$?
}
gone() { ! kill -0 "$1" 2>/dev/null; }

stop_kdiff TERM "$TMP/bin/kdiff" -f tsv "$TMP/in/old.ir" "$TMP/in/new.ir"
is_status 143 "SIGTERM while counting: kdiff dies of it (128 + 15)"
ok '[ -n "$counter" ] && gone "$counter"' "the counter was stopped"
is "$(ls -A "$TMP/tmp")" "" "no temporary directory left"
ok '! [ -s "$OUT" ]' "no report"

# under nohup SIGHUP comes ignored, and kdiff leaves it so, as nohup asks
if [ $((0x$(sed -n 's/^SigIgn:[[:space:]]*//p' /proc/$$/status 2>/dev/null || echo 0) & 1)) = 1 ]; then
	skip "SIGHUP is ignored here (nohup)"
	skip "SIGHUP is ignored here (nohup)"
else
	stop_kdiff HUP "$TMP/bin/kdiff" -f tsv "$TMP/in/old.ir" "$TMP/in/new.ir"
	is_status 129 "SIGHUP: 128 + 1"
	is "$(ls -A "$TMP/tmp")" "" "SIGHUP: no temporary directory left"
fi

stop_kdiff TERM "$TMP/bin/kdiff" -f tsv --keep "$TMP/keep" "$TMP/in/old.ir" "$TMP/in/new.ir"
is_status 143 "SIGTERM with --keep: 143"
ok '[ -f "$TMP/keep/old.cnf" ]' "--keep DIR stays"

tree=$(kernel_tree 6.12)
if [ -z "$tree" ]; then
	for i in 1 2 3 4; do skip "no 6.12 tree (share/get-kernel)"; done
else
	run "$BIN/kparse" -a x86_64 "$tree"
	mv "$OUT" "$TMP/k.ir"
	stop_kdiff TERM "$BIN/kdiff" "$TMP/k.ir" "$TMP/k.ir"
	is_status 143 "SIGTERM while kcount counts 6.12 x86_64: 143"
	ok '[ -n "$counter" ]' "kcount was running"
	ok '[ -n "$counter" ] && gone "$counter"' "kcount was stopped"
	is "$(ls -A "$TMP/tmp")" "" "no temporary directory left (the kernel's IR and CNF in it)"
fi
done_testing
