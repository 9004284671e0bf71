/*
 * project: Kconfig trees of projects other than Linux (kparse(1) PROJECTS). Each ships its own
 * copy of some release of the kernel's scripts/kconfig; a project is told by a file only its
 * tree has, and names its top Kconfig file, the Linux release whose rules its copy follows
 * (so that its own version, U-Boot's 2023.01, is never read as a Linux release), what its
 * copy changed, and the variables its build exports to conf.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kparse.h"
#include "util.h"

struct project {
	const char *name;
	const char *marker;	/* a file only this project's tree has */
	const char *top;	/* the file its Makefile gives conf */
	const char *release;	/* the Linux release of its scripts/kconfig copy */
	const char *version_var;	/* the variable its Makefile exports with its version */
	bool toolchain;		/* Kconfig macros read CC, LD... (the pinned profile of -a) */
	bool no_sym_init_arch;	/* toybox's symbol.c: sym_init creates no ARCH */
	bool source_in_choice;	/* coreboot's util/kconfig/patches/0010 */
	bool source_glob;	/* coreboot's 0008: every source is a glob, matching none is none */
	const char *why;	/* where that release comes from */
};

static const struct project projects[] = {
	{ "busybox", "scripts/gen_build_files.sh", "Config.in", "2.6.20", "KERNELVERSION",
	  false, false, false, false,
	  "scripts/kconfig is a 2.6 copy older than 2.6.20 ('requires', 'enable'); "
	  "2.6.20 is the oldest release kparse reads" },
	{ "toybox", "toys.h", "Config.in", "2.6.20", NULL, false, true, false, false,
	  "kconfig/ is 2.6.12 'as washed through busybox' with 'option'; "
	  "2.6.20 is the oldest release kparse reads" },
	{ "uclibc-ng", "extra/Configs/Config.in", "extra/Configs/Config.in", "3.10", "VERSION",
	  false, false, false, false,
	  "extra/config has zconf.lex.c and merge_config.sh (3.2) but not allnoconfig_y (3.15)" },
	{ "u-boot", "cmd/Kconfig", "Kconfig", "4.19", "UBOOTVERSION", true, false, false, false,
	  "scripts/kconfig has zconf.y, kconf_id.c and preprocess.c: Linux 4.18 to 4.20" },
	{ "coreboot", "util/kconfig/Makefile.inc", "src/Kconfig", "5.13", NULL, false, false, true,
	  true,
	  "util/kconfig's parser.y is 6.1's without 'option' (5.13) but for coreboot's patches: "
	  "every source a glob that may match nothing, source in a choice" },
};
#define NPROJECTS (sizeof(projects) / sizeof(projects[0]))

static bool has_file(const char *dir, const char *name)
{
	char *path = xasprintf("%s/%s", dir, name);
	struct stat st;
	bool found = !stat(path, &st) && S_ISREG(st.st_mode);

	free(path);
	return found;
}

/* the project NAME names, or the one whose marker TREE has; NULL for Linux */
const struct project *project_find(const char *name, const char *tree)
{
	for (size_t i = 0; i < NPROJECTS; i++)
		if (name ? !strcmp(name, projects[i].name) : tree && has_file(tree, projects[i].marker))
			return &projects[i];
	if (name && strcmp(name, "linux"))
		util_die(EXIT_TROUBLE, "--project: unknown project '%s' (linux, busybox, toybox, "
			 "uclibc-ng, u-boot, coreboot)", name);
	return NULL;
}

const char *project_top(const struct project *p)
{
	return p->top;
}

/* VERSION[.PATCHLEVEL[.SUBLEVEL]]EXTRAVERSION, as U-Boot's Makefile joins them */
static char *makefile_version(const char *tree)
{
	int major, minor, sublevel;
	char *v = env_kernelversion(tree, &major, &minor, &sublevel), *dash;

	if (!v)
		return NULL;
	dash = strstr(v, ".-");
	if (dash)
		memmove(dash, dash + 1, strlen(dash));
	if (*v && v[strlen(v) - 1] == '.')
		v[strlen(v) - 1] = 0;
	return v;
}

/* uClibc-ng's Rules.mak: MAJOR_VERSION.MINOR_VERSION.SUBLEVEL */
static char *rules_mak_version(const char *tree)
{
	char *path = xasprintf("%s/Rules.mak", tree), line[256], f[3][32] = { "", "", "" };
	static const char *const keys[] = { "MAJOR_VERSION", "MINOR_VERSION", "SUBLEVEL" };
	FILE *fp = fopen(path, "r");

	free(path);
	while (fp && fgets(line, sizeof(line), fp))
		for (int k = 0; k < 3; k++) {
			size_t len = strlen(keys[k]);

			if (!strncmp(line, keys[k], len) && strchr(" \t:", line[len]))
				sscanf(line + len, " := %31s", f[k]);
		}
	if (fp)
		fclose(fp);
	return f[0][0] ? xasprintf("%s.%s.%s", f[0], f[1], f[2]) : NULL;
}

/* the rules of the project's kconfig copy, its changes, and what its Makefile exports */
void project_setup(struct kparse *kp, const struct project *p, int *major, int *minor,
		   int *sublevel)
{
	char *version = !strcmp(p->name, "uclibc-ng") ? rules_mak_version(kp->srctree)
						      : makefile_version(kp->srctree);

	sscanf(p->release, "%d.%d.%d", major, minor, sublevel);
	kp->project = p->name;
	kp->no_sym_init_arch = p->no_sym_init_arch;
	kp->source_in_choice = p->source_in_choice;
	kp->source_optional = p->source_glob;
	if (p->version_var && version)
		env_set(&kp->env, p->version_var, version);
	/* uClibc-ng's Rules.mak exports ARCH from uname -m: x86_64, as for Linux, not the host's */
	if (!strcmp(p->name, "uclibc-ng"))
		kp->arch = "x86_64";
	if (p->toolchain)
		env_set_toolchain(&kp->env, kp->srctree, kp->shell);
	free(version);
}

/* --kconfig-version list: every rule set and what selects it */
void project_list(FILE *out)
{
	fputs("Linux 2.6.20 to 5.9   'FOO != n' of a bool is FOO, y/m/n compare as strings (m < n < y),\n"
	      "                      choices as 6.1; and from or until a release:\n"
	      "  up to 2.6.36        'visible if' is no keyword\n"
	      "  up to 2.6.24        a choice member read as y after one read as m or y drops the\n"
	      "                      choice's user value; the first y is the user choice (confdata.c)\n"
	      "  up to 4.4           a tristate choice member visible as m is not hidden (symbol.c)\n"
	      "  up to 3.10          MODULES is the modules symbol when none is marked\n"
	      "  up to 3.19          only = and != ('<', '>' ignored); every comparison compares strings\n"
	      "  up to 4.9           'imply' is no keyword\n"
	      "  up to 4.14          bool and tristate values compare as strings\n"
	      "  2.6.22 to 2.6.35    a recursive dependency is an error (sym_check_deps, without\n"
	      "                      dir_dep; no choice groups before 2.6.26)\n"
	      "  up to 4.17          zconf.l/zconf.y; else a recursive dependency is a warning\n"
	      "  4.18 to 5.9         macros; do_shell keeps 255 bytes\n"
	      "  up to 5.3           a word may hold '/' and '.' (zconf.l; 5.4's lexer.l not)\n"
	      "  up to 5.5           a prompt or source path may be an unquoted word (parser.y)\n"
	      "  up to 5.6           imply is 4.10's (symbol.c; kcnf(1) OLD RELEASES)\n"
	      "  up to 5.7           'source' and 'menuconfig' in a choice (choice_block)\n"
	      "  up to 5.8           '---help---' is 'help' (lexer.l)\n"
	      "Linux 5.10 to 6.10    6.1 (bool and tristate choices)\n"
	      "Linux 6.11 to 7.1     6.12\n"
	      "Linux 7.2 and later   7.2 (transitional, depends on ... if)\n", out);
	for (size_t i = 0; i < NPROJECTS; i++)
		fprintf(out, "%-10s %-11s rules of Linux %s: %s\n", projects[i].name,
			projects[i].top, projects[i].release, projects[i].why);
}
