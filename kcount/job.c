/* job: one count of a formula, from the DIMACS input to the number: preprocessing, then the
 * search on a thread with a large stack, under the timeout alarm. main.c runs one; bound.c
 * runs one per round, each in a child process. */
#include <pthread.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include "kcount.h"
#include "util.h"

volatile sig_atomic_t job_timed_out;

static void on_alarm(int sig)
{
	(void)sig;
	job_timed_out = 1;
}

double kcount_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

void job_arm_timeout(long seconds)
{
	job_timed_out = 0;
	if (seconds) {
		signal(SIGALRM, on_alarm);
		alarm((unsigned)seconds);
	}
}

void job_preprocess(struct job *j, const struct dimacs_cnf *cnf)
{
	preprocess(&j->f, cnf, j->opt.sample < 0 && !j->opt.no_elim, &j->stats, &job_timed_out);
	if (job_timed_out)
		util_die(EXIT_TROUBLE, "timeout after %ld s: no count", j->opt.timeout);
}

static void *run(void *arg)
{
	struct job *j = arg;
	int counting = j->opt.sample < 0;  /* samples keep the input's variable numbers */
	int free_projected = counting && !j->f.unsat ? formula_compact(&j->f) : 0;

	counter_init(&j->k, &j->f, &j->opt, &j->stats, &job_timed_out);
	if (!counting)
		sample_models(&j->k, &j->f, j->opt.sample, (uint64_t)j->opt.seed);
	else {
		count_formula(&j->k, &j->f, j->count);
		mpz_mul_2exp(j->count, j->count, (mp_bitcnt_t)free_projected);
	}
	return NULL;
}

/* The search recurses once per decision: a thread with a large stack. */
void job_run(struct job *j)
{
	pthread_attr_t attr;
	pthread_t t;

	mpz_init(j->count);
	j->searched = 1;
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, (size_t)1 << 30);
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
