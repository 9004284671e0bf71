/* kparse.h: the private header of kparse, the Kconfig front end, in sections by file. */
#ifndef KPARSE_H
#define KPARSE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The marks that bracket an unknown macro result inside expanded text (preprocess.c). */
#define KP_UNKNOWN_OPEN '\001'
#define KP_UNKNOWN_CLOSE '\002'

/* Kconfig semantics reproduced (kir(5) "kconfig" record). */
enum kp_version { KV_6_1, KV_6_12, KV_7_2 };

/* The grammar of releases before 5.10 (old.c): zconf.l/zconf.y up to 4.17, then lexer.l. */
enum kp_era { KE_MODERN, KE_ZCONF, KE_4_18 };

enum ktype { KT_UNKNOWN, KT_BOOL, KT_TRISTATE, KT_STRING, KT_INT, KT_HEX };

/* A diagnostic location: file (as the kernel names it), line, column. */
struct kloc {
	const char *file;
	int line, col;
};

/* ---- symbol.c: the symbol table ---- */
enum ksym_kind { KS_NORMAL, KS_CONST, KS_ATOM, KS_CHOICE, KS_YES, KS_MOD, KS_NO };

struct kprop;
struct kmenu;

struct ksym {
	char *name;		/* for an atom: $N; for an unnamed choice: set at the end */
	char *text;		/* atom: its macro text */
	struct kloc at;		/* atom: where first expanded */
	enum ksym_kind kind;
	enum ktype type;
	bool transitional, optional;
	struct kprop *props, **props_tail;	/* all definitions' properties, parse order */
	struct kmenu **defs;	/* config/menuconfig/choice entries, parse order */
	size_t ndefs;
	struct ksym *choice;	/* the choice it is a member of, or NULL */
	struct ksym **members;	/* a choice's members */
	size_t nmembers;
	struct ksym *next;	/* hash chain */
};

struct symtab {
	struct ksym **slots;
	size_t nslots, count;
	struct ksym yes, mod, no;
	struct ksym **atoms;
	size_t natoms;
	struct ksym **choices;	/* parse order */
	size_t nchoices;
};

void sym_init(struct symtab *t);
struct ksym *sym_lookup(struct symtab *t, const char *name);	/* a named symbol, created */
struct ksym *sym_const(struct symtab *t, const char *text);	/* a quoted constant */
struct ksym *sym_atom(struct symtab *t, const char *text, struct kloc at);
struct ksym *sym_new_choice(struct symtab *t, const char *name);
struct ksym **sym_sorted(const struct symtab *t, size_t *n);	/* declared symbols by name */
const char *sym_type_name(enum ktype type);

/* ---- kexpr.c: expressions ---- */
enum kx_op { KX_SYM, KX_NOT, KX_AND, KX_OR, KX_EQ, KX_NE, KX_LT, KX_LE, KX_GT, KX_GE };

#define KX_MAX_DEPTH 10000	/* deeper expressions are rejected: they are walked recursively */

struct kexpr {
	enum kx_op op;
	int depth;
	struct kexpr *a, *b;	/* operands; comparisons have two KX_SYM operands */
	struct ksym *sym;	/* KX_SYM */
};

struct kexpr *kx_sym(struct ksym *sym);
struct kexpr *kx_new(enum kx_op op, struct kexpr *a, struct kexpr *b);
struct kexpr *kx_and(struct kexpr *a, struct kexpr *b);	/* NULL means y */
struct kexpr *kx_or(struct kexpr *a, struct kexpr *b);
struct kexpr *kx_rewrite_m(struct kexpr *e, struct ksym *mod, struct ksym *modules);
/* transform.c: a condition as the kernel's menu_finalize simplifies it (expr_transform,
 * expr_eliminate_dups), as far as that decides which symbols it names */
struct kexpr *kx_simplify(struct kexpr *e, struct symtab *t, bool kconfig_6_1);
struct kexpr *kx_trans_compare(struct kexpr *e, enum kx_op op, struct symtab *t, struct ksym *s);
bool kx_contains(const struct kexpr *e, const struct ksym *s);
bool kx_depends(const struct kexpr *e, const struct ksym *s, const struct symtab *t);
bool kx_equal(const struct kexpr *a, const struct kexpr *b);
void kx_print(FILE *f, const struct kexpr *e);
void kx_print_string(FILE *f, const char *s);

/* ---- menu.c: the menu tree as parsed ---- */
enum kmenu_kind { KM_ROOT, KM_CONFIG, KM_MENUCONFIG, KM_CHOICE, KM_MENU, KM_IF, KM_COMMENT };
enum kprop_kind { KP_PROMPT, KP_DEFAULT, KP_SELECT, KP_IMPLY, KP_RANGE };

struct kprop {
	enum kprop_kind kind;
	struct kexpr *value;	/* default: the value; select/imply: the target; range: (lo, hi) */
	struct kexpr *value2;	/* range: the high bound */
	struct kexpr *cond;	/* the if, then (after finalisation) the full condition */
	char *text;		/* prompt */
	struct kmenu *menu;
	struct kprop *next;	/* in the symbol's list */
};

struct kmenu {
	enum kmenu_kind kind;
	struct ksym *sym;
	struct kprop *prompt;	/* also in sym->props for symbols */
	struct kexpr *dep, *visibility;
	struct kloc at;
	bool has_help;
	struct kmenu *parent, *list, *next;
};

struct kparse;
void menu_init(struct kparse *kp);
struct kmenu *menu_add_entry(struct kparse *kp, enum kmenu_kind kind, struct ksym *sym);
void menu_begin_block(struct kparse *kp);
void menu_end_block(struct kparse *kp);
void menu_set_type(struct kparse *kp, enum ktype type);
void menu_add_dep(struct kparse *kp, struct kexpr *dep, struct kexpr *cond);
struct kprop *menu_add_prop(struct kparse *kp, enum kprop_kind kind, struct kexpr *value,
			    struct kexpr *cond);
void menu_add_prompt(struct kparse *kp, char *text, struct kexpr *cond);
void menu_end_config(struct kparse *kp);

/* ---- finalize.c: dependency propagation, choice membership ---- */
void finalize_menus(struct kparse *kp);

/* ---- check.c: what the kernel rejects after finalisation ---- */
void check_model(struct kparse *kp);
/* ---- cycles.c: the kernel's recursive dependency check ---- */
void check_cycles(struct kparse *kp);

/* ---- diag.c: diagnostics with the include chain ---- */
void diag_error(struct kparse *kp, struct kloc at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void diag_warn(struct kparse *kp, struct kloc at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* ---- env.c: the environment macros read ---- */
struct env_var {
	char *name, *value;
	bool read;		/* a macro read it: recorded in the IR */
};

struct env {
	struct env_var *vars;	/* -a and -D settings, then what was read from environ */
	size_t nvars;
};

void env_set(struct env *env, const char *name, const char *value);
const char *env_get(struct env *env, const char *name);	/* marks it read */
const char *env_peek(const struct env *env, const char *name);
bool env_set_arch(struct env *env, const char *arch, const char *srctree, bool shell);
void env_export(const struct env *env);
char *env_kernelversion(const char *srctree, int *version, int *patchlevel, int *sublevel);
char *env_arches(const char *srctree);
void env_set_toolchain(struct env *env, const char *srctree, bool shell);

/* ---- preprocess.c: the macro language ---- */
struct pp_var;
struct preprocess {
	struct pp_var *vars;
	int depth;
	const struct kloc *stmt;	/* while an assignment is expanded: its location */
};

char *pp_expand_dollar(struct kparse *kp, const char **str);	/* after the '$' */
char *pp_expand_token(struct kparse *kp, const char **str);
void pp_assign(struct kparse *kp, const char *name, const char *value, int flavor);
bool pp_is_unknown(const char *s);
char *pp_strip(const char *s);	/* the text without unknown marks */
enum { PP_RECURSIVE, PP_SIMPLE, PP_APPEND };

/* ---- source.c: the stack of Kconfig files being read ---- */
struct src_file {
	char *name;		/* as the kernel names it (relative to srctree when inside) */
	FILE *fp;
	struct kloc from;	/* where it was sourced */
	struct src_file *parent;	/* the file that sourced it */
	struct src_file *below;	/* the next file on the stack (a glob's next match) */
};

bool src_start(struct kparse *kp, const char *name);
void src_source(struct kparse *kp, const char *pattern, struct kloc at, bool relative,
		bool optional);
bool src_pop(struct kparse *kp);

/* ---- old.c: the grammar and environment of Linux before 5.10 ---- */
void old_set_release(struct kparse *kp, int major, int minor);
int old_keyword(const struct kparse *kp, const char *word, bool first);	/* -1: not decided */
bool old_option_native(const struct kparse *kp, const char *name);
bool old_word_prompt(const struct kparse *kp);
bool old_choice_block(const struct kparse *kp);
bool old_path_words(const struct kparse *kp);
void old_option_env(struct kparse *kp, const char *var);
bool old_env_symbol(const struct kparse *kp, const char *name);
char *old_expand_path(struct kparse *kp, const char *text);
void old_builtin_symbols(struct kparse *kp);
void old_finish(struct kparse *kp);
bool old_lacks_relations(const struct kparse *kp);	/* before 4.0: no < <= > >= */
bool old_cycle_refused(const struct kparse *kp);
bool old_cycle_choice_groups(const struct kparse *kp);
bool old_cycle_dir_dep(const struct kparse *kp);
void old_top(struct kparse *kp);
struct kexpr *old_trans_bool(struct kparse *kp, const struct ksym *s, struct kexpr *cond);

/* ---- project.c: Kconfig trees of other projects (kparse(1) PROJECTS) ---- */
struct project;
const struct project *project_find(const char *name, const char *tree);
const char *project_top(const struct project *p);
void project_setup(struct kparse *kp, const struct project *p, int *major, int *minor,
		   int *sublevel);
void project_list(FILE *out);

/* ---- lexer.l / parser.y ---- */
struct lex_state {
	struct kloc tok;	/* where the last token starts */
	int stmt_line;		/* the line of the first token of the statement */
	int stmt_token;		/* and that token */
	struct src_file *ended;	/* the file whose last line, with no newline, ends the statement */
	int col;
	int prev, prev_prev;	/* the last two tokens */
	bool want_help, want_assign;
	int help_first, help_last;	/* indentation of the help text */
	bool help_blank;
	char *buf;		/* string being collected */
	size_t len, cap;
};

int lex_init(struct kparse *kp);
void lex_push_file(struct kparse *kp, FILE *fp);
void lex_destroy(struct kparse *kp);
int parse_run(struct kparse *kp);

/* ---- answers.c: recorded $(shell,...) results (--shell-answers) ---- */
struct answers {
	char **cmd, **out;
	size_t n;
};

void answers_read(struct answers *a, const char *path);
const char *answers_find(const struct answers *a, const char *cmd);

/* ---- the context of one run ---- */
struct kparse {
	enum kp_version version;
	enum kp_era era;	/* KE_MODERN from 5.10 */
	int release_major, release_minor, release_sublevel;	/* an old era's release */
	struct ksym **env_syms;	/* old eras: 'option env' and sym_init symbols */
	size_t nenv_syms;
	bool shell;
	const char *project;	/* NULL for Linux */
	bool no_sym_init_arch;	/* the project's sym_init makes no ARCH (toybox) */
	bool source_in_choice;	/* the project's parser reads 'source' in a choice (coreboot) */
	bool source_optional;	/* and a source that matches no file is none (coreboot) */
	struct answers *answers;	/* --shell-answers, or NULL */
	char *srctree;
	char *top;		/* the top Kconfig file, as named */
	bool top_stdin;		/* the top file is standard input ("-") */
	const char *arch, *srcarch;
	char *kernelversion;
	struct env env;
	struct preprocess pp;
	struct src_file *file;	/* the file being read */
	struct symtab syms;
	struct kmenu root;
	struct kmenu *current_menu, *current_entry, **last_entry_ptr;
	struct ksym *current_choice;
	struct ksym *modules_sym;
	char *mainmenu;
	int nerrors;
	bool too_deep;		/* an expression was too deep (reported once) */
	struct lex_state lex;
	void *scanner;
	char *pending_error;	/* a syntax error waiting for its recovery rule */
	struct kloc pending_at;
};

/* ---- ir_write.c and symbols_tsv.c ---- */
void ir_write(struct kparse *kp, FILE *out);
void symbols_tsv_write(struct kparse *kp, FILE *out);
#endif
