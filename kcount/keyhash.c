/* keyhash: the component cache's hashed keys, and the bound on their collisions. A key's
 * bytes are cut into words of 7 bytes (so each is below p = 2^61 - 1), after a first word
 * holding their length, which makes the word sequence of a byte string injective. The two
 * hashes are those words as the coefficients of a polynomial, evaluated modulo p at two
 * points drawn from the operating system when the cache is set up, after the formula is
 * read and before any key exists. Two different keys of at most L words differ as
 * polynomials of degree below L, which have at most L - 1 common roots (Schwartz-Zippel):
 * both hashes agree at independent uniform points with probability at most (L / p)^2,
 * whatever the keys. Until a first collision the search is the one a cache comparing whole
 * keys (with these entries' sizes, for the evictions) would make, whose lookups do not
 * depend on the points (one process searches deterministically), so
 * by the union bound over its (lookup, entry held) pairs the probability that any lookup
 * met a stored entry with equal hashes and a different key is at most their number times
 * (L_max / p)^2: keyhash_bound. */
#include <errno.h>
#include <string.h>
#include <sys/random.h>

#include "kcount.h"
#include "util.h"

#define KEYHASH_PRIME ((UINT64_C(1) << 61) - 1)
enum { WORD_BYTES = 7 };

/* x mod p for x < 2^122 (a product of two numbers below p), in [0, p). */
static uint64_t reduce(unsigned __int128 x)
{
	uint64_t r = ((uint64_t)x & KEYHASH_PRIME) + (uint64_t)(x >> 61);

	return r >= KEYHASH_PRIME ? r - KEYHASH_PRIME : r;
}

/* A number uniform in [0, p): 61 random bits, drawn again when they are p itself. */
static uint64_t draw_point(void)
{
	uint64_t x;
	ssize_t got;

	do {
		while ((got = getrandom(&x, sizeof x, 0)) < 0 && errno == EINTR)
			;
		if (got != (ssize_t)sizeof x)
			util_die(EXIT_TROUBLE, "cannot draw the cache's hash points: %m");
		x &= KEYHASH_PRIME;
	} while (x == KEYHASH_PRIME);
	return x;
}

void keyhash_draw(struct keyhash_points *pt)
{
	pt->r1 = draw_point();
	pt->r2 = draw_point();
}

uint64_t keyhash_words(size_t len)
{
	return 1 + (len + WORD_BYTES - 1) / WORD_BYTES;
}

/* Horner's rule for both polynomials in one pass: their products are independent, so the
 * processor overlaps them. */
void keyhash(const struct keyhash_points *pt, const unsigned char *bytes, size_t len, struct key_hashes *h)
{
	uint64_t h1 = len, h2 = len, w;

	for (size_t i = 0; i < len; i += WORD_BYTES) {
		memcpy(&w, bytes + i, sizeof w);
		w &= (UINT64_C(1) << 8 * WORD_BYTES) - 1;  /* little-endian: the 7 bytes at i */
		h1 = reduce((unsigned __int128)h1 * pt->r1) + w;
		h2 = reduce((unsigned __int128)h2 * pt->r2) + w;
		h1 = h1 >= KEYHASH_PRIME ? h1 - KEYHASH_PRIME : h1;
		h2 = h2 >= KEYHASH_PRIME ? h2 - KEYHASH_PRIME : h2;
	}
	h->h1 = h1;
	h->h2 = h2;
}

double keyhash_bound(uint64_t pairs, uint64_t words)
{
	double one = (double)words / (double)KEYHASH_PRIME;

	return (double)pairs * one * one;
}
