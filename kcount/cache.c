/* cache: component counts stored under their keys (variables and clause ids); the oldest
 * half is evicted whenever the memory cap is reached. An entry is one allocation: its
 * count's limbs, then what it keeps of its key. With exact keys that is the whole key,
 * gap-coded in bits, so a collision can never give a wrong count; with hashed keys (the
 * default) only the key's second hash (keyhash.c), the first being in the entry already: a
 * kernel component's key takes hundreds of bytes, the hash 8, and a wrong count stays as
 * unlikely as keyhash_bound says. */
#include <stdlib.h>
#include <string.h>

#include "kcount.h"
#include "util.h"

struct cache_entry {
	struct cache_entry *next;
	uint64_t hash, stamp;
	uint32_t len;             /* of what it keeps of the key */
	int32_t size;             /* the count's limbs, as GMP's signed size */
	mp_limb_t limbs[];        /* then what it keeps of the key */
};

static unsigned char *entry_key(struct cache_entry *e)
{
	return (unsigned char *)(e->limbs + (e->size < 0 ? -e->size : e->size));
}

static unsigned char *put_varint(unsigned char *p, unsigned x)
{
	while (x >= 0x80) {
		*p++ = (unsigned char)(x | 0x80);
		x >>= 7;
	}
	*p++ = (unsigned char)x;
	return p;
}

/* A little-endian bit stream written a byte at a time. */
struct bit_writer {
	unsigned char *p;
	uint64_t acc;
	int nbits;                /* pending in acc, fewer than 8 between calls */
};

static void put_bits(struct bit_writer *w, uint32_t x, int width)
{
	w->acc |= (uint64_t)x << w->nbits;
	for (w->nbits += width; w->nbits >= 8; w->nbits -= 8) {
		*w->p++ = (unsigned char)w->acc;
		w->acc >>= 8;
	}
}

/* The numbers after the first as a bitmap of the range they span: bit a[i] - a[0] - 1 set
 * for each, as their gaps written as g - 1 zeros and a one would read, but a bit at a time
 * instead of a gap at a time: the keys of kernel components are mostly bitmaps. */
static unsigned char *put_bitmap(unsigned char *p, const int *a, int n, size_t bytes)
{
	memset(p, 0, bytes);
	for (int i = 1; i < n; i++) {
		unsigned bit = (unsigned)(a[i] - a[0] - 1);
		p[bit >> 3] |= (unsigned char)(1u << (bit & 7));
	}
	return p + bytes;
}

/* A sorted list of distinct numbers: its length and first number, then either its gaps less
 * one, each in the fewest bits that hold the largest (none when the numbers are
 * consecutive), or a bitmap of the range it spans, whichever is shorter. A kernel
 * component's variables are dense in their range: this takes about 2.5 times fewer bytes
 * than a byte or more per gap, and the cache holds as many more components. */
static unsigned char *put_list(unsigned char *p, const int *a, int n)
{
	unsigned widest = 0;
	int width = 0;
	size_t packed, bitmap;
	struct bit_writer w;

	p = put_varint(p, (unsigned)n);
	if (n == 0)
		return p;
	p = put_varint(p, (unsigned)a[0]);
	for (int i = 1; i < n; i++)
		widest |= (unsigned)(a[i] - a[i - 1] - 1);
	while (widest >> width)
		width++;
	packed = ((size_t)(n - 1) * (size_t)width + 7) / 8;
	bitmap = ((size_t)(a[n - 1] - a[0]) + 7) / 8;
	*p++ = (unsigned char)(bitmap < packed ? 255 : width);
	if (bitmap < packed)
		return put_bitmap(p, a, n, bitmap);
	w = (struct bit_writer){ p, 0, 0 };
	for (int i = 1; i < n; i++)
		put_bits(&w, (uint32_t)(a[i] - a[i - 1] - 1), width);
	if (w.nbits)
		*w.p++ = (unsigned char)w.acc;
	return w.p;
}

void comp_key_make(const struct cache *c, struct comp_key *k, const int *vars, int nv, const int *cls, int nc)
{
	size_t need = 5 * ((size_t)nv + nc + 2);
	unsigned char *p;

	keyhash(&c->numbers, vars, nv, cls, nc, &k->hash);
	if (!c->exact)
		return;
	if (need > k->cap) {
		k->cap = need > 2 * k->cap ? need : 2 * k->cap;
		k->bytes = xrealloc(k->bytes, k->cap);
	}
	p = put_list(k->bytes, vars, nv);
	p = put_list(p, cls, nc);
	k->len = (size_t)(p - k->bytes);
}

/* What an entry keeps of k, in *len bytes: all of it, or its second hash. */
static const unsigned char *kept(const struct cache *c, const struct comp_key *k, size_t *len)
{
	*len = c->exact ? k->len : sizeof k->hash.h2;
	return c->exact ? k->bytes : (const unsigned char *)&k->hash.h2;
}

void cache_init(struct cache *c, size_t limit, int exact, struct stats *st, int nvars, int nids)
{
	memset(c, 0, sizeof *c);
	c->exact = exact;
	keyhash_draw(&c->numbers, nvars, nids);
	c->nbuckets = 1024;
	c->buckets = xcalloc(c->nbuckets, sizeof *c->buckets);
	c->limit = limit;
	c->stats = st;
	c->bytes = c->numbers.bytes + c->nbuckets * sizeof *c->buckets;
}

static size_t entry_bytes(struct cache_entry *e)
{
	return (size_t)(entry_key(e) - (unsigned char *)e) + e->len + 16; /* 16: malloc's own */
}

static void drop(struct cache *c, struct cache_entry *e)
{
	c->bytes -= entry_bytes(e);
	c->nentries--;
	free(e);
}

void cache_clear(struct cache *c)
{
	for (size_t b = 0; b < c->nbuckets; b++) {
		for (struct cache_entry *e = c->buckets[b], *n; e; e = n) {
			n = e->next;
			drop(c, e);
		}
		c->buckets[b] = NULL;
	}
}

void cache_free(struct cache *c)
{
	cache_clear(c);
	free(c->buckets);
	keyhash_free(&c->numbers);
}

/* The union bound over several searches: their pairs add up. They grow as the square of
 * the time: 2.7e15 in 13 minutes on the kernel, so a run of a day could pass 2^64; they
 * stop there, and the bound is then 1 (none). */
void cache_add_figures(struct stats *st, uint64_t pairs)
{
	st->cache_pairs = pairs > UINT64_MAX - st->cache_pairs ? UINT64_MAX : st->cache_pairs + pairs;
}

int cache_lookup(struct cache *c, struct comp_key *k, mpz_t count)
{
	size_t len;
	const unsigned char *key;

	if (!c->exact)
		cache_add_figures(c->stats, c->nentries);  /* each entry held may collide with k */
	key = kept(c, k, &len);
	for (struct cache_entry *e = c->buckets[k->hash.h1 & (c->nbuckets - 1)]; e; e = e->next)
		if (e->hash == k->hash.h1 && e->len == len && memcmp(entry_key(e), key, len) == 0) {
			mpz_t view;
			e->stamp = ++c->clock;
			c->stats->cache_hits++;
			mpz_set(count, mpz_roinit_n(view, e->limbs, e->size));
			return 1;
		}
	return 0;
}

int cache_write_figures(FILE *out, const struct stats *st)
{
	return fprintf(out, " %llu", (unsigned long long)st->cache_pairs) < 0 ? -1 : 0;
}

int cache_read_figures(const char *s, struct stats *st)
{
	unsigned long long pairs;

	if (sscanf(s, "%llu", &pairs) != 1)
		return 0;
	cache_add_figures(st, pairs);
	return 1;
}

double cache_collision_bound(const struct stats *st)
{
	return st->cache_pairs == UINT64_MAX ? 1.0 : keyhash_bound(st->cache_pairs);
}

static void grow(struct cache *c)
{
	size_t nb = 2 * c->nbuckets;
	struct cache_entry **b = xcalloc(nb, sizeof *b);

	for (size_t i = 0; i < c->nbuckets; i++)
		for (struct cache_entry *e = c->buckets[i], *n; e; e = n) {
			n = e->next;
			e->next = b[e->hash & (nb - 1)];
			b[e->hash & (nb - 1)] = e;
		}
	c->bytes += (nb - c->nbuckets) * sizeof *b;
	free(c->buckets);
	c->buckets = b;
	c->nbuckets = nb;
}

/* Removes the entries used least recently: those older than the middle of the stamps. */
static void evict(struct cache *c)
{
	uint64_t oldest = c->clock, cut;

	for (size_t b = 0; b < c->nbuckets; b++)
		for (struct cache_entry *e = c->buckets[b]; e; e = e->next)
			oldest = e->stamp < oldest ? e->stamp : oldest;
	cut = oldest + (c->clock - oldest) / 2 + 1;
	for (size_t b = 0; b < c->nbuckets; b++)
		for (struct cache_entry **p = &c->buckets[b]; *p;) {
			struct cache_entry *e = *p;
			if (e->stamp < cut) {
				*p = e->next;
				drop(c, e);
				c->stats->cache_evictions++;
			} else
				p = &e->next;
		}
}

void cache_store(struct cache *c, const struct comp_key *k, const mpz_t count)
{
	size_t nlimbs = mpz_size(count), b = k->hash.h1 & (c->nbuckets - 1), len;
	const unsigned char *key = kept(c, k, &len);
	struct cache_entry *e = xmalloc(sizeof *e + nlimbs * sizeof(mp_limb_t) + len);

	e->hash = k->hash.h1;
	e->stamp = ++c->clock;
	e->len = (uint32_t)len;
	e->size = mpz_sgn(count) < 0 ? -(int32_t)nlimbs : (int32_t)nlimbs;
	memcpy(e->limbs, mpz_limbs_read(count), nlimbs * sizeof(mp_limb_t));
	memcpy(entry_key(e), key, len);
	e->next = c->buckets[b];
	c->buckets[b] = e;
	c->nentries++;
	c->bytes += entry_bytes(e);
	c->stats->cache_stores++;
	if (c->nentries > c->nbuckets)
		grow(c);
	while (c->bytes > c->limit && c->nentries)
		evict(c);
}
