/* pendant: folds the pendant variables of the formula into literal weights before the
 * search. A variable y whose clauses all hold one other variable x, a projected one (a leaf
 * of the primal graph: in Kconfig, an option that only depends on x, or that x excludes),
 * gives every model with x = b the same factor c_b: the weighted number of values of y that
 * satisfy those clauses, or whether one does when y is hidden. So its clauses can go, and
 * x's literals take the factors: w(x = b) *= c_b. Folding again peels whole trees off the
 * rest; a projected variable left in no clause is a factor w(x) + w(not x) of the count.
 * The search never visits the variables folded (2,913 of the 5,112 of Knüppel's Linux
 * 2.6.33.3), and multiplies the weights of the literals it assigns (count.c). */
#include <stdlib.h>

#include "kcount.h"
#include "util.h"

struct folding {
	struct formula *f;
	int nclauses;
	int *start;               /* by clause: its first literal in f->clauses */
	unsigned char *dead;      /* by clause */
	struct ivec *occ;         /* by variable: its clauses (dead ones dropped as met) */
	struct ivec queue;
	unsigned char *queued;
};

static void index_clauses(struct folding *fo)
{
	const struct ivec *cl = &fo->f->clauses;
	int begin = 0;

	fo->start = xmalloc(((size_t)cl->n + 1) * sizeof *fo->start);
	for (int i = 0; i < cl->n; i++)
		if (!cl->a[i]) {
			for (int j = begin; j < i; j++)
				ivec_push(&fo->occ[abs(cl->a[j])], fo->nclauses);
			fo->start[fo->nclauses++] = begin;
			begin = i + 1;
		}
	fo->dead = xcalloc((size_t)fo->nclauses + 1, 1);
}

static const int *clause(const struct folding *fo, int c)
{
	return fo->f->clauses.a + fo->start[c];
}

/* The one other variable of y's live clauses when all of them are binary and hold it; 0 when
 * y has none, -1 when it is no pendant. Drops dead clauses from y's list on the way. */
static int partner(struct folding *fo, int y)
{
	struct ivec *o = &fo->occ[y];
	int x = 0, n = 0;

	for (int i = 0; i < o->n; i++) {
		const int *c = clause(fo, o->a[i]);
		if (fo->dead[o->a[i]])
			continue;
		o->a[n++] = o->a[i];
		if (!c[1] || c[2] || (x && abs(c[0]) != x && abs(c[1]) != x))
			x = -1;
		else if (!x)
			x = abs(c[0]) == y ? abs(c[1]) : abs(c[0]);
	}
	o->n = n;
	return x;
}

/* Whether y's live clauses hold under x = bx, y = by (each 1 or 0). */
static int satisfied(const struct folding *fo, int y, int x, int bx, int by)
{
	for (int i = 0; i < fo->occ[y].n; i++) {
		const int *c = clause(fo, fo->occ[y].a[i]);
		int ok = 0;
		for (int j = 0; j < 2; j++) {
			int v = abs(c[j]), b = v == x ? bx : by;
			ok |= (c[j] > 0) == b;
		}
		if (!ok)
			return 0;
	}
	return 1;
}

static void push(struct folding *fo, int v)
{
	if (!fo->queued[v]) {
		fo->queued[v] = 1;
		ivec_push(&fo->queue, v);
	}
}

static void weights_init(struct formula *f)
{
	f->weight = xmalloc(2 * ((size_t)f->nvars + 1) * sizeof *f->weight);
	f->weighted = xcalloc((size_t)f->nvars + 1, 1);
	for (int l = 0; l < 2 * (f->nvars + 1); l++)
		mpz_init_set_ui(f->weight[l], 1);
}

/* Folds the pendant y into x: w(x = b) *= c_b, and y's clauses go. */
static void fold(struct folding *fo, int y, int x)
{
	struct formula *f = fo->f;
	mpz_t c;

	if (!f->weight)
		weights_init(f);
	mpz_init(c);
	for (int bx = 0; bx < 2; bx++) {
		mpz_set_ui(c, 0);
		for (int by = 0; by < 2; by++)
			if (satisfied(fo, y, x, bx, by)) {
				if (!f->projected[y]) {
					mpz_set_ui(c, 1);
					break;
				}
				mpz_add(c, c, f->weight[LIT(by ? y : -y)]);
			}
		mpz_mul(f->weight[LIT(bx ? x : -x)], f->weight[LIT(bx ? x : -x)], c);
	}
	mpz_clear(c);
	f->weighted[x] = 1;
	for (int i = 0; i < fo->occ[y].n; i++)
		fo->dead[fo->occ[y].a[i]] = 1;
	fo->occ[y].n = 0;
	f->projected[y] = f->defined[y] = f->weighted[y] = 0;  /* in no clause, hidden: a factor 1 */
}

/* x lost its last clause to the folds: its weights' sum is a factor of the count. */
static void isolate(struct formula *f, int x, mpz_t factor)
{
	mpz_t sum;

	mpz_init(sum);
	mpz_add(sum, f->weight[2 * x], f->weight[2 * x + 1]);
	mpz_mul(factor, factor, sum);
	mpz_clear(sum);
	f->projected[x] = f->weighted[x] = 0;
}

static void drop_dead(struct folding *fo)
{
	struct ivec *cl = &fo->f->clauses;
	int n = 0;

	for (int c = 0; c < fo->nclauses; c++)
		if (!fo->dead[c]) {
			const int *lit = clause(fo, c);
			do
				cl->a[n++] = *lit;
			while (*lit++);
		}
	cl->n = n;
}

int pendants_fold(struct formula *f, mpz_t factor, struct stats *st)
{
	struct folding fo = { .f = f };
	int folded = 0;

	fo.occ = xcalloc((size_t)f->nvars + 1, sizeof *fo.occ);
	fo.queued = xcalloc((size_t)f->nvars + 1, 1);
	index_clauses(&fo);
	for (int v = 1; v <= f->nvars; v++)
		push(&fo, v);
	for (int q = 0; q < fo.queue.n; q++) {
		int y = fo.queue.a[q], x;
		fo.queued[y] = 0;
		x = partner(&fo, y);
		if (x == 0 && f->weight && f->weighted[y])
			isolate(f, y, factor);
		if (x <= 0 || !f->projected[x])
			continue;
		fold(&fo, y, x);
		folded++;
		push(&fo, x);
	}
	if (folded)
		drop_dead(&fo);
	for (int v = 0; v <= f->nvars; v++)
		ivec_free(&fo.occ[v]);
	free(fo.occ);
	free(fo.queued);
	free(fo.start);
	free(fo.dead);
	ivec_free(&fo.queue);
	st->pendants += (uint64_t)folded;
	return folded;
}
