/* split: a wide formula counted as the sum over the cases of an at-most-one group. A Kconfig
 * choice of N boards ties every board's options to the rest: the preprocessed formula's
 * elimination order is wide, yet with one board chosen most of the model collapses. When the
 * order's width is above --split-width and a group (groups.c: a checked mark, or a clique of
 * binary exclusions) has cases whose orders are narrower, the count is the sum over the
 * members m_i of the count with m_1..m_{i-1} false and m_i true, plus the count with all of
 * them false. That partitions the models for any set of projected (or defined) variables; a
 * true at-most-one group only makes each case collapse further, as m_i true propagates the
 * others false. Each case is preprocessed and ordered anew and counted in a child process of
 * its own, --jobs at a time; each has --mem / --jobs MiB, so the whole stays within --mem
 * (beside the parent's preprocessed formula), and what is left of --timeout. The sum does not
 * depend on the order the cases finish in. A case does not split again: with the groups
 * joined (groups_merge), coreboot's cases are all narrow, and a second split only doubled
 * the cost of ordering each case. */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kcount.h"
#include "util.h"

/* CANDIDATES: the largest groups whose cases are tried; SAMPLES: the members of each whose
 * case is preprocessed and ordered to measure it; MAX_DEPTH: splits within splits. */
enum { DEFAULT_WIDTH = 100, DEFAULT_JOBS = 2, CANDIDATES = 3, SAMPLES = 3, MAX_DEPTH = 1, MIN_MEMBERS = 2 };

struct worker {
	pid_t pid;
	int fd, index;
	double started;
	char *text;
	size_t len, cap;
};

struct split {
	struct job *j;
	const int *members;       /* the group split on, in j->f's (compacted) variables */
	int *names;               /* the same in the input's, for messages */
	int n, next, done, running, jobs;
	long limit;               /* --split-width */
	struct worker *w;
	struct dimacs_cnf cnf;
	double started;
};

/* f as a DIMACS CNF with the same projected count, and room for n unit clauses. */
static void case_base(const struct formula *f, struct dimacs_cnf *cnf, int n)
{
	memset(cnf, 0, sizeof *cnf);
	cnf->nvars = f->nvars;
	cnf->lits = xmalloc(((size_t)f->clauses.n + 2 * (size_t)n + 2) * sizeof *cnf->lits);
	if (f->clauses.n)
		memcpy(cnf->lits, f->clauses.a, (size_t)f->clauses.n * sizeof *cnf->lits);
	cnf->projected = 1;
	cnf->show = xmalloc(((size_t)f->nvars + 1) * sizeof *cnf->show);
	for (int v = 1; v <= f->nvars; v++)
		if (f->projected[v] && !f->fixed[v])
			cnf->show[cnf->nshow++] = v;
}

/* Case i of the group m[0..n): m[0..i) false, m[i] true (i == n: all false), into cnf. */
static void case_set(struct dimacs_cnf *cnf, const struct formula *f, const int *m, int n, int i)
{
	cnf->nlits = (size_t)f->clauses.n;
	for (int k = 0; k < i && k < n; k++) {
		cnf->lits[cnf->nlits++] = -m[k];
		cnf->lits[cnf->nlits++] = 0;
	}
	if (i < n) {
		cnf->lits[cnf->nlits++] = m[i];
		cnf->lits[cnf->nlits++] = 0;
	}
}

/* The width of one elimination order of f (order.c), or 0 when f is settled. */
static int formula_width(const struct formula *f)
{
	struct stats st = { 0 };
	struct solver s;
	int width;

	if (f->unsat || !f->clauses.n)
		return 0;
	formula_solver(f, &s, &st);
	width = order_width(&s);
	solver_free(&s);
	return width;
}

/* The width of case i's order, its formula preprocessed as a child would. */
static int case_width(struct split *sp, const struct formula *f, const int *m, int n, int i)
{
	struct formula cf = { 0 };
	struct stats st = { 0 };
	int width;

	case_set(&sp->cnf, f, m, n, i);
	preprocess(&cf, &sp->cnf, !sp->j->opt.no_elim, &st, &job_timed_out);
	if (!cf.unsat)
		formula_compact(&cf);
	width = formula_width(&cf);
	formula_free(&cf);
	return width;
}

/* Keeps of the groups (each ended by 0) the members a split may fix: free, and projected
 * or defined (a function of the projected ones, so each projected model has one value). */
static void eligible(const struct formula *f, struct ivec *groups)
{
	int out = 0, begin = 0;

	for (int i = 0; i < groups->n; i++) {
		int v = groups->a[i];
		if (v && !f->fixed[v] && (f->projected[v] || f->defined[v]))
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

/* The group whose sampled cases have the narrowest orders, if narrower than width: its
 * offset in groups, or -1. Largest first: the first whose cases are all narrower than
 * --split-width ends the search. */
static int choose(struct split *sp, const struct ivec *groups, int width)
{
	struct group_span *c;
	int n = groups_by_size(groups, &c), chosen = -1, chosen_width = width;

	if (sp->j->opt.verbose)
		fprintf(stderr, "c o split: order of width %d: %d groups, the largest of %d members\n", width, n,
			n ? c[0].size : 0);
	for (int i = 0; i < n && i < CANDIDATES && !job_timed_out; i++) {
		const int *m = groups->a + c[i].offset;
		int w = 0;
		for (int k = 0; k < SAMPLES && k < c[i].size; k++) {
			int cw = case_width(sp, &sp->j->f, m, c[i].size, k * (c[i].size - 1) / (SAMPLES - 1));
			if (cw > w)
				w = cw;
		}
		if (sp->j->opt.verbose)
			fprintf(stderr, "c o split: group of %d (variable %d first): sampled cases of width %d\n",
				c[i].size, m[0], w);
		if (w < chosen_width)
			chosen = c[i].offset, chosen_width = w;
		if (chosen >= 0 && chosen_width <= sp->limit)
			break;  /* narrow, and no smaller group is worth more sampling */
	}
	free(c);
	sp->j->stats.split_width = (uint64_t)chosen_width;
	return chosen;
}

/* The child's side of a case: preprocess and count it (splitting again if it pays), write
 * the decimal count to fd, exit 0 (2 on trouble, with the message on standard error). */
static void count_case(const struct split *sp, int fd, long seconds)
{
	struct job j = { .opt = sp->j->opt };
	FILE *out = fdopen(fd, "w");

	j.opt.timeout = seconds;
	j.opt.verbose = 0;
	j.opt.mem = sp->j->opt.mem / sp->jobs;
	j.opt.jobs = 1;
	j.split_depth = sp->j->split_depth + 1;
	job_arm_timeout(seconds);
	job_preprocess(&j, &sp->cnf);
	if (!split_count(&j))
		job_run(&j);
	if (!out || mpz_out_str(out, 10, j.count) == 0 || fclose(out))
		_exit(EXIT_TROUBLE);
	_exit(EXIT_OK);
}

static void start_case(struct split *sp, struct worker *w)
{
	/* all false first: the widest case (coreboot: 5 s of 23) must not be left for last */
	int fds[2], index = sp->next ? sp->next - 1 : sp->n;
	pid_t parent = getpid();
	unsigned left = alarm(0);  /* what is left of --timeout, handed to the child */

	if (left)
		alarm(left);
	if (sp->j->opt.timeout && !left)
		left = 1;
	case_set(&sp->cnf, &sp->j->f, sp->members, sp->n, index);
	if (pipe(fds))
		util_die(EXIT_TROUBLE, "cannot make a pipe: %m");
	fflush(NULL);
	if ((w->pid = fork()) < 0)
		util_die(EXIT_TROUBLE, "cannot fork: %m");
	if (w->pid == 0) {
		/* a parent killed by its caller's timeout takes the cases along */
		if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != parent)
			_exit(EXIT_TROUBLE);
		close(fds[0]);
		count_case(sp, fds[1], (long)left);
	}
	close(fds[1]);
	w->fd = fds[0];
	w->index = index;
	sp->next++;
	w->started = kcount_now();
	w->len = 0;
	sp->running++;
}

static void stop_cases(struct split *sp)
{
	for (int i = 0; i < sp->jobs; i++)
		if (sp->w[i].fd >= 0) {
			kill(sp->w[i].pid, SIGKILL);
			while (waitpid(sp->w[i].pid, NULL, 0) < 0 && errno == EINTR)
				;
		}
}

/* The case of w has written all: add its count to the sum, or give up. */
static void finish_case(struct split *sp, struct worker *w)
{
	int status, ok;
	mpz_t count;

	close(w->fd);
	w->fd = -1;
	sp->running--;
	while (waitpid(w->pid, &status, 0) < 0)
		;
	mpz_init(count);
	ok = WIFEXITED(status) && WEXITSTATUS(status) == EXIT_OK && w->len;
	if (ok) {
		w->text[w->len] = 0;
		ok = mpz_set_str(count, w->text, 10) == 0;
	}
	if (!ok) {
		stop_cases(sp);
		util_die(EXIT_TROUBLE, "split: case %d of %d (variable %d) not counted: no count", w->index + 1,
			 sp->n + 1, w->index < sp->n ? sp->names[w->index] : 0);
	}
	mpz_add(sp->j->count, sp->j->count, count);
	sp->done++;
	if (sp->j->opt.verbose)
		fprintf(stderr, "c o split: case %d of %d (variable %d%s): %zu digits in %.2f s [%d done, %.1f s]\n",
			w->index + 1, sp->n + 1, w->index < sp->n ? sp->names[w->index] : 0,
			w->index < sp->n ? " true" : ": all false", mpz_sgn(count) ? mpz_sizeinbase(count, 10) : 0,
			kcount_now() - w->started, sp->done, kcount_now() - sp->started);
	mpz_clear(count);
}

/* Reads what the case of w has written; finishes it at the end. */
static void read_case(struct split *sp, struct worker *w)
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
		finish_case(sp, w);
}

/* Counts the cases, --jobs at a time, into j->count. */
static void run_cases(struct split *sp)
{
	struct pollfd pfd[64];
	int map[64];

	while (sp->next <= sp->n || sp->running) {
		int np = 0;
		for (int i = 0; i < sp->jobs && sp->next <= sp->n; i++)
			if (sp->w[i].fd < 0)
				start_case(sp, &sp->w[i]);
		for (int i = 0; i < sp->jobs; i++)
			if (sp->w[i].fd >= 0) {
				pfd[np] = (struct pollfd){ .fd = sp->w[i].fd, .events = POLLIN };
				map[np++] = i;
			}
		if (poll(pfd, (nfds_t)np, 1000) > 0)
			for (int i = 0; i < np; i++)
				if (pfd[i].revents)
					read_case(sp, &sp->w[map[i]]);
		if (job_timed_out) {
			stop_cases(sp);
			util_die(EXIT_TROUBLE, "timeout after %ld s: no count", sp->j->opt.timeout);
		}
	}
}

/* Keeps of j's formula the variables its clauses have (formula_compact), so that each case's
 * arrays are small (coreboot: 2,700 of 19,057; the cases ran in 60% of the time), with the
 * members m of the group carried along, and the case base made anew. Returns the number
 * of projected variables dropped: each doubles the count. */
static int compact(struct split *sp, const int *m)
{
	struct formula *f = &sp->j->f;
	int dropped;

	while (m[sp->n])
		sp->n++;
	sp->names = xmalloc(((size_t)sp->n + 1) * sizeof *sp->names);
	memcpy(sp->names, m, ((size_t)sp->n + 1) * sizeof *m);
	f->groups.n = 0;
	for (int i = 0; i <= sp->n; i++)
		ivec_push(&f->groups, m[i]);
	dropped = formula_compact(f);
	if (f->groups.n != sp->n + 1)  /* every member is in a clause, as a group's must be */
		util_die(EXIT_TROUBLE, "split: a member of the group left the formula");
	sp->members = f->groups.a;
	free(sp->cnf.lits);
	free(sp->cnf.show);
	case_base(f, &sp->cnf, sp->n);
	return dropped;
}

/* The groups of j's formula a split may use, into groups. */
static void find_groups(struct job *j, struct ivec *groups)
{
	struct solver s;

	formula_solver(&j->f, &s, &j->stats);
	j->stats.groups_found = (uint64_t)groups_find(&s, &j->f.groups, groups);
	for (int i = 0; i < groups->n; i++)
		j->stats.group_members += groups->a[i] != 0;
	eligible(&j->f, groups);
	j->stats.groups_merged += (uint64_t)groups_merge(&s, groups);
	solver_free(&s);
}

int split_count(struct job *j)
{
	long limit = j->opt.split_width >= 0 ? j->opt.split_width : DEFAULT_WIDTH;
	struct split sp = { .j = j, .started = kcount_now() };
	struct ivec groups = { 0 };
	int width, chosen, free_projected;

	if (j->opt.sample >= 0 || j->f.unsat || j->split_depth >= MAX_DEPTH || !j->f.clauses.n)
		return 0;
	/* surely wider than --max-width: no sampling of cases, the count gives up (and says so) */
	if (j->opt.max_width >= 0 && job_width_lower(j) > j->opt.max_width)
		return 0;
	find_groups(j, &groups);
	if (!groups.n || (width = formula_width(&j->f)) <= limit) {
		ivec_free(&groups);
		return 0;
	}
	sp.limit = limit;
	sp.jobs = j->opt.jobs > 0 ? (int)j->opt.jobs : DEFAULT_JOBS;
	if (sp.jobs > 64)
		sp.jobs = 64;
	case_base(&j->f, &sp.cnf, j->f.nvars);
	chosen = choose(&sp, &groups, width);
	if (chosen < 0 || job_timed_out) {
		if (j->opt.verbose)
			fprintf(stderr, "c o split: no group narrows the order: no split\n");
		free(sp.cnf.lits);
		free(sp.cnf.show);
		ivec_free(&groups);
		return 0;
	}
	free_projected = compact(&sp, groups.a + chosen);
	j->stats.split_cases += (uint64_t)sp.n + 1;
	sp.w = xcalloc((size_t)sp.jobs, sizeof *sp.w);
	for (int i = 0; i < sp.jobs; i++)
		sp.w[i].fd = -1;
	mpz_init_set_ui(j->count, 0);
	run_cases(&sp);
	mpz_mul_2exp(j->count, j->count, (mp_bitcnt_t)free_projected);
	for (int i = 0; i < sp.jobs; i++)
		free(sp.w[i].text);
	free(sp.w);
	free(sp.cnf.lits);
	free(sp.cnf.show);
	free(sp.names);
	ivec_free(&groups);
	return 1;
}
