/* factor: two-variable factors (pendant.c folds a variable between two others into one),
 * indexed by variable for the search, which multiplies a factor's entry once both of its
 * variables have values (count.c), and keys a component by what a factor with one of them
 * assigned leaves of it (component.c). */
#include <stdlib.h>

#include "kcount.h"
#include "util.h"

struct factors *factors_new(int n)
{
	struct factors *fa = xcalloc(1, sizeof *fa);

	fa->n = n;
	fa->ends = xmalloc(2 * (size_t)n * sizeof *fa->ends);
	fa->table = xmalloc(4 * (size_t)n * sizeof *fa->table);
	for (int e = 0; e < 4 * n; e++)
		mpz_init(fa->table[e]);
	return fa;
}

void factors_index(struct factors *fa, int nvars)
{
	int *next = xmalloc(((size_t)nvars + 1) * sizeof *next);

	fa->at = xcalloc((size_t)nvars + 2, sizeof *fa->at);
	fa->ids = xmalloc(2 * (size_t)fa->n * sizeof *fa->ids);
	for (int i = 0; i < 2 * fa->n; i++)
		fa->at[fa->ends[i] + 1]++;
	for (int v = 0; v <= nvars; v++) {
		fa->at[v + 1] += fa->at[v];
		next[v] = fa->at[v];
	}
	for (int i = 0; i < 2 * fa->n; i++)
		fa->ids[next[fa->ends[i]]++] = i / 2;
	free(next);
}

void factors_renumber(struct factors *fa, const int *to, int nvars)
{
	for (int i = 0; i < 2 * fa->n; i++)
		fa->ends[i] = to[fa->ends[i]];
	free(fa->at);
	free(fa->ids);
	factors_index(fa, nvars);
}

void factors_free(struct factors *fa)
{
	if (!fa)
		return;
	for (int e = 0; e < 4 * fa->n; e++)
		mpz_clear(fa->table[e]);
	free(fa->ends);
	free(fa->table);
	free(fa->at);
	free(fa->ids);
	free(fa);
}
