/* component: splits the unassigned variables of a component into independent components
 * (connected through clauses that are not yet satisfied), scoring variables for branching. */
#include <stdlib.h>
#include <string.h>

#include "kcount.h"
#include "util.h"

void decomposer_init(struct decomposer *d, const struct solver *s)
{
	d->stamp = 0;
	d->var_mark = xcalloc((size_t)s->nvars + 1, sizeof *d->var_mark);
	d->score = xcalloc((size_t)s->nvars + 1, sizeof *d->score);
	d->rank = xcalloc((size_t)s->nvars + 1, sizeof *d->rank);
	order_rank(s, d->rank);
	d->cl_mark = xcalloc((size_t)s->nlong + 1, sizeof *d->cl_mark);
	d->cl_sat = xcalloc((size_t)s->nlong + 1, sizeof *d->cl_sat);
}

void decomposer_free(struct decomposer *d)
{
	free(d->var_mark);
	free(d->score);
	free(d->rank);
	free(d->cl_mark);
	free(d->cl_sat);
}

static void reach(struct counter *k, int v)
{
	if (k->d.var_mark[v] != k->d.stamp) {
		k->d.var_mark[v] = k->d.stamp;
		ivec_push(&k->cvars, v);
	}
}

/* Adds the long clause c to the component unless it is satisfied; 1 if it is active. */
static int visit_long(struct counter *k, int c)
{
	const struct solver *s = &k->s;
	struct decomposer *d = &k->d;
	const int *cl = s->lits + s->start[c];

	if (d->cl_mark[c] == d->stamp)
		return 1;
	if (d->cl_sat[c] == d->stamp)
		return 0;
	for (int i = 0; i < s->len[c]; i++)
		if (s->val[cl[i]] > 0) {
			d->cl_sat[c] = d->stamp;
			return 0;
		}
	d->cl_mark[c] = d->stamp;
	ivec_push(&k->ccls, c);
	for (int i = 0; i < s->len[c]; i++)
		if (!s->val[cl[i]])
			reach(k, VAR(cl[i]));
	return 1;
}

/* Visits the active clauses of the unassigned variable u, scoring it by their number. */
static void explore(struct counter *k, int u)
{
	const struct solver *s = &k->s;
	int score = 0;

	for (int l = 2 * u; l <= 2 * u + 1; l++)
		for (int i = 0; i < s->bins[l].n; i++) {
			int o = s->bins[l].a[i];
			if (!s->val[o]) {
				score++;
				reach(k, VAR(o));
			}
		}
	for (int i = 0; i < s->occ[u].n; i++)
		score += visit_long(k, s->occ[u].a[i]);
	k->d.score[u] = score;
}

static int int_cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

static void push_comp(struct counter *k, int vb, int cb)
{
	struct comp c = { vb, k->cvars.n, cb, k->ccls.n, 0, 0 };
	long best = -1;

	qsort(k->cvars.a + vb, (size_t)(c.var_end - vb), sizeof(int), int_cmp);
	qsort(k->ccls.a + cb, (size_t)(c.cl_end - cb), sizeof(int), int_cmp);
	for (int i = vb; i < c.var_end; i++) {
		int v = k->cvars.a[i];
		if (!k->s.projected[v])
			continue;
		c.nproj++;
		long key = (long)k->d.rank[v] * 65536 + k->d.score[v];
		if (key > best) {
			best = key;
			c.branch = v;
		}
	}
	if (k->ncomps == k->compcap) {
		k->compcap = k->compcap ? 2 * k->compcap : 64;
		k->comps = xrealloc(k->comps, (size_t)k->compcap * sizeof *k->comps);
	}
	k->comps[k->ncomps++] = c;
}

static void next_stamp(struct decomposer *d, const struct solver *s)
{
	if (++d->stamp == 0) {
		memset(d->var_mark, 0, ((size_t)s->nvars + 1) * sizeof *d->var_mark);
		memset(d->cl_mark, 0, ((size_t)s->nlong + 1) * sizeof *d->cl_mark);
		memset(d->cl_sat, 0, ((size_t)s->nlong + 1) * sizeof *d->cl_sat);
		d->stamp = 1;
	}
}

int decompose(struct counter *k, int begin, int end)
{
	int free_projected = 0;

	next_stamp(&k->d, &k->s);
	for (int i = begin; i < end; i++) {
		int v = k->cvars.a[i], vb = k->cvars.n, cb = k->ccls.n;
		if (k->s.val[2 * v] || k->d.var_mark[v] == k->d.stamp)
			continue;
		reach(k, v);
		for (int q = vb; q < k->cvars.n; q++)
			explore(k, k->cvars.a[q]);
		if (k->cvars.n - vb == 1 && k->ccls.n == cb) {
			free_projected += k->s.projected[v];
			k->cvars.n = vb;
		} else
			push_comp(k, vb, cb);
	}
	return free_projected;
}
