/* expr: Kconfig expressions as kir(5) writes them: kinds, constructors, parsing, printing, equality. */
#ifndef KC_EXPR_H
#define KC_EXPR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The tristate lattice n < m < y (SEMANTICS section 1). */
enum tri { TRI_N = 0, TRI_M = 1, TRI_Y = 2 };

enum expr_kind {
	EXPR_CONST,	/* y, m or n: field tri */
	EXPR_SYMBOL,	/* a word: field name, resolved by ir_read into ref and index */
	EXPR_STRING,	/* a quoted constant other than "y", "m", "n": field name holds its text */
	EXPR_AND,	/* two or more args: min */
	EXPR_OR,	/* two or more args: max */
	EXPR_NOT,	/* one arg: y - value */
	EXPR_EQ,	/* comparisons: two args, string values, result y or n */
	EXPR_NE,
	EXPR_LT,
	EXPR_LE,
	EXPR_GT,
	EXPR_GE,
};

/* What an EXPR_SYMBOL word names (kir(5) order of lookup). */
enum expr_ref {
	EXPR_REF_NONE,		/* not resolved (an expression not read by ir_read) */
	EXPR_REF_SYMBOL,	/* index into ir.syms */
	EXPR_REF_ABSTRACT,	/* index into ir.abstracts */
	EXPR_REF_CHOICE,	/* index into ir.choices (kconfig 6.1: the choice's mode) */
	EXPR_REF_UNDEFINED,	/* never declared: truth value n, string value its name */
};

struct expr {
	enum expr_kind kind;
	enum tri tri;		/* EXPR_CONST */
	char *name;		/* EXPR_SYMBOL: the word; EXPR_STRING: the text, unescaped */
	enum expr_ref ref;	/* EXPR_SYMBOL */
	int index;		/* EXPR_SYMBOL with ref SYMBOL, ABSTRACT or CHOICE; else -1 */
	size_t nargs;		/* operators */
	struct expr **args;
};

/* Constructors: each returns a fresh tree; the operators take ownership of their operands. */
struct expr *expr_const(enum tri value);
struct expr *expr_symbol(const char *name);
struct expr *expr_string(const char *text);	/* "y", "m", "n" give the constants */
struct expr *expr_not(struct expr *arg);
struct expr *expr_binary(enum expr_kind kind, struct expr *left, struct expr *right);
struct expr *expr_op(enum expr_kind kind, size_t nargs, struct expr **args);	/* copies args */
struct expr *expr_copy(const struct expr *e);
void expr_free(struct expr *e);

bool expr_is_comparison(enum expr_kind kind);
/* The kir(5) operator word of an operator kind ("and", "=", ...); NULL for leaves. */
const char *expr_op_name(enum expr_kind kind);

/*
 * Parses one expression in kir(5) syntax from text. On success returns it and sets *end past
 * it. On error returns NULL, sets *error to a static message and *end to where the error is
 * (so the caller can report file:line:col).
 */
struct expr *expr_parse(const char *text, const char **end, const char **error);

/* Structural equality: same kinds, words, texts and operands in the same order. */
bool expr_equal(const struct expr *a, const struct expr *b);

/* Writes e back in kir(5) syntax (strings quoted and escaped). */
void expr_print(FILE *out, const struct expr *e);
/* The same, as a newly allocated string. */
char *expr_to_string(const struct expr *e);
/* Writes text as a kir(5) string: quoted, with \" and \\ escaped. */
void expr_print_string(FILE *out, const char *text);

#endif
