/*
 * transform: the kernel's simplification of a condition as menu.c:menu_finalize stores it
 * (expr.c: expr_transform, then expr_eliminate_dups), as far as it decides which symbols a
 * condition names. That is what the structure depends on: automatic submenus (and so choice
 * membership in Kconfig 6.1) and the recursive dependency check. A bool tested for m is a
 * constant ("boolean symbol A tested for 'm'? test forced to 'n'"), and a constant can
 * swallow the rest of an AND or OR. Values are not affected: every rewrite keeps the
 * value, so the IR keeps the conditions as written.
 */
#include <stdlib.h>

#include "kparse.h"
#include "util.h"

static struct kexpr *transform(struct kexpr *e, struct symtab *t);
static struct kexpr *eliminate_dups(struct kexpr *e, struct symtab *t, bool *joined);

static bool is_sym(const struct kexpr *e, const struct ksym *s)
{
	return e && e->op == KX_SYM && e->sym == s;
}

/* y, m, n or a quoted constant: the kernel's SYMBOL_CONST */
static bool is_constant(const struct ksym *s)
{
	return s->kind == KS_CONST || s->kind == KS_YES || s->kind == KS_MOD || s->kind == KS_NO;
}

static bool is_bool(const struct kexpr *e)
{
	return e->op == KX_SYM && e->sym->type == KT_BOOL;
}

/* a comparison of a bool with y, m or n (expr_transform's E_EQUAL and E_UNEQUAL cases) */
static struct kexpr *compare_bool(struct kexpr *e, struct symtab *t)
{
	bool eq = e->op == KX_EQ;
	struct ksym *c = e->b->sym;

	if (!is_bool(e->a))
		return e;
	if (c == &t->mod)
		return kx_sym(eq ? &t->no : &t->yes);
	if (c == &t->no)
		return eq ? kx_new(KX_NOT, e->a, NULL) : e->a;
	if (c == &t->yes)
		return eq ? e->a : kx_new(KX_NOT, e->a, NULL);
	return e;
}

/* expr_transform's E_NOT case, on an operand already transformed */
static struct kexpr *negate(struct kexpr *x, struct symtab *t)
{
	static const enum kx_op opposite[] = {
		[KX_EQ] = KX_NE, [KX_NE] = KX_EQ, [KX_LE] = KX_GT, [KX_GE] = KX_LT,
		[KX_LT] = KX_GE, [KX_GT] = KX_LE,
	};

	switch (x->op) {
	case KX_NOT:
		return x->a;
	case KX_OR:
	case KX_AND:
		return transform(kx_new(x->op == KX_OR ? KX_AND : KX_OR, kx_new(KX_NOT, x->a, NULL),
					   kx_new(KX_NOT, x->b, NULL)), t);
	case KX_SYM:
		if (x->sym == &t->yes)
			return kx_sym(&t->no);
		if (x->sym == &t->no)
			return kx_sym(&t->yes);
		return x->sym == &t->mod ? x : kx_new(KX_NOT, x, NULL);
	default:
		return kx_new(opposite[x->op], x->a, x->b);
	}
}

/* expr_transform */
static struct kexpr *transform(struct kexpr *e, struct symtab *t)
{
	if (!e)
		return NULL;
	switch (e->op) {
	case KX_SYM:
	case KX_LT:
	case KX_LE:
	case KX_GT:
	case KX_GE:
		return e;
	case KX_EQ:
	case KX_NE:
		return compare_bool(e, t);
	case KX_NOT:
		return negate(transform(e->a, t), t);
	default:
		return kx_new(e->op, transform(e->a, t), transform(e->b, t));
	}
}

/* expr_eliminate_yn: y and n absorbed by, or absorbing, the other operand */
static struct kexpr *eliminate_yn(struct kexpr *e, struct symtab *t)
{
	struct kexpr *a, *b;
	struct ksym *absorbing, *neutral;

	if (!e || (e->op != KX_AND && e->op != KX_OR))
		return e;
	a = eliminate_yn(e->a, t);
	b = eliminate_yn(e->b, t);
	absorbing = e->op == KX_AND ? &t->no : &t->yes;
	neutral = e->op == KX_AND ? &t->yes : &t->no;
	if (is_sym(a, absorbing) || is_sym(b, neutral))
		return a;
	if (is_sym(b, absorbing) || is_sym(a, neutral))
		return b;
	return a == e->a && b == e->b ? e : kx_new(e->op, a, b);
}

/* the operands of a chain of op, each simplified, appended to *v */
static void operands(struct kexpr *e, enum kx_op op, struct symtab *t, bool *joined,
		     struct kexpr ***v, size_t *n)
{
	if (e->op == op) {
		operands(e->a, op, t, joined, v, n);
		operands(e->b, op, t, joined, v, n);
		return;
	}
	*v = xrealloc(*v, (*n + 1) * sizeof **v);
	(*v)[(*n)++] = e->op == KX_AND || e->op == KX_OR ? eliminate_dups(e, t, joined) : e;
}

/* expr_join_or and expr_join_and where they give a constant, which may then swallow the
 * chain; the others give a comparison of the same symbol, which names the same symbols */
static struct kexpr *join_constant(const struct kexpr *x, const struct kexpr *y, enum kx_op op,
				   struct symtab *t)
{
	if (op == KX_OR && is_bool(x) && y->op == KX_NOT && is_sym(y->a, x->sym))
		return kx_sym(&t->yes);	/* a || !a */
	if (op == KX_AND && x->op == KX_EQ && y->op == KX_NE && x->a->sym == y->a->sym &&
	    x->a->sym->type == KT_TRISTATE && x->b->sym == y->b->sym && is_constant(x->b->sym))
		return kx_sym(&t->no);	/* a = c && a != c */
	return NULL;
}

/* expr_eliminate_dups without its final y/n elimination: an operand equal to another, or
 * joined with it into a constant, gives way to the neutral constant; *joined if any did */
static struct kexpr *eliminate_dups(struct kexpr *e, struct symtab *t, bool *joined)
{
	struct kexpr **v = NULL, *joint, *r;
	struct ksym *neutral;
	size_t n = 0;

	if (!e || (e->op != KX_AND && e->op != KX_OR))
		return e;
	neutral = e->op == KX_AND ? &t->yes : &t->no;
	operands(e, e->op, t, joined, &v, &n);
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++) {
			if (i == j)
				continue;
			joint = kx_equal(v[i], v[j]) ? v[j] : join_constant(v[i], v[j], e->op, t);
			if (joint) {
				v[i] = kx_sym(neutral);
				v[j] = joint;
				*joined = true;
			}
		}
	r = v[0];
	for (size_t i = 1; i < n; i++)
		r = kx_new(e->op, r, v[i]);
	free(v);
	return r;
}

struct kexpr *kx_simplify(struct kexpr *e, struct symtab *t, bool kconfig_6_1)
{
	bool joined;

	e = transform(e, t);
	do {
		joined = false;
		e = eliminate_dups(e, t, &joined);
		if (joined || !kconfig_6_1)	/* 6.1 drops y and n only after a join */
			e = eliminate_yn(e, t);
	} while (joined);
	return e;
}
