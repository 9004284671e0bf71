/* util: checked allocation, diagnostics and output checks shared by every program. */
#ifndef KC_UTIL_H
#define KC_UTIL_H

#include <stddef.h>
#include <stdio.h>

/* Exit statuses of every program (kdiff: 0 same, 1 different, 2 trouble). */
enum { EXIT_OK = 0, EXIT_REJECTED = 1, EXIT_TROUBLE = 2 };

extern const char *util_progname;

void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);
/* p with room for element n (of size elem): its capacity *cap doubles, from first */
void *xgrow(void *p, size_t *cap, size_t n, size_t elem, size_t first);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* "prog: message" on stderr, then exit with status. */
void util_die(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
/* "prog: warning: message" on stderr. */
void util_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Flush stdout and exit 2 if writing it failed (a full disk or a closed pipe is an error). */
void util_finish_stdout(void);
/* Calls each(ctx, line, n) for every line of the file at path, without its newline, n from 1;
 * exits 2 when the file cannot be opened. */
void util_each_line(const char *path, void (*each)(void *ctx, char *line, long n), void *ctx);
/* Prints "PROG VERSION" on stdout, for --version. */
void util_print_version(void);

#endif
