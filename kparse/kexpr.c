/* kexpr: Kconfig expressions, the kernel's rewrites of them, and their kir(5) form. */
#include <string.h>

#include "kparse.h"
#include "util.h"

struct kexpr *kx_new(enum kx_op op, struct kexpr *a, struct kexpr *b)
{
	struct kexpr *e = xcalloc(1, sizeof(*e));

	e->op = op;
	e->a = a;
	e->b = b;
	e->depth = 1 + (a ? a->depth : 0);
	if (b && b->depth >= e->depth)
		e->depth = b->depth + 1;
	return e;
}

struct kexpr *kx_sym(struct ksym *sym)
{
	struct kexpr *e = kx_new(KX_SYM, NULL, NULL);

	e->sym = sym;
	return e;
}

/* NULL stands for y (no condition), as in the kernel */
struct kexpr *kx_and(struct kexpr *a, struct kexpr *b)
{
	if (!a)
		return b;
	if (!b)
		return a;
	return kx_new(KX_AND, a, b);
}

struct kexpr *kx_or(struct kexpr *a, struct kexpr *b)
{
	if (!a)
		return b;
	if (!b)
		return a;
	return kx_new(KX_OR, a, b);
}

/* SEMANTICS 2: the literal m in a condition becomes m && MODULES (menu.c:rewrite_m) */
struct kexpr *kx_rewrite_m(struct kexpr *e, struct ksym *mod, struct ksym *modules)
{
	if (!e)
		return NULL;
	switch (e->op) {
	case KX_NOT:
		return kx_new(KX_NOT, kx_rewrite_m(e->a, mod, modules), NULL);
	case KX_AND:
	case KX_OR:
		return kx_new(e->op, kx_rewrite_m(e->a, mod, modules),
			      kx_rewrite_m(e->b, mod, modules));
	case KX_SYM:
		if (e->sym == mod)
			return kx_new(KX_AND, e, kx_sym(modules));
		return e;
	default:
		return e;
	}
}

/*
 * SEMANTICS 9.2: the kernel's expr_trans_compare(e, op, s) for op = or != and s one of y,
 * m, n; used for "depends on X if C" (C = n) and for automatic submenus (e != n).
 */
struct kexpr *kx_trans_compare(struct kexpr *e, enum kx_op op, struct symtab *t, struct ksym *s)
{
	struct kexpr *l, *r;

	if (!e) {
		e = kx_sym(s);
		return op == KX_NE ? kx_new(KX_NOT, e, NULL) : e;
	}
	switch (e->op) {
	case KX_AND:
	case KX_OR:
		l = kx_trans_compare(e->a, KX_EQ, t, s);
		r = kx_trans_compare(e->b, KX_EQ, t, s);
		if (s == &t->yes)
			e = kx_new(e->op, l, r);
		else if (s == &t->no)
			e = kx_new(e->op == KX_AND ? KX_OR : KX_AND, l, r);
		return op == KX_NE ? kx_new(KX_NOT, e, NULL) : e;
	case KX_NOT:
		return kx_trans_compare(e->a, op == KX_EQ ? KX_NE : KX_EQ, t, s);
	case KX_SYM:
		return kx_new(op, e, kx_sym(s));
	default:
		if (s == &t->mod)
			return kx_sym(op == KX_EQ ? &t->no : &t->yes);
		if ((op == KX_EQ) == (s == &t->yes))
			return e;
		return kx_new(KX_NOT, e, NULL);
	}
}

bool kx_contains(const struct kexpr *e, const struct ksym *s)
{
	if (!e)
		return false;
	if (e->op == KX_SYM)
		return e->sym == s;
	return kx_contains(e->a, s) || kx_contains(e->b, s);
}

/* the kernel's expr_depends_symbol: e implies s != n on every AND path */
bool kx_depends(const struct kexpr *e, const struct ksym *s, const struct symtab *t)
{
	if (!e)
		return false;
	switch (e->op) {
	case KX_AND:
		return kx_depends(e->a, s, t) || kx_depends(e->b, s, t);
	case KX_SYM:
		return e->sym == s;
	case KX_EQ:
		return e->a->sym == s && (e->b->sym == &t->yes || e->b->sym == &t->mod);
	case KX_NE:
		return e->a->sym == s && e->b->sym == &t->no;
	default:
		return false;
	}
}

bool kx_equal(const struct kexpr *a, const struct kexpr *b)
{
	if (!a || !b)
		return a == b;
	if (a->op != b->op)
		return false;
	if (a->op == KX_SYM)
		return a->sym == b->sym;
	return kx_equal(a->a, b->a) && kx_equal(a->b, b->b);
}

void kx_print_string(FILE *f, const char *s)
{
	putc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			putc('\\', f);
		if (*s == '\n')
			putc(' ', f);
		else
			putc(*s, f);
	}
	putc('"', f);
}

static void print_sym(FILE *f, const struct ksym *s)
{
	if (s->kind == KS_CONST)
		kx_print_string(f, s->name);
	else
		fputs(s->name, f);
}

/* AND and OR chains print as one operator with all their operands (kir(5)) */
static void print_operands(FILE *f, const struct kexpr *e, enum kx_op op)
{
	if (e->op == op) {
		print_operands(f, e->a, op);
		print_operands(f, e->b, op);
		return;
	}
	putc(' ', f);
	kx_print(f, e);
}

void kx_print(FILE *f, const struct kexpr *e)
{
	static const char *const ops[] = { "", "not", "and", "or", "=", "!=", "<", "<=", ">", ">=" };

	if (!e) {
		putc('y', f);
		return;
	}
	if (e->op == KX_SYM) {
		print_sym(f, e->sym);
		return;
	}
	fprintf(f, "(%s", ops[e->op]);
	if (e->op == KX_AND || e->op == KX_OR) {
		print_operands(f, e->a, e->op);
		print_operands(f, e->b, e->op);
	} else {
		putc(' ', f);
		kx_print(f, e->a);
		if (e->b) {
			putc(' ', f);
			kx_print(f, e->b);
		}
	}
	putc(')', f);
}
