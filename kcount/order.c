/* order: a branching rank for every variable from a greedy elimination of the formula's
 * primal graph (by least degree, or by least fill among those of least degree), an
 * approximate tree decomposition in the spirit of sharpSAT-TD: variables eliminated late
 * sit near the root of the decomposition and separate the rest, so the search branches on
 * them first. Elimination stops once the smallest degree passes a cap; the remaining (hub)
 * variables rank above all others, by degree. The search time follows the decomposition's
 * cost, the number of assignments of its bags (2^degree of each variable eliminated, 2^hubs
 * for the rest), which varies severalfold between the two rules and the way ties are
 * broken: the elimination runs with each rule and several tie-breaks, and the cheapest
 * wins. Contracting the same graph gives a lower bound on its treewidth, which says how far
 * the best order could be from the chosen one. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kcount.h"
#include "util.h"

/* FILL_CANDIDATES: how many of the least degree the fill chooses among; FILL_DEGREE: above
 * it, counting a candidate's fill costs more than it tells, and degree alone decides;
 * NARROW: a first order this narrow is kept (its search is cheap whatever the tie-breaks,
 * and a split orders each of its cases: coreboot's 485 spent 40% of the count on trials). */
enum { DEGREE_CAP = 250, LONG_CLAUSE = 16, TIE_BREAKS = 8, FILL_CANDIDATES = 8, FILL_DEGREE = 64, NARROW = 16 };

struct heap_item {
	int level, degree, var;
	unsigned tie;
};

struct graph {
	int nnodes;               /* the variables, then a node for each long clause */
	unsigned seed;            /* of the tie-break; 0: none, the heap decides */
	const int *level;         /* NULL, or the nested dissection's levels: deeper ones first */
	int candidates;           /* of least degree, among which the least fill goes first */
	struct ivec *adj;         /* sorted neighbours of each live variable */
	unsigned char *gone;
	struct heap_item *heap;
	size_t nheap, heapcap;
	struct ivec merged;
};

/* A hash of the variable and the seed that orders equal degrees. */
static unsigned tie(const struct graph *g, int var)
{
	unsigned x = g->seed ? ((unsigned)var * 2654435761u) ^ (g->seed * 40503u) : 0;

	x ^= x >> 15;
	x *= 2246822519u;
	return x ^ (x >> 13);
}

static int before(const struct heap_item *a, const struct heap_item *b)
{
	if (a->level != b->level)
		return a->level > b->level;
	return a->degree < b->degree || (a->degree == b->degree && a->tie < b->tie);
}

static void heap_push(struct graph *g, int degree, int var)
{
	size_t i = g->nheap++;
	struct heap_item it = { g->level ? g->level[var] : 0, degree, var, tie(g, var) };

	if (g->nheap > g->heapcap) {
		g->heapcap = g->heapcap ? 2 * g->heapcap : 1024;
		g->heap = xrealloc(g->heap, g->heapcap * sizeof *g->heap);
	}
	while (i > 0 && before(&it, &g->heap[(i - 1) / 2])) {
		g->heap[i] = g->heap[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	g->heap[i] = it;
}

static struct heap_item heap_pop(struct graph *g)
{
	struct heap_item top = g->heap[0], last = g->heap[--g->nheap];
	size_t i = 0, c;

	while ((c = 2 * i + 1) < g->nheap) {
		if (c + 1 < g->nheap && before(&g->heap[c + 1], &g->heap[c]))
			c++;
		if (!before(&g->heap[c], &last))
			break;
		g->heap[i] = g->heap[c];
		i = c;
	}
	if (g->nheap)
		g->heap[i] = last;
	return top;
}

static int int_cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

static void sort_unique(struct ivec *v)
{
	int m = 0;

	qsort(v->a, (size_t)v->n, sizeof *v->a, int_cmp);
	for (int i = 0; i < v->n; i++)
		if (!m || v->a[m - 1] != v->a[i])
			v->a[m++] = v->a[i];
	v->n = m;
}

/* A clause's variables as a clique; a long one as a star around a node of its own, which
 * the elimination may take first (giving the clique back) or later: a select's clause of
 * forty selectors need not put them all in one bag. */
static void add_clique(struct graph *g, const int *lits, int n)
{
	if (n > LONG_CLAUSE) {
		int node = ++g->nnodes;
		for (int i = 0; i < n; i++) {
			ivec_push(&g->adj[VAR(lits[i])], node);
			ivec_push(&g->adj[node], VAR(lits[i]));
		}
		return;
	}
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			if (i != j)
				ivec_push(&g->adj[VAR(lits[i])], VAR(lits[j]));
}

/* The graph of what the current assignment leaves: the unassigned variables of the clauses
 * it does not satisfy, and the factors (pendant.c) of two unassigned variables (a split
 * orders each of its cases this way, split.c). */
static void build(struct graph *g, const struct solver *s)
{
	struct ivec open = { 0 };

	g->adj = xcalloc((size_t)s->nvars + s->nlong + 1, sizeof *g->adj);
	g->gone = xcalloc((size_t)s->nvars + s->nlong + 1, 1);
	g->nnodes = s->nvars;
	for (int c = 0; c < s->nlong; c++) {
		const int *cl = s->lits + s->start[c];
		int sat = 0;
		open.n = 0;
		for (int i = 0; i < s->len[c] && !sat; i++)
			if (!s->val[cl[i]])
				ivec_push(&open, cl[i]);
			else
				sat = s->val[cl[i]] > 0;
		if (!sat)
			add_clique(g, open.a, open.n);
	}
	ivec_free(&open);
	for (int l = 2; l < 2 * s->nvars + 2; l++)
		for (int i = 0; i < s->bins[l].n && !s->val[l]; i++)
			if (!s->val[s->bins[l].a[i]])
				ivec_push(&g->adj[VAR(l)], VAR(s->bins[l].a[i]));
	for (int i = 0; s->factors && i < s->factors->n; i++) {
		int a = s->factors->ends[2 * i], b = s->factors->ends[2 * i + 1];
		if (!s->val[2 * a] && !s->val[2 * b]) {
			ivec_push(&g->adj[a], b);
			ivec_push(&g->adj[b], a);
		}
	}
	/* Without the vertices of no edge (assigned or settled variables), which each elimination
	 * would pop in vain: a split's case leaves a few hundred of coreboot's 2,700, and its
	 * orders took half of the count. The tie-breaks are then alike before and after
	 * formula_compact, so --max-width gives the same answer from bound.c's formula as from
	 * the search's. */
	for (int v = 1; v <= g->nnodes; v++) {
		sort_unique(&g->adj[v]);
		if (g->adj[v].n)
			heap_push(g, g->adj[v].n, v);
	}
}

/* adj[a] := adj[a] + adj[v] - {a, v}, both sorted. */
static void merge_into(struct graph *g, int a, const struct ivec *nv, int v)
{
	struct ivec *x = &g->adj[a], swap;
	int i = 0, j = 0;

	g->merged.n = 0;
	while (i < x->n || j < nv->n) {
		int take = j >= nv->n || (i < x->n && x->a[i] <= nv->a[j]) ? x->a[i] : nv->a[j];
		if (i < x->n && x->a[i] == take)
			i++;
		if (j < nv->n && nv->a[j] == take)
			j++;
		if (take != a && take != v)
			ivec_push(&g->merged, take);
	}
	swap = *x;  /* the merged list becomes a's, a's old buffer the next merge's */
	*x = g->merged;
	g->merged = swap;
}

static void eliminate(struct graph *g, int v)
{
	struct ivec *nv = &g->adj[v];

	for (int i = 0; i < nv->n; i++) {
		int a = nv->a[i];
		merge_into(g, a, nv, v);
		heap_push(g, g->adj[a].n, a);
	}
	g->gone[v] = 1;
	ivec_free(nv);
}

/* The edges that eliminating v would add between its neighbours (its fill), or a bound
 * above every fill counted when v's degree passes FILL_DEGREE. */
static long fill(const struct graph *g, int v)
{
	const struct ivec *nv = &g->adj[v];
	long missing = 0;

	if (nv->n > FILL_DEGREE)
		return (long)FILL_DEGREE * FILL_DEGREE;
	for (int i = 0; i < nv->n; i++)
		for (int j = i + 1; j < nv->n; j++)
			missing += !bsearch(&nv->a[j], g->adj[nv->a[i]].a, (size_t)g->adj[nv->a[i]].n, sizeof(int), int_cmp);
	return missing;
}

/* Pops the next variable to eliminate: of the g->candidates live ones of least degree, the
 * one of least fill (then degree, then tie-break); the others go back on the heap. */
static int pop_least_fill(struct graph *g, struct heap_item *best)
{
	struct heap_item cand[FILL_CANDIDATES];
	long best_fill = -1;
	int n = 0, b = 0;

	while (n < g->candidates && g->nheap) {
		struct heap_item it = heap_pop(g);
		int dup = 0;
		for (int i = 0; i < n; i++)
			dup |= cand[i].var == it.var;
		if (!dup && !g->gone[it.var] && it.degree == g->adj[it.var].n)
			cand[n++] = it;
	}
	for (int i = 0; i < n && n > 1; i++) {
		long f = fill(g, cand[i].var);
		if (best_fill < 0 || f < best_fill) {
			best_fill = f;
			b = i;
		}
	}
	for (int i = 0; i < n; i++)
		if (i != b)
			heap_push(g, cand[i].degree, cand[i].var);
	if (n)
		*best = cand[b];
	return n > 0;
}

static void graph_free(struct graph *g)
{
	for (int v = 0; v <= g->nnodes; v++)
		ivec_free(&g->adj[v]);
	free(g->adj);
	free(g->gone);
	free(g->heap);
	ivec_free(&g->merged);
}

/* The shape of an elimination: its largest degree at elimination below the cap (a bag is one
 * more) and the number of hubs left above it. */
struct shape {
	int width, hubs, cuts;  /* cuts: of the nested dissection, if any */
};

/* Ranks by one elimination with the tie-break of seed, choosing among that many candidates
 * of least degree, after the deeper levels of a nested dissection when dissect is not 0
 * (the seed of its cuts); returns the decomposition's cost. */
static long double rank_by_elimination(const struct solver *s, unsigned seed, int candidates, unsigned dissect,
				       int *rank, struct shape *sh)
{
	struct graph g = { .seed = seed, .candidates = candidates };
	struct heap_item it;
	int next = 1, hubs = 0, width = 0, cuts = 0, *level = NULL;
	long double cost = 0;

	build(&g, s);
	if (dissect) {  /* the heap again, by level first */
		level = xmalloc(((size_t)g.nnodes + 1) * sizeof *level);
		cuts = dissect_levels(g.nnodes, g.adj, dissect, level);
		g.level = level;
		g.nheap = 0;
		for (int v = 1; v <= g.nnodes; v++)
			if (g.adj[v].n)
				heap_push(&g, g.adj[v].n, v);
	}
	while (pop_least_fill(&g, &it)) {
		if (it.degree > DEGREE_CAP)
			break;
		if (it.var <= s->nvars)
			rank[it.var] = next++;
		if (it.degree > width)
			width = it.degree;
		cost += ldexpl(1, it.degree);
		eliminate(&g, it.var);
	}
	for (int v = 1; v <= g.nnodes; v++)
		if (!g.gone[v]) {
			if (v <= s->nvars)
				rank[v] = next + g.adj[v].n;
			hubs += g.adj[v].n > 0;
		}
	graph_free(&g);
	free(level);
	*sh = (struct shape){ width, hubs, cuts };
	return cost + ldexpl(1, hubs);
}

/* Removes x from a sorted neighbour list, or (insert_sorted) puts it in. */
static void remove_sorted(struct ivec *a, int x)
{
	int *at = bsearch(&x, a->a, (size_t)a->n, sizeof x, int_cmp);

	if (at) {
		memmove(at, at + 1, (size_t)(a->a + a->n - at - 1) * sizeof x);
		a->n--;
	}
}

static void insert_sorted(struct ivec *a, int x)
{
	int i;

	if (bsearch(&x, a->a, (size_t)a->n, sizeof x, int_cmp))
		return;
	ivec_push(a, x);
	for (i = a->n - 1; i > 0 && a->a[i - 1] > x; i--)
		a->a[i] = a->a[i - 1];
	a->a[i] = x;
}

/* Of v's neighbours, the one that shares the fewest neighbours with it. */
static int least_common(struct graph *g, int v, int *mark, int stamp)
{
	const struct ivec *nv = &g->adj[v];
	int best = nv->a[0], best_common = -1;

	for (int i = 0; i < nv->n; i++)
		mark[nv->a[i]] = stamp;
	for (int i = 0; i < nv->n; i++) {
		const struct ivec *nx = &g->adj[nv->a[i]];
		int common = 0;
		for (int j = 0; j < nx->n; j++)
			common += mark[nx->a[j]] == stamp;
		if (best_common < 0 || common < best_common) {
			best_common = common;
			best = nv->a[i];
		}
	}
	return best;
}

/* Merges v into its neighbour u: u takes v's edges. */
static void contract(struct graph *g, int v, int u)
{
	struct ivec *nv = &g->adj[v];

	for (int i = 0; i < nv->n; i++) {
		int w = nv->a[i];
		if (w == u)
			continue;
		remove_sorted(&g->adj[w], v);
		insert_sorted(&g->adj[w], u);
		heap_push(g, g->adj[w].n, w);
	}
	merge_into(g, u, nv, v);
	heap_push(g, g->adj[u].n, u);
	g->gone[v] = 1;
	ivec_free(nv);
}

/* A lower bound on the treewidth of the graph the orders eliminate (the minor-min-width of
 * Gogate and Dechter): contract a vertex of least degree into the neighbour it shares the
 * fewest neighbours with, again and again; no graph has treewidth below its least degree,
 * and contraction never raises the treewidth, so the largest least degree met is a bound.
 * With the orders' width above it, it says how far a formula is from a count. */
int order_width_lower(const struct solver *s)
{
	struct graph g = { .candidates = 1 };
	struct heap_item it;
	int bound = 0, stamp = 0, *mark;

	build(&g, s);
	mark = xcalloc((size_t)g.nnodes + 1, sizeof *mark);
	while (pop_least_fill(&g, &it)) {
		if (it.degree > bound)
			bound = it.degree;
		if (it.degree == 0)
			g.gone[it.var] = 1;
		else
			contract(&g, it.var, least_common(&g, it.var, mark, ++stamp));
	}
	free(mark);
	graph_free(&g);
	return bound;
}

void order_rank(const struct solver *s, int dissect, int *rank, const volatile sig_atomic_t *stop)
{
	int *tried = xmalloc(((size_t)s->nvars + 1) * sizeof *tried);
	struct shape best_shape, sh;
	long double best = dissect ? rank_by_elimination(s, 1, FILL_CANDIDATES, 1, rank, &best_shape)
				   : rank_by_elimination(s, 0, 1, 0, rank, &best_shape);

	/* Min-degree, then min-fill, each with every tie-break: neither wins on every kernel
	 * formula (min-fill counts 52% fewer components with 38 subsystems fixed and CRYPTO
	 * on, twice as many with USB_SUPPORT on), and the cost tells which will. */
	for (int trial = 1; trial < 2 * TIE_BREAKS && !dissect && !*stop && best_shape.width > NARROW; trial++) {
		int candidates = trial < TIE_BREAKS ? 1 : FILL_CANDIDATES;
		long double cost = rank_by_elimination(s, (unsigned)trial % TIE_BREAKS, candidates, 0, tried, &sh);
		if (cost < best) {
			best = cost;
			best_shape = sh;
			memcpy(rank, tried, ((size_t)s->nvars + 1) * sizeof *rank);
		}
	}
	free(tried);
	s->stats->dissect_cuts += (uint64_t)best_shape.cuts;
	/* the widest and the costliest of the orders of a split's cases */
	if ((uint64_t)best_shape.width >= s->stats->order_width) {
		s->stats->order_width = (uint64_t)best_shape.width;
		s->stats->order_hubs = (uint64_t)best_shape.hubs;
	}
	if (best >= 0x1p64L)
		s->stats->order_cost = UINT64_MAX;
	else if ((uint64_t)best > s->stats->order_cost)
		s->stats->order_cost = (uint64_t)best;
}

int order_hub(const struct solver *s, const unsigned char *branchable)
{
	struct graph g = { .candidates = 1 };
	int hub = 0, degree = 0;

	build(&g, s);
	for (int v = 1; v <= s->nvars; v++)
		if (branchable[v] && !s->val[2 * v] && g.adj[v].n > degree)
			hub = v, degree = g.adj[v].n;
	graph_free(&g);
	return hub;
}

int order_width(const struct solver *s)
{
	int *rank = xmalloc(((size_t)s->nvars + 1) * sizeof *rank);
	struct shape sh;

	rank_by_elimination(s, 0, 1, 0, rank, &sh);
	free(rank);
	return sh.width;
}
