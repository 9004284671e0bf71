/* sat: conflict-driven satisfiability search (first-UIP learning, backjumping) over a set of
 * variables, used to decide the components that hold no projected variable and to draw
 * sample models. Everything assigned before the search counts as fixed (level 0): learned
 * clauses leave out its literals, so they hold only under that assignment and are all
 * forgotten when the search ends. Decisions follow the given order and the saved phase. Within one search, every clause used in an analysis
 * belongs to the component searched, so no other component's state can leak into it.
 * Sampling, whose searches all start from the same fixed assignment, keeps them. */
#include <stdlib.h>

#include "kcount.h"
#include "util.h"

uint64_t sat_random(uint64_t *rng)
{
	uint64_t x = *rng;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return *rng = x;
}

struct search {
	struct solver *s;
	struct counter *k;        /* NULL, or the counter whose limits the search keeps */
	const int *vars;
	int n, next;
	struct ivec learnt, level_start;
};

/* The literals of the clause with reason code r (for a binary clause, f and o). */
static const int *clause_lits(const struct solver *s, int r, int *pair, int *n)
{
	if (r >= 0) {
		*n = s->len[r];
		return s->lits + s->start[r];
	}
	pair[0] = REASON_BIN_LIT(r);
	*n = 2;
	return pair;
}

/* Marks the literals of a clause; returns how many are of the current level. */
static int absorb(struct search *x, const int *cl, int n, int skip)
{
	const struct solver *s = x->s;
	int here = 0;

	for (int i = 0; i < n; i++) {
		int v = VAR(cl[i]);
		if (cl[i] == skip || s->seen[v] || s->level[v] == 0)
			continue;
		s->seen[v] = 1;
		if (s->level[v] == s->dlevel)
			here++;
		else
			ivec_push(&x->learnt, cl[i]);
	}
	return here;
}

/* First-UIP analysis of the current conflict into x->learnt (asserting literal first);
 * returns the level to jump back to. */
static int analyze(struct search *x)
{
	struct solver *s = x->s;
	int pair[2] = { 0, s->conflict_lit }, n, p = -1, open, idx = s->ntrail - 1, back = 0;
	const int *cl = clause_lits(s, s->conflict, pair, &n);

	x->learnt.n = 0;
	ivec_push(&x->learnt, 0);
	open = absorb(x, cl, n, -1);
	for (;;) {
		while (!s->seen[VAR(s->trail[idx])])
			idx--;
		p = s->trail[idx--];
		s->seen[VAR(p)] = 0;
		if (--open == 0)
			break;
		pair[1] = p;
		cl = clause_lits(s, s->reason[VAR(p)], pair, &n);
		open += absorb(x, cl, n, p);
	}
	x->learnt.a[0] = NEG(p);
	for (int i = 1; i < x->learnt.n; i++) {
		int v = VAR(x->learnt.a[i]);
		s->seen[v] = 0;
		back = s->level[v] > back ? s->level[v] : back;
	}
	return back;
}

/* Moves the literal of the highest level among learnt[1..] to learnt[1] (second watch). */
static void order_watches(struct search *x)
{
	const struct solver *s = x->s;
	int best = 1;

	for (int i = 2; i < x->learnt.n; i++)
		if (s->level[VAR(x->learnt.a[i])] > s->level[VAR(x->learnt.a[best])])
			best = i;
	int t = x->learnt.a[1];
	x->learnt.a[1] = x->learnt.a[best];
	x->learnt.a[best] = t;
}

static void learn_and_jump(struct search *x)
{
	struct solver *s = x->s;
	int back = analyze(x), reason = REASON_NONE;

	solver_backtrack(s, x->level_start.a[back + 1]);
	s->dlevel = back;
	x->level_start.n = back + 1;
	if (x->learnt.n > 1) {
		order_watches(x);
		reason = solver_learn(s, x->learnt.a, x->learnt.n);
	}
	solver_imply(s, x->learnt.a[0], reason);
	x->next = 0;
}

/* Next decision literal, or -1 when every variable of the search is assigned. */
static int decide(struct search *x)
{
	const struct solver *s = x->s;

	while (x->next < x->n && s->val[2 * x->vars[x->next]])
		x->next++;
	if (x->next == x->n)
		return -1;
	return 2 * x->vars[x->next] + s->phase[x->vars[x->next]];
}

static int search_loop(struct search *x, uint64_t max_conflicts)
{
	struct solver *s = x->s;
	uint64_t conflicts = 0;
	int lit;

	for (;;) {
		if (!solver_propagate(s)) {
			if (s->dlevel == 0)
				return 0;
			if (++conflicts == max_conflicts)
				return -1;
			learn_and_jump(x);
			continue;
		}
		if ((lit = decide(x)) < 0)
			return 1;
		if (x->k)
			counter_check(x->k);
		s->stats->decisions++;
		s->dlevel++;
		ivec_push(&x->level_start, s->ntrail);
		solver_assign(s, lit);
	}
}

int sat_search(struct solver *s, struct counter *k, const int *vars, int n, int keep, uint64_t max_conflicts)
{
	struct search x = { .s = s, .k = k, .vars = vars, .n = n };
	int sat;

	ivec_push(&x.level_start, s->ntrail);
	s->dlevel = 0;
	sat = search_loop(&x, max_conflicts);
	s->dlevel = 0;
	if (!keep)
		solver_forget(s);
	ivec_free(&x.learnt);
	ivec_free(&x.level_start);
	return sat;
}
