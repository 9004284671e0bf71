/* kcount: exact model counter for DIMACS CNF (projected on `c p show` variables), with
 * output in the model-counting-competition form. Passes: read, preprocess, count or sample,
 * print. */
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kcount.h"
#include "util.h"

static volatile sig_atomic_t timed_out;

static void on_alarm(int sig)
{
	(void)sig;
	timed_out = 1;
}

double kcount_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

struct job {
	struct options opt;
	struct formula f;
	struct counter k;
	struct stats stats;
	mpz_t count;
};

static double log10_of(const mpz_t z)
{
	long exp;
	double d;

	if (mpz_sgn(z) == 0)
		return -HUGE_VAL;
	d = mpz_get_d_2exp(&exp, z);
	return log10(d) + (double)exp * log10(2.0);
}

static void print_result(const struct job *j)
{
	const struct options *o = &j->opt;

	if (o->quiet) {
		mpz_out_str(stdout, 10, j->count);
		putchar('\n');
	} else if (o->digits) {
		printf("%zu %.6f\n", mpz_sgn(j->count) ? mpz_sizeinbase(j->count, 10) : 1, log10_of(j->count));
	} else {
		printf("s %s\n", mpz_sgn(j->count) ? "SATISFIABLE" : "UNSATISFIABLE");
		printf("c s type %s\n", j->f.projection ? "pmc" : "mc");
		if (mpz_sgn(j->count))
			printf("c s log10-estimate %.6f\n", log10_of(j->count));
		else
			printf("c s log10-estimate -inf\n");
		printf("c s exact arb int ");
		mpz_out_str(stdout, 10, j->count);
		putchar('\n');
	}
}

static void *run(void *arg)
{
	struct job *j = arg;
	int counting = j->opt.sample < 0;  /* samples keep the input's variable numbers */
	int free_projected = counting && !j->f.unsat ? formula_compact(&j->f) : 0;

	counter_init(&j->k, &j->f, &j->opt, &j->stats, &timed_out);
	if (!counting)
		sample_models(&j->k, &j->f, j->opt.sample, (uint64_t)j->opt.seed);
	else {
		count_formula(&j->k, &j->f, j->count);
		mpz_mul_2exp(j->count, j->count, (mp_bitcnt_t)free_projected);
	}
	return NULL;
}

/* Runs the job on a thread with a large stack: the search recurses once per decision. */
static void run_with_big_stack(struct job *j)
{
	pthread_attr_t attr;
	pthread_t t;

	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, (size_t)1 << 30);
	if (pthread_create(&t, &attr, run, j) != 0)
		util_die(EXIT_TROUBLE, "cannot start the counting thread");
	pthread_join(t, NULL);
	pthread_attr_destroy(&attr);
}

static long default_mem_mib(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);

	if (pages <= 0 || size <= 0)
		return 4096;
	return (long)((double)pages * (double)size / 2 / 1048576.0);
}

int main(int argc, char **argv)
{
	struct job j = { 0 };
	struct dimacs_cnf cnf;

	util_progname = "kcount";
	options_parse(&j.opt, argc, argv);
	if (j.opt.plain && !j.opt.preprocess)
		util_die(EXIT_TROUBLE, "--plain goes with --preprocess (try 'kcount --help')");
	if (!j.opt.mem)
		j.opt.mem = default_mem_mib();
	if (j.opt.timeout) {
		signal(SIGALRM, on_alarm);
		alarm((unsigned)j.opt.timeout);
	}
	dimacs_load(j.opt.file, &cnf);
	preprocess(&j.f, &cnf, j.opt.sample < 0 && !j.opt.no_elim, &j.stats, &timed_out);
	dimacs_free(&cnf);
	if (timed_out)
		util_die(EXIT_TROUBLE, "timeout after %ld s: no count", j.opt.timeout);
	if (j.opt.preprocess) {
		int undefined = 0;
		if (j.opt.plain)
			undefined = formula_write_plain(&j.f, stdout, &j.stats);
		else
			formula_write(&j.f, stdout);
		if (undefined)
			util_die(EXIT_TROUBLE, "--plain: %d hidden variables are not functions of the shown ones, "
				 "so a plain count would differ: use the projected form", undefined);
		formula_free(&j.f);
		util_finish_stdout();
		return EXIT_OK;
	}
	mpz_init(j.count);
	run_with_big_stack(&j);
	if (j.opt.sample < 0)
		print_result(&j);
	if (j.opt.verbose)
		stats_report(&j.stats, kcount_now() - j.k.started, counter_peak(&j.k));
	counter_free(&j.k);
	formula_free(&j.f);
	mpz_clear(j.count);
	util_finish_stdout();
	return EXIT_OK;
}
