/* afresh: a cube of a search of hours counted as a formula of its own. A cube of the shared
 * search (cubes.c) is the whole formula with its literals assigned; the input with those
 * literals as unit clauses, preprocessed again, loses more than propagation takes away (the
 * literals unlock failed literals, definitions and eliminations), and its order is made for
 * it. Such a case, still wide, is split on its hub, the branchable variable of the most
 * neighbours in its graph, and each value's case is preprocessed again from what the case's
 * own preprocessing left (from the input instead, Knüppel's cubes 0 and 20 took 191 s
 * instead of 167 s, with 5.33M components instead of 4.81M), HUB_DEPTH deep. Measured by
 * hand on Knüppel's 2.6.33.3 (README): 1.5 to 3.6 times faster a cube than in the shared
 * search; splitting on the hub within one search gained nothing (the same components), and
 * a fourth level lost. The cases share no cache: fresh numberings make their components
 * strangers. Every case has the models of the input with its literals, so that a second
 * counter can check any of them (bench/cube-check). */
#include <stdlib.h>
#include <string.h>

#include "kcount.h"
#include "util.h"

enum { HUB_DEPTH = 3 };

/* base with the unit clauses of lits[0..n) (base's numbering, the input's), preprocessed
 * to level into g; when next is not NULL and g has models, g as a CNF before it is
 * compacted, the base of its own cases, into next; then g compacted and folded for a count.
 * Returns what preprocess does. */
static int prepare(const struct afresh *a, const struct dimacs_cnf *base, const int *lits, int n,
		   enum simplify level, struct formula *g, struct dimacs_cnf *next)
{
	struct dimacs_cnf cnf = *base;
	struct stats scratch = { 0 };  /* the -v report's preprocessing figures are the input's */
	int found;

	cnf.lits = xmalloc((base->nlits + 2 * (size_t)n) * sizeof *cnf.lits);
	memcpy(cnf.lits, base->lits, base->nlits * sizeof *cnf.lits);
	for (int i = 0; i < n; i++) {
		cnf.lits[cnf.nlits++] = lits[i];
		cnf.lits[cnf.nlits++] = 0;
	}
	cnf.nclauses += n;
	cnf.nmarks = 0;  /* the group marks serve split.c, which a case does not use */
	found = preprocess(g, &cnf, level, &scratch, a->stop);
	free(cnf.lits);
	if (*a->stop) {
		char why[80];
		snprintf(why, sizeof why, "timeout after %ld s", a->opt->timeout);
		count_give_up(a->cubes, a->peak, why);
	}
	if (next && !g->unsat)
		formula_to_cnf(g, next);
	formula_shrink(g, &scratch);
	return found;
}

/* g's hub in input numbering, when g is wider than the limit; else 0. */
static int hub_of(const struct afresh *a, const struct formula *g)
{
	struct stats scratch = { 0 };
	unsigned char *branchable = xcalloc((size_t)g->nvars + 1, 1);
	struct solver s;
	int hub = 0;

	formula_solver(g, &s, &scratch);
	if (order_width(&s) > a->limit) {
		define_branchable(&s, g->defined, branchable);
		hub = order_hub(&s, branchable);
	}
	solver_free(&s);
	free(branchable);
	return hub ? g->origin[hub] : 0;
}

/* g counted by the ordinary search, times the factor it left outside, into out. */
static void count_leaf(struct afresh *a, const struct formula *g, mpz_t out)
{
	struct counter k;

	counter_init(&k, g, a->opt, a->searching, a->stop, NULL);
	k.silent = 1;
	k.report = a->cubes;
	count_formula(&k, g, out);
	mpz_mul(out, out, g->outside);
	if (counter_peak(&k) > a->peak)
		a->peak = k.peak_bytes;
	counter_free(&k);
	stats_add_search(a->stats, a->searching);
	*a->searching = (struct stats){ 0 };
}

/* The count of base with lits[0..n) true: preprocessed to level, then split on its hub
 * (each value's case preprocessed from what this one's preprocessing left, which is faster
 * than from the input and as good) or counted. Where this case's satisfiability checks
 * (padoa.c) found no definition, its values' cases skip them and vivification: on Knüppel's
 * cubes 0 and 20, 62 s instead of 70 (0.04% more components). Where they found some, the
 * cases need them: on the 6.12 rung of 30 fixed, cube 4 took 195 s instead of 49 without
 * them (20.7M components instead of 4.0M), and cube 8 96 s instead of 84 with the checks
 * but without vivification (8.4M components instead of 7.2M). */
static void count_case(struct afresh *a, const struct dimacs_cnf *base, const int *lits, int n,
		       enum simplify level, int depth, mpz_t out)
{
	struct dimacs_cnf next = { 0 };
	struct formula g;
	int hub, found = prepare(a, base, lits, n, level, &g, depth < HUB_DEPTH ? &next : NULL);
	enum simplify below = level == SIMPLIFY_UNITS || found ? level : SIMPLIFY_GATES;

	if (g.unsat)
		mpz_set_ui(out, 0);
	else if (depth == HUB_DEPTH || !(hub = hub_of(a, &g)))
		count_leaf(a, &g, out);
	else {
		int neg = -hub;
		mpz_t t;
		a->stats->hub_splits++;
		mpz_init(t);
		count_case(a, &next, &hub, 1, below, depth + 1, out);
		count_case(a, &next, &neg, 1, below, depth + 1, t);
		mpz_add(out, out, t);
		mpz_clear(t);
	}
	formula_free(&g);
	dimacs_free(&next);
}

void afresh_count(struct afresh *a, const int *lits, int n, mpz_t out)
{
	count_case(a, a->input, lits, n, a->opt->no_elim ? SIMPLIFY_UNITS : SIMPLIFY_FULL, 0, out);
}
