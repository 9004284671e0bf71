# lib.sh: the TAP helpers every t/*.t sources. A test never pipes the program under test:
# it runs it with `run`, which keeps stdout, stderr and the exit status apart.
#
#   . "$(dirname "$0")/lib.sh"
#   plan 3
#   run "$BIN/kcount" f.cnf;   is_status 0 "counts f.cnf"
#   is "$(cat "$OUT")" "42"   "count of f.cnf"
#   skip_all "no kernel tree"   (before plan)

TOP=$(cd "$(dirname "$0")/.." && pwd)
BIN=$TOP/bin
T=$TOP/t
TMP=$(mktemp -d "${TMPDIR:-/tmp}/kc-test.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
OUT=$TMP/stdout
ERR=$TMP/stderr
STATUS=0
_n=0
_failed=0

plan() { echo "1..$1"; }
skip_all() { echo "1..0 # SKIP $*"; exit 0; }
diag() { printf '%s\n' "$@" | sed 's/^/# /' >&2; }

_result() { # _result OK DESCRIPTION
	_n=$((_n + 1))
	if [ "$1" = 1 ]; then echo "ok $_n - $2"; else echo "not ok $_n - $2"; _failed=$((_failed + 1)); fi
}
ok() { if eval "$1"; then _result 1 "$2"; else _result 0 "$2"; fi; }
pass() { _result 1 "$1"; }
fail() { _result 0 "$1"; }
skip() { _n=$((_n + 1)); echo "ok $_n # SKIP $1"; }

# run CMD ARGS... : stdout in $OUT, stderr in $ERR, exit status in $STATUS
run() { STATUS=0; "$@" > "$OUT" 2> "$ERR" || STATUS=$?; }
# run_in FILE CMD ARGS... : like run, with FILE on standard input
run_in() { _in=$1; shift; STATUS=0; "$@" < "$_in" > "$OUT" 2> "$ERR" || STATUS=$?; }

is() { # is GOT EXPECTED DESCRIPTION
	if [ "$1" = "$2" ]; then _result 1 "$3"; else
		_result 0 "$3"; diag "expected: $2" "     got: $1"; fi
}
is_status() { # is_status EXPECTED DESCRIPTION (after run)
	if [ "$STATUS" = "$1" ]; then _result 1 "$2"; else
		_result 0 "$2"; diag "exit status $STATUS, expected $1" "stderr:"; head -n 20 "$ERR" | sed 's/^/#   /' >&2; fi
}
like() { # like FILE REGEX DESCRIPTION (grep -E)
	if grep -qE -- "$2" "$1"; then _result 1 "$3"; else
		_result 0 "$3"; diag "no line of $1 matches /$2/:"; head -n 20 "$1" | sed 's/^/#   /' >&2; fi
}
same_file() { # same_file GOT EXPECTED DESCRIPTION: shows the difference
	if cmp -s "$1" "$2"; then _result 1 "$3"; else
		_result 0 "$3"; diff -u "$2" "$1" | head -n 40 | sed 's/^/#   /' >&2; fi
}
done_testing() { [ "$_failed" = 0 ]; }

# kernel_tree VERSION: path of a tree (share/get-kernel), or empty when none can be obtained
kernel_tree() { "$TOP/share/get-kernel" "$1" 2>/dev/null || true; }

# kernel_trees: sets $trees to the trees of 6.1, 6.12 and the newest release that can be
# obtained, space separated; skips the whole test when there is none
kernel_trees() {
	trees=""
	for _v in 6.1 6.12 newest; do
		_t=$(kernel_tree "$_v")
		[ -n "$_t" ] && trees="$trees $_t"
	done
	[ -n "$trees" ] || skip_all "no kernel tree (share/get-kernel)"
}
# grid W N: the CNF of the independent sets of the W x N grid, variable (r, c) = c W + r + 1
grid() {
	awk -v W="$1" -v N="$2" 'BEGIN { print "p cnf", W * N, (W - 1) * N + W * (N - 1)
		for (c = 0; c < N; c++) for (r = 0; r < W; r++) { v = c * W + r + 1
			if (r + 1 < W) print -v, -(v + 1), 0
			if (c + 1 < N) print -v, -(v + W), 0 } }'
}
# grid_count W N: the same count by the transfer matrix over the rows without two
# neighbours, a row following another when they share no column
grid_count() {
	_states= _s=0
	while [ $_s -lt $((1 << $1)) ]; do
		[ $((_s & (_s >> 1))) = 0 ] && _states="$_states $_s"
		_s=$((_s + 1))
	done
	{
		for _s in $_states; do echo "a[$_s] = 1"; done
		echo "for (i = 1; i < $2; i++) {"
		for _t in $_states; do
			printf 'b[%s] = 0' "$_t"
			for _s in $_states; do [ $((_s & _t)) = 0 ] && printf ' + a[%s]' "$_s"; done
			echo
		done
		for _s in $_states; do echo "a[$_s] = b[$_s]"; done
		echo "}"
		printf '0'; for _s in $_states; do printf ' + a[%s]' "$_s"; done; echo
	} | BC_LINE_LENGTH=0 bc
}
# need_brute: BRUTE, the brute-force counter the kcount tests check against, or skips them
need_brute() {
	BRUTE=$TOP/build/t/dimacs-brute
	[ -x "$BRUTE" ] || skip_all "build/t/dimacs-brute not built (make test-helpers)"
}
# kstat NAME: a statistic of the last run's kcount -v report (in $ERR)
kstat() { sed -n "s/^c $1  *\([0-9.e+-]*\) .*/\1/p" "$ERR"; }
# kcount_is NAME EXPECTED FILE OPTION...: kcount -q -v $KOPTS OPTION... FILE must print
# EXPECTED (else bad grows by one); the result names the -v statistics listed in $KSTATS,
# which stay in $ERR for kstat
kcount_is() {
	_name=$1 _want=$2 _file=$3
	shift 3
	run "$BIN/kcount" -q -v $KOPTS "$@" "$_file"
	_figures=
	for _s in $KSTATS; do _figures="$_figures${_figures:+, }$_s $(kstat "$_s")"; done
	if [ "$STATUS" = 0 ] && [ "$(cat "$OUT")" = "$_want" ]; then pass "$_name $*: $_want${_figures:+ ($_figures)}"
	else fail "$_name $*: expected $_want, got $(cat "$OUT") (status $STATUS)"; bad=$((bad + 1)); fi
}
