/* groups: sets of variables of which at most one (or exactly one) is true in every model: a
 * Kconfig choice, a feature model's alternative group. Two sources: the input's marks (`c
 * kcnf exactly-one V... 0`, `c kcnf at-most-one V... 0`, kcnf(1)), each checked by unit
 * propagation on the preprocessed formula before use, and never trusted; and the pairwise
 * binary clauses (-a | -b) of the formula, whose cliques of three or more a greedy search
 * finds; groups_merge joins groups whose union is at most one. A split (split.c) counts a
 * wide formula as the sum over a group's cases. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kcount.h"
#include "util.h"

enum { MIN_FOUND = 3 };

/* 1 if a and b together fail by unit propagation (a clause -a | -b is implied), with a
 * already set and propagated. */
static int excluded(struct solver *s, int b)
{
	int mark = s->ntrail, fails;

	if (s->val[2 * b])
		return s->val[2 * b] < 0;
	solver_assign(s, 2 * b);
	fails = !solver_propagate(s);
	solver_backtrack(s, mark);
	return fails;
}

/* 1 if unit propagation shows that v true excludes each of others[0..n); nothing to show
 * when v is already false or fails alone. */
static int excludes_all(struct solver *s, int v, const int *others, int n)
{
	int mark = s->ntrail, ok = 1;

	if (s->val[2 * v] < 0)
		return 1;
	if (!s->val[2 * v]) {
		solver_assign(s, 2 * v);
		if (!solver_propagate(s)) {
			solver_backtrack(s, mark);
			return 1;
		}
	}
	for (int j = 0; j < n && ok; j++)
		ok = excluded(s, others[j]);
	solver_backtrack(s, mark);
	return ok;
}

/* 1 if unit propagation shows that at most one of vars[0..n) is true: each, set true, makes
 * every other false, or fails when the other is set true too (vivification may have removed
 * a clause -a | -b that the others imply that way). */
static int at_most_one_implied(struct solver *s, const int *vars, int n)
{
	for (int i = 0; i < n; i++)
		if (!excludes_all(s, vars[i], vars + i + 1, n - i - 1))
			return 0;
	return 1;
}

/* 1 if unit propagation shows that at least one of vars[0..n) is true: setting them false
 * one after the other fails, or makes one of them true. */
static int at_least_one_implied(struct solver *s, const int *vars, int n)
{
	int mark = s->ntrail, shown = 0;

	for (int i = 0; i < n && !shown; i++) {
		if (s->val[2 * vars[i]] > 0)
			shown = 1;
		else if (!s->val[2 * vars[i]]) {
			solver_assign(s, 2 * vars[i] + 1);
			shown = !solver_propagate(s);
		}
	}
	for (int i = 0; i < n && !shown; i++)
		shown = s->val[2 * vars[i]] > 0;
	solver_backtrack(s, mark);
	return shown;
}

/* Keeps of a mark's variables those the formula still has (preprocessing may have fixed or
 * eliminated some), once each, into g; returns how many. */
static int live_members(const struct formula *f, const unsigned char *occurs, const int *m, struct ivec *g,
			unsigned char *seen)
{
	int start = g->n;

	for (; *m; m++)
		if (*m <= f->nvars && occurs[*m] && !seen[*m]) {
			seen[*m] = 1;
			ivec_push(g, *m);
		}
	for (int i = start; i < g->n; i++)
		seen[g->a[i]] = 0;
	return g->n - start;
}

static unsigned char *occurring(const struct formula *f)
{
	unsigned char *occurs = xcalloc((size_t)f->nvars + 1, 1);

	for (int i = 0; i < f->clauses.n; i++)
		occurs[abs(f->clauses.a[i])] = 1;
	return occurs;
}

/* Checks one mark (kind, variables, 0) and appends its live members, ended by 0, to f->groups
 * if the clauses imply that at most one is true; returns the length of the mark. (When
 * preprocessing has eliminated a member that the others define, at least one of the rest
 * need not be true: the covering clause is gone with it.) */
static int check_mark(struct formula *f, struct solver *s, const int *m, const unsigned char *occurs,
		      unsigned char *seen, struct stats *st, int verbose, int index)
{
	int kind = m[0], len = 1, start = f->groups.n, n;
	const char *what = kind == 2 ? "exactly-one" : "at-most-one";

	while (m[len])
		len++;
	n = live_members(f, occurs, m + 1, &f->groups, seen);
	if (n < 2) {
		f->groups.n = start;  /* settled by preprocessing: nothing to branch on */
		return len + 1;
	}
	if (!at_most_one_implied(s, f->groups.a + start, n)) {
		f->groups.n = start;
		st->marks_ignored++;
		if (verbose)
			fprintf(stderr, "kcount: warning: %s mark %d (from variable %d) is not implied by the clauses: ignored\n",
				what, index, m[1]);
		return len + 1;
	}
	if (kind == 2 && n == len - 1 && !at_least_one_implied(s, f->groups.a + start, n) && verbose)
		fprintf(stderr, "kcount: warning: exactly-one mark %d (from variable %d): at least one is not implied, "
			"kept as at-most-one\n", index, m[1]);
	ivec_push(&f->groups, 0);
	st->groups_marked++;
	return len + 1;
}

void groups_check_marks(struct formula *f, const struct dimacs_cnf *cnf, struct stats *st, int verbose)
{
	struct solver s;
	unsigned char *occurs, *seen;
	int index = 0;

	st->marks_ignored += (uint64_t)cnf->bad_marks;
	if (verbose && cnf->bad_marks)
		fprintf(stderr, "kcount: warning: %d malformed group marks ignored\n", cnf->bad_marks);
	if (!cnf->nmarks || f->unsat)
		return;
	formula_solver(f, &s, st);
	occurs = occurring(f);
	seen = xcalloc((size_t)f->nvars + 1, 1);
	for (size_t i = 0; i < cnf->nmarks; index++)
		i += (size_t)check_mark(f, &s, cnf->marks + i, occurs, seen, st, verbose, index + 1);
	free(seen);
	free(occurs);
	solver_free(&s);
}

/* Variables b with a clause (-a | -b), for a free variable a: its exclusions. */
static int exclusions(const struct solver *s, int a, const unsigned char *used, int *out)
{
	const struct ivec *b = &s->bins[2 * a + 1];
	int n = 0;

	for (int i = 0; i < b->n; i++)
		if ((b->a[i] & 1) && !used[VAR(b->a[i])] && !s->val[b->a[i]])
			out[n++] = VAR(b->a[i]);
	return n;
}

struct finder {
	const struct solver *s;
	unsigned char *used;
	int *degree, *cand, *mark, stamp;
	struct item { int degree, var; } *items;
};

static int by_degree(const void *x, const void *y)
{
	const struct item *a = x, *b = y;

	if (a->degree != b->degree)
		return a->degree > b->degree ? -1 : 1;
	return a->var - b->var;
}

/* Sorts vars[0..n) by their number of exclusions, most first. */
static void sort_by_degree(struct finder *fd, int *vars, int n)
{
	for (int i = 0; i < n; i++)
		fd->items[i] = (struct item){ fd->degree[vars[i]], vars[i] };
	qsort(fd->items, (size_t)n, sizeof *fd->items, by_degree);
	for (int i = 0; i < n; i++)
		vars[i] = fd->items[i].var;
}

/* The greedy clique of exclusions around a: its exclusions by degree, each taken if it
 * excludes all taken before; appended to out when it has MIN_FOUND members or more. */
static int grow(struct finder *fd, int a, struct ivec *out)
{
	int nc = exclusions(fd->s, a, fd->used, fd->cand), start = out->n;

	sort_by_degree(fd, fd->cand, nc);
	ivec_push(out, a);
	for (int i = 0; i < nc; i++) {
		const struct ivec *bb = &fd->s->bins[2 * fd->cand[i] + 1];
		int all = 1;
		fd->stamp++;
		for (int j = 0; j < bb->n; j++)
			if (bb->a[j] & 1)
				fd->mark[VAR(bb->a[j])] = fd->stamp;
		for (int j = start; j < out->n && all; j++)
			all = fd->mark[out->a[j]] == fd->stamp;
		if (all)
			ivec_push(out, fd->cand[i]);
	}
	if (out->n - start < MIN_FOUND) {
		out->n = start;
		return 0;
	}
	for (int j = start; j < out->n; j++)
		fd->used[out->a[j]] = 1;
	ivec_push(out, 0);
	return 1;
}

int groups_find(const struct solver *s, const struct ivec *marked, struct ivec *out)
{
	struct finder fd = { .s = s };
	int *order = xmalloc(((size_t)s->nvars + 1) * sizeof *order), n = 0, found = 0;

	fd.used = xcalloc((size_t)s->nvars + 1, 1);
	fd.degree = xcalloc((size_t)s->nvars + 1, sizeof *fd.degree);
	fd.cand = xmalloc(((size_t)s->nvars + 1) * sizeof *fd.cand);
	fd.mark = xcalloc((size_t)s->nvars + 1, sizeof *fd.mark);
	fd.items = xmalloc(((size_t)s->nvars + 1) * sizeof *fd.items);
	out->n = 0;
	for (int i = 0; i < marked->n; i++) {  /* the checked marks first: they claim their members */
		int v = marked->a[i];
		if (v && !fd.used[v] && !s->val[2 * v])
			ivec_push(out, v), fd.used[v] = 1;
		else if (!v && out->n && out->a[out->n - 1])
			ivec_push(out, 0);
	}
	for (int v = 1; v <= s->nvars; v++)
		if (!fd.used[v] && !s->val[2 * v] && (fd.degree[v] = exclusions(s, v, fd.used, fd.cand)) >= MIN_FOUND - 1)
			order[n++] = v;
	sort_by_degree(&fd, order, n);
	for (int i = 0; i < n; i++)
		if (!fd.used[order[i]])
			found += grow(&fd, order[i], out);
	free(order);
	free(fd.used);
	free(fd.degree);
	free(fd.cand);
	free(fd.mark);
	free(fd.items);
	return found;
}

/* 1 if unit propagation shows that no member of b is true with a member of a. */
static int cross_excluded(struct solver *s, const int *a, int na, const int *b, int nb)
{
	for (int i = 0; i < nb; i++)
		if (!excludes_all(s, b[i], a, na))
			return 0;
	return 1;
}

/* Larger first; the earlier group first among those of one size. */
static int by_size(const void *x, const void *y)
{
	const struct group_span *a = x, *b = y;

	if (a->size != b->size)
		return b->size - a->size;
	return a->offset - b->offset;
}

int groups_by_size(const struct ivec *groups, struct group_span **out)
{
	struct group_span *g = xmalloc(((size_t)groups->n + 1) * sizeof *g);
	int n = 0;

	for (int b = 0, e = 0; b < groups->n; b = e + 1) {
		for (e = b; groups->a[e]; e++)
			;
		g[n++] = (struct group_span){ b, e - b };
	}
	qsort(g, (size_t)n, sizeof *g, by_size);
	*out = g;
	return n;
}

int groups_merge(struct solver *s, struct ivec *groups)
{
	struct group_span *g;
	struct ivec out = { 0 };
	int n = groups_by_size(groups, &g), merges = 0;

	for (int i = 0; i < n; i++) {
		int start = out.n;
		if (g[i].size < 0)
			continue;
		for (int k = 0; k < g[i].size; k++)
			ivec_push(&out, groups->a[g[i].offset + k]);
		for (int j = i + 1; j < n; j++)
			if (g[j].size > 0 && cross_excluded(s, out.a + start, out.n - start, groups->a + g[j].offset, g[j].size)) {
				for (int k = 0; k < g[j].size; k++)
					ivec_push(&out, groups->a[g[j].offset + k]);
				g[j].size = -1;
				merges++;
			}
		ivec_push(&out, 0);
	}
	free(g);
	ivec_free(groups);
	*groups = out;
	return merges;
}
