#!/bin/sh
# kparse --symbols against the kernel's own front end (t/oracle: koracle symbols, in the
# environment of t/oracle/kernel-env) for x86_64 and six other architectures of Linux 6.1,
# 6.12 and the newest release: the same symbols, types, prompts, choices and locations, byte
# for byte. i386, arm and powerpc are those of the release history (README); for i386 this is
# the only check, the old trees having no oracle data of it. kparse runs in its default
# (abstract) mode: none of it depends on macro results; for x86_64 also in --shell mode.
. "$(dirname "$0")/lib.sh"

kernel_trees
archs="x86_64 arm64 riscv um i386 arm powerpc"
plan $(($(echo $trees | wc -w) * 8))

mkdir "$TMP/cwd"
for t in $trees; do
	oracle=$("$T/oracle/build-oracle" "$t" 2>"$TMP/build.err") || oracle=""
	for a in $archs; do
		name="$(basename "$t") $a"
		if [ -z "$oracle" ]; then
			skip "$name: the oracle does not build: $(head -n 1 "$TMP/build.err")"
			[ "$a" = x86_64 ] && skip "$name --shell: no oracle"
			continue
		fi
		(cd "$TMP/cwd" && "$T/oracle/kernel-env" "$a" "$t" "$oracle/koracle" symbols \
			"$t/Kconfig" > "$TMP/oracle.tsv" 2> "$TMP/oracle.err") ||
			diag "$name: koracle failed: $(head -n 2 "$TMP/oracle.err")"
		run "$BIN/kparse" --symbols -a "$a" "$t"
		if [ "$STATUS" != 0 ]; then
			fail "$name: kparse exit status $STATUS"
			[ "$a" = x86_64 ] && fail "$name --shell: not run"
			continue
		fi
		same_file "$OUT" "$TMP/oracle.tsv" "$name: kparse --symbols = koracle symbols"
		[ "$a" = x86_64 ] || continue
		# with --shell the commands run like the kernel's: the same list
		run "$BIN/kparse" --shell --symbols -a "$a" "$t"
		same_file "$OUT" "$TMP/oracle.tsv" "$name: kparse --shell --symbols = koracle symbols"
	done
done
