/*
 * answers: recorded results of $(shell,...) (kparse(1) --shell-answers): a TSV file of
 * COMMAND<TAB>OUTPUT lines, both written with \\, \n, \t and \xHH escapes (the format of
 * the oracle's ARCH.shell.tsv, as its popenlog.c writes it: 5.7's as-instr commands hold
 * "%b\n"). A command is answered with the first line that names it; nothing runs.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "kparse.h"
#include "util.h"

static int hex_digit(int c)
{
	return isdigit(c) ? c - '0' : tolower(c) - 'a' + 10;
}

/* \\ \n \t \xHH in place; false on any other escape */
static bool unescape(char *s)
{
	char *out = s;

	for (; *s; s++) {
		if (*s != '\\') {
			*out++ = *s;
			continue;
		}
		s++;
		if (*s == '\\' || *s == 'n' || *s == 't')
			*out++ = *s == 'n' ? '\n' : *s == 't' ? '\t' : '\\';
		else if (*s == 'x' && isxdigit((unsigned char)s[1]) && isxdigit((unsigned char)s[2])) {
			*out++ = (char)(hex_digit(s[1]) * 16 + hex_digit(s[2]));
			s += 2;
		} else
			return false;
	}
	*out = 0;
	return true;
}

struct answers_file {
	struct answers *a;
	const char *path;
};

/* one COMMAND<TAB>OUTPUT line */
static void answer_line(void *ctx, char *line, long n)
{
	struct answers_file *f = ctx;
	struct answers *a = f->a;
	char *tab;

	if ((tab = strchr(line, '\t')))
		*tab = 0;
	if (!tab || !unescape(line) || !unescape(tab + 1))
		util_die(EXIT_TROUBLE, "%s:%ld: expected COMMAND<TAB>OUTPUT with \\\\, \\n, "
			 "\\t or \\xHH escapes", f->path, n);
	a->cmd = xrealloc(a->cmd, (a->n + 1) * sizeof(*a->cmd));
	a->out = xrealloc(a->out, (a->n + 1) * sizeof(*a->out));
	a->cmd[a->n] = xstrdup(line);
	a->out[a->n++] = xstrdup(tab + 1);
}

void answers_read(struct answers *a, const char *path)
{
	struct answers_file f = { a, path };

	util_each_line(path, answer_line, &f);
}

/* the recorded output of cmd, or NULL */
const char *answers_find(const struct answers *a, const char *cmd)
{
	for (size_t i = 0; i < a->n; i++)
		if (!strcmp(a->cmd[i], cmd))
			return a->out[i];
	return NULL;
}
