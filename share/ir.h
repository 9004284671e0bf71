/* ir: the reader of kir(5) files: symbols, choices and abstract atoms, records kept in file order. */
#ifndef KC_IR_H
#define KC_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "expr.h"

enum ir_type { IR_BOOL, IR_TRISTATE, IR_STRING, IR_INT, IR_HEX, IR_UNKNOWN };

/* The semantics named by the `kconfig` header record (kir(5)). */
enum ir_semantics {
	IR_KCONFIG_6_1,		/* up to Linux 6.10: tristate and optional choices */
	IR_KCONFIG_6_12,	/* 6.11 to 7.1 */
	IR_KCONFIG_7_2,		/* 7.2 and later: transitional symbols */
};

/* Symbol flags (`flag` records). */
enum { IR_FLAG_TRANSITIONAL = 1 << 0, IR_FLAG_OPTIONAL = 1 << 1 };

struct ir_loc {
	char *file;
	long line;
};

struct ir_prompt {
	struct expr *cond;
	char *text;
};

struct ir_default {
	struct expr *value;
	struct expr *cond;
};

/* A select or imply record: the owning symbol selects target under cond. */
struct ir_select {
	char *target;		/* the word as written */
	int target_index;	/* index into ir.syms, or -1 when the word is not a declared symbol */
	struct expr *cond;
};

struct ir_range {
	struct expr *low, *high, *cond;
};

/* A select or imply seen from its target: the selecting symbol and the condition. */
struct ir_reverse {
	int from;		/* index into ir.syms */
	const struct expr *cond;	/* borrowed from the selector's ir_select */
};

/* The records shared by symbols and choices, each array in file order. */
struct ir_entry {
	char *name;
	enum ir_type type;
	unsigned flags;
	long ir_line;		/* line of the config or choice record in the IR file */
	struct ir_loc *locs;
	size_t nlocs;
	struct expr **deps;	/* one per loc: the kernel's dir_dep is their OR */
	size_t ndeps;
	struct ir_prompt *prompts;
	size_t nprompts;
	struct ir_default *defaults;
	size_t ndefaults;
};

struct ir_symbol {
	struct ir_entry e;
	struct ir_select *selects;	/* select records of this symbol */
	size_t nselects;
	struct ir_select *implies;	/* imply records of this symbol */
	size_t nimplies;
	struct ir_range *ranges;
	size_t nranges;
	int choice;			/* index into ir.choices when a member, else -1 */
	struct ir_reverse *selected_by;	/* every select naming this symbol, in symbol order */
	size_t nselected_by;
	struct ir_reverse *implied_by;	/* every imply naming this symbol */
	size_t nimplied_by;
};

struct ir_choice {
	struct ir_entry e;	/* type bool or tristate; flags may hold IR_FLAG_OPTIONAL */
	int *members;		/* indexes into ir.syms, in member-record order */
	size_t nmembers;
};

struct ir_abstract {
	char *name;		/* $N */
	char *text;		/* the macro text */
	char *file;
	long line;
};

struct ir_env {
	char *name;
	char *value;
};

struct ir {
	char *filename;		/* the name diagnostics use */
	/* Header records; a missing one is NULL (or its default). */
	char *input;
	char *kconfig;		/* the version as written, e.g. "6.12" */
	enum ir_semantics semantics;
	char *arch, *srcarch, *kernelversion, *macros, *mainmenu;
	char *modules;		/* the modules symbol's name, NULL when none */
	int modules_index;	/* index into syms, -1 when none or not declared */
	struct ir_env *env;
	size_t nenv;
	struct ir_symbol *syms;	/* in file order (kir(5): sorted by name) */
	size_t nsyms;
	struct ir_choice *choices;
	size_t nchoices;
	struct ir_abstract *abstracts;
	size_t nabstracts;
	struct ir_index *index;	/* private: name lookup */
};

/*
 * Reads a kir 1 file. name is used in diagnostics ("file:line:col: error: ..." on stderr).
 * Returns NULL when the input is malformed (missing magic line or end marker, unknown record,
 * bad expression, record for an undeclared symbol, ...). Every expression's words are resolved
 * (expr.ref, expr.index).
 */
struct ir *ir_read(FILE *in, const char *name);
struct ir *ir_read_file(const char *path);	/* "-" is stdin; exits 2 when it cannot open */
void ir_free(struct ir *ir);

/* Lookup by name: an index, or -1. */
int ir_find_symbol(const struct ir *ir, const char *name);
int ir_find_choice(const struct ir *ir, const char *name);
int ir_find_abstract(const struct ir *ir, const char *name);

/* "bool", "tristate", ..., "unknown". */
const char *ir_type_name(enum ir_type type);
/* The semantics a kconfig version X.Y or X.Y.Z means (kir(5) `kconfig`); false if neither. */
bool ir_semantics_of(const char *version, enum ir_semantics *out);
/* A release before 5.10 as major * 1000 + minor (2.6.Z is 2006), whose own rules kcnf must
 * reproduce (kcnf(1) OLD RELEASES); 0 for 5.10 and later. */
int ir_kconfig_old(const char *version);

#endif
