/* component: splits the unassigned variables of a component into independent components
 * (connected through clauses that are not yet satisfied), scoring variables for branching.
 * A breadth-first search labels each variable and active clause with its component; a
 * second pass then copies the parent's sorted variables and clauses into the children, so
 * their slices (the cache keys) come out sorted without sorting. */
#include <stdlib.h>
#include <string.h>

#include "kcount.h"
#include "util.h"

/* Lays out each variable's binary neighbours, then its long clauses, in one array: the
 * search walks these lists for every component, and scattered lists cost cache misses. */
static void build_adjacency(struct decomposer *d, const struct solver *s)
{
	int at = 0;

	d->adj_at = xmalloc((2 * (size_t)s->nvars + 3) * sizeof *d->adj_at);
	for (int v = 0; v <= s->nvars; v++)
		at += s->bins[2 * v].n + s->bins[2 * v + 1].n + s->occ[v].n;
	d->adj = xmalloc(((size_t)at + 1) * sizeof *d->adj);
	at = 0;
	for (int v = 0; v <= s->nvars; v++) {
		d->adj_at[2 * v] = at;
		for (int l = 2 * v; l <= 2 * v + 1; l++)
			for (int i = 0; i < s->bins[l].n; i++)
				d->adj[at++] = s->bins[l].a[i];
		d->adj_at[2 * v + 1] = at;
		for (int i = 0; i < s->occ[v].n; i++)
			d->adj[at++] = s->occ[v].a[i];
	}
	d->adj_at[2 * s->nvars + 2] = at;
}

void decomposer_init(struct decomposer *d, const struct solver *s, const unsigned char *defined)
{
	memset(d, 0, sizeof *d);
	d->var_mark = xcalloc((size_t)s->nvars + 1, sizeof *d->var_mark);
	d->branch_key = xcalloc((size_t)s->nvars + 1, sizeof *d->branch_key);
	d->rank = xcalloc((size_t)s->nvars + 1, sizeof *d->rank);
	d->var_comp = xcalloc((size_t)s->nvars + 1, sizeof *d->var_comp);
	d->branchable = xcalloc((size_t)s->nvars + 1, 1);
	s->stats->defined = (uint64_t)define_branchable(s, defined, d->branchable);
	d->cl_mark = xcalloc((size_t)s->nlong + 1, sizeof *d->cl_mark);
	d->cl_sat = xcalloc((size_t)s->nlong + 1, sizeof *d->cl_sat);
	d->cl_comp = xcalloc((size_t)s->nlong + 1, sizeof *d->cl_comp);
	ivec_reserve(&d->queue, s->nvars + 1);
	build_adjacency(d, s);
}

void decomposer_free(struct decomposer *d)
{
	free(d->var_mark);
	free(d->branch_key);
	free(d->rank);
	free(d->branchable);
	free(d->var_comp);
	free(d->cl_mark);
	free(d->cl_sat);
	free(d->cl_comp);
	free(d->adj);
	free(d->adj_at);
	ivec_free(&d->queue);
	ivec_free(&d->nv);
	ivec_free(&d->nc);
	ivec_free(&d->vpos);
	ivec_free(&d->cpos);
	ivec_free(&d->child);
}

static inline void reach(struct decomposer *d, int v, int comp)
{
	if (d->var_mark[v] != d->stamp) {
		d->var_mark[v] = d->stamp;
		d->var_comp[v] = comp;
		d->nv.a[comp]++;
		d->queue.a[d->queue.n++] = v; /* room for every variable, reserved at init */
	}
}

/* Labels the long clause c with the component unless it is satisfied; 1 if it is active. */
static int visit_long(const struct solver *s, struct decomposer *d, int c, int comp)
{
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
	d->cl_comp[c] = comp;
	d->nc.a[comp]++;
	for (int i = 0; i < s->len[c]; i++)
		if (!s->val[cl[i]])
			reach(d, VAR(cl[i]), comp);
	return 1;
}

/* Visits the active clauses of the unassigned variable u; its branch key is its rank,
 * then their number. */
static void explore(const struct solver *s, struct decomposer *d, int u, int comp)
{
	const int *a = d->adj;
	int score = 0, i = d->adj_at[2 * u], longs = d->adj_at[2 * u + 1], end = d->adj_at[2 * u + 2];

	for (; i < longs; i++)
		if (!s->val[a[i]]) {
			score++;
			reach(d, VAR(a[i]), comp);
		}
	for (; i < end; i++)
		score += visit_long(s, d, a[i], comp);
	d->branch_key[u] = (long)d->rank[u] * 65536 + score;
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

/* Labels every unassigned variable of the parent; returns the number of components. */
static int label(struct counter *k, const struct comp *parent)
{
	struct decomposer *d = &k->d;
	int n = 0;

	d->nv.n = d->nc.n = 0;
	for (int i = parent->var_begin; i < parent->var_end; i++) {
		int v = k->cvars.a[i];
		if (k->s.val[2 * v] || d->var_mark[v] == d->stamp)
			continue;
		ivec_push(&d->nv, 0);
		ivec_push(&d->nc, 0);
		d->queue.n = 0;
		reach(d, v, n);
		for (int q = 0; q < d->queue.n; q++)
			explore(&k->s, d, d->queue.a[q], n);
		n++;
	}
	return n;
}

static struct comp *new_comp(struct counter *k)
{
	if (k->ncomps == k->compcap) {
		k->compcap = k->compcap ? 2 * k->compcap : 64;
		k->comps = xrealloc(k->comps, (size_t)k->compcap * sizeof *k->comps);
	}
	return &k->comps[k->ncomps++];
}

/* Opens a child slice for each component that is not a lone free variable. */
static void open_children(struct counter *k, int n, int first)
{
	struct decomposer *d = &k->d;
	int vat = k->cvars.n, cat = k->ccls.n;

	d->vpos.n = d->cpos.n = d->child.n = 0;
	for (int i = 0; i < n; i++) {
		ivec_push(&d->child, -1);
		if (d->nv.a[i] == 1 && d->nc.a[i] == 0) {
			ivec_push(&d->vpos, -1);
			ivec_push(&d->cpos, -1);
			continue;
		}
		struct comp *c = new_comp(k);
		*c = (struct comp){ vat, vat + d->nv.a[i], cat, cat + d->nc.a[i], 0, 0 };
		ivec_push(&d->vpos, vat);
		ivec_push(&d->cpos, cat);
		d->child.a[i] = k->ncomps - 1 - first;
		vat += d->nv.a[i];
		cat += d->nc.a[i];
	}
	ivec_reserve(&k->cvars, vat);
	ivec_reserve(&k->ccls, cat);
	k->cvars.n = vat;
	k->ccls.n = cat;
}

/* Counts the projected variables of a child and picks the branchable one of highest rank
 * (then score) as its branch. */
static void consider_branch(struct counter *k, struct comp *c, int v)
{
	c->nproj += k->s.projected[v];
	if (k->d.branchable[v] && (!c->branch || k->d.branch_key[v] > k->d.branch_key[c->branch]))
		c->branch = v;
}

/* Copies the parent's variables and active clauses, in order, into the children. */
static int distribute(struct counter *k, const struct comp *parent, int first)
{
	struct decomposer *d = &k->d;
	int free_projected = 0;

	for (int i = parent->var_begin; i < parent->var_end; i++) {
		int v = k->cvars.a[i], lc;
		if (k->s.val[2 * v])
			continue;
		lc = d->var_comp[v];
		if (d->vpos.a[lc] < 0) {
			free_projected += k->s.projected[v];
			continue;
		}
		k->cvars.a[d->vpos.a[lc]++] = v;
		consider_branch(k, &k->comps[first + d->child.a[lc]], v);
	}
	for (int i = parent->cl_begin; i < parent->cl_end; i++) {
		int c = k->ccls.a[i];
		if (d->cl_mark[c] == d->stamp)
			k->ccls.a[d->cpos.a[d->cl_comp[c]]++] = c;
	}
	return free_projected;
}

int decompose(struct counter *k, const struct comp *parent)
{
	int first = k->ncomps, n;

	next_stamp(&k->d, &k->s);
	n = label(k, parent);
	open_children(k, n, first);
	return distribute(k, parent, first);
}
