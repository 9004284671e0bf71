/* main: the kcnf command line: read a kir(5) file, encode it, write DIMACS (kcnf(1)). */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kcnf.h"
#include "util.h"

static const char usage_text[] =
	"usage: kcnf [-D NAME=y|m|n]... [-D @CONFIG] [--bool] [-v] [-o FILE] [IR-FILE]\n"
	"Encodes the valid configurations of a kir(5) model as DIMACS CNF.\n"
	"  -D NAME=VALUE   fix a bool/tristate symbol to y, m or n (repeatable)\n"
	"  -D @FILE        fix every symbol a .config file sets\n"
	"  --bool          count only configurations without any symbol at m\n"
	"  -v              statistics on standard error\n"
	"  -o FILE         write to FILE instead of standard output\n"
	"  --help, --version\n"
	"Reads standard input when IR-FILE is absent or '-'.\n";

static void usage(int status)
{
	fputs(usage_text, status ? stderr : stdout);
	if (!status)
		util_finish_stdout();
	exit(status);
}

enum { OPT_BOOL = 256, OPT_HELP, OPT_VERSION };

static const char *parse_options(int argc, char **argv, struct kcnf_options *opt, const char **output)
{
	static const struct option longs[] = {
		{ "bool", no_argument, NULL, OPT_BOOL },
		{ "help", no_argument, NULL, OPT_HELP },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 },
	};
	int ch;

	while ((ch = getopt_long(argc, argv, "D:vo:", longs, NULL)) != -1) {
		switch (ch) {
		case 'D': fix_parse(opt, optarg); break;
		case 'v': opt->verbose = true; break;
		case 'o': *output = optarg; break;
		case OPT_BOOL: opt->bool_view = true; break;
		case OPT_HELP: usage(EXIT_OK); break;
		case OPT_VERSION: util_print_version(); util_finish_stdout(); exit(EXIT_OK);
		default: usage(EXIT_TROUBLE);
		}
	}
	if (argc - optind > 1)
		usage(EXIT_TROUBLE);
	return optind < argc ? argv[optind] : "-";
}

static double seconds_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0->tv_sec) + (t.tv_nsec - t0->tv_nsec) / 1e9;
}

static void report(const struct encoder *enc, int shown, double secs)
{
	size_t nbool = 0, ntri = 0;

	for (size_t i = 0; i < enc->ir->nsyms; i++) {
		nbool += enc->ir->syms[i].e.type == IR_BOOL;
		ntri += enc->ir->syms[i].e.type == IR_TRISTATE;
	}
	fprintf(stderr, "kcnf: symbols %zu (bool %zu, tristate %zu), choices %zu\n",
		enc->ir->nsyms, nbool, ntri, enc->ir->nchoices);
	fprintf(stderr, "kcnf: variables %d (symbol %d, gates %zu, atoms %zu), clauses %zu\n",
		circuit_nvars(enc->c), shown, circuit_ngates(enc->c), enc->natoms,
		circuit_nclauses(enc->c));
	fprintf(stderr, "kcnf: time %.3f s\n", secs);
}

int main(int argc, char **argv)
{
	struct kcnf_options opt = { 0 };
	const char *output = NULL, *input;
	struct encoder enc;
	struct timespec t0;
	struct ir *ir;
	int shown;

	util_progname = "kcnf";
	clock_gettime(CLOCK_MONOTONIC, &t0);
	input = parse_options(argc, argv, &opt, &output);
	if (!(ir = ir_read_file(input)))
		return EXIT_REJECTED;
	fix_check(&opt, ir);
	if (output && !freopen(output, "w", stdout))
		util_die(EXIT_TROUBLE, "cannot open '%s': %s", output, strerror(errno));
	encoder_init(&enc, ir, &opt);
	shown = circuit_nvars(enc.c);
	encoder_run(&enc);
	output_write(&enc, stdout);
	util_finish_stdout();
	if (opt.verbose)
		report(&enc, shown, seconds_since(&t0));
	encoder_free(&enc);
	ir_free(ir);
	for (size_t i = 0; i < opt.nfixes; i++) {
		free(opt.fixes[i].name);
		free(opt.fixes[i].value);
		free(opt.fixes[i].origin);
	}
	free(opt.fixes);
	return EXIT_OK;
}
