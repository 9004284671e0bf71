#!/bin/sh
# Every bench script answers --help with its head comment on stdout and exit 0, and a bad
# option with exit 2; one ended by a signal (TERM, HUP, or PIPE as `| head` ends it) leaves
# no scratch directory: /bin/sh is dash, which skips an EXIT trap on a signal
# (bench/script.sh turns them into exits).
. "$(dirname "$0")/lib.sh"
scripts=$(cd "$TOP/bench" && for f in *; do [ -f "$f" ] && [ -x "$f" ] && echo "$f"; done)
plan $(($(echo "$scripts" | wc -l) + 5))
for f in $scripts; do
	run "$TOP/bench/$f" --help
	ok "[ $STATUS = 0 ] && grep -q '^\(bench/\)\{0,1\}$f[: ]' '$OUT'" "$f --help: its usage, exit 0"
done
run "$TOP/bench/kcount-bound" -Z
is_status 2 "kcount-bound -Z: exit 2"
like "$ERR" '^bench/kcount-bound \[-t SECONDS\]' "kcount-bound -Z: its usage on stderr"
# a kcount that says it started, then takes two seconds: the signal comes while the
# script waits for it (its scratch directory made, its traps set; under load, a wait for the
# directory alone could miss a run that had already ended), and the shell runs its trap once
# the command it waits for ends
printf '#!/bin/sh\ntouch "%s/started"\nsleep 2\n' "$TMP" > "$TMP/slow-kcount"
chmod +x "$TMP/slow-kcount"
mkdir "$TMP/scratch" "$TMP/models"
for m in a b c d; do printf 'p cnf 1 0\n' > "$TMP/models/$m.cnf"; done
printf 'a.cnf\t\t\t\t2\n' > "$TMP/models/COUNTS.tsv"
# hup_ignored: true when this shell started with SIGHUP ignored (under nohup), which the
# bench's shell then cannot trap
hup_ignored() {
	case $(sed -n 's/^SigIgn:[[:space:]]*//p' /proc/$$/status 2>/dev/null) in *[13579bdf]) true ;; *) false ;; esac
}
for sig in TERM HUP; do
	if [ $sig = HUP ] && hup_ignored; then
		skip "kcount-featuremodels ended by HUP: SIGHUP is ignored here (nohup), so no shell can trap it"
		continue
	fi
	rm -f "$TMP/started"
	TMPDIR=$TMP/scratch KCOUNT=$TMP/slow-kcount "$TOP/bench/kcount-featuremodels" "$TMP/models" > /dev/null 2>&1 &
	pid=$!
	i=0
	while [ ! -e "$TMP/started" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
	kill -$sig $pid
	wait $pid
	status=$?
	is "$status:$(ls "$TMP/scratch" | wc -l)" "143:0" "kcount-featuremodels ended by $sig: exit 143, its scratch directory gone"
done
# the first row goes to a pipe that is closed: the next row's write brings SIGPIPE
printf '#!/bin/sh\necho 1\n' > "$TMP/quick-kcount"
chmod +x "$TMP/quick-kcount"
TMPDIR=$TMP/scratch KCOUNT=$TMP/quick-kcount "$TOP/bench/kcount-featuremodels" "$TMP/models" 2>/dev/null | head -n 1 > /dev/null
is "$(ls "$TMP/scratch" | wc -l)" 0 "kcount-featuremodels | head -n 1: its scratch directory gone"
