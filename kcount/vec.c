/* vec: growable int vectors used for clauses, watch lists and component stacks. */
#include <stdlib.h>

#include "kcount.h"
#include "util.h"

void ivec_reserve(struct ivec *v, int n)
{
	if (n <= v->cap)
		return;
	v->cap = v->cap ? v->cap : 4;
	while (v->cap < n)
		v->cap *= 2;
	v->a = xrealloc(v->a, (size_t)v->cap * sizeof *v->a);
}

void ivec_free(struct ivec *v)
{
	free(v->a);
	v->a = NULL;
	v->n = v->cap = 0;
}

size_t ivec_bytes(const struct ivec *v)
{
	return (size_t)v->cap * sizeof *v->a;
}
