/*
 * check: what the kernel rejects after finalisation in Kconfig 6.12 and later (SEMANTICS 7.1,
 * 9.1; parser.y:choice_check_sanity, transitional_check_sanity): defaults on choice members,
 * a member prompted outside its choice, and transitional symbols with more than a type and
 * help. A member that depends on another member of its choice is a recursive dependency on
 * the choice group, which cycles.c finds with the others (symbol.c:sym_check_deps).
 */
#include <stdlib.h>

#include "kparse.h"

/* whether entry m is in the block of choice c, directly or inside an if */
static bool inside(const struct kmenu *m, const struct ksym *c)
{
	for (m = m->parent; m && !m->sym; m = m->parent)
		;
	return m && m->sym == c;
}

static void check_member(struct kparse *kp, const struct ksym *c, const struct ksym *m)
{
	for (const struct kprop *p = m->props; p; p = p->next) {
		if (p->kind == KP_DEFAULT)
			diag_error(kp, p->menu->at, "defaults for choice values not supported ('%s')",
				   m->name);
		if (p->kind == KP_PROMPT && !inside(p->menu, c))
			diag_error(kp, p->menu->at,
				   "choice value has a prompt outside its choice group ('%s')", m->name);
	}
}

/* a transitional symbol has no dependency, visibility or property at all */
static void check_transitional(struct kparse *kp, const struct ksym *s)
{
	for (size_t i = 0; i < s->ndefs; i++)
		if (s->defs[i]->dep || s->props) {
			diag_error(kp, s->defs[i]->at,
				   "transitional symbols can only have help sections ('%s')", s->name);
			return;
		}
}

void check_model(struct kparse *kp)
{
	size_t n;
	struct ksym **syms;

	if (kp->version == KV_6_1)
		return;
	syms = sym_sorted(&kp->syms, &n);
	for (size_t i = 0; i < n; i++)
		if (syms[i]->transitional)
			check_transitional(kp, syms[i]);
	free(syms);
	for (size_t i = 0; i < kp->syms.nchoices; i++) {
		const struct ksym *c = kp->syms.choices[i];

		for (size_t k = 0; k < c->nmembers; k++)
			check_member(kp, c, c->members[k]);
	}
}
