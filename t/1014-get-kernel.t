#!/bin/sh
# share/get-kernel -g REPO TAG: a tag of a git clone, read with git archive and without a
# checkout, gives a tree of only the files the front end reads, which kparse then reads;
# an unknown tag is an error; a release kept as linux-VERSION.tar.xz in $KCOUNT_TREES (the
# team's old releases) is unpacked from there; --help and --version answer.
. "$(dirname "$0")/lib.sh"
command -v git > /dev/null || skip_all "git not installed"
plan 11
GK=$TOP/share/get-kernel

# a kernel-like repository: version 6.1 has option A, a later commit (tag v6.2) adds B
R=$TMP/repo
mkdir -p "$R/arch/x86" "$R/scripts/kconfig" "$R/drivers"
printf 'VERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 0\nEXTRAVERSION =\nNAME = test\n' > "$R/Makefile"
printf 'source "arch/$(SRCARCH)/Kconfig"\n' > "$R/Kconfig"
printf 'config A\n\tbool "a"\n' > "$R/arch/x86/Kconfig"
: > "$R/scripts/kconfig/parser.y"
echo 'int main(void) { return 0; }' > "$R/drivers/foo.c"
git -C "$R" init -q && git -C "$R" add -A &&
	git -C "$R" -c user.name=t -c user.email=t@t commit -qm 6.1 && git -C "$R" tag v6.1
printf 'config B\n\tbool "b"\n' >> "$R/arch/x86/Kconfig"
git -C "$R" -c user.name=t -c user.email=t@t commit -qam 6.2 && git -C "$R" tag v6.2

run "$GK" -c "$TMP/cache" -g "$R" v6.1
is_status 0 "-g REPO v6.1: a tree"
tree=$(cat "$OUT")
ok '[ -f "$tree/Kconfig" ] && [ -f "$tree/arch/x86/Kconfig" ] && [ -f "$tree/Makefile" ]' \
	"the Kconfig files and the Makefile are there"
ok '! [ -e "$tree/drivers/foo.c" ] && ! [ -e "$tree/.git" ]' "nothing else, and no checkout"
run "$BIN/kparse" --symbols -a x86_64 "$tree"
is "$(cut -f 1,2 "$OUT")" "$(printf 'A\tbool')" "kparse reads the tag's tree: A only"
run "$GK" -c "$TMP/cache" -g "$R" v6.2
run "$BIN/kparse" --symbols -a x86_64 "$(cat "$OUT")"
is "$(cut -f 1 "$OUT" | tr '\n' ' ')" "A B " "another tag, another tree: A and B"
run "$GK" -c "$TMP/cache" -g "$R" v9.9
ok '[ "$STATUS" = 2 ] && grep -q "no tag or commit .v9.9." "$ERR"' "an unknown tag: exit 2, said"
ok '[ -z "$(ls -A "$TMP/cache/trees" | grep "^\.")" ]' "no scratch directory left in the cache"
mkdir -p "$TMP/trees/linux-2.6.99/arch/x86_64"
cp "$R/Makefile" "$TMP/trees/linux-2.6.99/"
printf 'config OLD\n\tbool "old"\n' > "$TMP/trees/linux-2.6.99/arch/x86_64/Kconfig"
tar cJf "$TMP/trees/linux-2.6.99.tar.xz" -C "$TMP/trees" linux-2.6.99
KCOUNT_TREES=$TMP/trees run "$GK" -c "$TMP/cache" 2.6.99
is "$STATUS:$(cat "$OUT")" "0:$TMP/cache/trees/linux-2.6.99" "a release from \$KCOUNT_TREES"
ok '[ -f "$TMP/cache/trees/linux-2.6.99/arch/x86_64/Kconfig" ]' "unpacked into the cache"
run "$GK" --help
ok '[ "$STATUS" = 0 ] && grep -q "^usage: get-kernel" "$OUT"' "--help: the usage, exit 0"
run "$GK" --version
like "$OUT" '^get-kernel \(kconfig-count\) [0-9]' "--version"
done_testing
