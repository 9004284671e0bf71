# kconfig-gen.awk: writes one random small Kconfig file (awk -v seed=S -f kconfig-gen.awk).
# Symbols S1..Sn; every expression of Si reads only symbols before it and selects/implies
# name only later ones, so the file has no dependency cycle. Uses bool/tristate symbols,
# MODULES (sometimes), prompts with conditions, depends on (also on m), defaults, select,
# imply, if blocks, menus (depends on, visible if), bool choices, comparisons, an int with a
# range, a string, second definitions of earlier symbols.
# Constructs every release since 6.1 accepts; never `BOOL != y` (a kernel bug).

function pick(n) { return int(rand() * n) }

# a second definition of an earlier symbol that is not a choice member
function redefine(i,   j, saved_int, saved_str) {
	j = 1 + pick(i - 1)
	if (member[j] || type[j] == "")
		return
	saved_int = has_int
	saved_str = has_str
	has_int = has_str = 0	# N and STR may read S1..S(i-1)
	print ""
	print "config S" j
	if (rand() < 0.5)
		print "\t" type[j] " \"S" j " again\"" cond(j)
	else
		print "\t" type[j]
	if (rand() < 0.5)
		print "\tdepends on " expr(j, 1)
	print "\tdefault " expr(j, 1) cond(j)
	has_int = saved_int
	has_str = saved_str
}

# an atom over symbols S1..S(lim-1) (plus MODULES when present)
function atom(lim,   k, r) {
	if (lim <= 1 || rand() < 0.1)
		return (rand() < 0.5) ? "y" : ((rand() < 0.5) ? "m" : "n")
	k = "S" (1 + pick(lim - 1))
	r = rand()
	if (r < 0.45) return k
	if (r < 0.6) return "!" k
	if (r < 0.7) return k " = " ((rand() < 0.5) ? "y" : "m")
	if (r < 0.8) return k " != n"
	if (r < 0.88 && lim > 2) return k " = S" (1 + pick(lim - 1))
	if (r < 0.94 && has_int) return "N " ((rand() < 0.5) ? ">" : "<=") " " (2 + pick(6))
	if (r < 0.97 && has_str) return "STR " ((rand() < 0.5) ? "=" : "!=") " \"" substr("ab", 1 + pick(2), 1) "\""
	return k " = n"
}

function expr(lim, depth,   a) {
	if (depth <= 0 || rand() < 0.5)
		return atom(lim)
	a = expr(lim, depth - 1)
	if (rand() < 0.15)
		return "!(" a ")"
	return "(" a ((rand() < 0.5) ? " && " : " || ") expr(lim, depth - 1) ")"
}

function cond(lim) { return (rand() < 0.5) ? "" : " if " expr(lim, 1) }

function emit_symbol(i, in_choice,   t, j, nd) {
	t = in_choice ? "bool" : ((rand() < 0.5) ? "bool" : "tristate")
	if (t == "tristate") ntri++
	if (ntri > 5) t = "bool"
	type[i] = t
	member[i] = in_choice
	print ""
	print "config S" i
	if (in_choice || rand() < 0.7)
		print "\t" t " \"S" i "\"" ((!in_choice && rand() < 0.3) ? " if " expr(i, 1) : "")
	else
		print "\t" t
	if (rand() < 0.4)
		print "\tdepends on " expr(in_choice ? choice_lim : i, 1)
	else if (!in_choice && rand() < 0.05)
		print "\tdepends on m"
	if (in_choice)
		return
	nd = pick(3)
	for (j = 0; j < nd; j++)
		print "\tdefault " ((rand() < 0.5) ? substr("ymn", 1 + pick(3), 1) : expr(i, 1)) cond(i)
	if (i < n && rand() < 0.25)
		print "\tselect S" (i + 1 + pick(n - i)) cond(i)
	if (i < n && rand() < 0.2)
		print "\timply S" (i + 1 + pick(n - i)) cond(i)
}

function emit_choice(first, last,   i) {
	choice_lim = first
	print ""
	print "choice"
	print "\tprompt \"C" first "\"" ((rand() < 0.2) ? " if " expr(first, 1) : "")
	if (rand() < 0.3)
		print "\tdepends on " expr(first, 1)
	if (rand() < 0.5)
		print "\tdefault S" (first + pick(last - first + 1)) cond(first)
	for (i = first; i <= last; i++)
		emit_symbol(i, 1)
	print ""
	print "endchoice"
}

BEGIN {
	srand(seed)
	n = 4 + pick(4)
	has_int = has_str = 0
	print "# random Kconfig, seed " seed
	if (rand() < 0.7) {
		print ""
		print "config MODULES"
		r = rand()
		if (r < 0.6) print "\tbool \"Enable loadable module support\""
		else if (r < 0.8) { print "\tbool \"Enable loadable module support\""; print "\tdefault y" }
		else print "\tdef_bool y"
		print "\tmodules"
	}
	i = 1
	while (i <= n) {
		r = rand()
		if (r < 0.15 && i + 1 <= n) {
			last = i + 1 + pick(2)
			if (last > n) last = n
			emit_choice(i, last)
			i = last + 1
		} else if (r < 0.3 && i > 1) {
			block = (rand() < 0.5) ? "if" : "menu"
			print ""
			if (block == "if") print "if " expr(i, 1)
			else {
				print "menu \"M" i "\""
				if (rand() < 0.6) print "\tdepends on " expr(i, 1)
				else print "\tvisible if " expr(i, 1)
			}
			emit_symbol(i, 0)
			if (i + 1 <= n) emit_symbol(i + 1, 0)
			print ""
			print (block == "if") ? "endif" : "endmenu"
			i += 2
		} else {
			emit_symbol(i, 0)
			i++
		}
		if (i > 2 && rand() < 0.12)
			redefine(i)
		if (!has_str && i > 2 && rand() < 0.1) {
			print ""
			print "config STR"
			print "\tstring" ((rand() < 0.5) ? " \"STR\"" : "")
			print "\tdefault \"a\" if " expr(i, 1)
			print "\tdefault \"b\"" cond(i)
			has_str = 1
		}
		if (!has_int && i > 2 && rand() < 0.15) {
			print ""
			print "config N"
			print "\tint" ((rand() < 0.5) ? " \"N\"" : "")
			if (rand() < 0.5) print "\trange 1 " (3 + pick(5)) cond(i)
			print "\tdefault " (1 + pick(8)) " if " expr(i, 1)
			print "\tdefault " (1 + pick(8))
			has_int = 1
		}
	}
}
