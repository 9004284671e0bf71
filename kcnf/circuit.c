/* circuit: literals, hash-consed AND gates defined by full Tseitin equivalences, and the clause store. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kcnf.h"
#include "util.h"

struct gate {
	size_t first;	/* offset of its inputs in circuit.pool */
	size_t n;
	int var;
};

struct circuit {
	int nvars;
	int *clauses;		/* each clause's literals then 0 */
	size_t len, cap, nclauses;
	lit *pool;		/* the inputs of every gate, sorted */
	size_t pool_len, pool_cap;
	struct gate *gates;
	size_t ngates, gates_cap;
	size_t *table;		/* open addressing: gate index + 1, 0 = empty */
	size_t table_size;
	lit *scratch;		/* room to normalise one gate or clause */
	size_t scratch_cap;
};

struct circuit *circuit_new(void)
{
	struct circuit *c = xcalloc(1, sizeof *c);

	c->table_size = 1024;
	c->table = xcalloc(c->table_size, sizeof *c->table);
	return c;
}

void circuit_free(struct circuit *c)
{
	free(c->clauses);
	free(c->pool);
	free(c->gates);
	free(c->table);
	free(c->scratch);
	free(c);
}

int circuit_new_var(struct circuit *c) { return ++c->nvars; }
int circuit_nvars(const struct circuit *c) { return c->nvars; }
size_t circuit_nclauses(const struct circuit *c) { return c->nclauses; }
size_t circuit_ngates(const struct circuit *c) { return c->ngates; }

static int compare_lits(const void *a, const void *b)
{
	lit x = *(const lit *)a, y = *(const lit *)b;

	return (x > y) - (x < y);
}

/*
 * Copies lits into the scratch buffer, drops the neutral constant, sorts and removes
 * duplicates. Returns the count, or -1 when the absorbing constant or a complementary pair
 * occurs (an AND with false / a clause with true).
 */
static long normalise(struct circuit *c, const lit *lits, size_t n, lit neutral)
{
	size_t k = 0;

	if (n > c->scratch_cap) {
		c->scratch_cap = 2 * n;
		c->scratch = xrealloc(c->scratch, c->scratch_cap * sizeof *c->scratch);
	}
	for (size_t i = 0; i < n; i++) {
		if (lits[i] == -neutral)
			return -1;
		if (lits[i] != neutral)
			c->scratch[k++] = lits[i];
	}
	if (k)  /* scratch is still NULL when every call so far had no literal */
		qsort(c->scratch, k, sizeof *c->scratch, compare_lits);
	n = k;
	k = 0;
	for (size_t i = 0; i < n; i++) {
		if (k && c->scratch[k - 1] == c->scratch[i])
			continue;
		c->scratch[k++] = c->scratch[i];
	}
	/* sorted by value, so x and -x are not adjacent: look each one up */
	for (size_t i = 0; i < k && c->scratch[i] < 0; i++)
		if (bsearch(&(lit){ -c->scratch[i] }, c->scratch, k, sizeof *c->scratch, compare_lits))
			return -1;
	return k;
}

static void store_clause(struct circuit *c, const lit *lits, size_t n)
{
	if (c->len + n + 1 > c->cap) {
		c->cap = 2 * (c->len + n + 1);
		c->clauses = xrealloc(c->clauses, c->cap * sizeof *c->clauses);
	}
	memcpy(c->clauses + c->len, lits, n * sizeof *lits);
	c->len += n;
	c->clauses[c->len++] = 0;
	c->nclauses++;
}

void circuit_clause(struct circuit *c, const lit *lits, size_t n)
{
	long k = normalise(c, lits, n, LIT_FALSE);

	if (k < 0)
		return;
	if (k == 0)	/* the empty clause: the model is unsatisfiable, and says so */
		util_warn("the encoding contains the empty clause (no valid configuration)");
	store_clause(c, c->scratch, k);
}

void circuit_clause2(struct circuit *c, lit a, lit b)
{
	circuit_clause(c, (lit[]){ a, b }, 2);
}

void circuit_clause3(struct circuit *c, lit a, lit b, lit d)
{
	circuit_clause(c, (lit[]){ a, b, d }, 3);
}

void circuit_clause4(struct circuit *c, lit a, lit b, lit d, lit e)
{
	circuit_clause(c, (lit[]){ a, b, d, e }, 4);
}

/* Gates. */

static size_t hash_lits(const lit *lits, size_t n)
{
	uint64_t h = n * 0x9e3779b97f4a7c15u;

	for (size_t i = 0; i < n; i++) {
		h = (h ^ (uint32_t)lits[i]) * 0xff51afd7ed558ccdu;
		h ^= h >> 32;
	}
	return h ^ (h >> 29);
}

static bool gate_is(const struct circuit *c, const struct gate *g, const lit *lits, size_t n)
{
	return g->n == n && !memcmp(c->pool + g->first, lits, n * sizeof *lits);
}

static void grow_table(struct circuit *c)
{
	size_t size = 2 * c->table_size;
	size_t *table = xcalloc(size, sizeof *table);

	for (size_t i = 0; i < c->ngates; i++) {
		const struct gate *g = &c->gates[i];
		size_t h = hash_lits(c->pool + g->first, g->n) & (size - 1);

		while (table[h])
			h = (h + 1) & (size - 1);
		table[h] = i + 1;
	}
	free(c->table);
	c->table = table;
	c->table_size = size;
}

/* Adds a gate for the normalised inputs in scratch[0..n) and its defining clauses. */
static int add_gate(struct circuit *c, size_t n, size_t slot)
{
	struct gate *g;
	int v = circuit_new_var(c);
	lit *big;

	if (c->pool_len + n > c->pool_cap) {
		c->pool_cap = 2 * (c->pool_len + n);
		c->pool = xrealloc(c->pool, c->pool_cap * sizeof *c->pool);
	}
	memcpy(c->pool + c->pool_len, c->scratch, n * sizeof *c->pool);
	c->gates = xgrow(c->gates, &c->gates_cap, c->ngates, sizeof *c->gates, 1024);
	g = &c->gates[c->ngates++];
	g->first = c->pool_len;
	g->n = n;
	g->var = v;
	c->pool_len += n;
	c->table[slot] = c->ngates;
	/* v -> each input; all inputs -> v */
	big = xmalloc((n + 1) * sizeof *big);
	for (size_t i = 0; i < n; i++) {
		store_clause(c, (lit[]){ -v, c->pool[g->first + i] }, 2);
		big[i] = -c->pool[g->first + i];
	}
	big[n] = v;
	store_clause(c, big, n + 1);
	free(big);
	return v;
}

lit circuit_and(struct circuit *c, const lit *lits, size_t n)
{
	long k = normalise(c, lits, n, LIT_TRUE);
	size_t h;

	if (k < 0)
		return LIT_FALSE;
	if (k == 0)
		return LIT_TRUE;
	if (k == 1)
		return c->scratch[0];
	if (2 * (c->ngates + 1) > c->table_size)
		grow_table(c);
	for (h = hash_lits(c->scratch, k) & (c->table_size - 1); c->table[h];
	     h = (h + 1) & (c->table_size - 1))
		if (gate_is(c, &c->gates[c->table[h] - 1], c->scratch, k))
			return c->gates[c->table[h] - 1].var;
	return add_gate(c, k, h);
}

lit circuit_or(struct circuit *c, const lit *lits, size_t n)
{
	lit *neg = xmalloc((n ? n : 1) * sizeof *neg);
	lit r;

	for (size_t i = 0; i < n; i++)
		neg[i] = -lits[i];
	r = -circuit_and(c, neg, n);
	free(neg);
	return r;
}

lit circuit_and2(struct circuit *c, lit a, lit b)
{
	return circuit_and(c, (lit[]){ a, b }, 2);
}

lit circuit_or2(struct circuit *c, lit a, lit b)
{
	return -circuit_and(c, (lit[]){ -a, -b }, 2);
}

/* Writes one literal and a space (or "0\n"), without printf: the output is most of the time. */
static void write_lit(lit l, FILE *out)
{
	char buf[16], *p = buf + sizeof buf;
	unsigned v = l < 0 ? -(unsigned)l : (unsigned)l;

	*--p = l ? ' ' : '\n';
	do
		*--p = '0' + v % 10;
	while (v /= 10);
	if (l < 0)
		*--p = '-';
	fwrite(p, 1, buf + sizeof buf - p, out);
}

void circuit_write_clauses(const struct circuit *c, FILE *out)
{
	for (size_t i = 0; i < c->len && !ferror(out); i++)
		write_lit(c->clauses[i], out);
}
