/* job: one count of a formula, from the DIMACS input to the number: preprocessing, then the
 * search on a thread with a large stack, under the timeout alarm. main.c runs one; bound.c
 * runs one per round, each in a child process. */
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kcount.h"
#include "util.h"

volatile sig_atomic_t job_timed_out;

/* Set from the alarm's arming until the search starts: reading the input and parts of
 * preprocessing run long without looking at job_timed_out, so there the alarm ends the
 * process itself, with util_die's message (written ahead, as a handler may not format). */
static volatile sig_atomic_t before_search;
static char timeout_message[96];

static void on_alarm(int sig)
{
	(void)sig;
	job_timed_out = 1;
	if (before_search) {
		ssize_t ignored = write(2, timeout_message, strlen(timeout_message));
		(void)ignored;
		_exit(EXIT_TROUBLE);
	}
}

double kcount_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

double kcount_log10(const mpz_t z)
{
	long exp;
	double d;

	if (mpz_sgn(z) == 0)
		return -HUGE_VAL;
	d = mpz_get_d_2exp(&exp, z);
	return log10(d) + (double)exp * log10(2.0);
}

/* A lower bound on the treewidth of j's formula, as preprocessed: --max-width decides on it. */
long job_width_lower(struct job *j)
{
	struct solver s;
	long width;

	formula_solver(&j->f, &s, &j->stats);
	width = order_width_lower(&s);
	solver_free(&s);
	return width;
}

void job_say_too_wide(const struct options *o, long width)
{
	if (!o->quiet && !o->digits)
		printf("c o not counted: treewidth at least %ld above --max-width %ld\n", width, o->max_width);
	fflush(stdout);
}

void job_arm_timeout(long seconds)
{
	job_timed_out = 0;
	if (seconds) {
		snprintf(timeout_message, sizeof timeout_message, "%s: timeout after %ld s: no count\n",
			 util_progname, seconds);
		before_search = 1;
		signal(SIGALRM, on_alarm);
		alarm((unsigned)seconds);
	}
}

/* What preprocessing takes at least, per variable and per literal (measured: about 87 bytes
 * a variable for a formula without clauses): a cap below it is refused before it is spent. */
enum { BYTES_PER_VAR = 64, BYTES_PER_LIT = 32 };

void job_preprocess(struct job *j, const struct dimacs_cnf *cnf)
{
	double need = (double)cnf->nvars * BYTES_PER_VAR + (double)cnf->nlits * BYTES_PER_LIT;

	if (need > (double)j->opt.mem * 1048576.0)
		util_die(EXIT_TROUBLE, "memory cap of %ld MiB too small for %d variables and %zu literals (%.0f MiB at least)",
			 j->opt.mem, cnf->nvars, cnf->nlits, need / 1048576.0);
	preprocess(&j->f, cnf, j->opt.sample < 0 && !j->opt.no_elim ? SIMPLIFY_FULL : SIMPLIFY_UNITS, &j->stats,
		   &job_timed_out);
	if (!job_timed_out)
		groups_check_marks(&j->f, cnf, &j->stats, (int)j->opt.verbose);
	before_search = 0;
	if (job_timed_out)
		util_die(EXIT_TROUBLE, "timeout after %ld s: no count", j->opt.timeout);
}

static void *run(void *arg)
{
	struct job *j = arg;
	int counting = j->opt.sample < 0;  /* samples keep the input's variable numbers */

	if (counting)
		formula_shrink(&j->f, &j->stats);
	counter_init(&j->k, &j->f, &j->opt, &j->stats, &job_timed_out, NULL);
	j->k.input = j->input;
	if (!counting)
		sample_models(&j->k, &j->f, j->opt.sample, (uint64_t)j->opt.seed);
	else {
		count_formula(&j->k, &j->f, j->count);
		mpz_mul(j->count, j->count, j->f.outside);
	}
	return NULL;
}

/* The search on a thread of its own, for a stack of SEARCH_STACK. */
void job_run(struct job *j)
{
	pthread_attr_t attr;
	pthread_t t;

	before_search = 0;  /* the search looks at job_timed_out itself */
	mpz_init(j->count);
	j->searched = 1;
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, SEARCH_STACK);
	if (pthread_create(&t, &attr, run, j) != 0)
		util_die(EXIT_TROUBLE, "cannot start the counting thread");
	pthread_join(t, NULL);
	pthread_attr_destroy(&attr);
}

void job_free(struct job *j)
{
	if (j->searched)
		counter_free(&j->k);
	formula_free(&j->f);
	mpz_clear(j->count);
}
