/* dissect: levels for an elimination by nested dissection (--dissect). A part of the graph
 * is cut by a small balanced vertex separator, which is eliminated after the pieces it
 * leaves, and each piece likewise down to parts of LEAF vertices; order.c eliminates the
 * deepest level first and, within a level, by least fill. A greedy elimination is often as
 * narrow, but its tree of bags can be lopsided, and the search, which branches on the last
 * eliminated first, then walks down a long path of them before the formula falls apart.
 * The separator is FlowCutter's idea (Hamann and Strasser): from two far vertices, a source
 * side and a sink side grow, the smaller one at a time; after each maximum flow between
 * them (augmenting paths through vertices of capacity one) the smaller takes all it reaches
 * and one vertex of its cut, and each side's cut is a candidate; the one of least size for
 * its smaller side wins. */
#include <stdlib.h>
#include <string.h>

#include "kcount.h"
#include "util.h"

enum { LEAF = 16 };  /* a part this small is not cut */

enum { IN = 0, OUT = 1 };  /* the two halves of a vertex in the flow network */
enum { FREE = 0, SOURCE = 1, SINK = 2 };

struct dissect {
	int *at, *to, *rev;       /* the graph as arcs: v's go to to[at[v] .. at[v+1]) */
	unsigned char *flow;      /* per arc: one unit goes along it */
	unsigned char *through;   /* per vertex: one unit passes it */
	unsigned char *side;      /* per vertex: FREE, SOURCE or SINK */
	int *part;                /* per vertex: the part it is in, 0 once cut out */
	int *dist, *bfs;          /* per vertex: distance, and the order reached (spread) */
	int *queue;               /* of vertex halves (2v + IN/OUT), for augment */
	int *seen;                /* per vertex half: stamp of the last search */
	int *pred;                /* per vertex half: the half it was reached from */
	int *tseen, tstamp;       /* per vertex half: reach_sink's marks */
	struct ivec best;         /* the best separator found */
	int stamp;
	unsigned seed;
};

/* Breadth-first distances within part p from v into dist; the vertices in bfs, in the
 * order reached; returns their number. */
static int spread(struct dissect *d, int p, int v)
{
	int n = 0;

	d->stamp++;
	d->bfs[n++] = v;
	d->seen[2 * v] = d->stamp;
	d->dist[v] = 0;
	for (int i = 0; i < n; i++) {
		int u = d->bfs[i];
		for (int j = d->at[u]; j < d->at[u + 1]; j++) {
			int w = d->to[j];
			if (d->part[w] == p && d->seen[2 * w] != d->stamp) {
				d->seen[2 * w] = d->stamp;
				d->dist[w] = d->dist[u] + 1;
				d->bfs[n++] = w;
			}
		}
	}
	return n;
}

/* Halves reachable from the source's in the residual network of part p; when one is a
 * sink's, the path to it is augmented and 1 returned (-1 when a source and a sink are
 * neighbours); else 0, the search's marks then telling the source side. */
static int augment(struct dissect *d, int p, const int *members, int m)
{
	int n = 0;

	d->stamp++;
	for (int i = 0; i < m; i++)
		if (d->side[members[i]] == SOURCE)  /* both halves: a unit into a source can go back */
			for (int h = 2 * members[i]; h <= 2 * members[i] + OUT; h++) {
				d->seen[h] = d->stamp;
				d->pred[h] = -1;
				d->queue[n++] = h;
			}
	for (int i = 0; i < n; i++) {
		int h = d->queue[i], v = h / 2;
		if (h % 2 == IN) {
			if (d->side[v] == SINK) {  /* found: walk back, turning the path's arcs */
				if (d->side[d->pred[h] / 2] == SOURCE)
					return -1;  /* the sides touch: no cut is left between them */
				for (int x = h; d->pred[x] >= 0; x = d->pred[x]) {
					int y = d->pred[x], a = y / 2, b = x / 2;
					if (a == b)
						d->through[a] = x % 2 == OUT;
					else
						for (int j = d->at[a]; j < d->at[a + 1]; j++)
							if (d->to[j] == b) {
								if (y % 2 == OUT)  /* along a -> b, or cancelling b -> a */
									d->flow[d->rev[j]] ? (d->flow[d->rev[j]] = 0) : (d->flow[j] = 1);
								else       /* back along b -> a's unit */
									d->flow[d->rev[j]] = 0;
								break;
							}
				}
				return 1;
			}
			if (!d->through[v] || d->side[v] != FREE) {
				if (d->seen[h + 1] != d->stamp) {
					d->seen[h + 1] = d->stamp, d->pred[h + 1] = h;
					d->queue[n++] = h + 1;
				}
			}
			for (int j = d->at[v]; j < d->at[v + 1]; j++) {  /* cancel a unit that came in */
				int u = d->to[j], g = 2 * u + OUT;
				if (d->part[u] == p && d->flow[d->rev[j]] && d->seen[g] != d->stamp) {
					d->seen[g] = d->stamp, d->pred[g] = h;
					d->queue[n++] = g;
				}
			}
		} else {
			if (d->side[v] == FREE && d->through[v] && d->seen[h - 1] != d->stamp) {
				d->seen[h - 1] = d->stamp, d->pred[h - 1] = h;
				d->queue[n++] = h - 1;
			}
			for (int j = d->at[v]; j < d->at[v + 1]; j++) {
				int u = d->to[j], g = 2 * u + IN;
				if (d->part[u] == p && d->seen[g] != d->stamp) {
					d->seen[g] = d->stamp, d->pred[g] = h;
					d->queue[n++] = g;
				}
			}
		}
	}
	return 0;
}

/* Marks in tseen (stamp tstamp) the halves from which a sink's in-half can be reached in
 * the residual network of part p: the backward search of augment's. */
static void reach_sink(struct dissect *d, int p, const int *members, int m)
{
	int n = 0;

	d->tstamp++;
	for (int i = 0; i < m; i++)
		if (d->side[members[i]] == SINK)
			for (int h = 2 * members[i]; h <= 2 * members[i] + OUT; h++) {
				d->tseen[h] = d->tstamp;
				d->queue[n++] = h;
			}
	for (int i = 0; i < n; i++) {
		int h = d->queue[i], v = h / 2;
		if (h % 2 == OUT) {  /* from v's in-half, or from a u_in whose unit went v -> u */
			if ((!d->through[v] || d->side[v] != FREE) && d->tseen[h - 1] != d->tstamp) {
				d->tseen[h - 1] = d->tstamp;
				d->queue[n++] = h - 1;
			}
			for (int j = d->at[v]; j < d->at[v + 1]; j++) {
				int g = 2 * d->to[j] + IN;
				if (d->part[d->to[j]] == p && d->flow[j] && d->tseen[g] != d->tstamp) {
					d->tseen[g] = d->tstamp;
					d->queue[n++] = g;
				}
			}
		} else {  /* from v's out-half when a unit passes v, or from any neighbour's out-half */
			if (d->side[v] == FREE && d->through[v] && d->tseen[h + 1] != d->tstamp) {
				d->tseen[h + 1] = d->tstamp;
				d->queue[n++] = h + 1;
			}
			for (int j = d->at[v]; j < d->at[v + 1]; j++) {
				int g = 2 * d->to[j] + OUT;
				if (d->part[d->to[j]] == p && d->tseen[g] != d->tstamp) {
					d->tseen[g] = d->tstamp;
					d->queue[n++] = g;
				}
			}
		}
	}
}

/* The vertex of the cut on the growing side's edge that that side takes next: one with no
 * neighbour on the other side (else the sides would touch), better one that opens no
 * augmenting path, and then the nearest to where the side started (by the distances from
 * the source's start). 0 when there is none. */
static int choose_pierce(const struct dissect *d, const int *members, int m, int grow_source)
{
	int best = 0, best_key = 0;

	for (int i = 0; i < m; i++) {
		int v = members[i], opens, key, touches = 0;
		if (d->side[v] != FREE || !(grow_source ? d->seen[2 * v] == d->stamp : d->tseen[2 * v + 1] == d->tstamp))
			continue;
		for (int j = d->at[v]; j < d->at[v + 1] && !touches; j++)
			touches = d->side[d->to[j]] == (grow_source ? SINK : SOURCE);
		if (touches)
			continue;
		opens = grow_source ? d->tseen[2 * v + 1] == d->tstamp : d->seen[2 * v] == d->stamp;
		key = (opens ? 1 << 24 : 0) + (grow_source ? d->dist[v] : (1 << 23) - d->dist[v]);
		if (!best || key < best_key)
			best = v, best_key = key;
	}
	return best;
}

/* Of the separators of part p (members[0..m)) met while the source and the sink sides
 * grow, the one of least size for its smaller side, into d->best; returns its size, or
 * -1 when none was found within the flow limit. The sides start from the vertices s and t
 * and the smaller grows: it takes what its side of the flow's minimum cut holds, and one
 * vertex of the cut, one that opens no augmenting path where there is one (FlowCutter's
 * piercing, Hamann and Strasser). */
static int grow_cuts(struct dissect *d, int p, const int *members, int m, int s, int t, int limit)
{
	int flow = 0, best = -1;
	double best_score = 1e300;

	for (int i = 0; i < m; i++) {
		int v = members[i];
		d->side[v] = v == s ? SOURCE : v == t ? SINK : FREE;
		d->through[v] = 0;
		for (int j = d->at[v]; j < d->at[v + 1]; j++)
			d->flow[j] = 0;
	}
	for (;;) {
		int a = 0, b = 0, cut_s = 0, cut_t = 0, pierce = 0, grow_source, got;
		while ((got = augment(d, p, members, m)) > 0)
			if (++flow > limit)
				return best;
		if (got < 0)
			return best;
		reach_sink(d, p, members, m);
		for (int i = 0; i < m; i++) {
			int v = members[i], in_s = d->seen[2 * v] == d->stamp, out_s = d->seen[2 * v + 1] == d->stamp;
			int in_t = d->tseen[2 * v] == d->tstamp, out_t = d->tseen[2 * v + 1] == d->tstamp;
			a += out_s;
			cut_s += in_s && !out_s;
			b += in_t;
			cut_t += out_t && !in_t;
		}
		grow_source = a <= b;
		for (int k = 0; k < 2; k++) {  /* either side's cut separates it from the rest */
			int side = k ? b : a, cut = k ? cut_t : cut_s, rest = m - side - cut;
			int small = side < rest ? side : rest;
			double score = small ? (double)cut / small : 1e300;
			if (score < best_score) {
				best_score = score;
				best = cut;
				d->best.n = 0;
				for (int i = 0; i < m; i++) {
					int v = members[i];
					if (k ? d->tseen[2 * v + 1] == d->tstamp && d->tseen[2 * v] != d->tstamp
					      : d->seen[2 * v] == d->stamp && d->seen[2 * v + 1] != d->stamp)
						ivec_push(&d->best, v);
				}
			}
		}
		for (int i = 0; i < m; i++) {
			int v = members[i];
			if (grow_source ? d->seen[2 * v + 1] == d->stamp : d->tseen[2 * v] == d->tstamp)
				d->side[v] = grow_source ? SOURCE : SINK;
		}
		pierce = choose_pierce(d, members, m, grow_source);
		if (!pierce)
			return best;
		d->side[pierce] = grow_source ? SOURCE : SINK;
	}
}

/* Cuts part p (members[0..m)) at its best separator, whose vertices leave the part (part 0,
 * level depth); returns 0 where none was found (the part stays whole). */
static int cut_part(struct dissect *d, int p, const int *members, int m, int *level, int depth)
{
	int start = members[(d->seed = d->seed * 1103515245u + 12345u) % (unsigned)m], s, t;

	s = d->bfs[spread(d, p, start) - 1];  /* far from a random start, and t far from s */
	t = d->bfs[spread(d, p, s) - 1];
	if (grow_cuts(d, p, members, m, s, t, m / 4) < 0)
		return 0;
	for (int i = 0; i < d->best.n; i++) {
		d->part[d->best.a[i]] = 0;
		level[d->best.a[i]] = depth;
	}
	return 1;
}

/* The graph of nnodes nodes and sorted neighbour lists adj as arcs, each with its reverse. */
static void arcs(struct dissect *d, int nnodes, const struct ivec *adj)
{
	d->at = xmalloc(((size_t)nnodes + 2) * sizeof *d->at);
	d->at[1] = 0;
	for (int v = 1; v <= nnodes; v++)
		d->at[v + 1] = d->at[v] + adj[v].n;
	d->to = xmalloc(((size_t)d->at[nnodes + 1] + 1) * sizeof *d->to);
	d->rev = xmalloc(((size_t)d->at[nnodes + 1] + 1) * sizeof *d->rev);
	for (int v = 1; v <= nnodes; v++)
		memcpy(d->to + d->at[v], adj[v].a, (size_t)adj[v].n * sizeof *d->to);
	for (int v = 1; v <= nnodes; v++)
		for (int j = d->at[v]; j < d->at[v + 1]; j++) {
			int u = d->to[j], lo = d->at[u], hi = d->at[u + 1];
			while (lo < hi) {  /* v in u's sorted list */
				int mid = (lo + hi) / 2;
				if (d->to[mid] < v)
					lo = mid + 1;
				else
					hi = mid;
			}
			d->rev[j] = lo;
		}
}

int dissect_levels(int nnodes, const struct ivec *adj, unsigned seed, int *level)
{
	struct dissect d = { .seed = seed };
	struct ivec todo = { 0 };  /* (vertex, part, depth): the part around the vertex to cut */
	int *members = xmalloc(((size_t)nnodes + 1) * sizeof *members), parts = 1, cuts = 0;

	arcs(&d, nnodes, adj);
	d.flow = xcalloc((size_t)d.at[nnodes + 1] + 1, 1);
	d.through = xcalloc((size_t)nnodes + 1, 1);
	d.side = xcalloc((size_t)nnodes + 1, 1);
	d.part = xcalloc((size_t)nnodes + 1, sizeof *d.part);
	d.dist = xcalloc((size_t)nnodes + 1, sizeof *d.dist);
	d.bfs = xmalloc(((size_t)nnodes + 1) * sizeof *d.bfs);
	d.queue = xmalloc((2 * (size_t)nnodes + 2) * sizeof *d.queue);
	d.seen = xcalloc(2 * (size_t)nnodes + 2, sizeof *d.seen);
	d.pred = xmalloc((2 * (size_t)nnodes + 2) * sizeof *d.pred);
	d.tseen = xcalloc(2 * (size_t)nnodes + 2, sizeof *d.tseen);
	for (int v = nnodes; v >= 1; v--) {
		level[v] = 0;
		if (adj[v].n) {
			d.part[v] = 1;
			ivec_push(&todo, v), ivec_push(&todo, 1), ivec_push(&todo, 1);
		}
	}
	while (todo.n) {
		int depth = todo.a[--todo.n], p = todo.a[--todo.n], v = todo.a[--todo.n], m;
		if (d.part[v] != p)
			continue;  /* taken with another vertex of its part */
		m = spread(&d, p, v);
		memcpy(members, d.bfs, (size_t)m * sizeof *members);
		parts++;
		for (int i = 0; i < m; i++)
			d.part[members[i]] = parts, level[members[i]] = depth;
		if (m <= LEAF || !cut_part(&d, parts, members, m, level, depth))
			continue;
		cuts++;
		for (int i = m - 1; i >= 0; i--)
			if (d.part[members[i]] == parts)
				ivec_push(&todo, members[i]), ivec_push(&todo, parts), ivec_push(&todo, depth + 1);
	}
	ivec_free(&todo);
	free(members), free(d.at), free(d.to), free(d.rev), free(d.flow), free(d.through), free(d.side);
	free(d.part), free(d.dist), free(d.bfs), free(d.queue), free(d.seen), free(d.pred), free(d.tseen);
	ivec_free(&d.best);
	return cuts;
}
