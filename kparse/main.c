/* main: kparse's options, then the passes: read and parse, finalize, write IR or --symbols. */
#include <getopt.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kparse.h"
#include "util.h"

struct options {
	const char *arch, *output, *target, *version, *project;
	bool symbols;
	char **defines;
	int ndefines;
};

static void usage(FILE *f)
{
	fprintf(f,
		"usage: kparse [-a ARCH] [-D NAME=VALUE]... [--shell] [--shell-answers FILE]\n"
		"              [--kconfig-version X.Y] [--project NAME] [--symbols] [-o FILE]\n"
		"              TREE|KCONFIG_FILE|-\n"
		"Parses a Kconfig tree and writes its model in kir(5) form (see kparse(1)).\n"
		"'-' reads a Kconfig file from standard input (source: from the working directory).\n"
		"  -a ARCH                 the architecture: ARCH, SRCARCH and the pinned toolchain\n"
		"                          (default for a kernel tree: $ARCH, else x86_64)\n"
		"  -D NAME=VALUE           sets a variable of the environment macros read\n"
		"  --shell                 runs $(shell,...) commands (the Kconfig files choose them)\n"
		"  --shell-answers FILE    answers $(shell,...) from FILE (COMMAND<TAB>OUTPUT lines)\n"
		"  --kconfig-version X.Y   the Kconfig semantics (default: the tree's Makefile);\n"
		"                          'list' prints the rule sets and what selects them\n"
		"  --project NAME          linux, busybox, toybox, uclibc-ng, u-boot, coreboot\n"
		"                          (default: found from the tree's files)\n"
		"  --symbols               lists the symbols (TSV) instead of the IR\n"
		"  -o FILE                 writes to FILE instead of standard output\n"
		"  --help, --version\n");
}

static void parse_options(int argc, char **argv, struct options *o, struct kparse *kp)
{
	static const struct option longs[] = {
		{ "shell", no_argument, NULL, 's' }, { "symbols", no_argument, NULL, 'S' },
		{ "shell-answers", required_argument, NULL, 'A' },
		{ "kconfig-version", required_argument, NULL, 'k' },
		{ "project", required_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' }, { "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	o->defines = xcalloc(argc + 1, sizeof(*o->defines));
	while ((c = getopt_long(argc, argv, "a:D:o:", longs, NULL)) != -1) {
		switch (c) {
		case 'a': o->arch = optarg; break;
		case 'D':
			if (!strchr(optarg, '=') || optarg[0] == '=')
				util_die(EXIT_TROUBLE, "-D needs NAME=VALUE, not '%s'", optarg);
			o->defines[o->ndefines++] = optarg;
			break;
		case 'o': o->output = optarg; break;
		case 's': kp->shell = true; break;
		case 'A':
			kp->answers = xcalloc(1, sizeof(*kp->answers));
			answers_read(kp->answers, optarg);
			break;
		case 'S': o->symbols = true; break;
		case 'k':
			if (!strcmp(optarg, "list")) {
				project_list(stdout);
				util_finish_stdout();
				exit(EXIT_OK);
			}
			o->version = optarg;
			break;
		case 'p': o->project = optarg; break;
		case 'h': usage(stdout); util_finish_stdout(); exit(EXIT_OK);
		case 'V': util_print_version(); util_finish_stdout(); exit(EXIT_OK);
		default: usage(stderr); exit(EXIT_TROUBLE);
		}
	}
	if (optind + 1 != argc) {
		usage(stderr);
		exit(EXIT_TROUBLE);
	}
	o->target = argv[optind];
}

/* X.Y to the semantics of that release (kir(5) "kconfig") */
static enum kp_version version_of(int major, int minor)
{
	if (major < 6 || (major == 6 && minor <= 10))
		return KV_6_1;
	if (major < 7 || (major == 7 && minor < 2))
		return KV_6_12;
	return KV_7_2;
}

/* a Linux release kparse has rules for: 2.6.20 and later (kparse(1) OLD RELEASES), not a
 * project's own version such as U-Boot's 2023.01 or BusyBox's 1.35 */
static bool is_linux_release(int major, int minor, int sublevel)
{
	if (major == 2)
		return minor == 6 && sublevel >= 20;
	return major >= 3 && major <= 9 && minor >= 0 && minor < 100;
}

/* A top Kconfig, or before 2.6.37 an arch/ directory whose arch/$SRCARCH/Kconfig is the top */
static bool is_kconfig_tree(const char *dir)
{
	char *path = xasprintf("%s/Kconfig", dir), *arch = xasprintf("%s/arch", dir);
	struct stat st, ast;
	bool found = (!stat(path, &st) && S_ISREG(st.st_mode)) || (!stat(arch, &ast) && S_ISDIR(ast.st_mode));

	free(path);
	free(arch);
	return found;
}

/* "-": a Kconfig file on standard input; as srctree, the working directory is where its
 * source statements are looked for (they are tried as given first, like the kernel does) */
static void set_stdin(struct kparse *kp)
{
	kp->srctree = realpath(".", NULL);
	if (!kp->srctree)
		util_die(EXIT_TROUBLE, "cannot open '.': %m");
	kp->top = xstrdup("<stdin>");
	kp->top_stdin = true;
}

/* a project's tree: its top file, and never its Makefile's version as Linux's */
static bool set_project_tree(struct kparse *kp, const char *target, const struct project *p)
{
	char *top;
	struct stat st;

	if (!p)
		return false;
	top = xasprintf("%s/%s", kp->srctree, project_top(p));
	if (stat(top, &st) || !S_ISREG(st.st_mode))
		util_die(EXIT_TROUBLE, "'%s' has no %s", target, project_top(p));
	free(top);
	kp->top = xstrdup(project_top(p));
	return true;
}

/* a Makefile version that is no Linux release is not one (a project kparse does not know) */
static void set_kernelversion(struct kparse *kp, int *major, int *minor, int *sublevel)
{
	int v, p, s;

	kp->kernelversion = env_kernelversion(kp->srctree, &v, &p, &s);
	if (!kp->kernelversion)
		return;
	if (!is_linux_release(v, p, s)) {
		size_t len = strlen(kp->kernelversion);

		if (len && kp->kernelversion[len - 1] == '.')	/* no SUBLEVEL: 2023.01 */
			kp->kernelversion[len - 1] = 0;
		fprintf(stderr, "kparse: warning: '%s/Makefile' gives version %s, which is no Linux "
			"release; the Kconfig rules are 7.2's (--project, --kconfig-version)\n",
			kp->srctree, kp->kernelversion);
		free(kp->kernelversion);
		kp->kernelversion = NULL;
		return;
	}
	*major = v;
	*minor = p;
	*sublevel = s;
}

/* TARGET, a directory or a file; returns the project a directory is (project.c), or NULL */
static const struct project *set_path(struct kparse *kp, const char *target, const struct options *o,
				      int *major, int *minor, int *sublevel)
{
	const struct project *p = NULL;
	struct stat st;
	char *path, *copy;

	if (stat(target, &st))
		util_die(EXIT_TROUBLE, "cannot open '%s': %m", target);
	path = realpath(target, NULL);
	if (!path)
		util_die(EXIT_TROUBLE, "cannot open '%s': %m", target);
	if (S_ISDIR(st.st_mode)) {
		kp->srctree = path;
		p = project_find(o->project, path);
		if (set_project_tree(kp, target, p))
			return p;
		/* said here, before -a looks for TREE/arch: a directory that is no kernel tree */
		if (!is_kconfig_tree(path))
			util_die(EXIT_TROUBLE, "'%s' has no top-level Kconfig", target);
		kp->top = xstrdup("Kconfig");
		set_kernelversion(kp, major, minor, sublevel);
	} else {
		copy = xstrdup(path);
		kp->srctree = xstrdup(dirname(copy));
		free(copy);
		kp->top = xstrdup(basename(path));
		free(path);
	}
	return NULL;
}

static void set_tree(struct kparse *kp, const struct options *o)
{
	int major = 7, minor = 2, sublevel = 0;
	const struct project *p = NULL;

	/* a directory is looked at; a file or '-' is a project's only with --project */
	if (strcmp(o->target, "-"))
		p = set_path(kp, o->target, o, &major, &minor, &sublevel);
	else
		set_stdin(kp);
	if (!p)
		p = project_find(o->project, NULL);
	if (p)
		project_setup(kp, p, &major, &minor, &sublevel);
	kp->version = version_of(major, minor);
	if (o->version) {
		int used = 0;

		int n = sscanf(o->version, "%d.%d%n.%d%n", &major, &minor, &used, &sublevel, &used);

		/* 2.6 releases are 2.6.Z (kparse(1) OLD RELEASES) */
		if (n < 2 || o->version[used] || (n == 3) != (major == 2))
			util_die(EXIT_TROUBLE, "--kconfig-version needs X.Y, not '%s'", o->version);
		if (!is_linux_release(major, minor, n == 3 ? sublevel : 0))
			util_die(EXIT_TROUBLE, "--kconfig-version: '%s' is no Linux release kparse has "
				 "rules for (2.6.20 and later; 'list' names them)", o->version);
		sublevel = n == 3 ? sublevel : 0;
		kp->version = version_of(major, minor);
	}
	old_set_release(kp, major, minor);
	kp->release_sublevel = sublevel;
}

/* -a, else for a kernel tree ARCH as the top Makefile takes it, with x86_64 for the host's */
static const char *arch_of(const struct kparse *kp, const struct options *o)
{
	const char *arch = getenv("ARCH");

	if (o->arch || !kp->kernelversion)
		return o->arch ? o->arch : kp->arch;
	return arch && *arch ? arch : "x86_64";
}

/* an -a the tree has no directory for: the choices, so that a typo is seen at once */
static void unknown_arch(const struct kparse *kp, const char *arch)
{
	char *valid = env_arches(kp->srctree);

	if (!*valid)
		util_die(EXIT_TROUBLE, "ARCH=%s is not in '%s/arch'", arch, kp->srctree);
	util_die(EXIT_TROUBLE, "ARCH=%s is not in '%s/arch'; valid: %s", arch, kp->srctree, valid);
}

static void set_environment(struct kparse *kp, const struct options *o)
{
	const char *arch = arch_of(kp, o);

	env_set(&kp->env, "srctree", kp->srctree);
	if (kp->kernelversion)
		env_set(&kp->env, "KERNELVERSION", kp->kernelversion);
	if (arch && kp->project) {
		/* a project's Makefile exports ARCH alone, if anything (project.c) */
		env_set(&kp->env, "ARCH", arch);
		kp->arch = arch;
	} else if (arch) {
		if (!env_set_arch(&kp->env, arch, kp->srctree, kp->shell))
			unknown_arch(kp, arch);
		kp->arch = arch;
		kp->srcarch = env_peek(&kp->env, "SRCARCH");
	}
	for (int i = 0; i < o->ndefines; i++) {
		char *name = xstrdup(o->defines[i]), *eq = strchr(name, '=');

		*eq = 0;
		env_set(&kp->env, name, eq + 1);
		free(name);
	}
	if (kp->shell)
		env_export(&kp->env);
}

/* unnamed choices are choice.1, choice.2, ... in parse order (kir(5)) */
static void name_choices(struct kparse *kp)
{
	int unnamed = 0;

	for (size_t i = 0; i < kp->syms.nchoices; i++)
		if (!kp->syms.choices[i]->name)
			kp->syms.choices[i]->name = xasprintf("choice.%d", ++unnamed);
}

static void write_output(struct kparse *kp, const struct options *o)
{
	FILE *out = stdout;

	if (o->output && !(out = fopen(o->output, "w")))
		util_die(EXIT_TROUBLE, "cannot open '%s': %m", o->output);
	if (o->symbols)
		symbols_tsv_write(kp, out);
	else
		ir_write(kp, out);
	if (out != stdout && fclose(out))
		util_die(EXIT_TROUBLE, "cannot write '%s': %m", o->output);
}

int main(int argc, char **argv)
{
	struct options o = { 0 };
	struct kparse kp = { 0 };

	util_progname = "kparse";
	parse_options(argc, argv, &o, &kp);
	set_tree(&kp, &o);
	set_environment(&kp, &o);
	sym_init(&kp.syms);
	menu_init(&kp);
	old_top(&kp);
	old_builtin_symbols(&kp);
	if (lex_init(&kp))
		util_die(EXIT_TROUBLE, "out of memory");
	if (!src_start(&kp, kp.top))
		util_die(EXIT_TROUBLE, "cannot open '%s/%s'", kp.srctree, kp.top);
	parse_run(&kp);
	lex_destroy(&kp);
	old_finish(&kp);
	if (!kp.nerrors) {
		finalize_menus(&kp);
		check_model(&kp);
		check_cycles(&kp);
	}
	if (kp.nerrors) {
		fprintf(stderr, "kparse: %d error%s\n", kp.nerrors, kp.nerrors > 1 ? "s" : "");
		return EXIT_REJECTED;
	}
	name_choices(&kp);
	write_output(&kp, &o);
	util_finish_stdout();
	return EXIT_OK;
}
