/* main: kdiff's command line: compare two versions, or tabulate a history of several. */
#include "kdiff.h"
#include "util.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage_text[] =
	"usage: kdiff [OPTION]... OLD NEW\n"
	"       kdiff --history [OPTION]... VERSION...\n"
	"Compare two versions of a Kconfig model (kernel trees or kir(5) IR files): options added,\n"
	"removed, renamed and changed, and the number of valid configurations of each.\n"
	"With --history, tabulate several versions in release order (and draw them with --svg).\n"
	"\n"
	"  -a, --arch=ARCH        architecture for kernel trees (default x86_64)\n"
	"  -f, --format=FORMAT    text (default), tsv or json (history: text or tsv)\n"
	"      --no-count         do not count configurations\n"
	"      --count-old=FILE   count file of OLD (kcount's output)\n"
	"      --count-new=FILE   count file of NEW\n"
	"      --timeout=SECONDS  give up a pipeline stage (kparse, kcnf, kcount) after SECONDS\n"
	"                         (default 600; 0: no limit)\n"
	"      --memory=MB        memory cap passed to kcount (--mem=MB)\n"
	"      --bound=SECONDS    past the timeout, spend SECONDS on a certified lower bound\n"
	"                         (kcount --lower-bound; default 120; 0: none)\n"
	"      --max-width=W      no exact count when the treewidth is surely above W, only\n"
	"                         the bound (kcount --max-width; default 100; 0: no limit)\n"
	"      --keep=DIR         keep the IR, CNF and count files made for each input in DIR\n"
	"      --no-renames       report renamed options as removed and added\n"
	"      --summary          text: only the numbers, not the lists of options\n"
	"      --history          history mode: a table of every VERSION\n"
	"      --svg=FILE         history mode: also write the chart to FILE\n"
	"  -h, --help             show this help and exit\n"
	"      --version          show the version and exit\n"
	"\n"
	"Exit status: 0 no difference, 1 differences, 2 trouble (as diff(1)); history: 0 or 2.\n";

enum { OPT_NO_COUNT = 256, OPT_COUNT_OLD, OPT_COUNT_NEW, OPT_TIMEOUT, OPT_BOUND, OPT_MAX_WIDTH, OPT_MEMORY, OPT_KEEP,
	OPT_NO_RENAMES, OPT_SUMMARY, OPT_HISTORY, OPT_SVG, OPT_VERSION };

static const struct option long_options[] = {
	{ "arch", required_argument, NULL, 'a' },
	{ "format", required_argument, NULL, 'f' },
	{ "no-count", no_argument, NULL, OPT_NO_COUNT },
	{ "count-old", required_argument, NULL, OPT_COUNT_OLD },
	{ "count-new", required_argument, NULL, OPT_COUNT_NEW },
	{ "timeout", required_argument, NULL, OPT_TIMEOUT },
	{ "memory", required_argument, NULL, OPT_MEMORY },
	{ "bound", required_argument, NULL, OPT_BOUND },
	{ "max-width", required_argument, NULL, OPT_MAX_WIDTH },
	{ "keep", required_argument, NULL, OPT_KEEP },
	{ "no-renames", no_argument, NULL, OPT_NO_RENAMES },
	{ "summary", no_argument, NULL, OPT_SUMMARY },
	{ "history", no_argument, NULL, OPT_HISTORY },
	{ "svg", required_argument, NULL, OPT_SVG },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 },
};

static void usage(int status)
{
	fputs(usage_text, status ? stderr : stdout);
	exit(status);
}

static enum kd_format parse_format(const char *s)
{
	if (!strcmp(s, "text"))
		return KD_TEXT;
	if (!strcmp(s, "tsv"))
		return KD_TSV;
	if (!strcmp(s, "json"))
		return KD_JSON;
	util_die(EXIT_TROUBLE, "unknown format '%s' (text, tsv or json)", s);
}

/* A whole number from least to INT_MAX (what kcount takes), else exit 2 saying what it is:
 * kcount would refuse it with the status that also means a timeout. */
static long parse_whole(const char *option, const char *s, long least, const char *what)
{
	char *end;
	long n = strtol(s, &end, 10);

	if (*s == '\0' || *end != '\0' || n < least || n > INT_MAX)
		util_die(EXIT_TROUBLE, "bad --%s '%s' (%s)", option, s, what);
	return n;
}

static void take_option(struct kd_options *opt, int c)
{
	switch (c) {
	case 'a': opt->arch = optarg; break;
	case 'f': opt->format = parse_format(optarg); break;
	case OPT_NO_COUNT: opt->count = false; break;
	case OPT_COUNT_OLD: opt->count_file[0] = optarg; break;
	case OPT_COUNT_NEW: opt->count_file[1] = optarg; break;
	case OPT_TIMEOUT: opt->timeout = parse_whole("timeout", optarg, 0, "whole seconds"); break;
	case OPT_BOUND: opt->bound = parse_whole("bound", optarg, 0, "whole seconds"); break;
	case OPT_MAX_WIDTH: opt->max_width = parse_whole("max-width", optarg, 0, "a whole number"); break;
	case OPT_MEMORY: parse_whole("memory", optarg, 1, "MiB, a positive whole number"); opt->memory = optarg; break;
	case OPT_KEEP: opt->keep = optarg; break;
	case OPT_NO_RENAMES: opt->renames = false; break;
	case OPT_SUMMARY: opt->summary = true; break;
	case OPT_HISTORY: opt->history = true; break;
	case OPT_SVG: opt->svg = optarg; break;
	case 'h': usage(EXIT_OK); break;
	case OPT_VERSION: util_print_version(); util_finish_stdout(); exit(EXIT_OK);
	default: usage(EXIT_TROUBLE);
	}
}

static void parse_options(int argc, char **argv, struct kd_options *opt)
{
	int c;

	*opt = (struct kd_options){ .arch = "x86_64", .format = KD_TEXT, .count = true,
		.renames = true, .timeout = KD_TIMEOUT, .bound = KD_BOUND,
		.max_width = KD_MAX_WIDTH, .self = argv[0] };
	while ((c = getopt_long(argc, argv, "a:f:h", long_options, NULL)) != -1)
		take_option(opt, c);
	if (opt->history ? argc - optind < 1 : argc - optind != 2)
		usage(EXIT_TROUBLE);
	if (opt->history && opt->format == KD_JSON)
		util_die(EXIT_TROUBLE, "--history writes text or tsv, not json");
	if (!opt->history && opt->svg)
		util_die(EXIT_TROUBLE, "--svg needs --history");
}

static int diff_main(const struct kd_options *opt, char **paths, const char *workdir)
{
	struct kd_version v[2] = { { .path = paths[0], .role = "old" }, { .path = paths[1], .role = "new" } };
	struct kd_diff d;
	int status;

	if (!kd_version_load(opt, &v[0], opt->count_file[0], workdir) ||
		!kd_version_load(opt, &v[1], opt->count_file[1], workdir))
		return EXIT_TROUBLE;
	if (v[0].model.arch && v[1].model.arch && strcmp(v[0].model.arch, v[1].model.arch))
		util_warn("comparing arch '%s' with arch '%s'", v[0].model.arch, v[1].model.arch);
	kd_compare(&v[0].model, &v[1].model, opt->renames, &d);
	if (opt->format == KD_TSV)
		kd_report_tsv(stdout, &v[0], &v[1], &d);
	else if (opt->format == KD_JSON)
		kd_report_json(stdout, &v[0], &v[1], &d);
	else
		kd_report_text(stdout, &v[0], &v[1], &d, !opt->summary);
	status = kd_diff_empty(&d, &v[0], &v[1]) ? EXIT_OK : EXIT_REJECTED;
	kd_diff_free(&d);
	kd_version_free(&v[0]);
	kd_version_free(&v[1]);
	return status;
}

static int history_main(const struct kd_options *opt, char **paths, size_t n, const char *workdir)
{
	struct kd_version *v = xcalloc(n, sizeof *v);
	char **roles = xcalloc(n, sizeof *roles);
	int status = EXIT_OK;
	size_t i;

	for (i = 0; i < n && status == EXIT_OK; i++) {
		roles[i] = xasprintf("v%zu", i + 1);
		v[i].path = paths[i];
		v[i].role = roles[i];
		if (!kd_version_load(opt, &v[i], NULL, workdir))
			status = EXIT_TROUBLE;
	}
	if (status == EXIT_OK) {
		kd_history_table(stdout, opt->format, v, n);
		if (opt->svg && !kd_history_svg(opt->svg, v, n))
			status = EXIT_TROUBLE;
	}
	for (i = 0; i < n; i++) {
		kd_version_free(&v[i]);
		free(roles[i]);
	}
	free(v);
	free(roles);
	return status;
}

int main(int argc, char **argv)
{
	struct kd_options opt;
	char *workdir;
	int status;

	util_progname = "kdiff";
	parse_options(argc, argv, &opt);
	kd_catch_signals();
	workdir = kd_workdir_make(&opt);
	if (opt.history)
		status = history_main(&opt, argv + optind, argc - optind, workdir);
	else
		status = diff_main(&opt, argv + optind, workdir);
	free(workdir);
	kd_stop_if_signalled();
	kd_workdir_remove();
	util_finish_stdout();
	return status;
}
