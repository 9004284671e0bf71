/* define: finds hidden variables that are functions of the projected ones (gate outputs of
 * a Tseitin encoding: g <-> AND of literals, given by the clauses (-g | l) for each l and
 * (g | -l1 | ... | -lk), or g <-> l by two binary clauses), so that a projected count may
 * branch on them too: their two values split the projected assignments into disjoint sets,
 * and a gate output can separate a component where no projected variable does. A gate
 * counts only when all its inputs are projected or already known to be defined, so cyclic
 * definitions are never trusted. */
#include <stdlib.h>
#include <string.h>

#include "kcount.h"
#include "util.h"

/* 1 if every literal of cl other than g has the binary clause (-g | -m). */
static int gate_clause(const struct solver *s, const unsigned char *mark, const int *cl, int n, int g)
{
	for (int i = 0; i < n; i++)
		if (cl[i] != g && !mark[NEG(cl[i])])
			return 0;
	return 1;
}

/* 1 if every variable of cl other than VAR(g) is projected or defined. */
static int inputs_known(const struct solver *s, const unsigned char *branchable, const int *cl, int n, int g)
{
	for (int i = 0; i < n; i++)
		if (cl[i] != g && !branchable[VAR(cl[i])])
			return 0;
	return 1;
}

/* 1 if the literal g is the output of a gate over known inputs. */
static int is_gate(const struct solver *s, const unsigned char *branchable, unsigned char *mark, int g)
{
	const struct ivec *b = &s->bins[NEG(g)], *o = &s->occ[VAR(g)];
	int found = 0;

	for (int i = 0; i < b->n; i++)
		mark[b->a[i]] = 1;
	for (int i = 0; i < s->bins[g].n && !found; i++) {
		int m = s->bins[g].a[i];
		found = mark[NEG(m)] && branchable[VAR(m)];
	}
	for (int i = 0; i < o->n && !found; i++) {
		const int *cl = s->lits + s->start[o->a[i]];
		int n = s->len[o->a[i]], has = 0;
		for (int j = 0; j < n; j++)
			has |= cl[j] == g;
		found = has && gate_clause(s, mark, cl, n, g) && inputs_known(s, branchable, cl, n, g);
	}
	for (int i = 0; i < b->n; i++)
		mark[b->a[i]] = 0;
	return found;
}

/* Queues the variables sharing a clause with v, the gates v may be an input of. */
static void queue_neighbours(const struct solver *s, int v, struct ivec *queue, unsigned char *queued)
{
	for (int l = 2 * v; l <= 2 * v + 1; l++)
		for (int i = 0; i < s->bins[l].n; i++) {
			int w = VAR(s->bins[l].a[i]);
			if (!queued[w]) {
				queued[w] = 1;
				ivec_push(queue, w);
			}
		}
	for (int i = 0; i < s->occ[v].n; i++) {
		const int *cl = s->lits + s->start[s->occ[v].a[i]];
		for (int j = 0; j < s->len[s->occ[v].a[i]]; j++)
			if (!queued[VAR(cl[j])]) {
				queued[VAR(cl[j])] = 1;
				ivec_push(queue, VAR(cl[j]));
			}
	}
}

int define_branchable(const struct solver *s, unsigned char *branchable)
{
	unsigned char *mark = xcalloc(2 * (size_t)s->nvars + 2, 1);
	unsigned char *queued = xcalloc((size_t)s->nvars + 1, 1);
	struct ivec queue = { 0 };
	int defined = 0;

	memcpy(branchable, s->projected, (size_t)s->nvars + 1);
	for (int v = s->nvars; v >= 1; v--) {
		queued[v] = 1;
		ivec_push(&queue, v);
	}
	while (queue.n) {
		int v = queue.a[--queue.n];
		queued[v] = 0;
		if (branchable[v] || s->val[2 * v] ||
		    !(is_gate(s, branchable, mark, 2 * v) || is_gate(s, branchable, mark, 2 * v + 1)))
			continue;
		branchable[v] = 1;
		defined++;
		queue_neighbours(s, v, &queue, queued);
	}
	ivec_free(&queue);
	free(queued);
	free(mark);
	return defined;
}
