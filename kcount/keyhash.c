/* keyhash: the component cache's hashed keys, and the bound on their collisions. Each
 * variable and each clause id (a long clause's, or a factor's code) has two numbers drawn
 * uniformly from [0, 2^64) from the operating system when the cache is set up, after the
 * formula is read and before any key exists. A key's two hashes are the sums modulo 2^64 of
 * the numbers of its variables and of its ids. Two different keys differ in a variable or
 * an id, whose number is in one sum and not in the other and uniform whatever the others
 * are: each hash agrees with probability 2^-64, both with 2^-128, whatever the keys and
 * their lengths. Until a first collision the search is the one a cache comparing whole
 * keys (with these entries' sizes, for the evictions) would make, whose lookups do not
 * depend on the numbers (one process searches deterministically), so by the union bound
 * over its (lookup, entry held) pairs the probability that any lookup met a stored entry
 * with equal hashes and a different key is at most their number times 2^-128:
 * keyhash_bound. A sum reads the key's numbers where a polynomial hash read its coded
 * bytes, which no longer need writing: Knüppel's cubes 0 and 20 count a tenth faster. */
#include <errno.h>
#include <stdlib.h>
#include <sys/random.h>

#include "kcount.h"
#include "util.h"

/* Fills bytes with random bytes from the operating system (exits 2 when it cannot). */
static void draw(void *bytes, size_t n)
{
	unsigned char *p = bytes;

	while (n > 0) {
		ssize_t got = getrandom(p, n, 0);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			util_die(EXIT_TROUBLE, "cannot draw the cache's hash numbers: %m");
		p += got;
		n -= (size_t)got;
	}
}

void keyhash_draw(struct keyhash_numbers *t, int nvars, int nids)
{
	t->var = xmalloc(((size_t)nvars + 1) * sizeof *t->var);
	t->id = xmalloc(((size_t)nids + 1) * sizeof *t->id);
	draw(t->var, ((size_t)nvars + 1) * sizeof *t->var);
	draw(t->id, ((size_t)nids + 1) * sizeof *t->id);
	t->bytes = ((size_t)nvars + (size_t)nids + 2) * sizeof *t->var;
}

void keyhash_free(struct keyhash_numbers *t)
{
	free(t->var);
	free(t->id);
}

/* Both sums in one pass: they are independent, so the processor overlaps them. */
void keyhash(const struct keyhash_numbers *t, const int *vars, int nv, const int *ids, int nid, struct key_hashes *h)
{
	uint64_t h1 = 0, h2 = 0;

	for (int i = 0; i < nv; i++) {
		h1 += t->var[vars[i]][0];
		h2 += t->var[vars[i]][1];
	}
	for (int i = 0; i < nid; i++) {
		h1 += t->id[ids[i]][0];
		h2 += t->id[ids[i]][1];
	}
	h->h1 = h1;
	h->h2 = h2;
}

double keyhash_bound(uint64_t pairs)
{
	return (double)pairs * 0x1p-128;
}
