/* sample: models drawn by a search with random branching order and polarity (not uniform),
 * printed as `v` lines of all variables. */
#include <stdio.h>
#include <stdlib.h>

#include "kcount.h"
#include "util.h"

static void print_model(const struct counter *k, int nvars)
{
	putchar('v');
	for (int v = 1; v <= nvars; v++)
		printf(" %d", k->s.val[2 * v] > 0 ? v : -v);
	printf(" 0\n");
}

void sample_models(struct counter *k, const struct formula *f, long n, uint64_t seed)
{
	int *order = xmalloc(((size_t)f->nvars + 1) * sizeof *order);
	uint64_t rng = seed * 0x9e3779b97f4a7c15ULL + 0x2545f4914f6cdd1dULL;

	for (long i = 0; i < n && !f->unsat; i++) {
		int mark = k->s.ntrail;
		for (int v = 1; v <= f->nvars; v++) {
			int j = (int)(sat_random(&rng) % (uint64_t)v);
			order[v - 1] = order[j];
			order[j] = v;
		}
		if (!sat_search(k, order, f->nvars, &rng))
			break;
		print_model(k, f->nvars);
		solver_backtrack(&k->s, mark);
	}
	free(order);
}
