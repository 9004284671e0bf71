/* workdir: the directory of the files made for each input (kdiff(1), --keep): DIR, else a
 * temporary one that is removed on every way out (the end of main, util_die, a stop signal). */
#define _XOPEN_SOURCE 700
#include "kdiff.h"
#include "util.h"

#include <errno.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The temporary directory still to remove. Global as the signal flag is: util_die's exit and
 * run.c's stop signals cannot be handed a context. */
static char *temp_dir;

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	return remove(path);
}

void kd_workdir_remove(void)
{
	if (!temp_dir)
		return;
	nftw(temp_dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	free(temp_dir);
	temp_dir = NULL;
}

char *kd_workdir_make(const struct kd_options *opt)
{
	const char *tmp = getenv("TMPDIR");
	char *dir;

	if (opt->keep) {
		if (mkdir(opt->keep, 0777) != 0 && errno != EEXIST)
			util_die(EXIT_TROUBLE, "cannot create '%s': %s", opt->keep, strerror(errno));
		return xstrdup(opt->keep);
	}
	dir = xasprintf("%s/kdiff.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir))
		util_die(EXIT_TROUBLE, "cannot create a directory in '%s': %s", tmp, strerror(errno));
	temp_dir = xstrdup(dir);
	atexit(kd_workdir_remove);
	return dir;
}
