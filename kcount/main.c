/* kcount: exact model counter for DIMACS CNF (projected on `c p show` variables), with
 * output in the model-counting-competition form. Passes: read, preprocess, count (or a
 * lower bound, or samples), print. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "kcount.h"
#include "util.h"

/* fixed not empty: the count is a lower bound, that of the models with those literals; cut:
 * the --timeout safety stop ended its rounds early. */
static void print_result(const struct job *j, const struct ivec *fixed, int cut)
{
	const struct options *o = &j->opt;

	if (o->quiet) {
		mpz_out_str(stdout, 10, j->count);
		putchar('\n');
	} else if (o->digits) {
		printf("%zu %.6f\n", mpz_sgn(j->count) ? mpz_sizeinbase(j->count, 10) : 1, kcount_log10(j->count));
	} else {
		printf("s %s\n", mpz_sgn(j->count) ? "SATISFIABLE" : "UNSATISFIABLE");
		printf("c s type %s\n", j->f.projection ? "pmc" : "mc");
		if (cut)
			printf("c o lower bound cut short by --timeout %ld: the last round finished, "
			       "so another machine may find a better one\n", o->timeout);
		if (fixed->n) {
			printf("c o lower bound: the count of the models with the %d literals below\nc o fixed", fixed->n);
			for (int i = 0; i < fixed->n; i++)
				printf(" %d", fixed->a[i]);
			printf(" 0\n");
		}
		if (j->stats.cache_pairs)
			printf("c o cache: hashed keys; probability of any collision in this run at most %.1e\n",
			       cache_collision_bound(&j->stats));
		if (mpz_sgn(j->count))
			printf("c s log10-%s %.6f\n", fixed->n ? "lower-bound" : "estimate", kcount_log10(j->count));
		else
			printf("c s log10-estimate -inf\n");
		printf("c s %s arb int ", fixed->n ? "lower-bound" : "exact");
		mpz_out_str(stdout, 10, j->count);
		putchar('\n');
	}
}

static long default_mem_mib(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);

	if (pages <= 0 || size <= 0)
		return 4096;
	return (long)((double)pages * (double)size / 2 / 1048576.0);
}

/* --preprocess: the simplified formula instead of a count. */
static void write_preprocessed(struct job *j)
{
	int undefined = 0;

	if (j->opt.plain)
		undefined = formula_write_plain(&j->f, stdout, &j->stats);
	else
		formula_write(&j->f, stdout);
	if (undefined)
		util_die(EXIT_TROUBLE, "--plain: %d hidden variables are not functions of the shown ones, "
			 "so a plain count would differ: use the projected form", undefined);
	formula_free(&j->f);
	util_finish_stdout();
}

int main(int argc, char **argv)
{
	struct job j = { 0 };
	struct dimacs_cnf cnf;
	struct ivec fixed = { 0 };
	int cut = 0;
	double started = kcount_now();

	util_progname = "kcount";
	options_parse(&j.opt, argc, argv);
	if (j.opt.plain && !j.opt.preprocess)
		util_die(EXIT_TROUBLE, "--plain goes with --preprocess (try 'kcount --help')");
	if (j.opt.lower_bound && (j.opt.preprocess || j.opt.sample >= 0))
		util_die(EXIT_TROUBLE, "--lower-bound goes with neither --preprocess nor --sample");
	if ((j.opt.hubs >= 0 || j.opt.count_first || j.opt.work >= 0) && !j.opt.lower_bound)
		util_die(EXIT_TROUBLE, "--hubs, --work and --count-first go with --lower-bound (try 'kcount --help')");
	if (j.opt.work == 0)
		util_die(EXIT_TROUBLE, "--work wants at least 1 component");
	if (j.opt.checkpoint && (j.opt.lower_bound || j.opt.preprocess || j.opt.sample >= 0))
		util_die(EXIT_TROUBLE, "--checkpoint goes with none of --lower-bound, --preprocess and --sample");
	if (j.opt.max_width >= 0 && (j.opt.preprocess || j.opt.sample >= 0))
		util_die(EXIT_TROUBLE, "--max-width goes with neither --preprocess nor --sample");
	if (!j.opt.mem)
		j.opt.mem = default_mem_mib();
	if (j.opt.lower_bound && !j.opt.timeout)
		j.opt.timeout = BOUND_TIMEOUT;
	job_arm_timeout(j.opt.timeout);
	dimacs_load(j.opt.file, &cnf);
	job_preprocess(&j, &cnf);
	j.input = &cnf;  /* for cubes counted afresh (cubes.c) */
	if (j.opt.preprocess) {
		write_preprocessed(&j);
		dimacs_free(&cnf);
		return EXIT_OK;
	}
	if (j.opt.lower_bound)
		cut = bound_lower(&j, &fixed);
	else
		job_run(&j);
	if (j.opt.sample < 0)
		print_result(&j, &fixed, cut);
	if (j.opt.verbose && !j.opt.lower_bound)
		stats_report(&j.stats, kcount_now() - (j.searched ? j.k.started : started), j.searched ? counter_peak(&j.k) : 0);
	job_free(&j);
	dimacs_free(&cnf);
	ivec_free(&fixed);
	util_finish_stdout();
	return EXIT_OK;
}
