/* diag: "file:line:col: error: message" on stderr, followed by the chain of source statements. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "kparse.h"

static void chain(const struct kparse *kp, const char *file)
{
	const struct src_file *f = kp->file;

	/* the chain is only shown for a location in the file being read */
	if (!f || !file || strcmp(f->name, file))
		return;
	for (; f && f->parent; f = f->parent)
		fprintf(stderr, "  included from %s:%d\n", f->from.file, f->from.line);
}

static void report(const struct kparse *kp, struct kloc at, const char *kind, const char *fmt,
		   va_list ap)
{
	if (at.file)
		fprintf(stderr, "%s:%d:%d: %s: ", at.file, at.line, at.col > 0 ? at.col : 1, kind);
	else
		fprintf(stderr, "kparse: %s: ", kind);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	chain(kp, at.file);
}

void diag_error(struct kparse *kp, struct kloc at, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(kp, at, "error", fmt, ap);
	va_end(ap);
	kp->nerrors++;
}

void diag_warn(struct kparse *kp, struct kloc at, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(kp, at, "warning", fmt, ap);
	va_end(ap);
}
