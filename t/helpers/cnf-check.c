/* cnf-check: test helper relating a kcnf CNF to .config files through its `c map` lines:
 * does a configuration satisfy the CNF (soundness), and the .config of each model kcount
 * samples (for the completeness check by the kernel).
 *
 *   cnf-check [--explain] CNF F.config...   SAT or UNSAT per file (exit 1 if any UNSAT)
 *   cnf-check --configs CNF MODELS DIR      DIR/model-K.config for the K-th `v` line of MODELS
 *
 * A check fixes every mapped variable from the file (a symbol missing from it is n),
 * unit-propagates, and searches the remaining (auxiliary, existential) variables with a
 * small DPLL (two watched literals, chronological backtracking). --explain names, for an
 * UNSAT file, the symbols whose freeing alone makes the CNF satisfiable.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../oracle/dotconfig_line.h"
#include "dimacs.h"
#include "util.h"

enum { UNSET = 0, TRUE = 1, FALSE = 2 };
enum { SAT, UNSAT, UNKNOWN };
#define DECISION_LIMIT 2000000L

/* a symbol of the c map lines: its y and m variables (0 when it has none) */
struct sym {
	char *name;
	int yvar, mvar;
};

struct checker {
	struct dimacs_cnf cnf;
	size_t *start;		/* first literal of each clause; start[nclauses] = end */
	int **watch;		/* per literal index: clauses watching it */
	int *nwatch, *capwatch;
	int *units;		/* literals of unit clauses */
	int nunits;
	int empty_clause;	/* the CNF has a clause with no literal */
	unsigned char *val;	/* per variable */
	int *trail;
	int ntrail, qhead;
	struct sym *syms;	/* sorted by name */
	int nsyms;
};

/* ---------------------------------------------------------------- loading */

static int lit_index(int lit)
{
	return lit > 0 ? 2 * lit : -2 * lit + 1;
}

static void add_watch(struct checker *k, int lit, int clause)
{
	int i = lit_index(lit);

	if (k->nwatch[i] == k->capwatch[i]) {
		k->capwatch[i] = k->capwatch[i] ? 2 * k->capwatch[i] : 4;
		k->watch[i] = xrealloc(k->watch[i], (size_t)k->capwatch[i] * sizeof(int));
	}
	k->watch[i][k->nwatch[i]++] = clause;
}

static void index_clauses(struct checker *k)
{
	int c = 0, n = 2 * k->cnf.nvars + 2;
	size_t begin = 0;

	k->start = xcalloc((size_t)k->cnf.nclauses + 1, sizeof(size_t));
	k->watch = xcalloc((size_t)n, sizeof(int *));
	k->nwatch = xcalloc((size_t)n, sizeof(int));
	k->capwatch = xcalloc((size_t)n, sizeof(int));
	k->units = xcalloc((size_t)k->cnf.nclauses + 1, sizeof(int));
	for (size_t i = 0; i < k->cnf.nlits; i++) {
		if (k->cnf.lits[i])
			continue;
		k->start[c] = begin;
		if (i - begin == 0)
			k->empty_clause = 1;
		else if (i - begin == 1)
			k->units[k->nunits++] = k->cnf.lits[begin];
		else {
			add_watch(k, k->cnf.lits[begin], c);
			add_watch(k, k->cnf.lits[begin + 1], c);
		}
		c++;
		begin = i + 1;
	}
	k->start[c] = begin;
}

static int sym_cmp(const void *a, const void *b)
{
	return strcmp(((const struct sym *)a)->name, ((const struct sym *)b)->name);
}

static struct sym *find_sym(const struct checker *k, const char *name)
{
	struct sym key = { (char *)name, 0, 0 };

	return bsearch(&key, k->syms, (size_t)k->nsyms, sizeof(*k->syms), sym_cmp);
}

/* `c map VAR SYMBOL y|m` lines, merged per symbol */
static void read_map(struct checker *k, const char *path)
{
	FILE *f = fopen(path, "r");
	char line[4096], name[1024], value[8];
	int var, cap = 0;

	if (!f)
		util_die(EXIT_TROUBLE, "cannot open '%s'", path);
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "c map ", 6) ||
		    sscanf(line + 6, "%d %1023s %7s", &var, name, value) != 3)
			continue;
		if (k->nsyms == cap) {
			cap = cap ? 2 * cap : 256;
			k->syms = xrealloc(k->syms, (size_t)cap * sizeof(*k->syms));
		}
		k->syms[k->nsyms++] = (struct sym){ xstrdup(name), !strcmp(value, "y") ? var : 0,
						    !strcmp(value, "m") ? var : 0 };
	}
	fclose(f);
	qsort(k->syms, (size_t)k->nsyms, sizeof(*k->syms), sym_cmp);
	int n = 0;
	for (int i = 0; i < k->nsyms; i++) {
		if (n && !strcmp(k->syms[n - 1].name, k->syms[i].name)) {
			k->syms[n - 1].yvar |= k->syms[i].yvar;
			k->syms[n - 1].mvar |= k->syms[i].mvar;
		} else {
			k->syms[n++] = k->syms[i];
		}
	}
	k->nsyms = n;
}

static void load(struct checker *k, const char *path)
{
	dimacs_load(path, &k->cnf);
	index_clauses(k);
	read_map(k, path);
	if (!k->nsyms && k->cnf.nvars)	/* a model without symbols has a CNF without variables */
		util_die(EXIT_REJECTED, "%s: no 'c map' lines", path);
	k->val = xcalloc((size_t)k->cnf.nvars + 1, 1);
	k->trail = xcalloc((size_t)k->cnf.nvars + 1, sizeof(int));
}

/* ---------------------------------------------------------------- search */

static int lit_value(const struct checker *k, int lit)
{
	int v = k->val[lit > 0 ? lit : -lit];

	if (v == UNSET)
		return UNSET;
	return (v == TRUE) == (lit > 0) ? TRUE : FALSE;
}

/* makes lit true; false on a conflict with its current value */
static int assign(struct checker *k, int lit)
{
	int v = lit_value(k, lit);

	if (v != UNSET)
		return v == TRUE;
	k->val[lit > 0 ? lit : -lit] = lit > 0 ? TRUE : FALSE;
	k->trail[k->ntrail++] = lit;
	return 1;
}

static void undo_to(struct checker *k, int pos)
{
	while (k->ntrail > pos) {
		int lit = k->trail[--k->ntrail];

		k->val[lit > 0 ? lit : -lit] = UNSET;
	}
	k->qhead = pos;
}

/* clause c watches `falsified`: find it another watch, or propagate its other watch;
 * returns -1 on a conflict, 1 when the watch moved, 0 when it stays */
static int visit(struct checker *k, int c, int falsified)
{
	int *lits = k->cnf.lits + k->start[c];
	int n = (int)(k->start[c + 1] - k->start[c]) - 1, t;

	if (lits[0] == falsified) {
		lits[0] = lits[1];
		lits[1] = falsified;
	}
	if (lit_value(k, lits[0]) == TRUE)
		return 0;
	for (int i = 2; i < n; i++)
		if (lit_value(k, lits[i]) != FALSE) {
			t = lits[1];
			lits[1] = lits[i];
			lits[i] = t;
			add_watch(k, lits[1], c);
			return 1;
		}
	return assign(k, lits[0]) ? 0 : -1;
}

static int propagate(struct checker *k)
{
	while (k->qhead < k->ntrail) {
		int falsified = -k->trail[k->qhead++], li = lit_index(falsified);

		for (int j = 0; j < k->nwatch[li];) {
			int r = visit(k, k->watch[li][j], falsified);

			if (r < 0)
				return 0;
			if (r > 0)
				k->watch[li][j] = k->watch[li][--k->nwatch[li]];
			else
				j++;
		}
	}
	return 1;
}

/* DPLL over the unassigned variables, from a propagated state */
static int search(struct checker *k)
{
	int *dec_pos = xcalloc((size_t)k->cnf.nvars + 1, sizeof(int));
	int *dec_lit = xcalloc((size_t)k->cnf.nvars + 1, sizeof(int));
	int ndec = 0, next = 1, result = UNKNOWN;
	long decisions = 0;

	for (;;) {
		if (!propagate(k)) {
			while (ndec && dec_lit[ndec - 1] < 0)
				ndec--;
			if (!ndec) {
				result = UNSAT;
				break;
			}
			undo_to(k, dec_pos[ndec - 1]);
			dec_lit[ndec - 1] = -dec_lit[ndec - 1];
			assign(k, dec_lit[ndec - 1]);
			next = 1;
			continue;
		}
		while (next <= k->cnf.nvars && k->val[next] != UNSET)
			next++;
		if (next > k->cnf.nvars) {
			result = SAT;
			break;
		}
		if (++decisions > DECISION_LIMIT)
			break;
		dec_pos[ndec] = k->ntrail;
		dec_lit[ndec++] = next;
		assign(k, next);
	}
	free(dec_pos);
	free(dec_lit);
	return result;
}

/* ---------------------------------------------------------------- configurations */

/* the value of every mapped symbol in FILE (n when absent); warns about unmapped ones */
static char *read_config(const struct checker *k, const char *file)
{
	FILE *f = fopen(file, "r");
	char *vals = xmalloc((size_t)k->nsyms + 1), line[4096], *name, v;

	if (!f)
		util_die(EXIT_TROUBLE, "cannot open '%s'", file);
	memset(vals, 'n', (size_t)k->nsyms);
	while (fgets(line, sizeof(line), f)) {
		struct sym *s;

		if (!(v = dotconfig_line(line, &name)))
			continue;
		if ((s = find_sym(k, name)))
			vals[s - k->syms] = v;
		else if (v != 'n')
			util_warn("%s: CONFIG_%s=%c has no variable in the CNF", file, name, v);
	}
	fclose(f);
	return vals;
}

/* fixes the variables of symbol i to value v ('?' leaves it free); false on a conflict */
static int fix_symbol(struct checker *k, int i, char v)
{
	const struct sym *s = &k->syms[i];

	if (v == '?')
		return 1;
	if ((v == 'y' && !s->yvar) || (v == 'm' && !s->mvar))
		return 0;
	if (s->yvar && !assign(k, v == 'y' ? s->yvar : -s->yvar))
		return 0;
	return !s->mvar || assign(k, v == 'm' ? s->mvar : -s->mvar);
}

static int check_values(struct checker *k, const char *vals)
{
	int result = UNSAT;

	undo_to(k, 0);
	if (k->empty_clause)
		return UNSAT;
	for (int i = 0; i < k->nunits; i++)
		if (!assign(k, k->units[i]))
			goto done;
	for (int i = 0; i < k->nsyms; i++)
		if (!fix_symbol(k, i, vals[i]))
			goto done;
	result = search(k);
done:
	undo_to(k, 0);
	return result;
}

/* the symbols whose value alone keeps an UNSAT file from satisfying the CNF */
static void explain(struct checker *k, char *vals)
{
	for (int i = 0; i < k->nsyms; i++) {
		char v = vals[i];

		vals[i] = '?';
		if (check_values(k, vals) == SAT)
			printf(" %s=%c", k->syms[i].name, v);
		vals[i] = v;
	}
}

static int check_files(struct checker *k, int n, char **files, int want_explain)
{
	static const char *const word[] = { "SAT", "UNSAT", "UNKNOWN" };
	int bad = 0;

	for (int i = 0; i < n; i++) {
		char *vals = read_config(k, files[i]);
		int r = check_values(k, vals);

		printf("%s %s", word[r], files[i]);
		if (r == UNSAT && want_explain)
			explain(k, vals);
		putchar('\n');
		bad |= r != SAT;
		free(vals);
	}
	return bad ? EXIT_REJECTED : EXIT_OK;
}

/* ---------------------------------------------------------------- models to .config */

static void write_config(const struct checker *k, const char *path, const unsigned char *truth)
{
	FILE *f = fopen(path, "w");

	if (!f)
		util_die(EXIT_TROUBLE, "cannot write '%s'", path);
	for (int i = 0; i < k->nsyms; i++) {
		const struct sym *s = &k->syms[i];

		if (s->yvar && truth[s->yvar])
			fprintf(f, "CONFIG_%s=y\n", s->name);
		else if (s->mvar && truth[s->mvar])
			fprintf(f, "CONFIG_%s=m\n", s->name);
		else
			fprintf(f, "# CONFIG_%s is not set\n", s->name);
	}
	if (fclose(f))
		util_die(EXIT_TROUBLE, "cannot write '%s'", path);
}

/* each `v LIT... 0` line of MODELS becomes DIR/model-K.config (K from 1) */
static int write_configs(struct checker *k, const char *models, const char *dir)
{
	FILE *f = fopen(models, "r");
	unsigned char *truth = xcalloc((size_t)k->cnf.nvars + 1, 1);
	int count = 0, lit;
	char word[32];

	if (!f)
		util_die(EXIT_TROUBLE, "cannot open '%s'", models);
	while (fscanf(f, "%31s", word) == 1) {
		if (strcmp(word, "v"))
			continue;
		memset(truth, 0, (size_t)k->cnf.nvars + 1);
		while (fscanf(f, "%d", &lit) == 1 && lit)
			if (abs(lit) <= k->cnf.nvars)
				truth[abs(lit)] = lit > 0;
		char *path = xasprintf("%s/model-%d.config", dir, ++count);
		write_config(k, path, truth);
		printf("%s\n", path);
		free(path);
	}
	fclose(f);
	free(truth);
	return count ? EXIT_OK : EXIT_REJECTED;
}

static void usage(int status)
{
	fprintf(status ? stderr : stdout,
		"usage: cnf-check [--explain] CNF F.config...\n"
		"       cnf-check --configs CNF MODELS DIR\n");
	exit(status);
}

int main(int argc, char **argv)
{
	struct checker k = { 0 };
	int status, explain_opt = argc > 1 && !strcmp(argv[1], "--explain");

	util_progname = "cnf-check";
	if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")))
		usage(EXIT_OK);
	if (argc == 5 && !strcmp(argv[1], "--configs")) {
		load(&k, argv[2]);
		status = write_configs(&k, argv[3], argv[4]);
	} else {
		if (argc < 3 + explain_opt)
			usage(EXIT_TROUBLE);
		load(&k, argv[1 + explain_opt]);
		status = check_files(&k, argc - 2 - explain_opt, argv + 2 + explain_opt, explain_opt);
	}
	util_finish_stdout();
	return status;
}
