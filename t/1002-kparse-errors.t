#!/bin/sh
# kparse on bad input: one small file per error form (t/data/1002/), each with its exit status
# and the exact first diagnostic; "-" means no diagnostic is expected at all.
. "$(dirname "$0")/lib.sh"
D=$T/data/1002

cases='
unterminated-string|6.12|0|unterminated-string:2:11: warning: multi-line strings not supported
unknown-keyword|6.12|1|unknown-keyword:4:1: error: unknown statement '"'"'frobnicate'"'"'
missing-source|6.12|1|missing-source:4:1: error: cannot open file '"'"'no/such/Kconfig'"'"'
source-directory|6.12|1|source-directory:4:1: error: cannot open file '"'"'.'"'"'
recursive-source|6.12|1|recursive-source.inc:4:1: error: recursive inclusion of '"'"'recursive-source.inc'"'"'
unterminated-macro|6.12|1|unterminated-macro:1:1: error: unterminated reference to '"'"'info,unterminated'"'"': missing '"'"')'"'"'
macro-arguments|6.12|1|macro-arguments:1:1: error: too many function arguments passed to '"'"'shell'"'"'
recursive-variable|6.12|1|recursive-variable:3:1: error: recursive variable '"'"'X'"'"' references itself (eventually)
error-if|6.12|1|error-if:2:1: error: the toolchain is missing
error-if-unknown|6.12|0|-
missing-endmenu|6.12|1|missing-endmenu:4:10: error: syntax error, unexpected end of file
extra-endif|6.12|1|extra-endif:3:1: error: syntax error, unexpected '"'"'endif'"'"'
mismatched-end|6.12|1|mismatched-end:4:1: error: unexpected '"'"'endmenu'"'"' within if block
missing-endchoice|6.12|1|missing-endchoice:5:10: error: syntax error, unexpected end of file
bad-expression|6.12|1|bad-expression:3:17: error: syntax error, unexpected end of line
choice-member-type|6.12|1|choice-member-type:4:1: error: choice member must be bool
choice-member-depends|6.12|1|choice-member-depends:7:1: error: recursive dependency: choice member '"'"'B'"'"' depends on '"'"'A'"'"' of the same choice
choice-member-default|6.12|1|choice-member-default:4:1: error: defaults for choice values not supported ('"'"'A'"'"')
choice-prompt-outside|6.12|1|choice-prompt-outside:9:1: error: choice value has a prompt outside its choice group ('"'"'A'"'"')
transitional-default|7.2|1|transitional-default:1:1: error: transitional symbols can only have help sections ('"'"'OLD'"'"')
cycle-self|6.12|1|cycle-self:1:1: error: recursive dependency detected: '"'"'A'"'"' depends on itself
cycle-select|6.1|1|cycle-select:6:1: error: recursive dependency detected: '"'"'B'"'"' depends on itself
cycle-default|7.3|1|cycle-default:5:1: error: recursive dependency detected: '"'"'B'"'"' depends on '"'"'A'"'"', which depends back on it
cycle-choice-select|6.1|1|cycle-choice-select:8:1: error: recursive dependency: choice member '"'"'B'"'"' depends on '"'"'A'"'"' of the same choice
cycle-constant|6.1|1|cycle-constant:2:1: error: recursive dependency detected: '"'"'A'"'"' depends on itself
modules-twice|6.1|1|modules-twice:4:2: error: symbol '"'"'MODULES'"'"' redefines option '"'"'modules'"'"' already defined by symbol '"'"'MODULES'"'"'
modules-twice|7.3|1|modules-twice:4:2: error: symbol '"'"'MODULES'"'"' redefines option '"'"'modules'"'"' already defined by symbol '"'"'MODULES'"'"'
modules-redefined|6.12|1|modules-redefined:6:2: error: symbol '"'"'MODULES'"'"' redefines option '"'"'modules'"'"' already defined by symbol '"'"'MODULES'"'"'
depends-if|6.12|1|depends-if:3:15: error: '"'"'depends on ... if'"'"' needs Kconfig 7.2 or later
'
plan 74

echo "$cases" > "$TMP/cases"
while IFS='|' read -r file version status first; do
	[ -n "$file" ] || continue
	run "$BIN/kparse" --kconfig-version "$version" "$D/$file"
	is_status "$status" "$file: exit status $status"
	if [ "$first" = - ]; then
		is "$(cat "$ERR")" "" "$file: no diagnostic"
	else
		is "$(head -n 1 "$ERR")" "$first" "$file: first diagnostic"
	fi
done < "$TMP/cases"

# all errors of a file are reported, each block's start is named, the chain is shown
run "$BIN/kparse" "$D/unknown-keyword"
like "$ERR" "^unknown-keyword:9:1: error: unknown statement 'wibble'" "a second unknown statement is reported"
run "$BIN/kparse" "$D/missing-endmenu"
like "$ERR" "^missing-endmenu:1:1: error: missing end statement for this 'menu'" "the open menu is named"
run "$BIN/kparse" "$D/recursive-source"
is "$(sed -n 2p "$ERR")" "  included from recursive-source:4" "the include chain follows the error"
run "$BIN/kparse" "$D/error-if"
like "$ERR" "^error-if:3:1: warning: only a warning" "warning-if warns"
run "$BIN/kparse" --kconfig-version 7.3 "$D/depends-if"
is_status 0 "'depends on ... if' is accepted in 7.3"
run "$BIN/kparse" --kconfig-version 6.1 "$D/choice-member-depends"
is_status 0 "6.1 nests a member's dependent instead (no error)"
run "$BIN/kparse" --kconfig-version 6.1 "$D/option-modules-twice"
like "$ERR" "^option-modules-twice:4:2: error: symbol 'MODULES' redefines option 'modules'" "the old 'option modules' counts as 'modules'"
# usage errors exit 2
run "$BIN/kparse"
is_status 2 "no argument: usage error"
run "$BIN/kparse" --no-such-option "$D/error-if"
is_status 2 "unknown option: usage error"
run "$BIN/kparse" "$D/no-such-file"
is_status 2 "missing input: exit 2"
run "$BIN/kparse" -a no-such-arch "$D/error-if"
is_status 2 "unknown architecture: exit 2"
mkdir -p "$TMP/no-tree" "$TMP/tree/arch/x86" "$TMP/tree/arch/arm64" "$TMP/tree/arch/empty"
run "$BIN/kparse" -a x86_64 "$TMP/no-tree"
is "$(cat "$ERR")" "kparse: '$TMP/no-tree' has no top-level Kconfig" "a directory that is no tree: said so"
is_status 2 "a directory that is no tree: exit 2"
cp "$D/error-if-unknown" "$TMP/tree/Kconfig"
touch "$TMP/tree/arch/x86/Kconfig" "$TMP/tree/arch/arm64/Kconfig"
run "$BIN/kparse" -a nosucharch "$TMP/tree"
is "$(cat "$ERR")" "kparse: ARCH=nosucharch is not in '$TMP/tree/arch'; valid: arm64 i386 x86 x86_64" \
	"an unknown architecture: the tree's are listed"
run "$BIN/kparse" -D =1 "$D/error-if"
is_status 2 "-D without a name: exit 2"
run "$BIN/kparse" --kconfig-version 6.1.1 "$D/error-if"
is_status 2 "a --kconfig-version that is not X.Y: exit 2"
