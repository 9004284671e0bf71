/* solver: the assignment, its trail and unit propagation (binary implication lists plus
 * two watched literals per longer clause). */
#include <stdlib.h>
#include <string.h>

#include "kcount.h"
#include "util.h"

static void add_long(struct solver *s, const int *c, int n, int *pos)
{
	int id = s->nclauses++;

	s->start[id] = *pos;
	s->len[id] = n;
	for (int i = 0; i < n; i++) {
		int l = LIT(c[i]);
		s->lits[(*pos)++] = l;
		ivec_push(&s->occ[VAR(l)], id);
	}
	ivec_push(&s->watches[s->lits[s->start[id]]], id);
	ivec_push(&s->watches[s->lits[s->start[id] + 1]], id);
}

/* Room for nvars variables and nlits literals of clauses, with no clause. */
static void solver_alloc(struct solver *s, int nvars, size_t nlits, struct stats *st)
{
	size_t nl = 2 * (size_t)nvars + 2;

	memset(s, 0, sizeof *s);
	s->nvars = s->var_cap = nvars;
	s->stats = st;
	s->bins = xcalloc(nl, sizeof *s->bins);
	s->watches = xcalloc(nl, sizeof *s->watches);
	s->occ = xcalloc((size_t)nvars + 1, sizeof *s->occ);
	s->val = xcalloc(nl, 1);
	s->projected = xcalloc((size_t)nvars + 1, 1);
	s->trail = xmalloc(((size_t)nvars + 1) * sizeof *s->trail);
	s->phase = xcalloc((size_t)nvars + 1, 1);
	s->level = xcalloc((size_t)nvars + 1, sizeof *s->level);
	s->reason = xcalloc((size_t)nvars + 1, sizeof *s->reason);
	s->seen = xcalloc((size_t)nvars + 1, 1);
	s->lits_cap = (int)nlits + 1;
	s->clause_cap = (int)(nlits / 3) + 1;
	s->lits = xmalloc((size_t)s->lits_cap * sizeof *s->lits);
	s->start = xmalloc((size_t)s->clause_cap * sizeof *s->start);
	s->len = xmalloc((size_t)s->clause_cap * sizeof *s->len);
}

static void load_clauses(struct solver *s, const int *clauses, size_t nlits)
{
	int pos = 0, n;

	for (size_t i = 0; i < nlits; i += (size_t)n + 1) {
		for (n = 0; clauses[i + n]; n++)
			;
		if (n == 2) {
			ivec_push(&s->bins[LIT(clauses[i])], LIT(clauses[i + 1]));
			ivec_push(&s->bins[LIT(clauses[i + 1])], LIT(clauses[i]));
		} else
			add_long(s, clauses + i, n, &pos);
	}
	s->nlong = s->nclauses;
	s->nlits = pos;
}

void solver_init(struct solver *s, int nvars, const int *clauses, size_t nlits, struct stats *st)
{
	solver_alloc(s, nvars, nlits, st);
	load_clauses(s, clauses, nlits);
}

void solver_reload(struct solver *s, int nvars, const int *clauses, size_t nlits)
{
	size_t used = 2 * (size_t)s->nvars + 2;

	if (nvars > s->var_cap || nlits >= (size_t)s->lits_cap) {
		struct stats *st = s->stats;
		int cap = nvars > s->var_cap ? nvars : s->var_cap;
		size_t room = nlits > 2 * (size_t)s->lits_cap ? nlits : 2 * (size_t)s->lits_cap;
		solver_free(s);
		solver_alloc(s, cap, room, st);
	} else {
		for (size_t l = 0; l < used; l++)
			s->bins[l].n = s->watches[l].n = 0;
		for (int v = 0; v <= s->nvars; v++)
			s->occ[v].n = 0;
		memset(s->val, 0, used);
		memset(s->projected, 0, (size_t)s->nvars + 1);
		memset(s->phase, 0, (size_t)s->nvars + 1);
		s->learned_watched.n = 0;
		s->nclauses = s->dlevel = s->ntrail = s->qhead = 0;
		if ((int)(nlits / 3) + 1 > s->clause_cap) {
			s->clause_cap = (int)(nlits / 3) + 1;
			s->start = xrealloc(s->start, (size_t)s->clause_cap * sizeof *s->start);
			s->len = xrealloc(s->len, (size_t)s->clause_cap * sizeof *s->len);
		}
	}
	s->nvars = nvars;
	load_clauses(s, clauses, nlits);
}

void solver_free(struct solver *s)
{
	for (int l = 0; l < 2 * s->var_cap + 2; l++) {
		ivec_free(&s->bins[l]);
		ivec_free(&s->watches[l]);
	}
	for (int v = 0; v <= s->var_cap; v++)
		ivec_free(&s->occ[v]);
	free(s->bins);
	free(s->watches);
	free(s->occ);
	free(s->val);
	free(s->projected);
	free(s->trail);
	free(s->lits);
	free(s->start);
	free(s->len);
	free(s->phase);
	free(s->level);
	free(s->reason);
	free(s->seen);
	ivec_free(&s->learned_watched);
}

void solver_imply(struct solver *s, int l, int reason)
{
	s->val[l] = 1;
	s->val[NEG(l)] = -1;
	s->level[VAR(l)] = s->dlevel;
	s->reason[VAR(l)] = reason;
	s->trail[s->ntrail++] = l;
}

void solver_assign(struct solver *s, int l)
{
	solver_imply(s, l, REASON_NONE);
}

/* The binary clauses of the literal f that just became false; 0 on a conflict. */
static int propagate_bins(struct solver *s, int f)
{
	const struct ivec *b = &s->bins[f];

	for (int i = 0; i < b->n; i++) {
		int o = b->a[i];
		if (s->val[o] < 0) {
			s->conflict = REASON_BIN(f);
			s->conflict_lit = o;
			return 0;
		}
		if (!s->val[o]) {
			solver_imply(s, o, REASON_BIN(f));
			s->stats->propagations++;
		}
	}
	return 1;
}

/* Moves the watch of clause c away from the false literal f, or propagates or conflicts.
 * Returns 1 if the watch moved, 0 if it stays, -1 on a conflict. */
static int visit_clause(struct solver *s, int c, int f)
{
	int *cl = s->lits + s->start[c];
	int n = s->len[c];

	if (cl[0] == f) {
		cl[0] = cl[1];
		cl[1] = f;
	}
	if (s->val[cl[0]] > 0)
		return 0;
	for (int i = 2; i < n; i++) {
		if (s->val[cl[i]] >= 0) {
			cl[1] = cl[i];
			cl[i] = f;
			ivec_push(&s->watches[cl[1]], c);
			if (c >= s->nlong)
				ivec_push(&s->learned_watched, cl[1]);
			return 1;
		}
	}
	if (s->val[cl[0]] < 0) {
		s->conflict = c;
		return -1;
	}
	solver_imply(s, cl[0], c);
	s->stats->propagations++;
	return 0;
}

static int propagate_long(struct solver *s, int f)
{
	struct ivec *w = &s->watches[f];
	int i, j, r = 0;

	for (i = j = 0; i < w->n; i++) {
		int c = w->a[i];
		r = visit_clause(s, c, f);
		if (r == 0)
			w->a[j++] = c;
		else if (r < 0) {
			while (i < w->n)
				w->a[j++] = w->a[i++];
			break;
		}
	}
	w->n = j;
	return r >= 0;
}

int solver_propagate(struct solver *s)
{
	while (s->qhead < s->ntrail) {
		int f = NEG(s->trail[s->qhead++]);
		if (!propagate_bins(s, f) || !propagate_long(s, f)) {
			s->stats->conflicts++;
			return 0;
		}
	}
	return 1;
}

void solver_backtrack(struct solver *s, int ntrail)
{
	while (s->ntrail > ntrail) {
		int l = s->trail[--s->ntrail];
		s->val[l] = s->val[NEG(l)] = 0;
		s->phase[VAR(l)] = (unsigned char)(l & 1);
	}
	s->qhead = ntrail;
}

int solver_learn(struct solver *s, const int *lits, int n)
{
	int id = s->nclauses++;

	if (id == s->clause_cap) {
		s->clause_cap *= 2;
		s->start = xrealloc(s->start, (size_t)s->clause_cap * sizeof *s->start);
		s->len = xrealloc(s->len, (size_t)s->clause_cap * sizeof *s->len);
	}
	while (s->nlits + n > s->lits_cap) {
		s->lits_cap *= 2;
		s->lits = xrealloc(s->lits, (size_t)s->lits_cap * sizeof *s->lits);
	}
	s->start[id] = s->nlits;
	s->len[id] = n;
	memcpy(s->lits + s->nlits, lits, (size_t)n * sizeof *lits);
	s->nlits += n;
	for (int i = 0; i < 2; i++) {
		ivec_push(&s->watches[lits[i]], id);
		ivec_push(&s->learned_watched, lits[i]);
	}
	return id;
}

void solver_forget(struct solver *s)
{
	for (int i = 0; i < s->learned_watched.n; i++) {
		struct ivec *w = &s->watches[s->learned_watched.a[i]];
		int j = 0;
		for (int k = 0; k < w->n; k++)
			if (w->a[k] < s->nlong)
				w->a[j++] = w->a[k];
		w->n = j;
	}
	s->learned_watched.n = 0;
	s->nclauses = s->nlong;
	s->nlits = s->nclauses ? s->start[s->nlong - 1] + s->len[s->nlong - 1] : 0;
}

/* Measured once: watch lists count twice, room for them to move and grow. */
size_t solver_bytes(const struct solver *s)
{
	size_t b = (size_t)s->nvars * 20;

	for (int l = 0; l < 2 * s->nvars + 2; l++)
		b += ivec_bytes(&s->bins[l]) + 2 * ivec_bytes(&s->watches[l]) + 2 * sizeof(struct ivec);
	for (int v = 0; v <= s->nvars; v++)
		b += ivec_bytes(&s->occ[v]) + sizeof(struct ivec);
	return b + (size_t)s->nlong * 12;
}
