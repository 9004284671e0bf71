/* vivify: removes the clauses that the others imply by unit propagation, and the literals
 * that propagation shows false. For a clause C = (l1 .. lk) the check assigns -l1, -l2, ...
 * in turn over the other clauses: when some li comes out true, or the propagation fails,
 * the others imply C, which goes; when li comes out false, the others and C imply C
 * without li, which replaces C. Either way the formula keeps its models, and the variables
 * outside the projection are left in fewer clauses, so eliminate.c can resolve more of
 * them away. The clause under check takes no part in its check: a long one has its
 * literals replaced by one that is always true, a binary one leaves the implication lists.
 * The checks see the clauses as they were before their literals were dropped, which are
 * weaker, so what they find holds all the more. */
#include <stdlib.h>
#include <string.h>

#include "kcount.h"
#include "util.h"

enum { VIVIFY_BUDGET = 400 * 1000 * 1000 };

struct vivifier {
	struct solver s;
	int truth;                /* literal code of the always-true variable */
	struct ivec out;          /* the clauses kept, DIMACS, each ended by 0 */
	struct ivec lits;         /* the clause under check, literal codes */
	int changed;              /* clauses removed or shortened */
};

/* Assigns the negations of x->lits but the i-th and propagates; 1 when that fails or makes
 * one of them true: then the enabled clauses imply x->lits. */
static int refute_others(struct vivifier *x, int i)
{
	struct solver *s = &x->s;

	for (int j = 0; j < x->lits.n; j++) {
		int l = x->lits.a[j];
		if (j == i || s->val[l] < 0)
			continue;
		if (s->val[l] > 0)
			return 1;
		solver_assign(s, NEG(l));
		if (!solver_propagate(s))
			return 1;
	}
	return 0;
}

/* 1 when the enabled clauses imply the clause in x->lits; else 0, with the literals they
 * show false given the others false dropped from x->lits. A first pass in order drops
 * those found on the way; then each literal left is checked against all the others,
 * which finds l in (.. l .. l' ..) when l implies l'. */
static int implied(struct vivifier *x)
{
	struct solver *s = &x->s;
	int mark = s->ntrail, m = 0, r = 0;

	for (int i = 0; i < x->lits.n && !r; i++) {
		int l = x->lits.a[i];
		if (s->val[l] > 0)
			r = 1;
		else if (!s->val[l]) {
			x->lits.a[m++] = l;
			solver_assign(s, NEG(l));
			r = !solver_propagate(s);
		}
	}
	solver_backtrack(s, mark);
	x->lits.n = m;
	/* A binary clause skips the second pass: all it could find is a failed literal, which
	 * the probing after each round (preprocess.c) looks for. */
	for (int i = 0; i < x->lits.n && x->lits.n > 2 && !r; ) {
		int l = x->lits.a[i];
		r = refute_others(x, i) || s->val[l] > 0;
		if (!r && s->val[l] < 0)
			x->lits.a[i] = x->lits.a[--x->lits.n];
		else
			i++;
		solver_backtrack(s, mark);
	}
	return r;
}

/* Keeps the clause in x->lits unless the enabled clauses imply it; 1 if it is kept. */
static int vivify_clause(struct vivifier *x, int n)
{
	if (implied(x)) {
		x->changed++;
		return 0;
	}
	x->changed += x->lits.n < n;
	for (int i = 0; i < x->lits.n; i++)
		ivec_push(&x->out, DIMACS(x->lits.a[i]));
	ivec_push(&x->out, 0);
	return 1;
}

static void vivify_long(struct vivifier *x, int c, int *saved)
{
	int *cl = x->s.lits + x->s.start[c], n = x->s.len[c];

	x->lits.n = 0;
	for (int i = 0; i < n; i++) {
		ivec_push(&x->lits, cl[i]);
		saved[i] = cl[i];
		cl[i] = x->truth;
	}
	if (vivify_clause(x, n))
		memcpy(cl, saved, (size_t)n * sizeof *cl);
}

static void drop(struct ivec *b, int l)
{
	for (int i = 0; i < b->n; i++)
		if (b->a[i] == l) {
			b->a[i] = b->a[--b->n];
			return;
		}
}

/* The binary clause (a b) is out of the implication lists during its check. */
static void vivify_bin(struct vivifier *x, int a, int b)
{
	drop(&x->s.bins[a], b);
	drop(&x->s.bins[b], a);
	x->lits.n = 0;
	ivec_push(&x->lits, a);
	ivec_push(&x->lits, b);
	if (vivify_clause(x, 2)) {
		ivec_push(&x->s.bins[a], b);
		ivec_push(&x->s.bins[b], a);
	}
}

int vivify(struct formula *f, struct ivec *raw, struct stats *st, const volatile sig_atomic_t *stop)
{
	struct vivifier x = { 0 };
	uint64_t budget = st->propagations + VIVIFY_BUDGET;
	int *saved = xmalloc(((size_t)f->nvars + 1) * sizeof *saved), begin = 0, c = 0;

	solver_init(&x.s, f->nvars + 1, f->clauses.a, (size_t)f->clauses.n, st);
	x.truth = 2 * (f->nvars + 1);
	solver_assign(&x.s, x.truth);
	for (int i = 0; i < f->clauses.n; i++) {
		const int *cl = f->clauses.a + begin;
		int n = i - begin;
		if (f->clauses.a[i])
			continue;
		begin = i + 1;
		if (st->propagations >= budget || *stop) {
			for (int j = 0; j <= n; j++)
				ivec_push(&x.out, cl[j]);
		} else if (n == 2)
			vivify_bin(&x, LIT(cl[0]), LIT(cl[1]));
		else
			vivify_long(&x, c, saved);
		c += n > 2;
	}
	free(saved);
	ivec_free(&x.lits);
	solver_free(&x.s);
	ivec_free(raw);
	*raw = x.out;
	st->vivified += (uint64_t)x.changed;
	return x.changed;
}
