/* sample: models drawn by a search with random branching order and polarity (not uniform),
 * printed as `v` lines of all variables, or `s UNSATISFIABLE` when there is none. */
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

/* A random order of the variables, projected ones first, and random phases. */
static int shuffle(struct counter *k, const struct formula *f, int *order, uint64_t *rng)
{
	int n = 0;

	for (int pass = 1; pass >= 0; pass--) {
		int first = n;
		for (int v = 1; v <= f->nvars; v++) {
			if (f->projected[v] != pass)
				continue;
			int j = first + (int)(sat_random(rng) % (uint64_t)(n - first + 1));
			order[n++] = order[j];
			order[j] = v;
		}
	}
	for (int v = 1; v <= f->nvars; v++)
		k->s.phase[v] = (unsigned char)(sat_random(rng) >> 40 & 1);
	return n;
}

void sample_models(struct counter *k, const struct formula *f, long n, uint64_t seed)
{
	int *order = xmalloc(((size_t)f->nvars + 1) * sizeof *order);
	uint64_t rng = seed * 0x9e3779b97f4a7c15ULL + 0x2545f4914f6cdd1dULL;

	long found = 0;

	for (; found < n && !f->unsat; found++) {
		int mark = k->s.ntrail;
		if (!sat_search(&k->s, k, order, shuffle(k, f, order, &rng), 1, 0))
			break;
		print_model(k, f->nvars);
		solver_backtrack(&k->s, mark);
	}
	if (n && !found)  /* no model: say so, rather than print nothing as if asked for none */
		printf("s UNSATISFIABLE\n");
	free(order);
}
