/* util: checked allocation, diagnostics and output checks shared by every program. */
#include "util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const char *util_progname = "kconfig-count";

static void *checked(void *p)
{
	if (!p)
		util_die(EXIT_TROUBLE, "out of memory");
	return p;
}

void *xmalloc(size_t n) { return checked(malloc(n ? n : 1)); }
void *xcalloc(size_t count, size_t size) { return checked(calloc(count ? count : 1, size ? size : 1)); }
void *xrealloc(void *p, size_t n) { return checked(realloc(p, n ? n : 1)); }

void *xgrow(void *p, size_t *cap, size_t n, size_t elem, size_t first)
{
	if (n < *cap)
		return p;
	*cap = *cap ? 2 * *cap : first;
	return xrealloc(p, *cap * elem);
}
char *xstrdup(const char *s) { return checked(strdup(s)); }
char *xstrndup(const char *s, size_t n) { return checked(strndup(s, n)); }

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		s = NULL;
	va_end(ap);
	return checked(s);
}

void util_die(int status, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", util_progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(status);
}

void util_warn(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: warning: ", util_progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void util_finish_stdout(void)
{
	if (fflush(stdout) != 0 || ferror(stdout))
		util_die(EXIT_TROUBLE, "error writing standard output: %s", strerror(errno));
}

void util_print_version(void)
{
	printf("%s (kconfig-count) %s\n", util_progname, KC_VERSION);
}

void util_each_line(const char *path, void (*each)(void *ctx, char *line, long n), void *ctx)
{
	FILE *in = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	long n = 0;

	if (!in)
		util_die(EXIT_TROUBLE, "cannot open '%s': %s", path, strerror(errno));
	while ((len = getline(&line, &cap, in)) >= 0) {
		if (len && line[len - 1] == '\n')
			line[len - 1] = '\0';
		each(ctx, line, ++n);
	}
	free(line);
	fclose(in);
}
