/* preprocess: count-preserving simplification before the search: duplicate literals and
 * tautologies removed, unit clauses propagated to a fixpoint, failed literals negated,
 * satisfied clauses and false literals dropped. For counting (not sampling), the projection
 * then shrinks to the variables that the others do not define, subsumed clauses go and
 * variables outside the projection are eliminated by resolution (eliminate.c), and units are
 * propagated again; twice: first with the definitions that gates spell out (define.c), then,
 * on the smaller formula, with those that satisfiability checks find (padoa.c). Last,
 * up to three rounds drop the clauses that the others imply (vivify.c), which frees more
 * hidden variables for elimination. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kcount.h"
#include "util.h"

enum { PROBE_BUDGET = 50 * 1000 * 1000, VIVIFY_ROUNDS = 3, PADOA_PASSES = 2 };

static int by_var(const void *a, const void *b)
{
	int x = abs(*(const int *)a), y = abs(*(const int *)b);

	if (x != y)
		return x < y ? -1 : 1;
	return *(const int *)a - *(const int *)b;
}

/* Sorts the n literals of c by variable and removes duplicates; -1 for a tautology, else
 * the new length. */
static int normalize(int *c, int n)
{
	int m = 0;

	qsort(c, (size_t)n, sizeof *c, by_var);
	for (int i = 0; i < n; i++) {
		if (m && c[m - 1] == c[i])
			continue;
		if (m && c[m - 1] == -c[i])
			return -1;
		c[m++] = c[i];
	}
	return m;
}

static void mark_projection(struct formula *f, const struct dimacs_cnf *cnf)
{
	f->projected = xcalloc((size_t)f->nvars + 1, 1);
	for (int v = 1; v <= f->nvars; v++)
		f->projected[v] = !cnf->projected;
	for (int i = 0; i < cnf->nshow; i++)
		f->projected[cnf->show[i]] = 1;
}

/* Normalized clauses of two or more literals of lits[0..nlits) (each ended by 0) into
 * f->clauses, unit literals into units. */
static void collect(struct formula *f, const int *lits, size_t nlits, struct ivec *units)
{
	int *c = xmalloc((nlits + 1) * sizeof *c);
	size_t begin = 0;

	f->clauses.n = 0;
	for (size_t i = 0; i < nlits; i++) {
		if (lits[i])
			continue;
		int n = (int)(i - begin);
		memcpy(c, lits + begin, (size_t)n * sizeof *c);
		n = normalize(c, n);
		begin = i + 1;
		if (n == 0)
			f->unsat = 1;
		else if (n == 1)
			ivec_push(units, c[0]);
		else if (n > 1) {
			for (int j = 0; j < n; j++)
				ivec_push(&f->clauses, c[j]);
			ivec_push(&f->clauses, 0);
		}
	}
	free(c);
}

/* Keeps the clauses not satisfied by the fixed values, without their false literals. */
static void simplify(struct formula *f, const struct solver *s)
{
	int out = 0, begin = 0;

	for (int i = 0; i < f->clauses.n; i++) {
		int lit = f->clauses.a[i];
		if (lit) {
			f->clauses.a[out++] = lit;
			continue;
		}
		int sat = 0, keep = begin;
		for (int j = begin; j < out; j++) {
			int v = s->val[LIT(f->clauses.a[j])];
			sat |= v > 0;
			if (!v)
				f->clauses.a[keep++] = f->clauses.a[j];
		}
		out = sat ? begin : keep;
		if (!sat)
			f->clauses.a[out++] = 0;
		begin = out;
	}
	f->clauses.n = out;
}

/* 1 if assigning l at the root leads to a conflict (a failed literal); undoes it. When it
 * does not, stamps each literal it implies with epoch. */
static int fails(struct solver *s, int l, unsigned *implied, unsigned epoch)
{
	int mark = s->ntrail, bad;

	solver_assign(s, l);
	bad = !solver_propagate(s);
	for (int i = mark; i < s->ntrail && !bad; i++)
		implied[s->trail[i]] = epoch;
	solver_backtrack(s, mark);
	return bad;
}

/* Gives up after a budget of propagations (probing a long chain of implications is
 * quadratic). A literal that an earlier probe implied, with no root assignment since,
 * cannot fail (unit propagation is monotone: its consequences are among that probe's), so
 * it is not probed: the same literals fail, with half of coreboot's propagations. */
int probe(struct solver *s, struct stats *st, const volatile sig_atomic_t *stop)
{
	uint64_t budget = st->propagations + PROBE_BUDGET;
	unsigned *implied = xcalloc(2 * (size_t)s->nvars + 2, sizeof *implied), epoch = 1;
	int ok = 1;

	for (int v = 1; v <= s->nvars && st->propagations < budget && !*stop && ok; v++) {
		for (int l = 2 * v; l <= 2 * v + 1 && !s->val[l] && ok; l++) {
			if (!s->bins[NEG(l)].n || implied[l] == epoch || !fails(s, l, implied, epoch))
				continue;
			st->failed_literals++;
			epoch++;
			solver_assign(s, NEG(l));
			ok = solver_propagate(s);
		}
	}
	free(implied);
	return ok;
}

/* Propagates the units over f->clauses to a fixpoint, fixing their variables, then fixes
 * the negations of failed literals. */
static void fixpoint(struct formula *f, struct ivec *units, struct stats *st, const volatile sig_atomic_t *stop)
{
	struct solver s;

	solver_init(&s, f->nvars, f->clauses.a, (size_t)f->clauses.n, st);
	for (int i = 0; i < units->n && !f->unsat; i++) {
		int l = LIT(units->a[i]);
		if (s.val[l] < 0)
			f->unsat = 1;
		else if (!s.val[l])
			solver_assign(&s, l);
	}
	if (!f->unsat && (!solver_propagate(&s) || !probe(&s, st, stop)))
		f->unsat = 1;
	for (int i = 0; i < s.ntrail; i++)
		f->fixed[VAR(s.trail[i])] = s.trail[i] & 1 ? -1 : 1;
	st->preprocess_units += (uint64_t)s.ntrail;
	if (!f->unsat)
		simplify(f, &s);
	solver_free(&s);
	units->n = 0;
}

void formula_solver(const struct formula *f, struct solver *s, struct stats *st)
{
	solver_init(s, f->nvars, f->clauses.a, (size_t)f->clauses.n, st);
	memcpy(s->projected, f->projected, (size_t)f->nvars + 1);
	s->factors = f->factors;
	for (int v = 1; v <= f->nvars; v++)
		if (f->fixed[v])
			solver_assign(s, f->fixed[v] > 0 ? 2 * v : 2 * v + 1);
	s->qhead = s->ntrail;  /* the clauses are simplified: the fixed values imply nothing */
}

/* Lets the projected variables that gates define from the others leave the projection. */
static void shrink_projection(struct formula *f, struct stats *st)
{
	struct solver s;

	formula_solver(f, &s, st);
	st->unprojected += (uint64_t)define_support(&s, f->projected, f->defined);
	solver_free(&s);
}

/* Takes the clauses in raw as the formula's, and propagates their units. */
static void settle(struct formula *f, struct ivec *raw, struct ivec *units, struct stats *st,
		   const volatile sig_atomic_t *stop)
{
	collect(f, raw->a, (size_t)raw->n, units);
	fixpoint(f, units, st, stop);
}

/* Each round's eliminations bring resolvents that the next round finds implied. */
static void vivify_and_eliminate(struct formula *f, struct ivec *raw, struct ivec *units, struct stats *st,
				 int rounds, const volatile sig_atomic_t *stop)
{
	for (int round = 0; round < rounds && !f->unsat && !*stop; round++) {
		int changed = vivify(f, raw, st, stop);
		settle(f, raw, units, st, stop);
		if (!changed || f->unsat || *stop)
			break;
		eliminate_hidden(f, raw, st);
		settle(f, raw, units, st, stop);
	}
}

int preprocess(struct formula *f, const struct dimacs_cnf *cnf, enum simplify level, struct stats *st,
	       const volatile sig_atomic_t *stop)
{
	struct ivec units = { 0 }, raw = { 0 };
	int found = 0;

	memset(f, 0, sizeof *f);
	f->nvars = cnf->nvars;
	f->projection = cnf->projected;
	f->fixed = xcalloc((size_t)f->nvars + 1, 1);
	f->defined = xcalloc((size_t)f->nvars + 1, 1);
	f->origin = xmalloc(((size_t)f->nvars + 1) * sizeof *f->origin);
	for (int v = 0; v <= f->nvars; v++)
		f->origin[v] = v;
	mpz_init_set_ui(f->outside, 1);
	mark_projection(f, cnf);
	collect(f, cnf->lits, cnf->nlits, &units);
	fixpoint(f, &units, st, stop);
	if (level >= SIMPLIFY_GATES && !f->unsat && !*stop) {
		shrink_projection(f, st);
		eliminate_hidden(f, &raw, st);
		settle(f, &raw, &units, st, stop);
	}
	/* Vivification removes clauses that hid definitions from the local checks of padoa.c
	 * (a definition spelled through since-resolved variables, or beyond the check's
	 * neighbourhood), so shrinking the projection and simplifying alternate. */
	for (int pass = 0; pass < PADOA_PASSES && level == SIMPLIFY_FULL && !f->unsat && !*stop; pass++) {
		int defined = padoa_support(f, st, stop);
		found += defined;
		st->unprojected += (uint64_t)defined;
		eliminate_hidden(f, &raw, st);
		settle(f, &raw, &units, st, stop);
		/* the second pass changes little, so it vivifies once */
		vivify_and_eliminate(f, &raw, &units, st, pass ? 1 : VIVIFY_ROUNDS, stop);
	}
	ivec_free(&units);
	ivec_free(&raw);
	return found;
}

/* Renumbers the groups' variables by to, dropping those gone (to 0) and groups left empty. */
static void compact_groups(struct ivec *g, const int *to)
{
	int out = 0;

	for (int i = 0; i < g->n; i++) {
		int v = g->a[i] ? to[g->a[i]] : 0;
		if (v || (out && g->a[out - 1]))
			g->a[out++] = v;
	}
	g->n = out;
}

/* Renumbers the literal weights by to (the variables to m). */
static void compact_weights(struct formula *f, const int *to, int m)
{
	mpz_t *weight = xmalloc(2 * ((size_t)m + 1) * sizeof *weight);
	unsigned char *weighted = xcalloc((size_t)m + 1, 1);

	mpz_init_set_ui(weight[0], 1);
	mpz_init_set_ui(weight[1], 1);
	for (int v = 1; v <= f->nvars; v++)
		if (to[v]) {
			mpz_init_set(weight[2 * to[v]], f->weight[2 * v]);
			mpz_init_set(weight[2 * to[v] + 1], f->weight[2 * v + 1]);
			weighted[to[v]] = f->weighted[v];
		}
	for (int l = 0; l < 2 * (f->nvars + 1); l++)
		mpz_clear(f->weight[l]);
	free(f->weight);
	free(f->weighted);
	f->weight = weight;
	f->weighted = weighted;
}

int formula_compact(struct formula *f)
{
	int *to = xcalloc((size_t)f->nvars + 1, sizeof *to), m = 0, dropped = 0;
	unsigned char *projected, *defined;

	for (int i = 0; i < f->clauses.n; i++)
		if (f->clauses.a[i])
			to[abs(f->clauses.a[i])] = 1;
	for (int i = 0; f->factors && i < 2 * f->factors->n; i++)
		to[f->factors->ends[i]] = 1;
	projected = xcalloc((size_t)f->nvars + 1, 1);
	defined = xcalloc((size_t)f->nvars + 1, 1);
	for (int v = 1; v <= f->nvars; v++) {
		if (!to[v]) {
			dropped += f->projected[v] && !f->fixed[v];
			continue;
		}
		to[v] = ++m;
		f->origin[m] = f->origin[v];  /* m <= v: the old entry is read first */
		projected[m] = f->projected[v];
		defined[m] = f->defined[v];
	}
	for (int i = 0; i < f->clauses.n; i++) {
		int l = f->clauses.a[i];
		if (l)
			f->clauses.a[i] = l > 0 ? to[l] : -to[-l];
	}
	compact_groups(&f->groups, to);
	if (f->weight)
		compact_weights(f, to, m);
	if (f->factors)
		factors_renumber(f->factors, to, m);
	free(to);
	free(f->projected);
	free(f->defined);
	f->projected = projected;
	f->defined = defined;
	memset(f->fixed, 0, (size_t)f->nvars + 1);
	f->nvars = m;
	mpz_mul_2exp(f->outside, f->outside, (mp_bitcnt_t)dropped);
	return dropped;
}

void formula_shrink(struct formula *f, struct stats *st)
{
	if (f->unsat)
		return;
	formula_compact(f);
	if (pendants_fold(f, st))
		formula_compact(f);
}

static int clause_count(const struct formula *f)
{
	int n = f->unsat;

	for (int i = 0; i < f->clauses.n; i++)
		n += !f->clauses.a[i];
	return n;
}

static void write_clauses(const struct formula *f, FILE *out)
{
	for (int i = 0; i < f->clauses.n; i++)
		fprintf(out, f->clauses.a[i] ? "%d " : "0\n", f->clauses.a[i]);
}

void formula_write(const struct formula *f, FILE *out)
{
	fprintf(out, "c t pmc\np cnf %d %d\nc p show", f->nvars, clause_count(f));
	for (int v = 1; v <= f->nvars; v++)
		if (f->projected[v] && !f->fixed[v])
			fprintf(out, " %d", v);
	fprintf(out, " 0\n");
	if (f->unsat)
		fprintf(out, "0\n");
	write_clauses(f, out);
}

void formula_to_cnf(const struct formula *f, struct dimacs_cnf *cnf)
{
	struct ivec lits = { 0 }, show = { 0 };

	if (f->unsat || f->weight || f->factors)
		util_die(EXIT_TROUBLE, "internal error: formula_to_cnf of a formula without models, or folded");
	memset(cnf, 0, sizeof *cnf);
	cnf->nvars = f->nvars;
	cnf->projected = 1;
	for (int v = 1; v <= f->nvars; v++) {
		if (f->fixed[v]) {
			ivec_push(&lits, f->fixed[v] > 0 ? v : -v);
			ivec_push(&lits, 0);
		}
		if (f->projected[v])
			ivec_push(&show, v);
	}
	for (int i = 0; i < f->clauses.n; i++)
		ivec_push(&lits, f->clauses.a[i]);
	for (int i = 0; i < lits.n; i++)
		cnf->nclauses += !lits.a[i];
	cnf->lits = lits.a;
	cnf->nlits = (size_t)lits.n;
	cnf->show = show.a;
	cnf->nshow = show.n;
}

int formula_write_plain(struct formula *f, FILE *out, struct stats *st)
{
	int free_projected, undefined = 0;
	unsigned char *branchable;
	struct solver s;

	if (f->unsat) {
		fprintf(out, "c t mc\np cnf 0 1\n0\n");
		return 0;
	}
	free_projected = formula_compact(f);
	branchable = xcalloc((size_t)f->nvars + 1, 1);
	formula_solver(f, &s, st);
	define_branchable(&s, f->defined, branchable);
	solver_free(&s);
	for (int v = 1; v <= f->nvars; v++)
		undefined += !branchable[v];
	free(branchable);
	if (undefined)
		return undefined;
	fprintf(out, "c t mc\np cnf %d %d\n", f->nvars + free_projected, clause_count(f));
	write_clauses(f, out);
	return 0;
}

void formula_free(struct formula *f)
{
	ivec_free(&f->clauses);
	ivec_free(&f->groups);
	free(f->fixed);
	free(f->projected);
	free(f->defined);
	free(f->origin);
	mpz_clear(f->outside);
	if (f->weight)
		for (int l = 0; l < 2 * (f->nvars + 1); l++)
			mpz_clear(f->weight[l]);
	free(f->weight);
	free(f->weighted);
	factors_free(f->factors);
}
