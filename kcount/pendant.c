/* pendant: folds the variables of degree one and two of the formula's primal graph into
 * literal weights and two-variable factors before the search. A variable y whose clauses
 * (and factors) hold at most two other variables, all projected, gives every model the same
 * factor g for each assignment of those: the weighted number of values of y that satisfy its
 * clauses, or whether one does when y is hidden. So y and its clauses can go:
 * - with one other variable x (a leaf of the primal graph: in Kconfig, an option that only
 *   depends on x, or that x excludes), x's literals take the factors: w(x = b) *= g(b);
 * - with two, a and b (the option that depends on a && b: of the 5,112 variables of
 *   Knüppel's Linux 2.6.33.3, 2,913 fold as leaves, and 1,278 more once these go too), a
 *   factor g(a, b) takes its place, an edge that joins a factor already between them, and
 *   goes into a's weights when it does not depend on b (or b's when not on a); the values
 *   it makes 0 become binary clauses, so that propagation decides them.
 * Folding again peels whole trees and chains off the rest; a projected variable left in
 * nothing is a factor w(x) + w(not x) of the count. The search never visits the variables
 * folded, and multiplies the weights of the literals it assigns and the factors it decides
 * (count.c), keeping a factor with one variable assigned in the component's key
 * (component.c). */
#include <stdlib.h>

#include "kcount.h"
#include "util.h"

struct folding {
	struct formula *f;
	int nclauses;
	int *start;               /* by clause: its first literal in f->clauses */
	unsigned char *dead;      /* by clause */
	struct ivec *occ;         /* by variable: its clauses (dead ones dropped as met) */
	struct ivec *fof;         /* by variable: its factors (dead ones dropped as met) */
	struct ivec ends;         /* factor i: its variables ends[2i] < ends[2i + 1] */
	mpz_t *table;             /* factor i: its entries at FACTOR_ENTRY(i, ...) */
	unsigned char *fdead;     /* by factor */
	int nfactors, fcap;
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

/* Adds v to the distinct variables nb[0..*n) (at most two); 0 when a third would come. */
static int meet(int *nb, int *n, int v)
{
	for (int i = 0; i < *n; i++)
		if (nb[i] == v)
			return 1;
	if (*n == 2)
		return 0;
	nb[(*n)++] = v;
	return 1;
}

/* The other variables of y's live clauses and factors, into nb: their number (at most two),
 * or -1 when there are more. Drops dead clauses and factors from y's lists on the way. */
static int neighbours(struct folding *fo, int y, int *nb)
{
	struct ivec *o = &fo->occ[y], *fl = &fo->fof[y];
	int n = 0, kept = 0, ok = 1;

	for (int i = 0; i < o->n; i++) {
		if (fo->dead[o->a[i]])
			continue;
		o->a[kept++] = o->a[i];
		for (const int *c = clause(fo, o->a[i]); *c && ok; c++)
			ok = abs(*c) == y || meet(nb, &n, abs(*c));
	}
	o->n = kept;
	kept = 0;
	for (int i = 0; i < fl->n; i++) {
		int j = fl->a[i];
		if (fo->fdead[j])
			continue;
		fl->a[kept++] = j;
		ok = ok && meet(nb, &n, fo->ends.a[2 * j] ^ fo->ends.a[2 * j + 1] ^ y);
	}
	fl->n = kept;
	return ok ? n : -1;
}

/* The value of variable v under y = by and nb[i] = bit i of bits. */
static int value_of(int v, int y, int by, const int *nb, int bits)
{
	return v == y ? by : v == nb[0] ? bits & 1 : (bits >> 1) & 1;
}

/* Into out: y's weight for y = by, times its factors, when y's live clauses hold under
 * y = by and the values bits of nb; else 0. */
static void weigh(const struct folding *fo, int y, int by, const int *nb, int bits, mpz_t out)
{
	const struct formula *f = fo->f;

	mpz_set_ui(out, 0);
	for (int i = 0; i < fo->occ[y].n; i++) {
		int ok = 0;
		for (const int *c = clause(fo, fo->occ[y].a[i]); *c; c++)
			ok |= (*c > 0) == value_of(abs(*c), y, by, nb, bits);
		if (!ok)
			return;
	}
	mpz_set(out, f->weight[LIT(by ? y : -y)]);
	for (int i = 0; i < fo->fof[y].n; i++) {
		int j = fo->fof[y].a[i], a = fo->ends.a[2 * j], b = fo->ends.a[2 * j + 1];
		mpz_mul(out, out, fo->table[FACTOR_ENTRY(j, value_of(a, y, by, nb, bits), value_of(b, y, by, nb, bits))]);
	}
}

static void weights_init(struct formula *f)
{
	f->weight = xmalloc(2 * ((size_t)f->nvars + 1) * sizeof *f->weight);
	f->weighted = xcalloc((size_t)f->nvars + 1, 1);
	for (int l = 0; l < 2 * (f->nvars + 1); l++)
		mpz_init_set_ui(f->weight[l], 1);
}

static void times_weight(struct formula *f, int x, int bx, const mpz_t c)
{
	mpz_mul(f->weight[LIT(bx ? x : -x)], f->weight[LIT(bx ? x : -x)], c);
	f->weighted[x] = 1;
}

/* The live factor between a < b, or -1. */
static int factor_between(const struct folding *fo, int a, int b)
{
	for (int i = 0; i < fo->fof[a].n; i++) {
		int j = fo->fof[a].a[i];
		if (!fo->fdead[j] && fo->ends.a[2 * j] == a && fo->ends.a[2 * j + 1] == b)
			return j;
	}
	return -1;
}

static int new_factor(struct folding *fo, int a, int b)
{
	int j = fo->nfactors++;

	if (j == fo->fcap) {
		fo->fcap = fo->fcap ? 2 * fo->fcap : 64;
		fo->table = xrealloc(fo->table, 4 * (size_t)fo->fcap * sizeof *fo->table);
		fo->fdead = xrealloc(fo->fdead, (size_t)fo->fcap);
	}
	for (int e = 0; e < 4; e++)
		mpz_init_set_ui(fo->table[4 * j + e], 1);
	fo->fdead[j] = 0;
	ivec_push(&fo->ends, a);
	ivec_push(&fo->ends, b);
	ivec_push(&fo->fof[a], j);
	ivec_push(&fo->fof[b], j);
	return j;
}

/* Multiplies g (by the values of nb[0], nb[1]: bit 0, bit 1) into the factor between them;
 * a factor that depends on one of them only goes into its weights. */
static void join_factor(struct folding *fo, const int *nb, mpz_t *g)
{
	int a = nb[0] < nb[1] ? nb[0] : nb[1], b = nb[0] ^ nb[1] ^ a, j = factor_between(fo, a, b);
	mpz_t *t;

	if (j < 0)
		j = new_factor(fo, a, b);
	t = fo->table + FACTOR_ENTRY(j, 0, 0);
	for (int ba = 0; ba < 2; ba++)
		for (int bb = 0; bb < 2; bb++)
			mpz_mul(t[FACTOR_ENTRY(0, ba, bb)], t[FACTOR_ENTRY(0, ba, bb)], g[a == nb[0] ? ba | bb << 1 : bb | ba << 1]);
	if (!mpz_cmp(t[0], t[1]) && !mpz_cmp(t[2], t[3])) {
		times_weight(fo->f, a, 0, t[0]);
		times_weight(fo->f, a, 1, t[2]);
		fo->fdead[j] = 1;
	} else if (!mpz_cmp(t[0], t[2]) && !mpz_cmp(t[1], t[3])) {
		times_weight(fo->f, b, 0, t[0]);
		times_weight(fo->f, b, 1, t[1]);
		fo->fdead[j] = 1;
	}
}

/* Folds y, whose neighbours are nb[0..n) (n is 1 or 2, all projected), into their weights
 * or the factor between them; y's clauses and factors go. */
static void fold(struct folding *fo, int y, const int *nb, int n)
{
	struct formula *f = fo->f;
	mpz_t g[4], term;

	mpz_init(term);
	for (int bits = 0; bits < 1 << n; bits++) {
		mpz_init_set_ui(g[bits], 0);
		for (int by = 0; by < 2; by++) {
			weigh(fo, y, by, nb, bits, term);
			if (!f->projected[y] && mpz_sgn(term)) {
				mpz_set_ui(g[bits], 1);
				break;
			}
			mpz_add(g[bits], g[bits], term);
		}
	}
	if (n == 1)
		for (int bx = 0; bx < 2; bx++)
			times_weight(f, nb[0], bx, g[bx]);
	else
		join_factor(fo, nb, g);
	for (int bits = 0; bits < 1 << n; bits++)
		mpz_clear(g[bits]);
	mpz_clear(term);
	for (int i = 0; i < fo->occ[y].n; i++)
		fo->dead[fo->occ[y].a[i]] = 1;
	for (int i = 0; i < fo->fof[y].n; i++)
		fo->fdead[fo->fof[y].a[i]] = 1;
	fo->occ[y].n = fo->fof[y].n = 0;
	f->projected[y] = f->defined[y] = f->weighted[y] = 0;  /* in nothing, hidden: a factor 1 */
}

/* x lost its last clause and factor to the folds: its weights' sum is a factor of the
 * count (and formula_compact may drop it). */
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

/* Forbids the values of a and b that the factor t gives 0 by binary clauses: implied,
 * they let propagation decide what the factor would only multiply by 0 after a branch. */
static void forbid_zeros(struct ivec *clauses, int a, int b, mpz_t *t)
{
	for (int ba = 0; ba < 2; ba++)
		for (int bb = 0; bb < 2; bb++)
			if (!mpz_sgn(t[FACTOR_ENTRY(0, ba, bb)])) {
				ivec_push(clauses, ba ? -a : a);
				ivec_push(clauses, bb ? -b : b);
				ivec_push(clauses, 0);
			}
}

/* The live factors into f->factors (NULL when none is left), their zeros as clauses. */
static void keep_factors(struct folding *fo)
{
	struct factors *fa;
	int n = 0;

	for (int j = 0; j < fo->nfactors; j++)
		n += !fo->fdead[j];
	if (n) {
		fa = factors_new(n);
		for (int j = 0, i = 0; j < fo->nfactors; j++)
			if (!fo->fdead[j]) {
				fa->ends[2 * i] = fo->ends.a[2 * j];
				fa->ends[2 * i + 1] = fo->ends.a[2 * j + 1];
				for (int e = 0; e < 4; e++)
					mpz_set(fa->table[4 * i + e], fo->table[4 * j + e]);
				forbid_zeros(&fo->f->clauses, fa->ends[2 * i], fa->ends[2 * i + 1], fa->table + 4 * i);
				i++;
			}
		factors_index(fa, fo->f->nvars);
		fo->f->factors = fa;
	}
	for (int e = 0; e < 4 * fo->nfactors; e++)
		mpz_clear(fo->table[e]);
}

static void push(struct folding *fo, int v)
{
	if (!fo->queued[v]) {
		fo->queued[v] = 1;
		ivec_push(&fo->queue, v);
	}
}

/* Whether y may fold into nb[0..n): each of them projected. */
static int foldable(const struct formula *f, const int *nb, int n)
{
	for (int i = 0; i < n; i++)
		if (!f->projected[nb[i]])
			return 0;
	return n > 0;
}

int pendants_fold(struct formula *f, struct stats *st)
{
	struct folding fo = { .f = f };
	int folded = 0, nb[2];

	fo.occ = xcalloc((size_t)f->nvars + 1, sizeof *fo.occ);
	fo.fof = xcalloc((size_t)f->nvars + 1, sizeof *fo.fof);
	fo.queued = xcalloc((size_t)f->nvars + 1, 1);
	index_clauses(&fo);
	for (int i = 0; i < f->groups.n; i++)
		fo.queued[f->groups.a[i]] = 1;  /* a split's members stay (split.c): never pushed */
	for (int v = 1; v <= f->nvars; v++)
		push(&fo, v);
	for (int q = 0; q < fo.queue.n; q++) {
		int y = fo.queue.a[q], n;
		fo.queued[y] = 0;
		n = neighbours(&fo, y, nb);
		if (!foldable(f, nb, n))
			continue;
		if (!f->weight)
			weights_init(f);
		fold(&fo, y, nb, n);
		folded++;
		for (int i = 0; i < n; i++)
			push(&fo, nb[i]);
	}
	for (int v = 1; v <= f->nvars && f->weight; v++)  /* marked ones too, never pushed */
		if (f->weighted[v] && neighbours(&fo, v, nb) == 0)
			isolate(f, v, f->outside);
	if (folded)
		drop_dead(&fo);
	keep_factors(&fo);
	for (int v = 0; v <= f->nvars; v++) {
		ivec_free(&fo.occ[v]);
		ivec_free(&fo.fof[v]);
	}
	free(fo.occ);
	free(fo.fof);
	free(fo.queued);
	free(fo.start);
	free(fo.dead);
	free(fo.table);
	free(fo.fdead);
	ivec_free(&fo.ends);
	ivec_free(&fo.queue);
	st->pendants += (uint64_t)folded;
	st->factors += (uint64_t)(f->factors ? f->factors->n : 0);
	return folded;
}
