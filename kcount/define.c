/* define: finds variables that are functions of others through gates of a Tseitin encoding
 * (g <-> AND of literals, given by the clauses (-g | l) for each l and (g | -l1 | ... | -lk),
 * or g <-> l by two binary clauses). A gate counts only when all its inputs are already known
 * to be determined, so cyclic definitions are never trusted.
 * - define_support shrinks the projection to an independent support: a projected variable
 *   that is a function of the kept ones adds nothing to the count, so it may leave the
 *   projection and be eliminated like any hidden variable.
 * - define_branchable finds the hidden variables that are functions of the projected ones,
 *   so that a projected count may branch on them too: their two values split the projected
 *   assignments into disjoint sets, and a gate output can separate a component where no
 *   projected variable does. */
#include <stdlib.h>
#include <string.h>

#include "kcount.h"
#include "util.h"

/* 1 if every literal of cl other than g has the binary clause (-g | -m). */
static int gate_clause(const unsigned char *mark, const int *cl, int n, int g)
{
	for (int i = 0; i < n; i++)
		if (cl[i] != g && !mark[NEG(cl[i])])
			return 0;
	return 1;
}

/* 1 if every variable of cl other than VAR(g) is known. */
static int inputs_known(const unsigned char *known, const int *cl, int n, int g)
{
	for (int i = 0; i < n; i++)
		if (cl[i] != g && !known[VAR(cl[i])])
			return 0;
	return 1;
}

struct spread {
	unsigned char *queued;
	struct ivec queue;
	/* By literal g, its gate definitions, found once: -1 - m for a literal m with g <-> -m
	 * (the binary clauses (g | m) and (-g | -m)), or the id of a long gate clause. */
	struct ivec *gates;
};

static void find_gates(const struct solver *s, struct spread *sp)
{
	unsigned char *mark = xcalloc(2 * (size_t)s->nvars + 2, 1);

	for (int g = 2; g < 2 * s->nvars + 2; g++) {
		const struct ivec *b = &s->bins[NEG(g)], *o = &s->occ[VAR(g)];
		if (s->val[g])
			continue;
		for (int i = 0; i < b->n; i++)
			mark[b->a[i]] = 1;
		for (int i = 0; i < s->bins[g].n; i++)
			if (mark[NEG(s->bins[g].a[i])])
				ivec_push(&sp->gates[g], -1 - s->bins[g].a[i]);
		for (int i = 0; i < o->n; i++) {
			const int *cl = s->lits + s->start[o->a[i]];
			int n = s->len[o->a[i]], has = 0;
			for (int j = 0; j < n; j++)
				has |= cl[j] == g;
			if (has && gate_clause(mark, cl, n, g))
				ivec_push(&sp->gates[g], o->a[i]);
		}
		for (int i = 0; i < b->n; i++)
			mark[b->a[i]] = 0;
	}
	free(mark);
}

static int has_gate(const struct spread *sp, int v)
{
	return sp->gates[2 * v].n || sp->gates[2 * v + 1].n;
}

/* 1 if the literal g is the output of a gate over known inputs. */
static int is_gate(const struct solver *s, const struct spread *sp, const unsigned char *known, int g)
{
	const struct ivec *d = &sp->gates[g];

	for (int i = 0; i < d->n; i++) {
		int e = d->a[i];
		if (e < 0 ? known[VAR(-1 - e)] : inputs_known(known, s->lits + s->start[e], s->len[e], g))
			return 1;
	}
	return 0;
}

static void queue_var(struct spread *sp, int w)
{
	if (!sp->queued[w] && has_gate(sp, w)) {
		sp->queued[w] = 1;
		ivec_push(&sp->queue, w);
	}
}

/* Queues the gate outputs sharing a clause with v, the gates v may be an input of. */
static void queue_neighbours(const struct solver *s, struct spread *sp, int v)
{
	for (int l = 2 * v; l <= 2 * v + 1; l++)
		for (int i = 0; i < s->bins[l].n; i++)
			queue_var(sp, VAR(s->bins[l].a[i]));
	for (int i = 0; i < s->occ[v].n; i++) {
		const int *cl = s->lits + s->start[s->occ[v].a[i]];
		for (int j = 0; j < s->len[s->occ[v].a[i]]; j++)
			queue_var(sp, VAR(cl[j]));
	}
}

static void spread_init(struct spread *sp, const struct solver *s)
{
	sp->queued = xcalloc((size_t)s->nvars + 1, 1);
	sp->queue = (struct ivec){ 0 };
	sp->gates = xcalloc(2 * (size_t)s->nvars + 2, sizeof *sp->gates);
	find_gates(s, sp);
	for (int v = s->nvars; v >= 1; v--)
		queue_var(sp, v);
}

static void spread_free(struct spread *sp, const struct solver *s)
{
	for (int l = 0; l < 2 * s->nvars + 2; l++)
		ivec_free(&sp->gates[l]);
	free(sp->gates);
	ivec_free(&sp->queue);
	free(sp->queued);
}

/* Marks known every queued unassigned variable that is a gate output over known inputs,
 * and defined[v] for each, until nothing more is found; returns how many it marked. */
static int spread(const struct solver *s, struct spread *sp, unsigned char *known, unsigned char *defined)
{
	int n = 0;

	while (sp->queue.n) {
		int v = sp->queue.a[--sp->queue.n];
		sp->queued[v] = 0;
		if (known[v] || s->val[2 * v] || !(is_gate(s, sp, known, 2 * v) || is_gate(s, sp, known, 2 * v + 1)))
			continue;
		known[v] = 1;
		if (defined)
			defined[v] = 1;
		n++;
		queue_neighbours(s, sp, v);
	}
	return n;
}

int define_support(const struct solver *s, unsigned char *projected, unsigned char *defined)
{
	unsigned char *known = xcalloc((size_t)s->nvars + 1, 1);
	struct spread sp;
	int removed = 0;

	spread_init(&sp, s);
	for (int v = 1; v <= s->nvars; v++)
		known[v] = projected[v] && !s->val[2 * v] && !has_gate(&sp, v);
	spread(s, &sp, known, defined);
	/* What cyclic definitions leave undetermined is kept, one variable at a time. */
	for (int v = 1; v <= s->nvars; v++)
		if (projected[v] && !known[v] && !s->val[2 * v]) {
			known[v] = 1;
			queue_neighbours(s, &sp, v);
			spread(s, &sp, known, defined);
		}
	for (int v = 1; v <= s->nvars; v++)
		if (projected[v] && defined[v]) {
			projected[v] = 0;
			removed++;
		}
	spread_free(&sp, s);
	free(known);
	return removed;
}

int define_branchable(const struct solver *s, const unsigned char *defined, unsigned char *branchable)
{
	struct spread sp;
	int hidden = 0;

	for (int v = 1; v <= s->nvars; v++)
		branchable[v] = s->projected[v] || defined[v];
	spread_init(&sp, s);
	spread(s, &sp, branchable, NULL);
	spread_free(&sp, s);
	for (int v = 1; v <= s->nvars; v++)
		hidden += branchable[v] && !s->projected[v] && !s->val[2 * v] && (s->occ[v].n || s->bins[2 * v].n || s->bins[2 * v + 1].n);
	return hidden;
}
