/*
 * preprocess: the Kconfig macro language (SEMANTICS 4; the kernel's preprocess.c):
 * variables (=, :=, +=), user functions with $(1)..., the built-ins error-if, filename,
 * info, lineno, shell and warning-if, then environment variables.
 * Without --shell no command runs: a $(shell,...) result is unknown, kept in the text
 * between KP_UNKNOWN_OPEN and KP_UNKNOWN_CLOSE so that the lexer can turn the word or
 * string holding it into an abstract atom (kir(5)).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "kparse.h"
#include "util.h"

#define MAX_ARGS 16
#define MAX_DEPTH 1000

struct pp_var {
	char *name, *value;
	int flavor;
	int expanding;
	struct pp_var *next;
};

struct sbuf {
	char *s;
	size_t len, cap;
};

static void sb_add(struct sbuf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->s = xrealloc(b->s, b->cap);
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = 0;
}

static char *sb_take(struct sbuf *b)
{
	if (!b->s)
		return xstrdup("");
	return b->s;
}

bool pp_is_unknown(const char *s)
{
	return strchr(s, KP_UNKNOWN_OPEN) != NULL;
}

char *pp_strip(const char *s)
{
	char *out = xmalloc(strlen(s) + 1), *w = out;

	for (; *s; s++)
		if (*s != KP_UNKNOWN_OPEN && *s != KP_UNKNOWN_CLOSE)
			*w++ = *s;
	*w = 0;
	return out;
}

/* the unknown result of the macro whose text (with the arguments expanded) is given */
static char *unknown(const char *name, int argc, char **argv)
{
	struct sbuf b = { 0 };
	char mark[2] = { KP_UNKNOWN_OPEN, 0 };

	sb_add(&b, mark, 1);
	sb_add(&b, "$(", 2);
	sb_add(&b, name, strlen(name));
	for (int i = 0; i < argc; i++) {
		sb_add(&b, ",", 1);
		sb_add(&b, argv[i], strlen(argv[i]));
	}
	mark[0] = KP_UNKNOWN_CLOSE;
	sb_add(&b, ")", 1);
	sb_add(&b, mark, 1);
	return sb_take(&b);
}

int lex_lineno(struct kparse *kp);

static struct kloc here(struct kparse *kp)
{
	if (kp->pp.stmt)
		return *kp->pp.stmt;
	return (struct kloc){ kp->file ? kp->file->name : kp->top, lex_lineno(kp), kp->lex.tok.col };
}

/*
 * What do_shell keeps of a command's output: at most 4 KiB (255 bytes from 4.18 to 5.9,
 * preprocess.c's char buf[256]), trailing newlines dropped, the others spaces.
 */
static char *shell_result(struct kparse *kp, const char *raw, size_t n)
{
	size_t cap = kp->era == KE_4_18 ? 256 : 4096;
	char *buf;

	if (n >= cap)
		n = cap - 1;
	buf = xstrndup(raw, n);
	while (n > 0 && buf[n - 1] == '\n')
		n--;
	buf[n] = 0;
	for (size_t i = 0; i < n; i++)
		if (buf[i] == '\n')
			buf[i] = ' ';
	return buf;
}

/* $(shell,cmd) like the kernel, or its recorded answer (--shell-answers) */
static char *run_shell(struct kparse *kp, const char *cmd)
{
	char buf[4096];
	const char *answer;
	size_t n;
	FILE *p;

	if (kp->answers) {
		if ((answer = answers_find(kp->answers, cmd)))
			return shell_result(kp, answer, strlen(answer));
		diag_error(kp, here(kp), "no recorded answer for '%s'", cmd);
		return xstrdup("");
	}
	fflush(stdout);
	p = popen(cmd, "r");
	if (!p) {
		diag_error(kp, here(kp), "cannot run '%s'", cmd);
		return xstrdup("");
	}
	n = fread(buf, 1, sizeof(buf), p);
	pclose(p);
	return shell_result(kp, buf, n);
}

static char *builtin(struct kparse *kp, const char *name, int argc, char **argv, bool *found)
{
	static const struct { const char *name; int args; } table[] = {
		{ "error-if", 2 }, { "filename", 0 }, { "info", 1 },
		{ "lineno", 0 }, { "shell", 1 }, { "warning-if", 2 },
	};
	size_t i;

	for (i = 0; i < sizeof(table) / sizeof(table[0]) && strcmp(table[i].name, name); i++)
		;
	if ((*found = i < sizeof(table) / sizeof(table[0])) && argc != table[i].args) {
		diag_error(kp, here(kp), "too %s function arguments passed to '%s'",
			   argc < table[i].args ? "few" : "many", name);
		return xstrdup("");
	}
	if (!*found)
		return NULL;
	if (!strcmp(name, "shell"))
		return (kp->shell || kp->answers) && !pp_is_unknown(argv[0]) ? run_shell(kp, argv[0])
							     : unknown(name, argc, argv);
	if (!strcmp(name, "filename"))
		return xstrdup(kp->file ? kp->file->name : kp->top);
	if (!strcmp(name, "lineno"))
		return xasprintf("%d", lex_lineno(kp));
	if (!strcmp(name, "info")) {
		char *text = pp_strip(argv[0]);

		fprintf(stderr, "%s\n", text);
		free(text);
	} else if (!strcmp(argv[0], "y")) {	/* an unknown condition never fires */
		char *text = pp_strip(argv[1]);

		if (!strcmp(name, "error-if"))
			diag_error(kp, here(kp), "%s", text);
		else
			diag_warn(kp, here(kp), "%s", text);
		free(text);
	}
	return xstrdup("");
}

static struct pp_var *var_find(struct kparse *kp, const char *name)
{
	for (struct pp_var *v = kp->pp.vars; v; v = v->next)
		if (!strcmp(v->name, name))
			return v;
	return NULL;
}

static char *expand(struct kparse *kp, const char **str, bool token, int argc, char **argv);

static char *var_expand(struct kparse *kp, struct pp_var *v, int argc, char **argv)
{
	char *res;

	if (argc == 0 && v->expanding) {
		diag_error(kp, here(kp), "recursive variable '%s' references itself (eventually)",
			   v->name);
		return xstrdup("");
	}
	if (v->flavor != PP_RECURSIVE)
		return xstrdup(v->value);
	v->expanding++;
	const char *in = v->value;
	res = expand(kp, &in, false, argc, argv);
	v->expanding--;
	return res;
}

/* split "name,arg,..." at the commas outside parentheses */
static int split_args(char *s, char **parts)
{
	int n = 0, nest = 0;

	parts[n++] = s;
	for (; *s; s++) {
		if (*s == '(')
			nest++;
		else if (*s == ')')
			nest--;
		else if (*s == ',' && !nest) {
			*s = 0;
			if (n >= MAX_ARGS)
				return -1;
			parts[n++] = s + 1;
		}
	}
	return n;
}

static char *lookup(struct kparse *kp, const char *name, int n, char **args)
{
	struct pp_var *v = var_find(kp, name);
	bool found;
	char *res;
	const char *value;

	if (pp_is_unknown(name))
		return unknown(name, n, args);
	if (v)
		return var_expand(kp, v, n, args);
	res = builtin(kp, name, n, args, &found);
	if (found)
		return res;
	if (n == 0 && (value = env_get(&kp->env, name)))
		return xstrdup(value);
	return xstrdup("");
}

static char *eval_clause(struct kparse *kp, const char *s, size_t len, int argc, char **argv)
{
	char *tmp = xstrndup(s, len), *end, *parts[MAX_ARGS + 1], *args[MAX_ARGS], *name, *res;
	unsigned long k = strtoul(tmp, &end, 10);
	int n;

	if (!*end && k > 0 && k <= (unsigned long)argc) {
		free(tmp);
		return xstrdup(argv[k - 1]);
	}
	n = split_args(tmp, parts);
	if (n < 0) {
		diag_error(kp, here(kp), "too many function arguments");
		free(tmp);
		return xstrdup("");
	}
	const char *in = parts[0];
	name = expand(kp, &in, false, argc, argv);
	for (int i = 1; i < n; i++) {
		in = parts[i];
		args[i - 1] = expand(kp, &in, false, argc, argv);
	}
	res = lookup(kp, name, n - 1, args);
	for (int i = 1; i < n; i++)
		free(args[i - 1]);
	free(name);
	free(tmp);
	return res;
}

/* after a '$': a reference $(...), else the '$' stands for itself */
static char *expand_dollar(struct kparse *kp, const char **str, int argc, char **argv)
{
	const char *p = *str, *q;
	int nest = 0;
	char *res;

	if (*p != '(')
		return xstrdup("$");
	for (q = ++p; *q; q++)
		if (*q == '(')
			nest++;
		else if (*q == ')' && nest-- == 0)
			break;
	if (!*q) {
		diag_error(kp, here(kp), "unterminated reference to '%s': missing ')'", p);
		*str = q;
		return xstrdup("");
	}
	*str = q + 1;
	if (kp->pp.depth >= MAX_DEPTH) {
		diag_error(kp, here(kp), "too deep recursive expansion");
		return xstrdup("");
	}
	kp->pp.depth++;
	res = eval_clause(kp, p, q - p, argc, argv);
	kp->pp.depth--;
	return res;
}

static bool token_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '-';
}

/* expand up to the end of the string, or of the token when token is set */
static char *expand(struct kparse *kp, const char **str, bool token, int argc, char **argv)
{
	struct sbuf b = { 0 };
	const char *p = *str, *in = p;

	for (;;) {
		if (*p == '$') {
			char *x;

			sb_add(&b, in, p - in);
			p++;
			x = expand_dollar(kp, &p, argc, argv);
			sb_add(&b, x, strlen(x));
			free(x);
			in = p;
			continue;
		}
		if (!*p || (token && !token_char(*p)))
			break;
		p++;
	}
	sb_add(&b, in, p - in);
	*str = p;
	return sb_take(&b);
}

char *pp_expand_dollar(struct kparse *kp, const char **str)
{
	return expand_dollar(kp, str, 0, NULL);
}

char *pp_expand_token(struct kparse *kp, const char **str)
{
	return expand(kp, str, true, 0, NULL);
}

/* preprocess.c:variable_add: += keeps the flavor, and is recursive on a new variable */
void pp_assign(struct kparse *kp, const char *name, const char *value, int flavor)
{
	struct pp_var *v = var_find(kp, name);
	bool append = v && flavor == PP_APPEND;
	char *new_value;

	if (!v) {
		v = xcalloc(1, sizeof(*v));
		v->name = xstrdup(name);
		/* "X := $(X)" reads X before it has a value: the kernel's conf reads uninitialized
		 * memory there (and crashes); here it is empty, as in make. */
		v->value = xstrdup("");
		v->next = kp->pp.vars;
		kp->pp.vars = v;
	}
	if (flavor == PP_APPEND)
		flavor = append ? v->flavor : PP_RECURSIVE;
	v->flavor = flavor;
	if (flavor == PP_SIMPLE) {
		const char *in = value;

		new_value = expand(kp, &in, false, 0, NULL);
	} else {
		new_value = xstrdup(value);
	}
	if (append) {
		char *joined = xasprintf("%s %s", v->value, new_value);

		free(v->value);
		free(new_value);
		new_value = joined;
	} else {
		free(v->value);
	}
	v->value = new_value;
}
