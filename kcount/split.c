/* split: a wide formula counted as the sum over the cases of an at-most-one group. A Kconfig
 * choice of N boards ties every board's options to the rest: the preprocessed formula's
 * elimination order is wide, yet with one board chosen most of the model collapses. When the
 * order's width is above --split-width and a group (groups.c: a checked mark, or a clique of
 * binary exclusions) has cases whose orders are narrower, the count is the sum over the
 * members m_i of the count with m_1..m_{i-1} false and m_i true, plus the count with all of
 * them false. That partitions the models for any set of projected (or defined) variables; a
 * true at-most-one group only makes each case collapse further, as m_i true propagates the
 * others false.
 * Each case is an assignment of the one search's solver: propagated, ordered anew for what
 * it leaves (order.c), and counted by the search, whose component cache all the cases share:
 * U-Boot's boards differ in a few options and share thousands, whose components each case
 * would count again on its own (a kernel-like core of width 17 took 3 to 6 s a case). A
 * case still wider than --split-width splits again on a group of what it leaves (U-Boot:
 * its architectures, then each one's boards), MAX_DEPTH deep. The cases of the first split
 * are counted --jobs at a time, each process taking the next case not yet taken (the all-
 * false one, the widest, first) and keeping its own cache of --mem / --jobs MiB. */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kcount.h"
#include "util.h"

/* CANDIDATES: the largest groups whose cases are tried; SAMPLES: the members of each whose
 * case is ordered to measure it; MAX_DEPTH: splits within splits. */
enum { DEFAULT_WIDTH = 100, DEFAULT_JOBS = 2, MAX_JOBS = 64, CANDIDATES = 3, SAMPLES = 3, MAX_DEPTH = 3,
       MIN_MEMBERS = 2 };

struct split {
	struct counter *k;
	const struct formula *f;
	long limit;               /* --split-width */
	int jobs, verbose;        /* verbose: -v, which the processes of the cases keep */
};

/* Sets lit true and propagates; 0 when that fails. */
static int assume(struct solver *s, int lit)
{
	if (s->val[lit])
		return s->val[lit] > 0;
	solver_assign(s, lit);
	return solver_propagate(s);
}

/* Assumes case i of the group m[0..n): m[i] true (none when i == n), m[0..i) false, then
 * the negations of the failed literals (a board implies its architecture, yet not by unit
 * propagation alone on U-Boot's preprocessed formula: its cases were twice as wide without);
 * 0 when the case has no model. The caller backtracks. */
static int assume_case(struct counter *k, const int *m, int n, int i)
{
	struct solver *s = &k->s;

	if (i < n && !assume(s, 2 * m[i]))
		return 0;
	for (int j = 0; j < i && j < n; j++)
		if (!assume(s, 2 * m[j] + 1))
			return 0;
	return probe(s, k->stats, k->stop);
}

/* The width of one elimination order of what case i leaves (0: no model). */
static int case_width(struct counter *k, const int *m, int n, int i)
{
	int mark = k->s.ntrail, width = assume_case(k, m, n, i) ? order_width(&k->s) : 0;

	solver_backtrack(&k->s, mark);
	return width;
}

/* Keeps of the groups (each ended by 0) the members a split may fix: free, and branchable
 * (projected, or a function of the projected ones, so each projected model has one value). */
static void eligible(const struct counter *k, struct ivec *groups)
{
	int out = 0, begin = 0;

	for (int i = 0; i < groups->n; i++) {
		int v = groups->a[i];
		if (v && !k->s.val[2 * v] && k->d.branchable[v])
			groups->a[out++] = v;
		else if (!v) {
			if (out - begin >= MIN_MEMBERS)
				groups->a[out++] = 0, begin = out;
			else
				out = begin;
		}
	}
	groups->n = out;
}

/* The groups of what the current assignment leaves that a split may use, into groups. */
static void find_groups(struct split *sp, struct ivec *groups)
{
	struct counter *k = sp->k;

	k->stats->groups_found += (uint64_t)groups_find(&k->s, &sp->f->groups, groups);
	for (int i = 0; i < groups->n; i++)
		k->stats->group_members += groups->a[i] != 0;
	eligible(k, groups);
	k->stats->groups_merged += (uint64_t)groups_merge(&k->s, groups);
}

/* The group whose sampled cases have the narrowest orders, if narrower than width: its
 * offset in groups, or -1. Largest first: the first whose cases are all narrower than
 * --split-width ends the search. */
static int choose(struct split *sp, const struct ivec *groups, int width, int depth)
{
	struct group_span *c;
	int n = groups_by_size(groups, &c), chosen = -1, chosen_width = width;
	int verbose = sp->verbose;

	if (verbose)
		fprintf(stderr, "c o split (depth %d): order of width %d: %d groups, the largest of %d members\n", depth,
			width, n, n ? c[0].size : 0);
	for (int i = 0; i < n && i < CANDIDATES && !*sp->k->stop; i++) {
		const int *m = groups->a + c[i].offset;
		int w = 0;
		for (int s = 0; s < SAMPLES && s < c[i].size; s++) {
			int cw = case_width(sp->k, m, c[i].size, s * (c[i].size - 1) / (SAMPLES - 1));
			if (cw > w)
				w = cw;
		}
		if (verbose)
			fprintf(stderr, "c o split (depth %d): group of %d: sampled cases of width %d\n", depth,
				c[i].size, w);
		if (w < chosen_width)
			chosen = c[i].offset, chosen_width = w;
		if (chosen >= 0 && chosen_width <= sp->limit)
			break;  /* narrow, and no smaller group is worth more sampling */
	}
	free(c);
	if ((uint64_t)chosen_width > sp->k->stats->split_width && chosen >= 0)
		sp->k->stats->split_width = (uint64_t)chosen_width;
	return chosen;
}

/* A group to split what the current assignment leaves on, into groups (ended by 0), or
 * none: 0 when that is narrow enough, or no group narrows it. */
static int split_group(struct split *sp, int depth, struct ivec *groups)
{
	int width, chosen;

	groups->n = 0;
	if (depth >= MAX_DEPTH || (width = order_width(&sp->k->s)) <= sp->limit)
		return 0;
	find_groups(sp, groups);
	chosen = groups->n ? choose(sp, groups, width, depth) : -1;
	if (chosen < 0) {
		if (sp->verbose)
			fprintf(stderr, "c o split (depth %d): no group narrows the order: no split\n", depth);
		return 0;
	}
	memmove(groups->a, groups->a + chosen, (size_t)(groups->n - chosen) * sizeof *groups->a);
	groups->n -= chosen;
	return 1;
}

static int members(const int *m)
{
	int n = 0;

	while (m[n])
		n++;
	return n;
}

static void count_node(struct split *sp, int depth, mpz_t out);

/* Adds the count of case i of m[0..n) to sum. */
static void add_case(struct split *sp, const int *m, int n, int i, int depth, mpz_t sum)
{
	struct solver *s = &sp->k->s;
	int mark = s->ntrail;
	mpz_t t;

	sp->k->stats->split_cases++;
	if (assume_case(sp->k, m, n, i)) {
		mpz_init(t);
		count_node(sp, depth + 1, t);
		mpz_add(sum, sum, t);
		mpz_clear(t);
	}
	solver_backtrack(s, mark);
}

/* The count of the models extending the current assignment, split again if that pays. */
static void count_node(struct split *sp, int depth, mpz_t out)
{
	struct ivec groups = { 0 };

	if (!split_group(sp, depth, &groups)) {
		ivec_free(&groups);
		count_assigned(sp->k, out);
		return;
	}
	int n = members(groups.a);
	mpz_set_ui(out, 0);
	for (int i = 0; i < n; i++)
		add_case(sp, groups.a, n, i, depth, out);
	add_case(sp, groups.a, n, n, depth, out);
	ivec_free(&groups);
}

/* ---- the first split's cases, --jobs processes at a time ---- */

struct worker {
	pid_t pid;
	int fd;
	char *text;
	size_t len, cap;
};

/* A process's side: take the next case not yet taken (the shared *next; the all-false case,
 * number n, as the first), count it, until none is left; write the sum in decimal to fd,
 * then its cache's figures for the bound on collisions, and exit 0 (2 on trouble, with the
 * message on standard error). No alarm: --timeout is the parent's, which stops the
 * processes and says so once. */
static void work(struct split *sp, const int *m, int n, int *next, int fd)
{
	static struct options quiet;  /* the search's progress lines would interleave */
	struct counter *k = sp->k;
	FILE *out = fdopen(fd, "w");
	int c;
	mpz_t sum, before;

	quiet = *k->opt;
	quiet.verbose = 0;
	k->opt = &quiet;
	counter_set_memory(k, k->mem_limit / (size_t)sp->jobs);
	mpz_init(sum);
	mpz_init(before);
	while ((c = __atomic_fetch_add(next, 1, __ATOMIC_SEQ_CST)) <= n) {
		int i = c ? c - 1 : n;
		double started = kcount_now();
		mpz_set(before, sum);
		add_case(sp, m, n, i, 0, sum);
		if (sp->verbose) {
			mpz_sub(before, sum, before);
			fprintf(stderr, "c o split: case %d of %d (variable %d%s): %zu digits in %.2f s\n", i + 1,
				n + 1, i < n ? m[i] : 0, i < n ? " true" : ": all false",
				mpz_sgn(before) ? mpz_sizeinbase(before, 10) : 0, kcount_now() - started);
		}
	}
	if (!out || mpz_out_str(out, 10, sum) == 0 ||
	    cache_write_figures(out, k->stats) < 0 || fclose(out))
		_exit(EXIT_TROUBLE);
	_exit(EXIT_OK);
}

static void stop_workers(struct worker *w, int jobs)
{
	for (int i = 0; i < jobs; i++)
		if (w[i].fd >= 0) {
			kill(w[i].pid, SIGKILL);
			while (waitpid(w[i].pid, NULL, 0) < 0 && errno == EINTR)
				;
		}
}

/* w has written all ("sum pairs"): add its sum to out, and its cache's figures for the
 * bound on collisions to the counter's, or give up. */
static void finish_worker(struct split *sp, struct worker *w, struct worker *all, mpz_t out)
{
	int status, ok, jobs = sp->jobs;
	char *space;
	mpz_t sum;

	close(w->fd);
	w->fd = -1;
	while (waitpid(w->pid, &status, 0) < 0)
		;
	mpz_init(sum);
	ok = WIFEXITED(status) && WEXITSTATUS(status) == EXIT_OK && w->len;
	if (ok) {
		w->text[w->len] = 0;
		ok = (space = strchr(w->text, ' ')) && cache_read_figures(space, sp->k->stats);
	}
	if (ok) {
		*space = 0;
		ok = mpz_set_str(sum, w->text, 10) == 0;
	}
	if (!ok) {
		stop_workers(all, jobs);
		util_die(EXIT_TROUBLE, "split: a process counting cases failed: no count");
	}
	mpz_add(out, out, sum);
	mpz_clear(sum);
}

/* Reads what w has written; finishes it at the end. */
static void read_worker(struct split *sp, struct worker *w, struct worker *all, mpz_t out)
{
	ssize_t got;

	if (w->len + 4096 > w->cap) {
		w->cap = 2 * w->cap + 4096;
		w->text = xrealloc(w->text, w->cap + 1);
	}
	got = read(w->fd, w->text + w->len, w->cap - w->len);
	if (got > 0)
		w->len += (size_t)got;
	else if (got == 0 || errno != EINTR)
		finish_worker(sp, w, all, out);
}

static void start_worker(struct split *sp, struct worker *w, const int *m, int n, int *next)
{
	int fds[2];
	pid_t parent = getpid();

	if (pipe(fds))
		util_die(EXIT_TROUBLE, "cannot make a pipe: %m");
	fflush(NULL);
	if ((w->pid = fork()) < 0)
		util_die(EXIT_TROUBLE, "cannot fork: %m");
	if (w->pid == 0) {
		/* a parent killed by its caller's timeout takes the workers along */
		if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != parent)
			_exit(EXIT_TROUBLE);
		close(fds[0]);
		work(sp, m, n, next, fds[1]);
	}
	close(fds[1]);
	w->fd = fds[0];
}

/* The first split's cases, counted by sp->jobs processes, summed into out. */
static void run_workers(struct split *sp, const int *m, int n, mpz_t out)
{
	int *next = mmap(NULL, sizeof *next, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	struct worker *w = xcalloc((size_t)sp->jobs, sizeof *w);
	struct pollfd pfd[MAX_JOBS];
	int map[MAX_JOBS], running = sp->jobs;

	if (next == MAP_FAILED)
		util_die(EXIT_TROUBLE, "cannot map shared memory: %m");
	*next = 0;
	sp->k->stats->split_cases += (uint64_t)n + 1;
	mpz_set_ui(out, 0);
	for (int i = 0; i < sp->jobs; i++)
		start_worker(sp, &w[i], m, n, next);
	while (running) {
		int np = 0;
		for (int i = 0; i < sp->jobs; i++)
			if (w[i].fd >= 0) {
				pfd[np] = (struct pollfd){ .fd = w[i].fd, .events = POLLIN };
				map[np++] = i;
			}
		if (poll(pfd, (nfds_t)np, 1000) > 0)
			for (int i = 0; i < np; i++)
				if (pfd[i].revents)
					read_worker(sp, &w[map[i]], w, out);
		running = 0;
		for (int i = 0; i < sp->jobs; i++)
			running += w[i].fd >= 0;
		if (*sp->k->stop) {
			stop_workers(w, sp->jobs);
			util_die(EXIT_TROUBLE, "timeout after %ld s: no count", sp->k->opt->timeout);
		}
	}
	for (int i = 0; i < sp->jobs; i++)
		free(w[i].text);
	free(w);
	munmap(next, sizeof *next);
}

int split_count(struct counter *k, const struct formula *f, mpz_t out)
{
	struct split sp = { .k = k, .f = f, .verbose = (int)k->opt->verbose };
	struct ivec groups = { 0 };
	int n;

	sp.limit = k->opt->split_width >= 0 ? k->opt->split_width : DEFAULT_WIDTH;
	sp.jobs = k->opt->jobs > 0 ? (int)k->opt->jobs : DEFAULT_JOBS;
	if (sp.jobs > MAX_JOBS)
		sp.jobs = MAX_JOBS;
	if (!split_group(&sp, 0, &groups)) {
		ivec_free(&groups);
		return 0;
	}
	n = members(groups.a);
	checkpoint_unused(k->opt, "it splits on a group");
	if (sp.jobs > 1)
		run_workers(&sp, groups.a, n, out);
	else {
		mpz_set_ui(out, 0);
		for (int i = 0; i <= n; i++)
			add_case(&sp, groups.a, n, i, 0, out);
	}
	ivec_free(&groups);
	return 1;
}
