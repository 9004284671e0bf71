/* kcnf: private interfaces of the IR -> DIMACS encoder, one section per file. */
#ifndef KCNF_H
#define KCNF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "ir.h"

/* ---- circuit.c: literals, hash-consed AND gates (full Tseitin equivalences), clauses ---- */

/* A DIMACS literal, or one of the two constants (which never reach the output). */
typedef int lit;
#define LIT_TRUE 0x7fffffff
#define LIT_FALSE (-LIT_TRUE)

struct circuit;

struct circuit *circuit_new(void);
void circuit_free(struct circuit *c);
int circuit_new_var(struct circuit *c);
int circuit_nvars(const struct circuit *c);
size_t circuit_nclauses(const struct circuit *c);
size_t circuit_ngates(const struct circuit *c);
/* A variable defined as the AND (OR) of lits; constants fold, equal inputs share one gate. */
lit circuit_and(struct circuit *c, const lit *lits, size_t n);
lit circuit_or(struct circuit *c, const lit *lits, size_t n);
lit circuit_and2(struct circuit *c, lit a, lit b);
lit circuit_or2(struct circuit *c, lit a, lit b);
/* Adds the clause (constants fold: a true literal drops it, false literals vanish). */
void circuit_clause(struct circuit *c, const lit *lits, size_t n);
void circuit_clause2(struct circuit *c, lit a, lit b);
void circuit_clause3(struct circuit *c, lit a, lit b, lit d);
void circuit_clause4(struct circuit *c, lit a, lit b, lit d, lit e);
/* Writes every clause in DIMACS form; stops early if writing fails (the caller checks). */
void circuit_write_clauses(const struct circuit *c, FILE *out);

/* ---- encode.c: the whole model, SEMANTICS sections 6 and 7 ---- */

/* The two threshold levels of a tristate value (SEMANTICS 6.1): m = [X >= m], y = [X >= y]. */
struct levels {
	lit m, y;
};

struct fix {			/* a -D NAME=VALUE, or a line of a -D @FILE */
	char *name;
	char *value;		/* "y", "m" or "n" once checked; a .config's as written before */
	char *origin;		/* NULL for -D, else FILE:LINE, for messages */
};

struct kcnf_options {
	bool bool_view;		/* --bool */
	bool verbose;		/* -v */
	struct fix *fixes;
	size_t nfixes;
};

/* The encoder's state: the IR, the circuit, and caches per symbol. */
struct encoder {
	const struct ir *ir;
	const struct kcnf_options *opt;
	struct circuit *c;
	int *var_y;		/* per symbol: its y variable (bool: its only one), 0 if none */
	int *var_m;		/* per symbol: its m variable (tristate), 0 if none */
	struct levels *choice_mode;	/* kconfig 6.1: per choice, its mode value */
	bool *choice_mode_done;
	struct strval_cache *strvals;	/* strval.c */
	lit modules;		/* [MODULES >= m]: tristates are tristate-effective */
	bool old_imply;		/* 4.10 to 5.6: symbol.c's imply before 5.7 (kcnf(1) OLD RELEASES) */
	int old;		/* a release before 5.10 as major * 1000 + minor, else 0 */
	int old_sublevel;	/* Z of a release 2.6.Z */
	size_t natoms;		/* existential atoms (abstract, unknown comparisons) */
	int *groups;		/* choice.c: marked groups, each: kind (1 at-most-one, 2 exactly-one),
				 * its member variables, 0 (kcnf(1), OUTPUT: c kcnf exactly-one) */
	size_t ngroups_lits, groups_cap;
};

void encoder_init(struct encoder *enc, const struct ir *ir, const struct kcnf_options *opt);
void encoder_free(struct encoder *enc);
/* Encodes every rule, then the fixed values. */
void encoder_run(struct encoder *enc);

/* The levels of a symbol's value, of an expression (SEMANTICS 6.1). */
struct levels enc_symbol(struct encoder *enc, int sym);
struct levels enc_expr(struct encoder *enc, const struct expr *e);
struct levels enc_and(struct encoder *enc, struct levels a, struct levels b);
struct levels enc_or(struct encoder *enc, struct levels a, struct levels b);
/* The visibility (OR of the prompt conditions) and the first active default's value. */
struct levels enc_visibility(struct encoder *enc, const struct ir_entry *e);
struct levels enc_default_value(struct encoder *enc, const struct ir_entry *e);
/* [S is bool-effective]: true for bool, not MODULES for tristate (SEMANTICS 2). */
lit enc_is_bool(struct encoder *enc, int sym);
/* The first-active-default selector (SEMANTICS 6, step 3): act[i] per default, and none. */
lit *enc_first_active(struct encoder *enc, const struct ir_default *defs, size_t n, lit *none);

/* ---- choice.c: choices (SEMANTICS 7.1 for 6.12+, 7.2 for 6.1) ---- */

void choice_encode(struct encoder *enc, int choice);
/* kconfig 6.1: the levels of the choice's mode, a function of its members' values. */
struct levels choice_mode(struct encoder *enc, int choice);

/* ---- strval.c: string values and comparisons (SEMANTICS 1 and 9.6) ---- */

struct strval_cache *strval_new(const struct ir *ir);
void strval_free(struct strval_cache *cache);
/* The truth literal of a comparison expression (EXPR_EQ ... EXPR_GE). */
lit strval_compare(struct encoder *enc, const struct expr *e);
/* The existential variable of an abstract atom used as a truth value. */
lit strval_abstract_atom(struct encoder *enc, int atom);

/* ---- fix.c: -D NAME=VALUE and -D @FILE (.config) ---- */

/* Parses one -D argument into opt; exits 2 on a malformed one or an unreadable file. */
void fix_parse(struct kcnf_options *opt, const char *arg);
/* Drops the .config lines for symbols kcnf does not count, with a warning; exits 2 on a -D it
 * cannot use or a value invalid for its symbol's type. */
void fix_check(struct kcnf_options *opt, const struct ir *ir);
/* Adds the unit clauses of every (checked) fix. */
void fix_apply(struct encoder *enc);

/* ---- output.c: the DIMACS file (kcnf(1), OUTPUT) ---- */

void output_write(const struct encoder *enc, FILE *out);

#endif
