# oracle.sh: shell functions for the oracle tests (sourced after t/lib.sh): the kernel oracle
# of a release series, which corpus files apply to it, and the pipeline under test.

# oracle_for SERIES: sets ORACLE_TREE, ORACLE_DIR (built koracle) and ORACLE_XY (6.1, 6.12,
# 7.3 ...); false when the tree or the build is not available.
oracle_for() {
	ORACLE_TREE=$(kernel_tree "$1")
	[ -n "$ORACLE_TREE" ] || return 1
	ORACLE_DIR=$("$T/oracle/build-oracle" "$ORACLE_TREE" 2>"$TMP/build-oracle.err") || return 1
	ORACLE_XY=$(awk -F' *= *' '/^VERSION *=/{v=$2} /^PATCHLEVEL *=/{p=$2} END{print v "." p}' \
		"$ORACLE_TREE/Makefile")
}

# koracle_toy ARGS...: koracle (of the last oracle_for) on a toy file, in a clean environment
koracle_toy() {
	_file=
	for _a in "$@"; do case $_a in *.kconfig|*/Kconfig) _file=$_a ;; esac; done
	"$T/oracle/kernel-env" - "$_file" "$ORACLE_DIR/koracle" "$@"
}

# xy_at_least XY MIN: the release XY is MIN or later
xy_at_least() {
	[ "$(printf '%s\n%s\n' "$2" "$1" | sort -t. -k1,1n -k2,2n | head -n 1)" = "$2" ]
}

# corpus_applies FILE XY: FILE's first-line "# versions: ..." (default: every version) lists
# XY exactly or as "MIN+" with XY at least MIN
corpus_applies() {
	_vers=$(sed -n '1s/^# versions: //p' "$1")
	[ -n "$_vers" ] || return 0
	for _v in $_vers; do
		case $_v in
		*+) xy_at_least "$2" "${_v%+}" && return 0 ;;
		*) [ "$_v" = "$2" ] && return 0 ;;
		esac
	done
	return 1
}

# counter_cmd: the exact model counter the pipeline tests use (kcount, else the brute-force
# helper while kcount is not built); empty when neither exists
counter_cmd() {
	if [ -x "$BIN/kcount" ]; then
		echo "$BIN/kcount -q"
	elif [ -x "$TOP/build/t/dimacs-brute" ]; then
		echo "$TOP/build/t/dimacs-brute"
	fi
}

# corpus_pairs: writes $TMP/pairs, one line "SERIES XY ORACLE_DIR FILE" per corpus file and
# release (6.1, 6.12, newest) it applies to, then plans one test per line; skips the whole
# test when no release has a tree and an oracle build
corpus_pairs() {
	: > "$TMP/pairs"
	for _series in 6.1 6.12 newest; do
		oracle_for "$_series" || continue
		for _f in "$T"/kconfig/*.kconfig; do
			corpus_applies "$_f" "$ORACLE_XY" &&
				echo "$_series $ORACLE_XY $ORACLE_DIR $_f" >> "$TMP/pairs"
		done
	done
	[ -s "$TMP/pairs" ] || skip_all "no kernel tree or no oracle build (share/get-kernel, flex, bison)"
	plan "$(wc -l < "$TMP/pairs")"
}

# corpus_cnf FILE XY: $TMP/ir and $TMP/cnf from kparse | kcnf (--shell when FILE runs a
# command: the corpus's commands are deterministic), or prints why not and fails
corpus_cnf() {
	_shell=
	grep -q '\$(shell,' "$1" && _shell=--shell
	run "$BIN/kparse" --kconfig-version "$2" $_shell "$1"
	[ "$STATUS" = 0 ] || { echo "kparse exit $STATUS: $(head -n 1 "$ERR")"; return 1; }
	cp "$OUT" "$TMP/ir"
	run "$BIN/kcnf" "$TMP/ir"
	[ "$STATUS" = 0 ] || { echo "kcnf exit $STATUS: $(head -n 1 "$ERR")"; return 1; }
	cp "$OUT" "$TMP/cnf"
}
