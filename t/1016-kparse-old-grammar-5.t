#!/bin/sh
# The grammar rules that changed between 4.19 and 5.10 (kparse(1) OLD RELEASES), each file
# read with --kconfig-version of every release from 4.19 to 5.10: kparse accepts it exactly
# where that release's own conf_parse does. The accept/reject table was recorded by running
# conf_parse of 4.19.48, 5.4.49, 5.5-rc5, 5.6.4, 5.7.14, 5.8.1, 5.9.1 and 5.10, each built from
# its unmodified scripts/kconfig (see t/data/2102/), on these same files.
. "$(dirname "$0")/lib.sh"
[ -x "$BIN/kparse" ] || skip_all "not built yet"
releases="4.19 5.4 5.5 5.6 5.7 5.8 5.9 5.10"

# NAME, then a (accepted) or r (rejected) for each release above, then the statements
table() {
	cat <<'EOF'
word-prompt	a a a r r r r r	config W\n\tbool word\n
word-source	a a a r r r r r	source Kinc\n
dot-source	a a a r r r r r	source ./Kinc\n
slash-source	a r r r r r r r	source sub/Kinc\n
choice-menuconfig	a a a a a r r r	choice\n\tprompt "c"\nconfig C1\n\tbool "c1"\nmenuconfig C2\n\tbool "c2"\nendchoice\n
choice-source	a a a a a r r r	choice\n\tprompt "c"\nconfig C1\n\tbool "c1"\nsource "Kinc"\nendchoice\n
choice-if-menu	a a a a a r r r	choice\n\tprompt "c"\nconfig C1\n\tbool "c1"\nif MODULES\nmenu "m"\nendmenu\nendif\nendchoice\n
old-help	a a a a a a r r	config H\n\tbool "h"\n\t---help---\n\t  text\n
EOF
}

table > "$TMP/table"
plan $(($(wc -l < "$TMP/table") * 8))
mkdir "$TMP/sub"
printf 'config A\n\tbool "a"\n' > "$TMP/Kinc"
cp "$TMP/Kinc" "$TMP/sub/Kinc"
while IFS='	' read -r name want body; do
	# shellcheck disable=SC2059
	printf "config MODULES\n\tbool \"m\"\n\toption modules\n$body" > "$TMP/$name"
	set -- $want
	for v in $releases; do
		run "$BIN/kparse" --kconfig-version "$v" "$TMP/$name"
		if [ "$1" = a ]; then
			is_status 0 "$name, $v: accepted, as by its conf_parse"
		else
			is_status 1 "$name, $v: rejected, as by its conf_parse"
		fi
		shift
	done
done < "$TMP/table"
done_testing
