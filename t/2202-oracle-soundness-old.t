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
# that release: its own conf, reading one back, changes it. data/2202/reread lists each
# sampled one with the symbols that read changes (conf's output, not ours) and says why
# randconfig wrote them. For those the count must be 0, and exactly 1 with the values conf
# wrote back; the stored values listed there must be those of the file.
. "$(dirname "$0")/lib.sh"
S=$TOP/../shared/trees
R=$T/data/2202/reread
step=${KCOUNT_OLD_STEP:-20}
other=${KCOUNT_OLD_OTHER_STEP:-50}
[ -d "$S/oracle" ] || skip_all "no old trees ($S, see its README.md)"
[ -x "$BIN/kparse" ] && [ -x "$BIN/kcnf" ] && [ -x "$BIN/kcount" ] || skip_all "not built yet"

# reread VERSION ARCH CONFIG: SYMBOL STORED CONF lines, what conf's read of the file changes
reread() {
	awk -v v="$1" -v a="$2" -v c="$3" '$1 == v && $2 == a && $3 == c { print $4, $5, $6 }' "$R"
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

# complete CONFIG: $TMP/fix.config, the file's bool/tristate lines and n for every other
# bool/tristate symbol; unknown names in $TMP/unknown
complete() {
	awk -v unk="$TMP/unknown" '
		FNR == NR { type[$1] = $2; next }
		{
			name = ""
			if ($0 ~ /^CONFIG_[A-Za-z0-9_]+=/) { name = substr($0, 8); sub(/=.*/, "", name) }
			else if ($0 ~ /^# CONFIG_[A-Za-z0-9_]+ is not set$/) name = substr($2, 8)
			if (name == "") next
			if (!(name in type)) { print name > unk; next }
			if (type[name] != "bool" && type[name] != "tristate") next
			seen[name] = 1
			print
		}
		END {
			for (n in type)
				if ((type[n] == "bool" || type[n] == "tristate") && !(n in seen))
					print "# CONFIG_" n " is not set"
		}' "$TMP/types" "$1" > "$TMP/fix.config"
}

# count CONFIG: the count of the model with the file fixed, in $COUNT
count() {
	: > "$TMP/unknown"
	complete "$1"
	COUNT=
	run "$BIN/kcnf" -D "@$TMP/fix.config" -o "$TMP/fix.cnf" "$TMP/model.ir"
	[ "$STATUS" = 0 ] || { COUNT="kcnf status $STATUS: $(head -n 1 "$ERR")"; return; }
	run "$BIN/kcount" -q "$TMP/fix.cnf"
	COUNT=$(cat "$OUT")
	[ "$STATUS" = 0 ] || COUNT="kcount status $STATUS"
}

# conf_values CONFIG CHANGES: $TMP/conf.config, CONFIG with the values of CHANGES (SYMBOL
# STORED CONF lines); symbols whose value in CONFIG is not STORED in $TMP/mismatch
conf_values() {
	awk -v mis="$TMP/mismatch" '
		FNR == NR { stored[$1] = $2; conf[$1] = $3; next }
		{
			name = ""; val = "n"
			if ($0 ~ /^CONFIG_[A-Za-z0-9_]+=/) {
				name = substr($0, 8); val = name
				sub(/=.*/, "", name); sub(/^[^=]*=/, "", val)
			} else if ($0 ~ /^# CONFIG_[A-Za-z0-9_]+ is not set$/) name = substr($2, 8)
			if (!(name in conf)) { print; next }
			if (val != stored[name]) print name > mis
			seen[name] = 1
		}
		END {
			for (n in conf) {
				if (!(n in seen) && stored[n] != "n") print n > mis
				print conf[n] == "n" ? "# CONFIG_" n " is not set" : "CONFIG_" n "=" conf[n]
			}
		}' "$2" "$1" > "$TMP/conf.config"
}

check() { # check VERSION ARCH NAME
	reread "$1" "$2" "$3" > "$TMP/changes"
	count "$TMP/cfg/$3.config"
	if [ -s "$TMP/unknown" ]; then
		fail "$1 $2 $3: names no symbol of the model: $(sort -u "$TMP/unknown" | head -n 5 | tr '\n' ' ')"
	elif [ ! -s "$TMP/changes" ]; then
		is "$COUNT" 1 "$1 $2 $3: count 1 with every symbol fixed"
	else
		c0=$COUNT
		: > "$TMP/mismatch"
		conf_values "$TMP/cfg/$3.config" "$TMP/changes"
		count "$TMP/conf.config"
		ok '[ "$c0" = 0 ] && [ "$COUNT" = 1 ] && [ ! -s "$TMP/mismatch" ]' \
			"$1 $2 $3: not a valid configuration (count $c0); with the $(wc -l < "$TMP/changes") values conf reads back: $COUNT"
		[ -s "$TMP/mismatch" ] && diag "stored values differ from $R: $(head -n 5 "$TMP/mismatch" | tr '\n' ' ')"
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
