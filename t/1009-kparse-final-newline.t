#!/bin/sh
# A last line with no newline, as each version's conf judges it (kconf-oracle toy mode, each
# case checked): every version warns; 6.1 still ends the statement, after the file was closed,
# so an end statement is "in different file" and a config or source line crashes its conf;
# 6.12 and later just end the top file: a syntax error where the statement starts. A sourced
# file ends the statement in the file that sourced it, in every version.
. "$(dirname "$0")/lib.sh"
D=$TMP/k
mkdir -p "$D"
printf 'config A\n\tbool "a"' > "$D/plain"
printf 'config A\n\tbool "a" if \\\n B' > "$D/continued"
printf 'menu "m"\nconfig A\n\tbool "a"\nendmenu' > "$D/endmenu"
printf 'config B\n\tbool "b"\nif B\nconfig A\n\tbool "a"\nendif' > "$D/endif"
printf 'choice\n\tprompt "c"\nconfig A\n\tbool "a"\nendchoice' > "$D/endchoice"
printf 'config B\n\tbool "b"\nconfig A' > "$D/config"
printf 'config A\n\tbool "a"\n\thelp\n\t  text' > "$D/help"
printf 'source "plain"\nconfig B\n\tbool "b"\n' > "$D/sources-plain"
printf 'menu "m"\nsource "ends-menu.inc"\n' > "$D/sources-endmenu"
printf 'config A\n\tbool "a"\nendmenu' > "$D/ends-menu.inc"
printf 'source "menu.inc"\n' > "$D/sources-menu"
printf 'menu "m"\nconfig A\n\tbool "a"\nendmenu' > "$D/menu.inc"
printf 'source "assign.inc"\nconfig B\n\tbool "b"\n\tdefault $(X)\n' > "$D/sources-assign"
printf 'X := y' > "$D/assign.inc"

# file|version|status|first error ("-": none)
cases="
plain|6.1|0|-
plain|6.12|1|plain:2:1: error: syntax error, unexpected end of file
plain|7.3|1|plain:2:1: error: syntax error, unexpected end of file
continued|7.3|1|continued:2:1: error: syntax error, unexpected end of file
endmenu|6.1|1|endmenu:4:1: error: 'endmenu' in different file than 'menu'
endmenu|6.12|1|endmenu:4:1: error: syntax error, unexpected end of file
endif|6.1|1|endif:6:1: error: 'endif' in different file than 'if'
endif|7.3|1|endif:6:1: error: syntax error, unexpected end of file
endchoice|6.1|1|endchoice:5:1: error: 'endchoice' in different file than 'choice'
endchoice|6.12|1|endchoice:5:1: error: syntax error, unexpected end of file
config|6.1|1|config:3:1: error: no newline at the end of the file after this statement (Kconfig 6.1's conf crashes on it)
config|6.12|1|config:3:1: error: syntax error, unexpected end of file
help|6.12|0|-
sources-plain|6.12|0|-
sources-plain|7.3|0|-
sources-endmenu|6.1|0|-
sources-endmenu|7.3|0|-
sources-menu|6.1|1|menu.inc:4:1: error: 'endmenu' in different file than 'menu'
sources-menu|6.12|1|menu.inc:4:1: error: 'endmenu' in different file than 'menu'
sources-assign|7.3|0|-
"
plan 43

echo "$cases" > "$TMP/cases"
while IFS='|' read -r file version status first; do
	[ -n "$file" ] || continue
	run "$BIN/kparse" --kconfig-version "$version" "$D/$file"
	is_status "$status" "$file ($version): exit status $status"
	is "$(grep -m 1 ': error: ' "$ERR" || echo -)" "$first" "$file ($version): first error"
done < "$TMP/cases"

run "$BIN/kparse" --kconfig-version 6.1 "$D/plain"
is "$(cat "$ERR")" "plain:2:10: warning: no new line at end of file" "the missing newline is a warning"
run "$BIN/kparse" --kconfig-version 6.12 "$D/endmenu"
like "$ERR" "^endmenu:1:1: error: missing end statement for this 'menu'" "6.12: the menu stays open"
run "$BIN/kparse" --kconfig-version 6.12 "$D/sources-assign"
like "$OUT" "^default B y y$" "an assignment ends with its file, the parent is read as before"
done_testing
