/* ir: the reader of kir(5) files: symbols, choices and abstract atoms, records kept in file order. */
#include "ir.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* Name lookup: one open-addressing table per namespace. */
struct name_table {
	int *slots;	/* index + 1, 0 = empty */
	size_t size;	/* a power of two */
};

struct ir_index {
	struct name_table syms, choices, abstracts;
};

/* The state of one read: the current line and the entry its records belong to. */
struct reader {
	struct ir *ir;
	FILE *in;
	char *line;
	size_t cap;
	long lineno;
	const char *p;			/* cursor in line */
	struct ir_entry *entry;		/* the current config or choice, NULL before the first */
	struct ir_symbol *sym;		/* the current symbol, NULL inside a choice */
	struct ir_choice *choice;	/* the current choice */
	bool in_body;			/* a config, choice or abstract record was seen */
	bool failed;
};

/* Diagnostics. */

static void error_at(struct reader *r, const char *where, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void error_at(struct reader *r, const char *where, const char *fmt, ...)
{
	va_list ap;

	if (r->failed)
		return;
	r->failed = true;
	fprintf(stderr, "%s:%ld:%ld: error: ", r->ir->filename, r->lineno,
		where ? (long)(where - r->line) + 1 : 1L);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* Fields of a record. */

static bool at_end(const char *p)
{
	return !*p || *p == '\n';
}

static bool field_start(struct reader *r)
{
	if (r->failed)
		return false;
	if (*r->p != ' ' && *r->p != '\t') {
		error_at(r, r->p, at_end(r->p) ? "missing field" : "space expected");
		return false;
	}
	while (*r->p == ' ' || *r->p == '\t')
		r->p++;
	if (at_end(r->p)) {
		error_at(r, r->p, "missing field");
		return false;
	}
	return true;
}

static bool word_char(char c)
{
	return c && c != ' ' && c != '\t' && c != '\n' && c != '(' && c != ')' && c != '"';
}

/* A word field, newly allocated; NULL after reporting an error. */
static char *field_word(struct reader *r, const char *what)
{
	const char *start;

	if (!field_start(r))
		return NULL;
	start = r->p;
	while (word_char(*r->p))
		r->p++;
	if (r->p == start || (*r->p && !at_end(r->p) && *r->p != ' ' && *r->p != '\t')) {
		error_at(r, start, "%s expected", what);
		return NULL;
	}
	return xstrndup(start, r->p - start);
}

static struct expr *field_expr(struct reader *r)
{
	const char *end, *message;
	struct expr *e;

	if (!field_start(r))
		return NULL;
	e = expr_parse(r->p, &end, &message);
	if (!e) {
		error_at(r, end, "%s", message);
		return NULL;
	}
	r->p = end;
	return e;
}

static char *field_string(struct reader *r)
{
	const char *end, *message;
	struct expr *e;
	char *text;

	if (!field_start(r))
		return NULL;
	if (*r->p != '"') {
		error_at(r, r->p, "string expected");
		return NULL;
	}
	e = expr_parse(r->p, &end, &message);
	if (!e) {
		error_at(r, end, "%s", message);
		return NULL;
	}
	r->p = end;
	if (e->kind == EXPR_CONST)	/* expr_string folds "y", "m", "n" */
		text = xstrdup((const char[]){ "nmy"[e->tri], '\0' });
	else
		text = xstrdup(e->name);
	expr_free(e);
	return text;
}

static bool field_line(struct reader *r, long *out)
{
	char *word = field_word(r, "line number"), *end;
	const char *start = r->p;

	if (!word)
		return false;
	errno = 0;
	*out = strtol(word, &end, 10);
	if (*end || errno || *out < 0) {
		error_at(r, start - strlen(word), "line number expected");
		*out = 0;
	}
	free(word);
	return !r->failed;
}

static bool record_end(struct reader *r)
{
	if (r->failed)
		return false;
	while (*r->p == ' ' || *r->p == '\t')
		r->p++;
	if (!at_end(r->p))
		error_at(r, r->p, "unexpected text after the record");
	return !r->failed;
}

/* Growing arrays. */

#define PUSH(array, count) \
	((array) = xrealloc((array), ((count) + 1) * sizeof *(array)), &(array)[(count)++])

/* Types and versions. */

static const char *const type_names[] = {
	[IR_BOOL] = "bool", [IR_TRISTATE] = "tristate", [IR_STRING] = "string",
	[IR_INT] = "int", [IR_HEX] = "hex", [IR_UNKNOWN] = "unknown",
};

const char *ir_type_name(enum ir_type type)
{
	return type_names[type];
}

static bool type_of(const char *word, enum ir_type *out)
{
	for (enum ir_type t = IR_BOOL; t <= IR_UNKNOWN; t++)
		if (!strcmp(word, type_names[t])) {
			*out = t;
			return true;
		}
	return false;
}

bool ir_semantics_of(const char *version, enum ir_semantics *out)
{
	int major, minor, sublevel, used = 0;

	if (sscanf(version, "%d.%d%n.%d%n", &major, &minor, &used, &sublevel, &used) < 2 ||
	    version[used])
		return false;
	if (major < 6 || (major == 6 && minor <= 10))
		*out = IR_KCONFIG_6_1;
	else if (major == 6 || (major == 7 && minor < 2))
		*out = IR_KCONFIG_6_12;
	else
		*out = IR_KCONFIG_7_2;
	return true;
}

/* kir(5) kconfig: a release before 5.10 as major * 1000 + minor (2.6.Z: 2006), else 0 */
int ir_kconfig_old(const char *version)
{
	int major = 0, minor = 0;

	if (sscanf(version, "%d.%d", &major, &minor) != 2 || major > 5 || (major == 5 && minor >= 10))
		return 0;
	return major * 1000 + minor;
}

/* Header records (kir(5) HEADER RECORDS). */

static bool header_string(struct reader *r, char **slot, const char *kind)
{
	if (*slot) {
		error_at(r, r->line, "second '%s' record", kind);
		return false;
	}
	*slot = field_string(r);
	return record_end(r);
}

static bool header_word(struct reader *r, char **slot, const char *kind)
{
	if (*slot) {
		error_at(r, r->line, "second '%s' record", kind);
		return false;
	}
	*slot = field_word(r, "word");
	return record_end(r);
}

static bool read_kconfig(struct reader *r)
{
	const char *start = r->p + 1;

	if (!header_word(r, &r->ir->kconfig, "kconfig"))
		return false;
	if (!ir_semantics_of(r->ir->kconfig, &r->ir->semantics))
		error_at(r, start, "kconfig version '%s' is not X.Y", r->ir->kconfig);
	return !r->failed;
}

static bool read_env(struct reader *r)
{
	struct ir_env *env = PUSH(r->ir->env, r->ir->nenv);

	env->name = field_word(r, "variable name");
	env->value = field_string(r);
	return record_end(r);
}

static bool read_header(struct reader *r, const char *kind)
{
	struct ir *ir = r->ir;

	if (r->in_body) {
		error_at(r, r->line, "header record '%s' after the first symbol", kind);
		return false;
	}
	if (!strcmp(kind, "input"))
		return header_string(r, &ir->input, kind);
	if (!strcmp(kind, "kconfig"))
		return read_kconfig(r);
	if (!strcmp(kind, "arch"))
		return header_word(r, &ir->arch, kind);
	if (!strcmp(kind, "srcarch"))
		return header_word(r, &ir->srcarch, kind);
	if (!strcmp(kind, "kernelversion"))
		return header_word(r, &ir->kernelversion, kind);
	if (!strcmp(kind, "macros"))
		return header_word(r, &ir->macros, kind);
	if (!strcmp(kind, "mainmenu"))
		return header_string(r, &ir->mainmenu, kind);
	if (!strcmp(kind, "modules"))
		return header_word(r, &ir->modules, kind);
	return read_env(r);
}

/* Entry records (kir(5) SYMBOL RECORDS, CHOICE RECORDS). */

/* Reads "NAME TYPE" of a config or choice record into e and makes e the group that the
 * following records belong to; returns the type word (the caller checks it), *at its column. */
static char *open_group(struct reader *r, struct ir_entry *e, const char *what, const char **at)
{
	e->ir_line = r->lineno;
	e->name = field_word(r, what);
	*at = r->p + 1;
	r->entry = e;
	r->sym = NULL;
	r->choice = NULL;
	r->in_body = true;
	return field_word(r, "type");
}

static bool read_config(struct reader *r)
{
	struct ir_symbol *s;
	const char *at;
	char *type;

	if (r->ir->nchoices) {
		error_at(r, r->line, "config record after the first choice");
		return false;
	}
	s = PUSH(r->ir->syms, r->ir->nsyms);
	memset(s, 0, sizeof *s);
	s->choice = -1;
	type = open_group(r, &s->e, "symbol name", &at);
	if (type && !type_of(type, &s->e.type))
		error_at(r, at, "unknown type '%s'", type);
	free(type);
	r->sym = s;
	return record_end(r);
}

static bool read_choice(struct reader *r)
{
	struct ir_choice *c = PUSH(r->ir->choices, r->ir->nchoices);
	const char *at;
	char *type;

	memset(c, 0, sizeof *c);
	type = open_group(r, &c->e, "choice name", &at);
	if (type && (!type_of(type, &c->e.type) || (c->e.type > IR_TRISTATE && c->e.type != IR_UNKNOWN)))
		error_at(r, at, "choice type must be bool, tristate or unknown, not '%s'", type);
	else if (type && c->e.type == IR_UNKNOWN && r->ir->semantics != IR_KCONFIG_6_1)
		error_at(r, at, "choice type unknown is for kconfig 6.1 only");
	free(type);
	r->choice = c;
	return record_end(r);
}

static bool read_abstract(struct reader *r)
{
	struct ir_abstract *a = PUSH(r->ir->abstracts, r->ir->nabstracts);
	const char *at = r->p + 1;

	memset(a, 0, sizeof *a);
	r->in_body = true;
	a->name = field_word(r, "atom name");
	if (a->name && a->name[0] != '$')
		error_at(r, at, "abstract atom '%s' does not start with '$'", a->name);
	a->text = field_string(r);
	a->file = field_string(r);
	field_line(r, &a->line);
	return record_end(r);
}

static bool read_loc(struct reader *r, struct ir_entry *e)
{
	struct ir_loc *loc = PUSH(e->locs, e->nlocs);

	loc->file = field_string(r);
	loc->line = 0;
	field_line(r, &loc->line);
	return record_end(r);
}

static bool read_dep(struct reader *r, struct ir_entry *e)
{
	*PUSH(e->deps, e->ndeps) = field_expr(r);
	return record_end(r);
}

static bool read_prompt(struct reader *r, struct ir_entry *e)
{
	struct ir_prompt *p = PUSH(e->prompts, e->nprompts);

	p->cond = field_expr(r);
	p->text = field_string(r);
	return record_end(r);
}

static bool read_default(struct reader *r, struct ir_entry *e)
{
	struct ir_default *d = PUSH(e->defaults, e->ndefaults);

	d->value = field_expr(r);
	d->cond = d->value ? field_expr(r) : NULL;
	return record_end(r);
}

static bool read_select(struct reader *r, struct ir_select *s)
{
	s->target_index = -1;
	s->target = field_word(r, "symbol name");
	s->cond = s->target ? field_expr(r) : NULL;
	return record_end(r);
}

static bool read_range(struct reader *r, struct ir_symbol *s)
{
	struct ir_range *range = PUSH(s->ranges, s->nranges);

	memset(range, 0, sizeof *range);
	range->low = field_expr(r);
	range->high = range->low ? field_expr(r) : NULL;
	range->cond = range->high ? field_expr(r) : NULL;
	return record_end(r);
}

static bool read_flag(struct reader *r, struct ir_entry *e)
{
	const char *at = r->p + 1;
	char *word = field_word(r, "flag");

	if (!word)
		return false;
	if (r->sym && !strcmp(word, "transitional"))
		e->flags |= IR_FLAG_TRANSITIONAL;
	else if (r->choice && !strcmp(word, "optional"))
		e->flags |= IR_FLAG_OPTIONAL;
	else
		error_at(r, at, "unknown flag '%s' for %s '%s'", word, r->sym ? "symbol" : "choice", e->name);
	free(word);
	return record_end(r);
}

static bool read_member(struct reader *r, struct ir_choice *c)
{
	char *word = field_word(r, "symbol name");

	if (!word)
		return false;
	/* The index is resolved after the whole file is read; keep the name for now. */
	c->members = xrealloc(c->members, (c->nmembers + 1) * sizeof *c->members);
	c->members[c->nmembers++] = ir_find_symbol(r->ir, word);
	if (c->members[c->nmembers - 1] < 0)
		error_at(r, r->p - strlen(word), "member '%s' is not a declared symbol", word);
	free(word);
	return record_end(r);
}

/* The records that belong to the current entry; the name field must be that entry's. */
static bool read_entry_record(struct reader *r, const char *kind)
{
	const char *at = r->p + 1;
	char *name = field_word(r, "name");
	bool symbol_only = !strcmp(kind, "select") || !strcmp(kind, "imply") || !strcmp(kind, "range");
	struct ir_entry *e = r->entry;

	if (!name)
		return false;
	if (!e || strcmp(name, e->name))
		error_at(r, at, "'%s' record for '%s' outside the records of '%s'", kind, name,
			 e ? e->name : "any symbol");
	else if (symbol_only && !r->sym)
		error_at(r, r->line, "'%s' record for choice '%s'", kind, name);
	else if (!strcmp(kind, "member") && !r->choice)
		error_at(r, r->line, "'member' record for symbol '%s'", name);
	free(name);
	if (r->failed)
		return false;
	if (!strcmp(kind, "loc"))
		return read_loc(r, e);
	if (!strcmp(kind, "dep"))
		return read_dep(r, e);
	if (!strcmp(kind, "prompt"))
		return read_prompt(r, e);
	if (!strcmp(kind, "default"))
		return read_default(r, e);
	if (!strcmp(kind, "select"))
		return read_select(r, PUSH(r->sym->selects, r->sym->nselects));
	if (!strcmp(kind, "imply"))
		return read_select(r, PUSH(r->sym->implies, r->sym->nimplies));
	if (!strcmp(kind, "range"))
		return read_range(r, r->sym);
	if (!strcmp(kind, "flag"))
		return read_flag(r, e);
	return read_member(r, r->choice);
}

static bool is_one_of(const char *word, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(word, *list))
			return true;
	return false;
}

static const char *const header_kinds[] = {
	"input", "kconfig", "arch", "srcarch", "kernelversion", "macros", "env", "mainmenu",
	"modules", NULL,
};
static const char *const entry_kinds[] = {
	"loc", "dep", "prompt", "default", "select", "imply", "range", "flag", "member", NULL,
};

static bool read_record(struct reader *r, const char *kind)
{
	if (is_one_of(kind, header_kinds))
		return read_header(r, kind);
	if (is_one_of(kind, entry_kinds))
		return read_entry_record(r, kind);
	if (!strcmp(kind, "config"))
		return read_config(r);
	if (!strcmp(kind, "choice"))
		return read_choice(r);
	if (!strcmp(kind, "abstract"))
		return read_abstract(r);
	error_at(r, r->line, "unknown record '%s'", kind);
	return false;
}

/* Name lookup. */

static size_t hash_name(const char *s)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

typedef const char *name_of_fn(const struct ir *ir, int i);

static const char *symbol_name(const struct ir *ir, int i) { return ir->syms[i].e.name; }
static const char *choice_name(const struct ir *ir, int i) { return ir->choices[i].e.name; }
static const char *abstract_name(const struct ir *ir, int i) { return ir->abstracts[i].name; }

static int table_find(const struct ir *ir, const struct name_table *t, name_of_fn *name_of,
		      const char *name)
{
	if (!t->size)
		return -1;
	for (size_t h = hash_name(name) & (t->size - 1);; h = (h + 1) & (t->size - 1)) {
		if (!t->slots[h])
			return -1;
		if (!strcmp(name_of(ir, t->slots[h] - 1), name))
			return t->slots[h] - 1;
	}
}

/* Fills t with n names; returns the index of a duplicate name, or -1. */
static int table_build(const struct ir *ir, struct name_table *t, name_of_fn *name_of, size_t n)
{
	int dup = -1;

	for (t->size = 16; t->size < 2 * n + 2; t->size *= 2)
		;
	t->slots = xcalloc(t->size, sizeof *t->slots);
	for (size_t i = 0; i < n; i++) {
		size_t h = hash_name(name_of(ir, i)) & (t->size - 1);

		if (table_find(ir, t, name_of, name_of(ir, i)) >= 0 && dup < 0)
			dup = i;
		while (t->slots[h])
			h = (h + 1) & (t->size - 1);
		t->slots[h] = i + 1;
	}
	return dup;
}

int ir_find_symbol(const struct ir *ir, const char *name)
{
	return ir->index ? table_find(ir, &ir->index->syms, symbol_name, name) : -1;
}

int ir_find_choice(const struct ir *ir, const char *name)
{
	return ir->index ? table_find(ir, &ir->index->choices, choice_name, name) : -1;
}

int ir_find_abstract(const struct ir *ir, const char *name)
{
	return ir->index ? table_find(ir, &ir->index->abstracts, abstract_name, name) : -1;
}

/* Builds the symbol table when the first choice or the end is reached (members need it). */
static bool index_symbols(struct reader *r)
{
	struct ir *ir = r->ir;
	int dup;

	if (ir->index)
		return true;
	ir->index = xcalloc(1, sizeof *ir->index);
	dup = table_build(ir, &ir->index->syms, symbol_name, ir->nsyms);
	if (dup >= 0) {
		r->lineno = ir->syms[dup].e.ir_line;
		error_at(r, NULL, "symbol '%s' declared twice", ir->syms[dup].e.name);
	}
	return !r->failed;
}

static bool index_rest(struct reader *r)
{
	struct ir *ir = r->ir;
	int dup = table_build(ir, &ir->index->choices, choice_name, ir->nchoices);

	if (dup >= 0) {
		r->lineno = ir->choices[dup].e.ir_line;
		error_at(r, NULL, "choice '%s' declared twice", ir->choices[dup].e.name);
	}
	dup = table_build(ir, &ir->index->abstracts, abstract_name, ir->nabstracts);
	if (dup >= 0)
		error_at(r, NULL, "abstract atom '%s' declared twice", ir->abstracts[dup].name);
	return !r->failed;
}

/* Resolution of the words of every expression (kir(5): order of lookup). */

static void resolve_expr(const struct ir *ir, struct expr *e)
{
	for (size_t i = 0; i < e->nargs; i++)
		resolve_expr(ir, e->args[i]);
	if (e->kind != EXPR_SYMBOL)
		return;
	if ((e->index = ir_find_symbol(ir, e->name)) >= 0)
		e->ref = EXPR_REF_SYMBOL;
	else if ((e->index = ir_find_abstract(ir, e->name)) >= 0)
		e->ref = EXPR_REF_ABSTRACT;
	else if ((e->index = ir_find_choice(ir, e->name)) >= 0)
		e->ref = EXPR_REF_CHOICE;
	else
		e->ref = EXPR_REF_UNDEFINED;
}

static void resolve_entry(const struct ir *ir, struct ir_entry *e)
{
	for (size_t i = 0; i < e->ndeps; i++)
		resolve_expr(ir, e->deps[i]);
	for (size_t i = 0; i < e->nprompts; i++)
		resolve_expr(ir, e->prompts[i].cond);
	for (size_t i = 0; i < e->ndefaults; i++) {
		resolve_expr(ir, e->defaults[i].value);
		resolve_expr(ir, e->defaults[i].cond);
	}
}

static void add_reverse(struct ir *ir, int from, struct ir_select *sel, bool imply)
{
	struct ir_symbol *t;
	struct ir_reverse *rev;

	resolve_expr(ir, sel->cond);
	if ((sel->target_index = ir_find_symbol(ir, sel->target)) < 0)
		return;
	t = &ir->syms[sel->target_index];
	rev = imply ? PUSH(t->implied_by, t->nimplied_by) : PUSH(t->selected_by, t->nselected_by);
	rev->from = from;
	rev->cond = sel->cond;
}

static void resolve_symbol(struct ir *ir, int i)
{
	struct ir_symbol *s = &ir->syms[i];

	resolve_entry(ir, &s->e);
	for (size_t j = 0; j < s->nselects; j++)
		add_reverse(ir, i, &s->selects[j], false);
	for (size_t j = 0; j < s->nimplies; j++)
		add_reverse(ir, i, &s->implies[j], true);
	for (size_t j = 0; j < s->nranges; j++) {
		resolve_expr(ir, s->ranges[j].low);
		resolve_expr(ir, s->ranges[j].high);
		resolve_expr(ir, s->ranges[j].cond);
	}
}

/* Checks that need the whole file: one dep per loc, members in one choice, modules declared. */
static bool check_entry(struct reader *r, const struct ir_entry *e)
{
	if (e->ndeps != e->nlocs) {
		r->lineno = e->ir_line;
		error_at(r, NULL, "'%s' has %zu loc records but %zu dep records", e->name, e->nlocs,
			 e->ndeps);
	}
	return !r->failed;
}

static bool resolve_all(struct reader *r)
{
	struct ir *ir = r->ir;

	if (!index_symbols(r) || !index_rest(r))
		return false;
	for (size_t i = 0; i < ir->nsyms && check_entry(r, &ir->syms[i].e); i++)
		resolve_symbol(ir, i);
	for (size_t c = 0; c < ir->nchoices && check_entry(r, &ir->choices[c].e); c++) {
		resolve_entry(ir, &ir->choices[c].e);
		for (size_t m = 0; m < ir->choices[c].nmembers; m++) {
			struct ir_symbol *s = &ir->syms[ir->choices[c].members[m]];

			if (s->choice >= 0) {
				r->lineno = ir->choices[c].e.ir_line;
				error_at(r, NULL, "'%s' is a member of two choices", s->e.name);
			}
			s->choice = c;
		}
	}
	ir->modules_index = ir->modules ? ir_find_symbol(ir, ir->modules) : -1;
	return !r->failed;
}

/* The line loop. */

static bool next_line(struct reader *r)
{
	ssize_t n = getline(&r->line, &r->cap, r->in);

	if (n < 0)
		return false;
	r->lineno++;
	if (n > 0 && r->line[n - 1] == '\n')
		r->line[n - 1] = '\0';
	r->p = r->line;
	return true;
}

static bool read_magic(struct reader *r)
{
	if (!next_line(r) || strcmp(r->line, "kir 1")) {
		r->lineno = 1;
		error_at(r, NULL, "not a kir 1 file (the first line must be 'kir 1')");
		return false;
	}
	return true;
}

static bool nothing_after_end(struct reader *r)
{
	if (next_line(r))
		error_at(r, r->line, "text after the end marker");
	return !r->failed;
}

/* Reads records up to the end marker; false after reporting an error. */
static bool read_records(struct reader *r)
{
	while (next_line(r)) {
		const char *start = r->p;
		char *kind;
		bool ok;

		if (!*start || *start == '#')
			continue;
		while (word_char(*r->p))
			r->p++;
		kind = xstrndup(start, r->p - start);
		if (!strcmp(kind, "end")) {
			free(kind);
			return record_end(r) && nothing_after_end(r);
		}
		if (!strcmp(kind, "choice") && !index_symbols(r))
			ok = false;
		else
			ok = read_record(r, kind);
		free(kind);
		if (!ok)
			return false;
	}
	if (ferror(r->in))
		util_die(EXIT_TROUBLE, "%s: read error: %s", r->ir->filename, strerror(errno));
	r->lineno++;
	error_at(r, NULL, "missing end marker (truncated file?)");
	return false;
}

struct ir *ir_read(FILE *in, const char *name)
{
	struct reader r = { 0 };
	struct ir *ir = xcalloc(1, sizeof *ir);

	ir->filename = xstrdup(name);
	ir->semantics = IR_KCONFIG_7_2;
	ir->modules_index = -1;
	r.ir = ir;
	r.in = in;
	if (!read_magic(&r) || !read_records(&r) || !resolve_all(&r)) {
		free(r.line);
		ir_free(ir);
		return NULL;
	}
	free(r.line);
	return ir;
}

struct ir *ir_read_file(const char *path)
{
	FILE *in = strcmp(path, "-") ? fopen(path, "r") : stdin;
	struct ir *ir;

	if (!in)
		util_die(EXIT_TROUBLE, "cannot open '%s': %s", path, strerror(errno));
	ir = ir_read(in, in == stdin ? "<stdin>" : path);
	if (in != stdin)
		fclose(in);
	return ir;
}

/* Freeing. */

static void free_entry(struct ir_entry *e)
{
	free(e->name);
	for (size_t i = 0; i < e->nlocs; i++)
		free(e->locs[i].file);
	free(e->locs);
	for (size_t i = 0; i < e->ndeps; i++)
		expr_free(e->deps[i]);
	free(e->deps);
	for (size_t i = 0; i < e->nprompts; i++) {
		expr_free(e->prompts[i].cond);
		free(e->prompts[i].text);
	}
	free(e->prompts);
	for (size_t i = 0; i < e->ndefaults; i++) {
		expr_free(e->defaults[i].value);
		expr_free(e->defaults[i].cond);
	}
	free(e->defaults);
}

static void free_selects(struct ir_select *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(s[i].target);
		expr_free(s[i].cond);
	}
	free(s);
}

static void free_symbol(struct ir_symbol *s)
{
	free_entry(&s->e);
	free_selects(s->selects, s->nselects);
	free_selects(s->implies, s->nimplies);
	for (size_t i = 0; i < s->nranges; i++) {
		expr_free(s->ranges[i].low);
		expr_free(s->ranges[i].high);
		expr_free(s->ranges[i].cond);
	}
	free(s->ranges);
	free(s->selected_by);
	free(s->implied_by);
}

static void free_index(struct ir_index *index)
{
	if (!index)
		return;
	free(index->syms.slots);
	free(index->choices.slots);
	free(index->abstracts.slots);
	free(index);
}

void ir_free(struct ir *ir)
{
	if (!ir)
		return;
	for (size_t i = 0; i < ir->nsyms; i++)
		free_symbol(&ir->syms[i]);
	free(ir->syms);
	for (size_t i = 0; i < ir->nchoices; i++) {
		free_entry(&ir->choices[i].e);
		free(ir->choices[i].members);
	}
	free(ir->choices);
	for (size_t i = 0; i < ir->nabstracts; i++) {
		free(ir->abstracts[i].name);
		free(ir->abstracts[i].text);
		free(ir->abstracts[i].file);
	}
	free(ir->abstracts);
	for (size_t i = 0; i < ir->nenv; i++) {
		free(ir->env[i].name);
		free(ir->env[i].value);
	}
	free(ir->env);
	free_index(ir->index);
	free(ir->input);
	free(ir->kconfig);
	free(ir->arch);
	free(ir->srcarch);
	free(ir->kernelversion);
	free(ir->macros);
	free(ir->mainmenu);
	free(ir->modules);
	free(ir->filename);
	free(ir);
}
