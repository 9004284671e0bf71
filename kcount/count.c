/* count: the counting search: branch on a variable of a component, propagate, split what
 * is left into independent components, multiply their counts, cache each component's count.
 * Projected counting branches on projected variables and on hidden ones that are functions
 * of them (define.c) only; a component without projected variables counts
 * 1 if it is satisfiable, else 0. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kcount.h"
#include "util.h"

static void count_comp(struct counter *k, int ci, double share, mpz_t out);

static size_t keys_bytes(const struct counter *k)
{
	size_t bytes = (size_t)k->nkeys * sizeof *k->keys;

	for (int i = 0; i < k->nkeys; i++)
		bytes += k->keys[i].cap;
	return bytes;
}

size_t counter_bytes(const struct counter *k)
{
	return k->solver_bytes + (size_t)k->s.lits_cap * sizeof(int) + k->cache->bytes + ivec_bytes(&k->cvars) + ivec_bytes(&k->ccls)
	       + (size_t)k->compcap * sizeof *k->comps + (size_t)k->s.nvars * 16 + (size_t)k->s.nlong * 8
	       + keys_bytes(k) + (size_t)k->depth * 256 + (k->pending ? (size_t)k->s.nvars * sizeof *k->pending : 0);
}

static void progress(struct counter *k)
{
	fprintf(stderr, "c [%8.1fs] decisions %llu components %llu cache %zu entries %.0f MiB depth %d done %.3g\n",
		kcount_now() - k->started, (unsigned long long)k->stats->decisions,
		(unsigned long long)k->stats->components, k->cache->nentries,
		k->cache->bytes / 1048576.0, k->depth, k->done_base + k->done_scale * k->stats->search_done);
}

size_t counter_peak(struct counter *k)
{
	size_t now = counter_bytes(k);

	if (now > k->peak_bytes)
		k->peak_bytes = now;
	return k->peak_bytes;
}

/* The first thread to give up reports and exits; another that gives up too waits for that. */
static void first_to_give_up(void)
{
	static int once;

	if (__atomic_exchange_n(&once, 1, __ATOMIC_SEQ_CST))
		for (;;)
			pause();
}

void count_give_up(struct cubes *report, size_t peak, const char *why)
{
	first_to_give_up();
	cubes_report(report, peak);
	util_die(EXIT_TROUBLE, "%s: no count", why);
}

/* Exit 2 without a count, with the statistics so far under -v (of all the threads of a
 * search cut into cubes). */
static void give_up(struct counter *k, const char *why)
{
	if (k->report)
		count_give_up(k->report, counter_peak(k), why);
	first_to_give_up();
	if (k->opt->verbose)
		stats_report(k->stats, kcount_now() - k->started, counter_peak(k));
	util_die(EXIT_TROUBLE, "%s: no count", why);
}

/* Gives up on the timeout or when the memory cap cannot be kept. */
void counter_check(struct counter *k)
{
	static const unsigned period = 1024;
	char why[80];
	double now;

	if (++k->ticks % period)
		return;
	if (*k->stop) {
		snprintf(why, sizeof why, "timeout after %ld s", k->opt->timeout);
		give_up(k, why);
	}
	counter_peak(k);
	if (counter_bytes(k) > k->mem_limit) {
		snprintf(why, sizeof why, "memory cap of %zu MiB reached", k->mem_limit >> 20);
		give_up(k, why);
	}
	now = kcount_now();
	if ((k->opt->verbose || isatty(2)) && !k->silent && now - k->last_progress >= 1.0) {
		k->last_progress = now;
		progress(k);
	}
}

/* The product of the counts of the components left of the component parent. Each child
 * takes a part of the parent's share of the search tree (for the progress line) in
 * proportion to its variables. */
static void count_children(struct counter *k, const struct comp *parent, double share, mpz_t out)
{
	int nc = k->ncomps, nv = k->cvars.n, ncl = k->ccls.n;
	double per_var;
	mpz_t t;
	int free_projected;

	mpz_set_ui(k->lone, 1);
	free_projected = decompose(k, parent);  /* multiplies k->lone by its weighted free variables */
	mpz_mul_2exp(out, k->lone, (mp_bitcnt_t)free_projected);
	per_var = k->cvars.n > nv ? share / (k->cvars.n - nv) : 0;
	mpz_init(t);
	for (int i = nc; i < k->ncomps; i++) {
		double part = per_var * (k->comps[i].var_end - k->comps[i].var_begin);

		if (!mpz_sgn(out)) {
			k->stats->search_done += part; /* spared by a zero */
			continue;
		}
		count_comp(k, i, part, t);
		mpz_mul(out, out, t);
	}
	if (k->ncomps == nc)
		k->stats->search_done += share;
	mpz_clear(t);
	k->ncomps = nc;
	k->cvars.n = nv;
	k->ccls.n = ncl;
}

/* Builds the key of c into the key of the current depth. */
static struct comp_key *make_key(struct counter *k, const struct comp *c)
{
	if (k->depth >= k->nkeys) {
		int n = 2 * k->depth + 8;
		k->keys = xrealloc(k->keys, (size_t)n * sizeof *k->keys);
		memset(k->keys + k->nkeys, 0, (size_t)(n - k->nkeys) * sizeof *k->keys);
		k->nkeys = n;
	}
	comp_key_make(k->cache, &k->keys[k->depth], k->cvars.a + c->var_begin, c->var_end - c->var_begin,
		      k->ccls.a + c->cl_begin, c->cl_end - c->cl_begin);
	return &k->keys[k->depth];
}

/* Multiplies out by the entry of each factor of v whose other variable has a value and
 * is not pending (assigned before the trail's part at hand, or seen in it already): each
 * factor once, when its second variable is met. */
static void times_factors(const struct counter *k, int v, mpz_t out)
{
	const struct factors *fa = k->s.factors;
	const signed char *val = k->s.val;

	for (int i = fa->at[v]; i < fa->at[v + 1]; i++) {
		int j = fa->ids[i], a = fa->ends[2 * j], b = fa->ends[2 * j + 1], o = a ^ b ^ v;
		if (val[2 * o] && k->pending[o] != k->epoch)
			mpz_mul(out, out, fa->table[FACTOR_ENTRY(j, val[2 * a] > 0, val[2 * b] > 0)]);
	}
}

/* Multiplies out by the weights of the literals assigned from the trail's position from on,
 * and by the factors they decide. */
static void times_weights(struct counter *k, int from, mpz_t out)
{
	const int *trail = k->s.trail;

	if (k->s.factors) {
		if (++k->epoch == 0) {
			memset(k->pending, 0, ((size_t)k->s.nvars + 1) * sizeof *k->pending);
			k->epoch = 1;
		}
		for (int i = from; i < k->s.ntrail; i++)
			k->pending[VAR(trail[i])] = k->epoch;
	}
	for (int i = from; i < k->s.ntrail && mpz_sgn(out); i++) {
		int lit = trail[i], v = VAR(lit);
		if (k->weighted[v])
			mpz_mul(out, out, k->weight[lit]);
		if (k->s.factors) {
			k->pending[v] = 0;
			times_factors(k, v, out);
		}
	}
}

static void branch(struct counter *k, const struct comp *c, double share, mpz_t out)
{
	int mark = k->s.ntrail;
	mpz_t t;

	mpz_set_ui(out, 0);
	mpz_init(t);
	if (++k->depth > (int)k->stats->max_depth)
		k->stats->max_depth = (uint64_t)k->depth;
	for (int i = 0; i < 2; i++) {
		k->stats->decisions++;
		solver_assign(&k->s, 2 * c->branch + (i ^ k->polarity));
		if (solver_propagate(&k->s)) {
			count_children(k, c, share / 2, t);
			if (k->weight)
				times_weights(k, mark, t);
			mpz_add(out, out, t);
		} else
			k->stats->search_done += share / 2;
		solver_backtrack(&k->s, mark);
	}
	k->depth--;
	mpz_clear(t);
}

/* The counter's own cache, or the one its threads share (cubes.c, under its lock). */
static int lookup(struct counter *k, struct comp_key *key, mpz_t out)
{
	return k->cubes ? cubes_lookup(k->cubes, key, out) : cache_lookup(k->cache, key, out);
}

static void store(struct counter *k, const struct comp_key *key, const mpz_t count)
{
	if (k->cubes)
		cubes_store(k->cubes, key, count);
	else
		cache_store(k->cache, key, count);
}

static void count_comp(struct counter *k, int ci, double share, mpz_t out)
{
	struct comp c = k->comps[ci];
	int depth = k->depth;

	if (k->abandoned) {
		mpz_set_ui(out, 0);  /* the components left are skipped */
		return;
	}
	if (lookup(k, make_key(k, &c), out)) {
		k->stats->search_done += share;
		return;
	}
	k->stats->components++;
	if (k->work && k->stats->components > k->work)
		util_die(EXIT_WORK_SPENT, "work budget of %llu components spent: no count", (unsigned long long)k->work);
	if (k->stats->components > k->abandon_at) {
		k->abandoned = 1;
		mpz_set_ui(out, 0);
		return;
	}
	counter_check(k);
	if (c.nproj == 0) {
		int mark = k->s.ntrail;
		k->stats->sat_checks++;
		mpz_set_ui(out, (unsigned long)sat_search(&k->s, k, k->cvars.a + c.var_begin, c.var_end - c.var_begin, 0, 0));
		solver_backtrack(&k->s, mark);
		k->stats->search_done += share;
	} else
		branch(k, &c, share, out);
	store(k, &k->keys[depth], out); /* the searches below used deeper keys; its hashes are the lookup's */
}

void counter_init(struct counter *k, const struct formula *f, const struct options *opt,
		  struct stats *st, volatile sig_atomic_t *stop, struct cache *shared)
{
	memset(k, 0, sizeof *k);
	k->opt = opt;
	k->stats = st;
	k->stop = stop;
	k->started = k->last_progress = kcount_now();
	formula_solver(f, &k->s, st);
	k->solver_bytes = solver_bytes(&k->s);
	k->work = opt->work > 0 ? (uint64_t)opt->work : 0;
	k->abandon_at = UINT64_MAX;
	k->done_scale = 1;
	k->cache = shared ? shared : &k->own_cache;
	k->weight = f->weight;
	k->weighted = f->weighted;
	if (f->factors)
		k->pending = xcalloc((size_t)f->nvars + 1, sizeof *k->pending);
	mpz_init(k->lone);
	mpz_init(k->sum);
	mpz_init(k->term);
	if (shared)
		return;  /* its memory is the sharer's to set */
	cache_init(k->cache, 0, (int)opt->exact_keys, st, k->s.nvars,
		   FACTOR_CODE(k->s.nlong, k->s.factors ? k->s.factors->n : 0, 0));
	counter_set_memory(k, (size_t)opt->mem << 20);
}

void counter_set_memory(struct counter *k, size_t limit)
{
	k->mem_limit = limit;
	if (counter_bytes(k) >= k->mem_limit)
		util_die(EXIT_TROUBLE, "memory cap of %zu MiB too small for this formula", k->mem_limit >> 20);
	k->cache->limit = (k->mem_limit - counter_bytes(k)) / 10 * 8;
}

void counter_free(struct counter *k)
{
	cache_free(&k->own_cache);
	mpz_clear(k->lone);
	mpz_clear(k->sum);
	mpz_clear(k->term);
	free(k->pending);
	decomposer_free(&k->d);
	solver_free(&k->s);
	ivec_free(&k->cvars);
	ivec_free(&k->ccls);
	free(k->comps);
	for (int i = 0; i < k->nkeys; i++)
		free(k->keys[i].bytes);
	free(k->keys);
}

/* The treewidth lower bound, for -v, and --max-width: no search that cannot end. A bound
 * already found (--lower-bound's, from the same formula) is not sought again. */
static void check_width(struct counter *k)
{
	double started = kcount_now();
	long width = k->stats->order_width_lower ? (long)k->stats->order_width_lower : order_width_lower(&k->s);

	k->stats->order_width_lower = (uint64_t)width;
	if (k->opt->verbose)
		fprintf(stderr, "c o treewidth at least %ld (%.2f s)\n", width, kcount_now() - started);
	if (k->opt->max_width < 0 || width <= k->opt->max_width)
		return;
	job_say_too_wide(k->opt, width);
	util_die(EXIT_TROUBLE, "treewidth at least %ld above --max-width %ld: no count", width, k->opt->max_width);
}

void count_formula(struct counter *k, const struct formula *f, mpz_t result)
{
	if (f->unsat) {
		checkpoint_unused(k->opt, "preprocessing found no model");
		mpz_set_ui(result, 0);
		k->stats->search_done = 1; /* nothing left to search */
		return;
	}
	check_width(k);
	counter_start(k, f);
	if (!k->opt->lower_bound && split_count(k, f, result))
		return;
	order_rank(&k->s, (int)k->opt->dissect, k->d.rank, k->stop);
	if (k->opt->lower_bound || !cubes_count(k, f, result))
		count_ranked(k, result);
}

void counter_start(struct counter *k, const struct formula *f)
{
	decomposer_init(&k->d, &k->s, f->defined);
	for (int v = 1; v <= f->nvars; v++)
		ivec_push(&k->cvars, v);
	for (int c = 0; c < k->s.nlong; c++)
		ivec_push(&k->ccls, c);
}

void count_assigned(struct counter *k, mpz_t out)
{
	order_rank(&k->s, (int)k->opt->dissect, k->d.rank, k->stop);
	count_ranked(k, out);
}

void count_ranked(struct counter *k, mpz_t out)
{
	struct comp all = { 0, k->s.nvars, 0, k->s.nlong, 0, 0 };

	k->stats->search_done = 0;
	count_children(k, &all, 1, out);
	if (k->weight)
		times_weights(k, 0, out);  /* a split's or a cube's literals, and what they imply */
}
