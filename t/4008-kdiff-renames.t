#!/bin/sh
# Renames need evidence beyond an identical definition (kdiff(1), What is compared). The three
# false renames kdiff found from 5.10 to 6.12 x86_64, as kparse writes them: DAVINCI_AINTC ->
# IRQ_IDT3243X and RENESAS_H8300H_INTC -> IRQ_DOMAIN_NOMAP (no prompt, nothing selects them on
# x86: always n, their own selects say nothing; no common word), UNIX_SCM -> AF_UNIX_OOB (no
# prompt, default y under just its dependencies). True renames kept: one with a prompt
# (CPU_SRSO), one selected (HAVE_FAST_GUP), one with a default of its own (SERIAL_8250_GSC).
. "$(dirname "$0")/lib.sh"
D=$T/data/4008
plan 6

run "$BIN/kdiff" -f tsv --no-count "$D/old.ir" "$D/new.ir"
is_status 1 "different models: exit status 1"
is "$(grep '^renamed' "$OUT" | cut -f 2,3 | tr '\t\n' '>;')" \
	"CPU_SRSO>MITIGATION_SRSO;HAVE_FAST_GUP>HAVE_GUP_FAST;SERIAL_8250_GSC>SERIAL_8250_PARISC;" \
	"true renames found: a prompt, a selected option, an own default"
is "$(grep '^removed' "$OUT" | cut -f 2 | tr '\n' ' ')" "DAVINCI_AINTC RENESAS_H8300H_INTC UNIX_SCM " \
	"the unrelated options are removed"
is "$(grep '^added' "$OUT" | cut -f 2 | tr '\n' ' ')" "AF_UNIX_OOB IRQ_DOMAIN_NOMAP IRQ_IDT3243X " \
	"and added"
is "$(grep -c '^changed' "$OUT")" 0 "nothing changed (X86 selects HAVE_GUP_FAST, renamed)"

# the real pairs, when the trees can be obtained
old=$(kernel_tree 5.10); new=$(kernel_tree 6.12)
if [ -z "$old" ] || [ -z "$new" ]; then
	skip "no 5.10 or 6.12 tree (share/get-kernel)"
else
	run "$BIN/kdiff" -f tsv --no-count "$old" "$new"
	is "$(grep -cE '^renamed	(DAVINCI_AINTC|RENESAS_H8300H_INTC|UNIX_SCM)	' "$OUT")" 0 \
		"5.10 -> 6.12 x86_64: none of the three reported renamed"
fi
done_testing
