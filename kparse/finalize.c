/*
 * finalize: what the kernel's menu.c:menu_finalize does before values are computed
 * (SEMANTICS 5, 7): parent dependencies into entries and property conditions, rewrite_m,
 * automatic submenus (they decide choice membership in Kconfig 6.1), choice types (6.1).
 */
#include "kparse.h"
#include "util.h"

static bool is_choice(const struct ksym *s)
{
	return s && s->kind == KS_CHOICE;
}

/* Kconfig 6.1: a choice without a type takes the first typed member's; members inherit it */
static void choice_types(struct kmenu *parent)
{
	struct ksym *c = parent->sym;

	for (struct kmenu *m = parent->list; m && c->type == KT_UNKNOWN; m = m->next)
		if (m->sym && m->sym->type != KT_UNKNOWN)
			c->type = m->sym->type;
	for (struct kmenu *m = parent->list; m; m = m->next)
		if (m->sym && m->sym->type == KT_UNKNOWN)
			m->sym->type = c->type;
}

static struct kexpr *rewrite(struct kparse *kp, struct kexpr *e)
{
	return kx_rewrite_m(e, &kp->syms.mod, kp->modules_sym);
}

/* each child: dep := parent dep && rewrite_m(own dep); each property: cond := dep && if */
static void propagate(struct kparse *kp, struct kmenu *parent, struct kexpr *parentdep)
{
	for (struct kmenu *m = parent->list; m; m = m->next) {
		m->dep = kx_and(parentdep, rewrite(kp, m->dep));
		if (!m->sym) {
			if (m->prompt)
				m->prompt->cond = kx_and(m->dep, rewrite(kp, m->prompt->cond));
			continue;
		}
		for (struct kprop *p = m->sym->props; p; p = p->next)
			if (p->menu == m)
				p->cond = old_trans_bool(kp, m->sym,
							 kx_and(m->dep, rewrite(kp, p->cond)));
	}
}

/* every AND operand of sub is an AND operand of e (the kernel's "superset" test) */
static bool and_operand(const struct kexpr *e, const struct kexpr *x)
{
	if (e && e->op == KX_AND)
		return and_operand(e->a, x) || and_operand(e->b, x);
	return kx_equal(e, x);
}

static bool and_superset(const struct kexpr *e, const struct kexpr *sub)
{
	if (!sub)
		return true;
	if (sub->op == KX_AND)
		return and_superset(e, sub->a) && and_superset(e, sub->b);
	return and_operand(e, sub);
}

static void finalize(struct kparse *kp, struct kmenu *parent, bool inside_choice);

/* consecutive entries after a symbol that depend on it become its children */
static void auto_submenu(struct kparse *kp, struct kmenu *parent)
{
	struct ksym *s = parent->sym;
	bool v61 = kp->version == KV_6_1;
	struct kexpr *base = parent->prompt ? kx_simplify(parent->prompt->cond, &kp->syms, v61) : NULL;
	struct kmenu *m, *last = NULL;

	for (m = parent->next; m; m = m->next) {
		struct kexpr *dep = kx_simplify(m->prompt ? m->prompt->cond : m->dep, &kp->syms, v61);

		if (!kx_contains(dep, s))
			break;
		if (!kx_depends(dep, s, &kp->syms) && !and_superset(dep, base))
			break;
		finalize(kp, m, false);
		m->parent = parent;
		last = m;
	}
	if (last) {
		parent->list = parent->next;
		parent->next = last->next;
		last->next = NULL;
	}
}

/* Kconfig 6.1: the entries left directly in a choice are its members */
static void mark_member(struct kparse *kp, struct ksym *c, struct kmenu *m)
{
	struct kexpr *is_y;

	if (!m->sym || m->sym->choice)
		return;
	m->sym->choice = c;
	c->members = xrealloc(c->members, (c->nmembers + 1) * sizeof(*c->members));
	c->members[c->nmembers++] = m->sym;
	if (c->type != KT_TRISTATE || m->sym->type == KT_TRISTATE)
		return;
	is_y = kx_new(KX_EQ, kx_sym(c), kx_sym(&kp->syms.yes));
	m->dep = kx_and(is_y, m->dep);
	for (struct kprop *p = m->sym->props; p; p = p->next)
		if (p->menu == m)
			p->cond = kx_and(is_y, p->cond);
}

/* blocks without a prompt (if, promptless symbols) give their children to their parent */
static void flatten(struct kparse *kp, struct kmenu *parent)
{
	bool old_choice = kp->version == KV_6_1 && is_choice(parent->sym);

	for (struct kmenu *m = parent->list; m; m = m->next) {
		struct kmenu *last;

		if (old_choice)
			mark_member(kp, parent->sym, m);
		if (!m->list || m->prompt)
			continue;
		for (last = m->list;; last = last->next) {
			last->parent = parent;
			if (!last->next)
				break;
		}
		last->next = m->next;
		m->next = m->list;
		m->list = NULL;
	}
}

static void finalize(struct kparse *kp, struct kmenu *parent, bool inside_choice)
{
	struct ksym *s = parent->sym;

	if (parent->list) {
		bool old_choice = kp->version == KV_6_1 && is_choice(s);

		if (old_choice)
			choice_types(parent);
		propagate(kp, parent, old_choice ? kx_sym(s) : parent->dep);
		for (struct kmenu *m = parent->list; m; m = m->next)
			finalize(kp, m, is_choice(s));
	} else if (s && !(inside_choice && kp->version != KV_6_1)) {
		auto_submenu(kp, parent);
	}
	flatten(kp, parent);
}

void finalize_menus(struct kparse *kp)
{
	if (!kp->modules_sym)
		kp->modules_sym = &kp->syms.no;
	finalize(kp, &kp->root, false);
}
