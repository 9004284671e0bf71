#!/bin/sh
# Soundness on the old releases (../shared/trees, kcnf(1) OLD RELEASES): each configuration
# that a release's own conf wrote (oracle/VER/ARCH.*: allnoconfig, allyesconfig, allmodconfig
# and randconfigs) is a model of `kparse -a ARCH TREE | kcnf`: with every bool and tristate
# symbol fixed (`kcnf -D @FILE`, and n for those the file does not mention, as conf gives
# them), `kcount -q` counts exactly 1. 4.19 and 5.4 are parsed with the recorded $(shell,...)
# answers (oracle/VER/ARCH.shell.tsv, kparse --shell-answers) in conf's environment.
#
# Runtime: the three all*configs and every KCOUNT_OLD_STEP-th randconfig (default 20, so
# seeds 20, 40, ... 200) for x86_64; for arm, powerpc and arm64 the all*configs and
# randconfig 50. KCOUNT_OLD_STEP=1 KCOUNT_OLD_OTHER_STEP=1 checks all of them.
#
# The file is used as it is, except that lines for string, int and hex symbols are dropped
# (they are not counted and take their defaults); a CONFIG_ line naming no symbol of the
# model fails the test.
#
# Exceptions: conf's own randconfig writes some files that are not valid configurations of
# that release (loading one with `conf --olddefconfig` changes it). conf_write recomputes no
# symbol while the configuration is "changed" (confdata.c: `if (!conf_get_changed())
# sym_clear_all_valid()`, up to 5.4), and conf_set_all_new_symbols gives each choice its
# random member after other symbols' values were computed from the choice's earlier value,
# clearing SYMBOL_VALID only of the choice (2.6.32 to 3.0) or of the choice and its members
# (3.1 to 5.4). Those earlier values are written as they are: two members of one bool choice y
# (symbol.c:sym_calc_value makes a visible member y only when it is the choice's value), or a
# symbol that depends on (or is selected by) a member keeping the value it had for another
# member. Each such file is listed below with the symbols whose values are stale: the test
# checks that the count is 0, and that freeing exactly those symbols makes it at least 1.
. "$(dirname "$0")/lib.sh"
S=$TOP/../shared/trees
step=${KCOUNT_OLD_STEP:-20}
other=${KCOUNT_OLD_OTHER_STEP:-50}
[ -d "$S/oracle" ] || skip_all "no old trees ($S, see its README.md)"
[ -x "$BIN/kparse" ] && [ -x "$BIN/kcnf" ] && [ -x "$BIN/kcount" ] || skip_all "not built yet"

# VERSION ARCH CONFIG KIND SYMBOLS: KIND stale: the count is 0 and 1 or more with SYMBOLS free
# (see the header: SLOB and SLUB or SLAB both y, one choice; GENERIC_CPU: the x86 "Processor
# family" choice with every visible member n; HZ_PERIODIC: the 3.10 timer tick choice;
# USB_GADGETFS: the 3.10 "USB Gadget Drivers" choice). KIND todo: the count is 0, not yet
# explained symbol by symbol; SYMBOLS are those of the first conflict unit propagation meets
# (a choice member and a symbol depending on, or selected by, another member: the same stale
# pattern, spread over more symbols than freeing one or two resolves). They are reported as
# TODO, not as failures.
exceptions() {
	cat <<'EOF'
2.6.32 x86_64 rand-120 stale SLOB
2.6.32 x86_64 rand-160 stale SLOB
2.6.37 x86_64 rand-20 stale SLOB
2.6.37 x86_64 rand-60 stale GENERIC_CPU
2.6.37 x86_64 rand-80 stale GENERIC_CPU
2.6.37 x86_64 rand-100 stale SLOB
2.6.37 x86_64 rand-140 stale SLOB
2.6.37 x86_64 rand-160 stale GENERIC_CPU
2.6.37 x86_64 rand-200 stale GENERIC_CPU
3.0 x86_64 rand-20 stale GENERIC_CPU
3.0 x86_64 rand-160 stale GENERIC_CPU
3.0 arm rand-50 stale SLOB
3.10.105 x86_64 rand-40 todo EXPERT SLOB SLUB
3.10.105 x86_64 rand-80 stale USB_GADGETFS
3.10.105 x86_64 rand-100 stale SLOB
3.10.105 x86_64 rand-140 stale SLOB
3.10.105 x86_64 rand-180 stale SLOB
3.10.105 x86_64 rand-200 stale HZ_PERIODIC
3.10.105 arm rand-50 todo GENERIC_HARDIRQS USB_MUSB_DSPS USB_MUSB_TUSB6010
4.4.1 powerpc rand-50 todo CPU_LITTLE_ENDIAN PPC_BOOK3S_64
4.4.1 arm64 rand-50 todo SLUB SLUB_DEBUG
4.9.124 arm64 rand-50 todo NO_HZ_COMMON NO_HZ_FULL RCU_NOCB_CPU
4.14.5 powerpc rand-50 todo PPC_BOOK3S PPC_BOOK3S_32 PPC_BOOK3S_64
EOF
}

# the configurations of one release and arch to check, as NAME lines (allno, rand-20, ...)
configs() {
	n=$(xz -dc "$S/oracle/$1/$2.randconfigs.xz" | grep -c '^# randconfig ')
	s=$step
	[ "$2" = x86_64 ] || s=$other
	echo allno
	echo allyes
	echo allmod
	i=$s
	while [ "$i" -le "$n" ]; do
		echo "rand-$i"
		i=$((i + s))
	done
}

arches() {
	for a in x86_64 arm powerpc arm64; do
		[ -f "$S/oracle/$1/$a.allnoconfig" ] && echo "$a"
	done
}

total=0
for o in "$S"/oracle/*; do
	v=${o##*/}
	[ -f "$S/linux-$v.tar.xz" ] || continue
	for a in $(arches "$v"); do
		total=$((total + 1 + $(configs "$v" "$a" | wc -l)))
	done
done
[ "$total" -gt 0 ] || skip_all "no old tree with oracle data in $S"
plan "$total"

# unpack VERSION ARCH: $TMP/cfg/NAME.config for each stored configuration
unpack() {
	rm -rf "$TMP/cfg"
	mkdir "$TMP/cfg"
	xz -dc "$S/oracle/$1/$2.randconfigs.xz" |
		awk -v d="$TMP/cfg" '/^# randconfig /{ f = d "/rand-" $3 ".config" } { print > f }'
	cp "$S/oracle/$1/$2.allnoconfig" "$TMP/cfg/allno.config"
	xz -dc "$S/oracle/$1/$2.allyesconfig.xz" > "$TMP/cfg/allyes.config"
	xz -dc "$S/oracle/$1/$2.allmodconfig.xz" > "$TMP/cfg/allmod.config"
}

# model VERSION ARCH: $TMP/model.ir, parsed in the environment conf had
model() {
	tsv=$S/oracle/$1/$2.shell.tsv
	if [ -f "$tsv" ]; then
		(cd "$TMP/linux-$1" && run "$BIN/kparse" --shell-answers "$tsv" -a "$2" \
			-D srctree=. -D "CC_VERSION_TEXT=gcc (Debian 12.2.0-14+deb12u1) 12.2.0" \
			-D HOSTCC=gcc -D HOSTCXX=g++ . && echo "$STATUS" > "$TMP/st")
		STATUS=$(cat "$TMP/st")
	else
		run "$BIN/kparse" -a "$2" "$TMP/linux-$1"
	fi
	cp "$OUT" "$TMP/model.ir"
	# NAME TYPE of every declared symbol
	awk '$1 == "config" { print $2, $3 }' "$TMP/model.ir" > "$TMP/types"
}

# complete CONFIG FREE...: $TMP/fix.config, the file's bool/tristate lines and n for every
# other bool/tristate symbol, without the FREE symbols; unknown names in $TMP/unknown
complete() {
	awk -v free="$(shift; echo " $* ")" -v unk="$TMP/unknown" '
		FNR == NR { type[$1] = $2; next }
		{
			name = ""
			if ($0 ~ /^CONFIG_[A-Za-z0-9_]+=/) { name = substr($0, 8); sub(/=.*/, "", name) }
			else if ($0 ~ /^# CONFIG_[A-Za-z0-9_]+ is not set$/) name = substr($2, 8)
			if (name == "") next
			if (!(name in type)) { print name > unk; next }
			if (type[name] != "bool" && type[name] != "tristate") next
			seen[name] = 1
			if (index(free, " " name " ") == 0) print
		}
		END {
			for (n in type)
				if ((type[n] == "bool" || type[n] == "tristate") && !(n in seen) &&
				    index(free, " " n " ") == 0)
					print "# CONFIG_" n " is not set"
		}' "$TMP/types" "$1" > "$TMP/fix.config"
}

# count CONFIG FREE...: the count of the model with the file fixed, in $COUNT
count() {
	: > "$TMP/unknown"
	complete "$@"
	COUNT=
	run "$BIN/kcnf" -D "@$TMP/fix.config" -o "$TMP/fix.cnf" "$TMP/model.ir"
	[ "$STATUS" = 0 ] || { COUNT="kcnf status $STATUS: $(head -n 1 "$ERR")"; return; }
	run "$BIN/kcount" -q "$TMP/fix.cnf"
	COUNT=$(cat "$OUT")
	[ "$STATUS" = 0 ] || COUNT="kcount status $STATUS"
}

todo() { _n=$((_n + 1)); echo "not ok $_n - $1 # TODO $2"; }

check() { # check VERSION ARCH NAME
	exc=$(exceptions | awk -v v="$1" -v a="$2" -v c="$3" \
		'$1 == v && $2 == a && $3 == c { $1 = $2 = $3 = ""; print }')
	kind=$(echo $exc | cut -d' ' -f1)
	free=$(echo $exc | cut -s -d' ' -f2-)
	count "$TMP/cfg/$3.config"
	if [ -s "$TMP/unknown" ]; then
		fail "$1 $2 $3: names no symbol of the model: $(sort -u "$TMP/unknown" | head -n 5 | tr '\n' ' ')"
	elif [ -z "$kind" ] || [ "$COUNT" = 1 ]; then
		is "$COUNT" 1 "$1 $2 $3: count 1 with every symbol fixed"
	elif [ "$kind" = todo ] && [ "$COUNT" = 0 ]; then
		todo "$1 $2 $3: count 0" "not explained yet; first conflict: $free"
	else
		c0=$COUNT
		# shellcheck disable=SC2086
		count "$TMP/cfg/$3.config" $free
		ok '[ "$c0" = 0 ] && [ -n "$COUNT" ] && [ "$COUNT" != 0 ] && [ "${COUNT#k}" = "$COUNT" ]' \
			"$1 $2 $3: stale in conf's randconfig: $free (count $c0, $COUNT with them free)"
	fi
}

for o in "$S"/oracle/*; do
	v=${o##*/}
	[ -f "$S/linux-$v.tar.xz" ] || continue
	tar xf "$S/linux-$v.tar.xz" -C "$TMP" || diag "cannot unpack linux-$v.tar.xz"
	for a in $(arches "$v"); do
		model "$v" "$a"
		is_status 0 "$v $a: kparse reads the tree"
		unpack "$v" "$a"
		for c in $(configs "$v" "$a"); do
			check "$v" "$a" "$c"
		done
	done
	rm -rf "$TMP/linux-$v"
done
done_testing
