/* expr: Kconfig expressions as kir(5) writes them: kinds, constructors, parsing, printing, equality. */
#include "expr.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

static const char *const op_names[] = {
	[EXPR_AND] = "and", [EXPR_OR] = "or", [EXPR_NOT] = "not",
	[EXPR_EQ] = "=", [EXPR_NE] = "!=", [EXPR_LT] = "<",
	[EXPR_LE] = "<=", [EXPR_GT] = ">", [EXPR_GE] = ">=",
};

static struct expr *expr_new(enum expr_kind kind)
{
	struct expr *e = xcalloc(1, sizeof *e);

	e->kind = kind;
	e->index = -1;
	return e;
}

struct expr *expr_const(enum tri value)
{
	struct expr *e = expr_new(EXPR_CONST);

	e->tri = value;
	return e;
}

/* The constant a word "y", "m" or "n" names; -1 for any other word. */
static int const_word(const char *word)
{
	if (!strcmp(word, "y"))
		return TRI_Y;
	if (!strcmp(word, "m"))
		return TRI_M;
	if (!strcmp(word, "n"))
		return TRI_N;
	return -1;
}

struct expr *expr_symbol(const char *name)
{
	int c = const_word(name);
	struct expr *e;

	if (c >= 0)
		return expr_const(c);
	e = expr_new(EXPR_SYMBOL);
	e->name = xstrdup(name);
	return e;
}

struct expr *expr_string(const char *text)
{
	int c = const_word(text);
	struct expr *e;

	if (c >= 0)	/* the kernel's sym_lookup: "y" is symbol_yes */
		return expr_const(c);
	e = expr_new(EXPR_STRING);
	e->name = xstrdup(text);
	return e;
}

struct expr *expr_op(enum expr_kind kind, size_t nargs, struct expr **args)
{
	struct expr *e = expr_new(kind);

	e->nargs = nargs;
	e->args = xmalloc(nargs * sizeof *e->args);
	memcpy(e->args, args, nargs * sizeof *e->args);
	return e;
}

struct expr *expr_not(struct expr *arg)
{
	return expr_op(EXPR_NOT, 1, &arg);
}

struct expr *expr_binary(enum expr_kind kind, struct expr *left, struct expr *right)
{
	struct expr *args[2] = { left, right };

	return expr_op(kind, 2, args);
}

struct expr *expr_copy(const struct expr *e)
{
	struct expr *c = expr_new(e->kind);

	*c = *e;
	if (e->name)
		c->name = xstrdup(e->name);
	if (e->nargs) {
		c->args = xmalloc(e->nargs * sizeof *c->args);
		for (size_t i = 0; i < e->nargs; i++)
			c->args[i] = expr_copy(e->args[i]);
	}
	return c;
}

void expr_free(struct expr *e)
{
	if (!e)
		return;
	for (size_t i = 0; i < e->nargs; i++)
		expr_free(e->args[i]);
	free(e->args);
	free(e->name);
	free(e);
}

bool expr_is_comparison(enum expr_kind kind)
{
	return kind >= EXPR_EQ && kind <= EXPR_GE;
}

const char *expr_op_name(enum expr_kind kind)
{
	return kind >= EXPR_AND && kind <= EXPR_GE ? op_names[kind] : NULL;
}

bool expr_equal(const struct expr *a, const struct expr *b)
{
	if (a->kind != b->kind || a->nargs != b->nargs)
		return false;
	if (a->kind == EXPR_CONST)
		return a->tri == b->tri;
	if (a->name && strcmp(a->name, b->name))
		return false;
	for (size_t i = 0; i < a->nargs; i++)
		if (!expr_equal(a->args[i], b->args[i]))
			return false;
	return true;
}

/* Parsing: a small recursive reader over the text (kir(5), "Lexical elements"). */

/* Operators nest at most this deep: the readers and the programs that walk an expression
 * recurse once per level, and 100,000 levels overflowed the stack. Kconfig's own parser
 * gives up near 10,000. */
enum { MAX_NESTING = 10000 };

struct parser {
	const char *p;
	const char *error;
	int depth;                /* of operators open at p */
};

static bool word_char(char c)
{
	return c && c != ' ' && c != '\t' && c != '\n' && c != '(' && c != ')' && c != '"';
}

static void skip_blanks(struct parser *ps)
{
	while (*ps->p == ' ' || *ps->p == '\t')
		ps->p++;
}

static struct expr *fail(struct parser *ps, const char *message)
{
	if (!ps->error)
		ps->error = message;
	return NULL;
}

/* Reads a quoted string at ps->p into a new buffer; NULL with an error when unterminated. */
static char *parse_quoted(struct parser *ps)
{
	const char *s = ps->p + 1;
	char *text = xmalloc(strlen(s) + 1), *t = text;

	while (*s && *s != '"' && *s != '\n') {
		if (*s == '\\' && (s[1] == '"' || s[1] == '\\'))
			s++;
		else if (*s == '\\') {
			ps->p = s;
			free(text);
			fail(ps, "unknown escape in string");
			return NULL;
		}
		*t++ = *s++;
	}
	if (*s != '"') {
		free(text);
		fail(ps, "unterminated string");
		return NULL;
	}
	*t = '\0';
	ps->p = s + 1;
	return text;
}

static struct expr *parse_expr(struct parser *ps);

static enum expr_kind op_kind(const char *word, size_t len)
{
	for (enum expr_kind k = EXPR_AND; k <= EXPR_GE; k++)
		if (strlen(op_names[k]) == len && !strncmp(op_names[k], word, len))
			return k;
	return EXPR_CONST;
}

static bool arity_ok(enum expr_kind kind, size_t n)
{
	if (kind == EXPR_NOT)
		return n == 1;
	if (kind == EXPR_AND || kind == EXPR_OR)
		return n >= 2;
	return n == 2;
}

static struct expr *parse_operator(struct parser *ps)
{
	const char *word = ++ps->p;
	enum expr_kind kind;
	struct expr **args = NULL, *e;
	size_t n = 0;

	while (word_char(*ps->p))
		ps->p++;
	kind = op_kind(word, ps->p - word);
	if (kind == EXPR_CONST) {
		ps->p = word;
		return fail(ps, "unknown operator");
	}
	if (++ps->depth > MAX_NESTING)
		return fail(ps, "operators nested too deeply");
	for (;;) {
		skip_blanks(ps);
		if (*ps->p == ')' || !*ps->p || *ps->p == '\n')
			break;
		if (!(e = parse_expr(ps)))
			break;
		args = xrealloc(args, (n + 1) * sizeof *args);
		args[n++] = e;
	}
	if (!ps->error && *ps->p != ')')
		fail(ps, "missing ')'");
	if (!ps->error && !arity_ok(kind, n))
		fail(ps, "wrong number of operands");
	if (ps->error) {
		while (n)
			expr_free(args[--n]);
		free(args);
		return NULL;
	}
	ps->depth--;
	ps->p++;
	e = expr_op(kind, n, args);
	free(args);
	return e;
}

static struct expr *parse_expr(struct parser *ps)
{
	const char *start;
	char *text;
	struct expr *e;

	skip_blanks(ps);
	if (*ps->p == '(')
		return parse_operator(ps);
	if (*ps->p == '"') {
		if (!(text = parse_quoted(ps)))
			return NULL;
		e = expr_string(text);
		free(text);
		return e;
	}
	if (!word_char(*ps->p))
		return fail(ps, *ps->p == ')' ? "unexpected ')'" : "expression expected");
	start = ps->p;
	while (word_char(*ps->p))
		ps->p++;
	text = xstrndup(start, ps->p - start);
	e = expr_symbol(text);
	free(text);
	return e;
}

struct expr *expr_parse(const char *text, const char **end, const char **error)
{
	struct parser ps = { text, NULL, 0 };
	struct expr *e = parse_expr(&ps);

	*end = ps.p;
	*error = ps.error;
	return e;
}

/* Printing. */

void expr_print_string(FILE *out, const char *text)
{
	putc('"', out);
	for (const char *s = text; *s; s++) {
		if (*s == '"' || *s == '\\')
			putc('\\', out);
		putc(*s, out);
	}
	putc('"', out);
}

void expr_print(FILE *out, const struct expr *e)
{
	switch (e->kind) {
	case EXPR_CONST:
		putc("nmy"[e->tri], out);
		return;
	case EXPR_SYMBOL:
		fputs(e->name, out);
		return;
	case EXPR_STRING:
		expr_print_string(out, e->name);
		return;
	default:
		fprintf(out, "(%s", op_names[e->kind]);
		for (size_t i = 0; i < e->nargs; i++) {
			putc(' ', out);
			expr_print(out, e->args[i]);
		}
		putc(')', out);
	}
}

char *expr_to_string(const struct expr *e)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&buf, &size);

	if (!f)
		util_die(EXIT_TROUBLE, "out of memory");
	expr_print(f, e);
	if (fclose(f) != 0)
		util_die(EXIT_TROUBLE, "out of memory");
	return buf;
}
