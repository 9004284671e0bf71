/*
 * env: the environment variables macros read (SEMANTICS 4): -a ARCH and -D settings first,
 * then the process environment; every variable read is remembered for the IR.
 */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kparse.h"
#include "util.h"

static struct env_var *find(const struct env *env, const char *name)
{
	for (size_t i = 0; i < env->nvars; i++)
		if (!strcmp(env->vars[i].name, name))
			return &env->vars[i];
	return NULL;
}

void env_set(struct env *env, const char *name, const char *value)
{
	struct env_var *v = find(env, name);

	if (!v) {
		env->vars = xrealloc(env->vars, (env->nvars + 1) * sizeof(*env->vars));
		v = &env->vars[env->nvars++];
		v->name = xstrdup(name);
		v->read = false;
	} else {
		free(v->value);
	}
	v->value = xstrdup(value);
}

const char *env_peek(const struct env *env, const char *name)
{
	struct env_var *v = find(env, name);

	return v ? v->value : getenv(name);
}

/* preprocess.c:env_expand: a variable that is set is recorded */
const char *env_get(struct env *env, const char *name)
{
	struct env_var *v = find(env, name);
	const char *value;

	if (!v) {
		if (!*name || !(value = getenv(name)))
			return NULL;
		env_set(env, name, value);
		v = find(env, name);
	}
	v->read = true;
	return v->value;
}

/* VERSION.PATCHLEVEL.SUBLEVEL+EXTRAVERSION of TREE/Makefile, or NULL */
char *env_kernelversion(const char *srctree, int *version, int *patchlevel, int *sublevel)
{
	char *path = xasprintf("%s/Makefile", srctree), line[512], f[4][64] = { "", "", "", "" };
	static const char *const keys[] = { "VERSION", "PATCHLEVEL", "SUBLEVEL", "EXTRAVERSION" };
	FILE *fp = fopen(path, "r");

	free(path);
	if (!fp)
		return NULL;
	for (int n = 0; n < 40 && fgets(line, sizeof(line), fp); n++)
		for (int k = 0; k < 4; k++) {
			size_t len = strlen(keys[k]);
			char *p = line + len;

			if (strncmp(line, keys[k], len) || (*p != ' ' && *p != '='))
				continue;
			p += strspn(p, " ");
			if (*p++ != '=')
				continue;
			p += strspn(p, " \t");
			snprintf(f[k], sizeof(f[k]), "%.*s", (int)strcspn(p, " \t\r\n"), p);
		}
	fclose(fp);
	if (!f[0][0] || !f[1][0])
		return NULL;
	*version = atoi(f[0]);
	*patchlevel = atoi(f[1]);
	*sublevel = atoi(f[2]);
	return xasprintf("%s.%s.%s%s", f[0], f[1], f[2], f[3]);
}

/* the top Makefile's ARCH names for another directory of arch/ (SRCARCH) */
static const char *const arch_map[][2] = {
	{ "i386", "x86" }, { "x86_64", "x86" }, { "sparc32", "sparc" },
	{ "sparc64", "sparc" }, { "parisc64", "parisc" }, { "sh64", "sh" },
};
#define NARCH_MAP (sizeof(arch_map) / sizeof(arch_map[0]))

static const char *srcarch_of(const char *arch)
{
	for (size_t i = 0; i < NARCH_MAP; i++)
		if (!strcmp(arch, arch_map[i][0]))
			return arch_map[i][1];
	return arch;
}

/* the first line of `gcc --version`, without '#', as the top Makefile exports it */
static char *cc_version_text(void)
{
	char line[512] = "";
	FILE *p = popen("LC_ALL=C gcc --version 2>/dev/null", "r");

	if (p) {
		if (!fgets(line, sizeof(line), p))
			line[0] = 0;
		while (fgetc(p) != EOF)
			;
		pclose(p);
	}
	line[strcspn(line, "\n")] = 0;
	for (char *r = line, *w = line;; r++)
		if (*r != '#' && !(*w++ = *r))
			break;
	return xstrdup(line);
}

/* whether a line of TREE/Makefile starts with WORD */
static bool makefile_has(const char *srctree, const char *word)
{
	char *path = xasprintf("%s/Makefile", srctree), line[1024];
	FILE *fp = fopen(path, "r");
	bool found = false;

	free(path);
	while (fp && !found && fgets(line, sizeof(line), fp))
		found = !strncmp(line, word, strlen(word));
	if (fp)
		fclose(fp);
	return found;
}

/* the pinned toolchain profile: what -a sets besides ARCH and SRCARCH (kparse(1) -a) */
void env_set_toolchain(struct env *env, const char *srctree, bool shell)
{
	static const char *const tools[][2] = {
		{ "CC", "gcc" }, { "LD", "ld" }, { "AR", "ar" }, { "NM", "nm" },
		{ "OBJCOPY", "objcopy" }, { "RUSTC", "kconfig-count-no-such-tool" },
		{ "BINDGEN", "kconfig-count-no-such-tool" }, { "PAHOLE", "kconfig-count-no-such-tool" },
		{ "RUSTC_VERSION_TEXT", "" }, { "CLANG_FLAGS", "" },
		{ "HOSTCC", "gcc" }, { "HOSTCXX", "g++" }, { "PYTHON3", "python3" },
		{ "CROSS_COMPILE", "" },
	};

	for (size_t i = 0; i < sizeof(tools) / sizeof(tools[0]); i++)
		env_set(env, tools[i][0], tools[i][1]);
	/* 7.x exports PAHOLE_VERSION, the version of the missing pahole: 0 */
	if (makefile_has(srctree, "PAHOLE_VERSION"))
		env_set(env, "PAHOLE_VERSION", "0");
	if (shell) {
		char *text = cc_version_text();

		env_set(env, "CC_VERSION_TEXT", text);
		free(text);
	}
}

/* whether TREE/arch/SRCARCH/Kconfig exists */
static bool arch_dir(const char *srctree, const char *srcarch)
{
	char *path = xasprintf("%s/arch/%s/Kconfig", srctree, srcarch);
	FILE *fp = fopen(path, "r");

	free(path);
	if (fp)
		fclose(fp);
	return fp != NULL;
}

/* brief interface 3: what the kernel's Makefile exports for ARCH, with the pinned toolchain */
bool env_set_arch(struct env *env, const char *arch, const char *srctree, bool shell)
{
	const char *srcarch = srcarch_of(arch);

	/* before the merges (x86 in 2.6.24), SRCARCH is ARCH */
	if (!arch_dir(srctree, srcarch))
		srcarch = arch;
	if (!arch_dir(srctree, srcarch))
		return false;
	env_set(env, "ARCH", arch);
	env_set(env, "SRCARCH", srcarch);
	env_set_toolchain(env, srctree, shell);
	if (!strcmp(srcarch, "um")) {
		env_set(env, "SUBARCH", "x86");
		env_set(env, "HEADER_ARCH", "x86");
	}
	return true;
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *join_sorted(char **names, size_t n)
{
	char *list = xstrdup(""), *next;

	qsort(names, n, sizeof(*names), compare_names);
	for (size_t i = 0; i < n; i++) {
		next = xasprintf("%s%s%s", list, i ? " " : "", names[i]);
		free(list);
		list = next;
	}
	return list;
}

/* what -a accepts for TREE, sorted and space separated ("" for none): the directories of
 * TREE/arch with a Kconfig and the names the top Makefile maps onto one (x86_64 ...) */
char *env_arches(const char *srctree)
{
	size_t skip = strlen(srctree) + strlen("/arch/"), n = 0;
	char *pattern = xasprintf("%s/arch/*/Kconfig", srctree), **names, *list;
	glob_t g;

	if (glob(pattern, 0, NULL, &g) != 0)
		g.gl_pathc = 0;
	names = xcalloc(g.gl_pathc + NARCH_MAP + 1, sizeof(*names));
	for (size_t i = 0; i < g.gl_pathc; i++)
		names[n++] = xstrndup(g.gl_pathv[i] + skip,
				      strlen(g.gl_pathv[i] + skip) - strlen("/Kconfig"));
	for (size_t i = 0; i < NARCH_MAP; i++)
		if (arch_dir(srctree, arch_map[i][1]))
			names[n++] = xstrdup(arch_map[i][0]);
	list = join_sorted(names, n);
	while (n--)
		free(names[n]);
	free(names);
	globfree(&g);
	free(pattern);
	return list;
}

/* with --shell the commands see the variables of -a and -D, as conf sees the Makefile's */
void env_export(const struct env *env)
{
	for (size_t i = 0; i < env->nvars; i++)
		setenv(env->vars[i].name, env->vars[i].value, 1);
}
