/* bound: a certified lower bound on a count that is out of reach. One model is found, each
 * variable preferring its majority polarity; its values are fixed on K hubs, the projected
 * variables that occur most in the clauses the hubs before them leave open (they tie the
 * formula together, and every tree decomposition must put them in wide bags), and the rest
 * is counted exactly. Every model so counted is a model of the formula, so the count is a
 * lower bound; fixing fewer of the same values only adds models, so K shrinks by a quarter
 * each round while rounds finish, then bisects. Each round counts in a child process with a
 * budget of work (components counted, --work), not of time: which rounds finish, and so the
 * bound, is the same on any machine. The --timeout only stops the rounds as a safety net;
 * the last round done gives the bound, and a round with K = 0 the count. */
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kcount.h"
#include "util.h"

struct occurrence {
	int var, projected, n;
};

/* Projected first, then by occurrences, most first; the variable number breaks ties. */
static int by_rank(const void *a, const void *b)
{
	const struct occurrence *x = a, *y = b;

	if (x->projected != y->projected)
		return y->projected - x->projected;
	if (x->n != y->n)
		return x->n > y->n ? -1 : 1;
	return x->var - y->var;
}

/* The free variables of f in the order to search a model: projected first, by occurrences. */
static int *rank_variables(const struct formula *f, int *n)
{
	int *count = xcalloc((size_t)f->nvars + 1, sizeof *count);
	struct occurrence *occ = xmalloc(((size_t)f->nvars + 1) * sizeof *occ);
	int *order = xmalloc(((size_t)f->nvars + 1) * sizeof *order);

	for (int i = 0; i < f->clauses.n; i++)
		count[abs(f->clauses.a[i])]++;
	*n = 0;
	for (int v = 1; v <= f->nvars; v++)
		if (!f->fixed[v])
			occ[(*n)++] = (struct occurrence){ v, f->projected[v], count[v] };
	free(count);
	qsort(occ, (size_t)*n, sizeof *occ, by_rank);
	for (int i = 0; i < *n; i++)
		order[i] = occ[i].var;
	free(occ);
	return order;
}

/* One model of f, as values by variable (1 true, 0 false), or NULL when f has none. The
 * search prefers each variable's majority polarity, which leaves the most room to the rest. */
static unsigned char *find_model(const struct formula *f, const int *order, int n, struct stats *st)
{
	unsigned char *model = NULL;
	int *positive = xcalloc((size_t)f->nvars + 1, sizeof *positive), sat = -1;
	struct solver s;

	formula_solver(f, &s, st);
	for (int i = 0; i < f->clauses.n; i++)
		positive[abs(f->clauses.a[i])] += f->clauses.a[i] > 0 ? 1 : -1;
	for (int v = 1; v <= f->nvars; v++)
		s.phase[v] = positive[v] < 0;
	for (uint64_t conflicts = 1000; sat < 0 && !f->unsat; conflicts *= 2) {
		int mark = s.ntrail;
		if (job_timed_out)
			util_die(EXIT_TROUBLE, "timeout after a search for a model: no bound");
		if ((sat = sat_search(&s, NULL, order, n, 1, conflicts)) > 0) {
			model = xmalloc((size_t)f->nvars + 1);
			for (int v = 1; v <= f->nvars; v++)
				model[v] = s.val[2 * v] > 0;
		}
		solver_backtrack(&s, mark);
	}
	solver_free(&s);
	free(positive);
	return model;
}

/* count[v]: v's occurrences in the clauses of f that s's assignment leaves open. */
static void open_occurrences(const struct formula *f, const struct solver *s, int *count)
{
	const int *c = f->clauses.a, *end = c + f->clauses.n;

	memset(count, 0, ((size_t)f->nvars + 1) * sizeof *count);
	for (const int *next; c < end; c = next + 1) {
		int satisfied = 0;
		for (next = c; *next; next++)
			satisfied |= s->val[LIT(*next)] > 0;
		for (const int *l = c; !satisfied && l < next; l++)
			count[abs(*l)] += !s->val[LIT(*l)];
	}
}

/* The hubs in the order to fix them, into hubs; returns how many. A batch at a time (a
 * sixteenth of those chosen, at least 16), the free projected variables that occur most in
 * the clauses left open once the hubs chosen before take the model's values and propagate
 * (which never conflicts: it only implies the model's values). Fixing a variable that they
 * imply, or that no open clause holds, would add nothing. */
static int choose_hubs(const struct formula *f, const unsigned char *model, int *hubs, struct stats *st)
{
	int *count = xmalloc(((size_t)f->nvars + 1) * sizeof *count), nhubs = 0, ncand;
	struct occurrence *cand = xmalloc(((size_t)f->nvars + 1) * sizeof *cand);
	struct solver s;

	formula_solver(f, &s, st);
	do {
		int batch = nhubs / 16 > 16 ? nhubs / 16 : 16;
		open_occurrences(f, &s, count);
		ncand = 0;
		for (int v = 1; v <= f->nvars; v++)
			if (f->projected[v] && !s.val[2 * v] && count[v])
				cand[ncand++] = (struct occurrence){ v, 1, count[v] };
		qsort(cand, (size_t)ncand, sizeof *cand, by_rank);
		for (int i = 0; i < ncand && i < batch; i++) {
			hubs[nhubs++] = cand[i].var;
			solver_assign(&s, 2 * cand[i].var + !model[cand[i].var]);
		}
		solver_propagate(&s);
	} while (ncand);
	solver_free(&s);
	free(cand);
	free(count);
	return nhubs;
}

/* f as a DIMACS CNF with the same projected count, and room for n unit clauses. */
static void base_cnf(const struct formula *f, struct dimacs_cnf *cnf, int n)
{
	memset(cnf, 0, sizeof *cnf);
	cnf->nvars = f->nvars;
	cnf->lits = xmalloc(((size_t)f->clauses.n + 2 * (size_t)n) * sizeof *cnf->lits);
	if (f->clauses.n)  /* preprocessing may leave none, and no array */
		memcpy(cnf->lits, f->clauses.a, (size_t)f->clauses.n * sizeof *cnf->lits);
	cnf->nlits = (size_t)f->clauses.n;
	cnf->projected = 1;
	cnf->show = xmalloc(((size_t)f->nvars + 1) * sizeof *cnf->show);
	for (int v = 1; v <= f->nvars; v++)
		if (f->projected[v] && !f->fixed[v])
			cnf->show[cnf->nshow++] = v;
}

/* The child's side of a round: count cnf, or with none the parent's formula as it is
 * preprocessed, counting at most work components (0: no limit); write the decimal count,
 * the components counted and the cache's figures for the bound on collisions to fd, exit 0
 * (EXIT_WORK_SPENT past the budget, 2 on trouble). */
static void count_in_child(const struct job *parent, const struct dimacs_cnf *cnf, long seconds,
			   uint64_t work, int fd)
{
	struct job j = { .opt = parent->opt };
	FILE *out = fdopen(fd, "w");

	j.opt.timeout = seconds;
	j.opt.verbose = 0;
	j.opt.work = (long)work;
	j.opt.max_width = -1;  /* the caller's question is about the whole formula */
	job_arm_timeout(seconds);
	if (cnf)
		job_preprocess(&j, cnf);
	else {
		j.f = parent->f;  /* the child's own copy, since fork() */
		j.stats.order_width_lower = parent->stats.order_width_lower;
	}
	job_run(&j);
	if (!out || mpz_out_str(out, 10, j.count) == 0 ||
	    fprintf(out, " %llu", (unsigned long long)j.stats.components) < 0 ||
	    cache_write_figures(out, &j.stats) < 0 || fclose(out))
		_exit(EXIT_TROUBLE);
	_exit(EXIT_OK);
}

/* How a round ended: counted; out of its work budget; stopped by the --timeout (the only
 * outcome that depends on the machine's speed); or failed otherwise (the memory cap). */
enum round_end { ROUND_COUNTED, ROUND_OVER_BUDGET, ROUND_OUT_OF_TIME, ROUND_FAILED };

/* Reads "count components pairs" from the child into count and round; 1 when all
 * are there. */
static int read_round(FILE *in, mpz_t count, struct stats *round)
{
	char *text = NULL, *space;
	size_t len = 0;
	unsigned long long components = 0;
	int used = 0, ok = in && getdelim(&text, &len, 0, in) > 0 && (space = strchr(text, ' ')) &&
		 sscanf(space, "%llu%n", &components, &used) == 1;

	*round = (struct stats){ .components = components };  /* the figures of this round only */
	if (ok && (ok = cache_read_figures(space + used, round))) {
		*space = 0;
		ok = mpz_set_str(count, text, 10) == 0;
	}
	free(text);
	return ok;
}

/* Counts cnf (NULL: j's formula) in a child process within seconds and work components (0:
 * no limit), setting count, and in round the components counted and the cache's figures,
 * when it is counted. */
static enum round_end count_round(const struct job *j, const struct dimacs_cnf *cnf, long seconds,
				  uint64_t work, mpz_t count, struct stats *round)
{
	int fds[2], status, ok;
	double started = kcount_now();
	FILE *in;
	pid_t parent = getpid(), pid;

	if (pipe(fds))
		util_die(EXIT_TROUBLE, "cannot make a pipe: %m");
	fflush(NULL);
	if ((pid = fork()) < 0)
		util_die(EXIT_TROUBLE, "cannot fork: %m");
	if (pid == 0) {
		/* a parent killed by its caller's timeout (kdiff, timeout(1)) takes the round along */
		if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != parent)
			_exit(EXIT_TROUBLE);
		close(fds[0]);
		if (!freopen("/dev/null", "w", stderr))
			_exit(EXIT_TROUBLE);
		count_in_child(j, cnf, seconds, work, fds[1]);
	}
	close(fds[1]);
	in = fdopen(fds[0], "r");
	ok = read_round(in, count, round);
	if (in)
		fclose(in);
	while (waitpid(pid, &status, 0) < 0)
		;
	if (WIFEXITED(status) && WEXITSTATUS(status) == EXIT_WORK_SPENT)
		return ROUND_OVER_BUDGET;
	if (ok && WIFEXITED(status) && WEXITSTATUS(status) == EXIT_OK)
		return ROUND_COUNTED;
	return kcount_now() - started >= (double)seconds ? ROUND_OUT_OF_TIME : ROUND_FAILED;
}

/* f with the first k hubs fixed to the model's values, into cnf (from base_cnf). */
static void fix_hubs(struct dimacs_cnf *cnf, const struct formula *f, const int *hubs,
		     const unsigned char *model, int k)
{
	cnf->nlits = (size_t)f->clauses.n;
	for (int i = 0; i < k; i++) {
		cnf->lits[cnf->nlits++] = model[hubs[i]] ? hubs[i] : -hubs[i];
		cnf->lits[cnf->nlits++] = 0;
	}
}

/* The next K to try: a quarter fewer while every round succeeds, then halfway between the
 * smallest that did and the largest that did not, until they are close; -1 to stop. */
static int next_k(int done, int failed)
{
	if (failed < 0)
		return done == 0 ? -1 : done < 4 ? 0 : done * 3 / 4;
	return done - failed > 1 + done / 32 ? (done + failed) / 2 : -1;
}

/* After a round: the next K (next_k), and when no round was counted, all the hubs fixed,
 * the round of least work, before giving up; -1 to stop. */
static int after_round(int done, int failed, int nhubs)
{
	int k = next_k(done < 0 ? nhubs : done, failed);

	return k < 0 && done < 0 && failed != nhubs ? nhubs : k;
}

/* The first K: the one asked for, or a quarter of the projected variables left free. */
static int first_k(const struct options *o, int nhubs)
{
	if (o->hubs < 0)
		return nhubs ? next_k(nhubs, -1) : 0;
	return o->hubs < nhubs ? (int)o->hubs : nhubs;
}

/* --max-width W: whether the formula's treewidth is surely above W (then the exact count
 * is not tried). */
static int too_wide(struct job *j)
{
	long width;

	if (j->opt.max_width < 0)
		return 0;
	width = job_width_lower(j);
	j->stats.order_width_lower = (uint64_t)width;  /* the exact count first need not seek it again */
	if (width <= j->opt.max_width)
		return 0;
	if (j->opt.verbose || (isatty(2) && !j->opt.quiet))
		fprintf(stderr, "c o bound: no exact count first: treewidth at least %ld above --max-width %ld\n",
			width, j->opt.max_width);
	/* in the output too, as without --lower-bound: why the answer is a bound (kcount-timed);
	 * flushed before the rounds fork */
	job_say_too_wide(&j->opt, width);
	return 1;
}

/* j's count is that of the round: so is the bound on collisions of its cache's keys. */
static void take_figures(struct job *j, const struct stats *round)
{
	j->stats.cache_pairs = round->cache_pairs;
}

/* --count-first S: the exact count, until S seconds after the start, from the formula
 * already preprocessed (a count that times out and a bound after it would preprocess
 * twice); 1 with j's count set, or 0. The one part of --lower-bound that time decides. */
static int count_first(struct job *j, double deadline)
{
	long seconds = (long)(deadline - j->opt.timeout + j->opt.count_first - kcount_now());
	struct stats round = { 0 };
	int counted;

	/* the width first: a preprocessing that used up S on a loaded machine must not turn
	 * "out of reach" into "not counted in time" */
	if (!j->opt.count_first || too_wide(j) || seconds < 1)
		return 0;
	counted = count_round(j, NULL, seconds, 0, j->count, &round) == ROUND_COUNTED;
	if (counted)
		take_figures(j, &round);
	if (j->opt.verbose || (isatty(2) && !j->opt.quiet))
		fprintf(stderr, "c o bound: the exact count first: %s in %ld s\n", counted ? "counted" : "not counted", seconds);
	return counted;
}

/* One line a round, under -v or on a terminal. */
static void report_round(const struct job *j, enum round_end end, int k, int nhubs, uint64_t work,
			 uint64_t components, const mpz_t count, double seconds)
{
	if (!j->opt.verbose && (j->opt.quiet || !isatty(2)))
		return;
	fprintf(stderr, "c o bound: %d of %d hubs fixed: ", k, nhubs);
	if (end == ROUND_COUNTED)
		fprintf(stderr, "10^%.2f, %llu components", kcount_log10(count), (unsigned long long)components);
	else if (end == ROUND_OVER_BUDGET)
		fprintf(stderr, "not counted within %llu components", (unsigned long long)work);
	else if (end == ROUND_OUT_OF_TIME)
		fprintf(stderr, "stopped by --timeout");
	else
		fprintf(stderr, "not counted (memory cap)");
	fprintf(stderr, " (%.1f s)\n", seconds);
}

/* The work of each round: --work, else BOUND_WORK, or with --hubs (one round) no limit.
 * BOUND_WORK: on 6.12 x86_64 the round with 400 hubs fixed counts 77,205 components, with
 * 387 fixed 480,225 (40 s), with 375 fixed 875,873 (76 s), about 12,000 a second on an AMD
 * EPYC core. 200,000 stops the schedule at 400 (10^4621.04, what the time-limited rounds
 * found on an idle machine) after four rounds not counted, of 8 to 17 s each: about 80 s
 * in all, preprocessing included, with room for a release somewhat harder than 6.12.
 * 500,000 would reach 387 (10^4622.95) in about 190 s. */
static uint64_t round_work(const struct options *o)
{
	if (o->work > 0)
		return (uint64_t)o->work;
	return o->hubs >= 0 ? 0 : BOUND_WORK;
}

/* Exit 2: no round was counted, for the reason the last one was not. */
static void no_bound(const struct options *o, enum round_end end, uint64_t work)
{
	if (end == ROUND_OVER_BUDGET)
		util_die(EXIT_TROUBLE, "no round counted within --work %llu components: no bound", (unsigned long long)work);
	if (end == ROUND_FAILED)
		util_die(EXIT_TROUBLE, "no round counted within the memory cap of %ld MiB: no bound", o->mem);
	util_die(EXIT_TROUBLE, "timeout after %ld s: no bound", o->timeout);
}

int bound_lower(struct job *j, struct ivec *fixed)
{
	double deadline = kcount_now() + alarm(0);  /* what is left of --timeout */
	int n, *order, nhubs, done = -1, failed = -1, one_round = j->opt.hubs >= 0, *hubs, cut = 0;
	uint64_t work = round_work(&j->opt);
	struct stats round = { 0 };
	enum round_end end = ROUND_OUT_OF_TIME;
	unsigned char *model;
	struct dimacs_cnf cnf;
	mpz_t count;

	mpz_init(j->count);
	fixed->n = 0;
	if (count_first(j, deadline))
		return 0;
	order = rank_variables(&j->f, &n);
	model = find_model(&j->f, order, n, &j->stats);
	if (!model) {
		free(order);
		return 0;
	}
	hubs = order;  /* the search order is done with: its array takes the hubs */
	nhubs = choose_hubs(&j->f, model, hubs, &j->stats);
	mpz_init(count);
	base_cnf(&j->f, &cnf, nhubs);
	/* Which rounds count depends on their work only; the time only ends them (cut). */
	for (int k = first_k(&j->opt, nhubs); k >= 0;
	     k = one_round ? -1 : after_round(done, failed, nhubs)) {
		double started = kcount_now();
		long seconds = (long)(deadline - started);
		if ((cut = seconds < 1))
			break;
		fix_hubs(&cnf, &j->f, hubs, model, k);
		end = count_round(j, &cnf, seconds, work, count, &round);
		report_round(j, end, k, nhubs, work, round.components, count, kcount_now() - started);
		if ((cut = end == ROUND_OUT_OF_TIME))
			break;
		if (end != ROUND_COUNTED)
			failed = k;
		else {
			mpz_set(j->count, count);
			take_figures(j, &round);
			done = k;
		}
	}
	for (int i = 0; i < done; i++)
		ivec_push(fixed, model[hubs[i]] ? hubs[i] : -hubs[i]);
	mpz_clear(count);
	free(cnf.lits);
	free(cnf.show);
	free(model);
	free(hubs);
	if (done < 0)
		no_bound(&j->opt, cut ? ROUND_OUT_OF_TIME : end, work);
	if (cut)
		util_warn("--timeout %ld s reached before the rounds were done: the bound is that of the "
			  "last round finished (%d hubs fixed), and a faster or less loaded machine may "
			  "find a better one", j->opt.timeout, done);
	return cut;
}
