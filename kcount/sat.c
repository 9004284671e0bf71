/* sat: satisfiability search over a set of variables, used to decide the components that
 * hold no projected variable and to draw sample models. */
#include "kcount.h"

uint64_t sat_random(uint64_t *rng)
{
	uint64_t x = *rng;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return *rng = x;
}

static int search_from(struct counter *k, const int *vars, int n, int i, uint64_t *rng)
{
	int mark = k->s.ntrail, first;

	while (i < n && k->s.val[2 * vars[i]])
		i++;
	if (i == n)
		return 1;
	counter_check(k);
	first = rng ? (int)(sat_random(rng) >> 32 & 1) : 0;
	for (int t = 0; t < 2; t++) {
		k->stats->decisions++;
		solver_assign(&k->s, 2 * vars[i] + (first ^ t));
		if (solver_propagate(&k->s) && search_from(k, vars, n, i + 1, rng))
			return 1;
		solver_backtrack(&k->s, mark);
	}
	return 0;
}

int sat_search(struct counter *k, const int *vars, int n, uint64_t *rng)
{
	return search_from(k, vars, n, 0, rng);
}
