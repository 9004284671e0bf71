/* cubes: both cores on one search. When the order is wider than --cube-width (a search of
 * minutes or more), the count is the sum over the cubes, the 2^CUBE_VARS assignments of the
 * highest-ranked branchable variables, which the search would decide first anyway. --jobs
 * threads take the cubes in turn, each with a solver, decomposer and component stack of its
 * own, and all share one component cache under a lock: what one cube counts, another finds,
 * where split.c's processes keep a cache each. The search is the one-thread search cut at
 * the cubes, so the components differ little from it; the lock is taken once a component.
 * Held that briefly, it spins a while before it sleeps (glibc's adaptive mutex): since
 * pendant.c made components cheaper, a sleeping lock cost the second thread most of its
 * gain (Knüppel's 25-fixed rung: 37.5 to 39.7 s with two threads, 30.1 to 31.1 adaptive,
 * 39.4 with one). Above --afresh-cost, a search of minutes or more, each cube is counted as
 * a formula of its own instead (afresh.c), and the threads share nothing but the list of
 * cubes: on Knüppel's 2.6.33.3 (cost 1.3e10) that is 2.5 times faster; on the kernel's rung
 * of 35 fixed (cost 4.3e6, 4 s), the shared cache is. */
#include <stdlib.h>
#include <string.h>

#include "kcount.h"
#include "util.h"

enum { DEFAULT_WIDTH = 16 };

struct cubes {
	struct counter *first;    /* the caller's: its cache and ranks serve all */
	struct worker *workers;
	int jobs;
	int afresh;               /* each cube counted as a formula of its own (afresh.c) */
	struct afresh cases;      /* then how: each worker's copy adds its own figures */
	struct options case_opt;  /* and the options of the cases' searches */
	const struct formula *f;
	int vars[CUBE_VARS], nvars;
	int next, done;           /* the next cube not taken; those finished (under the lock) */
	struct checkpoint *cp;    /* --checkpoint's file, or NULL */
	pthread_mutex_t lock;
	mpz_t sum;
};

struct worker {
	struct cubes *cu;
	struct counter k;         /* the shared search's (not set up for cubes counted afresh) */
	struct stats st;
	size_t peak;              /* afresh: the largest memory of a case's search */
	struct stats searching;   /* afresh: those of the case being searched (struct afresh) */
	pthread_t thread;
};

/* The n highest-ranked free branchable variables, highest first. */
static int top_vars(const struct counter *k, int *vars, int n)
{
	int got = 0;

	for (int v = 1; v <= k->s.nvars; v++) {
		int i;
		if (k->s.val[2 * v] || !k->d.branchable[v])
			continue;
		for (i = got < n ? got++ : n; i > 0 && k->d.rank[vars[i - 1]] < k->d.rank[v]; i--)
			if (i < n)
				vars[i] = vars[i - 1];
		if (i < n)
			vars[i] = v;
	}
	return got;
}

/* Sets the cube's literals and propagates: 0 when it has no model. The caller backtracks. */
static int assume_cube(struct solver *s, const int *vars, int n, int cube)
{
	for (int i = 0; i < n; i++) {
		int lit = 2 * vars[i] + (cube >> i & 1);
		if (s->val[lit] < 0)
			return 0;
		if (!s->val[lit]) {
			solver_assign(s, lit);
			if (!solver_propagate(s))
				return 0;
		}
	}
	return 1;
}

/* The next cube not taken, past those the checkpoint holds (their counts go into the sum,
 * and their number into st); *done_base, the share of those finished, for a progress line. */
static int take_cube(struct cubes *cu, struct stats *st, double *done_base)
{
	int c;

	pthread_mutex_lock(&cu->lock);
	while (cu->cp && cu->next < 1 << cu->nvars && checkpoint_take(cu->cp, cu->next, cu->sum)) {
		cu->next++;
		cu->done++;
		st->cubes_resumed++;
	}
	c = cu->next++;
	*done_base = (double)cu->done / (1 << cu->nvars);
	pthread_mutex_unlock(&cu->lock);
	return c;
}

int cubes_lookup(struct cubes *cu, struct comp_key *key, mpz_t count)
{
	int hit;

	pthread_mutex_lock(&cu->lock);
	hit = cache_lookup(cu->first->cache, key, count);
	pthread_mutex_unlock(&cu->lock);
	return hit;
}

void cubes_store(struct cubes *cu, const struct comp_key *key, const mpz_t count)
{
	pthread_mutex_lock(&cu->lock);
	cache_store(cu->first->cache, key, count);
	pthread_mutex_unlock(&cu->lock);
}

/* Cube c's count by the shared search of k, into t. */
static void count_shared(struct cubes *cu, struct counter *k, int c, mpz_t t)
{
	int mark = k->s.ntrail;

	mpz_set_ui(t, 0);
	if (assume_cube(&k->s, cu->vars, cu->nvars, c))
		count_ranked(k, t);
	solver_backtrack(&k->s, mark);
}

/* Cube c is counted: t into the sum and the checkpoint. */
static void finish_cube(struct cubes *cu, int c, const mpz_t t)
{
	pthread_mutex_lock(&cu->lock);
	mpz_add(cu->sum, cu->sum, t);
	if (cu->cp)
		checkpoint_record(cu->cp, c, t);
	cu->done++;
	pthread_mutex_unlock(&cu->lock);
}

/* Cube c's count as a formula of its own, into t: the input's with the cube's literals,
 * over the factor that the formula left outside, which divides it. */
static void count_afresh(struct worker *w, int c, mpz_t t)
{
	struct cubes *cu = w->cu;
	struct afresh a = cu->cases;
	int lits[CUBE_VARS];
	double started = kcount_now();

	a.stats = &w->st;
	a.searching = &w->searching;
	for (int i = 0; i < cu->nvars; i++)
		lits[i] = c >> i & 1 ? -cu->f->origin[cu->vars[i]] : cu->f->origin[cu->vars[i]];
	afresh_count(&a, lits, cu->nvars, t);
	if (!mpz_divisible_p(t, cu->f->outside))
		util_die(EXIT_TROUBLE, "internal error: cube %d's count is not a multiple of the factor outside", c);
	mpz_divexact(t, t, cu->f->outside);
	if (a.peak > w->peak)
		w->peak = a.peak;
	if (cu->first->opt->verbose)
		fprintf(stderr, "c o cube %d of %d, counted afresh: %zu digits in %.2f s\n", c + 1, 1 << cu->nvars,
			mpz_sgn(t) ? mpz_sizeinbase(t, 10) : 0, kcount_now() - started);
}

static void *work(void *arg)
{
	struct worker *w = arg;
	struct cubes *cu = w->cu;
	int c, n = 1 << cu->nvars;
	mpz_t t;

	mpz_init(t);
	while ((c = take_cube(cu, &w->st, &w->k.done_base)) < n) {
		if (cu->afresh)
			count_afresh(w, c, t);
		else
			count_shared(cu, &w->k, c, t);
		finish_cube(cu, c, t);
	}
	mpz_clear(t);
	return NULL;
}

/* For the shared search: a counter of its own for worker i, but for the first's cache and
 * ranks; only the first worker's progress lines are printed. */
static void share_search(struct cubes *cu, struct worker *w, int i)
{
	struct counter *first = cu->first, *k = &w->k;

	counter_init(k, cu->f, first->opt, &w->st, first->stop, first->cache);
	k->silent = i > 0;
	/* Neighbouring cubes, taken at once, share most components: searched the same way,
	 * both threads would count them at the same time (768 to 786 thousand components instead
	 * of 662 on the 6.12 rung of 35 fixed); the other way, each finds what the other stored. */
	k->polarity = i & 1;
	k->cubes = k->report = cu;
	k->mem_limit = first->mem_limit;
	k->started = first->started;
	k->done_scale = 1.0 / (1 << cu->nvars);
	counter_start(k, cu->f);
	memcpy(k->d.rank, first->d.rank, ((size_t)k->s.nvars + 1) * sizeof *k->d.rank);
}

/* Worker i's thread, with the stack of a search. */
static void start_worker(struct cubes *cu, struct worker *w, int i)
{
	pthread_attr_t attr;

	w->cu = cu;
	if (!cu->afresh)
		share_search(cu, w, i);
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, SEARCH_STACK);
	if (pthread_create(&w->thread, &attr, work, w))
		util_die(EXIT_TROUBLE, "cannot start a thread");
	pthread_attr_destroy(&attr);
}

/* The cubes are counted afresh, their cases split while wider than limit: each case's
 * search with one job, a share of the memory the caller's counter leaves, quiet, and the
 * caller's timeout. */
static void set_afresh(struct cubes *cu, int jobs, long limit)
{
	size_t left = cu->first->mem_limit > counter_bytes(cu->first) ?
		cu->first->mem_limit - counter_bytes(cu->first) : 0;

	cu->afresh = 1;
	cu->case_opt = *cu->first->opt;
	cu->case_opt.verbose = 0;
	cu->case_opt.jobs = 1;
	cu->case_opt.checkpoint = 0;
	cu->case_opt.max_width = -1;
	cu->case_opt.mem = (long)(left / (size_t)jobs >> 20);
	if (cu->case_opt.mem < 1)
		util_die(EXIT_TROUBLE, "memory cap of %zu MiB too small for %d cubes at once", cu->first->mem_limit >> 20, jobs);
	cu->cases = (struct afresh){ .input = cu->first->input, .opt = &cu->case_opt, .limit = limit,
				     .stop = cu->first->stop, .cubes = cu };
}

void cubes_report(struct cubes *cu, size_t peak)
{
	struct stats *st = cu->first->stats;
	double done = cu->done;

	if (!cu->first->opt->verbose)
		return;
	for (int i = 0; i < cu->jobs; i++) {
		stats_add_search(st, &cu->workers[i].st);
		stats_add_search(st, &cu->workers[i].searching);
		done += cu->workers[i].st.search_done;
	}
	st->search_done = done / (1 << cu->nvars);
	stats_report(st, kcount_now() - cu->first->started, peak);
}

/* Under the default --afresh-cost the order's cost alone does not show a search costly
 * (embtoolkit's order costs 2.3e15, yet it counts in 9,799 components; afresh, 1.19 s
 * instead of 0.13): the first cube left is counted by the caller's own search, and 1 is
 * returned, the cache emptied for the cases, when that takes more than --probe components.
 * The search is abandoned there, and the cube is left to the cases: Linux 2.6.20's first
 * cube with a model took more than 300 s. A cube that took no component (no model, or all
 * of it propagated) shows nothing, so the next one is probed: 2.6.20's first has no model. */
static int first_cube_costly(struct cubes *cu)
{
	struct counter *k = cu->first;
	uint64_t before = k->stats->components;
	int c, probed = 0, costly;
	mpz_t t;

	mpz_init(t);
	k->done_scale = 1.0 / (1 << cu->nvars);
	k->abandon_at = before + (uint64_t)(k->opt->probe >= 0 ? k->opt->probe : PROBE_COMPONENTS);
	while (k->stats->components == before && (c = take_cube(cu, k->stats, &k->done_base)) < 1 << cu->nvars) {
		double done = k->stats->search_done;
		probed++;
		count_shared(cu, k, c, t);
		if (k->abandoned) {
			k->stats->search_done = done;
			cu->next = c;  /* no other thread runs yet */
		} else
			finish_cube(cu, c, t);
	}
	mpz_clear(t);
	costly = k->abandoned;
	k->abandon_at = UINT64_MAX;
	k->abandoned = 0;
	if (costly)
		cache_clear(k->cache);
	if (k->opt->verbose)
		fprintf(stderr, "c o cubes: the probe took %llu components (%d cube%s): %s\n",
			(unsigned long long)(k->stats->components - before), probed, probed == 1 ? "" : "s",
			costly ? "the cubes left are counted afresh" : "the search goes on, sharing its cache");
	return costly;
}

int cubes_count(struct counter *k, const struct formula *f, mpz_t out)
{
	long limit = k->opt->cube_width >= 0 ? k->opt->cube_width : DEFAULT_WIDTH;
	long afresh_cost = k->opt->afresh_cost >= 0 ? k->opt->afresh_cost : AFRESH_COST;
	int jobs = k->opt->jobs > 0 ? (int)k->opt->jobs : 2;
	int afresh = k->input && (double)k->stats->order_cost > (double)afresh_cost * 1e6;
	struct cubes cu = { .first = k, .f = f };
	pthread_mutexattr_t attr;
	struct worker *w;
	size_t peak = 0;

	if (jobs < 2 && !k->opt->checkpoint && !afresh)
		return 0;
	if ((long)k->stats->order_width <= limit) {
		checkpoint_unused(k->opt, "its order is within --cube-width");
		return 0;
	}
	if ((cu.nvars = top_vars(k, cu.vars, CUBE_VARS)) == 0) {
		checkpoint_unused(k->opt, "no variable is left to branch on");
		return 0;
	}
	if (k->opt->checkpoint)
		cu.cp = checkpoint_open(k->opt->checkpoint_path, f, cu.vars, &cu.nvars);
	if (jobs > 1 << cu.nvars)
		jobs = 1 << cu.nvars;  /* a thread more would have no cube */
	pthread_mutexattr_init(&attr);
	pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ADAPTIVE_NP);
	pthread_mutex_init(&cu.lock, &attr);
	pthread_mutexattr_destroy(&attr);
	mpz_init(cu.sum);
	if (afresh && k->opt->afresh_cost < 0)
		afresh = first_cube_costly(&cu);
	if (afresh)
		set_afresh(&cu, jobs, limit);
	else
		k->cache->limit = k->cache->limit > (size_t)jobs * counter_bytes(k) ?
			k->cache->limit - (size_t)(jobs - 1) * counter_bytes(k) : 0;
	k->stats->cube_cases += (uint64_t)1 << cu.nvars;
	w = cu.workers = xcalloc((size_t)jobs, sizeof *w);
	cu.jobs = jobs;
	for (int i = 0; i < jobs; i++)
		start_worker(&cu, &w[i], i);
	for (int i = 0; i < jobs; i++) {
		pthread_join(w[i].thread, NULL);
		stats_add_search(k->stats, &w[i].st);
		if (afresh) {
			peak += w[i].peak;  /* the cases' caches are apart */
		} else {
			if (counter_peak(&w[i].k) > peak)
				peak = w[i].k.peak_bytes;
			counter_free(&w[i].k);
		}
	}
	if (peak > k->peak_bytes)
		k->peak_bytes = peak;
	k->stats->search_done = 1;
	mpz_set(out, cu.sum);
	mpz_clear(cu.sum);
	if (cu.cp)
		checkpoint_close(cu.cp);
	pthread_mutex_destroy(&cu.lock);
	free(w);
	return 1;
}
