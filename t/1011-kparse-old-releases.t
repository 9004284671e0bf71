#!/bin/sh
# kparse on the Linux releases before 5.10 as shipped (../shared/trees: Kconfig files and the
# top Makefile, kparse(1) OLD RELEASES): for each release and each ARCH with oracle data, the
# NAME and TYPE columns of kparse --symbols equal what that release's own parser listed
# (oracle/VER/ARCH.symbols.tsv), and the IR names the release in its kconfig record. Every
# other architecture of each release parses too, but the four whose Kconfig sources a file
# the tree does not hold (made by the build, or stale): 2.6.20 and 2.6.24 um
# (arch/um/Kconfig.arch), 2.6.24 cris (the arch/cris/arch link) and 3.0 h8300
# (drivers/serial/Kconfig, moved in 2.6.38).
. "$(dirname "$0")/lib.sh"
S=$TOP/../shared/trees

[ -d "$S/oracle" ] || skip_all "no old trees ($S, see its README.md)"
pairs=0
for o in "$S"/oracle/*/*.symbols.tsv; do
	[ -f "$S/linux-$(basename "$(dirname "$o")").tar.xz" ] && pairs=$((pairs + 1))
done
[ "$pairs" -gt 0 ] || skip_all "no old tree with oracle data in $S"
plan $((pairs * 2 + 2 + $(ls "$S"/linux-*.tar.xz | wc -l)))

for tarball in "$S"/linux-*.tar.xz; do
	v=${tarball##*/linux-}
	v=${v%.tar.xz}
	[ -d "$S/oracle/$v" ] || continue
	tar xf "$tarball" -C "$TMP" || diag "cannot unpack $tarball"
	for o in "$S/oracle/$v"/*.symbols.tsv; do
		a=$(basename "$o" .symbols.tsv)
		run "$BIN/kparse" --symbols -a "$a" "$TMP/linux-$v"
		is_status 0 "$v $a: kparse reads the tree"
		cut -f1,2 "$OUT" | LC_ALL=C sort > "$TMP/got.tsv"
		same_file "$TMP/got.tsv" "$o" "$v $a: the symbols and types of its own parser"
	done
	bad=""
	for k in "$TMP/linux-$v"/arch/*/Kconfig; do
		a=$(basename "$(dirname "$k")")
		case $v:$a in 2.6.20:um | 2.6.24:um | 2.6.24:cris | 3.0:h8300) continue ;; esac
		"$BIN/kparse" -a "$a" "$TMP/linux-$v" > /dev/null 2>&1 || bad="$bad $a"
	done
	is "$bad" "" "$v: every other architecture parses"
	case $v in
	2.6.20)	run "$BIN/kparse" -a x86_64 "$TMP/linux-$v"
		like "$OUT" "^kconfig 2.6.20$" "2.6.20: kconfig record 2.6.20" ;;
	5.4.*)	run "$BIN/kparse" -a x86_64 "$TMP/linux-$v"
		like "$OUT" "^kconfig 5.4$" "5.4: kconfig record 5.4" ;;
	esac
	rm -rf "$TMP/linux-$v"
done
