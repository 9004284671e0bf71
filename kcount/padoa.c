/* padoa: shrinks the projection to an independent support by satisfiability checks, which
 * finds the definitions that no single gate spells out (define.c finds those). By Padoa's
 * theorem, v is a function of a set S in a formula G exactly when G(X) and a renamed copy
 * G(X') cannot agree on S and differ on v. Each check is local: G is made of the clauses
 * among the variables nearest v, and S of the projected ones among them. That is safe, as
 * the whole formula implies G, and a definition by part of the projection is one by all of
 * it; Kconfig's definitions are local, and the checks stay small. Once v is found defined it
 * leaves the projection, so later checks look for definitions by what stays. A check that
 * runs out of conflicts keeps its variable, as do those left when the propagation budget or
 * the time runs out: less is removed, and nothing wrong. */
#include <stdlib.h>

#include "kcount.h"
#include "util.h"

enum { NEIGHBOURHOOD = 256, HUB = 64, MAX_CONFLICTS = 1000, PROPAGATION_BUDGET = 100 * 1000 * 1000 };

struct local {
	const struct formula *f;
	int *start;               /* by clause: its first literal in f->clauses */
	struct ivec *occ;         /* by variable: the clauses containing it */
	int *id;                  /* by variable: its number in the check, 0 if not in it */
	uint32_t *stamp, now;     /* by clause: taken into the current check */
	struct ivec vars, lits;   /* the check's variables and its doubled clauses */
	struct ivec order;        /* the check's decision order */
	struct solver s;          /* reloaded for each check: allocating one each time was half of preprocessing */
};

static void local_init(struct local *x, const struct formula *f, struct stats *st)
{
	int nclauses = 0, c = 0;

	x->f = f;
	for (int i = 0; i < f->clauses.n; i++)
		nclauses += !f->clauses.a[i];
	x->start = xmalloc(((size_t)nclauses + 1) * sizeof *x->start);
	x->stamp = xcalloc((size_t)nclauses + 1, sizeof *x->stamp);
	x->occ = xcalloc((size_t)f->nvars + 1, sizeof *x->occ);
	x->id = xcalloc((size_t)f->nvars + 1, sizeof *x->id);
	x->start[0] = 0;
	solver_init(&x->s, 3 * NEIGHBOURHOOD, NULL, 0, st);
	for (int i = 0; i < f->clauses.n; i++) {
		if (f->clauses.a[i])
			ivec_push(&x->occ[abs(f->clauses.a[i])], c);
		else
			x->start[++c] = i + 1;
	}
}

static void local_free(struct local *x)
{
	for (int v = 0; v <= x->f->nvars; v++)
		ivec_free(&x->occ[v]);
	free(x->occ);
	free(x->start);
	free(x->stamp);
	free(x->id);
	ivec_free(&x->vars);
	ivec_free(&x->lits);
	ivec_free(&x->order);
	solver_free(&x->s);
}

static void take(struct local *x, int w)
{
	if (!x->id[w] && x->vars.n < NEIGHBOURHOOD) {
		ivec_push(&x->vars, w);
		x->id[w] = x->vars.n;
	}
}

/* The variables nearest v, breadth first through the clauses, not through those of hubs
 * (variables in more than HUB clauses, which would bring in unrelated ones). */
static void gather(struct local *x, int v)
{
	const int *lits = x->f->clauses.a;

	x->vars.n = 0;
	take(x, v);
	for (int q = 0; q < x->vars.n && x->vars.n < NEIGHBOURHOOD; q++) {
		const struct ivec *o = &x->occ[x->vars.a[q]];
		if (q > 0 && o->n > HUB)
			continue;
		for (int i = 0; i < o->n && x->vars.n < NEIGHBOURHOOD; i++)
			for (int j = x->start[o->a[i]]; lits[j]; j++)
				take(x, abs(lits[j]));
	}
}

/* Appends the clause at lits[j..] in copy 0 or 1 (variables m+1..2m) unless it has a
 * variable outside the check; 0 if it has. */
static int copy_clause(struct local *x, int j, int m)
{
	const int *lits = x->f->clauses.a;
	int begin = x->lits.n;

	for (; lits[j]; j++) {
		int id = x->id[abs(lits[j])];
		if (!id) {
			x->lits.n = begin;
			return 0;
		}
		ivec_push(&x->lits, lits[j] > 0 ? id + m : -id - m);
	}
	ivec_push(&x->lits, 0);
	return 1;
}

/* G, its copy on m+1..2m, and for each projected u an indicator 2m+u that, true, equates
 * u and its copy. G has the clauses of the check's variables that are not hubs, and v's. */
static void doubled_clauses(struct local *x)
{
	int m = x->vars.n;

	x->lits.n = 0;
	if (++x->now == 0)
		x->now = 1;
	for (int i = 0; i < m; i++) {
		const struct ivec *o = &x->occ[x->vars.a[i]];
		if (i > 0 && o->n > HUB)
			continue;
		for (int k = 0; k < o->n; k++) {
			int c = o->a[k];
			if (x->stamp[c] == x->now)
				continue;
			x->stamp[c] = x->now;
			if (copy_clause(x, x->start[c], 0))
				copy_clause(x, x->start[c], m);
		}
	}
	for (int u = 1; u <= m; u++)
		if (x->f->projected[x->vars.a[u - 1]]) {
			int e = 2 * m + u;
			int eq[] = { -e, -u, u + m, 0, -e, u, -u - m, 0 };
			for (size_t i = 0; i < sizeof eq / sizeof *eq; i++)
				ivec_push(&x->lits, eq[i]);
		}
}

/* 1 when v (number 1 in the check) is a function of the other projected variables of the
 * check, 0 when not or not known. */
static int defined(struct local *x)
{
	int m = x->vars.n, r;
	struct solver *s = &x->s;

	doubled_clauses(x);
	solver_reload(s, 3 * m, x->lits.a, (size_t)x->lits.n);
	for (int u = 2; u <= m; u++)
		if (x->f->projected[x->vars.a[u - 1]])
			solver_assign(s, 2 * (2 * m + u));
	solver_assign(s, 2 * 1);
	solver_assign(s, 2 * (1 + m) + 1);
	if (!solver_propagate(s))
		r = 1;
	else {
		x->order.n = 0;
		for (int v = 1; v <= 2 * m; v++)
			ivec_push(&x->order, v);
		r = sat_search(s, NULL, x->order.a, x->order.n, 0, MAX_CONFLICTS) == 0;
	}
	return r;
}

int padoa_support(struct formula *f, struct stats *st, const volatile sig_atomic_t *stop)
{
	struct local x = { 0 };
	int removed = 0;
	uint64_t budget = st->propagations + PROPAGATION_BUDGET;

	local_init(&x, f, st);
	for (int v = f->nvars; v >= 1 && st->propagations < budget && !*stop; v--) {
		if (!f->projected[v] || f->fixed[v] || !x.occ[v].n)
			continue;
		st->padoa_checks++;
		gather(&x, v);
		if (defined(&x)) {
			f->projected[v] = 0;
			f->defined[v] = 1;
			removed++;
		}
		for (int i = 0; i < x.vars.n; i++)
			x.id[x.vars.a[i]] = 0;
	}
	local_free(&x);
	return removed;
}
