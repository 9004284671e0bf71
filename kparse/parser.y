/* parser: the Kconfig grammar of Linux 6.1 to 7.3 (SEMANTICS 3), building the menu tree. */
%define api.pure full
%define parse.error custom
%locations
/* one: an empty stmt_list before a first 'mainmenu', which zconf.y also reads later in a list */
%expect 1
%define api.location.type {struct kloc}
%parse-param {struct kparse *kp}
%lex-param {struct kparse *kp}

%code requires {
#include "kparse.h"
#define YYLLOC_DEFAULT(cur, rhs, n) \
	do { (cur) = (n) ? YYRHSLOC(rhs, 1) : YYRHSLOC(rhs, 0); } while (0)
}

%code provides {
int lex_token(YYSTYPE *lval, YYLTYPE *lloc, struct kparse *kp);
}

%code {
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define yylex lex_token

static void flush_pending(struct kparse *kp);
static struct kexpr *bounded(struct kparse *kp, struct kexpr *e, struct kloc at);
static void yyerror(YYLTYPE *loc, struct kparse *kp, const char *msg);
static void end_block(struct kparse *kp, const char *end, const char *block, struct kloc at);
static struct ksym *word_symbol(struct kparse *kp, char *word, struct kloc at, bool expr);
static struct ksym *string_symbol(struct kparse *kp, char *text, struct kloc at);
static char *prompt_text(char *text);
static void choice_type(struct kparse *kp, enum ktype type, char *prompt, struct kexpr *cond,
			struct kloc at);
static void old_option(struct kparse *kp, const char *name, char *value, struct kloc at);
static void help_done(struct kparse *kp, struct kloc at);
static void set_modules(struct kparse *kp, struct kloc at);
static void source(struct kparse *kp, char *name, struct kloc at, bool relative, bool optional);
static void nested_block(struct kparse *kp, const char *block, struct kloc at);
static void word_prompt(struct kparse *kp, char *word, struct kexpr *cond, struct kloc at);
static void late_mainmenu(struct kparse *kp, char *text, struct kloc at);
}

%union {
	char *string;
	struct ksym *sym;
	struct kexpr *expr;
	struct kmenu *menu;
	enum ktype type;
	int flavor;
}

%token T_HELPTEXT "help text"
%token <string> T_WORD "word"
%token <string> T_WORD_QUOTE "string"
%token <string> T_ASSIGN_VAL "value"
%token T_BOOL "'bool'"
%token T_CHOICE "'choice'"
%token T_CLOSE_PAREN "')'"
%token T_COLON_EQUAL "':='"
%token T_COMMENT "'comment'"
%token T_CONFIG "'config'"
%token T_DEFAULT "'default'"
%token T_DEF_BOOL "'def_bool'"
%token T_DEF_TRISTATE "'def_tristate'"
%token T_DEPENDS "'depends'"
%token T_ENDCHOICE "'endchoice'"
%token T_ENDIF "'endif'"
%token T_ENDMENU "'endmenu'"
%token T_HELP "'help'"
%token T_HEX "'hex'"
%token T_IF "'if'"
%token T_IMPLY "'imply'"
%token T_INT "'int'"
%token T_MAINMENU "'mainmenu'"
%token T_MENU "'menu'"
%token T_MENUCONFIG "'menuconfig'"
%token T_MODULES "'modules'"
%token T_ON "'on'"
%token T_OPEN_PAREN "'('"
%token T_OPTION "'option'"
%token T_OPTIONAL "'optional'"
%token T_ORSOURCE "'orsource'"
%token T_OSOURCE "'osource'"
%token T_PLUS_EQUAL "'+='"
%token T_PROMPT "'prompt'"
%token T_RANGE "'range'"
%token T_RSOURCE "'rsource'"
%token T_SELECT "'select'"
%token T_SOURCE "'source'"
%token T_STRING "'string'"
%token T_TRANSITIONAL "'transitional'"
%token T_TRISTATE "'tristate'"
%token T_VISIBLE "'visible'"
%token T_EOL "end of line"
%token T_OR "'||'"
%token T_AND "'&&'"
%token T_EQUAL "'='"
%token T_UNEQUAL "'!='"
%token T_LESS "'<'"
%token T_LESS_EQUAL "'<='"
%token T_GREATER "'>'"
%token T_GREATER_EQUAL "'>='"
%token T_NOT "'!'"

%left T_OR
%left T_AND
%precedence T_NOT

%type <sym> nonconst_symbol symbol
%type <type> type default
%type <expr> expr if_expr
%type <string> end assign_val word_opt
%type <menu> if_entry menu_entry choice_entry
%type <flavor> assign_op

%destructor {
	flush_pending(kp);
	diag_error(kp, $$->at, "missing end statement for this %s",
		   $$->kind == KM_IF ? "'if'" : $$->kind == KM_MENU ? "'menu'" : "'choice'");
	if ($$->kind == KM_CHOICE)
		kp->current_choice = NULL;
	if (kp->current_menu == $$)
		menu_end_block(kp);
} if_entry menu_entry choice_entry

%%
input: mainmenu_stmt stmt_list | stmt_list;

mainmenu_stmt: T_MAINMENU T_WORD_QUOTE T_EOL	{ kp->mainmenu = prompt_text($2); };

stmt_list:
	  %empty
	| stmt_list assignment_stmt
	| stmt_list choice_stmt
	| stmt_list comment_stmt
	| stmt_list config_stmt
	| stmt_list if_stmt
	| stmt_list menu_stmt
	| stmt_list menuconfig_stmt
	| stmt_list source_stmt
	| stmt_list T_MAINMENU T_WORD_QUOTE T_EOL	{ late_mainmenu(kp, $3, @2); }
	| stmt_list T_WORD error T_EOL {
		free(kp->pending_error);
		kp->pending_error = NULL;
		diag_error(kp, @2, "unknown statement '%s'", $2);
	}
	| stmt_list error T_EOL		{ flush_pending(kp); }
;

stmt_list_in_choice:
	  %empty
	| stmt_list_in_choice comment_stmt
	| stmt_list_in_choice config_stmt
	| stmt_list_in_choice if_stmt_in_choice
	| stmt_list_in_choice menuconfig_stmt
	| stmt_list_in_choice source_stmt
	| stmt_list_in_choice choice_stmt	{ nested_block(kp, "choice", @2); }
	| stmt_list_in_choice menu_stmt		{ nested_block(kp, "menu", @2); }
	| stmt_list_in_choice error T_EOL	{ flush_pending(kp); }
;

/* config and menuconfig entries */

config_entry_start: T_CONFIG nonconst_symbol T_EOL	{ menu_add_entry(kp, KM_CONFIG, $2); };

config_stmt: config_entry_start config_option_list	{ menu_end_config(kp); };

menuconfig_entry_start: T_MENUCONFIG nonconst_symbol T_EOL
	{ menu_add_entry(kp, KM_MENUCONFIG, $2); };

menuconfig_stmt: menuconfig_entry_start config_option_list
{
	if (kp->current_choice && !old_choice_block(kp))
		diag_error(kp, kp->current_entry->at, "syntax error, unexpected 'menuconfig'");
	menu_end_config(kp);
};

config_option_list:
	  %empty
	| config_option_list config_option
	| config_option_list depends
	| config_option_list help
;

config_option: type prompt_stmt_opt T_EOL	{ menu_set_type(kp, $1); };

config_option: T_PROMPT T_WORD_QUOTE if_expr T_EOL	{ menu_add_prompt(kp, prompt_text($2), $3); };

config_option: T_PROMPT T_WORD if_expr T_EOL	{ word_prompt(kp, $2, $3, @2); };

config_option: default expr if_expr T_EOL
{
	menu_add_prop(kp, KP_DEFAULT, $2, $3);
	if ($1 != KT_UNKNOWN)
		menu_set_type(kp, $1);
};

config_option: T_SELECT nonconst_symbol if_expr T_EOL	{ menu_add_prop(kp, KP_SELECT, kx_sym($2), $3); };

config_option: T_IMPLY nonconst_symbol if_expr T_EOL	{ menu_add_prop(kp, KP_IMPLY, kx_sym($2), $3); };

config_option: T_RANGE symbol symbol if_expr T_EOL
	{ menu_add_prop(kp, KP_RANGE, kx_sym($2), $4)->value2 = kx_sym($3); };

config_option: T_MODULES T_EOL		{ set_modules(kp, @1); };

config_option: T_TRANSITIONAL T_EOL	{ kp->current_entry->sym->transitional = true; };

config_option: T_OPTION T_MODULES T_EOL	{ old_option(kp, "modules", NULL, @1); };

config_option: T_OPTION T_WORD T_EOL	{ old_option(kp, $2, NULL, @1); };

config_option: T_OPTION T_WORD T_EQUAL T_WORD_QUOTE T_EOL	{ old_option(kp, $2, $4, @1); };

/* choice entries */

choice: T_CHOICE word_opt T_EOL
{
	if ($2 && kp->version != KV_6_1)
		diag_error(kp, @2, "a choice has no name after Kconfig 6.10");
	menu_add_entry(kp, KM_CHOICE, sym_new_choice(&kp->syms, $2));
	if (kp->version != KV_6_1)
		menu_set_type(kp, KT_BOOL);
};

choice_entry: choice choice_option_list
{
	if (!kp->current_entry->prompt) {
		if (kp->version == KV_6_1)
			diag_warn(kp, kp->current_entry->at, "choice must have a prompt");
		else
			diag_error(kp, kp->current_entry->at, "choice must have a prompt");
	}
	menu_begin_block(kp);
	kp->current_choice = kp->current_entry->sym;
	$$ = kp->current_menu;
};

choice_end: end
{
	kp->current_choice = NULL;
	end_block(kp, $1, "choice", @1);
};

choice_stmt: choice_entry stmt_list_in_choice choice_end;

choice_option_list:
	  %empty
	| choice_option_list choice_option
	| choice_option_list depends
	| choice_option_list help
;

choice_option: T_PROMPT T_WORD_QUOTE if_expr T_EOL	{ menu_add_prompt(kp, prompt_text($2), $3); };

choice_option: type T_EOL		{ choice_type(kp, $1, NULL, NULL, @1); };

choice_option: type T_WORD_QUOTE if_expr T_EOL	{ choice_type(kp, $1, $2, $3, @1); };

choice_option: T_OPTIONAL T_EOL		{ kp->current_entry->sym->optional = true; };

choice_option: T_DEFAULT nonconst_symbol if_expr T_EOL
	{ menu_add_prop(kp, KP_DEFAULT, kx_sym($2), $3); };

type:
	  T_BOOL		{ $$ = KT_BOOL; }
	| T_TRISTATE		{ $$ = KT_TRISTATE; }
	| T_INT			{ $$ = KT_INT; }
	| T_HEX			{ $$ = KT_HEX; }
	| T_STRING		{ $$ = KT_STRING; }
;

default:
	  T_DEFAULT		{ $$ = KT_UNKNOWN; }
	| T_DEF_BOOL		{ $$ = KT_BOOL; }
	| T_DEF_TRISTATE	{ $$ = KT_TRISTATE; }
;

/* if blocks */

if_entry: T_IF expr T_EOL
{
	menu_add_entry(kp, KM_IF, NULL);
	menu_add_dep(kp, $2, NULL);
	menu_begin_block(kp);
	$$ = kp->current_menu;
};

if_end: end	{ end_block(kp, $1, "if", @1); };

if_stmt: if_entry stmt_list if_end;

if_stmt_in_choice: if_entry stmt_list_in_choice if_end;

/* menu blocks */

menu: T_MENU T_WORD_QUOTE T_EOL
{
	menu_add_entry(kp, KM_MENU, NULL);
	menu_add_prompt(kp, prompt_text($2), NULL);
};

menu_entry: menu menu_option_list
{
	menu_begin_block(kp);
	$$ = kp->current_menu;
};

menu_end: end	{ end_block(kp, $1, "menu", @1); };

menu_stmt: menu_entry stmt_list menu_end;

menu_option_list:
	  %empty
	| menu_option_list visible
	| menu_option_list depends
;

source_stmt:
	  T_SOURCE T_WORD_QUOTE T_EOL	{ source(kp, $2, @1, false, false); }
	| T_RSOURCE T_WORD_QUOTE T_EOL	{ source(kp, $2, @1, true, false); }
	| T_OSOURCE T_WORD_QUOTE T_EOL	{ source(kp, $2, @1, false, true); }
	| T_ORSOURCE T_WORD_QUOTE T_EOL	{ source(kp, $2, @1, true, true); }
	| T_SOURCE T_WORD T_EOL
	{
		if (!old_word_prompt(kp)) {
			diag_error(kp, @2, "syntax error, unexpected word");
			free($2);
		} else
			source(kp, $2, @1, false, false);
	}
;

/* comments */

comment: T_COMMENT T_WORD_QUOTE T_EOL
{
	menu_add_entry(kp, KM_COMMENT, NULL);
	menu_add_prompt(kp, prompt_text($2), NULL);
};

comment_stmt: comment comment_option_list;

comment_option_list:
	  %empty
	| comment_option_list depends
;

/* help text */

help_start: T_HELP T_EOL	{ kp->lex.want_help = true; };

help: help_start T_HELPTEXT	{ help_done(kp, @1); };

/* depends on, visible if */

depends: T_DEPENDS T_ON expr if_expr T_EOL
{
	if ($4 && kp->version != KV_7_2)
		diag_error(kp, @4, "'depends on ... if' needs Kconfig 7.2 or later");
	menu_add_dep(kp, $3, $4);
};

depends: T_DEPENDS expr T_EOL
{
	if (kp->era == KE_ZCONF)
		menu_add_dep(kp, $2, NULL);
	else
		diag_error(kp, @2, "syntax error, unexpected %s", $2->op == KX_NOT ? "'!'" : "word");
};

visible: T_VISIBLE if_expr T_EOL
	{ kp->current_entry->visibility = kx_and(kp->current_entry->visibility, $2); };

prompt_stmt_opt:
	  %empty
	| T_WORD_QUOTE if_expr		{ menu_add_prompt(kp, prompt_text($1), $2); }
	| T_WORD if_expr		{ word_prompt(kp, $1, $2, @1); }
;

end:	  T_ENDMENU T_EOL	{ $$ = "menu"; }
	| T_ENDCHOICE T_EOL	{ $$ = "choice"; }
	| T_ENDIF T_EOL		{ $$ = "if"; }
;

if_expr:  %empty		{ $$ = NULL; }
	| T_IF expr		{ $$ = $2; }
;

expr:	  symbol				{ $$ = kx_sym($1); }
	| symbol T_LESS symbol			{ $$ = kx_new(KX_LT, kx_sym($1), kx_sym($3)); }
	| symbol T_LESS_EQUAL symbol		{ $$ = kx_new(KX_LE, kx_sym($1), kx_sym($3)); }
	| symbol T_GREATER symbol		{ $$ = kx_new(KX_GT, kx_sym($1), kx_sym($3)); }
	| symbol T_GREATER_EQUAL symbol		{ $$ = kx_new(KX_GE, kx_sym($1), kx_sym($3)); }
	| symbol T_EQUAL symbol			{ $$ = kx_new(KX_EQ, kx_sym($1), kx_sym($3)); }
	| symbol T_UNEQUAL symbol		{ $$ = kx_new(KX_NE, kx_sym($1), kx_sym($3)); }
	| T_OPEN_PAREN expr T_CLOSE_PAREN	{ $$ = $2; }
	| T_NOT expr				{ $$ = bounded(kp, kx_new(KX_NOT, $2, NULL), @1); }
	| expr T_OR expr			{ $$ = bounded(kp, kx_new(KX_OR, $1, $3), @2); }
	| expr T_AND expr			{ $$ = bounded(kp, kx_new(KX_AND, $1, $3), @2); }
;

nonconst_symbol: T_WORD	{ $$ = word_symbol(kp, $1, @1, false); };

symbol:	  T_WORD	{ $$ = word_symbol(kp, $1, @1, true); }
	| T_WORD_QUOTE	{ $$ = string_symbol(kp, $1, @1); }
;

word_opt: %empty { $$ = NULL; } | T_WORD;

/* macro variables */

assignment_stmt: T_WORD assign_op assign_val T_EOL
{
	kp->pp.stmt = &@1;
	pp_assign(kp, $1, $3, $2);
	kp->pp.stmt = NULL;
	free($1);
	free($3);
};

assign_op:
	  T_EQUAL	{ $$ = PP_RECURSIVE; }
	| T_COLON_EQUAL	{ $$ = PP_SIMPLE; }
	| T_PLUS_EQUAL	{ $$ = PP_APPEND; }
;

assign_val:
	  %empty	{ $$ = xstrdup(""); }
	| T_ASSIGN_VAL
;

%%

/* a syntax error waits for its recovery rule, which may say it better */
static int yyreport_syntax_error(const yypcontext_t *ctx, struct kparse *kp)
{
	yysymbol_kind_t t = yypcontext_token(ctx);

	flush_pending(kp);
	kp->pending_at = *yypcontext_location(ctx);
	kp->pending_error = t == YYSYMBOL_YYEOF ? xstrdup("syntax error, unexpected end of file")
		: xasprintf("syntax error, unexpected %s", yysymbol_name(t));
	return 0;
}

static void yyerror(YYLTYPE *loc, struct kparse *kp, const char *msg)
{
	flush_pending(kp);
	diag_error(kp, *loc, "%s", msg);
}

static void flush_pending(struct kparse *kp)
{
	if (!kp->pending_error)
		return;
	diag_error(kp, kp->pending_at, "%s", kp->pending_error);
	free(kp->pending_error);
	kp->pending_error = NULL;
}

/* the file an end statement is in for zconf_endtoken: after a last line with no newline, the
 * one that sourced the file that ended (none for the top file, in 6.1; see lexer.l) */
static const char *end_file(const struct kparse *kp, struct kloc at)
{
	const struct src_file *ended = kp->lex.ended;

	if (!ended)
		return at.file;
	return ended->parent ? ended->parent->name : NULL;
}

/* parser.y:zconf_endtoken: the end must match its block and be in the same file */
static void end_block(struct kparse *kp, const char *end, const char *block, struct kloc at)
{
	struct kmenu *m = kp->current_menu;
	const char *file = end_file(kp, at);

	if (strcmp(end, block)) {
		diag_error(kp, at, "unexpected 'end%s' within %s block", end, block);
		return;
	}
	if (m->at.file && (!file || strcmp(m->at.file, file))) {
		diag_error(kp, at, "'end%s' in different file than '%s'", end, block);
		return;
	}
	menu_end_block(kp);
}

/* an expression deeper than KX_MAX_DEPTH is an error (reported once a run), cut to its operand */
static struct kexpr *bounded(struct kparse *kp, struct kexpr *e, struct kloc at)
{
	if (e->depth <= KX_MAX_DEPTH)
		return e;
	if (!kp->too_deep)
		diag_error(kp, at, "expression nested deeper than %d levels", KX_MAX_DEPTH);
	kp->too_deep = true;
	return e->a;
}

static bool word_ok(const char *w)
{
	return *w && !strpbrk(w, " \t\n\"()");
}

static struct ksym *word_symbol(struct kparse *kp, char *word, struct kloc at, bool expr)
{
	struct ksym *s;

	if (pp_is_unknown(word)) {
		char *text = pp_strip(word);

		if (expr)
			s = sym_atom(&kp->syms, text, at);
		else {
			diag_error(kp, at, "symbol name '%s' depends on a command that was not run", text);
			s = sym_lookup(&kp->syms, "UNKNOWN");
		}
		free(text);
		free(word);
		return s;
	}
	if (!word_ok(word))
		diag_error(kp, at, "invalid symbol name '%s'", word);
	s = sym_lookup(&kp->syms, word);
	free(word);
	return s;
}

static struct ksym *string_symbol(struct kparse *kp, char *text, struct kloc at)
{
	struct ksym *s;
	char *plain = pp_strip(text);

	s = pp_is_unknown(text) ? sym_atom(&kp->syms, plain, at) : sym_const(&kp->syms, plain);
	free(plain);
	free(text);
	return s;
}

static char *prompt_text(char *text)
{
	char *plain = pp_strip(text);

	free(text);
	return plain;
}

/* bool/tristate in a choice: the type (6.1), or a prompt (6.12 to 7.1) */
static void choice_type(struct kparse *kp, enum ktype type, char *prompt, struct kexpr *cond,
			struct kloc at)
{
	if (kp->version == KV_6_1 && (type == KT_BOOL || type == KT_TRISTATE))
		menu_set_type(kp, type);
	else if (kp->version == KV_6_12 && type == KT_BOOL && prompt)
		;
	else {
		diag_error(kp, at, "syntax error, a choice cannot have type '%s' in Kconfig %s",
			   sym_type_name(type), kp->version == KV_7_2 ? "7.2" : "6.12");
		free(prompt);
		return;
	}
	if (prompt)
		menu_add_prompt(kp, prompt_text(prompt), cond);
}

/*
 * zconf.y and parser.y: 'source' and 'menuconfig' in a choice up to 5.7, an unquoted source
 * path up to 5.5, and up to 4.17 "$NAME" in it; later Kconfig has none of these.
 */
static void source(struct kparse *kp, char *name, struct kloc at, bool relative, bool optional)
{
	char *path = kp->era == KE_ZCONF ? old_expand_path(kp, name) : xstrdup(name);

	if (kp->current_choice && !old_choice_block(kp) && !kp->source_in_choice)
		diag_error(kp, at, "syntax error, unexpected 'source'");
	else
		src_source(kp, path, at, relative, optional || kp->source_optional);
	free(path);
	free(name);
}

/* up to 5.7 an 'if' in a choice holds any statement; a choice holds no menu or choice itself */
static void nested_block(struct kparse *kp, const char *block, struct kloc at)
{
	if (!old_choice_block(kp) || kp->current_menu->kind == KM_CHOICE)
		diag_error(kp, at, "syntax error, unexpected '%s'", block);
}

/* zconf.y (before 4.18) reads 'mainmenu' anywhere in a statement list and ignores it there
 * (2.6.20 to 2.6.32 have one in the middle of arch/mips, s390, um, m68k, frv, mn10300) */
static void late_mainmenu(struct kparse *kp, char *text, struct kloc at)
{
	if (kp->era != KE_ZCONF)
		diag_error(kp, at, "syntax error, unexpected 'mainmenu'");
	free(text);
}

/* the prompt of zconf.y and of parser.y up to 5.5: T_WORD or T_WORD_QUOTE */
static void word_prompt(struct kparse *kp, char *word, struct kexpr *cond, struct kloc at)
{
	if (!old_word_prompt(kp)) {
		diag_error(kp, at, "syntax error, unexpected word");
		free(word);
	} else {
		menu_add_prompt(kp, word, cond);
	}
}

/* parser.y of 6.1 to 7.3: a second 'modules' is an error, even on the same symbol */
static void set_modules(struct kparse *kp, struct kloc at)
{
	struct ksym *s = kp->current_entry->sym;

	if (kp->modules_sym)
		diag_error(kp, at, "symbol '%s' redefines option 'modules' already defined by symbol '%s'",
			   s->name, kp->modules_sym->name);
	else
		kp->modules_sym = s;
}

/* option forms of Linux before 4.19 and of other Kconfig projects */
static void old_option(struct kparse *kp, const char *name, char *value, struct kloc at)
{
	bool native = old_option_native(kp, name);

	if (!strcmp(name, "modules")) {
		if (!native)
			diag_warn(kp, at, "'option modules' is the 'modules' attribute");
		set_modules(kp, at);
	} else if (!strcmp(name, "env") && value && native) {
		old_option_env(kp, value);
	} else if (!strcmp(name, "env") && value) {
		const char *v = env_get(&kp->env, value);

		diag_warn(kp, at, "'option env' is deprecated, use $(%s)", value);
		menu_add_prop(kp, KP_DEFAULT, kx_sym(sym_const(&kp->syms, v ? v : "")), NULL);
	} else if (native) {
		;
	} else {
		diag_warn(kp, at, "ignoring 'option %s'", name);
	}
	free(value);
}

/* Kconfig 7.2 rejects a second or a blank help text; earlier ones warn */
static void help_done(struct kparse *kp, struct kloc at)
{
	struct kmenu *e = kp->current_entry;
	const char *name = e->sym && e->sym->name ? e->sym->name : "<choice>";
	void (*report)(struct kparse *, struct kloc, const char *, ...) =
		kp->version == KV_7_2 ? diag_error : diag_warn;

	if (e->has_help)
		report(kp, at, "'%s' defined with more than one help text", name);
	if (kp->lex.help_blank)
		report(kp, at, "'%s' defined with blank help text", name);
	e->has_help = true;
}

int parse_run(struct kparse *kp)
{
	int r = yyparse(kp);

	flush_pending(kp);
	return r;
}
