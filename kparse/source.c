/*
 * source: the stack of Kconfig files being read (SEMANTICS 3): a name is tried as given
 * (relative to the working directory), then under $srctree; recursion is an error.
 * Extensions of kconfiglib-based projects: rsource (relative to the sourcing file),
 * osource/orsource (a missing file is no error), and glob patterns.
 */
#include <glob.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>

#include "kparse.h"
#include "util.h"

static const char *src_relative(const struct kparse *kp, const char *name)
{
	size_t n = strlen(kp->srctree);

	if (!strncmp(name, kp->srctree, n) && name[n] == '/')
		return name + n + 1;
	return name;
}

/* A directory opens, then fails on the first read inside the scanner: only regular files
 * (or what leads to one) are taken. */
static FILE *open_regular(const char *path)
{
	FILE *fp = fopen(path, "r");
	struct stat st;

	if (fp && (fstat(fileno(fp), &st) != 0 || S_ISDIR(st.st_mode))) {
		fclose(fp);
		return NULL;
	}
	return fp;
}

static FILE *open_file(const struct kparse *kp, const char *name)
{
	FILE *fp = open_regular(name);

	if (!fp && name[0] != '/') {
		char *full = xasprintf("%s/%s", kp->srctree, name);

		fp = open_regular(full);
		free(full);
	}
	return fp;
}

static struct src_file *push(struct kparse *kp, const char *name, FILE *fp, struct kloc from,
			     struct src_file *parent)
{
	struct src_file *f = xcalloc(1, sizeof(*f));

	f->name = xstrdup(src_relative(kp, name));
	f->fp = fp;
	f->from = from;
	f->parent = parent;
	f->below = kp->file;
	kp->file = f;
	lex_push_file(kp, fp);
	return f;
}

bool src_start(struct kparse *kp, const char *name)
{
	FILE *fp = kp->top_stdin ? stdin : open_file(kp, name);

	if (!fp)
		return false;
	push(kp, name, fp, (struct kloc){ 0 }, NULL);
	return true;
}

/* the file that ends is closed; false when it was the top file */
bool src_pop(struct kparse *kp)
{
	struct src_file *f = kp->file;

	if (!f || !f->below)
		return false;
	fclose(f->fp);
	kp->file = f->below;
	return true;
}

static bool recursive(struct kparse *kp, const char *name, struct kloc at)
{
	const char *rel = src_relative(kp, name);

	for (struct src_file *f = kp->file; f; f = f->parent)
		if (!strcmp(f->name, rel)) {
			diag_error(kp, at, "recursive inclusion of '%s'", rel);
			return true;
		}
	return false;
}

/* the names a glob pattern matches, as given or under $srctree; sorted */
static char **expand_glob(const struct kparse *kp, const char *pattern, size_t *n)
{
	glob_t g;
	char **names;

	*n = 0;
	if (glob(pattern, 0, NULL, &g) != 0 && pattern[0] != '/') {
		char *full = xasprintf("%s/%s", kp->srctree, pattern);

		globfree(&g);
		glob(full, 0, NULL, &g);
		free(full);
	}
	names = xcalloc(g.gl_pathc + 1, sizeof(*names));
	for (size_t i = 0; i < g.gl_pathc; i++)
		names[(*n)++] = xstrdup(g.gl_pathv[i]);
	globfree(&g);
	return names;
}

static char *relative_to_file(const struct kparse *kp, const char *pattern)
{
	const char *cur = kp->file ? kp->file->name : "";
	const char *slash = strrchr(cur, '/');

	if (pattern[0] == '/' || !slash)
		return xstrdup(pattern);
	return xasprintf("%.*s/%s", (int)(slash - cur), cur, pattern);
}

static void source_one(struct kparse *kp, const char *name, struct kloc at, bool optional)
{
	FILE *fp;

	if (recursive(kp, name, at))
		return;
	fp = open_file(kp, name);
	if (!fp) {
		if (!optional)
			diag_error(kp, at, "cannot open file '%s'", name);
		return;
	}
	push(kp, name, fp, at, kp->file);
}

void src_source(struct kparse *kp, const char *pattern, struct kloc at, bool relative,
		bool optional)
{
	char *name, **names;
	size_t n;
	struct src_file *parent = kp->file;

	if (pp_is_unknown(pattern)) {
		char *text = pp_strip(pattern);

		diag_error(kp, at, "file name '%s' depends on a command that was not run", text);
		free(text);
		return;
	}
	name = relative ? relative_to_file(kp, pattern) : xstrdup(pattern);
	if (!strpbrk(name, "*?[")) {
		source_one(kp, name, at, optional);
		free(name);
		return;
	}
	names = expand_glob(kp, name, &n);
	if (!n && !optional)
		diag_error(kp, at, "no file matches '%s'", name);
	/* pushed last match first, so that the files are read in sorted order */
	while (n-- > 0) {
		if (!recursive(kp, names[n], at)) {
			FILE *fp = open_regular(names[n]);

			if (fp)
				push(kp, names[n], fp, at, parent);
		}
		free(names[n]);
	}
	free(names);
	free(name);
}
