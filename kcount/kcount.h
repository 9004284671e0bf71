/* kcount: private header of the exact (projected) model counter, in sections by file. */
#ifndef KC_KCOUNT_H
#define KC_KCOUNT_H

#include <gmp.h>
#include <pthread.h>
#include <stdio.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "dimacs.h"

/* ---- vec.c: growable int vectors ---- */
struct ivec {
	int *a;
	int n, cap;
};
void ivec_reserve(struct ivec *v, int n);
/* Inline: preprocessing pushes every literal it copies, and a call per push was 8% of it. */
static inline void ivec_push(struct ivec *v, int x)
{
	if (v->n == v->cap)
		ivec_reserve(v, v->n + 1);
	v->a[v->n++] = x;
}
void ivec_free(struct ivec *v);
size_t ivec_bytes(const struct ivec *v);

/* ---- options.c: the option table generates the parser, --help and the settings ---- */
/* --lower-bound's defaults: each round's work in components counted, and the safety stop in
 * seconds (see bound.c for why these numbers). */
#define BOUND_WORK 200000
#define BOUND_TIMEOUT 600
/* --afresh-cost's default, in millions: an order of a search of minutes or more (see
 * cubes.c). */
#define AFRESH_COST 1000
/* --probe's default: a first cube that takes more components shows the search costly
 * (Knüppel's 2.6.33.3: 3.26M; the kernel's rung of 35 fixed, whole, 662K). */
#define PROBE_COMPONENTS 1000000
#define KC_STR_(x) #x
#define KC_STR(x) KC_STR_(x)
/* X(field, short, long name, argument name or NULL, help) */
#define KCOUNT_OPTIONS(X) \
	X(quiet, 'q', "quiet", NULL, "print only the exact count") \
	X(digits, 0, "digits", NULL, "print the count's number of decimal digits and its log10") \
	X(sample, 0, "sample", "N", "print N models (random decisions, not uniform) as 'v' lines") \
	X(seed, 0, "seed", "S", "random seed for --sample (default 1)") \
	X(mem, 0, "mem", "MB", "memory cap in MiB (default: half the physical memory)") \
	X(timeout, 0, "timeout", "S", "give up after S seconds (exit 2, no count)") \
	X(max_width, 0, "max-width", "W", "give up at once (exit 2) when the treewidth is surely above W") \
	X(lower_bound, 0, "lower-bound", NULL, "a certified lower bound for a count out of reach (--timeout: default " KC_STR(BOUND_TIMEOUT) ", a safety stop)") \
	X(work, 0, "work", "N", "with --lower-bound: count at most N components a round (default " KC_STR(BOUND_WORK) "): the same bound on any machine") \
	X(hubs, 0, "hubs", "K", "with --lower-bound: fix exactly K hubs, in one round (no --work limit unless given)") \
	X(count_first, 0, "count-first", "S", "with --lower-bound: first the exact count, for S of the --timeout seconds") \
	X(exact_keys, 0, "exact-keys", NULL, "keep each cached component's whole key: a wrong count is impossible, entries are larger") \
	X(no_elim, 0, "no-elim", NULL, "no projection shrinking, clause removal or elimination by resolution") \
	X(dissect, 0, "dissect", NULL, "branch by a nested dissection (balanced flow cuts), not the cheapest greedy elimination") \
	X(split_width, 0, "split-width", "W", "above this order width, split on a group whose cases are narrower (default 100)") \
	X(jobs, 0, "jobs", "N", "processes counting the cases of a split, of --mem/N MiB each, or threads counting cubes (default 2)") \
	X(cube_width, 0, "cube-width", "W", "above this order width, --jobs threads count the cubes of the first variables, sharing the cache (default 16)") \
	X(afresh_cost, 0, "afresh-cost", "M", "above an order cost of M million (-v: order_cost), each cube is preprocessed afresh and split on its hubs, sharing no cache (default " KC_STR(AFRESH_COST) ", if the first cube takes more than --probe components)") \
	X(probe, 0, "probe", "N", "under the default --afresh-cost, the components the first cube may take before the cubes left are counted afresh (default " KC_STR(PROBE_COMPONENTS) ")") \
	X(checkpoint, 0, "checkpoint", "FILE", "record each cube's count in FILE as it finishes, and count only the cubes FILE lacks") \
	X(preprocess, 0, "preprocess", NULL, "print the preprocessed formula (DIMACS, same count) instead of counting") \
	X(plain, 0, "plain", NULL, "with --preprocess: a plain CNF (no projection) with the same count, for plain counters") \
	X(verbose, 'v', "verbose", NULL, "progress and statistics on standard error") \
	X(help, 'h', "help", NULL, "print this help and exit") \
	X(version, 0, "version", NULL, "print the version and exit")

struct options {
#define KC_OPT_FIELD(field, s, l, arg, h) long field;
	KCOUNT_OPTIONS(KC_OPT_FIELD)
#undef KC_OPT_FIELD
	const char *file;
	const char *checkpoint_path;  /* --checkpoint's FILE */
};
/* Parses argv (exits 2 on a usage error, 0 after --help/--version). */
void options_parse(struct options *o, int argc, char **argv);

/* ---- stats.c: the statistics table generates the counters and the -v report ---- */
#define KCOUNT_STATS(X) \
	X(decisions, "branching decisions") \
	X(propagations, "literals assigned by propagation") \
	X(conflicts, "conflicts") \
	X(components, "components counted") \
	X(cache_hits, "component cache hits") \
	X(cache_stores, "component cache stores") \
	X(cache_evictions, "cache entries evicted under the memory cap") \
	X(cache_pairs, "hashed keys: entries held at each lookup, summed (the pairs that could collide)") \
	X(sat_checks, "satisfiability checks of projection-free components") \
	X(preprocess_units, "variables fixed by preprocessing") \
	X(failed_literals, "failed literals found by probing") \
	X(padoa_checks, "definability checks by satisfiability") \
	X(unprojected, "projected variables defined by the others (left the projection)") \
	X(eliminated, "hidden variables eliminated by resolution") \
	X(subsumed, "clauses removed as supersets of others") \
	X(vivified, "clauses removed or shortened as implied by the others") \
	X(pendants, "variables whose clauses hold one or two others, folded into weights and factors (pendant.c)") \
	X(factors, "two-variable factors that folding left (pendant.c)") \
	X(defined, "hidden variables that are functions of the projected ones (branched on)") \
	X(order_width, "largest degree at elimination (with no hubs, a bound on the treewidth)") \
	X(order_hubs, "variables still above the degree cap, branched on first by degree") \
	X(order_cost, "the costliest order's bag assignments (sum of 2^degree, and 2^hubs): roughly the most components a search counts") \
	X(dissect_cuts, "separators of the nested dissections (--dissect), all orders together") \
	X(groups_marked, "group marks (c kcnf exactly-one) checked and used") \
	X(marks_ignored, "group marks ignored: malformed, or not implied by the clauses") \
	X(groups_found, "at-most-one groups found in pairwise binary clauses") \
	X(group_members, "variables in the groups, for a split (split.c)") \
	X(order_width_lower, "a lower bound on the treewidth (minor-min-width): the search grows as 2^width") \
	X(groups_merged, "groups joined into another, their union shown at most one (for a split)") \
	X(split_cases, "cases of the splits on groups (split.c): all of them in one process, the first split's with --jobs above 1") \
	X(split_width, "the widest order among the sampled cases of the groups split on") \
	X(cube_cases, "cubes of the first variables, counted by --jobs threads sharing the cache (cubes.c)") \
	X(hub_splits, "cubes counted afresh, or their cases, split on a hub (afresh.c)") \
	X(cubes_resumed, "cubes whose counts the --checkpoint file held, not searched again") \
	X(max_depth, "deepest decision level")

struct stats {
#define KC_STAT_FIELD(field, h) uint64_t field;
	KCOUNT_STATS(KC_STAT_FIELD)
#undef KC_STAT_FIELD
	double search_done;       /* share of the search tree (of the case, under a split)
				   * finished: each branch half of its component's share, each
				   * component a part of its parent's by its variables */
};
void stats_report(const struct stats *s, double seconds, size_t peak_bytes);
/* Adds the search figures of from (another thread's, or a case's) to to's. */
void stats_add_search(struct stats *to, const struct stats *from);

/* ---- factor.c: two-variable factors left by folding (pendant.c) ---- */
struct factors {
	int n;
	int *ends;                /* factor i: its variables ends[2i] < ends[2i + 1] */
	mpz_t *table;             /* factor i: its entries at FACTOR_ENTRY(i, ...) */
	int *at, *ids;            /* by variable v: its factors ids[at[v]..at[v + 1]) */
};
/* Factor i's entry for the value va of its first variable and vb of its second. */
#define FACTOR_ENTRY(i, va, vb) (4 * (i) + 2 * (va) + (vb))
/* n factors, their ends and tables to be set, then indexed. */
struct factors *factors_new(int n);
void factors_index(struct factors *fa, int nvars);
/* Renumbers the variables v of the factors to to[v] (of 1..nvars), and indexes them again. */
void factors_renumber(struct factors *fa, const int *to, int nvars);
void factors_free(struct factors *fa);

/* ---- solver.c: assignment, trail and unit propagation with watched literals ---- */
/* Literal codes: 2*var for the positive, 2*var+1 for the negative literal. */
#define LIT(dimacs) ((dimacs) > 0 ? 2 * (dimacs) : -2 * (dimacs) + 1)
#define VAR(l) ((l) >> 1)
#define NEG(l) ((l) ^ 1)
#define DIMACS(l) ((l) & 1 ? -VAR(l) : VAR(l))

/* Why a variable has its value: REASON_NONE (decision or fixed), a clause id >= 0, or
 * REASON_BIN(f): the binary clause (f or the variable's literal) with f false. */
#define REASON_NONE (-1)
#define REASON_BIN(f) (-2 - (f))
#define REASON_BIN_LIT(r) (-2 - (r))

struct solver {
	int nvars;
	int var_cap;            /* the variables its arrays have room for */
	int nlong;              /* original clauses of three or more literals: ids 0..nlong-1 */
	int nclauses;           /* all clauses in lits, learned ones (ids >= nlong) included */
	int *lits;              /* clause c: len[c] literals at lits[start[c]] */
	int *start, *len;
	int nlits, lits_cap, clause_cap;
	struct ivec *bins;      /* by literal l: the other literals of binary clauses with l */
	struct ivec *watches;   /* by literal l: clauses watching l */
	struct ivec *occ;       /* by variable: original long clauses containing it */
	struct ivec learned_watched; /* literals whose watch lists hold learned clauses */
	signed char *val;       /* by literal: 1 true, -1 false, 0 unassigned */
	unsigned char *projected; /* by variable */
	int *level, *reason;    /* by variable */
	unsigned char *seen;    /* by variable, all zero between conflict analyses */
	unsigned char *phase;   /* by variable: 1 for the literal it last had, or was given */
	int dlevel;             /* current decision level of a satisfiability search */
	int conflict;           /* after a conflict: its clause as a reason code */
	int conflict_lit;       /* for a binary conflict: the second false literal */
	int *trail;
	int ntrail, qhead;
	struct stats *stats;
	const struct factors *factors; /* the formula's (pendant.c), or NULL: edges of its graph */
};
/* Builds a solver over the clauses (each ended by 0, literals in DIMACS form, no duplicate
 * literals, no tautologies, at least two literals). */
void solver_init(struct solver *s, int nvars, const int *clauses, size_t nlits, struct stats *st);
/* The same over new clauses, reusing s's memory: for many small formulas in a row. */
void solver_reload(struct solver *s, int nvars, const int *clauses, size_t nlits);
void solver_free(struct solver *s);
/* Assigns a decision (or fixed) literal at the current decision level. */
void solver_assign(struct solver *s, int lit);
void solver_imply(struct solver *s, int lit, int reason);
/* Propagates the pending assignments; 0 on a conflict. */
int solver_propagate(struct solver *s);
void solver_backtrack(struct solver *s, int ntrail);
/* Adds a learned clause (lits[0] is the literal it asserts), watched on lits[0] and lits[1]. */
int solver_learn(struct solver *s, const int *lits, int n);
/* Removes every learned clause. */
void solver_forget(struct solver *s);
size_t solver_bytes(const struct solver *s);

/* ---- define.c: variables defined by gates over others ---- */
/* Clears projected[v] and sets defined[v] for each projected variable that is a function
 * (through gates) of the projected variables it keeps; returns how many it cleared. */
int define_support(const struct solver *s, unsigned char *projected, unsigned char *defined);
/* branchable[v]: projected, defined (known to be a function of the projected variables),
 * or a gate output over branchable variables; returns the number of those not projected
 * that are free and in some clause. */
int define_branchable(const struct solver *s, const unsigned char *defined, unsigned char *branchable);

/* ---- dissect.c: levels of a nested dissection, for order.c ---- */
/* level[v] for each node v of the graph of nnodes nodes and sorted neighbour lists adj: the
 * depth of the separator, or of the uncut part, that holds it (deeper ones are eliminated
 * first); 0 for a node without edges. seed picks where the cuts start. Returns the number
 * of separators. */
int dissect_levels(int nnodes, const struct ivec *adj, unsigned seed, int *level);

/* ---- order.c: branching ranks from an approximate tree decomposition ---- */
/* rank[v] for every variable: higher ranks are branched on first; by nested dissection when
 * dissect is set (--dissect), else the cheapest of several greedy eliminations. Once *stop
 * is set, the orders left untried are skipped. */
void order_rank(const struct solver *s, int dissect, int *rank, const volatile sig_atomic_t *stop);
/* A lower bound on the treewidth of the same graph (minor-min-width). */
int order_width_lower(const struct solver *s);
/* The width of one min-degree elimination (no tie-breaks, no lower bound): a quick measure. */
int order_width(const struct solver *s);
/* The free variable of branchable[] with the most neighbours in the same graph (ties: the
 * lowest), or 0 when none has one. */
int order_hub(const struct solver *s, const unsigned char *branchable);

/* ---- preprocess.c: count-preserving simplification before the search ---- */
struct formula {
	int nvars;
	int unsat;              /* an empty clause was found */
	struct ivec clauses;    /* simplified clauses, each ended by 0 */
	signed char *fixed;     /* by variable: 1/-1 value fixed by preprocessing, 0 free */
	unsigned char *projected;
	unsigned char *defined;   /* by variable: a function of the projected variables */
	int projection;         /* the input asked for a projected count */
	struct ivec groups;     /* checked at-most-one marks (groups.c): variables, each group ended by 0 */
	mpz_t *weight;          /* by literal code: its factor in a model (pendant.c), or NULL: all 1 */
	unsigned char *weighted; /* by variable: a weight of its literals is not 1 */
	struct factors *factors;  /* two-variable factors (pendant.c), or NULL */
	int *origin;            /* by variable: its number in the input (formula_compact renumbers) */
	mpz_t outside;          /* the factor of the projected variables no longer in f (free, or
				 * folded into nothing): the input's count is f's times it */
};
/* How far preprocess goes: propagation and failed literals only (sampling, --no-elim); also
 * gate definitions and the elimination of variables outside the projection; also the
 * satisfiability checks of padoa.c and vivification, which a formula whose checks found
 * nothing gains little from again after a literal more (afresh.c). */
enum simplify { SIMPLIFY_UNITS, SIMPLIFY_GATES, SIMPLIFY_FULL };
/* Returns the number of projected variables the satisfiability checks found defined. Once
 * *stop is set (the timeout), probing and the satisfiability checks end early and the later
 * steps are skipped: the caller gives up. */
int preprocess(struct formula *f, const struct dimacs_cnf *cnf, enum simplify level, struct stats *st,
	       const volatile sig_atomic_t *stop);
/* Fixes the negation of every failed literal of s under its current assignment; 0 when
 * that fails. */
int probe(struct solver *s, struct stats *st, const volatile sig_atomic_t *stop);
/* Builds a solver over f's clauses, with f's projection and fixed values assigned. */
void formula_solver(const struct formula *f, struct solver *s, struct stats *st);
/* Renumbers the variables that occur in f's clauses or factors to 1..m in the same order,
 * dropping the others (fixed ones included): the search's arrays then stay small. Returns
 * the number of projected free variables dropped: each doubles the count, and f->outside
 * (a weighted one must not be dropped). */
int formula_compact(struct formula *f);
/* Compacts f and folds its pendants (pendant.c), for a count: the search's arrays hold only
 * what is left. Nothing when f has no model. */
void formula_shrink(struct formula *f, struct stats *st);
/* f, preprocessed but neither compacted nor folded (so in its input's numbering), with
 * models, as a CNF with the same projected count: its clauses, its fixed values as unit
 * clauses, its projection. */
void formula_to_cnf(const struct formula *f, struct dimacs_cnf *cnf);
/* Writes f as a DIMACS CNF with the same (projected) count. */
void formula_write(const struct formula *f, FILE *out);
/* Writes f as a plain DIMACS CNF (no projection) with the same count, over its compacted
 * variables and one free variable for each projected one it dropped; only possible when
 * every hidden variable left is a function of the projected ones. Returns how many hidden
 * variables are not (then nothing is written). */
int formula_write_plain(struct formula *f, FILE *out, struct stats *st);
void formula_free(struct formula *f);

/* ---- padoa.c: projected variables defined by the others, found by satisfiability ---- */
/* Clears f->projected[v] and sets f->defined[v] for each projected variable that is a
 * function of the projected variables it keeps, until *stop; returns how many it cleared. */
int padoa_support(struct formula *f, struct stats *st, const volatile sig_atomic_t *stop);

/* ---- groups.c: at-most-one and exactly-one groups, marked or found ---- */
/* Puts in f->groups the marks of cnf that unit propagation on f shows true (over the
 * variables f still has); the others are counted in marks_ignored, with a warning under
 * verbose. */
void groups_check_marks(struct formula *f, const struct dimacs_cnf *cnf, struct stats *st, int verbose);
/* Puts in out (variables, each group ended by 0, disjoint) the groups of marked (the same
 * form) still free in s, then the greedy cliques of three or more variables of s that
 * pairwise binary clauses (-a | -b) exclude; returns how many it found. */
int groups_find(const struct solver *s, const struct ivec *marked, struct ivec *out);
/* Joins groups (variables, each group ended by 0, disjoint) whose union unit propagation on s
 * shows at most one: the choices of the boards of each vendor, when the vendor choice is at
 * most one, become one group of every board. Largest first; returns how many joined. */
int groups_merge(struct solver *s, struct ivec *groups);
/* The groups of a list (each ended by 0) as spans, largest first (the earlier first among
 * equals), into *out; returns how many. */
struct group_span {
	int offset, size;
};
int groups_by_size(const struct ivec *groups, struct group_span **out);

/* ---- eliminate.c: subsumption, and resolution of variables outside the projection ---- */
/* Replaces f->clauses by raw (clauses ended by 0, units and empty clauses possible) in
 * which subsumed clauses are gone and bounded variable elimination has removed variables
 * outside the projection. */
void eliminate_hidden(struct formula *f, struct ivec *raw, struct stats *st);

/* ---- vivify.c: clauses implied by the others, literals shown false ---- */
/* Puts in raw (clauses ended by 0, units and empty clauses possible) f->clauses without
 * those that the others imply by unit propagation and without the literals that it shows
 * false; returns how many clauses went or shrank. Stops checking after a budget of
 * propagations or at *stop. */
int vivify(struct formula *f, struct ivec *raw, struct stats *st, const volatile sig_atomic_t *stop);

/* ---- keyhash.c: two hashes of a key, sums of random numbers of its variables and ids ---- */
struct keyhash_numbers {
	uint64_t (*var)[2];       /* by variable, 0..nvars: the numbers of both hashes */
	uint64_t (*id)[2];        /* by clause id, 0..nids */
	size_t bytes;
};
struct key_hashes {
	uint64_t h1, h2;
};
/* Draws the numbers of variables 0..nvars and ids 0..nids from the operating system (exits 2
 * when it cannot). */
void keyhash_draw(struct keyhash_numbers *t, int nvars, int nids);
void keyhash_free(struct keyhash_numbers *t);
/* The hashes of the key of variables vars[0..nv) and ids ids[0..nid). */
void keyhash(const struct keyhash_numbers *t, const int *vars, int nv, const int *ids, int nid, struct key_hashes *h);
/* The probability that any of pairs pairs of different keys collided: pairs * 2^-128. */
double keyhash_bound(uint64_t pairs);

/* ---- cache.c: component cache with exact or hashed keys and a memory cap ---- */
struct cache_entry;
struct cache {
	struct cache_entry **buckets;
	size_t nbuckets, nentries, bytes, limit;
	uint64_t clock;
	int exact;                /* entries keep the whole key; else only its second hash */
	struct keyhash_numbers numbers;
	struct stats *stats;
};
/* A cache for the keys of variables 1..nvars and clause ids 0..nids - 1. */
void cache_init(struct cache *c, size_t limit, int exact, struct stats *st, int nvars, int nids);
void cache_free(struct cache *c);
/* Drops every entry. */
void cache_clear(struct cache *c);
/* The key of a component: its sorted variables and sorted long-clause ids (then factor
 * codes), as bytes with exact keys, and its hashes. */
struct comp_key {
	unsigned char *bytes;
	size_t len, cap;
	struct key_hashes hash;
};
void comp_key_make(const struct cache *c, struct comp_key *k, const int *vars, int nv, const int *cls, int nc);
/* Sets count to the count stored under k and returns 1, or returns 0. With hashed keys,
 * counts in cache_pairs what the bound on collisions needs. */
int cache_lookup(struct cache *c, struct comp_key *k, mpz_t count);
/* Stores count under k (with hashed keys, only k->hash is read). */
void cache_store(struct cache *c, const struct comp_key *k, const mpz_t count);
/* A counting process hands its cache's figure to its parent: " pairs" to out (-1 on an
 * error), read back and added to st (1 when it is there). */
int cache_write_figures(FILE *out, const struct stats *st);
int cache_read_figures(const char *s, struct stats *st);
/* The bound on a wrong count from colliding hashed keys in the searches st counted (0 with
 * exact keys, or no lookup that met an entry). */
double cache_collision_bound(const struct stats *st);
/* Adds to st the figure of a search in another process (its cache_pairs). */
void cache_add_figures(struct stats *st, uint64_t pairs);

/* ---- component.c: splitting unassigned variables into independent components ---- */
struct comp {
	int var_begin, var_end;   /* slice of the counter's cvars */
	int cl_begin, cl_end;     /* slice of the counter's ccls */
	int nproj;                /* projected variables in it */
	int branch;               /* the variable to branch on (0: none projected) */
};
/* A local component of one decompose: what the search found, then its child slices. */
struct piece {
	int nv, nc, nproj;        /* variables, active clauses, projected variables */
	int nf;                   /* factors with one variable assigned (their codes in the
				   * decomposer's held, while it searches this component) */
	int branch;               /* branchable variable of highest key (rank, then active clauses;
				   * the lowest variable on ties), or 0 */
	int vpos, cpos;           /* where its next variable and clause go (-1: a lone variable) */
};
struct decomposer {
	/* Labels: below stamp, untouched by this decompose; stamp, a satisfied clause; stamp + 1
	 * + i, a variable or active clause of local component i (one array each, not a mark
	 * and a component apart: the search touches half the memory). */
	uint32_t stamp;
	uint32_t *var_label, *cl_label;
	int *rank;                /* from order_rank */
	unsigned char *branchable; /* from define_branchable */
	int *adj, *adj_at;        /* variable v: binary neighbours (literals) at adj[adj_at[3v],
				   * adj_at[3v+1]), its long clauses up to adj_at[3v+2], then its
				   * factors up to adj_at[3v+3] */
	struct ivec queue;
	struct ivec held;         /* the key codes of the factors with one variable assigned
				   * (FACTOR_CODE) met by the current search: counted as met,
				   * written in order from held_bits at its end */
	uint64_t *held_bits;      /* those codes as bits code - nlong, between words held_lo
				   * and held_hi; clear between searches */
	int held_lo, held_hi;
	struct piece *pieces;     /* by local component */
	int npieces, piece_cap;
};
/* Sets up d for s; the ranks are order_rank's, set by the caller (count_assigned). */
void decomposer_init(struct decomposer *d, const struct solver *s, const unsigned char *defined);
void decomposer_free(struct decomposer *d);
struct counter;
struct cubes;
/* Splits the unassigned variables of the component with variables cvars[vb,ve) and clauses
 * ccls[cb,ce) into components appended to the counter's component stack (their slices keep
 * the parent's sorted order); returns the number of free projected variables. */
int decompose(struct counter *k, const struct comp *parent);

/* A factor with one variable assigned, in a component's clause list and key: after the
 * long clauses' ids, by the factor and the value it was given; and back. */
#define FACTOR_CODE(nlong, i, value) ((nlong) + 2 * (i) + (value))
#define FACTOR_OF_CODE(nlong, code) (((code) - (nlong)) >> 1)
#define VALUE_OF_CODE(nlong, code) (((code) - (nlong)) & 1)

/* ---- pendant.c: variables of degree one and two folded into weights and factors ---- */
/* Folds them (f compacted, for a count): their clauses go, they leave the projection, and
 * the weights of f's literals and f->factors take their factors; multiplies f->outside by
 * those of projected variables left in nothing. Returns the number of variables folded. */
int pendants_fold(struct formula *f, struct stats *st);

/* ---- count.c: the counting search ---- */
struct counter {
	struct solver s;
	struct decomposer d;
	struct cache own_cache;
	struct cache *cache;      /* its own, or (cubes.c) the first counter's */
	struct ivec cvars, ccls;  /* component slices */
	struct comp *comps;
	int ncomps, compcap;
	struct comp_key *keys;    /* by depth: the key of the component counted there, kept
				   * from its lookup for its store */
	int nkeys;
	const struct options *opt;
	struct stats *stats;
	int depth;
	size_t mem_limit, peak_bytes;
	size_t solver_bytes;      /* the solver's fixed structures, measured once */
	uint64_t work;            /* components it may count (0: no limit), from --work */
	uint64_t abandon_at;      /* past this many components the search is abandoned */
	int abandoned;            /* then its counts and the cache's new entries are worthless */
	volatile sig_atomic_t *stop; /* set by the timeout alarm */
	unsigned ticks;
	double started, last_progress;
	double done_base, done_scale; /* the progress line's share: base + scale * search_done */
	int silent;               /* no progress lines (all threads but one) */
	int polarity;             /* 1: each branch sets its variable false first (cubes.c) */
	struct cubes *cubes;      /* the threads whose cache this one shares, or NULL */
	struct cubes *report;     /* the threads whose figures a give-up reports (cubes.c, and
				   * the cases of afresh.c), or NULL: its own */
	const struct dimacs_cnf *input; /* the formula's input, for cubes counted afresh, or NULL */
	mpz_t *weight;            /* the formula's literal weights (pendant.c), or NULL */
	const unsigned char *weighted;
	unsigned *pending;        /* by variable: = epoch while times_weights has yet to see it */
	unsigned epoch;
	mpz_t lone, sum, term;    /* decompose's product of the weighted free variables it drops */
};
/* A counter of f, searching with the cache shared, or with one of its own (sized by
 * opt->mem) where shared is NULL. */
void counter_init(struct counter *k, const struct formula *f, const struct options *opt,
		  struct stats *st, volatile sig_atomic_t *stop, struct cache *shared);
void counter_free(struct counter *k);
/* Caps the counter's memory at limit bytes, the cache at what the rest leaves of it. */
void counter_set_memory(struct counter *k, size_t limit);
/* Counts the models of f (projected when f has a projection set) into result: split on a
 * group when that pays (split.c), else by count_assigned. */
void count_formula(struct counter *k, const struct formula *f, mpz_t result);
/* Sets up the decomposer and the root component's slices of a new counter. */
void counter_start(struct counter *k, const struct formula *f);
/* The count of the models that extend the current (propagated) assignment, the search
 * ordered for what it leaves; its components share the cache with every earlier count. */
void count_assigned(struct counter *k, mpz_t out);
/* The same with the ranks already in k->d.rank. */
void count_ranked(struct counter *k, mpz_t out);
/* Exit 2 without a count, with the report of the threads of cu (cubes_report). One thread
 * reports; another that gives up too waits for the exit. */
void count_give_up(struct cubes *cu, size_t peak, const char *why) __attribute__((noreturn));

/* ---- cubes.c: both cores on one search, sharing its cache ---- */
/* A search is cut into the 2^CUBE_VARS cubes of its first variables (fewer when it has fewer). */
#define CUBE_VARS 8
/* Counts f, its ranks set, as the sum over the cubes of its highest-ranked variables, in
 * --jobs threads, when its order is wider than --cube-width and --jobs is above 1; else
 * returns 0 and does nothing. */
int cubes_count(struct counter *k, const struct formula *f, mpz_t out);
/* Under the first counter's -v, its statistics with the threads' figures so far added, its
 * time and peak (for a report as the count gives up). */
void cubes_report(struct cubes *cu, size_t peak);
/* The cache the threads share, under their lock. */
int cubes_lookup(struct cubes *cu, struct comp_key *key, mpz_t count);
void cubes_store(struct cubes *cu, const struct comp_key *key, const mpz_t count);

/* ---- afresh.c: a cube counted as a formula of its own, split on its hubs ---- */
struct afresh {
	const struct dimacs_cnf *input; /* the input the formula was preprocessed from */
	const struct options *opt;  /* the cases' searches': no progress, one job, a share of --mem */
	long limit;                 /* --cube-width: a case of an order this narrow is not split */
	struct stats *stats;        /* the cases' search figures are added here */
	struct stats *searching;    /* the figures of the case being searched, for a give-up's
				     * report (zero between cases), added to stats at its end */
	volatile sig_atomic_t *stop;
	struct cubes *cubes;        /* the threads it counts for: their report at a give-up */
	size_t peak;                /* set: the largest memory of a case's search */
};
/* Counts into out the models of the input with the literals lits[0..n) (input numbering)
 * true, through the input plus their unit clauses, preprocessed again. */
void afresh_count(struct afresh *a, const int *lits, int n, mpz_t out);

/* ---- checkpoint.c: the finished cubes' counts in a file, for a count that outlives a run ---- */
struct checkpoint;
/* Opens path (--checkpoint) for the cubes of f: when it holds a checkpoint of f, its cube
 * variables replace vars[0..*nvars) and its counts are taken (exits 1 when it is malformed,
 * 2 when it is of another formula); else it is started with vars. */
struct checkpoint *checkpoint_open(const char *path, const struct formula *f, int *vars, int *nvars);
/* 1, and the cube's count added to sum, when the file holds it. */
int checkpoint_take(struct checkpoint *cp, int cube, mpz_t sum);
/* Appends the count of a finished cube, and syncs the file. */
void checkpoint_record(struct checkpoint *cp, int cube, const mpz_t count);
void checkpoint_close(struct checkpoint *cp);
/* Warns, under --checkpoint, that the count at hand records nothing, and why. */
void checkpoint_unused(const struct options *o, const char *why);
size_t counter_bytes(const struct counter *k);
void counter_check(struct counter *k);
/* Largest counter_bytes seen so far (sampled), the current figure included. */
size_t counter_peak(struct counter *k);

/* ---- sat.c: satisfiability search (projection-free components, sampling, definability) ---- */
/* Searches an assignment of vars[0..n) extending the current one, branching in that order
 * on the saved phases; on success leaves it on the trail and returns 1; 0 when there is
 * none; -1 when max_conflicts (0: no limit) ran out. The caller backtracks. Learned clauses
 * are forgotten at the end unless keep (only valid when every later search starts from the
 * same assignment). k, when not NULL, is the counter whose timeout and memory cap apply. */
int sat_search(struct solver *s, struct counter *k, const int *vars, int n, int keep, uint64_t max_conflicts);
uint64_t sat_random(uint64_t *rng);

/* ---- sample.c ---- */
void sample_models(struct counter *k, const struct formula *f, long n, uint64_t seed);

/* ---- job.c: one count, from the DIMACS input to the number ---- */
/* The stack of a search's thread: it recurses once per decision. */
#define SEARCH_STACK ((size_t)1 << 30)
struct job {
	struct options opt;
	const struct dimacs_cnf *input; /* kept for cubes counted afresh (cubes.c), or NULL */
	struct formula f;
	struct counter k;         /* set up by job_run only */
	int searched;
	struct stats stats;
	mpz_t count;
};
extern volatile sig_atomic_t job_timed_out;
double kcount_now(void);
double kcount_log10(const mpz_t z);
/* A lower bound on the treewidth of j->f (minor-min-width), for --max-width. */
long job_width_lower(struct job *j);
/* The output's line saying --max-width stopped the exact count (kdiff and kcount-timed read it). */
void job_say_too_wide(const struct options *o, long width);
/* Clears job_timed_out and sets it after seconds (0: never). */
void job_arm_timeout(long seconds);
/* Simplifies cnf into j->f (exits 2 on the timeout). */
void job_preprocess(struct job *j, const struct dimacs_cnf *cnf);
/* Counts j->f into j->count, or samples; exits 2 on the timeout or the memory cap. */
void job_run(struct job *j);
void job_free(struct job *j);

/* ---- bound.c: a certified lower bound when the count is out of reach ---- */
/* The exit status of a round's child process whose --work budget ran out (never kcount's). */
enum { EXIT_WORK_SPENT = 3 };
/* Sets j->count to a lower bound on the count of j->f: the count of the models with the
 * literals it puts in fixed (none: the count itself), from rounds limited by j->opt.work,
 * so the same on any machine. Returns 0, or 1 when the --timeout safety stop ended the
 * rounds early (the bound is then the last one finished). Exits 2 when the time ends
 * before any bound. */
int bound_lower(struct job *j, struct ivec *fixed);

/* ---- split.c: a wide formula counted as the sum over the cases of a group ---- */
/* Counts f (k's formula, the search set up) into out as the sum over the cases of an
 * at-most-one group, each counted by k's search (and split again if that pays), when f's
 * order is wider than --split-width and a group's cases are narrower; returns 1 then, else
 * 0 (nothing done: the caller counts). */
int split_count(struct counter *k, const struct formula *f, mpz_t out);

#endif
