/* eliminate: subsumption, and bounded variable elimination of the variables outside the
 * projection. Replacing the clauses of a hidden variable x by all their resolvents on x is
 * exact: the resolvents are equivalent to "exists x" of those clauses, so the set of
 * projected assignments that extend to a model stays the same. (A plain count has hidden
 * variables only where define.c found them defined by the others, so no models merge.) A
 * variable is eliminated only when its non-tautological resolvents are no more numerous
 * than the clauses they replace and none is long. Eliminated variables are in no clause
 * and hidden, so they count as factor 1. */
#include <stdlib.h>
#include <string.h>

#include "kcount.h"
#include "util.h"

enum { MAX_PRODUCT = 2000, MAX_RESOLVENT = 40, MAX_ROUNDS = 10 };

struct clauses {
	struct ivec *lits;        /* by clause: DIMACS literals */
	unsigned char *dead;
	int n, cap;
	struct ivec *occ;         /* by literal code: clauses containing it (dead ones too) */
	signed char *mark;        /* by variable: sign of the literal in the clause being built */
	unsigned char *gate;      /* by clause: part of the gate found for the variable eliminated */
	struct ivec resolvents;   /* candidate resolvents, each ended by 0 */
};

struct keyed {
	int occurrences, var;
};

static int by_occurrences(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;

	if (x->occurrences != y->occurrences)
		return x->occurrences < y->occurrences ? -1 : 1;
	return (x->var > y->var) - (x->var < y->var);
}

/* The sign db->mark records for the literal l. */
static signed char sign(int l)
{
	return l > 0 ? 1 : -1;
}

static void add_clause(struct clauses *db, const int *lits, int n)
{
	if (db->n == db->cap) {
		db->cap = db->cap ? 2 * db->cap : 1024;
		db->lits = xrealloc(db->lits, (size_t)db->cap * sizeof *db->lits);
		db->dead = xrealloc(db->dead, (size_t)db->cap);
		db->gate = xrealloc(db->gate, (size_t)db->cap);
	}
	db->gate[db->n] = 0;
	memset(&db->lits[db->n], 0, sizeof db->lits[db->n]);
	db->dead[db->n] = 0;
	for (int i = 0; i < n; i++) {
		ivec_push(&db->lits[db->n], lits[i]);
		ivec_push(&db->occ[LIT(lits[i])], db->n);
	}
	db->n++;
}

static void load(struct clauses *db, const struct formula *f)
{
	int begin = 0;

	db->occ = xcalloc(2 * (size_t)f->nvars + 2, sizeof *db->occ);
	db->mark = xcalloc((size_t)f->nvars + 1, 1);
	for (int i = 0; i < f->clauses.n; i++)
		if (!f->clauses.a[i]) {
			add_clause(db, f->clauses.a + begin, i - begin);
			begin = i + 1;
		}
}

/* The live clauses containing literal code l, compacted in place. */
static struct ivec *live(struct clauses *db, int l)
{
	struct ivec *o = &db->occ[l];
	int j = 0;

	for (int i = 0; i < o->n; i++)
		if (!db->dead[o->a[i]])
			o->a[j++] = o->a[i];
	o->n = j;
	return o;
}

/* Appends the resolvent of clauses p and q on x to db->resolvents unless it is a
 * tautology; returns 0 when it is too long. */
static int resolve(struct clauses *db, int p, int q, int x)
{
	const struct ivec *a = &db->lits[p], *b = &db->lits[q];
	int start = db->resolvents.n, taut = 0;

	for (int i = 0; i < a->n; i++)
		if (abs(a->a[i]) != x) {
			db->mark[abs(a->a[i])] = sign(a->a[i]);
			ivec_push(&db->resolvents, a->a[i]);
		}
	for (int i = 0; i < b->n; i++) {
		int v = abs(b->a[i]), s = sign(b->a[i]);
		if (v == x || db->mark[v] == s)
			continue;
		if (db->mark[v] == -s)
			taut = 1;
		ivec_push(&db->resolvents, b->a[i]);
	}
	for (int i = 0; i < a->n; i++)
		db->mark[abs(a->a[i])] = 0;
	if (taut)
		db->resolvents.n = start;
	else
		ivec_push(&db->resolvents, 0);
	return db->resolvents.n - start <= MAX_RESOLVENT + 1;
}

/* The resolvents on x into db->resolvents (with a gate, only those of a gate clause and
 * another one); returns their number, or -1 when there are more than limit or one is long. */
static int try_resolve(struct clauses *db, int x, const struct ivec *pos, const struct ivec *neg, int gate, int limit)
{
	int count = 0;

	db->resolvents.n = 0;
	for (int i = 0; i < pos->n; i++)
		for (int j = 0; j < neg->n; j++) {
			int before = db->resolvents.n;
			if (gate && db->gate[pos->a[i]] == db->gate[neg->a[j]])
				continue;
			if (!resolve(db, pos->a[i], neg->a[j], x))
				return -1;
			count += db->resolvents.n > before;
			if (count > limit)
				return -1;
		}
	return count;
}

/* The literal of the binary clause b other than l. */
static int other(const struct ivec *b, int l)
{
	return b->a[0] == l ? b->a[1] : b->a[0];
}

/* Marks (sign 1) or unmarks (0) in db->mark the literals m of the binary clauses (-g | m) of
 * in. */
static void mark_partners(struct clauses *db, int g, const struct ivec *in, int on)
{
	for (int i = 0; i < in->n; i++)
		if (db->lits[in->a[i]].n == 2) {
			int m = other(&db->lits[in->a[i]], -g);
			db->mark[abs(m)] = (signed char)(on ? sign(m) : 0);
		}
}

/* Marks the clauses of a gate g = AND(l1..lk) in db->gate: (g | -l1 | ... | -lk) from out
 * and the binary clauses (-g | li) from in; 1 if out has such a clause. */
static int mark_gate(struct clauses *db, int g, const struct ivec *out, const struct ivec *in)
{
	int gc = -1;

	mark_partners(db, g, in, 1);
	for (int i = 0; i < out->n && gc < 0; i++) {
		const struct ivec *c = &db->lits[out->a[i]];
		int all = 1;
		for (int j = 0; j < c->n && all; j++)
			all = c->a[j] == g || db->mark[abs(c->a[j])] == -sign(c->a[j]);
		if (all)
			gc = out->a[i];
	}
	mark_partners(db, g, in, 0);
	if (gc < 0)
		return 0;
	db->gate[gc] = 1;
	/* the binary clauses whose literal li is negated in the gate clause */
	const struct ivec *c = &db->lits[gc];
	for (int j = 0; j < c->n; j++)
		db->mark[abs(c->a[j])] = sign(c->a[j]);
	for (int i = 0; i < in->n; i++) {
		const struct ivec *b = &db->lits[in->a[i]];
		if (b->n == 2 && db->mark[abs(other(b, -g))] == -sign(other(b, -g)))
			db->gate[in->a[i]] = 1;
	}
	for (int j = 0; j < c->n; j++)
		db->mark[abs(c->a[j])] = 0;
	return 1;
}

static void clear_gate(struct clauses *db, const struct ivec *pos, const struct ivec *neg)
{
	for (int i = 0; i < pos->n; i++)
		db->gate[pos->a[i]] = 0;
	for (int i = 0; i < neg->n; i++)
		db->gate[neg->a[i]] = 0;
}

/* Eliminates x when that does not add clauses; 1 if it did. When x is the output of a gate,
 * only resolvents with one gate clause are needed: those of two other clauses follow from
 * them (the substitution of the gate's definition). */
static int try_eliminate(struct clauses *db, int x)
{
	struct ivec *pos = live(db, LIT(x)), *neg = live(db, LIT(-x));
	int limit = pos->n + neg->n, count = 0, begin = 0, gate;

	if ((long)pos->n * neg->n > MAX_PRODUCT)
		return 0;
	gate = mark_gate(db, x, pos, neg) || mark_gate(db, -x, neg, pos);
	count = try_resolve(db, x, pos, neg, gate, limit);
	clear_gate(db, pos, neg);
	if (count < 0)
		return 0;
	for (int i = 0; i < pos->n; i++)
		db->dead[pos->a[i]] = 1;
	for (int i = 0; i < neg->n; i++)
		db->dead[neg->a[i]] = 1;
	for (int i = 0; i < db->resolvents.n; i++)
		if (!db->resolvents.a[i]) {
			add_clause(db, db->resolvents.a + begin, i - begin);
			begin = i + 1;
		}
	return 1;
}

/* 1 if every literal of clause c is in the clause marked in db->mark. */
static int marked_subset(const struct clauses *db, int c)
{
	const struct ivec *a = &db->lits[c];

	for (int i = 0; i < a->n; i++)
		if (db->mark[abs(a->a[i])] != sign(a->a[i]))
			return 0;
	return 1;
}

/* Removes every live clause that contains another live clause (a subsumed clause adds no
 * constraint, but its being satisfied or not would split the cache's component keys). */
static void subsume(struct clauses *db, struct stats *st)
{
	for (int d = 0; d < db->n; d++) {
		const struct ivec *dl = &db->lits[d];
		if (db->dead[d])
			continue;
		for (int i = 0; i < dl->n; i++)
			db->mark[abs(dl->a[i])] = sign(dl->a[i]);
		/* A subset of d contains d's literal with the fewest occurrences. */
		int best = LIT(dl->a[0]);
		for (int i = 1; i < dl->n; i++)
			if (db->occ[LIT(dl->a[i])].n < db->occ[best].n)
				best = LIT(dl->a[i]);
		const struct ivec *o = live(db, best);
		for (int i = 0; i < o->n && !db->dead[d]; i++) {
			int c = o->a[i];
			if (c != d && db->lits[c].n <= dl->n && (db->lits[c].n < dl->n || c < d) &&
			    marked_subset(db, c)) {
				db->dead[d] = 1;
				st->subsumed++;
			}
		}
		for (int i = 0; i < dl->n; i++)
			db->mark[abs(dl->a[i])] = 0;
	}
}

static void store(struct clauses *db, struct ivec *raw)
{
	raw->n = 0;
	for (int c = 0; c < db->n; c++) {
		if (!db->dead[c]) {
			for (int i = 0; i < db->lits[c].n; i++)
				ivec_push(raw, db->lits[c].a[i]);
			ivec_push(raw, 0);
		}
		ivec_free(&db->lits[c]);
	}
}

static void db_free(struct clauses *db, int nvars)
{
	for (int l = 0; l < 2 * nvars + 2; l++)
		ivec_free(&db->occ[l]);
	free(db->occ);
	free(db->lits);
	free(db->dead);
	free(db->gate);
	free(db->mark);
	ivec_free(&db->resolvents);
}

/* The hidden free variables that occur in some clause, fewest occurrences first (cheap
 * eliminations first leave the expensive ones fewer clauses). */
static void candidates(struct clauses *db, const struct formula *f, struct ivec *out)
{
	struct keyed *k = xmalloc(((size_t)f->nvars + 1) * sizeof *k);
	int n = 0;

	for (int x = 1; x <= f->nvars; x++) {
		int occurrences = db->occ[LIT(x)].n + db->occ[LIT(-x)].n;
		if (!f->projected[x] && !f->fixed[x] && occurrences)
			k[n++] = (struct keyed){ occurrences, x };
	}
	qsort(k, (size_t)n, sizeof *k, by_occurrences);
	out->n = 0;
	for (int i = 0; i < n; i++)
		ivec_push(out, k[i].var);
	free(k);
}

void eliminate_hidden(struct formula *f, struct ivec *raw, struct stats *st)
{
	struct clauses db = { 0 };
	struct ivec order = { 0 };

	load(&db, f);
	subsume(&db, st);
	for (int round = 0; round < MAX_ROUNDS; round++) {
		uint64_t before = st->eliminated;
		candidates(&db, f, &order);
		for (int i = 0; i < order.n; i++) {
			int x = order.a[i];
			if ((db.occ[LIT(x)].n || db.occ[LIT(-x)].n) && try_eliminate(&db, x)) {
				st->eliminated++;
				db.occ[LIT(x)].n = db.occ[LIT(-x)].n = 0;
			}
		}
		if (st->eliminated == before)
			break;
	}
	subsume(&db, st);
	store(&db, raw);
	db_free(&db, f->nvars);
	ivec_free(&order);
}
