/* component: splits the unassigned variables of a component into independent components
 * (connected through clauses that are not yet satisfied), scoring variables for branching.
 * One pass over the parent's sorted variables starts a breadth-first search from each one
 * not reached yet, which labels each variable and active clause with its component, and
 * copies each variable into its component's slice; the clauses follow in a second pass. The
 * slices (the cache keys) come out sorted without sorting. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "kcount.h"
#include "util.h"

/* Lays out each variable's binary neighbours, its long clauses, then its factors, in one
 * array: the search walks these lists for every component, and scattered lists cost cache
 * misses. */
static void build_adjacency(struct decomposer *d, const struct solver *s)
{
	const struct factors *fa = s->factors;
	int at = 0;

	d->adj_at = xmalloc((3 * (size_t)s->nvars + 4) * sizeof *d->adj_at);
	for (int v = 0; v <= s->nvars; v++)
		at += s->bins[2 * v].n + s->bins[2 * v + 1].n + s->occ[v].n + (fa ? fa->at[v + 1] - fa->at[v] : 0);
	d->adj = xmalloc(((size_t)at + 1) * sizeof *d->adj);
	at = 0;
	for (int v = 0; v <= s->nvars; v++) {
		d->adj_at[3 * v] = at;
		for (int l = 2 * v; l <= 2 * v + 1; l++)
			for (int i = 0; i < s->bins[l].n; i++)
				d->adj[at++] = s->bins[l].a[i];
		d->adj_at[3 * v + 1] = at;
		for (int i = 0; i < s->occ[v].n; i++)
			d->adj[at++] = s->occ[v].a[i];
		d->adj_at[3 * v + 2] = at;
		for (int i = fa ? fa->at[v] : 0; fa && i < fa->at[v + 1]; i++)
			d->adj[at++] = fa->ids[i];
	}
	d->adj_at[3 * s->nvars + 3] = at;
}

void decomposer_init(struct decomposer *d, const struct solver *s, const unsigned char *defined)
{
	memset(d, 0, sizeof *d);
	d->stamp = 1;
	d->var_label = xcalloc((size_t)s->nvars + 1, sizeof *d->var_label);
	d->rank = xcalloc((size_t)s->nvars + 1, sizeof *d->rank);
	d->branchable = xcalloc((size_t)s->nvars + 1, 1);
	s->stats->defined = (uint64_t)define_branchable(s, defined, d->branchable);
	d->cl_label = xcalloc((size_t)s->nlong + 1, sizeof *d->cl_label);
	ivec_reserve(&d->queue, s->nvars + 1);
	if (s->factors) {
		d->held_bits = xcalloc((2 * (size_t)s->factors->n + 63) / 64, sizeof *d->held_bits);
		ivec_reserve(&d->held, s->factors->n);  /* a search holds a factor once at most */
	}
	build_adjacency(d, s);
}

void decomposer_free(struct decomposer *d)
{
	free(d->var_label);
	free(d->rank);
	free(d->branchable);
	free(d->cl_label);
	free(d->adj);
	free(d->adj_at);
	ivec_free(&d->queue);
	ivec_free(&d->held);
	free(d->held_bits);
	free(d->pieces);
}

static inline void reach(struct decomposer *d, int v, uint32_t lab)
{
	if (d->var_label[v] <= d->stamp) {
		d->var_label[v] = lab;
		d->queue.a[d->queue.n++] = v; /* room for every variable, reserved at init */
	}
}

/* Labels the long clause c with the component unless it is satisfied; 1 if it is active. */
static int visit_long(const struct solver *s, struct decomposer *d, int c, uint32_t lab)
{
	const int *cl = s->lits + s->start[c];

	if (d->cl_label[c] >= d->stamp)
		return d->cl_label[c] > d->stamp;
	for (int i = 0; i < s->len[c]; i++)
		if (s->val[cl[i]] > 0) {
			d->cl_label[c] = d->stamp;
			return 0;
		}
	d->cl_label[c] = lab;
	d->pieces[lab - d->stamp - 1].nc++;
	for (int i = 0; i < s->len[c]; i++)
		if (!s->val[cl[i]])
			reach(d, VAR(cl[i]), lab);
	return 1;
}

/* Reaches the free literals of lits[0..end) (the other literals of a variable's binary
 * clauses); returns their number. In locals: through d, the queue's length would be
 * reloaded after every store. */
static int binary_neighbours(const signed char *val, struct decomposer *d, const int *lits, const int *end, uint32_t lab)
{
	uint32_t *label = d->var_label, stamp = d->stamp;
	int *queue = d->queue.a, n = d->queue.n, free = 0;

	for (; lits < end; lits++)
		if (!val[*lits]) {
			int v = VAR(*lits);
			free++;
			if (label[v] <= stamp) {
				label[v] = lab;
				queue[n++] = v;
			}
		}
	d->queue.n = n;
	return free;
}

/* Reaches the other variable of each factor of u in f[0..n) when it is free; else holds
 * the factor's code, which the key needs: what it leaves of the factor is a weight of u's
 * that depends on the other's value. Returns how many there are. */
static int factor_neighbours(const struct solver *s, struct decomposer *d, int u, const int *f, int n, uint32_t lab)
{
	const int *ends = s->factors->ends;

	for (int i = 0; i < n; i++) {
		int o = ends[2 * f[i]] ^ ends[2 * f[i] + 1] ^ u;
		if (!s->val[2 * o])
			reach(d, o, lab);
		else {
			int bit = FACTOR_CODE(s->nlong, f[i], s->val[2 * o] > 0) - s->nlong;
			d->held.n++;
			d->held_bits[bit / 64] |= (uint64_t)1 << (bit % 64);
			d->held_lo = bit / 64 < d->held_lo ? bit / 64 : d->held_lo;
			d->held_hi = bit / 64 > d->held_hi ? bit / 64 : d->held_hi;
		}
	}
	return n;
}

/* Writes the held codes into d->held in order (the key needs them sorted) by reading their
 * bits, and clears the bits: a component of Knüppel's model holds 28 on average, and sorting them one
 * by one took 8% of its count. The words read are at most one for 32 factors (1,686 for
 * the whole of Linux 6.12: 53 words). */
static void sort_held(struct decomposer *d, int nlong)
{
	int n = 0;

	for (int w = d->held_lo; w <= d->held_hi; w++) {
		for (uint64_t bits = d->held_bits[w]; bits; bits &= bits - 1)
			d->held.a[n++] = nlong + 64 * w + __builtin_ctzll(bits);
		d->held_bits[w] = 0;
	}
}

/* Visits the active clauses and the factors of the unassigned variable u; returns its
 * branch key: its rank, then their number. */
static long explore(const struct solver *s, struct decomposer *d, int u, uint32_t lab)
{
	const int *a = d->adj, *at = d->adj_at + 3 * u;
	int score = binary_neighbours(s->val, d, a + at[0], a + at[1], lab);

	for (int i = at[1]; i < at[2]; i++)
		score += visit_long(s, d, a[i], lab);
	if (at[3] > at[2])
		score += factor_neighbours(s, d, u, a + at[2], at[3] - at[2], lab);
	return (long)d->rank[u] * 65536 + score;
}

/* Moves the stamp past the labels of the last decompose (d->npieces components), to a
 * value with room for as many components as there are variables. */
static void next_stamp(struct decomposer *d, const struct solver *s)
{
	if (d->stamp + (uint64_t)d->npieces + s->nvars + 3 > UINT32_MAX) {
		memset(d->var_label, 0, ((size_t)s->nvars + 1) * sizeof *d->var_label);
		memset(d->cl_label, 0, ((size_t)s->nlong + 1) * sizeof *d->cl_label);
		d->stamp = 1;
	} else
		d->stamp += (uint32_t)d->npieces + 1;
}

static struct piece *new_piece(struct decomposer *d)
{
	if (d->npieces == d->piece_cap) {
		d->piece_cap = d->piece_cap ? 2 * d->piece_cap : 64;
		d->pieces = xrealloc(d->pieces, (size_t)d->piece_cap * sizeof *d->pieces);
	}
	d->pieces[d->npieces] = (struct piece){ 0 };
	return &d->pieces[d->npieces++];
}

/* The search from v, the first variable of a new component: its variables and clauses,
 * its projected variables, and the branchable variable it branches on, of highest key and
 * the lowest on ties, as the first in the parent's sorted order would be. */
static void search(struct counter *k, int v)
{
	struct decomposer *d = &k->d;
	int comp = d->npieces, best = 0, nproj = 0;
	uint32_t lab = d->stamp + 1 + (uint32_t)comp;
	long best_key = 0;

	new_piece(d);
	d->queue.n = 0;
	d->held.n = 0;
	d->held_lo = INT_MAX;
	d->held_hi = -1;
	reach(d, v, lab);
	for (int q = 0; q < d->queue.n; q++) {
		int u = d->queue.a[q];
		long key = explore(&k->s, d, u, lab);
		nproj += k->s.projected[u];
		if (d->branchable[u] && (!best || key > best_key || (key == best_key && u < best))) {
			best = u;
			best_key = key;
		}
	}
	sort_held(d, k->s.nlong);
	d->pieces[comp].nv = d->queue.n;
	d->pieces[comp].nf = d->held.n;
	d->pieces[comp].nproj = nproj;
	d->pieces[comp].branch = best;
}

static struct comp *new_comp(struct counter *k)
{
	if (k->ncomps == k->compcap) {
		k->compcap = k->compcap ? 2 * k->compcap : 64;
		k->comps = xrealloc(k->comps, (size_t)k->compcap * sizeof *k->comps);
	}
	return &k->comps[k->ncomps++];
}

/* Into k->sum: the sum over the values of the lone variable v of its weight times the
 * entries of the factors it holds (the other variable of each assigned). */
static void lone_sum(struct counter *k, int v)
{
	const struct factors *fa = k->s.factors;
	const int *held = k->d.held.a;

	mpz_set_ui(k->sum, 0);
	for (int b = 0; b < 2; b++) {
		mpz_set(k->term, k->weight[2 * v + !b]);
		for (int i = 0; i < k->d.held.n; i++) {
			int j = FACTOR_OF_CODE(k->s.nlong, held[i]), o = VALUE_OF_CODE(k->s.nlong, held[i]);
			mpz_mul(k->term, k->term, fa->table[fa->ends[2 * j] == v ? FACTOR_ENTRY(j, b, o) : FACTOR_ENTRY(j, o, b)]);
		}
		mpz_add(k->sum, k->sum, k->term);
	}
}

/* Opens a child slice at the top of the component stack for the component just searched
 * from v, unless it is a lone free variable; returns its projected variables in that case
 * (its factor of the count goes into k->lone when its weights are not 1 or it holds
 * factors), else 0. */
static int open_child(struct counter *k, int v)
{
	struct piece *p = &k->d.pieces[k->d.npieces - 1];

	if (p->nv == 1 && p->nc == 0) {
		p->vpos = p->cpos = -1;
		if (p->nf || (k->weight && k->weighted[v])) {
			lone_sum(k, v);
			mpz_mul(k->lone, k->lone, k->sum);
			return 0;
		}
		return p->nproj;
	}
	p->vpos = k->cvars.n;
	p->cpos = k->ccls.n;
	*new_comp(k) = (struct comp){ p->vpos, p->vpos + p->nv, p->cpos, p->cpos + p->nc + p->nf, p->nproj, p->branch };
	memcpy(k->ccls.a + p->cpos + p->nc, k->d.held.a, (size_t)p->nf * sizeof *k->d.held.a);  /* after the long clauses' ids */
	k->cvars.n += p->nv;
	k->ccls.n += p->nc + p->nf;
	return 0;
}

/* Copies the active clauses of the parent, in order, into the children (the factors held
 * are there already: each child found its own). */
static void distribute_clauses(struct counter *k, const struct comp *parent)
{
	struct piece *pieces = k->d.pieces;
	const uint32_t *cl_label = k->d.cl_label, stamp = k->d.stamp;
	int *cls = k->ccls.a, nlong = k->s.nlong;

	for (int i = parent->cl_begin; i < parent->cl_end; i++) {
		int c = cls[i];
		if (c < nlong && cl_label[c] > stamp)
			cls[pieces[cl_label[c] - stamp - 1].cpos++] = c;
	}
}

/* One pass over the parent's variables in their sorted order: a variable not reached yet
 * starts the search of a new component, whose slice opens on top of those of the ones found
 * before (complete by then); each variable goes to its component's slice, whose position
 * stays in a register over a run of its variables. Then the clauses go to theirs. The
 * slices come out sorted. Returns the number of projected lone variables. */
int decompose(struct counter *k, const struct comp *parent)
{
	struct decomposer *d = &k->d;
	int free_projected = 0, cur = -1, at = -1, end = parent->var_end, *vars;

	next_stamp(d, &k->s);
	d->npieces = 0;
	ivec_reserve(&k->cvars, k->cvars.n + parent->var_end - parent->var_begin);
	ivec_reserve(&k->ccls, k->ccls.n + parent->cl_end - parent->cl_begin + (k->s.factors ? k->s.factors->n : 0));
	vars = k->cvars.a;
	for (int i = parent->var_begin; i < end; i++) {
		int v = vars[i], piece;
		if (k->s.val[2 * v])
			continue;
		if (d->var_label[v] <= d->stamp) {
			search(k, v);
			free_projected += open_child(k, v);
		}
		piece = (int)(d->var_label[v] - d->stamp - 1);
		if (piece != cur) {
			if (cur >= 0)
				d->pieces[cur].vpos = at;
			cur = piece;
			at = d->pieces[piece].vpos;
		}
		if (at >= 0)
			vars[at++] = v;
	}
	distribute_clauses(k, parent);
	return free_projected;
}
