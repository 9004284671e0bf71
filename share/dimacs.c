/* dimacs: reader for DIMACS CNF with the model-counting-competition comments
 * (`p cnf`, `c t mc|pmc`, `c p show V... 0`) and kcnf's group marks (`c kcnf exactly-one
 * V... 0`); other comments are ignored. */
#include "dimacs.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

struct reader {
	FILE *f;
	char *line;
	size_t cap;
	long lineno;
	int header_seen;
	int declared_clauses;
	int open_clause;        /* literals read since the last 0 */
	size_t lits_cap, marks_cap;
	unsigned char *shown;   /* per variable: already in the show list */
	struct dimacs_cnf *cnf;
	struct dimacs_error *err;
};

static int reject(struct reader *r, const char *fmt, ...)
{
	va_list ap;

	r->err->line = r->lineno ? r->lineno : 1;  /* an empty file's problem is on its first line */
	va_start(ap, fmt);
	vsnprintf(r->err->msg, sizeof r->err->msg, fmt, ap);
	va_end(ap);
	return -1;
}

/* Parses one signed decimal integer at *p (after blanks); 1 on success, 0 at end of line,
 * -1 on a token that is not an integer. */
static int next_int(char **p, long *val)
{
	char *s = *p, *end;

	while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n' || *s == '\f' || *s == '\v')
		s++;
	if (!*s) {
		*p = s;
		return 0;
	}
	errno = 0;
	*val = strtol(s, &end, 10);
	if (end == s || errno || (*end && !strchr(" \t\r\n\f\v", *end)) || *val > INT_MAX || *val < -INT_MAX)
		return -1;
	*p = end;
	return 1;
}

static void push_lit(struct reader *r, int lit)
{
	struct dimacs_cnf *cnf = r->cnf;

	cnf->lits = xgrow(cnf->lits, &r->lits_cap, cnf->nlits, sizeof *cnf->lits, 1024);
	cnf->lits[cnf->nlits++] = lit;
}

static int read_header(struct reader *r, char *p)
{
	long v, c, extra;

	if (r->header_seen)
		return reject(r, "second 'p' header");
	if (strncmp(p, "p cnf", 5) != 0 || !strchr(" \t", p[5]))
		return reject(r, "malformed header, expected 'p cnf VARS CLAUSES'");
	p += 5;
	if (next_int(&p, &v) != 1 || next_int(&p, &c) != 1 || v < 0 || c < 0 || next_int(&p, &extra) != 0)
		return reject(r, "malformed header, expected 'p cnf VARS CLAUSES'");
	if (v > DIMACS_MAX_VARS)
		return reject(r, "%ld variables, more than the %d a counter can number", v, DIMACS_MAX_VARS);
	r->cnf->nvars = (int)v;
	r->declared_clauses = (int)c;
	r->header_seen = 1;
	r->shown = xcalloc((size_t)v + 1, 1);
	return 0;
}

static int check_var(struct reader *r, long lit, const char *what)
{
	if (!r->header_seen)
		return reject(r, "%s before the 'p cnf' header", what);
	if (lit > r->cnf->nvars || -lit > r->cnf->nvars)
		return reject(r, "variable %ld out of range 1..%d", lit < 0 ? -lit : lit, r->cnf->nvars);
	return 0;
}

static int read_show(struct reader *r, char *p)
{
	struct dimacs_cnf *cnf = r->cnf;
	long v;
	int got;

	cnf->projected = 1;
	while ((got = next_int(&p, &v)) == 1) {
		if (v == 0)
			return next_int(&p, &v) == 0 ? 0 : reject(r, "text after the 0 ending 'c p show'");
		if (v < 0)
			return reject(r, "negative variable %ld in 'c p show'", v);
		if (check_var(r, v, "'c p show'"))
			return -1;
		if (!r->shown[v]) {
			r->shown[v] = 1;
			cnf->show = xrealloc(cnf->show, ((size_t)cnf->nshow + 1) * sizeof *cnf->show);
			cnf->show[cnf->nshow++] = (int)v;
		}
	}
	return reject(r, got < 0 ? "malformed variable in 'c p show'" : "'c p show' line not ended by 0");
}

static void push_mark(struct reader *r, int x)
{
	struct dimacs_cnf *cnf = r->cnf;

	cnf->marks = xgrow(cnf->marks, &r->marks_cap, cnf->nmarks, sizeof *cnf->marks, 64);
	cnf->marks[cnf->nmarks++] = x;
}

/* A group mark (kind 2 exactly-one, 1 at-most-one): positive variables ended by 0, after the
 * header. One that is not is counted in bad_marks and dropped, never rejected: a mark only
 * says what the clauses already imply, and its reader checks that (kcount, groups.c). */
static void read_mark(struct reader *r, char *p, int kind)
{
	size_t begin = r->cnf->nmarks;
	long v = -1;
	int got = -1;

	push_mark(r, kind);
	while (r->header_seen && (got = next_int(&p, &v)) == 1 && v > 0 && v <= r->cnf->nvars)
		push_mark(r, (int)v);
	if (got == 1 && v == 0 && next_int(&p, &v) == 0) {
		push_mark(r, 0);
		return;
	}
	r->cnf->nmarks = begin;
	r->cnf->bad_marks++;
}

static int read_comment(struct reader *r, char *p)
{
	char word[16];

	if (strncmp(p, "c t ", 4) == 0 && sscanf(p + 4, "%15s", word) == 1) {
		if (strcmp(word, "pmc") == 0)
			r->cnf->projected = 1;
		else if (strcmp(word, "mc") != 0)
			return reject(r, "unsupported counting type '%s' (mc or pmc)", word);
		return 0;
	}
	if (strncmp(p, "c p show", 8) == 0 && (!p[8] || strchr(" \t\r\n", p[8])))
		return read_show(r, p + 8);
	if (strncmp(p, "c kcnf exactly-one ", 19) == 0)
		read_mark(r, p + 19, 2);
	else if (strncmp(p, "c kcnf at-most-one ", 19) == 0)
		read_mark(r, p + 19, 1);
	return 0;
}

static int read_clause_line(struct reader *r, char *p)
{
	long lit;
	int got;

	while ((got = next_int(&p, &lit)) == 1) {
		if (check_var(r, lit, "clause"))
			return -1;
		push_lit(r, (int)lit);
		if (lit == 0) {
			if (++r->cnf->nclauses > r->declared_clauses)
				return reject(r, "more clauses than the %d declared", r->declared_clauses);
			r->open_clause = 0;
		} else
			r->open_clause++;
	}
	return got < 0 ? reject(r, "malformed literal") : 0;
}

static int read_line(struct reader *r, char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p == 'c')
		return read_comment(r, p);
	if (*p == 'p')
		return read_header(r, p);
	return read_clause_line(r, p);
}

static int finish(struct reader *r)
{
	if (!r->header_seen)
		return reject(r, "no 'p cnf' header");
	if (r->open_clause)
		return reject(r, "last clause not ended by 0");
	if (r->cnf->nclauses != r->declared_clauses)
		return reject(r, "%d clauses, the header declares %d", r->cnf->nclauses, r->declared_clauses);
	return 0;
}

int dimacs_read(FILE *f, struct dimacs_cnf *cnf, struct dimacs_error *err)
{
	struct reader r = { .f = f, .cnf = cnf, .err = err };
	int rc = 0;
	ssize_t len;

	memset(cnf, 0, sizeof *cnf);
	while ((len = getline(&r.line, &r.cap, f)) >= 0) {
		r.lineno++;
		if (r.line[0] == '%')       /* SATLIB files end with "%\n0\n" */
			break;
		if (strlen(r.line) < (size_t)len) {  /* the rest of the line would go unread */
			rc = reject(&r, "NUL byte in the line");
			break;
		}
		if ((rc = read_line(&r, r.line)) != 0)
			break;
	}
	if (!rc && ferror(f))
		rc = reject(&r, "read error: %s", strerror(errno));
	if (!rc)
		rc = finish(&r);
	free(r.line);
	free(r.shown);
	return rc;
}

void dimacs_load(const char *path, struct dimacs_cnf *cnf)
{
	struct dimacs_error err;
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	const char *name = f == stdin ? "<stdin>" : path;

	if (!f)
		util_die(EXIT_TROUBLE, "cannot open '%s': %s", path, strerror(errno));
	if (dimacs_read(f, cnf, &err) != 0) {
		fprintf(stderr, "%s:%ld: error: %s\n", name, err.line, err.msg);
		exit(EXIT_REJECTED);
	}
	if (f != stdin)
		fclose(f);
}

void dimacs_free(struct dimacs_cnf *cnf)
{
	free(cnf->lits);
	free(cnf->show);
	free(cnf->marks);
	memset(cnf, 0, sizeof *cnf);
}
